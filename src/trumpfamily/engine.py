"""The hand engine: deal one hand, play it action by action, read its outcome.

:func:`new_hand` ``(variant, *, players, dealer=0, seed=None, deck=None)`` deals a hand
and returns a :class:`HandState` (a bidding variant deals a
:class:`~trumpfamily.bidding.engine.BiddingHand`, with the same calls). The state is an
immutable value: :meth:`~HandState.apply` returns the next state and leaves this one
intact, for search, undo and replay.

==================================  =====================================================
``state.to_act``                    the seat whose turn it is (``0..players-1``), or
                                    ``None`` when the hand is over
``state.phase``                     what the hand waits for: a
                                    :class:`~trumpfamily.outcomes.Phase`
``state.legal_actions()``           the actions ``to_act`` may take, a tuple of
                                    :data:`~trumpfamily.actions.Action` values
``state.apply(action, seat=None)``  the next :class:`HandState`; a refused action
                                    raises :class:`~trumpfamily.errors.IllegalActionError`
                                    with a stable ``code``, and changes nothing
``state.view(seat)``                what one seat may see, a
                                    :class:`~trumpfamily.outcomes.SeatView` (for bots
                                    and servers)
``state.events``                    what the last action did (for narrators and logs)
``state.is_over``, ``.outcome``     the :class:`~trumpfamily.outcomes.HandOutcome`
                                    once the hand is over, else ``None``
``state.record()``                  a JSON-ready record; :func:`~trumpfamily.replay`
                                    rebuilds the state from it
==================================  =====================================================

>>> import trumpfamily as tf
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=7)
>>> state.to_act, state.phase
(1, <Phase.PLAY: 'play'>)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[-1])
>>> outcome = state.outcome
>>> sum(outcome.tricks) == outcome.tricks_played
True

The engine reads the rule components of the variant (``robbing``, ``reneging``,
``scoring``...) and adds only the order of play: who is asked what, and when. That order,
with the rules it follows, is explained in :doc:`/explanation/hand-engine`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import Any, Final, NamedTuple, cast, overload

from ._compiled import mypyc_attr
from ._valuetuple import ValueTuple
from .actions import (
    ACTION_TYPES,
    AcceptFive,
    Action,
    AskFive,
    Claim,
    DeclineRob,
    Jink,
    Pass,
    Play,
    RefuseFive,
    Rob,
)
from .cards import JK, Card, Rank, Suit, canonical, parse_cards
from .convert import hand_record
from .dealing import (
    Seating,
    SeatingFacts,
    check_deck,
    seating_for,
    seeded_random,
    seeded_shuffle,
    shuffled,
    stacked_deck,
)
from .errors import IllegalActionError, InvalidSeatError, safe_repr
from .events import (
    Claimed,
    Dealt,
    Event,
    FiveAccepted,
    FiveAsked,
    FiveRefused,
    HandOver,
    Jinked,
    JokerTaken,
    Passed,
    Played,
    Robbed,
    RobDeclined,
    TrickWon,
    TurnedUp,
)
from .fiving import prompt_first, turn_until_new_suit
from .integrity import deal_commitment, new_salt
from .jinking import claim_due, jink_result
from .outcomes import HAND_SIZE, Barred, HandOutcome, Phase, SeatView, Trick, Turn
from .play import play_context
from .refusals import PLAY_CODES, RefusalFacts, reason
from .reneging import PlayContext, decide, explain, refusal_code
from .robbing import (
    RobChance,
    RobKind,
    known_bars,
    may_decline,
    rob_chance,
    unrobbed_bar,
    unrobbed_penalty,
)
from .scoring import HandEnd, hand_points, pool_result, pool_tricks, pool_winner
from .tables import legal_mask, winner_index
from .variants import Variant

__all__ = [
    "Barred",
    "HandOutcome",
    "HandState",
    "Phase",
    "SeatView",
    "Trick",
    "Turn",
    "new_hand",
    "stacked_deck",
]

_ROB_PHASE: Final = Phase.ROB
_PLAY_PHASE: Final = Phase.PLAY
_FIVE_PHASE: Final = Phase.FIVE


class _Five(enum.IntEnum):
    """Where fiving stands in a deal."""

    NONE = 0  # not played, or over
    OPEN = 1  # eldest may still ask
    ASKED = 2  # the dealer must answer


class _RobDone(enum.StrEnum):
    """How the chance to rob was used."""

    ROBBED = "robbed"
    DECLINED = "declined"  # aloud: DeclineRob()
    SILENT = "silent"  # the holder played or passed with neither a rob nor a word


_NO_FIVE: Final = _Five.NONE
_FIVE_OPEN: Final = _Five.OPEN
_FIVE_ASKED: Final = _Five.ASKED
_ROBBED: Final = _RobDone.ROBBED
_DECLINED: Final = _RobDone.DECLINED
_SILENT: Final = _RobDone.SILENT
_JOKER: Final = RobKind.JOKER
_ACE: Final = RobKind.ACE
_HOLDER: Final = RobKind.HOLDER

# The actions the engine hands out are shared instances (cheap to offer, identity-checked).
_ALL_CARDS: Final = parse_cards("JK") + tuple(
    canonical(r, s) for s in Suit for r in Rank if r is not Rank.JOKER
)
_PLAY: Final[dict[Card, Play]] = {c: Play(c) for c in _ALL_CARDS}
_ROB: Final[dict[Card, Rob]] = {c: Rob(c) for c in _ALL_CARDS}
_ACES: Final = {suit: canonical(Rank.ACE, suit) for suit in Suit}
_new_tuple: Final = tuple.__new__

try:  # the C getter namedtuple uses for its fields (as fast as a slot)
    from _collections import _tuplegetter  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python implementation

    def _tuplegetter(index: int, doc: str) -> property:
        return property(itemgetter(index), doc=doc)
_DECLINE: Final = DeclineRob()
_CLAIM: Final = Claim()
_JINK: Final = Jink()
_ASK: Final = AskFive()
_ACCEPT: Final = AcceptFive()
_REFUSE: Final = RefuseFive()
_PASS: Final = Pass()
_NO_HISTORY: Final[tuple[Turn, ...]] = ()
# Turn(seat, Play(card), "Play") for every seat of the largest table and every card, made
# once: a card played adds a shared value to the history instead of building one.
_PLAY_TURNS: Final = tuple(
    {c: Turn(seat, _PLAY[c], "Play") for c in _ALL_CARDS} for seat in range(10)
)

_Legal = tuple[tuple[Action, ...], tuple[Card, ...]]
#: The actions of the games that turn up trumps (the others belong to the bidding games).
_TURN_UP_ACTIONS: Final = (Play, Rob, DeclineRob, Claim, Jink, AskFive, AcceptFive, RefuseFive, Pass)
# The legal actions and the outcome of the last state asked, as (state, value): a playing
# loop asks a state, then applies to it. One tuple each, read and replaced whole, so a
# reader in another thread sees a matching pair or recomputes. Not a per-state cache:
# a state holds nothing it can derive, which keeps each state small.
_last_legal: tuple[object, _Legal | None] = (None, None)
_last_outcome: tuple[object, HandOutcome | None] = (None, None)
_CLAIMED: Final = HandEnd.CLAIM
_JINKED: Final = HandEnd.JINK
_PASS_ONLY: Final[_Legal] = ((_PASS,), ())
# A seat's Pass in the round of rob prompts: its history entry and its events, shared.
_PASS_TURNS: Final = tuple(Turn(seat, _PASS, "Pass") for seat in range(10))
_PASSED_ROB: Final = tuple((Passed(seat, "rob"),) for seat in range(10))


# The status and the result are frozen dataclasses rather than attrs classes: the compiled
# build (issue 24) makes a dataclass a native class, whose fields the engine reads directly
# (an attrs class stays a Python class there, each read a generic lookup). Both pickle by
# their fields (``__reduce__``): a native class pickles only what it is told to.
@dataclasses.dataclass(frozen=True)
class _Status:
    """The turn-up, robbing, fiving and penalty state of a deal (changes rarely)."""

    trump: Suit
    turn_up: Card
    taken: bool
    joker_wait: bool  # a turned-up joker not yet taken: ``turn_up`` is not turned yet
    stock_at: int
    fived: tuple[Card, ...]
    five: _Five
    rob: RobChance | None
    rob_done: _RobDone | None
    robbed_by: int | None
    announced: int | None
    discard: Card | None
    joker_discard: Card | None
    demoted: Card | None
    barred: tuple[Barred, ...]
    jinker: int | None
    ctx: PlayContext = dataclasses.field(compare=False)
    forget_ctx: PlayContext = dataclasses.field(compare=False)
    commit: tuple[bytes, str] | None = None  # (salt, digest): part of the value
    # the rob's place in the history
    rob_at: int | None = dataclasses.field(default=None, compare=False)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Status, tuple([getattr(self, name) for name in _STATUS_FIELDS]))


_STATUS_FIELDS: Final = tuple(f.name for f in dataclasses.fields(_Status))


def _evolve(st: _Status, **changes: object) -> _Status:
    """``dataclasses.replace`` for the status, without its per-call introspection (the
    engine evolves the status a few times a hand)."""
    return _Status(*[changes.get(name, getattr(st, name)) for name in _STATUS_FIELDS])  # type: ignore[arg-type]


@dataclasses.dataclass(frozen=True)
class _Result:
    end: HandEnd
    winner: int | None

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Result, (self.end, self.winner))


# The fields of a HandState, in their tuple order; the last, the events of the last
# action (``None`` when they are derived on demand), is not part of equality.
_FIELDS: Final = (
    "_seating", "deck", "hands", "tricks", "trick_counts", "current_trick", "leader",
    "to_act", "phase", "_public", "_status", "_result", "_events",
)
_VALUE: Final = slice(0, len(_FIELDS) - 1)
_tuple_item: Final = tuple.__getitem__
# The same items, typed, for the hot transitions, which read them with one unpacking,
# ``cast(_Items, self)``, instead of an attribute read each: in the compiled build the
# unpacking reads the tuple's items directly (an attribute of this Python class is a
# generic lookup), and in the pure build one unpacking costs less than a few reads.
_Items = tuple[
    Seating, tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[Trick, ...],
    tuple[int, ...], tuple[Card, ...], int, int | None, Phase, tuple[Turn, ...], _Status,
    _Result | None, tuple[Event, ...] | None,
]


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class HandState(SeatingFacts, ValueTuple):
    """One deal in progress: an immutable value (RULES.md §1.5–1.8, §2.1–2.5).

    Build it with :func:`new_hand` (or :func:`~trumpfamily.records.replay`); do not call
    the constructor, whose fields are internal. Move with :meth:`apply`, which returns a
    new state. Two states are equal when they hold the same deal, deck and history; a
    state is hashable and pickles.

    (Internally the state is a tuple subclass, for speed: a new state per action costs a
    tuple, not a dozen attribute writes. Use its attributes and methods only; its tuple
    items, order and length are not part of the API.)

    Its attributes ``deck``, ``hands``, ``tricks``, ``trick_counts``, ``current_trick``,
    ``leader``, ``to_act`` and ``phase`` are described below; ``variant``, ``players``,
    ``dealer``, ``eldest`` and ``sides`` come from
    :class:`~trumpfamily.dealing.SeatingFacts`.
    """

    __slots__ = ()
    _VALUE = _VALUE  # the value's items (ValueTuple: equality, hash)

    # The fields are tuple items read by C getters (as a namedtuple's are), attached
    # after the class (see below); declared here for the type checker.
    _seating: Seating
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    trick_counts: tuple[int, ...]
    current_trick: tuple[Card, ...]
    leader: int
    to_act: int | None
    phase: Phase
    _public: tuple[Turn, ...]  # the history with face-down discards masked
    _status: _Status
    _result: _Result | None
    _events: tuple[Event, ...] | None

    def __new__(cls, *args: object) -> HandState:  # noqa: PYI034 (it only refuses)
        raise TypeError("HandState is built by new_hand() or replay(), not by its constructor")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (tuple(_tuple_item(self, slice(None))),))

    # -- public facts ------------------------------------------------------------------

    # variant, players, dealer, eldest, sides: dealing.SeatingFacts

    @property
    def history(self) -> tuple[Turn, ...]:
        """Every action applied since the deal, in order, with its seat, as :class:`Turn`
        values: the whole truth (a :meth:`view` masks what its seat may not see)."""
        return self._unmasked(None)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order (the actions of :attr:`history`)."""
        return tuple([t.action for t in self.history])  # type: ignore[misc]

    def _unmasked(self, seat: int | None) -> tuple[Turn, ...]:
        """The history with the face-down discards shown to ``seat`` (all, for ``None``):
        the dealer's for a turned-up joker (always the hand's first action) and the
        robber's (at ``rob_at``)."""
        public = self._public
        st = self._status
        dealer = self._seating.dealer
        if st.joker_discard is not None and (seat is None or seat == dealer):
            public = (Turn(dealer, _ROB[st.joker_discard], "Rob"),) + public[1:]
        if st.discard is not None and (seat is None or seat == st.robbed_by):
            at: int = st.rob_at  # type: ignore[assignment]
            robbed = Turn(st.robbed_by, _ROB[st.discard], "Rob")  # type: ignore[arg-type]
            public = public[:at] + (robbed,) + public[at + 1 :]
        return public

    @property
    def trump(self) -> Suit:
        """The trump suit (the turn-up's suit; changed only by fiving). While a turned-up
        joker waits for the dealer's discard, the suit of the card that will be turned
        after it, which no seat has seen yet (every :meth:`view` shows ``None``)."""
        return self._status.trump

    @property
    def turn_up(self) -> Card:
        """The card turned up for trumps: the joker while it waits for the dealer's
        discard, then the card turned after it; after fiving, the new turn-up.

        Unlike :attr:`SeatView.turn_up <trumpfamily.outcomes.SeatView.turn_up>`, which is
        ``None`` once the turn-up has been robbed, this is still the card after a rob (see
        :attr:`robbed_by`); in a seat's view that card stays in
        :attr:`SeatView.turned_up <trumpfamily.outcomes.SeatView.turned_up>`."""
        st = self._status
        return JK if st.joker_wait else st.turn_up

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
        entry from the other seats while it is his secret, and the play does not read it
        until then (:func:`~trumpfamily.robbing.known_bars`); the outcome settles it."""
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
        st = self._status
        return self.deck[st.stock_at - 1 if st.joker_wait else st.stock_at :]

    @property
    def tricks_needed(self) -> int | None:
        """Tricks that win the pool (``Scoring.tricks_needed``), or ``None`` in points games."""
        return self._seating.needed if self._seating.pool else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (then :attr:`outcome` is set)."""
        return self._result is not None

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the last action, in order (see :mod:`trumpfamily.events`).

        For a new hand ``Dealt`` and ``TurnedUp``; after a card, ``Played``, then
        ``TrickWon`` if it completed the trick, then ``HandOver`` if the hand ended. The
        whole truth (discards included): narrate to one seat with
        :func:`trumpfamily.events.seen_by`.

        >>> import trumpfamily as tf
        >>> deck = tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, turn_up="2H",
        ...                        hands={0: "5H 2C 2D 3D KS", 1: "3H KC KD QD 4S"})
        >>> state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, deck=deck)
        >>> state.apply(tf.Play("5H")).apply(tf.Play("3H")).events
        (Played(seat=1, card=Card.parse('3H'), demoted=False), TrickWon(seat=0, number=1, cards=(Card.parse('5H'), Card.parse('3H')), leader=0))
        """
        events = self._events
        if events is not None:
            return events
        # Derived on demand (off the hot path): the deal, a card played, a claim.
        if not self._public:
            st = self._status
            up = JK if st.joker_wait else st.turn_up
            return (Dealt(self.dealer, self.hands), TurnedUp(up, None if up is JK else st.trump))
        turn = self._public[-1]
        if type(turn.action) is Claim:
            side = self._seating.side_of[turn.seat]
            return (Claimed(turn.seat, side), HandOver(self.outcome))  # type: ignore[arg-type]
        card: Card = turn.action.card  # type: ignore[union-attr]
        # a demoted Ace shows for what it is once played (RULES.md §1.5, EX-17)
        out: list[Event] = [Played(turn.seat, card, card is self._status.demoted)]
        if not self.current_trick:
            t = self.tricks[-1]
            out.append(TrickWon(t.winner, len(self.tricks), t.cards, t.leader))
        if self._result is not None:
            out.append(HandOver(self.outcome))  # type: ignore[arg-type]
        return tuple(out)

    # -- moves -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat :attr:`to_act` may take now; ``()`` only when the hand is
        over (PITFALLS.md 11).

        In this order: ``Rob`` actions (one per card that may be discarded, in hand
        order), ``DeclineRob()``, ``AskFive()``, ``AcceptFive()``, ``RefuseFive()``,
        ``Claim()``, ``Jink()``, ``Pass()``, then the ``Play`` actions in hand order
        (RULES.md §1.4, the reneging rules). Each is offered exactly when :meth:`apply` accepts it: both ask
        the same checks.

        >>> import trumpfamily as tf
        >>> deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=2, turn_up="2S",
        ...                        hands={0: "9D 4C", 1: "3D KC 7S AH 2H"})
        >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, deck=deck).apply(tf.Play("9D"))
        >>> state.legal_actions()  # EX-20: follow suit or trump
        (Play('3D'), Play('7S'), Play('AH'))
        """
        last = _last_legal
        legal = last[1] if last[0] is self else None
        if legal is None:
            legal = _compute_legal(self)
        return legal[0]

    def apply(self, action: Action, seat: object = None) -> HandState:
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
                forbid, a rob without the Ace of trumps, ...; ``code`` is the stable
                refusal code, ``reason`` names the rule (RULES.md section), ``legal``
                lists what the seat to act may do instead.

        >>> import trumpfamily as tf
        >>> state = tf.new_hand(tf.MAW, players=3, seed=1)
        >>> try:
        ...     state.apply(tf.Play("8D"))
        ... except tf.IllegalActionError as err:
        ...     print(err.code)
        card-not-held
        """
        last = _last_legal
        legal = last[1] if last[0] is self else None
        if legal is None:
            legal = _compute_legal(self)
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            raise self._out_of_turn(action, seat)
        kind = type(action)
        if kind is Play:
            card: Card = action.card  # type: ignore[union-attr]
            if card not in legal[1]:
                raise self._refusal(action)
            return _play(self, card, action)
        if action not in legal[0]:
            raise self._refusal(action)
        if kind is Rob:
            return self._rob(action.discard, action)  # type: ignore[union-attr]
        if kind is DeclineRob:
            return self._decline(action)
        if kind is Pass:
            return self._pass(action)
        if kind is Claim:
            side = self._seating.side_of[self.to_act]  # type: ignore[index]
            return self._end(_Result(HandEnd.CLAIM, side), action)
        if kind is Jink:
            side = self._seating.side_of[self.to_act]  # type: ignore[index]
            status = _evolve(self._status, jinker=side)
            return self._next(
                status=status, phase=_PLAY_PHASE, action=action,
                events=(Jinked(self.to_act, side),),  # type: ignore[arg-type]
            )
        if kind is AskFive:
            status = _evolve(self._status, five=_FIVE_ASKED)
            return self._next(
                status=status, phase=_FIVE_PHASE, to_act=self._seating.dealer, action=action,
                events=(FiveAsked(self.to_act),),  # type: ignore[arg-type]
            )
        if kind is RefuseFive:
            st = _evolve(self._status, five=_NO_FIVE)
            return self._after_five(st, action, (FiveRefused(self._seating.dealer),))
        return self._five(action)

    # -- the one check per action ------------------------------------------------------
    #
    # Each ``_why_not_*`` answers "may the seat to act do this now?" with ``None`` (yes)
    # or a refusal code (a key of errors.REFUSAL_CODES). ``_compute_legal`` builds the
    # legal actions from these same checks, and ``_refusal`` words the code it gets from
    # them, so what is offered and what is refused cannot drift apart.

    def _why_not(self, action: object) -> str | None:
        """The refusal code of ``action`` by the seat to act, or ``None`` if legal."""
        if type(action) not in _TURN_UP_ACTIONS:
            return "not-an-action"  # not an action, or one of the bidding games
        if self.to_act is None:
            return "hand-over"
        if isinstance(action, Play):
            return self._why_not_play(action.card)
        if isinstance(action, Rob):
            return self._why_not_rob() or self._why_not_discard(action.discard)
        if isinstance(action, DeclineRob):
            return self._why_not_decline()
        if isinstance(action, (Claim, Jink)):
            return None if self.phase is Phase.CLAIM else "no-claim-now"
        if isinstance(action, AskFive):
            return self._why_not_ask_five()
        if isinstance(action, (AcceptFive, RefuseFive)):
            return self._why_not_answer_five()
        return self._why_not_pass()

    def _ctx_for(self, seat: int) -> PlayContext:
        """The rules a seat plays under: the forgetting penalty for a holder whose chance
        to rob is still open at his first card (EX-43)."""
        st = self._status
        rob = st.rob
        if rob is not None and rob.seat == seat and st.rob_done is None:
            return st.forget_ctx
        return st.ctx

    def _why_not_play_now(self) -> str | None:
        return None if self.phase is _PLAY_PHASE else "wrong-phase"

    def _why_not_play(self, card: Card) -> str | None:
        if card not in self._seating.deck_set:
            return "card-not-in-deck"
        why = self._why_not_play_now()
        if why is not None:
            return why
        seat: int = self.to_act  # type: ignore[assignment]
        hand = self.hands[seat]
        if card not in hand:
            return "card-not-held"
        ctx = self._ctx_for(seat)
        legal, code = decide(hand, self.current_trick, ctx)
        return None if card in legal else refusal_code(hand, ctx, code)

    def _why_not_rob(self) -> str | None:
        """May the seat to act rob now, whatever the discard (RULES.md §1.5, §2.8)?"""
        st, seat = self._status, self.to_act
        rob = st.rob
        if rob is None or rob.kind is not _JOKER and not self._seating.robbing:
            if not self._seating.robbing:
                return "robbing-off"
            return "already-robbed" if st.robbed_by is not None else "rob-without-ace"
        if st.rob_done is _ROBBED:
            return "already-robbed"
        # A silent not-robbing is the holder's secret: only he hears about it.
        if st.rob_done is _DECLINED or (st.rob_done is not None and rob.seat == seat):
            return "rob-chance-passed"
        if rob.seat != seat:
            return "rob-without-ace"
        phase = self.phase
        if phase is _FIVE_PHASE:
            return "answer-five-first"
        if phase is _ROB_PHASE:
            return None
        if phase is _PLAY_PHASE and not rob.before_lead:
            return None  # his first turn to play to trick 1
        return "rob-chance-passed"

    def _why_not_discard(self, card: Card) -> str | None:
        """May the robber give up ``card``?"""
        if card not in self._seating.deck_set:
            return "card-not-in-deck"
        if card not in self.hands[self.to_act]:  # type: ignore[index]
            return "discard-not-held"
        if card is JK and self._status.joker_discard is not None:
            return "keep-taken-joker"  # §2.8: he keeps the joker he took
        return None

    def _why_not_decline(self) -> str | None:
        """May the seat to act decline its rob aloud (RULES.md §1.5)?"""
        st, seat = self._status, self.to_act
        rob = st.rob
        if rob is None or rob.seat != seat or st.rob_done is not None:
            return "no-rob-to-decline"
        phase = self.phase
        if phase is _FIVE_PHASE:
            return "answer-five-first"
        if phase is not _ROB_PHASE and (phase is not _PLAY_PHASE or rob.before_lead):
            return "no-rob-to-decline"
        if rob.kind is _JOKER:
            return "must-take-joker"
        if not may_decline(self._seating.variant.robbing, dealer=rob.kind is _ACE):
            return "rob-compulsory"
        return None

    def _why_not_ask_five(self) -> str | None:
        """May the seat to act ask to five (RULES.md §2.1.7 (6), EX-56)?"""
        s, st = self._seating, self._status
        if not s.fiving:
            return "no-fiving"
        if st.joker_discard is not None:
            return "five-after-joker"
        # Only a public rob or decline counts here: a silent not-robbing is the holder's
        # secret, and it always comes after eldest's first card, which ends fiving anyway.
        if st.robbed_by is not None or st.rob_done is _DECLINED:
            return "five-after-rob"
        if st.five is _FIVE_ASKED:
            return "answer-five-first"
        if st.five is not _FIVE_OPEN or self.to_act != s.eldest or self.phase is _ROB_PHASE:
            return "five-not-now"
        return None

    def _why_not_answer_five(self) -> str | None:
        return None if self._status.five is _FIVE_ASKED else "no-five-asked"

    def _why_not_pass(self) -> str | None:
        """Is there a prompt that every seat gets alike, for the seat to act to pass?"""
        phase, st = self.phase, self._status
        if phase is _FIVE_PHASE and st.five is _FIVE_OPEN:
            return None  # eldest's fiving prompt
        rob = st.rob
        if phase is _ROB_PHASE and rob is not None and rob.prompt_all:
            # the round of rob prompts: the holder may pass only if he may keep silent
            if rob.seat != self.to_act or st.rob_done is not None:
                return None
            holder_rob = self._seating.variant.robbing.holder_rob
            if holder_rob == "may":
                return None
            return "rob-compulsory" if holder_rob == "must" else "must-announce"
        if phase is _FIVE_PHASE:
            return "answer-five-first"
        return "nothing-to-pass"

    # -- refusals ----------------------------------------------------------------------

    def _out_of_turn(self, action: object, seat: object) -> IllegalActionError:
        """Why ``seat`` may not act now (it is not its turn, or not a seat number)."""
        to_act = self.to_act
        if type(seat) is not int or not 0 <= seat < self.players:
            code = "not-a-seat"
            what = "a seat number" if type(seat) is not int else "a seat"
            reason = (
                f"seat={safe_repr(seat)} is not {what}: seats are the ints 0..{self.players - 1} "
                f"(it is seat {to_act}'s turn)"
                if to_act is not None
                else f"seat={safe_repr(seat)} is not {what}, and the hand is over"
            )
        elif to_act is None:
            code, reason = "hand-over", "the hand is over: nobody may act"
        else:
            code = "out-of-turn"
            reason = (
                f"it is seat {to_act}'s turn, not seat {seat}'s (RULES.md §1.3: play goes "
                "clockwise from eldest, the winner of each trick leads the next)"
            )
        return IllegalActionError(
            action, reason, code=code, legal=self.legal_actions(), seat=seat,
            expected_seat=to_act,
        )

    def _refusal(self, action: object) -> IllegalActionError:
        """The error for an action the checks refuse: the code from the ``_why_not_*``
        checks, the wording from :func:`trumpfamily.refusals.reason`."""
        code = self._why_not(action)
        assert code is not None, action
        legal = self.legal_actions()
        text = reason(code, self._facts(code, action))
        if code == "not-an-action" and type(action) in ACTION_TYPES.values():
            text = (f"{type(action).__name__} is an action of the bidding games, not of "
                    f"{self._seating.variant.name}: expected one of "
                    f"{', '.join(t.__name__ for t in _TURN_UP_ACTIONS)}")
        return IllegalActionError(
            action, text, code=code, legal=legal, seat=self.to_act, expected_seat=self.to_act
        )

    def _facts(self, code: str, action: object) -> RefusalFacts:
        """What the wording of a refusal may name (what the acting seat may know)."""
        s, st = self._seating, self._status
        seat = self.to_act
        hand = self.hands[seat] if seat is not None else ()
        card = getattr(action, "card", None) or getattr(action, "discard", None)
        rob = st.rob
        play_reason = None
        if code in PLAY_CODES and isinstance(card, Card) and seat is not None:
            ctx = self._ctx_for(seat)
            _, obligation = decide(hand, self.current_trick, ctx)
            play_reason = explain(card, hand, self.current_trick, ctx, obligation)
        return RefusalFacts(
            seat=seat,
            hand=hand,
            card=card,
            is_rob=isinstance(action, Rob),
            claims=s.jinking,
            phase=self.phase,
            dealer=s.dealer,
            turn_up=st.turn_up,
            ace=_ACES[st.trump],
            rob_kind=None if rob is None else rob.kind.value,
            rob_seat=None if rob is None else rob.seat,
            rob_done=None if st.rob_done is None else st.rob_done.value,
            five_open=st.five is _FIVE_OPEN,
            robbing=s.variant.robbing,
            play_reason=play_reason,
        )

    # -- views -------------------------------------------------------------------------

    def view(self, seat: object) -> SeatView:
        """What ``seat`` may see (for bots and servers).

        Args:
            seat: a seat, an int ``0..players-1``.

        Returns:
            A :class:`SeatView`: this seat's own hand, the turn-up unless robbed (and the
            card that was turned for trumps, which everyone saw), the cards played, trick
            counts, whose turn it is, the legal actions if it is this seat's turn, and the
            history of actions with what this seat may not see masked. Never another
            seat's cards, nor another seat's face-down discard (the robber sees his own,
            ``my_discard``; the dealer his discard for a turned-up joker,
            ``my_joker_discard``). Re-dealing the cards this seat cannot see and replaying
            the same actions gives the same view (tested).

            A holder of the Ace of trumps who let his chance to rob pass without a word
            (he played to trick 1, or passed the rob prompt, with neither ``Rob`` nor
            ``DeclineRob``) is known only to himself: the other seats' views show neither
            the demoted Ace (``demoted``) until the Ace is played, nor his ``barred``
            entry until the Ace is played or the hand is over (the end settles the bar,
            :func:`~trumpfamily.scoring.pool_winner`). Nor does anything else in them
            depend on it until then: the phase, the seat to act and the legal actions
            are those of a hand without the bar. ``DeclineRob`` is said aloud, so after
            it both are public. While a turned-up joker waits for the dealer's discard,
            ``trump`` is ``None`` and the joker is the turn-up.

        Raises:
            InvalidSeatError: ``seat`` is not a seat (also an :class:`IndexError`).

        >>> import trumpfamily as tf
        >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
        >>> view = state.view(2)
        >>> view.hand == state.hands[2], view.to_act, view.legal_actions
        (True, 1, ())
        """
        s, _, hands, tricks, counts, trick, leader, to_act, phase, public, st, _, _ = (
            cast(_Items, self))
        if type(seat) is not int or not 0 <= seat < s.players:
            raise InvalidSeatError(seat, s.players)
        if seat == to_act:
            last = _last_legal
            known = last[1] if last[0] is self else None
            legal = (known or _compute_legal(self))[0]
        else:
            legal = ()
        demoted, barred = st.demoted, st.barred
        rob = st.rob
        if (
            st.rob_done is _SILENT
            and rob is not None
            and seat != rob.seat
            and (demoted is not None or barred)
        ):
            demoted, barred = self._hide_holder(demoted, barred)
        history = public
        if (st.discard is not None and seat == st.robbed_by) or (
            st.joker_discard is not None and seat == s.dealer
        ):
            history = self._unmasked(seat)
        trump: Suit | None
        turn_up: Card | None
        if st.joker_wait:
            trump, turn_up, turned_up = None, JK, JK
        else:
            trump, turned_up = st.trump, st.turn_up
            turn_up = None if st.taken else turned_up
        return _new_tuple(  # SeatView(...) without the keyword-handling __new__ (hot path)
            SeatView,
            (
                seat,
                s.players,
                s.dealer,
                s.variant,
                phase,
                to_act,
                trump,
                turn_up,
                hands[seat],
                trick,
                leader,
                tricks,
                counts,
                s.sides,
                legal,
                st.robbed_by,
                st.announced,
                demoted,
                barred,
                st.jinker,
                st.fived,
                s.needed if s.pool else None,
                turned_up,
                st.discard if seat == st.robbed_by else None,
                st.joker_discard if seat == s.dealer else None,
                history,
                None,
                None if st.commit is None else st.commit[1],
            ),
        )

    def _hide_holder(
        self, demoted: Card | None, barred: tuple[Barred, ...]
    ) -> tuple[Card | None, tuple[Barred, ...]]:
        """``demoted`` and ``barred`` as a seat other than the silent holder of the Ace of
        trumps knows them: hidden until the Ace is played (the bar also at the end)."""
        holder: int = self._status.rob.seat  # type: ignore[union-attr,assignment]
        if _ACES[self._status.trump] not in self.hands[holder]:  # he has played it
            return demoted, barred
        if self._result is None:
            barred = tuple([b for b in barred if b.seat != holder])
        return None, barred

    @property
    def outcome(self) -> HandOutcome | None:
        """The :class:`HandOutcome` once the hand is over, else ``None``."""
        result = self._result
        if result is None:
            return None
        global _last_outcome
        last = _last_outcome
        if last[0] is self:
            return last[1]
        s = self._seating
        st = self._status
        if s.pool and not s.partners and not st.barred:
            # _make_outcome where each seat is its own side and none is barred: the side
            # tricks are the trick counts, the winning side's seats the winner alone. The
            # fields in their order (positional: quicker than by name).
            counts = self.trick_counts
            winner = result.winner
            end = result.end
            outcome = HandOutcome(
                "pool", s.sides, counts, counts, len(self.tricks), s.needed, winner,
                () if winner is None else s.sides[winner], winner is None, end is _CLAIMED,
                st.jinker is not None, end is _JINKED, None, None, None, None,
                counts.index(HAND_SIZE) if HAND_SIZE in counts else None, (),
            )
        else:
            outcome = self._make_outcome()
        _last_outcome = (self, outcome)
        return outcome

    @property
    def commitment(self) -> str | None:
        """The deal commitment, for a hand dealt with ``commit=True``: SHA-256 of its salt
        and its deck, 64 lowercase hex digits, public from the deal (also in every
        :meth:`view`); ``None`` for a hand dealt without one. The record reveals the salt,
        so that anyone can check the recorded deck against it
        (:mod:`trumpfamily.integrity`, ``replay(record, commitment=...)``)."""
        sealed = self._status.commit
        return None if sealed is None else sealed[1]

    @overload
    def record(self) -> dict[str, object]: ...

    @overload
    def record(self, *, key: bytes | None) -> dict[str, object]: ...

    def record(self, *, key: Any = None) -> dict[str, object]:  # Any: checked in the body
        """A JSON-serialisable record of the hand so far: variant name and options,
        players, dealer, deck order and actions (see :func:`trumpfamily.replay`); for a
        committed hand its ``"salt"``.

        Args:
            key: a secret key (non-empty bytes): the record then carries ``"mac"``, an
                HMAC-SHA256 of the rest of it, and ``replay(record, key=key)`` refuses any
                change (:mod:`trumpfamily.integrity`).

        Raises:
            InvalidArgumentError: ``key`` is not non-empty bytes.

        >>> import json, trumpfamily as tf
        >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
        >>> state = state.apply(state.legal_actions()[0])
        >>> tf.replay(json.loads(json.dumps(state.record()))) == state
        True
        """
        sealed = self._status.commit
        return hand_record(
            self.variant, self.players, self.dealer, self.deck, self.actions,
            salt=None if sealed is None else sealed[0], key=key,
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
        from ._svgdraw import table_picture

        return table_picture(self, reveal=reveal, **sizes)

    def _repr_svg_(self) -> str:
        """The public picture of the table, for Jupyter: no card a player may not see
        (:meth:`svg`; ``svg(reveal=True)`` shows every hand)."""
        return self.svg()

    def __repr__(self) -> str:
        s = self._seating
        where = f"trick {len(self.tricks) + 1}" if self._result is None else "over"
        turn = "" if self.to_act is None else f", seat {self.to_act} to act"
        trumps = (
            "the joker turned up" if self._status.joker_wait
            else f"trumps {self._status.trump.name.lower()}"
        )
        return (
            f"<HandState {s.variant.name!r} {s.players} players, dealer {s.dealer}, "
            f"{trumps}, {where} ({self.phase.value}){turn}>"
        )

    # -- transitions -------------------------------------------------------------------

    def _next(
        self,
        *,
        status: _Status,
        phase: Phase,
        action: Action,
        events: tuple[Event, ...],
        to_act: int | None = None,
        hands: tuple[tuple[Card, ...], ...] | None = None,
        leader: int | None = None,
    ) -> HandState:
        return _state(
            self._seating,
            self.deck,
            self.hands if hands is None else hands,
            self.tricks,
            self.trick_counts,
            self.current_trick,
            self.leader if leader is None else leader,
            self.to_act if to_act is None else to_act,
            phase,
            self._public + (  # a discard is face down: its Rob is masked here
                Turn(self.to_act, None, "Rob") if type(action) is Rob  # type: ignore[arg-type]
                else Turn(self.to_act, action, type(action).__name__),  # type: ignore[arg-type]
            ),
            status,
            None,
            events,
        )

    def _end(self, result: _Result, action: Action) -> HandState:
        seat: int = self.to_act  # type: ignore[assignment]
        state = _state(
            self._seating,
            self.deck,
            self.hands,
            self.tricks,
            self.trick_counts,
            self.current_trick,
            self.leader,
            None,
            Phase.OVER,
            self._public + (Turn(seat, action, type(action).__name__),),
            self._status,
            result,
        )
        return state

    def _silent(self, st: _Status, seat: int) -> _Status:
        """The holder let his chance to rob pass without a word (RULES.md §1.5)."""
        robbing = self._seating.variant.robbing
        demote, _ = unrobbed_penalty(robbing, announced=False)
        return _evolve(
            st,
            rob_done=_SILENT,
            demoted=_ACES[st.trump] if demote else None,
            ctx=st.forget_ctx,
            barred=self._bar(st, seat, announced=False),
        )

    def _bar(self, st: _Status, seat: int, *, announced: bool) -> tuple[Barred, ...]:
        """``st.barred`` plus ``seat`` when the penalty bars him (pool games; EX-51)."""
        s = self._seating
        reason = unrobbed_bar(s.variant.robbing, seat, _ACES[st.trump], announced=announced)
        if not s.pool or reason is None:
            return st.barred
        return st.barred + (Barred(seat, reason),)

    def _rob(self, discard: Card, action: Action) -> HandState:
        s, st = self._seating, self._status
        seat: int = self.to_act  # type: ignore[assignment]
        hands = list(self.hands)
        rob = st.rob
        assert rob is not None
        if rob.kind is _JOKER:
            # Taking a turned-up joker is no rob of the trump card: only now is the next
            # card turned, and it gets the robbing set-up of any turn-up (RULES.md §1.5,
            # §2.8, EX-53). The joker exchange ends fiving for the deal.
            hands[seat] = tuple([c for c in hands[seat] if c is not discard]) + (JK,)
            return self._turned_up(
                st.turn_up, st.stock_at, st.fived, action, (JokerTaken(seat, discard),),
                hands=tuple(hands), joker_discard=discard,
            )
        hands[seat] = tuple([c for c in hands[seat] if c is not discard]) + (st.turn_up,)
        status = _evolve(
            st,
            taken=True,
            rob_done=_ROBBED,
            robbed_by=seat,
            discard=discard,
            rob_at=len(self._public),
            five=_NO_FIVE,  # fiving settles trumps, so it comes before any rob
        )
        events = (Robbed(seat, st.turn_up, discard),)
        if self.phase is _ROB_PHASE:
            return self._next(status=status, phase=_PLAY_PHASE, to_act=s.eldest,
                              hands=tuple(hands), action=action, events=events)
        return self._next(status=status, phase=_PLAY_PHASE, hands=tuple(hands), action=action,
                          events=events)

    def _decline(self, action: Action) -> HandState:
        s, st = self._seating, self._status
        seat: int = self.to_act  # type: ignore[assignment]
        rob = st.rob
        assert rob is not None
        # fiving settles trumps, so it comes before any rob or decline
        changes: dict[str, object] = {
            "rob_done": _DECLINED, "announced": seat, "five": _NO_FIVE,
        }
        if rob.kind is _HOLDER:
            demote, _ = unrobbed_penalty(s.variant.robbing, announced=True)
            if demote:
                ace = _ACES[st.trump]
                changes.update(demoted=ace, ctx=play_context(s.variant, st.trump, ace))
            changes["barred"] = self._bar(st, seat, announced=True)
        status = _evolve(st, **changes)
        events = (RobDeclined(seat),)
        if self.phase is _ROB_PHASE:
            return self._next(status=status, phase=_PLAY_PHASE, to_act=s.eldest, action=action,
                              events=events)
        return self._next(status=status, phase=_PLAY_PHASE, action=action, events=events)

    def _pass(self, action: Action) -> HandState:
        """``Pass()``: eldest declines to ask to five, or a seat answers the round of rob
        prompts with nothing (the holder's pass is a silent not-robbing)."""
        s, st = self._seating, self._status
        seat: int = self.to_act  # type: ignore[assignment]
        if self.phase is _FIVE_PHASE:
            events: tuple[Event, ...] = (Passed(seat, "five"),)
            st = _evolve(st, five=_NO_FIVE)
            return self._after_five(st, action, events)
        rob = st.rob
        assert rob is not None
        if rob.seat == seat and st.rob_done is None:
            st = self._silent(st, seat)
        if seat == s.dealer:  # the round is over: eldest leads
            phase, to_act = _PLAY_PHASE, s.eldest
        else:
            phase, to_act = _ROB_PHASE, s.nxt[seat]
        return _state(
            s, self.deck, self.hands, self.tricks, self.trick_counts, self.current_trick,
            self.leader, to_act, phase, self._public + (_PASS_TURNS[seat],), st, None,
            _PASSED_ROB[seat],
        )

    def _after_five(self, st: _Status, action: Action, events: tuple[Event, ...]) -> HandState:
        """Fiving is settled without a new turn-up (eldest passed, or the dealer refused):
        the robbing prompts of the deal follow, or eldest's first turn."""
        phase, to_act = _start(self._seating, st)
        return self._next(status=st, phase=phase, to_act=to_act, action=action, events=events)

    def _five(self, action: Action) -> HandState:
        """AcceptFive: turn cards until one of a different printed suit appears (RULES.md
        §2.1.7 (6), EX-56, PEEL; :func:`~trumpfamily.fiving.turn_until_new_suit`). The new
        turn-up is then treated like any turn-up (an Ace, ``AH`` included, lets the
        dealer rob). Fiving is offered only before any rob or decline, so the turn-up is
        still on the table."""
        st = self._status
        card, at, passed = turn_until_new_suit(self.deck, st.stock_at, st.trump)
        fived = st.fived + (st.turn_up,) + passed
        events: tuple[Event, ...] = (
            FiveAccepted(self._seating.dealer, (st.turn_up,) + passed, card),
        )
        return self._turned_up(card, at, fived, action, events, joker_discard=st.joker_discard)

    def _turned_up(
        self,
        card: Card,
        stock_at: int,
        fived: tuple[Card, ...],
        action: Action,
        events: tuple[Event, ...],
        *,
        hands: tuple[tuple[Card, ...], ...] | None = None,
        joker_discard: Card | None = None,
    ) -> HandState:
        """The state once ``card`` is the new turn-up for trumps, after fiving
        (:meth:`_five`) or after the dealer took a turned-up joker (:meth:`_rob`): the
        robbing set-up of a first turn-up (:func:`_opening`). Fiving is over either way
        (cards are fived once a hand; the joker exchange comes before eldest's first
        turn)."""
        s = self._seating
        hands = self.hands if hands is None else hands
        phase, to_act, status = _opening(
            s, hands, card, stock_at, fived, _NO_FIVE, joker_discard=joker_discard,
            commit=self._status.commit,
        )
        return self._next(
            status=status, phase=phase, to_act=to_act, hands=hands, leader=s.eldest,
            action=action, events=events + (TurnedUp(card, card.suit),),
        )

    def _make_outcome(self) -> HandOutcome:
        """The :class:`HandOutcome` of a finished hand (RULES.md §1.6, §1.7, §2.3, §2.4)."""
        result = self._result
        assert result is not None
        s, st = self._seating, self._status
        counts = self.trick_counts
        side_tricks = tuple(sum(counts[x] for x in side) for side in s.sides)
        all_five = next((i for i, t in enumerate(side_tricks) if t == HAND_SIZE), None)
        # a bar that was a silent holder's secret is settled now (RULES.md §1.5, EX-51)
        winner, winner_seats = pool_winner(s.sides, result.winner, {b.seat for b in st.barred})
        points = side_points = best = None
        bonus_trick = None
        if not s.pool:
            points, side_points, best, bonus_trick = hand_points(
                [t.cards for t in self.tricks], [t.winner for t in self.tricks], s.sides,
                s.variant.scoring, st.ctx.table, all_five=all_five,
            )
        return HandOutcome(
            scoring="pool" if s.pool else "points",
            sides=s.sides,
            tricks=counts,
            side_tricks=side_tricks,
            tricks_played=len(self.tricks),
            tricks_needed=s.needed if s.pool else None,
            winner=winner,
            winner_seats=winner_seats,
            spoil=s.pool and winner is None,
            claimed=result.end is HandEnd.CLAIM,
            jink_tried=st.jinker is not None,
            jink_succeeded=result.end is HandEnd.JINK and winner is not None,
            points=points,
            side_points=side_points,
            best_trump=best,
            best_trump_trick=bonus_trick,
            all_five=all_five,
            barred=st.barred,
        )


# The fields of :class:`HandState`, attached to the class here rather than in its body so that
# the compiled build (issue 24), which builds a class body as the type checker reads it,
# has them too.
for _name, _getter in dict(  # noqa: C408 (the names read best as keywords)
    _seating=_tuplegetter(0, "The seating (internal)."),
    deck=_tuplegetter(1, "The deck order, top card first."),
    hands=_tuplegetter(
        2, "Each seat's cards (tuple per seat, in dealt order; a robbed turn-up last)."),
    tricks=_tuplegetter(3, "The completed tricks, in play order (:class:`Trick`)."),
    trick_counts=_tuplegetter(4, "Tricks won per seat."),
    current_trick=_tuplegetter(5, "The cards played to the trick in progress, lead first."),
    leader=_tuplegetter(6, "The seat that led (or will lead) the current trick."),
    to_act=_tuplegetter(7, "The seat whose turn it is, or ``None`` when the hand is over."),
    phase=_tuplegetter(
        8, "What the hand waits for, a :class:`~trumpfamily.outcomes.Phase` (see *What the "
           "hand waits for* in the tutorial :doc:`/tutorial/first-hand`)."),
    _public=_tuplegetter(9, "The history with face-down discards masked (internal)."),
    _status=_tuplegetter(10, "The turn-up, robbing and fiving state (internal)."),
    _result=_tuplegetter(11, "How the hand ended, if it did (internal)."),
    _events=_tuplegetter(12, "The events of the last action, or None (internal)."),
).items():
    setattr(HandState, _name, _getter)
del _name, _getter


# The hot transitions, as module functions rather than methods: the compiled build calls
# a function of its own module directly, where a method of HandState (a Python class, a
# tuple) is looked up and called like any Python method.


def _compute_legal(state: HandState) -> _Legal:
    """The legal actions, built from the ``_why_not_*`` checks (remembered for the
    last state asked, which is the one about to be applied in a playing loop)."""
    global _last_legal
    _, _, hands, _, _, trick, _, seat, phase, _, st, _, _ = cast(_Items, state)
    if seat is None:
        legal: _Legal = ((), ())
        _last_legal = (state, legal)
        return legal
    hand = hands[seat]
    rob = st.rob
    if (
        phase is _PLAY_PHASE
        and not st.five
        and (rob is None or rob.seat != seat or st.rob_done is not None)
    ):
        # The common case, a card to play and nothing else open to this seat: every
        # other check would refuse (no rob chance of his, no fiving, no prompt). The
        # decision of decide(), on masks (trumpfamily.tables.legal_mask).
        playable = hand
        if trick:
            m = st.ctx.masks
            held = 0
            for c in hand:
                held |= c.bit
            ok, code = legal_mask(
                held, trick[0].index, m, [c.index for c in trick] if m.highest else ()
            )
            if code:
                playable = tuple([c for c in hand if c.bit & ok])
        legal = (tuple([_PLAY[c] for c in playable]), playable)
        _last_legal = (state, legal)
        return legal
    if (
        phase is _ROB_PHASE
        and rob is not None
        and rob.prompt_all
        and rob.seat != seat
        and st.five is _NO_FIVE
    ):
        # The round of rob prompts, to a seat without the Ace of trumps: every check
        # but _why_not_pass refuses (no Ace to rob or decline with, no card to play).
        legal = _PASS_ONLY
        _last_legal = (state, legal)
        return legal
    acts: list[Action] = []
    # Robbing and fiving are rare: skip their checks when neither is open to anyone.
    if (rob is not None and st.rob_done is None) or st.five is not _NO_FIVE:
        if state._why_not_rob() is None:
            acts.extend([_ROB[c] for c in hand if state._why_not_discard(c) is None])
        if state._why_not_decline() is None:
            acts.append(_DECLINE)
        if state._why_not_ask_five() is None:
            acts.append(_ASK)
        if state._why_not_answer_five() is None:
            acts += (_ACCEPT, _REFUSE)
    if phase is Phase.CLAIM:
        acts += (_CLAIM, _JINK)
    if (phase is _ROB_PHASE or phase is _FIVE_PHASE) and state._why_not_pass() is None:
        acts.append(_PASS)
    cards: tuple[Card, ...] = ()
    if state._why_not_play_now() is None:
        cards = decide(hand, trick, state._ctx_for(seat))[0]
        if not acts:
            legal = (tuple([_PLAY[c] for c in cards]), cards)
            _last_legal = (state, legal)
            return legal
        acts.extend([_PLAY[c] for c in cards])
    legal = (tuple(acts), cards)
    _last_legal = (state, legal)
    return legal


def _play(state: HandState, card: Card, action: Action) -> HandState:
    """The state after the seat to act plays ``card`` (``action``, its ``Play``)."""
    s, deck, old_hands, tricks, old_counts, trick, leader, to_act, _, public, st, _, _ = (
        cast(_Items, state))
    seat: int = to_act  # type: ignore[assignment]
    rob = st.rob
    if rob is not None and rob.seat == seat and st.rob_done is None:
        st = state._silent(st, seat)  # he played without robbing: "forgetting"
    if st.five is _FIVE_OPEN:
        st = _evolve(st, five=_NO_FIVE)
    hands = list(old_hands)
    hands[seat] = tuple([c for c in hands[seat] if c is not card])
    trick += (card,)
    history = public + (_PLAY_TURNS[seat][card],)
    n = s.players
    if len(trick) < n:  # _state(...), inlined on the hot path
        return _new_tuple(
            HandState,
            (s, deck, tuple(hands), tricks, old_counts, trick, leader, s.nxt[seat],
             _PLAY_PHASE, history, st, None, None),
        )
    # the decision of PlayContext.winner, on the compiled mask table
    winner = (leader + winner_index([c.index for c in trick], st.ctx.masks)) % n
    counts = list(old_counts)
    counts[winner] += 1
    tricks += (Trick(trick, leader, winner),)
    new_hands = tuple(hands)
    result = _trick_result(s, st, len(tricks), counts, winner, new_hands)
    if result is None:
        phase = _PLAY_PHASE
        to_act = winner
        if s.jinking and st.jinker is None and len(tricks) < HAND_SIZE:
            side = s.side_of[winner]
            side_tricks = _side_tricks(s, st, counts, new_hands)
            if claim_due(side_tricks[side], len(tricks), s.needed):
                phase = Phase.CLAIM
    else:
        phase, to_act = Phase.OVER, None
    return _state(
        s,
        deck,
        new_hands,
        tricks,
        tuple(counts),
        (),
        winner,
        to_act,
        phase,
        history,
        st,
        result,
    )


def _side_tricks(
    s: Seating, st: _Status, counts: list[int], hands: tuple[tuple[Card, ...], ...]
) -> list[int]:
    """Tricks per side towards the pool, with the bars the table knows of."""
    if not st.barred and not s.partners:
        return counts
    return pool_tricks(s.sides, counts, _known_bars(st, hands))


def _trick_result(
    s: Seating, st: _Status, played: int, counts: list[int], winner: int,
    hands: tuple[tuple[Card, ...], ...],
) -> _Result | None:
    """Whether the hand ends after a trick, and how (RULES.md §1.6, §1.7).

    Decided on what the whole table knows: a silent holder's bar counts only once he
    has played the Ace of trumps (:func:`~trumpfamily.robbing.known_bars`). The
    result's side is the side whose tricks ended the hand; who takes the pool is
    settled in the outcome (:func:`~trumpfamily.scoring.pool_winner`)."""
    if not s.pool:
        return _Result(HandEnd.POINTS, None) if played == HAND_SIZE else None
    if not st.barred and not s.partners and st.jinker is None:
        # The usual table, each seat its own side and nobody barred: the same rules
        # (pool_result) with the seat's own counts, without building side totals.
        end = pool_result(
            counts, winner, played=played, needed=s.needed, may_jink=s.jinking,
            swept=counts[winner] == played,
        )
        if end is None:
            return None
        return _Result(end, winner if end is HandEnd.WIN else None)
    side = s.side_of[winner]
    if st.jinker is not None:
        may_win = True
        if st.barred:
            known = _known_bars(st, hands)
            may_win = any(x not in known for x in s.sides[st.jinker])
        end = jink_result(st.jinker, side, played, may_win=may_win)
        if end is None:
            return None
        return _Result(end, side if end is HandEnd.JINK else None)
    side_tricks = _side_tricks(s, st, counts, hands)
    swept = sum(counts[x] for x in s.sides[side]) == played
    end = pool_result(
        side_tricks, side, played=played, needed=s.needed, may_jink=s.jinking, swept=swept
    )
    if end is None:
        return None
    return _Result(end, side if end is HandEnd.WIN else None)


def _state(
    seating: Seating,
    deck: tuple[Card, ...],
    hands: tuple[tuple[Card, ...], ...],
    tricks: tuple[Trick, ...],
    counts: tuple[int, ...],
    trick: tuple[Card, ...],
    leader: int,
    to_act: int | None,
    phase: Phase,
    public: tuple[Turn, ...],
    status: _Status,
    result: _Result | None,
    events: tuple[Event, ...] | None = None,
) -> HandState:
    """A new :class:`HandState` (the engine's only way to build one)."""
    return _new_tuple(
        HandState,
        (seating, deck, hands, tricks, counts, trick, leader, to_act, phase, public, status,
         result, events),
    )


def _known_bars(st: _Status, hands: tuple[tuple[Card, ...], ...]) -> frozenset[int]:
    """The seats every seat knows are barred (:func:`~trumpfamily.robbing.known_bars`):
    a silent holder's bar is his secret while he holds the Ace of trumps."""
    rob = st.rob
    holder = rob.seat if st.rob_done is _SILENT and rob is not None else None
    return known_bars(
        [b.seat for b in st.barred], holder,
        ace_held=holder is not None and _ACES[st.trump] in hands[holder],
    )


def _restore(value: tuple[Any, ...]) -> HandState:
    """Unpickle a :class:`HandState`."""
    return _new_tuple(HandState, value)


def _opening(
    s: Seating,
    hands: tuple[tuple[Card, ...], ...],
    turn_up: Card,
    stock_at: int,
    fived: tuple[Card, ...],
    five: _Five,
    *,
    joker_discard: Card | None = None,
    commit: tuple[bytes, str] | None = None,
) -> tuple[Phase, int, _Status]:
    """Who acts first once ``turn_up`` is turned for trumps, and the robbing situation
    (RULES.md §1.5; the chance itself is :func:`~trumpfamily.robbing.rob_chance`).

    The one set-up for every turn-up: the first one dealt, a card turned by fiving and the
    card turned after a joker once the dealer has taken the joker (``joker_discard``)."""
    variant = s.variant
    trump = turn_up.suit
    assert trump is not None
    ctx = play_context(variant, trump)
    forget_ctx = ctx
    rob = rob_chance(variant.robbing, turn_up, hands, s.dealer)
    if (
        rob is not None
        and rob.kind is _HOLDER
        and rob.seat is not None
        and unrobbed_penalty(variant.robbing, announced=False)[0]
    ):
        forget_ctx = play_context(variant, trump, _ACES[trump])
    status = _Status(
        trump=trump,
        turn_up=turn_up,
        taken=False,
        joker_wait=False,
        stock_at=stock_at,
        fived=fived,
        five=five,
        rob=rob,
        rob_done=None,
        robbed_by=None,
        announced=None,
        discard=None,
        joker_discard=joker_discard,
        demoted=None,
        barred=(),
        jinker=None,
        ctx=ctx,
        forget_ctx=forget_ctx,
        commit=commit,
    )
    if rob is not None and rob.kind is _ACE:
        return _ROB_PHASE, s.dealer, status  # the dealer robs before eldest's first turn
    if five is _FIVE_OPEN and prompt_first(variant.robbing):
        return _FIVE_PHASE, s.eldest, status  # eldest: five or pass, before any rob prompt
    phase, to_act = _start(s, status)
    return phase, to_act, status


def _start(s: Seating, st: _Status) -> tuple[Phase, int]:
    """Once fiving is settled (or not played): the rob prompt before the lead, if any,
    else eldest's first turn (RULES.md §1.5)."""
    rob = st.rob
    if rob is None or not rob.before_lead or st.rob_done is not None:
        return _PLAY_PHASE, s.eldest
    if rob.prompt_all:
        return _ROB_PHASE, s.eldest  # every seat in turn, from eldest
    assert rob.seat is not None
    return _ROB_PHASE, rob.seat


def _no_hand_scores(variant: Variant, scores: object) -> str:
    """Why ``new_hand`` of a turn-up game takes no ``scores``, and what to do instead:
    a points game's scores are its game's (``new_game(..., scores=...)``); a pool game
    keeps no scores at all, only chips and a pool (RULES.md §1.7)."""
    head = (f"scores={safe_repr(scores)}: {variant.name} turns up its trumps, and no rule "
            "of such a hand reads a score; scores are for the near-end rules of the "
            "bidding games (BIDDING.md §3.3, §3.7, §5.6)")
    if variant.scoring.scoring == "pool":
        return (f"{head}. {variant.name} is a pool game: it keeps chips and a pool, not "
                "scores (RULES.md §1.7), so scores mean nothing in its hand or its game; "
                "tf.new_game(...) takes the antes and keeps each seat's chips and the pool "
                "(GameState.chips, GameState.pool), and takes no starting chips")
    return (f"{head}. In {variant.name} the scores decide only who wins the game (RULES.md "
            "§2.3, §2.4): for a game's starting scores, use tf.new_game(..., scores=...)")


@overload
def new_hand(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    seed: int | str | bytes | None = None,
    deck: str | Iterable[Card | str] | None = None,
    commit: bool | bytes = False,
    scores: None = None,
) -> HandState: ...


@overload
def new_hand(
    variant: Variant | str,
    *,
    players: int,
    dealer: int = 0,
    seed: int | str | bytes | None = None,
    deck: str | Iterable[Card | str] | None = None,
    commit: bool | bytes = False,
    scores: Sequence[int] | None,
) -> HandState: ...


def new_hand(
    variant: Any,
    *,
    players: Any,
    dealer: Any = 0,
    seed: Any = None,
    deck: Any = None,
    commit: Any = False,
    scores: Any = None,
) -> Any:
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
        commit: ``True`` to commit to the deck: a random 16-byte salt
            (:func:`secrets.token_bytes`) is drawn and :attr:`HandState.commitment`, the
            SHA-256 of salt and deck, is published to every seat; the record reveals the
            salt (:mod:`trumpfamily.integrity`). Or the 16-byte salt itself, to rebuild a
            committed hand (as :func:`~trumpfamily.records.replay` does). ``False``
            (default): no commitment.
        scores: the bidding games only: each side's score before the hand (one int per
            side, below 0 allowed), which the near-end rules of one bidding hand read
            (BIDDING.md §3.3 B3 ``min_bid_near_end``, §3.7 S1 ``defender_limit``, §5.6
            B12 ``bonus_cutoff``), as :func:`~trumpfamily.bidding.engine.new_bidding_hand`
            takes them; ``None``: all 0. A hand that turns up trumps reads no score (no
            rule of RULES.md changes a hand by the score; the target is the game's
            business: :func:`~trumpfamily.game.new_game` takes ``scores``), so there
            ``scores`` is refused.

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
        InvalidArgumentError: ``seed`` is not a seed (an int, str, bytes or ``None``), or
            ``commit`` is neither a bool nor 16 bytes; ``scores`` is given for a game
            that turns up trumps, or (a bidding game) is not one int per side.

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=5, dealer=4, seed=3)
    >>> state.to_act, state.phase.value, [len(h) for h in state.hands]
    (0, 'play', [5, 5, 5, 5, 5])

    A bidding variant (``variant.bidding`` set, BIDDING.md) deals a
    :class:`~trumpfamily.bidding.engine.BiddingHand` instead, with the same protocol
    (:func:`~trumpfamily.bidding.engine.new_bidding_hand`, which typed code may call),
    and with the sides' ``scores`` before the hand, if given (a side on 100 may not bid
    15 in Auction Forty-Fives, BIDDING.md §3.3):

    >>> hand = tf.new_hand(tf.AUCTION_45, players=4, dealer=3, seed=1, scores=(100, 0))
    >>> hand.legal_actions()
    (Pass(), Bid(20), Bid(25), Bid(30))
    """
    # The implementation takes Any (the overloads above are its public types): the values
    # come from the caller unchecked, and are checked below with the library's errors,
    # which a compiled build would otherwise pre-empt with a TypeError; and it returns a
    # BiddingHand for a bidding game (issue 24, docs/howto/compiled.rst).
    if (
        deck is None and commit is False and scores is None and type(seed) is int
        and type(players) is int and type(dealer) is int
    ):
        dealing = _DEALINGS.get((id(variant), players, dealer))
        if dealing is not None and dealing.variant is variant:
            return _deal_seeded(dealing, seed)
    if (scores is not None or isinstance(variant, str)
            or getattr(variant, "bidding", None) is not None):
        from .bidding.engine import new_bidding_hand
        from .errors import InvalidArgumentError
        from .variants import find_variant

        variant = find_variant(variant)
        if variant.bidding is not None:  # the bidding games deal their own hand
            return new_bidding_hand(
                variant, players=players, dealer=dealer, seed=seed, deck=deck, commit=commit,
                scores=scores)
        if scores is not None:
            raise InvalidArgumentError(_no_hand_scores(variant, scores))
    s = seating_for(variant, players, dealer)
    salt = None if commit is False else new_salt(commit)  # refused before the deal
    if deck is None:
        if salt is None and type(seed) is int:
            return _deal_seeded(_dealing_for(s), seed)
        cards = list(s.base_deck)
        shuffled(cards, seeded_random(seed))
        d = tuple(cards)
    else:
        d = check_deck(deck, s)
    sealed = None if salt is None else (salt, deal_commitment(d, salt))
    hands = tuple([get(d) for get in s.getters])
    phase, to_act, status = _first_opening(s, d, hands, sealed)
    return _state(
        s, d, hands, (), (0,) * players, (), s.eldest, to_act, phase, _NO_HISTORY, status, None
    )


def _first_opening(
    s: Seating,
    d: tuple[Card, ...],
    hands: tuple[tuple[Card, ...], ...],
    sealed: tuple[bytes, str] | None,
) -> tuple[Phase, int, _Status]:
    """The phase, the seat to act and the status of a hand just dealt from deck ``d``."""
    at = s.turn_up_at
    up = d[at]
    five = _FIVE_OPEN if s.fiving else _NO_FIVE
    if up is JK:
        # The dealer takes the joker, discards, and only then is the next card turned
        # (RULES.md §1.5, §2.8, EX-53); the status holds it unseen meanwhile.
        nxt = d[at + 1]
        assert nxt.suit is not None
        ctx = play_context(s.variant, nxt.suit)
        status = _Status(
            trump=nxt.suit, turn_up=nxt, taken=False, joker_wait=True, stock_at=at + 2,
            fived=(), five=five, rob=RobChance(_JOKER, s.dealer, True), rob_done=None,
            robbed_by=None, announced=None, discard=None, joker_discard=None, demoted=None,
            barred=(), jinker=None, ctx=ctx, forget_ctx=ctx, commit=sealed,
        )
        return _ROB_PHASE, s.dealer, status
    return _opening(s, hands, up, at + 1, (), five, commit=sealed)


class _Dealing(NamedTuple):
    """What a seeded deal of one seating needs, made once (:func:`_deal_seeded`)."""

    variant: Variant
    seating: Seating
    base: tuple[Card, ...]  # the variant's deck, in its order: positions 0..size-1
    order: list[int]  # 0..size-1, copied and shuffled for each deal
    at: int  # the turn-up's place in the dealt deck
    getters: tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
    zeros: tuple[int, ...]
    joker: int  # the joker's position in ``base``, or -1
    ace_at: tuple[int, ...]  # per position in base: the Ace of that card's suit (itself if none)
    holder: tuple[int, ...]  # per place in the dealt deck: 1 + the seat dealt it, 0 if none
    stride: int  # players + 1
    # (phase, to_act, status) per (turn-up, holder of the Ace of its suit), or per card
    # turned after a turned-up joker; filled as they occur.
    openings: list[tuple[Phase, int, _Status] | None]


#: (id(variant), players, dealer) -> its _Dealing (which keeps the variant, to check the
#: id). Bounded (a full table of openings is some 100 KB; at most 64 seatings): cleared
#: when full.
_DEALINGS: Final[dict[tuple[int, int, int], _Dealing]] = {}
_MAX_DEALINGS: Final = 64


def _dealing_for(s: Seating) -> _Dealing:
    """The :class:`_Dealing` of seating ``s``, made on first use."""
    key = (id(s.variant), s.players, s.dealer)
    found = _DEALINGS.get(key)
    if found is not None and found.seating is s:
        return found
    base = s.base_deck
    size = len(base)
    place = {card: i for i, card in enumerate(base)}
    aces = [place.get(_ACES[c.suit], i) if c.suit is not None else -1 for i, c in enumerate(base)]
    holder = [0] * size
    positions: tuple[Any, ...] = tuple(range(size))
    for seat, get in enumerate(s.getters):
        for where in cast(tuple[int, ...], get(positions)):
            holder[where] = seat + 1
    stride = s.players + 1
    dealing = _Dealing(
        variant=s.variant, seating=s, base=base, order=list(range(size)), at=s.turn_up_at,
        getters=s.getters, zeros=(0,) * s.players, joker=place.get(JK, -1), ace_at=tuple(aces),
        holder=tuple(holder), stride=stride, openings=[None] * (size * stride + size),
    )
    if len(_DEALINGS) >= _MAX_DEALINGS:
        _DEALINGS.clear()
    _DEALINGS[key] = dealing
    return dealing


def _deal_seeded(f: _Dealing, seed: int) -> HandState:
    """``new_hand`` for an int seed, without commitment: the same deck as
    ``shuffled(list(base_deck), seeded_random(seed))``, and the same opening as
    :func:`_first_opening`, which depends on the deal only through the turn-up and the
    seat dealt the Ace of its suit (:func:`~trumpfamily.robbing.rob_chance`), or on the
    card turned after a turned-up joker: it is worked out once for each and shared."""
    _, s, base, order0, at, getters, zeros, joker, ace_at, holder, stride, openings = f
    order = seeded_shuffle(order0[:], seed)
    d: tuple[Card, ...] = itemgetter(*order)(base)
    hands = tuple([get(d) for get in getters])
    up = order[at]
    if up == joker:
        key = len(order) * stride + order[at + 1]
    else:
        key = up * stride + holder[order.index(ace_at[up])]
    opening = openings[key]
    if opening is None:
        opening = openings[key] = _first_opening(s, d, hands, None)
    phase, to_act, status = opening
    return _new_tuple(
        HandState,
        (s, d, hands, (), zeros, (), s.eldest, to_act, phase, _NO_HISTORY, status, None, None),
    )
