"""The deal sampler on the bidding games (``trumpfamily.search`` with a BiddingView,
issue 20 item 1).

* Every sampled deal replays to the very view it was drawn for, over every bidding
  preset with random options and random histories, in every phase (hypothesis).
* ``count_deals`` equals a brute-force count on small cases: every way to give the
  unseen cards to the other seats' hands, discards and draws is built as a deck with
  ``tf.stacked_bidding_deck`` and replayed through the engine; the distinct deals that
  give the view again are counted.
* The sampler is uniform over the deals of an enumerable position (chi-square), and a
  re-deal of the cards the viewer cannot see does not change its samples.
* Tampered views are refused, naming what is wrong.
* ``weighted_deals``: each weight is the policy's likelihood of what the other seats did,
  and the weighted samples estimate the exact posterior of an enumerable case.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest
from biddingkit import act, bidding_variants, deal, players_for, random_hand, redeal, seen_cards
from hypothesis import given
from hypothesis import strategies as st

import trumpfamily as tf
from trumpfamily.bidding import draw_sequence
from trumpfamily.search import (
    BiddingConstraints,
    constraints,
    count_deals,
    metropolis_deals,
    sample_deal,
    sample_deals,
    weighted_deals,
)

C = tf.Card.parse
NO_DRAW = tf.AUCTION_45.with_options(draw_limit=0)


# -- every sample replays ----------------------------------------------------------------


@given(bidding_variants(), st.integers(0, 10**6), st.data())
def test_every_sample_replays_to_its_view(variant: tf.Variant, seed: int, data: Any) -> None:
    counts = players_for(variant)
    players = data.draw(st.sampled_from(counts))
    line = random_hand(variant, players, seed)
    picks = data.draw(st.lists(st.integers(0, len(line) - 1), min_size=1, max_size=3))
    for k in picks:
        state = line[k][0]
        seat = data.draw(st.integers(0, players - 1))
        view = state.view(seat)
        assert count_deals(view) >= 1
        for sample in sample_deals(view, 2, rng=seed):
            assert isinstance(sample, tf.BiddingHand)
            assert sample.view(seat) == view


def test_every_phase_and_exchange_option_is_sampled() -> None:
    """One hand per exchange option value, every state of it, every seat."""
    options: list[dict[str, Any]] = [
        {}, {"kitty": 3}, {"kitty": 4, "kitty_deal": "split"}, {"kitty": 5, "kitty_deal": "last"},
        {"kitty": 3, "trump_before_kitty": False}, {"kitty": 3, "kitty_discard": "exact"},
        {"kitty": 3, "discard_trumps": "last-resort"}, {"draw": "bidder-only", "kitty": 3},
        {"draw_limit": 1}, {"draw_order": "simultaneous"}, {"draw_order": "dealer-first"},
        {"rob_pack": True}, {"extra_cards": 1, "kitty": 3},
        {"extra_cards": 1, "kitty": 3, "trump_before_kitty": False},
        {"rob_pack": True, "draw_order": "simultaneous", "kitty": 3},
    ]
    phases: set[tf.Phase] = set()
    for i, opts in enumerate(options):
        variant = tf.AUCTION_45.with_options(**opts)
        for seed in range(i * 10, i * 10 + 40):  # a hand that is not thrown in
            line = random_hand(variant, 4, seed)
            if not line[-1][0].thrown_in:
                break
        for state, _ in line[::2]:
            phases.add(state.phase)
            for seat in range(4):
                view = state.view(seat)
                assert sample_deal(view, rng=i).view(seat) == view
    assert phases == {tf.Phase.AUCTION, tf.Phase.TRUMP, tf.Phase.KITTY, tf.Phase.DRAW,
                      tf.Phase.PLAY, tf.Phase.OVER}


def test_a_thrown_in_hand() -> None:
    hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=1)
    hand = act(hand, "pass", "pass", "pass", "pass")
    assert hand.thrown_in
    view = hand.view(2)
    assert count_deals(view) == math.comb(47, 5) * math.comb(42, 5) * math.comb(37, 5)
    assert sample_deal(view, rng=3).view(2) == view


def test_robbing_dealer_sees_the_pack_only_while_he_picks() -> None:
    """While the robbing dealer picks, the pack is seen (no stock place); once he is done
    the stock is unseen again (what he saw is not in the view)."""
    variant = tf.AUCTION_45.with_options(rob_pack=True)
    hand = tf.new_bidding_hand(variant, players=2, dealer=1, seed=5)
    while not (hand.phase is tf.Phase.DRAW and hand.legal_actions()
               and isinstance(hand.legal_actions()[0], tf.Take)):
        if hand.phase is tf.Phase.DRAW and hand.to_act == 1:
            hand = hand.apply(tf.Discard(hand.hands[1][:2]))
        else:
            hand = hand.apply(hand.legal_actions()[-1 if hand.phase is tf.Phase.AUCTION else 0])
    view = hand.view(1)
    assert view.pack
    c = constraints(view)
    assert isinstance(c, BiddingConstraints)
    assert [p.kind for p in c.places] == ["hand", "discard"]
    assert all(set(s.stock) == set(hand.stock) for s in sample_deals(view, 5, rng=1))
    hand = act(hand, tf.Take(view.pack[0]), tf.Take(view.pack[1]))
    later = hand.view(1)
    assert not later.pack and constraints(later).place("stock").size == len(hand.stock)
    assert count_deals(later) > count_deals(view)
    assert sample_deal(later, rng=2).view(1) == later


# -- brute force -------------------------------------------------------------------------


def _dealt(state: tf.BiddingHand) -> tuple[tuple[tf.Card, ...], ...]:
    fresh = tf.new_bidding_hand(state.variant, players=state.players, dealer=state.dealer,
                                deck=state.deck)
    return fresh.hands


def brute_force(state: tf.BiddingHand, seat: int) -> set[Any]:
    """Every deal consistent with ``state.view(seat)``, by brute force: each other seat's
    hidden cards, discards and which of its cards it drew, enumerated, built with
    ``stacked_bidding_deck`` and replayed (no kitty, no extra cards, no robbing)."""
    view = state.view(seat)
    variant, n, dealer = state.variant, state.players, state.dealer
    b = variant.bidding
    assert b.kitty == 0 and b.extra_cards == 0 and not b.rob_pack
    played = {s: [t.action.card for t in view.history if t.seat == s and t.kind == "Play"]
              for s in range(n)}
    seen = set(view.hand) | set(view.my_discards) | {c for p in played.values() for c in p}
    unseen = [c for c in variant.ranking.deck() if c not in seen]
    others = [s for s in range(n) if s != seat]
    sizes = {}
    for s in others:
        x, r = view.discarded[s] or 0, view.drawn[s] or 0
        sizes[s] = (5 - x + r - len(played[s]), x, r)
    mine = _dealt(state)[seat]
    order = (draw_sequence(b, n, dealer=dealer, bidder=view.bidder)
             if view.bidder is not None else ())
    found: set[Any] = set()

    def fill(i: int, rest: list[tf.Card], chosen: dict[int, Any]) -> None:
        if i < len(others):
            s = others[i]
            h, x, r = sizes[s]
            for hand in itertools.combinations(rest, h):
                left = [c for c in rest if c not in hand]
                for gone in itertools.combinations(left, x):
                    post = list(hand) + played[s]
                    for drew in itertools.combinations(post, r):
                        chosen2 = {**chosen, s: (hand, gone, drew)}
                        fill(i + 1, [c for c in left if c not in gone], chosen2)
            return
        hands = {seat: mine}
        top: list[tf.Card] = []
        for s in others:
            hand, gone, drew = chosen[s]
            hands[s] = [c for c in list(hand) + played[s] if c not in drew] + list(gone)
        for s in order:
            if view.drawn[s] is None:
                break
            top += list(state.drawn[seat]) if s == seat else list(chosen[s][2])
        deck = tf.stacked_bidding_deck(variant, players=n, dealer=dealer, hands=hands,
                                       stock=top)
        other = tf.new_bidding_hand(variant, players=n, dealer=dealer, deck=deck)
        try:
            for turn in view.history:
                action = turn.action
                if action is None:
                    action = tf.Discard(chosen[turn.seat][1])
                other = other.apply(action)
        except tf.IllegalActionError:
            return
        if other.view(seat) == view:
            found.add(tuple((frozenset(chosen[s][0]) | frozenset(played[s]),
                             frozenset(chosen[s][1]), frozenset(chosen[s][2])) for s in others))

    fill(0, unseen, {})
    return found


def _small(variant: tf.Variant, players: int, seeds: range, limit: int,
           discard: int = 0) -> list[tuple[tf.BiddingHand, int]]:
    """Late points of random hands (whose seats discard at most ``discard`` cards) where
    the brute force stays under ``limit`` replays."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = tf.new_bidding_hand(variant, players=players, dealer=seed % players, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase is tf.Phase.DRAW:
                legal = tuple(a for a in legal if len(a.cards) <= discard)  # type: ignore[attr-defined]
            state = state.apply(rng.choice(legal))
            if state.phase not in (tf.Phase.PLAY, tf.Phase.OVER):
                continue
            for seat in range(players):
                view = state.view(seat)
                work = 1
                left = 52 - len(view.hand)
                for s in range(players):
                    if s == seat:
                        continue
                    h = len(state.hands[s])
                    x, r = view.discarded[s] or 0, view.drawn[s] or 0
                    work *= math.comb(left, h) * math.comb(left - h, x) * math.comb(5, r)
                if work <= limit:
                    out.append((state, seat))
    return out


@pytest.mark.parametrize(("variant", "players", "discard"), [
    (NO_DRAW, 2, 0), (NO_DRAW, 3, 0), (tf.AUCTION_45, 2, 1),
    (tf.AUCTION_45.with_options(plain_lead="free"), 2, 1),
])
def test_counts_equal_brute_force(variant: tf.Variant, players: int, discard: int) -> None:
    cases = _small(variant, players, range(40), 400, discard)[::3][:6]
    assert cases
    for state, seat in cases:
        deals = brute_force(state, seat)
        assert count_deals(state.view(seat)) == len(deals), (state, seat)


def test_a_play_proves_a_void_and_the_count_drops() -> None:
    """2 players, no exchange: seat 1 discards a club on a spade lead (follow-or-trump):
    it is void in spades, which the count and every sample respect."""
    hand = deal(NO_DRAW, players=2, dealer=1, hands={0: "KS QS JS 2H 3H", 1: "2C 3C 4C 5C 6C"})
    hand = act(hand, "pass", "bid 15", "trump H", "play KS", "play 2C")
    view = hand.view(0)
    c = constraints(view)
    assert c.place("hand", 1).voids == (tf.Suit.SPADES,)
    spades = [x for x in c.unseen if x.suit is tf.Suit.SPADES]
    others = len(c.unseen) - len(spades)
    assert count_deals(view) == math.comb(others, 4)  # its four cards: no spade
    for sample in sample_deals(view, 30, rng=4):
        assert not any(x.suit is tf.Suit.SPADES for x in sample.hands[1])


def test_last_resort_bidder_discards_a_trump_only_keeping_only_trumps() -> None:
    """discard_trumps="last-resort" (BIDDING.md §3.4 K5): a bidder who discarded more than
    down to five discarded no trump; one who discarded exactly down to five may have, if
    every card he kept is a trump."""
    variant = tf.AUCTION_45.with_options(kitty=3, discard_trumps="last-resort")
    hand = deal(variant, players=2, dealer=1,
                hands={0: "5H JH AH KH QH", 1: "2C 3C 4C 5C 6C"}, kitty="2H 3H 7S")
    hand = act(hand, "bid 15", "pass", "trump H", tf.Discard("3H 2H 7S"))
    view = hand.view(1)
    c = constraints(view)
    assert c.place("discard", 0).trump_link and c.place("hand", 0).trump_link
    unseen = len(c.unseen)
    trumps = [x for x in c.unseen if tf.mask_table(variant, "H").trumps & x.bit]
    # A: no trump discarded (any hand); B: a trump discarded, his five all trumps
    plain = unseen - len(trumps)
    expected = math.comb(plain, 3) * math.comb(unseen - 3, 5)
    for t in range(1, 4):  # t trumps in the discard, the rest of the trumps in the hand
        expected += math.comb(len(trumps), t) * math.comb(plain, 3 - t) * \
            math.comb(len(trumps) - t, 5)
    assert count_deals(view) == expected
    # a discard of one card more than down to five holds no trump
    hand2 = deal(variant, players=2, dealer=1,
                 hands={0: "5H JH AC KC QC", 1: "2C 3C 4C 5C 6C"}, kitty="2H 3S 7S")
    hand2 = act(hand2, "bid 15", "pass", "trump H",
                tf.Discard("3S 7S QC KC"))
    c2 = constraints(hand2.view(1))
    trumps2 = {x for x in c2.unseen if tf.mask_table(variant, "H").trumps & x.bit}
    assert trumps2 and trumps2 <= set(c2.place("discard", 0).excluded)
    assert not c2.place("discard", 0).trump_link
    for sample in sample_deals(hand2.view(1), 20, rng=1):
        assert sample.view(1) == hand2.view(1)


def test_simultaneous_discards_are_counted_unseen() -> None:
    """Under draw_order="simultaneous" a discard is not counted until all are down: the
    seat's cards before it are one place, split every way the limits allow."""
    variant = tf.AUCTION_45.with_options(draw_order="simultaneous")
    hand = tf.new_bidding_hand(variant, players=2, dealer=1, seed=2)
    hand = act(hand, "bid 15", "pass", "trump S", tf.Discard(hand.hands[0][:2]))
    view = hand.view(1)
    assert view.discarded[0] is None
    place = constraints(view).place("hand", 0)
    assert place.sealed == (0, 1, 2, 3, 4, 5) and place.size == 5
    assert count_deals(view) == math.comb(47, 5) * sum(math.comb(5, x) for x in range(6))
    sizes = Counter(len(s.discards[0]) for s in sample_deals(view, 64, rng=3))
    assert sizes[0] < sizes[2]  # C(5, 0) = 1 < C(5, 2) = 10


# -- uniformity and hidden information -----------------------------------------------------


def test_samples_are_uniform() -> None:
    """Chi-square over the deals of a position with a few dozen (2 players, no exchange,
    one hidden card left in the other hand)."""
    cases = [(s, seat) for s, seat in _small(NO_DRAW, 2, range(30), 60)
             if len(s.hands[1 - seat]) == 1]
    state, seat = cases[0]
    view = state.view(seat)
    total = count_deals(view)
    assert total == len(brute_force(state, seat))
    draws = 40 * total
    counts = Counter(frozenset(s.hands[1 - seat]) for s in sample_deals(view, draws, rng=11))
    assert len(counts) == total
    expected = draws / total
    chi2 = sum((k - expected) ** 2 / expected for k in counts.values())
    df = total - 1
    assert chi2 < df + 5 * math.sqrt(2 * df)  # about p = 0.0001 for these df


@given(bidding_variants(), st.integers(0, 10**6), st.data())
def test_a_redeal_of_unseen_cards_gives_the_same_samples(variant: tf.Variant, seed: int,
                                                         data: Any) -> None:
    players = data.draw(st.sampled_from(players_for(variant)))
    line = random_hand(variant, players, seed)
    k = data.draw(st.integers(0, len(line) - 1))
    seat = data.draw(st.integers(0, players - 1))
    state = line[k][0]
    keep = seen_cards(line, k, seat)
    deck = redeal(state.deck, keep, random.Random(seed))
    other = tf.new_bidding_hand(variant, players=players, dealer=state.dealer, deck=deck)
    try:
        other = act(other, *(a for _, a in line[:k]))
    except tf.IllegalActionError:
        return  # the re-deal made another seat's play illegal: not a re-deal of this view
    if other.view(seat) != state.view(seat):
        return
    assert sample_deals(state.view(seat), 3, rng=5) == sample_deals(other.view(seat), 3, rng=5)
    assert count_deals(state.view(seat)) == count_deals(other.view(seat))


# -- refusals ------------------------------------------------------------------------------


def _a_view() -> tf.BiddingView:
    variant = tf.AUCTION_45.with_options(kitty=3)
    line = random_hand(variant, 4, 3)
    state = next(s for s, _ in line if s.phase is tf.Phase.PLAY and s.tricks)
    return state.view(state.bidder)


@pytest.mark.parametrize(("change", "words"), [
    ({"seat": 7}, "seat 7 is not a seat"),
    ({"players": 11}, "players=11"),
    ({"discarded": (0, 0)}, "one count"),
    ({"stock_size": 3}, "places hold"),
    ({"trump": None}, "names trumps"),
    ({"kitty": ()}, "does not show it"),
    ({"kitty_size": 4}, "kitty_size=4"),
    ({"history": (None,) * 1001}, "at most 1000"),
    ({"legal_actions": (tf.Pass(),)}, "gives other legal_actions"),
])
def test_tampered_views_are_refused(change: dict[str, Any], words: str) -> None:
    view = _a_view()
    bad = view._replace(**change)
    calls: list[Any] = [count_deals, lambda v: sample_deal(v, rng=1),
                        lambda v: weighted_deals(v, 2, rng=1, plays=True),
                        lambda v: metropolis_deals(v, 2, rng=1, plays=True)]
    if "legal_actions" not in change:  # what a replay finds, not the constraints
        calls.append(constraints)
    for call in calls:
        with pytest.raises(tf.InvalidArgumentError, match=words.replace("(", r"\(")):
            call(bad)


def test_tampered_cards_are_refused() -> None:
    view = _a_view()
    with pytest.raises(tf.InvalidArgumentError, match="seen in two places"):
        count_deals(view._replace(hand=view.hand + view.hand[:1]))
    played = next(c for t in view.tricks for c in t.cards)
    with pytest.raises(tf.InvalidArgumentError, match="seen in two places"):
        count_deals(view._replace(hand=(played,) + view.hand[1:]))
    with pytest.raises(tf.InvalidArgumentError, match="hides"):
        turns = tuple(t._replace(action=None) if t.seat == view.seat else t
                      for t in view.history)
        count_deals(view._replace(history=turns))


# -- inference -----------------------------------------------------------------------------


def _rot_hand() -> tuple[tf.BiddingHand, int]:
    """A no-exchange 2-player hand bid by the rule-of-thumb player, late in the play with
    one hidden card in the other hand; the viewer's seat."""
    rot = tf.RuleOfThumbPlayer()
    for seed in range(200):
        state = tf.new_bidding_hand(NO_DRAW, players=2, dealer=1, seed=seed)
        while state.phase is not tf.Phase.PLAY and not state.is_over:
            state = state.apply(rot.choose(state.view(state.to_act)))
        if state.is_over or state.bidder != 0:
            continue
        while len(state.hands[0]) > 1 or len(state.hands[1]) > 1 or state.current_trick:
            state = state.apply(state.legal_actions()[0])
        return state, 1
    raise AssertionError("no hand")  # pragma: no cover


def _likelihood(state: tf.BiddingHand, seat: int, epsilon: float) -> float:
    """The test's own likelihood: the rule-of-thumb player's probability (epsilon-mixed)
    of each call and trump choice of the other seat."""
    rot = tf.RuleOfThumbPlayer()
    hand = tf.new_bidding_hand(state.variant, players=2, dealer=state.dealer, deck=state.deck)
    w = 1.0
    for turn in state.history:
        if turn.seat != seat and turn.kind in ("Bid", "Pass", "NameTrump"):
            v = hand.view(turn.seat)
            p = 1.0 if rot.choose(v) == turn.action else 0.0
            w *= (1 - epsilon) * p + epsilon / len(v.legal_actions)
        hand = hand.apply(turn.action)
    return w


def test_weights_are_the_policy_likelihood_and_estimate_the_posterior() -> None:
    state, seat = _rot_hand()
    view = state.view(seat)
    worlds = brute_force(state, seat)
    assert len(worlds) == count_deals(view)
    pairs = weighted_deals(view, 1500, rng=9, epsilon=0.2)
    for sample, w in pairs[:40]:
        assert sample.view(seat) == view
        assert w == pytest.approx(_likelihood(sample, seat, 0.2))
    # the exact posterior of each card of the hidden hand (one card), by enumeration
    exact: Counter[tf.Card] = Counter()
    by_card = {}
    for sample, w in pairs:
        by_card[sample.hands[0][0]] = w
    assert len(by_card) == len(worlds)  # every world was drawn
    z = sum(by_card.values())
    for card, w in by_card.items():
        exact[card] = w / z
    got: Counter[tf.Card] = Counter()
    total = sum(w for _, w in pairs)
    for sample, w in pairs:
        got[sample.hands[0][0]] += w / total
    assert max(abs(got[c] - exact[c]) for c in exact) < 0.08
    assert any(abs(exact[c] - 1 / len(exact)) > 0.02 for c in exact)  # the calls do inform
    # with epsilon=0 the deterministic player gives each world 0 or 1, the true one 1
    truth = {s.hands[0][0]: w for s, w in weighted_deals(view, 300, rng=1, epsilon=0)}
    assert set(truth.values()) <= {0.0, 1.0} and truth.get(state.hands[0][0], 1.0) == 1.0


def test_a_stochastic_policy_gives_its_probabilities() -> None:
    class Half:
        def probabilities(self, view: Any) -> dict[Any, float]:
            legal = view.legal_actions
            return {a: 1 / len(legal) for a in legal}

    state, seat = _rot_hand()
    for sample, w in weighted_deals(state.view(seat), 5, policy=Half(), epsilon=0, rng=1):
        expected = 1.0
        hand = tf.new_bidding_hand(NO_DRAW, players=2, dealer=1, deck=sample.deck)
        for turn in sample.history:
            if turn.seat != seat and turn.kind in ("Bid", "Pass", "NameTrump"):
                expected /= len(hand.view(turn.seat).legal_actions)
            hand = hand.apply(turn.action)
        assert w == pytest.approx(expected)
    with pytest.raises(tf.InvalidArgumentError, match="epsilon"):
        weighted_deals(state.view(seat), 1, epsilon=2.0)
    with pytest.raises(tf.InvalidArgumentError, match="policy"):
        weighted_deals(state.view(seat), 1, policy=object())  # type: ignore[arg-type]
    # a class, not a player: refused, naming the fix
    with pytest.raises(tf.InvalidArgumentError, match=r"a class; give an instance"):
        weighted_deals(state.view(seat), 1, policy=tf.RuleOfThumbPlayer)  # type: ignore[arg-type]

    # a float subclass (numpy's float64 is one) is a probability too; a bool is not
    class Float(float):
        pass

    class Sub:
        def __init__(self, value: Any) -> None:
            self.value = value

        def probabilities(self, view: Any) -> dict[Any, Any]:
            return {a: self.value for a in view.legal_actions}

    sub = weighted_deals(state.view(seat), 3, policy=Sub(Float(0.5)), epsilon=0, rng=1)
    plain = weighted_deals(state.view(seat), 3, policy=Sub(0.5), epsilon=0, rng=1)
    assert [w for _, w in sub] == [w for _, w in plain] and all(w > 0 for _, w in plain)
    with pytest.raises(tf.InvalidArgumentError, match="expected a probability"):
        weighted_deals(state.view(seat), 1, policy=Sub(True), epsilon=0, rng=1)


def _played_on(variant: tf.Variant, players: int, seed: int, cards: int) -> tf.BiddingHand:
    """A rule-of-thumb hand of ``variant`` played to ``cards`` cards into the play."""
    rot = tf.RuleOfThumbPlayer()
    for s in range(seed, seed + 50):
        state = tf.new_bidding_hand(variant, players=players, dealer=s % players, seed=s)
        while not state.is_over and sum(t.kind == "Play" for t in state.history) < cards:
            state = state.apply(rot.choose(state.view(state.to_act)))
        if not state.is_over:
            return state
    raise AssertionError("no hand")  # pragma: no cover


@pytest.mark.parametrize(("variant", "players", "seat"), [
    (tf.NOVA_SCOTIA_45, 4, 0), (tf.NOVA_SCOTIA_45, 4, 3), (tf.ONE_TEN, 3, 1)])
def test_plays_weighs_the_other_sides_cards_and_not_a_partners(
        variant: tf.Variant, players: int, seat: int) -> None:
    # a policy that spreads evenly over the legal actions, epsilon 0: the weight is the
    # product of 1 / (number of legal actions) over exactly the turns weighed
    class Even:
        def probabilities(self, view: Any) -> dict[Any, float]:
            return {a: 1 / len(view.legal_actions) for a in view.legal_actions}

    state = _played_on(variant, players, seed=3, cards=9)
    view = state.view(seat)
    side = next(s for s in state.sides if seat in s)
    for plays in (False, True):
        for sample, w in weighted_deals(view, 6, policy=Even(), epsilon=0, rng=4, plays=plays):
            expected, weighed_plays = 1.0, 0
            hand = tf.new_bidding_hand(variant, players=players, dealer=sample.dealer,
                                       deck=sample.deck)
            for turn in sample.history:
                auction = turn.kind in ("Bid", "Pass", "NameTrump", "Discard", "Take")
                card = plays and turn.kind == "Play" and turn.seat not in side
                if turn.seat != seat and (auction or card):
                    expected /= len(hand.view(turn.seat).legal_actions)
                    weighed_plays += card
                hand = hand.apply(turn.action)
            assert w == pytest.approx(expected)
            # with plays, the other sides' cards are weighed (9 cards: some of theirs)
            assert weighed_plays >= (4 if plays else 0)


def test_plays_weighs_by_the_policy_and_reads_the_opponents_cards() -> None:
    # the rule of thumb, epsilon 0.2: each weight is the test's own likelihood, and the
    # true deal (the rule of thumb played every card) weighs at least as much as any
    state = _played_on(tf.NOVA_SCOTIA_45, 4, seed=5, cards=10)
    seat = 1
    side = next(s for s in state.sides if seat in s)
    rot = tf.RuleOfThumbPlayer()

    def own(sample: tf.BiddingHand) -> float:
        hand = tf.new_bidding_hand(tf.NOVA_SCOTIA_45, players=4, dealer=sample.dealer,
                                   deck=sample.deck)
        w = 1.0
        for turn in sample.history:
            weighed = turn.kind != "Play" or turn.seat not in side
            if turn.seat != seat and weighed:
                v = hand.view(turn.seat)
                p = 1.0 if rot.choose(v) == turn.action else 0.0
                w *= 0.8 * p + 0.2 / len(v.legal_actions)
            hand = hand.apply(turn.action)
        return w

    pairs = weighted_deals(state.view(seat), 30, epsilon=0.2, rng=6, plays=True)
    for sample, w in pairs:
        assert w == pytest.approx(own(sample))
    assert own(state) >= max(w for _, w in pairs) * (1 - 1e-9)
    without = weighted_deals(state.view(seat), 30, epsilon=0.2, rng=6)
    # the same deals (the same draws), the plays only lower their weights
    assert [s.deck for s, _ in without] == [s.deck for s, _ in pairs]
    assert all(w1 <= w0 for (_, w0), (_, w1) in zip(without, pairs, strict=True))
    assert any(w1 < w0 * 0.5 for (_, w0), (_, w1) in zip(without, pairs, strict=True))
    with pytest.raises(tf.InvalidArgumentError, match="plays="):
        weighted_deals(state.view(seat), 1, plays="yes")  # type: ignore[call-overload]
