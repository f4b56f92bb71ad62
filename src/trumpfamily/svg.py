"""Pictures of cards, tricks, seat views and tables as SVG text (standard library only).

Every function returns one SVG document as a ``str`` (``<svg xmlns=...>...</svg>``, no XML
declaration, so it can be written to a ``.svg`` file or put inline in an HTML page). The
output is valid XML and deterministic: the same arguments give the same text, byte for
byte (no ids, no randomness). Sizes are in pixels, as keyword arguments.

Cards are rounded rectangles with the rank and the suit symbol (``♣ ♦ ♥ ♠``), hearts and
diamonds in red, clubs and spades in black; the joker is drawn apart (a star, in purple)
and a card face down is a blue back. Each card carries a ``<title>`` with its name
("Ace of Hearts") for screen readers and tooltips, and the attributes
``class="tf-card ..."`` and ``data-card="AH"`` (a card face down has neither a name nor a
``data-card``). When legal cards are asked for, they are outlined in green and raised
(class ``tf-legal``), and the others dimmed (class ``tf-dimmed``).

Hidden information: :func:`view` draws only what its :class:`~trumpfamily.outcomes.SeatView`
holds, so it shows no card its seat may not see (the re-deal test of ``tests/test_svg.py``
checks the SVG text); the other seats' hands are card backs with their counts.
:func:`table` draws a whole :class:`~trumpfamily.engine.HandState`: by default only what
the whole table sees (no hand face up), and every hand only with ``reveal=True``.

>>> import trumpfamily as tf
>>> from trumpfamily import svg
>>> picture = svg.card(tf.Card.parse("AH"))
>>> picture.startswith("<svg"), "Ace of Hearts" in picture, "♥" in picture
(True, True, True)
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(svg.cards("5H JS JK", legal=["5H", "JK"])).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from . import _svgdraw as _draw
from ._svgdraw import BLACK, CARD_HEIGHT, CARD_WIDTH, JOKER, RED
from .cards import Card, Suit, parse_cards, parse_suit
from .errors import InvalidArgumentError
from .outcomes import BiddingView, SeatView, Trick

if TYPE_CHECKING:
    from .bidding.engine import BiddingHand
    from .engine import HandState

__all__ = [
    "BLACK",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "JOKER",
    "RED",
    "back",
    "card",
    "card_name",
    "cards",
    "position",
    "table",
    "trick",
    "view",
]


def _distinct(seq: str | Iterable[Card | str], what: str) -> tuple[Card, ...]:
    """The cards of ``seq`` (:func:`~trumpfamily.cards.parse_cards`), each at most once:
    a deck holds one of each card."""
    got = parse_cards(seq)
    seen: set[Card] = set()
    twice = [c for c in got if c in seen or seen.add(c)]  # type: ignore[func-returns-value]
    if twice:
        raise InvalidArgumentError(
            f"{what}: {' '.join(dict.fromkeys(map(str, twice)))} given more than once (a deck "
            "holds one of each card)")
    return got


def _legal_set(legal: Iterable[Card | str] | None, among: Sequence[Card],
               what: str) -> frozenset[Card] | None:
    """The legal cards as a set, each checked to be among ``among``."""
    if legal is None:
        return None
    chosen = parse_cards(legal) if isinstance(legal, str) else tuple(Card.parse(c) for c in legal)
    stray = [str(c) for c in chosen if c not in among]
    if stray:
        raise InvalidArgumentError(
            f"legal cards {' '.join(stray)} are not among the {what} "
            f"({' '.join(map(str, among)) or 'none'})")
    return frozenset(chosen)


def card_name(c: Card | str) -> str:
    """A card's name in words, as the pictures' ``<title>`` elements give it.

    Args:
        c: a :class:`~trumpfamily.cards.Card` or card text (``"AH"``).

    Returns:
        ``"Ace of Hearts"``, ``"Ten of Clubs"``, ``"Joker"``.

    Raises:
        CardParseError: ``c`` is not a card.

    >>> from trumpfamily import svg
    >>> svg.card_name("TC"), svg.card_name("JK")
    ('Ten of Clubs', 'Joker')
    """
    return _draw.card_name(Card.parse(c))


def card(c: Card | str, *, width: float = CARD_WIDTH, height: float = CARD_HEIGHT,
         marked: bool = False, dimmed: bool = False) -> str:
    """One card, face up.

    Args:
        c: a :class:`~trumpfamily.cards.Card` or card text (``"AH"``, ``"JK"``).
        width, height: the card's size, pixels.
        marked: outline it in green (as a legal card).
        dimmed: draw it faded (as a card that may not be played).

    Returns:
        An SVG document, ``width`` x ``height`` pixels.

    Raises:
        CardParseError: ``c`` is not a card.
        InvalidArgumentError: a size is not a positive number.

    >>> from trumpfamily import svg
    >>> 'data-card="TD"' in svg.card("10D", width=70, height=100)
    True
    """
    return _draw.card_picture(Card.parse(c), width=width, height=height, marked=marked,
                              dimmed=dimmed)


def back(*, width: float = CARD_WIDTH, height: float = CARD_HEIGHT) -> str:
    """A card face down.

    Args:
        width, height: the card's size, pixels.

    Returns:
        An SVG document, ``width`` x ``height`` pixels.

    Raises:
        InvalidArgumentError: a size is not a positive number.
    """
    return _draw.back_picture(width=width, height=height)


def cards(seq: str | Iterable[Card | str], *, legal: Iterable[Card | str] | None = None,
          width: float = CARD_WIDTH, height: float = CARD_HEIGHT, gap: float = 6,
          title: str | None = None) -> str:
    """A row of cards, face up, in the order given (a hand, a trick, a card order).

    Args:
        seq: the cards: card text (``"5H JS JK"``) or a sequence of cards or card texts.
        legal: the legal cards among them, or ``None``: when given, those cards are
            outlined in green and raised, and the others dimmed (an empty ``legal``
            dims every card).
        width, height: each card's size, pixels.
        gap: the space between cards, pixels; negative to overlap them (a fan), down to
            ``-width`` exclusive.
        title: the picture's title (default: the cards' names).

    Returns:
        An SVG document. For ``n`` cards it is ``n * width + (n - 1) * gap`` pixels wide
        (at least one card's width; an empty row is an empty frame).

    Raises:
        CardParseError: an item is not a card.
        InvalidArgumentError: a size is not positive, ``gap`` is ``-width`` or less, or a
            legal card is not among the cards.

    >>> from trumpfamily import svg
    >>> picture = svg.cards("5H JS", legal="5H")
    >>> picture.count("tf-legal"), picture.count("tf-dimmed")
    (1, 1)
    """
    hand = _distinct(seq, "cards")
    return _draw.cards_picture(hand, _legal_set(legal, hand, "cards"), width=width,
                               height=height, gap=gap, title=title)


def trick(played: Trick | str | Sequence[Card | str], leader: int | None = None,
          winner: int | None = None, *, players: int | None = None, bottom: int = 0,
          names: Sequence[str] | None = None, trump: Suit | str | None = None,
          card_width: float = CARD_WIDTH, card_height: float = CARD_HEIGHT,
          font_size: float = 13) -> str:
    """A trick: its cards placed round the table by the seat that played them, the
    leader's card marked "led" and the winner's outlined in gold and marked "won"; with
    ``trump``, under a line naming the trump suit (as the pictures of a view, a table and
    a position do).

    Args:
        played: the cards in play order, lead first (card text or a sequence of cards),
            or a :class:`~trumpfamily.outcomes.Trick` (its leader and winner are used
            unless given).
        leader: the seat that led (required unless ``played`` is a ``Trick``).
        winner: the seat that won it, one of the seats that played to it, or ``None``
            (a trick in progress).
        players: the number of seats (default: one per card, a complete trick); seats that
            have not played yet show an empty place.
        bottom: the seat drawn at the bottom; the others follow clockwise.
        names: the seats' names (default ``"Seat 0"``, ``"Seat 1"``...).
        trump: the trump suit (a :class:`~trumpfamily.cards.Suit`, letter, symbol or
            name), or ``None`` to name none. A :class:`~trumpfamily.outcomes.Trick` does
            not hold it: give the hand's, ``hand.trump``.
        card_width, card_height: a card's size, pixels.
        font_size: the size of the seats' labels, pixels.

    Returns:
        An SVG document.

    Raises:
        CardParseError: an item is not a card, or ``trump`` not a suit.
        InvalidArgumentError: no leader; ``leader``, ``winner`` or ``bottom`` is not a
            seat; ``winner`` is a seat that has not played to the trick; more cards than
            ``players``; a trick with no card and no ``players``;
            ``names`` not one string per seat; a size not positive.

    >>> import trumpfamily as tf
    >>> from trumpfamily import svg
    >>> picture = svg.trick("KD 9D 3C", leader=0, winner=0, trump="S")
    >>> "King of Diamonds (won the trick)" in picture, picture.count("data-card")
    (True, 3)
    >>> "Spades trumps" in picture, "♠" in picture
    (True, True)
    """
    if isinstance(played, Trick):
        seq = played.cards
        leader = played.leader if leader is None else leader
        winner = played.winner if winner is None else winner
    else:
        seq = _distinct(played, "trick")
    suit = None if trump is None else parse_suit(trump)
    return _draw.trick_picture(seq, leader, winner, players=players, bottom=bottom, names=names,
                               trump=suit, card_width=card_width, card_height=card_height,
                               font_size=font_size)


def view(seat_view: SeatView | BiddingView, *, mark_legal: bool = True,
         names: Sequence[str] | None = None, card_width: float = CARD_WIDTH,
         card_height: float = CARD_HEIGHT, font_size: float = 13) -> str:
    """What one seat sees, as a picture: its hand (below the table), the current trick
    round the table by seat with the leader's card marked, the other seats' hands as card
    backs with their counts, the dealer and the seat to act, tricks won per seat, and
    beside the table the trump suit, the turn-up (or the card turned up, dimmed, once
    robbed, with the robber), fived cards, the seat's own discard, and the game around the
    hand when the view carries it (hand number, scores and target, or chips and pool).
    A bidding view (:class:`~trumpfamily.outcomes.BiddingView`) shows the auction instead
    of the turn-up: the standing bid or the contract, who passed, the kitty's size and
    the stock; the other hands are card backs with their counts there too, counted
    through the kitty, the discards and the draws (``× ?`` while simultaneous discards
    are not yet counted, ``draw_order="simultaneous"``).

    It shows nothing the view does not hold, so no card its seat may not see (RULES.md
    §1.5: the discards of a rob are face down).

    Args:
        seat_view: a :class:`~trumpfamily.outcomes.SeatView` (from
            :meth:`HandState.view <trumpfamily.engine.HandState.view>` or
            :meth:`GameState.view <trumpfamily.game.GameState.view>`) or a
            :class:`~trumpfamily.outcomes.BiddingView`.
        mark_legal: when it is this seat's turn to play a card, outline the cards it may
            play (those of its legal ``Play`` actions) and dim the others.
        names: the seats' names (default ``"Seat 0"``, ...; this seat is also "you").
        card_width, card_height: the size of a card in the hand and the trick, pixels
            (the other seats' backs are 0.6 of it).
        font_size: text size, pixels.

    Returns:
        An SVG document.

    Raises:
        InvalidArgumentError: not a view; ``names`` not one string per seat; a size not
            positive.

    >>> import trumpfamily as tf
    >>> from trumpfamily import svg
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    >>> picture = svg.view(state.view(state.to_act))
    >>> sum(f'data-card="{c}"' in picture for c in state.hands[state.to_act])
    5
    >>> any(f'data-card="{c}"' in picture for c in state.hands[(state.to_act + 1) % 3])
    False
    """
    if not isinstance(seat_view, (SeatView, BiddingView)):
        raise InvalidArgumentError(
            f"view() draws a SeatView or a BiddingView, got {type(seat_view).__name__}")
    return _draw.view_picture(seat_view, mark_legal=mark_legal, names=names,
                              card_width=card_width, card_height=card_height,
                              font_size=font_size)


def table(state: HandState | BiddingHand, *, reveal: bool = False, mark_legal: bool = False,
          bottom: int = 0, names: Sequence[str] | None = None,
          card_width: float = CARD_WIDTH, card_height: float = CARD_HEIGHT,
          font_size: float = 13) -> str:
    """A whole hand, as a picture of the table.

    By default only what the whole table sees: every hand face down with its count, the
    trump suit, the turn-up, the current trick round the table with the leader marked,
    tricks won per seat, the dealer and the seat to act (what every seat's view shares;
    nothing one seat alone knows). With ``reveal=True`` every hand is face up and, beside
    the table, the face-down discards (and a bidding hand's kitty) and the stock's size:
    for a teacher or a post-mortem, not for a player.

    Args:
        state: a :class:`~trumpfamily.engine.HandState` or a
            :class:`~trumpfamily.bidding.engine.BiddingHand`.
        reveal: show every hand face up, and the discards.
        mark_legal: with ``reveal=True``, outline the cards the seat to act may play
            (refused without it: the table shows no hand face up to mark).
        bottom: the seat drawn at the bottom; the others follow clockwise.
        names: the seats' names (default ``"Seat 0"``...).
        card_width, card_height: the size of a card in the trick, pixels (hands round the
            table are 0.6 of it).
        font_size: text size, pixels.

    Returns:
        An SVG document.

    Raises:
        InvalidArgumentError: not a hand; ``mark_legal=True`` without ``reveal=True``;
            ``bottom`` not a seat; ``names`` not one string per seat; a size not positive.

    >>> import trumpfamily as tf
    >>> from trumpfamily import svg
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    >>> "data-card" in svg.table(state).replace(f'data-card="{state.turn_up}"', "")
    False
    >>> sum(f'data-card="{c}"' in svg.table(state, reveal=True) for c in state.hands[0])
    5
    """
    from .bidding.engine import BiddingHand
    from .engine import HandState

    if not isinstance(state, (HandState, BiddingHand)):
        raise InvalidArgumentError(
            f"table() draws a HandState or a BiddingHand, got {type(state).__name__}")
    return _draw.table_picture(state, reveal=reveal, mark_legal=mark_legal, bottom=bottom,
                               names=names, card_width=card_width, card_height=card_height,
                               font_size=font_size)


def position(hand: str | Iterable[Card | str], trick: str | Iterable[Card | str] = (), *,
             trump: Suit | str, legal: Iterable[Card | str] | None = None,
             title: str | None = None, card_width: float = CARD_WIDTH,
             card_height: float = CARD_HEIGHT, font_size: float = 13) -> str:
    """A position as :func:`~trumpfamily.play.legal_moves` sees it: the trump suit, the
    cards played to the trick so far (lead first), and the hand with its legal cards
    outlined and the others dimmed (what ``trumpfamily explain --svg FILE`` writes).

    Args:
        hand: the cards in hand.
        trick: the cards already played to the trick, lead first (empty: leading).
        trump: the trump suit (a :class:`~trumpfamily.cards.Suit`, letter, symbol or name).
        legal: the legal cards of ``hand``, or ``None`` to mark none.
        title: a first line of text (e.g. the variant's name).
        card_width, card_height: a card's size, pixels.
        font_size: text size, pixels.

    Returns:
        An SVG document.

    Raises:
        CardParseError: a card or the suit cannot be read.
        InvalidArgumentError: a legal card is not in the hand; a size not positive.

    >>> import trumpfamily as tf
    >>> from trumpfamily import svg
    >>> legal = tf.legal_moves("JC KD 3H", "8C 5C", trump="C", variant=tf.SPOIL_FIVE)
    >>> picture = svg.position("JC KD 3H", "8C 5C", trump="C", legal=legal)
    >>> picture.count("tf-legal") == len(legal)
    True
    """
    suit = parse_suit(trump)
    held, played = _distinct(hand, "hand"), _distinct(trick, "trick")
    both = set(held) & set(played)
    if both:
        raise InvalidArgumentError(
            f"position: {' '.join(sorted(map(str, both)))} both in the hand and in the trick")
    return _draw.position_picture(held, played, suit, _legal_set(legal, held, "cards in hand"),
                                  title=title, card_width=card_width, card_height=card_height,
                                  font_size=font_size)
