"""Deals consistent with a bidding view: exact counting, uniform sampling, and weights
for what the other seats did (issue 20).

:func:`~trumpfamily.search.count_deals`, :func:`~trumpfamily.search.sample_deal` and
:func:`~trumpfamily.search.sample_deals` dispatch a
:class:`~trumpfamily.outcomes.BiddingView` here; :func:`weighted_deals` is the bidding
games' inference hook.

**What a deal is.** The assignment of the cards the viewer has not seen to the places of
:func:`~trumpfamily.search.bidding_constraints.bidding_constraints`: for each other seat
the dealt cards it kept (the kitty merged in once its bidder took it, the extra cards once
trumps are named), the cards it discarded face down, the cards it drew from the stock;
the extra cards until trumps are named; the kitty until taken; the stock as a set (the
order of unseen stock cards never matters). A seat's cards since its draw are those it
holds and those it has played, and which of them it drew is part of the deal: the
played cards are seen, but not where they came from. The viewer's own cards are its own:
one layout of them that replays to its view is used for every sample. A deal is
*consistent* when replaying the view's history on it gives the view again.

**How.** As in the turn-up games (:mod:`trumpfamily.search.sampling`): the unseen cards
fall into classes alike for every proof (the suits and standings the plays tell apart,
and the trumps where ``discard_trumps="last-resort"`` links a bidder's discard to what he
kept, BIDDING.md §3.4 K5); whether a place may hold a given number of each class is
decided by the library's own legality test (:func:`~trumpfamily.tables.legal_mask`) on a
representative hand; the count is exact dynamic programming over the places and the
class counts, times a binomial for each seat's kept/drawn split (and, for a discard not
yet counted under ``draw_order="simultaneous"``, the ways to split its cards); sampling
draws each place's class counts in proportion to the deals that complete them: no
rejection. Every sample is replayed through the engine
(:func:`~trumpfamily.bidding.engine.new_bidding_hand` with the view's game scores, if
any, then :meth:`~trumpfamily.bidding.engine.BiddingHand.apply`), so it is a real
:class:`~trumpfamily.bidding.engine.BiddingHand`; the other seats' face-down discards
and takes are filled in from the deal.

**Not counted as different deals.** Where a seat's kept cards sat in the deal (its five,
its extra cards, the kitty) and the order of its cards: no view ever tells them apart.
The robbing dealer's view shows the pack only while he picks (``pack``); later views do
not, so the stock is then unseen to him again.

**Inference.** :func:`weighted_deals` draws uniform deals and weighs each by the
likelihood of the other seats' calls, trump choice, discards and takes under a policy,
and with ``plays=True`` of the other sides' cards too (importance weights: uniform
proposal, the likelihood as weight); :func:`metropolis_deals` draws from the same
posterior by a Metropolis chain.

>>> import math, trumpfamily as tf
>>> from trumpfamily.search import count_deals, sample_deals
>>> hand = tf.new_bidding_hand(tf.AUCTION_45, players=2, dealer=1, seed=3)
>>> view = hand.view(0)
>>> count_deals(view) == math.comb(47, 5)   # the other hand; the stock is the rest
True
>>> [d.view(0) == view for d in sample_deals(view, 3, rng=1)]
[True, True, True]
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Protocol, overload

import attrs

from ..actions import Action, Discard, Take
from ..bidding.deal import KITTY, deal_order, discard_limits
from ..bidding.engine import BiddingHand, new_bidding_hand
from ..cards import Card
from ..dealing import PACKETS
from ..errors import InvalidArgumentError, TrumpFamilyError, safe_repr
from ..outcomes import HAND_SIZE, BiddingView
from ..play import mask_table
from ..tables import mask_of
from .bidding_constraints import (
    BiddingConstraints,
    Reading,
    SeatFacts,
    _constraints,
    _inconsistent,
    check_shape,
    lr_bidder,
    read_view,
    trump_link_open,
)
from .proofs import _random_or_seeded as _rng
from .proofs import _shuffle as shuffle
from .proofs import _Tester, compositions

__all__ = ["ActionPolicy", "Policy", "count_bidding_deals", "metropolis_deals",
           "sample_bidding_deals", "weighted_deals"]

_Vec = tuple[int, ...]
_COMB: Final = [[math.comb(r, x) for x in range(64)] for r in range(64)]
_D, _E, _K, _R = "D", "E", "K", "R"


def _popcount(x: int) -> int:
    return x.bit_count()


# -- the counter ---------------------------------------------------------------------------


@attrs.frozen
class _Spec:
    """One place for the counter: its size, the masks that tell its classes apart and the
    weight of a representative hidden hand (0: not allowed; ``None``: free, weight 1)."""

    size: int
    masks: frozenset[int]
    weight: Callable[[int], int] | None
    tag: Any


class _Counter:
    """Exact counting and uniform drawing over the fillings of places by class counts
    (the turn-up sampler's dynamic programming, with a weight per place)."""

    def __init__(self, unseen: Sequence[Card], specs: Sequence[_Spec]) -> None:
        idx = sorted(range(len(specs)),
                     key=lambda i: (specs[i].weight is None, -len(specs[i].masks)))
        self.specs = [specs[i] for i in idx]
        self.first_free = next((i for i, p in enumerate(self.specs) if p.weight is None),
                               len(self.specs))
        ff = self.first_free
        own = [p.masks for p in self.specs]
        self.atoms: list[list[list[Card]]] = []
        for i in range(ff + 1):
            order = sorted(frozenset().union(*own[i:ff])) if i < ff else []
            groups: dict[tuple[bool, ...], list[Card]] = {}
            for card in unseen:
                groups.setdefault(tuple(bool(card.bit & mk) for mk in order), []).append(card)
            self.atoms.append(list(groups.values()))
        self.proj: list[list[int]] = []
        for i in range(ff):
            block = {card: j for j, a in enumerate(self.atoms[i + 1]) for card in a}
            self.proj.append([block[a[0]] for a in self.atoms[i]])
        self.admitted: list[list[tuple[_Vec, int]]] = []
        for i in range(ff):
            atoms = self.atoms[i]
            prefix = [[mask_of(a[:k]) for k in range(len(a) + 1)] for a in atoms]
            weigh = self.specs[i].weight
            assert weigh is not None
            row = []
            for k in compositions(self.specs[i].size, tuple(len(a) for a in atoms)):
                hidden = 0
                for j, x in enumerate(k):
                    if x:
                        hidden |= prefix[j][x]
                w = weigh(hidden)
                if w:
                    row.append((k, w))
            self.admitted.append(row)
        self._memo: dict[tuple[int, _Vec], int] = {}
        self.start: _Vec = tuple(len(a) for a in self.atoms[0])
        self.total = self.count(0, self.start)

    def _choices(self, i: int, rem: _Vec) -> Iterator[tuple[_Vec, _Vec, int]]:
        proj = self.proj[i]
        width = len(self.atoms[i + 1])
        for k, w in self.admitted[i]:
            ways = w
            rest = [0] * width
            for j, x in enumerate(k):
                r = rem[j]
                if x > r:
                    break
                if x:
                    ways *= _COMB[r][x]
                rest[proj[j]] += r - x
            else:
                yield k, tuple(rest), ways

    def count(self, i: int, rem: _Vec) -> int:
        if i >= self.first_free:
            left = sum(rem)
            if left != sum(p.size for p in self.specs[i:]):
                return 0
            ways = math.factorial(left)
            for p in self.specs[i:]:
                ways //= math.factorial(p.size)
            return ways
        key = (i, rem)
        found = self._memo.get(key)
        if found is not None:
            return found
        total = 0
        for _, rest, ways in self._choices(i, rem):
            sub = self.count(i + 1, rest)
            if sub:
                total += ways * sub
        self._memo[key] = total
        return total

    def draw(self, rng: random.Random) -> dict[Any, list[Card]]:
        """One filling, uniform over the weighted fillings: tag -> cards."""
        avail = [list(a) for a in self.atoms[0]]
        rem = self.start
        out: dict[Any, list[Card]] = {}
        for i in range(self.first_free):
            target = rng.randrange(self.count(i, rem))
            chosen: _Vec | None = None
            nxt: _Vec = ()
            for k, rest, ways in self._choices(i, rem):
                w = ways * self.count(i + 1, rest)
                if target < w:
                    chosen, nxt = k, rest
                    break
                target -= w
            assert chosen is not None
            cards: list[Card] = []
            for j, x in enumerate(chosen):
                if x:
                    picked = rng.sample(avail[j], x)
                    cards.extend(picked)
                    taken = set(picked)
                    avail[j] = [c for c in avail[j] if c not in taken]
            out[self.specs[i].tag] = cards
            merged: list[list[Card]] = [[] for _ in self.atoms[i + 1]]
            for j, a in enumerate(avail):
                merged[self.proj[i][j]].extend(a)
            avail, rem = merged, nxt
        left = [c for a in avail for c in a]
        shuffle(rng, left)
        at = 0
        for p in self.specs[self.first_free:]:
            out[p.tag] = left[at: at + p.size]
            at += p.size
        return out


# -- the viewer's own cards ----------------------------------------------------------------


@attrs.frozen
class _Mine:
    """Where the viewer's own cards lie in the deal (one layout that replays)."""

    dealt: tuple[Card, ...]
    extras: tuple[Card, ...]  # () before trumps are named (then the extras are a place)
    drawn: tuple[Card, ...]  # in the order it drew them


def _my_layout(r: Reading) -> _Mine:
    """A layout of the viewer's cards (its five, its extra cards, the kitty it took, its
    draw) that gives its hand in the order the view shows (BIDDING.md §3.2, §3.4: a hand
    is its dealt cards, then the kitty and the extra cards in the order they joined, then
    the cards drawn)."""
    view = r.view
    b = view.variant.bidding
    assert b is not None
    me = view.seat
    f = r.seats[me]
    kitty = set(view.kitty)
    takes = [t.action.card for t in view.history  # type: ignore[union-attr]
             if t.seat == me and t.kind == "Take"]
    e = b.extra_cards if r.named else 0
    n_r = f.drawn or 0
    fixed_r = set(takes)
    rank = {_D: 0, _E: 1, _K: 2, _R: 3} if b.trump_before_kitty else {_D: 0, _K: 1, _E: 2, _R: 3}
    hand = list(view.hand)
    played = [c for c in f.played if c not in kitty and c not in fixed_r]
    discards = [c for c in view.my_discards if c not in kitty]
    free_h = [c for c in hand if c not in kitty and c not in fixed_r]
    if len(free_h) + len(played) + len(discards) + len(fixed_r) != HAND_SIZE + e + n_r:
        raise _inconsistent(f"seat {me} has {len(hand)} cards in hand, {len(f.played)} played "
                            f"and {len(view.my_discards)} discarded: not what it was dealt, "
                            "took and drew")
    caps = {_D: HAND_SIZE, _E: e, _R: n_r - len(fixed_r)}
    labels: list[str] = []

    def search(i: int, cur: int, used: dict[str, int]) -> bool:
        if i == len(hand):
            need_r = caps[_R] - used[_R]
            return need_r <= len(played)
        c = hand[i]
        if c in kitty or c in fixed_r:
            lab = _K if c in kitty else _R
            if rank[lab] < cur:
                return False
            labels.append(lab)
            if search(i + 1, rank[lab], used):
                return True
            labels.pop()
            return False
        for lab in (_D, _E, _R):
            if rank[lab] < cur or used[lab] >= caps[lab]:
                continue
            used[lab] += 1
            labels.append(lab)
            if search(i + 1, rank[lab], used):
                return True
            labels.pop()
            used[lab] -= 1
        return False

    if not search(0, 0, {_D: 0, _E: 0, _R: 0}):
        raise _inconsistent(f"seat {me}'s hand is not in an order the deal, the kitty and "
                            "the draw give")
    by: dict[str, list[Card]] = {_D: [], _E: [], _R: []}
    for c, lab in zip(hand, labels):
        if lab in by and c not in fixed_r:
            by[lab].append(c)
    need_r = caps[_R] - len(by[_R])
    by[_R] += played[:need_r]
    rest = played[need_r:] + discards
    for c in rest:
        (by[_D] if len(by[_D]) < HAND_SIZE else by[_E]).append(c)
    drawn = tuple(by[_R]) if not takes else tuple(takes)
    return _Mine(tuple(by[_D]), tuple(by[_E]), drawn)


# -- the plan ------------------------------------------------------------------------------


@attrs.frozen(eq=False)
class _Case:
    counter: _Counter
    factor: int  # the kept/drawn binomials and the other factors outside the counter
    total: int


@attrs.frozen(eq=False)
class _Plan:
    view: BiddingView
    target: BiddingView
    reading: Reading
    constraints: BiddingConstraints
    mine: _Mine
    cases: tuple[_Case, ...]
    total: int
    trumps: int
    order: tuple[int, ...]  # deal_order
    scores: tuple[int, ...] | None


_PLANS: Final[dict[BiddingView, _Plan]] = {}
_MAX_PLANS: Final = 64


def _sealed_weight(b: Any, n: int, f: SeatFacts, lr: bool, trumps: int) -> Callable[[int], int]:
    """The ways a seat whose cards before its sealed discard are a hand may have split
    them into kept and discarded (BIDDING.md §3.4 K4, K5, K7)."""
    u = f.held

    def weight(hidden: int) -> int:
        t = _popcount(hidden & trumps) if lr else 0
        return sum(w for _, _, w in _splits(b, n, f, u, t, lr))
    return weight


def _splits(b: Any, n: int, f: SeatFacts, u: int, t: int, lr: bool
            ) -> Iterator[tuple[int, int, int]]:
    """``(x, j, ways)``: discards of ``x`` cards, ``j`` of them trumps, of a hand of ``u``
    cards with ``t`` trumps, as :func:`~trumpfamily.bidding.discard_limits` allows."""
    limits = discard_limits(b, n, bidder=True, trumps=t) if lr else None
    for x in f.sealed:
        if limits is not None and not limits.fewest <= x <= limits.most:
            continue
        top = min(t, x) if limits is None else min(t, x, limits.most_trumps)
        for j in range(top + 1):
            ways = _COMB[t][j] * _COMB[u - t][x - j]
            if ways:
                yield x, j, ways


def _plan(view: object) -> _Plan:
    view = check_shape(view)  # before hashing it: a field nested deep crashes hash()
    found = _PLANS.get(view)
    if found is not None:
        return found
    r = read_view(view)
    c = _constraints(r)
    b = view.variant.bidding
    assert b is not None
    n, me = view.players, view.seat
    mine = _my_layout(r)
    trumps = mask_table(view.variant, view.trump).trumps if view.trump is not None else 0
    trump_cards = mask_of([x for x in c.unseen if x.bit & trumps])
    non_trumps = mask_of([x for x in c.unseen if not x.bit & trumps])
    by_seat = {f.seat: f for f in r.seats}
    # the bidder's last-resort cases (BIDDING.md §3.4 K5): A, his discard holds no trump;
    # B, it holds one and he kept only trumps (then he discarded down to five exactly)
    options = [False]
    bf = by_seat.get(view.bidder) if view.bidder is not None else None
    if (bf is not None and lr_bidder(r, bf) and bf.discarded is not None
            and trump_link_open(bf) and all(x.bit & trumps for x in bf.played)):
        options.append(True)
    cases: list[_Case] = []
    for case_b in options:
        specs: list[_Spec] = []
        factor = 1
        for p in c.places:
            masks: set[int] = set()
            excl = mask_of(p.excluded)
            tester = None
            f = by_seat[p.seat] if p.seat is not None else None
            lr = f is not None and lr_bidder(r, f)
            if p.kind == "hand":
                assert f is not None
                if p.plays:
                    tester = _Tester(view.variant, view.trump, p.plays, None)
                    masks |= tester.masks
                if p.sealed:
                    weigh = _sealed_weight(b, n, f, lr, trumps)
                    if lr:
                        masks.add(trumps)
                    else:
                        factor *= weigh(0)
                        weigh = None  # type: ignore[assignment]
                    specs.append(_Spec(p.size, frozenset(masks), weigh, ("hand", p.seat)))
                    continue
                post = p.size + len(f.played)
                factor *= _COMB[post][f.drawn or 0]
                if lr and case_b:
                    excl |= non_trumps
            elif p.kind == "discard" and lr:
                if case_b:
                    masks.add(trumps)
                else:
                    excl |= trump_cards
            if excl:
                masks.add(excl)
            need_trump = p.kind == "discard" and lr and case_b
            weigh2 = None
            if tester is not None or excl or need_trump:
                weigh2 = _weigher(tester, excl, trumps if need_trump else 0)
            specs.append(_Spec(p.size, frozenset(masks), weigh2, (p.kind, p.seat)))
        counter = _Counter(c.unseen, specs)
        cases.append(_Case(counter, factor, counter.total * factor))
    total = sum(x.total for x in cases)
    if total == 0:
        raise InvalidArgumentError(
            f"no deal is consistent with seat {me}'s view: the cards it has not seen cannot "
            "be dealt so that every play of its history was legal (it is not a view the "
            "engine produced: BiddingHand.view(seat))")
    order = deal_order(b, n, dealer=view.dealer, packets=PACKETS[view.variant.table.deal_packets])
    scores = view.game.scores if view.game is not None else None
    if scores is not None and len(scores) != len(view.sides):  # pragma: no cover - guard
        scores = None
    target = view._replace(game=None, commitment=None)
    plan = _Plan(view, target, r, c, mine, tuple(cases), total, trumps, order, scores)
    probe = random.Random(0)
    try:
        got: BiddingView | None = _build(plan, probe)[0].view(me)._replace(
            game=None, commitment=None)  # the game around the hand is the caller's
    except TrumpFamilyError:
        got = None
    if got != target:
        if got is None:
            what = "its history cannot be replayed on a deal that fits its cards"
        else:
            fields = [name for name, a, x in zip(target._fields, target, got, strict=True)
                      if a != x]
            what = "replaying its history on a deal that fits its cards gives other " + \
                ", ".join(fields)
        raise InvalidArgumentError(
            f"no deal is consistent with seat {me}'s view: {what} (it is not a view the "
            "engine produced: BiddingHand.view(seat))")
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    _PLANS[view] = plan
    return plan


def _weigher(tester: _Tester | None, excl: int, need: int) -> Callable[[int], int]:
    def weight(hidden: int) -> int:
        if hidden & excl:
            return 0
        if need and not hidden & need:
            return 0
        if tester is not None and not tester.passes(hidden, False):
            return 0
        return 1
    return weight


# -- building a sample ---------------------------------------------------------------------


def _build(plan: _Plan, rng: random.Random) -> tuple[BiddingHand, list[tuple[int, Action]]]:
    """One deal drawn uniformly, replayed: the state, and the other seats' hidden actions
    filled in (history index, action)."""
    view, r, mine = plan.view, plan.reading, plan.mine
    b = view.variant.bidding
    assert b is not None
    n, me, dealer = view.players, view.seat, view.dealer
    x = rng.randrange(plan.total)
    for case in plan.cases:
        if x < case.total:
            break
        x -= case.total
    filled = case.counter.draw(rng)
    order = plan.order
    dealt_pos: list[list[int]] = [[] for _ in range(n)]
    extra_pos: list[list[int]] = [[] for _ in range(n)]
    kitty_pos: list[int] = []
    for at, to in enumerate(order):
        if to == KITTY:
            kitty_pos.append(at)
        elif len(dealt_pos[to]) < HAND_SIZE:
            dealt_pos[to].append(at)
        else:
            extra_pos[to].append(at)
    deck: list[Card | None] = [None] * len(view.variant.ranking.deck())
    bidder = view.bidder
    discard_of: dict[int, tuple[Card, ...]] = {}
    drawn_of: dict[int, list[Card]] = {me: list(mine.drawn)}
    trumps = plan.trumps
    for f in r.seats:
        s = f.seat
        if s == me:
            kept_cards = list(mine.dealt) + list(mine.extras)
            places = dealt_pos[s] + (extra_pos[s] if r.named else [])
            if r.kitty_taken and s == bidder:
                for pos, card in zip(kitty_pos, view.kitty, strict=True):
                    deck[pos] = card
            for pos, card in zip(places, kept_cards, strict=True):
                deck[pos] = card
            continue
        hand = filled[("hand", s)]
        if f.sealed:
            u = list(hand)
            lr = lr_bidder(r, f)
            t_cards = [c for c in u if c.bit & trumps] if lr else []
            o_cards = [c for c in u if not c.bit & trumps] if lr else u
            splits = list(_splits(b, n, f, len(u), len(t_cards), lr))
            pick = rng.randrange(sum(w for _, _, w in splits))
            for xx, j, w in splits:
                if pick < w:
                    break
                pick -= w
            gone = rng.sample(t_cards, j) + rng.sample(o_cards, xx - j)
            discard_of[s] = tuple(sorted(gone, key=lambda c: c.index))
            cards_u = u
        else:
            post = list(hand) + list(f.played)
            k = f.drawn or 0
            drew = rng.sample(post, k) if k else []
            drawn_of[s] = drew
            taken = set(drew)
            kept = [c for c in post if c not in taken]
            gone = filled.get(("discard", s), [])
            if f.discarded is not None:
                discard_of[s] = tuple(sorted(gone, key=lambda c: c.index))
            cards_u = kept + list(gone)
        places = dealt_pos[s] + (extra_pos[s] if r.named else [])
        if r.kitty_taken and s == bidder:
            places = places + kitty_pos
        shuffle(rng, cards_u)
        for pos, card in zip(places, cards_u, strict=True):
            deck[pos] = card
    if not r.named:
        for s in range(n):
            for pos, card in zip(extra_pos[s], filled.get(("extras", s), ()), strict=False):
                deck[pos] = card
    if not r.kitty_taken:
        for pos, card in zip(kitty_pos, filled.get(("kitty", None), ()), strict=False):
            deck[pos] = card
    at = len(order)
    for s in r.served:
        if view.drawn[s] is None:
            break
        for card in drawn_of[s]:
            deck[at] = card
            at += 1
    rest: list[Card] = []
    robber = r.robber
    robber_takes: list[Card] = []
    if robber is not None and view.drawn[robber] is not None:
        robber_takes = list(drawn_of[robber])
        if robber != me:
            shuffle(rng, robber_takes)
        rest += robber_takes
    rest += view.pack if r.pack_seen else filled.get(("stock", None), [])
    shuffle(rng, rest)
    for card in rest:
        deck[at] = card
        at += 1
    full = tuple(deck)
    state = new_bidding_hand(view.variant, players=n, dealer=dealer, deck=full,  # type: ignore[arg-type]
                             scores=plan.scores)  # type: ignore[arg-type]
    hidden: list[tuple[int, Action]] = []
    takes = iter(robber_takes)
    for i, turn in enumerate(view.history):
        action = turn.action
        if action is None:
            if turn.kind == "Discard":
                action = Discard(discard_of[turn.seat])
            else:
                action = Take(next(takes))
        if turn.seat != me:
            hidden.append((i, action))
        state = state.apply(action)
    return state, hidden


# -- public entry points (dispatched by trumpfamily.search) --------------------------------


def count_bidding_deals(view: Any) -> int:  # Any: checked by _plan, in either build
    """The exact number of deals consistent with a bidding ``view`` (module docstring;
    :func:`trumpfamily.search.count_deals` calls this for a
    :class:`~trumpfamily.outcomes.BiddingView`).

    Raises:
        InvalidArgumentError: as :func:`trumpfamily.search.count_deals`.
    """
    return _plan(view).total


def sample_bidding_deals(view: Any, n: int, rng: random.Random  # Any: checked by _plan
                         ) -> list[BiddingHand]:
    """``n`` deals consistent with a bidding ``view``, each uniform and independent
    (:func:`trumpfamily.search.sample_deals` calls this).

    Raises:
        InvalidArgumentError: as :func:`trumpfamily.search.sample_deals`.
    """
    plan = _plan(view)
    return [_checked(plan, rng)[0] for _ in range(n)]


def _checked(plan: _Plan, rng: random.Random) -> tuple[BiddingHand, list[tuple[int, Action]]]:
    state, hidden = _build(plan, rng)
    if state.view(plan.view.seat)._replace(game=None, commitment=None) != plan.target:  # pragma: no cover - a sampler bug
        raise TrumpFamilyError(
            f"internal error: a sampled deal does not replay to seat {plan.view.seat}'s view; "
            "please report it with the hand's record")
    return state, hidden


# -- inference -----------------------------------------------------------------------------


class Policy(Protocol):
    """A player: ``choose`` one action for a view (e.g.
    :class:`~trumpfamily.players.RuleOfThumbPlayer`)."""

    def choose(self, view: Any) -> Action: ...  # pragma: no cover - a protocol


class ActionPolicy(Protocol):
    """A player that gives the probability of each legal action: ``probabilities(view)``
    maps actions to probabilities (those left out: 0)."""

    def probabilities(self, view: Any) -> Mapping[Action, float]: ...  # pragma: no cover


#: The kinds of the other seats' actions :func:`weighted_deals` weighs (and ``"Play"``, the
#: other sides' cards, with ``plays=True``).
WEIGHED_KINDS: Final = frozenset({"Bid", "Pass", "NameTrump", "Discard", "Take"})


def _probability(policy: Any, view: BiddingView, action: Action, epsilon: float) -> float:
    probabilities = getattr(policy, "probabilities", None)
    legal = view.legal_actions
    if callable(probabilities):
        got = probabilities(view)
        if not isinstance(got, Mapping):
            raise InvalidArgumentError(
                f"policy.probabilities(view) gave {type(got).__name__}: expected a mapping "
                "of actions to probabilities")
        value = got.get(action, 0.0)
        # a float subclass (numpy's float64) is a number too; a bool is not
        if (not isinstance(value, int | float) or isinstance(value, bool)
                or not 0 <= value <= 1):  # NaN fails too
            raise InvalidArgumentError(
                f"policy.probabilities(view) gave {safe_repr(value)} for {action}: "
                "expected a probability from 0 to 1")
        p = float(value)
    else:
        p = 1.0 if policy.choose(view) == action else 0.0
    if epsilon:
        p = (1.0 - epsilon) * p + epsilon / len(legal)
    return p


@overload
def weighted_deals(
    view: BiddingView, n: int, *, policy: Policy | None = None, epsilon: float = 0.05,
    rng: random.Random | int | str | bytes | None = None, plays: bool = False,
) -> list[tuple[BiddingHand, float]]: ...
@overload
def weighted_deals(
    view: BiddingView, n: int, *, policy: ActionPolicy, epsilon: float = 0.05,
    rng: random.Random | int | str | bytes | None = None, plays: bool = False,
) -> list[tuple[BiddingHand, float]]: ...
def weighted_deals(  # the implementation takes Any: every argument is checked in its body
    view: Any, n: Any, *, policy: Any = None, epsilon: Any = 0.05, rng: Any = None,
    plays: Any = False,
) -> list[tuple[BiddingHand, float]]:
    """``n`` deals consistent with a bidding ``view``, each with the likelihood of what
    the other seats did under ``policy``: importance weights over uniform samples.

    Each deal is drawn as :func:`~trumpfamily.search.sample_deals` draws it (uniform over
    the consistent deals), then replayed; at each call (``Bid``, ``Pass``), trump choice
    (``NameTrump``), discard (``Discard``: the very cards the deal gives it, of which the
    view shows only the count) and take (``Take``, the robbing dealer) of a seat other
    than the viewer, the policy is asked for that seat's view then, and the probability it
    gives the action taken multiplies the weight. The viewer's own actions are not
    weighed, nor are the cards played unless ``plays`` (their legality is already in the
    deal). The weighted deals then estimate the posterior of the deals given those
    actions: the mean of ``g(deal)`` is ``sum(w * g(d)) / sum(w)`` (self-normalised
    importance sampling; the weights need not sum to 1).

    Args:
        view: a :class:`~trumpfamily.outcomes.BiddingView`.
        n: how many deals (an int, 0 or more).
        policy: ``None`` for :class:`~trumpfamily.players.RuleOfThumbPlayer` (deterministic);
            an object with ``choose(view) -> Action`` (a deterministic player: the action
            it chooses has probability 1, any other 0), or with
            ``probabilities(view) -> Mapping[Action, float]`` (a stochastic player).
        epsilon: mixes each probability with the uniform over the legal actions:
            ``(1 - epsilon) * p + epsilon / len(legal)``, so a deterministic policy does
            not give every deal but its own weight 0 (a float, 0 to 1; 0: no softening).
        rng: a :class:`random.Random`, a seed, or ``None`` (as
            :func:`~trumpfamily.search.sample_deals`).
        plays: also weigh each card played by a seat of another side than the viewer's
            (a bool; default ``False``). The viewer's partners' cards are not weighed: a
            partner plays as the viewer's side does, which ``policy`` need not model
            (a search bot's partner is the search bot). Against opponents that play
            as ``policy`` does, their cards say much of their hands; the weights then
            fall on fewer deals still.

    Returns:
        ``n`` pairs ``(state, weight)``: a :class:`~trumpfamily.bidding.engine.BiddingHand`
        consistent with ``view`` (``state.view(view.seat)`` equals it, ``game`` and
        ``commitment`` apart) and its weight (a float >= 0).

    Raises:
        InvalidArgumentError: as :func:`~trumpfamily.search.sample_deals`; ``policy`` has
            neither ``choose`` nor ``probabilities``; ``epsilon`` is not a number from 0
            to 1; ``plays`` is not a bool.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import weighted_deals
    >>> hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=8)
    >>> hand = hand.apply(tf.Bid(20))   # seat 0 bids 20: seat 1 weighs what that says
    >>> pairs = weighted_deals(hand.view(1), 50, rng=2)
    >>> all(d.view(1) == hand.view(1) for d, _ in pairs), all(w > 0 for _, w in pairs)
    (True, True)
    """
    from ..players import RuleOfThumbPlayer

    if type(n) is not int or n < 0:
        raise InvalidArgumentError(f"n={safe_repr(n)}: the number of deals is an int >= 0")
    if type(epsilon) not in (int, float) or not 0 <= epsilon <= 1:  # NaN fails too
        raise InvalidArgumentError(f"epsilon={safe_repr(epsilon)}: a number from 0 to 1")
    if type(plays) is not bool:
        raise InvalidArgumentError(f"plays={safe_repr(plays)}: True or False")
    if policy is None:
        policy = RuleOfThumbPlayer()
    if isinstance(policy, type):
        raise InvalidArgumentError(
            f"policy={policy.__name__}: a class; give an instance, e.g. {policy.__name__}()")
    if not callable(getattr(policy, "probabilities", None)) and not callable(
            getattr(policy, "choose", None)):
        raise InvalidArgumentError(
            f"policy={type(policy).__name__}: expected an object with choose(view) or "
            "probabilities(view)")
    gen = _rng(rng)
    plan = _plan(view)
    out = []
    for _ in range(n):
        state, _ = _checked(plan, gen)
        out.append((state, likelihood(state, plan.view.seat, policy, epsilon, plays)))
    return out


def likelihood(state: BiddingHand, seat: int, policy: Any, epsilon: float,
               plays: bool = False) -> float:
    """The probability that ``policy`` takes every call, trump choice, discard and take
    the seats other than ``seat`` took in ``state``'s history, and with ``plays`` every
    card the seats of the other sides played (internal; replays it)."""
    hand = new_bidding_hand(state.variant, players=state.players, dealer=state.dealer,
                            deck=state.deck, scores=state.scores)
    weight = 1.0
    history = state.history
    side = next(s for s in state.sides if seat in s) if plays else ()
    weighed = [turn.seat != seat and (turn.kind in WEIGHED_KINDS or plays
                                      and turn.kind == "Play" and turn.seat not in side)
               for turn in history]
    # the replay stops at the last action weighed (the cards played after it are not)
    last = max((i for i, w in enumerate(weighed) if w), default=-1)
    for i, turn in enumerate(history[:last + 1]):
        if weighed[i]:
            weight *= _probability(policy, hand.view(turn.seat), turn.action, epsilon)  # type: ignore[arg-type]
            if not weight:
                return 0.0
        hand = hand.apply(turn.action)  # type: ignore[arg-type]
    return weight


def metropolis_deals(  # the implementation takes Any: every argument is checked in its body
    view: Any, n: Any, *, policy: Any = None, epsilon: Any = 0.05, start: Any = 16,
    thin: Any = 6, rng: Any = None, plays: Any = False,
) -> list[BiddingHand]:
    """``n`` deals consistent with a bidding ``view``, drawn from the posterior of
    :func:`weighted_deals` (uniform over the consistent deals, times the likelihood of
    what the other seats did under ``policy``) by a Metropolis chain.

    Where the other seats' calls and discard counts say much, few uniform deals fit
    them: in Nova Scotia 45s's play the effective number of 64 weighted deals is about
    1.6 at the median (a pool of 256: 2.3), so resampling them gives one or two distinct
    worlds. The chain moves between fitting deals instead. It starts from the heaviest
    of ``start`` weighted deals; each step proposes a new deal, replays the history on
    it, and moves there with probability ``min(1, w' / w)`` (``w'`` is 0 when the replay
    is illegal or gives the viewer another view). Half the steps swap two cards the
    viewer has not seen (wherever they lie: other seats' hands, face-down discards, the
    kitty, the stock; never two of the stock left undrawn, the same deal), in the deck
    and in the hidden actions that name them (a discard, a take); the other half swap,
    in the deck only, two cards of one other seat from two origins (its dealt five, its
    extra cards, the kitty it took, its draw), which changes where a card it has since
    played came from, unseen by anyone but that seat. Both proposals are symmetric (a
    uniform pick among pairs whose number the view fixes), so the chain's stationary law
    is the posterior. Every ``thin``-th state is kept. The draws are dependent: the chain's worlds are a dependent sample of the
    posterior, not independent ones (use :func:`weighted_deals` for unbiased weighted
    estimates).

    Args:
        view: a :class:`~trumpfamily.outcomes.BiddingView`.
        n: how many deals (an int, 0 or more).
        policy, epsilon, plays: as :func:`weighted_deals`.
        start: the weighted deals the chain starts from (an int >= 1).
        thin: the steps between kept deals (an int >= 1); a call costs about ``start + n *
            thin`` replays.
        rng: a :class:`random.Random`, a seed, or ``None`` (as
            :func:`~trumpfamily.search.sample_deals`).

    Returns:
        ``n`` :class:`~trumpfamily.bidding.engine.BiddingHand` states, each consistent
        with ``view`` (``state.view(view.seat)`` equals it, ``game`` and ``commitment``
        apart); the same state object where the chain stayed put. If every start deal
        has weight 0 (possible only with ``epsilon=0``), ``n`` uniform deals instead.

    Raises:
        InvalidArgumentError: as :func:`weighted_deals`; ``start`` or ``thin`` is not an
            int >= 1.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import metropolis_deals
    >>> hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=8)
    >>> hand = hand.apply(tf.Bid(20))
    >>> deals = metropolis_deals(hand.view(1), 4, rng=2)
    >>> [d.view(1) == hand.view(1) for d in deals]
    [True, True, True, True]
    """
    from ..players import RuleOfThumbPlayer

    if type(n) is not int or n < 0:
        raise InvalidArgumentError(f"n={safe_repr(n)}: the number of deals is an int >= 0")
    for name, value in (("start", start), ("thin", thin)):
        if type(value) is not int or value < 1:
            raise InvalidArgumentError(f"{name}={safe_repr(value)}: an int >= 1")
    gen = _rng(rng)
    # checks the view, the policy and epsilon (n=0: nothing drawn)
    pairs = weighted_deals(view, start if n else 0, policy=policy, epsilon=epsilon, rng=gen,
                           plays=plays)
    if not n:
        return []
    if policy is None:
        policy = RuleOfThumbPlayer()
    plan = _plan(view)
    seat = plan.view.seat
    current, weight = max(pairs, key=lambda pair: pair[1])
    if weight <= 0:
        return sample_bidding_deals(view, n, gen)
    unseen = list(plan.constraints.unseen)
    # two cards both in the stock left undrawn are the same deal swapped: such pairs are
    # never proposed (their number is the same in every deal, so the proposal, uniform
    # over the other pairs, stays symmetric)
    rest = set(current.stock).intersection(unseen)
    movable = len(unseen) - len(rest) >= 1 and len(unseen) >= 2
    origins = _origin_pairs(current, seat)
    out: list[BiddingHand] = []
    for step in range(n * thin):
        # half the steps (when a seat has cards of two origins) swap where two of one
        # seat's cards came from, the rest two unseen cards
        if origins and (not movable or gen.random() < 0.5):
            x, y = gen.choice(origins)
            moved = _swapped(plan, current, x, y, relabel=False)
        elif movable:
            x, y = gen.sample(unseen, 2)
            while x in rest and y in rest:
                x, y = gen.sample(unseen, 2)
            moved = _swapped(plan, current, x, y, relabel=True)
        else:
            moved = None
        if moved is not None:
            w = likelihood(moved, seat, policy, epsilon, plays)
            if w >= weight or gen.random() * weight < w:
                current, weight = moved, w
                rest = set(current.stock).intersection(unseen)
                origins = _origin_pairs(current, seat)
        if (step + 1) % thin == 0:
            out.append(current)
    return out


def _origin_pairs(state: BiddingHand, viewer: int) -> list[tuple[Card, Card]]:
    """For each seat but the viewer, the pairs of its cards from two different origins: its
    dealt five, its extra cards, the kitty (the bidder's, once taken) and its draw.
    Swapping the two in the deck keeps every card with the same seat and changes only
    which it was dealt, so it reaches what the unseen swaps cannot: where a card it has
    since played came from. The number of pairs depends only on the view (the origins'
    sizes), so a uniform pick is a symmetric proposal."""
    dealt = new_bidding_hand(state.variant, players=state.players, dealer=state.dealer,
                             deck=state.deck)
    pairs: list[tuple[Card, Card]] = []
    for s in range(state.players):
        if s == viewer:
            continue
        blocks = [dealt.hands[s], dealt.extras[s], state.drawn[s] or ()]
        if state.kitty_taken and s == state.bidder:
            blocks.append(dealt.kitty)
        for i, one in enumerate(blocks):
            for other in blocks[i + 1:]:
                pairs += [(x, y) for x in one for y in other]
    return pairs


def _swapped(plan: _Plan, state: BiddingHand, x: Card, y: Card, *, relabel: bool
             ) -> BiddingHand | None:
    """``state``'s deal with the cards ``x`` and ``y`` swapped in the deck (and, with
    ``relabel``, in the hidden actions that name them: two unseen cards), replayed;
    ``None`` when the history is illegal on it or gives the viewer another view."""
    def swap(card: Card) -> Card:
        return y if card is x else x if card is y else card

    deck = tuple(swap(c) for c in state.deck)
    moved = new_bidding_hand(state.variant, players=state.players, dealer=state.dealer,
                             deck=deck, scores=plan.scores)
    try:
        for turn in state.history:
            action = turn.action
            if not relabel:
                pass
            elif isinstance(action, Discard) and (x in action.cards or y in action.cards):
                action = Discard(tuple(swap(c) for c in action.cards))
            elif isinstance(action, Take) and action.card in (x, y):
                action = Take(swap(action.card))
            moved = moved.apply(action)  # type: ignore[arg-type]
    except TrumpFamilyError:
        return None
    if moved.view(plan.view.seat)._replace(game=None, commitment=None) != plan.target:
        return None
    return moved
