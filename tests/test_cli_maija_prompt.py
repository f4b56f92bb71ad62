"""``hint`` and ``history`` (``log``) at the Maija prompt of ``trumpfamily play`` (MAIJA.md
§S): through a subprocess with a scripted standard input and on a pseudo-terminal."""

from __future__ import annotations

import os
import subprocess
import sys

from clikit import pty_session

from trumpfamily import cli
from trumpfamily.cli.maija import Style, describe, hint, history_lines
from trumpfamily.maija import KITUMAIJA, MUSTAMAIJA, new_maija_hand, stacked_maija_deck
from trumpfamily.maija.players import MaijaRuleOfThumbPlayer


def run(args: list[str], stdin: str) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.run([sys.executable, "-m", "trumpfamily", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    return proc.returncode, proc.stdout, proc.stderr


def test_hint_is_the_rule_of_thumbs_choice_and_history_the_hand_so_far() -> None:
    hand = new_maija_hand(MUSTAMAIJA, 3, seed=4)  # what play deals for --seed 4 -p 3
    view = hand.view(1)
    best = MaijaRuleOfThumbPlayer().choose(view)
    number = view.legal_actions.index(best) + 1
    code, out, err = run(["play", "Mustamaija", "--seed", "4", "-p", "3", "--human", "1",
                          "--color", "never"], "history\nhint\n1\nlog\nquit\n")
    assert code == cli.EXIT_OK, err
    first, _, rest = out.partition("'quit'): hint\n")
    assert first.endswith("'quit'): history\n  Nothing has been played in this hand yet.\n"
                          "Choose 1-6 (or an action such as 'beat 9H/7H KS/JS', 'hint', "
                          "'history', 'help', ")
    hint_line = rest.splitlines()[0]
    assert hint_line.startswith(f"  Hint (the rule of thumb; no search): {number}) {describe(best)}: ")
    assert "MAIJA.md §S" in hint_line
    played = view.legal_actions[0]
    log = rest.partition("'quit'): log\n")[2].partition("Choose")[0].splitlines()
    assert log[0].startswith("  P0 deals five cards each; 37 in the stock; your hand ")
    assert log[1] == f"  1. you lead {' '.join(map(str, played.cards))}."  # type: ignore[union-attr]
    assert any(line.startswith("  2. P2 ") for line in log)
    assert not any("P2 draws 1:" in line or "P0 draws 1:" in line for line in log)


def test_history_lines_replay_the_hand_and_show_only_the_seats_cards() -> None:
    hand = new_maija_hand(MUSTAMAIJA, 3, seed=6)
    bots = [MaijaRuleOfThumbPlayer() for _ in range(3)]
    for _ in range(12):
        seat = hand.to_act
        assert seat is not None
        hand = hand.apply(bots[seat].choose(hand.view(seat)))
    lines = history_lines(hand, 0, Style(False))
    numbered = [line for line in lines if line[2:3].isdigit()]
    assert [int(line.split(".")[0]) for line in numbered] == list(range(1, 13))
    assert len(lines) > 12
    # a draw of another seat is a count, one's own shows the cards
    assert all(":" not in line for line in lines if " P1 draws" in line or " P2 draws" in line
               or line.startswith(("  P1 draws", "  P2 draws")))


def test_the_hint_reads_only_the_view() -> None:
    # a re-deal: the same hand for seat 0, the other hands and the stock changed
    hands = ["9H 3C AD 2S 4S", "KC 5H 6H 7H 8H"]
    other = ["9H 3C AD 2S 4S", "TC 5S 6S 7S 8S"]
    a = new_maija_hand(KITUMAIJA, 2, dealer=1, deck=stacked_maija_deck(
        KITUMAIJA, hands, dealer=1, stock="6D"))
    b = new_maija_hand(KITUMAIJA, 2, dealer=1, deck=stacked_maija_deck(
        KITUMAIJA, other, dealer=1, stock="6D 2H"))
    assert a.to_act == b.to_act == 0 and a.view(0) == b.view(0)
    assert a.hands[1] != b.hands[1] and a.stock != b.stock
    assert hint(a.view(0)) == hint(b.view(0))
    action, reason = hint(a.view(0))
    assert action in a.legal_actions() and reason.endswith("(MAIJA.md §S)")


def test_hint_and_history_on_a_terminal() -> None:
    code, shown = pty_session(
        ["play", "Mustamaija", "-p", "3", "--seed", "4", "--human", "1", "--color", "never"],
        [b"hint\n", b"history\n", b"\x04"])
    assert code == cli.EXIT_OK, shown
    assert "Hint (the rule of thumb; no search): " in shown
    assert "Nothing has been played in this hand yet." in shown
    assert "'hint', 'history'" in shown
