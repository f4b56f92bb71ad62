"""The frozen game value: ``new_game``, ``GameState.apply``, game records and resume
(RULES.md §1.6, §1.7, §1.8, §2.3, §2.4; EX-54, EX-57, EX-58, EX-60, EX-68, EX-69).

Unit tests with the values written out, then a ``RuleBasedStateMachine`` that plays whole
games of every preset with random options and checks the books, the records and resuming
at every step.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from strategies import deck_of, variants

import trumpfamily as tf
from trumpfamily.convert import CONVERTER
from trumpfamily.events import AntesPaid, Dealt, GameOver, HandOver, HandScored, PoolCarried
from trumpfamily.scoring import game_winner, reaches_target, settle_pool

C = tf.Card.parse
POINTS_25 = tf.TWENTY_FIVE.with_options(scoring="points")


def play_hand(state: tf.GameState, plan: dict[int, list[tf.Action]]) -> tf.GameState:
    """Play the current hand to its end: each seat in ``plan`` makes its listed actions in
    order (when one is not legal yet, e.g. before a prompt is answered, the seat takes its
    first legal action and keeps the plan), the others their first legal action."""
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        seat = state.to_act
        assert seat is not None
        queue = plan.get(seat)
        legal = state.legal_actions()
        action = queue.pop(0) if queue and queue[0] in legal else legal[0]
        state = state.apply(action, seat)
    return state


def play_on(state: tf.GameState, rng: random.Random, *, hands: int | None = None) -> tf.GameState:
    """Random legal actions until the game is over (or ``hands`` more hands are dealt)."""
    stop = None if hands is None else state.hand_number + hands
    while not state.is_over and (stop is None or state.hand_number < stop):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def check_books(state: tf.GameState, start: list[int] | None = None) -> None:
    """The books balance: chips and pool; outcomes add up to scores and chips (from the
    starting ``scores``, by default those of the record)."""
    assert sum(state.chips) + state.pool == 0
    pool_game = state.variant.scoring.scoring == "pool"
    if start is None:
        start = state.record()["scores"]
    start = start or [0] * len(state.sides)
    if pool_game:
        assert all(o.chips is not None and o.complete for o in state.outcomes)
        for seat in range(state.players):
            won = sum(o.chips[seat] for o in state.outcomes if o.chips is not None)
            assert won - state.stakes[seat] == state.chips[seat]
        assert state.scores == (0,) * len(state.sides) and state.winner is None
    else:
        assert state.chips == state.stakes == (0,) * state.players and state.pool == 0
        totals = list(start)
        for o in state.outcomes:
            assert o.side_points is not None and o.chips is None
            totals = [a + b for a, b in zip(totals, o.side_points, strict=True)]
        assert tuple(totals) == state.scores
        assert all(o.complete for o in state.outcomes[:-1])
    if state.is_over:
        assert state.stakes == (0,) * state.players
        assert state.to_act is None and state.legal_actions() == ()
    else:
        assert len(state.outcomes) == state.hand_number - 1


# -- the rule functions of scoring.py -------------------------------------------------------


def test_first_to_reach_counts_tricks_without_bonuses() -> None:
    """EX-68: on 20, one trick (5) reaches 25; EX-69: B on 20 takes a trick, 25."""
    assert reaches_target(20, 1, POINTS_25.scoring)
    assert not reaches_target(15, 1, POINTS_25.scoring)
    assert not reaches_target(40, 5, tf.FORTY_FIVE.scoring)  # higher-total: end of hand only


def test_game_winner_at_the_end_of_a_hand() -> None:
    """W45: of those over 45 the higher total wins; equal top totals play on (§2.4 [I]);
    PEEL/OW45: all five tricks win the game (EX-75, EX-76)."""
    s = tf.FORTY_FIVE.scoring
    assert game_winner([50, 46, 0], s) == 0
    assert game_winner([50, 50, 0], s) is None
    assert game_winner([44, 30, 0], s) is None
    assert game_winner([10, 30], s, all_five=0) is None  # five_tricks="none"
    wins = tf.FORTY_FIVE.with_options(five_tricks="wins-game").scoring
    assert game_winner([10, 30], wins, all_five=0) == 0


def test_settle_pool_shares_and_carries() -> None:
    assert settle_pool(12, (0,), 5) == ((12, 0, 0, 0, 0), 0)  # EX-57
    assert settle_pool(9, (1, 3), 4) == ((0, 4, 0, 4), 1)  # the odd chip stays
    assert settle_pool(12, (), 5) == ((0,) * 5, 12)  # EX-58: a spoil carries


# -- new_game ---------------------------------------------------------------------------------


def test_new_game_takes_the_antes_and_deals() -> None:
    """§1.7: a fresh pool is ``ante`` from each and ``dealer_ante`` from the dealer."""
    state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=5)
    assert (state.dealer, state.hand_number, state.pool) == (0, 1, 4)
    assert state.stakes == (2, 1, 1) and state.chips == (-2, -1, -1)
    assert state.outcomes == () and not state.is_over and state.winner is None
    assert state.hand.dealer == 0 and state.to_act == state.hand.to_act is not None
    assert state.legal_actions() == state.hand.legal_actions()
    assert state.events[0] == AntesPaid((2, 1, 1), 4)
    dealt = [e for e in state.events if isinstance(e, Dealt)]
    assert [e.hand_number for e in dealt] == [1]
    assert repr(state) == (
        "<GameState 'Spoil Five' 3 players: hand 1, dealer 0; pool 4, chips (-2, -1, -1)>"
    )


def test_the_shuffles_are_those_game_always_made() -> None:
    """One ``random.Random(seed)``: the first-Jack deal (EX-54), then ``getrandbits(64)``
    seeds each shuffled deal; a stacked deck uses nothing up."""
    rng = random.Random(7)
    cards = list(tf.MAW.ranking.deck())
    rng.shuffle(cards)
    dealer, shown = tf.first_jack(cards, 5)
    first = tf.new_hand(tf.MAW, players=5, dealer=dealer, seed=rng.getrandbits(64))
    second_seed = rng.getrandbits(64)
    state = tf.new_game(tf.MAW, players=5, seed=7)
    assert (state.dealer, state.first_dealer_cards, state.hand) == (dealer, shown, first)
    state = play_hand(state, {})
    assert state.hand == tf.new_hand(tf.MAW, players=5, dealer=(dealer + 1) % 5, seed=second_seed)
    stacked = tf.new_game(tf.MAW, players=5, seed=7, decks=[first.deck[::-1]])
    stacked = play_hand(stacked, {})
    assert stacked.hand.deck == first.deck  # the stacked deck used no shuffle up


def test_a_seed_is_always_kept() -> None:
    """``seed=None`` draws one and keeps it; bytes are kept as the int seeding the same."""
    state = tf.new_game(tf.SPOIL_FIVE, players=4)
    assert type(state.seed) is int
    assert tf.replay_game(json.loads(json.dumps(state.record()))) == state
    by_bytes = tf.new_game(tf.SPOIL_FIVE, players=4, seed=b"maw")
    assert type(by_bytes.seed) is int
    assert tf.new_game(tf.SPOIL_FIVE, players=4, seed=by_bytes.seed) == by_bytes
    assert by_bytes.hand == tf.new_game(tf.SPOIL_FIVE, players=4, seed="maw").hand
    assert tf.new_game(tf.SPOIL_FIVE, players=4, seed="maw").seed == "maw"


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"players": 7, "variant": tf.FORTY_FIVE}, tf.PlayerCountError, "7"),
        ({"dealer": 3}, tf.PlayerCountError, "dealer=3 is not a seat"),
        ({"hands": 0}, tf.InvalidArgumentError, "hands=0"),
        ({"seed": 1.5}, tf.InvalidArgumentError, "seed=1.5: a seed is an int"),
        ({"decks": "5H"}, tf.InvalidArgumentError, "sequence of decks"),
        ({"decks": ["5H"]}, tf.InvalidDeckError, r"decks\[0\]"),
        ({"scores": [0, 0, 0]}, tf.InvalidArgumentError, "scores are for points games"),
        ({"variant": tf.FORTY_FIVE, "scores": [45, 0, 0]}, tf.InvalidArgumentError, "over"),
        ({"variant": "Bridge"}, tf.UnknownVariantError, "Bridge"),
    ],
)
def test_new_game_refuses_bad_arguments(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    args: dict[str, Any] = {"variant": tf.SPOIL_FIVE, "players": 3, "seed": 1, **kwargs}
    with pytest.raises(error, match=message):
        tf.new_game(args.pop("variant"), **args)


# -- a value ------------------------------------------------------------------------------------


def test_a_game_state_is_an_immutable_hashable_picklable_value() -> None:
    state = tf.new_game(tf.MAW, players=4, seed=3)
    action = state.legal_actions()[0]
    after = state.apply(action)
    assert state.hand.actions == () and after.hand.actions == (action,)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.pool = 0  # type: ignore[misc]
    again = tf.new_game(tf.MAW, players=4, seed=3).apply(action)
    assert again == after and hash(again) == hash(after) and again != state
    assert pickle.loads(pickle.dumps(after)) == after
    assert len({state, after, again}) == 2


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = tf.new_game(tf.SPOIL_FIVE, players=4, seed=5)
    before = pickle.loads(pickle.dumps(state))  # a deep copy
    with pytest.raises(tf.IllegalActionError):
        state.apply(tf.Claim())
    with pytest.raises(tf.IllegalActionError):
        state.apply(state.legal_actions()[0], seat=(state.hand.to_act or 0) + 1)
    assert state == before and state.hand.actions == ()


def test_nothing_is_allowed_after_the_game() -> None:
    state = play_hand(tf.new_game(tf.SPOIL_FIVE, players=3, seed=2, hands=1), {})
    assert state.is_over and state.hands_left == 0 and state.stakes == (0, 0, 0)
    with pytest.raises(tf.IllegalActionError, match="the game is over") as info:
        state.apply(tf.Play("5H"))
    assert info.value.code == "game-over"
    view = state.view(0)
    assert view.to_act is None and view.legal_actions == () and view.game.hands_left == 0


# -- pool games: chips per hand -------------------------------------------------------------------


def _claim_then_jink() -> tf.GameState:
    """Spoil Five, three players. Hand 1 (P0 deals): P1 wins three tricks and claims
    (EX-59). Hand 2 (P1 deals): P2 wins three, jinks and takes all five (EX-60, FOS: one
    counter from each other player). Nobody holds the Ace of trumps (no robbing)."""
    v, n = tf.SPOIL_FIVE, 3
    deck1 = tf.stacked_deck(v, players=n, dealer=0, hands={1: "5C JC AH KC QC"},
                            turn_up="2C", stock="AC")
    deck2 = tf.stacked_deck(v, players=n, dealer=1, hands={2: "5D JD AH KD QD"},
                            turn_up="2D", stock="AD")
    state = tf.new_game(v, players=n, seed=1, decks=[deck1, deck2])
    claim: list[tf.Action] = [tf.Play(c) for c in tf.parse_cards("5C JC AH")]
    state = play_hand(state, {1: [*claim, tf.Claim()]})
    assert state.outcomes[-1].claimed and state.outcomes[-1].winner == 1
    jink: list[tf.Action] = [tf.Play(c) for c in tf.parse_cards("5D JD AH")]
    jink += [tf.Jink(), tf.Play(C("KD")), tf.Play(C("QD"))]
    plan = {2: jink}
    return play_hand(state, plan)


def test_pool_outcomes_carry_the_chips_of_each_hand() -> None:
    """Net chips a hand: minus its ante, plus the pool won, plus jink payments (§1.6, §1.7)."""
    state = _claim_then_jink()
    one, two = state.outcomes
    assert one.chips == (-2, 4 - 1, -1)  # P0 dealt (2); P1 takes the pool of 4
    assert two.jink_succeeded and two.chips == (-1 - 1, -2 - 1, -1 + 4 + 2)
    assert (state.dealer, state.stakes, state.pool) == (2, (1, 1, 2), 4)
    assert state.chips == (-5, -1, 2)
    check_books(state)


def test_the_events_of_a_hand_ending_action() -> None:
    state = _claim_then_jink()
    kinds = [type(e) for e in state.events]
    assert kinds[kinds.index(HandOver):kinds.index(Dealt)] == [HandOver, HandScored, AntesPaid]
    scored = next(e for e in state.events if isinstance(e, HandScored))
    assert scored == HandScored(2, state.outcomes[1])
    assert next(e for e in state.events if isinstance(e, Dealt)).hand_number == 3
    middle = state.apply(state.legal_actions()[0])
    assert middle.events == middle.hand.events


def test_a_spoil_carries_the_pool() -> None:
    """EX-58: a spoil carries the pool, and the next deal's antes go on top."""
    state = tf.new_game(tf.SPOIL_FIVE, players=5, seed=11)
    rng = random.Random(3)
    while not (state.outcomes and state.outcomes[-1].spoil):
        before = state.pool
        state = play_on(state, rng, hands=1)
    assert state.pool == before + sum(state.stakes)
    assert PoolCarried(before) in state.events
    check_books(state)


# -- points games -------------------------------------------------------------------------------


def test_twenty_five_points_ends_mid_hand_with_a_partial_outcome() -> None:
    """EX-68/69 with the bots: side 0 reaches 25 at the third trick of hand 2 and wins; the
    rest of that hand is not played, and its outcome counts 5 a trick so far."""
    game = tf.Game(POINTS_25, players=4, seed=1)
    assert game.play([tf.RuleOfThumbPlayer()] * 4) == 0
    assert game.scores == (25, 15)
    first, last = game.outcomes
    assert first.complete and first.side_points == (10, 15) and first.tricks_played == 5
    assert not last.complete and last.tricks_played == 3
    assert last.side_points == (15, 0) and last.points == (0, 0, 15, 0)
    assert last.best_trump is None and last.all_five is None
    assert game.last_hand is game.hand and not game.hand.is_over
    state = game.state
    assert state.events[-2:] == (HandScored(2, last), GameOver(0, (25, 15), (0,) * 4, 0))
    check_books(state)
    view = state.view(1)
    assert (view.game.scores, view.game.target, view.game.chips, view.game.pool) == (
        (25, 15), 25, None, None)
    # the game is over although its last hand stopped in play: the view says so
    assert (view.phase, view.to_act, view.legal_actions) == (tf.Phase.OVER, None, ())


def test_play_hand_returns_the_partial_outcome() -> None:
    game = tf.Game(POINTS_25, players=4, seed=1)
    bots = [tf.RuleOfThumbPlayer()] * 4
    assert game.play_hand(bots) == game.outcomes[0]
    last = game.play_hand(bots)
    assert last is not None and not last.complete and game.is_over
    assert game.play_hand(bots) is None


def test_starting_scores_count_towards_the_target() -> None:
    """EX-68: on 20, the first trick taken wins at 25."""
    state = tf.new_game(POINTS_25, players=2, seed=4, scores=[20, 20])
    state = play_hand(state, {})
    assert state.is_over and state.winner is not None
    assert state.scores[state.winner] == 25 and state.outcomes[-1].tricks_played == 1
    check_books(state)


def test_five_tricks_win_the_game() -> None:
    """PEEL, OW45: all five tricks win a points game outright (EX-75)."""
    v = tf.FORTY_FIVE.with_options(five_tricks="wins-game")
    deck = tf.stacked_deck(v, players=2, dealer=0, hands={1: "5C JC AH KC QC"}, turn_up="2C",
                           stock="AC")
    state = play_hand(tf.new_game(v, players=2, seed=1, decks=[deck]), {})
    assert state.is_over and state.winner == 1 and state.outcomes[0].all_five == 1
    assert state.scores == (0, 30)
    check_books(state)


# -- records ---------------------------------------------------------------------------------


def test_a_game_record_holds_the_set_up_and_every_deal() -> None:
    deck = tf.stacked_deck(tf.FORTY_FIVE, players=3, dealer=2, turn_up="5S")
    state = tf.new_game(tf.FORTY_FIVE, players=3, seed="s", dealer=2, hands=5,
                        decks=[deck], scores=[10, 0, 5])
    state = play_on(state, random.Random(1), hands=1)
    state = state.apply(state.legal_actions()[0])
    rec = state.record()
    assert json.loads(json.dumps(rec)) == rec
    assert {k: rec[k] for k in ("format", "kind", "variant", "players", "seed", "dealer",
                                "hands", "scores")} == {
        "format": 1, "kind": "game", "variant": "Forty-Five", "players": 3, "seed": "s",
        "dealer": 2, "hands": 5, "scores": [10, 0, 5]}
    assert rec["options"] == tf.FORTY_FIVE.options()
    assert rec["decks"] == [[str(c) for c in deck]]
    assert [d["dealer"] for d in rec["deals"]] == [2, 0]
    assert rec["deals"][0]["deck"] == rec["decks"][0]
    actions = CONVERTER.unstructure(list(state.hand.actions), list[tf.Action])
    assert rec["deals"][1]["actions"] == actions
    assert tf.replay_game(json.loads(json.dumps(rec))) == state


def test_a_record_cut_anywhere_resumes() -> None:
    """Every prefix of the actions replays to the state after them, whole hands dropped
    or not, and the game plays on from there to its end."""
    states = [tf.new_game(tf.SPOIL_FIVE, players=3, seed=9, hands=3)]
    rng = random.Random(9)
    while not states[-1].is_over:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    rec = states[-1].record()
    for k, expected in enumerate(states):
        for cut in _cuts(rec, k):
            resumed = tf.replay_game(cut)
            assert resumed == expected
            assert play_on(resumed, random.Random(k)).is_over


def _cuts(rec: dict[str, Any], k: int) -> list[dict[str, Any]]:
    """``rec`` cut after its first ``k`` actions; at a hand's end, also without the next
    hand's (empty) deal."""
    deals: list[dict[str, Any]] = []
    left = k
    for deal in rec["deals"]:
        if left == 0 and deals:
            break
        deals.append({**deal, "actions": deal["actions"][:left]})
        left -= len(deals[-1]["actions"])
    cuts = [{**rec, "deals": deals}]
    if deals and not deals[-1]["actions"]:
        cuts.append({**rec, "deals": deals[:-1]})
    return cuts


def _sample_record() -> dict[str, Any]:
    state = play_on(tf.new_game(tf.SPOIL_FIVE, players=3, seed=4), random.Random(4), hands=1)
    rec: dict[str, Any] = json.loads(json.dumps(state.apply(state.legal_actions()[0]).record()))
    return rec


@pytest.mark.parametrize(
    ("tamper", "message", "index"),
    [
        (lambda r: r["deals"][0]["deck"].reverse(), "hand 1: the recorded deck is not", None),
        (lambda r: r["deals"][1].update(dealer=2), "hand 2: the record says seat 2 dealt", None),
        (lambda r: r["deals"][1]["actions"].__setitem__(0, {"type": "Claim"}),
         r"hand 2, action 0 \(Claim\(\)\) does not replay", 0),
        (lambda r: r["deals"][1]["actions"].__setitem__(0, {"type": "Fold"}),
         "hand 2, action 0: unknown action type 'Fold'", 0),
        (lambda r: r["deals"][0]["actions"].append({"type": "Claim"}),
         "hand 1, action .* ends the hand, but the record has 1 more action", None),
        (lambda r: r["deals"][0]["actions"].pop(), "hand 1: its actions stop before", None),
        (lambda r: r.update(seed=1.5), "field 'seed': expected an int or a string", None),
        (lambda r: r.update(players="3"), "field 'players': expected an int", None),
        (lambda r: r.update(kind="hand"), "field 'kind': expected 'game'", None),
        (lambda r: r.pop("deals"), "field 'deals': missing", None),
        (lambda r: r.update(extra=1), "unexpected field", None),
        (lambda r: r["deals"][0].pop("deck"), "hand 1 is malformed: field 'deck'", None),
        (lambda r: r.update(hands=0), "does not describe a valid game: hands=0", None),
        (lambda r: r.update(variant="Bridge"), "replay_game\\(record, variant=", None),
    ],
)
def test_a_bad_game_record_does_not_replay(
    tamper: Any, message: str, index: int | None
) -> None:
    rec = _sample_record()
    tamper(rec)
    with pytest.raises(tf.ReplayError, match=message) as info:
        tf.replay_game(rec)
    if index is not None:
        assert info.value.index == index


def test_hand_and_game_records_are_not_confused() -> None:
    rec = _sample_record()
    with pytest.raises(tf.ReplayError, match="use replay_game"):
        tf.replay(rec)
    with pytest.raises(tf.ReplayError, match=r"use replay\(\)"):
        tf.replay_game(tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1).record())
    with pytest.raises(tf.ReplayError, match="mapping"):
        tf.replay_game([])  # type: ignore[arg-type]


def test_a_record_goes_on_after_the_game_is_over() -> None:
    rec = tf.new_game(tf.SPOIL_FIVE, players=3, seed=2, hands=1).record()
    over = play_hand(tf.replay_game(rec), {})
    rec = over.record()
    rec["deals"].append(dict(rec["deals"][0]))
    with pytest.raises(tf.ReplayError, match="hand 2: the game was over after hand 1"):
        tf.replay_game(rec)


def test_a_custom_variant_replays_with_the_variant_given() -> None:
    custom = attrs.evolve(tf.SPOIL_FIVE, name="House Five")
    state = play_on(tf.new_game(custom, players=3, seed=1), random.Random(1), hands=1)
    rec = json.loads(json.dumps(state.record()))
    assert tf.replay_game(rec, variant=custom) == state


# -- the Game wrapper ---------------------------------------------------------------------------


def test_game_is_a_thin_shell_over_the_state() -> None:
    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=6, hands=2)
    start = game.state
    game.apply(game.legal_actions()[0])
    assert game.state.hand.actions and start.hand.actions == ()
    assert game.record() == game.state.record()
    view = game.view(0)
    assert (view.game.hand_number, view.game.hands_left) == (1, 1)
    assert (view.game.chips, view.game.pool) == (game.chips, game.pool)
    assert view.game.scores is None and view.game.target is None
    game.play(bots=[tf.RandomPlayer(seed=i) for i in range(3)])
    assert game.is_over and game.outcomes == list(game.state.outcomes)
    assert tf.replay_game(game.record()) == game.state


# -- whole games, every preset, random options ---------------------------------------------------

POOL_OPTIONS: dict[str, tuple[Any, ...]] = {
    "tricks_to_win": (3, 2, 4),
    "two_trick_win_above": (None, 4),
    "ante": (1, 2, 0),
    "dealer_ante": (2, 1, 4),
    "spoil_ante": ("non-dealers-one", "dealer-one", "everyone-one", "full"),
    "jinking": (True, False),
    "jink_bonus": ("counter", "stake"),
}
POINTS_OPTIONS: dict[str, tuple[Any, ...]] = {
    "points_per_trick": (5, 5, 1),
    "best_trump_bonus": ("any", "top-four", "none"),
    "target": (25, 45, 10),
    "five_tricks": ("none", "wins-game", "bonus"),
    "target_tie": ("higher-total", "first-to-reach"),
}
TABLE_OPTIONS: dict[str, tuple[Any, ...]] = {
    "partnerships": ("none", "pairs", "threes", "pairs-at-four"),
    "first_dealer": ("first-jack", "given"),
    "fiving": (False, True),
}


@st.composite
def game_variants(draw: st.DrawFn) -> Any:
    """A preset with random play options, table options and a scoring mode."""
    base = draw(variants())
    chosen: dict[str, Any] = {}
    for name, values in TABLE_OPTIONS.items():
        if draw(st.booleans()):
            chosen[name] = draw(st.sampled_from(values))
    mode = draw(st.sampled_from(("pool", "points")))
    chosen["scoring"] = mode
    for name, values in (POOL_OPTIONS if mode == "pool" else POINTS_OPTIONS).items():
        chosen[name] = draw(st.sampled_from(values))
    return base.with_options(**chosen)


def _player_counts(variant: Any) -> list[int]:
    ok = []
    for n in range(variant.table.min_players, min(variant.table.max_players, 6) + 1):
        try:
            variant.table.sides(n)
        except tf.PlayerCountError:
            continue
        ok.append(n)
    return ok


class GameMachine(RuleBasedStateMachine):
    """Whole games: the books balance at every step, a record replays to an equal state,
    and a record cut at any action resumes and plays on."""

    states: list[tf.GameState]

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self._new_game(data)

    @precondition(lambda self: self.states[-1].is_over)
    @rule(data=st.data())
    def next_game(self, data: st.DataObject) -> None:
        self._new_game(data)

    def _new_game(self, data: st.DataObject) -> None:
        variant = data.draw(game_variants(), label="variant")
        players = data.draw(st.sampled_from(_player_counts(variant)), label="players")
        kwargs: dict[str, Any] = {
            "seed": data.draw(st.one_of(st.integers(0, 2**64), st.text(max_size=3)), label="seed"),
            "hands": data.draw(st.sampled_from((None, 1, 2, 4)), label="hands"),
            "dealer": data.draw(st.sampled_from((None, 0, players - 1)), label="dealer"),
        }
        shuffles = data.draw(st.lists(st.integers(0, 99), max_size=2), label="stacked decks")
        kwargs["decks"] = [random.Random(s).sample(deck_of(variant), k=len(deck_of(variant)))
                           for s in shuffles]
        scoring = variant.scoring
        if scoring.scoring == "points" and data.draw(st.booleans(), label="starting scores"):
            sides = len(variant.table.sides(players))
            assert scoring.target is not None
            below = st.integers(0, scoring.target - 1)
            kwargs["scores"] = data.draw(st.lists(below, min_size=sides, max_size=sides))
        state = tf.new_game(variant, players=players, **kwargs)
        self.states = [state]
        self.start_scores: list[int] | None = kwargs.get("scores")
        self.rng = random.Random(data.draw(st.integers(0, 2**16), label="play"))

    @precondition(lambda self: not self.states[-1].is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        state = self.states[-1]
        legal = state.legal_actions()
        action = data.draw(st.sampled_from(legal), label="action")
        after = state.apply(action, state.to_act)
        assert state.legal_actions() == legal  # the old state is intact
        self.states.append(after)

    @precondition(lambda self: not self.states[-1].is_over)
    @rule()
    def finish_hand(self) -> None:
        state = self.states[-1]
        number = state.hand_number
        while not state.is_over and state.hand_number == number:
            state = state.apply(self.rng.choice(state.legal_actions()))
            self.states.append(state)

    @rule(data=st.data())
    def try_anything(self, data: st.DataObject) -> None:
        state = self.states[-1]
        deck = deck_of(state.variant)
        action = data.draw(st.one_of(st.sampled_from(deck).map(tf.Play), st.just(tf.Claim())))
        if action in state.legal_actions():
            return
        with pytest.raises(tf.IllegalActionError):
            state.apply(action)

    @rule()
    def record_replays(self) -> None:
        state = self.states[-1]
        again = tf.replay_game(json.loads(json.dumps(state.record())))
        assert again == state and hash(again) == hash(state)

    @rule(data=st.data())
    def resume_a_cut_record(self, data: st.DataObject) -> None:
        k = data.draw(st.integers(0, len(self.states) - 1), label="cut after")
        cuts = _cuts(self.states[-1].record(), k)
        cut = cuts[data.draw(st.integers(0, len(cuts) - 1), label="which cut")]
        resumed = tf.replay_game(cut)
        assert resumed == self.states[k]
        ended = play_on(resumed, self.rng, hands=3)
        check_books(ended, self.start_scores)
        limit = resumed.hands_left
        if limit is not None and limit < 3:
            assert ended.is_over

    @invariant()
    def books_balance(self) -> None:
        state = self.states[-1]
        check_books(state, self.start_scores)
        view = state.view(state.to_act if state.to_act is not None else 0)
        assert view.game.hand_number == state.hand_number
        if state.variant.scoring.scoring == "pool":
            assert (view.game.chips, view.game.pool, view.game.scores) == (state.chips, state.pool, None)
        else:
            assert (view.game.scores, view.game.target) == (state.scores, state.variant.scoring.target)
        if state.is_over and state.winner is not None:
            scoring = state.variant.scoring
            assert scoring.target is not None
            last = state.outcomes[-1]
            assert state.scores[state.winner] >= scoring.target or (
                scoring.five_tricks == "wins-game" and last.all_five == state.winner
            )
            assert last.complete or scoring.target_tie == "first-to-reach"


# A quarter of the active profile's examples, 40 steps a run (a step may play a whole hand):
# about a second under "ci"; the "fuzz" profile scales it up.
_DEFAULT = settings.default
assert _DEFAULT is not None
GameMachine.TestCase.settings = settings(
    max_examples=max(10, _DEFAULT.max_examples // 4), stateful_step_count=40
)
TestGameMachine = GameMachine.TestCase


def test_antes_paid_names_the_pool_after_the_antes_even_after_a_spoil() -> None:
    """events.AntesPaid.pool is the pool after the antes: the carried pool of a spoiled
    deal plus the new stakes (RULES.md §1.7, EX-58)."""
    import random

    rng = random.Random(3)
    state = tf.new_game(tf.SPOIL_FIVE, players=4, seed=9, hands=30)
    carried_seen = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        for event in state.events:
            if isinstance(event, AntesPaid):
                assert event.pool == state.pool
                if event.pool > sum(event.stakes):
                    carried_seen += 1
    assert carried_seen > 0  # some deal followed a spoil, so the pool carried
