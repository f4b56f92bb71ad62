"""Search helpers for bots: deals consistent with a seat's view (issue 11).

* :func:`constraints`: what a :class:`~trumpfamily.outcomes.SeatView`'s public history
  proves about the cards its seat cannot see (:class:`Constraints`).
* :func:`count_deals`: the exact number of deals consistent with the view.
* :func:`sample_deal`, :func:`sample_deals`: full
  :class:`~trumpfamily.engine.HandState` values consistent with the view, uniform over
  those deals, seeded.
* :func:`solve`: the exact value of the rest of a hand with every card known, and the
  optimal actions (alpha-beta; :class:`SolveResult`,
  :data:`~trumpfamily.search.solver.Objective`). A turn-up hand in any phase; a bidding
  hand (:class:`~trumpfamily.bidding.engine.BiddingHand`) in its play phase, for its
  score change (``"gains"``, the default), ``"margin"``, ``"points"`` or ``"tricks"``
  (:mod:`trumpfamily.search.bidding_solver`).

The deal samplers serve the turn-up games only (a
:class:`~trumpfamily.outcomes.BiddingView` is refused).
"""

from .constraints import Constraints, Place, PlayFact, constraints
from .sampling import count_deals, sample_deal, sample_deals
from .solver import OBJECTIVES, Objective, SolveResult, solve

__all__ = [
    "OBJECTIVES",
    "Constraints",
    "Objective",
    "Place",
    "PlayFact",
    "SolveResult",
    "constraints",
    "count_deals",
    "sample_deal",
    "sample_deals",
    "solve",
]
