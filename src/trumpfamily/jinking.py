"""Jinking: playing on for all five tricks after winning the first three (RULES.md §1.6).

A player who has won the first three tricks may claim the pool, or lead to the fourth
trick and so undertake to win all five (a *jink*). Success: the pool plus a bonus from each
other player; failure: the deal is spoiled. Who must claim or jink, and when a jink fails,
is decided on what the whole table knows (a bar that is a silent holder's secret is
settled only when it comes out: :func:`~trumpfamily.robbing.known_bars`).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from ._options import choice, flag
from .scoring import HandEnd, Scoring

__all__ = ["JinkBonus", "Jinking", "claim_due", "jink_bonus", "jink_payments", "jink_result"]


#: The values of option ``jink_bonus``, what each other player pays a successful jinker
#: (:attr:`Jinking.jink_bonus`; ``None`` when the variant has no jinking).
JinkBonus: TypeAlias = Literal["counter", "stake"]


@attrs.frozen(cache_hash=True)
class Jinking:
    """The jinking rule component (RULES.md §1.6, §3 row 15). Pool games only.

    Attributes:
        jinking: whether a player with the first three tricks may jink.
        jink_bonus: what each other player pays a successful jinker: ``"counter"`` (1 chip;
            FOS, W25) or ``"stake"`` (one basic stake, ``ante`` chips; MAW, PEEL, GBK).
    """

    jinking: bool = flag(True, doc="jinking allowed (§1.6)")
    jink_bonus: JinkBonus | None = choice("counter", "counter", "stake", optional=True,
                                          doc="bonus from each other player (§3 row 15)")


def jink_bonus(jinking: Jinking, scoring: Scoring) -> int:
    """Chips each other player pays a successful jinker (RULES.md §1.6, §3 row 15):
    1 under ``jink_bonus="counter"`` (FOS), one basic stake (``ante``) under ``"stake"``
    (MAW, PEEL).

    >>> from trumpfamily import MAW, SPOIL_FIVE
    >>> from trumpfamily.jinking import jink_bonus
    >>> jink_bonus(MAW.jinking, MAW.scoring), jink_bonus(SPOIL_FIVE.jinking, SPOIL_FIVE.scoring)
    (2, 1)
    """
    if jinking.jink_bonus == "stake":
        assert scoring.ante is not None
        return scoring.ante
    return 1


def jink_payments(
    jinking: Jinking,
    scoring: Scoring,
    sides: tuple[tuple[int, ...], ...],
    winner: int,
    winner_seats: tuple[int, ...] | None = None,
) -> tuple[tuple[int, ...], int]:
    """The chip transfers of a successful jink, per seat (RULES.md §1.6; EX-60).

    "Success: the pool, plus a bonus from each other player" (RULES.md §1.6): each seat
    outside the winning side pays :func:`jink_bonus`, and the bonus goes with the pool, to
    the seats that win it. A seat barred from the pool (RULES.md §1.5, EX-51) wins neither:
    in a partnership his partners share the bonus, evenly, and an indivisible remainder
    stays in the pool, as the pool's own does (:func:`~trumpfamily.scoring.settle_pool`).

    Args:
        jinking, scoring: the rule components.
        sides: the seats of each side (``Table.sides``).
        winner: the index of the side that took all five tricks.
        winner_seats: the seats that win the pool (``HandOutcome.winner_seats``); all the
            winning side's seats when ``None``.

    Returns:
        ``(payments, to_pool)``: net chips per seat (negative for payers), and the chips
        of the bonus that stay in the pool; ``sum(payments) + to_pool == 0``.

    >>> from trumpfamily import SPOIL_FIVE, TWENTY_FIVE
    >>> from trumpfamily.jinking import jink_payments
    >>> jink_payments(SPOIL_FIVE.jinking, SPOIL_FIVE.scoring, ((0,), (1,), (2,), (3,), (4,)), 1)
    ((-1, 4, -1, -1, -1), 0)
    >>> pairs = ((0, 2), (1, 3))  # seat 0 barred: seat 2 alone takes the pool and the bonus
    >>> jink_payments(TWENTY_FIVE.jinking, TWENTY_FIVE.scoring, pairs, 0, winner_seats=(2,))
    ((0, -1, 2, -1), 0)
    """
    bonus = jink_bonus(jinking, scoring)
    players = sum(len(s) for s in sides)
    side = sides[winner]
    winners = side if winner_seats is None else winner_seats
    share, to_pool = divmod(bonus * (players - len(side)), len(winners))
    payments = tuple(
        share if seat in winners else 0 if seat in side else -bonus for seat in range(players)
    )
    return payments, to_pool


def claim_due(side_tricks: int, played: int, needed: int) -> bool:
    """Whether a side must now claim or jink: it has just reached ``needed`` tricks having
    won every trick so far, before the last trick (RULES.md §1.6; EX-59, EX-60).

    A player whose bar from the pool is still his secret (he let his chance to rob pass
    in silence and holds the Ace of trumps; :func:`~trumpfamily.robbing.known_bars`) is
    asked like anyone else: the table cannot tell him apart. His claim then shows the
    bar, and the deal is a spoil (:func:`~trumpfamily.scoring.pool_winner`).

    Args:
        side_tricks: the side's tricks counting towards the pool, with the bars the table
            knows of (:func:`~trumpfamily.scoring.pool_tricks`).
        played: tricks completed so far.
        needed: tricks that win the pool.

    >>> from trumpfamily.jinking import claim_due
    >>> claim_due(3, 3, 3), claim_due(3, 4, 3)
    (True, False)
    """
    return side_tricks >= needed and side_tricks == played and played < 5


def jink_result(jinker: int, side: int, played: int, *, may_win: bool = True) -> HandEnd | None:
    """After a trick won by ``side`` while ``jinker`` is jinking (RULES.md §1.6): the
    jink fails at the first trick another side wins (the deal is spoiled, EX-61) and
    succeeds with the fifth trick (EX-60); else play on (``None``).

    Args:
        jinker: the jinking side.
        side: the side that won the trick just completed.
        played: tricks completed so far (4 or 5).
        may_win: ``False`` once every seat of the jinking side is known to be barred from
            the pool (RULES.md §1.5, EX-51; :func:`~trumpfamily.robbing.known_bars`):
            a holder who let his chance to rob pass in silence and jinked has now played
            the Ace of trumps. The jink can no longer win anything, so it fails at once
            (it cannot succeed: he plays every card, the Ace too, by the fifth trick).
            While his bar is still his secret, the jink goes on as any other.

    >>> from trumpfamily.jinking import jink_result
    >>> jink_result(0, 1, 4), jink_result(0, 0, 5), jink_result(0, 0, 4)
    (<HandEnd.JINK_FAILED: 'jink-failed'>, <HandEnd.JINK: 'jink'>, None)
    >>> jink_result(0, 0, 4, may_win=False)
    <HandEnd.JINK_FAILED: 'jink-failed'>
    """
    if side != jinker or not may_win:
        return HandEnd.JINK_FAILED
    return HandEnd.JINK if played == 5 else None
