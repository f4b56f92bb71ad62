"""A bidding hand's score and the end of the game (BIDDING.md §0, §2.4–§2.6, §3.6, §3.7,
§5.6, §5.8, §6, §7.1 #6–#8, #11).

* a hand's score: :func:`bid_made`, :func:`bidder_score`, :func:`defender_score`, and
  :func:`score_hand`, which gives a :class:`HandScore` (:data:`TRICK_POINTS` a trick,
  :data:`BONUS_POINTS` more for the trick holding the highest trump played);
* the end of the game: :func:`game_end`, which gives a :class:`GameEnd` or ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, TypeAlias

import attrs

from ..errors import InvalidArgumentError
from .component import EXTRA_BID, Bidding, is_all_five_bid

__all__ = [
    "BONUS_POINTS",
    "TRICK_POINTS",
    "EndReason",
    "GameEnd",
    "HandScore",
    "bid_made",
    "bidder_score",
    "defender_score",
    "game_end",
    "score_hand",
]

#: Points for each trick (BIDDING.md §0, §2.4).
TRICK_POINTS: Final = 5
#: Extra points for the trick holding the highest trump played (BIDDING.md §0, §2.4).
BONUS_POINTS: Final = 5
#: Why a game ended (:attr:`GameEnd.reason`).
EndReason: TypeAlias = Literal["target", "hands", "lose-at", "sets"]


# -- scoring a hand ---------------------------------------------------------------------------


def bid_made(bidding: Bidding, amount: int, *, points: int, tricks: int) -> bool:
    """Whether a bid of ``amount`` is made with ``points`` and ``tricks`` taken (BIDDING.md
    §3.6, §7 B8, B11, §7.1 #7; EX-S06, EX-S07).

    An all-five bid (:func:`is_all_five_bid`) needs all five tricks, whatever the bonus;
    otherwise ``bid_measure="points"`` compares the points (bonus included) and
    ``"tricks"`` needs ``amount / 5`` tricks (all five for 30).

    >>> from trumpfamily.bidding import Bidding, bid_made
    >>> bid_made(Bidding(), 30, points=25, tricks=5), bid_made(Bidding(thirty_bid="plain"), 30, points=25, tricks=5)
    (True, False)
    """
    if is_all_five_bid(bidding, amount):
        return tricks == 5
    if bidding.bid_measure == "tricks":
        return tricks >= min(5, -(-amount // TRICK_POINTS))
    return points >= amount


def bidder_score(bidding: Bidding, amount: int, *, made: bool, points: int, tricks: int) -> int:
    """The bidding side's score for the hand (BIDDING.md §3.6, §5.6, §6, §7 B8–B10, §7.1 #6).

    Made: the extra bid scores 120 (slam) or 60; 30 as an all-five bid 60; another bid the
    points taken (``made_bid_scores="taken"``, at most ``lower_bid_cap``; a sweep scores 60
    when the cap is ``None``) or the bid (``"bid"``). Set: minus the bid, except 30 under
    ``thirty_bid="sixty-both"`` (−60) and the extra bids (−60).

    >>> from trumpfamily.bidding import Bidding, bidder_score
    >>> bidder_score(Bidding(), 30, made=True, points=25, tricks=5), bidder_score(Bidding(), 30, made=False, points=25, tricks=4)
    (60, -30)
    """
    extra = bidding.extra_bid is not None and amount == EXTRA_BID
    if not made:
        if extra or (amount == 30 and is_all_five_bid(bidding, amount)
                     and bidding.thirty_bid == "sixty-both"):
            return -EXTRA_BID
        return -amount
    if extra:
        return 120 if bidding.extra_bid == "slam" else 60
    if is_all_five_bid(bidding, amount):
        return 60
    if bidding.made_bid_scores == "bid":
        return amount
    if bidding.lower_bid_cap is None:
        return 60 if tricks == 5 else points
    return min(points, bidding.lower_bid_cap)


def defender_score(bidding: Bidding, points: int, *, score: int, made: bool) -> int:
    """A defending side's score for the hand, ``points`` taken and ``score`` before it
    (BIDDING.md §3.7 S1, §7.1 #8; EX-S09, EX-E02).

    ``"none"``: the points. ``"no-score-if-made"``: 0 when the bid was made and the side
    was on ``defender_threshold`` or more (IMP-NS). ``"no-score"``: 0 from the threshold on
    (WNH). ``"cap"``: no higher than the threshold (115 when ``None``) through defence.

    >>> from trumpfamily.bidding import Bidding, defender_score
    >>> wnh = Bidding(defender_limit="no-score", defender_threshold=90)
    >>> defender_score(wnh, 10, score=95, made=True), defender_score(wnh, 5, score=40, made=True)
    (0, 5)
    """
    limit, threshold = bidding.defender_limit, bidding.defender_threshold
    if limit == "cap":
        return max(0, min(points, (115 if threshold is None else threshold) - score))
    assert limit == "none" or threshold is not None
    if threshold is not None and score >= threshold and (
            limit == "no-score" or (limit == "no-score-if-made" and made)):
        return 0
    return points


@attrs.frozen
class HandScore:
    """A bidding hand, scored (BIDDING.md §3.6; see :func:`score_hand`).

    Attributes:
        bidder: the bidding side.
        amount: the contract.
        made: the bid was made.
        tricks: tricks per side.
        points: points taken per side (5 a trick, 5 more for the trick holding the highest
            trump played unless the bonus was lost to ``bonus_cutoff``).
        gains: the change to each side's score.
        trick_sides: the side that won each trick, in play order.
        bonus_trick: the index of the trick that carried the bonus, ``None`` when no trump
            was played or the bonus was lost.
        forfeited_trick: the index of the trick holding the highest trump played when its
            bonus was lost to ``bonus_cutoff`` (BIDDING.md §5.6 B12: nobody gets it), else
            ``None``; the trick still holds the highest trump.
    """

    bidder: int
    amount: int
    made: bool
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    gains: tuple[int, ...]
    trick_sides: tuple[int, ...]
    bonus_trick: int | None
    forfeited_trick: int | None = None


def score_hand(bidding: Bidding, *, bidder: int, amount: int, trick_sides: Sequence[int],
               bonus_trick: int | None, scores: Sequence[int]) -> HandScore:
    """Score a bidding hand (BIDDING.md §0, §2.4–§2.6, §3.6, §3.7, §5.6, §6; EX-S01 to EX-S15).

    Each trick is worth 5, and the trick holding the highest trump played 5 more, so a hand
    is worth 30, or 25 when no trump is played (EX-S15). The bonus is lost by a side that
    starts the hand on ``bonus_cutoff`` or more (the bidder only, or every side under
    ``bonus_cutoff_scope="all"``); nobody else gets it, and it no longer counts toward the
    bid (:attr:`HandScore.forfeited_trick` keeps which trick held it). The bidding side
    scores :func:`bidder_score`; every other side :func:`defender_score` (only the bidder
    can lose points).

    Args:
        bidding: the bidding rule component.
        bidder: the side that won the auction.
        amount: the contract.
        trick_sides: the side that won each trick, in play order (five tricks).
        bonus_trick: the index of the trick holding the highest trump played
            (:func:`trumpfamily.scoring.best_trump_trick`), ``None`` if no trump was played.
        scores: each side's score before the hand.

    Returns:
        The :class:`HandScore`.

    Raises:
        InvalidArgumentError: not five tricks, a side out of range, or a bad bonus trick.

    >>> from trumpfamily.bidding import Bidding, score_hand
    >>> h = score_hand(Bidding(), bidder=0, amount=25, trick_sides=(0, 1, 0, 0, 1), bonus_trick=0,
    ...                scores=(0, 0))
    >>> h.made, h.points, h.gains  # EX-S03: A takes 20 against 25
    (False, (20, 10), (-25, 10))
    """
    sides = len(scores)
    if (len(trick_sides) != 5 or any(type(s) is not int or not 0 <= s < sides for s in trick_sides)
            or not 0 <= bidder < sides
            or not (bonus_trick is None or (type(bonus_trick) is int and 0 <= bonus_trick < 5))):
        raise InvalidArgumentError(
            f"trick_sides={tuple(trick_sides)!r}, bidder={bidder!r}, bonus_trick={bonus_trick!r}: "
            f"need five tricks won by sides 0..{sides - 1} and a bonus trick 0..4 or None")
    forfeited = None
    if bonus_trick is not None and bidding.bonus_cutoff is not None:
        owner = trick_sides[bonus_trick]
        if scores[owner] >= bidding.bonus_cutoff and (
                bidding.bonus_cutoff_scope == "all" or owner == bidder):
            forfeited, bonus_trick = bonus_trick, None
    tricks = tuple(sum(1 for w in trick_sides if w == side) for side in range(sides))
    points = tuple(TRICK_POINTS * tricks[side]
                   + (BONUS_POINTS if bonus_trick is not None and trick_sides[bonus_trick] == side
                      else 0) for side in range(sides))
    made = bid_made(bidding, amount, points=points[bidder], tricks=tricks[bidder])
    gains = tuple(
        bidder_score(bidding, amount, made=made, points=points[side], tricks=tricks[side])
        if side == bidder else defender_score(bidding, points[side], score=scores[side], made=made)
        for side in range(sides))
    return HandScore(bidder, amount, made, tricks, points, gains, tuple(trick_sides), bonus_trick,
                     forfeited)


# -- the end of the game ----------------------------------------------------------------------


@attrs.frozen
class GameEnd:
    """The end of a bidding game, or a side knocked out (BIDDING.md §3.7, §7.1 #11).

    Attributes:
        winner: the winning side; ``None`` when sides lost (``losers``) and the highest of
            the others is shared, so they play on.
        losers: sides that lost at ``lose_at`` or by ``sets_to_lose`` this hand.
        reason: ``"target"``, ``"hands"``, ``"lose-at"`` or ``"sets"``.
    """

    winner: int | None
    losers: tuple[int, ...]
    reason: EndReason


def _reached_at(bidding: Bidding, score: int, hand: HandScore, side: int) -> int | None:
    """The trick (0 = before the hand, 1 to 5) after which ``side`` first stands on the
    target, counting its gain trick by trick, the bonus with its trick, never beyond its
    gain for the hand (BIDDING.md §5.8; IMP-110a) [I: an all-five bid's extra at the end]."""
    if score >= bidding.target:
        return 0
    gain, taken = hand.gains[side], 0
    for k, won in enumerate(hand.trick_sides, start=1):
        if won == side:
            taken += TRICK_POINTS + (BONUS_POINTS if hand.bonus_trick == k - 1 else 0)
        if score + (gain if k == len(hand.trick_sides) else min(taken, gain)) >= bidding.target:
            return k
    return None


def _first_in_trick_order(bidding: Bidding, scores: Sequence[int], hand: HandScore,
                          sides: Sequence[int]) -> int | None:
    after = [s + g for s, g in zip(scores, hand.gains, strict=True)]
    reach = {s: _reached_at(bidding, scores[s], hand, s) for s in sides
             if not (s == hand.bidder and not hand.made)}
    reached = {s: k for s, k in reach.items() if k is not None}
    if not reached:
        return None
    first = min(reached.values())
    tied = [s for s, k in reached.items() if k == first]
    return _unique_top(after, tied)


def _unique_top(after: Sequence[int], sides: Sequence[int]) -> int | None:
    if not sides:
        return None
    top = max(after[s] for s in sides)
    best = [s for s in sides if after[s] == top]
    return best[0] if len(best) == 1 else None


def _target_winner(bidding: Bidding, scores: Sequence[int], hand: HandScore,
                   alive: Sequence[int]) -> int | None:
    after = [s + g for s, g in zip(scores, hand.gains, strict=True)]
    over = [s for s in alive if after[s] >= bidding.target]
    rule = bidding.target_tie
    if rule == "trick-order":
        return _first_in_trick_order(bidding, scores, hand, alive)
    if rule == "bidding-side-only":
        return hand.bidder if hand.made and hand.bidder in over else None
    if rule == "higher-total":
        return _unique_top(after, over)
    if hand.bidder in over:  # "bidder-first"
        return hand.bidder
    return over[0] if len(over) == 1 else _first_in_trick_order(bidding, scores, hand, over)


def game_end(bidding: Bidding, scores: Sequence[int], hand: HandScore, *,
             sets: Sequence[int] | None = None, hands_played: int | None = None) -> GameEnd | None:
    """Whether the game ends after a hand, and who wins (BIDDING.md §3.7, §5.8, §6, §7 E1–E4,
    §7.1 #11; EX-E01 to EX-E08).

    A hand is always played out (PAG55): this is decided at its end. Under ``finish="hands"``
    the highest total after ``finish_hands`` hands wins. Otherwise, of the sides on
    ``target`` or more: ``"bidder-first"``: the bidding side if it is among them, else the
    only one, else the first to get there in trick order (§7.1 #11); ``"higher-total"``:
    the higher total; ``"bidding-side-only"``: only a side that has just made its bid;
    ``"trick-order"``: the first to get there trick by trick, a failed bidder excluded
    (IMP-110a). Exactly equal totals decide nothing: another hand is played (E4 [I]).
    A side at or below ``lose_at``, or set for the ``sets_to_lose``-th time, loses; unless
    another side has won on the target, the highest remaining score then wins (§7.1 #11).

    Args:
        bidding: the bidding rule component.
        scores: each side's score before the hand.
        hand: the hand's :class:`HandScore`.
        sets: each side's sets before the hand (for ``sets_to_lose``); ``None``: none.
        hands_played: hands completed, this one included (for ``finish="hands"``).

    Returns:
        The :class:`GameEnd`, or ``None`` when the game goes on.

    Raises:
        InvalidArgumentError: ``finish="hands"`` without ``hands_played``.

    >>> from trumpfamily.bidding import Bidding, game_end, score_hand
    >>> h = score_hand(Bidding(), bidder=0, amount=15, trick_sides=(0, 0, 0, 1, 1),
    ...                bonus_trick=4, scores=(105, 115))
    >>> game_end(Bidding(), (105, 115), h)  # EX-E01: both cross, the bidder counts first
    GameEnd(winner=0, losers=(), reason='target')
    """
    sides = range(len(scores))
    after = [s + g for s, g in zip(scores, hand.gains, strict=True)]
    losers: list[int] = []
    reason: EndReason = "target"
    if bidding.lose_at is not None:
        losers += [s for s in sides if after[s] <= bidding.lose_at]
        reason = "lose-at" if losers else reason
    set_count = (0,) * len(scores) if sets is None else tuple(sets)
    if (bidding.sets_to_lose is not None and not hand.made and hand.bidder not in losers
            and set_count[hand.bidder] + 1 >= bidding.sets_to_lose):
        losers.append(hand.bidder)
        reason = "sets" if reason == "target" else reason
    alive = [s for s in sides if s not in losers]
    if bidding.finish == "hands":
        if hands_played is None:
            raise InvalidArgumentError("finish='hands' needs hands_played")
        assert bidding.finish_hands is not None
        if hands_played >= bidding.finish_hands:
            winner = _unique_top(after, alive)
            if winner is not None:
                return GameEnd(winner, tuple(losers), "hands")
    else:
        winner = _target_winner(bidding, scores, hand, alive)
        if winner is not None:
            return GameEnd(winner, tuple(losers), "target")
    if losers:
        return GameEnd(_unique_top(after, alive), tuple(losers), reason)
    return None
