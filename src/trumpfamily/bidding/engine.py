"""The bidding hand: one deal of a bidding game, from the shuffle to the score
(BIDDING.md §§2–6; RULES.md §2.6, §2.7).

:func:`new_bidding_hand` (also reached by :func:`trumpfamily.new_hand` with a bidding
variant) deals a hand and returns an immutable :class:`BiddingHand`, with the public
protocol of :class:`~trumpfamily.engine.HandState`: :attr:`~BiddingHand.to_act`,
:attr:`~BiddingHand.phase`, :meth:`~BiddingHand.legal_actions`, :meth:`~BiddingHand.apply`
(which returns the next state, or raises :class:`~trumpfamily.errors.IllegalActionError`
with a documented ``code`` and leaves this one as it was), :meth:`~BiddingHand.view`,
:attr:`~BiddingHand.outcome`, :meth:`~BiddingHand.record` and :attr:`~BiddingHand.events`.

The engine reads the rule component (:class:`~trumpfamily.bidding.Bidding`) through the
pure functions of this package and adds only the order of play:

* **Deal** (§3.2): :func:`~trumpfamily.bidding.deal_order` gives each card of the pack,
  top first, to a seat or the kitty, in the variant's ``deal_packets``; the rest is the
  stock. Extra cards (option ``extra_cards``, WFF) are taken up once trumps are named.
* **Auction** (``Phase.AUCTION``; §2.3, §3.3): ``Bid(n)`` or ``Pass()`` by the seat
  :func:`~trumpfamily.bidding.auction_state` names; the dealer's ``Bid`` at the standing
  amount is his hold. The auction ends by itself (§7.1 #3) with a contract, a bagged
  dealer, or a throw-in when everybody passed (the hand is then over).
* **Trumps and the kitty** (``Phase.TRUMP``, ``Phase.KITTY``; §3.4 K3, K4): the auction
  winner names trumps (``NameTrump``) and then takes the kitty and discards, or, under
  ``trump_before_kitty=False``, takes the kitty and discards first.
* **Draw** (``Phase.DRAW``; §3.4 K6–K9): in :func:`~trumpfamily.bidding.draw_sequence`
  order, each seat discards (``Discard``, within
  :func:`~trumpfamily.bidding.discard_limits`) and is refilled to five from the top of
  the stock; the bidder who already discarded with the kitty is refilled in his turn.
  Under ``draw_order="simultaneous"`` every seat discards before anyone is refilled, and
  the counts stay hidden until the last discard. The dealer robbing the pack
  (``rob_pack``, :func:`~trumpfamily.bidding.chooses_replacements`) picks his
  replacements from the stock one ``Take`` at a time, after everyone else has been
  served, whatever the ``draw_order`` (DBK; IMP-NL). A seat holding extra cards but
  drawing nothing discards down to five in the same round.
* **Play** (``Phase.PLAY``; §2.7, §3.5): :func:`~trumpfamily.bidding.first_leader` leads;
  five tricks, each card legal and each trick won by the library's one decision
  (:func:`~trumpfamily.tables.legal_mask`, :func:`~trumpfamily.tables.winner_index` on
  :func:`trumpfamily.mask_table` for the trump named): the same rules as every game.
* **Score** (``Phase.OVER``; §3.6): :func:`~trumpfamily.bidding.score_hand` with the
  trick holding the highest trump played (:func:`~trumpfamily.scoring.best_trump_trick`)
  and the sides' scores before the hand (``scores``, for the near-end rules); the
  :class:`~trumpfamily.outcomes.HandOutcome` has ``scoring="bidding"``.

A stock that could run short is refused when the hand is dealt (§8: "validate the
configuration instead"): a variant deals only the table sizes whose stock covers every
draw (:meth:`~trumpfamily.variants.Variant.player_counts`; another size raises
:class:`~trumpfamily.errors.PlayerCountError` with the arithmetic), so every seat always
holds five cards for the play.

>>> import trumpfamily as tf
>>> from trumpfamily.bidding.engine import new_bidding_hand
>>> hand = new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=1)
>>> hand.phase, hand.to_act, hand.legal_actions()
(<Phase.AUCTION: 'auction'>, 0, (Pass(), Bid(15), Bid(20), Bid(25), Bid(30)))
>>> while not hand.is_over:
...     hand = hand.apply(hand.legal_actions()[0])
>>> hand.outcome.thrown_in  # everybody passed: the next dealer deals (redeal-next)
True
"""

from __future__ import annotations

import functools
import itertools
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import repeat
from operator import attrgetter, call, is_, itemgetter
from typing import Any, Final, overload

import attrs

from .._compiled import mypyc_attr
from .._valuetuple import ValueTuple
from ..actions import (
    ACTION_TYPES,
    BID_AMOUNTS,
    AcceptFive,
    Action,
    AskFive,
    Bid,
    Claim,
    DeclineRob,
    Discard,
    Jink,
    NameTrump,
    Pass,
    Play,
    RefuseFive,
    Rob,
    Take,
)
from ..cards import Card, Suit, parse_cards
from ..convert import hand_record
from ..dealing import (
    PACKETS,
    Seating,
    SeatingFacts,
    check_deck,
    seating_for,
    seeded_random,
    shuffled,
)
from ..errors import (
    BIDDING_CODES,
    CardParseError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidDeckError,
    InvalidSeatError,
    InvalidVariantError,
    PlayerCountError,
    safe_repr,
)
from ..events import (
    AuctionWon,
    BidMade,
    Dealt,
    Discarded,
    Drew,
    Event,
    ExtraCardsTaken,
    HandOver,
    KittyTaken,
    Passed,
    Played,
    ThrownIn,
    TrickWon,
    TrumpNamed,
)
from ..integrity import deal_commitment, new_salt
from ..outcomes import HAND_SIZE, BiddingView, GameContext, HandOutcome, Phase, Trick, Turn
from ..play import play_context
from ..reneging import PlayContext, decide, explain, refusal_code
from ..scoring import best_trump_trick
from ..tables import CARDS, legal_mask, winner_index
from ..variants import Variant, find_variant
from ._seats import _Table
from .auction import (
    AuctionCall,
    AuctionState,
    Contract,
    _after_call,
    _call_of,
    auction_state,
    check_call,
)
from .component import Bidding
from .deal import (
    KITTY,
    DiscardLimits,
    chooses_replacements,
    deal_order,
    discard_limits,
    draw_sequence,
    first_leader,
)
from .score import HandScore, score_hand
from .stock import check_stock, draw_limit_for

__all__ = ["BiddingHand", "new_bidding_hand", "stacked_bidding_deck"]

_PASS: Final = Pass()
_SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_NAME_TRUMP: Final[tuple[NameTrump, ...]] = tuple(NameTrump(s) for s in _SUITS)
_TURN_UP_ONLY: Final = {
    Rob: "no-turn-up", DeclineRob: "no-turn-up", Claim: "no-claim-now", Jink: "no-claim-now",
    AskFive: "no-fiving", AcceptFive: "no-fiving", RefuseFive: "no-fiving",
}
_ACTION_CLASSES: Final = tuple(ACTION_TYPES.values())
# A step of the draw round: ("discard" | "refill" | "take", seat).
_Step = tuple[str, int]

_AUCTION: Final = Phase.AUCTION
_TRUMP: Final = Phase.TRUMP
_DRAW: Final = Phase.DRAW
_PLAY_PHASE: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_new_tuple: Final = tuple.__new__
_tuple_item: Final = tuple.__getitem__
_BY_INDEX: Final = attrgetter("index")
#: The kinds of action a view masks for the other seats: face-down discards and takes.
_HIDDEN: Final = frozenset({"Discard", "Take"})

try:  # the C getter namedtuple uses for its fields (as fast as a slot)
    from _collections import _tuplegetter  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python implementation

    def _tuplegetter(index: int, doc: str) -> property:
        return property(itemgetter(index), doc=doc)

# The actions, history entries and events of the play are shared values (immutable), made
# once for every card and every seat of the largest table: a card played builds none.
_CARDS: Final = CARDS  # every card, by card id (the joker last)
_PLAY: Final[dict[Card, Play]] = {c: Play(c) for c in _CARDS}
_TAKE: Final[dict[Card, Take]] = {c: Take(c) for c in _CARDS}
_BID: Final[dict[int, Bid]] = {a: Bid(a) for a in BID_AMOUNTS}
_PLAY_TURNS: Final = tuple({c: Turn(seat, _PLAY[c], "Play") for c in _CARDS} for seat in range(10))
_PLAYED: Final = tuple({c: (Played(seat, c),) for c in _CARDS} for seat in range(10))

# The items of a BiddingHand (a tuple), in order. The first ones are its value (equality,
# hash); the rest are derived from them (or, ``events``, say what the last action did) and
# are kept only so that no action has to derive them again.
_FIELDS: Final = (
    "seating", "deck", "scores", "hands", "extras", "kitty", "stock", "calls", "contract",
    "trump", "kitty_taken", "discards", "drawn", "queue", "tricks", "trick_counts",
    "current_trick", "leader", "phase", "to_act", "history", "score", "thrown_in", "commit",
    # derived:
    "auction",  # the AuctionState after the calls
    "events",  # the events of the last action
    "table",  # the auction's table (dealer, players, each seat's side's score)
    "ctx",  # the PlayContext of the trump named, else None
    "mine",  # None, or each seat's view of the history up to its last face-down action
    "public",  # what every view shows of the auction (see _public_auction)
    "counts",  # (cards discarded, cards drawn) per seat, as the views show them
)
_AT: Final = {name: i for i, name in enumerate(_FIELDS)}
_VALUE: Final = slice(0, _AT["commit"] + 1)
_I_HANDS: Final = _AT["hands"]
_I_CURRENT: Final = _AT["current_trick"]
_I_TO_ACT: Final = _AT["to_act"]
_I_HISTORY: Final = _AT["history"]
_I_EVENTS: Final = _AT["events"]
_I_CTX: Final = _AT["ctx"]
_I_COUNTS: Final = _AT["counts"]
_I_DISCARDS: Final = _AT["discards"]
_I_DRAWN: Final = _AT["drawn"]
_I_TRUMP: Final = _AT["trump"]
_I_SEATING: Final = _AT["seating"]

# The legal actions of the last state asked, as (state, actions, playable cards or None):
# a playing loop asks a state (its view), then applies to it. One tuple, read and replaced
# whole, so a reader in another thread sees a matching triple or recomputes. Not a
# per-state cache: a state holds nothing for it.
_Legal = tuple[object, tuple[Action, ...], tuple[Card, ...] | None]
_last_legal: _Legal = (None, (), None)


def _evolve(state: BiddingHand, **changes: Any) -> BiddingHand:
    """This state with ``changes`` (by field name, without the underscore), and the derived
    items that depend on them brought up to date."""
    items = list(state)
    at = _AT
    for name, value in changes.items():
        try:
            items[at[name]] = value
        except KeyError:
            raise TypeError(f"BiddingHand has no field {name!r}") from None
    if "trump" in changes:
        trump = items[_I_TRUMP]
        items[_I_CTX] = None if trump is None else play_context(
            items[_I_SEATING].variant, trump)
    if "discards" in changes or "drawn" in changes:
        items[_I_COUNTS] = _counts(items[_I_DISCARDS], items[_I_DRAWN])
    return _new_tuple(BiddingHand, items)


def _counts(discards: tuple[tuple[Card, ...] | None, ...],
            drawn: tuple[tuple[Card, ...] | None, ...]
            ) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """How many cards each seat discarded and drew, as every view shows them (the sealed
    discards of a simultaneous draw aside)."""
    return (tuple([None if d is None else len(d) for d in discards]),
            tuple([None if d is None else len(d) for d in drawn]))


def _public_auction(history: tuple[Turn, ...], auction: AuctionState,
                    contract: Contract | None) -> tuple[Any, ...]:
    """What every view shows of the auction: (its calls as turns, high bid, high bidder,
    seats passed, bidder, contract, bagged, contract kind). The calls are the history's
    first turns."""
    high = auction.high if contract is None else contract
    return (history, None if high is None else high.amount,
            None if high is None else high.seat, tuple(sorted(auction.passed)),
            None if contract is None else contract.seat,
            None if contract is None else contract.amount,
            contract is not None and contract.bagged,
            None if contract is None else contract.kind)


def _mine_after(state: BiddingHand, seat: int, turn: Turn) -> tuple[tuple[Turn, ...], ...]:
    """Each seat's view of the history once ``turn``, a face-down action of ``seat``, is
    added: its own shown, the others' masked (the turns since the last such action are
    public)."""
    history, mine = state.history, state._mine
    n = state._seating.players
    if mine is None:
        mine, since = ((),) * n, history
    else:
        since = history[len(mine[0]):]
    masked = (Turn(seat, None, turn.kind),)
    own = (turn,)
    return tuple([m + since + (own if x == seat else masked) for x, m in enumerate(mine)])


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class BiddingHand(SeatingFacts, ValueTuple):
    """One deal of a bidding game in progress: an immutable value (BIDDING.md §§2–6).

    Build it with :func:`new_bidding_hand` (or :func:`trumpfamily.new_hand`,
    :func:`~trumpfamily.records.replay`); do not call the constructor, whose fields are
    internal. Move with :meth:`apply`, which returns a new state. Two states are equal
    when they hold the same deal, deck, scores before the hand and history; a state is
    hashable and pickles. ``variant``, ``players``, ``dealer``, ``eldest`` and ``sides``
    come from :class:`~trumpfamily.dealing.SeatingFacts`; the other attributes are
    described below.

    (Internally the state is a tuple subclass, for speed, as
    :class:`~trumpfamily.engine.HandState` is: a new state per action costs a tuple, not
    two dozen attribute writes. Use its attributes and methods only; its tuple items,
    order and length are not part of the API.)
    """

    __slots__ = ()
    _VALUE = _VALUE  # the value's items (ValueTuple: equality, hash)

    # The fields are tuple items read by C getters (as a namedtuple's are), attached
    # after the class (see below); declared here for the type checker.
    _seating: Seating
    deck: tuple[Card, ...]
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    _extras: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    stock: tuple[Card, ...]
    _calls: tuple[AuctionCall, ...]
    _contract: Contract | None
    trump: Suit | None
    _kitty_taken: bool
    _discards: tuple[tuple[Card, ...] | None, ...]
    _drawn: tuple[tuple[Card, ...] | None, ...]
    _queue: tuple[_Step, ...]
    tricks: tuple[Trick, ...]
    trick_counts: tuple[int, ...]
    current_trick: tuple[Card, ...]
    leader: int
    phase: Phase
    to_act: int | None
    history: tuple[Turn, ...]
    _score: HandScore | None
    _thrown_in: bool
    _commit: tuple[bytes, str] | None
    _auction: AuctionState
    _events: tuple[Event, ...]
    _table: _Table
    _play_ctx: PlayContext | None
    _mine: tuple[tuple[Turn, ...], ...] | None
    _public: tuple[Any, ...]
    _counts: tuple[tuple[int | None, ...], tuple[int | None, ...]]

    def __new__(cls, *args: object) -> BiddingHand:  # noqa: PYI034 (it only refuses)
        raise TypeError("BiddingHand is built by new_bidding_hand() or replay(), not by its "
                        "constructor")

    def __reduce__(self) -> tuple[Any, ...]:
        # the value and the last action's events; the rest is derived again
        return (_restore, (_tuple_item(self, _VALUE), self._events))

    # -- public facts ------------------------------------------------------------------

    # variant, players, dealer, eldest, sides: dealing.SeatingFacts

    @property
    def bidding(self) -> Bidding:
        """The variant's bidding rule component."""
        assert self._seating.variant.bidding is not None
        return self._seating.variant.bidding

    @property
    def auction(self) -> tuple[AuctionCall, ...]:
        """The calls of the auction so far, in order
        (:class:`~trumpfamily.bidding.AuctionCall`; a hold has ``hold=True``)."""
        return self._calls

    @property
    def auction_state(self) -> AuctionState:
        """Where the auction stands (:func:`~trumpfamily.bidding.auction_state`)."""
        return self._auction

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over (``None`` before, and after a throw-in)."""
        return self._contract

    @property
    def bidder(self) -> int | None:
        """The seat that won the auction, else ``None``."""
        return None if self._contract is None else self._contract.seat

    @property
    def kitty_taken(self) -> bool:
        """Whether the auction winner has taken the kitty into his hand."""
        return self._kitty_taken

    @property
    def discards(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Each seat's face-down discards (the bidder's kitty discard included), in
        card-id order, or ``None`` before it has discarded. The whole truth: a
        :meth:`view` shows only how many."""
        return self._discards

    @property
    def drawn(self) -> tuple[tuple[Card, ...] | None, ...]:
        """The cards each seat drew from the stock, or ``None`` before it is served."""
        return self._drawn

    @property
    def extras(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's extra cards not yet taken up (option ``extra_cards``: until trumps
        are named; ``()`` after)."""
        return self._extras

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order (the actions of :attr:`history`)."""
        return tuple(t.action for t in self.history)  # type: ignore[misc]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (then :attr:`outcome` is set)."""
        return self.phase is Phase.OVER

    @property
    def thrown_in(self) -> bool:
        """Everybody passed and the hand was thrown in (BIDDING.md §3.3 B7)."""
        return self._thrown_in

    @property
    def hand_score(self) -> HandScore | None:
        """The hand's :class:`~trumpfamily.bidding.HandScore` once it is played out
        (``None`` before, and after a throw-in): what a game needs for
        :func:`~trumpfamily.bidding.game_end`."""
        return self._score

    @property
    def commitment(self) -> str | None:
        """The deal commitment (64 hex digits) of a hand dealt with ``commit=True``, else
        ``None`` (:mod:`trumpfamily.integrity`)."""
        return None if self._commit is None else self._commit[1]

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the last action, in order (see :mod:`trumpfamily.events`): for a
        new hand ``Dealt``; after a call ``BidMade`` or ``Passed``, then ``AuctionWon``
        (or ``ThrownIn`` and ``HandOver``) when it ended the auction; ``TrumpNamed``,
        ``KittyTaken``, ``ExtraCardsTaken``, ``Discarded``, ``Drew`` around the kitty and
        the draw; ``Played``, ``TrickWon`` and ``HandOver`` in the play. The whole truth:
        narrate to one seat with :func:`trumpfamily.events.seen_by`."""
        return self._events

    @property
    def outcome(self) -> HandOutcome | None:
        """The :class:`~trumpfamily.outcomes.HandOutcome` once the hand is over
        (``scoring="bidding"``), else ``None``."""
        if self.phase is not _OVER:
            return None
        last = self._events[-1]  # the action that ended the hand told it
        if type(last) is HandOver:
            return last.outcome
        return _outcome(self)  # pragma: no cover - every end of a hand tells HandOver

    # -- moves -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat :attr:`to_act` may take now; ``()`` only when the hand is
        over.

        By phase: the auction: ``Pass()`` (unless the dealer is bagged), then ``Bid``
        lowest first (the dealer's hold is the ``Bid`` at the standing amount);
        trumps: ``NameTrump`` for clubs, diamonds, hearts, spades; the kitty and the
        draw: every ``Discard`` the limits allow, fewest cards first, then in hand
        order; the dealer robbing the pack: ``Take`` for each stock card, in card-id
        order; the play: ``Play`` for each legal card, in hand order (RULES.md §1.4).
        Each is offered exactly when :meth:`apply` accepts it.
        """
        last = _last_legal
        if last[0] is self:
            return last[1]
        return _remember(self)[1]

    def apply(self, action: Action, seat: object = None) -> BiddingHand:
        """The state after ``action`` by the seat :attr:`to_act`; this state is unchanged.

        Args:
            action: one of :meth:`legal_actions` (an equal value will do, e.g. ``Bid(20)``,
                ``Discard("5H 2C")`` in any card order).
            seat: optionally, the seat making the action (an int); if given it must be
                :attr:`to_act`.

        Returns:
            The new :class:`BiddingHand`.

        Raises:
            IllegalActionError: the action is not legal now, with a ``code`` of
                :data:`~trumpfamily.errors.REFUSAL_CODES` (``out-of-turn``,
                ``bid-too-low``, ``hold-not-dealer``, ``no-trump-to-name``,
                ``discard-too-many``, ``must-follow-or-trump``...), the rule in
                ``reason`` and what may be done instead in ``legal``.
        """
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            raise self._out_of_turn(action, seat)
        # The fast paths: an action of exactly one of the engine's types that the legal
        # actions (remembered, or worked out once) offer. Anything else goes the long way,
        # through the one check that words the refusal.
        kind = type(action)
        if kind is Play:
            last = _last_legal
            if last[0] is not self:
                last = _remember(self)
            cards = last[2]
            if cards is not None and action.card in cards:  # type: ignore[union-attr]
                return _play(self, action.card)  # type: ignore[union-attr]
        elif kind is Bid or kind is Pass:
            if self.phase is _AUCTION:
                last = _last_legal
                if last[0] is not self:
                    last = _remember(self)
                if action in last[1]:
                    return self._call(action)  # type: ignore[arg-type]
        elif kind is NameTrump and self.phase is _TRUMP:
            return self._name(action.suit)  # type: ignore[union-attr]
        elif kind is Discard:
            last = _last_legal  # a discard offered to this state (not one equal to it)
            if last[0] is self and any(map(is_, last[1], repeat(action))):
                return self._discard(action)  # type: ignore[arg-type]
        why = self._why_not(action)
        if why is not None:
            raise self._refusal(action, *why)
        if isinstance(action, (Bid, Pass)):
            return self._call(action)
        if isinstance(action, NameTrump):
            return self._name(action.suit)
        if isinstance(action, Discard):
            return self._discard(action)
        if isinstance(action, Take):
            return self._take(action)
        assert isinstance(action, Play)
        return _play(self, action.card)

    # -- the one check per action ------------------------------------------------------

    def _why_not(self, action: object) -> tuple[str, str] | None:
        """``(code, reason)`` when the seat to act may not take ``action`` now, else
        ``None``: the checks :meth:`legal_actions` offers by."""
        if not isinstance(action, _ACTION_CLASSES):
            return "not-an-action", (f"not an action: expected one of "
                                     f"{', '.join(ACTION_TYPES)}")
        if self.phase is Phase.OVER:
            return "hand-over", "the hand is over: nobody may act"
        kind = type(action)
        if kind in _TURN_UP_ONLY:
            return _turn_up_only(_TURN_UP_ONLY[kind], action)
        if isinstance(action, (Bid, Pass)):
            return self._why_not_call(action)
        if isinstance(action, NameTrump):
            if self.phase is Phase.TRUMP:
                return None
            return "no-trump-to-name", self._no_trump_reason()
        if isinstance(action, Discard):
            return self._why_not_discard(action.cards)
        if isinstance(action, Take):
            return self._why_not_take(action.card)
        assert isinstance(action, Play)
        return self._why_not_play(action.card)

    def _why_not_call(self, action: Bid | Pass) -> tuple[str, str] | None:
        if self.phase is not Phase.AUCTION:
            return "auction-over", ("the auction is over: nobody may bid or pass any more "
                                    "(BIDDING.md §7.1 #3)")
        call = self._as_call(action)
        if call in self._auction.calls:
            return None
        try:  # the auction's own decision says why (trumpfamily.bidding.auction)
            check_call(self.bidding, self._calls, call, dealer=self.dealer,
                       players=self.players, scores=self._seat_scores())
        except IllegalActionError as err:
            return err.code, f"{err.reason} ({err.rule})"
        raise AssertionError(f"{call} is neither legal nor refused")  # pragma: no cover

    def _as_call(self, action: Bid | Pass) -> AuctionCall:
        """The auction call of ``action`` by the seat to act: a ``Bid`` at the standing
        amount is a hold (BIDDING.md §0: hold, take, call, match)."""
        seat: int = self.to_act  # type: ignore[assignment]
        if isinstance(action, Pass):
            return _call_of(seat, None, False)
        high = self._auction.high
        return _call_of(seat, action.amount, high is not None and action.amount == high.amount)

    def _no_trump_reason(self) -> str:
        if self.trump is not None:
            return f"trumps are already named ({self.trump.letter}) (BIDDING.md §3.4)"
        if self.phase is Phase.AUCTION:
            return "the auction is not over: trumps are named by its winner (BIDDING.md §3.4)"
        return ("the auction winner discards from the kitty before naming trumps "
                "(option trump_before_kitty=False; BIDDING.md §3.4 K3)")

    def _step(self) -> str | None:
        """The kind of the pending discard or take step of the kitty or the draw."""
        if self.phase is Phase.KITTY:
            return "discard"
        if self.phase is Phase.DRAW:
            return self._queue[0][0]
        return None

    def _why_not_discard(self, cards: tuple[Card, ...]) -> tuple[str, str] | None:
        deck = self._seating.deck_set
        foreign = [c for c in cards if c not in deck]
        if foreign:
            return "card-not-in-deck", f"{foreign[0]} is not in this variant's deck"
        if self._step() != "discard":
            return "no-discard-now", self._no_discard_reason()
        seat: int = self.to_act  # type: ignore[assignment]
        hand = self.hands[seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            return "discard-not-held", (f"{' '.join(map(str, missing))} is not in seat "
                                        f"{seat}'s hand {_text(hand)!r}")
        limits = self._limits(seat)
        if len(cards) < limits.fewest:
            return "discard-too-few", (
                f"seat {seat} holds {len(hand)} cards and must discard at least "
                f"{limits.fewest}, down to five (BIDDING.md §3.4)")
        if len(cards) > limits.most:
            return "discard-too-many", (
                f"seat {seat} may discard at most {limits.most}: no more than it may draw "
                f"back{self._draw_rule(seat)} (BIDDING.md §3.4, §7.1 #4)")
        trumps = self._trumps_in(cards)
        if trumps > limits.most_trumps:
            return "discard-trump", (
                "the bidder may discard a trump only when his other cards cannot make up "
                "his discards (option discard_trumps='last-resort'; BIDDING.md §3.4 K5, "
                "EX-K05; IMP-NL)")
        return None

    def _no_discard_reason(self) -> str:
        if self.phase is Phase.DRAW:
            return ("the dealer robbing the pack now takes his replacements from the stock "
                    "(Take; option rob_pack, BIDDING.md §3.4 K9)")
        return (f"no discard in the {self.phase.value} phase: the bidder discards after "
                "taking the kitty, each seat before it draws (BIDDING.md §3.4)")

    def _draw_rule(self, seat: int) -> str:
        b = self.bidding
        if seat == self.bidder and b.kitty and b.kitty_discard == "exact":
            return " (option kitty_discard='exact': the bidder draws nothing)"
        if seat != self.bidder and b.draw == "bidder-only":
            return " (option draw='bidder-only': only the bidder draws)"
        limit = draw_limit_for(b, self.players)
        return f" (option draw_limit: {limit} a seat at {self.players} players)"

    def _why_not_take(self, card: Card) -> tuple[str, str] | None:
        if card not in self._seating.deck_set:
            return "card-not-in-deck", f"{card} is not in this variant's deck"
        if self._step() != "take":
            return "no-take-now", ("only the dealer robbing the pack takes cards from the "
                                   "stock, after his discard (option rob_pack; BIDDING.md "
                                   "§3.4 K9)")
        if card not in self.stock:
            return "take-not-in-stock", f"{card} is not one of the stock's cards"
        return None

    def _why_not_play(self, card: Card) -> tuple[str, str] | None:
        if card not in self._seating.deck_set:
            return "card-not-in-deck", f"{card} is not in this variant's deck"
        if self.phase is not Phase.PLAY:
            return "wrong-phase", (f"no card may be played now: it is the {self.phase.value} "
                                   "phase (BIDDING.md §3.4: the auction, trumps and the draw "
                                   "come first)")
        seat: int = self.to_act  # type: ignore[assignment]
        hand = self.hands[seat]
        if card not in hand:
            return "card-not-held", f"{card} is not in seat {seat}'s hand {_text(hand)!r}"
        if card in _playable(self):
            return None
        ctx = self._ctx()
        _, obligation = decide(hand, self.current_trick, ctx)
        return (refusal_code(hand, ctx, obligation),
                explain(card, hand, self.current_trick, ctx, obligation))

    # -- what the checks read ----------------------------------------------------------

    def _seat_scores(self) -> tuple[int, ...]:
        side_of = self._seating.side_of
        return tuple(self.scores[side_of[s]] for s in range(self.players))

    def _ctx(self) -> PlayContext:
        ctx = self._play_ctx
        assert ctx is not None
        return ctx

    def _trumps_in(self, cards: Iterable[Card]) -> int:
        if self.trump is None:
            return 0
        trumps = self._ctx().masks.trumps
        return sum(1 for c in cards if c.bit & trumps)

    def _limits(self, seat: int) -> DiscardLimits:
        """:func:`~trumpfamily.bidding.discard_limits` for ``seat`` now."""
        return _discard_limits(self.bidding, self.players, seat == self.bidder,
                               self._trumps_in(self.hands[seat]))

    def _legal_discards(self) -> tuple[Discard, ...]:
        seat: int = self.to_act  # type: ignore[assignment]
        hand = self.hands[seat]
        limits = self._limits(seat)
        trumps = self._ctx().masks.trumps if self.trump is not None else 0
        return _discards_of(hand, limits.fewest, limits.most, limits.most_trumps, trumps)

    # -- refusals ----------------------------------------------------------------------

    def _out_of_turn(self, action: object, seat: object) -> IllegalActionError:
        to_act = self.to_act
        if type(seat) is not int or not 0 <= seat < self.players:
            code = "not-a-seat"
            what = "a seat number" if type(seat) is not int else "a seat"
            reason = (f"seat={safe_repr(seat)} is not {what}: seats are the ints 0..{self.players - 1}"
                      + (f" (it is seat {to_act}'s turn)" if to_act is not None
                         else ", and the hand is over"))
        elif to_act is None:
            code, reason = "hand-over", "the hand is over: nobody may act"
        else:
            code = "out-of-turn"
            reason = (f"it is seat {to_act}'s turn, not seat {seat}'s (BIDDING.md §2.3: the "
                      "auction, the draw and the play go clockwise; the winner of a trick "
                      "leads the next)")
        info = BIDDING_CODES[code]
        return IllegalActionError(action, reason, code=code, legal=self.legal_actions(),
                                  seat=seat, expected_seat=to_act, rule=info.rule,
                                  sources=info.sources)

    def _refusal(self, action: object, code: str, reason: str) -> IllegalActionError:
        info = BIDDING_CODES[code]  # the BIDDING.md section, also of a shared code
        return IllegalActionError(action, reason, code=code, legal=self.legal_actions(),
                                  seat=self.to_act, expected_seat=self.to_act,
                                  rule=info.rule, sources=info.sources)

    # -- transitions -------------------------------------------------------------------

    def _next(self, action: Action, events: Sequence[Event], **changes: Any) -> BiddingHand:
        """This state after ``action`` by the seat to act, with ``changes``."""
        seat: int = self.to_act  # type: ignore[assignment]
        kind = type(action).__name__
        turn = Turn(seat, action, kind)
        if kind in _HIDDEN:
            changes["mine"] = _mine_after(self, seat, turn)
        return _evolve(self, history=self.history + (turn,), events=tuple(events), **changes)

    def _call(self, action: Bid | Pass) -> BiddingHand:
        """A bid, a hold or a pass in the auction (BIDDING.md §2.3, §3.3): one step of
        the auction (:func:`~trumpfamily.bidding.auction_state`, call by call)."""
        call = self._as_call(action)
        calls = self._calls + (call,)
        now = _after_call(self.bidding, self._table, self._auction, call)
        high = now.high  # after a bid or a hold: the contract just made
        events: list[Event] = [
            Passed(call.seat, "auction") if call.amount is None or high is None
            else BidMade(call.seat, call.amount, call.hold, high.kind)]
        history = self.history + (Turn(call.seat, action, type(action).__name__),)
        contract = now.contract
        public = _public_auction(history, now, contract)
        if not now.over:
            return _evolve(self, history=history, events=tuple(events), calls=calls,
                           auction=now, to_act=now.to_speak, public=public)
        if contract is None:  # everybody passed: thrown in (all_pass="redeal-*")
            events += [ThrownIn(self.dealer)]
            state = _evolve(self, history=history, events=tuple(events), calls=calls,
                            auction=now, to_act=None, phase=Phase.OVER, thrown_in=True,
                            public=public)
            return _evolve(state, events=state.events + (HandOver(_outcome(state)),))
        events.append(AuctionWon(contract.seat, contract.amount, contract.bagged, contract.kind))
        state = _evolve(self, history=history, events=tuple(events), calls=calls,
                        auction=now, contract=contract, public=public)
        return state._after_auction()

    def _after_auction(self) -> BiddingHand:
        """The contract is known: trumps, or the kitty first (BIDDING.md §3.4 K3)."""
        b = self.bidding
        bidder: int = self.bidder  # type: ignore[assignment]
        if b.kitty and not b.trump_before_kitty:
            state = self._take_kitty()
            if b.extra_cards:  # the extra cards join when trumps are named: name first
                return _evolve(state, phase=Phase.TRUMP, to_act=bidder)
            return _evolve(state, phase=Phase.KITTY, to_act=bidder)
        return _evolve(self, phase=Phase.TRUMP, to_act=bidder)

    def _take_kitty(self) -> BiddingHand:
        bidder: int = self.bidder  # type: ignore[assignment]
        hands = list(self.hands)
        hands[bidder] = hands[bidder] + self.kitty
        return _evolve(self, hands=tuple(hands), kitty_taken=True,
                            events=self._events + (KittyTaken(bidder, self.kitty),))

    def _name(self, suit: Suit) -> BiddingHand:
        """Trumps are named; the extra cards join, then the kitty or the draw."""
        b = self.bidding
        bidder: int = self.bidder  # type: ignore[assignment]
        events: list[Event] = [TrumpNamed(bidder, suit)]
        hands = list(self.hands)
        if b.extra_cards:
            for seat, extra in enumerate(self._extras):
                hands[seat] = hands[seat] + extra
                events.append(ExtraCardsTaken(seat, extra))
        state = self._next(NameTrump(suit), events, trump=suit, hands=tuple(hands),
                           extras=tuple(() for _ in self._extras))
        if b.kitty and self._discards[bidder] is None:
            if not state._kitty_taken:
                state = state._take_kitty()
            return _evolve(state, phase=Phase.KITTY, to_act=bidder)
        return state._start_draw()

    def _discard(self, action: Discard) -> BiddingHand:
        seat: int = self.to_act  # type: ignore[assignment]
        gone = action.cards
        hands = list(self.hands)
        hands[seat] = tuple([c for c in hands[seat] if c not in gone])
        discards = list(self._discards)
        discards[seat] = gone
        sealed = self.phase is Phase.DRAW and self.bidding.draw_order == "simultaneous"
        events: list[Event] = [Discarded(seat, len(gone), gone, sealed)]
        if self.phase is Phase.KITTY:
            state = self._next(action, events, hands=tuple(hands), discards=tuple(discards))
            if state.trump is None:  # trump_before_kitty=False: now he names trumps
                return _evolve(state, phase=Phase.TRUMP, to_act=seat)
            return state._start_draw()
        # the draw round goes on: its refills up to the next seat to act, in one new state
        changes = self._served(self._queue[1:], hands, list(self._drawn), self.stock, events)
        return self._next(action, changes.pop("events"), discards=tuple(discards), **changes)

    def _take(self, action: Take) -> BiddingHand:
        seat: int = self.to_act  # type: ignore[assignment]
        card = action.card
        hands = list(self.hands)
        hands[seat] = hands[seat] + (card,)
        drawn = list(self._drawn)
        drawn[seat] = (drawn[seat] or ()) + (card,)
        stock = tuple(c for c in self.stock if c is not card)
        state = self._next(action, [Drew(seat, 1, (card,))], hands=tuple(hands),
                           drawn=tuple(drawn), stock=stock)
        return state._advance()

    def _start_draw(self) -> BiddingHand:
        """The discard and draw round (BIDDING.md §3.4 K6–K9): its steps, in order."""
        b = self.bidding
        n, dealer = self.players, self.dealer
        bidder: int = self.bidder  # type: ignore[assignment]
        served = draw_sequence(b, n, dealer=dealer, bidder=bidder)
        # Seats that must come down to five but draw nothing (extra cards, no draw) discard
        # in the same round, in seat order from eldest.
        shed = [s for s in ((dealer + 1 + k) % n for k in range(n))
                if s not in served and len(self.hands[s]) > HAND_SIZE]
        acting = [s for s in served if self._discards[s] is None] + shed
        robber = [s for s in served if chooses_replacements(b, s, dealer=dealer)]
        steps: list[_Step] = []
        if b.draw_order == "simultaneous":
            steps += [("discard", s) for s in acting]
            steps += [("refill", s) for s in served if s not in robber]
            steps += [("take", s) for s in robber]
        else:
            for s in (*served, *shed):
                if s in acting:
                    steps.append(("discard", s))
                if s in served:
                    steps.append(("take" if s in robber else "refill", s))
        return _evolve(self, queue=tuple(steps))._advance()

    def _advance(self) -> BiddingHand:
        """Serve the draw round's automatic steps (refills from the top of the stock)
        until a seat must act; then the play."""
        return _evolve(self, **self._served(self._queue, list(self.hands), list(self._drawn),
                                            self.stock, list(self._events)))

    def _served(self, queue: tuple[_Step, ...], hands: list[tuple[Card, ...]],
                drawn: list[tuple[Card, ...] | None], stock: tuple[Card, ...],
                events: list[Event]) -> dict[str, Any]:
        """The changes of :meth:`_advance` from the draw round's steps ``queue``, the
        seats' ``hands`` and ``drawn`` cards (lists, changed in place), the ``stock`` and
        the ``events`` so far (appended to)."""
        while queue:
            kind, seat = queue[0]
            need = HAND_SIZE - len(hands[seat])
            if kind == "discard" or (kind == "take" and need > 0):
                return {"queue": queue, "hands": tuple(hands), "drawn": tuple(drawn),
                        "stock": stock, "events": tuple(events), "phase": Phase.DRAW,
                        "to_act": seat}
            if kind == "refill" and need > 0:
                got, stock = stock[:need], stock[need:]
                hands[seat] = hands[seat] + got
                drawn[seat] = got
                events.append(Drew(seat, len(got), got))
            elif drawn[seat] is None:
                drawn[seat] = ()
            queue = queue[1:]
        b = self.bidding
        bidder = self.bidder
        assert bidder is not None
        assert all(len(h) == HAND_SIZE for h in hands), hands
        leader = first_leader(b, self.players, dealer=self.dealer, bidder=bidder)
        return {"queue": (), "hands": tuple(hands), "drawn": tuple(drawn), "stock": stock,
                "events": tuple(events), "phase": Phase.PLAY, "to_act": leader,
                "leader": leader}

    def _scored(self) -> HandScore:
        """The hand's score (BIDDING.md §3.6; :func:`~trumpfamily.bidding.score_hand`)."""
        contract = self._contract
        assert contract is not None
        side_of = self._seating.side_of
        bonus = best_trump_trick([t.cards for t in self.tricks], self._ctx().table,
                                 self.variant.scoring.best_trump_bonus)
        return score_hand(self.bidding, bidder=side_of[contract.seat], amount=contract.amount,
                          trick_sides=[side_of[t.winner] for t in self.tricks],
                          bonus_trick=bonus, scores=self.scores)

    # -- views -------------------------------------------------------------------------

    def view(self, seat: object) -> BiddingView:
        """What ``seat`` may see (for bots and servers; BIDDING.md §3.4).

        Args:
            seat: a seat, an int ``0..players-1``.

        Returns:
            A :class:`~trumpfamily.outcomes.BiddingView`: this seat's own hand (its extra
            cards once trumps are named), the auction, the contract and trumps, how many
            cards each seat discarded and drew (never which cards of another seat), the
            kitty's cards only to the auction winner once he has taken it, the stock's
            cards only to the dealer robbing the pack while he picks, the tricks, whose
            turn it is and, on its turn, its legal actions; the history with the other
            seats' discards and takes masked. Re-dealing the cards this seat cannot see
            and replaying the same actions gives the same view (tested).

        Raises:
            InvalidSeatError: ``seat`` is not a seat (also an :class:`IndexError`).
        """
        # every item at once (in the order of _FIELDS: one unpacking, no attribute reads)
        (s, _, _, hands, _, kitty, stock, _, _, trump, kitty_taken, discards, _, queue,
         tricks, trick_counts, current_trick, leader, phase, to_act, history, _, _, commit,
         _, _, _, _, mine, public, counts) = self
        n = s.players
        if type(seat) is not int or not 0 <= seat < n:
            raise InvalidSeatError(seat, n)
        if seat == to_act:
            last = _last_legal
            legal = last[1] if last[0] is self else _remember(self)[1]
        else:
            legal = ()
        discarded, drawn = counts
        pack: tuple[Card, ...] = ()
        if phase is _DRAW:
            if self.bidding.draw_order == "simultaneous" and any(
                    k == "discard" for k, _ in queue):
                # Under "simultaneous" the draw round's discards are counted for the others
                # only once the last is down; the bidder's kitty discard came before, in
                # the open.
                open_kitty = self.bidder if self.bidding.kitty else None
                discarded = tuple(
                    None if d is None or x not in (seat, open_kitty) else len(d)
                    for x, d in enumerate(discards))
            if to_act == seat and queue[0][0] == "take":
                pack = tuple(sorted(stock, key=_BY_INDEX))
        if mine is not None:
            own = mine[seat]
            history = own if len(own) == len(history) else own + history[len(own):]
        return _new_tuple(BiddingView, (  # BiddingView(...) without its keyword handling
            seat, n, s.dealer, s.variant, phase, to_act, trump, hands[seat], current_trick,
            leader, tricks, trick_counts, s.sides, legal, *public, len(kitty),
            kitty if kitty_taken and seat == public[4] else (), discarded, drawn,
            discards[seat] or (), len(stock), pack, history,
            _lone_game(self.scores, self.bidding.target),
            None if commit is None else commit[1],
        ))

    @overload
    def record(self) -> dict[str, object]: ...

    @overload
    def record(self, *, key: bytes | None) -> dict[str, object]: ...

    def record(self, *, key: Any = None) -> dict[str, object]:  # Any: checked in the body
        """A JSON-serialisable record of the hand so far: variant name and options,
        players, dealer, deck order, actions and, when any is not 0, the sides' scores
        before the hand (see :func:`trumpfamily.replay`); for a committed hand its
        ``"salt"``.

        Args:
            key: a secret key (non-empty bytes): the record then carries ``"mac"``
                (:mod:`trumpfamily.integrity`).

        Raises:
            InvalidArgumentError: ``key`` is not non-empty bytes.
        """
        sealed = self._commit
        return hand_record(
            self.variant, self.players, self.dealer, self.deck, self.actions,
            salt=None if sealed is None else sealed[0], key=key,
            scores=self.scores if any(self.scores) else None,
        )

    def svg(self, *, reveal: Any = False, **sizes: Any) -> str:  # Any: a bool, checked below
        """The table as a picture (:func:`trumpfamily.svg.table`).

        Args:
            reveal: ``False`` (default): only what the whole table sees, every hand face
                down with its count (safe to show anyone); ``True``: every hand face up,
                and the face-down discards.
            sizes: more keyword arguments of :func:`trumpfamily.svg.table`
                (``mark_legal``, ``bottom``, ``names``, ``card_width``, ``card_height``,
                ``font_size``).

        Returns:
            An SVG document (text).

        Raises:
            InvalidArgumentError: a bad value of a keyword argument (see
                :func:`trumpfamily.svg.table`).
            TypeError: a keyword argument that :func:`trumpfamily.svg.table` does not take.
        """
        from .._svgdraw import table_picture

        return table_picture(self, reveal=reveal, **sizes)

    def _repr_svg_(self) -> str:
        """The public picture of the table, for Jupyter: no card a player may not see
        (:meth:`svg`; ``svg(reveal=True)`` shows every hand)."""
        return self.svg()

    def __repr__(self) -> str:
        where = {Phase.PLAY: f"trick {len(self.tricks) + 1}"}.get(self.phase, self.phase.value)
        turn = "" if self.to_act is None else f", seat {self.to_act} to act"
        deal = "" if self._contract is None else (
            f", seat {self._contract.seat} bid {self._contract.amount}"
            + ("" if self.trump is None else f" in {self.trump.name.lower()}"))
        return (f"<BiddingHand {self.variant.name!r} {self.players} players, dealer "
                f"{self.dealer}{deal}, {where}{turn}>")


# The fields of :class:`BiddingHand`, attached to the class here rather than in its body so that
# the compiled build (issue 24), which builds a class body as the type checker reads it,
# has them too.
for _name, _getter in dict(  # noqa: C408 (the names read best as keywords)
    _seating=_tuplegetter(0, "The seating (internal)."),
    deck=_tuplegetter(1, "The deck order, top card first."),
    scores=_tuplegetter(
        2, "Each side's score before the hand (for the near-end rules: BIDDING.md §3.3 "
           "B3, §3.7 S1, §5.6 B12); zeros for a hand played on its own."),
    hands=_tuplegetter(
        3, "Each seat's cards now (dealt order, then the kitty or the cards drawn; extra "
           "cards join when trumps are named)."),
    _extras=_tuplegetter(4, "Each seat's extra cards not yet taken up (internal)."),
    kitty=_tuplegetter(
        5, "The cards dealt to the kitty, in dealt order (the whole truth: a :meth:`view` "
           "shows them only to the auction winner once he has taken them)."),
    stock=_tuplegetter(6, "The undealt cards left, top first."),
    _calls=_tuplegetter(7, "The calls of the auction (internal)."),
    _contract=_tuplegetter(8, "The contract (internal)."),
    trump=_tuplegetter(9, "The trump suit once named, else ``None``."),
    _kitty_taken=_tuplegetter(10, "The kitty is taken (internal)."),
    _discards=_tuplegetter(11, "Each seat's discards (internal)."),
    _drawn=_tuplegetter(12, "Each seat's cards drawn (internal)."),
    _queue=_tuplegetter(13, "The steps of the draw round left (internal)."),
    tricks=_tuplegetter(
        14, "The completed tricks, in play order (:class:`~trumpfamily.outcomes.Trick`)."),
    trick_counts=_tuplegetter(15, "Tricks won per seat."),
    current_trick=_tuplegetter(16, "The cards played to the trick in progress, lead first."),
    leader=_tuplegetter(
        17, "The seat that led (or will lead) the current trick; eldest before the play."),
    phase=_tuplegetter(
        18, "What the hand waits for, a :class:`~trumpfamily.outcomes.Phase`: "
            "``AUCTION``, ``TRUMP``, ``KITTY``, ``DRAW``, ``PLAY`` or ``OVER``."),
    to_act=_tuplegetter(
        19, "The seat whose turn it is, or ``None`` when the hand is over."),
    history=_tuplegetter(
        20, "Every action applied since the deal, in order, with its seat, as "
            ":class:`~trumpfamily.outcomes.Turn` values: the whole truth (a :meth:`view` "
            "masks the other seats' discards and takes)."),
    _score=_tuplegetter(21, "The hand's score (internal)."),
    _thrown_in=_tuplegetter(22, "Thrown in (internal)."),
    _commit=_tuplegetter(23, "The deal commitment (internal)."),
    _auction=_tuplegetter(24, "The auction state (internal, derived)."),
    _events=_tuplegetter(25, "The events of the last action (internal)."),
    _table=_tuplegetter(26, "The auction's table (internal, derived)."),
    _play_ctx=_tuplegetter(27, "The play context of the trump named (internal, derived)."),
    _mine=_tuplegetter(28, "Each seat's view of the history (internal, derived)."),
    _public=_tuplegetter(29, "What every view shows of the auction (internal, derived)."),
    _counts=_tuplegetter(30, "Cards discarded and drawn per seat (internal, derived)."),
).items():
    setattr(BiddingHand, _name, _getter)
del _name, _getter


# The hot paths, as module functions rather than methods: the compiled build calls a
# function of its own module directly, where a method of BiddingHand (a Python class, a
# tuple) is looked up and called like any Python method.


def _ctx_of(state: BiddingHand) -> PlayContext:
    """The play context of the trump named (the play only)."""
    ctx = state._play_ctx
    assert ctx is not None
    return ctx


def _remember(state: BiddingHand) -> _Legal:
    """The legal actions (and, in the play, the playable cards) of this state, remembered
    as those of the last state asked."""
    global _last_legal
    phase = state.phase
    cards: tuple[Card, ...] | None = None
    legal: tuple[Action, ...]
    if phase is _PLAY_PHASE:
        cards = _playable(state)
        play = _PLAY
        legal = tuple([play[c] for c in cards])
    elif phase is _AUCTION:
        bid = _BID
        legal = tuple([_PASS if c.amount is None else bid[c.amount]
                       for c in state._auction.calls])
    elif phase is _OVER:
        legal = ()
    elif phase is _TRUMP:
        legal = _NAME_TRUMP
    elif state._step() == "take":
        take = _TAKE
        legal = tuple([take[c] for c in sorted(state.stock, key=_BY_INDEX)])
    else:
        legal = state._legal_discards()
    memo = (state, legal, cards)
    _last_legal = memo
    return memo


def _playable(state: BiddingHand) -> tuple[Card, ...]:
    """The legal cards of the seat to act, in hand order (RULES.md §1.4; the mask
    decision :func:`~trumpfamily.tables.legal_mask`)."""
    hand = state.hands[state.to_act]  # type: ignore[index]
    trick = state.current_trick
    if not trick:
        return hand
    m = _ctx_of(state).masks
    held = 0
    for c in hand:
        held |= c.bit
    ok, _ = legal_mask(held, trick[0].index, m, [c.index for c in trick] if m.highest else ())
    return tuple([c for c in hand if c.bit & ok])


def _play(state: BiddingHand, card: Card) -> BiddingHand:
    """A card to the trick; the trick's winner (RULES.md §1.3) and, after the fifth,
    the hand's score (BIDDING.md §3.6)."""
    items = list(state)  # every item read and written by its index: no attribute lookups
    seat: int = items[_I_TO_ACT]
    hands = list(items[_I_HANDS])
    held = hands[seat]
    at = held.index(card)
    hands[seat] = held[:at] + held[at + 1:]
    items[_I_HANDS] = tuple(hands)
    items[_I_HISTORY] += (_PLAY_TURNS[seat][card],)
    items[_I_EVENTS] = _PLAYED[seat][card]
    trick = items[_I_CURRENT] + (card,)
    n = items[_I_SEATING].players
    if len(trick) < n:
        items[_I_CURRENT] = trick
        items[_I_TO_ACT] = seat + 1 if seat + 1 < n else 0
        return _new_tuple(BiddingHand, items)
    played: BiddingHand = _new_tuple(BiddingHand, items)
    m = _ctx_of(played).masks
    leader = played.leader
    winner = (leader + winner_index([c.index for c in trick], m)) % n
    counts = list(played.trick_counts)
    counts[winner] += 1
    tricks = played.tricks + (Trick(trick, leader, winner),)
    events = (*items[_I_EVENTS], TrickWon(winner, len(tricks), trick, leader))
    played = _evolve(played, events=events, current_trick=(), tricks=tricks,
                     trick_counts=tuple(counts), leader=winner, to_act=winner)
    if len(tricks) < HAND_SIZE:
        return played
    played = _evolve(played, to_act=None, phase=Phase.OVER, score=played._scored())
    return _evolve(played, events=played.events + (HandOver(_outcome(played)),))


def _lone_game(scores: tuple[int, ...], target: int) -> GameContext | None:
    """The game context a hand dealt on its own shows: ``None`` at 0-0; else its scores
    before the hand (``new_bidding_hand(scores=...)``), which the near-end rules read
    (BIDDING.md §3.3 B3, §3.7 S1, §5.6 B12), so that a seat sees what decides its legal
    calls and scores (hand number 1: the hand knows no game before it). A
    :class:`~trumpfamily.game.GameState` replaces it by the game's own."""
    if not any(scores):
        return None
    return GameContext(1, None, scores, target, None, None)


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def _turn_up_only(code: str, action: object) -> tuple[str, str]:
    """The refusal of an action of the turn-up games in a bidding hand."""
    what = {
        "no-turn-up": "there is no turn-up to rob or decline: trumps are named by the "
                      "auction winner (BIDDING.md §2.2)",
        "no-claim-now": "nobody claims or jinks in the bidding games: all five tricks are "
                        "played for points (BIDDING.md §2.4)",
        "no-fiving": "there is no fiving in the bidding games: trumps are named by the "
                     "auction winner (BIDDING.md §2.2)",
    }[code]
    return code, what  # the message names the action already


def _outcome(state: BiddingHand) -> HandOutcome:
    """The :class:`~trumpfamily.outcomes.HandOutcome` of a finished bidding hand."""
    s = state._seating
    counts = state.trick_counts
    sides = s.sides
    side_tricks = tuple(sum(counts[x] for x in side) for side in sides)
    hs = state._score
    if hs is None:  # thrown in
        zero_seats, zero_sides = (0,) * s.players, (0,) * len(sides)
        return HandOutcome(
            scoring="bidding", sides=sides, tricks=counts, side_tricks=side_tricks,
            tricks_played=0, tricks_needed=None, winner=None, winner_seats=(), spoil=False,
            claimed=False, jink_tried=False, jink_succeeded=False, points=zero_seats,
            side_points=zero_sides, best_trump=None, best_trump_trick=None, all_five=None,
            barred=(), gains=zero_sides, thrown_in=True)
    bonus = hs.bonus_trick
    held = bonus if bonus is not None else hs.forfeited_trick  # the highest trump's trick
    best = None
    if held is not None:
        ctx = state._ctx()
        best = max((c for c in state.tricks[held].cards if ctx.suit_of[c] is ctx.trump),
                   key=lambda c: ctx.power[c])
    points = tuple(5 * counts[x] + (5 if bonus is not None and state.tricks[bonus].winner == x
                                    else 0) for x in range(s.players))
    contract = state._contract
    assert contract is not None
    return HandOutcome(
        scoring="bidding", sides=sides, tricks=counts, side_tricks=side_tricks,
        tricks_played=len(state.tricks), tricks_needed=None, winner=None, winner_seats=(),
        spoil=False, claimed=False, jink_tried=False, jink_succeeded=False, points=points,
        side_points=hs.points, best_trump=best, best_trump_trick=held,
        all_five=next((i for i, t in enumerate(side_tricks) if t == HAND_SIZE), None),
        barred=(), bidder=contract.seat, bid=contract.amount, made=hs.made,
        bid_kind=contract.kind, gains=hs.gains, bonus_forfeited=hs.forfeited_trick is not None)


def _check_scores(scores: Sequence[int] | None, sides: int) -> tuple[int, ...]:
    if scores is None:
        return (0,) * sides
    if (isinstance(scores, str | bytes | bytearray) or not isinstance(scores, Sequence) or len(scores) != sides
            or any(type(x) is not int or x.bit_length() > 63 for x in scores)):
        raise InvalidArgumentError(
            f"scores={safe_repr(scores)}: one int score per side before the hand ({sides} "
            "sides; 64-bit ints)")
    return tuple(scores)


def _discards_of(hand: tuple[Card, ...], fewest: int, most: int, most_trumps: int,
                 trumps: int) -> tuple[Discard, ...]:
    """Every ``Discard`` of ``fewest`` to ``most`` cards of ``hand`` with at most
    ``most_trumps`` of the trumps (mask ``trumps``), fewest first, then in hand order.

    A seat may have hundreds (the bidder of Fifty-Five discards five of ten: 252), so the
    common case, no trump limit, builds them without sorting each: the combinations of the
    hand sorted by card id come out sorted, and are put in hand order by their places."""
    top = min(most, len(hand))
    if most_trumps < top:  # discard_trumps="last-resort": filter by the trumps
        out = []
        for k in range(fewest, top + 1):
            for cards in itertools.combinations(hand, k):
                if most_trumps >= k or sum(1 for c in cards if c.bit & trumps) <= most_trumps:
                    out.append(tuple(sorted(cards, key=_BY_INDEX)))
        return tuple(_discards(out))
    ordered = sorted(hand, key=_BY_INDEX)
    shared = _SMALL_DISCARDS
    if len(hand) <= _RANKED_HAND:
        # each discard's cards picked from the sorted hand, laid out once for the order
        # of the hand's cards; those of up to two cards (they come first) are shared
        ranks = tuple([ordered.index(c) for c in hand])
        small, large = _discard_picks(ranks, fewest, top)
        return (*map(shared.__getitem__, map(call, small, repeat(ordered))),
                *_discards(list(map(call, large, repeat(ordered)))))
    # a card's place in card-id order as a bit: a combination of places is the sum of its
    # bits, whichever order it is taken in
    bits = _BITS[:len(hand)]
    places = [bits[ordered.index(c)] for c in hand]
    made: list[Discard] = []
    for k in range(fewest, top + 1):
        by_places = dict(zip(map(sum, itertools.combinations(bits, k)),
                             itertools.combinations(ordered, k), strict=True))
        picked = list(map(by_places.__getitem__, map(sum, itertools.combinations(places, k))))
        made += map(shared.__getitem__, picked) if k <= 2 else _discards(picked)
    return tuple(made)


_BITS: Final = tuple(1 << i for i in range(64))


@functools.lru_cache(maxsize=1024)
def _discard_limits(b: Bidding, players: int, bidder: bool, trumps: int) -> DiscardLimits:
    """:func:`~trumpfamily.bidding.discard_limits`, remembered (asked at every discard)."""
    return discard_limits(b, players, bidder=bidder, trumps=trumps)


#: The largest hand whose discards :func:`_discard_picks` lays out once for each order of
#: its cards (a seat's five, or six with an extra card; 720 orders).
_RANKED_HAND: Final = 6


_Picker = Callable[[Sequence[Card]], tuple[Card, ...]]


@functools.lru_cache(maxsize=4096)
def _discard_picks(ranks: tuple[int, ...], fewest: int, most: int
                   ) -> tuple[tuple[_Picker, ...], tuple[_Picker, ...]]:
    """For a hand whose card at place ``p`` is the ``ranks[p]``-th in card-id order: for
    each discard of ``fewest`` to ``most`` cards, fewest first, then in hand order, the
    function that picks its cards, in card-id order, from the hand sorted by card id;
    those of up to two cards, then the others."""
    small: list[_Picker] = []
    large: list[_Picker] = []
    for k in range(fewest, most + 1):
        for places in itertools.combinations(range(len(ranks)), k):
            (small if k <= 2 else large).append(_picker(tuple(sorted(ranks[p] for p in places))))
    return tuple(small), tuple(large)


def _picker(at: tuple[int, ...]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """The function that picks the items at ``at`` of a sequence, as a tuple (of cards, or
    of card ids in the fast simulator: typed ``Any``, which the compiled build does not
    check)."""
    if len(at) > 1:
        return itemgetter(*at)
    if at:
        one = at[0]
        return lambda cards: (cards[one],)
    return lambda cards: ()


def _discards_checked(cards: Sequence[tuple[Card, ...]]) -> list[Discard]:
    """``[Discard(c) for c in cards]``, by the constructor."""
    return [Discard(c) for c in cards]


def _make_discards() -> Callable[[Sequence[tuple[Card, ...]]], list[Discard]]:
    """``[Discard(c) for c in cards]`` for cards known to be distinct and in card-id
    order, without the checks and the sorting of the constructor and without a Python
    call for each (the engine offers up to a few hundred discards at a time), or by the
    constructor itself if the shortcut would not give equal values."""
    slots = getattr(Discard, "__slots__", ())
    extra = tuple(name for name in slots if name not in ("cards", "__weakref__"))
    new = object.__new__
    set_slot = object.__setattr__
    consume: Callable[[Iterable[Any]], None] = deque(maxlen=0).extend

    def made(cards: Sequence[tuple[Card, ...]]) -> list[Discard]:
        n = len(cards)
        out: list[Discard] = list(map(new, repeat(Discard, n)))
        consume(map(set_slot, out, repeat("cards", n), cards))
        for name in extra:  # attrs' cached hash: none yet
            consume(map(set_slot, out, repeat(name, n), repeat(None, n)))
        return out

    try:
        probe = [parse_cards("2C 5H KS"), (), parse_cards("JK")]
        fast, slow = made(probe), _discards_checked(probe)
        if ("cards" in slots and fast == slow and list(map(hash, fast)) == list(map(hash, slow))
                and list(map(repr, fast)) == list(map(repr, slow))
                and all(type(d) is Discard for d in fast)):
            return made
    except (AttributeError, TypeError):  # pragma: no cover - another attrs
        pass
    return _discards_checked  # pragma: no cover


_discards: Final = _make_discards()
#: Every discard of up to two cards, by its cards in card-id order (1,432 shared values).
_SMALL_DISCARDS: Final[dict[tuple[Card, ...], Discard]] = {
    d.cards: d for d in _discards([cards for k in range(3)
                                   for cards in itertools.combinations(_CARDS, k)])}


def _restore(value: tuple[Any, ...], events: tuple[Event, ...]) -> BiddingHand:
    """Unpickle a :class:`BiddingHand`: its value and its last events, then what derives
    from them."""
    items = dict(zip(_FIELDS, value, strict=False))
    s: Seating = items["seating"]
    b = s.variant.bidding
    assert b is not None
    seat_scores = tuple(items["scores"][s.side_of[x]] for x in range(s.players))
    table = _Table(s.dealer, s.players, seat_scores)
    auction = auction_state(b, items["calls"], dealer=s.dealer, players=s.players,
                            scores=seat_scores)
    history: tuple[Turn, ...] = items["history"]
    trump = items["trump"]
    hidden = [i for i, t in enumerate(history) if t.kind in _HIDDEN]
    mine = None if not hidden else tuple(
        tuple([t if t.seat == x or t.kind not in _HIDDEN else Turn(t.seat, None, t.kind)
               for t in history[:hidden[-1] + 1]]) for x in range(s.players))
    derived = {
        "auction": auction, "events": events, "table": table,
        "ctx": None if trump is None else play_context(s.variant, trump), "mine": mine,
        "public": _public_auction(history[:len(items["calls"])], auction, items["contract"]),
        "counts": _counts(items["discards"], items["drawn"]),
    }
    return _new_tuple(BiddingHand, (*value, *(derived[name] for name in _FIELDS[len(value):])))


@overload
def new_bidding_hand(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    seed: int | str | bytes | None = None,
    deck: str | Iterable[Card | str] | None = None,
    commit: bool | bytes = False,
    scores: None = None,
) -> BiddingHand: ...


@overload
def new_bidding_hand(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    seed: int | str | bytes | None = None,
    deck: str | Iterable[Card | str] | None = None,
    commit: bool | bytes = False,
    scores: Sequence[int] | None,
) -> BiddingHand: ...


def new_bidding_hand(
    variant: Any,
    *,
    players: Any,
    dealer: Any = 0,
    seed: Any = None,
    deck: Any = None,
    commit: Any = False,
    scores: Any = None,
) -> Any:
    """Deal one hand of a bidding game (BIDDING.md §3.2): the auction is open.

    :func:`trumpfamily.new_hand` calls this for a variant with a ``bidding`` component;
    call it directly for the ``scores`` of a hand in a game (as
    :class:`~trumpfamily.game.GameState` does), or for its precise return type.

    Args:
        variant: a bidding variant (``variant.bidding`` set), e.g.
            :data:`~trumpfamily.AUCTION_45`, or a preset's name.
        players: the number of seats, as the variant's table allows.
        dealer: the dealer's seat; eldest (``dealer + 1``) speaks first.
        seed: seeds the shuffle when ``deck`` is not given (as :func:`~trumpfamily.new_hand`).
        deck: an explicit deck order, top card first: exactly the variant's deck (see
            :func:`stacked_bidding_deck`).
        commit: ``True`` to commit to the deck (:mod:`trumpfamily.integrity`), or the
            16-byte salt itself; ``False`` (default): no commitment.
        scores: each side's score before the hand (ints; a side's score may be below 0),
            for the near-end rules (``min_bid_near_end``, ``defender_limit``,
            ``bonus_cutoff``); ``None``: all 0.

    Returns:
        The :class:`BiddingHand` before the first call: five cards a seat (plus any extra
        cards, unseen), the kitty and the stock face down.

    Raises:
        UnknownVariantError: ``variant`` is neither a Variant nor a preset's name.
        InvalidArgumentError: the variant has no ``bidding`` component (use
            :func:`~trumpfamily.new_hand`), ``scores`` is not one int per side, ``seed``
            or ``commit`` is not valid.
        PlayerCountError: ``players`` or ``dealer`` does not suit the variant, or the
            stock could run short at this table (BIDDING.md §3.4, §8): a table size the
            variant's options leave out of :meth:`~trumpfamily.variants.Variant.player_counts`;
            the message gives the arithmetic and the sizes it deals.
        InvalidDeckError: ``deck`` is not exactly the variant's deck.
    """
    rules = find_variant(variant)
    b = rules.bidding
    if b is None:
        raise InvalidArgumentError(
            f"{rules.name!r} is not a bidding game (variant.bidding is None): deal it with "
            "new_hand()")
    s = seating_for(rules, players, dealer)
    salt = None if commit is False else new_salt(commit)
    if deck is None:
        cards = list(s.base_deck)
        shuffled(cards, seeded_random(seed))
        d = tuple(cards)
    else:
        d = check_deck(deck, s)
    try:
        plan = _deal_plan(s, len(d))
    except InvalidVariantError as exc:
        raise PlayerCountError(_short_stock(rules, players, str(exc))) from None
    side_scores = _check_scores(scores, len(s.sides))
    seat_scores = tuple([side_scores[side] for side in s.side_of])
    auction, table, public = _opening(b, dealer, players, seat_scores)
    dealt = tuple([pick(d) for pick in plan.hands])
    nothing = (None,) * players
    return _new_tuple(BiddingHand, (  # in the order of _FIELDS
        s, d, side_scores, dealt, tuple([pick(d) for pick in plan.extras]), plan.kitty(d),
        d[plan.dealt:], (), None, None, False, nothing, nothing, (), (), (0,) * players, (),
        s.eldest, _AUCTION, auction.to_speak, (), None, False,
        None if salt is None else (salt, deal_commitment(d, salt)),
        auction, (Dealt(dealer, dealt),), table, None, None, public, (nothing, nothing),
    ))


def _short_stock(rules: Variant, players: int, why: str) -> str:
    """The refusal of a table size whose stock the draws could empty (BIDDING.md §3.4, §8):
    why, with the arithmetic, and the table sizes the variant deals instead."""
    counts = rules.player_counts()
    deals = (f"it deals {', '.join(map(str, counts[:-1]))} or {counts[-1]} players"
             if len(counts) > 1 else f"it deals {counts[0]} players only")
    why = why.removeprefix(f"{players} players: ")
    return (f"{rules.name} with these options cannot be dealt to {players} players: {why}; "
            f"{deals} (Variant.player_counts())")


@attrs.frozen
class _DealPlan:
    """Where the cards of a deck order go, for one seating (BIDDING.md §3.2): a picker of
    each seat's five cards, of its extra cards and of the kitty's, in dealt order, and how
    many cards are dealt (the rest is the stock)."""

    hands: tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
    extras: tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
    kitty: Callable[[Sequence[Card]], tuple[Card, ...]]
    dealt: int


@functools.lru_cache(maxsize=1024)
def _deal_plan(s: Seating, cards: int) -> _DealPlan:
    """The :class:`_DealPlan` of a seating whose deck has ``cards`` cards, once the stock
    is checked (:func:`~trumpfamily.bidding.check_stock`; raises InvalidVariantError)."""
    b = s.variant.bidding
    assert b is not None
    check_stock(b, s.players, deck=cards)
    order = deal_order(b, s.players, dealer=s.dealer,
                       packets=PACKETS[s.variant.table.deal_packets])
    hands: list[list[int]] = [[] for _ in range(s.players)]
    extras: list[list[int]] = [[] for _ in range(s.players)]
    kitty: list[int] = []
    for at, to in enumerate(order[:cards]):
        if to == KITTY:
            kitty.append(at)
        elif len(hands[to]) < HAND_SIZE:
            hands[to].append(at)
        else:
            extras[to].append(at)
    return _DealPlan(tuple(_picker(tuple(h)) for h in hands),
                     tuple(_picker(tuple(e)) for e in extras), _picker(tuple(kitty)),
                     len(order))


@functools.lru_cache(maxsize=1024)
def _opening(b: Bidding, dealer: int, players: int, seat_scores: tuple[int, ...]
             ) -> tuple[AuctionState, _Table, tuple[Any, ...]]:
    """The auction before the first call, its table and what every view shows of it."""
    auction = auction_state(b, (), dealer=dealer, players=players, scores=seat_scores)
    return auction, _Table(dealer, players, seat_scores), _public_auction((), auction, None)


@overload
def stacked_bidding_deck(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    hands: None = None,
    kitty: str | Iterable[Card | str] = (),
    stock: str | Iterable[Card | str] = (),
) -> tuple[Card, ...]: ...


@overload
def stacked_bidding_deck(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    hands: Mapping[int, str | Iterable[Card | str]] | None,
    kitty: str | Iterable[Card | str] = (),
    stock: str | Iterable[Card | str] = (),
) -> tuple[Card, ...]: ...


def stacked_bidding_deck(
    variant: Any,
    *,
    players: Any,
    dealer: Any = 0,
    hands: Any = None,
    kitty: Any = (),
    stock: Any = (),
) -> Any:
    """A deck order that deals the given cards in a bidding game (for tests, examples and
    puzzles; the bidding games' :func:`~trumpfamily.stacked_deck`).

    Args:
        variant: a bidding variant, or a preset's name.
        players, dealer: as for :func:`new_bidding_hand`.
        hands: seat -> up to ``5 + extra_cards`` cards for that seat (its five, then its
            extra cards); cards not given are filled from the rest of the deck in order.
        kitty: up to ``kitty`` cards for the kitty, in dealt order.
        stock: the cards to lie on top of the stock, top first.

    Returns:
        The full deck, top card first, for ``new_bidding_hand(..., deck=...)``.

    Raises:
        UnknownVariantError, PlayerCountError, InvalidArgumentError: as for
            :func:`new_bidding_hand`.
        InvalidDeckError: a card is given twice or is not in the variant's deck, or too
            many cards are given for a hand, the kitty or the stock.

    >>> import trumpfamily as tf
    >>> from trumpfamily.bidding.engine import new_bidding_hand, stacked_bidding_deck
    >>> deck = stacked_bidding_deck(tf.NEWFOUNDLAND_120S, players=4, dealer=3,
    ...                             hands={1: "JH AH KC 7S 3D"}, kitty="5H 9C 2D")
    >>> hand = new_bidding_hand(tf.NEWFOUNDLAND_120S, players=4, dealer=3, deck=deck)
    >>> hand.hands[1], hand.kitty
    ((Card.parse('JH'), Card.parse('AH'), Card.parse('KC'), Card.parse('7S'), Card.parse('3D')), (Card.parse('5H'), Card.parse('9C'), Card.parse('2D')))
    """
    rules = find_variant(variant)
    b = rules.bidding
    if b is None:
        raise InvalidArgumentError(f"{rules.name!r} is not a bidding game (variant.bidding is None)")
    s = seating_for(rules, players, dealer)
    order = deal_order(b, players, dealer=dealer, packets=PACKETS[rules.table.deal_packets])
    wanted: dict[int, list[Card]] = {}
    if hands is not None and not isinstance(hands, Mapping):
        raise InvalidDeckError(
            f"stacked_bidding_deck: hands must map seats to cards, e.g. {{1: \"JH AH KC 7S 3D\"}}, "
            f"got {type(hands).__name__} {safe_repr(hands, 60)}")
    try:
        for seat, cards in (hands or {}).items():
            if type(seat) is not int or not 0 <= seat < players:
                raise InvalidDeckError(f"hands: {safe_repr(seat)} is not a seat (0..{players - 1})")
            wanted[seat] = list(parse_cards(cards))
        wanted[KITTY] = list(parse_cards(kitty))
        top = list(parse_cards(stock))
    except CardParseError as exc:
        raise InvalidDeckError(f"stacked_bidding_deck: {exc}") from None
    slots = {to: [i for i, r in enumerate(order) if r == to] for to in wanted}
    for to, cards in wanted.items():
        if len(cards) > len(slots[to]):
            where = "the kitty" if to == KITTY else f"hands[{to}]"
            raise InvalidDeckError(f"{where} has {len(cards)} cards; it is dealt {len(slots[to])}")
    if len(top) > len(s.base_deck) - len(order):
        raise InvalidDeckError(f"stock has {len(top)} cards; only {len(s.base_deck) - len(order)} "
                               "are left after the deal")
    given = [c for cards in wanted.values() for c in cards] + top
    if len(set(given)) != len(given) or not set(given) <= s.deck_set:
        seen: set[Card] = set()
        bad = [c for c in given if c in seen or seen.add(c) or c not in s.deck_set]  # type: ignore[func-returns-value]
        raise InvalidDeckError(f"stacked_bidding_deck: {_text(bad)} given twice or not in the deck")
    out: list[Card | None] = [None] * len(s.base_deck)
    for to, cards in wanted.items():
        for pos, card in zip(slots[to], cards, strict=False):
            out[pos] = card
    for i, card in enumerate(top):
        out[len(order) + i] = card
    rest = iter(c for c in s.base_deck if c not in set(given))
    return tuple(c if c is not None else next(rest) for c in out)
