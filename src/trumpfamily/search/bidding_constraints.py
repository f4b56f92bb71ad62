"""What a bidding seat's view proves about the cards it cannot see (issue 20).

:func:`bidding_constraints` reads one :class:`~trumpfamily.outcomes.BiddingView` and
returns a :class:`BiddingConstraints` value: every *place* an unseen card may lie in, how
many unseen cards each holds, and what the public history proves about each. It is the
bidding games' :func:`~trumpfamily.search.constraints.constraints` (which dispatches a
:class:`~trumpfamily.outcomes.BiddingView` here), a parallel value rather than the same
:class:`~trumpfamily.search.constraints.Constraints`: a bidding hand has places the
turn-up games lack (the kitty, the extra cards, the cards a seat discarded before its
draw), and no robbing.

**The places** (BIDDING.md §3.2, §3.4, §7.1 #9):

* ``"hand"`` of each other seat: the cards it holds now that the viewer has not seen
  (dealt cards it kept, the kitty once it took it as bidder, its extra cards once trumps
  are named, the cards it drew). Of its cards since its draw (these and the cards it has
  played) :attr:`BiddingPlace.drawn` came from the stock; which ones is part of the deal
  (a binomial factor of :func:`~trumpfamily.search.count_deals`).
* ``"discard"`` of each other seat that has discarded: its face-down discards (the
  bidder's may hold kitty cards).
* ``"extras"`` of every seat, the viewer's too, until trumps are named (option
  ``extra_cards``: nobody has seen them).
* ``"kitty"`` until the auction winner takes it.
* ``"stock"``: the cards left in the stock (:attr:`~trumpfamily.outcomes.BiddingView.stock_size`),
  except while the dealer robbing the pack sees it (``pack``: then it is no place, every
  card of it is seen). What the robbing dealer saw of the pack is not in his later views,
  so once he has taken his cards the stock is unseen again.

**What the history proves.** Every card another seat played had to be legal for the hand
it held then (BIDDING.md §3.5: the same :func:`~trumpfamily.tables.legal_mask` as every
game), so each play that can prove something is a
:class:`~trumpfamily.search.proofs.PlayFact`, exactly as in the turn-up games
(voids, privileged trumps that may renege). The counts of the exchange are public
(:attr:`~trumpfamily.outcomes.BiddingView.discarded`, ``drawn``; under
``draw_order="simultaneous"`` a discard is counted only once every seat is down:
until then the seat's ``"hand"`` holds its cards before the discard and
:attr:`BiddingPlace.sealed` lists the counts it may have discarded). Under
``discard_trumps="last-resort"`` a bidder who named trumps before he discarded put down a
trump only when his other cards could not make up his discards (BIDDING.md §3.4 K5): his
``"discard"`` holds no trump unless he discarded exactly down to five and every card he
kept is a trump (:attr:`BiddingPlace.trump_link`).

>>> import trumpfamily as tf
>>> from trumpfamily.search import constraints
>>> hand = tf.new_bidding_hand(tf.NEWFOUNDLAND_120S, players=4, dealer=3, seed=2)
>>> c = constraints(hand.view(0))
>>> [(p.kind, p.seat, p.size) for p in c.places]
[('hand', 1, 5), ('hand', 2, 5), ('hand', 3, 5), ('kitty', None, 3), ('stock', None, 29)]
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, TypeAlias

import attrs

from ..actions import NameTrump, Play, Take
from ..bidding.deal import discard_limits, draw_sequence
from ..bidding.stock import max_draw
from ..cards import Card, Suit
from ..errors import InvalidArgumentError, safe_repr
from ..outcomes import HAND_SIZE, BiddingView, Phase
from ..play import mask_table
from ..tables import SUITS
from ..variants import Variant
from .proofs import (
    _MAX_HISTORY,
    PlayFact,
    _check_cards,
    _check_common,
    _check_ints,
    _check_scalar,
    _check_text,
    _check_turns,
    _excluded_by_plays,
    _proves,
    _seat_checker,
    _ShapeError,
    _Tester,
)

__all__ = ["BiddingConstraints", "BiddingPlace", "BiddingPlaceKind", "bidding_constraints"]

#: The kinds of :class:`BiddingPlace` (module docstring).
BiddingPlaceKind: TypeAlias = Literal["hand", "discard", "extras", "kitty", "stock"]

_PHASES = (Phase.AUCTION, Phase.TRUMP, Phase.KITTY, Phase.DRAW, Phase.PLAY, Phase.OVER)


@attrs.frozen
class BiddingPlace:
    """A place where unseen cards lie in a bidding hand, and what the history proves.

    Attributes:
        kind: a :data:`BiddingPlaceKind`.
        seat: the seat of a ``"hand"``, ``"discard"`` or ``"extras"``; ``None`` for the
            ``"kitty"`` and the ``"stock"``.
        size: how many unseen cards it holds.
        excluded: unseen cards that cannot be here, in card-id order (a summary: the
            exact condition is :attr:`plays` together, and :attr:`trump_link`).
        voids: suits the seat's plays proved it void in, ``C D H S`` order.
        plays: the seat's plays that can prove something (PlayFact), in order.
        drawn: a ``"hand"``: how many of the seat's cards since its draw (this place's
            and those it played since) came from the stock; 0 before its draw.
        sealed: a ``"hand"`` whose seat has discarded face down under
            ``draw_order="simultaneous"`` while the counts are hidden: every number of
            cards it may have discarded (this place then holds its cards before the
            discard); else ``()``.
        trump_link: the bidder's ``"hand"`` or ``"discard"`` under
            ``discard_trumps="last-resort"`` with trumps named before he discarded: his
            discard holds a trump only if he discarded exactly down to five and every
            card he kept is a trump (BIDDING.md §3.4 K5).
    """

    kind: BiddingPlaceKind
    seat: int | None
    size: int
    excluded: tuple[Card, ...] = ()
    voids: tuple[Suit, ...] = ()
    plays: tuple[PlayFact, ...] = ()
    drawn: int = 0
    sealed: tuple[int, ...] = ()
    trump_link: bool = False

    @property
    def free(self) -> bool:
        """Whether nothing restricts which unseen cards lie here."""
        return not self.excluded and not self.plays and not self.trump_link and not self.sealed


@attrs.frozen
class BiddingConstraints:
    """What a bidding view proves about the cards its seat cannot see
    (:func:`bidding_constraints`).

    Attributes:
        seat: the viewer's seat.
        players: the number of seats.
        dealer: the dealer's seat.
        variant: the rules.
        phase: the view's phase.
        trump: the trump suit once named, else ``None``.
        bidder: the auction winner, else ``None``.
        unseen: the cards the viewer has not seen, in card-id order: what the places
            share out.
        places: every :class:`BiddingPlace`: the other seats' hands in seat order, their
            discards, the extra cards, the kitty, the stock. Their sizes add up to
            ``len(unseen)``, except that a ``sealed`` hand holds its discard too.
    """

    seat: int
    players: int
    dealer: int
    variant: Variant
    phase: Phase
    trump: Suit | None
    bidder: int | None
    unseen: tuple[Card, ...]
    places: tuple[BiddingPlace, ...]

    def place(self, kind: BiddingPlaceKind, seat: int | None = None) -> BiddingPlace:
        """The place of ``kind`` (and ``seat``).

        Raises:
            InvalidArgumentError: there is no such place in this view.
        """
        for p in self.places:
            if p.kind == kind and p.seat == seat:
                return p
        raise InvalidArgumentError(
            f"no place kind={kind!r} seat={seat!r} in seat {self.seat}'s view: the places are "
            + ", ".join(f"({p.kind!r}, {p.seat!r})" for p in self.places))


@attrs.frozen
class SeatFacts:
    """One seat's part of the exchange, as the view shows it (internal; the sampler
    reads it)."""

    seat: int
    held: int  # cards before its discard (5 + extras named + kitty taken)
    discarded: int | None  # None: not yet, or sealed
    sealed: tuple[int, ...]
    drawn: int | None  # None: not served yet
    played: tuple[Card, ...]
    fewest: int
    trump_at_discard: bool  # trumps were named when it discarded


@attrs.frozen
class Reading:
    """The view read once (internal; :mod:`.bidding_sampling` uses it)."""

    view: BiddingView
    named: bool
    kitty_taken: bool
    seats: tuple[SeatFacts, ...]
    served: tuple[int, ...]  # the refill order (draw_sequence), the robbing dealer apart
    robber: int | None  # the dealer robbing the pack, if he takes (or took) his cards
    seen: frozenset[Card]
    pack_seen: bool


def _inconsistent(what: str) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"no deal is consistent with this view: {what} (it is not a view the engine "
        "produced: BiddingHand.view(seat))")


def check_shape(view: object) -> BiddingView:
    """``view`` if it is a :class:`BiddingView` each of whose fields has its type and a
    bounded size (cards are :class:`~trumpfamily.cards.Card`, seats and counts ints,
    actions the library's, no list longer than a hand can hold), else a clear
    :class:`InvalidArgumentError`. Linear in the view's size; nothing is hashed or
    printed before it passes (a value nested a million deep cannot even be hashed:
    docs/howto/game-server.rst, "Untrusted input")."""
    if not isinstance(view, BiddingView):
        raise InvalidArgumentError(
            f"expected a BiddingView (BiddingHand.view(seat)), got {type(view).__name__}")
    if len(view) != len(BiddingView._fields):
        raise InvalidArgumentError("expected a BiddingView (BiddingHand.view(seat))")
    try:
        _check_common(view)
        for name in ("high_bid", "high_bidder", "bidder", "contract"):
            _check_scalar(name, getattr(view, name), int)
        _check_scalar("kitty_size", view.kitty_size, int, optional=False)
        _check_scalar("stock_size", view.stock_size, int, optional=False)
        _check_scalar("bagged", view.bagged, bool, optional=False)
        _check_text("contract_kind", view.contract_kind)
        for name in ("kitty", "my_discards", "pack"):
            _check_cards(name, getattr(view, name))
        _check_ints("passed", view.passed)
        for name in ("discarded", "drawn"):
            _check_ints(name, getattr(view, name), optional=True)
        _check_turns("auction", view.auction)
    except _ShapeError as error:
        raise _inconsistent(str(error)) from None
    return view


def read_view(view: object) -> Reading:
    """Check ``view``'s parts (linear, bounded) and read what the sampler needs.

    Raises:
        InvalidArgumentError: the parts cannot belong to one bidding hand (named).
    """
    view = check_shape(view)
    variant = view.variant
    if variant.bidding is None:
        raise _inconsistent(f"variant {safe_repr(variant)} is not a bidding game")
    b = variant.bidding
    n = view.players
    if type(n) is not int or n not in variant.player_counts():
        raise _inconsistent(f"players={safe_repr(n)}: {variant.name} deals "
                            f"{variant.player_counts()} players")
    seats = range(n)
    seat_ok = _seat_checker(n, _inconsistent)

    seat_ok("seat", view.seat)
    seat_ok("dealer", view.dealer)
    seat_ok("leader", view.leader)
    seat_ok("to_act", view.to_act, optional=True)
    seat_ok("bidder", view.bidder, optional=True)
    if view.phase not in _PHASES:
        raise _inconsistent(f"phase {safe_repr(view.phase)} is not a phase of a bidding hand")
    history = view.history
    if not isinstance(history, tuple) or len(history) > _MAX_HISTORY:
        raise _inconsistent(f"history of {safe_repr(history)}: a tuple of at most "
                            f"{_MAX_HISTORY} turns")
    for name in ("discarded", "drawn"):
        counts = getattr(view, name)
        if (not isinstance(counts, tuple) or len(counts) != n
                or any(c is not None and (type(c) is not int or not 0 <= c <= 15) for c in counts)):
            raise _inconsistent(f"{name}={safe_repr(counts)}: one count (or None) a seat")
    if type(view.stock_size) is not int or not 0 <= view.stock_size <= 53:
        raise _inconsistent(f"stock_size={safe_repr(view.stock_size)}")
    deck = set(variant.ranking.deck())
    me = view.seat
    played: dict[int, list[Card]] = {s: [] for s in seats}
    discard_at: dict[int, int] = {}
    named_at: int | None = None
    for i, turn in enumerate(history):
        seat_ok(f"the seat of history turn {i}", turn.seat)
        action, kind = turn.action, turn.kind
        if action is None:
            if kind not in ("Discard", "Take") or turn.seat == me:
                raise _inconsistent(f"history turn {i} hides a {safe_repr(kind)}: a view hides "
                                    "only the other seats' discards and takes")
        elif type(action).__name__ != kind:
            raise _inconsistent(f"history turn {i}: kind {safe_repr(kind)} but action "
                                f"{safe_repr(action)}")
        if isinstance(action, Play):
            played[turn.seat].append(action.card)
        elif isinstance(action, NameTrump) and named_at is None:
            named_at = i
        if kind == "Discard":
            if turn.seat in discard_at:
                raise _inconsistent(f"seat {turn.seat} discards twice in the history")
            discard_at[turn.seat] = i
    if view.trump is not None and named_at is None or view.trump is None and named_at is not None:
        raise _inconsistent(f"trump={safe_repr(view.trump)} but the history "
                            + ("names none" if named_at is None else "names trumps"))
    if view.trump is not None and history[named_at].action.suit is not view.trump:  # type: ignore[index,union-attr]
        raise _inconsistent(f"trump={view.trump} but the history names another suit")
    bidder = view.bidder
    named = named_at is not None
    kitty_taken = bidder is not None and b.kitty > 0 and (named or not b.trump_before_kitty)
    if view.kitty_size != b.kitty:
        raise _inconsistent(f"kitty_size={safe_repr(view.kitty_size)}, but {variant.name} "
                            f"deals {b.kitty}")
    if view.kitty and not (kitty_taken and bidder == me and len(view.kitty) == b.kitty):
        raise _inconsistent("the view shows a kitty that its seat has not taken")
    if kitty_taken and bidder == me and len(view.kitty) != b.kitty:
        raise _inconsistent(f"seat {me} took the kitty but the view does not show it")
    seen_list = [*view.hand, *(c for cs in played.values() for c in cs), *view.my_discards,
                 *view.pack]
    for card in (*seen_list, *view.kitty):
        if card not in deck:
            raise _inconsistent(f"{safe_repr(card)} is not a card of {variant.name}'s deck")
    seen = frozenset(seen_list)
    if len(seen) != len(seen_list):
        times = Counter(seen_list)
        twice = sorted((c for c, k in times.items() if k > 1), key=lambda c: c.index)
        raise _inconsistent(f"{' '.join(map(str, twice))} seen in two places (the seat's "
                            "hand, the cards played, its discards and the pack are distinct "
                            "cards)")
    if not seen >= set(view.kitty):
        raise _inconsistent("a card of the kitty it took is neither in its hand, nor played, "
                            "nor discarded")
    extras = b.extra_cards if named else 0
    facts: list[SeatFacts] = []
    for s in seats:
        held = HAND_SIZE + extras + (b.kitty if kitty_taken and s == bidder else 0)
        limits = discard_limits(b, n, bidder=s == bidder)
        d = view.discarded[s]
        sealed: tuple[int, ...] = ()
        if s in discard_at and d is None:
            if b.draw_order != "simultaneous" or view.phase is not Phase.DRAW or s == me:
                raise _inconsistent(f"seat {s} has discarded but discarded[{s}] is None")
            sealed = tuple(range(limits.fewest, min(limits.most, held) + 1))
        if d is not None and s not in discard_at:
            raise _inconsistent(f"discarded[{s}]={d} but seat {s} has no discard in the history")
        if s == me and d is not None and d != len(view.my_discards):
            raise _inconsistent(f"discarded[{s}]={d} but the view shows {len(view.my_discards)} "
                                "of its own discards")
        if d is not None and not limits.fewest <= d <= min(limits.most, held):
            raise _inconsistent(f"discarded[{s}]={d}: seat {s} discards {limits.fewest} to "
                                f"{limits.most} cards (BIDDING.md §3.4)")
        at = discard_at.get(s)
        facts.append(SeatFacts(
            s, held, d, sealed, view.drawn[s], tuple(played[s]), limits.fewest,
            at is not None and named_at is not None and named_at < at))
    served: tuple[int, ...] = ()
    robber: int | None = None
    if bidder is not None:
        order = draw_sequence(b, n, dealer=view.dealer, bidder=bidder)
        if b.rob_pack and view.dealer in order:
            robber = view.dealer
        served = tuple(s for s in order if s != robber)
    for s in range(n):
        r = view.drawn[s]
        if r is not None and (bidder is None or (s not in served and s != robber)):
            raise _inconsistent(f"drawn[{s}]={r} but seat {s} does not draw")
        if r is not None and r > max_draw(b, n, bidder=s == bidder):
            raise _inconsistent(f"drawn[{s}]={r}: more than seat {s} may draw")
    takes = [t for t in history if t.kind == "Take"]
    if takes and (robber is None or any(t.seat != robber for t in takes)):
        raise _inconsistent("the history has a take, but only the dealer robbing the pack "
                            "takes cards (BIDDING.md §3.4 K9)")
    if robber is not None and len(takes) != (view.drawn[robber] or 0):
        raise _inconsistent(f"the history has {len(takes)} takes but drawn[{robber}] is "
                            f"{view.drawn[robber]}: the dealer robbing the pack draws by taking")
    own = [t.action.card for t in takes if isinstance(t.action, Take)]
    if len(set(own)) != len(own):
        raise _inconsistent("the dealer robbing the pack takes a card twice")
    pack_seen = bool(view.pack)
    if pack_seen and not (view.to_act == me == robber and view.phase is Phase.DRAW):
        raise _inconsistent("the view shows the pack, but its seat is not the dealer robbing "
                            "it on his turn")
    if pack_seen and len(view.pack) != view.stock_size:
        raise _inconsistent(f"the pack shows {len(view.pack)} cards, but stock_size is "
                            f"{view.stock_size}")
    return Reading(view, named, kitty_taken, tuple(facts), served, robber, seen, pack_seen)


def hidden_size(f: SeatFacts) -> int:
    """The cards seat ``f.seat`` holds now (played ones gone): before its discard its
    cards so far, then those kept, plus those drawn."""
    kept = f.held - (f.discarded or 0) if not f.sealed else f.held
    return kept + (f.drawn or 0) - len(f.played)


def bidding_constraints(view: BiddingView) -> BiddingConstraints:
    """What the public history of a bidding ``view`` proves about the cards it cannot see.

    Args:
        view: a :class:`~trumpfamily.outcomes.BiddingView` (``BiddingHand.view(seat)``;
            ``game`` and ``commitment`` are not read).

    Returns:
        The :class:`BiddingConstraints` (module docstring: BIDDING.md §3.2, §3.4, §3.5).

    Raises:
        InvalidArgumentError: ``view`` is not a bidding view, or its parts cannot belong
            to one hand (a seat off the table, counts the rules do not allow, a card in
            two places...; the message names it).

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import constraints
    >>> hand = tf.new_bidding_hand(tf.AUCTION_45, players=2, dealer=1, seed=4)
    >>> constraints(hand.view(1)).place("stock").size
    42
    """
    r = read_view(view)
    return _constraints(r)


def _constraints(r: Reading) -> BiddingConstraints:
    view = r.view
    variant = view.variant
    b = variant.bidding
    assert b is not None
    n, me, trump = view.players, view.seat, view.trump
    deck = variant.ranking.deck()
    unseen = tuple(sorted((c for c in deck if c not in r.seen), key=lambda c: c.index))
    plays = [(i, t.seat, t.action.card) for i, t in enumerate(view.history)  # type: ignore[union-attr]
             if t.kind == "Play"]
    places: list[BiddingPlace] = []
    trumps = mask_table(variant, trump).trumps if trump is not None else 0
    trump_cards = tuple(c for c in unseen if c.bit & trumps)
    for f in r.seats:
        s = f.seat
        if s == me:
            continue
        size = hidden_size(f)
        if size < 0:
            raise _inconsistent(f"seat {s} has played more cards than it holds")
        facts: list[PlayFact] = []
        voids: set[int] = set()
        mine = [(i, c) for i, seat, c in plays if seat == s]
        for k, (i, card) in enumerate(mine):
            j = next(x for x, (hi, _, _) in enumerate(plays) if hi == i)
            pos = j % n
            if pos == 0:
                continue
            before = tuple(c for _, _, c in plays[j - pos: j])
            assert trump is not None
            useful, text, void = _proves(card, before, mask_table(variant, trump))
            if not useful:
                continue
            if void is not None:
                voids.add(void)
            held = (card, *(c for _, c in mine[k + 1:]))
            facts.append(PlayFact(s, j // n + 1, card, before, held, None, text))
        excluded: set[Card] = set()
        if facts:
            excluded |= _excluded_by_plays(_Tester(variant, trump, facts, None), size, unseen,
                                           None)
        link = lr_bidder(r, f)
        drawn = f.drawn or 0
        places.append(BiddingPlace(
            "hand", s, size, tuple(sorted(excluded, key=lambda c: c.index)),
            tuple(SUITS[v] for v in sorted(voids)), tuple(facts), drawn, f.sealed,
            link and (f.sealed != () or trump_link_open(f))))
        if f.discarded is not None:
            ex: tuple[Card, ...] = ()
            if link and not trump_link_open(f):
                ex = trump_cards  # no trump unless discarded exactly down to five
            places.append(BiddingPlace("discard", s, f.discarded, ex,
                                       trump_link=link and trump_link_open(f)))
    if b.extra_cards and not r.named:
        for s in range(n):
            places.append(BiddingPlace("extras", s, b.extra_cards))
    if b.kitty and not r.kitty_taken:
        places.append(BiddingPlace("kitty", None, b.kitty))
    if not r.pack_seen:
        places.append(BiddingPlace("stock", None, view.stock_size))
    total = sum(p.size for p in places)
    if total != len(unseen):
        raise _inconsistent(f"its places hold {total} cards but it has not seen "
                            f"{len(unseen)} (the counts of hands, discards, draws, kitty "
                            "and stock disagree with the deck)")
    return BiddingConstraints(me, n, view.dealer, variant, view.phase, trump, view.bidder,
                              unseen, tuple(places))


def lr_bidder(r: Reading, f: SeatFacts) -> bool:
    """Whether ``f``'s seat is a hidden bidder whose discard ``discard_trumps="last-resort"``
    restricts (trumps named before it; BIDDING.md §3.4 K5)."""
    b = r.view.variant.bidding
    assert b is not None
    return (b.discard_trumps == "last-resort" and f.seat == r.view.bidder
            and f.seat != r.view.seat and f.trump_at_discard)


def trump_link_open(f: SeatFacts) -> bool:
    """Whether the last-resort bidder ``f`` may have discarded a trump: only by
    discarding exactly down to five (then he drew nothing) with only trumps kept, the
    cards he has played included (BIDDING.md §3.4 K5)."""
    return f.discarded == f.fewest and not f.drawn
