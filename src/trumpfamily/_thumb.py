"""The rules of thumb of :mod:`trumpfamily.players`: their decisions and their reasons.

:class:`~trumpfamily.players.RuleOfThumbPlayer` and
:class:`~trumpfamily.players.ContextRuleOfThumbPlayer` (public classes, which stay Python)
check their view and ask these functions; the search bots' rollouts, the bid advisor and
the bidding sampler's inference ask them thousands of times a decision, which is why they
live here, in a module the compiled build compiles (issue 24: ``docs/howto/compiled.rst``).
Each ``*_reason`` function takes the same branches as the decision it explains.

The bidding decisions read a few fields of their view only (:class:`BiddingFacts`): a
:class:`~trumpfamily.outcomes.BiddingView`, or the facts the bidding fast path builds from
a spot (``trumpfamily._simulate_bidding``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, Protocol

from .actions import (
    AcceptFive,
    Action,
    AskFive,
    Bid,
    Claim,
    Discard,
    NameTrump,
    Pass,
    Play,
    RefuseFive,
    Rob,
    Take,
)
from .bidding import is_all_five_bid
from .cards import Card, Rank, Suit
from .outcomes import HAND_SIZE, AnyView, BiddingView, SeatView
from .play import play_context
from .tables import PlayContext
from .variants import Variant


class TrickFacts(Protocol):
    """What the rule of thumb reads of a view to choose a card to the trick."""

    @property
    def seat(self) -> int: ...  # pragma: no cover - a protocol
    @property
    def players(self) -> int: ...  # pragma: no cover
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...  # pragma: no cover
    @property
    def current_trick(self) -> tuple[Card, ...]: ...  # pragma: no cover
    @property
    def leader(self) -> int: ...  # pragma: no cover


class BiddingFacts(TrickFacts, Protocol):
    """What the rule of thumb reads of a bidding game's view (a
    :class:`~trumpfamily.outcomes.BiddingView` has them all)."""

    @property
    def variant(self) -> Variant: ...  # pragma: no cover
    @property
    def hand(self) -> tuple[Card, ...]: ...  # pragma: no cover
    @property
    def trump(self) -> Suit | None: ...  # pragma: no cover
    @property
    def high_bid(self) -> int | None: ...  # pragma: no cover
    @property
    def high_bidder(self) -> int | None: ...  # pragma: no cover


# -- the turn-up games -----------------------------------------------------------------------


def _thumb_choice(view: SeatView, legal: tuple[Action, ...]) -> Action:
    """:class:`~trumpfamily.players.RuleOfThumbPlayer`'s action in a turn-up game (``legal``:
    the view's legal actions, not empty)."""
    if view.trump is None:  # the dealer takes a turned-up joker: any discard will do
        return legal[0]
    ctx = play_context(view.variant, view.trump, view.demoted)
    has_trump = any(ctx.suit_of[c] is ctx.trump for c in view.hand)
    plays: list[Card] = []
    robs: list[Card] = []
    for action in legal:
        if isinstance(action, Claim):
            return action
        if isinstance(action, Rob):
            robs.append(action.discard)
        elif isinstance(action, Play):
            plays.append(action.card)
    if robs:
        return Rob(min(robs, key=lambda c: _strength(c, ctx)))
    if _offered(AskFive, legal) and not has_trump:
        return AskFive()
    if _offered(AcceptFive, legal):
        return AcceptFive() if not has_trump else RefuseFive()
    if not plays:
        return legal[0]
    return _played(_card(view, plays, ctx), legal)


def _offered(kind: type[Action], legal: Sequence[Action]) -> bool:
    """``kind() in legal`` for an action without fields (``AskFive``, ``Pass``...), without
    making one: such an action equals exactly the actions of its class."""
    return any(type(a) is kind for a in legal)


def _played(card: Card, legal: Sequence[Action]) -> Action:
    """``Play(card)``: the one ``legal`` holds (equal to a new one, and cheaper than
    making it)."""
    for action in legal:
        if type(action) is Play and action.card is card:
            return action
    return Play(card)  # pragma: no cover - the engine's views offer Play values only


def _card(view: TrickFacts, plays: list[Card], ctx: PlayContext) -> Card:
    """The rule of thumb's card: lead the strongest; follow with the lowest that takes the
    trick, or the lowest when none does or a partner is winning it."""
    lowest = min(plays, key=lambda c: _strength(c, ctx))
    trick = view.current_trick
    if not trick:
        return max(plays, key=lambda c: _strength(c, ctx))
    power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
    led = suit_of[trick[0]]
    at = ctx.winner(trick)
    best = trick[at]
    winning_seat = (view.leader + at) % view.players
    partners = next(side for side in view.sides if view.seat in side)
    if winning_seat in partners:
        return lowest
    beaters = [c for c in plays if power[c] > power[best] and suit_of[c] in (led, trump)]
    return min(beaters, key=lambda c: _strength(c, ctx)) if beaters else lowest


def _thumb_reason(view: SeatView, legal: tuple[Action, ...]) -> tuple[Action, str]:
    """:class:`RuleOfThumbPlayer`'s action in a turn-up game and its rule (the same
    branches as :meth:`RuleOfThumbPlayer.choose`)."""
    if view.trump is None:
        return legal[0], "a turned-up joker: any discard will do (the first)"
    ctx = play_context(view.variant, view.trump, view.demoted)
    has_trump = any(ctx.suit_of[c] is ctx.trump for c in view.hand)
    plays: list[Card] = []
    robs: list[Card] = []
    for action in legal:
        if isinstance(action, Claim):
            return action, "claim the pool (the rule of thumb never jinks)"
        if isinstance(action, Rob):
            robs.append(action.discard)
        elif isinstance(action, Play):
            plays.append(action.card)
    if robs:
        card = min(robs, key=lambda c: _strength(c, ctx))
        return Rob(card), f"rob the turn-up, discarding {card}, the weakest card"
    if _offered(AskFive, legal) and not has_trump:
        return AskFive(), "ask to five: no trump in hand"
    if _offered(AcceptFive, legal):
        if not has_trump:
            return AcceptFive(), "agree to five: no trump in hand"
        return RefuseFive(), "refuse to five: holding a trump"
    if not plays:
        if len(legal) == 1:
            return legal[0], "the only legal action"
        return legal[0], f"no card to play yet: the first offer, {legal[0]}"
    return _card_reason(view, plays, ctx)


def _card_reason(view: AnyView, plays: list[Card], ctx: PlayContext) -> tuple[Action, str]:
    """:meth:`RuleOfThumbPlayer._card` and its rule."""
    lowest = min(plays, key=lambda c: _strength(c, ctx))
    trick = view.current_trick
    if not trick:
        card = max(plays, key=lambda c: _strength(c, ctx))
        return Play(card), f"lead the strongest card, {card}"
    power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
    led = suit_of[trick[0]]
    at = ctx.winner(trick)
    best = trick[at]
    winning_seat = (view.leader + at) % view.players
    partners = next(side for side in view.sides if view.seat in side)
    if winning_seat in partners:
        return Play(lowest), f"a partner is winning the trick: play the lowest card, {lowest}"
    beaters = [c for c in plays if power[c] > power[best] and suit_of[c] in (led, trump)]
    if beaters:
        card = min(beaters, key=lambda c: _strength(c, ctx))
        return Play(card), f"take the trick with the lowest card that wins, {card}"
    return Play(lowest), f"no card takes the trick: play the lowest, {lowest}"


# -- the context rules (ContextRuleOfThumbPlayer) --------------------------------------------


def _unseen_trumps(view: SeatView, ctx: PlayContext) -> list[int]:
    """The powers of the trumps ``view``'s seat has not seen (in other hands or the
    stock; a robbed turn-up counts as unseen, it is in the robber's hand)."""
    seen = set(view.hand) | set(view.current_trick) | set(view.fived)
    seen.update(c for t in view.tricks for c in t.cards)
    if view.turn_up is not None:
        seen.add(view.turn_up)
    if view.my_discard is not None:
        seen.add(view.my_discard)
    if view.my_joker_discard is not None:
        seen.add(view.my_joker_discard)
    trump = ctx.trump
    return [ctx.power[c] for c in ctx.deck if ctx.suit_of[c] is trump and c not in seen]


def _masters(view: SeatView, cards: Sequence[Card], ctx: PlayContext) -> list[Card]:
    """The trumps of ``cards`` above every trump the seat has not seen."""
    top = max(_unseen_trumps(view, ctx), default=-1)
    return [c for c in cards if ctx.suit_of[c] is ctx.trump and ctx.power[c] > top]


def _all_masters(view: SeatView, ctx: PlayContext) -> bool:
    return bool(view.hand) and len(_masters(view, view.hand, ctx)) == len(view.hand)


def _side_of(view: SeatView, seat: int) -> int:
    return next(i for i, side in enumerate(view.sides) if seat in side)


def _side_tricks(view: SeatView) -> list[int]:
    return [sum(view.trick_counts[x] for x in side) for side in view.sides]


def _threat(view: SeatView, side: int) -> bool:
    """Whether ``side`` would win the pool with one more trick, or, in a points game,
    come within one trick of the target (``view.game``)."""
    tricks = _side_tricks(view)[side]
    needed = view.tricks_needed
    if needed is not None:
        barred = {b.seat for b in view.barred}
        if all(x in barred for x in view.sides[side]):
            return False
        return tricks + 1 >= needed
    game = view.game
    scoring = view.variant.scoring
    if game is None or game.scores is None or game.target is None:
        return False
    ppt = scoring.points_per_trick or 0
    return game.scores[side] + ppt * (tricks + 2) >= game.target


def _pool_open(view: SeatView, side: int) -> bool:
    """Whether ``side`` can still reach the pool (always ``True`` in points games)."""
    needed = view.tricks_needed
    if needed is None:
        return True
    left = HAND_SIZE - len(view.tricks)
    return _side_tricks(view)[side] + left >= needed


def _context_card(view: SeatView, plays: list[Card], ctx: PlayContext) -> Card:
    """:class:`ContextRuleOfThumbPlayer`'s card."""
    power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
    lowest = min(plays, key=power.__getitem__)
    mine = _side_of(view, view.seat)
    trick = view.current_trick
    if not trick:
        masters = _masters(view, plays, ctx)
        if masters:
            return min(masters, key=power.__getitem__)
        if not _pool_open(view, mine):
            return lowest
        plain = [c for c in plays if suit_of[c] is not trump]
        if not plain:
            return max(plays, key=power.__getitem__)
        kings = [c for c in plain if c.rank is Rank.KING]
        return kings[0] if kings else min(plain, key=power.__getitem__)
    at = ctx.winner(trick)
    winning = (view.leader + at) % view.players
    their = _side_of(view, winning)
    if their == mine:
        return lowest
    best = trick[at]
    led = suit_of[trick[0]]
    beaters = sorted((c for c in plays if power[c] > power[best] and suit_of[c] in (led, trump)),
                     key=power.__getitem__)
    if not beaters:
        return lowest
    last = len(trick) == view.players - 1
    if _threat(view, their):
        return beaters[0] if last else beaters[-1]
    if not _pool_open(view, mine):
        return lowest
    if not last:
        masters = _masters(view, beaters, ctx)
        if masters:
            return masters[0]
    return beaters[0]


def _context_card_reason(view: SeatView, plays: list[Card], ctx: PlayContext
                         ) -> tuple[Card, str]:
    """:func:`_context_card` and the rule that chose it (the same branches)."""
    power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
    lowest = min(plays, key=power.__getitem__)
    mine = _side_of(view, view.seat)
    trick = view.current_trick
    if not trick:
        masters = _masters(view, plays, ctx)
        if masters:
            card = min(masters, key=power.__getitem__)
            return card, f"lead the lowest master trump, {card}"
        if not _pool_open(view, mine):
            return lowest, f"the pool is out of reach: lead the lowest card, {lowest}"
        plain = [c for c in plays if suit_of[c] is not trump]
        if not plain:
            card = max(plays, key=power.__getitem__)
            return card, f"only trumps in hand: lead the strongest, {card}"
        kings = [c for c in plain if c.rank is Rank.KING]
        if kings:
            return kings[0], f"lead a plain King, {kings[0]}, keeping the trumps"
        card = min(plain, key=power.__getitem__)
        return card, f"lead the lowest plain card, {card}, keeping the trumps"
    at = ctx.winner(trick)
    winning = (view.leader + at) % view.players
    their = _side_of(view, winning)
    if their == mine:
        return lowest, f"a partner is winning the trick: play the lowest card, {lowest}"
    best = trick[at]
    led = suit_of[trick[0]]
    beaters = sorted((c for c in plays if power[c] > power[best] and suit_of[c] in (led, trump)),
                     key=power.__getitem__)
    if not beaters:
        return lowest, f"no card takes the trick: play the lowest, {lowest}"
    last = len(trick) == view.players - 1
    if _threat(view, their):
        if last:
            return beaters[0], (f"stop a threat, playing last: the lowest card that wins, "
                                f"{beaters[0]}")
        return beaters[-1], f"stop a threat: the strongest card that wins, {beaters[-1]}"
    if not _pool_open(view, mine):
        return lowest, (f"the pool is out of reach: keep the high cards, play the lowest, "
                        f"{lowest}")
    if not last:
        masters = _masters(view, beaters, ctx)
        if masters:
            return masters[0], f"win with the lowest master trump, {masters[0]}, which holds"
    return beaters[0], f"take the trick with the lowest card that wins, {beaters[0]}"


def _strength(card: Card, ctx: PlayContext) -> int:
    """A card's place in the rank table: trumps above every plain card (RULES.md §1.3)."""
    return ctx.power[card]


# -- the bidding games (BIDDING.md) ------------------------------------------------------------

#: The chance that the k-th highest trump of the pack takes a trick, k = 0, 1, ...: a rule
#: of thumb (the top trumps of RULES.md §1.2 nearly always win; low ones seldom). Trumps
#: below the list count ``_LOW_TRUMP``.
_TRUMP_CHANCE: Final = (1.0, 0.95, 0.85, 0.75, 0.55, 0.45, 0.35)
_LOW_TRUMP: Final = 0.25
_PLAIN_KING: Final = 0.2
#: What a card drawn blind from the stock is worth, on average, in tricks.
_DRAW_VALUE: Final = 0.12
#: Points for naming trumps and drawing to them (tuned by self-play: +3 beats +0 and +6).
_INITIATIVE: Final = 3.0
#: The suits in their order (``tuple(Suit)``, read once: iterating an enum is slow).
_SUITS: Final = tuple(Suit)


#: id(play context) -> (the context, its trump order): the contexts are cached and long
#: lived, and each entry holds its own, so an id is not reused while its entry lives.
_ORDERS: Final[dict[int, tuple[object, dict[Card, int]]]] = {}


def _trump_order(variant: Variant, suit: Suit) -> dict[Card, int]:
    """Each trump of the pack and its place from the top (0 for the highest). Cached per
    play context: callers only read the mapping."""
    ctx = play_context(variant, suit)
    hit = _ORDERS.get(id(ctx))
    if hit is not None and hit[0] is ctx:
        return hit[1]
    trumps = sorted((c for c in ctx.deck if ctx.suit_of[c] is suit), key=lambda c: -ctx.power[c])
    order = {c: k for k, c in enumerate(trumps)}
    if len(_ORDERS) >= 1024:
        _ORDERS.clear()
    _ORDERS[id(ctx)] = (ctx, order)
    return order


def _card_value(card: Card, order: dict[Card, int]) -> float:
    """A card's worth in tricks, with ``order``'s suit as trumps."""
    place = order.get(card)
    if place is not None:
        return _TRUMP_CHANCE[place] if place < len(_TRUMP_CHANCE) else _LOW_TRUMP
    return _PLAIN_KING if card.rank is Rank.KING else 0.0


def _tricks(cards: Sequence[Card], order: dict[Card, int]) -> float:
    """The tricks ``cards`` may take with ``order``'s suit as trumps (at most five)."""
    return min(5.0, sum(_card_value(c, order) for c in cards))


def _worth(view: BiddingFacts, suit: Suit, cards: Sequence[Card]) -> tuple[float, float]:
    """(points the side may take, tricks this seat may take) with ``suit`` as trumps: five
    a trick, the bonus when holding one of the two top trumps, a partner's share, and a
    little for the draw to come (BIDDING.md §2.4)."""
    order = _trump_order(view.variant, suit)
    best = sorted((c for c in cards if c in order), key=lambda c: order[c])[:5]
    plain = sorted((c for c in cards if c not in order), key=lambda c: -_card_value(c, order))
    keep = (best + plain)[:5]
    tricks = _tricks(keep, order)
    bonus = 5.0 if any(order[c] <= 1 for c in best) else 2.0 if best else 0.0
    side = next(side for side in view.sides if view.seat in side)
    partners = len(side) - 1
    share = 5.0 * partners * (5.0 - tricks) / view.players
    draw = 5.0 * _DRAW_VALUE * (5 - len(best))
    return 5.0 * tricks + bonus + share + draw + _INITIATIVE, tricks


def _best_suit(view: BiddingFacts, cards: Sequence[Card]) -> tuple[Suit, float, float]:
    """The suit this seat would name, with its :func:`_worth`."""
    worth = {s: _worth(view, s, cards) for s in _SUITS}
    best = max(_SUITS, key=lambda s: worth[s][0])
    return (best, *worth[best])


def _bidding_choice(view: BiddingFacts, legal: tuple[Action, ...],
                    margin: float = 0.0) -> Action:
    """The rule-of-thumb action of a bidding game (see :class:`RuleOfThumbPlayer`; it bids
    an amount when its best suit is worth at least the amount plus ``margin``, points)."""
    first = legal[0]
    if isinstance(first, (Bid, Pass)):
        return _bid(view, legal, margin)
    if isinstance(first, NameTrump):
        return NameTrump(_best_suit(view, view.hand)[0])
    if isinstance(first, Discard):
        return _discard(view, legal)
    if isinstance(first, Take):
        order = _trump_order(view.variant, view.trump) if view.trump is not None else {}
        return max(legal, key=lambda a: _card_value(a.card, order))  # type: ignore[union-attr]
    plays = [a.card for a in legal if isinstance(a, Play)]
    assert view.trump is not None
    ctx = play_context(view.variant, view.trump)
    return _played(_card(view, plays, ctx), legal)


def _bid(view: BiddingFacts, legal: tuple[Action, ...], margin: float = 0.0) -> Action:
    """Bid what the best suit is worth (less ``margin``); hold as dealer within it; else
    pass."""
    bids = [a.amount for a in legal if isinstance(a, Bid)]
    _, points, tricks = _best_suit(view, view.hand)
    bidding = view.variant.bidding
    assert bidding is not None

    def makes(amount: int) -> bool:
        if is_all_five_bid(bidding, amount):
            return tricks >= 4.6
        return amount + margin <= points

    side = next(side for side in view.sides if view.seat in side)
    partner_high = view.high_bidder is not None and view.high_bidder in side
    if partner_high and view.high_bid is not None and not makes(view.high_bid + 10):
        return Pass() if _offered(Pass, legal) else Bid(min(bids))
    good = [a for a in bids if makes(a)]
    if good:
        return Bid(max(good))
    return Pass() if _offered(Pass, legal) else Bid(min(bids))  # a bagged dealer must bid


def _discard(view: BiddingFacts, legal: Sequence[Action]) -> Action:
    """Keep the most valuable cards, drawing blind for the rest."""
    suit = view.trump if view.trump is not None else _best_suit(view, view.hand)[0]
    order = _trump_order(view.variant, suit)
    value = {c: _card_value(c, order) for c in view.hand}
    # the hand's values from the highest (a stable sort: the same order as sorting the
    # values of any part of the hand), so the five best kept are the first five not gone
    ranked = sorted(((value[c], c) for c in view.hand), key=lambda vc: vc[0], reverse=True)

    # each action's worth: its five best held cards summed from the highest (as
    # sum(held[:5]) would: the same float), then the draw's value for each of the five
    # not kept; the first action of the highest worth (as max(legal, key=...) picks)
    best, best_worth = legal[0], -math.inf
    for action in legal:
        gone = action.cards  # type: ignore[union-attr]
        total = 0.0
        k = 0
        for v, c in ranked:
            if c not in gone:
                total += v
                k += 1
                if k == 5:
                    break
        worth = total + (5 - k) * _DRAW_VALUE
        if worth > best_worth:
            best, best_worth = action, worth
    return best



def _bidding_reason(view: BiddingView, legal: tuple[Action, ...], margin: float = 0.0
                    ) -> tuple[Action, str]:
    """:func:`_bidding_choice` and its rule (the same branches)."""
    first = legal[0]
    if isinstance(first, (Bid, Pass)):
        return _bid_reason(view, legal, margin)
    if isinstance(first, NameTrump):
        suit, points, _ = _best_suit(view, view.hand)
        return NameTrump(suit), f"name {suit}: the suit worth the most, about {points:.0f} points"
    if isinstance(first, Discard):
        action = _discard(view, legal)
        gone = " ".join(map(str, getattr(action, "cards", ())))
        return action, (f"keep the most valuable cards, discarding {gone or 'nothing'}"
                        " and drawing for them")
    if isinstance(first, Take):
        order = _trump_order(view.variant, view.trump) if view.trump is not None else {}
        action = max(legal, key=lambda a: _card_value(a.card, order))  # type: ignore[union-attr]
        return action, f"take the most valuable card, {getattr(action, 'card', '?')}"
    plays = [a.card for a in legal if isinstance(a, Play)]
    assert view.trump is not None
    ctx = play_context(view.variant, view.trump)
    return _card_reason(view, plays, ctx)


def _bid_reason(view: BiddingView, legal: tuple[Action, ...], margin: float = 0.0
                ) -> tuple[Action, str]:
    """:func:`_bid` and its rule."""
    bids = [a.amount for a in legal if isinstance(a, Bid)]
    suit, points, tricks = _best_suit(view, view.hand)
    bidding = view.variant.bidding
    assert bidding is not None

    def makes(amount: int) -> bool:
        if is_all_five_bid(bidding, amount):
            return tricks >= 4.6
        return amount + margin <= points

    worth = f"the best suit, {suit}, is worth about {points:.0f} points"
    if margin:
        worth += f" (bidding with a margin of {margin:+g})"
    side = next(side for side in view.sides if view.seat in side)
    partner_high = view.high_bidder is not None and view.high_bidder in side
    if partner_high and view.high_bid is not None and not makes(view.high_bid + 10):
        if _offered(Pass, legal):
            return Pass(), f"pass: a partner holds the bid and {worth}"
        return Bid(min(bids)), f"bid {min(bids)}: the dealer must bid"
    good = [a for a in bids if makes(a)]
    if good:
        return Bid(max(good)), f"bid {max(good)}: {worth}"
    if _offered(Pass, legal):
        return Pass(), f"pass: {worth}, below every bid open"
    return Bid(min(bids)), f"bid {min(bids)}: the dealer must bid ({worth})"
