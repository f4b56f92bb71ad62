"""Ratings of bots from duplicate tournaments, with intervals (issue 22, part 5).

A :class:`~trumpfamily.tournament.TournamentResult` says how much each pair of bots
differs; a *rating* puts every bot on one scale, so that a new bot measured against one
rated bot is placed against all of them. Two methods, both fitted to the duplicate
per-deal results (:attr:`TournamentResult.per_deal
<trumpfamily.tournament.TournamentResult.per_deal>`: the deal is the independent unit,
its rotations share its cards):

* ``"additive"`` (the default): a least-squares additive rating in the tournament's own
  unit, chips or points per hand: ``r_i - r_j`` fits the paired mean difference of ``i``
  and ``j`` per seat-hand, each pair weighted by ``1 / SE**2`` (its standard error over the
  deals). Within one tournament, where every bot plays every deal, the differences are
  consistent and the fit is exact: ``r_i`` is the bot's mean result less the anchor's, and
  its 95 % interval is Student's t over the deals of the per-deal difference (the same
  statistics as :attr:`~trumpfamily.tournament.TournamentResult.head_to_head`). Over
  several tournaments (:func:`fit_ratings` with a list: say a new bot played against one
  rated bot only) the weighted fit combines them and the intervals are a seeded bootstrap
  over each tournament's deals. Why this one first: the numbers are what a table pays
  (chips, points), they add up along a chain of matches, and the paired per-deal means are
  exactly what duplicate play measures without the luck of the cards.
* ``"bradley-terry"``: a Bradley-Terry fit over the head-to-head table of deal wins: in a
  deal ``i`` beats ``j`` when its duplicate result (per seat-hand; with ``unit="game"``
  its game-win share, :attr:`~trumpfamily.tournament.TournamentResult.per_deal_wins`) is
  higher, a tie counts half to each. ``P(i beats j) = 1 / (1 + 10 ** ((r_j - r_i) /
  400))``: ratings on the Elo scale. Fitted by the minorisation-maximisation algorithm
  (Hunter 2004, "MM algorithms for generalized Bradley-Terry models"), pure Python, with
  one virtual tied deal per pair (half a win each way: a bot that wins every deal still
  gets a finite rating; the pull is one deal's worth among the ``D`` played); 95 %
  intervals by a seeded percentile bootstrap over the deals. Use it when how often a bot
  wins matters more than by how much (a bot that wins often by a little and loses seldom
  by a lot rates higher here than on the additive scale).

The scale has no origin of its own: ``anchor=None`` (default) fixes the mean of the
ratings at 0; ``anchor="name"`` fixes that bot at 0 (its interval is then ``[0, 0]``, and
every other interval is that of the difference from it).

Pure Python (no NumPy), a few bots and thousands of deals: a bootstrap of 200 resamples
over 2,000 deals of four bots takes under a second.

>>> import trumpfamily as tf
>>> result = tf.tournament(["rule-of-thumb", "random"], tf.FORTY_FIVE, players=2,
...                        deals=40, seed=5, executor="serial")
>>> [(r.bot, round(r.rating, 2), r.unit) for r in result.ratings(anchor="random")]
[('rule-of-thumb', 3.0, 'points'), ('random', 0.0, 'points')]
>>> result.ratings(anchor="random")[0].rating == result.versus("rule-of-thumb", "random").mean
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal, TypeAlias, TypeGuard

import attrs

from ._stats import t_critical
from .errors import InvalidArgumentError, safe_repr

if TYPE_CHECKING:  # the tournament module imports this one (no cycle at run time)
    from .tournament import TournamentResult

__all__ = ["RATING_METHODS", "Rating", "RatingMethod", "fit_ratings"]

#: A rating method (see the module): ``"additive"`` or ``"bradley-terry"``.
RatingMethod: TypeAlias = Literal["additive", "bradley-terry"]
#: The rating methods, the default first.
RATING_METHODS: Final = ("additive", "bradley-terry")

#: The Elo scale of the Bradley-Terry ratings: 400 points are a factor 10 in the odds.
ELO: Final = 400.0 / math.log(10.0)
#: Virtual tied deals added to every pair of bots compared (Bradley-Terry).
PRIOR_DEALS: Final = 1.0
#: The confidence level of every interval.
CONFIDENCE: Final = 0.95


@attrs.frozen
class Rating:
    """A bot's rating.

    Attributes:
        bot: the bot's name.
        rating: its rating: with ``method="additive"`` chips or points per seat-hand
            above the anchor (``unit``); with ``"bradley-terry"`` Elo points above it.
        low: the low end of its 95 % interval (``None`` with one deal, too few to say).
        high: the high end (``None`` likewise).
        unit: ``"chips"`` or ``"points"`` (per seat-hand, additive) or ``"elo"``.
        method: the method (:data:`RATING_METHODS`).
        deals: the deals (or games) the bot's rating rests on, over every tournament
            fitted.
    """

    bot: str
    rating: float
    low: float | None
    high: float | None
    unit: str
    method: str
    deals: int


# -- the data ------------------------------------------------------------------------------

@attrs.frozen
class _Data:
    """One tournament's per-deal values: ``rows[d][i]`` for its bots ``bots[i]`` (indices
    into the fit's list of every bot)."""

    bots: tuple[int, ...]
    rows: tuple[tuple[float, ...], ...]


def _is_result(value: object) -> TypeGuard[TournamentResult]:
    """Whether ``value`` is a :class:`~trumpfamily.tournament.TournamentResult` (its class
    says so: this module does not import the tournament module, which imports it)."""
    return getattr(type(value), "_rated_by_fit_ratings", False) is True


def _collect(results: Sequence[TournamentResult], method: str
             ) -> tuple[list[str], list[_Data], str]:
    """Every bot's name (first seen first), each result's data, and the unit."""
    first = results[0]
    key = (first.variant.name, first.players, first.deal_unit, first.unit)
    names: list[str] = []
    data: list[_Data] = []
    for result in results:
        if (result.variant.name, result.players, result.deal_unit, result.unit) != key:
            raise InvalidArgumentError(
                "fit_ratings: every tournament must be of one game, table and unit to share "
                f"a scale: {key[0]} at {key[1]} players ({key[2]}s, {key[3]}) and "
                f"{result.variant.name} at {result.players} players ({result.deal_unit}s, "
                f"{result.unit})")
        index = []
        for name in result.names:
            if name not in names:
                names.append(name)
            index.append(names.index(name))
        rows = (result.per_deal_wins if method == "bradley-terry" and result.deal_unit == "game"
                else result.per_deal)
        data.append(_Data(tuple(index), tuple(rows)))
    unit = "elo" if method == "bradley-terry" else first.unit
    return names, data, unit


def _check_connected(names: Sequence[str], data: Sequence[_Data]) -> None:
    """Refuse bots that no chain of tournaments links (no common scale)."""
    parent = list(range(len(names)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for d in data:
        for b in d.bots[1:]:
            parent[root(b)] = root(d.bots[0])
    groups: dict[int, list[str]] = {}
    for i, name in enumerate(names):
        groups.setdefault(root(i), []).append(name)
    if len(groups) > 1:
        parts = "; ".join(", ".join(g) for g in groups.values())
        raise InvalidArgumentError(
            f"fit_ratings: the bots fall into {len(groups)} groups that never met ({parts}): "
            "no scale links them; play a tournament between the groups")


# -- additive: weighted least squares ------------------------------------------------------

def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix x = vector`` (small, symmetric positive definite) by Gaussian
    elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            if f:
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


#: The smallest squared standard error a pair is weighted by (a pair whose every deal
#: differs by the same amount, e.g. a bot against a copy of itself, has none).
_MIN_VAR: Final = 1e-12


def _pair_weights(k: int, data: Sequence[_Data]) -> list[list[list[float]]]:
    """Per tournament, the weight ``1 / SE**2`` of each of its pairs (by local index)."""
    out = []
    for d in data:
        n = len(d.rows)
        m = len(d.bots)
        w = [[0.0] * m for _ in range(m)]
        for i in range(m):
            for j in range(i + 1, m):
                if n > 1:
                    var = statistics.variance([row[i] - row[j] for row in d.rows]) / n
                else:
                    var = 1.0
                w[i][j] = w[j][i] = 1.0 / max(var, _MIN_VAR)
        out.append(w)
    return out


def _additive(k: int, data: Sequence[_Data], weights: Sequence[list[list[float]]],
              samples: Sequence[Sequence[int]] | None = None) -> list[float]:
    """The weighted least-squares ratings (mean 0) over ``data`` (``samples``: each
    tournament's resampled deal indices; ``None``: every deal once)."""
    lap = [[0.0] * k for _ in range(k)]
    rhs = [0.0] * k
    for t, d in enumerate(data):
        picks = range(len(d.rows)) if samples is None else samples[t]
        count = len(picks)
        m = len(d.bots)
        means = [math.fsum(d.rows[p][i] for p in picks) / count for i in range(m)]
        for i in range(m):
            for j in range(m):
                if i == j:
                    continue
                w = weights[t][i][j]
                a, b = d.bots[i], d.bots[j]
                lap[a][a] += w
                lap[a][b] -= w
                rhs[a] += w * (means[i] - means[j])
    # fix the first bot at 0, solve for the others, then centre
    if k == 1:
        return [0.0]
    rest = _solve([row[1:] for row in lap[1:]], rhs[1:])
    ratings = [0.0, *rest]
    mean = math.fsum(ratings) / k
    return [r - mean for r in ratings]


# -- Bradley-Terry -------------------------------------------------------------------------

def _deal_scores(d: _Data) -> list[list[float]]:
    """Per deal, the score of each ordered local pair flattened ``i * m + j``: 1 if bot
    ``i`` beat ``j``, 0.5 for a tie, 0 for a loss."""
    m = len(d.bots)
    out = []
    for row in d.rows:
        out.append([1.0 if row[i] > row[j] else 0.5 if row[i] == row[j] else 0.0
                    for i in range(m) for j in range(m)])
    return out


def _bradley_terry(k: int, data: Sequence[_Data], scores: Sequence[list[list[float]]],
                   samples: Sequence[Sequence[int]] | None = None) -> list[float]:
    """The Bradley-Terry ratings (Elo points, mean 0) by the MM algorithm."""
    wins = [[0.0] * k for _ in range(k)]
    games = [[0.0] * k for _ in range(k)]
    for t, d in enumerate(data):
        picks = range(len(d.rows)) if samples is None else samples[t]
        m = len(d.bots)
        total = [0.0] * (m * m)
        for p in picks:
            row = scores[t][p]
            for q in range(m * m):
                total[q] += row[q]
        for i in range(m):
            for j in range(m):
                if i != j:
                    a, b = d.bots[i], d.bots[j]
                    wins[a][b] += total[i * m + j] + PRIOR_DEALS / 2
                    games[a][b] += len(picks) + PRIOR_DEALS
    strength = [1.0] * k
    won = [math.fsum(row) for row in wins]
    for _ in range(10_000):
        new = []
        for i in range(k):
            denominator = math.fsum(games[i][j] / (strength[i] + strength[j])
                                    for j in range(k) if j != i and games[i][j])
            new.append(won[i] / denominator if denominator else strength[i])
        scale = math.exp(math.fsum(math.log(s) for s in new) / k)
        new = [s / scale for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    return [ELO * math.log(s) for s in strength]


# -- the fit -------------------------------------------------------------------------------

def _quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (sorted), interpolated linearly."""
    at = q * (len(values) - 1)
    lo = math.floor(at)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (at - lo)


def fit_ratings(
    results: TournamentResult | Sequence[TournamentResult],
    *,
    method: RatingMethod = "additive",
    anchor: str | None = None,
    seed: int | str = 0,
    resamples: int = 200,
) -> tuple[Rating, ...]:
    """Rate the bots of one tournament or of several (see the module for the methods).

    Args:
        results: a :class:`~trumpfamily.tournament.TournamentResult`, or a sequence of
            them of one game at one table (the same preset name, ``players``, ``unit``),
            whose bots are linked by shared names (a bot in two tournaments is one bot).
        method: ``"additive"`` (default; chips or points per seat-hand) or
            ``"bradley-terry"`` (Elo points from deal wins).
        anchor: the bot fixed at 0, or ``None`` (default) for the mean of the ratings at 0.
        seed: seeds the bootstrap (an int within ±2**256, or a str): the same seed, the
            same intervals.
        resamples: bootstrap resamples (an int from 20; default 200), where one is drawn:
            Bradley-Terry, or the additive fit over several tournaments.

    Returns:
        A :class:`Rating` per bot, in the order the bots first appear in ``results``.

    Raises:
        InvalidArgumentError: no result, a result that is not a ``TournamentResult``,
            results of different games or tables, bots that no chain of tournaments
            links, an unknown ``method`` or ``anchor`` (the message lists the valid ones),
            a bad ``seed`` or ``resamples``.

    >>> import trumpfamily as tf
    >>> result = tf.tournament(["rule-of-thumb", "random"], tf.SPOIL_FIVE, players=2,
    ...                        deals=60, seed=3, executor="serial")
    >>> bt = tf.fit_ratings(result, method="bradley-terry", seed=1)
    >>> bt[0].rating > 0 > bt[1].rating, bt[0].unit, round(bt[0].rating + bt[1].rating, 9)
    (True, 'elo', 0.0)
    """
    listed = [results] if _is_result(results) else results
    if isinstance(listed, str) or not isinstance(listed, Sequence) or not listed:
        raise InvalidArgumentError(
            f"fit_ratings: expected a TournamentResult or a non-empty sequence of them, got "
            f"{safe_repr(results)}")
    for r in listed:
        if not _is_result(r):
            raise InvalidArgumentError(
                f"fit_ratings: {type(r).__name__} {safe_repr(r)} is not a TournamentResult")
    if method not in RATING_METHODS:
        raise InvalidArgumentError(
            f"method={safe_repr(method)}: expected one of {', '.join(RATING_METHODS)}")
    if not (type(seed) is int and abs(seed) < 2 ** 256 or isinstance(seed, str)):
        # (the seed is written into the bootstrap's seed in decimal)
        raise InvalidArgumentError(
            f"seed={safe_repr(seed)}: expected an int (within ±2**256) or a str")
    if type(resamples) is not int or resamples < 20:
        raise InvalidArgumentError(f"resamples={safe_repr(resamples)}: expected an int from 20")
    names, data, unit = _collect(listed, method)
    if anchor is not None and anchor not in names:
        raise InvalidArgumentError(
            f"anchor={safe_repr(anchor)}: no such bot; the bots are {', '.join(names)} "
            "(or None: the mean at 0)")
    _check_connected(names, data)
    k = len(names)
    deals = [sum(len(d.rows) for d in data if i in d.bots) for i in range(k)]
    shift_at = None if anchor is None else names.index(anchor)

    def shifted(values: list[float]) -> list[float]:
        zero = 0.0 if shift_at is None else values[shift_at]
        return [v - zero for v in values]

    if method == "additive" and len(data) == 1:
        # one tournament: exact, with Student's t over its deals
        d = data[0]
        out = []
        for i in range(k):
            local = d.bots.index(i)
            diffs = []
            for row in d.rows:
                zero = row[d.bots.index(shift_at)] if shift_at is not None \
                    else math.fsum(row) / len(row)
                diffs.append(row[local] - zero)
            mean = statistics.fmean(diffs)
            low = high = None
            if len(diffs) > 1:
                half = t_critical(len(diffs) - 1, CONFIDENCE) * statistics.stdev(diffs) \
                    / math.sqrt(len(diffs))
                low, high = mean - half, mean + half
            out.append(Rating(names[i], mean, low, high, unit, method, deals[i]))
        return tuple(out)

    if method == "additive":
        weights = _pair_weights(k, data)

        def fit(samples: Sequence[Sequence[int]] | None) -> list[float]:
            return _additive(k, data, weights, samples)
    else:
        scores = [_deal_scores(d) for d in data]

        def fit(samples: Sequence[Sequence[int]] | None) -> list[float]:
            return _bradley_terry(k, data, scores, samples)

    point = shifted(fit(None))
    if all(len(d.rows) < 2 for d in data):
        return tuple(Rating(names[i], point[i], None, None, unit, method, deals[i])
                     for i in range(k))
    rng = random.Random(f"trumpfamily.ratings/{seed!r}")
    draws: list[list[float]] = [[] for _ in range(k)]
    for _ in range(resamples):
        samples = [[rng.randrange(len(d.rows)) for _ in d.rows] for d in data]
        for i, v in enumerate(shifted(fit(samples))):
            draws[i].append(v)
    tail = (1 - CONFIDENCE) / 2
    out = []
    for i in range(k):
        ordered = sorted(draws[i])
        out.append(Rating(names[i], point[i], _quantile(ordered, tail),
                          _quantile(ordered, 1 - tail), unit, method, deals[i]))
    return tuple(out)


