"""The exact solver (:func:`trumpfamily.search.solve`, issue 11) bound to the engine.

The solver searches card play on masks; the reference here is a plain minimax that knows
nothing but :meth:`HandState.legal_actions` and :meth:`HandState.apply` and reads the
value from the finished hand's :class:`HandOutcome`. On random positions of every
turn-up preset with random house rules (few tricks left, so the plain minimax stays
cheap; two-player hands from the deal, through robbing and fiving), the solver's value,
its optimal actions and every action's value must equal the reference's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_stateful import _players_for, game_variants

import trumpfamily as tf
from trumpfamily.search.solver import OBJECTIVES, SolveResult, solve


def reference_value(outcome: tf.HandOutcome, side: int, objective: str) -> int:
    if objective == "tricks":
        return outcome.side_tricks[side]
    if objective == "pool":
        return 1 if outcome.winner == side else 0
    assert outcome.side_points is not None
    return outcome.side_points[side]


def minimax(state: tf.HandState, side: int, objective: str) -> int:
    """Plain minimax through the engine: the seat's side maximises, every other seat
    minimises (the paranoid reading)."""
    if state.is_over:
        assert state.outcome is not None
        return reference_value(state.outcome, side, objective)
    values = [minimax(state.apply(a), side, objective) for a in state.legal_actions()]
    to_act = state.to_act
    assert to_act is not None
    mine = any(to_act in s and i == side for i, s in enumerate(state.sides))
    return max(values) if mine else min(values)


def side_of(state: tf.HandState, seat: int) -> int:
    return next(i for i, s in enumerate(state.sides) if seat in s)


def objectives(variant: tf.Variant) -> tuple[str, str]:
    return ("tricks", "pool" if variant.scoring.scoring == "pool" else "points")


def tricks_left(players: int) -> int:
    """Few enough tricks left that the plain minimax stays cheap."""
    return {2: 5, 3: 3, 4: 2}.get(players, 1)


def position(variant: tf.Variant, players: int, seed: int) -> tf.HandState | None:
    """A random position of a random hand with at most ``tricks_left`` tricks to play
    (for two players, anywhere from the deal: rob prompts and fiving included)."""
    rng = random.Random(seed)
    state = tf.new_hand(variant, players=players, dealer=rng.randrange(players), seed=seed)
    left = tricks_left(players)
    steps = rng.randrange(4) if players == 2 else 0
    while not state.is_over and (tf.HAND_SIZE - len(state.tricks) > left or steps > 0):
        if tf.HAND_SIZE - len(state.tricks) <= left:
            steps -= 1
        state = state.apply(rng.choice(state.legal_actions()))
    return None if state.is_over else state


def check(state: tf.HandState, seat: int, objective: Any) -> None:
    side = side_of(state, seat)
    legal = state.legal_actions()
    values = [minimax(state.apply(a), side, objective) for a in legal]
    to_act = state.to_act
    assert to_act is not None
    best = max(values) if side_of(state, to_act) == side else min(values)
    optimal = tuple(a for a, v in zip(legal, values, strict=True) if v == best)
    result = solve(state, seat, objective)
    assert (result.value, result.best_actions) == (best, optimal), (state, seat, objective)
    assert result.to_act == to_act and result.action_values is None and result.nodes >= 1
    full = solve(state, seat, objective, all_values=True)
    assert full.action_values == tuple(zip(legal, values, strict=True)), (state, seat)
    assert (full.value, full.best_actions) == (best, optimal)


@settings(max_examples=80)
@given(variant=game_variants(), data=st.data())
def test_solver_agrees_with_plain_minimax_on_random_positions(
    variant: tf.Variant, data: st.DataObject
) -> None:
    """Issue 11: every preset with random play, robbing, scoring and table options, at any
    table size; every objective the scoring allows; the seat to act or another."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    state = position(variant, players, seed)
    if state is None:
        return
    seat = data.draw(st.integers(0, players - 1), label="seat")
    for objective in objectives(variant):
        check(state, seat, objective)


@pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.TWENTY_FIVE, tf.FORTY_FIVE, tf.MAW],
                         ids=lambda v: v.name)
def test_solver_agrees_with_plain_minimax_on_seeded_positions(variant: tf.Variant) -> None:
    """The presets as they are, seeded: 2 to 5 players, a position per seed."""
    compared = 0
    for seed in range(24):
        players = 2 + seed % 4
        if players not in _players_for(variant):
            continue
        state = position(variant, players, seed)
        if state is None:
            continue
        for objective in objectives(variant):
            check(state, seed % players, objective)
            compared += 1
    assert compared >= 20


def secret_bar_position(variant: tf.Variant, players: int, seed: int) -> tf.HandState | None:
    """A position with at most ``tricks_left`` tricks to play in which a holder of the Ace
    of trumps, barred for letting his chance to rob pass in silence, still holds it (his
    bar is his secret), or ``None``. Robs and announcements are rare, to make silent
    holders common."""
    rng = random.Random(seed)
    state = tf.new_hand(variant, players=players, dealer=rng.randrange(players), seed=seed)
    while not state.is_over and tf.HAND_SIZE - len(state.tricks) > tricks_left(players):
        legal = state.legal_actions()
        quiet = [a for a in legal if not isinstance(a, (tf.Rob, tf.DeclineRob))]
        state = state.apply(rng.choice(quiet or legal))
    if state.is_over or not state.barred:
        return None
    ace = tf.Card.parse("A" + state.trump.letter)
    silent = [b.seat for b in state.barred if "neither robbed nor announced" in b.reason]
    return state if silent and ace in state.hands[silent[0]] else None


@pytest.mark.parametrize("unrobbed", ["cannot-win", "lowest-and-cannot-win"])
def test_solver_plays_on_a_secret_bar_and_settles_it_as_the_engine(unrobbed: str) -> None:
    """Issue 19, RULES.md §1.5, EX-51: positions where a silent holder's bar is still his
    secret, under every ``rob_timing`` and ``holder_rob`` that lets him keep silent, with
    and without jinking and in pairs: the mask search (which plays on while the bar is a
    secret and settles it at the end) agrees with the plain minimax over the engine, for
    every seat and objective, the barred seat's included."""
    compared = 0
    tables = ((tf.SPOIL_FIVE, 3), (tf.SPOIL_FIVE.with_options(jinking=False), 3),
              (tf.TWENTY_FIVE.with_options(partnerships="pairs"), 4), (tf.SPOIL_FIVE, 2))
    for timing, holder in (("own-first-turn", "may-announce"), ("own-first-turn", "may"),
                           ("own-first-turn", "must"), ("before-lead", "may")):
        for base, players in tables:
            variant = base.with_options(unrobbed_ace=unrobbed, rob_timing=timing,
                                        holder_rob=holder)
            found = 0
            for seed in range(60):
                state = secret_bar_position(variant, players, seed)
                if state is None:
                    continue
                for seat in range(players):
                    for objective in objectives(variant):
                        check(state, seat, objective)
                compared += 1
                found += 1
                if found == 2:
                    break
    assert compared >= 24, compared


# -- chosen positions ------------------------------------------------------------------------


def claim_position(hands: dict[int, str]) -> tf.HandState:
    """Spoil Five, two players, spades trumps: eldest (seat 0) plays his three top
    trumps and reaches the claim."""
    deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="2S", hands=hands)
    state = tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, deck=deck)
    for card in state.hands[0][:3]:
        state = state.apply(tf.Play(card))
        state = state.apply(state.legal_actions()[0])
    assert state.phase is tf.Phase.CLAIM and state.to_act == 0
    return state


def test_a_jink_that_can_fail_is_worth_less_than_the_claim() -> None:
    """RULES.md §1.6, EX-59, EX-61: after three tricks eldest holds 2D 3D; the dealer
    kept the Jack of Diamonds, so a jink fails: claiming takes the pool, jinking spoils."""
    state = claim_position({0: "5S JS AH 2D 3D", 1: "KS QS 4C 6C JD"})
    result = solve(state, 0, "pool", all_values=True)
    assert result.value == 1 and result.best_actions == (tf.Claim(),)
    assert result.action_values == ((tf.Claim(), 1), (tf.Jink(), 0))
    assert solve(state, 1, "pool").value == 0  # the dealer's side: the claim is eldest's


def test_a_sure_jink_is_searched_through_to_all_five_tricks() -> None:
    """EX-60: with the last two trumps in hand the jink cannot fail: for the pool both
    the claim and the jink win; counting tricks, only the jink (five against three)."""
    state = claim_position({0: "5S JS AH AS KS", 1: "QS 3S 4C 6C JD"})
    assert solve(state, 0, "pool").best_actions == (tf.Claim(), tf.Jink())
    tricks = solve(state, 0, "tricks", all_values=True)
    assert tricks.value == 5 and tricks.best_actions == (tf.Jink(),)
    assert tricks.action_values == ((tf.Claim(), 3), (tf.Jink(), 5))


def test_points_count_the_best_trump_trick_double() -> None:
    """EX-70 (Forty-Five, two players): the best play gives eldest 15 points (two tricks,
    one of them holding 5H, the best trump, scoring double)."""
    deck = tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, turn_up="2H",
                           hands={0: "5H 2C 2D 3D KS", 1: "3H KC KD QD 4S"})
    state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, deck=deck)
    points = solve(state, 0, "points")
    assert points.value == minimax(state, 0, "points")
    assert solve(state, 1, "points").value == minimax(state, 1, "points")


def test_paranoid_reading_with_three_sides() -> None:
    """With more than two sides every other seat plays against the seat: its value is the
    reference minimax where all the others minimise, never more than the value when
    another seat to act plays for itself."""
    compared = 0
    for seed in range(40):
        state = position(tf.SPOIL_FIVE, 3, seed)
        if state is None:
            continue
        for seat in range(3):
            assert solve(state, seat, "tricks").value == minimax(state, seat, "tricks")
            compared += 1
    assert compared >= 60


def test_a_finished_hand_has_its_outcome_value_and_no_action() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=5)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.outcome is not None
    result = solve(state, 1, "tricks")
    assert result == SolveResult(state.outcome.side_tricks[1], (), "tricks", 1, None, None, 1)


def test_every_objective_is_documented_in_order() -> None:
    assert OBJECTIVES == ("tricks", "pool", "points", "gains", "margin")


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        ((tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1), 3), {}, tf.InvalidSeatError, "seat 3"),
        ((tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1), "0"), {}, tf.InvalidSeatError, "'0'"),
        ((tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1), 0, "chips"), {},
         tf.InvalidArgumentError, "'chips' is not one of"),
        ((tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1), 0, "points"), {},
         tf.InvalidArgumentError, "needs a points game"),
        ((tf.new_hand(tf.FORTY_FIVE, players=3, seed=1), 0, "pool"), {},
         tf.InvalidArgumentError, "needs a pool game"),
        ((tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1), 0), {"all_values": 1},
         tf.InvalidArgumentError, "all_values"),
        ((tf.new_hand(tf.AUCTION_45, players=4, seed=1), 0), {},
         tf.InvalidArgumentError, "searched in its play phase only"),
        ((tf.new_hand(tf.FORTY_FIVE, players=3, seed=1), 0, "gains"), {},
         tf.InvalidArgumentError, "'gains' needs a bidding hand"),
        (("state", 0), {}, tf.InvalidArgumentError, "expected a HandState"),
        ((tf.new_game(tf.SPOIL_FIVE, players=3, seed=1), 0), {}, tf.InvalidArgumentError,
         (r"expected a HandState \(tf.new_hand\(...\)\), got GameState \(a GameState's "
          r"current hand is game.hand\)")),
    ],
)
def test_bad_arguments_are_refused_clearly(
    args: tuple[Any, ...], kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        solve(*args, **kwargs)


def test_a_search_budget_stops_the_search_or_changes_nothing() -> None:
    state = tf.new_hand(tf.FORTY_FIVE, players=4, seed=3)
    while state.phase is not tf.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    full = solve(state, 0, "points", all_values=True)
    assert full.nodes > 50
    with pytest.raises(tf.SearchLimitError, match=r"stopped after 50 positions") as info:
        solve(state, 0, "points", all_values=True, max_nodes=50)
    assert info.value.nodes == 51
    assert solve(state, 0, "points", all_values=True, max_nodes=full.nodes) == full
    with pytest.raises(tf.SearchLimitError):
        solve(state, 0, "points", all_values=True, max_nodes=full.nodes - 1)


@pytest.mark.parametrize("bad", [0, -3, 2.5, "10", True])
def test_a_bad_search_budget_is_refused(bad: Any) -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="max_nodes"):
        solve(state, 0, max_nodes=bad)
    with pytest.raises(tf.InvalidArgumentError, match="max_nodes"):
        tf.SampleSolvePlayer(max_nodes=bad)


def test_sample_solve_over_budget_plays_its_fallback() -> None:
    state = tf.new_hand(tf.FORTY_FIVE, players=4, seed=3)
    while state.phase is not tf.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.to_act)

    class Last:
        def choose(self, view: Any) -> Any:
            return view.legal_actions[-1]

    starved = tf.SampleSolvePlayer(samples=3, seed=1, max_nodes=1, fallback=Last())
    assert len(view.legal_actions) > 1
    assert starved.choose(view) == view.legal_actions[-1]
    fed = tf.SampleSolvePlayer(samples=3, seed=1, max_nodes=None, fallback=Last())
    assert fed.choose(view) in view.legal_actions
