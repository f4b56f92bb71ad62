"""The bots of ``trumpfamily play --bots`` and ``trumpfamily tournament``, named alike and
made by the one loader, :func:`trumpfamily.tournament.bot_factory`: a built-in bot of
:data:`~trumpfamily.tournament.BOTS` by name (``rule-of-thumb``, ``random``,
``context-rule-of-thumb``, ``sample-solve``, ``ismcts``; ``thumb`` is ``rule-of-thumb``),
with ``:key=value,...`` arguments, or a bot of your own, ``package.module:Class``.
"""

from __future__ import annotations

import hashlib
import warnings
from collections.abc import Iterable
from typing import Final

from ..players import BiddingFallbackWarning, Player, RuleOfThumbPlayer
from ..tournament import BOTS, BotFactory, bot_factory
from ..variants import Variant

__all__ = ["ALIASES", "bot_help", "canonical", "factory", "fallback_notes",
           "ignore_fallback_warnings", "seat_seed"]

#: Shorter names the command line takes for built-in bots.
ALIASES: Final = {"thumb": "rule-of-thumb"}


def canonical(spec: str) -> str:
    """``spec`` with a short name written out (``thumb:...`` -> ``rule-of-thumb:...``)."""
    name, sep, rest = spec.strip().partition(":")
    return ALIASES.get(name, name) + sep + rest


def bot_help() -> str:
    """The bots, in words, for ``--help``."""
    names = ", ".join(sorted(BOTS))
    return (f"a built-in bot ({names}; thumb is rule-of-thumb), with arguments after a "
            "colon, NAME:KEY=VALUE,KEY=VALUE (e.g. ismcts:iterations=200), or a bot of your "
            "own, package.module:Class[:KEY=VALUE,...], a Player class (or a factory "
            "taking a seed) in a module importable by that dotted name (installed or on "
            "PYTHONPATH; no file path)")


def factory(spec: str) -> BotFactory:
    """The factory of the bot ``spec`` names (:func:`~trumpfamily.tournament.bot_factory`).

    Raises:
        InvalidArgumentError: no such bot, bad arguments, a module that cannot be
            imported or has no such class (the message names the bot).
    """
    return bot_factory(canonical(spec))


def seat_seed(seed: int | str, seat: int) -> int:
    """The seed of ``seat``'s bot in a game seeded ``seed``: ``seed * 100 + seat`` for an
    integer seed, a number drawn from the text otherwise (SHA-256)."""
    if isinstance(seed, int):
        return seed * 100 + seat
    digest = hashlib.sha256(f"{seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def made(spec: str, seed: int | str, players: int) -> list[Player]:
    """One bot of ``spec`` per seat, each seeded by :func:`seat_seed`."""
    make = factory(spec)
    return [make(seat_seed(seed, seat)) for seat in range(players)]


def fallback_notes(bots: Iterable[tuple[str, Player]], variant: Variant) -> list[str]:
    """The notes for the bots of ``bots`` (``(spec, bot)``) that hand a bidding game's
    decisions to a simpler player (class attribute ``falls_back_in_bidding``; the
    library's :class:`~trumpfamily.players.BiddingFallbackWarning`, which the command line
    says this way once, instead of the raw warning of each bot and each worker); none
    for a turn-up game, or for a bot made with ``warn_fallback=False``. One note per
    distinct spec."""
    if variant.bidding is None:
        return []
    notes: list[str] = []
    for spec, bot in bots:
        if (not getattr(type(bot), "falls_back_in_bidding", False)
                or not getattr(bot, "warn_fallback", True)):
            continue
        fallback = getattr(bot, "fallback", None)
        whose = ("the rule of thumb's" if fallback is None or isinstance(fallback, RuleOfThumbPlayer)
                 else f"its fallback's ({type(fallback).__name__})")
        lacks = "bidding search" if fallback is not None else "bidding rules of its own"
        text = (f"{canonical(spec)} has no {lacks} yet; it plays {whose} bids and cards "
                f"in {variant.name}")
        if text not in notes:
            notes.append(text)
    return notes


def ignore_fallback_warnings() -> None:
    """Ignore :class:`~trumpfamily.players.BiddingFallbackWarning` in this process (a
    worker's initializer: the command line says it once itself, :func:`fallback_notes`)."""
    warnings.filterwarnings("ignore", category=BiddingFallbackWarning)
