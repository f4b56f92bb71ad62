"""Play complete hands of every preset with only the rules calls.

Deals five cards each from a seeded shuffle, turns up trumps, and lets every player
choose a random legal card (``legal_moves``); ``trick_winner`` decides each trick, and
its winner leads the next. Robbing, jinking and the pool are left to the engine
(``trumpfamily.new_hand``); this script shows the two core calls on their own.

Run: ``python examples/play_hands.py [SEED]``
"""

from __future__ import annotations

import random
import sys

import trumpfamily as tf
from trumpfamily.cards import STANDARD_DECK


def play_hand(variant: tf.Variant, players: int, rng: random.Random) -> list[int]:
    """Play one hand; print each trick; return the tricks taken per seat."""
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    hands = [list(deck[5 * seat: 5 * seat + 5]) for seat in range(players)]
    turn_up = deck[5 * players]
    trump = turn_up.suit
    assert trump is not None
    print(f"{variant.name}, {players} players; turn-up {turn_up}: {trump.name.lower()} are trumps")
    taken = [0] * players
    leader = 0  # eldest hand, on the dealer's left
    for number in range(1, 6):
        trick: list[tf.Card] = []
        for offset in range(players):
            seat = (leader + offset) % players
            card = rng.choice(tf.legal_moves(hands[seat], trick, trump=trump, variant=variant))
            hands[seat].remove(card)
            trick.append(card)
        winner = (leader + tf.trick_winner(trick, trump=trump, variant=variant)) % players
        taken[winner] += 1
        cards = " ".join(str(c) for c in trick)
        print(f"  trick {number}: P{leader} leads  {cards}  -> P{winner}")
        leader = winner
    print("  tricks taken: " + ", ".join(f"P{s} {n}" for s, n in enumerate(taken)))
    return taken


def main(seed: int = 2026) -> None:
    rng = random.Random(seed)
    for variant in tf.VARIANTS.values():
        taken = play_hand(variant, 4, rng)
        assert sum(taken) == 5


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2026)
