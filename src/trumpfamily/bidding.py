"""Bidding: the auction, kitty, draw and contract scoring of the bidding members of the
family (BIDDING.md; RULES.md §2.6, §2.7, §3 rows 21–28, §4.6).

Auction Forty-Fives, Newfoundland 120s, Nova Scotia 45s, Fifty-Five / One Hundred and Ten /
220 and American Hundred and Ten name trumps by an auction instead of a turn-up. Bids name a
number of points, never a suit; each bid must beat the standing bid, and only the dealer may
take ("hold") the standing bid at the same amount (BIDDING.md §2.3). The winner names trumps,
takes the kitty if there is one, everybody may exchange cards with the stock, and a side that
makes its bid scores what it took while a side that falls short loses the bid (§2.5).

This module is the :class:`Bidding` rule component (every option of BIDDING.md §7) and the
decisions it owns, as small pure functions the engine calls:

* the auction (§3.3): :class:`AuctionCall` values in a tuple, :func:`auction_state`,
  :func:`legal_calls`, :func:`legal_bids`, :func:`check_call`, :func:`after_throw_in`;
* the deal, kitty and draw (§3.2, §3.4): :func:`deal_order`, :func:`stock_size`,
  :func:`max_draw`, :func:`stock_demand`, :func:`check_stock`, :func:`discard_limits`,
  :func:`draw_sequence`, :func:`chooses_replacements`, :func:`first_leader`;
* a hand's score (§3.6, §5.6, §6): :func:`bid_made`, :func:`bidder_score`,
  :func:`defender_score`, :func:`score_hand`;
* the end of the game (§3.7, §5.8, §7.1): :func:`game_end`;
* options that change nothing under the others: :func:`unused_options`.

Seats are numbered clockwise, the dealer's left (eldest) speaking, receiving and drawing first
(BIDDING.md §0). Scores are per side; in games without partnerships a side is one seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Literal, TypeAlias

import attrs

from ._options import _KEY, OptionSpec, choice, flag, integer
from .errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidVariantError,
    PlayerCountError,
    RefusalCode,
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
    "stock_size",
    "unused_options",
]

#: Points for each trick (BIDDING.md §0, §2.4).
TRICK_POINTS: Final = 5
#: Extra points for the trick holding the highest trump played (BIDDING.md §0, §2.4).
BONUS_POINTS: Final = 5
#: The amount that stands for the extra bid above the ladder, whichever it is (slam,
#: thirty-for-sixty, moon, sixty): a bid of 60, all five tricks (BIDDING.md §3.6, §5.3, §6).
EXTRA_BID: Final = 60
#: The recipient :func:`deal_order` gives a card dealt to the kitty.
KITTY: Final = -1

# -- option values ---------------------------------------------------------------------------

#: The values of option ``hold``, the dealer's privilege (:attr:`Bidding.hold`).
Hold: TypeAlias = Literal["dealer", "none"]
#: The values of option ``after_hold``, what follows the dealer's hold (:attr:`Bidding.after_hold`).
AfterHold: TypeAlias = Literal["all-unpassed", "duel", "ends"]
#: The values of option ``auction_rounds``, how long the auction runs (:attr:`Bidding.auction_rounds`).
AuctionRounds: TypeAlias = Literal["open", "once"]
#: The values of option ``all_pass``, what happens when everybody passes (:attr:`Bidding.all_pass`).
AllPass: TypeAlias = Literal["bag-dealer", "redeal-next", "redeal-same"]
#: The values of option ``thirty_bid``, what the 30 bid is (:attr:`Bidding.thirty_bid`).
ThirtyBid: TypeAlias = Literal["sixty", "sixty-both", "plain", "blind"]
#: The values of option ``extra_bid``, the bid above the ladder (:attr:`Bidding.extra_bid`).
ExtraBid: TypeAlias = Literal["slam", "thirty-for-sixty", "moon", "sixty"]
#: The values of option ``made_bid_scores`` (:attr:`Bidding.made_bid_scores`).
MadeBidScores: TypeAlias = Literal["taken", "bid"]
#: The values of option ``bid_measure`` (:attr:`Bidding.bid_measure`).
BidMeasure: TypeAlias = Literal["points", "tricks"]
#: The values of option ``bonus_cutoff_scope`` (:attr:`Bidding.bonus_cutoff_scope`).
BonusCutoffScope: TypeAlias = Literal["bidder", "all"]
#: The values of option ``kitty_deal``, when the kitty is dealt (:attr:`Bidding.kitty_deal`).
KittyDeal: TypeAlias = Literal["after-first", "split", "last"]
#: The values of option ``kitty_discard`` (:attr:`Bidding.kitty_discard`).
KittyDiscard: TypeAlias = Literal["exact", "free"]
#: The values of option ``discard_trumps`` (:attr:`Bidding.discard_trumps`).
DiscardTrumps: TypeAlias = Literal["any", "last-resort"]
#: The values of option ``draw``, who exchanges with the stock (:attr:`Bidding.draw`).
Draw: TypeAlias = Literal["all", "bidder-only"]
#: The values of option ``draw_order`` (:attr:`Bidding.draw_order`).
DrawOrder: TypeAlias = Literal["eldest-first", "dealer-first", "simultaneous"]
#: The values of option ``first_lead`` (:attr:`Bidding.first_lead`).
FirstLead: TypeAlias = Literal["left-of-bidder", "bidder", "eldest"]
#: The values of option ``defender_limit`` (:attr:`Bidding.defender_limit`).
DefenderLimit: TypeAlias = Literal["none", "no-score-if-made", "no-score", "cap"]
#: The values of option ``finish``, what ends the game (:attr:`Bidding.finish`).
Finish: TypeAlias = Literal["points", "hands"]
#: The values of option ``target_tie`` of the bidding games (:attr:`Bidding.target_tie`;
#: not the same values as :data:`trumpfamily.scoring.TargetTie`).
TargetTie: TypeAlias = Literal["bidder-first", "higher-total", "bidding-side-only", "trick-order"]
#: A stored ``draw_limit``: ``None`` (no limit), one int for every table size, or
#: ``((players, limit), ...)`` sorted by players (a mapping given is stored so).
DrawLimit: TypeAlias = int | tuple[tuple[int, int], ...] | None
#: Why a game ended (:attr:`GameEnd.reason`).
EndReason: TypeAlias = Literal["target", "hands", "lose-at", "sets"]


# -- option specs for the two options that are not a choice, flag or int --------------------


@attrs.frozen
class _NearEndSpec(OptionSpec):
    """``min_bid_near_end``: ``None`` or a ``(threshold, minimum)`` pair of ints."""

    def describe(self) -> str:
        return "None, or (threshold, minimum): two ints, e.g. (100, 20)"

    def check(self, name: str, value: Any) -> None:
        ok = value is None or (
            type(value) is tuple and len(value) == 2
            and all(type(v) is int for v in value) and value[0] >= 1 and value[1] >= 5)
        if not ok:
            raise InvalidVariantError(
                f"option {name}={value!r} is not valid; valid values: {self.describe()}")


@attrs.frozen
class _DrawLimitSpec(OptionSpec):
    """``draw_limit``: ``None``, an int 0..5, or player count -> int 0..5."""

    def describe(self) -> str:
        return ("None, an int from 0 to 5, or a mapping from player count (2 to 10) to an int "
                "from 0 to 5, e.g. {6: 3}")

    def check(self, name: str, value: Any) -> None:
        pairs = tuple(value.items()) if isinstance(value, Mapping) else value
        ok = value is None or (type(value) is int and 0 <= value <= 5) or (
            type(pairs) is tuple and all(
                type(p) is tuple and len(p) == 2 and type(p[0]) is int and type(p[1]) is int
                and 2 <= p[0] <= 10 and 0 <= p[1] <= 5 for p in pairs)
            and len({p[0] for p in pairs}) == len(pairs))
        if not ok:
            raise InvalidVariantError(
                f"option {name}={value!r} is not valid; valid values: {self.describe()}")


_NEAR_END: Final = _NearEndSpec("pair", optional=True, doc="minimum bid near the end (§3.3, B3)")
_DRAW_LIMIT: Final = _DrawLimitSpec("limits", optional=True, doc="cards a seat may draw (§3.4, K7)")


def _validate(spec: OptionSpec) -> Any:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        spec.check(attribute.name, value)
    return check


def _limit_table(value: int | Mapping[int, int] | tuple[tuple[int, int], ...] | None) -> DrawLimit:
    """Store a ``draw_limit`` mapping as sorted ``(players, limit)`` pairs (hashable)."""
    if isinstance(value, Mapping):
        try:
            return tuple(sorted(value.items()))
        except TypeError:
            return tuple(value.items())
    return value


# -- the component -----------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Bidding:
    """The bidding rule component: every option of BIDDING.md §7 (defaults: AUCTION_45, §8).

    Attributes:
        min_bid: the lowest bid, points (B1: 15; 20 in Newfoundland and Nova Scotia; 10 in 55).
        bid_step: the step between bids, points (B2: 5).
        max_bid: the top of the ladder (B2: 30; 25 in 55, whose top is the 60 bid).
        min_bid_near_end: ``None``, or ``(threshold, minimum)``: a seat whose side has
            ``threshold`` or more may not bid, hold or be bagged below ``minimum`` (B3:
            (100, 20) BICA45; (95, 20) WFF three teams).
        hold: ``"dealer"`` (the dealer may take the standing bid at the same amount) or
            ``"none"`` (B4).
        after_hold: ``"all-unpassed"`` (every unpassed player speaks again; BICA45, DBK),
            ``"duel"`` (only the displaced bidder and the dealer go on; JORD, CMU120, G55) or
            ``"ends"`` (the hold wins at once; IMP-110a, IMP-NL) (B5). Unused when
            ``hold="none"``.
        auction_rounds: ``"open"`` (round and round until one is left) or ``"once"`` (each
            speaks once, the dealer last; IMP-NL) (B6). ``"once"`` with a hold needs
            ``after_hold="duel"`` or ``"ends"`` (§7.1 #2).
        all_pass: everybody passes: ``"bag-dealer"`` (the dealer must take it), ``"redeal-next"``
            (the next dealer deals) or ``"redeal-same"`` (the same dealer deals again) (B7).
        bag_bid: the bagged dealer's contract, ``None`` for ``min_bid`` (B7; MVMAG 20); read
            only under ``all_pass="bag-dealer"`` (see :func:`unused_options`).
        bag_raise: a bagged dealer may choose any bid from the bag amount up (IMP-ZB,
            IMP-110a code); ``False``: the contract is the bag amount (IMP-PEI, IMP-NL) (B7b).
        max_redeals: ``all_pass="redeal-same"``: the deal passes left after this many
            throw-ins in a row by one dealer (IMP-110b: 3); ``None``: never (§7.1 #1).
        thirty_bid: the 30 bid: ``"sixty"`` (all five tricks, +60 / −30; BICA45),
            ``"sixty-both"`` (+60 / −60; IMP-NL), ``"plain"`` (30 points; IMP-110a/b) or
            ``"blind"`` (WFF: reserved and refused, §7.1 #5) (B8). Unused without a 30 rung.
        extra_bid: the bid above the ladder, made by all five tricks and entered as
            :data:`EXTRA_BID` (60): ``None``, ``"slam"`` (+120 / −60; WFF),
            ``"thirty-for-sixty"`` (±60; IMP-NL), ``"moon"`` (±60; IMP-110b) or ``"sixty"``
            (G55; +60 / −60 [I]) (B9).
        lower_bid_cap: the most a made bid below the all-five bids scores (B10: 30; PAG55);
            ``None``: a sweep scores 60 under any bid (§7.1 #6).
        made_bid_scores: a made bid scores the points ``"taken"`` (BICA45) or the ``"bid"``
            ([U] HH) (B10).
        bid_measure: a bid counts ``"points"`` with the bonus (BICA45, IMP-110a) or
            ``"tricks"`` (N needs N/5 tricks; [I] DOC45) (B11, §7.1 #7).
        bonus_cutoff: ``None``, or the score from which the best-trump bonus is lost
            (IMP-110a: 85) (B12).
        bonus_cutoff_scope: who loses the bonus at the cutoff: the ``"bidder"`` or ``"all"``
            (B12b).
        kitty: cards dealt to the kitty (K1: 0, 3, 4, 5).
        kitty_deal: ``"after-first"`` (after the first round of packets), ``"split"`` (half
            after each round; JORD) or ``"last"`` (after every hand) (K2).
        extra_cards: cards each player gets after the kitty, kept unseen until trumps are
            named (WFF six players: 3) (§7.1 #9).
        trump_before_kitty: the bidder names trumps before seeing the kitty (K3).
        kitty_discard: ``"exact"``: the bidder discards exactly back to five and draws
            nothing; ``"free"``: he discards any number and draws back to five (K4).
        discard_trumps: ``"any"`` or ``"last-resort"`` (the bidder discards a trump only when
            his non-trumps cannot cover the discards; IMP-NL) (K5).
        draw: who exchanges with the stock: ``"all"`` or ``"bidder-only"`` (K6).
        draw_limit: cards a seat may draw: ``None`` (any), an int, or a mapping from player
            count to a limit, stored as sorted pairs (AUCTION_45: ``{6: 3}``); cards the
            bidder takes from the kitty count toward it (K7, §7.1 #4).
        draw_order: ``"eldest-first"``, ``"dealer-first"`` (IMP-110b) or ``"simultaneous"``
            (IMP-NL) (K8).
        rob_pack: the dealer chooses his replacements from the whole stock (DBK) (K9).
        first_lead: ``"left-of-bidder"``, ``"bidder"`` or ``"eldest"`` (P1).
        defender_limit: ``"none"``, ``"no-score-if-made"`` (IMP-NS), ``"no-score"`` (WNH) or
            ``"cap"`` ([U] RULES.md) (S1, §7.1 #8).
        defender_threshold: the defenders' score from which ``defender_limit`` bites; ``None``
            with ``"cap"`` reads as 115.
        target: points that win the game (E1: 120; 125 Nova Scotia; 55 / 110 / 220).
        finish: ``"points"`` (to ``target``) or ``"hands"`` (``finish_hands`` hands, the
            highest total wins; Rec Hall PEI) (E1: BIDDING.md's ``"hands:N"``).
        finish_hands: the number of hands under ``finish="hands"``.
        target_tie: several sides reach the target in one hand: ``"bidder-first"``,
            ``"higher-total"``, ``"bidding-side-only"`` or ``"trick-order"`` (E2, E4).
        lose_at: ``None``, or a score at or below which a side loses (IMP-NS: −125) (E3).
        sets_to_lose: ``None``, or the number of sets that loses a side the game (IMP-NL: 3)
            (E3).
    """

    min_bid: int = integer(15, 5, 30, doc="lowest bid (B1)")
    bid_step: int = integer(5, 5, 25, doc="step between bids (B2)")
    max_bid: int = integer(30, 5, 30, doc="top of the ladder (B2)")
    min_bid_near_end: tuple[int, int] | None = attrs.field(
        default=(100, 20), validator=_validate(_NEAR_END), metadata={_KEY: _NEAR_END})
    hold: Hold = choice("dealer", "dealer", "none", doc="the dealer's privilege (B4)")
    after_hold: AfterHold = choice("all-unpassed", "all-unpassed", "duel", "ends",
                                   doc="after the dealer holds (B5)")
    auction_rounds: AuctionRounds = choice("open", "open", "once", doc="auction length (B6)")
    all_pass: AllPass = choice("redeal-next", "bag-dealer", "redeal-next", "redeal-same",
                               doc="everybody passes (B7)")
    bag_bid: int | None = integer(None, 5, 30, optional=True, doc="the bagged contract (B7)")
    bag_raise: bool = flag(False, doc="a bagged dealer may bid higher (B7b)")
    max_redeals: int | None = integer(None, 1, optional=True, doc="throw-ins in a row (B7)")
    thirty_bid: ThirtyBid = choice("sixty", "sixty", "sixty-both", "plain", "blind",
                                   doc="the 30 bid (B8)")
    extra_bid: ExtraBid | None = choice(None, "slam", "thirty-for-sixty", "moon", "sixty",
                                        optional=True, doc="bid above 30 (B9)")
    lower_bid_cap: int | None = integer(30, 5, 30, optional=True, doc="made lower bid cap (B10)")
    made_bid_scores: MadeBidScores = choice("taken", "taken", "bid", doc="a made bid scores (B10)")
    bid_measure: BidMeasure = choice("points", "points", "tricks", doc="bid measure (B11)")
    bonus_cutoff: int | None = integer(None, 1, optional=True, doc="no bonus from here (B12)")
    bonus_cutoff_scope: BonusCutoffScope = choice("bidder", "bidder", "all",
                                                  doc="who loses the bonus (B12b)")
    kitty: int = integer(0, 0, 10, doc="kitty cards (K1)")
    kitty_deal: KittyDeal = choice("after-first", "after-first", "split", "last",
                                   doc="when the kitty is dealt (K2)")
    extra_cards: int = integer(0, 0, 5, doc="unseen extra cards each (§7.1 #9)")
    trump_before_kitty: bool = flag(True, doc="trumps named before the kitty is seen (K3)")
    kitty_discard: KittyDiscard = choice("free", "exact", "free", doc="bidder's discard (K4)")
    discard_trumps: DiscardTrumps = choice("any", "any", "last-resort", doc="discarding trumps (K5)")
    draw: Draw = choice("all", "all", "bidder-only", doc="who draws (K6)")
    draw_limit: DrawLimit = attrs.field(
        default=((6, 3),), converter=_limit_table, validator=_validate(_DRAW_LIMIT),
        metadata={_KEY: _DRAW_LIMIT})
    draw_order: DrawOrder = choice("eldest-first", "eldest-first", "dealer-first", "simultaneous",
                                   doc="drawing order (K8)")
    rob_pack: bool = flag(False, doc="the dealer robs the pack (K9)")
    first_lead: FirstLead = choice("left-of-bidder", "left-of-bidder", "bidder", "eldest",
                                   doc="first lead (P1)")
    defender_limit: DefenderLimit = choice("none", "none", "no-score-if-made", "no-score", "cap",
                                           doc="defenders near the end (S1)")
    defender_threshold: int | None = integer(None, 1, optional=True, doc="defender limit from (S1)")
    target: int = integer(120, 5, doc="points that win (E1)")
    finish: Finish = choice("points", "points", "hands", doc="what ends the game (E1)")
    finish_hands: int | None = integer(None, 1, optional=True, doc="hands in the game (E1)")
    target_tie: TargetTie = choice("bidder-first", "bidder-first", "higher-total",
                                   "bidding-side-only", "trick-order", doc="both cross (E2)")
    lose_at: int | None = integer(None, -100_000, 0, optional=True, doc="losing score (E3)")
    sets_to_lose: int | None = integer(None, 1, optional=True, doc="sets that lose (E3)")

    def __attrs_post_init__(self) -> None:
        for problem in _problems(self):
            raise InvalidVariantError(problem)
        for players, _ in self.draw_limit if isinstance(self.draw_limit, tuple) else ():
            check_stock(self, players, deck=52)


def _on_ladder(b: Bidding, amount: int) -> bool:
    return b.min_bid <= amount <= b.max_bid and (amount - b.min_bid) % b.bid_step == 0


def _problems(b: Bidding) -> list[str]:
    """Incoherent combinations of options, each with its arithmetic (BIDDING.md §7, §7.1).
    An option that merely has no effect is reported by :func:`unused_options`, not refused."""
    out = []
    if b.min_bid % 5 or b.bid_step % 5:
        out.append(f"min_bid={b.min_bid}, bid_step={b.bid_step}: points come in fives (5 a "
                   "trick), so both must be multiples of 5")
    if b.min_bid > b.max_bid or (b.max_bid - b.min_bid) % b.bid_step:
        out.append(f"max_bid={b.max_bid} is not on the ladder from min_bid={b.min_bid} by "
                   f"bid_step={b.bid_step}: ({b.max_bid} - {b.min_bid}) must be a multiple "
                   f"of {b.bid_step}, at least 0")
    near = b.min_bid_near_end
    if near is not None and not _on_ladder(b, near[1]):
        out.append(f"min_bid_near_end={near!r}: the minimum {near[1]} is not a bid of the ladder "
                   f"{b.min_bid}..{b.max_bid} by {b.bid_step}")
    if b.hold == "dealer" and b.auction_rounds == "once" and b.after_hold == "all-unpassed":
        out.append("auction_rounds='once' with after_hold='all-unpassed' is contradictory: the "
                   "players would speak again after the round; use after_hold='duel' or "
                   "'ends' (BIDDING.md §7.1 #2)")
    if b.bag_bid is not None and not _on_ladder(b, b.bag_bid):
        out.append(f"bag_bid={b.bag_bid} is not a bid of the ladder {b.min_bid}..{b.max_bid} "
                   f"by {b.bid_step}")
    if b.thirty_bid == "blind":
        out.append("thirty_bid='blind' (WFF: 30-for-60 called without looking) is reserved: a "
                   "blind call cannot be expressed yet (BIDDING.md §7.1 #5)")
    if b.lower_bid_cap is not None and b.lower_bid_cap < b.max_bid:
        out.append(f"lower_bid_cap={b.lower_bid_cap} is below max_bid={b.max_bid}: a made bid "
                   f"of {b.max_bid} would score only {b.lower_bid_cap}")
    if b.kitty_deal == "split" and b.kitty % 2:
        out.append(f"kitty_deal='split' deals half the kitty after each round: kitty={b.kitty} "
                   "is odd (BIDDING.md §7.1 #9)")
    if b.discard_trumps == "last-resort" and not b.trump_before_kitty and b.kitty:
        out.append("discard_trumps='last-resort' needs trumps named before the discard: with "
                   "trump_before_kitty=False the bidder discards before naming trumps")
    if b.defender_limit in ("no-score-if-made", "no-score") and b.defender_threshold is None:
        out.append(f"defender_limit={b.defender_limit!r} needs defender_threshold (e.g. 100 "
                   "for IMP-NS, 90 for WNH)")
    if b.finish == "hands" and b.finish_hands is None:
        out.append("finish='hands' needs finish_hands, the number of hands in the game (Rec "
                   "Hall PEI: 4)")
    return out


# -- the ladder and the near-end minimum ------------------------------------------------------


def ladder(bidding: Bidding) -> tuple[int, ...]:
    """Every bid amount, lowest first: ``min_bid`` to ``max_bid`` by ``bid_step``, then the
    extra bid (:data:`EXTRA_BID`) if there is one (BIDDING.md §3.3 B1, B2, B9).

    >>> from trumpfamily.bidding import Bidding, ladder
    >>> ladder(Bidding()), ladder(Bidding(min_bid=10, max_bid=25, extra_bid="sixty"))
    ((15, 20, 25, 30), (10, 15, 20, 25, 60))
    """
    rungs = tuple(range(bidding.min_bid, bidding.max_bid + 1, bidding.bid_step))
    return rungs + ((EXTRA_BID,) if bidding.extra_bid is not None else ())


def near_end_minimum(bidding: Bidding, score: int) -> int:
    """The lowest bid (or hold) for a seat whose side has ``score`` points (BIDDING.md §3.3,
    B3): ``min_bid``, or the ``min_bid_near_end`` minimum from its threshold on.

    >>> from trumpfamily.bidding import Bidding, near_end_minimum
    >>> near_end_minimum(Bidding(), 95), near_end_minimum(Bidding(), 100)  # EX-81
    (15, 20)
    """
    near = bidding.min_bid_near_end
    if near is None or score < near[0]:
        return bidding.min_bid
    return max(bidding.min_bid, near[1])


def bag_amount(bidding: Bidding, score: int) -> int:
    """The contract of a dealer bagged when everybody else passed (BIDDING.md §3.3 B7,
    §7.1 #10): the higher of ``bag_bid`` (``min_bid`` when ``None``) and the near-end minimum
    for the dealer's side on ``score``.

    >>> from trumpfamily.bidding import Bidding, bag_amount
    >>> bag = Bidding(all_pass="bag-dealer")
    >>> bag_amount(bag, 0), bag_amount(bag, 100), bag_amount(Bidding(all_pass="bag-dealer", bag_bid=20), 0)
    (15, 20, 20)
    """
    base = bidding.min_bid if bidding.bag_bid is None else bidding.bag_bid
    return max(base, near_end_minimum(bidding, score))


def is_all_five_bid(bidding: Bidding, amount: int) -> bool:
    """Whether a bid of ``amount`` is made only by all five tricks, the bonus aside: the
    extra bid, and 30 under ``thirty_bid="sixty"`` or ``"sixty-both"`` (BIDDING.md §3.6,
    §8: "30 = all five tricks, bonus irrelevant").

    >>> from trumpfamily.bidding import Bidding, is_all_five_bid
    >>> is_all_five_bid(Bidding(), 30), is_all_five_bid(Bidding(thirty_bid="plain"), 30)
    (True, False)
    """
    if bidding.extra_bid is not None and amount == EXTRA_BID:
        return True
    return amount == 30 and _on_ladder(bidding, 30) and bidding.thirty_bid in ("sixty", "sixty-both")


def unused_options(bidding: Bidding) -> dict[str, str]:
    """Each option of ``bidding`` that changes nothing under the others, and why (the rule
    of :meth:`Variant.unused_options <trumpfamily.variants.Variant.unused_options>`:
    reported, never refused). Each reason completes "option NAME has no effect ...".

    >>> from trumpfamily.bidding import Bidding, unused_options
    >>> sorted(unused_options(Bidding(hold="none", kitty=3)))
    ['after_hold', 'bag_bid', 'bag_raise', 'bonus_cutoff_scope', 'defender_threshold', 'finish_hands', 'max_redeals']
    """
    b = bidding
    found: dict[str, str] = {}
    if b.hold == "none":
        found["after_hold"] = "with hold='none': nobody holds (BIDDING.md §3.3 B4, B5)"
    if b.all_pass != "bag-dealer":
        for name in ("bag_bid", "bag_raise"):
            found[name] = (f"with all_pass={b.all_pass!r}: nobody is bagged (BIDDING.md "
                           "§3.3 B7, B7b)")
    if b.all_pass != "redeal-same":
        found["max_redeals"] = (f"with all_pass={b.all_pass!r}: the same dealer never deals "
                                "again (BIDDING.md §7.1 #1)")
    if not _on_ladder(b, 30):
        found["thirty_bid"] = (f"with bids {b.min_bid}..{b.max_bid} by {b.bid_step}: there is "
                               "no 30 bid (BIDDING.md §3.6 B8)")
    if b.made_bid_scores == "bid":
        found["lower_bid_cap"] = ("with made_bid_scores='bid': a made bid scores the bid "
                                  "(BIDDING.md §5.6 B10)")
    if b.bonus_cutoff is None:
        found["bonus_cutoff_scope"] = ("with bonus_cutoff=None: nobody loses the bonus "
                                       "(BIDDING.md §5.6 B12b)")
    if b.kitty == 0:
        for name in ("kitty_deal", "trump_before_kitty", "kitty_discard"):
            found[name] = "with kitty=0: there is no kitty (BIDDING.md §3.2, §3.4 K2-K4)"
    if b.defender_limit == "none":
        found["defender_threshold"] = ("with defender_limit='none': defenders always score "
                                       "(BIDDING.md §3.7 S1)")
    if b.finish == "points":
        found["finish_hands"] = "with finish='points': the game is played to the target"
    else:
        for name in ("target", "target_tie"):
            found[name] = ("with finish='hands': the highest total after finish_hands hands "
                           "wins (BIDDING.md §3.7 E1)")
    return found


# -- the auction ------------------------------------------------------------------------------


@attrs.frozen
class AuctionCall:
    """One call of the auction (BIDDING.md §2.3, §3.3).

    Attributes:
        seat: the seat that speaks.
        amount: the bid, points (:data:`EXTRA_BID` for the bid above the ladder), or ``None``
            for a pass. A hold names the standing amount.
        hold: the dealer takes the standing bid at the same amount (BICA45 "I hold").

    >>> from trumpfamily.bidding import AuctionCall
    >>> str(AuctionCall(0, 15)), str(AuctionCall(1)), str(AuctionCall(3, 20, hold=True))
    ('P0 15', 'P1 pass', 'P3 hold 20')
    """

    seat: int
    amount: int | None = None
    hold: bool = False

    def __attrs_post_init__(self) -> None:
        if type(self.seat) is not int or self.seat < 0:
            raise InvalidArgumentError(f"seat={self.seat!r}: a seat is an int from 0")
        if self.amount is not None and type(self.amount) is not int:
            raise InvalidArgumentError(f"amount={self.amount!r}: a bid is an int, None a pass")
        if type(self.hold) is not bool or (self.hold and self.amount is None):
            raise InvalidArgumentError(f"hold={self.hold!r}: a hold is True with the standing "
                                       "amount, e.g. AuctionCall(3, 20, hold=True)")

    @property
    def is_pass(self) -> bool:
        """``True`` for a pass."""
        return self.amount is None

    def __str__(self) -> str:
        said = "pass" if self.amount is None else f"hold {self.amount}" if self.hold else str(self.amount)
        return f"P{self.seat} {said}"


def parse_auction(text: str) -> tuple[AuctionCall, ...]:
    """Read an auction written as in BIDDING.md §9: calls ``P<seat> <amount>``,
    ``P<seat> pass`` or ``P<seat> hold [amount]`` separated by ``·`` or ``,``. A hold without
    an amount holds the standing bid.

    Raises:
        InvalidArgumentError: a call that cannot be read.

    >>> from trumpfamily.bidding import parse_auction
    >>> parse_auction("P0 15 · P1 pass · P2 20 · P3 hold")
    (AuctionCall(seat=0, amount=15, hold=False), AuctionCall(seat=1, amount=None, hold=False), AuctionCall(seat=2, amount=20, hold=False), AuctionCall(seat=3, amount=20, hold=True))
    """
    calls: list[AuctionCall] = []
    standing: int | None = None
    for part in text.replace("·", ",").split(","):
        words = part.split()
        if not words:
            continue
        try:
            if len(words) not in (2, 3) or words[0][:1] not in "Pp":
                raise ValueError
            seat, word = int(words[0][1:]), words[1].lower()
            if word == "pass" and len(words) == 2:
                calls.append(AuctionCall(seat))
            elif word == "hold":
                amount = int(words[2]) if len(words) == 3 else standing
                if amount is None:
                    raise ValueError
                calls.append(AuctionCall(seat, amount, hold=True))
            elif len(words) == 2:
                calls.append(AuctionCall(seat, int(word)))
                standing = int(word)
            else:
                raise ValueError
        except ValueError:
            raise InvalidArgumentError(
                f"cannot read the call {part.strip()!r}: write 'P0 15', 'P1 pass' or "
                "'P3 hold' (or 'P3 hold 20')") from None
    return tuple(calls)


@attrs.frozen
class Contract:
    """The result of an auction: who names trumps, and for how much (BIDDING.md §3.3).

    Attributes:
        seat: the seat that won the auction.
        amount: the bid, points (:data:`EXTRA_BID` for the extra bid).
        bagged: the dealer was forced to take it when everyone else passed (``all_pass=
            "bag-dealer"``).
    """

    seat: int
    amount: int
    bagged: bool = False


@attrs.frozen
class AuctionState:
    """Where an auction stands (BIDDING.md §3.3; see :func:`auction_state`).

    Attributes:
        to_speak: the seat to call next, ``None`` when the auction is over.
        high: the standing bid, ``None`` before the first bid.
        passed: the seats that have passed (a pass is final).
        spoken: the seats that have made any call.
        duel: ``(displaced bidder, dealer)`` once a hold under ``after_hold="duel"`` has
            left only these two in the auction, else ``None``.
        last: the seat that spoke last, ``None`` before the first call.
        over: the auction is over.
        contract: the winning bid once over; ``None`` while bidding, or when everybody
            passed and the hand is thrown in (:attr:`thrown_in`).
        calls: the legal calls of ``to_speak``: pass, hold, then bids lowest first.
    """

    to_speak: int | None
    high: Contract | None
    passed: frozenset[int]
    spoken: frozenset[int]
    duel: tuple[int, int] | None
    last: int | None
    over: bool
    contract: Contract | None
    calls: tuple[AuctionCall, ...]

    @property
    def thrown_in(self) -> bool:
        """Everybody passed and the hand is thrown in (``all_pass="redeal-*"``)."""
        return self.over and self.contract is None

    @property
    def bids(self) -> tuple[int, ...]:
        """The amounts ``to_speak`` may bid (not hold), lowest first."""
        return tuple(c.amount for c in self.calls if c.amount is not None and not c.hold)

    @property
    def may_pass(self) -> bool:
        """``to_speak`` may pass."""
        return any(c.is_pass for c in self.calls)

    @property
    def may_hold(self) -> bool:
        """``to_speak`` (the dealer) may hold the standing bid."""
        return any(c.hold for c in self.calls)


#: The refusals of auction calls, by code, in the form of :data:`~trumpfamily.errors.REFUSAL_CODES`
#: (to be merged into it when the bidding games are wired into the engine).
BIDDING_REFUSAL_CODES: Final[Mapping[str, RefusalCode]] = MappingProxyType({
    code: RefusalCode(code, rule, sources, summary) for code, rule, sources, summary in (
        ("auction-over", "BIDDING.md §7.1 #3", (), "the auction is over: nobody may call"),
        ("out-of-turn", "BIDDING.md §2.3", ("BICA45", "DBK"),
         "it is another seat's turn to call: the auction goes clockwise from eldest"),
        ("not-a-seat", "BIDDING.md §0", (), "the seat given is not a seat of the table"),
        ("not-a-bid", "BIDDING.md §3.3", ("BICA45", "JORD"), "the amount is not on the ladder"),
        ("bid-too-low", "BIDDING.md §2.3", ("BICA45", "DBK"),
         "a bid must be higher than the standing bid"),
        ("near-end-minimum", "BIDDING.md §3.3", ("BICA45", "WFF"),
         "a side near the end may not bid or hold below the near-end minimum"),
        ("no-hold", "BIDDING.md §3.3", ("IMP-PEI",), "nobody may hold here (option hold='none')"),
        ("hold-not-dealer", "BIDDING.md §2.3", ("BICA45", "DBK", "JORD"),
         "only the dealer may take the standing bid at the same amount"),
        ("nothing-to-hold", "BIDDING.md §2.3", ("BICA45",), "there is no standing bid to hold"),
        ("hold-amount", "BIDDING.md §2.3", ("BICA45",),
         "a hold is at the standing amount, no more and no less"),
        ("dealer-bagged", "BIDDING.md §3.3", ("IMP-ZB", "IMP-110a"),
         "everybody else passed: the dealer must bid (option all_pass='bag-dealer')"),
        ("bag-minimum", "BIDDING.md §3.3", ("IMP-ZB", "MVMAG"),
         "a bagged dealer bids at least the bag amount"),
    )})


def _refuse(call: AuctionCall, code: str, reason: str, state: AuctionState | None,
            expected: int | None = None) -> IllegalActionError:
    err = IllegalActionError(call, reason, code=code, seat=call.seat, expected_seat=expected,
                             legal=state.calls if state is not None else ())
    err.rule, err.sources = BIDDING_REFUSAL_CODES[code].rule, BIDDING_REFUSAL_CODES[code].sources
    return err


@attrs.frozen
class _Table:
    dealer: int
    players: int
    scores: tuple[int, ...]


def _table(dealer: int, players: int, scores: Sequence[int] | None) -> _Table:
    if type(players) is not int or not 2 <= players <= 10:
        raise PlayerCountError(f"players={players!r}: a table has 2 to 10 players")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidArgumentError(f"dealer={dealer!r}: not a seat 0..{players - 1}")
    got = (0,) * players if scores is None else tuple(scores)
    if len(got) != players or any(type(s) is not int for s in got):
        raise InvalidArgumentError(
            f"scores={scores!r}: one int per seat (the seat's side's score), {players} in all")
    return _Table(dealer, players, got)


def _bagged(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int], seat: int) -> bool:
    """The dealer speaks with no bid made and everybody else passed, under a bag rule."""
    return (b.all_pass == "bag-dealer" and high is None and seat == t.dealer
            and len(passed) == t.players - 1 and t.dealer not in passed)


def _why_not(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int],
             call: AuctionCall) -> tuple[str, str] | None:
    """The one decision on a call by a seat whose turn it is: ``None`` when legal, else
    ``(code, reason)`` (BIDDING.md §2.3, §3.3, §7.1)."""
    seat, amount = call.seat, call.amount
    floor = near_end_minimum(b, t.scores[seat])
    bagged = _bagged(b, t, high, passed, seat)
    if amount is None:
        if bagged:
            return "dealer-bagged", (f"everybody else passed: the dealer is bagged and must bid "
                                     f"at least {bag_amount(b, t.scores[seat])}")
        return None
    if call.hold:
        if b.hold == "none":
            return "no-hold", "the dealer must outbid like anyone (option hold='none')"
        if seat != t.dealer:
            return "hold-not-dealer", f"only the dealer (P{t.dealer}) may hold the standing bid"
        if high is None:
            return "nothing-to-hold", "no bid has been made yet"
        if amount != high.amount:
            return "hold-amount", f"a hold is at the standing amount, {high.amount}"
        if amount < floor:
            return "near-end-minimum", (f"the side is on {t.scores[seat]}: it may not hold "
                                        f"below {floor} (min_bid_near_end)")
        return None
    if amount not in ladder(b):
        return "not-a-bid", f"{amount} is not a bid: the bids are {ladder(b)}"
    if bagged:
        lowest = bag_amount(b, t.scores[seat])
        if amount < lowest or (not b.bag_raise and amount != lowest):
            return "bag-minimum", f"the bagged dealer's contract is {lowest}" + (
                " or more" if b.bag_raise else "")
        return None
    if high is not None and amount <= high.amount:
        also = " (the dealer may hold it instead)" if seat == t.dealer and b.hold == "dealer" else ""
        return "bid-too-low", f"a bid must beat the standing {high.amount}{also}"
    if amount < floor:
        return "near-end-minimum", (f"the side is on {t.scores[seat]}: it may not bid below "
                                    f"{floor} (min_bid_near_end)")
    return None


def _calls(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int],
           seat: int) -> tuple[AuctionCall, ...]:
    every = [AuctionCall(seat)]
    if high is not None:
        every.append(AuctionCall(seat, high.amount, hold=True))
    every += [AuctionCall(seat, amount) for amount in ladder(b)]
    return tuple(c for c in every if _why_not(b, t, high, passed, c) is None)


def _settle(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int],
            spoken: frozenset[int], duel: tuple[int, int] | None, last: int | None,
            ended: Contract | None) -> AuctionState:
    """Who speaks next, or whether the auction is over (BIDDING.md §3.3, §7.1 #2, #3)."""
    def state(to_speak: int | None, contract: Contract | None = None) -> AuctionState:
        calls = () if to_speak is None else _calls(b, t, high, passed, to_speak)
        return AuctionState(to_speak, high, passed, spoken, duel, last, to_speak is None,
                            contract, calls)

    def active(seat: int) -> bool:  # has a call other than a pass
        return any(not c.is_pass for c in _calls(b, t, high, passed, seat))

    if ended is not None:
        return state(None, ended)
    if duel is not None:
        assert high is not None
        speaker = duel[0] if high.seat == duel[1] else duel[1]
        if any(s in passed for s in duel) or not active(speaker):
            return state(None, high)
        return state(speaker)
    start = (t.dealer + 1) % t.players if last is None else (last + 1) % t.players
    order = [(start + k) % t.players for k in range(t.players)]
    waiting = [s for s in order if s not in passed and (high is None or s != high.seat)
               and not (b.auction_rounds == "once" and s in spoken)]
    if waiting == [t.dealer] and _bagged(b, t, high, passed, t.dealer) and not b.bag_raise:
        return state(None, Contract(t.dealer, bag_amount(b, t.scores[t.dealer]), bagged=True))
    if not any(active(s) for s in waiting):  # nobody can do more than pass (§7.1 #3)
        return state(None, high)
    return state(waiting[0])


def auction_state(bidding: Bidding, auction: Sequence[AuctionCall], *, dealer: int,
                  players: int, scores: Sequence[int] | None = None) -> AuctionState:
    """Replay an auction, checking every call, and say where it stands (BIDDING.md §2.3,
    §3.3, §5.3, §6, §7.1).

    Eldest (the dealer's left) speaks first and the turn goes clockwise; a pass is final.
    Each bid must beat the standing bid; with ``hold="dealer"`` the dealer may take it at
    the same amount, and then ``after_hold`` decides who goes on. With
    ``auction_rounds="once"`` each seat speaks once, the dealer last. The auction ends by
    itself as soon as no seat but the high bidder can make a call other than a pass
    (§7.1 #3), or when everybody has passed: a throw-in, or under ``all_pass="bag-dealer"``
    the dealer's contract (with ``bag_raise=False`` he is not asked; with ``True`` he must
    bid, from the bag amount up).

    Args:
        bidding: the bidding rule component.
        auction: the calls so far, in order.
        dealer: the dealer's seat.
        players: the number of seats (2 to 10).
        scores: each seat's side's score before the hand (length ``players``; partners
            share one), for ``min_bid_near_end``; ``None``: all 0.

    Returns:
        The :class:`AuctionState` after the last call.

    Raises:
        IllegalActionError: a call that is not legal where it stands (out of turn, too
            low, a hold by another seat...), with a ``code`` of :data:`BIDDING_REFUSAL_CODES`.
        PlayerCountError, InvalidArgumentError: a bad ``players``, ``dealer`` or ``scores``.

    >>> from trumpfamily.bidding import Bidding, auction_state, parse_auction
    >>> s = auction_state(Bidding(), parse_auction("P0 15 · P1 pass · P2 20 · P3 hold"),
    ...                   dealer=3, players=4)
    >>> s.to_speak, s.high, s.bids  # EX-B01: P0 speaks again
    (0, Contract(seat=3, amount=20, bagged=False), (25, 30))
    """
    t = _table(dealer, players, scores)
    high: Contract | None = None
    passed: frozenset[int] = frozenset()
    spoken: frozenset[int] = frozenset()
    duel: tuple[int, int] | None = None
    last: int | None = None
    ended: Contract | None = None
    now = _settle(bidding, t, high, passed, spoken, duel, last, ended)
    for call in auction:
        _check_turn(bidding, t, now, call)
        spoken, last = spoken | {call.seat}, call.seat
        if call.amount is None:
            passed = passed | {call.seat}
        elif call.hold:
            assert high is not None
            displaced, high = high.seat, Contract(call.seat, call.amount)
            if bidding.after_hold == "ends":
                ended = high
            elif bidding.after_hold == "duel":
                duel = (displaced, t.dealer)
        else:
            high = Contract(call.seat, call.amount, _bagged(bidding, t, high, passed, call.seat))
        now = _settle(bidding, t, high, passed, spoken, duel, last, ended)
    return now


def _check_turn(b: Bidding, t: _Table, now: AuctionState, call: AuctionCall) -> None:
    if not isinstance(call, AuctionCall):
        raise InvalidArgumentError(f"{call!r} is not an AuctionCall")
    if now.over:
        raise _refuse(call, "auction-over", "the auction is over", now)
    if call.seat >= t.players:
        raise _refuse(call, "not-a-seat", f"seats are 0..{t.players - 1}", now)
    if call.seat != now.to_speak:
        raise _refuse(call, "out-of-turn", f"it is P{now.to_speak}'s turn to call", now,
                      now.to_speak)
    why = _why_not(b, t, now.high, now.passed, call)
    if why is not None:
        raise _refuse(call, why[0], why[1], now, now.to_speak)


def check_call(bidding: Bidding, auction: Sequence[AuctionCall], call: AuctionCall, *,
               dealer: int, players: int, scores: Sequence[int] | None = None) -> None:
    """Raise unless ``call`` is legal after ``auction`` (BIDDING.md §2.3, §3.3). The same
    decision as :func:`legal_calls`.

    Raises:
        IllegalActionError: with the reason and a ``code`` of :data:`BIDDING_REFUSAL_CODES`.

    >>> from trumpfamily.bidding import AuctionCall, Bidding, check_call, parse_auction
    >>> check_call(Bidding(), parse_auction("P0 15"), AuctionCall(1, 15), dealer=3, players=4)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.IllegalActionError: AuctionCall(seat=1, amount=15, hold=False) is not allowed: a bid must beat the standing 15 (legal: ...)
    """
    t = _table(dealer, players, scores)
    _check_turn(bidding, t, auction_state(bidding, auction, dealer=dealer, players=players,
                                          scores=scores), call)


def legal_calls(bidding: Bidding, auction: Sequence[AuctionCall], *, dealer: int, players: int,
                scores: Sequence[int] | None = None) -> tuple[AuctionCall, ...]:
    """The calls the seat to speak may make: pass, hold, then bids lowest first; ``()``
    when the auction is over (BIDDING.md §2.3, §3.3).

    >>> from trumpfamily.bidding import Bidding, legal_calls, parse_auction
    >>> [str(c) for c in legal_calls(Bidding(), parse_auction("P0 25 · P1 pass · P2 pass"),
    ...                              dealer=3, players=4)]
    ['P3 pass', 'P3 hold 25', 'P3 30']
    """
    return auction_state(bidding, auction, dealer=dealer, players=players, scores=scores).calls


def legal_bids(bidding: Bidding, auction: Sequence[AuctionCall], seat: int, *, dealer: int,
               players: int, scores: Sequence[int] | None = None) -> tuple[int, ...]:
    """The amounts ``seat`` may bid now, lowest first; ``()`` when it is not its turn
    (BIDDING.md §2.3, §3.3 B1–B3). A hold is not a bid: see :attr:`AuctionState.may_hold`.

    >>> from trumpfamily.bidding import Bidding, legal_bids
    >>> legal_bids(Bidding(), (), 0, dealer=3, players=4, scores=(100, 0, 100, 0))  # EX-81
    (20, 25, 30)
    """
    state = auction_state(bidding, auction, dealer=dealer, players=players, scores=scores)
    return state.bids if state.to_speak == seat else ()


@attrs.frozen
class Redeal:
    """Who deals after a throw-in (BIDDING.md §3.3 B7, §7.1 #1).

    Attributes:
        dealer: the next dealer.
        in_a_row: the throw-ins in a row by that dealer so far (0 when the deal passed).
    """

    dealer: int
    in_a_row: int


def after_throw_in(bidding: Bidding, *, dealer: int, players: int, in_a_row: int = 0) -> Redeal:
    """The next deal after everybody passed (BIDDING.md §3.3 B7, §7.1 #1; EX-B08).

    Args:
        bidding: the bidding rule component (``all_pass="redeal-next"`` or ``"redeal-same"``).
        dealer: the dealer of the hand thrown in.
        players: the number of seats.
        in_a_row: throw-ins in a row by this dealer before this one.

    Returns:
        ``"redeal-next"``: the next dealer (left). ``"redeal-same"``: the same dealer, until
        the ``max_redeals``-th throw-in in a row, after which the deal passes left.

    Raises:
        InvalidArgumentError: under ``all_pass="bag-dealer"`` no hand is thrown in.

    >>> from trumpfamily.bidding import Bidding, after_throw_in
    >>> same = Bidding(all_pass="redeal-same", max_redeals=3)
    >>> after_throw_in(same, dealer=3, players=4, in_a_row=1), after_throw_in(same, dealer=3, players=4, in_a_row=2)
    (Redeal(dealer=3, in_a_row=2), Redeal(dealer=0, in_a_row=0))
    """
    _table(dealer, players, None)
    if bidding.all_pass == "bag-dealer":
        raise InvalidArgumentError("all_pass='bag-dealer' never throws a hand in: the dealer "
                                   "is bagged (see auction_state)")
    count = in_a_row + 1
    if bidding.all_pass == "redeal-same" and (bidding.max_redeals is None
                                              or count < bidding.max_redeals):
        return Redeal(dealer, count)
    return Redeal((dealer + 1) % players, 0)


# -- the deal, kitty and draw ---------------------------------------------------------------


def _players(players: int) -> int:
    if type(players) is not int or not 2 <= players <= 10:
        raise PlayerCountError(f"players={players!r}: a table has 2 to 10 players")
    return players


def deal_order(bidding: Bidding, players: int, *, dealer: int,
               packets: tuple[int, int] = (3, 2)) -> tuple[int, ...]:
    """Who receives each card from the top of the pack (BIDDING.md §3.2 K1, K2, §7.1 #9).

    Each seat from the dealer's left gets the first packet, then each the second; the kitty
    comes after the first round (``"after-first"``), half after each round (``"split"``) or
    after both (``"last"``); then ``extra_cards`` to each seat. The rest is the stock.

    Args:
        bidding: the bidding rule component.
        players: the number of seats.
        dealer: the dealer's seat.
        packets: the two packets of the five-card deal (``Table.deal_packets``).

    Returns:
        The recipient of each dealt card in deck order: a seat, or :data:`KITTY`.

    >>> from trumpfamily.bidding import Bidding, deal_order
    >>> deal_order(Bidding(kitty=3), 4, dealer=3)[9:18]  # EX-K01: kitty at positions 13-15
    (3, 3, 3, -1, -1, -1, 0, 0, 1)
    """
    _table(dealer, players, None)
    if len(packets) != 2 or min(packets) < 1 or sum(packets) != 5:
        raise InvalidArgumentError(f"packets={packets!r}: two packets of 5 cards, e.g. (3, 2)")
    seats = [(dealer + 1 + k) % players for k in range(players)]
    first = {"after-first": bidding.kitty, "split": bidding.kitty // 2, "last": 0}[bidding.kitty_deal]
    order: list[int] = [s for s in seats for _ in range(packets[0])]
    order += [KITTY] * first
    order += [s for s in seats for _ in range(packets[1])]
    order += [KITTY] * (bidding.kitty - first)
    order += [s for s in seats for _ in range(bidding.extra_cards)]
    return tuple(order)


def stock_size(bidding: Bidding, players: int, *, deck: int = 52) -> int:
    """Cards left to draw from after the deal: ``deck - players * (5 + extra_cards) - kitty``
    (BIDDING.md §3.4 [A]; EX-K01, EX-K06, EX-K07).

    Raises:
        InvalidVariantError: the pack cannot deal that many cards.

    >>> from trumpfamily.bidding import Bidding, stock_size
    >>> stock_size(Bidding(), 4), stock_size(Bidding(kitty=3), 4), stock_size(Bidding(), 6)
    (32, 29, 22)
    """
    dealt = _players(players) * (5 + bidding.extra_cards) + bidding.kitty
    if dealt > deck:
        raise InvalidVariantError(
            f"{players} players x {5 + bidding.extra_cards} cards + kitty {bidding.kitty} = "
            f"{dealt} cards, more than the {deck}-card pack")
    return deck - dealt


def draw_limit_for(bidding: Bidding, players: int) -> int | None:
    """The ``draw_limit`` at a table of ``players``: ``None`` for no limit (BIDDING.md §3.4
    K7, §7.1 #4). A player count the mapping does not list has no limit.

    >>> from trumpfamily.bidding import Bidding, draw_limit_for
    >>> draw_limit_for(Bidding(), 4), draw_limit_for(Bidding(), 6), draw_limit_for(Bidding(draw_limit=4), 4)
    (None, 3, 4)
    """
    limit = bidding.draw_limit
    if isinstance(limit, tuple):
        return dict(limit).get(_players(players))
    return limit


def max_draw(bidding: Bidding, players: int, *, bidder: bool) -> int:
    """The most cards a seat may draw from the stock (BIDDING.md §3.4 K4, K6, K7, §7.1 #4).

    A non-bidder draws up to the limit (5 without one) under ``draw="all"``, nothing under
    ``"bidder-only"``. The bidder who takes a kitty and discards ``"exact"`` draws nothing;
    otherwise the kitty cards count toward his limit.

    >>> from trumpfamily.bidding import Bidding, max_draw
    >>> b = Bidding(kitty=3, draw_limit=4)  # IMP-ZB: keep at least one card
    >>> max_draw(b, 4, bidder=False), max_draw(b, 4, bidder=True)
    (4, 1)
    """
    limit = draw_limit_for(bidding, players)
    most = 5 if limit is None else min(limit, 5)
    if not bidder:
        return most if bidding.draw == "all" else 0
    if bidding.kitty and bidding.kitty_discard == "exact":
        return 0
    return most if limit is None else max(0, most - bidding.kitty)


def stock_demand(bidding: Bidding, players: int) -> int:
    """The most cards the draws can ask of the stock: the bidder's :func:`max_draw` and every
    other seat's (BIDDING.md §3.4 [A], EX-K08).

    >>> from trumpfamily.bidding import Bidding, stock_demand
    >>> stock_demand(Bidding(draw_limit=None), 6), stock_demand(Bidding(), 6)  # EX-K08
    (30, 18)
    """
    return (max_draw(bidding, players, bidder=True)
            + (players - 1) * max_draw(bidding, players, bidder=False))


def check_stock(bidding: Bidding, players: int, *, deck: int = 52) -> None:
    """Raise unless the stock always covers the draws at a table of ``players`` (BIDDING.md
    §3.4, §8: "a preset never allows that to happen (validate the configuration instead)").

    Raises:
        InvalidVariantError: with the arithmetic.

    >>> from trumpfamily.bidding import Bidding, check_stock
    >>> check_stock(Bidding(draw_limit=None), 6)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.InvalidVariantError: 6 players: the stock is 52 - 6 x 5 - kitty 0 = 22 cards, but the draws may ask for 30 (bidder 5 + 5 others x 5; draw_limit=None): set a draw_limit
    """
    stock = stock_size(bidding, players, deck=deck)
    demand = stock_demand(bidding, players)
    if demand > stock:
        raise InvalidVariantError(
            f"{players} players: the stock is {deck} - {players} x {5 + bidding.extra_cards} "
            f"- kitty {bidding.kitty} = {stock} cards, but the draws may ask for {demand} "
            f"(bidder {max_draw(bidding, players, bidder=True)} + {players - 1} others x "
            f"{max_draw(bidding, players, bidder=False)}; draw_limit={bidding.draw_limit!r}): "
            "set a draw_limit")


@attrs.frozen
class DiscardLimits:
    """How many cards a seat discards before drawing back to five (BIDDING.md §3.4).

    Attributes:
        fewest: cards it must discard (down to five).
        most: cards it may discard.
        most_trumps: of those, the most that may be trumps.
    """

    fewest: int
    most: int
    most_trumps: int


def discard_limits(bidding: Bidding, players: int, *, bidder: bool, trumps: int = 0) -> DiscardLimits:
    """The discards open to a seat (BIDDING.md §3.4 K4, K5, K7; EX-K05, EX-K07).

    The bidder holds ``5 + extra_cards + kitty`` cards, the others ``5 + extra_cards``;
    each must come down to five and may discard as many more as it may draw
    (:func:`max_draw`). Under ``discard_trumps="last-resort"`` the bidder discards a trump
    only when his non-trumps cannot make up his required discards, and then no more
    trumps than that.

    Args:
        bidding: the bidding rule component.
        players: the number of seats.
        bidder: the seat won the auction.
        trumps: trumps among the cards the seat holds (for ``"last-resort"``).

    >>> from trumpfamily.bidding import Bidding, discard_limits
    >>> nl = Bidding(kitty=3, discard_trumps="last-resort")
    >>> discard_limits(nl, 4, bidder=True, trumps=3)  # EX-K05: 3 to 5 non-trumps
    DiscardLimits(fewest=3, most=5, most_trumps=0)
    """
    held = 5 + bidding.extra_cards + (bidding.kitty if bidder else 0)
    fewest = held - 5
    most = fewest + max_draw(bidding, players, bidder=bidder)
    if bidder and bidding.discard_trumps == "last-resort":
        others = held - trumps
        return DiscardLimits(fewest, max(fewest, min(most, others)), max(0, fewest - others))
    return DiscardLimits(fewest, most, most)


def draw_sequence(bidding: Bidding, players: int, *, dealer: int, bidder: int) -> tuple[int, ...]:
    """The seats that exchange with the stock, in the order they are served (BIDDING.md
    §3.4 K6, K8). Under ``"simultaneous"`` everyone discards at once and is refilled in
    this order, eldest first, should the stock run short [I].

    >>> from trumpfamily.bidding import Bidding, draw_sequence
    >>> draw_sequence(Bidding(), 4, dealer=3, bidder=1), draw_sequence(Bidding(draw_order="dealer-first"), 4, dealer=3, bidder=1)
    ((0, 1, 2, 3), (3, 0, 1, 2))
    """
    _table(dealer, players, None)
    first = dealer if bidding.draw_order == "dealer-first" else (dealer + 1) % players
    order = [(first + k) % players for k in range(players)]
    return tuple(s for s in order if max_draw(bidding, players, bidder=s == bidder) > 0)


def chooses_replacements(bidding: Bidding, seat: int, *, dealer: int) -> bool:
    """Whether ``seat`` picks its replacements from anywhere in the stock instead of taking
    the top cards: the dealer under ``rob_pack=True`` (DBK's variant; BIDDING.md §3.4 K9,
    EX-K04). The others still draw from the top, in :func:`draw_sequence` order.

    >>> from trumpfamily.bidding import Bidding, chooses_replacements
    >>> chooses_replacements(Bidding(rob_pack=True), 3, dealer=3), chooses_replacements(Bidding(), 3, dealer=3)
    (True, False)
    """
    return bidding.rob_pack and seat == dealer


def first_leader(bidding: Bidding, players: int, *, dealer: int, bidder: int) -> int:
    """The seat that leads to the first trick (BIDDING.md §3.5 P1).

    >>> from trumpfamily.bidding import Bidding, first_leader
    >>> first_leader(Bidding(), 4, dealer=3, bidder=3), first_leader(Bidding(first_lead="bidder"), 4, dealer=3, bidder=3)
    (0, 3)
    """
    _table(dealer, players, None)
    if bidding.first_lead == "bidder":
        return bidder
    return ((bidder if bidding.first_lead == "left-of-bidder" else dealer) + 1) % players


# -- scoring a hand ---------------------------------------------------------------------------


def bid_made(bidding: Bidding, amount: int, *, points: int, tricks: int) -> bool:
    """Whether a bid of ``amount`` is made with ``points`` and ``tricks`` taken (BIDDING.md
    §3.6, §7 B8, B11, §7.1 #7; EX-S06, EX-S07).

    An all-five bid (:func:`is_all_five_bid`) needs all five tricks, whatever the bonus;
    otherwise ``bid_measure="points"`` compares the points (bonus included) and
    ``"tricks"`` needs ``amount / 5`` tricks (all five for 30).

    >>> from trumpfamily.bidding import Bidding, bid_made
    >>> bid_made(Bidding(), 30, points=25, tricks=5), bid_made(Bidding(thirty_bid="plain"), 30, points=25, tricks=5)
    (True, False)
    """
    if is_all_five_bid(bidding, amount):
        return tricks == 5
    if bidding.bid_measure == "tricks":
        return tricks >= min(5, -(-amount // TRICK_POINTS))
    return points >= amount


def bidder_score(bidding: Bidding, amount: int, *, made: bool, points: int, tricks: int) -> int:
    """The bidding side's score for the hand (BIDDING.md §3.6, §5.6, §6, §7 B8–B10, §7.1 #6).

    Made: the extra bid scores 120 (slam) or 60; 30 as an all-five bid 60; another bid the
    points taken (``made_bid_scores="taken"``, at most ``lower_bid_cap``; a sweep scores 60
    when the cap is ``None``) or the bid (``"bid"``). Set: minus the bid, except 30 under
    ``thirty_bid="sixty-both"`` (−60) and the extra bids (−60).

    >>> from trumpfamily.bidding import Bidding, bidder_score
    >>> bidder_score(Bidding(), 30, made=True, points=25, tricks=5), bidder_score(Bidding(), 30, made=False, points=25, tricks=4)
    (60, -30)
    """
    extra = bidding.extra_bid is not None and amount == EXTRA_BID
    if not made:
        if extra or (amount == 30 and is_all_five_bid(bidding, amount)
                     and bidding.thirty_bid == "sixty-both"):
            return -EXTRA_BID
        return -amount
    if extra:
        return 120 if bidding.extra_bid == "slam" else 60
    if is_all_five_bid(bidding, amount):
        return 60
    if bidding.made_bid_scores == "bid":
        return amount
    if bidding.lower_bid_cap is None:
        return 60 if tricks == 5 else points
    return min(points, bidding.lower_bid_cap)


def defender_score(bidding: Bidding, points: int, *, score: int, made: bool) -> int:
    """A defending side's score for the hand, ``points`` taken and ``score`` before it
    (BIDDING.md §3.7 S1, §7.1 #8; EX-S09, EX-E02).

    ``"none"``: the points. ``"no-score-if-made"``: 0 when the bid was made and the side
    was on ``defender_threshold`` or more (IMP-NS). ``"no-score"``: 0 from the threshold on
    (WNH). ``"cap"``: no higher than the threshold (115 when ``None``) through defence.

    >>> from trumpfamily.bidding import Bidding, defender_score
    >>> wnh = Bidding(defender_limit="no-score", defender_threshold=90)
    >>> defender_score(wnh, 10, score=95, made=True), defender_score(wnh, 5, score=40, made=True)
    (0, 5)
    """
    limit, threshold = bidding.defender_limit, bidding.defender_threshold
    if limit == "cap":
        return max(0, min(points, (115 if threshold is None else threshold) - score))
    assert limit == "none" or threshold is not None
    if threshold is not None and score >= threshold and (
            limit == "no-score" or (limit == "no-score-if-made" and made)):
        return 0
    return points


@attrs.frozen
class HandScore:
    """A bidding hand, scored (BIDDING.md §3.6; see :func:`score_hand`).

    Attributes:
        bidder: the bidding side.
        amount: the contract.
        made: the bid was made.
        tricks: tricks per side.
        points: points taken per side (5 a trick, 5 more for the trick holding the highest
            trump played unless the bonus was lost to ``bonus_cutoff``).
        gains: the change to each side's score.
        trick_sides: the side that won each trick, in play order.
        bonus_trick: the index of the trick that carried the bonus, ``None`` when no trump
            was played or the bonus was lost.
    """

    bidder: int
    amount: int
    made: bool
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    gains: tuple[int, ...]
    trick_sides: tuple[int, ...]
    bonus_trick: int | None


def score_hand(bidding: Bidding, *, bidder: int, amount: int, trick_sides: Sequence[int],
               bonus_trick: int | None, scores: Sequence[int]) -> HandScore:
    """Score a bidding hand (BIDDING.md §0, §2.4–§2.6, §3.6, §3.7, §5.6, §6; EX-S01 to EX-S15).

    Each trick is worth 5, and the trick holding the highest trump played 5 more, so a hand
    is worth 30, or 25 when no trump is played (EX-S15). The bonus is lost by a side that
    starts the hand on ``bonus_cutoff`` or more (the bidder only, or every side under
    ``bonus_cutoff_scope="all"``); nobody else gets it, and it no longer counts toward the
    bid. The bidding side scores :func:`bidder_score`; every other side
    :func:`defender_score` (only the bidder can lose points).

    Args:
        bidding: the bidding rule component.
        bidder: the side that won the auction.
        amount: the contract.
        trick_sides: the side that won each trick, in play order (five tricks).
        bonus_trick: the index of the trick holding the highest trump played
            (:func:`trumpfamily.scoring.best_trump_trick`), ``None`` if no trump was played.
        scores: each side's score before the hand.

    Returns:
        The :class:`HandScore`.

    Raises:
        InvalidArgumentError: not five tricks, a side out of range, or a bad bonus trick.

    >>> from trumpfamily.bidding import Bidding, score_hand
    >>> h = score_hand(Bidding(), bidder=0, amount=25, trick_sides=(0, 1, 0, 0, 1), bonus_trick=0,
    ...                scores=(0, 0))
    >>> h.made, h.points, h.gains  # EX-S03: A takes 20 against 25
    (False, (20, 10), (-25, 10))
    """
    sides = len(scores)
    if (len(trick_sides) != 5 or any(type(s) is not int or not 0 <= s < sides for s in trick_sides)
            or not 0 <= bidder < sides
            or not (bonus_trick is None or (type(bonus_trick) is int and 0 <= bonus_trick < 5))):
        raise InvalidArgumentError(
            f"trick_sides={tuple(trick_sides)!r}, bidder={bidder!r}, bonus_trick={bonus_trick!r}: "
            f"need five tricks won by sides 0..{sides - 1} and a bonus trick 0..4 or None")
    if bonus_trick is not None and bidding.bonus_cutoff is not None:
        owner = trick_sides[bonus_trick]
        if scores[owner] >= bidding.bonus_cutoff and (
                bidding.bonus_cutoff_scope == "all" or owner == bidder):
            bonus_trick = None
    tricks = tuple(sum(1 for w in trick_sides if w == side) for side in range(sides))
    points = tuple(TRICK_POINTS * tricks[side]
                   + (BONUS_POINTS if bonus_trick is not None and trick_sides[bonus_trick] == side
                      else 0) for side in range(sides))
    made = bid_made(bidding, amount, points=points[bidder], tricks=tricks[bidder])
    gains = tuple(
        bidder_score(bidding, amount, made=made, points=points[side], tricks=tricks[side])
        if side == bidder else defender_score(bidding, points[side], score=scores[side], made=made)
        for side in range(sides))
    return HandScore(bidder, amount, made, tricks, points, gains, tuple(trick_sides), bonus_trick)


# -- the end of the game ----------------------------------------------------------------------


@attrs.frozen
class GameEnd:
    """The end of a bidding game, or a side knocked out (BIDDING.md §3.7, §7.1 #11).

    Attributes:
        winner: the winning side; ``None`` when sides lost (``losers``) and the highest of
            the others is shared, so they play on.
        losers: sides that lost at ``lose_at`` or by ``sets_to_lose`` this hand.
        reason: ``"target"``, ``"hands"``, ``"lose-at"`` or ``"sets"``.
    """

    winner: int | None
    losers: tuple[int, ...]
    reason: EndReason


def _reached_at(bidding: Bidding, score: int, hand: HandScore, side: int) -> int | None:
    """The trick (0 = before the hand, 1 to 5) after which ``side`` first stands on the
    target, counting its gain trick by trick, the bonus with its trick, never beyond its
    gain for the hand (BIDDING.md §5.8; IMP-110a) [I: an all-five bid's extra at the end]."""
    if score >= bidding.target:
        return 0
    gain, taken = hand.gains[side], 0
    for k, won in enumerate(hand.trick_sides, start=1):
        if won == side:
            taken += TRICK_POINTS + (BONUS_POINTS if hand.bonus_trick == k - 1 else 0)
        if score + (gain if k == len(hand.trick_sides) else min(taken, gain)) >= bidding.target:
            return k
    return None


def _first_in_trick_order(bidding: Bidding, scores: Sequence[int], hand: HandScore,
                          sides: Sequence[int]) -> int | None:
    after = [s + g for s, g in zip(scores, hand.gains, strict=True)]
    reach = {s: _reached_at(bidding, scores[s], hand, s) for s in sides
             if not (s == hand.bidder and not hand.made)}
    reached = {s: k for s, k in reach.items() if k is not None}
    if not reached:
        return None
    first = min(reached.values())
    tied = [s for s, k in reached.items() if k == first]
    return _unique_top(after, tied)


def _unique_top(after: Sequence[int], sides: Sequence[int]) -> int | None:
    if not sides:
        return None
    top = max(after[s] for s in sides)
    best = [s for s in sides if after[s] == top]
    return best[0] if len(best) == 1 else None


def _target_winner(bidding: Bidding, scores: Sequence[int], hand: HandScore,
                   alive: Sequence[int]) -> int | None:
    after = [s + g for s, g in zip(scores, hand.gains, strict=True)]
    over = [s for s in alive if after[s] >= bidding.target]
    rule = bidding.target_tie
    if rule == "trick-order":
        return _first_in_trick_order(bidding, scores, hand, alive)
    if rule == "bidding-side-only":
        return hand.bidder if hand.made and hand.bidder in over else None
    if rule == "higher-total":
        return _unique_top(after, over)
    if hand.bidder in over:  # "bidder-first"
        return hand.bidder
    return over[0] if len(over) == 1 else _first_in_trick_order(bidding, scores, hand, over)


def game_end(bidding: Bidding, scores: Sequence[int], hand: HandScore, *,
             sets: Sequence[int] | None = None, hands_played: int | None = None) -> GameEnd | None:
    """Whether the game ends after a hand, and who wins (BIDDING.md §3.7, §5.8, §6, §7 E1–E4,
    §7.1 #11; EX-E01 to EX-E08).

    A hand is always played out (PAG55): this is decided at its end. Under ``finish="hands"``
    the highest total after ``finish_hands`` hands wins. Otherwise, of the sides on
    ``target`` or more: ``"bidder-first"``: the bidding side if it is among them, else the
    only one, else the first to get there in trick order (§7.1 #11); ``"higher-total"``:
    the higher total; ``"bidding-side-only"``: only a side that has just made its bid;
    ``"trick-order"``: the first to get there trick by trick, a failed bidder excluded
    (IMP-110a). Exactly equal totals decide nothing: another hand is played (E4 [I]).
    A side at or below ``lose_at``, or set for the ``sets_to_lose``-th time, loses; unless
    another side has won on the target, the highest remaining score then wins (§7.1 #11).

    Args:
        bidding: the bidding rule component.
        scores: each side's score before the hand.
        hand: the hand's :class:`HandScore`.
        sets: each side's sets before the hand (for ``sets_to_lose``); ``None``: none.
        hands_played: hands completed, this one included (for ``finish="hands"``).

    Returns:
        The :class:`GameEnd`, or ``None`` when the game goes on.

    Raises:
        InvalidArgumentError: ``finish="hands"`` without ``hands_played``.

    >>> from trumpfamily.bidding import Bidding, game_end, score_hand
    >>> h = score_hand(Bidding(), bidder=0, amount=15, trick_sides=(0, 0, 0, 1, 1),
    ...                bonus_trick=4, scores=(105, 115))
    >>> game_end(Bidding(), (105, 115), h)  # EX-E01: both cross, the bidder counts first
    GameEnd(winner=0, losers=(), reason='target')
    """
    sides = range(len(scores))
    after = [s + g for s, g in zip(scores, hand.gains, strict=True)]
    losers: list[int] = []
    reason: EndReason = "target"
    if bidding.lose_at is not None:
        losers += [s for s in sides if after[s] <= bidding.lose_at]
        reason = "lose-at" if losers else reason
    set_count = (0,) * len(scores) if sets is None else tuple(sets)
    if (bidding.sets_to_lose is not None and not hand.made and hand.bidder not in losers
            and set_count[hand.bidder] + 1 >= bidding.sets_to_lose):
        losers.append(hand.bidder)
        reason = "sets" if reason == "target" else reason
    alive = [s for s in sides if s not in losers]
    if bidding.finish == "hands":
        if hands_played is None:
            raise InvalidArgumentError("finish='hands' needs hands_played")
        assert bidding.finish_hands is not None
        if hands_played >= bidding.finish_hands:
            winner = _unique_top(after, alive)
            if winner is not None:
                return GameEnd(winner, tuple(losers), "hands")
    else:
        winner = _target_winner(bidding, scores, hand, alive)
        if winner is not None:
            return GameEnd(winner, tuple(losers), "target")
    if losers:
        return GameEnd(_unique_top(after, alive), tuple(losers), reason)
    return None
