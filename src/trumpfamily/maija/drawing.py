"""The pack, the deal, the turn-up and refilling from the stock (MAIJA.md M1, M2, M4, M9;
K1, K2, K9).

The stock is a tuple, its top card first; the turn-up (the trump card, M4) lies under it
and is drawn last, so it is the stock's last card once turned. A seat whose hand holds
fewer than five cards at the end of its turn draws from the top until it holds five or
the stock is out.

>>> from trumpfamily.maija.drawing import maija_deck, refill
>>> from trumpfamily.maija import MUSTAMAIJA, SPARDAME
>>> len(maija_deck(MUSTAMAIJA)), len(maija_deck(SPARDAME))
(52, 103)
>>> from trumpfamily.cards import parse_cards
>>> hand, stock, drawn = refill(parse_cards("2C"), parse_cards("3C 4C 5C 6C 7C 8C"), 5)
>>> " ".join(map(str, drawn)), len(stock)
('3C 4C 5C 6C', 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..cards import STANDARD_DECK, Card, Suit
from ..errors import InvalidDeckError
from .bouts import holds
from .queen import MAIJA
from .variants import MaijaVariant

__all__ = [
    "check_maija_deck", "deal", "maija_deck", "refill", "shuffled_deck", "stacked_maija_deck",
    "turn_card",
    "turn_trump",
]


def maija_deck(variant: MaijaVariant) -> tuple[Card, ...]:
    """The pack of ``variant`` in the library's card order: 52 cards, or with ``packs=2``
    two packs less one Queen of Spades (M1 note)."""
    if variant.packs == 1:
        return STANDARD_DECK
    cards = list(STANDARD_DECK) + list(STANDARD_DECK)
    cards.remove(MAIJA)
    return tuple(sorted(cards))


def shuffled_deck(variant: MaijaVariant, seed: object) -> tuple[Card, ...]:
    """The pack shuffled by ``random.Random(seed)`` (top card first)."""
    from ..dealing import seeded_random

    rng: random.Random = seeded_random(seed, "new_maija_hand: ")
    cards = list(maija_deck(variant))
    rng.shuffle(cards)
    return tuple(cards)


def check_maija_deck(variant: MaijaVariant, deck: Sequence[Card]) -> None:
    """Raise :class:`InvalidDeckError` unless ``deck`` is the variant's whole pack."""
    full = maija_deck(variant)
    if len(deck) != len(full) or not holds(deck, full):
        raise InvalidDeckError(
            f"a deck of {variant.name} is the {len(full)} cards of its pack, each once "
            f"(twice in a double pack, the Queen of Spades once); got {len(deck)} cards")


def deal(deck: Sequence[Card], players: int, dealer: int, hand_size: int
         ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``hand_size`` cards to each seat in packets of 3 then 2, from the dealer's
    left (M2: "3+2"), and return ``(hands by seat, stock top first)``."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = [(dealer + 1 + i) % players for i in range(players)]
    pos = 0
    first = min(3, hand_size)
    for packet in (first, hand_size - first):
        for seat in order:
            hands[seat].extend(deck[pos:pos + packet])
            pos += packet
    return tuple(tuple(h) for h in hands), tuple(deck[pos:])


def turn_card(stock: Sequence[Card], bury: Callable[[Card], bool]
              ) -> tuple[Card, tuple[Card, ...], tuple[Card, ...]]:
    """Turn the top card of the stock; while ``bury(card)``, bury it in the middle of the
    stock (at index ``len(rest) // 2`` of the cards left) and turn the next.

    Returns:
        ``(card turned, the rest of the stock top first, the cards buried in order)``.
    """
    rest = list(stock)
    buried: list[Card] = []
    for _ in range(len(rest)):
        card = rest.pop(0)
        if not bury(card):
            return card, tuple(rest), tuple(buried)
        buried.append(card)
        rest.insert(len(rest) // 2, card)
    card = rest.pop(0)  # only buried cards are left: the last one turned stands
    return card, tuple(rest), tuple(buried)


def turn_trump(stock: Sequence[Card], *, bury_spades: bool
               ) -> tuple[Card, tuple[Card, ...], tuple[Card, ...]]:
    """Turn the top card of the stock for trumps (M4): a spade (the Queen included) is
    buried in the middle of the stock and the next card turned, while ``bury_spades``;
    the turn-up is put under the stock, to be drawn last.

    Returns:
        ``(turn-up, stock with the turn-up last, the cards buried in order)``.

    >>> from trumpfamily.cards import parse_cards
    >>> up, stock, buried = turn_trump(parse_cards("5S 9H 2C 3C"), bury_spades=True)
    >>> str(up), " ".join(map(str, stock)), buried
    ('9H', '5S 2C 3C 9H', (Card.parse('5S'),))
    """
    card, rest, buried = turn_card(
        stock, lambda c: bury_spades and c.suit is Suit.SPADES)
    return card, (*rest, card), buried


def refill(hand: Sequence[Card], stock: Sequence[Card], size: int
           ) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Draw from the top of ``stock`` until ``hand`` holds ``size`` cards or the stock is
    out (M9). Returns ``(hand, stock, drawn)``."""
    need = max(0, size - len(hand))
    drawn = tuple(stock[:need])
    return (*hand, *drawn), tuple(stock[need:]), drawn


def stacked_maija_deck(variant: MaijaVariant, hands: Sequence[Sequence[Card] | str], *,
                       dealer: int = 0, stock: Sequence[Card] | str = ()) -> tuple[Card, ...]:
    """A deck that deals ``hands`` (by seat) and then has ``stock`` on top of the stock,
    the rest of the pack following in the library's card order: for worked examples.

    Returns:
        The deck, top card first.

    Raises:
        InvalidDeckError: a card named twice (more often than the pack holds it), or a
            hand not of ``variant.hand_size`` cards.

    >>> from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
    >>> deck = stacked_maija_deck(MUSTAMAIJA, ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D",
    ...                                        "2H 3H 4H 5H 6H"], dealer=2, stock="9H")
    >>> hand = new_maija_hand(MUSTAMAIJA, 3, dealer=2, deck=deck)
    >>> " ".join(map(str, hand.hands[0])), str(hand.stock[0])
    ('2C 3C 4C 5C 6C', '9H')
    """
    from ..cards import parse_cards

    cards = [parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands]
    top = parse_cards(stock) if isinstance(stock, str) else tuple(stock)
    players = len(cards)
    size = variant.hand_size
    if any(len(h) != size for h in cards):
        raise InvalidDeckError(f"each hand of {variant.name} is {size} cards")
    order = [(dealer + 1 + i) % players for i in range(players)]
    first = min(3, size)
    deck: list[Card] = []
    for lo, hi in ((0, first), (first, size)):
        for seat in order:
            deck.extend(cards[seat][lo:hi])
    deck.extend(top)
    rest = list(maija_deck(variant))
    for card in deck:
        if card not in rest:
            raise InvalidDeckError(f"{card} is named more often than the pack holds it")
        rest.remove(card)
    return (*deck, *rest)
