"""Failures of the standard streams (closed, full, a reader gone), each reported as one
line on standard error, never a traceback."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TextIO

from ._common import EXIT_FAILURE, PROG

__all__ = ["exit_code", "fail", "flush", "output_failed", "silence_stdout", "stdout_closed"]


def _command(words: Sequence[str]) -> str:
    """The command named in ``words``, or ``""``."""
    return words[0] if words and not words[0].startswith("-") else ""


def stdout_closed(words: Sequence[str]) -> int:
    """Standard output is closed (``sys.stdout is None``): say so on standard error, if
    that is open, and return :data:`~trumpfamily.cli.EXIT_FAILURE`."""
    command = _command(words)
    who = f"{PROG} {command}" if command else PROG
    if sys.stderr is not None:
        try:
            print(f"{who}: error: standard output is closed", file=sys.stderr)
        except (OSError, ValueError):  # pragma: no cover - standard error is gone too
            pass
    return EXIT_FAILURE


def output_failed(words: Sequence[str], error: OSError) -> int:
    """Help or version text could not be written."""
    silence_stdout()
    if isinstance(error, BrokenPipeError):  # the reader went away: stop quietly
        return EXIT_FAILURE
    return fail(_command(words), f"cannot write to standard output: {error.strerror or error}",
                EXIT_FAILURE)


def exit_code(stop: SystemExit) -> int:
    """The status argparse exited with (2 for a usage error)."""
    return stop.code if isinstance(stop.code, int) else 2


def flush(stream: TextIO) -> None:
    """Flush ``stream``, quietly (a failed flush silences standard output)."""
    try:
        stream.flush()
    except OSError:
        silence_stdout()
    except ValueError:  # pragma: no cover - a closed stream
        pass


def fail(command: str, message: str, code: int, label: str = "error") -> int:
    """Print ``trumpfamily COMMAND: LABEL: MESSAGE`` on standard error; return ``code``."""
    flush(sys.stdout)  # what was printed so far comes first (and ends its line)
    who = f"{PROG} {command}" if command else PROG
    try:
        print(f"{who}: {label}: {message}", file=sys.stderr)
    except OSError:  # pragma: no cover - standard error itself is gone
        pass
    return code


def silence_stdout() -> None:
    """Send what is left in standard output's buffer to the null device, so that the
    interpreter's final flush does not fail again (only for a real file descriptor)."""
    try:
        fd = sys.stdout.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
