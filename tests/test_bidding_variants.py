"""The bidding presets as variants (BIDDING.md §7, §8): their values, their names, every
option of §7 by name through ``Variant.options`` / ``with_options`` / the option specs,
validation alone and across components, round trips (``with_options``, JSON, records'
option dicts, command-line text) and the options that change nothing.

The expected values below are written out from BIDDING.md §8 (binding) and, where §8 is
silent, from the "default" column of §7 (the AUCTION_45 value) or the section that states
the rule; each test names its section.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import trumpfamily as tf
from trumpfamily.bidding import Bidding, ladder, near_end_minimum
from trumpfamily.bidding_presets import BIDDING_PRESETS, TABLE_FACTS
from trumpfamily.cli._common import variant_from
from trumpfamily.cli.options import value_text
from trumpfamily.convert import check_options, options_from_json, options_to_json, preset_variant
from trumpfamily.variants import BIDDING_OPTION_SPECS, OPTION_SPECS

# -- the expected values, from the spec ---------------------------------------------------------

#: BIDDING.md §7, column "default" (the proposed AUCTION_45 default), with §7.1 #4 for the
#: draw limit ("AUCTION_45: {6: 3}"), §7.1 #1 for max_redeals ("at most three times in a
#: row") and §8's AUCTION_45 row. Options §7 gives no default for (bag_bid,
#: defender_threshold, finish_hands) are checked as unused instead.
SECTION_7_DEFAULTS: dict[str, Any] = {
    "min_bid": 15, "bid_step": 5, "max_bid": 30, "min_bid_near_end": (100, 20),
    "hold": "dealer", "after_hold": "all-unpassed", "auction_rounds": "open",
    "all_pass": "redeal-next", "max_redeals": 3, "bag_raise": False, "thirty_bid": "sixty",
    "extra_bid": None,
    "lower_bid_cap": 30, "made_bid_scores": "taken", "bid_measure": "points",
    "bonus_cutoff": None, "bonus_cutoff_scope": "bidder", "kitty": 0,
    "kitty_deal": "after-first", "extra_cards": 0, "trump_before_kitty": True,
    "kitty_discard": "free", "discard_trumps": "any", "draw": "all", "draw_limit": {6: 3},
    "draw_order": "eldest-first", "rob_pack": False, "first_lead": "left-of-bidder",
    "defender_limit": "none", "target": 120, "finish": "points",
    "target_tie": "bidder-first", "lose_at": None, "sets_to_lose": None,
}

#: §8 "as AUCTION_45 but kitty 3 dealt after the first round, trump_before_kitty=True,
#: kitty_discard="free"; min_bid=20; after_hold="duel"".
NEWFOUNDLAND: dict[str, Any] = {
    **SECTION_7_DEFAULTS, "kitty": 3, "kitty_deal": "after-first", "trump_before_kitty": True,
    "kitty_discard": "free", "min_bid": 20, "after_hold": "duel",
}

#: §8 NOVA_SCOTIA_45 and §4 "Nova Scotia": kitty 3 after the first round, trumps before
#: the kitty; min_bid 20; all-unpassed; redeal-next; target 125, lose_at −125; defenders
#: on 100+ do not score against a made bid; 30 for 60 = +60 / −30. §8 is silent on the
#: near-end minimum and §7.1 #10 exempts only the Irish and American presets, so the §7 B3
#: default (100, 20) stands. The draw limit is checked by its effect (K7: unlimited for
#: IMP-NS).
NOVA_SCOTIA: dict[str, Any] = {
    **{k: v for k, v in SECTION_7_DEFAULTS.items() if k != "draw_limit"},
    "kitty": 3, "kitty_deal": "after-first", "trump_before_kitty": True, "min_bid": 20,
    "after_hold": "all-unpassed", "all_pass": "redeal-next", "target": 125, "lose_at": -125,
    "defender_limit": "no-score-if-made", "defender_threshold": 100, "thirty_bid": "sixty",
}

#: §8 FIFTY_FIVE / ONE_TEN / TWO_TWENTY, §7.1 #4 (draw limits) and #10 (no near-end minimum).
IRISH: dict[str, Any] = {
    **{k: v for k, v in SECTION_7_DEFAULTS.items() if k != "thirty_bid"},
    "kitty": 5, "kitty_deal": "last", "trump_before_kitty": False, "kitty_discard": "exact",
    "min_bid": 10, "max_bid": 25, "extra_bid": "sixty", "after_hold": "duel",
    "all_pass": "redeal-next", "draw": "all", "draw_order": "eldest-first",
    "draw_limit": {2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 2, 8: 1, 9: 0},
    "first_lead": "left-of-bidder", "lower_bid_cap": 30, "target_tie": "trick-order",
    "min_bid_near_end": None,
}

#: §8 AMERICAN_110, §6 and §3.6 ("plain: ... the 30 rung in IMP-110b"), §7.1 #1, #10.
AMERICAN: dict[str, Any] = {
    **SECTION_7_DEFAULTS, "min_bid": 15, "max_bid": 30, "extra_bid": "moon",
    "thirty_bid": "plain", "hold": "dealer", "after_hold": "all-unpassed",
    "all_pass": "redeal-same", "max_redeals": 3, "kitty": 0, "draw": "all",
    "draw_limit": None, "draw_order": "dealer-first", "first_lead": "left-of-bidder",
    "defender_limit": "none", "target": 110, "target_tie": "bidder-first",
    "min_bid_near_end": None,
}

EXPECTED_BIDDING: dict[str, dict[str, Any]] = {
    "AUCTION_45": SECTION_7_DEFAULTS,
    "NEWFOUNDLAND_120S": NEWFOUNDLAND,
    "NOVA_SCOTIA_45": NOVA_SCOTIA,
    "FIFTY_FIVE": {**IRISH, "target": 55},
    "ONE_TEN": {**IRISH, "target": 110},
    "TWO_TWENTY": {**IRISH, "target": 220},
    "AMERICAN_110": AMERICAN,
}

#: The other components, from §2.1, §2.7, §3.1, §3.8 (misdeal: the same dealer), §5.1,
#: §6 and §8 (the 53-card pack, the joker third and privileged, plain Aces high, free plain
#: leads in American 110).
STANDARD_PLAY: dict[str, Any] = {
    "top_trumps": "modern", "joker": "none", "plain_aces": "traditional",
    "natural_order": False, "plain_lead": "follow-or-trump", "trump_lead": "follow",
    "renege_cards": "5-J-AH", "renege_basis": "led", "misdeal": "redeal",
    "scoring": "points", "robbing": False, "jinking": False,
}
EXPECTED_OTHERS: dict[str, dict[str, Any]] = {
    name: STANDARD_PLAY for name in EXPECTED_BIDDING
} | {"AMERICAN_110": {**STANDARD_PLAY, "joker": "third", "plain_aces": "high",
                      "plain_lead": "free", "renege_cards": "5-J-JK-AH"}}

#: §8 "players": who plays with whom at each table size. "pairs": alternate seats at
#: four; "threes": 3 v 3 in alternate seats; "three pairs": partners opposite; "alone":
#: each for himself (cut-throat).
LAYOUTS: dict[str, dict[int, str]] = {
    "AUCTION_45": {2: "alone", 3: "alone", 4: "pairs", 5: "alone", 6: "threes"},
    "NEWFOUNDLAND_120S": {2: "alone", 3: "alone", 4: "pairs", 6: "three pairs"},
    "NOVA_SCOTIA_45": {2: "alone", 3: "alone", 4: "pairs"},
    **{name: {n: "alone" for n in range(2, 10)} for name in ("FIFTY_FIVE", "ONE_TEN", "TWO_TWENTY")},
    "AMERICAN_110": {2: "alone", 3: "alone", 4: "alone"},
}
SIDES = {
    "alone": lambda n: tuple((s,) for s in range(n)),
    "pairs": lambda n: ((0, 2), (1, 3)),
    "threes": lambda n: ((0, 2, 4), (1, 3, 5)),
    "three pairs": lambda n: ((0, 3), (1, 4), (2, 5)),
}
#: The six-player layouts (3 v 3 in Auction 45s, three pairs in 120s).
SIX = {("AUCTION_45", 6), ("NEWFOUNDLAND_120S", 6)}

PRESETS = list(EXPECTED_BIDDING)


def preset(name: str) -> tf.Variant:
    variant = getattr(tf, name)
    assert isinstance(variant, tf.Variant)
    return variant


def stored(value: Any) -> Any:
    """A draw_limit mapping as the variant stores it: sorted pairs."""
    return tuple(sorted(value.items())) if isinstance(value, dict) else value


# -- the presets' values (§8) --------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_preset_bidding_values_are_section_8(name: str) -> None:
    """BIDDING.md §8 (binding), §7 defaults where §8 is silent: every bidding option the
    spec fixes, through ``options()`` and on the component."""
    variant = preset(name)
    options = variant.options()
    for option, value in EXPECTED_BIDDING[name].items():
        assert options[option] == stored(value), option
        assert getattr(variant.bidding, option) == stored(value), option


@pytest.mark.parametrize("name", PRESETS)
def test_values_the_spec_leaves_open_change_nothing(name: str) -> None:
    """Options with no §7 default (bag_bid, defender_threshold, finish_hands) are idle
    wherever §8 does not set them (their rule is off), and so is max_redeals (3, §7.1 #1)
    wherever nobody deals again."""
    variant = preset(name)
    unused = variant.unused_options()
    for option in ("bag_bid", "defender_threshold", "finish_hands"):
        if option not in EXPECTED_BIDDING[name]:
            assert option in unused, option
    assert ("max_redeals" in unused) is (variant.options()["all_pass"] != "redeal-same")


def test_nova_scotia_near_end_and_draw_limit_by_effect() -> None:
    """§4 Nova Scotia: bids from 20 at every score, and no draw limit at 2 to 4 players
    (§7 K7: unlimited, IMP-NS)."""
    variant = tf.NOVA_SCOTIA_45
    assert variant.bidding is not None
    assert all(near_end_minimum(variant.bidding, s) == 20 for s in (-200, 0, 99, 100, 124))
    assert all(tf.bidding.draw_limit_for(variant.bidding, n) is None for n in (2, 3, 4))


def test_nova_scotia_keeps_the_section_7_near_end_minimum() -> None:
    """§8 is silent on ``min_bid_near_end`` for NOVA_SCOTIA_45 and §7.1 #10 exempts only
    the 55 / 110 / 220 and American presets, so the §7 B3 default stands: a side on 100
    may not bid 15 under a ``min_bid=15`` house rule (its lowest bid is 20), while a side
    on 99 may."""
    house = tf.NOVA_SCOTIA_45.with_options(min_bid=15)
    assert house.options()["min_bid_near_end"] == (100, 20)
    near = tf.new_bidding_hand(house, players=4, dealer=3, seed=1, scores=(100, 0))
    assert near.legal_actions() == (tf.Pass(), tf.Bid(20), tf.Bid(25), tf.Bid(30))
    far = tf.new_bidding_hand(house, players=4, dealer=3, seed=1, scores=(99, 0))
    assert far.legal_actions() == (tf.Pass(), tf.Bid(15), tf.Bid(20), tf.Bid(25), tf.Bid(30))


@pytest.mark.parametrize(("name", "bids"), [
    ("AUCTION_45", (15, 20, 25, 30)), ("NEWFOUNDLAND_120S", (20, 25, 30)),
    ("NOVA_SCOTIA_45", (20, 25, 30)), ("FIFTY_FIVE", (10, 15, 20, 25, 60)),
    ("ONE_TEN", (10, 15, 20, 25, 60)), ("TWO_TWENTY", (10, 15, 20, 25, 60)),
    ("AMERICAN_110", (15, 20, 25, 30, 60)),
])
def test_preset_ladders(name: str, bids: tuple[int, ...]) -> None:
    """§8: "bids 15–30 step 5" (Auction 45s), 20, 25, "30 for 60" (120s, Nova Scotia),
    "10, 15, 20, 25 and 60" (55 / 110 / 220), "15–30 plus moon" (American 110)."""
    bidding = preset(name).bidding
    assert bidding is not None and ladder(bidding) == bids


@pytest.mark.parametrize("name", PRESETS)
def test_preset_other_components(name: str) -> None:
    """§2.1, §2.7, §6, §8: the pack, the card order and following; no turn-up (nobody
    robs or jinks); points; a misdeal is dealt again by the same dealer (§3.8, §5.7)."""
    options = preset(name).options()
    for option, value in EXPECTED_OTHERS[name].items():
        assert options[option] == value, option


def test_american_110_pack_and_order() -> None:
    """§6: 53 cards, the joker the third trump and privileged like the Jack; every plain
    Ace high (black plain numerals stay reversed)."""
    ranking = tf.AMERICAN_110.ranking
    assert ranking.uses_joker
    assert [str(c) for c in ranking.trump_order("S")[:4]] == ["5S", "JS", "JK", "AH"]
    assert str(ranking.plain_order("C", "S")[0]) == "AC"
    assert str(ranking.plain_order("D", "S")[0]) == "AD"
    assert [str(c) for c in ranking.plain_order("C", "S")][-2:] == ["9C", "TC"]
    # the joker may renege like the Jack: a lone joker against a low trump led
    assert tf.legal_moves("JK 3D", "7S", trump="S", variant=tf.AMERICAN_110) == (
        tf.Card.parse("JK"), tf.Card.parse("3D"))


def test_american_110_plain_leads_need_not_be_followed() -> None:
    """§6: "plain leads need not be followed" (plain_lead="free")."""
    assert tf.Card.parse("3C") in tf.legal_moves("3C KD", "7D", trump="S", variant=tf.AMERICAN_110)
    assert tf.Card.parse("3C") not in tf.legal_moves("3C KD", "7D", trump="S", variant=tf.AUCTION_45)


@pytest.mark.parametrize("name", PRESETS)
def test_preset_table_sizes_and_sides(name: str) -> None:
    """§8 "players": the sides at every table size the preset allows, and no other size
    (the six-player layouts are in the next test)."""
    variant = preset(name)
    expected = LAYOUTS[name]
    allowed = [n for n in range(2, 11) if _allows(variant, n)]
    assert allowed == sorted(expected)
    for players, layout in expected.items():
        assert variant.table.sides(players) == SIDES[layout](players), players


@pytest.mark.parametrize(("name", "players"), sorted(SIX))
def test_six_player_layouts(name: str, players: int) -> None:
    """§8: Auction 45s with six plays 3 v 3, 120s three pairs."""
    layout = LAYOUTS[name][players]
    assert preset(name).table.sides(players) == SIDES[layout](players)


def _allows(variant: tf.Variant, players: int) -> bool:
    try:
        variant.table.side_count(players)
    except tf.PlayerCountError:
        return False
    return True


@pytest.mark.parametrize("name", PRESETS)
def test_presets_agree_with_the_table_facts(name: str) -> None:
    """The variants are built from bidding_presets: the same Bidding component, and the
    table facts' pack and play options."""
    variant, facts = preset(name), TABLE_FACTS[name]
    assert variant.bidding is BIDDING_PRESETS[name]
    options = variant.options()
    for key in ("joker", "plain_aces", "plain_lead", "renege_cards", "best_trump_bonus",
                "misdeal", "kitty"):
        assert options[key] == dict(facts)[key], key
    assert (52 + variant.ranking.uses_joker) == facts["deck"]
    sizes = list(facts["players"])
    assert [n for n in range(2, 11) if _allows(variant, n)] == sizes


@pytest.mark.parametrize("name", PRESETS)
def test_scoring_target_is_the_bidding_target(name: str) -> None:
    """A bidding variant's one target is the bidding component's; the scoring component
    (points) carries the same number (§3.7 E1)."""
    variant = preset(name)
    assert variant.bidding is not None
    assert variant.scoring.scoring == "points"
    assert variant.scoring.target == variant.bidding.target == variant.options()["target"]
    changed = variant.with_options(target=variant.bidding.target + 5)
    assert changed.bidding is not None
    assert changed.scoring.target == changed.bidding.target == variant.bidding.target + 5


# -- registries and names -----------------------------------------------------------------------


def test_registries() -> None:
    """VARIANTS keeps the four games that turn up trumps; BIDDING_VARIANTS has the seven
    presets of §8; ALL_VARIANTS both, by name."""
    assert list(tf.VARIANTS) == ["Maw", "Spoil Five", "Twenty-Five", "Forty-Five"]
    assert list(tf.BIDDING_VARIANTS.values()) == [preset(n) for n in PRESETS]
    assert dict(tf.ALL_VARIANTS) == {**tf.VARIANTS, **tf.BIDDING_VARIANTS}
    assert all(v.bidding is None for v in tf.VARIANTS.values())
    assert all(v.bidding is not None for v in tf.BIDDING_VARIANTS.values())
    assert tf.variants.BIDDING_VARIANTS is tf.BIDDING_VARIANTS
    for name in PRESETS:
        assert getattr(tf.variants, name) is preset(name) and name in tf.__all__


@pytest.mark.parametrize(("text", "name"), [
    ("auction 45", "AUCTION_45"), ("Auction Forty-Fives", "AUCTION_45"),
    ("auction forty-five", "AUCTION_45"), ("auction-45", "AUCTION_45"),
    ("AUCTION 45s", "AUCTION_45"), ("120s", "NEWFOUNDLAND_120S"), ("120", "NEWFOUNDLAND_120S"),
    ("120's", "NEWFOUNDLAND_120S"), ("Newfoundland 120s", "NEWFOUNDLAND_120S"),
    ("one twenty", "NEWFOUNDLAND_120S"), ("nova scotia 45s", "NOVA_SCOTIA_45"),
    ("Nova Scotia 45", "NOVA_SCOTIA_45"), ("nova scotia forty-fives", "NOVA_SCOTIA_45"),
    ("55", "FIFTY_FIVE"), ("fifty-five", "FIFTY_FIVE"), ("Fifty Five", "FIFTY_FIVE"),
    ("110", "ONE_TEN"), ("one ten", "ONE_TEN"), ("One Hundred and Ten", "ONE_TEN"),
    ("hundred and ten", "ONE_TEN"), ("220", "TWO_TWENTY"), ("two twenty", "TWO_TWENTY"),
    ("two hundred and twenty", "TWO_TWENTY"), ("american 110", "AMERICAN_110"),
    ("American Hundred and Ten", "AMERICAN_110"), ("american one ten", "AMERICAN_110"),
])
def test_find_variant_common_names(text: str, name: str) -> None:
    """§8: find_variant accepts "the obvious spellings" ("auction-45", "120s", "110")."""
    assert tf.find_variant(text) is preset(name)


@pytest.mark.parametrize(("text", "name"), [
    ("45s", "FORTY_FIVE"), ("45", "FORTY_FIVE"), ("25", "TWENTY_FIVE"), ("maw", "MAW"),
])
def test_find_variant_keeps_the_old_names(text: str, name: str) -> None:
    assert tf.find_variant(text) is getattr(tf, name)


def test_no_two_presets_share_a_name() -> None:
    """Every name and alias, as find_variant reads it, finds its own preset."""
    for variant in tf.ALL_VARIANTS.values():
        for alias in (variant.name, *variant.aliases):
            assert tf.find_variant(alias) is variant, alias


def test_unknown_variant_lists_the_bidding_games_too() -> None:
    with pytest.raises(tf.UnknownVariantError) as info:
        tf.find_variant("bridge")
    assert "Auction Forty-Fives" in str(info.value) and "Spoil Five" in str(info.value)


def test_repr_of_a_changed_bidding_preset() -> None:
    assert repr(tf.AUCTION_45) == "<Variant 'Auction Forty-Fives'>"
    assert repr(tf.AUCTION_45.with_options(kitty=3, draw_limit=3)) == (
        "<Variant 'Auction Forty-Fives' with kitty=3, draw_limit=3>")


# -- every §7 option by name ----------------------------------------------------------------------

#: Every value of every §7 option (the "values" column), each with the companions it
#: needs to be coherent (§7.1) and the preset to start from (Nova Scotia's four seats leave
#: stock to spare). ``draw_limit`` "by-table" is the mapping of §7.1 #4.
NS = "NOVA_SCOTIA_45"
ALL_VALUES: dict[str, list[tuple[Any, dict[str, Any]]]] = {
    "min_bid": [(15, {}), (20, {}), (10, {"max_bid": 25})],
    "bid_step": [(5, {}), (10, {"min_bid": 10})],
    "max_bid": [(30, {}), (25, {"min_bid": 10})],
    "min_bid_near_end": [(None, {}), ((100, 20), {}), ((95, 20), {})],
    "hold": [("dealer", {}), ("none", {})],
    "after_hold": [("all-unpassed", {}), ("duel", {}), ("ends", {})],
    "auction_rounds": [("open", {}), ("once", {"after_hold": "duel"}),
                       ("once", {"after_hold": "ends"})],
    "all_pass": [("bag-dealer", {}), ("redeal-next", {}), ("redeal-same", {})],
    "bag_bid": [(None, {}), (20, {"all_pass": "bag-dealer"})],
    "bag_raise": [(True, {"all_pass": "bag-dealer"}), (False, {})],
    "max_redeals": [(None, {}), (3, {"all_pass": "redeal-same"})],
    "thirty_bid": [("sixty", {}), ("sixty-both", {}), ("plain", {})],
    "extra_bid": [(None, {}), ("slam", {}), ("thirty-for-sixty", {}), ("moon", {}),
                  ("sixty", {"min_bid": 10, "max_bid": 25})],
    "lower_bid_cap": [(30, {}), (None, {})],
    "made_bid_scores": [("taken", {}), ("bid", {})],
    "bid_measure": [("points", {}), ("tricks", {})],
    "bonus_cutoff": [(None, {}), (85, {})],
    "bonus_cutoff_scope": [("bidder", {"bonus_cutoff": 85}), ("all", {"bonus_cutoff": 85})],
    "kitty": [(0, {}), (3, {}), (4, {"kitty_deal": "split"}), (5, {})],
    "kitty_deal": [("after-first", {}), ("split", {"kitty": 4}), ("last", {})],
    "extra_cards": [(0, {}), (3, {"draw_limit": 2})],
    "trump_before_kitty": [(True, {}), (False, {})],
    "kitty_discard": [("exact", {}), ("free", {})],
    "discard_trumps": [("any", {}), ("last-resort", {})],
    "draw": [("all", {}), ("bidder-only", {})],
    "draw_limit": [(None, {}), (4, {}), ({6: 3}, {}), ({2: 3, 3: 2, 4: 1}, {})],
    "draw_order": [("eldest-first", {}), ("dealer-first", {}), ("simultaneous", {})],
    "rob_pack": [(True, {}), (False, {})],
    "first_lead": [("left-of-bidder", {}), ("bidder", {}), ("eldest", {})],
    "defender_limit": [("none", {}), ("no-score-if-made", {"defender_threshold": 100}),
                       ("no-score", {"defender_threshold": 90}), ("cap", {})],
    "defender_threshold": [(None, {"defender_limit": "none"}), (115, {"defender_limit": "cap"})],
    "target": [(120, {}), (125, {}), (45, {}), (55, {}), (110, {}), (220, {})],
    "finish": [("points", {}), ("hands", {"finish_hands": 4})],
    "finish_hands": [(None, {}), (4, {"finish": "hands"})],
    "target_tie": [("bidder-first", {}), ("higher-total", {}), ("bidding-side-only", {}),
                   ("trick-order", {})],
    "lose_at": [(None, {}), (-125, {})],
    "sets_to_lose": [(None, {}), (3, {})],
}
CASES = [(name, value, companions) for name, values in ALL_VALUES.items()
         for value, companions in values]


def test_every_section_7_option_is_covered_here() -> None:
    assert set(ALL_VALUES) == set(BIDDING_OPTION_SPECS)


def test_option_specs_of_a_bidding_variant() -> None:
    """A bidding variant has OPTIONS.md's 33 names (target and target_tie the bidding
    component's) and the rest of §7; the turn-up games keep exactly OPTIONS.md's."""
    specs = tf.AUCTION_45.option_specs()
    assert list(specs)[:len(OPTION_SPECS)] == list(OPTION_SPECS)
    assert set(specs) == set(OPTION_SPECS) | set(BIDDING_OPTION_SPECS)
    assert specs["target"] == BIDDING_OPTION_SPECS["target"]
    assert specs["target_tie"] == BIDDING_OPTION_SPECS["target_tie"]
    assert all(specs[n] == e for n, e in OPTION_SPECS.items() if n not in ("target", "target_tie"))
    for variant in tf.VARIANTS.values():
        assert variant.option_specs() is OPTION_SPECS
        assert list(variant.options()) == list(OPTION_SPECS)
    for variant in tf.BIDDING_VARIANTS.values():
        assert list(variant.options()) == list(specs)


@pytest.mark.parametrize(("name", "value", "companions"), CASES,
                         ids=[f"{n}={v!r}" for n, v, _ in CASES])
def test_every_section_7_value_is_accepted(name: str, value: Any, companions: dict[str, Any]) -> None:
    """Every value of every §7 option, by name, through with_options and options()."""
    variant = preset(NS).with_options(**companions, **{name: value})
    assert variant.options()[name] == stored(value)
    assert getattr(variant.bidding, name) == stored(value)
    again = variant.with_options(**variant.options())
    assert again == variant


@pytest.mark.parametrize(("name", "value"), [
    ("min_bid", 4), ("min_bid", "15"), ("min_bid", True), ("bid_step", 0), ("max_bid", 35),
    ("min_bid_near_end", 100), ("min_bid_near_end", (100,)), ("min_bid_near_end", [100, 20]),
    ("hold", "anyone"), ("after_hold", "sometimes"), ("auction_rounds", "twice"),
    ("all_pass", "bag"), ("bag_raise", 1), ("max_redeals", 0), ("thirty_bid", "sixty-sixty"),
    ("extra_bid", "grand"), ("lower_bid_cap", 40), ("made_bid_scores", "both"),
    ("bid_measure", "cards"), ("bonus_cutoff", 0), ("bonus_cutoff_scope", "everyone"),
    ("kitty", 11), ("kitty_deal", "first"), ("extra_cards", 6), ("trump_before_kitty", "yes"),
    ("kitty_discard", "some"), ("discard_trumps", "never"), ("draw", "none"),
    ("draw_limit", 6), ("draw_limit", {1: 3}), ("draw_limit", {6: 7}), ("draw_limit", "by-table"),
    ("draw_limit", {6: 3.0}), ("draw_order", "random"), ("rob_pack", None),
    ("first_lead", "dealer"), ("defender_limit", "half"), ("defender_threshold", 0),
    ("target", 0), ("finish", "hands:4"), ("finish_hands", 0), ("target_tie", "first-to-reach"),
    ("lose_at", 5), ("sets_to_lose", 0),
])
def test_bad_values_are_refused_naming_the_option(name: str, value: Any) -> None:
    """A bad value names the option and lists its valid values."""
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.AUCTION_45.with_options(**{name: value})
    message = str(info.value)
    assert f"option {name}=" in message and "valid values:" in message
    assert BIDDING_OPTION_SPECS[name][1].describe() in message


@pytest.mark.parametrize(("changes", "words"), [
    ({"auction_rounds": "once"}, ["auction_rounds='once'", "after_hold='all-unpassed'", "§7.1 #2"]),
    ({"thirty_bid": "blind"}, ["thirty_bid='blind'", "§7.1 #5"]),
    ({"min_bid_near_end": (100, 22)}, ["min_bid_near_end=100,22", "ladder"]),
    ({"bag_bid": 35, "all_pass": "bag-dealer"}, ["bag_bid=35"]),
    ({"lower_bid_cap": 25}, ["lower_bid_cap=25", "max_bid=30"]),
    ({"kitty": 3, "kitty_deal": "split"}, ["kitty_deal='split'", "kitty=3"]),
    ({"kitty": 3, "trump_before_kitty": False, "discard_trumps": "last-resort"},
     ["discard_trumps='last-resort'", "trump_before_kitty=False"]),
    ({"defender_limit": "no-score"}, ["defender_limit='no-score'", "defender_threshold"]),
    ({"finish": "hands"}, ["finish='hands'", "finish_hands"]),
    ({"min_bid": 20, "max_bid": 25, "bid_step": 10}, ["max_bid=25", "bid_step=10"]),
    ({"min_bid": 12}, ["min_bid=12", "multiples of 5"]),
])
def test_incoherent_bidding_options_are_refused_with_the_rule(
        changes: dict[str, Any], words: list[str]) -> None:
    """§7.1: contradictory combinations are refused; the message names the options and
    the rule."""
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.AUCTION_45.with_options(**changes)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize(("variant", "changes", "short", "counts", "words"), [
    # 55 with 7 players: 52 - 35 - 5 = 12 in the stock; 6 others x 3 = 18 (§7.1 #4, EX-K06)
    ("FIFTY_FIVE", {"draw_limit": 3}, 7, (2, 3, 4, 5, 6),
     ["7 players", "52 - 7 x 5 - kitty 5 = 12", "ask for 18", "draw_limit=3", "BIDDING.md §3.4",
      "lower the draw_limit", "it deals 2, 3, 4, 5 or 6 players"]),
    # no limit: at 6 players 52 - 30 - 5 = 17, and 5 others x 5 = 25
    ("ONE_TEN", {"draw_limit": None}, 6, (2, 3, 4, 5),
     ["6 players", "= 17 cards", "ask for 25", "set a draw_limit",
      "it deals 2, 3, 4 or 5 players"]),
    # Auction 45s with a free 3-card kitty at 5 players: 52 - 25 - 3 = 24 < 5 + 4 x 5
    ("AUCTION_45", {"kitty": 3}, 5, (2, 3, 4, 6),
     ["5 players", "52 - 5 x 5 - kitty 3 = 24", "ask for 25", "it deals 2, 3, 4 or 6 players"]),
    # a limit of 4 at six players: 52 - 30 = 22 < 4 + 5 x 4
    ("AUCTION_45", {"draw_limit": 4}, 6, (2, 3, 4, 5),
     ["6 players", "52 - 6 x 5 - kitty 0 = 22", "ask for 24", "it deals 2, 3, 4 or 5 players"]),
    # the 53-card pack of American 110 counts its joker: 53 - 4 x 8 - 5 = 16 < 20
    ("AMERICAN_110", {"extra_cards": 3, "kitty": 5}, 4, (2, 3),
     ["4 players", "53 - 4 x 8 - kitty 5 = 16", "ask for 20", "it deals 2 or 3 players"]),
    # too many cards for the pack at all
    ("TWO_TWENTY", {"kitty": 10, "draw_limit": 0}, 9, (2, 3, 4, 5, 6, 7, 8),
     ["9 players x 5 cards + kitty 10 = 55", "52-card pack", "BIDDING.md §3.4"]),
])
def test_a_stock_the_draws_could_empty_narrows_the_table_sizes(
        variant: str, changes: dict[str, Any], short: int, counts: tuple[int, ...],
        words: list[str]) -> None:
    """§3.4, §8: "a preset never allows [the stock to run out] (validate the configuration
    instead)". A house rule that would empty the stock at one table size is accepted for
    the others: the variant deals only the sizes whose stock covers every draw, with its
    own pack, and dealing the size it leaves out raises PlayerCountError saying why, with
    the arithmetic and the sizes it deals."""
    house = preset(variant).with_options(**changes)
    assert house.player_counts() == counts and short not in counts
    tf.new_bidding_hand(house, players=counts[-1], seed=1)  # the sizes left deal
    with pytest.raises(tf.PlayerCountError) as info:
        tf.new_bidding_hand(house, players=short, seed=1)
    for word in words:
        assert word in str(info.value)
    with pytest.raises(tf.PlayerCountError, match=f"cannot be dealt to {short} players"):
        tf.new_game(house, players=short, seed=1)
    with pytest.raises(tf.PlayerCountError, match=f"not dealt to {short} players"):
        house.unused_options(players=short)
    house.unused_options(players=counts[0])  # a size it deals is answered


def test_the_four_player_game_is_not_refused_for_six() -> None:
    """Issue 19: ``AUCTION_45.with_options(kitty=3)`` and ``with_options(draw_limit=4)``
    were refused outright because five or six players could empty the stock; four players
    never can (52 - 20 - 3 = 29 ≥ 20; 32 ≥ 16), so both deal and play at four."""
    for changes in ({"kitty": 3}, {"draw_limit": 4}):
        house = tf.AUCTION_45.with_options(**changes)
        assert 4 in house.player_counts()
        hand = tf.new_hand(house, players=4, dealer=3, seed=2)
        bot = tf.RandomPlayer(seed=3)
        while not hand.is_over:
            hand = hand.apply(bot.choose(hand.view(hand.to_act)))
        assert hand.outcome is not None


def test_a_variant_with_no_table_size_left_is_refused() -> None:
    """A variant whose stock runs short at every table size it allows could never be dealt:
    refused, with the arithmetic of each size (BIDDING.md §3.4, §8)."""
    six = attrs.evolve(tf.AUCTION_45.table, min_players=6, max_players=6)
    with pytest.raises(tf.InvalidVariantError) as info:
        attrs.evolve(tf.AUCTION_45, table=six).with_options(draw_limit=None)
    message = str(info.value)
    assert "cannot be dealt at any table it allows (6 players)" in message
    assert "52 - 6 x 5 - kitty 0 = 22 cards, but the draws may ask for 30" in message


def test_the_turn_up_games_deal_their_table_sizes() -> None:
    """``player_counts`` of a game that turns up trumps: its table's counts."""
    assert tf.SPOIL_FIVE.player_counts() == tuple(range(2, 11))
    assert tf.TWENTY_FIVE.with_options(partnerships="pairs").player_counts() == (4, 6, 8, 10)


def test_the_stock_is_checked_at_the_variants_table_sizes_only() -> None:
    """A limit that only six players would need is not needed at two to four."""
    assert tf.NOVA_SCOTIA_45.with_options(draw_limit=None, kitty=0).bidding is not None


def test_a_bidding_option_on_a_game_without_an_auction() -> None:
    """A game that turns up trumps has no bidding option: refused, saying why."""
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.SPOIL_FIVE.with_options(kitty=3)
    message = str(info.value)
    assert "'kitty'" in message and "BIDDING.md §7" in message and "Spoil Five" in message
    assert "AUCTION_45" in message


def test_unknown_option_of_a_bidding_variant_lists_every_name() -> None:
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.AUCTION_45.with_options(no_such=1)
    message = str(info.value)
    assert "'no_such'" in message and "after_hold" in message and "renege_cards" in message


@pytest.mark.parametrize(("variant", "value"), [
    ("AUCTION_45", "first-to-reach"), ("FORTY_FIVE", "bidder-first"),
])
def test_target_tie_takes_the_values_of_its_game(variant: str, value: str) -> None:
    """OPTIONS.md and BIDDING.md §7 E2 share the name: a bidding game takes §7's values,
    a game that turns up trumps OPTIONS.md's."""
    with pytest.raises(tf.InvalidVariantError, match="option target_tie="):
        getattr(tf, variant).with_options(target_tie=value)


def test_a_bidding_game_scores_points() -> None:
    """§2.4, §2.5: a pool is refused, with the rule."""
    pool = {"scoring": "pool", "tricks_to_win": 3, "ante": 1, "dealer_ante": 2,
            "spoil_ante": "non-dealers-one"}
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.AUCTION_45.with_options(**pool)
    assert "scoring='pool'" in str(info.value) and "BIDDING.md §2.4" in str(info.value)


def test_turn_up_variants_are_unchanged() -> None:
    """The games that turn up trumps keep exactly the options of OPTIONS.md."""
    for variant in tf.VARIANTS.values():
        assert variant.bidding is None
        assert set(variant.options()) == set(OPTION_SPECS)
        assert not set(BIDDING_OPTION_SPECS) - {"target", "target_tie"} & set(variant.options())


# -- round trips -----------------------------------------------------------------------------------

CHANGED = [
    ("AUCTION_45", {}),
    ("AUCTION_45", {"min_bid_near_end": (95, 20), "draw_limit": {5: 4, 6: 3}, "kitty": 0}),
    ("NEWFOUNDLAND_120S", {"auction_rounds": "once", "min_bid": 15, "draw_limit": {4: 4, 6: 3}}),
    ("NOVA_SCOTIA_45", {"min_bid_near_end": None, "finish": "hands", "finish_hands": 4}),
    ("FIFTY_FIVE", {"bonus_cutoff": 85, "bonus_cutoff_scope": "all", "target": 60}),
    ("ONE_TEN", {}),
    ("TWO_TWENTY", {"draw_limit": {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 1, 9: 0}}),
    ("AMERICAN_110", {"all_pass": "bag-dealer", "bag_bid": 20, "bag_raise": True,
                      "target_tie": "higher-total"}),
]


@pytest.mark.parametrize(("name", "changes"), CHANGED, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CHANGED)])
def test_options_round_trip_through_with_options(name: str, changes: dict[str, Any]) -> None:
    variant = preset(name).with_options(**changes)
    assert preset(name).with_options(**variant.options()) == variant
    if not changes:
        assert variant == preset(name)


@pytest.mark.parametrize(("name", "changes"), CHANGED, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CHANGED)])
def test_variants_round_trip_through_json(name: str, changes: dict[str, Any]) -> None:
    """to_json / from_json, through real JSON text: the pairs are lists in JSON."""
    variant = preset(name).with_options(**changes)
    data = json.loads(json.dumps(tf.to_json(variant)))
    assert tf.from_json(data, tf.Variant) == variant
    if not changes:
        assert tf.from_json(data, tf.Variant) is preset(name)
    assert isinstance(data["options"]["min_bid_near_end"], list | type(None))
    assert isinstance(data["options"]["draw_limit"], list | int | type(None))
    # a variant of another name is built from the options alone
    custom = tf.from_json({**data, "name": "Our 45s"}, tf.Variant)
    assert custom.options() == variant.options() and custom.name == "Our 45s"
    assert (custom.table.min_players, custom.table.max_players) == (
        variant.table.min_players, variant.table.max_players)


@pytest.mark.parametrize(("name", "changes"), CHANGED, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CHANGED)])
def test_record_options_round_trip(name: str, changes: dict[str, Any]) -> None:
    """A record stores the variant's name and options (JSON form): reading them back gives
    the same variant, the preset itself when nothing changed (records' replay path)."""
    variant = preset(name).with_options(**changes)
    options = json.loads(json.dumps(options_to_json(variant.options())))
    check_options(options)
    assert preset_variant(preset(name), options) == variant
    assert options_from_json(options) == variant.options()
    if not changes:
        assert preset_variant(preset(name), options) is preset(name)


def test_record_options_must_be_a_whole_set() -> None:
    """A bidding variant's options are all of OPTIONS.md and all of §7; a missing one is
    named."""
    options = options_to_json(tf.AUCTION_45.options())
    del options["kitty"]
    with pytest.raises(ValueError, match="missing kitty"):
        check_options(options)
    with pytest.raises(ValueError, match=r"option draw_limit=\(\(1, 3\),\) is not valid"):
        check_options({**options_to_json(tf.AUCTION_45.options()), "draw_limit": [[1, 3]]})


@pytest.mark.parametrize(("name", "values"), [
    (name, [v for v, _ in values]) for name, values in ALL_VALUES.items()
] + [(name, values) for name, values in [
    ("draw_limit", [((6, 3),), ((2, 3), (7, 2))]), ("min_bid_near_end", [(100, 20)]),
]])
def test_command_line_text_round_trip(name: str, values: list[Any]) -> None:
    """What ``trumpfamily options`` prints for a value, ``OptionSpec.parse`` reads back."""
    spec = BIDDING_OPTION_SPECS[name][1]
    for value in values:
        assert spec.parse(value_text(stored(value))) == stored(value)


@pytest.mark.parametrize(("name", "text", "value"), [
    ("min_bid_near_end", "100,20", (100, 20)), ("min_bid_near_end", " (95, 20) ", (95, 20)),
    ("min_bid_near_end", "[100, 20]", (100, 20)), ("min_bid_near_end", "unset", None),
    ("draw_limit", "6:3", ((6, 3),)), ("draw_limit", "7:2, 6:3", ((6, 3), (7, 2))),
    ("draw_limit", "{6: 3}", ((6, 3),)), ("draw_limit", "4", 4), ("draw_limit", "none", None),
    ("hold", "none", "none"), ("extra_bid", "none", None), ("after_hold", "duel", "duel"),
    ("trump_before_kitty", "False", False), ("lose_at", "-125", -125),
    ("bag_bid", "unset", None), ("draw_limit", "six", "six"),
])
def test_command_line_text_forms(name: str, text: str, value: Any) -> None:
    """The text forms of §7 values: pairs as ``100,20``, limits as ``6:3``; the word
    ``none`` is a value where the option has it (``hold=none``), else unset."""
    assert BIDDING_OPTION_SPECS[name][1].parse(text) == value


def test_parsed_text_makes_the_variant() -> None:
    specs = tf.AUCTION_45.option_specs()
    texts = {"min_bid_near_end": "95,20", "draw_limit": "6:3,5:4", "hold": "none",
             "target_tie": "higher-total", "kitty": "0"}
    variant = tf.AUCTION_45.with_options(**{k: specs[k][1].parse(t) for k, t in texts.items()})
    assert variant.options()["draw_limit"] == ((5, 4), (6, 3))
    assert variant.bidding is not None and variant.bidding.hold == "none"


# -- unused options ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_turn_up_options_unused_in_bidding_games(name: str) -> None:
    """BIDDING.md §2.2: no turn-up, so nothing to rob or five; §2.4: 5 a trick, and the
    bids decide what five tricks earn; the pool options are those of a points game. The
    best-trump bonus still says which trick earns the 5 more."""
    unused = preset(name).unused_option_reasons()
    for option in ("robbing", "holder_rob", "dealer_rob", "unrobbed_ace", "rob_timing", "fiving"):
        assert "BIDDING.md §2.2" in unused[option]
    for option in ("points_per_trick", "five_tricks"):
        assert "BIDDING.md §2.4" in unused[option]
    for option in ("tricks_to_win", "ante", "jinking", "jink_bonus"):
        assert option in unused
    for option in ("target", "target_tie", "joker", "plain_lead", "partnerships", "min_bid",
                   "draw", "first_lead", "best_trump_bonus", "deal_packets"):
        assert option not in unused


@pytest.mark.parametrize(("name", "expected"), [
    ("AUCTION_45", {"kitty_deal", "trump_before_kitty", "kitty_discard", "bag_bid", "bag_raise",
                    "max_redeals", "bonus_cutoff_scope", "defender_threshold", "finish_hands"}),
    ("FIFTY_FIVE", {"thirty_bid", "bag_bid", "bag_raise", "max_redeals", "bonus_cutoff_scope",
                    "defender_threshold", "finish_hands"}),
    ("AMERICAN_110", {"kitty_deal", "trump_before_kitty", "kitty_discard", "bag_bid",
                      "bag_raise", "bonus_cutoff_scope", "defender_threshold", "finish_hands"}),
    ("NOVA_SCOTIA_45", {"bag_bid", "bag_raise", "max_redeals", "bonus_cutoff_scope",
                        "finish_hands"}),
])
def test_bidding_options_unused_in_the_presets(name: str, expected: set[str]) -> None:
    unused = set(preset(name).unused_options()) & set(BIDDING_OPTION_SPECS)
    assert unused == expected


def test_unused_follows_the_other_bidding_options() -> None:
    assert "after_hold" in tf.AUCTION_45.with_options(hold="none").unused_options(players=4)
    hands = tf.AUCTION_45.with_options(finish="hands", finish_hands=4).unused_options(players=4)
    assert "target" in hands and "target_tie" in hands and "finish_hands" not in hands


def test_unused_options_are_in_the_variants_order() -> None:
    order = list(tf.AUCTION_45.option_specs())
    unused = tf.AUCTION_45.unused_options(players=4)
    assert list(unused) == sorted(unused, key=order.index)


def test_turn_up_games_report_no_bidding_option() -> None:
    for variant in tf.VARIANTS.values():
        assert not (set(variant.unused_options()) & (set(BIDDING_OPTION_SPECS) - set(OPTION_SPECS)))


def test_scoring_target_follows_a_bidding_component_set_directly() -> None:
    """attrs.evolve with a new bidding component: the scoring target follows it."""
    assert tf.AUCTION_45.bidding is not None
    bidding = attrs.evolve(tf.AUCTION_45.bidding, target=150)
    variant = attrs.evolve(tf.AUCTION_45, name="Long 45s", bidding=bidding)
    assert variant.scoring.target == 150 and variant.options()["target"] == 150


def test_a_bidding_variant_built_directly_needs_points() -> None:
    """Variant(bidding=...) with the default (pool) scoring is refused, saying how."""
    with pytest.raises(tf.InvalidVariantError, match="scoring='pool'.*AUCTION_45"):
        tf.Variant(name="Mine", bidding=Bidding())
    points = {"scoring": tf.AUCTION_45.scoring, "robbing": tf.AUCTION_45.robbing,
              "jinking": tf.AUCTION_45.jinking}
    wide = tf.Variant(name="Mine", bidding=Bidding(), **points)  # Table(): 2 to 10 players
    assert wide.player_counts() == (2, 3, 4, 5, 6)  # from 7, the stock could run short
    with pytest.raises(tf.PlayerCountError, match="7 players: the stock is 52 - 7 x 5"):
        tf.new_bidding_hand(wide, players=7, seed=1)
    mine = tf.Variant(name="Mine", bidding=Bidding(), table=tf.AUCTION_45.table, **points)
    assert mine.options()["after_hold"] == "all-unpassed"


@pytest.mark.parametrize("name", list(OPTION_SPECS))
def test_parse_reads_what_the_command_line_reads(name: str) -> None:
    """``OptionSpec.parse`` accepts what ``--option`` accepts for the options of OPTIONS.md
    (the values every preset has, as ``trumpfamily options`` prints them)."""
    spec = OPTION_SPECS[name][1]
    for variant in tf.VARIANTS.values():
        value = variant.options()[name]
        text = value_text(value)
        assert spec.parse(text) == value
        assert variant_from(variant.name, [(name, text)]).options()[name] == value


@pytest.mark.parametrize("preset", ["NOVA_SCOTIA_45", "AMERICAN_110"])
def test_partnerships_that_fit_no_table_are_refused(preset: str) -> None:
    """Nova Scotia 45s and American 110 are for 2 to 4 players: partnerships of three fit
    none of those tables, so the variant is refused when made, not at every deal."""
    variant = getattr(tf, preset)
    with pytest.raises(tf.InvalidVariantError, match="partnerships='threes' fits no table of 2 to 4"):
        variant.with_options(partnerships="threes")
    assert variant.with_options(partnerships="pairs").table.partnerships == "pairs"


def test_draw_limit_by_table_is_the_irish_table_on_the_command_line_and_named_in_the_refusal() -> None:
    """BIDDING.md §7 K7 names ``"by-table"`` (IMP-110a: 3 / 2 / 1 by table size), which
    §7.1 #4 writes as a mapping: the option text takes the word, the value the mapping, and
    a refusal of the word says what it stands for."""
    from trumpfamily.bidding.component import BY_TABLE
    from trumpfamily.variants import BIDDING_OPTION_SPECS

    spec = BIDDING_OPTION_SPECS["draw_limit"][1]
    assert spec.parse("by-table") == spec.parse("BY-TABLE") == BY_TABLE
    assert tf.ONE_TEN.bidding is not None and tf.ONE_TEN.bidding.draw_limit == BY_TABLE
    assert tf.AUCTION_45.with_options(draw_limit=dict(BY_TABLE)).bidding.draw_limit == BY_TABLE  # type: ignore[union-attr]
    with pytest.raises(tf.InvalidVariantError, match=r'"by-table" is the mapping \{2: 3, 3: 3, '
                       r'4: 3, 5: 3, 6: 3, 7: 2, 8: 1, 9: 0\}'):
        tf.AUCTION_45.with_options(draw_limit="by-table")
