"""Solver benchmark: exact solve time of a deal from the first lead.

For Spoil Five (objective ``"pool"`` and ``"tricks"``) and Forty-Five (``"points"``),
``--deals`` seeded four-player hands are played to eldest's first lead (any rob or rob
prompt answered with the first legal action), and :func:`trumpfamily.search.solve` solves
the five tricks exactly for the seat to act. Prints the median, the 90th percentile and
the maximum time, and the median number of positions searched.

The bidding games (issue 20): four-player Auction Forty-Fives and three-player One Hundred
and Ten hands, bid by a seeded policy (pass, or the lowest bid; the bidder names his
longest suit; the fewest discards) to the first lead of the play, solved for the seat to
act with the default objective (``"gains"``), then with ``all_values=True`` (what a bot
asks). ``--minimax`` also times a plain minimax over the engine (``legal_actions`` and
``apply``) against the solver on the same hands from a later trick (two tricks played at
four players, one at three), for the ratio.

Run: ``python benchmarks/bench_search.py [--deals N] [--quick] [--minimax]``. Targets: a
four-player five-trick turn-up deal solved in well under a second (the median; issue 11);
a four-player bidding hand's play in well under 50 ms (the median; issue 20: a bot solves
16-64 sampled deals a decision).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import trumpfamily as tf
from trumpfamily.search import solve

CASES = ((tf.SPOIL_FIVE, "pool"), (tf.SPOIL_FIVE, "tricks"), (tf.FORTY_FIVE, "points"))


def first_lead(variant: tf.Variant, seed: int) -> tf.HandState:
    """A four-player hand at eldest's first card (rob prompts answered)."""
    state = tf.new_hand(variant, players=4, seed=seed, dealer=seed % 4)
    while state.phase is not tf.Phase.PLAY or not isinstance(state.legal_actions()[0], tf.Play):
        state = state.apply(state.legal_actions()[0])
    return state


BIDDING_CASES = ((tf.AUCTION_45, 4), (tf.ONE_TEN, 3))


def bidding_first_lead(variant: tf.Variant, players: int, seed: int) -> tf.BiddingHand:
    """A bidding hand at the first lead of its play: each call a pass (3 in 5) or the
    lowest bid, trumps the bidder's longest suit, the fewest discards; a thrown-in hand is
    dealt again with the next seed."""
    while True:
        rng = random.Random(seed)
        hand = tf.new_bidding_hand(variant, players=players, dealer=seed % players, seed=seed)
        while hand.phase is not tf.Phase.PLAY and not hand.is_over:
            legal = hand.legal_actions()
            if hand.phase is tf.Phase.AUCTION:
                bids = [a for a in legal if isinstance(a, tf.Bid)]
                passes = [a for a in legal if isinstance(a, tf.Pass)]
                action = passes[0] if passes and (rng.random() < 0.6 or not bids) else bids[0]
            elif hand.phase is tf.Phase.TRUMP:
                held = hand.hands[hand.to_act]  # type: ignore[index]
                action = max(legal, key=lambda a: sum(c.suit is a.suit for c in held))  # type: ignore[attr-defined]
            else:
                action = legal[0]
            hand = hand.apply(action)
        if not hand.is_over:
            return hand
        seed += 10_000


def minimax(state: Any, side: int) -> int:
    """Plain minimax over the engine, gains of ``side`` (the paranoid reading)."""
    if state.is_over:
        return state.outcome.gains[side]  # type: ignore[no-any-return]
    values = [minimax(state.apply(a), side) for a in state.legal_actions()]
    mine = state._seating.side_of[state.to_act] == side
    return max(values) if mine else min(values)


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = run()
    return time.perf_counter() - t0, out


def summary(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (f"median {statistics.median(times) * 1e3:.1f} ms, p90 {p90 * 1e3:.1f} ms, "
            f"max {times[-1] * 1e3:.1f} ms")


def bidding(deals: int, with_minimax: bool) -> None:
    for variant, players in BIDDING_CASES:
        times, full_times, nodes, full_nodes = [], [], [], []
        for seed in range(deals):
            hand = bidding_first_lead(variant, players, seed)
            seat = hand.to_act
            assert seat is not None
            t, result = timed(lambda: solve(hand, seat))  # noqa: B023 (called at once)
            times.append(t)
            nodes.append(result.nodes)
            t, result = timed(lambda: solve(hand, seat, all_values=True))  # noqa: B023
            full_times.append(t)
            full_nodes.append(result.nodes)
        print(f"  {variant.name} {players}p gains: {summary(times)}, median nodes "
              f"{statistics.median(nodes):.0f}; all_values: {summary(full_times)}, median "
              f"nodes {statistics.median(full_nodes):.0f} ({deals} deals)")
        if not with_minimax:
            continue
        plain, fast = [], []
        for seed in range(min(deals, 10)):
            hand = bidding_first_lead(variant, players, seed)
            rng = random.Random(seed)
            while len(hand.tricks) < (2 if players == 4 else 1) or hand.current_trick:
                hand = hand.apply(rng.choice(hand.legal_actions()))
            seat = hand.to_act
            assert seat is not None
            side = hand._seating.side_of[seat]
            t_plain, v_plain = timed(lambda: minimax(hand, side))  # noqa: B023
            t_fast, result = timed(lambda: solve(hand, seat))  # noqa: B023
            assert result.value == v_plain
            plain.append(t_plain)
            fast.append(t_fast)
        ratio = statistics.median(p / f for p, f in zip(plain, fast, strict=True))
        print(f"    plain minimax from trick {2 if players == 3 else 3}: {summary(plain)}; "
              f"solver {summary(fast)}; median ratio {ratio:.0f}x ({len(plain)} deals)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="10 deals (a smoke run)")
    parser.add_argument("--minimax", action="store_true",
                        help="also time a plain minimax on the bidding hands (slow)")
    parser.add_argument("--bidding", action="store_true", help="the bidding cases only")
    args = parser.parse_args()
    deals = 10 if args.quick else args.deals
    bidding(deals, args.minimax)
    if args.bidding:
        return
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
