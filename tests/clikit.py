"""Shared helpers of the command-line tests: the command run in this process with its
answers typed, and on a pseudo-terminal as a person would run it."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
import time

import pytest

from trumpfamily import cli

#: Seconds a command on a pseudo-terminal may take before the test gives up on it.
TIMEOUT = 60


def in_process(argv: list[str], capsys: pytest.CaptureFixture[str],
               monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> tuple[int, str, str]:
    """``cli.main(argv)`` with ``stdin`` typed: the exit status, standard output and error."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def pty_session(args: list[str], answers: list[bytes],
                columns: int | None = None) -> tuple[int, str]:
    """Run ``trumpfamily ARGS`` on a pseudo-terminal (``columns`` wide when given), typing
    each answer after each prompt; the exit status and everything the terminal showed."""
    import pty

    master, slave = pty.openpty()
    environ = {**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": "xterm"}
    if columns is not None:
        environ["COLUMNS"] = str(columns)
    proc = subprocess.Popen([sys.executable, "-m", "trumpfamily", *args], stdin=slave,
                            stdout=slave, stderr=slave, env=environ, close_fds=True)
    os.close(slave)
    shown = b""
    pending = list(answers)
    deadline = time.monotonic() + TIMEOUT
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                shown += chunk
                if shown.rstrip().endswith(b"'quit'):") and pending:
                    os.write(master, pending.pop(0))
            elif proc.poll() is not None:
                break
    finally:
        os.close(master)
        code = proc.wait(timeout=TIMEOUT)
    return code, shown.decode("utf-8").replace("\r\n", "\n")
