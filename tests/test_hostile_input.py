"""Hostile input at every public entry point (the policy of docs/howto/game-server.rst).

Whatever a remote player sends (nested as deep as :func:`json.loads` allows and far
deeper, a megabyte of text or list, a number of 5,000 digits, NaN, a bool where an int
goes, a value of the wrong type), every entry point answers with the library's own errors
only (subclasses of :class:`~trumpfamily.errors.TrumpFamilyError`), within a second of
CPU (one linear pass: the slowest takes about 0.1 s; see ``MOST_SECONDS``),
with a message and fields of under 10 KB. The types :func:`~trumpfamily.jsonio.from_json`
reads are enumerated from the converter's registry
(:data:`~trumpfamily.convert.JSON_TYPES`), so a new type is covered when it is added.
"""

from __future__ import annotations

import functools
import json
import pickle
import random
import time
import typing
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import trumpfamily as tf
from trumpfamily import search
from trumpfamily.actions import ACTION_TYPES
from trumpfamily.convert import EVENT_TYPES, JSON_TYPES
from trumpfamily.errors import safe_repr

#: What one call may cost (CPU seconds, the best of three tries) and say (bytes). A bound
#: against super-linear work or a hang on a megabyte of input, not a speed test. Every
#: refusal here is one linear pass; the slowest, a signed record with an extra field of
#: 100,000 keys (the MAC is taken over the record's canonical JSON, keys sorted, before
#: anything else is read), takes about 0.1 s on an idle machine, twice that for 200,000
#: keys, and took 0.254 s of CPU in a loaded CI run (CPU time stretches too when the cores
#: and caches are shared: 0.1 s and 0.25 s bounds both failed that way). A quadratic pass
#: over a megabyte (10**11 steps and more) takes minutes, so a bound of one second keeps
#: four times the worst loaded figure as room and still catches it by orders of magnitude.
MOST_SECONDS = 1.0
MOST_BYTES = 10_000
MIB = 1 << 20


def _tower(depth: int, leaf: object = "AH") -> object:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def _dict_tower(depth: int) -> object:
    value: object = {}
    for _ in range(depth):
        value = {"type": value}
    return value


@functools.cache
def hostile() -> dict[str, object]:
    """The hostile values, by name: deep, long, huge numbers, wrong types."""
    return {
        # deep: as deep as json.loads reads (about 990 levels), and far deeper
        "list nested 990 deep": _tower(990),
        "list nested 100,000 deep": _tower(100_000),
        "dict nested 990 deep": _dict_tower(990),
        "dict nested 100,000 deep": _dict_tower(100_000),
        # long: a megabyte of text, or of list
        "1 MiB of text": "x" * MIB,
        "1 MiB of card text": "5H " * (MIB // 3),
        "1 MiB of digits": "9" * MIB,
        "1 MiB list of cards": ["5H"] * (MIB // 5),
        "1 MiB list of mappings": [{}] * (MIB // 3),
        "1 MiB list of plays": [{"type": "Play", "card": "5H"}] * (MIB // 27),
        "1 MiB list of numbers": [0.5] * (MIB // 5),
        "mapping of 100,000 keys": {f"k{i}": i for i in range(100_000)},
        "a key of 1 MiB": {"x" * MIB: 1},
        # huge numbers, and numbers where ints go
        "text of 5,000 digits": "9" * 5000,
        "int of 5,000 digits": 10**5000,
        "negative int of 5,000 digits": -(10**5000),
        "2**64": 2**64,
        "-1": -1,
        "1.5": 1.5,
        "0.0": 0.0,
        "1e308": 1e308,
        "nan": float("nan"),
        "inf": float("inf"),
        "True": True,
        "False": False,
        # wrong types
        "None": None,
        "bytes": b"5H",
        "a set": {"5H"},
        "an object": object(),
        "a type": int,
        "empty mapping": {},
        "empty list": [],
        "mapping with int keys": {6: 3},
        "mapping with tuple keys": {(1, 2): "5H"},
        "NUL text": "\x00" * 64,
        "5H": "5H",
    }


def _names() -> list[str]:
    return list(hostile())


def bounded(call: Callable[[], object]) -> BaseException | None:
    """Run ``call``: it returns, or raises a library error; in either case within
    MOST_SECONDS of CPU (best of three), the error's message and every field's repr under
    MOST_BYTES. Returns the error, if any."""
    best = float("inf")
    error: BaseException | None = None
    for _ in range(3):
        start = time.process_time()
        try:
            call()
            error = None
        except tf.TrumpFamilyError as exc:
            error = exc
        except BaseException as exc:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{type(exc).__name__} escaped: {safe_repr(str(exc), 300)}")
        best = min(best, time.process_time() - start)
        if best < MOST_SECONDS:
            break
    assert best < MOST_SECONDS, f"{best:.3f} s of CPU"
    if error is not None:
        size = len(str(error).encode())
        assert size < MOST_BYTES, f"a message of {size:,} bytes: {str(error)[:200]}"
        for name, value in vars(error).items():
            size = len(repr(value).encode())
            assert size < MOST_BYTES, f"field {name}: {size:,} bytes"
    return error


def refused(call: Callable[[], object]) -> BaseException:
    """As :func:`bounded`, and the call must be refused."""
    error = bounded(call)
    assert error is not None, "accepted"
    return error


# -- samples: a valid value of every type from_json reads -------------------------------


def _play(state: Any, seed: int, steps: int | None = None) -> Any:
    rng = random.Random(seed)
    n = 0
    while not state.is_over and (steps is None or n < steps):
        state = state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


_ACTION_SAMPLES: dict[str, object] = {
    "Play": tf.Play("5H"), "Rob": tf.Rob("8C"), "Bid": tf.Bid(20),
    "NameTrump": tf.NameTrump("H"), "Discard": tf.Discard("2C 5H"), "Take": tf.Take("5H"),
}


def _generic(t: Any) -> Any:
    """A JSON sample of type ``t`` built from its fields (for the rare events)."""
    if t is int:
        return 1
    if t is str:
        return "x"
    if t is bool:
        return False
    if t is float:
        return 0.5
    if t is tf.Card:
        return "5H"
    if t is tf.Suit:
        return "H"
    if t is tf.Variant:
        return tf.to_json(tf.SPOIL_FIVE)
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is tuple or origin is list:
        return [] if args[-1] is Ellipsis and args[0] is not tf.Card else [
            _generic(a) for a in (args[:1] if args[-1] is Ellipsis else args)]
    if args and type(None) in args:
        return None
    if t in ACTION_TYPES.values() or t is tf.Action or (args and all(
            a in ACTION_TYPES.values() for a in args)):
        return {"type": "Pass"}
    if attrs.has(t):
        data = {a.name: _generic(a.type) for a in attrs.fields(t) if a.init}
        if t in EVENT_TYPES.values():
            data["type"] = t.__name__
        return data
    raise AssertionError(f"no sample for {t!r}")  # pragma: no cover


@functools.cache
def samples() -> dict[str, Any]:
    """A valid JSON value for every name of JSON_TYPES (and some lists)."""
    hand = _play(tf.new_hand(tf.SPOIL_FIVE, players=3, seed=2, commit=True), 2, 4)
    bidding = _play(tf.new_bidding_hand(tf.AUCTION_45, players=4, seed=3), 3, 6)
    game = _play(tf.new_game(tf.SPOIL_FIVE, players=3, seed=4), 4, 8)
    bidding_game = _play(tf.new_game(tf.AUCTION_45, players=4, seed=5), 5, 8)
    done = _play(tf.new_hand(tf.MAW, players=4, seed=6), 6)
    events: dict[str, Any] = {}
    for state in (hand, bidding, game, bidding_game, done, _play(tf.new_game(
            tf.SPOIL_FIVE, players=3, seed=7, hands=2), 7)):
        for event in state.events:
            events.setdefault(type(event).__name__, tf.to_json(event))
    result = tf.tournament(["random", "random"], tf.FORTY_FIVE, deals=2, seed=1,
                           executor="serial")
    out: dict[str, Any] = {
        "Card": "5H", "Suit": "H", "Phase": "play",
        "Variant": tf.to_json(tf.AUCTION_45),
        "Trick": tf.to_json(done.tricks[0]),
        "Barred": {"seat": 1, "reason": "forgot to rob"},
        "Turn": tf.to_json(hand.view(0).history[0]),
        "GameContext": tf.to_json(game.view(0).game),
        "HandOutcome": tf.to_json(done.outcome),
        "SeatView": tf.to_json(game.view(1)),
        "BiddingView": tf.to_json(bidding_game.view(1)),
        "HandRecord": hand.record(),
        "DealRecord": game.record()["deals"][0],
        "GameRecord": game.record(),
        "TournamentResult": result.to_json(),
        "AnyView": tf.to_json(bidding.view(2)),
        "AnyRecord": bidding.record(),
        "Action": {"type": "Discard", "cards": ["2C", "5H"]},
        "Event": tf.to_json(hand.events[-1]),
        "GameEvent": events.get("HandScored") or _generic(EVENT_TYPES["HandScored"]),
        "AnyEvent": tf.to_json(hand.events[0]),
    }
    for name, cls in ACTION_TYPES.items():
        out[name] = tf.to_json(_ACTION_SAMPLES.get(name) or cls())
    for name, cls in EVENT_TYPES.items():
        out[name] = events.get(name) or _generic(cls)
    missing = set(JSON_TYPES) - set(out)
    assert not missing, f"add a sample for {sorted(missing)}"
    for name, data in out.items():  # every sample is valid: the test starts from truth
        tf.from_json(data, JSON_TYPES[name])
    return out


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value (for a list, its first item), but only a few of a
    variant's options (they are all read by one hook)."""
    yield path
    if isinstance(data, dict):
        keys = list(data)
        if path and path[-1] == "options":
            keys = [k for k in keys if k in ("top_trumps", "ante", "draw_limit")]
        for key in keys:
            yield from _paths(data[key], (*path, key))
    elif isinstance(data, list) and data:
        yield from _paths(data[0], (*path, 0))


def _with(data: Any, path: tuple[Any, ...], value: object) -> Any:
    """``data`` with the place ``path`` set to ``value`` (copies along the path)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _with(data[head], rest, value)}
    copy = list(data)
    copy[head] = _with(data[head], rest, value)
    return copy


# A few hostile values are enough at every place of every document; all of them go to
# the top level of every type, and to every field of the small ones.
_AT_EVERY_PLACE = (
    "list nested 100,000 deep", "dict nested 990 deep", "1 MiB of text",
    "1 MiB list of cards", "1 MiB list of plays", "int of 5,000 digits", "nan", "True",
    "an object", "mapping with tuple keys",
)


def _types() -> list[str]:
    return list(JSON_TYPES)


# -- from_json ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", _types())
def test_from_json_refuses_every_hostile_value_of_every_type(name: str) -> None:
    cls = JSON_TYPES[name]
    for label, value in hostile().items():
        if name in ("Card",) and label == "5H":
            continue  # a card, rightly read
        error = bounded(lambda: tf.from_json(value, cls))
        assert error is None or isinstance(error, tf.DecodeError), (label, error)
    for label in ("1 MiB list of plays", "list nested 100,000 deep", "1 MiB list of cards"):
        value = hostile()[label]
        for target in (list[cls], tuple[cls, ...]):  # type: ignore[valid-type]
            refused(lambda: tf.from_json(value, target))  # DecodeError, or not a type read


@pytest.mark.parametrize("name", _types())
def test_from_json_refuses_hostile_values_at_every_place(name: str) -> None:
    cls = JSON_TYPES[name]
    sample = samples()[name]
    places = list(_paths(sample))
    labels = _names() if len(places) <= 12 else _AT_EVERY_PLACE
    for path in places[1:]:
        for label in labels:
            data = _with(sample, path, hostile()[label])
            error = bounded(lambda: tf.from_json(data, cls))
            assert error is None or isinstance(error, tf.DecodeError), (path, label, error)
    if isinstance(sample, dict):
        for label in ("list nested 100,000 deep", "1 MiB of text", "int of 5,000 digits"):
            data = {**sample, "extra": hostile()[label]}
            assert isinstance(refused(lambda: tf.from_json(data, cls)), tf.DecodeError)
        data = {**sample, **{f"extra{i}": i for i in range(100_000)}, "x" * MIB: 1}
        error = refused(lambda: tf.from_json(data, cls))
        assert "unexpected field(s)" in str(error) and "more" in str(error)


def test_from_json_is_given_no_type_at_all() -> None:
    for value in hostile().values():
        assert isinstance(refused(lambda: tf.from_json({}, value)), tf.InvalidArgumentError)


# -- replay and replay_game -------------------------------------------------------------------

KEY = b"server key, 32 bytes long......."


@functools.cache
def records() -> dict[str, dict[str, Any]]:
    hand = _play(tf.new_hand(tf.SPOIL_FIVE, players=3, seed=2, commit=True), 2, 4)
    bidding = _play(tf.new_bidding_hand(tf.AUCTION_45, players=6, seed=3), 3, 8)
    game = _play(tf.new_game(tf.SPOIL_FIVE, players=3, seed=4), 4, 12)
    return {"hand": hand.record(), "bidding hand": bidding.record(), "game": game.record()}


def _replayer(kind: str) -> Callable[..., object]:
    return tf.replay_game if kind == "game" else tf.replay


@pytest.mark.parametrize("kind", ["hand", "bidding hand", "game"])
@pytest.mark.parametrize("signed", [False, True], ids=["no key", "key"])
def test_replay_refuses_hostile_records(kind: str, signed: bool) -> None:
    record = records()[kind]
    replay = _replayer(kind)
    key = KEY if signed else None
    if signed:
        record = tf.integrity.sign(dict(record), KEY)
        assert replay(record, key=KEY) is not None
    for label, value in hostile().items():  # the whole record
        refused(lambda: replay(value, key=key))
    for path in list(_paths(record))[1:]:
        for label in _AT_EVERY_PLACE:
            data = _with(record, path, hostile()[label])
            error = refused(lambda: replay(data, key=key))
            assert isinstance(error, tf.ReplayError), (path, label, error)
            if signed:
                assert isinstance(error, tf.IntegrityError), (path, label, error)
    for label, value in hostile().items():  # an extra field, deep or long or huge
        error = refused(lambda: replay({**record, "x": value}, key=key))
        assert isinstance(error, tf.IntegrityError if signed else tf.ReplayError), (label, error)


@pytest.mark.parametrize("kind", ["hand", "bidding hand", "game"])
def test_replay_refuses_hostile_arguments(kind: str) -> None:
    record = records()[kind]
    replay = _replayer(kind)
    for label, value in hostile().items():
        if label == "None":
            continue  # the default of each
        refused(lambda: replay(record, variant=value))
        refused(lambda: replay(record, key=value))
        if kind == "game":
            _check(label, lambda: replay(record, commitments=value), ("empty list",))
            refused(lambda: replay(record, commitments=[value]))
        else:
            refused(lambda: replay(record, commitment=value))


def test_a_record_of_more_actions_than_a_hand_holds_is_refused_unread() -> None:
    record = records()["hand"]
    many = {**record, "actions": [{"type": "Pass"}] * 200_000}
    with pytest.raises(tf.ReplayError, match="200,000 items given; no hand holds more than 1,000"):
        tf.replay(many)
    game = records()["game"]
    deals = {**game, "deals": [game["deals"][0]] * 200_000}
    with pytest.raises(tf.ReplayError, match="200,000 items given; no game record holds more"):
        tf.replay_game(deals)
    hands = {**game, "deals": [{**game["deals"][0], "actions": [{"type": "Pass"}] * 5000}]}
    with pytest.raises(tf.ReplayError, match="hand 1 is malformed: field 'actions': 5,000 items"):
        tf.replay_game(hands)


# -- parse_action, the action classes and apply ----------------------------------------------


_TEXTS = {
    "play a megabyte": "play " + "x" * MIB,
    "bid 5,000 digits": "bid " + "9" * 5000,
    "a megabyte of discards": "discard " + "2C " * (MIB // 3),
    "a megabyte of words": "pass " * (MIB // 5),
    "a megabyte of blanks": " " * MIB,
    "trump a megabyte": "trump " + "H" * MIB,
}


def test_parse_action_refuses_hostile_text() -> None:
    for label, value in [*hostile().items(), *_TEXTS.items()]:
        error = bounded(lambda: tf.parse_action(value))
        assert isinstance(error, tf.ActionParseError), (label, error)


def test_the_action_classes_refuse_hostile_arguments() -> None:
    for label, value in hostile().items():
        for name, cls in ACTION_TYPES.items():
            if attrs.fields(cls):
                if (label == "5H" and name in ("Play", "Rob", "Take", "Discard")) or (
                        label == "empty list" and name == "Discard"):
                    continue  # a card, and standing pat
                refused(lambda: cls(value))
        refused(lambda: tf.action_id(value))
        refused(lambda: tf.action_from_id(value))


@functools.cache
def states() -> dict[str, Any]:
    return {
        "turn-up hand": _play(tf.new_hand(tf.SPOIL_FIVE, players=3, seed=2), 2, 2),
        "turn-up hand at the rob": tf.new_hand(
            tf.SPOIL_FIVE, players=3, dealer=0, deck=tf.stacked_deck(
                tf.SPOIL_FIVE, players=3, dealer=0, turn_up="AH")),
        "bidding hand": tf.new_bidding_hand(tf.AUCTION_45, players=4, seed=3),
        "bidding hand at the discard": _play(
            tf.new_bidding_hand(tf.AUCTION_45, players=4, seed=3), 3, 5),
        "game": tf.new_game(tf.SPOIL_FIVE, players=3, seed=4),
        "bidding game": tf.new_game(tf.AUCTION_45, players=4, seed=5),
    }


@pytest.mark.parametrize("kind", ["turn-up hand", "turn-up hand at the rob", "bidding hand",
                                  "bidding hand at the discard", "game", "bidding game"])
def test_apply_refuses_hostile_actions_and_seats(kind: str) -> None:
    state = states()[kind]
    legal = state.legal_actions()[0]
    for label, value in [*hostile().items(), *_TEXTS.items()]:
        error = refused(lambda: state.apply(value))
        assert isinstance(error, tf.IllegalActionError), (label, error)
        assert error.code == "not-an-action"
        if label == "None":
            continue  # the seat to act
        error = refused(lambda: state.apply(legal, seat=value))
        assert isinstance(error, tf.IllegalActionError), (label, error)
        assert error.code == "not-a-seat" and "(legal:" not in str(error)
        if label not in ("False", "True"):  # 0 and 1
            assert isinstance(refused(lambda: state.view(value)), tf.InvalidSeatError)


def test_a_game_object_refuses_hostile_actions() -> None:
    game = tf.Game(tf.AUCTION_45, players=4, seed=5)
    for label, value in hostile().items():
        refused(lambda: game.apply(value))
        if label != "None":
            refused(lambda: game.apply(tf.Pass(), seat=value))


# -- variants and options -------------------------------------------------------------------


@pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.AUCTION_45], ids=lambda v: v.name)
def test_with_options_refuses_hostile_values(variant: tf.Variant) -> None:
    for name in variant.option_specs():
        for label, value in hostile().items():
            error = bounded(lambda: variant.with_options(**{name: value}))
            assert error is None or isinstance(error, tf.InvalidVariantError), (name, label)
    for label in ("1 MiB of text", "NUL text", "5H"):
        key = typing.cast(str, hostile()[label])
        refused(lambda: variant.with_options(**{key: 1}))


@pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.AUCTION_45], ids=lambda v: v.name)
def test_option_text_is_read_in_bounded_time_and_checked(variant: tf.Variant) -> None:
    texts = [v for v in hostile().values() if isinstance(v, str)] + [
        "[" * 100_000, "(" * 5000 + ")" * 5000, "{6: " * 1000, "[1, " * (MIB // 4) + "]",
        "6:3," * (MIB // 4), "1" * 4301, "-" + "9" * 30, "1e5000", "10**5000"]
    for name, (_, spec) in variant.option_specs().items():
        for text in texts:
            value = None

            def read(text: str = text) -> None:
                nonlocal value
                value = spec.parse(text)

            assert bounded(read) is None, (name, safe_repr(text))
            error = bounded(lambda: spec.check(name, value))
            assert error is None or isinstance(error, tf.InvalidVariantError)
        for value in hostile().values():
            if not isinstance(value, str):
                assert isinstance(refused(lambda: spec.parse(value)), tf.InvalidVariantError)


def test_find_variant_refuses_hostile_names() -> None:
    for value in hostile().values():
        assert isinstance(refused(lambda: tf.find_variant(value)), tf.UnknownVariantError)


# -- dealing ----------------------------------------------------------------------------------


def _check(label: str, call: Callable[[], object], valid: tuple[str, ...] = ("None",)) -> None:
    """``call`` is refused, unless ``label`` names a valid value there (a default)."""
    (bounded if label in valid else refused)(call)


def test_new_hand_refuses_hostile_arguments() -> None:
    for label, value in hostile().items():
        for variant, new in ((tf.SPOIL_FIVE, tf.new_hand), (tf.AUCTION_45, tf.new_bidding_hand)):
            refused(lambda: new(value, players=3))
            refused(lambda: new(variant, players=value))
            refused(lambda: new(variant, players=4, dealer=value))
            _check(label, lambda: new(variant, players=4, deck=value))
            _check(label, lambda: new(variant, players=4, commit=value), ("True", "False"))
            bounded(lambda: new(variant, players=4, seed=value))  # any text is a seed
        _check(label, lambda: tf.new_bidding_hand(tf.AUCTION_45, players=4, scores=value))


def test_new_game_refuses_hostile_arguments() -> None:
    for label, value in hostile().items():
        for variant in (tf.SPOIL_FIVE, tf.AUCTION_45):
            for start in (tf.new_game, tf.Game):
                refused(lambda: start(value, players=4))
                refused(lambda: start(variant, players=value))
                _check(label, lambda: start(variant, players=4, dealer=value))
                bounded(lambda: start(variant, players=4, seed=value))
                _check(label, lambda: start(variant, players=4, hands=value))
                _check(label, lambda: start(variant, players=4, decks=value), ("empty list",))
                refused(lambda: start(variant, players=4, decks=[value]))
                _check(label, lambda: start(variant, players=4, scores=value))
                _check(label, lambda: start(variant, players=4, commit=value), ("True", "False"))


def test_new_game_refuses_endless_decks() -> None:
    import itertools

    deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3)
    for decks in (itertools.repeat(deck), [deck] * 200_000):
        error = refused(lambda: tf.new_game(tf.SPOIL_FIVE, players=3, decks=decks))
        assert "more than 10,000 decks" in str(error)


def test_stacked_deck_refuses_hostile_arguments() -> None:
    for label, value in hostile().items():
        for variant, stack in ((tf.SPOIL_FIVE, tf.stacked_deck),
                               (tf.AUCTION_45, tf.stacked_bidding_deck)):
            refused(lambda: stack(value, players=4))
            refused(lambda: stack(variant, players=value))
            refused(lambda: stack(variant, players=4, dealer=value))
            _check(label, lambda: stack(variant, players=4, hands=value), ("None", "empty mapping"))
            _check(label, lambda: stack(variant, players=4, hands={0: value}), ("5H", "empty list"))
            if isinstance(value, typing.Hashable):
                refused(lambda: stack(variant, players=4, hands={value: "5H"}))
            _check(label, lambda: stack(variant, players=4, stock=value), ("5H", "empty list"))
        _check(label, lambda: tf.stacked_deck(tf.SPOIL_FIVE, players=4, turn_up=value),
               ("None", "5H"))


def test_card_text_refuses_hostile_values() -> None:
    for label, value in hostile().items():
        if label != "5H":
            assert isinstance(refused(lambda: tf.Card.parse(value)), tf.CardParseError)
            refused(lambda: tf.parse_suit(value))
        if label in ("5H", "empty list"):
            bounded(lambda: tf.parse_cards(value))
        else:
            refused(lambda: tf.parse_cards(value))
        _check(label, lambda: tf.check_play(value, "5H 6H", trump="H", variant=tf.SPOIL_FIVE),
               ("5H",))
        _check(label, lambda: tf.check_play("5H", value, trump="H", variant=tf.SPOIL_FIVE),
               ("5H",))
        _check(label, lambda: tf.legal_moves("5H 6H", value, trump="H", variant=tf.SPOIL_FIVE),
               ("empty list",))
        refused(lambda: tf.legal_moves("5H 6H", trump=value, variant=tf.SPOIL_FIVE))


# -- an outside reviewer's findings (a server builder trying to break it) ------------------


def test_a_seed_with_a_lone_surrogate_is_refused_by_the_library() -> None:
    """JSON can carry a lone surrogate ("\\ud800"), which UTF-8 cannot write, so random
    could not seed from it: a library error, not UnicodeEncodeError."""
    seed = json.loads('"\\ud800"')
    for call in (lambda: tf.new_hand(tf.SPOIL_FIVE, players=3, seed=seed),
                 lambda: tf.new_bidding_hand(tf.AUCTION_45, players=4, seed=seed),
                 lambda: tf.new_game(tf.SPOIL_FIVE, players=3, seed=seed)):
        assert isinstance(refused(call), tf.InvalidArgumentError)
    record = tf.new_game(tf.SPOIL_FIVE, players=3, seed=4, hands=1).record()
    error = refused(lambda: tf.replay_game({**record, "seed": seed}))
    assert "surrogate" in str(error)
    assert tf.new_hand(tf.SPOIL_FIVE, players=3, seed="\u00e9").deck == \
        tf.new_hand(tf.SPOIL_FIVE, players=3, seed="é").deck  # valid text seeds as before


class _BrokenRepr(str):
    def __repr__(self) -> str:
        raise RuntimeError("repr")


class _BrokenLen(list[object]):
    def __len__(self) -> int:
        raise RuntimeError("len")


def test_safe_repr_never_raises_on_subclasses_that_break() -> None:
    assert safe_repr(_BrokenRepr("x")) == "<_BrokenRepr object>"
    assert safe_repr(_BrokenLen()) == "<_BrokenLen object>"
    assert isinstance(refused(lambda: tf.parse_action(_BrokenRepr("fold"))),
                      tf.ActionParseError)
    assert isinstance(refused(lambda: tf.from_json(_BrokenLen(), tf.Action)), tf.DecodeError)


@pytest.mark.parametrize(("field", "value", "problem"), [
    ("seat", -1, "not a seat of a table of 4"),
    ("seat", 4, "not a seat of a table of 4"),
    ("to_act", 9, "not a seat of a table of 4"),
    ("players", -1, "is not dealt to -1 players"),
    ("players", 2**62, "is not dealt to"),
    ("trick_counts", [0, 0, 0], "3 entries for 4 seats"),
])
def test_a_view_that_contradicts_itself_is_not_read(field: str, value: object,
                                                    problem: str) -> None:
    """A client may read views from a server it does not trust: a view whose seats do not
    fit its table is refused, so the encodings and pictures never index past it."""
    data = tf.to_json(tf.new_hand(tf.TWENTY_FIVE, players=4, seed=3).view(1))
    assert tf.from_json(data, tf.AnyView) == tf.new_hand(tf.TWENTY_FIVE, players=4,
                                                          seed=3).view(1)
    error = refused(lambda: tf.from_json({**data, field: value}, tf.AnyView))
    assert isinstance(error, tf.DecodeError) and problem in str(error), str(error)


def test_a_bidding_view_that_contradicts_itself_is_not_read() -> None:
    data = tf.to_json(tf.new_hand(tf.AUCTION_45, players=4, seed=3).view(1))
    assert type(tf.from_json(data, tf.AnyView)) is tf.BiddingView
    for field, value in (("drawn", [0, 0]), ("high_bidder", 7), ("players", 5 * 10**9)):
        error = refused(lambda: tf.from_json({**data, field: value}, tf.AnyView))
        assert isinstance(error, tf.DecodeError), (field, error)


def test_int_options_stay_within_what_json_carries() -> None:
    """An int option is at most MOST_OPTION_INT, so that a game's scores stay 64-bit and
    its views read back."""
    from trumpfamily._options import MOST_OPTION_INT

    assert MOST_OPTION_INT == 10**9
    for name in ("points_per_trick", "ante", "target"):
        error = refused(lambda: tf.FORTY_FIVE.with_options(**{name: 2**63}))
        assert "at most 1,000,000,000" in str(error)
    assert tf.FORTY_FIVE.with_options(target=10**9).scoring.target == 10**9
    with pytest.raises(tf.InvalidVariantError):
        tf.AUCTION_45.with_options(min_bid_near_end=(2**63, 20))
    spec = tf.SPOIL_FIVE.option_specs()["ante"][1]
    assert spec.parse("3") == 3 and spec.parse("-3") == -3
    assert spec.parse("+3") == "+3" and spec.parse("\u0663") == "\u0663"  # not read as ints


def test_action_text_longer_than_any_action_is_refused_unread() -> None:
    error = refused(lambda: tf.parse_action("discard " + "5H " * 3_000_000))
    assert "an action is written in at most 10,000" in str(error)
    deck = [str(c) for c in tf.new_hand(tf.SPOIL_FIVE, players=2, seed=1).deck]
    assert tf.parse_action("discard " + " ".join(deck)) == tf.Discard(deck)  # a whole deck


# -- tampered views given to the samplers and the search bots (review, issue 24) ---------

def _played_view() -> tf.SeatView:
    state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=4)
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    assert state.to_act is not None
    return state.view(state.to_act)


_TAMPERED: dict[str, dict[str, object]] = {
    # the view's parts disagree: the seat's turn-up is another card (the deck runs short)
    "turn_up": {"turn_up": tf.Card.parse("5H")},
    "variant": {"variant": tf.AUCTION_45},
    "dealer None": {"dealer": None}, "dealer text": {"dealer": "x"},
    "sides None": {"sides": None}, "sides int": {"sides": 5},
    "phase None": {"phase": None}, "variant None": {"variant": None},
    "legal_actions int": {"legal_actions": 5}, "players None": {"players": None},
    # a count of seats no loop may run to (it hung ISMCTSPlayer before the check)
    "players huge": {"players": 10**30},
}


@pytest.mark.parametrize("change", sorted(_TAMPERED))
@pytest.mark.parametrize("who", ["count_deals", "sample_deal", "ISMCTSPlayer",
                                 "SampleSolvePlayer"])
def test_search_refuses_a_tampered_view_with_its_own_error(change: str, who: str) -> None:
    view = _played_view()._replace(**_TAMPERED[change])  # type: ignore[arg-type]
    call: Callable[[], object] = {
        "count_deals": lambda: search.count_deals(view),
        "sample_deal": lambda: search.sample_deal(view, rng=1),
        "ISMCTSPlayer": lambda: tf.ISMCTSPlayer(5, seed=1).choose(view),
        "SampleSolvePlayer": lambda: tf.SampleSolvePlayer(3, seed=1).choose(view),
    }[who]
    with pytest.raises(tf.InvalidArgumentError) as caught:
        call()
    assert str(caught.value).startswith("no deal is consistent with")
    assert len(str(caught.value)) < 600


def test_search_counts_of_huge_ints_are_refused_in_bounded_words() -> None:
    huge = -10**5000  # its decimal text is over Python's 4,300-digit limit
    view = _played_view()
    calls: list[Callable[[], object]] = [
        lambda: tf.ISMCTSPlayer(huge), lambda: tf.SampleSolvePlayer(huge),
        lambda: tf.RolloutPlayer(worlds=huge), lambda: search.sample_deals(view, huge),
        lambda: tf.ISMCTSPlayer(exploration=huge), lambda: tf.ISMCTSPlayer(guard=huge),
        lambda: tf.SampleSolvePlayer(guard=huge), lambda: tf.RolloutPlayer(guard=huge),
    ]
    for call in calls:
        with pytest.raises(tf.InvalidArgumentError, match="an int of 5001 digits"):
            call()


# Protocols 2 and up (the default is 5): the compiled build's native rules context has no
# reduction for protocols 0 and 1 (docs/howto/compiled.rst, "What differs").
@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_states_pickle_at_every_protocol_from_2(protocol: int) -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=1)
    state = state.apply(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state, protocol))
    assert again == state
    assert again.view(1) == state.view(1)
    assert again.legal_actions() == state.legal_actions()
