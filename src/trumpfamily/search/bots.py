"""Search bots: :class:`SampleSolvePlayer` and :class:`ISMCTSPlayer` (issue 11).

The top of the bot ladder (:class:`~trumpfamily.players.RandomPlayer`,
:class:`~trumpfamily.players.RuleOfThumbPlayer`,
:class:`~trumpfamily.players.ContextRuleOfThumbPlayer`, then these two). Both are
:class:`~trumpfamily.players.Player` objects: ``choose(view) -> Action``, and they read
only the view. They fill in the cards they cannot see with deals drawn uniformly from
those consistent with the view (:func:`~trumpfamily.search.sample_deals`), and search
those deals:

* :class:`SampleSolvePlayer` (perfect-information Monte Carlo): solves each sampled deal
  exactly (:func:`~trumpfamily.search.solve`) and plays the action with the best average
  value over the samples.
* :class:`ISMCTSPlayer` (single-observer information-set Monte Carlo tree search,
  Cowling, Powley and Whitehouse 2012): one tree over the seat's information set, a new
  sampled deal each iteration, selection by UCB with availability counts, rollouts to the
  end of the hand, each seat's reward its own result.

**Reproducibility.** Each bot takes a ``seed``; the random generator of one decision is
derived from the seed and the view alone (SHA-256 of both, never ``hash()`` or ``id()``),
so the same seed and the same view give the same choice, in any process, whatever the
cards the seat cannot see. Count budgets (``samples``, ``iterations``) are reproducible;
a time budget (``milliseconds``) stops the search by the clock, so its choices depend on
the machine and its load and are not reproducible.

**Budgets.** The count budget always applies; ``milliseconds`` adds a time budget on top
of it, and the search stops at whichever runs out first. A time budget alone is a count
too large to be reached, e.g. ``ISMCTSPlayer(10**9, milliseconds=50)``.

**Phases.** Every phase of the turn-up games is searched (robbing, rob prompts, fiving,
the claim and the jink: :func:`~trumpfamily.search.solve` and the engine handle them). A
seat with one legal action takes it without search. The dealer's discard for a turned-up
joker (no trump suit yet) is the ``fallback`` player's choice
(:class:`~trumpfamily.players.ContextRuleOfThumbPlayer` by default).

**The bidding games** (a :class:`~trumpfamily.outcomes.BiddingView`) are searched in
every phase (issue 20): :class:`SampleSolvePlayer` decides the auction, trumps, the kitty
and the draw (``Discard``; ``Take`` under ``rob_pack``) by the bid advisor
(:func:`~trumpfamily.search.evaluate_actions`: sampled worlds, the rule of thumb to the
play, the play solved exactly) over :func:`~trumpfamily.search.candidate_actions` (every
legal action, or a documented few of many discards), and the play by each card's exact
value averaged over sampled worlds; :class:`ISMCTSPlayer` searches the whole rest of the
hand from the view (a new world each iteration; the other seats' face-down discards and
takes by the rollout policy, unbranched; this seat's by the candidate set). A play over
the solver's budget is played out by the rule of thumb (an approximation inside the
search, not a fallback).

**Fallbacks** (a decision made by the ``fallback`` player, not the search) are counted on
the bot (:attr:`~SampleSolvePlayer.fallbacks`): the dealer's discard for a turned-up
joker, and every sampled deal of a turn-up decision over ``max_nodes``. None remains in
the bidding games (a test plays every preset and requires 0); a fallback in a bidding
game would issue one :class:`~trumpfamily.players.BiddingFallbackWarning` per bot
(``warn_fallback=False`` silences it). ``falls_back_in_bidding`` is ``False``.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, Literal, TypeAlias

from ..actions import Action, Discard, Take
from ..bidding.engine import BiddingHand
from ..engine import HandState
from ..errors import InvalidArgumentError, SearchLimitError, safe_repr
from ..outcomes import AnyView, BiddingView, Phase, SeatView
from ..players import (
    BiddingFallbackWarning,
    ContextRuleOfThumbPlayer,
    Player,
    _legal,
)
from ._playout import _Evaluator, _values
from ._tree import _CHUNK, _THUMB, _Node, _rollout_policy, _select, search
from .advisor import _rows, best_action, candidate_actions
from .bidding_constraints import check_shape as _bidding_shape
from .bidding_sampling import metropolis_deals, weighted_deals
from .constraints import check_shape as _turnup_shape
from .sampling import sample_deals
from .solver import OBJECTIVES, Objective, default_objective, solve

__all__ = ["ISMCTSPlayer", "InferenceSampler", "Rollout", "SampleSolvePlayer"]

#: The rollout policies of :class:`ISMCTSPlayer`: ``"random"`` (uniform among the legal
#: actions) or ``"rule-of-thumb"`` (:class:`~trumpfamily.players.RuleOfThumbPlayer`).
Rollout: TypeAlias = Literal["random", "rule-of-thumb"]
_ROLLOUTS: Final = ("random", "rule-of-thumb")

#: How :class:`SampleSolvePlayer` draws its worlds with ``inference``: ``"resample"``
#: (weighted deals resampled by weight) or ``"metropolis"``
#: (:func:`~trumpfamily.search.metropolis_deals`).
InferenceSampler: TypeAlias = Literal["resample", "metropolis"]
_SAMPLERS: Final = ("resample", "metropolis")



def _checked_legal(player: object, view: object) -> tuple[Action, ...]:
    """The legal actions of ``view`` (:func:`~trumpfamily.players._legal`), once the view has
    the shape of a view (every field of its type and of a bounded size; the samplers'
    check, :func:`~trumpfamily.search.constraints.check_shape`): a view altered by a remote
    player or a file gets :class:`InvalidArgumentError` before a search reads it, the same
    in both builds (docs/howto/game-server.rst, "Untrusted input")."""
    if isinstance(view, BiddingView):
        _bidding_shape(view)
    elif isinstance(view, SeatView):
        _turnup_shape(view)
    return _legal(player, view)

def _check_count(owner: str, name: str, value: object, low: int = 1) -> int:
    if type(value) is not int or value < low:
        raise InvalidArgumentError(f"{owner}: {name}={safe_repr(value)} is not an int >= {low}")
    return value



def _finite(value: object) -> bool:
    """Whether ``value`` is an int or float with a finite float value (an int too large
    for a float is not: ``math.isfinite`` would raise OverflowError on it)."""
    if type(value) is float:
        return math.isfinite(value)
    return type(value) is int and abs(value) < 2 ** 1023

def _check_ms(owner: str, value: object) -> float | None:
    if value is None:
        return None
    if not isinstance(value, (int, float)) or type(value) is bool or not (
            # an int too large for a float is no time limit either (OverflowError)
            (isinstance(value, float) or abs(value) < 2 ** 1023)
            and math.isfinite(value) and value > 0):
        raise InvalidArgumentError(
            f"{owner}: milliseconds={safe_repr(value)} is not a positive number (or None)")
    return float(value)


def _check_flag(owner: str, name: str, value: object) -> bool:
    if type(value) is not bool:
        raise InvalidArgumentError(f"{owner}: {name}={safe_repr(value)} is not a bool")
    return value


def _fallback(owner: str, fallback: object) -> Player:
    """The fallback player: ``fallback``, or a silent ContextRuleOfThumbPlayer (the search
    bot warns for both, once)."""
    if fallback is not None and not callable(getattr(fallback, "choose", None)):
        raise InvalidArgumentError(f"{owner}: fallback={fallback!r:.60} has no choose(view)")
    if fallback is None:
        return ContextRuleOfThumbPlayer(warn_fallback=False)
    return fallback  # type: ignore[return-value]


def _fall_back(bot: Any, view: AnyView, why: str) -> Action:
    """A decision the search does not make: the ``fallback``'s choice, counted on the bot
    (:attr:`fallbacks`) and, in a bidding game, warned once per bot
    (:class:`~trumpfamily.players.BiddingFallbackWarning`, unless ``warn_fallback=False``)."""
    bot.fallbacks += 1
    if (isinstance(view, BiddingView) and bot.warn_fallback
            and not getattr(bot, "_fallback_warned", False)):
        bot._fallback_warned = True
        warnings.warn(BiddingFallbackWarning(
            f"{type(bot).__name__}: a decision of {view.variant.name} is its fallback's "
            f"({type(bot.fallback).__name__}): {why} (counted in .fallbacks; warned once "
            "per bot; warn_fallback=False silences it)"), stacklevel=4)
    action: Action = bot.fallback.choose(view)
    return action


def _bidding_rng(seed: int | str | bytes | None, view: BiddingView, salt: str) -> random.Random:
    """The random generator of one bidding decision: seeded from ``seed`` and everything
    the view shows (never the cards the seat cannot see)."""
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    text = repr((salt, seed, tuple(view)))
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def _check_seed(owner: str, seed: object) -> int | str | bytes | None:
    if seed is not None and type(seed) not in (int, str, bytes):
        raise InvalidArgumentError(
            f"{owner}: seed={safe_repr(seed)} is not a seed (an int, str, bytes or None)")
    return seed  # type: ignore[return-value]


def _decision_rng(seed: int | str | bytes | None, view: SeatView, salt: str) -> random.Random:
    """The random generator of one decision: seeded from ``seed`` and what ``view`` shows
    (the seat, its hand, the public history, the tricks, the turn-up, its own discards
    and the game around the hand), never from the cards the seat cannot see.
    ``seed=None`` adds fresh randomness (unpredictable choices)."""
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    text = repr((
        salt, seed, view.seat, view.players, view.dealer, view.variant.name, view.phase.value,
        view.hand, view.history, view.turned_up, view.turn_up, view.fived, view.my_discard,
        view.my_joker_discard, view.current_trick, view.game,
    ))
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


class SampleSolvePlayer:
    """Perfect-information Monte Carlo: sample deals consistent with the view, solve each
    exactly, play the best action on average.

    Args:
        samples: deals sampled per decision (an int >= 1): the count budget.
        seed: seeds the bot (an int, str or bytes); the same seed and view give the same
            choice. ``None``: unpredictable.
        objective: what :func:`~trumpfamily.search.solve` maximises for the seat's side
            (:data:`~trumpfamily.search.results.Objective`); ``None``: ``"pool"`` in pool games,
            ``"points"`` in points games. ``"points"`` suits the points games only and
            ``"pool"`` the pool games only (refused at the first decision in another game).
        milliseconds: optionally, a time budget per decision, on top of ``samples``:
            sampling and solving stop at whichever runs out first, the ``samples`` deals
            or the time (at least one deal is solved). Not reproducible (see the module
            notes).
        fallback: the player for what is not searched (the dealer's discard for a
            turned-up joker; counted in :attr:`fallbacks`) and for ties: among the
            actions with the best average, the fallback's choice if it is one of them,
            else the first in legal order. Default:
            :class:`~trumpfamily.players.ContextRuleOfThumbPlayer` (made silent: this
            bot warns for it).
        warn_fallback: issue a :class:`~trumpfamily.players.BiddingFallbackWarning` at
            the first fallback in a bidding game (default ``True``); ``False``: never.
        candidates: in the bidding games, the most actions searched at a discard or a
            take (an int >= 1; :func:`~trumpfamily.search.candidate_actions`).
        max_nodes: the search budget of one sampled deal, in positions (an int >= 1, or
            ``None`` for none): a deal that needs more (a large table early in the hand
            can need millions, minutes of search) is left out of the average
            (:class:`~trumpfamily.errors.SearchLimitError`); if every deal of a decision
            is left out, the bot plays its ``fallback``'s choice. Default 100,000 (about
            half a second of search). The turn-up games only.
        bidding_nodes: the same budget in the bidding games (an int >= 1 or ``None``;
            default 20,000), where a play over it is played out by the rule of thumb.
        guard: in the bidding games, the confidence guard (a number >= 0, standard
            errors; default 2.0): the bot plays the rule of thumb's action unless another
            candidate beats it, paired over the same worlds, by more than ``guard``
            standard errors of the per-world gain (then the one with the highest such
            lower bound). ``None``: no guard, the best mean (the plain argmax, weaker:
            docs/howto/search-bots.rst). The standard error is taken over the ``samples``
            worlds as drawn: with ``inference`` a deal resampled ``m`` times counts ``m``
            times, so where few distinct deals fit the auction the guard is looser than
            its nominal width, and with one distinct deal it does not hold back at all.
        inference: in the bidding games, ``None`` (default) for uniform worlds; or a pool
            size (an int >= 1): that many worlds are drawn by
            :func:`~trumpfamily.search.weighted_deals` (weighted by how likely the rule of
            thumb makes the other seats' calls, trumps and exchange) and ``samples`` of
            them resampled by weight, so that the worlds read what the auction said.
        sampler: how the ``inference`` worlds are drawn (with ``inference`` only; without
            it the worlds are uniform whatever the sampler): ``"resample"`` (default: as
            above) or ``"metropolis"``: by :func:`~trumpfamily.search.metropolis_deals`
            from the same posterior, for about the same number of replays (a chain from
            the heaviest of ``max(1, inference // 4)`` weighted deals, every ``max(1,
            (inference - inference // 4) // samples)``-th step kept), so that the
            ``samples`` worlds are mostly distinct deals (resampling draws the few
            heaviest again where few deals fit the auction).
        weigh_plays: with ``inference``, also weigh the cards the other sides have played
            by how likely the rule of thumb makes them (``weighted_deals(...,
            plays=True)``; a bool, default ``False``): against rule-of-thumb opponents
            their cards say much of their hands. Its partners' cards are not weighed.

    Each sampled deal is solved with every action's exact value (the paranoid reading
    with more than two sides: see :func:`~trumpfamily.search.solve`); the action with the
    highest mean value is played. The usual weakness of the method applies: each sample
    is solved as if every card were known to everyone ("strategy fusion").

    **The pool objective at a larger table.** With ``"pool"`` (the default in a pool
    game) a sampled deal is worth 1 if the seat can take the pool against every other seat
    playing together against it, else 0. With three or more players the others can
    usually stop it, so every action is often worth 0 in every sample: all tie, and the
    bot plays its ``fallback``'s choice. In multi-player Spoil Five or Maw it therefore
    mostly plays as its fallback. ``objective="tricks"`` (tricks held at the end of the
    hand, still against everyone) separates the actions far more often, at a higher cost
    per sample (the pool search stops once the pool is decided; the tricks search plays
    the hand further).

    **The bidding games**: the auction, trumps, the kitty and the draw by
    :func:`~trumpfamily.search.evaluate_actions` over ``samples`` worlds (the side's
    ``gains``; ties: the ``fallback``'s choice if tied, else the first), on
    :func:`~trumpfamily.search.candidate_actions` (at most ``candidates`` of many
    discards); the play by each card's exact ``gains`` averaged over ``samples`` worlds.
    Every phase is then guarded (``guard``): the rule of thumb's action is kept unless
    another beats it clearly on the same worlds (policy improvement with a confidence
    guard; the plain argmax of a few noisy means loses to the rule of thumb).
    ``bidding_nodes`` (default 20,000 positions) is the solver's budget per world there;
    a play over it is played out by the rule of thumb. At the defaults a decision takes
    0.3 s (median) to 1 s (max) before the play, 0.005 to 0.2 s in the play (Auction 45s,
    four players; docs/howto/search-bots.rst).

    Attributes:
        fallbacks: decisions made by the ``fallback`` instead of the search (see the
            module notes): 0 in the bidding games.

    Raises:
        InvalidArgumentError: a bad ``samples``, ``seed``, ``objective`` (not one of
            :data:`~trumpfamily.search.results.OBJECTIVES`), ``milliseconds``, ``guard``,
            ``inference``, ``sampler``, ``weigh_plays``, ``candidates``, ``bidding_nodes``,
            ``max_nodes`` or ``warn_fallback``; ``fallback`` has no ``choose`` method. (An
            ``objective`` that does not suit the game's scoring is refused by
            :meth:`choose`, the first time the game is known.)

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=4)
    >>> bot = tf.SampleSolvePlayer(samples=4, seed=1)
    >>> bot.choose(state.view(state.to_act)) in state.legal_actions()
    True
    """

    #: Every phase of the bidding games is searched (no decision is handed over wholesale).
    falls_back_in_bidding: ClassVar[bool] = False

    def __init__(
        self,
        samples: int = 8,
        *,
        seed: int | str | bytes | None = None,
        objective: Objective | None = None,
        milliseconds: float | None = None,
        fallback: Player | None = None,
        max_nodes: int | None = 100_000,
        warn_fallback: bool = True,
        candidates: int = 12,
        bidding_nodes: int | None = 20_000,
        guard: float | None = 2.0,
        inference: int | None = None,
        sampler: InferenceSampler = "resample",
        weigh_plays: bool = False,
    ) -> None:
        owner = "SampleSolvePlayer"
        if inference is not None:
            _check_count(owner, "inference", inference)
        self.inference = inference
        if not isinstance(sampler, str) or str(sampler) not in _SAMPLERS:
            raise InvalidArgumentError(
                f"{owner}: sampler={safe_repr(sampler)} is not one of "
                f"{', '.join(map(repr, _SAMPLERS))}")
        self.sampler: InferenceSampler = str(sampler)  # type: ignore[assignment]  # checked
        self.weigh_plays = _check_flag(owner, "weigh_plays", weigh_plays)
        if guard is not None and (not _finite(guard) or guard < 0):
            raise InvalidArgumentError(
                f"{owner}: guard={safe_repr(guard)} is not a number >= 0 (or None)")
        self.guard = None if guard is None else float(guard)
        self.candidates = _check_count(owner, "candidates", candidates)
        if bidding_nodes is not None:
            _check_count(owner, "bidding_nodes", bidding_nodes)
        self.bidding_nodes = bidding_nodes
        # decisions made by the fallback instead of the search (the class's Attributes)
        self.fallbacks = 0
        if max_nodes is not None:
            _check_count(owner, "max_nodes", max_nodes)
        self.max_nodes = max_nodes
        self.samples = _check_count(owner, "samples", samples)
        self.seed = _check_seed(owner, seed)
        if objective is not None and objective not in OBJECTIVES:
            raise InvalidArgumentError(
                f"{owner}: objective={safe_repr(objective)} is not one of "
                f"{', '.join(map(repr, OBJECTIVES))} (or None)")
        self.objective = objective
        self.milliseconds = _check_ms(owner, milliseconds)
        self.fallback: Player = _fallback(owner, fallback)
        #: Whether the first bidding decision issues a BiddingFallbackWarning.
        self.warn_fallback = _check_flag(owner, "warn_fallback", warn_fallback)

    def __repr__(self) -> str:
        return (f"SampleSolvePlayer(samples={self.samples}, seed={self.seed!r}, "
                f"objective={self.objective!r}, milliseconds={self.milliseconds!r}, "
                f"max_nodes={self.max_nodes!r}, guard={self.guard!r}, "
                f"inference={self.inference!r}, "
                f"sampler={self.sampler!r}, weigh_plays={self.weigh_plays!r})")

    def choose(self, view: AnyView) -> Action:
        """The action with the best mean value over the sampled deals (in a bidding game,
        the guarded choice: see ``guard``). The ``fallback`` plays only a decision the
        search cannot make (counted in :attr:`fallbacks`: none in the bidding games).

        Warns:
            BiddingFallbackWarning: at the first fallback decision of a bidding game (none
                is expected), unless ``warn_fallback=False``.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`~trumpfamily.outcomes.SeatView`
                or :class:`~trumpfamily.outcomes.BiddingView`, or has no legal action (not
                this seat's turn); ``objective`` does not suit the game's scoring
                (``"points"`` in a pool game, ``"pool"`` in a points game; the message
                names the bot).
        """
        # one search, shared with choose_with_reason (which also words the values)
        return self.choose_with_reason(view)[0]

    def choose_with_reason(self, view: AnyView) -> tuple[Action, str]:
        """:meth:`choose`'s action and why, with the values behind it ("best of 12 legal
        actions over 8 worlds: play 5H +0.40 points [-0.10, +0.90]; next play AH
        +0.20"): the mean over the solved worlds of each action's exact value, in the
        objective's unit, with a 95 % interval (Student's t over the worlds); in the
        bidding games the paired gain over the rule of thumb's action that the guard
        reads.

        Returns:
            ``(action, reason)``: the same action as :meth:`choose` for the same seed and
            view (a count budget; a ``milliseconds`` budget is not reproducible), and a
            short reason (a non-empty str).

        Raises:
            InvalidArgumentError: as :meth:`choose`.

        >>> import trumpfamily as tf
        >>> state = tf.new_hand(tf.FORTY_FIVE, players=2, seed=3)
        >>> view = state.view(state.to_act)
        >>> action, reason = tf.SampleSolvePlayer(4, seed=1).choose_with_reason(view)
        >>> action == tf.SampleSolvePlayer(4, seed=1).choose(view), reason.startswith("best of")
        (True, True)
        """
        legal = _checked_legal(self, view)
        if len(legal) == 1:
            return legal[0], "the only legal action"
        if isinstance(view, BiddingView):
            return self._bidding_with_reason(view, legal)
        if view.trump is None:
            return (_fall_back(self, view, "the dealer's discard for a turned-up joker"),
                    ("the dealer's discard for a turned-up joker: the fallback's choice "
                    "(not searched)"))
        _check_objective(self.objective, view)
        deadline = None if self.milliseconds is None else (
            time.perf_counter() + self.milliseconds / 1000)
        rng = _decision_rng(self.seed, view, "sample-solve")
        table = _solved_worlds(view, legal, self.samples, rng, self.objective,
                               self.max_nodes, deadline)
        solved = len(table)
        if not solved:  # every deal over the search budget
            return (_fall_back(self, view, "every sampled deal was over max_nodes"),
                    (f"every one of {self.samples} sampled worlds was over max_nodes: the "
                    "fallback's choice"))
        totals = [sum(column) for column in zip(*table, strict=True)]
        per_world = [[float(v) for v in column] for column in zip(*table, strict=True)]
        objective = self.objective or ("pool" if view.variant.scoring.scoring == "pool"
                                       else "points")
        action = _pick(legal, totals, lambda: self.fallback.choose(view))
        unit = _OBJECTIVE_UNITS.get(str(objective), str(objective))
        return action, _values_reason(legal, per_world, action, unit, solved)

    def _bidding_with_reason(self, view: BiddingView, legal: tuple[Action, ...]
                             ) -> tuple[Action, str]:
        """A bidding decision and its reason: the auction, trumps, the kitty and the draw
        by the bid advisor (:func:`~trumpfamily.search.evaluate_actions` over ``samples``
        worlds, on :func:`~trumpfamily.search.candidate_actions`), the play by the exact
        value of each card averaged over the worlds."""
        deadline = None if self.milliseconds is None else (
            time.perf_counter() + self.milliseconds / 1000)
        rng = _bidding_rng(self.seed, view, "sample-solve")
        chosen = (legal if view.phase is Phase.PLAY
                  else candidate_actions(view, _THUMB, limit=self.candidates))
        if len(chosen) == 1:
            return chosen[0], "the only candidate action"
        ev = _Evaluator(view.seat, _THUMB, self.bidding_nodes)
        table: list[list[float]] = []
        deals: list[BiddingHand] = []
        #: the worlds solved so far and their rows, by identity (the world is kept, so
        #: its id is not reused): resampling by weight draws the same world again, and
        #: its row is the same, so it is solved once
        solved: dict[int, tuple[BiddingHand, list[list[float]]]] = {}
        if self.inference is not None and self.sampler == "metropolis":
            start = max(1, self.inference // 4)
            deals = metropolis_deals(view, self.samples, policy=_THUMB, start=start,
                                     thin=max(1, (self.inference - start) // self.samples),
                                     rng=rng, plays=self.weigh_plays)
        elif self.inference is not None:
            deals = _resampled(view, self.samples, self.inference, rng, self.weigh_plays)
        for k in range(self.samples):
            if not deals:
                deals = sample_deals(view, min(_CHUNK, self.samples - k), rng)[::-1]
            deal = deals.pop()
            if id(deal) not in solved:
                solved[id(deal)] = (deal, _values(ev, [deal], chosen))
            table += solved[id(deal)][1]
            if deadline is not None and k + 1 < self.samples and time.perf_counter() > deadline:
                break
        columns = [[row[i] for row in table] for i in range(len(chosen))]
        if self.guard is None:
            rows = _rows(chosen, table)
            action = best_action(rows, lambda: self.fallback.choose(view))
            return action, _values_reason(chosen, columns, action, "points", len(table))
        policy = _THUMB.choose(view)
        action = _guarded(chosen, table, policy, self.guard)
        return action, _guard_reason(chosen, table, policy, action, self.guard)


def _solved_worlds(view: SeatView, legal: tuple[Action, ...], samples: int,
                   rng: random.Random, objective: Objective | None, max_nodes: int | None,
                   deadline: float | None = None) -> list[list[int]]:
    """The turn-up search of :class:`SampleSolvePlayer` (and of
    :func:`~trumpfamily.search.analysis.analyse`): ``samples`` deals drawn with ``rng``
    (in chunks of :data:`_CHUNK`), each solved with every action's exact value; per
    solved deal, the values in the order of ``legal``. A deal over ``max_nodes`` is left
    out; ``deadline`` (``time.perf_counter()``) stops the sampling early."""
    index = {a: i for i, a in enumerate(legal)}
    table: list[list[int]] = []
    deals: list[HandState] = []
    for k in range(samples):
        if not deals:
            deals = sample_deals(view, min(_CHUNK, samples - k), rng)[::-1]
        deal = deals.pop()
        if objective is None:
            objective = default_objective(deal)
        try:
            result = solve(deal, view.seat, objective, all_values=True, max_nodes=max_nodes)
        except SearchLimitError:
            result = None  # over budget: left out of the average
        if result is not None:
            assert result.action_values is not None
            row = [0] * len(legal)
            for action, value in result.action_values:
                row[index[action]] = value
            table.append(row)
        if deadline is not None and k + 1 < samples and time.perf_counter() > deadline:
            break
    return table


def _resampled(view: BiddingView, n: int, pool: int, rng: random.Random,
               plays: bool = False) -> list[BiddingHand]:
    """``n`` worlds drawn from ``pool`` weighted ones (:func:`weighted_deals` under the rule
    of thumb, the other sides' cards weighed too with ``plays``) in proportion to their
    weights (systematic resampling); uniform ones when every weight is 0."""
    pairs = weighted_deals(view, pool, policy=_THUMB, rng=rng, plays=plays)
    total = math.fsum(w for _, w in pairs)
    if not pairs or total <= 0:
        return sample_deals(view, n, rng)
    step = total / n
    at = rng.random() * step
    out: list[BiddingHand] = []
    acc = 0.0
    for deal, w in pairs:
        acc += w
        while at < acc and len(out) < n:
            out.append(deal)
            at += step
    while len(out) < n:  # rounding at the end
        out.append(pairs[-1][0])
    return out[::-1]


def _guarded(chosen: Sequence[Action], table: Sequence[Sequence[float]], policy: Action,
             guard: float) -> Action:
    """Policy improvement with a confidence guard: the action whose paired gain over
    ``policy``'s action (per world, points) has the highest lower bound ``mean - guard *
    standard error``, if that bound is above 0; else ``policy``'s action."""
    if policy not in chosen or not table:
        raise AssertionError("the policy's action is always a candidate")
    p = list(chosen).index(policy)
    n = len(table)
    best, best_low = policy, 0.0
    for i, action in enumerate(chosen):
        if i == p:
            continue
        d = [row[i] - row[p] for row in table]
        mean = sum(d) / n
        if mean <= 0:
            continue
        se = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n) if n > 1 else 0.0
        low = mean - guard * se
        if low > best_low:
            best, best_low = action, low
    return best


def _check_objective(objective: Objective | None, view: SeatView,
                     owner: str = "SampleSolvePlayer") -> None:
    """Refuse an objective the game's scoring does not have, naming the bot (``owner``)."""
    scoring = view.variant.scoring.scoring
    if objective == "points" and scoring != "points":
        raise InvalidArgumentError(
            f"{owner}: objective='points' does not suit {view.variant.name}'s "
            f"{scoring} scoring (a hand there has no points); use objective='pool' (the "
            "default) or 'tricks'")
    if objective == "pool" and scoring != "pool":
        raise InvalidArgumentError(
            f"{owner}: objective='pool' does not suit {view.variant.name}'s "
            f"{scoring} scoring (there is no pool); use objective='points' (the default) "
            "or 'tricks'")


def _pick(legal: tuple[Action, ...], scores: Sequence[float], fallback: Callable[[], Action]) -> Action:
    """The best-scoring action; among equals the fallback's choice, else the first."""
    top = max(scores)
    best = [a for a, s in zip(legal, scores, strict=True) if s == top]
    if len(best) == 1:
        return best[0]
    preferred = fallback()
    return preferred if preferred in best else best[0]


class ISMCTSPlayer:
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

    Args:
        iterations: search iterations per decision (an int >= 1): the count budget.
        seed: seeds the bot (an int, str or bytes); the same seed and view give the same
            choice. ``None``: unpredictable.
        rollout: the policy that plays each iteration's hand to its end after the tree:
            ``"random"`` or ``"rule-of-thumb"`` (:data:`Rollout`).
        exploration: the UCB constant ``c`` (a float >= 0; rewards lie in 0..1).
        milliseconds: optionally, a time budget per decision, on top of ``iterations``:
            the search stops at whichever runs out first, the ``iterations`` or the time
            (at least one iteration runs). Not reproducible (see the module notes).
        fallback: the player for what is not searched (the dealer's discard for a
            turned-up joker; counted in :attr:`fallbacks`). Default:
            :class:`~trumpfamily.players.ContextRuleOfThumbPlayer` (made silent: this
            bot warns for it).
        warn_fallback: issue a :class:`~trumpfamily.players.BiddingFallbackWarning` at
            the first fallback in a bidding game (default ``True``); ``False``: never.
        candidates: in the bidding games, the most actions searched at a discard or a
            take (an int >= 1; :func:`~trumpfamily.search.candidate_actions`).
        guard: in the bidding games, the confidence guard (a number >= 0, standard
            errors; default 2.0): the rule of thumb's action unless a root action's mean
            reward beats it by more than ``guard`` standard errors of the difference
            (unpaired); ``None``: the most visited root action.

    Each iteration draws a deal consistent with the view
    (:func:`~trumpfamily.search.sample_deals`), walks the tree from the root choosing,
    among the actions legal in that deal, an untried one (expansion) or the one with the
    highest UCB score ``mean + c * sqrt(ln(available) / visits)``, where ``available``
    counts the iterations in which the action was legal (availability counts), plays the
    hand out with the rollout policy, and credits each node with the reward of the seat
    that made its action. The reward of a seat is its hand's result, from 0 to 1: in pool
    games its share of the pool (the pool of ``view.game`` when the view comes from a
    game, else a fresh pool of antes), plus a jink's bonus, over the most it could win; in
    points games its side's points over the most a side can take in a hand. The most
    visited root action is played (ties: the first in legal order).

    **The bidding games**: one tree over the rest of the hand from the view, every phase
    (the auction, trumps, the kitty, the draw, the play); a new world
    (:func:`~trumpfamily.search.sample_deals`) each iteration; the other seats' face-down
    discards and takes by the rollout policy without branching, this seat's among
    :func:`~trumpfamily.search.candidate_actions` (at most ``candidates``); a seat's
    reward ``0.5 + gains / 120`` of its side, clipped to 0..1.

    Attributes:
        fallbacks: decisions made by the ``fallback`` instead of the search: 0 in the
            bidding games.

    Raises:
        InvalidArgumentError: a bad ``iterations``, ``seed``, ``rollout``,
            ``exploration``, ``milliseconds``, ``guard`` or ``warn_fallback``; ``fallback`` has no
            ``choose`` method.

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.FORTY_FIVE, players=4, seed=4)
    >>> bot = tf.ISMCTSPlayer(iterations=50, seed=1)
    >>> bot.choose(state.view(state.to_act)) in state.legal_actions()
    True
    """

    #: Every phase of the bidding games is searched (no decision is handed over wholesale).
    falls_back_in_bidding: ClassVar[bool] = False

    def __init__(
        self,
        iterations: int = 200,
        *,
        seed: int | str | bytes | None = None,
        rollout: Rollout = "rule-of-thumb",
        exploration: float = 0.7,
        milliseconds: float | None = None,
        fallback: Player | None = None,
        warn_fallback: bool = True,
        candidates: int = 12,
        guard: float | None = 2.0,
    ) -> None:
        owner = "ISMCTSPlayer"
        if guard is not None and (not _finite(guard) or guard < 0):
            raise InvalidArgumentError(
                f"{owner}: guard={safe_repr(guard)} is not a number >= 0 (or None)")
        self.guard = None if guard is None else float(guard)
        self.candidates = _check_count(owner, "candidates", candidates)
        # decisions made by the fallback instead of the search (the class's Attributes)
        self.fallbacks = 0
        self.iterations = _check_count(owner, "iterations", iterations)
        self.seed = _check_seed(owner, seed)
        if rollout not in _ROLLOUTS:
            raise InvalidArgumentError(
                f"{owner}: rollout={safe_repr(rollout)} is not one of "
                f"{', '.join(map(repr, _ROLLOUTS))}")
        self.rollout: Rollout = rollout
        if not _finite(exploration) or exploration < 0:
            raise InvalidArgumentError(
                f"{owner}: exploration={safe_repr(exploration)} is not a number >= 0")
        self.exploration = float(exploration)
        self.milliseconds = _check_ms(owner, milliseconds)
        self.fallback: Player = _fallback(owner, fallback)
        #: Whether the first bidding decision issues a BiddingFallbackWarning.
        self.warn_fallback = _check_flag(owner, "warn_fallback", warn_fallback)

    def __repr__(self) -> str:
        return (f"ISMCTSPlayer(iterations={self.iterations}, seed={self.seed!r}, "
                f"rollout={self.rollout!r}, exploration={self.exploration!r}, "
                f"milliseconds={self.milliseconds!r})")

    def choose(self, view: AnyView) -> Action:
        """The most visited root action after the search; in a bidding game, the
        ``fallback``'s choice.

        Warns:
            BiddingFallbackWarning: at the first decision of a bidding game with more than
                one legal action, unless ``warn_fallback=False``.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`~trumpfamily.outcomes.SeatView`
                or :class:`~trumpfamily.outcomes.BiddingView`, or has no legal action (not
                this seat's turn).
        """
        # one search, shared with choose_with_reason (which also words the root's figures)
        return self.choose_with_reason(view)[0]

    def choose_with_reason(self, view: AnyView) -> tuple[Action, str]:
        """:meth:`choose`'s action and why: the visits and the mean reward (0 to 1, see
        the class) of the root actions after the search ("the most visited of 12 legal
        actions after 200 iterations: play 5H, 90 visits, mean reward 0.62; next play AH,
        40 visits, 0.55"); in the bidding games with the guard, its reading.

        Returns:
            ``(action, reason)``: the same action as :meth:`choose` for the same seed and
            view (a count budget), and a short reason (a non-empty str).

        Raises:
            InvalidArgumentError: as :meth:`choose`.
        """
        legal = _checked_legal(self, view)
        if len(legal) == 1:
            return legal[0], "the only legal action"
        if isinstance(view, BiddingView):
            return self._bidding_with_reason(view)
        if view.trump is None:
            return (_fall_back(self, view, "the dealer's discard for a turned-up joker"),
                    ("the dealer's discard for a turned-up joker: the fallback's choice "
                    "(not searched)"))
        deadline = None if self.milliseconds is None else (
            time.perf_counter() + self.milliseconds / 1000)
        rng = _decision_rng(self.seed, view, "ismcts")
        root, done = search(view, self.iterations, self.exploration, self.rollout, rng, deadline)
        visits = [float(root.children[a].visits) if a in root.children else -1.0 for a in legal]
        action = legal[visits.index(max(visits))]
        return action, _visits_reason(root, legal, action, done)

    def _bidding_with_reason(self, view: BiddingView) -> tuple[Action, str]:
        """A bidding decision and its reason: one tree over the rest of the hand from the
        view (the auction, trumps, the kitty, the draw, the play), a new world each
        iteration."""
        deadline = None if self.milliseconds is None else (
            time.perf_counter() + self.milliseconds / 1000)
        rng = _bidding_rng(self.seed, view, "ismcts")
        policy = _rollout_policy(self.rollout, rng)
        me = view.seat
        legal = candidate_actions(view, _THUMB, limit=self.candidates)
        if len(legal) == 1:
            return legal[0], "the only candidate action"
        root = _Node(-1)
        c = self.exploration
        deals: list[BiddingHand] = []
        done = 0
        for k in range(self.iterations):
            if not deals:
                deals = sample_deals(view, min(_CHUNK, self.iterations - k), rng)[::-1]
            state: Any = deals.pop()
            node = root
            path = [root]
            expanded = False
            while not state.is_over and not expanded:
                actions = state.legal_actions()
                seat = state.to_act
                if len(actions) > 1 and isinstance(actions[0], (Discard, Take)):
                    if seat != me:
                        state = state.apply(policy(state))
                        continue
                    if node is root:
                        actions = legal
                    elif len(actions) > self.candidates:
                        actions = candidate_actions(state.view(seat), _THUMB,
                                                    limit=self.candidates)
                node, action, expanded = _select(node, actions, seat, c, rng)
                state = state.apply(action)
                path.append(node)
            while not state.is_over:
                state = state.apply(policy(state))
            gains = state.outcome.gains
            rewards = [min(1.0, max(0.0, 0.5 + gains[side] / (2 * _GAINS_SCALE)))
                       for side in _side_of(state)]
            for n in path:
                n.visits += 1
                if n.seat >= 0:
                    n.reward += rewards[n.seat]
                    n.reward2 += rewards[n.seat] ** 2
            done = k + 1
            if deadline is not None and k + 1 < self.iterations and time.perf_counter() > deadline:
                break
        if self.guard is not None:
            thumb = _THUMB.choose(view)
            action = _guarded_root(root, legal, thumb, self.guard)
            reason = _visits_reason(root, legal, action, done)
            if action == thumb:
                return action, (f"the rule of thumb's {action}: no other of {len(legal)} "
                                f"candidates beats it by {self.guard:g} standard errors "
                                f"({reason})")
            return action, (f"{action} beats the rule of thumb's {thumb} by more than "
                            f"{self.guard:g} standard errors ({reason})")
        visits = [float(root.children[a].visits) if a in root.children else -1.0 for a in legal]
        action = legal[visits.index(max(visits))]
        return action, _visits_reason(root, legal, action, done)


def _guarded_root(root: _Node, legal: Sequence[Action], policy: Action, guard: float) -> Action:
    """The root action whose mean reward beats ``policy``'s by the most at the lower
    bound ``difference - guard * standard error`` (unpaired, over the iterations through
    each), if that bound is above 0; else ``policy``'s action."""
    def stats(node: _Node) -> tuple[float, float]:
        n = node.visits
        mean = node.reward / n
        var = max(0.0, node.reward2 / n - mean * mean) * n / (n - 1) if n > 1 else 0.25
        return mean, var / n
    mine = root.children.get(policy)
    if mine is None or mine.visits == 0:
        return policy
    p_mean, p_var = stats(mine)
    best, best_low = policy, 0.0
    for action in legal:
        node = root.children.get(action)
        if action == policy or node is None or node.visits < 2:
            continue
        mean, var = stats(node)
        low = mean - p_mean - guard * math.sqrt(var + p_var)
        if low > best_low:
            best, best_low = action, low
    return best


#: The change to a side's score that ISMCTS maps to a reward of 1 (0.5 + gains / 120,
#: clipped to 0..1): the 60 of the bid above the ladder.
_GAINS_SCALE: Final = 60


def _side_of(state: Any) -> list[int]:
    """Each seat's side (an index of ``state.sides``)."""
    out = [0] * state.players
    for i, side in enumerate(state.sides):
        for s in side:
            out[s] = i
    return out




#: How :meth:`SampleSolvePlayer.choose_with_reason` names an objective's values.
_OBJECTIVE_UNITS: Final = {"pool": "pool chance", "points": "points", "tricks": "tricks"}


def _mean_interval(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """The mean of ``values`` and its 95 % interval (Student's t; ``None`` for one)."""
    from .._stats import t_critical

    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None, None
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in values) / (n - 1))
    half = t_critical(n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def _span(mean: float, low: float | None, high: float | None) -> str:
    """``+0.40 [-0.10, +0.90]`` (no interval for one world)."""
    if low is None or high is None:
        return f"{mean:+.2f}"
    return f"{mean:+.2f} [{low:+.2f}, {high:+.2f}]"


def _values_reason(legal: Sequence[Action], columns: Sequence[Sequence[float]],
                   action: Action, unit: str, worlds: int) -> str:
    """"best of N legal actions over W worlds: A +x unit [lo, hi]; next B +y"."""
    scored = [(a, col) for a, col in zip(legal, columns, strict=True) if col]
    at = next(col for a, col in scored if a == action) if any(
        a == action for a, _ in scored) else []
    head = (f"best of {len(legal)} legal actions over {_plural(worlds, 'world')}: {action} "
            f"{_span(*_mean_interval(at)) if at else '(no value)'} {unit}")
    others = sorted(((math.fsum(col) / len(col), a) for a, col in scored if a != action),
                    key=lambda pair: -pair[0])
    if others:
        head += f"; next {others[0][1]} {others[0][0]:+.2f}"
    return head


def _guard_reason(chosen: Sequence[Action], table: Sequence[Sequence[float]],
                  policy: Action, action: Action, guard: float) -> str:
    """The guard's reading: the chosen action's paired gain over the policy's."""
    p = list(chosen).index(policy)
    n = len(table)
    worlds = _plural(n, "world")
    if action != policy:
        i = list(chosen).index(action)
        span = _span(*_mean_interval([row[i] - row[p] for row in table]))
        return (f"{action}: {span} points a world over the rule of thumb's {policy}, "
                f"over {worlds} ({len(chosen)} candidates, guard {guard:g} standard errors)")
    gains = [(math.fsum(row[i] - row[p] for row in table) / n, a)
             for i, a in enumerate(chosen) if i != p]
    best = max(gains, key=lambda pair: pair[0]) if gains else None
    tail = f"; the best other, {best[1]}, {best[0]:+.2f} points" if best else ""
    return (f"the rule of thumb's {policy}: no other of {len(chosen)} candidates beats it by "
            f"{guard:g} standard errors over {worlds}{tail}")


def _visits_reason(root: _Node, legal: Sequence[Action], action: Action, iterations: int
                   ) -> str:
    """"the most visited of N actions after K iterations: A, v visits, mean reward r"."""
    def part(a: Action) -> str:
        node = root.children.get(a)
        if node is None or not node.visits:
            return f"{a}, not visited"
        return f"{a}, {node.visits} visits, mean reward {node.reward / node.visits:.2f}"

    others = sorted((a for a in legal if a != action and a in root.children),
                    key=lambda a: -root.children[a].visits)
    text = (f"the most visited of {len(legal)} actions after "
            f"{_plural(iterations, 'iteration')}: {part(action)}")
    return text + (f"; next {part(others[0])}" if others else "")


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
