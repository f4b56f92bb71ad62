"""Jinking: playing on for all five tricks after winning the first three (RULES.md §1.6).

A player who has won the first three tricks may claim the pool, or lead to the fourth
trick and so undertake to win all five (a *jink*). Success: the pool plus a bonus from each
other player; failure: the deal is spoiled.
"""

from __future__ import annotations

import attrs

from ._options import choice, flag

__all__ = ["Jinking"]


@attrs.frozen(cache_hash=True)
class Jinking:
    """The jinking rule component (RULES.md §1.6, §3 row 15). Pool games only.

    Attributes:
        jinking: whether a player with the first three tricks may jink.
        jink_bonus: what each other player pays a successful jinker: ``"counter"`` (1 chip;
            FOS, W25) or ``"stake"`` (one basic stake, ``ante`` chips; MAW, PEEL, GBK).
    """

    jinking: bool = flag(True, doc="jinking allowed (§1.6)")
    jink_bonus: str | None = choice("counter", "counter", "stake", optional=True,
                                    doc="bonus from each other player (§3 row 15)")
