"""The refusal codes of the Maija games, each with its rule in MAIJA.md (§R).

Every refusal of :meth:`MaijaHand.apply <trumpfamily.maija.MaijaHand.apply>` is an
:class:`~trumpfamily.errors.IllegalActionError` whose ``code`` is a key here and whose
``rule`` and ``sources`` are this mapping's.

>>> from trumpfamily.maija.refusals import MAIJA_CODES
>>> MAIJA_CODES["lead-too-many"].rule
'MAIJA.md M10'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ..errors import RefusalCode

__all__ = ["MAIJA_CODES"]

_ROWS: Final = (
    ("not-an-action", "MAIJA.md §N", (), "the value is not an action of a Maija hand"),
    ("not-a-seat", "MAIJA.md §N", (), "the seat given is not the seat to act"),
    ("out-of-turn", "MAIJA.md M5", ("PEN",), "it is another seat's turn"),
    ("hand-over", "MAIJA.md M11", ("PEN",), "the hand is over: the Maija is found"),
    ("wrong-phase", "MAIJA.md M5", ("PEN",),
     "this kind of action is not the one to make now (lead, beat or take up; cover or take)"),
    ("card-not-held", "MAIJA.md M5", (), "a card named is not in the hand"),
    ("lead-empty", "MAIJA.md M5", ("PEN",), "a bout is led with one card or more"),
    ("lead-mixed-suits", "MAIJA.md M5", ("PEN", "WIK", "MIS"),
     "the cards of a bout are of one suit (the Queen of Spades counting as a spade)"),
    ("lead-too-many", "MAIJA.md M10", ("PEN", "WIK"),
     "more cards than five, or once the stock is empty than the next player holds"),
    ("pile-start-one-card", "MAIJA.md K6", ("PEN", "KPN"), "a new pile is started with one card"),
    ("beat-not-on-table", "MAIJA.md M6", ("PEN",), "a card to beat is not an unbeaten table card"),
    ("beat-card-twice", "MAIJA.md M6", ("WIK", "MIS"), "a card beats one card, and is beaten once"),
    ("maija-cannot-beat", "MAIJA.md M7", ("PEN", "WIK", "TGE"),
     "the Queen of Spades beats no card"),
    ("maija-cannot-be-beaten", "MAIJA.md M7", ("PEN", "WIK", "TGE"),
     "the Queen of Spades is beaten by no card: she is taken up"),
    ("does-not-beat", "MAIJA.md M6", ("PEN", "WIK", "TGE", "KPN"),
     "a card is beaten only by a higher one of its suit or (a plain suit) any trump"),
    ("beat-empty", "MAIJA.md M6", (), "a beat names one pair or more"),
    ("cover-free-card", "MAIJA.md K6", ("KPN",),
     "the free card is added unless the covering card was the last one held"),
    ("must-take-queen", "MAIJA.md K7", ("KPN",),
     "the Queen of Spades is on the pile: take up (five cards of the pile)"),
)

#: Every refusal code of the Maija games, by code (read-only).
MAIJA_CODES: Final[Mapping[str, RefusalCode]] = MappingProxyType(
    {row[0]: RefusalCode(*row) for row in _ROWS})
