"""What the exact solver returns and maximises (issue 11; the bidding hands' objectives,
issue 20): :class:`SolveResult`, :data:`Objective`, :data:`OBJECTIVES`.

Shared by :mod:`trumpfamily.search.solver` (which re-exports them) and
:mod:`trumpfamily.search.bidding_solver`; it imports neither.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias, get_args

import attrs

from ..actions import Action
from ..errors import SearchLimitError

__all__ = ["OBJECTIVES", "Objective", "SolveResult"]

#: What :func:`~trumpfamily.search.solve` maximises for the seat's side: ``"tricks"`` (tricks held when the
#: hand ends), ``"pool"`` (1 if the side takes the pool, else 0; pool games),
#: ``"points"`` (the hand's points for the side; points games and bidding hands),
#: ``"gains"`` (the side's score change for a bidding hand, points) or ``"margin"`` (that
#: gain minus the best other side's, points; bidding hands).
Objective: TypeAlias = Literal["tricks", "pool", "points", "gains", "margin"]
#: The objectives, in the order of :data:`Objective`.
OBJECTIVES: Final[tuple[str, ...]] = get_args(Objective)


@attrs.frozen
class SolveResult:
    """The exact value of a position and the optimal actions (:func:`~trumpfamily.search.solve`).

    Attributes:
        value: the value of the position for ``seat``'s side under ``objective``, with
            best play by every seat (the paranoid reading with more than two sides):
            tricks (0 to 5), pool (0 or 1), points, or (a bidding hand) the score
            change or margin, points (may be below 0).
        best_actions: every optimal action of the seat to act, in the order of
            :meth:`HandState.legal_actions <trumpfamily.engine.HandState.legal_actions>`
            (or :meth:`BiddingHand.legal_actions
            <trumpfamily.bidding.engine.BiddingHand.legal_actions>`): those that reach
            ``value``. The seat to act maximises when it is on
            ``seat``'s side and minimises otherwise. ``()`` when the hand is over.
        objective: the :data:`Objective` searched.
        seat: the seat whose side the value is for.
        to_act: the seat to act at the position, ``None`` when the hand is over.
        action_values: with ``all_values=True``, each legal action and its exact value,
            in legal order; else ``None``.
        nodes: positions searched (a measure of the work done).
    """

    value: int
    best_actions: tuple[Action, ...]
    objective: Objective
    seat: int
    to_act: int | None
    action_values: tuple[tuple[Action, int], ...] | None
    nodes: int


def _over(nodes: int, limit: int) -> SearchLimitError:
    return SearchLimitError(
        f"solve: stopped after {limit} positions (max_nodes) without an exact answer", nodes)
