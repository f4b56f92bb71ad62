"""What the commands share: exit statuses, the command error, option values from the
command line, and the pieces of the argument parser."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn, TextIO, TypeAlias

from ..bidding import EXTRA_BID
from ..errors import InvalidVariantError
from ..variants import BIDDING_OPTION_SPECS, OPTION_SPECS, Variant, find_variant

__all__ = [
    "EXIT_FAILURE",
    "EXIT_OK",
    "EXIT_USAGE",
    "PROG",
    "Command",
    "CommandError",
    "Parser",
    "Subparsers",
    "add_option_argument",
    "add_variant_argument",
    "note",
    "note_unused_options",
    "parse_option",
    "parse_option_value",
    "players_text",
    "scoring_text",
    "variant_from",
]

#: Exit status of a command that did what was asked.
EXIT_OK: Final = 0
#: Exit status when a file is not a record or does not verify (or, for ``--resume``,
#: holds a finished game), the answers run out before the game does (standard input a
#: file or a pipe), or the output cannot be written. Leaving a game at the prompt
#: (``quit``) is no failure: :data:`EXIT_OK`.
EXIT_FAILURE: Final = 1
#: Exit status for bad command-line input (an unknown command, variant, option, card,
#: suit or bot, a bad argument, a ``--save`` file that cannot be written).
EXIT_USAGE: Final = 2

#: The program's name in messages.
PROG: Final = "trumpfamily"

#: A command: reads its parsed arguments, writes to the stream, returns the exit status.
Command: TypeAlias = Callable[[argparse.Namespace, TextIO], int]
#: What ``add_subparsers`` returns (each command module adds its parser to it).
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class CommandError(Exception):
    """A command cannot go on: :func:`~trumpfamily.cli.main` prints the message on one
    line of standard error and returns ``code``.

    Args:
        message: what went wrong.
        code: the exit status (:data:`~trumpfamily.cli.EXIT_USAGE` unless said).
        label: the word before the message (``error``, ``game abandoned``).
    """

    def __init__(self, message: str, code: int = EXIT_USAGE, label: str = "error") -> None:
        super().__init__(message)
        self.code, self.label = code, label


# -- option values --------------------------------------------------------------------

_INT: Final = re.compile(r"[+-]?\d+")


def parse_option_value(text: str) -> bool | int | str | None:
    """Read an option value written on the command line.

    ``true`` / ``false`` (any case) give a bool, an integer gives an int, ``unset`` (or
    ``none``, where ``none`` is not one of the option's words: see ``--option``) gives
    ``None``; anything else is kept as the string. The variant checks the value
    (:meth:`~trumpfamily.variants.Variant.with_options`).

    Args:
        text: the value as typed.

    Returns:
        The value.

    >>> from trumpfamily.cli import parse_option_value
    >>> parse_option_value("True"), parse_option_value("45"), parse_option_value("none")
    (True, 45, None)
    >>> parse_option_value("5-J-AH")
    '5-J-AH'
    """
    word = text.strip()
    lowered = word.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "unset"):
        return None
    if _INT.fullmatch(word):
        return int(word)
    return word


def parse_option(text: str) -> tuple[str, bool | int | str | None]:
    """Split ``NAME=VALUE`` into the option name and its value.

    Args:
        text: the ``--option`` argument.

    Returns:
        ``(name, value)``; hyphens in the name become underscores, and the value is read
        by :func:`parse_option_value`.

    Raises:
        argparse.ArgumentTypeError: no ``=``, or an empty name.

    >>> from trumpfamily.cli import parse_option
    >>> parse_option("ah_lead_requires_heart=false")
    ('ah_lead_requires_heart', False)
    """
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or not name:
        raise argparse.ArgumentTypeError(
            f"expected NAME=VALUE, e.g. ah_lead_requires_heart=false; got {text!r}")
    return name, parse_option_value(value)


def _option_text(text: str) -> tuple[str, str]:
    """argparse type of ``--option``: check the ``NAME=VALUE`` form, keep the value's text."""
    name, _ = parse_option(text)
    return name, text.partition("=")[2].strip()


def _convert(name: str, text: str, variant: Variant | None = None) -> Any:
    """An option value from its text: the option's own reading
    (:meth:`OptionSpec.parse <trumpfamily.variants.OptionSpec.parse>`: an option whose
    values are words keeps the text, ``renege_cards=5`` is the string ``"5"``; the word
    ``none`` is that word wherever it is one of the option's values, ``best_trump_bonus=none``;
    a bidding option's pair or table, ``min_bid_near_end=100,20``, ``draw_limit=6:3``), the
    options of ``variant`` (:meth:`Variant.option_specs
    <trumpfamily.variants.Variant.option_specs>`; without one, those of every game). A name
    the variant does not have is read by :func:`parse_option_value`, for
    :meth:`~trumpfamily.variants.Variant.with_options` to refuse with the valid names."""
    specs = variant.option_specs() if variant is not None else OPTION_SPECS
    found = specs.get(name)
    if found is not None:
        return found[1].parse(text)
    return parse_option_value(text)


def variant_from(name: str, options: Sequence[tuple[str, str]] | None) -> Variant:
    """The preset ``name`` with the ``--option`` values applied.

    Raises:
        CommandError: an option value the variant refuses (worded for the command line).
        UnknownVariantError: no preset has that name.
    """
    variant = find_variant(name)
    changes = {key: _convert(key, text, variant) for key, text in options or ()}
    try:
        return variant.with_options(**changes) if changes else variant
    except InvalidVariantError as error:
        raise CommandError(_command_line_words(str(error))) from None


_PYTHON_CALL: Final = re.compile(
    r"e\.g\. (?:(?P<preset>[A-Z][A-Z0-9_]*)\.)?with_options\((?P<args>[^)]*)\)")

#: The values of the options that are neither a choice, a flag nor an int, in the words of
#: the command line, by their :attr:`OptionSpec.kind <trumpfamily.variants.OptionSpec.kind>`.
VALUES_TEXT: Final = {
    "pair": "two integers THRESHOLD,MINIMUM, e.g. 100,20",  # min_bid_near_end (B3)
    "limits": ("an integer from 0 to 5 at every table, or a limit by player count "
               "PLAYERS:LIMIT,..., e.g. 6:3,7:2"),  # draw_limit (K7)
}


def _command_line_words(message: str) -> str:
    """A library message with its Python example (``e.g. with_options(a='x', b=...)``)
    written as command-line options (``e.g. -o a=x -o b=VALUE``; a preset named in it,
    ``AUCTION_45.with_options(...)``, by its alias), and the valid values of a bidding
    option's pair or limits in the words ``--option`` takes."""
    def options(match: re.Match[str]) -> str:
        words = []
        for item in match.group("args").split(","):
            name, _, value = item.strip().partition("=")
            value = "VALUE" if value == "..." else value.strip("'\"")
            words.append(f"-o {name}={value}")
        preset = _PRESETS.get(match.group("preset") or "")
        if preset is not None:
            return f"e.g. '{preset.aliases[0] if preset.aliases else preset.name}' " + " ".join(words)
        return "set them with -o NAME=VALUE, e.g. " + " ".join(words)
    message = _PYTHON_CALL.sub(options, message)
    for _, spec in BIDDING_OPTION_SPECS.values():
        if spec.kind in VALUES_TEXT:
            message = message.replace(f"valid values: {spec.describe()}",
                                      f"valid values: {VALUES_TEXT[spec.kind]}, or unset")
    return message


# -- words about a variant ----------------------------------------------------------------

def players_text(variant: Variant) -> str:
    """The player counts of ``variant``: ``"2-10"``, or the counts one by one when the
    partnerships or the stock leave one out (``"2-4, 6"`` for Newfoundland 120s;
    :meth:`Variant.player_counts <trumpfamily.variants.Variant.player_counts>`)."""
    allowed = variant.player_counts()
    runs: list[list[int]] = []
    for n in allowed:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def scoring_text(variant: Variant) -> str:
    """How ``variant`` scores: ``"pool: first to 3 tricks"``, ``"points: 5 a trick, to 45"``,
    or for a bidding game its bids and end: ``"bids: 15-30, to 120"``, ``"bids: 10-25 or
    60, kitty 5, to 55"``."""
    b = variant.bidding
    if b is not None:
        bids = f"{b.min_bid}-{b.max_bid}" if b.max_bid > b.min_bid else f"{b.min_bid}"
        if b.extra_bid is not None:
            bids += f" or {EXTRA_BID}"
        kitty = f", kitty {b.kitty}" if b.kitty else ""
        end = f"to {b.target}" if b.finish == "points" else f"{b.finish_hands} hands"
        return f"bids: {bids}{kitty}, {end}"
    s = variant.scoring
    if s.scoring == "pool":
        return f"pool: first to {s.tricks_to_win} tricks"
    return f"points: {s.points_per_trick} a trick, to {s.target}"


# -- the parser -------------------------------------------------------------------------

class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error (the usage is
    in ``--help``), like every other error of the command line."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` and exit with :data:`EXIT_USAGE`."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse ignores a failed write (--help to a full disk): let main() report it.
        if message:
            (file or sys.stderr).write(message)


def _preset_constants() -> dict[str, Variant]:
    """The presets by the names of their constants in :mod:`trumpfamily.variants`
    (``"AUCTION_45"``), as the library's messages name them."""
    from .. import variants

    return {name: value for name, value in vars(variants).items()
            if name.isupper() and isinstance(value, Variant)}


_PRESETS: Final = _preset_constants()


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--option NAME=VALUE`` (repeatable) to ``parser``."""
    names = ", ".join(OPTION_SPECS)
    bidding = ", ".join(n for n in BIDDING_OPTION_SPECS if n not in OPTION_SPECS)
    parser.add_argument(
        "--option", "-o", metavar="NAME=VALUE", action="append", type=_option_text, default=[],
        help="a house rule (repeatable): true/false, integers and none are converted, other "
             f"values are strings ('trumpfamily options NAME' gives the values). Options: "
             f"{names}. The bidding games also have: {bidding} (in them target and "
             "target_tie are the bidding game's); a pair is written min_bid_near_end=100,20, "
             "limits by player count draw_limit=6:3,7:2")


def add_variant_argument(parser: argparse.ArgumentParser, *, optional: bool = False) -> None:
    """Add the ``VARIANT`` argument to ``parser`` (``optional``: it may be left out)."""
    parser.add_argument("variant", metavar="VARIANT", nargs="?" if optional else None,
                        help="a preset name or alias (see 'trumpfamily variants'), e.g. "
                             "'spoil five', 25, 45s, maw")


def note_unused_options(command: str, variant: Variant,
                        options: Sequence[tuple[str, str]] | None,
                        players: int | None = None) -> list[str]:
    """Note on standard error each option given with ``--option`` that changes nothing in
    ``variant`` with ``players`` seats (:meth:`~trumpfamily.variants.Variant.unused_options`;
    ``None``: at any table size). Such an option is reported, never refused.

    Returns:
        The notes printed, each ``"option NAME has no effect ..."``.
    """
    given = {name for name, _ in options or ()}
    reasons = variant.unused_option_reasons(players)
    notes = [f"option {name} has no effect {why}" for name, why in reasons.items()
             if name in given]
    for text in notes:
        note(command, text)
    return notes


def note(command: str, text: str) -> None:
    """Print ``trumpfamily COMMAND: note: TEXT`` on standard error (if it is open): a
    remark that stops nothing."""
    if sys.stderr is not None:  # not started with standard error closed
        print(f"{PROG} {command}: note: {text}", file=sys.stderr)
