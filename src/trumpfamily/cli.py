"""The ``trumpfamily`` command line: list presets, print their rules, explain a position,
play in the terminal and replay a saved hand.

Commands (``trumpfamily COMMAND --help`` describes each one)::

    trumpfamily variants
    trumpfamily rules VARIANT [--trump S] [--option NAME=VALUE ...]
    trumpfamily explain VARIANT --trump C --trick "8C 5C" --hand "JC KD 3H" [--option ...]
    trumpfamily play VARIANT [--players N] [--seed S] [--human SEAT] [--option ...]
                     [--hands K] [--bots thumb|random] [--save FILE]
    trumpfamily replay FILE
    trumpfamily demo [--seed S] [--players N]

Every command also takes ``--color auto|always|never`` (``demo`` excepted).

``python -m trumpfamily`` runs the same commands, and with no arguments the demo.

Exit status: :data:`EXIT_OK` (0) on success; :data:`EXIT_FAILURE` (1) when a file is not
a hand record or does not verify, a game is abandoned (``quit`` or the end of input at
the prompt) or the output cannot be written; :data:`EXIT_USAGE` (2) for bad input on the
command line: an unknown command, variant, option, card or suit, a bad argument, a
``--save`` file that cannot be written. Every error is one line on standard error
(``trumpfamily COMMAND: error: ...``), never a traceback.

Every rule printed comes from the library (:meth:`~trumpfamily.ranking.Ranking.trump_order`,
:meth:`~trumpfamily.variants.Variant.options`, :func:`~trumpfamily.play.check_play`), so the
command line cannot disagree with the API.

>>> from trumpfamily.cli import main
>>> main(["explain", "45", "--trump", "C", "--trick", "AH", "--hand", "KH 9D 3S"])
Forty-Five, clubs trumps. Trick so far: AH. Hand: KH 9D 3S.
Legal: KH
  9D may not be played: the Ace of Hearts was led, you hold no trump and hold KH: you must play a heart (option ah_lead_requires_heart=True, W45; RULES.md §1.4.3)
  3S may not be played: the Ace of Hearts was led, you hold no trump and hold KH: you must play a heart (option ah_lead_requires_heart=True, W45; RULES.md §1.4.3)
0
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn, TextIO

from . import demo as _demo
from ._version import __version__
from .actions import (
    ACTION_TYPES,
    AcceptFive,
    Action,
    AskFive,
    Claim,
    DeclineRob,
    Jink,
    Play,
    RefuseFive,
    Rob,
)
from .cards import JK, Card, Rank, Suit, parse_cards, parse_suit
from .engine import HandState, Phase
from .errors import (
    IllegalActionError,
    IllegalPlayError,
    InvalidVariantError,
    PlayerCountError,
    ReplayError,
    TrumpFamilyError,
)
from .game import Game
from .play import check_play, legal_moves
from .players import Player, RandomPlayer, RuleOfThumbPlayer
from .records import replay
from .robbing import unrobbed_penalty
from .scoring import antes
from .variants import OPTION_SPECS, VARIANTS, Variant, find_variant

__all__ = [
    "EXIT_FAILURE",
    "EXIT_OK",
    "EXIT_USAGE",
    "Style",
    "build_parser",
    "main",
    "parse_option",
    "parse_option_value",
]

#: Exit status of a command that did what was asked.
EXIT_OK: Final = 0
#: Exit status when a file is not a hand record or does not verify, a game is abandoned
#: at the prompt, or the output cannot be written.
EXIT_FAILURE: Final = 1
#: Exit status for bad command-line input (an unknown command, variant, option, card or
#: suit, a bad argument, a ``--save`` file that cannot be written).
EXIT_USAGE: Final = 2

_PROG: Final = "trumpfamily"


class CommandError(Exception):
    """A command cannot go on; ``main`` prints the message and returns ``code``."""

    def __init__(self, message: str, code: int = EXIT_USAGE, label: str = "error") -> None:
        super().__init__(message)
        self.code, self.label = code, label


# -- option values --------------------------------------------------------------------

_INT: Final = re.compile(r"[+-]?\d+")


def parse_option_value(text: str) -> bool | int | str | None:
    """Read an option value written on the command line.

    ``true`` / ``false`` (any case) give a bool, an integer gives an int, ``none`` gives
    ``None``; anything else is kept as the string. The variant checks the value
    (:meth:`~trumpfamily.variants.Variant.with_options`).

    >>> from trumpfamily.cli import parse_option_value
    >>> parse_option_value("True"), parse_option_value("45"), parse_option_value("none")
    (True, 45, None)
    >>> parse_option_value("5-J-AH")
    '5-J-AH'
    """
    word = text.strip()
    lowered = word.lower()
    if lowered == "true":
        return True
    if lowered == "false":
        return False
    if lowered == "none":
        return None
    if _INT.fullmatch(word):
        return int(word)
    return word


def parse_option(text: str) -> tuple[str, bool | int | str | None]:
    """Split ``NAME=VALUE`` into the option name and its value.

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


def _convert(name: str, text: str) -> bool | int | str | None:
    """An option value from its text: :func:`parse_option_value`, except that an option
    whose values are words keeps the text (``renege_cards=5`` is the string ``"5"``)."""
    value = parse_option_value(text)
    spec = OPTION_SPECS.get(name)
    if spec is not None and spec[1].kind == "choice" and isinstance(value, int):
        return text
    return value


def _variant(name: str, options: Sequence[tuple[str, str]] | None) -> Variant:
    """The preset ``name`` with the ``--option`` values applied (errors: TrumpFamilyError)."""
    variant = find_variant(name)
    changes = {key: _convert(key, text) for key, text in options or ()}
    try:
        return variant.with_options(**changes) if changes else variant
    except InvalidVariantError as error:
        raise CommandError(_command_line_words(str(error))) from None


_PYTHON_CALL: Final = re.compile(r"e\.g\. with_options\((?P<args>[^)]*)\)")


def _command_line_words(message: str) -> str:
    """A library message with its Python example (``e.g. with_options(a='x', b=...)``)
    written as command-line options (``e.g. -o a=x -o b=VALUE``)."""
    def options(match: re.Match[str]) -> str:
        words = []
        for item in match.group("args").split(","):
            name, _, value = item.strip().partition("=")
            value = "VALUE" if value == "..." else value.strip("'\"")
            words.append(f"-o {name}={value}")
        return "set them with -o NAME=VALUE, e.g. " + " ".join(words)
    return _PYTHON_CALL.sub(options, message)


# -- output style ---------------------------------------------------------------------

_RED: Final = "\033[31m"
_MAGENTA: Final = "\033[35m"
_BOLD: Final = "\033[1m"
_DIM: Final = "\033[2m"
_RESET: Final = "\033[0m"


class Style:
    """How to print cards: plain text (``5H``), or suit symbols and colour (``5♥`` in red).

    Args:
        color: use ANSI colours and suit symbols.

    :meth:`for_stream` decides it from the ``--color`` choice and the terminal: colour
    only on a terminal, never when ``NO_COLOR`` is set or ``TERM=dumb``, and symbols only
    when the stream's encoding can write them.

    >>> from trumpfamily import Card
    >>> from trumpfamily.cli import Style
    >>> Style(color=False).card(Card.parse("5H"))
    '5H'
    >>> Style(color=True).card(Card.parse("5H")) == "\\033[31m5♥\\033[0m"
    True
    """

    def __init__(self, color: bool) -> None:
        self.color = color

    @classmethod
    def for_stream(cls, stream: TextIO, choice: str = "auto") -> Style:
        """The style for ``stream`` given ``--color`` ``auto``, ``always`` or ``never``."""
        if choice == "never":
            return cls(False)
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♣♦♥♠".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return cls(False)
        if choice == "always":
            return cls(True)
        if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
            return cls(False)
        isatty = getattr(stream, "isatty", None)
        return cls(bool(isatty and isatty()))

    def card(self, card: Card) -> str:
        """One card: ``5H``, or ``5♥`` in red."""
        if not self.color:
            return str(card)
        if card is JK:
            return f"{_MAGENTA}JK{_RESET}"
        text = card.symbol
        assert card.suit is not None
        return f"{_RED}{text}{_RESET}" if card.suit.is_red else text

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards separated by spaces; ``-`` for none."""
        return " ".join(self.card(c) for c in cards) if cards else "-"

    def suit(self, suit: Suit) -> str:
        """A suit's name, with its symbol when styled: ``spades`` or ``♠ spades``."""
        name = suit.name.lower()
        if not self.color:
            return name
        text = f"{suit.symbol} {name}"
        return f"{_RED}{text}{_RESET}" if suit.is_red else text

    def bold(self, text: str) -> str:
        """Text in bold when styled."""
        return f"{_BOLD}{text}{_RESET}" if self.color else text

    def dim(self, text: str) -> str:
        """Text dimmed when styled."""
        return f"{_DIM}{text}{_RESET}" if self.color else text


# -- commands -------------------------------------------------------------------------

def _players_text(variant: Variant) -> str:
    return f"{variant.table.min_players}-{variant.table.max_players}"


def _scoring_text(variant: Variant) -> str:
    s = variant.scoring
    if s.scoring == "pool":
        return f"pool: first to {s.tricks_to_win} tricks"
    return f"points: {s.points_per_trick} a trick, to {s.target}"


def cmd_variants(args: argparse.Namespace, out: TextIO) -> int:
    """``trumpfamily variants``: the presets, their player counts, scoring and aliases."""
    style = Style.for_stream(out, args.color)
    rows = [(v.name, _players_text(v), _scoring_text(v), ", ".join(v.aliases))
            for v in VARIANTS.values()]
    heads = ("preset", "players", "scoring", "also called")
    widths = [max(len(r[i]) for r in (heads, *rows)) for i in range(3)]
    line = "  ".join(h.ljust(w) for h, w in zip(heads, widths)) + "  " + heads[3]
    print(style.bold(line.rstrip()), file=out)
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)) + "  " + row[3], file=out)
    print(f"\nNames and aliases ignore case, spaces and hyphens. Details: {_PROG} rules VARIANT",
          file=out)
    return EXIT_OK


def _changed(variant: Variant) -> dict[str, Any]:
    base = VARIANTS.get(variant.name)
    if base is None:
        return {}
    before = base.options()
    return {k: v for k, v in variant.options().items() if before[k] != v}


def _title(variant: Variant) -> str:
    changed = _changed(variant)
    if not changed:
        return variant.name
    return f"{variant.name} with " + ", ".join(f"{k}={v!r}" for k, v in changed.items())


#: When a privileged trump may be withheld, by option ``renege_basis`` (the heading of
#: ``trumpfamily rules``).
_RENEGE_BASIS: Final = {
    "led": "against a lower trump led",
    "highest": "against a lower trump than the highest played so far",
    "unconditional": "whatever was led",
}


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    """``trumpfamily rules``: the card orders and every option value in force."""
    style = Style.for_stream(out, args.color)
    variant = _variant(args.variant, args.option)
    one = args.trump is not None  # an empty --trump "" is refused, not read as "every suit"
    trumps = [parse_suit(args.trump)] if one else list(Suit)
    ranking = variant.ranking
    print(style.bold(_title(variant)), file=out)
    print(f"players {_players_text(variant)}; {_scoring_text(variant)}", file=out)
    print(file=out)
    print(style.bold("Trumps, highest first"), file=out)
    width = max(len(s.name) for s in Suit) + 1
    for trump in trumps:
        order = ranking.trump_order(trump)
        label = style.suit(trump) + " " * (width - len(trump.name.lower()))
        print(f"  {label} {style.cards(order)}  ({len(order)} cards)", file=out)
    privileged = [
        [c for c in ranking.trump_order(t) if c in variant.reneging.privileged(
            t, joker=ranking.uses_joker, natural_order=ranking.natural_order)]
        for t in trumps]
    print(file=out)
    print(style.bold(f"Trumps that may renege ({_RENEGE_BASIS[variant.reneging.renege_basis]})"),
          file=out)
    for trump, cards in zip(trumps, privileged):
        label = style.suit(trump) + " " * (width - len(trump.name.lower()))
        print(f"  {label} {style.cards(cards) if cards else 'none'}", file=out)
    print(file=out)
    if one:
        trump = trumps[0]
        print(style.bold(f"Plain suits, highest first ({trump.name.lower()} trumps)"), file=out)
        plain = [s for s in Suit if s is not trump]
    else:
        print(style.bold("Plain suits, highest first (when not trumps)"), file=out)
        plain = list(Suit)
    for suit in plain:
        other = Suit.SPADES if suit is not Suit.SPADES else Suit.CLUBS
        order = ranking.plain_order(suit, trumps[0] if one else other)
        label = style.suit(suit) + " " * (width - len(suit.name.lower()))
        print(f"  {label} {style.cards(order)}  ({len(order)} cards)", file=out)
    print(file=out)
    print(style.bold("Options in force") + "  (* = changed from the preset)", file=out)
    changed = _changed(variant)
    name_width = max(len(n) for n in OPTION_SPECS)
    values = {k: repr(v) for k, v in variant.options().items()}
    value_width = max(len(v) for v in values.values())
    for name, (component, spec) in OPTION_SPECS.items():
        mark = "*" if name in changed else " "
        print(f" {mark}{name.ljust(name_width)}  {values[name].ljust(value_width)}  "
              + style.dim(f"{component}: {spec.doc}"), file=out)
    return EXIT_OK


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    """``trumpfamily explain``: the legal cards, and why each other card is not legal."""
    style = Style.for_stream(out, args.color)
    variant = _variant(args.variant, args.option)
    trump = parse_suit(args.trump)
    hand = parse_cards(args.hand)
    trick = parse_cards(args.trick)
    legal = legal_moves(hand, trick, trump=trump, variant=variant, demoted=args.demoted)
    where = "Leading" if not trick else f"Trick so far: {style.cards(trick)}"
    demoted = (f" ({Card.parse(args.demoted)} demoted to the lowest trump)"
               if args.demoted else "")
    print(f"{_title(variant)}, {trump.name.lower()} trumps{demoted}. {where}. "
          f"Hand: {style.cards(hand)}.", file=out)
    print(f"Legal: {style.cards(legal)}", file=out)
    for card in hand:
        if card in legal:
            continue
        try:
            check_play(card, hand, trick, trump=trump, variant=variant, demoted=args.demoted)
        except IllegalPlayError as refusal:
            print(f"  {style.card(card)} may not be played: {refusal.reason}", file=out)
    return EXIT_OK


# -- hands: narration shared by play and replay ------------------------------------------

def _count(number: int, noun: str) -> str:
    """``"1 action"``, ``"3 actions"``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _who(seat: int, human: int | None = None) -> str:
    return "you" if seat == human else f"P{seat}"


def _side_text(state: HandState, side: int, human: int | None) -> str:
    seats = state.sides[side]
    if len(seats) == 1:
        return _who(seats[0], human)
    return "side " + "+".join(_who(x, human) for x in seats)


class _Narrator:
    """Prints what happens in a hand, one line per event, to ``out``.

    Args:
        style: how to print cards.
        out: the stream.
        human: the seat played from the keyboard (its discards are shown), or ``None``.
        reveal: show every seat's face-down discard (replays, bot games).
    """

    def __init__(self, style: Style, out: TextIO, human: int | None = None,
                 reveal: bool = True) -> None:
        self.style, self.out, self.human, self.reveal = style, out, human, reveal

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def does(self, seat: int, verb: str) -> str:
        """``"P2 robs"``, or ``"You rob"`` for the human seat."""
        if seat == self.human:
            return f"You {verb}"
        return f"P{seat} {verb}s"

    def deal(self, state: HandState, title: str) -> None:
        st = self.style
        self.say(f"{st.bold(title)}: {self.does(state.dealer, 'deal')}, {state.players} players. "
                 f"Turn-up {st.card(state.turn_up)}: {st.suit(state.trump)} are trumps.")
        at = state.deck.index(state.turn_up)
        if at and state.deck[at - 1] is JK:
            self.say(f"  The joker was turned up first: the dealer takes it, discarding a card, "
                     f"and the next card, {st.card(state.turn_up)}, decides trumps.")

    def step(self, before: HandState, action: Action, after: HandState) -> None:
        st = self.style
        seat = before.to_act
        assert seat is not None
        if isinstance(action, Rob):
            taken = st.cards([c for c in after.hands[seat] if c not in before.hands[seat]])
            shown = st.card(action.discard) if (self.reveal or seat == self.human) else "a card"
            if _joker_turned(before):  # taking the joker is not a rob (RULES.md §2.8)
                self.say(f"  {self.does(seat, 'take')} the joker ({taken}), discarding {shown} "
                         "face down.")
            else:
                self.say(f"  {self.does(seat, 'rob')}: taking {taken}, discarding {shown} "
                         "face down.")
        elif isinstance(action, DeclineRob):
            if (before.phase is Phase.ROB and seat == before.dealer
                    and before.turn_up.rank is Rank.ACE):
                self.say(f"  {self.does(seat, 'decline')} the turned-up Ace: \"I play these\".")
            else:
                self.say(f"  {self.does(seat, 'announce')} the Ace of trumps without robbing.")
        elif isinstance(action, Claim):
            self.say(f"  {self.does(seat, 'claim')} the pool after winning the first three "
                     "tricks.")
        elif isinstance(action, Jink):
            self.say(f"  {self.does(seat, 'jink')}: playing on to win all five tricks.")
        elif isinstance(action, AskFive):
            self.say(f"  {self.does(seat, 'ask')} the dealer to five (turn up a new trump suit).")
        elif isinstance(action, AcceptFive):
            self.say(f"  The dealer agrees to five: turned {st.cards(after.fived)}; "
                     f"{st.suit(after.trump)} are trumps (turn-up {st.card(after.turn_up)}).")
        elif isinstance(action, RefuseFive):
            self.say("  The dealer refuses to five.")
        # A human at the table learns of a silent holder's penalty only when his view shows
        # it (once the Ace is played, or the hand is over); bot games and replays see all.
        if self.human is not None and not self.reveal:
            seen_before, seen_after = before.view(self.human), after.view(self.human)
            was_demoted, now_demoted = seen_before.demoted, seen_after.demoted
            was_barred, now_barred = seen_before.barred, seen_after.barred
        else:
            was_demoted, now_demoted = before.demoted, after.demoted
            was_barred, now_barred = before.barred, after.barred
        if now_demoted is not None and was_demoted is None:
            self.say(f"  {st.card(now_demoted)} was not robbed with: it is now the lowest trump "
                     "for this hand (option unrobbed_ace).")
        for barred in now_barred[len(was_barred):]:
            who = "You" if barred.seat == self.human else f"P{barred.seat}"
            self.say(f"  {who} may not win the pool this hand: {barred.reason}")
        if len(after.tricks) > len(before.tricks):
            self.trick(after, len(after.tricks))

    def trick(self, state: HandState, number: int) -> None:
        st = self.style
        trick = state.tricks[number - 1]
        plays = "  ".join(f"{_who(seat, self.human)} {st.card(card)}"
                          for seat, card in zip(trick.seats, trick.cards))
        winner = _who(trick.winner, self.human)
        counts = state.trick_counts[trick.winner]
        self.say(f"  Trick {number}: {plays}  -> {st.bold(winner)} "
                 f"({counts} trick{'s' if counts != 1 else ''})")

    def outcome(self, state: HandState) -> None:
        out = state.outcome
        if out is None:
            self.say(f"  The record stops before the end of the hand "
                     f"({_count(len(state.actions), 'action')}).")
            return
        tricks = ", ".join(f"{_who(x, self.human)} {n}" for x, n in enumerate(out.tricks))
        self.say(f"  Tricks: {tricks}.")
        if out.scoring == "points":
            assert out.points is not None and out.side_points is not None
            points = ", ".join(f"{_side_text(state, i, self.human)} {p}"
                               for i, p in enumerate(out.side_points))
            self.say(f"  Points this hand: {points}.")
            if out.best_trump is not None and out.best_trump_trick is not None:
                self.say(f"  The best trump, {self.style.card(out.best_trump)}, was in trick "
                         f"{out.best_trump_trick + 1}: that trick scores double.")
            return
        if out.winner is not None:
            who = _side_text(state, out.winner, self.human)
            how = (" by a successful jink" if out.jink_succeeded
                   else " by claiming" if out.claimed else "")
            verb = "take" if who == "you" or who.startswith("side ") else "takes"
            self.say(f"  {who[0].upper() + who[1:]} {verb} the pool{how}.")
        elif out.jink_tried:
            self.say("  The jink failed: the hand is spoiled and the pool carries.")
        else:
            self.say(f"  Spoil: nobody took {out.tricks_needed} tricks; the pool carries.")


# -- replay ----------------------------------------------------------------------------

def _read_records(path: str) -> list[Any]:
    """The records in ``path`` (``-``: standard input): one record, or a list of them."""
    try:
        if path == "-":
            if sys.stdin is None:  # started with standard input closed (``<&-``)
                raise CommandError("standard input is closed", EXIT_FAILURE)
            raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else (
                sys.stdin.read().encode("utf-8"))
        else:
            with open(path, "rb") as handle:
                raw = handle.read()
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    if path == "-":
        path = "standard input"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CommandError(f"{path} is not a hand record: not UTF-8 text (byte "
                           f"{error.start})", EXIT_FAILURE) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(f"{path} is not a hand record: not JSON ({error})",
                           EXIT_FAILURE) from None
    except RecursionError:
        raise CommandError(f"{path} is not a hand record: its JSON is nested too deeply",
                           EXIT_FAILURE) from None
    records = data if isinstance(data, list) else [data]
    if not records:
        raise CommandError(f"{path} holds no hand record (an empty list)", EXIT_FAILURE)
    return records


def _check_action_types(data: Any, where: str) -> None:
    """Name an unknown action ``type`` in words (replay() would only say it is malformed)."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if not isinstance(actions, list):
        return
    for index, raw in enumerate(actions):
        kind = raw.get("type") if isinstance(raw, dict) else None
        if isinstance(kind, str) and kind not in ACTION_TYPES:
            raise CommandError(
                f"{where} does not verify: action {index} has unknown action type {kind!r} "
                f"(expected one of {', '.join(ACTION_TYPES)})", EXIT_FAILURE)


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """``trumpfamily replay``: replay a saved hand record trick by trick and verify it."""
    style = Style.for_stream(out, args.color)
    records = _read_records(args.file)
    narrator = _Narrator(style, out, reveal=True)
    for number, data in enumerate(records, 1):
        where = f"record {number}" if len(records) > 1 else args.file
        _check_action_types(data, where)
        try:
            final = replay(data)
            state = replay({**data, "actions": []})
        except ReplayError as error:
            raise CommandError(f"{where} does not verify: {error}", EXIT_FAILURE) from None
        title = f"Hand {number}" if len(records) > 1 else "Hand"
        variant = _title(state.variant)
        narrator.deal(state, f"{title} ({variant})")
        for action in final.actions:
            after = state.apply(action)
            narrator.step(state, action, after)
            state = after
        narrator.outcome(state)
        if state != final:  # pragma: no cover - replay() is deterministic
            raise CommandError(f"{where} does not verify: replaying it twice gave different "
                               "hands", EXIT_FAILURE)
        verb = "replays" if len(final.actions) == 1 else "replay"
        print(f"  Verified: {_count(len(final.actions), 'action')} {verb} under the rules.",
              file=out)
    return EXIT_OK


# -- play ------------------------------------------------------------------------------

class _Abandoned(Exception):
    """The human left the game (end of input, or ``quit``)."""


def _joker_turned(state: HandState) -> bool:
    """Whether the joker is turned up and the dealer has yet to take it (RULES.md §2.8); the
    card after it, already turned, is trumps and is robbed like any turn-up once he has."""
    at = state.deck.index(state.turn_up)
    return (bool(at) and state.deck[at - 1] is JK and not state.fived
            and state.joker_discard is None)


def _dealer_keeps(state: HandState) -> bool:
    """Whether ``DeclineRob`` now means the dealer's "I play these" (an Ace turned up)."""
    return (state.phase is Phase.ROB and state.to_act == state.dealer
            and state.turn_up.rank is Rank.ACE and not _joker_turned(state))


def _forgetting(state: HandState, may_announce: bool, may_forget: bool = True) -> str:
    """What not robbing costs the holder of the Ace of trumps (option ``unrobbed_ace``)."""
    robbing = state.variant.robbing
    pool = state.variant.scoring.scoring == "pool"

    def effects(announced: bool) -> str:
        demote, barred = unrobbed_penalty(robbing, announced=announced)
        costs = [text for flag, text in ((demote, "your Ace becomes the lowest trump"),
                                         (barred and pool, "you cannot win the pool"))
                 if flag]
        return " and ".join(costs) if costs else "there is no penalty"

    rule = f" (option unrobbed_ace={robbing.unrobbed_ace!r})"
    if not may_forget:  # before the lead: rob, or announce if allowed
        return f"If you announce instead, {effects(True)}{rule}." if may_announce else ""
    if not may_announce:
        return f"If you play without robbing, {effects(False)}{rule}."
    if effects(True) == effects(False):
        return f"If you do not rob, announced or not, {effects(False)}{rule}."
    return (f"If you announce, {effects(True)}; if you play without either, "
            f"{effects(False)}{rule}.")


def _describe(action: Action, state: HandState, style: Style) -> str:
    """An action in words for the numbered menu, starting with what may be typed for it."""
    if isinstance(action, Play):
        return f"play {style.card(action.card)}"
    if isinstance(action, Rob):
        taken = "the joker" if state.phase is Phase.ROB and _joker_turned(state) else "the turn-up"
        return (f"rob {style.card(action.discard)}: take {taken}, discarding "
                f"{style.card(action.discard)} face down")
    if isinstance(action, DeclineRob):
        if _dealer_keeps(state):
            return 'keep: keep your hand, "I play these" (do not take the Ace)'
        return "announce: announce the Ace of trumps, without robbing"
    if isinstance(action, Claim):
        return "claim: take the pool now"
    if isinstance(action, Jink):
        return "jink: play on, undertaking to win all five tricks"
    if isinstance(action, AskFive):
        return "five: ask the dealer to five (turn up a new trump suit)"
    if isinstance(action, AcceptFive):
        return "agree: agree to five (turn up a new trump suit)"
    if isinstance(action, RefuseFive):
        return "refuse: refuse to five (keep these trumps)"
    return repr(action)  # pragma: no cover - every action type is listed above


#: The words the prompt accepts for the actions that take no card (first the menu's word).
_WORDS: Final[dict[str, Action]] = {
    "keep": DeclineRob(), "announce": DeclineRob(), "decline": DeclineRob(),
    "claim": Claim(), "jink": Jink(), "five": AskFive(), "ask": AskFive(),
    "agree": AcceptFive(), "accept": AcceptFive(), "refuse": RefuseFive(),
}
_NUMBER: Final = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: "٣" is no choice
_LEGAL_SUFFIX: Final = re.compile(r" \(legal: .*\)$")
_HELP: Final = (
    "  Answers: the number of an action in the list; a card to play it (9D, or play 9D); "
    "rob CARD to take the turn-up, discarding CARD (e.g. rob 8C); keep, announce or decline "
    "to keep your hand instead of robbing; claim; jink; five to ask the dealer to five; "
    "agree or refuse to answer that; help; quit to leave the game.")


class _Prompt:
    """Asks the human seat for an action: the legal actions numbered; a number, a card
    (``9D``), ``rob 8C`` or a word (``claim``, ``jink``...) answers. Bad input gets the
    reason and a new prompt."""

    def __init__(self, style: Style, out: TextIO, stdin: TextIO) -> None:
        self.style, self.out, self.stdin = style, out, stdin

    def context(self, state: HandState, seat: int) -> str:
        """Where the hand stands for ``seat``: before the lead, claiming, or trick N."""
        st = self.style
        legal = state.legal_actions()
        robs = any(isinstance(a, Rob) for a in legal)
        may = "may" if DeclineRob() in legal else "must"
        five = (" As eldest hand you may also ask the dealer to five."
                if AskFive() in legal else "")
        if state.phase is Phase.ROB:
            if seat == state.dealer and _joker_turned(state):
                return ("Before the lead: the joker was turned up first: you take it, "
                        "discarding a card face down.")
            if seat == state.dealer and state.turn_up.rank is Rank.ACE:
                return (f"Before the lead: you {may} rob the turned-up "
                        f"{st.card(state.turn_up)} (take it, discarding a card face down)."
                        + five)
            if robs:
                penalty = _forgetting(state, DeclineRob() in legal, may_forget=False)
                return (f"Before the lead: you hold the Ace of trumps and {may} rob the "
                        f"turn-up {st.card(state.turn_up)} (take it, discarding a card face "
                        "down)." + (f" {penalty}" if penalty else "") + five)
            return "Before the lead." + five
        if state.phase is Phase.FIVE:
            return (f"Before the lead: {_who(state.eldest, seat)} asks you to five: agree "
                    "(cards are turned up until a new trump suit) or refuse.")
        if state.phase is Phase.CLAIM:
            return ("You have won the first three tricks: claim the pool now, or jink (lead "
                    "on, undertaking to win all five tricks).")
        if state.current_trick:
            seats = [(state.leader + i) % state.players for i in range(len(state.current_trick))]
            trick = "  ".join(f"{_who(x, seat)} {st.card(c)}"
                              for x, c in zip(seats, state.current_trick))
            where = f"Trick {len(state.tricks) + 1}, so far {trick}."
        else:
            where = f"Trick {len(state.tricks) + 1}, you lead."
        if robs:
            where += (f" You hold the Ace of trumps: you may rob the turn-up "
                      f"{st.card(state.turn_up)} before you play"
                      + (", or announce the Ace" if DeclineRob() in legal else "")
                      + f". {_forgetting(state, DeclineRob() in legal)}")
        return where

    def show(self, state: HandState, seat: int) -> tuple[Action, ...]:
        st = self.style
        view = state.view(seat)
        legal = view.legal_actions
        turn_up = f" (turn-up {st.card(view.turn_up)})" if view.turn_up is not None else ""
        trumps = st.suit(view.trump) if view.trump is not None else "not yet turned"
        print(st.bold(f"Your turn (P{seat}).") + f" Trumps: {trumps}{turn_up}. "
              + self.context(state, seat), file=self.out)
        print(f"  Your hand: {st.cards(view.hand)}", file=self.out)
        width = len(str(len(legal)))
        for number, action in enumerate(legal, 1):
            print(f"  {str(number).rjust(width)}) {_describe(action, state, st)}", file=self.out)
        return legal

    def ask(self, state: HandState, seat: int) -> Action:
        legal = self.show(state, seat)
        while True:
            choices = "1" if len(legal) == 1 else f"1-{len(legal)}"
            print(f"Choose {choices} (or type a card, 'help', 'quit'): ", end="",
                  file=self.out, flush=True)
            line = self.stdin.readline()
            if not line:
                print(file=self.out, flush=True)  # end the prompt's line first
                raise _Abandoned("end of input")
            text = line.strip()
            if not _isatty(self.stdin):
                print(text, file=self.out)  # a scripted answer: show it, as a terminal would
            if not text:
                continue
            if text.lower() in ("q", "quit", "exit"):
                raise _Abandoned("you left the game")
            if text.lower() in ("?", "h", "help"):
                legal = self.show(state, seat)
                print(_HELP, file=self.out)
                continue
            action, error = self.parse(text, legal, state)
            error = error.replace(f"seat {seat}'s hand", "your hand")
            if action is not None:
                return action
            print(f"  {error}", file=self.out)

    @staticmethod
    def parse(text: str, legal: tuple[Action, ...], state: HandState) -> tuple[Action | None, str]:
        """The action meant by ``text``, or ``None`` and why it cannot be taken."""
        if _NUMBER.fullmatch(text):
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1], ""
            choices = "1" if len(legal) == 1 else f"1 to {len(legal)}"
            return None, f"There is no action {number}: choose {choices}."
        if text.lstrip("+-").isdecimal():  # digits of another script, e.g. "٣"
            choices = "1" if len(legal) == 1 else f"1 to {len(legal)}"
            return None, f"Type the action's number with the digits 0-9: choose {choices}."
        words = text.split()
        verb = words[0].lower()
        if verb in ("rob", "play") and len(words) == 1:
            example = next((a for a in legal if isinstance(a, Rob if verb == "rob" else Play)),
                           None)
            card = (str(example.discard) if isinstance(example, Rob)
                    else str(example.card) if isinstance(example, Play)
                    else "8C" if verb == "rob" else "9D")
            what = "discard" if verb == "rob" else "play"
            return None, (f"{verb.capitalize()} which card? Type the card to {what} as well, "
                          f"e.g. {verb} {card}.")
        try:
            if verb in ("rob", "play") and len(words) == 2:
                action: Action = Rob(words[1]) if verb == "rob" else Play(words[1])
            elif len(words) == 1 and verb in _WORDS:
                action = _WORDS[verb]
            elif len(words) == 1:
                action = Play(words[0])
            else:
                return None, (f"Not understood: {text!r}. Type the number of an action, a card "
                              "such as 9D, or 'help'.")
        except TrumpFamilyError as error:
            return None, f"{error}. Type the number of an action, or 'help'."
        if action in legal:
            return action, ""
        try:
            state.apply(action)
        except IllegalActionError as refusal:
            return None, f"Not allowed: {_LEGAL_SUFFIX.sub('', refusal.reason)}."
        return None, "Not allowed now."  # pragma: no cover - apply accepts only legal actions


def _isatty(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _standings(game: Game, chips: Sequence[int] | None = None, pool: int | None = None) -> str:
    """The chips won or lost (pool games; ``chips`` and ``pool`` default to the game's
    now), or the scores (points games)."""
    if game.variant.scoring.scoring == "pool":
        chips = game.chips if chips is None else chips
        pool = game.pool if pool is None else pool
        text = ", ".join(f"P{seat} {value:+d}" for seat, value in enumerate(chips))
        return f"Chips won or lost: {text}; pool {pool}."
    target = game.variant.scoring.target
    scores = ", ".join(f"{'+'.join(f'P{x}' for x in side)} {score}"
                       for side, score in zip(game.sides, game.scores))
    return f"Scores: {scores} (target {target})."


def _next_antes(game: Game, finished: HandState) -> tuple[int, ...]:
    """What each seat staked to the hand just dealt after ``finished`` (pool games), as
    :class:`~trumpfamily.game.Game` takes it (:func:`~trumpfamily.scoring.antes`)."""
    outcome = finished.outcome
    after_spoil = outcome is not None and outcome.winner is None
    return antes(game.variant.scoring, game.players, game.dealer, after_spoil=after_spoil)


#: Hands a pool game lasts unless ``--hands`` says otherwise (pool games have no end).
_POOL_HANDS: Final = 5


def _check_writable(path: str) -> None:
    """Refuse ``--save FILE`` before the game when FILE cannot be written (exit 2)."""
    if os.path.isdir(path):
        raise CommandError(f"--save {path}: is a directory")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise CommandError(f"--save {path}: the file cannot be written (permission denied)")
    elif not os.path.isdir(folder):
        raise CommandError(f"--save {path}: no such folder: {folder}")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise CommandError(f"--save {path}: the folder {folder} cannot be written "
                           "(permission denied)")


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    """``trumpfamily play``: a game in the terminal (bots, or you at ``--human SEAT``)."""
    style = Style.for_stream(out, args.color)
    variant = _variant(args.variant, args.option)
    players = args.players
    variant.table.side_count(players)  # PlayerCountError names the allowed counts
    human = args.human
    if human is not None and not 0 <= human < players:
        raise CommandError(f"--human {human} is not a seat: seats are 0 to {players - 1}")
    if human is not None and sys.stdin is None:  # started with ``<&-``: nothing to read
        raise CommandError("standard input is closed", EXIT_FAILURE)
    if args.hands is not None and args.hands < 1:
        raise CommandError(f"--hands {args.hands}: play at least one hand")
    if args.save is not None:
        _check_writable(args.save)
    pool = variant.scoring.scoring == "pool"
    limit = args.hands if args.hands is not None else (_POOL_HANDS if pool else None)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    game = Game(variant, players=players, seed=seed, hands=limit)
    bots: list[Player] = [
        RuleOfThumbPlayer() if args.bots == "thumb" else RandomPlayer(seed=seed * 100 + seat)
        for seat in range(players)]
    narrator = _Narrator(style, out, human=human, reveal=human is None)
    prompt = _Prompt(style, out, sys.stdin)
    if limit is not None:
        length = f"{limit} hand{'s' if limit != 1 else ''}"
    else:
        length = f"to {variant.scoring.target} points"
    you = f"; you are P{human}" if human is not None else f"; {args.bots} bots"
    print(style.bold(_title(variant)) + f": {players} players, {length}, seed {seed}{you}.",
          file=out)
    if game.first_dealer_cards:
        print(f"Cards dealt face up for the first Jack: {style.cards(game.first_dealer_cards)}; "
              f"P{game.dealer} deals first.", file=out)
    records: list[dict[str, object]] = []
    announced: HandState | None = None
    stakes = tuple(-chips for chips in game.chips)  # the first deal's antes
    try:
        while not game.is_over:
            hand = game.hand
            if not hand.actions and hand is not announced:
                announced = hand
                print(file=out)
                narrator.deal(hand, f"Hand {game.hand_number}")
                if pool:
                    paid = ", ".join(f"P{seat} {chips}" for seat, chips in enumerate(stakes))
                    print(f"  Antes: {paid}; the pool holds {game.pool} chips.", file=out)
            seat = hand.to_act
            assert seat is not None
            if seat == human:
                action = prompt.ask(hand, seat)
            else:
                action = bots[seat].choose(hand.view(seat))
            finished = len(game.outcomes)
            returned = game.apply(action, seat)
            done = len(game.outcomes) > finished
            after = game.last_hand if done and game.last_hand is not None else returned
            narrator.step(hand, action, after)
            if done or game.is_over:
                if after.is_over:
                    narrator.outcome(after)
                else:
                    print("  That trick takes the game to the target: the game ends here.",
                          file=out)
                records.append(after.record())
                if pool and not game.is_over:  # the next deal's antes are already taken
                    stakes = _next_antes(game, after)
                    chips = [c + a for c, a in zip(game.chips, stakes)]
                    print("  " + _standings(game, chips, game.pool - sum(stakes)), file=out)
                else:
                    print("  " + _standings(game), file=out)
    except (_Abandoned, KeyboardInterrupt) as stop:
        if not game.hand.is_over:
            records.append(game.hand.record())  # the hand in progress, as far as it went
        saved = _save(args.save, records)
        if isinstance(stop, KeyboardInterrupt):
            raise
        note = (f"; {saved} saved to {args.save} (the last one unfinished)" if saved else "")
        raise CommandError(f"{stop}{note}", EXIT_FAILURE, label="game abandoned") from None
    print(file=out)
    if game.winner is not None:
        side = game.sides[game.winner]
        names = "+".join(_who(x, human) for x in side)
        verb = "win" if names == "you" or len(side) > 1 else "wins"
        print(style.bold(f"{names[0].upper() + names[1:]} {verb} the game."), file=out)
    else:
        count = len(game.outcomes)
        print(style.bold(f"Game over after {count} hand{'s' if count != 1 else ''}."), file=out)
    print(_standings(game), file=out)
    _save(args.save, records)
    return EXIT_OK


def _save(path: str | None, records: list[dict[str, object]]) -> str:
    """Write ``records`` to ``path`` (JSON); returns "N hand records" ("" when not saving)."""
    if path is None:
        return ""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(records, handle, indent=1)
            handle.write("\n")
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}",
                           EXIT_FAILURE) from None
    return f"{len(records)} hand record{'s' if len(records) != 1 else ''}"


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    """``trumpfamily demo``: a game of every preset that suits ``--players``, played by
    bots and printed (:func:`trumpfamily.demo.play_game`); also ``python -m trumpfamily``."""
    players = args.players
    chosen: list[tuple[int, Variant]] = []
    skipped: list[Variant] = []
    for offset, variant in enumerate(VARIANTS.values()):
        try:
            variant.table.side_count(players)
        except PlayerCountError:
            skipped.append(variant)
        else:
            chosen.append((offset, variant))
    if not chosen:
        counts = ", ".join(f"{v.name} {_players_text(v)}" for v in VARIANTS.values())
        raise CommandError(f"--players {players}: no preset is played by {players} "
                           f"player{'s' if players != 1 else ''} ({counts})")
    for variant in skipped:
        print(f"({variant.name} is skipped: it is for {_players_text(variant)} players.)",
              file=out)
    if skipped:
        print(file=out)
    for offset, variant in chosen:  # the seed of each preset does not depend on the others
        _demo.play_game(variant, players=players, seed=args.seed + offset,
                       out=lambda line: print(line, file=out))
    return EXIT_OK


# -- the parser -----------------------------------------------------------------------

_Command = Callable[[argparse.Namespace, TextIO], int]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error (the usage is
    in ``--help``), like every other error of the command line."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse ignores a failed write (--help to a full disk): let main() report it.
        if message:
            (file or sys.stderr).write(message)


def _add_option_argument(parser: argparse.ArgumentParser) -> None:
    names = ", ".join(OPTION_SPECS)
    parser.add_argument(
        "--option", "-o", metavar="NAME=VALUE", action="append", type=_option_text, default=[],
        help="a house rule (repeatable): true/false, integers and none are converted, other "
             f"values are strings. Options: {names}")


def _add_variant_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT",
                        help="a preset name or alias (see 'trumpfamily variants'), e.g. "
                             "'spoil five', 25, 45s, maw")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line (one sub-parser per command)."""
    common = _Parser(add_help=False)
    common.add_argument("--color", "--colour", choices=("auto", "always", "never"), default="auto",
                        help="colour and suit symbols: auto (on a terminal, unless NO_COLOR "
                             "is set), always or never (default: auto)")
    parser = _Parser(
        prog=_PROG,
        description="Rules of the Maw family of card games (Maw, Spoil Five, Twenty-Five, "
                    "Forty-Five): print the card orders and options of a preset, explain which "
                    "cards may be played, play or replay a hand.",
        epilog="Without a command, 'python -m trumpfamily' runs the demo.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("variants", parents=[common], help="list the presets",
                       description="List the presets with their player counts, scoring and "
                                   "aliases.")
    p.set_defaults(func=cmd_variants)

    p = sub.add_parser("rules", parents=[common], help="card orders and options of a variant",
                       description="Print the card order of each trump suit and of the plain "
                                   "suits, and every option value in force.")
    _add_variant_argument(p)
    p.add_argument("--trump", "-t", metavar="SUIT",
                   help="show only this trump suit: C, D, H, S, a symbol or a name")
    _add_option_argument(p)
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("explain", parents=[common], help="which cards may be played, and why not",
                       description="Print the legal cards of a hand in a position, and for each "
                                   "other card the rule that forbids it.",
                       epilog='Example: trumpfamily explain "spoil five" --trump C --trick "8C 5C" '
                              '--hand "JC KD 3H"')
    _add_variant_argument(p)
    p.add_argument("--trump", "-t", metavar="SUIT", required=True,
                   help="the trump suit: C, D, H, S, a symbol or a name")
    p.add_argument("--trick", default="", metavar="CARDS",
                   help="the cards already played to the trick, lead first (default: none, "
                        "you are leading)")
    p.add_argument("--hand", required=True, metavar="CARDS",
                   help='the cards in hand, e.g. "JC KD 3H" (10 or T for tens, JK the joker)')
    p.add_argument("--demoted", metavar="CARD", default=None,
                   help="an Ace of trumps demoted to the lowest trump for not being robbed")
    _add_option_argument(p)
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("play", parents=[common], help="play a game in the terminal",
                       description="Play a game: with --human, that seat is you and is prompted "
                                   "with its legal actions numbered; the others are bots. "
                                   "Without --human, bots play and the log is printed.")
    _add_variant_argument(p)
    p.add_argument("--players", "-n", type=int, default=4, metavar="N",
                   help="number of players (default: 4)")
    p.add_argument("--seed", "-s", type=int, default=None, metavar="S",
                   help="seed for the shuffles and the bots (default: random)")
    p.add_argument("--human", type=int, default=None, metavar="SEAT",
                   help="your seat, 0 to N-1, clockwise; P0 deals the first hand (in Maw the "
                        "first dealer is the seat dealt the first Jack face up), eldest hand "
                        "on the dealer's left leads, and the deal passes to the left")
    p.add_argument("--hands", type=int, default=None, metavar="K",
                   help="stop after K hands (default: a points game is played to its end, "
                        f"a pool game, which has no end, for {_POOL_HANDS} hands)")
    p.add_argument("--bots", choices=("thumb", "random"), default="thumb",
                   help="the other seats' players: thumb (claims, robs, plays its lowest "
                        "winning card) or random (default: thumb)")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="write the hands' records to FILE (JSON) for 'trumpfamily replay'; "
                        "FILE is checked before the game, and a game you leave is saved "
                        "with its unfinished hand")
    _add_option_argument(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", parents=[common], help="replay and verify a saved hand record",
                       description="Replay a saved hand record (JSON, as written by "
                                   "HandState.record()) trick by trick, and verify it.")
    p.add_argument("file", metavar="FILE", help="the record, a JSON file ('-' for standard input)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser(
        "demo", help="watch bots play every preset",
        description="Watch bots play a game of every preset that suits the player count, "
                    "with every trick, rob and payout printed: a pool game (Maw, Spoil Five, "
                    f"Twenty-Five) for {_demo.POOL_HANDS} hands, a points game (Forty-Five) "
                    "to its target. Seat 0 is the rule-of-thumb bot, the others play at "
                    "random. 'python -m trumpfamily' with no arguments runs it.")
    p.add_argument("--seed", "-s", type=int, default=2026, metavar="S",
                   help="seed for the shuffles and the bots (default: 2026)")
    p.add_argument("--players", "-n", type=int, default=4, metavar="N",
                   help="players at each table (default: 4); a preset not played by N "
                        "players is skipped")
    p.set_defaults(func=cmd_demo)
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
        return _stdout_closed(words)
    parser = build_parser()
    try:
        args = parser.parse_args(words)
    except SystemExit as stop:  # --help, --version, or a usage error already printed
        try:
            sys.stdout.flush()
        except OSError as error:
            return _output_failed(words, error)
        return _exit_code(stop)
    except OSError as error:  # --help or --version to a full disk
        return _output_failed(words, error)
    command: _Command = args.func
    out = sys.stdout
    try:
        code = command(args, out)
        out.flush()  # a full disk must be reported here, not at interpreter exit
        return code
    except CommandError as error:
        return _fail(args.command, str(error), error.code, error.label)
    except TrumpFamilyError as error:
        return _fail(args.command, str(error), EXIT_USAGE)
    except KeyboardInterrupt:
        _flush(sys.stdout)
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. '| head'): stop quietly.
        _silence_stdout()
        return EXIT_FAILURE
    except OSError as error:  # standard output cannot be written (a full disk, /dev/full)
        _silence_stdout()
        return _fail(args.command, "cannot write to standard output: "
                     f"{error.strerror or error}", EXIT_FAILURE)
    except Exception as error:  # noqa: BLE001  # pragma: no cover - a bug
        # still one line on standard error, never a traceback
        return _fail(args.command, f"internal error ({type(error).__name__}: {error}); "
                     "please report it", EXIT_FAILURE)


def _stdout_closed(words: Sequence[str]) -> int:
    """Standard output is closed (``sys.stdout is None``): say so on standard error, if
    that is open, and return :data:`EXIT_FAILURE`."""
    command = words[0] if words and not words[0].startswith("-") else ""
    who = f"{_PROG} {command}" if command else _PROG
    if sys.stderr is not None:
        try:
            print(f"{who}: error: standard output is closed", file=sys.stderr)
        except (OSError, ValueError):  # pragma: no cover - standard error is gone too
            pass
    return EXIT_FAILURE


def _output_failed(words: Sequence[str], error: OSError) -> int:
    """Help or version text could not be written."""
    _silence_stdout()
    if isinstance(error, BrokenPipeError):  # the reader went away: stop quietly
        return EXIT_FAILURE
    command = words[0] if words and not words[0].startswith("-") else ""
    return _fail(command, f"cannot write to standard output: {error.strerror or error}",
                 EXIT_FAILURE)


def _exit_code(stop: SystemExit) -> int:
    return stop.code if isinstance(stop.code, int) else EXIT_USAGE


def _flush(stream: TextIO) -> None:
    try:
        stream.flush()
    except OSError:
        _silence_stdout()
    except ValueError:  # pragma: no cover - a closed stream
        pass


def _fail(command: str, message: str, code: int, label: str = "error") -> int:
    """Print ``trumpfamily COMMAND: error: MESSAGE`` on standard error; return ``code``."""
    _flush(sys.stdout)  # what was printed so far comes first (and ends its line)
    who = f"{_PROG} {command}" if command else _PROG
    try:
        print(f"{who}: {label}: {message}", file=sys.stderr)
    except OSError:  # pragma: no cover - standard error itself is gone
        pass
    return code


def _silence_stdout() -> None:
    """Send what is left in standard output's buffer to the null device, so that the
    interpreter's final flush does not fail again (only for a real file descriptor)."""
    try:
        fd = sys.stdout.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
