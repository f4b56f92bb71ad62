"""Ratings of tournament results (issue 22, part 5): ``TournamentResult.ratings`` and
``fit_ratings``, on synthetic results with a known answer and on a real tournament."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence

import pytest

import trumpfamily as tf
from trumpfamily.ratings import ELO, PRIOR_DEALS
from trumpfamily.tournament import BotStats

SPOIL = tf.SPOIL_FIVE


def synthetic(names: Sequence[str], rows: Sequence[Sequence[float]],
              players: int = 2) -> tf.TournamentResult:
    """A result with the per-deal values ``rows`` (only those are fitted)."""
    k = len(names)
    stats = tuple(BotStats(n, 1, len(rows), 0.0, None, None, 0.0) for n in names)
    return tf.TournamentResult(
        SPOIL, players, len(rows), True, 0, "chips", tuple(names), stats, (),
        tuple(tuple(float(x) for x in row) for row in rows),
        tuple((0.0,) * k for _ in rows))


def gumbel(rng: random.Random) -> float:
    return -math.log(-math.log(rng.random()))


def by_bot(ratings: Sequence[tf.Rating]) -> dict[str, tf.Rating]:
    return {r.bot: r for r in ratings}


# -- additive ------------------------------------------------------------------------------

def test_additive_recovers_constructed_strengths_exactly() -> None:
    """Each deal's luck is shared (duplicate): x_i = s_i + luck_d; the rating is s_i less
    the mean of the s (or less the anchor's), exactly, and the interval is a point."""
    strengths = {"a": 0.9, "b": 0.1, "c": -0.4, "d": 0.0}
    rng = random.Random(1)
    rows = []
    for _ in range(50):
        luck = rng.gauss(0, 3)
        rows.append([s + luck for s in strengths.values()])
    result = synthetic(list(strengths), rows, players=4)
    mean = sum(strengths.values()) / 4
    got = by_bot(result.ratings())
    for name, s in strengths.items():
        assert got[name].rating == pytest.approx(s - mean, abs=1e-12)
        assert got[name].low == pytest.approx(s - mean, abs=1e-9)
        assert got[name].unit == "chips" and got[name].method == "additive"
    anchored = by_bot(result.ratings(anchor="d"))
    assert anchored["a"].rating == pytest.approx(0.9) and anchored["d"].rating == 0.0
    assert (anchored["d"].low, anchored["d"].high) == (0.0, 0.0)


def test_additive_on_one_tournament_is_the_head_to_head() -> None:
    result = tf.tournament(["rule-of-thumb", "random"], tf.MAW, players=2, deals=40,
                           seed=4, executor="serial", progress=False)
    rated = by_bot(result.ratings(anchor="random"))["rule-of-thumb"]
    pair = result.versus("rule-of-thumb", "random")
    assert (rated.rating, rated.low, rated.high) == pytest.approx(
        (pair.mean, pair.ci_low, pair.ci_high), abs=1e-12)
    assert rated.deals == 40


def test_a_chain_of_tournaments_is_transitive() -> None:
    """A beats B by 1.0, B beats C by 0.5, in two separate tournaments: the combined fit
    puts A 1.5 above C though they never met, with an interval around it."""
    rng = random.Random(2)
    ab = synthetic(["A", "B"], [[1.0 + e, e] for e in (rng.gauss(0, 1) for _ in range(80))])
    bc = synthetic(["B", "C"],
                   [[0.5 + e + rng.gauss(0, 0.3), e] for e in (rng.gauss(0, 1) for _ in range(80))])
    got = by_bot(tf.fit_ratings([ab, bc], anchor="C", seed=3))
    assert got["B"].rating == pytest.approx(0.5, abs=0.1)
    assert got["A"].rating == pytest.approx(1.5, abs=0.1)
    low, high = got["A"].low, got["A"].high
    assert low is not None and high is not None and low < 1.5 < high
    assert high - low < 0.5
    assert got["A"].deals == 80 and got["B"].deals == 160


def test_combining_weights_the_more_precise_tournament() -> None:
    """Two measurements of A - B, 2.0 with SE 0.1 and 0.0 with SE 1.0: the weighted
    least-squares answer is (2.0 / 0.01 + 0 / 1) / (1 / 0.01 + 1 / 1) = 1.980..."""
    precise = synthetic(["A", "B"], [[2.0 + 0.1 * math.sqrt(2) * s, 0.0] for s in (1, -1)])
    loose = synthetic(["A", "B"], [[0.0 + math.sqrt(2) * s, 0.0] for s in (1, -1)])
    got = by_bot(tf.fit_ratings([precise, loose], anchor="B"))
    assert got["A"].rating == pytest.approx(2.0 / 0.01 / (1 / 0.01 + 1), rel=1e-9)


# -- Bradley-Terry -------------------------------------------------------------------------

def test_bradley_terry_of_two_bots_is_the_log_odds_with_the_prior() -> None:
    rows = [[1.0, 0.0]] * 750 + [[0.0, 1.0]] * 240 + [[0.5, 0.5]] * 10
    got = by_bot(synthetic(["A", "B"], rows).ratings("bradley-terry", anchor="B"))
    wins = 750 + 5 + PRIOR_DEALS / 2
    losses = 240 + 5 + PRIOR_DEALS / 2
    assert got["A"].rating == pytest.approx(400 * math.log10(wins / losses), abs=1e-6)
    assert got["A"].unit == "elo"


def test_bradley_terry_recovers_strengths_of_a_gumbel_model() -> None:
    """x_i = theta_i + Gumbel noise makes every pairwise comparison exactly Bradley-Terry
    (the difference of two Gumbels is logistic): the fit finds ELO * theta."""
    theta = [0.8, 0.0, -0.5, 0.3]
    rng = random.Random(5)
    rows = [[t + gumbel(rng) for t in theta] for _ in range(3000)]
    got = synthetic(list("abcd"), rows, players=4).ratings("bradley-terry", seed=1)
    mean = sum(theta) / 4
    for r, t in zip(got, theta, strict=True):
        assert r.rating == pytest.approx(ELO * (t - mean), abs=25)
        assert r.low is not None and r.high is not None and r.low < r.rating < r.high


def test_a_transitive_toy_orders_the_bots() -> None:
    """A always beats B, B always beats C, A always beats C: A > B > C on both scales."""
    rows = [[3.0, 2.0, 1.0]] * 20
    for method in tf.RATING_METHODS:
        got = synthetic(["A", "B", "C"], rows, players=3).ratings(method)
        assert got[0].rating > got[1].rating > got[2].rating, method
        assert got[1].rating == pytest.approx(0.0, abs=1e-6)  # symmetric round the middle


@pytest.mark.parametrize("method", tf.RATING_METHODS)
def test_intervals_contain_the_truth_in_a_seeded_simulation(method: str) -> None:
    """30 tournaments simulated from a known model: the 95 % intervals cover the true
    ratings about 95 % of the time (at least 80 % of 90 intervals here; a method whose
    intervals were too narrow by half would cover about 68 %)."""
    theta = [0.5, 0.0, -0.5]
    truth = [t - sum(theta) / 3 for t in theta]
    rng = random.Random(11)
    covered = total = 0
    for rep in range(30):
        rows = [[t + gumbel(rng) for t in theta] for _ in range(120)]
        got = synthetic(list("abc"), rows, players=3).ratings(
            method, seed=rep, resamples=60)  # type: ignore[arg-type]
        for r, t in zip(got, truth, strict=True):
            # additive: the mean Gumbel cancels in differences from the mean of the bots
            target = t if method == "additive" else ELO * t
            assert r.low is not None and r.high is not None
            covered += r.low <= target <= r.high
            total += 1
    assert covered / total >= 0.8, (covered, total)


@pytest.mark.parametrize("method", tf.RATING_METHODS)
def test_ratings_do_not_depend_on_the_order_of_the_bots(method: str) -> None:
    rng = random.Random(3)
    theta = [0.4, -0.2, 0.1]
    rows = [[t + gumbel(rng) for t in theta] for _ in range(100)]
    first = by_bot(synthetic(list("abc"), rows, 3).ratings(method, seed=9))  # type: ignore[arg-type]
    order = [2, 0, 1]
    permuted = by_bot(synthetic([list("abc")[i] for i in order],
                                [[row[i] for i in order] for row in rows], 3)
                      .ratings(method, seed=9))  # type: ignore[arg-type]
    for name, r in first.items():
        p = permuted[name]
        assert (p.rating, p.low, p.high) == pytest.approx((r.rating, r.low, r.high), abs=1e-7)


def test_the_bootstrap_is_seeded() -> None:
    rows = [[float(i % 3), float(i % 2)] for i in range(30)]
    result = synthetic(["a", "b"], rows)
    assert result.ratings("bradley-terry", seed=4) == result.ratings("bradley-terry", seed=4)
    assert result.ratings("bradley-terry", seed=4) != result.ratings("bradley-terry", seed=5)


# -- a real tournament ---------------------------------------------------------------------

def test_a_real_tournament_orders_random_rule_of_thumb_and_context() -> None:
    result = tf.tournament(["context-rule-of-thumb", "random", "rule-of-thumb"], SPOIL,
                           players=3, deals=300, seed=7, executor="serial", progress=False)
    for method in tf.RATING_METHODS:
        got = by_bot(result.ratings(method))  # type: ignore[arg-type]
        rnd, thumb, ctx = got["random"], got["rule-of-thumb"], got["context-rule-of-thumb"]
        assert rnd.rating < thumb.rating < ctx.rating, method
        assert rnd.high is not None and thumb.low is not None and thumb.high is not None
        assert ctx.low is not None
        assert rnd.high < thumb.low and thumb.high < ctx.low, method
    text = result.table()
    assert "ratings (chips per hand" in text
    assert text.splitlines()[-2].split()[0] == "random"  # in the order of the bots


def test_the_json_carries_the_ratings_and_reads_back() -> None:
    result = tf.tournament(["rule-of-thumb", "random"], tf.FORTY_FIVE, deals=5, seed=2,
                           executor="serial", progress=False)
    data = json.loads(json.dumps(result.to_json()))
    assert [r["bot"] for r in data["ratings"]] == ["rule-of-thumb", "random"]
    assert data["ratings"][0]["rating"] == pytest.approx(result.ratings()[0].rating)
    assert tf.to_json(result) == result.to_json()
    assert tf.TournamentResult.from_json(data) == result


# -- refusals ------------------------------------------------------------------------------

def test_refusals_name_the_valid_choices() -> None:
    result = synthetic(["a", "b"], [[1.0, 0.0], [0.0, 0.0]])
    with pytest.raises(tf.InvalidArgumentError, match="additive, bradley-terry"):
        result.ratings("elo")  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="the bots are a, b"):
        result.ratings(anchor="z")
    with pytest.raises(tf.InvalidArgumentError, match="resamples"):
        result.ratings(resamples=3)
    with pytest.raises(tf.InvalidArgumentError, match="never met"):
        tf.fit_ratings([result, synthetic(["c", "d"], [[1.0, 0.0], [0.0, 1.0]])])
    other = tf.tournament(["random", "rule-of-thumb"], tf.MAW, players=2, deals=2, seed=1,
                          executor="serial", progress=False)
    with pytest.raises(tf.InvalidArgumentError, match="one game, table and unit"):
        tf.fit_ratings([result, other])
    with pytest.raises(tf.InvalidArgumentError, match="non-empty sequence"):
        tf.fit_ratings([])
    with pytest.raises(tf.InvalidArgumentError, match="not a TournamentResult"):
        tf.fit_ratings([result, "b"])  # type: ignore[list-item]
