"""The auction: calls, where an auction stands, and which calls are legal and why not
(BIDDING.md §2.3, §3.3, §5.3, §6, §7.1).

Calls are :class:`AuctionCall` values in a tuple (:func:`parse_auction` reads them as
written in BIDDING.md §9). :func:`auction_state` replays them, checking each with the one
decision on a call that :func:`legal_calls`, :func:`legal_bids` and :func:`check_call`
use too, so they cannot disagree; a refusal carries a code of
:data:`BIDDING_REFUSAL_CODES`. Who deals after a throw-in is
:func:`~trumpfamily.bidding.deal.after_throw_in`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from ..errors import REFUSAL_CODES, IllegalActionError, InvalidArgumentError, RefusalCode
from ._seats import _Table, _table
from .component import (
    Bidding,
    ContractKind,
    bag_amount,
    contract_kind,
    ladder,
    near_end_minimum,
)

__all__ = [
    "BIDDING_REFUSAL_CODES",
    "AuctionCall",
    "AuctionState",
    "Contract",
    "auction_state",
    "check_call",
    "legal_bids",
    "legal_calls",
    "parse_auction",
]


# -- calls, contracts and where an auction stands ----------------------------------------------


@attrs.frozen
class AuctionCall:
    """One call of the auction (BIDDING.md §2.3, §3.3).

    Attributes:
        seat: the seat that speaks.
        amount: the bid, points (:data:`~trumpfamily.bidding.component.EXTRA_BID` for the
            bid above the ladder), or ``None`` for a pass. A hold names the standing amount.
        hold: the dealer takes the standing bid at the same amount (BICA45 "I hold").

    >>> from trumpfamily.bidding import AuctionCall
    >>> str(AuctionCall(0, 15)), str(AuctionCall(1)), str(AuctionCall(3, 20, hold=True))
    ('P0 15', 'P1 pass', 'P3 hold 20')
    """

    seat: int
    amount: int | None = None
    hold: bool = False

    def __attrs_post_init__(self) -> None:
        if type(self.seat) is not int or self.seat < 0:
            raise InvalidArgumentError(f"seat={self.seat!r}: a seat is an int from 0")
        if self.amount is not None and type(self.amount) is not int:
            raise InvalidArgumentError(f"amount={self.amount!r}: a bid is an int, None a pass")
        if type(self.hold) is not bool or (self.hold and self.amount is None):
            raise InvalidArgumentError(f"hold={self.hold!r}: a hold is True with the standing "
                                       "amount, e.g. AuctionCall(3, 20, hold=True)")

    @property
    def is_pass(self) -> bool:
        """``True`` for a pass."""
        return self.amount is None

    def __str__(self) -> str:
        said = "pass" if self.amount is None else f"hold {self.amount}" if self.hold else str(self.amount)
        return f"P{self.seat} {said}"


def parse_auction(text: str) -> tuple[AuctionCall, ...]:
    """Read an auction written as in BIDDING.md §9: calls ``P<seat> <amount>``,
    ``P<seat> pass`` or ``P<seat> hold [amount]`` separated by ``·`` or ``,``. A hold without
    an amount holds the standing bid.

    Raises:
        InvalidArgumentError: a call that cannot be read.

    >>> from trumpfamily.bidding import parse_auction
    >>> parse_auction("P0 15 · P1 pass · P2 20 · P3 hold")
    (AuctionCall(seat=0, amount=15, hold=False), AuctionCall(seat=1, amount=None, hold=False), AuctionCall(seat=2, amount=20, hold=False), AuctionCall(seat=3, amount=20, hold=True))
    """
    calls: list[AuctionCall] = []
    standing: int | None = None
    for part in text.replace("·", ",").split(","):
        words = part.split()
        if not words:
            continue
        try:
            if len(words) not in (2, 3) or words[0][:1] not in "Pp":
                raise ValueError
            seat, word = int(words[0][1:]), words[1].lower()
            if word == "pass" and len(words) == 2:
                calls.append(AuctionCall(seat))
            elif word == "hold":
                amount = int(words[2]) if len(words) == 3 else standing
                if amount is None:
                    raise ValueError
                calls.append(AuctionCall(seat, amount, hold=True))
            elif len(words) == 2:
                calls.append(AuctionCall(seat, int(word)))
                standing = int(word)
            else:
                raise ValueError
        except ValueError:
            raise InvalidArgumentError(
                f"cannot read the call {part.strip()!r}: write 'P0 15', 'P1 pass' or "
                "'P3 hold' (or 'P3 hold 20')") from None
    return tuple(calls)


@attrs.frozen
class Contract:
    """The result of an auction: who names trumps, and for how much (BIDDING.md §3.3).

    Attributes:
        seat: the seat that won the auction.
        amount: the bid, points (:data:`~trumpfamily.bidding.component.EXTRA_BID` for the
            extra bid).
        bagged: the dealer was forced to take it when everyone else passed (``all_pass=
            "bag-dealer"``).
        kind: what the bid is (:data:`~trumpfamily.bidding.component.ContractKind`):
            ``"bid"`` on the ladder, else the extra bid's name (``"slam"``, ``"moon"``...),
            which its amount (60 for every extra bid) does not tell
            (:func:`~trumpfamily.bidding.component.contract_kind`).
    """

    seat: int
    amount: int
    bagged: bool = False
    kind: ContractKind = "bid"


@attrs.frozen
class AuctionState:
    """Where an auction stands (BIDDING.md §3.3; see :func:`auction_state`).

    Attributes:
        to_speak: the seat to call next, ``None`` when the auction is over.
        high: the standing bid, ``None`` before the first bid.
        passed: the seats that have passed (a pass is final).
        spoken: the seats that have made any call.
        duel: ``(displaced bidder, dealer)`` once a hold under ``after_hold="duel"`` has
            left only these two in the auction, else ``None``.
        last: the seat that spoke last, ``None`` before the first call.
        over: the auction is over.
        contract: the winning bid once over; ``None`` while bidding, or when everybody
            passed and the hand is thrown in (:attr:`thrown_in`).
        calls: the legal calls of ``to_speak``: pass, hold, then bids lowest first.
    """

    to_speak: int | None
    high: Contract | None
    passed: frozenset[int]
    spoken: frozenset[int]
    duel: tuple[int, int] | None
    last: int | None
    over: bool
    contract: Contract | None
    calls: tuple[AuctionCall, ...]

    @property
    def thrown_in(self) -> bool:
        """Everybody passed and the hand is thrown in (``all_pass="redeal-*"``)."""
        return self.over and self.contract is None

    @property
    def bids(self) -> tuple[int, ...]:
        """The amounts ``to_speak`` may bid (not hold), lowest first."""
        return tuple(c.amount for c in self.calls if c.amount is not None and not c.hold)

    @property
    def may_pass(self) -> bool:
        """``to_speak`` may pass."""
        return any(c.is_pass for c in self.calls)

    @property
    def may_hold(self) -> bool:
        """``to_speak`` (the dealer) may hold the standing bid."""
        return any(c.hold for c in self.calls)


#: The refusals of auction calls, by code, in the form of :data:`~trumpfamily.errors.REFUSAL_CODES`.
#: Every code but ``"out-of-turn"`` and ``"not-a-seat"`` is the entry of
#: :data:`~trumpfamily.errors.REFUSAL_CODES` itself (the engine's refusals carry the same);
#: those two are the auction's own readings of the engine's codes (BIDDING.md §2.3, §0).
BIDDING_REFUSAL_CODES: Final[Mapping[str, RefusalCode]] = MappingProxyType({
    "auction-over": REFUSAL_CODES["auction-over"],
    "out-of-turn": RefusalCode(
        "out-of-turn", "BIDDING.md §2.3", ("BICA45", "DBK"),
        "it is another seat's turn to call: the auction goes clockwise from eldest"),
    "not-a-seat": RefusalCode(
        "not-a-seat", "BIDDING.md §0", (), "the seat given is not a seat of the table"),
    **{code: REFUSAL_CODES[code] for code in (
        "not-a-bid", "bid-too-low", "near-end-minimum", "no-hold", "hold-not-dealer",
        "nothing-to-hold", "hold-amount", "dealer-bagged", "bag-minimum")},
})


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
    seat = call.seat
    return _decide(b, t.dealer, t.scores[seat], None if high is None else high.amount,
                   _bagged(b, t, high, passed, seat), call)


def _decide(b: Bidding, dealer: int, score: int, standing: int | None, bagged: bool,
            call: AuctionCall) -> tuple[str, str] | None:
    """:func:`_why_not` on what it reads: the dealer, the score of the seat's side, the
    standing bid's amount (``None`` before the first bid) and whether the seat is a
    bagged dealer."""
    seat, amount = call.seat, call.amount
    floor = near_end_minimum(b, score)
    if amount is None:
        if bagged:
            return "dealer-bagged", (f"everybody else passed: the dealer is bagged and must bid "
                                     f"at least {bag_amount(b, score)}")
        return None
    if call.hold:
        if b.hold == "none":
            return "no-hold", "the dealer must outbid like anyone (option hold='none')"
        if seat != dealer:
            return "hold-not-dealer", f"only the dealer (P{dealer}) may hold the standing bid"
        if standing is None:
            return "nothing-to-hold", "no bid has been made yet"
        if amount != standing:
            return "hold-amount", f"a hold is at the standing amount, {standing}"
        if amount < floor:
            return "near-end-minimum", (f"the side is on {score}: it may not hold "
                                        f"below {floor} (min_bid_near_end)")
        return None
    if amount not in _ladder(b):
        return "not-a-bid", f"{amount} is not a bid: the bids are {_ladder(b)}"
    if bagged:
        lowest = bag_amount(b, score)
        if amount < lowest or (not b.bag_raise and amount != lowest):
            return "bag-minimum", f"the bagged dealer's contract is {lowest}" + (
                " or more" if b.bag_raise else "")
        return None
    if standing is not None and amount <= standing:
        also = " (the dealer may hold it instead)" if seat == dealer and b.hold == "dealer" else ""
        return "bid-too-low", f"a bid must beat the standing {standing}{also}"
    if amount < floor:
        return "near-end-minimum", (f"the side is on {score}: it may not bid below "
                                    f"{floor} (min_bid_near_end)")
    return None


@functools.lru_cache(maxsize=1024)
def _call_of(seat: int, amount: int | None, hold: bool) -> AuctionCall:
    """The call ``AuctionCall(seat, amount, hold)``, one shared value for each (a call is
    immutable; the auction builds the same few calls again and again)."""
    return AuctionCall(seat, amount, hold)


#: :func:`~trumpfamily.bidding.component.ladder`, remembered for each component (it is
#: asked for every call considered).
_ladder: Final = functools.lru_cache(maxsize=256)(ladder)


def _calls(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int],
           seat: int) -> tuple[AuctionCall, ...]:
    """The legal calls of ``seat``: pass, hold, then bids lowest first."""
    return _calls_by(b, t.dealer, t.scores[seat], None if high is None else high.amount,
                     _bagged(b, t, high, passed, seat), seat)


@functools.lru_cache(maxsize=8192)
def _calls_by(b: Bidding, dealer: int, score: int, standing: int | None, bagged: bool,
              seat: int) -> tuple[AuctionCall, ...]:
    """:func:`_calls` on what :func:`_decide` reads (remembered: the auction asks the same
    few questions again and again)."""
    every = [_call_of(seat, None, False)]
    if standing is not None:
        every.append(_call_of(seat, standing, True))
    every += [_call_of(seat, amount, False) for amount in _ladder(b)]
    return tuple([c for c in every if _decide(b, dealer, score, standing, bagged, c) is None])


#: ``_ROTATIONS[players][start]``: the seats clockwise from ``start`` (2 to 10 players).
_ROTATIONS: Final = tuple(tuple(tuple((start + k) % n for k in range(n)) for start in range(n))
                          for n in range(11))


def _settle(b: Bidding, t: _Table, high: Contract | None, passed: frozenset[int],
            spoken: frozenset[int], duel: tuple[int, int] | None, last: int | None,
            ended: Contract | None) -> AuctionState:
    """Who speaks next, or whether the auction is over (BIDDING.md §3.3, §7.1 #2, #3)."""
    known: dict[int, tuple[AuctionCall, ...]] = {}

    def calls_of(seat: int) -> tuple[AuctionCall, ...]:  # each seat's calls, once
        found = known.get(seat)
        if found is None:
            found = known[seat] = _calls(b, t, high, passed, seat)
        return found

    def state(to_speak: int | None, contract: Contract | None = None) -> AuctionState:
        calls = () if to_speak is None else calls_of(to_speak)
        return AuctionState(to_speak, high, passed, spoken, duel, last, to_speak is None,
                            contract, calls)

    def active(seat: int) -> bool:  # has a call other than a pass
        return any(c.amount is not None for c in calls_of(seat))

    if ended is not None:
        return state(None, ended)
    if duel is not None:
        assert high is not None
        speaker = duel[0] if high.seat == duel[1] else duel[1]
        if any(s in passed for s in duel) or not active(speaker):
            return state(None, high)
        return state(speaker)
    start = (t.dealer + 1) % t.players if last is None else (last + 1) % t.players
    order = _ROTATIONS[t.players][start]
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

    >>> from trumpfamily.bidding import Bidding, auction_state, parse_auction
    >>> s = auction_state(Bidding(), parse_auction("P0 15 · P1 pass · P2 20 · P3 hold"),
    ...                   dealer=3, players=4)
    >>> s.to_speak, s.high, s.bids  # EX-B01: P0 speaks again
    (0, Contract(seat=3, amount=20, bagged=False, kind='bid'), (25, 30))
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
        now = _after_call(bidding, t, now, call)
    return now


def _after_call(b: Bidding, t: _Table, now: AuctionState, call: AuctionCall) -> AuctionState:
    """Where the auction stands after ``call``, a legal call of the seat to speak in
    ``now`` (checked by the caller: :func:`_check_turn`, or the call is one of
    ``now.calls``). One step of :func:`auction_state`, which the bidding engine takes
    call by call instead of replaying the auction."""
    high, passed, duel = now.high, now.passed, now.duel
    ended: Contract | None = None
    spoken, last = now.spoken | {call.seat}, call.seat
    if call.amount is None:
        passed = passed | {call.seat}
    elif call.hold:
        assert high is not None
        displaced = high.seat
        high = Contract(call.seat, call.amount, kind=contract_kind(b, call.amount))
        if b.after_hold == "ends":
            ended = high
        elif b.after_hold == "duel":
            duel = (displaced, t.dealer)
    else:
        high = Contract(call.seat, call.amount, _bagged(b, t, high, passed, call.seat),
                        contract_kind(b, call.amount))
    return _settle(b, t, high, passed, spoken, duel, last, ended)


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

    >>> from trumpfamily.bidding import AuctionCall, Bidding, check_call, parse_auction
    >>> check_call(Bidding(), parse_auction("P0 15"), AuctionCall(1, 15), dealer=3, players=4)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.IllegalActionError: AuctionCall(seat=1, amount=15, hold=False) is not allowed: a bid must beat the standing 15 (legal: ...)
    """
    t = _table(dealer, players, scores)
    _check_turn(bidding, t, auction_state(bidding, auction, dealer=dealer, players=players,
                                          scores=scores), call)


def legal_calls(bidding: Bidding, auction: Sequence[AuctionCall], *, dealer: int, players: int,
                scores: Sequence[int] | None = None) -> tuple[AuctionCall, ...]:
    """The calls the seat to speak may make: pass, hold, then bids lowest first; ``()``
    when the auction is over (BIDDING.md §2.3, §3.3).

    >>> from trumpfamily.bidding import Bidding, legal_calls, parse_auction
    >>> [str(c) for c in legal_calls(Bidding(), parse_auction("P0 25 · P1 pass · P2 pass"),
    ...                              dealer=3, players=4)]
    ['P3 pass', 'P3 hold 25', 'P3 30']
    """
    return auction_state(bidding, auction, dealer=dealer, players=players, scores=scores).calls


def legal_bids(bidding: Bidding, auction: Sequence[AuctionCall], seat: int, *, dealer: int,
               players: int, scores: Sequence[int] | None = None) -> tuple[int, ...]:
    """The amounts ``seat`` may bid now, lowest first; ``()`` when it is not its turn
    (BIDDING.md §2.3, §3.3 B1–B3). A hold is not a bid: see :attr:`AuctionState.may_hold`.

    >>> from trumpfamily.bidding import Bidding, legal_bids
    >>> legal_bids(Bidding(), (), 0, dealer=3, players=4, scores=(100, 0, 100, 0))  # EX-81
    (20, 25, 30)
    """
    state = auction_state(bidding, auction, dealer=dealer, players=players, scores=scores)
    return state.bids if state.to_speak == seat else ()
