"""trumpfamily.envs.pettingzoo: PettingZoo's API and seed tests on every preset, rewards,
episodes, the discard card by card, illegal actions and rendering (issue 12, point 3)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

import trumpfamily as tf
from trumpfamily.envs import encoding as E
from trumpfamily.envs.pettingzoo import TrumpFamilyEnv, env, raw_env

ALL_PRESETS = (*tf.VARIANTS.values(), *tf.BIDDING_VARIANTS.values())


def _players(variant: tf.Variant) -> int:
    return min(4, variant.table.max_players)


def _play(table: Any, rng: random.Random) -> dict[str, float]:
    """Play an episode with random legal ids; each agent's total reward."""
    totals: dict[str, float] = {}
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        action = None if terminated or truncated else rng.choice(
            [int(i) for i in np.flatnonzero(obs["action_mask"])])
        table.step(action)
    return totals


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=lambda v: v.name)
def test_api_and_seed_tests_pass_for_every_preset(variant: tf.Variant) -> None:
    players = _players(variant)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice on Box observations
        api_test(env(variant=variant, players=players), num_cycles=60)
        seed_test(lambda: env(variant=variant, players=players), num_cycles=60)


@pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.AUCTION_45], ids=lambda v: v.name)
def test_api_test_passes_for_whole_game_episodes(variant: tf.Variant) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(variant=variant, players=4, episode="game", hands=2), num_cycles=200)
        seed_test(lambda: env(variant=variant, players=4, episode="game", hands=2),
                  num_cycles=100)


def test_options_and_two_players_pass_the_api_test() -> None:
    variant = tf.TWENTY_FIVE.with_options(fiving=True, rob_timing="before-lead")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(variant=variant, players=2), num_cycles=60)


def test_a_pool_hand_pays_its_chips() -> None:
    """Spoil Five, 4 seats (ante 1, the dealer 2): the pool is 5; the winner nets the pool
    less his ante, the others lose their antes; a spoil costs everybody his ante."""
    table = env(variant=tf.SPOIL_FIVE, players=4)
    rng = random.Random(0)
    seen_spoil = seen_win = False
    for seed in range(12):
        table.reset(seed=seed)
        dealer = table.unwrapped.view("player_0").dealer
        totals = _play(table, rng)
        antes = [-(2 if s == dealer else 1) for s in range(4)]
        got = [totals[f"player_{s}"] for s in range(4)]
        winners = [s for s in range(4) if got[s] > antes[s]]
        if winners:
            seen_win = True
            (w,) = winners
            assert got[w] == antes[w] + 5
            assert all(got[s] == antes[s] for s in range(4) if s != w)
        else:
            seen_spoil = True
            assert got == antes
    assert seen_win and seen_spoil


def test_points_and_bidding_rewards_are_the_sides_points_and_gains() -> None:
    rng = random.Random(1)
    table = raw_env(variant=tf.FORTY_FIVE, players=3)
    table.reset(seed=3)
    totals = _play(table, rng)
    game = table._table.game
    assert [totals[f"player_{s}"] for s in range(3)] == list(game.outcomes[-1].side_points)
    assert sum(totals.values()) in (25, 30)  # 5 a trick, the best trump's trick double
    table = raw_env(variant=tf.AUCTION_45, players=4)  # two sides of two
    for seed in range(8):
        table.reset(seed=seed)
        totals = _play(table, rng)
        out = table._table.game.outcomes[-1]
        sides = table._table.game.sides
        assert [totals[f"player_{s}"] for s in range(4)] == [
            out.gains[next(i for i, side in enumerate(sides) if s in side)]
            for s in range(4)]
        if out.made is False:
            assert totals[f"player_{out.bidder}"] == -out.bid


def test_a_game_episode_rewards_add_up_to_the_final_chips() -> None:
    table = raw_env(variant=tf.SPOIL_FIVE, players=3, episode="game", hands=4)
    table.reset(seed=9)
    totals = _play(table, random.Random(9))
    game = table._table.game
    assert game.is_over and len(game.outcomes) == 4
    assert [totals[f"player_{s}"] for s in range(3)] == list(game.chips)
    default = raw_env(variant=tf.MAW, players=5, episode="game")  # a pool game: 5 deals
    default.reset(seed=2)
    _play(default, random.Random(2))
    assert len(default._table.game.outcomes) == 5


def test_a_bidding_discard_is_built_card_by_card() -> None:
    """The same agent acts until DISCARD_DONE; the observation shows its pending cards."""
    table = raw_env(variant=tf.AUCTION_45, players=4)
    rng = random.Random(4)
    built = 0
    for seed in range(6):
        table.reset(seed=seed)
        for agent in table.agent_iter():
            obs, _, terminated, _, _ = table.last()
            if terminated:
                table.step(None)
                continue
            view = table.view(agent)
            legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
            step = view.legal_actions and isinstance(view.legal_actions[0], tf.Discard)
            if step:
                pending = table._table.pending
                lay = E.layout(tf.AUCTION_45, 4)
                shown = np.flatnonzero(obs["observation"][lay["pending"]]).tolist()
                assert shown == [c.index for c in pending]
                assert all(i in E.DISCARD_IDS or i == E.DISCARD_DONE for i in legal)
            choice = rng.choice(legal)
            table.step(choice)
            if step and choice != E.DISCARD_DONE:
                assert table.agent_selection == agent
                built += 1
    assert built >= 4


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    table = raw_env(variant=tf.SPOIL_FIVE, players=3)
    table.reset(seed=5)
    agent = table.agent_selection
    obs = table.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = table._table.game
    with pytest.raises(tf.IllegalActionError, match=f"action id {illegal}"):
        table.step(illegal)
    with pytest.raises(tf.InvalidArgumentError, match="an action id"):
        table.step("play AS")  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="not an action id"):
        table.step(999)
    assert table._table.game is before and table.agent_selection == agent
    with pytest.raises(tf.InvalidArgumentError, match="no agent 'player_9'"):
        table.observe("player_9")


def test_the_terminate_illegal_wrapper_applies() -> None:
    """PettingZoo's classic convention, by wrapping: an illegal id ends the episode with
    -1 for the offender."""
    table = wrappers.TerminateIllegalWrapper(raw_env(variant=tf.SPOIL_FIVE, players=3),
                                             illegal_reward=-1)
    table.reset(seed=5)
    agent = table.agent_selection
    obs, *_ = table.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(table.terminations.values())
    assert table.rewards[agent] == -1


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="episode='round'"):
        env(variant=tf.SPOIL_FIVE, players=3, episode="round")  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="hands=0"):
        env(variant=tf.SPOIL_FIVE, players=3, episode="game", hands=0)
    with pytest.raises(tf.InvalidArgumentError, match="render_mode='human'"):
        env(variant=tf.SPOIL_FIVE, players=3, render_mode="human")
    with pytest.raises(tf.PlayerCountError):
        env(variant=tf.FORTY_FIVE, players=7)
    with pytest.raises(tf.UnknownVariantError):
        env(variant="Whist", players=4)
    with pytest.raises(tf.InvalidArgumentError, match="reset"):
        raw_env(players=3).observe("player_0")


def test_hands_is_refused_for_one_hand_episodes() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="hands=3 applies to episode='game'"):
        env(variant=tf.SPOIL_FIVE, players=3, hands=3)
    with pytest.raises(tf.InvalidArgumentError, match="hands=3 applies to episode='game'"):
        raw_env(tf.SPOIL_FIVE, 3, episode="hand", hands=3)
    game = raw_env(tf.SPOIL_FIVE, 3, episode="game", hands=3)
    game.reset(seed=0)
    context = game.view("player_0").game
    assert context is not None and context.hands_left == 2  # this hand and two more


def test_players_must_be_an_int() -> None:
    with pytest.raises(tf.PlayerCountError,
                       match=r"players='3': the number of players is an int \(2 to 10 in Spoil "
                             r"Five\), not str"):
        env(variant=tf.SPOIL_FIVE, players="3")  # type: ignore[arg-type]


def test_a_step_before_any_reset_says_to_reset_first() -> None:
    with pytest.raises(tf.InvalidArgumentError, match=r"no episode has started: call reset\(\) first"):
        raw_env(players=3).step(0)
    with pytest.raises(tf.InvalidArgumentError, match=r"call reset\(\) first"):
        raw_env(players=3).observe("player_0")


def test_ansi_rendering_narrates_the_episode() -> None:
    table = raw_env(variant=tf.FORTY_FIVE, players=2, render_mode="ansi")
    table.reset(seed=8)
    _play(table, random.Random(8))
    text = table.render()
    assert isinstance(text, str)
    assert "P1 deals" in text or "P0 deals" in text
    assert text.count("Trick ") == 5 and "Points this hand" in text
    assert isinstance(table, TrumpFamilyEnv)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert raw_env(players=3).render() is None
