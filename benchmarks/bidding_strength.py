"""A search bot (side A) against the rule of thumb (side B), Auction 45s, four players in
partnerships, bots A B A B, duplicate, one core (issue 20 item 6).

Usage: ``PYTHONPATH=src python benchmarks/bidding_strength.py NAME DEALS SEED key=json ...``:
the bot's keyword arguments as JSON values (``samples=8 guard=2``; ``guard=null`` for
none; ``kind='"is"'`` for ISMCTSPlayer, ``kind='"roll"'`` for RolloutPlayer
(``worlds=48 inference=0.05 play='"pimc"'``), default SampleSolvePlayer;
``phases=auction,play`` searches only those phases, the rule of thumb elsewhere). Prints
the paired mean (A's gains minus B's per deal, points) and its 95 % interval, then the
search's time per decision by phase (median / p90 / max seconds, over the decisions with
more than one legal action) and, for RolloutPlayer, how often it left the rule of thumb.
"""
import collections
import functools
import json
import sys
import time

import trumpfamily as tf
from trumpfamily.search import RolloutPlayer

KINDS = {"ss": tf.SampleSolvePlayer, "is": tf.ISMCTSPlayer, "roll": RolloutPlayer}
TIMES: dict[str, list[float]] = collections.defaultdict(list)
COUNTS = collections.Counter()


class Hybrid:
    def __init__(self, seed=0, phases=None, **kw):
        self.search = KINDS[kw.pop("kind", "ss")](seed=seed, **kw)
        self.thumb = tf.RuleOfThumbPlayer()
        self.phases = phases

    def choose(self, view):
        if self.phases is None or view.phase.value in self.phases:
            before = getattr(self.search, "deviations", 0)
            t = time.perf_counter()
            a = self.search.choose(view)
            if len(view.legal_actions) > 1:
                TIMES[view.phase.value].append(time.perf_counter() - t)
                COUNTS["deviations", view.phase.value] += getattr(self.search, "deviations", 0) - before
            COUNTS["fallbacks"] += 0  # read at the end from the bots themselves
            return a
        return self.thumb.choose(view)


def quantiles(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2], xs[int(len(xs) * 0.9)], xs[-1]


name, deals, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
kw = {}
phases = None
for arg in sys.argv[4:]:
    k, v = arg.split("=")
    if k == "phases":
        phases = tuple(v.split(","))
    else:
        kw[k] = json.loads(v)
t = time.time()
r = tf.tournament({"a": functools.partial(Hybrid, phases=phases, **kw), "b": "rule-of-thumb"},
                  tf.AUCTION_45, deals=deals, seed=seed, progress=False, executor="serial")
pr = r.versus("a", "b")
print(name, deals, seed, sys.argv[4:], f"{pr.mean:+.2f} [{pr.ci_low:+.2f}, {pr.ci_high:+.2f}]",
      f"{time.time()-t:.0f}s", flush=True)
for phase, xs in sorted(TIMES.items()):
    med, p90, top = quantiles(xs)
    dev = COUNTS["deviations", phase]
    print(f"  {phase}: {len(xs)} decisions, s/decision median {med:.3f} p90 {p90:.3f} "
          f"max {top:.3f}; left the rule of thumb {dev} times", flush=True)
