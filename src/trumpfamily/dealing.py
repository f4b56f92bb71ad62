"""The deal: who sits where, the deck, the shuffle and the packets (RULES.md §1.1, §1.8).

A :class:`Seating` is everything that stays fixed for every deal of one (variant, players,
dealer): the sides, eldest hand, who is dealt which positions of the deck in the variant's
``deal_packets``, where the turn-up lies, and the rule switches the engine reads. It is
built once and cached (:func:`seating_for`). :func:`check_deck` reads an explicit deck
order and :func:`stacked_deck` builds one that deals given cards.

>>> import trumpfamily as tf
>>> from trumpfamily.dealing import seating_for
>>> s = seating_for(tf.SPOIL_FIVE, 4, 3)
>>> s.eldest, s.turn_up_at, s.sides
(0, 20, ((0,), (1,), (2,), (3,)))
"""

from __future__ import annotations

import dataclasses
import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar, cast, overload

from ._valuetuple import SeatingFacts
from .cards import Card, parse_cards
from .errors import (
    CardParseError,
    InvalidArgumentError,
    InvalidDeckError,
    PlayerCountError,
    safe_repr,
)
from .fiving import fiving_on
from .outcomes import HAND_SIZE
from .variants import Variant, find_variant, table_sides

__all__ = ["Seating", "SeatingFacts", "check_deck", "seating_for", "seeded_random", "shuffled", "stacked_deck"]

PACKETS: Final = {"3-2": (3, 2), "2-3": (2, 3), "4-1": (4, 1), "1-4": (1, 4)}


def seeded_random(seed: object, where: object = "") -> random.Random:
    """A ``random.Random`` seeded with ``seed``: an int, str, bytes or ``None`` only.

    Floats and bools are refused too (``random`` would take them): a float seed such as
    ``1.5`` is not reproducible across versions, and ``True`` is most likely a slip.
    """
    if seed is not None and (
        type(seed) is bool or not isinstance(seed, int | str | bytes | bytearray)
    ):
        raise InvalidArgumentError(
            f"{where}seed={safe_repr(seed)}: a seed is an int, str, bytes or None, "
            f"not {type(seed).__name__}"
        )
    if type(seed) is not str and isinstance(seed, str):
        seed = str.__str__(seed)  # a str subclass seeds as its text, whatever it overrides
    if isinstance(seed, str) and not _encodes(seed):
        raise InvalidArgumentError(
            f"{where}seed={safe_repr(seed)}: a seed text must be valid Unicode (it holds a "
            "lone surrogate, which UTF-8 cannot write)"
        )
    return random.Random(seed)


def _encodes(text: str) -> bool:
    """Whether ``text`` has a UTF-8 form (no lone surrogate), as ``random`` needs."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_T = TypeVar("_T")

# The C generator that random.Random extends: seeded with an int it is in the very state
# random.Random(int) is in (random.Random.seed hands an int straight to it).
try:
    from _random import Random as _Generator
except ImportError:  # pragma: no cover - another Python implementation
    _Generator = random.Random  # type: ignore[misc,assignment]

# (i, bits of i + 1) for each swap of a Fisher-Yates shuffle of up to 64 cards.
_SWAPS: Final = tuple((i, (i + 1).bit_length()) for i in range(63, 0, -1))


def shuffled(cards: list[_T], rng: random.Random) -> list[_T]:
    """Shuffle ``cards`` in place and return them: exactly ``rng.shuffle(cards)`` (the
    same order from the same generator state), in about half its time.

    ``random.Random.shuffle`` draws ``_randbelow(i + 1)`` for ``i`` from the last index
    down to 1, and ``_randbelow(n)`` draws ``getrandbits(n.bit_length())`` until the value
    is below ``n``; this is that loop with the calls inlined (tested card for card
    against ``random.shuffle``).

    Raises:
        InvalidArgumentError: more than 64 cards.
    """
    if len(cards) > 64:
        raise InvalidArgumentError(f"shuffled takes at most 64 cards, got {len(cards)}")
    return _shuffle(cards, rng.getrandbits)


def seeded_shuffle(cards: list[_T], seed: object) -> list[_T]:
    """``shuffled(cards, seeded_random(seed))`` for an int ``seed`` (the same order), a
    little faster: the Mersenne Twister under ``random.Random`` is seeded directly, as
    ``random.Random(seed)`` seeds it for an int, without its two Python-level calls
    (tested card for card against ``random.shuffle``). Internal (the engine's deal).

    Raises:
        InvalidArgumentError: more than 64 cards, or ``seed`` not an int (a bool is not).
    """
    if type(seed) is not int or len(cards) > 64:
        if len(cards) > 64:
            raise InvalidArgumentError(f"seeded_shuffle takes at most 64 cards, got {len(cards)}")
        raise InvalidArgumentError(f"seed={safe_repr(seed)}: seeded_shuffle takes an int seed")
    return _shuffle(cards, _Generator(seed).getrandbits)


def _shuffle(cards: list[_T], getrandbits: Callable[[int], int]) -> list[_T]:
    """The Fisher-Yates loop of ``random.Random.shuffle`` with ``_randbelow`` inlined."""
    for i, k in _SWAPS[64 - len(cards):]:
        r = getrandbits(k)  # _randbelow(i + 1)
        while r > i:
            r = getrandbits(k)
        cards[i], cards[r] = cards[r], cards[i]
    return cards


# A frozen dataclass rather than an attrs class: the compiled build (issue 24) makes it a
# native class, whose fields the engines read directly (an attrs class stays a Python class
# there, each read a generic lookup).
@dataclasses.dataclass(frozen=True, eq=False)
class Seating:
    """What stays fixed for every deal of one (variant, players, dealer)."""

    variant: Variant
    players: int
    dealer: int
    eldest: int
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    nxt: tuple[int, ...]
    getters: tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
    turn_up_at: int
    base_deck: tuple[Card, ...]
    deck_set: frozenset[Card]
    pool: bool
    needed: int
    jinking: bool
    robbing: bool
    fiving: bool
    partners: bool

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Seating):
            return NotImplemented
        return (self.variant, self.players, self.dealer) == (
            other.variant,
            other.players,
            other.dealer,
        )

    def __hash__(self) -> int:
        return hash((self.variant, self.players, self.dealer))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as what identifies it (a native class pickles only what it is told to)
        return (seating_for, (self.variant, self.players, self.dealer))


#: (variant by value, players, dealer) -> Seating. Bounded: cleared when full.
SEATINGS: Final[dict[tuple[Variant, int, int], Seating]] = {}
_MAX_SEATINGS: Final = 4096


def seating_for(variant: Any, players: Any, dealer: Any) -> Seating:
    """The seating of (variant, players, dealer); ``variant`` may be a preset's name.

    The arguments are typed ``Any``: they come from callers unchecked (a
    :class:`~trumpfamily.variants.Variant` or a name, an int, an int seat), and this function
    is where they are checked, with the library's errors (in the compiled build too).

    Raises:
        UnknownVariantError: ``variant`` is neither a :class:`Variant` nor a preset's name.
        PlayerCountError: ``players`` (an int, not a bool or float) does not suit the
            variant, or ``dealer`` is not an int seat.
    """
    # The cache is keyed by value, where 2 == 2.0 == True: only exact ints may use it.
    found: Seating | None = None
    if not isinstance(variant, Variant | str):
        variant = find_variant(variant)  # UnknownVariantError, before any hashing
    if type(players) is int and type(dealer) is int:
        found = SEATINGS.get((variant, players, dealer))
        if found is not None and found.variant is variant:
            return found
    if not isinstance(variant, Variant):
        variant = find_variant(variant)
        if type(players) is int and type(dealer) is int:
            found = SEATINGS.get((variant, players, dealer))
            if found is not None and found.variant is variant:
                return found
    if found is not None and type(players) is int and type(dealer) is int:
        # An equal variant built elsewhere shares the entry: the deal keeps the very
        # variant object it was given (a preset stays the preset).
        seating = dataclasses.replace(found, variant=variant)
        SEATINGS[(variant, players, dealer)] = seating
        return seating
    table = variant.table
    sides = table_sides(variant, players)  # raises PlayerCountError, naming the game
    if type(dealer) is not int or not 0 <= dealer < players:
        raise PlayerCountError(f"dealer={safe_repr(dealer)} is not a seat: seats are 0..{players - 1}")
    side_of = [0] * players
    for i, side in enumerate(sides):
        for seat in side:
            side_of[seat] = i
    eldest = (dealer + 1) % players
    order = [(eldest + i) % players for i in range(players)]
    indices: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for size in PACKETS[table.deal_packets]:
        for seat in order:
            indices[seat].extend(range(pos, pos + size))
            pos += size
    scoring = variant.scoring
    pool = scoring.scoring == "pool"
    seating = Seating(
        variant=variant,
        players=players,
        dealer=dealer,
        eldest=eldest,
        sides=sides,
        side_of=tuple(side_of),
        nxt=tuple((s + 1) % players for s in range(players)),
        getters=tuple(operator.itemgetter(*idx) for idx in indices),
        turn_up_at=pos,
        base_deck=variant.ranking.deck(),
        deck_set=frozenset(variant.ranking.deck()),
        pool=pool,
        needed=scoring.tricks_needed(players) if pool else 0,
        jinking=pool and variant.jinking.jinking,
        robbing=variant.robbing.robbing,
        fiving=fiving_on(table, players),
        partners=len(sides) != players,
    )
    if len(SEATINGS) >= _MAX_SEATINGS:
        SEATINGS.clear()
    SEATINGS[(variant, players, dealer)] = seating
    return seating


def check_deck(deck: str | Iterable[Card | str], s: Seating) -> tuple[Card, ...]:
    """``deck`` read as cards: exactly the variant's deck, top card first (RULES.md §1.1).

    Raises:
        InvalidDeckError: a card cannot be read, or is missing, repeated or not in the
            variant's deck; the message names each.
    """
    expected = s.base_deck
    if (type(deck) is tuple and len(deck) == len(expected)
            and all(type(c) is Card for c in deck)):
        cards: tuple[Card, ...] = deck  # already the cards (the samplers' decks): as read
    else:
        try:
            cards = parse_cards(deck)
        except CardParseError as exc:
            raise InvalidDeckError(f"the deck is not readable: {exc}") from None
    if len(cards) == len(expected) and set(cards) == set(expected):
        return cards
    seen: set[Card] = set()
    repeated = sorted({c for c in cards if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
    missing = sorted(set(expected) - set(cards))
    foreign = sorted(set(cards) - set(expected))
    parts = []
    if missing:
        parts.append(f"missing {' '.join(map(str, missing))}")
    if repeated:
        parts.append(f"repeated {' '.join(map(str, repeated))}")
    if foreign:
        parts.append(
            f"not in this variant's deck: {' '.join(map(str, foreign))} "
            f"(option joker={s.variant.ranking.joker!r})"
        )
    raise InvalidDeckError(
        f"the deck must be exactly the variant's {len(expected)} cards, top card first; it has "
        f"{len(cards)}: {'; '.join(parts)} (RULES.md §1.1)"
    )


@overload
def stacked_deck(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    hands: None = None,
    turn_up: Card | str | None = None,
    stock: str | Iterable[Card | str] = (),
) -> tuple[Card, ...]: ...


@overload
def stacked_deck(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    hands: Mapping[int, str | Iterable[Card | str]] | None,
    turn_up: Card | str | None = None,
    stock: str | Iterable[Card | str] = (),
) -> tuple[Card, ...]: ...


def stacked_deck(
    variant: Any,
    *,
    players: Any,
    dealer: Any = 0,
    hands: Any = None,
    turn_up: Any = None,
    stock: Any = (),
) -> Any:
    """A deck order that deals the given cards (for tests, examples and puzzles).

    Args:
        variant: the rules (its deck and ``deal_packets``), or a preset's name.
        players, dealer: as for :func:`new_hand`.
        hands: seat -> up to five cards that seat is to be dealt (in hand order); seats or
            cards not given are filled from the rest of the deck in its usual order.
        turn_up: the card to turn up (``"JK"`` turns the joker, and ``stock`` then starts
            with the card turned after it).
        stock: the cards to lie on top of the stock, after the turn-up.

    Returns:
        The full deck, top card first, for ``new_hand(..., deck=...)``.

    Raises:
        UnknownVariantError, PlayerCountError: as for :func:`new_hand`.
        InvalidDeckError: a card is given twice or is not in the variant's deck, a hand
            has more than five cards, or ``stock`` has more cards than are left after the
            deal and the turn-up.

    >>> import trumpfamily as tf
    >>> deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=1, hands={0: "AD 8C 3S KH 9D"},
    ...                        turn_up="5D")
    >>> tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, deck=deck).hands[0]
    (Card.parse('AD'), Card.parse('8C'), Card.parse('3S'), Card.parse('KH'), Card.parse('9D'))
    """
    s = seating_for(variant, players, dealer)
    if hands is not None and not isinstance(hands, Mapping):
        raise InvalidDeckError(
            f"hands must map seats to cards, e.g. {{0: '5H JS'}}, got {type(hands).__name__}"
        )
    wanted: dict[int, tuple[Card, ...]] = {}
    for seat, cards in (hands or {}).items():
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidDeckError(f"hands: {safe_repr(seat)} is not a seat (0..{players - 1})")
        try:
            wanted[seat] = parse_cards(cards)
        except CardParseError as exc:
            raise InvalidDeckError(f"hands[{seat}]: {exc}") from None
        if len(wanted[seat]) > HAND_SIZE:
            raise InvalidDeckError(f"hands[{seat}] has {len(wanted[seat])} cards; a hand has five")
    try:
        up = parse_cards([turn_up]) if turn_up is not None else ()
        after = parse_cards(stock)
    except CardParseError as exc:
        raise InvalidDeckError(f"turn_up/stock: {exc}") from None
    room = len(s.base_deck) - s.turn_up_at - 1
    if len(after) > room:
        raise InvalidDeckError(
            f"stock has {len(after)} cards ({' '.join(map(str, after))}) but only {room} "
            f"can lie after dealing {s.turn_up_at} cards to {players} players and the turn-up"
        )
    given = [c for cards in wanted.values() for c in cards] + list(up) + list(after)
    if len(set(given)) != len(given) or not set(given) <= set(s.base_deck):
        seen: set[Card] = set()
        bad = [c for c in given if c in seen or seen.add(c) or c not in s.base_deck]  # type: ignore[func-returns-value]
        raise InvalidDeckError(
            f"stacked_deck: {' '.join(map(str, bad))} given twice or not in the deck"
        )
    rest = iter([c for c in s.base_deck if c not in set(given)])
    slots: list[Card | None] = [None] * len(s.base_deck)
    for seat, get in enumerate(s.getters):
        # a getter picks a seat's places from any sequence: here, of the deck's places
        positions = cast(tuple[int, ...], get(tuple(range(len(s.base_deck)))))  # type: ignore[arg-type]
        cards = wanted.get(seat, ())
        for i, pos in enumerate(positions):
            slots[pos] = cards[i] if i < len(cards) else None
    if up:
        slots[s.turn_up_at] = up[0]
    for i, card in enumerate(after):
        slots[s.turn_up_at + 1 + i] = card
    return tuple(c if c is not None else next(rest) for c in slots)
