"""A newcomer's trial of the command line: a replay of an unfinished game (the trick in
play, the hidden hands said, ``--seat``), one meaning of ``-n`` and the game first in
``tournament``, the bidding fallback said once, the prompt's words, the demo's chips.

Expected values come from the library (the game's own state, the engine's refusals),
not written out again; the positions are the deals of the seeds named.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from clikit import in_process

import trumpfamily as tf
from trumpfamily import cli

#: Spoil Five, four players, seed 2, the rule-of-thumb bots: 8 actions in, P0 has robbed,
#: won trick 1, and led trick 2, which P1 and P2 have followed.
ACTIONS = 8


def unfinished_game(tmp_path: Path) -> tuple[tf.GameState, str]:
    """A game left in the middle of trick 2, saved as ``play --save`` saves it."""
    state = tf.new_game(tf.SPOIL_FIVE, players=4, seed=2, hands=5)
    bot = tf.RuleOfThumbPlayer()
    for _ in range(ACTIONS):
        seat = state.to_act
        assert seat is not None
        state = state.apply(bot.choose(state.view(seat)), seat)
    path = tmp_path / "left.json"
    path.write_text(json.dumps({**state.record(), "humans": [3]}), encoding="utf-8")
    return state, str(path)


# -- 1. replay of an unfinished game ------------------------------------------------------

def test_replay_of_an_unfinished_game_lists_the_trick_in_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, path = unfinished_game(tmp_path)
    hand = state.hand
    assert isinstance(hand, tf.HandState) and len(hand.current_trick) == 3
    code, out, _ = in_process(["replay", path], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    plays = "  ".join(f"P{(hand.leader + i) % 4} {card}"
                      for i, card in enumerate(hand.current_trick))
    lines = out.splitlines()
    assert lines[-3] == f"  Trick {len(hand.tricks) + 1} so far: {plays}."
    assert lines[-2].startswith(f"The record stops in hand 1, {ACTIONS} actions into it")


def test_replay_of_an_unfinished_game_says_it_shows_unseen_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, path = unfinished_game(tmp_path)
    _, out, _ = in_process(["replay", path], capsys, monkeypatch)
    lines = out.splitlines()
    assert lines[1] == ("This game is not over: the hands below include cards the players "
                        "have not seen (--seat N tells it as seat N saw it).")
    assert any(line.startswith("  Hands: P0 ") for line in lines)


def test_replay_of_a_finished_game_has_no_such_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=4, hands=1)
    bot = tf.RuleOfThumbPlayer()
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bot.choose(state.view(seat)), seat)
    path = tmp_path / "done.json"
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    _, out, _ = in_process(["replay", str(path)], capsys, monkeypatch)
    assert "is not over" not in out


def test_replay_seat_tells_the_game_as_that_seat_saw_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, path = unfinished_game(tmp_path)
    code, out, _ = in_process(["replay", path, "--seat", "3"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    lines = out.splitlines()
    assert lines[0].endswith(f"replay of {path}, as P3 saw it.")
    assert "is not over" not in out and "  Hands: " not in out
    dealt = tf.new_hand(tf.SPOIL_FIVE, players=4, dealer=state.hand.dealer,
                        deck=state.hand.deck)
    assert f"  Your hand: {' '.join(str(c) for c in dealt.hands[3])}" in lines
    assert "discarding a card face down" in out  # P0's rob, as P3 saw it


def test_replay_seat_must_be_a_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _, path = unfinished_game(tmp_path)
    code, out, err = in_process(["replay", path, "--seat", "4"], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and out == ""
    assert "--seat 4 is not a seat" in err and "seats are 0 to 3" in err


# -- 2. one meaning of the flags ----------------------------------------------------------

def test_demo_n_is_the_old_spelling_of_players_with_the_note_play_gives(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tf.demo, "DEMO_VARIANTS", (tf.SPOIL_FIVE,))
    code, old, err = in_process(["demo", "-n", "3", "--seed", "4"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert err == ("trumpfamily demo: note: -n is deprecated: write --players N (or -p N) "
                   "(-n is the number of deals in 'trumpfamily tournament')\n")
    _, new, err = in_process(["demo", "-p", "3", "--seed", "4"], capsys, monkeypatch)
    assert old == new and err == ""
    assert "Spoil Five: 3 players" in new
    _, _, err = in_process(["play", "45", "-n", "2", "--seed", "1", "--deals", "1"],
                           capsys, monkeypatch)
    assert err.startswith("trumpfamily play: note: -n is deprecated: write --players N "
                          "(or -p N) (-n is the number of deals in 'trumpfamily tournament'")


def test_the_demo_module_notes_n_too(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tf.demo, "DEMO_VARIANTS", (tf.MAW,))
    assert tf.demo.main(["-n", "3"]) == 0
    err = capsys.readouterr().err
    assert err == f"python -m trumpfamily.demo: note: {tf.demo.OLD_N_NOTE}\n"


TOURNAMENT = ["thumb", "random", "--deals", "2", "--seed", "1", "--workers", "1",
              "--no-progress"]


def test_tournament_takes_the_game_first_as_play_does(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, first, err = in_process(["tournament", "spoil five", *TOURNAMENT], capsys,
                                  monkeypatch)
    assert code == cli.EXIT_OK, err
    code, flag, err = in_process(["tournament", *TOURNAMENT, "-v", "spoil five"], capsys,
                                 monkeypatch)
    assert code == cli.EXIT_OK, err
    assert first == flag and "rule-of-thumb" in first


@pytest.mark.parametrize(("argv", "fragment"), [
    (["45", *TOURNAMENT, "-v", "maw"], "the game is given twice: '45' and --variant 'maw'"),
    (TOURNAMENT, ("name the game first: 'trumpfamily tournament VARIANT BOT BOT ...' "
                  "(or --variant VARIANT); 'thumb' is not a preset")),
])
def test_tournament_game_given_twice_or_not_at_all(
        argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(["tournament", *argv], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and out == ""
    assert err.startswith("trumpfamily tournament: error: ") and fragment in err, err


# -- 3. the bidding fallback, said once -----------------------------------------------

FALLBACK_NOTE = ("context-rule-of-thumb has no bidding rules of its own yet; it plays the "
                 "rule of thumb's bids and cards in Auction Forty-Fives")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_tournament_notes_the_bidding_fallback_once(workers: str) -> None:
    """Not the raw BiddingFallbackWarning (a file, a source line), nor once a worker."""
    result = subprocess.run(
        [sys.executable, "-m", "trumpfamily", "tournament", "context-rule-of-thumb", "thumb",
         "-v",
         "auction 45", "--deals", "2", "-w", workers, "--seed", "1", "--no-progress"],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "PYTHONWARNINGS": "default"})
    assert result.returncode == 0, result.stderr
    assert result.stderr == f"trumpfamily tournament: note: {FALLBACK_NOTE}\n"
    assert "context-rule-of-thumb" in result.stdout


def test_no_fallback_note_in_a_turn_up_game_or_for_a_bot_that_needs_none(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = in_process(["tournament", "spoil five", "sample-solve:samples=2", "thumb",
                               "--deals", "1", "-w", "1", "--seed", "1", "--no-progress"],
                              capsys, monkeypatch)
    assert code == cli.EXIT_OK and err == ""
    code, _, err = in_process(["tournament", "auction 45", "random", "thumb", "--deals", "1",
                               "-w", "1", "--seed", "1", "--no-progress"], capsys, monkeypatch)
    assert code == cli.EXIT_OK and err == ""


def test_play_notes_the_bidding_fallback_once_and_warns_not(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        code, _, err = in_process(["play", "auction 45", "--bots", "context-rule-of-thumb",
                                   "--seed", "1", "--deals", "1"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert err == f"trumpfamily play: note: {FALLBACK_NOTE}\n"
    assert not [w for w in caught if issubclass(w.category, tf.BiddingFallbackWarning)]


# -- 4. the prompt's words ------------------------------------------------------------

#: Spoil Five, three players, seed 1: P2 holds 5H AD KH 8D KD, hearts trumps (JH turned
#: up); nobody at the table holds AH. Two answers of "1" bring it to trick 3.
GAME = ["play", "spoil five", "-p", "3", "--seed", "1", "--human", "2", "--deals", "1"]


def said_to(out: str, typed: str) -> str:
    """What the prompt said after ``typed`` was answered, up to the next prompt."""
    return out.partition(f"'quit'): {typed}\n")[2].partition("Choose ")[0]


def p2_at(trick: int) -> tf.HandState:
    """P2's hand at its turn in trick ``trick`` of :data:`GAME`, the rule-of-thumb bots
    elsewhere and P2 answering "1" (its menu's first action)."""
    from trumpfamily.cli._menu import menu

    state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=1, hands=1)
    bot = tf.RuleOfThumbPlayer()
    while True:
        seat = state.to_act
        assert seat is not None
        hand = state.hand
        assert isinstance(hand, tf.HandState)
        if seat == 2 and len(hand.tricks) == trick - 1:
            return hand
        view = state.view(seat)
        action = menu(view)[0] if seat == 2 else bot.choose(view)
        state = state.apply(action, seat)


def test_a_rob_after_trick_1_says_first_that_the_time_to_rob_is_over(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from trumpfamily.cli._words import for_person
    from trumpfamily.narrate import PLAIN

    hand = p2_at(3)
    with pytest.raises(tf.IllegalActionError) as refused:
        hand.apply(tf.Rob("5H"))
    assert refused.value.code == "rob-without-ace"  # the engine's code: P2 never had AH
    engine = for_person(refused.value.reason.partition(" (legal: ")[0], 2, PLAIN)
    _, out, _ = in_process(GAME, capsys, monkeypatch, "1\n1\nrob 5h\nquit\n")
    assert said_to(out, "rob 5h") == ("  Not allowed: the time to rob is over (a rob is made "
                                      f"in trick 1 at the latest), and {engine}.\n")
    _, out, _ = in_process(GAME, capsys, monkeypatch, "rob 5h\nquit\n")  # in trick 1
    assert said_to(out, "rob 5h").startswith("  Not allowed: you do not hold the Ace")


def test_a_bid_in_a_turn_up_game_is_answered_in_the_words_one_types(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = in_process(GAME, capsys, monkeypatch, "bid 20\nquit\n")
    assert said_to(out, "bid 20") == (
        "  Not allowed: 'bid' is an answer of the bidding games, not of Spoil Five: type "
        "play CARD, rob CARD, decline-rob, claim, jink, ask-five, accept-five, refuse-five "
        "or pass.\n")


def test_explain_of_no_card_says_it_back_as_typed(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = in_process(GAME, capsys, monkeypatch, "explain XX\nquit\n")
    assert said_to(out, "explain XX").startswith("  cannot read a card from 'XX': ")
