"""The stock and the draw limits: how many cards are left to draw from, and how many each
seat may draw (BIDDING.md §3.4, §7.1 #4, §8).

:func:`stock_size`, :func:`draw_limit_for`, :func:`max_draw`, :func:`stock_demand`,
:func:`check_stock` and :func:`stock_problem`, which a
:class:`~trumpfamily.variants.Variant` asks at every table size it allows: it deals only
the sizes whose stock covers every draw (:meth:`~trumpfamily.variants.Variant.player_counts`),
so that nobody is ever left short of cards. The functions only read the options of the
component they are given: this module needs the component for type checking only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._options import option_text
from ..errors import InvalidVariantError
from ._seats import _players

# The component imports this module (its stock check), so the component is imported for
# type checking only. Keep attrs classes out of this module: sphinx-autodoc-typehints runs
# this guarded import in the namespace of the first member it documents, and the __init__
# attrs generates has a namespace of its own (the docs build would warn).
if TYPE_CHECKING:
    from .component import Bidding

__all__ = [
    "check_stock",
    "draw_limit_for",
    "max_draw",
    "stock_demand",
    "stock_problem",
    "stock_size",
]


def stock_size(bidding: Bidding, players: int, *, deck: int = 52) -> int:
    """Cards left to draw from after the deal: ``deck - players * (5 + extra_cards) - kitty``
    (BIDDING.md §3.4 [A]; EX-K01, EX-K06, EX-K07).

    Raises:
        InvalidVariantError: the pack cannot deal that many cards.

    >>> from trumpfamily.bidding import Bidding, stock_size
    >>> stock_size(Bidding(), 4), stock_size(Bidding(kitty=3), 4), stock_size(Bidding(), 6)
    (32, 29, 22)
    """
    dealt = _players(players) * (5 + bidding.extra_cards) + bidding.kitty
    if dealt > deck:
        raise InvalidVariantError(
            f"{players} players x {5 + bidding.extra_cards} cards + kitty {bidding.kitty} = "
            f"{dealt} cards, more than the {deck}-card pack (BIDDING.md §3.4)")
    return deck - dealt


def draw_limit_for(bidding: Bidding, players: int) -> int | None:
    """The ``draw_limit`` at a table of ``players``: ``None`` for no limit (BIDDING.md §3.4
    K7, §7.1 #4). A player count the mapping does not list has no limit.

    >>> from trumpfamily.bidding import Bidding, draw_limit_for
    >>> draw_limit_for(Bidding(), 4), draw_limit_for(Bidding(), 6), draw_limit_for(Bidding(draw_limit=4), 4)
    (None, 3, 4)
    """
    limit = bidding.draw_limit
    if isinstance(limit, tuple):
        return dict(limit).get(_players(players))
    return limit


def max_draw(bidding: Bidding, players: int, *, bidder: bool) -> int:
    """The most cards a seat may draw from the stock (BIDDING.md §3.4 K4, K6, K7, §7.1 #4).

    A non-bidder draws up to the limit (5 without one) under ``draw="all"``, nothing under
    ``"bidder-only"``. The bidder who takes a kitty and discards ``"exact"`` draws nothing;
    otherwise the kitty cards count toward his limit. Under ``"bidder-only"`` the bidder
    exchanges "through the kitty" (K6): without a kitty (``kitty=0``) he has none to
    exchange through, so nobody exchanges at all [I: K6 read literally; the combination
    is coherent, so it is accepted rather than refused].

    >>> from trumpfamily.bidding import Bidding, max_draw
    >>> b = Bidding(kitty=3, draw_limit=4)  # IMP-ZB: keep at least one card
    >>> max_draw(b, 4, bidder=False), max_draw(b, 4, bidder=True)
    (4, 1)
    >>> max_draw(Bidding(draw="bidder-only"), 4, bidder=True)  # no kitty: no exchange
    0
    """
    limit = draw_limit_for(bidding, players)
    most = 5 if limit is None else min(limit, 5)
    if not bidder:
        return most if bidding.draw == "all" else 0
    if bidding.kitty and bidding.kitty_discard == "exact":
        return 0
    if not bidding.kitty and bidding.draw == "bidder-only":
        return 0
    return most if limit is None else max(0, most - bidding.kitty)


def stock_demand(bidding: Bidding, players: int) -> int:
    """The most cards the draws can ask of the stock: the bidder's :func:`max_draw` and every
    other seat's (BIDDING.md §3.4 [A], EX-K08).

    >>> from trumpfamily.bidding import Bidding, stock_demand
    >>> stock_demand(Bidding(draw_limit=None), 6), stock_demand(Bidding(), 6)  # EX-K08
    (30, 18)
    """
    return (max_draw(bidding, players, bidder=True)
            + (players - 1) * max_draw(bidding, players, bidder=False))


def check_stock(bidding: Bidding, players: int, *, deck: int = 52) -> None:
    """Raise unless the stock always covers the draws at a table of ``players`` (BIDDING.md
    §3.4, §8: "a preset never allows that to happen (validate the configuration instead)").

    Raises:
        InvalidVariantError: with the arithmetic.

    >>> from trumpfamily.bidding import Bidding, check_stock
    >>> check_stock(Bidding(draw_limit=None), 6)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.InvalidVariantError: 6 players: the stock is 52 - 6 x 5 - kitty 0 = 22 cards, but the draws may ask for 30 (bidder 5 + 5 others x 5; draw_limit=None): set a draw_limit (BIDDING.md §3.4, §8: the stock must cover every draw)
    """
    stock = stock_size(bidding, players, deck=deck)
    demand = stock_demand(bidding, players)
    if demand > stock:
        advice = ("set a draw_limit" if draw_limit_for(bidding, players) is None
                  else "lower the draw_limit")
        raise InvalidVariantError(
            f"{players} players: the stock is {deck} - {players} x {5 + bidding.extra_cards} "
            f"- kitty {bidding.kitty} = {stock} cards, but the draws may ask for {demand} "
            f"(bidder {max_draw(bidding, players, bidder=True)} + {players - 1} others x "
            f"{max_draw(bidding, players, bidder=False)}; "
            f"draw_limit={option_text(bidding.draw_limit)}): "
            f"{advice} (BIDDING.md §3.4, §8: the stock must cover every draw)")


def stock_problem(bidding: Bidding, players: int, *, deck: int = 52) -> str | None:
    """Why the stock cannot always cover the draws at a table of ``players``, with the
    arithmetic (the message of :func:`check_stock`), or ``None`` when it can (BIDDING.md
    §3.4, §8). A :class:`~trumpfamily.variants.Variant` deals only the table sizes with
    no problem (:meth:`~trumpfamily.variants.Variant.player_counts`).

    >>> from trumpfamily.bidding import Bidding, stock_problem
    >>> stock_problem(Bidding(kitty=3), 4) is None
    True
    >>> stock_problem(Bidding(kitty=3), 5)
    '5 players: the stock is 52 - 5 x 5 - kitty 3 = 24 cards, but the draws may ask for 25 (bidder 5 + 4 others x 5; draw_limit=6:3): set a draw_limit (BIDDING.md §3.4, §8: the stock must cover every draw)'
    """
    try:
        check_stock(bidding, players, deck=deck)
    except InvalidVariantError as exc:
        return str(exc)
    return None
