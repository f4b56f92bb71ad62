"""The demo (``python -m trumpfamily``) plays real games through the public API, and tells
them with the one narrator (``trumpfamily.narrate``), from the games' events."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import trumpfamily as tf
from trumpfamily import demo
from trumpfamily.narrate import Narrator, game_header


def test_the_demo_plays_the_turn_up_presets_then_a_bidding_game() -> None:
    assert demo.DEMO_VARIANTS == (*tf.VARIANTS.values(), tf.AUCTION_45)
    assert tf.AUCTION_45.bidding is not None and demo.BIDDING_HANDS == 1


@pytest.mark.parametrize("variant", demo.DEMO_VARIANTS, ids=lambda v: v.name)
def test_play_game_plays_real_hands(variant: tf.Variant) -> None:
    lines: list[str] = []
    game = demo.play_game(variant, players=4, seed=11, out=lines.append)
    assert game.outcomes, "at least one hand was played"
    assert lines[0].startswith(f"{variant.name}: 4 players, ")
    first_dealer = tf.new_game(variant, players=4, seed=11).dealer
    assert f"Hand 1: P{first_dealer} deals, 4 players." in lines
    tricks_printed = sum(1 for line in lines if line.strip().startswith("Trick "))
    assert tricks_printed == sum(o.tricks_played for o in game.outcomes)
    assert lines[-1] == "" and lines[-4] == ""
    assert lines[-3].startswith(f"Game over after {len(game.outcomes)} hand")
    if variant.bidding is not None:
        assert len(game.outcomes) == demo.BIDDING_HANDS and game.is_over
        assert lines[-2].startswith("Scores: ") and "(target 120)" in lines[-2]
    elif variant.scoring.scoring == "pool":
        assert len(game.outcomes) == demo.POOL_HANDS
        assert sum(game.chips) + game.pool == 0  # chips are conserved
        chips = ", ".join(f"P{seat} {n:+d}" for seat, n in enumerate(game.chips))
        assert lines[-2] == f"Chips won or lost: {chips}; pool {game.pool}."
    else:
        assert game.is_over and game.winner is not None
        assert game.scores[game.winner] >= variant.scoring.target  # type: ignore[operator]
        assert lines[-3].endswith(f": P{game.winner} wins the game.")


def test_each_pool_hand_ends_with_its_own_chips_and_the_running_total() -> None:
    """The line after a hand was labelled "Chips won or lost" but held the running total:
    it gives that hand's chips (HandOutcome.chips), then the totals so far; the game's
    end, the chips won or lost in the whole game."""
    lines: list[str] = []
    game = demo.play_game(tf.SPOIL_FIVE, players=4, seed=11, out=lines.append)
    told = [line for line in lines if line.startswith("  Chips ")]
    expected, running = [], [0] * 4
    for outcome in game.outcomes[:-1]:  # the last hand's standings: the game's end
        assert outcome.chips is not None
        running = [a + b for a, b in zip(running, outcome.chips)]
        hand = ", ".join(f"P{seat} {n:+d}" for seat, n in enumerate(outcome.chips))
        total = ", ".join(f"P{seat} {n:+d}" for seat, n in enumerate(running))
        expected.append(f"  Chips this hand: {hand}; so far: {total}; pool {-sum(running)}.")
    assert told == expected and len(told) == demo.POOL_HANDS - 1
    chips = ", ".join(f"P{seat} {n:+d}" for seat, n in enumerate(game.chips))
    assert lines[-2] == f"Chips won or lost: {chips}; pool {game.pool}."


def test_the_demo_is_told_from_the_games_events() -> None:
    """The same game, played again as a GameState, and its events narrated: the demo's
    lines exactly (so the demo says nothing the events do not)."""
    variant, seed = tf.MAW, 2026
    lines: list[str] = []
    demo.play_game(variant, players=4, seed=seed, out=lines.append)
    state = tf.new_game(variant, players=4, seed=seed, hands=demo.POOL_HANDS)
    bots = [tf.RuleOfThumbPlayer()] + [tf.RandomPlayer(seed + s) for s in range(1, 4)]
    narrator = Narrator(variant, 4)
    header = game_header(state, note="P0 plays by rule of thumb, the others at random")
    told = narrator.lines(state.events)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)), seat)
        told += narrator.lines(state.events)
    assert lines == header + told + [""]


def test_the_bidding_hand_is_told_from_the_auction_to_the_score() -> None:
    """Issue 19: the demo played no bidding game. Its hand of Auction Forty-Fives is a
    real hand, told in order: the deal, the auction, trumps named, each seat's discard
    and draw, five tricks and the contract's score; and it is the game's own record."""
    lines: list[str] = []
    game = demo.play_game(tf.AUCTION_45, players=4, seed=2030, out=lines.append)
    (outcome,) = game.outcomes
    assert not outcome.thrown_in and outcome.tricks_played == 5
    body = [line.strip() for line in lines if line.startswith("  ")]
    kinds = [line.split(" ")[0].rstrip(":") if line.startswith(("Hands", "Auction", "Trick "))
             else line.split(" ", 2)[1] for line in body[:9]]
    assert kinds == ["Hands", "Auction", "names", "discards", "discards", "discards",
                     "discards", "Trick", "Trick"]
    auction = next(line for line in body if line.startswith("Auction: "))
    assert f"P{outcome.bidder} wins the auction at {outcome.bid}" in auction
    assert sum(line.startswith("Trick ") for line in body) == 5
    gains = ", ".join(f"P{a}+P{b} {g:+d}" for (a, b), g in zip(outcome.sides, outcome.gains,
                                                              strict=True))
    assert f"Scored this hand: {gains}." in body
    assert list(game.scores) == list(outcome.gains)
    replayed = tf.replay_game(game.state.record())
    assert replayed == game.state


def test_main_prints_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["--seed", "5", "--players", "5"]) == 0
    out = capsys.readouterr().out
    for variant in demo.DEMO_VARIANTS:
        assert f"{variant.name}: 5 players" in out
    bidding = out[out.index("Auction Forty-Fives: 5 players"):]
    assert "  Auction: " in bidding and "Scored this hand: " in bidding
    assert bidding.rstrip("\n").endswith("(target 120).")


def test_play_all_skips_the_bidding_game_for_a_table_it_does_not_suit() -> None:
    lines: list[str] = []
    games = demo.play_all(players=8, seed=1, out=lines.append)
    assert "(Auction Forty-Fives is skipped: it is for 2-6 players.)" in lines
    assert [g.variant for g in games] == [tf.MAW, tf.SPOIL_FIVE, tf.TWENTY_FIVE]
    lines = []
    games = demo.play_all(players=2, seed=1, out=lines.append)
    assert [g.variant for g in games] == list(demo.DEMO_VARIANTS)
    assert games[-1].state.hand.players == 2


def test_main_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    demo.main(["--seed", "9"])
    first = capsys.readouterr().out
    demo.main(["--seed", "9"])
    assert capsys.readouterr().out == first
    demo.main(["--seed", "10"])
    assert capsys.readouterr().out != first


def test_main_refuses_bad_arguments_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["--players", "11"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m trumpfamily.demo: error: no preset is played by 11")
    assert len(err.splitlines()) == 1
    assert demo.main(["--players", "x"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_the_demo_does_not_import_the_command_line() -> None:
    """No import cycle: the command line imports the demo, never the other way."""
    code = "import sys, trumpfamily.demo; print('trumpfamily.cli' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, check=True)
    assert result.stdout.strip() == "False"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_python_m_demo_on_a_full_disk_is_one_line() -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = subprocess.run([sys.executable, "-m", "trumpfamily.demo"], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert result.stderr == ("python -m trumpfamily.demo: error: cannot write to standard "
                             "output: No space left on device\n")
