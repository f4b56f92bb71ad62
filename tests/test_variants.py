"""Presets and house rules: OPTIONS.md is the contract for option names, values and preset defaults."""

from __future__ import annotations

import random
import sys
import types
import typing
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_stateful import _players_for, game_variants

import trumpfamily as tf
from trumpfamily.variants import OPTION_SPECS

# OPTIONS.md preset columns, written out literally ("–" is None).
MAW_OPTIONS: dict[str, Any] = {
    # ranking
    "top_trumps": "modern", "joker": "none", "plain_aces": "traditional", "natural_order": False,
    # reneging
    "plain_lead": "follow-or-trump", "trump_lead": "follow", "renege_cards": "5-J-AH", "renege_basis": "led",
    "multi_privileged": "single", "ah_lead_requires_heart": False,
    # robbing
    "robbing": False, "holder_rob": "may", "dealer_rob": "must", "unrobbed_ace": "cannot-win",
    "rob_timing": "before-lead",
    # scoring / jinking
    "scoring": "pool", "tricks_to_win": 3, "two_trick_win_above": None, "ante": 2, "dealer_ante": 4,
    "spoil_ante": "non-dealers-one", "jinking": True, "jink_bonus": "stake", "points_per_trick": None,
    "best_trump_bonus": None, "target": None, "five_tricks": None, "target_tie": None,
    # table
    "partnerships": "none", "fiving": False, "deal_packets": "3-2", "first_dealer": "first-jack",
    "misdeal": "pass-deal",
}
SPOIL_FIVE_OPTIONS: dict[str, Any] = {
    "top_trumps": "modern", "joker": "none", "plain_aces": "traditional", "natural_order": False,
    "plain_lead": "follow-or-trump", "trump_lead": "follow", "renege_cards": "5-J-AH", "renege_basis": "led",
    "multi_privileged": "all", "ah_lead_requires_heart": False,
    "robbing": True, "holder_rob": "may-announce", "dealer_rob": "may", "unrobbed_ace": "lowest-unless-announced",
    "rob_timing": "own-first-turn",
    "scoring": "pool", "tricks_to_win": 3, "two_trick_win_above": None, "ante": 1, "dealer_ante": 2,
    "spoil_ante": "non-dealers-one", "jinking": True, "jink_bonus": "counter", "points_per_trick": None,
    "best_trump_bonus": None, "target": None, "five_tricks": None, "target_tie": None,
    "partnerships": "none", "fiving": True, "deal_packets": "3-2", "first_dealer": "given",
    "misdeal": "pass-deal",
}
TWENTY_FIVE_OPTIONS: dict[str, Any] = {
    "top_trumps": "modern", "joker": "none", "plain_aces": "traditional", "natural_order": False,
    "plain_lead": "follow-or-trump", "trump_lead": "follow", "renege_cards": "5-J-AH", "renege_basis": "led",
    "multi_privileged": "all", "ah_lead_requires_heart": False,
    "robbing": True, "holder_rob": "may-announce", "dealer_rob": "may", "unrobbed_ace": "lowest-and-cannot-win",
    "rob_timing": "before-lead",
    "scoring": "pool", "tricks_to_win": 3, "two_trick_win_above": None, "ante": 1, "dealer_ante": 1,
    "spoil_ante": "everyone-one", "jinking": True, "jink_bonus": "counter", "points_per_trick": 5,
    "best_trump_bonus": "none", "target": 25, "five_tricks": "none", "target_tie": "first-to-reach",
    "partnerships": "pairs-at-four", "fiving": False, "deal_packets": "3-2", "first_dealer": "given",
    "misdeal": "forfeit-stake",
}
FORTY_FIVE_OPTIONS: dict[str, Any] = {
    "top_trumps": "modern", "joker": "none", "plain_aces": "traditional", "natural_order": False,
    "plain_lead": "follow-or-trump", "trump_lead": "follow", "renege_cards": "5-J-AH", "renege_basis": "led",
    "multi_privileged": "all", "ah_lead_requires_heart": True,
    "robbing": True, "holder_rob": "may", "dealer_rob": "must", "unrobbed_ace": "lowest",
    "rob_timing": "own-first-turn",
    "scoring": "points", "tricks_to_win": None, "two_trick_win_above": None, "ante": None, "dealer_ante": None,
    "spoil_ante": None, "jinking": False, "jink_bonus": None, "points_per_trick": 5,
    "best_trump_bonus": "any", "target": 45, "five_tricks": "none", "target_tie": "higher-total",
    "partnerships": "none", "fiving": False, "deal_packets": "3-2", "first_dealer": "given",
    "misdeal": "redeal",
}
PRESET_OPTIONS = [
    (tf.MAW, MAW_OPTIONS), (tf.SPOIL_FIVE, SPOIL_FIVE_OPTIONS),
    (tf.TWENTY_FIVE, TWENTY_FIVE_OPTIONS), (tf.FORTY_FIVE, FORTY_FIVE_OPTIONS),
]
PRESET_IDS = ["MAW", "SPOIL_FIVE", "TWENTY_FIVE", "FORTY_FIVE"]

RESERVED_BIDDING = ["min_bid", "min_bid_near_end", "bid_step", "hold", "after_hold", "all_pass", "kitty", "draw",
                    "thirty_bid", "lower_bid_cap", "bonus_cutoff"]

# Every value of every option (OPTIONS.md "values" column), with a base where it is coherent.
ALL_VALUES: dict[str, list[Any]] = {
    "top_trumps": ["modern", "cotton"],
    "joker": ["none", "third", "fourth"],
    "plain_aces": ["traditional", "high"],
    "natural_order": [False, True],
    "plain_lead": ["follow-or-trump", "follow", "free"],
    "trump_lead": ["follow", "free"],
    "renege_cards": ["5-J-AH", "5-J-JK-AH", "5"],
    "renege_basis": ["led", "highest", "unconditional"],
    "multi_privileged": ["all", "single"],
    "ah_lead_requires_heart": [False, True],
    "robbing": [True, False],
    "holder_rob": ["may-announce", "may", "must"],
    "dealer_rob": ["must", "may"],
    "unrobbed_ace": ["lowest-unless-announced", "lowest", "cannot-win", "lowest-and-cannot-win", "none"],
    "rob_timing": ["own-first-turn", "before-lead"],
    "scoring": ["pool", "points"],
    "tricks_to_win": [3, 4, 2],
    "two_trick_win_above": [None, 5, 4],
    "ante": [1, 2, 3],
    "dealer_ante": [1, 2, 4],
    "spoil_ante": ["non-dealers-one", "dealer-one", "everyone-one", "full"],
    "jinking": [True, False],
    "jink_bonus": ["counter", "stake"],
    "points_per_trick": [5, 10],
    "best_trump_bonus": ["any", "top-four", "none"],
    "target": [25, 45, 120],
    "five_tricks": ["none", "wins-game", "bonus"],
    "target_tie": ["higher-total", "first-to-reach"],
    "partnerships": ["none", "pairs", "threes", "pairs-at-four", "two-sides-or-alone",
                     "pairs-or-alone"],
    "fiving": [False, True],
    "deal_packets": ["3-2", "2-3", "4-1", "1-4"],
    "first_dealer": ["first-jack", "given"],
    "misdeal": ["pass-deal", "pay-to-keep", "forfeit-stake", "redeal"],
}
assert set(ALL_VALUES) == set(MAW_OPTIONS)


def base_for(name: str, value: Any) -> Any:
    """A preset on which ``name=value`` is coherent (TWENTY_FIVE defines every scoring option)."""
    if name == "renege_cards" and value == "5-J-JK-AH":
        return tf.SPOIL_FIVE.with_options(joker="third")
    return tf.TWENTY_FIVE


@pytest.mark.parametrize(("preset", "expected"), PRESET_OPTIONS, ids=PRESET_IDS)
def test_preset_options_equal_options_md_column(preset: Any, expected: dict[str, Any]) -> None:
    """OPTIONS.md: each preset's options() is its column, every option present, "–" as None."""
    assert dict(preset.options()) == expected


@pytest.mark.parametrize(("preset", "expected"), PRESET_OPTIONS, ids=PRESET_IDS)
def test_options_excludes_reserved_bidding_names(preset: Any, expected: dict[str, Any]) -> None:
    """OPTIONS.md "Bidding games": the reserved bidding names belong to later presets."""
    assert not set(RESERVED_BIDDING) & set(preset.options())


@pytest.mark.parametrize("preset", [p for p, _ in PRESET_OPTIONS], ids=PRESET_IDS)
def test_preset_components(preset: Any) -> None:
    """DESIGN.md: a Variant is a frozen attrs object with one component per rule area."""
    assert attrs.has(type(preset))
    for component in ("ranking", "reneging", "robbing", "scoring", "jinking", "table"):
        assert getattr(preset, component) is not None
    assert isinstance(preset.name, str) and preset.name
    with pytest.raises((attrs.exceptions.FrozenInstanceError, AttributeError)):
        preset.name = "other"  # type: ignore[misc]


def test_presets_are_distinct_and_exported() -> None:
    assert tf.variants.MAW is tf.MAW
    assert tf.variants.SPOIL_FIVE is tf.SPOIL_FIVE
    assert tf.variants.TWENTY_FIVE is tf.TWENTY_FIVE
    assert tf.variants.FORTY_FIVE is tf.FORTY_FIVE
    assert len({tf.MAW.name, tf.SPOIL_FIVE.name, tf.TWENTY_FIVE.name, tf.FORTY_FIVE.name}) == 4
    assert tf.MAW != tf.SPOIL_FIVE
    assert isinstance(tf.SPOIL_FIVE, tf.Variant)


@pytest.mark.parametrize("preset", [p for p, _ in PRESET_OPTIONS], ids=PRESET_IDS)
def test_variants_registry(preset: Any) -> None:
    """``tf.variants.VARIANTS`` maps each preset's name to it."""
    assert tf.variants.VARIANTS[preset.name] == preset


@pytest.mark.parametrize(
    ("alias", "preset"),
    [
        ("spoil five", tf.SPOIL_FIVE), ("spoil-five", tf.SPOIL_FIVE), ("Spoil Five", tf.SPOIL_FIVE),
        ("SPOIL_FIVE", tf.SPOIL_FIVE), ("spoil_five", tf.SPOIL_FIVE),
        ("45s", tf.FORTY_FIVE), ("forty-five", tf.FORTY_FIVE), ("Forty-Five", tf.FORTY_FIVE),
        ("FORTY_FIVE", tf.FORTY_FIVE),
        ("25", tf.TWENTY_FIVE), ("twenty-five", tf.TWENTY_FIVE), ("TWENTY_FIVE", tf.TWENTY_FIVE),
        ("maw", tf.MAW), ("MAW", tf.MAW), ("Maw", tf.MAW),
    ],
)
def test_find_variant_aliases(alias: str, preset: Any) -> None:
    """find_variant is case-insensitive and knows the usual aliases."""
    assert tf.find_variant(alias) == preset


@pytest.mark.parametrize("preset", [p for p, _ in PRESET_OPTIONS], ids=PRESET_IDS)
def test_find_variant_by_own_name(preset: Any) -> None:
    assert tf.find_variant(preset.name) == preset
    assert tf.find_variant(preset.name.lower()) == preset
    assert tf.find_variant(preset.name.upper()) == preset


def test_with_options_contract_example() -> None:
    """OPTIONS.md: ``SPOIL_FIVE.with_options(jink_bonus="stake", spoil_ante="dealer-one")``."""
    house = tf.SPOIL_FIVE.with_options(jink_bonus="stake", spoil_ante="dealer-one")
    assert house.options()["jink_bonus"] == "stake"
    assert house.options()["spoil_ante"] == "dealer-one"
    expected = dict(SPOIL_FIVE_OPTIONS, jink_bonus="stake", spoil_ante="dealer-one")
    assert dict(house.options()) == expected
    # the original is unchanged
    assert dict(tf.SPOIL_FIVE.options()) == SPOIL_FIVE_OPTIONS
    assert house is not tf.SPOIL_FIVE
    assert house != tf.SPOIL_FIVE
    assert isinstance(house, tf.Variant)


@pytest.mark.parametrize(
    ("name", "value"), [(n, v) for n, vs in ALL_VALUES.items() for v in vs], ids=lambda x: str(x)
)
def test_with_options_accepts_every_value(name: str, value: Any) -> None:
    """OPTIONS.md: every listed value of every option is accepted and reported back by options()."""
    base = base_for(name, value)
    before = dict(base.options())
    changed = base.with_options(**{name: value})
    assert changed.options()[name] == value
    # only that option changed
    assert {k: v for k, v in changed.options().items() if k != name} == {k: v for k, v in before.items() if k != name}
    assert dict(base.options()) == before


def _annotation(name: str) -> tuple[type[Any], str, Any, bool]:
    """The component class of option ``name``, its annotation as written, the resolved
    type without ``None``, and whether ``None`` is allowed."""
    attr, _ = OPTION_SPECS[name]
    cls = type(getattr(tf.MAW, attr))
    written = attrs.fields_dict(cls)[name].type
    hint = typing.get_type_hints(cls)[name]
    is_union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    args = typing.get_args(hint) if is_union else (hint,)
    rest = [a for a in args if a is not type(None)]
    assert len(rest) == 1, hint
    return cls, str(written), rest[0], len(rest) < len(args)


@pytest.mark.parametrize("name", list(OPTION_SPECS))
def test_option_annotation_lists_exactly_the_valid_values(name: str) -> None:
    """The annotation of each option field says what the option accepts, so that a type
    checker catches a mistyped value: a choice option's ``Literal[...]`` lists exactly the
    spec's values (in the same order), a flag is a bool, an int option an int; ``| None``
    exactly when the option is optional. Guards the Literal and ``choice(...)`` from drifting."""
    _, spec = OPTION_SPECS[name]
    cls, _, base, optional = _annotation(name)
    assert optional == spec.optional
    if spec.kind == "choice":
        assert typing.get_origin(base) is typing.Literal
        assert typing.get_args(base) == spec.values
        default = attrs.fields_dict(cls)[name].default
        assert default in spec.values or (default is None and spec.optional)
    elif spec.kind == "flag":
        assert base is bool
    else:
        assert spec.kind == "int"
        assert base is int


@pytest.mark.parametrize("name", [n for n, (_, s) in OPTION_SPECS.items() if s.kind == "choice"])
def test_choice_option_is_typed_by_a_public_alias(name: str) -> None:
    """A choice option is annotated with a public ``TypeAlias`` of its module, named after
    the option (``holder_rob`` -> ``HolderRob``), not with ``str`` or an inline Literal."""
    cls, written, base, _ = _annotation(name)
    alias = written.split("|")[0].strip()
    assert alias.isidentifier() and not alias.startswith("_"), written
    assert getattr(sys.modules[cls.__module__], alias) == base
    if name != "scoring":  # ScoringMode: "Scoring" is the component class
        assert alias == name.title().replace("_", "")


def test_with_options_no_arguments_is_equal() -> None:
    assert tf.FORTY_FIVE.with_options() == tf.FORTY_FIVE


def test_with_options_twenty_five_points_form() -> None:
    """RULES §2.3: ``TWENTY_FIVE.with_options(scoring="points")`` (pagat / Parlett) must work."""
    points = tf.TWENTY_FIVE.with_options(scoring="points")
    assert points.options()["scoring"] == "points"
    assert points.options()["points_per_trick"] == 5
    assert points.options()["target"] == 25
    assert tf.TWENTY_FIVE.options()["scoring"] == "pool"


def test_with_options_joker_game() -> None:
    """RULES §2.8: a joker 45 with the joker privileged (W45)."""
    joker45 = tf.FORTY_FIVE.with_options(joker="fourth", renege_cards="5-J-JK-AH")
    assert joker45.options()["joker"] == "fourth"
    assert joker45.options()["renege_cards"] == "5-J-JK-AH"
    assert tf.FORTY_FIVE.options()["joker"] == "none"


def test_with_options_chains() -> None:
    v = tf.MAW.with_options(robbing=True).with_options(holder_rob="must")
    assert v.options()["robbing"] is True
    assert v.options()["holder_rob"] == "must"
    assert tf.MAW.options()["robbing"] is False


@pytest.mark.parametrize("preset", [p for p, _ in PRESET_OPTIONS], ids=PRESET_IDS)
def test_variant_is_hashable_and_equal_by_value(preset: Any) -> None:
    assert hash(preset) == hash(preset.with_options())
    assert preset.with_options(**dict(preset.options())) == preset


# ---------------------------------------------------------------------------------------------
# Bad with_options input classes (InvalidVariantError, a ValueError, message lists valid ones)


def test_with_options_unknown_name() -> None:
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.SPOIL_FIVE.with_options(no_such_option=1)
    msg = str(info.value)
    assert "no_such_option" in msg
    assert "jink_bonus" in msg and "renege_cards" in msg  # lists the valid names
    assert isinstance(info.value, ValueError)


def test_with_options_reserved_bidding_name_is_not_accepted() -> None:
    with pytest.raises(tf.InvalidVariantError):
        tf.SPOIL_FIVE.with_options(min_bid=15)


@pytest.mark.parametrize(
    ("name", "value", "listed"),
    [
        ("jink_bonus", "double", ["counter", "stake"]),
        ("joker", "fifth", ["none", "third", "fourth"]),
        ("renege_basis", "lead", ["led", "highest", "unconditional"]),
        ("plain_lead", "follow-or-discard", ["follow-or-trump", "follow", "free"]),
        ("top_trumps", "classic", ["modern", "cotton"]),
    ],
)
def test_with_options_bad_value(name: str, value: Any, listed: list[str]) -> None:
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.SPOIL_FIVE.with_options(**{name: value})
    msg = str(info.value)
    assert value in msg
    for valid in listed:
        assert valid in msg


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("tricks_to_win", True), ("tricks_to_win", "3"), ("ante", "2"), ("ante", False), ("dealer_ante", 2.0),
        ("natural_order", "yes"), ("natural_order", 1), ("robbing", "True"), ("jinking", 0),
        ("jink_bonus", 1), ("joker", None), ("target", "45"),
    ],
)
def test_with_options_wrong_type(name: str, value: Any) -> None:
    """OPTIONS.md: values are the strings, ints and bools as written (True is not an int, "3" is not 3)."""
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.TWENTY_FIVE.with_options(**{name: value})
    assert name in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "kw",
    [
        {"renege_cards": "5-J-JK-AH"},
        {"renege_cards": "5-J-JK-AH", "joker": "none"},
        {"joker": "third", "top_trumps": "cotton"},
        {"joker": "fourth", "top_trumps": "cotton"},
        {"joker": "third", "natural_order": True},
        {"joker": "fourth", "natural_order": True},
    ],
    ids=["jk-renege-no-joker", "jk-renege-joker-none", "third-cotton", "fourth-cotton", "third-natural",
         "fourth-natural"],
)
def test_with_options_incoherent_combination(kw: dict[str, Any]) -> None:
    """OPTIONS.md: options that only make sense together are validated together."""
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.SPOIL_FIVE.with_options(**kw)
    msg = str(info.value)
    assert any(name in msg for name in kw)
    assert dict(tf.SPOIL_FIVE.options()) == SPOIL_FIVE_OPTIONS


def test_with_options_incoherent_from_joker_base() -> None:
    """Removing the joker while the joker still reneges is also incoherent."""
    joker = tf.SPOIL_FIVE.with_options(joker="third", renege_cards="5-J-JK-AH")
    with pytest.raises(tf.InvalidVariantError):
        joker.with_options(joker="none")
    with pytest.raises(tf.InvalidVariantError):
        joker.with_options(top_trumps="cotton")


def test_find_variant_unknown() -> None:
    with pytest.raises(tf.UnknownVariantError) as info:
        tf.find_variant("nope")
    assert "nope" in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, tf.TrumpFamilyError)


@pytest.mark.parametrize("name", [5, "", "   ", None])
def test_variant_name_must_be_a_non_empty_str(name: object) -> None:
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.Variant(name=name)  # type: ignore[arg-type]
    assert str(info.value) == f"Variant.name must be a non-empty str, got {name!r}"


@pytest.mark.parametrize("aliases", [["house"], ("house", 5), "house", ("",)])
def test_variant_aliases_must_be_a_tuple_of_str(aliases: object) -> None:
    with pytest.raises(tf.InvalidVariantError) as info:
        tf.Variant(name="House", aliases=aliases)  # type: ignore[arg-type]
    assert str(info.value) == f"Variant.aliases must be a tuple of non-empty str, got {aliases!r}"
    assert tf.Variant(name="House", aliases=("house",)).aliases == ("house",)


def test_variant_name_is_checked_by_evolve_too() -> None:
    with pytest.raises(tf.InvalidVariantError, match="Variant.name must be a non-empty str"):
        attrs.evolve(tf.SPOIL_FIVE, name=5)  # type: ignore[arg-type]


# -- options that change nothing (Variant.unused_options) ------------------------------------

POINTS_ONLY = ("points_per_trick", "best_trump_bonus", "target", "five_tricks", "target_tie")
POOL_ONLY = ("tricks_to_win", "two_trick_win_above", "ante", "dealer_ante", "spoil_ante",
             "jinking", "jink_bonus")
ROB_OPTIONS = ("holder_rob", "dealer_rob", "unrobbed_ace", "rob_timing")


@pytest.mark.parametrize(("variant", "players", "unused"), [
    # Maw: no robbing (RULES.md §2.1.7 (3)), a pool game, fiving only for two
    (tf.MAW, 4, (*ROB_OPTIONS, *POINTS_ONLY, "fiving", "misdeal")),
    # Spoil Five with two players: fiving counts, no partnership fits two
    (tf.SPOIL_FIVE, 2, (*POINTS_ONLY, "partnerships", "misdeal")),
    (tf.SPOIL_FIVE, 4, (*POINTS_ONLY, "fiving", "misdeal")),
    (tf.SPOIL_FIVE, 5, (*POINTS_ONLY, "partnerships", "fiving", "misdeal")),
    # Forty-Five: a points game, so every pool option (jinking included) is unused
    (tf.FORTY_FIVE, 4, (*POOL_ONLY, "fiving", "misdeal")),
    (tf.FORTY_FIVE, 6, (*POOL_ONLY, "fiving", "misdeal")),
    (tf.TWENTY_FIVE.with_options(scoring="points"), 4, (*POOL_ONLY, "fiving", "misdeal")),
    (tf.TWENTY_FIVE, 3, (*POINTS_ONLY, "partnerships", "fiving", "misdeal")),
], ids=["maw-4", "sf-2", "sf-4", "sf-5", "45-4", "45-6", "25-points-4", "25-3"])
def test_unused_options_of_the_presets(variant: tf.Variant, players: int,
                                       unused: tuple[str, ...]) -> None:
    """OPTIONS.md: "With scoring="points" the pool options are unused, and the reverse";
    fiving is for two players (RULES.md §2.1.7 (6)); misdeal never happens."""
    assert variant.unused_options(players) == tuple(n for n in OPTION_SPECS if n in unused)


@pytest.mark.parametrize(("changes", "players", "names"), [
    ({"jinking": False}, 4, ("jink_bonus",)),  # RULES.md §1.6
    ({"tricks_to_win": 5}, 4, ("jinking", "jink_bonus")),  # no claim before the last trick
    ({"tricks_to_win": 2}, 4, ("two_trick_win_above",)),  # RULES.md §3 row 18
    ({"tricks_to_win": 1}, 4, ("two_trick_win_above",)),
    ({"robbing": False}, 4, ROB_OPTIONS),  # RULES.md §1.5
    ({"natural_order": True}, 4, ("top_trumps", "plain_aces", "renege_cards", "renege_basis",
                                  "multi_privileged", "ah_lead_requires_heart")),
    ({"trump_lead": "free"}, 4, ("renege_cards", "renege_basis", "multi_privileged",
                                 "ah_lead_requires_heart")),  # RULES.md §1.4.3
    ({"renege_cards": "5"}, 4, ("renege_basis", "multi_privileged")),  # §3 rows 4-6
    ({}, 3, ("partnerships", "fiving")),
    ({}, 7, ("partnerships", "fiving")),
])
def test_unused_options_follow_the_other_options(changes: dict[str, Any], players: int,
                                                  names: tuple[str, ...]) -> None:
    variant = tf.SPOIL_FIVE.with_options(**changes)
    assert set(names) <= set(variant.unused_options(players))
    if changes:  # the change made them unused
        assert not set(names) & set(tf.SPOIL_FIVE.unused_options(players))
    _assert_changes_nothing(variant, players, names, seed=players)


def _assert_changes_nothing(variant: tf.Variant, players: int, names: typing.Iterable[str],
                            seed: int) -> None:
    """Any other valid value of each of ``names`` plays the same seeded game."""
    baseline = _story(variant, players, seed)
    for name in names:
        for value in _alternatives(name):
            try:
                other = variant.with_options(**{name: value})
                other.table.side_count(players)
            except (tf.InvalidVariantError, tf.PlayerCountError):
                continue
            assert _story(other, players, seed) == baseline, (name, value)


@pytest.mark.parametrize(("changes", "players", "name"), [
    ({"tricks_to_win": 5, "two_trick_win_above": 3}, 4, "jinking"),  # two tricks win at 4
    ({"tricks_to_win": 3}, 4, "two_trick_win_above"),  # 3 may become 2
    ({}, 2, "fiving"),
    ({}, 4, "partnerships"),
    ({}, 6, "partnerships"),
    ({}, 9, "partnerships"),  # threes
    ({"robbing": True}, 4, "unrobbed_ace"),
    ({"holder_rob": "must"}, 4, "unrobbed_ace"),  # a holder may still forget to rob
])
def test_options_that_count_are_not_reported(changes: dict[str, Any], players: int,
                                             name: str) -> None:
    assert name not in tf.SPOIL_FIVE.with_options(**changes).unused_options(players)


def test_a_value_with_no_effect_at_this_table_is_not_an_unused_option() -> None:
    """two_trick_win_above=5 does nothing at four players, but 3 would: it is used."""
    house = tf.MAW.with_options(two_trick_win_above=5)
    assert "two_trick_win_above" not in house.unused_options(4)


def test_without_players_an_option_is_unused_at_every_table_size() -> None:
    for variant in (*tf.VARIANTS.values(), tf.SPOIL_FIVE.with_options(partnerships="pairs")):
        sizes = [n for n in range(2, 11) if _suits(variant, n)]
        every = set.intersection(*(set(variant.unused_options(n)) for n in sizes))
        assert set(variant.unused_options()) == every, variant
    small = attrs.evolve(tf.SPOIL_FIVE, table=attrs.evolve(tf.SPOIL_FIVE.table, max_players=3))
    assert "partnerships" in small.unused_options()
    assert small.unused_option_reasons()["partnerships"].startswith("with 2 to 3 players: ")
    assert "fiving" not in small.unused_options()


def _suits(variant: tf.Variant, players: int) -> bool:
    try:
        variant.table.side_count(players)
    except tf.PlayerCountError:
        return False
    return True


def test_unused_option_reasons_say_why_with_the_source() -> None:
    reasons = tf.SPOIL_FIVE.unused_option_reasons(players=4)
    assert list(reasons) == list(tf.SPOIL_FIVE.unused_options(4))
    assert reasons["fiving"] == ("with 4 players: fiving is played by two players only "
                                 "(RULES.md §2.1.7 (6))")
    assert "OPTIONS.md" in reasons["target"] and reasons["target"].startswith("in a pool game")
    assert "RULES.md §1.5" in tf.MAW.unused_option_reasons(4)["holder_rob"]


@pytest.mark.parametrize("players", [1, 11, 5])
def test_unused_options_need_a_table_the_variant_allows(players: int) -> None:
    variant = tf.SPOIL_FIVE.with_options(partnerships="pairs")
    with pytest.raises(tf.PlayerCountError):
        variant.unused_options(players)


def _alternatives(name: str) -> list[Any]:
    """A few valid values of option ``name``: every choice, both flags, some ints, None."""
    spec = OPTION_SPECS[name][1]
    if spec.kind == "choice":
        values: list[Any] = list(spec.values)
    elif spec.kind == "flag":
        values = [False, True]
    else:
        top = spec.maximum if spec.maximum is not None else spec.minimum + 6
        values = sorted({spec.minimum, spec.minimum + 1, 2, 3, top}
                        & set(range(spec.minimum, top + 1)))
    return values + ([None] if spec.optional else [])


def _story(variant: tf.Variant, players: int, seed: int) -> list[Any]:
    """Every state's legal actions and events of a seeded game of two hands, the actions
    chosen by one seeded random source."""
    chooser = random.Random(seed)
    state = tf.new_game(variant, players=players, seed=seed, hands=2)
    story: list[Any] = [state.events]
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(chooser.choice(legal))
        story.append((legal, state.events, state.chips, state.scores, state.pool))
    return story


@settings(max_examples=max(5, settings.default.max_examples // 10), deadline=None)
@given(data=st.data())
def test_changing_an_unused_option_changes_nothing(data: st.DataObject) -> None:
    """The definition, checked by play: a game with any other valid value of an unused
    option has the same legal actions, events, chips and scores, step by step."""
    variant = data.draw(game_variants(), label="variant")
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**16), label="seed")
    _assert_changes_nothing(variant, players, variant.unused_options(players), seed)


def test_messages_write_option_values_as_they_are_typed() -> None:
    """Newcomer trial: ``draw_limit`` showed as ``((5, 4), (6, 3))`` in messages; an option
    value in a message is the text the option reads (``5:4,6:3``), which reads back."""
    from trumpfamily._options import option_text
    from trumpfamily.narrate import variant_title
    from trumpfamily.variants import BIDDING_OPTION_SPECS

    variant = tf.AUCTION_45.with_options(draw_limit={6: 3, 5: 4}, min_bid_near_end=(95, 20))
    title = variant_title(variant)
    assert title == "Auction Forty-Fives with min_bid_near_end=95,20, draw_limit=5:4,6:3"
    for name in ("draw_limit", "min_bid_near_end"):
        spec = BIDDING_OPTION_SPECS[name][1]
        value = getattr(variant.bidding, name)
        assert spec.parse(option_text(value)) == value
    with pytest.raises(tf.PlayerCountError) as caught:
        tf.new_hand(tf.NEWFOUNDLAND_120S.with_options(partnerships="none"), players=5, seed=1)
    assert "draw_limit=6:3)" in str(caught.value)
    assert "((6, 3),)" not in str(caught.value)


def test_a_player_count_out_of_range_names_the_game_and_its_rule() -> None:
    with pytest.raises(tf.PlayerCountError) as caught:
        tf.new_hand(tf.AUCTION_45, players=7, seed=1)
    assert str(caught.value) == "players=7: Auction Forty-Fives is for 2 to 6 players (BIDDING.md §8)"
    with pytest.raises(tf.PlayerCountError) as caught:
        tf.new_game(tf.AUCTION_45, players=7, seed=1)
    assert "Auction Forty-Fives is for 2 to 6 players (BIDDING.md §8)" in str(caught.value)
    with pytest.raises(tf.PlayerCountError) as caught:
        tf.new_hand(tf.SPOIL_FIVE, players=11, seed=1)
    assert str(caught.value) == ("players=11: Spoil Five is for 2 to 10 players "
                                 "(OPTIONS.md player counts)")
