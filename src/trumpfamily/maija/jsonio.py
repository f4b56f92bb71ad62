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

from typing import Any, Final, TypeVar, get_args

import attrs
import cattrs

from ..cards import Card, Suit
from ..errors import DecodeError, safe_repr
from . import events as ev
from .actions import MAIJA_ACTION_TYPES, MaijaAction
from .engine import MaijaRecord, MaijaView
from .variants import MaijaVariant, find_maija_variant

__all__ = ["MAIJA_EVENT_TYPES", "maija_from_json", "maija_to_json"]

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
    return _CONV.structure_attrs_fromdict(body, target)


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


def maija_to_json(value: object) -> Any:
    """``value`` (an action, event, view, record, variant, card or a tuple of them) as
    JSON-ready data."""
    return _CONV.unstructure(value)


def maija_from_json(data: object, cls: Any) -> Any:
    """Read a value of ``cls`` (e.g. :class:`~trumpfamily.maija.MaijaView`,
    :data:`~trumpfamily.maija.actions.MaijaAction`, :class:`~trumpfamily.maija.MaijaRecord`) back
    from its JSON form.

    Raises:
        DecodeError: the data is not a value of ``cls``.
    """
    name = {MaijaAction: "MaijaAction", ev.MaijaEvent: "MaijaEvent"}.get(cls) or getattr(
        cls, "__name__", None) or safe_repr(cls)
    try:
        return _CONV.structure(data, cls)
    except Exception as err:  # noqa: BLE001 - every failure of untrusted data is a DecodeError
        detail = cattrs.transform_error(err) if isinstance(err, cattrs.BaseValidationError) \
            else [str(err)]
        raise DecodeError(name, [("", safe_repr(d, 300)) for d in detail]) from None


def _drop_markers() -> None:
    """Drop the marker :func:`attrs.resolve_types` leaves on a class (cattrs calls it when a
    hook is registered), which pydoc would print as a second copy of the docstring (as
    :mod:`trumpfamily.convert` does for the other games' classes)."""
    for cls in (Card, MaijaView, MaijaRecord, *_TAGGED.values()):
        if "__attrs_types_resolved__" in vars(cls):
            delattr(cls, "__attrs_types_resolved__")


_drop_markers()
