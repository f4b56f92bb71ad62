"""Winning a deal: pool or points scoring, the rule component and its options.

Pool games (Maw, Spoil Five, pool Twenty-Five; RULES.md §1.7): the first player or side to
take ``tricks_to_win`` tricks takes the pool; otherwise the deal is a *spoil* and the pool
carries, topped up by the ``spoil_ante`` rule. Points games (Forty-Five, points
Twenty-Five; RULES.md §2.3, §2.4): ``points_per_trick`` a trick, the trick holding the
best trump may score double (``best_trump_bonus``), first to ``target``.

Options that a scoring mode does not use are ``None`` in the presets (a "–" in
OPTIONS.md). Switching mode needs the other mode's options set; the error says which.
"""

from __future__ import annotations

import attrs

from ._options import choice, integer
from .errors import InvalidVariantError

__all__ = ["Scoring"]

_POOL_NEEDS = ("tricks_to_win", "ante", "dealer_ante", "spoil_ante")
_POINTS_NEEDS = ("points_per_trick", "best_trump_bonus", "target", "five_tricks", "target_tie")


@attrs.frozen(cache_hash=True)
class Scoring:
    """The scoring rule component (RULES.md §1.7, §2.3, §2.4, §3 rows 16–21, 28).

    Attributes:
        scoring: ``"pool"`` or ``"points"``.
        tricks_to_win: tricks that win the pool (3; 4 is GBK's three-player option).
        two_trick_win_above: ``None``, or N: two tricks win when more than N play
            (PEEL: five or more play, N=4; MAW house rule 4: more than five, N=5).
        ante: chips each player stakes to a fresh pool.
        dealer_ante: chips the dealer stakes, every deal.
        spoil_ante: who stakes after a spoil: ``"non-dealers-one"`` (others 1 each, the dealer
            his full stake; MAW, PEEL), ``"dealer-one"`` (only the dealer, 1; MAW house rule
            2), ``"everyone-one"`` (W25) or ``"full"`` (everyone the full stake again; GBK).
        points_per_trick: points for each trick (points games).
        best_trump_bonus: ``"any"`` (the trick holding the highest trump played scores
            double; W45, WFF), ``"top-four"`` (only if 5, J, JK or AH was played; OW45) or
            ``"none"`` (Twenty-Five).
        target: points that win the game.
        five_tricks: ``"none"``, ``"wins-game"`` (PEEL, OW45) or ``"bonus"`` (+10,
            play-25.com).
        target_tie: several reach the target in one deal: ``"higher-total"`` (W45) or
            ``"first-to-reach"`` (trick by trick; RULES.md §2.3 [I]).
    """

    scoring: str = choice("pool", "pool", "points", doc="pool or points (§1.7, §2.3, §2.4)")
    tricks_to_win: int | None = integer(3, 1, 5, optional=True, doc="tricks that win the pool (§3 row 18)")
    two_trick_win_above: int | None = integer(None, 1, 10, optional=True,
                                              doc="two tricks win when more than N play (§3 row 18)")
    ante: int | None = integer(1, 0, optional=True, doc="each player's stake, chips (§1.7)")
    dealer_ante: int | None = integer(2, 0, optional=True, doc="the dealer's stake, chips (§1.7)")
    spoil_ante: str | None = choice("non-dealers-one", "non-dealers-one", "dealer-one",
                                    "everyone-one", "full", optional=True,
                                    doc="stakes after a spoil (§3 row 17)")
    points_per_trick: int | None = integer(None, 1, optional=True, doc="points a trick (§2.3, §2.4)")
    best_trump_bonus: str | None = choice(None, "any", "top-four", "none", optional=True,
                                          doc="the best-trump trick scores double (§3 row 19)")
    target: int | None = integer(None, 1, optional=True, doc="points that win the game (§3 row 21)")
    five_tricks: str | None = choice(None, "none", "wins-game", "bonus", optional=True,
                                     doc="all five tricks in a points game (§3 row 16)")
    target_tie: str | None = choice(None, "higher-total", "first-to-reach", optional=True,
                                    doc="several reach the target in one deal (§3 row 28)")

    def __attrs_post_init__(self) -> None:
        needs = _POOL_NEEDS if self.scoring == "pool" else _POINTS_NEEDS
        missing = [n for n in needs if getattr(self, n) is None]
        if missing:
            raise InvalidVariantError(
                f"scoring={self.scoring!r} needs these options set (they are None): "
                f"{', '.join(missing)}; e.g. with_options(scoring={self.scoring!r}, "
                + ", ".join(f"{n}=..." for n in missing) + ")")

    def tricks_needed(self, players: int) -> int:
        """Tricks a player or side needs to take the pool with ``players`` at the table
        (RULES.md §3 row 18): ``tricks_to_win``, or 2 when ``two_trick_win_above`` applies.

        >>> Scoring(two_trick_win_above=4).tricks_needed(5), Scoring().tricks_needed(5)
        (2, 3)
        """
        assert self.tricks_to_win is not None
        if self.two_trick_win_above is not None and players > self.two_trick_win_above:
            return min(2, self.tricks_to_win)
        return self.tricks_to_win
