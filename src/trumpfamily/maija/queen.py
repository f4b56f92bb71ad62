"""The Queen of Spades, the Maija: a card of its own (MAIJA.md M3, K4).

She counts as a spade for leading a bout (M5) but beats nothing and is beaten by nothing
(M7), so a bout that holds her is always taken up in part; whoever is left holding her
loses (M11).

>>> from trumpfamily import Card
>>> from trumpfamily.maija.queen import MAIJA, is_maija, lead_suit
>>> is_maija(Card.parse("QS")), str(MAIJA), lead_suit(MAIJA)
(True, 'QS', Suit.SPADES)
"""

from __future__ import annotations

from typing import Final

from ..cards import Card, Suit

__all__ = ["MAIJA", "is_maija", "lead_suit"]

#: The Queen of Spades (Musta Maija, Black Maria; Kitumaija's "Wan Maria").
MAIJA: Final[Card] = Card.parse("QS")


def is_maija(card: Card) -> bool:
    """Whether ``card`` is the Queen of Spades."""
    return card is MAIJA


def lead_suit(card: Card) -> Suit:
    """The suit a card counts as in a lead (M5): its own; the Queen of Spades a spade."""
    assert card.suit is not None  # no joker in these packs
    return card.suit
