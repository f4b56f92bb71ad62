"""Bidding: the auction, kitty, draw and contract scoring of the bidding members of the
family (BIDDING.md; RULES.md §2.6, §2.7, §3 rows 21–28, §4.6).

Auction Forty-Fives, Newfoundland 120s, Nova Scotia 45s, Fifty-Five / One Hundred and Ten /
220 and American Hundred and Ten name trumps by an auction instead of a turn-up. Bids name a
number of points, never a suit; each bid must beat the standing bid, and only the dealer may
take ("hold") the standing bid at the same amount (BIDDING.md §2.3). The winner names trumps,
takes the kitty if there is one, everybody may exchange cards with the stock, and a side that
makes its bid scores what it took while a side that falls short loses the bid (§2.5).

This package is the :class:`Bidding` rule component (every option of BIDDING.md §7) and the
decisions it owns, as small pure functions the engine calls, in one module for each rule
area. Every name below is importable from ``trumpfamily.bidding`` itself:

* the component (:mod:`trumpfamily.bidding.component`): :class:`Bidding`, its option
  values, the ladder (:func:`ladder`, :func:`near_end_minimum`, :func:`bag_amount`,
  :func:`is_all_five_bid`), what a contract is
  (:data:`~trumpfamily.bidding.component.ContractKind`, :func:`contract_kind`);
* the auction (§3.3; :mod:`trumpfamily.bidding.auction`): :class:`AuctionCall` values in a
  tuple, :func:`auction_state`, :func:`legal_calls`, :func:`legal_bids`,
  :func:`check_call`; after a throw-in, :func:`after_throw_in`
  (:mod:`trumpfamily.bidding.deal`);
* the deal, kitty and draw (§3.2, §3.4; :mod:`trumpfamily.bidding.deal`, the stock in
  :mod:`trumpfamily.bidding.stock`): :func:`deal_order`, :func:`stock_size`,
  :func:`max_draw`, :func:`stock_demand`, :func:`check_stock`, :func:`stock_problem`,
  :func:`discard_limits`, :func:`draw_sequence`, :func:`chooses_replacements`,
  :func:`first_leader`;
* a hand's score (§3.6, §5.6, §6; :mod:`trumpfamily.bidding.score`): :func:`bid_made`,
  :func:`bidder_score`, :func:`defender_score`, :func:`score_hand`;
* the end of the game (§3.7, §5.8, §7.1; :mod:`trumpfamily.bidding.score`):
  :func:`game_end`;
* options that change nothing under the others (:mod:`trumpfamily.bidding.component`):
  :func:`unused_options`.

Seats are numbered clockwise, the dealer's left (eldest) speaking, receiving and drawing first
(BIDDING.md §0). Scores are per side; in games without partnerships a side is one seat.
"""

from __future__ import annotations

from .auction import (
    BIDDING_REFUSAL_CODES,
    AuctionCall,
    AuctionState,
    Contract,
    auction_state,
    check_call,
    legal_bids,
    legal_calls,
    parse_auction,
)
from .component import (
    EXTRA_BID,
    AfterHold,
    AllPass,
    AuctionRounds,
    Bidding,
    BidMeasure,
    BonusCutoffScope,
    ContractKind,
    DefenderLimit,
    DiscardTrumps,
    Draw,
    DrawLimit,
    DrawOrder,
    ExtraBid,
    Finish,
    FirstLead,
    Hold,
    KittyDeal,
    KittyDiscard,
    MadeBidScores,
    TargetTie,
    ThirtyBid,
    bag_amount,
    contract_kind,
    is_all_five_bid,
    ladder,
    near_end_minimum,
    unused_options,
)
from .deal import (
    KITTY,
    DiscardLimits,
    Redeal,
    after_throw_in,
    chooses_replacements,
    deal_order,
    discard_limits,
    draw_sequence,
    first_leader,
)
from .score import (
    BONUS_POINTS,
    TRICK_POINTS,
    EndReason,
    GameEnd,
    HandScore,
    bid_made,
    bidder_score,
    defender_score,
    game_end,
    score_hand,
)
from .stock import (
    check_stock,
    draw_limit_for,
    max_draw,
    stock_demand,
    stock_problem,
    stock_size,
)

__all__ = [
    "BIDDING_REFUSAL_CODES",
    "BONUS_POINTS",
    "EXTRA_BID",
    "KITTY",
    "TRICK_POINTS",
    "AfterHold",
    "AllPass",
    "AuctionCall",
    "AuctionRounds",
    "AuctionState",
    "BidMeasure",
    "Bidding",
    "BonusCutoffScope",
    "Contract",
    "ContractKind",
    "DefenderLimit",
    "DiscardLimits",
    "DiscardTrumps",
    "Draw",
    "DrawLimit",
    "DrawOrder",
    "EndReason",
    "ExtraBid",
    "Finish",
    "FirstLead",
    "GameEnd",
    "HandScore",
    "Hold",
    "KittyDeal",
    "KittyDiscard",
    "MadeBidScores",
    "Redeal",
    "TargetTie",
    "ThirtyBid",
    "after_throw_in",
    "auction_state",
    "bag_amount",
    "bid_made",
    "bidder_score",
    "check_call",
    "check_stock",
    "chooses_replacements",
    "contract_kind",
    "deal_order",
    "defender_score",
    "discard_limits",
    "draw_limit_for",
    "draw_sequence",
    "first_leader",
    "game_end",
    "is_all_five_bid",
    "ladder",
    "legal_bids",
    "legal_calls",
    "max_draw",
    "near_end_minimum",
    "parse_auction",
    "score_hand",
    "stock_demand",
    "stock_problem",
    "stock_size",
    "unused_options",
]
