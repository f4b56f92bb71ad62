"""The chance of winning a bidding game from given scores, and the rollout bot that aims at
it (issue 20 item 4: bots that aim at winning the game rather than the hand)."""

from __future__ import annotations

import functools
import math
import random
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.bidding import HandScore, game_end
from trumpfamily.search import RolloutPlayer, WinChance, sample_deal, win_chance
from trumpfamily.search.advisor import _Evaluator

THUMB = tf.RuleOfThumbPlayer()


def _score(bidder: int, made: bool, gains: tuple[int, int], amount: int = 20) -> HandScore:
    """A two-sided hand score: the bidder's side took every trick it needed, or none."""
    tricks = (5, 0) if (bidder == 0) == made else (0, 5)
    return HandScore(bidder=bidder, amount=amount, made=made, tricks=tricks,
                     points=(tricks[0] * 5 + 5 * (tricks[0] > 0), tricks[1] * 5 + 5 * (tricks[1] > 0)),
                     gains=gains, trick_sides=(0,) * tricks[0] + (1,) * tricks[1],
                     bonus_trick=0)


def test_the_chance_is_the_race_it_claims_on_a_pool_of_one_hand() -> None:
    """A pool of one hand, "the bidder makes 30, the other side scores nothing", its sides
    shuffled: each hand one side or the other gains 30, a half chance each. From (a, b)
    the side wins the race to 120 (Auction 45s, bidder first) with the chance of the
    independent Markov chain worked out here; the estimate is within 4.5 standard errors
    of it, and far off the chances of a wrong model."""
    win = WinChance(tf.AUCTION_45, 4, continuations=4000, seed=3)
    win._pool = (_score(0, True, (30, 0), amount=30),)
    target = tf.AUCTION_45.bidding.target  # type: ignore[union-attr]

    @functools.cache
    def exact(a: int, b: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return 0.5 * exact(a + 30, b) + 0.5 * exact(a, b + 30)

    se = 0.5 / math.sqrt(4000)
    for a, b in [(0, 0), (90, 0), (0, 90), (60, 30), (-30, 60)]:
        got = win((a, b), 0)
        assert abs(got - exact(a, b)) < 4.5 * se, (a, b, got, exact(a, b))
    assert exact(90, 0) == pytest.approx(15 / 16) and exact(0, 90) == pytest.approx(1 / 16)


def test_the_end_of_the_game_is_the_librarys_game_end() -> None:
    """``after``: a hand that takes the side over the target wins (1), the other side's
    (0); a bidder set to ``lose_at`` loses (Nova Scotia 45s, -125), with the library's
    :func:`game_end` deciding, not a copy of it."""
    a45 = WinChance(tf.AUCTION_45, 4, hands=20, continuations=50)
    made = _score(0, True, (30, 0), amount=30)
    assert game_end(tf.AUCTION_45.bidding, (100, 0), made) is not None  # type: ignore[arg-type]
    assert a45.after((100, 0), made, 0) == 1.0 and a45.after((100, 0), made, 1) == 0.0
    ns = WinChance(tf.NOVA_SCOTIA_45, 4, hands=20, continuations=50)
    lose_at = tf.NOVA_SCOTIA_45.bidding.lose_at  # type: ignore[union-attr]
    assert lose_at == -125
    set_hand = _score(0, False, (-30, 5), amount=30)
    assert ns.after((-100, 0), set_hand, 0) == 0.0
    assert 0.0 < ns.after((0, 0), set_hand, 0) < 0.5  # set at 0-0: behind, not out


def test_the_chances_read_the_scores() -> None:
    """Rule-of-thumb hands: ahead near the target is nearly a win, behind nearly a loss,
    level about even; the two sides' chances add up to about 1; the same arguments, the
    same chance (seeded); refusals name the argument."""
    win = WinChance(tf.AUCTION_45, 4, hands=120, continuations=600, seed=1)
    assert win((115, 0), 0) > 0.9 and win((0, 115), 0) < 0.1
    assert abs(win((40, 40), 0) - 0.5) < 0.1
    assert win((60, 30), 0) > win((30, 30), 0) > win((30, 60), 0)
    for scores in [(0, 0), (90, 60), (-20, 100)]:
        assert abs(win(scores, 0) + win(scores, 1) - 1) < 0.1
    again = WinChance(tf.AUCTION_45, 4, hands=120, continuations=600, seed=1)
    assert again((90, 60), 0) == win((90, 60), 0)
    assert win_chance(tf.AUCTION_45, 4, (115, 0), 0, continuations=100) > 0.9
    with pytest.raises(tf.InvalidArgumentError, match="not a bidding game"):
        WinChance(tf.SPOIL_FIVE, 4)
    with pytest.raises(tf.InvalidArgumentError, match="continuations=0"):
        WinChance(tf.AUCTION_45, 4, continuations=0)
    with pytest.raises(tf.InvalidArgumentError, match="scores="):
        win((1, 2, 3), 0)
    with pytest.raises(tf.InvalidArgumentError, match="side=2"):
        win((0, 0), 2)


def _view_at(scores: tuple[int, int], seed: int) -> tf.BiddingView:
    hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=seed, scores=scores)
    return hand.view(hand.to_act)


def test_the_game_objective_values_each_world_by_the_chance_after_it() -> None:
    """The evaluator's value of a world played out is 100 x the chance after its hand
    score (1 or 0 when the hand ends the game): checked world by world against
    ``WinChance.after`` called here, at scores near the target."""
    win = WinChance(tf.AUCTION_45, 4, hands=60, continuations=100)
    view = _view_at((100, 85), seed=5)
    ev = _Evaluator(view.seat, THUMB, None, "game", "policy")
    ev.match = win
    side = next(i for i, s in enumerate(view.sides) if view.seat in s)
    seen_end = seen_open = 0
    for k in range(12):
        world = sample_deal(view, rng=random.Random(k))
        for action in view.legal_actions[:3]:
            done = ev.play_out(world.apply(action))
            score = done.hand_score
            if score is None:
                continue
            want = 100 * win.after((100, 85), score, side, hands_played=1)
            assert ev.gains(done) == want
            seen_end += want in (0.0, 100.0)
            seen_open += 0 < want < 100
    assert seen_end and seen_open


def test_the_game_bot_reads_only_its_view_and_the_scores_change_its_values() -> None:
    """Re-deal test for ``objective="game"`` (the same choice), and the scores are read:
    the same hand valued at 0-0 and at 110-0 gives other values (near the target any made
    bid is worth the game)."""
    view = _view_at((110, 0), seed=9)
    other = sample_deal(view, rng=random.Random(4)).view(view.seat)
    assert other[:-2] == view[:-2]
    make = lambda: RolloutPlayer(worlds=12, seed=2, objective="game")
    assert make().choose(view) == make().choose(other) in view.legal_actions
    assert view.game is not None and view.game.scores == (110, 0)
    rows_near = _game_values(_view_at((110, 0), seed=9))
    rows_level = _game_values(_view_at((0, 0), seed=9))
    assert rows_near != rows_level
    assert max(rows_near) > max(rows_level)


def _game_values(view: tf.BiddingView) -> list[float]:
    from trumpfamily.search.advisor import _values
    from trumpfamily.search.rollout import _win_chance

    ev = _Evaluator(view.seat, THUMB, None, "game", "policy")
    ev.match = _win_chance(view)
    deals = [sample_deal(view, rng=random.Random(k)) for k in range(8)]
    table = _values(ev, deals, view.legal_actions)
    return [sum(row[i] for row in table) / len(table) for i in range(len(view.legal_actions))]


@pytest.mark.parametrize("bad", [{"objective": "win"}, {"objective": None}])
def test_a_bad_objective_is_refused_naming_game(bad: dict[str, Any]) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="'game'"):
        RolloutPlayer(**bad)


def test_a_tournament_names_the_game_bot() -> None:
    """The name a tournament, the ladder and the CLI read (``rollout:objective=game``)
    makes the game-aiming bot, seeded per seat."""
    from trumpfamily.tournament import bot_factory

    bot = bot_factory("rollout:objective=game,worlds=4")(7)
    assert isinstance(bot, RolloutPlayer)
    assert (bot.objective, bot.worlds, bot.seed) == ("game", 4, 7)


def test_the_game_bot_gives_its_reason_in_game_win_chances() -> None:
    """``choose_with_reason`` of ``objective="game"`` reads the scores as ``choose`` does
    (the same action) and words its values in game-win chances, not points."""
    view = _view_at((110, 0), seed=9)
    action, reason = RolloutPlayer(worlds=12, seed=2, objective="game").choose_with_reason(view)
    assert action == RolloutPlayer(worlds=12, seed=2, objective="game").choose(view)
    assert "% game-win chance" in reason and "(game)" in reason
