"""The record format: typed records of hands and games and the :mod:`cattrs` converter
that turns them into JSON-ready data and back (used by ``HandState.record()``,
``GameState.record()`` and :mod:`trumpfamily.records`).

This module knows the data, not the engine: it imports neither
:mod:`trumpfamily.engine` nor :mod:`trumpfamily.game`, which call it to write their
records; :mod:`trumpfamily.records` reads them back and replays them. Structuring is
strict: ints must be ints (not bools, floats or strings), text must be ``str``, cards
must be card text.

>>> import trumpfamily as tf
>>> from trumpfamily.convert import hand_record
>>> data = hand_record(tf.SPOIL_FIVE, 2, 0, tf.parse_cards("5H JS"), [tf.Play("5H")])
>>> data["actions"], data["deck"]
([{'card': '5H', 'type': 'Play'}], ['5H', 'JS'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union

from .actions import Action
from .cards import Card
from .errors import CardParseError
from .variants import Variant

__all__ = [
    "FORMAT",
    "DealRecord",
    "GameRecord",
    "HandRecord",
    "game_record",
    "hand_record",
]

#: The record format version written by :func:`hand_record` and :func:`game_record`.
FORMAT: Final = 1


@attrs.frozen
class HandRecord:
    """The typed form of a hand record (what ``CONVERTER`` turns into plain data).

    Attributes:
        variant: the variant's name (a preset's name; a custom variant's own name).
        options: every option of the variant (``Variant.options()``).
        players: the number of seats.
        dealer: the dealer's seat.
        deck: the deck order, top card first.
        actions: the actions, in order.
        format: the record format version (required in a record; :data:`FORMAT`).
    """

    variant: str
    options: dict[str, Any]
    players: int
    dealer: int
    deck: list[Card]
    actions: list[Action]
    format: int = FORMAT


@attrs.frozen
class DealRecord:
    """One hand of a game record (:class:`GameRecord`).

    Attributes:
        dealer: the dealer's seat.
        deck: the deck order, top card first.
        actions: the actions of the hand, in order.
    """

    dealer: int
    deck: list[Card]
    actions: list[Action]


@attrs.frozen
class GameRecord:
    """The typed form of a game record (what ``CONVERTER`` turns into plain data).

    Attributes:
        variant: the variant's name (a preset's name; a custom variant's own name).
        options: every option of the variant (``Variant.options()``).
        players: the number of seats.
        seed: the game's seed (``GameState.seed``: an int or a str).
        dealer: the first dealer as given to :func:`~trumpfamily.game.new_game`, or
            ``None`` when the variant's ``first_dealer`` rule chose him.
        hands: the ``hands`` limit, or ``None``.
        scores: the starting scores per side as given, or ``None``.
        decks: the stacked decks given for the first deals (top card first).
        deals: every hand dealt, in order (:class:`DealRecord`); the last one may be
            unfinished.
        kind: ``"game"`` (a hand record has no ``kind``).
        format: the record format version (:data:`FORMAT`).
    """

    variant: str
    options: dict[str, Any]
    players: int
    seed: int | str
    dealer: int | None
    hands: int | None
    scores: list[int] | None
    decks: list[list[Card]]
    deals: list[DealRecord]
    kind: str = "game"
    format: int = FORMAT


# As in actions.py: concrete field types for cattrs, without the pydoc-visible marker.
for _cls in (HandRecord, DealRecord, GameRecord):
    attrs.resolve_types(_cls)
    delattr(_cls, "__attrs_types_resolved__")


class _Bad(ValueError):
    """A value of the wrong type or form; the message is shown as it is."""


def _kind(value: object) -> str:
    return f"{type(value).__name__} {value!r}"


def _structure_str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise _Bad(f"expected a string, got {_kind(value)}")
    return value


def _structure_int(value: Any, _: Any) -> int:
    if type(value) is not int:  # not a bool, a float or a numeric string
        raise _Bad(f"expected an int, got {_kind(value)}")
    return value


def _structure_card(value: Any, _: Any) -> Card:
    if type(value) is not str:
        raise _Bad(f"expected card text such as '5H', got {_kind(value)}")
    try:
        return Card.parse(value)
    except CardParseError as exc:
        raise _Bad(str(exc)) from None


def _structure_cards(value: Any, _: Any) -> list[Card]:
    if not isinstance(value, list | tuple):
        raise _Bad(f"expected a list of card texts, got {_kind(value)}")
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(_structure_card(item, Card))
        except _Bad as exc:
            raise _Bad(f"item {i}: {exc}") from None
    return cards


def _structure_seed(value: Any, _: Any) -> int | str:
    if type(value) is not int and type(value) is not str:
        raise _Bad(f"expected an int or a string, got {_kind(value)}")
    return value


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    # Strict scalars: a record is JSON data, so "4", 4.0, 4.7 and True are not the int 4.
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(int, _structure_int)
    # Hooks by predicate, so that cattrs leaves the Card class itself alone.
    conv.register_unstructure_hook_func(lambda t: t is Card, str)
    conv.register_structure_hook_func(lambda t: t is Card, _structure_card)
    conv.register_structure_hook_func(lambda t: t == list[Card], _structure_cards)
    conv.register_structure_hook_func(lambda t: t == int | str, _structure_seed)
    configure_tagged_union(Action, conv, tag_name="type", tag_generator=lambda cls: cls.__name__)
    return conv


#: The cattrs converter for records (cards <-> text, actions <-> ``{"type": ...}`` dicts).
#: Structuring is strict: ints must be ints (not bools, floats or strings), text must be
#: ``str``, cards must be card text.
CONVERTER: Final = _make_converter()


def hand_record(
    variant: Variant,
    players: int,
    dealer: int,
    deck: Iterable[Card],
    actions: Iterable[Action],
) -> dict[str, Any]:
    """The JSON-ready record of a hand (what ``HandState.record()`` returns).

    Args:
        variant: the rules (its name and every option are written).
        players: the number of seats.
        dealer: the dealer's seat.
        deck: the deck order, top card first.
        actions: the actions applied, in order.

    Returns:
        A dict of strings, ints, bools, ``None``, lists and dicts (see
        :mod:`trumpfamily.records`).
    """
    rec = HandRecord(
        variant=variant.name,
        options=variant.options(),
        players=players,
        dealer=dealer,
        deck=list(deck),
        actions=list(actions),
    )
    data: dict[str, Any] = CONVERTER.unstructure(rec)
    return data


def game_record(
    variant: Variant,
    players: int,
    *,
    seed: int | str,
    dealer: int | None,
    hands: int | None,
    scores: Sequence[int] | None,
    decks: Iterable[Iterable[Card]],
    deals: Iterable[tuple[int, Iterable[Card], Iterable[Action]]],
) -> dict[str, Any]:
    """The JSON-ready record of a game (what ``GameState.record()`` returns).

    Args:
        variant, players: the rules and the number of seats.
        seed, dealer, hands, scores, decks: how the game was started (the arguments of
            :func:`~trumpfamily.game.new_game`, the seed as stored).
        deals: every hand dealt so far, as ``(dealer, deck, actions)``.

    Returns:
        A dict of strings, ints, ``None``, lists and dicts (see
        :mod:`trumpfamily.records`).
    """
    rec = GameRecord(
        variant=variant.name,
        options=variant.options(),
        players=players,
        seed=seed,
        dealer=dealer,
        hands=hands,
        scores=None if scores is None else list(scores),
        decks=[list(deck) for deck in decks],
        deals=[DealRecord(d, list(deck), list(acts)) for d, deck, acts in deals],
    )
    data: dict[str, Any] = CONVERTER.unstructure(rec)
    return data
