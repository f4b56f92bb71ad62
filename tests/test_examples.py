"""Every script in ``examples/`` runs, exits 0 and prints what it should, so the examples
can never rot (issue 4). Each runs in a fresh interpreter, as a reader would run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))
TIMEOUT = 120

#: What each known example must print (a script not listed must print something).
EXPECTED: dict[str, list[str]] = {
    "play_hands.py": ["Maw", "Spoil Five", "Twenty-Five", "Forty-Five", "trick 5", "tricks taken"],
    "full_spoil_five_game.py": ["pool", "chips"],
    "forty_five_best_trump.py": ["best trump", "30"],
    "replay_record.py": ["True", "refused"],
    "learn_spoil_five.py": ["training hands", "margin"],
    "pictures.py": ["hand.svg", "view.svg", "table.svg", "trick.svg"],
}


def test_there_are_examples() -> None:
    assert SCRIPTS, f"no scripts in {EXAMPLES}"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_example_runs(script: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                            text=True, encoding="utf-8", timeout=TIMEOUT, env=env, input="",
                            check=False)
    assert result.returncode == 0, f"{script.name} failed:\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.stderr
    assert result.stdout.strip(), f"{script.name} printed nothing"
    for fragment in EXPECTED.get(script.name, []):
        assert fragment in result.stdout, f"{script.name} did not print {fragment!r}"


# -- copyable examples: what a reader copies from a page runs as it is -------------------

DOCS = EXAMPLES.parent / "docs"

def _public_modules() -> list[str]:
    import pkgutil

    import trumpfamily

    return ["trumpfamily"] + [f"trumpfamily.{m.name}"
                              for m in pkgutil.iter_modules(trumpfamily.__path__)
                              if not m.name.startswith("_")]


@pytest.mark.parametrize("module", _public_modules())
def test_docstring_examples_run_alone(module: str) -> None:
    """Each docstring's examples (as the reference pages show them) run in a fresh
    session: every name they use is imported in the example itself."""
    import doctest
    import importlib

    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.IGNORE_EXCEPTION_DETAIL
    failed = []
    for test in doctest.DocTestFinder().find(importlib.import_module(module)):
        if not test.examples:
            continue
        test.globs = {"__name__": "__copied__"}
        runner = doctest.DocTestRunner(optionflags=flags)
        runner.run(test, out=lambda text: None)
        if runner.failures:
            failed.append(test.name)
    assert not failed, f"examples that do not run on their own: {failed}"


def test_doc_pages_hide_no_set_up() -> None:
    """The documentation pages import what their examples use in visible examples: no
    hidden ``testsetup`` and no global doctest set-up in ``docs/conf.py``."""
    hidden = [str(page.relative_to(DOCS)) for page in DOCS.rglob("*.rst")
              if "_build" not in page.parts and ".. testsetup::" in page.read_text("utf-8")]
    assert not hidden, f"pages with a hidden set-up: {hidden}"
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert 'doctest_global_setup = ""' in conf


def test_rules_digest_is_published_with_the_docs() -> None:
    for name in ("RULES.md", "OPTIONS.md", "PITFALLS.md"):
        assert (DOCS / "rules" / name).is_file(), name
        assert f":download:`{name} <{name}>`" in (DOCS / "rules" / "index.rst").read_text(
            encoding="utf-8")
