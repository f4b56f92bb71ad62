"""Environments for learning agents (an optional extra: ``pip install 'trumpfamily[rl]'``).

* :mod:`trumpfamily.envs.encoding`: a seat's view as a flat numpy vector, the legal action
  ids as a mask, and the discard built card by card; numpy only.
* :mod:`trumpfamily.envs.pettingzoo`: a PettingZoo AEC environment, every seat an agent
  (``trumpfamily.envs.pettingzoo.env(variant=..., players=...)``).
* :mod:`trumpfamily.envs.gymnasium`: a Gymnasium environment where one seat learns and the
  other seats are built-in bots (:class:`~trumpfamily.envs.gymnasium.SeatEnv`).
* :mod:`trumpfamily.envs.openspiel`: the games as OpenSpiel games.
* :mod:`trumpfamily.envs.maija`: the Maija beating games (MAIJA.md) as a Gymnasium
  environment, their multi-card actions built card by card with a mask
  (:class:`~trumpfamily.envs.maija.MaijaSeatEnv`), and
  :mod:`trumpfamily.envs.maija_pettingzoo` the same as a PettingZoo AEC environment.

Import the submodule you need; this package imports none of them, so that each needs only
its own dependencies.
"""

from __future__ import annotations

__all__: list[str] = []
