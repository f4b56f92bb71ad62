"""``trumpfamily variants``: the presets, their player counts, scoring and aliases: the
games that turn up trumps (:data:`~trumpfamily.variants.VARIANTS`), then the bidding
games (:data:`~trumpfamily.variants.BIDDING_VARIANTS`), then the beating games of the
Maija family (``trumpfamily.maija.MAIJA_VARIANTS``, MAIJA.md)."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from ..narrate import Style
from ..variants import BIDDING_VARIANTS, VARIANTS
from . import maija
from ._common import EXIT_OK, PROG, Subparsers, players_text, scoring_text

__all__ = ["add_parser", "run"]

#: The two groups of presets, each with its heading.
_GROUPS: Final = (
    ("Turn-up games: a card turned up makes trumps", VARIANTS),
    ("Bidding games: an auction, and the highest bidder names trumps (BIDDING.md)",
     BIDDING_VARIANTS),
)


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``variants`` command to the command line's sub-parsers."""
    p = sub.add_parser("variants", parents=[common], help="list the presets",
                       description="List the presets with their player counts, scoring and "
                                   "aliases: the games that turn up trumps, then the bidding "
                                   "games, whose trumps are named by the highest bidder, "
                                   "then the Maija beating games.")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the table of presets to ``out``; returns the exit status."""
    style = Style.for_stream(out, args.color)
    groups = [(title, [(v.name, players_text(v), scoring_text(v), ", ".join(v.aliases))
                       for v in presets.values()]) for title, presets in _GROUPS]
    groups.append((maija.GROUP_TITLE, maija.variant_rows()))
    heads = ("preset", "players", "scoring", "also called")
    everything = [heads, *(row for _, rows in groups for row in rows)]
    widths = [max(len(r[i]) for r in everything) for i in range(3)]
    line = "  ".join(h.ljust(w) for h, w in zip(heads, widths)) + "  " + heads[3]
    print(style.bold(line.rstrip()), file=out)
    for number, (title, rows) in enumerate(groups):
        if number:
            print(file=out)
        print(style.dim(title), file=out)
        for row in rows:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)) + "  " + row[3], file=out)
    print(f"\nNames and aliases ignore case, spaces and hyphens. Details: {PROG} rules VARIANT",
          file=out)
    return EXIT_OK
