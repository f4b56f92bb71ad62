"""Engine internals: the fixed seating of a deal, the robbing and fiving status, and the
rules that end a hand. Private: use :mod:`trumpfamily.engine`."""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from .cards import Card, Rank, Suit, canonical, parse_cards
from .errors import CardParseError, InvalidArgumentError, InvalidDeckError, PlayerCountError
from .outcomes import Barred, HandOutcome, Phase, Trick
from .play import play_context
from .reneging import PlayContext
from .robbing import unrobbed_penalty
from .scoring import best_trump_trick, five_tricks_bonus, trick_points
from .variants import Variant, find_variant

if TYPE_CHECKING:
    from .engine import HandState

PACKETS: Final = {"3-2": (3, 2), "2-3": (2, 3), "4-1": (4, 1), "1-4": (1, 4)}


def seeded_random(seed: object, where: str = "") -> random.Random:
    """A ``random.Random`` seeded with ``seed``: an int, str, bytes or ``None`` only.

    Floats and bools are refused too (``random`` would take them): a float seed such as
    ``1.5`` is not reproducible across versions, and ``True`` is most likely a slip.
    """
    if seed is not None and (
        type(seed) is bool or not isinstance(seed, int | str | bytes | bytearray)
    ):
        raise InvalidArgumentError(
            f"{where}seed={seed!r}: a seed is an int, str, bytes or None, "
            f"not {type(seed).__name__}"
        )
    return random.Random(seed)


# fiving states
NO_FIVE: Final = 0
FIVE_OPEN: Final = 1
FIVE_ASKED: Final = 2


@attrs.frozen(eq=False)
class Seating:
    """What stays fixed for every deal of one (variant, players, dealer)."""

    variant: Variant = attrs.field(eq=True)
    players: int = attrs.field(eq=True)
    dealer: int = attrs.field(eq=True)
    eldest: int
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    nxt: tuple[int, ...]
    getters: tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
    turn_up_at: int
    base_deck: tuple[Card, ...]
    pool: bool
    needed: int
    jinking: bool
    robbing: bool
    fiving: bool
    partners: bool

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Seating):
            return NotImplemented
        return (self.variant, self.players, self.dealer) == (
            other.variant,
            other.players,
            other.dealer,
        )

    def __hash__(self) -> int:
        return hash((self.variant, self.players, self.dealer))


#: (variant by value, players, dealer) -> Seating. Bounded: cleared when full.
SEATINGS: Final[dict[tuple[Variant, int, int], Seating]] = {}
_MAX_SEATINGS: Final = 4096


def seating_for(variant: Variant | str, players: int, dealer: int) -> Seating:
    """The seating of (variant, players, dealer); ``variant`` may be a preset's name.

    Raises:
        UnknownVariantError: ``variant`` is neither a :class:`Variant` nor a preset's name.
        PlayerCountError: ``players`` (an int, not a bool or float) does not suit the
            variant, or ``dealer`` is not an int seat.
    """
    # The cache is keyed by value, where 2 == 2.0 == True: only exact ints may use it.
    if type(players) is int and type(dealer) is int:
        found = SEATINGS.get((variant, players, dealer))  # type: ignore[arg-type]
        if found is not None:
            return found
    if not isinstance(variant, Variant):
        variant = find_variant(variant)
        if type(players) is int and type(dealer) is int:
            found = SEATINGS.get((variant, players, dealer))
            if found is not None:
                return found
    table = variant.table
    sides = table.sides(players)  # raises PlayerCountError
    if type(dealer) is not int or not 0 <= dealer < players:
        raise PlayerCountError(f"dealer={dealer!r} is not a seat: seats are 0..{players - 1}")
    side_of = [0] * players
    for i, side in enumerate(sides):
        for seat in side:
            side_of[seat] = i
    eldest = (dealer + 1) % players
    order = [(eldest + i) % players for i in range(players)]
    indices: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for size in PACKETS[table.deal_packets]:
        for seat in order:
            indices[seat].extend(range(pos, pos + size))
            pos += size
    scoring = variant.scoring
    pool = scoring.scoring == "pool"
    seating = Seating(
        variant=variant,
        players=players,
        dealer=dealer,
        eldest=eldest,
        sides=sides,
        side_of=tuple(side_of),
        nxt=tuple((s + 1) % players for s in range(players)),
        getters=tuple(operator.itemgetter(*idx) for idx in indices),
        turn_up_at=pos,
        base_deck=variant.ranking.deck(),
        pool=pool,
        needed=scoring.tricks_needed(players) if pool else 0,
        jinking=pool and variant.jinking.jinking,
        robbing=variant.robbing.robbing,
        fiving=players == 2 and table.fiving,
        partners=len(sides) != players,
    )
    if len(SEATINGS) >= _MAX_SEATINGS:
        SEATINGS.clear()
    SEATINGS[(variant, players, dealer)] = seating
    return seating


@attrs.frozen
class Status:
    """The turn-up, robbing, fiving and penalty state of a deal (changes rarely)."""

    trump: Suit
    turn_up: Card
    taken: bool
    joker_up: bool
    stock_at: int
    fived: tuple[Card, ...]
    five: int
    rob_kind: str | None
    rob_seat: int | None
    rob_pre_lead: bool
    rob_done: str | None
    robbed_by: int | None
    announced: int | None
    discard: Card | None
    joker_discard: Card | None
    demoted: Card | None
    barred: tuple[Barred, ...]
    jinker: int | None
    ctx: PlayContext = attrs.field(eq=False)
    forget_ctx: PlayContext = attrs.field(eq=False)


@attrs.frozen
class Result:
    kind: str  # "win", "claim", "jink", "jink-failed", "spoil", "points"
    winner: int | None


def unrobbed_bar(s: Seating, st: Status, seat: int, *, announced: bool) -> tuple[Barred, ...]:
    """``st.barred`` plus ``seat`` when the ``unrobbed_ace`` penalty bars the holder of the
    Ace of trumps from the pool (pool games only; RULES.md §1.5, EX-51)."""
    if not (s.pool and unrobbed_penalty(s.variant.robbing, announced=announced)[1]):
        return st.barred
    ace = canonical(Rank.ACE, st.trump)
    how = "declined to rob" if announced else "neither robbed nor announced"
    rule = s.variant.robbing.unrobbed_ace
    return st.barred + (
        Barred(seat, f"seat {seat} held the Ace of trumps ({ace}) and {how} it "
                     f"(option unrobbed_ace={rule!r}; RULES.md §1.5, EX-51)"),
    )


def forgot(s: Seating, st: Status, seat: int) -> Status:
    """The holder played to trick 1 with neither a rob nor an announcement (RULES.md §1.5)."""
    demote, _ = unrobbed_penalty(s.variant.robbing, announced=False)
    ace = canonical(Rank.ACE, st.trump)
    return attrs.evolve(
        st, rob_done="forgot", demoted=ace if demote else None, ctx=st.forget_ctx,
        barred=unrobbed_bar(s, st, seat, announced=False),
    )


def eligible_tricks(s: Seating, st: Status, counts: Sequence[int]) -> list[int]:
    """Tricks per side that count towards the pool, or -99 for a side with no seat that may
    win. A barred seat cannot win the pool (RULES.md §1.5), but in a partnership its tricks
    still count for its side, whose other seats take the pool (``winner_seats``); so two
    pairs still cannot spoil (PEEL, RULES.md §1.7)."""
    barred = {b.seat for b in st.barred}
    out = []
    for side in s.sides:
        free = any(x not in barred for x in side)
        out.append(sum(counts[x] for x in side) if free else -99)
    return out


def trick_result(
    s: Seating, st: Status, tricks: tuple[Trick, ...], counts: list[int], winner: int
) -> Result | None:
    """Whether the hand ends after this trick, and how (RULES.md §1.6, §1.7)."""
    done = len(tricks)
    if not s.pool:
        return Result("points", None) if done == 5 else None
    side = s.side_of[winner]
    if st.jinker is not None:
        if side != st.jinker:
            return Result("jink-failed", None)
        return Result("jink", side) if done == 5 else None
    if not st.barred and not s.partners:
        if counts[winner] >= s.needed:
            if s.jinking and done < 5 and counts[winner] == done:
                return None  # claim or jink first
            return Result("win", side)
        if done == 5 or max(counts) + 5 - done < s.needed:
            return Result("spoil", None)
        return None
    eligible = eligible_tricks(s, st, counts)
    if eligible[side] >= s.needed:
        if s.jinking and done < 5 and sum(counts[x] for x in s.sides[side]) == done:
            return None
        return Result("win", side)
    if done == 5 or max(eligible) + 5 - done < s.needed:
        return Result("spoil", None)
    return None


def claim_due(
    s: Seating, st: Status, tricks: tuple[Trick, ...], counts: list[int], winner: int
) -> bool:
    """After a trick that did not end the hand: has the winner's side just reached the
    target having won every trick so far (RULES.md §1.6)?"""
    side = s.side_of[winner]
    if not st.barred and not s.partners:
        return counts[winner] >= s.needed
    return eligible_tricks(s, st, counts)[side] >= s.needed


def opening(
    s: Seating,
    hands: tuple[tuple[Card, ...], ...],
    turn_up: Card,
    stock_at: int,
    fived: tuple[Card, ...],
    five: int,
    *,
    joker_up: bool,
    joker_discard: Card | None = None,
) -> tuple[Phase, int, Status]:
    """Who acts first once a card is turned up, and the robbing situation (RULES.md §1.5).

    The one robbing set-up for every turn-up: the first one dealt, a card turned by
    fiving (``HandState._five``) and the card turned after a joker once the dealer has
    taken the joker (``joker_discard``, his face-down discard for it; RULES.md §2.8). A
    turned-up joker (``joker_up``) is not yet a turn-up for trumps: the dealer must first
    take it. Otherwise an Ace turned gives the dealer's rob, and any other card the rob of
    the seat that holds the Ace of trumps now (after a joker exchange, possibly the dealer;
    nobody if the dealer discarded it for the joker or it is in the stock)."""
    variant = s.variant
    trump = turn_up.suit
    assert trump is not None
    ctx = play_context(variant, trump)
    forget_ctx = ctx
    kind: str | None = None
    rob_seat: int | None = None
    pre = False
    if joker_up:
        kind, rob_seat, pre = "joker", s.dealer, True
    elif s.robbing:
        if turn_up.rank is Rank.ACE:
            kind, rob_seat, pre = "ace", s.dealer, True
        else:
            ace = canonical(Rank.ACE, trump)
            for seat, hand in enumerate(hands):
                if ace in hand:
                    kind, rob_seat = "holder", seat
                    pre = variant.robbing.rob_timing == "before-lead"
                    if unrobbed_penalty(variant.robbing, announced=False)[0]:
                        forget_ctx = play_context(variant, trump, ace)
                    break
    status = Status(
        trump=trump,
        turn_up=turn_up,
        taken=False,
        joker_up=joker_up,
        stock_at=stock_at,
        fived=fived,
        five=five,
        rob_kind=kind,
        rob_seat=rob_seat,
        rob_pre_lead=pre,
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
    )
    if pre:
        assert rob_seat is not None
        return Phase.ROB, rob_seat, status
    return Phase.PLAY, s.eldest, status


def check_deck(deck: str | Iterable[Card | str], s: Seating) -> tuple[Card, ...]:
    try:
        cards = parse_cards(deck)
    except CardParseError as exc:
        raise InvalidDeckError(f"the deck is not readable: {exc}") from None
    expected = s.base_deck
    if len(cards) == len(expected) and set(cards) == set(expected):
        return cards
    seen: set[Card] = set()
    repeated = sorted({c for c in cards if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
    missing = sorted(set(expected) - set(cards))
    foreign = sorted(set(cards) - set(expected))
    parts = []
    if missing:
        parts.append(f"missing {' '.join(map(str, missing))}")
    if repeated:
        parts.append(f"repeated {' '.join(map(str, repeated))}")
    if foreign:
        parts.append(
            f"not in this variant's deck: {' '.join(map(str, foreign))} "
            f"(option joker={s.variant.ranking.joker!r})"
        )
    raise InvalidDeckError(
        f"the deck must be exactly the variant's {len(expected)} cards, top card first; it has "
        f"{len(cards)}: {'; '.join(parts)} (RULES.md §1.1)"
    )


def make_outcome(state: HandState) -> HandOutcome:
    """The :class:`HandOutcome` of a finished hand (RULES.md §1.6, §1.7, §2.3, §2.4)."""
    result = state._result
    assert result is not None
    s, st = state._seating, state._status
    counts = state.trick_counts
    side_tricks = tuple(sum(counts[x] for x in side) for side in s.sides)
    played = len(state.tricks)
    all_five = next((i for i, t in enumerate(side_tricks) if t == 5), None)
    barred_seats = {b.seat for b in st.barred}
    winner = result.winner
    winner_seats = (
        () if winner is None else tuple(x for x in s.sides[winner] if x not in barred_seats)
    )
    points = side_points = best = None
    bonus_trick = None
    if not s.pool:
        scoring = s.variant.scoring
        bonus_trick = best_trump_trick(
            [t.cards for t in state.tricks], st.ctx.table, scoring.best_trump_bonus
        )
        points = trick_points([t.winner for t in state.tricks], s.players, scoring, bonus_trick)
        sp = [sum(points[x] for x in side) for side in s.sides]
        if all_five is not None:
            sp[all_five] += five_tricks_bonus(scoring)
        side_points = tuple(sp)
        if bonus_trick is not None:
            cards = state.tricks[bonus_trick].cards
            power, suit_of = st.ctx.power, st.ctx.suit_of
            best = max((c for c in cards if suit_of[c] is st.trump), key=power.__getitem__)
    return HandOutcome(
        scoring="pool" if s.pool else "points",
        sides=s.sides,
        tricks=counts,
        side_tricks=side_tricks,
        tricks_played=played,
        tricks_needed=s.needed if s.pool else None,
        winner=winner,
        winner_seats=winner_seats,
        spoil=s.pool and winner is None,
        claimed=result.kind == "claim",
        jink_tried=st.jinker is not None,
        jink_succeeded=result.kind == "jink",
        points=points,
        side_points=side_points,
        best_trump=best,
        best_trump_trick=bonus_trick,
        all_five=all_five,
        barred=st.barred,
    )
