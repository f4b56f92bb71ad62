"""A full Spoil Five game with bots: five players, ten deals, the pool carried through spoils.

Two rule-of-thumb bots and three random bots play through :class:`trumpfamily.Game`. Each bot
sees only its own :meth:`~trumpfamily.HandState.view`. After every deal the script prints who
dealt, the trumps, who won each trick, and the pool and chips. Pool games never end by
themselves, so we stop after ten deals.

Run: ``python examples/full_spoil_five_game.py``
"""

from __future__ import annotations

import trumpfamily as tf


def describe(outcome: tf.HandOutcome) -> str:
    """One line for a finished deal."""
    if outcome.spoil:
        why = "the jink failed" if outcome.jink_tried else "nobody took three tricks"
        return f"spoil ({why}): the pool carries"
    if outcome.claimed:
        how = "claimed after three"
    elif outcome.jink_succeeded:
        how = "jinked all five"
    else:
        how = f"{outcome.side_tricks[outcome.winner or 0]} tricks"
    return f"seat {outcome.winner} takes the pool ({how})"


def main(deals: int = 10, seed: int = 2024) -> tf.Game:
    """Play ``deals`` deals of Spoil Five and print each one; returns the game."""
    players: list[tf.Player] = [
        tf.RuleOfThumbPlayer(),
        tf.RandomPlayer(seed=1),
        tf.RandomPlayer(seed=2),
        tf.RuleOfThumbPlayer(),
        tf.RandomPlayer(seed=3),
    ]
    names = ["thumb-0", "random-1", "random-2", "thumb-3", "random-4"]
    game = tf.Game(tf.SPOIL_FIVE, players=len(players), seed=seed)
    print(f"Spoil Five, {len(players)} players: {', '.join(names)}")
    for number in range(1, deals + 1):
        hand = game.hand
        pool = game.pool
        outcome = game.play_hand(players)
        assert outcome is not None and game.last_hand is not None
        last = game.last_hand
        assert isinstance(last, tf.HandState)  # a turn-up game (not a tf.BiddingHand)
        robbed = "" if last.robbed_by is None else f", seat {last.robbed_by} robbed"
        winners = " ".join(str(t.winner) for t in last.tricks)
        print(
            f"deal {number:2}: dealer {hand.dealer}, trumps {last.trump.name.lower()} "
            f"(turned {last.turn_up}{robbed}); pool {pool}; trick winners {winners}"
        )
        print(f"         {describe(outcome)}; chips now {game.chips}, pool {game.pool}")
        assert sum(game.chips) + game.pool == 0  # chips are conserved
    best = max(range(len(players)), key=lambda seat: game.chips[seat])
    print(f"after {deals} deals {names[best]} is ahead with {game.chips[best]:+} chips")
    return game


if __name__ == "__main__":
    main()
