"""Games: successive hands with the deal passing left, the pool or the running scores
(RULES.md §1.7, §1.8, §2.1.6, §2.2.7, §2.3, §2.4).

A :class:`Game` deals hand after hand (:attr:`Game.hand`), takes the antes, pays the pool,
carries spoils, collects jink bonuses, and in points games keeps the scores until a side
reaches the target.

Chips are *net* amounts: every seat starts on 0 and antes make it negative, so
``sum(game.chips) + game.pool == 0`` at every moment (nothing is created or lost; an
indivisible remainder of a shared pool stays in the pool).

>>> import trumpfamily as tf
>>> game = tf.Game(tf.FORTY_FIVE, players=3, seed=4)
>>> bots = [tf.RandomPlayer(seed=i) for i in range(3)]
>>> winner = game.play(bots)
>>> game.is_over, max(game.scores) >= 45, winner == game.winner
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ._deal import check_deck, seating_for, seeded_random
from .actions import Action
from .cards import Card, Rank, parse_cards
from .engine import HandOutcome, HandState, SeatView, new_hand
from .errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidDeckError,
    PlayerCountError,
)
from .jinking import jink_payments
from .scoring import antes, split_pool
from .variants import Variant, find_variant

if TYPE_CHECKING:
    from .players import Player

__all__ = ["Game", "first_jack"]




class _Saved(NamedTuple):
    """A game's mutable state, to restore if a move fails half-way (``Game.apply``)."""

    hand: HandState
    chips: tuple[int, ...]
    pool: int
    scores: tuple[int, ...]
    outcomes: int
    last_hand: HandState | None
    after_spoil: bool
    winner: int | None
    over: bool
    dealer: int
    next_deck: int
    rng: Any


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


class Game:
    """A game of Maw, Spoil Five, Twenty-Five or Forty-Five: successive hands.

    The game is a mutable driver around immutable :class:`~trumpfamily.engine.HandState`
    values: :meth:`apply` advances the current hand and, when it ends, settles it and
    deals the next one (the deal passing left, RULES.md §1.8).

    Pool games (§1.7): before each deal the seats ante by :func:`~trumpfamily.scoring.antes`
    (a fresh pool: ``ante`` each and ``dealer_ante`` from the dealer, EX-57; after a spoil:
    ``spoil_ante``, EX-58). The winner takes the pool (a side shares it evenly; an
    indivisible remainder stays in the pool), a successful jink adds the jink bonus from
    every other player (EX-60), and a spoil carries the pool. **Pool games never end by
    themselves**: :attr:`is_over` stays ``False`` unless a ``hands`` limit is given, and
    :attr:`winner` stays ``None`` (compare :attr:`chips`).

    Points games (§2.3, §2.4): each hand's side points are added to :attr:`scores` (per
    side). ``five_tricks="wins-game"``: a side taking all five tricks wins at once (EX-75,
    EX-76). ``target_tie="first-to-reach"``: the game ends the moment a side reaches the
    target, trick by trick (5 a trick; the best-trump bonus and the five-trick bonus are
    counted at the end of the hand), and the rest of that hand is not played (EX-68,
    EX-69). ``"higher-total"``: at the end of a hand, of the sides on or over the target the
    higher total wins (W45). Exactly equal top totals: another hand is played.

    Args:
        variant: the rules, or a preset's name (:func:`~trumpfamily.variants.find_variant`).
        players: the number of seats (an int).
        seed: seeds the shuffles (and the first-Jack deal) for a reproducible game.
        dealer: the first dealer. ``None``: by the variant's ``first_dealer`` (``"first-jack"``:
            cards dealt face up from a seeded shuffle until a Jack, EX-54; ``"given"``: seat 0).
        hands: stop after this many hands (any scoring): an int from 1; ``None`` for no
            limit.
        decks: explicit deck orders (top card first) for the first deals, for stacked
            games: a sequence of decks, one per hand (each a string of cards or a sequence
            of cards), checked here, all of them; later deals are shuffled.
        scores: points games only: starting scores per side (ints), e.g. to resume a game.
            A game the scores have already decided (a side at or over ``target``, unless
            ``target_tie="higher-total"`` and the top scores are tied) is refused.

    Raises:
        UnknownVariantError: ``variant`` is neither a Variant nor a preset's name.
        PlayerCountError: ``players`` or ``dealer`` does not suit the variant.
        InvalidDeckError: a deck in ``decks`` is not exactly the variant's deck (the message
            names which one, ``decks[i]``).
        InvalidArgumentError: ``hands`` is not ``None`` or an int from 1; ``decks`` is a
            single string or deck rather than a sequence of decks; ``scores`` is given for
            a pool game, is not one int per side, or has already decided the game;
            ``seed`` is not a seed.

    Attributes:
        variant: the rules.
        players: the number of seats.
        sides: the seats of each side.
        first_dealer_cards: the cards dealt face up to choose the first dealer (``()``
            unless ``first_dealer="first-jack"`` chose him).
        outcomes: the :class:`~trumpfamily.engine.HandOutcome` of every finished hand.
        last_hand: the final state of the last finished hand, or ``None``.
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
    ) -> None:
        variant = find_variant(variant)
        self.variant: Final = variant
        self.sides: Final = variant.table.sides(players)  # raises PlayerCountError
        self.players: Final = players
        scoring = variant.scoring
        self._pool_game = scoring.scoring == "pool"
        if hands is not None and (type(hands) is not int or hands < 1):
            raise InvalidArgumentError(
                f"hands={hands!r}: the number of hands to play must be an int from 1, or None "
                "for no limit"
            )
        self._limit = hands
        self._decks = self._check_decks(decks)
        self._next_deck = 0
        self._rng = seeded_random(seed)
        self.first_dealer_cards: tuple[Card, ...] = ()
        if dealer is None:
            if variant.table.first_dealer == "first-jack":
                cards = list(variant.ranking.deck())
                self._rng.shuffle(cards)
                dealer, self.first_dealer_cards = first_jack(cards, players)
            else:
                dealer = 0
        if type(dealer) is not int or not 0 <= dealer < players:
            raise PlayerCountError(f"dealer={dealer!r} is not a seat: seats are 0..{players - 1}")
        self._dealer = dealer
        self._chips = [0] * players
        self._pool = 0
        self._scores = self._check_scores(scores)
        self._after_spoil = False
        self._winner: int | None = None
        self._over = False
        self.outcomes: list[HandOutcome] = []
        self.last_hand: HandState | None = None
        self._hand = self._deal()

    def _check_decks(
        self, decks: Iterable[str | Iterable[Card | str]]
    ) -> list[tuple[Card, ...]]:
        """Every deck of ``decks``, read and checked now (not when its hand comes)."""
        if isinstance(decks, str | Card) or not isinstance(decks, Iterable):
            raise InvalidArgumentError(
                f"decks must be a sequence of decks, one per hand (e.g. decks=[deck]), got "
                f"{type(decks).__name__} {decks!r:.60}"
            )
        seating = seating_for(self.variant, self.players, 0)
        checked = []
        for i, deck in enumerate(decks):
            if isinstance(deck, Card):
                raise InvalidArgumentError(
                    f"decks[{i}] is the card {deck}, not a deck: decks is a sequence of decks, "
                    "one per hand (e.g. decks=[deck], not decks=deck)"
                )
            try:
                checked.append(check_deck(deck, seating))
            except InvalidDeckError as exc:
                raise InvalidDeckError(f"decks[{i}]: {exc}") from None
        return checked

    def _check_scores(self, scores: Sequence[int] | None) -> list[int]:
        """The starting scores: one int per side, in a points game not yet decided."""
        n = len(self.sides)
        if scores is None:
            return [0] * n
        if self._pool_game:
            raise InvalidArgumentError(
                "scores are for points games (scoring='points'); a pool game keeps chips "
                f"and a pool, not scores: got scores={scores!r}"
            )
        if (
            isinstance(scores, str)
            or not isinstance(scores, Sequence)
            or len(scores) != n
            or any(type(x) is not int for x in scores)
        ):
            raise InvalidArgumentError(
                f"scores must give one int score per side ({n} sides: {self.sides}), got "
                f"{scores!r}"
            )
        target = self.variant.scoring.target
        assert target is not None
        top = max(scores)
        tied = sum(1 for x in scores if x == top) > 1
        if top >= target and not (tied and self.variant.scoring.target_tie == "higher-total"):
            raise InvalidArgumentError(
                f"scores={list(scores)!r}: a side already has {top}, at or over the target "
                f"{target}, so that game is over (only equal top scores over the target play "
                "on, with target_tie='higher-total')"
            )
        return list(scores)

    # -- public state ------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The hand in progress (or, once the game is over, the last one)."""
        return self._hand

    @property
    def chips(self) -> tuple[int, ...]:
        """Net chips per seat: winnings minus stakes (0 at the start; pool games)."""
        return tuple(self._chips)

    @property
    def pool(self) -> int:
        """Chips in the pool now (pool games); ``sum(chips) + pool == 0``."""
        return self._pool

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per side (points games; zeros in pool games)."""
        return tuple(self._scores)

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._dealer

    @property
    def hand_number(self) -> int:
        """How many hands have been dealt (1 for the first)."""
        return len(self.outcomes) + (0 if self._hand.is_over else 1)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a points game won, or the ``hands`` limit reached;
        a pool game without a limit never ends)."""
        return self._over

    @property
    def winner(self) -> int | None:
        """The winning side (== seat without partnerships) of a points game, else ``None``."""
        return self._winner

    @property
    def to_act(self) -> int | None:
        """The seat to act in the current hand (``None`` once the game is over)."""
        return None if self._over else self._hand.to_act

    def legal_actions(self) -> tuple[Action, ...]:
        """The current hand's legal actions (``()`` once the game is over)."""
        return () if self._over else self._hand.legal_actions()

    def view(self, seat: int) -> SeatView:
        """``hand.view(seat)``: what ``seat`` may see of the current hand.

        Raises:
            InvalidSeatError: ``seat`` is not a seat.
        """
        return self._hand.view(seat)

    # -- moves -------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> HandState:
        """Apply ``action`` to the current hand; settle it and deal the next when it ends.

        Atomic: if anything fails, the game (hand, chips, pool, scores, outcomes, dealer)
        is exactly as it was before the call.

        Args:
            action: a legal action of the current hand.
            seat: optionally, the seat making it (an int, checked against ``to_act``).

        Returns:
            The hand in progress after the action (a new deal if that one ended).

        Raises:
            IllegalActionError: the game is over, or the hand refuses the action (the game
                is then unchanged).
        """
        if self._over:
            raise IllegalActionError(action, "the game is over")
        before = self._hand
        hand = before.apply(action, seat)
        if not hand.is_over and (self._pool_game or len(hand.tricks) == len(before.tricks)):
            self._hand = hand  # the common case: nothing to settle
            return hand
        saved = self._save()
        try:
            return self._advance(before, hand)
        except BaseException:
            self._restore(saved)
            raise

    def _advance(self, before: HandState, hand: HandState) -> HandState:
        self._hand = hand
        if not self._pool_game and len(hand.tricks) > len(before.tricks):
            side = self._first_to_reach(hand)
            if side is not None:
                if hand.is_over:
                    self._record(hand)
                else:
                    self._add_trick_points(hand)
                self._finish(side)
                return hand
        if hand.is_over:
            self._settle(hand)
            if self._limit is not None and len(self.outcomes) >= self._limit:
                self._over = True
            if not self._over:
                self._dealer = (self._dealer + 1) % self.players
                self._hand = self._deal()
        return self._hand

    def _save(self) -> _Saved:
        return _Saved(
            self._hand,
            tuple(self._chips),
            self._pool,
            tuple(self._scores),
            len(self.outcomes),
            self.last_hand,
            self._after_spoil,
            self._winner,
            self._over,
            self._dealer,
            self._next_deck,
            self._rng.getstate(),
        )

    def _restore(self, saved: _Saved) -> None:
        self._hand = saved.hand
        self._chips = list(saved.chips)
        self._pool = saved.pool
        self._scores = list(saved.scores)
        del self.outcomes[saved.outcomes :]
        self.last_hand = saved.last_hand
        self._after_spoil = saved.after_spoil
        self._winner = saved.winner
        self._over = saved.over
        self._dealer = saved.dealer
        self._next_deck = saved.next_deck
        self._rng.setstate(saved.rng)

    def play_hand(self, players: Sequence[Player]) -> HandOutcome | None:
        """Play the current hand to its end with one player object per seat.

        Returns:
            The hand's outcome, or ``None`` if the game ended during the hand (a
            ``first-to-reach`` target).

        Raises:
            PlayerCountError: ``players`` is not a sequence of one player per seat.
            InvalidArgumentError: one of ``players`` has no ``choose(view)`` method.
            IllegalActionError: a player chose an illegal action; the message names the
                seat and the player (the game is left as it was before that action).
        """
        if not isinstance(players, Sequence) or len(players) != self.players:
            got = len(players) if isinstance(players, Sequence) else repr(players)
            raise PlayerCountError(
                f"need a sequence of players, one per seat ({self.players}), got {got}"
            )
        for i, player in enumerate(players):
            if not callable(getattr(player, "choose", None)):
                raise InvalidArgumentError(
                    f"players[{i}] is not a Player (has no choose(view)): got "
                    f"{type(player).__name__} {player!r:.60}"
                )
        count = len(self.outcomes)
        while not self._over and len(self.outcomes) == count:
            seat = self._hand.to_act
            assert seat is not None
            player = players[seat]
            action = player.choose(self._hand.view(seat))
            try:
                self.apply(action, seat)
            except IllegalActionError as exc:
                raise IllegalActionError(
                    action,
                    f"the player at seat {seat} ({type(player).__name__}) chose it, but "
                    f"{exc.reason}",
                ) from None
        return self.outcomes[count] if len(self.outcomes) > count else None

    def play(self, players: Sequence[Player], *, hands: int | None = None) -> int | None:
        """Play hands with the given players until the game is over, or ``hands`` more
        hands have been played (needed for pool games, which never end by themselves).

        Returns:
            :attr:`winner`.

        Raises:
            InvalidArgumentError: a pool game without any hand limit (it would never end),
                or ``hands`` is not an int from 0.
            PlayerCountError, IllegalActionError: as for :meth:`play_hand`.
            InvalidArgumentError: also as for :meth:`play_hand`.
        """
        if hands is not None and (type(hands) is not int or hands < 0):
            raise InvalidArgumentError(f"hands={hands!r}: expected an int from 0, or None")
        if hands is None and self._limit is None and self._pool_game:
            raise InvalidArgumentError(
                "a pool game never ends by itself: pass hands=N (or Game(..., hands=N))"
            )
        played = 0
        while not self._over and (hands is None or played < hands):
            self.play_hand(players)
            played += 1
        return self._winner

    # -- internals ---------------------------------------------------------------------

    def _deal(self) -> HandState:
        deck: tuple[Card, ...] | None = None
        if self._next_deck < len(self._decks):
            deck = self._decks[self._next_deck]
            self._next_deck += 1
        if self._pool_game:
            stakes = antes(
                self.variant.scoring, self.players, self._dealer, after_spoil=self._after_spoil
            )
            for seat, chips in enumerate(stakes):
                self._chips[seat] -= chips
                self._pool += chips
        if deck is not None:
            return new_hand(self.variant, players=self.players, dealer=self._dealer, deck=deck)
        return new_hand(
            self.variant, players=self.players, dealer=self._dealer, seed=self._rng.getrandbits(64)
        )

    def _record(self, hand: HandState) -> HandOutcome:
        outcome = hand.outcome
        assert outcome is not None
        self.outcomes.append(outcome)
        self.last_hand = hand
        if outcome.side_points is not None:
            for side, points in enumerate(outcome.side_points):
                self._scores[side] += points
        return outcome

    def _settle(self, hand: HandState) -> None:
        outcome = self._record(hand)
        variant = self.variant
        if self._pool_game:
            if outcome.winner is None:
                self._after_spoil = True
                return
            self._after_spoil = False
            seats = outcome.winner_seats
            share, self._pool = split_pool(self._pool, len(seats))
            for seat in seats:
                self._chips[seat] += share
            if outcome.jink_succeeded:
                for seat, chips in enumerate(
                    jink_payments(variant.jinking, variant.scoring, self.sides, outcome.winner)
                ):
                    self._chips[seat] += chips
            return
        scoring = variant.scoring
        if scoring.five_tricks == "wins-game" and outcome.all_five is not None:
            self._finish(outcome.all_five)
            return
        assert scoring.target is not None
        reached = [s for s, score in enumerate(self._scores) if score >= scoring.target]
        if reached:
            top = max(self._scores[s] for s in reached)
            leaders = [s for s in reached if self._scores[s] == top]
            if len(leaders) == 1:
                self._finish(leaders[0])

    def _first_to_reach(self, hand: HandState) -> int | None:
        """``target_tie="first-to-reach"``: the side whose trick just taken brings it to the
        target (5 a trick; the bonuses count only at the end of the hand), else ``None``."""
        scoring = self.variant.scoring
        if scoring.target_tie != "first-to-reach":
            return None
        assert scoring.target is not None and scoring.points_per_trick is not None
        winner = hand.tricks[-1].winner
        side = next(i for i, seats in enumerate(self.sides) if winner in seats)
        taken = sum(hand.trick_counts[s] for s in self.sides[side])
        if self._scores[side] + taken * scoring.points_per_trick >= scoring.target:
            return side
        return None

    def _add_trick_points(self, hand: HandState) -> None:
        """The game ended mid-hand: credit the tricks taken so far (5 each)."""
        ppt = self.variant.scoring.points_per_trick
        assert ppt is not None
        for i, seats in enumerate(self.sides):
            self._scores[i] += ppt * sum(hand.trick_counts[s] for s in seats)

    def _finish(self, side: int) -> None:
        self._winner = side
        self._over = True

    def __repr__(self) -> str:
        state = "over" if self._over else f"hand {self.hand_number}, dealer {self._dealer}"
        money = (
            f"pool {self._pool}, chips {self.chips}" if self._pool_game else f"scores {self.scores}"
        )
        return f"<Game {self.variant.name!r} {self.players} players: {state}; {money}>"
