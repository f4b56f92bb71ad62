"""``trumpfamily rules``: a variant's card orders, the trumps that may renege, and every
option in force (:meth:`~trumpfamily.ranking.Ranking.trump_order`,
:meth:`~trumpfamily.variants.Variant.options`, :meth:`~trumpfamily.variants.Variant.option_specs`).
A bidding game also gets its bids (:func:`~trumpfamily.bidding.ladder`) and its options of
BIDDING.md §7."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Final, TextIO

from .._options import option_text
from ..bidding import EXTRA_BID, ladder
from ..cards import Card, Suit, parse_suit
from ..narrate import Style, variant_title
from ..variants import ALL_VARIANTS, Variant
from . import maija
from ._common import (
    EXIT_OK,
    Subparsers,
    add_option_argument,
    add_variant_argument,
    note_unused_options,
    players_text,
    scoring_text,
    variant_from,
)

__all__ = ["add_parser", "run"]

#: When a privileged trump may be withheld, by option ``renege_basis`` (a heading).
_RENEGE_BASIS: Final = {
    "led": "against a lower trump led",
    "highest": "against a lower trump than the highest played so far",
    "unconditional": "whatever was led",
}

_WIDTH: Final = max(len(s.name) for s in Suit) + 1


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``rules`` command to the command line's sub-parsers."""
    p = sub.add_parser("rules", parents=[common], help="card orders and options of a variant",
                       description="Print the card order of each trump suit and of the plain "
                                   "suits, and every option value in force.")
    add_variant_argument(p)
    p.add_argument("--trump", "-t", metavar="SUIT",
                   help="show only this trump suit: C, D, H, S, a symbol or a name")
    add_option_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the rules of ``args.variant`` to ``out``; returns the exit status."""
    if maija.is_maija_game(args.variant):  # the beating games (MAIJA.md)
        return maija.rules(args.variant, args.option, args.color, out)
    style = Style.for_stream(out, args.color)
    variant = variant_from(args.variant, args.option)
    note_unused_options("rules", variant, args.option)
    one = args.trump is not None  # an empty --trump "" is refused, not read as "every suit"
    trumps = [parse_suit(args.trump)] if one else list(Suit)
    lines = [style.bold(variant_title(variant)),
             f"players {players_text(variant)}; {scoring_text(variant)}"]
    lines += _auction(variant)
    lines.append("")
    lines += _trump_orders(variant, trumps, style)
    lines += _reneging(variant, trumps, style)
    lines += _plain_orders(variant, trumps[0] if one else None, style)
    lines += _options(variant, style)
    for line in lines:
        print(line, file=out)
    return EXIT_OK


def _auction(variant: Variant) -> list[str]:
    """A bidding game's bids, and who names trumps (BIDDING.md §2.2, §3.3)."""
    b = variant.bidding
    if b is None:
        return []
    bids = " ".join(str(n) for n in ladder(b))
    extra = f" ({EXTRA_BID}: all five tricks, extra_bid={b.extra_bid!r})" if b.extra_bid else ""
    return [f"bids, lowest first: {bids}{extra}",
            ("No card is turned up: the winner of the auction names trumps, and the orders "
            "below are those of the suit named.")]


def _label(suit: Suit, style: Style) -> str:
    return style.suit(suit) + " " * (_WIDTH - len(suit.name))


def _order(cards: Sequence[Card], style: Style) -> str:
    return f"{style.cards(cards)}  ({len(cards)} cards)"


def _trump_orders(variant: Variant, trumps: list[Suit], style: Style) -> list[str]:
    lines = [style.bold("Trumps, highest first")]
    lines += [f"  {_label(t, style)} {_order(variant.ranking.trump_order(t), style)}"
              for t in trumps]
    return lines + [""]


def _reneging(variant: Variant, trumps: list[Suit], style: Style) -> list[str]:
    ranking = variant.ranking
    basis = _RENEGE_BASIS[variant.reneging.renege_basis]
    lines = [style.bold(f"Trumps that may renege ({basis})")]
    for trump in trumps:
        privileged = variant.reneging.privileged(
            trump, joker=ranking.uses_joker, natural_order=ranking.natural_order)
        cards = [c for c in ranking.trump_order(trump) if c in privileged]
        lines.append(f"  {_label(trump, style)} {style.cards(cards) if cards else 'none'}")
    return lines + [""]


def _plain_orders(variant: Variant, trump: Suit | None, style: Style) -> list[str]:
    """Each plain suit's order: with ``trump`` trumps, or (``None``) when not trumps."""
    if trump is not None:
        lines = [style.bold(f"Plain suits, highest first ({trump.name.lower()} trumps)")]
    else:
        lines = [style.bold("Plain suits, highest first (when not trumps)")]
    for suit in Suit:
        if suit is trump:
            continue
        other = trump or (Suit.SPADES if suit is not Suit.SPADES else Suit.CLUBS)
        lines.append(f"  {_label(suit, style)} "
                     f"{_order(variant.ranking.plain_order(suit, other), style)}")
    return lines + [""]


def _options(variant: Variant, style: Style) -> list[str]:
    """Every option of ``variant`` (:meth:`~trumpfamily.variants.Variant.option_specs`: in
    a bidding game, those of BIDDING.md §7 too), marked where it differs from the preset
    of the same name."""
    specs = variant.option_specs()
    now = variant.options()
    base = ALL_VARIANTS.get(variant.name)
    before = base.options() if base is not None else now
    values = {k: option_text(v) for k, v in now.items()}  # as --option reads it
    name_width = max(len(n) for n in specs)
    value_width = max(len(v) for v in values.values())
    lines = [style.bold("Options in force") + "  (* = changed from the preset)"]
    for name, (component, spec) in specs.items():
        mark = "*" if now[name] != before.get(name, now[name]) else " "
        lines.append(f" {mark}{name.ljust(name_width)}  {values[name].ljust(value_width)}  "
                     + style.dim(f"{component}: {spec.doc}"))
    return lines
