"""Bidding games through ``GameState`` / ``Game`` (BIDDING.md §3.6, §3.7, §5.8, §7.1, the
end-of-game examples of §9.4 and EX-B08's redeals): scores, sets, throw-ins, the end
rules, records and resuming, a hypothesis state machine over every bidding preset with
random options, and the rule-of-thumb player against random bidders.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from biddingkit import act, bidding_variants, check_hand, find_plays, players_for, stand_pat
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import trumpfamily as tf

A45 = tf.AUCTION_45


def to_play(game: tf.GameState, bidder: int, bid: int, trump: str = "S") -> tf.GameState:
    """The current hand of ``game`` through its auction (``bidder`` bids, everybody else
    passes), trumps and a draw where everybody stands pat."""
    while game.hand.phase is tf.Phase.AUCTION:
        game = game.apply(tf.Bid(bid) if game.to_act == bidder else tf.Pass())
    game = game.apply(tf.NameTrump(trump))
    return stand_pat(game)


def finish(game: tf.GameState, side_tricks: tuple[int, ...], bonus_side: int | None = None,
           seeds: range = range(1)) -> tf.GameState:
    """The current hand played to its end with each side taking ``side_tricks``."""
    line = find_plays(game.hand, side_tricks, bonus_side=bonus_side)  # type: ignore[arg-type]
    assert line is not None, (game.hand, side_tricks)
    return act(game, *line)


def first_game(variant: tf.Variant, scores: tuple[int, ...], bidder: int, bid: int,
               side_tricks: tuple[int, ...], bonus_side: int | None, players: int = 4
               ) -> tf.GameState:
    """A game from ``scores`` whose first hand ends as asked (trying seeds for a deal)."""
    for seed in (2, 0, 5, *range(60)):
        game = to_play(tf.new_game(variant, players=players, seed=seed, dealer=players - 1,
                                   scores=scores), bidder, bid)
        line = find_plays(game.hand, side_tricks, bonus_side=bonus_side,  # type: ignore[arg-type]
                          budget=20_000)
        if line is not None:
            return act(game, *line)
    raise AssertionError("no deal found")


# -- scores, sets, throw-ins ---------------------------------------------------------------


def test_a_game_of_auction_45_keeps_its_books() -> None:
    """§3.6: the scores are the starting scores plus every hand's gains (a set subtracts);
    the sets are the bidding side's failures; the game ends at 120, the bidder first."""
    game = tf.Game(A45, players=4, seed=12)
    bots = [tf.RuleOfThumbPlayer(), tf.RandomPlayer(seed=1)] * 2
    winner = game.play(bots)
    state = game.state
    assert state.is_over and winner == game.winner and winner is not None
    gains = [o.gains for o in state.outcomes]
    assert all(g is not None for g in gains)
    assert state.scores == tuple(sum(g[s] for g in gains) for s in range(2))  # type: ignore[index]
    sets = [sum(1 for o in state.outcomes if o.made is False and o.bidder % 2 == s)  # type: ignore[operator]
            for s in range(2)]
    assert list(state.sets) == sets
    assert state.scores[winner] >= 120
    assert isinstance(state.events[-1], tf.events.GameOver)
    assert tf.replay_game(json.loads(json.dumps(state.record()))) == state


def test_ex_b08_the_same_dealer_deals_again_at_most_three_times() -> None:
    """EX-B08, §7.1 #1 (IMP-110b): all pass: the same dealer deals again; after the third
    throw-in in a row the deal passes left. Nothing is scored."""
    variant = A45.with_options(all_pass="redeal-same", max_redeals=3)
    game = tf.new_game(variant, players=4, seed=3, dealer=3)
    dealers = [game.dealer]
    for _ in range(3):
        game = act(game, "pass", "pass", "pass", "pass")
        dealers.append(game.dealer)
    assert dealers == [3, 3, 3, 0] and game.hand_number == 4
    assert game.scores == (0, 0) and all(o.thrown_in for o in game.outcomes)
    next_game = act(tf.new_game(A45, players=4, seed=3, dealer=3), "pass", "pass", "pass", "pass")
    assert next_game.dealer == 0  # redeal-next (IMP-NS)


def test_redeal_same_without_max_redeals_deals_at_most_three_times() -> None:
    """§7.1 #1: "one dealer therefore deals at most three times in a row": the default
    ``max_redeals`` (3) passes the deal left after the third throw-in, as AMERICAN_110's."""
    game = tf.new_game(A45.with_options(all_pass="redeal-same"), players=4, seed=3, dealer=3)
    dealers = [game.dealer]
    for _ in range(4):
        game = act(game, "pass", "pass", "pass", "pass")
        dealers.append(game.dealer)
    assert dealers == [3, 3, 3, 0, 0]


def test_a_bagged_dealer_plays_his_contract() -> None:
    """EX-B08 (IMP-ZB): with a bag rule nobody throws in; the dealer has it at 15."""
    game = act(tf.new_game(A45.with_options(all_pass="bag-dealer"), players=4, seed=3, dealer=3),
               "pass", "pass", "pass")
    assert game.hand.contract == tf.bidding.Contract(3, 15, bagged=True)


def test_a_game_view_shows_the_scores_and_the_target() -> None:
    game = tf.new_game(A45, players=4, seed=1, scores=(40, -25))
    view = game.view(2)
    assert isinstance(view, tf.BiddingView) and view.game is not None
    assert (view.game.scores, view.game.target, view.game.hand_number) == ((40, -25), 120, 1)
    assert game.hand.scores == (40, -25)
    with pytest.raises(tf.InvalidArgumentError, match="at or over the target"):
        tf.new_game(A45, players=4, seed=1, scores=(120, 0))
    with pytest.raises(tf.InvalidArgumentError, match="at or below lose_at"):
        tf.new_game(tf.NOVA_SCOTIA_45, players=4, seed=1, scores=(-125, 0))


# -- the end of the game (§3.7, §9.4) -----------------------------------------------------


@pytest.mark.parametrize(("rule", "winner"), [
    ("bidder-first", 0), ("higher-total", 1), ("bidding-side-only", 0)])
def test_ex_e01_both_sides_cross(rule: str, winner: int) -> None:
    """EX-E01: A (bidding) on 105, B on 115; A bids 15 and takes 15 (120), B takes 15
    (130): bidder-first (MVCS, IMP-ZB) and bidding-side-only (IMP-NL) give A, the
    higher total (W45) B."""
    variant = A45.with_options(target_tie=rule, min_bid_near_end=None)
    game = first_game(variant, (105, 115), 0, 15, (3, 2), 1)
    assert game.scores == (120, 130) and game.is_over and game.winner == winner


@pytest.mark.parametrize(("options", "over", "winner"), [
    ({}, True, 1),                                                             # BICA45
    ({"target_tie": "bidding-side-only"}, False, None),                        # IMP-NL
    ({"defender_limit": "no-score", "defender_threshold": 90}, False, None),  # WNH
])
def test_ex_e02_the_defenders_cross_while_the_bidders_are_set(
    options: dict[str, Any], over: bool, winner: int | None
) -> None:
    """EX-E02: A on 110 bids 25 and takes 10 (set: 85); B on 100 takes 20."""
    game = first_game(A45.with_options(**options), (110, 100), 0, 25, (2, 3), 1)
    assert game.scores[0] == 85 and game.is_over is over and game.winner == winner
    assert game.scores[1] == (120 if "defender_limit" not in options else 100)
    if not over:
        assert game.hand_number == 2 and game.sets == (1, 0)


def test_ex_e02_nova_scotia_plays_on_below_125() -> None:
    """EX-E02 (IMP-NS, target 125): B scores against a set bid, 120 < 125: play on."""
    game = first_game(tf.NOVA_SCOTIA_45, (110, 100), 0, 25, (2, 3), 1)
    assert game.scores == (85, 120) and not game.is_over


def test_ex_e05_the_last_hand_is_played_out() -> None:
    """EX-E05 (PAG55): in 55, Y (not the bidder) on 45 takes tricks 1 and 2: the hand is
    not stopped; it is scored whole, and trick order gives Y the game."""
    for seed in (2, 0, 5, *range(40)):
        game = tf.new_game(tf.FIFTY_FIVE, players=3, seed=seed, dealer=2, scores=(0, 45, 0))
        game = act(game, "bid 10", "pass", "pass")  # P0 bids, then keeps the dealt five
        game = game.apply(tf.Discard(game.hand.hands[0][5:]))
        game = stand_pat(game.apply(tf.NameTrump("S")))
        hand = game.hand
        line = find_plays(hand, (1, 3, 1), budget=20_000)  # type: ignore[arg-type]
        if line is None:
            continue
        half = act(hand, *line[:6])
        if [t.winner for t in half.tricks] != [1, 1]:
            continue
        after_two = act(game, *line[:6])
        assert not after_two.is_over and after_two.hand.phase is tf.Phase.PLAY
        game = act(game, *line)
        assert game.is_over and game.winner == 1 and game.outcomes[-1].tricks_played == 5
        return
    pytest.fail("no deal found")


def test_ex_e06_nova_scotia_target_and_floor() -> None:
    """EX-E06 (IMP-NS): A on -110 bids 20 and takes 15: -130 <= -125, B wins; a side on
    120 has not won (the target is 125)."""
    game = first_game(tf.NOVA_SCOTIA_45, (-110, 0), 0, 20, (3, 2), 1)
    assert game.scores[0] == -130 and game.is_over and game.winner == 1
    game = first_game(tf.NOVA_SCOTIA_45, (100, 0), 0, 20, (4, 1), 0)
    assert game.scores[0] == 125 and game.winner == 0
    game = first_game(tf.NOVA_SCOTIA_45, (95, 0), 0, 20, (4, 1), 0)
    assert game.scores[0] == 120 and not game.is_over


def test_ex_e07_three_sets_lose() -> None:
    """EX-E07 (IMP-NL, sets_to_lose=3): side B is set for the third time: it loses at
    once, whatever the scores."""
    game = tf.new_game(A45.with_options(sets_to_lose=3), players=4, seed=5, dealer=3)
    while not game.is_over:
        game = to_play(game, 1, 30)  # P1 bids 30: all five tricks, or set
        line = next(filter(None, (find_plays(game.hand, split)  # type: ignore[arg-type]
                                  for split in ((2, 3), (1, 4), (3, 2), (4, 1)))))
        game = act(game, *line)
        assert game.outcomes[-1].made is False
    assert game.sets == (0, 3) and game.winner == 0 and len(game.outcomes) == 3
    assert game.scores[1] == -90 and isinstance(game.events[-1], tf.events.GameOver)


def test_ex_e08_equal_totals_over_the_target_play_another_hand() -> None:
    """EX-E08 [I]: under "higher-total", A and B both on 125 after the same hand: another
    hand is dealt."""
    variant = A45.with_options(target_tie="higher-total", min_bid_near_end=None)
    game = first_game(variant, (110, 110), 0, 15, (3, 2), 1)
    assert game.scores == (125, 125) and not game.is_over and game.hand_number == 2


def test_finish_after_a_number_of_hands() -> None:
    """E1 (Rec Hall PEI): a game of 4 hands; the highest total wins; a hand thrown in does
    not count."""
    variant = A45.with_options(finish="hands", finish_hands=4)
    game = tf.Game(variant, players=4, seed=8)
    game.play([tf.RuleOfThumbPlayer()] * 4)
    played = [o for o in game.outcomes if not o.thrown_in]
    assert len(played) == 4 and game.winner == max(range(2), key=lambda s: game.scores[s])


# -- records and resuming ------------------------------------------------------------------


@pytest.mark.parametrize("variant", tf.BIDDING_VARIANTS.values(), ids=lambda v: v.name)
def test_a_cut_record_resumes_to_the_same_game(variant: tf.Variant) -> None:
    """A game record cut in the middle of a hand replays to that point, and the game
    plays on to the same end as the uncut game (deterministic bots)."""
    players = players_for(variant)[0]
    bots = [tf.RuleOfThumbPlayer()] * players
    whole = tf.Game(variant, players=players, seed=21, hands=6)
    whole.play(bots)
    cut = tf.new_game(variant, players=players, seed=21, hands=6)
    for _ in range(23):
        if cut.is_over:
            break
        cut = cut.apply(bots[0].choose(cut.view(cut.to_act)))  # type: ignore[arg-type]
    resumed = tf.Game.from_state(tf.replay_game(json.loads(json.dumps(cut.record()))))
    assert resumed.state == cut
    resumed.play(bots)
    assert resumed.state == whole.state
    assert resumed.scores == whole.scores and resumed.winner == whole.winner


def test_a_bidding_game_is_narrated_from_its_events() -> None:
    from trumpfamily.narrate import Narrator

    game = tf.new_game(tf.NEWFOUNDLAND_120S, players=4, seed=2, dealer=3)
    narrator = Narrator.for_game(game, seat=1)
    lines = narrator.lines(game.events)
    for _ in range(40):
        game = game.apply(tf.RuleOfThumbPlayer().choose(game.view(game.to_act)))  # type: ignore[arg-type]
        lines += narrator.lines(game.events)
    text = "\n".join(lines)
    assert "Your hand:" in text and "Trick 1:" in text  # the narrator knows every event


# -- the state machine -----------------------------------------------------------------------


class BiddingGameMachine(RuleBasedStateMachine):
    """Random bidding games, every preset with random options (``biddingkit.OVERLAY``),
    checking after every action: each card in one place, passed players never bid
    again, an auction ends in one contract or a throw-in, a refused action changes
    nothing, records replay to equal states, the books balance, and the game ends
    exactly when :func:`trumpfamily.bidding.game_end` says."""

    game: tf.GameState
    start: tuple[int, ...]

    @initialize(data=st.data())
    def new(self, data: st.DataObject) -> None:
        self._new_game(data)

    @precondition(lambda self: self.game.is_over)
    @rule(data=st.data())
    def next_game(self, data: st.DataObject) -> None:
        self._new_game(data)

    def _new_game(self, data: st.DataObject) -> None:
        variant = data.draw(bidding_variants(), label="variant")
        counts = players_for(variant) or players_for(tf.BIDDING_VARIANTS[variant.name])
        if not players_for(variant):
            variant = tf.BIDDING_VARIANTS[variant.name]
        players = data.draw(st.sampled_from(counts), label="players")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        self.game = tf.new_game(variant, players=players, seed=seed,
                                hands=data.draw(st.sampled_from((None, 4)), label="hands"))
        self.start = self.game.scores

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        game = self.game
        action = data.draw(st.sampled_from(game.legal_actions()), label="action")
        before = len(game.outcomes)
        after = game.apply(action, game.to_act)
        if len(after.outcomes) > before:
            self._settled(game, after)
            if after.is_over:  # the whole game's record rebuilds it
                assert tf.replay_game(json.loads(json.dumps(after.record()))) == after
        self.game = after

    def _settled(self, game: tf.GameState, after: tf.GameState) -> None:
        """The hand just settled moved the scores and ended the game by the rules."""
        bidding = game.variant.bidding
        assert bidding is not None
        hand = after.last_hand
        assert isinstance(hand, tf.BiddingHand) and hand.is_over
        assert tf.replay(hand.record()) == hand
        score = hand.hand_score
        last = game.hands_left == 0  # the hand just settled was the last one allowed
        if score is None:
            assert hand.thrown_in and after.scores == game.scores and after.sets == game.sets
            assert after.is_over == last
            return
        assert after.scores == tuple(a + g for a, g in zip(game.scores, score.gains, strict=True))
        played = sum(1 for o in after.outcomes if not o.thrown_in)
        end = tf.bidding.game_end(bidding, game.scores, score, sets=game.sets,
                                  hands_played=played)
        won = end is not None and end.winner is not None
        assert after.winner == (end.winner if won else None)  # type: ignore[union-attr]
        assert after.is_over == (won or last)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def try_anything(self, data: st.DataObject) -> None:
        """Any action at all: an illegal one is refused and changes nothing."""
        game = self.game
        deck = game.variant.ranking.deck()
        action = data.draw(st.one_of(
            st.sampled_from([tf.Pass(), tf.Discard(), tf.Claim(), *(tf.Bid(a) for a in (15, 30, 60)),
                             *(tf.NameTrump(s) for s in tf.Suit)]),
            st.sampled_from(deck).map(tf.Play), st.sampled_from(deck).map(tf.Take),
            st.sampled_from(deck).map(lambda c: tf.Discard([c]))), label="any action")
        if action in game.legal_actions():
            return
        try:
            game.apply(action)
        except tf.IllegalActionError as err:
            assert err.code in tf.REFUSAL_CODES and err.reason
        else:
            raise AssertionError(f"{action!r} was accepted but is not legal")
        assert self.game is game

    @invariant()
    def hand_invariants(self) -> None:
        hand = self.game.hand
        assert isinstance(hand, tf.BiddingHand)
        check_hand(hand)
        for seat in range(hand.players):
            view = self.game.view(seat)
            assert isinstance(view, tf.BiddingView)
            others = {c for s, h in enumerate(hand.hands) if s != seat for c in h}
            assert not others & set(view.hand)
            assert view.kitty == () or seat == hand.bidder

    @invariant()
    def books_balance(self) -> None:
        game = self.game
        gains = [o.gains or (0,) * len(game.sides) for o in game.outcomes]
        assert game.scores == tuple(s + sum(g[i] for g in gains) for i, s in enumerate(self.start))
        sets = tuple(sum(1 for o in game.outcomes if o.made is False
                         and o.bidder in game.sides[i]) for i in range(len(game.sides)))
        assert game.sets == sets
        assert sum(game.chips) == game.pool == 0


BiddingGameMachine.TestCase.settings = settings(
    max_examples=max(10, settings.default.max_examples // 2), stateful_step_count=80
)
TestBiddingGameMachine = BiddingGameMachine.TestCase


def test_game_records_replay_to_equal_states() -> None:
    for variant in tf.BIDDING_VARIANTS.values():
        players = players_for(variant)[-1]
        game = tf.Game(variant, players=players, seed=4, hands=3)
        game.play([tf.RandomPlayer(seed=s) for s in range(players)])
        data = json.loads(json.dumps(game.record()))
        assert tf.replay_game(data) == game.state


# -- the rule-of-thumb player against random bidders --------------------------------------


class RandomBidder:
    """Plays its cards by rule of thumb, but bids, names trumps and discards at random."""

    def __init__(self, seed: int) -> None:
        self.random = tf.RandomPlayer(seed=seed)
        self.thumb = tf.RuleOfThumbPlayer()

    def choose(self, view: tf.BiddingView) -> tf.Action:
        player = self.thumb if view.phase is tf.Phase.PLAY else self.random
        return player.choose(view)


@pytest.mark.parametrize(("opponent", "games"), [("random", 200), ("random-bidder", 200)])
def test_the_rule_of_thumb_player_beats_random_bidders(opponent: str, games: int) -> None:
    """Auction Forty-Fives, 2 v 2, sides swapped every game: the rule-of-thumb pair wins
    clearly more than half its games, against random players and against players whose
    card play is its own but whose bids, trumps and discards are random."""
    wins = 0
    for g in range(games):
        side = g % 2
        bots: list[Any] = [
            tf.RuleOfThumbPlayer() if seat % 2 == side
            else tf.RandomPlayer(seed=10 * g + seat) if opponent == "random"
            else RandomBidder(10 * g + seat)
            for seat in range(4)]
        game = tf.Game(A45, players=4, seed=g, hands=80)
        wins += game.play(bots) == side
    rate = wins / games
    # Each game is a fair coin if the players are equal: 200 games give a standard error
    # of 0.035 around 0.5; demand 0.75, seven standard errors above it.
    assert rate >= 0.75, rate


def test_random_bidders_in_a_game_without_a_bounded_end_stop_with_an_error() -> None:
    """Auction 45 has no lose_at and no sets_to_lose: sides that keep being set never reach
    120 (BIDDING.md §3.7), so Game.play without a hand limit gives up, after
    UNBOUNDED_HANDS hands, with an error that says why; with hands=N it stops quietly."""
    from trumpfamily.game import UNBOUNDED_HANDS

    game = tf.Game(tf.AUCTION_45, players=4, seed=0)
    bots = [tf.RandomPlayer(seed=i) for i in range(4)]
    assert game.play(bots, hands=3) is None and game.hand_number == 4
    with pytest.raises(tf.InvalidArgumentError, match="has not ended after 2,000 hands"):
        game.play(bots)
    assert game.hand_number == 4 + UNBOUNDED_HANDS and not game.is_over
    # a bounded game plays to its end: Nova Scotia loses a side at -125
    ns = tf.Game(tf.NOVA_SCOTIA_45, players=4, seed=0)
    assert ns.play([tf.RandomPlayer(seed=i) for i in range(4)]) is not None and ns.is_over


def test_starting_scores_over_the_target_that_the_rules_play_on_from() -> None:
    """BIDDING.md §3.7: equal top totals decide nothing (E4), and under
    target_tie='bidding-side-only' a side that reached the target defending plays on
    (EX-E02 reaches (85, 120) and goes on); a lone side over the target otherwise won."""
    only = tf.AUCTION_45.with_options(target_tie="bidding-side-only")
    assert not tf.new_game(only, players=4, scores=[85, 120]).is_over
    higher = tf.AUCTION_45.with_options(target_tie="higher-total")
    assert not tf.new_game(higher, players=4, scores=[130, 130]).is_over
    with pytest.raises(tf.InvalidArgumentError, match="at or over the target 120"):
        tf.new_game(tf.AUCTION_45, players=4, scores=[85, 120])
