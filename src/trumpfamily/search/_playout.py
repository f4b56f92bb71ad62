"""Worlds played on and valued, for the bid advisor and the bidding games' search bots
(internal).

:func:`~trumpfamily.search.evaluate_actions`,
:class:`~trumpfamily.search.RolloutPlayer`, :class:`~trumpfamily.search.SampleSolvePlayer`
and the analysis value every candidate action in every sampled world: the policy plays the
hand on from the action (to the play, or to its end), and the play is solved or played
out. That loop runs thousands of times a decision, which is why it lives here, in a
module the compiled build compiles (issue 24: ``docs/howto/compiled.rst``);
:mod:`trumpfamily.search.advisor` keeps the public calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action
from ..bidding.engine import BiddingHand
from ..errors import SearchLimitError
from ..outcomes import Phase
from .bidding_solver import bidding_value
from .match import WinChance
from .solver import solve


def _side(view_or_state: Any, seat: int) -> int:
    return next(i for i, s in enumerate(view_or_state.sides) if seat in s)


def _play_key(state: BiddingHand) -> tuple[Any, ...]:
    """What the value of the play depends on: the cards, trumps, the contract, who leads
    and the scores before the hand (the near-end rules)."""
    return (state.hands, state.trump, state.contract, state.to_act, state.scores,
            state.tricks, state.current_trick)


class _Evaluator:
    """Plays worlds on from an action and values them (one call of evaluate_actions)."""

    def __init__(self, seat: int, policy: Any, max_nodes: int | None,
                 objective: str = "gains", playout: str = "solve") -> None:
        self.seat = seat
        self.objective = objective
        self.playout = playout
        self.policy = policy
        self.max_nodes = max_nodes
        self.cache: dict[tuple[Any, ...], float] = {}
        #: For ``objective="game"``: the :class:`~trumpfamily.search.match.WinChance` and
        #: the hands played out before this one (set by the caller).
        self.match: WinChance | None = None
        self.hands_before = 0
        #: Plays over the search budget, valued by the policy's play-out instead.
        self.played_out = 0

    def play_on(self, state: BiddingHand) -> BiddingHand:
        """The hand played on by the policy up to the play (or its end)."""
        policy = self.policy
        while state.phase is not Phase.PLAY and state.phase is not Phase.OVER:
            legal = state.legal_actions()
            to_act = state.to_act
            assert to_act is not None
            action = legal[0] if len(legal) == 1 else policy.choose(state.view(to_act))
            state = state.apply(action)
        return state

    def value(self, state: BiddingHand) -> float:
        """The side's gains from ``state`` (any phase): the policy to the play, then the
        play solved (over the budget: played out by the policy, counted in
        :attr:`played_out`)."""
        state = self.play_on(state)
        if state.is_over:
            return self.gains(state)
        key = _play_key(state)
        got = self.cache.get(key)
        if got is None and self.playout == "policy":
            got = self.cache[key] = self.gains(self.play_out(state))
        elif got is None:
            try:
                got = _solve(state, self.seat, self.objective, self.max_nodes).value
            except SearchLimitError:
                self.played_out += 1
                got = self.gains(self.play_out(state))
            self.cache[key] = got
        return got

    def gains(self, state: BiddingHand) -> float:
        """The objective's value of a finished hand for the seat's side (``"game"``: the
        side's chance of winning the game afterwards, in percent)."""
        assert state.outcome is not None
        side = _side(state, self.seat)
        if self.objective == "game":
            assert self.match is not None
            scores = state.scores
            score = state.hand_score
            if score is None:  # thrown in: the same scores, the next hand
                return 100.0 * self.match(scores, side, hands_played=self.hands_before)
            return 100.0 * self.match.after(scores, score, side,
                                            hands_played=self.hands_before + 1)
        return bidding_value(state.outcome, side, self.objective)

    def play_out(self, state: BiddingHand) -> BiddingHand:
        """The hand played to its end by the policy."""
        policy = self.policy
        while not state.is_over:
            legal = state.legal_actions()
            to_act = state.to_act
            assert to_act is not None
            state = state.apply(legal[0] if len(legal) == 1
                                else policy.choose(state.view(to_act)))
        return state

    def play_values(self, state: BiddingHand) -> dict[Action, float]:
        """Every legal card's exact value in the play phase (over the budget: each card
        followed by the policy's play-out; with ``playout="policy"``, always so)."""
        if self.playout == "policy":
            return {a: self.value(state.apply(a)) for a in state.legal_actions()}
        try:
            return dict(_solve(state, self.seat, self.objective, self.max_nodes).action_values)
        except SearchLimitError:
            self.played_out += 1
            return {a: self.gains(self.play_out(state.apply(a))) for a in state.legal_actions()}


def _solve(state: BiddingHand, seat: int, objective: str, max_nodes: int | None) -> Any:
    """The exact solve of the play, every action's value (raises SearchLimitError over
    ``max_nodes``)."""
    return solve(state, seat, objective, all_values=True,  # type: ignore[call-overload]
                 max_nodes=max_nodes)


def _values(ev: _Evaluator, samples: Sequence[BiddingHand], chosen: Sequence[Action]
            ) -> list[list[float]]:
    """Per world kept, each chosen action's value (same order as ``chosen``)."""
    out: list[list[float]] = []
    for world in samples:
        if world.phase is Phase.PLAY:
            by = ev.play_values(world)
            out.append([float(by[a]) for a in chosen])
        else:
            out.append([float(ev.value(world.apply(a))) for a in chosen])
    return out
