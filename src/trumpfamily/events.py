"""Events: frozen records of what each action did, for narrators, logs and servers.

Every :meth:`HandState.apply <trumpfamily.engine.HandState.apply>` and
:meth:`GameState.apply <trumpfamily.game.GameState.apply>` returns a new state whose
``events`` attribute holds what that action caused, in order: a card played, then perhaps
the trick won, then perhaps the hand scored, the next deal, the game over. They are all
you need to tell a game as it happens (the command line's play loop and the demo tell it
from these alone), with no need to look at the deck.

Events are the whole truth, as the server knows it: :class:`Dealt` holds every seat's
hand and :class:`Robbed` the face-down discard. Every event class below has a method
``seen_by(seat)`` that gives the event as that seat may see it: other seats' cards and
discards removed (:meth:`Dealt.seen_by`, :meth:`Robbed.seen_by`), or the event
unchanged when nothing in it is hidden. The function :func:`seen_by` does so for a
sequence of events.

>>> import trumpfamily as tf
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
>>> [type(e).__name__ for e in state.events]
['Dealt', 'TurnedUp']
>>> state = state.apply(state.legal_actions()[-1])
>>> state.events
(Played(seat=1, card=Card.parse('5H'), demoted=False),)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from .cards import Card, Suit
from .errors import InvalidArgumentError
from .outcomes import HandOutcome

__all__ = [
    "AuctionWon",
    "BidMade",
    "Claimed",
    "Dealt",
    "Discarded",
    "Drew",
    "Event",
    "ExtraCardsTaken",
    "FiveAccepted",
    "FiveAsked",
    "FiveRefused",
    "HandOver",
    "Jinked",
    "JokerTaken",
    "KittyTaken",
    "Passed",
    "Played",
    "RobDeclined",
    "Robbed",
    "ThrownIn",
    "TrickWon",
    "TrumpNamed",
    "TurnedUp",
    "seen_by",
]


class _Public:
    """Mixin for events that every seat sees whole."""

    def seen_by(self, seat: int) -> Event:
        """This event as ``seat`` sees it: the same, since nothing in it is hidden."""
        return self  # type: ignore[return-value]


@attrs.frozen
class Dealt:
    """A hand was dealt (RULES.md §1.8; BIDDING.md §3.2: the kitty and the stock are
    face down, and any extra cards come with :class:`ExtraCardsTaken`).

    Attributes:
        dealer: the dealer's seat.
        hands: each seat's five cards, in dealt order; in :meth:`seen_by` only that seat's
            own hand is kept (the others are ``()``).
        hand_number: in a game, the number of this hand (1 for the first), else ``None``.
    """

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    hand_number: int | None = None

    def seen_by(self, seat: int) -> Dealt:
        """This deal as ``seat`` sees it: its own cards only."""
        hands = tuple(h if i == seat else () for i, h in enumerate(self.hands))
        return attrs.evolve(self, hands=hands)


@attrs.frozen
class TurnedUp(_Public):
    """A card was turned up for trumps (RULES.md §1.8); a turned-up joker names no trump
    until the dealer has taken it and the next card is turned (§2.8, EX-53).

    Attributes:
        card: the card turned.
        trump: the trump suit it sets, or ``None`` for the joker.
    """

    card: Card
    trump: Suit | None


@attrs.frozen
class JokerTaken:
    """The dealer took a turned-up joker, discarding a card face down (RULES.md §2.8).

    Attributes:
        seat: the dealer.
        discard: the face-down discard (``None`` in :meth:`seen_by` of another seat).
    """

    seat: int
    discard: Card | None

    def seen_by(self, seat: int) -> JokerTaken:
        """This event as ``seat`` sees it: the discard only for the dealer."""
        return self if seat == self.seat else attrs.evolve(self, discard=None)


@attrs.frozen
class Robbed:
    """A seat robbed the turn-up, discarding a card face down (RULES.md §1.5).

    Attributes:
        seat: the robber.
        card: the turn-up taken.
        discard: the face-down discard (``None`` in :meth:`seen_by` of another seat).
    """

    seat: int
    card: Card
    discard: Card | None

    def seen_by(self, seat: int) -> Robbed:
        """This event as ``seat`` sees it: the discard only for the robber."""
        return self if seat == self.seat else attrs.evolve(self, discard=None)


@attrs.frozen
class RobDeclined(_Public):
    """A seat declined to rob, aloud: the holder announced the Ace of trumps, or the
    dealer with an Ace turned said "I play these" (RULES.md §1.5).

    Attributes:
        seat: the seat that declined.
    """

    seat: int


@attrs.frozen
class Passed(_Public):
    """A seat passed a prompt every seat gets alike (``Pass()``; RULES.md §1.5).

    Attributes:
        seat: the seat that passed.
        prompt: ``"rob"`` (the round of rob prompts before the lead: no rob from this
            seat), ``"five"`` (eldest does not ask to five) or ``"auction"`` (a pass in
            the auction of a bidding game, BIDDING.md §2.3).
    """

    seat: int
    prompt: str = "rob"


@attrs.frozen
class FiveAsked(_Public):
    """Eldest asked the dealer to five (two players; RULES.md §2.1.7 (6)).

    Attributes:
        seat: eldest.
    """

    seat: int


@attrs.frozen
class FiveAccepted(_Public):
    """The dealer agreed to five: cards were turned face up until a new suit (EX-56).

    Attributes:
        seat: the dealer.
        fived: the cards turned and set aside, in order (the old turn-up first).
        turn_up: the new turn-up, whose suit is trumps.
    """

    seat: int
    fived: tuple[Card, ...]
    turn_up: Card


@attrs.frozen
class FiveRefused(_Public):
    """The dealer refused to five (RULES.md §2.1.7 (6)).

    Attributes:
        seat: the dealer.
    """

    seat: int


@attrs.frozen
class Played(_Public):
    """A seat played a card to the current trick (RULES.md §1.3, §1.4).

    Attributes:
        seat: the seat that played.
        card: the card.
        demoted: the card is the Ace of trumps demoted to the lowest trump because its
            holder did not rob (the ``unrobbed_ace`` penalty; RULES.md §1.5, EX-17): it
            shows for what it is once played.
    """

    seat: int
    card: Card
    demoted: bool = False


@attrs.frozen
class TrickWon(_Public):
    """A trick was completed (RULES.md §1.3).

    Attributes:
        seat: the winner, who leads next.
        number: the trick's number in the hand, 1 to 5.
        cards: its cards in play order, lead first.
        leader: the seat that led.
    """

    seat: int
    number: int
    cards: tuple[Card, ...]
    leader: int


@attrs.frozen
class Claimed(_Public):
    """The winner of the first three tricks claimed the pool (RULES.md §1.6, EX-59).

    Attributes:
        seat: the seat that claimed.
        side: its side.
    """

    seat: int
    side: int


@attrs.frozen
class Jinked(_Public):
    """The winner of the first three tricks jinked: he plays on for all five (§1.6).

    Attributes:
        seat: the jinker.
        side: his side.
    """

    seat: int
    side: int


@attrs.frozen
class HandOver(_Public):
    """The hand ended (RULES.md §1.6, §1.7, §2.3, §2.4).

    Attributes:
        outcome: its :class:`~trumpfamily.outcomes.HandOutcome`.
    """

    outcome: HandOutcome


# -- the bidding games (BIDDING.md; trumpfamily.bidding.engine) ------------------------------


@attrs.frozen
class BidMade(_Public):
    """A seat bid in the auction (BIDDING.md §2.3, §3.3). Its pass is :class:`Passed`
    with ``prompt="auction"``.

    Attributes:
        seat: the seat that bid.
        amount: the points bid (60 for every bid above the ladder).
        hold: the dealer took the standing bid at the same amount (his hold).
        kind: what the bid is: ``"bid"`` on the ladder, else the extra bid's name
            (``"slam"``, ``"thirty-for-sixty"``, ``"moon"``, ``"sixty"``:
            :data:`~trumpfamily.bidding.component.ContractKind`).
    """

    seat: int
    amount: int
    hold: bool = False
    kind: str = "bid"


@attrs.frozen
class AuctionWon(_Public):
    """The auction is over and a seat has the contract (BIDDING.md §3.3, §7.1 #3).

    Attributes:
        seat: the auction winner, who names trumps.
        amount: the contract, points (60 for every bid above the ladder).
        bagged: everybody else passed and the dealer was forced to take it
            (``all_pass="bag-dealer"``).
        kind: what the contract is: ``"bid"`` on the ladder, else the extra bid's name
            (a ``"slam"`` and a ``"moon"`` are both 60:
            :data:`~trumpfamily.bidding.component.ContractKind`).
    """

    seat: int
    amount: int
    bagged: bool = False
    kind: str = "bid"


@attrs.frozen
class ThrownIn(_Public):
    """Everybody passed: the hand is thrown in (``all_pass="redeal-next"`` or
    ``"redeal-same"``; BIDDING.md §3.3 B7, EX-B08). :class:`HandOver` follows.

    Attributes:
        dealer: the dealer of the hand thrown in.
    """

    dealer: int


@attrs.frozen
class TrumpNamed(_Public):
    """The auction winner named trumps (BIDDING.md §3.4).

    Attributes:
        seat: the auction winner.
        trump: the trump suit.
    """

    seat: int
    trump: Suit


@attrs.frozen
class KittyTaken:
    """The auction winner took the kitty into his hand (BIDDING.md §3.4).

    Attributes:
        seat: the auction winner.
        cards: the kitty's cards (``None`` in :meth:`seen_by` of another seat).
    """

    seat: int
    cards: tuple[Card, ...] | None

    def seen_by(self, seat: int) -> KittyTaken:
        """This event as ``seat`` sees it: the kitty's cards only for the auction winner."""
        return self if seat == self.seat else attrs.evolve(self, cards=None)


@attrs.frozen
class ExtraCardsTaken:
    """Each seat took up its extra cards once trumps were named (option ``extra_cards``;
    WFF: they may not be looked at before; BIDDING.md §7.1 #9).

    Attributes:
        seat: the seat.
        cards: its extra cards (``None`` in :meth:`seen_by` of another seat).
    """

    seat: int
    cards: tuple[Card, ...] | None

    def seen_by(self, seat: int) -> ExtraCardsTaken:
        """This event as ``seat`` sees it: the cards only for their holder."""
        return self if seat == self.seat else attrs.evolve(self, cards=None)


@attrs.frozen
class Discarded:
    """A seat put cards face down: the bidder's kitty discard, or a discard before the
    draw (BIDDING.md §3.4).

    Attributes:
        seat: the seat.
        count: how many cards (``None`` in :meth:`seen_by` of another seat while the
            discards are sealed).
        cards: the cards (``None`` in :meth:`seen_by` of another seat).
        sealed: under ``draw_order="simultaneous"`` every seat discards before anyone
            sees how many the others put down: the count is kept from the other seats
            (the :class:`Drew` events that follow the last discard show it).
    """

    seat: int
    count: int | None
    cards: tuple[Card, ...] | None
    sealed: bool = False

    def seen_by(self, seat: int) -> Discarded:
        """This event as ``seat`` sees it: the cards only for their owner, the count
        unless sealed."""
        if seat == self.seat:
            return self
        return attrs.evolve(self, cards=None, count=None if self.sealed else self.count)


@attrs.frozen
class Drew:
    """A seat drew cards from the stock (BIDDING.md §3.4): refilled from the top, or,
    the dealer robbing the pack, a card he chose (``Take``).

    Attributes:
        seat: the seat.
        count: how many cards.
        cards: the cards (``None`` in :meth:`seen_by` of another seat).
    """

    seat: int
    count: int
    cards: tuple[Card, ...] | None

    def seen_by(self, seat: int) -> Drew:
        """This event as ``seat`` sees it: the cards only for the seat that drew them."""
        return self if seat == self.seat else attrs.evolve(self, cards=None)


#: Any hand event. (Game events are added by :mod:`trumpfamily.game`.)
Event: TypeAlias = (
    Dealt | TurnedUp | JokerTaken | Robbed | RobDeclined | Passed | FiveAsked | FiveAccepted
    | FiveRefused | Played | TrickWon | Claimed | Jinked | HandOver
    | BidMade | AuctionWon | ThrownIn | TrumpNamed | KittyTaken | ExtraCardsTaken | Discarded
    | Drew
)


# -- game events: what a game adds around its hands (GameState.apply) ----------------------

__all__ += ["AntesPaid", "AnyEvent", "GameEvent", "GameOver", "HandScored", "PoolCarried"]


@attrs.frozen
class HandScored(_Public):
    """A game settled a hand: its points went to the scores, or its pool was paid
    (RULES.md §1.6, §1.7, §2.3, §2.4).

    Attributes:
        hand_number: the number of the hand in the game (1 for the first).
        outcome: its :class:`~trumpfamily.outcomes.HandOutcome` as the game counts it:
            in pool games with ``chips`` set (net chips per seat from this hand: its ante
            paid, the pool share won, jink payments); for the last hand of a points game
            won in its middle, ``complete=False`` (see :class:`GameOver`).
    """

    hand_number: int
    outcome: HandOutcome


@attrs.frozen
class PoolCarried(_Public):
    """Chips stay in the pool for the next deal: after a spoil or a failed jink (RULES.md
    §1.6, §1.7; EX-58, EX-61), or the indivisible remainder of a pool shared by a side
    (§2.2.9). Not sent when the game ends instead.

    Attributes:
        pool: the chips carried, before the next deal's antes.
    """

    pool: int


@attrs.frozen
class AntesPaid(_Public):
    """The seats staked into the pool before a deal (pool games; RULES.md §1.7; EX-57,
    EX-58). The :class:`Dealt` of that deal follows.

    Attributes:
        stakes: chips each seat put in, a tuple of length ``players``
            (:func:`~trumpfamily.scoring.antes`).
        pool: the chips in the pool after the antes.
    """

    stakes: tuple[int, ...]
    pool: int


@attrs.frozen
class GameOver(_Public):
    """The game ended: a side reached the target or took all five tricks (points games;
    RULES.md §1.6, §2.3, §2.4), or the game's ``hands`` limit was reached.

    Attributes:
        winner: the winning side (== the seat without partnerships) of a points game, or
            ``None`` (a pool game, or a points game stopped by its ``hands`` limit).
        scores: points per side (zeros in pool games).
        chips: net chips per seat (zeros in points games).
        pool: the chips left in the pool (pool games: a spoil's pool nobody won), else 0.
    """

    winner: int | None
    scores: tuple[int, ...]
    chips: tuple[int, ...]
    pool: int


#: Any game event: what :meth:`GameState.apply <trumpfamily.game.GameState.apply>` adds
#: to the events of the hand (:data:`Event`).
GameEvent: TypeAlias = HandScored | PoolCarried | AntesPaid | GameOver

#: Any event, of a hand or of a game.
AnyEvent: TypeAlias = Event | GameEvent


def seen_by(events: Iterable[AnyEvent], seat: int) -> tuple[AnyEvent, ...]:
    """``events`` as ``seat`` may see them (:meth:`Dealt.seen_by` and the like).

    Args:
        events: events in order.
        seat: the seat that is looking.

    Returns:
        The same events, in order, with other seats' cards and face-down discards removed.

    Raises:
        InvalidArgumentError: ``events`` is not a sequence of events.
    """
    if isinstance(events, str) or not isinstance(events, Iterable):
        raise InvalidArgumentError(
            f"seen_by needs a sequence of events (state.events), got {type(events).__name__}"
        )
    out = []
    for event in events:
        if not isinstance(event, AnyEvent):
            raise InvalidArgumentError(
                f"seen_by: {event!r:.60} is not an event of trumpfamily.events"
            )
        out.append(event.seen_by(seat))
    return tuple(out)
