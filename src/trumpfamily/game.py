"""Games: successive hands with the deal passing left, scored as the variant says.

:func:`new_game` ``(variant, *, players, seed=None, hands=None)`` chooses the first
dealer, takes the antes, deals the first hand and returns a :class:`GameState`, an
immutable value for a whole game. :class:`Game` is its mutable wrapper, which also plays
whole hands with bots (:meth:`Game.play`).

=========================================  =================================================
``state.hand``                             the hand in progress, a
                                           :class:`~trumpfamily.engine.HandState` (a
                                           :class:`~trumpfamily.bidding.engine.BiddingHand`
                                           in the bidding games)
``state.to_act``, ``.legal_actions()``     as a hand's: the seat to act and its actions
``state.apply(action, seat=None)``         the next :class:`GameState`: the hand moved on
                                           and, when it ends, settled (pool paid or
                                           carried, jink payments, points to the scores)
                                           and the next dealt; a refused action raises
                                           :class:`~trumpfamily.errors.IllegalActionError`
``state.view(seat)``                       what one seat may see, with the game around the
                                           hand (``view.game``: hand number, scores, pool)
``state.scores``, ``.chips``, ``.pool``    points per side; net chips per seat, and the
                                           pool (``sum(chips) + pool == 0`` at every moment)
``state.outcomes``                         the :class:`~trumpfamily.outcomes.HandOutcome`
                                           of every finished hand
``state.is_over``, ``.winner``             the end of the game (a pool game ends only at its
                                           ``hands`` limit, and has no ``winner``)
``state.record()``                         a JSON-ready record of every hand;
                                           :func:`~trumpfamily.records.replay_game`
                                           rebuilds the game, or resumes an unfinished one
=========================================  =================================================

>>> import trumpfamily as tf
>>> game = tf.Game(tf.FORTY_FIVE, players=3, seed=4)
>>> bots = [tf.RandomPlayer(seed=i) for i in range(3)]
>>> winner = game.play(bots)
>>> game.is_over, max(game.scores) >= 45, winner == game.winner
(True, True, True)

How a game is scored (antes and pools carried through spoils, points to a target, the
bidding games' contracts) is explained in :doc:`/explanation/robbing-jinking` and
:doc:`/explanation/bidding`; the details of each are in :class:`GameState`.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections.abc import Iterable, Mapping, Sequence, Sized
from typing import TYPE_CHECKING, Any, Final, TypeAlias

import attrs

from ._fields import field
from .actions import Action
from .bidding import Bidding, after_throw_in, game_end
from .bidding.engine import BiddingHand, new_bidding_hand
from .cards import Card, Rank, parse_cards
from .convert import game_record
from .dealing import check_deck, seating_for, seeded_random
from .engine import HandOutcome, HandState, new_hand
from .errors import (
    BIDDING_CODES,
    IllegalActionError,
    InvalidArgumentError,
    InvalidDeckError,
    PlayerCountError,
    safe_repr,
)
from .events import AntesPaid, Dealt, Event, GameEvent, GameOver, HandScored, PoolCarried
from .integrity import deal_salt, new_salt
from .jinking import jink_payments
from .outcomes import AnyView, GameContext, Phase
from .scoring import antes, game_winner, reaches_target, settle_pool, trick_points
from .variants import Variant, find_variant, table_sides

if TYPE_CHECKING:
    from .players import Player

__all__ = ["UNBOUNDED_HANDS", "AnyHand", "Game", "GameState", "first_jack", "new_game"]

#: A hand of any game: a :class:`~trumpfamily.engine.HandState` (the turn-up games) or a
#: :class:`~trumpfamily.bidding.engine.BiddingHand` (the bidding games).
AnyHand: TypeAlias = HandState | BiddingHand


def first_jack(
    cards: str | Iterable[Card | str], players: int, start: int = 0
) -> tuple[int, tuple[Card, ...]]:
    """Choose the first dealer by dealing cards face up, one each clockwise, until a Jack
    appears: that seat deals first (RULES.md §1.8, §2.1.1; EX-54).

    Args:
        cards: the cards in the order dealt (e.g. a shuffled deck).
        players: the number of seats.
        start: the seat dealt the first card.

    Returns:
        ``(seat, cards_dealt)``: the first dealer and the cards turned, up to and including
        the first Jack.

    Raises:
        InvalidDeckError: no Jack among ``cards``, or a card is given twice before it.
        CardParseError: a card cannot be read.
        PlayerCountError: ``players`` is not an int from 1, or ``start`` is not one of
            its seats.

    >>> from trumpfamily import first_jack
    >>> first_jack("7H KS JD 2C", players=5)
    (2, (Card.parse('7H'), Card.parse('KS'), Card.parse('JD')))
    """
    if type(players) is not int or players < 1:
        raise PlayerCountError(f"players={players!r}: expected an int from 1")
    if type(start) is not int or not 0 <= start < players:
        raise PlayerCountError(f"start={start!r} is not a seat: seats are 0..{players - 1}")
    dealt: list[Card] = []
    seen: set[Card] = set()
    for i, card in enumerate(parse_cards(cards)):
        if card in seen:
            raise InvalidDeckError(
                f"first_jack: {card} is given twice (as card {dealt.index(card) + 1} and "
                f"card {i + 1}); one deck holds each card once"
            )
        seen.add(card)
        dealt.append(card)
        if card.rank is Rank.JACK:
            return (start + i) % players, tuple(dealt)
    raise InvalidDeckError(
        f"no Jack among the cards given ({len(dealt)}): cannot choose the first dealer"
    )


@attrs.frozen
class _Setup:
    """What a game was started with and keeps to the end (for records and later deals)."""

    seed: int | str
    dealer: int | None
    hands: int | None
    scores: tuple[int, ...] | None
    decks: tuple[tuple[Card, ...], ...]
    salt: bytes | None = field(default=None, eq=False)  # the deals' commitments


#: The events a state holds: the hand's own, then the game's.
_Events: TypeAlias = tuple[Event | GameEvent, ...]


#: How many hands :meth:`Game.play` plays, without a ``hands`` limit, of a bidding game
#: whose rules do not bound it, before it gives up with an error (BIDDING.md §3.7: with
#: no ``lose_at``, no ``sets_to_lose`` and ``finish="points"``, sides that keep being set
#: never reach the target).
UNBOUNDED_HANDS: Final = 2_000


@attrs.frozen(repr=False)
class GameState:
    """A whole game in progress: an immutable, hashable, picklable value (RULES.md §1.6,
    §1.7, §1.8, §2.3, §2.4).

    Build it with :func:`new_game` (or :func:`~trumpfamily.records.replay_game`); do not
    call the constructor, whose fields are internal. Move with :meth:`apply`, which
    returns a new state and leaves this one intact. Two states are equal when they hold the same game: the same
    rules, players, seed and set-up, and the same actions in every hand.

    Pool games (§1.7): before each deal the seats ante by :func:`~trumpfamily.scoring.antes`
    (a fresh pool: ``ante`` each and ``dealer_ante`` from the dealer, EX-57; after a spoil:
    ``spoil_ante``, EX-58). The winner takes the pool (a side shares it evenly; an
    indivisible remainder stays in the pool: :func:`~trumpfamily.scoring.settle_pool`), a
    successful jink adds the jink bonus from every other player
    (:func:`~trumpfamily.jinking.jink_payments`, EX-60), and a spoil carries the pool.
    **Pool games never end by themselves**: :attr:`is_over` stays ``False`` unless a
    ``hands`` limit was given, and :attr:`winner` stays ``None`` (compare :attr:`chips`).

    Points games (§2.3, §2.4): each hand's side points are added to :attr:`scores`.
    ``five_tricks="wins-game"``: a side taking all five tricks wins at once (EX-75, EX-76).
    ``target_tie="first-to-reach"``: the game ends the moment a side reaches the target,
    trick by trick (5 a trick; the best-trump and five-trick bonuses count at the end of the
    hand), and the rest of that hand is not played (EX-68, EX-69): the last outcome then has
    ``complete=False``. ``"higher-total"``: at the end of a hand, of the sides on or over the
    target the higher total wins (W45). Exactly equal top totals: another hand is played
    (:func:`~trumpfamily.scoring.game_winner`).

    Bidding games (``variant.bidding`` set; BIDDING.md §3.6, §3.7, §5.8, §6): each hand is a
    :class:`~trumpfamily.bidding.engine.BiddingHand` dealt with the sides' scores (the
    near-end rules read them); its ``gains`` go to :attr:`scores` (a set bid subtracts,
    so scores may fall below 0) and a set adds one to the bidding side's :attr:`sets`.
    :func:`~trumpfamily.bidding.game_end` decides the end after each hand played out
    (targets, ties, ``lose_at``, ``sets_to_lose``, ``finish="hands"``); a game it leaves
    without a winner plays on. A hand thrown in (everybody passed) scores nothing and the
    next deal is :func:`~trumpfamily.bidding.after_throw_in`'s: the next dealer, or under
    ``all_pass="redeal-same"`` the same one up to ``max_redeals`` times in a row
    (EX-B08). The views are :class:`~trumpfamily.outcomes.BiddingView` values.

    The books always balance: ``sum(chips) + pool == 0``; in pool games
    ``sum(o.chips[s] for o in outcomes) - stakes[s] == chips[s]`` for every seat ``s``; in
    points games the starting scores plus every outcome's ``side_points`` are
    :attr:`scores`; in bidding games the starting scores plus every outcome's ``gains``.

    Attributes:
        variant: the rules.
        players: the number of seats.
        sides: the seats of each side (each seat alone without partnerships).
        dealer: the dealer of the current hand; the deal passes left (``dealer + 1``) after
            each hand (§1.8).
        hand: the current :class:`~trumpfamily.engine.HandState` (in a bidding game a
            :class:`~trumpfamily.bidding.engine.BiddingHand`): the hand in progress, or
            once the game is over the last hand (finished, or stopped where a side reached
            the target).
        hand_number: the number of the current hand (1 for the first): how many hands have
            been dealt.
        outcomes: the :class:`~trumpfamily.outcomes.HandOutcome` of every finished hand, in
            order; in pool games with ``chips`` set (net chips per seat from that hand);
            last, for a points game won in the middle of a hand, that hand's partial outcome
            (``complete=False``: 5 points a trick taken so far, no bonuses).
        scores: points per side (points and bidding games; zeros in pool games, unless
            given).
        chips: net chips per seat: winnings minus stakes (pool games; zeros in points
            games).
        pool: the chips in the pool now (pool games; 0 in points games).
        stakes: the chips each seat put into the pool for the current hand's deal (a tuple
            of length ``players``; zeros in points games and once the game is over, when
            the last hand's stakes are in its outcome).
        is_over: whether the game has ended (a points game won, or the ``hands`` limit
            reached; a pool game without a limit never ends).
        winner: the winning side (== the seat without partnerships) of a points game, else
            ``None``.
        events: what the last :meth:`apply` caused, in order: the hand's own events
            (:data:`~trumpfamily.events.Event`), then the game's
            (:data:`~trumpfamily.events.GameEvent`): :class:`~trumpfamily.events.HandScored`,
            perhaps :class:`~trumpfamily.events.PoolCarried`, then either
            :class:`~trumpfamily.events.GameOver` or the next deal
            (:class:`~trumpfamily.events.AntesPaid` in pool games, then the new hand's
            :class:`~trumpfamily.events.Dealt` and what follows it). For the state
            :func:`new_game` returns: the first deal's.
        first_dealer_cards: the cards dealt face up to choose the first dealer (``()``
            unless ``first_dealer="first-jack"`` chose him; EX-54).
        sets: bidding games: how many times each side has been set (failed its bid), for
            ``sets_to_lose`` (BIDDING.md §3.7 E3); zeros in the other games.

    >>> import trumpfamily as tf
    >>> state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=5, hands=2)
    >>> state.pool, state.chips, state.stakes
    (4, (-2, -1, -1), (2, 1, 1))
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> len(state.outcomes), sum(state.chips) + state.pool
    (2, 0)
    """

    variant: Variant
    players: int
    sides: tuple[tuple[int, ...], ...]
    dealer: int
    hand: AnyHand
    hand_number: int
    outcomes: tuple[HandOutcome, ...]
    scores: tuple[int, ...]
    chips: tuple[int, ...]
    pool: int
    stakes: tuple[int, ...]
    is_over: bool
    winner: int | None
    events: _Events
    first_dealer_cards: tuple[Card, ...]
    _setup: _Setup
    _rng: tuple[Any, ...]
    _finished: tuple[AnyHand, ...]
    sets: tuple[int, ...] = ()
    _redeals: int = 0

    # -- public state ------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act in the current hand (``None`` once the game is over)."""
        return None if self.is_over else self.hand.to_act

    @property
    def last_hand(self) -> AnyHand | None:
        """The final state of the last hand the game settled, or ``None`` before the first
        (for a points game won in the middle of a hand: that hand, as it stopped)."""
        return self._finished[-1] if self._finished else None

    @property
    def seed(self) -> int | str:
        """The seed of the game's shuffles (drawn at random when :func:`new_game` was given
        none, so that every game can be recorded; a bytes seed is kept as the int that
        seeds :mod:`random` the same way)."""
        return self._setup.seed

    @property
    def hands_left(self) -> int | None:
        """With a ``hands`` limit, the hands still to be dealt after this one (0 once the
        game is over); ``None`` without a limit."""
        limit = self._setup.hands
        if limit is None:
            return None
        return 0 if self.is_over else limit - self.hand_number

    def legal_actions(self) -> tuple[Action, ...]:
        """The current hand's legal actions (``()`` once the game is over)."""
        return () if self.is_over else self.hand.legal_actions()

    def view(self, seat: int) -> AnyView:
        """What ``seat`` may see: the current hand's
        :meth:`~trumpfamily.engine.HandState.view`, with the game's context.

        Args:
            seat: a seat, an int ``0..players-1``.

        Returns:
            The hand's :class:`~trumpfamily.outcomes.SeatView` (a bidding game's
            :class:`~trumpfamily.outcomes.BiddingView`) with its ``game`` context
            (a :class:`~trumpfamily.outcomes.GameContext`): ``hand_number`` and
            ``hands_left`` (only with a ``hands`` limit), and in points games ``scores``
            (per side; the current hand's points are added when it ends) and ``target``,
            in pool games ``chips`` (per seat) and ``pool``. Once the game is over nobody
            is to act: ``to_act`` is ``None`` and ``legal_actions`` ``()``.

        Raises:
            InvalidSeatError: ``seat`` is not a seat.

        >>> import trumpfamily as tf
        >>> view = tf.new_game(tf.SPOIL_FIVE, players=3, seed=5).view(1)
        >>> view.game.hand_number, view.game.chips, view.game.pool, view.game.scores
        (1, (-2, -1, -1), 4, None)
        """
        view = self.hand.view(seat)
        bidding = self.variant.bidding
        if bidding is not None:
            target = bidding.target if bidding.finish == "points" else None
            game = GameContext(self.hand_number, self.hands_left, self.scores, target, None, None)
        elif self.variant.scoring.scoring == "pool":
            game = GameContext(self.hand_number, self.hands_left, None, None, self.chips, self.pool)
        else:
            game = GameContext(
                self.hand_number, self.hands_left, self.scores, self.variant.scoring.target,
                None, None,
            )
        if self.is_over:  # a points game may end in the middle of a hand
            return view._replace(game=game, phase=Phase.OVER, to_act=None, legal_actions=())
        return view._replace(game=game)

    # -- moves -------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> GameState:
        """The state after ``action`` in the current hand; this state is unchanged.

        When the action ends the hand, the hand is settled (:attr:`outcomes`, the pool or
        the scores) and, unless the game is then over, the next hand is dealt by the seat
        to the left (RULES.md §1.8) after the antes (§1.7).

        Args:
            action: one of :meth:`legal_actions` (an equal value will do).
            seat: optionally, the seat making the action (an int, checked against
                :attr:`to_act`).

        Returns:
            The new :class:`GameState`; its :attr:`events` say what happened.

        Raises:
            IllegalActionError: the game is over, or the hand refuses the action (as
                :meth:`HandState.apply <trumpfamily.engine.HandState.apply>` does).

        >>> import trumpfamily as tf
        >>> state = tf.new_game(tf.FORTY_FIVE, players=2, seed=3)
        >>> after = state.apply(state.legal_actions()[0])
        >>> after.hand.actions == state.legal_actions()[:1], state.hand.actions
        (True, ())
        """
        if self.is_over:
            if self.variant.bidding is None:
                raise IllegalActionError(action, "the game is over", code="game-over",
                                         seat=seat)
            info = BIDDING_CODES["game-over"]  # BIDDING.md §3.7
            raise IllegalActionError(action, "the game is over", code="game-over", seat=seat,
                                     rule=info.rule, sources=info.sources)
        before = self.hand
        hand = before.apply(action, seat)
        events: _Events = tuple(getattr(hand, "events", ()))
        if isinstance(hand, BiddingHand):
            return self._bidding_step(hand, events)
        assert isinstance(before, HandState)
        scoring = self.variant.scoring
        if scoring.scoring == "pool":
            if not hand.is_over:
                return self._moved(hand, events)
            paid, pool = self._pool_outcome(hand)
            return self._settle(hand, events, paid, None, pool)
        if len(hand.tricks) > len(before.tricks):
            side = self._reaching_side(hand)
            if side is not None:
                last = hand.outcome if hand.is_over else self._partial_outcome(hand)
                assert last is not None
                return self._settle(hand, events, last, side, 0)
        outcome = hand.outcome
        if outcome is None:
            return self._moved(hand, events)
        assert outcome.side_points is not None
        scores = tuple(a + b for a, b in zip(self.scores, outcome.side_points, strict=True))
        winner = game_winner(scores, scoring, all_five=outcome.all_five)
        return self._settle(hand, events, outcome, winner, 0)

    def record(self, *, key: bytes | None = None) -> dict[str, Any]:
        """A JSON-serialisable record of the whole game so far: variant name and options,
        players, seed, the first dealer and ``hands`` limit as given, the starting scores,
        the stacked decks given, and for every hand dealt its dealer, deck and actions (see
        :func:`trumpfamily.records.replay_game`, which rebuilds or resumes it); for a game
        dealt with commitments its ``"salt"``.

        Args:
            key: a secret key (non-empty bytes): the record then carries ``"mac"``, an
                HMAC-SHA256 of the rest of it, and ``replay_game(record, key=key)`` refuses
                any change (:mod:`trumpfamily.integrity`).

        Raises:
            InvalidArgumentError: ``key`` is not non-empty bytes.

        >>> import json, trumpfamily as tf
        >>> state = tf.new_game(tf.MAW, players=4, seed=8)
        >>> for _ in range(30):
        ...     state = state.apply(state.legal_actions()[-1])
        >>> tf.replay_game(json.loads(json.dumps(state.record()))) == state
        True
        """
        setup = self._setup
        hands = self._finished if self.is_over else (*self._finished, self.hand)
        return game_record(
            self.variant,
            self.players,
            seed=setup.seed,
            dealer=setup.dealer,
            hands=setup.hands,
            scores=setup.scores,
            decks=setup.decks,
            deals=[(h.dealer, h.deck, h.actions) for h in hands],
            salt=setup.salt,
            key=key,
        )

    def __repr__(self) -> str:
        return _describe(self, "GameState")

    # -- internals ---------------------------------------------------------------------

    def _moved(self, hand: AnyHand, events: _Events) -> GameState:
        """This state with the current hand moved on (nothing to settle)."""
        return GameState(
            self.variant,
            self.players,
            self.sides,
            self.dealer,
            hand,
            self.hand_number,
            self.outcomes,
            self.scores,
            self.chips,
            self.pool,
            self.stakes,
            False,
            None,
            events,
            self.first_dealer_cards,
            self._setup,
            self._rng,
            self._finished,
            self.sets,
            self._redeals,
        )

    def _reaching_side(self, hand: HandState) -> int | None:
        """The side whose trick just taken brings it to the target, under
        ``target_tie="first-to-reach"`` (:func:`~trumpfamily.scoring.reaches_target`)."""
        winner = hand.tricks[-1].winner
        side = next(i for i, seats in enumerate(self.sides) if winner in seats)
        taken = sum(hand.trick_counts[s] for s in self.sides[side])
        return side if reaches_target(self.scores[side], taken, self.variant.scoring) else None

    def _partial_outcome(self, hand: HandState) -> HandOutcome:
        """The outcome of a points hand stopped where a side reached the target: 5 (the
        ``points_per_trick``) for each trick taken so far, no bonuses (RULES.md §2.3 [I])."""
        points = trick_points(
            [t.winner for t in hand.tricks], self.players, self.variant.scoring, None
        )
        counts = hand.trick_counts
        return HandOutcome(
            scoring="points",
            sides=self.sides,
            tricks=counts,
            side_tricks=tuple(sum(counts[s] for s in side) for side in self.sides),
            tricks_played=len(hand.tricks),
            tricks_needed=None,
            winner=None,
            winner_seats=(),
            spoil=False,
            claimed=False,
            jink_tried=False,
            jink_succeeded=False,
            points=points,
            side_points=tuple(sum(points[s] for s in side) for side in self.sides),
            best_trump=None,
            best_trump_trick=None,
            all_five=None,
            barred=hand.barred,
            complete=False,
        )

    def _pool_outcome(self, hand: HandState) -> tuple[HandOutcome, int]:
        """A finished pool hand's outcome with its net ``chips`` per seat (minus its
        stakes, plus the pool share won, plus jink payments; RULES.md §1.6, §1.7), and the
        chips left in the pool."""
        outcome = hand.outcome
        assert outcome is not None
        variant, players = self.variant, self.players
        gains, pool = settle_pool(self.pool, outcome.winner_seats, players)
        jink = (0,) * players
        if outcome.jink_succeeded:
            assert outcome.winner is not None
            jink, to_pool = jink_payments(
                variant.jinking, variant.scoring, self.sides, outcome.winner, outcome.winner_seats
            )
            pool += to_pool
        net = tuple(g + j - s for g, j, s in zip(gains, jink, self.stakes, strict=True))
        return attrs.evolve(outcome, chips=net), pool

    def _bidding_step(self, hand: BiddingHand, events: _Events) -> GameState:
        """A bidding game after an action (BIDDING.md §3.6, §3.7, §7.1 #1, #11): the hand
        moved on, or settled: a throw-in redealt (:func:`~trumpfamily.bidding.after_throw_in`),
        or the gains added, a set counted, the end decided
        (:func:`~trumpfamily.bidding.game_end`) and, unless the game is over, the next hand
        dealt by the seat to the left."""
        if not hand.is_over:
            return self._moved(hand, events)
        bidding = self.variant.bidding
        assert bidding is not None
        outcome = hand.outcome
        assert outcome is not None
        number, players = self.hand_number, self.players
        outcomes = self.outcomes + (outcome,)
        scores, sets = self.scores, self.sets
        events += (HandScored(number, outcome),)
        winner: int | None = None
        score = hand.hand_score
        if score is None:  # thrown in: everybody passed (EX-B08)
            redeal = after_throw_in(bidding, dealer=self.dealer, players=players,
                                    in_a_row=self._redeals)
            dealer, redeals = redeal.dealer, redeal.in_a_row
        else:
            played = sum(1 for o in outcomes if not o.thrown_in)
            end = game_end(bidding, scores, score, sets=sets, hands_played=played)
            scores = tuple(a + g for a, g in zip(scores, score.gains, strict=True))
            if not score.made:
                sets = tuple(n + (side == score.bidder) for side, n in enumerate(sets))
            winner = None if end is None else end.winner
            dealer, redeals = (self.dealer + 1) % players, 0
        limit = self._setup.hands
        zeros = (0,) * players
        if winner is not None or (limit is not None and number >= limit):
            events += (GameOver(winner, scores, zeros, 0),)
            return GameState(
                self.variant, players, self.sides, self.dealer, hand, number, outcomes,
                scores, zeros, 0, zeros, True, winner, events, self.first_dealer_cards,
                self._setup, self._rng, self._finished + (hand,), sets, redeals,
            )
        new, _, rng, dealt = _deal(self.variant, players, dealer, number + 1, self._setup,
                                   self._rng, False, scores=scores)
        return GameState(
            self.variant, players, self.sides, dealer, new, number + 1, outcomes, scores,
            zeros, 0, zeros, False, None, events + dealt, self.first_dealer_cards,
            self._setup, rng, self._finished + (hand,), sets, redeals,
        )

    def _settle(
        self,
        hand: HandState,
        events: _Events,
        outcome: HandOutcome,
        winner: int | None,
        pool: int,
    ) -> GameState:
        """The state once ``hand`` is settled with ``outcome``, leaving ``pool`` chips in
        the pool: the game won by ``winner`` (a side), over by its ``hands`` limit, or the
        next hand dealt."""
        number = self.hand_number
        outcomes = self.outcomes + (outcome,)
        finished = self._finished + (hand,)
        scores, chips = self.scores, self.chips
        if outcome.chips is not None:  # a pool hand: its stakes were paid at the deal
            chips = tuple(
                c + n + s for c, n, s in zip(chips, outcome.chips, self.stakes, strict=True)
            )
        if outcome.side_points is not None:
            scores = tuple(a + b for a, b in zip(scores, outcome.side_points, strict=True))
        events += (HandScored(number, outcome),)
        limit = self._setup.hands
        if winner is not None or (limit is not None and number >= limit):
            events += (GameOver(winner, scores, chips, pool),)
            return GameState(
                self.variant,
                self.players,
                self.sides,
                self.dealer,
                hand,
                number,
                outcomes,
                scores,
                chips,
                pool,
                (0,) * self.players,
                True,
                winner,
                events,
                self.first_dealer_cards,
                self._setup,
                self._rng,
                finished,
                self.sets,
                self._redeals,
            )
        if pool:
            events += (PoolCarried(pool),)
        dealer = (self.dealer + 1) % self.players
        after_spoil = outcome.chips is not None and outcome.winner is None
        new, stakes, rng, dealt = _deal(
            self.variant, self.players, dealer, number + 1, self._setup, self._rng, after_spoil,
            pool,
        )
        if any(stakes):
            chips = tuple(c - s for c, s in zip(chips, stakes, strict=True))
            pool += sum(stakes)
        return GameState(
            self.variant,
            self.players,
            self.sides,
            dealer,
            new,
            number + 1,
            outcomes,
            scores,
            chips,
            pool,
            stakes,
            False,
            None,
            events + dealt,
            self.first_dealer_cards,
            self._setup,
            rng,
            finished,
            self.sets,
            self._redeals,
        )


def _deal(
    variant: Variant,
    players: int,
    dealer: int,
    number: int,
    setup: _Setup,
    rng: tuple[Any, ...],
    after_spoil: bool,
    carried: int = 0,
    scores: tuple[int, ...] | None = None,
) -> tuple[AnyHand, tuple[int, ...], tuple[Any, ...], _Events]:
    """Deal hand ``number`` by ``dealer``: from the stacked deck given for it, else from a
    shuffle seeded by the game's random state (one ``getrandbits(64)``, as ``Game`` always
    did). ``carried`` is the pool left from earlier deals; ``scores`` the sides' scores
    before a bidding hand. Returns the hand, the stakes paid for it, the random state after
    the deal, and the events (the antes, with the pool after them, then the hand's own with
    ``Dealt.hand_number`` set)."""
    commit = False if setup.salt is None else deal_salt(setup.salt, number)
    deck: tuple[Card, ...] | None = None
    seed: int | None = None
    if number <= len(setup.decks):
        deck = setup.decks[number - 1]
    else:
        shuffler = random.Random()
        shuffler.setstate(rng)
        seed = shuffler.getrandbits(64)
        rng = shuffler.getstate()
    hand: AnyHand
    if variant.bidding is not None:
        hand = new_bidding_hand(variant, players=players, dealer=dealer, seed=seed, deck=deck,
                                commit=commit, scores=scores)
    else:
        hand = new_hand(variant, players=players, dealer=dealer, seed=seed, deck=deck,
                        commit=commit)
    events: list[Event | GameEvent] = []
    if variant.scoring.scoring == "pool":
        stakes = antes(variant.scoring, players, dealer, after_spoil=after_spoil)
        events.append(AntesPaid(stakes, carried + sum(stakes)))
    else:
        stakes = (0,) * players
    for event in getattr(hand, "events", ()):
        if isinstance(event, Dealt):
            event = attrs.evolve(event, hand_number=number)
        events.append(event)
    return hand, stakes, rng, tuple(events)


def new_game(
    variant: Variant | str,
    *,
    players: int,
    seed: int | str | bytes | None = None,
    dealer: int | None = None,
    hands: int | None = None,
    decks: Iterable[str | Iterable[Card | str]] = (),
    scores: Sequence[int] | None = None,
    commit: bool | bytes = False,
) -> GameState:
    """Start a game: choose the first dealer, take the antes (pool games) and deal the first
    hand (RULES.md §1.7, §1.8, §2.1.1). A bidding variant (``variant.bidding`` set) plays
    :class:`~trumpfamily.bidding.engine.BiddingHand` hands (BIDDING.md; see
    :class:`GameState`).

    The same arguments give the same game: one :class:`random.Random` seeded with ``seed``
    chooses the first dealer (the first-Jack deal) and then seeds each shuffled deal with
    its ``getrandbits(64)``; a stacked deck from ``decks`` uses up nothing.

    Args:
        variant: the rules, or a preset's name (:func:`~trumpfamily.variants.find_variant`).
        players: the number of seats (an int).
        seed: seeds the shuffles (and the first-Jack deal): an int, str or bytes. ``None``
            draws one from :class:`random.SystemRandom` and keeps it
            (:attr:`GameState.seed`), so that every game can be recorded and resumed.
        dealer: the first dealer. ``None``: by the variant's ``first_dealer``
            (``"first-jack"``: cards dealt face up from a seeded shuffle until a Jack,
            EX-54; ``"given"``: seat 0).
        hands: the total number of hands the game lasts (any scoring): the game is over
            after this many hands in all, counted from its first; an int from 1; ``None``
            for no limit. (In :meth:`Game.play`, ``hands=`` means something else: that
            many *more* hands.)
        decks: explicit deck orders (top card first) for the first deals, for stacked
            games: a sequence of decks, one per hand (each a string of cards or a sequence
            of cards), checked here, all of them; later deals are shuffled.
        scores: points and bidding games only: starting scores per side (one int per
            side; from 0, except in a bidding game, where a set can leave a side below 0),
            e.g. to resume a game. A game the scores have already decided (a side at or
            over ``target``, unless ``target_tie="higher-total"`` and the top scores are
            tied; in a bidding game also a side at or below ``lose_at``) is refused.
        commit: ``True`` to commit to every deal: a random 16-byte game salt
            (:func:`secrets.token_bytes`) is drawn, each hand's salt derives from it
            (:func:`~trumpfamily.integrity.deal_salt`) and each hand's
            :attr:`~trumpfamily.engine.HandState.commitment` is published at its deal; the
            game record reveals the game salt. Or the 16-byte game salt itself (as
            :func:`~trumpfamily.records.replay_game` does). ``False`` (default): none.

    Returns:
        The :class:`GameState` before the first action.

    Raises:
        UnknownVariantError: ``variant`` is neither a Variant nor a preset's name.
        PlayerCountError: ``players`` or ``dealer`` does not suit the variant.
        InvalidDeckError: a deck in ``decks`` is not exactly the variant's deck (the message
            names which one, ``decks[i]``).
        InvalidArgumentError: ``hands`` is not ``None`` or an int from 1 (of 64 bits);
            ``decks`` is a single string or deck rather than a sequence of decks, or holds
            more than 10,000; ``scores`` is given for a pool game, is not one int (of 64
            bits) per side, holds a negative score, or has already decided the game;
            ``seed`` is not a seed, or is too large for the record to hold (an int of more
            than 4096 bits, text of more than 4096 characters, more than 448 bytes);
            ``commit`` is neither a bool nor 16 bytes.

    >>> import trumpfamily as tf
    >>> state = tf.new_game(tf.MAW, players=5, seed=7)
    >>> state.first_dealer_cards[-1].rank, state.dealer == state.hand.dealer
    (Rank.JACK, True)
    >>> state.stakes[state.dealer], state.pool  # MAW: 2 each, the dealer 4 (EX-57)
    (4, 12)
    """
    variant = find_variant(variant)
    salt = None if commit is False else new_salt(commit)
    sides = table_sides(variant, players)  # raises PlayerCountError, naming the game
    if hands is not None and (type(hands) is not int or not 1 <= hands <= _MOST_INT):
        raise InvalidArgumentError(
            f"hands={safe_repr(hands)}: the number of hands to play must be an int from 1 "
            "(a 64-bit int), or None for no limit"
        )
    _check_seed(seed)
    checked = _check_decks(variant, players, decks)
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    rng = seeded_random(seed)
    if isinstance(seed, bytes | bytearray):  # keep a seed that records can hold
        seed = int.from_bytes(bytes(seed) + hashlib.sha512(seed).digest())
    given = dealer
    first_cards: tuple[Card, ...] = ()
    if dealer is None:
        if variant.table.first_dealer == "first-jack":
            cards = list(variant.ranking.deck())
            rng.shuffle(cards)
            dealer, first_cards = first_jack(cards, players)
        else:
            dealer = 0
    if type(dealer) is not int or not 0 <= dealer < players:
        raise PlayerCountError(
            f"dealer={safe_repr(dealer)} is not a seat: seats are 0..{players - 1}")
    start = _check_scores(variant, sides, scores)
    setup = _Setup(seed, given, hands, start, checked, salt)
    opening = start if start is not None else (0,) * len(sides)
    hand, stakes, state, events = _deal(
        variant, players, dealer, 1, setup, rng.getstate(), False, scores=opening
    )
    return GameState(
        variant,
        players,
        sides,
        dealer,
        hand,
        1,
        (),
        opening,
        tuple(-s for s in stakes),
        sum(stakes),
        stakes,
        False,
        None,
        events,
        first_cards,
        setup,
        state,
        (),
        (0,) * len(sides),
    )


#: The largest int a game's count or score may be (a 64-bit int, what a record's JSON
#: holds everywhere).
_MOST_INT: Final = 2**63 - 1

#: The most stacked decks a game takes (:data:`trumpfamily.convert.MOST_ITEMS`, what a
#: record of it reads back).
_MOST_DECKS: Final = 10_000

#: The largest seed a game records: an int of 4096 bits, text of 4096 characters, bytes
#: that give such an int (the record holds the seed).
_MOST_SEED_BITS: Final = 4096
_MOST_SEED_BYTES: Final = _MOST_SEED_BITS // 8 - 64


def _check_seed(seed: object) -> None:
    """Refuse a seed too large for the game's record to hold (the record writes it)."""
    if isinstance(seed, bytes | bytearray):
        big = len(seed) > _MOST_SEED_BYTES
    elif type(seed) is int:
        big = seed.bit_length() > _MOST_SEED_BITS
    elif type(seed) is str:
        big = len(seed) > _MOST_SEED_BITS
    else:
        return  # seeded_random says what a seed is
    if big:
        raise InvalidArgumentError(
            f"seed={safe_repr(seed)}: a game's seed is written in its record: an int of at "
            f"most {_MOST_SEED_BITS} bits, text of at most {_MOST_SEED_BITS} characters or "
            f"at most {_MOST_SEED_BYTES} bytes"
        )


def _check_decks(
    variant: Variant, players: int, decks: Iterable[str | Iterable[Card | str]]
) -> tuple[tuple[Card, ...], ...]:
    """Every deck of ``decks``, read and checked now (not when its hand comes); at most
    :data:`_MOST_DECKS` of them (an endless iterator is refused, not read for ever)."""
    if isinstance(decks, str | Card | bytes | bytearray | Mapping) or not isinstance(
            decks, Iterable):
        raise InvalidArgumentError(
            f"decks must be a sequence of decks, one per hand (e.g. decks=[deck]), got "
            f"{type(decks).__name__} {safe_repr(decks, 60)}"
        )
    if isinstance(decks, Sized) and len(decks) > _MOST_DECKS:
        raise InvalidArgumentError(
            f"decks: {len(decks):,} decks given; a game takes at most {_MOST_DECKS:,} (more "
            "than 10,000 decks)")
    taken = list(itertools.islice(decks, _MOST_DECKS + 1))  # counted before any is read
    if len(taken) > _MOST_DECKS:
        raise InvalidArgumentError(
            f"decks: a game takes at most {_MOST_DECKS:,} decks (more than 10,000 decks "
            "given)")
    seating = seating_for(variant, players, 0)
    checked = []
    for i, deck in enumerate(taken):
        if isinstance(deck, Card):
            raise InvalidArgumentError(
                f"decks[{i}] is the card {deck}, not a deck: decks is a sequence of decks, "
                "one per hand (e.g. decks=[deck], not decks=deck)"
            )
        try:
            checked.append(check_deck(deck, seating))
        except InvalidDeckError as exc:
            raise InvalidDeckError(f"decks[{i}]: {exc}") from None
    return tuple(checked)


def _check_scores(
    variant: Variant, sides: tuple[tuple[int, ...], ...], scores: Sequence[int] | None
) -> tuple[int, ...] | None:
    """The starting scores: one int from 0 per side, in a points game not yet decided."""
    n = len(sides)
    if scores is None:
        return None
    if variant.scoring.scoring == "pool" and variant.bidding is None:
        raise InvalidArgumentError(
            "scores are for points games (scoring='points'); a pool game keeps chips "
            f"and a pool, not scores: got scores={safe_repr(scores)}"
        )
    if (
        isinstance(scores, str | bytes | bytearray)
        or not isinstance(scores, Sequence)
        or len(scores) != n
        or any(type(x) is not int or not -_MOST_INT <= x <= _MOST_INT for x in scores)
    ):
        raise InvalidArgumentError(
            f"scores must give one int score per side ({n} sides: {sides}; 64-bit ints; "
            f"points are kept per side, RULES.md §2.3, §2.4), got {safe_repr(scores)}"
        )
    if variant.bidding is not None:
        return _check_bidding_scores(variant.bidding, tuple(scores))
    if any(x < 0 for x in scores):
        raise InvalidArgumentError(
            f"scores={safe_repr(list(scores))}: a starting score cannot be negative: a points "
            "game only ever adds points (points_per_trick for each trick, and the bonuses; "
            "RULES.md §2.3, §2.4)"
        )
    target = variant.scoring.target
    assert target is not None
    top = max(scores)
    tied = sum(1 for x in scores if x == top) > 1
    if top >= target and not (tied and variant.scoring.target_tie == "higher-total"):
        raise InvalidArgumentError(
            f"scores={safe_repr(list(scores))}: a side already has {safe_repr(top)}, at or "
            f"over the target {target}, so that game is over (only equal top scores over "
            "the target play on, with target_tie='higher-total')"
        )
    return tuple(scores)


def _check_bidding_scores(bidding: Bidding, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Starting scores of a bidding game: any ints (a set subtracts), in a game not yet
    decided by them (BIDDING.md §3.7: the target, ``lose_at``). A side on the target or
    over it plays on when the top totals are equal (E4: equal totals decide nothing) or
    under ``target_tie="bidding-side-only"`` (only a side that has just made its bid wins,
    so a side that reached the target defending plays on: EX-E02)."""
    top = max(scores)
    tied = scores.count(top) > 1
    if (bidding.finish == "points" and top >= bidding.target and not tied
            and bidding.target_tie != "bidding-side-only"):
        raise InvalidArgumentError(
            f"scores={safe_repr(list(scores))}: a side already has {safe_repr(top)}, at or "
            f"over the target {bidding.target}, so that game is over (BIDDING.md §3.7; only equal "
            "top totals play on, or any under target_tie='bidding-side-only')"
        )
    if bidding.lose_at is not None and min(scores) <= bidding.lose_at:
        raise InvalidArgumentError(
            f"scores={safe_repr(list(scores))}: a side already has {safe_repr(min(scores))}, "
            f"at or below lose_at={bidding.lose_at}, so that game is over (BIDDING.md §3.7 E3)"
        )
    return scores


def _describe(state: GameState, name: str) -> str:
    where = "over" if state.is_over else f"hand {state.hand_number}, dealer {state.dealer}"
    money = (
        f"pool {state.pool}, chips {state.chips}"
        if state.variant.scoring.scoring == "pool"
        else f"scores {state.scores}"
    )
    return f"<{name} {state.variant.name!r} {state.players} players: {where}; {money}>"


class Game:
    """A game of any member of the family (Maw, Spoil Five, Twenty-Five, Forty-Five and the
    bidding games), played in place: a mutable wrapper around a :class:`GameState`
    (:attr:`Game.state`).

    :meth:`apply` moves the game on (atomically: a refused action, or a failure while
    settling the hand or dealing the next, leaves the game exactly as it was), and
    :meth:`play_hand` and :meth:`play` let bots play. The rules are those of
    :class:`GameState`; the arguments are those of :func:`new_game`. Note that
    ``Game(..., hands=N)`` is a limit on the whole game (it is over after ``N`` hands in
    all), while ``game.play(bots, hands=N)`` plays ``N`` *more* hands.

    Raises:
        UnknownVariantError, PlayerCountError, InvalidDeckError, InvalidArgumentError: as
            for :func:`new_game`.

    >>> import trumpfamily as tf
    >>> game = tf.Game(tf.SPOIL_FIVE, players=4, seed=1)
    >>> game.play([tf.RuleOfThumbPlayer()] * 4, hands=2)
    >>> len(game.outcomes), sum(game.chips) + game.pool, game.state.hand_number
    (2, 0, 3)
    """

    def __init__(
        self,
        variant: Variant | str,
        *,
        players: int,
        seed: int | str | bytes | None = None,
        dealer: int | None = None,
        hands: int | None = None,
        decks: Iterable[str | Iterable[Card | str]] = (),
        scores: Sequence[int] | None = None,
        commit: bool | bytes = False,
    ) -> None:
        self._state = new_game(
            variant,
            players=players,
            seed=seed,
            dealer=dealer,
            hands=hands,
            decks=decks,
            scores=scores,
            commit=commit,
        )

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A :class:`Game` that plays on from ``state``, e.g. a game restored with
        :func:`~trumpfamily.records.replay_game`.

        Args:
            state: a :class:`GameState`.

        Returns:
            A new mutable game whose :attr:`state` is ``state``.

        Raises:
            InvalidArgumentError: ``state`` is not a :class:`GameState`.

        >>> import trumpfamily as tf
        >>> state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=4, hands=2)
        >>> saved = state.apply(state.legal_actions()[0]).record()
        >>> game = tf.Game.from_state(tf.replay_game(saved))
        >>> game.play([tf.RuleOfThumbPlayer()] * 3)
        >>> game.is_over, len(game.outcomes)
        (True, 2)
        """
        if not isinstance(state, GameState):
            raise InvalidArgumentError(
                f"Game.from_state needs a GameState (tf.new_game(...) or tf.replay_game(...)), "
                f"got {type(state).__name__}"
            )
        game = cls.__new__(cls)
        game._state = state
        return game

    # -- public state ------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game now, as an immutable :class:`GameState` (keep it to branch or save;
        :meth:`from_state` makes a :class:`Game` from one)."""
        return self._state

    @property
    def variant(self) -> Variant:
        """The rules."""
        return self._state.variant

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._state.players

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side."""
        return self._state.sides

    @property
    def first_dealer_cards(self) -> tuple[Card, ...]:
        """The cards dealt face up to choose the first dealer (``()`` unless
        ``first_dealer="first-jack"`` chose him)."""
        return self._state.first_dealer_cards

    @property
    def outcomes(self) -> list[HandOutcome]:
        """The :class:`~trumpfamily.outcomes.HandOutcome` of every finished hand (a new
        list; see :attr:`GameState.outcomes`), including the partial outcome
        (``complete=False``) of a points hand stopped where a side reached the target."""
        return list(self._state.outcomes)

    @property
    def last_hand(self) -> AnyHand | None:
        """The final state of the last finished hand (or of the hand stopped where a side
        reached the target), or ``None``."""
        return self._state.last_hand

    @property
    def hand(self) -> AnyHand:
        """The hand in progress (or, once the game is over, the last one)."""
        return self._state.hand

    @property
    def chips(self) -> tuple[int, ...]:
        """Net chips per seat: winnings minus stakes (0 at the start; pool games)."""
        return self._state.chips

    @property
    def pool(self) -> int:
        """Chips in the pool now (pool games); ``sum(chips) + pool == 0``."""
        return self._state.pool

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per side (points games; zeros in pool games)."""
        return self._state.scores

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._state.dealer

    @property
    def hand_number(self) -> int:
        """How many hands have been dealt (1 for the first)."""
        return self._state.hand_number

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a points game won, or the ``hands`` limit reached;
        a pool game without a limit never ends)."""
        return self._state.is_over

    @property
    def winner(self) -> int | None:
        """The winning side (== seat without partnerships) of a points game, else ``None``."""
        return self._state.winner

    @property
    def to_act(self) -> int | None:
        """The seat to act in the current hand (``None`` once the game is over)."""
        return self._state.to_act

    def legal_actions(self) -> tuple[Action, ...]:
        """The current hand's legal actions (``()`` once the game is over)."""
        return self._state.legal_actions()

    def view(self, seat: int) -> AnyView:
        """What ``seat`` may see, with the game's context (:meth:`GameState.view`).

        Raises:
            InvalidSeatError: ``seat`` is not a seat.
        """
        return self._state.view(seat)

    def record(self, *, key: bytes | None = None) -> dict[str, Any]:
        """The JSON-serialisable record of the whole game so far (:meth:`GameState.record`,
        signed with ``key`` if given; :func:`~trumpfamily.records.replay_game` rebuilds
        it).

        Raises:
            InvalidArgumentError: ``key`` is not non-empty bytes.
        """
        return self._state.record(key=key)

    # -- moves -------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> AnyHand:
        """Apply ``action`` to the current hand; settle it and deal the next when it ends.

        Atomic: if anything fails, the game (hand, chips, pool, scores, outcomes, dealer)
        is exactly as it was before the call.

        Args:
            action: a legal action of the current hand.
            seat: optionally, the seat making it (an int, checked against ``to_act``).

        Returns:
            The hand in progress after the action (a new deal if that one ended; the last
            hand once the game is over).

        Raises:
            IllegalActionError: the game is over, or the hand refuses the action (the game
                is then unchanged).
        """
        self._state = self._state.apply(action, seat)
        return self._state.hand

    def play_hand(self, bots: Sequence[Player]) -> HandOutcome | None:
        """Play the current hand to its end with one player object per seat.

        Args:
            bots: one :class:`~trumpfamily.players.Player` per seat, in seat order; each is
                shown only its own seat's :meth:`view`, except a cheating
                :class:`~trumpfamily.players.OraclePlayer` (a bot with
                ``choose_state(state, seat)``), which is given the current hand's full
                state instead (every seat's cards: an upper reference, not a fair bot).

        Returns:
            The hand's outcome (``complete=False`` if a side reached the target in the
            middle of it and so won the game), or ``None`` if the game was already over.

        Raises:
            PlayerCountError: ``bots`` is not a sequence of one player per seat.
            InvalidArgumentError: one of ``bots`` has neither a ``choose(view)`` nor a
                ``choose_state(state, seat)`` method.
            IllegalActionError: a player chose an illegal action; the message names the
                seat and the player (the game is left as it was before that action).
        """
        self._check_bots(bots)
        count = len(self._state.outcomes)
        while not self._state.is_over and len(self._state.outcomes) == count:
            state = self._state
            seat = state.to_act
            assert seat is not None
            player = bots[seat]
            oracle = getattr(player, "choose_state", None)
            if callable(oracle):  # a cheating bot (players.OraclePlayer): the whole hand
                action = oracle(state.hand, seat)
            else:
                action = player.choose(state.view(seat))
            try:
                self._state = state.apply(action, seat)
            except IllegalActionError as exc:
                raise IllegalActionError(
                    action,
                    f"the player at seat {seat} ({type(player).__name__}) chose it, but "
                    f"{exc.reason}",
                    code=exc.code,
                    legal=exc.legal,
                    seat=seat,
                    expected_seat=exc.expected_seat,
                    rule=exc.rule,
                    sources=exc.sources,
                ) from None
        outcomes = self._state.outcomes
        return outcomes[count] if len(outcomes) > count else None

    def play(self, bots: Sequence[Player], *, hands: int | None = None) -> int | None:
        """Play hands with the given players until the game is over, or ``hands`` more
        hands have been played (needed for pool games, which never end by themselves).

        Args:
            bots: one :class:`~trumpfamily.players.Player` per seat, in seat order.
            hands: play at most this many *more* hands, counted from now (an int from 0);
                ``None``: until the game is over. Unlike ``hands=`` in :func:`new_game`
                and ``Game(...)``, which limits the whole game, this counts only the hands
                this call plays.

        Returns:
            :attr:`winner`.

        Raises:
            InvalidArgumentError: a pool game without any hand limit (it would never end),
                or ``hands`` is not an int from 0; a bidding game whose rules do not bound
                it (no ``lose_at``, no ``sets_to_lose``, ``finish="points"``) that has not
                ended after :data:`UNBOUNDED_HANDS` hands of this call without a ``hands``
                limit (players who bid at random are set for ever; the hands played stay
                played); also as for :meth:`play_hand`.
            PlayerCountError, IllegalActionError: as for :meth:`play_hand`.
        """
        if hands is not None and (type(hands) is not int or hands < 0):
            raise InvalidArgumentError(f"hands={hands!r}: expected an int from 0, or None")
        state = self._state
        if hands is None and state.hands_left is None and state.variant.scoring.scoring == "pool":
            raise InvalidArgumentError(
                "a pool game never ends by itself: pass hands=N (or Game(..., hands=N))"
            )
        self._check_bots(bots)
        bidding = state.variant.bidding
        unbounded = (
            hands is None and state.hands_left is None and bidding is not None
            and bidding.finish != "hands" and bidding.lose_at is None
            and bidding.sets_to_lose is None
        )
        played = 0
        while not self._state.is_over and (hands is None or played < hands):
            if unbounded and played == UNBOUNDED_HANDS:
                raise InvalidArgumentError(
                    f"the game has not ended after {UNBOUNDED_HANDS:,} hands (scores "
                    f"{self._state.scores}): under these rules a side that keeps being set "
                    "falls for ever and nobody may reach the target (no lose_at, no "
                    "sets_to_lose, finish='points'; BIDDING.md §3.7), as players who bid "
                    "at random do; pass hands=N to stop after N hands. The hands played "
                    "stay played."
                )
            self.play_hand(bots)
            played += 1
        return self._state.winner

    def _check_bots(self, bots: Sequence[Player]) -> None:
        if not isinstance(bots, Sequence) or len(bots) != self.players:
            got = len(bots) if isinstance(bots, Sequence) else repr(bots)
            raise PlayerCountError(
                f"bots must be a sequence of players, one per seat ({self.players}), got {got}"
            )
        for i, player in enumerate(bots):
            if not (callable(getattr(player, "choose", None))
                    or callable(getattr(player, "choose_state", None))):
                raise InvalidArgumentError(
                    f"bots[{i}] is not a Player (has no choose(view), nor "
                    f"choose_state(state, seat)): got {type(player).__name__} {player!r:.60}"
                )

    def __repr__(self) -> str:
        return _describe(self._state, "Game")
