"""The :class:`~trumpfamily.simulate.FastBot` protocol (internal module).

It lives outside :mod:`trumpfamily.simulate` so that it stays an ordinary Python class when
that module is compiled (issue 24: mypyc builds a ``Protocol`` as a trait, which
``runtime_checkable`` refuses). Import it from :mod:`trumpfamily.simulate` or the top level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .simulate import Spot

__all__ = ["FastBot"]


@runtime_checkable
class FastBot(Protocol):
    """The fast bot interface of :func:`simulate`: one method, ``act(spot)``.

    Any object with an ``act(spot) -> int`` method is a fast bot. It is called only on its
    seat's turn, with the reused :class:`Spot`, and returns one of ``spot.legal`` (an action
    id, an ``int``). Returning anything else stops the run with an
    :class:`~trumpfamily.errors.IllegalActionError`.

    >>> import trumpfamily as tf
    >>> class LowestCard:
    ...     def act(self, spot):
    ...         plays = [a for a in spot.legal if a < 53]  # the Play ids are the card ids
    ...         if not plays:
    ...             return spot.legal[0]  # a rob, a claim, a pass...: the first offer
    ...         return min(plays, key=spot.table.power.__getitem__)
    >>> out = next(tf.simulate(tf.FORTY_FIVE, players=2, hands=1, seed=4, bots=[LowestCard()] * 2))
    >>> sum(out.points) in (25, 30)  # 5 a trick, the best trump's trick double (EX-70, EX-71)
    True
    """

    def act(self, spot: Spot) -> int:
        """The action id this seat takes: one of ``spot.legal``."""
        ...  # pragma: no cover


FastBot.__module__ = "trumpfamily.simulate"  # documented and imported there
