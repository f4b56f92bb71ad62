"""Search helpers for bots: deals consistent with a seat's view, the exact solver, the bid
advisor (issues 11, 20).

* :func:`constraints`: what a :class:`~trumpfamily.outcomes.SeatView`'s public history
  proves about the cards its seat cannot see (:class:`Constraints`).
* :func:`count_deals`: the exact number of deals consistent with the view.
* :func:`sample_deal`, :func:`sample_deals`: full
  :class:`~trumpfamily.engine.HandState` values consistent with the view, uniform over
  those deals, seeded.
* :func:`solve`: the exact value of the rest of a hand with every card known, and the
  optimal actions (alpha-beta; :class:`SolveResult`,
  :data:`~trumpfamily.search.results.Objective`). A turn-up hand in any phase; a bidding
  hand (:class:`~trumpfamily.bidding.engine.BiddingHand`) in its play phase, for its
  score change (``"gains"``, the default), ``"margin"``, ``"points"`` or ``"tricks"``
  (:mod:`trumpfamily.search.bidding_solver`).

The first four take a :class:`~trumpfamily.outcomes.BiddingView` as well (issue 20): its
places and proofs are a :class:`BiddingConstraints`
(:mod:`~trumpfamily.search.bidding_constraints`), its samples
:class:`~trumpfamily.bidding.engine.BiddingHand` states
(:mod:`~trumpfamily.search.bidding_sampling`).

* :func:`evaluate_actions` (the bid advisor): each legal call, trump, discard or card of a
  bidding view and its expected change to the side's score, with 95 % intervals, from
  sampled worlds played to the end of the hand (:mod:`~trumpfamily.search.advisor`;
  :func:`candidate_actions`, :class:`ActionValue`).
* :func:`weighted_deals`: bidding deals weighted by how likely a policy makes the other
  seats' calls, trump choice and exchange, and with ``plays=True`` the other sides'
  cards (importance weights over uniform samples);
  :func:`metropolis_deals`: deals drawn from that posterior by a Metropolis chain (many
  distinct fitting deals where few uniform ones fit).
* :class:`RolloutPlayer`: the bidding games' rollout bot: each candidate call, trump or
  discard valued by rule-of-thumb play-outs to the end of the hand on worlds weighted by
  the auction, the rule of thumb's action kept unless clearly beaten
  (:mod:`~trumpfamily.search.rollout`).
* :class:`WinChance`, :func:`win_chance`: a side's chance of winning a bidding game
  from given scores (rule-of-thumb hands played on; :mod:`~trumpfamily.search.match`),
  what ``RolloutPlayer(objective="game")`` aims at.
* :func:`analyse`, :func:`review` (issue 22): every legal action of a seat's view valued
  over worlds consistent with it, with 95 % intervals, in the game's unit (chips, points,
  score change; the pool-win chance), the search bot's method and worlds
  (:class:`Analysis`, :class:`ActionAnalysis`); each decision of a seat in a record against
  the best action, with its expected loss (:class:`Review`, :class:`Decision`;
  :mod:`~trumpfamily.search.analysis`).
* :class:`BestResponseOracle`, :class:`ParanoidOracle`: **cheating** bots for the bidding
  games that see every card (:mod:`~trumpfamily.search.oracles`), the upper references
  of the bot ladder; for measuring only. :class:`TurnUpBestResponseOracle`: the same
  for the turn-up games, the exact best response to the context rule of thumb
  (:mod:`~trumpfamily.search.turnup_oracles`; issue 22).
"""

from .advisor import (
    ActionValue,
    AdvisorObjective,
    AdvisorPlayout,
    candidate_actions,
    evaluate_actions,
)
from .analysis import (
    DEFAULT_BUDGET,
    EXACT_LIMIT,
    ActionAnalysis,
    Analysis,
    Decision,
    Review,
    Unit,
    analyse,
    review,
)
from .bidding_constraints import BiddingConstraints, BiddingPlace
from .bidding_sampling import metropolis_deals, weighted_deals
from .constraints import Constraints, Place, PlayFact, constraints
from .match import WinChance, win_chance
from .oracles import BestResponseOracle, ParanoidOracle
from .rollout import RolloutDraw, RolloutObjective, RolloutPlay, RolloutPlayer
from .sampling import count_deals, sample_deal, sample_deals
from .solver import OBJECTIVES, Objective, SolveResult, solve
from .turnup_oracles import TurnUpBestResponseOracle

__all__ = [
    "DEFAULT_BUDGET",
    "EXACT_LIMIT",
    "OBJECTIVES",
    "ActionAnalysis",
    "ActionValue",
    "AdvisorObjective",
    "AdvisorPlayout",
    "Analysis",
    "BestResponseOracle",
    "BiddingConstraints",
    "BiddingPlace",
    "Constraints",
    "Decision",
    "Objective",
    "ParanoidOracle",
    "Place",
    "PlayFact",
    "Review",
    "RolloutDraw",
    "RolloutObjective",
    "RolloutPlay",
    "RolloutPlayer",
    "SolveResult",
    "TurnUpBestResponseOracle",
    "Unit",
    "WinChance",
    "analyse",
    "candidate_actions",
    "constraints",
    "count_deals",
    "evaluate_actions",
    "metropolis_deals",
    "review",
    "sample_deal",
    "sample_deals",
    "solve",
    "weighted_deals",
    "win_chance",
]
