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

**The full tables** (issue 22, item 4): ``--seeds S1 S2 ...`` switches to the resumable
ladder of :mod:`bidding_ladder` (its seating, intervals and file format): every rung is
run once per seed (``--deals`` deals each) and written to ``--json`` (default
``benchmarks/results/ladder-full-tables.json``) with every deal's difference as it
ends; a rung already in the file is skipped, so a stopped run resumes where it stopped.
The line printed per table and rung is one paired 95 % interval over the deals of all
its seeds, each seed's mean beside it. ``--table`` picks tables (``spoil-five:4``;
default: every usual table of the turn-up presets, :data:`FULL_TABLES`: Spoil Five at
4 and 5, Maw at 5, Twenty-Five at 4 (2 v 2), Forty-Five at 4 and 6 in two partnerships
of three). ``A/A`` is a self-play canary, whose interval must contain 0; the oracle rung
``oracle-turnup/context-rule-of-thumb`` (the cheating best response,
:class:`~trumpfamily.search.TurnUpBestResponseOracle`) is the upper reference, and each
bot's rung against the context rule of thumb is printed with its *share of the oracle
gap*, (bot - CRoT) / (oracle - CRoT): the two head-to-head means, divided.
``--timing N`` instead plays ``N`` hands per table with bot A at seat 0 (the rest B) in
this one process and prints A's seconds per decision (p50, p90, max)::

    python benchmarks/ladder.py --seeds 1 2 --deals 1000 --workers 1 \
        --rung ismcts/context-rule-of-thumb --rung oracle-turnup/context-rule-of-thumb
    python benchmarks/ladder.py --seeds 1 --timing 20 --rung ismcts/context-rule-of-thumb
    python benchmarks/ladder.py --seeds 1 2 --show
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import trumpfamily as tf
from trumpfamily.tournament import bot_factory

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bidding_ladder  # the resumable ladder's seating, intervals, file keys

#: game name -> (variant, the seat counts its rungs are played at by default)
GAMES = {
    "spoil-five": (tf.SPOIL_FIVE, (5,)),
    "forty-five": (tf.FORTY_FIVE, (4,)),
    "auction-45": (tf.AUCTION_45, (4,)),
    "newfoundland-120s": (tf.NEWFOUNDLAND_120S, (4,)),
    "nova-scotia-45": (tf.NOVA_SCOTIA_45, (4,)),
    "one-ten": (tf.ONE_TEN, (3, 4)),
    "maw": (tf.MAW, (5,)),
    "twenty-five": (tf.TWENTY_FIVE, (4,)),
    #: Forty-Five in two partnerships of three, partners in alternate seats (RULES.md §2.5)
    "forty-five-partnerships": (tf.FORTY_FIVE.with_options(partnerships="threes"), (6,)),
}
#: The usual tables of the turn-up presets (issue 22, item 4): (game, players).
FULL_TABLES = (("spoil-five", 4), ("spoil-five", 5), ("maw", 5), ("twenty-five", 4),
               ("forty-five", 4), ("forty-five-partnerships", 6))
ORACLE = "oracle-turnup"
BASE = "context-rule-of-thumb"
DEFAULT_FILE = Path(__file__).resolve().parent / "results" / "ladder-full-tables.json"
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


def run_full_rung(game: str, players: int, a: str, b: str, seed: int, deals: int,
                  workers: int) -> dict[str, Any]:
    """One rung on one seed at a full table: the per-deal differences (A minus B)."""
    variant, _ = GAMES[game]
    t0 = time.perf_counter()
    result = tf.tournament(bidding_ladder.seating(variant, a, b, players), variant,
                           players=players, deals=deals, seed=seed, workers=workers,
                           progress=False)
    seconds = time.perf_counter() - t0
    i = result.names.index(result.bots[0].name)
    j = result.names.index(result.bots[1].name)
    return {"game": game, "players": players, "a": a, "b": b, "seed": seed, "deals": deals,
            "unit": "hand", "seconds": round(seconds, 1), "rotations": result.rotations,
            "diffs": [row[i] - row[j] for row in result.per_deal]}


def full_lines(entries: list[dict[str, Any]]) -> list[str]:
    """Per table and rung: the pooled interval over every seed, each seed's mean, and for
    a bot against the context rule of thumb its share of the oracle gap."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for e in entries:
        groups.setdefault((e["game"], e["players"], e["a"], e["b"]), []).append(e)
    means = {k: statistics.fmean(d for e in es for d in e["diffs"]) for k, es in groups.items()}
    out = []
    for (game, players, a, b), es in groups.items():
        es.sort(key=lambda e: (e["seed"], e["deals"]))
        diffs = [d for e in es for d in e["diffs"]]
        mean, low, high = bidding_ladder.interval(diffs)
        seeds = ", ".join(f"seed {e['seed']}: {statistics.fmean(e['diffs']):+.3f} "
                          f"({e['deals']})" for e in es)
        unit = "chips" if GAMES[game][0].scoring.scoring == "pool" else "points"
        text = (f"{game} ({players}p) {a} vs {b}: {mean:+.3f} [{low:+.3f}, {high:+.3f}] "
                f"{unit}/hand over {len(diffs)} deals ({_verdict(low, high)}; {seeds}; "
                f"{sum(e['seconds'] for e in es):.0f} s)")
        oracle = means.get((game, players, ORACLE, BASE))
        if b == BASE and a not in (ORACLE, BASE) and oracle:
            text += f"; share of the oracle gap {mean / oracle:.0%} (oracle {oracle:+.3f})"
        out.append(text)
    return out


def _tables(chosen: list[str] | None) -> list[tuple[str, int]]:
    if not chosen:
        return list(FULL_TABLES)
    tables = []
    for text in chosen:
        game, _, players = text.partition(":")
        if game not in GAMES:
            raise SystemExit(f"--table {text}: unknown game (one of {', '.join(GAMES)})")
        tables.append((game, int(players) if players else GAMES[game][1][0]))
    return tables


def timing(game: str, players: int, a: str, b: str, hands: int, seed: int) -> str:
    """Seconds per decision of bot A (seat 0, the others B) over ``hands`` hands."""
    variant, _ = GAMES[game]
    make_a, make_b = bot_factory(a), bot_factory(b)
    times: list[float] = []

    class Timed:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, view: Any) -> Any:
            t0 = time.process_time()
            action = self.bot.choose(view)
            times.append(time.process_time() - t0)
            return action

    for h in range(hands):
        game_ = tf.Game(variant, players=players, seed=seed * 100_003 + h, hands=1,
                        dealer=h % players)
        game_.play([Timed(make_a(h)), *[make_b(h * 10 + s) for s in range(1, players)]])
    times.sort()
    q = statistics.quantiles(times, n=10) if len(times) > 1 else times * 9
    return (f"{game} ({players}p) {a}: {len(times)} decisions over {hands} hands, CPU s per "
            f"decision p50 {statistics.median(times):.3f}, p90 {q[8]:.3f}, max {times[-1]:.3f}")


def full_main(args: argparse.Namespace) -> None:
    """The resumable full-table ladder (``--seeds``)."""
    path = Path(args.json) if args.json else DEFAULT_FILE
    rungs = [tuple(r.split("/", 1)) for r in args.rung] if args.rung else [
        ("ismcts", BASE), (ORACLE, BASE)]
    if args.timing:
        for game, players in _tables(args.table):
            for a, b in rungs:
                print(timing(game, players, a, b, args.timing, args.seeds[0]), flush=True)
        return
    entries: list[dict[str, Any]] = json.loads(path.read_text()) if path.exists() else []
    if not args.show:
        done = {bidding_ladder.key(e) for e in entries}
        for game, players in _tables(args.table):
            for a, b in rungs:
                for seed in args.seeds:
                    if (game, players, a, b, seed, args.deals, "hand") in done:
                        continue
                    entry = run_full_rung(game, players, a, b, seed, args.deals, args.workers)
                    entries.append(entry)
                    path.write_text(json.dumps(entries))
                    print(f"  done: {game} {players}p {a} vs {b} seed {seed}: "
                          f"{statistics.fmean(entry['diffs']):+.3f} over {args.deals} deals "
                          f"({entry['seconds']} s)", flush=True)
    for line in full_lines(entries):
        print(line)


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
    parser.add_argument("--seeds", type=int, nargs="+",
                        help="the full-table ladder: one run per seed, resumable (--json, "
                             "default benchmarks/results/ladder-full-tables.json)")
    parser.add_argument("--table", action="append", metavar="GAME:PLAYERS",
                        help="with --seeds: a table (default: every usual turn-up table)")
    parser.add_argument("--timing", type=int, metavar="HANDS",
                        help="with --seeds: time bot A's decisions over HANDS hands a table")
    parser.add_argument("--show", action="store_true", help="with --seeds: print the file only")
    args = parser.parse_args()
    if args.seeds:
        if args.quick:
            args.deals = 20
        full_main(args)
        return
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
