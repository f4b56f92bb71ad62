"""One episode of play for the environments: a hand or a game, driven by action ids.

Private: :mod:`trumpfamily.envs.pettingzoo` and :mod:`trumpfamily.envs.gymnasium` share it.
Every hand is played inside a :class:`~trumpfamily.game.GameState` (a per-hand episode is a
game of one hand), so that pool games know their pool and a hand's rewards are its
outcome's chips, points or gains.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from ..cards import Card
from ..errors import InvalidArgumentError
from ..game import GameState, new_game
from ..outcomes import AnyView, HandOutcome
from ..players import Player
from ..variants import Variant, find_variant
from . import encoding

Episode = Literal["hand", "game"]
EPISODES: Final = ("hand", "game")


def check_episode(episode: object) -> Episode:
    if episode not in EPISODES:
        raise InvalidArgumentError(
            f"episode={episode!r}: 'hand' (one hand an episode) or 'game' (a whole game)")
    return episode


def check_hands(hands: object, episode: Episode) -> int | None:
    if hands is not None and (type(hands) is not int or hands < 1):
        raise InvalidArgumentError(
            f"hands={hands!r}: the number of hands a game episode lasts, an int from 1, or "
            "None")
    if hands is not None and episode != "game":
        raise InvalidArgumentError(
            f"hands={hands!r} applies to episode='game' (a game of that many hands at most); "
            f"an episode={episode!r} episode is one hand: leave hands=None")
    return hands


def check_bots(what: str, bots: object, count: int) -> tuple[Player, ...]:
    """``bots`` as a tuple of ``count`` player objects (instances, not classes)."""
    if isinstance(bots, str) or not isinstance(bots, Iterable):
        raise InvalidArgumentError(
            f"{what}: one player for each of the {count} other seats, in seat order; got "
            f"{type(bots).__name__} {bots!r:.60}")
    found = tuple(bots)
    if len(found) != count:
        raise InvalidArgumentError(
            f"{what}: one player (with a choose(view) method) for each of the {count} other "
            f"seats, in seat order; got {len(found)}")
    for i, bot in enumerate(found):
        if isinstance(bot, type):
            raise InvalidArgumentError(
                f"{what}[{i}] is the class {bot.__name__}, not a player: pass an instance, "
                f"e.g. {bot.__name__}(seed=1) or RandomPlayer(seed=1)")
        if not callable(getattr(bot, "choose", None)):
            raise InvalidArgumentError(
                f"{what}[{i}] is {type(bot).__name__} {bot!r:.60}, not a player: {what} "
                f"are one player (an object with a choose(view) method) for each of the "
                f"{count} other seats; pass an instance, e.g. RandomPlayer(seed=1)")
    return found


def reward_of(outcome: HandOutcome, seat: int) -> float:
    """The hand's reward for ``seat``: net chips (pool games: the ante paid, plus the pool
    or a share of it when won), the side's points (points games), or the change to the
    side's score (the bidding games; negative when the bid is set)."""
    if outcome.chips is not None:
        return float(outcome.chips[seat])
    side = next(i for i, seats in enumerate(outcome.sides) if seat in seats)
    if outcome.gains is not None:
        return float(outcome.gains[side])
    if outcome.side_points is not None:
        return float(outcome.side_points[side])
    return 0.0


class Table:
    """The game in play, the discard being built and the episode's random stream."""

    def __init__(self, variant: Variant | str, players: int, episode: Episode,
                 hands: int | None) -> None:
        self.variant = find_variant(variant)
        self.layout = encoding.layout(self.variant, players)  # checks players
        self.players = players
        self.episode = check_episode(episode)
        self.hands = check_hands(hands, self.episode)
        if episode == "game" and hands is None and self.variant.scoring.scoring == "pool":
            self.hands = players  # a pool game never ends by itself: each seat deals once
        self.rng = random.Random()
        self.state: GameState | None = None
        self.pending: tuple[Card, ...] = ()

    def reset(self, seed: int | None) -> GameState:
        if seed is not None:
            self.rng = random.Random(seed)
        deal_seed = self.rng.getrandbits(64)
        if self.episode == "hand":
            dealer = self.rng.randrange(self.players)
            self.state = new_game(self.variant, players=self.players, seed=deal_seed,
                                  dealer=dealer, hands=1)
        else:
            self.state = new_game(self.variant, players=self.players, seed=deal_seed,
                                  hands=self.hands)
        self.pending = ()
        return self.state

    @property
    def game(self) -> GameState:
        if self.state is None:
            raise InvalidArgumentError("no episode has started: call reset() first")
        return self.state

    def view(self, seat: int) -> AnyView:
        return self.game.view(seat)

    def observe(self, seat: int) -> dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]:
        view = self.view(seat)
        pending = self.pending if seat == view.to_act else ()
        return {"observation": encoding.encode(view, pending),
                "action_mask": encoding.action_mask(view, pending)}

    def step(self, number: int) -> tuple[bool, tuple[HandOutcome, ...]]:
        """Apply the id chosen by the seat to act: whether an engine action was applied
        (not a card added to a discard being built), and the outcomes of the hands it
        finished.

        Raises:
            InvalidArgumentError, IllegalActionError: the id is not legal (nothing changes).
        """
        if self.state is None:
            raise InvalidArgumentError("no episode has started: call reset() first")
        game = self.game
        seat = game.to_act
        if seat is None:
            raise InvalidArgumentError("the episode is over: reset() to start another")
        done = encoding.resolve(game.view(seat), number, self.pending)
        if done.action is None:
            self.pending = done.pending
            return False, ()
        before = len(game.outcomes)
        self.state = game.apply(done.action)
        self.pending = ()
        return True, self.state.outcomes[before:]
