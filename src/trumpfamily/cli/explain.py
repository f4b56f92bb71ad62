"""``trumpfamily explain``: the legal cards of a hand in a position, why each may be
played, and for every other card the rule that forbids it (:func:`~trumpfamily.play.legal_moves`,
:func:`~trumpfamily.play.check_play`: one decision, so the command cannot disagree with
the API). ``--svg FILE`` also writes the position as a picture, the legal cards outlined
(:func:`trumpfamily.svg.position`); ``--svg -`` writes the picture to standard output
instead of the text, ready to pipe or redirect.

Why a legal card is allowed (:func:`why_allowed`, also the prompt's ``explain CARD``) is
read from the same decision: which cards :func:`~trumpfamily.play.legal_moves` allows,
and the deal's rank table (:meth:`Ranking.table <trumpfamily.ranking.Ranking.table>`: which
cards are trumps, the Ace of Hearts among them), so it names the rule that lets the card
through: the lead, following suit, a trump, a void, a reneging privilege, a house rule.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Final, TextIO

from ..cards import Card, Suit, parse_cards, parse_suit
from ..errors import IllegalPlayError
from ..narrate import PLAIN, Style, variant_title
from ..play import check_play, legal_moves
from ..variants import Variant
from . import maija
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
from ._words import shown_cards

__all__ = ["add_parser", "run", "why_allowed"]


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``explain`` command to the command line's sub-parsers."""
    p = sub.add_parser("explain", parents=[common], help="which cards may be played, and why",
                       description="Print the legal cards of a hand in a position, the rule "
                                   "that allows each of them, and for each other card the "
                                   "rule that forbids it.",
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
    p.add_argument("--action", metavar="ACTION", default=None,
                   help="the Maija games (MAIJA.md): check one action in notation, e.g. "
                        "'beat 9H/7H' or 'lead 7H 9H', and say why it is legal or not "
                        "(--trick: the cards to beat)")
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
    if maija.is_maija_game(args.variant):  # the beating games (MAIJA.md)
        return maija.explain(args, out)
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
    demoted_card = Card.parse(args.demoted) if args.demoted else None
    allowed = {card: why_allowed(card, hand, trick, trump=trump, variant=variant,
                                 demoted=demoted_card, style=style) for card in legal}
    # every card allowed for one reason (a lead, a void): said once
    same = len(hand) > 1 and len(allowed) == len(hand) and len(set(allowed.values())) == 1
    if same:
        print(f"  All {len(hand)} may be played: {allowed[hand[0]]}", file=out)
    for card in hand:
        if card in allowed:
            if not same:
                print(f"  {style.card(card)} may be played: {allowed[card]}", file=out)
            continue
        try:
            check_play(card, hand, trick, trump=trump, variant=variant, demoted=args.demoted)
        except IllegalPlayError as refusal:
            reason = shown_cards(refusal.reason, style)
            print(f"  {style.card(card)} may not be played: {reason}", file=out)
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


#: What a privileged trump must outrank to renege, by option ``renege_basis``.
_RENEGE_BASIS: Final = {
    "led": "higher than the trump led",
    "highest": "higher than the highest trump played so far",
    "unconditional": "whatever was led",
}


def _singular(suit: Suit) -> str:
    return suit.name.lower().removesuffix("s")


def why_allowed(card: Card, hand: Sequence[Card], trick: Sequence[Card], *, trump: Suit,
                variant: Variant, demoted: Card | None = None, style: Style = PLAIN) -> str:
    """Why ``card``, a legal card of ``hand``, may be played to ``trick`` (RULES.md §1.4):
    the rule that lets it through, read from the library's decision
    (:func:`~trumpfamily.play.legal_moves`) and the deal's rank table.

    Args:
        card: a card of ``hand`` that :func:`~trumpfamily.play.legal_moves` allows.
        hand: the cards held.
        trick: the cards played to the trick so far, lead first.
        trump: the trump suit.
        variant: the rules.
        demoted: the Ace of trumps demoted to the lowest trump, if any.
        style: how to write the cards.

    Returns:
        One sentence, naming the rule and its section.

    >>> import trumpfamily as tf
    >>> from trumpfamily.cli.explain import why_allowed
    >>> print(why_allowed(tf.Card.parse("AH"), tf.parse_cards("AH 9C"), tf.parse_cards("KC"),
    ...                   trump=tf.Suit.DIAMONDS, variant=tf.SPOIL_FIVE))
    clubs were led (KC): you may follow suit or play a trump, and AH is a trump (the Ace of Hearts is a trump, not a heart) (RULES.md §1.4.2; FOS, EB11, MAW)
    >>> print(why_allowed(tf.Card.parse("9C"), tf.parse_cards("JD 9C"), tf.parse_cards("8D"),
    ...                   trump=tf.Suit.DIAMONDS, variant=tf.SPOIL_FIVE))
    trumps were led (8D) and every trump you hold (JD) may renege, being privileged and higher than the trump led: you may keep it back and play any card (option renege_cards='5-J-AH'; RULES.md §1.4.3)
    """
    table = variant.ranking.table(trump, demoted)
    suit_of = table.suit_of
    shown = style.card
    name = shown(card)

    def odd_trumps(cards: Sequence[Card]) -> str:
        """The trumps of ``cards`` that are not of the trump suit: the Ace of Hearts, the
        joker (``" (the Ace of Hearts is a trump, not a heart)"``)."""
        notes = []
        for c in cards:
            if suit_of[c] is trump and c.suit is not trump:
                notes.append("the joker is a trump" if c.suit is None else
                             f"the {c.rank.name.title()} of {c.suit.name.title()} is a trump, "
                             f"not a {_singular(c.suit)}")
        return f" ({'; '.join(notes)})" if notes else ""

    if not trick:
        return "you lead: any card may be led (RULES.md §1.4)"
    lead = trick[0]
    led = suit_of[lead]
    legal = legal_moves(tuple(hand), tuple(trick), trump=trump, variant=variant,
                        demoted=demoted)
    every = len(legal) == len(hand)
    reneging = variant.reneging
    held = [c for c in hand if suit_of[c] is led]
    is_trump = suit_of[card] is trump
    if led is trump:
        if is_trump:
            return (f"trumps were led ({shown(lead)}) and {name} is a trump"
                    f"{odd_trumps([card])}: it follows (RULES.md §1.4.3)")
        if not held:
            if not every:  # only hearts may answer the Ace of Hearts led
                return (f"the Ace of Hearts was led and you hold no trump: {name} is a heart, "
                        "and a heart must be played (option ah_lead_requires_heart=True, W45; "
                        "RULES.md §1.4.3)")
            return (f"trumps were led ({shown(lead)}) and you hold no trump: any card may be "
                    "played (RULES.md §1.4.3)")
        if reneging.trump_lead == "free":
            return (f"trumps were led ({shown(lead)}), but a trump lead need not be followed "
                    "(option trump_lead='free')")
        them = "it" if len(held) == 1 else "them"
        return (f"trumps were led ({shown(lead)}) and every trump you hold "
                f"({style.cards(held)}) may renege, being privileged and "
                f"{_RENEGE_BASIS[reneging.renege_basis]}: you may keep {them} back and play "
                f"any card (option renege_cards={reneging.renege_cards!r}; RULES.md §1.4.3)")
    plain = led.name.lower()
    if suit_of[card] is led:
        return f"{plain} were led ({shown(lead)}) and {name} follows suit (RULES.md §1.4.2)"
    if not held:
        # a card of the suit led that counts as a trump (the Ace of Hearts) is no card of it
        counted = [c for c in hand if c.suit is led]
        extra = f", and {name} is a trump" if is_trump else ""
        if card not in counted:
            extra += odd_trumps([card])
        return (f"{plain} were led ({shown(lead)}) and you hold no {_singular(led)}"
                f"{odd_trumps(counted)}: any card may be played{extra} (RULES.md §1.4.2)")
    if reneging.plain_lead == "free":
        return (f"{plain} were led ({shown(lead)}), but a plain lead need not be followed "
                "(option plain_lead='free')")
    if is_trump:
        return (f"{plain} were led ({shown(lead)}): you may follow suit or play a trump, and "
                f"{name} is a trump{odd_trumps([card])} (RULES.md §1.4.2; FOS, EB11, MAW)")
    return "the rules of this variant allow it here (RULES.md §1.4)"  # pragma: no cover
