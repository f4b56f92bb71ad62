"""``search.metropolis_deals``: deals drawn from the posterior of ``weighted_deals`` by a
Metropolis chain. Every deal replays to the view (random presets, options and histories,
every phase); on an enumerable hand the chain's law is the exact posterior; with
``epsilon=0`` it never leaves the deals that fit the calls; bad arguments are refused."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from biddingkit import bidding_variants, players_for, random_hand
from hypothesis import given, settings
from hypothesis import strategies as st
from test_search_bidding_sampling import _likelihood, _rot_hand, brute_force

import trumpfamily as tf
from trumpfamily.search import count_deals, metropolis_deals, sample_deals, weighted_deals


def _bare(view: tf.BiddingView) -> tf.BiddingView:
    return view._replace(game=None, commitment=None)


@settings(max_examples=30)  # a hand and a short chain an example
@given(bidding_variants(), st.data())
def test_every_deal_replays_to_the_view(variant: tf.Variant, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(players_for(variant)))
    line = random_hand(variant, players, data.draw(st.integers(0, 10_000)))
    state = data.draw(st.sampled_from([s for s, _ in line]))
    seat = data.draw(st.integers(0, players - 1))
    view = state.view(seat)
    deals = metropolis_deals(view, 3, start=4, thin=2, rng=data.draw(st.integers(0, 99)))
    assert len(deals) == 3
    assert all(_bare(d.view(seat)) == _bare(view) for d in deals)


def test_the_chain_draws_the_exact_posterior() -> None:
    state, seat = _rot_hand()  # one hidden card in the other hand, the rest in the stock
    view = state.view(seat)
    worlds = brute_force(state, seat)
    assert len(worlds) == count_deals(view) > 10
    # the exact posterior of the hidden card: the likelihood of each world, normalised
    weight = {d.hands[0][0]: _likelihood(d, seat, 0.2)
              for d, _ in weighted_deals(view, 1500, rng=9, epsilon=0.2)}
    assert len(weight) == len(worlds)  # every world seen
    z = sum(weight.values())
    exact = {card: w / z for card, w in weight.items()}
    chain = metropolis_deals(view, 8000, epsilon=0.2, thin=1, rng=3)
    got = Counter(d.hands[0][0] for d in chain)
    distance = sum(abs(got[c] / len(chain) - exact[c]) for c in exact) / 2
    assert distance < 0.07  # total variation (seeds 1-6 of 4,000 steps: 0.035 to 0.055)
    # the calls make a few cards unlikely (about 0.3 % each, against 4.5 % uniform): the
    # chain keeps away from them as the posterior does, not as uniform deals would
    unlikely = [c for c in exact if exact[c] < 0.5 / len(exact)]
    assert len(unlikely) >= 2
    assert sum(got[c] for c in unlikely) / len(chain) < 0.5 * len(unlikely) / len(exact)
    uniform = sum(abs(got[c] / len(chain) - 1 / len(exact)) for c in exact) / 2
    assert uniform > 0.12


def test_with_epsilon_zero_the_chain_keeps_to_the_deals_that_fit() -> None:
    state, seat = _rot_hand()
    view = state.view(seat)
    fits = {d.hands[0][0] for d, w in weighted_deals(view, 600, rng=1, epsilon=0) if w == 1.0}
    assert state.hands[0][0] in fits
    chain = metropolis_deals(view, 300, epsilon=0, thin=1, rng=4)
    assert {d.hands[0][0] for d in chain} <= fits
    assert len({d.hands[0][0] for d in chain}) > 1  # and moves among them


def test_the_same_seed_gives_the_same_deals_and_distinct_ones() -> None:
    hand = tf.new_bidding_hand(tf.NOVA_SCOTIA_45, players=4, dealer=3, seed=8)
    thumb = tf.RuleOfThumbPlayer()
    while hand.phase is not tf.Phase.PLAY:
        hand = hand.apply(thumb.choose(hand.view(hand.to_act)))
    view = hand.view(hand.to_act)
    a = metropolis_deals(view, 8, rng=random.Random(5))
    b = metropolis_deals(view, 8, rng=5)
    assert [d.deck for d in a] == [d.deck for d in b]
    hidden = {tuple(frozenset(h) for s, h in enumerate(d.hands) if s != view.seat) for d in a}
    assert len(hidden) >= 4  # the chain moves: the 8 deals are not one or two


def test_bad_arguments_are_refused() -> None:
    hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=8).apply(tf.Bid(20))
    view = hand.view(1)
    assert metropolis_deals(view, 0, rng=1) == []
    for kwargs, match in (({"start": 0}, "start"), ({"thin": 0}, "thin"),
                          ({"thin": 1.5}, "thin"), ({"epsilon": 2.0}, "epsilon"),
                          ({"policy": object()}, "policy")):
        with pytest.raises(tf.InvalidArgumentError, match=match):
            metropolis_deals(view, 2, rng=1, **kwargs)
    with pytest.raises(tf.InvalidArgumentError, match="number of deals"):
        metropolis_deals(view, -1)
    with pytest.raises(tf.InvalidArgumentError):
        metropolis_deals(object(), 2)


def test_with_epsilon_one_the_chain_is_the_uniform_sampler_where_played_cards_came_from() -> None:
    # Nova Scotia 45s, 12 cards into the play: where the bidder's played cards came from
    # (the kitty, the draw, its five) is seen by no one, so the chain must move it too;
    # with epsilon=1 every deal weighs the same and the chain's law is the uniform
    # sampler's (the origin swaps do it: the unseen swaps alone never change it)
    thumb = tf.RuleOfThumbPlayer()
    hand = tf.new_bidding_hand(tf.NOVA_SCOTIA_45, players=4, dealer=3, seed=8)
    while hand.phase is not tf.Phase.PLAY:
        hand = hand.apply(thumb.choose(hand.view(hand.to_act)))
    for _ in range(12):
        hand = hand.apply(thumb.choose(hand.view(hand.to_act)))
    view, bidder = hand.view(0), hand.bidder
    assert bidder == 3
    played = {t.action.card for t in view.history if isinstance(t.action, tf.Play)}

    def origin(deal: tf.BiddingHand) -> tuple[int, int]:
        dealt = tf.new_bidding_hand(deal.variant, players=4, dealer=deal.dealer,
                                    deck=deal.deck)
        return (len(set(deal.drawn[bidder] or ()) & played), len(set(dealt.kitty) & played))

    uniform = Counter(origin(d) for d in sample_deals(view, 1500, rng=1))
    chain: Counter[tuple[int, int]] = Counter()
    moving = 0  # chains whose deals show more than one origin of the played cards
    for r in range(16):
        origins = [origin(d) for d in metropolis_deals(view, 20, thin=15, epsilon=1.0,
                                                       rng=100 + r)]
        chain.update(origins)
        moving += len(set(origins)) > 1
    assert moving >= 12
    assert len(uniform) >= 5 and len(chain) >= 4
    keys = set(uniform) | set(chain)
    distance = sum(abs(uniform[k] / 1500 - chain[k] / 320) for k in keys) / 2
    assert distance < 0.12  # total variation of the two laws of the origins (0.093 here)


def test_a_policy_giving_no_probabilities_is_refused() -> None:
    state, seat = _rot_hand()
    view = state.view(seat)

    class Every(Mapping[Any, Any]):
        """Gives ``value`` for every action."""

        def __init__(self, value: object) -> None:
            self.value = value

        def __getitem__(self, key: Any) -> Any:
            return self.value

        def __iter__(self) -> Iterator[Any]:
            return iter(())

        def __len__(self) -> int:
            return 0

    class Broken:
        def __init__(self, value: object) -> None:
            self.value = value

        def probabilities(self, view: object) -> object:
            return self.value

    for value, match in ((None, "mapping"), (Every(2.0), "probability"),
                         (Every(float("nan")), "probability"), (Every("1"), "probability")):
        with pytest.raises(tf.InvalidArgumentError, match=match):
            weighted_deals(view, 3, policy=Broken(value), rng=1)  # type: ignore[arg-type]
        with pytest.raises(tf.InvalidArgumentError, match=match):
            metropolis_deals(view, 3, policy=Broken(value), rng=1)
    assert len(weighted_deals(view, 3, policy=Broken(Every(0.5)), rng=1)) == 3  # type: ignore[arg-type]
