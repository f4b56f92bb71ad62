"""The hand engine: one deal from the shuffle to the outcome (RULES.md §1.5–1.8, §2.1–2.5).

:func:`new_hand` deals a hand and returns an immutable :class:`HandState`. The seat whose
turn it is (:attr:`HandState.to_act`) chooses one of :meth:`HandState.legal_actions`, and
:meth:`HandState.apply` returns the next state, leaving the old one intact (for search,
undo and replay). When :attr:`HandState.is_over`, :attr:`HandState.outcome` says who won
what. :meth:`HandState.view` gives what one seat may see, for bots and servers.

>>> import trumpfamily as tf
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=7)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[-1])
>>> outcome = state.outcome
>>> sum(outcome.tricks) == outcome.tricks_played
True

Modelling decisions (each documented where it applies):

* Seats are ``0..players-1`` clockwise; eldest hand is ``dealer + 1`` and leads to trick 1.
* The deck is dealt top card first in the variant's packets (``deal_packets``), starting
  with eldest; the next card is turned up for trumps (RULES.md §1.8). A turned-up joker
  goes to the dealer, who must ``Rob`` a discard for it, and the next card is turned for
  trumps (§2.8, EX-53). Taking the joker is not a rob of the trump card: the card turned
  after it goes through the robbing set-up below exactly as a first turn-up would (an Ace
  gives the dealer a second ``Rob``; otherwise the holder of the Ace of trumps, the dealer
  included, may rob it), the same set-up as a card turned by fiving. The dealer's discard
  for the joker is face down too (:attr:`HandState.joker_discard`; his own
  :class:`SeatView` shows it as ``my_joker_discard``).
* Robbing (§1.5): with an Ace turned up the dealer acts before the lead (``Rob`` or, if
  ``dealer_rob="may"``, ``DeclineRob``: "I play these"). Otherwise the holder of the Ace
  of trumps robs before the lead (``rob_timing="before-lead"``) or at his first turn to
  play to trick 1 (``"own-first-turn"``), where he may also simply play a card: that is
  "forgetting", not refused. The discard is face down: only the robber's own
  :class:`SeatView` shows it (``my_discard``).
* A holder who does not rob, whether he forgets or declines openly with ``DeclineRob``
  (where ``holder_rob`` allows it), takes the ``unrobbed_ace`` penalty of
  :func:`~trumpfamily.robbing.unrobbed_penalty`: ``"lowest"`` demotes the Ace to the
  lowest trump either way; ``"cannot-win"`` bars him from the pool either way;
  ``"lowest-unless-announced"`` demotes it only when he forgot; ``"lowest-and-cannot-win"``
  bars him either way and demotes it only when he forgot. Announcing escapes the demotion
  of those two options and nothing else. The plays offered to a holder at his first turn
  are already those legal under the forgetting penalty (EX-43). A forgotten rob is known
  only to the holder until he plays the Ace (see :meth:`HandState.view`).
* Fiving (two players, ``fiving=True``; §2.1.7 (6), EX-56): eldest may ``AskFive`` at his
  first turn, but only while nobody has robbed or declined a rob: fiving settles trumps,
  so it comes before robbing (RULES.md is silent on the order). A rob before the lead by
  the dealer (a turned-up Ace, or the dealer holding the Ace of trumps under
  ``"before-lead"``) therefore leaves no fiving that deal, and neither does his taking a
  turned-up joker, which comes before eldest's first turn.
* Pool games (§1.7): the first player or side to reach ``tricks_needed`` takes the pool and
  play stops (EX-57), unless it has won every trick so far and jinking is on: then it must
  ``Claim`` or ``Jink`` (§1.6). Play also stops as soon as nobody can reach the target any
  more (a spoil) and when a jink fails. A seat barred by the ``"cannot-win"`` or
  ``"lowest-and-cannot-win"`` penalty never wins the pool (EX-51); in a partnership its
  tricks still count for its side, whose other seats then take the pool, so two pairs
  still cannot spoil (PEEL, §1.7).
* Points games (§2.3, §2.4): all five tricks are played; points are in the outcome. The
  ``"cannot-win"`` penalty has no pool to bar a seat from, so in points games only its
  demotion part (``"lowest-and-cannot-win"``) applies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from ._deal import (
    FIVE_ASKED,
    FIVE_OPEN,
    NO_FIVE,
    Result,
    Seating,
    Status,
    check_deck,
    claim_due,
    forgot,
    make_outcome,
    opening,
    seating_for,
    seeded_random,
    trick_result,
    unrobbed_bar,
)
from ._refusals import out_of_turn, refusal_reason
from .actions import (
    AcceptFive,
    Action,
    AskFive,
    Claim,
    DeclineRob,
    Jink,
    Play,
    RefuseFive,
    Rob,
)
from .cards import JK, Card, Rank, Suit, canonical, parse_cards
from .errors import (
    CardParseError,
    IllegalActionError,
    InvalidDeckError,
    InvalidSeatError,
)
from .outcomes import Barred, HandOutcome, Phase, SeatView, Trick
from .play import play_context
from .reneging import decide
from .robbing import may_decline, unrobbed_penalty
from .variants import Variant

__all__ = [
    "Barred",
    "HandOutcome",
    "HandState",
    "Phase",
    "SeatView",
    "Trick",
    "new_hand",
    "stacked_deck",
]

_ROB_PHASE: Final = Phase.ROB
_PLAY_PHASE: Final = Phase.PLAY

# The actions the engine hands out are shared instances (cheap to offer, identity-checked).
_PLAY: Final[dict[Card, Play]] = {}
_ROB: Final[dict[Card, Rob]] = {}
for _c in parse_cards("JK") + tuple(
    canonical(r, s) for s in Suit for r in Rank if r is not Rank.JOKER
):
    _PLAY[_c] = Play(_c)
    _ROB[_c] = Rob(_c)
_ACES: Final = {suit: canonical(Rank.ACE, suit) for suit in Suit}
_new_tuple: Final = tuple.__new__
_DECLINE: Final = DeclineRob()
_CLAIM: Final = Claim()
_JINK: Final = Jink()
_ASK: Final = AskFive()
_ACCEPT: Final = AcceptFive()
_REFUSE: Final = RefuseFive()

_Legal = tuple[tuple[Action, ...], tuple[Card, ...]]


@attrs.frozen(repr=False)
class HandState:
    """One deal in progress: an immutable value (RULES.md §1.5–1.8, §2.1–2.5).

    Build it with :func:`new_hand`; move with :meth:`apply`, which returns a new state.
    Two states are equal when they hold the same deal, deck and history.

    Attributes:
        deck: the deck order, top card first.
        hands: each seat's cards (tuple per seat, in dealt order; a robbed turn-up last).
        tricks: the completed tricks, in play order (:class:`Trick`).
        trick_counts: tricks won per seat.
        current_trick: the cards played to the trick in progress, lead first.
        leader: the seat that led (or will lead) the current trick.
        to_act: the seat whose turn it is, or ``None`` when the hand is over.
        phase: the :class:`Phase`.
        actions: every action applied since the deal, in order.
    """

    _seating: Seating
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    trick_counts: tuple[int, ...]
    current_trick: tuple[Card, ...]
    leader: int
    to_act: int | None
    phase: Phase
    actions: tuple[Action, ...]
    _status: Status
    _result: Result | None
    _legal: _Legal | None = attrs.field(default=None, eq=False, init=False)
    _outcome: HandOutcome | None = attrs.field(default=None, eq=False, init=False)

    # -- public facts ------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules of this hand."""
        return self._seating.variant

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._seating.players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._seating.dealer

    @property
    def eldest(self) -> int:
        """Eldest hand, the dealer's left (``dealer + 1``), who leads to trick 1."""
        return self._seating.eldest

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (each seat alone without partnerships)."""
        return self._seating.sides

    @property
    def trump(self) -> Suit:
        """The trump suit (the turn-up's suit; changed only by fiving)."""
        return self._status.trump

    @property
    def turn_up(self) -> Card:
        """The card turned up for trumps (still reported after it was robbed; see
        :attr:`robbed_by`). After a turned-up joker, the card turned after it; after
        fiving, the new turn-up."""
        return self._status.turn_up

    @property
    def robbed_by(self) -> int | None:
        """The seat that robbed the turn-up, if any (the dealer taking a turned-up joker
        is not a rob: see :attr:`joker_discard`)."""
        return self._status.robbed_by

    @property
    def announced(self) -> int | None:
        """The seat that declined to rob with ``DeclineRob()``, if any."""
        return self._status.announced

    @property
    def discard(self) -> Card | None:
        """The robber's face-down discard (in no :meth:`view` but the robber's own)."""
        return self._status.discard

    @property
    def joker_discard(self) -> Card | None:
        """The dealer's face-down discard for a turned-up joker (RULES.md §2.8, EX-53), in
        no :meth:`view` but the dealer's own; ``None`` if no joker was taken."""
        return self._status.joker_discard

    @property
    def demoted(self) -> Card | None:
        """The Ace of trumps when a robbing penalty made it the lowest trump (EX-17).

        The whole truth, for servers and tests: :meth:`view` hides it from the other seats
        while it is the holder's secret."""
        return self._status.demoted

    @property
    def barred(self) -> tuple[Barred, ...]:
        """Seats barred from winning the pool this deal, with the reason (EX-51).

        The whole truth, for servers and tests: :meth:`view` hides a silent holder's
        entry from the other seats while it is his secret."""
        return self._status.barred

    @property
    def jinker(self) -> int | None:
        """The side that is jinking (playing on for all five tricks), else ``None``."""
        return self._status.jinker

    @property
    def fived(self) -> tuple[Card, ...]:
        """Cards turned up and set aside by fiving, in order (EX-56)."""
        return self._status.fived

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first (not counting the turn-up and fived cards)."""
        return self.deck[self._status.stock_at :]

    @property
    def tricks_needed(self) -> int | None:
        """Tricks that win the pool (``Scoring.tricks_needed``), or ``None`` in points games."""
        return self._seating.needed if self._seating.pool else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (then :attr:`outcome` is set)."""
        return self._result is not None

    # -- moves -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat :attr:`to_act` may take now; ``()`` only when the hand is
        over (PITFALLS.md 11).

        Rob and announce actions come first, then ``AskFive()``, then the ``Play``
        actions in hand order (RULES.md §1.4 via :func:`trumpfamily.reneging.decide`).

        >>> import trumpfamily as tf
        >>> deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=2, turn_up="2S",
        ...                        hands={0: "9D 4C", 1: "3D KC 7S AH 2H"})
        >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, deck=deck).apply(tf.Play("9D"))
        >>> state.legal_actions()  # EX-20: follow suit or trump
        (Play('3D'), Play('7S'), Play('AH'))
        """
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        return legal[0]

    def apply(self, action: Action, seat: int | None = None) -> HandState:
        """The state after ``action`` by the seat :attr:`to_act`; this state is unchanged.

        Args:
            action: one of :meth:`legal_actions` (an equal value will do, e.g.
                ``Play("5H")``).
            seat: optionally, the seat making the action (an int); if given it must be
                :attr:`to_act`.

        Returns:
            The new :class:`HandState`.

        Raises:
            IllegalActionError: the action is not legal now: out of turn (or ``seat`` is
                not an int), wrong phase, a card not held, a card the following rules
                forbid, a rob without the Ace of trumps, ...; ``reason`` names the rule
                (RULES.md section).

        >>> import trumpfamily as tf
        >>> state = tf.new_hand(tf.MAW, players=3, seed=1)
        >>> state.apply(tf.Play("8D"))
        Traceback (most recent call last):
        ...
        trumpfamily.errors.IllegalActionError: Play('8D') is not allowed: 8D is not in seat 1's ...
        """
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            raise IllegalActionError(action, out_of_turn(self, seat))
        kind = type(action)
        if kind is Play:
            if action.card not in legal[1]:  # type: ignore[union-attr]
                raise self._refusal(action)
            return self._play(action.card, action)  # type: ignore[union-attr]
        if action not in legal[0]:
            raise self._refusal(action)
        if kind is Rob:
            return self._rob(action.discard, action)  # type: ignore[union-attr]
        if kind is DeclineRob:
            return self._decline(action)
        if kind is Claim:
            return self._end(Result("claim", self._seating.side_of[self.to_act]), action)  # type: ignore[index]
        if kind is Jink:
            status = attrs.evolve(self._status, jinker=self._seating.side_of[self.to_act])  # type: ignore[index]
            return self._next(status=status, phase=_PLAY_PHASE, action=action)
        if kind is AskFive:
            status = attrs.evolve(self._status, five=FIVE_ASKED)
            return self._next(
                status=status, phase=Phase.FIVE, to_act=self._seating.dealer, action=action
            )
        if kind is RefuseFive:
            st = self._status
            phase = (
                _ROB_PHASE
                if st.rob_pre_lead and st.rob_done is None and st.rob_seat is not None
                else _PLAY_PHASE
            )
            return self._next(
                status=attrs.evolve(st, five=NO_FIVE),
                phase=phase,
                to_act=self._seating.eldest,
                action=action,
            )
        return self._five(action)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see (for bots and servers).

        Args:
            seat: a seat, an int ``0..players-1``.

        Returns:
            A :class:`SeatView`: this seat's own hand, the turn-up unless robbed (and the
            card that was turned for trumps, which everyone saw), the cards played, trick
            counts, whose turn it is, and the legal actions if it is this seat's turn.
            Never another seat's cards, nor another seat's face-down discard (the robber
            sees his own, ``my_discard``; the dealer his discard for a turned-up joker,
            ``my_joker_discard``).

            A holder of the Ace of trumps who let his chance to rob pass without a word
            (he played to trick 1 with neither ``Rob`` nor ``DeclineRob``) is known only
            to himself: the other seats' views show neither the demoted Ace
            (``demoted``) until the Ace is played, nor his ``barred`` entry until the Ace
            is played or the hand is over. ``DeclineRob`` is said aloud, so after it both
            are public.

        Raises:
            InvalidSeatError: ``seat`` is not a seat (also an :class:`IndexError`).

        >>> import trumpfamily as tf
        >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
        >>> view = state.view(2)
        >>> view.hand == state.hands[2], view.to_act, view.legal_actions
        (True, 1, ())
        """
        s, st = self._seating, self._status
        if type(seat) is not int or not 0 <= seat < s.players:
            raise InvalidSeatError(seat, s.players)
        legal = self.legal_actions() if seat == self.to_act else ()
        demoted, barred = st.demoted, st.barred
        if st.rob_done == "forgot" and seat != st.rob_seat and (demoted is not None or barred):
            demoted, barred = self._hide_holder(demoted, barred)
        return _new_tuple(  # SeatView(...) without the keyword-handling __new__ (hot path)
            SeatView,
            (
                seat,
                s.players,
                s.dealer,
                s.variant,
                self.phase,
                self.to_act,
                st.trump,
                None if st.taken else st.turn_up,
                self.hands[seat],
                self.current_trick,
                self.leader,
                self.tricks,
                self.trick_counts,
                s.sides,
                legal,
                st.robbed_by,
                st.announced,
                demoted,
                barred,
                st.jinker,
                st.fived,
                s.needed if s.pool else None,
                st.turn_up,
                st.discard if seat == st.robbed_by else None,
                st.joker_discard if seat == s.dealer else None,
            ),
        )

    def _hide_holder(
        self, demoted: Card | None, barred: tuple[Barred, ...]
    ) -> tuple[Card | None, tuple[Barred, ...]]:
        """``demoted`` and ``barred`` as a seat other than the silent holder of the Ace of
        trumps knows them: hidden until the Ace is played (the bar also at the end)."""
        holder: int = self._status.rob_seat  # type: ignore[assignment]
        if _ACES[self._status.trump] not in self.hands[holder]:  # he has played it
            return demoted, barred
        if self._result is None:
            barred = tuple([b for b in barred if b.seat != holder])
        return None, barred

    @property
    def outcome(self) -> HandOutcome | None:
        """The :class:`HandOutcome` once the hand is over, else ``None``."""
        if self._result is None:
            return None
        if self._outcome is None:
            object.__setattr__(self, "_outcome", make_outcome(self))
        return self._outcome

    def record(self) -> dict[str, object]:
        """A JSON-serialisable record of the hand so far: variant name and options,
        players, dealer, deck order and actions (see :func:`trumpfamily.replay`).

        >>> import json, trumpfamily as tf
        >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
        >>> state = state.apply(state.legal_actions()[0])
        >>> tf.replay(json.loads(json.dumps(state.record()))) == state
        True
        """
        from .records import record

        return record(self)

    def __repr__(self) -> str:
        s = self._seating
        where = f"trick {len(self.tricks) + 1}" if self._result is None else "over"
        turn = "" if self.to_act is None else f", seat {self.to_act} to act"
        return (
            f"<HandState {s.variant.name!r} {s.players} players, dealer {s.dealer}, "
            f"trumps {self._status.trump.name.lower()}, {where} ({self.phase.value}){turn}>"
        )

    # -- internals ---------------------------------------------------------------------

    def _next(
        self,
        *,
        status: Status,
        phase: Phase,
        action: Action,
        to_act: int | None = None,
        hands: tuple[tuple[Card, ...], ...] | None = None,
        leader: int | None = None,
    ) -> HandState:
        return HandState(
            self._seating,
            self.deck,
            self.hands if hands is None else hands,
            self.tricks,
            self.trick_counts,
            self.current_trick,
            self.leader if leader is None else leader,
            self.to_act if to_act is None else to_act,
            phase,
            self.actions + (action,),
            status,
            None,
        )

    def _end(self, result: Result, action: Action) -> HandState:
        return HandState(
            self._seating,
            self.deck,
            self.hands,
            self.tricks,
            self.trick_counts,
            self.current_trick,
            self.leader,
            None,
            Phase.OVER,
            self.actions + (action,),
            self._status,
            result,
        )

    def _compute_legal(self) -> _Legal:
        phase, st, s = self.phase, self._status, self._seating
        seat = self.to_act
        legal: _Legal
        if phase is _PLAY_PHASE:
            assert seat is not None
            hand = self.hands[seat]
            extra: tuple[Action, ...] = ()
            ctx = st.ctx
            if st.rob_seat == seat and st.rob_done is None:  # the holder's first turn
                ctx = st.forget_ctx
                kept = JK if st.joker_discard is not None else None  # §2.8: he keeps it
                extra = tuple([_ROB[c] for c in hand if c is not kept])
                if may_decline(s.variant.robbing, dealer=False):
                    extra += (_DECLINE,)
            if st.five == FIVE_OPEN and seat == s.eldest:
                extra += (_ASK,)
            cards = decide(hand, self.current_trick, ctx)[0]
            legal = (extra + tuple([_PLAY[c] for c in cards]), cards)
        elif phase is _ROB_PHASE:
            assert seat is not None
            kept = JK if st.joker_discard is not None else None  # §2.8: he keeps it
            acts: tuple[Action, ...] = tuple([_ROB[c] for c in self.hands[seat] if c is not kept])
            if st.rob_kind != "joker" and may_decline(
                s.variant.robbing, dealer=st.rob_kind == "ace"
            ):
                acts += (_DECLINE,)
            if st.five == FIVE_OPEN and seat == s.eldest:
                acts += (_ASK,)
            legal = (acts, ())
        elif phase is Phase.CLAIM:
            legal = ((_CLAIM, _JINK), ())
        elif phase is Phase.FIVE:
            legal = ((_ACCEPT, _REFUSE), ())
        else:
            legal = ((), ())
        object.__setattr__(self, "_legal", legal)
        return legal

    def _play(self, card: Card, action: Action) -> HandState:
        s = self._seating
        seat: int = self.to_act  # type: ignore[assignment]
        st = self._status
        if st.rob_seat == seat and st.rob_done is None:
            st = forgot(s, st, seat)
        if st.five == FIVE_OPEN:
            st = attrs.evolve(st, five=NO_FIVE)
        hands = list(self.hands)
        hands[seat] = tuple([c for c in hands[seat] if c is not card])
        trick = self.current_trick + (card,)
        actions = self.actions + (action,)
        n = s.players
        if len(trick) < n:
            return HandState(
                s,
                self.deck,
                tuple(hands),
                self.tricks,
                self.trick_counts,
                trick,
                self.leader,
                s.nxt[seat],
                _PLAY_PHASE,
                actions,
                st,
                None,
            )
        # The trick is complete: the highest trump wins, else the highest card of the suit
        # led (RULES.md §1.3), by the deal's rank table.
        ctx = st.ctx
        power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
        led = suit_of[trick[0]]
        best = power[trick[0]]
        win = 0
        for i in range(1, n):
            c = trick[i]
            p = power[c]
            if p > best:
                su = suit_of[c]
                if su is led or su is trump:
                    best = p
                    win = i
        leader = self.leader
        winner = (leader + win) % n
        counts = list(self.trick_counts)
        counts[winner] += 1
        tricks = self.tricks + (Trick(trick, leader, winner),)
        result = trick_result(s, st, tricks, counts, winner)
        if result is None:
            phase = _PLAY_PHASE
            to_act: int | None = winner
            if s.jinking and st.jinker is None and len(tricks) < 5:
                if claim_due(s, st, tricks, counts, winner):
                    phase = Phase.CLAIM
        else:
            phase, to_act = Phase.OVER, None
        return HandState(
            s,
            self.deck,
            tuple(hands),
            tricks,
            tuple(counts),
            (),
            winner,
            to_act,
            phase,
            actions,
            st,
            result,
        )

    def _rob(self, discard: Card, action: Action) -> HandState:
        s, st = self._seating, self._status
        seat: int = self.to_act  # type: ignore[assignment]
        hands = list(self.hands)
        if st.rob_kind == "joker":
            # Taking a turned-up joker is no rob of the trump card: the card turned after
            # it now gets the robbing set-up of any turn-up (RULES.md §1.5, §2.8, EX-53).
            hands[seat] = tuple([c for c in hands[seat] if c is not discard]) + (JK,)
            return self._turned_up(
                st.turn_up, st.stock_at, st.fived, action, hands=tuple(hands),
                joker_discard=discard,
            )
        hands[seat] = tuple([c for c in hands[seat] if c is not discard]) + (st.turn_up,)
        status = attrs.evolve(
            st,
            taken=True,
            rob_done="robbed",
            robbed_by=seat,
            discard=discard,
            five=NO_FIVE,  # fiving settles trumps, so it comes before any rob
        )
        if self.phase is _ROB_PHASE:
            return self._next(
                status=status, phase=_PLAY_PHASE, to_act=s.eldest, hands=tuple(hands), action=action
            )
        return self._next(status=status, phase=_PLAY_PHASE, hands=tuple(hands), action=action)

    def _decline(self, action: Action) -> HandState:
        s, st = self._seating, self._status
        seat: int = self.to_act  # type: ignore[assignment]
        # fiving settles trumps, so it comes before any rob or decline
        changes: dict[str, object] = {"rob_done": "declined", "announced": seat, "five": NO_FIVE}
        if st.rob_kind == "holder":
            demote, _ = unrobbed_penalty(s.variant.robbing, announced=True)
            if demote:
                ace = canonical(Rank.ACE, st.trump)
                changes.update(demoted=ace, ctx=play_context(s.variant, st.trump, ace))
            changes["barred"] = unrobbed_bar(s, st, seat, announced=True)
        status = attrs.evolve(st, **changes)  # type: ignore[arg-type]
        if self.phase is _ROB_PHASE:
            return self._next(status=status, phase=_PLAY_PHASE, to_act=s.eldest, action=action)
        return self._next(status=status, phase=_PLAY_PHASE, action=action)

    def _five(self, action: Action) -> HandState:
        """AcceptFive: turn cards until one of a different printed suit appears (RULES.md
        §2.1.7 (6), EX-56, PEEL). A card is judged by its printed suit, not by whether it is
        a trump: with clubs trumps ``AH`` stops the turning and makes hearts trumps; the
        joker has no suit and is passed over. The new turn-up is then treated like any
        turn-up (an Ace, ``AH`` included, lets the dealer rob). Fiving is offered only
        before any rob or decline, so the turn-up is still on the table."""
        st = self._status
        fived = st.fived + (st.turn_up,)
        pos = st.stock_at
        trump = st.trump
        deck = self.deck
        while True:
            card = deck[pos]
            pos += 1
            if card is JK or card.suit is trump:
                fived += (card,)
                continue
            break
        return self._turned_up(card, pos, fived, action, joker_discard=st.joker_discard)

    def _turned_up(
        self,
        card: Card,
        stock_at: int,
        fived: tuple[Card, ...],
        action: Action,
        *,
        hands: tuple[tuple[Card, ...], ...] | None = None,
        joker_discard: Card | None = None,
    ) -> HandState:
        """The state once ``card`` is the new turn-up for trumps, after fiving
        (:meth:`_five`) or after the dealer took a turned-up joker (:meth:`_rob`): the
        robbing set-up of a first turn-up (:func:`opening`, RULES.md §1.5). Fiving is over
        either way (cards are fived once a hand; the joker exchange comes before eldest's
        first turn)."""
        s = self._seating
        hands = self.hands if hands is None else hands
        phase, to_act, status = opening(
            s, hands, card, stock_at, fived, NO_FIVE, joker_up=False, joker_discard=joker_discard
        )
        return self._next(
            status=status, phase=phase, to_act=to_act, hands=hands, leader=s.eldest, action=action
        )

    # -- refusals ----------------------------------------------------------------------

    def _refusal(self, action: object) -> IllegalActionError:
        return IllegalActionError(action, refusal_reason(self, action))


def new_hand(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    seed: int | str | bytes | None = None,
    deck: str | Iterable[Card | str] | None = None,
) -> HandState:
    """Deal one hand and turn up trumps (RULES.md §1.8, §2.8).

    Args:
        variant: the rules, e.g. :data:`~trumpfamily.SPOIL_FIVE`, or a preset's name
            (:func:`~trumpfamily.variants.find_variant`, e.g. ``"spoil five"``).
        players: the number of seats (an int), within the variant's player counts and
            partnerships.
        dealer: the dealer's seat (an int); eldest hand (``dealer + 1``) is dealt first
            and leads.
        seed: seeds the shuffle when ``deck`` is not given (the same seed gives the same
            deck); ``None`` shuffles unpredictably.
        deck: an explicit deck order, top card first (for stacked deals and replays): card
            values or text, exactly the variant's deck (52 cards, 53 with a joker). See
            :func:`stacked_deck`.

    Returns:
        The :class:`HandState` before the first action: five cards a seat dealt in the
        ``deal_packets`` from eldest, the next card turned up.

    Raises:
        UnknownVariantError: ``variant`` is neither a :class:`~trumpfamily.variants.Variant`
            nor a preset's name.
        PlayerCountError: ``players`` is not an int the variant (or its partnerships)
            allows, or ``dealer`` is not an int seat.
        InvalidDeckError: ``deck`` has a missing, repeated or foreign card; the message
            names them.
        InvalidArgumentError: ``seed`` is not a seed (an int, str, bytes or ``None``).

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=5, dealer=4, seed=3)
    >>> state.to_act, state.phase.value, [len(h) for h in state.hands]
    (0, 'play', [5, 5, 5, 5, 5])
    """
    s = seating_for(variant, players, dealer)
    if deck is None:
        cards = list(s.base_deck)
        seeded_random(seed).shuffle(cards)
        d = tuple(cards)
    else:
        d = check_deck(deck, s)
    hands = tuple([get(d) for get in s.getters])
    at = s.turn_up_at
    up = d[at]
    joker_up = up is JK
    if joker_up:
        at += 1
        up = d[at]
    phase, to_act, status = opening(
        s,
        hands,
        up,
        at + 1,
        (),
        FIVE_OPEN if s.fiving else NO_FIVE,
        joker_up=joker_up,
    )
    return HandState(s, d, hands, (), (0,) * players, (), s.eldest, to_act, phase, (), status, None)


def stacked_deck(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    hands: Mapping[int, str | Iterable[Card | str]] | None = None,
    turn_up: Card | str | None = None,
    stock: str | Iterable[Card | str] = (),
) -> tuple[Card, ...]:
    """A deck order that deals the given cards (for tests, examples and puzzles).

    Args:
        variant: the rules (its deck and ``deal_packets``), or a preset's name.
        players, dealer: as for :func:`new_hand`.
        hands: seat -> up to five cards that seat is to be dealt (in hand order); seats or
            cards not given are filled from the rest of the deck in its usual order.
        turn_up: the card to turn up (``"JK"`` turns the joker, and ``stock`` then starts
            with the card turned after it).
        stock: the cards to lie on top of the stock, after the turn-up.

    Returns:
        The full deck, top card first, for ``new_hand(..., deck=...)``.

    Raises:
        UnknownVariantError, PlayerCountError: as for :func:`new_hand`.
        InvalidDeckError: a card is given twice or is not in the variant's deck, a hand
            has more than five cards, or ``stock`` has more cards than are left after the
            deal and the turn-up.

    >>> import trumpfamily as tf
    >>> deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=1, hands={0: "AD 8C 3S KH 9D"},
    ...                        turn_up="5D")
    >>> tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, deck=deck).hands[0]
    (Card.parse('AD'), Card.parse('8C'), Card.parse('3S'), Card.parse('KH'), Card.parse('9D'))
    """
    s = seating_for(variant, players, dealer)
    if hands is not None and not isinstance(hands, Mapping):
        raise InvalidDeckError(
            f"hands must map seats to cards, e.g. {{0: '5H JS'}}, got {type(hands).__name__}"
        )
    wanted: dict[int, tuple[Card, ...]] = {}
    for seat, cards in (hands or {}).items():
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidDeckError(f"hands: {seat!r} is not a seat (0..{players - 1})")
        try:
            wanted[seat] = parse_cards(cards)
        except CardParseError as exc:
            raise InvalidDeckError(f"hands[{seat}]: {exc}") from None
        if len(wanted[seat]) > 5:
            raise InvalidDeckError(f"hands[{seat}] has {len(wanted[seat])} cards; a hand has five")
    try:
        up = parse_cards([turn_up]) if turn_up is not None else ()
        after = parse_cards(stock)
    except CardParseError as exc:
        raise InvalidDeckError(f"turn_up/stock: {exc}") from None
    room = len(s.base_deck) - s.turn_up_at - 1
    if len(after) > room:
        raise InvalidDeckError(
            f"stock has {len(after)} cards ({' '.join(map(str, after))}) but only {room} "
            f"can lie after dealing {s.turn_up_at} cards to {players} players and the turn-up"
        )
    given = [c for cards in wanted.values() for c in cards] + list(up) + list(after)
    if len(set(given)) != len(given) or not set(given) <= set(s.base_deck):
        seen: set[Card] = set()
        bad = [c for c in given if c in seen or seen.add(c) or c not in s.base_deck]  # type: ignore[func-returns-value]
        raise InvalidDeckError(
            f"stacked_deck: {' '.join(map(str, bad))} given twice or not in the deck"
        )
    rest = iter([c for c in s.base_deck if c not in set(given)])
    slots: list[Card | None] = [None] * len(s.base_deck)
    for seat, get in enumerate(s.getters):
        positions = get(tuple(range(len(s.base_deck))))  # type: ignore[arg-type]
        cards = wanted.get(seat, ())
        for i, pos in enumerate(positions):
            slots[pos] = cards[i] if i < len(cards) else None  # type: ignore[call-overload]
    if up:
        slots[s.turn_up_at] = up[0]
    for i, card in enumerate(after):
        slots[s.turn_up_at + 1 + i] = card
    return tuple(c if c is not None else next(rest) for c in slots)
