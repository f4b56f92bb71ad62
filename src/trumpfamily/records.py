"""Records: save a hand or a whole game as JSON-ready data and replay it
(``HandState.record()`` and :func:`replay`; ``GameState.record()`` and :func:`replay_game`).

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

A game record (``"kind": "game"``) holds how the game was started (the arguments of
:func:`~trumpfamily.game.new_game`: seed, first dealer, ``hands`` limit, starting scores,
stacked decks) and, for every hand dealt, its dealer, deck and actions::

    {"format": 1, "kind": "game", "variant": "Maw", "options": {...}, "players": 5,
     "seed": 2026, "dealer": null, "hands": null, "scores": null, "decks": [],
     "deals": [{"dealer": 3, "deck": ["7H", ...], "actions": [...]}, ...]}

:func:`replay_game` starts the game again from its arguments and applies every action in
order; each hand's deck must be the one the game deals, so a record cannot be altered
unseen. A record of an unfinished game replays to the point where it stops, and play
continues from there.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from .actions import ACTION_TYPES, Action
from .cards import Card
from .convert import (
    CONVERTER,
    FORMAT,
    DealRecord,
    GameRecord,
    HandRecord,
    _Bad,
    _kind,
    _structure_card,
)
from .engine import HandState, new_hand
from .errors import (
    IllegalActionError,
    InvalidVariantError,
    ReplayError,
    TrumpFamilyError,
    UnknownVariantError,
)
from .game import GameState, new_game
from .variants import OPTION_SPECS, VARIANTS, Variant, find_variant

__all__ = ["replay", "replay_game"]

#: What structuring malformed data may raise: cattrs' validation groups, our strict hooks'
#: ValueError, and the plain errors of data of the wrong shape.
_STRUCTURE_ERRORS: tuple[type[Exception], ...] = (
    cattrs.BaseValidationError,
    cattrs.errors.StructureHandlerNotFoundError,
    ValueError,
    TypeError,
    KeyError,
    AttributeError,
)

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


def _variant(
    name: str, options: Mapping[str, Any], given: Variant | None, call: str = "replay"
) -> Variant:
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
            f"{call}(record, variant=that_variant)"
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
    if data.get("kind") == "game":
        raise ReplayError("this is the record of a game, not of a hand: use replay_game()")
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
    except _STRUCTURE_ERRORS as exc:  # cattrs raises validation groups naming each field
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
        except _STRUCTURE_ERRORS:
            raise ReplayError(f"action {index}: {_action_problem(raw)}", index) from None
        try:
            state = state.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(
                f"action {index} ({action!r}) does not replay: {exc.reason}", index
            ) from None
    return state


def _structure_game(data: Mapping[str, Any]) -> tuple[GameRecord, list[Any]]:
    """The record's header (typed) and its raw deals."""
    if not isinstance(data, Mapping):
        raise ReplayError(f"a record must be a mapping (dict), got {type(data).__name__}")
    if "kind" not in data and "actions" in data:
        raise ReplayError("this is the record of a hand, not of a game: use replay()")
    for field in ("format", "kind", "deals"):
        if field not in data:
            raise ReplayError(f"the record is malformed: field {field!r}: missing")
    if data["kind"] != "game":
        raise ReplayError(
            f"the record is malformed: field 'kind': expected 'game', got {_kind(data['kind'])}"
        )
    raw_deals = data["deals"]
    if not isinstance(raw_deals, list | tuple):
        raise ReplayError(
            f"the record is malformed: field 'deals': expected a list, got {_kind(raw_deals)}"
        )
    header = {k: v for k, v in data.items() if k != "deals"}
    header["deals"] = []
    try:
        rec = CONVERTER.structure(header, GameRecord)
    except _STRUCTURE_ERRORS as exc:  # cattrs raises validation groups naming each field
        raise ReplayError(f"the record is malformed: {_header_errors(exc)}") from None
    if rec.format != FORMAT:
        raise ReplayError(f"record format {rec.format!r} is not supported (expected {FORMAT})")
    return rec, list(raw_deals)


def _replay_deal(state: GameState, number: int, raw: object) -> GameState:
    """``state`` (hand ``number`` just dealt) after the recorded hand ``raw``."""
    where = f"hand {number}"
    if not isinstance(raw, Mapping):
        raise ReplayError(
            f"{where} is malformed: expected a mapping with 'dealer', 'deck' and 'actions', "
            f"got {_kind(raw)}"
        )
    raw_actions = raw.get("actions")
    if not isinstance(raw_actions, list | tuple):
        problem = (
            "missing" if "actions" not in raw else f"expected a list, got {_kind(raw_actions)}"
        )
        raise ReplayError(f"{where} is malformed: field 'actions': {problem}")
    try:
        deal = CONVERTER.structure({**raw, "actions": []}, DealRecord)
    except _STRUCTURE_ERRORS as exc:
        raise ReplayError(f"{where} is malformed: {_header_errors(exc)}") from None
    hand = state.hand
    if deal.dealer != hand.dealer:
        raise ReplayError(
            f"{where}: the record says seat {deal.dealer} dealt it, but the deal passes to "
            f"seat {hand.dealer} (RULES.md §1.8)"
        )
    if tuple(deal.deck) != hand.deck:
        raise ReplayError(
            f"{where}: the recorded deck is not the deck the game deals (its seed and stacked "
            "decks decide every deck): the record has been altered"
        )
    last = len(raw_actions) - 1
    for index, item in enumerate(raw_actions):
        try:
            action: Action = CONVERTER.structure(item, Action)  # type: ignore[arg-type]
        except _STRUCTURE_ERRORS:
            problem = _action_problem(item)
            raise ReplayError(f"{where}, action {index}: {problem}", index) from None
        try:
            state = state.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(
                f"{where}, action {index} ({action!r}) does not replay: {exc.reason}", index
            ) from None
        if index < last and (state.hand_number != number or state.is_over):
            ended = "the game" if state.is_over else "the hand"
            raise ReplayError(
                f"{where}, action {index} ({action!r}) ends {ended}, but the record has "
                f"{last - index} more action(s) for this hand",
                index + 1,
            )
    return state


def replay_game(data: Mapping[str, Any], *, variant: Variant | None = None) -> GameState:
    """Rebuild a game from its record, or resume an unfinished one (RULES.md rules apply
    to every action again).

    The game is started again with the recorded arguments of
    :func:`~trumpfamily.game.new_game` (seed, first dealer, ``hands`` limit, starting
    scores, stacked decks), and every recorded action is applied in order. Each hand must
    be dealt by the recorded dealer with the recorded deck: the seed decides every shuffled
    deck, so a record whose deck was changed does not replay. A record that stops early
    (in the middle of a hand, or with whole hands left out at its end) replays to the state
    where it stops, from which the game plays on.

    Replay is strict, as for :func:`replay`: ``format`` and ``kind`` (``"game"``) must be
    present, the variant must name a preset (or be given), every option must be present
    with its exact type, ints must be ints.

    Args:
        data: a record from ``GameState.record()`` (or ``Game.record()``), possibly
            through JSON.
        variant: for the record of a custom variant, that variant: the record's name and
            options must match it exactly.

    Returns:
        The :class:`~trumpfamily.game.GameState` equal to the one recorded.

    Raises:
        ReplayError: the record is malformed (a missing or unexpected field, a value of
            the wrong type; a hand record), names no preset (or not ``variant``), misses an
            option or has a bad one, or its arguments do not start a game (``index`` is
            ``None``); a hand is malformed, dealt by another seat or from another deck
            than the game deals, or stops before its end although another hand follows
            (the message names the hand, ``"hand 2: ..."``; ``index`` is ``None``); an
            action is malformed, not legal when it is replayed, or recorded after its hand
            or the game ended (``index`` is the action's 0-based position in its hand's
            ``actions``: ``"hand 2, action 3 (Play('5H')) does not replay: ..."``).

    >>> import trumpfamily as tf
    >>> state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=4)
    >>> for _ in range(20):
    ...     state = state.apply(state.legal_actions()[0])
    >>> data = state.record()
    >>> len(data["deals"]), tf.replay_game(data) == state
    (2, True)
    >>> data["deals"][0]["deck"][:2] = data["deals"][0]["deck"][1::-1]
    >>> tf.replay_game(data)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.ReplayError: hand 1: the recorded deck is not the deck the game deals ...
    """
    rec, raw_deals = _structure_game(data)
    _check_options(rec.options)
    rules = _variant(rec.variant, rec.options, variant, "replay_game")
    try:
        state = new_game(
            rules,
            players=rec.players,
            seed=rec.seed,
            dealer=rec.dealer,
            hands=rec.hands,
            decks=rec.decks,
            scores=rec.scores,
        )
    except TrumpFamilyError as exc:
        raise ReplayError(f"the record does not describe a valid game: {exc}") from None
    for h, raw in enumerate(raw_deals):
        number = h + 1
        if state.is_over:
            raise ReplayError(
                f"hand {number}: the game was over after hand {state.hand_number}, but the "
                "record goes on"
            )
        state = _replay_deal(state, number, raw)
        if h < len(raw_deals) - 1 and state.hand_number == number and not state.is_over:
            raise ReplayError(
                f"hand {number}: its actions stop before the hand is over, but hand "
                f"{number + 1} follows"
            )
    return state
