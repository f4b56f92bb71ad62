"""Difficulty levels for the built-in bots: ``novice``, ``club``, ``expert``, ``max``
(issue 22, part 3).

A level is a bot for every preset: it picks, for the kind of game its view shows, the
bot measured strongest at that rung (docs/howto/search-bots.rst, docs/howto/ratings.rst),
and sets its budget and its noise:

============  ==============================================  ==========================================
level         turn-up games (Spoil Five, Maw, 25, 45)         bidding games (Auction 45s, 110, 120s...)
============  ==============================================  ==========================================
``novice``    the club bot, but a random legal action half    the club bot, but a random legal action
              of the time (``noise=0.5``)                     half of the time
``club``      :class:`~trumpfamily.players.ContextRuleOf\\     :class:`~trumpfamily.players.RuleOf\\
              ThumbPlayer`                                    ThumbPlayer`
``expert``    :class:`~trumpfamily.search.bots.SampleSolve\\   :class:`~trumpfamily.search.rollout.\\
              Player` with 4 worlds                           RolloutPlayer` with 24 worlds
``max``       :class:`~trumpfamily.search.bots.ISMCTSPlayer`  :class:`~trumpfamily.search.rollout.\\
              at its default 200 iterations                   RolloutPlayer` at its default 96 worlds
============  ==============================================  ==========================================

Why these: in the turn-up games the context rule of thumb beats the plain one at every
table, sampling and solving beats the context rule of thumb clearly at two players (+1.47
points a hand in Forty-Five) and ISMCTS is the one search bot that clears it at full tables
(+0.21 chips at five-player Spoil Five, +0.52 points at four-player Forty-Five); in the
bidding games the rule of thumb has bidding rules of its own and the guarded rollouts are
the rung measured above it (+1.44 points a hand at Auction 45s).

Measured (``benchmarks/levels.py``, docs/howto/ratings.rst), two-player Forty-Five,
duplicate, seeds 1 and 2, points per hand, 95 % intervals: ``club`` minus ``novice``
+1.84 [+1.61, +2.07] (1,600 deals), ``expert`` minus ``club`` +1.16 [+0.94, +1.37]
(1,600), ``max`` minus ``expert`` +0.56 [+0.17, +0.95] (600): novice < club < expert <
max, every adjacent pair separated. Likewise at two-player Spoil Five, chips per hand
over 3,000 deals a pair: +0.32 [+0.27, +0.37], +0.13 [+0.09, +0.17], +0.12 [+0.07, +0.16].

Every level is seeded (``seed``: the same seed and view, the same choice; the noise of
``novice`` is drawn from the seed and the view alone, like the search bots' generators,
so a re-deal of the cards the seat cannot see does not change it), reads only the seat's
view, and says why it chose (:meth:`LevelPlayer.choose_with_reason`). By name, for
:func:`~trumpfamily.tournament.tournament` and the command line: ``"novice"``, ``"club"``,
``"expert"``, ``"max"`` or ``"level:club"`` (:data:`~trumpfamily.tournament.BOTS`).

>>> import trumpfamily as tf
>>> [level.name for level in tf.LEVELS]
['novice', 'club', 'expert', 'max']
>>> state = tf.new_hand(tf.FORTY_FIVE, players=2, seed=5)
>>> bot = tf.level_bot("club", seed=1)
>>> bot.choose_with_reason(state.view(state.to_act))
(Play('KC'), 'club: lead a plain King, KC, keeping the trumps')
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

import attrs

from .actions import Action
from .errors import InvalidArgumentError, safe_repr
from .outcomes import AnyView, BiddingView
from .players import ContextRuleOfThumbPlayer, RuleOfThumbPlayer, _legal

__all__ = ["LEVELS", "LEVEL_NAMES", "Level", "LevelPlayer", "level_bot"]


@attrs.frozen
class Level:
    """A difficulty level.

    Attributes:
        name: its name (``"novice"``, ``"club"``, ``"expert"``, ``"max"``).
        turn_up: the bot it plays in the turn-up games, in words.
        bidding: the bot it plays in the bidding games, in words.
        noise: the share of its decisions made by a random legal action instead (0 to 1).
    """

    name: str
    turn_up: str
    bidding: str
    noise: float = 0.0


#: The levels, weakest first.
LEVELS: Final[tuple[Level, ...]] = (
    Level("novice", "the club level, a random legal action half of the time",
          "the club level, a random legal action half of the time", 0.5),
    Level("club", "ContextRuleOfThumbPlayer", "RuleOfThumbPlayer"),
    Level("expert", "SampleSolvePlayer(samples=4)", "RolloutPlayer(worlds=24)"),
    Level("max", "ISMCTSPlayer(iterations=200)", "RolloutPlayer(worlds=96)"),
)
#: The levels' names, weakest first.
LEVEL_NAMES: Final[tuple[str, ...]] = tuple(level.name for level in LEVELS)
_BY_NAME: Final = {level.name: level for level in LEVELS}


def _find(name: object) -> Level:
    if not isinstance(name, str) or name.strip().lower() not in _BY_NAME:
        raise InvalidArgumentError(
            f"unknown level {safe_repr(name)}; the levels are {', '.join(LEVEL_NAMES)}")
    return _BY_NAME[name.strip().lower()]


class LevelPlayer:
    """A bot at a difficulty level (see the module for what each level plays).

    Args:
        level: the level's name (:data:`LEVEL_NAMES`; case and surrounding spaces
            ignored).
        seed: seeds the bot (an int, str or bytes): the search bots' seed, and the
            ``novice`` noise (drawn per decision from the seed and the view). ``None``:
            unpredictable.

    Raises:
        InvalidArgumentError: an unknown level (the message lists the levels), or a bad
            seed.

    >>> import trumpfamily as tf
    >>> game = tf.Game(tf.SPOIL_FIVE, players=3, seed=1)
    >>> game.play([tf.level_bot(name, seed=2) for name in ("novice", "club", "expert")],
    ...           hands=2)
    >>> len(game.outcomes)
    2
    """

    #: A level has a bot of its own for the bidding games (no decision handed over).
    falls_back_in_bidding: ClassVar[bool] = False

    def __init__(self, level: str = "club", *, seed: int | str | bytes | None = None) -> None:
        self.level = _find(level)
        if seed is not None and type(seed) not in (int, str, bytes):
            raise InvalidArgumentError(
                f"LevelPlayer: seed={safe_repr(seed)} is not a seed (an int, str, bytes or "
                "None)")
        self.seed = seed
        self._bots: dict[bool, Any] = {}

    def __repr__(self) -> str:
        return f"LevelPlayer({self.level.name!r}, seed={self.seed!r})"

    def _bot(self, bidding: bool) -> Any:
        """The level's bot for this kind of game, made at the first decision."""
        bot = self._bots.get(bidding)
        if bot is None:
            bot = self._bots[bidding] = _make(self.level.name, bidding, self.seed)
        return bot

    def _noisy(self, view: AnyView) -> bool:
        """Whether this decision is a random one (``novice``): drawn from the seed and the
        view alone."""
        if not self.level.noise:
            return False
        return _rng(self.seed, view).random() < self.level.noise

    def _random_action(self, view: AnyView, legal: tuple[Action, ...]) -> Action:
        rng = _rng(self.seed, view)
        rng.random()  # the draw that chose noise
        return legal[rng.randrange(len(legal))]

    def choose(self, view: AnyView) -> Action:
        """The level's action for ``view``.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`~trumpfamily.outcomes.SeatView`
                or :class:`~trumpfamily.outcomes.BiddingView`, or has no legal action.
        """
        legal = _legal(self, view)
        if len(legal) > 1 and self._noisy(view):
            return self._random_action(view, legal)
        action: Action = self._bot(isinstance(view, BiddingView)).choose(view)
        return action

    def choose_with_reason(self, view: AnyView) -> tuple[Action, str]:
        """:meth:`choose`'s action and why, prefixed with the level's name (``"club: take
        the trick with the lowest card that wins, 8C"``; a ``novice``'s random choice says
        so).

        Returns:
            ``(action, reason)``: the same action as :meth:`choose`, and a short reason.

        Raises:
            InvalidArgumentError: as :meth:`choose`.
        """
        legal = _legal(self, view)
        name = self.level.name
        if len(legal) > 1 and self._noisy(view):
            return (self._random_action(view, legal),
                    (f"{name}: a random legal action (one decision in "
                    f"{round(1 / self.level.noise)} is)"))
        action, reason = self._bot(isinstance(view, BiddingView)).choose_with_reason(view)
        return action, f"{name}: {reason}"


def _rng(seed: int | str | bytes | None, view: AnyView) -> random.Random:
    from .search.bots import _bidding_rng, _decision_rng

    if isinstance(view, BiddingView):
        return _bidding_rng(seed, view, "level-noise")
    return _decision_rng(seed, view, "level-noise")


def _make(level: str, bidding: bool, seed: int | str | bytes | None) -> Any:
    """The bot a level plays in a turn-up game or (``bidding``) a bidding game."""
    from .search.bots import ISMCTSPlayer, SampleSolvePlayer
    from .search.rollout import RolloutPlayer

    if level in ("novice", "club"):
        return RuleOfThumbPlayer() if bidding else ContextRuleOfThumbPlayer(warn_fallback=False)
    if level == "expert":
        return RolloutPlayer(24, seed=seed) if bidding else SampleSolvePlayer(4, seed=seed)
    return RolloutPlayer(96, seed=seed) if bidding else ISMCTSPlayer(200, seed=seed)


def level_bot(level: str, *, seed: int | str | bytes | None = None) -> LevelPlayer:
    """The bot of a difficulty level (:class:`LevelPlayer`).

    Args:
        level: ``"novice"``, ``"club"``, ``"expert"`` or ``"max"`` (:data:`LEVEL_NAMES`).
        seed: seeds it (an int, str or bytes; ``None``: unpredictable).

    Returns:
        A fresh :class:`LevelPlayer`.

    Raises:
        InvalidArgumentError: an unknown level (the message lists the levels), a bad seed.

    >>> import trumpfamily as tf
    >>> tf.level_bot("max", seed=3)
    LevelPlayer('max', seed=3)
    """
    return LevelPlayer(level, seed=seed)


def _novice(seed: int | str | bytes | None = None) -> LevelPlayer:
    """``novice`` by name (:data:`~trumpfamily.tournament.BOTS`)."""
    return LevelPlayer("novice", seed=seed)


def _club(seed: int | str | bytes | None = None) -> LevelPlayer:
    """``club`` by name."""
    return LevelPlayer("club", seed=seed)


def _expert(seed: int | str | bytes | None = None) -> LevelPlayer:
    """``expert`` by name."""
    return LevelPlayer("expert", seed=seed)


def _max(seed: int | str | bytes | None = None) -> LevelPlayer:
    """``max`` by name."""
    return LevelPlayer("max", seed=seed)


#: The levels' factories by name (for :data:`~trumpfamily.tournament.BOTS`): picklable,
#: module-level functions taking the seed.
FACTORIES: Final = {"novice": _novice, "club": _club, "expert": _expert, "max": _max}
