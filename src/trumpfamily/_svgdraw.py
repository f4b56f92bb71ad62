"""The drawing behind :mod:`trumpfamily.svg` (internal).

It imports nothing from the package but :mod:`~trumpfamily.errors`, and reads the values it
draws by their attributes, so that the core values' ``_repr_svg_`` methods (cards, tricks,
views, hands) can use it without an import cycle (DESIGN.md "The shape": the core modules
never import :mod:`trumpfamily.svg`, which imports them). Arguments are checked for their
sizes, seats and names here; the card parsing and the type checks are in
:mod:`trumpfamily.svg`.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast
from xml.sax.saxutils import escape as _escape

from .errors import InvalidArgumentError, InvalidSeatError

if TYPE_CHECKING:
    from .actions import Action, Play
    from .bidding.engine import BiddingHand
    from .cards import Card, Suit
    from .engine import HandState
    from .outcomes import BiddingView, GameContext, Phase, SeatView, Trick
    from .variants import Variant

_HAND_SIZE: Final = 5  # outcomes.HAND_SIZE: cards dealt to each seat in the turn-up games

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

_RANK_FACE: Final = {"T": "10"}  # the rank as a card's face shows it (else its letter)


# -- small helpers -----------------------------------------------------------------------

#: Characters an XML 1.0 document cannot hold: control characters other than tab, line
#: feed and carriage return, lone surrogates, U+FFFE and U+FFFF.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(text: str) -> str:
    """``text`` escaped for XML; text that XML cannot hold is refused (so that every
    picture stays a well-formed document)."""
    bad = _NOT_XML.search(text)
    if bad is not None:
        raise InvalidArgumentError(
            f"{text!r:.60}: the character {bad.group()!r} cannot be written in an SVG "
            "(XML 1.0) document")
    return _escape(text)


def _flag(name: str, value: object) -> bool:
    """A keyword that must be True or False (``reveal="no"`` must not show every hand)."""
    if type(value) is not bool:
        raise InvalidArgumentError(f"{name}={value!r}: expected True or False")
    return value


def _n(x: float) -> str:
    """A coordinate as short, deterministic text (one decimal at most)."""
    text = f"{x:.1f}"
    text = text.removesuffix(".0")
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


def card_name(card: Card) -> str:
    """``"Ace of Hearts"``, ``"Joker"``: the name in a card's ``<title>``."""
    if card.suit is None:
        return "Joker"
    return f"{card.rank.name.title()} of {card.suit.name.title()}"


# The advance widths of DejaVu Sans (the first font of _FONT, and the widest of them), in
# thousandths of the font size, regular and bold: a picture is as wide as its text.
_GLYPHS: Final = (' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`'
                  "abcdefghijklmnopqrstuvwxyz{|}~♣♦♥♠▸×·★–—…’é")
_REGULAR: Final = dict(zip(_GLYPHS, (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698,
    770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
    684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
    634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
    525, 636, 337, 636, 838, 896, 896, 896, 896, 502, 838, 318, 896, 500, 1000, 1000, 318,
    615), strict=True))
_BOLD: Final = dict(zip(_GLYPHS, (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734,
    830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
    774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
    712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652,
    582, 712, 365, 712, 838, 896, 896, 896, 896, 502, 838, 380, 896, 500, 1000, 1000, 380,
    678), strict=True))


def _text_width(text: str, font: float, *, bold: bool = False) -> float:
    """The width of ``text`` at ``font`` pixels in DejaVu Sans; a character it does not
    list counts as a wide one (1 em for East Asian wide characters, else 0.8 em)."""
    widths = _BOLD if bold else _REGULAR
    total = 0
    for ch in text:
        width = widths.get(ch)
        if width is None:
            width = 1000 if unicodedata.east_asian_width(ch) in "WF" else 800
        total += width
    return total * font / 1000


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


def _rich_width(parts: Sequence[tuple[str, str]], size: float, *, bold: bool = False) -> float:
    """The width of a line drawn by :func:`_rich`."""
    return sum(_text_width(text.strip() if i else text.rstrip(), size, bold=bold)
               + (size * 0.3 if text[:1] == " " and i else 0)
               for i, (text, _) in enumerate(parts))


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
        (f'<rect x="0.5" y="0.5" width="{_n(w - 1)}" height="{_n(h - 1)}" rx="{_n(r)}" '
         f'fill="{"#fffbea" if c.suit is None else "#ffffff"}" stroke="{stroke}" '
         f'stroke-width="{_n(width)}"/>'),
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
        rank = _RANK_FACE.get(c.rank.letter, c.rank.letter)
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


def card_picture(c: Card, *, width: float = CARD_WIDTH, height: float = CARD_HEIGHT,
                 marked: bool = False, dimmed: bool = False) -> str:
    """One card face up (:func:`trumpfamily.svg.card`)."""
    w, h = _size("width", width), _size("height", height)
    state = "marked" if marked else "dimmed" if dimmed else ""
    return _document(w, h, _face(c, 0, 0, w, h, state=state), card_name(c))


def back_picture(*, width: float = CARD_WIDTH, height: float = CARD_HEIGHT) -> str:
    """A card face down (:func:`trumpfamily.svg.back`)."""
    w, h = _size("width", width), _size("height", height)
    return _document(w, h, _back(0, 0, w, h), "a card face down")


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


def cards_picture(hand: Sequence[Card], marked: frozenset[Card] | None, *,
                  width: float = CARD_WIDTH, height: float = CARD_HEIGHT, gap: float = 6,
                  title: str | None = None) -> str:
    """A row of cards (:func:`trumpfamily.svg.cards`)."""
    w, h = _size("width", width), _size("height", height)
    if isinstance(gap, bool) or not isinstance(gap, (int, float)) or not (
        math.isfinite(gap) and gap > -w
    ):
        raise InvalidArgumentError(f"gap must be a number of pixels above -width, got {gap!r}")
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
    counted: bool = True  # False: the backs' count is hidden (drawn as "× ?")


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
        shown = min(seat.backs, _HAND_SIZE)
        step = mw * 0.3
        total = mw + step * (shown - 1)
        label = _backs_label(seat)
        left = x + (w - total - _text_width(label, font, bold=True) - 4) / 2
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


def _backs_label(seat: _Seat) -> str:
    return f"× {seat.backs}" if seat.counted else "× ?"


def _seat_width(seat: _Seat, cw: float, font: float) -> float:
    width = max(_text_width(seat.label + (" ▸ to act" if seat.acting else ""), font, bold=True),
                _text_width(" · ".join(seat.notes), font * 0.85)) + font
    mw = cw * 0.6
    if seat.hand is not None:
        width = max(width, mw + mw * 0.55 * (len(seat.hand) - 1) + 8)
    elif seat.backs:
        width = max(width, mw + mw * 0.3 * (min(seat.backs, _HAND_SIZE) - 1)
                    + _text_width(_backs_label(seat), font, bold=True) + 12)
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
    body = [(f'<ellipse cx="0" cy="0" rx="{_n(inner_rx + 6)}" ry="{_n(inner_ry + 6)}" '
             f'fill="{_FELT}" stroke="#1e4a2c" stroke-width="3"/>')]
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
    # the bounding box of what is drawn: each block is centred in its place on the ring
    drawn = [_Box(b.x + (b.w - w) / 2, b.y + (b.h - h) / 2, w, h)
             for b, (w, h) in zip(blocks, sizes, strict=True)]
    left = min(-inner_rx - 6, *(b.x for b in drawn))
    top = min(-inner_ry - 6, *(b.y for b in drawn))
    right = max(inner_rx + 6, *(b.x + b.w for b in drawn))
    bottom = max(inner_ry + 6, *(b.y + b.h for b in drawn))
    return "".join(body), _Box(left, top, right - left, bottom - top)


def _names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"Seat {s}" for s in range(players))
    if isinstance(names, str) or len(names) != players or not all(
        isinstance(x, str) for x in names
    ):
        raise InvalidArgumentError(
            f"names must be {players} strings, one per seat, got {names!r}")
    for x in names:
        escape(x)  # InvalidArgumentError for text XML cannot hold
    return tuple(names)


def _seat_int(name: str, value: object, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidSeatError(value, players) if name == "seat" else InvalidArgumentError(
            f"{name} must be a seat, an int 0..{players - 1}, got {value!r}")
    return value


def trick_picture(seq: Sequence[Card], leader: int | None, winner: int | None = None, *,
                  players: int | None = None, bottom: int = 0,
                  names: Sequence[str] | None = None, trump: Suit | None = None,
                  card_width: float = CARD_WIDTH, card_height: float = CARD_HEIGHT,
                  font_size: float = 13) -> str:
    """A trick round the table (:func:`trumpfamily.svg.trick`), under a line naming the
    trump suit when ``trump`` is given."""
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
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
        played = [(leader + i) % n for i in range(len(seq))]
        if winner not in played:
            raise InvalidArgumentError(
                f"winner={winner} has not played to this trick: the seats that played are "
                f"{', '.join(map(str, played)) or 'none'} (the leader, {leader}, and the "
                "seats after it in turn)")
    bottom = _seat_int("bottom", bottom, n)
    labels = _names(names, n)
    seats = tuple(
        _Seat(labels[s], (), None, None, False, None)
        for s in range(n))
    layout = _Layout(n, bottom, tuple(seq), leader, winner, seats, True)
    body, box = _draw_ring(layout, cw, ch, font)
    pad = 8.0
    title = (f"A trick led by {labels[leader]}: "
             + ", ".join(card_name(c) for c in seq)
             + (f"; won by {labels[winner]}" if winner is not None else ""))
    top, width, heading = pad, box.w + 2 * pad, ""
    if trump is not None:
        parts = _suit_parts("Trumps: ", trump)
        heading = _rich(pad, pad + font * 1.1, parts, size=font, bold=True)
        top += font * 1.6
        width = max(width, 2 * pad + _rich_width(parts, font, bold=True))
        title = f"{trump.name.title()} trumps. {title}"
    return _document(width, top + box.h + pad,
                     heading + f'<g transform="translate({_n((width - box.w) / 2 - box.x)},'
                     f'{_n(top - box.y)})">{body}</g>', title, paper=True)


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
    # the cards of the Play actions: the only actions whose one card is ``card``
    return frozenset(cast("Play", a).card for a in actions if type(a).__name__ == "Play")


def _suit_parts(label: str, suit: Suit | None, after: str = "") -> list[tuple[str, str]]:
    if suit is None:
        return [(label, _INK), (" not known yet" + after, _INK)]
    return [(label, _INK), (" " + suit.symbol, _suit_colour(suit)),
            (f" {suit.name.lower()}{after}", _INK)]


class _Line(NamedTuple):
    parts: list[tuple[str, str]]
    bold: bool
    indent: float = 0.0  # pixels


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
        """A line of text; leading spaces indent it (SVG text would drop them)."""
        items = [(p, _INK) if isinstance(p, str) else p for p in parts]
        first, colour = items[0]
        spaces = len(first) - len(first.lstrip(" "))
        items[0] = (first[spaces:], colour)
        self.items.append(_Line(items, bold, spaces * self.font * 0.4))

    def cards(self, seq: Sequence[Card], *, dimmed: bool = False, small: bool = True) -> None:
        self.items.append(_CardRow(tuple(seq), dimmed, small))

    def width(self) -> float:
        best = 0.0
        for item in self.items:
            if isinstance(item, _CardRow):
                w = self.cw * (0.6 if item.small else 1.0)
                best = max(best, len(item.cards) * (w + 4) - 4)
            else:
                best = max(best, item.indent + _rich_width(item.parts, self.font,
                                                           bold=item.bold))
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
                out.append(_rich(x + item.indent, y, item.parts, size=self.font,
                                 bold=item.bold))
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
    before_play = _BEFORE_PLAY.get(phase)  # a bidding hand before its first trick
    if phase == "over":
        where = "hand over"
    elif before_play is not None:
        where = before_play
    else:
        where = f"trick {min(tricks + 1, _HAND_SIZE)}"
    turn = "" if to_act is None else (
        f" · {names[to_act]} to act" + ("" if before_play is not None else f" ({phase})"))
    return f"{variant.name} · {who} · {where}{turn}"


# The phases of a bidding hand before any trick, as a picture's title names them.
_BEFORE_PLAY: Final = {"auction": "auction", "trump": "naming trumps", "kitty": "kitty",
                       "draw": "draw"}


def _compose(header: str, layout: _Layout, panel: _Panel, hand_row: str, hand_w: float,
             hand_h: float, cw: float, ch: float, font: float, title: str) -> str:
    pad = 10.0
    ring, box = _draw_ring(layout, cw, ch, font)
    top = pad + font * 1.6
    panel_x = pad + box.w + 16
    panel_body, panel_end = panel.draw(panel_x, top)
    ring_bottom = top + box.h
    width = max(panel_x + panel.width(), pad + hand_w,
                pad + _text_width(header, font * 1.05, bold=True)) + pad
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
    width = max(_text_width(label, font, bold=True), len(hand) * (cw + 6))
    return row, width, font * 1.5 + (ch + lift if hand else font * 1.5)


def view_picture(seat_view: SeatView | BiddingView, *, mark_legal: bool = True,
                 names: Sequence[str] | None = None, card_width: float = CARD_WIDTH,
                 card_height: float = CARD_HEIGHT, font_size: float = 13) -> str:
    """What one seat sees (:func:`trumpfamily.svg.view`)."""
    mark_legal = _flag("mark_legal", mark_legal)
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
    v = seat_view
    labels = _names(names, v.players)
    legal = (_legal_cards(v.legal_actions)
             if mark_legal and v.to_act == v.seat and v.phase == "play" else None)
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
        counted = True
        if reveal_hands is not None:
            hand = tuple(reveal_hands[s])
        elif not (own and s == v.seat):
            if _turn_up(v):
                count = _HAND_SIZE - played[s]
            else:
                known = _bidding_count(cast("BiddingView", v), s, played[s])
                count, counted = (_HAND_SIZE, False) if known is None else (known, True)
        out.append(_Seat(labels[s], tuple(notes), hand, count, v.to_act == s,
                         legal if v.to_act == s and hand is not None else None, counted))
    return tuple(out)


def _bidding_count(v: BiddingView, seat: int, played: int) -> int | None:
    """How many cards ``seat`` holds in a bidding hand, from what the whole table sees:
    five, the extra cards once trumps are named, the kitty for the bidder once he has
    taken it, less his discards, plus his draws, less his cards played. ``None`` while the
    count is hidden (``draw_order="simultaneous"``: the discards are counted only once
    everyone has discarded)."""
    b = v.variant.bidding
    assert b is not None
    held = _HAND_SIZE + (b.extra_cards if v.trump is not None else 0)
    if seat == v.bidder and v.kitty_size and (v.trump is not None or not b.trump_before_kitty):
        held += v.kitty_size
    discarded = v.discarded[seat]
    if discarded is None and v.phase == "draw" and b.draw_order == "simultaneous":
        return None
    return held - (discarded or 0) + (v.drawn[seat] or 0) - played


def _common_panel(panel: _Panel, v: SeatView | BiddingView, labels: Sequence[str], *,
                  private: bool) -> None:
    """The facts beside the table. ``private``: also what only ``v.seat`` knows (its
    discard, a silent holder's secret); off for the public picture of a whole table."""
    panel.line(*_suit_parts("Trumps: ", v.trump), bold=True)
    if _turn_up(v):
        t = cast("SeatView", v)
        if t.turn_up is not None:
            panel.line("Turn-up:")
            panel.cards((t.turn_up,), small=False)
        else:
            who = labels[t.robbed_by] if t.robbed_by is not None else "the dealer"
            panel.line(f"Turned up, taken by {who}:")
            panel.cards((t.turned_up,), dimmed=True)
        if t.fived:
            panel.line("Fived (set aside):")
            panel.cards(t.fived)
        if t.announced is not None:
            panel.line(f"{labels[t.announced]} announced the Ace (no rob)")
        if t.jinker is not None:
            panel.line(f"Jinking: {_side_name(t.sides, t.jinker, labels)}")
        if t.tricks_needed is not None:
            panel.line(f"Tricks that win the pool: {t.tricks_needed}")
        if private:
            if t.my_discard is not None:
                panel.line("Your discard (face down):")
                panel.cards((t.my_discard,))
            if t.my_joker_discard is not None:
                panel.line("Your discard for the joker:")
                panel.cards((t.my_joker_discard,))
            if t.demoted is not None:
                panel.line(f"{t.demoted.symbol} ranks lowest (not robbed)")
            for bar in t.barred:
                panel.line(f"{labels[bar.seat]} may not win the pool")
    else:
        b = cast("BiddingView", v)
        if b.contract is not None and b.bidder is not None:
            panel.line(f"Contract: {b.contract} by {labels[b.bidder]}"
                       + (" (bagged)" if b.bagged else ""))
        elif b.high_bid is not None and b.high_bidder is not None:
            panel.line(f"High bid: {b.high_bid} by {labels[b.high_bidder]}")
        elif b.phase == "auction":
            panel.line("No bid yet")
        if b.passed:
            panel.line("Passed: " + ", ".join(labels[s] for s in b.passed))
        taken = private and bool(b.kitty)  # the kitty's cards, shown instead of its size
        if b.kitty_size and not taken:
            panel.line(f"Kitty: {b.kitty_size} cards")
        panel.line(f"Stock: {b.stock_size} cards")
        if taken:
            panel.line("Kitty taken:")
            panel.cards(b.kitty)
        if private and b.my_discards:
            panel.line("Your discards (face down):")
            panel.cards(b.my_discards)
    if any(len(side) > 1 for side in v.sides):
        panel.line("Tricks per side:")
        for i, side in enumerate(v.sides):
            panel.line(f"  {_side_name(v.sides, i, labels)}: "
                       f"{sum(v.trick_counts[s] for s in side)}")
    if v.game is not None:
        _game_lines(panel, v.game, v.sides, labels)


def table_picture(state: HandState | BiddingHand, *, reveal: bool = False,
                  mark_legal: bool = False, bottom: int = 0,
                  names: Sequence[str] | None = None, card_width: float = CARD_WIDTH,
                  card_height: float = CARD_HEIGHT, font_size: float = 13) -> str:
    """The table of a hand (:func:`trumpfamily.svg.table`)."""
    reveal = _flag("reveal", reveal)
    mark_legal = _flag("mark_legal", mark_legal)
    if mark_legal and not reveal:
        raise InvalidArgumentError(
            "table(mark_legal=True) needs reveal=True: the legal cards are marked in the "
            "hand of the seat to act, which the table shows face up only with reveal=True "
            "(for one seat's picture, svg.view(state.view(seat)) marks them)")
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
    labels = _names(names, state.players)
    bottom = _seat_int("bottom", bottom, state.players)
    v = state.view(bottom)  # only its public fields are drawn unless reveal
    if not _turn_up(v):
        # a seat's own discard count may be hidden from the others (simultaneous draws):
        # the table shows it as another seat sees it
        b = cast("BiddingView", v)
        other = cast("BiddingView", state.view((bottom + 1) % state.players)).discarded[bottom]
        v = b._replace(discarded=tuple(other if s == bottom else d
                                       for s, d in enumerate(b.discarded)))
    legal = (_legal_cards(state.legal_actions())
             if reveal and mark_legal and state.phase == "play" else None)
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
    panel.line("Hidden from the players:", bold=True)
    if hasattr(state, "joker_discard"):  # a turn-up hand (HandState)
        h = cast("HandState", state)
        if h.discard is not None and h.robbed_by is not None:
            panel.line(f"{labels[h.robbed_by]}'s discard:")
            panel.cards((h.discard,))
        if h.joker_discard is not None:
            panel.line("The dealer's discard for the joker:")
            panel.cards((h.joker_discard,))
        if h.demoted is not None:
            panel.line(f"{h.demoted.symbol} ranks lowest (not robbed)")
        for bar in h.barred:
            panel.line(f"{labels[bar.seat]} may not win the pool")
        panel.line(f"Stock: {len(state.stock)} cards")
    else:  # a bidding hand (BiddingHand): its stock's size is public, beside the table
        b = state
        if not b.kitty and not any(b.discards):
            panel.line("  the stock's cards only")
        if b.kitty:
            taken = (f" (taken by {labels[b.bidder]})"
                     if b.kitty_taken and b.bidder is not None else "")
            panel.line(f"Kitty{taken}:")
            panel.cards(b.kitty)
        for seat, gone in enumerate(b.discards):
            if gone:
                panel.line(f"{labels[seat]}'s discards:")
                panel.cards(gone)


# -- a position (trumpfamily explain) -----------------------------------------------------

def position_picture(held: Sequence[Card], played: Sequence[Card], suit: Suit,
                     marked: frozenset[Card] | None, *, title: str | None = None,
                     card_width: float = CARD_WIDTH, card_height: float = CARD_HEIGHT,
                     font_size: float = 13) -> str:
    """A position: trumps, the trick so far, the hand (:func:`trumpfamily.svg.position`)."""
    if title is not None and not isinstance(title, str):
        raise InvalidArgumentError(f"title={title!r}: expected a str or None")
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
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
    width = max(width, pad + len(held) * (cw + 6),
                pad + _text_width(title or "", font * 1.05, bold=True)) + pad
    name = (f"{suit.name.title()} trumps; trick: "
            + (", ".join(map(card_name, played)) or "none") + "; hand: "
            + ", ".join(map(card_name, held)))
    return _document(width, y, "".join(body), title or name, paper=True)


def _turn_up(v: Any) -> bool:
    """Whether ``v`` is a turn-up hand's view (a ``SeatView``), not a ``BiddingView``."""
    return hasattr(v, "turned_up")
