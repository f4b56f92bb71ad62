"""Deal sampler benchmark (``trumpfamily.search``, issue 11): time per sampled deal.

For each turn-up preset, random hands (random bots) are stopped at every decision of one
seat; for each such view the script times building the plan (``count_deals``: the
constraints and the exact count, done once per view and cached) and then drawing
``--draws`` deals with ``sample_deals`` (each replayed through the engine). It prints the
median and the 90th percentile of both, in milliseconds. Then the same for bidding
presets (``BiddingView``: every decision of random hands, and the play phase alone, the
case a search bot samples most).

Run: ``python benchmarks/bench_sampling.py [--hands N] [--draws K] [--quick]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import trumpfamily as tf
from trumpfamily.search import bidding_sampling, count_deals, sample_deals, sampling


def views(variant: tf.Variant, players: int, hands: int, seed: int) -> list[tf.SeatView]:
    """The views of every decision of random hands (all seats)."""
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        state = tf.new_hand(variant, players=players, dealer=i % players, seed=seed + i)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            out.append(state.view(seat))
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def bidding_views(variant: tf.Variant, players: int, hands: int, seed: int,
                  play_only: bool) -> list[tf.BiddingView]:
    """The views of every decision (or of the play only) of random bidding hands."""
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        state = tf.new_bidding_hand(variant, players=players, dealer=i % players, seed=seed + i)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if not play_only or state.phase is tf.Phase.PLAY:
                out.append(state.view(seat))
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def _report(name: str, views: list, draws: int, rng: random.Random) -> None:  # type: ignore[type-arg]
    plan_ms, draw_ms = [], []
    for view in views:
        sampling._PLANS.clear()
        bidding_sampling._PLANS.clear()
        t0 = time.perf_counter()
        count_deals(view)
        t1 = time.perf_counter()
        sample_deals(view, draws, rng)
        t2 = time.perf_counter()
        plan_ms.append(1000 * (t1 - t0))
        draw_ms.append(1000 * (t2 - t1) / draws)
    q = statistics.quantiles
    print(
        f"{name:30} {len(plan_ms):5} views  "
        f"plan median {statistics.median(plan_ms):.3f} ms (p90 {q(plan_ms, n=10)[-1]:.3f})  "
        f"per deal median {statistics.median(draw_ms):.3f} ms (p90 {q(draw_ms, n=10)[-1]:.3f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--draws", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="a few hands, for a smoke run")
    args = parser.parse_args()
    hands = 3 if args.quick else args.hands
    rng = random.Random(0)
    for variant in (tf.MAW, tf.SPOIL_FIVE, tf.TWENTY_FIVE, tf.FORTY_FIVE):
        for players in (2, 4):
            plan_ms, draw_ms = [], []
            for view in views(variant, players, hands, seed=players):
                sampling._PLANS.clear()
                t0 = time.perf_counter()
                count_deals(view)
                t1 = time.perf_counter()
                sample_deals(view, args.draws, rng)
                t2 = time.perf_counter()
                plan_ms.append(1000 * (t1 - t0))
                draw_ms.append(1000 * (t2 - t1) / args.draws)
            q = statistics.quantiles
            print(
                f"{variant.name:12} {players} players  {len(plan_ms):5} views  "
                f"plan median {statistics.median(plan_ms):.3f} ms (p90 {q(plan_ms, n=10)[-1]:.3f})  "
                f"per deal median {statistics.median(draw_ms):.3f} ms (p90 {q(draw_ms, n=10)[-1]:.3f})"
            )
    bidding_hands = max(2, hands // 4)
    for variant in (tf.AUCTION_45, tf.NEWFOUNDLAND_120S, tf.BIDDING_VARIANTS["Fifty-Five"]):
        for play_only in (False, True):
            where = "play" if play_only else "all"
            _report(f"{variant.name[:20]} 4p {where}",
                    bidding_views(variant, 4, bidding_hands, 4, play_only), args.draws, rng)


if __name__ == "__main__":
    main()
