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

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple
from xml.sax.saxutils import escape

from .actions import Action, Play
from .cards import Card, Rank, Suit, parse_cards, parse_suit
from .errors import InvalidArgumentError, InvalidSeatError
from .outcomes import HAND_SIZE, BiddingView, GameContext, Phase, SeatView, Trick
from .variants import Variant

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

#: The colour of hearts and diamonds.
RED: Final = "#c00000"
#: The colour of clubs and spades.
BLACK: Final = "#1a1a1a"
#: The colour of the joker.
JOKER: Final = "#6a1b9a"
#: The default card width, pixels.
CARD_WIDTH: Final = 56
#: The default card height, pixels.
CARD_HEIGHT: Final = 80

_LEGAL: Final = "#1a7f37"  # outline of a legal card
_WINNER: Final = "#d4a017"  # outline of the card that won a trick
_BACK: Final = "#23477a"
_FELT: Final = "#2f6f44"
_PAPER: Final = "#f6f3ea"
_INK: Final = "#1a1a1a"
_FONT: Final = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
_SVG_NS: Final = "http://www.w3.org/2000/svg"

_RANK_FACE: Final = {
    Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6",
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10", Rank.JACK: "J",
    Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "JK",
}


# -- small helpers -----------------------------------------------------------------------

def _n(x: float) -> str:
    """A coordinate as short, deterministic text (one decimal at most)."""
    text = f"{x:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _size(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (
        math.isfinite(value) and value > 0
    ):
        raise InvalidArgumentError(f"{name} must be a positive number of pixels, got {value!r}")
    return float(value)


def _colour(c: Card) -> str:
    if c.suit is None:
        return JOKER
    return RED if c.suit.is_red else BLACK


def _suit_colour(s: Suit) -> str:
    return RED if s.is_red else BLACK


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
    card = Card.parse(c)
    if card.suit is None:
        return "Joker"
    return f"{card.rank.name.title()} of {card.suit.name.title()}"


def _text_width(text: str, font: float) -> float:
    return len(text) * font * 0.6


def _text(x: float, y: float, text: str, *, size: float, fill: str = _INK,
          anchor: str = "start", bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}" '
            f'text-anchor="{anchor}"{weight}>{escape(text)}</text>')


def _rich(x: float, y: float, parts: Sequence[tuple[str, str]], *, size: float,
          anchor: str = "start", bold: bool = False) -> str:
    """One line of text in several colours: ``parts`` are ``(text, colour)`` pairs."""
    weight = ' font-weight="bold"' if bold else ""
    # a space at a span's edge may be dropped by renderers: an offset (dx) stands for it
    spans = "".join(
        f'<tspan fill="{fill}"'
        + (f' dx="{_n(size * 0.3)}"' if text[:1] == " " and i else "")
        + f">{escape(text.strip() if i else text.rstrip())}</tspan>"
        for i, (text, fill) in enumerate(parts))
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{_INK}" '
            f'text-anchor="{anchor}"{weight}>{spans}</text>')


def _document(width: float, height: float, body: str, title: str, *, paper: bool = False) -> str:
    ground = (f'<rect width="{_n(width)}" height="{_n(height)}" rx="6" fill="{_PAPER}"/>'
              if paper else "")
    return (f'<svg xmlns="{_SVG_NS}" width="{_n(width)}" height="{_n(height)}" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" role="img" font-family="{_FONT}">'
            f"<title>{escape(title)}</title>{ground}{body}</svg>")


# -- one card ----------------------------------------------------------------------------

def _face(c: Card, x: float, y: float, w: float, h: float, *, state: str = "",
          note: str = "") -> str:
    """A card face at ``(x, y)``; ``state`` is ``""``, ``"legal"``, ``"dimmed"``,
    ``"marked"`` or ``"winner"``."""
    colour = _colour(c)
    stroke, width = "#555555", 1.0
    if state in ("legal", "marked"):
        stroke, width = _LEGAL, 3.0
    elif state == "winner":
        stroke, width = _WINNER, 3.0
    classes = "tf-card" + (f" tf-{state}" if state else "")
    opacity = ' opacity="0.4"' if state == "dimmed" else ""
    title = card_name(c) + (f" ({note})" if note else "")
    corner = min(w, h) * 0.28
    r = min(w, h) * 0.08
    parts = [
        f'<g class="{classes}" data-card="{c}" transform="translate({_n(x)},{_n(y)})"{opacity}>',
        f"<title>{escape(title)}</title>",
        f'<rect x="0.5" y="0.5" width="{_n(w - 1)}" height="{_n(h - 1)}" rx="{_n(r)}" '
        f'fill="{"#fffbea" if c.suit is None else "#ffffff"}" stroke="{stroke}" '
        f'stroke-width="{_n(width)}"/>',
    ]
    pad = w * 0.09
    if c.suit is None:
        parts.append(_text(pad, pad + corner * 0.8, "JK", size=corner * 0.8, fill=colour,
                           bold=True))
        parts.append(_text(w / 2, h / 2 + h * 0.14, "★", size=h * 0.4, fill=colour,
                           anchor="middle"))
        parts.append(_text(w / 2, h - pad, "JOKER", size=min(w / 5.2, h * 0.12), fill=colour,
                           anchor="middle", bold=True))
    else:
        rank = _RANK_FACE[c.rank]
        rank_size = corner if len(rank) == 1 else corner * 0.8
        parts.append(_text(pad, pad + corner * 0.8, rank, size=rank_size, fill=colour,
                           bold=True))
        parts.append(_text(pad + corner * 0.3, pad + corner * 1.75, c.suit.symbol,
                           size=corner * 0.9, fill=colour, anchor="middle"))
        parts.append(_text(w / 2 + w * 0.06, h / 2 + h * 0.2, c.suit.symbol, size=h * 0.5,
                           fill=colour, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float, w: float, h: float) -> str:
    """A card face down at ``(x, y)``: no name, no ``data-card``."""
    r = min(w, h) * 0.08
    inset = max(2.0, min(w, h) * 0.08)
    return (f'<g class="tf-card tf-back" transform="translate({_n(x)},{_n(y)})">'
            "<title>a card face down</title>"
            f'<rect x="0.5" y="0.5" width="{_n(w - 1)}" height="{_n(h - 1)}" rx="{_n(r)}" '
            f'fill="{_BACK}" stroke="#ffffff" stroke-width="1"/>'
            f'<rect x="{_n(inset)}" y="{_n(inset)}" width="{_n(w - 2 * inset)}" '
            f'height="{_n(h - 2 * inset)}" rx="{_n(r / 2)}" fill="none" stroke="#ffffff" '
            'stroke-opacity="0.6" stroke-dasharray="3 2"/></g>')


def _slot(x: float, y: float, w: float, h: float) -> str:
    """An empty place for a card not played yet."""
    r = min(w, h) * 0.08
    return (f'<rect class="tf-slot" x="{_n(x + 0.5)}" y="{_n(y + 0.5)}" width="{_n(w - 1)}" '
            f'height="{_n(h - 1)}" rx="{_n(r)}" fill="none" stroke="#ffffff" '
            'stroke-opacity="0.5" stroke-dasharray="4 3"/>')


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
    w, h = _size("width", width), _size("height", height)
    c = Card.parse(c)
    state = "marked" if marked else "dimmed" if dimmed else ""
    return _document(w, h, _face(c, 0, 0, w, h, state=state), card_name(c))


def back(*, width: float = CARD_WIDTH, height: float = CARD_HEIGHT) -> str:
    """A card face down.

    Args:
        width, height: the card's size, pixels.

    Returns:
        An SVG document, ``width`` x ``height`` pixels.

    Raises:
        InvalidArgumentError: a size is not a positive number.
    """
    w, h = _size("width", width), _size("height", height)
    return _document(w, h, _back(0, 0, w, h), "a card face down")


def _legal_set(legal: Iterable[Card | str] | None, among: Sequence[Card],
               what: str) -> frozenset[Card] | None:
    if legal is None:
        return None
    if isinstance(legal, str):
        chosen = parse_cards(legal)
    else:
        chosen = tuple(Card.parse(c) for c in legal)
    stray = [str(c) for c in chosen if c not in among]
    if stray:
        raise InvalidArgumentError(
            f"legal cards {' '.join(stray)} are not among the {what} "
            f"({' '.join(map(str, among)) or 'none'})")
    return frozenset(chosen)


def _row(seq: Sequence[Card], x: float, y: float, w: float, h: float, step: float,
         legal: frozenset[Card] | None, lift: float) -> str:
    out = []
    for i, c in enumerate(seq):
        if legal is None:
            out.append(_face(c, x + i * step, y + lift, w, h))
        elif c in legal:
            out.append(_face(c, x + i * step, y, w, h, state="legal", note="legal"))
        else:
            out.append(_face(c, x + i * step, y + lift, w, h, state="dimmed"))
    return "".join(out)


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
    w, h = _size("width", width), _size("height", height)
    if isinstance(gap, bool) or not isinstance(gap, (int, float)) or not (
        math.isfinite(gap) and gap > -w
    ):
        raise InvalidArgumentError(f"gap must be a number of pixels above -width, got {gap!r}")
    hand = parse_cards(seq)
    marked = _legal_set(legal, hand, "cards")
    lift = 0.0 if marked is None else h * 0.12
    step = w + gap
    total_w = max(w, w + step * (len(hand) - 1)) if hand else w
    body = _row(hand, 0, 0, w, h, step, marked, lift)
    name = title if title is not None else (
        ", ".join(card_name(c) for c in hand) or "no cards")
    return _document(total_w, h + lift, body, name)


# -- the table: seats around a ring ------------------------------------------------------

class _Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: _Box, margin: float) -> bool:
        return not (self.x + self.w + margin <= other.x or other.x + other.w + margin <= self.x
                    or self.y + self.h + margin <= other.y or other.y + other.h + margin <= self.y)


def _ring(n: int, bottom: int, size: tuple[float, float], start: tuple[float, float],
          margin: float, avoid: tuple[float, float] | None = None,
          grow: float = 1.06) -> list[_Box]:
    """Boxes of ``size`` centred on an ellipse round (0, 0), one per seat, seat ``bottom``
    at the bottom and the others clockwise (to its left first); the ellipse grows from
    radii ``start`` until no two boxes overlap and none reaches into the ellipse of radii
    ``avoid`` (the table)."""
    w, h = size
    rx, ry = start
    while True:
        boxes = []
        for seat in range(n):
            angle = math.pi / 2 + 2 * math.pi * ((seat - bottom) % n) / n
            cx, cy = rx * math.cos(angle), ry * math.sin(angle)
            boxes.append(_Box(cx - w / 2, cy - h / 2, w, h))
        if all(not a.overlaps(b, margin) for i, a in enumerate(boxes) for b in boxes[i + 1:]) \
                and (avoid is None or not any(_inside(b, avoid, margin) for b in boxes)):
            return boxes
        rx, ry = rx * grow, ry * grow


def _inside(box: _Box, ellipse: tuple[float, float], margin: float) -> bool:
    """Whether a point of ``box``'s edges (sampled) lies within ``ellipse`` + ``margin``."""
    ex, ey = ellipse[0] + margin, ellipse[1] + margin
    steps = 8
    for i in range(steps + 1):
        for x, y in ((box.x + box.w * i / steps, box.y), (box.x + box.w * i / steps, box.y + box.h),
                     (box.x, box.y + box.h * i / steps), (box.x + box.w, box.y + box.h * i / steps)):
            if (x / ex) ** 2 + (y / ey) ** 2 < 1:
                return True
    return False


def _around(boxes: Sequence[_Box], pad: float) -> tuple[float, float]:
    """The radii of an ellipse round (0, 0), of the boxes' proportions, holding them all
    with ``pad`` to spare."""
    xs = max(max(abs(b.x), abs(b.x + b.w)) for b in boxes) + pad
    ys = max(max(abs(b.y), abs(b.y + b.h)) for b in boxes) + pad
    k = max(math.hypot(x / xs, y / ys)
            for b in boxes for x in (b.x - pad, b.x + b.w + pad) for y in (b.y - pad, b.y + b.h + pad))
    return xs * k, ys * k


class _Seat(NamedTuple):
    """What a seat's place at the table shows."""

    label: str
    notes: tuple[str, ...]  # "dealer", "2 tricks", ...
    hand: tuple[Card, ...] | None  # face up (reveal), else None
    backs: int | None  # cards face down; None: not shown
    acting: bool
    legal: frozenset[Card] | None


class _Layout(NamedTuple):
    players: int
    bottom: int
    trick: tuple[Card, ...]
    leader: int
    winner: int | None
    seats: tuple[_Seat, ...]
    mark_leader: bool


def _seat_block(seat: _Seat, x: float, y: float, w: float, cw: float, ch: float,
                font: float) -> str:
    out = []
    if seat.acting:
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" '
                   f'height="{_n(_seat_height(seat, cw, ch, font))}" rx="5" fill="#fff4c2" '
                   f'stroke="{_WINNER}" stroke-width="2"/>')
    ty = y + font * 1.3
    out.append(_text(x + w / 2, ty, seat.label + (" ▸ to act" if seat.acting else ""),
                     size=font, anchor="middle", bold=True))
    if seat.notes:
        ty += font * 1.25
        out.append(_text(x + w / 2, ty, " · ".join(seat.notes), size=font * 0.85,
                         anchor="middle"))
    mw, mh = cw * 0.6, ch * 0.6
    top = ty + font * 0.5
    if seat.hand is not None:
        step = mw * 0.55
        total = mw + step * (len(seat.hand) - 1) if seat.hand else 0
        lift = 0.0 if seat.legal is None else mh * 0.12
        out.append(_row(seat.hand, x + (w - total) / 2, top, mw, mh, step, seat.legal, lift))
    elif seat.backs is not None and seat.backs > 0:
        shown = min(seat.backs, HAND_SIZE)
        step = mw * 0.3
        total = mw + step * (shown - 1)
        label = f"× {seat.backs}"
        left = x + (w - total - _text_width(label, font) - 4) / 2
        out.extend(_back(left + i * step, top, mw, mh) for i in range(shown))
        out.append(_text(left + total + 4, top + mh * 0.6, label, size=font, bold=True))
    elif seat.backs == 0:
        out.append(_text(x + w / 2, top + font, "no cards", size=font * 0.85, anchor="middle"))
    return "".join(out)


def _seat_height(seat: _Seat, cw: float, ch: float, font: float) -> float:
    height = font * 1.3 + (font * 1.25 if seat.notes else 0) + font * 0.5
    if seat.hand is not None or (seat.backs is not None and seat.backs > 0):
        height += ch * 0.6 + (ch * 0.6 * 0.12 if seat.legal is not None else 0)
    elif seat.backs == 0:
        height += font * 1.3
    return height + font * 0.4


def _seat_width(seat: _Seat, cw: float, font: float) -> float:
    texts = [seat.label + (" ▸ to act" if seat.acting else ""), " · ".join(seat.notes)]
    width = max(_text_width(t, font) for t in texts) + font
    mw = cw * 0.6
    if seat.hand is not None:
        width = max(width, mw + mw * 0.55 * (len(seat.hand) - 1) + 8)
    elif seat.backs:
        width = max(width, mw + mw * 0.3 * (min(seat.backs, HAND_SIZE) - 1)
                    + _text_width(f"× {seat.backs}", font) + 12)
    return width


def _draw_ring(layout: _Layout, cw: float, ch: float, font: float) -> tuple[str, _Box]:
    """The table: the trick's cards round the centre, each seat's block beyond; returns
    the SVG fragment (coordinates round (0, 0)) and its bounding box."""
    n = layout.players
    label = font * 1.3
    cards_at = _ring(n, layout.bottom, (cw, ch + label), (cw * 1.25, ch * 0.7), 6)
    inner_rx, inner_ry = _around(cards_at, 4)
    sizes = [(_seat_width(s, cw, font), _seat_height(s, cw, ch, font)) for s in layout.seats]
    bw = max(w for w, _ in sizes)
    bh = max(h for _, h in sizes)
    blocks = _ring(n, layout.bottom, (bw, bh), (inner_rx + bw / 4, inner_ry + bh / 4), 8,
                   avoid=(inner_rx + 6, inner_ry + 6))
    body = [f'<ellipse cx="0" cy="0" rx="{_n(inner_rx + 6)}" ry="{_n(inner_ry + 6)}" '
            f'fill="{_FELT}" stroke="#1e4a2c" stroke-width="3"/>']
    for seat in range(n):
        box = cards_at[seat]
        x, y = box.x, box.y
        i = (seat - layout.leader) % n
        if i < len(layout.trick):
            c = layout.trick[i]
            won = layout.winner == seat
            note = "won the trick" if won else ("led" if i == 0 else "")
            body.append(_face(c, x, y, cw, ch, state="winner" if won else "", note=note))
            tag = " ".join(t for t in ("led" if i == 0 and layout.mark_leader else "",
                                       "won" if won else "") if t)
            if tag:
                body.append(_text(x + cw / 2, y + ch + font * 1.05, tag, size=font * 0.85,
                                  fill="#ffffff", anchor="middle", bold=True))
        else:
            body.append(_slot(x, y, cw, ch))
    for place, block, (w, h) in zip(layout.seats, blocks, sizes, strict=True):
        body.append(_seat_block(place, block.x + (block.w - w) / 2, block.y + (block.h - h) / 2,
                                w, cw, ch, font))
    left = min(-inner_rx - 6, *(b.x for b in blocks))
    top = min(-inner_ry - 6, *(b.y for b in blocks))
    right = max(inner_rx + 6, *(b.x + b.w for b in blocks))
    bottom = max(inner_ry + 6, *(b.y + b.h for b in blocks))
    return "".join(body), _Box(left, top, right - left, bottom - top)


def _names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"Seat {s}" for s in range(players))
    if isinstance(names, str) or len(names) != players or not all(
        isinstance(x, str) for x in names
    ):
        raise InvalidArgumentError(
            f"names must be {players} strings, one per seat, got {names!r}")
    return tuple(names)


def _seat_int(name: str, value: object, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidSeatError(value, players) if name == "seat" else InvalidArgumentError(
            f"{name} must be a seat, an int 0..{players - 1}, got {value!r}")
    return value


def trick(played: Trick | str | Sequence[Card | str], leader: int | None = None,
          winner: int | None = None, *, players: int | None = None, bottom: int = 0,
          names: Sequence[str] | None = None, card_width: float = CARD_WIDTH,
          card_height: float = CARD_HEIGHT, font_size: float = 13) -> str:
    """A trick: its cards placed round the table by the seat that played them, the
    leader's card marked "led" and the winner's outlined in gold and marked "won".

    Args:
        played: the cards in play order, lead first (card text or a sequence of cards),
            or a :class:`~trumpfamily.outcomes.Trick` (its leader and winner are used
            unless given).
        leader: the seat that led (required unless ``played`` is a ``Trick``).
        winner: the seat that won it, or ``None`` (a trick in progress).
        players: the number of seats (default: one per card, a complete trick); seats that
            have not played yet show an empty place.
        bottom: the seat drawn at the bottom; the others follow clockwise.
        names: the seats' names (default ``"Seat 0"``, ``"Seat 1"``...).
        card_width, card_height: a card's size, pixels.
        font_size: the size of the seats' labels, pixels.

    Returns:
        An SVG document.

    Raises:
        CardParseError: an item is not a card.
        InvalidArgumentError: no leader; ``leader``, ``winner`` or ``bottom`` is not a
            seat; more cards than ``players``; a trick with no card and no ``players``;
            ``names`` not one string per seat; a size not positive.

    >>> import trumpfamily as tf
    >>> from trumpfamily import svg
    >>> picture = svg.trick("KD 9D 3C", leader=0, winner=0)
    >>> "King of Diamonds (won the trick)" in picture, picture.count("data-card")
    (True, 3)
    """
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
    if isinstance(played, Trick):
        seq = played.cards
        leader = played.leader if leader is None else leader
        winner = played.winner if winner is None else winner
    else:
        seq = parse_cards(played)
    if leader is None:
        raise InvalidArgumentError("trick() needs the leader's seat (leader=...)")
    n = len(seq) if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidArgumentError(
            "trick() needs players= (a positive int) for a trick with no card yet"
            if players is None else f"players must be a positive int, got {players!r}")
    if len(seq) > n:
        raise InvalidArgumentError(f"{len(seq)} cards in a trick of {n} players")
    leader = _seat_int("leader", leader, n)
    if winner is not None:
        winner = _seat_int("winner", winner, n)
    bottom = _seat_int("bottom", bottom, n)
    labels = _names(names, n)
    seats = tuple(
        _Seat(labels[s], (), None, None, False, None)
        for s in range(n))
    layout = _Layout(n, bottom, seq, leader, winner, seats, True)
    body, box = _draw_ring(layout, cw, ch, font)
    pad = 8.0
    title = (f"A trick led by {labels[leader]}: "
             + ", ".join(card_name(c) for c in seq)
             + (f"; won by {labels[winner]}" if winner is not None else ""))
    return _document(box.w + 2 * pad, box.h + 2 * pad,
                     f'<g transform="translate({_n(pad - box.x)},{_n(pad - box.y)})">{body}</g>',
                     title, paper=True)


# -- views and tables --------------------------------------------------------------------

def _played_by(tricks: Sequence[Trick], current: Sequence[Card], leader: int,
               players: int) -> list[int]:
    played = [0] * players
    for t in tricks:
        for s in t.seats:
            played[s] += 1
    for i in range(len(current)):
        played[(leader + i) % players] += 1
    return played


def _legal_cards(actions: Sequence[Action]) -> frozenset[Card]:
    return frozenset(a.card for a in actions if isinstance(a, Play))


def _suit_parts(label: str, suit: Suit | None, after: str = "") -> list[tuple[str, str]]:
    if suit is None:
        return [(label, _INK), (" not known yet" + after, _INK)]
    return [(label, _INK), (" " + suit.symbol, _suit_colour(suit)),
            (f" {suit.name.lower()}{after}", _INK)]


class _Line(NamedTuple):
    parts: list[tuple[str, str]]
    bold: bool


class _CardRow(NamedTuple):
    cards: tuple[Card, ...]
    dimmed: bool
    small: bool


class _Panel:
    """The column of facts beside the table: lines of text and rows of cards."""

    def __init__(self, font: float, cw: float, ch: float) -> None:
        self.font, self.cw, self.ch = font, cw, ch
        self.items: list[_Line | _CardRow] = []

    def line(self, *parts: tuple[str, str] | str, bold: bool = False) -> None:
        self.items.append(_Line([(p, _INK) if isinstance(p, str) else p for p in parts], bold))

    def cards(self, seq: Sequence[Card], *, dimmed: bool = False, small: bool = True) -> None:
        self.items.append(_CardRow(tuple(seq), dimmed, small))

    def width(self) -> float:
        best = 0.0
        for item in self.items:
            if isinstance(item, _CardRow):
                w = self.cw * (0.6 if item.small else 1.0)
                best = max(best, len(item.cards) * (w + 4))
            else:
                best = max(best, _text_width("".join(t for t, _ in item.parts), self.font))
        return best

    def draw(self, x: float, y: float) -> tuple[str, float]:
        out = []
        for item in self.items:
            if isinstance(item, _CardRow):
                w, h = (self.cw * 0.6, self.ch * 0.6) if item.small else (self.cw, self.ch)
                y += 4
                for i, c in enumerate(item.cards):
                    out.append(_face(c, x + i * (w + 4), y, w, h,
                                     state="dimmed" if item.dimmed else ""))
                y += h + 6
            else:
                y += self.font * 1.35
                out.append(_rich(x, y, item.parts, size=self.font, bold=item.bold))
        return "".join(out), y


def _game_lines(panel: _Panel, game: GameContext, sides: Sequence[Sequence[int]],
                names: Sequence[str]) -> None:
    left = "" if game.hands_left is None else f" ({game.hands_left} more to deal)"
    panel.line(f"Game: hand {game.hand_number}{left}", bold=True)
    if game.scores is not None:
        target = "" if game.target is None else f", target {game.target}"
        panel.line(f"Scores{target}:")
        for i, score in enumerate(game.scores):
            panel.line(f"  {_side_name(sides, i, names)}: {score}")
    if game.pool is not None:
        panel.line(f"Pool: {game.pool} chips")
    if game.chips is not None:
        panel.line("Chips (net): " + ", ".join(f"{c:+d}" for c in game.chips))


def _side_name(sides: Sequence[Sequence[int]], i: int, names: Sequence[str]) -> str:
    seats = sides[i]
    if len(seats) == 1:
        return names[seats[0]]
    return f"side {i} (" + " & ".join(names[s] for s in seats) + ")"


def _header(variant: Variant, phase: Phase, to_act: int | None, tricks: int,
            names: Sequence[str], who: str) -> str:
    where = "hand over" if phase is Phase.OVER else f"trick {min(tricks + 1, HAND_SIZE)}"
    turn = "" if to_act is None else f" · {names[to_act]} to act ({phase.value})"
    return f"{variant.name} · {who} · {where}{turn}"


def _compose(header: str, layout: _Layout, panel: _Panel, hand_row: str, hand_w: float,
             hand_h: float, cw: float, ch: float, font: float, title: str) -> str:
    pad = 10.0
    ring, box = _draw_ring(layout, cw, ch, font)
    top = pad + font * 1.6
    panel_x = pad + box.w + 16
    panel_body, panel_end = panel.draw(panel_x, top)
    ring_bottom = top + box.h
    width = max(panel_x + panel.width(), pad + hand_w, pad + _text_width(header, font)) + pad
    body = [_text(pad, pad + font * 1.1, header, size=font * 1.05, bold=True),
            f'<g transform="translate({_n(pad - box.x)},{_n(top - box.y)})">{ring}</g>',
            panel_body]
    height = max(ring_bottom, panel_end) + pad
    if hand_row:
        body.append(f'<g transform="translate({_n(pad)},{_n(height)})">{hand_row}</g>')
        height += hand_h + pad
    return _document(width, height, "".join(body), title, paper=True)


def _hand_row(label: str, hand: Sequence[Card], legal: frozenset[Card] | None, cw: float,
              ch: float, font: float) -> tuple[str, float, float]:
    lift = 0.0 if legal is None else ch * 0.12
    row = _text(0, font, label, size=font, bold=True)
    if hand:
        row += _row(hand, 0, font * 1.5, cw, ch, cw + 6, legal, lift)
    else:
        row += _text(0, font * 2.8, "no cards", size=font)
    width = max(_text_width(label, font), len(hand) * (cw + 6))
    return row, width, font * 1.5 + (ch + lift if hand else font * 1.5)


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
    the stock; the other hands there are one back each, without a count (the kitty and
    the draws change them).

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
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
    v = seat_view
    labels = _names(names, v.players)
    legal = (_legal_cards(v.legal_actions)
             if mark_legal and v.to_act == v.seat and v.phase is Phase.PLAY else None)
    panel = _Panel(font, cw, ch)
    _common_panel(panel, v, labels, private=True)
    seats = _seats(v, labels, reveal_hands=None)
    layout = _Layout(v.players, v.seat, v.current_trick, v.leader, None, seats, True)
    me = labels[v.seat]
    row, hand_w, hand_h = _hand_row(
        f"{me}'s hand" + (" (legal cards outlined)" if legal else ""), v.hand, legal or None,
        cw, ch, font)
    header = _header(v.variant, v.phase, v.to_act, len(v.tricks), labels, f"{me}'s view")
    return _compose(header, layout, panel, row, hand_w, hand_h, cw, ch, font,
                    f"{header}: the hand of {me} is " + (", ".join(map(card_name, v.hand))
                                                       or "empty"))


def _seats(v: SeatView | BiddingView, labels: Sequence[str],
           reveal_hands: Sequence[Sequence[Card]] | None,
           legal: frozenset[Card] | None = None, own: bool = True) -> tuple[_Seat, ...]:
    """Each seat's block. ``own``: the view's seat shows no cards there (its hand is drawn
    below the table)."""
    played = _played_by(v.tricks, v.current_trick, v.leader, v.players)
    out = []
    for s in range(v.players):
        notes = []
        if s == v.dealer:
            notes.append("dealer")
        if own and s == v.seat:
            notes.append("you")
        won = v.trick_counts[s]
        notes.append(f"{won} trick" + ("" if won == 1 else "s"))
        hand: tuple[Card, ...] | None = None
        count: int | None = None
        if reveal_hands is not None:
            hand = tuple(reveal_hands[s])
        elif isinstance(v, BiddingView):
            if not (own and s == v.seat) and v.phase is not Phase.OVER:
                notes.append("hand hidden")  # its size changes with the kitty and draws
        elif not (own and s == v.seat):
            count = HAND_SIZE - played[s]
        out.append(_Seat(labels[s], tuple(notes), hand, count, v.to_act == s,
                         legal if v.to_act == s and hand is not None else None))
    return tuple(out)


def _common_panel(panel: _Panel, v: SeatView | BiddingView, labels: Sequence[str], *,
                  private: bool) -> None:
    """The facts beside the table. ``private``: also what only ``v.seat`` knows (its
    discard, a silent holder's secret); off for the public picture of a whole table."""
    panel.line(*_suit_parts("Trumps: ", v.trump), bold=True)
    if isinstance(v, SeatView):
        if v.turn_up is not None:
            panel.line("Turn-up:")
            panel.cards((v.turn_up,), small=False)
        else:
            who = labels[v.robbed_by] if v.robbed_by is not None else "the dealer"
            panel.line(f"Turned up, taken by {who}:")
            panel.cards((v.turned_up,), dimmed=True)
        if v.fived:
            panel.line("Fived (set aside):")
            panel.cards(v.fived)
        if v.announced is not None:
            panel.line(f"{labels[v.announced]} announced the Ace (no rob)")
        if v.jinker is not None:
            panel.line(f"Jinking: {_side_name(v.sides, v.jinker, labels)}")
        if v.tricks_needed is not None:
            panel.line(f"Tricks that win the pool: {v.tricks_needed}")
        if private:
            if v.my_discard is not None:
                panel.line("Your discard (face down):")
                panel.cards((v.my_discard,))
            if v.my_joker_discard is not None:
                panel.line("Your discard for the joker:")
                panel.cards((v.my_joker_discard,))
            if v.demoted is not None:
                panel.line(f"{v.demoted.symbol} ranks lowest (not robbed)")
            for bar in v.barred:
                panel.line(f"{labels[bar.seat]} may not win the pool")
    else:
        if v.contract is not None and v.bidder is not None:
            panel.line(f"Contract: {v.contract} by {labels[v.bidder]}"
                       + (" (bagged)" if v.bagged else ""))
        elif v.high_bid is not None and v.high_bidder is not None:
            panel.line(f"High bid: {v.high_bid} by {labels[v.high_bidder]}")
        elif v.phase is Phase.AUCTION:
            panel.line("No bid yet")
        if v.passed:
            panel.line("Passed: " + ", ".join(labels[s] for s in v.passed))
        if v.kitty_size:
            panel.line(f"Kitty: {v.kitty_size} cards")
        panel.line(f"Stock: {v.stock_size} cards")
        if private and v.kitty:
            panel.line("Kitty taken:")
            panel.cards(v.kitty)
        if private and v.my_discards:
            panel.line("Your discards (face down):")
            panel.cards(v.my_discards)
    if any(len(side) > 1 for side in v.sides):
        panel.line("Tricks per side: " + ", ".join(
            f"{_side_name(v.sides, i, labels)} {sum(v.trick_counts[s] for s in side)}"
            for i, side in enumerate(v.sides)))
    if v.game is not None:
        _game_lines(panel, v.game, v.sides, labels)


def table(state: HandState | BiddingHand, *, reveal: bool = False, mark_legal: bool = False,
          bottom: int = 0, names: Sequence[str] | None = None,
          card_width: float = CARD_WIDTH, card_height: float = CARD_HEIGHT,
          font_size: float = 13) -> str:
    """A whole hand, as a picture of the table.

    By default only what the whole table sees: every hand face down with its count, the
    trump suit, the turn-up, the current trick round the table with the leader marked,
    tricks won per seat, the dealer and the seat to act (what every seat's view shares;
    nothing one seat alone knows). With ``reveal=True`` every hand is face up and, beside
    the table, the face-down discards and the stock's size: for a teacher or a
    post-mortem, not for a player.

    Args:
        state: a :class:`~trumpfamily.engine.HandState` or a
            :class:`~trumpfamily.bidding.engine.BiddingHand`.
        reveal: show every hand face up, and the discards.
        mark_legal: with ``reveal``, outline the cards the seat to act may play.
        bottom: the seat drawn at the bottom; the others follow clockwise.
        names: the seats' names (default ``"Seat 0"``...).
        card_width, card_height: the size of a card in the trick, pixels (hands round the
            table are 0.6 of it).
        font_size: text size, pixels.

    Returns:
        An SVG document.

    Raises:
        InvalidArgumentError: not a hand; ``bottom`` not a seat; ``names`` not one
            string per seat; a size not positive.

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
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
    labels = _names(names, state.players)
    bottom = _seat_int("bottom", bottom, state.players)
    v = state.view(bottom)  # only its public fields are drawn unless reveal
    legal = (_legal_cards(state.legal_actions())
             if reveal and mark_legal and state.phase is Phase.PLAY else None)
    panel = _Panel(font, cw, ch)
    _common_panel(panel, v, labels, private=False)
    if reveal:
        _reveal_panel(panel, state, labels)
    seats = _seats(v, labels, state.hands if reveal else None, legal or None, own=False)
    layout = _Layout(state.players, bottom, v.current_trick, v.leader, None, seats, True)
    header = _header(state.variant, state.phase, state.to_act, len(state.tricks), labels,
                     "every hand shown" if reveal else "the table")
    return _compose(header, layout, panel, "", 0, 0, cw, ch, font, header)


def _reveal_panel(panel: _Panel, state: HandState | BiddingHand,
                  labels: Sequence[str]) -> None:
    from .engine import HandState

    panel.line("Hidden from the players:", bold=True)
    if isinstance(state, HandState):
        if state.discard is not None and state.robbed_by is not None:
            panel.line(f"{labels[state.robbed_by]}'s discard:")
            panel.cards((state.discard,))
        if state.joker_discard is not None:
            panel.line("The dealer's discard for the joker:")
            panel.cards((state.joker_discard,))
        if state.demoted is not None:
            panel.line(f"{state.demoted.symbol} ranks lowest (not robbed)")
        for bar in state.barred:
            panel.line(f"{labels[bar.seat]} may not win the pool")
    else:
        if state.kitty:
            panel.line("Kitty:")
            panel.cards(state.kitty)
    panel.line(f"Stock: {len(state.stock)} cards")


# -- a position (trumpfamily explain) -----------------------------------------------------

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
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
    suit = parse_suit(trump)
    held, played = parse_cards(hand), parse_cards(trick)
    marked = _legal_set(legal, held, "cards in hand")
    pad = 10.0
    y = pad
    body = []
    if title:
        y += font * 1.2
        body.append(_text(pad, y, title, size=font * 1.05, bold=True))
    y += font * 1.4
    body.append(_rich(pad, y, _suit_parts("Trumps: ", suit), size=font))
    y += font * 1.4
    body.append(_text(pad, y, "Trick so far, lead first:" if played else "Leading: no card "
                      "played to the trick yet", size=font))
    width = pad + _text_width("Leading: no card played to the trick yet", font)
    if played:
        body.append(_row(played, pad, y + 6, cw, ch, cw + 6, None, 0))
        y += ch + 6
        width = max(width, pad + len(played) * (cw + 6))
    y += font * 1.6
    body.append(_text(pad, y, "Hand" + (" (legal cards outlined):" if marked is not None
                                        else ":"), size=font, bold=True))
    lift = 0.0 if marked is None else ch * 0.12
    body.append(_row(held, pad, y + 6, cw, ch, cw + 6, marked, lift))
    y += 6 + ch + lift + pad
    width = max(width, pad + len(held) * (cw + 6), pad + _text_width(title or "", font)) + pad
    name = (f"{suit.name.title()} trumps; trick: "
            + (", ".join(map(card_name, played)) or "none") + "; hand: "
            + ", ".join(map(card_name, held)))
    return _document(width, y, "".join(body), title or name, paper=True)
