"""Record files of the command line: JSON read from a file or standard input (``-``),
and a ``--save`` file checked before a game and written after it."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from ._common import EXIT_FAILURE, CommandError

__all__ = ["STDIN", "check_writable", "read_json", "where", "write_json"]

#: The one name of standard input in messages.
STDIN = "standard input"


def where(path: str) -> str:
    """``path`` as messages name it: the file's name, or ``standard input`` for ``-``."""
    return STDIN if path == "-" else path


def read_json(path: str, what: str) -> Any:
    """The JSON value in ``path`` (``-``: standard input).

    Args:
        path: the file.
        what: what the file should hold, for messages (``"a hand or game record"``).

    Raises:
        CommandError: the file cannot be read (exit 2), or is not UTF-8 JSON (exit 1).
    """
    raw = _read_bytes(path)
    name = where(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CommandError(f"{name} is not {what}: not UTF-8 text (byte {error.start})",
                           EXIT_FAILURE) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(f"{name} is not {what}: not JSON ({error})", EXIT_FAILURE) from None
    except RecursionError:
        raise CommandError(f"{name} is not {what}: its JSON is nested too deeply",
                           EXIT_FAILURE) from None


def _read_bytes(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input)."""
    try:
        if path != "-":
            with open(path, "rb") as handle:
                return handle.read()
        if sys.stdin is None:  # started with standard input closed (``<&-``)
            raise CommandError(f"{STDIN} is closed", EXIT_FAILURE)
        if hasattr(sys.stdin, "buffer"):
            return sys.stdin.buffer.read()
        return sys.stdin.read().encode("utf-8")
    except OSError as error:
        raise CommandError(f"cannot read {where(path)}: {error.strerror or error}") from None


def check_writable(option: str, path: str) -> None:
    """Refuse ``OPTION FILE`` before a game when FILE cannot be written (exit 2)."""
    if os.path.isdir(path):
        raise CommandError(f"{option} {path}: is a directory")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise CommandError(f"{option} {path}: the file cannot be written (permission denied)")
    elif not os.path.isdir(folder):
        raise CommandError(f"{option} {path}: no such folder: {folder}")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise CommandError(f"{option} {path}: the folder {folder} cannot be written "
                           "(permission denied)")


def write_json(path: str, data: Any) -> None:
    """Write ``data`` to ``path`` as JSON.

    Raises:
        CommandError: the file cannot be written (exit 1).
    """
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.write("\n")
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}",
                           EXIT_FAILURE) from None
