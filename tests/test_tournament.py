"""Duplicate tournaments (issue 11, part 3): seating and rotations, the same cards in
every rotation, the statistics on hand-computed examples, one result whatever the
executor, bad input, and the command line. The Dask run is in test_tournament_dist.py."""

from __future__ import annotations

import concurrent.futures as cf
import functools
import io
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.cli import main
from trumpfamily.tournament import (
    BOTS,
    _interval,
    _Plan,
    _play_rotation,
    _progress_bar,
    _result,
    bot_factory,
    duplicate_deal,
    t_critical,
)

# -- a spy bot: records what each instance was shown -------------------------------------

LOG: list[tuple[str, int, int, int, int]] = []  # (label, instance, seed, seat, dealer)


class Spy:
    """Plays at random; logs its label, its instance, its seed, and the seat and dealer of
    every view it is shown."""

    made = 0

    def __init__(self, seed: int, label: str = "spy") -> None:
        Spy.made += 1
        self.number, self.seed, self.label = Spy.made, seed, label
        self._rng = random.Random(seed)

    def choose(self, view: tf.SeatView) -> tf.Action:
        LOG.append((self.label, self.number, self.seed, view.seat, view.dealer))
        return self._rng.choice(view.legal_actions)


class Configured:
    """A bot with keyword settings, for the ``name:key=value`` form."""

    def __init__(self, seed: int, depth: int = 1, fast: bool = False, c: float = 0.0,
                 style: str = "") -> None:
        self.settings = (seed, depth, fast, c, style)

    def choose(self, view: tf.SeatView) -> tf.Action:
        return view.legal_actions[0]


class Claimer:
    """Always claims: illegal at the first card."""

    def choose(self, view: tf.SeatView) -> tf.Action:
        return tf.Claim()


def make_random(seed: int) -> tf.RandomPlayer:
    """A factory function taking the seed positionally."""
    return tf.RandomPlayer(seed)


@pytest.fixture(autouse=True)
def _clear_log() -> None:
    LOG.clear()


def serial(bots: Any, variant: Any, **kwargs: Any) -> tf.TournamentResult:
    return tf.tournament(bots, variant, executor="serial", progress=False, **kwargs)


# -- seating, rotations and streams ----------------------------------------------------------

def per_instance(log: list[tuple[str, int, int, int, int]]) -> dict[int, set[tuple[str, int, int, int]]]:
    """What each bot instance was: its label, seed, seats and dealers."""
    out: dict[int, set[tuple[str, int, int, int]]] = {}
    for label, number, seed, seat, dealer in log:
        out.setdefault(number, set()).add((label, seed, seat, dealer))
    return out


def test_duplicate_seats_every_bot_in_every_seat_equally_often() -> None:
    bots = {"A": functools.partial(Spy, label="A"), "B": functools.partial(Spy, label="B")}
    result = serial(bots, tf.SPOIL_FIVE, players=4, deals=5, seed=1)
    instances = per_instance(LOG)
    # A B A B repeats after 2 seats: rotations 2 and 3 would seat every bot as 0 and 1 do,
    # so each deal is played under 2 rotations; a fresh bot for every seat of each
    assert result.rotations == 2
    assert len(instances) == 5 * 2 * 4
    assert all(len(seen) == 1 for seen in instances.values())
    seats = Counter((label, seat) for ((label, _, seat, _),) in instances.values())
    # A sits at seats 0 and 2 of the pattern A B A B: in 1 of the 2 rotations at each seat
    assert seats == {(label, s): 5 for label in "AB" for s in range(4)}
    assert len({seed for ((_, seed, _, _),) in instances.values()}) == 40  # own streams
    assert result.seating == ("A", "B", "A", "B")
    assert [(b.seats, b.hands) for b in result.bots] == [(2, 20), (2, 20)]


def test_a_seating_that_does_not_repeat_is_played_under_every_rotation() -> None:
    bots = {name: functools.partial(Spy, label=name) for name in "ABC"}
    result = serial(bots, tf.SPOIL_FIVE, players=4, deals=3, seed=1)  # A B C A
    instances = per_instance(LOG)
    assert result.rotations == 4 and len(instances) == 3 * 4 * 4
    seats = Counter((label, seat) for ((label, _, seat, _),) in instances.values())
    assert seats == {**{("A", s): 6 for s in range(4)},
                     **{(label, s): 3 for label in "BC" for s in range(4)}}
    assert [(b.seats, b.hands) for b in result.bots] == [(2, 24), (1, 12), (1, 12)]


def test_without_duplicate_rotations_meet_every_dealer() -> None:
    bots = {"A": functools.partial(Spy, label="A"), "B": functools.partial(Spy, label="B")}
    result = serial(bots, tf.FORTY_FIVE, players=2, deals=4, seed=2, duplicate=False)
    instances = per_instance(LOG)
    assert len(instances) == 4 * 2  # one rotation per deal
    dealers = Counter(label for ((label, _, seat, dealer),) in instances.values()
                      if seat == dealer)
    assert dealers == {"A": 2, "B": 2}
    assert result.rotations == 1 and [b.hands for b in result.bots] == [4, 4]


def test_every_rotation_of_a_deal_plays_the_same_cards() -> None:
    plan = _Plan(tf.TWENTY_FIVE, 3, ("a", "b", "c"),
                 tuple(bot_factory(b) for b in ("random", "rule-of-thumb", "random")),
                 (0, 1, 2), True, "cards")
    for deal in (0, 1, 7):
        dealer, deck = duplicate_deal(tf.TWENTY_FIVE, players=3, seed="cards", deal=deal)
        assert dealer == deal % 3
        seatings, hands = set(), []
        for rotation in range(3):
            seats, game = _play_rotation(plan, deal, rotation, dealer, deck)
            seatings.add(seats)
            last = game.last_hand
            assert isinstance(last, tf.HandState)
            assert last.deck == deck and last.dealer == dealer
            hands.append(last)
        assert seatings == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}
    other = duplicate_deal(tf.TWENTY_FIVE, players=3, seed="cards", deal=8)[1]
    assert other != deck and sorted(other) == sorted(deck)


def test_the_same_seed_gives_the_same_result_and_another_seed_another() -> None:
    bots = ["rule-of-thumb", "random"]
    one = serial(bots, tf.MAW, players=4, deals=12, seed="same")
    assert serial(bots, tf.MAW, players=4, deals=12, seed="same") == one
    assert serial(bots, tf.MAW, players=4, deals=12, seed="other").per_deal != one.per_deal
    drawn = serial(bots, tf.MAW, players=4, deals=3)
    assert serial(bots, tf.MAW, players=4, deals=3, seed=drawn.seed) == drawn


def test_chunking_does_not_change_the_result() -> None:
    bots = ["rule-of-thumb", "random"]
    whole = serial(bots, tf.SPOIL_FIVE, deals=15, seed=4)
    assert serial(bots, tf.SPOIL_FIVE, deals=15, seed=4, chunk_size=2) == whole


# -- results and statistics ------------------------------------------------------------------

def test_t_critical_matches_the_tables() -> None:
    # Student's t, two-sided 95 % (and 99 %) points, as printed in statistical tables
    table = {1: 12.7062, 2: 4.3027, 3: 3.1824, 5: 2.5706, 10: 2.2281, 30: 2.0423,
             100: 1.9840, 1000: 1.9623, 100_000: 1.9600}
    for df, t in table.items():
        assert t_critical(df) == pytest.approx(t, abs=1e-4), df
    assert t_critical(5, 0.99) == pytest.approx(4.0321, abs=1e-4)
    assert t_critical(400) == pytest.approx(t_critical(401), abs=1e-4)  # the two methods meet
    for bad in (0, 1.5, True):
        with pytest.raises(tf.InvalidArgumentError, match="degrees of freedom"):
            t_critical(bad)  # type: ignore[arg-type]


def test_interval_on_a_hand_computed_example() -> None:
    # 1, 2, 3, 4: mean 2.5, s = sqrt(5/3) = 1.2909944, t(3) = 3.1824463 (tables),
    # half-width 3.1824463 * 1.2909944 / 2 = 2.0542603
    mean, low, high = _interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert low == pytest.approx(0.4457397, abs=1e-6)
    assert high == pytest.approx(4.5542603, abs=1e-6)
    assert _interval([3.0, 3.0, 3.0]) == (3.0, 3.0, 3.0)
    assert _interval([2.0]) == (2.0, None, None)


def test_result_statistics_from_per_deal_rows() -> None:
    plan = _Plan(tf.SPOIL_FIVE, 2, ("a", "b"), (bot_factory("random"),) * 2, (0, 1), True, 1)
    rows = [((1.0, -1.0), (1.0, 0.0)), ((2.0, 0.0), (0.5, 0.5)),
            ((3.0, -2.0), (1.0, 0.0)), ((4.0, -1.0), (0.5, 0.0))]
    result = _result(plan, 4, rows)
    a, b = result.bots
    assert (a.name, a.seats, a.hands, a.mean, a.win_rate) == ("a", 1, 8, 2.5, 0.75)
    assert (a.ci_low, a.ci_high) == (pytest.approx(0.4457397, abs=1e-6),
                                     pytest.approx(4.5542603, abs=1e-6))
    # b: -1, 0, -2, -1: mean -1, s = sqrt(2/3) = 0.8164966, half-width 1.2992283
    assert b.mean == -1.0 and b.win_rate == 0.125
    assert b.ci_high == pytest.approx(-1 + 1.2992283, abs=1e-6)
    # a - b per deal: 2, 2, 5, 5: mean 3.5, s = sqrt(3) = 1.7320508, half-width 2.7560793
    pair = result.versus("a", "b")
    assert pair.mean == 3.5
    assert pair.ci_low == pytest.approx(3.5 - 2.7560793, abs=1e-6)
    assert result.versus("b", "a").mean == -3.5
    assert result.versus("b", "a").ci_high == pytest.approx(-pair.ci_low, abs=1e-12)
    assert result.per_deal == tuple(r[0] for r in rows) and result.unit == "chips"
    assert "a vs b: +3.500" in result.table() and "a better" in str(result)
    with pytest.raises(tf.InvalidArgumentError, match="no bot 'c'"):
        result.versus("a", "c")


def test_per_deal_means_average_seats_and_rotations() -> None:
    result = serial({"x": tf.RuleOfThumbPlayer, "y": tf.RandomPlayer}, tf.SPOIL_FIVE,
                    players=4, deals=6, seed=9)
    for row in result.per_deal:
        # chips: each bot holds 8 seat-hands a deal; every pool hand gives out what the
        # antes put in unless it is spoiled, so the two means sum to at most 0
        assert all((v * 8).is_integer() for v in row)
        assert sum(row) <= 0
    bot = result.bot("x")
    assert bot.mean == pytest.approx(sum(r[0] for r in result.per_deal) / 6)


def test_partnerships_keep_each_bot_on_one_side() -> None:
    pairs = tf.FORTY_FIVE.with_options(partnerships="pairs")
    result = serial(["rule-of-thumb", "random"], pairs, players=4, deals=8, seed=5)
    assert result.seating == ("rule-of-thumb", "random", "rule-of-thumb", "random")
    for wins, points in zip(result.per_deal_wins, result.per_deal, strict=True):
        # the two bots are always on opposite sides: one side wins each hand (or they
        # share a tie), and the two sides' points add up to the hand's 30
        assert sum(wins) == pytest.approx(1.0)
        assert sum(points) == 30


def test_a_bidding_game_scores_gains() -> None:
    result = serial(["rule-of-thumb", "random"], tf.AUCTION_45, players=2, deals=6, seed=3)
    assert result.unit == "points" and [b.hands for b in result.bots] == [12, 12]
    assert all(0 <= w <= 1 for row in result.per_deal_wins for w in row)


def test_rule_of_thumb_beats_random_at_spoil_five() -> None:
    """A fixed-seed regression check of the whole pipeline: the rule-of-thumb player
    wins more chips than the random one over 300 duplicate deals (the interval of the
    difference is well above 0 for this seed)."""
    result = serial(["rule-of-thumb", "random"], tf.SPOIL_FIVE, players=2, deals=300, seed=11)
    pair = result.versus("rule-of-thumb", "random")
    assert pair.ci_low is not None and pair.ci_low > 0.2
    assert result.bot("rule-of-thumb").win_rate > result.bot("random").win_rate


# -- executors -------------------------------------------------------------------------------

def test_process_pool_runs_equal_the_serial_run() -> None:
    bots = {"thumb": "rule-of-thumb", "rnd": functools.partial(tf.RandomPlayer)}
    expected = serial(bots, tf.SPOIL_FIVE, players=3, deals=24, seed=21)
    with cf.ProcessPoolExecutor(max_workers=2) as pool:
        given = tf.tournament(bots, tf.SPOIL_FIVE, players=3, deals=24, seed=21,
                              executor=pool, chunk_size=5, progress=False)
    default = tf.tournament(bots, tf.SPOIL_FIVE, players=3, deals=24, seed=21, workers=2,
                            progress=True)  # the default pool; no terminal here, no bar
    assert given == expected and default == expected


def test_a_lambda_is_refused_for_a_process_pool_but_runs_serially() -> None:
    bots = {"good": tf.RandomPlayer, "local": lambda seed: tf.RandomPlayer(seed)}
    with pytest.raises(tf.InvalidArgumentError, match=r"bot 'local'.*cannot be sent to worker"):
        tf.tournament(bots, tf.SPOIL_FIVE, deals=40, seed=1, workers=2, chunk_size=5)
    with cf.ProcessPoolExecutor(max_workers=1) as pool, \
            pytest.raises(tf.InvalidArgumentError, match="functools.partial"):
        tf.tournament(bots, tf.SPOIL_FIVE, deals=4, seed=1, executor=pool)
    assert serial(bots, tf.SPOIL_FIVE, deals=4, seed=1).bots[1].name == "local"


# -- bots ----------------------------------------------------------------------------------

def test_bot_entries_and_names() -> None:
    result = serial([tf.RandomPlayer, tf.RuleOfThumbPlayer, make_random, "random", "random"],
                    tf.SPOIL_FIVE, players=5, deals=2, seed=1)
    assert result.names == ("RandomPlayer", "RuleOfThumbPlayer", "make_random", "random",
                            "random-2")
    assert serial({"z": "random", "a": make_random}, tf.MAW, deals=1, seed=1).names == ("z", "a")


def test_bot_arguments_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "configured", Configured)
    bot = bot_factory("configured:depth=3,fast=true,c=1.5,style=bold")(42)
    assert isinstance(bot, Configured) and bot.settings == (42, 3, True, 1.5, "bold")
    assert bot_factory("configured")(7).settings == (7, 1, False, 0.0, "")
    with pytest.raises(tf.InvalidArgumentError, match="key=value"):
        bot_factory("configured:depth")
    with pytest.raises(tf.InvalidArgumentError, match="making it with a seed failed"):
        serial(["configured:colour=red", "random"], tf.SPOIL_FIVE, deals=1, seed=1)
    # "none" is None (a guard of None, say); any other case too
    assert bot_factory("configured:style=none")(1).settings == (1, 1, False, 0.0, None)
    assert bot_factory("configured:style=None")(1).settings[4] is None
    # a misspelt key of 100,000 characters: the refusal quotes it in bounded words
    with pytest.raises(tf.InvalidArgumentError, match="making it with a seed failed") as caught:
        serial(["configured:c" + "o" * 100_000 + "lour=red", "random"], tf.SPOIL_FIVE,
               deals=1, seed=1)
    assert len(str(caught.value)) < 1000


@pytest.mark.parametrize(("bots", "kwargs", "error", "match"), [
    (["random", "no-such-bot"], {}, tf.InvalidArgumentError, "no bot of that name"),
    (["random"], {}, tf.InvalidArgumentError, "at least 2 bots"),
    (["random", tf.RandomPlayer(seed=1)], {}, tf.InvalidArgumentError, "give its class"),
    (["random", 42], {}, tf.InvalidArgumentError, "a bot is a Player class"),
    (["random", tf.Game], {}, tf.InvalidArgumentError, "needs the arguments variant, players"),
    (["random", tf.Card], {}, tf.InvalidArgumentError, "bot 'Card'"),
    (["random", "rule-of-thumb", "random"], {"players": 2}, tf.InvalidArgumentError,
     "3 bots but only 2 seats"),
    (["random", "random"], {"players": 11}, tf.PlayerCountError, "11"),
    (["random", "random"], {"deals": 0}, tf.InvalidArgumentError, "deals=0"),
    (["random", "random"], {"deals": True}, tf.InvalidArgumentError, "deals=True"),
    (["random", "random"], {"seed": 1.5}, tf.InvalidArgumentError, "seed=1.5"),
    (["random", "random"], {"duplicate": 1}, tf.InvalidArgumentError, "duplicate=1"),
    (["random", "random"], {"executor": "threads"}, tf.InvalidArgumentError, "executor="),
    (["random", "random"], {"workers": 0}, tf.InvalidArgumentError, "workers=0"),
    (["random", "random"], {"chunk_size": -1}, tf.InvalidArgumentError, "chunk_size=-1"),
    ("random", {}, tf.InvalidArgumentError, "a mapping name -> bot or a sequence"),
])
def test_bad_input_is_refused_clearly(bots: Any, kwargs: dict[str, Any], error: type,
                                      match: str) -> None:
    args: dict[str, Any] = {"deals": 2, "seed": 1, "executor": "serial", **kwargs}
    with pytest.raises(error, match=match):
        tf.tournament(bots, tf.SPOIL_FIVE, **args)


def test_an_illegal_action_names_the_bot_and_the_deal() -> None:
    with pytest.raises(tf.IllegalActionError, match=r"deal 0, rotation 0: bot 'cheat'"):
        serial({"fair": tf.RandomPlayer, "cheat": Claimer}, tf.FORTY_FIVE, deals=1, seed=1)


# -- JSON and the command line ---------------------------------------------------------------

def test_json_round_trip_and_refusal() -> None:
    result = serial(["rule-of-thumb", "random"], tf.FORTY_FIVE, deals=2, seed="j")
    data = json.loads(json.dumps(result.to_json()))
    assert data["seed"] == "j" and data["bots"][0]["name"] == "rule-of-thumb"
    assert tf.TournamentResult.from_json(data) == result
    del data["per_deal"]
    with pytest.raises(tf.DecodeError, match="per_deal"):
        tf.TournamentResult.from_json(data)


def test_json_text_and_the_packages_json_functions_read_a_result() -> None:
    """``from_json`` takes the JSON text itself (str or bytes, as ``--json FILE`` writes
    it), and ``tf.to_json`` / ``tf.from_json(..., TournamentResult)`` handle a result like
    the package's other values."""
    result = serial(["rule-of-thumb", "random"], tf.MAW, deals=2, seed=4)
    text = json.dumps(result.to_json(), indent=2)
    assert tf.TournamentResult.from_json(text) == result
    assert tf.TournamentResult.from_json(text.encode()) == result
    assert tf.to_json(result) == result.to_json()
    assert tf.from_json(json.loads(json.dumps(tf.to_json(result))), tf.TournamentResult) == result
    with pytest.raises(tf.DecodeError, match="cannot read TournamentResult .*not JSON text"):
        tf.TournamentResult.from_json("{not json")
    with pytest.raises(tf.DecodeError, match="cannot read TournamentResult"):
        tf.TournamentResult.from_json("[1, 2]")  # JSON, but not a result
    with pytest.raises(tf.DecodeError, match="per_deal"):
        tf.from_json({k: v for k, v in result.to_json().items() if k != "per_deal"},
                     tf.TournamentResult)


@pytest.mark.parametrize(("bot", "message"), [
    ("ismcts:10", "bot 'ismcts:10': expected name:key=value,... after the name, got '10'"),
    ("sample-solve:samples=0",
     "bot 'sample-solve:samples=0': SampleSolvePlayer: samples=0 is not an int >= 1"),
])
def test_a_bad_bot_is_named_once(bot: str, message: str) -> None:
    with pytest.raises(tf.InvalidArgumentError) as caught:
        tf.tournament([bot, "random"], tf.MAW, deals=1, seed=1, executor="serial")
    assert str(caught.value) == message
    with pytest.raises(tf.InvalidArgumentError) as caught:  # named otherwise: both names
        tf.tournament({"mine": bot, "other": "random"}, tf.MAW, deals=1, seed=1,
                      executor="serial")
    assert str(caught.value).startswith("bot 'mine': ")
    assert str(caught.value).count("bot '") == (2 if bot == "ismcts:10" else 1)


def test_cli_prints_the_table_and_writes_the_same_result_as_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "result.json"
    code = main(["tournament", "rule-of-thumb", "random", "--variant", "spoil five",
                 "--deals", "20", "--seed", "7", "--workers", "1", "--json", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    # the command line's table is the usual one, 4 players (Table.usual_players; issue 19)
    assert "Spoil Five, 4 players, 20 deals x 2 rotations (duplicate), seed 7" in printed
    assert "rule-of-thumb vs random:" in printed and "win rate" in printed
    expected = serial(["rule-of-thumb", "random"], tf.SPOIL_FIVE, players=4, deals=20, seed=7)
    assert tf.TournamentResult.from_json(json.loads(out.read_text())) == expected


def test_cli_options_players_and_no_duplicate(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "random", "random", "--variant", "45", "-p", "4", "-n", "4",
                 "--seed", "x", "--no-duplicate", "--workers", "1", "--json", "-",
                 "-o", "partnerships=pairs"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["duplicate"] is False and data["players"] == 4
    assert data["variant"]["options"]["partnerships"] == "pairs"
    assert [b["name"] for b in data["bots"]] == ["random", "random-2"]


@pytest.mark.parametrize(("argv", "match"), [
    (["random", "nobody", "--variant", "45"], "bot 'nobody'"),
    (["random", "random", "--variant", "45", "--deals", "0"], "deals=0"),
    (["random", "random", "--variant", "nope"], "nope"),
])
def test_cli_errors_are_one_line(argv: list[str], match: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *argv, "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("trumpfamily tournament: error:") and match in err
    assert len(err.strip().splitlines()) == 1


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_on_a_terminal_and_changes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("tqdm", reason="the dist extra (tqdm) is not installed")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    bar = _progress_bar(3, True)
    assert bar is not None and not bar.disable
    bar.close()
    assert _progress_bar(3, False) is None
    bots = ["rule-of-thumb", "random"]
    shown = tf.tournament(bots, tf.SPOIL_FIVE, deals=5, seed=1, executor="serial",
                          progress=True)
    assert shown == serial(bots, tf.SPOIL_FIVE, deals=5, seed=1)
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal: no bar
    quiet = _progress_bar(3, True)
    assert quiet is not None and quiet.disable


def test_a_seating_with_the_same_bots_on_every_side_is_refused() -> None:
    """Two bots at six seats in three pairs (A B A B A B): every pair holds one of each, so
    both would score exactly alike whatever they play; refused, naming the seating."""
    with pytest.raises(tf.InvalidArgumentError, match="put the same bots on every side") as caught:
        tf.tournament(["rule-of-thumb", "random"], tf.NEWFOUNDLAND_120S, players=6, deals=2,
                      seed=1, executor="serial")
    assert "rule-of-thumb random rule-of-thumb random rule-of-thumb random" in str(caught.value)
    assert "give one bot per side (3 bots)" in str(caught.value)
    # one bot per side, and two bots at two pairs, are fine
    three = tf.tournament(["rule-of-thumb", "random", "random"], tf.NEWFOUNDLAND_120S,
                          players=6, deals=2, seed=1, executor="serial")
    assert three.seating == ("rule-of-thumb", "random", "random-2") * 2
    two = tf.tournament(["rule-of-thumb", "random"], tf.NEWFOUNDLAND_120S, players=4,
                        deals=2, seed=1, executor="serial")
    assert two.seating == ("rule-of-thumb", "random") * 2
