"""Card ranking: RULES.md §1.2 tables, §1.3 trick winner, §4.1 worked examples EX-01..EX-18.

Every expected order below is copied literally from RULES.md §1.2 (or derived from its stated
placement rules for the joker, Cotton, plain-aces-high and natural-order variants, as written
in OPTIONS.md) and then written out card by card.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily import Card, Suit

SF = tf.SPOIL_FIVE
PRESETS = {"MAW": tf.MAW, "SPOIL_FIVE": tf.SPOIL_FIVE, "TWENTY_FIVE": tf.TWENTY_FIVE, "FORTY_FIVE": tf.FORTY_FIVE}
SUIT = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


# ---------------------------------------------------------------------------------------------
# RULES.md §1.2, written out literally.

STANDARD_TRUMP = {
    "H": "5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC",
    "S": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS",
}
STANDARD_PLAIN = {
    "H": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "D": "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD",
    "C": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC",
    "S": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
}
# joker="third": 5T JT JK AH AT K Q ... (RULES §1.2 "Joker placements")
JOKER_THIRD_TRUMP = {
    "H": "5H JH JK AH KH QH TH 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D JD JK AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C JC JK AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC",
    "S": "5S JS JK AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS",
}
# joker="fourth": 5T JT AH JK AT K Q ...
JOKER_FOURTH_TRUMP = {
    "H": "5H JH AH JK KH QH TH 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D JD AH JK AD KD QD TD 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C JC AH JK AC KC QC 2C 3C 4C 6C 7C 8C 9C TC",
    "S": "5S JS AH JK AS KS QS 2S 3S 4S 6S 7S 8S 9S TS",
}
# top_trumps="cotton": 5T AH AT JT K Q, then the colour rule (hearts: 5H AH JH KH QH ...)
COTTON_TRUMP = {
    "H": "5H AH JH KH QH TH 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D AH AD JD KD QD TD 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C AH AC JC KC QC 2C 3C 4C 6C 7C 8C 9C TC",
    "S": "5S AH AS JS KS QS 2S 3S 4S 6S 7S 8S 9S TS",
}
# plain_aces="high": every plain Ace above its King (no plain AH exists: it is a trump)
ACES_HIGH_PLAIN = {
    "H": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "D": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "C": "AC KC QC JC 2C 3C 4C 5C 6C 7C 8C 9C TC",
    "S": "AS KS QS JS 2S 3S 4S 5S 6S 7S 8S 9S TS",
}
# natural_order=True: A K Q J T 9 ... 2 in every suit, no special cards (AH is a plain heart)
NATURAL = {
    s: f"A{s} K{s} Q{s} J{s} T{s} 9{s} 8{s} 7{s} 6{s} 5{s} 4{s} 3{s} 2{s}" for s in "CDHS"
}
assert NATURAL["H"] == "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"

JOKER_THIRD = SF.with_options(joker="third")
JOKER_FOURTH = SF.with_options(joker="fourth")
COTTON = SF.with_options(top_trumps="cotton")
ACES_HIGH = SF.with_options(plain_aces="high")
NATURAL_SF = SF.with_options(natural_order=True)


def trump_order(variant: Any, t: str) -> tuple[Card, ...]:
    return tuple(variant.ranking.trump_order(SUIT[t]))


def plain_order(variant: Any, s: str, t: str) -> tuple[Card, ...]:
    return tuple(variant.ranking.plain_order(SUIT[s], SUIT[t]))


def others(t: str) -> list[str]:
    return [s for s in "CDHS" if s != t]


# ---------------------------------------------------------------------------------------------
# §1.2 tables through variant.ranking


@pytest.mark.parametrize("preset", PRESETS.values(), ids=PRESETS.keys())
@pytest.mark.parametrize("t", "HDCS")
def test_trump_table_standard(preset: Any, t: str) -> None:
    """RULES §1.2 "Trump suit, highest first" (PEEL, PAR, BIC45): every preset's default ranking."""
    assert trump_order(preset, t) == cards(STANDARD_TRUMP[t])


@pytest.mark.parametrize("t", "HDCS")
def test_trump_counts(t: str) -> None:
    """RULES §1.1: 14 trumps when not hearts, 13 with hearts (BIC45, PAR)."""
    assert len(trump_order(SF, t)) == (13 if t == "H" else 14)
    assert len(trump_order(JOKER_THIRD, t)) == (14 if t == "H" else 15)


@pytest.mark.parametrize("preset", PRESETS.values(), ids=PRESETS.keys())
@pytest.mark.parametrize(("s", "t"), [(s, t) for t in "HDCS" for s in others(t)])
def test_plain_table_standard(preset: Any, s: str, t: str) -> None:
    """RULES §1.2 "Plain (non-trump) suits": red K Q J T..2 (A lowest), black K Q J A 2..T; no AH."""
    assert plain_order(preset, s, t) == cards(STANDARD_PLAIN[s])


@pytest.mark.parametrize("t", "HDCS")
def test_trump_table_joker_third(t: str) -> None:
    """RULES §1.2 JK-3rd: ``5T JT JK AH AT K Q …`` (CGT, IMP-110a/b); hearts: ``5H JH JK AH KH``."""
    assert trump_order(JOKER_THIRD, t) == cards(JOKER_THIRD_TRUMP[t])


@pytest.mark.parametrize("t", "HDCS")
def test_trump_table_joker_fourth(t: str) -> None:
    """RULES §1.2 JK-4th: ``5T JT AH JK AT K Q …`` (WFF); hearts: ``5H JH AH JK KH``."""
    assert trump_order(JOKER_FOURTH, t) == cards(JOKER_FOURTH_TRUMP[t])


@pytest.mark.parametrize("variant", [JOKER_THIRD, JOKER_FOURTH], ids=["third", "fourth"])
@pytest.mark.parametrize(("s", "t"), [(s, t) for t in "HDCS" for s in others(t)])
def test_plain_table_joker_games_unchanged(variant: Any, s: str, t: str) -> None:
    """RULES §1.2: the joker is always a trump, never a plain card; plain orders are unchanged."""
    assert plain_order(variant, s, t) == cards(STANDARD_PLAIN[s])


@pytest.mark.parametrize("t", "HDCS")
def test_trump_table_cotton(t: str) -> None:
    """RULES §1.2 / §3 row 1 B (COT, WTF): ``5T AH AT JT``, then K Q and the colour rule."""
    assert trump_order(COTTON, t) == cards(COTTON_TRUMP[t])


@pytest.mark.parametrize(("s", "t"), [(s, t) for t in "HDCS" for s in others(t)])
def test_plain_table_cotton_unchanged(s: str, t: str) -> None:
    """top_trumps only moves the top trumps (OPTIONS.md); plain suits keep §1.2's order."""
    assert plain_order(COTTON, s, t) == cards(STANDARD_PLAIN[s])


@pytest.mark.parametrize(("s", "t"), [(s, t) for t in "HDCS" for s in others(t)])
def test_plain_table_aces_high(s: str, t: str) -> None:
    """RULES §3 row 3 B (WFF): every plain Ace ranks above its King; numerals keep their colour order."""
    assert plain_order(ACES_HIGH, s, t) == cards(ACES_HIGH_PLAIN[s])


@pytest.mark.parametrize("t", "HDCS")
def test_trump_table_aces_high_unchanged(t: str) -> None:
    """plain_aces="high" changes only plain suits: the trump order stays §1.2's."""
    assert trump_order(ACES_HIGH, t) == cards(STANDARD_TRUMP[t])


@pytest.mark.parametrize("t", "HDCS")
def test_trump_table_natural_order(t: str) -> None:
    """natural_order=True (PEEL variation, MAW house rule 1): ``A K Q J T … 2``, no AH, 13 trumps."""
    assert trump_order(NATURAL_SF, t) == cards(NATURAL[t])


@pytest.mark.parametrize(("s", "t"), [(s, t) for t in "HDCS" for s in others(t)])
def test_plain_table_natural_order(s: str, t: str) -> None:
    """natural_order=True: every plain suit ``A K Q J T … 2`` including the AH as a plain heart."""
    assert plain_order(NATURAL_SF, s, t) == cards(NATURAL[s])


# ---------------------------------------------------------------------------------------------
# Trick winner over the whole tables: every ordered pair of a table's cards (§1.3).


@pytest.mark.parametrize(
    ("variant", "table"),
    [(SF, STANDARD_TRUMP), (JOKER_THIRD, JOKER_THIRD_TRUMP), (JOKER_FOURTH, JOKER_FOURTH_TRUMP),
     (COTTON, COTTON_TRUMP), (ACES_HIGH, STANDARD_TRUMP), (NATURAL_SF, NATURAL)],
    ids=["standard", "joker-third", "joker-fourth", "cotton", "aces-high", "natural"],
)
@pytest.mark.parametrize("t", "HDCS")
def test_trick_winner_follows_trump_table(variant: Any, table: dict[str, str], t: str) -> None:
    """§1.3 rule 1: the highest trump by the trump table wins, whichever position it is in."""
    order = cards(table[t])
    for high, low in itertools.combinations(order, 2):
        assert tf.trick_winner([high, low], trump=SUIT[t], variant=variant) == 0, (high, low)
        assert tf.trick_winner([low, high], trump=SUIT[t], variant=variant) == 1, (low, high)


@pytest.mark.parametrize(
    ("variant", "table"),
    [(SF, STANDARD_PLAIN), (COTTON, STANDARD_PLAIN), (JOKER_THIRD, STANDARD_PLAIN),
     (ACES_HIGH, ACES_HIGH_PLAIN), (NATURAL_SF, NATURAL)],
    ids=["standard", "cotton", "joker-third", "aces-high", "natural"],
)
@pytest.mark.parametrize(("s", "t"), [(s, t) for t in "HDCS" for s in others(t)])
def test_trick_winner_follows_plain_table(variant: Any, table: dict[str, str], s: str, t: str) -> None:
    """§1.3 rule 2: with no trump in the trick, the highest card of the led suit wins."""
    order = cards(table[s])
    for high, low in itertools.combinations(order, 2):
        assert tf.trick_winner([high, low], trump=SUIT[t], variant=variant) == 0, (high, low)
        assert tf.trick_winner([low, high], trump=SUIT[t], variant=variant) == 1, (low, high)


@pytest.mark.parametrize("t", "HDCS")
def test_lowest_trump_beats_every_plain_card(t: str) -> None:
    """§1.3 rule 1 (EX-14 shape): the lowest trump beats the highest plain card of every suit, led or not."""
    lowest = cards(STANDARD_TRUMP[t])[-1]
    for s in others(t):
        top_plain = cards(STANDARD_PLAIN[s])[0]
        assert tf.trick_winner([top_plain, lowest], trump=SUIT[t], variant=SF) == 1
        assert tf.trick_winner([lowest, top_plain], trump=SUIT[t], variant=SF) == 0


@pytest.mark.parametrize("t", "HDCS")
def test_off_suit_plain_card_cannot_win(t: str) -> None:
    """§1.3 rule 2 (EX-13 shape): the lowest card of the led plain suit beats the top of another plain suit."""
    for led, other in itertools.permutations(others(t), 2):
        lowest_led = cards(STANDARD_PLAIN[led])[-1]
        top_other = cards(STANDARD_PLAIN[other])[0]
        assert tf.trick_winner([lowest_led, top_other], trump=SUIT[t], variant=SF) == 0


# ---------------------------------------------------------------------------------------------
# is_trump / effective_suit (RULES §0.2)


@pytest.mark.parametrize("t", "HDCS")
def test_is_trump_and_effective_suit_standard(t: str) -> None:
    """§0.2: a trump is any card of the trump suit plus AH; its effective suit is the trump suit."""
    ranking = SF.ranking
    trump_set = set(cards(STANDARD_TRUMP[t]))
    for card in tf.parse_cards(" ".join(f"{r}{s}" for s in "CDHS" for r in "AKQJT98765432")):
        assert ranking.is_trump(card, SUIT[t]) == (card in trump_set), card
        expected = SUIT[t] if card in trump_set else card.suit
        assert ranking.effective_suit(card, SUIT[t]) == expected, card
    assert ranking.is_trump(Card.parse("AH"), SUIT[t])
    assert ranking.effective_suit(Card.parse("AH"), SUIT[t]) == SUIT[t]


@pytest.mark.parametrize("variant", [JOKER_THIRD, JOKER_FOURTH], ids=["third", "fourth"])
@pytest.mark.parametrize("t", "HDCS")
def test_joker_is_always_trump(variant: Any, t: str) -> None:
    """RULES §1.2 / §2.8: the joker counts as a trump in every deal (WFF)."""
    assert variant.ranking.is_trump(tf.JK, SUIT[t])
    assert variant.ranking.effective_suit(tf.JK, SUIT[t]) == SUIT[t]


@pytest.mark.parametrize("t", "CDS")
def test_natural_order_ah_is_a_plain_heart(t: str) -> None:
    """natural_order=True: no special cards; AH is a heart unless hearts are trumps."""
    ah = Card.parse("AH")
    assert not NATURAL_SF.ranking.is_trump(ah, SUIT[t])
    assert NATURAL_SF.ranking.effective_suit(ah, SUIT[t]) == Suit.HEARTS
    assert NATURAL_SF.ranking.is_trump(Card.parse("AH"), Suit.HEARTS)
    # the natural-order trump wins by the ordinary order: 2 of trumps beats AH (a plain heart)
    two = Card(tf.Rank.TWO, SUIT[t])
    assert tf.trick_winner([two, ah], trump=SUIT[t], variant=NATURAL_SF) == 0
    assert tf.trick_winner([ah, two], trump=SUIT[t], variant=NATURAL_SF) == 1


# ---------------------------------------------------------------------------------------------
# RULES.md §4.1 worked examples


def winner(trick: str, t: str, variant: Any = SF, demoted: Any = None) -> int:
    return tf.trick_winner(cards(trick), trump=SUIT[t], variant=variant, demoted=demoted)


@pytest.mark.parametrize("preset", PRESETS.values(), ids=PRESETS.keys())
class TestWorkedExamplesAllPresets:
    """EX-01..EX-14: "all" presets, standard ranking (RULES §4.1)."""

    def test_ex01_plain_diamond_ace_is_lowest(self, preset: Any) -> None:
        """EX-01 · PEEL, PAR, W45: clubs trumps, ``2D AD 3D KS`` → 2 (``3D``); ``KS`` is off-suit."""
        assert winner("2D AD 3D KS", "C", preset) == 2

    def test_ex02_diamond_ace_is_fourth_trump(self, preset: Any) -> None:
        """EX-02 · PEEL, BIC45, W25: diamonds trumps, ``KD AD QD`` → 1 (``AD``)."""
        assert winner("KD AD QD", "D", preset) == 1

    def test_ex03_ah_beats_ace_of_trumps(self, preset: Any) -> None:
        """EX-03 · PEEL, FOS: diamonds trumps, ``AD AH`` → 1."""
        assert winner("AD AH", "D", preset) == 1

    def test_ex04_jack_of_trumps_beats_ah(self, preset: Any) -> None:
        """EX-04: spades trumps, ``AH JS KS`` → 1 (``JS``)."""
        assert winner("AH JS KS", "S", preset) == 1

    def test_ex05_five_of_trumps_is_top(self, preset: Any) -> None:
        """EX-05: spades trumps, ``JS AH 5S AS`` → 2."""
        assert winner("JS AH 5S AS", "S", preset) == 2

    def test_ex06_ah_trumps_a_plain_heart_lead(self, preset: Any) -> None:
        """EX-06 · PEEL ("never counts as a heart"): clubs trumps, ``KH QH AH 2C`` → 2."""
        assert winner("KH QH AH 2C", "C", preset) == 2

    def test_ex08_black_plain_suit_reversed(self, preset: Any) -> None:
        """EX-08 · PAR "low in black", BIC45: hearts trumps, ``TC 9C 2C AC`` → 3; add ``KC`` → 4."""
        assert winner("TC 9C 2C AC", "H", preset) == 3
        assert winner("TC 9C 2C AC KC", "H", preset) == 4

    def test_ex10_red_trump_numerals_normal(self, preset: Any) -> None:
        """EX-10: hearts trumps, ``2H TH 6H`` → 1 (``TH``)."""
        assert winner("2H TH 6H", "H", preset) == 1

    def test_ex11_plain_five_not_special(self, preset: Any) -> None:
        """EX-11: spades trumps, ``5H 4H 6H`` → 2 (``6H``); ``5D 6D`` → 1."""
        assert winner("5H 4H 6H", "S", preset) == 2
        assert winner("5D 6D", "S", preset) == 1

    def test_ex13_off_suit_discard_cannot_win(self, preset: Any) -> None:
        """EX-13 · §1.3: spades trumps, ``QD KC 9D`` → 0."""
        assert winner("QD KC 9D", "S", preset) == 0

    def test_ex14_lowest_trump_beats_plain_king(self, preset: Any) -> None:
        """EX-14 · §1.3: spades trumps, ``KD TS`` → 1."""
        assert winner("KD TS", "S", preset) == 1


def test_ex16_joker_placement() -> None:
    """EX-16 · CGT/IMP-110a (JK-3rd) vs WFF (JK-4th): clubs, ``AH JK`` → 3rd: 1, 4th: 0; ``JK JC`` → 1."""
    assert winner("AH JK", "C", JOKER_THIRD) == 1
    assert winner("AH JK", "C", JOKER_FOURTH) == 0
    assert winner("JK JC", "C", JOKER_THIRD) == 1
    assert winner("JK JC", "C", JOKER_FOURTH) == 1


@pytest.mark.parametrize("preset", [tf.SPOIL_FIVE, tf.FORTY_FIVE, tf.TWENTY_FIVE], ids=["SF", "45", "25"])
def test_ex17_unannounced_ace_of_trumps_is_lowest(preset: Any) -> None:
    """EX-17 · FOS, BIC45, WFF: spades, ``TS AS`` with ``AS`` demoted → 0; not demoted (penalty B) → 1."""
    assert winner("TS AS", "S", preset, demoted=Card.parse("AS")) == 0
    assert winner("TS AS", "S", preset) == 1
    assert winner("TS AS", "S", tf.MAW) == 1


@pytest.mark.parametrize("t", "HDCS")
def test_demoted_ace_ranks_below_every_other_trump(t: str) -> None:
    """OPTIONS.md robbing: a demoted Ace ranks below every other trump for the deal (FOS)."""
    ace = Card(tf.Rank.ACE, SUIT[t])
    for other in cards(STANDARD_TRUMP[t]):
        if other == ace:
            continue
        assert tf.trick_winner([ace, other], trump=SUIT[t], variant=SF, demoted=ace) == 1, other
        assert tf.trick_winner([other, ace], trump=SUIT[t], variant=SF, demoted=ace) == 0, other
    # it is still a trump: it beats every plain card
    for s in others(t):
        top_plain = cards(STANDARD_PLAIN[s])[0]
        assert tf.trick_winner([top_plain, ace], trump=SUIT[t], variant=SF, demoted=ace) == 1


def test_ex18_plain_aces_high() -> None:
    """EX-18 · WFF variation: spades, ``KD AD`` → traditional 0, aces-high 1."""
    assert winner("KD AD", "S", SF) == 0
    assert winner("KD AD", "S", ACES_HIGH) == 1
