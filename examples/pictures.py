"""Pictures of a hand, a trick and a seat's view, written as SVG files.

Run: ``python examples/pictures.py [FOLDER]`` (default ``pictures``). Open the files in a
browser. In Jupyter the same values draw themselves: a ``Card``, a ``Trick``, a view and a
hand have ``_repr_svg_`` (a hand shows only what the whole table sees; ``state.svg(
reveal=True)`` shows every card).
"""

from __future__ import annotations

import sys
from pathlib import Path

import trumpfamily as tf
from trumpfamily import svg


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    deck = tf.stacked_deck(
        tf.SPOIL_FIVE, players=3, dealer=2, turn_up="6D",
        hands={0: "5D KD 2C 9S 4H", 1: "AD 8C 3S KH 9D", 2: "7C 7S QS JH 3C"})
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, deck=deck)
    state = state.apply(tf.Play("KD"))  # seat 0 leads the King of trumps
    pictures = {
        # a hand: seat 1's cards, with the ones it may play outlined
        "hand.svg": svg.cards(state.hands[1], legal=[a.card for a in state.legal_actions()
                                                     if isinstance(a, tf.Play)]),
        # what seat 1 sees now: its hand, the trick so far, the others' backs
        "view.svg": svg.view(state.view(1)),
        # the public table (no hand face up), and the same with every hand shown
        "table.svg": state.svg(),
        "table-revealed.svg": state.svg(reveal=True, mark_legal=True),
    }
    state = state.apply(tf.Play("9D")).apply(tf.Play("3C"))
    pictures["trick.svg"] = svg.trick(state.tricks[0])  # the first trick, won by seat 0
    for name, picture in pictures.items():
        (folder / name).write_text(picture + "\n", encoding="utf-8")
        print(f"wrote {folder / name} ({len(picture):,} characters)")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "pictures"))
