"""Difficulty levels and reasons (issue 22, part 3): ``tf.level_bot``, ``tf.LEVELS``, the
levels by name, and ``choose_with_reason`` of every built-in bot (the same action as
``choose``). Strength is measured by benchmarks/levels.py, not here."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from test_hidden import random_hand, redeal, seen_cards, silent_bar

import trumpfamily as tf
from trumpfamily.cli import _bots
from trumpfamily.search.rollout import RolloutPlayer
from trumpfamily.tournament import BOTS, bot_factory


def positions(variant: tf.Variant, players: int, n: int, seed: int) -> list[Any]:
    """``n`` views of the seat to act, at every point of random hands (random play)."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < n:
        if variant.bidding is not None:
            state: Any = tf.new_bidding_hand(variant, players=players,
                                             dealer=rng.randrange(players),
                                             seed=rng.randrange(10**9))
        else:
            state = tf.new_hand(variant, players=players, seed=rng.randrange(10**9))
        while not state.is_over and len(out) < n:
            out.append(state.view(state.to_act))
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return out


# -- names ---------------------------------------------------------------------------------

def test_the_levels_are_named_weakest_first() -> None:
    assert tf.LEVEL_NAMES == ("novice", "club", "expert", "max")
    assert [lv.name for lv in tf.LEVELS] == list(tf.LEVEL_NAMES)
    assert [lv.noise for lv in tf.LEVELS] == [0.5, 0.0, 0.0, 0.0]


@pytest.mark.parametrize("name", ["novice", "club", "expert", "max"])
def test_a_level_resolves_by_every_name(name: str) -> None:
    for spec in (name, f"level:{name}", f"level:{name.upper()}"):
        bot = bot_factory(spec)(3)
        assert isinstance(bot, tf.LevelPlayer) and bot.level.name == name, spec
        assert bot.seed == 3
    assert isinstance(_bots.factory(f"level:{name}")(1), tf.LevelPlayer)  # the CLI's loader
    assert name in BOTS and name in _bots.bot_help()
    assert tf.level_bot(f" {name.title()} ").level.name == name


def test_what_each_level_plays() -> None:
    """The bot under each level, per kind of game (the module's table)."""
    spoil = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    auction = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=1)
    kinds = {}
    for name in tf.LEVEL_NAMES:
        bot = tf.level_bot(name, seed=1)
        turn_up = bot._bot(False)
        bidding = bot._bot(True)
        kinds[name] = (type(turn_up).__name__, type(bidding).__name__)
        assert bot.choose(spoil.view(spoil.to_act)) in spoil.legal_actions()
    assert auction.to_act is not None
    assert kinds == {
        "novice": ("ContextRuleOfThumbPlayer", "RuleOfThumbPlayer"),
        "club": ("ContextRuleOfThumbPlayer", "RuleOfThumbPlayer"),
        "expert": ("SampleSolvePlayer", "RolloutPlayer"),
        "max": ("ISMCTSPlayer", "RolloutPlayer"),
    }
    assert tf.level_bot("expert")._bot(True).worlds == 24
    assert tf.level_bot("max")._bot(False).iterations == 200


@pytest.mark.parametrize("spec", ["grandmaster", "level:grandmaster", "level:"])
def test_an_unknown_level_is_refused_listing_the_levels(spec: str) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="novice, club, expert, max"):
        bot_factory(spec)


def test_bad_level_arguments_are_refused() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="the levels are novice, club, expert, max"):
        tf.level_bot("grandmaster")
    with pytest.raises(tf.InvalidArgumentError, match="the levels are"):
        tf.LevelPlayer(3)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="seed"):
        tf.level_bot("club", seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="SeatView"):
        tf.level_bot("club").choose("not a view")


# -- seeds, noise, hidden cards ------------------------------------------------------------

def test_the_same_seed_gives_the_same_choices_and_the_noise_is_about_half() -> None:
    views = [v for v in positions(tf.SPOIL_FIVE, 4, 400, 2) if len(v.legal_actions) > 1]
    club = tf.level_bot("club")
    first = [tf.level_bot("novice", seed=5).choose(v) for v in views]
    assert first == [tf.level_bot("novice", seed=5).choose(v) for v in views]
    other = [tf.level_bot("novice", seed=6).choose(v) for v in views]
    assert other != first
    # a noisy decision is a uniform legal action, so it differs from club's with chance
    # (n - 1) / n: the share of disagreements is near the mean of 0.5 * (n - 1) / n
    differ = sum(a != club.choose(v) for a, v in zip(first, views, strict=True))
    expected = sum(0.5 * (len(v.legal_actions) - 1) / len(v.legal_actions) for v in views)
    assert abs(differ - expected) < 4 * (len(views) * 0.25) ** 0.5, (differ, expected)
    assert [tf.level_bot("club", seed=5).choose(v) for v in views] == [
        club.choose(v) for v in views]


@pytest.mark.parametrize("name", ["novice", "expert"])
def test_a_levels_choice_does_not_depend_on_cards_it_cannot_see(name: str) -> None:
    """The re-deal test (tests/test_hidden.py): the cards the seat cannot see re-dealt,
    the same actions replayed, the same choice."""
    rng = random.Random(8)
    compared = 0
    for seed in range(8):
        players = 3 + seed % 2
        line = random_hand(tf.FORTY_FIVE, players, seed)
        for k in sorted(rng.sample(range(len(line) - 1), min(3, len(line) - 1))):
            state = line[k][0]
            seat = state.to_act
            assert seat is not None
            if len(state.legal_actions()) < 2 or silent_bar(state):
                continue
            expected = tf.level_bot(name, seed=4).choose(state.view(seat))
            actions = [a for _, a in line[:k]]
            keep = seen_cards(line, k, seat)
            for _ in range(2):
                other = tf.new_hand(tf.FORTY_FIVE, players=players, dealer=state.dealer,
                                    deck=redeal(state.deck, keep, rng))
                try:
                    for action in actions:
                        other = other.apply(action)
                except tf.IllegalActionError:
                    continue
                if silent_bar(other) or other.hands == state.hands:
                    continue
                assert other.view(seat) == state.view(seat)
                assert tf.level_bot(name, seed=4).choose(other.view(seat)) == expected
                compared += 1
    assert compared >= 8


# -- reasons -------------------------------------------------------------------------------

def agree(make: Any, views: list[Any]) -> list[str]:
    """Assert ``choose_with_reason`` gives ``choose``'s action (fresh bots, same seed);
    the reasons."""
    reasons = []
    for view in views:
        action, reason = make().choose_with_reason(view)
        assert action == make().choose(view), (view, reason)
        assert isinstance(reason, str) and reason.strip(), view
        reasons.append(reason)
    return reasons


@pytest.mark.parametrize(("variant", "players"), [
    (tf.SPOIL_FIVE, 4), (tf.FORTY_FIVE, 4), (tf.TWENTY_FIVE, 5), (tf.MAW, 3),
    (tf.SPOIL_FIVE.with_options(fiving=True), 2), (tf.AUCTION_45, 4), (tf.ONE_TEN, 3),
], ids=lambda x: getattr(x, "name", str(x)))
def test_the_rule_of_thumb_reasons_agree_with_choose(variant: tf.Variant, players: int) -> None:
    views = positions(variant, players, 250, 3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", tf.players.BiddingFallbackWarning)
        thumb = agree(tf.RuleOfThumbPlayer, views)
        context = agree(tf.ContextRuleOfThumbPlayer, views)
    assert len(set(thumb)) > 10 and len(set(context)) > 10  # the rule that fired varies


def test_the_rules_name_what_fired() -> None:
    views = positions(tf.SPOIL_FIVE, 4, 300, 4) + positions(tf.AUCTION_45, 4, 300, 4)
    reasons = " | ".join(tf.RuleOfThumbPlayer().choose_with_reason(v)[1] for v in views)
    for words in ("lead the strongest card", "take the trick with the lowest card that wins",
                  "rob the turn-up", "claim the pool", "bid ", "pass: ", "name "):
        assert words in reasons, words


def test_the_search_bots_reasons_agree_with_choose() -> None:
    turn_up = positions(tf.FORTY_FIVE, 2, 30, 5)
    reasons = agree(lambda: tf.SampleSolvePlayer(3, seed=2), turn_up)
    assert any(r.startswith("best of ") and " over 3 worlds: " in r for r in reasons)
    reasons = agree(lambda: tf.ISMCTSPlayer(25, seed=2), turn_up)
    assert any(r.startswith("the most visited of ") and "visits" in r for r in reasons)
    agree(lambda: tf.SampleSolvePlayer(2, seed=2, objective="tricks"),
          positions(tf.SPOIL_FIVE, 3, 15, 5))
    bidding = [v for v in positions(tf.AUCTION_45, 4, 40, 6)][:12]
    agree(lambda: tf.SampleSolvePlayer(2, seed=2, bidding_nodes=2000), bidding)
    agree(lambda: tf.SampleSolvePlayer(2, seed=2, bidding_nodes=2000, guard=None), bidding)
    agree(lambda: tf.ISMCTSPlayer(15, seed=2), bidding)
    reasons = agree(lambda: RolloutPlayer(6, seed=2), bidding)
    assert any("the rule of thumb's" in r for r in reasons)


def test_the_levels_reasons_agree_with_choose_and_name_the_level() -> None:
    turn_up = positions(tf.FORTY_FIVE, 2, 40, 7)
    for name in ("novice", "club", "expert"):
        reasons = agree(lambda name=name: tf.level_bot(name, seed=3), turn_up)
        assert all(r.startswith(f"{name}: ") for r in reasons)
    noisy = agree(lambda: tf.level_bot("novice", seed=3), turn_up)
    assert any("a random legal action" in r for r in noisy)
    agree(lambda: tf.level_bot("max", seed=3), turn_up[:10])
    bidding = positions(tf.AUCTION_45, 4, 12, 8)
    agree(lambda: tf.level_bot("club", seed=3), bidding)
    agree(lambda: tf.level_bot("novice", seed=3), bidding)
