"""The bid advisor: what each action of a bidding hand is worth, with a confidence
interval (issue 20 item 3).

:func:`evaluate_actions` takes a seat's :class:`~trumpfamily.outcomes.BiddingView` in any
phase (the auction, naming trumps, the kitty and the draw, the play) and gives, for each
legal action (or each of a given few), the expected change to the score of the seat's
side over the rest of the hand (:attr:`HandOutcome.gains
<trumpfamily.outcomes.HandOutcome.gains>`, points; BIDDING.md §3.6), estimated on worlds
sampled consistent with the view:

1. each world is a full :class:`~trumpfamily.bidding.engine.BiddingHand` consistent with
   what the seat has seen (the cards it cannot see filled in);
2. in each world, each action is applied and the hand played on: the rest of the
   auction, naming trumps, the kitty and the draw by ``policy`` (every seat, this one's
   later decisions included; default :class:`~trumpfamily.players.RuleOfThumbPlayer`),
   then the play solved exactly (every card known, best play by every seat; with more
   than two sides the paranoid reading: the other sides together against this one);
3. the value of an action is the mean over the worlds; the worlds are the same for every
   action (common random numbers), so the differences between actions are measured
   on the same deals (:attr:`ActionValue.gap_low`, :attr:`ActionValue.gap_high`).

A play over the search budget (``max_nodes`` positions) is not solved but played out by
``policy`` to the end of the hand (an approximation, the same for every action of that
world that reaches it; rare at the default budget with four players or fewer).

Two options change the method (issue 20 item 6):

* ``playout="policy"``: no solve at all; each world is played to the end of the hand by
  ``policy`` for every seat and every later decision, the cards included (the rollout of
  a base policy: the value of "this action, then the policy"). Cheaper than a solve
  (about a millisecond a world and action in Auction 45s) and free of the
  perfect-information bias, but valued for the policy's play, not the best play.
* ``inference=epsilon``: the worlds are drawn by
  :func:`~trumpfamily.search.weighted_deals` (``policy`` the model of the other seats,
  its probabilities softened by ``epsilon``) and every mean and interval is weighted
  (self-normalised importance sampling; the intervals over the effective number of
  worlds, ``(sum w)**2 / sum w**2``). Worlds of weight 0 (``epsilon=0``) are left out.

The perfect-information reading (each world solved as if every card were known to all)
makes the play's value optimistic for every action alike; it is a comparison of actions,
not a forecast of the score.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Literal, TypeAlias

import attrs

from .._thumb import _best_suit, _card_value, _trump_order
from ..actions import ACTION_TYPES, Action, Discard, Take
from ..bidding.engine import BiddingHand
from ..errors import InvalidArgumentError, safe_repr
from ..outcomes import BiddingView
from ..players import RuleOfThumbPlayer
from ._playout import _Evaluator, _values
from .bidding_sampling import weighted_deals
from .sampling import sample_deals

__all__ = ["ActionValue", "AdvisorObjective", "AdvisorPlayout", "candidate_actions",
           "evaluate_actions"]

_ACTION_CLASSES: Final = frozenset(ACTION_TYPES.values())
#: The most actions :func:`evaluate_actions` reads from its ``actions`` (untrusted input).
_MOST_ACTIONS: Final = 10_000

#: What :func:`evaluate_actions` measures for the seat's side: ``"gains"``, the change to
#: its score over the hand (``HandOutcome.gains`` of its side, points), or ``"margin"``,
#: that change minus the highest change of any other side (points).
AdvisorObjective: TypeAlias = Literal["gains", "margin"]
_OBJECTIVES: Final = ("gains", "margin")

#: How :func:`evaluate_actions` values a world once the action is taken: ``"solve"``, the
#: policy to the play and the play solved exactly; ``"policy"``, the policy to the end of
#: the hand (every decision and every card).
AdvisorPlayout: TypeAlias = Literal["solve", "policy"]
_PLAYOUTS: Final = ("solve", "policy")

# Two-sided 97.5 % points of Student's t, by degrees of freedom (1..30); 1.96 beyond.
_T975: Final = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def _t975(df: int) -> float:
    return _T975[df - 1] if 1 <= df <= len(_T975) else 1.96


@attrs.frozen
class ActionValue:
    """One action's value for the seat's side (a row of :func:`evaluate_actions`).

    Attributes:
        action: the action (one of the view's legal actions).
        mean: the mean change to the side's score over the rest of the hand, points, over
            the worlds.
        ci_low: the lower end of the 95 % confidence interval of ``mean`` (Student's t
            over the worlds), points; ``mean`` itself with one world.
        ci_high: the upper end, points.
        worlds: the worlds averaged (the same worlds for every row).
        gap_low: the lower end of the 95 % interval of ``best.mean - mean`` (``best`` the
            first row), paired over the same worlds, points; 0 for the first row.
        gap_high: the upper end, points. A row whose ``gap_low`` is above 0 is worse
            than the best with 95 % confidence.
    """

    action: Action
    mean: float
    ci_low: float
    ci_high: float
    worlds: int
    gap_low: float = 0.0
    gap_high: float = 0.0


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = _t975(n - 1) * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _weighted_interval(values: Sequence[float], weights: Sequence[float]
                       ) -> tuple[float, float, float]:
    """The weighted mean and its 95 % interval over the effective number of worlds
    ``(sum w)**2 / sum w**2`` (equal weights: :func:`_interval`'s figures)."""
    total = math.fsum(weights)
    mean = math.fsum(w * v for w, v in zip(weights, values, strict=True)) / total
    n_eff = total * total / math.fsum(w * w for w in weights)
    if n_eff < 1.5:
        return mean, mean, mean
    var = (math.fsum(w * (v - mean) ** 2 for w, v in zip(weights, values, strict=True))
           / total * n_eff / (n_eff - 1))
    half = _t975(int(n_eff) - 1) * math.sqrt(var / n_eff)
    return mean, mean - half, mean + half


def _as_rng(rng: random.Random | int | str | bytes | None) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if rng is None or type(rng) in (int, str, bytes):
        return random.Random(rng)
    raise InvalidArgumentError(f"evaluate_actions: rng={rng!r:.60} is not a random.Random or a seed")


def _worlds(view: BiddingView, n: int, rng: random.Random) -> list[BiddingHand]:
    return sample_deals(view, n, rng)


def candidate_actions(view: BiddingView, policy: Any = None, *, limit: int = 12
                      ) -> tuple[Action, ...]:
    """The actions worth searching at ``view``: all its legal actions when there are at
    most ``limit``; else (many discards, or many cards to take when robbing the pack) a
    documented few, in legal order:

    * ``Discard``: the ``policy``'s choice, and for each number of cards the limits allow,
      the discard of that many of the weakest cards (the rule of thumb's card values with
      trumps named, else with its best suit as trumps: "keep the best k");
    * ``Take``: the ``policy``'s choice and the ``limit - 1`` most valuable cards.

    Args:
        view: the seat's view, with the seat to act.
        policy: a player (``choose(view)``), default
            :class:`~trumpfamily.players.RuleOfThumbPlayer`.
        limit: an int >= 1.

    Returns:
        A tuple of the view's legal actions.

    Raises:
        InvalidArgumentError: ``limit`` is not an int >= 1.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import candidate_actions
    >>> hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    >>> candidate_actions(hand.view(hand.to_act)) == hand.legal_actions()
    True
    """
    if type(limit) is not int or limit < 1:
        raise InvalidArgumentError(
            f"candidate_actions: limit={safe_repr(limit)} is not an int >= 1")
    legal = view.legal_actions
    if len(legal) <= limit:
        return legal
    policy = RuleOfThumbPlayer() if policy is None else policy
    chosen = policy.choose(view)
    suit = view.trump if view.trump is not None else _best_suit(view, view.hand)[0]
    order = _trump_order(view.variant, suit)
    keep: set[Action] = {chosen}
    if isinstance(legal[0], Discard):
        weakest = sorted(view.hand, key=lambda c: (_card_value(c, order), -c.index))
        sizes = sorted({len(a.cards) for a in legal if isinstance(a, Discard)})
        for k in sizes:
            want = Discard(tuple(weakest[:k]))
            if want in legal:
                keep.add(want)
    elif isinstance(legal[0], Take):
        best = sorted((a for a in legal if isinstance(a, Take)),
                      key=lambda a: -_card_value(a.card, order))
        keep.update(best[:limit - 1])
    else:
        return legal
    return tuple(a for a in legal if a in keep)


def evaluate_actions(
    view: BiddingView,
    *,
    worlds: int = 16,
    policy: Any = None,
    rng: random.Random | int | str | bytes | None = None,
    objective: AdvisorObjective = "gains",
    actions: Iterable[Action] | None = None,
    max_nodes: int | None = 20_000,
    playout: AdvisorPlayout = "solve",
    inference: float | None = None,
) -> tuple[ActionValue, ...]:
    """Each action's expected change to the score of the seat's side, best first.

    The seat is ``view.seat``, which must be the seat to act. See the module notes for the
    method (sampled worlds, the ``policy`` to the play, the play solved exactly).

    Args:
        view: a seat's :class:`~trumpfamily.outcomes.BiddingView` with its turn to act, in
            any phase: the auction (``Bid``, ``Pass``), naming trumps (``NameTrump``), the
            kitty and the draw (``Discard``; ``Take`` when robbing the pack), the play
            (``Play``: each card's exact value per world).
        worlds: the worlds sampled (an int >= 1).
        policy: the player (``choose(view)``) for every decision before the play in each
            world after the action, this seat's included; default
            :class:`~trumpfamily.players.RuleOfThumbPlayer`.
        rng: a :class:`random.Random`, or a seed (int, str, bytes) for one, or ``None``
            (fresh randomness).
        objective: ``"gains"`` (:data:`AdvisorObjective`): the side's
            ``HandOutcome.gains``, points (BIDDING.md §3.6: the bidders score what they
            took or lose the bid; the defenders keep what they took); or ``"margin"``:
            that minus the best other side's gains (suits three or more sides).
        actions: the actions to value (legal actions of the view, as
            :class:`~trumpfamily.actions.Action` values), default every legal action. A
            kitty discard can offer hundreds (219 in a Newfoundland 120s hand), each
            valued on every world: pass ``actions=candidate_actions(view)`` there, as the
            bots do (a handful of rows in about a second).
        max_nodes: the search budget of one play's exact solve, positions (an int >= 1
            or ``None``); a play over it is played out by ``policy`` instead.
        playout: ``"solve"`` (default; :data:`AdvisorPlayout`): the play solved exactly;
            ``"policy"``: the world played to the end of the hand by ``policy`` (every
            seat, every decision and card; no solve, ``max_nodes`` unused).
        inference: ``None`` (default) for uniform worlds; or ``epsilon`` (a number from
            0 to 1): worlds weighted by how likely ``policy`` makes the other seats'
            calls, trumps and exchange (:func:`~trumpfamily.search.weighted_deals`), the
            means and intervals weighted (module notes); ``worlds`` counts the worlds
            of weight above 0.

    Returns:
        One :class:`ActionValue` per action, sorted by ``mean``, best first (ties in legal
        order).

    Raises:
        InvalidArgumentError: ``view`` is not a BiddingView with this seat to act,
            ``worlds`` or ``max_nodes`` is not an int >= 1, an action is not legal, a bad
            ``objective``, ``playout``, ``inference`` or ``rng``.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import evaluate_actions
    >>> hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    >>> rows = evaluate_actions(hand.view(hand.to_act), worlds=4, rng=1)
    >>> {r.action for r in rows} == set(hand.legal_actions())
    True
    >>> rows[0].mean >= rows[-1].mean and rows[0].ci_low <= rows[0].mean <= rows[0].ci_high
    True
    >>> rolled = evaluate_actions(hand.view(hand.to_act), worlds=4, rng=1, playout="policy",
    ...                           inference=0.05)
    >>> {r.action for r in rolled} == set(hand.legal_actions())
    True
    """
    if not isinstance(view, BiddingView):
        raise InvalidArgumentError(
            f"evaluate_actions: expected a BiddingView, got {type(view).__name__}")
    if view.to_act != view.seat or not view.legal_actions:
        raise InvalidArgumentError(
            f"evaluate_actions: it is not seat {view.seat}'s turn (to act: {view.to_act})")
    if type(worlds) is not int or worlds < 1:
        raise InvalidArgumentError(f"evaluate_actions: worlds={safe_repr(worlds)} is not an int >= 1")
    if max_nodes is not None and (type(max_nodes) is not int or max_nodes < 1):
        raise InvalidArgumentError(
            f"evaluate_actions: max_nodes={safe_repr(max_nodes)} is not an int >= 1 (or None)")
    if objective not in _OBJECTIVES:
        raise InvalidArgumentError(
            f"evaluate_actions: objective={safe_repr(objective)} is not one of "
            f"{', '.join(map(repr, _OBJECTIVES))}")
    if playout not in _PLAYOUTS:
        raise InvalidArgumentError(
            f"evaluate_actions: playout={safe_repr(playout)} is not one of "
            f"{', '.join(map(repr, _PLAYOUTS))}")
    if inference is not None and (type(inference) not in (int, float)
                                  or not 0 <= inference <= 1):  # NaN fails too
        raise InvalidArgumentError(
            f"evaluate_actions: inference={safe_repr(inference)} is not a number from 0 "
            "to 1 (or None)")
    if policy is not None and not callable(getattr(policy, "choose", None)):
        raise InvalidArgumentError(f"evaluate_actions: policy={policy!r:.60} has no choose(view)")
    legal = view.legal_actions
    if actions is None:
        chosen = legal
    else:
        wanted = list(itertools.islice(actions, _MOST_ACTIONS + 1))
        if len(wanted) > _MOST_ACTIONS:
            raise InvalidArgumentError(
                f"evaluate_actions: more than {_MOST_ACTIONS:,} actions given (a view has "
                f"{len(legal)} legal actions)")
        for a in wanted:
            if type(a) not in _ACTION_CLASSES:
                raise InvalidArgumentError(
                    f"evaluate_actions: actions holds {safe_repr(a)}, not an action "
                    "(tf.parse_action turns text such as 'bid 20' into one)")
            if a not in legal:
                raise InvalidArgumentError(
                    f"evaluate_actions: {safe_repr(a)} is not a legal action of seat "
                    f"{view.seat} now (legal: {', '.join(map(str, legal[:12]))}"
                    f"{', ...' if len(legal) > 12 else ''})")
        chosen = tuple(a for a in legal if a in wanted)
    gen = _as_rng(rng)
    player = RuleOfThumbPlayer() if policy is None else policy
    ev = _Evaluator(view.seat, player, max_nodes, objective, playout)
    if inference is None:
        samples = _worlds(view, worlds, gen)
        return _rows(chosen, _values(ev, samples, chosen))
    pairs = [(d, w) for d, w in weighted_deals(view, worlds, policy=player,
                                               epsilon=float(inference), rng=gen) if w > 0]
    return _rows(chosen, _values(ev, [d for d, _ in pairs], chosen), [w for _, w in pairs])


def _rows(chosen: Sequence[Action], table: list[list[float]],
          weights: Sequence[float] | None = None) -> tuple[ActionValue, ...]:
    """The rows of ``table`` (per world, each chosen action's value), optionally weighted
    per world (``weights``, floats > 0)."""
    if not table:
        return ()
    n = len(table)
    columns = [[row[i] for row in table] for i in range(len(chosen))]

    def interval(values: Sequence[float]) -> tuple[float, float, float]:
        return _interval(values) if weights is None else _weighted_interval(values, weights)

    if weights is None:
        means = [sum(c) / n for c in columns]
    else:
        means = [interval(c)[0] for c in columns]
    best = max(range(len(chosen)), key=lambda i: (means[i], -i))
    rows = []
    for i, action in enumerate(chosen):
        mean, low, high = interval(columns[i])
        if i == best:
            gap_low = gap_high = 0.0
        else:
            _, gap_low, gap_high = interval([b - v for b, v in zip(columns[best], columns[i],
                                                                    strict=True)])
        rows.append((i, ActionValue(action, mean, low, high, n, gap_low, gap_high)))
    rows.sort(key=lambda r: (-r[1].mean, r[0]))
    return tuple(r for _, r in rows)


def best_action(rows: Sequence[ActionValue], tie_break: Callable[[], Action]) -> Action:
    """The first row's action; among rows of equal mean, ``tie_break()`` if it is one."""
    top = rows[0].mean
    tied = [r.action for r in rows if r.mean == top]
    if len(tied) == 1:
        return tied[0]
    preferred = tie_break()
    return preferred if preferred in tied else tied[0]

