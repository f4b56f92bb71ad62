"""Tournament benchmark and strength check: duplicate tournaments of the rule-of-thumb
player against the random one in Spoil Five and Forty-Five, serially and on a local
process pool (and, with ``--dask``, on a Dask ``LocalCluster``).

For each game it prints the seconds per run, the speed-up of the pool over the serial run
(a ratio), whether the results are equal (they must be), and the head-to-head line with its
95 % confidence interval: the ladder's first rung (issue 11) asks for "rule of thumb beats
random" over at least 2,000 deals, the interval excluding 0.

Run: ``python benchmarks/bench_tournament.py [--deals N] [--workers W] [--dask] [--quick]``
(default 2,000 deals a game; ``--quick``: 100).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import trumpfamily as tf

GAMES = (("Spoil Five", tf.SPOIL_FIVE, 2), ("Forty-Five", tf.FORTY_FIVE, 2))
BOTS = ["rule-of-thumb", "random"]


def timed(variant: tf.Variant, players: int, deals: int, executor: Any,
          workers: int | None = None) -> tuple[float, tf.TournamentResult]:
    t0 = time.perf_counter()
    result = tf.tournament(BOTS, variant, players=players, deals=deals, seed=2025,
                           executor=executor, workers=workers, progress=False)
    return time.perf_counter() - t0, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--dask", action="store_true", help="also on a Dask LocalCluster")
    parser.add_argument("--quick", action="store_true", help="100 deals a game")
    args = parser.parse_args()
    deals = 100 if args.quick else args.deals
    client = None
    if args.dask:
        from distributed import Client, LocalCluster

        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                     processes=True, dashboard_address=None))
    try:
        for name, variant, players in GAMES:
            serial_s, serial = timed(variant, players, deals, "serial")
            pool_s, pool = timed(variant, players, deals, None, args.workers)
            line = (f"{name:<11} {deals:,} deals: serial {serial_s:.2f} s, pool of "
                    f"{args.workers} {pool_s:.2f} s (x{serial_s / pool_s:.2f}), "
                    f"equal {pool == serial}")
            if client is not None:
                dask_s, on_dask = timed(variant, players, deals, client.get_executor())
                line += (f"; dask {dask_s:.2f} s (x{serial_s / dask_s:.2f}), "
                         f"equal {on_dask == serial}")
            print(line)
            pair = serial.head_to_head[0]
            print(f"  {pair.first} vs {pair.second}: {pair.mean:+.3f} "
                  f"[{pair.ci_low:+.3f}, {pair.ci_high:+.3f}] {serial.unit} per hand")
    finally:
        if client is not None:
            client.close()


if __name__ == "__main__":
    main()
