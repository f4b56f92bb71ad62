"""trumpfamily.plot (the ``plot`` extra): results with confidence intervals, and chips or
points over a game. Drawn with the Agg backend (no display)."""

from __future__ import annotations

import importlib.util
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is not installed")

import trumpfamily as tf
from trumpfamily import plot

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@attrs.frozen
class _Stats:  # the shape of a tournament's per-bot stats (duck-typed by plot.results)
    name: str
    mean: float
    ci_low: float
    ci_high: float
    win_rate: float


@attrs.frozen
class _Tournament:
    bots: tuple[_Stats, ...]


def _bars(figure: Any) -> tuple[list[str], list[float], list[tuple[float, float]]]:
    ax = figure.axes[0]
    names = [t.get_text() for t in ax.get_yticklabels()]
    container = ax.containers[0]
    points, _, (bars,) = container.lines
    means = list(points.get_xdata())
    spans = [(float(seg[0][0]), float(seg[1][0])) for seg in bars.get_segments()]
    return names, means, spans


def test_results_draw_each_bots_mean_and_interval() -> None:
    figure = plot.results([("random", -0.4, -0.9, 0.1), ("thumb", 0.8, 0.3, 1.5)],
                          title="Spoil Five", unit="chips per hand")
    names, means, spans = _bars(figure)
    assert names == ["random", "thumb"]
    assert means == [-0.4, 0.8]
    assert [x for span in spans for x in span] == pytest.approx([-0.9, 0.1, 0.3, 1.5])
    ax = figure.axes[0]
    assert ax.get_title() == "Spoil Five" and "chips per hand" in ax.get_xlabel()
    assert ax.get_ylim() == (1.5, -0.5)  # the first bot at the top


def test_results_take_a_tournament_result_duck_typed(tmp_path: Path) -> None:
    result = _Tournament((_Stats("a", 1.0, 0.5, 2.0, 0.6), _Stats("b", -1.0, -2.0, 0.0, 0.4)))
    figure = plot.results(result)
    assert _bars(figure)[:2] == (["a", "b"], [1.0, -1.0])
    assert _bars(plot.results([plot.Interval("a", 1.0, 0.5, 2.0)]))[2] == [(0.5, 2.0)]
    out = tmp_path / "results.png"
    figure.savefig(out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_results_label_the_axis_with_the_results_unit() -> None:
    """A tournament's result states its unit (chips or points): the axis says it; plain
    rows keep the generic label, and an explicit unit wins."""
    result = tf.tournament(["rule-of-thumb", "random"], tf.SPOIL_FIVE, deals=3, seed=1,
                           executor="serial")
    assert result.unit == "chips"
    axis = "{} (95 % confidence interval)"
    assert plot.results(result).axes[0].get_xlabel() == axis.format("chips per hand")
    points = attrs.evolve(result, unit="points")
    assert plot.results(points).axes[0].get_xlabel() == axis.format("points per hand")
    assert plot.results(result, unit="net chips").axes[0].get_xlabel() == axis.format("net chips")
    duck = _Tournament((_Stats("a", 1.0, 0.5, 2.0, 0.6),))
    assert plot.results(duck).axes[0].get_xlabel() == axis.format("mean result")
    with pytest.raises(tf.InvalidArgumentError, match="unit=3"):
        plot.results(duck, unit=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(("data", "fragment"), [
    ([], "at least one"),
    ([("a", 1.0, 2.0, 3.0)], "does not hold the mean"),
    ([("a", float("nan"), 0.0, 1.0)], "finite"),
    ([("a", 1.0, 0.0)], "entry 0"),
    ([(3, 1.0, 0.0, 2.0)], "name must be a str"),
    (42, "results() takes"),
])
def test_results_refuse_bad_data(data: Any, fragment: str) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        plot.results(data)


def _finished(variant: Any, players: int, hands: int, seed: int) -> tf.GameState:
    state = tf.new_game(variant, players=players, seed=seed, hands=hands)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def test_a_pool_game_plots_net_chips_per_seat() -> None:
    state = _finished(tf.SPOIL_FIVE, 3, 4, 5)
    figure = plot.game(state)
    lines = [ln for ln in figure.axes[0].get_lines() if ln.get_label().startswith("seat")]
    assert [ln.get_label() for ln in lines] == ["seat 0", "seat 1", "seat 2"]
    for seat, line in enumerate(lines):
        ys = list(line.get_ydata())
        assert ys[0] == 0 and len(ys) == len(state.outcomes) + 1
        assert ys[-1] == state.chips[seat]
        assert ys[1] == state.outcomes[0].chips[seat]  # type: ignore[index]
    assert figure.axes[0].get_ylabel() == "chips (net)"
    assert plot.game(tf.Game.from_state(state)).axes[0].get_lines()[0].get_ydata()[-1] \
        == state.chips[0]


def test_a_points_game_plots_the_scores_per_side_and_the_target() -> None:
    state = _finished(tf.FORTY_FIVE, 2, 3, 7)
    figure = plot.game(state, title="Forty-Five")
    ax = figure.axes[0]
    lines = {ln.get_label(): list(ln.get_ydata()) for ln in ax.get_lines()}
    assert lines["seat 0"][-1] == state.scores[0] and lines["seat 1"][-1] == state.scores[1]
    assert lines["target"] == [45, 45]
    running = [0]
    for o in state.outcomes:
        running.append(running[-1] + o.side_points[0])  # type: ignore[index]
    assert lines["seat 0"] == running
    assert ax.get_title() == "Forty-Five"
    # from outcomes alone the scores start at 0: the same here
    assert [ln.get_ydata()[-1] for ln in plot.game(state.outcomes).axes[0].get_lines()] \
        == list(state.scores)


def test_a_game_started_from_scores_starts_there() -> None:
    state = tf.new_game(tf.FORTY_FIVE, players=2, seed=3, hands=1, scores=(20, 10))
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    lines = [list(ln.get_ydata()) for ln in plot.game(state).axes[0].get_lines()][:2]
    assert [ys[0] for ys in lines] == [20, 10]
    assert [ys[-1] for ys in lines] == list(state.scores)


def test_game_refuses_what_it_cannot_plot() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="at least one finished hand"):
        plot.game(tf.new_game(tf.SPOIL_FIVE, players=3, seed=1))
    with pytest.raises(tf.InvalidArgumentError, match="GameState"):
        plot.game("a game")
    hand = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[0])
    with pytest.raises(tf.InvalidArgumentError, match="no chips"):
        plot.game([hand.outcome])


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench_speed", BENCHMARKS / "bench_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_speed"] = module
    spec.loader.exec_module(module)
    return module


def test_the_speed_benchmark_plots_its_ratios(tmp_path: Path) -> None:
    bench = _bench()
    # per-round ratios 2 and 8: geometric mean 4; t(1) = 12.706 on the logs
    mean, low, high = bench.ratio_interval([2.0, 8.0], [1.0, 1.0])
    half = 12.706 * (math.log(4) / math.sqrt(2)) / math.sqrt(2)
    assert mean == pytest.approx(4.0)
    assert (low, high) == pytest.approx((4 * math.exp(-half), 4 * math.exp(half)))
    assert bench.ratio_interval([3.0], [1.5]) == pytest.approx((2.0, 2.0, 2.0))
    loop = bench.Contender("public-loop", "hands", lambda n, s: n, rates=[100.0, 110.0, 90.0])
    fast = bench.Contender("simulate", "hands", lambda n, s: n, rates=[300.0, 330.0, 270.0])
    out = tmp_path / "speed.svg"
    bench.plot_ratios([loop, fast], str(out))
    text = out.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "simulate" in text and "public-loop" in text


def test_importing_trumpfamily_does_not_import_matplotlib() -> None:
    code = "import sys, trumpfamily; print('matplotlib' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, timeout=60)
    assert result.stdout.strip() == "False"
