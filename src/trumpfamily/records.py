"""Hand records: save a hand as JSON-ready data and replay it (``HandState.record()``,
:func:`replay`).

A record holds everything needed to rebuild a hand exactly: the variant's name and every
option value, the number of players, the dealer, the deck order (top card first) and the
actions in order. Conversion is done by a :mod:`cattrs` converter (cards as their text,
actions as tagged dictionaries), not by hand-written code. Replaying is strict (every
field present, ints that are ints, a preset's name, every option with its exact type), so
a record that replays means what it says::

    {"format": 1, "variant": "Spoil Five", "options": {...}, "players": 4, "dealer": 0,
     "deck": ["5H", "JS", ...], "actions": [{"type": "Play", "card": "5H"},
                                            {"type": "Rob", "discard": "8C"},
                                            {"type": "DeclineRob"}, ...]}

>>> import json, trumpfamily as tf
>>> state = tf.new_hand(tf.FORTY_FIVE, players=2, seed=11)
>>> for _ in range(3):
...     state = state.apply(state.legal_actions()[0])
>>> text = json.dumps(state.record())
>>> tf.replay(json.loads(text)) == state
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union

from .actions import ACTION_TYPES, Action
from .cards import Card
from .engine import HandState, new_hand
from .errors import (
    CardParseError,
    IllegalActionError,
    InvalidVariantError,
    ReplayError,
    TrumpFamilyError,
    UnknownVariantError,
)
from .variants import OPTION_SPECS, VARIANTS, Variant, find_variant

__all__ = ["CONVERTER", "FORMAT", "HandRecord", "record", "replay"]

#: The record format version written by :func:`record`.
FORMAT: Final = 1


@attrs.frozen
class HandRecord:
    """The typed form of a hand record (what :data:`CONVERTER` turns into plain data).

    Attributes:
        variant: the variant's name (a preset's name; a custom variant's own name).
        options: every option of the variant (``Variant.options()``).
        players: the number of seats.
        dealer: the dealer's seat.
        deck: the deck order, top card first.
        actions: the actions, in order.
        format: the record format version (required in a record; :data:`FORMAT`).
    """

    variant: str
    options: dict[str, Any]
    players: int
    dealer: int
    deck: list[Card]
    actions: list[Action]
    format: int = FORMAT


# As in actions.py: concrete field types for cattrs, without the pydoc-visible marker.
attrs.resolve_types(HandRecord)
delattr(HandRecord, "__attrs_types_resolved__")


class _Bad(ValueError):
    """A value of the wrong type or form; the message is shown as it is."""


def _kind(value: object) -> str:
    return f"{type(value).__name__} {value!r}"


def _structure_str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise _Bad(f"expected a string, got {_kind(value)}")
    return value


def _structure_int(value: Any, _: Any) -> int:
    if type(value) is not int:  # not a bool, a float or a numeric string
        raise _Bad(f"expected an int, got {_kind(value)}")
    return value


def _structure_card(value: Any, _: Any) -> Card:
    if type(value) is not str:
        raise _Bad(f"expected card text such as '5H', got {_kind(value)}")
    try:
        return Card.parse(value)
    except CardParseError as exc:
        raise _Bad(str(exc)) from None


def _structure_cards(value: Any, _: Any) -> list[Card]:
    if not isinstance(value, list | tuple):
        raise _Bad(f"expected a list of card texts, got {_kind(value)}")
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(_structure_card(item, Card))
        except _Bad as exc:
            raise _Bad(f"item {i}: {exc}") from None
    return cards


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    # Strict scalars: a record is JSON data, so "4", 4.0, 4.7 and True are not the int 4.
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(int, _structure_int)
    # Hooks by predicate, so that cattrs leaves the Card class itself alone.
    conv.register_unstructure_hook_func(lambda t: t is Card, str)
    conv.register_structure_hook_func(lambda t: t is Card, _structure_card)
    conv.register_structure_hook_func(lambda t: t == list[Card], _structure_cards)
    configure_tagged_union(Action, conv, tag_name="type", tag_generator=lambda cls: cls.__name__)
    return conv


#: The cattrs converter for records (cards <-> text, actions <-> ``{"type": ...}`` dicts).
#: Structuring is strict: ints must be ints (not bools, floats or strings), text must be
#: ``str``, cards must be card text.
CONVERTER: Final = _make_converter()


def record(state: HandState) -> dict[str, Any]:
    """The JSON-serialisable record of ``state`` (what ``HandState.record()`` returns).

    Returns:
        A dict of strings, ints, bools, ``None``, lists and dicts (see the module docs).
    """
    variant = state.variant
    rec = HandRecord(
        variant=variant.name,
        options=variant.options(),
        players=state.players,
        dealer=state.dealer,
        deck=list(state.deck),
        actions=list(state.actions),
    )
    data: dict[str, Any] = CONVERTER.unstructure(rec)
    return data


def _check_options(options: Mapping[str, Any]) -> None:
    """Every option of OPTIONS.md, each of its exact type and value (RULES.md §3)."""
    missing = [name for name in OPTION_SPECS if name not in options]
    unknown = sorted(name for name in options if name not in OPTION_SPECS)
    if missing or unknown:
        parts = []
        if missing:
            parts.append(f"missing {', '.join(missing)}")
        if unknown:
            parts.append(f"unknown {', '.join(map(repr, unknown))}")
        raise ReplayError(
            f"the record's options must give every option of the variant exactly once: "
            f"{'; '.join(parts)}"
        )
    for name, (_, spec) in OPTION_SPECS.items():
        try:
            spec.check(name, options[name])  # exact types: a flag is a bool, an int an int
        except InvalidVariantError as exc:
            raise ReplayError(f"the record's options are not valid: {exc}") from None


def _variant(name: str, options: Mapping[str, Any], given: Variant | None) -> Variant:
    if given is not None:
        given = find_variant(given)
        if name != given.name:
            raise ReplayError(
                f"the record is of variant {name!r}, not of the variant given ({given.name!r})"
            )
        mine = given.options()
        differ = [k for k in OPTION_SPECS if not _same(mine[k], options[k])]
        if differ:
            raise ReplayError(
                "the record's options differ from the variant given: "
                + ", ".join(f"{k}={options[k]!r} (variant: {mine[k]!r})" for k in differ)
            )
        return given
    try:
        base = find_variant(name)
    except UnknownVariantError:
        raise ReplayError(
            f"the record's variant {name!r} is not a preset; known names: "
            f"{', '.join(VARIANTS)}. Replay a custom variant's record with "
            "replay(record, variant=that_variant)"
        ) from None
    # Validated above, so each value has its option's exact type: keyed by (name, type,
    # value) all the same, so that 1, 1.0 and True can never share an entry.
    try:
        return _cached_variant(base.name, tuple((k, type(v), v) for k, v in options.items()))
    except InvalidVariantError as exc:  # options that are valid one by one, not together
        raise ReplayError(f"the record's options are not valid: {exc}") from None


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


@functools.lru_cache(maxsize=256)
def _cached_variant(name: str, options: tuple[tuple[str, type, Any], ...]) -> Variant:
    preset = VARIANTS[name]
    variant = preset.with_options(**{k: v for k, _, v in options})
    # Keep the preset object itself when nothing changed (its caches are warm).
    return preset if preset == variant else variant


def _header_errors(exc: Exception) -> str:
    if not isinstance(exc, cattrs.BaseValidationError):  # pragma: no cover - defensive
        return str(exc)

    def describe(err: BaseException, _: Any) -> str:
        if isinstance(err, _Bad):
            return str(err)
        if isinstance(err, KeyError):
            return "missing"
        if isinstance(err, cattrs.ForbiddenExtraKeysError):
            return f"unexpected field(s) {', '.join(map(repr, sorted(err.extra_fields)))}"
        if isinstance(err, AttributeError):
            return "expected a mapping"
        return f"invalid ({err})"

    out = []
    for line in cattrs.transform_error(exc, format_exception=describe):
        text, _, path = line.rpartition(" @ ")
        field = path.removeprefix("$").removeprefix(".")
        out.append(f"field {field!r}: {text}" if field else text)
    return "; ".join(out)


def _action_problem(raw: object) -> str:
    """Why ``raw`` is not an action record, in plain words."""
    names = ", ".join(ACTION_TYPES)
    if not isinstance(raw, Mapping):
        return (
            "an action must be a mapping such as {'type': 'Play', 'card': '5H'}, got "
            f"{_kind(raw)}"
        )
    if "type" not in raw:
        return f"missing field 'type' (one of {names})"
    kind = raw["type"]
    if type(kind) is not str or kind not in ACTION_TYPES:
        return f"unknown action type {kind!r} (expected one of {names})"
    fields = [f.name for f in attrs.fields(ACTION_TYPES[kind])]
    has = f"{kind} has {', '.join(map(repr, fields))}" if fields else f"{kind} has no fields"
    for name in fields:
        if name not in raw:
            return f"missing field {name!r} ({has})"
    extra = sorted(str(k) for k in raw if k != "type" and k not in fields)
    if extra:
        return f"unexpected field(s) {', '.join(map(repr, extra))} ({has})"
    for name in fields:
        try:
            _structure_card(raw[name], Card)
        except _Bad as exc:
            return f"field {name!r}: {exc}"
    return "not a valid action"  # pragma: no cover - defensive


def replay(data: Mapping[str, Any], *, variant: Variant | None = None) -> HandState:
    """Rebuild a hand from its record (RULES.md rules apply to every action again).

    Replay is strict: a record is exactly what :meth:`HandState.record` writes, through
    JSON. ``format`` must be present; ``variant`` must name a preset
    (:func:`~trumpfamily.variants.find_variant`); ``options`` must give every option of
    OPTIONS.md with its exact type (a flag is ``True``/``False``, an int option an int,
    never a bool, float or string); ``players`` and ``dealer`` must be ints.

    Args:
        data: a record from ``HandState.record()``, possibly through JSON.
        variant: for the record of a custom variant (one built with
            :class:`~trumpfamily.variants.Variant` under its own name), that variant:
            the record's name and options must match it exactly.

    Returns:
        The :class:`~trumpfamily.engine.HandState` equal to the one recorded.

    Raises:
        ReplayError: the record is malformed (a missing or unexpected field, a value of
            the wrong type), names no preset (or not ``variant``), misses an option or
            has a bad option value, has a bad player count or dealer, or a deck that is
            not exactly the variant's deck (``index`` is ``None``); or an action is
            malformed or not legal when it is replayed (``index`` is that action's
            0-based position: ``"action 3: missing field 'card' ..."``, or
            ``"action 3 (Play('5H')) does not replay: ..."`` with the rule that refused
            it).

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=2, seed=5)
    >>> data = state.apply(state.legal_actions()[0]).record()
    >>> data["actions"] = [{"type": "Claim"}]
    >>> tf.replay(data)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.ReplayError: action 0 (Claim()) does not replay: ...
    >>> data["actions"] = [{"type": "Bid", "amount": 20}]
    >>> tf.replay(data)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.ReplayError: action 0: unknown action type 'Bid' (expected one of Play, ...)
    """
    if not isinstance(data, Mapping):
        raise ReplayError(f"a record must be a mapping (dict), got {type(data).__name__}")
    for field in ("format", "actions"):
        if field not in data:
            raise ReplayError(f"the record is malformed: field {field!r}: missing")
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list | tuple):
        raise ReplayError(
            f"the record is malformed: field 'actions': expected a list, got {_kind(raw_actions)}"
        )
    header = {k: v for k, v in data.items() if k != "actions"}
    header["actions"] = []
    try:
        rec = CONVERTER.structure(header, HandRecord)
    except Exception as exc:  # cattrs raises validation groups naming each field
        raise ReplayError(f"the record is malformed: {_header_errors(exc)}") from None
    if rec.format != FORMAT:
        raise ReplayError(f"record format {rec.format!r} is not supported (expected {FORMAT})")
    _check_options(rec.options)
    rules = _variant(rec.variant, rec.options, variant)
    try:
        state = new_hand(rules, players=rec.players, dealer=rec.dealer, deck=rec.deck)
    except TrumpFamilyError as exc:
        raise ReplayError(f"the record does not describe a valid deal: {exc}") from None
    for index, raw in enumerate(raw_actions):
        try:
            action: Action = CONVERTER.structure(raw, Action)  # type: ignore[arg-type]
        except Exception:
            raise ReplayError(f"action {index}: {_action_problem(raw)}", index) from None
        try:
            state = state.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(
                f"action {index} ({action!r}) does not replay: {exc.reason}", index
            ) from None
    return state
