"""The bot ladder's new rungs (issue 11): ContextRuleOfThumbPlayer, SampleSolvePlayer and
ISMCTSPlayer. Small budgets, no strength claims beyond the cheap and robust (strength is
measured by benchmarks/ladder.py)."""

from __future__ import annotations

import random
import re
import warnings
from typing import Any

import pytest
from enginekit import deal, play
from test_hidden import random_hand, redeal, seen_cards, silent_bar

import trumpfamily as tf
from trumpfamily.players import BiddingFallbackWarning


def search_bots(seed: int = 7) -> list[Any]:
    return [
        tf.SampleSolvePlayer(3, seed=seed),
        tf.ISMCTSPlayer(12, seed=seed),
        tf.ISMCTSPlayer(12, seed=seed, rollout="random"),
    ]


def all_bots() -> list[Any]:
    return [tf.ContextRuleOfThumbPlayer(), *search_bots()]


VARIANTS = [
    (tf.SPOIL_FIVE, 5),
    (tf.FORTY_FIVE, 4),
    (tf.SPOIL_FIVE.with_options(fiving=True), 2),
    (tf.TWENTY_FIVE.with_options(rob_timing="before-lead", holder_rob="may"), 4),
    (tf.FORTY_FIVE.with_options(joker="third"), 3),
    (tf.MAW.with_options(robbing=True, unrobbed_ace="cannot-win", partnerships="pairs"), 4),
]


@pytest.mark.parametrize(("variant", "players"), VARIANTS, ids=lambda v: getattr(v, "name", v))
def test_each_bot_plays_whole_hands_in_every_phase(variant: tf.Variant, players: int) -> None:
    """Every bot at every seat finds a legal action in every phase it meets: robbing and
    the rob prompts, fiving, the claim and the jink, card play."""
    phases: set[tf.Phase] = set()
    for bot in all_bots():
        for seed in range(2):
            game = tf.new_game(variant, players=players, dealer=seed % players, seed=seed,
                               hands=1)
            while not game.is_over:
                seat = game.to_act
                assert seat is not None
                view = game.view(seat)
                phases.add(view.phase)
                action = bot.choose(view)
                assert action in view.legal_actions, (bot, view)
                game = game.apply(action)
    assert tf.Phase.PLAY in phases


def test_a_bidding_view_falls_back_to_the_rule_of_thumb() -> None:
    """The context rule of thumb has no bidding rules of its own: it bids as the rule of
    thumb, and says so (the search bots decide the bidding games themselves since issue
    20: tests/test_search_bidding_bots.py)."""
    state = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    view = state.view(state.to_act)
    expected = tf.RuleOfThumbPlayer().choose(view)
    with pytest.warns(BiddingFallbackWarning):
        assert tf.ContextRuleOfThumbPlayer().choose(view) == expected
    for bot in search_bots():
        assert type(bot).falls_back_in_bidding is False


def _bidding_warnings(bot: Any, hands: int = 2) -> list[warnings.WarningMessage]:
    """Every warning ``bot`` issues while it plays every seat of ``hands`` Auction 45s
    hands (all filters on "always", so that none is hidden as a repeat)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for seed in range(hands):
            state = tf.new_hand(tf.AUCTION_45, players=4, dealer=3, seed=seed)
            while not state.is_over:
                state = state.apply(bot.choose(state.view(state.to_act)))
    return list(caught)


@pytest.mark.parametrize("make", [tf.ContextRuleOfThumbPlayer], ids=["context"])
def test_the_bidding_fallback_is_explicit_and_said_once_per_bot(make: Any) -> None:
    """Issue 19, item 4: the bots whose own method does not reach the bidding games say
    so: the class attribute ``falls_back_in_bidding``, and one BiddingFallbackWarning per
    bot instance (a search bot's default fallback stays silent, so the bot warns once, not
    twice), at the line that asked for the choice; a new bot warns again;
    ``warn_fallback=False`` silences it; the games that turn up trumps never warn."""
    bot = make()
    assert type(bot).falls_back_in_bidding is True
    caught = _bidding_warnings(bot)
    assert [type(w.message) for w in caught] == [BiddingFallbackWarning]
    text = str(caught[0].message)
    assert type(bot).__name__ in text and "Auction Forty-Fives" in text
    assert "warn_fallback=False" in text and caught[0].filename == __file__
    assert _bidding_warnings(bot) == []  # this bot has said it
    assert len(_bidding_warnings(make())) == 1  # another bot says it again
    quiet = type(bot)(warn_fallback=False)
    assert quiet.warn_fallback is False and _bidding_warnings(quiet) == []
    with warnings.catch_warnings(record=True) as turn_up:
        warnings.simplefilter("always")
        state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=2)
        while not state.is_over:
            state = state.apply(make().choose(state.view(state.to_act)))
    assert turn_up == []


def test_the_rule_of_thumb_has_bidding_rules_of_its_own() -> None:
    assert tf.RuleOfThumbPlayer.falls_back_in_bidding is False
    assert _bidding_warnings(tf.RuleOfThumbPlayer()) == []


def test_warn_fallback_must_be_a_bool() -> None:
    for make in (tf.ContextRuleOfThumbPlayer, tf.SampleSolvePlayer, tf.ISMCTSPlayer):
        with pytest.raises(tf.InvalidArgumentError, match="warn_fallback=1 is not a bool"):
            make(warn_fallback=1)


@pytest.mark.parametrize("make", [
    lambda: tf.SampleSolvePlayer(4, seed=11),
    lambda: tf.ISMCTSPlayer(30, seed=11),
], ids=["sample-solve", "ismcts"])
def test_the_same_seed_and_view_give_the_same_choice(make: Any) -> None:
    """Deterministic for a seed: a new bot with the same seed chooses the same on every
    view of a hand, whatever it chose before."""
    state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=21)
    first, second = make(), make()
    choices = []
    while not state.is_over:
        view = state.view(state.to_act)
        a = first.choose(view)
        assert second.choose(view) == a and first.choose(view) == a
        choices.append(a)
        state = state.apply(a)
    assert len(choices) >= 4


@pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.FORTY_FIVE,
                                     tf.TWENTY_FIVE.with_options(rob_timing="before-lead")],
                         ids=lambda v: v.name)
def test_a_bots_choice_does_not_depend_on_cards_it_cannot_see(variant: tf.Variant) -> None:
    """Hidden information (issue 11): at random points of random hands, each bot's choice
    on the view of the seat to act is the same on every re-deal of the cards that seat
    cannot see (tests/test_hidden.py's re-deal)."""
    rng = random.Random(5)
    bots = all_bots()
    compared = 0
    for seed in range(6):
        players = 3 + seed % 2
        line = random_hand(variant, players, seed)
        for k in sorted(rng.sample(range(len(line) - 1), min(3, len(line) - 1))):
            state = line[k][0]
            seat = state.to_act
            assert seat is not None
            if len(state.legal_actions()) < 2 or silent_bar(state):
                continue
            expected = [bot.choose(state.view(seat)) for bot in bots]
            actions = [a for _, a in line[:k]]
            keep = seen_cards(line, k, seat)
            for _ in range(2):
                other = tf.new_hand(variant, players=players, dealer=state.dealer,
                                    deck=redeal(state.deck, keep, rng))
                try:
                    for action in actions:
                        other = other.apply(action)
                except tf.IllegalActionError:
                    continue
                if silent_bar(other) or other.hands == state.hands:
                    continue
                assert other.view(seat) == state.view(seat)
                assert [bot.choose(other.view(seat)) for bot in bots] == expected, (state, k)
                compared += 1
    assert compared >= 10


def test_sample_solve_takes_the_trick_that_wins_the_pool() -> None:
    """The last to play to a trick that gives its seat the pool whatever the hidden cards:
    SampleSolvePlayer plays a card that takes it (found on seeded random hands)."""
    rng = random.Random(1)
    bot = tf.SampleSolvePlayer(4, seed=2)
    found = 0
    for seed in range(300):
        state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=seed)
        while not state.is_over and found < 8:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            if (state.phase is tf.Phase.PLAY and len(state.current_trick) == 2
                    and state.trick_counts[seat] == 2 and len(legal) > 1):
                winners = [a for a in legal
                           if state.apply(a).tricks[-1].winner == seat]  # type: ignore[union-attr]
                if winners and len(winners) < len(legal):
                    assert bot.choose(state.view(seat)) in winners, state
                    found += 1
            state = state.apply(legal[rng.randrange(len(legal))])
    assert found >= 8


# -- ContextRuleOfThumbPlayer -------------------------------------------------------------


def claim_state(hands: dict[int, str]) -> tf.HandState:
    state = deal(tf.SPOIL_FIVE, players=2, dealer=1, hands=hands, turn_up="2S")
    for card in state.hands[0][:3]:
        state = state.apply(tf.Play(card))
        state = state.apply(state.legal_actions()[0])
    assert state.phase is tf.Phase.CLAIM
    return state


def test_context_player_jinks_only_with_masters_left() -> None:
    """RULES.md §1.6: jink when every card held is a trump above every unseen trump."""
    sure = claim_state({0: "KS QS 5S JS AH", 1: "3S 4S 6S 6C JD"})
    assert tf.ContextRuleOfThumbPlayer().choose(sure.view(0)) == tf.Jink()
    assert tf.RuleOfThumbPlayer().choose(sure.view(0)) == tf.Claim()
    unsure = claim_state({0: "5S JS AH 2D 3D", 1: "KS QS 4C 6C JD"})
    assert tf.ContextRuleOfThumbPlayer().choose(unsure.view(0)) == tf.Claim()


def test_context_player_spoils_a_seat_about_to_take_the_pool() -> None:
    """A seat with two tricks is winning the third: not last to play, the player beats it
    with its strongest card that wins, where the plain rule of thumb plays its lowest."""
    hands = {0: "KH QH JH 2C 3C", 1: "4H 5H 6H 7H 8H", 2: "9H TH 3S 5S JS",
             3: "2H 3H 4C 6C 7C"}
    state = deal(tf.SPOIL_FIVE, players=4, dealer=3, hands=hands, turn_up="2S")
    state = play(state, "KH 4H 9H 2H  QH 5H TH 3H  JH 6H")
    assert state.trick_counts[0] == 2
    assert tf.ContextRuleOfThumbPlayer().choose(state.view(2)) == tf.Play("5S")
    assert tf.RuleOfThumbPlayer().choose(state.view(2)) == tf.Play("3S")


def test_context_player_leads_a_plain_king_and_keeps_its_trumps() -> None:
    """Without a master trump, lead a plain King (else the lowest plain card)."""
    state = deal(tf.SPOIL_FIVE, players=3, dealer=2, hands={0: "KC 3D 9S 8S 4H"},
                 turn_up="2S")
    assert tf.ContextRuleOfThumbPlayer().choose(state.view(0)) == tf.Play("KC")
    low = deal(tf.SPOIL_FIVE, players=3, dealer=2, hands={0: "QC 3D 9S 8S 4H"}, turn_up="2S")
    assert tf.ContextRuleOfThumbPlayer().choose(low.view(0)) == tf.Play("3D")
    master = deal(tf.SPOIL_FIVE, players=3, dealer=2, hands={0: "5S JS 3D 8S 4H"},
                  turn_up="2S")
    assert tf.ContextRuleOfThumbPlayer().choose(master.view(0)) == tf.Play("JS")


def test_context_player_reads_the_target_in_a_points_game() -> None:
    """Forty-Five: a side one trick from the target is a threat (``view.game``): beaten
    with the strongest winning card; the same trick early in a game, with the lowest."""
    hands = {0: "KH 2C 3C 4C 6C", 1: "9H 7S JS 2D 3D", 2: "QH 7C 8C 9C TC"}
    variant = tf.FORTY_FIVE
    deck = tf.stacked_deck(variant, players=3, dealer=2, hands=hands, turn_up="2S")
    near = tf.new_game(variant, players=3, dealer=2, decks=[deck], scores=(40, 0, 0))
    near = near.apply(tf.Play("KH"))
    assert tf.ContextRuleOfThumbPlayer().choose(near.view(1)) == tf.Play("JS")
    early = tf.new_game(variant, players=3, dealer=2, decks=[deck]).apply(tf.Play("KH"))
    assert tf.ContextRuleOfThumbPlayer().choose(early.view(1)) == tf.Play("7S")


# -- arguments ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: tf.SampleSolvePlayer(0), "samples=0"),
        (lambda: tf.SampleSolvePlayer(2.5), "samples=2.5"),  # type: ignore[arg-type]
        (lambda: tf.SampleSolvePlayer(seed=1.5), "seed=1.5"),  # type: ignore[arg-type]
        (lambda: tf.SampleSolvePlayer(objective="chips"), "objective='chips'"),  # type: ignore[arg-type]
        (lambda: tf.SampleSolvePlayer(milliseconds=0), "milliseconds=0"),
        (lambda: tf.SampleSolvePlayer(fallback=object()), "has no choose"),  # type: ignore[arg-type]
        (lambda: tf.ISMCTSPlayer(-1), "iterations=-1"),
        (lambda: tf.ISMCTSPlayer(rollout="greedy"), "rollout='greedy'"),  # type: ignore[arg-type]
        (lambda: tf.ISMCTSPlayer(exploration=-0.1), "exploration=-0.1"),
        (lambda: tf.ISMCTSPlayer(milliseconds=float("nan")), "milliseconds=nan"),
    ],
)
def test_bad_budgets_and_seeds_are_refused(make: Any, words: str) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=words.replace("(", r"\(")):
        make()


@pytest.mark.parametrize("bot", all_bots(), ids=lambda b: re.sub(r" object at 0x[0-9a-f]+", "", repr(b)))
def test_a_bot_asked_out_of_turn_says_so(bot: Any) -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    other = (state.to_act + 1) % 3  # type: ignore[operator]
    with pytest.raises(tf.InvalidArgumentError, match="no legal action"):
        bot.choose(state.view(other))
    with pytest.raises(tf.InvalidArgumentError, match="expected a SeatView"):
        bot.choose("view")


def test_an_objective_the_game_does_not_score_is_refused_naming_the_bot() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    bot = tf.SampleSolvePlayer(2, seed=1, objective="points")
    with pytest.raises(tf.InvalidArgumentError,
                       match=r"^SampleSolvePlayer: objective='points' does not suit Spoil "
                             r"Five's pool scoring .*use objective='pool' \(the default\) or "
                             r"'tricks'"):
        bot.choose(state.view(state.to_act))
    points = tf.new_hand(tf.FORTY_FIVE, players=4, seed=2)
    with pytest.raises(tf.InvalidArgumentError,
                       match=r"^SampleSolvePlayer: objective='pool' does not suit "
                             r"Forty-Five's points scoring"):
        tf.SampleSolvePlayer(2, seed=1, objective="pool").choose(points.view(points.to_act))


def test_the_count_budget_still_applies_with_a_time_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``milliseconds`` adds a time budget; the search stops at whichever runs out first,
    so a time budget that cannot run out leaves exactly ``samples`` solves."""
    from trumpfamily.search import bots

    calls = []
    real = bots.solve

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(bots, "solve", counting)
    state = tf.new_hand(tf.FORTY_FIVE, players=4, seed=2)
    view = state.view(state.to_act)
    assert len(view.legal_actions) > 1
    tf.SampleSolvePlayer(3, seed=1, milliseconds=10**9).choose(view)
    assert len(calls) == 3


def test_a_time_budget_still_chooses_a_legal_action() -> None:
    """Time budgets stop by the clock (not reproducible); at least one deal is searched."""
    state = tf.new_hand(tf.FORTY_FIVE, players=4, seed=2)
    view = state.view(state.to_act)
    for bot in (tf.SampleSolvePlayer(500, seed=1, milliseconds=1),
                tf.ISMCTSPlayer(10_000, seed=1, milliseconds=5)):
        assert bot.choose(view) in view.legal_actions
