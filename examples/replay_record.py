"""Save a hand as a JSON record, replay it, and see a tampered record refused.

A record holds the variant and its options, the players, the dealer, the deck order and the
actions; :func:`trumpfamily.replay` rebuilds the identical state, checking every action
again, and names the action that fails if the record was changed.

Run: ``python examples/replay_record.py``
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import trumpfamily as tf


def main() -> tf.HandState:
    """Play a Twenty-Five hand with bots, save it, load it, replay it; returns the replay."""
    bots = [tf.RandomPlayer(seed=seat) for seat in range(4)]
    state = tf.new_hand(tf.TWENTY_FIVE, players=4, dealer=3, seed=99)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)))

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hand.json"
        path.write_text(json.dumps(state.record(), indent=1))
        print(f"saved {len(state.actions)} actions to {path.name} ({path.stat().st_size} bytes)")
        record = json.loads(path.read_text())

    again = tf.replay(record)
    assert isinstance(again, tf.HandState)  # a turn-up game (not a tf.BiddingHand)
    assert again == state and again.outcome == state.outcome
    print(f"replayed: equal to the original -> {again == state}; outcome {again.outcome}")

    tampered = dict(record)
    tampered["actions"] = list(record["actions"])
    first_play = next(i for i, a in enumerate(tampered["actions"]) if a["type"] == "Play")
    tampered["actions"][first_play + 1] = dict(
        tampered["actions"][first_play]
    )  # play that card twice
    try:
        tf.replay(tampered)
    except tf.ReplayError as err:
        print(f"tampered record refused at action {err.index}: {err}")
    return again


if __name__ == "__main__":
    main()
