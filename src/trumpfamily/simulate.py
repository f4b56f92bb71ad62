"""Simulate many independent hands fast, on card ids and masks (RULES.md §1.3–1.8, §2.1–2.5).

:func:`simulate` is the documented fast path for playing many hands: a generator of one
:class:`~trumpfamily.outcomes.HandOutcome` per hand (or, with ``record=True``, one
``(outcome, record)`` pair per hand), playing on card ids and card masks
(:mod:`trumpfamily.tables`) instead of :class:`~trumpfamily.engine.HandState` values. It
takes exactly the decisions the reference engine takes: the same deal, the same legal
actions in the same order, the same outcome, and a record that
:func:`~trumpfamily.records.replay` turns back into the same hand. A seeded differential
test binds it to the engine action by action, for every preset and random option
combinations (``tests/test_simulate.py``).

>>> import trumpfamily as tf
>>> outcomes = list(tf.simulate(tf.SPOIL_FIVE, players=5, hands=1000, seed=1))
>>> len(outcomes), sum(o.spoil for o in outcomes) + sum(o.winner is not None for o in outcomes)
(1000, 1000)

Every rule is read from the rule modules, as the engine reads them: legality and the trick
from :func:`~trumpfamily.tables.legal_mask` and :func:`~trumpfamily.tables.winner_index`,
robbing from :mod:`~trumpfamily.robbing`, fiving from :mod:`~trumpfamily.fiving`, the
pool and the points from :mod:`~trumpfamily.scoring`, the claim and the jink from
:mod:`~trumpfamily.jinking`, the deal from :mod:`~trumpfamily.dealing`. Only the order of
play (whose turn, which actions are offered, what an action changes) is written here a
second time, on ids, and that is what the differential test checks. In the hot loop of the
cards, the commonest cases of ``legal_mask`` (a plain lead under ``follow-or-trump``, a
trump lead under the usual reneging options), ``winner_index`` and ``pool_result`` (one
seat a side) are inlined; the differential test covers them too.

Bots (see :doc:`/howto/simulate`): by default every seat chooses uniformly at random.
Otherwise one bot per seat, through the fast interface :class:`FastBot`: one method,
``act(spot)``, that reads a :class:`Spot` (what the seat may see, as ids and masks) and
returns an action id (:func:`~trumpfamily.actions.action_id`). :class:`RandomBot` and
:class:`RuleOfThumbBot` are the fast forms of :class:`~trumpfamily.players.RandomPlayer`
and :class:`~trumpfamily.players.RuleOfThumbPlayer`, and instances of those two are
accepted as they are. A bot with only the engine's ``choose(view)`` is played through the
reference engine: the slow path, correct but several times slower.

Every option of every preset (OPTIONS.md) takes the fast path; none falls back to the
engine. The bidding games (``tf.BIDDING_VARIANTS``, BIDDING.md) have a fast path of their
own, ``trumpfamily._simulate_bidding``, which ``simulate`` dispatches to: the auction,
trumps, the kitty, the discards and draws, the play and the contract's score on ids, bound
to :class:`~trumpfamily.bidding.engine.BiddingHand` by its own differential test
(``tests/test_simulate_bidding.py``). There a fast bot is also asked ``discard(spot)``
(one of ``spot.discards``, card masks) with a :class:`BiddingSpot`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Literal, overload

from ._fastbot import FastBot
from ._fastkit import _as_id, _card, _next_deck
from ._simulate_bidding import BiddingSpot
from .actions import (
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
    action_from_id,
    action_id,
)
from .cards import JK, Card
from .convert import hand_record
from .dealing import Seating, seating_for, seeded_random, shuffled
from .engine import new_hand
from .errors import IllegalActionError, InvalidArgumentError, safe_repr
from .fiving import prompt_first, turn_until_new_suit
from .jinking import claim_due, jink_result
from .outcomes import HAND_SIZE, Barred, HandOutcome, Phase, SeatView
from .play import play_context
from .players import RandomPlayer, RuleOfThumbPlayer
from .reneging import PlayContext
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
from .tables import CARDS, FOLLOW_OR_TRUMP, NO_CARD, SUITS, MaskTable, legal_mask
from .variants import Variant

__all__ = ["BiddingSpot", "FastBot", "RandomBot", "RuleOfThumbBot", "Spot", "simulate"]

# -- action ids (trumpfamily.actions numbering) --------------------------------------------

_ROB_BASE: Final = action_id(Rob(CARDS[0]))  # 53: Rob(c) is 53 + c.index
_DECLINE: Final = action_id(DeclineRob())
_PASS: Final = action_id(Pass())
_CLAIM: Final = action_id(Claim())
_JINK: Final = action_id(Jink())
_ASK: Final = action_id(AskFive())
_ACCEPT: Final = action_id(AcceptFive())
_REFUSE: Final = action_id(RefuseFive())
assert _ROB_BASE == len(CARDS) and _DECLINE == _ROB_BASE + len(CARDS)

_JOKER_ID: Final = JK.index
_BIT: Final = tuple(c.bit for c in CARDS)
_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(len(CARDS) * 2 + 8))
#: The Ace of each suit by suit index (C D H S), as a card id.
_ACE_OF: Final = tuple(next(c.index for c in CARDS if c.suit is s and c.rank.name == "ACE")
                       for s in SUITS)
#: The printed suit index of each card id (-1 for the joker).
_SUIT_OF: Final = tuple(-1 if c.suit is None else SUITS.index(c.suit) for c in CARDS)

_ROB_PHASE: Final = Phase.ROB
_FIVE_PHASE: Final = Phase.FIVE
_PLAY_PHASE: Final = Phase.PLAY
_CLAIM_PHASE: Final = Phase.CLAIM
_OVER: Final = Phase.OVER

# fiving: where it stands (the engine's _Five)
_NO_FIVE: Final = 0
_FIVE_OPEN: Final = 1
_FIVE_ASKED: Final = 2
# how the chance to rob was used (the engine's _RobDone; 0: not yet)
_ROBBED: Final = 1
_DECLINED: Final = 2
_SILENT: Final = 3

_JOKER: Final = RobKind.JOKER
_ACE: Final = RobKind.ACE
_HOLDER: Final = RobKind.HOLDER
_WIN: Final = HandEnd.WIN
_JINKED: Final = HandEnd.JINK
_SPOIL: Final = HandEnd.SPOIL


# -- the fast bot interface ------------------------------------------------------------------


class Spot:
    """What one seat may see when it must act, as card ids and masks (for :class:`FastBot`).

    One ``Spot`` object is reused for every decision of a :func:`simulate` run and
    changed between calls: read it during :meth:`FastBot.act`, and copy what you want
    to keep (:meth:`as_dict`). Every attribute is an immutable value (ints, tuples, a
    :class:`~trumpfamily.tables.MaskTable`), so a bot cannot change the hand it plays.
    Like :meth:`HandState.view <trumpfamily.engine.HandState.view>` it holds only what the
    seat may see: its own hand, the public facts, its own face-down discards; never
    another seat's cards (re-dealing the cards the seat cannot see leaves it unchanged;
    tested).

    A card is its id, :attr:`Card.index <trumpfamily.cards.Card.index>` (``0..51``, the
    joker ``52``; :data:`~trumpfamily.tables.CARDS` maps ids back to cards); a set of cards
    is a mask, an ``int`` with bit ``1 << id`` per card; an action is its id
    (:func:`~trumpfamily.actions.action_id`: ``Play(c)`` is ``c.index``, ``Rob(c)`` is
    ``53 + c.index``, ``DeclineRob`` 106, ``Pass`` 107, ``Claim`` 108, ``Jink`` 109,
    ``AskFive`` 110, ``AcceptFive`` 111, ``RefuseFive`` 112). "No card" is
    :data:`~trumpfamily.tables.NO_CARD` (``-1``); "no seat" is ``None``.

    Attributes:
        seat: the seat that must act (``0..players-1``).
        players: the number of seats.
        dealer: the dealer's seat; eldest hand, who leads to trick 1, is ``dealer + 1``.
        sides: the seats of each side (each seat alone without partnerships).
        variant: the rules.
        phase: what the seat is asked (:class:`~trumpfamily.outcomes.Phase`): ``ROB`` (the
            dealer's rob of a turned-up Ace or joker, or a seat's answer in the round of
            rob prompts), ``FIVE`` (ask to five or pass; answer a request to five),
            ``PLAY`` (a card, and at the holder's first turn his rob) or ``CLAIM``.
        hand: the seat's cards, a mask.
        hand_ids: the seat's cards as ids, in hand order (dealt order; a robbed turn-up
            or a taken joker last).
        legal: the legal actions, as action ids, in the engine's order
            (:meth:`HandState.legal_actions <trumpfamily.engine.HandState.legal_actions>`:
            robs, ``DeclineRob``, ``AskFive``, ``AcceptFive``, ``RefuseFive``, ``Claim``,
            ``Jink``, ``Pass``, then plays in hand order). Never empty.
        playable: the cards among :attr:`legal` that may be played, a mask (``0`` when
            no card may be played now).
        trick: the cards played to the current trick, ids, lead first.
        leader: the seat that led (or will lead) the current trick.
        tricks: the completed tricks, in play order, each ``(card ids lead first,
            leader, winner)``.
        trick_counts: tricks won per seat (tuple of length ``players``).
        trump: the trump suit's index in ``C D H S`` order (``0..3``); ``-1`` while a
            turned-up joker waits for the dealer's discard (RULES.md §2.8, EX-53).
        table: the deal's rules as a :class:`~trumpfamily.tables.MaskTable` as this seat
            knows them (with the demoted Ace of :attr:`demoted`); ``None`` while a
            turned-up joker waits. Its ``power`` ranks the cards, its ``trumps`` mask
            holds the trumps.
        turn_up: the card lying turned up on the table, or ``NO_CARD`` once robbed (the
            joker's id while a turned-up joker waits).
        turned_up: the card turned up for trumps, also once robbed.
        robbed_by: the seat that robbed the turn-up, else ``None``.
        announced: the seat that declined to rob aloud (``DeclineRob``), else ``None``.
        demoted: the Ace of trumps when a penalty made it the lowest trump, as this seat
            knows it (a holder who let his chance pass in silence is the only one who
            knows until the Ace is played; RULES.md §1.5, EX-17), else ``NO_CARD``.
        barred: the seats barred from the pool this deal, as this seat knows them
            (EX-51).
        jinker: the side that is jinking, else ``None`` (RULES.md §1.6).
        fived: the cards turned up and set aside by fiving, ids in order (EX-56).
        tricks_needed: tricks that win the pool (pool games), else ``None``.
        my_discard: this seat's own face-down discard if it robbed, else ``NO_CARD``.
        my_joker_discard: the dealer's own discard for a turned-up joker (in the
            dealer's spot only), else ``NO_CARD``.
    """

    __slots__ = (
        "announced", "barred", "dealer", "demoted", "fived", "hand", "hand_ids", "jinker",
        "leader", "legal", "my_discard", "my_joker_discard", "phase", "playable", "players",
        "robbed_by", "seat", "sides", "table", "trick", "trick_counts", "tricks",
        "tricks_needed", "trump", "turn_up", "turned_up", "variant",
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
    playable: int
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[tuple[tuple[int, ...], int, int], ...]
    trick_counts: tuple[int, ...]
    trump: int
    table: MaskTable | None
    turn_up: int
    turned_up: int
    robbed_by: int | None
    announced: int | None
    demoted: int
    barred: tuple[int, ...]
    jinker: int | None
    fived: tuple[int, ...]
    tricks_needed: int | None
    my_discard: int
    my_joker_discard: int

    def as_dict(self) -> dict[str, Any]:
        """Every attribute, by name: a copy to keep after :meth:`FastBot.act` returns.

        >>> import trumpfamily as tf
        >>> seen = []
        >>> class Keep(tf.RandomBot):
        ...     def act(self, spot):
        ...         seen.append(spot.as_dict())
        ...         return super().act(spot)
        >>> _ = list(tf.simulate(tf.MAW, players=3, hands=1, seed=1, bots=[Keep(seed=s) for s in range(3)]))
        >>> seen[0]["seat"], seen[0]["phase"].value, len(seen[0]["hand_ids"])
        (1, 'play', 5)
        """
        return {name: getattr(self, name) for name in _SPOT_FIELDS}

    def __repr__(self) -> str:
        return f"<Spot seat {self.seat}, {self.phase.value}, legal {self.legal}>"


#: The attributes of a :class:`Spot`, in the order of its documentation.
_SPOT_FIELDS: Final = (
    "seat", "players", "dealer", "sides", "variant", "phase", "hand", "hand_ids", "legal",
    "playable", "trick", "leader", "tricks", "trick_counts", "trump", "table", "turn_up",
    "turned_up", "robbed_by", "announced", "demoted", "barred", "jinker", "fived",
    "tricks_needed", "my_discard", "my_joker_discard",
)


class RandomBot:
    """The fast form of :class:`~trumpfamily.players.RandomPlayer`: uniformly random among
    the legal actions, from its own seeded generator.

    ``RandomBot(seed=k)`` takes the same choices as ``RandomPlayer(seed=k)`` does on the
    engine, hand after hand (both draw ``random.Random.choice`` over the legal actions in
    the engine's order); a ``RandomPlayer`` given to :func:`simulate` is played this way,
    with its own generator.

    Args:
        seed: seeds the bot's own generator (an int, str or bytes); ``None`` for an
            unpredictable one.

    Raises:
        InvalidArgumentError: ``seed`` is not a seed.

    >>> import trumpfamily as tf
    >>> bots = [tf.RandomBot(seed=seat) for seat in range(4)]
    >>> out = next(tf.simulate(tf.TWENTY_FIVE, players=4, hands=1, seed=2, bots=bots))
    >>> out.sides
    ((0, 2), (1, 3))
    """

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        self._choice: Callable[[Sequence[int]], int] = seeded_random(seed, "RandomBot: ").choice

    def act(self, spot: Spot) -> int:
        """A uniformly random one of ``spot.legal``."""
        return self._choice(spot.legal)


class _PlayerBot:
    """A :class:`~trumpfamily.players.RandomPlayer` played fast, drawing from the player's
    own generator as ``RandomPlayer.choose`` does: ``random.Random.choice``'s draw (the
    index by rejection sampling on ``getrandbits``)."""

    __slots__ = ("_getrandbits",)

    def __init__(self, getrandbits: Callable[[int], int]) -> None:
        self._getrandbits = getrandbits

    def act(self, spot: Spot) -> int:
        legal = spot.legal
        n = len(legal)
        k = _BIT_LENGTH[n]
        getrandbits = self._getrandbits
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return legal[r]


class RuleOfThumbBot:
    """The fast form of :class:`~trumpfamily.players.RuleOfThumbPlayer`: the same decisions,
    on ids and masks (tested by replaying its hands on the engine with the player).

    Claims when it can (never jinks), robs when it can (discarding its weakest card), asks
    to five (two players) holding no trump and as dealer agrees only holding none either;
    leading, plays its strongest card; following, the lowest card that would take the
    trick, or its lowest card if none can or its side is already winning. Strength is the
    card's power in the deal's :class:`~trumpfamily.tables.MaskTable` (RULES.md §1.2,
    §1.3); among equals, the first in hand order.

    >>> import trumpfamily as tf
    >>> out = next(tf.simulate(tf.SPOIL_FIVE, players=4, hands=1, seed=3,
    ...                        bots=[tf.RuleOfThumbBot()] * 4))
    >>> sum(out.tricks) == out.tricks_played
    True
    """

    __slots__ = ()

    def act(self, spot: Spot) -> int:
        """The rule-of-thumb action id for ``spot``."""
        legal = spot.legal
        m = spot.table
        if m is None:  # a turned-up joker: any discard will do
            return legal[0]
        if legal[0] < _ROB_BASE:  # cards only (the usual case)
            return _card(spot, legal, m)
        if _CLAIM in legal:
            return _CLAIM
        power = m.power
        best = -1
        for a in legal:
            if _ROB_BASE <= a < _DECLINE and (best < 0 or power[a - _ROB_BASE] < power[best - _ROB_BASE]):
                best = a
        if best >= 0:
            return best
        has_trump = spot.hand & m.trumps
        if _ASK in legal and not has_trump:
            return _ASK
        if _ACCEPT in legal:
            return _REFUSE if has_trump else _ACCEPT
        plays = tuple([a for a in legal if a < _ROB_BASE])
        if not plays:
            return legal[0]
        return _card(spot, plays, m)


_RULE_OF_THUMB: Final = RuleOfThumbBot()


# -- the rules of one run --------------------------------------------------------------------


class _Rules:
    """What stays fixed for every hand of a run: the variant's decisions, read once from the
    rule modules, and caches of the compiled tables and rob chances."""

    def __init__(self, variant: Variant, players: int) -> None:
        self.variant = variant
        self.players = players
        robbing = variant.robbing
        self.robbing = robbing
        self.robbing_on = robbing.robbing
        self.demote_silent = unrobbed_penalty(robbing, announced=False)[0]
        self.demote_announced = unrobbed_penalty(robbing, announced=True)[0]
        self.dealer_may_decline = may_decline(robbing, dealer=True)
        self.holder_may_decline = may_decline(robbing, dealer=False)
        self.holder_may_pass = robbing.holder_rob == "may"  # the engine's _why_not_pass
        self.five_first = prompt_first(robbing)
        self.scoring = variant.scoring
        self._contexts: dict[tuple[int, int], PlayContext] = {}
        self._chances: dict[tuple[int, int | None, int], RobChance | None] = {}

    def context(self, trump: int, demoted: int) -> PlayContext:
        """The compiled rules of (trump suit index, demoted Ace id or ``NO_CARD``)."""
        key = (trump, demoted)
        ctx = self._contexts.get(key)
        if ctx is None:
            ctx = self._contexts[key] = play_context(
                self.variant, SUITS[trump], None if demoted < 0 else CARDS[demoted]
            )
        return ctx

    def chance(self, up: int, holder: int | None, dealer: int) -> RobChance | None:
        """:func:`~trumpfamily.robbing.rob_chance` for turn-up ``up`` with the Ace of its
        suit dealt to ``holder`` (``None``: not dealt); it reads nothing else of the
        hands, so the answer is cached on these three."""
        key = (up, holder, dealer)
        try:
            return self._chances[key]
        except KeyError:
            pass
        hands: list[tuple[Card, ...]] = [()] * self.players
        if holder is not None:
            hands[holder] = (CARDS[_ACE_OF[_SUIT_OF[up]]],)
        found = self._chances[key] = rob_chance(self.robbing, CARDS[up], hands, dealer)
        return found


# -- one deal ---------------------------------------------------------------------------------


class _Deal:
    """The state of the hand being played, on ids and masks, with the engine's order of
    play (``engine.HandState``: ``new_hand``, ``_opening``, ``_start``, ``_compute_legal``
    and the ``_why_not_*`` checks, ``_play``, ``_rob``, ``_decline``, ``_pass``, ``_five``,
    ``_trick_result``, ``_make_outcome``). One object is reused for every hand of a run;
    :meth:`start` resets it."""

    def __init__(
        self,
        rules: _Rules,
        seating: Seating,
        rnd: Callable[[], float] | None,
        bots: Sequence[FastBot] | None,
        trace: Callable[[int, tuple[int, ...], int], object] | None,
    ) -> None:
        self.rules = rules
        self.variant = rules.variant
        self.n = seating.players
        self.nxt = seating.nxt
        self.sides = seating.sides
        self.side_of = seating.side_of
        self.pool = seating.pool
        self.needed = seating.needed
        self.jinking = seating.jinking
        self.fiving = seating.fiving
        self.partners = seating.partners
        self.rnd = rnd
        self.bots = bots
        self.trace = trace
        self.spot = Spot()
        sp = self.spot
        sp.players = self.n
        sp.sides = self.sides
        sp.variant = self.variant
        sp.tricks_needed = self.needed if self.pool else None
        self.acts: list[int] | None = None
        self.dirty = True  # the spot's public facts must be set again
        self.secret = False  # a silent holder's penalty, hidden from the other seats
        # set by start()
        self.dealer = 0
        self.eldest = 0
        self.deck: list[int] = []
        self.hl: list[list[int]] = []
        self.hm: list[int] = []
        self.counts: list[int] = []
        self.trick: list[int] = []
        self.tricks: list[tuple[list[int], int, int]] = []
        self.leader = 0
        self.to_act: int | None = 0
        self.phase = _PLAY_PHASE
        self.result: tuple[HandEnd, int | None] | None = None
        self.trump = 0
        self.turn_up = 0
        self.taken = False
        self.joker_wait = False
        self.stock_at = 0
        self.fived: tuple[int, ...] = ()
        self.five = _NO_FIVE
        self.rob: RobChance | None = None
        self.rob_done = 0
        self.robbed_by: int | None = None
        self.announced: int | None = None
        self.discard = NO_CARD
        self.joker_discard = NO_CARD
        self.demoted = NO_CARD
        self.forget_demoted = NO_CARD
        self.barred: tuple[Barred, ...] = ()
        self.jinker: int | None = None
        self.ctx: PlayContext | None = None
        self._outcomes: dict[tuple[Any, ...], HandOutcome] = {}  # see outcome()
        self.m: MaskTable | None = None

    # -- the deal (new_hand, _opening, _start) ---------------------------------------------

    def start(self, deck: list[int], s: Seating) -> None:
        """Deal ``deck`` (card ids, top first) as ``new_hand`` does and turn up trumps."""
        self.deck = deck
        self.dealer = s.dealer
        self.eldest = s.eldest
        bit = _BIT
        # the positions of each seat's cards in the deck: Seating.getters (itemgetters)
        hl: list[list[int]] = [list(get(deck)) for get in s.getters]  # type: ignore[arg-type]
        self.hl = hl
        self.hm = [bit[a] | bit[b] | bit[c] | bit[d] | bit[e] for a, b, c, d, e in hl]
        self.counts = [0] * self.n
        self.trick = []
        self.tricks = []
        self.leader = s.eldest
        self.result = None
        self.fived = ()
        self.joker_discard = NO_CARD
        self.spot.tricks = ()
        self.dirty = True
        at = s.turn_up_at
        up = deck[at]
        five = _FIVE_OPEN if self.fiving else _NO_FIVE
        if up == _JOKER_ID:
            # The dealer takes the joker and discards; only then is the next card turned
            # (RULES.md §1.5, §2.8, EX-53).
            nxt = deck[at + 1]
            self._reset(nxt, at + 2, five)
            self.joker_wait = True
            self.rob = RobChance(_JOKER, s.dealer, True)
            self.phase, self.to_act = _ROB_PHASE, s.dealer
        else:
            self._opening(up, at + 1, five)

    def _reset(self, up: int, stock_at: int, five: int) -> None:
        trump = _SUIT_OF[up]
        self.trump = trump
        self.turn_up = up
        self.taken = False
        self.joker_wait = False
        self.stock_at = stock_at
        self.five = five
        self.rob = None
        self.rob_done = 0
        self.robbed_by = None
        self.announced = None
        self.discard = NO_CARD
        self.demoted = NO_CARD
        self.forget_demoted = NO_CARD
        self.barred = ()
        self.jinker = None
        ctx = self.rules.context(trump, NO_CARD)
        self.ctx = ctx
        self.m = ctx.masks

    def _opening(self, up: int, stock_at: int, five: int) -> None:
        """``engine._opening``: the robbing set-up of a turn-up, and who acts first."""
        rules = self.rules
        self._reset(up, stock_at, five)
        holder = None
        if rules.robbing_on:
            ace = _BIT[_ACE_OF[self.trump]]
            hm = self.hm
            for seat in range(self.n):
                if hm[seat] & ace:
                    holder = seat
                    break
        rob = rules.chance(up, holder, self.dealer)
        self.rob = rob
        if rob is not None and rob.kind is _HOLDER and rob.seat is not None and rules.demote_silent:
            self.forget_demoted = _ACE_OF[self.trump]
        self.leader = self.eldest
        if rob is not None and rob.kind is _ACE:
            self.phase, self.to_act = _ROB_PHASE, self.dealer
        elif five == _FIVE_OPEN and rules.five_first:
            self.phase, self.to_act = _FIVE_PHASE, self.eldest
        else:
            self._start()

    def _start(self) -> None:
        """``engine._start``: the rob prompt before the lead, if any, else the lead."""
        rob = self.rob
        if rob is None or not rob.before_lead or self.rob_done:
            self.phase, self.to_act = _PLAY_PHASE, self.eldest
        elif rob.prompt_all:
            self.phase, self.to_act = _ROB_PHASE, self.eldest
        else:
            self.phase, self.to_act = _ROB_PHASE, rob.seat

    # -- the legal actions (engine._compute_legal and the _why_not_* checks) ---------------

    def legal_ids(self) -> list[int]:
        """The legal action ids of the seat to act, in the engine's order."""
        seat: int = self.to_act  # type: ignore[assignment]
        phase = self.phase
        rob = self.rob
        if phase is _ROB_PHASE and rob is not None and rob.prompt_all and rob.seat != seat:
            return [_PASS]  # a seat without the Ace of trumps in the round of rob prompts
        hand = self.hl[seat]
        out: list[int] = []
        if (rob is not None and not self.rob_done) or self.five != _NO_FIVE:
            if self._may_rob(seat):
                keep = self.joker_discard != NO_CARD
                out += [_ROB_BASE + c for c in hand if not (keep and c == _JOKER_ID)]
            if self._may_decline(seat):
                out.append(_DECLINE)
            if self._may_ask_five(seat):
                out.append(_ASK)
            if self.five == _FIVE_ASKED:
                out += (_ACCEPT, _REFUSE)
        if phase is _CLAIM_PHASE:
            out += (_CLAIM, _JINK)
        if (phase is _ROB_PHASE or phase is _FIVE_PHASE) and self._may_pass(seat):
            out.append(_PASS)
        if phase is _PLAY_PHASE:
            m = self._table_for(seat)
            trick = self.trick
            legal = legal_mask(self.hm[seat], trick[0] if trick else NO_CARD, m, trick)[0]
            out += [c for c in hand if _BIT[c] & legal]
        return out

    def _table_for(self, seat: int) -> MaskTable:
        """``engine._ctx_for``: the forgetting penalty's table for a holder whose chance to
        rob is still open at his first card (EX-43)."""
        rob = self.rob
        if rob is not None and rob.seat == seat and not self.rob_done:
            return self.rules.context(self.trump, self.forget_demoted).masks
        return self.m  # type: ignore[return-value]

    def _may_rob(self, seat: int) -> bool:
        rob = self.rob
        if rob is None or (rob.kind is not _JOKER and not self.rules.robbing_on):
            return False
        done = self.rob_done
        if done == _ROBBED or done == _DECLINED or (done and rob.seat == seat):
            return False
        if rob.seat != seat or self.phase is _FIVE_PHASE:
            return False
        return self.phase is _ROB_PHASE or (self.phase is _PLAY_PHASE and not rob.before_lead)

    def _may_decline(self, seat: int) -> bool:
        rob = self.rob
        if rob is None or rob.seat != seat or self.rob_done:
            return False
        phase = self.phase
        if phase is _FIVE_PHASE:
            return False
        if phase is not _ROB_PHASE and (phase is not _PLAY_PHASE or rob.before_lead):
            return False
        if rob.kind is _JOKER:
            return False
        rules = self.rules
        return rules.dealer_may_decline if rob.kind is _ACE else rules.holder_may_decline

    def _may_ask_five(self, seat: int) -> bool:
        if not self.fiving or self.joker_discard != NO_CARD:
            return False
        if self.robbed_by is not None or self.rob_done == _DECLINED:
            return False
        return (
            self.five == _FIVE_OPEN and seat == self.eldest and self.phase is not _ROB_PHASE
        )

    def _may_pass(self, seat: int) -> bool:
        phase = self.phase
        if phase is _FIVE_PHASE and self.five == _FIVE_OPEN:
            return True
        rob = self.rob
        if phase is _ROB_PHASE and rob is not None and rob.prompt_all:
            if rob.seat != seat or self.rob_done:
                return True
            return self.rules.holder_may_pass
        return False

    # -- the actions other than a card ---------------------------------------------------

    def apply_other(self, aid: int) -> None:
        """Apply a legal action that is not a card (``engine.HandState.apply``)."""
        seat: int = self.to_act  # type: ignore[assignment]
        self.dirty = True
        if aid < _DECLINE:
            self._rob(seat, aid - _ROB_BASE)
        elif aid == _DECLINE:
            self._decline(seat)
        elif aid == _PASS:
            self._pass(seat)
        elif aid == _CLAIM:
            self.result = (HandEnd.CLAIM, self.side_of[seat])
            self.phase, self.to_act = _OVER, None
        elif aid == _JINK:
            self.jinker = self.side_of[seat]
            self.phase = _PLAY_PHASE
        elif aid == _ASK:
            self.five = _FIVE_ASKED
            self.phase, self.to_act = _FIVE_PHASE, self.dealer
        elif aid == _REFUSE:
            self.five = _NO_FIVE
            self._start()
        else:
            self._accept_five()

    def _rob(self, seat: int, discard: int) -> None:
        rob = self.rob
        assert rob is not None
        hand = self.hl[seat]
        hand.remove(discard)
        if rob.kind is _JOKER:
            # no rob of the trump card: the card under the joker is turned now and gets the
            # robbing set-up of any turn-up; fiving is over (RULES.md §1.5, §2.8, EX-53)
            hand.append(_JOKER_ID)
            self.hm[seat] ^= _BIT[discard] | _BIT[_JOKER_ID]
            self.joker_discard = discard
            self._opening(self.turn_up, self.stock_at, _NO_FIVE)
            return
        up = self.turn_up
        hand.append(up)
        self.hm[seat] ^= _BIT[discard] | _BIT[up]
        self.taken = True
        self.rob_done = _ROBBED
        self.robbed_by = seat
        self.discard = discard
        self.five = _NO_FIVE
        if self.phase is _ROB_PHASE:
            self.to_act = self.eldest
        self.phase = _PLAY_PHASE

    def _decline(self, seat: int) -> None:
        rob = self.rob
        assert rob is not None
        self.rob_done = _DECLINED
        self.announced = seat
        self.five = _NO_FIVE
        if rob.kind is _HOLDER:
            if self.rules.demote_announced:
                self._demote(_ACE_OF[self.trump])
            self.barred = self._bar(seat, announced=True)
        if self.phase is _ROB_PHASE:
            self.to_act = self.eldest
        self.phase = _PLAY_PHASE

    def _pass(self, seat: int) -> None:
        if self.phase is _FIVE_PHASE:
            self.five = _NO_FIVE
            self._start()
            return
        rob = self.rob
        assert rob is not None
        if rob.seat == seat and not self.rob_done:
            self._silent(seat)
        if seat == self.dealer:
            self.phase, self.to_act = _PLAY_PHASE, self.eldest
        else:
            self.phase, self.to_act = _ROB_PHASE, self.nxt[seat]

    def _silent(self, seat: int) -> None:
        """``engine._silent``: the holder let his chance to rob pass without a word."""
        self.rob_done = _SILENT
        self.dirty = True
        self._demote(self.forget_demoted)
        self.barred = self._bar(seat, announced=False)

    def _demote(self, ace: int) -> None:
        self.demoted = ace
        ctx = self.rules.context(self.trump, ace)
        self.ctx = ctx
        self.m = ctx.masks

    def _bar(self, seat: int, *, announced: bool) -> tuple[Barred, ...]:
        rules = self.rules
        reason = unrobbed_bar(rules.robbing, seat, CARDS[_ACE_OF[self.trump]], announced=announced)
        if not self.pool or reason is None:
            return self.barred
        return self.barred + (Barred(seat, reason),)

    def _accept_five(self) -> None:
        """``engine._five``: turn cards until a new printed suit (RULES.md §2.1.7 (6))."""
        deck = [CARDS[c] for c in self.deck]
        card, at, passed = turn_until_new_suit(deck, self.stock_at, SUITS[self.trump])
        fived = self.fived + (self.turn_up,) + tuple([c.index for c in passed])
        joker_discard = self.joker_discard
        self._opening(card.index, at, _NO_FIVE)
        self.fived = fived
        self.joker_discard = joker_discard

    # -- the play ---------------------------------------------------------------------------

    def run(self) -> None:
        """Play the hand to its end."""
        while self.result is None:
            if self.phase is _PLAY_PHASE:
                self._cards()
            else:
                self.apply_other(self.ask(self.legal_ids()))

    def _special(self) -> int:
        """The seat whose turn in the play needs the full set of checks: a holder whose
        chance to rob is still open (his rob, announcement or forgetting), else ``-1``."""
        rob = self.rob
        if rob is not None and not self.rob_done and rob.seat is not None:
            return rob.seat
        return -1

    def _simple(self) -> bool:
        """The usual pool table: each seat its own side, nobody barred, nobody jinking."""
        return self.pool and not self.barred and not self.partners and self.jinker is None

    def _cards(self) -> None:
        """Play cards until the hand ends or leaves the play phase (a claim that is
        answered comes back here). The hot loop: the cards on masks, every other action
        through :meth:`legal_ids` and :meth:`apply_other`."""
        bit = _BIT
        n = self.n
        nxt = self.nxt
        hl = self.hl
        hm = self.hm
        counts = self.counts
        tricks = self.tricks
        pool = self.pool
        needed = self.needed
        jinking = self.jinking
        rnd = self.rnd
        trace = self.trace
        acts = self.acts
        m: MaskTable = self.m  # type: ignore[assignment]
        seat: int = self.to_act  # type: ignore[assignment]
        leader = self.leader
        trick = self.trick
        lead = trick[0] if trick else NO_CARD
        k = len(trick)  # cards in the trick
        played = len(tricks)
        special = self._special()
        five_open = self.five != _NO_FIVE
        simple = self._simple()
        # the mask table's parts the inlined plain-lead decision reads (refreshed with m)
        follow_or_trump = m.plain_lead == FOLLOW_OR_TRUMP
        suit_of, suit_masks, trumps, trump_i = m.suit_of, m.suit_masks, m.trumps, m.trump
        power, withhold, multi_all = m.power, m.withhold, m.multi_all
        trump_inline = _trump_inline(m)
        spot_on = self.bots is not None
        logging = trace is not None or acts is not None
        while True:
            if seat == special or five_open:
                self.to_act = seat
                aid = self.ask(self.legal_ids())
                if aid >= _ROB_BASE:
                    self.apply_other(aid)
                    if self.phase is not _PLAY_PHASE:  # asked to five
                        return
                    m = self.m  # type: ignore[assignment]
                    follow_or_trump = m.plain_lead == FOLLOW_OR_TRUMP
                    suit_of, suit_masks, trumps, trump_i = m.suit_of, m.suit_masks, m.trumps, m.trump
                    power, withhold, multi_all = m.power, m.withhold, m.multi_all
                    trump_inline = _trump_inline(m)
                    special = self._special()
                    five_open = self.five != _NO_FIVE
                    simple = self._simple()
                    continue
                c = aid
                rob = self.rob
                if rob is not None and rob.seat == seat and not self.rob_done:
                    self._silent(seat)  # he played without robbing: "forgetting"
                    m = self.m  # type: ignore[assignment]
                    follow_or_trump = m.plain_lead == FOLLOW_OR_TRUMP
                    suit_of, suit_masks, trumps, trump_i = m.suit_of, m.suit_masks, m.trumps, m.trump
                    power, withhold, multi_all = m.power, m.withhold, m.multi_all
                    trump_inline = _trump_inline(m)
                    simple = self._simple()
                self.five = _NO_FIVE
                five_open = False
                special = self._special()
                h = hl[seat]
            else:
                hand = hm[seat]
                if not k:
                    legal = hand  # a lead is free (RULES.md §1.4.1)
                elif suit_of[lead] != trump_i:
                    if follow_or_trump:
                        # legal_mask's plain-lead case, inlined for the hot loop (RULES.md
                        # §1.4.2): holding the suit led, follow it or trump; void, anything
                        f = hand & suit_masks[suit_of[lead]]
                        legal = f | (hand & trumps) if f else hand
                    else:
                        legal = legal_mask(hand, lead, m, trick)[0]
                elif trump_inline:
                    # legal_mask's trump-lead case under the usual options, inlined
                    # (RULES.md §1.4.3): play a trump unless every trump held may renege
                    t = hand & trumps
                    if not t or ((multi_all or not t & (t - 1)) and not t & ~withhold[lead]):
                        legal = hand
                    else:
                        legal = t
                else:
                    legal = legal_mask(hand, lead, m, trick)[0]
                h = hl[seat]
                if rnd is not None:
                    if legal == hand:
                        c = h[int(rnd() * len(h))]
                        if logging:
                            if trace is not None:
                                trace(seat, tuple(h), c)
                            if acts is not None:
                                acts.append(c)
                    else:
                        options = [x for x in h if bit[x] & legal]
                        c = options[int(rnd() * len(options))]
                        if logging:
                            if trace is not None:
                                trace(seat, tuple(options), c)
                            if acts is not None:
                                acts.append(c)
                else:
                    self.to_act = seat
                    c = self.ask(tuple([x for x in h if bit[x] & legal]), legal)
            h.remove(c)
            hm[seat] ^= bit[c]
            if not k:
                lead = c
            trick.append(c)
            k += 1
            if k < n:
                seat = nxt[seat]
                continue
            # the trick is complete (RULES.md §1.3): winner_index, inlined
            c = trick[0]
            led = suit_of[c]
            best = power[c]
            wi = 0
            for i in range(1, n):
                c = trick[i]
                p = power[c]
                if p > best:  # every trump's power exceeds every plain card's
                    sc = suit_of[c]
                    if sc == led or sc == trump_i:
                        best = p
                        wi = i
            w = leader + wi
            if w >= n:
                w -= n
            counts[w] += 1
            played += 1
            tricks.append((trick, leader, w))
            if spot_on:
                sp = self.spot
                sp.tricks += ((tuple(trick), leader, w),)
                sp.leader = w
                sp.trick_counts = tuple(counts)
            trick = []
            self.trick = trick
            lead = NO_CARD
            k = 0
            side_tricks = counts
            if not pool:
                if played == HAND_SIZE:
                    self.result = (HandEnd.POINTS, None)
            elif simple:
                # pool_result and claim_due for one seat a side, inlined (RULES.md §1.6, §1.7)
                cw = counts[w]
                if cw >= needed:
                    if jinking and played < HAND_SIZE and cw == played:
                        # claim or jink first
                        self.leader = leader = seat = w
                        self.to_act = w
                        self.phase = _CLAIM_PHASE
                        self.apply_other(self.ask(self.legal_ids()))
                        if self.result is not None:
                            return
                        simple = self._simple()
                        continue
                    self.result = (_WIN, w)
                    self.leader = w
                    self.phase, self.to_act = _OVER, None
                    return
                if played == HAND_SIZE or max(counts) + HAND_SIZE - played < needed:
                    self.result = (_SPOIL, None)
                    self.leader = w
                    self.phase, self.to_act = _OVER, None
                    return
                self.leader = leader = seat = w
                continue
            else:
                side_tricks = self._side_tricks()
                self.result = self._trick_result(w, played, side_tricks)
            self.leader = leader = seat = w
            self.to_act = w
            if self.result is not None:
                self.phase, self.to_act = _OVER, None
                return
            if (
                jinking
                and self.jinker is None
                and played < HAND_SIZE
                and claim_due(side_tricks[self.side_of[w]], played, needed)
            ):
                self.phase = _CLAIM_PHASE
                self.apply_other(self.ask(self.legal_ids()))
                if self.result is not None:
                    return
                simple = self._simple()

    def _known_bars(self) -> frozenset[int]:
        """``engine._known_bars``: the bars every seat knows of (a silent holder's is his
        secret while he holds the Ace of trumps; :func:`~trumpfamily.robbing.known_bars`)."""
        rob = self.rob
        holder = rob.seat if self.rob_done == _SILENT and rob is not None else None
        held = holder is not None and bool(self.hm[holder] & _BIT[_ACE_OF[self.trump]])
        return known_bars([b.seat for b in self.barred], holder, ace_held=held)

    def _side_tricks(self) -> list[int]:
        """``engine._side_tricks``: tricks per side that count towards the pool, with the
        bars the table knows of."""
        if not self.barred and not self.partners:
            return self.counts
        return pool_tricks(self.sides, self.counts, self._known_bars())

    def _trick_result(
        self, w: int, played: int, side_tricks: list[int]
    ) -> tuple[HandEnd, int | None] | None:
        """``engine._trick_result`` away from the usual table (RULES.md §1.6, §1.7)."""
        side = self.side_of[w]
        if self.jinker is not None:
            may_win = True
            if self.barred:
                known = self._known_bars()
                may_win = any(x not in known for x in self.sides[self.jinker])
            end = jink_result(self.jinker, side, played, may_win=may_win)
            if end is None:
                return None
            return end, side if end is _JINKED else None
        counts = self.counts
        swept = sum([counts[x] for x in self.sides[side]]) == played
        end = pool_result(side_tricks, side, played=played, needed=self.needed,
                          may_jink=self.jinking, swept=swept)
        if end is None:
            return None
        return end, side if end is _WIN else None

    # -- the bots ------------------------------------------------------------------------

    def ask(self, legal: Sequence[int], playable: int = -1) -> int:
        """The seat to act chooses one of ``legal`` (action ids); the choice is recorded."""
        seat: int = self.to_act  # type: ignore[assignment]
        rnd = self.rnd
        if rnd is not None:
            aid = legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0]
        else:
            legal = tuple(legal)
            if playable < 0:
                playable = 0
                for a in legal:
                    if a < _ROB_BASE:
                        playable |= _BIT[a]
            self._fill(seat, legal, playable)
            bots: Sequence[FastBot] = self.bots  # type: ignore[assignment]
            got = bots[seat].act(self.spot)
            aid = got if type(got) is int else _as_id(got)  # numpy integers and the like
            if aid not in legal:
                raise self._refused(seat, got, legal)
        if self.trace is not None:
            self.trace(seat, tuple(legal), aid)
        if self.acts is not None:
            self.acts.append(aid)
        return aid

    def _refused(self, seat: int, aid: object, legal: Sequence[int]) -> IllegalActionError:
        bot = self.bots[seat]  # type: ignore[index]
        try:
            action: object = action_from_id(aid)  # type: ignore[arg-type]
        except InvalidArgumentError:
            action = aid
        return IllegalActionError(
            action,
            f"bots[{seat}] ({type(bot).__name__}) returned {aid!r}, which is not one of the "
            f"legal action ids of seat {seat} now, spot.legal={tuple(legal)} "
            "(FastBot.act must return one of spot.legal)",
            code="bot-choice-not-legal",
            legal=tuple([action_from_id(a) for a in legal]), seat=seat, expected_seat=seat,
        )

    def _fill(self, seat: int, legal: tuple[int, ...], playable: int) -> None:
        """Set the spot for ``seat``: what it may see (``engine.HandState.view``). The
        public facts are set again only after an action other than a card (``dirty``);
        the leader, the trick counts and the tricks at the end of each trick."""
        sp = self.spot
        if self.dirty:
            self._fill_public()
        sp.seat = seat
        sp.phase = self.phase
        hm = self.hm
        sp.hand = hm[seat]
        sp.hand_ids = tuple(self.hl[seat])
        sp.legal = legal
        sp.playable = playable
        sp.trick = tuple(self.trick)
        sp.my_discard = self.discard if seat == self.robbed_by else NO_CARD
        sp.my_joker_discard = self.joker_discard if seat == self.dealer else NO_CARD
        if self.secret:
            rob: RobChance = self.rob  # type: ignore[assignment]
            holder: int = rob.seat  # type: ignore[assignment]
            demoted, barred = self.demoted, self.barred
            if seat != holder and hm[holder] & _BIT[_ACE_OF[self.trump]]:
                # the silent holder's secret, until he plays the Ace (engine._hide_holder)
                demoted = NO_CARD
                barred = tuple([b for b in barred if b.seat != holder])
            sp.demoted = demoted
            sp.barred = tuple([b.seat for b in barred])
            sp.table = self.rules.context(self.trump, demoted).masks

    def _fill_public(self) -> None:
        """The spot's public facts, alike for every seat (but see ``secret``)."""
        self.dirty = False
        sp = self.spot
        sp.dealer = self.dealer
        sp.leader = self.leader
        sp.trick_counts = tuple(self.counts)
        sp.demoted = self.demoted
        sp.barred = tuple([b.seat for b in self.barred])
        if self.joker_wait:
            sp.trump, sp.table, sp.turn_up, sp.turned_up = -1, None, _JOKER_ID, _JOKER_ID
        else:
            sp.trump = self.trump
            sp.table = self.m
            sp.turn_up = NO_CARD if self.taken else self.turn_up
            sp.turned_up = self.turn_up
        sp.robbed_by = self.robbed_by
        sp.announced = self.announced
        sp.jinker = self.jinker
        sp.fived = self.fived
        # A holder who let his chance pass in silence knows his penalty; the others learn
        # it when he plays the Ace (engine.HandState.view).
        self.secret = self.rob_done == _SILENT and (self.demoted != NO_CARD or bool(self.barred))

    # -- the outcome (engine._make_outcome) ----------------------------------------------

    def outcome(self) -> HandOutcome:
        """The :class:`HandOutcome` of the finished hand (RULES.md §1.6, §1.7, §2.3, §2.4)."""
        result = self.result
        assert result is not None
        end, winner = result
        counts = self.counts
        pool = self.pool
        if pool:
            # A pool hand's outcome is a function of these (the table is fixed for the
            # run), and few of them occur: one frozen HandOutcome per key, shared.
            key = (tuple(counts), len(self.tricks), end, winner, self.jinker, self.barred)
            known = self._outcomes.get(key)
            if known is not None:
                return known
        sides = self.sides
        if self.partners:
            side_tricks = tuple([sum([counts[x] for x in side]) for side in sides])
        else:  # each seat its own side, side i is seat i
            side_tricks = tuple(counts)
        all_five = side_tricks.index(HAND_SIZE) if HAND_SIZE in side_tricks else None
        barred = self.barred
        winner_seats: tuple[int, ...] = ()
        if winner is None:
            pass
        elif barred:  # a secret bar is settled now (engine._make_outcome)
            winner, winner_seats = pool_winner(sides, winner, {b.seat for b in barred})
        else:
            winner_seats = sides[winner]
        points = side_points = best = bonus_trick = None
        if not pool:
            tricks = self.tricks
            ctx: PlayContext = self.ctx  # type: ignore[assignment]
            points, side_points, best, bonus_trick = hand_points(
                [tuple([CARDS[c] for c in t[0]]) for t in tricks], [t[2] for t in tricks],
                sides, self.rules.scoring, ctx.table, all_five=all_five,
            )
        outcome = HandOutcome(
            "pool" if pool else "points",
            sides,
            tuple(counts),
            side_tricks,
            len(self.tricks),
            self.needed if pool else None,
            winner,
            winner_seats,
            pool and winner is None,
            end is HandEnd.CLAIM,
            self.jinker is not None,
            end is _JINKED and winner is not None,
            points,
            side_points,
            best,
            bonus_trick,
            all_five,
            barred,
        )
        if pool:
            if len(self._outcomes) >= _MAX_OUTCOMES:
                self._outcomes.clear()
            self._outcomes[key] = outcome
        return outcome


def _trump_inline(m: MaskTable) -> bool:
    """Whether :meth:`_Deal._cards` decides a trump lead inline: ``legal_mask``'s trump-lead
    case without the options it leaves to ``legal_mask`` (a free trump lead, the
    privilege measured against the highest trump played, the Ace of Hearts led obliging a
    heart)."""
    return not (m.trump_lead_free or m.highest or m.ah_heart)


# -- the spot of an engine view (the slow path) ------------------------------------------------


def _spot_from_view(view: SeatView, spot: Spot | None = None) -> Spot:
    """The :class:`Spot` of a seat's engine view (for a fast bot on the slow path, and for
    the tests, which compare it with the fast path's spot)."""
    sp = Spot() if spot is None else spot
    sp.seat = view.seat
    sp.players = view.players
    sp.dealer = view.dealer
    sp.sides = view.sides
    sp.variant = view.variant
    sp.phase = view.phase
    sp.hand_ids = tuple([c.index for c in view.hand])
    hand = 0
    for c in view.hand:
        hand |= c.bit
    sp.hand = hand
    sp.legal = tuple([action_id(a) for a in view.legal_actions])
    playable = 0
    for a in view.legal_actions:
        if isinstance(a, Play):
            playable |= a.card.bit
    sp.playable = playable
    sp.trick = tuple([c.index for c in view.current_trick])
    sp.leader = view.leader
    sp.tricks = tuple([(tuple([c.index for c in t.cards]), t.leader, t.winner) for t in view.tricks])
    sp.trick_counts = view.trick_counts
    if view.trump is None:
        sp.trump, sp.table = -1, None
    else:
        sp.trump = SUITS.index(view.trump)
        sp.table = play_context(view.variant, view.trump, view.demoted).masks
    sp.turn_up = NO_CARD if view.turn_up is None else view.turn_up.index
    sp.turned_up = view.turned_up.index
    sp.robbed_by = view.robbed_by
    sp.announced = view.announced
    sp.demoted = NO_CARD if view.demoted is None else view.demoted.index
    sp.barred = tuple([b.seat for b in view.barred])
    sp.jinker = view.jinker
    sp.fived = tuple([c.index for c in view.fived])
    sp.tricks_needed = view.tricks_needed
    sp.my_discard = NO_CARD if view.my_discard is None else view.my_discard.index
    sp.my_joker_discard = NO_CARD if view.my_joker_discard is None else view.my_joker_discard.index
    return sp


# -- simulate ---------------------------------------------------------------------------------

_Trace = Callable[[int, tuple[int, ...], int], object]
_Record = dict[str, Any]


@overload
def simulate(
    variant: Variant | str, *, players: int, hands: int, seed: int | str | bytes | None = ...,
    dealer: int = ..., bots: Sequence[object] | None = ..., record: Literal[False] = ...,
) -> Iterator[HandOutcome]: ...


@overload
def simulate(
    variant: Variant | str, *, players: int, hands: int, seed: int | str | bytes | None = ...,
    dealer: int = ..., bots: Sequence[object] | None = ..., record: Literal[True],
) -> Iterator[tuple[HandOutcome, _Record]]: ...


@overload
def simulate(
    variant: Variant | str, *, players: int, hands: int, seed: int | str | bytes | None = ...,
    dealer: int = ..., bots: Sequence[object] | None = ..., record: bool,
) -> Iterator[HandOutcome] | Iterator[tuple[HandOutcome, _Record]]: ...


def simulate(
    variant: Variant | str,
    *,
    players: int,
    hands: int,
    seed: int | str | bytes | None = None,
    dealer: int = 0,
    bots: Sequence[object] | None = None,
    record: bool = False,
) -> Iterator[HandOutcome] | Iterator[tuple[HandOutcome, _Record]]:
    """Play ``hands`` independent hands fast and yield each one's outcome (RULES.md §1.3–1.8,
    §2.1–2.5).

    The fast path for many hands: the rules of the engine (:func:`~trumpfamily.new_hand`,
    :meth:`HandState.apply <trumpfamily.engine.HandState.apply>`) on card ids and masks.
    Each hand is dealt, played to its end by the bots and scored; its outcome is equal to
    the engine's :attr:`HandState.outcome <trumpfamily.engine.HandState.outcome>` for the
    same deck and actions. A generator: nothing is kept from one hand to the next, so a
    million hands run in flat memory.

    Hand ``i`` (from 0) is dealt by seat ``(dealer + i) % players``, from a deck shuffled
    by one generator seeded once from ``seed``: the first hand's deck is the deck of
    ``new_hand(variant, players=players, dealer=dealer, seed=seed)``, and each later hand
    shuffles a fresh deck with the same generator. The deal from that deck is exactly
    ``new_hand``'s (``deal_packets`` from eldest, the next card turned up). With the default
    bots the random choices come from a second generator, also seeded from ``seed``, so the
    same seed gives the same decks whatever the bots do.

    Args:
        variant: the rules, e.g. :data:`~trumpfamily.SPOIL_FIVE`, or a preset's name.
        players: the number of seats (an int), within the variant's player counts and
            partnerships.
        hands: how many hands to play (an int, ``0`` or more).
        seed: seeds the shuffles, and the default bots' choices (an int, str or bytes:
            the same seed gives the same hands); ``None`` for unpredictable ones.
        dealer: the dealer of the first hand (an int seat); the deal passes to the left.
        bots: ``None`` (default): every seat chooses uniformly at random among its legal
            actions. Otherwise one bot per seat (a sequence of length ``players``; the same
            object may sit at several seats): a :class:`FastBot` (an ``act(spot)``
            method), a :class:`~trumpfamily.players.RandomPlayer` (played as
            :class:`RandomBot`, with its own generator: the same choices as on the
            engine), a :class:`~trumpfamily.players.RuleOfThumbPlayer` (played as
            :class:`RuleOfThumbBot`: the same decisions), or any object with the engine's
            ``choose(view)`` (:class:`~trumpfamily.players.Player`): then every hand is
            played through the reference engine, the slow path, with each bot given
            what it understands (a fast bot a :class:`Spot` of the view).
        record: ``False`` (default): yield the outcomes. ``True``: yield ``(outcome,
            record)`` pairs, ``record`` being exactly the dict
            :meth:`HandState.record() <trumpfamily.engine.HandState.record>` gives for
            the same deck and actions, so that ``tf.replay(record).outcome == outcome``.

    Returns:
        An iterator of ``hands`` :class:`~trumpfamily.outcomes.HandOutcome` values (tricks
        per seat and side; in pool games the winner, spoil, claim and jink; in points
        games the points; in the bidding games, ``scoring="bidding"``, the ``bidder``,
        ``bid``, ``bid_kind``, ``made``, points per seat and side and each side's
        ``gains``, or ``thrown_in``), or of ``(outcome, record)`` pairs with
        ``record=True``.

    The bidding games (``variant.bidding`` set; BIDDING.md): the same, on their own fast
    path, at every table size of ``variant.player_counts()``, each hand scored from 0 (no
    game score). The deal passes left, except after a throw-in, when
    :func:`~trumpfamily.bidding.after_throw_in` names the next dealer (``all_pass=
    "redeal-same"``: the same one). A fast bot answers ``act(spot)`` for calls, trumps,
    takes and cards and ``discard(spot)`` for discards, with a :class:`BiddingSpot`;
    ``RandomBot``/``RandomPlayer`` and ``RuleOfThumbBot``/``RuleOfThumbPlayer`` decide
    as the engine players do. (A table whose stock could run short raises
    ``PlayerCountError``.)

    Raises:
        UnknownVariantError: ``variant`` is neither a :class:`~trumpfamily.variants.Variant`
            nor a preset's name.
        PlayerCountError: ``players`` does not suit the variant (or its partnerships), or
            ``dealer`` is not a seat.
        InvalidArgumentError: ``hands`` is not an int ``>= 0``; ``seed`` is not a seed;
            ``bots`` is not a sequence of one bot per seat, or a bot has neither
            ``act(spot)`` nor ``choose(view)``, or (a bidding game) a fast bot has
            ``act`` but no ``discard(spot)``; ``record`` is not a bool. Each is checked
            when ``simulate`` is called, before the first hand.
        IllegalActionError: while playing, a fast bot returned something other than one
            of ``spot.legal`` (a ``choose`` bot: an action the engine refuses).

    >>> import trumpfamily as tf
    >>> out, rec = next(tf.simulate(tf.SPOIL_FIVE, players=5, hands=1, seed=7, record=True))
    >>> tf.replay(rec).outcome == out
    True
    >>> [o.tricks_played for o in tf.simulate("maw", players=4, hands=5, seed=7)]
    [5, 5, 5, 5, 4]
    >>> out = next(tf.simulate(tf.AUCTION_45, players=4, hands=1, seed=1, bots=[tf.RuleOfThumbBot()] * 4))
    >>> out.scoring, out.bidder is not None and out.bid in (15, 20, 25, 30, 60)
    ('bidding', True)
    """
    return _simulate(variant, players=players, hands=hands, seed=seed, dealer=dealer, bots=bots,
                     record=record)


def _simulate(
    variant: Variant | str,
    *,
    players: int,
    hands: int,
    seed: int | str | bytes | None = None,
    dealer: int = 0,
    bots: Sequence[object] | None = None,
    record: bool = False,
    trace: _Trace | None = None,
    decks: Iterable[Iterable[Card | str]] | None = None,
) -> Iterator[Any]:
    """:func:`simulate` with two hooks for the tests: ``trace(seat, legal ids, chosen id)``
    is called at every decision with the legal action ids the fast path offers (in the
    engine's order), and ``decks`` gives the decks to deal instead of shuffling."""
    s0 = seating_for(variant, players, dealer)  # UnknownVariantError, PlayerCountError
    variant = s0.variant
    if type(hands) is not int or hands < 0:
        raise InvalidArgumentError(
            f"simulate: hands={safe_repr(hands)}: the number of hands to play is an int, 0 or more")
    if type(record) is not bool:
        raise InvalidArgumentError(f"simulate: record={safe_repr(record)}: expected True or False")
    deck_rng = seeded_random(seed, "simulate: ")  # InvalidArgumentError
    given = None if decks is None else iter(decks)
    seatings = [seating_for(variant, players, d) for d in range(players)]
    if variant.bidding is not None:  # the bidding games: trumpfamily._simulate_bidding
        from . import _simulate_bidding as bidding

        bidding.check_seating(variant, players, dealer)  # PlayerCountError: a short stock
        bidders, modes = _bidding_bots(bots, players)
        if "choose" in modes:
            return bidding.slow(variant, players, hands, dealer, deck_rng, bots, bidders, modes,  # type: ignore[arg-type]
                                record, trace, given, seatings)  # type: ignore[arg-type]
        rnd = None
        if bidders is None:
            rnd = (random.Random() if seed is None
                   else random.Random(f"trumpfamily.simulate bots {seed!r}")).random
        return bidding.fast(variant, players, hands, dealer, deck_rng, bidders, rnd, record,
                            trace, given, seatings)  # type: ignore[arg-type]
    fast, modes = _check_bots(bots, players)
    if "choose" in modes:
        return _slow(variant, players, hands, dealer, deck_rng, bots, modes, record,  # type: ignore[arg-type]
                     trace, given, seatings)
    rnd = None
    if fast is None:
        rnd = (random.Random() if seed is None
               else random.Random(f"trumpfamily.simulate bots {seed!r}")).random
    return _fast(variant, players, hands, dealer, deck_rng, fast, rnd, record, trace, given,
                 seatings)


def _bidding_bots(bots: Sequence[object] | None, players: int
                 ) -> tuple[list[Any] | None, list[str]]:
    """The fast bot of each seat in a bidding game and how each is asked (``"act"`` or
    ``"choose"``: any ``"choose"`` bot makes the run go through the engine).

    Raises:
        InvalidArgumentError: a bot with ``act`` but no ``discard`` (the fast interface of
            the bidding games needs both), or not a bot.
    """
    from . import _simulate_bidding as bidding

    _check_bots(bots, players)  # the shape and the kinds of bots, worded for turn-up games too
    if bots is None:
        return None, []
    fast: list[Any] = []
    modes: list[str] = []
    for seat, bot in enumerate(bots):
        getrandbits = getattr(bot, "_getrandbits", None)
        if type(bot) is RandomPlayer and callable(getrandbits):
            fast.append(bidding._RandomBidder(bidding._player_choice(getrandbits)))
            modes.append("player")
        elif type(bot) is RuleOfThumbPlayer:
            fast.append(bidding._THUMB)
            modes.append("player")
        elif type(bot) is RuleOfThumbBot:
            fast.append(bidding._THUMB)
            modes.append("act")
        elif type(bot) is RandomBot:
            fast.append(bidding._RandomBidder(bot._choice))
            modes.append("act")
        elif callable(getattr(bot, "act", None)):
            if not callable(getattr(bot, "discard", None)):
                raise InvalidArgumentError(
                    f"simulate: bots[{seat}] ({type(bot).__name__}) has act(spot) but no "
                    "discard(spot) method: in a bidding game a fast bot also chooses its "
                    "discards, discard(spot) -> one of spot.discards (card masks; "
                    "trumpfamily.simulate.BiddingSpot)")
            fast.append(bot)
            modes.append("act")
        else:  # choose(view): _check_bots let only these through
            fast.append(bidding._THUMB)  # unused: the slow path asks the bot itself
            modes.append("choose")
    return fast, modes


def _check_bots(bots: object, players: int) -> tuple[list[FastBot] | None, list[str]]:
    """The fast bot of each seat, and how each bot is asked on the slow path (``"act"``
    or ``"choose"``); any ``"choose"`` bot that has no fast form makes the run slow."""
    if bots is None:
        return None, []
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise InvalidArgumentError(
            f"simulate: bots={bots!r:.80}: expected None or a sequence of {players} bots, "
            "one per seat")
    if len(bots) != players:
        raise InvalidArgumentError(
            f"simulate: {len(bots)} bots for {players} players: give one bot per seat")
    fast: list[FastBot] = []
    modes: list[str] = []
    for seat, bot in enumerate(bots):
        getrandbits = getattr(bot, "_getrandbits", None)
        if type(bot) is RandomPlayer and callable(getrandbits):
            fast.append(_PlayerBot(getrandbits))
            modes.append("player")  # the same choices either way
        elif type(bot) is RuleOfThumbPlayer:
            fast.append(_RULE_OF_THUMB)
            modes.append("player")
        elif isinstance(bot, type):
            raise InvalidArgumentError(
                f"simulate: bots[{seat}] is the class {bot.__name__}, not a bot: pass an "
                f"instance, e.g. {bot.__name__}()")
        elif callable(getattr(bot, "act", None)):
            fast.append(bot)
            modes.append("act")
        elif callable(getattr(bot, "choose", None)):
            fast.append(_RULE_OF_THUMB)  # unused: the slow path asks the bot itself
            modes.append("choose")
        else:
            raise InvalidArgumentError(
                f"simulate: bots[{seat}] ({type(bot).__name__}) is not a bot: a fast bot has "
                "an act(spot) -> action id method (trumpfamily.FastBot); an engine player, "
                "played on the slow path, a choose(view) -> Action method (trumpfamily.Player)")
    return fast, modes


#: The most distinct pool outcomes a run keeps to share (a few hundred occur in practice).
_MAX_OUTCOMES: Final = 4096


def _fast(
    variant: Variant, players: int, hands: int, dealer: int, deck_rng: random.Random,
    bots: list[FastBot] | None, rnd: Callable[[], float] | None, record: bool,
    trace: _Trace | None, decks: Iterator[Iterable[Card | str]] | None, seatings: list[Seating],
) -> Iterator[Any]:
    rules = _Rules(variant, players)
    deal = _Deal(rules, seatings[0], rnd, bots, trace)
    base = [c.index for c in seatings[0].base_deck]
    for i in range(hands):
        s = seatings[(dealer + i) % players]
        deck = shuffled(base[:], deck_rng) if decks is None else _next_deck(decks, deck_rng, s, base)
        if record:
            acts: list[int] = []
            deal.acts = acts
        deal.start(deck, s)
        deal.run()
        outcome = deal.outcome()
        if record:
            yield outcome, hand_record(
                variant, players, s.dealer, [CARDS[c] for c in deck],
                [action_from_id(a) for a in acts],
            )
        else:
            yield outcome


def _slow(
    variant: Variant, players: int, hands: int, dealer: int, deck_rng: random.Random,
    bots: Sequence[Any], modes: list[str], record: bool, trace: _Trace | None,
    decks: Iterator[Iterable[Card | str]] | None, seatings: list[Seating],
) -> Iterator[Any]:
    """The slow path: every hand through the reference engine (a bot with only
    ``choose(view)``)."""
    base = [c.index for c in seatings[0].base_deck]
    spot = Spot()
    for i in range(hands):
        s = seatings[(dealer + i) % players]
        deck = [CARDS[c] for c in _next_deck(decks, deck_rng, s, base)]
        state = new_hand(variant, players=players, dealer=s.dealer, deck=deck)
        while not state.is_over:
            seat: int = state.to_act  # type: ignore[assignment]
            bot = bots[seat]
            view = state.view(seat)
            action: Action
            if modes[seat] != "act":
                action = bot.choose(view)
            else:
                got = bot.act(_spot_from_view(view, spot))
                legal = spot.legal
                aid = got if type(got) is int else _as_id(got)  # numpy integers and the like
                if aid not in legal:
                    raise IllegalActionError(
                        got, f"bots[{seat}] ({type(bot).__name__}) returned {got!r}, which is "
                        f"not one of the legal action ids of seat {seat} now, "
                        f"spot.legal={legal} (FastBot.act must return one of spot.legal)",
                        code="bot-choice-not-legal",
                        legal=view.legal_actions, seat=seat, expected_seat=seat)
                action = action_from_id(aid)
            state_next = state.apply(action)  # IllegalActionError for a bad choice
            if trace is not None:
                trace(seat, tuple([action_id(a) for a in view.legal_actions]), action_id(action))
            state = state_next
        outcome: HandOutcome = state.outcome  # type: ignore[assignment]
        yield (outcome, state.record()) if record else outcome
