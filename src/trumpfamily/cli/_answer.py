"""Reading the human's answer at the prompt as an action.

An answer is the number of an action in the menu, an action in its notation
(:func:`~trumpfamily.actions.parse_action`: ``play 9D``, ``rob 8C``, ``decline-rob``,
``ask-five``...), a card alone (to play it), or one of the shorter words the menu's
sentences use (``keep``, ``announce``, ``decline``, ``five``, ``ask``, ``agree``,
``accept``, ``refuse``); in the bidding games also ``bid 20``, ``trump H`` (or a suit alone
when trumps are to be named), ``discard 5H 2C`` and ``take 5H``. An action that is not
legal is refused in the engine's own words (:class:`~trumpfamily.errors.IllegalActionError`),
so no rule is checked twice; any legal action is taken, also one the menu does not list (a
discard the menu did not suggest). A word that is neither an action nor a card (``foo``)
is an unknown command; one that looks like a card (``9X``) is told why it is not one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from ..actions import (
    ACTION_FORMS,
    AcceptFive,
    Action,
    AskFive,
    Bid,
    DeclineRob,
    NameTrump,
    Play,
    RefuseFive,
    Rob,
    parse_action,
)
from ..cards import Card, parse_suit
from ..engine import HandState
from ..errors import ActionParseError, CardParseError, IllegalActionError
from ..game import AnyHand

__all__ = ["SHORT_WORDS", "choices", "parse"]

#: Shorter words for the actions that take no card (the notation is always accepted too).
SHORT_WORDS: Final[dict[str, Action]] = {
    "keep": DeclineRob(), "announce": DeclineRob(), "decline": DeclineRob(),
    "five": AskFive(), "ask": AskFive(), "agree": AcceptFive(), "accept": AcceptFive(),
    "refuse": RefuseFive(),
}
_NUMBER: Final = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: "٣" is no choice
_LEGAL_SUFFIX: Final = re.compile(r" \(legal: .*\)$")
#: The first words of the answers the prompt reads: the actions' verbs, the shorter words
#: and the prompt's commands.
KNOWN_WORDS: Final = frozenset(
    {form.split()[0] for form in ACTION_FORMS} | set(SHORT_WORDS)
    | {"status", "history", "explain", "help", "quit", "exit"})
#: A word that was meant as a card: a rank and a suit (``9X``, ``ZH``), or a Ten (``10X``).
_CARDISH: Final = re.compile(r"(?i)[2-9tjqka1].|.[cdhs♣♦♥♠]|10.")


def choices(legal: tuple[Action, ...], joiner: str = " to ") -> str:
    """``"1"``, or ``"1 to 6"`` (``"1-6"`` with ``joiner="-"``)."""
    return "1" if len(legal) == 1 else f"1{joiner}{len(legal)}"


def _by_number(text: str, legal: tuple[Action, ...]) -> tuple[Action | None, str]:
    number = int(text)
    if 1 <= number <= len(legal):
        return legal[number - 1], ""
    return None, f"There is no action {number}: choose {choices(legal)}."


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


def _which_one(verb: str, legal: tuple[Action, ...]) -> str:
    """``bid`` or ``trump`` alone: ask for the amount or the suit, with an example from
    the menu."""
    if verb == "bid":
        bid = next((a for a in legal if isinstance(a, Bid)), Bid(20))
        return f"Bid how much? Type the amount as well, e.g. {bid}."
    named = next((a for a in legal if isinstance(a, NameTrump)), NameTrump("H"))
    return f"Which suit? Type it as well, e.g. {named}, or the suit alone."


def _read(text: str) -> Action:
    """The action ``text`` names, in the notation, a short word or a card alone.

    Raises:
        ActionParseError: none of these; for one word, read as a card, the reason names
            the card that cannot be read (and ``forms`` is empty).
    """
    try:
        return parse_action(text)
    except ActionParseError:
        words = text.split()
        if len(words) != 1:
            raise
        word = words[0]
        if word.lower() in SHORT_WORDS:
            return SHORT_WORDS[word.lower()]
        try:
            return Play(Card.parse(word))
        except CardParseError as card_error:  # one word: it was meant as a card
            raise ActionParseError(text, str(card_error)) from None


def _suit_alone(text: str, hand: AnyHand) -> Action | None:
    """A suit typed alone (``H``, ``hearts``, ``♥``) when trumps are to be named."""
    try:
        action = NameTrump(parse_suit(text.strip()))
    except CardParseError:
        return None
    return action if action in hand.legal_actions() else None


def _unknown(text: str) -> str | None:
    """``"Unknown command 'foo'; type 'help'."`` when the first word of ``text`` is no
    action, short word, command or card (nor a card mistyped), else ``None``."""
    words = text.split()
    first = words[0].lower()
    if first in KNOWN_WORDS or "-".join(words).lower() in KNOWN_WORDS:
        return None
    if len(words) == 1 and _CARDISH.fullmatch(first):
        return None
    return f"Unknown command {words[0]!r}; type 'help'."


def parse(text: str, legal: tuple[Action, ...], hand: AnyHand, *,
          word: Callable[[str], str] | None = None) -> tuple[Action | None, str]:
    """The action meant by ``text``, or ``None`` and why it cannot be taken.

    Args:
        text: the answer typed (stripped, not empty).
        legal: the actions of the menu, in its order (a number chooses one of them).
        hand: the hand now, whose ``apply`` words the refusal of an action that is not
            legal (:meth:`HandState.apply <trumpfamily.engine.HandState.apply>`, a bidding
            game's :meth:`BiddingHand.apply
            <trumpfamily.bidding.engine.BiddingHand.apply>`), and takes any legal action,
            listed in the menu or not.
        word: says the engine's refusal to the person
            (:func:`~trumpfamily.cli._words.for_person`); by default as it is.

    Returns:
        ``(action, "")`` or ``(None, message)``.
    """
    if _NUMBER.fullmatch(text):
        return _by_number(text, legal)
    if text.lstrip("+-").isdecimal():  # digits of another script, e.g. "٣"
        return None, f"Type the action's number with the digits 0-9: choose {choices(legal)}."
    words = text.split()
    if words[0].lower() in ("rob", "play") and len(words) == 1:
        return None, _which_card(words[0].lower(), legal)
    if words[0].lower() in ("bid", "trump") and len(words) == 1:
        return None, _which_one(words[0].lower(), legal)
    try:
        action = _read(text)
    except ActionParseError as error:
        named = _suit_alone(text, hand) if not error.forms else None
        if named is not None:
            return named, ""
        unknown = _unknown(text)
        if unknown is not None:
            return None, unknown
        if error.forms:
            return None, (f"Not understood: {text!r}. Type the number of an action, an "
                          "action such as 'play 9D', or 'help'.")
        return None, f"{error.reason}. Type the number of an action, or 'help'."
    if action in legal:
        return action, ""
    try:
        hand.apply(action)
    except IllegalActionError as refusal:
        reason = _LEGAL_SUFFIX.sub("", refusal.reason)
        said = word(reason) if word is not None else reason
        return None, f"Not allowed: {_in_typed_words(refusal, said, hand, words[0])}."
    return action, ""  # legal, though not in the menu (a discard it did not suggest)


def _in_typed_words(refusal: IllegalActionError, reason: str, hand: AnyHand,
                    verb: str) -> str:
    """The engine's refusal ``reason`` in the words of the prompt: an action of the other
    family of games is named by the word typed, with the answers this game takes (the
    engine names the classes, for a program); a rob refused after the first trick says
    first that the time to rob is over (every ``rob_timing`` is in trick 1, RULES.md
    §1.5), which the engine's reason (no Ace of trumps) leaves out."""
    if refusal.code == "not-an-action" and isinstance(hand, HandState):
        return (f"'{verb}' is an answer of the bidding games, not of {hand.variant.name}: "
                f"type {_or(_turn_up_forms(hand))}")
    if refusal.code == "rob-without-ace" and isinstance(hand, HandState) and hand.tricks:
        return f"the time to rob is over (a rob is made in trick 1 at the latest), and {reason}"
    return reason


def _turn_up_forms(hand: HandState) -> list[str]:
    """The forms of :data:`~trumpfamily.actions.ACTION_FORMS` that ``hand``'s engine takes
    as actions (refused or not, but not refused as no action of its game)."""
    forms = []
    for form in ACTION_FORMS:
        example = form.replace("[CARD...]", "").replace("CARD", "2C").replace(
            "SUIT", "H").replace(" N", " 20")
        try:
            hand.apply(parse_action(example))
        except IllegalActionError as refusal:
            if refusal.code == "not-an-action":
                continue
        except ActionParseError:  # pragma: no cover - every form has an example
            continue
        forms.append(form)
    return forms


def _or(words: list[str]) -> str:
    """``"a, b or c"``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
