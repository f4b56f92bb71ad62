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

import enum
from collections.abc import Collection, Sequence
from typing import Final, Literal, TypeAlias

import attrs

from ._options import choice, integer
from .cards import JK, Card, Rank, canonical
from .errors import InvalidVariantError, PlayerCountError
from .ranking import AH, RankTable

__all__ = [
    "NO_CLAIM",
    "BestTrumpBonus",
    "FiveTricks",
    "HandEnd",
    "Scoring",
    "ScoringMode",
    "SpoilAnte",
    "TargetTie",
    "antes",
    "best_trump_trick",
    "five_tricks_bonus",
    "hand_points",
    "pool_result",
    "pool_tricks",
    "pool_winner",
    "split_pool",
    "trick_points",
]

_POOL_NEEDS = ("tricks_to_win", "ante", "dealer_ante", "spoil_ante")
_POINTS_NEEDS = ("points_per_trick", "best_trump_bonus", "target", "five_tricks", "target_tie")


#: The values of option ``scoring``, pool or points (:attr:`Scoring.scoring`).
ScoringMode: TypeAlias = Literal["pool", "points"]

#: The values of option ``spoil_ante``, who stakes after a spoil (:attr:`Scoring.spoil_ante`;
#: ``None`` in points games).
SpoilAnte: TypeAlias = Literal["non-dealers-one", "dealer-one", "everyone-one", "full"]

#: The values of option ``best_trump_bonus``, whether the trick holding the best trump
#: scores double (:attr:`Scoring.best_trump_bonus`; ``None`` in pool games).
BestTrumpBonus: TypeAlias = Literal["any", "top-four", "none"]

#: The values of option ``five_tricks``, what all five tricks earn in a points game
#: (:attr:`Scoring.five_tricks`; ``None`` in pool games).
FiveTricks: TypeAlias = Literal["none", "wins-game", "bonus"]

#: The values of option ``target_tie``, who wins when several reach the target in one deal
#: (:attr:`Scoring.target_tie`; ``None`` in pool games).
TargetTie: TypeAlias = Literal["higher-total", "first-to-reach"]


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
            his full ``dealer_ante``; MAW, PEEL; with ``ante=1`` this equals a fresh pool),
            ``"dealer-one"`` (only the dealer, 1; MAW house rule 2), ``"everyone-one"``
            (every seat 1, the dealer included; W25) or ``"full"`` (everyone the fresh-pool
            stakes again; GBK).
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

    scoring: ScoringMode = choice("pool", "pool", "points", doc="pool or points (§1.7, §2.3, §2.4)")
    tricks_to_win: int | None = integer(3, 1, 5, optional=True, doc="tricks that win the pool (§3 row 18)")
    two_trick_win_above: int | None = integer(None, 1, 10, optional=True,
                                              doc="two tricks win when more than N play (§3 row 18)")
    ante: int | None = integer(1, 0, optional=True, doc="each player's stake, chips (§1.7)")
    dealer_ante: int | None = integer(2, 0, optional=True, doc="the dealer's stake, chips (§1.7)")
    spoil_ante: SpoilAnte | None = choice("non-dealers-one", "non-dealers-one", "dealer-one",
                                          "everyone-one", "full", optional=True,
                                          doc="stakes after a spoil (§3 row 17)")
    points_per_trick: int | None = integer(None, 1, optional=True, doc="points a trick (§2.3, §2.4)")
    best_trump_bonus: BestTrumpBonus | None = choice(None, "any", "top-four", "none", optional=True,
                                                     doc="the best-trump trick scores double (§3 row 19)")
    target: int | None = integer(None, 1, optional=True, doc="points that win the game (§3 row 21)")
    five_tricks: FiveTricks | None = choice(None, "none", "wins-game", "bonus", optional=True,
                                            doc="all five tricks in a points game (§3 row 16)")
    target_tie: TargetTie | None = choice(None, "higher-total", "first-to-reach", optional=True,
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

        Args:
            players: the number of players at the table (2 to 10).

        Returns:
            Tricks (an int from 1 to 5).

        Raises:
            PlayerCountError: ``players`` is not an int from 2 to 10.
            InvalidVariantError: a points game (``tricks_to_win`` is ``None``).

        >>> from trumpfamily.scoring import Scoring
        >>> Scoring(two_trick_win_above=4).tricks_needed(5), Scoring().tricks_needed(5)
        (2, 3)
        """
        if type(players) is not int or not 2 <= players <= 10:
            raise PlayerCountError(f"players={players!r}: a table has 2 to 10 players")
        if self.tricks_to_win is None:
            raise InvalidVariantError("tricks_needed() is for pool games (scoring='pool')")
        if self.two_trick_win_above is not None and players > self.two_trick_win_above:
            return min(2, self.tricks_to_win)
        return self.tricks_to_win


def antes(scoring: Scoring, players: int, dealer: int, *, after_spoil: bool) -> tuple[int, ...]:
    """What each seat stakes into the pool before a deal (pool games; RULES.md §1.7).

    Args:
        scoring: the scoring rule component (``scoring="pool"``).
        players: the number of seats.
        dealer: the dealer's seat for the coming deal.
        after_spoil: ``True`` when the previous deal was a spoil and the pool carries,
            ``False`` for a fresh pool (the first deal, or after the pool was won).

    Returns:
        Chips per seat, a tuple of length ``players``. A fresh pool: every other seat
        ``ante``, the dealer ``dealer_ante`` (EX-57: 4×2 + 4 = 12). After a spoil, by
        ``spoil_ante`` (EX-58): ``"non-dealers-one"`` 1 from every other seat and the full
        ``dealer_ante`` from the dealer; ``"dealer-one"`` 1 from the dealer only;
        ``"everyone-one"`` 1 from every seat; ``"full"`` the fresh-pool stakes again.

    >>> from trumpfamily import MAW
    >>> from trumpfamily.scoring import antes
    >>> antes(MAW.scoring, 5, 4, after_spoil=False)
    (2, 2, 2, 2, 4)
    >>> antes(MAW.scoring, 5, 0, after_spoil=True)
    (4, 1, 1, 1, 1)
    """
    assert scoring.ante is not None and scoring.dealer_ante is not None
    rule = "full" if not after_spoil else scoring.spoil_ante
    if rule == "full":
        each, own = scoring.ante, scoring.dealer_ante
    elif rule == "non-dealers-one":
        each, own = 1, scoring.dealer_ante
    elif rule == "dealer-one":
        each, own = 0, 1
    else:  # "everyone-one"
        each, own = 1, 1
    return tuple(own if seat == dealer else each for seat in range(players))


def split_pool(pool: int, seats: int) -> tuple[int, int]:
    """Share a pool among the ``seats`` of a winning side (RULES.md §2.2.9).

    Returns:
        ``(share, remainder)`` in chips: each seat takes ``share``; the indivisible
        ``remainder`` stays in the pool for the next deal.

    >>> from trumpfamily.scoring import split_pool
    >>> split_pool(13, 2)
    (6, 1)
    """
    share = pool // seats
    return share, pool - share * seats


class HandEnd(enum.StrEnum):
    """How a hand ended (RULES.md §1.6, §1.7, §2.3, §2.4). The value is a plain string.

    * ``WIN``: a side reached ``tricks_needed`` and takes the pool (EX-57).
    * ``CLAIM``: the winner of the first three tricks claimed (EX-59).
    * ``JINK``: a jink succeeded: all five tricks (EX-60).
    * ``JINK_FAILED``: the jinker lost a later trick; the deal is spoiled (EX-61). Also
      when the jinking side can no longer take the pool at all: its only seat is seen to
      be barred (he plays the Ace of trumps he did not rob; RULES.md §1.5).
    * ``SPOIL``: nobody who may win the pool can reach ``tricks_needed`` any more (EX-58).
    * ``POINTS``: a points game's hand, all five tricks played.

    The end says why play stopped, as the table saw it. Who takes the pool is settled
    then (:func:`pool_winner`): a ``WIN`` or ``CLAIM`` by a side whose every seat is
    barred, a bar that was its holder's secret until then, takes nothing, and the deal is
    a spoil (:attr:`HandOutcome.winner <trumpfamily.outcomes.HandOutcome.winner>` is
    ``None``).
    """

    WIN = "win"
    CLAIM = "claim"
    JINK = "jink"
    JINK_FAILED = "jink-failed"
    SPOIL = "spoil"
    POINTS = "points"


#: The tricks of a side that has no seat left that may win the pool (:func:`pool_tricks`).
NO_CLAIM: Final = -99


def pool_tricks(
    sides: Sequence[Sequence[int]], tricks: Sequence[int], barred: Collection[int]
) -> list[int]:
    """Tricks per side that count towards the pool (RULES.md §1.5, §1.7; EX-51).

    A barred seat cannot win the pool, but in a partnership its tricks still count for its
    side, whose other seats then take the pool; so two pairs still cannot spoil (PEEL).
    While a hand runs, ``barred`` holds the bars the whole table knows of
    (:func:`~trumpfamily.robbing.known_bars`): play never stops on a secret.

    Args:
        sides: the seats of each side.
        tricks: tricks won per seat.
        barred: the seats barred from the pool this deal.

    Returns:
        Tricks per side, or :data:`NO_CLAIM` for a side with no seat that may win.

    >>> from trumpfamily.scoring import pool_tricks
    >>> pool_tricks(((0, 2), (1, 3)), (1, 0, 2, 0), barred={0})
    [3, 0]
    >>> pool_tricks(((0,), (1,), (2,)), (2, 1, 0), barred={0})
    [-99, 1, 0]
    """
    out = []
    for side in sides:
        free = any(x not in barred for x in side)
        out.append(sum(tricks[x] for x in side) if free else NO_CLAIM)
    return out


def pool_winner(
    sides: Sequence[Sequence[int]], side: int | None, barred: Collection[int]
) -> tuple[int | None, tuple[int, ...]]:
    """Who takes the pool when a pool hand ends (RULES.md §1.5, §1.7; EX-51, EX-63).

    Play stops on what the whole table knows (:func:`pool_result`, with the bars every
    seat knows of: :func:`~trumpfamily.robbing.known_bars`). A holder of the Ace of
    trumps who let his chance to rob pass in silence is barred all the same, and the bar
    is settled here, when the hand ends: a side that reached the winning tricks,
    claimed or jinked takes the pool only through its seats that are not barred. With
    none (a player on his own, barred), the pool is not won: the deal is a spoil, as in
    EX-51 ("cannot win the pool that hand, however many tricks he takes": PEEL, MAW,
    EB11). So a barred player's claim, which shows his bar, is a spoil; play does not
    resume for the others. The sources never speak of a bar the table does not know of;
    this is the library's reading [I] of the penalty they agree on, so it is no option.

    Args:
        sides: the seats of each side.
        side: the side whose tricks ended the hand (a win, a claim or a jink), or
            ``None`` (a spoil, a failed jink, a points hand).
        barred: every seat barred from the pool this deal, the secret bar included.

    Returns:
        ``(winner, winner_seats)``: the side that takes the pool, or ``None``; and its
        seats that share it (``()`` when nobody wins).

    >>> from trumpfamily.scoring import pool_winner
    >>> pool_winner(((0, 2), (1, 3)), 0, {0})  # EX-63 with seat 0 barred: seat 2 takes it
    (0, (2,))
    >>> pool_winner(((0,), (1,), (2,)), 1, {1})  # a barred player's claim: a spoil
    (None, ())
    """
    if side is None:
        return None, ()
    seats = tuple(x for x in sides[side] if x not in barred)
    if not seats:
        return None, ()
    return side, seats


def pool_result(
    side_tricks: Sequence[int], side: int, played: int, needed: int, may_jink: bool,
    swept: bool,
) -> HandEnd | None:
    """Whether a pool hand ends after a trick won by ``side``, and how (RULES.md §1.6,
    §1.7; EX-57, EX-58).

    Args:
        side_tricks: tricks per side counting towards the pool (:func:`pool_tricks`).
        side: the side that won the trick just completed.
        played: tricks completed so far (1 to 5).
        needed: tricks that win the pool (``Scoring.tricks_needed``).
        may_jink: jinking is played and nobody is jinking yet.
        swept: ``side`` has won every trick so far.

    Returns:
        ``WIN`` when ``side`` reached ``needed`` (play stops, EX-57), except that a side
        that has won every trick with jinking on is first asked to claim or jink
        (``None``: see :func:`~trumpfamily.jinking.claim_due`); ``SPOIL`` when nobody can
        reach ``needed`` any more; else ``None`` (play on).

    >>> from trumpfamily.scoring import pool_result
    >>> pool_result([3, 1, 0], 0, played=4, needed=3, may_jink=True, swept=False)
    <HandEnd.WIN: 'win'>
    >>> pool_result([2, 2, 1], 1, played=5, needed=3, may_jink=True, swept=False)
    <HandEnd.SPOIL: 'spoil'>
    """
    if side_tricks[side] >= needed:
        if may_jink and played < 5 and swept:
            return None  # claim or jink first
        return HandEnd.WIN
    if played == 5 or max(side_tricks) + 5 - played < needed:
        return HandEnd.SPOIL
    return None


def best_trump_trick(tricks: Sequence[Sequence[Card]], table: RankTable,
                     rule: str | None) -> int | None:
    """The index of the trick holding the best trump played, if it earns the bonus.

    Args:
        tricks: the completed tricks' cards, in play order.
        table: the deal's rank table (with the demoted Ace, if any).
        rule: option ``best_trump_bonus``: ``"any"`` (the highest trump played, whatever
            it is; W45, WFF), ``"top-four"`` (only if the Five or Jack of trumps, the Ace of
            Hearts or the joker was played; OW45) or ``"none"``.

    Returns:
        The 0-based trick index, or ``None`` when there is no bonus (the rule is
        ``"none"``, no trump was played (EX-71), or no top-four card was played (EX-72)).
        RULES.md §2.4, §3 row 19.

    >>> from trumpfamily import FORTY_FIVE, Suit, parse_cards
    >>> from trumpfamily.scoring import best_trump_trick
    >>> table = FORTY_FIVE.ranking.table(Suit.HEARTS)
    >>> tricks = [parse_cards("2C QH"), parse_cards("KD 3C")]  # EX-72: QH is the best trump
    >>> best_trump_trick(tricks, table, "any"), best_trump_trick(tricks, table, "top-four")
    (0, None)
    """
    if rule not in ("any", "top-four"):
        return None
    trump, power, suit_of = table.trump, table.power, table.suit_of
    best, where = -1, None
    for i, cards in enumerate(tricks):
        for c in cards:
            if suit_of[c] is trump and power[c] > best:
                best, where = power[c], i
    if where is None or rule == "any":
        return where
    top = {canonical(Rank.FIVE, trump), canonical(Rank.JACK, trump), AH, JK}
    if any(c in top and suit_of[c] is trump for cards in tricks for c in cards):
        return where
    return None


def trick_points(winners: Sequence[int], players: int, scoring: Scoring,
                 bonus_trick: int | None) -> tuple[int, ...]:
    """Points each seat takes in a points game (RULES.md §2.3, §2.4).

    Args:
        winners: the seat that won each completed trick, in play order.
        players: the number of seats.
        scoring: the scoring rule component (``points_per_trick``).
        bonus_trick: the index of the trick that scores double (see
            :func:`best_trump_trick`), or ``None``.

    Returns:
        Points per seat, a tuple of length ``players``: ``points_per_trick`` a trick, twice
        that for the bonus trick. Five tricks total 30 with a bonus, 25 without (EX-70,
        EX-71). The ``five_tricks="bonus"`` extra is not included (see
        :func:`five_tricks_bonus`).

    >>> from trumpfamily import FORTY_FIVE
    >>> from trumpfamily.scoring import trick_points
    >>> trick_points([0, 1, 1, 0, 1], 2, FORTY_FIVE.scoring, bonus_trick=3)
    (15, 15)
    """
    assert scoring.points_per_trick is not None
    ppt = scoring.points_per_trick
    points = [0] * players
    for i, seat in enumerate(winners):
        points[seat] += 2 * ppt if i == bonus_trick else ppt
    return tuple(points)


def hand_points(
    tricks: Sequence[Sequence[Card]],
    winners: Sequence[int],
    sides: Sequence[Sequence[int]],
    scoring: Scoring,
    table: RankTable,
    *,
    all_five: int | None,
) -> tuple[tuple[int, ...], tuple[int, ...], Card | None, int | None]:
    """A points game's hand in points (RULES.md §2.3, §2.4; EX-70 to EX-72, EX-75).

    Args:
        tricks: the completed tricks' cards, in play order.
        winners: the seat that won each trick.
        sides: the seats of each side.
        scoring: the scoring rule component.
        table: the deal's rank table (with the demoted Ace, if any).
        all_five: the side that took all five tricks, if any (``five_tricks="bonus"``).

    Returns:
        ``(points, side_points, best_trump, bonus_trick)``: points per seat
        (:func:`trick_points`), points per side with the five-trick bonus
        (:func:`five_tricks_bonus`), the best trump when it earns the bonus and the index of
        its trick (:func:`best_trump_trick`), else ``None`` twice.

    >>> from trumpfamily import FORTY_FIVE, Suit, parse_cards
    >>> from trumpfamily.scoring import hand_points
    >>> table = FORTY_FIVE.ranking.table(Suit.HEARTS)
    >>> tricks = [parse_cards(t) for t in ("5H 3H", "2C KC", "KD 2D", "QD 3D", "4S KS")]
    >>> hand_points(tricks, [0, 1, 1, 0, 1], ((0,), (1,)), FORTY_FIVE.scoring, table,
    ...             all_five=None)  # EX-70
    ((15, 15), (15, 15), Card.parse('5H'), 0)
    """
    players = sum(len(side) for side in sides)
    bonus_trick = best_trump_trick(tricks, table, scoring.best_trump_bonus)
    points = trick_points(winners, players, scoring, bonus_trick)
    side_points = [sum(points[x] for x in side) for side in sides]
    if all_five is not None:
        side_points[all_five] += five_tricks_bonus(scoring)
    best = None
    if bonus_trick is not None:
        power, suit_of, trump = table.power, table.suit_of, table.trump
        best = max((c for c in tricks[bonus_trick] if suit_of[c] is trump), key=power.__getitem__)
    return points, tuple(side_points), best, bonus_trick


def five_tricks_bonus(scoring: Scoring) -> int:
    """Extra points for a side that takes all five tricks: 10 under
    ``five_tricks="bonus"`` (play-25.com), else 0 (RULES.md §1.6, §3 row 16).

    >>> from trumpfamily.scoring import Scoring, five_tricks_bonus
    >>> five_tricks_bonus(Scoring(scoring="points", points_per_trick=5, best_trump_bonus="none",
    ...                           target=25, five_tricks="bonus", target_tie="first-to-reach"))
    10
    """
    return 10 if scoring.five_tricks == "bonus" else 0


# -- whole games: the target and the pool over successive hands ----------------------------

__all__ += ["game_winner", "reaches_target", "settle_pool"]


def reaches_target(score: int, tricks: int, scoring: Scoring) -> bool:
    """Whether a side reaches the target in the middle of a hand, ending the game at once
    (``target_tie="first-to-reach"``; RULES.md §2.3 [I], §3 row 28; EX-68, EX-69).

    Points then come one trick at a time: ``points_per_trick`` for each trick the side has
    taken in this hand. The best-trump and five-trick bonuses are counted only at the end
    of a hand (see :func:`game_winner`), so they play no part here.

    Args:
        score: the side's points before this hand.
        tricks: the tricks the side has taken in this hand so far (0 to 5).
        scoring: the scoring rule component of a points game.

    Returns:
        ``True`` when ``target_tie="first-to-reach"`` and ``score`` plus the tricks' points
        is at least ``target``; always ``False`` under ``"higher-total"`` and in pool games
        (there a hand is always played out).

    >>> from trumpfamily import TWENTY_FIVE
    >>> from trumpfamily.scoring import reaches_target
    >>> points25 = TWENTY_FIVE.with_options(scoring="points").scoring
    >>> reaches_target(20, 1, points25), reaches_target(15, 1, points25)  # EX-68
    (True, False)
    """
    if scoring.target_tie != "first-to-reach":
        return False
    assert scoring.target is not None and scoring.points_per_trick is not None
    return score + tricks * scoring.points_per_trick >= scoring.target


def game_winner(
    scores: Sequence[int], scoring: Scoring, *, all_five: int | None = None
) -> int | None:
    """The side that has won a points game at the end of a hand, if any (RULES.md §1.6,
    §2.3, §2.4, §3 rows 16 and 28; EX-75, EX-76).

    ``five_tricks="wins-game"``: a side that took all five tricks of the hand wins outright
    (PEEL, OW45), whatever the scores. Otherwise, of the sides on or over ``target`` the one
    with the higher total wins (W45); exactly equal top totals decide nothing, and another
    hand is played (RULES.md §2.4 [I]). The same end-of-hand test applies under
    ``target_tie="first-to-reach"``, where only a hand's bonuses can still carry a side over
    the target at its end (:func:`reaches_target` catches the tricks as they come).

    Args:
        scores: points per side, this hand's points included.
        scoring: the scoring rule component of a points game.
        all_five: the side that took all five tricks of the hand, else ``None``.

    Returns:
        The winning side's index, or ``None`` when the game goes on.

    >>> from trumpfamily import FORTY_FIVE
    >>> from trumpfamily.scoring import game_winner
    >>> s = FORTY_FIVE.scoring
    >>> game_winner([50, 45, 10], s), game_winner([50, 50, 10], s), game_winner([40, 0, 0], s)
    (0, None, None)
    >>> irish = FORTY_FIVE.with_options(five_tricks="wins-game").scoring
    >>> game_winner([30, 25], irish, all_five=0)  # EX-75: all five tricks win the game
    0
    """
    if all_five is not None and scoring.five_tricks == "wins-game":
        return all_five
    assert scoring.target is not None
    top = max(scores)
    if top < scoring.target:
        return None
    leaders = [side for side, score in enumerate(scores) if score == top]
    return leaders[0] if len(leaders) == 1 else None


def settle_pool(
    pool: int, winner_seats: Sequence[int], players: int
) -> tuple[tuple[int, ...], int]:
    """Pay the pool to the seats that win it (RULES.md §1.7, §2.2.9; EX-57, EX-58, EX-63).

    The winning seats share the pool evenly (:func:`split_pool`); an indivisible remainder
    stays in the pool for the next deal. With no winning seat (a spoil, or a failed jink:
    EX-58, EX-61) the whole pool carries.

    Args:
        pool: the chips in the pool.
        winner_seats: the seats that take it (``HandOutcome.winner_seats``): ``()`` for a
            spoil.
        players: the number of seats.

    Returns:
        ``(gains, pool_left)``: the chips each seat takes (a tuple of length ``players``)
        and the chips left in the pool. ``sum(gains) + pool_left == pool``.

    >>> from trumpfamily.scoring import settle_pool
    >>> settle_pool(12, (0,), 5)  # EX-57: P0 takes the pot of 12
    ((12, 0, 0, 0, 0), 0)
    >>> settle_pool(13, (0, 2), 4)  # a pair shares; the odd chip stays
    ((6, 0, 6, 0), 1)
    >>> settle_pool(12, (), 5)  # EX-58: a spoil carries the pool
    ((0, 0, 0, 0, 0), 12)
    """
    if not winner_seats:
        return (0,) * players, pool
    share, left = split_pool(pool, len(winner_seats))
    winners = set(winner_seats)
    return tuple(share if seat in winners else 0 for seat in range(players)), left
