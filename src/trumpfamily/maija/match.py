"""Playing hands and matches of a Maija game with bots, and the duplicate comparison of two
bots (MAIJA.md M12, §S).

A match is an agreed number of hands, the dealer passing to the left, won by the fewest
losses; or, with ``rule="last-unbeaten"``, played until all but one have lost a hand
(M12). :func:`duplicate_comparison` deals the same cards with the bot under test in each
seat in turn and the baseline in the others, against the baseline alone in that seat, and
gives the paired difference in losses per hand with its 95% interval.

>>> from trumpfamily.maija import MUSTAMAIJA
>>> from trumpfamily.maija.match import play_maija_match
>>> from trumpfamily.maija.players import MaijaRuleOfThumbPlayer
>>> result = play_maija_match(MUSTAMAIJA, [MaijaRuleOfThumbPlayer()] * 3, hands=6, seed=1)
>>> sum(result.losses), len(result.losers)
(6, 6)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from ..errors import InvalidArgumentError
from .end import match_standing
from .engine import MaijaHand, new_maija_hand
from .variants import MaijaVariant

__all__ = ["MAX_ACTIONS", "Comparison", "MaijaMatchResult", "duplicate_comparison", "play_maija_hand",
           "play_maija_match"]

#: The most actions a hand may take in :func:`play_maija_hand` before it is refused as
#: endless (no hand of the tests comes near: a few hundred).
MAX_ACTIONS: Final = 20_000


def play_maija_hand(variant: MaijaVariant, bots: Sequence[Any], *, seed: object = None,
                    dealer: int = 0) -> MaijaHand:
    """Deal and play one hand, each seat's bot choosing from its view
    (``bot.choose(view)``); returns the finished hand.

    Raises:
        InvalidArgumentError: the hand has not ended after :data:`~trumpfamily.maija.match.MAX_ACTIONS` actions.
    """
    hand = new_maija_hand(variant, len(bots), dealer=dealer, seed=seed)
    for _ in range(MAX_ACTIONS):
        if hand.is_over:
            return hand
        seat = hand.to_act
        assert seat is not None
        hand = hand.apply(bots[seat].choose(hand.view(seat)))
    raise InvalidArgumentError(f"the hand did not end in {MAX_ACTIONS} actions")


@attrs.frozen
class MaijaMatchResult:
    """A match: ``losers`` of each hand in order, ``losses`` by seat, ``leaders`` the
    seats leading (the winners when the match is over) by ``rule``."""

    losers: tuple[int, ...]
    losses: tuple[int, ...]
    rule: str
    leaders: tuple[int, ...]


def play_maija_match(variant: MaijaVariant, bots: Sequence[Any], *, hands: int | None = None,
                     rule: str = "fewest", seed: int = 0, max_hands: int = 1000
                     ) -> MaijaMatchResult:
    """Play a match (M12): ``hands`` hands won by the fewest losses, or with
    ``rule="last-unbeaten"`` until one seat alone has not lost (at most ``max_hands``).
    Hand ``i`` is dealt with seed ``(seed, i)`` as text, by dealer ``i % players``.

    Raises:
        InvalidArgumentError: ``rule="fewest"`` without a number of hands.
    """
    if rule == "fewest" and (type(hands) is not int or hands < 1):
        raise InvalidArgumentError("a match by fewest losses needs hands=N (1 or more)")
    n = len(bots)
    losers: list[int] = []
    losses = [0] * n
    limit = hands if rule == "fewest" and hands is not None else max_hands
    for i in range(limit):
        hand = play_maija_hand(variant, bots, seed=f"{seed}:{i}", dealer=i % n)
        assert hand.loser is not None
        losers.append(hand.loser)
        losses[hand.loser] += 1
        if rule == "last-unbeaten" and match_standing(losses, rule=rule):
            break
    return MaijaMatchResult(tuple(losers), tuple(losses), rule,
                            match_standing(losses, rule=rule))


@attrs.frozen
class Comparison:
    """A duplicate comparison: ``mean`` paired difference in losses per hand (the bot minus
    the baseline in the same seat with the same cards; negative: the bot loses less),
    ``low``/``high`` its 95% interval, ``pairs`` the number of pairs."""

    mean: float
    low: float
    high: float
    pairs: int


def duplicate_comparison(variant: MaijaVariant, players: int, bot: Callable[[], Any],
                         baseline: Callable[[int], Any], *, deals: int, seed: int = 0
                         ) -> Comparison:
    """Compare ``bot()`` with ``baseline(k)`` bots on the same deals (§S).

    For each deal and each seat ``r``: the hand with the baseline everywhere, and the same
    hand (same deck, same dealer, the same baseline bots seeded alike elsewhere) with the
    bot at ``r``; the pair's difference is ``lost(bot at r) - lost(baseline at r)``.
    """
    diffs: list[int] = []
    for d in range(deals):
        for r in range(players):
            base = [baseline(d * 100 + s) for s in range(players)]
            mixed = [baseline(d * 100 + s) for s in range(players)]
            mixed[r] = bot()
            deal_seed = f"{seed}:{d}"
            a = play_maija_hand(variant, base, seed=deal_seed, dealer=d % players).loser == r
            b = play_maija_hand(variant, mixed, seed=deal_seed, dealer=d % players).loser == r
            diffs.append(int(b) - int(a))
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return Comparison(mean, mean - half, mean + half, len(diffs))
