"""Hand records and replay (issue 3: records with cattrs; bad records name the failing
action)."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import trumpfamily as tf
from trumpfamily.convert import CONVERTER, FORMAT, HandRecord


def played(variant: tf.Variant, players: int, seed: int, steps: int | None = None) -> tf.HandState:
    rng = random.Random(seed)
    state = tf.new_hand(variant, players=players, dealer=seed % players, seed=seed)
    n = 0
    while not state.is_over and (steps is None or n < steps):
        state = state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


def test_record_is_plain_json_data() -> None:
    state = played(tf.SPOIL_FIVE, 4, seed=1, steps=6)
    rec = state.record()
    assert json.loads(json.dumps(rec)) == rec
    assert rec["format"] == FORMAT and rec["variant"] == "Spoil Five"
    assert rec["options"] == tf.SPOIL_FIVE.options()
    assert rec["players"] == 4 and rec["dealer"] == 1
    assert rec["deck"] == [str(c) for c in state.deck]
    assert len(rec["actions"]) == 6 and all("type" in a for a in rec["actions"])


def test_actions_are_tagged_dicts() -> None:
    assert CONVERTER.unstructure(tf.Play("5H")) == {"card": "5H"}
    data = CONVERTER.unstructure(
        HandRecord("x", {}, 2, 0, [], [tf.Play("5H"), tf.Rob("8C"), tf.DeclineRob()])
    )
    assert data["actions"] == [
        {"type": "Play", "card": "5H"},
        {"type": "Rob", "discard": "8C"},
        {"type": "DeclineRob"},
    ]


@pytest.mark.parametrize(
    "variant",
    [
        *tf.VARIANTS.values(),
        tf.FORTY_FIVE.with_options(joker="fourth", renege_cards="5-J-JK-AH"),
        tf.SPOIL_FIVE.with_options(
            partnerships="pairs-at-four", holder_rob="must", rob_timing="before-lead"
        ),
        tf.TWENTY_FIVE.with_options(scoring="points"),
    ],
    ids=lambda v: v.name,
)
@pytest.mark.parametrize("players", [2, 4])
def test_replay_rebuilds_an_equal_state(variant: tf.Variant, players: int) -> None:
    for seed in range(8):
        for steps in (0, 3, None):
            state = played(variant, players, seed, steps)
            again = tf.replay(json.loads(json.dumps(state.record())))
            assert again == state
            assert again.legal_actions() == state.legal_actions()
            assert again.outcome == state.outcome


JOKER_45 = tf.FORTY_FIVE.with_options(joker="third")


@pytest.mark.parametrize(
    ("variant", "hands", "replacement", "first"),
    [
        # the dealer takes the joker, then must rob the Ace turned after it
        (JOKER_45, {0: "KD 2D 3D 4D 5D", 2: "2H 3H 4H 5H 6H"}, "AC",
         [tf.Rob("2H"), tf.Rob("3H")]),
        # the dealer takes the joker; the holder of AC robs 7C at his first turn
        (JOKER_45, {0: "AC 2D 3D 4D 5D", 2: "2H 3H 4H 5H 6H"}, "7C",
         [tf.Rob("2H"), tf.Rob("5D")]),
        # ... or forgets, and his Ace is demoted
        (JOKER_45, {0: "AC 2D 3D 4D 5D", 2: "2H 3H 4H 5H 6H"}, "7C",
         [tf.Rob("2H"), tf.Play("2D")]),
        # dealer_rob "may" and before-lead timing: the dealer keeps his hand
        (JOKER_45.with_options(dealer_rob="may", rob_timing="before-lead"),
         {0: "KD 2D 3D 4D 5D", 2: "2H 3H 4H 5H 6H"}, "AC", [tf.Rob("2H"), tf.DeclineRob()]),
    ],
    ids=["ace-after-joker", "holder-robs", "holder-forgets", "dealer-keeps"],
)
def test_replay_of_robs_after_a_turned_joker(
    variant: tf.Variant, hands: dict[int, str], replacement: str, first: list[tf.Action]
) -> None:
    """RULES.md §1.5, §2.8, EX-53: after the dealer takes a turned-up joker, the card turned
    next is robbed like a first turn-up; the record of the two exchanges replays at every
    step, to the end of the hand."""
    deck = tf.stacked_deck(
        variant, players=3, dealer=2, hands=hands, turn_up="JK", stock=replacement
    )
    state = tf.new_hand(variant, players=3, dealer=2, deck=deck)
    for action in first:
        state = state.apply(action)
    assert state.joker_discard == tf.Card.parse("2H")
    rng = random.Random(0)
    while True:
        again = tf.replay(json.loads(json.dumps(state.record())))
        assert again == state and again.legal_actions() == state.legal_actions()
        assert (again.discard, again.joker_discard, again.robbed_by, again.demoted) == (
            state.discard, state.joker_discard, state.robbed_by, state.demoted)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert again.outcome == state.outcome
    assert [a["type"] for a in state.record()["actions"][:2]] == [
        type(a).__name__ for a in first]


def test_replay_of_a_custom_variant() -> None:
    """A custom variant (its own name) is not a preset: its record replays when the variant
    is given, and only if the record's name and options match it exactly."""
    custom = tf.Variant(
        name="Kitchen rules",
        ranking=tf.SPOIL_FIVE.ranking,
        scoring=tf.SPOIL_FIVE.scoring.__class__(ante=3, dealer_ante=3),
    )
    state = played(custom, 3, seed=2)
    rec = state.record()
    with pytest.raises(tf.ReplayError, match=r"'Kitchen rules' is not a preset.*variant="):
        tf.replay(rec)
    again = tf.replay(rec, variant=custom)
    assert again == state and again.variant is custom
    with pytest.raises(tf.ReplayError, match=r"ante=3 \(variant: 1\)"):
        tf.replay(rec, variant=attrs.evolve(custom, scoring=tf.SPOIL_FIVE.scoring))
    with pytest.raises(tf.ReplayError, match="not of the variant given"):
        tf.replay(rec, variant=tf.SPOIL_FIVE)


def test_tampered_deck_names_the_failing_action() -> None:
    state = played(tf.MAW, 3, seed=4)
    rec = state.record()
    first = rec["actions"][0]["card"]
    i = rec["deck"].index(first)
    j = next(
        k
        for k, c in enumerate(rec["deck"])
        if c not in [a.get("card") for a in rec["actions"]] and k > 20
    )
    rec["deck"][i], rec["deck"][j] = rec["deck"][j], rec["deck"][i]
    with pytest.raises(tf.ReplayError, match="action 0 .* does not replay") as err:
        tf.replay(rec)
    assert err.value.index == 0


def test_deck_with_a_missing_card() -> None:
    rec = played(tf.MAW, 3, seed=4).record()
    rec["deck"] = rec["deck"][:-1]
    with pytest.raises(tf.ReplayError, match="missing") as err:
        tf.replay(rec)
    assert err.value.index is None


def test_illegal_action_in_the_middle() -> None:
    rec = played(tf.SPOIL_FIVE, 3, seed=6).record()
    rec["actions"][2] = {"type": "Claim"}
    with pytest.raises(tf.ReplayError, match=r"action 2 \(Claim\(\)\) does not replay") as err:
        tf.replay(rec)
    assert err.value.index == 2


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"type": "Play", "card": "ZZ"}, r"field 'card': cannot read a card from 'ZZ'"),
        ({"type": "Dance"}, r"unknown action type 'Dance' \(expected one of Play, Rob, "),
        ({"type": "Fold", "amount": 20}, r"unknown action type 'Fold'"),
        ({"type": 3}, r"unknown action type 3"),
        ({"card": "5H"}, r"missing field 'type' \(one of Play, Rob, "),
        ({"type": "Play"}, r"missing field 'card' \(Play has 'card'\)"),
        ({"type": "Rob", "card": "5H"}, r"missing field 'discard'"),
        ({"type": "Play", "card": 5}, r"field 'card': expected card text such as '5H', got int 5"),
        ({"type": "Play", "card": "5H", "seat": 1}, r"unexpected field\(s\) 'seat'"),
        ({"type": "Claim", "card": "5H"}, r"unexpected field\(s\) 'card' \(Claim has no fields"),
        ("Play 5H", r"an action must be a mapping .* got str 'Play 5H'"),
        (None, r"an action must be a mapping .* got NoneType None"),
    ],
)
def test_malformed_action_says_what_is_wrong(bad: object, message: str) -> None:
    rec = played(tf.SPOIL_FIVE, 3, seed=6).record()
    rec["actions"].insert(1, bad)
    with pytest.raises(tf.ReplayError, match=r"^action 1: " + message) as err:
        tf.replay(rec)
    assert err.value.index == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"options": {**tf.SPOIL_FIVE.options(), "jink_bonus": "lots"}}, "jink_bonus='lots'"),
        ({"players": 11}, "a valid deal"),
        ({"dealer": 9}, "a valid deal"),
        ({"format": 99}, "format 99"),
        ({"extra": 1}, r"unexpected field\(s\) 'extra'"),
        ({"deck": "5H"}, r"field 'deck': expected a list of card texts, got str '5H'"),
        ({"deck": ["5H", 7]}, r"field 'deck': item 1: expected card text"),
        ({"actions": "Play"}, r"field 'actions': expected a list"),
        # strict types: what JSON writes for an int is an int
        ({"players": "4"}, r"field 'players': expected an int, got str '4'"),
        ({"players": 4.0}, r"field 'players': expected an int, got float 4.0"),
        ({"players": 4.7}, r"field 'players': expected an int, got float 4.7"),
        ({"players": True}, r"field 'players': expected an int, got bool True"),
        ({"dealer": False}, r"field 'dealer': expected an int, got bool False"),
        ({"dealer": "0"}, r"field 'dealer': expected an int, got str '0'"),
        ({"dealer": 0.0}, r"field 'dealer': expected an int, got float 0.0"),
        ({"format": "1"}, r"field 'format': expected an int, got str '1'"),
        ({"format": True}, r"field 'format': expected an int, got bool True"),
        # the variant: a preset's name, as a string
        ({"variant": "Bridge"}, r"variant 'Bridge' is not a preset; known names: Maw, "),
        ({"variant": 45}, r"field 'variant': expected a string, got int 45"),
        # options: every one of them, each of its exact type
        ({"options": {}}, r"every option .*: missing top_trumps, joker, "),
        ({"options": [1]}, r"field 'options': expected a mapping"),
        ({"options": {**tf.SPOIL_FIVE.options(), "house": 1}}, r"unknown 'house'"),
        ({"options": {**tf.SPOIL_FIVE.options(), "robbing": 1}}, r"option robbing=1 is not valid"),
        ({"options": {**tf.SPOIL_FIVE.options(), "ante": 1.0}}, r"option ante=1.0 is not valid"),
        ({"options": {**tf.SPOIL_FIVE.options(), "ante": True}}, r"option ante=True is not valid"),
        (
            {"options": {**tf.SPOIL_FIVE.options(), "renege_cards": "5-J-JK-AH"}},
            r"options are not valid: option renege_cards='5-J-JK-AH' needs a joker",
        ),
    ],
)
def test_malformed_record(change: dict[str, object], message: str) -> None:
    good = played(tf.SPOIL_FIVE, 3, seed=6, steps=2).record()
    assert tf.replay(good) is not None  # a good record first: nothing may be cached from it
    rec = {**good, **change}
    with pytest.raises(tf.ReplayError, match=message) as err:
        tf.replay(rec)
    assert err.value.index is None


@pytest.mark.parametrize("field", ["format", "actions", "variant", "options", "players", "deck"])
def test_every_field_is_required(field: str) -> None:
    rec = played(tf.SPOIL_FIVE, 3, seed=6, steps=2).record()
    del rec[field]
    with pytest.raises(tf.ReplayError, match=f"field '{field}': missing"):
        tf.replay(rec)


def test_option_types_do_not_depend_on_what_was_replayed_before() -> None:
    """1 == 1.0 == True in Python: no cache may let a bad type through because an equal
    value of the right type was replayed earlier (in either order)."""
    good = played(tf.SPOIL_FIVE.with_options(ante=1, robbing=True), 3, seed=6, steps=2).record()
    for name, value in (("robbing", 1), ("ante", 1.0), ("ante", True), ("dealer_ante", 2.0)):
        bad = {**good, "options": {**good["options"], name: value}}
        for _ in range(2):
            assert tf.replay(good).variant is tf.SPOIL_FIVE
            with pytest.raises(tf.ReplayError, match=f"option {name}={value!r} is not valid"):
                tf.replay(bad)


def test_a_preset_alias_replays_as_the_preset() -> None:
    rec = played(tf.FORTY_FIVE, 3, seed=6, steps=2).record()
    assert tf.replay({**rec, "variant": "45s"}).variant is tf.FORTY_FIVE


def test_records_do_not_show_attrs_markers_in_pydoc() -> None:
    """pydoc printed the docstrings of Play and Rob twice: attrs.resolve_types (called by
    cattrs) left ``__attrs_types_resolved__``, a class attribute holding the class."""
    tf.replay(played(tf.SPOIL_FIVE, 3, seed=6).record())
    for cls in (tf.Play, tf.Rob, tf.Card, HandRecord):
        assert "__attrs_types_resolved__" not in vars(cls), cls


def test_not_a_mapping() -> None:
    with pytest.raises(tf.ReplayError, match="mapping"):
        tf.replay([1, 2])  # type: ignore[arg-type]


def test_replayed_preset_keeps_the_preset_object() -> None:
    again = tf.replay(played(tf.SPOIL_FIVE, 3, seed=1).record())
    assert again.variant is tf.SPOIL_FIVE


def test_example_replay_record_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/replay_record.py: save, replay, and a tampered record refused."""
    import runpy
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "replay_record.py"
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "equal to the original -> True" in out and "tampered record refused at action" in out


def test_the_maija_json_leaves_no_attrs_markers() -> None:
    """The Maija games' converter (trumpfamily.maija.jsonio) registers hooks on Card too:
    after a round trip no class holds the marker (pydoc would print its docstring twice)."""
    from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
    from trumpfamily.maija import jsonio as maija_json

    hand = new_maija_hand(MUSTAMAIJA, 3, seed=1)
    view, record = hand.view(0), hand.record()
    assert maija_json.maija_from_json(maija_json.maija_to_json(view), type(view)) == view
    assert maija_json.maija_from_json(maija_json.maija_to_json(record), type(record)) == record
    for cls in (tf.Card, type(view), type(record), *maija_json._TAGGED.values()):
        assert "__attrs_types_resolved__" not in vars(cls), cls
