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
