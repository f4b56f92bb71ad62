"""JSON forms of the Maija values (MAIJA.md §J): :func:`maija_to_json` writes actions,
events, views, records and variants as JSON-ready data and :func:`maija_from_json` reads
them back exactly (``maija_from_json(maija_to_json(x), type(x)) == x``).

Cards are their text (``"7H"``), suits their letter, a variant its preset's name with
every option, an action or event a dict with its class name in ``"type"``.

>>> from trumpfamily.maija import Beat, MaijaAction
>>> from trumpfamily.maija.jsonio import maija_from_json, maija_to_json
>>> maija_to_json(Beat(("9H/7H",)))
{'type': 'Beat', 'pairs': [['9H', '7H']]}
>>> maija_from_json({'type': 'TakeUp'}, MaijaAction)
TakeUp()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, ClassValidationError, ForbiddenExtraKeysError

from ..cards import Card, Suit
from ..convert import problems
from ..errors import DecodeError, safe_repr
from . import events as ev
from .actions import MAIJA_ACTION_TYPES, MaijaAction
from .engine import MaijaHand, MaijaRecord, MaijaView, replay_maija
from .variants import MUSTAMAIJA, MaijaVariant, find_maija_variant, is_maija_name

__all__ = ["MAIJA_EVENT_TYPES", "MAIJA_JSON_TYPES", "MOST_MAIJA_ITEMS", "MOST_MAIJA_TEXTS",
           "is_maija_json_type", "maija_from_json", "maija_to_json", "register_variant_union"]

T = TypeVar("T")

#: The event classes by name (the ``"type"`` of their JSON form).
MAIJA_EVENT_TYPES: Final = {cls.__name__: cls for cls in get_args(ev.MaijaEvent)}
_TAGGED: Final = {**MAIJA_ACTION_TYPES, **MAIJA_EVENT_TYPES}

_CONV: Final = cattrs.Converter(forbid_extra_keys=True)


def _option_out(value: Any) -> Any:
    return value.value if isinstance(value, Suit) else value


def _option_in(name: str, value: Any) -> Any:
    if name in ("trump", "invulnerable") and isinstance(value, str) and value in "CDHS":
        return Suit(value)
    return value


def _variant_out(v: MaijaVariant) -> dict[str, Any]:
    return {"name": v.name, "options": {k: _option_out(x) for k, x in v.options().items()}}


def _variant_in(data: Any, _: Any) -> MaijaVariant:
    if not isinstance(data, dict) or set(data) != {"name", "options"}:
        raise ValueError("a variant is {'name': ..., 'options': {...}}")
    options = data["options"]
    if not isinstance(options, dict):
        raise TypeError("options is a dict")
    names = MUSTAMAIJA.option_names()
    unknown = [k for k in options if k not in names]
    if unknown:
        raise ValueError(f"unknown option {safe_repr(unknown[0], 40)} ({len(unknown)} unknown); "
                         f"the options are {', '.join(names)}")
    return find_maija_variant(data["name"]).with_options(
        **{k: _option_in(k, x) for k, x in options.items()})


def _card_in(data: Any, _: Any) -> Card:
    if not isinstance(data, str):
        raise TypeError(f"a card is text, got {type(data).__name__}")
    return Card.parse(data)


def _suit_in(data: Any, _: Any) -> Suit:
    if not isinstance(data, str):
        raise TypeError("a suit is its letter")
    return Suit(data)


def _tagged_in(data: Any, cls: Any) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise TypeError("expected a dict with a 'type'")
    target = _TAGGED.get(data["type"])
    if target is None or (cls in _TAGGED.values() and target is not cls):
        raise ValueError(f"unknown or unexpected type {safe_repr(data['type'])}")
    body = {k: v for k, v in data.items() if k != "type"}
    errors: list[Exception] = []
    kwargs = {}
    for field in attrs.fields(target):
        note = AttributeValidationNote(
            f"Structuring class {target.__qualname__} @ attribute {field.name}", field.name,
            field.type)
        if field.name not in body:
            if field.default is attrs.NOTHING:
                errors.append(_noted(KeyError(field.name), note))
            continue
        try:
            kwargs[field.name] = _CONV.structure(body[field.name], field.type)
        except Exception as err:  # noqa: BLE001 - collected, named by its field
            errors.append(_noted(err, note))
    extra = set(body) - {field.name for field in attrs.fields(target)}
    if extra:
        errors.append(ForbiddenExtraKeysError("", target, extra))
    if errors:
        raise ClassValidationError(f"While structuring {target.__name__}", errors, target)
    return target(**kwargs)


def _noted(err: Exception, note: AttributeValidationNote) -> Exception:
    err.__notes__ = [*getattr(err, "__notes__", []), note]
    return err


def _tagged_out(value: Any) -> dict[str, Any]:
    body = {a.name: _CONV.unstructure(getattr(value, a.name)) for a in attrs.fields(type(value))}
    return {"type": type(value).__name__, **body}


def _record_out(r: MaijaRecord) -> dict[str, Any]:
    return {"variant": r.variant, "options": {k: _option_out(v) for k, v in r.options},
            "players": r.players, "dealer": r.dealer, "deck": [str(c) for c in r.deck],
            "actions": list(r.actions)}


def _record_in(data: Any, _: Any) -> MaijaRecord:
    keys = {"variant", "options", "players", "dealer", "deck", "actions"}
    if not isinstance(data, dict) or set(data) != keys:
        raise ValueError(f"a record has exactly the fields {sorted(keys)}")
    if not isinstance(data["options"], dict) or not all(
            isinstance(a, str) for a in data["actions"]):
        raise ValueError("options is a dict and actions are text")
    for key in ("players", "dealer"):
        if type(data[key]) is not int:
            raise ValueError(f"{key} is an int")
    return MaijaRecord(
        variant=str(data["variant"]),
        options=tuple((k, _option_in(k, v)) for k, v in data["options"].items()),
        players=data["players"], dealer=data["dealer"],
        deck=tuple(_card_in(c, Card) for c in data["deck"]), actions=tuple(data["actions"]))


def _strict(kind: type[Any]) -> Callable[[Any, Any], Any]:
    """JSON data is strict: ``"4"``, ``4.0`` and ``True`` are not the int 4."""
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {'an' if kind is int else 'a'} {kind.__name__}, got "
                            f"{type(value).__name__} {safe_repr(value, 40)}")
        return value

    return structure


for _kind in (int, str, bool):
    _CONV.register_structure_hook(_kind, _strict(_kind))
_CONV.register_unstructure_hook(Card, str)
_CONV.register_structure_hook(Card, _card_in)
_CONV.register_unstructure_hook(Suit, lambda s: s.value)
_CONV.register_structure_hook(Suit, _suit_in)
_CONV.register_unstructure_hook(MaijaVariant, _variant_out)
_CONV.register_structure_hook(MaijaVariant, _variant_in)
_CONV.register_unstructure_hook(MaijaRecord, _record_out)
_CONV.register_structure_hook(MaijaRecord, _record_in)
for _cls in _TAGGED.values():
    attrs.resolve_types(_cls)
    _CONV.register_unstructure_hook(_cls, _tagged_out)
    _CONV.register_structure_hook(_cls, _tagged_in)
_CONV.register_structure_hook(MaijaAction, _tagged_in)
_CONV.register_structure_hook(ev.MaijaEvent, _tagged_in)
_CONV.register_structure_hook(
    MaijaAction | None, lambda d, _: None if d is None else _tagged_in(d, MaijaAction))
attrs.resolve_types(MaijaView, globals(), {"MaijaAction": MaijaAction})


#: Every Maija type :func:`maija_from_json` (and :func:`trumpfamily.from_json`) reads, by
#: name: the classes, then the unions read by their ``"type"`` field. A
#: :class:`~trumpfamily.maija.MaijaHand` is written as its record and read back by replaying
#: it (:func:`~trumpfamily.maija.replay_maija`: the rules are checked).
MAIJA_JSON_TYPES: Final[dict[str, Any]] = {
    "MaijaVariant": MaijaVariant, "MaijaView": MaijaView, "MaijaRecord": MaijaRecord,
    "MaijaHand": MaijaHand, **MAIJA_ACTION_TYPES, **MAIJA_EVENT_TYPES,
    "MaijaAction": MaijaAction, "MaijaEvent": ev.MaijaEvent,
}
_JSON_CLASSES: Final = frozenset(t for t in MAIJA_JSON_TYPES.values() if isinstance(t, type))
_JSON_UNIONS: Final = {MaijaAction: "MaijaAction", ev.MaijaEvent: "MaijaEvent"}


def is_maija_json_type(cls: object) -> bool:
    """Whether ``cls`` is a Maija type with a JSON form (a value of
    :data:`MAIJA_JSON_TYPES`, or ``tuple[X, ...]`` / ``list[X]`` of one).

    >>> from trumpfamily.maija import MaijaAction, MaijaView
    >>> is_maija_json_type(MaijaView), is_maija_json_type(tuple[MaijaAction, ...]), is_maija_json_type(int)
    (True, True, False)
    """
    try:
        if cls in _JSON_CLASSES or cls in _JSON_UNIONS:
            return True
    except TypeError:  # unhashable: no type at all
        return False
    origin, args = get_origin(cls), get_args(cls)
    if (origin is list and len(args) == 1) or (origin is tuple and args[1:] == (Ellipsis,)):
        return is_maija_json_type(args[0]) and args[0] is not MaijaHand
    return False


def maija_to_json(value: object) -> Any:
    """``value`` (an action, event, view, record, variant, card or a tuple of them; a
    :class:`~trumpfamily.maija.MaijaHand` as its record) as JSON-ready data."""
    if isinstance(value, MaijaHand):
        value = value.record()
    return _lists(_CONV.unstructure(value))


def _lists(data: Any) -> Any:
    """``data`` with every tuple a list (JSON has lists only; a beat's pairs come out of
    cattrs as tuples)."""
    if isinstance(data, dict):
        return {k: _lists(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_lists(v) for v in data]
    return data


# -- untrusted data ------------------------------------------------------------------------
#
# Before a Maija value is read, one pass over the data (iterative: any depth) refuses what
# no Maija value holds, so that reading costs time linear in the data and every message
# is bounded, whatever the data.

#: The most strings a list may hold (a record's actions in notation: a hand of the
#: bots' matches takes a few hundred, :data:`~trumpfamily.maija.match.MAX_ACTIONS` is
#: the cap a hand is played to).
MOST_MAIJA_TEXTS: Final = 20_000
#: The most items of any other list (cards: 103 at most; legal actions: a few hundred).
MOST_MAIJA_ITEMS: Final = 5_000
_MOST_KEYS: Final = 64  # a view has 19 fields, a variant 14 options
_MOST_TEXT: Final = 1_000  # an action in notation, a variant's name
_MOST_DEPTH: Final = 16  # a view's legal beats: view, list, action, pairs, pair, card
_MOST_NODES: Final = 200_000
_MOST_INT_BITS: Final = 63


def _guard(data: object) -> tuple[str, str] | None:
    """Where and why ``data`` cannot be a Maija value by its size or shape, the first
    problem found (``None``: read it)."""
    stack: list[tuple[object, int, str]] = [(data, 0, "")]
    nodes = 0
    while stack:
        value, depth, path = stack.pop()
        nodes += 1
        if nodes > _MOST_NODES:
            return path, f"more than {_MOST_NODES:,} values: no Maija value holds as many"
        if depth > _MOST_DEPTH:
            return path, f"nested deeper than {_MOST_DEPTH} levels: no Maija value is"
        kind = type(value)
        if kind is str:
            text: Any = value
            if len(text) > _MOST_TEXT:
                return path, f"a text of {len(text):,} characters; the most is {_MOST_TEXT:,}"
        elif kind is int:
            number: Any = value
            if number.bit_length() > _MOST_INT_BITS:
                return path, f"an int of more than {_MOST_INT_BITS} bits"
        elif kind is list or kind is tuple:
            items: Any = value
            strings = all(type(x) is str for x in items[:MOST_MAIJA_TEXTS + 1])
            most = MOST_MAIJA_TEXTS if strings else MOST_MAIJA_ITEMS
            if len(items) > most:
                return path, f"{len(items):,} items given; a list here holds at most {most:,}"
            stack.extend((x, depth + 1, f"{path}[{i}]") for i, x in enumerate(items)
                         if type(x) is not str or len(x) > _MOST_TEXT)
            nodes += sum(1 for x in items if type(x) is str and len(x) <= _MOST_TEXT)
        elif kind is dict:
            mapping: Any = value
            if len(mapping) > _MOST_KEYS:
                return path, f"{len(mapping):,} fields given; a Maija value has at most {_MOST_KEYS}"
            for key, item in mapping.items():
                if type(key) is not str or len(key) > 100:
                    return path, f"a field name {safe_repr(key, 40)}: field names are short text"
                stack.append((item, depth + 1, f"{path}.{key}" if path else key))
        elif value is not None and kind is not bool:
            return path, f"a {kind.__name__} {safe_repr(value, 40)}: no Maija value holds one"
    return None


def maija_from_json(data: object, cls: Any) -> Any:
    """Read a value of ``cls`` (e.g. :class:`~trumpfamily.maija.MaijaView`,
    :data:`~trumpfamily.maija.actions.MaijaAction`, :class:`~trumpfamily.maija.MaijaRecord`) back
    from its JSON form.

    Raises:
        DecodeError: the data is not a value of ``cls``.
    """
    try:
        union = _JSON_UNIONS.get(cls)
    except TypeError:
        union = None
    name = union or getattr(cls, "__name__", None) or safe_repr(cls)
    if type(name) is not str:
        name = safe_repr(cls)
    problem = _guard(data)
    if problem is not None:
        raise DecodeError(name, [problem])
    if cls is MaijaHand:
        record = maija_from_json(data, MaijaRecord)
        try:
            return replay_maija(record)
        except ValueError as err:  # a ReplayError: the record does not deal or replay
            raise DecodeError(name, [("", safe_repr(str(err), 300))]) from None
    try:
        return _CONV.structure(data, cls)
    except Exception as err:  # noqa: BLE001 - every failure of untrusted data is a DecodeError
        found = problems(err) if isinstance(err, cattrs.BaseValidationError) \
            else [("", str(err))]
        raise DecodeError(name, [(_cut(path), _cut(reason)) for path, reason in found]) \
            from None


def _cut(text: str, most: int = 300) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."


def register_variant_union(converter: cattrs.Converter, union: Any) -> None:
    """Teach the library's :data:`~trumpfamily.convert.CONVERTER` a Maija variant and the
    ``union`` of the other games' :class:`~trumpfamily.variants.Variant` with it (a
    :class:`~trumpfamily.tournament.TournamentResult`'s ``variant``): a Maija variant is
    written in its own form (a preset's name and every option) and read back when its name
    is a Maija preset's and it has no other field; anything else is read as a
    :class:`~trumpfamily.variants.Variant`."""
    converter.register_unstructure_hook(MaijaVariant, _variant_out)
    other = next(t for t in get_args(union) if t is not MaijaVariant)
    plain: list[Callable[[Any, Any], Any]] = []

    def structure(value: Any, _: Any) -> Any:
        if (isinstance(value, Mapping) and set(value) == {"name", "options"}
                and is_maija_name(value.get("name"))):
            problem = _guard(value)
            if problem is not None:
                raise ValueError(problem[1])
            return _variant_in(dict(value), MaijaVariant)
        if not plain:
            plain.append(converter.get_structure_hook(other))
        return plain[0](value, other)

    converter.register_structure_hook_func(lambda t: t == union, structure)
    _drop_markers()


def _drop_markers() -> None:
    """Drop the marker :func:`attrs.resolve_types` leaves on a class (cattrs calls it when a
    hook is registered), which pydoc would print as a second copy of the docstring (as
    :mod:`trumpfamily.convert` does for the other games' classes)."""
    for cls in (Card, MaijaVariant, MaijaView, MaijaRecord, *_TAGGED.values()):
        if "__attrs_types_resolved__" in vars(cls):
            delattr(cls, "__attrs_types_resolved__")


_drop_markers()
