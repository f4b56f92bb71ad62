"""The prompt's words: where the hand stands for the seat to act, and its legal actions
as a numbered menu, each starting with its notation (``play 9D``, ``rob 8C``,
``decline-rob``: :mod:`trumpfamily.actions`).

Everything comes from the seat's :class:`~trumpfamily.outcomes.SeatView` and the
library's rule functions (:func:`~trumpfamily.robbing.unrobbed_penalty`, the deal's rank
table), so the menu keeps no second copy of the rules.
"""

from __future__ import annotations

from typing import Final

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
from ..cards import Card, Rank, Suit
from ..engine import Phase, SeatView
from ..narrate import Style
from ..robbing import unrobbed_penalty
from ..variants import Variant
from ._words import in_hand_order

__all__ = ["describe", "menu", "situation"]


# -- the menu's order -----------------------------------------------------------------

def _weakness(view: SeatView) -> dict[Card, int]:
    """Each card's place in the deal's rank table, lowest first (RULES.md §1.2, §1.3):
    every trump above every plain card. Before trumps are known (a turned-up joker waits
    for the dealer's discard), the sum of its places over the four suits as trumps, so
    that a card which is a trump whatever is turned (the Ace of Hearts) comes last."""
    ranking = view.variant.ranking
    if view.trump is not None:
        return ranking.table(view.trump, view.demoted).power
    tables = [ranking.table(suit).power for suit in Suit]
    return {card: sum(t[card] for t in tables) for card in tables[0]}


def menu(view: SeatView) -> tuple[Action, ...]:
    """The seat's legal actions in menu order: the engine's order, except that the cards
    to play are in the order the hand is shown (its trumps first, highest first:
    ``trumpfamily.cli._words.sorted_hand``), and the robs are listed weakest discard
    first, so that the first offer keeps the best cards (the Ace of trumps, the top
    trumps) and gives up the least.

    Args:
        view: the view of the seat to act.

    Returns:
        ``view.legal_actions``, reordered.
    """
    legal = in_hand_order(view, view.legal_actions)
    robs = [a for a in legal if isinstance(a, Rob)]
    if len(robs) < 2:
        return legal
    power = _weakness(view)
    ordered = iter(sorted(robs, key=lambda a: power[a.discard]))
    return tuple(next(ordered) if isinstance(a, Rob) else a for a in legal)


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
        return 'keep your hand, "I play these" (do not take the Ace)'
    return "announce the Ace of trumps, without robbing"


def _describe_pass(view: SeatView) -> str:
    if view.phase is Phase.FIVE:
        return "do not ask the dealer to five"
    if any(isinstance(a, Rob) for a in view.legal_actions):
        return "do not rob, and say nothing"
    return "you have nothing to rob with"


#: The words of the actions that need no context.
_PLAIN_WORDS: Final[dict[type, str]] = {
    Claim: "take the pool now",
    Jink: "play on, undertaking to win all five tricks",
    AskFive: "ask the dealer to five (turn up a new trump suit)",
    AcceptFive: "agree to five (turn up a new trump suit)",
    RefuseFive: "refuse to five (keep these trumps)",
}


def describe(action: Action, view: SeatView, style: Style) -> str:
    """An action in words for the numbered menu, starting with its notation (what may be
    typed for it).

    Args:
        action: one of ``view.legal_actions``.
        view: the view of the seat to act.
        style: how to print cards.

    Returns:
        E.g. ``"play 9D"``, ``"rob 8C: take the turn-up, discarding 8C face down"``,
        ``"decline-rob: announce the Ace of trumps, without robbing"``.
    """
    if isinstance(action, Play):
        return f"play {style.card(action.card)}"
    if isinstance(action, Rob):
        return _describe_rob(action, view, style)
    if isinstance(action, DeclineRob):
        return f"{action}: {_describe_decline(view)}"
    if isinstance(action, Pass):
        return f"{action}: {_describe_pass(view)}"
    words = _PLAIN_WORDS.get(type(action))
    return f"{action}: {words}" if words is not None else str(action)


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
