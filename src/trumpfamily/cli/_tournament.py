"""``trumpfamily tournament``: a duplicate tournament between bots
(:func:`trumpfamily.tournament.tournament`), on this machine or a Dask cluster; prints
each bot's mean per hand with its 95 % confidence interval and win rate, and the
head-to-head table, or writes the result as JSON. The bots are named as for ``play
--bots`` (``trumpfamily.cli._bots``: a built-in bot, or one's own
``package.module:Class``), and the table is the variant's usual one
(:attr:`Table.usual_players <trumpfamily.table.Table.usual_players>`) when the bots
share it equally."""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import contextlib
import json
import os
import sys
import warnings
from typing import Any, TextIO

from ..demo import seed_text
from ..errors import InvalidArgumentError, UnknownVariantError
from ..tournament import TournamentResult, tournament
from ..variants import Variant, find_variant
from . import _bots
from ._common import (
    EXIT_OK,
    PROG,
    CommandError,
    Subparsers,
    add_option_argument,
    note,
    note_unused_options,
    variant_from,
)

__all__ = ["add_parser", "default_players", "game_and_bots", "run"]


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``tournament`` command to the command line's sub-parsers."""
    p = sub.add_parser(
        "tournament", parents=[common], help="a duplicate tournament between bots",
        description="Play a duplicate tournament between bots: every deal is played once "
                    "under each rotation of the seating, with the same cards, and each bot "
                    "is scored by its mean chips or points per hand, with a 95% confidence "
                    "interval over the deals, its win rate, and the head-to-head table. "
                    "Runs on a local process pool, or on a Dask cluster (--scheduler).",
        usage="%(prog)s [VARIANT] BOT BOT ... [--variant VARIANT] [options]",
        epilog="Example: trumpfamily tournament 'spoil five' rule-of-thumb random "
               "--deals 500 --seed 1 (or: trumpfamily tournament rule-of-thumb random "
               "--variant 'spoil five' ...)")
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="the game first, as in 'trumpfamily play' (a preset name or alias, "
                        "unless --variant names it), then a bot, at least two: "
                        + _bots.bot_help() + " (the same bot may be given twice: random "
                        "random)")
    p.add_argument("--variant", "-v", default=None, metavar="VARIANT",
                   help="the game, instead of the first argument: a preset name or alias "
                        "(see 'trumpfamily variants'), e.g. 'spoil five', 45")
    add_option_argument(p)
    p.add_argument("--players", "-p", type=int, default=None, metavar="N",
                   help="seats at the table (default: the variant's usual table, "
                        "Table.usual_players, 4 in every preset, when the number of bots "
                        "divides it; else the smallest table that seats every bot); the "
                        "bots are cycled over the seats")
    p.add_argument("--deals", "-n", type=int, default=100, metavar="D",
                   help="number of deals (default: 100)")
    p.add_argument("--seed", "-s", type=seed_text, default=None, metavar="S",
                   help="master seed of the deals and the bots: an integer or any text "
                        "(default: drawn at random and printed)")
    p.add_argument("--workers", "-w", type=int, default=None, metavar="W",
                   help="worker processes on this machine (default: one per CPU; 1 plays "
                        "in this process)")
    p.add_argument("--unit", choices=("hand", "game"), default="hand",
                   help="what a deal is: 'hand' (default), one hand; 'game', a whole game "
                        "to the target from one deck sequence under every rotation, scored "
                        "by game-win rates (the points games: Forty-Five and the bidding "
                        "games)")
    p.add_argument("--max-hands", type=int, default=60, metavar="H",
                   help="--unit game: hands after which a game still going goes to the "
                        "highest score, a tie a draw (default: 60)")
    p.add_argument("--no-duplicate", dest="duplicate", action="store_false",
                   help="play each deal once, not under every rotation of the seating")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="run on the Dask cluster whose scheduler is at ADDRESS (e.g. "
                        "tcp://10.0.0.5:8786); needs the dist extra: "
                        "pip install 'trumpfamily[dist]'")
    p.add_argument("--json", metavar="FILE", default=None,
                   help="also write the whole result as JSON to FILE ('-': standard "
                        "output, instead of the table)")
    p.add_argument("--no-progress", dest="progress", action="store_false",
                   help="no progress bar (one is shown on a terminal when tqdm is installed)")
    p.set_defaults(func=run)


def _client(address: str) -> Any:
    """A Dask client connected to the scheduler at ``address``."""
    try:
        from distributed import Client
    except ImportError:
        raise CommandError("--scheduler needs Dask's distributed package: "
                           "pip install 'trumpfamily[dist]'") from None
    connect: Any = Client  # distributed's Client is not typed
    try:
        return connect(address, timeout=30)
    except (OSError, TimeoutError, ValueError) as error:
        raise CommandError(f"cannot connect to the Dask scheduler at {address}: {error}") \
            from None


def _write_json(result: TournamentResult, path: str, out: TextIO) -> None:
    text = json.dumps(result.to_json(), indent=2) + "\n"
    if path == "-":
        out.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None


def game_and_bots(variant: str | None, words: list[str]) -> tuple[str, list[str]]:
    """The game and the bots of ``trumpfamily tournament [VARIANT] BOT BOT...``: the game
    is ``--variant`` (``variant``), or else the first argument, which must then be a
    preset's name or alias (:func:`~trumpfamily.variants.find_variant`).

    Raises:
        CommandError: the game given twice (``--variant`` and a preset first), or not
            at all (exit 2).
    """
    first = words[0] if words else None
    first_is_game = first is not None and _is_preset(first)
    if variant is not None:
        if first_is_game:
            raise CommandError(f"the game is given twice: {first!r} and --variant "
                               f"{variant!r}; give it once, first or with --variant")
        return variant, words
    if not first_is_game:
        raise CommandError(f"name the game first: '{PROG} tournament VARIANT BOT BOT ...' "
                           f"(or --variant VARIANT); {first!r} is not a preset (see "
                           f"'{PROG} variants')")
    assert first is not None
    return first, words[1:]


def _fallback_noted(specs: list[str], variant: Variant) -> bool:
    """Note once, on standard error, each bot that plays a bidding game by a simpler
    player's choices (:func:`trumpfamily.cli._bots.fallback_notes`), instead of the
    library's warning from every bot and every worker; whether any was noted. A bot that
    cannot be made is left for :func:`~trumpfamily.tournament.tournament` to name."""
    made = []
    for spec in specs:
        try:
            made.append((spec, _bots.factory(spec)(0)))
        except (InvalidArgumentError, TypeError):
            continue
    notes = _bots.fallback_notes(made, variant)
    for text in notes:
        note("tournament", text)
    return bool(notes)


def _is_preset(name: str) -> bool:
    try:
        find_variant(name)
    except UnknownVariantError:
        return False
    return True


def default_players(variant: Variant, bots: list[str]) -> int | None:
    """The table of a tournament when ``--players`` is not given: the variant's usual one
    (:attr:`Table.usual_players <trumpfamily.table.Table.usual_players>`) when the bots
    share it equally (their number divides it); else ``None``, the smallest table that
    seats every bot (:func:`~trumpfamily.tournament.tournament`'s own default)."""
    usual = variant.table.usual_players
    return usual if bots and usual % len(bots) == 0 else None


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play the tournament and print its table to ``out``; returns the exit status.

    Raises:
        CommandError: ``--scheduler`` without the dist extra or unreachable, a JSON file
            that cannot be written, a bad ``--option`` value (exit 2).
        InvalidArgumentError: an unknown bot, bad bot arguments, fewer than two bots or
            more bots than seats, a bad ``--deals`` or ``--workers`` (exit 2).
        PlayerCountError, UnknownVariantError: as for the library (exit 2).
    """
    name, args.bots = game_and_bots(args.variant, args.bots)
    variant = variant_from(name, args.option)
    players = args.players if args.players is not None else default_players(variant, args.bots)
    note_unused_options("tournament", variant, args.option, players)
    quiet = _fallback_noted(args.bots, variant)
    workers = args.workers
    client = _client(args.scheduler) if args.scheduler else None
    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(warnings.catch_warnings())
            executor: Any = None
            if quiet:  # said once above: not by each bot, nor by each worker
                _bots.ignore_fallback_warnings()
            if client is not None:
                executor = client.get_executor()
            elif workers == 1:
                executor = "serial"
            elif quiet:  # a pool of workers that ignore the warning
                executor = stack.enter_context(cf.ProcessPoolExecutor(
                    max_workers=workers or os.cpu_count() or 1,
                    initializer=_bots.ignore_fallback_warnings))
            result = tournament([_bots.canonical(bot) for bot in args.bots], variant,
                                deals=args.deals, players=players,
                                duplicate=args.duplicate, seed=args.seed, executor=executor,
                                workers=None if client is not None or quiet else workers,
                                progress=args.progress and sys.stderr is not None,
                                unit=args.unit, max_hands=args.max_hands)
    finally:
        if client is not None:
            client.close()
    if args.json is not None:
        _write_json(result, args.json, out)
    if args.json != "-":
        print(result.table(), file=out)
    return EXIT_OK
