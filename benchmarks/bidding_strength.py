"""A search bot (side A) against the rule of thumb (side B), Auction 45s, four players in
partnerships, bots A B A B, duplicate, one core (issue 20 item 6).

Usage: ``PYTHONPATH=src python benchmarks/bidding_strength.py NAME DEALS SEED key=json ...``:
the bot's keyword arguments as JSON values (``samples=8 guard=2``; ``guard=null`` for
none; ``kind='"is"'`` for ISMCTSPlayer, default SampleSolvePlayer; ``phases=auction,play``
searches only those phases, the rule of thumb elsewhere). Prints the paired mean (A's
gains minus B's per deal, points) and its 95 % interval.
"""
import functools
import json
import sys
import time

import trumpfamily as tf


class Hybrid:
    def __init__(self, seed=0, phases=None, **kw):
        self.search = (tf.ISMCTSPlayer if kw.pop("kind", "ss") == "is" else tf.SampleSolvePlayer)(seed=seed, **kw)
        self.thumb = tf.RuleOfThumbPlayer()
        self.phases = phases
        self.n = 0; self.dev = 0; self.t = 0.0
    def choose(self, view):
        if self.phases is None or view.phase.value in self.phases:
            t = time.perf_counter()
            a = self.search.choose(view)
            self.t += time.perf_counter() - t
            return a
        return self.thumb.choose(view)

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
