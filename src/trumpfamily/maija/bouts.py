"""Leading a bout (MAIJA.md M5, M10): one card or more of one suit, the Queen of Spades
counting as a spade, at most ``lead_cap`` cards (five), and once the stock is empty (or
always, ``lead_limit="always"``) no more than the next player holds.

>>> from trumpfamily.cards import parse_cards
>>> from trumpfamily.maija.bouts import lead_problem, legal_leads, max_lead
>>> max_lead(cap=5, next_hand=3, stock=0, limit="stock-empty")
3
>>> lead_problem(parse_cards("7H 9H"), parse_cards("7H 9H 2C"), most=5)
>>> lead_problem(parse_cards("7H 2C"), parse_cards("7H 9H 2C"), most=5)[0]
'lead-mixed-suits'
>>> len(legal_leads(parse_cards("7S QS 2C"), most=5))
4
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import Card, Suit
from .queen import lead_suit

__all__ = ["holds", "lead_problem", "legal_leads", "max_lead"]


def max_lead(*, cap: int | None, next_hand: int, stock: int, limit: str) -> int:
    """The most cards a bout may have (M5, M10).

    Args:
        cap: the variant's ``lead_cap`` (``None``: no cap).
        next_hand: the cards the next player in holds.
        stock: the cards left in the stock (the turn-up included).
        limit: the variant's ``lead_limit``.

    Returns:
        A count of cards, at least 1.
    """
    most = cap if cap is not None else 10**6
    if limit == "always" or stock == 0:
        most = min(most, next_hand)
    return max(most, 1)


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (as a multiset: a double pack)."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in need.items())


def lead_problem(cards: Sequence[Card], hand: Sequence[Card], *, most: int
                 ) -> tuple[str, str] | None:
    """Why ``cards`` may not lead a bout from ``hand``: ``(code, reason)``, or ``None``.

    Codes: ``lead-empty``, ``card-not-held``, ``lead-mixed-suits``, ``lead-too-many``.
    """
    if not cards:
        return "lead-empty", "a bout is led with one card or more (M5)"
    if not holds(hand, cards):
        return "card-not-held", "a card led is not in the hand"
    suits = {lead_suit(c) for c in cards}
    if len(suits) > 1:
        return "lead-mixed-suits", (
            "the cards of a bout are all of one suit, the Queen of Spades counting as a "
            "spade (M5)")
    if len(cards) > most:
        return "lead-too-many", (
            f"at most {most} cards may be led now: five, and once the stock is empty no more "
            "than the next player holds (M5, M10)")
    return None


def legal_leads(hand: Sequence[Card], *, most: int) -> tuple[tuple[Card, ...], ...]:
    """Every lead from ``hand`` of at most ``most`` cards: each a tuple of cards in card
    order, fewest cards first, then by suit (clubs, diamonds, hearts, spades); with a
    double pack each multiset once."""
    by_suit: dict[Suit, Counter[Card]] = {}
    for card in hand:
        by_suit.setdefault(lead_suit(card), Counter())[card] += 1
    found: list[tuple[Card, ...]] = []
    for size in range(1, most + 1):
        for suit in sorted(by_suit, key=lambda s: "CDHS".index(s.value)):
            counts = sorted(by_suit[suit].items())
            found.extend(_multisets(counts, size))
    return tuple(found)


def _multisets(counts: list[tuple[Card, int]], size: int) -> list[tuple[Card, ...]]:
    """The sub-multisets of ``size`` cards of ``counts`` (distinct cards with counts)."""
    if size == 0:
        return [()]
    if not counts:
        return []
    (card, have), rest = counts[0], counts[1:]
    out: list[tuple[Card, ...]] = []
    for take in range(min(have, size), -1, -1):
        out.extend((card,) * take + tail for tail in _multisets(rest, size - take))
    return out
