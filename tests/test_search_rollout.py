"""The rollout bot and the advisor's policy play-out (issue 20 item 6)."""

from __future__ import annotations

import functools
import itertools
import math
import random
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.cards import Card
from trumpfamily.search import (
    RolloutPlayer,
    candidate_actions,
    evaluate_actions,
    sample_deal,
    sample_deals,
    weighted_deals,
)
from trumpfamily.search.rollout import _guarded, _systematic, _upper

PRESETS = [(v, 4 if 4 in v.player_counts() else v.player_counts()[0])
           for v in tf.BIDDING_VARIANTS.values()]
THUMB = tf.RuleOfThumbPlayer()


def _played_out(state: tf.BiddingHand, seat: int) -> float:
    """The margin of ``seat``'s side when the rule of thumb plays ``state`` to its end."""
    while not state.is_over:
        state = state.apply(THUMB.choose(state.view(state.to_act)))
    outcome = state.outcome
    assert outcome is not None and outcome.gains is not None
    side = next(i for i, s in enumerate(outcome.sides) if seat in s)
    return outcome.gains[side] - max(g for i, g in enumerate(outcome.gains) if i != side)


def _spots(variant: tf.Variant, players: int, seed: int) -> list[tf.BiddingHand]:
    """A hand played by the rule of thumb: a state at each decision with a choice."""
    hand = tf.new_hand(variant, players=players, seed=seed)
    out = []
    while not hand.is_over:
        if len(hand.legal_actions()) > 1:
            out.append(hand)
        hand = hand.apply(THUMB.choose(hand.view(hand.to_act)))
    return out


def _stacked() -> tf.BiddingHand:
    """Auction 45s, dealer 3: seat 0 (eldest) holds the five best hearts (5H JH AH KH QH),
    so with hearts trumps its side takes every trick, whatever the others hold."""
    base = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=8)
    deck = list(base.deck)
    for place, card in zip([deck.index(c) for c in base.hands[0]],
                           [Card.parse(t) for t in ("5H", "JH", "AH", "KH", "QH")], strict=True):
        other = deck.index(card)
        deck[place], deck[other] = deck[other], deck[place]
    return tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, deck=tuple(deck))


def test_the_policy_play_out_values_a_stacked_hand() -> None:
    """Five best trumps: Bid(30) ("30 for 60") is +60 in every world, a lower bid +30 (all
    five tricks and the best trump), whatever the others hold; the rule of thumb bids only
    25, and the rollout bot bids 30 then names hearts (+30 after its own 25)."""
    hand = _stacked()
    view = hand.view(0)
    rows = {r.action: r for r in evaluate_actions(view, worlds=12, rng=1, playout="policy",
                                                  objective="margin", inference=0.05)}
    assert (rows[tf.Bid(30)].mean, rows[tf.Bid(30)].ci_low, rows[tf.Bid(30)].ci_high) == (60, 60, 60)
    assert rows[tf.Bid(25)].mean == rows[tf.Bid(20)].mean == rows[tf.Bid(15)].mean == 30
    assert rows[tf.Bid(30)].gap_low == 0 and rows[tf.Bid(25)].gap_low == 30
    assert rows[tf.Pass()].mean < 30
    assert THUMB.choose(view) == tf.Bid(25)
    assert RolloutPlayer(worlds=12, seed=1).choose(view) == tf.Bid(30)
    while hand.phase is tf.Phase.AUCTION:
        hand = hand.apply(THUMB.choose(hand.view(hand.to_act)))
    assert hand.contract is not None and (hand.contract.seat, hand.contract.amount) == (0, 25)
    named = evaluate_actions(hand.view(0), worlds=8, rng=2, playout="policy", objective="margin")
    assert named[0].action == tf.NameTrump(tf.Suit.HEARTS)
    assert (named[0].mean, named[0].ci_low, named[0].ci_high) == (30, 30, 30)
    assert RolloutPlayer(worlds=8, seed=1).choose(hand.view(0)) == tf.NameTrump(tf.Suit.HEARTS)


@pytest.mark.parametrize(("phase", "last"), [(tf.Phase.AUCTION, True), (tf.Phase.DRAW, True),
                                             (tf.Phase.PLAY, False)])
def test_the_policy_play_out_is_the_rule_of_thumb_to_the_end(phase: tf.Phase, last: bool
                                                              ) -> None:
    """``playout="policy"``: each row is the mean over the worlds of the rule of thumb
    playing the hand to its end after the action (uniform worlds: the plain mean;
    ``inference``: the mean weighted by :func:`weighted_deals`'s weights), and not the
    solver's value."""
    spots = _spots(tf.AUCTION_45, 4, seed=5)
    state = next(s for s in (spots[::-1] if last else spots) if s.phase is phase)
    view = state.view(state.to_act)
    seat = view.seat
    few = candidate_actions(view)
    rows = evaluate_actions(view, worlds=5, rng=3, playout="policy", objective="margin",
                            actions=few)
    worlds = sample_deals(view, 5, random.Random(3))
    for row in rows:
        want = sum(_played_out(w.apply(row.action), seat) for w in worlds) / 5
        assert row.mean == pytest.approx(want) and row.worlds == 5
    weighted = evaluate_actions(view, worlds=5, rng=3, playout="policy", objective="margin",
                                inference=0.2, actions=few)
    pairs = weighted_deals(view, 5, epsilon=0.2, rng=random.Random(3))
    assert len({w for _, w in pairs}) > 1  # unequal weights: the weighting is tested
    total = math.fsum(w for _, w in pairs)
    for row in weighted:
        want = math.fsum(w * _played_out(d.apply(row.action), seat) for d, w in pairs) / total
        assert row.mean == pytest.approx(want)
    solved = evaluate_actions(view, worlds=5, rng=3, objective="margin", actions=few)
    assert {r.action: r.mean for r in solved} != {r.action: r.mean for r in rows}


def test_the_weighted_intervals_count_the_effective_worlds() -> None:
    from trumpfamily.search.advisor import _interval, _weighted_interval
    values = [3.0, -1.0, 7.0, 2.0]
    assert _weighted_interval(values, [2.0] * 4) == pytest.approx(_interval(values))
    # weights 2, 1: as the values 3, 3, -1 by their mean, over (3**2)/5 = 1.8 worlds
    mean, low, high = _weighted_interval([3.0, -1.0], [2.0, 1.0])
    assert mean == pytest.approx(5 / 3) and low < mean < high


def test_the_guard_weighs_each_world_by_its_multiplicity() -> None:
    acts = (tf.Pass(), tf.Bid(20), tf.Bid(25))
    table = [[0.0, 5.0, 30.0], [10.0, 16.0, -10.0], [-20.0, -14.0, 10.0]]
    # Bid(20) gains 5, 6, 6 over Pass: clear; Bid(25) more on average but noisy
    assert _guarded(acts, table, [1.0, 1.0, 1.0], tf.Pass(), 2.0) == tf.Bid(20)
    assert _guarded(acts, table, [1.0, 1.0, 1.0], tf.Pass(), None) == tf.Bid(25)
    # a world counted 3 times is the same as three copies of it
    tripled = [table[0]] * 3 + table[1:]
    for guard in (0.5, 2.0, None):
        assert (_guarded(acts, table, [3.0, 1.0, 1.0], tf.Pass(), guard)
                == _guarded(acts, tripled, [1.0] * 5, tf.Pass(), guard))
    assert _guarded(acts, table[:1], [4.0], tf.Pass(), 2.0) == tf.Pass()  # one world: no spread
    assert _guarded(acts, [[0.0, -1.0, -2.0]] * 3, [1.0] * 3, tf.Pass(), None) == tf.Pass()


def test_the_racing_bound_is_the_mean_plus_one_standard_error() -> None:
    # gains 1, -3, -1 over the base: mean -1, sd 2 (n - 1), se 2 / sqrt(3)
    assert _upper([1.0, -3.0, -1.0], [0.0, 0.0, 0.0], [1.0] * 3) == pytest.approx(
        -1 + 2 / math.sqrt(3))
    # weights 2, 1, 1: mean -0.5, weighted variance 2.75, over (2+1+1)**2 / 6 = 8/3
    # effective worlds: se = sqrt(2.75 / (8/3 - 1))
    assert _upper([1.0, -3.0, -1.0], [0.0] * 3, [2.0, 1.0, 1.0]) == pytest.approx(
        -0.5 + math.sqrt(2.75 / (8 / 3 - 1)))
    # values over a prefix of the worlds: the later weights are not read
    assert _upper([4.0, 2.0], [1.0, 1.0, 9.0], [1.0, 1.0, 5.0]) == pytest.approx(2.0 + 1.0)
    assert _upper([3.0], [0.0], [5.0]) == math.inf  # one world: nothing to tell
    assert _upper([2.0, 2.0], [2.0, 2.0], [1.0, 1.0]) == 0.0  # the same as the base: dropped


def test_racing_drops_hopeless_calls_and_keeps_a_clear_one() -> None:
    """Auction 45s, seed 0, seat 2 after a bid of 20: both higher bids lose to a pass on
    the first batch of 8 worlds (``mean + se <= 0``), so they are dropped and the decision
    ends there; ``batch=None`` values every candidate on all 48 worlds (as the bot did
    before racing) and passes too. With the five best hearts (the stacked hand), bidding
    30 gains 30 points in every world over the rule of thumb's 25: it is never dropped,
    and is played after all 48 worlds."""
    state = [s for s in _spots(tf.AUCTION_45, 4, seed=0) if s.phase is tf.Phase.AUCTION][1]
    view = state.view(2)
    assert THUMB.choose(view) == tf.Pass() and len(view.legal_actions) == 3
    raced = RolloutPlayer(worlds=48, batch=8, seed=3)
    action, reason = raced.choose_with_reason(view)
    assert (action, raced.valued, raced.searched) == (tf.Pass(), 8, 1)
    assert "(2 dropped by the racing)" in reason and "over 8 worlds" in reason
    whole = RolloutPlayer(worlds=48, batch=None, seed=3)
    action, reason = whole.choose_with_reason(view)
    assert (action, whole.valued) == (tf.Pass(), 48) and "dropped" not in reason
    strong = _stacked().view(0)
    for batch in (8, None):
        bot = RolloutPlayer(worlds=48, batch=batch, seed=3)
        action, reason = bot.choose_with_reason(strong)
        assert (action, bot.valued, bot.deviations) == (tf.Bid(30), 48, 1)
        assert reason.startswith("bid 30: +30.00 points a world")


def test_systematic_resampling() -> None:
    rng = random.Random(1)
    assert _systematic([0.0, 0.0], 4, rng) is None
    counts = _systematic([0.5, 0.0, 0.25, 0.25], 8, rng)
    assert counts == [4, 0, 2, 2]
    for _ in range(20):
        got = _systematic([rng.random() for _ in range(7)], 5, rng)
        assert got is not None and sum(got) == 5


def test_the_bot_reads_only_its_view() -> None:
    """Re-deal the cards the seat cannot see (the same actions replayed): the same choice
    with the same seed, in every phase met (the play too, with ``play="rollout"``)."""
    phases = set()
    for state in {s.phase: s for s in reversed(_spots(tf.AUCTION_45, 4, seed=8))}.values():
        view = state.view(state.to_act)
        other = sample_deal(view, rng=random.Random(99))
        assert other.view(view.seat)[:-2] == view[:-2] and other != state
        make = lambda: RolloutPlayer(worlds=6, seed=2, guard=0.5, play="rollout")
        assert make().choose(view) == make().choose(other.view(view.seat)) in view.legal_actions
        if view.phase is tf.Phase.PLAY:  # the cards' worlds weighted by the auction, too
            for sampler, plays in itertools.product(("resample", "metropolis"),
                                                    (False, True)):
                read = functools.partial(RolloutPlayer, worlds=6, seed=2, play="pimc",
                                         play_samples=2, play_inference=6,
                                         play_sampler=sampler, play_weigh_plays=plays)
                assert read().choose(view) == read().choose(other.view(view.seat))
        phases.add(view.phase)
    assert {tf.Phase.AUCTION, tf.Phase.TRUMP, tf.Phase.DRAW, tf.Phase.PLAY} <= phases


@pytest.mark.parametrize(("variant", "players"), PRESETS, ids=lambda v: getattr(v, "name", v))
def test_no_fallback_over_random_games(variant: tf.Variant, players: int) -> None:
    """Every decision of every phase is the rollouts' (or the rule of thumb's card): 0
    fallbacks over hands where the other seats play at random half of the time, and the
    bot's choices legal."""
    bot = RolloutPlayer(worlds=3, pool=8, seed=4, play="rollout")
    for seed in range(2):
        rng = random.Random(seed)
        hand = tf.new_hand(variant, players=players, dealer=seed % players, seed=seed)
        while not hand.is_over:
            view = hand.view(hand.to_act)
            legal = view.legal_actions
            if hand.to_act == seed % players:
                action = bot.choose(view)
            else:
                action = (THUMB.choose(view) if rng.random() < 0.5
                          else legal[rng.randrange(len(legal))])
            assert action in legal
            hand = hand.apply(action)
    assert bot.fallbacks == 0 and bot.searched > 0


def test_the_play_options() -> None:
    """``play``: the rule of thumb's card, PIMC's (SampleSolvePlayer), or rollouts."""
    state = next(s for s in _spots(tf.AUCTION_45, 4, seed=5) if s.phase is tf.Phase.PLAY)
    view = state.view(state.to_act)
    thumb = RolloutPlayer(worlds=4, seed=1)
    assert thumb.choose(view) == THUMB.choose(view) and thumb.searched == 0
    pimc = RolloutPlayer(worlds=4, seed=1, play="pimc", play_samples=2)
    assert pimc.choose(view) == tf.SampleSolvePlayer(2, seed=1).choose(view)
    assert pimc.fallbacks == 0
    # play_inference: the PIMC worlds weighted by the auction, as SampleSolvePlayer's
    read = RolloutPlayer(worlds=4, seed=1, play="pimc", play_samples=2, play_inference=6)
    assert read.choose_with_reason(view) == tf.SampleSolvePlayer(
        2, seed=1, inference=6).choose_with_reason(view)
    # play_sampler="metropolis": the same worlds as SampleSolvePlayer's with that sampler,
    # drawn by metropolis_deals (a chain from the heaviest of 16 weighted deals, every
    # 6th step kept for 8 worlds from 64)
    chain = RolloutPlayer(worlds=4, seed=1, play="pimc", play_samples=8, play_inference=64,
                          play_sampler="metropolis")
    solo = tf.SampleSolvePlayer(8, seed=1, inference=64, sampler="metropolis")
    assert chain.choose_with_reason(view) == solo.choose_with_reason(view)
    from trumpfamily.search import bots as bots_module
    drawn: list[Any] = []
    real = bots_module.metropolis_deals

    def spy(*args: Any, **kwargs: Any) -> Any:
        drawn.append(kwargs)
        return real(*args, **kwargs)

    bots_module.metropolis_deals = spy  # type: ignore[assignment]
    try:
        solo.choose(view)
    finally:
        bots_module.metropolis_deals = real
    assert [(k["start"], k["thin"]) for k in drawn] == [(16, 6)]
    # play_weigh_plays: the other sides' cards weighed too, as SampleSolvePlayer's
    plays = RolloutPlayer(worlds=4, seed=1, play="pimc", play_samples=8, play_inference=64,
                          play_weigh_plays=True)
    assert plays.choose_with_reason(view) == tf.SampleSolvePlayer(
        8, seed=1, inference=64, weigh_plays=True).choose_with_reason(view)
    asked: list[Any] = []
    real_weighted = bots_module.weighted_deals

    def weighted_spy(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["plays"])
        return real_weighted(*args, **kwargs)

    bots_module.weighted_deals = weighted_spy  # type: ignore[assignment]
    try:
        plays.choose(view)
        read.choose(view)
    finally:
        bots_module.weighted_deals = real_weighted
    assert asked == [True, False]
    assert "play_weigh_plays=True" in repr(plays)
    with pytest.raises(tf.InvalidArgumentError, match="play_weigh_plays"):
        RolloutPlayer(play_weigh_plays=1)  # type: ignore[arg-type]
    # play_guard: the cards' guard, as SampleSolvePlayer(guard=...)'s
    for guard in (0, 0.5, None):
        loose = RolloutPlayer(worlds=4, seed=1, play="pimc", play_samples=8,
                              play_inference=64, play_guard=guard)
        assert loose.choose_with_reason(view) == tf.SampleSolvePlayer(
            8, seed=1, inference=64, guard=guard).choose_with_reason(view)
    assert RolloutPlayer(play_guard=0).play_guard == 0.0 and "play_guard=0.0" in repr(
        RolloutPlayer(play_guard=0))
    for bad in (-1, float("nan"), "2", True, 10**400):
        with pytest.raises(tf.InvalidArgumentError, match="play_guard"):
            RolloutPlayer(play_guard=bad)  # type: ignore[arg-type]
    rolled = RolloutPlayer(worlds=4, seed=1, play="rollout")
    assert rolled.choose(view) in view.legal_actions and rolled.searched == 1
    # draw="rule-of-thumb": the rule of thumb's discard before the draw, nothing searched
    draws = [s for s in _spots(tf.AUCTION_45, 4, seed=5) if s.phase is tf.Phase.DRAW]
    assert draws
    for state in draws:
        view = state.view(state.to_act)
        kept = RolloutPlayer(worlds=4, seed=1, draw="rule-of-thumb")
        assert kept.choose_with_reason(view) == THUMB.choose_with_reason(view)
        assert kept.searched == 0
        rolled = RolloutPlayer(worlds=4, seed=1)
        assert rolled.choose(view) in view.legal_actions and rolled.searched == 1
    from trumpfamily.tournament import BOTS, bot_factory
    assert BOTS["rollout"] is RolloutPlayer
    made = bot_factory("rollout:draw=rule-of-thumb,play=pimc,worlds=192")(3)
    assert isinstance(made, RolloutPlayer) and made.play_inference is None
    assert bot_factory("rollout:play=pimc,play_inference=64")(3).play_inference == 64
    named = bot_factory("rollout:play=pimc,play_inference=64,play_sampler=metropolis")(3)
    assert named.play_sampler == "metropolis" and made.play_sampler == "resample"
    assert (made.draw, made.play, made.worlds, made.batch) == ("rule-of-thumb", "pimc", 192, 24)
    assert RolloutPlayer.falls_back_in_bidding is False


@pytest.mark.parametrize("bad", [
    {"worlds": 0}, {"worlds": 2.0}, {"batch": 0}, {"batch": 2.5}, {"guard": -1.0}, {"guard": float("nan")}, {"guard": True},
    {"inference": 1.5}, {"inference": float("nan")}, {"inference": "0.1"}, {"pool": 0},
    {"seed": 1.5}, {"play": "solve"}, {"draw": "pimc"}, {"play_samples": 0}, {"candidates": 0},
    {"play_inference": 0}, {"play_inference": 2.0},
    {"play_sampler": "gibbs"}, {"play_sampler": 1},
    {"objective": "points"},
])
def test_the_bot_refuses(bad: dict[str, Any]) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=next(iter(bad))):
        RolloutPlayer(**bad)


def test_the_bot_refuses_a_turn_up_game_and_a_view_out_of_turn() -> None:
    hand = tf.new_hand(tf.FORTY_FIVE, players=4, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="bidding games only"):
        RolloutPlayer().choose(hand.view(hand.to_act))
    bidding = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=8)
    with pytest.raises(tf.InvalidArgumentError, match="not its turn"):
        RolloutPlayer().choose(bidding.view((bidding.to_act + 1) % 4))


@pytest.mark.parametrize("bad", [{"playout": "thumb"}, {"inference": -0.1},
                                 {"inference": float("nan")}, {"inference": "0.1"}])
def test_evaluate_actions_refuses_a_bad_playout_or_inference(bad: dict[str, Any]) -> None:
    hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=8)
    with pytest.raises(tf.InvalidArgumentError, match=next(iter(bad))):
        evaluate_actions(hand.view(hand.to_act), worlds=2, **bad)
