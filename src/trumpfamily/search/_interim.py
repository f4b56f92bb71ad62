"""Private interim stand-ins for the bidding sampler and solver (issue 20 items 1 and 2).

Deleted once ``trumpfamily.search.sample_deals`` accepts a BiddingView and
``trumpfamily.search.solve`` a BiddingHand. Not public; nothing outside
:mod:`trumpfamily.search.advisor` imports it.

* :func:`sample_deals`: rejection sampling. Known cards are put where the view proves them
  (the seat's own cards, the kitty it took, its draws at their place in the stock, the
  cards the others played in their hands), the rest shuffled in, the others' masked
  discards and takes chosen at random while the view's history is replayed; a deal is kept
  when its view for the seat equals the view given. Consistent with the view, but not
  uniform over the consistent deals after a discard (before any discard it is uniform).
* :func:`solve`: alpha-beta with a transposition table over ``legal_actions``/``apply``
  for the play phase; the value is the seat's side's ``HandOutcome.gains``.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from ..actions import Action, Discard, Take
from ..bidding.deal import KITTY, chooses_replacements, deal_order, draw_sequence
from ..bidding.engine import BiddingHand, new_bidding_hand
from ..cards import Card
from ..dealing import PACKETS, seating_for
from ..errors import IllegalActionError, SearchLimitError
from ..outcomes import HAND_SIZE, BiddingView, Phase
from ..play import play_context

_ATTEMPTS = 400


def _cards_played(view: BiddingView) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {s: [] for s in range(view.players)}
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            out[seat].append(card)
    for i, card in enumerate(view.current_trick):
        out[(view.leader + i) % view.players].append(card)
    return out


def _voids(view: BiddingView) -> dict[int, set[Any]]:
    """Suits each other seat showed it lacked (a plain card on another lead): a hint for
    the fill only (the replay decides)."""
    out: dict[int, set[Any]] = {s: set() for s in range(view.players)}
    if view.trump is None:
        return out
    ctx = play_context(view.variant, view.trump)
    tricks = [(t.cards, t.leader) for t in view.tricks]
    if view.current_trick:
        tricks.append((view.current_trick, view.leader))
    for cards, leader in tricks:
        led = ctx.suit_of[cards[0]]
        for i, card in enumerate(cards[1:], 1):
            suit = ctx.suit_of[card]
            if suit is not led and suit is not ctx.trump:
                out[(leader + i) % view.players].add(led)
    return out


def _key(view: BiddingView) -> tuple[Any, ...]:
    return (view.phase, view.to_act, view.trump, sorted(view.hand), view.current_trick,
            view.leader, view.tricks, view.trick_counts, view.auction, view.high_bid,
            view.high_bidder, view.passed, view.bidder, view.contract, view.bagged,
            view.contract_kind, sorted(view.kitty), view.discarded, view.drawn,
            view.my_discards, view.stock_size, sorted(view.pack), view.history,
            set(view.legal_actions))


def _attempt(view: BiddingView, rng: random.Random) -> BiddingHand | None:
    variant, n, dealer, me = view.variant, view.players, view.dealer, view.seat
    b = variant.bidding
    assert b is not None
    seating = seating_for(variant, n, dealer)
    deck = seating.base_deck
    order = deal_order(b, n, dealer=dealer, packets=PACKETS[variant.table.deal_packets])
    own: dict[int, list[int]] = {s: [] for s in range(n)}
    kitty_at: list[int] = []
    for at, to in enumerate(order):
        (kitty_at if to == KITTY else own[to]).append(at)
    stock_at = list(range(len(order), len(deck)))
    slot: list[Card | None] = [None] * len(deck)
    placed: set[Card] = set()

    def put(at: int, card: Card) -> None:
        slot[at] = card
        placed.add(card)

    bidder = view.bidder
    served = (draw_sequence(b, n, dealer=dealer, bidder=bidder) if bidder is not None else ())
    robber = next((s for s in served if chooses_replacements(b, s, dealer=dealer)), None)
    offset: dict[int, int] = {}
    top = 0
    for s in served:
        if s != robber and view.drawn[s] is not None:
            offset[s] = top
            top += view.drawn[s] or 0
    free_stock = stock_at[top:]  # after every refill from the top
    played = _cards_played(view)
    # the seat's own cards
    mine_taken = [t.action.card for t in view.history
                  if t.seat == me and isinstance(t.action, Take)]
    total = list(view.hand) + played[me] + list(view.my_discards)
    if view.kitty:
        for at, card in zip(kitty_at, view.kitty, strict=True):
            put(at, card)
    if view.pack:
        for card in [*view.pack, *mine_taken]:
            put(free_stock.pop(rng.randrange(len(free_stock))), card)
    rest = [c for c in total if c not in placed]
    k = view.drawn[me] or 0 if me != robber else 0
    if k:
        drawable = [c for c in rest if c not in view.my_discards]
        got = rng.sample(drawable, k)
        for i, card in enumerate(got):
            put(stock_at[offset[me] + i], card)
        rest = [c for c in rest if c not in got]
    mine = list(own[me])
    rng.shuffle(mine)
    if len(rest) > len(mine):
        return None
    for at, card in zip(mine, rest, strict=False):
        put(at, card)
    # the others' played cards, each in a random one of its final five places
    for o in range(n):
        if o == me or not played[o]:
            continue
        d = view.drawn[o] or 0
        labels = ["kept"] * (HAND_SIZE - d) + ["drawn"] * d
        rng.shuffle(labels)
        kept_at = [a for a in own[o] if slot[a] is None]
        if o == bidder and not view.kitty:
            kept_at += [a for a in kitty_at if slot[a] is None]
        drawn_at = ([a for a in stock_at[offset[o]:offset[o] + d] if slot[a] is None]
                    if o in offset else [a for a in free_stock if slot[a] is None])
        for card, label in zip(played[o], labels, strict=False):
            pool = kept_at if label == "kept" else drawn_at
            if not pool:
                return None
            put(pool.pop(rng.randrange(len(pool))), card)
    # the rest, shuffled in (avoiding the suits a seat showed it lacked where possible)
    unknown = [c for c in deck if c not in placed]
    rng.shuffle(unknown)
    voids = _voids(view)
    ctx = play_context(variant, view.trump) if view.trump is not None else None
    holder: dict[int, int] = {}
    for s, ats in own.items():
        for a in ats:
            holder[a] = s
    for s in offset:
        for a in stock_at[offset[s]:offset[s] + (view.drawn[s] or 0)]:
            holder[a] = s
    empty = [a for a in range(len(deck)) if slot[a] is None]
    rng.shuffle(empty)
    empty.sort(key=lambda a: a not in holder)  # the seats' places first
    for a in empty:
        s = holder.get(a)
        pick = 0
        if s is not None and s != me and voids[s] and ctx is not None:
            pick = next((i for i, c in enumerate(unknown) if ctx.suit_of[c] not in voids[s]), 0)
        put(a, unknown.pop(pick))
    scores = view.game.scores if view.game is not None and view.game.scores is not None else None
    state = new_bidding_hand(variant, players=n, dealer=dealer,
                             deck=tuple(slot),  # type: ignore[arg-type]
                             scores=scores)
    for turn in view.history:
        action = turn.action
        try:
            if action is None:
                action = _masked(state, turn.kind, played[turn.seat], view, rng)
                if action is None:
                    return None
            state = state.apply(action)
        except IllegalActionError:
            return None
    if _key(state.view(me)) != _key(view):
        return None
    return state


def _masked(state: BiddingHand, kind: str, keep: list[Card], view: BiddingView,
            rng: random.Random) -> Action | None:
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    if kind == "Take":
        takes = [a for a in legal if isinstance(a, Take)]
        wanted = [a for a in takes if a.card in keep and a.card not in state.hands[seat]]
        return (wanted or takes)[rng.randrange(len(wanted or takes))] if takes else None
    count = view.discarded[seat]
    options = [a for a in legal if isinstance(a, Discard) and not set(a.cards) & set(keep)
               and (count is None or len(a.cards) == count)]
    return options[rng.randrange(len(options))] if options else None


def sample_deal(view: BiddingView, rng: random.Random) -> BiddingHand:
    for _ in range(_ATTEMPTS):
        state = _attempt(view, rng)
        if state is not None:
            return state
    raise SearchLimitError(f"interim sampler: no deal found in {_ATTEMPTS} attempts", _ATTEMPTS)


def sample_deals(view: BiddingView, count: int, rng: random.Random) -> list[BiddingHand]:
    return [sample_deal(view, rng) for _ in range(count)]


@attrs.frozen
class Solved:
    value: int
    best_actions: tuple[Action, ...]
    action_values: tuple[tuple[Action, int], ...]
    nodes: int


def solve(state: BiddingHand, seat: int, max_nodes: int | None = None) -> Solved:
    """The seat's side's gains under best play by every seat (paranoid), every action's
    value. ``state`` is in the play phase (or over)."""
    sides = state.sides
    side = next(i for i, s in enumerate(sides) if seat in s)
    side_of = {s: i for i, sd in enumerate(sides) for s in sd}
    ours = set(sides[side])
    assert state.trump is not None
    power = play_context(state.variant, state.trump).power
    trump = state.trump
    ctx = play_context(state.variant, trump)
    table: dict[Any, tuple[int, int, int]] = {}
    nodes = [0]
    limit = max_nodes if max_nodes is not None else 1 << 62

    def key(st: BiddingHand) -> tuple[Any, ...]:
        best = None
        for t in st.tricks:
            for c in t.cards:
                if ctx.suit_of[c] is trump and (best is None or power[c] > power[best[0]]):
                    best = (c, side_of[t.winner])
        cur = None
        for c in st.current_trick:
            if ctx.suit_of[c] is trump and (cur is None or power[c] > power[cur]):
                cur = c
        if cur is not None and (best is None or power[cur] > power[best[0]]):
            best = (cur, -1)
        counts = [0] * len(sides)
        for s, k in enumerate(st.trick_counts):
            counts[side_of[s]] += k
        return (tuple(frozenset(h) for h in st.hands), st.current_trick, st.to_act,
                tuple(counts), best)

    def search(st: BiddingHand, alpha: int, beta: int) -> int:
        if st.phase is Phase.OVER:
            assert st.outcome is not None and st.outcome.gains is not None
            return st.outcome.gains[side]
        nodes[0] += 1
        if nodes[0] > limit:
            raise SearchLimitError("interim solver: over budget", nodes[0])
        k = key(st)
        hit = table.get(k)
        a0 = alpha
        if hit is not None:
            lo, hi, _ = hit
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
            if alpha >= beta:
                return lo
        maxing = st.to_act in ours
        best = -(1 << 20) if maxing else 1 << 20
        b0 = beta
        legal = st.legal_actions()
        first = hit[2] if hit is not None else 0
        order = [first, *[i for i in range(len(legal)) if i != first]] if first < len(legal) \
            else range(len(legal))
        move = 0
        for i in order:
            v = search(st.apply(legal[i]), alpha, beta)
            if maxing:
                if v > best:
                    best, move = v, i
                alpha = max(alpha, v)
            else:
                if v < best:
                    best, move = v, i
                beta = min(beta, v)
            if alpha >= beta:
                break
        lo, hi = (-(1 << 20), 1 << 20) if hit is None else hit[:2]
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        table[k] = (lo, hi, move)
        return best

    if state.is_over:
        assert state.outcome is not None and state.outcome.gains is not None
        return Solved(state.outcome.gains[side], (), (), 0)
    values = []
    for action in state.legal_actions():
        values.append((action, search(state.apply(action), -(1 << 20), 1 << 20)))
    maxing = state.to_act in ours
    top = (max if maxing else min)(v for _, v in values)
    return Solved(top, tuple(a for a, v in values if v == top), tuple(values), nodes[0])
