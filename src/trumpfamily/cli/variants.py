"""``trumpfamily variants``: the presets, their player counts, scoring and aliases
(:data:`~trumpfamily.variants.VARIANTS`)."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..narrate import Style
from ..variants import VARIANTS
from ._common import EXIT_OK, PROG, Subparsers, players_text, scoring_text

__all__ = ["add_parser", "run"]


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``variants`` command to the command line's sub-parsers."""
    p = sub.add_parser("variants", parents=[common], help="list the presets",
                       description="List the presets with their player counts, scoring and "
                                   "aliases.")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the table of presets to ``out``; returns the exit status."""
    style = Style.for_stream(out, args.color)
    rows = [(v.name, players_text(v), scoring_text(v), ", ".join(v.aliases))
            for v in VARIANTS.values()]
    heads = ("preset", "players", "scoring", "also called")
    widths = [max(len(r[i]) for r in (heads, *rows)) for i in range(3)]
    line = "  ".join(h.ljust(w) for h, w in zip(heads, widths)) + "  " + heads[3]
    print(style.bold(line.rstrip()), file=out)
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)) + "  " + row[3], file=out)
    print(f"\nNames and aliases ignore case, spaces and hyphens. Details: {PROG} rules VARIANT",
          file=out)
    return EXIT_OK
