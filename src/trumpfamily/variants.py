"""Variants: presets assembled from rule components, and house rules as options.

A :class:`Variant` is data: a frozen object with one component per rule area
(:class:`~trumpfamily.ranking.Ranking`, :class:`~trumpfamily.reneging.Reneging`,
:class:`~trumpfamily.robbing.Robbing`, :class:`~trumpfamily.scoring.Scoring`,
:class:`~trumpfamily.jinking.Jinking`, :class:`~trumpfamily.table.Table`). The presets
:data:`MAW`, :data:`SPOIL_FIVE`, :data:`TWENTY_FIVE` and :data:`FORTY_FIVE` take every value
from their column of OPTIONS.md (registry :data:`VARIANTS`). The bidding games add a
:class:`~trumpfamily.bidding.Bidding` component: :data:`AUCTION_45`,
:data:`NEWFOUNDLAND_120S`, :data:`NOVA_SCOTIA_45`, :data:`FIFTY_FIVE`, :data:`ONE_TEN`,
:data:`TWO_TWENTY` and :data:`AMERICAN_110` take theirs from BIDDING.md §8 (registry
:data:`BIDDING_VARIANTS`; every preset: :data:`ALL_VARIANTS`). A house rule is
:meth:`Variant.with_options`:

>>> from trumpfamily import AUCTION_45, FORTY_FIVE, SPOIL_FIVE, find_variant
>>> house = SPOIL_FIVE.with_options(jink_bonus="stake", spoil_ante="dealer-one")
>>> house.options()["jink_bonus"], SPOIL_FIVE.options()["jink_bonus"]
('stake', 'counter')
>>> find_variant("45s") is FORTY_FIVE, find_variant("auction 45") is AUCTION_45
(True, True)
>>> AUCTION_45.with_options(kitty=3, draw_limit=3).options()["kitty"]
3
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, Literal, overload

import attrs

from ._options import OptionSpec, option_fields
from ._unused import table_sizes, unused_reasons
from .bidding import Bidding, stock_problem
from .bidding_presets import (
    AMERICAN_110_BIDDING,
    AUCTION_45_BIDDING,
    FIFTY_FIVE_BIDDING,
    NEWFOUNDLAND_120S_BIDDING,
    NOVA_SCOTIA_45_BIDDING,
    ONE_TEN_BIDDING,
    TWO_TWENTY_BIDDING,
)
from .errors import InvalidVariantError, PlayerCountError, UnknownVariantError, safe_repr
from .jinking import Jinking
from .maija.variants import MaijaVariant, find_maija_variant, is_maija_name
from .ranking import Ranking
from .reneging import Reneging
from .robbing import Robbing
from .scoring import Scoring
from .table import Table

__all__ = [
    "ALL_VARIANTS",
    "AMERICAN_110",
    "AUCTION_45",
    "BIDDING_OPTION_SPECS",
    "BIDDING_VARIANTS",
    "FIFTY_FIVE",
    "FORTY_FIVE",
    "MAW",
    "NEWFOUNDLAND_120S",
    "NOVA_SCOTIA_45",
    "ONE_TEN",
    "OPTION_SPECS",
    "SPOIL_FIVE",
    "TWENTY_FIVE",
    "TWO_TWENTY",
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

#: Every option of OPTIONS.md -> (component attribute, its :class:`OptionSpec`), in
#: OPTIONS.md order: ``OPTION_SPECS["joker"] == ("ranking", OptionSpec(kind="choice",
#: ...))``. A read-only mapping of the 33 options every variant has (the options of the
#: turn-up games; :meth:`Variant.options` of Spoil Five has exactly these names). A bidding
#: variant has :data:`BIDDING_OPTION_SPECS` too: :meth:`Variant.option_specs` gives the
#: options of one variant.
#:
#: :meta hide-value:
OPTION_SPECS: Final[Mapping[str, tuple[str, OptionSpec]]] = MappingProxyType({
    name: (attr, spec)
    for attr, cls in _COMPONENTS.items()
    for name, spec in option_fields(cls).items()
})

#: Every option of the :class:`~trumpfamily.bidding.Bidding` component (BIDDING.md §7) ->
#: ``("bidding", its OptionSpec)``, in the order of the component: ``min_bid``, ``bid_step``,
#: ... ``sets_to_lose``; a read-only mapping of 37 options. Only a bidding variant (one
#: whose :attr:`Variant.bidding` is set) has them. Two of them share their name with an
#: option of :data:`OPTION_SPECS`, as BIDDING.md §7 reserves: in a bidding variant
#: ``target`` and ``target_tie`` are the bidding component's (the game's end, BIDDING.md
#: §3.7), with the values this mapping lists.
#:
#: :meta hide-value:
BIDDING_OPTION_SPECS: Final[Mapping[str, tuple[str, OptionSpec]]] = MappingProxyType({
    name: ("bidding", spec) for name, spec in option_fields(Bidding).items()
})

# The options of a bidding variant: OPTION_SPECS' names in their order, ``target`` and
# ``target_tie`` the bidding component's, then the other options of the bidding component.
_BIDDING_VARIANT_SPECS: Final[Mapping[str, tuple[str, OptionSpec]]] = MappingProxyType({
    **{name: BIDDING_OPTION_SPECS.get(name, entry) for name, entry in OPTION_SPECS.items()},
    **{name: entry for name, entry in BIDDING_OPTION_SPECS.items() if name not in OPTION_SPECS},
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
        bidding: the auction, kitty, draw and contract scoring of a bidding game
            (:class:`~trumpfamily.bidding.Bidding`, BIDDING.md), or ``None`` for the games
            that turn up trumps.

    A bidding variant (``bidding`` set: :data:`AUCTION_45`, :data:`NEWFOUNDLAND_120S`,
    :data:`NOVA_SCOTIA_45`, :data:`FIFTY_FIVE`, :data:`ONE_TEN`, :data:`TWO_TWENTY`,
    :data:`AMERICAN_110`) has the options of :data:`BIDDING_OPTION_SPECS` besides those of
    :data:`OPTION_SPECS`, and its ``target`` and ``target_tie`` are the bidding component's
    (BIDDING.md §7 E1, E2). Its scoring component is the points form (``scoring="points"``,
    ``best_trump_bonus="any"``; the contract scores are the bidding component's, BIDDING.md
    §2.4, §3.6), whose ``target`` always equals the bidding target: the variant sets it so.
    The stock must cover every draw, with the variant's pack (53 cards with the joker), at
    every table size it deals (BIDDING.md §3.4, §8): a table size at which the draws could
    empty the stock is left out of :meth:`player_counts` (``AUCTION_45.with_options(kitty=3)``
    deals 2, 3, 4 or 6 players, not 5), dealing it raises
    :class:`~trumpfamily.errors.PlayerCountError` with the arithmetic, and a variant with
    no table size left is refused.

    Raises:
        InvalidVariantError: ``name`` is not a non-empty str, ``aliases`` not a tuple of
            them, a component is of the wrong type, or the components are incoherent together (for example
            ``renege_cards="5-J-JK-AH"`` without a joker; in a bidding variant, a pool
            scoring, or a stock too small for the draws at every table size it allows).

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
    # The auction of a bidding game, or None (documented in Attributes above).
    bidding: Bidding | None = attrs.field(default=None)

    def __attrs_post_init__(self) -> None:
        for attr, cls in _COMPONENTS.items():
            if not isinstance(getattr(self, attr), cls):
                raise InvalidVariantError(f"Variant.{attr} must be a {cls.__name__}, got {getattr(self, attr)!r}")
        if self.bidding is not None and not isinstance(self.bidding, Bidding):
            raise InvalidVariantError(f"Variant.bidding must be a Bidding or None, got {self.bidding!r}")
        self.reneging.check_with(joker=self.ranking.uses_joker)
        if not table_sizes(self.table):
            raise InvalidVariantError(
                f"option partnerships={self.table.partnerships!r} fits no table of "
                f"{self.table.min_players} to {self.table.max_players} players, so nobody "
                "could deal this variant (OPTIONS.md player counts and partnerships)")
        if self.scoring.scoring == "pool" and self.jinking.jinking and self.jinking.jink_bonus is None:
            raise InvalidVariantError(
                "jinking=True in a pool game needs jink_bonus set: 'counter' or 'stake'")
        if self.bidding is not None:
            self._check_bidding(self.bidding)

    def _check_bidding(self, bidding: Bidding) -> None:
        """A bidding variant scores points, its scoring target is the bidding target, and
        its stock covers the draws at every table size it allows (BIDDING.md §2.5, §3.4, §8)."""
        if self.scoring.scoring != "points":
            raise InvalidVariantError(
                f"option scoring={self.scoring.scoring!r} cannot be used in a bidding game: "
                "it scores points, 5 a trick and 5 for the best trump, and the bids decide "
                "the rest (BIDDING.md §2.4, §2.5); keep scoring='points', e.g. start from a "
                "bidding preset: attrs.evolve(AUCTION_45, name=..., bidding=...)")
        if self.scoring.target != bidding.target:
            # The variant's one target is the bidding component's: keep the copy equal.
            object.__setattr__(self, "scoring", attrs.evolve(self.scoring, target=bidding.target))
        problems = _stock_problems(self.table, bidding, self.ranking.uses_joker)
        if len(problems) == len(table_sizes(self.table)):
            # Not one table size left: nobody could deal this variant (BIDDING.md §3.4, §8).
            raise InvalidVariantError(
                f"{self.name} cannot be dealt at any table it allows ("
                f"{_counts_text(table_sizes(self.table))} players): "
                + "; ".join(problems.values()))

    def player_counts(self) -> tuple[int, ...]:
        """The table sizes this variant deals, lowest first.

        The player counts of its table (``min_players`` to ``max_players``) that its
        ``partnerships`` divide; in a bidding variant, only those at which the stock covers
        every draw (BIDDING.md §3.4, §8: nobody is left short of cards). A house rule that
        empties the stock at some table size narrows the variant instead of being refused
        (a variant with no table size left is refused); dealing a size it leaves out raises
        :class:`~trumpfamily.errors.PlayerCountError` with the arithmetic.

        >>> import trumpfamily as tf
        >>> tf.AUCTION_45.player_counts(), tf.AUCTION_45.with_options(kitty=3).player_counts()
        ((2, 3, 4, 5, 6), (2, 3, 4, 6))
        >>> tf.AUCTION_45.with_options(draw_limit=4).player_counts()
        (2, 3, 4, 5)
        """
        sizes = table_sizes(self.table)
        if self.bidding is None:
            return tuple(sizes)
        problems = _stock_problems(self.table, self.bidding, self.ranking.uses_joker)
        return tuple(n for n in sizes if n not in problems)

    def option_specs(self) -> Mapping[str, tuple[str, OptionSpec]]:
        """The options of this variant: name -> (component attribute, :class:`OptionSpec`).

        Returns:
            A read-only mapping: :data:`OPTION_SPECS` for a game that turns up trumps; for
            a bidding variant, the same names in the same order with ``target`` and
            ``target_tie`` the bidding component's, then the other options of
            :data:`BIDDING_OPTION_SPECS` (68 in all).

        >>> from trumpfamily import AUCTION_45, SPOIL_FIVE
        >>> SPOIL_FIVE.option_specs()["target_tie"][0], AUCTION_45.option_specs()["target_tie"][0]
        ('scoring', 'bidding')
        >>> len(SPOIL_FIVE.option_specs()), len(AUCTION_45.option_specs())
        (33, 68)
        """
        return OPTION_SPECS if self.bidding is None else _BIDDING_VARIANT_SPECS

    def options(self) -> dict[str, Any]:
        """Every option of this variant with its value.

        Returns:
            A new dict from option name to value, in the order of :meth:`option_specs`:
            the options of OPTIONS.md (str, int, bool or ``None``), then, in a bidding
            variant, those of BIDDING.md §7 (also ``min_bid_near_end``, a ``(threshold,
            minimum)`` pair or ``None``, and ``draw_limit``, ``None``, an int or
            ``((players, limit), ...)`` pairs sorted by players). The presets have
            ``None`` where OPTIONS.md shows "–" (an option their scoring mode does not
            use). Options of the other scoring mode keep their values after a change of
            ``scoring`` but are ignored: pool options (including ``jinking``) in points
            games, points options in pool games. In a bidding variant ``target`` and
            ``target_tie`` are the bidding component's.

        >>> from trumpfamily import AUCTION_45, FORTY_FIVE, MAW
        >>> MAW.options()["multi_privileged"], FORTY_FIVE.options()["target"]
        ('single', 45)
        >>> options = AUCTION_45.options()
        >>> options["target"], options["target_tie"], options["draw_limit"]
        (120, 'bidder-first', ((6, 3),))
        """
        return {name: getattr(getattr(self, attr), name)
                for name, (attr, _) in self.option_specs().items()}

    def with_options(self, **changes: Any) -> Variant:
        """A new variant with some options changed (house rules).

        Args:
            **changes: option names of :meth:`option_specs` (OPTIONS.md; in a bidding
                variant also BIDDING.md §7) and their new values. ``draw_limit`` also
                takes a mapping from player count to a limit, ``{6: 3}``.

        Returns:
            A new validated :class:`Variant` with the same name; this one is unchanged.

        Raises:
            InvalidVariantError: an unknown option (the message lists the valid names; a
                bidding option on a game without an auction says so), a bad value (it
                lists the valid values) or an incoherent combination (it says why, with
                the rule: for a bidding variant, a stock the draws could empty at every
                table size, with the arithmetic; at only some sizes the variant deals the
                others, :meth:`player_counts`).

        >>> from trumpfamily import AUCTION_45, SPOIL_FIVE
        >>> SPOIL_FIVE.with_options(renege_cards="5").options()["renege_cards"]
        '5'
        >>> SPOIL_FIVE.with_options(renege_cards="5-J-JK-AH")
        Traceback (most recent call last):
        ...
        trumpfamily.errors.InvalidVariantError: option renege_cards='5-J-JK-AH' needs a joker: ...
        >>> AUCTION_45.with_options(min_bid=20, after_hold="duel").options()["after_hold"]
        'duel'
        >>> from trumpfamily import FIFTY_FIVE
        >>> FIFTY_FIVE.with_options(draw_limit=3).player_counts()  # 7 players: 12 for 18
        (2, 3, 4, 5, 6)
        """
        specs = self.option_specs()
        per_component: dict[str, dict[str, Any]] = {}
        for name, value in changes.items():
            if name not in specs:
                if name in BIDDING_OPTION_SPECS:
                    raise InvalidVariantError(
                        f"option {name!r} is an option of the bidding games (BIDDING.md §7): "
                        f"{self.name} turns up its trumps and has no auction (its bidding "
                        f"component is None); start from a bidding preset, e.g. "
                        f"AUCTION_45.with_options({name}=...)")
                raise InvalidVariantError(
                    f"unknown option {safe_repr(name, 60)}; valid options: {', '.join(specs)}")
            attr, spec = specs[name]
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

        In a bidding variant (BIDDING.md), besides the cases above that apply:

        * ``robbing``, ``holder_rob``, ``dealer_rob``, ``unrobbed_ace``, ``rob_timing`` and
          ``fiving``: the auction names trumps and nothing is turned up (BIDDING.md §2.2).
        * ``points_per_trick`` and ``five_tricks``: a trick scores 5, and the bids decide
          what all five tricks earn (BIDDING.md §2.4, §3.6). ``best_trump_bonus`` still
          says which trick earns the 5 more (``"any"``, the highest trump played, in every
          preset).
        * The options of the bidding component that others make idle
          (:func:`trumpfamily.bidding.unused_options`): ``after_hold`` with
          ``hold="none"``; ``bag_bid`` and ``bag_raise`` unless ``all_pass="bag-dealer"``;
          ``max_redeals`` unless ``all_pass="redeal-same"``; ``thirty_bid`` without a 30
          bid; ``lower_bid_cap`` with ``made_bid_scores="bid"``; ``bonus_cutoff_scope``
          without a ``bonus_cutoff``; ``kitty_deal``, ``trump_before_kitty`` and
          ``kitty_discard`` with ``kitty=0``; ``defender_threshold`` with
          ``defender_limit="none"``; ``finish_hands`` with ``finish="points"``, and
          ``target`` and ``target_tie`` with ``finish="hands"``.

        A game that turns up trumps has no bidding option at all (:meth:`options` does
        not list them), so none is reported for it.

        No option is for the joker alone: the one joker-only value,
        ``renege_cards="5-J-JK-AH"``, is refused without a joker. An option whose present
        value has no effect at this table while another value would have one is not
        unused: ``two_trick_win_above=5`` does nothing with four players, but ``3`` would.

        Args:
            players: the number of seats; ``None``: the options unused at every table
                size the variant allows.

        Returns:
            The option names, in the order of :meth:`option_specs` (OPTIONS.md, then
            BIDDING.md §7).

        Raises:
            PlayerCountError: ``players`` does not suit the variant (or its partnerships,
                or, in a bidding variant, its stock: :meth:`player_counts`).

        >>> import trumpfamily as tf
        >>> tf.SPOIL_FIVE.unused_options(players=4)
        ('points_per_trick', 'best_trump_bonus', 'target', 'five_tricks', 'target_tie', 'fiving', 'misdeal')
        >>> "fiving" in tf.SPOIL_FIVE.unused_options(players=2)
        False
        >>> tf.MAW.unused_options()[:4]
        ('holder_rob', 'dealer_rob', 'unrobbed_ace', 'rob_timing')
        >>> tf.AUCTION_45.unused_options(players=4)[-5:]
        ('kitty_deal', 'trump_before_kitty', 'kitty_discard', 'defender_threshold', 'finish_hands')
        """
        return tuple(self.unused_option_reasons(players))

    def unused_option_reasons(self, players: int | None = None) -> dict[str, str]:
        """The options of :meth:`unused_options`, each with why it changes nothing.

        Args:
            players: the number of seats, or ``None`` for every table size.

        Returns:
            A new dict from option name, in the order of :meth:`option_specs`, to a
            phrase that completes "option NAME has no effect ...": the context, then why,
            with the source.

        Raises:
            PlayerCountError: ``players`` does not suit the variant (or its partnerships,
                or, in a bidding variant, its stock: :meth:`player_counts`).

        >>> import trumpfamily as tf
        >>> tf.FORTY_FIVE.unused_option_reasons(players=2)["ante"]
        "in a points game (scoring='points'): it is a pool option (OPTIONS.md: with scoring='points' the pool options, jinking included, are unused)"
        """
        if players is not None:
            table_sides(self, players)  # PlayerCountError names the game's counts
            if self.bidding is not None and players not in self.player_counts():
                why = _stock_problems(self.table, self.bidding, self.ranking.uses_joker)
                raise PlayerCountError(
                    f"{self.name} with these options is not dealt to {players} players: "
                    f"{why[players]}; it deals {_counts_text(self.player_counts())} players")
        reasons = unused_reasons(self, players)
        return {name: reasons[name] for name in self.option_specs() if name in reasons}

    def __repr__(self) -> str:
        preset = ALL_VARIANTS.get(self.name) if "ALL_VARIANTS" in globals() else None
        if preset is None or preset is self:
            return f"<Variant {self.name!r}>"
        mine, base = self.options(), preset.options()
        changed = ", ".join(f"{k}={v!r}" for k, v in mine.items() if base.get(k, v) != v)
        return f"<Variant {self.name!r} with {changed}>" if changed else f"<Variant {self.name!r}>"


@functools.lru_cache(maxsize=512)
def _stock_problems(table: Table, bidding: Bidding, joker: bool) -> dict[int, str]:
    """The table sizes of ``table`` at which the stock cannot cover every draw, each with
    why (:func:`~trumpfamily.bidding.stock_problem`, with the pack: 53 cards with the
    joker). Shared: do not change the dict returned."""
    deck = 53 if joker else 52
    found = {n: stock_problem(bidding, n, deck=deck) for n in table_sizes(table)}
    return {n: why for n, why in found.items() if why is not None}


def player_count_rule(variant: Variant) -> str:
    """Where a variant's player counts are given: BIDDING.md §8 (the presets' table) for a
    bidding game, OPTIONS.md's player counts for the others."""
    return "BIDDING.md §8" if variant.bidding is not None else "OPTIONS.md player counts"


def table_sides(variant: Variant, players: int) -> tuple[tuple[int, ...], ...]:
    """``variant.table.sides(players)``, whose :class:`PlayerCountError` names the game and
    its rule (:func:`player_count_rule`) rather than "this variant"."""
    return variant.table.sides(players, game=variant.name, rule=player_count_rule(variant))


def _counts_text(counts: list[int] | tuple[int, ...]) -> str:
    """``2, 3, 4 or 6``."""
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


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

# -- the bidding presets (BIDDING.md §8) -----------------------------------------------------

# What every bidding preset shares outside its bidding component: no turn-up, so nobody
# robs and nobody jinks; points, 5 a trick and 5 for the best trump (BIDDING.md §2.4; the
# target is the bidding component's, copied by the variant); a misdeal is dealt again by
# the same dealer (BIDDING.md §3.8, §5.7, D1).
_NO_ROBBING: Final = Robbing(robbing=False)
_NO_JINKING: Final = Jinking(jinking=False, jink_bonus=None)
_BIDDING_SCORING: Final = Scoring(
    scoring="points", tricks_to_win=None, ante=None, dealer_ante=None, spoil_ante=None,
    points_per_trick=5, best_trump_bonus="any", target=120, five_tricks="none",
    target_tie="higher-total")


def _bidding_preset(name: str, aliases: tuple[str, ...], bidding: Bidding, table: Table,
                    ranking: Ranking | None = None, reneging: Reneging | None = None) -> Variant:
    return Variant(name=name, aliases=aliases, ranking=ranking or Ranking(),
                   reneging=reneging or Reneging(), robbing=_NO_ROBBING,
                   scoring=_BIDDING_SCORING, jinking=_NO_JINKING, table=table, bidding=bidding)


# Four players in pairs; 2, 3 (and 5) each for himself; six players 3 v 3 in Auction 45s,
# three pairs in 120s (BIDDING.md §8).
AUCTION_45: Final = _bidding_preset(
    "Auction Forty-Fives",
    ("auction 45", "auction 45s", "auction forty-five", "auction forty-fives", "auction-45",
     "auction45"),
    AUCTION_45_BIDDING,
    Table(partnerships="two-sides-or-alone", misdeal="redeal", max_players=6),
)
"""Auction Forty-Fives (BIDDING.md §3, §8; BICA45, DBK, MVCS): 4 players 2 v 2, 6 players
3 v 3, or 2, 3 and 5 each for himself; no kitty; bids 15 to 30 by 5, a side on 100 or more bids at least
20; the dealer holds and every unpassed player speaks again; everyone passes: the next
dealer deals; everyone draws, eldest first; the player left of the bidder leads; 30 is all
five tricks (+60 / −30); first to 120, the bidding side counting first.

>>> import trumpfamily as tf
>>> tf.AUCTION_45.options()["min_bid_near_end"], tf.AUCTION_45.bidding.after_hold
((100, 20), 'all-unpassed')
"""

NEWFOUNDLAND_120S: Final = _bidding_preset(
    "Newfoundland 120s",
    ("120s", "120", "one twenty", "one-twenties", "newfoundland 120",
     "newfoundland 120s", "newfoundland one twenty"),
    NEWFOUNDLAND_120S_BIDDING,
    Table(partnerships="pairs-or-alone", misdeal="redeal", max_players=6),
)
"""Newfoundland 120s (BIDDING.md §4, §8; CMU120, SALT, CBC, UPA): as Auction Forty-Fives,
but a 3-card kitty dealt after the first round, trumps named before it is seen and any
number discarded; bids from 20 ("20, 25, 30 for 60"); after the dealer takes a bid, a duel
with the bidder he displaced (EX-B12). 4 players 2 v 2, or 2 and 3 each for himself."""

NOVA_SCOTIA_45: Final = _bidding_preset(
    "Nova Scotia 45s",
    ("nova scotia 45", "nova scotia 45s", "nova scotia forty-five", "nova scotia forty-fives",
     "nova scotia auction 45", "ns45"),
    NOVA_SCOTIA_45_BIDDING,
    Table(partnerships="pairs-at-four", misdeal="redeal", max_players=4),
)
"""Nova Scotia 45s (BIDDING.md §4, §8; IMP-NS, NS45): 4 players 2 v 2, or 2 and 3 each for
himself; a 3-card kitty after the first round, trumps named first; bids from 20; the dealer
holds, every unpassed player again; everyone passes: the next dealer deals; defenders on
100 or more score nothing against a made bid; first to 125, and a side on −125 or below
loses (EX-E06)."""

_IRISH_TABLE: Final = Table(partnerships="none", misdeal="redeal", max_players=9)

FIFTY_FIVE: Final = _bidding_preset(
    "Fifty-Five", ("55", "fifty five", "fifty-five", "fiftyfive"), FIFTY_FIVE_BIDDING,
    _IRISH_TABLE)
"""Fifty-Five (BIDDING.md §5, §8; G55, PAG55, IMP-110a): 2 to 9 players each for himself; a
5-card kitty dealt last, which the auction winner takes, keeping 5 of his 10 cards before he
names trumps; bids 10, 15, 20, 25 and 60 (all five tricks); the dealer calls and duels;
everyone passes: the next dealer deals; the others draw, eldest first, at most 3 (2 with 7
players, 1 with 8, none with 9); a made lower bid scores at most 30; first to 55, trick by
trick, a failed bidder excluded."""

ONE_TEN: Final = _bidding_preset(
    "One Hundred and Ten",
    ("110", "one ten", "one-ten", "hundred and ten", "one hundred and ten", "irish 110"),
    ONE_TEN_BIDDING, _IRISH_TABLE)
"""One Hundred and Ten (BIDDING.md §5, §8): Fifty-Five played to 110."""

TWO_TWENTY: Final = _bidding_preset(
    "Two Hundred and Twenty",
    ("220", "two twenty", "two-twenty", "two hundred and twenty"), TWO_TWENTY_BIDDING,
    _IRISH_TABLE)
"""Two Hundred and Twenty (BIDDING.md §5, §8): Fifty-Five played to 220."""

AMERICAN_110: Final = _bidding_preset(
    "American Hundred and Ten",
    ("american 110", "american one ten", "american hundred and ten",
     "american one hundred and ten", "hundred and ten american"),
    AMERICAN_110_BIDDING,
    Table(partnerships="none", misdeal="redeal", max_players=4),
    ranking=Ranking(joker="third", plain_aces="high"),
    reneging=Reneging(plain_lead="free", renege_cards="5-J-JK-AH"),
)
"""American Hundred and Ten (BIDDING.md §6, §8; IMP-110b): 2 to 4 players each for himself,
a 53-card pack whose joker is the third trump, privileged like the Jack, and every plain Ace
high; bids 15 to 30 (30 a plain points bid) and shoot the moon (±60); the dealer may equal
any bid, the moon included; everyone passes: the same dealer deals again, at most three
times in a row; everyone draws, the dealer first; plain leads need not be followed; only the
bidder can lose points; first to 110, the bidder counting first, else trick order.

>>> import trumpfamily as tf
>>> " ".join(map(str, tf.AMERICAN_110.ranking.trump_order("S")[:5]))
'5S JS JK AH AS'
"""


# -- the registries ----------------------------------------------------------------------------

#: The four presets that turn up trumps, by name: ``{"Maw": MAW, "Spoil Five": SPOIL_FIVE,
#: "Twenty-Five": TWENTY_FIVE, "Forty-Five": FORTY_FIVE}`` (read-only): the games that
#: :func:`~trumpfamily.engine.new_hand` and :class:`~trumpfamily.game.Game` deal. The
#: bidding games are in :data:`BIDDING_VARIANTS`, all eleven in :data:`ALL_VARIANTS`;
#: :func:`find_variant` knows every one, with its aliases.
VARIANTS: Final[Mapping[str, Variant]] = MappingProxyType(
    {v.name: v for v in (MAW, SPOIL_FIVE, TWENTY_FIVE, FORTY_FIVE)})

#: The seven bidding presets of BIDDING.md §8, by name (read-only): ``"Auction
#: Forty-Fives"`` (:data:`AUCTION_45`), ``"Newfoundland 120s"``, ``"Nova Scotia 45s"``,
#: ``"Fifty-Five"``, ``"One Hundred and Ten"``, ``"Two Hundred and Twenty"``, ``"American
#: Hundred and Ten"``. Each has its :attr:`Variant.bidding` set.
BIDDING_VARIANTS: Final[Mapping[str, Variant]] = MappingProxyType({v.name: v for v in (
    AUCTION_45, NEWFOUNDLAND_120S, NOVA_SCOTIA_45, FIFTY_FIVE, ONE_TEN, TWO_TWENTY,
    AMERICAN_110)})

#: Every preset by name, :data:`VARIANTS` then :data:`BIDDING_VARIANTS` (read-only).
ALL_VARIANTS: Final[Mapping[str, Variant]] = MappingProxyType({**VARIANTS, **BIDDING_VARIANTS})


def _key(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.lower())


_BY_KEY: Final = {_key(a): v for v in ALL_VARIANTS.values() for a in (v.name, *v.aliases)}


@overload
def find_variant(name: str | Variant) -> Variant: ...
@overload
def find_variant(name: str | MaijaVariant, *, family: Literal["maija"]) -> MaijaVariant: ...
def find_variant(
    name: str | Variant | MaijaVariant, *, family: Literal["maija"] | None = None
) -> Variant | MaijaVariant:
    """Look a preset up by name or alias, ignoring case, spaces, hyphens, apostrophes and
    a plural ``s``: every preset of :data:`ALL_VARIANTS`, the bidding games included.

    The beating games of the Maija family (MAIJA.md: Mustamaija, Spardame, Kitumaija) are
    not trick-taking games and have a registry of their own
    (:data:`~trumpfamily.maija.variants.MAIJA_VARIANTS`): ``family="maija"`` looks them up; without
    it, a Maija name is refused with a message saying so.

    Args:
        name: e.g. ``"Spoil Five"``, ``"spoil-five"``, ``"45s"``, ``"twenty five"``,
            ``"auction 45"``, ``"120s"``, ``"110"``; a :class:`Variant` is returned as it
            is. With ``family="maija"``: ``"Mustamaija"``, ``"Spardame"``,
            ``"Kitumaija"`` and their aliases.
        family: ``None`` (the turn-up and bidding games) or ``"maija"``.

    Returns:
        The preset.

    Raises:
        UnknownVariantError: no preset has that name; the message lists the names.

    >>> from trumpfamily import find_variant
    >>> find_variant("SPOIL-FIVE").name
    'Spoil Five'
    >>> find_variant("auction forty-fives").name, find_variant("110").name
    ('Auction Forty-Fives', 'One Hundred and Ten')
    >>> find_variant("musta maija", family="maija").name
    'Mustamaija'
    """
    if family == "maija":
        if isinstance(name, Variant):
            raise UnknownVariantError(
                name.name, [], f"{name.name} is not a Maija game (family='maija')")
        return find_maija_variant(name)
    if family is not None:
        raise UnknownVariantError(
            safe_repr(family), [], f"family={safe_repr(family)}: a family is None or 'maija'")
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise UnknownVariantError(
            safe_repr(name), list(ALL_VARIANTS), f"expected a variant name (str) or a Variant, got "
            f"{type(name).__name__} {safe_repr(name)}; known names: {', '.join(ALL_VARIANTS)}")
    key = _key(name) if len(name) <= 200 else ""  # no name is longer: not read
    found = _BY_KEY.get(key) or (_BY_KEY.get(key[:-1]) if key.endswith("s") else None)
    if found is not None:
        return found
    if is_maija_name(name):
        raise UnknownVariantError(name, list(ALL_VARIANTS), (
            f"{name!r} is a Maija game, a beating game with an engine of its own: "
            f"find_variant({name!r}, family='maija') or trumpfamily.maija; known names: "
            f"{', '.join(ALL_VARIANTS)}"))
    raise UnknownVariantError(name, list(ALL_VARIANTS))
