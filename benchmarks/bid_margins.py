"""Calibrates the rule of thumb's bidding margin (``RuleOfThumbPlayer(bid_margin=m)``) per
bidding game and table (issue 20): a duplicate tournament of the rule of thumb bidding
with margin ``m`` (every other decision the plain rule of thumb's) against the plain rule
of thumb, one bot a side (``A B A B``) at four players, A against a field of B at three;
the paired mean per deal of A's result minus B's (points) and its 95 % interval.
:data:`trumpfamily.players.BID_MARGINS` holds the best margin of each table from this run
(seed 11, 3,000 deals a margin; the bidding ladder uses other seeds).

Run: ``python benchmarks/bid_margins.py --deals 3000 --seed 11 --json bid-margins.json``
(``--game NAME@PLAYERS`` to pick tables, ``--margins`` to pick the margins).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import trumpfamily as tf

TABLES = ("Auction Forty-Fives@4", "Nova Scotia 45s@4", "Newfoundland 120s@4",
          "One Hundred and Ten@3", "One Hundred and Ten@4")


def measure(name: str, players: int, margin: float, deals: int, seed: int) -> dict[str, object]:
    """One margin at one table: the paired mean and interval, points per deal."""
    variant = tf.find_variant(name)
    a, b = f"rule-of-thumb:bid_margin={margin}", "rule-of-thumb"
    sides = variant.table.sides(players)
    bots = [a, b] if len(sides) == 2 and len(sides[0]) > 1 else [a] + [b] * (players - 1)
    result = tf.tournament(bots, variant, players=players, deals=deals, seed=seed,
                           progress=False, executor="serial")
    versus = result.versus(result.bots[0].name, result.bots[1].name)
    return {"game": name, "players": players, "margin": margin, "deals": deals, "seed": seed,
            "mean": versus.mean, "ci_low": versus.ci_low, "ci_high": versus.ci_high}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", metavar="NAME@PLAYERS")
    parser.add_argument("--margins", type=float, nargs="+",
                        default=[-8, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    rows = []
    for table in args.game or TABLES:
        name, players = table.rsplit("@", 1)
        for margin in args.margins:
            row = measure(name, int(players), margin, args.deals, args.seed)
            rows.append(row)
            print(f"{name} ({players}p) margin {margin:+g}: {row['mean']:+.2f} "
                  f"[{row['ci_low']:+.2f}, {row['ci_high']:+.2f}]", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows))


if __name__ == "__main__":
    main()
