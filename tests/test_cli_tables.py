"""One default table per preset (issue 19, item 4): :attr:`Table.usual_players`, computed
from the table's data, is the table of ``trumpfamily play``, of ``trumpfamily tournament``
and of the Gymnasium and PettingZoo environments when none is given; and the flags say
the same thing in every command: ``--players/-p`` for players, ``--deals/-n`` for deal
counts (``play -n`` and ``play --hands``, the old spellings, still work, with a note)."""

from __future__ import annotations

import pytest
from clikit import in_process

import trumpfamily as tf
from trumpfamily.table import Table
from trumpfamily.variants import ALL_VARIANTS

# -- the usual table --------------------------------------------------------------------------

@pytest.mark.parametrize(("table", "usual"), [
    (Table(), 4),  # four where the table seats four
    (Table(partnerships="pairs"), 4),  # two against two
    (Table(partnerships="pairs-at-four", max_players=4), 4),
    (Table(partnerships="threes"), 6),  # the count nearest four that the table seats
    (Table(partnerships="pairs-or-alone", max_players=6), 4),
    (Table(max_players=3), 3),
    (Table(min_players=5), 5),
    (Table(min_players=2, max_players=2), 2),
    (Table(partnerships="threes", max_players=5), 2),  # no count suits: min_players
])
def test_the_usual_table_is_computed_from_the_tables_data(table: Table, usual: int) -> None:
    assert table.usual_players == usual


def test_every_preset_is_usually_played_by_four() -> None:
    assert {name: v.table.usual_players for name, v in ALL_VARIANTS.items()} == dict.fromkeys(
        ALL_VARIANTS, 4)


def test_the_usual_table_is_read_only() -> None:
    with pytest.raises(AttributeError):
        Table().usual_players = 3  # type: ignore[misc]


# -- the environments ------------------------------------------------------------------------

def test_the_gymnasium_environment_defaults_to_the_usual_table() -> None:
    pytest.importorskip("gymnasium")
    import attrs
    import gymnasium

    from trumpfamily.envs.gymnasium import SeatEnv, env_id

    def players(env: object) -> int:
        env.reset(seed=0)  # type: ignore[attr-defined]
        return env.view().players  # type: ignore[attr-defined,no-any-return]

    assert players(SeatEnv(tf.SPOIL_FIVE)) == 4  # was 3
    assert players(SeatEnv(tf.AUCTION_45)) == 4
    small = attrs.evolve(tf.SPOIL_FIVE, table=attrs.evolve(tf.SPOIL_FIVE.table, max_players=3))
    assert players(SeatEnv(small)) == 3
    for variant in ALL_VARIANTS.values():
        made = gymnasium.make(env_id(variant))
        assert players(made.unwrapped) == variant.table.usual_players == 4


def test_the_pettingzoo_environment_defaults_to_the_usual_table() -> None:
    pytest.importorskip("pettingzoo")
    from trumpfamily.envs.pettingzoo import env, raw_env

    assert raw_env().possible_agents == [f"player_{i}" for i in range(4)]  # was 3
    assert len(env(variant=tf.FORTY_FIVE).possible_agents) == 4
    assert len(raw_env(tf.SPOIL_FIVE, 3).possible_agents) == 3


# -- the command line --------------------------------------------------------------------------

def test_play_defaults_to_the_usual_table(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(["play", "45", "--seed", "1", "--deals", "1"], capsys,
                                monkeypatch)
    assert code == 0 and err == ""
    assert out.startswith("Forty-Five: 4 players, to 45 points, at most 1 hand, seed 1")


def test_tournament_defaults_to_the_usual_table_when_the_bots_share_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = in_process(["tournament", "rule-of-thumb", "random", "--variant", "maw",
                               "-n", "2", "--seed", "1", "--workers", "1"], capsys, monkeypatch)
    assert code == 0 and out.startswith("Maw, 4 players, 2 deals x 2 rotations")  # was 2 players
    # three bots do not share four seats equally: the smallest table that seats them
    code, out, _ = in_process(["tournament", "random", "random", "random", "--variant", "maw",
                               "-n", "1", "--seed", "1", "--workers", "1"], capsys, monkeypatch)
    assert code == 0 and out.startswith("Maw, 3 players, 1 deal")


# -- the flags -----------------------------------------------------------------------------------

def test_players_and_deals_are_spelled_alike_in_play_and_tournament(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = in_process(["play", "maw", "-p", "3", "--deals", "2", "--seed", "4"],
                                capsys, monkeypatch)
    assert code == 0 and err == ""
    assert out.startswith("Maw: 3 players, 2 hands, seed 4")
    code, out, err = in_process(["tournament", "random", "rule-of-thumb", "--variant", "maw",
                                 "-p", "3", "--deals", "2", "--seed", "4", "--workers", "1"],
                                capsys, monkeypatch)
    assert code == 0 and out.startswith("Maw, 3 players, 2 deals")
    for command in ("play", "tournament"):
        code, out, _ = in_process([command, "--help"], capsys, monkeypatch)
        assert "--players N, -p N" in out and "--deals" in out
        assert "-n N" not in out.replace("--deals D, -n D", "")  # -n is only deals


def test_the_old_spellings_of_play_still_work_with_a_note(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, old, err = in_process(["play", "maw", "-n", "3", "--hands", "2", "--seed", "4"],
                                capsys, monkeypatch)
    _, new, _ = in_process(["play", "maw", "-p", "3", "--deals", "2", "--seed", "4"],
                           capsys, monkeypatch)
    assert code == 0 and old == new
    assert err.splitlines() == [
        ("trumpfamily play: note: -n is deprecated: write --players N (or -p N) (-n is the "
        "number of deals in 'trumpfamily tournament', and will be here too)"),
        ("trumpfamily play: note: --hands is deprecated: write --deals K (as in 'trumpfamily "
        "tournament')"),
    ]
