"""The search bots in the bidding games and the bid advisor (issue 20 item 3)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.search import (
    ActionValue,
    candidate_actions,
    evaluate_actions,
    sample_deal,
    sample_deals,
)

PRESETS = [(v, 4 if 4 in v.player_counts() else v.player_counts()[0])
           for v in tf.BIDDING_VARIANTS.values()]
ROB_PACK = tf.NEWFOUNDLAND_120S.with_options(rob_pack=True)


def small_bots(seed: int = 5) -> list[Any]:
    return [tf.SampleSolvePlayer(2, seed=seed, bidding_nodes=300),
            tf.ISMCTSPlayer(8, seed=seed)]


def _play(variant: tf.Variant, players: int, bot: Any, seed: int, seat: int
          ) -> set[str]:
    """One hand: ``bot`` at ``seat``, random players elsewhere; the kinds of decision the
    bot met (phase and action class) with more than one legal action."""
    rng = random.Random(seed)
    thumb = tf.RuleOfThumbPlayer()
    hand = tf.new_hand(variant, players=players, dealer=seed % players, seed=seed)
    met: set[str] = set()
    while not hand.is_over:
        view = hand.view(hand.to_act)
        legal = view.legal_actions
        if hand.to_act == seat:
            action = bot.choose(view)
            if len(legal) > 1:
                met.add(f"{view.phase.value}:{type(legal[0]).__name__}")
        else:  # random players, but bidding by the rule of thumb often enough for contracts
            action = thumb.choose(view) if rng.random() < 0.5 else legal[rng.randrange(len(legal))]
        assert action in legal
        hand = hand.apply(action)
    return met


def _kinds(variant: tf.Variant) -> set[str]:
    out = {"auction:Pass", "trump:NameTrump", "draw:Discard", "play:Play"}
    b = variant.bidding
    assert b is not None
    if b.kitty:
        out.add("kitty:Discard")
    if b.rob_pack:
        out.add("draw:Take")
    return out


@pytest.mark.parametrize(("variant", "players"), [*PRESETS, (ROB_PACK, 4)],
                         ids=lambda v: getattr(v, "name", v))
def test_no_fallback_in_any_phase(variant: tf.Variant, players: int) -> None:
    """Every decision of every phase is the search's: 0 fallbacks over random hands, and
    at every decision of rule-of-thumb hands until every kind of decision is met (the
    auction, trumps, the kitty, the draw, taking from the pack, the play)."""
    for bot in small_bots():
        met: set[str] = set()
        for seed in range(2):
            met |= _play(variant, players, bot, seed, seed % players)
        want = _kinds(variant)
        for seed in range(12):
            if want <= met:
                break
            for state in _spots(variant, players, seed):
                view = state.view(state.to_act)
                kind = f"{view.phase.value}:{type(view.legal_actions[0]).__name__}"
                if kind not in met:
                    assert bot.choose(view) in view.legal_actions
                    met.add(kind)
        assert bot.fallbacks == 0, (bot, met)
        assert want <= met, (want, met)


def test_the_bots_no_longer_hand_bidding_over() -> None:
    assert tf.SampleSolvePlayer.falls_back_in_bidding is False
    assert tf.ISMCTSPlayer.falls_back_in_bidding is False
    assert tf.SampleSolvePlayer().fallbacks == 0 == tf.ISMCTSPlayer().fallbacks


def _spots(variant: tf.Variant, players: int, seed: int) -> list[tf.BiddingHand]:
    """A hand played by the rule of thumb: a state at each decision with a choice."""
    thumb = tf.RuleOfThumbPlayer()
    hand = tf.new_hand(variant, players=players, seed=seed)
    out = []
    while not hand.is_over:
        if len(hand.legal_actions()) > 1:
            out.append(hand)
        hand = hand.apply(thumb.choose(hand.view(hand.to_act)))
    return out


@pytest.mark.parametrize("make", [
    lambda: tf.SampleSolvePlayer(3, seed=2, bidding_nodes=500),
    lambda: tf.ISMCTSPlayer(16, seed=2),
], ids=["sample-solve", "ismcts"])
def test_the_bots_read_only_their_view(make: Any) -> None:
    """Re-deal the cards the seat cannot see (the same actions replayed): the same choice
    with the same seed, in every phase met."""
    phases = set()
    one_a_phase = {s.phase: s for s in reversed(_spots(tf.NOVA_SCOTIA_45, 4, seed=8))}
    for state in one_a_phase.values():
        view = state.view(state.to_act)
        other = sample_deal(view, rng=random.Random(99))
        assert other.view(view.seat)[:-2] == view[:-2] and other != state  # a different deal, the same view
        assert make().choose(view) == make().choose(other.view(view.seat))
        phases.add(view.phase)
    assert {tf.Phase.AUCTION, tf.Phase.TRUMP, tf.Phase.PLAY} <= phases


def test_evaluate_actions_rows() -> None:
    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    view = hand.view(hand.to_act)
    rows = evaluate_actions(view, worlds=6, rng=4)
    assert len(rows) == len(view.legal_actions)
    assert {r.action for r in rows} == set(view.legal_actions)
    assert all(isinstance(r, ActionValue) and r.worlds == 6 for r in rows)
    assert [r.mean for r in rows] == sorted((r.mean for r in rows), reverse=True)
    for r in rows:
        assert r.ci_low <= r.mean <= r.ci_high
        assert r.gap_low <= rows[0].mean - r.mean + 1e-9 <= r.gap_high + 2e-9
    assert rows[0].gap_low == rows[0].gap_high == 0
    # the same seed gives the same rows; actions= restricts them
    assert evaluate_actions(view, worlds=6, rng=4) == rows
    two = evaluate_actions(view, worlds=6, rng=4, actions=[tf.Pass(), tf.Bid(30)])
    assert {r.action for r in two} == {tf.Pass(), tf.Bid(30)}
    assert {r.action: r.mean for r in two} == {r.action: r.mean for r in rows
                                                if r.action in (tf.Pass(), tf.Bid(30))}


def test_evaluate_actions_a_bid_that_cannot_be_made() -> None:
    """A seat with no trump worth the name: bidding 30 (all five tricks' worth, alone)
    loses about the bid; passing costs nothing (the others bid by the rule of thumb)."""
    deck = tf.stacked_bidding_deck(tf.AUCTION_45, players=4, dealer=3,
                                   hands={0: "2C 3D 4S 6H 7C"})
    hand = tf.new_hand(tf.AUCTION_45, players=4, dealer=3, deck=deck)
    rows = {r.action: r for r in evaluate_actions(hand.view(0), worlds=6, rng=1,
                                                  actions=[tf.Pass(), tf.Bid(30)])}
    assert rows[tf.Bid(30)].mean < -10 < 0 <= rows[tf.Pass()].mean
    assert rows[tf.Bid(30)].gap_high > 0


def test_evaluate_actions_in_the_play_is_the_mean_exact_value() -> None:
    state = _spots(tf.AUCTION_45, 4, seed=1)[-1]  # late in the play
    view = state.view(state.to_act)
    assert view.phase is tf.Phase.PLAY
    rows = evaluate_actions(view, worlds=3, rng=2)
    assert {r.action for r in rows} == set(view.legal_actions)


def test_candidate_actions_for_many_discards() -> None:
    for state in _spots(tf.FIFTY_FIVE, 4, seed=2):
        if state.phase is tf.Phase.KITTY or (state.phase is tf.Phase.DRAW
                                             and len(state.legal_actions()) > 12):
            view = state.view(state.to_act)
            few = candidate_actions(view, limit=12)
            assert len(few) < len(view.legal_actions)
            assert tf.RuleOfThumbPlayer().choose(view) in few
            assert set(few) <= set(view.legal_actions)
            sizes = {len(a.cards) for a in view.legal_actions}
            assert {len(a.cards) for a in few} >= sizes - {0} or {len(a.cards) for a in few}
            return
    pytest.fail("no kitty discard met")


@pytest.mark.parametrize("bad", [
    {"worlds": 0}, {"max_nodes": 0}, {"objective": "pool"}, {"rng": 1.5},
    {"policy": object()}, {"actions": [tf.Bid(55)]},
])
def test_evaluate_actions_refuses(bad: dict[str, Any]) -> None:
    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    with pytest.raises(tf.InvalidArgumentError):
        evaluate_actions(hand.view(hand.to_act), **bad)


def test_evaluate_actions_refuses_a_view_out_of_turn() -> None:
    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    with pytest.raises(tf.InvalidArgumentError, match="turn"):
        evaluate_actions(hand.view((hand.to_act + 1) % 4))
    with pytest.raises(tf.InvalidArgumentError, match="BiddingView"):
        evaluate_actions(tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1).view(1))  # type: ignore[arg-type]


def test_the_guard_deviates_only_on_a_clear_paired_gain() -> None:
    """Policy improvement with a confidence guard: the action whose paired gain over the
    policy's action has the highest lower bound, if that bound is above 0."""
    from trumpfamily.search.bots import _guarded
    acts = (tf.Pass(), tf.Bid(20), tf.Bid(25))
    clear = [[0.0, 5.0, 30.0], [10.0, 16.0, -10.0], [-20.0, -14.0, 10.0], [5.0, 9.0, 5.0]]
    # Bid(20) gains 4..6 in every world; Bid(25) has the larger mean gain (+10), but noisy
    assert _guarded(acts, clear, tf.Pass(), 2.0) == tf.Bid(20)
    assert _guarded(acts, clear, tf.Pass(), 0.0) == tf.Bid(25)  # no guard: the best mean gain
    noisy = [[0.0, 20.0, 0.0], [0.0, -15.0, 0.0], [0.0, 10.0, 0.0]]
    assert _guarded(acts, noisy, tf.Pass(), 2.0) == tf.Pass()  # +5 mean, interval across 0
    assert _guarded(acts, noisy, tf.Bid(20), 2.0) == tf.Bid(20)


def test_the_guarded_bots_read_only_their_view() -> None:
    """The guard's policy reads the view only: re-dealing the unseen cards keeps the choice."""
    for state in {s.phase: s for s in reversed(_spots(tf.AUCTION_45, 4, seed=8))}.values():
        view = state.view(state.to_act)
        other = sample_deal(view, rng=random.Random(7)).view(view.seat)
        for make in (lambda: tf.SampleSolvePlayer(3, seed=2, bidding_nodes=500, guard=1.0),
                     lambda: tf.ISMCTSPlayer(16, seed=2, guard=1.0)):
            assert make().choose(view) == make().choose(other) in view.legal_actions


@pytest.mark.parametrize("bad", [-1.0, float("nan"), "2", True])
def test_the_guard_refuses(bad: Any) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="guard"):
        tf.SampleSolvePlayer(guard=bad)
    with pytest.raises(tf.InvalidArgumentError, match="guard"):
        tf.ISMCTSPlayer(guard=bad)


def test_the_advisor_names_text_given_for_an_action_and_the_legal_actions() -> None:
    """A newcomer's trial (issue 20): ``actions=["bid 20"]`` said "'bid 20' is not a legal
    action" although Bid(20) is legal; an endless iterable is refused, not read for ever."""
    import itertools

    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    view = hand.view(hand.to_act)
    with pytest.raises(tf.InvalidArgumentError,
                       match=r"actions holds 'bid 20', not an action \(tf.parse_action"):
        evaluate_actions(view, worlds=1, rng=1, actions=["bid 20"])
    with pytest.raises(tf.InvalidArgumentError, match=r"Play\('KC'\) is not a legal action "
                       r"of seat 1 now \(legal: pass, bid 15, bid 20, bid 25, bid 30\)"):
        evaluate_actions(view, worlds=1, rng=1, actions=[tf.Play("KC")])
    with pytest.raises(tf.InvalidArgumentError, match="more than 10,000 actions given"):
        evaluate_actions(view, worlds=1, rng=1, actions=itertools.repeat(tf.Bid(20)))
    rows = evaluate_actions(view, worlds=2, rng=1, actions=[tf.parse_action("bid 20")] * 3)
    assert [r.action for r in rows] == [tf.Bid(20)]


def test_inference_resamples_worlds_in_proportion_to_their_weights(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``inference=``: worlds drawn by weighted_deals and resampled by weight (systematic
    resampling): weights 0, 3, 1 give 0, 6 and 2 of 8 worlds; every weight 0 falls back to
    uniform worlds; the bot still reads only its view (a re-deal keeps its choice)."""
    from trumpfamily.search import bots

    hand = tf.new_hand(tf.AUCTION_45, players=4, dealer=3, seed=8)
    thumb = tf.RuleOfThumbPlayer()
    for _ in range(2):
        hand = hand.apply(thumb.choose(hand.view(hand.to_act)))
    view = hand.view(hand.to_act)
    a, b, c = sample_deals(view, 3, rng=5)
    monkeypatch.setattr(bots, "weighted_deals", lambda *_, **__: [(a, 0.0), (b, 3.0), (c, 1.0)])
    got = bots._resampled(view, 8, 3, random.Random(1))
    assert sorted(got.count(w) for w in (a, b, c)) == [0, 2, 6] and got.count(b) == 6
    monkeypatch.setattr(bots, "weighted_deals", lambda *_, **__: [(a, 0.0), (b, 0.0)])
    uniform = bots._resampled(view, 4, 2, random.Random(1))
    assert len(uniform) == 4 and all(w.view(view.seat) == view for w in uniform)
    monkeypatch.undo()
    worlds = bots._resampled(view, 8, 40, random.Random(3))
    assert len(worlds) == 8 and all(w.view(view.seat) == view for w in worlds)
    other = sample_deal(view, rng=random.Random(7)).view(view.seat)
    make = lambda: tf.SampleSolvePlayer(3, seed=2, bidding_nodes=500, inference=16)
    assert make().choose(view) == make().choose(other) in view.legal_actions
    chain = lambda: tf.SampleSolvePlayer(3, seed=2, bidding_nodes=500, inference=16,
                                         sampler="metropolis")
    assert chain().choose(view) == chain().choose(other) in view.legal_actions
    plays = lambda: tf.SampleSolvePlayer(3, seed=2, bidding_nodes=500, inference=16,
                                         weigh_plays=True)
    assert plays().choose(view) == plays().choose(other) in view.legal_actions
    assert "weigh_plays=True" in repr(plays())
    with pytest.raises(tf.InvalidArgumentError, match="weigh_plays"):
        tf.SampleSolvePlayer(inference=8, weigh_plays="yes")  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="inference"):
        tf.SampleSolvePlayer(inference=0)
    with pytest.raises(tf.InvalidArgumentError, match="sampler"):
        tf.SampleSolvePlayer(inference=8, sampler="gibbs")  # type: ignore[arg-type]
