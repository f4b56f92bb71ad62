"""The chance of winning a bidding game from given scores, for bots that aim at the game
rather than the hand (issue 20 item 4).

A call at 100 to 115 is a different call than at 0 to 0: near the target a side may do
better to bid what it can surely make and go out, or, far behind, to bid high. A bot that
values each hand by its points cannot see this; :class:`WinChance` gives it the value of a
hand's end scores in games won.

**The model.** A pool of hands played by the rule of thumb at every seat
(:class:`~trumpfamily.players.RuleOfThumbPlayer`, the deals seeded, each dealer in turn) is
scored by the engine; from given scores the rest of the game is played, many times, by
drawing hands from that pool (their sides shuffled, the sides being alike), and every end
is decided by the library's own :func:`~trumpfamily.bidding.game_end` (the target and
how ties at it are broken, ``lose_at``, ``finish="hands"``: BIDDING.md §3.7, §5.8, §7.1
#11). The chance is the share of those continuations the side wins.

What the model leaves out, knowingly: the hands of the pool are dealt at 0 to 0, so it
does not know that players bid otherwise near the end (``min_bid_near_end``, the bonus
cutoffs) or who deals next; a side's count of sets (``sets_to_lose``) starts at 0; a
side knocked out with others playing on still counts as playing. Continuations stop after
``most_hands`` hands (a game of sides that keep being set can go on and on): the sides
then share the win equally.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import attrs

from ..bidding.score import HandScore, game_end
from ..errors import InvalidArgumentError, safe_repr
from ..players import RuleOfThumbPlayer
from ..variants import Variant

__all__ = ["WinChance", "win_chance"]

_THUMB: Final = RuleOfThumbPlayer()
#: The bound on a score, a seed or a count of hands played (they are written into the
#: seeds of the continuations, in decimal).
_MOST_INT: Final = 2 ** 256
#: (variant, players, hands, seed) -> the pool's hand scores: shared by every bot.
_POOLS: Final[dict[tuple[Variant, int, int, int], tuple[HandScore, ...]]] = {}
_MOST_POOLS: Final = 32


def _pool(variant: Variant, players: int, hands: int, seed: int) -> tuple[HandScore, ...]:
    """The scores of ``hands`` rule-of-thumb hands (thrown-in hands left out), cached."""
    key = (variant, players, hands, seed)
    got = _POOLS.get(key)
    if got is not None:
        return got
    from ..bidding.engine import new_bidding_hand

    out: list[HandScore] = []
    for i in range(hands):
        hand = new_bidding_hand(variant, players=players, dealer=i % players,
                                seed=f"win-chance:{seed}:{i}")
        while not hand.is_over:
            legal = hand.legal_actions()
            to_act = hand.to_act
            assert to_act is not None
            hand = hand.apply(legal[0] if len(legal) == 1
                              else _THUMB.choose(hand.view(to_act)))
        if hand.hand_score is not None:
            out.append(hand.hand_score)
    if not out:  # pragma: no cover - a preset whose every hand is thrown in
        raise InvalidArgumentError(f"WinChance: no hand of {variant.name} was played out")
    if len(_POOLS) >= _MOST_POOLS:
        _POOLS.clear()
    _POOLS[key] = got = tuple(out)
    return got


def _turned(hs: HandScore, order: Sequence[int]) -> HandScore:
    """``hs`` with its sides relabelled: new side ``j`` is old side ``order[j]``."""
    back = {old: new for new, old in enumerate(order)}
    return attrs.evolve(
        hs, bidder=back[hs.bidder], tricks=tuple(hs.tricks[o] for o in order),
        points=tuple(hs.points[o] for o in order), gains=tuple(hs.gains[o] for o in order),
        trick_sides=tuple(back[s] for s in hs.trick_sides))


class WinChance:
    """Each side's chance of winning a bidding game from given scores (see the module
    notes for the model and what it leaves out).

    Args:
        variant: a bidding preset (``variant.bidding`` set).
        players: the table size.
        hands: the rule-of-thumb hands of the pool (an int >= 1; default 400). Played once
            per ``(variant, players, hands, seed)`` and shared: about 0.02 s a hand.
        continuations: the games played on from each score (an int >= 1; default 400).
            The standard error of a chance is at most ``0.5 / sqrt(continuations)``.
        seed: seeds the pool and the continuations (an int within ±2**256); the same
            arguments give the same chances.
        most_hands: the longest continuation, in hands (an int >= 1; default 100).

    Raises:
        InvalidArgumentError: ``variant`` is not a bidding game, or a bad count or seed.

    >>> import trumpfamily as tf
    >>> win = WinChance(tf.AUCTION_45, players=4, hands=60, continuations=200)
    >>> ahead, behind = win((115, 0), side=0), win((0, 115), side=0)
    >>> 0.5 < ahead <= 1 and 0 <= behind < 0.5
    True
    >>> abs(win((40, 40), side=0) - 0.5) < 0.15  # level: about even
    True
    """

    def __init__(self, variant: Variant, players: int, *, hands: int = 400,
                 continuations: int = 400, seed: int = 0, most_hands: int = 100) -> None:
        if not isinstance(variant, Variant) or variant.bidding is None:
            raise InvalidArgumentError(
                f"WinChance: {safe_repr(getattr(variant, 'name', variant), 60)} is not a "
                "bidding game")
        for name, value in (("players", players), ("hands", hands),
                            ("continuations", continuations), ("most_hands", most_hands)):
            if type(value) is not int or value < 1:
                raise InvalidArgumentError(
                    f"WinChance: {name}={safe_repr(value, 40)} is not an int >= 1")
        if type(seed) is not int or abs(seed) >= _MOST_INT:
            raise InvalidArgumentError(
                f"WinChance: seed={safe_repr(seed, 40)} is not an int (within ±2**256)")
        self.variant, self.players = variant, players
        self.hands, self.continuations, self.seed = hands, continuations, seed
        self.most_hands = most_hands
        self._bidding = variant.bidding
        self._pool: tuple[HandScore, ...] | None = None
        self._memo: dict[tuple[tuple[int, ...], int, int], float] = {}

    def _hands(self) -> tuple[HandScore, ...]:
        if self._pool is None:
            self._pool = _pool(self.variant, self.players, self.hands, self.seed)
        return self._pool

    def __call__(self, scores: Sequence[int], side: int, *, hands_played: int = 0) -> float:
        """The chance (0 to 1) that ``side`` wins the game from ``scores`` (points per side,
        before the next hand), ``hands_played`` hands already played out.

        Raises:
            InvalidArgumentError: ``scores`` is not one int per side (each within
                ±2**256), or a bad ``side`` or ``hands_played``.
        """
        pool = self._hands()
        sides = len(pool[0].gains)
        _check_scores(scores, sides)
        if type(side) is not int or not 0 <= side < sides:
            raise InvalidArgumentError(
                f"WinChance: side={safe_repr(side, 40)} is not 0 to {sides - 1}")
        if type(hands_played) is not int or not 0 <= hands_played < _MOST_INT:
            raise InvalidArgumentError(
                f"WinChance: hands_played={safe_repr(hands_played, 40)} is not an int >= 0 "
                "(below 2**256)")
        key = (tuple(scores), side, hands_played)
        got = self._memo.get(key)
        if got is None:
            if len(self._memo) >= 100_000:
                self._memo.clear()
            got = self._memo[key] = self._estimate(tuple(scores), side, hands_played, pool)
        return got

    def after(self, scores: Sequence[int], hand: HandScore, side: int, *,
              hands_played: int = 1) -> float:
        """The chance that ``side`` wins once ``hand`` is scored from ``scores``: 1 or 0 if
        it ends the game (:func:`~trumpfamily.bidding.game_end`), else the chance from the
        scores after it (``hands_played`` counts this hand).

        Raises:
            InvalidArgumentError: ``hand`` is not a
                :class:`~trumpfamily.bidding.score.HandScore` of this table's sides, or a
                bad ``scores`` (as for calling the chance).
        """
        sides = len(self._hands()[0].gains)
        _check_scores(scores, sides)
        if not isinstance(hand, HandScore) or len(hand.gains) != sides:
            raise InvalidArgumentError(
                f"WinChance: hand={safe_repr(hand, 60)} is not a HandScore of {sides} sides")
        end = game_end(self._bidding, scores, hand, hands_played=hands_played)
        if end is not None and end.winner is not None:
            return 1.0 if end.winner == side else 0.0
        if end is not None and side in end.losers:
            return 0.0
        after = tuple(s + g for s, g in zip(scores, hand.gains, strict=True))
        return self(after, side, hands_played=hands_played)

    def _estimate(self, scores: tuple[int, ...], side: int, played: int,
                  pool: tuple[HandScore, ...]) -> float:
        rng = random.Random(f"{self.seed}:{scores}:{side}:{played}")
        sides = len(scores)
        orders = [list(range(sides))]
        won = 0.0
        bidding = self._bidding
        for _ in range(self.continuations):
            now, n = scores, played
            for _ in range(self.most_hands):
                order = orders[0][:]
                rng.shuffle(order)
                hand = _turned(pool[rng.randrange(len(pool))], order)
                n += 1
                end = game_end(bidding, now, hand, hands_played=n)
                if end is not None and end.winner is not None:
                    won += end.winner == side
                    break
                if end is not None and side in end.losers:
                    break
                now = tuple(s + g for s, g in zip(now, hand.gains, strict=True))
            else:
                won += 1.0 / sides
        return won / self.continuations


def _check_scores(scores: object, sides: int) -> None:
    if (not isinstance(scores, (tuple, list)) or len(scores) != sides
            or any(type(s) is not int or abs(s) >= _MOST_INT for s in scores)):
        raise InvalidArgumentError(
            f"WinChance: scores={safe_repr(scores, 60)} is not {sides} ints (one per side, "
            "within ±2**256)")


def win_chance(variant: Variant, players: int, scores: Sequence[int], side: int, *,
               hands_played: int = 0, continuations: int = 400, seed: int = 0) -> float:
    """The chance (0 to 1) that ``side`` wins a bidding game of ``variant`` at ``players``
    from ``scores`` (points per side): :class:`WinChance` at its defaults but
    ``continuations`` and ``seed``.

    Raises:
        InvalidArgumentError: see :class:`WinChance`.
    """
    return WinChance(variant, players, continuations=continuations, seed=seed)(
        scores, side, hands_played=hands_played)
