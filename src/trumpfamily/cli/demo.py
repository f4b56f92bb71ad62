"""``trumpfamily demo``: watch bots play a game of every turn-up preset and a hand of
Auction Forty-Fives, those that suit the player count (:func:`trumpfamily.demo.play_all`);
also ``python -m trumpfamily``."""

from __future__ import annotations

import argparse
from typing import TextIO

from .. import demo
from ..narrate import Style
from ._common import EXIT_OK, Subparsers, note

__all__ = ["add_parser", "run"]


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``demo`` command to the command line's sub-parsers."""
    p = sub.add_parser(
        "demo", parents=[common],
        help="watch bots play the turn-up presets and a bidding hand",
        description="Watch bots play a game of every turn-up preset, then a hand of a "
                    "bidding game, those that suit the player count, with every deal, rob, "
                    "bid, trick and payout printed: a pool game (Maw, Spoil Five, "
                    f"Twenty-Five) for {demo.POOL_HANDS} hands, a points game (Forty-Five) "
                    f"to its target, and {demo.BIDDING_HANDS} hand of Auction Forty-Fives "
                    "(the auction, trumps named, the discards and the draw, the play and "
                    "the contract scored). Seat 0 is the rule-of-thumb bot, the others play "
                    "at random. 'python -m trumpfamily' with no arguments runs it.")
    demo.add_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play and print the demo to ``out``; returns the exit status.

    Raises:
        PlayerCountError: no preset is played by ``--players`` players (exit 2).
    """
    for text in getattr(args, "deprecated", ()):  # -n, the old spelling of --players
        note("demo", text)
    style = Style.for_stream(out, args.color)
    demo.play_all(seed=args.seed, players=args.players, style=style,
                  out=lambda line: print(line, file=out))
    return EXIT_OK
