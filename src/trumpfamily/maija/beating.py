"""Which card beats which (MAIJA.md M6, M7; K3, K4).

A card is beaten by a higher card of its own suit (aces high, 2 low) or, if it is of a
plain suit, by any trump. The Queen of Spades beats nothing and is beaten by nothing. In
Kitumaija diamonds are trumps and clubs are *invulnerable*: only a higher club beats a
club.

>>> from trumpfamily import Card, Suit
>>> from trumpfamily.maija.beating import beats
>>> c = Card.parse
>>> beats(c("9H"), c("7H"), trump=Suit.DIAMONDS), beats(c("2D"), c("AH"), trump=Suit.DIAMONDS)
(True, True)
>>> beats(c("AD"), c("KC"), trump=Suit.DIAMONDS, invulnerable=Suit.CLUBS)
False
>>> beats(c("KS"), c("QS"), trump=Suit.HEARTS), beats(c("QS"), c("2S"), trump=Suit.HEARTS)
(False, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, Suit
from .queen import is_maija

__all__ = ["beaters", "beats", "why_not_beats"]


def why_not_beats(card: Card, target: Card, *, trump: Suit | None,
                  invulnerable: Suit | None = None) -> str | None:
    """Why ``card`` does not beat ``target``, in a phrase with its rule, or ``None`` if it
    does (M6, M7, K3).

    ``trump`` is ``None`` before the trump is turned (nothing is a trump yet).
    """
    if is_maija(target):
        return "the Queen of Spades is beaten by no card (M7)"
    if is_maija(card):
        return "the Queen of Spades beats no card (M7)"
    if card.suit is target.suit:
        return None if card.rank > target.rank else (
            f"{card} is not higher than {target}: a card is beaten by a higher one of its "
            "suit (M6)")
    if trump is not None and card.suit is trump:
        if target.suit is invulnerable and invulnerable is not None:
            return f"{invulnerable.name.lower()} are invulnerable: only a higher one beats it (K3)"
        return None
    return (f"{card} is neither a higher {target.suit.name.lower()[:-1]} nor a trump "
            "(M6)") if target.suit is not None else "not a card of the pack"


def beats(card: Card, target: Card, *, trump: Suit | None,
          invulnerable: Suit | None = None) -> bool:
    """Whether ``card`` beats ``target`` (M6, M7, K3)."""
    return why_not_beats(card, target, trump=trump, invulnerable=invulnerable) is None


def beaters(hand: Iterable[Card], target: Card, *, trump: Suit | None,
            invulnerable: Suit | None = None) -> tuple[Card, ...]:
    """The cards of ``hand`` that beat ``target``, in hand order, each card once."""
    seen: list[Card] = []
    for card in hand:
        if card not in seen and beats(card, target, trump=trump, invulnerable=invulnerable):
            seen.append(card)
    return tuple(seen)
