"""Dropping out, the loser and the match (MAIJA.md M11, M12; K10, K11).

A seat is *in* while it holds cards or the stock can still refill it; it drops out when
it has none and the stock is empty. The hand ends when one seat is in and no bout waits on
the table: that seat, left holding the Queen of Spades, is the Maija and loses (M11). A
match is an agreed number of hands, won by the fewest losses, or played until all but one
have lost a hand (M12).

>>> from trumpfamily.maija.end import match_standing
>>> match_standing((2, 0, 1), rule="fewest")
(1,)
>>> match_standing((1, 0, 1), rule="last-unbeaten")
(1,)
>>> match_standing((1, 0, 0), rule="last-unbeaten")
()
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InvalidArgumentError

__all__ = ["MATCH_RULES", "match_standing", "next_in", "seats_in"]

#: How a match is won (M12): ``"fewest"`` losses over an agreed number of hands, or the
#: ``"last-unbeaten"``: the one who has not lost when every other has lost at least once.
MATCH_RULES = ("fewest", "last-unbeaten")


def seats_in(hand_sizes: Sequence[int], stock: int) -> tuple[int, ...]:
    """The seats still in (M11): those holding cards, or every seat while the stock lasts."""
    return tuple(s for s, n in enumerate(hand_sizes) if n > 0 or stock > 0)


def next_in(seat: int, hand_sizes: Sequence[int], stock: int) -> int | None:
    """The next seat clockwise (to the left) after ``seat`` that is still in, ``seat``
    itself excluded; ``None`` if no other seat is in."""
    players = len(hand_sizes)
    for step in range(1, players):
        other = (seat + step) % players
        if hand_sizes[other] > 0 or stock > 0:
            return other
    return None


def match_standing(losses: Sequence[int], *, rule: str) -> tuple[int, ...]:
    """The seats that lead the match so far (M12), in seat order.

    Args:
        losses: the hands each seat has lost, by seat.
        rule: one of :data:`MATCH_RULES`.

    Returns:
        ``"fewest"``: the seats with the fewest losses (several on a tie);
        ``"last-unbeaten"``: the one seat without a loss once every other has one, else
        ``()`` (the match goes on; ``()`` too if every seat has lost).

    Raises:
        InvalidArgumentError: an unknown rule, or a negative count.
    """
    if rule not in MATCH_RULES:
        raise InvalidArgumentError(f"rule={rule!r}: a match rule is one of {MATCH_RULES}")
    if any(type(n) is not int or n < 0 for n in losses):
        raise InvalidArgumentError("losses are counts of hands (ints of 0 or more)")
    if rule == "fewest":
        least = min(losses)
        return tuple(s for s, n in enumerate(losses) if n == least)
    unbeaten = [s for s, n in enumerate(losses) if n == 0]
    return tuple(unbeaten) if len(unbeaten) == 1 else ()
