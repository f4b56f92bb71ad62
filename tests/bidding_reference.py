"""The bidding engine as it was before its speed-up: a frozen reference copy, for the
differential test tests/test_bidding_speed_equivalence.py only.

This module is a verbatim copy (only the imports are made absolute, the docstrings' examples
are left to the library, and ``stacked_bidding_deck`` is left out) of the straightforward
code paths of ``src/trumpfamily/bidding/engine.py`` (``BiddingHand``, ``new_bidding_hand``)
and of the auction's decision in ``src/trumpfamily/bidding/auction.py`` (``auction_state``,
``check_call`` and their helpers) and ``_seats.py`` (``_Table``), at commit 2aa40e1, before
the engine was made faster. It replays the whole auction at every call, rebuilds each value
every time, and checks every action with the one ``_why_not`` decision. It shares with the
library only the value types it compares (``AuctionCall``, ``AuctionState``, ``Contract``,
views, events, outcomes) and the pure rule functions the speed-up does not change (the
ladder, the deal order, the discard limits, the score). Do not edit it to follow a change of
the engine: a change of any public value must show up as a difference in that test.

Rules changed on purpose since, and how this copy follows them (issue 19):

* The contract's kind (``Contract.kind``, ``BidMade.kind``, ``AuctionWon.kind``,
  ``BiddingView.contract_kind``, ``HandOutcome.bid_kind``): the contracts built in
  ``auction_state``, the two events of ``_call``, the view and ``_outcome`` take it from
  the shared ``contract_kind`` (the contract's own for the view, the event and the
  outcome). Edited here.
* A bonus lost to ``bonus_cutoff`` keeps the best trump: ``_outcome`` finds the trick
  holding the highest trump played itself (``best_trump_trick``, as ``_scored`` does) and
  sets ``bonus_forfeited`` when the score gave it no bonus. Edited here.
* Who draws and in what order (``draw="bidder-only"`` with no kitty: nobody; a robbing
  dealer always last) are decided by the shared ``max_draw`` and ``draw_sequence``, which
  this copy calls: nothing to edit. The default ``max_redeals`` and the table sizes a
  variant deals are not the hand's business: nothing to edit either.
* A refusal's ``rule`` and ``sources`` are its BIDDING.md section's,
  ``trumpfamily.errors.BIDDING_CODES`` (also for the codes shared with the turn-up games,
  ``out-of-turn``, ``wrong-phase``...), not ``REFUSAL_CODES``' RULES.md sections:
  ``_out_of_turn`` and ``_refusal`` pass them to the error. Edited here.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from trumpfamily.actions import (
    ACTION_TYPES,
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
from trumpfamily.bidding.auction import (
    BIDDING_REFUSAL_CODES,
    AuctionCall,
    AuctionState,
    Contract,
)
from trumpfamily.bidding.component import (
    Bidding,
    bag_amount,
    contract_kind,
    ladder,
    near_end_minimum,
)
from trumpfamily.bidding.deal import (
    KITTY,
    DiscardLimits,
    chooses_replacements,
    deal_order,
    discard_limits,
    draw_sequence,
    first_leader,
)
from trumpfamily.bidding.score import HandScore, score_hand
from trumpfamily.bidding.stock import check_stock, draw_limit_for
from trumpfamily.cards import Card, Suit
from trumpfamily.convert import hand_record
from trumpfamily.dealing import (
    PACKETS,
    Seating,
    SeatingFacts,
    check_deck,
    seating_for,
    seeded_random,
    shuffled,
)
from trumpfamily.errors import (
    BIDDING_CODES,
    IllegalActionError,
    InvalidArgumentError,
    InvalidSeatError,
    InvalidVariantError,
    PlayerCountError,
)
from trumpfamily.events import (
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
from trumpfamily.integrity import deal_commitment, new_salt
from trumpfamily.outcomes import (
    HAND_SIZE,
    BiddingView,
    GameContext,
    HandOutcome,
    Phase,
    Trick,
    Turn,
)
from trumpfamily.play import play_context
from trumpfamily.reneging import PlayContext, decide, explain, refusal_code
from trumpfamily.scoring import best_trump_trick
from trumpfamily.tables import legal_mask, winner_index
from trumpfamily.variants import Variant, find_variant

__all__ = ["BiddingHand", "new_bidding_hand"]

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


def _evolve(state: BiddingHand, **changes: Any) -> BiddingHand:
    """``attrs.evolve`` without its per-call introspection (a new state per action): the
    fields by position, in their order."""
    names = _FIELD_NAMES
    for name in changes:
        if name not in _ALIASES:
            raise TypeError(f"BiddingHand has no field {name!r}")
    return BiddingHand(*[changes[alias] if alias in changes else getattr(state, name)
                         for name, alias in names])


@attrs.frozen(repr=False)
class BiddingHand(SeatingFacts):
    """One deal of a bidding game in progress: an immutable value (BIDDING.md §§2–6).

    Build it with :func:`new_bidding_hand` (or :func:`trumpfamily.new_hand`,
    :func:`~trumpfamily.records.replay`); do not call the constructor, whose fields are
    internal. Move with :meth:`apply`, which returns a new state. Two states are equal
    when they hold the same deal, deck, scores before the hand and history; a state is
    hashable and pickles. ``variant``, ``players``, ``dealer``, ``eldest`` and ``sides``
    come from :class:`~trumpfamily.dealing.SeatingFacts`.

    Attributes:
        deck: the deck order, top card first.
        hands: each seat's cards now (dealt order, then the kitty or the cards drawn;
            extra cards join when trumps are named).
        tricks: the completed tricks, in play order
            (:class:`~trumpfamily.outcomes.Trick`).
        trick_counts: tricks won per seat.
        current_trick: the cards played to the trick in progress, lead first.
        leader: the seat that led (or will lead) the current trick; eldest before the
            play.
        to_act: the seat whose turn it is, or ``None`` when the hand is over.
        phase: what the hand waits for, a :class:`~trumpfamily.outcomes.Phase`:
            ``AUCTION``, ``TRUMP``, ``KITTY``, ``DRAW``, ``PLAY`` or ``OVER``.
        trump: the trump suit once named, else ``None``.
        scores: each side's score before the hand (for the near-end rules: BIDDING.md
            §3.3 B3, §3.7 S1, §5.6 B12); zeros for a hand played on its own.
        kitty: the cards dealt to the kitty, in dealt order (the whole truth: a
            :meth:`view` shows them only to the auction winner once he has taken them).
        stock: the undealt cards left, top first.
        history: every action applied since the deal, in order, with its seat, as
            :class:`~trumpfamily.outcomes.Turn` values: the whole truth (a :meth:`view`
            masks the other seats' discards and takes).
    """

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
    _auction: AuctionState = attrs.field(eq=False)
    _events: tuple[Event, ...] = attrs.field(eq=False, default=())

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
        if self.phase is not Phase.OVER:
            return None
        return _outcome(self)

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
        phase = self.phase
        if phase is Phase.OVER:
            return ()
        if phase is Phase.AUCTION:
            return tuple(_PASS if c.is_pass else Bid(c.amount)  # type: ignore[arg-type]
                         for c in self._auction.calls)
        if phase is Phase.TRUMP:
            return _NAME_TRUMP
        if phase is Phase.PLAY:
            return tuple(Play(c) for c in self._playable())
        if self._step() == "take":
            return tuple(Take(c) for c in sorted(self.stock, key=lambda c: c.index))
        return self._legal_discards()

    def apply(self, action: Action, seat: int | None = None) -> BiddingHand:
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
        return self._play(action)

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
            return AuctionCall(seat)
        high = self._auction.high
        return AuctionCall(seat, action.amount, hold=high is not None and action.amount == high.amount)

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
        if card in self._playable():
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
        assert self.trump is not None
        return play_context(self.variant, self.trump)

    def _playable(self) -> tuple[Card, ...]:
        """The legal cards of the seat to act, in hand order (RULES.md §1.4; the mask
        decision :func:`~trumpfamily.tables.legal_mask`)."""
        hand = self.hands[self.to_act]  # type: ignore[index]
        trick = self.current_trick
        if not trick:
            return hand
        m = self._ctx().masks
        held = 0
        for c in hand:
            held |= c.bit
        ok, _ = legal_mask(held, trick[0].index, m, [c.index for c in trick] if m.highest else ())
        return tuple(c for c in hand if c.bit & ok)

    def _trumps_in(self, cards: Iterable[Card]) -> int:
        if self.trump is None:
            return 0
        trumps = self._ctx().masks.trumps
        return sum(1 for c in cards if c.bit & trumps)

    def _limits(self, seat: int) -> DiscardLimits:
        """:func:`~trumpfamily.bidding.discard_limits` for ``seat`` now."""
        return discard_limits(self.bidding, self.players, bidder=seat == self.bidder,
                              trumps=self._trumps_in(self.hands[seat]))

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
            reason = (f"seat={seat!r} is not {what}: seats are the ints 0..{self.players - 1}"
                      + (f" (it is seat {to_act}'s turn)" if to_act is not None
                         else ", and the hand is over"))
        elif to_act is None:
            code, reason = "hand-over", "the hand is over: nobody may act"
        else:
            code = "out-of-turn"
            reason = (f"it is seat {to_act}'s turn, not seat {seat}'s (BIDDING.md §2.3: the "
                      "auction, the draw and the play go clockwise; the winner of a trick "
                      "leads the next)")
        return IllegalActionError(action, reason, code=code, legal=self.legal_actions(),
                                  seat=seat, expected_seat=to_act,
                                  rule=BIDDING_CODES[code].rule,
                                  sources=BIDDING_CODES[code].sources)

    def _refusal(self, action: object, code: str, reason: str) -> IllegalActionError:
        return IllegalActionError(action, reason, code=code, legal=self.legal_actions(),
                                  seat=self.to_act, expected_seat=self.to_act,
                                  rule=BIDDING_CODES[code].rule,
                                  sources=BIDDING_CODES[code].sources)

    # -- transitions -------------------------------------------------------------------

    def _next(self, action: Action, events: Sequence[Event], **changes: Any) -> BiddingHand:
        """This state after ``action`` by the seat to act, with ``changes``."""
        turn = Turn(self.to_act, action, type(action).__name__)  # type: ignore[arg-type]
        return _evolve(self, history=self.history + (turn,), events=tuple(events), **changes)

    def _call(self, action: Bid | Pass) -> BiddingHand:
        """A bid, a hold or a pass in the auction (BIDDING.md §2.3, §3.3)."""
        call = self._as_call(action)
        calls = self._calls + (call,)
        now = auction_state(self.bidding, calls, dealer=self.dealer, players=self.players,
                            scores=self._seat_scores())
        events: list[Event] = [
            Passed(call.seat, "auction") if call.is_pass
            else BidMade(call.seat, call.amount, call.hold,  # type: ignore[arg-type]
                         contract_kind(self.bidding, call.amount))]  # type: ignore[arg-type]
        if not now.over:
            return self._next(action, events, calls=calls, auction=now, to_act=now.to_speak)
        if now.contract is None:  # everybody passed: thrown in (all_pass="redeal-*")
            events += [ThrownIn(self.dealer)]
            state = self._next(action, events, calls=calls, auction=now, to_act=None,
                               phase=Phase.OVER, thrown_in=True)
            return _evolve(state, events=state.events + (HandOver(_outcome(state)),))
        contract = now.contract
        events.append(AuctionWon(contract.seat, contract.amount, contract.bagged, contract.kind))
        state = self._next(action, events, calls=calls, auction=now, contract=contract)
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
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c not in action.cards)
        discards = list(self._discards)
        discards[seat] = action.cards
        sealed = self.phase is Phase.DRAW and self.bidding.draw_order == "simultaneous"
        events: list[Event] = [Discarded(seat, len(action.cards), action.cards, sealed)]
        state = self._next(action, events, hands=tuple(hands), discards=tuple(discards))
        if self.phase is Phase.KITTY:
            if state.trump is None:  # trump_before_kitty=False: now he names trumps
                return _evolve(state, phase=Phase.TRUMP, to_act=seat)
            return state._start_draw()
        return _evolve(state, queue=self._queue[1:])._advance()

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
        queue = self._queue
        hands, drawn, stock = list(self.hands), list(self._drawn), self.stock
        events = list(self._events)
        while queue:
            kind, seat = queue[0]
            need = HAND_SIZE - len(hands[seat])
            if kind == "discard" or (kind == "take" and need > 0):
                return _evolve(self, queue=queue, hands=tuple(hands), drawn=tuple(drawn),
                                    stock=stock, events=tuple(events), phase=Phase.DRAW,
                                    to_act=seat)
            if kind == "refill" and need > 0:
                got, stock = stock[:need], stock[need:]
                hands[seat] = hands[seat] + got
                drawn[seat] = got
                events.append(Drew(seat, len(got), got))
            elif drawn[seat] is None:
                drawn[seat] = ()
            queue = queue[1:]
        b = self.bidding
        assert self.bidder is not None
        assert all(len(h) == HAND_SIZE for h in hands), hands
        leader = first_leader(b, self.players, dealer=self.dealer, bidder=self.bidder)
        return _evolve(self, queue=(), hands=tuple(hands), drawn=tuple(drawn), stock=stock,
                            events=tuple(events), phase=Phase.PLAY, to_act=leader,
                            leader=leader)

    def _play(self, action: Play) -> BiddingHand:
        """A card to the trick; the trick's winner (RULES.md §1.3) and, after the fifth,
        the hand's score (BIDDING.md §3.6)."""
        seat: int = self.to_act  # type: ignore[assignment]
        card = action.card
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c is not card)
        trick = self.current_trick + (card,)
        events: list[Event] = [Played(seat, card)]
        n = self.players
        if len(trick) < n:
            return self._next(action, events, hands=tuple(hands), current_trick=trick,
                              to_act=(seat + 1) % n)
        m = self._ctx().masks
        winner = (self.leader + winner_index([c.index for c in trick], m)) % n
        counts = list(self.trick_counts)
        counts[winner] += 1
        tricks = self.tricks + (Trick(trick, self.leader, winner),)
        events.append(TrickWon(winner, len(tricks), trick, self.leader))
        state = self._next(action, events, hands=tuple(hands), current_trick=(), tricks=tricks,
                           trick_counts=tuple(counts), leader=winner, to_act=winner)
        if len(tricks) < HAND_SIZE:
            return state
        state = _evolve(state, to_act=None, phase=Phase.OVER, score=state._scored())
        return _evolve(state, events=state.events + (HandOver(_outcome(state)),))

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

    def view(self, seat: int) -> BiddingView:
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
        n = self.players
        if type(seat) is not int or not 0 <= seat < n:
            raise InvalidSeatError(seat, n)
        a = self._auction
        contract = self._contract
        high = a.high if contract is None else contract
        # Under "simultaneous" the draw round's discards are counted for the others only
        # once the last is down; the bidder's kitty discard came before, in the open.
        sealed = (self.phase is Phase.DRAW and self.bidding.draw_order == "simultaneous"
                  and any(k == "discard" for k, _ in self._queue))
        open_kitty = self.bidder if self.bidding.kitty else None
        discarded = tuple(
            None if d is None or (sealed and s not in (seat, open_kitty)) else len(d)
            for s, d in enumerate(self._discards))
        picking = self.to_act == seat and self._step() == "take"
        return BiddingView(
            seat=seat, players=n, dealer=self.dealer, variant=self.variant, phase=self.phase,
            to_act=self.to_act, trump=self.trump, hand=self.hands[seat],
            current_trick=self.current_trick, leader=self.leader, tricks=self.tricks,
            trick_counts=self.trick_counts, sides=self.sides,
            legal_actions=self.legal_actions() if seat == self.to_act else (),
            auction=tuple(t for t in self.history if t.kind in ("Bid", "Pass")),
            high_bid=None if high is None else high.amount,
            high_bidder=None if high is None else high.seat,
            passed=tuple(sorted(a.passed)),
            bidder=None if contract is None else contract.seat,
            contract=None if contract is None else contract.amount,
            bagged=contract is not None and contract.bagged,
            contract_kind=None if contract is None else contract.kind,
            kitty_size=len(self.kitty),
            kitty=self.kitty if self._kitty_taken and seat == self.bidder else (),
            discarded=discarded,
            drawn=tuple(None if d is None else len(d) for d in self._drawn),
            my_discards=self._discards[seat] or (),
            stock_size=len(self.stock),
            pack=tuple(sorted(self.stock, key=lambda c: c.index)) if picking else (),
            history=tuple(t if t.seat == seat or t.kind not in ("Discard", "Take")
                          else Turn(t.seat, None, t.kind) for t in self.history),
            game=(GameContext(1, None, self.scores, self.bidding.target, None, None)
                  if any(self.scores) else None),  # issue 20: a lone hand's scores shown
            commitment=self.commitment,
        )

    def record(self, *, key: bytes | None = None) -> dict[str, object]:
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

    def svg(self, *, reveal: bool = False, **sizes: Any) -> str:
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
        from trumpfamily._svgdraw import table_picture

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
    return code, what  # as the engine (the message names the action)


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
    # the trick holding the highest trump played, kept when bonus_cutoff took its bonus
    held = best_trump_trick([t.cards for t in state.tricks], state._ctx().table,
                            state.variant.scoring.best_trump_bonus)
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
        bid_kind=contract.kind, gains=hs.gains, bonus_forfeited=held is not None and bonus is None)


def _check_scores(scores: Sequence[int] | None, sides: int) -> tuple[int, ...]:
    if scores is None:
        return (0,) * sides
    if (isinstance(scores, str) or not isinstance(scores, Sequence) or len(scores) != sides
            or any(type(x) is not int for x in scores)):
        raise InvalidArgumentError(
            f"scores={scores!r}: one int score per side before the hand ({sides} sides)")
    return tuple(scores)


@functools.lru_cache(maxsize=4096)
def _discards_of(hand: tuple[Card, ...], fewest: int, most: int, most_trumps: int,
                 trumps: int) -> tuple[Discard, ...]:
    """Every ``Discard`` of ``fewest`` to ``most`` cards of ``hand`` with at most
    ``most_trumps`` of the trumps (mask ``trumps``), fewest first, then in hand order
    (cached: a view and the apply that follows ask the same)."""
    out = []
    for k in range(fewest, min(most, len(hand)) + 1):
        for cards in itertools.combinations(hand, k):
            if sum(1 for c in cards if c.bit & trumps) <= most_trumps:
                out.append(Discard(cards))
    return tuple(out)


#: (attribute name, init alias) of every field of BiddingHand, in order.
_FIELD_NAMES: Final = tuple((f.name, f.alias) for f in attrs.fields(BiddingHand))
_ALIASES: Final = frozenset(alias for _, alias in _FIELD_NAMES)


def new_bidding_hand(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    seed: int | str | bytes | None = None,
    deck: str | Iterable[Card | str] | None = None,
    commit: bool | bytes = False,
    scores: Sequence[int] | None = None,
) -> BiddingHand:
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
            stock could run short at this table (BIDDING.md §3.4, §8: set a
            ``draw_limit``).
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
        check_stock(b, players, deck=len(d))
    except InvalidVariantError as exc:
        raise PlayerCountError(str(exc)) from None
    side_scores = _check_scores(scores, len(s.sides))
    order = deal_order(b, players, dealer=dealer, packets=PACKETS[rules.table.deal_packets])
    hands: list[list[Card]] = [[] for _ in range(players)]
    extras: list[list[Card]] = [[] for _ in range(players)]
    kitty: list[Card] = []
    for card, to in zip(d, order, strict=False):
        if to == KITTY:
            kitty.append(card)
        elif len(hands[to]) < HAND_SIZE:
            hands[to].append(card)
        else:
            extras[to].append(card)
    seat_scores = tuple(side_scores[s.side_of[x]] for x in range(players))
    auction = auction_state(b, (), dealer=dealer, players=players, scores=seat_scores)
    dealt = tuple(tuple(h) for h in hands)
    return BiddingHand(
        seating=s, deck=d, scores=side_scores, hands=dealt,
        extras=tuple(tuple(e) for e in extras), kitty=tuple(kitty), stock=d[len(order):],
        calls=(), contract=None, trump=None, kitty_taken=False,
        discards=(None,) * players, drawn=(None,) * players, queue=(), tricks=(),
        trick_counts=(0,) * players, current_trick=(), leader=s.eldest, phase=Phase.AUCTION,
        to_act=auction.to_speak, history=(), score=None, thrown_in=False,
        commit=None if salt is None else (salt, deal_commitment(d, salt)), auction=auction,
        events=(Dealt(dealer, dealt),),
    )


# -- the auction's decision (src/trumpfamily/bidding/auction.py, _seats.py) -----------------



@attrs.frozen
class _Table:
    dealer: int
    players: int
    scores: tuple[int, ...]


def _table(dealer: int, players: int, scores: Sequence[int] | None) -> _Table:
    if type(players) is not int or not 2 <= players <= 10:
        raise PlayerCountError(f"players={players!r}: a table has 2 to 10 players")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidArgumentError(f"dealer={dealer!r}: not a seat 0..{players - 1}")
    got = (0,) * players if scores is None else tuple(scores)
    if len(got) != players or any(type(s) is not int for s in got):
        raise InvalidArgumentError(
            f"scores={scores!r}: one int per seat (the seat's side's score), {players} in all")
    return _Table(dealer, players, got)


def _refuse(call: AuctionCall, code: str, reason: str, state: AuctionState | None,
            expected: int | None = None) -> IllegalActionError:
    err = IllegalActionError(call, reason, code=code, seat=call.seat, expected_seat=expected,
                             legal=state.calls if state is not None else ())
    err.rule, err.sources = BIDDING_REFUSAL_CODES[code].rule, BIDDING_REFUSAL_CODES[code].sources
    return err


# -- the one decision on a call ----------------------------------------------------------------


def _bagged(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int], seat: int) -> bool:
    """The dealer speaks with no bid made and everybody else passed, under a bag rule."""
    return (b.all_pass == "bag-dealer" and high is None and seat == t.dealer
            and len(passed) == t.players - 1 and t.dealer not in passed)


def _why_not(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int],
             call: AuctionCall) -> tuple[str, str] | None:
    """The one decision on a call by a seat whose turn it is: ``None`` when legal, else
    ``(code, reason)`` (BIDDING.md §2.3, §3.3, §7.1)."""
    seat, amount = call.seat, call.amount
    floor = near_end_minimum(b, t.scores[seat])
    bagged = _bagged(b, t, high, passed, seat)
    if amount is None:
        if bagged:
            return "dealer-bagged", (f"everybody else passed: the dealer is bagged and must bid "
                                     f"at least {bag_amount(b, t.scores[seat])}")
        return None
    if call.hold:
        if b.hold == "none":
            return "no-hold", "the dealer must outbid like anyone (option hold='none')"
        if seat != t.dealer:
            return "hold-not-dealer", f"only the dealer (P{t.dealer}) may hold the standing bid"
        if high is None:
            return "nothing-to-hold", "no bid has been made yet"
        if amount != high.amount:
            return "hold-amount", f"a hold is at the standing amount, {high.amount}"
        if amount < floor:
            return "near-end-minimum", (f"the side is on {t.scores[seat]}: it may not hold "
                                        f"below {floor} (min_bid_near_end)")
        return None
    if amount not in ladder(b):
        return "not-a-bid", f"{amount} is not a bid: the bids are {ladder(b)}"
    if bagged:
        lowest = bag_amount(b, t.scores[seat])
        if amount < lowest or (not b.bag_raise and amount != lowest):
            return "bag-minimum", f"the bagged dealer's contract is {lowest}" + (
                " or more" if b.bag_raise else "")
        return None
    if high is not None and amount <= high.amount:
        also = " (the dealer may hold it instead)" if seat == t.dealer and b.hold == "dealer" else ""
        return "bid-too-low", f"a bid must beat the standing {high.amount}{also}"
    if amount < floor:
        return "near-end-minimum", (f"the side is on {t.scores[seat]}: it may not bid below "
                                    f"{floor} (min_bid_near_end)")
    return None


def _calls(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int],
           seat: int) -> tuple[AuctionCall, ...]:
    every = [AuctionCall(seat)]
    if high is not None:
        every.append(AuctionCall(seat, high.amount, hold=True))
    every += [AuctionCall(seat, amount) for amount in ladder(b)]
    return tuple(c for c in every if _why_not(b, t, high, passed, c) is None)


def _settle(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int],
            spoken: frozenset[int], duel: tuple[int, int] | None, last: int | None,
            ended: Contract | None) -> AuctionState:
    """Who speaks next, or whether the auction is over (BIDDING.md §3.3, §7.1 #2, #3)."""
    def state(to_speak: int | None, contract: Contract | None = None) -> AuctionState:
        calls = () if to_speak is None else _calls(b, t, high, passed, to_speak)
        return AuctionState(to_speak, high, passed, spoken, duel, last, to_speak is None,
                            contract, calls)

    def active(seat: int) -> bool:  # has a call other than a pass
        return any(not c.is_pass for c in _calls(b, t, high, passed, seat))

    if ended is not None:
        return state(None, ended)
    if duel is not None:
        assert high is not None
        speaker = duel[0] if high.seat == duel[1] else duel[1]
        if any(s in passed for s in duel) or not active(speaker):
            return state(None, high)
        return state(speaker)
    start = (t.dealer + 1) % t.players if last is None else (last + 1) % t.players
    order = [(start + k) % t.players for k in range(t.players)]
    waiting = [s for s in order if s not in passed and (high is None or s != high.seat)
               and not (b.auction_rounds == "once" and s in spoken)]
    if waiting == [t.dealer] and _bagged(b, t, high, passed, t.dealer) and not b.bag_raise:
        return state(None, Contract(t.dealer, bag_amount(b, t.scores[t.dealer]), bagged=True))
    if not any(active(s) for s in waiting):  # nobody can do more than pass (§7.1 #3)
        return state(None, high)
    return state(waiting[0])


def auction_state(bidding: Bidding, auction: Sequence[AuctionCall], *, dealer: int,
                  players: int, scores: Sequence[int] | None = None) -> AuctionState:
    """Replay an auction, checking every call, and say where it stands (BIDDING.md §2.3,
    §3.3, §5.3, §6, §7.1).

    Eldest (the dealer's left) speaks first and the turn goes clockwise; a pass is final.
    Each bid must beat the standing bid; with ``hold="dealer"`` the dealer may take it at
    the same amount, and then ``after_hold`` decides who goes on. With
    ``auction_rounds="once"`` each seat speaks once, the dealer last. The auction ends by
    itself as soon as no seat but the high bidder can make a call other than a pass
    (§7.1 #3), or when everybody has passed: a throw-in, or under ``all_pass="bag-dealer"``
    the dealer's contract (with ``bag_raise=False`` he is not asked; with ``True`` he must
    bid, from the bag amount up).

    Args:
        bidding: the bidding rule component.
        auction: the calls so far, in order.
        dealer: the dealer's seat.
        players: the number of seats (2 to 10).
        scores: each seat's side's score before the hand (length ``players``; partners
            share one), for ``min_bid_near_end``; ``None``: all 0.

    Returns:
        The :class:`AuctionState` after the last call.

    Raises:
        IllegalActionError: a call that is not legal where it stands (out of turn, too
            low, a hold by another seat...), with a ``code`` of :data:`BIDDING_REFUSAL_CODES`.
        PlayerCountError, InvalidArgumentError: a bad ``players``, ``dealer`` or ``scores``.

    """
    t = _table(dealer, players, scores)
    high: Contract | None = None
    passed: frozenset[int] = frozenset()
    spoken: frozenset[int] = frozenset()
    duel: tuple[int, int] | None = None
    last: int | None = None
    ended: Contract | None = None
    now = _settle(bidding, t, high, passed, spoken, duel, last, ended)
    for call in auction:
        _check_turn(bidding, t, now, call)
        spoken, last = spoken | {call.seat}, call.seat
        if call.amount is None:
            passed = passed | {call.seat}
        elif call.hold:
            assert high is not None
            displaced = high.seat
            high = Contract(call.seat, call.amount, kind=contract_kind(bidding, call.amount))
            if bidding.after_hold == "ends":
                ended = high
            elif bidding.after_hold == "duel":
                duel = (displaced, t.dealer)
        else:
            high = Contract(call.seat, call.amount, _bagged(bidding, t, high, passed, call.seat),
                            contract_kind(bidding, call.amount))
        now = _settle(bidding, t, high, passed, spoken, duel, last, ended)
    return now


def _check_turn(b: Bidding, t: _Table, now: AuctionState, call: AuctionCall) -> None:
    if not isinstance(call, AuctionCall):
        raise InvalidArgumentError(f"{call!r} is not an AuctionCall")
    if now.over:
        raise _refuse(call, "auction-over", "the auction is over", now)
    if call.seat >= t.players:
        raise _refuse(call, "not-a-seat", f"seats are 0..{t.players - 1}", now)
    if call.seat != now.to_speak:
        raise _refuse(call, "out-of-turn", f"it is P{now.to_speak}'s turn to call", now,
                      now.to_speak)
    why = _why_not(b, t, now.high, now.passed, call)
    if why is not None:
        raise _refuse(call, why[0], why[1], now, now.to_speak)


def check_call(bidding: Bidding, auction: Sequence[AuctionCall], call: AuctionCall, *,
               dealer: int, players: int, scores: Sequence[int] | None = None) -> None:
    """Raise unless ``call`` is legal after ``auction`` (BIDDING.md §2.3, §3.3). The same
    decision as :func:`legal_calls`.

    Raises:
        IllegalActionError: with the reason and a ``code`` of :data:`BIDDING_REFUSAL_CODES`.

    """
    t = _table(dealer, players, scores)
    _check_turn(bidding, t, auction_state(bidding, auction, dealer=dealer, players=players,
                                          scores=scores), call)
