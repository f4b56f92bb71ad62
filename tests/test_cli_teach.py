"""Teaching in the command line (issue 22, item 2): ``hint`` at the prompt, ``trumpfamily
review`` and ``trumpfamily analyse``, run as a user runs them (``python -m trumpfamily`` on a
pseudo-terminal) and in this process with typed answers (the entry point, :func:`clikit.run`).

Every value the tests expect is computed by the analysis API
(:func:`trumpfamily.search.analysis.analyse`, :func:`~trumpfamily.search.analysis.review`)
on the same record, seat, budget and seed, never written out.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from clikit import in_process, pty_session, run

import trumpfamily as tf
from trumpfamily import cli
from trumpfamily.cli.analyse import DEFAULT_BUDGET
from trumpfamily.cli.prompt import HINT_BUDGET, HINT_MILLISECONDS, HINT_ROWS
from trumpfamily.search.analysis import Analysis, analyse, review

TIMEOUT = 60
#: The budget the tests analyse with (small: the tests check the command line, not the
#: search).
BUDGET = 4
PROMPT_END = "'quit'): "


def signed(value: float) -> str:
    text = f"{value:+.2f}"
    return "+0.00" if text == "-0.00" else text


def table_rows(analysis: Analysis, top: int | None = None) -> list[list[str]]:
    """The rows the table should print for ``analysis``: action, mean, interval, worlds
    (and the pool chance), each as the words of a line."""
    rows = []
    for row in analysis.rows[:top]:
        words = [*str(row.action).split(), signed(row.mean), f"[{signed(row.low)},",
                 f"{signed(row.high)}]", str(row.worlds)]
        if row.win_chance is not None:
            words += [f"{row.win_chance * 100:.0f}", "%"]
        rows.append(words)
    return rows


def printed_rows(text: str, count: int) -> list[list[str]]:
    """The ``count`` table rows after the header line (``action  mean ...``) in ``text``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:2] == ["action", "mean"])
    return [line.split() for line in lines[start + 1:start + 1 + count]]


# -- records written by trumpfamily play -----------------------------------------------

@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Game records written by ``trumpfamily play --save`` (bots at every seat): a
    turn-up game (Spoil Five, 3 players, 2 hands) and a bidding game (Auction Forty-Fives,
    4 players, 1 hand)."""
    folder = tmp_path_factory.mktemp("records")
    made = {}
    for key, argv in {"spoil": ["spoil five", "-p", "3", "--seed", "5", "--deals", "2"],
                      "auction": ["auction 45", "-p", "4", "--seed", "3", "--deals", "1"]}.items():
        path = folder / f"{key}.json"
        done = run("play", *argv, "--save", str(path), "--color", "never")
        assert done.returncode == 0, done.stderr
        made[key] = path
    return made


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def without_humans(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "humans"}


# -- the commands are there -------------------------------------------------------------

def test_the_commands_are_listed_and_described() -> None:
    top = run("--help")
    assert top.returncode == 0
    for command in ("review", "analyse"):
        assert re.search(rf"^\s+{command}\s", top.stdout, re.MULTILINE), top.stdout
    for command in ("review", "analyse"):
        code, out, _ = _in_process([command, "--help"])
        assert code == 0
        assert out.startswith(f"usage: trumpfamily {command}")
    code, out, _ = _in_process(["play", "--help"])
    assert "--hint-budget" in out and f"default: {HINT_BUDGET}" in " ".join(out.split())


# -- review ------------------------------------------------------------------------------

@pytest.mark.parametrize("key, seat, budget", [("spoil", 1, BUDGET), ("auction", 2, 2)])
def test_review_lists_the_worst_first_with_the_apis_losses(
        records: dict[str, Path], key: str, seat: int, budget: int) -> None:
    """Each listed decision's loss, place, action and best action are the API's
    (``review(record, seat)``), worst first; the total is ``Review.total_loss``."""
    path = records[key]
    done = run("review", str(path), "--seat", str(seat), "--budget", str(budget), "--seed",
               "7", "--color", "never")
    assert done.returncode == 0, done.stderr
    expected = review(without_humans(load(path)), seat, budget=budget, seed=7)
    worst = expected.worst()
    assert worst, "the game gives the seat decisions to review"
    rows = [line.split() for line in done.stdout.splitlines()
            if re.match(r"\s+\d+\.\d\d\s+hand \d", line)]
    assert [r[0] for r in rows] == [f"{d.loss:.2f}" for d in worst]
    assert [float(r[0]) for r in rows] == sorted((float(r[0]) for r in rows), reverse=True)
    for row, decision in zip(rows, worst, strict=True):
        text = " ".join(row)
        assert f"hand {decision.hand}, after {decision.index} {decision.action}" in text
        assert decision.best is not None
        if decision.best != decision.action and decision.loss:
            assert text.endswith(str(decision.best))
    assert f"Total loss: {expected.total_loss:.2f} {expected.unit} over" in done.stdout


def test_review_in_order_and_the_worst_k(records: dict[str, Path]) -> None:
    """``--in-order`` lists the decisions in play order; ``--worst K`` keeps the K worst
    and says how many are left; the total stays over every decision."""
    path = str(records["spoil"])
    expected = review(without_humans(load(records["spoil"])), 0, budget=BUDGET, seed=1)
    unforced = [d for d in expected.decisions if not d.forced]
    code, out, _ = _in_process(["review", path, "--seat", "0", "--budget", str(BUDGET),
                                "--seed", "1", "--in-order"])
    assert code == 0
    places = re.findall(r"hand (\d+), after (\d+)", out)
    assert places == [(str(d.hand), str(d.index)) for d in unforced]
    code, out, _ = _in_process(["review", path, "--seat", "0", "--budget", str(BUDGET),
                                "--seed", "1", "--worst", "2"])
    assert code == 0
    listed = re.findall(r"hand (\d+), after (\d+)", out)
    assert listed == [(str(d.hand), str(d.index)) for d in expected.worst(2)]
    assert f"{len(unforced) - 2} more not listed (--worst 2)" in out
    assert f"Total loss: {expected.total_loss:.2f} chips over {len(unforced)} decisions" in out


def test_review_tables_show_each_decisions_analysis(records: dict[str, Path]) -> None:
    """``--tables`` prints, under a decision, its analysis: the API's rows."""
    expected = review(without_humans(load(records["spoil"])), 2, budget=BUDGET, seed=3)
    first = expected.worst(1)[0]
    assert first.analysis is not None
    code, out, _ = _in_process(["review", str(records["spoil"]), "--seat", "2", "--budget",
                                str(BUDGET), "--seed", "3", "--worst", "1", "--tables"])
    assert code == 0
    assert printed_rows(out, len(first.analysis.rows)) == table_rows(first.analysis)


def test_review_of_hand_records(tmp_path: Path) -> None:
    """A hand record and a list of them (``HandState.record()``) are reviewed too; a list's
    decisions are named by record."""
    hands = []
    for seed in (1, 2):
        state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, seed=seed)
        bot = tf.RuleOfThumbPlayer()
        while not state.is_over:
            state = state.apply(bot.choose(state.view(state.to_act)))
        hands.append(state.record())
    one, both = tmp_path / "one.json", tmp_path / "both.json"
    one.write_text(json.dumps(hands[0]), encoding="utf-8")
    both.write_text(json.dumps(hands), encoding="utf-8")
    code, out, _ = _in_process(["review", str(one), "--seat", "0", "--budget", str(BUDGET)])
    expected = review(hands[0], 0, budget=BUDGET, seed=0)
    assert code == 0
    assert f"Total loss: {expected.total_loss:.2f} points" in out
    code, out, _ = _in_process(["review", str(both), "--seat", "0", "--budget", str(BUDGET),
                                "--in-order"])
    assert code == 0
    total = sum(review(h, 0, budget=BUDGET, seed=0).total_loss for h in hands)
    assert f"Total loss: {total:.2f} points" in out
    assert "record 1, hand 1, after" in out and "record 2, hand 1, after" in out


# -- analyse -------------------------------------------------------------------------------

def _game_view(path: Path, hand: int, after: int) -> tuple[tf.GameState, Any]:
    """The game at hand ``hand`` after ``after`` actions, and the view of the seat to act."""
    data = without_humans(load(path))
    deals = data["deals"]
    cut = {**data, "deals": [*deals[:hand - 1],
                             {**deals[hand - 1], "actions": deals[hand - 1]["actions"][:after]}]}
    state = tf.replay_game(cut)
    assert state.to_act is not None
    return state, state.view(state.to_act)


@pytest.mark.parametrize("key, hand, after", [("spoil", 2, 3), ("auction", 1, 2)])
def test_analyse_a_record_cut_prints_the_apis_rows(
        records: dict[str, Path], key: str, hand: int, after: int) -> None:
    state, view = _game_view(records[key], hand, after)
    expected = analyse(view, budget=BUDGET, seed=9)
    done = run("analyse", str(records[key]), "--hand", str(hand), "--after", str(after),
               "--budget", str(BUDGET), "--seed", "9", "--color", "never")
    assert done.returncode == 0, done.stderr
    assert f"hand {hand} after {after} actions" in done.stdout
    assert f"P{view.seat} to act" in done.stdout
    assert printed_rows(done.stdout, len(expected.rows)) == table_rows(expected)
    assert f"over {expected.worlds} worlds (budget {BUDGET}, seed 9)" in done.stdout
    assert done.stdout.rstrip().endswith(f"Best: {expected.best}.")
    # the seat to act is checked
    other = (view.seat + 1) % state.players
    wrong = run("analyse", str(records[key]), "--hand", str(hand), "--after", str(after),
                "--seat", str(other), "--budget", str(BUDGET))
    assert wrong.returncode == cli.EXIT_USAGE
    assert wrong.stderr.strip() == (f"trumpfamily analyse: error: --seat {other}: P{view.seat} "
                                    f"is to act in {records[key]}, hand {hand} after {after} "
                                    f"actions, not P{other}")


def test_analyse_reads_only_the_view(records: dict[str, Path], tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat's view as JSON (``to_json(view)``, what a server sends) gives the table of
    the record cut it came from: the record's other cards are not read."""
    _, view = _game_view(records["auction"], 1, 4)
    text = tmp_path / "view.json"
    text.write_text(json.dumps(tf.to_json(view)), encoding="utf-8")
    args = ["--budget", str(BUDGET), "--seed", "2", "--color", "never"]
    code, from_view, _ = in_process(["analyse", str(text), *args], capsys, monkeypatch)
    assert code == 0
    code, from_record, _ = in_process(["analyse", str(records["auction"]), "--after", "4",
                                       *args], capsys, monkeypatch)
    assert code == 0
    assert from_view.splitlines()[1:] == from_record.splitlines()[1:]


def _seen(states: list[tf.HandState], seat: int) -> set[tf.Card]:
    """Every card ``seat`` saw in ``states``, and the face-down discards the actions name."""
    seen: set[tf.Card] = set()
    for state in states:
        view = state.view(seat)
        seen.update(view.hand, view.current_trick, view.fived)
        seen.update(c for t in view.tricks for c in t.cards)
        seen.add(view.turned_up)
        if view.turn_up is not None:
            seen.add(view.turn_up)
    for card in (states[-1].discard, states[-1].joker_discard):
        if card is not None:
            seen.add(card)
    return seen


def test_analyse_of_a_redealt_record_is_the_same(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-dealing the cards the seat to act cannot see (the same actions replayed) does
    not change ``trumpfamily analyse`` of the cut."""
    rng = random.Random(4)
    compared = 0
    for seed in range(6):
        state = tf.new_hand(tf.SPOIL_FIVE, players=4, dealer=0, seed=seed)
        states = [state]
        bot = tf.RuleOfThumbPlayer()
        for _ in range(6):
            state = state.apply(bot.choose(state.view(state.to_act)))
            states.append(state)
        assert state.to_act is not None
        seat = state.to_act
        keep = _seen(states, seat)
        deck = list(states[0].deck)
        places = [i for i, c in enumerate(deck) if c not in keep]
        moved = [deck[i] for i in places]
        rng.shuffle(moved)
        for i, c in zip(places, moved, strict=True):
            deck[i] = c
        record = state.record()
        other = {**record, "deck": [str(c) for c in deck]}
        try:
            again = tf.replay(other)
        except tf.ReplayError:  # pragma: no cover - a re-deal the actions do not fit
            continue
        if again.view(seat) != state.view(seat) or deck == list(states[0].deck):
            continue  # pragma: no cover
        a, b = tmp_path / f"a{seed}.json", tmp_path / f"b{seed}.json"
        a.write_text(json.dumps(record), encoding="utf-8")
        b.write_text(json.dumps(other), encoding="utf-8")
        outs = []
        for path in (a, b):
            code, out, _ = in_process(["analyse", str(path), "--budget", str(BUDGET),
                                       "--seed", "1", "--color", "never"], capsys, monkeypatch)
            assert code == 0
            outs.append(out.splitlines()[1:])
        assert outs[0] == outs[1]
        compared += 1
    assert compared >= 3


def test_analyse_with_a_time_limit(records: dict[str, Path]) -> None:
    """``--milliseconds MS`` is passed to the analysis and said in the heading."""
    code, out, _ = _in_process(["analyse", str(records["spoil"]), "--after", "2",
                                "--budget", str(BUDGET), "--milliseconds", "5000"])
    assert code == 0
    assert f"(budget {BUDGET}, seed 0, at most 5000 ms)." in out
    _, view = _game_view(records["spoil"], 2, 2)
    expected = analyse(view, budget=BUDGET, seed=0)
    assert printed_rows(out, len(expected.rows)) == table_rows(expected)


# -- hint at the prompt ------------------------------------------------------------------

@pytest.mark.parametrize("game", [["spoil five", "-p", "3", "--seed", "5"],
                                  ["auction 45", "-p", "4", "--seed", "3"]])
def test_hint_at_the_prompt_is_the_analysis_of_the_position(
        game: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``hint`` prints the best :data:`HINT_ROWS` rows of ``analyse(view, budget=HINT_BUDGET,
    seed=the game's seed)`` for the seat at the prompt, and the best action's number in the
    menu; ``help`` mentions it; the game goes on after it."""
    saved = tmp_path / "left.json"
    code, out, err = in_process(["play", *game, "--human", "1", "--deals", "1", "--color",
                                 "never", "--save", str(saved), "--hint-milliseconds", "none"],
                                capsys, monkeypatch, "help\nhint\nquit\n")
    assert code == 0, err
    assert "hint (the best few actions" in out
    state = tf.replay_game(without_humans(load(saved)))
    view = state.view(1)
    expected = analyse(view, budget=HINT_BUDGET, seed=state.seed)
    after = out.partition(f"{PROMPT_END}hint\n")[2]
    assert after.startswith("  Hint: ")
    top = min(HINT_ROWS, len(expected.rows))
    assert printed_rows(after, top) == table_rows(expected, top)
    menu = [line.split(") ", 1)[1].split(":")[0] for line in out.splitlines()
            if re.match(r"\s+\d+\) ", line)]
    number = menu.index(str(expected.best)) + 1
    assert f"  Best: {number}) {expected.best}.\n" in after
    assert f"over {expected.worlds} worlds (budget {HINT_BUDGET}, seed {state.seed})" in after


def test_hint_budget(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --hint-budget B`` is the hint's budget, ``--hint-milliseconds`` its time
    limit (by default :data:`HINT_MILLISECONDS`, said in the hint); bad values are
    refused."""
    game = ["play", "spoil five", "-p", "3", "--seed", "5", "--human", "1", "--color", "never"]
    code, out, _ = in_process([*game, "--hint-budget", "2", "--hint-milliseconds", "none"],
                              capsys, monkeypatch, "hint\nquit\n")
    assert code == 0
    assert "(budget 2, seed 5):" in out
    code, out, _ = in_process(game, capsys, monkeypatch, "hint\nquit\n")
    assert code == 0
    assert f"(budget {HINT_BUDGET}, seed 5, at most {HINT_MILLISECONDS:g} ms):" in out
    for flag, value, message in [("--hint-budget", "0", "the budget is at least 1, got 0"),
                                 ("--hint-milliseconds", "0", "a time limit is above 0"),
                                 ("--hint-milliseconds", "soon", "expected a number of")]:
        code, _, err = in_process(["play", "spoil five", "--human", "1", flag, value],
                                  capsys, monkeypatch)
        assert code == cli.EXIT_USAGE and message in err, err


# -- a real terminal ------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("game", [["spoil five", "-p", "3", "--seed", "5"],
                                  ["auction 45", "-p", "4", "--seed", "3"]])
def test_hint_on_a_terminal(game: list[str]) -> None:
    """On a pseudo-terminal ``hint`` answers, wrapped to the terminal's width, and the
    prompt comes back."""
    code, shown = pty_session(["play", *game, "--human", "1", "--deals", "1",
                               "--hint-budget", str(BUDGET), "--color", "never"],
                              [b"hint\n", b"quit\n"], columns=60)
    assert code == 0, shown
    after = shown.partition(f"{PROMPT_END}hint\n")[2]
    assert "  Hint: " in after and "  Best: " in after, shown
    hint = after.partition(PROMPT_END)[0]
    assert all(len(line) <= 60 for line in hint.splitlines())
    assert "Game left" in shown


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_review_and_analyse_on_a_terminal(records: dict[str, Path]) -> None:
    """The commands print on a terminal, their lines wrapped to its width."""
    code, shown = pty_session(["review", str(records["spoil"]), "--seat", "1", "--budget",
                               str(BUDGET), "--color", "never"], [], columns=70)
    assert code == 0, shown
    assert "Review of" in shown and "Total loss: " in shown
    assert all(len(line) <= 70 for line in shown.splitlines())
    code, shown = pty_session(["analyse", str(records["spoil"]), "--after", "2", "--budget",
                               str(BUDGET)], [], columns=70)
    assert code == 0, shown
    assert "Analysis of" in shown and "Best: " in shown


# -- bad input ---------------------------------------------------------------------------

def _in_process(argv: list[str]) -> tuple[int, str, str]:
    """``cli.main(argv)`` with its output captured (no typed answers)."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def test_bad_input_is_one_line_and_an_exit_status(records: dict[str, Path],
                                                  tmp_path: Path) -> None:
    game = str(records["spoil"])
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    empty = tmp_path / "empty.json"
    empty.write_text("[]", encoding="utf-8")
    hands = len(load(records["spoil"])["deals"])
    actions = len(load(records["spoil"])["deals"][0]["actions"])
    _, view = _game_view(records["spoil"], 1, 2)
    unplayed = tmp_path / "unplayed.json"  # a hand dealt, no action
    unplayed.write_text(json.dumps(tf.new_hand(tf.FORTY_FIVE, players=2, seed=1).record()),
                        encoding="utf-8")
    waiting = tmp_path / "waiting.json"  # a view of a seat that is not to act
    other = tf.replay_game(without_humans(load(records["spoil"])) | {"deals": []})
    waiting.write_text(json.dumps(tf.to_json(other.view((other.to_act or 0) + 1))),
                       encoding="utf-8")
    cases = [
        (["review", str(tmp_path / "none.json"), "--seat", "0"], 2, "cannot read"),
        (["review", str(junk), "--seat", "0"], 1, "is not a hand or game record: not JSON"),
        (["review", str(empty), "--seat", "0"], 1, "holds no hand record (an empty list)"),
        (["review", game, "--seat", "5"], 2,
         f"--seat 5 is not a seat of {game}: seats are 0 to 2"),
        (["review", game, "--seat", "-1"], 2, "--seat -1 is not a seat"),
        (["review", game, "--seat", "0", "--worst", "0"], 2, "--worst 0: list at least one"),
        (["review", str(unplayed), "--seat", "0"], 1, "holds no action: nothing to review"),
        (["review", game], 2, "the following arguments are required: --seat"),
        (["review", game, "--seat", "0", "--budget", "x"], 2, "expected a whole number"),
        (["analyse", str(tmp_path / "none.json")], 2, "cannot read"),
        (["analyse", str(junk)], 1, "not JSON"),
        (["analyse", game, "--hand", str(hands + 1)], 2,
         f"--hand {hands + 1}: {game} holds {hands} hands (1 to {hands})"),
        (["analyse", game, "--hand", "1", "--after", str(actions + 1)], 2,
         f"--after {actions + 1}: {game}, hand 1 holds {actions} actions (0 to {actions})"),
        (["analyse", game, "--hand", "1"], 1, f"{game}, hand 1 is over after {actions} actions"),
        (["analyse", str(waiting)], 1, "only the seat to act has actions to analyse"),
        (["analyse", game, "--after", "0", "--budget", "0"], 2, "the budget is at least 1"),
        (["analyse", game, "--milliseconds", "-5"], 2, "a time limit is above 0"),
    ]
    assert view is not None
    for argv, status, message in cases:
        code, _, err = _in_process(argv)
        assert code == status, (argv, err)
        assert err.count("\n") == 1 and "Traceback" not in err, (argv, err)
        assert message in err, (argv, err)
        assert err.startswith(f"trumpfamily {argv[0]}: error: ") or "usage" in err


def test_budgets_default_to_the_documented_values() -> None:
    """The defaults the help and the docs give: the analysis's own default for
    ``review``, ``analyse`` and the prompt's hint."""
    from trumpfamily.search import analysis

    assert DEFAULT_BUDGET == analysis.DEFAULT_BUDGET
    assert HINT_BUDGET == analysis.DEFAULT_BUDGET
