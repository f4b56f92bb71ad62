"""Simple players (bots) for examples, tests and benchmarks.

The bot ladder, weakest first: :class:`RandomPlayer`, :class:`RuleOfThumbPlayer`,
:class:`ContextRuleOfThumbPlayer`, then the search bots
:class:`~trumpfamily.search.bots.SampleSolvePlayer` and
:class:`~trumpfamily.search.bots.ISMCTSPlayer` (in :mod:`trumpfamily.search.bots`, which
builds on this module; both are also ``tf.SampleSolvePlayer`` and ``tf.ISMCTSPlayer``).

A player is any object with a ``choose(view) -> Action`` method (:class:`Player`). It
receives only :meth:`HandState.view(seat) <trumpfamily.engine.HandState.view>` (in the
bidding games a :class:`~trumpfamily.outcomes.BiddingView`): its own hand and the public
facts, never another seat's cards. Write your own bot the same way:

>>> import trumpfamily as tf
>>> class FirstCard:
...     def choose(self, view: tf.SeatView) -> tf.Action:
...         return view.legal_actions[0]
>>> game = tf.Game(tf.SPOIL_FIVE, players=3, seed=2)
>>> game.play([FirstCard(), tf.RandomPlayer(seed=1), tf.RuleOfThumbPlayer()], hands=3)
>>> len(game.outcomes), sum(game.chips) + game.pool
(3, 0)
"""

from __future__ import annotations

import math
import warnings
from typing import Any, ClassVar, Final, Literal, Protocol

from ._thumb import (
    _all_masters,
    _bidding_choice,
    _bidding_reason,
    _context_card,
    _context_card_reason,
    _thumb_choice,
    _thumb_reason,
)
from ._thumb import _card as _thumb_card
from .actions import Action, Claim, Jink, Play
from .dealing import seeded_random
from .engine import SeatView
from .errors import InvalidArgumentError, TrumpFamilyError, safe_repr
from .outcomes import AnyView, BiddingView
from .play import play_context

__all__ = [
    "BID_MARGINS",
    "BiddingFallbackWarning",
    "ContextRuleOfThumbPlayer",
    "OraclePlayer",
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "calibrated_margin",
    "is_oracle",
]

#: The calibrated bidding margins of :class:`RuleOfThumbPlayer` (``bid_margin="calibrated"``),
#: points, by bidding preset name and table: the margin at which the rule of thumb bidding
#: with it does best against the plain rule of thumb (margin 0) at every other decision
#: alike, measured by duplicate tournaments of 3,000 deals a margin on seed 11 (a seed the
#: ladder does not use; ``docs/howto/search-bots.rst``). Positive: bid more cautiously.
BID_MARGINS: Final[dict[tuple[str, int], float]] = {
    ("Auction Forty-Fives", 4): 3.0,
    ("Nova Scotia 45s", 4): 0.0,
    ("Newfoundland 120s", 4): 0.0,
    ("One Hundred and Ten", 3): -5.0,
    ("One Hundred and Ten", 4): -4.0,
}


def _checked_margin(owner: str, bid_margin: Any) -> float | Literal["calibrated"]:
    """``bid_margin`` checked (an int or float from -60 to 60, or ``"calibrated"``), as a
    float; the type is read before any comparison (an object cannot answer for it)."""
    if isinstance(bid_margin, str):
        if str(bid_margin) == "calibrated":
            return "calibrated"
    elif isinstance(bid_margin, (int, float)) and not isinstance(bid_margin, bool):
        try:
            margin = float(bid_margin)
        except OverflowError:
            margin = math.inf
        if -60 <= margin <= 60:  # NaN fails too
            return margin
    raise InvalidArgumentError(
        f"{owner}: bid_margin={safe_repr(bid_margin)} is not a number from -60 to 60 "
        "(points) or 'calibrated'")


def calibrated_margin(variant: Any, players: int) -> float:
    """The bidding margin of :data:`BID_MARGINS` for ``variant`` at ``players`` (points): 0
    for a table or variant it does not list, or a preset with an option changed (the
    margin was measured on the preset as it is).

    Args:
        variant: a :class:`~trumpfamily.variants.Variant` (anything else: 0).
        players: the table's number of players (an int).

    Raises:
        InvalidArgumentError: ``players`` is not an int.

    >>> import trumpfamily as tf
    >>> from trumpfamily.players import calibrated_margin
    >>> calibrated_margin(tf.AUCTION_45, 4), calibrated_margin(tf.SPOIL_FIVE, 4)
    (3.0, 0.0)
    """
    from .variants import find_variant

    if type(players) is not int:
        raise InvalidArgumentError(
            f"calibrated_margin: players={safe_repr(players)} is not an int")
    name = getattr(variant, "name", None)
    if not isinstance(name, str):
        return 0.0
    margin = BID_MARGINS.get((name, players))
    if margin is None:
        return 0.0
    try:
        preset = find_variant(name)
    except TrumpFamilyError:  # pragma: no cover - every name listed is a preset's
        return 0.0
    return margin if preset == variant else 0.0


class BiddingFallbackWarning(UserWarning):
    """A bot handed the decisions of a bidding game to a simpler player: its own method
    does not reach the bidding games yet (a later release gives them their own).

    :class:`ContextRuleOfThumbPlayer` plays :class:`RuleOfThumbPlayer`'s choices there (its
    context rules are for the games that turn up trumps): its class attribute
    ``falls_back_in_bidding`` is ``True``. (The search bots,
    :class:`~trumpfamily.search.bots.SampleSolvePlayer` and
    :class:`~trumpfamily.search.bots.ISMCTSPlayer`, search every phase of the bidding
    games and warn only for a fallback they count, which they do not make there.) Each bot issues
    it once, at its first bidding decision that has more than one legal action; a bot made
    with ``warn_fallback=False`` never does (or filter it: ``warnings.filterwarnings(
    "ignore", category=BiddingFallbackWarning)``).

    >>> import warnings, trumpfamily as tf
    >>> from trumpfamily.players import BiddingFallbackWarning
    >>> view = tf.new_hand(tf.AUCTION_45, players=4, dealer=3, seed=1).view(0)
    >>> bot = tf.ContextRuleOfThumbPlayer()
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = bot.choose(view), bot.choose(view)
    >>> [type(w.message).__name__ for w in caught]
    ['BiddingFallbackWarning']
    """


def _warn_fallback(bot: Any, view: BiddingView, by: str, *, stacklevel: int = 3) -> None:
    """Issue :class:`BiddingFallbackWarning` for ``bot`` (its first bidding decision only,
    unless it was made with ``warn_fallback=False``); ``by`` names who decides instead,
    ``stacklevel`` the frame of the caller of ``choose``."""
    if not bot.warn_fallback or getattr(bot, "_fallback_warned", False):
        return
    bot._fallback_warned = True
    warnings.warn(BiddingFallbackWarning(
        f"{type(bot).__name__} has no method of its own for the bidding games yet: in "
        f"{view.variant.name} every decision is {by} (warned once per bot; "
        f"warn_fallback=False silences it)"), stacklevel=stacklevel)


class Player(Protocol):
    """Anything that picks an action from a seat's view."""

    def choose(self, view: Any) -> Action:
        """Return one of ``view.legal_actions`` (called only on the seat's turn).

        ``view`` is a :class:`~trumpfamily.outcomes.SeatView` in the turn-up games and a
        :class:`~trumpfamily.outcomes.BiddingView` in the bidding games (typed ``Any`` here
        so that a bot written for either, ``choose(self, view: tf.SeatView)``, is a
        :class:`Player`)."""
        ...  # pragma: no cover


class OraclePlayer(Protocol):
    """A **cheating** player: an upper reference that sees the whole hand, every seat's
    cards, the stock and the kitty, not a seat's view (issue 20, part 6: the "cheating
    best-response oracle" a fair bot is measured against).

    A bot is an oracle when it has a ``choose_state(state, seat) -> Action`` method
    (:func:`is_oracle`). :meth:`Game.play_hand <trumpfamily.game.Game.play_hand>`,
    :meth:`Game.play <trumpfamily.game.Game.play>` and :func:`~trumpfamily.tournament`
    (both units) then call ``choose_state`` with the current hand's full state instead of
    ``choose(view)``; the tournament labels such a bot an oracle in its results
    (:attr:`BotStats.oracle <trumpfamily.tournament.BotStats.oracle>`, ``(oracle)`` in
    the table) so that its figures are never read as a fair bot's. A bot without
    ``choose_state`` is never shown anything but its seat's view.

    >>> import trumpfamily as tf
    >>> class FirstLegal:  # an "oracle" that ignores what it sees
    ...     def choose_state(self, state, seat):
    ...         return state.legal_actions()[0]
    >>> tf.players.is_oracle(FirstLegal()), tf.players.is_oracle(tf.RandomPlayer(seed=1))
    (True, False)
    >>> game = tf.Game(tf.FORTY_FIVE, players=2, seed=1)
    >>> _ = game.play([FirstLegal(), tf.RuleOfThumbPlayer()])
    >>> game.is_over
    True
    """

    def choose_state(self, state: Any, seat: int) -> Action:
        """Return one of ``state.legal_actions()`` for ``seat`` (called only on its turn).

        Args:
            state: the current hand: a :class:`~trumpfamily.engine.HandState` in the
                turn-up games, a :class:`~trumpfamily.bidding.engine.BiddingHand` in the
                bidding games (whose ``scores`` are the sides' scores before the hand);
                every card of every seat, the stock and the kitty are in it.
            seat: the seat to act (``state.to_act``).
        """
        ...  # pragma: no cover


def is_oracle(player: object) -> bool:
    """Whether ``player`` is an :class:`OraclePlayer` (a cheating bot with a callable
    ``choose_state``): the engine then shows it the whole hand instead of its view."""
    return callable(getattr(player, "choose_state", None))


def _legal(player: object, view: object) -> tuple[Action, ...]:
    """The legal actions of ``view``, refusing anything but a :class:`SeatView` or
    :class:`BiddingView` that has some (it is the seat's turn)."""
    if not isinstance(view, SeatView | BiddingView):
        raise InvalidArgumentError(
            f"{type(player).__name__}.choose: expected a SeatView (HandState.view(seat)), got "
            f"{type(view).__name__} {view!r:.60}"
        )
    legal = view.legal_actions
    if not legal:
        raise InvalidArgumentError(
            f"seat {view.seat} has no legal action: it is not its turn (to_act={view.to_act})"
        )
    return legal


class RandomPlayer:
    """Chooses uniformly among the legal actions (seeded, so games are reproducible).

    Args:
        seed: seeds the player's own random generator (an int, str or bytes); ``None`` for
            an unpredictable one.

    Raises:
        InvalidArgumentError: ``seed`` is not a seed (an int, str, bytes or ``None``).

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=2, seed=0)
    >>> tf.RandomPlayer(seed=1).choose(state.view(state.to_act)) in state.legal_actions()
    True
    """

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        self._getrandbits = seeded_random(seed, "RandomPlayer: ").getrandbits

    def choose(self, view: AnyView) -> Action:
        """A uniformly random legal action.

        The same choice as ``random.Random(seed).choice(view.legal_actions)`` would make,
        draw for draw (its rejection sampling, inlined for speed). In the bidding games
        every legal ``Bid``, ``Pass``, ``NameTrump`` and ``Discard`` is one choice among
        the others.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`SeatView` or
                :class:`~trumpfamily.outcomes.BiddingView`, or has no legal action (not
                this seat's turn).
        """
        legal = _legal(self, view)
        n = len(legal)
        k = n.bit_length()
        getrandbits = self._getrandbits
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return legal[r]


class RuleOfThumbPlayer:
    """A simple deterministic player: claims when it can, robs when it can (discarding its
    weakest card), and plays its lowest winning card.

    In detail: ``Claim()`` whenever offered (never jinks); ``Rob`` whenever offered; asks to
    five (two players) when it holds no trump, and as dealer agrees only when it holds no
    trump either. Leading, it plays its strongest card. Following, it plays the lowest card
    that would take the trick, or its lowest card if none can or its partner is already
    winning. "Strength" is the card's place in the deal's rank table (RULES.md §1.2, §1.3),
    read from the variant in the view.

    In the bidding games (BIDDING.md) it values its hand in each suit as trumps: each of
    its trumps counts for the chance that a trump of its rank takes a trick (the top
    trumps, ``5``, ``J``, ``AH``, ``A``, nearly always do; low trumps seldom), a plain King
    a little, the best-trump bonus when it holds one of the top two trumps, a partner's
    share of the tricks, and a little for naming trumps and the draw to come. It bids the highest bid its
    best suit is worth (an all-five bid only with a near-certain sweep), holds as dealer
    when the standing bid is within its value (never over its partner), otherwise passes;
    names its best suit; and discards so as to keep the most valuable five, drawing for
    the weakest cards.

    Args:
        bid_margin: the bidding games only: it bids an amount when its best suit is worth
            at least the amount plus ``bid_margin`` (points; a number from -60 to 60,
            default 0), so a positive margin bids more cautiously and a negative one more
            boldly; or ``"calibrated"``: the margin of :data:`BID_MARGINS` for the view's
            preset and table (0 for a variant that is not a preset, options changed
            included). The all-five bid (30 in the 45s games) is bid on a near-sure sweep
            only, whatever the margin, and the other decisions do not read it.

    Raises:
        InvalidArgumentError: a bad ``bid_margin``.
    """

    #: It has bidding rules of its own (above): no decision is handed to another player.
    falls_back_in_bidding: ClassVar[bool] = False

    def __init__(self, *, bid_margin: float | Literal["calibrated"] = 0.0) -> None:
        self._bid_margin = _checked_margin(type(self).__name__, bid_margin)

    @property
    def bid_margin(self) -> float | Literal["calibrated"]:
        """The bidding margin (points, a float), or ``"calibrated"`` (see the class); set
        when the player is made."""
        return self._bid_margin

    def __repr__(self) -> str:
        if self.bid_margin == 0:
            return f"{type(self).__name__}()"
        return f"{type(self).__name__}(bid_margin={self.bid_margin!r})"

    def _margin(self, view: BiddingView) -> float:
        """The bidding margin in force for ``view`` (points)."""
        margin = self.bid_margin
        if margin == "calibrated":
            return calibrated_margin(view.variant, view.players)
        return margin

    def choose(self, view: AnyView) -> Action:
        """The rule-of-thumb action for ``view``.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`SeatView` or
                :class:`~trumpfamily.outcomes.BiddingView`, or has no legal action (not
                this seat's turn).
        """
        legal = _legal(self, view)
        if isinstance(view, BiddingView):
            return _bidding_choice(view, legal, self._margin(view))
        return _thumb_choice(view, legal)

    #: The rule of thumb's card to the trick (``trumpfamily._thumb._card``).
    _card = staticmethod(_thumb_card)

    def choose_with_reason(self, view: AnyView) -> tuple[Action, str]:
        """:meth:`choose`'s action and, in a few words, the rule that chose it ("rob the
        turn-up, discarding 3C, the weakest card"; "bid 25: the best suit, H, is worth
        about 27 points").

        Returns:
            ``(action, reason)``: the same action as :meth:`choose` (always), and a short
            reason (a non-empty str).

        Raises:
            InvalidArgumentError: as :meth:`choose`.

        >>> import trumpfamily as tf
        >>> state = tf.new_hand(tf.FORTY_FIVE, players=2, seed=5)
        >>> view = state.view(state.to_act)
        >>> action, reason = tf.RuleOfThumbPlayer().choose_with_reason(view)
        >>> action == tf.RuleOfThumbPlayer().choose(view), reason
        (True, 'lead the strongest card, QS')
        """
        legal = _legal(self, view)
        if isinstance(view, BiddingView):
            return _bidding_reason(view, legal, self._margin(view))
        return _thumb_reason(view, legal)


class ContextRuleOfThumbPlayer(RuleOfThumbPlayer):
    """The rule of thumb with an eye on the table: :class:`RuleOfThumbPlayer`'s choices,
    changed where the hand so far and the game around it (``view.game``) say otherwise.

    Deterministic, and it reads only its view. The differences (RULES.md §1.3, §1.6,
    §1.7, §2.3, §2.4):

    * **Sure jink.** Offered the claim, it jinks only when every card it holds is a
      *master*: a trump above every trump it has not seen (so the jink cannot fail);
      otherwise it claims.
    * **Spoiling a threat.** Following, when a seat of another side is winning the trick
      and that side would reach the pool with it (``tricks_needed``), or, in a points
      game, would come within one trick of the target (``view.game``: scores and
      target), it plays its *strongest* card that takes the trick, not its lowest, unless
      it plays last (then the lowest that wins is enough).
    * **No lost cause.** When its side can no longer reach the pool and nobody threatens
      to, it keeps its high cards for a later threat: it follows with its lowest card.
    * **Masters first, trumps kept.** Leading, it plays its lowest master trump if it
      holds one; otherwise, while its side can still win the pool (always in points
      games), a plain King, else its lowest plain card (it keeps its trumps for the
      tricks it must take), or its strongest card holding only trumps; with the pool out
      of reach, its lowest card.
    * **A trick that holds.** Following an opponent's winning card, not last, it wins
      with its lowest master trump if one wins the trick (a lower trump could be
      overtaken), else with its lowest card that wins.
    * Partners: it never overtakes a partner who is winning the trick.

    Robbing, fiving and the bidding games are :class:`RuleOfThumbPlayer`'s choices: in a
    bidding game this player *is* the rule of thumb, and it says so once, with a
    :class:`BiddingFallbackWarning`, at its first bidding decision (class attribute
    :attr:`falls_back_in_bidding`; ``warn_fallback=False`` silences it).

    Args:
        warn_fallback: issue :class:`BiddingFallbackWarning` at the first decision of a
            bidding game (default ``True``); ``False``: never.
        bid_margin: the bidding margin of its :class:`RuleOfThumbPlayer` calls (points or
            ``"calibrated"``; default 0).

    Raises:
        InvalidArgumentError: a bad ``warn_fallback`` or ``bid_margin``.

    Not mirrored by the fast paths (:class:`~trumpfamily.simulate.RuleOfThumbBot` and the
    batch policy play the plain :class:`RuleOfThumbPlayer`): :func:`~trumpfamily.simulate`
    plays this one through the engine.

    >>> import trumpfamily as tf
    >>> game = tf.Game(tf.SPOIL_FIVE, players=4, seed=3)
    >>> game.play([tf.ContextRuleOfThumbPlayer(), *[tf.RandomPlayer(seed=s) for s in range(3)]],
    ...           hands=4)
    >>> len(game.outcomes)
    4
    """

    #: In the bidding games this player has no context rules: every decision there is
    #: :class:`RuleOfThumbPlayer`'s (:class:`BiddingFallbackWarning`).
    falls_back_in_bidding: ClassVar[bool] = True

    def __init__(self, *, warn_fallback: bool = True,
                 bid_margin: float | Literal["calibrated"] = 0.0) -> None:
        super().__init__(bid_margin=bid_margin)
        if type(warn_fallback) is not bool:
            raise InvalidArgumentError(
                f"ContextRuleOfThumbPlayer: warn_fallback={warn_fallback!r} is not a bool")
        #: Whether the first bidding decision issues :class:`BiddingFallbackWarning`.
        self.warn_fallback = warn_fallback

    def choose(self, view: AnyView) -> Action:
        """The action for ``view`` (see the class).

        Warns:
            BiddingFallbackWarning: at the first decision of a bidding game with more
                than one legal action (unless ``warn_fallback=False``): the choice is
                :class:`RuleOfThumbPlayer`'s.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`SeatView` or
                :class:`~trumpfamily.outcomes.BiddingView`, or has no legal action (not
                this seat's turn).
        """
        legal = _legal(self, view)
        if isinstance(view, BiddingView):
            if len(legal) > 1:
                _warn_fallback(self, view, "RuleOfThumbPlayer's choice")
            return super().choose(view)
        if view.trump is None:
            return super().choose(view)
        if Claim() in legal:
            ctx = play_context(view.variant, view.trump, view.demoted)
            return Jink() if _all_masters(view, ctx) else Claim()
        if not isinstance(legal[0], Play) or len(legal) == 1:
            return super().choose(view)
        plays = [a.card for a in legal if isinstance(a, Play)]
        if len(plays) != len(legal):
            return super().choose(view)
        ctx = play_context(view.variant, view.trump, view.demoted)
        return Play(_context_card(view, plays, ctx))

    def choose_with_reason(self, view: AnyView) -> tuple[Action, str]:
        """:meth:`choose`'s action and the rule that chose it ("spoil a threat: the
        strongest card that takes the trick, 5H"); in a bidding game, the rule of
        thumb's (no warning here: the reason says so).

        Returns:
            ``(action, reason)``: the same action as :meth:`choose`, and a short reason
            (a non-empty str).

        Raises:
            InvalidArgumentError: as :meth:`choose`.
        """
        legal = _legal(self, view)
        if isinstance(view, BiddingView):
            action, reason = _bidding_reason(view, legal, self._margin(view))
            return action, f"{reason} (the rule of thumb: no context rules in bidding games)"
        if view.trump is None:
            return _thumb_reason(view, legal)
        if Claim() in legal:
            ctx = play_context(view.variant, view.trump, view.demoted)
            if _all_masters(view, ctx):
                return Jink(), "jink: every card held is a master trump, the jink cannot fail"
            return Claim(), "claim the pool: a jink could fail (not every card is a master)"
        if not isinstance(legal[0], Play) or len(legal) == 1:
            return _thumb_reason(view, legal)
        plays = [a.card for a in legal if isinstance(a, Play)]
        if len(plays) != len(legal):
            return _thumb_reason(view, legal)
        ctx = play_context(view.variant, view.trump, view.demoted)
        card, reason = _context_card_reason(view, plays, ctx)
        return Play(card), reason
