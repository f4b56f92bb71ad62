"""Plots of results over many hands (the ``plot`` extra: ``pip install 'trumpfamily[plot]'``).

Two charts, each returned as a :class:`matplotlib.figure.Figure` (the caller saves or
shows it: ``figure.savefig("results.png")``). They use no global pyplot state, so they
work under any backend, ``Agg`` included, and in threads.

* :func:`results`: the mean result of each bot with its 95 % confidence interval, as
  horizontal error bars (from a tournament, a benchmark, or any list of
  ``(name, mean, ci_low, ci_high)``).
* :func:`game`: chips (pool games) or points (points and bidding games) over the hands
  of one game.

matplotlib is imported when a chart is drawn, not with :mod:`trumpfamily`; without it
these functions raise :class:`ImportError` naming the extra to install.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import InvalidArgumentError
from .outcomes import HandOutcome

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["Interval", "game", "results"]


class Interval(NamedTuple):
    """One bot's result for :func:`results`.

    Attributes:
        name: the bot's name (the bar's label).
        mean: its mean result per hand or game (chips, points: the caller's unit).
        ci_low: the low end of its 95 % confidence interval (at most ``mean``).
        ci_high: the high end (at least ``mean``).
    """

    name: str
    mean: float
    ci_low: float
    ci_high: float


def _figure(size: tuple[float, float]) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError(
            "trumpfamily.plot needs matplotlib: pip install 'trumpfamily[plot]'") from error
    return Figure(figsize=size, layout="constrained")


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InvalidArgumentError(f"{what} must be a finite number, got {value!r}")
    return float(value)


def _intervals(data: object) -> list[Interval]:
    entries: Any = getattr(data, "bots", data)
    if isinstance(entries, (str, bytes)) or not isinstance(entries, Sequence):
        try:
            entries = list(entries)
        except TypeError:
            raise InvalidArgumentError(
                "results() takes a sequence of (name, mean, ci_low, ci_high) or an object "
                f"with .bots, got {type(data).__name__}") from None
    out = []
    for i, entry in enumerate(entries):
        if all(hasattr(entry, a) for a in ("name", "mean", "ci_low", "ci_high")):
            fields = (entry.name, entry.mean, entry.ci_low, entry.ci_high)
        elif isinstance(entry, Sequence) and not isinstance(entry, str) and len(entry) == 4:
            fields = tuple(entry)
        else:
            raise InvalidArgumentError(
                f"results() entry {i} is not (name, mean, ci_low, ci_high) nor has those "
                f"attributes: {entry!r}")
        name, mean, low, high = fields
        if not isinstance(name, str):
            raise InvalidArgumentError(f"entry {i}: the name must be a str, got {name!r}")
        item = Interval(name, _number(mean, f"{name}'s mean"), _number(low, f"{name}'s ci_low"),
                        _number(high, f"{name}'s ci_high"))
        if not item.ci_low <= item.mean <= item.ci_high:
            raise InvalidArgumentError(
                f"{name}: the interval {item.ci_low}..{item.ci_high} does not hold the mean "
                f"{item.mean}")
        out.append(item)
    if not out:
        raise InvalidArgumentError("results() needs at least one bot's result")
    return out


def results(data: object, *, title: str | None = None, unit: str | None = None,
            reference: float | None = 0.0) -> Figure:
    """The mean result of each bot with its 95 % confidence interval, as horizontal error
    bars, one row per bot in the order given (the first at the top).

    Args:
        data: a sequence of ``(name, mean, ci_low, ci_high)`` tuples (or
            :class:`Interval` values), or any object whose ``bots`` attribute is a
            sequence of entries with attributes ``name``, ``mean``, ``ci_low`` and
            ``ci_high`` (a tournament's result). Numbers are in the caller's unit (chips,
            points, a ratio).
        title: the chart's title.
        unit: the label of the value axis. ``None`` (default): the unit ``data`` states,
            when its ``unit`` attribute is a str (a
            :class:`~trumpfamily.tournament.TournamentResult`'s ``"chips"`` or
            ``"points"``: the axis reads "chips per hand"), else "mean result".
        reference: a value to mark with a vertical line (default 0, break-even), or
            ``None``.

    Returns:
        A :class:`matplotlib.figure.Figure` with one axes.

    Raises:
        InvalidArgumentError: no entry; an entry of another shape; a name that is not a
            str; a number that is not finite; ``ci_low <= mean <= ci_high`` not holding.
        ImportError: matplotlib is not installed (the ``plot`` extra).

    >>> from trumpfamily import plot
    >>> figure = plot.results([("random", -0.4, -0.9, 0.1), ("rule of thumb", 0.8, 0.3, 1.3)])
    >>> [t.get_text() for t in figure.axes[0].get_yticklabels()]
    ['random', 'rule of thumb']
    >>> figure.axes[0].get_xlabel()
    'mean result (95 % confidence interval)'
    """
    if unit is None:
        stated = getattr(data, "unit", None)
        unit = f"{stated} per hand" if isinstance(stated, str) and stated else "mean result"
    elif not isinstance(unit, str):
        raise InvalidArgumentError(f"unit={unit!r}: the axis label is a str (or None)")
    items = _intervals(data)
    if reference is not None:
        reference = _number(reference, "reference")
    figure = _figure((6.4, 1.2 + 0.45 * len(items)))
    ax = figure.add_subplot()
    ys = list(range(len(items)))
    means = [i.mean for i in items]
    errors = [[i.mean - i.ci_low for i in items], [i.ci_high - i.mean for i in items]]
    ax.errorbar(means, ys, xerr=errors, fmt="o", capsize=4, color="#23477a")
    ax.set_yticks(ys, [i.name for i in items])
    ax.set_ylim(len(items) - 0.5, -0.5)  # the first entry at the top
    if reference is not None:
        ax.axvline(reference, color="#888888", linewidth=1, linestyle="--")
    ax.set_xlabel(f"{unit} (95 % confidence interval)")
    ax.grid(axis="x", alpha=0.3)
    if title:
        ax.set_title(title)
    return figure


def _game_series(source: object) -> tuple[str, list[str], list[list[float]], int | None]:
    """``(unit, labels, series, target)``: one series per seat (chips) or side (points),
    each starting before the first hand."""
    from .game import Game, GameState

    state: GameState | None = None
    if isinstance(source, Game):
        state = source.state
    elif isinstance(source, GameState):
        state = source
    if state is not None:
        outcomes: Sequence[HandOutcome] = state.outcomes
    elif isinstance(source, Sequence) and all(isinstance(o, HandOutcome) for o in source):
        outcomes = source
    else:
        raise InvalidArgumentError(
            "game() takes a GameState, a Game or a sequence of HandOutcome values, got "
            f"{type(source).__name__}")
    if not outcomes:
        raise InvalidArgumentError("game() needs at least one finished hand")
    first = outcomes[0]
    if first.scoring == "pool":
        if any(o.chips is None for o in outcomes):
            raise InvalidArgumentError(
                "these pool outcomes carry no chips (hands played on their own, not in a game)")
        players = len(first.tricks)
        start = [0.0] * players
        steps = [[float(c) for c in o.chips] for o in outcomes]  # type: ignore[union-attr]
        labels = [f"seat {s}" for s in range(players)]
        unit, target = "chips (net)", None
    else:
        sides = len(first.sides)
        if first.scoring == "bidding":
            steps = [[float(g) for g in (o.gains or (0,) * sides)] for o in outcomes]
        else:
            steps = [[float(p) for p in (o.side_points or (0,) * sides)] for o in outcomes]
        start = [0.0] * sides
        if state is not None:  # the scores the game started from
            start = [float(s) - sum(step[i] for step in steps) for i, s in enumerate(state.scores)]
        labels = [f"side {i} (seats {', '.join(map(str, seats))})" if len(seats) > 1
                  else f"seat {seats[0]}" for i, seats in enumerate(first.sides)]
        unit = "points"
        target = None
        if state is not None:
            target = getattr(state.variant.scoring, "target", None)
            if state.variant.bidding is not None:
                target = getattr(state.variant.bidding, "target", target)
    series = []
    for i in range(len(start)):
        running = [start[i]]
        for step in steps:
            running.append(running[-1] + step[i])
        series.append(running)
    return unit, labels, series, target if isinstance(target, int) else None


def game(source: object, *, title: str | None = None) -> Figure:
    """Chips or points over the hands of one game: one line per seat (pool games: net
    chips, RULES.md §1.7) or per side (points games: the running score, §2.3; bidding
    games: the score with each hand's gains, BIDDING.md §3.6), from before the first hand
    to after the last; a points game's target as a dashed line.

    Args:
        source: a :class:`~trumpfamily.game.GameState`, a :class:`~trumpfamily.game.Game`,
            or a sequence of the :class:`~trumpfamily.outcomes.HandOutcome` values of a
            game's hands (pool outcomes must carry ``chips``; from outcomes alone, scores
            start at 0).
        title: the chart's title.

    Returns:
        A :class:`matplotlib.figure.Figure` with one axes; x is the number of hands
        played (0 to the last), y chips or points.

    Raises:
        InvalidArgumentError: not a game nor outcomes; no hand finished yet; pool
            outcomes without chips.
        ImportError: matplotlib is not installed (the ``plot`` extra).

    >>> import trumpfamily as tf
    >>> from trumpfamily import plot
    >>> state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=5, hands=2)
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> figure = plot.game(state)
    >>> [list(line.get_ydata())[-1] for line in figure.axes[0].get_lines()] == list(state.chips)
    True
    """
    unit, labels, series, target = _game_series(source)
    figure = _figure((6.4, 4.0))
    ax = figure.add_subplot()
    hands = list(range(len(series[0])))
    for label, values in zip(labels, series, strict=True):
        ax.plot(hands, values, marker="o", markersize=3, label=label)
    if target is not None:
        ax.axhline(target, color="#888888", linewidth=1, linestyle="--", label="target")
    ax.set_xlabel("hands played")
    ax.set_ylabel(unit)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize="small")
    if title:
        ax.set_title(title)
    return figure
