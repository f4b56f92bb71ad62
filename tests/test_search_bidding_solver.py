"""The exact solver of a bidding hand's play phase (:func:`trumpfamily.search.solve` on a
:class:`~trumpfamily.bidding.engine.BiddingHand`, issue 20) bound to the engine.

The reference is a plain minimax that knows nothing but :meth:`BiddingHand.legal_actions`
and :meth:`BiddingHand.apply` and reads the value from the finished hand's
:class:`~trumpfamily.outcomes.HandOutcome` (its ``gains``, ``side_points`` and
``side_tricks``). On random positions of the play phase of every bidding preset with
random options (few enough cards left for the plain minimax), the solver's value, its
optimal actions and every action's value must equal the reference's. Hand-made deals
check the worked scoring examples of BIDDING.md §9.3.

``TRUMPFAMILY_SLOW=1`` also runs whole play phases against the reference (minutes).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from biddingkit import PRESETS, act, bidding_variants, deal, players_for
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bidding_engine import contract_hand

import trumpfamily as tf
from trumpfamily.search import solve
from trumpfamily.search.bidding_solver import BIDDING_OBJECTIVES
from trumpfamily.search.solver import OBJECTIVES, SolveResult

A45 = tf.AUCTION_45
SLOW = bool(os.environ.get("TRUMPFAMILY_SLOW"))


def reference_value(outcome: tf.HandOutcome, side: int, objective: str) -> int:
    """The value of a finished hand, read from its outcome alone."""
    if objective == "tricks":
        return outcome.side_tricks[side]
    if objective == "points":
        assert outcome.side_points is not None
        return outcome.side_points[side]
    gains = outcome.gains
    assert gains is not None
    if objective == "gains":
        return gains[side]
    assert objective == "margin"
    return gains[side] - max(g for i, g in enumerate(gains) if i != side)


def side_of(state: tf.BiddingHand, seat: int) -> int:
    return next(i for i, s in enumerate(state.sides) if seat in s)


def minimax(state: tf.BiddingHand, side: int, objective: str) -> int:
    """Plain minimax through the engine: the side maximises, every other seat minimises
    (the paranoid reading)."""
    if state.is_over:
        assert state.outcome is not None
        return reference_value(state.outcome, side, objective)
    values = [minimax(state.apply(a), side, objective) for a in state.legal_actions()]
    to_act = state.to_act
    assert to_act is not None
    return max(values) if side_of(state, to_act) == side else min(values)


def cards_left(players: int) -> int:
    """Few enough cards left in play that the plain minimax stays cheap."""
    return {2: 8, 3: 9, 4: 12, 5: 10}.get(players, 7)


def position(variant: tf.Variant, players: int, seed: int, left: int | None = None,
             scores: list[int] | None = None) -> tf.BiddingHand | None:
    """A random hand (random calls, trumps, discards; ``scores`` before it when the variant
    takes them) played at random into its play phase until at most ``left`` cards (default:
    a random number from 1 to :func:`cards_left`) are still in play, or ``None`` when it
    was thrown in or ended."""
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    try:
        state = tf.new_bidding_hand(variant, players=players, dealer=dealer, seed=seed,
                                    scores=scores)
    except tf.InvalidArgumentError:  # scores the game refuses
        state = tf.new_bidding_hand(variant, players=players, dealer=dealer, seed=seed)
    limit = rng.randint(1, cards_left(players)) if left is None else left
    while not state.is_over and (
            state.phase is not tf.Phase.PLAY or sum(map(len, state.hands)) > limit):
        state = state.apply(rng.choice(state.legal_actions()))
    return None if state.is_over else state


def check(state: tf.BiddingHand, seat: int, objective: str) -> None:
    """The solver against the plain minimax: value, optimal actions, every action's value."""
    side = side_of(state, seat)
    legal = state.legal_actions()
    values = [minimax(state.apply(a), side, objective) for a in legal]
    to_act = state.to_act
    assert to_act is not None
    best = max(values) if side_of(state, to_act) == side else min(values)
    optimal = tuple(a for a, v in zip(legal, values, strict=True) if v == best)
    result = solve(state, seat, objective)  # type: ignore[arg-type]
    assert (result.value, result.best_actions) == (best, optimal), (state, seat, objective)
    assert result.objective == objective and result.seat == seat and result.to_act == to_act
    assert result.action_values is None and result.nodes >= 1
    full = solve(state, seat, objective, all_values=True)  # type: ignore[arg-type]
    assert full.action_values == tuple(zip(legal, values, strict=True)), (state, seat)
    assert (full.value, full.best_actions) == (best, optimal)


@settings(max_examples=300)
@given(variant=bidding_variants(), data=st.data())
def test_solver_agrees_with_plain_minimax_on_random_positions(
    variant: tf.Variant, data: st.DataObject
) -> None:
    """Issue 20: every bidding preset with random options (bids, extra bids, measure,
    defender limits, bonus cutoff, lead rules...), at any table size and random scores
    before the hand; every objective; the seat to act or another."""
    players = data.draw(st.sampled_from(players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    sides = len(tf.new_bidding_hand(variant, players=players, seed=0).sides)
    scores = data.draw(st.lists(st.sampled_from((0, 25, 35, 90, 100, 110)), min_size=sides,
                                max_size=sides), label="scores")
    state = position(variant, players, seed, scores=scores)
    if state is None:
        return
    seat = data.draw(st.integers(0, players - 1), label="seat")
    for objective in BIDDING_OBJECTIVES:
        check(state, seat, objective)


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_solver_agrees_with_plain_minimax_on_every_preset(variant: tf.Variant) -> None:
    """The presets as they are, seeded, at each table size they deal."""
    compared = 0
    for players in players_for(variant)[:4]:
        for seed in range(3):
            state = position(variant, players, 100 * players + seed)
            if state is None:
                continue
            for objective in BIDDING_OBJECTIVES:
                check(state, seed % players, objective)
            compared += 1
    assert compared >= 6


@pytest.mark.skipif(not SLOW, reason="whole play phases: set TRUMPFAMILY_SLOW=1")
@pytest.mark.parametrize(("variant", "players", "left"),
                         [(A45, 2, 10), (tf.ONE_TEN, 2, 10), (tf.NOVA_SCOTIA_45, 2, 10),
                          (tf.AMERICAN_110, 3, 12), (A45, 4, 16)],
                         ids=lambda x: x.name if isinstance(x, tf.Variant) else str(x))
def test_solver_agrees_with_plain_minimax_from_the_first_trick(
    variant: tf.Variant, players: int, left: int
) -> None:
    """Opt-in: from the first lead (two players), or with more cards in play."""
    compared = 0
    for seed in range(6):
        state = position(variant, players, seed, left)
        if state is None:
            continue
        for objective in ("gains", "tricks"):
            check(state, seed % players, objective)
        compared += 1
    assert compared >= 3


# -- BIDDING.md §9.3, hand-made ----------------------------------------------------------------

# Two players, Auction Forty-Fives, hearts trumps, seat 0 (side A) bids, seat 1 (B) defends.
# Trumps rank 5H JH AH KH QH..., plain clubs K Q J A 2 ... T (black: the Ten lowest).
THREE_WITH_BEST = {0: "5H JH AH TC 9C", 1: "KC QC JC KS QS"}
"""A's three top trumps win three tricks, the 5H among them; B keeps two clubs above A's
two, so each side takes exactly what it can: A 3 tricks and the best (20), B 2 (10)."""
FOUR_WITH_BEST = {0: "5H JH AH KH TC", 1: "KC QC JC KS QS"}
"""A's four trumps win four tricks (25); B's club beats A's TC (5)."""
THREE_WITHOUT_BEST = {0: "AH KH QH KD QD", 1: "5H JH KC QC JC"}
"""B's 5H and JH win a trick each, whatever is played (15 with the bonus); A trumps every
club B leads and takes the other three (15)."""
TWO_WITH_BEST = {0: "5H JH TC 9C 8C", 1: "KC QC JC KS QS"}
"""A's two trumps win two tricks, the 5H among them (15); B's three clubs beat A's (15)."""


def values(hand: tf.BiddingHand, seat: int) -> dict[str, int]:
    return {o: solve(hand, seat, o).value for o in BIDDING_OBJECTIVES}  # type: ignore[arg-type]


@pytest.mark.parametrize(("example", "bid", "hands", "a", "b"), [
    ("EX-S01 made exactly", "bid 20", THREE_WITH_BEST, (20, 20, 3), (10, 10, 2)),
    ("EX-S02 overtricks count", "bid 15", FOUR_WITH_BEST, (25, 25, 4), (5, 5, 1)),
    ("EX-S03 set", "bid 25", THREE_WITH_BEST, (-25, 20, 3), (10, 10, 2)),
    ("EX-S04 the bonus decides", "bid 20", THREE_WITHOUT_BEST, (-20, 15, 3), (15, 15, 2)),
], ids=lambda x: x if isinstance(x, str) and x.startswith("EX") else "")
def test_worked_scoring_examples_made_and_set(
    example: str, bid: str, hands: dict[int, str], a: tuple[int, int, int],
    b: tuple[int, int, int]
) -> None:
    """BIDDING.md §9.3 EX-S01 to EX-S04: each side's gain, points and tricks under best
    play (from the first lead, both seats' views), and the margins between them."""
    hand = contract_hand(A45, bid, "H", players=2, hands=hands)
    assert hand.phase is tf.Phase.PLAY and hand.hands[0] == tf.parse_cards(hands[0])
    assert hand.hands[1] == tf.parse_cards(hands[1])
    gains_a, points_a, tricks_a = a
    gains_b, points_b, tricks_b = b
    assert values(hand, 0) == {"gains": gains_a, "margin": gains_a - gains_b,
                               "points": points_a, "tricks": tricks_a}, example
    assert values(hand, 1) == {"gains": gains_b, "margin": gains_b - gains_a,
                               "points": points_b, "tricks": tricks_b}, example
    assert solve(hand, 0).value == gains_a  # "gains" is the default for a bidding hand


@pytest.mark.parametrize(("measure", "gain"), [("points", 15), ("tricks", -15)])
def test_ex_s07_points_or_tricks(measure: str, gain: int) -> None:
    """EX-S07: A bids 15 and takes 2 tricks with the best (15 points): made under
    ``bid_measure="points"`` (+15), set under ``"tricks"`` (15 = 3 tricks: -15); B +15."""
    hand = contract_hand(A45.with_options(bid_measure=measure), "bid 15", "H", players=2,
                         hands=TWO_WITH_BEST)
    assert values(hand, 0) == {"gains": gain, "margin": gain - 15, "points": 15, "tricks": 2}
    assert solve(hand, 1).value == 15


@pytest.mark.parametrize(("rule", "gain"), [("sixty", 60), ("plain", -30)])
def test_ex_s06_all_five_without_a_trump(rule: str, gain: int) -> None:
    """EX-S06, EX-S15: a bid of 30, all five tricks, nobody holds a trump (25 points, no
    bonus): made (+60) as the all-five bid (``thirty_bid="sixty"``), set (-30) as a plain
    points bid."""
    hands = {0: "KD QD JD TD 9D", 1: "8D 7D 6D 5D 4D"}
    hand = contract_hand(A45.with_options(thirty_bid=rule), "bid 30", "S", players=2,
                         hands=hands)
    assert values(hand, 0) == {"gains": gain, "margin": gain, "points": 25, "tricks": 5}


@pytest.mark.parametrize(("held", "gain"), [("5H JH AH KH QH", 60), ("5H JH AH KH 2C", -60)])
def test_ex_s12_the_60_bid(held: str, gain: int) -> None:
    """EX-S12 (One Hundred and Ten, three players): the 60 bid with all five tricks
    (+60); with a club that seat 2's clubs beat, four tricks at best: set (-60)."""
    hands = {0: held, 1: "2D 3D 4D 6D 7D", 2: "KC QC JC 2S 3S"}
    hand = contract_hand(tf.ONE_TEN, "bid 60", "H", players=3, hands=hands)
    assert hand.contract is not None and hand.contract.amount == 60
    assert solve(hand, 0).value == gain
    assert solve(hand, 0, "tricks").value == (5 if gain > 0 else 4)


def test_bonus_cutoff_takes_the_bonus_from_the_trick() -> None:
    """BIDDING.md §5.6 B12: a bidder on ``bonus_cutoff`` or more loses the best trump's
    bonus: EX-S01's three tricks with the best are 15 points, not 20, and a bid of 20
    is set."""
    variant = A45.with_options(bonus_cutoff=85)
    hand = contract_hand(variant, "bid 20", "H", players=2, hands=THREE_WITH_BEST,
                         scores=(90, 0))
    assert values(hand, 0) == {"gains": -20, "margin": -30, "points": 15, "tricks": 3}
    fresh = contract_hand(variant, "bid 20", "H", players=2, hands=THREE_WITH_BEST)
    assert solve(fresh, 0).value == 20


def test_the_value_is_the_same_wherever_the_play_phase_is_entered() -> None:
    """After each card of a best line the value stays the game value (a position reached
    by optimal play has the root's value), to the finished hand's outcome."""
    hand = contract_hand(A45, "bid 20", "H", players=2, hands=THREE_WITH_BEST)
    for seat in (0, 1):
        state = hand
        value = solve(state, seat).value
        while not state.is_over:
            result = solve(state, seat)
            assert result.value == value
            state = state.apply(result.best_actions[0])
        assert state.outcome is not None and state.outcome.gains is not None
        assert solve(state, seat) == SolveResult(state.outcome.gains[seat], (), "gains",
                                                 seat, None, None, 1)


# -- what is refused, and the edges ------------------------------------------------------------


def to_phase(phase: tf.Phase, seed: int = 3) -> tf.BiddingHand:
    hand = tf.new_bidding_hand(A45, players=4, dealer=3, seed=seed)
    hand = hand.apply(tf.Bid(20))
    while hand.phase is not phase:
        hand = hand.apply(hand.legal_actions()[0])
    return hand


@pytest.mark.parametrize(("phase", "words"), [
    (tf.Phase.AUCTION, "in the auction"), (tf.Phase.TRUMP, "in the naming of trumps"),
    (tf.Phase.DRAW, "in the draw")])
def test_only_the_play_phase_is_searched(phase: tf.Phase, words: str) -> None:
    hand = to_phase(phase)
    with pytest.raises(tf.InvalidArgumentError, match=f"play phase only.*{words}.*sampling"):
        solve(hand, 0)


def test_the_kitty_is_refused_too() -> None:
    hand = tf.new_bidding_hand(tf.NEWFOUNDLAND_120S, players=4, dealer=3, seed=2)
    hand = hand.apply(tf.Bid(20))
    while hand.phase is not tf.Phase.KITTY:
        hand = hand.apply(hand.legal_actions()[0])
    with pytest.raises(tf.InvalidArgumentError, match="in the kitty"):
        solve(hand, 1, "tricks")


@pytest.mark.parametrize(("objective", "words"), [
    ("pool", "a bidding hand has no pool"), ("chips", "'chips' is not one of 'gains'")])
def test_a_bad_objective_is_refused(objective: str, words: str) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=words):
        solve(to_phase(tf.Phase.PLAY), 0, objective)  # type: ignore[arg-type]


def test_bad_seats_and_flags_are_refused_before_the_phase() -> None:
    hand = to_phase(tf.Phase.AUCTION)
    with pytest.raises(tf.InvalidSeatError):
        solve(hand, 4)
    with pytest.raises(tf.InvalidArgumentError, match="all_values"):
        solve(hand, 0, all_values=1)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="max_nodes"):
        solve(hand, 0, max_nodes=0)


def test_a_thrown_in_hand_is_worth_nothing() -> None:
    hand = tf.new_bidding_hand(A45, players=4, dealer=3, seed=1)
    while not hand.is_over:
        hand = hand.apply(tf.Pass())
    assert hand.thrown_in
    for objective in BIDDING_OBJECTIVES:
        result = solve(hand, 2, objective, all_values=True)  # type: ignore[arg-type]
        assert (result.value, result.best_actions, result.action_values) == (0, (), ())


def test_a_search_budget_stops_the_search_or_changes_nothing() -> None:
    hand = to_phase(tf.Phase.PLAY)
    full = solve(hand, 0, all_values=True)
    assert full.nodes > 50
    with pytest.raises(tf.SearchLimitError, match=r"stopped after 50 positions") as info:
        solve(hand, 0, all_values=True, max_nodes=50)
    assert info.value.nodes == 51
    assert solve(hand, 0, all_values=True, max_nodes=full.nodes) == full


def test_the_objectives_are_listed() -> None:
    assert set(BIDDING_OBJECTIVES) <= set(OBJECTIVES) and BIDDING_OBJECTIVES[0] == "gains"
    assert tf.search.solver.default_objective(to_phase(tf.Phase.PLAY)) == "gains"


def test_the_unseen_cards_change_nothing() -> None:
    """The solver reads only the cards in play: the same hands over another stock (a
    re-deal of what nobody holds) have the same values."""
    results: list[Any] = []
    for stock in ("2S 3S 4S", "6S 7S 8S"):
        hand = deal(A45, players=2, dealer=1, hands=THREE_WITH_BEST, stock=stock)
        hand = act(hand, "bid 20", "pass", "trump H")
        while hand.phase is not tf.Phase.PLAY:  # the kitty put back, the draw stood pat
            hand = hand.apply(tf.Discard(hand.hands[hand.to_act][5:]))  # type: ignore[index]
        assert hand.hands == tuple(tf.parse_cards(THREE_WITH_BEST[s]) for s in (0, 1))
        assert hand.stock[:3] == tf.parse_cards(stock)
        results.append(solve(hand, 0, all_values=True))
    assert results[0] == results[1] and results[0].value == 20
