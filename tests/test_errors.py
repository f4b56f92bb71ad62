"""Bad inputs raise, never pass silently (DESIGN.md "Errors").

Each error is a ``TrumpFamilyError`` and also a ``ValueError``, and its message names the
offending input.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily import Card, Suit

SF = tf.SPOIL_FIVE
S = Suit.SPADES

ERRORS = [tf.CardParseError, tf.InvalidPositionError, tf.IllegalPlayError, tf.InvalidVariantError,
          tf.UnknownVariantError]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: e.__name__)
def test_error_hierarchy(error: type[Exception]) -> None:
    assert issubclass(error, tf.TrumpFamilyError)
    assert issubclass(error, ValueError)
    assert issubclass(tf.TrumpFamilyError, Exception)


@contextmanager
def raises(error: type[Exception], *needles: str) -> Iterator[None]:
    """Expect ``error`` (also a TrumpFamilyError and a ValueError) whose message names every needle."""
    with pytest.raises(error) as info:
        yield
    value = info.value
    assert isinstance(value, tf.TrumpFamilyError)
    assert isinstance(value, ValueError)
    msg = str(value)
    for needle in needles:
        assert needle in msg, f"{needle!r} not in {msg!r}"


# ---------------------------------------------------------------------------------------------
# Card text


@pytest.mark.parametrize("bad", ["ZZ", "5X", "1H", "11S", "QQ"])
def test_bad_card_text(bad: str) -> None:
    with raises(tf.CardParseError, bad):
        Card.parse(bad)


@pytest.mark.parametrize("bad", ["ZZ", "5X", "QQ"])
def test_bad_card_text_in_hand_and_trick(bad: str) -> None:
    with raises(tf.CardParseError, bad):
        tf.legal_moves(f"5H {bad}", "", trump="S", variant=SF)
    with raises(tf.CardParseError, bad):
        tf.legal_moves("5H", f"9D {bad}", trump="S", variant=SF)
    with raises(tf.CardParseError, bad):
        tf.trick_winner(f"9D {bad}", trump="S", variant=SF)
    with raises(tf.CardParseError, bad):
        tf.parse_cards(f"5H {bad} 6H")


# ---------------------------------------------------------------------------------------------
# Positions


def test_duplicate_card_in_hand() -> None:
    with raises(tf.InvalidPositionError, "5H"):
        tf.legal_moves(cards("5H 5H 3C"), (), trump=S, variant=SF)
    with raises(tf.InvalidPositionError, "5H"):
        tf.is_legal(Card.parse("3C"), cards("5H 5H 3C"), cards("9D"), trump=S, variant=SF)


def test_duplicate_card_in_trick() -> None:
    with raises(tf.InvalidPositionError, "9D"):
        tf.legal_moves(cards("5H 3C"), cards("9D 9D"), trump=S, variant=SF)
    with raises(tf.InvalidPositionError, "9D"):
        tf.trick_winner(cards("9D KD 9D"), trump=S, variant=SF)


def test_card_in_both_hand_and_trick() -> None:
    with raises(tf.InvalidPositionError, "9D"):
        tf.legal_moves(cards("5H 9D"), cards("9D"), trump=S, variant=SF)
    with raises(tf.InvalidPositionError, "9D"):
        tf.check_play(Card.parse("5H"), cards("5H 9D"), cards("9D"), trump=S, variant=SF)


def test_empty_hand() -> None:
    with raises(tf.InvalidPositionError):
        tf.legal_moves((), cards("9D"), trump=S, variant=SF)
    with raises(tf.InvalidPositionError):
        tf.legal_moves("", "", trump=S, variant=SF)


def test_empty_trick_has_no_winner() -> None:
    with raises(tf.InvalidPositionError):
        tf.trick_winner([], trump=S, variant=SF)
    with raises(tf.InvalidPositionError):
        tf.trick_winner("", trump=S, variant=SF)


# Seven and eight cards with no 6 or 7 in them, so the message's count is unambiguous.
SEVEN = "2S 3S 4S 5S 8S 9S TS"
ELEVEN = "2S 3S 4S 5S 8S 9S TS JS QS KS AS"


def test_trick_longer_than_max_players_forty_five() -> None:
    """OPTIONS.md "Player counts": Forty-Five 2–6, so a 7-card trick is impossible."""
    # black plain suits run 2 high (RULES §1.2): 2S wins a six-card trick of low spades
    assert tf.trick_winner(cards("3S 4S 2S 5S 8S 9S"), trump=Suit.HEARTS, variant=tf.FORTY_FIVE) == 2
    with raises(tf.InvalidPositionError):
        tf.trick_winner(cards(SEVEN), trump=Suit.HEARTS, variant=tf.FORTY_FIVE)
    try:
        tf.trick_winner(cards(SEVEN), trump=Suit.HEARTS, variant=tf.FORTY_FIVE)
    except tf.InvalidPositionError as exc:
        assert "6" in str(exc) or "7" in str(exc), str(exc)


def test_legal_moves_with_full_trick_forty_five() -> None:
    """A trick already holding max-players (6) cards has no player left to move."""
    assert tf.legal_moves(cards("KH"), cards("2S 3S 4S 5S 8S"), trump=Suit.HEARTS, variant=tf.FORTY_FIVE) == cards("KH")
    with raises(tf.InvalidPositionError):
        tf.legal_moves(cards("KH"), cards("2S 3S 4S 5S 8S 9S"), trump=Suit.HEARTS, variant=tf.FORTY_FIVE)


@pytest.mark.parametrize("preset", [tf.MAW, tf.SPOIL_FIVE, tf.TWENTY_FIVE], ids=["MAW", "SF", "25"])
def test_trick_longer_than_max_players_ten(preset: Any) -> None:
    """OPTIONS.md: Maw, Spoil Five and Twenty-Five allow 2–10 players."""
    ten = cards("2S 3S 4S 5S 8S 9S TS JS QS KS")
    # KS is the highest plain spade (hearts trumps): index 9
    assert tf.trick_winner(ten, trump=Suit.HEARTS, variant=preset) == 9
    assert tf.legal_moves(cards("KH"), ten[:9], trump=Suit.HEARTS, variant=preset) == cards("KH")
    with raises(tf.InvalidPositionError):
        tf.legal_moves(cards("KH"), ten, trump=Suit.HEARTS, variant=preset)
    with raises(tf.InvalidPositionError):
        tf.trick_winner(cards(ELEVEN), trump=Suit.HEARTS, variant=preset)


@pytest.mark.parametrize("preset", [tf.MAW, tf.SPOIL_FIVE, tf.TWENTY_FIVE, tf.FORTY_FIVE])
def test_joker_in_a_variant_without_joker(preset: Any) -> None:
    with raises(tf.InvalidPositionError, "JK"):
        tf.legal_moves((tf.JK, Card.parse("3C")), (), trump=S, variant=preset)
    with raises(tf.InvalidPositionError, "JK"):
        tf.legal_moves(cards("3C"), (tf.JK,), trump=S, variant=preset)
    with raises(tf.InvalidPositionError, "JK"):
        tf.trick_winner((Card.parse("2S"), tf.JK), trump=S, variant=preset)


def test_joker_allowed_with_joker_option() -> None:
    joker = SF.with_options(joker="third")
    assert tf.trick_winner((Card.parse("2S"), tf.JK), trump=S, variant=joker) == 1


@pytest.mark.parametrize("bad", ["X", "SPADE", "", "5", "HS"])
def test_bad_trump_letter(bad: str) -> None:
    with pytest.raises(tf.TrumpFamilyError) as info:
        tf.legal_moves(cards("5H 3C"), (), trump=bad, variant=SF)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, (tf.CardParseError, tf.InvalidPositionError))
    if bad:
        assert bad in str(info.value)
    with pytest.raises(tf.TrumpFamilyError) as info2:
        tf.trick_winner(cards("5H 3C"), trump=bad, variant=SF)
    assert isinstance(info2.value, ValueError)


@pytest.mark.parametrize(("demoted", "trump"), [("AS", Suit.HEARTS), ("AH", Suit.SPADES), ("KS", Suit.SPADES),
                                                 ("5S", Suit.SPADES), ("AD", Suit.CLUBS)])
def test_demoted_must_be_the_ace_of_trumps(demoted: str, trump: Suit) -> None:
    """``demoted`` is the Ace of trumps of the deal (OPTIONS.md robbing); anything else is an error."""
    with raises(tf.InvalidPositionError, demoted):
        tf.trick_winner(cards("2C 3C"), trump=trump, variant=SF, demoted=Card.parse(demoted))
    with raises(tf.InvalidPositionError, demoted):
        tf.legal_moves(cards("2C 3C"), cards("4D"), trump=trump, variant=SF, demoted=Card.parse(demoted))


# ---------------------------------------------------------------------------------------------
# Illegal plays


def test_check_play_card_not_in_hand() -> None:
    with raises(tf.IllegalPlayError, "QC"):
        tf.check_play(Card.parse("QC"), cards("5H 3C"), (), trump=S, variant=SF)
    try:
        tf.check_play(Card.parse("QC"), cards("5H 3C"), (), trump=S, variant=SF)
    except tf.IllegalPlayError as exc:
        assert exc.card == Card.parse("QC")
        assert isinstance(exc.reason, str) and exc.reason
    assert tf.is_legal(Card.parse("QC"), cards("5H 3C"), (), trump=S, variant=SF) is False


def test_illegal_play_on_trump_lead_names_the_rule() -> None:
    """EX-67 / EX-27: ``5D`` led, hand ``JD 9S 2C``, playing ``9S`` is a renege; the message says trumps were led."""
    with pytest.raises(tf.IllegalPlayError) as info:
        tf.check_play(Card.parse("9S"), cards("JD 9S 2C"), cards("5D"), trump=Suit.DIAMONDS, variant=SF)
    exc = info.value
    assert isinstance(exc, ValueError)
    assert exc.card == Card.parse("9S")
    assert isinstance(exc.reason, str) and exc.reason
    assert "9S" in str(exc)
    assert "trump" in str(exc).lower()


def test_illegal_play_on_plain_lead_names_the_rule() -> None:
    """EX-20: ``9D`` led, hand ``3D KC 7S``, discarding ``KC`` is a revoke; the message mentions following."""
    with pytest.raises(tf.IllegalPlayError) as info:
        tf.check_play(Card.parse("KC"), cards("3D KC 7S"), cards("9D"), trump=S, variant=SF)
    exc = info.value
    assert exc.card == Card.parse("KC")
    assert "KC" in str(exc)
    assert "follow" in str(exc).lower()


# ---------------------------------------------------------------------------------------------
# Variants


def test_unknown_variant_name() -> None:
    with raises(tf.UnknownVariantError, "nope"):
        tf.find_variant("nope")


def test_with_options_unknown_name_message() -> None:
    with raises(tf.InvalidVariantError, "colour", "plain_aces", "multi_privileged"):
        tf.SPOIL_FIVE.with_options(colour="red")


def test_with_options_bad_value_message() -> None:
    with raises(tf.InvalidVariantError, "sometimes", "single", "all"):
        tf.SPOIL_FIVE.with_options(multi_privileged="sometimes")


@pytest.mark.parametrize(("name", "value"), [("tricks_to_win", True), ("tricks_to_win", "3"), ("ante", "1")])
def test_with_options_wrong_type_message(name: str, value: Any) -> None:
    with raises(tf.InvalidVariantError, name):
        tf.SPOIL_FIVE.with_options(**{name: value})


@pytest.mark.parametrize(
    ("kw", "needle"),
    [({"renege_cards": "5-J-JK-AH"}, "joker"), ({"joker": "third", "top_trumps": "cotton"}, "cotton"),
     ({"joker": "fourth", "natural_order": True}, "natural_order")],
)
def test_with_options_incoherent_message(kw: dict[str, Any], needle: str) -> None:
    with raises(tf.InvalidVariantError, needle):
        tf.SPOIL_FIVE.with_options(**kw)
