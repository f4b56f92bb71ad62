"""Hand records and replay (issue 3: records with cattrs; bad records name the failing
action)."""

from __future__ import annotations

import json
import random

import pytest

import trumpfamily as tf
from trumpfamily.records import CONVERTER, FORMAT, HandRecord


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


def test_replay_of_a_custom_variant() -> None:
    custom = tf.Variant(
        name="Kitchen rules",
        ranking=tf.SPOIL_FIVE.ranking,
        scoring=tf.SPOIL_FIVE.scoring.__class__(ante=3, dealer_ante=3),
    )
    state = played(custom, 3, seed=2)
    again = tf.replay(state.record())
    assert again == state and again.variant.name == "Kitchen rules"


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
    "bad",
    [
        {"type": "Play", "card": "ZZ"},
        {"type": "Dance"},
        {"type": "Play"},
        {"type": "Play", "card": 5},
        "Play 5H",
    ],
)
def test_malformed_action(bad: object) -> None:
    rec = played(tf.SPOIL_FIVE, 3, seed=6).record()
    rec["actions"].insert(1, bad)
    with pytest.raises(tf.ReplayError, match="action 1 .* malformed") as err:
        tf.replay(rec)
    assert err.value.index == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"options": {"jink_bonus": "lots"}}, "a valid deal"),
        ({"players": 11}, "a valid deal"),
        ({"dealer": 9}, "a valid deal"),
        ({"format": 99}, "format 99"),
        ({"extra": 1}, "malformed"),
        ({"deck": "5H"}, "malformed"),
        ({"actions": "Play"}, "must be a list"),
    ],
)
def test_malformed_record(change: dict[str, object], message: str) -> None:
    rec = played(tf.SPOIL_FIVE, 3, seed=6, steps=2).record()
    rec.update(change)
    with pytest.raises(tf.ReplayError, match=message) as err:
        tf.replay(rec)
    assert err.value.index is None


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
