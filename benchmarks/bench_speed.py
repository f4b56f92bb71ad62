"""Hands per second, side by side: trumpfamily's ways to play random hands, and OpenSpiel.

What is measured: random full deals played to the end, one process, one thread. For
trumpfamily, five-player Spoil Five (``tf.SPOIL_FIVE``), each hand dealt from a seed and
played with uniformly random legal actions; for OpenSpiel, its Euchre (``euchre``, four
players, five cards each, a bidding phase), the nearest game it ships, random games. The
workloads are not the same game, but each unit is one deal played to its end (about 24
actions a Spoil Five hand; about 21 moves and 22 chance outcomes a Euchre game).

Contenders:

``public-loop``
    ``tf.new_hand`` then ``state.legal_actions()`` / ``state.apply(...)`` until
    ``state.is_over``: the public engine driven by a bare loop.
``public-loop+views``
    the loop of ``bench_engine.play_hands`` (imported by path): ``RandomPlayer`` bots
    choosing from ``state.view(seat)``, as a game server drives the engine.
``simulate``
    ``tf.simulate(tf.SPOIL_FIVE, players=5, hands=N, seed=S)``, iterated (skipped when
    this trumpfamily has no ``simulate``).
``batch``
    ``trumpfamily.batch.simulate(tf.SPOIL_FIVE, players=5, hands=N, seed=S)``, numpy
    arrays out; N large (``--batch-hands``), after a warm-up call that compiles it
    (skipped when ``trumpfamily.batch`` is not importable).
``bidding-loop``
    the bidding case: four-player Auction Forty-Fives (``tf.AUCTION_45``), ``tf.new_hand``
    then ``legal_actions()`` / ``apply(...)`` with uniformly random choices (calls,
    trumps, discards, cards), the engine's bare loop.
``bidding-simulate``
    ``tf.simulate(tf.AUCTION_45, players=4, hands=N, seed=S)`` iterated: the bidding
    games' fast path, the same random choices (its ratio to ``bidding-loop`` is printed
    under the table).
``openspiel-python``
    ``game.new_initial_state()``, then a lean Python loop: at a chance node a uniform
    pick among ``state.chance_outcomes()`` (Euchre's deal is uniform; checked during the
    warm-up), else among ``state.legal_actions()``; ``state.apply_action(a)``.
``openspiel-cpp``
    ``pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)`` per game, with
    ``bots = [pyspiel.make_uniform_random_bot(p, seed) for p in range(4)]`` made once
    (the uniform random bot keeps no per-game state; ``evaluate_bots`` restarts the bots
    and samples chance outcomes with its own generator seeded by ``seed``, so every game
    gets a new seed): OpenSpiel's own C++ play loop.

How: every contender is warmed up, then ``--rounds`` interleaved rounds are run (each round
gives each contender one slice of ``--seconds``, the order rotating from round to round);
the best rate of each contender is kept, and the ratios between them are printed. The
OpenSpiel contenders need ``pyspiel``: ``pip install 'trumpfamily[bench]'``.

Run: ``python benchmarks/bench_speed.py [--rounds 5] [--seconds 1] [--json PATH]``, or
``--quick`` for a smoke run of a few seconds. ``--plot FILE`` also draws each contender's
rate relative to ``public-loop`` (the geometric mean of the rounds' ratios with its 95 %
confidence interval, on a log scale) with :func:`trumpfamily.plot.results` (the ``plot``
extra: matplotlib), and saves it to FILE (``.png``, ``.svg``, ``.pdf``...).

The machines this runs on are shared and noisy (other tenants, frequency changes): absolute
rates differ from run to run and are context only. Only the ratios measured within one run,
on interleaved rounds, mean anything; compare those, never figures from different runs.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import trumpfamily as tf

PLAYERS = 5
OS_PLAYERS = 4  # Euchre
BENCH_ENGINE = Path(__file__).resolve().parent / "bench_engine.py"

#: Plays ``n`` hands (games) from seed ``seed`` on; returns how many it played.
Play = Callable[[int, int], int]


@dataclass
class Contender:
    """One way of playing random hands, and its measurements."""

    name: str
    unit: str  # "hands" (trumpfamily, Spoil Five) or "games" (OpenSpiel, Euchre)
    play: Play
    #: hands per call: fixed (``batch``), else calibrated in the warm-up.
    chunk: int | None = None
    rates: list[float] = field(default_factory=list)  # one per round

    @property
    def best(self) -> float:
        """The best rate over the rounds."""
        return max(self.rates)


# -- trumpfamily contenders ------------------------------------------------------------


def play_public_loop(n: int, seed: int) -> int:
    """``n`` random Spoil Five hands through ``new_hand`` / ``legal_actions`` / ``apply``."""
    rnd = random.Random(seed).random
    new_hand, variant = tf.new_hand, tf.SPOIL_FIVE
    for i in range(seed, seed + n):
        s = new_hand(variant, players=PLAYERS, dealer=i % PLAYERS, seed=i)
        while not s.is_over:
            la = s.legal_actions()
            s = s.apply(la[int(rnd() * len(la))])
        assert s.outcome is not None
    return n


def load_bench_engine() -> ModuleType:
    """``benchmarks/bench_engine.py``, imported by path (it is not a package)."""
    spec = importlib.util.spec_from_file_location("bench_engine", BENCH_ENGINE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def views_contender() -> Contender:
    """``bench_engine.play_hands``: ``RandomPlayer`` bots on ``state.view(seat)``."""
    play_hands = load_bench_engine().play_hands

    def play(n: int, seed: int) -> int:
        play_hands(tf.SPOIL_FIVE, n, start_seed=seed)
        return n

    return Contender("public-loop+views", "hands", play)


def simulate_contender() -> Contender | str:
    """``tf.simulate`` iterated, or why it cannot run."""
    if not hasattr(tf, "simulate"):
        return "not available (this trumpfamily has no tf.simulate)"
    simulate: Any = getattr(tf, "simulate")  # noqa: B009 - absent from older versions

    def play(n: int, seed: int) -> int:
        count = 0
        for _outcome in simulate(tf.SPOIL_FIVE, players=PLAYERS, hands=n, seed=seed):
            count += 1
        return count

    return Contender("simulate", "hands", play)


BIDDING_PLAYERS = 4


def play_bidding_loop(n: int, seed: int) -> int:
    """``n`` random four-player Auction Forty-Fives hands through ``new_hand`` /
    ``legal_actions`` / ``apply``."""
    rnd = random.Random(seed).random
    new_hand, variant = tf.new_hand, tf.AUCTION_45
    for i in range(seed, seed + n):
        s = new_hand(variant, players=BIDDING_PLAYERS, dealer=i % BIDDING_PLAYERS, seed=i)
        while not s.is_over:
            la = s.legal_actions()
            s = s.apply(la[int(rnd() * len(la))])
        assert s.outcome is not None
    return n


def bidding_simulate_contender() -> Contender | str:
    """``tf.simulate`` on Auction Forty-Fives, or why it cannot run (an older
    trumpfamily's simulate refuses the bidding games)."""
    simulate: Any = getattr(tf, "simulate", None)
    if simulate is None or not hasattr(tf, "AUCTION_45"):
        return "not available (this trumpfamily has no tf.simulate or no AUCTION_45)"
    try:
        simulate(tf.AUCTION_45, players=BIDDING_PLAYERS, hands=1, seed=0)
    except tf.InvalidArgumentError as exc:
        return f"not available ({exc})"

    def play(n: int, seed: int) -> int:
        count = 0
        for _outcome in simulate(tf.AUCTION_45, players=BIDDING_PLAYERS, hands=n, seed=seed):
            count += 1
        return count

    return Contender("bidding-simulate", "hands", play)


def batch_contender(hands: int) -> Contender | str:
    """``trumpfamily.batch.simulate`` on ``hands`` hands a call, or why it cannot run."""
    try:
        batch: Any = importlib.import_module("trumpfamily.batch")
    except ImportError as exc:
        return f"not available (trumpfamily.batch is not importable: {exc})"

    def play(n: int, seed: int) -> int:
        batch.simulate(tf.SPOIL_FIVE, players=PLAYERS, hands=n, seed=seed)
        return n

    return Contender("batch", "hands", play, chunk=hands)


# -- OpenSpiel contenders ----------------------------------------------------------------


def openspiel_contenders(pyspiel: Any) -> list[Contender]:
    """The Python loop over OpenSpiel's Euchre, and OpenSpiel's own C++ loop."""
    game = pyspiel.load_game("euchre")

    def play_python(n: int, seed: int) -> int:
        rnd = random.Random(seed).random
        new_state = game.new_initial_state
        for _ in range(n):
            state = new_state()
            is_terminal, is_chance_node = state.is_terminal, state.is_chance_node
            chance_outcomes, legal_actions = state.chance_outcomes, state.legal_actions
            apply_action = state.apply_action
            while not is_terminal():
                if is_chance_node():
                    outcomes = chance_outcomes()
                    apply_action(outcomes[int(rnd() * len(outcomes))][0])
                else:
                    actions = legal_actions()
                    apply_action(actions[int(rnd() * len(actions))])
            state.returns()
        return n

    bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(OS_PLAYERS)]

    def play_cpp(n: int, seed: int) -> int:
        evaluate_bots, new_state = pyspiel.evaluate_bots, game.new_initial_state
        for i in range(seed, seed + n):
            evaluate_bots(new_state(), bots, i)
        return n

    return [
        Contender("openspiel-python", "games", play_python),
        Contender("openspiel-cpp", "games", play_cpp),
    ]


def check_uniform_chance(pyspiel: Any, games: int = 20) -> None:
    """Euchre's chance outcomes are equally likely (so a uniform pick is a fair deal)."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(0)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert len({p for _, p in outcomes}) == 1, "non-uniform chance node"
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def actions_per_game(pyspiel: Any | None) -> dict[str, float]:
    """Context: average actions a Spoil Five hand, and history length of a Euchre game."""
    out: dict[str, float] = {}
    rnd = random.Random(0).random
    n, total = 200, 0
    for i in range(n):
        s = tf.new_hand(tf.SPOIL_FIVE, players=PLAYERS, dealer=i % PLAYERS, seed=i)
        while not s.is_over:
            la = s.legal_actions()
            s = s.apply(la[int(rnd() * len(la))])
            total += 1
    out["spoil_five_actions_per_hand"] = total / n
    if pyspiel is not None:
        game = pyspiel.load_game("euchre")
        bot_list = [pyspiel.make_uniform_random_bot(p, p) for p in range(OS_PLAYERS)]
        lengths = 0
        for i in range(n):
            state = game.new_initial_state()
            pyspiel.evaluate_bots(state, bot_list, i)
            lengths += len(state.history())
        out["euchre_history_per_game"] = lengths / n
    return out


# -- timing ------------------------------------------------------------------------------


def warm_up(c: Contender, slice_seconds: float, seed: int) -> None:
    """First calls (caches, compilation), and the chunk size: about a twentieth of a slice
    per call, so that checking the clock between calls costs nothing."""
    if c.chunk is not None:
        c.play(c.chunk, seed)
        return
    n = 20
    while True:
        t0 = time.perf_counter()
        c.play(n, seed)
        elapsed = time.perf_counter() - t0
        if elapsed >= 0.05 or n >= 1_000_000:
            break
        n *= 4
    c.chunk = max(1, int(n / elapsed * slice_seconds / 20))


def time_slice(c: Contender, seconds: float, seed: int) -> float:
    """Hands (games) per second of ``c`` over one slice of at least ``seconds`` (and at
    least one call); each call starts from a new seed, so no deal repeats."""
    assert c.chunk is not None
    hands, start = 0, time.perf_counter()
    while True:
        hands += c.play(c.chunk, seed + hands)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


def run(contenders: list[Contender], rounds: int, seconds: float) -> None:
    """Interleaved rounds: every round times one slice of each contender, the order
    rotated by one from round to round; each contender's rate of each round is recorded."""
    for r in range(rounds):
        k = r % len(contenders)
        for c in contenders[k:] + contenders[:k]:
            c.rates.append(time_slice(c, seconds, seed=1_000_000 * (r + 1)))


# -- report ------------------------------------------------------------------------------


def ratio_text(a: Contender, b: Contender | None) -> str:
    """``a``'s best rate over ``b``'s, as text (``-`` without ``b``)."""
    if b is None:
        return "-"
    return fmt_ratio(a.best / b.best)


def fmt_ratio(r: float) -> str:
    """A ratio as text: ``3.06x``, ``1,020x``, or ``1/11,786x`` when tiny."""
    if r >= 100:
        return f"{r:,.0f}x"
    if r >= 0.01:
        return f"{r:.2f}x"
    return f"1/{1 / r:,.0f}x"


def report(contenders: list[Contender], skipped: dict[str, str]) -> None:
    """The table of best rates and ratios (each contender's rate / the reference's)."""
    by_name = {c.name: c for c in contenders}
    os_py, os_cpp = by_name.get("openspiel-python"), by_name.get("openspiel-cpp")
    loop = by_name.get("public-loop")
    print()
    print(f"{'contender':<18} {'best rate':>12} {'unit':<8} {'÷ os-python':>11} {'÷ os-cpp':>9} "
          f"{'÷ public-loop':>13}  rounds' range")
    for c in contenders:
        lo, hi = min(c.rates), max(c.rates)
        print(f"{c.name:<18} {c.best:>12,.0f} {c.unit + '/s':<8} {ratio_text(c, os_py):>11} "
              f"{ratio_text(c, os_cpp):>9} {ratio_text(c, loop):>13}  {lo:,.0f}..{hi:,.0f}")
    for name in skipped:
        print(f"{name:<18} {'skipped (see above)':>12}")
    bid_loop, bid_fast = by_name.get("bidding-loop"), by_name.get("bidding-simulate")
    if bid_loop is not None and bid_fast is not None:
        print()
        print(f"bidding (4-player Auction Forty-Fives): bidding-simulate / bidding-loop = "
              f"{fmt_ratio(bid_fast.best / bid_loop.best)}")
    if loop is not None:
        others = [c for c in contenders if c is not loop and not c.name.startswith("bidding-")]
        if others:
            print()
            print("public-loop relative to each contender (public-loop rate / its rate):")
            for c in others:
                print(f"  vs {c.name:<18} {fmt_ratio(loop.best / c.best):>10}")
    print()
    print("ratio = the row's best rate / the column's best rate, within this run; "
          "Spoil Five hands (5 players) vs Euchre games (4 players)")


# Student's t, 97.5 % quantile, by degrees of freedom (the 95 % two-sided interval).
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
         9: 2.262, 10: 2.228, 15: 2.131, 20: 2.086, 30: 2.042, 60: 2.000}


def ratio_interval(rates: list[float], reference: list[float]) -> tuple[float, float, float]:
    """The ratio of two contenders' rates over interleaved rounds: the geometric mean of
    the per-round ratios and its 95 % t interval (computed on the logarithms), as
    ``(mean, low, high)``; with one round the interval is that round's ratio."""
    logs = [math.log(a / b) for a, b in zip(rates, reference, strict=True)]
    mean = statistics.fmean(logs)
    if len(logs) < 2:
        return math.exp(mean), math.exp(mean), math.exp(mean)
    df = len(logs) - 1
    t = _T975[max(k for k in _T975 if k <= df)] if df < 60 else 1.96
    half = t * statistics.stdev(logs) / math.sqrt(len(logs))
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)


def plot_ratios(contenders: list[Contender], path: str) -> None:
    """Draw each contender's rate / ``public-loop``'s (round by round) and save it to
    ``path`` (needs the ``plot`` extra)."""
    from trumpfamily import plot

    loop = next(c for c in contenders if c.name == "public-loop")
    rows = [(c.name, *ratio_interval(c.rates, loop.rates)) for c in contenders]
    figure = plot.results(rows, title="Random deals per second, relative to public-loop",
                          unit="rate ÷ public-loop rate", reference=1.0)
    figure.axes[0].set_xscale("log")
    figure.savefig(path)


def to_json(
    contenders: list[Contender], skipped: dict[str, str], args: argparse.Namespace,
    context: dict[str, float],
) -> dict[str, Any]:
    """The results as a JSON-ready dict."""
    def version(dist: str) -> str | None:
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            return None

    best = {c.name: c.best for c in contenders}
    return {
        "benchmark": "bench_speed",
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "trumpfamily": tf.__version__,
        "open_spiel": version("open-spiel"),
        "numpy": version("numpy"),
        "numba": version("numba"),
        "rounds": args.rounds,
        "seconds": args.seconds,
        "batch_hands": args.batch_hands,
        "context": context,
        "results": {
            c.name: {
                "unit": c.unit + "/s",
                "best": c.best,
                "rounds": c.rates,
                "chunk": c.chunk,
                "ratios": {other: c.best / rate for other, rate in best.items()},
            }
            for c in contenders
        },
        "skipped": skipped,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument(
        "--seconds", type=float, default=1.0,
        help="time per slice, for each contender and round (default 1)",
    )
    parser.add_argument(
        "--batch-hands", type=int, default=100_000,
        help="hands per batch.simulate call (default 100,000)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results to PATH")
    parser.add_argument("--quick", action="store_true", help="smoke run: a few seconds in all")
    parser.add_argument("--plot", metavar="FILE",
                        help="also plot the ratios to FILE (needs the plot extra: matplotlib)")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.seconds, args.batch_hands = 2, 0.2, 10_000
    if args.rounds < 1 or args.seconds <= 0 or args.batch_hands < 1:
        parser.error("--rounds and --batch-hands must be at least 1, --seconds positive")
    if args.plot and importlib.util.find_spec("matplotlib") is None:
        parser.error("--plot needs matplotlib: pip install 'trumpfamily[plot]'")

    contenders: list[Contender] = [
        Contender("public-loop", "hands", play_public_loop),
        views_contender(),
    ]
    skipped: dict[str, str] = {}
    if hasattr(tf, "AUCTION_45"):
        contenders.append(Contender("bidding-loop", "hands", play_bidding_loop))
    for name, made in (("simulate", simulate_contender()),
                       ("bidding-simulate", bidding_simulate_contender()),
                       ("batch", batch_contender(args.batch_hands))):
        if isinstance(made, str):
            skipped[name] = made
        else:
            contenders.append(made)
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError:
        pyspiel = None
        why = "pyspiel is not importable (pip install 'trumpfamily[bench]')"
        skipped["openspiel-python"] = skipped["openspiel-cpp"] = why
    else:
        check_uniform_chance(pyspiel)
        contenders += openspiel_contenders(pyspiel)

    print(f"random full deals per second, one process: {PLAYERS}-player Spoil Five hands "
          f"(trumpfamily {tf.__version__}) and {OS_PLAYERS}-player Euchre games (OpenSpiel)")
    for name, why in skipped.items():
        print(f"{name}: {why}")
    context = actions_per_game(pyspiel)
    print("actions a hand: " + ", ".join(f"{k} {v:.1f}" for k, v in context.items()))
    print(f"warming up; then {args.rounds} interleaved rounds of {args.seconds:g} s slices "
          "(only the ratios of one run mean anything)")
    for c in contenders:
        warm_up(c, args.seconds, seed=0)
    run(contenders, args.rounds, args.seconds)
    report(contenders, skipped)
    if args.json:
        data = to_json(contenders, skipped, args, context)
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"results written to {args.json}")
    if args.plot:
        plot_ratios(contenders, args.plot)
        print(f"plot written to {args.plot}")


if __name__ == "__main__":
    main()
