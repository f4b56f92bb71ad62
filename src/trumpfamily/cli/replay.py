"""``trumpfamily replay``: replay saved hand records trick by trick, and verify them.

:func:`~trumpfamily.records.replay` checks each record under the rules; the hand is then
told by the :class:`~trumpfamily.narrate.Narrator` from the events of its actions, applied
one by one from the deal, the whole truth (discards included).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

import attrs

from ..actions import ACTION_TYPES
from ..engine import HandState
from ..errors import ReplayError
from ..events import Dealt
from ..narrate import Narrator, Style, variant_title
from ..records import replay
from ._common import EXIT_FAILURE, EXIT_OK, CommandError, Subparsers

__all__ = ["add_parser", "run"]


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``replay`` command to the command line's sub-parsers."""
    p = sub.add_parser("replay", parents=[common], help="replay and verify a saved hand record",
                       description="Replay a saved hand record (JSON, as written by "
                                   "HandState.record()) trick by trick, and verify it.")
    p.add_argument("file", metavar="FILE", help="the record, a JSON file ('-' for standard input)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Replay and tell every record of ``args.file`` to ``out``; returns the exit status.

    Raises:
        CommandError: the file cannot be read (exit 2), is not a hand record or does not
            verify (exit 1).
    """
    style = Style.for_stream(out, args.color)
    records = _read_records(args.file)
    for number, data in enumerate(records, 1):
        where = (f"record {number}" if len(records) > 1
                 else "standard input" if args.file == "-" else args.file)
        _check_action_types(data, where)
        try:
            final = replay(data)
            start = replay({**data, "actions": []})
        except ReplayError as error:
            raise CommandError(f"{where} does not verify: {error}", EXIT_FAILURE) from None
        if number > 1:
            print(file=out)
        for line in _told(start, final, number, where, style):
            print(line, file=out)
    return EXIT_OK


def _told(start: HandState, final: HandState, number: int, where: str,
          style: Style) -> list[str]:
    """The hand from ``start`` (the deal) to ``final``, told from its events."""
    narrator = Narrator(start.variant, start.players, style=style)
    lines = [style.bold(f"Replay of {where}: {variant_title(start.variant)}")]
    # the records of a file are its hands, numbered
    lines += narrator.lines(attrs.evolve(e, hand_number=number) if isinstance(e, Dealt) else e
                            for e in start.events)
    state = start
    for action in final.actions:
        state = state.apply(action)
        lines += narrator.lines(state.events)
    if state != final:  # pragma: no cover - replay() is deterministic
        raise CommandError(f"{where} does not verify: replaying it twice gave different "
                           "hands", EXIT_FAILURE)
    count = len(final.actions)
    noun, verb = ("action", "replays") if count == 1 else ("actions", "replay")
    if not final.is_over:
        lines.append(f"  The record stops before the end of the hand ({count} {noun}).")
    lines.append(f"  Verified: {count} {noun} {verb} under the rules.")
    return lines


def _read_records(path: str) -> list[Any]:
    """The records in ``path`` (``-``: standard input): one record, or a list of them."""
    raw = _read_bytes(path)
    if path == "-":
        path = "standard input"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CommandError(f"{path} is not a hand record: not UTF-8 text (byte "
                           f"{error.start})", EXIT_FAILURE) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(f"{path} is not a hand record: not JSON ({error})",
                           EXIT_FAILURE) from None
    except RecursionError:
        raise CommandError(f"{path} is not a hand record: its JSON is nested too deeply",
                           EXIT_FAILURE) from None
    records = data if isinstance(data, list) else [data]
    if not records:
        raise CommandError(f"{path} holds no hand record (an empty list)", EXIT_FAILURE)
    return records


def _read_bytes(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input)."""
    try:
        if path != "-":
            with open(path, "rb") as handle:
                return handle.read()
        if sys.stdin is None:  # started with standard input closed (``<&-``)
            raise CommandError("standard input is closed", EXIT_FAILURE)
        if hasattr(sys.stdin, "buffer"):
            return sys.stdin.buffer.read()
        return sys.stdin.read().encode("utf-8")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None


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
