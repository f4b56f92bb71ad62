"""The ``trumpfamily`` command line: list presets, print their rules and options, explain
a position, play in the terminal, replay saved games and hands, and watch the demo. Every
command takes the bidding games too (Auction Forty-Fives, Newfoundland 120s...; BIDDING.md):
their options (``--option min_bid_near_end=100,20``, ``draw_limit=6:3``), and at the prompt
``bid 20``, ``pass``, ``trump H`` and ``discard 5H 2C``. The Maija beating games
(Mustamaija, Spardame, Kitumaija; MAIJA.md) take ``play``, ``rules``, ``variants`` and
``explain`` (``--trick`` the cards to beat, ``--action "beat 9H/7H"`` one action checked),
through ``trumpfamily.cli.maija``.

Commands (``trumpfamily COMMAND --help`` describes each one)::

    trumpfamily variants
    trumpfamily rules VARIANT [--trump S] [--option NAME=VALUE ...]
    trumpfamily options [NAME]
    trumpfamily explain VARIANT --trump C --trick "8C 5C" --hand "JC KD 3H" [--option ...]
    trumpfamily play VARIANT [--players N] [--seed S] [--human SEAT] [--option ...]
                     [--deals K] [--bots BOT] [--save FILE]
    trumpfamily play --resume FILE [--human SEAT|none] [--bots BOT] [--save FILE]
    trumpfamily replay FILE [--seat N]
    trumpfamily review FILE --seat N [--budget B] [--seed S] [--worst K] [--in-order]
    trumpfamily analyse FILE [--after N] [--hand H] [--seat N] [--budget B] [--seed S]
    trumpfamily demo [--seed S] [--players N]
    trumpfamily tournament VARIANT BOT BOT... [--deals D] [--players N] [--seed S]
                     [--workers W] [--no-duplicate] [--scheduler ADDRESS] [--json FILE]
    trumpfamily tournament BOT BOT... --variant VARIANT [...]
    trumpfamily serve [--host 127.0.0.1] [--port 8045] [--store DIR] [--key-file FILE]
                     [--bot NAME=package.module:Class ...] [--timer SECONDS]
    trumpfamily bot --connect URL (--seat-token T | --code CODE) [BOT] [--seat N] [--seed S]

Every command also takes ``--color auto|always|never``. A seed is an integer or any text.
The flags mean one thing everywhere: ``--players``/``-p`` the players, ``--deals`` the
deals (``-n`` too in ``tournament``; in ``play`` and ``demo``, ``-n`` is the old
spelling of ``--players``, and in ``play`` ``--hands`` that of ``--deals``, still read,
with a note on standard error). The game is the first argument (``tournament`` also
takes ``--variant``/``-v``).
The table is the variant's usual one unless ``--players`` says otherwise
(:attr:`Table.usual_players <trumpfamily.table.Table.usual_players>`: 4 in every
preset; a tournament whose bots do not share it equally gets the smallest table that
seats them). A ``BOT`` is a built-in bot of :data:`trumpfamily.tournament.BOTS` by name
(``rule-of-thumb``, or ``thumb``; ``context-rule-of-thumb``, ``random``, ``sample-solve``,
``ismcts``), with ``:key=value,...`` arguments, or a bot of your own,
``package.module:Class``, made by the one loader
:func:`~trumpfamily.tournament.bot_factory` (the module imported by its dotted name alone).
An ``--option`` that changes nothing for the variant at that table
(:meth:`Variant.unused_options <trumpfamily.variants.Variant.unused_options>`) is
reported with a note on standard error (``trumpfamily play: note: option fiving has no
effect with 4 players: ...``), not refused.

``python -m trumpfamily`` runs the same commands, and with no arguments the demo.

One module per command, each a thin layer over the public API:
:mod:`~trumpfamily.cli.variants`, :mod:`~trumpfamily.cli.rules`,
:mod:`~trumpfamily.cli.options`, :mod:`~trumpfamily.cli.explain`,
:mod:`~trumpfamily.cli.play` (with the human seat's :mod:`~trumpfamily.cli.prompt`),
:mod:`~trumpfamily.cli.replay`, :mod:`~trumpfamily.cli.review` (a seat's decisions in a
record against the best ones), :mod:`~trumpfamily.cli.analyse` (every legal action of a
position valued), :mod:`~trumpfamily.cli.demo`, ``cli._tournament``
(:func:`trumpfamily.tournament.tournament`) ``cli.serve`` (the game
server, :mod:`trumpfamily.server`) and ``cli.botclient`` (a bot on a server's seat,
:mod:`trumpfamily.server.client`). Each adds its sub-parser (``add_parser``) and runs it
(``run``). Every rule printed comes from the library
(:meth:`~trumpfamily.ranking.Ranking.trump_order`,
:meth:`~trumpfamily.variants.Variant.options`, :func:`~trumpfamily.play.check_play`), and
every hand played or replayed is told by :class:`~trumpfamily.narrate.Narrator` from its
events, so the command line cannot disagree with the API.

Exit status: :data:`EXIT_OK` (0) on success, and when you leave a game at the prompt
(``quit``, or Ctrl-D at a terminal: ``Game left``, saved with ``--save``);
:data:`EXIT_FAILURE` (1) when a file is not a record or does not verify (or, for
``--resume``, holds a finished game), the answers run out before the game does (standard
input a file or a pipe) or the output cannot be written; :data:`EXIT_USAGE` (2) for bad
input on the command line: an unknown command, variant, option, card, suit or bot, a bad
argument, a ``--save`` file that cannot be written. Every error is one line on standard
error (``trumpfamily COMMAND: error: ...``), never a traceback.

>>> from trumpfamily.cli import main
>>> main(["explain", "45", "--trump", "C", "--trick", "AH", "--hand", "KH 9D 3S"])
Forty-Five, clubs trumps. Trick so far: AH. Hand: KH 9D 3S.
Legal: KH
  KH may be played: the Ace of Hearts was led and you hold no trump: KH is a heart, and a heart must be played (option ah_lead_requires_heart=True, W45; RULES.md §1.4.3)
  9D may not be played: the Ace of Hearts was led, you hold no trump and hold KH: you must play a heart (option ah_lead_requires_heart=True, W45; RULES.md §1.4.3)
  3S may not be played: the Ace of Hearts was led, you hold no trump and hold KH: you must play a heart (option ah_lead_requires_heart=True, W45; RULES.md §1.4.3)
0
"""

from __future__ import annotations

import argparse
import sys
from typing import Final

from .._version import __version__
from ..errors import TrumpFamilyError
from ..narrate import Style
from . import (
    _tournament,
    analyse,
    botclient,
    demo,
    explain,
    options,
    play,
    replay,
    review,
    rules,
    serve,
    variants,
)
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    Command,
    CommandError,
    Parser,
    parse_option,
    parse_option_value,
)
from ._streams import exit_code, fail, flush, output_failed, silence_stdout, stdout_closed

__all__ = [
    "EXIT_FAILURE",
    "EXIT_OK",
    "EXIT_USAGE",
    "CommandError",
    "Style",
    "build_parser",
    "main",
    "parse_option",
    "parse_option_value",
]

#: The command modules, in the order ``--help`` lists them.
_COMMANDS: Final = (
    variants, rules, options, explain, play, replay, review, analyse, demo, _tournament, serve,
    botclient)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line: one sub-parser per command module.

    Returns:
        The parser; ``parse_args`` sets ``func`` to the command's ``run``.
    """
    common = Parser(add_help=False)
    common.add_argument("--color", "--colour", choices=("auto", "always", "never"), default="auto",
                        help="colour and suit symbols: auto (on a terminal, unless NO_COLOR "
                             "is set), always or never (default: auto)")
    parser = Parser(
        prog=PROG,
        description="Rules of the Maw family of card games (Maw, Spoil Five, Twenty-Five, "
                    "Forty-Five, and the bidding games: Auction Forty-Fives, Newfoundland "
                    "120s, Nova Scotia 45s, Fifty-Five, One Hundred and Ten, Two Hundred and "
                    "Twenty, American Hundred and Ten): print the card orders and options of "
                    "a preset, explain which cards may be played, play or replay a game, "
                    "review a seat's decisions and analyse a position.",
        epilog="Without a command, 'python -m trumpfamily' runs the demo.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in _COMMANDS:
        module.add_parser(sub, common)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line.

    Args:
        argv: the arguments after the program name (default: ``sys.argv[1:]``).

    Returns:
        The exit status: :data:`EXIT_OK`, :data:`EXIT_FAILURE` or :data:`EXIT_USAGE`.
        Bad input is reported on standard error in one line, never with a traceback.
    """
    words = sys.argv[1:] if argv is None else list(argv)
    if sys.stdout is None:  # started with standard output closed (``>&-``)
        return stdout_closed(words)
    try:
        args = build_parser().parse_args(words)
    except SystemExit as stop:  # --help, --version, or a usage error already printed
        try:
            sys.stdout.flush()
        except OSError as error:
            return output_failed(words, error)
        return exit_code(stop)
    except OSError as error:  # --help or --version to a full disk
        return output_failed(words, error)
    return _run(args.func, args)


def _run(command: Command, args: argparse.Namespace) -> int:
    """Run ``command``; every failure becomes one line on standard error."""
    out = sys.stdout
    try:
        code = command(args, out)
        out.flush()  # a full disk must be reported here, not at interpreter exit
        return code
    except CommandError as error:
        return fail(args.command, str(error), error.code, error.label)
    except TrumpFamilyError as error:
        return fail(args.command, str(error), EXIT_USAGE)
    except KeyboardInterrupt:
        flush(sys.stdout)
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. '| head'): stop quietly
        silence_stdout()
        return EXIT_FAILURE
    except OSError as error:  # standard output cannot be written (a full disk, /dev/full)
        silence_stdout()
        return fail(args.command, "cannot write to standard output: "
                    f"{error.strerror or error}", EXIT_FAILURE)
    except Exception as error:  # noqa: BLE001  # pragma: no cover - a bug
        # still one line on standard error, never a traceback
        return fail(args.command, f"internal error ({type(error).__name__}: {error}); "
                    "please report it", EXIT_FAILURE)
