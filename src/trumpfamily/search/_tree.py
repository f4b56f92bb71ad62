"""The information-set tree of :class:`~trumpfamily.search.bots.ISMCTSPlayer` (internal).

The tree's nodes, the UCB score, the rollout policies, the seats' rewards and the search of
a turn-up game's decision: the loop the bot runs ``iterations`` times a decision, which is
why it lives here, in a module the compiled build compiles (issue 24:
``docs/howto/compiled.rst``), while the bot's class (whose signature
:func:`~trumpfamily.tournament.tournament` reads) stays in :mod:`trumpfamily.search.bots`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from .._thumb import _bidding_choice, _thumb_choice
from ..actions import Action
from ..engine import HandState
from ..jinking import jink_bonus
from ..outcomes import AnyView, BiddingView, HandOutcome, SeatView
from ..players import RuleOfThumbPlayer
from ..scoring import antes, five_tricks_bonus
from .sampling import sample_deals

#: The deals drawn at a time (:func:`~trumpfamily.search.sample_deals` plans a view once).
_CHUNK: Final = 16


class _Node:
    """A node of the information-set tree: the statistics of the action into it."""

    __slots__ = ("avail", "children", "reward", "reward2", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat that made the action into this node
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.reward2 = 0.0  # the sum of the squared rewards (the guard's variance)
        self.children: dict[Action, _Node] = {}


def _ucb(node: _Node, c: float, log: Callable[[int], float]) -> float:
    return node.reward / node.visits + c * math.sqrt(log(node.avail) / node.visits)


def _select(node: _Node, actions: Sequence[Action], seat: int, c: float,
            rng: random.Random) -> tuple[_Node, Action, bool]:
    """One step down an ISMCTS tree (both loops, turn-up and bidding): each of ``actions``
    already a child of ``node`` counts one more availability; an untried one, drawn at
    random, becomes a new child of ``seat`` (expansion), else the child with the best UCB.
    Returns the child, its action and whether it was expanded."""
    children = node.children
    untried = [a for a in actions if a not in children]
    for a in actions:
        if a in children:
            children[a].avail += 1
    if untried:
        action = untried[rng.randrange(len(untried))]
        child = children[action] = _Node(seat)
        child.avail = 1
        return child, action, True
    log_n: Callable[[int], float] = math.log
    action = max(actions, key=lambda a: _ucb(children[a], c, log_n))
    return children[action], action, False


def _rollout_policy(kind: str, rng: random.Random) -> Callable[[Any], Action]:
    """The rollout policy: a uniform choice (the decision's own generator) or the rule
    of thumb on the acting seat's view."""
    if kind == "random":
        def uniform(state: Any) -> Action:
            legal: tuple[Action, ...] = state.legal_actions()
            return legal[rng.randrange(len(legal))]
        return uniform

    def rule_of_thumb(state: Any) -> Action:
        legal: tuple[Action, ...] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.to_act
        assert seat is not None
        # RuleOfThumbPlayer.choose(view), less its check of the view (the engine's own)
        view: AnyView = state.view(seat)
        if isinstance(view, BiddingView):
            return _bidding_choice(view, view.legal_actions)
        return _thumb_choice(view, view.legal_actions)
    return rule_of_thumb


#: The rule of thumb, the default rollout policy (and the bots' own, in ``bots``).
_THUMB: Final = RuleOfThumbPlayer()


class _Reward:
    """Each seat's reward for a finished hand, 0 to 1 (see :class:`ISMCTSPlayer`)."""

    def __init__(self, view: SeatView) -> None:
        variant = view.variant
        scoring = variant.scoring
        self.players = view.players
        self.sides = view.sides
        self.pool_game = scoring.scoring == "pool"
        if self.pool_game:
            game = view.game
            if game is not None and game.pool is not None:
                self.pool = game.pool
            else:
                self.pool = sum(antes(scoring, view.players, view.dealer, after_spoil=False))
            self.bonus = jink_bonus(variant.jinking, scoring) if variant.jinking.jinking else 0
            self.top = max(1, self.pool + self.bonus * (view.players - 1))
        else:
            ppt = scoring.points_per_trick or 0
            self.top = max(1, ppt * 6 + five_tricks_bonus(scoring))

    def __call__(self, outcome: HandOutcome) -> list[float]:
        out = [0.0] * self.players
        if self.pool_game:
            seats = outcome.winner_seats
            if seats:
                share = self.pool / len(seats)
                extra = 0.0
                if outcome.jink_succeeded:
                    side = self.sides[outcome.winner] if outcome.winner is not None else ()
                    extra = self.bonus * (self.players - len(side)) / len(seats)
                for s in seats:
                    out[s] = (share + extra) / self.top
            return out
        assert outcome.side_points is not None
        for i, side in enumerate(self.sides):
            for s in side:
                out[s] = outcome.side_points[i] / self.top
        return out


def search(view: SeatView, iterations: int, exploration: float, rollout: str,
           rng: random.Random, deadline: float | None) -> tuple[_Node, int]:
    """The tree of a turn-up game's decision after ``iterations`` iterations (fewer when
    ``time.perf_counter()`` passes ``deadline`` first), and the iterations made (see
    :class:`~trumpfamily.search.bots.ISMCTSPlayer`)."""
    reward = _Reward(view)
    policy = _rollout_policy(rollout, rng)
    root = _Node(-1)
    c = exploration
    deals: list[HandState] = []
    done = 0
    for k in range(iterations):
        if not deals:
            deals = sample_deals(view, min(_CHUNK, iterations - k), rng)[::-1]
        state = deals.pop()
        node = root
        path = [root]
        while not state.is_over:
            actions = state.legal_actions()
            seat = state.to_act
            assert seat is not None
            node, action, expanded = _select(node, actions, seat, c, rng)
            state = state.apply(action)
            path.append(node)
            if expanded:
                break
        while not state.is_over:
            state = state.apply(policy(state))
        assert state.outcome is not None
        rewards = reward(state.outcome)
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.reward += rewards[n.seat]
        done = k + 1
        if deadline is not None and k + 1 < iterations and time.perf_counter() > deadline:
            break
    return root, done
