"""The Gymnasium environment of the Maija games (:mod:`trumpfamily.envs.maija`): the
checker, the card-by-card action encoding and its mask, rewards, truncation, illegal ids,
and the re-deal test on the observation."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from trumpfamily.envs.maija import (
    ACTION_COUNT,
    CARD_IDS,
    STOP,
    TAKE,
    MaijaSeatEnv,
    encode,
    observation_size,
)
from trumpfamily.errors import InvalidArgumentError, InvalidSeatError, PlayerCountError
from trumpfamily.maija import (
    KITUMAIJA,
    MUSTAMAIJA,
    SPARDAME,
    MaijaHand,
    MaijaVariant,
    new_maija_hand,
)
from trumpfamily.maija.events import PileStarted, TrumpTurned


@pytest.mark.parametrize("name", ["Mustamaija", "Spardame", "Kitumaija"])
def test_check_env_passes(name: str) -> None:
    check_env(MaijaSeatEnv(name, seat=1, max_actions=300), skip_render_check=True)


@pytest.mark.parametrize("name", ["Mustamaija", "Spardame", "Kitumaija"])
def test_masked_random_play_ends_with_a_zero_sum_reward(name: str) -> None:
    env = MaijaSeatEnv(name, players=3, seat=2, max_actions=1_500)
    rng = np.random.default_rng(1)
    for episode in range(3):
        obs, _ = env.reset(seed=episode)
        assert obs["observation"].shape == (observation_size(3),)
        done = truncated = False
        steps = 0
        while not (done or truncated):
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
            steps += 1
            assert "illegal" not in info
            if not (done or truncated):
                assert reward == 0.0
        assert env.hand is not None
        if done:
            assert reward == (-1.0 if env.hand.loser == 2 else 0.5)
        else:
            assert reward == 0.0 and len(env.hand.history) >= 1_500
        assert not obs["action_mask"].any()


def test_a_lead_built_card_by_card() -> None:
    env = MaijaSeatEnv(MUSTAMAIJA, players=3, seat=1)
    obs, _ = env.reset(seed=0)
    hand = env.hand
    assert hand is not None and hand.phase == "lead" and hand.to_act == 1
    mine = hand.hands[1]
    mask = obs["action_mask"]
    assert {CARD_IDS[i] for i in np.flatnonzero(mask)} == set(mine)
    assert not mask[STOP] and not mask[TAKE]
    first = min(mine)
    obs, reward, done, _, _ = env.step(CARD_IDS.index(first))
    assert reward == 0.0 and not done and env.hand is hand  # only a pick
    allowed = {CARD_IDS[i] for i in np.flatnonzero(obs["action_mask"][:52])}
    same = {c for c in mine if c != first and
            ("S" if str(c) == "QS" else str(c)[-1]) == ("S" if str(first) == "QS"
                                                        else str(first)[-1])}
    assert allowed == same and obs["action_mask"][STOP] == 1
    env.step(STOP)
    assert env.hand is not hand and str(env.hand.history[len(hand.history)]) == f"lead {first}"


def test_a_beat_is_a_target_then_a_beater() -> None:
    env = MaijaSeatEnv(MUSTAMAIJA, players=3, seat=1)
    for seed in range(40):
        obs, _ = env.reset(seed=seed)
        assert env.hand is not None
        if env.hand.phase == "defend" and obs["action_mask"][:52].any():
            break
    else:
        pytest.fail("no defence with a beat in 40 deals")
    hand = env.hand
    target = CARD_IDS[int(np.flatnonzero(obs["action_mask"][:52])[0])]
    assert target in hand.table and obs["action_mask"][TAKE] == 1
    obs, *_ = env.step(CARD_IDS.index(target))
    beaters = {CARD_IDS[i] for i in np.flatnonzero(obs["action_mask"])}
    from trumpfamily.maija import beaters as engine_beaters
    assert beaters == set(engine_beaters(hand.hands[1], target, trump=hand.trump))
    assert not obs["action_mask"][TAKE]


def test_illegal_ids_lose_or_raise() -> None:
    env = MaijaSeatEnv(MUSTAMAIJA, players=3)
    obs, _ = env.reset(seed=3)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, _, info = env.step(bad)
    assert done and reward == -1.0 and "not legal" in info["illegal"]
    with pytest.raises(InvalidArgumentError):
        env.step(0)  # the episode is over
    strict = MaijaSeatEnv(MUSTAMAIJA, players=3, illegal="raise")
    obs, _ = strict.reset(seed=3)
    with pytest.raises(InvalidArgumentError):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    with pytest.raises(InvalidArgumentError):
        strict.step(ACTION_COUNT)


def test_refusals_at_construction() -> None:
    with pytest.raises(PlayerCountError):
        MaijaSeatEnv(MUSTAMAIJA, players=2)
    with pytest.raises(InvalidSeatError):
        MaijaSeatEnv(MUSTAMAIJA, players=3, seat=3)
    with pytest.raises(InvalidArgumentError):
        MaijaSeatEnv(MUSTAMAIJA, players=3, opponents=[object(), object()])
    with pytest.raises(InvalidArgumentError):
        MaijaSeatEnv(MUSTAMAIJA, players=3, max_actions=0)


# -- the re-deal test on the observation -------------------------------------------------------

def _play(variant: MaijaVariant, players: int, seed: int, steps: int) -> list[MaijaHand]:
    rng = random.Random(seed)
    hand = new_maija_hand(variant, players, dealer=seed % players, seed=seed)
    states = [hand]
    while len(states) <= steps and not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
        states.append(hand)
    return states


def _seen(states: list[MaijaHand], seat: int) -> set[object]:
    seen: set[object] = set()
    for s in states:
        seen.update(s.hands[seat], s.table, s.pile, s.out_of_play)
        seen.update(c for pair in s.beaten for c in pair)
        if s.trump is not None and s.turn_up is not None:
            seen.add(s.turn_up)
        for e in s.events:
            if isinstance(e, TrumpTurned | PileStarted):
                seen.update((e.card, *e.buried))
    return seen


def _redeal(states: list[MaijaHand], seat: int, seed: int) -> list[MaijaHand]:
    first, seen = states[0], _seen(states, seat)
    deck = list(first.deck)
    hidden = [i for i, c in enumerate(deck) if c not in seen]
    moved = [deck[i] for i in hidden]
    random.Random(seed).shuffle(moved)
    for i, c in zip(hidden, moved, strict=True):
        deck[i] = c
    hand = new_maija_hand(first.variant, first.players, dealer=first.dealer, deck=deck)
    out = [hand]
    for s in states[1:]:
        hand = hand.apply(s.history[-1])
        out.append(hand)
    return out


@pytest.mark.parametrize(("variant", "seed"), [(MUSTAMAIJA, 2), (SPARDAME, 6), (KITUMAIJA, 7)],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_a_redeal_of_hidden_cards_leaves_every_observation_unchanged(
        variant: MaijaVariant, seed: int) -> None:
    states = _play(variant, 4, seed, 80)
    for seat in range(4):
        other = _redeal(states, seat, seed + 9)
        for a, b in zip(states, other, strict=True):
            assert np.array_equal(encode(a.view(seat)), encode(b.view(seat)))


def test_the_observation_redeal_has_power() -> None:
    states = _play(MUSTAMAIJA, 3, 11, 10)
    other = _redeal(states, 0, 5)
    assert any(not np.array_equal(encode(a.view(1)), encode(b.view(1)))
               for a, b in zip(states, other, strict=True))


# -- the PettingZoo AEC environment ------------------------------------------------------------

@pytest.mark.parametrize("name", ["Mustamaija", "Spardame", "Kitumaija"])
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    pytest.importorskip("pettingzoo")
    import warnings

    from pettingzoo.test import api_test, seed_test

    from trumpfamily.envs.maija_pettingzoo import env
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice on Box observations
        api_test(env(name, players=3, max_actions=300), num_cycles=100)
        seed_test(lambda: env(name, players=3, max_actions=300), num_cycles=100)


def test_pettingzoo_hand_is_zero_sum_and_only_the_agent_to_act_has_a_mask() -> None:
    pytest.importorskip("pettingzoo")
    from trumpfamily.envs.maija_pettingzoo import env
    table = env(MUSTAMAIJA, players=3)
    table.reset(seed=5)
    raw = table.unwrapped
    rng = np.random.default_rng(5)
    totals: dict[str, float] = {}
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if not (terminated or truncated):
            for other in raw.possible_agents:
                if other != agent:
                    assert not raw.observe(other)["action_mask"].any()
        table.step(None if terminated or truncated else
                   int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert raw.hand.is_over
    loser = f"player_{raw.hand.loser}"
    assert totals[loser] == -1.0
    assert all(v == 0.5 for a, v in totals.items() if a != loser)
    table.reset(seed=5)
    bad = int(np.flatnonzero(table.unwrapped.observe(table.agent_selection)["action_mask"]
                             == 0)[0])
    with pytest.raises(InvalidArgumentError):
        table.unwrapped.step(bad)
