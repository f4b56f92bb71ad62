"""The JSON form of the library's values: the one :mod:`cattrs` converter, and the typed
records of hands and games (used by ``HandState.record()``, ``GameState.record()``,
:mod:`trumpfamily.records` and :mod:`trumpfamily.jsonio`).

This module knows the data, not the engine: it imports neither
:mod:`trumpfamily.engine` nor :mod:`trumpfamily.game`, which call it to write their
records; :mod:`trumpfamily.records` reads records back and replays them, and
:func:`~trumpfamily.jsonio.to_json` / :func:`~trumpfamily.jsonio.from_json` convert any
value. The forms (format 1, :data:`FORMAT`):

* a card is its text, ``"5H"``, ``"TD"``, ``"JK"``; a suit its letter, ``"H"``; a
  :class:`~trumpfamily.outcomes.Phase` its value, ``"play"``;
* an action or an event is an object with a ``"type"`` field naming its class:
  ``{"card": "5H", "type": "Play"}``, ``{"type": "Claim"}``, ``{"seat": 1, "card": "5H",
  "type": "Played"}``;
* a variant is ``{"name": ..., "options": {...every option...}, "min_players": ...,
  "max_players": ...}``: a preset's name reads back as that preset with the options, any
  other name as a variant of its own built from them. A bidding variant's options are
  those of :meth:`~trumpfamily.variants.Variant.option_specs` (OPTIONS.md, then BIDDING.md
  §7): its pairs are lists, ``"min_bid_near_end": [100, 20]`` and ``"draw_limit": [[6,
  3]]`` (players, limit), and the bidding options tell a bidding variant from the others;
* :class:`~trumpfamily.outcomes.Trick`, :class:`~trumpfamily.outcomes.Barred`,
  :class:`~trumpfamily.outcomes.Turn`, :class:`~trumpfamily.outcomes.GameContext`,
  :class:`~trumpfamily.outcomes.HandOutcome` and the records are objects with one field
  per attribute, tuples written as lists;
* a :class:`~trumpfamily.outcomes.SeatView` is a top-level document: its fields and
  ``"format": 1``; so are records (their ``format`` field).

Reading is strict: every field present (defaults are not filled in, except a record's
optional ``salt`` and ``mac``), no unknown field, ints that are ints (not bools, floats
or strings), bools that are bools, lists that are lists, cards that are card text.

>>> import trumpfamily as tf
>>> from trumpfamily.convert import hand_record
>>> data = hand_record(tf.SPOIL_FIVE, 2, 0, tf.parse_cards("5H JS"), [tf.Play("5H")])
>>> data["actions"], data["deck"]
([{'card': '5H', 'type': 'Play'}], ['5H', 'JS'])
"""

from __future__ import annotations

import functools
import math
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import NoneType, UnionType
from typing import Any, Final, TypeAlias, TypeVar

import attrs
import cattrs
from cattrs.cols import namedtuple_dict_unstructure_factory
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_unstructure_fn, override

from . import events as _events
from ._options import option_value_problem
from .actions import ACTION_TYPES, Action, Discard, too_many_discarded
from .cards import Card, Suit
from .errors import MAX_PROBLEMS, CardParseError, InvalidVariantError, safe_repr
from .integrity import salt_from_hex, sign
from .outcomes import (
    AnyView,
    Barred,
    BiddingView,
    GameContext,
    HandOutcome,
    Phase,
    SeatView,
    Trick,
    Turn,
)
from .table import Table
from .variants import (
    ALL_VARIANTS,
    AUCTION_45,
    BIDDING_OPTION_SPECS,
    OPTION_SPECS,
    OptionSpec,
    Variant,
)

__all__ = [
    "CONVERTER",
    "EVENT_TYPES",
    "FORMAT",
    "JSON_TYPES",
    "MOST_CARDS",
    "MOST_HAND_ACTIONS",
    "MOST_INT_BITS",
    "MOST_ITEMS",
    "MOST_SEED_BITS",
    "MOST_SEED_TEXT",
    "VIEW_TYPES",
    "AnyRecord",
    "DealRecord",
    "GameRecord",
    "HandRecord",
    "game_record",
    "hand_record",
]

#: The version of the JSON forms, written in records and views (``"format": 1``).
FORMAT: Final = 1

# The base of a custom bidding variant read back: every one of its options is given.
_BIDDING_VARIANT: Final = AUCTION_45


@attrs.frozen
class HandRecord:
    """The typed form of a hand record (what ``CONVERTER`` turns into plain data).

    Attributes:
        variant: the variant's name (a preset's name; a custom variant's own name).
        options: every option of the variant (``Variant.options()``).
        players: the number of seats.
        dealer: the dealer's seat.
        deck: the deck order, top card first.
        actions: the actions, in order.
        format: the record format version (required in a record; :data:`FORMAT`).
        salt: for a hand dealt with a commitment (``new_hand(..., commit=True)``), its
            16-byte salt as 32 lowercase hex digits, else ``None`` (not written).
        mac: for a record written with a key (``record(key=...)``), the HMAC-SHA256 of
            the rest of the record as 64 lowercase hex digits, else ``None`` (not
            written; :mod:`trumpfamily.integrity`).
        scores: for a hand of a bidding game dealt in a game whose scores were not all 0,
            each side's score before the hand (the near-end rules read them; BIDDING.md
            §3.3, §3.7), else ``None`` (not written).
    """

    variant: str
    options: dict[str, Any]
    players: int
    dealer: int
    deck: list[Card]
    actions: list[Action]
    format: int = FORMAT
    salt: str | None = None
    mac: str | None = None
    scores: list[int] | None = None


@attrs.frozen
class DealRecord:
    """One hand of a game record (:class:`GameRecord`).

    Attributes:
        dealer: the dealer's seat.
        deck: the deck order, top card first.
        actions: the actions of the hand, in order.
    """

    dealer: int
    deck: list[Card]
    actions: list[Action]


@attrs.frozen
class GameRecord:
    """The typed form of a game record (what ``CONVERTER`` turns into plain data).

    Attributes:
        variant: the variant's name (a preset's name; a custom variant's own name).
        options: every option of the variant (``Variant.options()``).
        players: the number of seats.
        seed: the game's seed (``GameState.seed``: an int or a str).
        dealer: the first dealer as given to :func:`~trumpfamily.game.new_game`, or
            ``None`` when the variant's ``first_dealer`` rule chose him.
        hands: the ``hands`` limit, or ``None``.
        scores: the starting scores per side as given, or ``None``.
        decks: the stacked decks given for the first deals (top card first).
        deals: every hand dealt, in order (:class:`DealRecord`); the last one may be
            unfinished.
        kind: ``"game"`` (a hand record has no ``kind``).
        format: the record format version (:data:`FORMAT`).
        salt: for a game dealt with commitments (``new_game(..., commit=True)``), the
            game's 16-byte salt as 32 lowercase hex digits (each hand's salt derives from
            it: :func:`~trumpfamily.integrity.deal_salt`), else ``None`` (not written).
        mac: for a record written with a key, its HMAC-SHA256, else ``None`` (not
            written).
    """

    variant: str
    options: dict[str, Any]
    players: int
    seed: int | str
    dealer: int | None
    hands: int | None
    scores: list[int] | None
    decks: list[list[Card]]
    deals: list[DealRecord]
    kind: str = "game"
    format: int = FORMAT
    salt: str | None = None
    mac: str | None = None


#: The typed record of a hand or of a game, as :func:`~trumpfamily.jsonio.from_json` reads
#: either: a game record's ``"kind"`` is ``"game"``, a hand record has none.
AnyRecord: TypeAlias = HandRecord | GameRecord

#: The event classes of :mod:`trumpfamily.events`, by name (the ``"type"`` of their JSON).
EVENT_TYPES: Final[dict[str, type[Any]]] = {
    cls.__name__: cls for cls in typing.get_args(_events.AnyEvent)
}

_TAGGED: Final[dict[type[Any], str]] = {
    **{cls: name for name, cls in ACTION_TYPES.items()},
    **{cls: name for name, cls in EVENT_TYPES.items()},
}

#: The attrs classes the converter reads and writes.
_ATTRS_CLASSES: Final = (
    HandRecord, DealRecord, GameRecord, Trick, Barred, HandOutcome, Variant,
    *ACTION_TYPES.values(), *EVENT_TYPES.values(),
)


def _drop_markers() -> None:
    """Drop the marker :func:`attrs.resolve_types` leaves (cattrs calls it when a hook is
    registered), a class attribute holding the class, which pydoc would print as a second
    copy of the docstring."""
    for cls in _ATTRS_CLASSES:
        if "__attrs_types_resolved__" in vars(cls):
            delattr(cls, "__attrs_types_resolved__")


# Concrete field types for cattrs, resolved once here (``from __future__ import
# annotations`` leaves strings).
for _cls in _ATTRS_CLASSES:
    attrs.resolve_types(_cls)
del _cls


# -- errors -------------------------------------------------------------------------------


class _Bad(ValueError):
    """A value of the wrong type or form; the message is shown as it is."""


class _FieldBad(_Bad):
    """A class-level check that fails on one field (``field``)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


#: What structuring malformed data may raise: cattrs' validation groups, our strict hooks'
#: ValueError, and the plain errors of data of the wrong shape.
STRUCTURE_ERRORS: Final[tuple[type[Exception], ...]] = (
    cattrs.BaseValidationError,
    cattrs.errors.StructureHandlerNotFoundError,
    ValueError,
    TypeError,
    KeyError,
    AttributeError,
)


def _kind(value: object) -> str:
    """The type and a bounded repr of a value, for a message: ``"str '4'"``."""
    return f"{type(value).__name__} {safe_repr(value)}"


def _describe(err: BaseException, _: Any) -> str:
    if isinstance(err, _Bad):
        return str(err)
    if isinstance(err, KeyError):
        return "missing"
    if isinstance(err, ForbiddenExtraKeysError):
        return f"unexpected field(s) {_names(err.extra_fields, getattr(err, 'count', 0))}"
    if isinstance(err, AttributeError):
        return "expected a mapping"
    return f"invalid ({err})"


def _names(names: Iterable[str], count: int = 0) -> str:
    """Field names for a message, in order, each quoted and bounded, the first five (and
    how many more of the ``count`` there are)."""
    found = sorted(names)
    count = max(count, len(found))
    shown = ", ".join(safe_repr(name, 40) for name in found[:5])
    return shown + (f" and {count - 5:,} more" if count > 5 else "")


def problems(exc: BaseException) -> list[tuple[str, str]]:
    """Every problem of a structuring error, as ``(path, reason)`` pairs: the path in
    field names and indices (``"legal_actions[2].card"``; ``""`` for the value itself)."""
    out = []
    for line in cattrs.transform_error(exc, format_exception=_describe):
        text, _, path = line.rpartition(" @ ")
        out.append((path.removeprefix("$").removeprefix("."), text))
    return out


_E = TypeVar("_E", bound=BaseException)


# -- limits -------------------------------------------------------------------------------
#
# Lists are refused by their length before an item is read, by what a game can ever hold,
# so that a long list sent by a remote player costs nothing; and reading a list stops at
# the MAX_PROBLEMS-th item that is wrong. Together with the strict hooks (whose recursion
# follows the type, never the data) and the bounded messages of safe_repr, reading costs
# time linear in the input, whatever it is.

#: The most cards any list of cards holds: a deck with the joker (a hand, a trick, a
#: discard, a deck are all smaller or equal).
MOST_CARDS: Final = 53

#: The most actions one hand can hold, with room to spare: a turn-up hand has at most 50
#: plays and a round of prompts, a bidding hand an auction of a few calls per rung, the
#: discards, the takes and 50 plays (BIDDING.md §2, §3): a few hundred at the very most.
MOST_HAND_ACTIONS: Final = 1000

#: The most items of any other list read from JSON (legal actions, events, the hands of
#: a game record, the stacked decks of a game...): a game holds fewer; a list of floats
#: (a tournament's per-deal results) has no limit but its cost, a fraction of a
#: microsecond an item.
MOST_ITEMS: Final = 10_000


def _too_long(size: int, most: int, what: str, why: str) -> str:
    return f"{size:,} {what} given; {why} {most:,}"


def _note(exc: _E, note: str) -> _E:
    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
    return exc


# -- scalars ------------------------------------------------------------------------------


def _structure_str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise _Bad(f"expected a string, got {_kind(value)}")
    return value


#: The most bits of an int read from JSON, its sign aside (a seat, a count, a score:
#: 64-bit ints, what JSON readers hold); a seed may have more.
MOST_INT_BITS: Final = 63

#: The most bits of an int seed read from JSON (a game's record holds its seed).
MOST_SEED_BITS: Final = 4096

#: The longest text seed read (a game's seed as its record writes it).
MOST_SEED_TEXT: Final = 4096


def _structure_int(value: Any, _: Any) -> int:
    if type(value) is not int:  # not a bool, a float or a numeric string
        raise _Bad(f"expected an int, got {_kind(value)}")
    if value.bit_length() > MOST_INT_BITS:
        raise _Bad(f"expected an int of at most 64 bits, got {_kind(value)}")
    return value


def _structure_float(value: Any, _: Any) -> float:
    if type(value) is float:
        if math.isfinite(value):
            return value
    elif type(value) is int:  # JSON may write 2.0 as 2
        try:
            return float(value)
        except OverflowError:
            pass
    raise _Bad(f"expected a finite number, got {_kind(value)}")


def _structure_bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:  # not 0, 1 or "true"
        raise _Bad(f"expected true or false, got {_kind(value)}")
    return value


#: Card text read from JSON, by the text (what :meth:`Card.parse` gives for it).
_CARD_TEXT: Final[dict[str, Card]] = {}


def _structure_card(value: Any, _: Any) -> Card:
    if type(value) is not str:
        raise _Bad(f"expected card text such as '5H', got {_kind(value)}")
    found = _CARD_TEXT.get(value)
    if found is not None:
        return found
    if len(value) > _MOST_CARD_TEXT:  # no card's text is longer: not read at all
        raise _Bad(f"cannot read a card from {safe_repr(value)}: card text is a few "
                   "characters, e.g. '5H', 'TD', '10s', or 'JK' for the joker")
    try:
        card = Card.parse(value)
    except CardParseError as exc:
        raise _Bad(str(exc)) from None
    if len(_CARD_TEXT) < 4096:
        _CARD_TEXT[value] = card
    return card


#: The longest card text there is (``" 10♥ "``: blanks around it are allowed, a few).
_MOST_CARD_TEXT: Final = 16


def _structure_cards(value: Any, _: Any) -> list[Card]:
    if not isinstance(value, list | tuple):
        raise _Bad(f"expected a list of card texts, got {_kind(value)}")
    if len(value) > MOST_CARDS:
        raise _Bad(_too_long(len(value), MOST_CARDS, "cards", "a deck holds at most"))
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(_structure_card(item, Card))
        except _Bad as exc:
            raise _Bad(f"item {i}: {exc}") from None
    return cards


def _structure_seed(value: Any, _: Any) -> int | str:
    if type(value) is not int and type(value) is not str:
        raise _Bad(f"expected an int or a string, got {_kind(value)}")
    if isinstance(value, int):
        big = value.bit_length() > MOST_SEED_BITS
    else:
        big = len(value) > MOST_SEED_TEXT
    if big:
        raise _Bad(f"a seed is an int of at most {MOST_SEED_BITS} bits or a text of at most "
                   f"{MOST_SEED_TEXT} characters, got {_kind(value)}")
    return value


_SUITS: Final = {suit.letter: suit for suit in Suit}
_PHASES: Final = {phase.value: phase for phase in Phase}


def _structure_suit(value: Any, _: Any) -> Suit:
    found = _SUITS.get(value) if type(value) is str else None
    if found is None:
        raise _Bad(f"expected a suit letter, one of 'C', 'D', 'H', 'S', got {_kind(value)}")
    return found


def _structure_phase(value: Any, _: Any) -> Phase:
    found = _PHASES.get(value) if type(value) is str else None
    if found is None:
        names = ", ".join(map(repr, _PHASES))
        raise _Bad(f"expected a phase, one of {names}, got {_kind(value)}")
    return found


#: The most options a variant has, with room to spare (a bidding variant has 68): a
#: mapping of more is refused before its values are looked at.
_MOST_OPTIONS: Final = 256


def _structure_options(value: Any, _: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise _Bad(f"expected a mapping (a JSON object) of option values, got {_kind(value)}")
    if len(value) > _MOST_OPTIONS:
        raise _Bad(f"{len(value):,} options given; a variant has at most {_MOST_OPTIONS}")
    for k, v in value.items():
        if type(k) is not str:
            raise _Bad(f"option names must be strings, got {_kind(k)}")
        problem = option_value_problem(v)
        if problem is not None:
            raise _Bad(f"option {safe_repr(k, 40)}: {problem}")
    return dict(value)


# -- variants -----------------------------------------------------------------------------


def _specs_of(options: Mapping[str, Any]) -> Mapping[str, tuple[str, OptionSpec]]:
    """The options of the variant ``options`` describe: a bidding variant's when any option
    of the bidding component alone is among them, else those of OPTIONS.md."""
    bidding = any(name in BIDDING_OPTION_SPECS and name not in OPTION_SPECS for name in options)
    return _BIDDING_VARIANT.option_specs() if bidding else OPTION_SPECS


def options_from_json(options: Mapping[str, Any]) -> dict[str, Any]:
    """Option values from their JSON form: the pairs of a bidding variant (JSON lists) as
    tuples, ``"draw_limit": [[6, 3]]`` -> ``((6, 3),)``; a mapping with int keys, as
    msgpack, CBOR or YAML give ``{6: 3}``, as its sorted pairs too; every other value as
    it is."""
    specs = _specs_of(options)
    return {name: _frozen(specs[name][1].from_json(value)) if name in specs else value
            for name, value in options.items()}


def _frozen(value: Any) -> Any:
    """A mapping as its sorted ``(key, value)`` pairs (hashable, as a variant's options
    are); any other value as it is. Keys that cannot be sorted leave the mapping as it is,
    for the option's check to refuse."""
    if isinstance(value, Mapping):
        try:
            return tuple(sorted(value.items()))
        except TypeError:
            return value
    return value


def options_to_json(options: Mapping[str, Any]) -> dict[str, Any]:
    """Option values in their JSON form (:func:`options_from_json` reads them back)."""
    specs = _specs_of(options)
    return {name: specs[name][1].to_json(value) if name in specs else value
            for name, value in options.items()}


def check_options(options: Mapping[str, Any]) -> None:
    """Every option of the variant, each of its exact type and value (RULES.md §3;
    BIDDING.md §7 for a bidding variant, whose pairs may be JSON lists).

    Raises:
        ValueError: ``"must give every option of the variant exactly once: missing ...;
            unknown ..."`` or ``"are not valid: option ante=1.0 is not valid; ..."``.
    """
    specs = _specs_of(options)
    missing = [name for name in specs if name not in options]
    unknown = [str(name) for name in options if name not in specs]
    if missing or unknown:
        parts = []
        if missing:
            parts.append(f"missing {', '.join(missing)}")
        if unknown:
            parts.append(f"unknown {_names(unknown)}")
        raise _Bad(f"must give every option of the variant exactly once: {'; '.join(parts)}")
    for name, (_, spec) in specs.items():
        problem = option_value_problem(options[name])
        if problem is not None:
            raise _Bad(f"are not valid: option {name}: {problem}")
        try:
            # exact types: a flag is a bool, an int an int
            spec.check(name, _frozen(spec.from_json(options[name])))
        except InvalidVariantError as exc:
            raise _Bad(f"are not valid: {exc}") from None


def preset_variant(base: Variant, options: Mapping[str, Any]) -> Variant:
    """The preset ``base`` with ``options`` (checked by :func:`check_options`): the preset
    object itself when nothing changed, so that its caches stay warm.

    Raises:
        ValueError: ``"are not valid: ..."``, options valid one by one but not together.
    """
    return _variant_of(base.name, options)


def _variant_of(name: str, options: Mapping[str, Any]) -> Variant:
    """A preset's name: that preset with ``options``; another name: a variant of its own
    with the default components and ``options`` (which are all of its rules)."""
    # Keyed by (name, type, value): 1, 1.0 and True can never share an entry.
    try:
        values = options_from_json(options)
        return _cached_variant(name, tuple((k, type(v), v) for k, v in values.items()))
    except InvalidVariantError as exc:  # options that are valid one by one, not together
        raise _Bad(f"are not valid: {exc}") from None


@functools.lru_cache(maxsize=256)
def _cached_variant(name: str, options: tuple[tuple[str, type, Any], ...]) -> Variant:
    base = ALL_VARIANTS.get(name)
    if base is None:
        bidding = _specs_of({k: v for k, _, v in options}) is not OPTION_SPECS
        # Two seats until the caller sets the variant's own player counts, so that the
        # stock is checked at those counts only (_structure_variant does).
        base = (attrs.evolve(_BIDDING_VARIANT, name=name, aliases=(),
                             table=Table(min_players=2, max_players=2)) if bidding
                else Variant(name=name))
    variant = base.with_options(**{k: v for k, _, v in options})
    return base if base == variant else variant


_VARIANT_FIELDS: Final = ("name", "options", "min_players", "max_players")


def _unstructure_variant(variant: Variant) -> dict[str, Any]:
    table = variant.table
    return {
        "name": variant.name,
        "options": options_to_json(variant.options()),
        "min_players": table.min_players,
        "max_players": table.max_players,
    }


def _structure_variant(value: Any, _: Any) -> Variant:
    if not isinstance(value, Mapping):
        raise _Bad(
            f"expected a variant, a mapping with {', '.join(map(repr, _VARIANT_FIELDS))}, "
            f"got {_kind(value)}"
        )
    _check_keys(value, _VARIANT_FIELDS, Variant)
    errors: list[Exception] = []
    got: dict[str, Any] = {}
    for field, hook in (
        ("name", _structure_str),
        ("options", _structure_options),
        ("min_players", _structure_int),
        ("max_players", _structure_int),
    ):
        try:
            got[field] = hook(value[field], None)
        except _Bad as exc:
            errors.append(_field_error(exc, Variant, field, Any))
    if errors:
        raise ClassValidationError("While structuring a variant", errors, Variant)
    name, options = got["name"], got["options"]
    if not name.strip():
        raise _fail(Variant, "name", "a variant's name may not be empty")
    try:
        check_options(options)
        variant = _variant_of(name, options)
    except _Bad as exc:
        raise _fail(Variant, "options", str(exc)) from None
    players = (got["min_players"], got["max_players"])
    if players != (variant.table.min_players, variant.table.max_players):
        try:
            table = attrs.evolve(variant.table, min_players=players[0], max_players=players[1])
            variant = attrs.evolve(variant, table=table)
        except InvalidVariantError as exc:
            raise _fail(Variant, "max_players", str(exc)) from None
    return variant


# -- classes, sequences and tagged unions -------------------------------------------------


class _ExtraKeys(ForbiddenExtraKeysError):
    """Unexpected fields: the first few (as bounded text) and how many there are."""

    def __init__(self, cls: type[Any], shown: set[str], count: int) -> None:
        super().__init__("", cls, shown)
        self.count = count


def _extra_keys(
    value: Mapping[Any, Any], names: frozenset[str] | tuple[str, ...], cls: type[Any]
) -> _ExtraKeys | None:
    """The keys of ``value`` that are not ``names``, if any: the first five as bounded
    text, and their number."""
    shown: set[str] = set()
    count = 0
    for k in value:
        if type(k) is not str or k not in names:
            count += 1
            if len(shown) < 5:
                shown.add(k if type(k) is str and len(k) <= 40 else safe_repr(k, 40))
    return _ExtraKeys(cls, shown, count) if count else None


def _check_keys(value: Mapping[Any, Any], names: Iterable[str], cls: type[Any]) -> None:
    """Refuse a mapping with a missing or an unexpected field (every field is required)."""
    names = tuple(names)
    errors: list[Exception] = [
        _field_error(KeyError(name), cls, name, Any) for name in names if name not in value
    ]
    extra = _extra_keys(value, names, cls)
    if extra is not None:
        errors.append(extra)
    if errors:
        raise ClassValidationError(f"While structuring {cls.__name__}", errors, cls)


def _field_error(exc: Exception, cls: type[Any], name: str, t: Any) -> Exception:
    note = AttributeValidationNote(f"Structuring class {cls.__name__} @ attribute {name}", name, t)
    _note(exc, note)
    return exc


def _fail(cls: type[Any], field: str, message: str) -> ClassValidationError:
    """The error of a value whose ``field`` is wrong (``message``)."""
    return ClassValidationError(
        f"While structuring {cls.__name__}", [_field_error(_Bad(message), cls, field, Any)], cls
    )


def _fields(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    if attrs.has(cls):
        # the types resolved here (a class not resolved above, a tournament's result,
        # has its annotations as text)
        resolved = typing.get_type_hints(cls)
        return tuple((a.name, resolved.get(a.name, a.type)) for a in attrs.fields(cls) if a.init)
    hints = typing.get_type_hints(cls)
    return tuple((name, hints[name]) for name in cls._fields)


#: Lists of a class limited more tightly than by their item type (:func:`_most_items`):
#: the actions of one hand.
_FIELD_MOST: Final[dict[tuple[type[Any], str], int]] = {
    (HandRecord, "actions"): MOST_HAND_ACTIONS,
    (DealRecord, "actions"): MOST_HAND_ACTIONS,
    (SeatView, "history"): MOST_HAND_ACTIONS,
    (BiddingView, "history"): MOST_HAND_ACTIONS,
    (BiddingView, "auction"): MOST_HAND_ACTIONS,
    (Discard, "cards"): MOST_CARDS,
}

#: Fields a reader may leave out (they default to ``None``): the integrity fields.
_OPTIONAL: Final[dict[type[Any], frozenset[str]]] = {
    HandRecord: frozenset({"salt", "mac", "scores"}),
    GameRecord: frozenset({"salt", "mac"}),
}


def _check_turn(turn: Turn) -> None:
    if turn.kind not in ACTION_TYPES:
        raise _FieldBad(
            "kind",
            f"unknown action type {safe_repr(turn.kind)} (expected one of "
            f"{', '.join(ACTION_TYPES)})",
        )
    if turn.action is not None and type(turn.action).__name__ != turn.kind:
        raise _FieldBad(
            "kind",
            f"{safe_repr(turn.kind)} is not the type of its action "
            f"({type(turn.action).__name__})",
        )


def _check_record(rec: HandRecord | GameRecord) -> None:
    try:
        check_options(rec.options)
    except _Bad as exc:
        raise _FieldBad("options", f"the options {exc}") from None
    if rec.format != FORMAT:
        raise _FieldBad(
            "format", f"record format {safe_repr(rec.format)} is not supported (expected {FORMAT})"
        )
    if rec.salt is not None:
        try:
            salt_from_hex(rec.salt)
        except ValueError as exc:
            raise _FieldBad("salt", str(exc)) from None
    if rec.mac is not None and not (
        len(rec.mac) == 64 and set(rec.mac) <= set("0123456789abcdef")
    ):
        raise _FieldBad("mac", f"expected 64 lowercase hex digits, got {_kind(rec.mac)}")


def _check_game_record(rec: GameRecord) -> None:
    if rec.kind != "game":
        raise _FieldBad("kind", f"expected 'game', got {_kind(rec.kind)}")
    _check_record(rec)


def _check_view(view: SeatView | BiddingView) -> None:
    """A view read from JSON must hold together before any code indexes by its seats: the
    table size one its variant deals, each seat named in it a seat of that table, and each
    per-seat list one entry a seat (a client may read views from a server it does not
    trust, and the encodings and pictures index by these)."""
    players = view.players
    counts = view.variant.player_counts()
    if players not in counts:
        raise _FieldBad("players", f"{view.variant.name} is not dealt to {safe_repr(players)} "
                                   f"players (it deals {', '.join(map(str, counts))})")

    def seat(name: str, value: object, *, none: bool = False) -> None:
        if (value is None and none) or (type(value) is int and 0 <= value < players):
            return
        raise _FieldBad(name, f"{safe_repr(value)} is not a seat of a table of {players}")

    seat("seat", view.seat)
    seat("dealer", view.dealer)
    seat("to_act", view.to_act, none=True)
    seat("leader", view.leader, none=True)
    per_seat = ["trick_counts"]
    if isinstance(view, BiddingView):
        seat("high_bidder", view.high_bidder, none=True)
        seat("bidder", view.bidder, none=True)
        per_seat += ["discarded", "drawn"]
    else:
        seat("robbed_by", view.robbed_by, none=True)
        seat("jinker", view.jinker, none=True)
    for name in per_seat:
        if len(getattr(view, name)) != players:
            raise _FieldBad(name, f"{len(getattr(view, name))} entries for {players} seats")
    for i, side in enumerate(view.sides):
        for member in side:
            seat(f"sides[{i}]", member)
    chips = None if view.game is None else view.game.chips
    if chips is not None and len(chips) not in (0, players):
        raise _FieldBad("game", f"chips for {len(chips)} seats at a table of {players}")
    pool = None if view.game is None else view.game.pool
    if pool is not None and pool < 0:
        raise _FieldBad("game", f"a pool of {pool} chips (a pool is never below 0)")


#: Checks of a whole value once its fields are read (raising :class:`_FieldBad`).
_CHECKS: Final[dict[type[Any], Callable[[Any], None]]] = {
    Turn: _check_turn,
    HandRecord: _check_record,
    GameRecord: _check_game_record,
    SeatView: _check_view,
    BiddingView: _check_view,
}


def _class_structure(cls: type[Any], conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A strict hook for an attrs class or a NamedTuple: a mapping with every field (no
    defaults filled in but the optional ones), nothing else, each field read by its type."""
    fields = _fields(cls)
    names = frozenset(name for name, _ in fields)
    optional = _OPTIONAL.get(cls, frozenset())
    check = _CHECKS.get(cls)
    limits = {name: most for (owner, name), most in _FIELD_MOST.items() if owner is cls}
    hooks: list[Callable[[Any, Any], Any]] = []

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, Mapping):
            raise _Bad(f"expected a mapping (a JSON object), got {_kind(value)}")
        if not hooks:  # looked up at first use: every hook is registered by then
            hooks[:] = [conv.get_structure_hook(t) for _, t in fields]
        errors: list[Exception] = []
        kwargs = {}
        for (name, t), hook in zip(fields, hooks, strict=True):
            if name in value:
                try:
                    raw = value[name]
                    if name in limits and isinstance(raw, list | tuple):
                        if cls is Discard and len(raw) > limits[name]:
                            raise _Bad(too_many_discarded(len(raw)))
                        _check_length(raw, limits[name], None)
                    kwargs[name] = hook(raw, t)
                except STRUCTURE_ERRORS as exc:
                    errors.append(_field_error(exc, cls, name, t))
            elif name not in optional:
                errors.append(_field_error(KeyError(name), cls, name, t))
        extra = _extra_keys(value, names, cls)
        if extra is not None:
            errors.append(extra)
        if errors:
            raise ClassValidationError(f"While structuring {cls.__name__}", errors, cls)
        out = cls(**kwargs)
        if check is not None:
            try:
                check(out)
            except _FieldBad as exc:
                raise _fail(cls, exc.field, str(exc)) from None
        return out

    return structure


def _most_items(item: Any) -> int | None:
    """The most items a list of ``item`` may hold (``None``: no limit)."""
    if item is Card:
        return MOST_CARDS
    if item is float or (_is_seq(item) and typing.get_args(item)[0] is float):
        return None
    return MOST_ITEMS


def _check_length(value: Sequence[Any], most: int | None, item: Any) -> None:
    if most is not None and len(value) > most:
        what = "cards" if item is Card else "items"
        raise _Bad(_too_long(len(value), most, what, "a list here holds at most"))


def _seq_structure(t: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A strict hook for ``tuple[X, ...]`` and ``list[X]``: a list (or tuple), not a string
    or a mapping, of at most :func:`_most_items` items, each read as ``X``; reading stops
    at the :data:`~trumpfamily.errors.MAX_PROBLEMS`-th wrong item."""
    item = typing.get_args(t)[0]
    make: Callable[[list[Any]], Any] = tuple if typing.get_origin(t) is tuple else list
    most = _most_items(item)
    hook: list[Callable[[Any, Any], Any]] = []

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise _Bad(f"expected a list, got {_kind(value)}")
        _check_length(value, most, item)
        if item is float and all(type(v) is float and math.isfinite(v) for v in value):
            return make(list(value))  # the common case of a long list, at C speed
        if not hook:
            hook[:] = [conv.get_structure_hook(item)]
        read = hook[0]
        out: list[Any] = []
        errors: list[Exception] = []
        for i, v in enumerate(value):
            try:
                out.append(read(v, item))
            except STRUCTURE_ERRORS as exc:
                errors.append(_note(exc, IterableValidationNote(f"index {i}", i, item)))
                if len(errors) == MAX_PROBLEMS - 1 and i + 1 < len(value):
                    errors.append(_Bad(f"and {len(value) - i - 1:,} more items not read "
                                       f"(reading stops at {MAX_PROBLEMS - 1} wrong items)"))
                    break
        if errors:
            raise IterableValidationError(f"While structuring {t!r}", errors, t)
        return make(out)

    return structure


def _is_seq(t: Any) -> bool:
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if origin is tuple:
        return len(args) == 2 and args[1] is Ellipsis
    return origin is list and len(args) == 1


def _tagged_members(t: Any) -> tuple[dict[str, type[Any]], bool] | None:
    """For a union of action or event classes (perhaps with ``None``): the classes by
    name and whether ``None`` is allowed; else ``None``."""
    if not isinstance(t, UnionType) and typing.get_origin(t) is not typing.Union:
        return None
    members = typing.get_args(t)
    classes = [m for m in members if m is not NoneType]
    if not classes or not all(m in _TAGGED for m in classes):
        return None
    return {_TAGGED[m]: m for m in classes}, NoneType in members


def _noun(members: Mapping[str, type[Any]]) -> str:
    return "action" if all(m in ACTION_TYPES.values() for m in members.values()) else "event"


def _union_structure(t: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A hook for a union of tagged classes: the ``"type"`` field names the class."""
    found = _tagged_members(t)
    assert found is not None
    members, optional = found
    noun = _noun(members)
    what = f"an {noun}"
    names = ", ".join(members)
    hooks: dict[type[Any], Callable[[Any, Any], Any]] = {}

    def structure(value: Any, _: Any) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, Mapping):
            raise _Bad(
                f"expected {what}, a mapping such as {{'type': {next(iter(members))!r}, ...}}, "
                f"got {_kind(value)}"
            )
        if "type" not in value:
            raise _Bad(f"missing field 'type' (one of {names})")
        kind = value["type"]
        cls = members.get(kind) if type(kind) is str else None
        if cls is None:
            raise _Bad(f"unknown {noun} type {safe_repr(kind)} (expected one of {names})")
        hook = hooks.get(cls)
        if hook is None:
            hook = hooks[cls] = conv.get_structure_hook(cls)
        return hook({k: v for k, v in value.items() if k != "type"}, cls)

    return structure


def _union_unstructure(t: Any, conv: cattrs.Converter) -> Callable[[Any], Any]:
    """Unstructure a value of a union of tagged classes: its fields, then ``"type"``."""

    def unstructure(value: Any) -> Any:
        if value is None:
            return None
        cls = type(value)
        data: dict[str, Any] = conv.get_unstructure_hook(cls)(value)
        data["type"] = _TAGGED[cls]
        return data

    return unstructure


#: The view classes, by name (the ``"type"`` of their JSON).
VIEW_TYPES: Final[dict[str, type[Any]]] = {cls.__name__: cls for cls in (SeatView, BiddingView)}


def _view_structure(
    conv: cattrs.Converter, cls: type[Any] = SeatView
) -> Callable[[Any, Any], Any]:
    """A :class:`SeatView` (or :class:`BiddingView`) is a top-level document: its fields,
    ``"type"`` (its class name; data written before views had one reads without it) and
    ``"format"``."""
    fields = _class_structure(cls, conv)
    name = cls.__name__

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, Mapping):
            raise _Bad(f"expected a seat's view, a mapping (a JSON object), got {_kind(value)}")
        if "type" in value:
            if value["type"] != name:
                other = value["type"] if type(value["type"]) is str else None
                hint = (": read a view of any game as AnyView" if other in VIEW_TYPES else
                        f" (the views are {', '.join(map(repr, VIEW_TYPES))})")
                raise _fail(cls, "type", f"expected {name!r}, got {_kind(value['type'])}{hint}")
            value = {k: v for k, v in value.items() if k != "type"}
        if "format" not in value:
            raise ClassValidationError(
                f"While structuring {name}",
                [_field_error(KeyError("format"), cls, "format", int)],
                cls,
            )
        if type(value["format"]) is not int or value["format"] != FORMAT:
            problem = f"format {safe_repr(value['format'])} is not supported (expected {FORMAT})"
            raise _fail(cls, "format", problem)
        return fields({k: v for k, v in value.items() if k != "format"}, cls)

    return structure


def _view_unstructure(
    fields: Callable[[Any], dict[str, Any]], name: str
) -> Callable[[Any], dict[str, Any]]:
    """A view's JSON: ``"format"``, its fields, and its class name in ``"type"``."""

    def unstructure(view: Any) -> dict[str, Any]:
        return {"format": FORMAT, **fields(view), "type": name}

    return unstructure


def _any_view_structure(conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A view of either kind (:data:`~trumpfamily.outcomes.AnyView`), by its ``"type"``;
    a view written without one (before views had it) by its fields (a bidding view has an
    ``"auction"``)."""
    hooks = {name: conv.get_structure_hook(cls) for name, cls in VIEW_TYPES.items()}

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, Mapping):
            raise _Bad(f"expected a seat's view, a mapping (a JSON object), got {_kind(value)}")
        kind = value.get("type", "BiddingView" if "auction" in value else "SeatView")
        hook = hooks.get(kind) if type(kind) is str else None
        if hook is None:
            raise _Bad(f"unknown view type {safe_repr(kind)} (expected one of "
                       f"{', '.join(VIEW_TYPES)})")
        return hook(value, VIEW_TYPES[kind])

    return structure


def _any_record_structure(conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A hand's record or a game's (:data:`AnyRecord`), by its ``"kind"``."""
    hand, game = conv.get_structure_hook(HandRecord), conv.get_structure_hook(GameRecord)

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, Mapping):
            raise _Bad(f"expected a record, a mapping (a JSON object), got {_kind(value)}")
        if "kind" in value:
            return game(value, GameRecord)
        return hand(value, HandRecord)

    return structure


def _strict_attrs(t: Any) -> bool:
    """An attrs class of the library without a hook of its own (a tournament's result and
    its rows): read strictly as well, every field and nothing else."""
    return isinstance(t, type) and attrs.has(t) and t.__module__.startswith("trumpfamily.")


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    # First, so that every hook registered below takes precedence: any other attrs class
    # of the library is read by the strict class hook too.
    conv.register_structure_hook_factory(_strict_attrs, lambda t: _class_structure(t, conv))
    # Strict scalars: JSON data, so "4", 4.0, 4.7 and True are not the int 4.
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(float, _structure_float)
    conv.register_structure_hook_func(lambda t: t == dict[str, Any], _structure_options)
    # Hooks by predicate, so that cattrs leaves the Card class itself alone.
    conv.register_unstructure_hook_func(lambda t: t is Card, str)
    conv.register_structure_hook_func(lambda t: t is Card, _structure_card)
    conv.register_unstructure_hook(Suit, lambda suit: suit.letter)
    conv.register_structure_hook(Suit, _structure_suit)
    conv.register_unstructure_hook(Phase, lambda phase: phase.value)
    conv.register_structure_hook(Phase, _structure_phase)
    conv.register_unstructure_hook(Variant, _unstructure_variant)
    conv.register_structure_hook(Variant, _structure_variant)
    conv.register_structure_hook_func(lambda t: t == int | str, _structure_seed)
    # Actions and events: tagged with "type", the class name (before the classes
    # whose unstructuring functions are generated below).
    conv.register_structure_hook_factory(
        lambda t: _tagged_members(t) is not None, lambda t: _union_structure(t, conv)
    )
    conv.register_unstructure_hook_factory(
        lambda t: _tagged_members(t) is not None, lambda t: _union_unstructure(t, conv)
    )
    # Classes: strict hooks (every field, nothing else); sequences: lists, not strings.
    classes = (Trick, Barred, HandOutcome, Turn, GameContext, DealRecord, HandRecord,
               GameRecord, *ACTION_TYPES.values(), *EVENT_TYPES.values())
    known = frozenset(classes)
    conv.register_structure_hook_factory(lambda t: t in known, lambda t: _class_structure(t, conv))
    conv.register_structure_hook_factory(_is_seq, lambda t: _seq_structure(t, conv))
    conv.register_structure_hook_func(lambda t: t == list[Card], _structure_cards)
    for nt in (Turn, GameContext, SeatView, BiddingView):
        conv.register_unstructure_hook(nt, namedtuple_dict_unstructure_factory(nt, conv))
    for view_name, view_cls in VIEW_TYPES.items():
        conv.register_unstructure_hook(
            view_cls, _view_unstructure(conv.get_unstructure_hook(view_cls), view_name))
        conv.register_structure_hook(view_cls, _view_structure(conv, view_cls))
    conv.register_structure_hook_func(lambda t: t == AnyView, _any_view_structure(conv))
    conv.register_structure_hook_func(lambda t: t == AnyRecord, _any_record_structure(conv))
    # Records: the integrity fields (and a bidding hand's scores) only when set.
    conv.register_unstructure_hook(
        HandRecord,
        make_dict_unstructure_fn(
            HandRecord, conv, salt=override(omit_if_default=True),
            mac=override(omit_if_default=True), scores=override(omit_if_default=True),
        ),
    )
    conv.register_unstructure_hook(
        GameRecord,
        make_dict_unstructure_fn(
            GameRecord, conv, salt=override(omit_if_default=True),
            mac=override(omit_if_default=True),
        ),
    )
    _drop_markers()
    return conv


#: The cattrs converter for every JSON form of the library (see the module docstring).
#: Structuring is strict: ints must be ints (not bools, floats or strings), text must be
#: ``str``, cards must be card text, every field must be present.
CONVERTER: Final = _make_converter()

#: Every type :func:`~trumpfamily.jsonio.from_json` reads, by the name it has in the
#: package: the classes with a JSON form (every action and event class among them), then
#: the unions read by their ``"type"`` field. :mod:`trumpfamily.jsonio` adds
#: ``TournamentResult``; the hostile-input tests send bad data to every entry.
JSON_TYPES: Final[dict[str, Any]] = {
    **{cls.__name__: cls for cls in (
        Card, Suit, Phase, Variant, Trick, Barred, Turn, GameContext, HandOutcome,
        SeatView, BiddingView, HandRecord, DealRecord, GameRecord)},
    **ACTION_TYPES,
    **EVENT_TYPES,
    "Action": Action,
    "Event": _events.Event,
    "GameEvent": _events.GameEvent,
    "AnyEvent": _events.AnyEvent,
    "AnyView": AnyView,
    "AnyRecord": AnyRecord,
}


def hand_record(
    variant: Variant,
    players: int,
    dealer: int,
    deck: Iterable[Card],
    actions: Iterable[Action],
    *,
    salt: bytes | None = None,
    key: bytes | None = None,
    scores: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The JSON-ready record of a hand (what ``HandState.record()`` returns).

    Args:
        variant: the rules (its name and every option are written).
        players: the number of seats.
        dealer: the dealer's seat.
        deck: the deck order, top card first.
        actions: the actions applied, in order.
        salt: the salt of the deal's commitment, if it has one (written as hex).
        key: a secret key: the record gets a ``"mac"``
            (:func:`~trumpfamily.integrity.record_mac`).
        scores: a bidding hand's sides' scores before the hand, if not all 0 (written as
            ``"scores"``).

    Returns:
        A dict of strings, ints, bools, ``None``, lists and dicts (see
        :mod:`trumpfamily.records`).

    Raises:
        InvalidArgumentError: ``key`` is not non-empty bytes.
    """
    rec = HandRecord(
        variant=variant.name,
        options=options_to_json(variant.options()),
        players=players,
        dealer=dealer,
        deck=list(deck),
        actions=list(actions),
        salt=None if salt is None else salt.hex(),
        scores=None if scores is None else list(scores),
    )
    data: dict[str, Any] = CONVERTER.unstructure(rec)
    return data if key is None else sign(data, key)


def game_record(
    variant: Variant,
    players: int,
    *,
    seed: int | str,
    dealer: int | None,
    hands: int | None,
    scores: Sequence[int] | None,
    decks: Iterable[Iterable[Card]],
    deals: Iterable[tuple[int, Iterable[Card], Iterable[Action]]],
    salt: bytes | None = None,
    key: bytes | None = None,
) -> dict[str, Any]:
    """The JSON-ready record of a game (what ``GameState.record()`` returns).

    Args:
        variant, players: the rules and the number of seats.
        seed, dealer, hands, scores, decks: how the game was started (the arguments of
            :func:`~trumpfamily.game.new_game`, the seed as stored).
        deals: every hand dealt so far, as ``(dealer, deck, actions)``.
        salt: the game's salt, if its deals are committed (written as hex).
        key: a secret key: the record gets a ``"mac"``.

    Returns:
        A dict of strings, ints, ``None``, lists and dicts (see
        :mod:`trumpfamily.records`).

    Raises:
        InvalidArgumentError: ``key`` is not non-empty bytes.
    """
    rec = GameRecord(
        variant=variant.name,
        options=options_to_json(variant.options()),
        players=players,
        seed=seed,
        dealer=dealer,
        hands=hands,
        scores=None if scores is None else list(scores),
        decks=[list(deck) for deck in decks],
        deals=[DealRecord(d, list(deck), list(acts)) for d, deck, acts in deals],
        salt=None if salt is None else salt.hex(),
    )
    data: dict[str, Any] = CONVERTER.unstructure(rec)
    return data if key is None else sign(data, key)
