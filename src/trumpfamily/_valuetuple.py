"""Immutable values stored as a tuple (internal).

:class:`~trumpfamily.engine.HandState` and :class:`~trumpfamily.bidding.engine.BiddingHand`
are tuple subclasses for speed: a new state per action costs one tuple. Their leading items
are the value; the items after it (the last action's events, values derived for speed) are
not. :class:`ValueTuple` gives both the same value semantics in one place: equal only to a
state of the same class holding the same value (never to a plain tuple), hashed by the
value, and not ordered.
"""

from __future__ import annotations

from typing import ClassVar, Final

__all__ = ["ValueTuple"]

_item: Final = tuple.__getitem__


class ValueTuple(tuple):  # type: ignore[type-arg]
    """A tuple whose items ``_VALUE`` (a slice, set by each subclass) are its value."""

    __slots__ = ()
    _VALUE: ClassVar[slice]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            # Not equal to a plain tuple (tuple's comparison must not take over); anything
            # else decides for itself (mock.ANY, ...).
            return False if isinstance(other, tuple) else NotImplemented
        value = self._VALUE
        return bool(_item(self, value) == _item(other, value))

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self):
            return True if isinstance(other, tuple) else NotImplemented
        value = self._VALUE
        return bool(_item(self, value) != _item(other, value))

    def __hash__(self) -> int:
        return hash(_item(self, self._VALUE))

    def __lt__(self, other: object) -> bool:
        raise TypeError(f"hand states are not ordered (compared with {type(other).__name__})")

    __le__ = __gt__ = __ge__ = __lt__
