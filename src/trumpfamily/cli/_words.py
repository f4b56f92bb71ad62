"""The prompt's wording for a person: the library's sentences said to the seat that reads
them (``you``, ``P2``) with the cards as the screen shows them (``A♥``), the hand sorted
with its trumps marked, and lines wrapped on words to the terminal's width.

Only the words change: every refusal is still the engine's own
(:class:`~trumpfamily.errors.IllegalActionError`), every trump the deal's rank table
(:meth:`Ranking.table <trumpfamily.ranking.Ranking.table>`).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from typing import Final, TextIO

from ..actions import Action, Play
from ..cards import Card, Rank, Suit
from ..narrate import Style
from ..outcomes import AnyView

__all__ = ["for_person", "hand_text", "in_hand_order", "shown_cards", "sorted_hand", "terminal_width", "visible_width", "wrap"]

#: The verbs said to ``you`` when the seat is their subject (``seat 2 holds``: ``you hold``).
_VERBS: Final = {"has": "have", "does": "do", "holds": "hold", "is": "are", "was": "were"}
#: A card in the library's notation (``AH``, ``TD``, ``JK``), not part of a longer word or
#: of an option's value (``renege_cards='5-J-AH'``).
_CARD: Final = r"(?:[2-9TJQKA][CDHS]|JK)"
_CARD_WORD: Final = re.compile(rf"(?<![\w\-=']){_CARD}(?![\w\-'])")
#: A hand quoted in a message: ``'9D 4C QC'``.
_QUOTED_CARDS: Final = re.compile(rf"'({_CARD}(?: {_CARD})*)'")
#: An ANSI colour code (not counted in a line's width).
_ANSI: Final = re.compile(r"\033\[[0-9;]*m")


def shown_cards(text: str, style: Style) -> str:
    """Every card of ``text`` as ``style`` writes it; a quoted hand in parentheses."""
    text = _QUOTED_CARDS.sub(lambda m: f"({m.group(1)})", text)
    return _CARD_WORD.sub(lambda m: style.card(Card.parse(m.group(0))), text)


def for_person(text: str, seat: int, style: Style) -> str:
    """A library sentence said to ``seat``: ``seat N`` becomes ``you`` (``seat N's``:
    ``your``; its verb agreeing, ``you hold``) and another seat ``P2``, as the screen names
    them; a sentence about ``seat N`` calls it ``you`` after, too (``he``, ``it may``);
    and every card is written as ``style`` writes it (``A♥``).

    >>> from trumpfamily.narrate import Style
    >>> for_person("seat 1's chance to rob has passed: he announced instead", 1,
    ...            Style(color=False, symbols=True))
    'your chance to rob has passed: you announced instead'
    >>> for_person("5C is not in seat 0's hand '9D 4C'", 0, Style(color=False, symbols=True))
    '5♣ is not in your hand (9♦ 4♣)'
    """
    about_you = re.match(rf"seat {seat}\b", text) is not None
    text = re.sub(rf"\bseat {seat}'s(?=\s+\w)", "your", text)
    text = re.sub(rf"\bseat {seat}'s", "yours", text)
    text = re.sub(rf"\bseat {seat} ({'|'.join(_VERBS)})\b",
                  lambda m: f"you {_VERBS[m.group(1)]}", text)
    text = re.sub(rf"\bseat {seat}\b", "you", text)
    text = re.sub(r"\bseat (\d+)\b", r"P\1", text)  # another seat, as the screen names it
    if about_you:
        text = re.sub(r"\bhe\b", "you", text)
        text = re.sub(r"\bit (may|must|can)\b", r"you \1", text)
    return shown_cards(text, style)


# -- the hand ---------------------------------------------------------------------------

#: The ranks from the highest, for a hand before trumps are known.
_NATURAL: Final[list[Rank]] = sorted((r for r in Rank if r is not Rank.JOKER), reverse=True)


def sorted_hand(view: AnyView) -> tuple[tuple[Card, ...], list[tuple[Card, ...]]]:
    """The seat's cards as the prompt shows them: its trumps, highest first (by the deal's
    rank table: the Ace of Hearts, the joker and a demoted Ace where the rules put them),
    then each other suit in the order clubs, diamonds, hearts, spades, highest first.
    Before trumps are known (a bidding game's auction, a turned-up joker) no card is a
    trump and each suit is in its natural order, the joker last.

    Returns:
        ``(trumps, other suits)``: the trumps held, and the other cards by suit.
    """
    hand = view.hand
    if view.trump is None:
        groups = [tuple(sorted((c for c in hand if c.suit is suit),
                               key=lambda c: _NATURAL.index(c.rank))) for suit in Suit]
        jokers = tuple(c for c in hand if c.suit is None)
        return (), [g for g in (*groups, jokers) if g]
    table = view.variant.ranking.table(view.trump, getattr(view, "demoted", None))
    power, suit_of = table.power, table.suit_of
    trumps = tuple(sorted((c for c in hand if suit_of[c] is view.trump), key=lambda c: -power[c]))
    groups = [tuple(sorted((c for c in hand if suit_of[c] is suit), key=lambda c: -power[c]))
              for suit in Suit if suit is not view.trump]
    return trumps, [g for g in groups if g]


def in_hand_order(view: AnyView, actions: Sequence[Action]) -> tuple[Action, ...]:
    """``actions`` with the cards played in the order the hand is shown
    (:func:`sorted_hand`: the trumps first, highest first), the other actions where they
    were."""
    trumps, others = sorted_hand(view)
    place = {card: i for i, card in enumerate((*trumps, *(c for g in others for c in g)))}
    plays = iter(sorted((a for a in actions if isinstance(a, Play)),
                        key=lambda a: place.get(a.card, len(place))))
    return tuple(next(plays) if isinstance(a, Play) else a for a in actions)


def hand_text(view: AnyView, style: Style) -> str:
    """The hand sorted (:func:`sorted_hand`), its trumps marked: ``5♥ A♥ (trumps) | K♦ 8♦
    | 9♠``; ``(no trump)`` when it holds none, nothing before trumps are known."""
    trumps, others = sorted_hand(view)
    parts = [f"{style.cards(trumps)} (trumps)"] if trumps else []
    parts += [style.cards(group) for group in others]
    text = " | ".join(parts) if parts else "-"
    if view.trump is not None and not trumps:
        text += " (no trump)"
    return text


# -- lines to the terminal's width ---------------------------------------------------------

def terminal_width(stream: TextIO) -> int | None:
    """The columns a line may fill on the terminal ``stream`` writes to: its width
    (``COLUMNS`` first, as :func:`shutil.get_terminal_size` reads it) less one, so that no
    line reaches the last column (where some terminals break the line themselves); ``None``
    when it is not a terminal: a file or a pipe gets every line whole."""
    isatty = getattr(stream, "isatty", None)
    if not (isatty and isatty()):
        return None
    return max(20, shutil.get_terminal_size().columns - 1)


def visible_width(text: str) -> int:
    """The columns ``text`` takes on a terminal (its colour codes take none)."""
    return len(_ANSI.sub("", text))


def wrap(text: str, width: int | None, indent: str = "  ") -> list[str]:
    """``text`` (one line) broken at spaces into lines of at most ``width`` columns, never
    inside a word (a word longer than the line stays whole); the lines after the first are
    indented by the first's indent and ``indent``. ``width`` ``None``: the line whole.

    >>> wrap("Trick 1, so far P1 QH  P2 2D.", 16)
    ['Trick 1, so far', '  P1 QH  P2 2D.']
    """
    if width is None or visible_width(text) <= width:
        return [text]
    stripped = text.lstrip(" ")
    lead = text[:len(text) - len(stripped)]
    tokens = re.split(r"( +)", stripped)  # words, and the spaces between them
    lines: list[str] = []
    line = lead + tokens[0]
    for space, word in zip(tokens[1::2], tokens[2::2], strict=True):
        if not word:  # spaces at the end
            continue
        if visible_width(line + space + word) > width:
            lines.append(line)
            line = lead + indent + word
        else:
            line += space + word
    lines.append(line)
    return lines


def wrap_all(lines: Sequence[str], width: int | None) -> list[str]:
    """Every line of ``lines`` wrapped (:func:`wrap`)."""
    return [part for line in lines for part in wrap(line, width)]
