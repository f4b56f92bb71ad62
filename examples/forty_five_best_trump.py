"""Forty-Five with a stacked deck: the trick holding the best trump scores double.

Two players, hearts trumps (RULES.md §2.4, EX-70). Seat 0 leads the Five of Hearts, the best
trump of all, and wins that trick and one more; seat 1 wins three tricks. Each trick is worth
5 points, and the trick holding the best trump played is worth 10, so the hand ends
15 points each (the two 15s of W45). A second, unstacked hand shows the hand total is always 30
(25 when no trump is played at all).

Run: ``python examples/forty_five_best_trump.py``
"""

from __future__ import annotations

import trumpfamily as tf

HANDS = {0: "5H 2C 2D 3D KS", 1: "3H KC KD QD 4S"}
PLAY = "5H 3H  2C KC  KD 2D  QD 3D  4S KS"


def main() -> tf.HandOutcome:
    """Play the stacked hand, print every trick and the points; returns the outcome."""
    deck = tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, hands=HANDS, turn_up="2H")
    state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, deck=deck)
    print(f"Forty-Five, trumps {state.trump.name.lower()} (turned {state.turn_up})")
    for seat, hand in enumerate(state.hands):
        print(f"  seat {seat}: {' '.join(map(str, hand))}")
    for card in tf.parse_cards(PLAY):
        state = state.apply(tf.Play(card))
    for number, trick in enumerate(state.tricks, 1):
        print(f"  trick {number}: {' '.join(map(str, trick.cards))} -> seat {trick.winner}")
    outcome = state.outcome
    assert outcome is not None and outcome.points is not None
    assert outcome.best_trump_trick is not None
    print(
        f"best trump {outcome.best_trump}, in trick {outcome.best_trump_trick + 1}, which scores "
        f"double: points {outcome.points} (total {sum(outcome.points)})"
    )
    assert outcome.points == (15, 15)

    # any hand: 30 points in all, or 25 when no trump is played
    other = tf.new_hand(tf.FORTY_FIVE, players=3, seed=8)
    bot = tf.RuleOfThumbPlayer()
    while not other.is_over:
        turn = other.to_act
        assert turn is not None
        other = other.apply(bot.choose(other.view(turn)))
    result = other.outcome
    assert result is not None and result.points is not None
    print(f"a random three-player hand: points {result.points}, total {sum(result.points)}")
    return outcome


if __name__ == "__main__":
    main()
