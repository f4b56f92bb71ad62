"""Newcomer friction at the command line (issue 19, item 4): a resumed game asks its human
seat again; every built-in bot and a bot of one's own at the table; the prompt's words
(an unknown command, refusals said to the person with the screen's cards, the hand sorted
with its trumps marked, ``explain`` for a legal card too, the history trick by trick,
lines wrapped on words on a terminal); leaving is no error.

Expected rules come from the library (rank tables, ``legal_moves``, the engine's refusals),
not written out again; the positions are the deals of the seeds named.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from clikit import in_process, pty_session

import trumpfamily as tf
from trumpfamily import cli
from trumpfamily.cli._words import for_person, hand_text, sorted_hand, wrap
from trumpfamily.narrate import Style
from trumpfamily.refusals import EXAMPLES, refusal_of

TIMEOUT = 60
SYMBOLS = Style(False, symbols=True)
#: Spoil Five, three players, seed 1: P2 answers P1's lead of QH holding 5H AD KH 8D KD,
#: hearts trumps (JH turned up).
GAME = ["play", "spoil five", "-p", "3", "--seed", "1", "--human", "2", "--deals", "1"]
PROMPT = "Choose 1-2 (or an action, 'help', 'status', 'history', 'quit'): "


def first_answer(out: str, typed: str) -> str:
    """What the prompt said after ``typed`` was answered, up to the next prompt."""
    return out.partition(f"'quit'): {typed}\n")[2].partition("Choose ")[0]


def first_view() -> tf.SeatView:
    """P2's view at its first turn in :data:`GAME` (the rule-of-thumb bots before it)."""
    state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=1, hands=1)
    bot = tf.RuleOfThumbPlayer()
    while state.to_act != 2:
        state = state.apply(bot.choose(state.view(state.to_act)))  # type: ignore[arg-type]
    view = state.view(2)
    assert isinstance(view, tf.SeatView)
    return view


# -- a resumed game asks its human seat again --------------------------------------------------

def test_a_resumed_game_asks_the_seat_that_was_human(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The repro: ``play --resume FILE`` without ``--human`` let the bots finish the game
    and overwrote the save."""
    path = tmp_path / "game.json"
    code, out, err = in_process([*GAME, "--save", str(path)], capsys, monkeypatch, "quit\n")
    assert code == 0 and err == ""
    assert json.loads(path.read_text(encoding="utf-8"))["humans"] == [2]
    code, out, err = in_process(["play", "--resume", str(path)], capsys, monkeypatch,
                                "quit\n")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "Spoil Five: 3 players, 1 hand, seed 1; you are P2."
    assert "Your turn (P2)." in out and "Game over" not in out
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["humans"] == [2] and len(saved["deals"][0]["actions"]) == 1  # not played on


def test_told_otherwise_a_resumed_game_changes_seat_or_lets_the_bots_finish(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    in_process([*GAME, "--save", str(path)], capsys, monkeypatch, "quit\n")
    code, out, _ = in_process(["play", "--resume", str(path), "--human", "0"], capsys,
                              monkeypatch, "quit\n")
    assert code == 0 and "you are P0." in out
    assert json.loads(path.read_text(encoding="utf-8"))["humans"] == [0]
    code, out, err = in_process(["play", "--resume", str(path), "--human", "none"], capsys,
                                monkeypatch)
    assert code == 0 and err == "" and "thumb bots." in out and "Game over" in out
    assert "Your turn" not in out
    assert json.loads(path.read_text(encoding="utf-8"))["humans"] == []


def test_a_game_with_a_human_seat_is_not_resumed_from_standard_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    in_process([*GAME, "--save", str(path)], capsys, monkeypatch, "quit\n")
    code, out, err = in_process(["play", "--resume", "-"], capsys, monkeypatch,
                                path.read_text(encoding="utf-8"))
    assert code == cli.EXIT_USAGE and out == ""
    assert err == ("trumpfamily play: error: the game on standard input was played by P2 at "
                   "the prompt, which needs standard input for the answers: save the game "
                   "to a file, or give --human none to let the bots finish it\n")
    code, out, _ = in_process(["play", "--resume", "-", "--human", "none"], capsys,
                              monkeypatch, path.read_text(encoding="utf-8"))
    assert code == 0 and "Game over" in out


def test_a_save_from_an_older_version_is_finished_by_the_bots_with_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = tf.new_game(tf.FORTY_FIVE, players=3, seed=4)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(state.record()), encoding="utf-8")  # no "humans"
    code, out, err = in_process(["play", "--resume", str(path)], capsys, monkeypatch)
    assert code == 0 and "wins the game." in out
    assert err == (f"trumpfamily play: note: {path} does not say which seat was yours (saved "
                   "by an older version): the bots play every seat; --human SEAT plays one\n")


@pytest.mark.parametrize(("humans", "fragment"), [
    ("two", "'humans' is 'two', not a list of seat numbers"),
    ([True], "'humans' is [True], not a list of seat numbers"),
    ([7], "its human seats [7] are not one seat of 0 to 2"),
    ([0, 1], "its human seats [0, 1] are not one seat of 0 to 2"),
])
def test_a_bad_human_seat_in_a_save_is_refused(humans: object, fragment: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**tf.new_game(tf.FORTY_FIVE, players=3, seed=4).record(),
                                "humans": humans}), encoding="utf-8")
    code, out, err = in_process(["play", "--resume", str(path)], capsys, monkeypatch)
    assert (code, out) == (cli.EXIT_FAILURE, "")
    assert err == f"trumpfamily play: error: {path} is not a game record: {fragment}\n"


def test_replay_tells_a_save_with_its_human_seat(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    in_process([*GAME, "--save", str(path)], capsys, monkeypatch, "1\nquit\n")
    code, out, _ = in_process(["replay", str(path)], capsys, monkeypatch)
    assert code == 0 and "Verified: 1 hand and 3 actions replayed under the rules." in out


# -- leaving is no error ------------------------------------------------------------------------

def test_quit_leaves_the_game_with_exit_status_0(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(GAME, capsys, monkeypatch, "quit\n")
    assert (code, err) == (0, "")
    assert out.endswith(f"{PROMPT}quit\nGame left; it was not saved (with --save FILE a game "
                        "you leave is kept, and 'trumpfamily play --resume FILE' continues "
                        "it).\n")
    path = tmp_path / "g.json"
    code, out, err = in_process([*GAME, "--save", str(path)], capsys, monkeypatch, "quit\n")
    assert (code, err) == (0, "")
    assert out.endswith(f"Game left and saved to {path}: 'trumpfamily play --resume {path}' "
                        "continues it.\n")


def test_answers_that_run_out_are_still_an_error(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = in_process(GAME, capsys, monkeypatch, "")  # a script with no answers
    assert code == cli.EXIT_FAILURE
    assert err == "trumpfamily play: game abandoned: standard input ended\n"


# -- every bot at the table ------------------------------------------------------------------------

@pytest.mark.parametrize("bot", ["rule-of-thumb", "context-rule-of-thumb", "random",
                                 "sample-solve:samples=2", "ismcts:iterations=10",
                                 "trumpfamily.players:RandomPlayer"])
def test_play_offers_every_built_in_bot_and_ones_own(bot: str,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(["play", "spoil five", "-p", "3", "--seed", "2", "--deals", "1",
                                 "--bots", bot], capsys, monkeypatch)
    assert code == 0, err
    assert out.startswith(f"Spoil Five: 3 players, 1 hand, seed 2; {bot} bots.")
    assert "Game over after 1 hand." in out


def test_a_bot_of_ones_own_plays_and_plays_in_a_tournament(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tf_cli_bots.py").write_text(textwrap.dedent('''
        class LastCard:
            def choose(self, view):
                return view.legal_actions[-1]
    '''), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "tf_cli_bots", raising=False)
    code, out, err = in_process(["play", "maw", "-p", "3", "--seed", "2", "--deals", "1",
                                 "--bots", "tf_cli_bots:LastCard"], capsys, monkeypatch)
    assert code == 0, err
    game = tf.Game(tf.MAW, players=3, seed=2, hands=1)
    last = type("Last", (), {"choose": lambda self, view: view.legal_actions[-1]})
    game.play([last() for _ in range(3)])
    assert out.splitlines()[-1].endswith(f"P2 {game.state.chips[2]:+d}; pool "
                                         f"{game.state.pool}.")
    code, out, err = in_process(["tournament", "tf_cli_bots:LastCard", "thumb", "--variant",
                                 "maw", "-n", "2", "--seed", "1", "--workers", "1"], capsys,
                                monkeypatch)
    assert code == 0, err
    assert "tf_cli_bots:LastCard" in out and "rule-of-thumb" in out


@pytest.mark.parametrize(("command", "message"), [
    (["play", "maw", "--bots", "nobody"],
     ("trumpfamily play: error: --bots nobody: no bot of that name in BOTS; the bots are "
     "club, context-rule-of-thumb, expert, ismcts, max, novice, oracle-best-response, "
     "oracle-paranoid, oracle-turnup, random, rollout, rule-of-thumb, sample-solve (arguments "
     "follow a "
     "colon: 'name:key=value,key=value'; the difficulty levels are novice, club, expert, "
     "max, also 'level:NAME'), or a bot of your own, 'package.module:Class'")),
    (["play", "maw", "--bots", "tf_no_module:Bot"],
     ("trumpfamily play: error: --bots tf_no_module:Bot: cannot import module 'tf_no_module' "
     "(No module named 'tf_no_module'): it must be importable by its dotted name, installed "
     "or on PYTHONPATH")),
    (["play", "maw", "--bots", "./bots.py:Bot"],
     ("trumpfamily play: error: --bots ./bots.py:Bot: no bot of that name in BOTS; the bots "
     "are club, context-rule-of-thumb, expert, ismcts, max, novice, oracle-best-response, "
     "oracle-paranoid, oracle-turnup, random, rollout, rule-of-thumb, sample-solve (arguments "
     "follow a "
     "colon: 'name:key=value,key=value'; the difficulty levels are novice, club, expert, "
     "max, also 'level:NAME'), or a bot of your own, 'package.module:Class'")),
    (["tournament", "random", "tf_no_module:Bot", "--variant", "maw"],
     ("trumpfamily tournament: error: bot 'tf_no_module:Bot': cannot import module "
     "'tf_no_module' (No module named 'tf_no_module'): it must be importable by its dotted "
     "name, installed or on PYTHONPATH")),
])
def test_a_bad_bot_is_one_clear_line(command: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(command, capsys, monkeypatch)
    assert (code, out, err) == (cli.EXIT_USAGE, "", message + "\n")


# -- the prompt's words ------------------------------------------------------------------------------

def test_an_unknown_word_is_an_unknown_command(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = in_process(GAME, capsys, monkeypatch, "foo\nfoo bar\nyes\n9x\nquit\n")
    for typed in ("foo", "foo bar"):
        assert first_answer(out, typed) == "  Unknown command 'foo'; type 'help'.\n"
    assert first_answer(out, "yes") == "  Unknown command 'yes'; type 'help'.\n"
    assert first_answer(out, "9x").startswith("  cannot read a card from '9x'")  # a card typo


def test_refusals_are_said_to_the_person_with_the_screens_cards(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The repro: a refusal said ``seat 2`` and printed ``AH`` where the screen said
    ``you`` and ``A♥``."""
    view = first_view()
    hand = " ".join(SYMBOLS.card(c) for c in view.hand)
    _, out, _ = in_process([*GAME, "--color", "always"], capsys, monkeypatch,
                           "AH\nAD\nquit\n")
    red = Style(True)
    said = re.sub(r"\033\[[0-9;]*m", "", out)  # the colour aside
    assert first_answer(said, "AH") == f"  Not allowed: A♥ is not in your hand ({hand}).\n"
    assert first_answer(said, "AD") == ("  Not allowed: trumps were led (Q♥) and you hold K♥: "
                                        "you must play a trump (RULES.md §1.4.3; FOS, PEEL, "
                                        "MAW).\n")
    assert f"({red.card(tf.Card.parse('QH'))})" in out  # coloured as on the screen
    assert "seat 2" not in out and "AH" not in out.replace("'quit'): AH", "")


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_every_refusal_is_said_to_the_seat_that_acted(code: str) -> None:
    if code in ("bot-choice-not-legal", "not-a-seat", "out-of-turn"):
        pytest.skip("no refusal the prompt meets")
    error = refusal_of(EXAMPLES[code], tf)
    seat = getattr(error, "seat", None)
    said = for_person(error.reason, seat if isinstance(seat, int) else 0, SYMBOLS)
    assert not re.search(r"\bseat \d", said), said  # you, or P2
    assert not re.search(r"(?<![\w\-='])(?:[2-9TJQKA][CDHS]|JK)(?![\w\-'])",
                         said.replace("JK", "")), said
    assert not re.search(r"\byou (has|does|holds|is|was)\b", said)


def test_the_hand_is_sorted_with_its_trumps_marked(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The repro: the hand was shown in deal order (5H AD KH 8D KD), its trumps unmarked."""
    view = first_view()
    table = tf.SPOIL_FIVE.ranking.table(view.trump)  # type: ignore[arg-type]
    trumps = sorted((c for c in view.hand if c in table.trumps), key=table.trumps.index)
    diamonds = [c for c in tf.SPOIL_FIVE.ranking.plain_order("D", view.trump)  # type: ignore[arg-type]
                if c in view.hand]
    expected = f"{' '.join(map(str, trumps))} (trumps) | {' '.join(map(str, diamonds))}"
    assert expected == "5H KH (trumps) | KD 8D AD"  # the red Ace is the lowest diamond
    assert hand_text(view, Style(False)) == expected
    _, out, _ = in_process(GAME, capsys, monkeypatch, "quit\n")
    assert f"  Your hand: {expected}\n  1) play 5H\n  2) play KH\n" in out
    assert sorted_hand(view) == (tuple(trumps), [tuple(diamonds)])


def test_a_hand_without_trumps_says_so_and_one_before_trumps_is_by_suit() -> None:
    state = tf.new_game(tf.AUCTION_45, players=4, seed=6)
    view = state.view(state.to_act)  # type: ignore[arg-type]
    assert view.trump is None
    assert hand_text(view, Style(False)) == "KC 3C | 5H 3H | QS"  # the deal: QS 3C KC 3H 5H
    state = tf.new_game(tf.FORTY_FIVE, players=2, seed=2)
    text = hand_text(state.view(0), Style(False))
    assert text.endswith("(no trump)") and "(trumps)" not in text


def test_explain_at_the_prompt_says_why_a_card_may_or_may_not_be_played(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    view = first_view()
    _, out, _ = in_process(GAME, capsys, monkeypatch, "explain 5h\nexplain AD\nexplain\n"
                                                      "explain zz\nquit\n")
    follows = "trumps were led (QH) and {} is a trump: it follows (RULES.md §1.4.3)."
    with pytest.raises(tf.IllegalPlayError) as refusal:  # the library's own refusal
        tf.check_play("AD", view.hand, view.current_trick, trump=view.trump,  # type: ignore[arg-type]
                      variant=tf.SPOIL_FIVE)
    must = f"{refusal.value.reason}."
    assert must == ("trumps were led (QH) and you hold KH: you must play a trump (RULES.md "
                    "§1.4.3; FOS, PEEL, MAW).")
    assert first_answer(out, "explain 5h") == f"  5H may be played: {follows.format('5H')}\n"
    assert first_answer(out, "explain AD") == f"  AD may not be played: {must}\n"
    every = first_answer(out, "explain").splitlines()
    assert every == [f"  5H may be played: {follows.format('5H')}",
                     f"  KH may be played: {follows.format('KH')}",
                     f"  KD may not be played: {must}", f"  8D may not be played: {must}",
                     f"  AD may not be played: {must}"]
    legal = {a.card for a in view.legal_actions if isinstance(a, tf.Play)}
    assert {tf.Card.parse(line.split()[0]) for line in every if "may be played" in line} == legal
    assert first_answer(out, "explain zz").startswith("  cannot read a card from 'zz'")


def test_explain_of_cards_sharing_one_reason_is_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty-Five, seed 3: P1 is asked to rob before the lead, then leads trick 1."""
    _, out, _ = in_process(["play", "25", "--seed", "3", "--human", "1", "--deals", "1"],
                           capsys, monkeypatch, "explain\n1\nexplain\nquit\n")
    answers = [a.partition("Choose")[0] for a in out.split("'quit'): explain\n")[1:]]
    assert answers == [
        "  No card may be played now: you must first answer the rob prompt (RULES.md §1.5).\n",
        "  All 5 cards may be played: you lead: any card may be led (RULES.md §1.4).\n"]


def test_history_goes_trick_by_trick_with_who_led_and_who_won(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = in_process(GAME, capsys, monkeypatch, "kh\nhistory\n5h\nhistory\nquit\n")
    answers = out.split("'quit'): history\n")
    assert answers[1].partition("Choose")[0] == "  Trick 1, P1 led: P1 QH  you KH  P0 2D  -> you won.\n"
    second = answers[2].partition("Choose")[0].splitlines()
    assert second[0] == "  Trick 1, P1 led: P1 QH  you KH  P0 2D  -> you won."
    assert second[1].startswith("  Trick 2, you led: you 5H  ") and second[1].endswith("won.")


def test_a_rob_before_the_lead_and_a_hidden_discard_in_the_history() -> None:
    from trumpfamily.cli.prompt import history_lines

    state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=3, hands=1)
    bot = tf.RuleOfThumbPlayer()
    while state.to_act != 0:
        state = state.apply(bot.choose(state.view(state.to_act)))  # type: ignore[arg-type]
    assert history_lines(state.view(0)) == ["  Before the lead: P1 rob ??.",
                                            "  Trick 1, P1 led: P1 AD  P2 4D  (so far)."]


# -- lines wrapped on words -----------------------------------------------------------------------------

def test_wrap_breaks_between_words_only() -> None:
    text = "Your turn (P0). Trumps: diamonds (turn-up KD). Trick 1, so far P1 TD  P2 3H."
    lines = wrap(text, 30)
    assert lines == ["Your turn (P0). Trumps:", "  diamonds (turn-up KD). Trick",
                     "  1, so far P1 TD  P2 3H."]
    assert " ".join(" ".join(lines).split()) == " ".join(text.split())
    assert wrap("  a-very-long-word-indeed and more", 10) == ["  a-very-long-word-indeed",
                                                             "    and", "    more"]
    coloured = Style(True).card(tf.Card.parse("AH"))
    assert wrap(f"{coloured} {coloured} {coloured}", 7) == [f"{coloured} {coloured}",
                                                             f"  {coloured}"]  # 2 columns each
    assert wrap(text, None) == [text]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_on_a_narrow_terminal_every_line_is_wrapped_on_words() -> None:
    """The repro: long lines broke mid-word (``Tricks: you 0, P1 0, P2`` / `` 0, P3 0.``)
    at the terminal's edge. Wrapped, every line fits, and the words are those printed to
    a pipe, where every line stays whole."""
    argv = ["play", "spoil five", "--seed", "5", "--human", "0", "--deals", "1", "--color",
            "never"]
    answers = [b"9H\n", b"history\n", b"help\n", b"1\n", b"quit\n"]
    code, shown = pty_session(argv, answers, columns=50)
    assert code == 0, shown
    assert all(len(line) <= 49 for line in shown.splitlines()), shown
    piped = subprocess.run([sys.executable, "-m", "trumpfamily", *argv],
                           input=b"".join(answers).decode(), capture_output=True, text=True,
                           env={**os.environ, "PYTHONIOENCODING": "utf-8"}, check=False,
                           timeout=TIMEOUT)
    assert max(len(line) for line in piped.stdout.splitlines()) > 49  # whole lines there
    assert shown.split() == piped.stdout.split()  # the same words, none broken


# -- the explain command --------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "card", "why"), [
    (["spoil five", "--trump", "D", "--trick", "KC", "--hand", "AH 9C 2S"], "AH",
     ("clubs were led (KC): you may follow suit or play a trump, and AH is a trump (the Ace of "
     "Hearts is a trump, not a heart) (RULES.md §1.4.2; FOS, EB11, MAW)")),
    (["spoil five", "--trump", "D", "--trick", "8D", "--hand", "JD 9C 2S"], "9C",
     ("trumps were led (8D) and every trump you hold (JD) may renege, being privileged and "
     "higher than the trump led: you may keep it back and play any card (option "
     "renege_cards='5-J-AH'; RULES.md §1.4.3)")),
    (["spoil five", "--trump", "D", "--trick", "KH", "--hand", "AH 9C"], "9C",
     ("hearts were led (KH) and you hold no heart (the Ace of Hearts is a trump, not a heart): "
     "any card may be played (RULES.md §1.4.2)")),
    (["45", "--trump", "C", "--trick", "AH", "--hand", "KH 9D 3S"], "KH",
     ("the Ace of Hearts was led and you hold no trump: KH is a heart, and a heart must be "
     "played (option ah_lead_requires_heart=True, W45; RULES.md §1.4.3)")),
    (["spoil five", "--trump", "H", "--hand", "AH 9S"], "All 2",  # one reason: said once
     "you lead: any card may be led (RULES.md §1.4)"),
    (["spoil five", "--trump", "H", "--hand", "AH"], "AH",
     "you lead: any card may be led (RULES.md §1.4)"),
    (["american 110", "--trump", "S", "--trick", "4H", "--hand", "JK KD 3H"], "KD",
     "hearts were led (4H), but a plain lead need not be followed (option plain_lead='free')"),
])
def test_explain_says_why_each_legal_card_is_allowed(args: list[str], card: str, why: str,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = in_process(["explain", *args], capsys, monkeypatch)
    assert code == 0
    assert f"\n  {card} may be played: {why}\n" in out
    hand = args[args.index("--hand") + 1]
    trick = args[args.index("--trick") + 1] if "--trick" in args else ""
    legal = tf.legal_moves(hand, trick, trump=args[2], variant=args[0])
    allowed = re.findall(r"^  (\S+) may be played: ", out, re.MULTILINE)
    if card.startswith("All"):
        assert not allowed and len(legal) == len(tf.parse_cards(hand))
    else:  # the library's decision
        assert [tf.Card.parse(c) for c in allowed] == list(legal)
