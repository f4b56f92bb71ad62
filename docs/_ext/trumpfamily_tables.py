"""Sphinx directives that print the rules from the library at build time.

Nothing in the docs restates by hand a rule the library can print: every table below is
computed from :mod:`trumpfamily` when the docs are built, so it cannot drift from the code.

Directives
----------
``.. trumpfamily-card-orders::``
    The card order of each trump suit, highest first. Options: ``:variant:`` (a preset
    name or alias; default every preset, presets with the same ranking sharing a table),
    ``:options:`` (house rules, ``name=value, name=value``), ``:trump:`` (one suit),
    ``:plain:`` (flag: add the plain-suit orders).
``.. trumpfamily-option-table::``
    Every option with its valid values (``OptionSpec.describe()``), each preset's value
    (``Variant.options()``) and its description (``OptionSpec.doc``). Option
    ``:component:`` limits it to one rule component (``ranking``, ``reneging``,
    ``bidding``...); ``:presets:`` chooses the columns: ``turn-up`` (default: the four
    presets of ``VARIANTS`` and the options of ``OPTION_SPECS``) or ``bidding`` (the seven
    of ``BIDDING_VARIANTS``, and the options of a bidding variant,
    ``Variant.option_specs()``).
``.. trumpfamily-maija-option-table::``
    The options of the Maija games (MAIJA.md §O) with their values and what each
    decides, then each preset's value. Option ``:presets:`` (Maija preset names,
    comma-separated; default all three).
``.. trumpfamily-renege-matrix::``
    Which privileged trump, held as the only trump, may be withheld against which trump
    led, computed with ``legal_moves``. Options: ``:variant:``, ``:options:``, ``:trump:``.
``.. trumpfamily-presets::``
    The presets: names, aliases, player counts, scoring. Option ``:presets:``:
    ``turn-up`` (default: ``VARIANTS``), ``bidding`` or ``all`` (``ALL_VARIANTS``).
``.. trumpfamily-exports::``
    The names exported by the ``trumpfamily`` package, each linked to its reference entry.
``.. trumpfamily-other-modules::``
    Reference entries for the public modules that have no page in ``docs/reference/``.
``.. trumpfamily-refusals::``
    Every refusal code of ``REFUSAL_CODES``, in its order: a table, then a section for
    each code (label ``refusal-<code>``) with its summary, rule and sources, the example
    of ``trumpfamily.refusals.EXAMPLES`` and the message the library gives when that
    example runs, produced at build time with ``refusal_of``. The build fails if a code
    has no example, an example has no code, or an example is refused with another code.
``.. trumpfamily-picture:: CAPTION``
    A picture made by :mod:`trumpfamily.svg` when the docs are built: the directive's
    content is Python code whose last line is an expression giving the SVG text (names
    ``tf`` and ``svg`` are imported for it). In HTML the picture is inline SVG in a
    figure with the caption; other builders (the doctest builder included) skip it.
``:tf-cards:`5H JS JK```
    Cards in text, each with its suit symbol and in its colour (hearts and diamonds red,
    the joker purple; the style sheet ``_ext/static/trumpfamily-cards.css``). The card
    orders and renege tables use it.
``.. trumpfamily-markdown:: PATH``
    Include a Markdown file (the changelog, the rules digest) by converting the subset of
    Markdown they use (headings, paragraphs, nested lists, pipe tables, links, code spans,
    emphasis) to reStructuredText.

It also

* resolves references to re-exported and short names (``trumpfamily.legal_moves``,
  ``Suit``) to the entry of the module that defines them (``trumpfamily.play.legal_moves``),
  and documents each object once, where it is defined;
* runs each docstring's examples, in the doctest builder, with the globals of its module
  (as ``pytest --doctest-modules`` does; ``tests/test_examples.py`` checks that they also
  run alone, as a reader copies them);
* reads the summary of a module constant for the table of exports from its ``#:``
  comment or the string after it (what autodoc shows);
* smooths two Google-style docstring habits napoleon would misread (see
  :func:`_prepare_docstring`).
"""

from __future__ import annotations

import inspect
import re
import types
import typing
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import trumpfamily
from trumpfamily import Card, Suit, Variant, find_variant, legal_moves
from trumpfamily.bidding import ladder
from trumpfamily.variants import (
    ALL_VARIANTS,
    BIDDING_OPTION_SPECS,
    BIDDING_VARIANTS,
    VARIANTS,
)

#: The preset groups a directive's ``:presets:`` option names.
PRESET_GROUPS = {"turn-up": VARIANTS, "bidding": BIDDING_VARIANTS, "all": ALL_VARIANTS}

SUIT_LABEL = {s: f"{s.symbol} {s.name.lower()}" for s in Suit}


# -- helpers ---------------------------------------------------------------------------

def _parse_value(text: str) -> Any:
    word = text.strip()
    low = word.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    if re.fullmatch(r"[+-]?\d+", word):
        return int(word)
    return word.strip("'\"")


def _parse_options(text: str | None) -> dict[str, Any]:
    """``"joker=third, top_trumps=modern"`` -> ``{"joker": "third", ...}``."""
    result: dict[str, Any] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"expected name=value in :options:, got {item!r}")
        result[name.strip()] = _parse_value(value)
    return result


def _value(value: Any, name: str = "") -> str:
    """An option value as reST: ``"modern"``, ``True``, ``45``, ``None``, ``(100, 20)``;
    a ``draw_limit`` of pairs as the mapping ``with_options`` takes, ``{6: 3}``."""
    if isinstance(value, str):
        return f'``"{value}"``'
    if name == "draw_limit" and isinstance(value, tuple):
        return f"``{dict(value)!r}``"
    return f"``{value!r}``"


def _presets(directive: SphinxDirective, default: str) -> list[Variant]:
    """The presets a directive's ``:presets:`` option names (``turn-up``, ``bidding``,
    ``all``)."""
    group = directive.options.get("presets", default)
    if group not in PRESET_GROUPS:
        raise ValueError(f"unknown :presets: {group!r}; valid: {', '.join(PRESET_GROUPS)}")
    return list(PRESET_GROUPS[group].values())


def _cards(cards: tuple[Card, ...]) -> str:
    """Cards as reST: the ``tf-cards`` role (suit symbols, in colour)."""
    return ":tf-cards:`" + " ".join(map(str, cards)) + "`"


def _card_class(card: Card) -> str:
    if card.suit is None:
        return "tf-joker"
    return "tf-red" if card.suit.is_red else "tf-black"


def _cards_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                options: Any = None, content: Any = None) -> tuple[list[nodes.Node], list[Any]]:
    """``:tf-cards:`5H JS```: cards with suit symbols, each in a span of its colour's class
    (``tf-card tf-red``, ``tf-black`` or ``tf-joker``), in a ``tf-cards`` span."""
    from docutils.utils import unescape

    try:
        cards = trumpfamily.parse_cards(unescape(text))
    except trumpfamily.TrumpFamilyError as error:
        message = inliner.reporter.error(f":tf-cards: {error}", line=lineno)
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]
    outer = nodes.inline(classes=["tf-cards"])
    for i, card in enumerate(cards):
        if i:
            outer += nodes.Text(" ")
        outer += nodes.inline(card.symbol, card.symbol, classes=["tf-card", _card_class(card)])
    return [outer], []


def _list_table(header: list[str], rows: list[list[str]], widths: list[int] | None = None,
                title: str = "", stub: int = 1) -> list[str]:
    lines = [f".. list-table:: {title}".rstrip(), "   :header-rows: 1", f"   :stub-columns: {stub}"]
    if widths:
        lines.append("   :widths: " + " ".join(map(str, widths)))
    lines.append("")
    for row in [header, *rows]:
        for i, cell in enumerate(row):
            prefix = "   * - " if i == 0 else "     - "
            first, *more = (cell or "\\ ").split("\n")
            lines.append(prefix + first)
            lines.extend(("       " + line) if line else "" for line in more)
    lines.append("")
    return lines


class _TableDirective(SphinxDirective):
    """A directive that writes reST lines and parses them in place."""

    has_content = False

    def lines(self) -> list[str]:  # pragma: no cover - overridden
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        try:
            text = self.lines()
        except (ValueError, trumpfamily.TrumpFamilyError) as error:
            raise self.error(f"{self.name}: {error}") from None
        container = nodes.container(classes=["trumpfamily-generated"])
        nested_parse_with_titles(self.state, StringList(text, source=f"<{self.name}>"), container)
        return list(container.children)

    def variant(self) -> Variant:
        base = find_variant(self.options.get("variant", "Spoil Five"))
        changes = _parse_options(self.options.get("options"))
        return base.with_options(**changes) if changes else base


# -- card orders -------------------------------------------------------------------------

class CardOrders(_TableDirective):
    """The trump (and plain) orders of one preset, or of every preset grouped by ranking."""

    option_spec: ClassVar[dict[str, Any]] = {
        "variant": directives.unchanged,
        "options": directives.unchanged,
        "trump": directives.unchanged,
        "plain": directives.flag,
    }

    def lines(self) -> list[str]:
        changes = _parse_options(self.options.get("options"))
        if "variant" in self.options:
            base = find_variant(self.options["variant"])
            groups = [([base.name], base.with_options(**changes) if changes else base)]
        else:
            groups = []
            for v in VARIANTS.values():
                v2 = v.with_options(**changes) if changes else v
                for names, rep in groups:
                    if rep.ranking == v2.ranking:
                        names.append(v.name)
                        break
                else:
                    groups.append(([v.name], v2))
        trumps = ([trumpfamily.parse_suit(self.options["trump"])] if "trump" in self.options
                  else list(Suit))
        out: list[str] = []
        house = ", ".join(f"``{k}={v!r}``" for k, v in changes.items())
        for names, variant in groups:
            who = ", ".join(names)
            caption = f"Trump orders, highest first: {who}" + (f" with {house}" if house else "")
            rows = []
            for t in trumps:
                order = variant.ranking.trump_order(t)
                rows.append([SUIT_LABEL[t], _cards(order), str(len(order))])
            out += _list_table(["trumps", "highest → lowest", "cards"], rows, [12, 70, 8],
                               title=caption)
            if "plain" in self.options:
                rows = []
                for s in Suit:
                    other = Suit.CLUBS if s is Suit.SPADES else Suit.SPADES
                    order = variant.ranking.plain_order(s, trumps[0] if len(trumps) == 1 and
                                                        trumps[0] is not s else other)
                    rows.append([SUIT_LABEL[s], _cards(order), str(len(order))])
                caption = (f"Plain suits (not trumps), highest first: {who}"
                           + (f" with {house}" if house else ""))
                out += _list_table(["suit", "highest → lowest", "cards"], rows, [12, 70, 8],
                                   title=caption)
        return out


# -- options -----------------------------------------------------------------------------

class OptionTable(_TableDirective):
    """Preset-by-option comparison from ``Variant.options()`` and ``OPTION_SPECS``.

    One row per option: its name, what it decides (``OptionSpec.doc``) and its valid
    values (``OptionSpec.describe()``), then its value in each preset. Where the presets
    disagree, their values are in bold.
    """

    option_spec: ClassVar[dict[str, Any]] = {"component": directives.unchanged,
                                             "presets": directives.unchanged}

    def lines(self) -> list[str]:
        component = self.options.get("component")
        presets = _presets(self, "turn-up")
        specs = presets[0].option_specs()
        if component == "bidding":
            specs = BIDDING_OPTION_SPECS  # in the order of BIDDING.md §7 (the component's)
        if component is not None and component not in {a for a, _ in specs.values()}:
            raise ValueError(f"unknown component {component!r}")
        values = {v.name: v.options() for v in presets}
        rows = []
        for name, (attr, spec) in specs.items():
            if component is not None and attr != component:
                continue
            accepted = (f"``{spec.describe()}``" if spec.kind in ("choice", "flag")
                        else spec.describe())
            where = "" if component else f" Component ``{attr}``."
            cls = type(getattr(presets[0], attr))
            doc = spec.doc[:1].upper() + spec.doc[1:]
            cell = (f":attr:`~{cls.__module__}.{cls.__qualname__}.{name}`\n\n{doc}.{where}\n\n"
                    f"*Values:* {accepted}")
            row = [cell]
            differ = len({repr(values[v.name][name]) for v in presets}) > 1
            for v in presets:
                text = _value(values[v.name][name], name)
                row.append(f":tf-differs:`{text[2:-2]}`" if differ else text)
            rows.append(row)
        header = ["option", *[v.name for v in presets]]
        widths = [40, *([60 // len(presets)] * len(presets))]
        title = (f"Options of the ``{component}`` component, by preset" if component
                 else "Every option, by preset (bold: the presets differ)")
        return _list_table(header, rows, widths, title=title, stub=0)


class MaijaOptionTable(_TableDirective):
    """The options of the Maija games (MAIJA.md §O): one row per option of
    ``MaijaVariant.options()``, what it decides (``trumpfamily.cli.maija.OPTION_DOCS``,
    the words ``trumpfamily rules`` prints) and its values (``MAIJA_OPTION_VALUES``), then
    its value in each preset (``:presets:``: names, comma-separated; default all three of
    ``MAIJA_VARIANTS``). Where the presets disagree, their values are in bold.
    """

    option_spec: ClassVar[dict[str, Any]] = {"presets": directives.unchanged}

    def lines(self) -> list[str]:
        from trumpfamily.cli.maija import OPTION_DOCS
        from trumpfamily.maija import MAIJA_OPTION_VALUES, MAIJA_VARIANTS, find_maija_variant

        names = self.options.get("presets")
        presets = ([find_maija_variant(n.strip()) for n in names.split(",")] if names
                   else list(MAIJA_VARIANTS.values()))
        values = {v.name: v.options() for v in presets}
        rows = []
        for name in presets[0].option_names():
            allowed = MAIJA_OPTION_VALUES.get(name)
            accepted = (", ".join(_value(a) for a in allowed) if allowed is not None
                        else "an int, 2 to 10")
            doc = OPTION_DOCS[name]
            cell = (f":attr:`~trumpfamily.maija.variants.MaijaVariant.{name}`\n\n"
                    f"{doc[:1].upper()}{doc[1:]}.\n\n*Values:* {accepted}")
            row = [cell]
            differ = len({repr(values[v.name][name]) for v in presets}) > 1
            for v in presets:
                text = _value(values[v.name][name], name)
                row.append(f":tf-differs:`{text[2:-2]}`" if differ and len(presets) > 1
                           else text)
            rows.append(row)
        header = ["option", *[v.name for v in presets]]
        widths = [55, *([45 // len(presets)] * len(presets))]
        title = ("Every option of the Maija games, by preset (bold: the presets differ)"
                 if len(presets) > 1 else f"Every option of {presets[0].name}")
        return _list_table(header, rows, widths, title=title, stub=0)


def _differs_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                  options: Any = None, content: Any = None) -> tuple[list[nodes.Node], list[Any]]:
    """``:tf-differs:`value```: a value in bold code, where the presets disagree."""
    from docutils.utils import unescape

    value = unescape(text)
    return [nodes.strong("", "", nodes.literal(value, value))], []


# -- reneging ----------------------------------------------------------------------------

class RenegeMatrix(_TableDirective):
    """Who may withhold which privileged trump against which trump led."""

    option_spec: ClassVar[dict[str, Any]] = {
        "variant": directives.unchanged,
        "options": directives.unchanged,
        "trump": directives.unchanged,
    }

    def lines(self) -> list[str]:
        variant = self.variant()
        trump = trumpfamily.parse_suit(self.options.get("trump", "S"))
        ranking = variant.ranking
        order = ranking.trump_order(trump)
        privileged = variant.reneging.privileged(
            trump, joker=ranking.uses_joker, natural_order=ranking.natural_order)
        held = [c for c in order if c in privileged]
        ordinary = [c for c in order if c not in privileged]
        # Columns: every privileged trump, the next trump below them, and a low trump.
        led = held + ordinary[:1] + ([ordinary[-1]] if len(ordinary) > 1 else [])
        led = sorted(set(led), key=order.index)
        plain = next(c for c in ranking.plain_order(Suit.CLUBS if trump is not Suit.CLUBS
                                                    else Suit.DIAMONDS, trump))
        rows = []
        for card in held + ordinary[:1]:
            cells = [_cards((card,)) + ("" if card in privileged else " (not privileged)")]
            for lead in led:
                if lead == card:
                    cells.append("—")
                    continue
                legal = legal_moves((card, plain), (lead,), trump=trump, variant=variant)
                cells.append("may withhold" if plain in legal else "must play")
            rows.append(cells)
        header = ["held alone ↓ · led →", *[_cards((c,)) for c in led]]
        title = (f"{variant.name}, {trump.name.lower()} trumps: a lone trump held with "
                 f"{_cards((plain,))}, against each trump led")
        return _list_table(header, rows, title=title)


# -- presets and exports -----------------------------------------------------------------

class Presets(_TableDirective):
    """The presets with aliases, player counts and scoring."""

    option_spec: ClassVar[dict[str, Any]] = {"presets": directives.unchanged}

    def lines(self) -> list[str]:
        rows = []
        for v in _presets(self, "turn-up"):
            s, b = v.scoring, v.bidding
            scoring = (f"pool: first to {s.tricks_to_win} tricks" if s.scoring == "pool"
                       else f"points: {s.points_per_trick} a trick, to {s.target}" if b is None
                       else f"bids {', '.join(map(str, ladder(b)))}; "
                            f"to {b.target}")
            const = next(k for k in trumpfamily.variants.__all__
                         if getattr(trumpfamily.variants, k) is v)
            rows.append([v.name, f":data:`~trumpfamily.variants.{const}`",
                         f"{v.table.min_players}–{v.table.max_players}", scoring,
                         ", ".join(f"``{a}``" for a in v.aliases)])
        return _list_table(["preset", "constant", "players", "scoring", "also found by"], rows,
                           [14, 18, 9, 22, 37], title="The presets")


def _canonical(name: str) -> str | None:
    """``trumpfamily.legal_moves`` -> ``trumpfamily.play.legal_moves`` (None if not ours)."""
    if not name.startswith("trumpfamily."):
        return None
    parts = name.split(".")
    obj: Any = trumpfamily
    for part in parts[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    if inspect.ismodule(obj):
        return obj.__name__
    module = getattr(obj, "__module__", None)
    qual = getattr(obj, "__qualname__", None)
    if module is None or qual is None:
        return None
    return f"{module}.{qual}"


class Exports(_TableDirective):
    """The package's ``__all__``, each linked to its reference entry with its summary line."""

    option_spec: ClassVar[dict[str, Any]] = {}

    def lines(self) -> list[str]:
        rows = []
        for name in trumpfamily.__all__:
            obj = getattr(trumpfamily, name)
            if name.startswith("__"):
                continue
            if inspect.ismodule(obj):
                kind, ref = "module", f":mod:`{obj.__name__}`"
                doc = inspect.getdoc(obj) or ""
            elif inspect.isclass(obj):
                kind = "exception" if issubclass(obj, BaseException) else "class"
                role = "exc" if kind == "exception" else "class"
                ref = f":{role}:`~{obj.__module__}.{obj.__qualname__}`"
                doc = inspect.getdoc(obj) or ""
            elif callable(obj):
                kind, ref = "function", f":func:`~{obj.__module__}.{obj.__qualname__}`"
                doc = inspect.getdoc(obj) or ""
            else:
                module = _defining_module(name)
                alias = isinstance(obj, types.UnionType) or typing.get_origin(obj) is not None
                kind = "type alias" if alias else "constant"
                ref = f":data:`~{module}.{name}`"
                doc = _attribute_doc(module, name)
            summary = doc.strip().split("\n\n")[0].replace("\n", " ")
            rows.append([f"``trumpfamily.{name}``", kind, ref, summary])
        return _list_table(["name", "kind", "reference", "summary"], rows, [22, 10, 20, 48],
                           title="Everything ``import trumpfamily`` gives")


def _attribute_doc(module: str, name: str) -> str:
    """The documentation of a module-level constant: its ``#:`` comment or the string
    after it (what autodoc shows), without ``:meta:`` fields."""
    from sphinx.errors import PycodeError
    from sphinx.pycode import ModuleAnalyzer

    try:
        docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    except PycodeError:
        return ""
    lines = docs.get(("", name), [])
    return "\n".join(line for line in lines if not line.strip().startswith(":meta "))


def _defining_module(name: str) -> str:
    """The submodule whose ``__all__`` lists a constant (``MAW`` -> trumpfamily.variants)."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(trumpfamily.__path__):
        if info.name.startswith("_") or info.name == "__main__":
            continue
        module = importlib.import_module(f"trumpfamily.{info.name}")
        if name in getattr(module, "__all__", ()):
            return module.__name__
    return "trumpfamily"


# -- Markdown (the changelog) ------------------------------------------------------------

_HEADINGS = {1: "=", 2: "-", 3: "~", 4: "^"}


def _md_links(text: str) -> str:
    """Links as reST, and a lone ``*`` that opens no emphasis (``IMP-*``) escaped."""
    text = re.sub(r"(?<=[\s\-(])\*(?=[\s),.;:]|$)", r"\\*", text)
    return re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", r"`\1 <\2>`__", text)


def _md_inline(text: str) -> str:
    """Code spans and links of one line of Markdown as reST (emphasis is the same)."""
    out: list[str] = []
    pos = 0
    for match in re.finditer(r"`([^`]+)`", text):
        out.append(_md_links(text[pos:match.start()]))
        literal = f"``{match.group(1)}``"
        if match.start() > 0 and text[match.start() - 1].isalnum():
            literal = "\\ " + literal
        if match.end() < len(text) and text[match.end()].isalnum():
            literal += "\\ "
        out.append(literal)
        pos = match.end()
    out.append(_md_links(text[pos:]))
    return "".join(out)


_LIST_ITEM = re.compile(r"^(\s*)([*+-]|\d+[.)])\s+")


def _md_cells(row: str) -> list[str]:
    """The cells of one Markdown table row (``|`` inside a code span does not split)."""
    cells, cell, code = [], "", False
    for char in row.strip().strip("|"):
        if char == "`":
            code = not code
        if char == "|" and not code:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += char
    cells.append(cell.strip())
    return cells


def _md_table(rows: list[str]) -> list[str]:
    """A Markdown pipe table (header, ``|---|`` line, rows) as a reST list-table."""
    header = _md_cells(rows[0])
    body = [_md_cells(row) for row in rows[2:]]
    width = len(header)
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for cells in [header, *body]:
        cells = (cells + [""] * width)[:width]
        for i, cell in enumerate(cells):
            prefix = "   * - " if i == 0 else "     - "
            lines.append(prefix + (_md_inline(cell) if cell else "\\ "))
    return [*lines, ""]


def markdown_to_rst(markdown: str) -> list[str]:
    """Convert the Markdown subset of the changelog and the rules digest to reST lines:
    headings, paragraphs, bullet and numbered lists (nested by indentation), pipe
    tables, code spans, links and emphasis. Horizontal rules are dropped."""
    lines: list[str] = []
    source = [raw.rstrip() for raw in markdown.splitlines()]
    last_item: tuple[int, int] | None = None  # the last list item: indent, text column
    i = 0
    while i < len(source):
        line = source[i]
        i += 1
        if re.match(r"^\[[^\]]+\]:\s+\S+", line):  # link reference definitions
            continue
        if re.fullmatch(r"\s*([-*_])(\s*\1){2,}\s*", line):  # a horizontal rule
            continue
        if line.startswith("|") and i < len(source) and re.match(r"^\|[\s|:-]+\|?$",
                                                                 source[i]):
            rows = [line]
            while i < len(source) and source[i].startswith("|"):
                rows.append(source[i])
                i += 1
            if lines and lines[-1]:
                lines.append("")
            lines += _md_table(rows)
            last_item = None
            continue
        heading = re.match(r"^(#{1,4})\s+(.*)$", line)
        if heading:
            title = _md_inline(heading.group(2).strip())
            if lines and lines[-1]:
                lines.append("")
            lines += [title, _HEADINGS[len(heading.group(1))] * max(len(title), 3), ""]
            last_item = None
            continue
        item = _LIST_ITEM.match(line)
        indent = len(line) - len(line.lstrip())
        if item:
            if lines and lines[-1]:
                lines.append("")  # reST wants a blank line before a (nested) list item
            last_item = (indent, len(item.group(0)))
        elif line and indent == 0 and last_item is not None:
            if lines and not lines[-1]:
                last_item = None  # a paragraph after the list
            else:
                line = " " * last_item[1] + line  # a lazy continuation of the item
        elif line and last_item is not None and last_item[0] < indent < last_item[1]:
            line = " " * last_item[1] + line.lstrip()  # "10. " items: align the text
        lines.append(_md_inline(line))
    return lines


class Markdown(SphinxDirective):
    """Include a Markdown file, converted to reST, as if written in place."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        rel, path = self.env.relfn2path(self.arguments[0])
        self.env.note_dependency(rel)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise self.error(f"cannot read {self.arguments[0]}: {error}") from None
        self.state_machine.insert_input(markdown_to_rst(text), path)
        return []


# -- references to re-exported and short names -------------------------------------------

def _assigned_names(module: Any) -> set[str]:
    """The names a module assigns at top level (where its constants are defined)."""
    import ast

    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError):
        return set()
    names: set[str] = set()
    for node in tree.body:
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _public_names() -> dict[str, str]:
    """Every class, function and constant defined in the package: short name -> full name.

    Docstrings say ``:class:`Suit``` or ``:func:`check_play``` in any module; this map
    lets those short names, and re-exported ones like ``trumpfamily.legal_moves``, link to
    the entry of the module that defines them.
    """
    import importlib
    import pkgutil

    found: dict[str, str] = {}
    modules = [importlib.import_module(f"trumpfamily.{m.name}")
               for m in pkgutil.iter_modules(trumpfamily.__path__) if m.name != "__main__"]
    for module in modules:
        assigned = _assigned_names(module)
        for name, obj in vars(module).items():
            if name.startswith("__"):
                continue
            if inspect.isclass(obj) or inspect.isfunction(obj):
                home = getattr(obj, "__module__", "")
                if home.startswith("trumpfamily") and obj.__qualname__ == name:
                    found.setdefault(name, f"{home}.{name}")
            elif name in assigned and not inspect.ismodule(obj):
                found.setdefault(name, f"{module.__name__}.{name}")
    return found


_NAMES: dict[str, str] = {}


def _resolve_reexport(app: Sphinx, env: BuildEnvironment, node: pending_xref,
                      contnode: nodes.TextElement) -> nodes.reference | None:
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    if not _NAMES:
        _NAMES.update(_public_names())
    if "." not in target:
        canonical = _NAMES.get(target)
    else:
        canonical = _canonical(target)
        head, _, tail = target.partition(".")
        if canonical is None and head == "trumpfamily" and "." not in tail:
            canonical = _NAMES.get(tail)  # a constant: trumpfamily.SPOIL_FIVE
        elif canonical is None and head in _NAMES:
            canonical = f"{_NAMES[head]}.{tail}"  # Variant.with_options
    if canonical is None or canonical == target:
        return None
    domain = env.get_domain("py")
    xref = node.deepcopy()
    xref["reftarget"] = canonical
    found: nodes.reference | None = domain.resolve_xref(
        env, node.get("refdoc", ""), app.builder, node["reftype"], canonical, xref, contnode)
    if found is None:
        found = domain.resolve_xref(env, node.get("refdoc", ""), app.builder, "obj",
                                    canonical, xref, contnode)
    return found


# -- docstrings before napoleon reads them ------------------------------------------------

_TYPE_LIKE = re.compile(r"[\w.\[\]`~]+(\s*[|,]\s*[\w.\[\]`~]+)*")
_SEVERAL = re.compile(r"^(\s+)(\w+(?:,\s*\w+)+):\s*(.*)$")


def _prepare_docstring(app: Sphinx, what: str, name: str, obj: Any, options: Any,
                       lines: list[str]) -> None:
    """Small fixes so that napoleon reads the project's Google-style docstrings as meant.

    * A property or constant whose first sentence holds a colon ("The suit's letter:
      ``"C"``...") is not "type: description": break the line after the colon, which
      napoleon then reads as plain text (the rendered text is the same).
    * In an ``Attributes:`` section, ``a, b: text`` documents ``a`` and ``b`` alike:
      write one entry for each, so each becomes its own attribute.
    """
    if what in ("attribute", "data", "property") and lines:
        first = next((i for i, line in enumerate(lines) if line.strip()), None)
        if first is not None:
            line = lines[first]
            head, colon, rest = line.partition(": ")
            if colon and "`" not in head and not _TYPE_LIKE.fullmatch(head.strip()):
                lines[first:first + 1] = [head + ":", rest]
    out: list[str] = []
    in_attributes = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip() in ("Attributes:", "Attributes"):
            in_attributes = True
        elif line.strip() and not line.startswith(" "):
            in_attributes = False
        match = _SEVERAL.match(line) if in_attributes else None
        if match:
            indent, names, text = match.groups()
            body = [text]
            entry_start = re.compile(re.escape(indent) + r"\w+(\s*\(.*\))?:")
            while i + 1 < len(lines) and (lines[i + 1].startswith(indent + " ")
                                          and not _SEVERAL.match(lines[i + 1])
                                          and not entry_start.match(lines[i + 1])):
                i += 1
                body.append(lines[i].strip())
            for entry in re.split(r",\s*", names):
                out.append(f"{indent}{entry}: {' '.join(body)}")
        else:
            out.append(line)
        i += 1
    lines[:] = out


# -- each object documented once, where it is defined -----------------------------------

def _current_module(app: Sphinx) -> str:
    """The module autodoc is documenting members of (Sphinx 9, or older Sphinx)."""
    current = getattr(app.env, "current_document", None)
    name = getattr(current, "autodoc_module", "") if current is not None else ""
    return name or str(app.env.temp_data.get("autodoc:module", ""))


def _skip_member(app: Sphinx, what: str, name: str, obj: Any, skip: bool,
                 options: Any) -> bool | None:
    """Skip what would document an object twice.

    * A class or function that a module re-exports (listed in its ``__all__`` but defined
      in another module of the package) is documented only where it is defined;
      references to the re-exported name are resolved to it (``missing-reference``).
    * The fields of a :class:`~typing.NamedTuple` are documented by its ``Attributes:``
      section, not again as "Alias for field number N".
    """
    if what == "module" and (inspect.isclass(obj) or inspect.isfunction(obj)):
        home = getattr(obj, "__module__", "") or ""
        current = _current_module(app)
        if home.startswith("trumpfamily") and current and home != current:
            return True
    doc = getattr(obj, "__doc__", None) or ""
    if what == "class" and doc.startswith("Alias for field number"):
        return True
    return None


class OtherModules(_TableDirective):
    """Reference entries for every public module of the package that has no page of its
    own in ``docs/reference/`` (so a new module is documented the day it is added)."""

    option_spec: ClassVar[dict[str, Any]] = {}

    def lines(self) -> list[str]:
        import pkgutil

        here = Path(self.env.srcdir) / "reference"
        out: list[str] = []
        for info in pkgutil.iter_modules(trumpfamily.__path__):
            if info.name.startswith("_") or (here / f"{info.name}.rst").is_file():
                continue
            title = f"``trumpfamily.{info.name}``"
            out += [title, "-" * len(title), "", f".. automodule:: trumpfamily.{info.name}", ""]
        return out


# -- refusal codes -----------------------------------------------------------------------

_CODE_LIKE = re.compile(r"\b\w+=(?:'[^']*'|\w+)|\b[A-Z]\w*\(\)")


def _sentence(text: str) -> str:
    """A summary of :data:`~trumpfamily.errors.REFUSAL_CODES` as a sentence of reST:
    ``"the card is not in the hand"`` -> ``"The card is not in the hand."``, with option
    settings and actions (``holder_rob='may'``, ``Pass()``) as code."""
    text = text.strip()
    text = text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
    return _CODE_LIKE.sub(lambda match: f"``{match.group(0)}``", text)


class Refusals(_TableDirective):
    """Every refusal code, with its worked example run at build time.

    The order is that of :data:`trumpfamily.errors.REFUSAL_CODES` (stable: the library
    only adds codes). The message shown is ``str(error)`` of the error that
    :func:`trumpfamily.refusals.refusal_of` returns for the code's example, so it is the
    library's own wording, never copied by hand.
    """

    option_spec: ClassVar[dict[str, Any]] = {}

    def lines(self) -> list[str]:
        from trumpfamily.errors import BIDDING_CODES, REFUSAL_CODES
        from trumpfamily.refusals import EXAMPLES, refusal_of

        missing = [code for code in REFUSAL_CODES if code not in EXAMPLES]
        unknown = [code for code in EXAMPLES if code not in REFUSAL_CODES]
        if missing or unknown:
            raise ValueError(f"refusal codes without an example: {missing}; examples of "
                             f"no refusal code: {unknown} (trumpfamily.refusals.EXAMPLES)")
        rows: list[list[str]] = []
        sections: list[str] = []
        for code, info in REFUSAL_CODES.items():
            snippet = EXAMPLES[code]
            try:
                error = refusal_of(snippet, trumpfamily)
            except AssertionError as failure:
                raise ValueError(f"the example of {code!r} is not refused: {failure}") from None
            if error.code != code:
                raise ValueError(f"the example of {code!r} is refused with code "
                                 f"{error.code!r}: {error}")
            label = f"refusal-{code}"
            cls = type(error)
            where = f"{cls.__module__}.{cls.__qualname__}"
            sources = (", ".join(f"``{key}``" for key in info.sources) if info.sources
                       else "none: no source needs to state it")
            rows.append([f":ref:`{code} <{label}>`", _sentence(info.summary),
                         info.rule.removeprefix("RULES.md ")])
            title = f"``{code}``"
            reading = BIDDING_CODES.get(code)
            bidding = ([f":In a bidding hand: {reading.rule}"]
                       if reading is not None and reading.rule != info.rule else [])
            sections += [f".. _{label}:", "", title, "~" * len(title), "",
                         _sentence(info.summary), "",
                         f":Rule: {info.rule}", *bidding, f":Sources: {sources}", "",
                         "Example (the last line is refused):", "",
                         ".. code-block:: python", "",
                         "   import trumpfamily as tf",
                         *[f"   {line}" if line else "" for line in snippet.splitlines()], "",
                         "What the library says:", "",
                         ".. code-block:: text", "",
                         *[f"   {line}" for line in f"{where}: {error}".splitlines()], ""]
        table = _list_table(["code", "summary", "RULES.md"], rows, [26, 62, 12],
                            title="The refusal codes")
        return table + sections


# -- docstring examples run in their module's namespace ----------------------------------

def _docstring_owner(source: str) -> str | None:
    """``".../scoring.py:docstring of trumpfamily.scoring.antes"`` -> that dotted name."""
    _, sep, name = source.rpartition(":docstring of ")
    return name if sep and name.startswith("trumpfamily") else None


def _module_of(dotted: str) -> str:
    import importlib

    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        try:
            importlib.import_module(name)
        except ImportError:
            continue
        return name
    return "trumpfamily"


def _group_docstring_examples(app: Sphinx, doctree: nodes.document) -> None:
    """Give each docstring's examples their own doctest group, set up with the globals of
    the module that holds the docstring, as ``pytest --doctest-modules`` runs them. Bare
    ``>>>`` blocks of the ``.rst`` pages stay in the default group."""
    seen: set[str] = set()
    for block in list(doctree.findall(nodes.doctest_block)):
        owner = _docstring_owner(block.source or "")
        if owner is None:
            continue
        group = f"docstring:{owner}"
        block["groups"] = [group]
        if group in seen:
            continue
        seen.add(group)
        code = ("import importlib as _importlib\n"
                f"globals().update(vars(_importlib.import_module({_module_of(owner)!r})))")
        setup = nodes.comment("", code, testnodetype="testsetup", groups=[group])
        setup.source, setup.line = block.source, block.line
        block.parent.insert(block.parent.index(block), setup)


# -- pictures made at build time ----------------------------------------------------------

class Picture(SphinxDirective):
    """A figure holding the SVG picture that the directive's Python code makes."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        import ast

        from trumpfamily import svg

        source = "\n".join(self.content)
        try:
            tree = ast.parse(source, mode="exec")
            if not tree.body or not isinstance(tree.body[-1], ast.Expr):
                raise ValueError("the last line must be an expression giving the SVG text")
            last = ast.Expression(tree.body.pop().value)
            namespace: dict[str, Any] = {"tf": trumpfamily, "svg": svg}
            exec(compile(tree, f"<{self.name}>", "exec"), namespace)  # noqa: S102 (our docs)
            picture = eval(compile(last, f"<{self.name}>", "eval"), namespace)
        except Exception as error:  # noqa: BLE001 (any error of the page's own code: say so, with the page)
            raise self.error(f"{self.name}: {type(error).__name__}: {error}") from None
        if not isinstance(picture, str) or not picture.startswith("<svg"):
            raise self.error(f"{self.name}: the code gave {type(picture).__name__}, "
                             "not SVG text")
        figure = nodes.figure(classes=["tf-picture"])
        figure += nodes.raw("", picture, format="html")
        text_nodes, messages = self.state.inline_text(self.arguments[0], self.lineno)
        figure += nodes.caption(self.arguments[0], "", *text_nodes)
        self.set_source_info(figure)
        return [figure, *messages]


_STATIC = Path(__file__).resolve().parent / "static"


def _add_static(app: Sphinx) -> None:
    """Serve the extension's style sheet (the cards' colours) with the HTML pages."""
    if str(_STATIC) not in app.config.html_static_path:
        app.config.html_static_path.append(str(_STATIC))


def _ignore_matplotlib(app: Sphinx, config: Any) -> None:
    """matplotlib ships no inventory we can read offline: its ``Figure`` (the return type
    of :mod:`trumpfamily.plot`) is named, not linked."""
    config.nitpick_ignore = [*config.nitpick_ignore, ("py:class", "matplotlib.figure.Figure")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("trumpfamily-card-orders", CardOrders)
    app.add_directive("trumpfamily-option-table", OptionTable)
    app.add_directive("trumpfamily-maija-option-table", MaijaOptionTable)
    app.add_directive("trumpfamily-renege-matrix", RenegeMatrix)
    app.add_directive("trumpfamily-presets", Presets)
    app.add_directive("trumpfamily-exports", Exports)
    app.add_directive("trumpfamily-other-modules", OtherModules)
    app.add_directive("trumpfamily-markdown", Markdown)
    app.add_directive("trumpfamily-refusals", Refusals)
    app.add_role("tf-differs", _differs_role)
    app.add_role("tf-cards", _cards_role)
    app.add_directive("trumpfamily-picture", Picture)
    app.add_css_file("trumpfamily-cards.css")
    app.connect("builder-inited", _add_static)
    app.connect("config-inited", _ignore_matplotlib)
    app.connect("missing-reference", _resolve_reexport)
    app.connect("autodoc-process-docstring", _prepare_docstring, priority=400)
    app.connect("doctree-read", _group_docstring_examples)
    app.connect("autodoc-skip-member", _skip_member)
    return {"version": trumpfamily.__version__, "parallel_read_safe": True,
            "parallel_write_safe": True}
