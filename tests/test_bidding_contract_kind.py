"""What a contract is: the kind of a bid, which its amount does not tell (BIDDING.md §3.6
B9, §5.3, §6; issue 19).

Every bid above the ladder is entered as ``Bid(60)`` (``EXTRA_BID``) and counts 60, but a
WFF slam scores +120 / −60 and an IMP-110b moon ±60: the contract's kind
(:data:`~trumpfamily.bidding.ContractKind`, the names of option ``extra_bid``) tells them
apart in the contract, the events, the view, the outcome, the narration and the JSON.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from biddingkit import act

import trumpfamily as tf
from trumpfamily.bidding import Contract, contract_kind
from trumpfamily.events import AuctionWon, BidMade
from trumpfamily.narrate import Narrator

SLAM = tf.AUCTION_45.with_options(extra_bid="slam")
MOON = tf.AUCTION_45.with_options(extra_bid="moon")


def _sixty(variant: tf.Variant) -> tuple[tf.BiddingHand, list[Any]]:
    """P0 bids 60, the others pass; P0 names spades and everyone stands pat; the first
    legal card until the end. Every event collected."""
    hand = tf.new_bidding_hand(variant, players=4, dealer=3, seed=2)
    told = list(hand.events)
    for action in ("bid 60", "pass", "pass", "pass", "trump S", "discard", "discard",
                   "discard", "discard"):
        hand = hand.apply(tf.parse_action(action))
        told += hand.events
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[0])
        told += hand.events
    return hand, told


@pytest.mark.parametrize(("extra", "kind"), [
    ("slam", "slam"), ("moon", "moon"), ("thirty-for-sixty", "thirty-for-sixty"),
    (None, "bid"),
])
def test_contract_kind_names_the_extra_bid(extra: str | None, kind: str) -> None:
    """§3.6 B9: the bid above the ladder is named as ``extra_bid`` names it; every bid of
    the ladder, the all-five 30 included, is a ``"bid"``."""
    bidding = tf.AUCTION_45.with_options(extra_bid=extra).bidding
    assert bidding is not None
    assert contract_kind(bidding, 60) == kind
    assert [contract_kind(bidding, a) for a in (15, 20, 25, 30)] == ["bid"] * 4
    sixty = tf.FIFTY_FIVE.bidding
    assert sixty is not None and contract_kind(sixty, 60) == "sixty"


def test_a_slam_and_a_moon_differ_everywhere_though_both_are_60() -> None:
    """Issue 19: the same auction, ``Bid(60)`` won in both, but a slam is not a moon: the
    contract, the BidMade and AuctionWon events, every seat's view and the outcome say
    which, and the score follows it (a slam made: +120; a moon made: +60; §3.6, §6)."""
    results = {}
    for variant, kind in ((SLAM, "slam"), (MOON, "moon")):
        hand = tf.new_bidding_hand(variant, players=4, dealer=3, seed=2)
        won = act(hand, "bid 60", "pass", "pass", "pass")
        assert won.contract == Contract(0, 60, kind=kind)
        assert [e for e in won.events if isinstance(e, AuctionWon)] == [
            AuctionWon(0, 60, False, kind)]
        assert won.auction_state.high == Contract(0, 60, kind=kind)
        assert all(won.view(s).contract_kind == kind for s in range(4))
        assert all(won.view(s).contract == 60 for s in range(4))
        bid = act(hand, "bid 60")
        assert bid.events[0] == BidMade(0, 60, False, kind)
        assert bid.view(2).contract_kind is None  # no contract yet
        done, _ = _sixty(variant)
        assert done.outcome is not None
        results[kind] = (done.outcome.bid, done.outcome.bid_kind)
    assert results == {"slam": (60, "slam"), "moon": (60, "moon")}


def test_a_ladder_contract_is_a_bid_and_a_throw_in_has_none() -> None:
    hand = act(tf.new_bidding_hand(SLAM, players=4, dealer=3, seed=2), "bid 20", "pass",
               "pass", "pass")
    assert hand.contract is not None and hand.contract.kind == "bid"
    assert hand.view(1).contract_kind == "bid"
    thrown = act(tf.new_bidding_hand(SLAM, players=4, dealer=3, seed=2), *["pass"] * 4)
    assert thrown.outcome is not None and thrown.outcome.bid_kind is None
    assert thrown.view(0).contract_kind is None


def test_the_dealer_holding_the_moon_holds_a_moon() -> None:
    """EX-B11 (IMP-110b): the dealer may equal the moon; his hold is a moon too."""
    hand = act(tf.new_bidding_hand(tf.AMERICAN_110, players=4, dealer=3, seed=2),
               "bid 60", "pass", "pass", "bid 60")
    assert hand.events[0] == BidMade(3, 60, True, "moon")
    assert hand.contract == Contract(3, 60, kind="moon")


def test_the_kind_is_in_the_json() -> None:
    """The events, the view and the outcome carry the kind in their JSON, and read back."""
    done, told = _sixty(SLAM)
    won = next(e for e in told if isinstance(e, AuctionWon))
    assert tf.to_json(won) == {"seat": 0, "amount": 60, "bagged": False, "kind": "slam",
                               "type": "AuctionWon"}
    assert tf.from_json(json.loads(json.dumps(tf.to_json(won))), tf.events.Event) == won
    assert done.outcome is not None
    data = tf.to_json(done.outcome)
    assert data["bid"] == 60 and data["bid_kind"] == "slam"
    assert tf.from_json(data, tf.HandOutcome) == done.outcome
    view = done.view(1)
    assert tf.to_json(view)["contract_kind"] == "slam"
    assert tf.from_json(json.loads(json.dumps(tf.to_json(view))), tf.BiddingView) == view


def test_the_narration_names_the_kind_from_the_events() -> None:
    """The narration tells a slam from a moon: in the auction's calls, the contract and
    the result, from the events' kind."""
    for variant, kind in ((SLAM, "slam"), (MOON, "moon")):
        _, told = _sixty(variant)
        lines = Narrator(variant, 4).lines(told)
        assert any(x.startswith(f"  Auction: P0 60 ({kind}), P1 pass, P2 pass, P3 pass -> "
                                f"P0 wins the auction at 60 ({kind}: all five tricks).")
                   for x in lines), lines
        assert any(f"the bid was 60 ({kind}: all five tricks)" in x
                   or f"made the bid of 60 ({kind}: all five tricks)" in x for x in lines)
