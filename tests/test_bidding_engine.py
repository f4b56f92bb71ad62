"""The bidding hand through the engine (BIDDING.md §§2–6, the worked examples of §9 that
concern the auction, the deal, the kitty and draw, the play and a hand's score).

The pure functions these hands call are unit-tested in ``test_bidding.py``; here every
example goes through ``tf.new_hand`` / ``tf.new_bidding_hand`` and ``apply``: the same
actions a player would send, the same refusals, views, records and events.
"""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random
from typing import Any

import pytest
from biddingkit import (
    PRESETS,
    act,
    bidding_variants,
    candidates,
    check_hand,
    deal,
    every_action,
    find_plays,
    play_out,
    players_for,
    random_hand,
    redeal,
    refusal,
    seen_cards,
    stand_pat,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import trumpfamily as tf
from trumpfamily.narrate import Narrator

C = tf.Card.parse
A45 = tf.AUCTION_45
NL = tf.NEWFOUNDLAND_120S
#: Seeds to try for a deal on which a line of play with given results exists: the ones
#: known to work first (a deal that has no such line costs a whole search).
SEEDS = (2, 0, 5, *range(60))


# -- actions: notation, ids, JSON --------------------------------------------------------


@pytest.mark.parametrize("text", ["bid 15", "bid 60", "trump H", "discard", "discard 2C 5H",
                                  "take TD", "pass"])
def test_the_bidding_actions_read_back_from_their_notation(text: str) -> None:
    action = tf.parse_action(text)
    assert str(action) == text and tf.parse_action(str(action)) == action
    assert tf.from_json(tf.to_json(action), tf.Action) == action


def test_a_discard_is_a_set_of_cards() -> None:
    assert tf.Discard("5H 2C") == tf.Discard(["2C", "5H"]) == tf.parse_action("discard 5h 2c")
    assert tf.Discard().cards == ()
    with pytest.raises(tf.InvalidArgumentError, match="given twice"):
        tf.Discard("5H 5H")
    for bad in (-5, 10**6, True, 20.0, "20"):
        with pytest.raises(tf.InvalidArgumentError, match="a bid amount is a whole number"):
            tf.Bid(bad)  # type: ignore[arg-type]
    with pytest.raises(tf.ActionParseError, match="needs an amount"):
        tf.parse_action("bid")


@pytest.mark.parametrize(("variant", "text"), [
    (A45, "bid 17"), (A45, "bid 10"), (A45, "bid 35"), (A45, "bid 0"), (NL, "bid 15"),
    (tf.FIFTY_FIVE, "bid 30"), (tf.AUCTION_45, "bid 60"), (tf.AUCTION_45, "bid 999999"),
])
def test_any_whole_bid_reads_and_the_game_refuses_it_with_its_code(
        variant: tf.Variant, text: str) -> None:
    """Issue 19: the notation reads any well-formed amount (``bid 17`` is ``Bid(17)``, not
    a parse error listing every game's bids); applied, the game refuses the amounts its
    own ladder lacks with the code ``not-a-bid``, naming its bids (BIDDING.md §3.3)."""
    action = tf.parse_action(text)
    amount = int(text.split()[1])
    assert action == tf.Bid(amount) and str(action) == text
    assert tf.from_json(json.loads(json.dumps(tf.to_json(action))), tf.Action) == action
    hand = tf.new_hand(variant, players=4, dealer=3, seed=1)
    with pytest.raises(tf.IllegalActionError) as info:
        hand.apply(action)
    assert info.value.code == "not-a-bid" and info.value.seat == 0
    assert variant.bidding is not None
    assert f"{amount} is not a bid: the bids are {tf.bidding.ladder(variant.bidding)}" in (
        info.value.reason)
    assert info.value.legal == hand.legal_actions()


def test_a_bid_of_the_ladder_still_reads_and_plays() -> None:
    hand = tf.new_hand(tf.FIFTY_FIVE, players=4, dealer=3, seed=1)
    assert hand.apply(tf.parse_action("bid 10")).auction[-1] == tf.bidding.AuctionCall(0, 10)
    with pytest.raises(tf.InvalidArgumentError, match=r"Bid\(17\) has no action id"):
        tf.action_id(tf.Bid(17))


def test_bidding_action_ids_follow_the_turn_up_ids() -> None:
    """Ids 0..112 are unchanged; Bid, NameTrump and Take come after, then the one-card
    discards; a discard of no card or of several cards has none."""
    assert [tf.action_id(tf.Bid(a)) for a in (5, 15, 30, 60)] == [113, 115, 118, 119]
    assert [tf.action_id(tf.NameTrump(s)) for s in "CDHS"] == [120, 121, 122, 123]
    assert tf.action_id(tf.Take("2C")) == 124 and tf.action_id(tf.Take("JK")) == 176
    assert tf.action_from_id(119) == tf.Bid(60)
    assert tf.action_id(tf.Discard("2C")) == 177 and tf.action_from_id(229) == tf.Discard("JK")
    with pytest.raises(tf.InvalidArgumentError, match="no action id"):
        tf.action_id(tf.Discard("2C 3C"))
    with pytest.raises(tf.InvalidArgumentError, match="no action id"):
        tf.action_id(tf.Discard())


# -- the deal (§3.2) ---------------------------------------------------------------------


def test_ex_k01_a_three_card_kitty_after_the_first_round() -> None:
    """EX-K01 (W45, NEA): P0 1-3, ..., kitty 13-15, P0 16-17, ..., stock 24-52."""
    variant = NL  # kitty 3, dealt after the first round
    deck = tf.Variant(name="x").ranking.deck()  # a known order: 2C 3C ...
    hand = tf.new_bidding_hand(variant, players=4, dealer=3, deck=deck)
    assert hand.hands[0] == deck[0:3] + deck[15:17]
    assert hand.hands[3] == deck[9:12] + deck[21:23]
    assert hand.kitty == deck[12:15] and hand.stock == deck[23:] and len(hand.stock) == 29


def test_ex_k02_jords_four_card_kitty_split() -> None:
    """EX-K02 (JORD): kitty 13-14 after the threes and 23-24 after the twos; stock 25-52."""
    variant = NL.with_options(kitty=4, kitty_deal="split")
    deck = tf.Variant(name="x").ranking.deck()
    hand = tf.new_bidding_hand(variant, players=4, dealer=3, deck=deck)
    assert hand.kitty == deck[12:14] + deck[22:24]
    assert hand.hands[0] == deck[0:3] + deck[14:16] and len(hand.stock) == 28


def test_a_new_bidding_hand_waits_for_eldest_to_bid() -> None:
    hand = tf.new_hand(A45, players=4, dealer=3, seed=1)
    assert isinstance(hand, tf.BiddingHand)
    assert (hand.phase, hand.to_act, hand.trump, hand.bidder) == (tf.Phase.AUCTION, 0, None, None)
    assert hand.legal_actions() == (tf.Pass(), tf.Bid(15), tf.Bid(20), tf.Bid(25), tf.Bid(30))
    assert [len(h) for h in hand.hands] == [5] * 4 and len(hand.stock) == 32
    assert [type(e).__name__ for e in hand.events] == ["Dealt"]
    assert tf.new_hand("auction 45s", players=4, dealer=3, seed=1) == hand


def test_new_hand_takes_the_scores_of_a_bidding_hand() -> None:
    """Issue 19: ``tf.new_hand`` deals a bidding hand with the sides' scores before it, as
    ``new_bidding_hand`` does, so the near-end rules of one hand need no other function:
    a side on 100 may not bid 15 (BIDDING.md §3.3 B3, EX-81); the scores are the hand's
    value, in its view's history and its record."""
    near = tf.new_hand(A45, players=4, dealer=3, seed=1, scores=(100, 0))
    assert isinstance(near, tf.BiddingHand) and near.scores == (100, 0)
    assert near.legal_actions() == (tf.Pass(), tf.Bid(20), tf.Bid(25), tf.Bid(30))
    assert near == tf.new_bidding_hand(A45, players=4, dealer=3, seed=1, scores=(100, 0))
    assert near.record()["scores"] == [100, 0]
    far = tf.new_hand("auction 45", players=4, dealer=3, seed=1, scores=[99, 0])
    assert far.legal_actions()[1] == tf.Bid(15)
    with pytest.raises(tf.InvalidArgumentError, match="one int score per side"):
        tf.new_hand(A45, players=4, seed=1, scores=(1, 2, 3))


@pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.FORTY_FIVE, "twenty-five", tf.MAW])
def test_new_hand_refuses_scores_for_a_game_that_turns_up_trumps(variant: Any) -> None:
    """A hand that turns up trumps reads no score (RULES.md: the scores decide only who
    wins the game, which tf.new_game's ``scores`` are for): ``scores`` is refused with the
    library's InvalidArgumentError, even after a seeded deal of the same table has been
    remembered (the fast path), and without ``scores`` the hand deals as before."""
    tf.new_hand(variant, players=4, dealer=1, seed=3)
    tf.new_hand(variant, players=4, dealer=1, seed=3)
    for scores in ((0, 0, 0, 0), (10, 20, 30, 40), ()):
        with pytest.raises(tf.InvalidArgumentError, match="turns up its trumps.*new_game"):
            tf.new_hand(variant, players=4, dealer=1, seed=3, scores=scores)


def test_new_bidding_hand_refuses_a_turn_up_game() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="not a bidding game"):
        tf.new_bidding_hand(tf.SPOIL_FIVE, players=4, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="one int score per side"):
        tf.new_bidding_hand(A45, players=4, seed=1, scores=(1, 2, 3))


def test_ex_k08_a_stock_that_could_run_short_is_refused() -> None:
    """EX-K08: six players without a kitty and without a draw limit could ask for 30 cards
    from a stock of 22: the configuration is refused (§8: validate it instead)."""
    with pytest.raises((tf.InvalidVariantError, tf.PlayerCountError), match="set a draw_limit"):
        tf.new_bidding_hand(A45.with_options(draw_limit=None), players=6, seed=1)
    assert tf.new_bidding_hand(A45, players=6, seed=1).stock.__len__() == 22  # draw_limit {6: 3}


# -- the auction (§9.1) ------------------------------------------------------------------


def auction(variant: tf.Variant, *calls: str, dealer: int = 3, players: int = 4,
            scores: tuple[int, ...] | None = None) -> tf.BiddingHand:
    """A hand after the calls (``"15"``, ``"pass"``...); each must be legal in turn."""
    hand = tf.new_bidding_hand(variant, players=players, dealer=dealer, seed=7, scores=scores)
    for call in calls:
        action = tf.Pass() if call == "pass" else tf.Bid(int(call))
        assert action in hand.legal_actions(), (call, hand.to_act, hand.legal_actions())
        hand = hand.apply(action)
    return hand


def test_ex_b01_a_hold_and_every_unpassed_player_speaks_again() -> None:
    """EX-B01 (BICA45, DBK): P0 15, P1 pass, P2 20, P3 holds 20; P0 25, (P1 skipped), P2
    pass, P3 holds 25, P0 pass: P3 at 25."""
    hand = auction(A45, "15", "pass", "20", "20")
    assert hand.to_act == 0 and hand.auction[-1] == tf.bidding.AuctionCall(3, 20, hold=True)
    hand = auction(A45, "15", "pass", "20", "20", "25")
    assert hand.to_act == 2  # P1 passed: skipped
    hand = auction(A45, "15", "pass", "20", "20", "25", "pass", "25", "pass")
    assert hand.contract == tf.bidding.Contract(3, 25)
    assert (hand.phase, hand.to_act) == (tf.Phase.TRUMP, 3)
    assert [type(e).__name__ for e in hand.events] == ["Passed", "AuctionWon"]


def test_ex_b02_the_same_opening_as_a_duel() -> None:
    """EX-B02 (JORD, CMU120, IMP-PEI): after the hold only P2 and P3 go on; P0 never speaks
    again: P2 at 25."""
    variant = A45.with_options(after_hold="duel")
    hand = auction(variant, "15", "pass", "20", "20")
    assert hand.to_act == 2
    hand = auction(variant, "15", "pass", "20", "20", "25", "pass")
    assert hand.contract == tf.bidding.Contract(2, 25)
    assert [c.seat for c in hand.auction].count(0) == 1


def test_ex_b03_the_hold_ends_the_auction() -> None:
    """EX-B03 (IMP-110a): P0 15, P1 20, P2 pass, P3 matches 20: P3 at 20 at once."""
    hand = auction(A45.with_options(after_hold="ends"), "15", "20", "pass", "20")
    assert hand.contract == tf.bidding.Contract(3, 20) and hand.phase is tf.Phase.TRUMP


def test_ex_b04_once_round() -> None:
    """EX-B04 (IMP-NL): each speaks once, the dealer last: P3 holds 25, or passes and P2
    has it; P1 gets no second chance."""
    variant = A45.with_options(auction_rounds="once", after_hold="ends")
    assert auction(variant, "pass", "20", "25", "25").contract == tf.bidding.Contract(3, 25)
    assert auction(variant, "pass", "20", "25", "pass").contract == tf.bidding.Contract(2, 25)


def test_ex_b05_holding_30_wins_under_every_after_hold() -> None:
    """EX-B05 (BICA45): P0 30, P1 pass, P2 pass, P3 holds 30: nobody can go higher."""
    for rule in ("all-unpassed", "duel", "ends"):
        hand = auction(A45.with_options(after_hold=rule), "30", "pass", "pass", "30")
        assert hand.contract == tf.bidding.Contract(3, 30), rule


def test_ex_b07_three_teams_and_the_95_rule() -> None:
    """EX-B07 (WFF): six players in three pairs; the pair (P1, P4) on 95 may not open at
    15: P0 pass, P1 20, P2 25, P3 pass, P4 pass, P5 holds 25, P1 pass, P2 pass: P5 at 25."""
    variant = NL.with_options(min_bid=15, min_bid_near_end=(95, 20), after_hold="all-unpassed",
                              kitty=0)
    hand = auction(variant, "pass", players=6, dealer=5, scores=(0, 95, 0))
    assert hand.to_act == 1 and tf.Bid(15) not in hand.legal_actions()
    assert refusal(hand, tf.Bid(15))[0] == "near-end-minimum"  # type: ignore[index]
    hand = auction(variant, "pass", "20", "25", "pass", "pass", "25", "pass", "pass",
                   players=6, dealer=5, scores=(0, 95, 0))
    assert hand.contract == tf.bidding.Contract(5, 25)


@pytest.mark.parametrize(("options", "contract"), [
    ({"all_pass": "bag-dealer"}, tf.bidding.Contract(3, 15, bagged=True)),
    ({"all_pass": "bag-dealer", "bag_bid": 20}, tf.bidding.Contract(3, 20, bagged=True)),
    ({"all_pass": "redeal-next"}, None),
    ({"all_pass": "redeal-same", "max_redeals": 3}, None),
])
def test_ex_b08_everyone_passes(options: dict[str, Any], contract: Any) -> None:
    """EX-B08: bagged at the minimum (IMP-ZB...) or at 20 (MVMAG); else thrown in (the next
    deal is the game's: see test_bidding_game)."""
    hand = auction(A45.with_options(**options), "pass", "pass", "pass")
    if contract is not None:  # the bagged dealer is not asked (bag_raise=False)
        assert hand.contract == contract and hand.phase is tf.Phase.TRUMP and hand.to_act == 3
        return
    hand = hand.apply(tf.Pass())
    assert hand.is_over and hand.thrown_in and hand.contract is None
    assert hand.outcome.thrown_in and hand.outcome.gains == (0, 0)  # type: ignore[union-attr]
    assert [type(e).__name__ for e in hand.events] == ["Passed", "ThrownIn", "HandOver"]


def test_a_bagged_dealer_who_may_raise_must_bid() -> None:
    """B7b (IMP-ZB, IMP-110a code): with bag_raise the dealer bids from the bag amount up,
    and may not pass."""
    hand = auction(A45.with_options(all_pass="bag-dealer", bag_raise=True), "pass", "pass", "pass")
    assert hand.to_act == 3 and hand.legal_actions() == tuple(tf.Bid(a) for a in (15, 20, 25, 30))
    assert refusal(hand, tf.Pass())[0] == "dealer-bagged"  # type: ignore[index]
    assert hand.apply(tf.Bid(25)).contract == tf.bidding.Contract(3, 25, bagged=True)


def test_ex_b09_the_dealer_holds_his_partners_bid() -> None:
    """EX-B09 (BICA45, [I]): P0 pass, P1 20, P2 pass, P3 holds 20, P1 passes: P3 at 20."""
    hand = auction(A45, "pass", "20", "pass", "20", "pass")
    assert hand.contract == tf.bidding.Contract(3, 20)


def test_ex_b11_american_110_the_dealer_steals_at_the_same_amount() -> None:
    """EX-B11 (IMP-110b): P0 15, P1 20, P2 pass, P3 20, P0 25, P1 pass, P3 25, P0 30, P3
    pass: P0 at 30. Anyone may bid the moon over any standing bid."""
    hand = auction(tf.AMERICAN_110, "15", "20", "pass", "20", "25", "pass", "25")
    assert tf.Bid(60) in hand.legal_actions()
    hand = auction(tf.AMERICAN_110, "15", "20", "pass", "20", "25", "pass", "25", "30", "pass")
    assert hand.contract == tf.bidding.Contract(0, 30)


def test_ex_b12_newfoundland_duel_at_20() -> None:
    """EX-B12 (CMU120): P0 pass, P1 20, P2 25, P3 takes 25, P2 30, P3 takes 30: P2 cannot
    raise, so the auction ends by itself (§7.1 #3): P3 at 30 ("30 for 60")."""
    hand = auction(NL, "pass", "20", "25", "25", "30", "30")
    assert hand.contract == tf.bidding.Contract(3, 30) and hand.phase is tf.Phase.TRUMP


def test_a_bid_must_beat_the_standing_bid_but_the_dealer_may_hold() -> None:
    """§2.3 (BICA45, DBK): higher than the standing bid, except the dealer's equal bid,
    which is his hold; a passed seat is skipped (BICA45 "who did not previously pass")."""
    hand = auction(A45, "15", "pass", "20")
    assert hand.to_act == 3 and hand.apply(tf.Bid(20)).auction[-1].hold
    assert auction(A45, "15", "pass", "20", "pass").to_act == 0  # P1 is skipped
    hand = auction(A45, "20")
    assert refusal(hand, tf.Bid(15))[0] == "bid-too-low"  # type: ignore[index]
    assert refusal(hand, tf.Bid(20))[0] == "hold-not-dealer"  # type: ignore[index]
    assert refusal(hand, tf.Bid(10))[0] == "not-a-bid"  # type: ignore[index]


# -- trumps, the kitty and the draw (§3.4, §9.2) -----------------------------------------


def test_ex_k05_trumps_before_the_kitty_and_no_trump_discarded() -> None:
    """EX-K05 (IMP-NL): P1 wins at 20 and names hearts before seeing the kitty; with
    JH AH KC 7S 3D + 5H 9C 2D he discards 3 to 5 of his five non-trumps, no trump."""
    variant = NL.with_options(discard_trumps="last-resort")
    hand = deal(variant, hands={1: "JH AH KC 7S 3D"}, kitty="5H 9C 2D")
    hand = act(hand, "pass", "bid 20", "pass", "pass")
    assert (hand.phase, hand.to_act, hand.hands[1]) == (tf.Phase.TRUMP, 1, tf.parse_cards("JH AH KC 7S 3D"))
    assert hand.view(1).kitty == ()  # not seen before trumps are named
    hand = hand.apply(tf.NameTrump("H"))
    assert hand.phase is tf.Phase.KITTY and hand.view(1).kitty == tf.parse_cards("5H 9C 2D")
    assert hand.view(0).kitty == () and hand.view(0).kitty_size == 3
    plain = tf.parse_cards("KC 7S 3D 9C 2D")
    expected = {tf.Discard(c) for k in (3, 4, 5) for c in itertools.combinations(plain, k)}
    assert set(hand.legal_actions()) == expected and len(hand.legal_actions()) == 16
    assert refusal(hand, tf.Discard("JH KC 7S"))[0] == "discard-trump"  # type: ignore[index]
    hand = hand.apply(tf.Discard("KC 7S 3D"))
    assert set(hand.hands[1]) == set(tf.parse_cards("JH AH 5H 9C 2D"))
    assert hand.view(0).discarded[1] == 3 and hand.view(0).my_discards == ()


def test_the_irish_kitty_is_taken_before_trumps_and_discarded_exactly() -> None:
    """§5.4 (G55, IMP-110a): the winner takes the kitty of five, keeps five of ten, and only
    then names trumps; he draws nothing (kitty_discard="exact")."""
    hand = act(tf.new_bidding_hand(tf.ONE_TEN, players=3, dealer=2, seed=4),
               "bid 15", "pass", "pass")
    assert hand.phase is tf.Phase.KITTY and hand.to_act == 0 and len(hand.hands[0]) == 10
    assert {len(a.cards) for a in hand.legal_actions()} == {5}  # type: ignore[union-attr]
    hand = hand.apply(hand.legal_actions()[0])
    assert hand.phase is tf.Phase.TRUMP and hand.trump is None
    hand = hand.apply(tf.NameTrump("C"))
    assert hand.phase is tf.Phase.DRAW and hand.to_act == 1  # the others, eldest first
    assert {len(a.cards) for a in hand.legal_actions()} == {0, 1, 2, 3}  # type: ignore[union-attr]


def test_ex_k06_the_110_swap_limits_come_from_the_stock() -> None:
    """EX-K06 (IMP-110a, 53 cards): 8 players: stock 8, one card each; 7: stock 13, two;
    6: stock 18, three."""
    variant = tf.ONE_TEN.with_options(joker="third")
    for players, stock, most in ((8, 8, 1), (7, 13, 2), (6, 18, 3)):
        hand = tf.new_bidding_hand(variant, players=players, dealer=players - 1, seed=2)
        assert len(hand.stock) == stock
        hand = act(hand, "bid 15", *["pass"] * (players - 1))
        hand = act(hand, hand.legal_actions()[0], "trump S")
        sizes = {len(a.cards) for a in hand.legal_actions()}  # type: ignore[union-attr]
        assert sizes == set(range(most + 1)), players


def test_ex_k07_six_players_with_extra_cards_and_a_four_card_kitty() -> None:
    """EX-K07 (WFF): 6 x 5 + 6 x 3 + 4 = 52, nothing left to draw; the extra cards are not
    seen before trumps are named; the bidder keeps five of 12, the others five of 8."""
    variant = A45.with_options(kitty=4, kitty_deal="split", extra_cards=3, draw_limit=0)
    hand = tf.new_bidding_hand(variant, players=6, dealer=5, seed=3)
    assert hand.stock == () and [len(e) for e in hand.extras] == [3] * 6
    assert len(hand.view(0).hand) == 5
    hand = act(hand, "bid 20", *["pass"] * 5, "trump D")
    assert hand.phase is tf.Phase.KITTY and len(hand.view(0).hand) == 12
    assert {len(a.cards) for a in hand.legal_actions()[:3]} == {7}  # type: ignore[union-attr]
    hand = hand.apply(hand.legal_actions()[0])
    assert hand.phase is tf.Phase.DRAW and hand.to_act == 1 and len(hand.hands[1]) == 8
    assert {len(a.cards) for a in hand.legal_actions()} == {3}  # type: ignore[union-attr]
    while hand.phase is tf.Phase.DRAW:
        hand = hand.apply(hand.legal_actions()[0])
    assert hand.phase is tf.Phase.PLAY and all(len(h) == 5 for h in hand.hands)


def test_the_draw_goes_eldest_first_and_refills_from_the_top() -> None:
    """§3.4 K6-K8 (DBK, IMP-ZB): each seat discards and is refilled from the top of the
    stock before the next; the others see how many, never which."""
    hand = act(tf.new_bidding_hand(A45, players=4, dealer=3, seed=5), "bid 15", "pass", "pass",
               "pass", "trump S")
    top = hand.stock[:5]
    assert (hand.phase, hand.to_act) == (tf.Phase.DRAW, 0)
    hand = hand.apply(tf.Discard(hand.hands[0][:2]))
    assert hand.hands[0][-2:] == top[:2] and hand.drawn[0] == top[:2]
    assert [type(e).__name__ for e in hand.events] == ["Discarded", "Drew"]
    seen = tf.events.seen_by(hand.events, 1)
    assert seen[0].cards is None and seen[0].count == 2 and seen[1].cards is None  # type: ignore[union-attr]
    assert hand.view(1).discarded == (2, None, None, None) and hand.view(1).drawn == (2, None, None, None)
    assert hand.view(1).history[-1] == tf.Turn(0, None, "Discard")
    hand = hand.apply(tf.Discard(hand.hands[1][:3]))
    assert hand.hands[1][-3:] == top[2:5] and hand.to_act == 2


def test_the_dealer_draws_first_in_american_110() -> None:
    """§6 (IMP-110b #186): everyone, starting with the dealer, discards and draws."""
    hand = act(tf.new_bidding_hand(tf.AMERICAN_110, players=4, dealer=3, seed=5), "bid 15",
               "pass", "pass", "pass", "trump S")
    assert (hand.phase, hand.to_act) == (tf.Phase.DRAW, 3)


def test_simultaneous_discards_are_counted_only_when_all_are_down() -> None:
    """K8 (IMP-NL): every seat discards before anyone is refilled, and nobody sees how many
    the others put down until the last discard."""
    variant = A45.with_options(draw_order="simultaneous")
    hand = act(tf.new_bidding_hand(variant, players=4, dealer=3, seed=5), "bid 15", "pass",
               "pass", "pass", "trump S")
    stock = hand.stock
    hand = hand.apply(tf.Discard(hand.hands[0][:2]))
    assert hand.view(1).discarded == (None,) * 4 and hand.view(0).discarded[0] == 2
    assert hand.hands[0] == hand.hands[0][:3] and len(hand.hands[0]) == 3  # not refilled yet
    assert tf.events.seen_by(hand.events, 1)[0].count is None  # type: ignore[union-attr]
    hand = act(hand, tf.Discard(hand.hands[1][:1]), tf.Discard(), tf.Discard(hand.hands[3][:3]))
    assert hand.phase is tf.Phase.PLAY and hand.view(1).discarded == (2, 1, 0, 3)
    assert hand.drawn == (stock[0:2], stock[2:3], (), stock[3:6])


def test_the_dealer_robbing_the_pack_takes_his_replacements() -> None:
    """K9 (DBK's variant; EX-K04): the dealer discards, then picks as many cards from the
    whole stock, one Take at a time; only he sees the stock, only while he picks."""
    variant = A45.with_options(rob_pack=True)
    hand = act(tf.new_bidding_hand(variant, players=4, dealer=3, seed=5), "bid 15", "pass",
               "pass", "pass", "trump S", "discard", "discard", "discard")
    assert hand.to_act == 3 and hand.view(3).pack == ()
    hand = hand.apply(tf.Discard(hand.hands[3][:2]))
    view = hand.view(3)
    assert view.pack == tuple(sorted(hand.stock, key=lambda c: c.index)) and len(view.pack) == 32
    assert hand.view(0).pack == () and hand.legal_actions() == tuple(tf.Take(c) for c in view.pack)
    wanted = view.pack[-1]
    hand = hand.apply(tf.Take(wanted))
    assert wanted in hand.hands[3] and wanted not in hand.stock and hand.to_act == 3
    assert hand.view(0).history[-1] == tf.Turn(3, None, "Take")
    hand = hand.apply(hand.legal_actions()[0])
    assert hand.phase is tf.Phase.PLAY and len(hand.hands[3]) == 5


def test_the_robbing_dealer_is_served_last_even_dealer_first() -> None:
    """K8 with K9: under ``draw_order="dealer-first"`` (IMP-110b) the others draw from the
    dealer's left as usual, but a dealer robbing the pack waits for them all and picks
    from what they left (both sources put him last: DBK, IMP-NL "after everyone else has
    drawn"); he does not rob the whole stock first."""
    variant = tf.AMERICAN_110.with_options(rob_pack=True)
    assert variant.bidding is not None
    assert tf.bidding.draw_sequence(variant.bidding, 4, dealer=3, bidder=1) == (0, 1, 2, 3)
    hand = act(tf.new_bidding_hand(variant, players=4, dealer=3, seed=5), "bid 15", "pass",
               "pass", "pass", "trump S")
    assert (hand.phase, hand.to_act) == (tf.Phase.DRAW, 0)  # not the dealer
    top = hand.stock[:6]
    hand = act(hand, tf.Discard(hand.hands[0][:1]), tf.Discard(hand.hands[1][:2]),
               tf.Discard(hand.hands[2][:3]))
    assert hand.drawn[:3] == (top[0:1], top[1:3], top[3:6]) and hand.to_act == 3
    hand = hand.apply(tf.Discard(hand.hands[3][:2]))
    pack = hand.view(3).pack
    assert len(pack) == 53 - 20 - 6 and not set(top) & set(pack)  # what the others left
    hand = act(hand, tf.Take(pack[0]), tf.Take(pack[1]))
    assert hand.phase is tf.Phase.PLAY and hand.drawn[3] == pack[:2]


def test_only_the_bidder_draws_under_bidder_only() -> None:
    """K6 (IMP-PEI "Wikipedia" profile): "only the bidder, through the kitty": with a
    kitty the bidder alone exchanges (he takes it, discards, and is refilled); the
    others keep their five."""
    variant = NL.with_options(draw="bidder-only")
    hand = act(tf.new_bidding_hand(variant, players=4, dealer=3, seed=5), "pass", "bid 20",
               "pass", "pass", "trump S")
    assert (hand.phase, hand.to_act, len(hand.hands[1])) == (tf.Phase.KITTY, 1, 8)
    stock = len(hand.stock)
    hand = hand.apply(tf.Discard(hand.hands[1][:4]))  # one more than the kitty: one drawn
    assert hand.phase is tf.Phase.PLAY and len(hand.hands[1]) == 5
    assert len(hand.stock) == stock - 1 and hand.drawn == (None, hand.drawn[1], None, None)


def test_bidder_only_without_a_kitty_exchanges_nothing() -> None:
    """K6 defines ``draw="bidder-only"`` as "only the bidder, through the kitty": with
    ``kitty=0`` there is no kitty to exchange through, so nobody exchanges: the play
    starts as soon as trumps are named, every seat with the five cards it was dealt, and
    the whole stock is left (32 cards at four players)."""
    variant = A45.with_options(draw="bidder-only")
    dealt = tf.new_bidding_hand(variant, players=4, dealer=3, seed=5)
    hand = act(dealt, "pass", "bid 15", "pass", "pass", "trump S")
    assert (hand.phase, hand.to_act) == (tf.Phase.PLAY, 2)  # left of the bidder leads
    assert hand.hands == dealt.hands and len(hand.stock) == 32
    assert tf.bidding.max_draw(variant.bidding, 4, bidder=True) == 0
    assert tf.bidding.draw_sequence(variant.bidding, 4, dealer=3, bidder=1) == ()


def test_trumps_named_after_the_kitty_discard() -> None:
    """K3 (IMP-110a order): with trump_before_kitty=False the winner sees the kitty and
    discards before naming trumps."""
    variant = NL.with_options(trump_before_kitty=False)
    hand = act(tf.new_bidding_hand(variant, players=4, dealer=3, seed=5), "bid 20", "pass",
               "pass", "pass")
    assert hand.phase is tf.Phase.KITTY and hand.view(0).kitty == hand.kitty
    assert refusal(hand, tf.NameTrump("S"))[0] == "no-trump-to-name"  # type: ignore[index]
    hand = hand.apply(tf.Discard(hand.hands[0][:3]))
    assert hand.phase is tf.Phase.TRUMP


# -- the play (§3.5) ---------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "leader"), [("left-of-bidder", 2), ("bidder", 1), ("eldest", 0)])
def test_p1_the_first_lead(rule: str, leader: int) -> None:
    hand = act(tf.new_bidding_hand(A45.with_options(first_lead=rule), players=4, dealer=3,
                                   seed=5), "pass", "bid 15", "pass", "pass", "trump S")
    hand = stand_pat(hand)
    assert (hand.phase, hand.to_act, hand.leader) == (tf.Phase.PLAY, leader, leader)


def test_the_play_follows_the_family_rules_and_the_trick_winner() -> None:
    """§2.7, §3.5: legality and the trick are the library's one decision (the same as
    ``legal_moves`` and ``trick_winner``); plain leads are free in American 110."""
    for variant in (A45, tf.AMERICAN_110):
        for seed in range(6):
            hand = stand_pat(act(tf.new_bidding_hand(variant, players=4, dealer=3, seed=seed),
                                 "bid 15", "pass", "pass", "pass", "trump H"))
            while not hand.is_over:
                seat = hand.to_act
                expected = tf.legal_moves(hand.hands[seat], hand.current_trick, trump="H",
                                          variant=variant)
                assert hand.legal_actions() == tuple(tf.Play(c) for c in expected)
                hand = hand.apply(hand.legal_actions()[-1])
                if not hand.current_trick:
                    t = hand.tricks[-1]
                    at = tf.trick_winner(t.cards, trump="H", variant=variant)
                    assert t.winner == (t.leader + at) % 4


# -- a hand's score (§3.6, §9.3) ---------------------------------------------------------


def contract_hand(variant: tf.Variant, bid: str, trump: str, *, players: int = 4,
                  dealer: int | None = None, hands: dict[int, str] | None = None,
                  scores: tuple[int, ...] | None = None, bidder: int = 0) -> tf.BiddingHand:
    """``bidder`` bids ``bid``, the others pass, trumps named, the kitty put back (the
    bidder keeps his five), everybody else stands pat."""
    dealer = players - 1 if dealer is None else dealer
    hand = deal(variant, players=players, dealer=dealer, hands=hands, scores=scores)
    while hand.phase is tf.Phase.AUCTION:
        hand = hand.apply(tf.parse_action(bid) if hand.to_act == bidder else tf.Pass())
    while hand.phase is not tf.Phase.PLAY:
        if hand.phase is tf.Phase.TRUMP:
            hand = hand.apply(tf.NameTrump(trump))
        elif hand.phase is tf.Phase.KITTY:
            hand = hand.apply(tf.Discard(hand.hands[bidder][5:]))
        else:
            hand = hand.apply(hand.legal_actions()[0])
    return hand


@pytest.mark.parametrize(("bid", "tricks", "bonus", "gains"), [
    ("bid 20", (3, 2), 0, (20, 10)),   # EX-S01: made exactly
    ("bid 15", (4, 1), 0, (25, 5)),    # EX-S02: overtricks count
    ("bid 25", (3, 2), 0, (-25, 10)),  # EX-S03: set
    ("bid 20", (3, 2), 1, (-20, 15)),  # EX-S04: the bonus decides the bid
])
def test_ex_s01_to_s04_made_and_set(bid: str, tricks: tuple[int, int], bonus: int,
                                     gains: tuple[int, int]) -> None:
    """EX-S01..S04 (BICA45, MVCS): side A (P0, P2) bids; the bidders score what they took
    or lose the bid; the defenders keep what they took."""
    for seed in SEEDS:
        start = tf.new_bidding_hand(A45, players=4, dealer=3, seed=seed)
        hand = stand_pat(act(start, bid, "pass", "pass", "pass", "trump S"))
        line = find_plays(hand, tricks, bonus_side=bonus, budget=20_000)
        if line is None:
            continue
        out = act(hand, *line).outcome
        assert out is not None and out.gains == gains and out.made is (gains[0] > 0)
        assert out.bidder == 0 and out.bid == int(bid.split()[1])
        return
    pytest.fail("no deal found")


def test_ex_s06_all_five_tricks_without_a_trump() -> None:
    """EX-S06 [I]: a bid of 30, all five tricks, no trump played (25 points): made (+60)
    under thirty_bid="sixty" (AUCTION_45's reading), set (-30) as a plain points bid."""
    hands = {0: "KD QD JD TD 9D", 1: "8D 7D 6D 5D 4D"}
    for rule, gain in (("sixty", 60), ("plain", -30)):
        variant = A45.with_options(thirty_bid=rule)
        hand = contract_hand(variant, "bid 30", "S", players=2, hands=hands)
        out = play_out(hand, (5, 0)).outcome
        assert out is not None and out.side_points == (25, 0) and out.best_trump is None
        assert out.gains[0] == gain, rule  # type: ignore[index]


@pytest.mark.parametrize(("measure", "gains"), [("points", (15, 15)), ("tricks", (-15, 15))])
def test_ex_s07_points_or_tricks(measure: str, gains: tuple[int, int]) -> None:
    """EX-S07: A bids 15 and takes 2 tricks with the best trump (15 points)."""
    variant = A45.with_options(bid_measure=measure)
    for seed in SEEDS:
        hand = stand_pat(act(tf.new_bidding_hand(variant, players=4, dealer=3, seed=seed),
                             "bid 15", "pass", "pass", "pass", "trump S"))
        line = find_plays(hand, (2, 3), bonus_side=0, budget=20_000)
        if line is not None:
            assert act(hand, *line).outcome.gains == gains  # type: ignore[union-attr]
            return
    pytest.fail("no deal found")


def test_ex_s09_no_points_on_defence_at_90() -> None:
    """EX-S09 (WNH, cut-throat): X on 95 defending takes 2 tricks and scores 0; Y on 40
    takes 1 and scores 5."""
    variant = A45.with_options(defender_limit="no-score", defender_threshold=90)
    for seed in SEEDS:
        start = tf.new_bidding_hand(variant, players=3, dealer=1, seed=seed, scores=(95, 40, 0))
        hand = stand_pat(act(start, "bid 15", "pass", "pass", "trump S"))  # P2 bids
        line = find_plays(hand, (2, 1, 2), bonus_side=2, budget=20_000)
        if line is not None:
            out = act(hand, *line).outcome
            assert out is not None and out.gains == (0, 5, 15)
            return
    pytest.fail("no deal found")


def test_ex_s11_and_s12_the_irish_lower_bid_cap_and_the_60() -> None:
    """EX-S11 (PAG55): 25 bid, all five with the best: +30. EX-S12 (G55 + [I]): 60 bid, all
    five: +60; four: -60."""
    top = {0: "5H JH AH KH QH", 1: "2D 3D 4D 6D 7D", 2: "2S 3S 4S 6S 7S"}
    for bid, tricks, gain in (("bid 25", (5, 0, 0), 30), ("bid 60", (5, 0, 0), 60)):
        hand = contract_hand(tf.ONE_TEN, bid, "H", players=3, hands=top)
        assert act(hand).view(0).contract == int(bid.split()[1])
        out = play_out(hand, tricks).outcome
        assert out is not None and out.gains[0] == gain  # type: ignore[index]
    weaker = {0: "5H JH AH KH 2C", 1: "AC 3C 4C 6C 7C", 2: "2D 3D 4D 6D 7D"}
    hand = contract_hand(tf.ONE_TEN, "bid 60", "H", players=3, hands=weaker)
    out = play_out(hand, (4, 1, 0)).outcome
    assert out is not None and out.gains[0] == -60  # type: ignore[index]


def test_ex_s13_and_s14_american_110() -> None:
    """EX-S13 (IMP-110b): the moon with 4 tricks and the best trump: -60 (+60 with all
    five). EX-S14: only the bidder can lose: X bids 15 and takes 10, Y 15, Z 5."""
    hands = {0: "5H JH JK AH 2C", 1: "AC 3C 4C 6C 7C"}
    hand = contract_hand(tf.AMERICAN_110, "bid 60", "H", players=2, dealer=1, hands=hands)
    out = play_out(hand, (4, 1), bonus_side=0).outcome
    assert out is not None and out.gains == (-60, 5)
    for seed in SEEDS:
        start = tf.new_bidding_hand(tf.AMERICAN_110, players=3, dealer=2, seed=seed)
        hand = stand_pat(act(start, "bid 15", "pass", "pass", "trump S"))
        line = find_plays(hand, (2, 2, 1), bonus_side=1, budget=20_000)
        if line is not None:
            assert act(hand, *line).outcome.gains == (-15, 15, 5)  # type: ignore[union-attr]
            return
    pytest.fail("no deal found")


def test_ex_s15_no_trump_played_at_all() -> None:
    """EX-S15 (W45, IMP-110b): five tricks, no trump played (spades, none dealt): A 3
    tricks, B 2: 15 and 10, 25 in all, no bonus."""
    hands = {0: "KD QD JD 2C 3C", 1: "TD 9D 8D KC QC"}
    hand = contract_hand(A45, "bid 15", "S", players=2, hands=hands)
    out = play_out(hand, (3, 2), no_trump=True).outcome
    assert out is not None and out.side_points == (15, 10) and out.best_trump_trick is None
    assert out.gains == (15, 10) and out.points is not None and sum(out.points) == 25


def test_b12_a_bidder_on_85_loses_the_bonus_and_with_it_the_bid() -> None:
    """B12 (IMP-110a, bonus_cutoff=85): the bid winner who starts the hand on 85 or more
    gets no best-trump bonus; nobody else gets it, and it no longer counts toward the bid:
    20 bid, three tricks and the best trump is 20 on 0, but 15 (set) on 90."""
    variant = tf.ONE_TEN.with_options(bonus_cutoff=85)
    hands = {0: "5H JH AH 2C 3C", 1: "KC QC 4D 6D 7D", 2: "2S 3S 4S 6S 7S"}
    for scores, gain in (((0, 0, 0), 20), ((90, 0, 0), -20)):
        hand = contract_hand(variant, "bid 20", "H", players=3, hands=hands, scores=scores)
        out = play_out(hand, (3, 2, 0), bonus_side=0 if scores[0] < 85 else None).outcome
        assert out is not None and out.gains[0] == gain, scores  # type: ignore[index]
        assert out.bonus_forfeited is (scores[0] >= 85)


def test_a_bonus_lost_to_the_cutoff_keeps_the_best_trump() -> None:
    """Issue 19, B12 (IMP-110a): the bonus lost to ``bonus_cutoff`` is lost, but the fact
    stays: the outcome still names the highest trump played (5H) and its trick, marks the
    bonus forfeited, and counts no bonus in anyone's points; the narration says so."""
    variant = tf.ONE_TEN.with_options(bonus_cutoff=85)
    hands = {0: "5H JH AH 2C 3C", 1: "KC QC 4D 6D 7D", 2: "2S 3S 4S 6S 7S"}
    found = {}
    for scores in ((0, 0, 0), (90, 0, 0)):
        hand = contract_hand(variant, "bid 20", "H", players=3, hands=hands, scores=scores)
        done = play_out(hand, (3, 2, 0), bonus_side=0 if scores[0] < 85 else None)
        out = done.outcome
        assert out is not None and out.best_trump == C("5H")
        assert done.tricks[out.best_trump_trick].winner == 0  # type: ignore[index]
        assert done.hand_score is not None
        found[scores[0]] = (out.bonus_forfeited, out.side_points, out.points,
                            done.hand_score.bonus_trick is None,
                            done.hand_score.forfeited_trick == out.best_trump_trick)
        told = Narrator(variant, 3).lines(done.events)
        said = [x for x in told if x.startswith("  The best trump, 5H, was in trick")]
        assert said and said[0].endswith(
            "its bonus is forfeited (bonus_cutoff): nobody scores it." if scores[0] >= 85
            else "that trick scores double."), said
    assert found[0] == (False, (20, 10, 0), (20, 10, 0), False, False)
    assert found[90] == (True, (15, 10, 0), (15, 10, 0), True, True)


def test_s1_nova_scotia_defenders_on_100_do_not_peg_against_a_made_bid() -> None:
    """S1 (IMP-NS, "no pegging"): B on 100 defends against a made bid: it scores 0."""
    for seed in SEEDS:
        start = tf.new_bidding_hand(tf.NOVA_SCOTIA_45, players=4, dealer=3, seed=seed,
                                    scores=(0, 100))
        hand = stand_pat(act(start, "bid 20", "pass", "pass", "pass", "trump S"))
        line = find_plays(hand, (3, 2), bonus_side=0, budget=20_000)
        if line is not None:
            assert act(hand, *line).outcome.gains == (20, 0)  # type: ignore[union-attr]
            return
    pytest.fail("no deal found")


# -- hidden information, refusals, records -----------------------------------------------


@settings(max_examples=60)
@given(variant=bidding_variants(), data=st.data())
def test_a_seats_view_does_not_depend_on_cards_it_cannot_see(
    variant: tf.Variant, data: st.DataObject
) -> None:
    """The re-deal test (tests/test_hidden.py) for the bidding games, every preset and
    random options: re-deal the cards a seat has not seen (other hands, the kitty, the
    stock, extra cards), replay the same actions, and the seat's whole view (phase,
    ``to_act``, legal actions, counts, history) is equal; a seat to act is refused alike."""
    counts = players_for(variant)
    if not counts:
        return
    players = data.draw(st.sampled_from(counts), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    line = random_hand(variant, players, seed)
    rng = random.Random(seed)
    prefixes = sorted({0, *rng.sample(range(len(line)), min(4, len(line)))})
    compared = 0
    for k in prefixes:
        state = line[k][0]
        actions = [a for _, a in line[:k]]
        for seat in range(players):
            keep = seen_cards(line, k, seat)
            expected = state.view(seat)
            for _ in range(2):
                deck = redeal(state.deck, keep, rng)
                other = tf.new_bidding_hand(variant, players=players, dealer=state.dealer,
                                            deck=deck)
                try:
                    other = act(other, *actions)
                except tf.IllegalActionError:
                    continue  # the public history rules this deal out
                got = other.view(seat)
                assert got == expected, [
                    (f, x, y) for f, x, y in zip(expected._fields, expected, got) if x != y]
                if expected.to_act == seat:
                    for action in candidates(state, seat):
                        assert refusal(state, action) == refusal(other, action), action
                compared += 1
    assert compared >= players


@settings(max_examples=40)
@given(variant=bidding_variants(), data=st.data())
def test_every_refusal_has_a_documented_code_and_changes_nothing(
    variant: tf.Variant, data: st.DataObject
) -> None:
    """DESIGN.md "one check per action": on random states of random hands, every action
    is accepted exactly when offered, and refused otherwise with a code of
    ``REFUSAL_CODES`` (its BIDDING.md rule and sources, ``BIDDING_CODES``), the legal
    actions, and no change."""
    counts = players_for(variant)
    if not counts:
        return
    players = data.draw(st.sampled_from(counts), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    everything = every_action(variant.ranking.deck())
    for state, _ in random_hand(variant, players, seed)[::3]:
        legal = state.legal_actions()
        before = state.record()
        for action in everything + list(legal[:5]):
            if action in legal:
                state.apply(action)
                continue
            with pytest.raises(tf.IllegalActionError) as caught:
                state.apply(action)
            err = caught.value
            info = tf.errors.BIDDING_CODES[err.code]  # its BIDDING.md section
            assert (err.rule, err.sources) == (info.rule, info.sources), err.code
            assert err.legal == legal and err.action == action and err.reason
            assert err.seat == state.to_act == err.expected_seat
        assert state.record() == before
        check_hand(state)


def test_out_of_turn_and_a_bad_seat() -> None:
    hand = tf.new_bidding_hand(A45, players=4, dealer=3, seed=1)
    with pytest.raises(tf.IllegalActionError) as caught:
        hand.apply(tf.Pass(), seat=2)
    assert (caught.value.code, caught.value.expected_seat) == ("out-of-turn", 0)
    with pytest.raises(tf.IllegalActionError) as caught:
        hand.apply(tf.Pass(), seat="0")  # type: ignore[arg-type]
    assert caught.value.code == "not-a-seat"
    with pytest.raises(tf.IllegalActionError) as caught:
        hand.apply("pass")  # type: ignore[arg-type]
    assert caught.value.code == "not-an-action"
    with pytest.raises(tf.InvalidSeatError):
        hand.view(4)


def test_a_bidding_action_in_a_turn_up_hand_is_refused_as_not_of_that_game() -> None:
    state = tf.new_hand(tf.TWENTY_FIVE, players=3, dealer=2, seed=2)
    assert state.phase is tf.Phase.ROB  # the round of rob prompts, where it used to fall through
    codes = set()
    for action in (tf.Bid(20), tf.NameTrump("H"), tf.Discard(), tf.Take("2C")):
        with pytest.raises(tf.IllegalActionError) as caught:
            state.apply(action)
        codes.add(caught.value.code)
        assert f"{type(action).__name__} is an action of the bidding games, not of Twenty-Five" in (
            caught.value.reason)
        assert caught.value.legal == state.legal_actions()
    assert codes == {"not-an-action"}


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_records_replay_to_equal_hands(variant: tf.Variant) -> None:
    """``replay(record())`` rebuilds the hand, through JSON, at every step; a hand of a
    game keeps the sides' scores before it (they decide near-end bids)."""
    players = players_for(variant)[-1]
    scores = (30,) + (0,) * (len(variant.table.sides(players)) - 1)
    for state, _ in random_hand(variant, players, 11, scores=scores):
        data = json.loads(json.dumps(state.record()))
        assert data["scores"][0] == 30
        assert tf.replay(data) == state
    state = tf.new_bidding_hand(variant, players=players, seed=2)
    assert "scores" not in state.record() and tf.replay(state.record()) == state


def test_hands_are_values() -> None:
    a = tf.new_bidding_hand(A45, players=4, dealer=3, seed=5)
    b = tf.new_hand(A45, players=4, dealer=3, seed=5)
    assert a == b and hash(a) == hash(b)
    c = a.apply(tf.Bid(15))
    assert c != a and a.to_act == 0 and a.history == ()
    for copied in (pickle.loads(pickle.dumps(c)), copy.copy(c), copy.deepcopy(c)):
        assert copied == c and copied.legal_actions() == c.legal_actions()
    with pytest.raises(AttributeError):
        a.to_act = 1  # type: ignore[misc]
    assert "Auction Forty-Fives" in repr(c) and "seat 1 to act" in repr(c)


def test_a_view_and_an_outcome_read_back_from_json() -> None:
    line = random_hand(NL, 4, 3)
    for state, _ in line[:: max(1, len(line) // 6)]:
        for seat in range(4):
            view = state.view(seat)
            data = json.loads(json.dumps(tf.to_json(view)))
            assert data["format"] == 1 and tf.from_json(data, tf.BiddingView) == view
        for event in state.events:
            assert tf.from_json(tf.to_json(event), tf.events.AnyEvent) == event
    out = line[-1][0].outcome
    assert tf.from_json(json.loads(json.dumps(tf.to_json(out))), tf.HandOutcome) == out


def test_a_committed_hand_publishes_its_commitment() -> None:
    hand = tf.new_bidding_hand(A45, players=4, seed=1, commit=True)
    assert hand.commitment is not None and hand.view(2).commitment == hand.commitment
    record = act(hand, "bid 20").record()
    assert tf.replay(record, commitment=hand.commitment).commitment == hand.commitment


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_random_hands_keep_the_invariants(variant: tf.Variant) -> None:
    for players in players_for(variant):
        for seed in range(4):
            for state, _ in random_hand(variant, players, seed):
                check_hand(state)


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_ex_m01_no_deal_is_ever_wrong_and_a_wrong_deck_is_refused(variant: tf.Variant) -> None:
    """EX-M01 (DOC45, IMP-NL; ``misdeal="redeal"``): a deal with the wrong number of cards
    is dealt again by the same dealer. The engine deals from a checked deck, so no deal is
    ever wrong: five cards a seat and the kitty its size, at every table size, for every
    dealer; and a deck that could give a wrong deal (a card missing or twice) is refused
    before anything is dealt, the scores untouched."""
    kitty = variant.bidding.kitty  # type: ignore[union-attr]
    for players in range(variant.table.min_players, variant.table.max_players + 1):
        try:
            variant.table.side_count(players)
        except tf.PlayerCountError:
            continue
        for dealer in range(players):
            hand = tf.new_hand(variant, players=players, dealer=dealer, seed=players * 10 + dealer)
            assert [len(h) for h in hand.hands] == [5] * players
            assert len(hand.kitty) == kitty
            assert hand.dealer == dealer
    deck = list(tf.new_hand(variant, players=4 if variant.table.max_players >= 4 else 2,
                            seed=1).deck)
    deck[5] = deck[6]  # one card twice, one missing: P1 would hold a wrong hand
    with pytest.raises(tf.InvalidDeckError):
        tf.new_hand(variant, players=4 if variant.table.max_players >= 4 else 2, deck=deck)


@pytest.mark.parametrize(("action", "code"), [
    (tf.Rob("AH"), "no-turn-up"), (tf.DeclineRob(), "no-turn-up"), (tf.Claim(), "no-claim-now"),
    (tf.Jink(), "no-claim-now"), (tf.AskFive(), "no-fiving"),
])
def test_a_turn_up_action_in_a_bidding_hand_is_refused_in_words(action: tf.Action,
                                                                 code: str) -> None:
    """BIDDING.md §2.2, §2.4: the reason says why, without the class name the message
    already gives ("Rob('AH') is not allowed: there is no turn-up ...")."""
    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    with pytest.raises(tf.IllegalActionError) as caught:
        hand.apply(action)
    assert caught.value.code == code
    assert not caught.value.reason.startswith(type(action).__name__), caught.value.reason
    assert str(caught.value).startswith(f"{action!r} is not allowed: {caught.value.reason}")
