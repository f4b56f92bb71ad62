"""The compiled build against the pure one, side by side in one run (issue 24).

Each build is an interpreter (a virtual environment with that build installed), optionally
with a ``PYTHONPATH``. Every round starts one worker process per build, in alternating
order, and each worker times one slice of every workload; the best rate of each workload
over the rounds is kept and the compiled/pure ratios are printed. OpenSpiel's Euchre,
driven by the same lean Python loop as in ``bench_speed.py``, is timed in the pure build's
worker (it does not depend on trumpfamily) as the outside anchor of the public loop.

Workloads (rates per second):

``legal_moves`` / ``trick_winner``
    the public rules calls on 2,000 random positions per preset (``bench_rules.py``).
``public-loop``
    random Spoil Five hands (5 players) through ``new_hand`` / ``legal_actions`` /
    ``apply`` (``bench_speed.play_public_loop``); ``public-loop+views`` the same with
    ``RandomPlayer`` bots choosing from ``state.view(seat)``.
``bidding-loop``
    random Auction Forty-Fives hands (4 players) through the same public loop.
``simulate``
    ``tf.simulate(tf.SPOIL_FIVE, players=5, ...)`` iterated.
``ismcts`` / ``sample-solve`` / ``rollout``
    search bots' decisions per second at fixed budgets (``ISMCTSPlayer(iterations=100)``,
    ``SampleSolvePlayer(samples=8)`` in four-player Spoil Five; ``RolloutPlayer(worlds=8)``
    in Auction Forty-Fives), the same seeded positions in both builds.

Run (two venvs, one with each build; see docs/howto/compiled.rst)::

    python benchmarks/bench_compiled.py --pure .venv/bin/python \\
        --compiled .venv-compiled/bin/python [--rounds 5] [--seconds 1] [--json FILE]

Not part of the test suite (``tests/test_benchmarks.py`` runs ``--quick`` once). The
machines are shared and noisy: each worker times its own CPU time, and the bots' workloads
make the same decisions in the same order in both builds; compare the ratios, the absolute
rates are context only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: Runs ``n`` units from ``seed``; returns the units done.
Work = Callable[[int, int], int]


# -- the worker (runs inside one build's interpreter) ------------------------------------


def _rules_work(call: str) -> Work:
    import bench_rules

    import trumpfamily as tf

    sets = [(v, bench_rules.positions(v, 2000, 7)) for v in tf.VARIANTS.values()]
    lm, tw = tf.legal_moves, tf.trick_winner

    def legal(n: int, seed: int) -> int:
        done = 0
        while done < n:
            for variant, pos in sets:
                for h, t, s in pos:
                    lm(h, t, trump=s, variant=variant)
                done += len(pos)
        return done

    def winner(n: int, seed: int) -> int:
        done = 0
        while done < n:
            for variant, pos in sets:
                top = variant.table.max_players
                for h, t, s in pos:
                    tw((h + t)[:top], trump=s, variant=variant)
                done += len(pos)
        return done

    return legal if call == "legal_moves" else winner


def _bot_work(kind: str) -> Work:
    import trumpfamily as tf

    rng = random.Random(5)
    views: list[Any] = []
    variant = tf.AUCTION_45 if kind == "rollout" else tf.SPOIL_FIVE
    while len(views) < 40:
        state: Any = tf.new_hand(variant, players=4, seed=rng.randrange(10**6))
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                views.append(state.view(state.to_act))
            state = state.apply(rng.choice(legal))

    def decide(n: int, seed: int) -> int:
        # Decision k (k = seed + i, counted across calls) is view k with a bot seeded k:
        # the same decisions in the same order in both builds, whatever the slices' sizes
        # (a decision's cost varies tenfold with the view and the seed).
        for k in range(seed, seed + n):
            view = views[k % len(views)]
            if kind == "ismcts":
                bot: Any = tf.ISMCTSPlayer(iterations=100, seed=k)
            elif kind == "sample-solve":
                bot = tf.SampleSolvePlayer(samples=8, seed=k)
            else:
                bot = tf.RolloutPlayer(worlds=8, seed=k)
            bot.choose(view)
        return n

    return decide


def _workloads(with_openspiel: bool) -> dict[str, Work]:
    import bench_speed as bs

    out: dict[str, Work] = {
        "legal_moves": _rules_work("legal_moves"),
        "trick_winner": _rules_work("trick_winner"),
        "public-loop": bs.play_public_loop,
        "public-loop+views": bs.views_contender().play,
        "bidding-loop": bs.play_bidding_loop,
    }
    sim = bs.simulate_contender()
    if not isinstance(sim, str):
        out["simulate"] = sim.play
    for kind in ("ismcts", "sample-solve", "rollout"):
        out[kind] = _bot_work(kind)
    if with_openspiel:
        try:
            import pyspiel
        except ImportError:
            pass
        else:
            out["openspiel-python"] = bs.openspiel_contenders(pyspiel)[0].play
    return out


#: The worker's clock: its own CPU time, not the wall clock, which on a shared machine
#: also counts the time other processes hold the cores (each workload is single-threaded).
_clock = time.process_time


def _rate(work: Work, seconds: float, seed: int) -> float:
    """Units per second (of the worker's CPU time) over a slice of at least ``seconds``,
    in calls of about a twentieth of the slice (calibrated first: the warm-up)."""
    n = 1
    while True:
        start = _clock()
        work(n, seed)
        elapsed = _clock() - start
        if elapsed >= seconds / 20 or n >= 10**7:
            break
        n *= 4
    done, start = 0, _clock()
    while True:
        done += work(n, seed + done)
        elapsed = _clock() - start
        if elapsed >= seconds:
            return done / elapsed


def worker(seconds: float, with_openspiel: bool, only: list[str] | None) -> None:
    """Print one JSON line: the build and each workload's rate over one slice."""
    sys.path.insert(0, str(HERE))
    import trumpfamily as tf

    rates = {name: _rate(work, seconds, 1) for name, work in _workloads(with_openspiel).items()
             if not only or name in only}
    print(json.dumps({"compiled": tf.compiled, "version": tf.__version__, "rates": rates}))


# -- the driver ------------------------------------------------------------------------


def _run_worker(python: str, path: str | None, seconds: float, openspiel: bool,
                only: list[str] | None) -> dict[str, Any]:
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path
    cmd = [python, str(Path(__file__).resolve()), "--worker", "--seconds", str(seconds)]
    if openspiel:
        cmd.append("--openspiel")
    for name in only or ():
        cmd += ["--only", name]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"worker {python} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--pure", default=sys.executable, help="the pure build's python")
    parser.add_argument("--pure-path", help="PYTHONPATH for the pure build (e.g. src)")
    parser.add_argument("--compiled", help="the compiled build's python (required)")
    parser.add_argument("--compiled-path", help="PYTHONPATH for the compiled build")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="slice per workload")
    parser.add_argument("--only", action="append", help="a workload (repeatable)")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--quick", action="store_true", help="one round of short slices")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--openspiel", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.seconds, args.openspiel, args.only)
        return
    if not args.compiled:
        parser.error("--compiled PYTHON is required (the interpreter of the compiled build)")
    rounds, seconds = (1, 0.2) if args.quick else (args.rounds, args.seconds)
    builds = {"pure": (args.pure, args.pure_path), "compiled": (args.compiled, args.compiled_path)}
    best: dict[str, dict[str, float]] = {"pure": {}, "compiled": {}}
    seen: dict[str, bool] = {}
    for r in range(rounds):
        order = list(builds) if r % 2 == 0 else list(reversed(builds))
        for name in order:
            python, path = builds[name]
            out = _run_worker(python, path, seconds, name == "pure", args.only)
            seen[name] = out["compiled"]
            for work, rate in out["rates"].items():
                best[name][work] = max(best[name].get(work, 0.0), rate)
    if seen != {"pure": False, "compiled": True}:
        raise SystemExit(f"the builds are not what they say: tf.compiled = {seen}")
    print(f"best of {rounds} interleaved rounds ({seconds:g} s slices); the ratios compare, "
          "the rates are context")
    print(f"{'workload':<20} {'pure/s':>12} {'compiled/s':>12} {'ratio':>7}")
    ratios: dict[str, float] = {}
    for work, pure in best["pure"].items():
        if work == "openspiel-python":
            continue
        comp = best["compiled"].get(work, 0.0)
        ratios[work] = comp / pure
        print(f"{work:<20} {pure:>12,.1f} {comp:>12,.1f} {ratios[work]:>6.2f}x")
    anchor = best["pure"].get("openspiel-python")
    if anchor:
        for name in ("pure", "compiled"):
            r = best[name]["public-loop"] / anchor
            ratios[f"public-loop/openspiel ({name})"] = r
            print(f"public loop ({name}) / OpenSpiel euchre, lean Python loop: {r:.2f}x "
                  f"(Spoil Five hands/s over Euchre games/s; {anchor:,.0f} games/s)")
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"rounds": rounds, "seconds": seconds, "best": best, "ratios": ratios}, indent=1))


if __name__ == "__main__":
    main()
