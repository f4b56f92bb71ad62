"""``trumpfamily options [NAME]``: every option (or one), with its valid values, its value
in each preset and what it means.

Generated from the library, never typed out again: the values from
:data:`~trumpfamily.variants.OPTION_SPECS`, the presets' values from
:meth:`Variant.options <trumpfamily.variants.Variant.options>`, the meaning from the
option's own summary and its entry in its rule component's docstring (the ``Attributes:``
of :class:`~trumpfamily.ranking.Ranking`, :class:`~trumpfamily.scoring.Scoring`...), and
the presets where it has no effect from :meth:`Variant.unused_option_reasons
<trumpfamily.variants.Variant.unused_option_reasons>`.
"""

from __future__ import annotations

import argparse
import inspect
import re
import textwrap
from typing import Any, Final, TextIO

from ..narrate import Style
from ..variants import OPTION_SPECS, VARIANTS, OptionSpec, Variant
from ._common import EXIT_OK, PROG, CommandError, Subparsers

__all__ = ["add_parser", "attribute_docs", "option_lines", "run", "value_text"]

#: A variant whose components' classes document the options.
_ANY_PRESET: Final[Variant] = next(iter(VARIANTS.values()))
#: The width the descriptions are wrapped to, in columns.
WIDTH: Final = 78

#: A cross-reference in a docstring: ``:role:`~a.b.c``` or ``:role:`text <target>```.
_ROLE: Final = re.compile(r":\w+:`(~?)([^`<]+?)(?:\s*<[^`>]*>)?`")


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``options`` command to the command line's sub-parsers."""
    p = sub.add_parser("options", parents=[common], help="the options: values, presets, meaning",
                       description="List every option (or one) that --option NAME=VALUE "
                                   "sets: its valid values, its value in each preset, what "
                                   "it means, and the presets where it has no effect.")
    p.add_argument("name", metavar="NAME", nargs="?", default=None,
                   help="one option, e.g. jink_bonus (default: every option)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the options (or ``args.name``) to ``out``; returns the exit status.

    Raises:
        CommandError: no option has that name (exit 2).
    """
    style = Style.for_stream(out, args.color)
    names = list(OPTION_SPECS)
    if args.name is not None:
        name = args.name.strip().lower().replace("-", "_")
        if name not in OPTION_SPECS:
            raise CommandError(f"unknown option {args.name!r}; valid options: {', '.join(names)}")
        names = [name]
    else:
        for line in _wrap(f"Every option, set with '{PROG} COMMAND --option NAME=VALUE' "
                          f"('{PROG} rules VARIANT' shows the values in force).", "", ""):
            print(line, file=out)
    for name in names:
        if len(names) > 1:
            print(file=out)
        for line in option_lines(name, style):
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
    return str(value)


def _values(spec: OptionSpec) -> str:
    """The valid values in the words of the command line."""
    if spec.kind == "choice":
        text = ", ".join(value_text(v) for v in spec.values)
    elif spec.kind == "flag":
        text = "true, false"
    else:
        top = "" if spec.maximum is None else f" to {spec.maximum}"
        text = f"an integer from {spec.minimum}{top}"
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


def _unused_in(name: str) -> list[str]:
    """The presets in which ``name`` has no effect at any table size, grouped by the
    context of the reason: ``["Maw: with robbing=False"]``."""
    groups: dict[str, list[str]] = {}
    for variant in VARIANTS.values():
        why = variant.unused_option_reasons().get(name)
        if why is not None:
            groups.setdefault(why.split(":")[0], []).append(variant.name)
    return [f"{', '.join(names)}: {context}" for context, names in groups.items()]


def option_lines(name: str, style: Style, width: int = WIDTH) -> list[str]:
    """The block that describes option ``name``: its component and source, its values,
    each preset's value, its meaning and the presets where it has no effect.

    >>> from trumpfamily.cli.options import option_lines
    >>> from trumpfamily.narrate import PLAIN
    >>> print("\\n".join(option_lines("jink_bonus", PLAIN)))
    jink_bonus (component jinking): bonus from each other player (§3 row 15)
      values: counter, stake, or unset
      presets: Maw stake, Spoil Five counter, Twenty-Five counter, Forty-Five
        unset
      what each other player pays a successful jinker: "counter" (1 chip; FOS,
      W25) or "stake" (one basic stake, ante chips; MAW, PEEL, GBK).
      no effect in Forty-Five: in a points game (scoring='points')
    """
    component, spec = OPTION_SPECS[name]
    presets = ", ".join(f"{v.name} {value_text(v.options()[name])}" for v in VARIANTS.values())
    meaning = attribute_docs(type(getattr(_ANY_PRESET, component))).get(name, "")
    head = _wrap(f"{name} (component {component}): {spec.doc}", "", "    ", width)
    lines = [style.bold(head[0].partition(" ")[0]) + " " + head[0].partition(" ")[2], *head[1:]]
    lines += _wrap(f"values: {_values(spec)}", "  ", "    ", width)
    lines += _wrap(f"presets: {presets}", "  ", "    ", width)
    lines += _wrap(meaning, "  ", "  ", width)
    unused = _unused_in(name)
    if unused:
        lines += _wrap("no effect in " + "; in ".join(unused), "  ", "    ", width)
    return lines


def _wrap(text: str, first: str, rest: str, width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False, break_long_words=False)

