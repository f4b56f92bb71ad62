"""``trumpfamily explain``: the legal cards of a hand in a position, and for every other
card the rule that forbids it (:func:`~trumpfamily.play.legal_moves`,
:func:`~trumpfamily.play.check_play`: one decision, so the command cannot disagree with
the API). ``--svg FILE`` also writes the position as a picture, the legal cards outlined
(:func:`trumpfamily.svg.position`); ``--svg -`` writes the picture to standard output
instead of the text, ready to pipe or redirect."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..cards import Card, Suit, parse_cards, parse_suit
from ..errors import IllegalPlayError
from ..narrate import Style, variant_title
from ..play import check_play, legal_moves
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    CommandError,
    Subparsers,
    add_option_argument,
    add_variant_argument,
    note_unused_options,
    variant_from,
)
from ._files import check_writable

__all__ = ["add_parser", "run"]


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``explain`` command to the command line's sub-parsers."""
    p = sub.add_parser("explain", parents=[common], help="which cards may be played, and why not",
                       description="Print the legal cards of a hand in a position, and for each "
                                   "other card the rule that forbids it.",
                       epilog='Example: trumpfamily explain "spoil five" --trump C --trick "8C 5C" '
                              '--hand "JC KD 3H"')
    add_variant_argument(p)
    p.add_argument("--trump", "-t", metavar="SUIT", required=True,
                   help="the trump suit: C, D, H, S, a symbol or a name")
    p.add_argument("--trick", default="", metavar="CARDS",
                   help="the cards already played to the trick, lead first (default: none, "
                        "you are leading)")
    p.add_argument("--hand", required=True, metavar="CARDS",
                   help='the cards in hand, e.g. "JC KD 3H" (10 or T for tens, JK the joker)')
    p.add_argument("--demoted", metavar="CARD", default=None,
                   help="an Ace of trumps demoted to the lowest trump for not being robbed")
    p.add_argument("--svg", metavar="FILE", default=None,
                   help="also write the position to FILE as an SVG picture, the legal cards "
                        "outlined ('-': standard output, instead of the text)")
    add_option_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the legal cards and each refusal's reason to ``out``, and with ``--svg FILE``
    write the position as a picture (``--svg -``: the picture alone, to ``out``); returns
    the exit status.

    Raises:
        CommandError: ``--svg FILE`` cannot be written (exit 2 when found before, 1 when
            the write fails).
    """
    style = Style.for_stream(out, args.color)
    variant = variant_from(args.variant, args.option)
    note_unused_options("explain", variant, args.option)
    trump = parse_suit(args.trump)
    hand = parse_cards(args.hand)
    trick = parse_cards(args.trick)
    to_stdout = args.svg == "-"
    if args.svg is not None and not to_stdout:
        check_writable("--svg", args.svg)
    legal = legal_moves(hand, trick, trump=trump, variant=variant, demoted=args.demoted)
    where = "Leading" if not trick else f"Trick so far: {style.cards(trick)}"
    demoted = (f" ({Card.parse(args.demoted)} demoted to the lowest trump)"
               if args.demoted else "")
    if to_stdout:
        out.write(_picture(hand, trick, trump, legal, f"{variant_title(variant)}{demoted}")
                  + "\n")
        return EXIT_OK
    print(f"{variant_title(variant)}, {trump.name.lower()} trumps{demoted}. {where}. "
          f"Hand: {style.cards(hand)}.", file=out)
    print(f"Legal: {style.cards(legal)}", file=out)
    for card in hand:
        if card in legal:
            continue
        try:
            check_play(card, hand, trick, trump=trump, variant=variant, demoted=args.demoted)
        except IllegalPlayError as refusal:
            print(f"  {style.card(card)} may not be played: {refusal.reason}", file=out)
    if args.svg is not None:
        picture = _picture(hand, trick, trump, legal, f"{variant_title(variant)}{demoted}")
        try:
            with open(args.svg, "w", encoding="utf-8") as handle:
                handle.write(picture + "\n")
        except OSError as error:
            raise CommandError(f"cannot write {args.svg}: {error.strerror or error}",
                               EXIT_FAILURE) from None
        print(f"Picture written to {args.svg}", file=out)
    return EXIT_OK


def _picture(hand: tuple[Card, ...], trick: tuple[Card, ...], trump: Suit,
             legal: tuple[Card, ...], title: str) -> str:
    """The position as an SVG document, the legal cards outlined."""
    from ..svg import position

    return position(hand, trick, trump=trump, legal=legal, title=title)
