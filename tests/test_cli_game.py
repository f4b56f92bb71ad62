"""The command line's games (issue: notation, scoreboard, save and resume, options): run as a
user runs them (the entry point called in this process, :func:`clikit.run`; a closed standard
input in a subprocess), and the prompt on a pseudo-terminal (``pty``).

Expected rules are computed from the library (rank tables, ``OPTION_SPECS``,
``Variant.unused_options``), not written out again; the repro of the issue is written out.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from clikit import in_process, pty_session, run
from hypothesis import given, settings
from hypothesis import strategies as st

import trumpfamily as tf
from trumpfamily import cli, demo
from trumpfamily.cli.options import value_text
from trumpfamily.variants import BIDDING_OPTION_SPECS, OPTION_SPECS

TIMEOUT = 60
SRC_CLI = Path(tf.__file__).parent / "cli"


# -- rob menus: the weakest discard first --------------------------------------------------

_SUITS = {s.name.lower(): s for s in tf.Suit}
_REPRO = ["play", "spoil five", "--players", "4", "--human", "0", "--seed", "2", "--hands", "3",
          "--color", "never"]


def _rob_menus(text: str) -> list[tuple[tf.Suit, list[tf.Card]]]:
    """Each rob menu of a log: the trump suit and the discards offered, in menu order."""
    menus = []
    trump: tf.Suit | None = None
    discards: list[tf.Card] = []
    for line in text.splitlines() + [""]:
        found = re.search(r"Trumps: (\w+)", line)
        if line.startswith("Your turn"):
            trump = _SUITS.get(found.group(1)) if found else None
        rob = re.match(r"\s+\d+\) rob (\S+):", line)
        if rob:
            discards.append(tf.Card.parse(rob.group(1)))
        elif discards:
            assert trump is not None
            menus.append((trump, discards))
            discards = []
    return menus


def test_the_repro_no_longer_discards_the_ace_of_trumps() -> None:
    """The issue's repro: ``yes 1 | head -200 | trumpfamily play "spoil five" --players 4
    --human 0 --seed 2 --hands 3 --color never`` robbed the turn-up 7D discarding the Ace
    of trumps AD, offered as option 1; the menu now offers the weakest card first."""
    result = run(*_REPRO, stdin="1\n" * 200)
    assert result.returncode == 0, result.stderr
    assert "  1) rob AD" not in result.stdout
    assert "You rob: taking 7D, discarding AD face down." not in result.stdout
    assert "  5) rob AD: take the turn-up, discarding AD face down" in result.stdout
    assert "You rob: taking 7D, discarding JS face down." in result.stdout


@pytest.mark.parametrize(("variant", "seed", "players"), [("25", "3", "3"), ("45", "3", "3")])
def test_rob_menus_in_a_game_list_the_weakest_discard_first(variant: str, seed: str,
                                                            players: str) -> None:
    result = run("play", variant, "-n", players, "--seed", seed, "--human", "1", "--hands", "1",
                 "--color", "never", stdin="1\n" * 100)
    menus = _rob_menus(result.stdout)
    assert menus, result.stdout
    rules = tf.find_variant(variant)
    for trump, discards in menus:
        power = rules.ranking.table(trump).power
        assert [power[c] for c in discards] == sorted(power[c] for c in discards)


@settings(max_examples=max(10, settings.default.max_examples // 4))
@given(data=st.data())
def test_every_rob_menu_lists_the_weakest_discard_first(data: st.DataObject) -> None:
    """In the deal's rank table (RULES.md §1.2, §1.3), with the demoted Ace if any, every
    rob menu of random games goes from the weakest discard up, so that the Ace of trumps
    (or any better card) is never offered before a weaker one; the other actions keep the
    engine's order."""
    from test_stateful import _players_for, game_variants

    from trumpfamily.cli._menu import menu
    from trumpfamily.cli._words import sorted_hand

    variant = data.draw(game_variants(), label="variant")
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    state = tf.new_game(variant, players=players, seed=data.draw(st.integers(0, 2**32)),
                        hands=2)
    for _ in range(60):
        if state.is_over:
            break
        view = state.view(state.to_act)  # type: ignore[arg-type]
        ordered = menu(view)
        assert sorted(map(repr, ordered)) == sorted(map(repr, view.legal_actions))
        others = (tf.Rob, tf.Play)
        assert [a for a in ordered if not isinstance(a, others)] == [
            a for a in view.legal_actions if not isinstance(a, others)]
        # the cards to play in the order the hand is shown (issue 19): trumps first
        trumps, suits = sorted_hand(view)
        shown = [*trumps, *(c for group in suits for c in group)]
        plays = [a.card for a in ordered if isinstance(a, tf.Play)]
        assert plays == [c for c in shown if c in plays]
        discards = [a.discard for a in ordered if isinstance(a, tf.Rob)]
        if discards and view.trump is not None:
            power = variant.ranking.table(view.trump, view.demoted).power
            assert [power[c] for c in discards] == sorted(power[c] for c in discards)
        state = state.apply(data.draw(st.sampled_from(view.legal_actions)))


# -- the prompt: scoreboard, status, history, help, notation ---------------------------------

def test_prompt_scoreboard_status_and_history() -> None:
    result = run("play", "spoil five", "-n", "3", "--seed", "3", "--human", "0", "--hands", "1",
                 stdin="history\nstatus\nplay 2d\n" + "1\n" * 10)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    board = "Hand 1 of 1, you deal. Chips: you -2, P1 -1, P2 -1; pool 4. Tricks: you 0, P1 0, P2 0."
    assert out.count(board) == 2  # the prompt, and status
    # history: the seat's view.history trick by trick, another seat's discard hidden
    assert "  Before the lead: P1 rob ??.\n  Trick 1, P1 led: P1 AD  P2 4D  (so far).\n" in out
    assert "Trick 1: P1 AD  P2 4D  you 2D  -> P1 (1 trick)" in out  # "play 2d" was read
    assert "Tricks: you 0, P1 2, P2 0." in out


def test_prompt_scoreboard_of_a_points_game_in_partnerships() -> None:
    result = run("play", "25", "-n", "4", "--seed", "1", "--human", "0", "--hands", "1",
                 "-o", "scoring=points", stdin="quit\n")
    assert "Scores: you+P2 0, P1+P3 0 (target 25). Tricks: you 0, P1 0, P2 0, P3 0." \
        in result.stdout


def test_history_before_anything_is_played() -> None:
    from trumpfamily.cli.prompt import history_lines

    view = tf.new_game(tf.FORTY_FIVE, players=2, seed=1).view(1)
    assert history_lines(view) == ["  Nothing has been played in this hand yet."]


def test_prompt_answers_in_notation_words_and_numbers(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A two-player Spoil Five fiving prompt answered in the notation (``refuse-five``)."""
    code, out, _ = in_process(["play", "spoil five", "--players", "2", "--seed", "5",
                               "--human", "0", "--hands", "1", "--color", "never"],
                              capsys, monkeypatch, "REFUSE-FIVE\nquit\n")
    assert code == cli.EXIT_OK  # leaving is no error (issue 19)
    assert "  1) accept-five: agree to five" in out and "  2) refuse-five: refuse" in out
    assert "  You refuse to five." in out


# -- a pseudo-terminal ---------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_prompt_on_a_terminal() -> None:
    """On a terminal the answer is echoed once (by the terminal, not again by the prompt),
    and help is wrapped under 80 columns; Ctrl-D leaves the game (issue 19: no error)."""
    code, shown = pty_session(
        ["play", "spoil five", "-n", "3", "--seed", "1", "--human", "2", "--hands", "1",
         "--color", "never"],
        [b"help\n", b"status\n", b"history\n", b"9x\n", b"kh\n", b"\x04"])
    assert code == cli.EXIT_OK, shown
    assert shown.count("'quit'): status\n") == 1 and "\nstatus\n" not in shown
    assert "  cannot read a card from '9x'" in shown
    assert "Trick 1: P1 QH  you KH  P0 2D  -> you (1 trick)" in shown
    help_block = [x for x in shown.splitlines() if x.startswith("  ")
                  and ("Answers:" in x or "decline-rob" in x or "quit (leave" in x)]
    assert help_block and all(len(x) < 80 for x in help_block)
    assert "Game left; it was not saved" in shown and "game abandoned" not in shown


# -- save and resume -------------------------------------------------------------------------

_HUMAN_GAME = ["play", "spoil five", "-n", "3", "--seed", "1", "--human", "2", "--hands", "3",
               "--color", "never"]


def test_a_game_left_and_resumed_ends_as_if_never_left(tmp_path: Path) -> None:
    """--save keeps the whole game when the human leaves; --resume rebuilds it
    (tf.replay_game) and plays on, telling it from its true standings: the game ends as the
    same game played in one go."""
    whole = run(*_HUMAN_GAME, stdin="1\n" * 60)
    assert whole.returncode == 0, whole.stderr
    saved = tmp_path / "game.json"
    left = run(*_HUMAN_GAME, "--save", str(saved), stdin="1\n" * 7)
    assert left.returncode == cli.EXIT_FAILURE  # the answers ran out: an error
    assert f"the game so far is saved in {saved}" in left.stderr
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record.pop("humans") == [2]
    state = tf.replay_game(record)
    assert state.hand_number == 2 and not state.is_over  # left in the second hand
    # without --save, a resumed game is saved back to the file it came from; without
    # --human, the seat saved is asked again (issue 19)
    resumed = run("play", "--resume", str(saved), "--color", "never", stdin="1\n" * 60)
    assert resumed.returncode == 0, resumed.stderr
    lines = resumed.stdout.splitlines()
    assert lines[0] == whole.stdout.splitlines()[0]
    standings = f"Before this hand's antes, chips so far: P0 {state.chips[0] + state.stakes[0]:+d}"
    assert lines[1].startswith(f"Resumed from {saved} at hand 2, ") and standings in lines[1]
    assert lines[-2:] == whole.stdout.splitlines()[-2:]  # "Game over ...", the chips
    assert "Your turn (P2)." in resumed.stdout
    again = tf.replay_game({k: v for k, v in json.loads(saved.read_text(encoding="utf-8")).items()
                            if k != "humans"})
    assert again.is_over and len(again.outcomes) == 3


def test_bots_resume_a_game_from_standard_input(tmp_path: Path) -> None:
    state = tf.new_game(tf.FORTY_FIVE, players=3, seed=4)
    for _ in range(7):
        state = state.apply(state.legal_actions()[0])
    result = run("play", "--resume", "-", stdin=json.dumps(state.record()))
    assert result.returncode == 0, result.stderr
    assert "Resumed from standard input at hand 1, 7 actions into it. Scores: P0 0, P1 0, " \
           "P2 0 (target 45)." in result.stdout
    assert "wins the game." in result.stdout


@pytest.mark.parametrize(("argv", "fragment"), [
    (["play", "maw", "--resume", "F"], "leave out VARIANT"),
    (["play", "--resume", "F", "--players", "3", "--seed", "x"], "leave out --players, --seed"),
    (["play", "--resume", "F", "-o", "ante=3"], "leave out --option"),
    (["play", "--resume", "-", "--human", "0"],
     "--resume - reads the game from standard input, which --human needs"),
    (["play"], "the following arguments are required: VARIANT (or --resume FILE)"),
    (["play", "maw", "--seed", "  "], "a seed is an integer or some text"),
])
def test_resume_and_seed_arguments_are_checked(argv: list[str], fragment: str,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(argv, capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and fragment in err and out == ""
    assert len(err.splitlines()) == 1


def test_resume_refuses_what_is_not_an_unfinished_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    hand = tmp_path / "hand.json"
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    hand.write_text(json.dumps([state.record()]), encoding="utf-8")
    finished = tmp_path / "over.json"
    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=1, hands=1)
    game.play([tf.RuleOfThumbPlayer()] * 3)
    finished.write_text(json.dumps(game.record()), encoding="utf-8")
    tampered = tmp_path / "tampered.json"
    record = tf.new_game(tf.SPOIL_FIVE, players=3, seed=1).record()
    record["seed"] = 2  # the recorded deal is no longer the one the seed gives
    tampered.write_text(json.dumps(record), encoding="utf-8")
    junk = tmp_path / "junk.json"
    junk.write_text("{", encoding="utf-8")
    for path, fragment, status in [
        (hand, "is not a game record but hand records", cli.EXIT_FAILURE),
        (finished, "holds a finished game (1 hand): nothing to resume", cli.EXIT_FAILURE),
        (tampered, "does not verify", cli.EXIT_FAILURE),
        (junk, "is not a game record: not JSON", cli.EXIT_FAILURE),
        (tmp_path / "missing.json", "cannot read", cli.EXIT_USAGE),
    ]:
        code, out, err = in_process(["play", "--resume", str(path)], capsys, monkeypatch)
        assert (code, out) == (status, ""), err
        assert fragment in err and str(path) in err


def test_replay_tells_a_saved_game_as_play_did_and_the_demo_does(tmp_path: Path) -> None:
    """One format: the demo's game, saved, replays in the demo's own words."""
    lines: list[str] = []
    game = demo.play_game(tf.SPOIL_FIVE, players=3, seed=7, out=lines.append)
    path = tmp_path / "demo.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    told = run("replay", str(path))
    assert told.returncode == 0, told.stderr
    replayed = told.stdout.splitlines()
    assert replayed[1:-1] == lines[1:-1]  # after the header, before "Verified"
    assert replayed[-1] == (f"Verified: {len(game.outcomes)} hands and "
                            f"{sum(len(h) for h in _actions(game))} actions replayed under "
                            "the rules.")


def _actions(game: tf.Game) -> list[tuple[tf.Action, ...]]:
    record = game.record()
    return [tuple(d["actions"]) for d in record["deals"]]


def test_replay_refuses_a_tampered_game(tmp_path: Path) -> None:
    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=1, hands=1)
    game.play([tf.RuleOfThumbPlayer()] * 3)
    record = game.record()
    record["deals"][0]["actions"].reverse()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == cli.EXIT_FAILURE and "does not verify: hand 1" in result.stderr


# -- seeds are text ------------------------------------------------------------------------------

def test_a_seed_may_be_any_text() -> None:
    first = run("play", "spoil five", "-n", "3", "--seed", "friday night", "--hands", "1")
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("Spoil Five: 3 players, 1 hand, seed 'friday night'; ")
    assert run("play", "spoil five", "-n", "3", "--seed", "friday night", "--hands", "1"
               ).stdout == first.stdout
    hands = tf.new_game(tf.SPOIL_FIVE, players=3, seed="friday night").hand.hands
    dealt = "  Hands: " + "; ".join(f"P{s} " + " ".join(map(str, h)) for s, h in enumerate(hands))
    assert dealt in first.stdout.splitlines()


def test_an_integer_seed_is_the_library_int_seed(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = in_process(["play", "45", "-n", "2", "--seed", "+12", "--hands", "1"],
                           capsys, monkeypatch)
    assert ", seed 12; " in out.splitlines()[0]
    _, out, _ = in_process(["demo", "--seed", "abc", "--players", "8"], capsys, monkeypatch)
    assert "Maw: 8 players, 3 hands, seed 'abc';" in out
    assert "Spoil Five: 8 players, 3 hands, seed 'abc+1';" in out


# -- trumpfamily options --------------------------------------------------------------------------

def _describe(value: object) -> str:
    return "unset" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def test_options_lists_every_option_generated_from_the_library() -> None:
    result = run("options")
    assert result.returncode == 0, result.stderr
    blocks = result.stdout.split("\n\n")[1:]
    turn_up, heading, bidding = (blocks[:len(OPTION_SPECS)], blocks[len(OPTION_SPECS)],
                                 blocks[len(OPTION_SPECS) + 1:])
    assert [b.split(" ", 1)[0] for b in turn_up] == list(OPTION_SPECS)
    assert heading.startswith("The options of the bidding games only")
    assert [b.split(" ", 1)[0] for b in bidding] == list(BIDDING_OPTION_SPECS)
    for block, (name, (component, spec)) in zip(turn_up, OPTION_SPECS.items()):
        flat = " ".join(x.strip() for x in block.splitlines())
        assert f"(component {component}): {spec.doc}" in flat
        if spec.kind == "choice":
            assert "values: " + ", ".join(spec.values) in flat
        presets = ", ".join(f"{v.name} {_describe(v.options()[name])}"
                            for v in tf.VARIANTS.values())
        assert f"presets: {presets}; the bidding games" in flat
        for variant in tf.VARIANTS.values():
            if name in variant.unused_options():
                assert variant.name in flat.partition("no effect in ")[2], (name, variant)
        assert all(len(x) <= 80 for x in block.splitlines()), block
    for block, (name, (component, spec)) in zip(bidding, BIDDING_OPTION_SPECS.items()):
        flat = " ".join(x.strip() for x in block.splitlines())
        assert f"{name} (component bidding): {spec.doc}" in flat
        presets = ", ".join(f"{v.name} {value_text(v.options()[name])}"
                            for v in tf.BIDDING_VARIANTS.values())
        assert f"presets: {presets}" in flat
        assert all(len(x) <= 80 for x in block.splitlines()), block


def test_options_of_one_name_and_an_unknown_name(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = in_process(["options", "Jink-Bonus"], capsys, monkeypatch)
    assert code == 0 and out.startswith("jink_bonus (component jinking)")
    assert "no effect in Forty-Five and the bidding games: in a points game" in out
    code, _, err = in_process(["options", "jinx"], capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and "unknown option 'jinx'; valid options: top_trumps" in err


def test_every_option_has_a_meaning_from_its_component() -> None:
    from trumpfamily.cli.options import attribute_docs

    for name, (component, _) in OPTION_SPECS.items():
        docs = attribute_docs(type(getattr(tf.MAW, component)))
        assert docs.get(name), name
        assert "``" not in docs[name] and ":func:" not in docs[name]


# -- options with no effect: reported, not refused -----------------------------------------------

def test_play_notes_an_option_with_no_effect_and_plays_on() -> None:
    result = run("play", "45", "-p", "4", "--seed", "2", "--deals", "1", "-o", "fiving=true")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ("trumpfamily play: note: option fiving has no effect with 4 "
                             "players: fiving is played by two players only (RULES.md "
                             "§2.1.7 (6))\n")
    assert result.stdout.startswith("Forty-Five with fiving=True: 4 players")


@pytest.mark.parametrize(("argv", "notes"), [
    (["play", "spoil five", "-p", "2", "--deals", "1", "-o", "fiving=true"], []),
    (["play", "spoil five", "-p", "3", "--deals", "1", "-o", "jinking=false",
      "-o", "jink_bonus=stake"], ["jink_bonus has no effect with jinking=False"]),
    (["rules", "maw", "-o", "holder_rob=must"], ["holder_rob has no effect with robbing=False"]),
    (["rules", "45", "-o", "ante=3", "-o", "misdeal=redeal"],
     ["ante has no effect in a points game", "misdeal has no effect in any game"]),
    (["explain", "45", "--trump", "C", "--hand", "KH", "-o", "trump_lead=free",
      "-o", "renege_cards=5"], ["renege_cards has no effect with trump_lead='free'"]),
])
def test_notes_name_only_the_options_given_that_change_nothing(
        argv: list[str], notes: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = in_process(argv, capsys, monkeypatch)
    assert code == cli.EXIT_OK
    lines = err.splitlines()
    assert len(lines) == len(notes)
    for line, note in zip(lines, notes):
        assert line.startswith(f"trumpfamily {argv[0]}: note: option ") and note in line


# -- one name for standard input ------------------------------------------------------------------

def _messages() -> list[str]:
    """Every string constant in the command line's modules but the docstrings: messages,
    help texts, prompts."""
    found = []
    for path in SRC_CLI.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docstrings and not node.value.isidentifier()):
                found.append(node.value)
    return found


def test_standard_input_has_one_name_in_every_message() -> None:
    for text in _messages():
        lowered = text.lower()
        assert "stdin" not in lowered, text
        assert "end of input" not in lowered and "the input ends" not in lowered, text
        assert "standard in " not in lowered, text


def test_a_closed_standard_input_is_named_so(tmp_path: Path) -> None:
    result = subprocess.run(["sh", "-c", '"$0" -m trumpfamily play --resume - <&-',
                             sys.executable], capture_output=True, text=True, timeout=TIMEOUT,
                            check=False)
    assert result.returncode == cli.EXIT_FAILURE
    assert result.stderr == "trumpfamily play: error: standard input is closed\n"


def test_the_word_none_is_an_option_value_where_the_option_has_it() -> None:
    """``best_trump_bonus=none`` is the rule "no bonus" (Twenty-Five's), not an unset
    option; ``unset`` (or ``none`` where it is no value of the option) is ``None``."""
    ok = run("rules", "45", "-o", "best_trump_bonus=none")
    assert ok.returncode == 0 and "best_trump_bonus='none'" in ok.stdout, ok.stderr
    unset = run("rules", "45", "-o", "best_trump_bonus=unset")
    assert unset.returncode == 2 and "best_trump_bonus" in unset.stderr
    listed = run("options", "best_trump_bonus")
    assert "values: any, top-four, none, or unset" in listed.stdout
