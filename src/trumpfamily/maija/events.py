"""The events of a Maija hand: frozen records of what each action did (MAIJA.md §N).

Each has ``seen_by(seat)``: the event as that seat may see it. Cards drawn from the stock
and the hands dealt are another seat's secret (their counts are public); the buried
spades are seen by all as they are turned (M4); everything played to the table, beaten
out of the game or taken up from it is public.

>>> from trumpfamily.maija.events import Drew
>>> from trumpfamily.cards import parse_cards
>>> Drew(1, parse_cards("2C 3C")).seen_by(0)
Drew(seat=1, cards=(), count=2)
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ..cards import Card

__all__ = [
    "Beaten", "Covered", "Dealt", "Drew", "Led", "MaijaEvent", "MaijaHandOver",
    "PileSetAside", "PileStarted", "TookUp", "TrumpTurned", "WentOut",
]


def _public(self: object, seat: int) -> object:
    return self


@attrs.frozen
class Dealt:
    """The deal: every seat's hand (only its own is seen), the dealer and the stock size."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: int

    def seen_by(self, seat: int) -> Dealt:
        return Dealt(self.dealer, tuple(h if s == seat else () for s, h in enumerate(self.hands)),
                     self.stock)


@attrs.frozen
class TrumpTurned:
    """The turn-up (M4), after the spades turned and buried before it, in order."""

    card: Card
    buried: tuple[Card, ...] = ()
    seen_by = _public


@attrs.frozen
class PileStarted:
    """Kitumaija: the card turned to start the first pile (K2), after any Queen buried."""

    card: Card
    buried: tuple[Card, ...] = ()
    seen_by = _public


@attrs.frozen
class Led:
    """A seat led a bout (or started a pile) with these cards."""

    seat: int
    cards: tuple[Card, ...]
    seen_by = _public


@attrs.frozen
class Beaten:
    """A seat beat table cards: ``(beater, beaten)`` pairs; at the end of the turn they
    go out of the game (M6)."""

    seat: int
    pairs: tuple[tuple[Card, Card], ...]
    seen_by = _public


@attrs.frozen
class TookUp:
    """A seat took these cards up from the table (M8) or the pile (K8) into its hand."""

    seat: int
    cards: tuple[Card, ...]
    seen_by = _public


@attrs.frozen
class Covered:
    """Kitumaija: a seat covered the pile's top card and added a free card (K6)."""

    seat: int
    beat: Card
    free: Card | None
    seen_by = _public


@attrs.frozen
class PileSetAside:
    """Kitumaija: the pile was turned down and put out of the game (K10)."""

    cards: int
    seen_by = _public


@attrs.frozen
class Drew:
    """A seat drew from the stock; the cards are seen by that seat only."""

    seat: int
    cards: tuple[Card, ...]
    count: int = attrs.field()

    @count.default
    def _count(self) -> int:
        return len(self.cards)

    def seen_by(self, seat: int) -> Drew:
        return self if seat == self.seat else Drew(self.seat, (), self.count)


@attrs.frozen
class WentOut:
    """A seat ran out of cards with the stock empty: it is out of the hand (M11)."""

    seat: int
    seen_by = _public


@attrs.frozen
class MaijaHandOver:
    """The hand is over: ``loser`` is the last seat in (the Maija, M11)."""

    loser: int
    holds_maija: bool
    seen_by = _public


#: Any event of a Maija hand.
MaijaEvent: TypeAlias = (Dealt | TrumpTurned | PileStarted | Led | Beaten | TookUp | Covered
                         | PileSetAside | Drew | WentOut | MaijaHandOver)
