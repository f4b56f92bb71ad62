"""The Maija hand: one deal of Mustamaija, Spardame or Kitumaija, from the shuffle to the
Maija (MAIJA.md).

:func:`new_maija_hand` deals and returns an immutable :class:`MaijaHand` with the protocol
of the library's other hands: :attr:`~MaijaHand.to_act`, :attr:`~MaijaHand.phase`,
:meth:`~MaijaHand.legal_actions`, :meth:`~MaijaHand.apply` (the next state, or an
:class:`~trumpfamily.errors.IllegalActionError` with a code of
:data:`~trumpfamily.maija.refusals.MAIJA_CODES`, this state unchanged), :meth:`~MaijaHand.view`,
:attr:`~MaijaHand.is_over`, :attr:`~MaijaHand.loser`, :attr:`~MaijaHand.events` and
:meth:`~MaijaHand.record` (replayed by :func:`replay_maija`).

Phases. In the bouts form (Mustamaija): ``"lead"`` (the seat to act leads a bout) and
``"defend"`` (the next seat in beats table cards, one :class:`Beat` pair or several at a
time, and ends with :class:`TakeUp` for what is left; beating the last unbeaten card ends
the defence and the defender leads). In the pile form (Kitumaija): ``"start"`` (a new
pile, one card) and ``"cover"`` (cover the top card and add a free one, or take up).
``"over"`` when the Maija is found.

:meth:`~MaijaHand.legal_actions` lists single-pair beats; a :class:`Beat` of several
pairs is legal when its pairs, one after another, are (M6: the defender beats "as many as
he can and will"; nothing is revealed between them, so the two are the same).

>>> from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
>>> hand = new_maija_hand(MUSTAMAIJA, players=3, dealer=2, seed=7)
>>> hand.to_act, hand.phase, len(hand.stock)
(0, 'lead', 37)
>>> import random
>>> rng = random.Random(7)
>>> while not hand.is_over:
...     hand = hand.apply(rng.choice(hand.legal_actions()))
>>> hand.loser in (0, 1, 2), "QS" in map(str, hand.hands[hand.loser])
(True, True)

Nothing in the rules forces a hand to end: players who always lead one card and take it
up can go round for ever (MAIJA.md M11 note); a hand ends because players beat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

import attrs

from ..cards import Card, Suit, parse_cards
from ..errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidSeatError,
    PlayerCountError,
    ReplayError,
    safe_repr,
)
from .actions import Beat, Cover, Lead, MaijaAction, TakeUp, parse_maija_action
from .beating import beaters, why_not_beats
from .bouts import holds, lead_problem, legal_leads, max_lead
from .drawing import check_maija_deck, deal, refill, shuffled_deck, turn_card, turn_trump
from .end import next_in, seats_in
from .events import (
    Beaten,
    Covered,
    Dealt,
    Drew,
    Led,
    MaijaEvent,
    MaijaHandOver,
    PileSetAside,
    PileStarted,
    TookUp,
    TrumpTurned,
    WentOut,
)
from .queen import MAIJA, is_maija
from .refusals import MAIJA_CODES
from .variants import MaijaVariant, find_maija_variant

__all__ = ["MaijaHand", "MaijaRecord", "MaijaView", "new_maija_hand", "replay_maija"]

_ACTIONS: Final = (Lead, Beat, TakeUp, Cover)


def _minus(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` less ``cards`` (each occurrence once), in hand order."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


@attrs.frozen
class MaijaView:
    """What one seat may see (MAIJA.md §V): its own hand and everything public.

    Attributes:
        variant: the game's :class:`~trumpfamily.maija.MaijaVariant`.
        seat: the seat whose view this is.
        players, dealer: the table.
        phase: the hand's phase (see :mod:`trumpfamily.maija.engine`).
        to_act: the seat to act, ``None`` when the hand is over.
        hand: the seat's cards, in the order they came.
        hand_sizes: every seat's card count, by seat.
        stock: the cards left in the stock (the turn-up, still under it, included).
        turn_up: the trump card turned (M4), ``None`` before it is turned or in a game
            without one; it stays public after it is drawn.
        trump: the trump suit, ``None`` while unknown.
        table: the bout's unbeaten cards, in lead order (the bouts form).
        beaten: the ``(beater, beaten)`` pairs of the defence so far, on the table until
            the turn ends.
        pile: Kitumaija: the pile, bottom card first, the top card last (every card of it
            was played or turned face up, in sight of all).
        out_of_play: the cards beaten or set aside out of the game, in order (public).
        out: the seats that have run out, in the order they went.
        attacker: the seat that led the bout on the table, else ``None``.
        legal_actions: the seat's legal actions when it is to act, else ``()``.
        loser: the Maija when the hand is over, else ``None``.
    """

    variant: MaijaVariant
    seat: int
    players: int
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock: int
    turn_up: Card | None
    trump: Suit | None
    table: tuple[Card, ...]
    beaten: tuple[tuple[Card, Card], ...]
    pile: tuple[Card, ...]
    out_of_play: tuple[Card, ...]
    out: tuple[int, ...]
    attacker: int | None
    legal_actions: tuple[MaijaAction, ...]
    loser: int | None


@attrs.frozen
class MaijaRecord:
    """A hand as data that replays (:func:`replay_maija`): the variant (a preset's name and
    every option), the table, the deck top card first, and the actions in notation.

    A record of an unfinished hand resumes: :func:`replay_maija` returns the state after
    its last action, ready for the next.
    """

    variant: str
    options: tuple[tuple[str, Any], ...]
    players: int
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[str, ...]


@attrs.frozen(eq=False)
class MaijaHand:
    """One hand of a Maija game (immutable: :meth:`apply` returns a new one).

    Attributes:
        variant: the game.
        players, dealer: the table; eldest (dealer + 1) leads first.
        deck: the deck as dealt, top card first (for records).
        hands: every seat's cards, by seat.
        stock: the stock, top card first; the turn-up is its last card.
        turn_up: the trump card (bouts form), ``None`` until turned / in Kitumaija.
        trump: the trump suit, ``None`` until turned.
        table, beaten, pile, out_of_play, out, attacker: as in :class:`MaijaView`.
        phase: ``"lead"``, ``"defend"``, ``"start"``, ``"cover"`` or ``"over"``.
        to_act: the seat to act (``None`` when over).
        history: the actions so far, in order.
        events: what the last action (or the deal) caused, in order.
        loser: the Maija when over.
    """

    variant: MaijaVariant
    players: int
    dealer: int
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    turn_up: Card | None
    trump: Suit | None
    table: tuple[Card, ...]
    beaten: tuple[tuple[Card, Card], ...]
    pile: tuple[Card, ...]
    out_of_play: tuple[Card, ...]
    out: tuple[int, ...]
    attacker: int | None
    phase: str
    to_act: int | None
    history: tuple[MaijaAction, ...] = ()
    events: tuple[MaijaEvent, ...] = ()
    loser: int | None = None
    _legal: list[tuple[MaijaAction, ...]] = attrs.field(factory=list, repr=False)

    # -- the protocol --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the Maija is found (M11)."""
        return self.phase == "over"

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Every seat's card count, by seat."""
        return tuple(len(h) for h in self.hands)

    def cards_in_play(self) -> Counter[Card]:
        """Every card of the hand: hands, stock, table, beaten pairs, pile and the cards
        out of the game (a multiset: always the whole pack)."""
        found: Counter[Card] = Counter()
        for h in self.hands:
            found.update(h)
        found.update(self.stock)
        found.update(self.table)
        for a, b in self.beaten:
            found.update((a, b))
        found.update(self.pile)
        found.update(self.out_of_play)
        return found

    def legal_actions(self) -> tuple[MaijaAction, ...]:
        """The actions of the seat to act, in a fixed order (``()`` when over).

        Leads: fewest cards first, then by suit. Defence: single-pair beats by table card
        then beater, then ``TakeUp()``. Kitumaija: covers by beater then free card, then
        ``TakeUp()``.
        """
        if not self._legal:
            self._legal.append(self._compute_legal())
        return self._legal[0]

    def _compute_legal(self) -> tuple[MaijaAction, ...]:
        if self.to_act is None:
            return ()
        hand = self.hands[self.to_act]
        v = self.variant
        if self.phase == "lead":
            most = self._max_lead()
            return tuple(Lead(c) for c in legal_leads(hand, most=most))
        if self.phase == "start":
            return tuple(Lead((c,)) for c in sorted(set(hand)))
        if self.phase == "defend":
            out: list[MaijaAction] = []
            for target in dict.fromkeys(self.table):
                for b in beaters(sorted(hand), target, trump=self.trump,
                                 invulnerable=v.invulnerable):
                    out.append(Beat(((b, target),)))
            out.append(TakeUp())
            return tuple(out)
        # cover
        top = self.pile[-1]
        if is_maija(top) and v.queen_on_pile == "take-five":
            return (TakeUp(),)
        found: list[MaijaAction] = []
        for b in beaters(sorted(hand), top, trump=self.trump, invulnerable=v.invulnerable):
            rest = sorted(set(_minus(hand, (b,))))
            if not rest:
                found.append(Cover(b, None))
            found.extend(Cover(b, f) for f in rest)
        found.append(TakeUp())
        return tuple(found)

    def _max_lead(self) -> int:
        assert self.to_act is not None
        nxt = next_in(self.to_act, self.hand_sizes, len(self.stock))
        nxt_size = len(self.hands[nxt]) if nxt is not None else 0
        return max_lead(cap=self.variant.lead_cap, next_hand=nxt_size, stock=len(self.stock),
                        limit=self.variant.lead_limit)

    def _refuse(self, action: object, code: str, reason: str, *, seat: int | None = None
                ) -> IllegalActionError:
        info = MAIJA_CODES[code]
        return IllegalActionError(
            action, reason, code=code, legal=self.legal_actions(), seat=seat,
            expected_seat=self.to_act, rule=info.rule, sources=info.sources)

    def apply(self, action: MaijaAction | str, seat: int | None = None) -> MaijaHand:
        """The state after ``action`` by the seat :attr:`to_act`; this state is unchanged.

        Args:
            action: an action, or its notation (``"lead 7H 9H"``, ``"beat 9H/7H"``,
                ``"take"``, ``"cover 9H 3C"``).
            seat: optionally, the seat making it; if given it must be :attr:`to_act`.

        Returns:
            The new :class:`MaijaHand`.

        Raises:
            IllegalActionError: not legal now; ``code`` is a key of
                :data:`~trumpfamily.maija.refusals.MAIJA_CODES` (``out-of-turn``,
                ``lead-mixed-suits``, ``lead-too-many``, ``does-not-beat``,
                ``maija-cannot-be-beaten``...), ``rule`` its MAIJA.md rule.
            ActionParseError: ``action`` is text that is no action.

        >>> from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
        >>> hand = new_maija_hand(MUSTAMAIJA, players=3, seed=1)
        >>> try:
        ...     hand.apply("lead 2C 2D")
        ... except Exception as err:
        ...     print(err.code, err.rule)
        card-not-held MAIJA.md M5
        """
        if isinstance(action, str):
            action = parse_maija_action(action)
        if not isinstance(action, _ACTIONS):
            raise self._refuse(action, "not-an-action",
                               f"{safe_repr(action)} is not an action of a Maija hand")
        if self.to_act is None:
            raise self._refuse(action, "hand-over", "the hand is over: the Maija is found (M11)",
                               seat=seat)
        if seat is not None and seat != self.to_act:
            raise self._refuse(action, "out-of-turn",
                               f"it is seat {self.to_act}'s turn, not seat {safe_repr(seat)}'s",
                               seat=seat)
        handler = {"lead": self._lead, "start": self._start, "defend": self._defend,
                   "cover": self._cover}[self.phase]
        return handler(action)

    # -- the bouts form ------------------------------------------------------------------

    def _wrong(self, action: MaijaAction, wanted: str) -> IllegalActionError:
        return self._refuse(action, "wrong-phase", f"{wanted} (M5, M6, K6)", seat=self.to_act)

    def _lead(self, action: MaijaAction) -> MaijaHand:
        if not isinstance(action, Lead):
            raise self._wrong(action, "a bout is to be led now: 'lead' one card or more")
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        problem = lead_problem(action.cards, hand, most=self._max_lead())
        if problem is not None:
            raise self._refuse(action, problem[0], problem[1], seat=seat)
        events: list[MaijaEvent] = [Led(seat, action.cards)]
        hands = list(self.hands)
        hands[seat] = _minus(hand, action.cards)
        stock, turn_up, trump = self.stock, self.turn_up, self.trump
        if trump is None and self.variant.trump == "turn-up":
            turn_up, stock, buried = turn_trump(
                stock, bury_spades=self.variant.spade_turn_up == "bury")
            trump = turn_up.suit
            events.append(TrumpTurned(turn_up, buried))
        hands[seat], stock = self._draw(seat, hands[seat], stock, events)
        state = attrs.evolve(self, hands=tuple(hands), stock=stock, turn_up=turn_up, trump=trump,
                             table=action.cards, beaten=(), attacker=seat,
                             history=(*self.history, action), legal=[])
        defender = next_in(seat, state.hand_sizes, len(stock))
        return state._settle(events, phase="defend", to_act=defender)

    def _draw(self, seat: int, hand: tuple[Card, ...], stock: tuple[Card, ...],
              events: list[MaijaEvent]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        hand, stock, drawn = refill(hand, stock, self.variant.hand_size)
        if drawn:
            events.append(Drew(seat, drawn))
        return hand, stock

    def _defend(self, action: MaijaAction) -> MaijaHand:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, TakeUp):
            return self._take_up(action)
        if not isinstance(action, Beat):
            raise self._wrong(action, "the bout on the table is to be beaten ('beat') or taken up "
                                      "('take')")
        if not action.pairs:
            raise self._refuse(action, "beat-empty", "a beat names one pair or more (M6)",
                               seat=seat)
        hand, table = list(self.hands[seat]), list(self.table)
        for beater, target in action.pairs:
            if beater not in hand:
                why = ("beat-card-twice", "a card beats one card only (M6)") \
                    if beater in self.hands[seat] else ("card-not-held", f"{beater} is not held")
                raise self._refuse(action, why[0], why[1], seat=seat)
            if target not in table:
                why = ("beat-card-twice", f"{target} is beaten once only (M6)") \
                    if target in self.table else (
                        "beat-not-on-table", f"{target} is not an unbeaten card of the bout (M6)")
                raise self._refuse(action, why[0], why[1], seat=seat)
            reason = why_not_beats(beater, target, trump=self.trump,
                                   invulnerable=self.variant.invulnerable)
            if reason is not None:
                code = ("maija-cannot-be-beaten" if is_maija(target) else
                        "maija-cannot-beat" if is_maija(beater) else "does-not-beat")
                raise self._refuse(action, code, f"{beater} does not beat {target}: {reason}",
                                   seat=seat)
            hand.remove(beater)
            table.remove(target)
        events: list[MaijaEvent] = [Beaten(seat, action.pairs)]
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        beaten = (*self.beaten, *action.pairs)
        state = attrs.evolve(self, hands=tuple(hands), table=tuple(table), beaten=beaten,
                             history=(*self.history, action), legal=[])
        if table:
            return state._settle(events, phase="defend", to_act=seat)
        # every card beaten: they go out of the game and the defender leads (M8)
        out_of_play = (*self.out_of_play, *(c for pair in beaten for c in pair))
        stock = self.stock
        my_hand = hands[seat]
        if self.variant.draw_timing == "after-each-part" or (not my_hand and stock):
            my_hand, stock = self._draw(seat, my_hand, stock, events)
            hands[seat] = my_hand
        state = attrs.evolve(state, hands=tuple(hands), stock=stock, beaten=(),
                             out_of_play=out_of_play, attacker=None)
        leader = seat if my_hand else next_in(seat, state.hand_sizes, len(stock))
        return state._settle(events, phase="lead", to_act=leader)

    def _take_up(self, action: TakeUp) -> MaijaHand:
        seat = self.to_act
        assert seat is not None
        events: list[MaijaEvent] = [TookUp(seat, self.table)]
        hands = list(self.hands)
        my_hand = (*self.hands[seat], *self.table)
        out_of_play = (*self.out_of_play, *(c for pair in self.beaten for c in pair))
        my_hand, stock = self._draw(seat, my_hand, self.stock, events)
        hands[seat] = my_hand
        state = attrs.evolve(self, hands=tuple(hands), stock=stock, table=(), beaten=(),
                             out_of_play=out_of_play, attacker=None,
                             history=(*self.history, action), legal=[])
        return state._settle(events, phase="lead", to_act=next_in(seat, state.hand_sizes,
                                                                  len(stock)))

    # -- the pile form -------------------------------------------------------------------

    def _start(self, action: MaijaAction) -> MaijaHand:
        seat = self.to_act
        assert seat is not None
        if not isinstance(action, Lead):
            raise self._wrong(action, "a new pile is to be started: 'lead' one card")
        if len(action.cards) != 1:
            raise self._refuse(action, "pile-start-one-card",
                               "a new pile is started with one card (K6)", seat=seat)
        if not holds(self.hands[seat], action.cards):
            raise self._refuse(action, "card-not-held", f"{action.cards[0]} is not held",
                               seat=seat)
        events: list[MaijaEvent] = [Led(seat, action.cards)]
        return self._end_pile_turn(seat, _minus(self.hands[seat], action.cards),
                                   (*self.pile, *action.cards), events, action)

    def _end_pile_turn(self, seat: int, hand: tuple[Card, ...], pile: tuple[Card, ...],
                       events: list[MaijaEvent], action: MaijaAction,
                       out_of_play: tuple[Card, ...] | None = None) -> MaijaHand:
        hand, stock = self._draw(seat, hand, self.stock, events)
        hands = list(self.hands)
        hands[seat] = hand
        state = attrs.evolve(self, hands=tuple(hands), stock=stock, pile=pile,
                             out_of_play=self.out_of_play if out_of_play is None else out_of_play,
                             history=(*self.history, action), legal=[])
        nxt = next_in(seat, state.hand_sizes, len(stock))
        return state._settle(events, phase="cover" if pile else "start", to_act=nxt)

    def _cover(self, action: MaijaAction) -> MaijaHand:
        seat = self.to_act
        assert seat is not None
        top = self.pile[-1]
        hand = self.hands[seat]
        v = self.variant
        if isinstance(action, TakeUp):
            if is_maija(top) and v.queen_on_pile == "take-five":
                count = 5
            elif v.pile_take == "whole-pile":
                count = len(self.pile)
            else:
                count = 1
            taken = self.pile[-count:] if count < len(self.pile) else self.pile
            events: list[MaijaEvent] = [TookUp(seat, tuple(reversed(taken)))]
            pile = self.pile[:len(self.pile) - len(taken)]
            hand = (*hand, *reversed(taken))
            if not pile:  # the whole pile taken: the turn ends (K8)
                return self._end_pile_turn(seat, hand, pile, events, action)
            hands = list(self.hands)
            hands[seat] = hand
            state = attrs.evolve(self, hands=tuple(hands), pile=pile,
                                 history=(*self.history, action), legal=[])
            return state._settle(events, phase="cover", to_act=seat)
        if not isinstance(action, Cover):
            raise self._wrong(action, "the pile's top card is to be covered ('cover') or taken "
                                      "up ('take')")
        if is_maija(top) and v.queen_on_pile == "take-five":
            raise self._refuse(action, "must-take-queen",
                               "the Queen of Spades is on the pile: take up five (K7)", seat=seat)
        cards = (action.beat,) if action.free is None else (action.beat, action.free)
        if not holds(hand, cards):
            raise self._refuse(action, "card-not-held", "a card named is not held", seat=seat)
        reason = why_not_beats(action.beat, top, trump=self.trump, invulnerable=v.invulnerable)
        if reason is not None:
            code = ("maija-cannot-be-beaten" if is_maija(top) else
                    "maija-cannot-beat" if is_maija(action.beat) else "does-not-beat")
            raise self._refuse(action, code, f"{action.beat} does not cover {top}: {reason}",
                               seat=seat)
        if action.free is None and len(hand) > 1:
            raise self._refuse(action, "cover-free-card",
                               "add a free card: only a last card covers alone (K6)", seat=seat)
        events = [Covered(seat, action.beat, action.free)]
        left = _minus(hand, cards)
        pile = (*self.pile, *cards)
        if (not left and not self.stock and action.free is None
                and v.single_card_out == "set-aside"):
            events.append(PileSetAside(len(pile)))
            return self._end_pile_turn(seat, left, (), events, action,
                                       out_of_play=(*self.out_of_play, *pile))
        return self._end_pile_turn(seat, left, pile, events, action)

    # -- after each action ---------------------------------------------------------------

    def _settle(self, events: list[MaijaEvent], *, phase: str, to_act: int | None) -> MaijaHand:
        """Mark seats that ran out, and end the hand when one seat is left in (M11)."""
        out = list(self.out)
        stock = len(self.stock)
        for s, h in enumerate(self.hands):
            if not h and not stock and s not in out:
                out.append(s)
                events.append(WentOut(s))
        left = seats_in(self.hand_sizes, stock)
        waiting = bool(self.table) and phase == "defend"
        if len(left) <= 1 and not waiting:
            loser = left[0] if left else None
            if loser is None:  # pragma: no cover - the Queen is always held (M11)
                raise AssertionError("no seat left in")
            events.append(MaijaHandOver(loser, MAIJA in self.hands[loser]))
            return attrs.evolve(self, out=tuple(out), phase="over", to_act=None, loser=loser,
                                events=tuple(events), legal=[])
        return attrs.evolve(self, out=tuple(out), phase=phase, to_act=to_act,
                            events=tuple(events), legal=[])

    # -- views and records ---------------------------------------------------------------

    def view(self, seat: int) -> MaijaView:
        """What ``seat`` may see (MAIJA.md §V): no card of another hand or of the stock.

        Raises:
            InvalidSeatError: not a seat of the hand.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidSeatError(seat, self.players)
        shown = self.turn_up if self.trump is not None else None
        return MaijaView(
            variant=self.variant, seat=seat, players=self.players, dealer=self.dealer,
            phase=self.phase, to_act=self.to_act, hand=self.hands[seat],
            hand_sizes=self.hand_sizes, stock=len(self.stock), turn_up=shown,
            trump=self.trump, table=self.table, beaten=self.beaten, pile=self.pile,
            out_of_play=self.out_of_play, out=self.out, attacker=self.attacker,
            legal_actions=self.legal_actions() if seat == self.to_act else (),
            loser=self.loser)

    def record(self) -> MaijaRecord:
        """The hand so far as a :class:`MaijaRecord` (replays with :func:`replay_maija`)."""
        v = self.variant
        return MaijaRecord(variant=v.name, options=tuple(v.options().items()),
                           players=self.players, dealer=self.dealer, deck=self.deck,
                           actions=tuple(str(a) for a in self.history))


def new_maija_hand(variant: MaijaVariant | str, players: int, *, dealer: int = 0,
                   seed: object = None, deck: Sequence[Card] | str | None = None) -> MaijaHand:
    """Shuffle (or take ``deck``), deal five cards to each seat and start the hand (M2, K2).

    Args:
        variant: a :class:`~trumpfamily.maija.MaijaVariant` or a preset's name.
        players: the number of seats (``variant.min_players..max_players``).
        dealer: the dealer's seat; eldest (``dealer + 1``) leads first.
        seed: an int, str or bytes for the shuffle (``None``: unseeded).
        deck: the deck top card first (cards or text), instead of a shuffle.

    Returns:
        The hand before the first action: Mustamaija ``phase="lead"`` (the trump is
        turned after eldest's lead, M4, unless ``trump_timing="before-play"``), Kitumaija
        ``phase="cover"`` with the pile's first card turned (K2).

    Raises:
        PlayerCountError: a table size the variant does not deal.
        InvalidSeatError: ``dealer`` is not a seat.
        InvalidDeckError: ``deck`` is not the variant's whole pack.
    """
    v = find_maija_variant(variant) if isinstance(variant, str) else variant
    if type(players) is not int or not v.min_players <= players <= v.max_players:
        raise PlayerCountError(
            f"{v.name} is played by {v.min_players} to {v.max_players} players, not "
            f"{safe_repr(players)} (MAIJA.md M1, K1)")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidSeatError(dealer, players)
    if deck is None:
        cards = shuffled_deck(v, seed)
    else:
        if seed is not None:
            raise InvalidArgumentError("give a seed or a deck, not both")
        cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
        check_maija_deck(v, cards)
    hands, stock = deal(cards, players, dealer, v.hand_size)
    events: list[MaijaEvent] = [Dealt(dealer, hands, len(stock))]
    turn_up: Card | None = None
    trump: Suit | None = v.trump if isinstance(v.trump, Suit) else None
    pile: tuple[Card, ...] = ()
    phase = "lead"
    if v.form == "pile":
        start, stock, buried = turn_card(stock, is_maija)
        pile = (start,)
        events.append(PileStarted(start, buried))
        phase = "cover"
    elif v.trump == "turn-up" and v.trump_timing == "before-play":
        turn_up, stock, buried = turn_trump(stock, bury_spades=v.spade_turn_up == "bury")
        trump = turn_up.suit
        events.append(TrumpTurned(turn_up, buried))
    return MaijaHand(
        variant=v, players=players, dealer=dealer, deck=tuple(cards), hands=hands, stock=stock,
        turn_up=turn_up, trump=trump, table=(), beaten=(), pile=pile, out_of_play=(), out=(),
        attacker=None, phase=phase, to_act=(dealer + 1) % players, events=tuple(events))


def replay_maija(record: MaijaRecord) -> MaijaHand:
    """Deal a record's deck and apply its actions: the state after the last one (a record
    of an unfinished hand resumes from there).

    Raises:
        ReplayError: an unknown variant or option, a bad deck, or an illegal action
            (``index`` says which).
    """
    try:
        base = find_maija_variant(record.variant)
        variant = base.with_options(**dict(record.options))
        hand = new_maija_hand(variant, record.players, dealer=record.dealer, deck=record.deck)
    except (ValueError, TypeError) as err:
        raise ReplayError(f"the record does not deal: {err}") from err
    for index, text in enumerate(record.actions):
        try:
            hand = hand.apply(text)
        except ValueError as err:
            raise ReplayError(f"action {index} ({safe_repr(text)}) does not replay: {err}",
                              index) from err
    return hand
