"""A PettingZoo AEC environment for the Maija games (MAIJA.md): every seat an agent.

An optional extra (``pip install 'trumpfamily[rl]'``). The agents are ``"player_0"``,
``"player_1"``... (seat order). The observation, the action ids and the card-by-card
building of a multi-card action are those of :mod:`trumpfamily.envs.maija`
(``Discrete(54)``: 52 cards, ``STOP``, ``TAKE``, each step with its ``action_mask``); an
agent whose step only picks a card stays selected. When the hand ends every agent is
terminated, the loser rewarded ``-1`` and each other seat ``1 / (players - 1)``; a hand
that has not ended after ``max_actions`` actions truncates every agent (reward 0).

>>> import numpy as np
>>> from trumpfamily.envs.maija_pettingzoo import env
>>> table = env("Kitumaija", players=3, max_actions=300)
>>> table.reset(seed=1)
>>> rng = np.random.default_rng(1)
>>> for agent in table.agent_iter():
...     obs, reward, terminated, truncated, _ = table.last()
...     table.step(None if terminated or truncated else
...                int(rng.choice(np.flatnonzero(obs["action_mask"]))))
>>> sorted(table.unwrapped.possible_agents)
['player_0', 'player_1', 'player_2']
"""

from __future__ import annotations

try:
    import gymnasium
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - tested in a subprocess without pettingzoo
    raise ImportError(
        "trumpfamily.envs.maija_pettingzoo needs pettingzoo and gymnasium, which the core "
        "library does not install: pip install 'trumpfamily[rl]'"
    ) from exc

import operator
import random
from typing import Any, Final

import numpy as np

from ..errors import InvalidArgumentError
from ..maija import MaijaHand, MaijaVariant, MaijaView, find_maija_variant, new_maija_hand
from .maija import ACTION_COUNT, _Picks, encode, observation_size, render_text

__all__ = ["MaijaAECEnv", "env", "raw_env"]


def _agent(seat: int) -> str:
    return f"player_{seat}"


class MaijaAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """The AEC environment (see the module); build it with :func:`env` or :func:`raw_env`.

    Args:
        variant: a Maija preset or its name.
        players: the seats (default: 3, or the variant's least above it).
        max_actions: the hand's actions after which every agent is truncated.
        render_mode: ``None`` or ``"ansi"`` (:meth:`render`).

    Raises:
        UnknownVariantError: no Maija preset has that name.
        PlayerCountError: ``players`` does not suit the variant.
        InvalidArgumentError: ``max_actions`` is not a positive int.
    """

    metadata: Final = {"name": "trumpfamily_maija_v0", "render_modes": ["ansi"],
                       "is_parallelizable": False}

    def __init__(self, variant: MaijaVariant | str = "Mustamaija", players: int | None = None,
                 *, max_actions: int = 2_000, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode != "ansi":
            raise InvalidArgumentError(
                f"render_mode={render_mode!r}: None or 'ansi' (the hand as text)")
        v = find_maija_variant(variant)
        if players is None:
            players = max(3, v.min_players)
        new_maija_hand(v, players, seed=0)  # refuses a table the variant does not deal
        if type(max_actions) is not int or max_actions < 1:
            raise InvalidArgumentError(f"max_actions={max_actions!r}: a positive int")
        self.variant, self.players, self._max = v, players, max_actions
        self.render_mode = render_mode
        self.possible_agents: list[str] = [_agent(s) for s in range(players)]
        self.agents: list[str] = []
        space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 2.0, (observation_size(players),),
                                                np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(ACTION_COUNT)
                              for a in self.possible_agents}
        self.hand: MaijaHand | None = None
        self._picks = _Picks()
        self._rng = random.Random()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(54)`` (the same object each call)."""
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        if agent not in self.possible_agents:
            raise InvalidArgumentError(
                f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    def view(self, agent: str) -> MaijaView:
        """The agent's :class:`~trumpfamily.maija.MaijaView`.

        Raises:
            InvalidArgumentError: no such agent, or never reset.
        """
        if self.hand is None:
            raise InvalidArgumentError("no episode has started: call reset() first")
        return self.hand.view(self._seat(agent))

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": float32[size], "action_mask": int8[54]}`` for ``agent``; the
        picks so far and the mask only for the agent to act."""
        view = self.view(agent)
        seat = self._seat(agent)
        assert self.hand is not None
        mine = self.hand.to_act == seat
        picks = self._picks
        return {"observation": encode(view, picks.picked if mine else (),
                                      picks.target if mine else None,
                                      picks.stage(self.hand) if mine else "none"),
                "action_mask": picks.mask(self.hand, seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (a random dealer); ``seed`` seeds the stream of deals."""
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = self._rng.randrange(self.players)
        self.hand = new_maija_hand(self.variant, self.players, dealer=dealer,
                                   seed=self._rng.getrandbits(64))
        self._picks.clear()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        assert self.hand.to_act is not None
        self.agent_selection = _agent(self.hand.to_act)

    def step(self, action: int | None) -> None:
        """The selected agent takes the id ``action`` (``None``: PettingZoo's dead step).

        Raises:
            InvalidArgumentError: not an id, an id the mask forbids, or never reset.
        """
        if self.hand is None:
            raise InvalidArgumentError("no episode has started: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            number = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise InvalidArgumentError(
                f"action={action!r}: an id 0..{ACTION_COUNT - 1}") from None
        seat = self._seat(agent)
        if not 0 <= number < ACTION_COUNT or not self._picks.mask(self.hand, seat)[number]:
            raise InvalidArgumentError(f"id {number} is not legal now (see the action mask)")
        done = self._picks.advance(self.hand, seat, number)
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if done is not None:
            self.hand = self.hand.apply(done, seat=seat)
            self._picks.clear()
        hand = self.hand
        if hand.is_over:
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = -1.0 if hand.loser == s else 1.0 / (self.players - 1)
            self.terminations = dict.fromkeys(self.agents, True)
        elif len(hand.history) >= self._max:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            assert hand.to_act is not None
            self.agent_selection = _agent(hand.to_act)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``render_mode="ansi"``: the hand so far as text for a spectator who sees every
        hand (:func:`~trumpfamily.envs.maija.render_text` with no seat: the log, the table,
        every hand, the picks of the agent to act); an agent's own view is
        :meth:`observe` / :meth:`view`. Without a render mode: ``None``, with
        PettingZoo's warning."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: env(render_mode='ansi')")
            return None
        if self.hand is None:
            return None
        return render_text(self.hand, None, self._picks.picked, self._picks.target)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(variant: MaijaVariant | str = "Mustamaija", players: int | None = None, *,
            max_actions: int = 2_000, render_mode: str | None = None) -> MaijaAECEnv:
    """The environment without wrappers (arguments as :class:`MaijaAECEnv`)."""
    return MaijaAECEnv(variant, players, max_actions=max_actions, render_mode=render_mode)


def env(variant: MaijaVariant | str = "Mustamaija", players: int | None = None, *,
        max_actions: int = 2_000, render_mode: str | None = None) -> Any:
    """The environment in PettingZoo's usual wrappers (the action checked against the
    space, the order of calls enforced); ``.unwrapped`` is the :class:`MaijaAECEnv`."""
    out = raw_env(variant, players, max_actions=max_actions, render_mode=render_mode)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(out))
