"""The rule of thumb's bidding margin and the rollout bot's base policy (issue 20)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_search_rollout import _spots, _stacked

import trumpfamily as tf
from trumpfamily.players import BID_MARGINS, calibrated_margin
from trumpfamily.search import RolloutPlayer, sample_deal
from trumpfamily.search.rollout import _SidePolicy
from trumpfamily.tournament import bot_factory


def test_the_margin_moves_the_bid() -> None:
    """The stacked hand's hearts are worth 29.625 points by the rule of thumb's count: it
    bids the highest amount with ``amount + margin <= 29.625`` (30 is the all-five bid in
    Auction 45s, bid on a near-sure sweep only, whatever the margin)."""
    view = _stacked().view(0)
    want = {-5: tf.Bid(25), 0: tf.Bid(25), 4.625: tf.Bid(25), 4.7: tf.Bid(20), 5: tf.Bid(20),
            9.625: tf.Bid(20), 10: tf.Bid(15), 14.625: tf.Bid(15), 15: tf.Pass(),
            20: tf.Pass()}
    for margin, action in want.items():
        player = tf.RuleOfThumbPlayer(bid_margin=margin)
        got, reason = player.choose_with_reason(view)
        assert player.choose(view) == got == action, margin
        assert ("margin" in reason) == (margin != 0)
    assert tf.RuleOfThumbPlayer().choose(view) == tf.Bid(25)


def test_the_margin_reads_only_the_auction() -> None:
    """Every decision but a call is the plain rule of thumb's, whatever the margin."""
    for state in _spots(tf.AUCTION_45, 4, seed=3) + _spots(tf.ONE_TEN, 3, seed=4):
        view = state.view(state.to_act)
        if view.phase is tf.Phase.AUCTION:
            continue
        assert (tf.RuleOfThumbPlayer(bid_margin=-7.5).choose(view)
                == tf.RuleOfThumbPlayer().choose(view))


def test_calibrated_margins() -> None:
    assert calibrated_margin(tf.AUCTION_45, 4) == BID_MARGINS[("Auction Forty-Fives", 4)]
    assert calibrated_margin(tf.ONE_TEN, 3) == BID_MARGINS[("One Hundred and Ten", 3)]
    assert calibrated_margin(tf.ONE_TEN, 4) == BID_MARGINS[("One Hundred and Ten", 4)]
    assert calibrated_margin(tf.ONE_TEN, 5) == 0.0  # a table not measured
    assert calibrated_margin(tf.SPOIL_FIVE, 4) == 0.0  # not a bidding game
    assert calibrated_margin("Auction Forty-Fives", 4) == 0.0  # not a variant
    for (name, players), margin in BID_MARGINS.items():
        variant = tf.find_variant(name)
        assert players in variant.player_counts()
        assert calibrated_margin(variant, players) == margin
    # a preset with an option changed was not measured: no margin
    changed = tf.AUCTION_45.with_options(rob_pack=not tf.AUCTION_45.options()["rob_pack"])
    assert changed.name == tf.AUCTION_45.name and calibrated_margin(changed, 4) == 0.0
    # "calibrated" reads the view's variant and table
    for variant, players in ((tf.AUCTION_45, 4), (tf.ONE_TEN, 3)):
        state = next(s for s in _spots(variant, players, seed=1) if s.phase is tf.Phase.AUCTION)
        seat_view = state.view(state.to_act)
        margin = calibrated_margin(variant, players)
        assert (tf.RuleOfThumbPlayer(bid_margin="calibrated").choose_with_reason(seat_view)
                == tf.RuleOfThumbPlayer(bid_margin=margin).choose_with_reason(seat_view))


class _Shifty:
    """Answers every comparison with an error (a hostile ``__eq__``)."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("asked")

    __hash__ = object.__hash__


class _Always:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


@pytest.mark.parametrize("bad", ["calibrate", "Calibrated", "3", float("nan"), float("inf"),
                                 60.5, -61, 10 ** 400, True, None, [3.0], _Shifty(),
                                 _Always(), b"calibrated"])
def test_a_bad_margin_is_refused(bad: Any) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="RuleOfThumbPlayer: bid_margin="):
        tf.RuleOfThumbPlayer(bid_margin=bad)
    with pytest.raises(tf.InvalidArgumentError, match="ContextRuleOfThumbPlayer: bid_margin="):
        tf.ContextRuleOfThumbPlayer(bid_margin=bad)
    with pytest.raises(tf.InvalidArgumentError, match="RolloutPlayer: bid_margin="):
        RolloutPlayer(bid_margin=bad)


@pytest.mark.parametrize("key", ["draw", "play", "objective"])
@pytest.mark.parametrize("bad", [_Shifty(), _Always(), b"rollout", None, 3])
def test_the_rollout_words_are_checked_by_type_first(key: str, bad: Any) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=f"RolloutPlayer: {key}="):
        RolloutPlayer(**{key: bad})


def test_a_number_of_a_float_subclass_is_a_margin() -> None:
    class Points(float):
        pass

    player = tf.RuleOfThumbPlayer(bid_margin=Points(2.5))
    assert player.bid_margin == 2.5 and type(player.bid_margin) is float
    with pytest.raises(AttributeError):
        player.bid_margin = "Calibrated"  # type: ignore[misc,assignment]  # read-only: checked once


def test_calibrated_margin_checks_the_table() -> None:
    for bad in ([4], "4", 4.0, None):
        with pytest.raises(tf.InvalidArgumentError, match="players="):
            calibrated_margin(tf.AUCTION_45, bad)  # type: ignore[arg-type]


def test_the_context_rule_of_thumb_takes_a_margin() -> None:
    view = _stacked().view(0)
    player = tf.ContextRuleOfThumbPlayer(bid_margin=10, warn_fallback=False)
    assert player.choose(view) == player.choose_with_reason(view)[0] == tf.Bid(15)
    made = bot_factory("context-rule-of-thumb:bid_margin=10,warn_fallback=false")(1)
    assert isinstance(made, tf.ContextRuleOfThumbPlayer) and made.choose(view) == tf.Bid(15)


def test_the_rollout_reason_names_its_base_policy() -> None:
    """Bidding 30 with the five best hearts gains 30 points over a bid of 25 in every world
    (no spread, so any guard passes it): the reason names the action it beat, the base
    policy's. Over the base policy's 20 (margin 5) the gain varies, and a guard of 10**6
    keeps the base policy's call."""
    view = _stacked().view(0)
    for margin, words in ((0.0, "over the rule of thumb's bid 25,"),
                          ("calibrated", "over the base policy's (bid margin calibrated) bid 25,")):
        bot = RolloutPlayer(worlds=4, batch=2, seed=1, guard=1e6, bid_margin=margin)
        action, reason = bot.choose_with_reason(view)
        assert action == tf.Bid(30) and words in reason, reason
    bot = RolloutPlayer(worlds=4, batch=2, seed=1, guard=1e6, bid_margin=5)
    action, reason = bot.choose_with_reason(view)
    assert action == tf.Bid(20)
    assert reason.startswith("the base policy's (bid margin +5) bid 20: no other of 5 ")


def test_the_names_take_a_margin() -> None:
    made = bot_factory("rule-of-thumb:bid_margin=calibrated")(1)
    assert isinstance(made, tf.RuleOfThumbPlayer) and made.bid_margin == "calibrated"
    assert repr(made) == "RuleOfThumbPlayer(bid_margin='calibrated')"
    assert repr(tf.RuleOfThumbPlayer()) == "RuleOfThumbPlayer()"
    rolled = bot_factory("rollout:bid_margin=2.5,draw=rule-of-thumb")(1)
    assert isinstance(rolled, RolloutPlayer) and rolled.base.bid_margin == 2.5
    assert rolled.draw == "rule-of-thumb"
    assert tf.ContextRuleOfThumbPlayer().bid_margin == 0.0


def test_the_rollout_bot_keeps_its_base_policy_under_a_high_guard() -> None:
    """No candidate clears a guard of 10**6 standard errors unless it gains the same in
    every world: the searched calls are the base policy's (the margin's bid included)."""
    kept = 0
    for seed in range(3):
        for state in _spots(tf.AUCTION_45, 4, seed=seed):
            view = state.view(state.to_act)
            if view.phase is not tf.Phase.AUCTION:
                continue
            bot = RolloutPlayer(worlds=6, batch=3, seed=1, guard=1e6, bid_margin=-8)
            action, reason = bot.choose_with_reason(view)
            if "no other of" in reason:
                assert action == tf.RuleOfThumbPlayer(bid_margin=-8).choose(view)
                kept += 1
    assert kept >= 6


def test_the_side_policy() -> None:
    """The base policy for the bot's side, the plain rule of thumb for the others."""
    base = tf.RuleOfThumbPlayer(bid_margin=-20)
    policy = _SidePolicy(base, frozenset({0, 2}))
    changed = 0
    for state in _spots(tf.AUCTION_45, 4, seed=2) + _spots(tf.AUCTION_45, 4, seed=6):
        view = state.view(state.to_act)
        want = (base if view.seat in (0, 2) else tf.RuleOfThumbPlayer()).choose(view)
        assert policy.choose(view) == want
        changed += base.choose(view) != tf.RuleOfThumbPlayer().choose(view)
    assert changed > 0  # the margin changed some calls


def test_the_bot_with_a_margin_reads_only_its_view() -> None:
    """Re-deal the cards the seat cannot see: the same choice, with a calibrated base."""
    for variant, players in ((tf.AUCTION_45, 4), (tf.ONE_TEN, 3)):
        for state in {s.phase: s for s in _spots(variant, players, seed=8)}.values():
            view = state.view(state.to_act)
            other = sample_deal(view, rng=random.Random(5))
            assert other.view(view.seat)[:-2] == view[:-2]

            def make() -> RolloutPlayer:
                return RolloutPlayer(worlds=6, batch=3, seed=2, guard=0.5,
                                     bid_margin="calibrated", play="rollout")
            assert make().choose(view) == make().choose(other.view(view.seat))
