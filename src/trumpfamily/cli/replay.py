"""``trumpfamily replay``: replay saved records trick by trick, and verify them.

A file holds a game record (``GameState.record()``, as ``trumpfamily play --save``
writes it), a hand record (``HandState.record()``) or a list of hand records.
:func:`~trumpfamily.records.replay_game` and :func:`~trumpfamily.records.replay` check each
record under the rules; it is then told by the :class:`~trumpfamily.narrate.Narrator` from
the events of its actions, applied one by one from the deal, the whole truth (discards
included), in the words of ``trumpfamily play``. A record holds the whole deal, so a
replay is a full-information tool: it shows every seat's hand, and of a game or hand
that is not over it says so first, since those are cards the players have not all seen.
``--seat N`` tells it as seat N saw it instead (the narrator told that seat, as ``play
--human N`` tells it: :class:`~trumpfamily.narrate.Narrator` with ``seat=N``).
``--key-file FILE`` also checks the record's signature (its ``"mac"``) with the key in
that file, such as the key file of ``trumpfamily serve`` (:mod:`trumpfamily.integrity`):
a record without a signature, or changed since it was signed, is refused.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any, TextIO

import attrs

from ..actions import ACTION_TYPES
from ..errors import ReplayError
from ..events import Dealt
from ..game import AnyHand, GameState
from ..narrate import Narrator, Style, game_header, variant_title
from ..records import replay, replay_game
from ._common import EXIT_FAILURE, EXIT_OK, CommandError, Subparsers
from ._files import read_json, read_key, split_save, where

__all__ = ["add_parser", "run"]


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``replay`` command to the command line's sub-parsers."""
    p = sub.add_parser("replay", parents=[common], help="replay and verify a saved record",
                       description="Replay a saved record (JSON: a game, as written by "
                                   "'trumpfamily play --save' and GameState.record(), or hands, "
                                   "as written by HandState.record()) trick by trick, and "
                                   "verify it.")
    p.add_argument("file", metavar="FILE", help="the record, a JSON file ('-' for standard input)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="tell it as seat N saw it: its own hand and what the table saw, "
                        "not the other seats' hands or face-down discards (default: the "
                        "whole truth, every seat's hand)")
    p.add_argument("--key-file", metavar="FILE", default=None,
                   help="check the record's signature with the key in FILE (the bytes of "
                        "the file, as 'trumpfamily serve --key-file' keeps them); a record "
                        "not signed with it is refused")
    p.set_defaults(func=run)


def _key(path: str | None) -> bytes | None:
    """The key of ``--key-file`` (the file's bytes), or ``None``."""
    return None if path is None else read_key(path)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Replay and tell every record of ``args.file`` to ``out``; returns the exit status.

    Raises:
        CommandError: the file cannot be read (exit 2), is not a record or does not
            verify (exit 1).
    """
    style = Style.for_stream(out, args.color)
    key = _key(getattr(args, "key_file", None))
    data = read_json(args.file, "a hand or game record")
    name = where(args.file)
    if isinstance(data, dict) and data.get("kind") == "game":
        record, _ = split_save(data, name)  # the human seat saved by play is not replayed
        _say(out, _told_game(record, name, style, args.seat, key))
        return EXIT_OK
    records = data if isinstance(data, list) else [data]
    if not records:
        raise CommandError(f"{name} holds no hand record (an empty list)", EXIT_FAILURE)
    for number, record in enumerate(records, 1):
        label = f"record {number}" if len(records) > 1 else name
        _check_action_types(record, label)
        try:
            final = replay(record, key=key)
            start = replay({**_unsigned(record), "actions": []})
        except ReplayError as error:
            raise CommandError(f"{label} does not verify: {error}", EXIT_FAILURE) from None
        if number > 1:
            print(file=out)
        _say(out, _told_hand(start, final, number, label, style, args.seat, key,
                                  numbered=len(records) > 1))
    return EXIT_OK


def _say(out: TextIO, lines: Iterable[str]) -> None:
    for line in lines:
        print(line, file=out)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _checked_seat(seat: int | None, players: int, where: str) -> int | None:
    """``--seat``, checked against the record's table."""
    if seat is not None and not 0 <= seat < players:
        raise CommandError(f"--seat {seat} is not a seat of {where}: seats are 0 to "
                           f"{players - 1}")
    return seat


def _not_over(what: str) -> str:
    """The warning that opens the replay of a record that stops before its end, told
    the whole truth."""
    return (f"This {what} is not over: the hands below include cards the players have not "
            "seen (--seat N tells it as seat N saw it).")


def _told_hand(start: AnyHand, final: AnyHand, number: int, where: str,
               style: Style, seat: int | None = None, key: bytes | None = None,
               numbered: bool = True) -> list[str]:
    """The hand from ``start`` (the deal) to ``final``, told from its events (to ``seat``
    when given)."""
    seat = _checked_seat(seat, start.players, where)
    narrator = Narrator(start.variant, start.players, seat=seat, style=style)
    told = "" if seat is None else f", as P{seat} saw it"
    lines = [style.bold(f"Replay of {where}{told}: {variant_title(start.variant)}")]
    if seat is None and not final.is_over:
        lines.append(_not_over("hand"))
    # the records of a list are its hands, numbered; a record alone does not know its
    # number in the game it came from, so it is not given one
    lines += narrator.lines(attrs.evolve(e, hand_number=number if numbered else None)
                            if isinstance(e, Dealt) else e for e in start.events)
    state = start
    for action in final.actions:
        state = state.apply(action)
        lines += narrator.lines(state.events)
    if state != final:  # pragma: no cover - replay() is deterministic
        raise CommandError(f"{where} does not verify: replaying it twice gave different "
                           "hands", EXIT_FAILURE)
    count = len(final.actions)
    verb = "replays" if count == 1 else "replay"
    if not final.is_over:
        lines += narrator.unfinished()
        lines.append(f"  The record stops before the end of the hand ({_count(count, 'action')}).")
    signed = " and signed with the key" if key is not None else ""
    lines.append(f"  Verified: {_count(count, 'action')} {verb} under the rules{signed}.")
    return lines


def _unsigned(record: Any) -> Any:
    """``record`` without its signature, to rebuild from it a state it was not signed as
    (its deal alone); the signature itself is checked on the whole record."""
    return {k: v for k, v in record.items() if k != "mac"} if isinstance(record, dict) \
        else record


def _told_game(data: dict[str, Any], where: str, style: Style,
               seat: int | None = None, key: bytes | None = None) -> list[str]:
    """A game record told hand by hand, in the words of ``trumpfamily play`` (to ``seat``
    when given, as ``play --human SEAT`` tells it)."""
    deals = data.get("deals")
    for number, deal in enumerate(deals if isinstance(deals, list) else [], 1):
        _check_action_types(deal, f"{where}, hand {number}")
    try:
        final = replay_game(data, key=key)
        data = _unsigned(data)
        state = replay_game({**data, "deals": []})
    except ReplayError as error:
        raise CommandError(f"{where} does not verify: {error}", EXIT_FAILURE) from None
    assert isinstance(deals, list)  # replay_game checked it
    seat = _checked_seat(seat, state.players, where)
    narrator = Narrator.for_game(state, seat=seat, style=style)
    told = "" if seat is None else f", as P{seat} saw it"
    lines = game_header(state, note=f"replay of {where}{told}", style=style)
    if seat is None and not final.is_over:
        lines.append(_not_over("game"))
    lines += narrator.lines(state.events)
    actions = 0
    for number in range(1, len(deals) + 1):
        for action in _hand_actions(data, deals, number):
            state = state.apply(action)
            lines += narrator.lines(state.events)
            actions += 1
    if state != final:  # pragma: no cover - replay_game() is deterministic
        raise CommandError(f"{where} does not verify: replaying it twice gave different "
                           "games", EXIT_FAILURE)
    hands = _count(len(deals), "hand")
    if not final.is_over:
        lines += narrator.unfinished()
        into = _count(len(final.hand.actions), "action")
        lines.append(f"The record stops in hand {final.hand_number}, {into} into it: "
                     f"'trumpfamily play --resume {where}' continues the game.")
    signed = " and signed with the key" if key is not None else ""
    lines.append(f"Verified: {hands} and {_count(actions, 'action')} replayed under the "
                 f"rules{signed}.")
    return lines


def _hand_actions(data: dict[str, Any], deals: list[Any], number: int) -> tuple[Any, ...]:
    """The actions of hand ``number``: the game replayed up to that hand, which is then
    its last (finished, stopped by the target, or unfinished) hand."""
    upto: GameState = replay_game({**data, "deals": deals[:number]})
    hand = upto.hand if upto.hand_number == number else upto.last_hand
    assert hand is not None
    return hand.actions


def _check_action_types(data: Any, where: str) -> None:
    """Name an unknown action ``type`` in words (replay() would only say it is malformed)."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if not isinstance(actions, list):
        return
    for index, raw in enumerate(actions):
        kind = raw.get("type") if isinstance(raw, dict) else None
        if isinstance(kind, str) and kind not in ACTION_TYPES:
            raise CommandError(
                f"{where} does not verify: action {index} has unknown action type {kind!r} "
                f"(expected one of {', '.join(ACTION_TYPES)})", EXIT_FAILURE)
