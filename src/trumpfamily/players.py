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

import warnings
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Protocol

from .actions import (
    AcceptFive,
    Action,
    AskFive,
    Bid,
    Claim,
    Discard,
    Jink,
    NameTrump,
    Pass,
    Play,
    RefuseFive,
    Rob,
    Take,
)
from .bidding import is_all_five_bid
from .cards import Card, Rank, Suit
from .dealing import seeded_random
from .engine import SeatView
from .errors import InvalidArgumentError
from .outcomes import HAND_SIZE, AnyView, BiddingView
from .play import play_context
from .reneging import PlayContext
from .variants import Variant

__all__ = [
    "BiddingFallbackWarning",
    "ContextRuleOfThumbPlayer",
    "OraclePlayer",
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "is_oracle",
]


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
    """

    #: It has bidding rules of its own (above): no decision is handed to another player.
    falls_back_in_bidding: ClassVar[bool] = False

    def choose(self, view: AnyView) -> Action:
        """The rule-of-thumb action for ``view``.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`SeatView` or
                :class:`~trumpfamily.outcomes.BiddingView`, or has no legal action (not
                this seat's turn).
        """
        legal = _legal(self, view)
        if isinstance(view, BiddingView):
            return _bidding_choice(view, legal)
        if view.trump is None:  # the dealer takes a turned-up joker: any discard will do
            return legal[0]
        ctx = play_context(view.variant, view.trump, view.demoted)
        has_trump = any(ctx.suit_of[c] is ctx.trump for c in view.hand)
        plays: list[Card] = []
        robs: list[Card] = []
        for action in legal:
            if isinstance(action, Claim):
                return action
            if isinstance(action, Rob):
                robs.append(action.discard)
            elif isinstance(action, Play):
                plays.append(action.card)
        if robs:
            return Rob(min(robs, key=lambda c: _strength(c, ctx)))
        if AskFive() in legal and not has_trump:
            return AskFive()
        if AcceptFive() in legal:
            return AcceptFive() if not has_trump else RefuseFive()
        if not plays:
            return legal[0]
        return Play(self._card(view, plays, ctx))

    @staticmethod
    def _card(view: AnyView, plays: list[Card], ctx: PlayContext) -> Card:
        lowest = min(plays, key=lambda c: _strength(c, ctx))
        trick = view.current_trick
        if not trick:
            return max(plays, key=lambda c: _strength(c, ctx))
        power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
        led = suit_of[trick[0]]
        at = ctx.winner(trick)
        best = trick[at]
        winning_seat = (view.leader + at) % view.players
        partners = next(side for side in view.sides if view.seat in side)
        if winning_seat in partners:
            return lowest
        beaters = [c for c in plays if power[c] > power[best] and suit_of[c] in (led, trump)]
        return min(beaters, key=lambda c: _strength(c, ctx)) if beaters else lowest

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
            return _bidding_reason(view, legal)
        return _thumb_reason(view, legal)


def _thumb_reason(view: SeatView, legal: tuple[Action, ...]) -> tuple[Action, str]:
    """:class:`RuleOfThumbPlayer`'s action in a turn-up game and its rule (the same
    branches as :meth:`RuleOfThumbPlayer.choose`)."""
    if view.trump is None:
        return legal[0], "a turned-up joker: any discard will do (the first)"
    ctx = play_context(view.variant, view.trump, view.demoted)
    has_trump = any(ctx.suit_of[c] is ctx.trump for c in view.hand)
    plays: list[Card] = []
    robs: list[Card] = []
    for action in legal:
        if isinstance(action, Claim):
            return action, "claim the pool (the rule of thumb never jinks)"
        if isinstance(action, Rob):
            robs.append(action.discard)
        elif isinstance(action, Play):
            plays.append(action.card)
    if robs:
        card = min(robs, key=lambda c: _strength(c, ctx))
        return Rob(card), f"rob the turn-up, discarding {card}, the weakest card"
    if AskFive() in legal and not has_trump:
        return AskFive(), "ask to five: no trump in hand"
    if AcceptFive() in legal:
        if not has_trump:
            return AcceptFive(), "agree to five: no trump in hand"
        return RefuseFive(), "refuse to five: holding a trump"
    if not plays:
        if len(legal) == 1:
            return legal[0], "the only legal action"
        return legal[0], f"no card to play yet: the first offer, {legal[0]}"
    return _card_reason(view, plays, ctx)


def _card_reason(view: AnyView, plays: list[Card], ctx: PlayContext) -> tuple[Action, str]:
    """:meth:`RuleOfThumbPlayer._card` and its rule."""
    lowest = min(plays, key=lambda c: _strength(c, ctx))
    trick = view.current_trick
    if not trick:
        card = max(plays, key=lambda c: _strength(c, ctx))
        return Play(card), f"lead the strongest card, {card}"
    power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
    led = suit_of[trick[0]]
    at = ctx.winner(trick)
    best = trick[at]
    winning_seat = (view.leader + at) % view.players
    partners = next(side for side in view.sides if view.seat in side)
    if winning_seat in partners:
        return Play(lowest), f"a partner is winning the trick: play the lowest card, {lowest}"
    beaters = [c for c in plays if power[c] > power[best] and suit_of[c] in (led, trump)]
    if beaters:
        card = min(beaters, key=lambda c: _strength(c, ctx))
        return Play(card), f"take the trick with the lowest card that wins, {card}"
    return Play(lowest), f"no card takes the trick: play the lowest, {lowest}"


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

    def __init__(self, *, warn_fallback: bool = True) -> None:
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
            action, reason = _bidding_reason(view, legal)
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


def _unseen_trumps(view: SeatView, ctx: PlayContext) -> list[int]:
    """The powers of the trumps ``view``'s seat has not seen (in other hands or the
    stock; a robbed turn-up counts as unseen, it is in the robber's hand)."""
    seen = set(view.hand) | set(view.current_trick) | set(view.fived)
    seen.update(c for t in view.tricks for c in t.cards)
    if view.turn_up is not None:
        seen.add(view.turn_up)
    if view.my_discard is not None:
        seen.add(view.my_discard)
    if view.my_joker_discard is not None:
        seen.add(view.my_joker_discard)
    trump = ctx.trump
    return [ctx.power[c] for c in ctx.deck if ctx.suit_of[c] is trump and c not in seen]


def _masters(view: SeatView, cards: Sequence[Card], ctx: PlayContext) -> list[Card]:
    """The trumps of ``cards`` above every trump the seat has not seen."""
    top = max(_unseen_trumps(view, ctx), default=-1)
    return [c for c in cards if ctx.suit_of[c] is ctx.trump and ctx.power[c] > top]


def _all_masters(view: SeatView, ctx: PlayContext) -> bool:
    return bool(view.hand) and len(_masters(view, view.hand, ctx)) == len(view.hand)


def _side_of(view: SeatView, seat: int) -> int:
    return next(i for i, side in enumerate(view.sides) if seat in side)


def _side_tricks(view: SeatView) -> list[int]:
    return [sum(view.trick_counts[x] for x in side) for side in view.sides]


def _threat(view: SeatView, side: int) -> bool:
    """Whether ``side`` would win the pool with one more trick, or, in a points game,
    come within one trick of the target (``view.game``)."""
    tricks = _side_tricks(view)[side]
    needed = view.tricks_needed
    if needed is not None:
        barred = {b.seat for b in view.barred}
        if all(x in barred for x in view.sides[side]):
            return False
        return tricks + 1 >= needed
    game = view.game
    scoring = view.variant.scoring
    if game is None or game.scores is None or game.target is None:
        return False
    ppt = scoring.points_per_trick or 0
    return game.scores[side] + ppt * (tricks + 2) >= game.target


def _pool_open(view: SeatView, side: int) -> bool:
    """Whether ``side`` can still reach the pool (always ``True`` in points games)."""
    needed = view.tricks_needed
    if needed is None:
        return True
    left = HAND_SIZE - len(view.tricks)
    return _side_tricks(view)[side] + left >= needed


def _context_card(view: SeatView, plays: list[Card], ctx: PlayContext) -> Card:
    """:class:`ContextRuleOfThumbPlayer`'s card."""
    power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
    lowest = min(plays, key=power.__getitem__)
    mine = _side_of(view, view.seat)
    trick = view.current_trick
    if not trick:
        masters = _masters(view, plays, ctx)
        if masters:
            return min(masters, key=power.__getitem__)
        if not _pool_open(view, mine):
            return lowest
        plain = [c for c in plays if suit_of[c] is not trump]
        if not plain:
            return max(plays, key=power.__getitem__)
        kings = [c for c in plain if c.rank is Rank.KING]
        return kings[0] if kings else min(plain, key=power.__getitem__)
    at = ctx.winner(trick)
    winning = (view.leader + at) % view.players
    their = _side_of(view, winning)
    if their == mine:
        return lowest
    best = trick[at]
    led = suit_of[trick[0]]
    beaters = sorted((c for c in plays if power[c] > power[best] and suit_of[c] in (led, trump)),
                     key=power.__getitem__)
    if not beaters:
        return lowest
    last = len(trick) == view.players - 1
    if _threat(view, their):
        return beaters[0] if last else beaters[-1]
    if not _pool_open(view, mine):
        return lowest
    if not last:
        masters = _masters(view, beaters, ctx)
        if masters:
            return masters[0]
    return beaters[0]


def _context_card_reason(view: SeatView, plays: list[Card], ctx: PlayContext
                         ) -> tuple[Card, str]:
    """:func:`_context_card` and the rule that chose it (the same branches)."""
    power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
    lowest = min(plays, key=power.__getitem__)
    mine = _side_of(view, view.seat)
    trick = view.current_trick
    if not trick:
        masters = _masters(view, plays, ctx)
        if masters:
            card = min(masters, key=power.__getitem__)
            return card, f"lead the lowest master trump, {card}"
        if not _pool_open(view, mine):
            return lowest, f"the pool is out of reach: lead the lowest card, {lowest}"
        plain = [c for c in plays if suit_of[c] is not trump]
        if not plain:
            card = max(plays, key=power.__getitem__)
            return card, f"only trumps in hand: lead the strongest, {card}"
        kings = [c for c in plain if c.rank is Rank.KING]
        if kings:
            return kings[0], f"lead a plain King, {kings[0]}, keeping the trumps"
        card = min(plain, key=power.__getitem__)
        return card, f"lead the lowest plain card, {card}, keeping the trumps"
    at = ctx.winner(trick)
    winning = (view.leader + at) % view.players
    their = _side_of(view, winning)
    if their == mine:
        return lowest, f"a partner is winning the trick: play the lowest card, {lowest}"
    best = trick[at]
    led = suit_of[trick[0]]
    beaters = sorted((c for c in plays if power[c] > power[best] and suit_of[c] in (led, trump)),
                     key=power.__getitem__)
    if not beaters:
        return lowest, f"no card takes the trick: play the lowest, {lowest}"
    last = len(trick) == view.players - 1
    if _threat(view, their):
        if last:
            return beaters[0], (f"stop a threat, playing last: the lowest card that wins, "
                                f"{beaters[0]}")
        return beaters[-1], f"stop a threat: the strongest card that wins, {beaters[-1]}"
    if not _pool_open(view, mine):
        return lowest, (f"the pool is out of reach: keep the high cards, play the lowest, "
                        f"{lowest}")
    if not last:
        masters = _masters(view, beaters, ctx)
        if masters:
            return masters[0], f"win with the lowest master trump, {masters[0]}, which holds"
    return beaters[0], f"take the trick with the lowest card that wins, {beaters[0]}"


def _strength(card: Card, ctx: PlayContext) -> int:
    """A card's place in the rank table: trumps above every plain card (RULES.md §1.3)."""
    return ctx.power[card]


# -- the bidding games (BIDDING.md) ------------------------------------------------------------

#: The chance that the k-th highest trump of the pack takes a trick, k = 0, 1, ...: a rule
#: of thumb (the top trumps of RULES.md §1.2 nearly always win; low ones seldom). Trumps
#: below the list count ``_LOW_TRUMP``.
_TRUMP_CHANCE: Final = (1.0, 0.95, 0.85, 0.75, 0.55, 0.45, 0.35)
_LOW_TRUMP: Final = 0.25
_PLAIN_KING: Final = 0.2
#: What a card drawn blind from the stock is worth, on average, in tricks.
_DRAW_VALUE: Final = 0.12
#: Points for naming trumps and drawing to them (tuned by self-play: +3 beats +0 and +6).
_INITIATIVE: Final = 3.0


#: id(play context) -> (the context, its trump order): the contexts are cached and long
#: lived, and each entry holds its own, so an id is not reused while its entry lives.
_ORDERS: Final[dict[int, tuple[object, dict[Card, int]]]] = {}


def _trump_order(variant: Variant, suit: Suit) -> dict[Card, int]:
    """Each trump of the pack and its place from the top (0 for the highest). Cached per
    play context: callers only read the mapping."""
    ctx = play_context(variant, suit)
    hit = _ORDERS.get(id(ctx))
    if hit is not None and hit[0] is ctx:
        return hit[1]
    trumps = sorted((c for c in ctx.deck if ctx.suit_of[c] is suit), key=lambda c: -ctx.power[c])
    order = {c: k for k, c in enumerate(trumps)}
    if len(_ORDERS) >= 1024:
        _ORDERS.clear()
    _ORDERS[id(ctx)] = (ctx, order)
    return order


def _card_value(card: Card, order: dict[Card, int]) -> float:
    """A card's worth in tricks, with ``order``'s suit as trumps."""
    place = order.get(card)
    if place is not None:
        return _TRUMP_CHANCE[place] if place < len(_TRUMP_CHANCE) else _LOW_TRUMP
    return _PLAIN_KING if card.rank is Rank.KING else 0.0


def _tricks(cards: Sequence[Card], order: dict[Card, int]) -> float:
    """The tricks ``cards`` may take with ``order``'s suit as trumps (at most five)."""
    return min(5.0, sum(_card_value(c, order) for c in cards))


def _worth(view: BiddingView, suit: Suit, cards: Sequence[Card]) -> tuple[float, float]:
    """(points the side may take, tricks this seat may take) with ``suit`` as trumps: five
    a trick, the bonus when holding one of the two top trumps, a partner's share, and a
    little for the draw to come (BIDDING.md §2.4)."""
    order = _trump_order(view.variant, suit)
    best = sorted((c for c in cards if c in order), key=lambda c: order[c])[:5]
    plain = sorted((c for c in cards if c not in order), key=lambda c: -_card_value(c, order))
    keep = (best + plain)[:5]
    tricks = _tricks(keep, order)
    bonus = 5.0 if any(order[c] <= 1 for c in best) else 2.0 if best else 0.0
    side = next(side for side in view.sides if view.seat in side)
    partners = len(side) - 1
    share = 5.0 * partners * (5.0 - tricks) / view.players
    draw = 5.0 * _DRAW_VALUE * (5 - len(best))
    return 5.0 * tricks + bonus + share + draw + _INITIATIVE, tricks


def _best_suit(view: BiddingView, cards: Sequence[Card]) -> tuple[Suit, float, float]:
    """The suit this seat would name, with its :func:`_worth`."""
    worth = {s: _worth(view, s, cards) for s in Suit}
    best = max(Suit, key=lambda s: worth[s][0])
    return (best, *worth[best])


def _bidding_choice(view: BiddingView, legal: tuple[Action, ...]) -> Action:
    """The rule-of-thumb action of a bidding game (see :class:`RuleOfThumbPlayer`)."""
    first = legal[0]
    if isinstance(first, (Bid, Pass)):
        return _bid(view, legal)
    if isinstance(first, NameTrump):
        return NameTrump(_best_suit(view, view.hand)[0])
    if isinstance(first, Discard):
        return _discard(view, legal)
    if isinstance(first, Take):
        order = _trump_order(view.variant, view.trump) if view.trump is not None else {}
        return max(legal, key=lambda a: _card_value(a.card, order))  # type: ignore[union-attr]
    plays = [a.card for a in legal if isinstance(a, Play)]
    assert view.trump is not None
    ctx = play_context(view.variant, view.trump)
    return Play(RuleOfThumbPlayer._card(view, plays, ctx))


def _bid(view: BiddingView, legal: tuple[Action, ...]) -> Action:
    """Bid what the best suit is worth; hold as dealer within it; else pass."""
    bids = [a.amount for a in legal if isinstance(a, Bid)]
    _, points, tricks = _best_suit(view, view.hand)
    bidding = view.variant.bidding
    assert bidding is not None

    def makes(amount: int) -> bool:
        if is_all_five_bid(bidding, amount):
            return tricks >= 4.6
        return amount <= points

    side = next(side for side in view.sides if view.seat in side)
    partner_high = view.high_bidder is not None and view.high_bidder in side
    if partner_high and view.high_bid is not None and not makes(view.high_bid + 10):
        return Pass() if Pass() in legal else Bid(min(bids))
    good = [a for a in bids if makes(a)]
    if good:
        return Bid(max(good))
    return Pass() if Pass() in legal else Bid(min(bids))  # a bagged dealer must bid


def _discard(view: BiddingView, legal: tuple[Action, ...]) -> Action:
    """Keep the most valuable cards, drawing blind for the rest."""
    suit = view.trump if view.trump is not None else _best_suit(view, view.hand)[0]
    order = _trump_order(view.variant, suit)
    value = {c: _card_value(c, order) for c in view.hand}
    # the hand's values from the highest (a stable sort: the same order as sorting the
    # values of any part of the hand), so the five best kept are the first five not gone
    ranked = sorted(((value[c], c) for c in view.hand), key=lambda vc: vc[0], reverse=True)

    def kept(action: Action) -> float:
        gone = action.cards  # type: ignore[union-attr]
        held = [v for v, c in ranked if c not in gone]
        room = max(0, 5 - len(held))
        return sum(held[:5]) + room * _DRAW_VALUE

    return max(legal, key=kept)



def _bidding_reason(view: BiddingView, legal: tuple[Action, ...]) -> tuple[Action, str]:
    """:func:`_bidding_choice` and its rule (the same branches)."""
    first = legal[0]
    if isinstance(first, (Bid, Pass)):
        return _bid_reason(view, legal)
    if isinstance(first, NameTrump):
        suit, points, _ = _best_suit(view, view.hand)
        return NameTrump(suit), f"name {suit}: the suit worth the most, about {points:.0f} points"
    if isinstance(first, Discard):
        action = _discard(view, legal)
        gone = " ".join(map(str, getattr(action, "cards", ())))
        return action, (f"keep the most valuable cards, discarding {gone or 'nothing'}"
                        " and drawing for them")
    if isinstance(first, Take):
        order = _trump_order(view.variant, view.trump) if view.trump is not None else {}
        action = max(legal, key=lambda a: _card_value(a.card, order))  # type: ignore[union-attr]
        return action, f"take the most valuable card, {getattr(action, 'card', '?')}"
    plays = [a.card for a in legal if isinstance(a, Play)]
    assert view.trump is not None
    ctx = play_context(view.variant, view.trump)
    return _card_reason(view, plays, ctx)


def _bid_reason(view: BiddingView, legal: tuple[Action, ...]) -> tuple[Action, str]:
    """:func:`_bid` and its rule."""
    bids = [a.amount for a in legal if isinstance(a, Bid)]
    suit, points, tricks = _best_suit(view, view.hand)
    bidding = view.variant.bidding
    assert bidding is not None

    def makes(amount: int) -> bool:
        if is_all_five_bid(bidding, amount):
            return tricks >= 4.6
        return amount <= points

    worth = f"the best suit, {suit}, is worth about {points:.0f} points"
    side = next(side for side in view.sides if view.seat in side)
    partner_high = view.high_bidder is not None and view.high_bidder in side
    if partner_high and view.high_bid is not None and not makes(view.high_bid + 10):
        if Pass() in legal:
            return Pass(), f"pass: a partner holds the bid and {worth}"
        return Bid(min(bids)), f"bid {min(bids)}: the dealer must bid"
    good = [a for a in bids if makes(a)]
    if good:
        return Bid(max(good)), f"bid {max(good)}: {worth}"
    if Pass() in legal:
        return Pass(), f"pass: {worth}, below every bid open"
    return Bid(min(bids)), f"bid {min(bids)}: the dealer must bid ({worth})"
