"""Exact perfect-information search of a bidding hand's play phase (issue 20).

:func:`~trumpfamily.search.solve` hands a :class:`~trumpfamily.bidding.engine.BiddingHand`
here. With every card known (all hands), the five tricks of the play (BIDDING.md §2.7,
§3.5) are searched exactly: alpha-beta with a transposition table on card masks, move
ordering, and cards that are worth the same (two cards of one seat of the same effective
suit with no card still in play between them, neither with a right to renege) tried
once. The legality and the trick decision are the library's one decision on masks
(:func:`~trumpfamily.tables.legal_mask`, :func:`~trumpfamily.tables.winner_index` on the
hand's :class:`~trumpfamily.tables.MaskTable`); the end of the hand is scored by
:func:`~trumpfamily.bidding.score_hand` itself, so the search values every rule of the
hand's score as the engine does: 5 points a trick, 5 more for the trick holding the highest
trump played (:func:`~trumpfamily.scoring.best_trump_trick`, ``best_trump_bonus``), the
bonus lost to ``bonus_cutoff``, the contract made or set by ``bid_measure``, the 30 and
the extra bids (slam, sixty, moon: all five tricks), ``made_bid_scores``,
``lower_bid_cap`` and the defender limits (BIDDING.md §3.6, §3.7, §5.6, §6, §7.1 #6-#8).

The value of the end of a hand depends only on the tricks each side took and the side that
took the best trump (the order of the tricks does not change a hand's score). Every card
in play is played, so the highest trump of the hand is known from the start, and it wins
whatever trick it falls in: the side holding it takes the bonus. The search keeps the
tricks taken as one small number and values it by a table filled once per contract (with
the tightest bounds on what the tricks left can still make of it).

The objectives for a bidding hand (:data:`BIDDING_OBJECTIVES`; the value is for the
seat's side, an index of ``sides``):

* ``"gains"`` (the default): the change to the side's score for the hand
  (:attr:`HandOutcome.gains <trumpfamily.outcomes.HandOutcome.gains>`, points): the
  bidding side's score made or set, the 30 and extra bids, a defending side's points
  within the defender limits. What a bot should maximise.
* ``"margin"``: the side's gain minus the highest gain of any other side (points; with two
  sides, own gain minus the other side's).
* ``"points"``: the points the side took in the play (:attr:`HandOutcome.side_points
  <trumpfamily.outcomes.HandOutcome.side_points>`: 5 a trick, the best-trump bonus unless
  lost to ``bonus_cutoff``; 0 to 30).
* ``"tricks"``: the tricks the side took (0 to 5).

The paranoid reading of :func:`~trumpfamily.search.solve` holds: the seat's side
maximises, every other seat minimises (exact with two sides, a pessimistic bound with
more). Only the play phase is searched: in the auction, the choice of trumps, the kitty and
the draw :func:`~trumpfamily.search.solve` refuses (those decisions hang on cards nobody
has seen yet; the search bots plan them by sampling).

>>> import trumpfamily as tf
>>> from trumpfamily.search import solve
>>> hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=7)
>>> while hand.phase is not tf.Phase.PLAY:
...     hand = hand.apply(hand.legal_actions()[-1 if hand.phase is tf.Phase.AUCTION else 0])
>>> result = solve(hand, hand.to_act)
>>> result.objective, result.value == solve(hand, hand.to_act, "gains").value
('gains', True)
"""

from __future__ import annotations

from typing import Final

from ..actions import Action
from ..bidding.engine import BiddingHand
from ..bidding.score import HandScore, score_hand
from ..cards import Card
from ..errors import InvalidArgumentError, safe_repr
from ..outcomes import HAND_SIZE, HandOutcome, Phase
from ..ranking import AH
from ..scoring import best_trump_trick
from ..tables import MaskTable, legal_mask, winner_index
from .results import Objective, SolveResult, _over

__all__ = ["BIDDING_OBJECTIVES", "bidding_value", "solve_bidding"]

#: The objectives :func:`~trumpfamily.search.solve` takes for a bidding hand, the default
#: first: ``"gains"`` (the side's score change, points), ``"margin"`` (its gain minus the
#: best other side's, points), ``"points"`` (points taken, 0 to 30), ``"tricks"`` (0 to 5).
BIDDING_OBJECTIVES: Final[tuple[str, ...]] = ("gains", "margin", "points", "tricks")

_INF: Final = 1 << 20
_PHASE_WORDS: Final = {
    Phase.AUCTION: "the auction", Phase.TRUMP: "the naming of trumps",
    Phase.KITTY: "the kitty", Phase.DRAW: "the draw",
}


def bidding_value(outcome: HandOutcome, side: int, objective: str) -> int:
    """The value of a finished bidding hand for ``side`` (an index of ``outcome.sides``)
    under ``objective`` (one of :data:`BIDDING_OBJECTIVES`): its gain, its margin, its
    points or its tricks. A thrown-in hand is worth 0 to everyone. Internal helper shared
    with the tests' reference minimax.

    >>> import trumpfamily as tf
    >>> hand = tf.new_bidding_hand(tf.AUCTION_45, players=2, seed=1)
    >>> while not hand.is_over:
    ...     hand = hand.apply(hand.legal_actions()[0])
    >>> bidding_value(hand.outcome, 0, "gains")  # thrown in: nobody scores
    0
    """
    if objective == "tricks":
        return outcome.side_tricks[side]
    if objective == "points":
        assert outcome.side_points is not None
        return outcome.side_points[side]
    gains = outcome.gains
    assert gains is not None
    if objective == "gains":
        return gains[side]
    return gains[side] - max(g for i, g in enumerate(gains) if i != side)


def _score_value(hs: HandScore, side: int, objective: str) -> int:
    """:func:`bidding_value` of a :class:`HandScore`."""
    if objective == "tricks":
        return hs.tricks[side]
    if objective == "points":
        return hs.points[side]
    gains = hs.gains
    if objective == "gains":
        return gains[side]
    return gains[side] - max(g for i, g in enumerate(gains) if i != side)


def solve_bidding(state: BiddingHand, seat: int, objective: str | None, all_values: bool,
                  limit: int) -> SolveResult:
    """:func:`~trumpfamily.search.solve` for a bidding hand (its arguments checked there,
    but for ``objective`` and the phase).

    Raises:
        InvalidArgumentError: ``objective`` is not one of :data:`BIDDING_OBJECTIVES`, or
            the hand is in the auction, the naming of trumps, the kitty or the draw.
        SearchLimitError: more than ``limit`` positions were needed.
    """
    if objective is None:
        objective = "gains"
    if objective not in BIDDING_OBJECTIVES:
        extra = " (a bidding hand has no pool)" if objective == "pool" else ""
        raise InvalidArgumentError(
            f"solve: objective={safe_repr(objective)} is not one of "
            f"{', '.join(map(repr, BIDDING_OBJECTIVES))} for a bidding hand{extra}")
    side = state._seating.side_of[seat]
    chosen: Objective = objective  # type: ignore[assignment]
    if state.is_over:
        assert state.outcome is not None
        value = bidding_value(state.outcome, side, objective)
        return SolveResult(value, (), chosen, seat, None, () if all_values else None, 1)
    if state.phase is not Phase.PLAY:
        raise InvalidArgumentError(
            f"solve: a bidding hand is searched in its play phase only (Phase.PLAY, the five "
            f"tricks); this hand is in {_PHASE_WORDS.get(state.phase, state.phase.value)}: "
            "the cards still to come are unknown there (the search bots plan the auction, "
            "trumps, the kitty and the draw by sampling)")
    search = _PlaySearch(state, side, objective, limit)
    value, best, values = search.root(state, all_values)
    return SolveResult(value, best, chosen, seat, state.to_act, values, search.nodes)


# -- the value of the end of a hand ------------------------------------------------------------

# The score so far, as one int ("code"): each side's tricks in base 6 (side 0 lowest), then
# 1 + the side that takes the best trump's bonus (0: no bonus in the hand).

#: Filled tables of end values and bounds, by what decides them (a bot solves many deals
#: of one contract): key -> (values of finished codes, bounds of unfinished codes).
_TABLES: dict[tuple[object, ...], tuple[dict[int, int], dict[int, tuple[int, int] | None]]] = {}
_TABLES_MAX: Final = 256


class _Ends:
    """The value of every finished score code, and bounds on every unfinished one."""

    def __init__(self, state: BiddingHand, side: int, objective: str) -> None:
        contract = state._contract
        assert contract is not None
        s = state._seating
        self.nsides = len(s.sides)
        self.bidding = state.bidding
        self.bidder = s.side_of[contract.seat]
        self.amount = contract.amount
        self.scores = state.scores
        self.side = side
        self.objective = objective
        key = (self.bidding, self.nsides, self.bidder, self.amount, self.scores, side,
               objective)
        tables = _TABLES.get(key)
        if tables is None:
            if len(_TABLES) >= _TABLES_MAX:
                _TABLES.clear()
            tables = _TABLES[key] = ({}, {})
        self.final, self.bound = tables
        self.pow = [6 ** i for i in range(self.nsides + 1)]

    def decode(self, code: int) -> tuple[list[int], int]:
        counts = []
        for _ in range(self.nsides):
            code, k = divmod(code, 6)
            counts.append(k)
        return counts, code - 1

    def value(self, code: int) -> int:
        """The value of a finished hand's code (five tricks), by the library's scoring."""
        v = self.final.get(code)
        if v is None:
            counts, bonus_side = self.decode(code)
            trick_sides = [s for s in range(self.nsides) for _ in range(counts[s])]
            hs = score_hand(self.bidding, bidder=self.bidder, amount=self.amount,
                            trick_sides=trick_sides,
                            bonus_trick=trick_sides.index(bonus_side) if bonus_side >= 0
                            else None, scores=self.scores)
            v = self.final[code] = _score_value(hs, self.side, self.objective)
        return v

    def bounds(self, code: int) -> tuple[int, int] | None:
        """The lowest and highest value the tricks left can still make of ``code``: over
        every way of sharing them among the sides that gives the bonus side a trick (the
        best trump's); ``None`` when there is none."""
        if code in self.bound:
            return self.bound[code]
        counts, bonus_side = self.decode(code)
        out: tuple[int, int] | None
        if sum(counts) == HAND_SIZE:
            if bonus_side >= 0 and not counts[bonus_side]:
                out = None
            else:
                v = self.value(code)
                out = (v, v)
        else:
            lo, hi = _INF, -_INF
            for s in range(self.nsides):
                b = self.bounds(code + self.pow[s])
                if b is not None:
                    lo = min(lo, b[0])
                    hi = max(hi, b[1])
            out = (lo, hi) if lo <= hi else None
        self.bound[code] = out
        return out


# -- the search --------------------------------------------------------------------------------


def _holder(state: BiddingHand, card: Card) -> int:
    """The seat that holds or played ``card``, a card of the play."""
    for seat, held in enumerate(state.hands):
        if card in held:
            return seat
    if card in state.current_trick:
        return (state.leader + state.current_trick.index(card)) % state.players
    trick = next(t for t in state.tricks if card in t.cards)
    return (trick.leader + trick.cards.index(card)) % state.players


class _PlaySearch:
    """Alpha-beta over the play phase on card masks, with a transposition table.

    The position is held in the fields (hands, trick, leader, tricks played, score code)
    and changed in place (play, search, undo); the table maps a position to
    ``(lower, upper, best card)``."""

    def __init__(self, state: BiddingHand, side: int, objective: str, limit: int) -> None:
        s = state._seating
        ctx = state._ctx()
        self.m: MaskTable = ctx.masks
        self.n = state.players
        self.side_of = s.side_of
        self.side = side
        self.limit = limit
        self.nodes = 0
        nsides = len(s.sides)
        # the best trump of the hand: every card still held will be played, so it is known
        # now (scoring.best_trump_trick on every card of the play, as one trick), and it
        # wins its trick (the highest trump in it): its holder's side takes the bonus
        cards = [c for h in state.hands for c in h] + list(state.current_trick)
        cards += [c for t in state.tricks for c in t.cards]
        table = ctx.table
        bonus_side = -1
        if best_trump_trick([cards], table, state.variant.scoring.best_trump_bonus) is not None:
            best = max((c for c in cards if table.suit_of[c] is table.trump),
                       key=table.power.__getitem__)
            bonus_side = s.side_of[_holder(state, best)]
        self.ends = _Ends(state, side, objective)
        self.pow = self.ends.pow
        # cards worth the same: same effective suit, no card in play between them, neither
        # privileged (a renege right), nor the Ace of Hearts where its
        # lead obliges hearts
        m = self.m
        power, suit_of = m.power, m.suit_of
        ids = [c.index for c in cards]
        self.lower = [0] * (max(ids) + 1)
        for c in ids:
            self.lower[c] = sum(1 << d for d in ids
                                if suit_of[d] == suit_of[c] and power[d] < power[c])
        special = m.privileged
        if m.ah_heart:
            special |= AH.bit
        self.special = special
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        # the position
        self.hands = [sum(c.bit for c in h) for h in state.hands]
        self.trick = [c.index for c in state.current_trick]
        self.leader = state.leader
        self.played = len(state.tricks)
        self.live = self._live()  # the cards in play: held, or in the trick
        code = (bonus_side + 1) * self.pow[nsides]
        for t in state.tricks:
            code += self.pow[s.side_of[t.winner]]
        self.code = code

    # -- the root ---------------------------------------------------------------------------

    def root(self, state: BiddingHand, all_values: bool
             ) -> tuple[int, tuple[Action, ...], tuple[tuple[Action, int], ...] | None]:
        """The value, the optimal actions and (``all_values``) every action's value."""
        p = state.to_act
        assert p is not None
        maximise = self.side_of[p] == self.side
        best = -_INF if maximise else _INF
        legal = state.legal_actions()
        scored: list[tuple[Action, int, bool]] = []
        done: list[tuple[int, int, bool]] = []  # (card, value, exact) searched
        live = self.live
        for action in legal:
            card: int = action.card.index  # type: ignore[union-attr]
            same = next((d for d in done if self._same(card, d[0], live)), None)
            if same is not None:
                v, exact = same[1], same[2]
            elif all_values:
                v = self.child(p, card, -_INF, _INF)
                exact = True
            elif maximise:
                v = self.child(p, card, best - 1, _INF)
                exact = v > best - 1
            else:
                v = self.child(p, card, -_INF, best + 1)
                exact = v < best + 1
            if same is None:
                done.append((card, v, exact))
            scored.append((action, v, exact))
            best = max(best, v) if maximise else min(best, v)
        optimal = tuple(a for a, v, exact in scored if exact and v == best)
        values = tuple((a, v) for a, v, _ in scored) if all_values else None
        return best, optimal, values

    def _live(self) -> int:
        """The mask of the cards still in play (held, or in the trick)."""
        live = 0
        for h in self.hands:
            live |= h
        for c in self.trick:
            live |= 1 << c
        return live

    def _same(self, a: int, b: int, live: int) -> bool:
        """Whether cards ``a`` and ``b`` of one seat are worth the same now."""
        if self.m.suit_of[a] != self.m.suit_of[b] or ((self.special >> a) | (self.special >> b)) & 1:
            return False
        between = self.lower[a] ^ self.lower[b]  # from the lower one up to below the higher
        return not between & live & ~((1 << a) | (1 << b))

    # -- the search -------------------------------------------------------------------------

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta over the position held in the fields."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _over(self.nodes, self.limit)
        trick = self.trick
        n = self.n
        if self.played == HAND_SIZE - 1:
            return self.last_trick()
        key = (*self.hands, self.leader, self.code, *trick)
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi, first = entry
        else:
            b = self.ends.bounds(self.code)
            assert b is not None  # the position is reachable
            lo, hi = b
            first = -1
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo > alpha:  # noqa: PLR1730 (cheaper than max/min in the search)
            alpha = lo
        if hi < beta:  # noqa: PLR1730 (cheaper than max/min in the search)
            beta = hi
        a0, b0 = alpha, beta
        p = (self.leader + len(trick)) % n
        maximise = self.side_of[p] == self.side
        best = -_INF if maximise else _INF
        best_move = -1
        for mv in self.order(p, first):
            v = self.child(p, mv, alpha, beta)
            if maximise:
                if v > best:
                    best, best_move = v, mv
                    if v > alpha:  # noqa: PLR1730 (cheaper than max/min in the search)
                        alpha = v
            elif v < best:
                best, best_move = v, mv
                if v < beta:  # noqa: PLR1730 (cheaper than max/min in the search)
                    beta = v
            if alpha >= beta:
                break
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[key] = (lo, hi, best_move)
        return best

    def last_trick(self) -> int:
        """The value of the last trick, every seat left with its one card."""
        trick = list(self.trick)
        n, hands, leader = self.n, self.hands, self.leader
        for i in range(len(trick), n):
            trick.append(hands[(leader + i) % n].bit_length() - 1)
        side = self.side_of[(leader + winner_index(trick, self.m)) % n]
        return self.ends.value(self.code + self.pow[side])

    def order(self, p: int, first: int) -> list[int]:
        """The legal cards of seat ``p``, one of each set worth the same (:meth:`_same`:
        a run of cards of one suit with no other card in play between them, so whichever
        is kept has the set's value), the most promising first: the table's best card,
        then (leading) the strongest cards; (following) the lowest card when the seat's
        side is winning the trick, else the cheapest card that wins it, then the lowest."""
        m = self.m
        trick = self.trick
        if trick:
            legal = legal_mask(self.hands[p], trick[0], m, trick if m.highest else ())[0]
        else:
            legal = self.hands[p]
        if not legal & (legal - 1):  # one card
            return [legal.bit_length() - 1]
        cards = []
        while legal:
            low = legal & -legal
            cards.append(low.bit_length() - 1)
            legal ^= low
        power = m.power
        cards.sort(key=power.__getitem__)
        suit_of, special, lower, live = m.suit_of, self.special, self.lower, self.live
        last = [-1, -1, -1, -1]  # the last card seen of each suit, in rising power
        kept = []
        for c in cards:
            su = suit_of[c]
            prev = last[su]
            last[su] = c
            if (prev >= 0 and not ((special >> c) | (special >> prev)) & 1
                    and (lower[c] ^ lower[prev]) & live == 1 << prev):
                continue  # worth the same as the run's first card, already kept
            kept.append(c)
        cards = kept
        if not trick:
            cards.reverse()
        else:
            at = winner_index(trick, m)
            if self.side_of[(self.leader + at) % self.n] != self.side_of[p]:
                top = power[trick[at]]
                led, trump = suit_of[trick[0]], m.trump
                for c in cards:
                    if power[c] > top and (suit_of[c] == led or suit_of[c] == trump):
                        if c != cards[0]:
                            cards.remove(c)
                            cards.insert(0, c)
                        break
        if first >= 0 and cards[0] != first and first in cards:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def child(self, p: int, mv: int, alpha: int, beta: int) -> int:
        """The value after seat ``p`` plays card ``mv``."""
        hands, trick = self.hands, self.trick
        hands[p] ^= 1 << mv
        trick.append(mv)
        if len(trick) < self.n:
            v = self.search(alpha, beta)
            trick.pop()
            hands[p] ^= 1 << mv
            return v
        # the trick is complete (RULES.md §1.3): who takes it
        leader = self.leader
        winner = (leader + winner_index(trick, self.m)) % self.n
        side = self.side_of[winner]
        code = self.code
        new = code + self.pow[side]
        if self.played == HAND_SIZE - 1:  # the last card of the hand, played at the root
            self.nodes += 1
            trick.pop()
            hands[p] ^= 1 << mv
            return self.ends.value(new)
        live = self.live
        for c in trick:
            self.live &= ~(1 << c)
        self.code = new
        self.played += 1
        self.trick = []
        self.leader = winner
        v = self.search(alpha, beta)
        self.live = live
        self.leader = leader
        self.trick = trick
        self.played -= 1
        self.code = code
        trick.pop()
        hands[p] ^= 1 << mv
        return v
