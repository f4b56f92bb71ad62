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

The bidding games (issue 20): ``auction-45``, ``newfoundland-120s`` and ``nova-scotia-45``
(four players, two partnerships) and ``110`` (``one-ten``, three and four players, each for
himself). In a partnership game a rung puts A on one side and B on the other, the bots
``[A, B, A, B]`` (every rotation swaps the sides: a match between two partnerships), and
the line is A's side minus B's; without partnerships it is A against a field of B as above.

``--unit game`` plays duplicate whole games to the target instead of one-hand deals
(:func:`trumpfamily.tournament` with ``unit="game"``, ``--deals`` games, ``--max-hands``
their cap): the line gives the paired game-win difference of A's seats minus B's with its
95 % interval, beside A's game-win rate and the points-per-hand difference. Forty-Five
plays to 45; Spoil Five, a pool game, has no game to play to and is skipped.

Run: ``python benchmarks/ladder.py [--deals 2000] [--workers 2] [--game spoil-five]
[--players N] [--rung sample-solve/context-rule-of-thumb ...] [--unit game] [--json FILE]``
(``--quick``: 20 deals). Long: the search rungs take tens of minutes each at 2,000 deals
on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import trumpfamily as tf

#: game name -> (variant, the seat counts its rungs are played at by default)
GAMES = {
    "spoil-five": (tf.SPOIL_FIVE, (5,)),
    "forty-five": (tf.FORTY_FIVE, (4,)),
    "auction-45": (tf.AUCTION_45, (4,)),
    "newfoundland-120s": (tf.NEWFOUNDLAND_120S, (4,)),
    "nova-scotia-45": (tf.NOVA_SCOTIA_45, (4,)),
    "one-ten": (tf.ONE_TEN, (3, 4)),
}
#: The games played when none is named (the turn-up ladder, as before).
DEFAULT_GAMES = ("spoil-five", "forty-five")
RUNGS = (
    ("rule-of-thumb", "random"),
    ("context-rule-of-thumb", "random"),
    ("ismcts", "context-rule-of-thumb"),
    ("sample-solve", "context-rule-of-thumb"),
)


def seating(variant: tf.Variant, a: str, b: str, players: int) -> list[str]:
    """The bots of a rung: ``[A, B, A, B...]`` when the table plays in two partnerships
    (A one side, B the other), else A against a field of B, ``[A, B, B, ...]``."""
    sides = variant.table.sides(players)
    if len(sides) == 2 and len(sides[0]) > 1:
        return [a, b]  # the tournament cycles them: A B A B, one bot a side
    return [a] + [b] * (players - 1)


def compare(a: str, b: str, game: str, deals: int, workers: int, seed: int,
            players: int | None = None, unit: str = "hand",
            max_hands: int = 60) -> dict[str, object]:
    """One rung (``players`` seats, default the game's first table); the head-to-head line
    as a dict: per hand, or with ``unit="game"`` per game (game-win difference first)."""
    variant, tables = GAMES[game]
    players = players or tables[0]
    t0 = time.perf_counter()
    result = tf.tournament(seating(variant, a, b, players), variant, players=players,
                           deals=deals, seed=seed, workers=workers, progress=False,
                           unit=unit, max_hands=max_hands)  # type: ignore[arg-type]
    seconds = time.perf_counter() - t0
    pair = result.versus(result.bots[0].name, result.bots[1].name)
    line: dict[str, object] = {
        "a": a, "b": b, "game": game, "players": players, "deals": deals, "unit": unit,
        "mean": pair.mean, "ci_low": pair.ci_low, "ci_high": pair.ci_high,
        "seconds": round(seconds, 1),
    }
    if unit == "game":
        line.update(win_mean=pair.win_mean, win_ci_low=pair.win_ci_low,
                    win_ci_high=pair.win_ci_high, a_win_rate=result.bots[0].win_rate,
                    hands_per_game=result.hands_per_game, capped=result.capped)
    return line


def _verdict(low: object, high: object) -> str:
    return ("A stronger" if low is not None and low > 0  # type: ignore[operator]
            else "B stronger" if high is not None and high < 0  # type: ignore[operator]
            else "not separated")


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
    parser.add_argument("--unit", choices=("hand", "game"), default="hand",
                        help="one-hand deals (default) or whole games to the target")
    parser.add_argument("--max-hands", type=int, default=60,
                        help="--unit game: the cap on a game's hands (default 60)")
    parser.add_argument("--json", metavar="FILE", help="also write the lines to FILE")
    parser.add_argument("--quick", action="store_true", help="20 deals (a smoke run)")
    args = parser.parse_args()
    deals = 20 if args.quick else args.deals
    rungs = [tuple(r.split("/", 1)) for r in args.rung] if args.rung else list(RUNGS)
    lines = []
    for game in args.game or DEFAULT_GAMES:
        variant, tables = GAMES[game]
        if args.unit == "game" and variant.bidding is None and variant.scoring.scoring == "pool":
            print(f"{game}: a pool game has no game to play to: skipped with --unit game")
            continue
        for players in [args.players] if args.players else tables:
            for a, b in rungs:
                line = compare(a, b, game, deals, args.workers, args.seed, players, args.unit,
                               args.max_hands)
                lines.append(line)
                low, high = line["ci_low"], line["ci_high"]
                unit = "chips" if game == "spoil-five" else "points"
                head = f"{game} ({players} players), {deals} duplicate"
                if args.unit == "game":
                    wl, wh = line["win_ci_low"], line["win_ci_high"]
                    print(f"{head} games: {a} vs {b}: game wins {line['win_mean']:+.3f} "
                          f"[{wl:+.3f}, {wh:+.3f}] ({_verdict(wl, wh)}; A wins "
                          f"{line['a_win_rate']:.1%}); {line['mean']:+.2f} points/hand "
                          f"[{low:+.2f}, {high:+.2f}]; {line['hands_per_game']:.1f} "
                          f"hands/game, {line['capped']} capped; {line['seconds']} s",
                          flush=True)
                else:
                    print(f"{head} deals: {a} vs {b}: {line['mean']:+.3f} {unit}/hand, 95% "
                          f"CI [{low:+.3f}, {high:+.3f}] ({_verdict(low, high)}); "
                          f"{line['seconds']} s", flush=True)
                if args.json:
                    with open(args.json, "w", encoding="utf-8") as f:
                        json.dump(lines, f, indent=1)

if __name__ == "__main__":
    main()
