"""``trumpfamily tournament --unit game``: whole games to the target from the command line
(issue 20 item 4), the same result as :func:`trumpfamily.tournament` with ``unit="game"``.
"""

from __future__ import annotations

import json

import pytest
from clikit import in_process

import trumpfamily as tf
from trumpfamily import cli

ARGS = ["auction 45", "rule-of-thumb", "random", "-n", "6", "-s", "3", "-w", "1",
        "--no-progress"]


def test_unit_game_gives_the_librarys_game_tournament(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(["tournament", *ARGS, "--unit", "game", "--max-hands", "40",
                                 "--json", "-"], capsys, monkeypatch)
    assert code == cli.EXIT_OK, err
    got = json.loads(out)
    want = tf.tournament(["rule-of-thumb", "random"], tf.AUCTION_45, deals=6, seed=3,
                         executor="serial", progress=False, unit="game", max_hands=40)
    assert got == json.loads(json.dumps(want.to_json()))
    assert want.deal_unit == "game" and want.max_hands == 40
    assert [b.win_rate for b in want.bots] == [1.0, 0.0]


def test_unit_game_table_names_games_and_the_default_unit_is_the_hand(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(["tournament", *ARGS, "--unit", "game"], capsys, monkeypatch)
    assert code == cli.EXIT_OK, err
    assert "6 games x 2 rotations" in out and "game wins" in out
    code, out, err = in_process(["tournament", *ARGS], capsys, monkeypatch)
    assert code == cli.EXIT_OK, err
    assert "6 deals x 2 rotations" in out and "game wins" not in out


@pytest.mark.parametrize(("argv", "fragment"), [
    (["tournament", "spoil five", "random", "random", "--unit", "game", "-n", "2"],
     "Spoil Five is a pool game, which has no target to play to"),
    (["tournament", "45", "random", "random", "--unit", "game", "--max-hands", "0", "-n", "2"],
     "max_hands=0: expected an int from 1"),
    (["tournament", "45", "random", "random", "--unit", "match"],
     "argument --unit: invalid choice: 'match'"),
])
def test_unit_game_refusals_are_one_clear_line(
        argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = in_process(argv, capsys, monkeypatch)
    assert code == cli.EXIT_USAGE
    assert fragment in err
