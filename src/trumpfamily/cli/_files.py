"""Record files of the command line: JSON read from a file or standard input (``-``),
and a ``--save`` file checked before a game and written after it."""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any, Final

from ._common import EXIT_FAILURE, CommandError

if TYPE_CHECKING:
    from ..game import GameState

__all__ = ["HUMANS", "STDIN", "check_writable", "read_json", "read_key", "save_data", "split_save", "where",
           "write_json"]

#: The field a game saved by ``trumpfamily play --save`` adds to the game record
#: (:meth:`GameState.record <trumpfamily.game.GameState.record>`): the seats played at the
#: prompt, ``[]`` when the bots played every seat.
HUMANS: Final = "humans"

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
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise CommandError(f"{name} is not {what}: it holds a number too long to read",
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


def save_data(state: GameState, human: int | None) -> dict[str, Any]:
    """What ``--save`` writes: the game's record (:meth:`GameState.record
    <trumpfamily.game.GameState.record>`) and the human seat (:data:`HUMANS`), so that
    ``--resume`` asks that seat again."""
    return {**state.record(), HUMANS: [] if human is None else [human]}


def split_save(data: dict[str, Any], name: str) -> tuple[dict[str, Any], list[int] | None]:
    """A saved game split into the game record (for
    :func:`~trumpfamily.records.replay_game`, which takes no other field) and its human
    seats (``None``: not said, a record saved by an older version or by the library).

    Raises:
        CommandError: the human seats are not a list of seat numbers (exit 1).
    """
    if HUMANS not in data:
        return data, None
    record = {key: value for key, value in data.items() if key != HUMANS}
    humans = data[HUMANS]
    if not isinstance(humans, list) or not all(type(seat) is int for seat in humans):
        raise CommandError(f"{name} is not a game record: {HUMANS!r} is {humans!r:.40}, not a "
                           "list of seat numbers", EXIT_FAILURE)
    return record, humans


def read_key(path: str | os.PathLike[str], *, create: bool = False) -> bytes:
    """The secret key in the file ``path`` (its bytes, at most 64 KiB read), as ``trumpfamily
    serve --key-file`` keeps it and ``trumpfamily replay --key-file`` reads it.

    Args:
        path: the key file.
        create: when the file does not exist, write 32 random bytes there (mode 600,
            :func:`secrets.token_bytes`) and return them; else a missing file is an error.

    Raises:
        CommandError: the file cannot be read (or written), or is empty.
    """
    import secrets

    verb = "use" if create else "read"
    try:
        if create and not os.path.exists(path):
            key = secrets.token_bytes(32)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(key)
        else:
            with open(path, "rb") as file:
                key = file.read(1 << 16)
    except OSError as error:
        raise CommandError(f"cannot {verb} the key file {os.fspath(path)}: "
                           f"{error.strerror or error}") from None
    if not key:
        raise CommandError(f"the key file {os.fspath(path)} is empty")
    return key
