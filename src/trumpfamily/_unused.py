"""Which options change nothing for a variant at a table size (internal).

:meth:`Variant.unused_options <trumpfamily.variants.Variant.unused_options>` and
:meth:`~trumpfamily.variants.Variant.unused_option_reasons` are the public face; the
cases, their reasons and their sources are listed in their docstring. An option is
*unused* when no value of it would change a game under the other options at that table
size: changing it alone changes no legal action, no card order and no payout. A value
that happens to have no effect while another value of the same option would have one
(``two_trick_win_above=5`` with four players) is not reported.

This module imports only the rule components' modules, never :mod:`trumpfamily.variants`
(which imports it). A bidding variant adds its own cases: no turn-up, the fixed hand
scores, and the bidding options other bidding options make idle
(:func:`trumpfamily.bidding.unused_options`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from .bidding.component import unused_options as bidding_unused
from .table import Table

if TYPE_CHECKING:
    from .variants import Variant

__all__ = ["POINTS_OPTIONS", "POOL_OPTIONS", "unused_reasons"]

#: The options only a pool game reads (OPTIONS.md "Winning a hand, jinking and the pool").
POOL_OPTIONS: Final = ("tricks_to_win", "two_trick_win_above", "ante", "dealer_ante",
                       "spoil_ante", "jinking", "jink_bonus")
#: The options only a points game reads.
POINTS_OPTIONS: Final = ("points_per_trick", "best_trump_bonus", "target", "five_tricks",
                         "target_tie")
#: The robbing options other than ``robbing`` itself.
_ROB_OPTIONS: Final = ("holder_rob", "dealer_rob", "unrobbed_ace", "rob_timing")
#: The points options a bidding game never reads: its tricks score by BIDDING.md §2.4
#: (``best_trump_bonus`` still says which trick earns the bonus).
_BIDDING_FIXED_SCORING: Final = ("points_per_trick", "five_tricks")
#: The options that only decide what may be played to a trump lead.
_TRUMP_LEAD_OPTIONS: Final = ("renege_cards", "renege_basis", "multi_privileged",
                              "ah_lead_requires_heart")


def table_sizes(table: Table) -> list[int]:
    """The player counts ``table`` allows (its partnerships dividing them), in order."""
    sizes = []
    for n in range(table.min_players, table.max_players + 1):
        try:
            table.side_count(n)
        except ValueError:  # PlayerCountError
            continue
        sizes.append(n)
    return sizes


def _no_partnership(players: int) -> bool:
    """No partnership mode splits ``players`` (pairs: even from 4; threes: 3k from 6)."""
    return not (players % 2 == 0 and players >= 4) and not (players % 3 == 0 and players >= 6)


def unused_reasons(variant: Variant, players: int | None) -> dict[str, str]:
    """Each unused option of ``variant`` with ``players`` seats (``None``: at every table
    size the variant allows) and why, in the order of the checks; the first reason found
    for an option is kept.

    Each reason completes "option NAME has no effect ...": a context ("with 4 players",
    "in a pool game") and, after a colon, why, with its source.
    """
    sizes = [players] if players is not None else table_sizes(variant.table)
    at_table = (f"with {players} players" if players is not None
                else f"with {sizes[0]} to {sizes[-1]} players" if len(sizes) > 1
                else f"with {sizes[0]} players")
    found: dict[str, str] = {}

    def add(names: Iterable[str], why: str) -> None:
        for name in names:
            found.setdefault(name, why)

    add(("misdeal",), "in any game: the engine deals every hand correctly, so there is "
                      "never a misdeal to settle (Table.misdeal; OPTIONS.md, RULES.md §3 row 30)")
    if variant.bidding is not None:
        add(("robbing", *_ROB_OPTIONS, "fiving"),
            "in a bidding game: the auction names trumps and no card is turned up, so "
            "there is nothing to rob or to five (BIDDING.md §2.2)")
        add(_BIDDING_FIXED_SCORING,
            "in a bidding game: a trick scores 5, and the bids decide what all five tricks "
            "earn (BIDDING.md §2.4, §3.6)")
        for name, why in bidding_unused(variant.bidding).items():
            add((name,), why)
    scoring = variant.scoring
    if scoring.scoring == "pool":
        add(POINTS_OPTIONS, "in a pool game (scoring='pool'): it is a points option "
                            "(OPTIONS.md: with scoring='points' the pool options are unused, "
                            "and the reverse)")
        if not variant.jinking.jinking:
            add(("jink_bonus",), "with jinking=False: nobody jinks, so no jink bonus is "
                                 "paid (RULES.md §1.6)")
        if all(scoring.tricks_needed(n) >= 5 for n in sizes):
            add(("jinking", "jink_bonus"),
                f"{at_table} and tricks_to_win={scoring.tricks_to_win}: the pool needs all "
                "five tricks, and a claim or a jink comes only before the last trick "
                "(RULES.md §1.6)")
        ttw = scoring.tricks_to_win
        if ttw is not None and ttw <= 2:
            add(("two_trick_win_above",),
                f"with tricks_to_win={ttw}: it lowers the tricks that win the pool to two, "
                "no fewer than already needed (RULES.md §3 row 18)")
    else:
        add(POOL_OPTIONS, "in a points game (scoring='points'): it is a pool option "
                          "(OPTIONS.md: with scoring='points' the pool options, jinking "
                          "included, are unused)")
    if not variant.robbing.robbing:
        add(_ROB_OPTIONS, "with robbing=False: nobody robs (RULES.md §1.5, §2.1.7 (3); "
                          "OPTIONS.md: the robbing options apply when robbing=True)")
    if all(n != 2 for n in sizes):
        add(("fiving",), f"{at_table}: fiving is played by two players only "
                         "(RULES.md §2.1.7 (6))")
    if all(_no_partnership(n) for n in sizes):
        add(("partnerships",), f"{at_table}: no partnership divides the table (pairs need "
                               "an even number of players from 4, threes a multiple of 3 "
                               "from 6; RULES.md §2.2.9, §3 row 31)")
    if variant.ranking.natural_order:
        add(("top_trumps", "plain_aces", *_TRUMP_LEAD_OPTIONS),
            "with natural_order=True: every suit is in the ordinary order A K Q J T ... 2, "
            "with no special cards and no trump privileged to renege (RULES.md §2.1.7 (1))")
    if variant.reneging.trump_lead == "free":
        add(_TRUMP_LEAD_OPTIONS, "with trump_lead='free': any card may be played to a "
                                 "trump lead (the Ace of Hearts led included), so no trump "
                                 "needs a privilege (RULES.md §1.4.3)")
    if variant.reneging.renege_cards == "5":
        add(("renege_basis", "multi_privileged"),
            "with renege_cards='5': the only privileged trump, the Five, is the highest "
            "trump, so it outranks whatever was led or played and is never one of several "
            "(RULES.md §3 rows 4-6)")
    return found
