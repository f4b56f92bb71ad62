"""The bidding rule component and its decisions (BIDDING.md §§2–9): options and their
validation, the binding preset defaults of §8, and every worked example of §9 that can be
checked without the engine. Open questions of §11 are not tested as facts: where a test
depends on a reading, the docstring says which, and the other reading is an option."""

from __future__ import annotations

import re
import typing
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from trumpfamily import bidding as bd
from trumpfamily._options import option_fields
from trumpfamily.bidding import (
    EXTRA_BID,
    KITTY,
    AuctionCall,
    Bidding,
    Contract,
    DiscardLimits,
    GameEnd,
    Redeal,
    after_throw_in,
    auction_state,
    bag_amount,
    check_call,
    check_stock,
    chooses_replacements,
    deal_order,
    discard_limits,
    draw_limit_for,
    draw_sequence,
    first_leader,
    game_end,
    ladder,
    legal_bids,
    legal_calls,
    max_draw,
    near_end_minimum,
    parse_auction,
    score_hand,
    stock_demand,
    stock_size,
    unused_options,
)
from trumpfamily.bidding_presets import (
    AMERICAN_110_BIDDING,
    AUCTION_45_BIDDING,
    BIDDING_PRESETS,
    FIFTY_FIVE_BIDDING,
    NEWFOUNDLAND_120S_BIDDING,
    NOVA_SCOTIA_45_BIDDING,
    ONE_TEN_BIDDING,
    TABLE_FACTS,
    TWO_TWENTY_BIDDING,
)
from trumpfamily.errors import IllegalActionError, InvalidArgumentError, InvalidVariantError

A, B = 0, 1  # the sides of four players: A = P0+P2, B = P1+P3 (the dealer's side)


def run(bidding: Bidding, text: str, *, dealer: int = 3, players: int = 4,
        scores: Sequence[int] | None = None) -> bd.AuctionState:
    return auction_state(bidding, parse_auction(text), dealer=dealer, players=players,
                         scores=scores)


def tricks(text: str) -> tuple[int, ...]:
    """'AABAB' -> (0, 0, 1, 0, 1): the side that won each trick; X, Y, Z for seats 0, 1, 2."""
    return tuple("ABC".index(c) if c in "ABC" else "XYZ".index(c) for c in text)


# -- options, one at a time -------------------------------------------------------------------

SPECS = option_fields(Bidding)

BAD_VALUES: dict[str, list[Any]] = {
    "choice": ["nonsense", None, 1],
    "flag": [1, "yes", None],
    "int": ["15", 1.5, True],
    "pair": [(100,), (100, "20"), [100, 20], (0, 20), (100, 20, 5), "100,20"],
    "limits": [6, -1, "3", {6: 9}, {1: 3}, {6: "3"}, ((6, 3), (6, 2)), (6, 3)],
}


def test_every_option_of_section_7_is_an_option() -> None:
    """BIDDING.md §7 and §7.1: every row's option (and the issue's names) is a field of
    ``Bidding`` carrying an option spec; ``finish="hands:N"`` is ``finish="hands"`` with
    ``finish_hands=N``."""
    expected = {
        "min_bid", "bid_step", "max_bid", "extra_bid", "thirty_bid", "min_bid_near_end", "hold",
        "after_hold", "auction_rounds", "all_pass", "bag_bid", "bag_raise", "max_redeals",
        "kitty", "kitty_deal", "extra_cards", "trump_before_kitty", "kitty_discard",
        "discard_trumps", "draw", "draw_limit", "draw_order", "rob_pack", "first_lead",
        "bid_measure", "lower_bid_cap", "made_bid_scores", "bonus_cutoff", "bonus_cutoff_scope",
        "defender_limit", "defender_threshold", "target", "finish", "finish_hands",
        "target_tie", "lose_at", "sets_to_lose"}
    assert set(SPECS) == expected
    assert {f.name for f in attrs.fields(Bidding)} == expected


def test_section_7_defaults_are_auction_45() -> None:
    """BIDDING.md §7 "Default" column (the proposed AUCTION_45 values), with §8's draw limit
    of 3 at six players."""
    b = Bidding()
    assert (b.min_bid, b.bid_step, b.max_bid, b.min_bid_near_end) == (15, 5, 30, (100, 20))
    assert (b.hold, b.after_hold, b.auction_rounds) == ("dealer", "all-unpassed", "open")
    assert (b.all_pass, b.bag_bid, b.bag_raise, b.max_redeals) == ("redeal-next", None, False, 3)
    assert (b.thirty_bid, b.extra_bid, b.lower_bid_cap, b.made_bid_scores) == (
        "sixty", None, 30, "taken")
    assert (b.bid_measure, b.bonus_cutoff, b.bonus_cutoff_scope) == ("points", None, "bidder")
    assert (b.kitty, b.kitty_deal, b.extra_cards, b.trump_before_kitty) == (0, "after-first", 0, True)
    assert (b.kitty_discard, b.discard_trumps, b.draw, b.draw_limit) == ("free", "any", "all", ((6, 3),))
    assert (b.draw_order, b.rob_pack, b.first_lead) == ("eldest-first", False, "left-of-bidder")
    assert (b.defender_limit, b.defender_threshold) == ("none", None)
    assert (b.target, b.finish, b.finish_hands, b.target_tie) == (120, "points", None, "bidder-first")
    assert (b.lose_at, b.sets_to_lose) == (None, None)


@pytest.mark.parametrize("name", list(SPECS))
def test_option_refuses_bad_values(name: str) -> None:
    """Each option alone: a value of the wrong type or out of range is refused, and the
    message names the option and lists the valid values."""
    spec = SPECS[name]
    bad = list(BAD_VALUES[spec.kind])
    if spec.kind == "int":
        bad.append(spec.minimum - 1)
        if spec.maximum is not None:
            bad.append(spec.maximum + 1)
        if not spec.optional:
            bad.append(None)
    for value in bad:
        if value is None and spec.optional:
            continue
        with pytest.raises(InvalidVariantError, match=re.escape(f"option {name}=")):
            Bidding(**{name: value})
        with pytest.raises(InvalidVariantError, match="valid values"):
            spec.check(name, value)


@pytest.mark.parametrize("name", [n for n, s in SPECS.items() if s.kind == "choice"])
def test_choice_option_typed_by_its_literal_alias(name: str) -> None:
    """A choice option is annotated with the public alias named after it (``after_hold`` ->
    ``AfterHold``), whose ``Literal`` lists exactly the spec's values, in order (the rule
    tests/test_variants.py applies to wired components)."""
    spec = SPECS[name]
    written = str(attrs.fields_dict(Bidding)[name].type)
    alias = written.split("|")[0].strip()
    assert alias == name.title().replace("_", "")
    assert typing.get_origin(getattr(bd, alias)) is typing.Literal
    assert typing.get_args(getattr(bd, alias)) == spec.values
    assert ("None" in written) == spec.optional


def test_draw_limit_mapping_is_stored_as_sorted_pairs() -> None:
    """BIDDING.md §7.1 #4: a mapping from player count to a limit; stored hashable, so the
    component stays a frozen, hashable value."""
    b = Bidding(draw_limit={7: 2, 6: 3})
    assert b.draw_limit == ((6, 3), (7, 2))
    assert b == Bidding(draw_limit=((6, 3), (7, 2)))
    assert hash(b) == hash(Bidding(draw_limit={6: 3, 7: 2}))
    assert draw_limit_for(b, 7) == 2 and draw_limit_for(b, 4) is None
    SPECS["draw_limit"].check("draw_limit", {6: 3})  # what with_options will pass through


# -- options, across each other ---------------------------------------------------------------

INCOHERENT: list[tuple[dict[str, Any], str]] = [
    ({"min_bid": 12}, r"min_bid=12, bid_step=5: .* multiples of 5"),
    ({"min_bid": 25, "max_bid": 20}, r"max_bid=20 is not on the ladder .* \(20 - 25\)"),
    ({"min_bid": 15, "bid_step": 10}, r"\(30 - 15\) must be a multiple of 10"),
    ({"min_bid_near_end": (100, 35)}, r"minimum 35 is not a bid of the ladder 15\.\.30"),
    ({"min_bid": 20, "min_bid_near_end": (100, 15)}, r"minimum 15 is not a bid"),
    ({"auction_rounds": "once"}, r"once.*all-unpassed.*contradictory.*§7\.1 #2"),
    ({"all_pass": "bag-dealer", "bag_bid": 10}, r"bag_bid=10 is not a bid of the ladder 15\.\.30"),
    ({"all_pass": "bag-dealer", "bag_bid": 22}, r"bag_bid=22 is not a bid"),
    ({"thirty_bid": "blind"}, r"'blind'.*reserved.*§7\.1 #5"),
    ({"lower_bid_cap": 25}, (r"lower_bid_cap=25 is below max_bid=30: a made bid of 30 would "
                            r"score only 25")),
    ({"kitty": 3, "kitty_deal": "split"}, r"kitty=3 is odd"),
    ({"kitty": 5, "trump_before_kitty": False, "discard_trumps": "last-resort"},
     r"last-resort.*trumps named before the discard"),
    ({"defender_limit": "no-score"}, r"needs defender_threshold"),
    ({"finish": "hands"}, r"finish='hands' needs finish_hands"),
]

#: Draw limits the stock cannot cover at one table size, with check_stock's arithmetic.
#: The component knows no table size, so it accepts them; the variant deals the other
#: sizes (Variant.player_counts; BIDDING.md §3.4, §8).
SHORT_STOCK: list[tuple[dict[str, Any], int, str]] = [
    ({"draw_limit": {6: 4}}, 6,
     (r"6 players: the stock is 52 - 6 x 5 - kitty 0 = 22 cards, but the draws may ask for "
      r"24 \(bidder 4 \+ 5 others x 4; draw_limit=6:4\): lower the draw_limit")),
    ({"kitty": 3, "draw_limit": {6: 4}}, 6,
     (r"stock is 52 - 6 x 5 - kitty 3 = 19 cards, but the draws may ask for 21 \(bidder 1 \+ "
      r"5 others x 4")),
    ({"kitty": 5, "draw_limit": {9: 1}}, 9, r"= 2 cards, but the draws may ask for 8"),
    ({"extra_cards": 3, "draw_limit": {10: 0}}, 10,
     r"10 players x 8 cards \+ kitty 0 = 80 cards, more than the 52-card pack"),
    ({"draw_limit": None}, 6, r"= 22 cards, but the draws may ask for 30 .*: set a draw_limit"),
]


@pytest.mark.parametrize(("options", "message"), INCOHERENT)
def test_incoherent_combination_refused_with_the_arithmetic(options: dict[str, Any],
                                                            message: str) -> None:
    """BIDDING.md §7, §7.1 and §3.4: combinations that contradict each other, or a draw
    limit the stock cannot cover (§8: "validate the configuration instead"), are refused
    at construction with the numbers that do not add up."""
    with pytest.raises(InvalidVariantError, match=message):
        Bidding(**options)


@pytest.mark.parametrize(("options", "players", "message"), SHORT_STOCK)
def test_a_short_stock_is_a_matter_of_the_table_size(options: dict[str, Any], players: int,
                                                     message: str) -> None:
    """BIDDING.md §3.4, §8 ("validate the configuration instead"): whether the stock covers
    every draw depends on the table size, which the component does not know, so it
    accepts the options; :func:`check_stock` and :func:`stock_problem` refuse that table
    size with the arithmetic (and a variant deals the others)."""
    b = Bidding(**options)
    with pytest.raises(InvalidVariantError, match=message):
        check_stock(b, players)
    problem = bd.stock_problem(b, players)
    assert problem is not None and re.search(message, problem)
    assert bd.stock_problem(b, 4) is None


def test_coherent_neighbours_accepted() -> None:
    """The same options in a coherent combination are accepted (the refusals above are not
    over-eager): hold='none' makes after_hold moot, a near-end minimum equal to min_bid is
    a harmless no-op, a limit of 3 fits six players with a 3-card kitty (BIDDING.md §3.4:
    19 ≥ 15)."""
    Bidding(hold="none", auction_rounds="once")
    Bidding(auction_rounds="once", after_hold="ends")
    Bidding(auction_rounds="once", after_hold="duel")
    Bidding(min_bid=20, min_bid_near_end=(100, 20))
    Bidding(kitty=3, draw_limit={6: 3})
    Bidding(all_pass="bag-dealer", bag_bid=20, bag_raise=True)
    Bidding(all_pass="redeal-same", max_redeals=None)  # the same dealer until someone bids
    Bidding(kitty=4, kitty_deal="split", discard_trumps="last-resort")
    Bidding(defender_limit="cap")  # 115 by default (§7.1 #8)


def test_unused_options_are_reported_not_refused() -> None:
    """The rule of ``Variant.unused_options``: an option that changes nothing under the
    others is accepted and reported with the reason, never refused (BIDDING.md §7 rows
    B5, B7, B7b, B8, B10, B12b, K2–K4, S1, E1)."""
    assert set(unused_options(AUCTION_45_BIDDING)) == {
        "bag_bid", "bag_raise", "max_redeals", "bonus_cutoff_scope", "kitty_deal",
        "trump_before_kitty", "kitty_discard", "defender_threshold", "finish_hands"}
    odd = Bidding(bag_bid=20, bag_raise=True, max_redeals=3, defender_threshold=100,
                  finish_hands=4, hold="none")
    reasons = unused_options(odd)
    assert reasons["bag_bid"].startswith("with all_pass='redeal-next': nobody is bagged")
    assert "after_hold" in reasons and "max_redeals" in reasons
    assert "thirty_bid" in unused_options(FIFTY_FIVE_BIDDING)  # no 30 rung: 10..25 and 60
    assert "thirty_bid" not in unused_options(AMERICAN_110_BIDDING)
    assert "kitty_discard" not in unused_options(FIFTY_FIVE_BIDDING)
    assert "max_redeals" not in unused_options(AMERICAN_110_BIDDING)
    hands = unused_options(Bidding(finish="hands", finish_hands=4))
    assert {"target", "target_tie"} <= set(hands) and "finish_hands" not in hands
    assert "lower_bid_cap" in unused_options(Bidding(made_bid_scores="bid"))


# -- the presets (BIDDING.md §8, binding) -------------------------------------------------------


def test_preset_auction_45() -> None:
    """BIDDING.md §8 AUCTION_45: kitty 0; bids 15–30 step 5; hold, all-unpassed, open;
    redeal-next; (100, 20); everyone draws eldest first, no limit at 4, 3 at 6;
    left-of-bidder; 30 = all five; points; target 120, bidder-first."""
    b = AUCTION_45_BIDDING
    assert b == Bidding()
    assert ladder(b) == (15, 20, 25, 30)
    assert draw_limit_for(b, 4) is None and draw_limit_for(b, 6) == 3


def test_preset_newfoundland_120s() -> None:
    """BIDDING.md §8 NEWFOUNDLAND_120S: as AUCTION_45 but kitty 3 after the first round,
    trumps before the kitty, free discard; min_bid 20; after_hold duel."""
    changed = {k: v for k, v in attrs.asdict(NEWFOUNDLAND_120S_BIDDING).items()
               if v != getattr(AUCTION_45_BIDDING, k)}
    assert changed == {"min_bid": 20, "after_hold": "duel", "kitty": 3}
    assert NEWFOUNDLAND_120S_BIDDING.trump_before_kitty
    assert NEWFOUNDLAND_120S_BIDDING.kitty_discard == "free"


def test_preset_nova_scotia_45() -> None:
    """BIDDING.md §8 NOVA_SCOTIA_45: kitty 3 after the first round, trumps first; min 20;
    all-unpassed; redeal-next; target 125, lose_at −125; no-score-if-made from 100."""
    b = NOVA_SCOTIA_45_BIDDING
    assert (b.kitty, b.kitty_deal, b.trump_before_kitty, b.min_bid) == (3, "after-first", True, 20)
    assert (b.after_hold, b.all_pass, b.thirty_bid) == ("all-unpassed", "redeal-next", "sixty")
    assert (b.target, b.lose_at, b.defender_limit, b.defender_threshold) == (
        125, -125, "no-score-if-made", 100)


@pytest.mark.parametrize(("bidding", "target"), [
    (FIFTY_FIVE_BIDDING, 55), (ONE_TEN_BIDDING, 110), (TWO_TWENTY_BIDDING, 220)])
def test_preset_fifty_five_one_ten_two_twenty(bidding: Bidding, target: int) -> None:
    """BIDDING.md §8 FIFTY_FIVE / ONE_TEN / TWO_TWENTY: kitty 5 dealt last, kept 5 of 10
    before trumps; bids 10, 15, 20, 25 and 60; duel; redeal-next; draws 3 (2–6), 2 (7),
    1 (8), none (9), eldest first; left of the bidder; lower bids capped at 30; trick order."""
    b = bidding
    assert (b.kitty, b.kitty_deal, b.trump_before_kitty, b.kitty_discard) == (5, "last", False, "exact")
    assert ladder(b) == (10, 15, 20, 25, 60) and b.extra_bid == "sixty"
    assert (b.after_hold, b.all_pass, b.first_lead, b.lower_bid_cap) == (
        "duel", "redeal-next", "left-of-bidder", 30)
    assert [draw_limit_for(b, n) for n in range(2, 10)] == [3, 3, 3, 3, 3, 2, 1, 0]
    assert (b.target_tie, b.target, b.min_bid_near_end) == ("trick-order", target, None)


def test_preset_american_110() -> None:
    """BIDDING.md §8 AMERICAN_110: bids 15–30 plus moon; the dealer may equal any bid
    (all-unpassed); redeal-same, max 3; everyone draws, dealer first; target 110,
    bidder-first; no near-end minimum (§7.1 #10)."""
    b = AMERICAN_110_BIDDING
    assert ladder(b) == (15, 20, 25, 30, EXTRA_BID) and b.extra_bid == "moon"
    assert (b.thirty_bid, b.after_hold, b.all_pass, b.max_redeals) == (
        "plain", "all-unpassed", "redeal-same", 3)
    assert (b.draw, b.draw_order, b.kitty, b.target, b.target_tie) == (
        "all", "dealer-first", 0, 110, "bidder-first")
    facts = TABLE_FACTS["AMERICAN_110"]
    assert (facts["deck"], facts["joker"], facts["plain_aces"], facts["plain_lead"]) == (
        53, "third", "high", "free")


@pytest.mark.parametrize("name", list(BIDDING_PRESETS))
def test_preset_stock_never_runs_short(name: str) -> None:
    """BIDDING.md §8: "a preset never allows [running out of stock]": at every player count
    of the preset, with its pack, the worst-case draws fit the stock; the table facts agree
    with the component on the kitty."""
    b, facts = BIDDING_PRESETS[name], TABLE_FACTS[name]
    assert facts["kitty"] == b.kitty and facts["hand_size"] == 5
    assert set(facts["sides"]) == set(facts["players"])
    for players in facts["players"]:
        check_stock(b, players, deck=facts["deck"])
        assert stock_demand(b, players) <= stock_size(b, players, deck=facts["deck"])


# -- §9.1 bidding -------------------------------------------------------------------------------


def test_ex_b01_hold_everyone_unpassed_speaks_again() -> None:
    """EX-B01 (BICA45, DBK; after_hold="all-unpassed"): P0 15 · P1 pass · P2 20 · P3 hold ·
    P0 25 · (P1 skipped) · P2 pass · P3 hold 25 · P0 pass → P3 (side B) at 25."""
    b = Bidding()
    mid = run(b, "P0 15 · P1 pass · P2 20 · P3 hold")
    assert mid.to_speak == 0 and mid.high == Contract(3, 20)
    assert run(b, "P0 15 · P1 pass · P2 20 · P3 hold · P0 25").to_speak == 2  # P1 skipped
    end = run(b, "P0 15 · P1 pass · P2 20 · P3 hold · P0 25 · P2 pass · P3 hold · P0 pass")
    assert end.over and end.contract == Contract(3, 25)


def test_ex_b02_the_same_opening_as_a_duel() -> None:
    """EX-B02 (JORD, CMU120, IMP-PEI; after_hold="duel"): P0 15 · P1 pass · P2 20 · P3 hold
    · P2 25 · P3 declines → P2 (side A) at 25; P0 never speaks again."""
    b = Bidding(after_hold="duel")
    mid = run(b, "P0 15 · P1 pass · P2 20 · P3 hold")
    assert mid.to_speak == 2 and mid.duel == (2, 3)
    assert run(b, "P0 15 · P1 pass · P2 20 · P3 hold · P2 25").to_speak == 3
    end = run(b, "P0 15 · P1 pass · P2 20 · P3 hold · P2 25 · P3 pass")
    assert end.contract == Contract(2, 25)
    with pytest.raises(IllegalActionError) as err:
        check_call(b, parse_auction("P0 15 · P1 pass · P2 20 · P3 hold"), AuctionCall(0, 25),
                   dealer=3, players=4)
    assert err.value.code == "out-of-turn" and err.value.expected_seat == 2


def test_ex_b03_the_hold_ends_the_auction() -> None:
    """EX-B03 (IMP-110a; after_hold="ends"): P0 15 · P1 20 · P2 pass · P3 matches 20 → P3
    at 20; P0 and P1 get no further turn."""
    end = run(Bidding(after_hold="ends"), "P0 15 · P1 20 · P2 pass · P3 hold")
    assert end.over and end.contract == Contract(3, 20) and end.calls == ()


def test_ex_b04_once_round() -> None:
    """EX-B04 (IMP-NL; auction_rounds="once"): P0 pass · P1 20 · P2 25 · P3 holds 25 → P3 at
    25; with P3 passing instead → P2 at 25, and P1 gets no second chance."""
    for after_hold in ("ends", "duel"):
        b = Bidding(auction_rounds="once", after_hold=after_hold)
        assert run(b, "P0 pass · P1 20 · P2 25 · P3 pass").contract == Contract(2, 25)
    b = Bidding(auction_rounds="once", after_hold="ends")
    assert run(b, "P0 pass · P1 20 · P2 25 · P3 hold").contract == Contract(3, 25)


def test_ex_b05_holding_30() -> None:
    """EX-B05 (BICA45, any after_hold): P0 30 · P1 pass · P2 pass · P3 hold (30): P0 cannot
    go above 30 and is not asked for a forced pass (§7.1 #3) → P3 at 30."""
    for after_hold in ("all-unpassed", "duel", "ends"):
        b = Bidding(after_hold=after_hold)
        assert run(b, "P0 30").to_speak == 1  # P3 may still hold: the others are asked
        end = run(b, "P0 30 · P1 pass · P2 pass · P3 hold")
        assert end.over and end.contract == Contract(3, 30)


def test_ex_b07_three_teams_95_rule() -> None:
    """EX-B07 (WFF; six in pairs (P0,P3), (P1,P4), (P2,P5); min_bid_near_end=(95, 20)): pair
    (P1,P4) on 95. P0 pass · P1 may not open 15, bids 20 · P2 25 · P3 pass · P4 pass · P5
    hold 25 · P1 pass · P2 pass → P5 at 25."""
    b = Bidding(min_bid_near_end=(95, 20))
    scores = (50, 95, 40, 50, 95, 40)
    state = run(b, "P0 pass", dealer=5, players=6, scores=scores)
    assert state.to_speak == 1 and state.bids == (20, 25, 30)
    with pytest.raises(IllegalActionError) as err:
        check_call(b, parse_auction("P0 pass"), AuctionCall(1, 15), dealer=5, players=6,
                   scores=scores)
    assert err.value.code == "near-end-minimum" and "on 95" in err.value.reason
    end = run(b, "P0 pass · P1 20 · P2 25 · P3 pass · P4 pass · P5 hold · P1 pass · P2 pass",
              dealer=5, players=6, scores=scores)
    assert end.contract == Contract(5, 25)
    # had P0 opened 15, P1 needs 20 anyway: the rule bites only on an opening or a hold at 15
    assert run(b, "P0 15", dealer=5, players=6, scores=scores).bids == (20, 25, 30)


def test_ex_81_near_end_minimum_and_the_hold_at_15() -> None:
    """RULES.md EX-81 / BIDDING.md §3.3 (BICA45): a side on 100 may not bid 15; [I] a hold
    is a bid at the standing amount, so a dealer whose side is on 100 may not hold a 15,
    but may raise to 20 (§8 defaults)."""
    b = Bidding()
    assert near_end_minimum(b, 99) == 15 and near_end_minimum(b, 100) == 20
    assert legal_bids(b, (), 0, dealer=3, players=4, scores=(100, 0, 100, 0)) == (20, 25, 30)
    state = run(b, "P0 15 · P1 pass · P2 pass", scores=(0, 100, 0, 100))
    assert state.to_speak == 3 and not state.may_hold and state.bids == (20, 25, 30)
    with pytest.raises(IllegalActionError) as err:
        check_call(b, parse_auction("P0 15 · P1 pass · P2 pass"), AuctionCall(3, 15, hold=True),
                   dealer=3, players=4, scores=(0, 100, 0, 100))
    assert err.value.code == "near-end-minimum"


def test_ex_b08_everyone_passes() -> None:
    """EX-B08 (dealer P3): all pass. "bag-dealer" at 15 (IMP-ZB, IMP-NL, IMP-110a) → P3 at 15;
    bag_bid=20 (MVMAG) → P3 at 20; "redeal-next" (IMP-NS) → no contract, P0 deals;
    "redeal-same", max_redeals=3 (IMP-110b) → P3 deals again, and after the third throw-in
    in a row the deal passes to P0. Under a bag rule without ``bag_raise`` the bagged
    dealer is not asked (his only call would be forced: §7.1 #3)."""
    bag = run(Bidding(all_pass="bag-dealer"), "P0 pass · P1 pass · P2 pass")
    assert bag.over and bag.contract == Contract(3, 15, bagged=True)
    bag20 = run(Bidding(all_pass="bag-dealer", bag_bid=20), "P0 pass · P1 pass · P2 pass")
    assert bag20.contract == Contract(3, 20, bagged=True)
    nxt = run(Bidding(), "P0 pass · P1 pass · P2 pass · P3 pass")
    assert nxt.thrown_in and after_throw_in(Bidding(), dealer=3, players=4) == Redeal(0, 0)
    same = Bidding(all_pass="redeal-same", max_redeals=3)
    assert run(same, "P0 pass · P1 pass · P2 pass · P3 pass").thrown_in
    first = after_throw_in(same, dealer=3, players=4)
    second = after_throw_in(same, dealer=first.dealer, players=4, in_a_row=first.in_a_row)
    third = after_throw_in(same, dealer=second.dealer, players=4, in_a_row=second.in_a_row)
    assert (first, second, third) == (Redeal(3, 1), Redeal(3, 2), Redeal(0, 0))


def test_redeal_same_passes_the_deal_after_three_by_default() -> None:
    """§7.1 #1: under ``all_pass="redeal-same"`` one dealer "deals at most three times in
    a row": without ``max_redeals`` given, the third throw-in in a row passes the deal
    left (``max_redeals`` is 3); only an explicit ``None`` keeps the same dealer."""
    same = Bidding(all_pass="redeal-same")
    assert same.max_redeals == 3
    dealers, in_a_row, dealer = [3], 0, 3
    for _ in range(4):
        redeal = after_throw_in(same, dealer=dealer, players=4, in_a_row=in_a_row)
        dealer, in_a_row = redeal.dealer, redeal.in_a_row
        dealers.append(dealer)
    assert dealers == [3, 3, 3, 0, 0]
    endless = Bidding(all_pass="redeal-same", max_redeals=None)
    assert after_throw_in(endless, dealer=3, players=4, in_a_row=5) == Redeal(3, 6)


def test_ex_b08_bagged_dealer_may_raise_with_bag_raise() -> None:
    """EX-B08 with B7b ``bag_raise=True`` (IMP-ZB, IMP-110a code): the bagged dealer is asked,
    may not pass, and may bid the bag amount or more; a bagged dealer's bag obeys the
    near-end minimum (§7.1 #10)."""
    b = Bidding(all_pass="bag-dealer", bag_raise=True)
    state = run(b, "P0 pass · P1 pass · P2 pass")
    assert state.to_speak == 3 and not state.may_pass and state.bids == (15, 20, 25, 30)
    with pytest.raises(IllegalActionError) as err:
        check_call(b, parse_auction("P0 pass · P1 pass · P2 pass"), AuctionCall(3),
                   dealer=3, players=4)
    assert err.value.code == "dealer-bagged"
    assert run(b, "P0 pass · P1 pass · P2 pass · P3 25").contract == Contract(3, 25, bagged=True)
    assert run(b, "P0 pass · P1 pass · P2 pass", scores=(0, 100, 0, 100)).bids == (20, 25, 30)
    assert bag_amount(Bidding(all_pass="bag-dealer"), 100) == 20


def test_after_throw_in_refused_under_a_bag_rule() -> None:
    """BIDDING.md §3.3 B7: under "bag-dealer" nobody throws the hand in."""
    with pytest.raises(InvalidArgumentError, match="never throws a hand in"):
        after_throw_in(Bidding(all_pass="bag-dealer"), dealer=0, players=4)


def test_ex_b09_holding_your_partners_bid() -> None:
    """EX-B09 (BICA45 [I: allowed because nothing forbids it]): P0 pass · P1 20 · P2 pass ·
    P3 (B) hold 20 · P1 passes → P3 at 20; for scoring the side is the same."""
    state = run(Bidding(), "P0 pass · P1 20 · P2 pass")
    assert state.to_speak == 3 and state.may_hold
    end = run(Bidding(), "P0 pass · P1 20 · P2 pass · P3 hold · P1 pass")
    assert end.contract == Contract(3, 20)


def test_ex_b11_american_110_dealer_steals_at_the_same_amount() -> None:
    """EX-B11 (IMP-110b, individual): P0 15 · P1 20 · P2 pass · P3 20 (equal: the dealer) ·
    P0 25 · P1 pass · P3 25 · P0 30 · P3 pass → P0 at 30, a plain points bid made only
    with 30 points (all five with the bonus); P0 could have bid the moon over any bid."""
    b = AMERICAN_110_BIDDING
    text = "P0 15 · P1 20 · P2 pass · P3 hold · P0 25 · P1 pass · P3 hold · P0 30 · P3 pass"
    end = run(b, text)
    assert end.contract == Contract(0, 30)
    calls = parse_auction(text)
    for k in range(len(calls)):
        state = auction_state(b, calls[:k], dealer=3, players=4)
        if state.to_speak == 0:
            assert EXTRA_BID in state.bids  # the moon is open to P0 at every turn
    assert run(b, "P0 30 · P1 pass · P2 pass").calls == parse_auction(
        "P3 pass, P3 hold 30, P3 60")  # the dealer may equal 30 or bid the moon
    assert run(b, "P0 60 · P1 pass · P2 pass").may_hold  # ... and equal the moon
    made = score_hand(b, bidder=0, amount=30, trick_sides=(0,) * 5, bonus_trick=2,
                      scores=(0, 0, 0, 0))
    short = score_hand(b, bidder=0, amount=30, trick_sides=(0,) * 5, bonus_trick=None,
                       scores=(0, 0, 0, 0))
    assert (made.made, made.gains[0], short.made, short.gains[0]) == (True, 30, False, -30)


def test_ex_b12_newfoundland_duel_at_20() -> None:
    """EX-B12 (CMU120; min_bid=20, duel): P0 pass · P1 20 · P2 25 · P3 takes 25 · P2 30 ·
    P3 takes 30 · P2 cannot raise (not asked: §7.1 #3) → P3 at 30 ("30 for 60")."""
    b = NEWFOUNDLAND_120S_BIDDING
    mid = run(b, "P0 pass · P1 20 · P2 25 · P3 hold")
    assert mid.duel == (2, 3) and mid.to_speak == 2  # P1 is out
    end = run(b, "P0 pass · P1 20 · P2 25 · P3 hold · P2 30 · P3 hold")
    assert end.over and end.contract == Contract(3, 30)
    assert bd.bidder_score(b, 30, made=True, points=30, tricks=5) == 60


# -- refusals -----------------------------------------------------------------------------------


REFUSALS: list[tuple[Bidding, str, AuctionCall, str]] = [
    (Bidding(), "P0 15", AuctionCall(1, 15), "bid-too-low"),
    (Bidding(), "P0 15", AuctionCall(1, 17), "not-a-bid"),
    (Bidding(), "P0 15", AuctionCall(1, 60), "not-a-bid"),
    (Bidding(), "P0 15", AuctionCall(2, 20), "out-of-turn"),
    (Bidding(), "P0 15", AuctionCall(7, 20), "not-a-seat"),
    (Bidding(), "P0 15", AuctionCall(1, 15, hold=True), "hold-not-dealer"),
    (Bidding(), "P0 15 · P1 pass · P2 pass", AuctionCall(3, 20, hold=True), "hold-amount"),
    (Bidding(), "P0 pass · P1 pass · P2 pass", AuctionCall(3, 15, hold=True), "nothing-to-hold"),
    (Bidding(hold="none"), "P0 15 · P1 pass · P2 pass", AuctionCall(3, 15, hold=True), "no-hold"),
    (Bidding(), "P0 15 · P1 pass · P2 pass · P3 pass", AuctionCall(0, 20), "auction-over"),
    (Bidding(all_pass="bag-dealer", bag_raise=True, bag_bid=20), "P0 pass · P1 pass · P2 pass",
     AuctionCall(3, 15), "bag-minimum"),
]


@pytest.mark.parametrize(("bidding", "text", "call", "code"), REFUSALS)
def test_refused_call_carries_code_rule_and_legal_calls(bidding: Bidding, text: str,
                                                        call: AuctionCall, code: str) -> None:
    """DESIGN.md "one check per action": the refusal names the rule (a code of
    ``BIDDING_REFUSAL_CODES`` with its BIDDING.md section) and lists the legal calls, which
    are exactly the calls :func:`check_call` accepts."""
    auction = parse_auction(text)
    with pytest.raises(IllegalActionError) as err:
        check_call(bidding, auction, call, dealer=3, players=4)
    assert err.value.code == code
    assert err.value.rule == bd.BIDDING_REFUSAL_CODES[code].rule
    assert err.value.rule.startswith("BIDDING.md §")
    assert err.value.legal == legal_calls(bidding, auction, dealer=3, players=4)
    for legal in err.value.legal:
        check_call(bidding, auction, legal, dealer=3, players=4)
    with pytest.raises(IllegalActionError):  # the replay refuses it at the same point
        auction_state(bidding, (*auction, call), dealer=3, players=4)


def test_parse_auction_and_call_values() -> None:
    """The §9 notation reads back; bad text and bad call values are refused clearly."""
    assert parse_auction("P0 15, P1 pass, P3 hold 15") == (
        AuctionCall(0, 15), AuctionCall(1), AuctionCall(3, 15, hold=True))
    for bad in ("P0", "P0 fifteen", "X0 15", "P0 hold", "P1 pass 15"):
        with pytest.raises(InvalidArgumentError, match="cannot read the call"):
            parse_auction(bad)
    for kwargs in ({"seat": -1}, {"seat": 0, "amount": "15"}, {"seat": 0, "hold": True}):
        with pytest.raises(InvalidArgumentError):
            AuctionCall(**kwargs)
    with pytest.raises(InvalidArgumentError, match="one int per seat"):
        auction_state(Bidding(), (), dealer=3, players=4, scores=(0, 0))
    with pytest.raises(InvalidArgumentError, match="dealer=4"):
        auction_state(Bidding(), (), dealer=4, players=4)


# -- §9.2 deal, kitty and draw ------------------------------------------------------------------


def positions(order: tuple[int, ...], who: int) -> list[int]:
    return [i + 1 for i, seat in enumerate(order) if seat == who]


def test_ex_k01_three_card_kitty_after_the_first_round() -> None:
    """EX-K01 (W45, NEA; kitty=3, after-first): P0 1–3, P1 4–6, P2 7–9, P3 10–12, kitty
    13–15, P0 16–17, P1 18–19, P2 20–21, P3 22–23; the stock is 24–52 (29 cards)."""
    b = Bidding(kitty=3)
    order = deal_order(b, 4, dealer=3)
    assert positions(order, 0) == [1, 2, 3, 16, 17] and positions(order, 3) == [10, 11, 12, 22, 23]
    assert positions(order, KITTY) == [13, 14, 15] and len(order) == 23
    assert stock_size(b, 4) == 29


def test_ex_k02_jords_four_card_kitty() -> None:
    """EX-K02 (JORD; kitty=4, split): kitty 13–14 and 23–24; P0 1–3, 15–16 … P3 10–12, 21–22;
    the stock is 25–52 (28 cards)."""
    b = Bidding(kitty=4, kitty_deal="split")
    order = deal_order(b, 4, dealer=3)
    assert positions(order, KITTY) == [13, 14, 23, 24]
    assert positions(order, 0) == [1, 2, 3, 15, 16] and positions(order, 3) == [10, 11, 12, 21, 22]
    assert stock_size(b, 4) == 28


def test_kitty_dealt_last_and_other_packets() -> None:
    """BIDDING.md §3.2 K2 "last" (IMP-NL, IMP-110a): the kitty after every hand; packets as
    ``Table.deal_packets`` gives them (2-3 here)."""
    order = deal_order(FIFTY_FIVE_BIDDING, 3, dealer=2, packets=(2, 3))
    assert order == (0, 0, 1, 1, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2) + (KITTY,) * 5
    with pytest.raises(InvalidArgumentError, match="two packets of 5"):
        deal_order(Bidding(), 4, dealer=3, packets=(3, 3))


def test_ex_k04_dealer_robs_the_pack() -> None:
    """EX-K04 (DBK variant; rob_pack=True): the dealer picks his replacements from anywhere
    in the stock instead of the top; the others draw from the top, dealer last. (The card
    positions of EX-K03, on which EX-K04 builds, are kept back.)"""
    b = Bidding(rob_pack=True)
    assert chooses_replacements(b, 3, dealer=3)
    assert not any(chooses_replacements(b, s, dealer=3) for s in (0, 1, 2))
    assert not chooses_replacements(Bidding(), 3, dealer=3)
    assert draw_sequence(b, 4, dealer=3, bidder=1)[-1] == 3


def test_ex_k05_trumps_before_the_kitty_no_discarding_trumps() -> None:
    """EX-K05 (IMP-NL; trump_before_kitty, free discard, last-resort): P1 holds JH AH KC 7S 3D
    + kitty 5H 9C 2D, hearts trumps: 3 trumps, 5 non-trumps. He must discard at least 3,
    may discard up to all 5 non-trumps, and no trump."""
    b = Bidding(kitty=3, trump_before_kitty=True, kitty_discard="free", discard_trumps="last-resort")
    assert discard_limits(b, 4, bidder=True, trumps=3) == DiscardLimits(3, 5, 0)
    # with only 2 non-trumps (6 trumps among 8), one trump must go, and no more
    assert discard_limits(b, 4, bidder=True, trumps=6) == DiscardLimits(3, 3, 1)
    assert discard_limits(b.__class__(kitty=3), 4, bidder=True, trumps=3) == DiscardLimits(3, 8, 8)


def test_ex_k06_110_swap_limits_come_from_the_stock() -> None:
    """EX-K06 (IMP-110a; 53 cards, kitty 5) [A]: 8 players: stock 8 for 7 swaps of 1;
    7 players: 13 for 6 × 2 = 12; 6 players: 18 for 5 × 3 = 15."""
    b = ONE_TEN_BIDDING
    for players, stock, each in ((8, 8, 1), (7, 13, 2), (6, 18, 3)):
        assert stock_size(b, players, deck=53) == stock
        assert max_draw(b, players, bidder=False) == each and max_draw(b, players, bidder=True) == 0
        assert stock_demand(b, players) == (players - 1) * each <= stock
    assert discard_limits(b, 8, bidder=True) == DiscardLimits(5, 5, 5)  # keeps 5 of 10


def test_ex_k07_six_players_with_extras_and_a_four_card_kitty() -> None:
    """EX-K07 (WFF): 6 × 5 + 6 × 3 + 4 = 52, nothing left to draw [A]; the bidder builds his
    five from 12 cards, every other player from 8 (``extra_cards``, §7.1 #9)."""
    b = Bidding(kitty=4, kitty_deal="split", extra_cards=3, kitty_discard="exact", draw_limit=0)
    assert stock_size(b, 6) == 0 and stock_demand(b, 6) == 0
    check_stock(b, 6)
    assert discard_limits(b, 6, bidder=True) == DiscardLimits(7, 7, 7)
    assert discard_limits(b, 6, bidder=False) == DiscardLimits(3, 3, 3)
    order = deal_order(b, 6, dealer=5)
    assert len(order) == 52 and order[-18:] == tuple(s for s in range(6) for _ in range(3))


def test_ex_k08_six_players_without_a_kitty_can_run_out() -> None:
    """EX-K08 (BICA45 + [A]): six players, no kitty: a stock of 22 cannot cover the worst
    case of 30 without a limit (the library refuses the configuration, §8); IMP-NL's
    draw_limit=3 asks for at most 18."""
    open_draw = Bidding(draw_limit=None)
    assert stock_size(open_draw, 6) == 22 and stock_demand(open_draw, 6) == 30
    with pytest.raises(InvalidVariantError, match=r"= 22 cards, but the draws may ask for 30"):
        check_stock(open_draw, 6)
    with pytest.raises(InvalidVariantError, match=r"ask for 24"):
        check_stock(Bidding(draw_limit={6: 4}), 6)
    assert stock_demand(Bidding(), 6) == 18
    check_stock(Bidding(), 6)


def test_draw_order_and_who_draws() -> None:
    """BIDDING.md §3.4 K6, K8: eldest first, dealer last (DBK); dealer first (IMP-110b);
    only the bidder under "bidder-only", and nobody at nine players in 55 (limit 0)."""
    assert draw_sequence(Bidding(), 4, dealer=1, bidder=0) == (2, 3, 0, 1)
    assert draw_sequence(AMERICAN_110_BIDDING, 4, dealer=1, bidder=0) == (1, 2, 3, 0)
    only = Bidding(draw="bidder-only", kitty=3)
    assert draw_sequence(only, 4, dealer=3, bidder=2) == (2,)
    assert draw_sequence(FIFTY_FIVE_BIDDING, 9, dealer=8, bidder=4) == ()
    assert draw_sequence(FIFTY_FIVE_BIDDING, 4, dealer=3, bidder=1) == (0, 2, 3)  # exact kitty


def test_first_lead() -> None:
    """BIDDING.md §3.5 P1: left of the bidder (BICA45), the bidder (IMP-ZB, IMP-NL), eldest."""
    assert first_leader(Bidding(), 4, dealer=3, bidder=3) == 0
    assert first_leader(Bidding(), 4, dealer=3, bidder=1) == 2
    assert first_leader(Bidding(first_lead="bidder"), 4, dealer=3, bidder=1) == 1
    assert first_leader(Bidding(first_lead="eldest"), 4, dealer=3, bidder=1) == 0


# -- §9.3 scoring a hand --------------------------------------------------------------------------


def hand(bidding: Bidding, amount: int, won: str, best: int | None, *, bidder: int = A,
         scores: Sequence[int] = (0, 0)) -> bd.HandScore:
    return score_hand(bidding, bidder=bidder, amount=amount, trick_sides=tricks(won),
                      bonus_trick=best, scores=scores)


def test_ex_s01_bid_made_exactly() -> None:
    """EX-S01 (BICA45): A bids 20, takes 3 tricks with the best = 20; B 2 = 10 → A +20, B +10."""
    h = hand(Bidding(), 20, "AABAB", 0)
    assert (h.made, h.points, h.gains) == (True, (20, 10), (20, 10))


def test_ex_s02_overtricks_count() -> None:
    """EX-S02 (BICA45, MVCS): A bids 15, takes 4 with the best = 25; B 1 = 5 → A +25, B +5."""
    assert hand(Bidding(), 15, "AAAAB", 1).gains == (25, 5)


def test_ex_s03_set() -> None:
    """EX-S03 (BICA45): A bids 25, takes 3 with the best = 20; B 2 = 10 → A −25, B +10."""
    assert hand(Bidding(), 25, "ABABA", 2).gains == (-25, 10)


def test_ex_s04_the_bonus_decides_the_bid() -> None:
    """EX-S04 (BICA45): A bids 20, takes 3 without the best = 15; B 2 with it = 15 → A −20, B +15."""
    h = hand(Bidding(), 20, "AABAB", 2)
    assert (h.made, h.points, h.gains) == (False, (15, 15), (-20, 15))


def test_ex_s06_all_five_tricks_but_no_trump_played() -> None:
    """EX-S06 [I] edge: A bids 30, takes all five, nobody played a trump (25 points).
    ``thirty_bid="sixty"`` (30 = all five tricks, AUCTION_45 per §8): made, +60. A points bid
    of 30 (``thirty_bid="plain"``): set, −30."""
    sixty = hand(AUCTION_45_BIDDING, 30, "AAAAA", None)
    assert (sixty.points, sixty.made, sixty.gains) == ((25, 0), True, (60, 0))
    plain = hand(Bidding(thirty_bid="plain"), 30, "AAAAA", None)
    assert (plain.made, plain.gains) == (False, (-30, 0))


def test_thirty_bid_values() -> None:
    """BIDDING.md §3.6 B8 (RULES.md EX-79): "sixty" +60 / −30 (BICA45, IMP-NS); "sixty-both"
    +60 / −60 (IMP-NL); B keeps its tricks either way."""
    assert hand(Bidding(), 30, "AAAAB", 0).gains == (-30, 5)
    assert hand(Bidding(), 30, "AAAAB", 4).gains == (-30, 10)
    both = Bidding(thirty_bid="sixty-both")
    assert hand(both, 30, "AAAAA", 0).gains == (60, 0)
    assert hand(both, 30, "AAAAB", 0).gains == (-60, 5)


def test_ex_s07_points_or_tricks() -> None:
    """EX-S07 (bid_measure): A bids 15, takes 2 tricks with the best = 15. "points": made,
    A +15, B +15. "tricks" ([I] literal DOC45, §7.1 #7: 15 = 3 tricks): set, A −15, B +15."""
    assert hand(Bidding(), 15, "AABBB", 0).gains == (15, 15)
    h = hand(Bidding(bid_measure="tricks"), 15, "AABBB", 0)
    assert (h.made, h.gains) == (False, (-15, 15))
    assert hand(Bidding(bid_measure="tricks", thirty_bid="plain"), 30, "AAAAA", None).made


def test_ex_s09_no_points_on_defence_at_90() -> None:
    """EX-S09 (WNH; cut-throat, defender_limit="no-score", threshold 90): X on 95 defending
    takes 2 tricks = 10 → +0; Y on 40, also defending, takes 1 → +5 (Z bids 15 and takes 2
    with the best)."""
    b = Bidding(defender_limit="no-score", defender_threshold=90)
    h = hand(b, 15, "XYZXZ", 2, bidder=2, scores=(95, 40, 20))
    assert h.points == (10, 5, 15) and h.gains == (0, 5, 15)


def test_defender_limits_no_score_if_made_and_cap() -> None:
    """BIDDING.md §3.7 S1: IMP-NS: a side on 100+ scores nothing against a made bid, but
    normally against a set; §7.1 #8 "cap": defence cannot carry a side above the threshold
    (115 by default) [U]."""
    ns = NOVA_SCOTIA_45_BIDDING
    assert hand(ns, 20, "AABAB", 0, scores=(50, 100)).gains == (20, 0)
    assert hand(ns, 25, "AABAB", 0, scores=(50, 100)).gains == (-25, 10)
    cap = Bidding(defender_limit="cap")
    assert hand(cap, 15, "AABBB", 0, scores=(50, 110)).gains == (15, 5)
    assert hand(cap, 15, "AABBB", 0, scores=(50, 118)).gains == (15, 0)
    assert hand(cap, 15, "AABBB", 0, scores=(50, 90)).gains == (15, 15)


def test_ex_s11_110_with_a_lower_bid_and_a_sweep() -> None:
    """EX-S11 (PAG55; lower_bid_cap=30): X bids 25, wins all five with the best → +30;
    ``lower_bid_cap=None``: a sweep scores as the all-five bid does, 60 (§7.1 #6)."""
    b = ONE_TEN_BIDDING
    assert hand(b, 25, "XXXXX", 3, scores=(0, 0, 0)).gains == (30, 0, 0)
    uncapped = attrs.evolve(b, lower_bid_cap=None)
    assert hand(uncapped, 25, "XXXXX", 3, scores=(0, 0, 0)).gains == (60, 0, 0)


def test_ex_s12_the_60_bid_in_55_110() -> None:
    """EX-S12 (G55 + [I]): X bids 60 and wins all five → +60; wins four → −60 [I: a failed
    bid loses the bid]."""
    b = FIFTY_FIVE_BIDDING
    assert hand(b, EXTRA_BID, "XXXXX", 0, scores=(0, 0, 0)).gains == (60, 0, 0)
    assert hand(b, EXTRA_BID, "XXXXY", 0, scores=(0, 0, 0)).gains == (-60, 5, 0)


def test_ex_s13_american_110_shoot_the_moon() -> None:
    """EX-S13 (IMP-110b): X bids the moon, takes 4 tricks with the best (25), Y 1 (5) →
    X −60, Y +5; all five → X +60."""
    b = AMERICAN_110_BIDDING
    assert hand(b, EXTRA_BID, "XXXXY", 0, scores=(0, 0)).gains == (-60, 5)
    assert hand(b, EXTRA_BID, "XXXXX", 0, scores=(0, 0)).gains == (60, 0)


def test_extra_bid_slam_and_thirty_for_sixty() -> None:
    """BIDDING.md §3.6 B9 (RULES.md EX-86): WFF "Slam" +120 / −60; IMP-NL's separate
    30-for-60 ±60 above an ordinary 30."""
    slam = Bidding(extra_bid="slam")
    assert ladder(slam) == (15, 20, 25, 30, 60)
    assert hand(slam, EXTRA_BID, "AAAAA", 0).gains == (120, 0)
    assert hand(slam, EXTRA_BID, "AAAAB", 0).gains == (-60, 5)
    nl = Bidding(thirty_bid="plain", extra_bid="thirty-for-sixty")
    assert hand(nl, EXTRA_BID, "AAAAA", None).gains == (60, 0)
    assert hand(nl, 30, "AAAAA", 0).gains == (30, 0)


def test_ex_s14_american_110_only_the_bidder_loses() -> None:
    """EX-S14 (IMP-110b): X bids 15, takes 2 without the best (10); Y 2 with it (15); Z 1 (5)
    → X −15, Y +15, Z +5."""
    h = hand(AMERICAN_110_BIDDING, 15, "XYYXZ", 1, scores=(0, 0, 0))
    assert h.gains == (-15, 15, 5)


def test_ex_s15_no_trump_played_at_all() -> None:
    """EX-S15 (W45, IMP-110b code): no trump played: A 3 tricks, B 2 → 15 and 10, total 25."""
    h = hand(Bidding(), 15, "AABAB", None)
    assert h.points == (15, 10) and sum(h.points) == 25 and h.bonus_trick is None


def test_bonus_cutoff() -> None:
    """BIDDING.md §5.6 B12, B12b (IMP-110a; RULES.md EX-85): a bid winner on 85 or more at
    the start of the hand loses the best-trump bonus; nobody else gets it, and it no longer
    counts toward the bid (the one reading; "all" makes every player on 85+ lose it)."""
    b = attrs.evolve(ONE_TEN_BIDDING, bonus_cutoff=85)
    h = hand(b, 20, "XXXYZ", 0, scores=(90, 0, 0))
    assert (h.points, h.made, h.gains, h.bonus_trick) == ((15, 5, 5), False, (-20, 5, 5), None)
    assert h.forfeited_trick == 0  # the fact is kept: trick 0 held the highest trump
    assert hand(b, 20, "XXXYZ", 0, scores=(80, 0, 0)).forfeited_trick is None
    assert hand(b, 15, "XXXYZ", 0, scores=(80, 0, 0)).gains == (20, 5, 5)
    assert hand(b, 15, "XXXYZ", 3, scores=(0, 90, 0)).gains == (15, 10, 5)  # Y is not the bidder
    every = attrs.evolve(b, bonus_cutoff_scope="all")
    assert hand(every, 15, "XXXYZ", 3, scores=(0, 90, 0)).gains == (15, 5, 5)


def test_made_bid_scores_the_bid() -> None:
    """BIDDING.md §5.6 B10, [U] HH: ``made_bid_scores="bid"`` scores the bid, not the points."""
    assert hand(Bidding(made_bid_scores="bid"), 15, "AAAAB", 0).gains == (15, 5)


def test_score_hand_refuses_a_bad_hand() -> None:
    for won, best in (("AAAA", 0), ("AAAAC", 0), ("AAAAA", 5)):
        with pytest.raises(InvalidArgumentError, match="need five tricks"):
            hand(Bidding(), 15, won, best)


# -- §9.4 end of game -------------------------------------------------------------------------------


def test_ex_e01_both_sides_cross() -> None:
    """EX-E01 (target_tie): A (bidding) 105, B 115; A bids 15 and takes 15 → 120; B takes 15
    → 130. "bidder-first" (MVCS, IMP-ZB, IMP-PEI): A; "higher-total" (W45): B;
    "bidding-side-only" (IMP-NL): A."""
    h = hand(Bidding(), 15, "AAABB", 4, scores=(105, 115))
    assert h.gains == (15, 15)
    for rule, winner in (("bidder-first", A), ("higher-total", B), ("bidding-side-only", A)):
        assert game_end(Bidding(target_tie=rule), (105, 115), h) == GameEnd(winner, (), "target")


def test_ex_e02_defenders_cross_while_the_bidders_are_set() -> None:
    """EX-E02: A (bidding) 110 bids 25 and takes 10 → 85; B on 100 takes 20 → 120. BICA45
    (first to 120; AUCTION_45's "bidder-first"): B wins. IMP-NL "bidding-side-only": play
    on. WNH "no-score" at 90: B +0, play on. IMP-NS (target 125): B scores, 120 < 125, play on."""
    before = (110, 100)
    h = hand(AUCTION_45_BIDDING, 25, "ABABB", 1, scores=before)
    assert h.gains == (-25, 20)
    assert game_end(AUCTION_45_BIDDING, before, h) == GameEnd(B, (), "target")
    assert game_end(Bidding(target_tie="bidding-side-only"), before, h) is None
    wnh = Bidding(defender_limit="no-score", defender_threshold=90)
    h_wnh = hand(wnh, 25, "ABABB", 1, scores=before)
    assert h_wnh.gains == (-25, 0) and game_end(wnh, before, h_wnh) is None
    h_ns = hand(NOVA_SCOTIA_45_BIDDING, 25, "ABABB", 1, scores=before)
    assert h_ns.gains == (-25, 20) and game_end(NOVA_SCOTIA_45_BIDDING, before, h_ns) is None


def test_ex_e05_the_last_hand_is_played_out() -> None:
    """EX-E05 (PAG55; FIFTY_FIVE, trick order): Y, not the bidder, is on 45 and wins tricks 1
    and 2 (55 on the running count); the hand is finished and scored, and trick order gives
    Y the game unless the bidder reached 55 earlier (here with X on 50 winning trick 1 with
    the best trump)."""
    b = FIFTY_FIVE_BIDDING
    before = (40, 45, 0)
    h = hand(b, 15, "YYXXX", 2, scores=before)
    assert h.made and h.gains == (20, 10, 0)  # both end on 55 or more: X 60, Y 55
    assert game_end(b, before, h) == GameEnd(1, (), "target")
    early = (50, 45, 0)
    h2 = hand(b, 15, "XYYXX", 0, scores=early)
    assert game_end(b, early, h2) == GameEnd(0, (), "target")


def test_trick_order_excludes_a_failed_bidder() -> None:
    """BIDDING.md §5.8 (IMP-110a): a bidder who failed cannot win that hand, even one already
    past the target in the running count."""
    b = FIFTY_FIVE_BIDDING
    before = (50, 30, 20)
    h = hand(b, 25, "XYYZZ", None, scores=before)
    assert not h.made and game_end(b, before, h) is None


def test_ex_e06_nova_scotia_target_and_floor() -> None:
    """EX-E06 (IMP-NS): A on −110 bids 20 and takes 15 → −130 ≤ −125: game over, B wins. A
    side on 120 has not won: the target is 125."""
    ns = NOVA_SCOTIA_45_BIDDING
    before = (-110, 40)
    h = hand(ns, 20, "AABBA", 3, scores=before)
    assert h.gains == (-20, 15)
    assert game_end(ns, before, h) == GameEnd(B, (A,), "lose-at")
    h2 = hand(ns, 20, "AABBA", 0, scores=(100, 0))
    assert h2.gains == (20, 10) and game_end(ns, (100, 0), h2) is None


def test_ex_e07_three_sets_lose() -> None:
    """EX-E07 (IMP-NL; sets_to_lose=3): B, set twice before, bids 20 and takes 15 → third set:
    B loses at once, whatever the scores."""
    b = Bidding(sets_to_lose=3)
    before = (20, 110)
    h = hand(b, 20, "BABAB", 1, bidder=B, scores=before)
    assert not h.made
    assert game_end(b, before, h, sets=(0, 2)) == GameEnd(A, (B,), "sets")
    assert game_end(b, before, h, sets=(0, 1)) is None


def test_ex_e08_equal_totals_over_the_target() -> None:
    """EX-E08 ("higher-total" [I]; no source decides): A 125, B 125 after the same hand →
    another hand is dealt (the proposal of §9.4, as IMP-PEI does for its fixed game)."""
    b = Bidding(target_tie="higher-total")
    before = (105, 115)
    h = hand(b, 20, "AABAB", 0, scores=before)
    assert h.gains == (20, 10) and game_end(b, before, h) is None


def test_finish_after_a_number_of_hands() -> None:
    """BIDDING.md §3.7 (IMP-PEI "Rec Hall PEI"): a game of 4 hands, the highest total wins,
    another hand on a tie (E1 ``"hands:4"`` = ``finish="hands", finish_hands=4``)."""
    b = Bidding(finish="hands", finish_hands=4)
    h = hand(b, 15, "AABAB", 0, scores=(100, 100))
    assert game_end(b, (100, 100), h, hands_played=3) is None
    assert game_end(b, (100, 100), h, hands_played=4) == GameEnd(A, (), "hands")
    tie = hand(b, 15, "AABBB", 0, scores=(100, 100))
    assert tie.gains == (15, 15) and game_end(b, (100, 100), tie, hands_played=4) is None
    with pytest.raises(InvalidArgumentError, match="hands_played"):
        game_end(b, (100, 100), h)


def test_cut_throat_bidder_first_falls_back_on_trick_order() -> None:
    """BIDDING.md §7.1 #11: under "bidder-first", when the bidder does not cross and several
    defenders do, trick order decides (IMP-110b)."""
    b = AMERICAN_110_BIDDING
    before = (0, 100, 105)
    h = hand(b, 25, "ZYYXX", 0, scores=before)
    assert h.gains == (-25, 10, 10)  # Y and Z both reach 110+; Z got there on trick 1
    assert game_end(b, before, h) == GameEnd(2, (), "target")


# -- properties -------------------------------------------------------------------------------------


@st.composite
def biddings(draw: st.DrawFn) -> Bidding:
    """A coherent Bidding over the auction options (and a preset now and then)."""
    if draw(st.booleans()):
        return draw(st.sampled_from(list(BIDDING_PRESETS.values())))
    options = {
        "min_bid": draw(st.sampled_from([10, 15, 20])),
        "max_bid": draw(st.sampled_from([25, 30])),
        "extra_bid": draw(st.sampled_from([None, "moon", "slam"])),
        "min_bid_near_end": draw(st.sampled_from([None, (100, 20), (95, 25)])),
        "hold": draw(st.sampled_from(["dealer", "none"])),
        "after_hold": draw(st.sampled_from(["all-unpassed", "duel", "ends"])),
        "auction_rounds": draw(st.sampled_from(["open", "once"])),
        "all_pass": draw(st.sampled_from(["bag-dealer", "redeal-next", "redeal-same"])),
    }
    if options["all_pass"] == "bag-dealer":
        options["bag_raise"] = draw(st.booleans())
    try:
        return Bidding(**options)
    except InvalidVariantError:
        return Bidding()


@given(biddings(), st.integers(2, 8), st.data())
def test_random_auction_ends_with_one_contract_or_a_throw_in(bidding: Bidding, players: int,
                                                              data: st.DataObject) -> None:
    """BIDDING.md §2.3, §3.3, §7.1 #3: however the seats call, the auction ends with one
    contract on the ladder or a throw-in (only under a redeal rule); while it runs the seat
    to speak always has a call; the offered bids are increasing, on the ladder, above the
    standing bid and the seat's near-end minimum; passed seats never speak again; every
    offered call is accepted and the same decision refuses anything else."""
    dealer = data.draw(st.integers(0, players - 1))
    scores = tuple(data.draw(st.lists(st.sampled_from([0, 50, 96, 100]), min_size=players,
                                      max_size=players)))
    auction: tuple[AuctionCall, ...] = ()
    rungs = ladder(bidding)
    for _ in range(4 * players * len(rungs) + 4):
        state = auction_state(bidding, auction, dealer=dealer, players=players, scores=scores)
        if state.over:
            break
        assert state.calls and state.to_speak not in state.passed
        bids = state.bids
        assert list(bids) == sorted(set(bids)) and set(bids) <= set(rungs)
        if state.high is not None:
            assert all(b > state.high.amount for b in bids)
        assert all(b >= near_end_minimum(bidding, scores[state.to_speak]) for b in bids)
        call = data.draw(st.sampled_from(state.calls))
        check_call(bidding, auction, call, dealer=dealer, players=players, scores=scores)
        stray = data.draw(st.sampled_from([AuctionCall(state.to_speak, 17),
                                           AuctionCall((state.to_speak + 1) % players)]))
        with pytest.raises(IllegalActionError):
            check_call(bidding, auction, stray, dealer=dealer, players=players, scores=scores)
        auction = (*auction, call)
    else:
        raise AssertionError(f"auction did not end: {auction}")
    note(str([str(c) for c in auction]))
    if state.contract is None:
        assert bidding.all_pass != "bag-dealer" and all(c.is_pass for c in auction)
        assert len(auction) == players
    else:
        assert state.contract.amount in rungs and not state.calls
        assert state.contract.seat not in state.passed
        if state.contract.bagged:
            assert state.contract.seat == dealer and bidding.all_pass == "bag-dealer"
    amounts = [c.amount for c in auction if c.amount is not None]
    assert amounts == sorted(amounts)  # the standing bid never goes down


@given(st.sampled_from([0, 3, 4, 5]), st.sampled_from(["after-first", "split", "last"]),
       st.integers(0, 3), st.integers(2, 10), st.integers(0, 9))
def test_deal_order_gives_everyone_the_same_cards(kitty: int, kitty_deal: str, extra: int,
                                                  players: int, dealer_seed: int) -> None:
    """BIDDING.md §3.2: the deal gives each seat ``5 + extra_cards``, the kitty ``kitty``,
    eldest first, and the stock is what is left."""
    if kitty_deal == "split" and kitty % 2:
        kitty += 1
    b = Bidding(kitty=kitty, kitty_deal=kitty_deal, extra_cards=extra, draw_limit=None)
    dealer = dealer_seed % players
    if players * (5 + extra) + kitty > 52:
        with pytest.raises(InvalidVariantError, match="more than the 52-card pack"):
            stock_size(b, players)
        return
    order = deal_order(b, players, dealer=dealer)
    assert order[0] == (dealer + 1) % players
    assert all(order.count(s) == 5 + extra for s in range(players))
    assert order.count(KITTY) == kitty and stock_size(b, players) == 52 - len(order)


@given(st.sampled_from([None, 0, 1, 2, 3, 4, 5]), st.sampled_from([0, 3, 5]),
       st.sampled_from(["exact", "free"]), st.sampled_from(["all", "bidder-only"]),
       st.integers(2, 9))
def test_draw_arithmetic_is_consistent(limit: int | None, kitty: int, discard: str, draw: str,
                                       players: int) -> None:
    """BIDDING.md §3.4, §7.1 #4: nobody draws more than the limit (kitty cards included for
    the bidder) or than five; the worst-case demand is the sum of the seats' maxima, and
    :func:`check_stock` refuses exactly when it exceeds the stock."""
    b = Bidding(draw_limit=limit, kitty=kitty, kitty_discard=discard, draw=draw)
    for bidder in (True, False):
        most = max_draw(b, players, bidder=bidder)
        assert 0 <= most <= 5
        if limit is not None:
            assert most + (kitty if bidder else 0) <= max(limit, kitty if bidder else 0)
        lim = discard_limits(b, players, bidder=bidder)
        assert lim.most - lim.fewest == most
    stock = stock_size(b, players)
    if stock_demand(b, players) > stock:
        with pytest.raises(InvalidVariantError, match=f"= {stock} cards, but the draws"):
            check_stock(b, players)
    else:
        check_stock(b, players)


@given(st.sampled_from(list(BIDDING_PRESETS.values())),
       st.lists(st.integers(0, 2), min_size=5, max_size=5),
       st.one_of(st.none(), st.integers(0, 4)), st.data())
def test_hand_points_and_who_can_lose(bidding: Bidding, won: list[int], best: int | None,
                                      data: st.DataObject) -> None:
    """BIDDING.md §0, §2.5, §2.6: a hand is worth 30, or 25 when no trump is played; only the
    bidding side can lose points; a made bid scores at least the bid (or the all-five value)."""
    amount = data.draw(st.sampled_from(ladder(bidding)))
    h = score_hand(bidding, bidder=0, amount=amount, trick_sides=won, bonus_trick=best,
                   scores=(0, 0, 0))
    assert sum(h.points) == (25 if best is None else 30)
    assert all(g >= 0 for g in h.gains[1:])
    if h.made:
        assert h.gains[0] >= min(amount, 30)
    else:
        assert h.gains[0] < 0
