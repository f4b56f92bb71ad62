"""Variants: presets assembled from rule components, and house rules as options.

A :class:`Variant` is data: a frozen object with one component per rule area
(:class:`~trumpfamily.ranking.Ranking`, :class:`~trumpfamily.reneging.Reneging`,
:class:`~trumpfamily.robbing.Robbing`, :class:`~trumpfamily.scoring.Scoring`,
:class:`~trumpfamily.jinking.Jinking`, :class:`~trumpfamily.table.Table`). The presets
:data:`MAW`, :data:`SPOIL_FIVE`, :data:`TWENTY_FIVE` and :data:`FORTY_FIVE` take every value
from their column of OPTIONS.md. A house rule is :meth:`Variant.with_options`:

>>> from trumpfamily import FORTY_FIVE, SPOIL_FIVE, find_variant
>>> house = SPOIL_FIVE.with_options(jink_bonus="stake", spoil_ante="dealer-one")
>>> house.options()["jink_bonus"], SPOIL_FIVE.options()["jink_bonus"]
('stake', 'counter')
>>> find_variant("45s") is FORTY_FIVE
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from ._options import OptionSpec, option_fields
from ._unused import unused_reasons
from .bidding import Bidding
from .errors import InvalidVariantError, UnknownVariantError
from .jinking import Jinking
from .ranking import Ranking
from .reneging import Reneging
from .robbing import Robbing
from .scoring import Scoring
from .table import Table

__all__ = [
    "FORTY_FIVE",
    "MAW",
    "OPTION_SPECS",
    "SPOIL_FIVE",
    "TWENTY_FIVE",
    "VARIANTS",
    "OptionSpec",
    "Variant",
    "find_variant",
]

_COMPONENTS: Final = {
    "ranking": Ranking,
    "reneging": Reneging,
    "robbing": Robbing,
    "scoring": Scoring,
    "jinking": Jinking,
    "table": Table,
}

#: Every option name -> (component attribute, its :class:`OptionSpec`), in OPTIONS.md order:
#: ``OPTION_SPECS["joker"] == ("ranking", OptionSpec(kind="choice", ...))``. A read-only
#: mapping of the 33 options.
#:
#: :meta hide-value:
OPTION_SPECS: Final[Mapping[str, tuple[str, OptionSpec]]] = MappingProxyType({
    name: (attr, spec)
    for attr, cls in _COMPONENTS.items()
    for name, spec in option_fields(cls).items()
})


def _check_name(_inst: object, _attr: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise InvalidVariantError(f"Variant.name must be a non-empty str, got {value!r}")


def _check_aliases(
    _inst: object, _attr: attrs.Attribute[tuple[str, ...]], value: object
) -> None:
    if not isinstance(value, tuple) or not all(isinstance(a, str) and a.strip() for a in value):
        raise InvalidVariantError(
            f"Variant.aliases must be a tuple of non-empty str, got {value!r}"
        )


@attrs.frozen(cache_hash=True)
class Variant:
    """A game of the family: a name and one rule component per rule area.

    Attributes:
        name: the display name, e.g. ``"Spoil Five"``.
        aliases: other names :func:`find_variant` accepts.
        ranking: the card order (:class:`~trumpfamily.ranking.Ranking`): top trumps, the
            joker, plain Aces (options ``top_trumps``, ``joker``, ``plain_aces``,
            ``natural_order``).
        reneging: what must be played, and which trumps may renege
            (:class:`~trumpfamily.reneging.Reneging`).
        robbing: robbing the turn-up and the penalty for not robbing
            (:class:`~trumpfamily.robbing.Robbing`).
        scoring: pool or points, stakes, tricks to win, target
            (:class:`~trumpfamily.scoring.Scoring`).
        jinking: whether a player may jink, and its bonus
            (:class:`~trumpfamily.jinking.Jinking`).
        table: player counts, partnerships, the deal and the first dealer
            (:class:`~trumpfamily.table.Table`).

    Raises:
        InvalidVariantError: ``name`` is not a non-empty str, ``aliases`` not a tuple of
            them, a component is of the wrong type, or the components are incoherent together (for example
            ``renege_cards="5-J-JK-AH"`` without a joker).

    A preset is changed one component at a time with :meth:`with_options` (by option name)
    or :func:`attrs.evolve` (by component); both return a new, validated variant.
    """

    name: str = attrs.field(validator=_check_name)
    ranking: Ranking = attrs.field(factory=Ranking)
    reneging: Reneging = attrs.field(factory=Reneging)
    robbing: Robbing = attrs.field(factory=Robbing)
    scoring: Scoring = attrs.field(factory=Scoring)
    jinking: Jinking = attrs.field(factory=Jinking)
    table: Table = attrs.field(factory=Table)
    aliases: tuple[str, ...] = attrs.field(default=(), eq=False, validator=_check_aliases)
    #: The auction, kitty, draw and contract scoring of the bidding members of the family
    #: (:class:`~trumpfamily.bidding.Bidding`, BIDDING.md), or ``None`` for the games that
    #: turn up trumps (Maw, Spoil Five, Twenty-Five, Forty-Five).
    bidding: Bidding | None = attrs.field(default=None)

    def __attrs_post_init__(self) -> None:
        for attr, cls in _COMPONENTS.items():
            if not isinstance(getattr(self, attr), cls):
                raise InvalidVariantError(f"Variant.{attr} must be a {cls.__name__}, got {getattr(self, attr)!r}")
        if self.bidding is not None and not isinstance(self.bidding, Bidding):
            raise InvalidVariantError(f"Variant.bidding must be a Bidding or None, got {self.bidding!r}")
        self.reneging.check_with(joker=self.ranking.uses_joker)
        if self.scoring.scoring == "pool" and self.jinking.jinking and self.jinking.jink_bonus is None:
            raise InvalidVariantError(
                "jinking=True in a pool game needs jink_bonus set: 'counter' or 'stake'")

    def options(self) -> dict[str, Any]:
        """Every option of OPTIONS.md with its value in this variant.

        Returns:
            A new dict from option name to value (str, int, bool or ``None``), in
            OPTIONS.md order. The presets have ``None`` where OPTIONS.md shows "–" (an
            option their scoring mode does not use). Options of the other scoring mode
            keep their values after a change of ``scoring`` but are ignored: pool options
            (including ``jinking``) in points games, points options in pool games.

        >>> from trumpfamily import FORTY_FIVE, MAW
        >>> MAW.options()["multi_privileged"], FORTY_FIVE.options()["target"]
        ('single', 45)
        """
        return {name: getattr(getattr(self, attr), name) for name, (attr, _) in OPTION_SPECS.items()}

    def with_options(self, **changes: Any) -> Variant:
        """A new variant with some options changed (house rules).

        Args:
            **changes: option names of OPTIONS.md and their new values.

        Returns:
            A new validated :class:`Variant` with the same name; this one is unchanged.

        Raises:
            InvalidVariantError: an unknown option (the message lists the valid names), a
                bad value (it lists the valid values) or an incoherent combination.

        >>> from trumpfamily import SPOIL_FIVE
        >>> SPOIL_FIVE.with_options(renege_cards="5").options()["renege_cards"]
        '5'
        >>> SPOIL_FIVE.with_options(renege_cards="5-J-JK-AH")
        Traceback (most recent call last):
        ...
        trumpfamily.errors.InvalidVariantError: option renege_cards='5-J-JK-AH' needs a joker: ...
        """
        per_component: dict[str, dict[str, Any]] = {}
        for name, value in changes.items():
            if name not in OPTION_SPECS:
                raise InvalidVariantError(
                    f"unknown option {name!r}; valid options: {', '.join(OPTION_SPECS)}")
            attr, spec = OPTION_SPECS[name]
            spec.check(name, value)
            per_component.setdefault(attr, {})[name] = value
        updated = {attr: attrs.evolve(getattr(self, attr), **kw) for attr, kw in per_component.items()}
        return attrs.evolve(self, **updated)

    def unused_options(self, players: int | None = None) -> tuple[str, ...]:
        """The options that change nothing in this variant at this table size.

        An option is unused when no value of it would change a game under the other
        options: no legal action, card order or payout. The library reports such
        options and never refuses them (a house rule may set an option for the table
        sizes where it counts); the command line prints a note for each one the user
        set. The cases, each with why and its source:

        * ``misdeal``, always: the engine deals every hand correctly, so no misdeal is
          ever settled (``Table.misdeal``; RULES.md §3 row 30).
        * In a pool game, the points options ``points_per_trick``, ``best_trump_bonus``,
          ``target``, ``five_tricks`` and ``target_tie``; in a points game, the pool
          options ``tricks_to_win``, ``two_trick_win_above``, ``ante``, ``dealer_ante``,
          ``spoil_ante``, ``jinking`` and ``jink_bonus`` (OPTIONS.md: "with
          ``scoring="points"`` the pool options are unused, and the reverse"; jinking is
          a pool rule, RULES.md §1.6).
        * ``jink_bonus`` with ``jinking=False``: nobody jinks (RULES.md §1.6).
        * ``jinking`` and ``jink_bonus`` when the pool needs all five tricks at this
          table (``tricks_to_win=5``): a claim or a jink comes only before the last
          trick (RULES.md §1.6).
        * ``two_trick_win_above`` with ``tricks_to_win`` 1 or 2: it lowers the tricks
          needed to two, which is no fewer (RULES.md §3 row 18).
        * ``holder_rob``, ``dealer_rob``, ``unrobbed_ace`` and ``rob_timing`` with
          ``robbing=False``: nobody robs (RULES.md §1.5, §2.1.7 (3); OPTIONS.md: Maw's
          robbing values "apply when ``robbing=True``"). The dealer still takes a
          turned-up joker, which is not a rob (§2.8).
        * ``fiving`` with any number of players but two (RULES.md §2.1.7 (6)).
        * ``partnerships`` with 2, 3, 5 or 7 players: neither pairs (an even number from
          four) nor threes (a multiple of three from six) divide the table (RULES.md
          §2.2.9, §3 row 31).
        * ``top_trumps``, ``plain_aces``, ``renege_cards``, ``renege_basis``,
          ``multi_privileged`` and ``ah_lead_requires_heart`` with
          ``natural_order=True``: the ordinary order has no special cards and no
          privileged trumps, and the Ace of Hearts is a plain heart (RULES.md §1.2,
          §2.1.7 (1)).
        * ``renege_cards``, ``renege_basis``, ``multi_privileged`` and
          ``ah_lead_requires_heart`` with ``trump_lead="free"``: any card may be played
          to a trump lead, the Ace of Hearts included (RULES.md §1.4.3).
        * ``renege_basis`` and ``multi_privileged`` with ``renege_cards="5"``: the one
          privileged trump is the highest trump, so it outranks whatever was led and is
          never one of several (RULES.md §3 rows 4-6).

        No option is for the joker alone: the one joker-only value,
        ``renege_cards="5-J-JK-AH"``, is refused without a joker. An option whose present
        value has no effect at this table while another value would have one is not
        unused: ``two_trick_win_above=5`` does nothing with four players, but ``3`` would.

        Args:
            players: the number of seats; ``None``: the options unused at every table
                size the variant allows.

        Returns:
            The option names, in OPTIONS.md order.

        Raises:
            PlayerCountError: ``players`` does not suit the variant (or its partnerships).

        >>> import trumpfamily as tf
        >>> tf.SPOIL_FIVE.unused_options(players=4)
        ('points_per_trick', 'best_trump_bonus', 'target', 'five_tricks', 'target_tie', 'fiving', 'misdeal')
        >>> "fiving" in tf.SPOIL_FIVE.unused_options(players=2)
        False
        >>> tf.MAW.unused_options()[:4]
        ('holder_rob', 'dealer_rob', 'unrobbed_ace', 'rob_timing')
        """
        return tuple(self.unused_option_reasons(players))

    def unused_option_reasons(self, players: int | None = None) -> dict[str, str]:
        """The options of :meth:`unused_options`, each with why it changes nothing.

        Args:
            players: the number of seats, or ``None`` for every table size.

        Returns:
            A new dict from option name, in OPTIONS.md order, to a phrase that completes
            "option NAME has no effect ...": the context, then why, with the source.

        Raises:
            PlayerCountError: ``players`` does not suit the variant (or its partnerships).

        >>> import trumpfamily as tf
        >>> tf.FORTY_FIVE.unused_option_reasons(players=2)["ante"]
        "in a points game (scoring='points'): it is a pool option (OPTIONS.md: with scoring='points' the pool options, jinking included, are unused)"
        """
        if players is not None:
            self.table.side_count(players)  # PlayerCountError names the allowed counts
        reasons = unused_reasons(self, players)
        return {name: reasons[name] for name in OPTION_SPECS if name in reasons}

    def __repr__(self) -> str:
        preset = VARIANTS.get(self.name) if "VARIANTS" in globals() else None
        if preset is None or preset is self:
            return f"<Variant {self.name!r}>"
        mine, base = self.options(), preset.options()
        changed = ", ".join(f"{k}={v!r}" for k, v in mine.items() if base[k] != v)
        return f"<Variant {self.name!r} with {changed}>" if changed else f"<Variant {self.name!r}>"


MAW: Final = Variant(
    name="Maw",
    aliases=("maw",),
    reneging=Reneging(multi_privileged="single"),
    robbing=Robbing(robbing=False, holder_rob="may", dealer_rob="must",
                    unrobbed_ace="cannot-win", rob_timing="before-lead"),
    scoring=Scoring(scoring="pool", tricks_to_win=3, ante=2, dealer_ante=4,
                    spoil_ante="non-dealers-one"),
    jinking=Jinking(jinking=True, jink_bonus="stake"),
    table=Table(first_dealer="first-jack", misdeal="pass-deal"),
)
"""The Maw preset (RULES.md §2.1; the MacGregor Historic Games rules): no robbing unless house rule 3,
``multi_privileged="single"``, ante 2 and dealer 4, jink bonus one stake, first dealer by
the first Jack."""

SPOIL_FIVE: Final = Variant(
    name="Spoil Five",
    aliases=("spoil five", "spoil-five", "spoil 5", "spoilfive"),
    robbing=Robbing(robbing=True, holder_rob="may-announce", dealer_rob="may",
                    unrobbed_ace="lowest-unless-announced", rob_timing="own-first-turn"),
    scoring=Scoring(scoring="pool", tricks_to_win=3, ante=1, dealer_ante=2,
                    spoil_ante="non-dealers-one"),
    jinking=Jinking(jinking=True, jink_bonus="counter"),
    table=Table(fiving=True),
)
"""The Spoil Five preset (RULES.md §2.2; Foster's Complete Hoyle as the main rulebook): the
holder of the Ace of trumps may rob or must announce it, fiving with two players, ante 1 and
dealer 2, jink bonus one counter."""

TWENTY_FIVE: Final = Variant(
    name="Twenty-Five",
    aliases=("twenty-five", "twenty five", "25", "25s", "twentyfive"),
    robbing=Robbing(robbing=True, holder_rob="may-announce", dealer_rob="may",
                    unrobbed_ace="lowest-and-cannot-win", rob_timing="before-lead"),
    scoring=Scoring(scoring="pool", tricks_to_win=3, ante=1, dealer_ante=1,
                    spoil_ante="everyone-one", points_per_trick=5, best_trump_bonus="none",
                    target=25, five_tricks="none", target_tie="first-to-reach"),
    jinking=Jinking(jinking=True, jink_bonus="counter"),
    table=Table(partnerships="pairs-at-four", misdeal="forfeit-stake"),
)
"""The Twenty-Five preset (RULES.md §2.3): the pool form of the project's source (W25) by default;
``with_options(scoring="points")`` gives the pagat / Parlett points form."""

FORTY_FIVE: Final = Variant(
    name="Forty-Five",
    aliases=("forty-five", "forty five", "fortyfive", "forty-fives", "45", "45s"),
    reneging=Reneging(ah_lead_requires_heart=True),
    robbing=Robbing(robbing=True, holder_rob="may", dealer_rob="must",
                    unrobbed_ace="lowest", rob_timing="own-first-turn"),
    scoring=Scoring(scoring="points", tricks_to_win=None, ante=None, dealer_ante=None,
                    spoil_ante=None, points_per_trick=5, best_trump_bonus="any", target=45,
                    five_tricks="none", target_tie="higher-total"),
    jinking=Jinking(jinking=False, jink_bonus=None),
    table=Table(misdeal="redeal", max_players=6),
)
"""The Forty-Five preset, traditional individual play (RULES.md §2.4; W45, WFF): 2–6 players, points
to 45 with the best-trump bonus."""

#: The four presets by name: ``{"Maw": MAW, "Spoil Five": SPOIL_FIVE, "Twenty-Five":
#: TWENTY_FIVE, "Forty-Five": FORTY_FIVE}`` (read-only). :func:`find_variant` also accepts
#: their aliases.
VARIANTS: Final[Mapping[str, Variant]] = MappingProxyType(
    {v.name: v for v in (MAW, SPOIL_FIVE, TWENTY_FIVE, FORTY_FIVE)})


def _key(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.lower())


_BY_KEY: Final = {_key(a): v for v in VARIANTS.values() for a in (v.name, *v.aliases)}


def find_variant(name: str | Variant) -> Variant:
    """Look a preset up by name or alias, ignoring case, spaces, hyphens and a plural ``s``.

    Args:
        name: e.g. ``"Spoil Five"``, ``"spoil-five"``, ``"45s"``, ``"twenty five"``; a
            :class:`Variant` is returned as it is.

    Returns:
        The preset.

    Raises:
        UnknownVariantError: no preset has that name; the message lists the names.

    >>> from trumpfamily import find_variant
    >>> find_variant("SPOIL-FIVE").name
    'Spoil Five'
    """
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise UnknownVariantError(
            repr(name), list(VARIANTS), f"expected a variant name (str) or a Variant, got "
            f"{type(name).__name__} {name!r}; known names: {', '.join(VARIANTS)}")
    key = _key(name)
    found = _BY_KEY.get(key) or (_BY_KEY.get(key[:-1]) if key.endswith("s") else None)
    if found is not None:
        return found
    raise UnknownVariantError(name, list(VARIANTS))
