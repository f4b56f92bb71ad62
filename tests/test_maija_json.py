"""``tf.to_json`` / ``tf.from_json`` for every Maija value (MAIJA.md §J): exact round trips,
and hostile data refused with a DecodeError only, in bounded time and message (the policy
of test_hostile_input.py, whose hostile values and bounds are reused)."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from test_hostile_input import _AT_EVERY_PLACE, MIB, _paths, _with, bounded, hostile, refused

import trumpfamily as tf
from trumpfamily.convert import JSON_TYPES
from trumpfamily.maija import (
    KITUMAIJA,
    MUSTAMAIJA,
    SPARDAME,
    MaijaAction,
    MaijaHand,
    MaijaRecord,
    MaijaVariant,
    MaijaView,
    new_maija_hand,
)
from trumpfamily.maija.events import MaijaEvent
from trumpfamily.maija.jsonio import MAIJA_JSON_TYPES, maija_to_json
from trumpfamily.maija.players import MaijaRuleOfThumbPlayer


def _hands() -> list[MaijaHand]:
    """Every state of a few hands of each preset, played by the rule of thumb."""
    out = []
    for variant, players, seed in ((MUSTAMAIJA, 3, 1), (SPARDAME, 4, 2), (KITUMAIJA, 2, 3),
                                   (KITUMAIJA.with_options(pile_take="whole-pile"), 3, 1),
                                   (MUSTAMAIJA.with_options(trump_timing="before-play"), 5, 2)):
        hand = new_maija_hand(variant, players, seed=seed)
        bots = [MaijaRuleOfThumbPlayer() for _ in range(players)]
        out.append(hand)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand = hand.apply(bots[seat].choose(hand.view(seat)))
            out.append(hand)
    return out


@functools.cache
def states() -> tuple[MaijaHand, ...]:
    return tuple(_hands())


def test_every_value_round_trips_exactly_through_json_text() -> None:
    kinds: set[str] = set()
    for i, hand in enumerate(states()):
        values: list[tuple[Any, Any]] = [(hand.events, tuple[MaijaEvent, ...]),
                                         (hand.legal_actions(), tuple[MaijaAction, ...]),
                                         (hand.record(), MaijaRecord),
                                         (hand.variant, MaijaVariant)]
        values += [(hand.view(s), MaijaView) for s in range(hand.players)]
        values += [(e, type(e)) for e in hand.events] + [(e, MaijaEvent) for e in hand.events]
        values += [(a, type(a)) for a in hand.legal_actions()[:3]]
        values += [(a, MaijaAction) for a in hand.legal_actions()[:3]]
        for value, cls in values:
            data = json.loads(json.dumps(tf.to_json(value)))
            assert data == maija_to_json(value)  # the one form, whichever function writes it
            assert tf.from_json(data, cls) == value, (i, cls)
            kinds.add(type(value).__name__)
        if i % 25 == 0 or hand.is_over:  # a hand is its record, replayed
            back = tf.from_json(json.loads(json.dumps(tf.to_json(hand))), MaijaHand)
            assert back.record() == hand.record() and back.events == hand.events
            assert [back.view(s) for s in range(hand.players)] == [
                hand.view(s) for s in range(hand.players)]
    named = {name for name, t in MAIJA_JSON_TYPES.items() if isinstance(t, type)}
    assert named - kinds == {"MaijaHand"}  # every class met (the hand is checked above)


def test_the_forms() -> None:
    assert tf.to_json(tf.find_variant("Kitumaija", family="maija"))["options"]["trump"] == "D"
    assert tf.to_json(MaijaAction.__args__[1](("9H/7H",))) == {  # type: ignore[attr-defined]
        "type": "Beat", "pairs": [["9H", "7H"]]}
    assert tf.from_json({"type": "TakeUp"}, MaijaAction) == tf.from_json(
        {"type": "TakeUp"}, MAIJA_JSON_TYPES["TakeUp"])
    hand = states()[3]
    assert tf.to_json(hand) == tf.to_json(hand.record())


def test_the_wrong_class_and_bad_records_are_decode_errors() -> None:
    with pytest.raises(tf.DecodeError, match="unknown or unexpected type 'TakeUp'"):
        tf.from_json({"type": "TakeUp"}, MAIJA_JSON_TYPES["Lead"])
    with pytest.raises(tf.DecodeError, match="card") as info:
        tf.from_json({"type": "Lead", "cards": ["7X"]}, MaijaAction)
    assert info.value.path == "cards[0]"
    with pytest.raises(tf.DecodeError) as info:
        tf.from_json({**tf.to_json(states()[5].view(0)), "stock": "37"}, MaijaView)
    assert info.value.path == "stock"
    record = tf.to_json(states()[40])
    bad = {**record, "actions": [*record["actions"][:3], "lead 7X"]}
    with pytest.raises(tf.DecodeError, match="MaijaHand.*does not replay"):
        tf.from_json(bad, MaijaHand)
    assert tf.from_json(bad, MaijaRecord).actions[-1] == "lead 7X"  # the form is fine
    with pytest.raises(tf.DecodeError, match="field .actions.: 20,001 items given; a list here holds at most 20,000"):
        tf.from_json({**record, "actions": ["take"] * 20_001}, MaijaRecord)
    with pytest.raises(tf.DecodeError, match="unknown option 'nope'"):
        tf.from_json({"name": "Mustamaija", "options": {"nope": 1}}, MaijaVariant)


def test_the_registry_of_the_other_games_is_unchanged() -> None:
    # read by their class (the names Dealt and Drew are the other games' events too)
    assert not any(t in JSON_TYPES.values() for t in MAIJA_JSON_TYPES.values())
    with pytest.raises(tf.InvalidArgumentError):
        tf.to_json(MaijaRuleOfThumbPlayer())


@functools.cache
def samples() -> dict[str, Any]:
    """A valid JSON value for every name of MAIJA_JSON_TYPES."""
    out: dict[str, Any] = {}
    for hand in states():
        for event in hand.events:
            out.setdefault(type(event).__name__, tf.to_json(event))
            out.setdefault("MaijaEvent", tf.to_json(event))
        for action in hand.legal_actions():
            out.setdefault(type(action).__name__, tf.to_json(action))
        out.setdefault("MaijaAction", tf.to_json(hand.legal_actions()[0]) if
                       hand.legal_actions() else None)
    defend = next(h for h in states() if h.phase == "defend" and h.beaten)
    out["MaijaView"] = tf.to_json(defend.view(defend.to_act or 0))
    out["MaijaRecord"] = tf.to_json(states()[30].record())
    out["MaijaHand"] = tf.to_json(states()[10])
    out["MaijaVariant"] = tf.to_json(KITUMAIJA)
    assert set(out) == set(MAIJA_JSON_TYPES), set(MAIJA_JSON_TYPES) - set(out)
    for name, data in out.items():  # every sample is valid: the test starts from truth
        tf.from_json(data, MAIJA_JSON_TYPES[name])
    return out


@pytest.mark.parametrize("name", list(MAIJA_JSON_TYPES))
def test_every_hostile_value_of_every_type_is_a_decode_error(name: str) -> None:
    cls = MAIJA_JSON_TYPES[name]
    for label, value in hostile().items():
        error = bounded(lambda value=value: tf.from_json(value, cls))
        assert isinstance(error, tf.DecodeError), (label, error)
    for label in ("1 MiB list of plays", "list nested 100,000 deep", "1 MiB list of cards"):
        value = hostile()[label]
        if cls is not MaijaHand:
            error = refused(lambda value=value: tf.from_json(
                value, tuple[cls, ...]))  # type: ignore[valid-type]
            assert isinstance(error, tf.DecodeError), (label, error)


@pytest.mark.parametrize("name", list(MAIJA_JSON_TYPES))
def test_hostile_values_at_every_place_are_decode_errors(name: str) -> None:
    cls = MAIJA_JSON_TYPES[name]
    sample = samples()[name]
    places = list(_paths(sample))
    labels = list(hostile()) if len(places) <= 12 else _AT_EVERY_PLACE
    for path in places[1:]:
        for label in labels:
            data = _with(sample, path, hostile()[label])
            error = bounded(lambda data=data: tf.from_json(data, cls))
            assert error is None or isinstance(error, tf.DecodeError), (path, label, error)
    if isinstance(sample, dict):
        for label in ("list nested 100,000 deep", "1 MiB of text", "int of 5,000 digits"):
            data = {**sample, "extra": hostile()[label]}
            assert isinstance(refused(lambda data=data: tf.from_json(data, cls)), tf.DecodeError)
        data = {**sample, **{f"extra{i}": i for i in range(100_000)}, "x" * MIB: 1}
        error = refused(lambda: tf.from_json(data, cls))
        assert isinstance(error, tf.DecodeError) and f"{len(data):,} fields given" in str(error)
