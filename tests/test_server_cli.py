"""``trumpfamily serve``: its help and its argument errors (the server itself is tested by
tests/test_server_protocol.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from trumpfamily.cli import EXIT_OK, EXIT_USAGE, main
from trumpfamily.cli.serve import read_key_file


def test_serve_help_names_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == EXIT_OK
    out = capsys.readouterr().out
    for flag in ("--host", "--port", "--store", "--key-file", "--bot", "--timer",
                 "--bot-time-cap"):
        assert flag in out
    assert "127.0.0.1" in out and "8045" in out


@pytest.mark.parametrize(("args", "words"), [
    (["--port", "x"], "expected a port"),
    (["--port", "70000"], "expected a port"),
    (["--timer", "-1"], "expected seconds"),
    (["--bot", "nonsense"], "expected NAME=package.module:Class"),
    (["--bot-delay", "999"], "expected seconds from 0 to 60"),
])
def test_bad_arguments_are_one_line_errors(args: list[str], words: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_missing_serve_extra_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "uvicorn" else real(name, *a))
    assert main(["serve"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "pip install 'trumpfamily[serve]'" in err and "uvicorn" in err


def test_an_unknown_bot_is_refused_before_serving(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")
    assert main(["serve", "--bot", "mine=no_such_module_here:Bot"]) == EXIT_USAGE
    assert "no_such_module_here" in capsys.readouterr().err


def test_the_key_file_is_made_once_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "key"
    key = read_key_file(path)
    assert len(key) == 32 and path.stat().st_mode & 0o777 == 0o600
    assert read_key_file(path) == key


def test_serve_says_where_it_keeps_the_tables_and_the_key() -> None:
    """At start, serve says whether the tables survive a restart and which key signs the
    records (a key of the run only cannot check them later)."""
    import argparse

    from trumpfamily.cli.serve import _keeping

    plain = _keeping(argparse.Namespace(store=None, key_file=None))
    assert plain[0].startswith("tables: in memory only")
    assert "a key of this run only" in plain[1]
    stored = _keeping(argparse.Namespace(store="tables", key_file=None))
    assert stored == ["tables: saved in tables after every action, read back at start",
                      f"records signed with the key in {Path('tables') / 'server.key'}"]
    keyed = _keeping(argparse.Namespace(store=None, key_file="k.key"))
    assert keyed[1] == "records signed with the key in k.key"


@pytest.mark.parametrize(("flags", "hints"), [([], True), (["--no-hints"], False)])
def test_no_hints_refuses_hint_tables(flags: list[str], hints: bool, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``serve --no-hints`` builds the app with ``Limits(hints=False)`` (tables asking for
    hints refused); without it hints may be turned on per table."""
    import uvicorn

    from trumpfamily import server

    made: dict[str, object] = {}

    def fake_app(**kwargs: object) -> object:
        made.update(kwargs)
        return object()

    monkeypatch.setattr(server, "create_app", fake_app)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: None)
    assert main(["serve", *flags]) == EXIT_OK
    limits = made["limits"]
    assert isinstance(limits, server.Limits) and limits.hints is hints
    assert "trumpfamily server on http://127.0.0.1:8045/" in capsys.readouterr().out
