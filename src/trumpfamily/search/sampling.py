"""Deals consistent with a seat's view: exact counting and uniform sampling (issue 11).

A search bot sees one :class:`~trumpfamily.outcomes.SeatView` and needs whole deals that
could lie behind it. :func:`sample_deal` returns a full
:class:`~trumpfamily.engine.HandState` at the same point of the hand, **uniformly** over
the deals consistent with the view; :func:`count_deals` says how many there are.

**What a deal is.** Every seat's dealt hand, the face-down discards (the robber's, the
dealer's for a turned-up joker) and the set of stock cards nobody has seen: the order of
unseen stock cards never matters to the play, so orders of them count as one deal (each
sample still shuffles them). The viewer's own cards are its own. A deal is *consistent*
when replaying the view's history on it reproduces the view exactly.

**Views the engine did not make.** A view whose parts cannot belong to one hand (a seat
off the table, a hand of the wrong size, a card in two places, a history that gives other
legal actions or counts) is refused with an
:class:`~trumpfamily.errors.InvalidArgumentError` that names what is inconsistent.

**How.** :func:`~trumpfamily.search.constraints.constraints` lists the places unseen cards
may lie in and the plays that prove something about them. The unseen cards fall into
*classes*: cards alike for every proof (the same suit, the same standing against every
trump led, the Ace of trumps alone). Whether a hidden hand passes its seat's proofs
depends only on how many cards of each class it holds, and is decided by the library's
own legality test (:func:`trumpfamily.tables.legal_mask`) on a representative hand.
Counting is then exact dynamic programming over the places and the class counts (a
product of binomials per step), and sampling draws each place's class counts in turn with
probability proportional to the number of deals that complete it, then the cards of each
class uniformly: no rejection. The one fact no class count can settle, whether a silent
holder of the Ace of trumps is barred from the pool (``unrobbed_ace="cannot-win"``,
RULES.md §1.5, EX-51), is counted case by case, and a case is kept only if a replay of one
of its deals reproduces the view. While the hand runs every case does (the bar is the
holder's secret, and nothing the table sees depends on it); once the hand is
over the settled bar names the holder in the view (and
:func:`~trumpfamily.search.constraints.constraints` places the Ace with him).

Every sample is replayed through the engine (:func:`~trumpfamily.engine.new_hand` and
:meth:`~trumpfamily.engine.HandState.apply`), so it is a real state of the hand.

A :class:`~trumpfamily.outcomes.BiddingView` is dispatched to
:mod:`trumpfamily.search.bidding_sampling` (the same method over a bidding hand's places;
the samples are :class:`~trumpfamily.bidding.engine.BiddingHand` states).

>>> import trumpfamily as tf
>>> from trumpfamily.search import count_deals, sample_deal
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, seed=5)
>>> view = state.view(0)
>>> import math  # nothing played yet: any 5 of the 46 unseen cards, then any 5 of 41
>>> count_deals(view) == math.comb(46, 5) * math.comb(41, 5)
True
>>> sample = sample_deal(view, rng=1)
>>> sample.view(0) == view
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, overload

import attrs

from ..actions import Action, Rob
from ..cards import JK, Card
from ..dealing import seating_for
from ..engine import HandState, new_hand
from ..errors import InvalidArgumentError, InvalidDeckError, TrumpFamilyError, safe_repr
from ..outcomes import BiddingView, SeatView
from ..robbing import unrobbed_penalty
from ..tables import mask_of
from .constraints import (
    Constraints,
    Place,
    _Story,
    check_shape,
    constraints,
    read_story,
)
from .proofs import _random_or_seeded as _rng
from .proofs import _shuffle as shuffle
from .proofs import _Tester, compositions

if TYPE_CHECKING:
    from ..bidding.engine import BiddingHand

__all__ = ["count_deals", "sample_deal", "sample_deals"]

_Vec = tuple[int, ...]


_COMB: Final = [[math.comb(r, x) for x in range(54)] for r in range(54)]


class _Case:
    """One case of the count: the places, their restrictions, and the exact counter.

    The constrained places come first, in stages: stage ``i`` fills place ``i`` and
    groups the unseen cards into the classes that places ``i..`` tell apart, so later
    stages work on coarser classes. The free places share the rest by a multinomial.
    """

    def __init__(self, c: Constraints, places: Sequence[Place], silent_demotes: bool) -> None:
        variant, trump = c.variant, c.trump
        ace = c.ace_of_trumps
        self.silent_demotes = silent_demotes
        own_masks: list[set[int]] = []
        testers: list[_Tester] = []
        for p in places:
            silent_ace = ace if p.ace_silent and silent_demotes else None
            tester = _Tester(variant, trump, p.plays, silent_ace)
            masks = set(tester.masks)
            if p.excluded:
                masks.add(mask_of(p.excluded))
            own_masks.append(masks)
            testers.append(tester)
        # the constrained places first, those telling most classes apart leading
        idx = sorted(range(len(places)), key=lambda i: (places[i].free, -len(own_masks[i])))
        self.places = [places[i] for i in idx]
        self.testers = [testers[i] for i in idx]
        own = [own_masks[i] for i in idx]
        self.first_free = next(
            (i for i, p in enumerate(self.places) if p.free), len(self.places))
        ff = self.first_free
        # stage classes: the unseen cards grouped by the masks of places i..first_free-1
        self.atoms: list[list[list[Card]]] = []
        self.proj: list[list[int]] = []
        keys: list[list[tuple[bool, ...]]] = []
        for i in range(ff + 1):
            order = sorted(set().union(*own[i:ff])) if i < ff else []
            groups: dict[tuple[bool, ...], list[Card]] = {}
            for card in c.unseen:
                groups.setdefault(tuple(bool(card.bit & mk) for mk in order), []).append(card)
            self.atoms.append(list(groups.values()))
        for i in range(ff):
            where = {a[0]: j for j, a in enumerate(self.atoms[i + 1])}
            block = {}
            for j, a in enumerate(self.atoms[i + 1]):
                for card in a:
                    block[card] = j
            self.proj.append([block[a[0]] for a in self.atoms[i]])
            del where
        del keys
        self.prefix = [
            [[mask_of(a[:k]) for k in range(len(a) + 1)] for a in atoms] for atoms in self.atoms
        ]
        self.ace_atom = [
            next((j for j, a in enumerate(atoms) if ace is not None and a == [ace]), -1)
            for atoms in self.atoms
        ]
        self.excluded_atoms = []
        for i, p in enumerate(self.places[:ff]):
            bad = set(p.excluded)
            self.excluded_atoms.append(
                {j for j, a in enumerate(self.atoms[i]) if a[0] in bad})
        # every class count each constrained place may hold, out of the whole pool
        self.admitted: list[list[_Vec]] = []
        for i in range(ff):
            full = tuple(len(a) for a in self.atoms[i])
            self.admitted.append([k for k in compositions(self.places[i].size, full)
                                  if self._admits(i, k)])
        self._memo: dict[tuple[int, _Vec], int] = {}
        self.start: _Vec = tuple(len(a) for a in self.atoms[0])
        self.free_ways = 1
        self.total = self.count(0, self.start)

    # -- the test of one place ---------------------------------------------------------

    def _admits(self, i: int, k: _Vec) -> bool:
        """Whether place ``i`` may hold ``k[j]`` cards of each class ``j`` of stage ``i``:
        no excluded class, and every play of its seat legal for the hand (the library's
        own test, ``legal_mask``, on a representative hand of those counts)."""
        if any(k[j] for j in self.excluded_atoms[i]):
            return False
        tester = self.testers[i]
        if not tester.facts:
            return True
        hidden = 0
        prefix = self.prefix[i]
        for j, kj in enumerate(k):
            if kj:
                hidden |= prefix[j][kj]
        ace = self.ace_atom[i]
        return tester.passes(hidden, self.places[i].ace_silent and self.silent_demotes
                             and ace >= 0 and k[ace] > 0)

    def _choices(self, i: int, rem: _Vec) -> Iterator[tuple[_Vec, _Vec, int]]:
        """Each admitted class count ``k`` of place ``i`` within ``rem``, with the rest
        projected to the next stage's classes and the ways to pick the cards."""
        proj = self.proj[i]
        width = len(self.atoms[i + 1])
        for k in self.admitted[i]:
            ways = 1
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

    # -- counting ----------------------------------------------------------------------

    def count(self, i: int, rem: _Vec) -> int:
        """The number of ways to fill places ``i..`` with the cards ``rem`` (classes of
        stage ``i``)."""
        if i >= self.first_free:
            ways = math.factorial(sum(rem))
            for p in self.places[i:]:
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

    def draw(self, rng: random.Random) -> list[list[Card]]:
        """One filling of the places, uniform over all of them (in ``self.places`` order)."""
        avail = [list(a) for a in self.atoms[0]]
        rem = self.start
        out: list[list[Card]] = []
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
            out.append(cards)
            merged: list[list[Card]] = [[] for _ in self.atoms[i + 1]]
            for j, a in enumerate(avail):
                merged[self.proj[i][j]].extend(a)
            avail, rem = merged, nxt
        left = [c for a in avail for c in a]
        shuffle(rng, left)
        at = 0
        for p in self.places[self.first_free:]:
            out.append(left[at : at + p.size])
            at += p.size
        return out


@attrs.frozen(eq=False)
class _Plan:
    """Everything needed to sample one view's deals (cached per view)."""

    view: SeatView
    target: SeatView  # the view a replay must give (game and commitment left out)
    constraints: Constraints
    story: _Story
    cases: tuple[_Case, ...]
    weights: tuple[int, ...]
    total: int


_PLANS: Final[dict[SeatView, _Plan]] = {}
_MAX_PLANS: Final = 64


def _plan(unchecked: object) -> _Plan:
    # ``object``: the view is checked here, in either build (docs/howto/compiled.rst).
    # Its shape (every field of its exact type) before hashing it; whether its parts
    # agree (check_view) by constraints() below, once per plan: a view equal to a planned
    # one, field types and all, has passed that check.
    view = check_shape(unchecked)
    try:
        found = _PLANS.get(view)
    except TypeError:  # pragma: no cover - an unhashable field
        found = None
    if found is not None:
        return found
    c = constraints(view)
    story = read_story(view)
    target = view._replace(game=None, commitment=None)
    demotes = unrobbed_penalty(view.variant.robbing, announced=False)[0]
    ace = c.ace_of_trumps
    cases: list[_Case] = []
    weights: list[int] = []
    if not c.bar_candidates:
        main = _Case(c, c.places, demotes)
        if main.total:  # every deal of the case replays alike: try one (module docstring)
            probe = random.Random(0)
            _refuse_if_other(view, target, _replay(view, c, story, main, main.draw(probe),
                                                   probe))
        cases.append(main)
        weights.append(main.total)
    else:
        assert ace is not None
        bar = set(c.bar_candidates)
        # no hidden bar: the Ace of trumps is with none of the seats it would bar
        places = [
            _exclude(p, ace) if p.kind == "hand" and p.seat in bar else p for p in c.places
        ]
        options = [places] + [
            [p if (p.kind == "hand" and p.seat == h) else _exclude(p, ace) for p in c.places]
            for h in c.bar_candidates
        ]
        probe = random.Random(0)
        for places in options:
            case = _Case(c, places, demotes)
            weight = case.total
            if weight and _replay(view, c, story, case, case.draw(probe), probe) != target:
                weight = 0  # this case's play would have gone otherwise
            cases.append(case)
            weights.append(weight)
    total = sum(weights)
    if total == 0:
        raise InvalidArgumentError(
            f"no deal is consistent with seat {view.seat}'s view: the cards it has not "
            "seen cannot be dealt so that every play of its history was legal (it is not "
            "a view the engine produced: HandState.view(seat))")
    plan = _Plan(view, target, c, story, tuple(cases), tuple(weights), total)
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    _PLANS[view] = plan
    return plan


def _refuse_if_other(view: SeatView, target: SeatView, got: SeatView | None) -> None:
    """Refuse ``view`` when a deal that fits what it proves does not replay to it: the
    view's parts disagree with the rules (e.g. legal actions, phase or counts the
    history does not give), so no deal is consistent with it."""
    if got == target:
        return
    if got is None:
        what = "its history cannot be replayed on a deal that fits its cards"
    else:
        fields = [name for name, a, b in zip(target._fields, target, got, strict=True)
                  if a != b]
        what = ("replaying its history on a deal that fits its cards gives other "
                + ", ".join(fields))
    raise InvalidArgumentError(
        f"no deal is consistent with seat {view.seat}'s view: {what} (it is not a view "
        "the engine produced: HandState.view(seat))")


def _exclude(p: Place, card: Card) -> Place:
    if card in p.excluded:
        return p
    return attrs.evolve(p, excluded=tuple(sorted(p.excluded + (card,), key=lambda c: c.index)))


def _replay(
    view: SeatView, c: Constraints, story: _Story, case: _Case, filled: list[list[Card]],
    rng: random.Random,
) -> SeatView | None:
    """The viewer's view after replaying the history on the deal ``filled`` gives, or
    ``None`` if the history does not replay."""
    try:
        return _build(view, c, story, case.places, filled, rng).view(view.seat)
    except TrumpFamilyError:
        return None


def _build(
    view: SeatView, c: Constraints, story: _Story, places: Sequence[Place],
    filled: list[list[Card]], rng: random.Random,
) -> HandState:
    """The deck that deals ``filled`` (the cards of each of ``places``, in order; with the
    view's seen cards in their places), and the history replayed on it."""
    n, me, dealer = view.players, view.seat, view.dealer
    hidden: dict[int, list[Card]] = {}
    discard = joker_discard = None
    stock: list[Card] = []
    for place, cards in zip(places, filled):
        if place.kind == "hand":
            assert place.seat is not None
            hidden[place.seat] = cards + list(place.known)
        elif place.kind == "discard":
            discard = cards[0]
        elif place.kind == "joker-discard":
            joker_discard = cards[0]
        else:
            stock = cards
    if view.my_discard is not None:
        discard = view.my_discard
    if view.my_joker_discard is not None:
        joker_discard = view.my_joker_discard
    played: dict[int, list[Card]] = {s: [] for s in range(n)}
    for _, seat, card in story.plays:
        played[seat].append(card)
    joker_taken = story.joker_at is not None
    robber = view.robbed_by
    s_ = seating_for(view.variant, n, dealer)
    deck: list[Card | None] = [None] * len(s_.base_deck)
    everything = tuple(range(len(deck)))
    for seat in range(n):
        now = list(view.hand) if seat == me else hidden[seat]
        cards = now + played[seat]
        if seat == robber:
            cards = [x for x in cards if x is not view.turned_up] + [discard]  # type: ignore[list-item]
        if joker_taken and seat == dealer:
            cards = [x for x in cards if x is not JK] + [joker_discard]  # type: ignore[list-item]
        if seat == me:  # keep the viewer's hand order
            rest = [x for x in cards if x not in view.hand]
            cards = [x for x in view.hand if x in cards] + rest
        positions: tuple[int, ...] = s_.getters[seat](everything)  # type: ignore[arg-type,assignment]
        for pos, card in zip(positions, cards):
            deck[pos] = card
    at = s_.turn_up_at
    if view.turned_up is JK:  # the joker waits for the dealer's discard
        up: list[Card] = [JK]
    elif joker_taken:
        up = [JK, view.turned_up]
    else:
        up = [*view.fived, view.turned_up]
    for i, card in enumerate(up):
        deck[at + i] = card
    shuffle(rng, stock)
    it = iter(stock)
    full: list[Card] = []
    for x in deck:
        if x is None:
            x = next(it, None)
            if x is None:  # the view's cards do not fill the deck: no deal replays to it
                raise InvalidDeckError("the view's cards and counts do not fill a deck")
        full.append(x)
    state = new_hand(view.variant, players=n, dealer=dealer, deck=tuple(full))
    for i, turn in enumerate(view.history):
        action: Action | None = turn.action
        if action is None:  # a face-down discard the viewer cannot see
            action = Rob(joker_discard if i == story.joker_at else discard)  # type: ignore[arg-type]
        state = state.apply(action)
    return state


@overload
def count_deals(view: SeatView) -> int: ...
@overload
def count_deals(view: BiddingView) -> int: ...
def count_deals(view: Any) -> int:  # Any: checked in the body, in either build
    """The exact number of deals consistent with ``view``.

    A deal is every seat's dealt hand, the face-down discards (the robber's, the dealer's
    for a turned-up joker) and the set of unseen stock cards (module docstring); it is
    consistent when replaying the view's history on it gives the view again. The count
    is exact: dynamic programming over the places of
    :func:`~trumpfamily.search.constraints.constraints` and the classes of unseen cards.
    A bidding view's deals are defined in :mod:`~trumpfamily.search.bidding_sampling`
    (the kitty, the extra cards, each seat's discards and draws as well).

    Args:
        view: a turn-up game's :class:`~trumpfamily.outcomes.SeatView`. Its ``game`` and
            ``commitment`` fields are not read.

    Returns:
        The number of deals (an int, at least 1 for a view the engine produced).

    Raises:
        InvalidArgumentError: ``view`` is not a view, or no deal fits it: a
            view the engine did not produce, the message naming what is inconsistent
            (``"seat 7 is not a seat of a 4-player table"``, a hand of the wrong size, a
            card seen twice, a replay that gives other legal actions...).

    >>> import math, trumpfamily as tf
    >>> from trumpfamily.search import count_deals
    >>> view = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, seed=3).view(0)
    >>> count_deals(view) == math.comb(46, 5)  # the other hand; the stock is the rest
    True
    """
    if isinstance(view, BiddingView):
        from .bidding_sampling import count_bidding_deals

        return count_bidding_deals(view)
    return _plan(view).total


@overload
def sample_deals(view: SeatView, n: int,
                 rng: random.Random | int | str | bytes | None = None) -> list[HandState]: ...
@overload
def sample_deals(view: BiddingView, n: int,
                 rng: random.Random | int | str | bytes | None = None) -> list[BiddingHand]: ...
def sample_deals(view: Any, n: Any, rng: Any = None  # Any: checked in the body
                 ) -> list[HandState] | list[BiddingHand]:
    """``n`` deals consistent with ``view``, each drawn uniformly and independently.

    Args:
        view: a turn-up game's :class:`~trumpfamily.outcomes.SeatView`, or a
            :class:`~trumpfamily.outcomes.BiddingView` (then the deals are
            :class:`~trumpfamily.bidding.engine.BiddingHand` states:
            :mod:`~trumpfamily.search.bidding_sampling`).
        n: how many deals (an int, 0 or more).
        rng: a :class:`random.Random` (used and advanced), a seed (an int, str or bytes,
            as the bots and :func:`~trumpfamily.tournament.tournament` take), or ``None``
            (unpredictable).

    Returns:
        ``n`` full :class:`~trumpfamily.engine.HandState` values at the view's point of
        the hand: ``sample.view(view.seat)`` equals ``view`` (history and legal actions
        included) except for ``game`` and ``commitment``, which a hand on its own does not
        have (they are ``None`` in the sample's view). Every seat's cards, the
        discards and the stock are filled in; the unseen stock is in random order.

    Raises:
        InvalidArgumentError: as for :func:`count_deals`; ``n`` is not an int >= 0;
            ``rng`` is not a ``random.Random``, a seed (int, str,
            bytes) or ``None``.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import sample_deals
    >>> state = tf.new_hand(tf.MAW, players=4, dealer=3, seed=11)
    >>> state = state.apply(state.legal_actions()[0])
    >>> deals = sample_deals(state.view(1), 3, rng=7)
    >>> [d.view(1) == state.view(1) for d in deals]
    [True, True, True]
    """
    if type(n) is not int or n < 0:
        raise InvalidArgumentError(f"n={safe_repr(n)}: the number of deals is an int >= 0")
    gen = _rng(rng)
    if isinstance(view, BiddingView):
        from .bidding_sampling import sample_bidding_deals

        return sample_bidding_deals(view, n, gen)
    plan = _plan(view)
    out = []
    for _ in range(n):
        out.append(_sample(plan, gen))
    return out


@overload
def sample_deal(view: SeatView, rng: random.Random | int | str | bytes | None = None
                ) -> HandState: ...
@overload
def sample_deal(view: BiddingView, rng: random.Random | int | str | bytes | None = None
                ) -> BiddingHand: ...
def sample_deal(view: Any, rng: Any = None  # Any: checked in the body
                ) -> HandState | BiddingHand:
    """One deal consistent with ``view``, uniform over all of them (:func:`count_deals`).

    Args:
        view: a turn-up game's :class:`~trumpfamily.outcomes.SeatView`.
        rng: a :class:`random.Random` (used and advanced), a seed (an int, str or
            bytes), or ``None``.

    Returns:
        A full :class:`~trumpfamily.engine.HandState` at the view's point of the hand,
        with ``sample.view(view.seat) == view`` (``game`` and ``commitment`` apart: see
        :func:`sample_deals`).

    Raises:
        InvalidArgumentError: ``view`` is not a view, or no deal fits it (as
            :func:`count_deals`); ``rng`` is not a ``random.Random``, a seed (int, str,
            bytes) or ``None``.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import sample_deal
    >>> state = tf.new_hand(tf.TWENTY_FIVE, players=3, dealer=0, seed=2)
    >>> sample_deal(state.view(2), rng=4).hands[2] == state.hands[2]
    True
    """
    gen = _rng(rng)
    if isinstance(view, BiddingView):
        from .bidding_sampling import sample_bidding_deals

        return sample_bidding_deals(view, 1, gen)[0]
    return _sample(_plan(view), gen)


def _sample(plan: _Plan, rng: random.Random) -> HandState:
    r = rng.randrange(plan.total)
    for case, weight in zip(plan.cases, plan.weights):
        if r < weight:
            break
        r -= weight
    state = _build(plan.view, plan.constraints, plan.story, case.places, case.draw(rng), rng)
    if state.view(plan.view.seat) != plan.target:  # pragma: no cover - a sampler bug
        raise TrumpFamilyError(
            f"internal error: a sampled deal does not replay to seat {plan.view.seat}'s view; "
            "please report it with the hand's record")
    return state
