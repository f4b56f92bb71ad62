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
order; each hand's deck must be the one the game deals (its seed or its stacked decks
decide them). A record of an unfinished game replays to the point where it stops, and play
continues from there.

Two optional fields make a record tamper-evident (:mod:`trumpfamily.integrity`):
``"mac"``, written by ``record(key=...)``, an HMAC-SHA256 that ``replay(record, key=...)``
checks, refusing a record with any field changed; and ``"salt"``, written for a hand dealt
with ``commit=True`` (a game's salt, for a game), which lets ``replay(record,
commitment=...)`` check the deck against the commitment published at the deal. Without
them, replay proves that every action was legal from the recorded deal, not that a hand
record's deck is the one really dealt (:doc:`/howto/records`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs

from .actions import ACTION_TYPES, Action
from .bidding.engine import new_bidding_hand
from .cards import Card
from .convert import (
    CONVERTER,
    MOST_HAND_ACTIONS,
    MOST_ITEMS,
    STRUCTURE_ERRORS,
    DealRecord,
    GameRecord,
    HandRecord,
    _Bad,
    _kind,
    _names,
    _structure_card,
    options_from_json,
    preset_variant,
    problems,
)
from .engine import new_hand
from .errors import (
    IllegalActionError,
    IntegrityError,
    InvalidArgumentError,
    ReplayError,
    TrumpFamilyError,
    UnknownVariantError,
    safe_repr,
    shorten,
)
from .game import AnyHand, GameState, new_game
from .integrity import check_mac, deal_commitment, deal_salt, salt_from_hex
from .variants import ALL_VARIANTS, Variant, find_variant

__all__ = ["replay", "replay_game"]


def _variant(
    name: str, options: Mapping[str, Any], given: Variant | None, call: str = "replay"
) -> Variant:
    if given is not None:
        given = find_variant(given)
        if name != given.name:
            raise ReplayError(
                f"the record is of variant {safe_repr(name)}, not of the variant given "
                f"({given.name!r})"
            )
        mine = given.options()
        recorded = options_from_json(options)
        differ = [k for k in mine if not _same(mine[k], recorded.get(k))]
        if differ:
            raise ReplayError(
                "the record's options differ from the variant given: "
                + ", ".join(f"{k}={safe_repr(options.get(k))} (variant: {mine[k]!r})"
                            for k in differ)
            )
        return given
    try:
        base = find_variant(name)
    except UnknownVariantError:
        raise ReplayError(
            f"the record's variant {safe_repr(name)} is not a preset; known names: "
            f"{', '.join(ALL_VARIANTS)}. Replay a custom variant's record with "
            f"{call}(record, variant=that_variant)"
        ) from None
    try:
        return preset_variant(base, options)
    except _Bad as exc:  # options that are valid one by one, not together
        raise ReplayError(f"the record's options {exc}") from None


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


_R = TypeVar("_R", HandRecord, GameRecord)


def _split(
    data: Mapping[str, Any], field: str, cls: type[_R], most: int
) -> tuple[_R, list[Any]]:
    """The record ``data`` structured as ``cls`` without its list ``field`` (whose items
    are read one by one later, so that an error names the item; at most ``most`` of
    them), and that list."""
    raw = data[field]
    if not isinstance(raw, list | tuple):
        raise ReplayError(
            f"the record is malformed: field {field!r}: expected a list, got {_kind(raw)}"
        )
    _check_length(raw, most, field)
    header = {k: v for k, v in data.items() if k != field}
    header[field] = []
    try:
        rec = CONVERTER.structure(header, cls)
    except STRUCTURE_ERRORS as exc:  # cattrs raises validation groups naming each field
        raise ReplayError(f"the record is malformed: {_header_errors(exc)}") from None
    return rec, list(raw)


def _check_length(raw: Sequence[Any], most: int, where: str) -> None:
    """Refuse a list longer than any hand (actions) or game (deals) holds, unread."""
    if len(raw) > most:
        raise ReplayError(
            f"the record is malformed: field {where!r}: {len(raw):,} items given; no "
            f"{'hand' if 'actions' in where else 'game record'} holds more than {most:,}"
        )


def _header_errors(exc: Exception) -> str:
    return "; ".join(
        f"field {path!r}: {text}" if path else text for path, text in problems(exc)
    )


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
        return f"unknown action type {safe_repr(kind)} (expected one of {names})"
    fields = {f.name: f.type for f in attrs.fields(ACTION_TYPES[kind])}
    has = f"{kind} has {', '.join(map(repr, fields))}" if fields else f"{kind} has no fields"
    for name in fields:
        if name not in raw:
            return f"missing field {name!r} ({has})"
    extra = [k for k in raw if type(k) is not str or (k != "type" and k not in fields)]
    if extra:
        shown = {k if type(k) is str else safe_repr(k, 40) for k in extra[:5]}
        return f"unexpected field(s) {_names(shown, len(extra))} ({has})"
    for name, kind_of in fields.items():
        try:
            if kind_of is Card:
                _structure_card(raw[name], Card)
            else:
                CONVERTER.structure(raw[name], kind_of)
        except _Bad as exc:
            return f"field {name!r}: {exc}"
        except STRUCTURE_ERRORS as exc:
            return f"field {name!r}: {_header_errors(exc)}"
    try:
        CONVERTER.structure(raw, ACTION_TYPES[kind])  # e.g. Bid(35): not an amount
    except STRUCTURE_ERRORS as exc:
        return f"not a valid {kind}: {exc}"
    return "not a valid action"  # pragma: no cover - defensive


def _salt(rec: HandRecord | GameRecord) -> bytes | None:
    return None if rec.salt is None else salt_from_hex(rec.salt)  # checked when structured


def _check_commitment(
    commitment: object, deck: Sequence[Card], salt: bytes | None, hand: int | None = None
) -> None:
    """Refuse a deck and salt that do not give ``commitment`` (published at the deal)."""
    where = "" if hand is None else f"hand {hand}: "
    if type(commitment) is not str:
        raise ReplayError(
            f"{where}a commitment is the 64 hex digits published at the deal, got "
            f"{_kind(commitment)}"
        )
    if len(commitment) != 64 or not all(c in "0123456789abcdefABCDEF" for c in commitment):
        raise ReplayError(
            f"{where}a commitment is the 64 hex digits published at the deal, got "
            f"{shorten(commitment)}: not a commitment (so nothing is said of the record)"
        )
    if salt is None:
        raise IntegrityError(
            f"{where}the record reveals no salt: its deal was not committed "
            "(new_hand(..., commit=True)), so it cannot be checked against a commitment",
            check="commitment",
            hand=hand,
        )
    if deal_commitment(deck, salt) != commitment.lower():
        raise IntegrityError(
            f"{where}the record's deck and salt do not give the commitment published at the "
            "deal: the deck is not the one that was dealt",
            check="commitment",
            hand=hand,
        )


def _check_record(data: object, key: bytes | None) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise ReplayError(f"a record must be a mapping (dict), got {type(data).__name__}")
    if key is not None:
        check_mac(data, key)
    return data


def replay(
    data: Mapping[str, Any],
    *,
    variant: Variant | None = None,
    key: bytes | None = None,
    commitment: str | None = None,
) -> AnyHand:
    """Rebuild a hand from its record (RULES.md rules apply to every action again; a
    bidding hand, BIDDING.md, is dealt with the sides' scores its record holds).

    Replay is strict: a record is exactly what :meth:`HandState.record` writes, through
    JSON. ``format`` must be present; ``variant`` must name a preset
    (:func:`~trumpfamily.variants.find_variant`); ``options`` must give every option of
    OPTIONS.md with its exact type (a flag is ``True``/``False``, an int option an int,
    never a bool, float or string); ``players`` and ``dealer`` must be ints.

    What it proves: that every action was legal, in order, from the deal the record
    shows. Without ``key`` or ``commitment`` it cannot prove that the recorded deck is
    the deck that was really dealt: a record whose undealt cards were swapped still
    replays, to the same play (see :doc:`/howto/records`). ``key`` proves the record is
    the one the holder of the key wrote; ``commitment`` proves to anyone that the deck is
    the one committed to at the deal.

    Args:
        data: a record from ``HandState.record()``, possibly through JSON.
        variant: for the record of a custom variant (one built with
            :class:`~trumpfamily.variants.Variant` under its own name), that variant:
            the record's name and options must match it exactly.
        key: the secret key the record was written with (``record(key=...)``): its
            ``"mac"`` must be present and match, checked before anything else.
        commitment: the deal commitment published when the hand was dealt
            (:attr:`HandState.commitment <trumpfamily.engine.HandState.commitment>`, 64 hex
            digits): the record's deck and salt must give it.

    Returns:
        The :class:`~trumpfamily.engine.HandState` (a bidding game's
        :class:`~trumpfamily.bidding.engine.BiddingHand`) equal to the one recorded (with
        its commitment, if it was dealt with one).

    Raises:
        IntegrityError: with ``key``, the record's ``"mac"`` is missing or does not match;
            with ``commitment``, the record has no salt or its deck and salt do not give
            the commitment (``index`` is ``None``).
        ReplayError: ``commitment`` is not 64 hex digits; the record is malformed (a
            missing or unexpected field, a value of the wrong type), names no preset (or not ``variant``), misses an option or
            has a bad option value, has a bad player count or dealer, or a deck that is
            not exactly the variant's deck (``index`` is ``None``); or an action is
            malformed or not legal when it is replayed (``index`` is that action's
            0-based position: ``"action 3: missing field 'card' ..."``, or
            ``"action 3 (Play('5H')) does not replay: ..."`` with the rule that refused
            it).
        InvalidArgumentError: ``key`` is not non-empty bytes.

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=2, seed=5)
    >>> data = state.apply(state.legal_actions()[0]).record()
    >>> data["actions"] = [{"type": "Claim"}]
    >>> tf.replay(data)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.ReplayError: action 0 (Claim()) does not replay: ...
    >>> data["actions"] = [{"type": "Fold", "amount": 20}]
    >>> tf.replay(data)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.ReplayError: action 0: unknown action type 'Fold' (expected one of Play, ...)
    >>> tf.replay(data, key=b"server secret")
    Traceback (most recent call last):
    ...
    trumpfamily.errors.IntegrityError: the record has no 'mac': it was not signed, ...
    """
    data = _check_record(data, key)
    if data.get("kind") == "game":
        raise ReplayError("this is the record of a game, not of a hand: use replay_game()")
    for field in ("format", "actions"):
        if field not in data:
            raise ReplayError(f"the record is malformed: field {field!r}: missing")
    rec, raw_actions = _split(data, "actions", HandRecord, MOST_HAND_ACTIONS)
    salt = _salt(rec)
    if commitment is not None:
        _check_commitment(commitment, rec.deck, salt)
    rules = _variant(rec.variant, rec.options, variant)
    commit = False if salt is None else salt
    state: AnyHand
    try:
        if rec.scores is not None and rules.bidding is None:
            raise ReplayError("the record gives 'scores', which only a bidding hand has "
                              f"(the scores before it); {rules.name!r} is not a bidding game")
        if rules.bidding is not None:
            state = new_bidding_hand(rules, players=rec.players, dealer=rec.dealer,
                                     deck=rec.deck, commit=commit, scores=rec.scores)
        else:
            state = new_hand(rules, players=rec.players, dealer=rec.dealer, deck=rec.deck,
                             commit=commit)
    except ReplayError:
        raise
    except TrumpFamilyError as exc:
        raise ReplayError(f"the record does not describe a valid deal: {exc}") from None
    for index, raw in enumerate(raw_actions):
        try:
            action: Action = CONVERTER.structure(raw, Action)  # type: ignore[arg-type]
        except STRUCTURE_ERRORS:
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
    if "kind" not in data and "actions" in data:
        raise ReplayError("this is the record of a hand, not of a game: use replay()")
    for field in ("format", "kind", "deals"):
        if field not in data:
            raise ReplayError(f"the record is malformed: field {field!r}: missing")
    if data["kind"] != "game":
        raise ReplayError(
            f"the record is malformed: field 'kind': expected 'game', got {_kind(data['kind'])}"
        )
    return _split(data, "deals", GameRecord, MOST_ITEMS)


def _replay_deal(
    state: GameState, number: int, raw: object, commitment: str | None, salt: bytes | None
) -> GameState:
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
    if len(raw_actions) > MOST_HAND_ACTIONS:
        raise ReplayError(
            f"{where} is malformed: field 'actions': {len(raw_actions):,} items given; no "
            f"hand holds more than {MOST_HAND_ACTIONS:,}"
        )
    try:
        deal = CONVERTER.structure({**raw, "actions": []}, DealRecord)
    except STRUCTURE_ERRORS as exc:
        raise ReplayError(f"{where} is malformed: {_header_errors(exc)}") from None
    if commitment is not None:
        _check_commitment(
            commitment, deal.deck, None if salt is None else deal_salt(salt, number), number
        )
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
        except STRUCTURE_ERRORS:
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


def replay_game(
    data: Mapping[str, Any],
    *,
    variant: Variant | None = None,
    key: bytes | None = None,
    commitments: Sequence[str | None] | None = None,
) -> GameState:
    """Rebuild a game from its record, or resume an unfinished one (RULES.md rules apply
    to every action again).

    The game is started again with the recorded arguments of
    :func:`~trumpfamily.game.new_game` (seed, first dealer, ``hands`` limit, starting
    scores, stacked decks, the salt of its commitments), and every recorded action is
    applied in order. Each hand must be dealt by the recorded dealer with the recorded
    deck: the seed decides every shuffled deck, so a record whose deck was changed does
    not replay. A record that stops early (in the middle of a hand, or with whole hands
    left out at its end) replays to the state where it stops, from which the game plays
    on.

    Replay is strict, as for :func:`replay`: ``format`` and ``kind`` (``"game"``) must be
    present, the variant must name a preset (or be given), every option must be present
    with its exact type, ints must be ints.

    What it proves: that every action was legal and that every shuffled deck is the one
    the recorded seed deals. A stacked deck (``decks``) is only what the record says, and
    the seed is only as secret as the server kept it; ``key`` proves the record is the one
    the holder of the key wrote, ``commitments`` prove to anyone that each deck is the one
    committed to at its deal (see :doc:`/howto/records`).

    Args:
        data: a record from ``GameState.record()`` (or ``Game.record()``), possibly
            through JSON.
        variant: for the record of a custom variant, that variant: the record's name and
            options must match it exactly.
        key: the secret key the record was written with: its ``"mac"`` must be present
            and match, checked before anything else.
        commitments: the deal commitments published at the deals, in order
            (:attr:`HandState.commitment <trumpfamily.engine.HandState.commitment>` of
            hand 1, 2...); ``None`` for a hand whose commitment is not known. The record
            must hold at least as many hands, each deck and its salt giving its
            commitment.

    Returns:
        The :class:`~trumpfamily.game.GameState` equal to the one recorded.

    Raises:
        IntegrityError: with ``key``, the ``"mac"`` is missing or does not match; with
            ``commitments``, a hand's deck and salt do not give its commitment, the record
            has no salt, or it has fewer hands than commitments (``hand`` says which).
        ReplayError: a commitment is not 64 hex digits; the record is malformed (a
            missing or unexpected field, a value of the wrong type; a hand record), names no preset (or not ``variant``), misses an
            option or has a bad one, or its arguments do not start a game (``index`` is
            ``None``); a hand is malformed, dealt by another seat or from another deck
            than the game deals, or stops before its end although another hand follows
            (the message names the hand, ``"hand 2: ..."``; ``index`` is ``None``); an
            action is malformed, not legal when it is replayed, or recorded after its hand
            or the game ended (``index`` is the action's 0-based position in its hand's
            ``actions``: ``"hand 2, action 3 (Play('5H')) does not replay: ..."``).
        InvalidArgumentError: ``key`` is not non-empty bytes, or ``commitments`` is not a
            sequence (a single string, say).

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
    if isinstance(commitments, str) or not isinstance(commitments, Sequence | None):
        raise InvalidArgumentError(
            "commitments must be a sequence of the commitments published at the deals, one "
            f"per hand in order (e.g. [first, second]), got {_kind(commitments)}"
        )
    data = _check_record(data, key)
    rec, raw_deals = _structure_game(data)
    wanted = list(commitments) if commitments is not None else []
    if len(wanted) > len(raw_deals):
        raise IntegrityError(
            f"{len(wanted)} commitments were published but the record holds "
            f"{len(raw_deals)} hand(s): hand {len(raw_deals) + 1} is missing from it",
            check="commitment",
            hand=len(raw_deals) + 1,
        )
    salt = _salt(rec)
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
            commit=False if salt is None else salt,
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
        commitment = wanted[h] if h < len(wanted) else None
        state = _replay_deal(state, number, raw, commitment, salt)
        if h < len(raw_deals) - 1 and state.hand_number == number and not state.is_over:
            raise ReplayError(
                f"hand {number}: its actions stop before the hand is over, but hand "
                f"{number + 1} follows"
            )
    return state
