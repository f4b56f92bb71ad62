"""Pictures of a Maija position as SVG text (MAIJA.md §V; standard library only).

:func:`maija_svg` draws one seat's :class:`~trumpfamily.maija.MaijaView`: the trump suit
and the turn-up, the stock's count, the other seats as card backs with their counts (and
who is out, who deals, who is to act), the bout on the table (each unbeaten card alone,
each beaten card with its beater laid across it), or in Kitumaija the pile with its top
card last, and the seat's own hand below, the cards of its legal actions outlined when it
is to act. It draws only what the view holds, so no card the seat may not see (the
re-deal test of ``tests/test_maija_svg.py`` checks the SVG text). The cards are those of
:mod:`trumpfamily.svg` (a ``<title>`` with each card's name, ``data-card="AH"``; a card
face down has neither).

>>> from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
>>> from trumpfamily.maija_svg import maija_svg
>>> hand = new_maija_hand(MUSTAMAIJA, players=3, seed=2).apply("lead TC")
>>> picture = maija_svg(hand.view(2))
>>> picture.startswith("<svg"), 'data-card="TC"' in picture, 'data-card="6H"' in picture
(True, True, True)
>>> any(f'data-card="{c}"' in picture for c in hand.hands[1])
False
"""

from __future__ import annotations

from collections.abc import Sequence

from ._svgdraw import CARD_HEIGHT, CARD_WIDTH, _back, _document, _face, _size, _text
from .cards import Card
from .errors import InvalidArgumentError
from .maija import Beat, Cover, Lead, MaijaAction, MaijaView

__all__ = ["maija_svg"]

_INK = "#1b1b1b"
_FELT = "#2f6b3a"
_WHITE = "#ffffff"


def _legal_cards(actions: Sequence[MaijaAction]) -> frozenset[Card]:
    """The seat's cards that some legal action plays (led, beating, covering, added)."""
    found: set[Card] = set()
    for a in actions:
        if isinstance(a, Lead):
            found.update(a.cards)
        elif isinstance(a, Beat):
            found.update(b for b, _ in a.pairs)
        elif isinstance(a, Cover):
            found.add(a.beat)
            if a.free is not None:
                found.add(a.free)
    return frozenset(found)


def maija_svg(view: MaijaView, *, mark_legal: bool = True, names: Sequence[str] | None = None,
              card_width: float = CARD_WIDTH, card_height: float = CARD_HEIGHT,
              font_size: float = 13) -> str:
    """What one seat of a Maija hand sees, as a picture (see the module).

    Args:
        view: a :class:`~trumpfamily.maija.MaijaView` (:meth:`MaijaHand.view
            <trumpfamily.maija.MaijaHand.view>`).
        mark_legal: when the seat is to act, outline the cards its legal actions play
            and dim the others (a ``take`` plays no card).
        names: the seats' names (default ``"P0"``, ``"P1"``...).
        card_width, card_height: a card's size in the hand and on the table, pixels (the
            other seats' backs are 0.5 of it).
        font_size: text size, pixels.

    Returns:
        An SVG document (``str``).

    Raises:
        InvalidArgumentError: not a Maija view; ``names`` not one string per seat; a
            size not a positive number.
    """
    if not isinstance(view, MaijaView):
        raise InvalidArgumentError(
            f"maija_svg() draws a MaijaView, got {type(view).__name__}")
    cw, ch = _size("card_width", card_width), _size("card_height", card_height)
    font = _size("font_size", font_size)
    if names is None:
        labels = tuple(f"P{s}" for s in range(view.players))
    elif (isinstance(names, str) or len(names) != view.players
          or not all(isinstance(n, str) for n in names)):
        raise InvalidArgumentError(f"names: one string per seat ({view.players})")
    else:
        labels = tuple(names)
    pad = font
    body: list[str] = []
    y = pad + font
    # the header: the game, whose view, who acts
    if view.loser is not None:
        doing = f"over: {labels[view.loser]} is left with the Queen of Spades and loses"
    else:
        assert view.to_act is not None
        doing = f"{labels[view.to_act]} to act ({view.phase})"
    body.append(_text(pad, y, f"{view.variant.name}, {labels[view.seat]}'s view: {doing}",
                      size=font, fill=_INK, bold=True))
    # trumps, turn-up and stock
    y += font * 1.6
    trump = (f"Trumps: {view.trump.symbol} {view.trump.name.lower()}" if view.trump is not None
             else "Trumps: not yet turned")
    body.append(_text(pad, y, f"{trump}. Stock: {view.stock} card"
                      f"{'' if view.stock == 1 else 's'}.", size=font, fill=_INK))
    width = pad * 2 + max(8 * cw, 5 * cw + 4 * 6)
    if view.turn_up is not None:
        sw, sh = cw * 0.5, ch * 0.5
        x = width - pad - sw
        body.append(_text(x - 4, y, "turn-up", size=font * 0.85, fill=_INK, anchor="end"))
        body.append(_face(view.turn_up, x, y - font, sw, sh, note="the trump turn-up"))
    # the other seats
    y += font * 1.4
    bw, bh = cw * 0.5, ch * 0.5
    x = pad
    row_top = y
    for seat in range(view.players):
        if seat == view.seat:
            continue
        count = view.hand_sizes[seat]
        marks = []
        if seat == view.dealer:
            marks.append("deals")
        if seat in view.out:
            marks.append("out")
        if seat == view.to_act:
            marks.append("to act")
        label = f"{labels[seat]}: {count} card{'' if count == 1 else 's'}" + (
            f" ({', '.join(marks)})" if marks else "")
        block = max(bw + 4 * bw * 0.25, len(label) * font * 0.55)
        if x + block > width - pad and x > pad:
            x, row_top = pad, row_top + bh + font * 2.2
        body.append(_text(x, row_top + font, label, size=font * 0.9, fill=_INK))
        for i in range(min(count, 5)):
            body.append(_back(x + i * bw * 0.25, row_top + font * 1.4, bw, bh))
        x += block + pad
    y = row_top + font * 1.4 + bh + font
    # the table: the bout (unbeaten cards, beaten pairs) or the pile
    felt_h = ch * 1.5 + font * 2
    body.append(f'<rect x="{pad}" y="{y}" width="{width - 2 * pad}" height="{felt_h}" '
                f'rx="8" fill="{_FELT}"/>')
    inner = y + font * 1.5
    if view.variant.form == "pile":
        caption = (f"The pile: {len(view.pile)} card{'' if len(view.pile) == 1 else 's'}, "
                   "top card last" if view.pile else "The pile: empty")
        body.append(_text(pad * 2, y + font * 1.1, caption, size=font * 0.9, fill=_WHITE))
        shown = view.pile[-6:]
        step = cw * 0.45
        for i, card in enumerate(shown):
            top = i == len(shown) - 1
            body.append(_face(card, pad * 2 + i * step, inner, cw, ch,
                              state="marked" if top else "",
                              note="the top card" if top else "in the pile"))
    else:
        who = (f"{labels[view.attacker]}'s bout" if view.attacker is not None
               else "No bout on the table")
        body.append(_text(pad * 2, y + font * 1.1, who, size=font * 0.9, fill=_WHITE))
        x = pad * 2
        for beater, beaten in view.beaten:
            body.append(_face(beaten, x, inner, cw, ch, note="beaten"))
            body.append(_face(beater, x + cw * 0.3, inner + ch * 0.35, cw, ch,
                              note=f"beats {beaten}"))
            x += cw * 1.3 + 6
        for card in view.table:
            body.append(_face(card, x, inner, cw, ch, state="marked", note="to beat"))
            x += cw + 6
    y += felt_h + font * 1.6
    # the seat's own hand
    legal = (_legal_cards(view.legal_actions)
             if mark_legal and view.to_act == view.seat and view.legal_actions else None)
    out = " (out)" if view.seat in view.out else ""
    body.append(_text(pad, y, f"Your hand ({labels[view.seat]}{out}): {len(view.hand)} "
                      f"card{'' if len(view.hand) == 1 else 's'}", size=font, fill=_INK,
                      bold=True))
    y += font * 0.8
    hand = sorted(view.hand)
    step = min(cw + 6, (width - 2 * pad - cw) / max(len(hand) - 1, 1))
    lift = ch * 0.08
    for i, card in enumerate(hand):
        if legal is None:
            body.append(_face(card, pad + i * step, y + lift, cw, ch))
        elif card in legal:
            body.append(_face(card, pad + i * step, y, cw, ch, state="legal", note="legal"))
        else:
            body.append(_face(card, pad + i * step, y + lift, cw, ch, state="dimmed"))
    height = y + ch + lift + pad
    title = f"{view.variant.name}: the table as {labels[view.seat]} sees it"
    return _document(width, height, "".join(body), title, paper=True)
