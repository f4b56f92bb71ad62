"""The seats of a table, checked once for the auction and the deal (internal)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..errors import InvalidArgumentError, PlayerCountError


@attrs.frozen
class _Table:
    dealer: int
    players: int
    scores: tuple[int, ...]


def _table(dealer: int, players: int, scores: Sequence[int] | None) -> _Table:
    if type(players) is not int or not 2 <= players <= 10:
        raise PlayerCountError(f"players={players!r}: a table has 2 to 10 players")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidArgumentError(f"dealer={dealer!r}: not a seat 0..{players - 1}")
    got = (0,) * players if scores is None else tuple(scores)
    if len(got) != players or any(type(s) is not int for s in got):
        raise InvalidArgumentError(
            f"scores={scores!r}: one int per seat (the seat's side's score), {players} in all")
    return _Table(dealer, players, got)


def _players(players: int) -> int:
    if type(players) is not int or not 2 <= players <= 10:
        raise PlayerCountError(f"players={players!r}: a table has 2 to 10 players")
    return players
