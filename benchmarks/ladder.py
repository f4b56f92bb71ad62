"""The bot ladder (issue 11), by duplicate tournament: is bot A stronger than bot B?

Each comparison is one :func:`trumpfamily.tournament` of A against a field of B: the bots
``[A, B, B, ...]`` (one per seat, the copies of B named ``B``, ``B-2``...), every deal
played under every rotation of the seating with the same cards, so that A sits at every
seat once per deal and every copy of B too. The line printed is the tournament's
head-to-head of A against ``B`` (the copy that sits where A sat one rotation before): the
mean per-deal difference of their results and its 95 % confidence interval over the
deals (Student's t), in chips per hand (Spoil Five: the ante, the pool won, jink
payments) or points per hand (Forty-Five: the side's points).

Default rungs: rule of thumb vs random, the context rule of thumb vs random, then
``sample-solve`` and ``ismcts`` (default budgets) against the context rule of thumb; in
5-player Spoil Five and 4-player Forty-Five. Bots by their :data:`trumpfamily.tournament.BOTS`
names (``name:key=value`` for a budget, e.g. ``ismcts:iterations=100``).

Run: ``python benchmarks/ladder.py [--deals 2000] [--workers 2] [--game spoil-five]
[--players N] [--rung sample-solve/context-rule-of-thumb ...] [--json FILE]`` (``--quick``: 20 deals).
Long: the search rungs take tens of minutes each at 2,000 deals on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import trumpfamily as tf

GAMES = {"spoil-five": (tf.SPOIL_FIVE, 5), "forty-five": (tf.FORTY_FIVE, 4)}
RUNGS = (
    ("rule-of-thumb", "random"),
    ("context-rule-of-thumb", "random"),
    ("ismcts", "context-rule-of-thumb"),
    ("sample-solve", "context-rule-of-thumb"),
)


def compare(a: str, b: str, game: str, deals: int, workers: int, seed: int,
            players: int | None = None) -> dict[str, object]:
    """One rung: A against a field of B (``players`` seats, default the game's usual
    table); the head-to-head line as a dict."""
    variant, usual = GAMES[game]
    players = players or usual
    t0 = time.perf_counter()
    result = tf.tournament([a] + [b] * (players - 1), variant, players=players, deals=deals,
                           seed=seed, workers=workers, progress=False)
    seconds = time.perf_counter() - t0
    pair = result.versus(result.bots[0].name, result.bots[1].name)
    return {
        "a": a, "b": b, "game": game, "players": players, "deals": deals,
        "mean": pair.mean, "ci_low": pair.ci_low, "ci_high": pair.ci_high,
        "seconds": round(seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--rung", action="append", metavar="A/B",
                        help="a comparison A/B (default: the four rungs of the ladder)")
    parser.add_argument("--players", type=int, help="seats (default: 5 in Spoil Five, 4 in "
                        "Forty-Five)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", metavar="FILE", help="also write the lines to FILE")
    parser.add_argument("--quick", action="store_true", help="20 deals (a smoke run)")
    args = parser.parse_args()
    deals = 20 if args.quick else args.deals
    rungs = [tuple(r.split("/", 1)) for r in args.rung] if args.rung else list(RUNGS)
    lines = []
    for game in args.game or sorted(GAMES, reverse=True):
        for a, b in rungs:
            line = compare(a, b, game, deals, args.workers, args.seed, args.players)
            lines.append(line)
            low, high = line["ci_low"], line["ci_high"]
            verdict = ("A stronger" if low is not None and low > 0  # type: ignore[operator]
                       else "B stronger" if high is not None and high < 0  # type: ignore[operator]
                       else "not separated")
            unit = "chips" if game == "spoil-five" else "points"
            print(f"{game} ({line['players']} players), {deals} duplicate deals: {a} vs {b}: "
                  f"{line['mean']:+.3f} {unit}/hand, 95% CI [{low:+.3f}, {high:+.3f}] "
                  f"({verdict}); {line['seconds']} s", flush=True)
            if args.json:
                with open(args.json, "w", encoding="utf-8") as f:
                    json.dump(lines, f, indent=1)


if __name__ == "__main__":
    main()
