"""The Maija games at the command line (MAIJA.md): ``play``, ``rules``, ``variants`` and
``explain`` for Mustamaija, Spardame and Kitumaija, dispatched from those commands when the
preset named is a Maija one (:func:`is_maija_game`), so that the trick-taking games' paths
are unchanged.

A thin layer over :mod:`trumpfamily.maija`: :func:`~trumpfamily.maija.new_maija_hand` deals,
:meth:`MaijaHand.apply <trumpfamily.maija.MaijaHand.apply>` plays (its refusals, with their
code and rule, are what the prompt says back), the bots
(:class:`~trumpfamily.maija.players.MaijaRuleOfThumbPlayer`,
:class:`~trumpfamily.maija.players.MaijaRandomPlayer`) choose from each seat's
:meth:`~trumpfamily.maija.MaijaHand.view`, and the log is read from the hand's events as
the human seat may see them (``seen_by``). ``explain`` answers from
:func:`~trumpfamily.maija.why_not_beats` and :func:`~trumpfamily.maija.lead_problem`, the
functions the engine refuses with.

>>> from trumpfamily.cli import main
>>> main(["explain", "Mustamaija", "--trump", "H", "--trick", "9C QS", "--hand", "JC 2H 8S"])
Mustamaija, hearts trumps. Bout to beat: 9C QS. Hand: JC 2H 8S.
Legal: beat JC/9C, beat 2H/9C, take
  9C may be beaten by JC, 2H; not by 8S: 8S is neither a higher club nor a trump (M6) (does-not-beat, MAIJA.md M6)
  QS may be beaten by no card: the Queen of Spades is beaten by no card (M7) (maija-cannot-be-beaten, MAIJA.md M7)
0
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any, Final, TextIO

from ..cards import Card, Suit, parse_cards, parse_suit
from ..errors import ActionParseError, IllegalActionError, InvalidVariantError, ReplayError
from ..maija import (
    MAIJA_CODES,
    MAIJA_OPTION_VALUES,
    MAIJA_VARIANTS,
    Beat,
    Cover,
    Lead,
    MaijaAction,
    MaijaHand,
    MaijaRecord,
    MaijaVariant,
    MaijaView,
    TakeUp,
    find_maija_variant,
    is_maija,
    lead_problem,
    new_maija_hand,
    parse_maija_action,
    replay_maija,
    why_not_beats,
)
from ..maija.events import (
    Beaten,
    Covered,
    Dealt,
    Drew,
    Led,
    MaijaEvent,
    MaijaHandOver,
    PileSetAside,
    PileStarted,
    TookUp,
    TrumpTurned,
    WentOut,
)
from ..maija.jsonio import maija_from_json, maija_to_json
from ..maija.players import MaijaRandomPlayer, MaijaRuleOfThumbPlayer
from ..maija.variants import is_maija_name
from ..narrate import Style
from ._common import EXIT_FAILURE, EXIT_OK, CommandError
from ._files import read_json, where

__all__ = [
    "GROUP_TITLE",
    "HELP",
    "MAX_ACTIONS",
    "OPTION_DOCS",
    "SAVE_KIND",
    "SCORING",
    "explain",
    "hint",
    "history_lines",
    "is_maija_game",
    "is_maija_save",
    "maija_variant_from",
    "play",
    "rules",
    "variant_rows",
]

#: The heading of the Maija presets in ``trumpfamily variants``.
GROUP_TITLE: Final = ("Beating games: beat the bout or take it up, and whoever is left with "
                      "the Queen of Spades loses (MAIJA.md)")
#: The ``scoring`` column of a Maija preset in ``trumpfamily variants``.
SCORING: Final = "one loser: the Maija"

#: What each option of MAIJA.md §O decides, in a line (``trumpfamily rules``).
OPTION_DOCS: Final = {
    "form": "bouts: a bout is led, beaten or taken up (M5-M9); pile: one open pile is covered "
            "(K5-K9)",
    "packs": "1: 52 cards; 2: a double pack less one Queen of Spades, 103 cards (M1)",
    "trump": "turn-up: the suit of a card turned from the stock (M4), or a fixed suit (K3)",
    "invulnerable": "a suit no trump beats, only a higher card of its own (K3)",
    "spade_turn_up": "bury: a spade turned for trumps is buried and another turned (M4)",
    "trump_timing": "the trump is turned after the first lead (M4) or before play",
    "lead_cap": "the most cards a bout may have (M5; none: only the next player's hand)",
    "lead_limit": "no lead larger than the next player's hand: once the stock is empty (M10) "
                  "or always",
    "draw_timing": "refill to five at the end of the turn (M9) or after each part of it",
    "queen_on_pile": "Kitumaija: the Queen of Spades on the pile makes the next player take "
                     "up five (K7) or only her",
    "pile_take": "Kitumaija: a player who does not cover takes up one card at a time (K8) or "
                 "the whole pile",
    "single_card_out": "Kitumaija: covering with one's last card sets the pile aside (K10) or "
                       "play goes on",
    "min_players": "the fewest seats dealt (M1, K1)",
    "max_players": "the most seats dealt (M1, K1)",
}

#: The bots of ``--bots`` for a Maija game, by name.
_BOTS: Final = ("thumb", "rule-of-thumb", "random")
#: The most actions ``play`` makes before it stops a hand that does not end: nothing in
#: the rules forces an end (MAIJA.md M11 note), and the built-in bots can cover and take
#: up in Kitumaija for ever.
MAX_ACTIONS: Final = 2_000
#: The ``kind`` of a file written by ``play --save`` for a Maija hand.
SAVE_KIND: Final = "maija-hand"
#: The words that leave the game at the prompt.
_QUIT: Final = ("q", "quit", "exit")


def is_maija_game(name: object) -> bool:
    """Whether ``name`` (a command line's VARIANT) names a Maija preset.

    >>> is_maija_game("musta maija"), is_maija_game("Wan Maria"), is_maija_game("45")
    (True, True, False)
    """
    return is_maija_name(name)


def is_maija_save(path: str) -> bool:
    """Whether the file ``path`` (not standard input) holds a Maija hand saved by
    ``play --save`` (its ``kind`` is :data:`SAVE_KIND`); a file that cannot be read or is
    not JSON is not one (``play --resume`` then reports it as for any game)."""
    if path == "-":
        return False
    try:
        data = read_json(path, "a game record")
    except CommandError:
        return False
    return isinstance(data, dict) and data.get("kind") == SAVE_KIND


# -- options -----------------------------------------------------------------------------

def _value_text(value: object) -> str:
    """An option value as ``--option`` reads it back: ``none``, ``5``, ``bury``, ``D``."""
    if value is None:
        return "none"
    if isinstance(value, Suit):
        return value.value
    return str(value)


def _option_value(name: str, text: str) -> Any:
    """The value of option ``name`` written ``text`` (case ignored; a suit by letter,
    symbol or name)."""
    if name in ("min_players", "max_players"):
        try:
            return int(text)
        except ValueError:
            raise CommandError(f"--option {name}={text}: a number of seats, 2 to 10") from None
    allowed = MAIJA_OPTION_VALUES.get(name)
    if allowed is None:
        names = ", ".join(MAIJA_OPTION_VALUES) + ", min_players, max_players"
        raise CommandError(f"--option {name}: not an option of the Maija games; they are {names}")
    word = text.strip().lower()
    for value in allowed:
        if _value_text(value).lower() == word:
            return value
        if isinstance(value, Suit):
            try:
                if parse_suit(text) is value:
                    return value
            except ValueError:
                pass
    shown = ", ".join(_value_text(v) for v in allowed)
    raise CommandError(f"--option {name}={text}: its values are {shown} (MAIJA.md §O)")


def maija_variant_from(name: str, options: Sequence[tuple[str, str]] | None) -> MaijaVariant:
    """The Maija preset ``name`` with the ``--option`` values applied.

    Raises:
        CommandError: an unknown option or a value it may not take (exit 2).
        UnknownVariantError: no Maija preset has that name.
    """
    variant = find_maija_variant(name)
    changes = {key: _option_value(key, text) for key, text in options or ()}
    try:
        return variant.with_options(**changes) if changes else variant
    except InvalidVariantError as error:
        raise CommandError(str(error)) from None


# -- variants ----------------------------------------------------------------------------

def _players(variant: MaijaVariant) -> str:
    return f"{variant.min_players}-{variant.max_players}"


def variant_rows() -> list[tuple[str, str, str, str]]:
    """The rows of the Maija presets in ``trumpfamily variants``: name, players, scoring,
    aliases."""
    return [(v.name, _players(v), SCORING, ", ".join(v.aliases)) for v in MAIJA_VARIANTS.values()]


# -- rules -------------------------------------------------------------------------------

def _form_lines(v: MaijaVariant) -> list[str]:
    """The game in a few lines, every one read from the variant's options."""
    deck = ("52 cards" if v.packs == 1 else
            f"{v.deck_size} cards: {v.packs} packs less one Queen of Spades")
    lines = [(f"players {_players(v)}; {deck}; {v.hand_size} cards each, refilled from the "
              "stock while it lasts (M2, M9)")]
    if v.trump == "turn-up":
        when = "after the first lead" if v.trump_timing == "after-first-lead" else "before play"
        spade = ("; a spade turned is buried and another card turned"
                 if v.spade_turn_up == "bury" else "; a spade turned stands")
        lines.append(f"Trumps: the suit of a card turned from the stock {when}{spade} (M4)")
    else:
        assert isinstance(v.trump, Suit)
        lines.append(f"Trumps: {v.trump.name.lower()}, always (K3)")
    if v.invulnerable is not None:
        lines.append(f"{v.invulnerable.name.capitalize()} are invulnerable: no trump beats "
                     "them, only a higher card of their suit (K3)")
    lines.append("Beating: a card is beaten by a higher card of its suit (Ace high, 2 low) or, "
                 "when of a plain suit, by any trump (M6)")
    lines.append("The Queen of Spades (the Maija) beats no card and is beaten by none"
                 + ("; she counts as a spade for leading" if v.form == "bouts" else "")
                 + " (M7)")
    if v.form == "bouts":
        cap = "any number" if v.lead_cap is None else f"one to {v.lead_cap}"
        limit = ("once the stock is empty" if v.lead_limit == "stock-empty" else "always")
        lines.append(f"A bout: {cap} cards of one suit, led to the next player in; {limit}, "
                     "no more than the next player holds (M5, M10)")
        lines.append("The next player beats what he can and will, one card on another, and "
                     "takes up the rest; the beaten cards leave the game; if he beats them "
                     "all he leads next, else the player after him (M6, M8)")
    else:
        lines.append("One open pile: cover its top card with a card that beats it and add a "
                     "free card on top, or take up (K6, K8)")
    lines.append("Players go out as their hands run out once the stock is empty; the last "
                 "one in, holding the Queen of Spades, loses (M11)")
    return lines


def rules(name: str, options: Sequence[tuple[str, str]], color: str, out: TextIO) -> int:
    """``trumpfamily rules`` for a Maija preset: the game and every option in force, marked
    ``*`` where it differs from the preset; returns the exit status."""
    style = Style.for_stream(out, color)
    variant = maija_variant_from(name, options)
    preset = find_maija_variant(variant.name).options()
    aliases = f" (also {', '.join(variant.aliases)})" if variant.aliases else ""
    print(style.bold(variant.name) + aliases, file=out)
    for line in _form_lines(variant):
        print(line, file=out)
    print(file=out)
    now = variant.options()
    width = max(len(n) for n in now)
    values = {k: _value_text(v) for k, v in now.items()}
    vwidth = max(len(v) for v in values.values())
    print(style.bold("Options in force") + "  (* = changed from the preset; MAIJA.md §O)",
          file=out)
    for key in now:
        mark = "*" if now[key] != preset[key] else " "
        print(f" {mark}{key.ljust(width)}  {values[key].ljust(vwidth)}  "
              + style.dim(OPTION_DOCS[key]), file=out)
    return EXIT_OK


# -- explain -----------------------------------------------------------------------------

def _code(reason: str, beater: Card, target: Card) -> str:
    code = ("maija-cannot-be-beaten" if is_maija(target) else
            "maija-cannot-beat" if is_maija(beater) else "does-not-beat")
    return f"{code}, {MAIJA_CODES[code].rule}"


def explain(args: argparse.Namespace, out: TextIO) -> int:
    """``trumpfamily explain`` for a Maija preset: with ``--trick`` the cards to beat (the
    bout's unbeaten cards; Kitumaija: the pile's top card), which card of ``--hand`` beats
    each and the rule that refuses the others; without it, the leads. ``--action`` (a
    Maija action in notation) is checked alone: legal, or the refusal's code and rule.
    The stock is taken as not empty (five cards may be led).

    Raises:
        CommandError: ``--svg`` (not drawn for the Maija games from here) or a bad action.
    """
    style = Style.for_stream(out, args.color)
    variant = maija_variant_from(args.variant, args.option)
    trump = parse_suit(args.trump)
    if isinstance(variant.trump, Suit) and trump is not variant.trump:
        raise CommandError(f"{variant.name} has {variant.trump.name.lower()} trumps, always "
                           "(MAIJA.md K3)")
    if args.svg is not None:
        raise CommandError("--svg draws the trick-taking games; for a Maija position use "
                           "trumpfamily.maija_svg.maija_svg(view) in Python")
    hand = parse_cards(args.hand)
    table = parse_cards(args.trick)
    inv = variant.invulnerable
    most = variant.lead_cap if variant.lead_cap is not None else len(hand)
    pile = variant.form == "pile"
    if pile and len(table) > 1:
        raise CommandError("in Kitumaija --trick is the pile's top card, one card")
    head = (f"{variant.name}, {trump.name.lower()} trumps. "
            + (("Pile top: " if pile else "Bout to beat: ") + style.cards(table)
               if table else ("Starting a pile" if pile else "Leading"))
            + f". Hand: {style.cards(hand)}.")
    print(head, file=out)
    action_text = getattr(args, "action", None)
    if action_text is not None:
        return _explain_action(action_text, variant, hand, table, trump, most, out)
    if not table:
        if pile:
            print("Legal: " + ", ".join(f"lead {style.card(c)}" for c in dict.fromkeys(hand)),
                  file=out)
            print("  A new pile is started with one card, any card (K6)", file=out)
            return EXIT_OK
        suits: dict[str, list[Card]] = {}
        for card in hand:
            suits.setdefault("S" if is_maija(card) or card.suit is None else card.suit.value, []).append(card)
        print(f"Legal: one to {most} cards of one suit, the Queen of Spades counting as "
              "a spade (M5)", file=out)
        for cards in suits.values():
            print(f"  {style.cards(cards)} may be led "
                  + ("together or alone" if len(cards) > 1 else "alone"), file=out)
        return EXIT_OK
    legal: list[str] = []
    lines: list[str] = []
    for target in table:
        yes = [c for c in dict.fromkeys(hand)
               if why_not_beats(c, target, trump=trump, invulnerable=inv) is None]
        no = [(c, why_not_beats(c, target, trump=trump, invulnerable=inv))
              for c in dict.fromkeys(hand) if c not in yes]
        for c in yes:
            legal.append(f"cover {c}" if pile else f"beat {c}/{target}")
        if not yes and no and is_maija(target):
            reason = no[0][1]
            lines.append(f"  {style.card(target)} may be beaten by no card: {reason} "
                         f"({_code(str(reason), no[0][0], target)})")
            continue
        said = ", ".join(style.card(c) for c in yes) if yes else "no card of the hand"
        line = f"  {style.card(target)} may be beaten by {said}"
        if no:
            line += "; " + "; ".join(f"not by {style.card(c)}: {r} ({_code(str(r), c, target)})"
                                     for c, r in no)
        lines.append(line)
    legal.append("take")
    print("Legal: " + ", ".join(legal), file=out)
    for line in lines:
        print(line, file=out)
    if pile:
        print("  A cover adds a free card of the hand on top, unless the covering card was the "
              "last one held (K6)", file=out)
    return EXIT_OK


def _explain_action(text: str, variant: MaijaVariant, hand: tuple[Card, ...],
                    table: tuple[Card, ...], trump: Suit, most: int, out: TextIO) -> int:
    """``explain --action``: whether one action is legal here, and if not, why."""
    try:
        action = parse_maija_action(text)
    except ActionParseError as error:
        raise CommandError(f"--action {text!r}: {error}") from None
    inv = variant.invulnerable
    problem: tuple[str, str] | None = None
    if isinstance(action, Lead):
        if table:
            problem = ("wrong-phase", "there are cards to beat: beat or take up (M6)")
        elif variant.form == "pile" and len(action.cards) != 1:
            problem = ("pile-start-one-card", "a new pile is started with one card (K6)")
        else:
            problem = lead_problem(action.cards, hand, most=most)
    elif isinstance(action, Beat | Cover):
        pairs = (action.pairs if isinstance(action, Beat) else
                 ((action.beat, table[-1]),) if table else ())
        if not table:
            problem = ("wrong-phase", "there is nothing to beat: lead (M5, K6)")
        left, tab = list(hand), list(table)
        for beater, target in pairs:
            if problem is not None:
                break
            if beater not in left:
                problem = ("card-not-held", f"{beater} is not held")
            elif target not in tab:
                problem = ("beat-not-on-table", f"{target} is not a card to beat (M6)")
            else:
                reason = why_not_beats(beater, target, trump=trump, invulnerable=inv)
                if reason is not None:
                    problem = (_code(reason, beater, target).partition(",")[0],
                               f"{beater} does not beat {target}: {reason}")
                left.remove(beater)
                tab.remove(target)
        if problem is None and isinstance(action, Cover):
            if action.free is None and len(hand) > 1:
                problem = ("cover-free-card",
                           "add a free card: only a last card covers alone (K6)")
            elif action.free is not None and action.free not in left:
                problem = ("card-not-held", f"{action.free} is not held")
    elif not table:
        problem = ("wrong-phase", "there is nothing to take up: lead (M5, K6)")
    if problem is None:
        print(f"  {action} is legal", file=out)
        return EXIT_OK
    code, reason = problem
    print(f"  {action} is not legal: {reason} ({code}, {MAIJA_CODES[code].rule})", file=out)
    return EXIT_OK


# -- play --------------------------------------------------------------------------------

def _bot(spec: str, seed: object, seat: int) -> Any:
    name = spec.strip().lower()
    if name in ("thumb", "rule-of-thumb"):
        return MaijaRuleOfThumbPlayer()
    if name == "random":
        return MaijaRandomPlayer(f"{seed}:{seat}")
    raise CommandError(f"--bots {spec}: the Maija games have the bots {', '.join(_BOTS)}")


def _who(seat: int, human: int | None) -> str:
    return "you" if seat == human else f"P{seat}"


def event_lines(events: Sequence[MaijaEvent], seat: int | None, style: Style) -> list[str]:
    """The log of ``events``, as ``seat`` may see them (``None``: every card shown)."""
    lines: list[str] = []
    for raw in events:
        e: Any = raw.seen_by(seat) if seat is not None else raw
        if isinstance(e, Dealt):
            own = f"; your hand {style.cards(e.hands[seat])}" if seat is not None else ""
            lines.append(f"P{e.dealer} deals five cards each; {e.stock} in the stock{own}.")
        elif isinstance(e, TrumpTurned):
            buried = (f" ({style.cards(e.buried)} turned and buried)" if e.buried else "")
            suit = e.card.suit.name.lower() if e.card.suit is not None else "no suit"
            lines.append(f"Trump turn-up {style.card(e.card)}{buried}: {suit} are trumps.")
        elif isinstance(e, PileStarted):
            lines.append(f"The pile starts with {style.card(e.card)}.")
        elif isinstance(e, Led):
            lines.append(f"{_who(e.seat, seat)} lead{'' if e.seat == seat else 's'} "
                         f"{style.cards(e.cards)}.")
        elif isinstance(e, Beaten):
            pairs = ", ".join(f"{style.card(a)} on {style.card(b)}" for a, b in e.pairs)
            lines.append(f"{_who(e.seat, seat)} beat{'' if e.seat == seat else 's'} {pairs}.")
        elif isinstance(e, TookUp):
            lines.append(f"{_who(e.seat, seat)} take{'' if e.seat == seat else 's'} up "
                         f"{style.cards(e.cards)}.")
        elif isinstance(e, Covered):
            adds = "add" if e.seat == seat else "adds"
            free = f" and {adds} {style.card(e.free)}" if e.free is not None else ""
            lines.append(f"{_who(e.seat, seat)} cover{'' if e.seat == seat else 's'} with "
                         f"{style.card(e.beat)}{free}.")
        elif isinstance(e, PileSetAside):
            lines.append(f"The pile of {e.cards} cards is set aside.")
        elif isinstance(e, Drew):
            shown = f": {style.cards(e.cards)}" if e.cards else ""
            lines.append(f"{_who(e.seat, seat)} draw{'' if e.seat == seat else 's'} "
                         f"{e.count}{shown}.")
        elif isinstance(e, WentOut):
            lines.append(f"{_who(e.seat, seat)} {'are' if e.seat == seat else 'is'} out.")
        elif isinstance(e, MaijaHandOver):
            lines.append(f"{_who(e.loser, seat)} {'are' if e.loser == seat else 'is'} left "
                         "with the Queen of Spades and "
                         f"{'lose' if e.loser == seat else 'loses'}.")
    return lines


def describe(action: MaijaAction) -> str:
    """A menu line for ``action``."""
    if isinstance(action, Lead):
        return f"lead {' '.join(map(str, action.cards))}"
    if isinstance(action, Beat):
        return " and ".join(f"beat {b} with {a}" for a, b in action.pairs)
    if isinstance(action, Cover):
        return f"cover with {action.beat}" + (f", adding {action.free}" if action.free else "")
    assert isinstance(action, TakeUp)
    return "take up"


def situation(view: MaijaView, style: Style) -> list[str]:
    """The table as the seat sees it: trumps, stock, hands, the bout or pile, who is out."""
    trumps = style.suit(view.trump) if view.trump is not None else "not yet turned"
    up = f" (turn-up {style.card(view.turn_up)})" if view.turn_up is not None else ""
    sizes = ", ".join(f"P{s} {n}" for s, n in enumerate(view.hand_sizes))
    lines = [f"Trumps: {trumps}{up}. Stock: {view.stock}. Cards held: {sizes}."]
    if view.table or view.beaten:
        beaten = ", ".join(f"{style.card(a)} on {style.card(b)}" for a, b in view.beaten)
        lines.append(f"On the table: {style.cards(view.table) or 'nothing unbeaten'}"
                     + (f" (beaten: {beaten})" if beaten else ""))
    if view.pile:
        lines.append(f"Pile: {style.cards(view.pile)} (top {style.card(view.pile[-1])})")
    if view.out:
        lines.append("Out: " + ", ".join(f"P{s}" for s in view.out))
    return lines


#: What ``help`` says at the Maija prompt.
HELP: Final = (
    ("  Answers: a number of the menu, or an action in notation: 'lead 7H 9H' (one to five "
    "cards of a suit, the Queen of Spades a spade), 'beat 9H/7H KS/JS' (beater/beaten "
    "pairs), 'take' (take up), 'cover 9H 3C' (Kitumaija: the covering card, then the free "
    "card)."),
    ("  Commands: status (the table and the menu again), history (this hand so far, as "
     "you saw it; also 'log'), hint (the rule of thumb's choice with its reason: the Maija "
     "games have no search, so a hint is the built-in bot's advice, not an analysis), "
     "help, quit (leave the game)."),
)


def history_lines(hand: MaijaHand, seat: int | None, style: Style) -> list[str]:
    """The hand so far as ``seat`` saw it: the log of every action's events from the deal
    (each event as :meth:`seen_by <trumpfamily.maija.events.Dealt.seen_by>` the seat shows
    it: no card of another hand or of the stock), numbered by action.

    Args:
        hand: the hand (its record is replayed from the deal: a resumed hand's log is
            whole too).
        seat: the seat whose log it is; ``None``: a spectator who sees every card.
        style: how to write the cards.

    Returns:
        The lines, indented by two spaces.

    >>> from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
    >>> hand = new_maija_hand(MUSTAMAIJA, 3, seed=4).apply("lead 9C")
    >>> history_lines(hand, 2, Style(False))[1:3]
    ['  1. P1 leads 9C.', '  Trump turn-up AC: clubs are trumps.']
    """
    if not hand.history:
        return ["  Nothing has been played in this hand yet."]
    record = hand.record()
    state = new_maija_hand(hand.variant, hand.players, dealer=hand.dealer, deck=record.deck)
    lines = [f"  {line}" for line in event_lines(state.events, seat, style)]
    for number, text in enumerate(record.actions, 1):
        state = state.apply(text)
        for i, line in enumerate(event_lines(state.events, seat, style)):
            lines.append(f"  {number}. {line}" if i == 0 else f"  {line}")
    return lines


def hint(view: MaijaView) -> tuple[MaijaAction, str]:
    """The prompt's ``hint``: the rule of thumb's first choice from ``view`` (a fresh
    :class:`~trumpfamily.maija.players.MaijaRuleOfThumbPlayer`, so only the view is read:
    no hidden card can change it) and the rule of MAIJA.md §S behind it. There is no
    search for the Maija games: a hint is advice, not an analysis.

    Raises:
        InvalidArgumentError: the view's seat is not to act.

    >>> from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
    >>> hand = new_maija_hand(MUSTAMAIJA, players=3, seed=5)
    >>> action, reason = hint(hand.view(hand.to_act))
    >>> str(action), reason
    ('lead JC KC', 'the longest run of low plain cards, keeping trumps and high cards (MAIJA.md §S)')
    """
    action = MaijaRuleOfThumbPlayer().choose(view)
    rule = " (MAIJA.md §S)"
    if isinstance(action, Lead):
        if any(is_maija(c) for c in action.cards):
            return action, ("lead the Queen of Spades while you can: nobody can beat her, "
                            "so the next player must take her up" + rule)
        if view.stock == 0 and len(action.cards) == len(view.hand):
            return action, "your whole hand: with the stock empty you go out" + rule
        if view.phase == "start":
            return action, "start the pile with your cheapest card, keeping trumps" + rule
        return action, ("the longest run of low plain cards, keeping trumps and high "
                        "cards" + rule)
    if isinstance(action, Beat):
        (beater, beaten), = action.pairs[:1]
        trump = " (a trump)" if beater.suit is view.trump else ""
        return action, (f"the cheapest card that beats {beaten}: {beater}{trump}" + rule)
    if isinstance(action, Cover):
        free = ""
        if action.free is not None:
            free = (", adding the Queen of Spades while the pile is short or your hand small"
                    if is_maija(action.free) else f", adding {action.free}")
        return action, f"the cheapest cover, {action.beat}{free}" + rule
    if any(isinstance(a, Beat | Cover) for a in view.legal_actions):
        return action, ("take up: what beats here is a high trump, dearer to give up while "
                        "the stock lasts" + rule)
    return action, "take up: no card of yours will do" + rule


def _show(view: MaijaView, style: Style, out: TextIO) -> None:
    legal = view.legal_actions
    print(style.bold(f"Your turn (P{view.seat})."), file=out)
    for line in situation(view, style):
        print("  " + line, file=out)
    print(f"  Your hand: {style.cards(sorted(view.hand))}", file=out)
    for number, action in enumerate(legal, 1):
        print(f"  {number:>{len(str(len(legal)))}}) {describe(action)}", file=out)


def _ask(hand: MaijaHand, view: MaijaView, style: Style, out: TextIO, stdin: TextIO) -> MaijaHand:
    """Prompt the human seat until its answer applies; the next state."""
    legal = view.legal_actions
    _show(view, style, out)
    while True:
        print(f"Choose 1-{len(legal)} (or an action such as 'beat 9H/7H KS/JS', 'hint', "
              "'history', 'help', 'quit'): ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            print(file=out)
            raise _Left("standard input ended", left=bool(getattr(stdin, "isatty", None)
                                                           and stdin.isatty()))
        text = line.strip()
        if not (getattr(stdin, "isatty", None) and stdin.isatty()):
            print(text, file=out)
        if not text:
            continue
        if text.lower() in _QUIT:
            raise _Left("you left the game", left=True)
        if text.lower() in ("?", "help"):
            for line in HELP:
                print(line, file=out)
            continue
        if text.lower() == "status":
            _show(view, style, out)
            continue
        if text.lower() in ("history", "log"):
            for line in history_lines(hand, view.seat, style):
                print(line, file=out)
            continue
        if text.lower() == "hint":
            action, reason = hint(view)
            number = legal.index(action) + 1 if action in legal else None
            shown = f"{number}) {describe(action)}" if number else describe(action)
            if describe(action) != str(action):
                shown += f" ({action})"
            print(f"  Hint (the rule of thumb; no search): {shown}: {reason}.", file=out)
            continue
        if text.isdigit():
            index = int(text)
            if 1 <= index <= len(legal):
                return hand.apply(legal[index - 1], seat=view.seat)
            print(f"  {text} is not a number of the menu: 1 to {len(legal)}.", file=out)
            continue
        try:
            return hand.apply(text, seat=view.seat)
        except ActionParseError as error:
            print(f"  {error}", file=out)
        except IllegalActionError as error:
            print(f"  Not legal: {error.reason} ({error.code}, {error.rule}).", file=out)


class _Left(Exception):
    def __init__(self, reason: str, *, left: bool) -> None:
        super().__init__(reason)
        self.left = left


def play(args: argparse.Namespace, out: TextIO) -> int:
    """``trumpfamily play`` for a Maija preset: one hand, bots at every seat but
    ``--human``'s; returns the exit status. ``--save FILE`` writes ``{"kind":
    "maija-hand", "seed": ..., "humans": [seat], "record": ...}``, the record being
    :func:`~trumpfamily.maija.jsonio.maija_to_json` of
    :meth:`~trumpfamily.maija.MaijaHand.record` (replayed by
    :func:`~trumpfamily.maija.replay_maija`); ``--resume FILE`` continues it from its last
    action, the saved seat asked again unless ``--human`` says otherwise, and saves back
    to FILE unless ``--save`` names another.

    Raises:
        CommandError: a bad argument (exit 2); a ``--resume`` file that does not verify or
            holds a finished hand, or standard input ending before the hand when it is not
            a terminal (exit 1).
    """
    style = Style.for_stream(out, args.color)
    saved_human: int | None = None
    if args.resume is not None:
        hand, seed, saved_human = _resumed(args)
        variant, players = hand.variant, hand.players
        if args.save is None:
            args.save = args.resume  # saved back where it came from
    else:
        variant = maija_variant_from(args.variant, args.option)
        players = args.players if args.players is not None else min(4, variant.max_players)
        seed = args.seed if args.seed is not None else random.randrange(2**32)
        hand = new_maija_hand(variant, players, seed=seed)
    human = (args.human if isinstance(args.human, int) else
             None if args.human is not None else saved_human)
    if human is not None and not 0 <= human < players:
        raise CommandError(f"--human {human} is not a seat: seats are 0 to {players - 1}")
    bots = [_bot(args.bots, seed, s) for s in range(players)]
    who = f"you are P{human}" if human is not None else f"{args.bots} bots"
    print(style.bold(f"{variant.name}, {players} players, seed {seed} ({who})"), file=out)
    if args.resume is not None:
        print(f"Resumed from {where(args.resume)} after {len(hand.history)} actions.",
              file=out)
        if human is not None:
            print(f"Your hand: {style.cards(sorted(hand.hands[human]))}.", file=out)
    else:
        for line in event_lines(hand.events, human, style):
            print(line, file=out)
    try:
        while not hand.is_over:
            if len(hand.history) >= MAX_ACTIONS:
                print(f"The hand has not ended in {MAX_ACTIONS} actions (nothing in the rules "
                      "forces an end, MAIJA.md M11 note): stopped.", file=out)
                break
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            if seat == human:
                hand = _ask(hand, view, style, out, sys.stdin)
            else:
                hand = hand.apply(bots[seat].choose(view), seat=seat)
            for line in event_lines(hand.events, human, style):
                print(line, file=out)
    except _Left as stop:
        _save(args.save, hand, seed, human)
        if stop.left:
            print("Game left" + (f" and saved to {args.save}." if args.save else "."), file=out)
            return EXIT_OK
        raise CommandError(f"{stop}", EXIT_FAILURE, label="game abandoned") from None
    _save(args.save, hand, seed, human)
    return EXIT_OK


def _resumed(args: argparse.Namespace) -> tuple[MaijaHand, int | str, int | None]:
    """The hand saved in ``args.resume``: the state after its last action, the seed of
    its bots and the human seat saved with it."""
    given = [flag for name, flag in (("variant", "VARIANT"), ("players", "--players"),
                                     ("seed", "--seed"), ("option", "--option"))
             if getattr(args, name) not in (None, [])]
    name = where(args.resume)
    if given:
        raise CommandError(f"--resume takes the hand from {name}: leave out "
                           f"{', '.join(given)}")
    data = read_json(args.resume, "a Maija hand saved by 'trumpfamily play --save'")
    try:
        record = maija_from_json(data["record"], MaijaRecord)
        hand = replay_maija(record)
    except (KeyError, TypeError, ValueError, ReplayError) as error:
        raise CommandError(f"{name} does not verify: {error}", EXIT_FAILURE) from None
    if hand.is_over:
        raise CommandError(f"{name} holds a finished hand: nothing to resume", EXIT_FAILURE)
    humans = data.get("humans") or [None]
    seed = data.get("seed", 0)
    return hand, seed if isinstance(seed, int | str) else 0, humans[0]


def _save(path: str | None, hand: MaijaHand, seed: int | str, human: int | None) -> None:
    """Write the hand's record, the seed and the human seat to ``path`` (JSON)."""
    if path is None:
        return
    import json

    data = {"kind": SAVE_KIND, "seed": seed, "humans": [] if human is None else [human],
            "record": maija_to_json(hand.record())}
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.write("\n")
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}",
                           EXIT_FAILURE) from None

