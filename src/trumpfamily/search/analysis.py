"""Analysis: a value for every legal action of a seat, and a review of a seat's decisions
(issue 22 item 1).

:func:`analyse` takes one seat's view (a turn-up game's
:class:`~trumpfamily.outcomes.SeatView` or a bidding game's
:class:`~trumpfamily.outcomes.BiddingView`) with its turn to act, and gives for every
legal action its expected result over worlds consistent with the view (the cards the
seat cannot see filled in), a 95 % confidence interval and the number of worlds behind
it (:class:`Analysis`, one :class:`ActionAnalysis` row per action, best first).
:func:`review` runs it over every decision of one seat in a hand or game record and
gives, per decision, the action taken, the best action and the expected loss
(:class:`Review`, :class:`Decision`).

**The method is the search bot's.** The analysis is the search that
:class:`~trumpfamily.search.bots.SampleSolvePlayer` makes before it chooses, with every
action's figures kept:

* **Turn-up games**: ``budget`` deals drawn uniformly from those consistent with the view
  (:func:`~trumpfamily.search.sample_deals`, the bot's generator: the same ``seed`` and
  view give the same worlds), each solved exactly with every legal action's value
  (:func:`~trumpfamily.search.solve`, ``all_values=True``; the paranoid reading with more
  than two sides: the other seats play together against this one). So
  ``analyse(view, budget=n, seed=s).best == SampleSolvePlayer(samples=n, seed=s).choose(view)``
  (equal means go to the bot's ``fallback`` choice,
  :class:`~trumpfamily.players.ContextRuleOfThumbPlayer`, then to legal order).
  ``budget=None`` is the exact mode: every consistent deal once (at most
  :data:`EXACT_LIMIT` of them, :func:`~trumpfamily.search.count_deals`), so the values are
  the exact averages over the seat's information set and the intervals have width 0.
* **Bidding games**: the bid advisor's method (:mod:`~trumpfamily.search.advisor`,
  :func:`~trumpfamily.search.evaluate_actions`): in each world the action is applied, the
  hand played on by :class:`~trumpfamily.players.RuleOfThumbPlayer` up to the play, the
  play solved exactly; in the play, each card's exact value. Over the bot's worlds and
  candidates (:func:`~trumpfamily.search.candidate_actions`: every legal action, or a
  documented few of many discards), so the best action is
  ``SampleSolvePlayer(samples=n, seed=s, guard=None).choose(view)``, the bot's plain
  argmax. (The default bot, ``guard=2.0``, keeps the rule of thumb's action unless another
  beats it by two standard errors on the same worlds: it plays the best row only when
  that row is clearly ahead.)

**Units** (:data:`Unit`; :attr:`Analysis.unit`):

* pool games (Spoil Five, Maw, pool Twenty-Five), objective ``"pool"`` (the default):
  ``"chips"``, the chips the seat expects to take from the pool in this hand: its side's
  share of the pool (the pool of ``view.game`` when the view comes from a game, else a
  fresh pool of antes; split evenly among the side's seats) times the chance of taking
  it. :attr:`ActionAnalysis.win_chance` is that chance (0 to 1): the share of worlds in
  which the seat's side takes the pool against every other seat playing together (the
  solver's ``"pool"`` value, the figure the bot maximises). A jink's bonus and the antes
  of later hands are not counted. The interval is Wilson's score interval of the chance,
  times the share.
* points games (Forty-Five, points Twenty-Five), objective ``"points"`` (the default):
  ``"points"``, the points of the seat's side in this hand (RULES.md §2.3, §2.4).
  ``win_chance`` is ``None``: the game's outcome depends on the hands still to come,
  which the analysis does not play.
* objective ``"tricks"`` (any turn-up game): ``"tricks"``, tricks held at the end of the
  hand; ``win_chance`` ``None``.
* bidding games: ``"points"``, the change to the side's score over the hand
  (:attr:`HandOutcome.gains <trumpfamily.outcomes.HandOutcome.gains>`, objective
  ``"gains"``, the default; or ``"margin"``: that minus the best other side's change;
  BIDDING.md §3.6). ``win_chance`` ``None`` (a game-win chance would need the hands still
  to come).

The intervals of a sampled analysis are Student's t over the worlds (95 %), Wilson's for a
pool chance; the worlds are the same for every action, so the rows compare actions on
the same deals. Every figure reads the perfect-information value of each world (each
world solved as if every card were known to every seat), which flatters the seat to act
and its opponents alike: a comparison of actions, not a forecast of the score.

**Hidden information.** Only the view is read: the worlds are drawn from what it shows,
the generator is seeded from the seed and the view (never the cards the seat cannot see),
so re-dealing those cards and replaying the same actions gives the same analysis.

>>> import trumpfamily as tf
>>> from trumpfamily.search import analyse
>>> state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, seed=4)
>>> a = analyse(state.view(state.to_act), budget=8, seed=1)
>>> a.unit, a.worlds, len(a.rows) == len(state.legal_actions())
('points', 8, True)
>>> a.best == tf.SampleSolvePlayer(samples=8, seed=1).choose(state.view(state.to_act))
True
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, Literal, TypeAlias

import attrs

from ..actions import Action
from ..bidding.engine import BiddingHand
from ..engine import HandState
from ..errors import InvalidArgumentError, SearchLimitError, TrumpFamilyError, safe_repr
from ..outcomes import AnyView, BiddingView, Phase, SeatView
from ..players import ContextRuleOfThumbPlayer, RuleOfThumbPlayer
from ..scoring import antes
from ._playout import _Evaluator, _values
from ._tree import _CHUNK
from .advisor import _OBJECTIVES as _ADVISOR_OBJECTIVES
from .advisor import _interval, _rows, candidate_actions
from .bots import (
    _bidding_rng,
    _check_ms,
    _check_objective,
    _decision_rng,
    _solved_worlds,
)
from .results import OBJECTIVES
from .sampling import _build, _plan, count_deals, sample_deals
from .solver import solve

__all__ = ["DEFAULT_BUDGET", "EXACT_LIMIT", "ActionAnalysis", "Analysis", "Decision",
           "Review", "Unit", "analyse", "review"]

#: The worlds :func:`analyse` and :func:`review` search by default: the search bot's
#: default ``samples``. A decision takes a few hundredths of a second (median) at the
#: usual tables; the first trick of a large table can take seconds (docs/howto/analysis.rst;
#: ``milliseconds`` caps it).
DEFAULT_BUDGET: Final = 8
#: The most deals the exact mode (``budget=None``) enumerates.
EXACT_LIMIT: Final = 2_000
#: The unit of an :class:`Analysis`'s means: ``"chips"`` (pool games), ``"points"``
#: (points games; the bidding games' score change), ``"tricks"`` (objective
#: ``"tricks"``).
Unit: TypeAlias = Literal["chips", "points", "tricks"]

#: The search budget of one world, positions (the bot's defaults).
_MAX_NODES: Final = 100_000
_BIDDING_NODES: Final = 20_000
#: The most deals the exact mode looks at while enumerating (candidates before the
#: replay check).
_MOST_CANDIDATES: Final = 200_000
_TIE_BREAK: Final = ContextRuleOfThumbPlayer(warn_fallback=False)
_THUMB: Final = RuleOfThumbPlayer()


@attrs.frozen
class ActionAnalysis:
    """One legal action's figures (a row of :class:`Analysis`).

    Attributes:
        action: the action.
        mean: its expected result over the worlds, in the analysis's
            :attr:`~Analysis.unit` (chips, points or tricks).
        low: the lower end of the 95 % confidence interval of ``mean`` (``mean`` itself
            in the exact mode or with one world).
        high: the upper end.
        worlds: the worlds behind the figures (the same worlds for every row).
        win_chance: pool games under the ``"pool"`` objective: the chance (0 to 1) that
            the seat's side takes the pool in this hand; else ``None``.
    """

    action: Action
    mean: float
    low: float
    high: float
    worlds: int
    win_chance: float | None = None


@attrs.frozen
class Analysis:
    """Every legal action of one seat's decision and its figures (:func:`analyse`).

    Attributes:
        seat: the seat to act (the view's seat).
        variant: the game's name (the variant's ``name``).
        phase: the phase of the decision (:class:`~trumpfamily.outcomes.Phase`).
        unit: the unit of the means (:data:`Unit`).
        objective: what was valued (an :data:`~trumpfamily.search.results.Objective` of the
            turn-up games, or the bidding games' ``"gains"`` or ``"margin"``).
        budget: the worlds asked for (an int), or ``None`` for the exact mode.
        seed: the seed given (``None``: fresh randomness).
        rows: one :class:`ActionAnalysis` per action, best first (equal means: the
            search bot's tie-break, then legal order).
        worlds: the worlds searched (a world over the solver's budget is left out; a
            time budget may stop the sampling early).
        milliseconds: the time budget given, else ``None`` (reproducible).
    """

    seat: int
    variant: str
    phase: Phase
    unit: Unit
    objective: str
    budget: int | None
    seed: int | str | bytes | None
    rows: tuple[ActionAnalysis, ...]
    worlds: int
    milliseconds: float | None = None

    @property
    def best(self) -> Action:
        """The best action (the first row's)."""
        return self.rows[0].action

    @property
    def exact(self) -> bool:
        """Whether every consistent world was searched (``budget=None``)."""
        return self.budget is None

    def row(self, action: Action) -> ActionAnalysis:
        """The row of ``action``.

        Raises:
            InvalidArgumentError: ``action`` has no row (not a legal action, or a discard
                outside the candidates searched).
        """
        for r in self.rows:
            if r.action == action:
                return r
        raise InvalidArgumentError(
            f"Analysis.row: {safe_repr(action)} has no row (rows: "
            f"{', '.join(str(r.action) for r in self.rows[:12])})")

    def __str__(self) -> str:
        how = "every world" if self.budget is None else f"budget {self.budget}"
        head = (f"{self.variant}, seat {self.seat}, {self.phase.value}: {self.objective} in "
                f"{self.unit}, {self.worlds} worlds ({how})")
        chance = any(r.win_chance is not None for r in self.rows)
        width = max(len(str(r.action)) for r in self.rows)
        lines = [head]
        for r in self.rows:
            line = f"  {r.action!s:<{width}}  {r.mean:+8.2f}"
            if self.budget is not None:  # the exact mode has no sampling error
                line += f"  [{r.low:+.2f}, {r.high:+.2f}]"
            if chance and r.win_chance is not None:
                line += f"  win {r.win_chance:6.1%}"
            lines.append(line)
        return "\n".join(lines)


def _check_budget(owner: str, budget: object) -> int | None:
    if budget is not None and (type(budget) is not int or budget < 1):
        raise InvalidArgumentError(
            f"{owner}: budget={safe_repr(budget)} is not an int >= 1 (worlds) or None (exact)")
    return budget


def _check_seed(owner: str, seed: object) -> int | str | bytes | None:
    if seed is not None and type(seed) not in (int, str, bytes):
        raise InvalidArgumentError(
            f"{owner}: seed={safe_repr(seed)} is not a seed (an int, str, bytes or None)")
    return seed  # type: ignore[return-value]


def _check_view(owner: str, view: object) -> AnyView:
    if not isinstance(view, SeatView | BiddingView):
        raise InvalidArgumentError(
            f"{owner}: view={safe_repr(view)} is not a SeatView or BiddingView "
            "(HandState.view(seat))")
    if not view.legal_actions or view.to_act != view.seat:
        raise InvalidArgumentError(
            f"{owner}: view: seat {view.seat} has no legal action, it is not its turn "
            f"(to_act={view.to_act})")
    return view


def analyse(
    view: SeatView | BiddingView,
    *,
    budget: int | None = DEFAULT_BUDGET,
    seed: int | str | bytes | None = None,
    objective: str | None = None,
    milliseconds: float | None = None,
) -> Analysis:
    """Every legal action of the seat to act, valued over worlds consistent with its view.

    See the module notes for the method, the units and the win chance.

    Args:
        view: a seat's :class:`~trumpfamily.outcomes.SeatView` (turn-up games) or
            :class:`~trumpfamily.outcomes.BiddingView` (bidding games) with its turn to
            act, in any phase.
        budget: the worlds sampled (an int >= 1; default :data:`DEFAULT_BUDGET`), or
            ``None`` for the exact mode (turn-up games, at most :data:`EXACT_LIMIT`
            consistent deals): every consistent deal once.
        seed: an int, str or bytes: the same seed and view give the same analysis (and
            the same worlds as :class:`~trumpfamily.search.bots.SampleSolvePlayer` with
            that seed); ``None``: fresh randomness.
        objective: turn-up games: ``"pool"`` (pool games), ``"points"`` (points games) or
            ``"tricks"``; bidding games: ``"gains"`` or ``"margin"``; ``None`` (default):
            ``"pool"``, ``"points"`` or ``"gains"`` by the game.
        milliseconds: optionally, a time budget on top of ``budget`` (a positive number,
            or ``None``): the sampling stops at whichever runs out first, at least one
            world searched. Not reproducible (it depends on the machine and its load);
            not used by the exact mode.

    Returns:
        An :class:`Analysis`: a row per legal action (in a bidding game's discard with many
        options, per candidate: :func:`~trumpfamily.search.candidate_actions`), best first.

    Raises:
        InvalidArgumentError: ``view`` is not a view or has no legal action (not the
            seat's turn); ``budget`` is not an int >= 1 or ``None``, or is ``None`` for a
            bidding view or a view with more than :data:`EXACT_LIMIT` consistent deals;
            ``seed`` is not a seed; ``objective`` is not one of the game's;
            ``milliseconds`` is not a positive number or ``None``.
        SearchLimitError: every world was over the solver's budget (100,000 positions,
            the bot's; a large table early in a hand), so nothing was valued.
    """
    return _analyse(view, budget, seed, objective, _check_ms("analyse", milliseconds), (),
                    "analyse")


def _analyse(view: object, budget: object, seed: object, objective: object,
             milliseconds: float | None, extra: Sequence[Action], owner: str) -> Analysis:
    """:func:`analyse`, with ``extra`` actions valued as well (a bidding discard outside
    the candidates, for :func:`review`)."""
    view = _check_view(owner, view)
    n = _check_budget(owner, budget)
    s = _check_seed(owner, seed)
    deadline = None if milliseconds is None else time.perf_counter() + milliseconds / 1000
    if isinstance(view, BiddingView):
        if objective is not None and objective not in _ADVISOR_OBJECTIVES:
            raise InvalidArgumentError(
                f"{owner}: objective={safe_repr(objective)} is not one of "
                f"{', '.join(map(repr, _ADVISOR_OBJECTIVES))} (a bidding game) or None")
        if n is None:
            raise InvalidArgumentError(
                f"{owner}: budget=None (every world) is for the turn-up games; a bidding "
                "view takes an int budget")
        return _bidding(view, n, s, objective or "gains", extra, milliseconds, deadline)
    if objective is not None and objective not in OBJECTIVES[:3]:
        raise InvalidArgumentError(
            f"{owner}: objective={safe_repr(objective)} is not one of "
            f"{', '.join(map(repr, OBJECTIVES[:3]))} (a turn-up game) or None")
    _check_objective(objective, view, owner)  # type: ignore[arg-type]
    return _turn_up(view, n, s, objective, milliseconds, deadline)


def _turn_up(view: SeatView, budget: int | None, seed: int | str | bytes | None,
             objective: Any, milliseconds: float | None, deadline: float | None) -> Analysis:
    legal = view.legal_actions
    chosen = objective or ("pool" if view.variant.scoring.scoring == "pool" else "points")
    if budget is None:
        deals = _every_deal(view)
        table = _solve_all(view, legal, deals, chosen)
    elif view.trump is None:
        rng = _decision_rng(seed, view, "sample-solve")
        table = _solve_all(view, legal, _sampled(view, budget, rng), chosen, deadline)
    else:
        rng = _decision_rng(seed, view, "sample-solve")
        table = _solved_worlds(view, legal, budget, rng, objective, _MAX_NODES, deadline)
    if not table:
        raise SearchLimitError(
            f"analyse: every world was over the solver's budget ({_MAX_NODES:,} positions)",
            _MAX_NODES)
    worlds = len(table)
    columns = [[float(row[i]) for row in table] for i in range(len(legal))]
    if chosen == "pool":
        share = _pool_share(view)
        figures = []
        for col in columns:
            p = sum(col) / worlds
            lo, hi = (p, p) if budget is None else _wilson(p, worlds)
            figures.append((share * p, share * lo, share * hi, p))
        unit: Unit = "chips"
    else:
        figures = []
        for col in columns:
            mean, lo, hi = _interval(col)
            if budget is None:
                lo = hi = mean
            figures.append((mean, lo, hi, None))  # type: ignore[arg-type]
        unit = "tricks" if chosen == "tricks" else "points"
    sums = [sum(col) for col in columns]
    order = _order(legal, sums, lambda: _TIE_BREAK.choose(view))
    rows = tuple(ActionAnalysis(legal[i], figures[i][0], figures[i][1], figures[i][2],
                                worlds, figures[i][3]) for i in order)
    return Analysis(view.seat, view.variant.name, view.phase, unit, chosen, budget, seed,
                    rows, worlds, milliseconds)


def _order(legal: Sequence[Action], scores: Sequence[float],
           tie_break: Callable[[], Action]) -> list[int]:
    """The indices of ``legal`` best first: by score, the tie-break's action first among
    the best (the bot's ``_pick``), then legal order."""
    top = max(scores)
    tied = [i for i, s in enumerate(scores) if s == top]
    first = tied[0]
    if len(tied) > 1:
        preferred = tie_break()
        if preferred in legal and legal.index(preferred) in tied:
            first = legal.index(preferred)
    rest = sorted((i for i in range(len(legal)) if i != first), key=lambda i: (-scores[i], i))
    return [first, *rest]


def _wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % score interval of a proportion ``p`` over ``n`` trials."""
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def _pool_share(view: SeatView) -> float:
    """The chips the seat takes if its side takes the pool: the pool (the game's, else a
    fresh one of antes) over the side's seats."""
    game = view.game
    if game is not None and game.pool is not None:
        pool = game.pool
    else:
        pool = sum(antes(view.variant.scoring, view.players, view.dealer, after_spoil=False))
    side = next(s for s in view.sides if view.seat in s)
    return pool / len(side)


def _sampled(view: SeatView, n: int, rng: random.Random) -> Iterator[HandState]:
    """``n`` deals drawn with ``rng``, a chunk at a time as they are asked for (so that a
    time budget stops the sampling too, whatever ``n``)."""
    made = 0
    while made < n:
        chunk = sample_deals(view, min(_CHUNK, n - made), rng)
        made += len(chunk)
        yield from chunk


def _solve_all(view: SeatView, legal: Sequence[Action], deals: Iterable[HandState],
               objective: Any, deadline: float | None = None) -> list[list[int]]:
    """Per deal, each legal action's exact value (the action applied, then the rest of
    the hand solved: this also serves the dealer's discard for a turned-up joker, which
    the solver does not search at its root). A deal over the budget is left out."""
    table: list[list[int]] = []
    for k, deal in enumerate(deals):
        if deadline is not None and k and time.perf_counter() > deadline:
            break
        try:
            if deal.trump is not None:
                result = solve(deal, view.seat, objective, all_values=True,
                               max_nodes=_MAX_NODES)
                assert result.action_values is not None
                by = dict(result.action_values)
                table.append([by[a] for a in legal])
            else:
                table.append([solve(deal.apply(a), view.seat, objective,
                                    max_nodes=_MAX_NODES).value for a in legal])
        except SearchLimitError:
            continue
    return table


def _every_deal(view: SeatView) -> list[HandState]:
    """Every deal consistent with ``view``, once each (the unseen stock as a set), in a
    fixed order.

    Raises:
        InvalidArgumentError: more than :data:`EXACT_LIMIT` deals (``budget``).
    """
    total = count_deals(view)
    if total > EXACT_LIMIT:
        raise InvalidArgumentError(
            f"analyse: budget=None (every world) needs at most {EXACT_LIMIT:,} consistent "
            f"deals; seat {view.seat}'s view has {total:,} (give an int budget)")
    plan = _plan(view)
    c = plan.constraints
    places = [p for p in c.places if p.kind != "stock"]
    stock = next((p for p in c.places if p.kind == "stock"), None)
    ordered = [*places, *([stock] if stock is not None else [])]
    rng = random.Random(0)
    found: list[HandState] = []
    tried = 0

    def fill(i: int, left: tuple[Any, ...]) -> Iterator[list[list[Any]]]:
        if i == len(places):
            if stock is None:
                if not left:
                    yield []
            elif len(left) == stock.size:
                yield [list(left)]
            return
        p = places[i]
        allowed = [x for x in left if x not in p.excluded]
        for pick in itertools.combinations(allowed, p.size):
            rest = tuple(x for x in left if x not in pick)
            for tail in fill(i + 1, rest):
                yield [list(pick), *tail]

    for filled in fill(0, c.unseen):
        tried += 1
        if tried > _MOST_CANDIDATES:  # pragma: no cover - a view far beyond the limit
            raise InvalidArgumentError(
                f"analyse: budget=None: seat {view.seat}'s view needs more than "
                f"{_MOST_CANDIDATES:,} candidate deals to enumerate (give an int budget)")
        try:
            state = _build(view, c, plan.story, ordered, filled, rng)
        except TrumpFamilyError:
            continue
        if state.view(view.seat) == plan.target:
            found.append(state)
    if len(found) != total:  # pragma: no cover - an enumeration bug
        raise TrumpFamilyError(
            f"internal error: enumerated {len(found)} deals of seat {view.seat}'s view, "
            f"count_deals says {total}; please report it with the hand's record")
    return found


def _bidding(view: BiddingView, budget: int, seed: int | str | bytes | None,
             objective: str, extra: Sequence[Action], milliseconds: float | None,
             deadline: float | None) -> Analysis:
    """The bidding games: the bot's worlds and candidates, the advisor's values."""
    rng = _bidding_rng(seed, view, "sample-solve")
    legal = view.legal_actions
    chosen = (legal if view.phase is Phase.PLAY
              else candidate_actions(view, _THUMB, limit=12))
    if extra:
        chosen = tuple(a for a in legal if a in chosen or a in extra)
    ev = _Evaluator(view.seat, _THUMB, _BIDDING_NODES, objective)
    table: list[list[float]] = []
    deals: list[BiddingHand] = []
    for k in range(budget):
        if not deals:
            deals = sample_deals(view, min(_CHUNK, budget - k), rng)[::-1]
        table += _values(ev, [deals.pop()], chosen)
        if deadline is not None and k + 1 < budget and time.perf_counter() > deadline:
            break
    values = _rows(chosen, table)
    means = {r.action: r.mean for r in values}
    order = _order(chosen, [means[a] for a in chosen], lambda: _TIE_BREAK.choose(view))
    by = {r.action: r for r in values}
    rows = tuple(ActionAnalysis(chosen[i], by[chosen[i]].mean, by[chosen[i]].ci_low,
                                by[chosen[i]].ci_high, by[chosen[i]].worlds)
                 for i in order)
    return Analysis(view.seat, view.variant.name, view.phase, "points", objective, budget,
                    seed, rows, len(table), milliseconds)


# -- review ----------------------------------------------------------------------------


@attrs.frozen
class Decision:
    """One decision of the reviewed seat (a row of :class:`Review`).

    Attributes:
        hand: the hand's number in the record (1 for the first; 1 for a hand record).
        index: the action's 0-based position among the hand's actions (as in the record's
            ``"actions"``).
        phase: the phase of the decision.
        action: the action the seat took.
        best: the best action of the analysis (``None`` if the decision was not analysed).
        loss: the expected loss of the action taken, ``best`` row's mean minus the taken
            action's, in the analysis's unit (>= 0); ``0.0`` for a forced decision;
            ``None`` if not analysed (every world over the solver's budget, or too many
            deals for the exact mode).
        forced: the seat had one legal action (not analysed, ``loss`` 0).
        analysis: the :class:`Analysis` behind the figures, ``None`` for a forced or
            unanalysed decision. In a bidding game's discard with many options, the
            action taken is valued with the candidates, on the same worlds, when it is not
            one of them.
    """

    hand: int
    index: int
    phase: Phase
    action: Action
    best: Action | None
    loss: float | None
    forced: bool
    analysis: Analysis | None = attrs.field(default=None, repr=False)


@attrs.frozen
class Review:
    """Every decision of one seat in a record, against the best action (:func:`review`).

    Attributes:
        seat: the reviewed seat.
        variant: the game's name.
        unit: the unit of the losses (:data:`Unit`; ``None`` when nothing was analysed).
        budget: the worlds per decision (``None``: exact mode).
        seed: the seed given.
        decisions: every decision of the seat, in play order (forced ones flagged).
    """

    seat: int
    variant: str
    unit: Unit | None
    budget: int | None
    seed: int | str | bytes | None
    decisions: tuple[Decision, ...]

    @property
    def total_loss(self) -> float:
        """The sum of the analysed decisions' losses, in :attr:`unit`."""
        return math.fsum(d.loss for d in self.decisions if d.loss is not None)

    def worst(self, n: int | None = None) -> tuple[Decision, ...]:
        """The analysed, unforced decisions by loss, the worst first (equal losses in play
        order); the first ``n`` (an int >= 0) or all.

        Raises:
            InvalidArgumentError: ``n`` is not an int >= 0 or ``None``.
        """
        if n is not None and (type(n) is not int or n < 0):
            raise InvalidArgumentError(f"Review.worst: n={safe_repr(n)} is not an int >= 0")
        ranked = sorted((d for d in self.decisions if d.loss is not None and not d.forced),
                        key=lambda d: -d.loss)  # type: ignore[operator]
        return tuple(ranked if n is None else ranked[:n])

    def __str__(self) -> str:
        how = "every world" if self.budget is None else f"budget {self.budget}"
        unit = self.unit or "-"
        count = len(self.decisions)
        lines = [(f"{self.variant}, seat {self.seat}: {count} decision{'s' * (count != 1)}, "
                  f"total loss {self.total_loss:.2f} {unit} ({how})")]
        for d in self.decisions:
            if d.forced:
                what = "forced"
            elif d.loss is None:
                what = "not analysed"
            elif d.loss == 0:
                what = "best" if d.best == d.action else f"best (equal to {d.best})"
            else:
                what = f"loss {d.loss:.2f}, best {d.best}"
            lines.append(f"  hand {d.hand}, action {d.index} ({d.phase.value}): {d.action}  {what}")
        return "\n".join(lines)


def review(
    record: Any,
    seat: int,
    *,
    budget: int | None = DEFAULT_BUDGET,
    seed: int | str | bytes | None = None,
    milliseconds: float | None = None,
) -> Review:
    """Each decision of ``seat`` in a hand or game, against the best action by
    :func:`analyse`.

    Args:
        record: a hand record (:meth:`HandState.record
            <trumpfamily.engine.HandState.record>`, a bidding hand's too) or a game record
            (:meth:`GameState.record <trumpfamily.game.GameState.record>`), as a mapping
            (through JSON is fine; what :func:`~trumpfamily.records.replay` and
            :func:`~trumpfamily.records.replay_game` accept); or a
            :class:`~trumpfamily.engine.HandState`,
            :class:`~trumpfamily.bidding.engine.BiddingHand`,
            :class:`~trumpfamily.game.GameState` or :class:`~trumpfamily.game.Game`
            (its record is read).
        seat: the seat reviewed (an int).
        budget: the worlds per decision (as :func:`analyse`); ``None``: the exact mode
            on every decision with at most :data:`EXACT_LIMIT` consistent deals (late in a
            hand), the others not analysed (``loss`` ``None``).
        seed: as :func:`analyse` (the same seed for every decision; each decision's worlds
            derive from it and the view).
        milliseconds: optionally, a time budget per decision (as :func:`analyse`).

    Returns:
        A :class:`Review`: one :class:`Decision` per action of ``seat``, in play order.
        A decision with one legal action is ``forced`` and not analysed.

    Raises:
        ReplayError: the record does not replay (:func:`~trumpfamily.records.replay`).
        InvalidArgumentError: ``record`` is none of the above, ``seat`` is not a seat of
            the table, a bad ``budget`` or ``seed``; ``budget=None`` on a bidding game.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import review
    >>> state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, seed=4)
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> r = review(state, 0, budget=4, seed=1)
    >>> len(r.decisions), r.total_loss >= 0
    (5, True)
    """
    owner = "review"
    n = _check_budget(owner, budget)
    s = _check_seed(owner, seed)
    ms = _check_ms(owner, milliseconds)
    steps = _steps(record)
    decisions: list[Decision] = []
    unit: Unit | None = None
    variant = ""
    checked = False
    for hand, index, state, action in steps:
        if not checked:
            players = state.players
            if type(seat) is not int or not 0 <= seat < players:
                raise InvalidArgumentError(
                    f"review: seat={safe_repr(seat)} is not a seat of this "
                    f"{players}-player table (0 to {players - 1})")
            variant = state.variant.name
            checked = True
        if state.to_act != seat:
            continue
        view = state.view(seat)
        legal = view.legal_actions
        if len(legal) == 1:
            decisions.append(Decision(hand, index, view.phase, action, action, 0.0, True))
            continue
        if n is None and isinstance(view, BiddingView):
            raise InvalidArgumentError(
                "review: budget=None (every world) is for the turn-up games; a bidding "
                "game takes an int budget")
        if n is None and count_deals(view) > EXACT_LIMIT:
            decisions.append(Decision(hand, index, view.phase, action, None, None, False))
            continue
        try:
            a = _analyse(view, n, s, None, ms, (action,), owner)
        except SearchLimitError:
            decisions.append(Decision(hand, index, view.phase, action, None, None, False))
            continue
        unit = a.unit
        taken = a.row(action).mean
        loss = max(0.0, a.rows[0].mean - taken)
        decisions.append(Decision(hand, index, view.phase, action, a.best, loss, False, a))
    if not checked:
        raise InvalidArgumentError("review: the record holds no action")
    return Review(seat, variant, unit, n, s, tuple(decisions))


def _steps(record: Any) -> Iterator[tuple[int, int, Any, Action]]:
    """Every action of the record: (hand number, index in the hand, the state before it
    (a hand, or a game whose views carry the game context), the action)."""
    from ..convert import CONVERTER
    from ..game import Game, GameState
    from ..records import replay, replay_game

    if isinstance(record, Game):
        record = record.record()
    if isinstance(record, HandState | BiddingHand | GameState):
        record = record.record()
    if not isinstance(record, Mapping):
        raise InvalidArgumentError(
            f"review: record={safe_repr(record)} is not a hand or game record (a mapping "
            "from .record()), a hand or a game")
    if record.get("kind") == "game":
        replay_game(record)  # checks the whole record first
        state = replay_game({**record, "deals": []})
        for h, deal in enumerate(record["deals"]):
            for i, raw in enumerate(deal["actions"]):
                action: Action = CONVERTER.structure(raw, Action)  # type: ignore[arg-type]
                yield h + 1, i, state, action
                state = state.apply(action)
        return
    replay(record)
    hand = replay({**record, "actions": []})
    for i, raw in enumerate(record["actions"]):
        action = CONVERTER.structure(raw, Action)  # type: ignore[arg-type]
        yield 1, i, hand, action
        hand = hand.apply(action)
