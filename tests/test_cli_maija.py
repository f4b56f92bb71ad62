"""The command line for the Maija games (MAIJA.md): ``play``, ``rules``, ``variants`` and
``explain`` with a Maija preset, through ``cli.main`` and a scripted standard input."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest
from clikit import pty_session

from trumpfamily import cli
from trumpfamily.cli.maija import MAX_ACTIONS
from trumpfamily.maija import MAIJA_VARIANTS, MUSTAMAIJA, new_maija_hand, replay_maija
from trumpfamily.maija.engine import MaijaRecord
from trumpfamily.maija.jsonio import maija_from_json


def main(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# -- variants ----------------------------------------------------------------------------------

def test_variants_lists_the_maija_presets_in_their_own_group(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["variants"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    lines = out.splitlines()
    heading = next(i for i, x in enumerate(lines) if x.startswith("Beating games:"))
    bidding = next(i for i, x in enumerate(lines) if x.startswith("Bidding games:"))
    assert heading > bidding
    for v in MAIJA_VARIANTS.values():
        at = next(i for i, x in enumerate(lines) if x.startswith(v.name + " "))
        assert at > heading
        assert f" {v.min_players}-{v.max_players} " in lines[at]
        assert all(alias in lines[at] for alias in v.aliases)
    assert "Spardame                  3-8      one loser: the Maija" in out


# -- rules -------------------------------------------------------------------------------------

def test_rules_of_mustamaija_print_every_option_and_the_queen(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = main(["rules", "Mustamaija"], capsys, monkeypatch)
    assert code == cli.EXIT_OK and err == ""
    assert "beats no card and is beaten by none; she counts as a spade" in out
    assert "a spade turned is buried" in out
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()
            if line.startswith("  ") and len(line.split()) > 1}
    assert rows["lead_cap"] == "5" and rows["form"] == "bouts" and rows["trump"] == "turn-up"
    assert set(MUSTAMAIJA.options()) <= set(rows)


def test_rules_mark_a_house_rule_and_refuse_a_bad_value(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["rules", "wan maria", "-o", "queen_on_pile=take-it"], capsys,
                        monkeypatch)
    assert code == cli.EXIT_OK
    assert " *queen_on_pile" in out and "Clubs are invulnerable" in out
    assert "  pile_take" in out  # unchanged: no mark
    code, _, err = main(["rules", "Mustamaija", "-o", "lead_cap=12"], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and "lead_cap=12" in err and "\n" not in err.strip()
    code, _, err = main(["rules", "Mustamaija", "-o", "joker=third"], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and "not an option of the Maija games" in err


def test_the_trick_taking_rules_are_unchanged(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["rules", "45"], capsys, monkeypatch)
    assert code == cli.EXIT_OK and "Trumps, highest first" in out and "Maija" not in out


# -- explain -----------------------------------------------------------------------------------

def test_explain_a_bout_names_each_refusal_rule(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["explain", "Mustamaija", "--trump", "H", "--trick", "9C QS",
                         "--hand", "JC 2H 8S 7C"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert "Legal: beat JC/9C, beat 2H/9C, take" in out
    assert "not by 8S: 8S is neither a higher club nor a trump (M6)" in out
    assert "not by 7C: 7C is not higher than 9C" in out
    assert "QS may be beaten by no card" in out and "maija-cannot-be-beaten" in out


def test_explain_kitumaija_clubs_are_invulnerable(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["explain", "Kitumaija", "--trump", "D", "--trick", "KC",
                         "--hand", "AD 2C AC"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert "Legal: cover AC, take" in out
    assert "not by AD: clubs are invulnerable" in out
    code, _, err = main(["explain", "Kitumaija", "--trump", "H", "--hand", "AD"], capsys,
                        monkeypatch)
    assert code == cli.EXIT_USAGE and "diamonds trumps, always" in err


@pytest.mark.parametrize(("action", "trick", "answer"), [
    ("beat 2H/9C", "9C", "beat 2H/9C is legal"),
    ("beat 8S/9C", "9C", "(does-not-beat, MAIJA.md M6)"),
    ("beat QS/9C", "9C", "(maija-cannot-beat, MAIJA.md M7)"),
    ("lead 8S QS", "", "lead 8S QS is legal"),
    ("lead 8S 2H", "", "(lead-mixed-suits, MAIJA.md M5)"),
    ("lead 9D", "", "(card-not-held, MAIJA.md M5)"),
    ("take", "", "(wrong-phase, MAIJA.md M5)"),
])
def test_explain_one_action(action: str, trick: str, answer: str,
                            capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["explain", "Mustamaija", "--trump", "H", "--trick", trick,
                         "--hand", "JC 2H 8S QS", "--action", action], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert answer in out


def test_explain_a_lead_groups_the_queen_with_the_spades(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["explain", "Mustamaija", "--trump", "H", "--hand", "JC 2H 8S QS"],
                        capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert "8S QS may be led together or alone" in out and "JC may be led alone" in out


# -- play --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "seed"), [("Mustamaija", 11), ("Spardame", 11),
                                            ("Kitumaija", 0), ("Kitumaija", 1)])
def test_bots_play_a_whole_hand_to_its_loser(
        name: str, seed: int, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = main(["play", name, "--seed", str(seed), "--players", "3"], capsys,
                          monkeypatch)
    assert code == cli.EXIT_OK, err
    last = out.splitlines()[-1]
    # the same hand as the library plays it with the same bots and seed
    from trumpfamily.maija.players import MaijaRuleOfThumbPlayer
    hand = new_maija_hand(MAIJA_VARIANTS[name], 3, seed=seed)
    bot = MaijaRuleOfThumbPlayer()
    while not hand.is_over and len(hand.history) < MAX_ACTIONS:
        assert hand.to_act is not None
        hand = hand.apply(bot.choose(hand.view(hand.to_act)))
    if hand.is_over:
        assert last == f"P{hand.loser} is left with the Queen of Spades and loses."
    else:  # Kitumaija's bots can cover and take up for ever: the command stops
        assert last.startswith(f"The hand has not ended in {MAX_ACTIONS} actions")


def test_human_seat_by_number_notation_and_refusals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # seat 1 (eldest) leads first: a bad number, a refusal with its rule, then a lead
    hand = new_maija_hand(MUSTAMAIJA, 3, seed=4)
    mine = sorted(hand.hands[1])
    absent = next(c for c in hand.deck if c not in hand.hands[1])
    script = f"99\nlead {absent}\nlead {mine[0]}\n" + "1\n" * 200
    save = tmp_path / "hand.json"
    code, out, err = main(["play", "Mustamaija", "--seed", "4", "-p", "3", "--human", "1",
                           "--save", str(save)], capsys, monkeypatch, script)
    assert "99 is not a number of the menu" in out
    assert "(card-not-held, MAIJA.md M5)" in out
    assert f"you lead {mine[0]}." in out
    assert "Your hand: " + " ".join(map(str, mine)) in out
    # never a card of another hand: the opponents' draws are counts only
    assert "P2 draws 1:" not in out and "P0 draws 1:" not in out
    if code == cli.EXIT_OK:
        saved = json.loads(save.read_text())
        assert saved["kind"] == "maija-hand" and saved["humans"] == [1] and saved["seed"] == 4
        record = maija_from_json(saved["record"], MaijaRecord)
        assert replay_maija(record).is_over
        assert record.actions[0] == f"lead {mine[0]}"
    else:  # the scripted answers ran out before the hand did
        assert code == cli.EXIT_FAILURE and "standard input ended" in err


def test_a_hand_left_and_resumed_ends_as_if_never_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "Mustamaija", "--seed", "9", "-p", "3", "--human", "0"]
    code, whole, _ = main(argv, capsys, monkeypatch, "1\n" * 400)
    assert code == cli.EXIT_OK
    save = tmp_path / "left.json"
    code, out, _ = main([*argv, "--save", str(save)], capsys, monkeypatch, "1\n1\nquit\n")
    assert code == cli.EXIT_OK and f"Game left and saved to {save}." in out
    left = maija_from_json(json.loads(save.read_text())["record"], MaijaRecord)
    assert not replay_maija(left).is_over and len(left.actions) >= 2
    code, out, err = main(["play", "--resume", str(save)], capsys, monkeypatch, "1\n" * 400)
    assert code == cli.EXIT_OK, err
    assert f"after {len(left.actions)} actions" in out
    assert out.splitlines()[-1] == whole.splitlines()[-1]
    done = maija_from_json(json.loads(save.read_text())["record"], MaijaRecord)
    assert replay_maija(done).is_over  # saved back where it came from
    code, _, err = main(["play", "--resume", str(save)], capsys, monkeypatch, "")
    assert code == cli.EXIT_FAILURE and "finished hand" in err
    code, _, err = main(["play", "Mustamaija", "--resume", str(save)], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and "leave out VARIANT" in err


def test_quit_leaves_with_status_zero_and_eof_fails(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["play", "Mustamaija", "--seed", "4", "-p", "3", "--human", "1"],
                        capsys, monkeypatch, "help\nstatus\nquit\n")
    assert code == cli.EXIT_OK and "Game left." in out
    assert "  Answers: a number of the menu" in out and out.count("Your turn (P1).") == 2
    code, _, err = main(["play", "Mustamaija", "--seed", "4", "-p", "3", "--human", "1"],
                        capsys, monkeypatch, "")
    assert code == cli.EXIT_FAILURE and "standard input ended" in err


def test_play_refuses_a_bad_bot_or_seat(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = main(["play", "Mustamaija", "--bots", "ismcts"], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and "thumb, rule-of-thumb, random" in err
    code, _, err = main(["play", "Mustamaija", "-p", "3", "--human", "3"], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and "seats are 0 to 2" in err
    code, _, err = main(["play", "Mustamaija", "-p", "6"], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and "3 to 5 players" in err


# -- a pseudo-terminal -------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_maija_prompt_on_a_terminal() -> None:
    """On a terminal the answer is echoed once (by the terminal), a bad answer gets its
    reason, and Ctrl-D leaves the game with status 0."""
    code, shown = pty_session(
        ["play", "Mustamaija", "-p", "3", "--seed", "4", "--human", "1", "--color", "never"],
        [b"lead ZZ\n", b"\x04"])
    assert code == cli.EXIT_OK, shown
    assert shown.count("'quit'): lead ZZ\n") == 1 and "\nlead ZZ\n" not in shown
    assert "bad card" in shown
    assert "Game left." in shown and "game abandoned" not in shown
