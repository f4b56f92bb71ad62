"""Review of issue 22 (analysis, review, hints, levels, ratings) and issue 20's
``WinChance``: bad input gets the library's own errors, a time budget bounds the work,
and the command line says what it did not analyse."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import trumpfamily as tf
from trumpfamily.cli import main
from trumpfamily.search import RolloutPlayer, WinChance
from trumpfamily.search.analysis import analyse

HUGE = 10 ** 5000  # more digits than int -> str converts (ValueError in a message)


def _view() -> tf.SeatView:
    state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, seed=4)
    return state.view(state.to_act)


@pytest.mark.parametrize("value", [10 ** 400, HUGE, 2 ** 1024], ids=["e400", "e5000", "2^1024"])
def test_an_int_too_large_for_a_float_is_no_time_limit(value: int) -> None:
    """``milliseconds`` an int beyond a float: InvalidArgumentError, not OverflowError
    (analyse, review and the search bots share the check)."""
    with pytest.raises(tf.InvalidArgumentError, match="milliseconds=.* is not a positive"):
        analyse(_view(), milliseconds=value)
    with pytest.raises(tf.InvalidArgumentError, match="milliseconds="):
        tf.SampleSolvePlayer(milliseconds=value)
    with pytest.raises(tf.InvalidArgumentError, match="milliseconds="):
        tf.ISMCTSPlayer(milliseconds=value)
    assert analyse(_view(), budget=2, milliseconds=10 ** 300).worlds == 2  # a float holds it


def test_a_long_milliseconds_value_is_quoted_short() -> None:
    with pytest.raises(tf.InvalidArgumentError) as caught:
        analyse(_view(), milliseconds="5" * 100_000)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("guard", [10 ** 400, -HUGE], ids=["e400", "-e5000"])
def test_a_rollout_guard_too_large_for_a_float_is_refused(guard: int) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="guard=.* is not a number >= 0"):
        RolloutPlayer(guard=guard)


def test_a_rollout_play_or_objective_is_quoted_short() -> None:
    for key in ("play", "objective"):
        with pytest.raises(tf.InvalidArgumentError) as caught:
            RolloutPlayer(**{key: "x" * 100_000})  # type: ignore[arg-type]
        assert len(str(caught.value)) < 250, key


def test_the_time_budget_stops_the_sampling_of_a_joker_discard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The dealer's discard for a turned-up joker (no trump yet) samples its worlds a
    chunk at a time, as they are solved: with ``milliseconds`` a huge budget draws no more
    than one chunk past the deadline (it drew the whole budget first), and the worlds are
    the ones it drew before (the same draws, in the same order)."""
    from trumpfamily.search import analysis

    variant = tf.FORTY_FIVE.with_options(joker="third")
    state = tf.new_hand(variant, players=3, seed=58)
    view = state.view(state.to_act)
    assert view.trump is None
    drawn: list[int] = []
    real = analysis.sample_deals

    def counted(*args: object, **kwargs: object) -> object:
        got = real(*args, **kwargs)  # type: ignore[arg-type]
        drawn.append(len(got))
        return got

    monkeypatch.setattr(analysis, "sample_deals", counted)
    big = analyse(view, budget=5_000, seed=1, milliseconds=1e-9)
    assert big.worlds == 1
    assert sum(drawn) <= 16, sum(drawn)  # one chunk (the bot's _CHUNK), not 5,000 deals
    one = analyse(view, budget=1, seed=1)
    assert [(r.action, r.mean) for r in big.rows] == [(r.action, r.mean) for r in one.rows]
    four = analyse(view, budget=4, seed=1)
    assert four.worlds == 4 and len({r.mean for r in four.rows}) > 1


@pytest.fixture(scope="module")
def win() -> WinChance:
    return WinChance(tf.AUCTION_45, 4, hands=10, continuations=10)


@pytest.mark.parametrize("scores", [(HUGE, 0), (-HUGE, 0), (HUGE,), (2 ** 256, 0)],
                         ids=["huge", "-huge", "short", "2^256"])
def test_win_chance_refuses_huge_scores(win: WinChance, scores: tuple[int, ...]) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="scores=") as caught:
        win(scores, 0)
    assert len(str(caught.value)) < 200
    assert 0 <= win((2 ** 255, 0), 0) <= 1  # within the bound: a chance


def test_win_chance_refuses_huge_counts_and_seeds(win: WinChance) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="hands_played="):
        win((0, 0), 0, hands_played=HUGE)
    with pytest.raises(tf.InvalidArgumentError, match="seed="):
        WinChance(tf.AUCTION_45, 4, seed=HUGE)
    with pytest.raises(tf.InvalidArgumentError, match="hands="):
        WinChance(tf.AUCTION_45, 4, hands=-HUGE)


def test_win_chance_after_checks_its_hand(win: WinChance) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="hand='x' is not a HandScore"):
        win.after((0, 0), "x", 0)  # type: ignore[arg-type]
    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=1)
    thumb = tf.RuleOfThumbPlayer()
    while not hand.is_over:
        hand = hand.apply(thumb.choose(hand.view(hand.to_act)))
    assert hand.hand_score is not None
    with pytest.raises(tf.InvalidArgumentError, match="scores="):
        win.after((0,), hand.hand_score, 0)
    assert 0 <= win.after((0, 0), hand.hand_score, 0) <= 1


def test_review_exact_says_why_a_decision_is_not_analysed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--exact`` leaves the decisions with more than 2,000 consistent deals unanalysed:
    the line says so (not "every world over the solver's budget"), and the total counts
    them."""
    state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, seed=4)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(state.record()))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["review", str(path), "--seat", "0", "--exact", "--color", "never"]) == 0
    out = capsys.readouterr().out
    assert "not analysed (more consistent deals than --exact searches, 2,000" in out
    assert "every world over the solver's budget" not in out
    assert " not analysed)." in out or " not analysed;" in out


def test_a_rating_seed_too_large_to_write_is_refused() -> None:
    """The bootstrap's seed is written in decimal: an int of thousands of digits was a
    ValueError; it is InvalidArgumentError now, and a 256-bit seed still works."""
    result = tf.tournament(["rule-of-thumb", "random"], tf.FORTY_FIVE, players=2, deals=3,
                           seed=1, executor="serial")
    with pytest.raises(tf.InvalidArgumentError, match="seed=.*expected an int"):
        result.ratings("bradley-terry", seed=HUGE)
    with pytest.raises(tf.InvalidArgumentError, match="seed="):
        tf.fit_ratings([result], seed=-HUGE)
    rated = result.ratings("bradley-terry", seed=2 ** 255)
    assert [r.bot for r in rated] == ["rule-of-thumb", "random"]
    assert rated[0].rating > 0 > rated[1].rating


def _saved(tmp_path: Path, variant: tf.Variant, players: int, seed: int) -> Path:
    state = tf.new_hand(variant, players=players, seed=seed)
    thumb = tf.RuleOfThumbPlayer()
    while not state.is_over:
        state = state.apply(thumb.choose(state.view(state.to_act)))
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(state.record()))
    return path


def test_exact_where_it_does_not_fit_is_said_in_the_commands_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--exact`` early in a hand, or in a bidding game: one line naming ``--exact`` and
    ``--budget`` (it named the Python API's ``budget=None`` and "an int budget"), exit 2."""
    path = _saved(tmp_path, tf.FORTY_FIVE, 2, 4)
    assert main(["analyse", str(path), "--after", "1", "--exact"]) == 2
    err = capsys.readouterr().err
    assert "--exact:" in err and "give --budget B" in err and "budget=None" not in err
    assert err.count("\n") == 1
    bidding = _saved(tmp_path, tf.AUCTION_45, 4, 3)
    for argv in (["analyse", str(bidding), "--after", "1", "--exact"],
                 ["review", str(bidding), "--seat", "1", "--exact"]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "--exact is for the turn-up games" in err and "budget=None" not in err, argv


@pytest.mark.parametrize("command", [["review", "--seat", "0"], ["analyse"], ["replay"]])
def test_a_number_too_long_to_read_is_one_line_not_an_internal_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """JSON with an integer of more than 4,300 digits: json.loads raises ValueError (not
    JSONDecodeError), which came out as "internal error ... please report it"."""
    path = tmp_path / "big.json"
    path.write_text('{"format": 1' + "1" * 5000 + "}")
    assert main([command[0], str(path), *command[1:]]) == 1
    err = capsys.readouterr().err
    assert "it holds a number too long to read" in err and "internal error" not in err
    assert err.count("\n") == 1 and len(err) < 200


def test_a_view_with_a_negative_pool_is_refused_when_read() -> None:
    """A forged view (JSON) whose game holds a pool below 0 is refused by the reader, naming
    the field, before any analysis could print an upside-down interval."""
    import json

    game = tf.new_game(tf.SPOIL_FIVE, players=3, seed=4)
    view = game.view(game.to_act)
    data = json.loads(json.dumps(tf.to_json(view)))
    assert data["game"]["pool"] == game.pool > 0  # the antes paid
    assert tf.from_json(data, tf.SeatView) == view
    data["game"]["pool"] = -5
    with pytest.raises(tf.DecodeError, match="pool of -5"):
        tf.from_json(data, tf.SeatView)
