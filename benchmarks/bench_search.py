"""Solver benchmark: exact solve time of a four-player deal from the first lead.

For Spoil Five (objective ``"pool"`` and ``"tricks"``) and Forty-Five (``"points"``),
``--deals`` seeded four-player hands are played to eldest's first lead (any rob or rob
prompt answered with the first legal action), and :func:`trumpfamily.search.solve` solves
the five tricks exactly for the seat to act. Prints the median, the 90th percentile and
the maximum time, and the median number of positions searched.

Run: ``python benchmarks/bench_search.py [--deals N] [--quick]``. Target (issue 11): a
four-player five-trick deal solved in well under a second (the median).
"""

from __future__ import annotations

import argparse
import statistics
import time

import trumpfamily as tf
from trumpfamily.search import solve

CASES = ((tf.SPOIL_FIVE, "pool"), (tf.SPOIL_FIVE, "tricks"), (tf.FORTY_FIVE, "points"))


def first_lead(variant: tf.Variant, seed: int) -> tf.HandState:
    """A four-player hand at eldest's first card (rob prompts answered)."""
    state = tf.new_hand(variant, players=4, seed=seed, dealer=seed % 4)
    while state.phase is not tf.Phase.PLAY or not isinstance(state.legal_actions()[0], tf.Play):
        state = state.apply(state.legal_actions()[0])
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="10 deals (a smoke run)")
    args = parser.parse_args()
    deals = 10 if args.quick else args.deals
    for variant, objective in CASES:
        times, nodes = [], []
        for seed in range(deals):
            state = first_lead(variant, seed)
            t0 = time.perf_counter()
            result = solve(state, state.to_act, objective)  # type: ignore[arg-type]
            times.append(time.perf_counter() - t0)
            nodes.append(result.nodes)
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"  {variant.name} {objective}: median {statistics.median(times) * 1e3:.1f} ms, "
              f"p90 {p90 * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms, "
              f"median nodes {statistics.median(nodes):.0f} ({deals} deals)")


if __name__ == "__main__":
    main()
