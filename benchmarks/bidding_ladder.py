"""The bidding games' bot ladder (issue 20 item 6): duplicate tournaments over two seeds,
one paired 95 % interval over all their deals, resumable across sessions.

Each rung ``A/B`` is a :func:`trumpfamily.tournament` of A against B: in the partnership
games (four players) ``[A, B]`` cycled round the table, one bot a side (``A B A B``);
otherwise A against a field of B (``[A, B, B]``). Every deal is played under the distinct
rotations of the seating with the same cards. A rung is run once per seed (``--seeds``,
``--deals`` deals each); the line printed is the head-to-head of A against B: the mean per
deal of A's result minus B's (points per hand: the change to the side's score, BIDDING.md
§3.6) and its 95 % interval (Student's t) over the deals of *all* the seeds together, with
each seed's own figure beside it. ``A/A`` is a self-play canary: two copies of one bot
with their own seeds, whose interval must contain 0.

Results go to ``--json FILE`` as each rung ends, one entry per game, table, rung and seed
(with every deal's difference); a rung already in the file is not run again, so a long
ladder may be stopped and resumed in a later session, or split over machines (run
different ``--game``/``--rung`` sets into different files and ``--merge`` them).

Run: ``python benchmarks/bidding_ladder.py --game auction-45 --rung rule-of-thumb/random
--deals 1000 --seeds 1 2 --workers 2 --json ladder.json`` (``--unit game``: whole games to
the target, game-win share first; ``--show``: print the file's lines only).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from pathlib import Path
from typing import Any

import trumpfamily as tf
from trumpfamily.tournament import t_critical

GAMES: dict[str, tuple[tf.Variant, tuple[int, ...]]] = {
    "auction-45": (tf.AUCTION_45, (4,)),
    "newfoundland-120s": (tf.NEWFOUNDLAND_120S, (4,)),
    "nova-scotia-45": (tf.NOVA_SCOTIA_45, (4,)),
    "one-ten": (tf.ONE_TEN, (3, 4)),
}


def seating(variant: tf.Variant, a: str, b: str, players: int) -> dict[str, str] | list[str]:
    """The bots of a rung: one bot a side in two partnerships, else A against a field of
    B; a self-play rung names its copies ``A`` and ``A-2``."""
    sides = variant.table.sides(players)
    if len(sides) == 2 and len(sides[0]) > 1:
        return [a, b]
    return [a] + [b] * (players - 1)


def sides_of(game: str, players: int) -> int:
    """The number of sides at the table: two partnerships, or one a seat."""
    return len(GAMES[game][0].table.sides(players))


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95 % Student's t interval."""
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return mean, math.nan, math.nan
    half = t_critical(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def run_rung(game: str, players: int, a: str, b: str, seed: int, deals: int, workers: int,
             unit: str) -> dict[str, Any]:
    """One rung on one seed: its per-deal differences (A minus B) and the summary."""
    variant, _ = GAMES[game]
    t0 = time.perf_counter()
    result = tf.tournament(seating(variant, a, b, players), variant, players=players,
                           deals=deals, seed=seed, workers=workers, progress=False,
                           unit=unit)  # type: ignore[arg-type]
    seconds = time.perf_counter() - t0
    first, second = result.bots[0].name, result.bots[1].name
    i, j = result.names.index(first), result.names.index(second)
    diffs = [row[i] - row[j] for row in result.per_deal]
    entry: dict[str, Any] = {
        "game": game, "players": players, "a": a, "b": b, "seed": seed, "deals": deals,
        "unit": unit, "seconds": round(seconds, 1), "rotations": result.rotations,
        "diffs": diffs,
    }
    if unit == "game":
        entry["win_diffs"] = [row[i] - row[j] for row in result.per_deal_wins]
        entry["a_win_rate"] = result.bots[0].win_rate
    return entry


def key(e: dict[str, Any]) -> tuple[Any, ...]:
    return (e["game"], e["players"], e["a"], e["b"], e["seed"], e["deals"], e["unit"])


def lines(entries: list[dict[str, Any]]) -> list[str]:
    """One line per game, table and rung: the pooled interval, then each seed's mean."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for e in entries:
        groups.setdefault((e["game"], e["players"], e["a"], e["b"], e["unit"]), []).append(e)
    out = []
    for (game, players, a, b, unit), es in groups.items():
        es.sort(key=lambda e: e["seed"])
        diffs = [d for e in es for d in e["diffs"]]
        mean, low, high = interval(diffs)
        seeds = ", ".join(f"seed {e['seed']}: {statistics.fmean(e['diffs']):+.2f}"
                          for e in es)
        secs = sum(e["seconds"] for e in es)
        text = (f"{game} ({players}p) {a} vs {b}: {mean:+.2f} [{low:+.2f}, {high:+.2f}] "
                f"points/hand over {len(diffs)} {'games' if unit == 'game' else 'deals'} "
                f"({seeds}; {secs:.0f} s)")
        if unit == "game":
            wins = [d for e in es for d in e["win_diffs"]]
            wm, wl, wh = interval(wins)
            # A's share s_A and B's s_B of each game set add up to 1 over the sides A sits
            # on: s_A + (k - 1) s_B = 1 with k sides (two partnerships, or A against a
            # field of k - 1 seats of B), so A's game-win rate is (1 + (k - 1) d) / k for
            # the difference d = s_A - s_B, and its interval maps the same way.
            k = sides_of(game, players)
            rate, rl, rh = (min(1.0, max(0.0, (1 + (k - 1) * x) / k)) for x in (wm, wl, wh))
            text = (f"{game} ({players}p) games {a} vs {b}: {a} wins {rate:.1%} "
                    f"[{rl:.1%}, {rh:.1%}] of games (game-win share {wm:+.3f} "
                    f"[{wl:+.3f}, {wh:+.3f}]); " + text.split(": ", 1)[1])
        out.append(text)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--players", type=int)
    parser.add_argument("--rung", action="append", metavar="A/B", required=False,
                        help="a comparison A/B, bots by their tournament names "
                             "(e.g. sample-solve:samples=8)")
    parser.add_argument("--deals", type=int, default=1000, help="deals per seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--unit", choices=("hand", "game"), default="hand")
    parser.add_argument("--json", metavar="FILE", default="bidding-ladder.json")
    parser.add_argument("--show", action="store_true", help="print the file's lines only")
    parser.add_argument("--merge", nargs="*", default=[], metavar="FILE",
                        help="other result files to read in (and keep) with --json's")
    args = parser.parse_args()
    path = Path(args.json)
    entries: list[dict[str, Any]] = json.loads(path.read_text()) if path.exists() else []
    for other in args.merge:
        entries += [e for e in json.loads(Path(other).read_text())
                    if key(e) not in {key(x) for x in entries}]
    if not args.show:
        done = {key(e) for e in entries}
        for game in args.game or sorted(GAMES):
            for players in [args.players] if args.players else GAMES[game][1]:
                for rung in args.rung or ["rule-of-thumb/random"]:
                    a, b = rung.split("/", 1)
                    for seed in args.seeds:
                        want = (game, players, a, b, seed, args.deals, args.unit)
                        if want in done:
                            continue
                        entry = run_rung(game, players, a, b, seed, args.deals,
                                         args.workers, args.unit)
                        entries.append(entry)
                        path.write_text(json.dumps(entries))
                        print(f"  done: {game} {players}p {a} vs {b} seed {seed}: "
                              f"{statistics.fmean(entry['diffs']):+.2f} "
                              f"({entry['seconds']} s)", flush=True)
    for line in lines(entries):
        print(line)


if __name__ == "__main__":
    main()
