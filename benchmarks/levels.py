"""The difficulty levels measured (issue 22, part 3): is novice < club < expert < max?

Each adjacent pair of levels (``novice``/``club``, ``club``/``expert``, ``expert``/``max``)
plays a duplicate tournament (:func:`trumpfamily.tournament`) at one table, under two or
more seeds; the line is the stronger level minus the weaker, per hand (chips or points),
with its 95 % interval over every deal of every seed (the deals are independent: the
per-deal differences of the seeds are pooled, Student's t over them). A pair is
*separated* when that interval excludes 0. The levels are then rated on one scale
(:func:`trumpfamily.fit_ratings`, additive, ``club`` at 0) from the chain of pairs.

Default: two-player Forty-Five (the table where search separates most: sampling and
solving is +1.47 points a hand over the context rule of thumb there), 800 deals per pair
and seed (300 for ``expert``/``max``, slower and further apart), seeds 1 and 2. Run
(about 15 minutes on one quiet core)::

    nice -n 10 python benchmarks/levels.py

writing ``benchmarks/results/levels.json`` and the docs table
``docs/howto/levels-table.inc`` (``--quick``: 10 deals, to the temporary files given).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

import trumpfamily as tf
from trumpfamily.tournament import t_critical

ROOT = Path(__file__).resolve().parent.parent
#: (weaker, stronger, deals per seed): fewer deals where the bots are slow and the gap wide
PAIRS = (("novice", "club", 800), ("club", "expert", 800), ("expert", "max", 300))


def pooled(diffs: list[float]) -> tuple[float, float, float]:
    """Mean and 95 % interval (Student's t) of independent per-deal differences."""
    mean = statistics.fmean(diffs)
    half = t_critical(len(diffs) - 1) * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="forty-five")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=None,
                        help="deals per pair and seed (default: 800, 800, 300)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default=str(ROOT / "benchmarks/results/levels.json"))
    parser.add_argument("--rst", default=str(ROOT / "docs/howto/levels-table.inc"))
    parser.add_argument("--quick", action="store_true", help="10 deals a seed")
    args = parser.parse_args(argv)
    variant = tf.variants.find_variant(args.game)
    started = time.time()
    pairs = []
    results = []
    unit = ""
    for weaker, stronger, default in PAIRS:
        deals = 10 if args.quick else args.deals or default
        per_seed = []
        diffs: list[float] = []
        for seed in args.seeds:
            t0 = time.time()
            result = tf.tournament([stronger, weaker], variant, players=args.players,
                                   deals=deals, seed=seed, workers=args.workers,
                                   progress=False)
            unit = result.unit
            results.append(result)
            pair = result.versus(stronger, weaker)
            diffs += [row[0] - row[1] for row in result.per_deal]
            per_seed.append({"seed": seed, "mean": pair.mean, "low": pair.ci_low,
                             "high": pair.ci_high, "seconds": round(time.time() - t0, 1)})
            print(f"{stronger} vs {weaker}, seed {seed}: {pair.mean:+.2f} "
                  f"[{pair.ci_low:+.2f}, {pair.ci_high:+.2f}] {unit} per hand, "
                  f"{deals} deals, {time.time() - t0:.0f} s", flush=True)
        mean, low, high = pooled(diffs)
        pairs.append({"weaker": weaker, "stronger": stronger, "deals": len(diffs),
                      "deals_per_seed": deals,
                      "mean": mean, "low": low, "high": high, "separated": low > 0,
                      "per_seed": per_seed})
        print(f"  pooled: {mean:+.2f} [{low:+.2f}, {high:+.2f}] over {len(diffs)} deals"
              f"{'' if low > 0 else '  NOT separated'}", flush=True)
    ratings = tf.fit_ratings(results, anchor="club", seed=1)
    for r in ratings:
        print(f"rating {r.bot}: {r.rating:+.2f} [{r.low:+.2f}, {r.high:+.2f}] {r.unit}")
    given = sys.argv[1:] if argv is None else argv
    command = "nice -n 10 python benchmarks/levels.py" + "".join(" " + a for a in given)
    data = {
        "game": variant.name, "players": args.players, "unit": unit,
        "seeds": args.seeds,
        "levels": [{"name": lv.name, "turn_up": lv.turn_up, "bidding": lv.bidding}
                   for lv in tf.LEVELS],
        "pairs": pairs,
        "ratings": [{"bot": r.bot, "rating": r.rating, "low": r.low, "high": r.high,
                     "unit": r.unit} for r in ratings],
        "seconds": round(time.time() - started, 1), "command": command,
    }
    Path(args.json).write_text(json.dumps(data, indent=2) + "\n")
    Path(args.rst).write_text(table(data))
    print(f"wrote {args.json} and {args.rst} ({data['seconds']:.0f} s)")
    return 0


def table(data: dict[str, object]) -> str:
    """The docs include: the pairs and the ratings, with the command."""
    pairs = data["pairs"]
    ratings = data["ratings"]
    assert isinstance(pairs, list) and isinstance(ratings, list)
    unit = data["unit"]
    seeds = data["seeds"]
    assert isinstance(seeds, list)
    lines = [
        ".. generated by benchmarks/levels.py: do not edit by hand",
        "",
        (f"{data['game']}, {data['players']} players, duplicate, seeds "
         f"{', '.join(map(str, seeds))}; {unit} per hand, 95 % intervals over the pooled "
         "deals of both seeds:"),
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - pair (stronger minus weaker)",
        "     - deals (per seed)",
        "     - difference",
        "     - per seed",
        "     - separated",
    ]
    for p in pairs:
        seeds_text = "; ".join(f"{s['mean']:+.2f} [{s['low']:+.2f}, {s['high']:+.2f}]"
                               for s in p["per_seed"])
        lines += [
            f"   * - ``{p['stronger']}`` vs ``{p['weaker']}``",
            f"     - {p['deals']:,} ({p['deals_per_seed']:,})",
            f"     - {p['mean']:+.2f} [{p['low']:+.2f}, {p['high']:+.2f}]",
            f"     - {seeds_text}",
            f"     - {'yes' if p['separated'] else 'no'}",
        ]
    lines += ["", (f"The levels rated on one scale from that chain (additive, {unit} per hand, "
              "``club`` at 0, bootstrap 95 % intervals):"), "",
              ".. list-table::", "   :header-rows: 1", "",
              "   * - level", "     - rating"]
    for r in ratings:
        lines += [f"   * - ``{r['bot']}``",
                  f"     - {r['rating']:+.2f} [{r['low']:+.2f}, {r['high']:+.2f}]"]
    lines += ["", f"Reproduce (``{data['seconds']:.0f}`` s here, one core)::", "",
              f"    {data['command']}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
