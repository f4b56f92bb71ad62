"""JSON at the edge: :func:`to_json` writes a value as JSON-ready data, :func:`from_json`
reads it back, for a server and its clients.

Every value a server sends or receives has a JSON form (made by the one converter of
:mod:`trumpfamily.convert`; format 1): cards, suits and phases, every action and the
:data:`~trumpfamily.actions.Action` union, :class:`~trumpfamily.outcomes.SeatView` with
everything in it, every event of :mod:`trumpfamily.events`,
:class:`~trumpfamily.outcomes.HandOutcome`, the typed hand and game records, and a
tournament's :class:`~trumpfamily.tournament.TournamentResult`. The
round trip is exact, ``from_json(to_json(x), type(x)) == x``, and :func:`from_json`
refuses anything malformed with a :class:`~trumpfamily.errors.DecodeError` that names the
field.

>>> import json, trumpfamily as tf
>>> tf.to_json(tf.Rob("8C"))
{'discard': '8C', 'type': 'Rob'}
>>> tf.from_json({"type": "Play", "card": "5H"}, tf.Action)
Play('5H')
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
>>> text = json.dumps(tf.to_json(state.view(1)))
>>> tf.from_json(json.loads(text), tf.SeatView) == state.view(1)
True
>>> tf.from_json({"type": "Play", "card": "5X"}, tf.Action)
Traceback (most recent call last):
...
trumpfamily.errors.DecodeError: cannot read Action from this data: field 'card': ...
"""

from __future__ import annotations

import typing
from typing import Any, Final, TypeVar, overload

from .actions import ACTION_TYPES, Action
from .cards import Card, Suit
from .convert import (
    CONVERTER,
    EVENT_TYPES,
    STRUCTURE_ERRORS,
    DealRecord,
    GameRecord,
    HandRecord,
    problems,
)
from .errors import DecodeError, InvalidArgumentError
from .events import AnyEvent, Event, GameEvent
from .outcomes import Barred, BiddingView, GameContext, HandOutcome, Phase, SeatView, Trick, Turn
from .tournament import TournamentResult
from .variants import Variant

__all__ = ["from_json", "to_json"]

T = TypeVar("T")

#: The classes with a JSON form of their own (actions and events add ``"type"``).
_CLASSES: Final[frozenset[type[Any]]] = frozenset({
    Card, Suit, Phase, Variant, Trick, Barred, Turn, GameContext, HandOutcome, SeatView,
    BiddingView, HandRecord, DealRecord, GameRecord, TournamentResult,
})
_ACTIONS: Final = frozenset(ACTION_TYPES.values())
_EVENTS: Final = frozenset(EVENT_TYPES.values())

#: The unions :func:`from_json` reads, by the name they have in the package.
_UNIONS: Final[dict[Any, str]] = {
    Action: "Action", Event: "Event", GameEvent: "GameEvent", AnyEvent: "AnyEvent",
}


def to_json(value: object) -> Any:
    """``value`` as JSON-ready data: dicts with str keys, lists, str, int, bool, ``None``.

    Args:
        value: a :class:`~trumpfamily.cards.Card`, :class:`~trumpfamily.cards.Suit`,
            :class:`~trumpfamily.outcomes.Phase`, :class:`~trumpfamily.variants.Variant`,
            an action, an event, a :class:`~trumpfamily.outcomes.Trick`,
            :class:`~trumpfamily.outcomes.Barred`, :class:`~trumpfamily.outcomes.Turn`,
            :class:`~trumpfamily.outcomes.GameContext`,
            :class:`~trumpfamily.outcomes.HandOutcome`,
            :class:`~trumpfamily.outcomes.SeatView`, a typed record
            (:class:`~trumpfamily.convert.HandRecord`,
            :class:`~trumpfamily.convert.GameRecord`,
            :class:`~trumpfamily.convert.DealRecord`), a
            :class:`~trumpfamily.tournament.TournamentResult` (the same data as its
            :meth:`~trumpfamily.tournament.TournamentResult.to_json`), or a list or tuple
            of these (for example ``state.events``).

    Returns:
        The JSON form (:mod:`trumpfamily.convert`): a card as its text (``"5H"``), a
        suit as its letter, a phase as its value, an action or an event as an object
        whose ``"type"`` names its class, a variant as its name and every option, a view
        or a record as an object with ``"format": 1``; a list or tuple as a list.
        ``json.dumps`` writes it as it is.

    Raises:
        InvalidArgumentError: ``value`` has no JSON form here: a
            :class:`~trumpfamily.engine.HandState` or
            :class:`~trumpfamily.game.GameState` is saved by its ``record()`` (read back
            by :func:`~trumpfamily.records.replay`), plain data is JSON already.

    >>> import trumpfamily as tf
    >>> tf.to_json(tf.parse_cards("AH 10D"))
    ['AH', 'TD']
    >>> state = tf.new_hand(tf.FORTY_FIVE, players=2, seed=3)
    >>> tf.to_json(state.events[1])
    {'card': '8H', 'trump': 'H', 'type': 'TurnedUp'}
    """
    cls = type(value)
    if cls in _ACTIONS:
        return CONVERTER.unstructure(value, Action)
    if cls in _EVENTS:
        return CONVERTER.unstructure(value, AnyEvent)
    if cls in _CLASSES:
        return CONVERTER.unstructure(value, cls)
    if cls is list or cls is tuple:
        return [to_json(item) for item in value]  # type: ignore[attr-defined]
    hint = {
        "HandState": "save a hand with state.record() and read it back with tf.replay()",
        "GameState": "save a game with state.record() and read it back with tf.replay_game()",
        "Game": "save a game with game.record() and read it back with tf.replay_game()",
    }.get(cls.__name__) or (
        "it writes cards, suits, phases, variants, actions, events, tricks, turns, views, "
        "outcomes, records, tournament results, and lists of them"
    )
    raise InvalidArgumentError(f"to_json cannot write a {cls.__name__}: {hint}")


def _target(cls: Any) -> tuple[Any, str] | None:
    """What to structure ``cls`` as, and its name; ``None`` if it has no JSON form."""
    if cls in _CLASSES:
        return cls, cls.__name__
    if cls in _ACTIONS:  # read as any action, then checked
        return Action, cls.__name__
    if cls in _EVENTS:
        return AnyEvent, cls.__name__
    if cls in _UNIONS:
        return cls, _UNIONS[cls]
    origin, args = typing.get_origin(cls), typing.get_args(cls)
    if (origin is list and len(args) == 1) or (origin is tuple and args[1:] == (Ellipsis,)):
        inner = _target(args[0])
        if inner is not None and inner[0] is args[0]:  # items read as themselves
            tail = ", ..." if origin is tuple else ""
            return cls, f"{origin.__name__}[{inner[1]}{tail}]"
    return None


@overload
def from_json(data: object, cls: type[T]) -> T: ...
@overload
def from_json(data: object, cls: Any) -> Any: ...
def from_json(data: object, cls: Any) -> Any:
    """Read a value of type ``cls`` from its JSON form (:func:`to_json`'s output, perhaps
    through :func:`json.loads`).

    Reading is strict: every field present (none filled in from a default, except a
    record's optional ``salt`` and ``mac``), no unknown field, ints that are ints (not
    bools, floats or strings), bools that are bools, lists that are lists, card text that
    is a card, an action or event ``"type"`` that names one, a view's or record's
    ``"format"`` that is 1. It checks the form, not the rules: a view read back is the
    view written, whatever its cards (replaying a record,
    :func:`~trumpfamily.records.replay`, checks the rules).

    Args:
        data: JSON data.
        cls: the type to read: any class :func:`to_json` writes (an action class, an
            event class, :class:`~trumpfamily.outcomes.SeatView`,
            :class:`~trumpfamily.outcomes.HandOutcome`,
            :class:`~trumpfamily.tournament.TournamentResult`...), one of the unions
            :data:`~trumpfamily.actions.Action`, :data:`~trumpfamily.events.Event`,
            :data:`~trumpfamily.events.GameEvent`, :data:`~trumpfamily.events.AnyEvent`,
            or ``tuple[X, ...]`` / ``list[X]`` of one of these.

    Returns:
        The value, equal to the one written: ``from_json(to_json(x), type(x)) == x``. A
        variant named after a preset is that preset with the options read (the preset
        object itself when they are its own); any other name gives a variant of its own.

    Raises:
        DecodeError: ``data`` is not the JSON form of a ``cls``; ``problems`` lists every
            problem with its path (``"legal_actions[2].card"``) and reason.
        InvalidArgumentError: ``cls`` is not a type :func:`to_json` writes.

    >>> import trumpfamily as tf
    >>> tf.from_json("TD", tf.Card), tf.from_json([{"type": "Pass"}], tuple[tf.Action, ...])
    (Card.parse('TD'), (Pass(),))
    >>> try:
    ...     tf.from_json({"type": "Rob"}, tf.Action)
    ... except tf.DecodeError as error:
    ...     print(error.path, "->", error.reason)
    discard -> missing
    >>> tf.from_json({"type": "Claim"}, tf.Jink)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.DecodeError: cannot read Jink from this data: expected a Jink, got a Claim
    """
    found = _target(cls)
    if found is None:
        raise InvalidArgumentError(
            f"from_json cannot read a {getattr(cls, '__name__', repr(cls))}: it reads the types "
            "to_json writes (Card, SeatView, HandOutcome, an action or event class, Action, "
            "AnyEvent...) and tuple[X, ...] or list[X] of them"
        )
    target, name = found
    try:
        value = CONVERTER.structure(data, target)
    except STRUCTURE_ERRORS as exc:
        raise DecodeError(name, problems(exc)) from None
    except RecursionError:  # data built in Python, nested deeper than any JSON text reads
        raise DecodeError(name, [("", "the data is nested too deeply to be one")]) from None
    if target is not cls and type(value) is not cls:
        raise DecodeError(name, [("", f"expected a {name}, got a {type(value).__name__}")])
    return value
