"""The rule-aware deal sampler (``trumpfamily.search``, issue 11, part S1).

* Every sampled deal replays to the very view it was drawn for, over every preset with
  random house rules, player counts and points of random hands (hypothesis).
* ``count_deals`` equals a brute-force count where one is feasible: every assignment of
  the unseen cards to the other seats' dealt hands, the face-down discards and the stock
  is built with ``tf.stacked_deck`` and replayed through the engine; those that give the
  view again are counted.
* The sampler is uniform over the consistent deals of enumerable positions (chi-square).
* What each kind of play proves (RULES.md §1.4): trumping a plain lead proves no void; a
  discard on a plain lead proves one; declining a trump on a trump lead proves only that
  every trump held may renege against the card led. Robbing (§1.5), fiving and the joker.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest
from enginekit import deal
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_hidden import random_hand
from test_stateful import _players_for, game_variants

import trumpfamily as tf
from trumpfamily.search import constraints, count_deals, sample_deal, sample_deals

C = tf.Card.parse


# -- brute force -------------------------------------------------------------------------


def _deal_key(state: tf.HandState, seat: int) -> tuple[Any, ...]:
    """A deal as the sampler counts them: every other seat's cards now, the face-down
    discards and the stock as a set."""
    hands = tuple(frozenset(h) if s != seat else None for s, h in enumerate(state.hands))
    return hands, state.discard, state.joker_discard, frozenset(state.stock)


def brute_force(state: tf.HandState, seat: int, limit: int) -> set[tuple[Any, ...]] | None:
    """Every deal consistent with ``state.view(seat)`` (as :func:`_deal_key` values), by
    enumerating the unseen cards over the other seats' dealt hands and discards and
    replaying the history through the engine; ``None`` if more than ``limit`` replays."""
    view = state.view(seat)
    n, dealer = state.players, state.dealer
    played: dict[int, list[tf.Card]] = {s: [] for s in range(n)}
    for turn in view.history:
        if turn.kind == "Play":
            played[turn.seat].append(turn.action.card)
    joker = state.joker_discard is not None
    robber = state.robbed_by
    seen = set(view.hand) | set(view.fived) | {view.turned_up}
    seen |= {c for cards in played.values() for c in cards}
    seen |= {c for c in (view.my_discard, view.my_joker_discard) if c is not None}
    if joker:
        seen.add(tf.JK)
    pool = [c for c in state.variant.ranking.deck() if c not in seen]
    # each seat's dealt cards the viewer knows, and how many it does not
    known: dict[int, list[tf.Card]] = {}
    for s in range(n):
        cards = [c for c in played[s] if not (s == robber and c is view.turned_up)]
        cards = [c for c in cards if not (joker and s == dealer and c is tf.JK)]
        if s == seat:
            cards = list(view.hand) + cards
            cards += [c for c in (view.my_discard, view.my_joker_discard) if c is not None]
            cards = [c for c in cards if not (s == robber and c is view.turned_up)]
            cards = [c for c in cards if not (joker and s == dealer and c is tf.JK)]
        known[s] = list(dict.fromkeys(cards))
    others = [s for s in range(n) if s != seat]
    sizes = [5 - len(known[s]) for s in others]
    replays = 1
    left = len(pool)
    for size in sizes:
        replays *= math.comb(left, size)
        left -= size
    hidden_discards = int(robber is not None and robber != seat) + int(joker and dealer != seat)
    replays *= 5**hidden_discards
    if replays > limit:
        return None
    if view.turned_up is tf.JK:
        up, stock_top = "JK", ()
    elif joker:
        up, stock_top = "JK", (view.turned_up,)
    elif view.fived:
        up, stock_top = view.fived[0], (*view.fived[1:], view.turned_up)
    else:
        up, stock_top = view.turned_up, ()
    target = view
    found: set[tuple[Any, ...]] = set()

    def fill(i: int, rest: list[tf.Card], dealt: dict[int, list[tf.Card]]) -> None:
        if i < len(others):
            s = others[i]
            for pick in itertools.combinations(rest, sizes[i]):
                chosen = set(pick)
                fill(i + 1, [c for c in rest if c not in chosen], {**dealt, s: known[s] + list(pick)})
            return
        deck = tf.stacked_deck(state.variant, players=n, dealer=dealer, hands=dealt,
                               turn_up=up, stock=stock_top)
        rob_choices = [view.my_discard] if robber == seat else (
            [c for c in dealt[robber] if not (joker and c is tf.JK)] if robber is not None else [None])
        joker_choices = [view.my_joker_discard] if dealer == seat else (
            dealt[dealer] if joker else [None])
        for jd in joker_choices:
            for rd in rob_choices:
                other = tf.new_hand(state.variant, players=n, dealer=dealer, deck=deck)
                try:
                    for k, turn in enumerate(view.history):
                        action = turn.action
                        if action is None:
                            first_rob = next(j for j, t in enumerate(view.history) if t.kind == "Rob")
                            action = tf.Rob(jd if joker and k == first_rob else rd)
                        other = other.apply(action)
                except tf.IllegalActionError:
                    continue
                if other.view(seat) == target:
                    found.add(_deal_key(other, seat))

    fill(0, pool, {seat: known[seat]})
    return found


def small_positions(variant: tf.Variant, players: int, seed: int, limit: int) -> list[tuple[tf.HandState, int]]:
    """Points of a random hand (and seats) where brute force takes at most ``limit`` replays."""
    line = random_hand(variant, players, seed)
    out = []
    for state, _ in line:
        for seat in range(players):
            view = state.view(seat)
            hidden = sum(len(h) for s, h in enumerate(state.hands) if s != seat)
            if hidden - len([c for c in view.current_trick]) <= 2:
                out.append((state, seat))
    return out


# -- the properties of the issue ---------------------------------------------------------


@settings(max_examples=60)
@given(variant=game_variants(), data=st.data())
def test_every_sampled_deal_replays_to_the_same_view(variant: tf.Variant, data: st.DataObject) -> None:
    """Issue 11: 100 % of sampled deals replay to the same view (history and legal actions
    included), over every preset, random options, player counts and random prefixes of
    random hands; the sample keeps the viewer's own cards and the seen cards."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    line = random_hand(variant, players, seed)
    rng = random.Random(seed)
    for k in sorted({0, len(line) - 1, *rng.sample(range(len(line)), min(3, len(line)))}):
        state = line[k][0]
        for seat in range(players):
            view = state.view(seat)
            for sample in sample_deals(view, 2, rng):
                assert sample.view(seat) == view
                assert sample.hands[seat] == state.hands[seat]
                assert sample.tricks == state.tricks
                assert sample.current_trick == state.current_trick


@settings(max_examples=40)
@given(variant=game_variants(), data=st.data())
def test_count_deals_equals_brute_force(variant: tf.Variant, data: st.DataObject) -> None:
    """Issue 11: ``count_deals`` equals the brute-force count (every assignment of the
    unseen cards replayed through the engine) on every small position of a random hand
    of two or three players, and every sampled deal is one of the brute-force deals."""
    small = [p for p in _players_for(variant) if p <= 3]
    assume(small)
    players = data.draw(st.sampled_from(small), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    line = random_hand(variant, players, seed)
    rng = random.Random(seed)
    checked = 0
    for state, _ in reversed(line):
        for seat in range(players):
            deals = brute_force(state, seat, limit=1000)
            if deals is None:
                continue
            view = state.view(seat)
            assert count_deals(view) == len(deals), (seat, view.history)
            for sample in sample_deals(view, 3, rng):
                assert _deal_key(sample, seat) in deals
            checked += len(deals) > 1
        if checked >= 3:
            break


@pytest.mark.parametrize("unrobbed", ["cannot-win", "lowest-and-cannot-win"])
def test_a_secret_bar_is_counted_and_sampled_as_the_engine_plays_it(unrobbed: str) -> None:
    """Issue 19, RULES.md §1.5: while a silent holder's bar is his secret nothing the
    table sees depends on it, so the deals where another seat (or nobody) holds the Ace
    of trumps stay consistent with the view. On small positions of hands with silent
    holders (every ``rob_timing`` and ``holder_rob`` that lets him keep silent)
    ``count_deals`` equals the brute-force count and every sample is one of its deals;
    positions where the bar was still a secret must have been met."""
    rng = random.Random(unrobbed)
    secret = 0
    for timing, holder in (("own-first-turn", "may-announce"), ("own-first-turn", "must"),
                           ("before-lead", "may")):
        for players in (2, 3):
            variant = tf.SPOIL_FIVE.with_options(unrobbed_ace=unrobbed, rob_timing=timing,
                                                 holder_rob=holder, fiving=False)
            for seed in range(10):
                line = random_hand(variant, players, seed, quiet=0.9)
                last = line[-1][0]
                if not any("neither robbed" in b.reason for b in last.barred):
                    continue
                ace = tf.Card.parse("A" + last.trump.letter)
                for state, _ in reversed(line[-2 * players - 1:]):
                    holder_seat = next(b.seat for b in state.barred) if state.barred else None
                    hidden = holder_seat is not None and ace in state.hands[holder_seat]
                    for seat in range(players):
                        if seat == holder_seat:
                            continue
                        deals = brute_force(state, seat, limit=600)
                        if deals is None:
                            continue
                        view = state.view(seat)
                        assert count_deals(view) == len(deals), (seat, view.history)
                        for sample in sample_deals(view, 3, rng):
                            assert _deal_key(sample, seat) in deals
                        if hidden and len(deals) > 1 and not state.is_over:
                            secret += 1
    assert secret >= 5, secret


def test_a_barred_claim_shows_where_the_ace_is() -> None:
    """Issue 19: three players, spades trumps (6S turned); seat 1 holds AS, never robs and
    leads 5S JS KS, which seat 2 follows with diamonds (so seat 2 holds no trump). Seen by
    seat 0, before the claim the Ace may be with seat 1 or in the stock: seat 1's two
    cards are any two of the 40 unseen (10 trumps), seat 2's two any non-trumps left (30
    unseen): C(10,2) C(30,2) + 10 * 30 * C(29,2) + C(30,2) C(28,2) = 305,805 deals. His
    claim shows his bar, so after it seat 1 holds AS and one other card:
    9 * C(30,2) + 30 * C(29,2) = 16,095 deals, each with AS in seat 1's hand."""
    variant = tf.SPOIL_FIVE.with_options(unrobbed_ace="cannot-win")
    state = deal(variant, players=3, dealer=0, turn_up="6S",
                 hands={1: "5S JS KS AS 9C", 2: "2D 3D 4D 2C 3C", 0: "5D 6D 7D 4C 5C"})
    for card in ["5S", "2D", "5D", "JS", "3D", "6D", "KS", "4D", "7D"]:
        state = state.apply(tf.Play(card))
    assert state.phase is tf.Phase.CLAIM
    n = math.comb
    assert count_deals(state.view(0)) == (n(10, 2) * n(30, 2) + 10 * 30 * n(29, 2)
                                          + n(30, 2) * n(28, 2)) == 305_805
    before = sample_deals(state.view(0), 200, 5)
    assert any(C("AS") not in s.hands[1] for s in before)
    over = state.apply(tf.Claim())
    assert count_deals(over.view(0)) == 9 * n(30, 2) + 30 * n(29, 2) == 16_095
    after = sample_deals(over.view(0), 50, 6)
    assert all(C("AS") in s.hands[1] and s.outcome == over.outcome for s in after)


def _chi_square_ok(observed: Counter[Any], categories: int, n: int) -> bool:
    """Pearson's chi-square against the uniform law, at the 0.1 % level (the critical
    value by the Wilson-Hilferty approximation)."""
    expected = n / categories
    stat = sum((observed.get(k, 0) - expected) ** 2 / expected for k in range(categories))
    df = categories - 1
    z = 3.09
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return stat < critical


def _uniformity(state: tf.HandState, seat: int, n: int, seed: int) -> None:
    deals = brute_force(state, seat, limit=20_000)
    assert deals is not None
    index = {d: i for i, d in enumerate(sorted(deals, key=repr))}
    assert count_deals(state.view(seat)) == len(index)
    got = Counter(index[_deal_key(s, seat)] for s in sample_deals(state.view(seat), n, seed))
    assert _chi_square_ok(got, len(index), n), got


def test_uniform_with_a_void_and_a_renege() -> None:
    """Chi-square: two players, fourth trick; the opponent discarded on a plain lead
    (a void) and kept back his trumps on a trump lead (only privileged ones above it)."""
    state = deal(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="2S",
                 hands={0: "9D 7S KC QC JC", 1: "3H 5S 8H 4H 6H"})
    state = state.apply(tf.Play("9D"))  # seat 1: void in diamonds, or plays a heart
    state = state.apply(tf.Play("3H"))
    state = state.apply(tf.Play("7S")).apply(tf.Play("8H"))  # 7S led: 8H, so 5S may renege
    assert state.to_act == 0
    state = state.apply(tf.Play("KC")).apply(tf.Play("4H"))
    _uniformity(state, 0, 6000, seed=11)


def test_uniform_with_a_hidden_robbers_discard() -> None:
    """Chi-square: the opponent robbed (his discard hidden; he may have thrown any card,
    the Ace of trumps included)."""
    state = deal(tf.FORTY_FIVE, players=2, dealer=1, turn_up="9H",
                 hands={0: "2C 3C 4C 6C 7C", 1: "AH KD QD JD TD"})
    state = state.apply(tf.Play("2C")).apply(tf.Rob("KD")).apply(tf.Play("QD"))
    for card in ("3C", "JD", "4C", "TD", "6C"):
        state = state.apply(tf.Play(card))
    assert state.to_act == 1 and len(state.hands[1]) == 2
    _uniformity(state, 0, 8000, seed=5)


# -- what a play proves (RULES.md §1.4) -------------------------------------------------


def _opening(hand1: str, lead: str, answer: str, variant: tf.Variant = tf.SPOIL_FIVE,
             turn_up: str = "2S") -> tf.HandState:
    state = deal(variant, players=2, dealer=1, turn_up=turn_up,
                 hands={0: f"{lead} KC QC JC TC", 1: hand1})
    return state.apply(tf.Play(lead)).apply(tf.Play(answer))


def test_trumping_a_plain_lead_proves_no_void() -> None:
    """RULES.md §1.4.2, EX-20: a seat may trump while holding the suit led, so a trump
    on a diamond lead proves nothing: every 4-card hand of the unseen cards remains."""
    state = _opening("7S 3D 4D 6D 8D", "9D", "7S")
    c = constraints(state.view(0))
    hand = c.place("hand", 1)
    assert hand.voids == () and hand.plays == () and hand.size == 4
    assert count_deals(state.view(0)) == math.comb(len(c.unseen), 4)


def test_a_discard_on_a_plain_lead_proves_a_void() -> None:
    """RULES.md §1.4.2: neither following nor trumping proves a void in the suit led;
    no unseen diamond can be in the hand. (The AH is no diamond.)"""
    state = _opening("3H 4H 6H 8H AH", "9D", "3H")
    c = constraints(state.view(0))
    hand = c.place("hand", 1)
    assert hand.voids == (tf.Suit.DIAMONDS,)
    diamonds = [x for x in c.unseen if x.suit is tf.Suit.DIAMONDS]
    assert len(diamonds) == 12 and set(diamonds) <= set(hand.excluded)
    assert count_deals(state.view(0)) == math.comb(len(c.unseen) - 12, 4)
    for sample in sample_deals(state.view(0), 20, 3):
        assert not any(x.suit is tf.Suit.DIAMONDS for x in sample.hands[1])


@pytest.mark.parametrize(("multi", "expected"), [("all", 1 + 3 + 3 + 1), ("single", 1 + 3)])
def test_declining_a_trump_proves_only_privileged_trumps_above_the_lead(multi: str, expected: int) -> None:
    """RULES.md §1.4.3, EX-34: spades trumps, 7S led and seat 1 plays a heart: every
    trump it held may renege against the 7S, so its other trumps are among 5S, JS, AH
    (any of them under ``multi_privileged="all"``, at most one under ``"single"``). The
    count is the sum over those trumps times the non-trump hands (hypergeometric)."""
    variant = tf.SPOIL_FIVE.with_options(multi_privileged=multi)
    state = _opening("3H 4H 6H 8H 9H", "7S", "3H", variant)
    c = constraints(state.view(0))
    hand = c.place("hand", 1)
    assert len(hand.plays) == 1 and hand.plays[0].card == C("3H")
    unseen = set(c.unseen)
    trumps = {x for x in unseen if variant.ranking.is_trump(x, "S")}
    privileged = {C("5S"), C("JS"), C("AH")}
    assert privileged <= unseen
    plain = len(unseen - trumps)
    total = sum(math.comb(3, t) * math.comb(plain, 4 - t) for t in range(4)
                if multi == "all" or t <= 1)
    assert count_deals(state.view(0)) == total
    assert expected == sum(math.comb(3, t) for t in range(4) if multi == "all" or t <= 1)
    for sample in sample_deals(state.view(0), 30, 8):
        held = set(sample.hands[1]) & trumps
        assert held <= privileged and (multi == "all" or len(held) <= 1)


def test_the_five_led_leaves_no_trump() -> None:
    """EX-27: nobody may renege when the Five is led, so a non-trump answer proves the
    seat held no trump at all."""
    state = _opening("3H 4H 6H 8H 9H", "5S", "3H")
    c = constraints(state.view(0))
    unseen = set(c.unseen)
    trumps = {x for x in unseen if tf.SPOIL_FIVE.ranking.is_trump(x, "S")}
    assert trumps <= set(c.place("hand", 1).excluded)
    assert count_deals(state.view(0)) == math.comb(len(unseen - trumps), 4)


# -- robbing, fiving, the joker (RULES.md §1.5, §2.1.7 (6), EX-53) ------------------------


def test_the_robber_holds_the_turn_up_and_his_discard_is_hidden() -> None:
    """EX-49: after a rob the turn-up is known to be in the robber's hand; his discard is
    a place of one unseen card. Each deal counts hand and discard: C(u, 4) * (u - 4) ...
    with the Ace of trumps in his hand or his discard."""
    state = deal(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="5D",
                 hands={0: "2C 3C 4C 6C 7C", 1: "AD 8C 3S KH 9D"})
    state = state.apply(tf.Play("2C")).apply(tf.Rob("8C"))
    c = constraints(state.view(0))
    hand, discard = c.place("hand", 1), c.place("discard", 1)
    assert hand.known == (C("5D"),) and hand.size == 4 and discard.size == 1
    assert c.ace_of_trumps == C("AD") and c.public_holder == 1
    u = len(c.unseen)
    # the Ace in the hand (C(u-1, 3) * (u-4)) or in the discard (C(u-1, 4))
    assert count_deals(state.view(0)) == math.comb(u - 1, 3) * (u - 4) + math.comb(u - 1, 4)
    for sample in sample_deals(state.view(0), 20, 1):
        assert C("AD") in sample.hands[1] or sample.discard == C("AD")


def test_a_pass_before_the_lead_proves_no_ace_when_the_holder_must_speak() -> None:
    """RULES.md §1.5, §3 row 9: robbing before the lead, every seat is prompted; under
    ``holder_rob="may-announce"`` the holder may not pass, so a pass proves the seat has
    no Ace of trumps."""
    state = deal(tf.TWENTY_FIVE, players=3, dealer=2, turn_up="TS",
                 hands={0: "2D 3D 4D 6D 7D", 1: "2C 3C 4C 6C 7C", 2: "2H 3H 4H 6H 7H"})
    state = state.apply(tf.Pass()).apply(tf.Pass())
    c = constraints(state.view(0))
    assert C("AS") in c.place("hand", 1).excluded
    assert C("AS") not in c.place("hand", 2).excluded  # seat 2 is still to answer
    for sample in sample_deals(state.view(0), 20, 2):
        assert C("AS") not in sample.hands[1]


def test_fived_cards_are_seen_and_the_stock_is_the_rest() -> None:
    """EX-56: the fived cards are seen by everyone; the new turn-up settles trumps."""
    state = deal(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="9C", stock="4C KD",
                 hands={0: "2H 3H 4H 6H 7H", 1: "2D 3D 4D 6D 7D"})
    state = state.apply(tf.AskFive()).apply(tf.AcceptFive())
    view = state.view(0)
    assert view.fived == (C("9C"), C("4C")) and view.trump is tf.Suit.DIAMONDS
    c = constraints(view)
    assert not {C("9C"), C("4C"), C("KD")} & set(c.unseen)
    assert count_deals(view) == math.comb(52 - 5 - 3, 5)
    assert sample_deal(view, 9).view(0) == view


def test_a_turned_joker_before_the_dealers_discard() -> None:
    """EX-53: while the joker waits, nobody has seen the next card: it is one of the
    stock's; after the dealer's discard, the joker is known to be in his hand and his
    discard is hidden."""
    variant = tf.FORTY_FIVE.with_options(joker="third")
    state = deal(variant, players=2, dealer=1, turn_up="JK", stock="7C",
                 hands={0: "2S 3S 4S 6S 7S", 1: "2H 3H 4H 6H 7H"})
    view = state.view(0)
    assert view.trump is None
    assert count_deals(view) == math.comb(53 - 6, 5)
    took = state.apply(tf.Rob("2H"))
    c = constraints(took.view(0))
    assert c.place("hand", 1).known == (tf.JK,) and c.place("joker-discard", 1).size == 1
    u = len(c.unseen)
    assert count_deals(took.view(0)) == math.comb(u, 4) * (u - 4)
    assert sample_deal(took.view(0), 3).view(0) == took.view(0)


# -- refusals ----------------------------------------------------------------------------


def test_a_bidding_view_is_sampled_and_a_non_view_refused() -> None:
    """A BiddingView goes to the bidding sampler (tests/test_search_bidding_sampling.py);
    anything else that is no view gets an InvalidArgumentError that says so."""
    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=1)
    assert sample_deal(hand.view(0), 1).view(0) == hand.view(0)
    with pytest.raises(tf.InvalidArgumentError, match="SeatView"):
        count_deals("not a view")  # type: ignore[arg-type]


def test_bad_arguments_are_refused() -> None:
    view = tf.new_hand(tf.MAW, players=3, seed=1).view(0)
    with pytest.raises(tf.InvalidArgumentError, match="rng"):
        sample_deal(view, 1.5)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="rng"):
        sample_deal(view, True)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match=r"rng=\[1\]: expected a random.Random, a "
                                                       r"seed \(an int, str or bytes\) or None"):
        sample_deal(view, [1])  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="int >= 0"):
        sample_deals(view, -1, 0)
    assert sample_deals(view, 0, 0) == []


def _refusals(bad: Any) -> list[str]:
    """The messages of sample_deal, count_deals and constraints for ``bad``, each an
    InvalidArgumentError."""
    out = []
    for call in (lambda: sample_deal(bad, rng=1), lambda: count_deals(bad),
                 lambda: sample_deals(bad, 2, 0)):
        with pytest.raises(tf.InvalidArgumentError) as info:
            call()
        out.append(str(info.value))
    return out


def test_a_view_the_engine_did_not_produce_is_refused_by_name() -> None:
    """A view whose parts cannot belong to one hand gets the documented
    InvalidArgumentError naming what is inconsistent, from every entry point (it once got
    a bare RuntimeError or an "internal error, please report it")."""
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=0, seed=1)
    view = state.view(1)
    up = view.turned_up
    cases = [
        (view._replace(seat=7), "seat 7 is not a seat of a 3-player table"),
        (view._replace(dealer=-1), "dealer -1 is not a seat of a 3-player table"),
        (view._replace(hand=view.hand[:4]),
         "seat 1 holds 4 cards, but a seat holds 5 less the 0 it has played"),
        (view._replace(players=2),
         "sides=((0,), (1,), (2,)) do not seat each of the 2 players once"),
        (view._replace(players=11), "players=11: Spoil Five is played by 2 to 10 players"),
        (view._replace(hand=(up, *view.hand[1:])), f"{up} seen in two places"),
        (view._replace(robbed_by=0), "robbed_by=0 but the history has no rob by seat 0"),
        (view._replace(my_discard=view.hand[0]),
         (f"my_discard={view.hand[0]} but robbed_by=None: a seat sees its own discard "
          "exactly when it robbed")),
    ]
    for bad, words in cases:
        for message in _refusals(bad):
            assert message.startswith("no deal is consistent with this view: " + words), (
                words, message)
    # constraints reads the view the same way
    with pytest.raises(tf.InvalidArgumentError, match="seat 7 is not a seat"):
        constraints(view._replace(seat=7))


def test_a_view_whose_history_gives_other_facts_is_refused_by_name() -> None:
    """Parts that fit together but not with the rules: a replay of the history on a deal
    that fits the view's cards gives other legal actions, or other trick counts."""
    state = tf.new_hand(tf.MAW, players=4, dealer=3, seed=2)
    view = state.view(0)
    assert view.to_act == 0 and view.legal_actions
    for bad, field in [(view._replace(legal_actions=view.legal_actions[:1]), "legal_actions"),
                       (view._replace(trick_counts=(1, 0, 0, 0)), "trick_counts")]:
        for message in _refusals(bad):
            assert message == (
                "no deal is consistent with seat 0's view: replaying its history on a deal "
                f"that fits its cards gives other {field} (it is not a view the engine "
                "produced: HandState.view(seat))")
    assert count_deals(view) > 0  # the view itself is fine


def test_seeded_samples_repeat_and_a_generator_advances() -> None:
    view = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=3).view(2)
    assert sample_deals(view, 3, 42) == sample_deals(view, 3, 42)
    # str and bytes seeds, as the bots and tournaments take them, seeded as everywhere
    assert sample_deals(view, 3, "deal") == sample_deals(view, 3, random.Random("deal"))
    assert sample_deal(view, b"deal") == sample_deal(view, random.Random(b"deal"))
    assert sample_deals(view, 3, "deal") != sample_deals(view, 3, "other")
    gen = random.Random(1)
    first, second = sample_deal(view, gen), sample_deal(view, gen)
    assert first != second


def test_a_game_view_samples_hands_on_their_own() -> None:
    """A view from a game carries ``game``; the samples are hands on their own, equal to
    the view in everything else."""
    game = tf.new_game(tf.SPOIL_FIVE, players=3, seed=4)
    view = game.view(0)
    assert view.game is not None
    sample = sample_deal(view, 1)
    assert sample.view(0) == view._replace(game=None)
