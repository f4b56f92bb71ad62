"""Side-by-side engine benchmark: the same random-hands workload in two interpreters.

Each interpreter (say, one with the previous engine installed and one with the current
checkout) runs the workload of ``bench_engine.py`` (imported by path, so both run exactly
the same hand loop): random full hands through the public API, five players,
``RandomPlayer`` bots that see only ``view(seat)``, the same seeded deals, for every
preset. Every round starts one fresh subprocess per interpreter, one after the other, the
order alternating from round to round; each subprocess warms up, then times a short run of
every preset. The best rate of all rounds is kept for each interpreter and preset, and the
ratio new/old is printed (above 1: the new engine is faster).

Run: ``python benchmarks/compare.py --old /work/old/.venv/bin/python
--new /work/main/.venv/bin/python [--rounds 5 --hands 2000]``. Only the standard library
is needed in the interpreter that runs this script.

The machines this runs on are noisy (shared cores, frequency changes, neighbours): absolute
rates differ from run to run, and only the ratios measured within one run, on interleaved
rounds, mean anything. Compare those, not numbers from different runs. The per-round spread
of the ratio is printed as a hint of how noisy the run was.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent / "bench_engine.py"
PRESETS = ("Maw", "Spoil Five", "Twenty-Five", "Forty-Five")

# Runs in each interpreter: times bench_engine.play_hands for each preset, prints JSON.
_CHILD = r"""
import importlib.util, json, sys, time
path, hands, warm, names = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
spec = importlib.util.spec_from_file_location("bench_engine", path)
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
import trumpfamily as tf
out = {"trumpfamily": tf.__file__, "version": tf.__version__,
       "python": sys.version.split()[0], "results": {}}
for name in json.loads(names):
    variant = tf.VARIANTS[name]
    bench.play_hands(variant, warm)
    t0 = time.perf_counter()
    actions = bench.play_hands(variant, hands)
    elapsed = time.perf_counter() - t0
    out["results"][name] = {"rate": hands / elapsed, "actions": actions / hands}
print(json.dumps(out))
"""


def run_child(
    python: str, *, hands: int, warm: int, presets: tuple[str, ...], bench: Path, timeout: float
) -> dict[str, Any]:
    """Time the workload once in ``python`` (a fresh, isolated subprocess).

    Args:
        python: the interpreter to run.
        hands: hands timed per preset.
        warm: hands played per preset before timing (caches).
        presets: the preset names.
        bench: the ``bench_engine.py`` whose ``play_hands`` is the workload.
        timeout: seconds before the subprocess is abandoned.

    Returns:
        The child's report: ``trumpfamily`` (its path), ``version``, ``python`` and
        ``results`` (per preset: ``rate`` in hands per second, ``actions`` per hand).

    Raises:
        RuntimeError: the subprocess failed; the message holds the end of its stderr.
    """
    # -I: no PYTHONPATH, no current folder on sys.path, so each interpreter imports the
    # trumpfamily installed in it.
    cmd = [python, "-I", "-c", _CHILD, str(bench), str(hands), str(warm), json.dumps(presets)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RuntimeError(f"{python}: {exc}") from None
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-8:])
        raise RuntimeError(f"{python} exited with {done.returncode}:\n{tail}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print the best rates and the ratios new/old per preset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--old", required=True, help="interpreter with the previous engine")
    parser.add_argument("--new", required=True, help="interpreter with the engine under test")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--hands", type=int, default=2000, help="hands timed per preset")
    parser.add_argument("--warm", type=int, default=200, help="warm-up hands per preset")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), help="preset names")
    parser.add_argument("--bench", type=Path, default=BENCH, help="the bench_engine.py to run")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per subprocess")
    args = parser.parse_args(argv)
    presets = tuple(args.presets)
    pythons = {"old": args.old, "new": args.new}
    best: dict[str, dict[str, float]] = {side: {} for side in pythons}
    actions: dict[str, dict[str, float]] = {side: {} for side in pythons}
    rounds: list[dict[str, dict[str, float]]] = []
    failures: list[str] = []
    seen: set[str] = set()
    print(
        f"{len(presets)} presets, {args.hands:,} hands each per round, {args.rounds} rounds, "
        f"{args.warm} warm-up hands; workload: {args.bench}"
    )
    for number in range(args.rounds):
        order = ("old", "new") if number % 2 == 0 else ("new", "old")
        this_round: dict[str, dict[str, float]] = {}
        for side in order:
            try:
                report = run_child(
                    pythons[side],
                    hands=args.hands,
                    warm=args.warm,
                    presets=presets,
                    bench=args.bench,
                    timeout=args.timeout,
                )
            except RuntimeError as exc:
                failures.append(f"round {number + 1}, {side}: {exc}")
                print(f"  round {number + 1}: {side} FAILED: {exc}", file=sys.stderr)
                continue
            if side not in seen:
                seen.add(side)
                print(
                    f"  {side}: {pythons[side]} (Python {report['python']}) runs "
                    f"trumpfamily {report['version']} from {report['trumpfamily']}"
                )
            this_round[side] = {}
            for name, result in report["results"].items():
                this_round[side][name] = result["rate"]
                best[side][name] = max(best[side].get(name, 0.0), result["rate"])
                actions[side][name] = result["actions"]
        rounds.append(this_round)
        done = " then ".join(side for side in order if side in this_round) or "nothing"
        print(f"  round {number + 1}/{args.rounds} done ({done})")
    print()
    print(
        f"{'preset':<12} {'old hands/s':>12} {'new hands/s':>12} {'new/old':>8}  "
        f"{'per-round new/old':>19}  actions/hand old, new"
    )
    for name in presets:
        old, new = best["old"].get(name), best["new"].get(name)
        per_round = [
            r["new"][name] / r["old"][name]
            for r in rounds
            if name in r.get("new", {}) and name in r.get("old", {})
        ]
        spread = f"{min(per_round):.2f}-{max(per_round):.2f}" if per_round else "n/a"
        ratio = f"{new / old:.2f}" if old and new else "n/a"
        old_s = f"{old:,.0f}" if old else "failed"
        new_s = f"{new:,.0f}" if new else "failed"
        acts = ", ".join(
            f"{actions[side][name]:.1f}" if name in actions[side] else "-" for side in pythons
        )
        print(f"{name:<12} {old_s:>12} {new_s:>12} {ratio:>8}  {spread:>19}  {acts}")
    print(
        "\nBest of all rounds per interpreter. The machines are noisy: compare the ratios of "
        "one run only."
    )
    if failures:
        print(f"{len(failures)} subprocess(es) failed (see above)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
