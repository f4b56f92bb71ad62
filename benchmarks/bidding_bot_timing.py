"""Time per decision of the search bots in a bidding game, by phase (issue 20 item 3).

Usage: ``PYTHONPATH=src python benchmarks/bidding_bot_timing.py AUCTION_45 4 ss 8``
(variant name, players, ``ss`` for SampleSolvePlayer, ``is`` for ISMCTSPlayer or ``roll``
for RolloutPlayer, hands, then optional ``key=value`` arguments of the bot, read as
:func:`trumpfamily.tournament.bot_factory` reads them: ``roll worlds=192
draw=rule-of-thumb``). The bot plays every seat at its default budget; prints median /
90th percentile / max seconds (CPU time of the process) per phase over the decisions with
a choice, and the bot's fallbacks.
"""

from __future__ import annotations

import collections
import sys
import time

import trumpfamily as tf
from trumpfamily.tournament import bot_factory


def main() -> None:
    name, players, kind, hands = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    variant = tf.find_variant(name)
    names = {"ss": "sample-solve", "is": "ismcts", "roll": "rollout"}
    spec = names[kind] + (":" + ",".join(sys.argv[5:]) if sys.argv[5:] else "")
    bot = bot_factory(spec)(1)
    times: dict[str, list[float]] = collections.defaultdict(list)
    for seed in range(hands):
        hand = tf.new_hand(variant, players=players, seed=seed)
        while not hand.is_over:
            view = hand.view(hand.to_act)
            start = time.process_time()
            action = bot.choose(view)
            if len(view.legal_actions) > 1:
                times[view.phase.value].append(time.process_time() - start)
            hand = hand.apply(action)
    for phase, ts in times.items():
        ts.sort()
        n = len(ts)
        print(f"{phase} {n} median {ts[n // 2]:.3f} p90 {ts[int(n * 0.9)]:.3f} max {ts[-1]:.3f}")
    print("fallbacks", bot.fallbacks)


if __name__ == "__main__":
    main()
