"""The prompt of ``trumpfamily play --human SEAT``: where the hand stands for that seat,
its legal actions numbered, and the answer read back as an action.

Everything shown comes from the seat's :class:`~trumpfamily.outcomes.SeatView` (what that
seat may see) and from the library's rule functions; a refused answer is worded by the
engine's own refusal (:class:`~trumpfamily.errors.IllegalActionError`), so the prompt
keeps no second copy of the rules.
"""

from __future__ import annotations

import re
from typing import Final, TextIO

from ..actions import (
    AcceptFive,
    Action,
    AskFive,
    Claim,
    DeclineRob,
    Jink,
    Pass,
    Play,
    RefuseFive,
    Rob,
)
from ..cards import Rank
from ..engine import HandState, Phase, SeatView
from ..errors import IllegalActionError, TrumpFamilyError
from ..narrate import Style
from ..robbing import unrobbed_penalty
from ..variants import Variant

__all__ = ["Abandoned", "Prompt", "describe", "situation"]


class Abandoned(Exception):
    """The human left the game (the end of input, or ``quit``)."""


# -- words for the actions ------------------------------------------------------------

def _joker_waiting(view: SeatView) -> bool:
    """Whether a turned-up joker waits for the dealer's discard (no trump suit yet)."""
    return view.trump is None


def _dealer_keeps(view: SeatView) -> bool:
    """Whether ``DeclineRob`` now means the dealer's "I play these" (an Ace turned up)."""
    up = view.turn_up
    return (view.phase is Phase.ROB and view.seat == view.dealer and up is not None
            and up.rank is Rank.ACE and not _joker_waiting(view))


def _describe_rob(action: Rob, view: SeatView, style: Style) -> str:
    taken = "the joker" if _joker_waiting(view) else "the turn-up"
    card = style.card(action.discard)
    return f"rob {card}: take {taken}, discarding {card} face down"


def _describe_decline(view: SeatView) -> str:
    if _dealer_keeps(view):
        return 'keep: keep your hand, "I play these" (do not take the Ace)'
    return "announce: announce the Ace of trumps, without robbing"


def _describe_pass(view: SeatView) -> str:
    if view.phase is Phase.FIVE:
        return "pass: do not ask the dealer to five"
    if any(isinstance(a, Rob) for a in view.legal_actions):
        return "pass: do not rob, and say nothing"
    return "pass: you have nothing to rob with"


#: The words of the actions that need no context.
_PLAIN_WORDS: Final[dict[type, str]] = {
    Claim: "claim: take the pool now",
    Jink: "jink: play on, undertaking to win all five tricks",
    AskFive: "five: ask the dealer to five (turn up a new trump suit)",
    AcceptFive: "agree: agree to five (turn up a new trump suit)",
    RefuseFive: "refuse: refuse to five (keep these trumps)",
}


def describe(action: Action, view: SeatView, style: Style) -> str:
    """An action in words for the numbered menu, starting with what may be typed for it.

    Args:
        action: one of ``view.legal_actions``.
        view: the view of the seat to act.
        style: how to print cards.

    Returns:
        E.g. ``"play 9D"``, ``"rob 8C: take the turn-up, discarding 8C face down"``.
    """
    if isinstance(action, Play):
        return f"play {style.card(action.card)}"
    if isinstance(action, Rob):
        return _describe_rob(action, view, style)
    if isinstance(action, DeclineRob):
        return _describe_decline(view)
    if isinstance(action, Pass):
        return _describe_pass(view)
    return _PLAIN_WORDS.get(type(action), repr(action))


# -- where the hand stands ------------------------------------------------------------

def _penalty(variant: Variant, *, announce: bool, silent: str | None) -> str:
    """What not robbing costs the holder of the Ace of trumps (option ``unrobbed_ace``;
    :func:`~trumpfamily.robbing.unrobbed_penalty`). ``announce``: he may announce;
    ``silent``: how he could let the chance go without a word (``"play"``, ``"pass"``)."""
    robbing = variant.robbing
    pool = variant.scoring.scoring == "pool"

    def effects(announced: bool) -> str:
        demote, barred = unrobbed_penalty(robbing, announced=announced)
        costs = [text for flag, text in ((demote, "your Ace becomes the lowest trump"),
                                         (barred and pool, "you cannot win the pool"))
                 if flag]
        return " and ".join(costs) if costs else "there is no penalty"

    rule = f" (option unrobbed_ace={robbing.unrobbed_ace!r})"
    if silent is None:
        return f"If you announce instead, {effects(True)}{rule}." if announce else ""
    if not announce:
        return f"If you {silent} without robbing, {effects(False)}{rule}."
    if effects(True) == effects(False):
        return f"If you do not rob, announced or not, {effects(False)}{rule}."
    return (f"If you announce, {effects(True)}; if you {silent} without either, "
            f"{effects(False)}{rule}.")


def _before_lead(view: SeatView, style: Style) -> str:
    """The rob prompt before the lead (RULES.md §1.5)."""
    legal = view.legal_actions
    may = "may" if DeclineRob() in legal or Pass() in legal else "must"
    five = " As eldest hand you may also ask the dealer to five." if AskFive() in legal else ""
    up = style.card(view.turned_up)
    if view.seat == view.dealer and _joker_waiting(view):
        return ("Before the lead: the joker was turned up: you take it, discarding a card "
                "face down, and the next card turned decides trumps.")
    if view.seat == view.dealer and view.turned_up.rank is Rank.ACE:
        return (f"Before the lead: you {may} rob the turned-up {up} (take it, discarding a "
                "card face down)." + five)
    if any(isinstance(a, Rob) for a in legal):
        penalty = _penalty(view.variant, announce=DeclineRob() in legal,
                           silent="pass" if Pass() in legal else None)
        return (f"Before the lead: you hold the Ace of trumps and {may} rob the turn-up {up} "
                "(take it, discarding a card face down)." + (f" {penalty}" if penalty else "")
                + five)
    if Pass() in legal:
        return (f"Before the lead: each seat in turn may rob the turn-up {up} if it holds the "
                "Ace of trumps." + five)
    return "Before the lead." + five


def _fiving(view: SeatView) -> str:
    """Eldest may ask the dealer to five; the dealer answers (RULES.md §2.1.7 (6))."""
    if AskFive() in view.legal_actions:
        return ("Before the lead: as eldest hand you may ask the dealer to five (turn up a "
                "new trump suit), or pass.")
    asker = next((t.seat for t in reversed(view.history) if t.kind == "AskFive"), None)
    who = "you are asked" if asker is None else f"P{asker} asks you"
    return (f"Before the lead: {who} to five: agree (cards are turned up until a new trump "
            "suit) or refuse.")


def _claiming(view: SeatView) -> str:
    return ("You have won the first three tricks: claim the pool now, or jink (lead on, "
            "undertaking to win all five tricks).")


def _in_trick(view: SeatView, style: Style) -> str:
    """Trick N, the cards so far, and a rob at the holder's first turn (RULES.md §1.5)."""
    legal = view.legal_actions
    number = len(view.tricks) + 1
    if view.current_trick:
        plays = "  ".join(
            f"{'you' if s == view.seat else f'P{s}'} {style.card(c)}"
            for s, c in ((((view.leader + i) % view.players), c)
                         for i, c in enumerate(view.current_trick)))
        where = f"Trick {number}, so far {plays}."
    else:
        where = f"Trick {number}, you lead."
    if any(isinstance(a, Rob) for a in legal):
        announce = DeclineRob() in legal
        where += (f" You hold the Ace of trumps: you may rob the turn-up "
                  f"{style.card(view.turned_up)} before you play"
                  + (", or announce the Ace" if announce else "")
                  + f". {_penalty(view.variant, announce=announce, silent='play')}")
    if AskFive() in legal:
        where += " As eldest hand you may also ask the dealer to five."
    return where


def situation(view: SeatView, style: Style) -> str:
    """Where the hand stands for the seat to act: before the lead (a rob, fiving),
    claiming, or trick N with the cards played so far.

    Args:
        view: the view of the seat to act.
        style: how to print cards.

    Returns:
        One or more sentences.
    """
    if view.phase is Phase.ROB:
        return _before_lead(view, style)
    if view.phase is Phase.FIVE:
        return _fiving(view)
    if view.phase is Phase.CLAIM:
        return _claiming(view)
    return _in_trick(view, style)


# -- reading the answer -----------------------------------------------------------------

#: The words the prompt accepts for the actions that take no card (first the menu's word).
_WORDS: Final[dict[str, Action]] = {
    "keep": DeclineRob(), "announce": DeclineRob(), "decline": DeclineRob(),
    "claim": Claim(), "jink": Jink(), "five": AskFive(), "ask": AskFive(),
    "agree": AcceptFive(), "accept": AcceptFive(), "refuse": RefuseFive(), "pass": Pass(),
}
_NUMBER: Final = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: "٣" is no choice
_LEGAL_SUFFIX: Final = re.compile(r" \(legal: .*\)$")
_HELP: Final = (
    "  Answers: the number of an action in the list; a card to play it (9D, or play 9D); "
    "rob CARD to take the turn-up, discarding CARD (e.g. rob 8C); keep, announce or decline "
    "to keep your hand instead of robbing; pass to answer a prompt with nothing; claim; "
    "jink; five to ask the dealer to five; agree or refuse to answer that; help; quit to "
    "leave the game.")


def _choices(legal: tuple[Action, ...], joiner: str = " to ") -> str:
    return "1" if len(legal) == 1 else f"1{joiner}{len(legal)}"


def _by_number(text: str, legal: tuple[Action, ...]) -> tuple[Action | None, str]:
    number = int(text)
    if 1 <= number <= len(legal):
        return legal[number - 1], ""
    return None, f"There is no action {number}: choose {_choices(legal)}."


def _which_card(verb: str, legal: tuple[Action, ...]) -> str:
    """``rob`` or ``play`` without a card: ask for it, with an example from the menu."""
    kind = Rob if verb == "rob" else Play
    example = next((a for a in legal if isinstance(a, kind)), None)
    if isinstance(example, Rob):
        card = str(example.discard)
    elif isinstance(example, Play):
        card = str(example.card)
    else:
        card = "8C" if verb == "rob" else "9D"
    what = "discard" if verb == "rob" else "play"
    return (f"{verb.capitalize()} which card? Type the card to {what} as well, "
            f"e.g. {verb} {card}.")


def _by_words(text: str) -> Action | None:
    """The action ``text`` names (``None``: not understood); a bad card raises."""
    words = text.split()
    verb = words[0].lower()
    if verb in ("rob", "play") and len(words) == 2:
        return Rob(words[1]) if verb == "rob" else Play(words[1])
    if len(words) == 1:
        return _WORDS[verb] if verb in _WORDS else Play(words[0])
    return None


def parse(text: str, legal: tuple[Action, ...], hand: HandState) -> tuple[Action | None, str]:
    """The action meant by ``text``, or ``None`` and why it cannot be taken.

    Args:
        text: the answer typed (stripped, not empty).
        legal: the legal actions, in menu order.
        hand: the hand now, whose :meth:`~trumpfamily.engine.HandState.apply` words the
            refusal of an action that is not legal.

    Returns:
        ``(action, "")`` or ``(None, message)``.
    """
    if _NUMBER.fullmatch(text):
        return _by_number(text, legal)
    if text.lstrip("+-").isdecimal():  # digits of another script, e.g. "٣"
        return None, f"Type the action's number with the digits 0-9: choose {_choices(legal)}."
    words = text.split()
    if words[0].lower() in ("rob", "play") and len(words) == 1:
        return None, _which_card(words[0].lower(), legal)
    try:
        action = _by_words(text)
    except TrumpFamilyError as error:
        return None, f"{error}. Type the number of an action, or 'help'."
    if action is None:
        return None, (f"Not understood: {text!r}. Type the number of an action, a card "
                      "such as 9D, or 'help'.")
    if action in legal:
        return action, ""
    try:
        hand.apply(action)
    except IllegalActionError as refusal:
        return None, f"Not allowed: {_LEGAL_SUFFIX.sub('', refusal.reason)}."
    return None, "Not allowed now."  # pragma: no cover - apply accepts only legal actions


def _isatty(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Prompt:
    """Asks the human seat for an action: the legal actions numbered; a number, a card
    (``9D``), ``rob 8C`` or a word (``claim``, ``pass``...) answers. Bad input gets the
    reason and a new prompt.

    Args:
        style: how to print cards.
        out: where the prompt is written.
        stdin: where the answers are read.
    """

    def __init__(self, style: Style, out: TextIO, stdin: TextIO) -> None:
        self.style, self.out, self.stdin = style, out, stdin

    def _say(self, text: str = "", *, end: str = "\n", flush: bool = False) -> None:
        print(text, file=self.out, end=end, flush=flush)

    def show(self, view: SeatView) -> tuple[Action, ...]:
        """Print where the hand stands, the seat's hand and its legal actions, numbered.

        Returns:
            The legal actions, in menu order.
        """
        st = self.style
        legal = view.legal_actions
        trumps = st.suit(view.trump) if view.trump is not None else "not yet turned"
        notes = [f"turn-up {st.card(view.turn_up)}"] if view.turn_up is not None else []
        if view.demoted is not None:
            notes.append(f"{st.card(view.demoted)} demoted to the lowest trump")
        extra = f" ({'; '.join(notes)})" if notes else ""
        self._say(st.bold(f"Your turn (P{view.seat}).") + f" Trumps: {trumps}{extra}. "
                  + situation(view, st))
        self._say(f"  Your hand: {st.cards(view.hand)}")
        width = len(str(len(legal)))
        for number, action in enumerate(legal, 1):
            self._say(f"  {str(number).rjust(width)}) {describe(action, view, st)}")
        return legal

    def ask(self, hand: HandState, view: SeatView) -> Action:
        """Show the menu and read answers until one is a legal action.

        Args:
            hand: the hand now (to word refusals).
            view: the view of the seat to act.

        Returns:
            The chosen action.

        Raises:
            Abandoned: the input ended, or the human typed ``quit``.
        """
        legal = self.show(view)
        while True:
            self._say(f"Choose {_choices(legal, '-')} (or type a card, 'help', 'quit'): ",
                      end="", flush=True)
            text = self._read()
            if not text:
                continue
            if text.lower() in ("q", "quit", "exit"):
                raise Abandoned("you left the game")
            if text.lower() in ("?", "h", "help"):
                legal = self.show(view)
                self._say(_HELP)
                continue
            action, error = parse(text, legal, hand)
            if action is not None:
                return action
            mine = f"seat {view.seat}'s hand"
            self._say("  " + error.replace(mine, "your hand"))

    def _read(self) -> str:
        """One answer, stripped; a scripted answer is echoed, as a terminal would show it."""
        line = self.stdin.readline()
        if not line:
            self._say(flush=True)  # end the prompt's line first
            raise Abandoned("end of input")
        text = line.strip()
        if not _isatty(self.stdin):
            self._say(text)
        return text
