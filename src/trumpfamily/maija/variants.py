"""The Maija presets as data: :class:`MaijaVariant`, one frozen value of named options
(MAIJA.md §M0 and §K0, the option table MAIJA.md §O).

A preset is a module constant (:data:`MUSTAMAIJA`, :data:`SPARDAME`, :data:`KITUMAIJA`);
a house rule is :meth:`MaijaVariant.with_options`. No rule reads a preset's name: every
difference between the games is an option below.

>>> from trumpfamily.maija import MUSTAMAIJA, KITUMAIJA
>>> MUSTAMAIJA.form, MUSTAMAIJA.lead_cap, KITUMAIJA.form
('bouts', 5, 'pile')
>>> MUSTAMAIJA.with_options(lead_cap=3).lead_cap
3
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from ..cards import Suit
from ..errors import InvalidVariantError, UnknownVariantError, safe_repr

__all__ = [
    "ALL_MAIJA_VARIANTS",
    "KITUMAIJA",
    "MAIJA_OPTION_VALUES",
    "MAIJA_VARIANTS",
    "MUSTAMAIJA",
    "SPARDAME",
    "MaijaVariant",
    "find_maija_variant",
]

#: The values each option may take (an int option lists its bounds as ``range``).
MAIJA_OPTION_VALUES: Final[Mapping[str, tuple[Any, ...]]] = MappingProxyType({
    "form": ("bouts", "pile"),
    "packs": (1, 2),
    "trump": ("turn-up", Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS),
    "invulnerable": (None, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
    "spade_turn_up": ("bury", "stands"),
    "trump_timing": ("after-first-lead", "before-play"),
    "lead_cap": (1, 2, 3, 4, 5),
    "lead_limit": ("stock-empty", "always"),
    "draw_timing": ("end-of-turn", "after-each-part"),
    "queen_on_pile": ("take-five", "take-it"),
    "pile_take": ("one-by-one", "whole-pile"),
    "single_card_out": ("set-aside", "continue"),
})


def _check(name: str) -> Any:
    allowed = MAIJA_OPTION_VALUES[name]

    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is bool or not any(value == a and type(value) is type(a) for a in allowed):
            shown = ", ".join(repr(a) for a in allowed)
            raise InvalidVariantError(
                f"option {name}={safe_repr(value)} is not a value of this option; "
                f"its values are {shown} (MAIJA.md §O)")

    return check


def _players(instance: MaijaVariant, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 2 <= value <= 10:
        raise InvalidVariantError(
            f"option {attribute.name}={safe_repr(value)}: a table has 2 to 10 seats")


@attrs.frozen(repr=False)
class MaijaVariant:
    """A game of the Maija family: every rule that differs between the sources is an
    option with a named value (MAIJA.md §O gives each with its sources).

    Attributes:
        name: the preset's name, e.g. ``"Mustamaija"``.
        aliases: other names :func:`find_maija_variant` knows.
        form: ``"bouts"`` (Mustamaija: a bout of one to five cards of a suit is led and
            the next player beats what he can and takes up the rest, M5-M9) or
            ``"pile"`` (Kitumaija: each player covers the top card of one open pile and
            adds a free card, K5-K9).
        packs: ``1`` (52 cards) or ``2`` (Spardame: a double pack less one Queen of
            Spades, 103 cards; M1).
        min_players, max_players: the table sizes dealt (seats).
        hand_size: the cards dealt to each seat and refilled to (five, M2, K2).
        trump: ``"turn-up"`` (M4: the suit of a card turned from the stock) or a fixed
            suit (Kitumaija: diamonds, K3).
        invulnerable: a suit no trump beats, only a higher card of its own (Kitumaija:
            clubs, K3), or ``None``.
        spade_turn_up: ``"bury"`` a spade turned for trumps and turn again (M4) or let it
            stand (``"stands"``).
        trump_timing: the trump is turned ``"after-first-lead"`` (M4, Penguin and pagat)
            or ``"before-play"`` (Wikipedia).
        lead_cap: the most cards a bout may have (5, M5; 1 to 5). Wikipedia's reading
            without a cap (the next player's hand the only bound) is not offered: the leads
            of a long suit would number in the millions (MAIJA.md §O, decision D4).
        lead_limit: the leader may not lead more cards than the next player holds
            ``"stock-empty"`` (only once the stock is empty, M10, Penguin) or
            ``"always"`` (Wikipedia, le-mistigri).
        draw_timing: a seat refills at the ``"end-of-turn"`` (M9, Penguin) or after each
            part of it, once after beating and again after leading
            (``"after-each-part"``, thegamblersedge, gamerules).
        queen_on_pile: Kitumaija: the Queen of Spades on top of the pile makes the next
            player take up ``"take-five"`` cards of the pile (K7, korttipelit.net) or
            only the Queen (``"take-it"``, the Penguin's "entirely independent").
        pile_take: Kitumaija: a player who does not cover takes up the pile's cards
            ``"one-by-one"`` until he covers (K8, the Penguin's neighbouring game) or the
            ``"whole-pile"``.
        single_card_out: Kitumaija: a player who goes out by covering with his one last
            card has the pile ``"set-aside"`` out of the game (K10) or play goes on
            (``"continue"``).
    """

    name: str
    aliases: tuple[str, ...] = ()
    form: str = attrs.field(default="bouts", validator=_check("form"))
    packs: int = attrs.field(default=1, validator=_check("packs"))
    min_players: int = attrs.field(default=3, validator=_players)
    max_players: int = attrs.field(default=5, validator=_players)
    hand_size: int = 5
    trump: Suit | str = attrs.field(default="turn-up", validator=_check("trump"))
    invulnerable: Suit | None = attrs.field(default=None, validator=_check("invulnerable"))
    spade_turn_up: str = attrs.field(default="bury", validator=_check("spade_turn_up"))
    trump_timing: str = attrs.field(default="after-first-lead", validator=_check("trump_timing"))
    lead_cap: int = attrs.field(default=5, validator=_check("lead_cap"))
    lead_limit: str = attrs.field(default="stock-empty", validator=_check("lead_limit"))
    draw_timing: str = attrs.field(default="end-of-turn", validator=_check("draw_timing"))
    queen_on_pile: str = attrs.field(default="take-five", validator=_check("queen_on_pile"))
    pile_take: str = attrs.field(default="one-by-one", validator=_check("pile_take"))
    single_card_out: str = attrs.field(default="set-aside", validator=_check("single_card_out"))

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise InvalidVariantError(
                f"min_players={self.min_players} is more than max_players={self.max_players}")
        deck = 52 * self.packs - (self.packs - 1)
        if self.max_players * self.hand_size + 1 > deck:
            raise InvalidVariantError(
                f"{self.max_players} seats of {self.hand_size} cards and a turn-up need more "
                f"than the {deck} cards of the pack")
        if self.form == "pile" and self.trump == "turn-up":
            raise InvalidVariantError(
                "form='pile' needs a fixed trump suit: the pile's first card is turned, not a "
                "trump (MAIJA.md K3)")

    @property
    def deck_size(self) -> int:
        """The cards in play: 52, or 103 with ``packs=2`` (one Queen of Spades removed)."""
        return 52 * self.packs - (self.packs - 1)

    def option_names(self) -> tuple[str, ...]:
        """The option names, in the order of MAIJA.md §O."""
        return tuple(MAIJA_OPTION_VALUES) + ("min_players", "max_players")

    def options(self) -> dict[str, Any]:
        """Every option's value, by name (a new dict)."""
        return {name: getattr(self, name) for name in self.option_names()}

    def with_options(self, **options: Any) -> MaijaVariant:
        """A copy with some options changed (the name stays: a house rule of the preset).

        Returns:
            The new variant.

        Raises:
            InvalidVariantError: an unknown option name, or a value it may not take.

        >>> from trumpfamily.maija import MUSTAMAIJA
        >>> MUSTAMAIJA.with_options(lead_limit="always").lead_limit
        'always'
        """
        unknown = sorted(set(options) - set(self.option_names()))
        if unknown:
            raise InvalidVariantError(
                f"unknown option {unknown[0]!r}; the options are {', '.join(self.option_names())}")
        return attrs.evolve(self, **options)

    def player_counts(self) -> tuple[int, ...]:
        """The table sizes dealt, smallest first."""
        return tuple(range(self.min_players, self.max_players + 1))

    def __repr__(self) -> str:
        preset = ALL_MAIJA_VARIANTS.get(self.name) if "ALL_MAIJA_VARIANTS" in globals() else None
        if preset is None or preset == self:
            return f"<MaijaVariant {self.name!r}>"
        changed = ", ".join(f"{k}={v!r}" for k, v in self.options().items()
                            if preset.options()[k] != v)
        return f"<MaijaVariant {self.name!r} with {changed}>"


MUSTAMAIJA: Final = MaijaVariant(
    name="Mustamaija", aliases=("Musta Maija", "Black Maria (Finnish)", "Maija"))
"""Mustamaija (MAIJA.md M1-M12; PEN): 3 to 5 players, 52 cards, bouts of one to five cards,
trumps turned (a spade buried), the lead no larger than the next hand once the stock is
empty."""

SPARDAME: Final = MaijaVariant(
    name="Spardame", aliases=("Spar Dame", "Spardam"), packs=2, min_players=3, max_players=8)
"""Spardame (MAIJA.md M1 note; PEN, KPO): Mustamaija with a double pack less one Queen of
Spades (103 cards), for 3 to 8 players."""

KITUMAIJA: Final = MaijaVariant(
    name="Kitumaija", aliases=("Wan Maria", "Kitu Maija"), form="pile", min_players=2,
    max_players=5, trump=Suit.DIAMONDS, invulnerable=Suit.CLUBS, spade_turn_up="stands",
    trump_timing="before-play", lead_limit="always")
"""Kitumaija (MAIJA.md K1-K11; PEN, KPN): 2 to 5 players, one open pile, diamonds trump
spades and hearts, clubs invulnerable, the Queen of Spades on the pile makes the next
player take up five."""

#: The three Maija presets by name (read-only).
MAIJA_VARIANTS: Final[Mapping[str, MaijaVariant]] = MappingProxyType(
    {v.name: v for v in (MUSTAMAIJA, SPARDAME, KITUMAIJA)})
#: The same: every Maija preset (the Maija games keep a registry of their own, apart from
#: :data:`trumpfamily.ALL_VARIANTS`, whose consumers assume trick-taking rules).
ALL_MAIJA_VARIANTS: Final = MAIJA_VARIANTS


def _key(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.lower())


_BY_KEY: Final = {_key(a): v for v in MAIJA_VARIANTS.values() for a in (v.name, *v.aliases)}


def is_maija_name(name: object) -> bool:
    """Whether ``name`` names a Maija preset (the rules of :func:`find_maija_variant`)."""
    return isinstance(name, str) and len(name) <= 200 and _key(name) in _BY_KEY


def find_maija_variant(name: str | MaijaVariant) -> MaijaVariant:
    """Look a Maija preset up by name or alias, ignoring case, spaces and hyphens.

    Also reached as ``trumpfamily.find_variant(name, family="maija")``.

    Returns:
        The preset.

    Raises:
        UnknownVariantError: no Maija preset has that name.

    >>> find_maija_variant("musta-maija").name, find_maija_variant("Wan Maria").name
    ('Mustamaija', 'Kitumaija')
    """
    if isinstance(name, MaijaVariant):
        return name
    if isinstance(name, str) and len(name) <= 200:
        found = _BY_KEY.get(_key(name))
        if found is not None:
            return found
    if not isinstance(name, str):
        raise UnknownVariantError(
            safe_repr(name), list(MAIJA_VARIANTS), f"expected a Maija variant name (str) or a "
            f"MaijaVariant, got {type(name).__name__} {safe_repr(name)}; known names: "
            f"{', '.join(MAIJA_VARIANTS)}")
    raise UnknownVariantError(name, list(MAIJA_VARIANTS))  # the message quotes it once
