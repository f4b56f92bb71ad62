"""Exact perfect-information search of the rest of a hand (issue 11).

:func:`solve` looks at every card of a :class:`~trumpfamily.engine.HandState` (all hands,
the stock) and searches the rest of the hand exactly: alpha-beta with a transposition
table and move ordering, for one of three objectives (:data:`~trumpfamily.search.results.Objective`):

* ``"tricks"``: the tricks the seat's side holds when the hand ends (0 to 5). In pool
  games play stops as soon as the pool is won or spoilt (RULES.md §1.7), so this counts
  the tricks taken by then.
* ``"pool"``: 1 when the seat's side takes the pool (``tricks_to_win`` tricks, or whatever
  the variant's pool rule, a claim and a successful jink included: RULES.md §1.6, §1.7),
  else 0 (a spoil, a failed jink, or another side wins). Pool games only. The search
  plays the hand as the engine does: a silent holder's bar counts in the play only once
  he has played the Ace of trumps, and is settled at the end
  (:func:`~trumpfamily.robbing.known_bars`, :func:`~trumpfamily.scoring.pool_winner`).
* ``"points"``: the hand's points for the seat's side (:attr:`HandOutcome.side_points
  <trumpfamily.outcomes.HandOutcome.side_points>`: 5 a trick, the best-trump trick
  double, the five-trick bonus; RULES.md §2.3, §2.4). Points games only. In a bidding
  hand: the points the side took (5 a trick, 5 more for the best trump's trick unless
  lost to ``bonus_cutoff``; BIDDING.md §3.6).
* ``"gains"`` (bidding hands only, their default): the change to the side's score for the
  hand, points (:attr:`HandOutcome.gains <trumpfamily.outcomes.HandOutcome.gains>`: the
  bid made or set, the 30 and extra bids, the defender limits; BIDDING.md §3.6, §3.7).
* ``"margin"`` (bidding hands only): the side's gain minus the highest gain of any other
  side, points (with two sides: own gain minus the other side's).

**The paranoid reading.** The seat's side (its partners included) maximises the value
and every other seat minimises it, as if all the other sides played together against
the seat. With two sides that is the exact two-sided game value; with more sides it is a
pessimistic bound (the other sides are in truth rivals of each other, not allies).

Every phase of the turn-up games is searched. Card play, the claim and the jink (RULES.md
§1.6) run on card masks (:mod:`trumpfamily.tables`: the one legality and trick decision
of the library, and the pool rules of :mod:`trumpfamily.scoring` and
:mod:`trumpfamily.jinking`); the rarer decisions (robbing and the rob prompts, fiving, a
holder's chance to rob at his first card) are searched through the engine itself
(:meth:`HandState.legal_actions <trumpfamily.engine.HandState.legal_actions>` and
:meth:`~trumpfamily.engine.HandState.apply`). A test binds the fast path to a plain
minimax over the engine on random positions of every preset with random house rules.

A bidding hand (:class:`~trumpfamily.bidding.engine.BiddingHand`) is searched in its play
phase (the five tricks; :mod:`trumpfamily.search.bidding_solver`): ``"gains"`` (the
default), ``"margin"``, ``"points"`` or ``"tricks"``, scored by
:func:`~trumpfamily.bidding.score_hand` itself. Its auction, trumps, kitty and draw are
refused: the search bots plan them by sampling.

>>> import trumpfamily as tf
>>> from trumpfamily.search import solve
>>> deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=2, turn_up="2S",
...                        hands={0: "5S JS 3D 4D 8H", 1: "KS QS KD QD TC",
...                               2: "AH 9C 8C 7C 6C"})
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, deck=deck)
>>> result = solve(state, 0, "tricks")
>>> result.value, result.best_actions
(3, (Play('5S'), Play('JS')))
"""

from __future__ import annotations

from typing import Any, Final, overload

from ..actions import Action
from ..bidding.engine import BiddingHand
from ..cards import JK, Card, Rank, canonical
from ..engine import HandState
from ..errors import InvalidArgumentError, InvalidSeatError, safe_repr
from ..jinking import claim_due
from ..outcomes import HAND_SIZE, HandOutcome, Phase
from ..play import mask_table
from ..ranking import AH
from ..scoring import NO_CLAIM, HandEnd, five_tricks_bonus, pool_result
from ..tables import MaskTable, legal_mask, winner_index
from .results import OBJECTIVES, Objective, SolveResult, _over

__all__ = ["OBJECTIVES", "Objective", "SolveResult", "default_objective", "solve"]

_INF: Final = 1 << 20


def default_objective(state: HandState | BiddingHand) -> Objective:
    """``"pool"`` for a pool game's hand, ``"points"`` for a points game's hand,
    ``"gains"`` for a bidding hand (the score change bots maximise)."""
    if type(state) is BiddingHand:
        return "gains"
    return "pool" if state.variant.scoring.scoring == "pool" else "points"


def outcome_value(outcome: HandOutcome, side: int, objective: Objective) -> int:
    """The value of a finished hand for ``side`` (an index of ``outcome.sides``):
    tricks (``side_tricks``), pool (1 if ``side`` is the ``winner``, else 0) or points
    (``side_points``). Internal helper shared with the tests' reference minimax."""
    if objective == "tricks":
        return outcome.side_tricks[side]
    if objective == "pool":
        return int(outcome.winner == side)
    assert outcome.side_points is not None
    return outcome.side_points[side]


@overload
def solve(
    state: HandState | BiddingHand,
    seat: int,
    objective: None = None,
    *,
    all_values: bool = False,
    max_nodes: int | None = None,
) -> SolveResult: ...


@overload
def solve(
    state: HandState | BiddingHand,
    seat: int,
    objective: Objective | None,
    *,
    all_values: bool = False,
    max_nodes: int | None = None,
) -> SolveResult: ...


def solve(  # the implementation takes Any: every argument is checked in its body
    state: Any,
    seat: Any,
    objective: Any = None,
    *,
    all_values: Any = False,
    max_nodes: Any = None,
) -> SolveResult:
    """Solve the rest of ``state``'s hand exactly, with every card known.

    Args:
        state: a turn-up hand (:func:`~trumpfamily.engine.new_hand`) in any phase,
            finished or not, or a bidding hand
            (:class:`~trumpfamily.bidding.engine.BiddingHand`) in its play phase or over.
        seat: the seat (an int) whose side's value is searched; it need not be the seat to
            act.
        objective: ``"tricks"``, ``"pool"`` (pool games), ``"points"`` (points games
            and bidding hands), ``"gains"`` or ``"margin"`` (bidding hands); ``None`` for
            :func:`default_objective` (pool or points, by the variant's scoring; gains
            for a bidding hand).
        all_values: also compute the exact value of every legal action
            (:attr:`SolveResult.action_values`); costs more search.
        max_nodes: a budget of positions to search (an int >= 1); ``None`` (default): no
            limit. A hand with many seats can take millions of positions (minutes) from
            its first trick: a bot that must answer in time gives a budget and treats
            :class:`~trumpfamily.errors.SearchLimitError` as "no exact answer".

    Returns:
        A :class:`SolveResult`: the value (tricks, 0/1 or points, for ``seat``'s side),
        every optimal action of the seat to act in legal order, and the nodes searched.
        The other sides minimise ``seat``'s value (the paranoid reading: exact with two
        sides, a pessimistic bound with more).

    Raises:
        InvalidArgumentError: ``state`` is neither a
            :class:`~trumpfamily.engine.HandState` nor a
            :class:`~trumpfamily.bidding.engine.BiddingHand` (for a game, pass its
            current hand, ``game.hand``); ``objective`` is not one of
            :data:`~trumpfamily.search.results.OBJECTIVES`, or is ``"pool"`` in a points game or a bidding hand,
            ``"points"`` in a pool game, or ``"gains"``/``"margin"`` in a turn-up hand;
            a bidding hand is not in its play phase (the auction, trumps, the kitty and
            the draw are not searched) and not over; or ``all_values`` is not a bool.
        InvalidSeatError: ``seat`` is not a seat of the hand.
        SearchLimitError: more than ``max_nodes`` positions were needed (nothing is
            returned: the search stops).

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import solve
    >>> deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="2S",
    ...                        hands={0: "5S JS AH 3D 4D", 1: "KS QS KD QD TC"})
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, deck=deck)
    >>> solve(state, 0).value  # three top trumps: the pool is eldest's
    1
    >>> solve(state, 1, "tricks").value  # play stops once the pool is taken
    0
    """
    bidding = type(state) is BiddingHand
    if type(state) is not HandState and not bidding:
        what = type(state).__name__
        extra = {
            "GameState": " (a GameState's current hand is game.hand)",
            "Game": " (a Game's current hand is game.hand)",
        }.get(what, "")
        raise InvalidArgumentError(
            f"solve: expected a HandState (tf.new_hand(...)), got {what}{extra}; a bidding "
            "game's hand (BiddingHand) is solved too, in its play phase")
    if type(seat) is not int or not 0 <= seat < state.players:
        raise InvalidSeatError(seat, state.players)
    if type(all_values) is not bool:
        raise InvalidArgumentError(f"solve: all_values={safe_repr(all_values)} is not a bool")
    if max_nodes is not None and (type(max_nodes) is not int or max_nodes < 1):
        raise InvalidArgumentError(
            f"solve: max_nodes={safe_repr(max_nodes)}: the budget is an int of positions, 1 or more "
            "(or None for no limit)")
    limit = _NO_LIMIT if max_nodes is None else max_nodes
    if bidding:
        from .bidding_solver import solve_bidding  # it imports this module

        return solve_bidding(state, seat, objective, all_values, limit)
    assert isinstance(state, HandState)
    if objective is None:
        objective = default_objective(state)
    if objective not in OBJECTIVES:
        raise InvalidArgumentError(
            f"solve: objective={safe_repr(objective)} is not one of {', '.join(map(repr, OBJECTIVES))}")
    if objective in ("gains", "margin"):
        raise InvalidArgumentError(
            f"solve: objective={safe_repr(objective)} needs a bidding hand (the score change of a "
            "contract); this is a turn-up hand: use 'tricks' or "
            f"{'pool' if state.variant.scoring.scoring == 'pool' else 'points'!r}")
    mode = state.variant.scoring.scoring
    if objective == "pool" and mode != "pool":
        raise InvalidArgumentError(
            "solve: objective='pool' needs a pool game (scoring='pool'); this hand scores "
            "points: use 'points' or 'tricks'")
    if objective == "points" and mode != "points":
        raise InvalidArgumentError(
            "solve: objective='points' needs a points game (scoring='points'); this hand is "
            "played for a pool: use 'pool' or 'tricks'")
    search = _Search(state, seat, objective, limit)
    if state.is_over:
        assert state.outcome is not None
        value = outcome_value(state.outcome, search.side, objective)
        return SolveResult(value, (), objective, seat, None, () if all_values else None, 1)
    value, best, values = search.root(state, all_values)
    return SolveResult(value, best, objective, seat, state.to_act, values, search.nodes)


# -- the search --------------------------------------------------------------------------------


def _lean_ok(state: HandState) -> bool:
    """Whether the rest of the hand is card play, claims and jinks only: no rob, rob
    prompt or fiving left to decide (then the mask search is exact)."""
    if state.phase is not Phase.PLAY and state.phase is not Phase.CLAIM:
        return False
    st = state._status
    if st.five:
        return False
    rob = st.rob
    return rob is None or rob.seat is None or st.rob_done is not None


#: No budget: more positions than any hand has.
_NO_LIMIT: Final = 1 << 62


class _Search:
    """One :func:`solve` call: the engine layer and its mask searchers."""

    def __init__(self, state: HandState, seat: int, objective: Objective, limit: int) -> None:
        self.seat = seat
        self.limit = limit
        self.objective: Objective = objective
        seating = state._seating
        self.side = seating.side_of[seat]
        self.side_of = seating.side_of
        self.nodes = 0
        self._lean: dict[tuple[object, ...], _Lean] = {}

    def root(
        self, state: HandState, all_values: bool
    ) -> tuple[int, tuple[Action, ...], tuple[tuple[Action, int], ...] | None]:
        """The value, the optimal actions and (``all_values``) every action's value."""
        to_act = state.to_act
        assert to_act is not None
        maximise = self.side_of[to_act] == self.side
        best = -_INF if maximise else _INF
        scored: list[tuple[Action, int, bool]] = []
        for action in state.legal_actions():
            child = state.apply(action)
            if all_values:
                v = self.value(child, -_INF, _INF)
                exact = True
            elif maximise:
                v = self.value(child, best - 1, _INF)
                exact = v > best - 1
            else:
                v = self.value(child, -_INF, best + 1)
                exact = v < best + 1
            scored.append((action, v, exact))
            best = max(best, v) if maximise else min(best, v)
        optimal = tuple(a for a, v, exact in scored if exact and v == best)
        values = tuple((a, v) for a, v, _ in scored) if all_values else None
        return best, optimal, values

    def value(self, state: HandState, alpha: int, beta: int) -> int:
        """Alpha-beta value of ``state`` (fail-soft): the mask search once only card play
        is left, the engine's own moves before."""
        if state.is_over:
            self.nodes += 1
            assert state.outcome is not None
            return outcome_value(state.outcome, self.side, self.objective)
        if _lean_ok(state):
            lean = self._lean_for(state)
            before = lean.nodes
            lean.limit = before + self.limit - self.nodes  # what is left of the budget
            v = lean.run(state, alpha, beta)
            self.nodes += lean.nodes - before
            return v
        self.nodes += 1
        if self.nodes > self.limit:
            raise _over(self.nodes, self.limit)
        to_act = state.to_act
        assert to_act is not None
        maximise = self.side_of[to_act] == self.side
        best = -_INF if maximise else _INF
        for action in state.legal_actions():
            v = self.value(state.apply(action), alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def _lean_for(self, state: HandState) -> _Lean:
        """The mask searcher of the state's fixed facts (trump, demoted Ace, bars, and
        the silent holder whose bar is secret while he holds the Ace of trumps)."""
        barred = frozenset(b.seat for b in state.barred)
        st = state._status
        secret = -1
        if st.rob_done is not None and st.rob_done.value == "silent" and st.rob is not None:
            secret = -1 if st.rob.seat is None or st.rob.seat not in barred else st.rob.seat
        key = (state.trump, state.demoted, barred, secret)
        lean = self._lean.get(key)
        if lean is None:
            lean = self._lean[key] = _Lean(state, self.side, self.objective, barred, secret)
        return lean


class _Lean:
    """Card play, claims and jinks on card masks, with a transposition table.

    The dynamic position is held in the fields below and changed in place (play, search,
    undo); the table maps a position to ``(lower, upper, best move)``."""

    def __init__(self, state: HandState, side: int, objective: Objective,
                 barred: frozenset[int], secret: int = -1) -> None:
        seating = state._seating
        variant = state.variant
        self.m: MaskTable = mask_table(variant, state.trump, state.demoted)
        self.n = state.players
        self.side_of = seating.side_of
        self.side = side
        self.objective = objective
        self.pool = seating.pool
        self.needed = seating.needed
        self.jinking = seating.jinking
        # sides with a seat that may win the pool (pool_tricks: NO_CLAIM otherwise), the
        # settlement at the end (scoring.pool_winner)
        self.free = tuple(any(x not in barred for x in s) for s in seating.sides)
        # the play goes on the bars the table knows of (robbing.known_bars): a silent
        # holder's (seat ``secret``) while he holds the Ace of trumps is not one of them
        self.secret = secret
        self.ace_bit = canonical(Rank.ACE, state.trump).bit if secret >= 0 else 0
        self.free_known = (
            tuple(any(x not in barred or x == secret for x in s) for s in seating.sides)
            if secret >= 0 else self.free
        )
        self.nsides = len(seating.sides)
        scoring = variant.scoring
        self.ppt = scoring.points_per_trick or 0
        self.five_bonus = five_tricks_bonus(scoring) if not self.pool else 0
        self.bonus_rule = scoring.best_trump_bonus
        self.tt: dict[tuple[object, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.limit = _NO_LIMIT  # set by _Search.value before each run
        # the position (set by load)
        self.hands: list[int] = []
        self.trick: list[int] = []
        self.leader = 0
        self.counts: list[int] = []
        self.played = 0
        self.claim = False
        self.jinker = -1
        self.bonus_card = -1
        self.bonus_side = -1

    # -- loading a position ----------------------------------------------------------------

    def load(self, state: HandState) -> None:
        self.hands = [sum(c.bit for c in h) for h in state.hands]
        self.trick = [c.index for c in state.current_trick]
        self.leader = state.leader
        counts = [0] * self.nsides
        for s, k in enumerate(state.trick_counts):
            counts[self.side_of[s]] += k
        self.counts = counts
        self.played = len(state.tricks)
        self.claim = state.phase is Phase.CLAIM
        self.jinker = -1 if state.jinker is None else state.jinker
        self.bonus_card, self.bonus_side = self._bonus(state)

    def _bonus(self, state: HandState) -> tuple[int, int]:
        """The card whose trick scores double, if any, and the side holding that trick
        (``-1`` until it is complete). Every card still held will be played (points games
        play all five tricks), so the highest trump of the hand is known now
        (:func:`~trumpfamily.scoring.best_trump_trick`, RULES.md §2.4, §3 row 19)."""
        if self.objective != "points" or self.bonus_rule not in ("any", "top-four"):
            return -1, -1
        m = self.m
        cards = [c for h in state.hands for c in h] + list(state.current_trick)
        cards += [c for t in state.tricks for c in t.cards]
        trumps = [c for c in cards if m.suit_of[c.index] == m.trump]
        if not trumps:
            return -1, -1
        if self.bonus_rule == "top-four":
            trump = state.trump
            top = {canonical(Rank.FIVE, trump), canonical(Rank.JACK, trump), AH, JK}
            if not any(c in top for c in trumps):
                return -1, -1
        best: Card = max(trumps, key=lambda c: m.power[c.index])
        for t in state.tricks:
            if best in t.cards:
                return best.index, self.side_of[t.winner]
        return best.index, -1

    def run(self, state: HandState, alpha: int, beta: int) -> int:
        self.load(state)
        return self.search(alpha, beta)

    # -- the search -------------------------------------------------------------------------

    def terminal(self, winner: int) -> int:
        """The value at the end of the hand (``winner``: the side whose tricks ended it,
        or -1; it takes the pool only through a seat that is not barred:
        :func:`~trumpfamily.scoring.pool_winner`)."""
        objective = self.objective
        if objective == "pool":
            return 1 if winner == self.side and self.free[winner] else 0
        mine = self.counts[self.side]
        if objective == "tricks":
            return mine
        value = self.ppt * mine
        if self.bonus_side == self.side:
            value += self.ppt
        if mine == HAND_SIZE:
            value += self.five_bonus
        return value

    def bounds(self) -> tuple[int, int]:
        """Bounds on the value of the position from the tricks taken and left: a side
        keeps the tricks it holds and takes at most the tricks left."""
        mine = self.counts[self.side]
        left = HAND_SIZE - self.played
        objective = self.objective
        if objective == "tricks":
            return mine, mine + left
        if objective == "pool":
            jinker = self.jinker
            if (not self.free[self.side] or (jinker >= 0 and jinker != self.side)
                    or (jinker < 0 and mine + left < self.needed)):
                return 0, 0
            return 0, 1
        ppt = self.ppt
        lo = ppt * mine
        hi = ppt * (mine + left)
        bonus = self.bonus_side
        if bonus == self.side:
            lo += ppt
            hi += ppt
        elif bonus < 0 and self.bonus_card >= 0:
            hi += ppt
        if mine == self.played:
            hi += self.five_bonus
        return lo, hi

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta over the position held in the fields."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _over(self.nodes, self.limit)
        trick = self.trick
        n = self.n
        p = self.leader if self.claim else (self.leader + len(trick)) % n
        key = (tuple(self.hands), tuple(trick), p, tuple(self.counts), self.claim,
               self.jinker, self.bonus_side)
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi, first = entry
        else:
            lo, hi = self.bounds()
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
        maximise = self.side_of[p] == self.side
        best = -_INF if maximise else _INF
        best_move = -1
        if self.claim:
            moves = [-2, -3]  # Claim, Jink (their legal order)
        else:
            moves = self.order(p, first)
        for mv in moves:
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

    def order(self, p: int, first: int) -> list[int]:
        """The legal cards of seat ``p``, the most promising first: the table's best move,
        then (leading) the strongest cards; (following) the lowest card when the seat's
        side is winning the trick, else the cheapest card that wins it, then the lowest."""
        m = self.m
        hand = self.hands[p]
        trick = self.trick
        power = m.power
        if trick:
            legal = legal_mask(hand, trick[0], m, trick if m.highest else ())[0]
        else:
            legal = hand
        cards = []
        while legal:
            low = legal & -legal
            cards.append(low.bit_length() - 1)
            legal ^= low
        if not trick:
            cards.sort(key=lambda c: -power[c])
        else:
            at = winner_index(trick, m)
            cards.sort(key=lambda c: power[c])
            if self.side_of[(self.leader + at) % self.n] != self.side_of[p]:
                top = power[trick[at]]
                suit_of, led, trump = m.suit_of, m.suit_of[trick[0]], m.trump
                winners = [c for c in cards
                           if power[c] > top and (suit_of[c] == led or suit_of[c] == trump)]
                if winners:
                    cards = winners[:1] + [c for c in cards if c != winners[0]]
        if first >= 0 and first in cards and cards[0] != first:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def child(self, p: int, mv: int, alpha: int, beta: int) -> int:
        """The value after seat ``p`` makes move ``mv`` (a card id, or -2 Claim, -3 Jink)."""
        if mv == -2:
            return self.terminal(self.side_of[p])
        if mv == -3:
            self.claim = False
            self.jinker = self.side_of[p]
            v = self.search(alpha, beta)
            self.claim = True
            self.jinker = -1
            return v
        hands, trick = self.hands, self.trick
        hands[p] ^= 1 << mv
        trick.append(mv)
        if len(trick) < self.n:
            v = self.search(alpha, beta)
            trick.pop()
            hands[p] ^= 1 << mv
            return v
        # the trick is complete (RULES.md §1.3): who takes it, and does the hand end?
        leader = self.leader
        winner = (leader + winner_index(trick, self.m)) % self.n
        side = self.side_of[winner]
        counts = self.counts
        counts[side] += 1
        self.played += 1
        bonus_before = self.bonus_side
        if self.bonus_card >= 0 and self.bonus_card in trick:
            self.bonus_side = side
        self.trick = []
        self.leader = winner
        end, pool_winner, claim = self.after_trick(side)
        if end:
            v = self.terminal(pool_winner)
        else:
            self.claim = claim
            v = self.search(alpha, beta)
            self.claim = False
        self.leader = leader
        self.trick = trick
        self.bonus_side = bonus_before
        self.played -= 1
        counts[side] -= 1
        trick.pop()
        hands[p] ^= 1 << mv
        return v

    def after_trick(self, side: int) -> tuple[bool, int, bool]:
        """Whether the hand ends after a trick won by ``side``, the side that takes the
        pool (-1: none), and whether a claim is now due (RULES.md §1.6, §1.7; the rules of
        :func:`~trumpfamily.scoring.pool_result`, :func:`~trumpfamily.jinking.claim_due`)."""
        played = self.played
        if not self.pool:
            return played == HAND_SIZE, -1, False
        free = self.free
        if self.secret >= 0 and self.hands[self.secret] & self.ace_bit:
            free = self.free_known  # the silent holder's bar is still his secret
        if self.jinker >= 0:
            if side != self.jinker or not free[side]:
                return True, -1, False  # the jink fails: a spoil (EX-61; RULES.md §1.5)
            return played == HAND_SIZE, side, False
        counts = self.counts
        side_tricks = [counts[i] if free[i] else NO_CLAIM for i in range(self.nsides)]
        end = pool_result(side_tricks, side, played, self.needed, self.jinking,
                          counts[side] == played)
        if end is HandEnd.WIN:
            return True, side, False
        if end is not None:
            return True, -1, False
        due = self.jinking and played < HAND_SIZE and claim_due(side_tricks[side], played,
                                                                self.needed)
        return False, -1, due

