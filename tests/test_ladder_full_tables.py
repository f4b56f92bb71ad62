"""The full-table ladder of ``benchmarks/ladder.py --seeds`` (issue 22 item 4): one run
per seed written to a resumable JSON file, one paired interval over the seeds, the
self-play canary, the oracle rung and the share of the oracle gap."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

LADDER = Path(__file__).resolve().parent.parent / "benchmarks" / "ladder.py"


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(LADDER), *args], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_seeds_resume_canary_oracle_and_share(tmp_path: Path) -> None:
    out = tmp_path / "full.json"
    common = ["--seeds", "1", "2", "--deals", "12", "--workers", "1", "--table",
              "spoil-five:4", "--json", str(out)]
    first = run(*common, "--rung", "rule-of-thumb/context-rule-of-thumb",
                "--rung", "oracle-turnup/context-rule-of-thumb",
                "--rung", "random/random")
    assert first.count("  done: ") == 6
    entries = json.loads(out.read_text())
    assert sorted((e["a"], e["seed"]) for e in entries) == [
        ("oracle-turnup", 1), ("oracle-turnup", 2), ("random", 1), ("random", 2),
        ("rule-of-thumb", 1), ("rule-of-thumb", 2)]
    assert all(len(e["diffs"]) == 12 and e["rotations"] == 4 for e in entries)
    thumb = [d for e in entries if e["a"] == "rule-of-thumb" for d in e["diffs"]]
    oracle = [d for e in entries if e["a"] == "oracle-turnup" for d in e["diffs"]]
    line = next(x for x in first.splitlines() if x.startswith("spoil-five (4p) rule-of-thumb"))
    assert f"{statistics.fmean(thumb):+.3f} [" in line and "over 24 deals" in line
    share = statistics.fmean(thumb) / statistics.fmean(oracle)
    assert f"share of the oracle gap {share:.0%}" in line
    oracle_line = next(x for x in first.splitlines()
                       if x.startswith("spoil-five (4p) oracle-turnup vs"))
    assert statistics.fmean(oracle) > 0 and "share" not in oracle_line
    assert f"{statistics.fmean(oracle):+.3f} [" in oracle_line
    canary = next(x for x in first.splitlines() if x.startswith("spoil-five (4p) random vs"))
    assert "not separated" in canary
    again = run(*common, "--rung", "rule-of-thumb/context-rule-of-thumb")  # resumed: no run
    assert "  done: " not in again and line in again
    shown = run("--seeds", "1", "--show", "--json", str(out))
    assert line in shown


def test_timing_prints_the_seconds_per_decision() -> None:
    text = run("--seeds", "3", "--timing", "2", "--table", "maw", "--rung",
               "rule-of-thumb/context-rule-of-thumb")
    assert text.startswith("maw (5p) rule-of-thumb: ")
    assert "CPU s per decision p50 " in text and ", p90 " in text and ", max " in text
