"""Cards, suits and ranks, and reading them from text.

Card text follows RULES.md §0.1: rank ``A K Q J T 9 8 7 6 5 4 3 2`` then suit ``C D H S``;
the joker is ``JK``. ``10`` may stand for ``T``, case is ignored, and the suit symbols
``♣ ♦ ♥ ♠`` may stand for the letters.

>>> from trumpfamily import JK, Card, parse_cards
>>> Card.parse("5h")
Card.parse('5H')
>>> parse_cards("10H, AH jk 5♠")
(Card.parse('TH'), Card.parse('AH'), Card.parse('JK'), Card.parse('5S'))
>>> str(JK), JK.is_joker
('JK', True)
"""

from __future__ import annotations

import enum
import itertools
import re
from collections.abc import Iterable, Sized
from typing import Any, Final, overload

import attrs

from .errors import CardParseError, safe_repr, shorten

__all__ = ["JK", "STANDARD_DECK", "Card", "Rank", "Suit", "parse_cards", "parse_suit"]


class Suit(enum.Enum):
    """The four suits. The value is the suit's letter, so ``Suit("H") is Suit.HEARTS``."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        """The suit's letter: ``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``"♣"``, ``"♦"``, ``"♥"`` or ``"♠"``."""
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (RULES.md §1.2: "high in red, low in black")."""
        return self is Suit.HEARTS or self is Suit.DIAMONDS

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    # Members are singletons compared by identity, so the identity hash is consistent
    # with equality, and much cheaper than Enum's name hash on the rules hot path.
    __hash__ = object.__hash__


_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_TEXT: Final = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}
_SUIT_NAMES: Final = {"CLUBS": Suit.CLUBS, "DIAMONDS": Suit.DIAMONDS,
                      "HEARTS": Suit.HEARTS, "SPADES": Suit.SPADES}


class Rank(enum.IntEnum):
    """Card ranks, valued 2..14 for the numerals and court cards, 15 for the joker.

    The integer value is only an identity: how cards rank in play depends on the trump
    suit and the variant (see :mod:`trumpfamily.ranking`).
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        """The rank's character in card text (``"T"`` for the ten, ``"JK"`` for the joker)."""
        return _RANK_LETTERS[self]

    def __str__(self) -> str:
        return _RANK_LETTERS[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LETTERS: Final = {
    Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6",
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "T", Rank.JACK: "J",
    Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "JK",
}
_RANK_TEXT: Final = {v: k for k, v in _RANK_LETTERS.items() if k is not Rank.JOKER} | {"10": Rank.TEN}


def _suit_order(suit: Suit | None) -> int:
    return 4 if suit is None else "CDHS".index(suit.value)


def _check_card(rank: object, suit: object) -> None:
    """Refuse what is not a card (CardParseError): a rank or suit of the wrong type, a
    joker with a suit, or another rank without one."""
    if not isinstance(rank, Rank):
        raise CardParseError(rank, f"not a rank: {safe_repr(rank)} (use Rank.FIVE, ... or Card.parse('5H'))")
    if suit is not None and not isinstance(suit, Suit):
        raise CardParseError(suit, f"not a suit: {safe_repr(suit)} (use Suit.CLUBS, ... or Card.parse('5H'))")
    if (rank is Rank.JOKER) != (suit is None):
        raise CardParseError(
            (rank, suit), f"not a card: rank {safe_repr(rank)} with suit {safe_repr(suit)} "
            "(the joker has no suit; every other card has one)")


# A plain class with slots, not an attrs class: the compiled build (issue 24) compiles this
# module and makes Card a native class, whose fields the compiled rules calls and engines
# read directly (an attrs class stays a Python class there, each read a generic lookup).
class Card:
    """A playing card: a rank and a suit, or the joker (rank ``JOKER``, suit ``None``).

    Cards are immutable, hashable and totally ordered (by suit ``C D H S``, then rank,
    the joker last). That order is only for sorting and display; which card beats which
    depends on the trump suit and the variant (:mod:`trumpfamily.ranking`).

    There is exactly one instance of each card: constructing, parsing, copying or
    unpickling a card returns the shared instance, so equality is identity and hashing
    is as cheap as Python allows (the rules tables are dictionaries keyed by cards).

    Args:
        rank: the card's :class:`Rank`.
        suit: the card's :class:`Suit`, or ``None`` for the joker.

    Raises:
        CardParseError: a joker with a suit, or another rank without one.

    >>> from trumpfamily import Card, Rank, Suit, parse_cards
    >>> Card(Rank.FIVE, Suit.HEARTS)
    Card.parse('5H')
    >>> sorted(parse_cards("JK AS 2C"))
    [Card.parse('2C'), Card.parse('AS'), Card.parse('JK')]
    """

    __slots__ = ("bit", "index", "rank", "suit")

    #: The card's :class:`Rank`.
    rank: Rank
    #: The card's :class:`Suit`, or ``None`` for the joker.
    suit: Suit | None
    #: The card's small integer id, ``0..52``: the 52 cards in :data:`STANDARD_DECK`
    #: order (clubs ``2C``..``AC`` are ``0..12``, then diamonds, hearts, spades), the
    #: joker ``52``. Stable across releases: the fast paths, mask tables
    #: (:mod:`trumpfamily.tables`) and observation encodings index by it.
    index: int
    #: ``1 << index``: the card's bit in a card mask (an ``int`` set of cards).
    bit: int

    @overload
    def __new__(cls, rank: Rank, suit: Suit) -> Card: ...

    @overload
    def __new__(cls, rank: Rank, suit: None) -> Card: ...

    # Typed Any (the overloads above are its public types): the compiled build would
    # refuse a wrong type with a TypeError before the check below, which refuses it with
    # CardParseError in both builds.
    def __new__(cls, rank: Any, suit: Any) -> Card:
        found = _CANONICAL.get((rank, suit))
        if found is not None and found.rank is rank:  # not 5 for Rank.FIVE: refused below
            return found
        _check_card(rank, suit)
        card = super().__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))

    @property
    def sort_key(self) -> tuple[int, int]:
        """``(suit index, rank value)``: the key of the display order."""
        return (_suit_order(self.suit), int(self.rank))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key <= other.sort_key

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key > other.sort_key

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key >= other.sort_key

    @overload
    @classmethod
    def parse(cls, text: str) -> Card: ...

    @overload
    @classmethod
    def parse(cls, text: Card) -> Card: ...

    @classmethod
    def parse(cls, text: Any) -> Card:  # Any: checked below (see __new__)
        """Read one card from text such as ``"5H"``, ``"th"``, ``"10♥"`` or ``"JK"``.

        Args:
            text: the card text; surrounding white space is ignored.

        Returns:
            The card.

        Raises:
            CardParseError: the text is not exactly one card.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardParseError(text, f"expected card text, got {type(text).__name__} {safe_repr(text)}")
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        key = text.strip().upper()
        found = _BY_TEXT.get(key)
        if found is None:
            if key in {"JOKER", "JKR"}:
                return JK
            if len(key) >= 2:
                rank = _RANK_TEXT.get(key[:-1])
                suit = _SUIT_TEXT.get(key[-1])
                if rank is not None and suit is not None:
                    return _CANONICAL[(rank, suit)]
            raise CardParseError(text)
        return found

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.rank is Rank.JOKER

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``"5♥"`` (``"JK"`` for the joker)."""
        if self.suit is None:
            return "JK"
        return _RANK_LETTERS[self.rank] + _SYMBOLS[self.suit]

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return _RANK_LETTERS[self.rank] + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter (:func:`trumpfamily.svg.card`)."""
        from ._svgdraw import card_picture

        return card_picture(self)


# The identity hash, object's own. (A class with ordering methods, compiled, would
# otherwise have none: CPython inherits a C type's hash only with its comparisons.)
setattr(Card, "__hash__", object.__hash__)  # noqa: B010 (a plain assignment is a type error)

_CANONICAL: Final[dict[tuple[object, object], Card]] = {}
for _suit in Suit:
    for _rank in Rank:
        if _rank is not Rank.JOKER:
            _CANONICAL[(_rank, _suit)] = Card(_rank, _suit)
#: The joker card (``Card.parse("JK")``), used only in variants with the ``joker`` option
#: set (RULES.md §2.8).
JK: Final[Card] = Card(Rank.JOKER, None)
_CANONICAL[(Rank.JOKER, None)] = JK
_BY_TEXT: Final[dict[str, Card]] = {str(c): c for c in _CANONICAL.values()}

#: The 52 cards without the joker, in sort order (a tuple of :class:`Card`).
#:
#: :meta hide-value:
STANDARD_DECK: Final[tuple[Card, ...]] = tuple(sorted(c for c in _CANONICAL.values() if c is not JK))
for _i, _c in enumerate(STANDARD_DECK + (JK,)):
    object.__setattr__(_c, "index", _i)
    object.__setattr__(_c, "bit", 1 << _i)

def canonical(rank: Rank, suit: Suit | None) -> Card:
    """The shared instance of a card (the library's tables are keyed by these). Internal.

    Raises:
        CardParseError: not a card (a joker with a suit, or another rank without one).
    """
    found = _CANONICAL.get((rank, suit))
    return found if found is not None else Card(rank, suit)


_SEPARATORS: Final = re.compile(r"[\s,;]+")


#: The most cards :func:`parse_cards` reads at once (every list of cards a game holds has
#: at most 53); more, or text longer than any such list (``MOST_PARSED`` cards of six
#: characters, ``"10♥, "``), is refused unread.
MOST_PARSED: Final = 1000
_MOST_PARSED_TEXT: Final = MOST_PARSED * 6


def _too_many(given: str) -> str:
    return (f"{given} given: no list of cards a game holds is longer than a deck (53 cards), "
            f"and at most {MOST_PARSED:,} cards are read at once")


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read several cards from text separated by spaces or commas.

    Args:
        text: e.g. ``"5H JS, AH 10d"`` (separated by spaces, commas or semicolons); an
            empty string gives ``()``. A sequence of cards or card texts is accepted too
            (not a set: the order of cards matters).

    Returns:
        The cards in the order written. Duplicates are kept (rules calls reject them).

    Raises:
        CardParseError: any item is not a card; the message names it. Or more than
            1,000 cards are given (no list of cards a game holds comes
            near: a deck has 53), refused before they are read.

    >>> from trumpfamily import parse_cards
    >>> parse_cards("5h,js  ah")
    (Card.parse('5H'), Card.parse('JS'), Card.parse('AH'))
    """
    if isinstance(text, str):
        if len(text) > _MOST_PARSED_TEXT:
            raise CardParseError(text, _too_many(f"{len(text):,} characters of card text"))
        # Any items: Card.parse checks each (a compiled build would refuse a wrong type first)
        items: list[Any] = [t for t in _SEPARATORS.split(text.strip()) if t]
    else:
        # Decided apart from the raise: in its branch the type checker would narrow ``text``
        # to the unordered types, a narrowing the compiled build would check.
        unordered = isinstance(text, (bytes, bytearray, set, frozenset, dict))
        if unordered or not isinstance(text, Iterable):
            raise CardParseError(text, "expected card text or a sequence of cards (in order), "
                                 f"got {type(text).__name__} {safe_repr(text)}")
        if isinstance(text, Sized) and len(text) > MOST_PARSED:
            raise CardParseError(text, _too_many(f"{len(text):,} items"))
        items = list(itertools.islice(text, MOST_PARSED + 1))  # an endless one is cut
    if len(items) > MOST_PARSED:
        raise CardParseError(text, _too_many(f"more than {MOST_PARSED:,} cards"))
    try:
        return tuple([Card.parse(t) for t in items])
    except CardParseError as err:
        if isinstance(text, str) and len(items) > 1:
            raise CardParseError(err.text, f"{err} (in {shorten(text)})") from None
        raise


def as_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Like :func:`parse_cards`, but fast when given a tuple of :class:`Card` already. Internal."""
    if type(cards) is tuple:
        items: tuple[object, ...] = cards  # of any type: checked here, not on the way in
        for c in items:
            if type(c) is not Card:
                break
        else:
            return cards
    return parse_cards(cards)


@overload
def parse_suit(suit: Suit) -> Suit: ...


@overload
def parse_suit(suit: str) -> Suit: ...


def parse_suit(suit: Any) -> Suit:  # Any: checked below (see Card.__new__)
    """Read a suit from a :class:`Suit`, its letter, symbol or name (any case).

    Raises:
        CardParseError: not a suit.

    >>> from trumpfamily import parse_suit
    >>> parse_suit("s"), parse_suit("♥"), parse_suit("clubs")
    (Suit.SPADES, Suit.HEARTS, Suit.CLUBS)
    """
    if isinstance(suit, Suit):
        return suit
    if isinstance(suit, str):
        key = suit.strip().upper()
        found = _SUIT_TEXT.get(key) or _SUIT_NAMES.get(key)
        if found is not None:
            return found
    raise CardParseError(suit, f"not a suit: {safe_repr(suit)} (expected C, D, H or S, a suit symbol, or a suit name)")
