"""The prompt's words for the bidding games (BIDDING.md): where the hand stands for the
seat to act (the auction so far, trumps to name, the kitty, the draw, the trick), and its
actions as a numbered menu, each starting with its notation (``bid 20``, ``pass``,
``trump H``, ``discard 5H 2C``, ``take 5H``, ``play 9D``: :mod:`trumpfamily.actions`).

Everything comes from the seat's :class:`~trumpfamily.outcomes.BiddingView` and the
library's rule functions (:func:`~trumpfamily.bidding.is_all_five_bid`, the deal's rank
table); a discard, which may be any of many sets of cards, is offered as a few
suggestions (the rule-of-thumb bot's choice, every card that is not a trump, the weakest
cards, standing pat), and any other legal discard may be typed.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from ..actions import Action, Bid, Discard, NameTrump, Pass, Play, Take
from ..bidding import EXTRA_BID, is_all_five_bid
from ..cards import Card, Suit
from ..narrate import Style
from ..outcomes import BiddingView, Phase, Turn
from ..players import RuleOfThumbPlayer
from ._words import in_hand_order

__all__ = ["auction_text", "describe", "discard_sizes", "menu", "situation", "trumps_text"]

#: The most suggested discards in the menu (any other legal one may be typed).
SUGGESTIONS: Final = 4


def _who(view: BiddingView, seat: int) -> str:
    return "you" if seat == view.seat else f"P{seat}"


def _bid_note(view: BiddingView, amount: int) -> str:
    """What a bid undertakes beyond its points: ``""``, ``"all five tricks"``, ``"moon:
    all five tricks"``."""
    bidding = view.variant.bidding
    if bidding is None or not is_all_five_bid(bidding, amount):
        return ""
    if amount == EXTRA_BID and bidding.extra_bid not in (None, "sixty"):
        return f"{bidding.extra_bid}: all five tricks"
    return "all five tricks"


def _bid_words(view: BiddingView, amount: int) -> str:
    """``"20"``, or ``"30 (all five tricks)"``, ``"60 (moon: all five tricks)"``."""
    note = _bid_note(view, amount)
    return f"{amount} ({note})" if note else str(amount)


def auction_text(view: BiddingView, calls: Sequence[Turn] | None = None) -> str:
    """The calls of the auction, in order: ``"P1 15, P2 pass, P3 holds 15"`` (a dealer's
    bid at the standing amount is his hold)."""
    words = []
    high: int | None = None
    for turn in view.auction if calls is None else calls:
        action = turn.action
        if isinstance(action, Bid):
            hold = high is not None and action.amount == high
            words.append(f"{_who(view, turn.seat)} {'holds ' if hold else ''}{action.amount}")
            high = action.amount
        else:
            words.append(f"{_who(view, turn.seat)} pass")
    return ", ".join(words)


def trumps_text(view: BiddingView, style: Style) -> str:
    """``"not named yet"``, or ``"hearts (P1 bid 20)"``."""
    if view.trump is None:
        return "not named yet"
    text = style.suit(view.trump)
    if view.bidder is not None and view.contract is not None:
        verb = "bagged at" if view.bagged else "bid"
        text += f" ({_who(view, view.bidder)} {verb} {view.contract})"
    return text


# -- the menu -------------------------------------------------------------------------

def _power(view: BiddingView) -> dict[Card, int]:
    """Each card's place in the deal's rank table, lowest first; before trumps are named,
    its places over the four suits as trumps added up."""
    ranking = view.variant.ranking
    if view.trump is not None:
        return ranking.table(view.trump).power
    tables = [ranking.table(suit).power for suit in Suit]
    return {card: sum(t[card] for t in tables) for card in tables[0]}


def discard_sizes(view: BiddingView) -> tuple[int, int]:
    """The fewest and the most cards the seat may discard now (from its legal discards)."""
    sizes = [len(a.cards) for a in view.legal_actions if isinstance(a, Discard)]
    return (min(sizes), max(sizes)) if sizes else (0, 0)


def _trumps_held(view: BiddingView, suit: Suit, cards: Sequence[Card]) -> list[Card]:
    """The trumps of ``cards`` were ``suit`` trumps, highest first."""
    held = set(cards)
    return [c for c in view.variant.ranking.trump_order(suit) if c in held]


@functools.lru_cache(maxsize=8)
def _suggested_discards(view: BiddingView) -> list[tuple[Discard, str]]:
    """A few legal discards, each with why it is offered."""
    legal = set(view.legal_actions)
    fewest, most = discard_sizes(view)
    power = _power(view)
    weakest = sorted(view.hand, key=lambda c: power[c])
    offers: list[tuple[Discard, str]] = []
    choice = RuleOfThumbPlayer().choose(view)
    if isinstance(choice, Discard):
        offers.append((choice, "the rule-of-thumb bot's choice"))
    if view.trump is not None:
        plain = [c for c in view.hand if c not in _trumps_held(view, view.trump, view.hand)]
        offers.append((Discard(plain), "every card that is not a trump"))
    if fewest:
        least = ", as few as you may" if most > fewest else ""
        offers.append((Discard(weakest[:fewest]),
                       f"your {fewest} weakest card{'s' * (fewest != 1)}{least}"))
    if most > fewest:
        offers.append((Discard(weakest[:most]),
                       f"your {most} weakest card{'s' * (most != 1)}, as many as you may"))
    offers.append((Discard(), "stand pat, keeping your cards"))
    seen: set[Discard] = set()
    found = []
    for action, why in offers:
        if action in legal and action not in seen:
            seen.add(action)
            found.append((action, why))
    return found[:SUGGESTIONS]


def menu(view: BiddingView) -> tuple[Action, ...]:
    """The seat's actions for the numbered menu: its legal actions in the engine's order,
    except that a discard is offered as a few suggestions (any other legal discard may be
    typed), the cards of the stock a dealer robbing the pack may take, the best first,
    and the cards to play in the order the hand is shown (its trumps first)."""
    legal = in_hand_order(view, view.legal_actions)
    if legal and isinstance(legal[0], Discard):
        return tuple(action for action, _ in _suggested_discards(view))
    if legal and isinstance(legal[0], Take):  # robbing the pack: the best cards first
        power = _power(view)
        takes = [a for a in legal if isinstance(a, Take)]
        return tuple(sorted(takes, key=lambda a: -power[a.card]))
    return legal


def describe(action: Action, view: BiddingView, style: Style) -> str:
    """An action in words for the menu, starting with its notation.

    Returns:
        E.g. ``"bid 20"``, ``"bid 15: hold, taking the bid at 15 as dealer"``,
        ``"trump H: hearts (you hold 2: 5H AH)"``, ``"discard 2C 9D: every card that is
        not a trump"``.
    """
    if isinstance(action, Pass):
        return "pass: bid no more this hand (a pass is final)"
    if isinstance(action, Bid):
        if view.high_bid is not None and action.amount == view.high_bid:
            return f"{action}: hold, taking the bid at {action.amount} as dealer"
        note = _bid_note(view, action.amount)
        return f"{action}: {note}" if note else str(action)
    if isinstance(action, NameTrump):
        held = _trumps_held(view, action.suit, view.hand)
        cards = f": {style.cards(held)}" if held else ""
        return f"trump {action.suit.letter}: {style.suit(action.suit)} (you hold {len(held)}{cards})"
    if isinstance(action, Discard):
        why = dict(_suggested_discards(view)).get(action)
        shown = " ".join(["discard", *(style.card(c) for c in action.cards)])
        return f"{shown}: {why}" if why else shown
    if isinstance(action, Take):
        return f"take {style.card(action.card)}"
    if isinstance(action, Play):
        return f"play {style.card(action.card)}"
    return str(action)  # pragma: no cover - no other action in a bidding hand


# -- where the hand stands ------------------------------------------------------------

def _auction(view: BiddingView) -> str:
    legal = view.legal_actions
    if not view.auction:
        where = "The auction: you speak first."
    else:
        where = f"The auction so far: {auction_text(view)}."
    if view.high_bid is not None and view.high_bidder is not None:
        where += f" The bid to beat: {view.high_bid} ({_who(view, view.high_bidder)})."
    if view.high_bid is not None and Bid(view.high_bid) in legal:
        where += f" As dealer you may hold: take the bid at {view.high_bid}."
    if Pass() not in legal:
        where += " Everybody else passed: as dealer you must bid."
    return where


def _kitty_words(view: BiddingView, style: Style) -> str:
    if view.kitty:
        return f" You took the kitty: {style.cards(view.kitty)}."
    return ""


def _discard_words(view: BiddingView) -> str:
    fewest, most = discard_sizes(view)
    count = f"{fewest}" if fewest == most else f"{fewest} to {most}"
    return (f"Type discard and {count} of your cards, e.g. 'discard "
            f"{' '.join(map(str, view.hand[:max(fewest, 1)]))}', or choose below.")


def situation(view: BiddingView, style: Style) -> str:
    """Where the hand stands for the seat to act: the auction, trumps to name, the
    kitty's discard, the draw, or trick N with the cards played so far.

    Args:
        view: the view of the seat to act.
        style: how to print cards.

    Returns:
        One or more sentences.
    """
    phase = view.phase
    if phase is Phase.AUCTION:
        return _auction(view)
    contract = "" if view.contract is None else _bid_words(view, view.contract)
    if phase is Phase.TRUMP:
        later = ""
        if view.kitty_size and not view.kitty:
            later = f" Then you take the kitty ({view.kitty_size} cards)."
        return (f"You won the auction at {contract}: name trumps."
                + _kitty_words(view, style) + later)
    if phase is Phase.KITTY:
        bidding = view.variant.bidding
        then = (" and draw back to five later" if bidding is not None
                and bidding.kitty_discard == "free" else " down to five")
        return (f"You won the auction at {contract}.{_kitty_words(view, style)} Discard"
                f"{then}. {_discard_words(view)}")
    if phase is Phase.DRAW:
        if view.legal_actions and isinstance(view.legal_actions[0], Take):
            more = 5 - len(view.hand)
            return (f"You rob the pack: take {more} more card{'s' * (more != 1)} from the "
                    f"stock, one at a time ({view.stock_size} cards in it).")
        return (f"The draw: discard cards face down and draw as many from the stock "
                f"({view.stock_size} cards in it). {_discard_words(view)}")
    number = len(view.tricks) + 1
    if view.current_trick:
        plays = "  ".join(f"{_who(view, (view.leader + i) % view.players)} {style.card(c)}"
                          for i, c in enumerate(view.current_trick))
        return f"Trick {number}, so far {plays}."
    return f"Trick {number}, you lead."
