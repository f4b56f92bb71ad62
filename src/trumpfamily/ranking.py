"""Card ranking: which cards are trumps, which suit each card counts as, and card orders.

The rule component :class:`Ranking` holds the ranking options of OPTIONS.md
(``top_trumps``, ``joker``, ``plain_aces``, ``natural_order``) and answers every question
about the order of cards. Everything else in the library asks it; in particular "which
suit does this card count as?" is only ever answered by :meth:`Ranking.effective_suit`
(the Ace of Hearts and the joker are trumps whatever the trump suit, RULES.md §0.2).

Standard order (RULES.md §1.2, all modern presets), spades trumps:

>>> from trumpfamily import SPOIL_FIVE
>>> " ".join(map(str, SPOIL_FIVE.ranking.trump_order("S")))
'5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS'
>>> " ".join(map(str, SPOIL_FIVE.ranking.plain_order("D", "S")))
'KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD'
"""

from __future__ import annotations

import functools
from typing import Final, Literal, TypeAlias

import attrs

from ._options import choice, flag
from .cards import JK, STANDARD_DECK, Card, Rank, Suit, canonical, parse_suit
from .errors import InvalidPositionError, InvalidVariantError

__all__ = ["TRUMP_POWER", "Joker", "PlainAces", "RankTable", "Ranking", "TopTrumps"]

#: Every trump's power in a :class:`RankTable` is at least this; plain cards are below it.
TRUMP_POWER: Final = 100

_RED_LOW: Final = (Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE,
                   Rank.FOUR, Rank.THREE, Rank.TWO)
_BLACK_LOW: Final = tuple(reversed(_RED_LOW))
_NATURAL: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK) + _RED_LOW

AH: Final = canonical(Rank.ACE, Suit.HEARTS)


@attrs.frozen
class RankTable:
    """The precomputed order of every card of the deck for one trump suit.

    Built once per (ranking, trump, demoted Ace) and cached; rules calls only look
    cards up in it.

    Attributes:
        trump: the trump suit.
        power: card -> int. Trumps have ``TRUMP_POWER`` or more, higher beats lower;
            plain cards rank within their own suit only (1 = lowest).
        suit_of: card -> effective suit (the trump suit for every trump).
        trumps: the trumps, highest first.
        demoted: the demoted Ace of trumps, or ``None``.
    """

    trump: Suit
    power: dict[Card, int]
    suit_of: dict[Card, Suit]
    trumps: tuple[Card, ...]
    demoted: Card | None


#: The values of option ``top_trumps``, the order of the top trumps (:attr:`Ranking.top_trumps`).
TopTrumps: TypeAlias = Literal["modern", "cotton"]

#: The values of option ``joker``, which leaves the joker out or places it among the
#: trumps (:attr:`Ranking.joker`).
Joker: TypeAlias = Literal["none", "third", "fourth"]

#: The values of option ``plain_aces``, where a plain-suit Ace ranks
#: (:attr:`Ranking.plain_aces`).
PlainAces: TypeAlias = Literal["traditional", "high"]


@attrs.frozen(cache_hash=True)
class Ranking:
    """The ranking rule component (RULES.md §1.2, §2.8, §3 rows 1–3, §2.1.7 (1)).

    Attributes:
        top_trumps: ``"modern"``: ``5T JT AH AT`` (every modern source) or ``"cotton"``:
            ``5T AH AT JT`` (Cotton 1674, RULES.md §2.9).
        joker: ``"none"``, ``"third"`` (``5T JT JK AH``, CGT, IMP-110a) or ``"fourth"``
            (``5T JT AH JK``, WFF). The joker is always a trump (RULES.md §1.2).
        plain_aces: ``"traditional"`` (the plain Ace of Diamonds lowest, a plain black Ace
            between the Jack and the 2; PEEL, EB11, PAR, BIC45) or ``"high"`` (every plain
            Ace above its King; WFF New Brunswick / Nova Scotia variation).
        natural_order: the ordinary order ``A K Q J T 9 … 2`` in every suit, trumps beating
            plain suits and no special cards at all (Maw house rule 1, PEEL's variation).
            The sources do not say whether the Ace of Hearts stays a trump; following
            RULES.md §1.2 it does not. There are then no privileged trumps to renege with.

    A joker needs the modern top trumps and the traditional card order: combining it with
    ``top_trumps="cotton"`` or ``natural_order=True`` raises
    :class:`~trumpfamily.errors.InvalidVariantError` (no source places a joker there).
    """

    top_trumps: TopTrumps = choice("modern", "modern", "cotton",
                                   doc="order of the top trumps (RULES.md §3 row 1)")
    joker: Joker = choice("none", "none", "third", "fourth",
                          doc="joker in the deck and its place among the trumps (§3 row 2)")
    plain_aces: PlainAces = choice("traditional", "traditional", "high",
                                   doc="where a plain-suit Ace ranks (§3 row 3)")
    natural_order: bool = flag(False, doc="ordinary A-high order, no special cards (§2.1.7 (1))")

    def __attrs_post_init__(self) -> None:
        if self.joker != "none" and (self.top_trumps != "modern" or self.natural_order):
            raise InvalidVariantError(
                f"option joker={self.joker!r} needs top_trumps='modern' and natural_order=False "
                f"(got top_trumps={self.top_trumps!r}, natural_order={self.natural_order!r}): "
                "no source places a joker in the Cotton or the natural order (RULES.md §1.2)")

    # -- basic questions ---------------------------------------------------------------

    @property
    def uses_joker(self) -> bool:
        """True when the deck has a joker (option ``joker`` is not ``"none"``)."""
        return self.joker != "none"

    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck: 52, plus the joker when one is used (RULES.md §1.1)."""
        return STANDARD_DECK + (JK,) if self.uses_joker else STANDARD_DECK

    def is_trump(self, card: Card | str, trump: Suit | str) -> bool:
        """Whether ``card`` is a trump: a card of the trump suit, the Ace of Hearts always
        (unless ``natural_order``), and the joker (RULES.md §0.2).

        >>> from trumpfamily import SPOIL_FIVE
        >>> SPOIL_FIVE.ranking.is_trump("AH", "C"), SPOIL_FIVE.ranking.is_trump("KH", "C")
        (True, False)
        """
        return self.effective_suit(card, trump) is parse_suit(trump)

    def effective_suit(self, card: Card | str, trump: Suit | str) -> Suit:
        """The suit ``card`` counts as: the trump suit for every trump, else its own suit.

        This is the one place the library decides it: every rule that needs a card's suit
        asks this method.

        Raises:
            InvalidPositionError: the joker in a ranking without one.

        >>> from trumpfamily import SPOIL_FIVE
        >>> SPOIL_FIVE.ranking.effective_suit("AH", "S")
        Suit.SPADES
        """
        table = self.table(trump)
        c = Card.parse(card)
        try:
            return table.suit_of[c]
        except KeyError:
            raise InvalidPositionError(
                f"{c} is not in this variant's deck (option joker={self.joker!r})") from None

    # -- orders ------------------------------------------------------------------------

    def trump_order(self, trump: Suit | str, demoted: Card | str | None = None) -> tuple[Card, ...]:
        """Every trump, highest first (RULES.md §1.2 "Trump suit" table).

        Args:
            trump: the trump suit (a :class:`Suit` or its letter).
            demoted: an Ace of trumps demoted for not being robbed (RULES.md §1.5), which
                then ranks lowest.

        Returns:
            14 cards when hearts are not trumps (13 + the Ace of Hearts), 13 when they are,
            one more with a joker; 13 under ``natural_order``.

        Raises:
            CardParseError: ``trump`` is not a suit.
            InvalidPositionError: ``demoted`` is not the Ace of trumps.

        >>> from trumpfamily import FORTY_FIVE
        >>> " ".join(map(str, FORTY_FIVE.ranking.trump_order("H")))
        '5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H'
        """
        return self.table(trump, demoted).trumps

    def plain_order(self, suit: Suit | str, trump: Suit | str) -> tuple[Card, ...]:
        """The cards of a plain (non-trump) suit, highest first (RULES.md §1.2).

        Returns:
            13 cards, or 12 for hearts (the Ace of Hearts is a trump).

        Raises:
            InvalidPositionError: ``suit`` is the trump suit (use :meth:`trump_order`).

        >>> from trumpfamily import SPOIL_FIVE
        >>> " ".join(map(str, SPOIL_FIVE.ranking.plain_order("C", "H")))
        'KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC'
        """
        s, t = parse_suit(suit), parse_suit(trump)
        if s is t:
            raise InvalidPositionError(
                f"{s.name.lower()} are trumps, so they have no plain order; use trump_order({t.value!r})")
        return _plain_order(self, s, t)

    def ace_of_trumps(self, trump: Suit | str) -> Card:
        """The Ace of the trump suit (the Ace of Hearts when hearts are trumps)."""
        return canonical(Rank.ACE, parse_suit(trump))

    def check_demoted(self, demoted: Card | str | None, trump: Suit) -> Card | None:
        """Validate a ``demoted`` argument: ``None`` or the Ace of the trump suit.

        Raises:
            InvalidPositionError: any other card.
        """
        if demoted is None:
            return None
        card = Card.parse(demoted) if not isinstance(demoted, Card) else demoted
        card = canonical(card.rank, card.suit)
        if card.rank is not Rank.ACE or card.suit is not trump:
            raise InvalidPositionError(
                f"demoted={str(card)!r} is not the Ace of trumps ({'A' + trump.value}): only the "
                "Ace of trumps is demoted, for not being robbed (RULES.md §1.5)")
        return card

    def table(self, trump: Suit | str, demoted: Card | str | None = None) -> RankTable:
        """The cached :class:`RankTable` for ``trump``: every card's power and effective suit.

        Raises:
            CardParseError: ``trump`` is not a suit.
            InvalidPositionError: ``demoted`` is not the Ace of trumps.
        """
        suit = parse_suit(trump)
        return _build_table(self, suit, self.check_demoted(demoted, suit))


def _top(ranking: Ranking, trump: Suit) -> list[Card]:
    five, jack, ace = canonical(Rank.FIVE, trump), canonical(Rank.JACK, trump), canonical(Rank.ACE, trump)
    if ranking.top_trumps == "cotton":
        top = [five, AH, ace, jack]
    else:
        top = [five, jack, AH, ace]
    if trump is Suit.HEARTS:
        top.remove(ace)  # the Ace of Hearts is the Ace of trumps: one card, in AH's place
    if ranking.joker == "third":
        top.insert(2, JK)
    elif ranking.joker == "fourth":
        top.insert(3, JK)
    return top


def _trump_order(ranking: Ranking, trump: Suit, demoted: Card | None) -> tuple[Card, ...]:
    if ranking.natural_order:
        order = [canonical(r, trump) for r in _NATURAL]
    else:
        top = _top(ranking, trump)
        low = _RED_LOW if trump.is_red else _BLACK_LOW
        rest = [canonical(r, trump) for r in (Rank.KING, Rank.QUEEN, *low)]
        order = top + [c for c in rest if c not in top]
    if demoted is not None:
        order.remove(demoted)
        order.append(demoted)
    return tuple(order)


def _plain_order(ranking: Ranking, suit: Suit, trump: Suit) -> tuple[Card, ...]:
    if ranking.natural_order:
        return tuple(canonical(r, suit) for r in _NATURAL)
    if suit.is_red:
        ranks = [Rank.KING, Rank.QUEEN, Rank.JACK, *_RED_LOW, Rank.ACE]
    else:
        ranks = [Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, *_BLACK_LOW]
    if ranking.plain_aces == "high":
        ranks.remove(Rank.ACE)
        ranks.insert(0, Rank.ACE)
    cards = [canonical(r, suit) for r in ranks]
    return tuple(c for c in cards if c != AH)


@functools.cache
def _build_table(ranking: Ranking, trump: Suit, demoted: Card | None) -> RankTable:
    trumps = _trump_order(ranking, trump, demoted)
    power: dict[Card, int] = {}
    suit_of: dict[Card, Suit] = {}
    for i, card in enumerate(trumps):
        power[card] = TRUMP_POWER + len(trumps) - i
        suit_of[card] = trump
    for suit in Suit:
        if suit is trump:
            continue
        order = _plain_order(ranking, suit, trump)
        for i, card in enumerate(order):
            power[card] = len(order) - i
            suit_of[card] = suit
    expected = set(ranking.deck())
    assert set(power) == expected, "ranking tables must cover the deck exactly"
    return RankTable(trump=trump, power=power, suit_of=suit_of, trumps=trumps, demoted=demoted)
