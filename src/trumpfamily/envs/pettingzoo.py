"""A PettingZoo AEC environment: every seat of a hand or a game is an agent.

An optional extra (``pip install 'trumpfamily[rl]'``). :func:`env` (PettingZoo's factory
convention; :func:`raw_env` without the wrappers) builds a :class:`TrumpFamilyEnv` for
any preset of :data:`trumpfamily.VARIANTS` or :data:`trumpfamily.BIDDING_VARIANTS`, with
any options (``tf.SPOIL_FIVE.with_options(...)``).

* **Agents** ``"player_0"`` .. ``"player_{n-1}"``: agent ``player_i`` is seat ``i``.
  ``agent_selection`` is the seat to act (:attr:`HandState.to_act
  <trumpfamily.engine.HandState.to_act>`): the turn order is the game's, not a fixed
  cycle (the winner of a trick leads the next; a robbing dealer acts out of turn).
* **Observations**: ``{"observation": float32[size], "action_mask": int8[230]}``, the
  encoding of the agent's own view (:func:`trumpfamily.envs.encoding.encode`, with its
  documented layout, ``size = observation_size(variant, players)``) and its legal action
  ids (:func:`~trumpfamily.envs.encoding.action_mask`; all 0 when it is not its turn).
  Built from the seat's view alone: nothing shows a card the seat may not see.
  ``env.view(agent)`` gives the :class:`~trumpfamily.outcomes.SeatView` (or
  :class:`~trumpfamily.outcomes.BiddingView`) itself, for agents that want structure.
* **Actions**: ``Discrete(230)``, the action ids (:func:`trumpfamily.action_id`). A
  discard of the bidding games is built card by card (one-card ids in rising card order,
  then :data:`~trumpfamily.envs.encoding.DISCARD_DONE`): the same agent acts again until
  it is put down.
* **Episodes**: ``episode="hand"`` (default) is one hand, dealt by a random dealer;
  ``episode="game"`` a whole game (:func:`trumpfamily.new_game`), ``hands`` hands at
  most (a pool game never ends by itself: ``hands=None`` then means one deal each).
  The episode ends for every agent at once (``terminations`` all ``True``).
* **Rewards**, given to every agent when a hand ends: pool games (RULES.md §1.7), the
  seat's net chips from the hand (:attr:`HandOutcome.chips
  <trumpfamily.outcomes.HandOutcome.chips>`: its ante paid, plus the pool or its share
  when it wins; a spoiled pool stays on the table); points games (§2.3, §2.4), its
  side's points; the bidding games (BIDDING.md §3.6), the change to its side's score
  (the bid lost when set). Over a game episode the rewards add up to the final chips or
  score.
* **Illegal actions** raise :class:`~trumpfamily.errors.IllegalActionError` (or
  :class:`~trumpfamily.errors.InvalidArgumentError` for a number that is no action id),
  naming the legal actions, and change nothing. For the PettingZoo classic convention
  (the offender loses, the episode ends) wrap :func:`raw_env` in
  ``pettingzoo.utils.wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)``.
* **Seeding**: ``reset(seed=s)`` starts a reproducible stream of deals; ``reset()``
  continues it.
* **Rendering**: ``render_mode="ansi"``: :meth:`TrumpFamilyEnv.render` returns the
  narration of the episode so far (:mod:`trumpfamily.narrate`, the whole truth: every
  hand shown).

>>> import numpy as np
>>> import trumpfamily as tf
>>> from trumpfamily.envs.pettingzoo import env
>>> table = env(variant=tf.SPOIL_FIVE, players=3)
>>> table.reset(seed=1)
>>> table.possible_agents
['player_0', 'player_1', 'player_2']
>>> rng = np.random.default_rng(1)
>>> totals = dict.fromkeys(table.possible_agents, 0.0)
>>> for agent in table.agent_iter():
...     obs, reward, terminated, truncated, info = table.last()
...     totals[agent] += reward
...     action = None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     table.step(action)
>>> sorted(totals.values())  # Spoil Five, 3 seats: ante 1, the dealer 2; the pool is 4
[-2.0, -1.0, 3.0]
"""

from __future__ import annotations

try:
    import gymnasium
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - tested in a subprocess without pettingzoo
    raise ImportError(
        "trumpfamily.envs.pettingzoo needs pettingzoo and gymnasium, which the core library "
        "does not install: pip install 'trumpfamily[rl]'"
    ) from exc

import operator
from typing import Any, Final

import numpy as np

from ..actions import ACTION_COUNT
from ..errors import InvalidArgumentError
from ..narrate import Narrator
from ..outcomes import AnyView
from ..variants import Variant, find_variant
from ._episode import Episode, Table, reward_of

__all__ = ["TrumpFamilyEnv", "env", "raw_env"]

_RENDER_MODES: Final = ("ansi",)


def _agent_name(seat: int) -> str:
    return f"player_{seat}"


class TrumpFamilyEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """The AEC environment (see the module). Build it with :func:`env` or
    :func:`raw_env`.

    Args:
        variant: a :class:`~trumpfamily.variants.Variant` (any options) or a preset's
            name; default Spoil Five.
        players: the number of seats, as the variant's table allows; ``None``
            (default): its usual table, :attr:`Table.usual_players
            <trumpfamily.table.Table.usual_players>` (4 in every preset).
        episode: ``"hand"`` (default) or ``"game"``.
        hands: ``episode="game"``: the most hands a game lasts (an int from 1), or
            ``None`` (pool games: one deal each; the others: to the end of the game).
            Refused with ``episode="hand"``.
        render_mode: ``None`` or ``"ansi"``.

    Raises:
        UnknownVariantError: no preset has that name.
        PlayerCountError: ``players`` does not suit the variant.
        InvalidArgumentError: ``episode``, ``hands`` or ``render_mode`` is not one of
            the values above, or ``hands`` is given with ``episode="hand"``.
    """

    metadata: Final = {"name": "trumpfamily_v0", "render_modes": list(_RENDER_MODES),
                       "is_parallelizable": False}

    def __init__(self, variant: Variant | str = "Spoil Five", players: int | None = None, *,
                 episode: Episode = "hand", hands: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise InvalidArgumentError(
                f"render_mode={render_mode!r}: None or 'ansi' (the narration as text)")
        if players is None:
            players = find_variant(variant).table.usual_players
        self._table = Table(variant, players, episode, hands)
        self.render_mode = render_mode
        self.possible_agents: list[str] = [_agent_name(s) for s in range(players)]
        self.agents: list[str] = []
        low, high = self._table.layout.bounds()
        observation = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(ACTION_COUNT)
                              for a in self.possible_agents}
        self._narrator: Narrator | None = None
        self._lines: list[str] = []

    @property
    def variant(self) -> Variant:
        """The rules played."""
        return self._table.variant

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space, ``Discrete(230)`` (the same object each call)."""
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        if agent not in self.possible_agents:
            raise InvalidArgumentError(
                f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    def view(self, agent: str) -> AnyView:
        """The agent's view of the hand in play (:class:`~trumpfamily.outcomes.SeatView`
        or :class:`~trumpfamily.outcomes.BiddingView`), with the game context.

        Raises:
            InvalidArgumentError: no such agent, or the environment was never reset.
        """
        return self._table.view(self._seat(agent))

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": float32[size], "action_mask": int8[230]}`` for ``agent``
        (see the module).

        Raises:
            InvalidArgumentError: no such agent, or the environment was never reset.
        """
        return self._table.observe(self._seat(agent))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode: a hand, or the first hand of a game.

        Args:
            seed: an int seeds the stream of deals (the same seed, the same episodes);
                ``None`` continues the stream.
            options: ignored (PettingZoo's signature).
        """
        game = self._table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = _agent_name(game.to_act)  # type: ignore[arg-type]
        if self.render_mode is not None:
            self._narrator = Narrator(self.variant, players=self._table.players)
            self._lines = self._narrator.lines(game.events)

    def step(self, action: int | None) -> None:
        """The selected agent takes the action id ``action``; ``None`` for an agent whose
        episode is over (PettingZoo's dead step).

        Raises:
            IllegalActionError: the id is not legal now (nothing changes).
            InvalidArgumentError: ``action`` is not an action id, or no episode has started
                (call :meth:`reset` first).
        """
        if self._table.state is None:
            raise InvalidArgumentError("no episode has started: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            number = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise InvalidArgumentError(
                f"action={action!r}: an action id, an int 0..{ACTION_COUNT - 1}") from None
        applied, outcomes = self._table.step(number)
        game = self._table.game
        if applied and self._narrator is not None:
            self._lines += self._narrator.lines(game.events)
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        for outcome in outcomes:
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] += reward_of(outcome, seat)
        if game.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = agent
        else:
            self.agent_selection = _agent_name(game.to_act)  # type: ignore[arg-type]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``render_mode="ansi"``: the narration of the episode so far, one string;
        otherwise ``None`` (with a warning, as PettingZoo does)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: env(render_mode='ansi')")
            return None
        return "\n".join(self._lines)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(variant: Variant | str = "Spoil Five", players: int | None = None, *,
            episode: Episode = "hand", hands: int | None = None,
            render_mode: str | None = None) -> TrumpFamilyEnv:
    """The environment without wrappers (arguments and errors as :class:`TrumpFamilyEnv`)."""
    return TrumpFamilyEnv(variant, players, episode=episode, hands=hands,
                          render_mode=render_mode)


def env(variant: Variant | str = "Spoil Five", players: int | None = None, *,
        episode: Episode = "hand", hands: int | None = None,
        render_mode: str | None = None) -> Any:
    """The environment in PettingZoo's usual wrappers: the action checked against the
    action space (``AssertOutOfBoundsWrapper``) and the API's order of calls enforced
    (``OrderEnforcingWrapper``). Arguments and errors as :class:`TrumpFamilyEnv`;
    ``env(...).unwrapped`` is the :class:`TrumpFamilyEnv`.

    Returns:
        A PettingZoo AEC environment.
    """
    out = raw_env(variant, players, episode=episode, hands=hands, render_mode=render_mode)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(out))
