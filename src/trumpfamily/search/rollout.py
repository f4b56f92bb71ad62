"""The rollout bot of the bidding games: one step of policy improvement over the rule of
thumb (issue 20 item 6).

:class:`RolloutPlayer` values each candidate action of a bidding decision (a call, the
trump suit, a kitty or draw discard, a take; optionally a card) by playing sampled worlds
to the end of the hand with the rule of thumb
(:class:`~trumpfamily.players.RuleOfThumbPlayer`) for every seat and every later
decision, the auction, the exchange and the cards alike: no perfect-information solve.
The worlds are weighted by how likely the rule of thumb makes what the other seats did
(:func:`~trumpfamily.search.weighted_deals`), which against rule-of-thumb opponents is
the right belief, and every candidate is valued on the same worlds (common random
numbers), so that the difference between two candidates is measured world by world. The
rule of thumb's own action is kept unless another beats it by ``guard`` standard errors of
that paired difference.

Against a table of rule-of-thumb players this is the classic rollout improvement of a
base policy: if the estimates were exact, acting on them could not do worse than the
rule of thumb itself (Bertsekas and Tsitsiklis's policy improvement; Tesauro and
Galperin's rollouts); the guard keeps the sampling noise from undoing it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import ClassVar, Final, Literal, TypeAlias

from ..actions import Action
from ..bidding.engine import BiddingHand
from ..errors import InvalidArgumentError, safe_repr
from ..outcomes import AnyView, BiddingView, Phase
from ..players import RuleOfThumbPlayer, _checked_margin
from ._playout import _Evaluator, _values
from .advisor import _OBJECTIVES, candidate_actions
from .bidding_sampling import weighted_deals
from .bots import (
    _SAMPLERS,
    InferenceSampler,
    SampleSolvePlayer,
    _bidding_rng,
    _check_count,
    _check_flag,
    _check_seed,
    _checked_legal,
)
from .match import WinChance
from .sampling import sample_deals

__all__ = ["RolloutDraw", "RolloutObjective", "RolloutPlay", "RolloutPlayer"]

#: How :class:`RolloutPlayer` plays its cards: ``"rule-of-thumb"`` (the rule of thumb's
#: card), ``"pimc"`` (:class:`~trumpfamily.search.bots.SampleSolvePlayer`'s: sampled worlds
#: solved exactly, guarded), ``"rollout"`` (each card valued by rule-of-thumb play-outs,
#: as the other phases).
RolloutPlay: TypeAlias = Literal["rule-of-thumb", "pimc", "rollout"]
_PLAYS: Final = ("rule-of-thumb", "pimc", "rollout")
#: How :class:`RolloutPlayer` makes its discards before the draw (the ``DRAW`` phase):
#: ``"rollout"`` (valued by play-outs, as the auction) or ``"rule-of-thumb"``.
RolloutDraw: TypeAlias = Literal["rollout", "rule-of-thumb"]
_DRAWS: Final = ("rollout", "rule-of-thumb")

_THUMB: Final = RuleOfThumbPlayer()

#: What :class:`RolloutPlayer` maximises: the advisor's ``"gains"`` and ``"margin"``
#: (points over the hand), or ``"game"``: the chance of winning the game (percent).
RolloutObjective: TypeAlias = Literal["gains", "margin", "game"]
_ROLLOUT_OBJECTIVES: Final = (*_OBJECTIVES, "game")
#: (variant, players) -> the WinChance every ``objective="game"`` bot of that table shares.
_WIN_CHANCES: Final[dict[tuple[object, int], WinChance]] = {}


def _win_chance(view: BiddingView) -> WinChance:
    key = (view.variant, view.players)
    got = _WIN_CHANCES.get(key)
    if got is None:
        if len(_WIN_CHANCES) >= 16:
            _WIN_CHANCES.clear()
        got = _WIN_CHANCES[key] = WinChance(view.variant, view.players)
    return got


class RolloutPlayer:
    """Rule-of-thumb rollouts with a confidence guard, for the bidding games.

    At each decision with more than one legal action (outside the play, or in it with
    ``play="rollout"``; in the draw only with ``draw="rollout"``, the default):

    1. the candidates: :func:`~trumpfamily.search.candidate_actions` (every legal action,
       or for a discard among many the rule of thumb's and "discard the k weakest");
    2. the worlds: ``pool`` deals drawn by :func:`~trumpfamily.search.weighted_deals`
       (the rule of thumb the model of the other seats, softened by ``inference``) and
       ``worlds`` of them resampled in proportion to their weights (systematic
       resampling), a batch at a time (step 4); a world drawn ``m`` times is played once
       and counts ``m`` times.
       With ``inference=None``, ``worlds`` deals uniform over those consistent with the
       view (:func:`~trumpfamily.search.sample_deals`);
    3. in each world, each candidate is applied and the hand played to its end by the rule
       of thumb for every seat (this one's later decisions and every card included; with
       ``bid_margin``, the base policy for this bot's side): the candidate's value there
       is ``objective`` for this seat's side, points;
    4. racing: the worlds come in batches of ``batch``; after each batch a candidate whose
       mean paired gain over the rule of thumb's action is still below 0 by one standard
       error (``mean + se <= 0``, over the worlds so far) is dropped, and the decision
       ends early when only the rule of thumb's action is left. Most calls are settled by
       the first batch, so the close ones get all ``worlds`` for the same time (in
       Auction 45s the bot is 1.6x faster than with ``batch=None``;
       ``docs/howto/search-bots.rst``);
    5. the guard: the rule of thumb's action (the base policy's, with ``bid_margin``) is played unless a candidate left's mean
       paired gain over it (per world) is above ``guard`` standard errors (over the
       effective number of worlds, ``(sum m)**2 / sum m**2``); then the candidate with the
       highest ``mean - guard * se``. ``guard=None``: the best mean (ties: the rule of
       thumb's).

    Args:
        worlds: the most worlds valued per decision (an int >= 1; default 96).
        batch: the worlds valued before the racing step drops candidates (an int >= 1;
            default 24), or ``None``: all ``worlds`` at once, no candidate dropped (as
            does any ``batch >= worlds``).
        guard: the confidence guard, standard errors (a number >= 0), or ``None``.
        inference: ``epsilon`` of :func:`~trumpfamily.search.weighted_deals` (a number
            from 0 to 1; default 0.05), or ``None`` for uniform worlds. If every weight of
            a decision's pool is 0 (possible only with 0), its worlds are uniform ones
            (counted in :attr:`uninformed`).
        pool: the weighted deals drawn for ``worlds`` worlds (an int >= 1; default ``4 *
            worlds``; a batch draws its share, ``ceil(pool * batch / worlds)``). The other
            seats' discard counts say much: in the Auction 45s draw the median effective
            number of 50 uniform deals weighted by the rule of thumb is about 3, so a
            larger pool buys more distinct worlds there.
        seed: seeds the bot (an int, str or bytes); the random generator of a decision is
            derived from the seed and the view alone (the same view, the same choice,
            whatever the cards the seat cannot see). ``None``: unpredictable.
        play: how the cards are played (:data:`RolloutPlay`; default ``"rule-of-thumb"``).
        play_samples: the worlds of ``play="pimc"`` (``SampleSolvePlayer(samples=...)``).
        play_inference: the worlds of ``play="pimc"`` drawn weighted by what the others'
            calls, trumps and exchange say (``SampleSolvePlayer(inference=...)``: a pool of
            that many deals from :func:`~trumpfamily.search.weighted_deals`, resampled by
            weight, its ``epsilon`` 0.05 whatever ``inference``, every seat's calls
            weighed under the plain rule of thumb; an int >= 1), or ``None`` (default):
            uniform worlds, consistent with the view but not reading the auction. A play
            decision costs about three times as much with a pool of 64; on Nova Scotia
            45s's ladder deals it adds +0.67 [+0.20, +1.14] points a hand over uniform
            worlds, paired over 1,000 deals (``docs/howto/search-bots.rst``).
        play_sampler: how those worlds are drawn (``SampleSolvePlayer(sampler=...)``; with
            ``play="pimc"`` and ``play_inference`` only):
            ``"resample"`` (default) or ``"metropolis"`` (by
            :func:`~trumpfamily.search.metropolis_deals`, for the same number of
            replays: mostly distinct deals where resampling draws one or two again).
        play_weigh_plays: with ``play_inference``, the cards' worlds also weigh the
            other sides' cards played so far (``SampleSolvePlayer(weigh_plays=...)``; a
            bool, default ``False``).
        play_guard: the confidence guard of ``play="pimc"``'s cards (with ``play="pimc"``
            only; ``play="rollout"`` cards take ``guard``): ``SampleSolvePlayer(guard=...)``,
            standard errors, a number >= 0, default 2.0; ``None``: the best mean. In Nova
            Scotia 45s, with ``play_inference=64``, ``play_guard=0`` adds +0.28 [+0.00,
            +0.55] points a hand, paired over 2,000 deals: that table's best bot
            (``docs/howto/search-bots.rst``).
        bid_margin: the bot's *base policy* is
            ``RuleOfThumbPlayer(bid_margin=bid_margin)`` (points, or ``"calibrated"``;
            default 0: the plain rule of thumb). The base policy makes the action the
            guard keeps, the decisions the bot does not search (the draw with
            ``draw="rule-of-thumb"``, the cards with ``play="rule-of-thumb"``), and, in the
            rollouts and their worlds' weights, the later decisions of this bot's side (its
            partners are taken to play as it does); the other sides are the plain rule of
            thumb there. (The cards' worlds of ``play_inference`` weigh every seat under the
            plain rule of thumb.) A calibrated margin alone beats the plain rule of thumb in
            most bidding games (:data:`~trumpfamily.players.BID_MARGINS`), and the rollouts
            add to it.
        draw: how the discards before the draw (and the robbing dealer's takes) are made
            (:data:`RolloutDraw`; default ``"rollout"``). The draw is about half the bot's time in Auction 45s (the
            other seats' discard counts make its weighted worlds costly) and its
            rollouts leave the rule of thumb in about 2 % of the draws, so
            ``draw="rule-of-thumb"`` halves the time for no measured loss (the docs'
            ladder).
        candidates: the most actions valued at a discard or a take (an int >= 1).
        objective: ``"margin"`` (default): the side's gain minus the other side's (what a
            duplicate match between two partnerships counts); ``"gains"``: the side's
            gain alone; ``"game"``: the side's chance of winning the game once the hand
            is scored, in percent (:data:`RolloutObjective`): 100 or 0 when the hand ends
            the game (:func:`~trumpfamily.bidding.game_end`), else the
            :class:`~trumpfamily.search.match.WinChance` of the scores after it (a hand
            dealt on its own at 0-0 counts as the first of a game). The bot then reads
            the game's scores against the target: near the end it may prefer the call it
            surely makes, far behind a bolder one (issue 20 item 4).

    Attributes:
        searched: decisions valued by rollouts.
        valued: the worlds valued over those decisions (each counted once per batch it
            is drawn in; ``valued / searched`` is the mean a decision).
        deviations: of those, the decisions where the bot did not play the rule of
            thumb's action.
        uninformed: decisions whose weighted pool was all of weight 0 (uniform worlds
            used instead).

    Raises:
        InvalidArgumentError: a bad ``worlds``, ``batch``, ``guard``, ``inference``,
            ``pool``, ``seed``, ``play``, ``play_samples``, ``play_inference``,
            ``play_sampler``, ``play_weigh_plays``, ``play_guard``, ``draw``,
            ``bid_margin``,
            ``candidates`` or ``objective``.

    >>> import trumpfamily as tf
    >>> hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=8)
    >>> bot = tf.search.RolloutPlayer(worlds=8, seed=1)
    >>> bot.choose(hand.view(hand.to_act)) in hand.legal_actions(), bot.fallbacks
    (True, 0)
    """

    #: Every phase of the bidding games is decided by the rollouts (no fallback).
    falls_back_in_bidding: ClassVar[bool] = False

    def __init__(
        self,
        worlds: int = 96,
        *,
        batch: int | None = 24,
        guard: float | None = 2.0,
        inference: float | None = 0.05,
        pool: int | None = None,
        seed: int | str | bytes | None = None,
        play: RolloutPlay = "rule-of-thumb",
        play_samples: int = 8,
        play_inference: int | None = None,
        play_sampler: InferenceSampler = "resample",
        play_weigh_plays: bool = False,
        play_guard: float | None = 2.0,
        draw: RolloutDraw = "rollout",
        bid_margin: float | Literal["calibrated"] = 0.0,
        candidates: int = 12,
        objective: RolloutObjective = "margin",
    ) -> None:
        owner = "RolloutPlayer"
        self.worlds = _check_count(owner, "worlds", worlds)
        self.batch = None if batch is None else _check_count(owner, "batch", batch)
        self.guard = _checked_guard(owner, "guard", guard)
        if inference is not None and (type(inference) not in (int, float)
                                      or not 0 <= inference <= 1):  # NaN fails too
            raise InvalidArgumentError(
                f"{owner}: inference={safe_repr(inference)} is not a number from 0 to 1 (or None)")
        self.inference = None if inference is None else float(inference)
        self.pool = 4 * self.worlds if pool is None else _check_count(owner, "pool", pool)
        self.seed = _check_seed(owner, seed)
        if not isinstance(play, str) or str(play) not in _PLAYS:
            raise InvalidArgumentError(
                f"{owner}: play={safe_repr(play)} is not one of {', '.join(map(repr, _PLAYS))}")
        self.play: RolloutPlay = str(play)  # type: ignore[assignment]  # checked above
        self.play_samples = _check_count(owner, "play_samples", play_samples)
        self.play_inference = (None if play_inference is None
                               else _check_count(owner, "play_inference", play_inference))
        if not isinstance(draw, str) or str(draw) not in _DRAWS:
            raise InvalidArgumentError(
                f"{owner}: draw={safe_repr(draw)} is not one of {', '.join(map(repr, _DRAWS))}")
        self.draw: RolloutDraw = str(draw)  # type: ignore[assignment]  # checked above
        self.bid_margin = _checked_margin(owner, bid_margin)
        #: The base policy (see ``bid_margin``).
        self.base = _THUMB if self.bid_margin == 0 else RuleOfThumbPlayer(
            bid_margin=self.bid_margin)
        self.candidates = _check_count(owner, "candidates", candidates)
        if not isinstance(objective, str) or str(objective) not in _ROLLOUT_OBJECTIVES:
            raise InvalidArgumentError(
                f"{owner}: objective={safe_repr(objective)} is not one of "
                f"{', '.join(map(repr, _ROLLOUT_OBJECTIVES))}")
        self.objective: RolloutObjective = str(objective)  # type: ignore[assignment]
        if not isinstance(play_sampler, str) or str(play_sampler) not in _SAMPLERS:
            raise InvalidArgumentError(
                f"{owner}: play_sampler={safe_repr(play_sampler)} is not one of "
                f"{', '.join(map(repr, _SAMPLERS))}")
        self.play_sampler: InferenceSampler = str(play_sampler)  # type: ignore[assignment]
        self.play_weigh_plays = _check_flag(owner, "play_weigh_plays", play_weigh_plays)
        self.play_guard = _checked_guard(owner, "play_guard", play_guard)
        self._pimc = (SampleSolvePlayer(self.play_samples, seed=seed,
                                        inference=self.play_inference,
                                        sampler=self.play_sampler,
                                        weigh_plays=self.play_weigh_plays,
                                        guard=self.play_guard)
                      if play == "pimc" else None)
        self.searched = 0
        self.valued = 0
        self.deviations = 0
        self.uninformed = 0

    @property
    def fallbacks(self) -> int:
        """Decisions made by a fallback instead of the search: 0 (the rollouts decide every
        phase; with ``play="pimc"`` the play bot's own count)."""
        return 0 if self._pimc is None else self._pimc.fallbacks

    def __repr__(self) -> str:
        return (f"RolloutPlayer(worlds={self.worlds}, batch={self.batch!r}, "
                f"guard={self.guard!r}, "
                f"inference={self.inference!r}, pool={self.pool}, seed={self.seed!r}, "
                f"play={self.play!r}, play_samples={self.play_samples!r}, "
                f"play_inference={self.play_inference!r}, "
                f"play_sampler={self.play_sampler!r}, "
                f"play_weigh_plays={self.play_weigh_plays!r}, play_guard={self.play_guard!r}, "
                f"draw={self.draw!r}, bid_margin={self.bid_margin!r}, "
                f"candidates={self.candidates!r}, "
                f"objective={self.objective!r})")

    def choose(self, view: AnyView) -> Action:
        """The guarded rollout choice (see the class notes).

        Raises:
            InvalidArgumentError: ``view`` is not a
                :class:`~trumpfamily.outcomes.BiddingView` (the bot plays the bidding
                games only) or has no legal action (not this seat's turn).
        """
        # one search, shared with choose_with_reason (which also words the guard's reading)
        return self.choose_with_reason(view)[0]

    def _whose(self) -> str:
        """Whose action the guard keeps, for the reasons."""
        if self.base is _THUMB:
            return "the rule of thumb's"
        margin = self.bid_margin
        return f"the base policy's (bid margin {margin if isinstance(margin, str) else f'{margin:+g}'})"

    def _policy(self, view: BiddingView) -> RuleOfThumbPlayer | _SidePolicy:
        """Who plays on in the rollouts and the worlds' weights: the base policy for this
        bot's side, the plain rule of thumb for the others."""
        if self.base is _THUMB:
            return _THUMB
        side = next(s for s in view.sides if view.seat in s)
        return _SidePolicy(self.base, frozenset(side))

    def _worlds(self, view: BiddingView, rng: random.Random, n: int
                ) -> tuple[list[BiddingHand], list[float]]:
        """``n`` worlds of the decision: the distinct ones and their multiplicities (see
        the class notes)."""
        if self.inference is None:
            return sample_deals(view, n, rng), [1.0] * n
        pool = -(-self.pool * n // self.worlds)
        pairs = weighted_deals(view, pool, policy=self._policy(view),
                               epsilon=self.inference, rng=rng)
        counts = _systematic([w for _, w in pairs], n, rng)
        if counts is None:
            self.uninformed += 1
            return sample_deals(view, n, rng), [1.0] * n
        kept = [(pairs[i][0], float(m)) for i, m in enumerate(counts) if m]
        return [d for d, _ in kept], [m for _, m in kept]

    def choose_with_reason(self, view: AnyView) -> tuple[Action, str]:
        """:meth:`choose`'s action and why: the guard's reading of the rollouts (the
        chosen action's paired gain over the rule of thumb's, points a world, with a 95 %
        interval), or in the play the rule of thumb's (or the ``play="pimc"`` bot's)
        reason.

        Returns:
            ``(action, reason)``: the same action as :meth:`choose` for the same seed and
            view, and a short reason (a non-empty str).

        Raises:
            InvalidArgumentError: as :meth:`choose`.
        """
        legal = _checked_legal(self, view)
        if not isinstance(view, BiddingView):
            raise InvalidArgumentError(
                f"RolloutPlayer plays the bidding games only (tf.BIDDING_VARIANTS), not "
                f"{view.variant.name}: use SampleSolvePlayer or ISMCTSPlayer there")
        if len(legal) == 1:
            return legal[0], "the only legal action"
        if view.phase is Phase.PLAY:
            if self.play == "rule-of-thumb":
                return self.base.choose_with_reason(view)
            if self._pimc is not None:
                return self._pimc.choose_with_reason(view)
            chosen = legal
        elif view.phase is Phase.DRAW and self.draw == "rule-of-thumb":
            return self.base.choose_with_reason(view)
        else:
            chosen = candidate_actions(view, self.base, limit=self.candidates)
        base = self.base.choose(view)
        if len(chosen) == 1:
            return chosen[0], "the only candidate action"
        rng = _bidding_rng(self.seed, view, "rollout")
        ev = _Evaluator(view.seat, self._policy(view), None, self.objective, "policy")
        if self.objective == "game":  # the chance of winning the game, percent
            ev.match = _win_chance(view)
            ev.hands_before = 0 if view.game is None else view.game.hand_number - 1
        p = list(chosen).index(base)
        alive = list(range(len(chosen)))  # the candidates still raced, by index
        #: per candidate, its value in each world it was valued in (a prefix of the worlds)
        columns: list[list[float]] = [[] for _ in chosen]
        weights: list[float] = []
        drawn = distinct = 0
        step = self.worlds if self.batch is None else self.batch
        while True:
            n = min(step, self.worlds - drawn)
            deals, ws = self._worlds(view, rng, n)
            rows = _values(ev, deals, [chosen[i] for i in alive])
            for row in rows:
                for k, i in enumerate(alive):
                    columns[i].append(row[k])
            weights += ws
            drawn += n
            distinct += len(deals)
            if drawn >= self.worlds:
                break
            alive = [i for i in alive
                     if i == p or _upper(columns[i], columns[p], weights) > 0]
            if len(alive) == 1:
                break
        self.searched += 1
        self.valued += distinct
        table = [[columns[i][w] for i in alive] for w in range(len(weights))]
        action = _guarded([chosen[i] for i in alive], table, weights, base, self.guard)
        if action != base:
            self.deviations += 1
        worlds = f"{math.fsum(weights):g} worlds ({distinct} distinct)"
        unit = "% game-win chance" if self.objective == "game" else "points"

        def gain(i: int) -> float:
            k = len(columns[i])
            return (math.fsum(w * (x - y) for w, x, y in zip(weights, columns[i], columns[p], strict=False))
                    / math.fsum(weights[:k]))

        if action != base:
            i = list(chosen).index(action)
            return action, (f"{action}: {gain(i):+.2f} {unit} a world ({self.objective}) over "
                            f"{self._whose()} {base}, over {worlds}, {len(chosen)} "
                            f"candidates")
        others = [(gain(i), a) for i, a in enumerate(chosen) if i != p]
        best = max(others, key=lambda pair: pair[0])
        dropped = len(chosen) - len(alive)
        raced = f" ({dropped} dropped by the racing)" if dropped else ""
        return action, (f"{self._whose()} {base}: no other of {len(chosen)} candidates"
                        f"{raced} clears the guard over {worlds}; the best other, {best[1]}, "
                        f"{best[0]:+.2f} {unit} ({self.objective})")


def _checked_guard(owner: str, name: str, value: object) -> float | None:
    """A confidence guard checked (a finite number >= 0, an int that fits a float, or
    ``None``), as a float."""
    if value is None:
        return None
    if type(value) is int and 0 <= value < 2 ** 1023:
        return float(value)
    if type(value) is float and math.isfinite(value) and value >= 0:
        return value
    raise InvalidArgumentError(
        f"{owner}: {name}={safe_repr(value)} is not a number >= 0 (or None)")


class _SidePolicy:
    """A table's policy: ``base`` for the seats of ``side``, the rule of thumb for the rest."""

    def __init__(self, base: RuleOfThumbPlayer, side: frozenset[int]) -> None:
        self.base = base
        self.side = side

    def choose(self, view: AnyView) -> Action:
        return (self.base if view.seat in self.side else _THUMB).choose(view)


def _systematic(weights: Sequence[float], n: int, rng: random.Random) -> list[int] | None:
    """How many of ``n`` systematic draws in proportion to ``weights`` fall on each
    (``None`` when every weight is 0)."""
    total = math.fsum(weights)
    if not weights or total <= 0:
        return None
    step = total / n
    at = rng.random() * step
    counts = [0] * len(weights)
    acc = 0.0
    drawn = 0
    for i, w in enumerate(weights):
        acc += w
        while at < acc and drawn < n:
            counts[i] += 1
            drawn += 1
            at += step
    last = max(i for i, w in enumerate(weights) if w > 0)
    counts[last] += n - drawn  # rounding at the end
    return counts


def _paired(values: Sequence[float], base: Sequence[float], weights: Sequence[float]
            ) -> tuple[float, float]:
    """The weighted mean paired gain of ``values`` over ``base`` (per world, over the worlds
    ``values`` has) and its standard error (over the effective number of worlds,
    ``(sum m)**2 / sum m**2``); the error is ``inf`` when that number is 1 or less."""
    w = weights[:len(values)]
    total = math.fsum(w)
    n_eff = total * total / math.fsum(x * x for x in w)
    d = [x - y for x, y in zip(values, base, strict=False)]
    mean = math.fsum(a * x for a, x in zip(w, d, strict=True)) / total
    if n_eff <= 1:
        return mean, math.inf
    var = math.fsum(a * (x - mean) ** 2 for a, x in zip(w, d, strict=True)) / total
    return mean, math.sqrt(var / (n_eff - 1))


def _upper(values: Sequence[float], base: Sequence[float], weights: Sequence[float]
           ) -> float:
    """The racing step's test: :func:`_paired`'s mean plus one standard error (``inf``
    when the worlds are too few to tell)."""
    mean, se = _paired(values, base, weights)
    return mean + se


def _guarded(chosen: Sequence[Action], table: Sequence[Sequence[float]],
             weights: Sequence[float], base: Action, guard: float | None) -> Action:
    """The guarded choice: the candidate whose weighted mean paired gain over ``base``
    (per world, points) has the highest ``mean - guard * se`` above 0, else ``base``;
    ``guard=None``: the best weighted mean (``base`` among the tied)."""
    if base not in chosen:  # pragma: no cover - candidate_actions keeps the policy's action
        raise AssertionError("the rule of thumb's action is always a candidate")
    p = list(chosen).index(base)
    best, best_low = base, 0.0
    for i, action in enumerate(chosen):
        if i == p:
            continue
        mean, se = _paired([row[i] for row in table], [row[p] for row in table], weights)
        if mean <= 0:
            continue
        low = mean if guard is None else mean - guard * se  # one world: se inf, kept base
        if low > best_low:
            best, best_low = action, low
    return best
