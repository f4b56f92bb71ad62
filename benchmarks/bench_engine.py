"""Engine benchmark: random full hands per second through the public API, and memory.

Each hand is dealt with ``new_hand`` (seeded shuffle), played to the end by five
``RandomPlayer`` bots that see only ``view(seat)``, and its ``outcome`` read: deal,
robbing, play, jinking and scoring, exactly as a game server would drive it. The four
turn-up presets and one bidding preset (Auction Forty-Fives: auction, draw, play).

Run: ``python benchmarks/bench_engine.py [--hands N] [--memory-hands M] [--quick]``.
Target (issue 3): at least 5,000 Spoil Five hands per second on a 2-core machine, and
memory flat over 100,000 hands.

``--fresh`` deals new hands in each timed run instead of the same ones again (a memo of
the last few thousand deals can flatter the repeated runs). ``--bidding`` times every
bidding preset instead (five players, four where five cannot play) and nothing else: to
compare two versions of the bidding engine, run it on each (``PYTHONPATH=.../src``),
alternately, and compare the ratios.
"""

from __future__ import annotations

import argparse
import array
import gc
import random
import time
import tracemalloc

import trumpfamily as tf

PLAYERS = 5


def play_hands(variant: tf.Variant, hands: int, *, start_seed: int = 0,
               players: int = PLAYERS) -> int:
    """Play ``hands`` random hands; returns the number of actions applied."""
    bots = [tf.RandomPlayer(seed=seat) for seat in range(players)]
    actions = 0
    for i in range(hands):
        state = tf.new_hand(variant, players=players, dealer=i % players, seed=start_seed + i)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = state.apply(bots[seat].choose(state.view(seat)))
            actions += 1
        assert state.outcome is not None
    return actions


def seats(variant: tf.Variant, players: int) -> bool:
    """Whether ``players`` can play ``variant`` (its table and its partnerships)."""
    try:
        tf.new_hand(variant, players=players, seed=0)
    except tf.PlayerCountError:
        return False
    return True


def speed(variant: tf.Variant, hands: int, repeats: int = 3, players: int = PLAYERS,
          fresh: bool = False) -> tuple[float, float]:
    """Best of ``repeats`` runs: (hands per second, actions per hand). Each run plays the
    same deals, or with ``fresh`` new ones (then nothing remembered from an earlier run's
    deals can help)."""
    play_hands(variant, 200, players=players, start_seed=10**9 if fresh else 0)  # warm up
    best = 0.0
    actions = 0
    for k in range(repeats):
        t0 = time.perf_counter()
        actions = play_hands(variant, hands, players=players,
                             start_seed=k * 10**6 if fresh else 0)
        best = max(best, hands / (time.perf_counter() - t0))
    return best, actions / hands


def memory(
    variant: tf.Variant, hands: int, checkpoints: int = 5
) -> tuple[list[tuple[int, int]], int]:
    """Memory still allocated (bytes, tracemalloc) after each slice of ``hands``, and the peak
    during the run: the first should stay flat (nothing kept from finished hands)."""
    play_hands(variant, 1000)  # warm every cache before tracing
    gc.collect()
    sizes = array.array("q", [0] * checkpoints)  # preallocated: recording allocates nothing
    step = hands // checkpoints
    tracemalloc.start()
    for k in range(checkpoints):
        play_hands(variant, step, start_seed=1000 + k * step)
        gc.collect()
        sizes[k] = tracemalloc.get_traced_memory()[0]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    marks = [((k + 1) * step, sizes[k]) for k in range(checkpoints)]
    return marks, peak


def kept_state_bytes(variant: tf.Variant, states: int = 2000, actions: int = 8) -> float:
    """Bytes per kept state (tracemalloc): ``states`` hands of ``variant`` (five players),
    each played ``actions`` random actions in, their states kept in a list; the memory they
    hold divided by their number (their cards are shared, the history and hands are theirs)."""
    play_hands(variant, 200)  # warm every cache before tracing
    rng = random.Random(7)
    gc.collect()
    tracemalloc.start()
    kept = []
    for seed in range(states):
        state = tf.new_hand(variant, players=PLAYERS, seed=seed)
        for _ in range(actions):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        kept.append(state)
    gc.collect()
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return size / len(kept)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per speed run")
    parser.add_argument(
        "--memory-hands", type=int, default=100_000, help="hands for the memory run"
    )
    parser.add_argument("--quick", action="store_true", help="small runs (smoke test)")
    parser.add_argument("--bidding", action="store_true",
                        help="time every bidding preset (and nothing else)")
    parser.add_argument("--fresh", action="store_true",
                        help="deal new hands in each timed run (not the same ones again)")
    args = parser.parse_args()
    hands, mem_hands = (1000, 5000) if args.quick else (args.hands, args.memory_hands)
    if args.bidding:
        print("random full hands of every bidding preset, RandomPlayer bots")
        for variant in tf.BIDDING_VARIANTS.values():
            players = PLAYERS if seats(variant, PLAYERS) else 4
            rate, per_hand = speed(variant, hands, players=players, fresh=args.fresh)
            print(f"  {variant.name:<26} {players} players {rate:>8,.0f} hands/s   "
                  f"({per_hand:.1f} actions a hand)")
        return
    print(f"random full hands through the public engine, {PLAYERS} players, RandomPlayer bots")
    results = {}
    # the four turn-up games, and one bidding game (issue 9: Auction Forty-Fives, five
    # players each for himself: auction, draw, play, contract scoring)
    for variant in (tf.MAW, tf.SPOIL_FIVE, tf.TWENTY_FIVE, tf.FORTY_FIVE, tf.AUCTION_45):
        rate, per_hand = speed(variant, hands, fresh=args.fresh)
        results[variant.name] = rate
        print(f"  {variant.name:<12} {rate:>8,.0f} hands/s   ({per_hand:.1f} actions a hand)")
    marks, peak = memory(tf.SPOIL_FIVE, mem_hands)
    print(f"memory over {mem_hands:,} Spoil Five hands (tracemalloc, bytes still allocated):")
    print("  " + ", ".join(f"after {n:,}: {size:,} B" for n, size in marks))
    print(
        f"  growth first to last checkpoint: {marks[-1][1] - marks[0][1]:+,} B; "
        f"peak while playing: {peak / 1024:,.1f} KiB"
    )
    print(f"  a kept Spoil Five state (8 actions in): "
          f"{kept_state_bytes(tf.SPOIL_FIVE):,.0f} B")
    target = 5000
    verdict = "meets" if results["Spoil Five"] >= target else "MISSES"
    print(
        f"Spoil Five {results['Spoil Five']:,.0f} hands/s {verdict} the {target:,} hands/s target"
    )


if __name__ == "__main__":
    main()
