"""Benchmark of the rules calls: ``legal_moves`` and ``trick_winner`` per second.

Random positions per preset (trump suit, a trick of 0–4 cards, a hand of 5), inputs
already parsed to ``Card``. For comparison, straightforward implementations that re-derive
the card orders on each call (no cached tables), :func:`naive_legal_moves` and
:func:`naive_trick_winner`, are timed on the same positions; before any timing they are
checked to give the library's answer on every benchmark position.

Each library call and its naive counterpart are timed interleaved: ``--rounds`` rounds of
short slices, alternating the order from round to round, keeping each one's best rate. The
machines this runs on are shared and noisy, so the absolute rates are context only; the
ratios (library / naive, measured side by side in one run) are the figures to compare.

Not part of the test suite. Run: ``python benchmarks/bench_rules.py [--seconds 1
--rounds 5]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import trumpfamily as tf
from trumpfamily.cards import JK, Card, Rank, Suit
from trumpfamily.ranking import _plain_order, _trump_order

Position = tuple[tuple[Card, ...], tuple[Card, ...], Suit]

AH = Card(Rank.ACE, Suit.HEARTS)


def positions(variant: tf.Variant, count: int, seed: int) -> list[Position]:
    """``count`` random positions (hand of 5, trick of 0–4 cards, trump suit)."""
    rng = random.Random(seed)
    deck = list(variant.ranking.deck())
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        n = rng.randint(0, 4)
        out.append((tuple(deck[:5]), tuple(deck[5:5 + n]), rng.choice(list(Suit))))
    return out


def naive_legal_moves(
    hand: tuple[Card, ...], trick: Sequence[Card], trump: Suit, variant: tf.Variant
) -> tuple[Card, ...]:
    """The legal cards of ``hand``, re-deriving the orders on every call (the straightforward
    way): which cards are trumps and which follow the suit led come from the trump and
    plain orders, built afresh; the reneging options are read from ``variant.reneging``.

    Covers every value of the reneging options (no demoted Ace).
    """
    if not trick:
        return hand
    ranking, rules = variant.ranking, variant.reneging
    trumps = list(_trump_order(ranking, trump, None))
    led = trick[0]
    if led not in trumps:  # a plain suit led
        if rules.plain_lead == "free":
            return hand
        assert led.suit is not None
        suit = _plain_order(ranking, led.suit, trump)
        if not any(c in suit for c in hand):
            return hand  # void in the suit led
        if rules.plain_lead == "follow":
            return tuple(c for c in hand if c in suit)
        return tuple(c for c in hand if c in suit or c in trumps)
    # A trump led.
    if rules.trump_lead == "free":
        return hand
    held = [c for c in hand if c in trumps]
    if not held:
        if rules.ah_lead_requires_heart and led == AH and trump is not Suit.HEARTS:
            hearts = tuple(c for c in hand if c.suit is Suit.HEARTS)
            if hearts:
                return hearts
        return hand
    privileged: set[Card] = set()
    if not ranking.natural_order:
        privileged.add(Card(Rank.FIVE, trump))
        if rules.renege_cards != "5":
            privileged |= {Card(Rank.JACK, trump), AH}
        if rules.renege_cards == "5-J-JK-AH" and ranking.uses_joker:
            privileged.add(JK)
    # What a privileged trump must outrank (a lower index ranks higher).
    if rules.renege_basis == "led":
        bar = trumps.index(led)
    elif rules.renege_basis == "highest":
        bar = min(trumps.index(c) for c in trick if c in trumps)
    else:  # "unconditional"
        bar = len(trumps)
    may_renege = (len(held) == 1 or rules.multi_privileged == "all") and all(
        c in privileged and trumps.index(c) < bar for c in held
    )
    return hand if may_renege else tuple(held)


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
    """Calls per second of ``fn`` (which returns how many calls it made) over ``seconds``."""
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        calls += fn()
    return calls / (time.perf_counter() - start)


def interleaved(
    runs: dict[str, Callable[[], int]], seconds: float, rounds: int
) -> dict[str, float]:
    """Best rate of each run over ``rounds`` rounds of one slice each (``seconds / rounds``
    long), the order reversed every other round so that no run always goes first."""
    best = dict.fromkeys(runs, 0.0)
    names = list(runs)
    for r in range(rounds):
        for name in names if r % 2 == 0 else reversed(names):
            best[name] = max(best[name], rate(runs[name], seconds / rounds))
    return best


def measure(variant: tf.Variant, seconds: float, rounds: int) -> dict[str, float]:
    """Rates of the library calls and their naive counterparts for ``variant``, after
    checking that both give the same answers on every benchmark position."""
    pos = positions(variant, 2000, 7)
    lm, tw = tf.legal_moves, tf.trick_winner
    full = [(h + t)[: variant.table.max_players] for h, t, _ in pos]

    for h, t, s in pos:
        expected = lm(h, t, trump=s, variant=variant)
        got = naive_legal_moves(h, t, s, variant)
        assert got == expected, (variant.name, h, t, s, got, expected)
    for (_, _, s), trick in zip(pos, full, strict=True):
        assert naive_trick_winner(trick, s, variant) == tw(trick, trump=s, variant=variant)

    def run_legal() -> int:
        for h, t, s in pos:
            lm(h, t, trump=s, variant=variant)
        return len(pos)

    def run_naive_legal() -> int:
        for h, t, s in pos:
            naive_legal_moves(h, t, s, variant)
        return len(pos)

    def run_winner() -> int:
        for (_, _, s), trick in zip(pos, full, strict=True):
            tw(trick, trump=s, variant=variant)
        return len(pos)

    def run_naive_winner() -> int:
        for (_, _, s), trick in zip(pos, full, strict=True):
            naive_trick_winner(trick, s, variant)
        return len(pos)

    return interleaved(
        {
            "legal_moves": run_legal,
            "naive legal_moves": run_naive_legal,
            "trick_winner": run_winner,
            "naive trick_winner": run_naive_winner,
        },
        seconds,
        rounds,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument(
        "--seconds", type=float, default=1.0,
        help="time per call measured and preset, split into the rounds' slices (default 1)",
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="interleaved rounds; the best is kept (default 5)"
    )
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    print(f"calls per second, best of {args.rounds} interleaved rounds "
          f"({args.seconds / args.rounds:.2g} s slices); only the ratios compare across machines")
    print(f"{'preset':<12} {'call':<13} {'library/s':>12} {'naive/s':>10} {'ratio':>7}")
    for variant in tf.VARIANTS.values():
        r = measure(variant, args.seconds, args.rounds)
        name = variant.name
        for call in ("legal_moves", "trick_winner"):
            lib, naive = r[call], r[f"naive {call}"]
            print(f"{name:<12} {call:<13} {lib:>12,.0f} {naive:>10,.0f} {lib / naive:>6.1f}x")
            name = ""


if __name__ == "__main__":
    main()
