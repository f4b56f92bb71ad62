"""``trumpfamily options [NAME]``: every option (or one), with its valid values, its value
in each preset and what it means.

Generated from the library, never typed out again: the values from
:data:`~trumpfamily.variants.OPTION_SPECS` (the options of every game) and
:data:`~trumpfamily.variants.BIDDING_OPTION_SPECS` (those of the bidding games only), the
presets' values from :meth:`Variant.options <trumpfamily.variants.Variant.options>`, the
meaning from the option's own summary and its entry in its rule component's docstring (the
``Attributes:`` of :class:`~trumpfamily.ranking.Ranking`,
:class:`~trumpfamily.scoring.Scoring`, :class:`~trumpfamily.bidding.Bidding`...), and the
presets where it has no effect from :meth:`Variant.unused_option_reasons
<trumpfamily.variants.Variant.unused_option_reasons>`.

Two names are options of both kinds (BIDDING.md §7): ``target`` and ``target_tie`` of the
scoring component in the games that turn up trumps, and of the bidding component, with
other values, in the bidding games; ``trumpfamily options target`` describes both.
"""

from __future__ import annotations

import argparse
import inspect
import re
import textwrap
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final, TextIO

from ..narrate import Style
from ..variants import (
    ALL_VARIANTS,
    BIDDING_OPTION_SPECS,
    BIDDING_VARIANTS,
    OPTION_SPECS,
    VARIANTS,
    OptionSpec,
    Variant,
)
from ._common import EXIT_OK, PROG, VALUES_TEXT, CommandError, Subparsers

__all__ = ["add_parser", "attribute_docs", "option_lines", "run", "value_text"]

#: Every option name, those of every game first, then those of the bidding games only.
_NAMES: Final = (*OPTION_SPECS, *(n for n in BIDDING_OPTION_SPECS if n not in OPTION_SPECS))
#: The heading of the bidding games' options in the list of every option.
_BIDDING_HEADING: Final = (
    "The options of the bidding games only (BIDDING.md §7). In a bidding game target and "
    "target_tie are the bidding component's, below, not the scoring component's above.")
#: The width the descriptions are wrapped to, in columns.
WIDTH: Final = 78

#: A cross-reference in a docstring: ``:role:`~a.b.c``` or ``:role:`text <target>```.
_ROLE: Final = re.compile(r":\w+:`(~?)([^`<]+?)(?:\s*<[^`>]*>)?`")


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``options`` command to the command line's sub-parsers."""
    p = sub.add_parser("options", parents=[common], help="the options: values, presets, meaning",
                       description="List every option (or one) that --option NAME=VALUE "
                                   "sets: its valid values, its value in each preset, what "
                                   "it means, and the presets where it has no effect; the "
                                   "options of every game, then those of the bidding games.")
    p.add_argument("name", metavar="NAME", nargs="?", default=None,
                   help="one option, e.g. jink_bonus or min_bid (default: every option)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the options (or ``args.name``) to ``out``; returns the exit status.

    Raises:
        CommandError: no option has that name (exit 2).
    """
    style = Style.for_stream(out, args.color)
    blocks: list[list[str]]
    if args.name is not None:
        name = args.name.strip().lower().replace("-", "_")
        if name not in _NAMES:
            raise CommandError(f"unknown option {args.name!r}; valid options: {', '.join(_NAMES)}")
        blocks = []
        if name in OPTION_SPECS:
            blocks.append(option_lines(name, style))
        if name in BIDDING_OPTION_SPECS:
            blocks.append(option_lines(name, style, bidding=True))
    else:
        blocks = [_wrap(f"Every option, set with '{PROG} COMMAND --option NAME=VALUE' "
                        f"('{PROG} rules VARIANT' shows the values in force).", "", "")]
        blocks += [option_lines(name, style) for name in OPTION_SPECS]
        blocks.append([style.bold(line) for line in _wrap(_BIDDING_HEADING, "", "")])
        blocks += [option_lines(name, style, bidding=True) for name in BIDDING_OPTION_SPECS]
    for number, block in enumerate(blocks):
        if number:
            print(file=out)
        for line in block:
            print(line, file=out)
    return EXIT_OK


def value_text(value: Any) -> str:
    """An option value as ``--option`` takes it: ``true``, ``unset``, ``3``, ``third``
    (``unset`` is ``None``: an option the variant does not use; ``none`` is a word some
    options take, such as ``best_trump_bonus=none``)."""
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):  # min_bid_near_end=100,20; draw_limit=6:3,7:2
        if all(isinstance(v, tuple) for v in value):
            return ",".join(":".join(map(str, pair)) for pair in value) if value else "{}"
        return ",".join(map(str, value))
    return str(value)


def _values(spec: OptionSpec) -> str:
    """The valid values in the words of the command line."""
    if spec.kind == "choice":
        text = ", ".join(value_text(v) for v in spec.values)
    elif spec.kind == "flag":
        text = "true, false"
    elif spec.kind == "int":
        top = "" if spec.maximum is None else f" to {spec.maximum}"
        text = f"an integer from {spec.minimum}{top}"
    elif spec.kind in VALUES_TEXT:  # min_bid_near_end, draw_limit (BIDDING.md §3.3, §3.4)
        text = VALUES_TEXT[spec.kind]
    else:  # pragma: no cover - a kind of option this command does not know yet
        return spec.describe()
    return text + (", or unset" if spec.optional else "")


def _plain(text: str) -> str:
    """Docstring markup as plain text: ``x`` and :role:`~a.b.x` become x."""
    text = _ROLE.sub(lambda m: m.group(2).rsplit(".", 1)[-1] if m.group(1) else m.group(2),
                     text)
    return text.replace("``", "")


def attribute_docs(component: type) -> dict[str, str]:
    """The ``Attributes:`` entries of a rule component's docstring, by name, as plain
    text on one line each."""
    lines = (inspect.getdoc(component) or "").splitlines()
    entries: dict[str, list[str]] = {}
    current: list[str] | None = None
    inside = False
    for line in lines:
        if line.strip() == "Attributes:":
            inside = True
            continue
        if not inside:
            continue
        if line and not line.startswith(" "):
            break  # the section ended
        found = re.match(r"    (\w+): (.*)", line)
        if found:
            current = entries.setdefault(found.group(1), [found.group(2)])
        elif current is not None and line.strip():
            current.append(line.strip())
    return {name: _plain(" ".join(words)) for name, words in entries.items()}


def _component_class(component: str) -> type:
    """The class of a rule component, by its attribute of :class:`Variant` (``"ranking"``,
    ``"bidding"``), read from a preset that has it."""
    return type(next(getattr(v, component) for v in ALL_VARIANTS.values()
                     if getattr(v, component) is not None))


def _named(names: list[str]) -> str:
    """Preset names, the seven bidding games together as "the bidding games"."""
    if set(BIDDING_VARIANTS) <= set(names) and len(BIDDING_VARIANTS) > 1:
        rest = [n for n in names if n not in BIDDING_VARIANTS]
        return f"{', '.join(rest)} and the bidding games" if rest else "the bidding games"
    return ", ".join(names)


def _unused_in(name: str, presets: Mapping[str, Variant]) -> list[str]:
    """The ``presets`` in which ``name`` has no effect at any table size, grouped by the
    context of the reason: ``["Maw: with robbing=False"]``; for the bidding games, whose
    context is the game itself, the reason whole."""
    groups: dict[str, list[str]] = {}
    for variant in presets.values():
        why = variant.unused_option_reasons().get(name)
        if why is not None:
            context, _, rest = why.partition(": ")
            groups.setdefault(rest if context == "in a bidding game" else context,
                              []).append(variant.name)
    return [f"{_named(names)}: {context}" for context, names in groups.items()]


def _bidding_presets(name: str) -> str:
    """The value of a turn-up game's option ``name`` in the bidding games: the value most
    have, with the others: ``"the bidding games none (but American Hundred and Ten
    third)"``."""
    if name in BIDDING_OPTION_SPECS:  # target, target_tie: the bidding component's there
        return f"the bidding games: the bidding option {name}"
    values = [(v.name, value_text(v.options()[name])) for v in BIDDING_VARIANTS.values()]
    common = Counter(text for _, text in values).most_common(1)[0][0]
    others = [f"{n} {text}" for n, text in values if text != common]
    return f"the bidding games {common}" + (f" (but {', '.join(others)})" if others else "")


def option_lines(name: str, style: Style, width: int = WIDTH, *,
                 bidding: bool = False) -> list[str]:
    """The block that describes option ``name``: its component and source, its values,
    each preset's value, its meaning and the presets where it has no effect.

    Args:
        name: an option of :data:`~trumpfamily.variants.OPTION_SPECS` or
            :data:`~trumpfamily.variants.BIDDING_OPTION_SPECS`.
        style: how to print.
        width: the width to wrap to.
        bidding: describe the bidding games' option of that name (``target`` and
            ``target_tie`` are options of both kinds); an option of the bidding games
            only is always theirs.

    >>> from trumpfamily.cli.options import option_lines
    >>> from trumpfamily.narrate import PLAIN
    >>> print("\\n".join(option_lines("jink_bonus", PLAIN)))
    jink_bonus (component jinking): bonus from each other player (§3 row 15)
      values: counter, stake, or unset
      presets: Maw stake, Spoil Five counter, Twenty-Five counter, Forty-Five
        unset; the bidding games unset
      what each other player pays a successful jinker: "counter" (1 chip; FOS,
      W25) or "stake" (one basic stake, ante chips; MAW, PEEL, GBK).
      no effect in Forty-Five and the bidding games: in a points game
        (scoring='points')
    >>> print("\\n".join(option_lines("min_bid_near_end", PLAIN)[:3]))
    min_bid_near_end (component bidding): minimum bid near the end (§3.3, B3)
      values: two integers THRESHOLD,MINIMUM, e.g. 100,20, or unset
      presets: Auction Forty-Fives 100,20, Newfoundland 120s 100,20, Nova Scotia
    """
    bidding = bidding or name not in OPTION_SPECS
    component, spec = (BIDDING_OPTION_SPECS if bidding else OPTION_SPECS)[name]
    presets = BIDDING_VARIANTS if bidding else VARIANTS
    values = ", ".join(f"{v.name} {value_text(v.options()[name])}" for v in presets.values())
    if not bidding:
        values += f"; {_bidding_presets(name)}"
    meaning = attribute_docs(_component_class(component)).get(name, "")
    head = _wrap(f"{name} (component {component}): {spec.doc}", "", "    ", width)
    lines = [style.bold(head[0].partition(" ")[0]) + " " + head[0].partition(" ")[2], *head[1:]]
    lines += _wrap(f"values: {_values(spec)}", "  ", "    ", width)
    lines += _wrap(f"presets: {values}", "  ", "    ", width)
    lines += _wrap(meaning, "  ", "  ", width)
    everywhere = presets if bidding or name in BIDDING_OPTION_SPECS else ALL_VARIANTS
    unused = _unused_in(name, everywhere)
    if unused:
        lines += _wrap("no effect in " + "; in ".join(unused), "  ", "    ", width)
    return lines


def _wrap(text: str, first: str, rest: str, width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False, break_long_words=False)

