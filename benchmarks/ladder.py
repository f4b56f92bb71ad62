"""The bot ladder, by duplicate comparison: is bot A stronger than bot B?

For each deal (a seeded deck) and each seat ``i``, a one-hand game is played with A at
seat ``i`` and B at every other seat, and once with B at every seat; A's result at seat
``i`` minus B's result at seat ``i`` on the same cards is the duplicate difference. The
deal's difference is the mean over the seats; the script prints the mean over the deals
and its 95 % confidence interval (normal approximation, 1.96 standard errors).

Results per hand: Spoil Five (5 players), net chips of the hand (the ante paid, the pool
won, jink payments; a fresh pool each deal); Forty-Five (4 players), the seat's points.

Bots: ``random``, ``thumb`` (:class:`~trumpfamily.RuleOfThumbPlayer`), ``context``
(:class:`~trumpfamily.ContextRuleOfThumbPlayer`), ``solve[:SAMPLES]``
(:class:`~trumpfamily.SampleSolvePlayer`), ``ismcts[:ITERATIONS]``
(:class:`~trumpfamily.ISMCTSPlayer`).

Run: ``python benchmarks/ladder.py context random --game spoil-five --deals 200``
(``--jobs 2`` uses two processes).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time
from typing import Any

import trumpfamily as tf

GAMES = {"spoil-five": (tf.SPOIL_FIVE, 5), "forty-five": (tf.FORTY_FIVE, 4)}


def make_bot(spec: str, seed: int) -> Any:
    """A bot from its name (see the module docstring)."""
    name, _, arg = spec.partition(":")
    if name == "random":
        return tf.RandomPlayer(seed=seed)
    if name == "thumb":
        return tf.RuleOfThumbPlayer()
    if name == "context":
        return tf.ContextRuleOfThumbPlayer()
    if name == "solve":
        return tf.SampleSolvePlayer(int(arg or 8), seed=seed)
    if name == "ismcts":
        return tf.ISMCTSPlayer(int(arg or 200), seed=seed)
    raise SystemExit(f"unknown bot {spec!r}")


def play(variant: tf.Variant, players: int, deck: tuple[tf.Card, ...], dealer: int,
         bots: list[Any]) -> list[int]:
    """One hand as a one-hand game; each seat's result (chips or points)."""
    game = tf.new_game(variant, players=players, dealer=dealer, decks=[deck], hands=1)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game = game.apply(bots[seat].choose(game.view(seat)))
    out = game.outcomes[-1]
    assert out is not None
    if out.chips is not None:
        return list(out.chips)
    assert out.points is not None
    return list(out.points)


def deal_difference(args: tuple[str, str, str, int]) -> float:
    a_spec, b_spec, game_name, deal = args
    variant, players = GAMES[game_name]
    deck = tf.new_hand(variant, players=players, seed=deal).deck
    dealer = deal % players
    base = play(variant, players, deck, dealer,
                [make_bot(b_spec, deal * 100 + s) for s in range(players)])
    diffs = []
    for seat in range(players):
        bots = [make_bot(b_spec, deal * 100 + s) for s in range(players)]
        bots[seat] = make_bot(a_spec, deal * 100 + 50 + seat)
        diffs.append(play(variant, players, deck, dealer, bots)[seat] - base[seat])
    return statistics.fmean(diffs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--game", choices=sorted(GAMES), default="spoil-five")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="first deal's seed")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    work = [(args.a, args.b, args.game, d) for d in range(args.first, args.first + args.deals)]
    t0 = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            diffs = pool.map(deal_difference, work, chunksize=4)
    else:
        diffs = [deal_difference(w) for w in work]
    seconds = time.perf_counter() - t0
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    unit = "chips" if args.game == "spoil-five" else "points"
    verdict = ("A stronger" if mean - half > 0 else "B stronger" if mean + half < 0
               else "not separated")
    print(f"{args.a} vs {args.b}, {args.game}, {len(diffs)} duplicate deals: "
          f"{mean:+.3f} {unit}/hand, 95% CI [{mean - half:+.3f}, {mean + half:+.3f}] "
          f"({verdict}); {seconds:.1f} s")


if __name__ == "__main__":
    main()
