"""Who deals, the deal, the kitty, the discards and the draw, and the first lead
(BIDDING.md §3.2–§3.5, §7.1 #1, #9).

* who deals after a throw-in: :func:`after_throw_in`, which gives a :class:`Redeal`;
* who receives each card: :func:`deal_order` (:data:`KITTY` for the kitty);
* discards and draws: :func:`discard_limits`, :func:`draw_sequence`,
  :func:`chooses_replacements` (how many cards a seat may draw is
  :func:`~trumpfamily.bidding.stock.max_draw`);
* the first lead: :func:`first_leader`.
"""

from __future__ import annotations

from typing import Final

import attrs

from ..errors import InvalidArgumentError
from ._seats import _table
from .component import Bidding
from .stock import max_draw

__all__ = [
    "KITTY",
    "DiscardLimits",
    "Redeal",
    "after_throw_in",
    "chooses_replacements",
    "deal_order",
    "discard_limits",
    "draw_sequence",
    "first_leader",
]

#: The recipient :func:`deal_order` gives a card dealt to the kitty.
KITTY: Final = -1


# -- who deals after a throw-in ----------------------------------------------------------------


@attrs.frozen
class Redeal:
    """Who deals after a throw-in (BIDDING.md §3.3 B7, §7.1 #1).

    Attributes:
        dealer: the next dealer.
        in_a_row: the throw-ins in a row by that dealer so far (0 when the deal passed).
    """

    dealer: int
    in_a_row: int


def after_throw_in(bidding: Bidding, *, dealer: int, players: int, in_a_row: int = 0) -> Redeal:
    """The next deal after everybody passed (BIDDING.md §3.3 B7, §7.1 #1; EX-B08).

    Args:
        bidding: the bidding rule component (``all_pass="redeal-next"`` or ``"redeal-same"``).
        dealer: the dealer of the hand thrown in.
        players: the number of seats.
        in_a_row: throw-ins in a row by this dealer before this one.

    Returns:
        ``"redeal-next"``: the next dealer (left). ``"redeal-same"``: the same dealer, until
        the ``max_redeals``-th throw-in in a row (3 by default: one dealer deals at most
        three times in a row, §7.1 #1), after which the deal passes left; with
        ``max_redeals=None`` the same dealer deals until somebody bids.

    Raises:
        InvalidArgumentError: under ``all_pass="bag-dealer"`` no hand is thrown in.

    >>> from trumpfamily.bidding import Bidding, after_throw_in
    >>> same = Bidding(all_pass="redeal-same")  # max_redeals=3
    >>> after_throw_in(same, dealer=3, players=4, in_a_row=1), after_throw_in(same, dealer=3, players=4, in_a_row=2)
    (Redeal(dealer=3, in_a_row=2), Redeal(dealer=0, in_a_row=0))
    """
    _table(dealer, players, None)
    if bidding.all_pass == "bag-dealer":
        raise InvalidArgumentError("all_pass='bag-dealer' never throws a hand in: the dealer "
                                   "is bagged (see auction_state)")
    count = in_a_row + 1
    if bidding.all_pass == "redeal-same" and (bidding.max_redeals is None
                                              or count < bidding.max_redeals):
        return Redeal(dealer, count)
    return Redeal((dealer + 1) % players, 0)


# -- the deal and the kitty --------------------------------------------------------------------


def deal_order(bidding: Bidding, players: int, *, dealer: int,
               packets: tuple[int, int] = (3, 2)) -> tuple[int, ...]:
    """Who receives each card from the top of the pack (BIDDING.md §3.2 K1, K2, §7.1 #9).

    Each seat from the dealer's left gets the first packet, then each the second; the kitty
    comes after the first round (``"after-first"``), half after each round (``"split"``) or
    after both (``"last"``); then ``extra_cards`` to each seat. The rest is the stock.

    Args:
        bidding: the bidding rule component.
        players: the number of seats.
        dealer: the dealer's seat.
        packets: the two packets of the five-card deal (``Table.deal_packets``).

    Returns:
        The recipient of each dealt card in deck order: a seat, or :data:`KITTY`.

    >>> from trumpfamily.bidding import Bidding, deal_order
    >>> deal_order(Bidding(kitty=3), 4, dealer=3)[9:18]  # EX-K01: kitty at positions 13-15
    (3, 3, 3, -1, -1, -1, 0, 0, 1)
    """
    _table(dealer, players, None)
    if len(packets) != 2 or min(packets) < 1 or sum(packets) != 5:
        raise InvalidArgumentError(f"packets={packets!r}: two packets of 5 cards, e.g. (3, 2)")
    seats = [(dealer + 1 + k) % players for k in range(players)]
    first = {"after-first": bidding.kitty, "split": bidding.kitty // 2, "last": 0}[bidding.kitty_deal]
    order: list[int] = [s for s in seats for _ in range(packets[0])]
    order += [KITTY] * first
    order += [s for s in seats for _ in range(packets[1])]
    order += [KITTY] * (bidding.kitty - first)
    order += [s for s in seats for _ in range(bidding.extra_cards)]
    return tuple(order)


# -- discards, draws and the first lead --------------------------------------------------------


@attrs.frozen
class DiscardLimits:
    """How many cards a seat discards before drawing back to five (BIDDING.md §3.4).

    Attributes:
        fewest: cards it must discard (down to five).
        most: cards it may discard.
        most_trumps: of those, the most that may be trumps.
    """

    fewest: int
    most: int
    most_trumps: int


def discard_limits(bidding: Bidding, players: int, *, bidder: bool, trumps: int = 0) -> DiscardLimits:
    """The discards open to a seat (BIDDING.md §3.4 K4, K5, K7; EX-K05, EX-K07).

    The bidder holds ``5 + extra_cards + kitty`` cards, the others ``5 + extra_cards``;
    each must come down to five and may discard as many more as it may draw
    (:func:`max_draw`). Under ``discard_trumps="last-resort"`` the bidder discards a trump
    only when his non-trumps cannot make up his required discards, and then no more
    trumps than that.

    Args:
        bidding: the bidding rule component.
        players: the number of seats.
        bidder: the seat won the auction.
        trumps: trumps among the cards the seat holds (for ``"last-resort"``).

    >>> from trumpfamily.bidding import Bidding, discard_limits
    >>> nl = Bidding(kitty=3, discard_trumps="last-resort")
    >>> discard_limits(nl, 4, bidder=True, trumps=3)  # EX-K05: 3 to 5 non-trumps
    DiscardLimits(fewest=3, most=5, most_trumps=0)
    """
    held = 5 + bidding.extra_cards + (bidding.kitty if bidder else 0)
    fewest = held - 5
    most = fewest + max_draw(bidding, players, bidder=bidder)
    if bidder and bidding.discard_trumps == "last-resort":
        others = held - trumps
        return DiscardLimits(fewest, max(fewest, min(most, others)), max(0, fewest - others))
    return DiscardLimits(fewest, most, most)


def draw_sequence(bidding: Bidding, players: int, *, dealer: int, bidder: int) -> tuple[int, ...]:
    """The seats that exchange with the stock, in the order they are served (BIDDING.md
    §3.4 K6, K8, K9). Under ``"simultaneous"`` everyone discards at once and is refilled in
    this order, eldest first, should the stock run short [I].

    A dealer who robs the pack (``rob_pack=True``) is always served last, whatever the
    ``draw_order``: both sources of the rule have him choose from what the others left
    (DBK: the dealer, last in the drawing order, looks through the rest of the pack;
    IMP-NL: "after everyone else has drawn"). Under ``"dealer-first"`` the others keep
    their order, from the dealer's left.

    >>> from trumpfamily.bidding import Bidding, draw_sequence
    >>> draw_sequence(Bidding(), 4, dealer=3, bidder=1), draw_sequence(Bidding(draw_order="dealer-first"), 4, dealer=3, bidder=1)
    ((0, 1, 2, 3), (3, 0, 1, 2))
    >>> draw_sequence(Bidding(draw_order="dealer-first", rob_pack=True), 4, dealer=3, bidder=1)
    (0, 1, 2, 3)
    """
    _table(dealer, players, None)
    first = dealer if bidding.draw_order == "dealer-first" else (dealer + 1) % players
    order = [(first + k) % players for k in range(players)]
    if bidding.rob_pack:  # the robbing dealer last (DBK, IMP-NL)
        order.remove(dealer)
        order.append(dealer)
    return tuple(s for s in order if max_draw(bidding, players, bidder=s == bidder) > 0)


def chooses_replacements(bidding: Bidding, seat: int, *, dealer: int) -> bool:
    """Whether ``seat`` picks its replacements from anywhere in the stock instead of taking
    the top cards: the dealer under ``rob_pack=True`` (DBK's variant; BIDDING.md §3.4 K9,
    EX-K04). The others still draw from the top, in :func:`draw_sequence` order, which
    serves the robbing dealer last.

    >>> from trumpfamily.bidding import Bidding, chooses_replacements
    >>> chooses_replacements(Bidding(rob_pack=True), 3, dealer=3), chooses_replacements(Bidding(), 3, dealer=3)
    (True, False)
    """
    return bidding.rob_pack and seat == dealer


def first_leader(bidding: Bidding, players: int, *, dealer: int, bidder: int) -> int:
    """The seat that leads to the first trick (BIDDING.md §3.5 P1).

    >>> from trumpfamily.bidding import Bidding, first_leader
    >>> first_leader(Bidding(), 4, dealer=3, bidder=3), first_leader(Bidding(first_lead="bidder"), 4, dealer=3, bidder=3)
    (0, 3)
    """
    _table(dealer, players, None)
    if bidding.first_lead == "bidder":
        return bidder
    return ((bidder if bidding.first_lead == "left-of-bidder" else dealer) + 1) % players
