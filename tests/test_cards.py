"""Cards, suits, ranks and card text (RULES.md §0.1 card notation; DESIGN.md "Names and text")."""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import STANDARD_52

import trumpfamily as tf
from trumpfamily import Card, Rank, Suit

ALL_53 = STANDARD_52 + (tf.JK,)


def test_suit_members_letters_and_symbols() -> None:
    """RULES §0.1: suits S H D C, with the symbols ♠ ♥ ♦ ♣."""
    assert {s.name: (s.letter, s.symbol) for s in Suit} == {
        "CLUBS": ("C", "♣"),
        "DIAMONDS": ("D", "♦"),
        "HEARTS": ("H", "♥"),
        "SPADES": ("S", "♠"),
    }


@pytest.mark.parametrize(("letter", "suit"), [("C", Suit.CLUBS), ("D", Suit.DIAMONDS), ("H", Suit.HEARTS), ("S", Suit.SPADES)])
def test_suit_from_letter(letter: str, suit: Suit) -> None:
    """``Suit("H")`` looks a suit up by its letter."""
    assert Suit(letter) is suit


def test_rank_members_in_order() -> None:
    """Rank is an IntEnum TWO..TEN, JACK, QUEEN, KING, ACE, JOKER."""
    assert [r.name for r in Rank] == [
        "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
        "JACK", "QUEEN", "KING", "ACE", "JOKER",
    ]
    assert all(isinstance(r, int) for r in Rank)
    assert sorted(Rank) == list(Rank)


def test_joker_card() -> None:
    """RULES §0.1: the joker is written ``JK``; it has rank JOKER and no suit."""
    assert tf.JK.rank is Rank.JOKER
    assert tf.JK.suit is None
    assert str(tf.JK) == "JK"
    assert Card.parse("JK") == tf.JK
    assert Card.parse("jk") == tf.JK


def test_card_fields_and_constructor() -> None:
    card = Card(Rank.FIVE, Suit.HEARTS)
    assert card.rank is Rank.FIVE
    assert card.suit is Suit.HEARTS
    assert card == Card.parse("5H")
    assert card != Card.parse("5D")
    assert Card(Rank.TEN, Suit.SPADES) == Card.parse("TS")


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("5H", Rank.FIVE, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("AS", Rank.ACE, Suit.SPADES),
        ("as", Rank.ACE, Suit.SPADES),
        ("2C", Rank.TWO, Suit.CLUBS),
        ("KD", Rank.KING, Suit.DIAMONDS),
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("JD", Rank.JACK, Suit.DIAMONDS),
        ("9C", Rank.NINE, Suit.CLUBS),
        ("5♥", Rank.FIVE, Suit.HEARTS),
        ("A♠", Rank.ACE, Suit.SPADES),
        ("T♦", Rank.TEN, Suit.DIAMONDS),
        ("10♣", Rank.TEN, Suit.CLUBS),
    ],
)
def test_card_parse(text: str, rank: Rank, suit: Suit) -> None:
    """Card text: rank A K Q J T(10) 9..2, suit C D H S or ♣ ♦ ♥ ♠, any case."""
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("card", ALL_53, ids=str)
def test_str_and_repr_round_trip(card: Card) -> None:
    """``str`` is the card text; ``repr`` rebuilds the value (DESIGN.md: repr rebuilds the value)."""
    assert Card.parse(str(card)) == card
    assert repr(card) == f"Card.parse('{card}')"
    assert eval(repr(card), {"Card": Card}) == card


def test_str_of_every_card_literal() -> None:
    """The ten is written ``T``; ranks A K Q J T 9..2, suits C D H S (RULES §0.1)."""
    assert [str(Card(r, Suit.SPADES)) for r in Rank if r is not Rank.JOKER] == [
        "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS",
    ]
    assert [str(Card(Rank.TEN, s)) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)] == [
        "TC", "TD", "TH", "TS",
    ]


def test_cards_are_distinct_and_hashable() -> None:
    assert len(set(ALL_53)) == 53
    assert len({str(c) for c in ALL_53}) == 53
    assert {Card.parse("5H"): 1}[Card(Rank.FIVE, Suit.HEARTS)] == 1
    assert hash(Card.parse("th")) == hash(Card.parse("10H"))


def test_cards_are_frozen() -> None:
    card = Card.parse("5H")
    with pytest.raises((attrs.exceptions.FrozenInstanceError, AttributeError)):
        card.rank = Rank.SIX  # type: ignore[misc]
    assert card == Card.parse("5H")


def test_total_order_including_joker() -> None:
    """Cards are totally ordered: ``sorted()`` works on the full 53-card deck."""
    shuffled = list(reversed(ALL_53))
    ordered = sorted(shuffled)
    assert len(ordered) == 53
    assert sorted(ALL_53) == ordered
    for a, b in itertools.combinations(ALL_53, 2):
        assert (a < b) != (b < a)
        assert (a <= b) == (not b < a)
        assert (a > b) == (b < a)
        assert (a >= b) == (not a < b)
    for a, b in itertools.pairwise(ordered):
        assert a < b


@given(st.lists(st.sampled_from(ALL_53), min_size=3, max_size=3))
def test_order_is_transitive(cards: list[Card]) -> None:
    a, b, c = cards
    if a < b < c:
        assert a < c
    if a <= b <= c:
        assert a <= c


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5H TH 10D jk, 5♥ as", ("5H", "TH", "TD", "JK", "5H", "AS")),
        ("5H,JS", ("5H", "JS")),
        ("  5h   js  ", ("5H", "JS")),
        ("A♠ K♦ Q♣ J♥", ("AS", "KD", "QC", "JH")),
        ("", ()),
    ],
)
def test_parse_cards(text: str, expected: tuple[str, ...]) -> None:
    """``parse_cards``: spaces/commas, lower case, 10 or T, suit symbols, JK."""
    result = tf.parse_cards(text)
    assert isinstance(result, tuple)
    assert tuple(str(c) for c in result) == expected
    assert all(isinstance(c, Card) for c in result)


def test_parse_cards_contract_example() -> None:
    assert tf.parse_cards("5H TH 10H jk, 5♥ as") == (
        Card(Rank.FIVE, Suit.HEARTS),
        Card(Rank.TEN, Suit.HEARTS),
        Card(Rank.TEN, Suit.HEARTS),
        tf.JK,
        Card(Rank.FIVE, Suit.HEARTS),
        Card(Rank.ACE, Suit.SPADES),
    )


@given(st.lists(st.sampled_from(ALL_53), max_size=12))
def test_parse_cards_round_trips_str(cards: list[Card]) -> None:
    assert tf.parse_cards(" ".join(map(str, cards))) == tuple(cards)
    assert tf.parse_cards(", ".join(str(c).lower() for c in cards)) == tuple(cards)


@pytest.mark.parametrize("bad", ["", "5", "H", "1H", "11H", "5X", "ZZ", "JKH", "5HH", "0S", "AHS", "1 0H"])
def test_card_parse_rejects_bad_text(bad: str) -> None:
    with pytest.raises(tf.CardParseError) as info:
        Card.parse(bad)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, tf.TrumpFamilyError)


@pytest.mark.parametrize("bad", ["5H ZZ", "5H, 1S", "QX"])
def test_parse_cards_rejects_bad_text(bad: str) -> None:
    with pytest.raises(tf.CardParseError):
        tf.parse_cards(bad)
