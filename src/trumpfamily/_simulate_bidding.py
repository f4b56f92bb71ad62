"""The bidding games' fast path of :func:`~trumpfamily.simulate` (BIDDING.md §§2–6).

:func:`~trumpfamily.simulate` sends a variant with a ``bidding`` component here. Each hand
is played on card ids and masks with the order of play of
:class:`~trumpfamily.bidding.engine.BiddingHand` (``new_bidding_hand``, ``_call``,
``_after_auction``, ``_name``, ``_discard``, ``_take``, ``_start_draw``, ``_served``,
``_play``, ``_scored``, ``_outcome``), and every rule read from the rule modules as the
engine reads them: the deal from :func:`~trumpfamily.bidding.deal_order`, the auction
call by call from :mod:`trumpfamily.bidding.auction` (its legal calls and its next
state), the discard limits from :func:`~trumpfamily.bidding.discard_limits`, the draw
from :func:`~trumpfamily.bidding.draw_sequence` and
:func:`~trumpfamily.bidding.chooses_replacements`, the lead from
:func:`~trumpfamily.bidding.first_leader`, the cards from
:func:`~trumpfamily.tables.legal_mask` and :func:`~trumpfamily.tables.winner_index`, the
score from :func:`~trumpfamily.bidding.score_hand` and
:func:`~trumpfamily.scoring.best_trump_trick`, the next dealer after a throw-in from
:func:`~trumpfamily.bidding.after_throw_in`. A seeded differential test binds it to the
engine action by action (``tests/test_simulate_bidding.py``).

The fast bot interface of the bidding games (see :class:`BiddingSpot`): ``act(spot)`` for
every decision that has an action id (a call, naming trumps, a take from the stock, a
card), and ``discard(spot)`` for a discard, which has no single id: it returns one of
``spot.discards``, card masks.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from ._fastkit import _as_id, _card, _next_deck
from ._thumb import _bidding_choice, _discard
from .actions import (
    BID_AMOUNTS,
    Action,
    Bid,
    Discard,
    NameTrump,
    Pass,
    Take,
    action_from_id,
    action_id,
)
from .bidding.auction import AuctionState, Contract, _after_call
from .bidding.component import Bidding
from .bidding.deal import (
    after_throw_in,
    chooses_replacements,
    discard_limits,
    draw_sequence,
    first_leader,
)
from .bidding.engine import _deal_plan, _opening, _short_stock, new_bidding_hand
from .bidding.score import score_hand
from .cards import Card, Suit
from .convert import hand_record
from .dealing import Seating, seating_for
from .errors import IllegalActionError, InvalidVariantError, PlayerCountError
from .outcomes import HAND_SIZE, BiddingView, HandOutcome, Phase
from .play import play_context
from .reneging import PlayContext
from .scoring import best_trump_trick
from .tables import CARDS, SUITS, MaskTable, legal_mask, winner_index
from .variants import Variant

__all__ = ["BiddingSpot"]

_PASS_ID: Final = action_id(Pass())
_BID_ID: Final = {a: action_id(Bid(a)) for a in BID_AMOUNTS}
_TRUMP_BASE: Final = action_id(NameTrump(Suit.CLUBS))  # 120 + suit index (C D H S)
_TAKE_BASE: Final = action_id(Take(CARDS[0]))  # 124 + card id
_TRUMP_IDS: Final = tuple(_TRUMP_BASE + k for k in range(4))
assert tuple(action_id(NameTrump(s)) for s in SUITS) == _TRUMP_IDS
_BIT: Final = tuple(c.bit for c in CARDS)
_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(1024))

_AUCTION: Final = Phase.AUCTION
_TRUMP: Final = Phase.TRUMP
_KITTY: Final = Phase.KITTY
_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER


def _ids(mask: int) -> tuple[int, ...]:
    """The card ids of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _mask(cards: Sequence[Card]) -> int:
    """The mask of ``cards``."""
    mask = 0
    for c in cards:
        mask |= c.bit
    return mask


class BiddingSpot:
    """What one seat may see when it must act in a bidding game, as card ids and masks
    (the bidding form of :class:`~trumpfamily.simulate.Spot`, for a fast bot of
    :func:`~trumpfamily.simulate`).

    One object is reused for every decision of a run and changed between calls: read it
    during ``act`` or ``discard``, and copy what you want to keep (:meth:`as_dict`). It
    holds exactly what :meth:`BiddingHand.view
    <trumpfamily.bidding.engine.BiddingHand.view>` shows the seat
    (:class:`~trumpfamily.outcomes.BiddingView`), as ids: never another seat's cards, the
    kitty only to the auction winner once taken, the stock only to the dealer robbing the
    pack while he picks (re-dealing the cards the seat cannot see leaves it unchanged;
    tested).

    Ids as in :class:`~trumpfamily.simulate.Spot`: a card is its id (``0..51``, the joker
    ``52``), a set of cards a mask (bit ``1 << id``); an action its
    :func:`~trumpfamily.actions.action_id`: ``Play(c)`` ``c``, ``Pass`` 107, ``Bid(a)``
    ``113 + BID_AMOUNTS.index(a)`` (``Bid(5)`` 113 ... ``Bid(30)`` 118, ``Bid(60)`` 119; a
    dealer's ``Bid`` at the standing amount is his hold), ``NameTrump`` 120..123 for ``C D
    H S``, ``Take(c)`` ``124 + c``.

    Attributes:
        seat, players, dealer, sides, variant: as in ``Spot``.
        phase: ``AUCTION``, ``TRUMP``, ``KITTY``, ``DRAW`` or ``PLAY``
            (:class:`~trumpfamily.outcomes.Phase`).
        hand: the seat's cards, a mask; ``hand_ids`` the same in hand order (dealt order,
            then the kitty, the extra cards and the cards drawn).
        legal: the legal action ids in the engine's order
            (:meth:`BiddingHand.legal_actions
            <trumpfamily.bidding.engine.BiddingHand.legal_actions>`), answered by
            ``act``; ``()`` when the seat must discard.
        discards: when the seat must discard (the kitty, the draw), every legal discard as
            a card mask, fewest cards first, then in hand order, answered by ``discard``;
            else ``()``. ``0`` is standing pat.
        playable: the playable cards, a mask (``0`` outside the play).
        trick, leader, tricks, trick_counts: as in ``Spot`` (``leader`` is eldest until
            the play, then the seat that led or will lead).
        trump: the trump suit's index in ``C D H S`` order, ``-1`` before it is named;
            ``table`` its :class:`~trumpfamily.tables.MaskTable`, else ``None``.
        auction: the calls so far, each ``(seat, action id)``.
        high_bid, high_bidder, passed, bidder, contract, bagged, contract_kind: as in
            :class:`~trumpfamily.outcomes.BiddingView`.
        kitty_size: the cards dealt to the kitty; ``kitty`` their ids for the auction
            winner once he has taken them, else ``()``.
        discarded, drawn: per seat, how many cards it discarded and drew, ``None`` before
            (and, under ``draw_order="simultaneous"``, until the last discard is down).
        my_discards: the seat's own face-down discards, ids in card-id order.
        stock_size: the cards left in the stock.
        pack: for the dealer robbing the pack while he picks, the stock's ids in card-id
            order; else ``()``.
    """

    __slots__ = (
        "auction", "bagged", "bidder", "contract", "contract_kind", "dealer", "discarded",
        "discards", "drawn", "hand", "hand_ids", "high_bid", "high_bidder", "kitty",
        "kitty_size", "leader", "legal", "my_discards", "pack", "passed", "phase", "playable",
        "players", "seat", "sides", "stock_size", "table", "trick", "trick_counts", "tricks",
        "trump", "variant",
    )

    seat: int
    players: int
    dealer: int
    sides: tuple[tuple[int, ...], ...]
    variant: Variant
    phase: Phase
    hand: int
    hand_ids: tuple[int, ...]
    legal: tuple[int, ...]
    discards: tuple[int, ...]
    playable: int
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[tuple[tuple[int, ...], int, int], ...]
    trick_counts: tuple[int, ...]
    trump: int
    table: MaskTable | None
    auction: tuple[tuple[int, int], ...]
    high_bid: int | None
    high_bidder: int | None
    passed: tuple[int, ...]
    bidder: int | None
    contract: int | None
    bagged: bool
    contract_kind: str | None
    kitty_size: int
    kitty: tuple[int, ...]
    discarded: tuple[int | None, ...]
    drawn: tuple[int | None, ...]
    my_discards: tuple[int, ...]
    stock_size: int
    pack: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        """Every attribute, by name: a copy to keep after the bot returns.

        >>> import trumpfamily as tf
        >>> seen = []
        >>> class Keep(tf.RandomBot):
        ...     def act(self, spot):
        ...         seen.append(spot.as_dict())
        ...         return super().act(spot)
        ...     def discard(self, spot):
        ...         return spot.discards[0]
        >>> _ = list(tf.simulate(tf.AUCTION_45, players=4, hands=1, seed=1, bots=[Keep(seed=s) for s in range(4)]))
        >>> seen[0]["seat"], seen[0]["phase"].value, seen[0]["legal"]
        (1, 'auction', (107, 115, 116, 117, 118))
        """
        return {name: getattr(self, name) for name in _FIELDS}

    def __repr__(self) -> str:
        return f"<BiddingSpot seat {self.seat}, {self.phase.value}, legal {self.legal}>"


_FIELDS: Final = (
    "seat", "players", "dealer", "sides", "variant", "phase", "hand", "hand_ids", "legal",
    "discards", "playable", "trick", "leader", "tricks", "trick_counts", "trump", "table",
    "auction", "high_bid", "high_bidder", "passed", "bidder", "contract", "bagged",
    "contract_kind", "kitty_size", "kitty", "discarded", "drawn", "my_discards",
    "stock_size", "pack",
)
assert sorted(_FIELDS) == sorted(BiddingSpot.__slots__)


# -- the bidding bots --------------------------------------------------------------------------


class _RandomBidder:
    """A :class:`~trumpfamily.simulate.RandomBot` or
    :class:`~trumpfamily.players.RandomPlayer` in a bidding game: its own generator's
    ``choice`` (or the player's draw) over ``spot.legal`` and over ``spot.discards``, as
    the player draws over the engine's legal actions, discards included."""

    __slots__ = ("_choice",)

    def __init__(self, choice: Callable[[Sequence[int]], int]) -> None:
        self._choice = choice

    def act(self, spot: BiddingSpot) -> int:
        return self._choice(spot.legal)

    def discard(self, spot: BiddingSpot) -> int:
        return self._choice(spot.discards)


def _player_choice(getrandbits: Callable[[int], int]) -> Callable[[Sequence[int]], int]:
    """``RandomPlayer.choose``'s draw: the index by rejection sampling on ``getrandbits``."""
    def choice(legal: Sequence[int]) -> int:
        n = len(legal)
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return legal[r]
    return choice


class _ThumbView:
    """The fields of a :class:`~trumpfamily.outcomes.BiddingView` that the rule of thumb's
    bidding decisions read (``_thumb._bidding_choice``, ``_bid``, ``_discard``), built from
    a spot."""

    __slots__ = ("current_trick", "hand", "high_bid", "high_bidder", "leader", "players",
                 "seat", "sides", "trump", "variant")

    def __init__(self, spot: BiddingSpot) -> None:
        self.seat = spot.seat
        self.players = spot.players
        self.sides = spot.sides
        self.variant = spot.variant
        self.hand = tuple([CARDS[c] for c in spot.hand_ids])
        self.trump = None if spot.trump < 0 else SUITS[spot.trump]
        self.high_bid = spot.high_bid
        self.high_bidder = spot.high_bidder
        self.current_trick = tuple([CARDS[c] for c in spot.trick])
        self.leader = spot.leader


class _Gone:
    """A discard as ``_thumb._discard`` reads it: its ``cards``."""

    __slots__ = ("cards",)

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards


class _ThumbBidder:
    """:class:`~trumpfamily.players.RuleOfThumbPlayer` in a bidding game, on spots: its
    bidding decisions are the player's own functions (``_bidding_choice``, ``_discard``)
    asked with the spot's facts, its cards :class:`~trumpfamily.simulate.RuleOfThumbBot`'s
    card choice on ids (the player's ``_card``)."""

    __slots__ = ()

    def act(self, spot: BiddingSpot) -> int:
        if spot.phase is _PLAY:
            assert spot.table is not None
            return _card(spot, spot.legal, spot.table)  # type: ignore[arg-type]
        legal = tuple([action_from_id(a) for a in spot.legal])
        return action_id(_bidding_choice(_ThumbView(spot), legal))

    def discard(self, spot: BiddingSpot) -> int:
        legal = [_Gone(tuple([CARDS[c] for c in _ids(m)])) for m in spot.discards]
        chosen = _discard(_ThumbView(spot), legal)  # type: ignore[arg-type]
        return spot.discards[legal.index(chosen)]  # type: ignore[arg-type]


# Its public home is trumpfamily.simulate (which re-exports it): named there for the docs and
# for pickling, which finds it there too.
BiddingSpot.__module__ = "trumpfamily.simulate"

_THUMB: Final = _ThumbBidder()





# -- one run -----------------------------------------------------------------------------------


_Trace = Callable[[int, Phase, tuple[int, ...], int], object]


class _Deal:
    """The state of the bidding hand being played, on ids; one object for every hand of a
    run, reset by :meth:`start`."""

    def __init__(self, variant: Variant, players: int, rnd: Callable[[], float] | None,
                 bots: Sequence[Any] | None, trace: _Trace | None) -> None:
        b = variant.bidding
        assert b is not None
        self.variant = variant
        self.b: Bidding = b
        self.n = players
        self.rnd = rnd
        self.bots = bots
        self.trace = trace
        self.acts: list[Action] | None = None
        self.zero_seats = (0,) * players
        self.spot = BiddingSpot()
        self._ctx: dict[int, PlayContext] = {}
        self.simultaneous = b.draw_order == "simultaneous"

    def ctx(self, trump: int) -> PlayContext:
        got = self._ctx.get(trump)
        if got is None:
            got = self._ctx[trump] = play_context(self.variant, SUITS[trump])
        return got

    # -- the deal (new_bidding_hand) -----------------------------------------------------

    def start(self, deck: list[int], s: Seating) -> None:
        plan: Any  # its pickers take any sequence: here card ids
        try:
            plan = _deal_plan(s, len(deck))
        except InvalidVariantError as exc:
            raise PlayerCountError(_short_stock(self.variant, self.n, str(exc))) from None
        n = self.n
        self.s = s
        self.deck = deck
        self.dealer = s.dealer
        self.side_of = s.side_of
        self.hands: list[list[int]] = [list(pick(deck)) for pick in plan.hands]
        self.extras: list[list[int]] = [list(pick(deck)) for pick in plan.extras]
        self.kitty: list[int] = list(plan.kitty(deck))
        self.stock = deck[plan.dealt:]
        now, table, _ = _opening(self.b, s.dealer, n, self.zero_seats)
        self.now: AuctionState = now
        self.table = table
        self.calls: list[tuple[int, int]] = []
        self.contract: Contract | None = None
        self.trump = -1
        self.m: MaskTable | None = None
        self.kitty_taken = False
        self.discards: list[tuple[int, ...] | None] = [None] * n
        self.drawn: list[tuple[int, ...] | None] = [None] * n
        self.queue: list[tuple[str, int]] = []
        self.trick: list[int] = []
        self.tricks: list[tuple[tuple[int, ...], int, int]] = []
        self.counts = [0] * n
        self.leader = s.eldest
        self.phase = _AUCTION
        self.to_act: int | None = now.to_speak
        self.thrown_in = False
        self.score: Any = None

    # -- the bots ----------------------------------------------------------------------

    def ask(self, legal: tuple[int, ...], discards: tuple[int, ...] = (), playable: int = 0
            ) -> int:
        """The seat to act chooses one of ``legal`` (ids) or, when ``legal`` is empty, one
        of ``discards`` (masks)."""
        seat: int = self.to_act  # type: ignore[assignment]
        offered = legal or discards
        rnd = self.rnd
        if rnd is not None:
            got: Any = offered[int(rnd() * len(offered))] if len(offered) > 1 else offered[0]
        else:
            self._fill(seat, legal, discards, playable)
            bot = self.bots[seat]  # type: ignore[index]
            got = bot.act(self.spot) if legal else bot.discard(self.spot)
            if type(got) is not int:
                got = _as_id(got)
            if got not in offered:
                raise self._refused(seat, got, legal, discards)
        if self.trace is not None:
            self.trace(seat, self.phase, offered, got)
        if self.acts is not None:
            self.acts.append(action_from_id(got) if legal else
                             Discard(tuple([CARDS[c] for c in _ids(got)])))
        return got  # type: ignore[no-any-return]

    def _refused(self, seat: int, got: object, legal: tuple[int, ...], discards: tuple[int, ...]
                 ) -> IllegalActionError:
        bot = self.bots[seat]  # type: ignore[index]
        what = "act" if legal else "discard"
        offered = legal or discards
        field = "spot.legal" if legal else "spot.discards"
        shown = (tuple([action_from_id(a) for a in legal]) if legal else
                 tuple([Discard(tuple([CARDS[c] for c in _ids(d)])) for d in discards]))
        return IllegalActionError(
            got, f"bots[{seat}] ({type(bot).__name__}).{what} returned {got!r}, which is not "
            f"one of {field}={offered} for seat {seat} now (it must return one of them)",
            code="bot-choice-not-legal", legal=shown, seat=seat, expected_seat=seat)

    def _fill(self, seat: int, legal: tuple[int, ...], discards: tuple[int, ...],
              playable: int) -> None:
        """The spot of ``seat``: what :meth:`BiddingHand.view` shows it."""
        sp = self.spot
        n = self.n
        s = self.s
        sp.seat, sp.players, sp.dealer, sp.sides, sp.variant = seat, n, s.dealer, s.sides, self.variant
        sp.phase = self.phase
        held = self.hands[seat]
        mask = 0
        for c in held:
            mask |= _BIT[c]
        sp.hand, sp.hand_ids = mask, tuple(held)
        sp.legal, sp.discards, sp.playable = legal, discards, playable
        sp.trick = tuple(self.trick)
        sp.leader = self.leader
        sp.tricks = tuple(self.tricks)
        sp.trick_counts = tuple(self.counts)
        sp.trump = self.trump
        sp.table = self.m
        sp.auction = tuple(self.calls)
        now, contract = self.now, self.contract
        high = now.high if contract is None else contract
        sp.high_bid = None if high is None else high.amount
        sp.high_bidder = None if high is None else high.seat
        sp.passed = tuple(sorted(now.passed))
        sp.bidder = None if contract is None else contract.seat
        sp.contract = None if contract is None else contract.amount
        sp.bagged = contract is not None and contract.bagged
        sp.contract_kind = None if contract is None else contract.kind
        sp.kitty_size = len(self.kitty)
        sp.kitty = tuple(self.kitty) if self.kitty_taken and seat == sp.bidder else ()
        discarded = tuple([None if d is None else len(d) for d in self.discards])
        pack: tuple[int, ...] = ()
        if self.phase is _DRAW:
            if self.simultaneous and any(k == "discard" for k, _ in self.queue):
                open_kitty = sp.bidder if self.b.kitty else None
                discarded = tuple([None if d is None or x not in (seat, open_kitty) else len(d)
                                   for x, d in enumerate(self.discards)])
            if self.queue[0][0] == "take":
                pack = tuple(sorted(self.stock))
        sp.discarded = discarded
        sp.drawn = tuple([None if d is None else len(d) for d in self.drawn])
        sp.my_discards = self.discards[seat] or ()
        sp.stock_size = len(self.stock)
        sp.pack = pack

    # -- the hand ----------------------------------------------------------------------

    def run(self) -> None:
        """Play the hand to its end."""
        while True:
            phase = self.phase
            if phase is _PLAY:
                self._cards()
                return
            if phase is _OVER:
                return
            if phase is _AUCTION:
                self._auction()
            elif phase is _TRUMP:
                self._name(self.ask(_TRUMP_IDS) - _TRUMP_BASE)
            elif phase is _KITTY or self.queue[0][0] == "discard":
                self._discard(self.ask((), self._legal_discards()))
            else:
                self._take(self.ask(tuple([_TAKE_BASE + c for c in sorted(self.stock)]))
                           - _TAKE_BASE)

    def _auction(self) -> None:
        """Every call of the auction (BIDDING.md §2.3, §3.3), one step of the auction's
        own state at a time."""
        b, table = self.b, self.table
        bid_id = _BID_ID
        now = self.now
        while True:
            calls = now.calls
            legal = tuple([_PASS_ID if c.amount is None else bid_id[c.amount] for c in calls])
            aid = self.ask(legal)
            call = calls[legal.index(aid)]
            self.calls.append((call.seat, aid))
            now = self.now = _after_call(b, table, now, call)
            if now.over:
                break
            self.to_act = now.to_speak
        contract = now.contract
        if contract is None:  # everybody passed: thrown in (all_pass="redeal-*")
            self.thrown_in = True
            self.phase, self.to_act = _OVER, None
            return
        self.contract = contract
        bidder = contract.seat
        if b.kitty and not b.trump_before_kitty:
            self._take_kitty()
            self.phase = _TRUMP if b.extra_cards else _KITTY
        else:
            self.phase = _TRUMP
        self.to_act = bidder

    def _take_kitty(self) -> None:
        self.hands[self.contract.seat] += self.kitty  # type: ignore[union-attr]
        self.kitty_taken = True

    def _name(self, trump: int) -> None:
        b = self.b
        bidder: int = self.contract.seat  # type: ignore[union-attr]
        self.trump = trump
        self.m = self.ctx(trump).masks
        if b.extra_cards:
            for seat, extra in enumerate(self.extras):
                self.hands[seat] += extra
            self.extras = [[] for _ in self.extras]
        if b.kitty and self.discards[bidder] is None:
            if not self.kitty_taken:
                self._take_kitty()
            self.phase, self.to_act = _KITTY, bidder
            return
        self._start_draw()

    def _legal_discards(self) -> tuple[int, ...]:
        """Every legal discard of the seat to act as a mask, in the engine's order: fewest
        cards first, then in hand order (``engine._discards_of``)."""
        seat: int = self.to_act  # type: ignore[assignment]
        hand = self.hands[seat]
        trumps = 0 if self.m is None else self.m.trumps
        in_hand = sum(1 for c in hand if _BIT[c] & trumps != 0)
        limits = discard_limits(self.b, self.n, bidder=seat == self.contract.seat,  # type: ignore[union-attr]
                                trumps=in_hand)
        top = min(limits.most, len(hand))
        most_trumps = limits.most_trumps
        bits = [_BIT[c] for c in hand]
        out: list[int] = []
        for k in range(limits.fewest, top + 1):
            check = most_trumps < top and most_trumps < k
            for combo in itertools.combinations(bits, k):
                mask = sum(combo)
                if check and (mask & trumps).bit_count() > most_trumps:
                    continue
                out.append(mask)
        return tuple(out)

    def _discard(self, gone: int) -> None:
        seat: int = self.to_act  # type: ignore[assignment]
        self.hands[seat] = [c for c in self.hands[seat] if not _BIT[c] & gone]
        self.discards[seat] = _ids(gone)
        if self.phase is _KITTY:
            if self.trump < 0:  # trump_before_kitty=False: now he names trumps
                self.phase = _TRUMP
                return
            self._start_draw()
            return
        del self.queue[0]
        self._served()

    def _take(self, card: int) -> None:
        seat: int = self.to_act  # type: ignore[assignment]
        self.hands[seat].append(card)
        self.drawn[seat] = (self.drawn[seat] or ()) + (card,)
        self.stock = [c for c in self.stock if c != card]
        self._served()

    def _start_draw(self) -> None:
        """The discard and draw round's steps (``engine._start_draw``)."""
        b, n, dealer = self.b, self.n, self.dealer
        bidder: int = self.contract.seat  # type: ignore[union-attr]
        served = draw_sequence(b, n, dealer=dealer, bidder=bidder)
        hands = self.hands
        shed = [s for s in ((dealer + 1 + k) % n for k in range(n))
                if s not in served and len(hands[s]) > HAND_SIZE]
        acting = [s for s in served if self.discards[s] is None] + shed
        robber = [s for s in served if chooses_replacements(b, s, dealer=dealer)]
        steps: list[tuple[str, int]] = []
        if self.simultaneous:
            steps += [("discard", s) for s in acting]
            steps += [("refill", s) for s in served if s not in robber]
            steps += [("take", s) for s in robber]
        else:
            for s in (*served, *shed):
                if s in acting:
                    steps.append(("discard", s))
                if s in served:
                    steps.append(("take" if s in robber else "refill", s))
        self.queue = steps
        self._served()

    def _served(self) -> None:
        """The draw round's refills until a seat must act; then the play
        (``engine._served``)."""
        queue, hands, drawn = self.queue, self.hands, self.drawn
        while queue:
            kind, seat = queue[0]
            need = HAND_SIZE - len(hands[seat])
            if kind == "discard" or (kind == "take" and need > 0):
                self.phase, self.to_act = _DRAW, seat
                return
            if kind == "refill" and need > 0:
                got = self.stock[:need]
                self.stock = self.stock[need:]
                hands[seat] += got
                drawn[seat] = tuple(got)
            elif drawn[seat] is None:
                drawn[seat] = ()
            del queue[0]
        leader = first_leader(self.b, self.n, dealer=self.dealer, bidder=self.contract.seat)  # type: ignore[union-attr]
        self.phase, self.to_act, self.leader = _PLAY, leader, leader

    def _cards(self) -> None:
        """The five tricks (RULES.md §1.3, §1.4; ``engine._play``)."""
        m: MaskTable = self.m  # type: ignore[assignment]
        n = self.n
        hands = self.hands
        bit = _BIT
        highest = m.highest
        tricks, counts = self.tricks, self.counts
        seat: int = self.to_act  # type: ignore[assignment]
        leader = self.leader
        trick = self.trick
        while True:
            held = hands[seat]
            if trick:
                mask = 0
                for c in held:
                    mask |= bit[c]
                ok = legal_mask(mask, trick[0], m, trick if highest else ())[0]
                legal = tuple([c for c in held if bit[c] & ok])
            else:
                legal = tuple(held)
                ok = 0
                for c in held:
                    ok |= bit[c]
            self.to_act = seat
            card = self.ask(legal, playable=ok)
            held.remove(card)
            trick.append(card)
            if len(trick) < n:
                seat = seat + 1 if seat + 1 < n else 0
                continue
            winner = (leader + winner_index(trick, m)) % n
            counts[winner] += 1
            tricks.append((tuple(trick), leader, winner))
            trick.clear()
            self.leader = leader = seat = winner
            if len(tricks) == HAND_SIZE:
                self.phase, self.to_act = _OVER, None
                return

    # -- the score -----------------------------------------------------------------------

    def outcome(self) -> HandOutcome:
        """The hand's :class:`~trumpfamily.outcomes.HandOutcome` (``engine._outcome``)."""
        s = self.s
        counts = tuple(self.counts)
        sides = s.sides
        side_tricks = tuple(sum(counts[x] for x in side) for side in sides)
        if self.thrown_in:
            zero_sides = (0,) * len(sides)
            return HandOutcome(
                scoring="bidding", sides=sides, tricks=counts, side_tricks=side_tricks,
                tricks_played=0, tricks_needed=None, winner=None, winner_seats=(),
                spoil=False, claimed=False, jink_tried=False, jink_succeeded=False,
                points=self.zero_seats, side_points=zero_sides, best_trump=None,
                best_trump_trick=None, all_five=None, barred=(), gains=zero_sides,
                thrown_in=True)
        contract: Contract = self.contract  # type: ignore[assignment]
        ctx = self.ctx(self.trump)
        side_of = s.side_of
        tricks = self.tricks
        cards = [tuple([CARDS[c] for c in t[0]]) for t in tricks]
        bonus = best_trump_trick(cards, ctx.table, self.variant.scoring.best_trump_bonus)
        hs = score_hand(self.b, bidder=side_of[contract.seat], amount=contract.amount,
                        trick_sides=[side_of[t[2]] for t in tricks], bonus_trick=bonus,
                        scores=(0,) * len(sides))
        held = bonus if bonus is not None else hs.forfeited_trick
        best = None
        if held is not None:
            best = max((c for c in cards[held] if ctx.suit_of[c] is ctx.trump),
                       key=lambda c: ctx.power[c])
        points = tuple(5 * counts[x] + (5 if bonus is not None and tricks[bonus][2] == x else 0)
                       for x in range(s.players))
        return HandOutcome(
            scoring="bidding", sides=sides, tricks=counts, side_tricks=side_tricks,
            tricks_played=len(tricks), tricks_needed=None, winner=None, winner_seats=(),
            spoil=False, claimed=False, jink_tried=False, jink_succeeded=False, points=points,
            side_points=hs.points, best_trump=best, best_trump_trick=held,
            all_five=next((i for i, t in enumerate(side_tricks) if t == HAND_SIZE), None),
            barred=(), bidder=contract.seat, bid=contract.amount, made=hs.made,
            bid_kind=contract.kind, gains=hs.gains,
            bonus_forfeited=hs.forfeited_trick is not None)


def _next_dealer(b: Bidding, dealer: int, players: int, thrown_in: bool, in_a_row: int
                 ) -> tuple[int, int]:
    """The next hand's dealer and the throw-ins in a row by him: the deal passes left,
    except after a throw-in (:func:`~trumpfamily.bidding.after_throw_in`, BIDDING.md §3.3
    B7)."""
    if not thrown_in:
        return (dealer + 1) % players, 0
    nxt = after_throw_in(b, dealer=dealer, players=players, in_a_row=in_a_row)
    return nxt.dealer, nxt.in_a_row


def fast(variant: Variant, players: int, hands: int, dealer: int, deck_rng: random.Random,
         bots: list[Any] | None, rnd: Callable[[], float] | None, record: bool,
         trace: _Trace | None, decks: Iterator[Any] | None, seatings: list[Seating]
         ) -> Iterator[Any]:
    """The fast path: ``hands`` bidding hands on ids."""

    deal = _Deal(variant, players, rnd, bots, trace)
    b = deal.b
    base = [c.index for c in seatings[0].base_deck]
    in_a_row = 0
    for _ in range(hands):
        s = seatings[dealer]
        deck = _next_deck(decks, deck_rng, s, base)
        acts: list[Action] | None = [] if record else None
        deal.acts = acts
        deal.start(deck, s)
        deal.run()
        outcome = deal.outcome()
        if record:
            yield outcome, hand_record(variant, players, dealer, [CARDS[c] for c in deck],
                                       acts)  # type: ignore[arg-type]
        else:
            yield outcome
        dealer, in_a_row = _next_dealer(b, dealer, players, deal.thrown_in, in_a_row)


def spot_from_view(view: BiddingView, spot: BiddingSpot | None = None) -> BiddingSpot:
    """The :class:`BiddingSpot` of an engine view (the slow path's fast bots; the tests)."""
    sp = BiddingSpot() if spot is None else spot
    sp.seat, sp.players, sp.dealer, sp.sides, sp.variant = (
        view.seat, view.players, view.dealer, view.sides, view.variant)
    sp.phase = view.phase
    sp.hand_ids = tuple([c.index for c in view.hand])
    mask = 0
    for c in view.hand:
        mask |= c.bit
    sp.hand = mask
    legal = view.legal_actions
    if legal and isinstance(legal[0], Discard):
        sp.legal = ()
        sp.discards = tuple([_mask(d.cards) for d in legal])  # type: ignore[union-attr]
    else:
        sp.legal = tuple([action_id(a) for a in legal])
        sp.discards = ()
    playable = 0
    if view.phase is _PLAY:
        for a in legal:
            playable |= a.card.bit  # type: ignore[union-attr]
    sp.playable = playable
    sp.trick = tuple([c.index for c in view.current_trick])
    sp.leader = view.leader
    sp.tricks = tuple([(tuple([c.index for c in t.cards]), t.leader, t.winner)
                       for t in view.tricks])
    sp.trick_counts = view.trick_counts
    if view.trump is None:
        sp.trump, sp.table = -1, None
    else:
        sp.trump = SUITS.index(view.trump)
        sp.table = play_context(view.variant, view.trump).masks
    sp.auction = tuple([(t.seat, action_id(t.action)) for t in view.auction])  # type: ignore[arg-type]
    sp.high_bid, sp.high_bidder, sp.passed = view.high_bid, view.high_bidder, view.passed
    sp.bidder, sp.contract, sp.bagged = view.bidder, view.contract, view.bagged
    sp.contract_kind = view.contract_kind
    sp.kitty_size = view.kitty_size
    sp.kitty = tuple([c.index for c in view.kitty])
    sp.discarded, sp.drawn = view.discarded, view.drawn
    sp.my_discards = tuple([c.index for c in view.my_discards])
    sp.stock_size = view.stock_size
    sp.pack = tuple([c.index for c in view.pack])
    return sp


def slow(variant: Variant, players: int, hands: int, dealer: int, deck_rng: random.Random,
         bots: Sequence[Any], fast_bots: Sequence[Any], modes: list[str], record: bool, trace: _Trace | None,
         decks: Iterator[Any] | None, seatings: list[Seating]) -> Iterator[Any]:
    """The slow path: every bidding hand through the reference engine (a bot with only
    ``choose(view)`` at the table), the fast bots (``fast_bots``, in their bidding form)
    given spots of their views, the engine players (``bots``) their views."""

    b = variant.bidding
    assert b is not None
    base = [c.index for c in seatings[0].base_deck]
    spot = BiddingSpot()
    in_a_row = 0
    for _ in range(hands):
        s = seatings[dealer]
        deck = [CARDS[c] for c in _next_deck(decks, deck_rng, s, base)]
        state = new_bidding_hand(variant, players=players, dealer=dealer, deck=deck)
        while not state.is_over:
            seat: int = state.to_act  # type: ignore[assignment]
            bot = fast_bots[seat]
            view = state.view(seat)
            action: Action
            if modes[seat] != "act":
                action = bots[seat].choose(view)
            else:
                sp = spot_from_view(view, spot)
                got = bot.act(sp) if sp.legal else bot.discard(sp)
                aid = got if type(got) is int else _as_id(got)
                offered = sp.legal or sp.discards
                if aid not in offered:
                    raise IllegalActionError(
                        got, f"bots[{seat}] ({type(bot).__name__}) returned {got!r}, which is "
                        f"not one of the legal choices of seat {seat} now, {offered} (act "
                        "returns one of spot.legal, discard one of spot.discards)",
                        code="bot-choice-not-legal", legal=view.legal_actions, seat=seat,
                        expected_seat=seat)
                action = (action_from_id(aid) if sp.legal else
                          view.legal_actions[sp.discards.index(aid)])
            nxt = state.apply(action)
            if trace is not None:
                trace(seat, view.phase, *_encoded(view.legal_actions, action))
            state = nxt
        outcome: HandOutcome = state.outcome  # type: ignore[assignment]
        yield (outcome, state.record()) if record else outcome
        dealer, in_a_row = _next_dealer(b, dealer, players, state.thrown_in, in_a_row)


def _encoded(legal: tuple[Action, ...], action: Action) -> tuple[tuple[int, ...], int]:
    """The legal actions and the action as the fast path traces them: ids, a discard as
    its card mask."""
    def code(a: Action) -> int:
        if isinstance(a, Discard):
            return _mask(a.cards)
        return action_id(a)
    return tuple([code(a) for a in legal]), code(action)


def check_seating(variant: Variant, players: int, dealer: int) -> None:
    """Refuse, before the first hand, a table whose stock could run short (as
    :func:`~trumpfamily.bidding.engine.new_bidding_hand` does)."""
    s = seating_for(variant, players, dealer)
    try:
        _deal_plan(s, len(s.base_deck))
    except InvalidVariantError as exc:
        raise PlayerCountError(_short_stock(variant, players, str(exc))) from None

