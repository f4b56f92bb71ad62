"""A Gymnasium environment: one seat learns, the other seats are built-in bots.

An optional extra (``pip install 'trumpfamily[rl]'``). :class:`SeatEnv` plays any preset
(with any options) from the seat ``seat``; the other seats are
:class:`~trumpfamily.players.Player` bots (by default :class:`~trumpfamily.RandomPlayer`
bots), which act between the learner's steps.

* **Observation**: ``{"observation": float32[size], "action_mask": int8[230]}``, as in
  :mod:`trumpfamily.envs.pettingzoo`: the learner's view encoded
  (:func:`trumpfamily.envs.encoding.encode`) and its legal action ids; ``env.view()`` is
  the view itself.
* **Action**: ``Discrete(230)``, an action id (a bidding game's discard card by card, as
  in :mod:`trumpfamily.envs.encoding`).
* **Reward**: the learner's chips, side points or score change (as the PettingZoo
  environment), when a hand ends.
* **Episodes**: ``episode="hand"`` (a random dealer each hand) or ``"game"``.
* **Illegal actions**: ``illegal="lose"`` (default): the episode ends
  (``terminated``) with ``illegal_reward`` and ``info["illegal"]`` naming the refusal,
  the state unchanged, so that agents without action masking can learn; ``"raise"``:
  :class:`~trumpfamily.errors.IllegalActionError` is raised.

Registered ids (importing this module registers them): ``trumpfamily/SpoilFive-v0``,
``trumpfamily/Maw-v0``, ``trumpfamily/TwentyFive-v0``, ``trumpfamily/FortyFive-v0`` and
one per bidding preset (``trumpfamily/AuctionFortyFives-v0``...: the name without spaces
or hyphens; and the Maija games', ``trumpfamily/Mustamaija-v0``...:
:mod:`trumpfamily.envs.maija`), at the preset's usual table (:attr:`Table.usual_players
<trumpfamily.table.Table.usual_players>`: 4 players in every preset), with
:class:`SeatEnv`'s other defaults; ``gymnasium.make(id, players=..., opponents=...)``
overrides them.

>>> import gymnasium
>>> import numpy as np
>>> import trumpfamily as tf
>>> from trumpfamily.envs.gymnasium import SeatEnv
>>> env = SeatEnv(tf.SPOIL_FIVE, players=3, seat=0,
...               opponents=[tf.RuleOfThumbPlayer(), tf.RuleOfThumbPlayer()])
>>> obs, info = env.reset(seed=2)
>>> rng = np.random.default_rng(2)
>>> total, done = 0.0, False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     obs, reward, done, truncated, info = env.step(action)
...     total += reward
>>> total in (-1.0, -2.0, 3.0, 2.0)  # an ante lost, or the pool of 4 won
True
>>> gymnasium.make("trumpfamily/FortyFive-v0").unwrapped.variant.name
'Forty-Five'
"""

from __future__ import annotations

try:
    import gymnasium
except ImportError as exc:  # pragma: no cover - tested in a subprocess without gymnasium
    raise ImportError(
        "trumpfamily.envs.gymnasium needs gymnasium, which the core library does not "
        "install: pip install 'trumpfamily[rl]'"
    ) from exc

import operator
import re
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np

from ..actions import ACTION_COUNT
from ..errors import IllegalActionError, InvalidArgumentError
from ..narrate import Narrator
from ..outcomes import AnyView
from ..players import Player, RandomPlayer
from ..variants import ALL_VARIANTS, Variant
from ._episode import Episode, Table, check_bots, reward_of

__all__ = ["SeatEnv", "env_id"]

Observation = dict[str, Any]


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    """One learning seat against bots (see the module).

    Args:
        variant: a :class:`~trumpfamily.variants.Variant` (any options) or a preset's
            name; default Spoil Five.
        players: the number of seats, as the variant's table allows; ``None``
            (default): its usual table, :attr:`Table.usual_players
            <trumpfamily.table.Table.usual_players>` (4 in every preset).
        seat: the learner's seat, ``0 .. players - 1``.
        opponents: one :class:`~trumpfamily.players.Player` object (an instance, e.g.
            ``RandomPlayer(seed=1)``, not the class) for each other seat, in seat order;
            ``None``: :class:`~trumpfamily.RandomPlayer` bots, reseeded by
            ``reset(seed=...)``. Bots given here keep their own random state.
        episode: ``"hand"`` (default) or ``"game"``.
        hands: ``episode="game"``: the most hands a game lasts, or ``None`` (pool games:
            one deal each; the others: to the end of the game). Refused with
            ``episode="hand"``.
        illegal: ``"lose"`` (default) or ``"raise"`` (see the module).
        illegal_reward: the reward of an illegal action under ``illegal="lose"``.
        render_mode: ``None`` or ``"ansi"`` (the narration of the episode as text).

    Raises:
        UnknownVariantError: no preset has that name.
        PlayerCountError: ``players`` does not suit the variant.
        InvalidSeatError: ``seat`` is not a seat.
        InvalidArgumentError: ``opponents`` is not one player object per other seat
            (a class is refused: pass an instance), ``hands`` is given with
            ``episode="hand"``, or ``episode``, ``hands``, ``illegal`` or ``render_mode``
            is not one of the values above.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's)

    def __init__(self, variant: Variant | str = "Spoil Five", players: int | None = None, *,
                 seat: int = 0, opponents: Sequence[Player] | None = None,
                 episode: Episode = "hand", hands: int | None = None,
                 illegal: Literal["lose", "raise"] = "lose", illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        from ..errors import InvalidSeatError
        from ..variants import find_variant

        if players is None:
            players = find_variant(variant).table.usual_players
        self._table = Table(variant, players, episode, hands)
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidSeatError(seat, players)
        given = None if opponents is None else check_bots("opponents", opponents, players - 1)
        if illegal not in ("lose", "raise"):
            raise InvalidArgumentError(
                f"illegal={illegal!r}: 'lose' (the episode ends with illegal_reward) or "
                "'raise' (IllegalActionError)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(
                f"render_mode={render_mode!r}: None or 'ansi' (the narration as text)")
        self.seat = seat
        self._given = given
        self._bots: dict[int, Player] = {}
        self._illegal = illegal
        self._illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        low, high = self._table.layout.bounds()
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
        })
        self.action_space = gymnasium.spaces.Discrete(ACTION_COUNT)
        self._over = True
        self._narrator: Narrator | None = None
        self._lines: list[str] = []

    @property
    def variant(self) -> Variant:
        """The rules played."""
        return self._table.variant

    def view(self) -> AnyView:
        """The learner's view of the hand in play, with the game context.

        Raises:
            InvalidArgumentError: the environment was never reset.
        """
        return self._table.view(self.seat)

    def _observe(self) -> Observation:
        return self._table.observe(self.seat)

    def _others(self, seed: int | None) -> None:
        others = [s for s in range(self._table.players) if s != self.seat]
        if self._given is not None:
            self._bots = dict(zip(others, self._given, strict=True))
        elif seed is not None or not self._bots:
            base = self._table.rng.getrandbits(64)
            self._bots = {s: RandomPlayer(seed=base + s) for s in others}

    def _run_bots(self) -> float:
        """Let the bots act until the learner's turn or the end; the learner's reward."""
        reward = 0.0
        game = self._table.game
        while not game.is_over and game.to_act != self.seat:
            seat: int = game.to_act  # type: ignore[assignment]
            before = len(game.outcomes)
            game = game.apply(self._bots[seat].choose(game.view(seat)))
            for outcome in game.outcomes[before:]:
                reward += reward_of(outcome, self.seat)
            if self._narrator is not None:
                self._lines += self._narrator.lines(game.events)
        self._table.state = game
        return reward

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Deal a new episode and let the bots act up to the learner's first turn.

        Args:
            seed: an int seeds the deals and the default bots; ``None`` continues.
            options: ignored.

        Returns:
            ``(observation, info)``; ``info`` is ``{}``.
        """
        super().reset(seed=seed)
        while True:
            game = self._table.reset(seed)
            self._others(seed)
            seed = None
            if self.render_mode is not None:
                self._narrator = Narrator(self.variant, players=self._table.players)
                self._lines = self._narrator.lines(game.events)
            self._run_bots()
            if not self._table.game.is_over:  # (a hand over before the learner's turn:
                break                         # deal again)
        self._over = False
        return self._observe(), {}

    def step(self, action: int | np.integer[Any]
             ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner takes the action id ``action``; then the bots act up to its next
        turn or the end of the episode.

        Returns:
            ``(observation, reward, terminated, truncated, info)``: the reward is the
            learner's (chips, points or score change) from the hands that ended;
            ``truncated`` is always ``False``; ``info`` is ``{}``, or under
            ``illegal="lose"`` ``{"illegal": reason}`` after an illegal action.

        Raises:
            IllegalActionError: ``illegal="raise"`` and the id is not legal (nothing
                changes).
            InvalidArgumentError: ``action`` is not an action id, no episode has started
                (call :meth:`reset` first), or the episode is over (reset again).
        """
        if self._table.state is None:
            raise InvalidArgumentError("no episode has started: call reset() first")
        if self._over:
            raise InvalidArgumentError("the episode is over: reset() to start another")
        try:
            number = operator.index(action)
        except TypeError:
            raise InvalidArgumentError(
                f"action={action!r}: an action id, an int 0..{ACTION_COUNT - 1}") from None
        try:
            applied, outcomes = self._table.step(number)
        except (IllegalActionError, InvalidArgumentError) as error:
            if self._illegal == "raise":
                raise
            self._over = True
            return self._observe(), self._illegal_reward, True, False, {"illegal": str(error)}
        reward = sum(reward_of(o, self.seat) for o in outcomes)
        if applied and self._narrator is not None:
            self._lines += self._narrator.lines(self._table.game.events)
        reward += self._run_bots()
        self._over = self._table.game.is_over
        return self._observe(), float(reward), self._over, False, {}

    def render(self) -> str | None:
        """``render_mode="ansi"``: the narration of the episode so far; else ``None``."""
        if self.render_mode is None:
            return None
        return "\n".join(self._lines)


def env_id(variant: Variant | str) -> str:
    """The registered Gymnasium id of a preset: ``"trumpfamily/"``, its name without
    spaces, hyphens or apostrophes, ``"-v0"``.

    Raises:
        UnknownVariantError: no preset has that name.

    >>> import trumpfamily as tf
    >>> from trumpfamily.envs.gymnasium import env_id
    >>> env_id(tf.SPOIL_FIVE), env_id("Newfoundland 120s")
    ('trumpfamily/SpoilFive-v0', 'trumpfamily/Newfoundland120s-v0')
    """
    from ..variants import find_variant

    words = re.split(r"[\s\-']+", find_variant(variant).name)
    return "trumpfamily/" + "".join(w[:1].upper() + w[1:] for w in words) + "-v0"


def _register() -> None:
    for name, variant in ALL_VARIANTS.items():
        rid = env_id(variant)
        if rid not in gymnasium.registry:
            gymnasium.register(
                rid, entry_point="trumpfamily.envs.gymnasium:SeatEnv",
                kwargs={"variant": name, "players": variant.table.usual_players},
                disable_env_checker=True)


_register()


def _register_maija() -> None:
    """The Maija games' ids too (``trumpfamily/Mustamaija-v0``..., MAIJA.md), made by
    :class:`trumpfamily.envs.maija.MaijaSeatEnv`, imported only when one is made."""
    for name in ("Mustamaija", "Spardame", "Kitumaija"):
        rid = f"trumpfamily/{name}-v0"
        if rid not in gymnasium.registry:
            gymnasium.register(rid, entry_point="trumpfamily.envs.maija:MaijaSeatEnv",
                               kwargs={"variant": name, "players": 3},
                               disable_env_checker=True)


_register_maija()
