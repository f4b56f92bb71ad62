"""Fiving: two players may change trumps before play (RULES.md §2.1.7 (6), EX-56; PEEL).

With two players and ``Table.fiving`` on, the non-dealer (eldest) may ask the dealer to
"five" the hand, once, at his first turn and before anybody robs or declines a rob
(fiving settles trumps, so it comes first; RULES.md is silent on the order). If the
dealer agrees, cards are turned from the stock until one of a different *printed* suit
appears; that card is the new turn-up and its suit trumps (:func:`turn_until_new_suit`).

The engine asks in one of two ways, so that the question itself reveals no card:

* usually eldest's first turn simply offers ``AskFive()`` beside his plays (and, under
  ``rob_timing="own-first-turn"``, beside his rob if he holds the Ace of trumps);
* under ``rob_timing="before-lead"`` a rob prompt could come before eldest's first card,
  and whether it comes depends on who holds the Ace of trumps. There eldest is first
  asked to five or pass (:func:`prompt_first`), before any rob prompt, whatever the cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import JK, Card, Suit
from .robbing import Robbing
from .table import Table

__all__ = ["fiving_on", "prompt_first", "turn_until_new_suit"]


def fiving_on(table: Table, players: int) -> bool:
    """Whether fiving is played: two players and ``Table.fiving`` (RULES.md §2.1.7 (6)).

    >>> from trumpfamily import SPOIL_FIVE
    >>> from trumpfamily.fiving import fiving_on
    >>> fiving_on(SPOIL_FIVE.table, 2), fiving_on(SPOIL_FIVE.table, 3)
    (True, False)
    """
    return players == 2 and table.fiving


def prompt_first(robbing: Robbing) -> bool:
    """Whether eldest is asked to five (or pass) before any rob prompt: robbing is played
    with ``rob_timing="before-lead"``, so a rob prompt might otherwise come first and
    tell eldest, by coming or not, where the Ace of trumps is.

    >>> from trumpfamily import SPOIL_FIVE, TWENTY_FIVE
    >>> from trumpfamily.fiving import prompt_first
    >>> prompt_first(SPOIL_FIVE.robbing), prompt_first(TWENTY_FIVE.robbing)
    (False, True)
    """
    return robbing.robbing and robbing.rob_timing == "before-lead"


def turn_until_new_suit(
    deck: Sequence[Card], at: int, trump: Suit
) -> tuple[Card, int, tuple[Card, ...]]:
    """The dealer agreed to five: turn cards from ``deck[at]`` until one of a printed suit
    other than ``trump`` appears (RULES.md §2.1.7 (6), EX-56, PEEL).

    A card is judged by its printed suit, not by whether it is a trump: with clubs trumps
    ``AH`` stops the turning and makes hearts trumps. The joker has no suit and is passed
    over.

    Args:
        deck: the deck, top card first.
        at: the index of the first card of the stock.
        trump: the trump suit being changed.

    Returns:
        ``(card, next_at, passed)``: the new turn-up, the index of the stock after it, and
        the cards turned and set aside before it, in order.

    >>> from trumpfamily import parse_cards, Suit
    >>> from trumpfamily.fiving import turn_until_new_suit
    >>> turn_until_new_suit(parse_cards("3C JK KC 9D 4S"), 0, Suit.CLUBS)
    (Card.parse('9D'), 4, (Card.parse('3C'), Card.parse('JK'), Card.parse('KC')))
    """
    passed: list[Card] = []
    while True:
        card = deck[at]
        at += 1
        if card is JK or card.suit is trump:
            passed.append(card)
            continue
        return card, at, tuple(passed)
