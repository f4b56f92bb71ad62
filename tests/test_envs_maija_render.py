"""The Maija environments' ``render()`` (``"ansi"``) and the Gymnasium ids
``trumpfamily/Mustamaija-v0``, ``Spardame-v0``, ``Kitumaija-v0``."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from trumpfamily.envs import maija_pettingzoo
from trumpfamily.envs.maija import CARD_IDS, ENV_IDS, STOP, MaijaSeatEnv, env_id, render_text
from trumpfamily.errors import InvalidArgumentError
from trumpfamily.maija import KITUMAIJA, MUSTAMAIJA, new_maija_hand, stacked_maija_deck


@pytest.mark.parametrize("name", ["Mustamaija", "Spardame", "Kitumaija"])
def test_every_preset_is_made_by_its_id(name: str) -> None:
    assert env_id(name) == ENV_IDS[name] == f"trumpfamily/{name}-v0"
    made = gymnasium.make(f"trumpfamily/{name}-v0", render_mode="ansi")
    env = made.unwrapped
    assert isinstance(env, MaijaSeatEnv)
    assert env.variant.name == name and env.players == 3 and env.render_mode == "ansi"
    obs, _ = made.reset(seed=2)
    assert obs["action_mask"].sum() > 0
    assert gymnasium.make(f"trumpfamily/{name}-v0", players=4).unwrapped.players == 4


def test_importing_the_gymnasium_module_registers_the_maija_ids_too() -> None:
    code = ("import gymnasium, trumpfamily.envs.gymnasium; "
            "e = gymnasium.make('trumpfamily/Kitumaija-v0', players=2); "
            "print(type(e.unwrapped).__name__, e.unwrapped.variant.name, e.unwrapped.players)")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(os.path.abspath(p) for p in sys.path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120, check=True).stdout
    assert out.split() == ["MaijaSeatEnv", "Kitumaija", "2"]


def test_render_is_the_learners_hand_log_table_and_picks() -> None:
    env = MaijaSeatEnv("Mustamaija", players=3, seat=0, render_mode="ansi")
    assert MaijaSeatEnv("Mustamaija").render() is None  # no render mode
    obs, _ = env.reset(seed=3)
    view = env.view()
    text = env.render()
    assert text is not None
    lines = text.splitlines()
    assert lines[-1].startswith(f"  Your hand (P0): {' '.join(map(str, sorted(view.hand)))}.")
    assert lines[-1].endswith("P0 to act.")
    assert f"Stock: {view.stock}." in text
    # a lead built card by card: the pick shows, and then the lead in the log
    card = next(i for i in np.flatnonzero(obs["action_mask"]) if i < STOP)
    env.step(int(card))
    assert env.render().splitlines()[-1] == f"  Picked so far: {CARD_IDS[card]}."  # type: ignore[union-attr]
    env.step(STOP)
    log = env.render()
    assert log is not None and re.search(rf"\n  \d+\. you lead {CARD_IDS[card]}\.\n", log)


def test_render_shows_no_hidden_card() -> None:
    # a re-deal: seat 0's cards the same, the other hand and the stock changed
    a = new_maija_hand(KITUMAIJA, 2, dealer=1, deck=stacked_maija_deck(
        KITUMAIJA, ["9H 3C AD 2S 4S", "KC 5H 6H 7H 8H"], dealer=1, stock="6D"))
    b = new_maija_hand(KITUMAIJA, 2, dealer=1, deck=stacked_maija_deck(
        KITUMAIJA, ["9H 3C AD 2S 4S", "TC 5S 6S 7S 8S"], dealer=1, stock="6D 2H"))
    assert a.to_act == 0 and a.view(0) == b.view(0)
    a, b = a.apply("take"), b.apply("take")  # seat 0 takes up the pile's 6D
    assert a.view(0) == b.view(0) and a.hands[1] != b.hands[1]
    assert render_text(a, 0) == render_text(b, 0)
    assert "KC" not in render_text(a, 0) and "TC" not in render_text(b, 0)
    assert "1. you take up 6D." in render_text(a, 0)
    spectator = render_text(a, None)  # a spectator sees every hand
    assert f"  P1: {' '.join(map(str, sorted(a.hands[1])))}." in spectator
    assert spectator != render_text(b, None)


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="render_mode='human'"):
        MaijaSeatEnv("Mustamaija", render_mode="human")
    with pytest.raises(InvalidArgumentError, match="render_mode='rgb_array'"):
        maija_pettingzoo.env(render_mode="rgb_array")


def test_check_env_with_the_render_check() -> None:
    check_env(MaijaSeatEnv("Mustamaija", seat=1, max_actions=300, render_mode="ansi"))


def test_pettingzoo_render_is_a_spectators_view() -> None:
    env = maija_pettingzoo.env("Mustamaija", 3, render_mode="ansi")
    env.reset(seed=5)
    hand = env.unwrapped.hand
    text = env.render()
    for seat in range(3):
        assert f"  P{seat}: {' '.join(map(str, sorted(hand.hands[seat])))}" in text
    assert maija_pettingzoo.env("Mustamaija", 3).unwrapped.render_mode is None
    assert new_maija_hand(MUSTAMAIJA, 3, seed=0).players == 3
