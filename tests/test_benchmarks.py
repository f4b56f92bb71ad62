"""Smoke runs of the benchmark scripts (the ``bench`` extra): they run and print every
contender. No speed is asserted here: speed is measured by running the benchmarks, on a
quiet machine, side by side (README, benchmarks/)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def test_bench_speed_quick_runs_every_contender(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel", reason="the bench extra (open-spiel) is not installed")
    pytest.importorskip("numba", reason="the batch extra is not installed")
    out = tmp_path / "speed.json"
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_speed.py"), "--quick", "--json", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stderr
    for name in ("public-loop", "public-loop+views", "simulate", "batch",
                 "openspiel-python", "openspiel-cpp"):
        assert f"\n{name} " in run.stdout, name
    data = json.loads(out.read_text())
    assert isinstance(data, dict) and data


def test_bench_engine_quick_includes_a_bidding_preset() -> None:
    # --quick's sizes (3 x 1,000 hands of each of five presets, 5,000 more under
    # tracemalloc) were the slowest test of the suite; a smoke run needs far fewer hands
    # to print every contender and the memory lines.
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_engine.py"), "--hands", "200",
         "--memory-hands", "1000"],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stderr
    for name in ("Maw", "Spoil Five", "Twenty-Five", "Forty-Five", "Auction Forty-Fives"):
        assert f"  {name} " in run.stdout, name
    assert "memory over 1,000 Spoil Five hands" in run.stdout
    # a kept state's bytes: about 1,600-1,700 in either build (its hands, trick, history)
    kept = re.search(r"a kept Spoil Five state \(8 actions in\): ([\d,]+) B", run.stdout)
    assert kept is not None, run.stdout
    assert 800 <= int(kept.group(1).replace(",", "")) <= 4000


def test_ladder_quick_prints_each_rung(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "ladder.py"), "--quick", "--workers", "1",
         "--game", "forty-five", "--rung", "rule-of-thumb/random",
         "--rung", "ismcts:iterations=5/context-rule-of-thumb", "--json", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "rule-of-thumb vs random" in run.stdout
    assert "ismcts:iterations=5 vs context-rule-of-thumb" in run.stdout
    lines = json.loads(out.read_text())
    assert [(x["a"], x["players"], x["deals"]) for x in lines] == [
        ("rule-of-thumb", 4, 20), ("ismcts:iterations=5", 4, 20)]
    assert all(x["ci_low"] <= x["mean"] <= x["ci_high"] for x in lines)


# Smaller than --quick: bench_search.py at 3 deals, not 10 (every deal a whole solve of
# each case), bench_sampling.py at 5 draws a view, not 20; both were among the suite's
# slowest tests, and a smoke run prints every line from these as from the larger runs.
@pytest.mark.parametrize(("script", "args", "expect"), [
    ("bench_search.py", ["--deals", "3"],
     ["Spoil Five pool: median", "Forty-Five points: median", "(3 deals)"]),
    ("bench_sampling.py", ["--quick", "--draws", "5"],
     ["Forty-Five   4 players", "per deal median", "Fifty-Five 4p play"]),
])
def test_search_benchmarks_quick(script: str, args: list[str], expect: list[str]) -> None:
    run = subprocess.run([sys.executable, str(BENCHMARKS / script), *args],
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    for text in expect:
        assert text in run.stdout, text


def test_bench_ceiling_plays_the_engines_hands() -> None:
    """The ceiling loop (benchmarks/bench_ceiling.py) is a measuring instrument only while
    it plays exactly the engine's hands: it checks that first, and so does this test."""
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_ceiling.py"), "--hands", "30", "--rounds",
         "1", "--check", "300"],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "plays 300 of 300 Spoil Five hands exactly as the engine does" in run.stdout
    assert "ceiling / engine speed: " in run.stdout
