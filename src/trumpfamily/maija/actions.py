"""The actions of the Maija games and their notation (MAIJA.md §N).

* ``Lead(cards)``, ``lead 7H 9H``: start a bout (Mustamaija) with these cards of one suit,
  or a new pile with one card (Kitumaija).
* ``Beat(pairs)``, ``beat 9H/7H KS/JS``: beat table cards, each pair *beater/beaten*:
  ``9H/7H`` puts the 9 of hearts on the 7; several pairs at once are the same as one after
  another.
* ``TakeUp()``, ``take``: Mustamaija, take up the cards left unbeaten (all of them if none
  was beaten); Kitumaija, take up the pile's top card (five under the Queen).
* ``Cover(beat, free)``, ``cover 9H 3C`` or ``cover 9H``: Kitumaija, cover the pile's top
  card with ``9H`` and add ``3C`` (the free card; none when it was the last card held).

Card text is the library's (:mod:`trumpfamily.cards`); case is ignored.

>>> from trumpfamily.maija.actions import parse_maija_action, format_maija_action
>>> a = parse_maija_action("beat 9h/7h ks/js")
>>> a
Beat(pairs=((Card.parse('9H'), Card.parse('7H')), (Card.parse('KS'), Card.parse('JS'))))
>>> format_maija_action(a), str(parse_maija_action("lead 7H 9H")), str(parse_maija_action("take"))
('beat 9H/7H KS/JS', 'lead 7H 9H', 'take')
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from ..cards import Card
from ..errors import ActionParseError, CardParseError, safe_repr

__all__ = [
    "MAIJA_ACTION_TYPES",
    "Beat",
    "Cover",
    "Lead",
    "MaijaAction",
    "TakeUp",
    "format_maija_action",
    "parse_maija_action",
]


def _cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, str):
        from ..cards import parse_cards

        return parse_cards(value)
    return tuple(Card.parse(c) if isinstance(c, str) else c for c in value)  # type: ignore[attr-defined]


def _pairs(value: object) -> tuple[tuple[Card, Card], ...]:
    out = []
    for pair in value:  # type: ignore[attr-defined]
        if isinstance(pair, str):
            a, _, b = pair.partition("/")
            pair = (a, b)
        beater, beaten = pair
        out.append((Card.parse(beater), Card.parse(beaten)))
    return tuple(out)


def _card(value: Card | str) -> Card:
    return Card.parse(value)


def _maybe_card(value: Card | str | None) -> Card | None:
    return None if value is None else Card.parse(value)


@attrs.frozen
class Lead:
    """Lead a bout: one to five cards of one suit (M5), or start a pile with one (K6)."""

    cards: tuple[Card, ...] = attrs.field(converter=_cards)

    def __str__(self) -> str:
        return "lead " + " ".join(str(c) for c in self.cards)


@attrs.frozen
class Beat:
    """Beat cards of the bout on the table: ``pairs`` of ``(beater, beaten)`` (M6)."""

    pairs: tuple[tuple[Card, Card], ...] = attrs.field(converter=_pairs)

    def __str__(self) -> str:
        return "beat " + " ".join(f"{a}/{b}" for a, b in self.pairs)


@attrs.frozen
class TakeUp:
    """Take up what is left unbeaten (M8), or in Kitumaija the pile's top card (K8)."""

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class Cover:
    """Kitumaija: cover the pile's top card with ``beat`` and add the ``free`` card (K6)."""

    beat: Card = attrs.field(converter=_card)
    free: Card | None = attrs.field(default=None, converter=_maybe_card)

    def __str__(self) -> str:
        return f"cover {self.beat}" + (f" {self.free}" if self.free is not None else "")


#: Any action of a Maija hand.
MaijaAction: TypeAlias = Lead | Beat | TakeUp | Cover
#: The action classes by name (the ``"type"`` of their JSON form).
MAIJA_ACTION_TYPES: Final = {"Lead": Lead, "Beat": Beat, "TakeUp": TakeUp, "Cover": Cover}

_WORDS: Final = ("lead", "beat", "take", "cover")


def format_maija_action(action: MaijaAction) -> str:
    """The notation of an action (``str(action)``)."""
    return str(action)


def parse_maija_action(text: str) -> MaijaAction:
    """Read an action from its notation (see the module's table).

    Raises:
        ActionParseError: the text is no action of the notation (a bad word, a bad card,
            a pair without ``/``, a wrong number of cards).
    """
    if not isinstance(text, str):
        raise ActionParseError(safe_repr(text), "an action is given as text")
    words = text.strip().split()
    if not words or words[0].lower() not in _WORDS:
        raise ActionParseError(
            text, "an action starts with one of: lead, beat, take, cover (MAIJA.md §N)")
    word, rest = words[0].lower(), words[1:]
    try:
        if word == "take":
            if rest:
                raise ActionParseError(text, "'take' stands alone")
            return TakeUp()
        if not rest:
            raise ActionParseError(text, f"'{word}' needs cards")
        if word == "lead":
            return Lead(tuple(Card.parse(w) for w in rest))
        if word == "cover":
            if len(rest) > 2:
                raise ActionParseError(text, "'cover' takes one card or two")
            return Cover(rest[0], rest[1] if len(rest) == 2 else None)
        if any(w.count("/") != 1 for w in rest):
            raise ActionParseError(text, "each beat is a pair beater/beaten, e.g. 9H/7H")
        return Beat(tuple(rest))
    except CardParseError as err:
        raise ActionParseError(text, f"bad card: {err}") from err
