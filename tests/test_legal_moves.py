"""What may be played: RULES.md §1.4 and the worked examples §4.2 (EX-19..EX-48).

Each test is named after its worked example; its docstring gives the rule source. "Legal" is
written out in hand order, as RULES.md §4 lists it. Every check goes through ``legal_moves``,
``is_legal`` and ``check_play`` (DESIGN.md: one code path decides legality).
"""

from __future__ import annotations

from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily import Card, Suit

SF = tf.SPOIL_FIVE
PRESETS = {"MAW": tf.MAW, "SPOIL_FIVE": tf.SPOIL_FIVE, "TWENTY_FIVE": tf.TWENTY_FIVE, "FORTY_FIVE": tf.FORTY_FIVE}
SUIT = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}

all_presets = pytest.mark.parametrize("variant", PRESETS.values(), ids=PRESETS.keys())


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def assert_legal(hand: str, trick: str, t: str, expected: str, variant: Any = SF, demoted: str | None = None) -> None:
    """legal_moves(hand, trick) == expected (hand order); is_legal / check_play agree card by card."""
    dem = Card.parse(demoted) if demoted else None
    kw = {"trump": SUIT[t], "variant": variant, "demoted": dem}
    got = tf.legal_moves(cards(hand), cards(trick), **kw)
    assert tuple(str(c) for c in got) == tuple(expected.split())
    legal_set = set(cards(expected))
    for card in cards(hand):
        assert tf.is_legal(card, cards(hand), cards(trick), **kw) == (card in legal_set), card
        if card in legal_set:
            assert tf.check_play(card, cards(hand), cards(trick), **kw) is None
        else:
            with pytest.raises(tf.IllegalPlayError) as info:
                tf.check_play(card, cards(hand), cards(trick), **kw)
            assert info.value.card == card


# ---------------------------------------------------------------------------------------------
# §4.2 examples that hold under every preset ("all")


@all_presets
def test_ex19_leader_plays_anything(variant: Any) -> None:
    """EX-19 · §1.4 rule 1: the leader may play any card."""
    assert_legal("5S 2H KD 9C AH", "", "S", "5S 2H KD 9C AH", variant)


@all_presets
def test_ex20_plain_lead_follow_or_trump_no_discard(variant: Any) -> None:
    """EX-20 · §1.4 rule 2 (FOS, EB11, MAW): holding the led suit, follow or trump; no discard."""
    assert_legal("3D KC 7S AH 2H", "9D", "S", "3D 7S AH", variant)


@all_presets
def test_ex21_plain_lead_void_plays_anything(variant: Any) -> None:
    """EX-21 · §1.4 rule 2: void in the led suit, anything may be played."""
    assert_legal("KC 2H QC", "9D", "S", "KC 2H QC", variant)


@all_presets
def test_ex22_ah_is_not_a_heart(variant: Any) -> None:
    """EX-22 · PEEL, EB11: a player whose only "heart" is AH is void in hearts."""
    assert_legal("AH 3C 9C", "7H", "S", "AH 3C 9C", variant)


@all_presets
def test_ex23_heart_lead_holding_heart_and_ah(variant: Any) -> None:
    """EX-23 · §1.4 rule 2: follow with the heart or trump with AH; the club is not allowed."""
    assert_legal("AH 4H 3C", "7H", "S", "AH 4H", variant)


@all_presets
def test_ex24_plain_lead_privileged_trump_not_forced(variant: Any) -> None:
    """EX-24 · §1.4 rule 2: the reneging privilege plays no part on a plain lead."""
    assert_legal("5C 4D KH", "9D", "C", "5C 4D", variant)


@all_presets
def test_ex25_trump_lead_no_trumps_held(variant: Any) -> None:
    """EX-25 · §1.4 rule 3: holding no trump, play anything."""
    assert_legal("KH QD 9S", "2C", "C", "KH QD 9S", variant)


@all_presets
def test_ex26_trump_lead_ordinary_trump_must_follow(variant: Any) -> None:
    """EX-26 · §1.4 rule 3: an ordinary trump held must be played to a trump lead."""
    assert_legal("7C KH", "2C", "C", "7C", variant)


@all_presets
def test_ex27_five_led_nobody_may_renege(variant: Any) -> None:
    """EX-27 · FOS, W25: when the Five is led nobody may renege."""
    assert_legal("JH 7S 8C", "5H", "H", "JH", variant)


@all_presets
def test_ex28_lone_five_against_jack_led(variant: Any) -> None:
    """EX-28 · FOS example; W25: against a led Jack only the Five may renege."""
    assert_legal("5D 3S KC", "JD", "D", "5D 3S KC", variant)


@all_presets
def test_ex30_ah_led_lone_jack_of_trumps(variant: Any) -> None:
    """EX-30 · FOS example: AH led, a lone Jack of trumps may be withheld."""
    assert_legal("JC KH 2D", "AH", "C", "JC KH 2D", variant)


@all_presets
def test_ex31_ah_led_lone_five_of_trumps(variant: Any) -> None:
    """EX-31 · FOS example: AH led, a lone Five of trumps may be withheld."""
    assert_legal("5C 9H 9S", "AH", "C", "5C 9H 9S", variant)


@all_presets
def test_ex32_ah_led_ordinary_trump_held(variant: Any) -> None:
    """EX-32 · W25: an AH lead must be answered with a trump where possible."""
    assert_legal("4C KH 2D", "AH", "C", "4C", variant)


@all_presets
def test_ex39_lone_ah_against_low_trump_led(variant: Any) -> None:
    """EX-39 · W25: AH may renege against any lower trump led."""
    assert_legal("AH KD 3C", "7S", "S", "AH KD 3C", variant)


@all_presets
def test_ex40_privileged_card_plus_smaller_trump(variant: Any) -> None:
    """EX-40 · FOS ("must play one or the other"): any trump may be played, nothing else."""
    assert_legal("JS 9S KD", "7S", "S", "JS 9S", variant)


# ---------------------------------------------------------------------------------------------
# §4.2 examples that depend on an option (each value written out)


def test_ex33_ah_led_no_trump_heart_held() -> None:
    """EX-33 · §3 row 7 · W25 (no heart required) vs W45 (a heart if able): AH led, no trump held."""
    assert_legal("KH 9D 3S", "AH", "C", "KH 9D 3S", SF)
    assert_legal("KH 9D 3S", "AH", "C", "KH 9D 3S", SF.with_options(ah_lead_requires_heart=False))
    assert_legal("KH 9D 3S", "AH", "C", "KH", SF.with_options(ah_lead_requires_heart=True))
    assert_legal("KH 9D 3S", "AH", "C", "KH", tf.FORTY_FIVE)
    assert_legal("KH 9D 3S", "AH", "C", "KH 9D 3S", tf.FORTY_FIVE.with_options(ah_lead_requires_heart=False))
    # no heart held: both readings allow anything
    assert_legal("9D 3S QS", "AH", "C", "9D 3S QS", SF)
    assert_legal("9D 3S QS", "AH", "C", "9D 3S QS", tf.FORTY_FIVE)


def test_ex33_heart_rule_applies_only_to_an_ah_lead() -> None:
    """§3 row 7: the W45 rule is about AH led; another trump led with no trump held leaves a free choice."""
    assert_legal("KH 9D 3S", "4C", "C", "KH 9D 3S", tf.FORTY_FIVE)


def test_ex34_two_privileged_trumps_low_trump_led() -> None:
    """EX-34 · §3 row 6 · FOS reading ("all") vs MAW/W45 literal ("single")."""
    assert_legal("5S JS KD 3C 4H", "TS", "S", "5S JS KD 3C 4H", SF)
    assert_legal("5S JS KD 3C 4H", "TS", "S", "5S JS KD 3C 4H", SF.with_options(multi_privileged="all"))
    assert_legal("5S JS KD 3C 4H", "TS", "S", "5S JS", SF.with_options(multi_privileged="single"))
    assert_legal("5S JS KD 3C 4H", "TS", "S", "5S JS", tf.MAW)
    assert_legal("5S JS KD 3C 4H", "TS", "S", "5S JS KD 3C 4H", tf.MAW.with_options(multi_privileged="all"))


def test_ex34_single_still_allows_a_sole_privileged_trump() -> None:
    """§2.1.5 (MAW): "single" withholds a privileged card that is the only trump held."""
    assert_legal("JS KD 3C", "TS", "S", "JS KD 3C", tf.MAW)
    assert_legal("AH KD 3C", "TS", "S", "AH KD 3C", tf.MAW)


def test_ex36_five_played_on_a_low_lead_privilege_goes_by_the_lead() -> None:
    """EX-36 · §3 row 5 · FOS ("led") vs IMP-110a ("highest"): trick ``8C 5C``, lone Jack."""
    assert_legal("JC KD 3H", "8C 5C", "C", "JC KD 3H", SF)
    assert_legal("JC KD 3H", "8C 5C", "C", "JC KD 3H", SF.with_options(renege_basis="led"))
    assert_legal("JC KD 3H", "8C 5C", "C", "JC", SF.with_options(renege_basis="highest"))


def test_ex37_the_same_with_a_lone_ah() -> None:
    """EX-37 · §3 row 5 · FOS: trick ``8C 5C``, lone AH: "led" all three, "highest" AH."""
    assert_legal("AH KD 3H", "8C 5C", "C", "AH KD 3H", SF)
    assert_legal("AH KD 3H", "8C 5C", "C", "AH", SF.with_options(renege_basis="highest"))


def test_ex37_highest_basis_still_allows_a_higher_privileged_card() -> None:
    """§3 row 5 B: under "highest" a privileged card above every trump played may still renege."""
    assert_legal("5C KD 3H", "8C JC", "C", "5C KD 3H", SF.with_options(renege_basis="highest"))
    assert_legal("5C KD 3H", "8C JC", "C", "5C KD 3H", SF)


def test_ex43_unannounced_ah_hearts_trumps_loses_privilege() -> None:
    """EX-43 · FOS (penalty A1): demoted AH is the lowest trump, no privilege; penalty B: ``AH 9S``."""
    assert_legal("AH 9S", "3H", "H", "AH", SF, demoted="AH")
    assert_legal("AH 9S", "3H", "H", "AH 9S", SF)
    assert_legal("AH 9S", "3H", "H", "AH 9S", tf.MAW)


def test_ex44_irish_45_only_the_five_reneges() -> None:
    """EX-44 · §3 row 4 C · OW45, P52: with ``renege_cards="5"`` a lone Jack must follow."""
    irish = tf.FORTY_FIVE.with_options(renege_cards="5")
    assert_legal("JS 3D", "7S", "S", "JS", irish)
    assert_legal("JS 3D", "7S", "S", "JS 3D", tf.FORTY_FIVE)
    assert_legal("5S 3D", "7S", "S", "5S 3D", irish)
    assert_legal("5S 3D", "7S", "S", "5S 3D", tf.FORTY_FIVE)
    # and AH loses its privilege too (only the Five is privileged)
    assert_legal("AH 3D", "7S", "S", "AH", irish)
    assert_legal("AH 3D", "7S", "S", "AH 3D", tf.FORTY_FIVE)


@pytest.mark.parametrize("joker", ["third", "fourth"])
def test_ex45_joker_as_privileged_card(joker: str) -> None:
    """EX-45 · §3 row 4 B · W45: ``renege_cards="5-J-JK-AH"`` lets a lone JK renege to a low trump."""
    privileged = tf.FORTY_FIVE.with_options(joker=joker, renege_cards="5-J-JK-AH")
    plain_joker = tf.FORTY_FIVE.with_options(joker=joker, renege_cards="5-J-AH")
    assert_legal("JK 3D", "7S", "S", "JK 3D", privileged)
    assert_legal("JK 3D", "7S", "S", "JK", plain_joker)


def test_ex47_literal_w45_unconditional_reading() -> None:
    """EX-47 · §3 row 5 C (W45 literal): ``5S`` led, lone ``JS``: standard ``JS``; unconditional ``JS 3D``."""
    assert_legal("JS 3D", "5S", "S", "JS", tf.FORTY_FIVE)
    assert_legal("JS 3D", "5S", "S", "JS 3D", tf.FORTY_FIVE.with_options(renege_basis="unconditional"))


def test_ex47_unconditional_still_needs_every_trump_privileged() -> None:
    """§1.4 / §3 row 5 C: "may renege whenever the only trumps held are privileged"."""
    unconditional = tf.FORTY_FIVE.with_options(renege_basis="unconditional")
    assert_legal("JS 9S 3D", "5S", "S", "JS 9S", unconditional)
    assert_legal("JS AH 3D", "5S", "S", "JS AH 3D", unconditional)
    assert_legal("JS AH 3D", "5S", "S", "JS AH", unconditional.with_options(multi_privileged="single"))


def test_ex48_american_110_free_plain_follow() -> None:
    """EX-48 · §3 row 8 B (IMP-110b "bleeding"): ``plain_lead="free"`` allows any card on a plain lead."""
    assert_legal("3D KC 2H", "9D", "S", "3D", SF)
    assert_legal("3D KC 2H", "9D", "S", "3D KC 2H", SF.with_options(plain_lead="free"))


# ---------------------------------------------------------------------------------------------
# Every value of every play option (OPTIONS.md "Following and reneging" and "Ranking")


@pytest.mark.parametrize(
    ("value", "expected"),
    [("follow-or-trump", "3D 7S AH"), ("follow", "3D"), ("free", "3D 7S KC AH")],
)
def test_plain_lead_values(value: str, expected: str) -> None:
    """OPTIONS.md plain_lead: follow-or-trump (row 8 A), follow (must follow when able), free (row 8 B)."""
    assert_legal("3D 7S KC AH", "9D", "S", expected, SF.with_options(plain_lead=value))


@pytest.mark.parametrize("value", ["follow-or-trump", "follow", "free"])
def test_plain_lead_values_void_player(value: str) -> None:
    """§1.4 rule 2: a player void in the led suit may play anything under every plain_lead value."""
    assert_legal("7S KC AH 2H", "9D", "S", "7S KC AH 2H", SF.with_options(plain_lead=value))


def test_plain_lead_follow_ah_does_not_follow_hearts() -> None:
    """plain_lead="follow" with a heart led: AH is a trump, not a heart, so it does not follow."""
    assert_legal("AH 4H 3C", "7H", "S", "4H", SF.with_options(plain_lead="follow"))
    assert_legal("AH 3C", "7H", "S", "AH 3C", SF.with_options(plain_lead="follow"))


@pytest.mark.parametrize(("value", "expected"), [("follow", "7C"), ("free", "7C KH")])
def test_trump_lead_values(value: str, expected: str) -> None:
    """OPTIONS.md trump_lead: "follow" (§1.4 rule 3) vs "free" (the 1831 American form)."""
    assert_legal("7C KH", "2C", "C", expected, SF.with_options(trump_lead=value))


@pytest.mark.parametrize(
    ("value", "hand", "expected"),
    [
        ("5-J-AH", "JS 3D", "JS 3D"),
        ("5", "JS 3D", "JS"),
        ("5-J-AH", "AH 3D", "AH 3D"),
        ("5", "AH 3D", "AH"),
        ("5", "5S 3D", "5S 3D"),
    ],
)
def test_renege_cards_values(value: str, hand: str, expected: str) -> None:
    """OPTIONS.md renege_cards (§3 row 4): which cards keep the privilege against a low trump lead."""
    assert_legal(hand, "7S", "S", expected, SF.with_options(renege_cards=value))


@pytest.mark.parametrize(
    ("value", "trick", "expected"),
    [
        ("led", "8C 5C", "JC KD 3H"),
        ("highest", "8C 5C", "JC"),
        ("unconditional", "8C 5C", "JC KD 3H"),
        ("led", "5C", "JC"),
        ("highest", "5C", "JC"),
        ("unconditional", "5C", "JC KD 3H"),
        ("led", "8C", "JC KD 3H"),
        ("highest", "8C", "JC KD 3H"),
        ("unconditional", "8C", "JC KD 3H"),
    ],
)
def test_renege_basis_values(value: str, trick: str, expected: str) -> None:
    """OPTIONS.md renege_basis (§3 row 5): led (FOS) / highest (IMP-110a) / unconditional (W45 literal)."""
    assert_legal("JC KD 3H", trick, "C", expected, SF.with_options(renege_basis=value))


def test_natural_order_has_no_reneging_privilege() -> None:
    """natural_order=True (§2.1.7 (1)): no special cards, so a trump lead must be followed if able."""
    natural = SF.with_options(natural_order=True)
    assert_legal("JS KD", "7S", "S", "JS", natural)
    assert_legal("JS KD", "7S", "S", "JS KD", SF)
    assert_legal("5S KD", "7S", "S", "5S", natural)
    assert_legal("5S KD", "7S", "S", "5S KD", SF)


def test_natural_order_ah_is_a_plain_heart() -> None:
    """natural_order=True: AH is a plain heart unless hearts are trumps; it must follow a heart lead."""
    natural = SF.with_options(natural_order=True)
    assert_legal("AH 3C", "9H", "S", "AH", natural)
    assert_legal("AH 3C", "9H", "S", "AH 3C", SF)
    # AH led is a plain heart lead: a spade (trump) or a heart may be played, not a club
    assert_legal("7S 4H 3C", "AH", "S", "7S 4H", natural)
    assert_legal("7S 4H 3C", "AH", "S", "7S", SF)


def test_top_trumps_cotton_reneging_uses_cottons_order() -> None:
    """top_trumps="cotton" (§3 row 1 B): JT ranks below AH and AT, so it cannot renege to them."""
    cotton = SF.with_options(top_trumps="cotton")
    assert_legal("JS KD", "AS", "S", "JS", cotton)
    assert_legal("JS KD", "AS", "S", "JS KD", SF)
    assert_legal("JS KD", "AH", "S", "JS", cotton)
    assert_legal("JS KD", "AH", "S", "JS KD", SF)
    assert_legal("AH KD", "JS", "S", "AH KD", cotton)
    assert_legal("AH KD", "JS", "S", "AH", SF)


@pytest.mark.parametrize(("joker", "expected"), [("third", "AH"), ("fourth", "AH KD")])
def test_joker_placement_in_reneging_ah_against_jk_led(joker: str, expected: str) -> None:
    """§1.4 reneging table: lone AH vs JK led: JK-3rd "no" (JK outranks AH), JK-4th "yes"."""
    assert_legal("AH KD", "JK", "S", expected, SF.with_options(joker=joker))


@pytest.mark.parametrize(("joker", "expected"), [("third", "JK KD"), ("fourth", "JK")])
def test_joker_placement_in_reneging_jk_against_ah_led(joker: str, expected: str) -> None:
    """§1.4 reneging table: privileged JK vs AH led: JK-3rd "yes", JK-4th "no"."""
    variant = SF.with_options(joker=joker, renege_cards="5-J-JK-AH")
    assert_legal("JK KD", "AH", "S", expected, variant)


@pytest.mark.parametrize("joker", ["third", "fourth"])
def test_joker_lead_is_a_trump_lead(joker: str) -> None:
    """§1.4 rule 3 ("this includes … a lead of JK in joker games")."""
    variant = SF.with_options(joker=joker)
    assert_legal("7S KD", "JK", "S", "7S", variant)
    assert_legal("KD 3C", "JK", "S", "KD 3C", variant)
    assert_legal("5S KD", "JK", "S", "5S KD", variant)
    assert_legal("JS KD", "JK", "S", "JS KD", variant)


@pytest.mark.parametrize("joker", ["third", "fourth"])
def test_joker_trumps_a_plain_lead(joker: str) -> None:
    """§1.4 rule 2: the joker is a trump, so it may be played on a plain lead even when able to follow."""
    assert_legal("3D JK KC", "9D", "S", "3D JK", SF.with_options(joker=joker))


@pytest.mark.parametrize("value", ["traditional", "high"])
def test_plain_aces_does_not_change_legality(value: str) -> None:
    """plain_aces only reorders plain suits (§3 row 3): who may play what is unchanged."""
    assert_legal("AD 3D 7S KC", "9D", "S", "AD 3D 7S", SF.with_options(plain_aces=value))


def test_ex43_demoted_ah_loses_privilege_even_unconditionally() -> None:
    """EX-43 / OPTIONS.md robbing: the demoted AH "loses any reneging privilege it had", so even
    ``renege_basis="unconditional"`` (where rank does not matter) cannot withhold it."""
    unconditional = SF.with_options(renege_basis="unconditional")
    assert_legal("AH 9S", "3H", "H", "AH", unconditional, demoted="AH")
    assert_legal("AH 9S", "3H", "H", "AH 9S", unconditional)
    assert_legal("AH 9S", "5H", "H", "AH 9S", unconditional)
    assert_legal("AH 9S", "5H", "H", "AH", unconditional, demoted="AH")


def test_demoted_ace_of_trumps_has_no_privilege_and_must_follow() -> None:
    """OPTIONS.md robbing: a demoted Ace is an ordinary (lowest) trump and must follow a trump lead."""
    assert_legal("AS KD", "TS", "S", "AS", SF, demoted="AS")
    assert_legal("AH 9S", "2H", "H", "AH", SF, demoted="AH")
    assert_legal("AH 9S", "2H", "H", "AH 9S", SF)


def test_string_inputs() -> None:
    """hand/trick may be card text and trump a letter: same answer as with Card and Suit values."""
    assert tf.legal_moves("3D KC 7S AH 2H", "9D", trump="S", variant=SF) == cards("3D 7S AH")
    assert tf.legal_moves(["5D", "3S", "KC"], ["JD"], trump="D", variant=SF) == cards("5D 3S KC")
    assert tf.is_legal(Card.parse("KC"), "3D KC 7S", "9D", trump="S", variant=SF) is False
    assert tf.is_legal(Card.parse("7S"), "3D KC 7S", "9D", trump="S", variant=SF) is True
