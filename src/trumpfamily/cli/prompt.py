"""The prompt of ``trumpfamily play --human SEAT``: a one-line scoreboard, where the hand
stands for that seat, its hand sorted with the trumps marked, its legal actions numbered,
and the answer read back as an action.

Everything shown comes from the seat's :class:`~trumpfamily.outcomes.SeatView` (in the
bidding games its :class:`~trumpfamily.outcomes.BiddingView`: what that seat may see, with
the game around the hand in ``view.game``) and from the library's rule functions; the menu
and the situation are worded by ``trumpfamily.cli._menu`` (the bidding games':
``trumpfamily.cli._bidding``: the auction, trumps, the kitty and the draw), the answer
read by ``trumpfamily.cli._answer``, and a refused answer is worded by the
engine's own refusal (:class:`~trumpfamily.errors.IllegalActionError`), said to the person
(``you``, the other seats ``P2``, the cards as the screen shows them:
``trumpfamily.cli._words``), so the prompt keeps no second copy of the rules. Besides an
action, the prompt takes ``status`` (the scoreboard and the hand again), ``history`` (the
hand so far, trick by trick, who led and who won), ``explain`` (why each card of the hand
may or may not be played; ``explain CARD`` for one: the engine's refusal, or the rule that
allows it, :func:`~trumpfamily.cli.explain.why_allowed`), ``hint`` (the analysis of the
position from the seat's view, :func:`trumpfamily.search.analysis.analyse`: the best few
actions with their value, its 95 % interval and the worlds behind it; ``play
--hint-budget B`` and ``--hint-milliseconds MS`` set its budget), ``help`` and ``quit``. On a terminal every line is
wrapped on words to its width.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Final, TextIO

from ..actions import BID_AMOUNTS, Action, Bid, Play
from ..cards import Card
from ..errors import CardParseError, IllegalActionError
from ..game import AnyHand
from ..narrate import Style
from ..outcomes import AnyView, BiddingView, Phase, Turn
from . import _bidding
from ._answer import choices, parse
from ._menu import describe, menu, situation
from ._words import for_person, hand_text, shown_cards, sorted_hand, terminal_width, wrap

__all__ = ["HINT_BUDGET", "HINT_MILLISECONDS", "HINT_ROWS", "WIDTH", "Abandoned", "Prompt", "describe",
           "explain_lines", "help_lines", "hint_lines", "history_lines", "scoreboard",
           "situation"]

#: The width the prompt wraps its longer texts to (help, history) when it does not write
#: to a terminal, in columns (on a terminal: the terminal's width).
WIDTH: Final = 78


class Abandoned(Exception):
    """The human left the game: ``quit``, or the end of standard input.

    Args:
        reason: why, for the message.
        left: the person chose to leave (``quit``, or the end of input typed at a
            terminal, Ctrl-D): no error. ``False``: the answers ran out (standard input
            is a file or a pipe), an error.
    """

    def __init__(self, reason: str, *, left: bool) -> None:
        super().__init__(reason)
        self.left = left


# -- the scoreboard and the history ---------------------------------------------------

def _who(view: AnyView, seat: int) -> str:
    return "you" if seat == view.seat else f"P{seat}"


def scoreboard(view: AnyView) -> str:
    """The one-line scoreboard: the hand number and dealer, the scores (points games) or
    the chips and the pool (pool games), and the tricks won so far this hand.

    Args:
        view: a seat's view; ``view.game`` (from :meth:`GameState.view
            <trumpfamily.game.GameState.view>`) gives the game's standings.

    Returns:
        E.g. ``"Hand 2 of 3, P1 deals. Chips: you -2, P1 +3, P2 -1; pool 0. Tricks: you 1,
        P1 0, P2 0."``.
    """
    game = view.game
    parts = []
    if game is not None:
        total = "" if game.hands_left is None else f" of {game.hand_number + game.hands_left}"
        deals = "you deal" if view.dealer == view.seat else f"P{view.dealer} deals"
        parts.append(f"Hand {game.hand_number}{total}, {deals}")
        if game.chips is not None:
            chips = ", ".join(f"{_who(view, s)} {n:+d}" for s, n in enumerate(game.chips))
            parts.append(f"Chips: {chips}; pool {game.pool}")
        elif game.scores is not None:
            scores = ", ".join("+".join(_who(view, s) for s in side) + f" {n}"
                               for side, n in zip(view.sides, game.scores, strict=True))
            parts.append(f"Scores: {scores} (target {game.target})")
    tricks = ", ".join(f"{_who(view, s)} {n}" for s, n in enumerate(view.trick_counts))
    parts.append(f"Tricks: {tricks}")
    return ". ".join(parts) + "."


def _turn_text(turn: Turn, view: AnyView, style: Style, *, in_trick: bool) -> str:
    """One action of the history: a card played (in a trick, the card alone), or the
    action in notation, a face-down choice the seat may not see as ``rob ??``."""
    who = _who(view, turn.seat)
    action = turn.action
    if action is None:
        return f"{who} {turn.kind.lower()} ??"
    if in_trick and isinstance(action, Play):
        return f"{who} {style.card(action.card)}"
    return f"{who} {shown_cards(str(action), style)}"


def history_lines(view: AnyView, width: int | None = WIDTH, style: Style | None = None) -> list[str]:
    """The hand so far as the seat saw it (``view.history``), trick by trick: who led, the
    cards in play order, who won (the trick going on: so far); the other actions (robs,
    the auction, trumps, discards, claims) where they came, in the notation of
    :mod:`trumpfamily.actions`; a face-down choice it may not see is ``rob ??`` (in the
    bidding games ``discard ??``, and the dealer's ``take ??`` from the pack).

    Args:
        view: a seat's view.
        width: the line width (``None``: lines whole).
        style: how to write the cards (default: plain text).

    Returns:
        The lines, indented by two spaces, e.g. ``"  Trick 1, P1 led: P1 QH  you KH  P0 2D
        -> you won."``.
    """
    style = style or Style(False)
    if not view.history:
        return ["  Nothing has been played in this hand yet."]
    lines: list[str] = []
    between: list[str] = []  # actions outside a trick, since the last line
    trick: list[str] = []  # the trick being read: its turns
    plays = 0  # the cards played to it
    number = 0  # the tricks completed

    def flush_between() -> None:
        if between:
            when = "Before the lead" if number == 0 else f"After trick {number}"
            lines.append(f"  {when}: {'; '.join(between)}.")
            between.clear()

    for turn in view.history:
        playing = isinstance(turn.action, Play)
        if not playing and not trick:
            between.append(_turn_text(turn, view, style, in_trick=False))
            continue
        flush_between()
        trick.append(_turn_text(turn, view, style, in_trick=True))
        plays += playing
        if plays == view.players and number < len(view.tricks):
            done = view.tricks[number]
            number += 1
            lines.append(f"  Trick {number}, {_who(view, done.leader)} led: "
                         f"{'  '.join(trick)}  -> {_who(view, done.winner)} won.")
            trick.clear()
            plays = 0
    flush_between()
    if trick:
        lines.append(f"  Trick {number + 1}, {_who(view, view.leader)} led: "
                     f"{'  '.join(trick)}  (so far).")
    return [part for line in lines for part in wrap(line, width, "  ")]


#: The commands the prompt takes, for ``help`` (both kinds of game).
_COMMANDS_HELP: Final = (
    "Commands: status (the scoreboard and your hand again), history (this hand so far, "
    "trick by trick), explain (why each card of your hand may or may not be played now; "
    "explain 9D for one card), hint (the best few actions as an analysis from your view "
    "values them: the expected result for your side to the end of the hand, its 95 % "
    "interval and the worlds, deals of the cards you cannot see, behind it), help, quit "
    "(leave the game: it is saved with --save).")

#: The answers the prompt takes, for ``help``.
_HELP: Final = (
    "Answers: the number of an action in the list, or the action as the list writes it: "
    "play 9D (or the card alone, 9D); rob 8C (take the turn-up, discarding 8C face down); "
    "decline-rob (do not rob: announce the Ace of trumps or, as dealer, keep your hand; "
    "also keep, announce or decline); pass (nothing to say to a prompt every seat gets); "
    "claim; jink; ask-five (or five) to ask the dealer to five; accept-five or "
    "refuse-five (or agree, refuse) to answer. Words may be in any case. Your hand lists "
    "your trumps first, highest first, marked (trumps), then each other suit. "
    + _COMMANDS_HELP)

#: The answers the prompt takes in the bidding games, for ``help``.
_BIDDING_HELP: Final = (
    "Answers: the number of an action in the list, or the action as the list writes it: "
    "bid 20 (a dealer's bid at the standing amount is his hold); pass (you bid no more "
    "this hand); trump H (or the suit alone, H or hearts) to name trumps; discard 5H 2C "
    "to put those cards face down (the list suggests a few; any legal discard may be "
    "typed, and discard alone stands pat); take 5H, the dealer robbing the pack; play 9D "
    "(or the card alone, 9D). Words may be in any case. Once trumps are named your hand "
    "lists your trumps first, highest first, marked (trumps), then each other suit. "
    + _COMMANDS_HELP)


def help_lines(width: int | None = WIDTH, *, bidding: bool = False) -> list[str]:
    """The prompt's help (``bidding``: the bidding games'), wrapped to ``width`` columns
    (``None``: :data:`WIDTH`) and indented by two spaces."""
    return textwrap.wrap(_BIDDING_HELP if bidding else _HELP, width or WIDTH,
                         initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False)


def explain_lines(view: AnyView, hand: AnyHand, cards: Sequence[Card], style: Style) -> list[str]:
    """Why each of ``cards`` may or may not be played now by the seat of ``view``: a
    card the engine refuses, with its refusal (:class:`~trumpfamily.errors.IllegalActionError`:
    a card not held, not the time to play, the following rules); a card it allows, with
    the rule that allows it (:func:`~trumpfamily.cli.explain.why_allowed`). Said to the
    person, with the cards as ``style`` writes them.

    Args:
        view: the view of the seat to act.
        hand: the hand now (whose ``apply`` refuses a card).
        cards: the cards asked about.
        style: how to write the cards.

    Returns:
        One line per card, indented by two spaces; one line for them all when the reason
        is the same for every card (``All 5 cards may be played: you lead ...``; before
        the lead, ``No card may be played now: ...``).
    """
    from .explain import why_allowed

    said: list[tuple[bool, str]] = []  # (allowed, why) for each card
    for card in cards:
        if Play(card) not in view.legal_actions:
            try:
                hand.apply(Play(card))
            except IllegalActionError as refusal:
                said.append((False, for_person(refusal.reason, view.seat, style)))
                continue
        trump = view.trump
        if view.phase is not Phase.PLAY or trump is None:  # pragma: no cover - refused above
            said.append((True, "now"))
            continue
        said.append((True, why_allowed(card, view.hand, view.current_trick, trump=trump,
                                       variant=view.variant,
                                       demoted=getattr(view, "demoted", None), style=style)))
    if len(said) > 1 and len(set(said)) == 1:
        allowed, why = said[0]
        if allowed:
            return [f"  All {len(said)} cards may be played: {why}."]
        return [f"  {why[:1].upper()}{why[1:]}."]  # "No card may be played now: ..."
    return [f"  {style.card(card)} may {'' if allowed else 'not '}be played: {why}."
            for card, (allowed, why) in zip(cards, said, strict=True)]


# -- the hint ---------------------------------------------------------------------------

#: The budget of the prompt's ``hint`` unless ``play --hint-budget`` says otherwise:
#: worlds sampled from the seat's view (the analysis's default,
#: :data:`trumpfamily.search.analysis.DEFAULT_BUDGET`).
HINT_BUDGET: Final = 8

#: The time limit of the prompt's ``hint`` unless ``play --hint-milliseconds`` says
#: otherwise, milliseconds: the sampling stops there (at least one world is searched), so
#: that a hint comes in about half a second even at the largest searches (the first
#: decisions of a hand at a full table), at the cost of fewer worlds there.
HINT_MILLISECONDS: Final = 500.0

#: The actions ``hint`` shows, best first.
HINT_ROWS: Final = 3


def hint_lines(view: AnyView, legal: Sequence[Action], style: Style, *,
               budget: int = HINT_BUDGET, seed: int | str = 0,
               milliseconds: float | None = HINT_MILLISECONDS) -> list[str]:
    """The prompt's ``hint``: the analysis of the position from the seat's view
    (:func:`trumpfamily.search.analysis.analyse`), short: its unit, the best
    :data:`HINT_ROWS` actions with their value, 95 % interval and worlds, and the best
    action's number in the menu.

    Args:
        view: the view of the seat to act (nothing else is read: the hint reveals no
            hidden card).
        legal: the menu's actions, in its order (for the best action's number).
        style: how to write the cards.
        budget: the analysis budget, worlds.
        seed: the analysis seed.
        milliseconds: the analysis's time limit (``None``: none, the hint the same on
            every machine).

    Returns:
        The lines, indented by two spaces.
    """
    from ..search.analysis import analyse
    from .analyse import action_text, heading, table_lines

    analysis = analyse(view, budget=budget, seed=seed, milliseconds=milliseconds)
    best = analysis.best
    number = f"{legal.index(best) + 1}) " if best in legal else ""
    lines = [f"  Hint: {heading(analysis, who='your')}:"]
    lines += table_lines(analysis, style, top=HINT_ROWS, indent="    ")
    lines.append(f"  Best: {number}{action_text(best, style)}.")
    return lines


# -- the prompt -------------------------------------------------------------------------

def _isatty(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


#: The words that leave the game.
_QUIT: Final = ("q", "quit", "exit")


class Prompt:
    """Asks the human seat for an action: a scoreboard, the situation, the hand and the
    legal actions numbered; a number, an action in notation (``play 9D``, ``rob 8C``,
    ``decline-rob``), a card alone or a short word (``keep``, ``five``...) answers, and
    ``status``, ``history``, ``explain [CARD]``, ``hint``, ``help`` and ``quit`` are
    commands. Bad input gets the reason, said to the person, and a new prompt. On a
    terminal every line is wrapped on words to its width.

    Args:
        style: how to print cards.
        out: where the prompt is written.
        stdin: where the answers are read (standard input).
        hint_budget: the budget of ``hint`` (:func:`trumpfamily.search.analysis.analyse`);
            default :data:`HINT_BUDGET`.
        hint_seed: the seed of ``hint``: the same position and seed give the same hint
            (without a time limit).
        hint_milliseconds: the time limit of ``hint``, milliseconds (default
            :data:`HINT_MILLISECONDS`; ``None``: none).
    """

    def __init__(self, style: Style, out: TextIO, stdin: TextIO, *,
                 hint_budget: int | None = None, hint_seed: int | str = 0,
                 hint_milliseconds: float | None = HINT_MILLISECONDS) -> None:
        self.style, self.out, self.stdin = style, out, stdin
        self.hint_budget = HINT_BUDGET if hint_budget is None else hint_budget
        self.hint_seed = hint_seed
        self.hint_milliseconds = hint_milliseconds

    def _say(self, text: str = "", *, end: str = "\n", flush: bool = False) -> None:
        lines = wrap(text, terminal_width(self.out))
        if text.endswith(" ") and not lines[-1].endswith(" "):  # the question's space
            lines[-1] += " "
        for line in lines[:-1]:
            print(line, file=self.out)
        print(lines[-1], file=self.out, end=end, flush=flush)

    def _say_all(self, lines: Sequence[str]) -> None:
        for line in lines:
            self._say(line)

    def show(self, view: AnyView) -> tuple[Action, ...]:
        """Print the scoreboard, where the hand stands, the seat's hand (sorted, its trumps
        marked: ``trumpfamily.cli._words.hand_text``) and its legal actions, numbered
        (robs weakest discard first: ``trumpfamily.cli._menu.menu``; in the bidding games
        a few suggested discards: ``trumpfamily.cli._bidding.menu``).

        Returns:
            The actions of the menu, in its order.
        """
        if isinstance(view, BiddingView):
            return self._show_bidding(view)
        st = self.style
        legal = menu(view)
        trumps = st.suit(view.trump) if view.trump is not None else "not yet turned"
        notes = [f"turn-up {st.card(view.turn_up)}"] if view.turn_up is not None else []
        if view.demoted is not None:
            notes.append(f"{st.card(view.demoted)} demoted to the lowest trump")
        extra = f" ({'; '.join(notes)})" if notes else ""
        self._say(st.dim(scoreboard(view)))
        self._say(st.bold(f"Your turn (P{view.seat}).") + f" Trumps: {trumps}{extra}. "
                  + situation(view, st))
        self._say(f"  Your hand: {hand_text(view, st)}")
        width = len(str(len(legal)))
        for number, action in enumerate(legal, 1):
            self._say(f"  {str(number).rjust(width)}) {describe(action, view, st)}")
        return legal

    def _show_bidding(self, view: BiddingView) -> tuple[Action, ...]:
        st = self.style
        offered = _bidding.menu(view)
        self._say(st.dim(scoreboard(view)))
        self._say(st.bold(f"Your turn (P{view.seat}).")
                  + f" Trumps: {_bidding.trumps_text(view, st)}. "
                  + _bidding.situation(view, st))
        self._say(f"  Your hand: {hand_text(view, st)}")
        width = len(str(len(offered)))
        for number, action in enumerate(offered, 1):
            self._say(f"  {str(number).rjust(width)}) {_bidding.describe(action, view, st)}")
        return offered

    def ask(self, hand: AnyHand, view: AnyView) -> Action:
        """Show the menu and read answers until one is a legal action.

        Args:
            hand: the hand now (to word refusals).
            view: the view of the seat to act.

        Returns:
            The chosen action.

        Raises:
            Abandoned: standard input ended, or the human typed ``quit``.
        """
        legal = self.show(view)
        bidding = isinstance(view, BiddingView)
        while True:
            self._say(f"Choose {choices(legal, '-')} (or an action, 'help', 'status', "
                      "'history', 'quit'): ", end="", flush=True)
            text = self._read()
            if not text:
                continue
            word = text.lower().partition(" ")[0]
            if text.lower() in _QUIT:
                raise Abandoned("you left the game", left=True)
            if text.lower() in ("?", "help") or (text.lower() == "h" and not bidding):
                self._say_all(help_lines(terminal_width(self.out), bidding=bidding))
                continue
            if text.lower() == "status":
                legal = self.show(view)
                continue
            if text.lower() == "history":
                self._say_all(history_lines(view, terminal_width(self.out) or WIDTH,
                                            self.style))
                continue
            if text.lower() == "hint":
                self._say_all(self._hint(view, legal))
                continue
            if word == "explain":  # the cards as typed, to say them back so
                self._say_all(self._explain(hand, view, text.partition(" ")[2].strip()))
                continue
            action, error = parse(text, legal, hand,
                                  word=lambda reason: for_person(reason, view.seat, self.style))
            if action is not None:
                return action
            amount = int(text) if text.isascii() and text.isdigit() else None
            if amount in BID_AMOUNTS and Bid(amount) in view.legal_actions:
                error += f" To bid {amount}, type 'bid {amount}'."
            self._say("  " + error)

    def _hint(self, view: AnyView, legal: Sequence[Action]) -> list[str]:
        """``hint``: the best :data:`HINT_ROWS` actions of the analysis of ``view``, and
        the best one's number in the menu."""
        return hint_lines(view, legal, self.style, budget=self.hint_budget,
                          seed=self.hint_seed, milliseconds=self.hint_milliseconds)

    def _explain(self, hand: AnyHand, view: AnyView, text: str) -> list[str]:
        """``explain`` (every card of the hand) or ``explain CARD``."""
        if not text:
            trumps, others = sorted_hand(view)
            return explain_lines(view, hand, [*trumps, *(c for g in others for c in g)],
                                 self.style)
        try:
            cards = [Card.parse(word) for word in re.split(r"[\s,]+", text) if word]
        except CardParseError as error:
            return [(f"  {error}. Type explain and a card of your hand, e.g. 'explain "
                    f"{view.hand[0] if view.hand else '9D'}', or explain alone for every card.")]
        return explain_lines(view, hand, cards, self.style)

    def _read(self) -> str:
        """One answer, stripped; a scripted answer is echoed, as a terminal would show it."""
        line = self.stdin.readline()
        if not line:
            self._say(flush=True)  # end the prompt's line first
            typed = _isatty(self.stdin)  # Ctrl-D at a terminal: the person left
            raise Abandoned("standard input ended", left=typed)
        text = line.strip()
        if not _isatty(self.stdin):
            self._say(text)
        return text
