"""The analysis API (issue 22 item 1): :func:`trumpfamily.search.analyse` and
:func:`trumpfamily.search.review`.

* the exact mode (``budget=None``) equals a brute-force average over every deal consistent
  with the view, enumerated here independently of the sampler (re-dealing the unseen
  cards into the other hands and keeping the deals that replay to the same view), each
  action applied and the rest solved;
* the best action is the search bot's choice at the same budget and seed (turn-up games:
  ``SampleSolvePlayer``; bidding games: ``SampleSolvePlayer(guard=None)``);
* a review of games played by a cheating exact solver shows no loss where the seat's
  information settles every action's value;
* re-dealing the cards the seat cannot see (the same actions replayed) gives the same
  analysis, in every phase;
* refusals.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import biddingkit
import pytest
from test_hidden import random_hand, redeal, seen_cards, silent_bar

import trumpfamily as tf
from trumpfamily.search import (
    EXACT_LIMIT,
    Analysis,
    ParanoidOracle,
    analyse,
    count_deals,
    review,
    solve,
)


def _objective(variant: tf.Variant) -> str:
    return "pool" if variant.scoring.scoring == "pool" else "points"


def _known(view: tf.SeatView) -> set[tf.Card]:
    """The cards ``view`` shows: its hand, every card played, the turn-up, the fived
    cards and its own face-down discards."""
    out = set(view.hand) | set(view.current_trick) | set(view.fived) | {view.turned_up}
    out.update(c for t in view.tricks for c in t.cards)
    for card in (view.turn_up, view.my_discard, view.my_joker_discard):
        if card is not None:
            out.add(card)
    return out


def brute_force_worlds(state: tf.HandState, seat: int) -> list[tf.HandState]:
    """Every deal consistent with ``seat``'s view of ``state``, enumerated without the
    sampler: each way of putting the unseen cards into the deck places the other seats'
    hidden cards were dealt to (the stock as a set, in a fixed order), kept when the
    replayed history gives the same view. Positions where another seat's face-down
    discard is in the history are not handled (the test does not pick them)."""
    view = state.view(seat)
    unseen = sorted((c for c in state.deck if c not in _known(view)), key=lambda c: c.index)
    owners = [o for o in range(state.players) if o != seat]
    spots = {o: [i for i, c in enumerate(state.deck) if c in unseen and c in state.hands[o]]
             for o in owners}
    stock = [i for i, c in enumerate(state.deck)
             if c in unseen and not any(i in spots[o] for o in owners)]
    actions = [t.action for t in view.history]
    worlds = []

    def fill(k: int, left: list[tf.Card], deck: list[tf.Card]) -> None:
        if k == len(owners):
            for i, c in zip(stock, left, strict=True):
                deck[i] = c
            try:
                other = tf.new_hand(state.variant, players=state.players,
                                    dealer=state.dealer, deck=deck)
                for a in actions:
                    other = other.apply(a)
            except tf.IllegalActionError:
                return
            if other.view(seat) == view:
                worlds.append(other)
            return
        where = spots[owners[k]]
        for pick in itertools.combinations(left, len(where)):
            for i, c in zip(where, pick, strict=True):
                deck[i] = c
            fill(k + 1, [c for c in left if c not in pick], deck)

    fill(0, unseen, list(state.deck))
    return worlds


def _late_positions(variant: tf.Variant, want: int, most: int = 400) -> list[tf.HandState]:
    """Positions of random 2-player hands with a choice, at most ``most`` consistent
    deals and no hidden discard of another seat in the history."""
    out = []
    for seed in range(200):
        for state, _ in random_hand(variant, 2, seed)[:-1]:
            seat = state.to_act
            if seat is None or len(state.legal_actions()) < 2:
                continue
            view = state.view(seat)
            if any(t.action is None for t in view.history):
                continue
            if count_deals(view) <= most:
                out.append(state)
                break
        if len(out) >= want:
            return out
    raise AssertionError(f"fewer than {want} positions found")


@pytest.mark.parametrize("variant", [
    tf.FORTY_FIVE, tf.SPOIL_FIVE, tf.TWENTY_FIVE, tf.MAW,
    tf.MAW.with_options(robbing=True, unrobbed_ace="cannot-win", holder_rob="may"),
], ids=["Forty-Five", "Spoil Five", "Twenty-Five", "Maw", "Maw-cannot-win"])
def test_the_exact_mode_equals_the_average_over_every_consistent_deal(
        variant: tf.Variant) -> None:
    """``budget=None``: every action's value is the exact average, over every deal the
    seat's information allows (enumerated by brute force), of the action's solved value;
    the worlds are those deals, counted; the intervals have width 0."""
    for state in _late_positions(variant, 3):
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        worlds = brute_force_worlds(state, seat)
        assert len(worlds) == count_deals(view) >= 1
        got = analyse(view, budget=None)
        assert got.exact and got.worlds == len(worlds)
        assert {r.action for r in got.rows} == set(view.legal_actions)
        objective = _objective(variant)
        share = 1.0
        if objective == "pool":
            share = sum(tf.scoring.antes(variant.scoring, 2, state.dealer, after_spoil=False))
        for row in got.rows:
            values = [solve(w.apply(row.action), seat, objective).value for w in worlds]  # type: ignore[arg-type]
            exact = sum(values) / len(values)
            assert row.worlds == len(worlds)
            assert row.mean == pytest.approx(share * exact, abs=1e-9)
            assert row.low == row.high == row.mean
            if objective == "pool":
                assert row.win_chance == pytest.approx(exact, abs=1e-9)
            else:
                assert row.win_chance is None
        means = [r.mean for r in got.rows]
        assert means == sorted(means, reverse=True)


def test_the_exact_mode_refuses_a_view_with_too_many_deals() -> None:
    state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, seed=4)
    view = state.view(state.to_act)
    assert count_deals(view) > EXACT_LIMIT
    with pytest.raises(tf.InvalidArgumentError, match=r"budget=None .* has 1,370,754"):
        analyse(view, budget=None)


def _random_positions(variant: tf.Variant, players: int, n: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        state = tf.new_hand(variant, players=players, dealer=rng.randrange(players),
                            seed=rng.randrange(10**6))
        stop = rng.randrange(0, 4 * players)
        for _ in range(stop):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and len(state.legal_actions()) > 1:
            out.append(state)
    return out


@pytest.mark.parametrize(("variant", "players"), [
    (tf.SPOIL_FIVE, 3),
    (tf.FORTY_FIVE, 4),
    (tf.TWENTY_FIVE.with_options(rob_timing="before-lead", holder_rob="may"), 4),
    (tf.MAW, 5),
    (tf.FORTY_FIVE.with_options(joker="third"), 3),
], ids=lambda x: getattr(x, "name", x))
def test_the_best_action_is_the_search_bots_choice(variant: tf.Variant, players: int) -> None:
    """At the same budget and seed, the best row is SampleSolvePlayer's choice (the same
    worlds, the same tie-break), over random positions."""
    compared = 0
    for k, state in enumerate(_random_positions(variant, players, 9, seed=players)):
        view = state.view(state.to_act)
        if view.trump is None:  # the joker discard: the bot falls back, not compared
            continue
        budget, seed = 2 + k % 3, k
        try:
            got = analyse(view, budget=budget, seed=seed)
        except tf.SearchLimitError:
            continue
        assert got.best == tf.SampleSolvePlayer(samples=budget, seed=seed).choose(view)
        assert got.budget == budget and got.seed == seed and got.worlds <= budget
        compared += 1
    assert compared >= 7


@pytest.mark.parametrize(("variant", "players"), [
    (tf.AUCTION_45, 4), (tf.NEWFOUNDLAND_120S, 4),
], ids=lambda x: getattr(x, "name", x))
def test_the_best_bidding_action_is_the_unguarded_search_bots_choice(
        variant: tf.Variant, players: int) -> None:
    """The bidding games: the best row is ``SampleSolvePlayer(guard=None)``'s choice at
    the same budget and seed, in every phase met (the bot's worlds and candidates)."""
    phases = set()
    for k, (state, _) in enumerate(biddingkit.random_hand(variant, players, seed=3)[:-1]):
        if len(state.legal_actions()) < 2 or k % 3:
            continue
        view = state.view(state.to_act)
        got = analyse(view, budget=3, seed=k)
        bot = tf.SampleSolvePlayer(samples=3, seed=k, guard=None, warn_fallback=False)
        assert got.best == bot.choose(view)
        assert got.unit == "points" and got.objective == "gains" and got.worlds == 3
        assert all(r.win_chance is None and r.low <= r.mean <= r.high for r in got.rows)
        phases.add(view.phase)
    assert {tf.Phase.AUCTION, tf.Phase.PLAY} <= phases
    if variant is tf.NEWFOUNDLAND_120S:
        assert {tf.Phase.TRUMP, tf.Phase.KITTY, tf.Phase.DRAW} & phases, phases


def test_the_dealers_discard_for_a_turned_up_joker_is_analysed() -> None:
    """No trump yet (a turned-up joker waits for the dealer's discard): every discard is
    valued, applied in each world and the rest of the hand solved (the bot leaves this
    decision to its fallback)."""
    variant = tf.FORTY_FIVE.with_options(joker="third")
    state = tf.new_hand(variant, players=3, seed=58)
    view = state.view(state.to_act)
    assert view.trump is None
    got = analyse(view, budget=4, seed=1)
    assert {r.action for r in got.rows} == set(view.legal_actions)
    assert got.worlds == 4 and got.unit == "points"
    assert len({r.mean for r in got.rows}) > 1
    assert all(0 <= r.mean <= 30 for r in got.rows)


def test_the_pool_chance_and_chips() -> None:
    """A pool game: ``win_chance`` is the share of worlds in which the seat takes the pool
    (Wilson's interval around it), ``mean`` that times the pool (the game's pool when the
    view comes from a game)."""
    game = tf.new_game(tf.SPOIL_FIVE, players=2, seed=3)
    for _ in range(4):
        game = game.apply(game.legal_actions()[0])
    view = game.view(game.to_act)
    assert view.game is not None and view.game.pool
    got = analyse(view, budget=12, seed=2)
    assert got.unit == "chips" and got.objective == "pool"
    for r in got.rows:
        assert r.win_chance is not None and 0 <= r.win_chance <= 1
        assert r.mean == pytest.approx(view.game.pool * r.win_chance)
        assert r.low <= r.mean <= r.high
        assert 0 <= r.low and r.high <= view.game.pool
        wins = round(r.win_chance * r.worlds)
        assert r.win_chance == wins / r.worlds
    tricks = analyse(view, budget=12, seed=2, objective="tricks")
    assert tricks.unit == "tricks" and all(r.win_chance is None for r in tricks.rows)


class Cheat:
    """A cheating bot for the turn-up games: solves the true deal and plays one of its best
    actions (the last, so it differs from the analysis's tie-break where it can)."""

    def __init__(self, mode: str = "best") -> None:
        self.mode = mode

    def choose_state(self, state: tf.HandState, seat: int) -> tf.Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        objective = _objective(state.variant)
        result = solve(state, seat, objective, all_values=True)  # type: ignore[arg-type]
        assert result.action_values is not None
        if self.mode == "best":
            return result.best_actions[-1]
        return min(result.action_values, key=lambda av: av[1])[0]


def _cheated_game(variant: tf.Variant, seed: int, cheat: Cheat) -> tf.GameState:
    thumb = tf.RuleOfThumbPlayer()
    game = tf.new_game(variant, players=2, seed=seed, hands=6)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat == 0:
            action = cheat.choose_state(game.hand, 0)  # type: ignore[arg-type]
        else:
            action = thumb.choose(game.view(seat))
        game = game.apply(action)
    return game


def _exact_values(state: tf.HandState, seat: int) -> list[dict[tf.Action, int]]:
    """Per consistent deal (brute force), each legal action's solved value."""
    objective = _objective(state.variant)
    out = []
    for w in brute_force_worlds(state, seat):
        result = solve(w, seat, objective, all_values=True)  # type: ignore[arg-type]
        assert result.action_values is not None
        out.append(dict(result.action_values))
    return out


def _hands_of(game: tf.GameState, seat: int) -> dict[tuple[int, int], tf.HandState]:
    """Each decision's true hand state (hand number, action index), from the record."""
    out = {}
    record = game.record()
    for h, deal in enumerate(record["deals"]):
        hand = tf.new_hand(game.variant, players=game.players, dealer=deal["dealer"],
                           deck=deal["deck"])
        for i, raw in enumerate(deal["actions"]):
            action = _structure(raw)
            if hand.to_act == seat:
                out[h + 1, i] = hand
            hand = hand.apply(action)
    return out


def _structure(raw: Any) -> tf.Action:
    from trumpfamily.convert import CONVERTER

    action: tf.Action = CONVERTER.structure(raw, tf.Action)  # type: ignore[arg-type]
    return action


def test_a_review_of_a_cheating_solver_shows_no_loss_where_the_information_settles_it(
        ) -> None:
    """Games whose seat 0 solves the true deal (a cheat), reviewed in the exact mode: at
    every decision checked (at most 1,000 consistent deals), the loss is the exact one
    computed by brute force (the best action's average over every consistent deal minus
    the taken action's: points, or the pool-win chance times the pool), and it is 0
    wherever the seat's information settles that the action taken is best (best in every
    consistent deal; a fortiori where ``count_deals`` is 1, which no real position with
    a choice reaches: a stock of unseen cards is always left). A cheat that plays its
    worst action shows a loss (the check can fail)."""
    settled = checked = 0
    for variant in (tf.FORTY_FIVE, tf.SPOIL_FIVE):
        game = _cheated_game(variant, 1, Cheat())
        got = review(game.record(), 0, budget=None)
        hands = _hands_of(game, 0)
        assert [(d.hand, d.index) for d in got.decisions] == sorted(hands)
        for d in got.decisions:
            if d.forced or d.loss is None:
                continue
            assert d.analysis is not None and d.analysis.exact
            state = hands[d.hand, d.index]
            if count_deals(state.view(0)) > 1000:
                continue
            table = _exact_values(state, 0)
            means = {a: sum(v[a] for v in table) / len(table) for a in table[0]}
            exact = max(means.values()) - means[d.action]
            if variant.scoring.scoring == "pool":
                best, taken = d.analysis.rows[0], d.analysis.row(d.action)
                assert best.win_chance is not None and taken.win_chance is not None
                assert best.win_chance - taken.win_chance == pytest.approx(exact, abs=1e-9)
                assert (d.loss == 0) == (exact == 0)
            else:
                assert d.loss == pytest.approx(exact, abs=1e-9), d
            checked += 1
            if all(v[d.action] == max(v.values()) for v in table):
                assert d.loss == 0.0, d
                settled += 1
    assert checked >= 6 and settled >= 3
    worst = review(_cheated_game(tf.FORTY_FIVE, 1, Cheat("worst")).record(), 0, budget=None)
    assert worst.total_loss > 0 and worst.worst(1)[0].loss > 0  # type: ignore[operator]


def test_review_of_a_bidding_game_played_by_an_oracle() -> None:
    """A bidding game (seats 0 and 2 the paranoid oracle): one decision per action of the
    seat (hand number, index in the hand, the action), forced ones flagged, losses >= 0 in
    points (best mean minus the taken action's), the worst first, the total their sum."""
    oracle, thumb = ParanoidOracle(), tf.RuleOfThumbPlayer()
    game = tf.new_game(tf.AUCTION_45, players=4, seed=5, hands=1)
    mine = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat % 2 == 0:
            action = oracle.choose_state(game.hand, seat)  # type: ignore[arg-type]
        else:
            action = thumb.choose(game.view(seat))
        if seat == 0:
            mine.append((game.hand_number, len(game.hand.history), action))
        game = game.apply(action)
    got = review(game.record(), 0, budget=2, seed=1)
    assert [(d.hand, d.index, d.action) for d in got.decisions] == mine
    assert got.unit == "points"
    analysed = [d for d in got.decisions if not d.forced]
    assert analysed and all(d.loss is not None and d.loss >= 0 for d in analysed)
    assert got.total_loss == pytest.approx(math.fsum(d.loss or 0 for d in got.decisions))
    worst = got.worst()
    assert [d.loss for d in worst] == sorted((d.loss for d in worst), reverse=True)
    assert got.worst(1) == worst[:1]
    for d in analysed:
        assert d.analysis is not None and d.best == d.analysis.best
        assert d.loss == pytest.approx(d.analysis.rows[0].mean - d.analysis.row(d.action).mean)
    assert str(got).startswith("Auction Forty-Fives, seat 0: ")
    with pytest.raises(tf.InvalidArgumentError, match="budget=None"):
        review(game.record(), 0, budget=None)


def test_review_reads_hands_games_and_states_alike() -> None:
    state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, seed=4)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    a = review(state, 1, budget=2, seed=3)
    b = review(state.record(), 1, budget=2, seed=3)
    assert a == b
    turns = [(i, t) for i, t in enumerate(state.history) if t.seat == 1]
    assert [(d.hand, d.index, d.action) for d in a.decisions] == [(1, i, t.action)
                                                                  for i, t in turns]
    game = tf.new_game(tf.FORTY_FIVE, players=2, seed=4, hands=2)
    while not game.is_over:
        game = game.apply(game.legal_actions()[-1])
    c = review(game, 0, budget=2, seed=3)
    assert c == review(game.record(), 0, budget=2, seed=3)
    assert {d.hand for d in c.decisions} == {1, 2}
    first = next(d for d in c.decisions if d.hand == 1 and not d.forced)
    assert first.analysis is not None


# -- re-deal ---------------------------------------------------------------------------


def _kind(state: Any) -> str:
    legal = state.legal_actions()
    if any(isinstance(a, tf.Jink) for a in legal):
        return "jink"
    if any(isinstance(a, tf.Rob | tf.DeclineRob) for a in legal):
        return "rob"
    return state.phase.value


@pytest.mark.parametrize("variant", [
    tf.TWENTY_FIVE.with_options(rob_timing="before-lead"),
    tf.SPOIL_FIVE,
], ids=lambda v: v.name)
def test_a_redeal_of_the_unseen_cards_keeps_the_analysis(variant: tf.Variant) -> None:
    """Turn-up games: at one decision per kind (rob, jink, play), re-dealing the cards the
    seat cannot see and replaying the same actions gives the same view and the same
    analysis (same seed)."""
    rng = random.Random(3)
    kinds: dict[str, int] = {}
    for seed in range(60):
        line = random_hand(variant, 2 + seed % 2, seed)
        for k, (state, _) in enumerate(line[:-1]):
            seat = state.to_act
            kind = _kind(state)
            if kinds.get(kind, 0) >= 2 or len(state.legal_actions()) < 2 or silent_bar(state):
                continue
            view = state.view(seat)
            try:
                expected = analyse(view, budget=3, seed=seed)
            except tf.SearchLimitError:
                continue
            keep = seen_cards(line, k, seat)
            for _ in range(3):
                other = tf.new_hand(variant, players=state.players, dealer=state.dealer,
                                    deck=redeal(state.deck, keep, rng))
                try:
                    for _, action in line[:k]:
                        other = other.apply(action)
                except tf.IllegalActionError:
                    continue
                if other.hands == state.hands or silent_bar(other):
                    continue
                assert other.view(seat) == view
                assert analyse(other.view(seat), budget=3, seed=seed) == expected
                kinds[kind] = kinds.get(kind, 0) + 1
                break
        if all(kinds.get(x, 0) >= 2 for x in ("rob", "jink", "play")):
            break
    assert {"rob", "jink", "play"} <= set(kinds), kinds


@pytest.mark.parametrize(("variant", "players"), [
    (tf.NEWFOUNDLAND_120S, 4), (tf.AUCTION_45, 4),
], ids=lambda x: getattr(x, "name", x))
def test_a_bidding_redeal_keeps_the_analysis(variant: tf.Variant, players: int) -> None:
    """The bidding games: the same at the auction, naming trumps, the kitty, the draw and
    the play."""
    rng = random.Random(4)
    phases = set()
    for seed in range(6):
        line = biddingkit.random_hand(variant, players, seed)
        first: dict[tf.Phase, int] = {}
        for k, (state, _) in enumerate(line[:-1]):
            if len(state.legal_actions()) > 1:
                first.setdefault(state.phase, k)
        for phase, k in first.items():
            if phase in phases:
                continue
            state = line[k][0]
            seat = state.to_act
            view = state.view(seat)
            expected = analyse(view, budget=2, seed=seed)
            keep = biddingkit.seen_cards(line, k, seat)
            for _ in range(4):
                other = tf.new_bidding_hand(variant, players=players, dealer=state.dealer,
                                            deck=biddingkit.redeal(state.deck, keep, rng),
                                            scores=state.scores)
                try:
                    for _, action in line[:k]:
                        other = other.apply(action)
                except tf.IllegalActionError:
                    continue
                if other.hands == state.hands:
                    continue
                assert other.view(seat) == view
                assert analyse(other.view(seat), budget=2, seed=seed) == expected
                phases.add(phase)
                break
    assert {tf.Phase.AUCTION, tf.Phase.TRUMP, tf.Phase.DRAW, tf.Phase.PLAY} <= phases, phases
    if variant is tf.NEWFOUNDLAND_120S:  # the bidder's kitty discard as well
        assert tf.Phase.KITTY in phases, phases


# -- the values and their printing ------------------------------------------------------


def test_the_analysis_prints_a_table_and_finds_rows() -> None:
    state = tf.new_hand(tf.FORTY_FIVE, players=4, dealer=3, seed=2)
    view = state.view(state.to_act)
    got = analyse(view, budget=4, seed=1)
    assert isinstance(got, Analysis)
    text = str(got)
    assert text.splitlines()[0].startswith("Forty-Five, seat 0, play: points in points, 4 worlds")
    assert len(text.splitlines()) == 1 + len(view.legal_actions)
    assert got.row(got.best) is got.rows[0]
    with pytest.raises(tf.InvalidArgumentError, match="has no row"):
        got.row(tf.Pass())
    assert analyse(view, budget=4, seed=1) == got
    assert got.seed == 1 and not got.exact


# -- refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize("budget", [0, -3, True, 2.0, "8"])
def test_a_bad_budget_is_refused(budget: Any) -> None:
    view = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    view = view.view(view.to_act)
    with pytest.raises(tf.InvalidArgumentError, match="analyse: budget="):
        analyse(view, budget=budget)
    with pytest.raises(tf.InvalidArgumentError, match="review: budget="):
        review(tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1), 0, budget=budget)


@pytest.mark.parametrize("seed", [1.5, [1], object()])
def test_a_bad_seed_is_refused(seed: Any) -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="analyse: seed="):
        analyse(state.view(state.to_act), seed=seed)
    with pytest.raises(tf.InvalidArgumentError, match="review: seed="):
        review(state, 0, seed=seed)


def test_a_bad_objective_is_refused() -> None:
    pool = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    points = tf.new_hand(tf.FORTY_FIVE, players=4, seed=1)
    bidding = tf.new_hand(tf.AUCTION_45, players=4, seed=1)
    for state, bad in [(pool, "points"), (points, "pool"), (pool, "gains"),
                       (bidding, "points"), (bidding, "nope"), (points, 3)]:
        with pytest.raises(tf.InvalidArgumentError, match="analyse: objective="):
            analyse(state.view(state.to_act), budget=1, objective=bad)


def test_a_view_without_a_legal_action_is_refused() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    other = (state.to_act + 1) % 3
    with pytest.raises(tf.InvalidArgumentError, match="analyse: view: seat .* has no legal"):
        analyse(state.view(other), budget=1)
    with pytest.raises(tf.InvalidArgumentError, match="analyse: view=.* is not a SeatView"):
        analyse(state, budget=1)  # type: ignore[arg-type]
    bidding = tf.new_hand(tf.AUCTION_45, players=4, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="budget=None"):
        analyse(bidding.view(bidding.to_act), budget=None)


def test_review_refusals() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    state = state.apply(state.legal_actions()[0])
    with pytest.raises(tf.InvalidArgumentError, match="review: seat=3"):
        review(state, 3, budget=1)
    with pytest.raises(tf.InvalidArgumentError, match="review: record="):
        review([1, 2], 0, budget=1)
    with pytest.raises(tf.ReplayError):
        review({"format": 1, "actions": []}, 0, budget=1)
    got = review(state, 0, budget=1)
    with pytest.raises(tf.InvalidArgumentError, match="Review.worst: n=-1"):
        got.worst(-1)


@pytest.mark.parametrize("ms", [0, -5, float("nan"), "50", True])
def test_a_bad_time_budget_is_refused(ms: Any) -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="analyse: milliseconds="):
        analyse(state.view(state.to_act), milliseconds=ms)
    with pytest.raises(tf.InvalidArgumentError, match="review: milliseconds="):
        review(state, 0, milliseconds=ms)


def test_a_time_budget_stops_the_sampling_after_one_world_at_least() -> None:
    """``milliseconds``: at least one world, at most ``budget``, the time budget kept in
    the analysis (turn-up and bidding views)."""
    for variant, players in [(tf.FORTY_FIVE, 4), (tf.AUCTION_45, 4)]:
        state = tf.new_hand(variant, players=players, seed=2)
        got = analyse(state.view(state.to_act), budget=50, seed=1, milliseconds=1e-3)
        assert 1 <= got.worlds < 50 and got.milliseconds == 1e-3
        assert all(r.worlds == got.worlds for r in got.rows)


def test_a_review_values_a_discard_outside_the_candidates() -> None:
    """A kitty discard the candidates leave out (a random one of 219) is valued on the same
    worlds as the candidates, so its loss is measured."""
    from trumpfamily.search import candidate_actions

    line = biddingkit.random_hand(tf.NEWFOUNDLAND_120S, 4, seed=0)
    k, state = next((k, s) for k, (s, _) in enumerate(line) if s.phase is tf.Phase.KITTY)
    seat, action = state.to_act, line[k][1]
    assert action not in candidate_actions(state.view(seat))
    got = review(line[-1][0], seat, budget=2, seed=1)
    d = next(d for d in got.decisions if d.phase is tf.Phase.KITTY)
    assert d.index == k and d.action == action and d.analysis is not None
    row = d.analysis.row(action)
    assert d.loss == pytest.approx(d.analysis.rows[0].mean - row.mean) and d.loss >= 0
    assert len(d.analysis.rows) == len(candidate_actions(state.view(seat))) + 1


def test_a_redeal_keeps_the_review() -> None:
    """A review reads only the seat's views: re-dealing every card the seat never sees in
    the hand (the stock, and the cards left unplayed when the pool is won early) and
    replaying the same actions gives the same review."""
    rng = random.Random(6)
    compared = 0
    for seed in range(20):
        line = random_hand(tf.SPOIL_FIVE, 3, seed)
        state, seat = line[-1][0], seed % 3
        keep = seen_cards(line, len(line) - 1, seat)
        expected = review(state, seat, budget=2, seed=4)
        other = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=state.dealer,
                            deck=redeal(state.deck, keep, rng))
        try:
            for _, action in line[:-1]:
                other = other.apply(action)
        except tf.IllegalActionError:
            continue
        if other.hands == state.hands or silent_bar(other) or silent_bar(state):
            continue
        assert review(other, seat, budget=2, seed=4) == expected
        compared += 1
        if compared >= 2:
            break
    assert compared >= 2
