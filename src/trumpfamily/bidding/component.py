"""The :class:`Bidding` rule component: every option of BIDDING.md §7, with its values,
its checks and the ladder of bids (BIDDING.md §3.3, §7, §7.1).

* the option values: :data:`Hold`, :data:`AfterHold`... (``Literal`` type aliases) and
  the two options that are neither a choice, a flag nor an int (``min_bid_near_end``,
  ``draw_limit``);
* :class:`Bidding`, which refuses incoherent combinations of options (the stock is a
  matter of the table size: a :class:`~trumpfamily.variants.Variant` deals only the
  table sizes whose stock covers every draw, :func:`~trumpfamily.bidding.stock.check_stock`);
* the ladder (§3.3 B1–B3, B7, B9): :func:`ladder`, :func:`near_end_minimum`,
  :func:`bag_amount`, :func:`is_all_five_bid`; what a contract is:
  :data:`ContractKind`, :func:`contract_kind`;
* options that change nothing under the others: :func:`unused_options`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias

import attrs

from .._options import _KEY, MOST_OPTION_INT, OptionSpec, choice, flag, integer, option_text
from ..errors import InvalidVariantError

__all__ = [
    "EXTRA_BID",
    "AfterHold",
    "AllPass",
    "AuctionRounds",
    "BidMeasure",
    "Bidding",
    "BonusCutoffScope",
    "ContractKind",
    "DefenderLimit",
    "DiscardTrumps",
    "Draw",
    "DrawLimit",
    "DrawOrder",
    "ExtraBid",
    "Finish",
    "FirstLead",
    "Hold",
    "KittyDeal",
    "KittyDiscard",
    "MadeBidScores",
    "TargetTie",
    "ThirtyBid",
    "bag_amount",
    "contract_kind",
    "is_all_five_bid",
    "ladder",
    "near_end_minimum",
    "unused_options",
]

#: The amount that stands for the extra bid above the ladder, whichever it is (slam,
#: thirty-for-sixty, moon, sixty): a bid of 60, all five tricks (BIDDING.md §3.6, §5.3, §6).
EXTRA_BID: Final = 60

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
#: What a contract (or a bid) is, as outcomes, views and events name it
#: (:func:`contract_kind`): ``"bid"``, a bid of the ladder (points, ``min_bid`` to
#: ``max_bid``: the 30 of ``thirty_bid="sixty"`` included), or the bid above the ladder,
#: named as option ``extra_bid`` names it (BIDDING.md §3.6 B9, §5.3, §6): ``"slam"`` (WFF:
#: +120 / −60), ``"thirty-for-sixty"`` (IMP-NL: ±60), ``"moon"`` (IMP-110b, shoot the
#: moon: ±60) or ``"sixty"`` (G55's 60). Every extra bid is entered as :data:`EXTRA_BID`
#: (60), so its amount alone does not tell a slam from a moon: its kind does.
ContractKind: TypeAlias = Literal["bid", "slam", "thirty-for-sixty", "moon", "sixty"]
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


# -- option specs for the two options that are not a choice, flag or int --------------------


def _literal(text: str) -> Any:
    """A Python literal (``(100, 20)``, ``{6: 3}``, ``4``), or the text itself."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text


def _as_pairs(value: Any) -> Any:
    """Lists (JSON's arrays) inside a value as tuples: ``[[6, 3]]`` -> ``((6, 3),)``."""
    if isinstance(value, list | tuple):
        return tuple(_as_pairs(v) for v in value)
    return value


def _as_lists(value: Any) -> Any:
    """Tuples inside a value as lists, JSON's arrays: ``((6, 3),)`` -> ``[[6, 3]]``."""
    if isinstance(value, tuple):
        return [_as_lists(v) for v in value]
    return value


@attrs.frozen
class _NearEndSpec(OptionSpec):
    """``min_bid_near_end``: ``None`` or a ``(threshold, minimum)`` pair of ints."""

    def describe(self) -> str:
        return "None, or (threshold, minimum): two ints, e.g. (100, 20)"

    def to_json(self, value: Any) -> Any:
        return _as_lists(value)

    def from_json(self, value: Any) -> Any:
        return _as_pairs(value) if isinstance(value, list) else value

    def parse(self, text: str) -> Any:
        """``none`` / ``unset``, ``100,20``, ``(100, 20)`` or ``[100, 20]``.

        >>> from trumpfamily.variants import BIDDING_OPTION_SPECS
        >>> spec = BIDDING_OPTION_SPECS["min_bid_near_end"][1]
        >>> spec.parse("100,20"), spec.parse("(95, 20)"), spec.parse("none")
        ((100, 20), (95, 20), None)
        """
        word = text.strip()
        if word.lower() in ("none", "unset"):
            return None
        value = _literal(word)
        return _as_pairs(value) if isinstance(value, list | tuple) else word

    def check(self, name: str, value: Any) -> None:
        ok = value is None or (
            type(value) is tuple and len(value) == 2
            and all(type(v) is int and v <= MOST_OPTION_INT for v in value)
            and value[0] >= 1 and value[1] >= 5)
        if not ok:
            raise InvalidVariantError(
                f"option {name}={value!r} is not valid; valid values: {self.describe()}")


@attrs.frozen
class _DrawLimitSpec(OptionSpec):
    """``draw_limit``: ``None``, an int 0..5, or player count -> int 0..5."""

    def describe(self) -> str:
        return ("None, an int from 0 to 5, or a mapping from player count (2 to 10) to an int "
                "from 0 to 5, e.g. {6: 3}")

    def to_json(self, value: Any) -> Any:
        return _as_lists(value)

    def from_json(self, value: Any) -> Any:
        return _as_pairs(value) if isinstance(value, list) else value

    def parse(self, text: str) -> Any:
        """``none`` / ``unset``, an int (``4``), or a mapping: ``6:3``, ``6:3,7:2``,
        ``{6: 3}``, or the stored pairs ``((6, 3),)``; ``by-table``: :data:`BY_TABLE`.

        >>> from trumpfamily.variants import BIDDING_OPTION_SPECS
        >>> spec = BIDDING_OPTION_SPECS["draw_limit"][1]
        >>> spec.parse("6:3"), spec.parse("{7: 2, 6: 3}"), spec.parse("4"), spec.parse("unset")
        (((6, 3),), ((6, 3), (7, 2)), 4, None)
        >>> spec.parse("by-table")[-2:]  # BIDDING.md §7 K7: IMP-110a's 3/2/1 by table size
        ((8, 1), (9, 0))
        """
        word = text.strip()
        if word.lower() in ("none", "unset"):
            return None
        if word.lower() == "by-table":  # BIDDING.md §7 K7's name for IMP-110a's 3/2/1 table
            return _limit_table(dict(BY_TABLE))
        if _PAIRS_TEXT.fullmatch(word):
            return _limit_table({int(k): int(v) for k, v in _PAIR_TEXT.findall(word)})
        value = _literal(word)
        if type(value) is int or isinstance(value, Mapping):
            return _limit_table(value)
        return _as_pairs(value) if isinstance(value, list | tuple) else word

    def check(self, name: str, value: Any) -> None:
        pairs = tuple(value.items()) if isinstance(value, Mapping) else value
        ok = value is None or (type(value) is int and 0 <= value <= 5) or (
            type(pairs) is tuple and all(
                type(p) is tuple and len(p) == 2 and type(p[0]) is int and type(p[1]) is int
                and 2 <= p[0] <= 10 and 0 <= p[1] <= 5 for p in pairs)
            and len({p[0] for p in pairs}) == len(pairs))
        if not ok:
            hint = (f" (BIDDING.md §7.1 #4: \"by-table\" is the mapping "
                    f"{dict(BY_TABLE)}, IMP-110a's 3/2/1 by table size; the command line "
                    "takes the word)") if value == "by-table" else ""
            raise InvalidVariantError(
                f"option {name}={value!r} is not valid; valid values: {self.describe()}{hint}")


#: BIDDING.md §7 K7's ``"by-table"`` draw limit (IMP-110a; §7.1 #4, the 55 / 110 / 220
#: presets): 3 cards at 2 to 6 players, 2 at 7, 1 at 8, none at 9.
BY_TABLE: Final[tuple[tuple[int, int], ...]] = (
    (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 2), (8, 1), (9, 0))
_PAIR_TEXT: Final = re.compile(r"(-?[0-9]+)\s*:\s*(-?[0-9]+)")  # ASCII digits only
_PAIRS_TEXT: Final = re.compile(r"-?[0-9]+\s*:\s*-?[0-9]+(\s*,\s*-?[0-9]+\s*:\s*-?[0-9]+)*")
_NEAR_END: Final = _NearEndSpec("pair", optional=True, doc="minimum bid near the end (§3.3, B3)")
_DRAW_LIMIT: Final = _DrawLimitSpec("limits", optional=True, doc="cards a seat may draw (§3.4, K7)")


def _validate(spec: OptionSpec) -> Any:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        spec.check(attribute.name, value)
    return check


def _limit_table(value: int | Mapping[int, int] | tuple[tuple[int, int], ...] | None) -> DrawLimit:
    """Store a ``draw_limit`` mapping, or pairs, as sorted ``(players, limit)`` pairs
    (hashable, and equal whatever order they were given in)."""
    pairs = tuple(value.items()) if isinstance(value, Mapping) else value
    if isinstance(pairs, tuple):
        try:
            return tuple(sorted(pairs))
        except TypeError:  # not pairs of ints: the validator refuses it
            return pairs
    return pairs


# -- the component -----------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Bidding:
    """The bidding rule component: every option of BIDDING.md §7 (defaults: AUCTION_45, §8).

    Incoherent combinations of options are refused
    (:class:`~trumpfamily.errors.InvalidVariantError`, with the rule). Whether the stock
    covers every draw depends on the table size as well (BIDDING.md §3.4, §8): the
    component does not know it, so it is checked where the table is known:
    :meth:`Variant.player_counts <trumpfamily.variants.Variant.player_counts>` leaves out
    the table sizes the stock cannot serve, a variant with none left is refused, and
    dealing such a size raises :class:`~trumpfamily.errors.PlayerCountError`
    (:func:`~trumpfamily.bidding.stock.check_stock` says why).

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
            throw-ins in a row by one dealer, so one dealer deals at most this many times
            in a row (default 3: §7.1 #1, IMP-110b); ``None``: never (a house rule no
            source has: the same dealer until somebody bids).
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
        draw: who exchanges with the stock: ``"all"`` or ``"bidder-only"`` (K6: "only
            the bidder, through the kitty", IMP-PEI; so with ``kitty=0`` nobody
            exchanges: :func:`~trumpfamily.bidding.stock.max_draw`).
        draw_limit: cards a seat may draw: ``None`` (any), an int, or a mapping from player
            count to a limit, stored as sorted pairs (AUCTION_45: ``{6: 3}``); cards the
            bidder takes from the kitty count toward it (K7, §7.1 #4).
        draw_order: ``"eldest-first"``, ``"dealer-first"`` (IMP-110b) or ``"simultaneous"``
            (IMP-NL) (K8).
        rob_pack: the dealer chooses his replacements from what is left of the stock,
            served after everyone else whatever the ``draw_order`` (DBK; IMP-NL) (K9).
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
    max_redeals: int | None = integer(3, 1, optional=True, doc="throw-ins in a row (B7, §7.1 #1)")
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
        out.append(f"min_bid_near_end={option_text(near)}: the minimum {near[1]} is not a bid of the ladder "
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


def contract_kind(bidding: Bidding, amount: int) -> ContractKind:
    """What a bid (or a contract) of ``amount`` is under ``bidding``: the extra bid's name
    (option ``extra_bid``) for :data:`EXTRA_BID` when the game has one, else ``"bid"``
    (:data:`ContractKind`; BIDDING.md §3.6 B9).

    >>> from trumpfamily.bidding import Bidding, contract_kind
    >>> contract_kind(Bidding(extra_bid="slam"), 60), contract_kind(Bidding(extra_bid="moon"), 60)
    ('slam', 'moon')
    >>> contract_kind(Bidding(extra_bid="slam"), 30)
    'bid'
    """
    extra = bidding.extra_bid
    return extra if extra is not None and amount == EXTRA_BID else "bid"


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
