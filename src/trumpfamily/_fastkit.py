"""Pieces both fast paths share (internal): :mod:`trumpfamily.simulate` (the turn-up
games) and :mod:`trumpfamily._simulate_bidding` (the bidding games) import them; this
module imports neither.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .cards import Card
from .dealing import Seating, check_deck, shuffled
from .tables import MaskTable, winner_index

if TYPE_CHECKING:
    from .simulate import Spot


def _card(spot: Spot, plays: Sequence[int], m: MaskTable) -> int:
    """:class:`~trumpfamily.simulate.RuleOfThumbBot`'s card (``RuleOfThumbPlayer._card`` on ids): the first of
    equal cards in hand order wins every tie."""
    power = m.power
    low = plays[0]
    for c in plays:
        if power[c] < power[low]:
            low = c
    trick = spot.trick
    if not trick:
        high = plays[0]
        for c in plays:
            if power[c] > power[high]:
                high = c
        return high
    at = winner_index(trick, m)
    winning = (spot.leader + at) % spot.players
    seat = spot.seat
    for side in spot.sides:
        if seat in side:
            if winning in side:
                return low
            break
    suit_of, trump = m.suit_of, m.trump
    led = suit_of[trick[0]]
    top = power[trick[at]]
    beat = -1
    for c in plays:
        p = power[c]
        if p > top and (suit_of[c] == led or suit_of[c] == trump) and (beat < 0 or p < power[beat]):
            beat = c
    return low if beat < 0 else beat


def _as_id(value: Any) -> int:
    """A fast bot's choice as an int when it is integer-like (``numpy.int64``), else -1,
    which no action id is (a bool is not an id either)."""
    if isinstance(value, bool):
        return -1
    try:
        return operator.index(value)
    except TypeError:
        return -1


def _next_deck(
    decks: Iterator[Iterable[Card | str]] | None, deck_rng: random.Random, s: Seating,
    base: list[int],
) -> list[int]:
    """The next deck as card ids: shuffled, or (tests) the next one given."""
    if decks is None:
        return shuffled(base[:], deck_rng)
    return [c.index for c in check_deck(next(decks), s)]
