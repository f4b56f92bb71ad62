"""JSON at the edge (issue: ``to_json`` / ``from_json``): every value a server sends or
receives has one JSON form, written by the one converter of ``trumpfamily.convert``; the
round trip is exact, and malformed data is refused with a ``DecodeError`` naming the
field, never a bare exception.

The round trip is checked with hypothesis over random hands and games of every preset
with random options (tests/test_stateful.py ``game_variants``): every view of every seat
after every action, every event, every outcome, and the records.
"""

from __future__ import annotations

import copy
import json
import random
import re
import typing
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_stateful import _players_for, game_variants

import trumpfamily as tf
from trumpfamily.convert import FORMAT, DealRecord, GameRecord, HandRecord
from trumpfamily.events import AnyEvent, Event, GameEvent
from trumpfamily.outcomes import GameContext

#: The heavy properties run a fraction of the profile's examples (a whole hand or game
#: each, every view of every seat after every action).
HEAVY_HAND = settings(max_examples=max(10, settings().max_examples // 5))
HEAVY_GAME = settings(max_examples=max(5, settings().max_examples // 8))


def json_through(data: Any) -> Any:
    """``data`` after ``json.dumps`` and ``json.loads``, checking that it is JSON-ready:
    the text reads back equal (lists, not tuples; str keys; no NaN)."""
    text = json.dumps(data, allow_nan=False)
    back = json.loads(text)
    assert back == data, "to_json must give plain JSON data (lists, str keys)"
    return back


def round_trip(value: Any, cls: Any = None) -> Any:
    """``from_json(to_json(value), cls)``, through JSON text; it must equal ``value``."""
    again = tf.from_json(json_through(tf.to_json(value)), type(value) if cls is None else cls)
    assert again == value
    assert type(again) is type(value)
    return again


_HAND_EVENTS = frozenset(typing.get_args(Event))


def check_state(state: tf.HandState | tf.GameState, players: int) -> None:
    """Every view of every seat, and every event (as its class and as the unions)."""
    for seat in range(players):
        view = state.view(seat)
        again = round_trip(view)
        assert again.variant == view.variant
    for event in state.events:
        round_trip(event)
        round_trip(event, AnyEvent)
        round_trip(event, Event if type(event) in _HAND_EVENTS else GameEvent)
    round_trip(state.legal_actions(), tuple[tf.Action, ...])
    assert tf.from_json(tf.to_json(state.events), tuple[AnyEvent, ...]) == state.events


@HEAVY_HAND
@given(variant=game_variants(), data=st.data(), seed=st.integers(0, 2**32))
def test_every_view_event_outcome_and_record_of_a_hand_round_trips(
    variant: tf.Variant, data: st.DataObject, seed: int
) -> None:
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    rng = random.Random(seed)
    state = tf.new_hand(variant, players=players, dealer=seed % players, seed=seed)
    while True:
        check_state(state, players)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.outcome is not None
    round_trip(state.outcome)
    record = state.record()
    typed = tf.from_json(record, HandRecord)
    assert tf.to_json(typed) == record
    round_trip(typed)
    assert tf.replay(json_through(record)) == state


@HEAVY_GAME
@given(variant=game_variants(), data=st.data(), seed=st.integers(0, 2**32))
def test_every_view_event_outcome_and_record_of_a_game_round_trips(
    variant: tf.Variant, data: st.DataObject, seed: int
) -> None:
    """Game views carry a GameContext; game events (HandScored, PoolCarried, AntesPaid,
    GameOver) hold outcomes with chips, and the last outcome of a points game won in the
    middle of a hand is partial (complete=False)."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    rng = random.Random(seed)
    state = tf.new_game(variant, players=players, seed=seed, hands=2)
    while True:
        check_state(state, players)
        assert isinstance(state.view(0).game, GameContext)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    for outcome in state.outcomes:
        round_trip(outcome)
    record = state.record()
    typed = tf.from_json(record, GameRecord)
    assert tf.to_json(typed) == record
    round_trip(typed)
    for deal in typed.deals:
        round_trip(deal)
    assert tf.replay_game(json_through(record)) == state


# -- the forms --------------------------------------------------------------------------


def test_the_forms_of_small_values() -> None:
    """Cards as their text, suits as letters, phases as values, actions and events as
    objects whose "type" names the class (the field order puts "type" last)."""
    assert tf.to_json(tf.Card.parse("10d")) == "TD"
    assert tf.to_json(tf.JK) == "JK"
    assert tf.to_json(tf.Suit.HEARTS) == "H"
    assert tf.to_json(tf.Phase.CLAIM) == "claim"
    assert tf.to_json(tf.Play("5H")) == {"card": "5H", "type": "Play"}
    assert list(tf.to_json(tf.Rob("8C"))) == ["discard", "type"]
    assert tf.to_json(tf.Pass()) == {"type": "Pass"}
    assert tf.to_json(tf.Turn(2, None, "Rob")) == {"seat": 2, "action": None, "kind": "Rob"}
    samples = {tf.Play: ("5H",), tf.Rob: ("5H",), tf.Take: ("5H",), tf.Bid: (20,),
               tf.NameTrump: ("H",), tf.Discard: ("5H 2C",)}
    for cls in tf.Action.__args__:  # type: ignore[attr-defined]
        value = cls(*samples.get(cls, ()))
        round_trip(value)
        round_trip(value, tf.Action)


def test_a_view_is_a_versioned_document() -> None:
    view = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1).view(0)
    data = tf.to_json(view)
    assert data["format"] == FORMAT == 1
    assert data["type"] == "SeatView"  # the class, as an action's or an event's JSON has it
    assert set(data) == {"format", "type", *tf.SeatView._fields}
    assert data["variant"] == {
        "name": "Spoil Five",
        "options": tf.SPOIL_FIVE.options(),
        "min_players": 2,
        "max_players": 10,
    }


@pytest.mark.parametrize(
    "variant",
    [
        tf.SPOIL_FIVE,
        tf.FORTY_FIVE,
        tf.FORTY_FIVE.with_options(joker="third", renege_cards="5-J-JK-AH"),
        tf.Variant(name="Kitchen rules", table=tf.Table(max_players=7)),
        tf.Variant(name="spoil five"),  # a preset's alias, but a variant of its own
    ],
    ids=["preset", "preset-45", "house", "custom", "alias-name"],
)
def test_a_variant_reads_back_equal(variant: tf.Variant) -> None:
    """A preset's name reads back as the preset (the very object when unchanged), any
    other name as a variant of its own with the same options and player range."""
    again = round_trip(variant)
    assert again.name == variant.name and again.options() == variant.options()
    assert (again.table.min_players, again.table.max_players) == (
        variant.table.min_players, variant.table.max_players)
    if variant in tf.VARIANTS.values():
        assert again is variant


def test_a_committed_view_carries_the_commitment() -> None:
    state = tf.new_hand(tf.TWENTY_FIVE, players=4, seed=3, commit=True)
    data = tf.to_json(state.view(1))
    assert data["commitment"] == state.commitment
    assert tf.from_json(data, tf.SeatView) == state.view(1)


def test_containers_and_what_has_no_json_form() -> None:
    state = tf.new_hand(tf.MAW, players=3, seed=2)
    assert tf.to_json(state.events)[0]["type"] == "Dealt"
    assert tf.to_json([tf.Card.parse("AH"), (tf.Pass(),)]) == ["AH", [{"type": "Pass"}]]
    for bad in (state, {"a": 1}, 3, "5H", object()):
        with pytest.raises(tf.InvalidArgumentError, match="to_json cannot write"):
            tf.to_json(bad)
    with pytest.raises(tf.InvalidArgumentError, match=r"state.record\(\)"):
        tf.to_json(tf.new_game(tf.MAW, players=3, seed=2))
    for cls in (dict, int, tf.HandState, tuple[int, ...], tuple[tf.Play, ...], tuple[tf.Card, int]):
        with pytest.raises(tf.InvalidArgumentError, match="from_json cannot read"):
            tf.from_json([], cls)
    assert tf.from_json([["AH"], []], list[list[tf.Card]]) == [[tf.Card.parse("AH")], []]


# -- malformed data -------------------------------------------------------------------------

STATE = tf.new_game(tf.SPOIL_FIVE, players=3, seed=4)
for _ in range(25):
    STATE = STATE.apply(STATE.legal_actions()[-1])
VIEW = tf.to_json(STATE.view(STATE.to_act))
assert VIEW["legal_actions"] and VIEW["history"] and VIEW["tricks"]


def _outcome() -> dict[str, Any]:
    state = tf.new_hand(tf.FORTY_FIVE, players=2, seed=1)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    data: dict[str, Any] = tf.to_json(tf.events.HandOver(state.outcome))  # type: ignore[arg-type]
    return data


HAND_OVER = _outcome()


def changed(base: dict[str, Any], path: str, value: Any = "<delete>") -> dict[str, Any]:
    """A deep copy of ``base`` with the item at ``path`` ("a.b[2].c") set or deleted."""
    data = copy.deepcopy(base)
    *parents, last = path.replace("[", ".").replace("]", "").split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    key: Any = int(last) if isinstance(node, list) else last
    if value == "<delete>":
        del node[key]
    else:
        node[key] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "where", "reason"),
    [
        ("format", "<delete>", "format", "missing"),
        ("format", 2, "format", "format 2 is not supported"),
        ("format", True, "format", "format True is not supported"),
        ("history", "<delete>", "history", "missing"),
        ("commitment", "<delete>", "commitment", "missing"),
        ("game", "<delete>", "game", "missing"),
        ("extra", 1, "", r"unexpected field\(s\) 'extra'"),
        ("seat", "1", "seat", "expected an int, got str '1'"),
        ("seat", 1.0, "seat", "expected an int, got float 1.0"),
        ("seat", False, "seat", "expected an int, got bool False"),
        ("to_act", [], "to_act", "expected an int"),
        ("hand", "5H 6H", "hand", "expected a list, got str"),
        ("hand", {"0": "5H"}, "hand", "expected a list, got dict"),
        ("hand[0]", "5X", "hand[0]", "cannot read a card from '5X'"),
        ("hand[0]", 5, "hand[0]", "expected card text such as '5H', got int 5"),
        ("turned_up", None, "turned_up", "expected card text"),
        ("trump", "hearts", "trump", "expected a suit letter"),
        ("phase", "PLAY", "phase", "expected a phase"),
        ("legal_actions[0].type", "Fold", "legal_actions[0]", "unknown action type 'Fold'"),
        ("legal_actions[0].type", "<delete>", "legal_actions[0]", "missing field 'type'"),
        ("legal_actions[0].type", "Played", "legal_actions[0]", "unknown action type 'Played'"),
        ("legal_actions[0].card", "<delete>", "legal_actions[0].card", "missing"),
        ("legal_actions[0].card", "ZZ", "legal_actions[0].card", "cannot read a card"),
        ("legal_actions[0].seat", 1, "legal_actions[0]", r"unexpected field\(s\) 'seat'"),
        ("legal_actions[0]", "play 5H", "legal_actions[0]", "expected an action, a mapping"),
        ("history[0].kind", "Rob", "history[0].kind", "'Rob' is not the type of its action"),
        ("history[0].kind", "Fold", "history[0].kind", "unknown action type 'Fold'"),
        ("history[0].action", "<delete>", "history[0].action", "missing"),
        ("tricks[0].winner", None, "tricks[0].winner", "expected an int"),
        ("tricks[0].cards", ["AH", "AH", "XX"], "tricks[0].cards[2]", "cannot read a card"),
        ("sides[0]", [0, "1"], "sides[0][1]", "expected an int"),
        ("barred", [{"seat": 0}], "barred[0].reason", "missing"),
        ("game.pool", "4", "game.pool", "expected an int"),
        ("game.hands", 1, "game", r"unexpected field\(s\) 'hands'"),
        ("game", [1, None, None, None, [0, 0, 0], 0], "game", "expected a mapping"),
        ("variant", "Spoil Five", "variant", "expected a variant, a mapping"),
        ("variant.name", 5, "variant.name", "expected a string"),
        ("variant.name", " ", "variant.name", "may not be empty"),
        ("variant.options", {}, "variant.options", "missing top_trumps"),
        ("variant.options.ante", 1.0, "variant.options", "option ante=1.0 is not valid"),
        ("variant.options.robbing", 1, "variant.options", "option robbing=1 is not valid"),
        ("variant.options.joker", "<delete>", "variant.options", "missing joker"),
        ("variant.options.renege_cards", "5-J-JK-AH", "variant.options", "needs a joker"),
        ("variant.max_players", 11, "variant.max_players", "max_players <= 10"),
        ("variant.aliases", [], "variant", r"unexpected field\(s\) 'aliases'"),
    ],
)
def test_a_malformed_view_is_refused_naming_the_field(
    path: str, value: Any, where: str, reason: str
) -> None:
    with pytest.raises(tf.DecodeError, match=reason) as info:
        tf.from_json(changed(VIEW, path, value), tf.SeatView)
    err = info.value
    assert err.target == "SeatView" and (err.path, err.reason) == err.problems[0]
    assert any(p == where and re.search(reason, r) for p, r in err.problems), (
        err.problems)
    assert isinstance(err, tf.TrumpFamilyError) and isinstance(err, ValueError)


def test_every_problem_is_listed() -> None:
    data = changed(changed(VIEW, "seat", "0"), "hand", None)
    with pytest.raises(tf.DecodeError) as info:
        tf.from_json(data, tf.SeatView)
    assert [p for p, _ in info.value.problems] == ["seat", "hand"]
    assert "field 'seat': expected an int" in str(info.value)


@pytest.mark.parametrize(
    ("data", "cls", "where", "reason"),
    [
        ("5X", tf.Card, "", "cannot read a card from '5X'"),
        (None, tf.Card, "", "expected card text"),
        ("h", tf.Suit, "", "expected a suit letter"),
        ({"type": "Play"}, tf.Action, "card", "missing"),
        ({"type": "Play", "card": "5H"}, tf.Rob, "", "expected a Rob, got a Play"),
        ({"type": "Pass", "card": "5H"}, tf.Pass, "", r"unexpected field\(s\) 'card'"),
        ({"type": "Dealt", "dealer": 0}, AnyEvent, "hands", "missing"),
        ({"type": "Played", "seat": 0, "card": "5H"}, GameEvent, "", "unknown event type"),
        ({"type": "GameOver", "winner": 0, "scores": [1], "chips": [0], "pool": 0.5},
         tf.events.GameOver, "pool", "expected an int, got float"),
        (changed(HAND_OVER, "outcome.complete"), tf.events.HandOver, "outcome.complete",
         "missing"),
        (changed(HAND_OVER, "outcome.spoil", "false"), AnyEvent, "outcome.spoil",
         "expected true or false"),
        (changed(HAND_OVER, "outcome.best_trump", "5Z"), AnyEvent, "outcome.best_trump",
         "cannot read a card"),
        (changed(HAND_OVER, "outcome.barred", [{"seat": 0, "reason": 1}]), AnyEvent,
         "outcome.barred[0].reason", "expected a string"),
        (HAND_OVER["outcome"] | {"chips": "none"}, tf.HandOutcome, "chips", "expected a list"),
        ([{"type": "Pass"}, {"type": "Nope"}], tuple[tf.Action, ...], "[1]", "unknown action"),
        ("Pass", list[tf.Action], "", "expected a list, got str"),
        ({"dealer": 0, "deck": [], "actions": [{"type": "Pass"}], "x": 1}, DealRecord, "",
         r"unexpected field\(s\) 'x'"),
    ],
)
def test_malformed_values_are_refused_naming_the_field(
    data: Any, cls: Any, where: str, reason: str
) -> None:
    with pytest.raises(tf.DecodeError, match=reason) as info:
        tf.from_json(data, cls)
    assert any(p == where for p, _ in info.value.problems), info.value.problems


def test_a_malformed_record_is_refused_naming_the_field() -> None:
    record = STATE.hand.record(key=b"k")
    assert tf.from_json(record, HandRecord).mac == record["mac"]
    for path, value, where, reason in [
        ("format", 2, "format", "record format 2 is not supported"),
        ("salt", "00" * 15, "salt", "32 lowercase hex digits"),
        ("salt", "AB" * 16, "salt", "32 lowercase hex digits"),
        ("mac", "x", "mac", "64 lowercase hex digits"),
        ("mac", 5, "mac", "expected a string"),
        ("deck", ["5H", 7], "deck", "item 1: expected card text"),
        ("actions[0].type", "Fold", "actions[0]", "unknown action type"),
        ("options", [], "options", "expected a mapping"),
    ]:
        with pytest.raises(tf.DecodeError, match=reason) as info:
            tf.from_json(changed(record, path, value), HandRecord)
        assert info.value.path == where, (path, info.value.problems)
    game = STATE.record()
    for path, value, where, reason in [
        ("kind", "hand", "kind", "expected 'game'"),
        ("seed", 1.5, "seed", "expected an int or a string"),
        ("deals[0].dealer", None, "deals[0].dealer", "expected an int"),
        ("decks", [["5H", "5H"], "5H"], "decks[1]", "expected a list of card texts"),
        ("scores", [1, 2], "scores", ""),  # well formed: the rules are replay's business
    ]:
        data = changed(game, path, value)
        if path == "scores":
            assert tf.from_json(data, GameRecord).scores == [1, 2]
            continue
        with pytest.raises(tf.DecodeError, match=reason) as info:
            tf.from_json(data, GameRecord)
        assert info.value.path == where, (path, info.value.problems)


# -- never a bare exception -------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False)
    | st.text(max_size=4) | st.sampled_from(["5H", "JK", "Play", "Rob", "pool", "play", "H"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["type", "card", "seat", "x", "name"]), inner, max_size=3),
    max_leaves=6,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(base: Any, path: tuple[Any, ...], action: str, value: Any) -> Any:
    data = copy.deepcopy(base)
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    last = path[-1]
    if action == "delete":
        del node[last]
    elif action == "add" and isinstance(node[last], dict):
        node[last]["x"] = value
    elif action == "add" and isinstance(node[last], list):
        node[last].append(value)
    else:
        node[last] = value
    return data


DOCUMENTS: list[tuple[Any, Any]] = [
    (VIEW, tf.SeatView),
    (HAND_OVER, AnyEvent),
    (tf.to_json(STATE.events), tuple[AnyEvent, ...]),
    (tf.to_json(STATE.hand.history), tuple[tf.Turn, ...]),
    (STATE.hand.record(key=b"k"), HandRecord),
    (STATE.record(), GameRecord),
]


@settings(max_examples=max(20, settings().max_examples // 2))
@given(
    doc=st.sampled_from(range(len(DOCUMENTS))),
    data=st.data(),
    action=st.sampled_from(["set", "delete", "add"]),
    value=json_values,
)
def test_malformed_data_raises_only_decode_error(
    doc: int, data: st.DataObject, action: str, value: Any
) -> None:
    """Any change at any place of a valid document either still reads (to a value that
    round-trips) or raises DecodeError, never another exception."""
    base, cls = DOCUMENTS[doc]
    path = data.draw(st.sampled_from(_paths(base)), label="path")
    if action == "delete" and not path:
        action = "set"
    bad = _mutate(base, path, action, value)
    try:
        read = tf.from_json(bad, cls)
    except tf.DecodeError as err:
        assert err.problems and all(isinstance(p, str) for p, _ in err.problems)
        assert str(err).startswith("cannot read ")
    else:
        assert tf.from_json(tf.to_json(read), cls) == read
