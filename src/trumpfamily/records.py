"""Hand records: save a hand as JSON-ready data and replay it (``HandState.record()``,
:func:`replay`).

A record holds everything needed to rebuild a hand exactly: the variant's name and every
option value, the number of players, the dealer, the deck order (top card first) and the
actions in order. Conversion is done by a :mod:`cattrs` converter (cards as their text,
actions as tagged dictionaries), not by hand-written code::

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

from .actions import Action
from .cards import Card
from .engine import HandState, new_hand
from .errors import IllegalActionError, ReplayError, TrumpFamilyError
from .variants import VARIANTS, Variant, find_variant

__all__ = ["HandRecord", "record", "replay", "CONVERTER", "FORMAT"]

#: The record format version written by :func:`record`.
FORMAT: Final = 1


@attrs.frozen
class HandRecord:
    """The typed form of a hand record (what :data:`CONVERTER` turns into plain data).

    Attributes:
        variant: the variant's name (a preset name, or a custom variant's name).
        options: every option of the variant (``Variant.options()``).
        players: the number of seats.
        dealer: the dealer's seat.
        deck: the deck order, top card first.
        actions: the actions, in order.
        format: the record format version.
    """

    variant: str
    options: dict[str, Any]
    players: int
    dealer: int
    deck: list[Card]
    actions: list[Action]
    format: int = FORMAT


def _structure_card(value: Any, _: Any) -> Card:
    if not isinstance(value, str):
        raise ValueError(f"expected card text such as '5H', got {value!r}")
    return Card.parse(value)


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, _structure_card)
    configure_tagged_union(Action, conv, tag_name="type", tag_generator=lambda cls: cls.__name__)
    return conv


#: The cattrs converter for records (cards <-> text, actions <-> ``{"type": ...}`` dicts).
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


def _variant(name: str, options: Mapping[str, Any]) -> Variant:
    try:
        return _cached_variant(name, tuple(options.items()))
    except TypeError:  # an unhashable (so invalid) option value: let with_options explain
        return _build_variant(name, options)


@functools.lru_cache(maxsize=256)
def _cached_variant(name: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    return _build_variant(name, dict(options))


def _build_variant(name: str, options: Mapping[str, Any]) -> Variant:
    try:
        base = find_variant(name)
    except TrumpFamilyError:
        base = Variant(name=name)
    variant = base.with_options(**options)
    # Keep the preset object itself when nothing changed (its caches are warm).
    preset = VARIANTS.get(name)
    return preset if preset is not None and preset == variant else variant


def _errors(exc: Exception) -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(exc))
    return str(exc)


def replay(data: Mapping[str, Any]) -> HandState:
    """Rebuild a hand from its record (RULES.md rules apply to every action again).

    Args:
        data: a record from ``HandState.record()``, possibly through JSON.

    Returns:
        The :class:`~trumpfamily.engine.HandState` equal to the one recorded.

    Raises:
        ReplayError: the record is malformed, names an unknown option or value, has a
            bad player count or dealer, or a deck that is not exactly the variant's deck
            (``index`` is ``None``); or an action is malformed or not legal when it is
            replayed (``index`` is that action's 0-based position, and the message
            gives the rule that refused it).

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=2, seed=5)
    >>> data = state.apply(state.legal_actions()[0]).record()
    >>> data["actions"] = [{"type": "Claim"}]
    >>> tf.replay(data)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.ReplayError: action 0 (Claim()) does not replay: ...
    """
    if not isinstance(data, Mapping):
        raise ReplayError(f"a record must be a mapping (dict), got {type(data).__name__}")
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list | tuple):
        raise ReplayError(f"the record's 'actions' must be a list, got {raw_actions!r}")
    header = {k: v for k, v in data.items() if k != "actions"}
    header["actions"] = []
    try:
        rec = CONVERTER.structure(header, HandRecord)
    except Exception as exc:  # cattrs raises validation groups naming each field
        raise ReplayError(f"the record is malformed: {_errors(exc)}") from None
    if rec.format != FORMAT:
        raise ReplayError(f"record format {rec.format!r} is not supported (expected {FORMAT})")
    try:
        variant = _variant(rec.variant, rec.options)
        state = new_hand(variant, players=rec.players, dealer=rec.dealer, deck=rec.deck)
    except (TrumpFamilyError, TypeError) as exc:
        raise ReplayError(f"the record does not describe a valid deal: {exc}") from None
    for index, raw in enumerate(raw_actions):
        try:
            action: Action = CONVERTER.structure(raw, Action)  # type: ignore[arg-type]
        except Exception as exc:
            raise ReplayError(
                f"action {index} ({raw!r}) is malformed: {_errors(exc)}", index
            ) from None
        try:
            state = state.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(
                f"action {index} ({action!r}) does not replay: {exc.reason}", index
            ) from None
    return state
