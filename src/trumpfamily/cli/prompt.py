"""The prompt of ``trumpfamily play --human SEAT``: a one-line scoreboard, where the hand
stands for that seat, its legal actions numbered, and the answer read back as an action.

Everything shown comes from the seat's :class:`~trumpfamily.outcomes.SeatView` (in the
bidding games its :class:`~trumpfamily.outcomes.BiddingView`: what that seat may see, with
the game around the hand in ``view.game``) and from the library's rule functions; the menu
and the situation are worded by ``trumpfamily.cli._menu`` (the bidding games':
``trumpfamily.cli._bidding``: the auction, trumps, the kitty and the draw), the answer
read by ``trumpfamily.cli._answer``, and a refused answer is worded by the
engine's own refusal (:class:`~trumpfamily.errors.IllegalActionError`), so the prompt keeps
no second copy of the rules. Besides an action, the prompt takes ``status`` (the
scoreboard and the hand again), ``history`` (the hand's actions so far, in the notation of
:mod:`trumpfamily.actions`), ``help`` and ``quit``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final, TextIO

from ..actions import BID_AMOUNTS, Action, Bid
from ..game import AnyHand
from ..narrate import Style
from ..outcomes import AnyView, BiddingView
from . import _bidding
from ._answer import choices, parse
from ._menu import describe, menu, situation

__all__ = ["WIDTH", "Abandoned", "Prompt", "describe", "help_lines", "history_lines",
           "scoreboard", "situation"]

#: The width the prompt wraps its longer texts to (help, history), in columns.
WIDTH: Final = 78


class Abandoned(Exception):
    """The human left the game (the end of standard input, or ``quit``)."""


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


def history_lines(view: AnyView, width: int = WIDTH) -> list[str]:
    """The hand's actions so far as the seat saw them (``view.history``), in notation,
    wrapped to ``width`` columns; a face-down discard it may not see is ``rob ??`` (in
    the bidding games ``discard ??``, and the dealer's ``take ??`` from the pack).

    Args:
        view: a seat's view.
        width: the line width.

    Returns:
        The lines, indented by two spaces.
    """
    if not view.history:
        return ["  Nothing has been played in this hand yet."]
    items = [f"{_who(view, turn.seat)} "
             + (str(turn.action) if turn.action is not None else f"{turn.kind.lower()} ??")
             for turn in view.history]
    text = "This hand so far: " + "; ".join(items) + "."
    return textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="    ",
                         break_on_hyphens=False)


#: The answers the prompt takes, for ``help``.
_HELP: Final = (
    "Answers: the number of an action in the list, or the action as the list writes it: "
    "play 9D (or the card alone, 9D); rob 8C (take the turn-up, discarding 8C face down); "
    "decline-rob (do not rob: announce the Ace of trumps or, as dealer, keep your hand; "
    "also keep, announce or decline); pass (nothing to say to a prompt every seat gets); "
    "claim; jink; ask-five (or five) to ask the dealer to five; accept-five or "
    "refuse-five (or agree, refuse) to answer. Words may be in any case. Commands: status "
    "(the scoreboard and your hand again), history (this hand's actions so far), help, "
    "quit (leave the game).")

#: The answers the prompt takes in the bidding games, for ``help``.
_BIDDING_HELP: Final = (
    "Answers: the number of an action in the list, or the action as the list writes it: "
    "bid 20 (a dealer's bid at the standing amount is his hold); pass (you bid no more "
    "this hand); trump H (or the suit alone, H or hearts) to name trumps; discard 5H 2C "
    "to put those cards face down (the list suggests a few; any legal discard may be "
    "typed, and discard alone stands pat); take 5H, the dealer robbing the pack; play 9D "
    "(or the card alone, 9D). Words may be in any case. Commands: status (the scoreboard "
    "and your hand again), history (this hand's actions so far), help, quit (leave the "
    "game).")


def help_lines(width: int = WIDTH, *, bidding: bool = False) -> list[str]:
    """The prompt's help (``bidding``: the bidding games'), wrapped to ``width`` columns
    and indented by two spaces."""
    return textwrap.wrap(_BIDDING_HELP if bidding else _HELP, width, initial_indent="  ",
                         subsequent_indent="  ", break_on_hyphens=False)


# -- the prompt -------------------------------------------------------------------------

def _isatty(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Prompt:
    """Asks the human seat for an action: a scoreboard, the situation and the legal
    actions numbered; a number, an action in notation (``play 9D``, ``rob 8C``,
    ``decline-rob``), a card alone or a short word (``keep``, ``five``...) answers, and
    ``status``, ``history``, ``help`` and ``quit`` are commands. Bad input gets the reason
    and a new prompt.

    Args:
        style: how to print cards.
        out: where the prompt is written.
        stdin: where the answers are read (standard input).
    """

    def __init__(self, style: Style, out: TextIO, stdin: TextIO) -> None:
        self.style, self.out, self.stdin = style, out, stdin

    def _say(self, text: str = "", *, end: str = "\n", flush: bool = False) -> None:
        print(text, file=self.out, end=end, flush=flush)

    def _say_all(self, lines: Sequence[str]) -> None:
        for line in lines:
            self._say(line)

    def show(self, view: AnyView) -> tuple[Action, ...]:
        """Print the scoreboard, where the hand stands, the seat's hand and its legal
        actions, numbered (robs weakest discard first: ``trumpfamily.cli._menu.menu``; in
        the bidding games a few suggested discards: ``trumpfamily.cli._bidding.menu``).

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
        self._say(f"  Your hand: {st.cards(view.hand)}")
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
        self._say(f"  Your hand: {st.cards(view.hand)}")
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
        while True:
            self._say(f"Choose {choices(legal, '-')} (or an action, 'help', 'status', "
                      "'history', 'quit'): ", end="", flush=True)
            text = self._read()
            if not text:
                continue
            word = text.lower()
            if word in ("q", "quit", "exit"):
                raise Abandoned("you left the game")
            if word in ("?", "help"):
                self._say_all(help_lines(bidding=isinstance(view, BiddingView)))
                continue
            if word == "h" and not isinstance(view, BiddingView):
                self._say_all(help_lines())
                continue
            if word == "status":
                legal = self.show(view)
                continue
            if word == "history":
                self._say_all(history_lines(view))
                continue
            action, error = parse(text, legal, hand)
            if action is not None:
                return action
            mine = f"seat {view.seat}'s hand"
            error = error.replace(mine, "your hand")
            amount = int(text) if text.isascii() and text.isdigit() else None
            if amount in BID_AMOUNTS and Bid(amount) in view.legal_actions:
                error += f" To bid {amount}, type 'bid {amount}'."
            self._say("  " + error)

    def _read(self) -> str:
        """One answer, stripped; a scripted answer is echoed, as a terminal would show it."""
        line = self.stdin.readline()
        if not line:
            self._say(flush=True)  # end the prompt's line first
            raise Abandoned("standard input ended")
        text = line.strip()
        if not _isatty(self.stdin):
            self._say(text)
        return text
