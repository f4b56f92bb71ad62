"""The table: player counts, partnerships, the deal and the first dealer.

The sides sit in rotation (OPTIONS.md "Table"): with ``k`` sides, seat ``i`` plays for side
``i % k``, so every side's seats alternate with the other sides' and no two partners sit
side by side. Partners are in alternate seats only when there are two sides. Four players
in pairs: sides (0, 2) and (1, 3); six in three pairs: (0, 3), (1, 4), (2, 5), partners
three seats apart (RULES.md EX-64); six in two threes: (0, 2, 4) and (1, 3, 5).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from ._options import choice, flag
from .errors import InvalidVariantError, PlayerCountError, safe_repr

__all__ = ["DealPackets", "FirstDealer", "Misdeal", "Partnerships", "Table"]


#: The values of option ``partnerships`` (:attr:`Table.partnerships`).
Partnerships: TypeAlias = Literal[
    "none", "pairs", "threes", "pairs-at-four", "two-sides-or-alone", "pairs-or-alone"
]

#: The values of option ``deal_packets``, the packets of the five-card deal
#: (:attr:`Table.deal_packets`).
DealPackets: TypeAlias = Literal["3-2", "2-3", "4-1", "1-4"]

#: The values of option ``first_dealer``, how the first dealer is chosen
#: (:attr:`Table.first_dealer`).
FirstDealer: TypeAlias = Literal["first-jack", "given"]

#: The values of option ``misdeal``, what a misdeal costs (:attr:`Table.misdeal`).
Misdeal: TypeAlias = Literal["pass-deal", "pay-to-keep", "forfeit-stake", "redeal"]

#: The table :attr:`Table.usual_players` prefers: four players, two against two where the
#: table plays in pairs.
_USUAL = 4


@attrs.frozen(cache_hash=True)
class Table:
    """The table rule component (RULES.md §1.8, §2.1.7, §2.2.9, §3 rows 29–31).

    Attributes:
        partnerships: ``"none"``, ``"pairs"``, ``"threes"`` or ``"pairs-at-four"`` (pairs
            when exactly four play); for the bidding games (BIDDING.md §2.2, §8)
            ``"two-sides-or-alone"`` (two sides in alternate seats when an even number from
            four play, 2 v 2 or 3 v 3; everyone alone otherwise; Auction Forty-Fives) and
            ``"pairs-or-alone"`` (pairs when four or six play, six being three pairs; alone
            with two or three; five refused; Newfoundland 120s).
        fiving: two players: the non-dealer may ask for a new trump suit (§2.1.7 (6)).
        deal_packets: ``"3-2"``, ``"2-3"``, ``"4-1"`` or ``"1-4"``: the packets of the
            five-card deal (§3 row 29).
        first_dealer: ``"first-jack"`` (deal face up until a Jack; MAW) or ``"given"``.
        misdeal: ``"pass-deal"``, ``"pay-to-keep"``, ``"forfeit-stake"`` or ``"redeal"``
            (§3 row 30). Recorded for completeness only: the engine deals every hand
            correctly, so no misdeal ever happens and this option changes nothing.
        min_players: the fewest players the variant allows (2 in every preset). Not an
            option: set it with :func:`attrs.evolve` on the table component.
        max_players: the most players the variant allows (10; 6 in Forty-Five). Not an
            option either.

    The table a game is usually played at, computed from these (not an option):
    :attr:`usual_players`.
    """

    partnerships: Partnerships = choice("none", "none", "pairs", "threes", "pairs-at-four",
                                        "two-sides-or-alone", "pairs-or-alone",
                                        doc="partnerships (§2.2.9, §2.3, §3 row 31)")
    fiving: bool = flag(False, doc="two players may five the trump (§2.1.7 (6))")
    deal_packets: DealPackets = choice("3-2", "3-2", "2-3", "4-1", "1-4", doc="deal packets (§3 row 29)")
    first_dealer: FirstDealer = choice("given", "first-jack", "given", doc="choosing the first dealer (§1.8)")
    misdeal: Misdeal = choice("pass-deal", "pass-deal", "pay-to-keep", "forfeit-stake", "redeal",
                              doc="what a misdeal costs (§3 row 30)")
    min_players: int = attrs.field(default=2)
    max_players: int = attrs.field(default=10)

    def __attrs_post_init__(self) -> None:
        if not (type(self.min_players) is int and type(self.max_players) is int
                and 2 <= self.min_players <= self.max_players <= 10):
            raise InvalidVariantError(
                f"min_players={self.min_players!r}, max_players={self.max_players!r}: need "
                "2 <= min_players <= max_players <= 10 (five cards each from one pack)")

    @property
    def usual_players(self) -> int:
        """The usual table: the number of players a game is played by when nobody says
        otherwise (the command line's ``play`` and ``tournament``, the Gymnasium and
        PettingZoo environments).

        Computed from the table's data, the same rule for every variant: four players
        where the table seats four (two against two where it plays in pairs: Twenty-Five,
        Auction Forty-Fives, Newfoundland 120s, Nova Scotia 45s), else the count it seats
        nearest four, the smaller on a tie (six for partnerships in threes); four in every
        preset. A table that no count suits (threes with at most five players) gives
        ``min_players``.

        >>> from trumpfamily import Table
        >>> Table().usual_players, Table(partnerships="threes").usual_players
        (4, 6)
        >>> Table(min_players=5).usual_players, Table(max_players=3).usual_players
        (5, 3)
        """
        allowed = []
        for players in range(self.min_players, self.max_players + 1):
            try:
                self.side_count(players)
            except PlayerCountError:
                continue
            allowed.append(players)
        if not allowed:
            return self.min_players
        return min(allowed, key=lambda n: (abs(n - _USUAL), n))

    def side_count(self, players: int, *, game: str = "this variant",
                   rule: str = "OPTIONS.md player counts") -> int:
        """How many sides ``players`` form: ``players`` without partnerships.

        ``game`` and ``rule`` are what a count out of range names: the variant's name and
        the section of its player counts (BIDDING.md §8 for a bidding game).

        Raises:
            PlayerCountError: the count is outside ``min_players..max_players``, or cannot
                be split into the partnerships asked for.

        >>> from trumpfamily import Table
        >>> Table(partnerships="pairs").side_count(6), Table().side_count(5)
        (3, 5)
        >>> Table(partnerships="two-sides-or-alone").side_count(6)
        2
        """
        self.check_players(players, game=game, rule=rule)
        mode = self.partnerships
        if mode == "pairs-at-four":
            mode = "pairs" if players == 4 else "none"
        elif mode == "two-sides-or-alone":
            return 2 if players % 2 == 0 and players >= 4 else players
        elif mode == "pairs-or-alone":
            if players in (2, 3):
                return players
            if players not in (4, 6):
                raise PlayerCountError(
                    f"{players} players cannot play with partnerships='pairs-or-alone': two or "
                    "three play alone, four or six in pairs (BIDDING.md §8)")
            mode = "pairs"
        if mode == "none":
            return players
        size = 2 if mode == "pairs" else 3
        if players % size or players < 2 * size:
            raise PlayerCountError(
                f"{players} players cannot play in {mode!r} partnerships: the count must be a "
                f"multiple of {size}, at least {2 * size} (option partnerships={self.partnerships!r})")
        return players // size

    def sides(self, players: int, *, game: str = "this variant",
              rule: str = "OPTIONS.md player counts") -> tuple[tuple[int, ...], ...]:
        """The seats of each side: with ``k`` sides seat ``i`` plays for side ``i % k``, so
        the sides' seats alternate round the table (six in pairs: ``(0, 3), (1, 4), (2, 5)``).

        >>> from trumpfamily import Table
        >>> Table(partnerships="pairs").sides(4)
        ((0, 2), (1, 3))
        """
        k = self.side_count(players, game=game, rule=rule)
        return tuple(tuple(range(s, players, k)) for s in range(k))

    def check_players(self, players: int, *, game: str = "this variant",
                      rule: str = "OPTIONS.md player counts") -> None:
        """Raise :class:`PlayerCountError` unless ``players`` is allowed; the message
        names ``game`` and cites ``rule``.

        >>> from trumpfamily import Table
        >>> Table(max_players=6).check_players(7, game="Auction Forty-Fives", rule="BIDDING.md §8")
        Traceback (most recent call last):
        ...
        trumpfamily.errors.PlayerCountError: players=7: Auction Forty-Fives is for 2 to 6 players (BIDDING.md §8)
        """
        if type(players) is not int:
            raise PlayerCountError(
                f"players={safe_repr(players)}: the number of players is an int ({self.min_players} to "
                f"{self.max_players} in {game}), not {type(players).__name__}")
        if not self.min_players <= players <= self.max_players:
            raise PlayerCountError(
                f"players={safe_repr(players)}: {game} is for {self.min_players} to "
                f"{self.max_players} players ({rule})")
