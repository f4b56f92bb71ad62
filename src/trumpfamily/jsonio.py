"""JSON at the edge: :func:`to_json` writes a value as JSON-ready data, :func:`from_json`
reads it back, for a server and its clients.

Every value a server sends or receives has a JSON form (made by the one converter of
:mod:`trumpfamily.convert`; format 1): cards, suits and phases, every action and the
:data:`~trumpfamily.actions.Action` union, the views
(:class:`~trumpfamily.outcomes.SeatView`, :class:`~trumpfamily.outcomes.BiddingView` and
their union :data:`~trumpfamily.outcomes.AnyView`) with everything in them, every event of
:mod:`trumpfamily.events`, :class:`~trumpfamily.outcomes.HandOutcome`, the typed hand and
game records, and a tournament's :class:`~trumpfamily.tournament.TournamentResult`. The
round trip is exact, ``from_json(to_json(x), type(x)) == x``. Every value a client may
receive as one of several classes carries its class name in ``"type"`` (actions, events,
views), so that one union reads any of them: ``from_json(data, tf.AnyView)``.

The Maija games' values (MAIJA.md §J: :class:`~trumpfamily.maija.MaijaVariant`,
:class:`~trumpfamily.maija.MaijaView`, :class:`~trumpfamily.maija.MaijaRecord`, a
:class:`~trumpfamily.maija.MaijaHand` as its record, every Maija action and event, the
unions :data:`~trumpfamily.maija.actions.MaijaAction` and
:data:`~trumpfamily.maija.events.MaijaEvent`; by their class: the registry
:data:`~trumpfamily.maija.jsonio.MAIJA_JSON_TYPES`, apart from
:data:`~trumpfamily.convert.JSON_TYPES`) are written and read the same way by
:mod:`trumpfamily.maija.jsonio`, under the same policy for untrusted data.

:func:`from_json` takes untrusted data: it refuses anything malformed with a
:class:`~trumpfamily.errors.DecodeError` that names the field, and nothing else, in time
linear in the data (a list longer than a game can hold is refused before it is read, and
reading stops at the tenth wrong item), with a message of bounded length, whatever the
depth, length or type of what it is given (:doc:`/howto/game-server`: the policy).

>>> import json, trumpfamily as tf
>>> tf.to_json(tf.Rob("8C"))
{'discard': '8C', 'type': 'Rob'}
>>> tf.from_json({"type": "Play", "card": "5H"}, tf.Action)
Play('5H')
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
>>> text = json.dumps(tf.to_json(state.view(1)))
>>> tf.from_json(json.loads(text), tf.SeatView) == state.view(1)
True
>>> bidding = tf.new_bidding_hand(tf.AUCTION_45, players=4, seed=1)
>>> [type(tf.from_json(tf.to_json(h.view(0)), tf.AnyView)).__name__ for h in (state, bidding)]
['SeatView', 'BiddingView']
>>> tf.from_json({"type": "Play", "card": "5X"}, tf.Action)
Traceback (most recent call last):
...
trumpfamily.errors.DecodeError: cannot read Action from this data: field 'card': ...
"""

from __future__ import annotations

import typing
from typing import Any, Final, TypeVar, overload

from .actions import ACTION_TYPES, Action
from .convert import CONVERTER, EVENT_TYPES, JSON_TYPES, STRUCTURE_ERRORS, problems
from .errors import DecodeError, InvalidArgumentError, safe_repr
from .events import AnyEvent
from .maija.jsonio import MAIJA_JSON_TYPES, is_maija_json_type, maija_from_json, maija_to_json
from .tournament import TournamentResult

__all__ = ["from_json", "to_json"]

T = TypeVar("T")

JSON_TYPES["TournamentResult"] = TournamentResult

_ACTIONS: Final = frozenset(ACTION_TYPES.values())
#: The Maija games' classes (MAIJA.md §J), written and read by :mod:`trumpfamily.maija.jsonio`.
_MAIJA: Final = frozenset(t for t in MAIJA_JSON_TYPES.values() if isinstance(t, type))
_EVENTS: Final = frozenset(EVENT_TYPES.values())

#: The classes with a JSON form of their own (actions and events add ``"type"``).
_CLASSES: Final[frozenset[type[Any]]] = frozenset(
    t for t in JSON_TYPES.values() if isinstance(t, type) and t not in _ACTIONS | _EVENTS
)

#: The unions :func:`from_json` reads, by the name they have in the package.
_UNIONS: Final[dict[Any, str]] = {
    t: name for name, t in JSON_TYPES.items() if not isinstance(t, type)
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
            :class:`~trumpfamily.outcomes.SeatView`,
            :class:`~trumpfamily.outcomes.BiddingView`, a typed record
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
        as an object with ``"format": 1`` and its class name in ``"type"``, a record as
        an object with ``"format": 1``; a list or tuple as a list.
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
    if cls in _MAIJA:
        return maija_to_json(value)
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
    try:
        hash(cls)
    except TypeError:  # not a type at all (a list, a dict...)
        return None
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
    ``"format"`` that is 1, a record's options that are every option of its variant. It
    checks the form, not the rules: a view read back is the view written, whatever its
    cards (replaying a record, :func:`~trumpfamily.records.replay`, checks the rules).

    ``data`` may come from anybody: whatever its depth, length or type, the only error is
    :class:`~trumpfamily.errors.DecodeError`, its message is bounded and the time is linear
    in the data. A list of cards holds at most 53, a hand's actions (in a record, in a
    view's ``history``) at most :data:`~trumpfamily.convert.MOST_HAND_ACTIONS`, any other
    list at most :data:`~trumpfamily.convert.MOST_ITEMS` (lists of floats excepted): a
    longer one is refused before its items are read.

    Args:
        data: JSON data.
        cls: the type to read: any class :func:`to_json` writes (an action class, an
            event class, :class:`~trumpfamily.outcomes.SeatView`,
            :class:`~trumpfamily.outcomes.HandOutcome`,
            :class:`~trumpfamily.tournament.TournamentResult`...), one of the unions
            :data:`~trumpfamily.actions.Action`, :data:`~trumpfamily.events.Event`,
            :data:`~trumpfamily.events.GameEvent`, :data:`~trumpfamily.events.AnyEvent`,
            :data:`~trumpfamily.outcomes.AnyView` (by the ``"type"`` field: a view
            written without one reads as a :class:`~trumpfamily.outcomes.BiddingView` if
            it has an ``"auction"``, else as a :class:`~trumpfamily.outcomes.SeatView`),
            :data:`~trumpfamily.convert.AnyRecord` (by the ``"kind"`` of a game record),
            or ``tuple[X, ...]`` / ``list[X]`` of one of these (every name is a key of
            :data:`~trumpfamily.convert.JSON_TYPES`).

    Returns:
        The value, equal to the one written: ``from_json(to_json(x), type(x)) == x``. A
        variant named after a preset is that preset with the options read (the preset
        object itself when they are its own); any other name gives a variant of its own.

    Raises:
        DecodeError: ``data`` is not the JSON form of a ``cls``; ``problems`` lists the
            problems (the first ten at most) with their paths
            (``"legal_actions[2].card"``) and reasons.
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
    if is_maija_json_type(cls):
        return maija_from_json(data, cls)
    found = _target(cls)
    if found is None:
        name = getattr(cls, "__name__", None)
        raise InvalidArgumentError(
            f"from_json cannot read a {name if type(name) is str else safe_repr(cls)}: it "
            "reads the types to_json writes (Card, SeatView, HandOutcome, an action or event "
            "class, Action, AnyEvent, AnyView...) and tuple[X, ...] or list[X] of them"
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
