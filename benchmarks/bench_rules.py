"""Benchmark of the rules calls: ``legal_moves`` and ``trick_winner`` per second.

Random positions per preset (trump suit, a trick of 0–4 cards, a hand of 5), inputs
already parsed to ``Card``. For comparison, a straightforward implementation that
re-derives the card order on each call (no cached tables) is timed on the same
positions. Not part of the test suite: run ``python benchmarks/bench_rules.py``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import trumpfamily as tf
from trumpfamily.cards import Card, Suit
from trumpfamily.ranking import _plain_order, _trump_order

Position = tuple[tuple[Card, ...], tuple[Card, ...], Suit]


def positions(variant: tf.Variant, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    deck = list(variant.ranking.deck())
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        n = rng.randint(0, 4)
        out.append((tuple(deck[:5]), tuple(deck[5:5 + n]), rng.choice(list(Suit))))
    return out


def naive_trick_winner(trick: Sequence[Card], trump: Suit, variant: tf.Variant) -> int:
    """Re-derives the orders on every call (the straightforward way)."""
    ranking = variant.ranking
    trumps = list(_trump_order(ranking, trump, None))
    if any(c in trumps for c in trick):
        return min(range(len(trick)), key=lambda i: trumps.index(trick[i]) if trick[i] in trumps else 99)
    led = trick[0].suit
    assert led is not None
    order = list(_plain_order(ranking, led, trump))
    return min(range(len(trick)), key=lambda i: order.index(trick[i]) if trick[i] in order else 99)


def rate(fn: Callable[[], int], seconds: float) -> float:
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        calls += fn()
    return calls / (time.perf_counter() - start)


def measure(variant: tf.Variant, seconds: float) -> str:
    """One line of figures for ``variant``."""
    pos = positions(variant, 2000, 7)
    lm, tw = tf.legal_moves, tf.trick_winner
    full = [(h + t)[: variant.table.max_players] for h, t, _ in pos]

    def run_legal() -> int:
        for h, t, s in pos:
            lm(h, t, trump=s, variant=variant)
        return len(pos)

    def run_winner() -> int:
        for (_, _, s), trick in zip(pos, full):
            tw(trick, trump=s, variant=variant)
        return len(pos)

    def run_naive() -> int:
        for (_, _, s), trick in zip(pos, full):
            naive_trick_winner(trick, s, variant)
        return len(pos)

    for (_, _, s), trick in zip(pos[:200], full):
        assert naive_trick_winner(trick, s, variant) == tw(trick, trump=s, variant=variant)
    a, b, c = rate(run_legal, seconds), rate(run_winner, seconds), rate(run_naive, seconds)
    return (f"{variant.name:12} legal_moves {a:>10,.0f}/s   trick_winner {b:>10,.0f}/s   "
            f"naive trick_winner {c:>8,.0f}/s  ({b / c:.1f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()
    for variant in tf.VARIANTS.values():
        print(measure(variant, args.seconds))


if __name__ == "__main__":
    main()
