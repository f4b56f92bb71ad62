"""PITFALLS.md 1–10 and 13: where other implementations go wrong.

Each pitfall is tested at its literal input and then over its whole shape (every trump suit,
every suit or card the shape covers). Expected values come from RULES.md §1.2–1.4, written
out literally below.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily import Card, Suit

SF = tf.SPOIL_FIVE
SUIT = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}

# RULES.md §1.2, literally.
TRUMP_TABLE = {
    "H": "5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC",
    "S": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS",
}
PLAIN_TABLE = {
    "H": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "D": "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD",
    "C": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC",
    "S": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def c(text: str) -> Card:
    return Card.parse(text)


def legal(hand: str | tuple[Card, ...], trick: str | tuple[Card, ...], t: str, variant: Any = SF) -> tuple[str, ...]:
    h = cards(hand) if isinstance(hand, str) else hand
    tr = cards(trick) if isinstance(trick, str) else trick
    return tuple(str(x) for x in tf.legal_moves(h, tr, trump=SUIT[t], variant=variant))


def winner(trick: str | tuple[Card, ...], t: str, variant: Any = SF) -> int:
    tr = cards(trick) if isinstance(trick, str) else trick
    return tf.trick_winner(tr, trump=SUIT[t], variant=variant)


def others(t: str) -> list[str]:
    return [s for s in "CDHS" if s != t]


def plain_king(t: str) -> str:
    """A plain card that is never a trump: the King of a suit other than the trump suit."""
    return "KD" if t != "D" else "KC"


# ---------------------------------------------------------------------------------------------
# 1. A red plain Five missing from the order.

# The plain Five's place in its suit (§1.2 plain table): the cards it beats and the cards that beat it.
FIVE_BEATS = {"H": "4H 3H 2H", "D": "4D 3D 2D AD", "C": "6C 7C 8C 9C TC", "S": "6S 7S 8S 9S TS"}
FIVE_LOSES_TO = {"H": "KH QH JH TH 9H 8H 7H 6H", "D": "KD QD JD TD 9D 8D 7D 6D",
                 "C": "KC QC JC AC 2C 3C 4C", "S": "KS QS JS AS 2S 3S 4S"}


def test_pitfall_01_red_plain_five_literal() -> None:
    """PITFALLS 1: clubs trumps, trick ``5D 3D``: the Five wins (index 0)."""
    assert winner("5D 3D", "C") == 0


@pytest.mark.parametrize(("t", "s"), [(t, s) for t in "CDHS" for s in others(t)])
def test_pitfall_01_plain_five_shape(t: str, s: str) -> None:
    """PITFALLS 1, every trump suit and every plain Five (red ones first of all): its §1.2 place."""
    five = c(f"5{s}")
    assert len(cards(FIVE_BEATS[s])) + len(cards(FIVE_LOSES_TO[s])) + 1 == len(cards(PLAIN_TABLE[s]))
    for lower in cards(FIVE_BEATS[s]):
        assert winner((five, lower), t) == 0, lower
        assert winner((lower, five), t) == 1, lower
        # an off-suit plain card played after them changes nothing (it cannot win, §1.3)
        off_suit = c(f"K{next(x for x in others(t) if x != s)}")
        assert winner((lower, five, off_suit), t) == 1, lower
    for higher in cards(FIVE_LOSES_TO[s]):
        assert winner((five, higher), t) == 1, higher
        assert winner((higher, five), t) == 0, higher


# ---------------------------------------------------------------------------------------------
# 2. Reneging must never forbid.


def test_pitfall_02_reneging_never_forbids_literal() -> None:
    """PITFALLS 2: spades, ``7S`` led, hand ``9S JS KD``: legal ``9S JS``."""
    assert legal("9S JS KD", "7S", "S") == ("9S", "JS")


@pytest.mark.parametrize("t", "CDHS")
def test_pitfall_02_shape_every_trump_held_is_legal_on_a_trump_lead(t: str) -> None:
    """PITFALLS 2 shape: whatever trump is led, every trump held may be played (privilege only relaxes)."""
    order = cards(TRUMP_TABLE[t])
    privileged = cards(f"5{t} J{t} AH")
    plain = c(plain_king(t))
    for led in order:
        for p in privileged:
            if p == led:
                continue
            lone = legal((p, plain), (led,), t)
            assert str(p) in lone, (led, p)
            # entitled (ranks above the led card) → may keep it; otherwise must play it
            entitled = order.index(p) < order.index(led)
            assert lone == ((str(p), str(plain)) if entitled else (str(p),)), (led, p)
            for ordinary in order:
                if ordinary in privileged or ordinary == led:
                    continue
                # a privileged card with an ordinary trump: must play a trump, either of them (FOS)
                assert legal((ordinary, p, plain), (led,), t) == (str(ordinary), str(p)), (led, p, ordinary)


# ---------------------------------------------------------------------------------------------
# 3. The Ace of Hearts is not a heart.


def test_pitfall_03_ah_is_not_a_heart_literal() -> None:
    """PITFALLS 3: clubs trumps, ``8H`` led, hand ``6S AH``: void in hearts, both legal."""
    assert legal("6S AH", "8H", "C") == ("6S", "AH")


@pytest.mark.parametrize("t", "CDS")
def test_pitfall_03_shape(t: str) -> None:
    """PITFALLS 3 for every non-heart trump suit, every heart led, every other plain suit's card."""
    for led in cards(PLAIN_TABLE["H"]):
        for s in others(t):
            if s == "H":
                continue
            for rank in "K6":
                other = c(f"{rank}{s}")
                assert legal((other, c("AH")), (led,), t) == (str(other), "AH"), (led, other)
                # holding a real heart as well, the off-suit card is no longer allowed (EX-23)
                low_heart = c("2H") if led != c("2H") else c("3H")
                assert legal((other, c("AH"), low_heart), (led,), t) == ("AH", str(low_heart)), (led, other)


# ---------------------------------------------------------------------------------------------
# 4. A void player may discard.


def test_pitfall_04_void_player_may_discard_literal() -> None:
    """PITFALLS 4: diamonds trumps, ``3C`` led, hand ``QS QH 9D 8S 7D``: all five."""
    assert legal("QS QH 9D 8S 7D", "3C", "D") == ("QS", "QH", "9D", "8S", "7D")


@pytest.mark.parametrize(("t", "s"), [(t, s) for t in "CDHS" for s in others(t)])
def test_pitfall_04_shape(t: str, s: str) -> None:
    """PITFALLS 4 for every trump suit and every plain suit led: a void hand plays anything."""
    hand = tuple(c(f"Q{x}") for x in "CDHS" if x != s) + (c(f"9{t}"), c(f"7{t}"))
    assert legal(hand, (c(f"3{s}"),), t) == tuple(str(x) for x in hand)


# ---------------------------------------------------------------------------------------------
# 5. Trump numerals follow colour.

TRUMP_NUMERALS = {"H": "TH 9H 8H 7H 6H 4H 3H 2H", "D": "TD 9D 8D 7D 6D 4D 3D 2D",
                  "C": "2C 3C 4C 6C 7C 8C 9C TC", "S": "2S 3S 4S 6S 7S 8S 9S TS"}


def test_pitfall_05_trump_numerals_follow_colour_literal() -> None:
    """PITFALLS 5: diamonds trumps, trick ``8D 6C 2H 2D``: ``8D`` wins."""
    assert winner("8D 6C 2H 2D", "D") == 0


@pytest.mark.parametrize("t", "CDHS")
def test_pitfall_05_shape(t: str) -> None:
    """PITFALLS 5 across suits: red trump numerals 10 high to 2 low, black 2 high to 10 low."""
    fillers = [c(f"6{s}") for s in others(t)]
    for high, low in itertools.combinations(cards(TRUMP_NUMERALS[t]), 2):
        assert winner((high, fillers[0], fillers[1], low), t) == 0, (high, low)
        assert winner((low, fillers[0], high, fillers[1]), t) == 2, (high, low)


# ---------------------------------------------------------------------------------------------
# 6. A black ten must rank, not crash.


def test_pitfall_06_black_ten_literal() -> None:
    """PITFALLS 6: diamonds trumps, trick ``TC KC``: ``KC`` wins (index 1)."""
    assert winner("TC KC", "D") == 1


@pytest.mark.parametrize("t", "CDHS")
def test_pitfall_06_shape(t: str) -> None:
    """PITFALLS 6 across suits: a black ten is the lowest card of its plain suit and of its trump suit."""
    for b in "CS":
        ten = c(f"T{b}")
        table = TRUMP_TABLE[t] if b == t else PLAIN_TABLE[b]
        assert cards(table)[-1] == ten
        for other in cards(table)[:-1]:
            assert winner((ten, other), t) == 1, other
            assert winner((other, ten), t) == 0, other


# ---------------------------------------------------------------------------------------------
# 7. The Ace of trumps has no reneging privilege.


def test_pitfall_07_ace_of_trumps_no_privilege_literal() -> None:
    """PITFALLS 7: spades, ``7S`` led, hand ``AS 3D``: legal ``AS`` only."""
    assert legal("AS 3D", "7S", "S") == ("AS",)


@pytest.mark.parametrize("t", "CDS")
def test_pitfall_07_shape(t: str) -> None:
    """PITFALLS 7 for every non-heart trump suit: AT, K, Q and numerals never renege, whatever is led."""
    order = cards(TRUMP_TABLE[t])
    plain = c(plain_king(t))
    ordinary = [x for x in order if x not in cards(f"5{t} J{t} AH")]
    assert ordinary[0] == c(f"A{t}")
    for held in ordinary:
        for led in order:
            if led == held:
                continue
            assert legal((held, plain), (led,), t) == (str(held),), (held, led)


# ---------------------------------------------------------------------------------------------
# 8. Trumping is always allowed on a plain lead.


def test_pitfall_08_trumping_allowed_literal() -> None:
    """PITFALLS 8: spades, ``9D`` led, hand ``3D 7S``: both legal."""
    assert legal("3D 7S", "9D", "S") == ("3D", "7S")


@pytest.mark.parametrize(("t", "s"), [(t, s) for t in "CDHS" for s in others(t)])
def test_pitfall_08_shape(t: str, s: str) -> None:
    """PITFALLS 8 for every trump suit, every plain suit led and every trump held."""
    follow = c(f"3{s}")
    discard = c(f"Q{next(x for x in others(t) if x != s)}")
    for trump_card in cards(TRUMP_TABLE[t]):
        assert legal((follow, trump_card, discard), (c(f"9{s}"),), t) == (str(follow), str(trump_card)), trump_card


# ---------------------------------------------------------------------------------------------
# 9. Only the Five may refuse when the Jack is led.


def test_pitfall_09_only_five_refuses_jack_literal() -> None:
    """PITFALLS 9: spades, ``JS`` led: a lone ``5S`` may be held back; a lone ``AH`` may not."""
    assert legal("5S 3D", "JS", "S") == ("5S", "3D")
    assert legal("AH 3D", "JS", "S") == ("AH",)


@pytest.mark.parametrize("t", "CDHS")
def test_pitfall_09_shape(t: str) -> None:
    """PITFALLS 9 for every trump suit: JT led; only the Five may be withheld, every other trump is forced."""
    plain = c(plain_king(t))
    jack = c(f"J{t}")
    for held in cards(TRUMP_TABLE[t]):
        if held == jack:
            continue
        expected = (str(held), str(plain)) if held == c(f"5{t}") else (str(held),)
        assert legal((held, plain), (jack,), t) == expected, held


# ---------------------------------------------------------------------------------------------
# 10. A trump beats every plain card, the Ace of Hearts included.


def test_pitfall_10_ah_is_a_trump_literal() -> None:
    """PITFALLS 10: spades, trick ``2S AH``: the Ace of Hearts wins (index 1)."""
    assert winner("2S AH", "S") == 1


@pytest.mark.parametrize("t", "CDHS")
def test_pitfall_10_shape(t: str) -> None:
    """PITFALLS 10 across suits: AH beats every trump below it and every plain card, led or not."""
    ah = c("AH")
    order = cards(TRUMP_TABLE[t])
    for lower in order[order.index(ah) + 1:]:
        assert winner((lower, ah), t) == 1, lower
    for s in others(t):
        for plain in cards(PLAIN_TABLE[s]):
            assert winner((plain, ah), t) == 1, plain
            assert winner((ah, plain), t) == 0, plain


# ---------------------------------------------------------------------------------------------
# 13. A new option must reach every rule that depends on it.
# Each play option value: a legal_moves position and a trick_winner position, written out.

OPTION_CASES: list[tuple[str, Any, dict[str, Any], tuple[str, str, str, str], tuple[str, str, int]]] = [
    ("top_trumps", "modern", {}, ("JS KD", "AS", "S", "JS KD"), ("JS AS", "S", 0)),
    ("top_trumps", "cotton", {}, ("JS KD", "AS", "S", "JS"), ("JS AS", "S", 1)),
    ("joker", "none", {}, ("AH KD", "7S", "S", "AH KD"), ("AH AS", "S", 0)),
    ("joker", "third", {}, ("AH KD", "JK", "S", "AH"), ("AH JK", "C", 1)),
    ("joker", "fourth", {}, ("AH KD", "JK", "S", "AH KD"), ("AH JK", "C", 0)),
    ("plain_aces", "traditional", {}, ("AD 3D 7S KC", "9D", "S", "AD 3D 7S"), ("KD AD", "S", 0)),
    ("plain_aces", "high", {}, ("AD 3D 7S KC", "9D", "S", "AD 3D 7S"), ("KD AD", "S", 1)),
    ("natural_order", False, {}, ("JS KD", "7S", "S", "JS KD"), ("2S AH", "S", 1)),
    ("natural_order", True, {}, ("JS KD", "7S", "S", "JS"), ("2S AH", "S", 0)),
    ("plain_lead", "follow-or-trump", {}, ("3D 7S KC", "9D", "S", "3D 7S"), ("9D 3D 7S", "S", 2)),
    ("plain_lead", "follow", {}, ("3D 7S KC", "9D", "S", "3D"), ("9D 3D 7S", "S", 2)),
    ("plain_lead", "free", {}, ("3D 7S KC", "9D", "S", "3D 7S KC"), ("9D 3D 7S", "S", 2)),
    ("trump_lead", "follow", {}, ("7C KH", "2C", "C", "7C"), ("2C KH", "C", 0)),
    ("trump_lead", "free", {}, ("7C KH", "2C", "C", "7C KH"), ("2C KH", "C", 0)),
    ("renege_cards", "5-J-AH", {}, ("JS 3D", "7S", "S", "JS 3D"), ("7S JS", "S", 1)),
    ("renege_cards", "5", {}, ("JS 3D", "7S", "S", "JS"), ("7S JS", "S", 1)),
    ("renege_cards", "5-J-JK-AH", {"joker": "third"}, ("JK 3D", "7S", "S", "JK 3D"), ("7S JK", "S", 1)),
    ("renege_basis", "led", {}, ("JC KD 3H", "8C 5C", "C", "JC KD 3H"), ("8C 5C JC", "C", 1)),
    ("renege_basis", "highest", {}, ("JC KD 3H", "8C 5C", "C", "JC"), ("8C 5C JC", "C", 1)),
    ("renege_basis", "unconditional", {}, ("JC KD 3H", "5C", "C", "JC KD 3H"), ("8C 5C JC", "C", 1)),
    ("multi_privileged", "all", {}, ("5S JS KD", "TS", "S", "5S JS KD"), ("TS JS 5S", "S", 2)),
    ("multi_privileged", "single", {}, ("5S JS KD", "TS", "S", "5S JS"), ("TS JS 5S", "S", 2)),
    ("ah_lead_requires_heart", False, {}, ("KH 9D 3S", "AH", "C", "KH 9D 3S"), ("AH KH", "C", 0)),
    ("ah_lead_requires_heart", True, {}, ("KH 9D 3S", "AH", "C", "KH"), ("AH KH", "C", 0)),
]


@pytest.mark.parametrize(("option", "value", "extra", "legal_case", "winner_case"), OPTION_CASES,
                         ids=[f"{o}={v}" for o, v, *_ in OPTION_CASES])
def test_pitfall_13_every_option_value_reaches_every_rule(
    option: str, value: Any, extra: dict[str, Any], legal_case: tuple[str, str, str, str],
    winner_case: tuple[str, str, int],
) -> None:
    """PITFALLS 13: each play option value is honoured by options(), legal_moves, is_legal/check_play
    and trick_winner (values from RULES §1.2–1.4 and OPTIONS.md)."""
    variant = SF.with_options(**extra, **{option: value})
    assert variant.options()[option] == value
    hand, trick, t, expected = legal_case
    assert legal(hand, trick, t, variant) == tuple(expected.split())
    for card in cards(hand):
        ok = tf.is_legal(card, cards(hand), cards(trick), trump=SUIT[t], variant=variant)
        assert ok == (str(card) in expected.split())
        if not ok:
            with pytest.raises(tf.IllegalPlayError):
                tf.check_play(card, cards(hand), cards(trick), trump=SUIT[t], variant=variant)
    w_trick, w_t, w_expected = winner_case
    assert winner(w_trick, w_t, variant) == w_expected


NON_PLAY_OPTIONS: list[tuple[str, Any]] = [
    ("robbing", False), ("holder_rob", "must"), ("dealer_rob", "must"), ("unrobbed_ace", "lowest"),
    ("unrobbed_ace", "none"), ("rob_timing", "before-lead"), ("tricks_to_win", 4), ("ante", 3),
    ("jinking", False), ("jink_bonus", "stake"), ("spoil_ante", "full"), ("partnerships", "pairs"),
    ("fiving", False), ("deal_packets", "2-3"), ("first_dealer", "first-jack"), ("misdeal", "redeal"),
]
# (hand, trick, trump, legal) from EX-20, EX-34, EX-36, EX-33 and EX-43 (penalty B), SPOIL_FIVE defaults
FIXED_POSITIONS = [("3D KC 7S AH 2H", "9D", "S", "3D 7S AH"), ("5S JS KD 3C 4H", "TS", "S", "5S JS KD 3C 4H"),
                   ("JC KD 3H", "8C 5C", "C", "JC KD 3H"), ("KH 9D 3S", "AH", "C", "KH 9D 3S"),
                   ("AH 9S", "3H", "H", "AH 9S")]
# (trick, trump, winner) from EX-01, EX-05, EX-08 and EX-06
FIXED_TRICKS = [("2D AD 3D KS", "C", 2), ("JS AH 5S AS", "S", 2), ("TC 9C 2C AC KC", "H", 4), ("KH QH AH 2C", "C", 2)]


@pytest.mark.parametrize(("option", "value"), NON_PLAY_OPTIONS, ids=[f"{o}={v}" for o, v in NON_PLAY_OPTIONS])
def test_pitfall_13_non_play_options_leave_play_unchanged(option: str, value: Any) -> None:
    """PITFALLS 13 (converse): robbing, scoring and table options do not touch legality or the winner;
    the demoted Ace is passed explicitly (``demoted=``), never read from ``unrobbed_ace``."""
    variant = SF.with_options(**{option: value})
    assert variant.options()[option] == value
    for hand, trick, t, expected in FIXED_POSITIONS:
        assert legal(hand, trick, t, variant) == tuple(expected.split()), (hand, trick)
    for trick, t, expected_winner in FIXED_TRICKS:
        assert winner(trick, t, variant) == expected_winner, trick
