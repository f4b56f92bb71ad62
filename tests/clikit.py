"""Shared helpers of the command-line tests: the command run in this process with its
answers typed (:func:`run`, :func:`in_process`), in a subprocess as ``python -m trumpfamily``
(:func:`run_subprocess`), and on a pseudo-terminal as a person would run it.

:func:`run` is what most command-line tests use: the entry point of ``python -m trumpfamily``
(``trumpfamily.__main__.run``) called in the test's own process, with standard input,
output and error replaced by UTF-8 streams that are not terminals, as in the subprocess the
tests used to start (``PYTHONIOENCODING=utf-8``, ``COLUMNS=100``, ``NO_COLOR`` unset) and
with the same result (exit status, output, error). It spares each test the start of a new
interpreter and the import of the library (about a second each, over a hundred tests). The
real entry point, closed and full streams and the terminal keep their subprocess and
pseudo-terminal tests (:func:`run_subprocess`, :func:`pty_session`).
"""

from __future__ import annotations

import contextlib
import io
import os
import select
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator

import pytest

from trumpfamily import cli
from trumpfamily.__main__ import run as entry_point

#: Seconds a command on a pseudo-terminal may take before the test gives up on it.
TIMEOUT = 60


def _utf8_stream(data: bytes = b"") -> io.TextIOWrapper:
    """A text stream over bytes, UTF-8 as with ``PYTHONIOENCODING=utf-8``; not a terminal."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline="")


def _captured(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


@contextlib.contextmanager
def _environment(**changes: str | None) -> Iterator[None]:
    """``os.environ`` with ``changes`` (``None`` removes), restored afterwards."""
    saved = {name: os.environ.get(name) for name in changes}
    try:
        for name, value in changes.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``trumpfamily ARGS`` in this process, ``stdin`` typed: as :func:`run_subprocess`
    returns it (the exit status, standard output and error), without a new interpreter."""
    out, err = _utf8_stream(), _utf8_stream()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = _utf8_stream(stdin.encode("utf-8"))
    sys.stdout, sys.stderr = out, err
    try:
        with _environment(PYTHONIOENCODING="utf-8", COLUMNS="100", NO_COLOR=None), \
                warnings.catch_warnings(record=True) as caught:
            # the warnings a new interpreter shows (its default filters), on standard
            # error as there, so that a test of an empty or exact error still sees them
            warnings.resetwarnings()
            for category in _HIDDEN_WARNINGS:
                warnings.simplefilter("ignore", category)
            code = entry_point(list(args))
        for shown in caught:
            err.write(warnings.formatwarning(shown.message, shown.category, shown.filename,
                                             shown.lineno, shown.line))
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(["trumpfamily", *args], code, _captured(out),
                                       _captured(err))


#: The warnings Python hides by default (the others are shown once per place).
_HIDDEN_WARNINGS = (DeprecationWarning, PendingDeprecationWarning, ImportWarning,
                    ResourceWarning)


def run_subprocess(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m trumpfamily ARGS`` in a subprocess with text output, ``stdin`` typed."""
    environ = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    environ.pop("NO_COLOR", None)
    return subprocess.run([sys.executable, "-m", "trumpfamily", *args], input=stdin,
                          capture_output=True, text=True, encoding="utf-8", timeout=TIMEOUT,
                          env=environ, check=False)


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
