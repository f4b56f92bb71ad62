"""Immutable values stored as a tuple (internal).

:class:`~trumpfamily.engine.HandState` and :class:`~trumpfamily.bidding.engine.BiddingHand`
are tuple subclasses for speed: a new state per action costs one tuple. Their leading items
are the value; the items after it (the last action's events, values derived for speed) are
not. :class:`ValueTuple` gives both the same value semantics in one place: equal only to a
state of the same class holding the same value (never to a plain tuple), hashed by the
value, and not ordered. :class:`SeatingFacts` (documented in :mod:`trumpfamily.dealing`)
gives both the facts their seating fixes.

Both stay ordinary Python classes in the compiled build (issue 24): the states' classes,
compiled, inherit from them, and so may other Python classes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

if TYPE_CHECKING:
    from .dealing import Seating
    from .variants import Variant


__all__ = ["SeatingFacts", "ValueTuple"]

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
        raise _unordered(other)

    def __le__(self, other: object) -> bool:
        raise _unordered(other)

    def __gt__(self, other: object) -> bool:
        raise _unordered(other)

    def __ge__(self, other: object) -> bool:
        raise _unordered(other)


def _unordered(other: object) -> TypeError:
    return TypeError(f"hand states are not ordered (compared with {type(other).__name__})")


class SeatingFacts:
    """The facts of a deal that its :class:`Seating` fixes: :attr:`variant`,
    :attr:`players`, :attr:`dealer`, :attr:`eldest` and :attr:`sides`, read-only
    properties of every hand (:class:`~trumpfamily.engine.HandState` and
    :class:`~trumpfamily.bidding.engine.BiddingHand` inherit them; one definition for
    both). Not constructed on its own."""

    __slots__ = ()

    _seating: Seating  # a field of each subclass

    @property
    def variant(self) -> Variant:
        """The rules of this hand."""
        return self._seating.variant

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._seating.players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._seating.dealer

    @property
    def eldest(self) -> int:
        """Eldest hand, the dealer's left (``dealer + 1``), who speaks and leads first."""
        return self._seating.eldest

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (each seat alone without partnerships)."""
        return self._seating.sides


SeatingFacts.__module__ = "trumpfamily.dealing"  # documented there
