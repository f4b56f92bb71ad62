"""Cheating oracle bots for the bidding games: the upper references of the bot ladder
(issue 20, part 6).

**These bots cheat.** Each is an :class:`~trumpfamily.players.OraclePlayer`: it has no
``choose(view)``, only ``choose_state(state, seat)``, and reads the whole
:class:`~trumpfamily.bidding.engine.BiddingHand`: every seat's cards, the kitty and the
order of the stock. They exist to measure how far a fair bot is from what full knowledge
of the cards could reach; never use them as opponents or advisers of a person, and never
read their figures as a fair bot's (:func:`~trumpfamily.tournament` marks them, in
:attr:`BotStats.oracle <trumpfamily.tournament.BotStats.oracle>`). They are exported
from :mod:`trumpfamily.search` only, not from the top level of :mod:`trumpfamily`; the
tournament names them ``"oracle-best-response"`` and ``"oracle-paranoid"``
(:data:`~trumpfamily.tournament.BOTS`).

Two readings of "perfect play with every card known", both for the seat's side, both
maximising the side's :attr:`HandOutcome.gains <trumpfamily.outcomes.HandOutcome.gains>`
(the change to its score over the hand, points; BIDDING.md §3.6):

* :class:`BestResponseOracle` knows, besides the cards, that every seat of the *other*
  sides plays a known deterministic ``policy`` (default
  :class:`~trumpfamily.players.RuleOfThumbPlayer`, the ladder's opponent): it plays the
  exact best response to it. Against that policy it is the strongest bot there is in the
  play phase.
* :class:`ParanoidOracle` assumes every other seat plays perfectly against its side
  (the paranoid reading of :func:`~trumpfamily.search.solve`): a lower bound on what
  full knowledge guarantees whoever the opponents are.

**The play phase.** :class:`BestResponseOracle` searches the rest of the hand: at a seat
of its side every legal card is tried (the side's best is taken), at any other seat the
card is the ``policy``'s choice on that seat's own view (no branching). It finds the
set of reachable endings (the tricks each side takes from the position on), memoised
on the cards still held, the trick in progress and the seat to act, and scores each
ending with :func:`~trumpfamily.bidding.score_hand` (the best trump's side is known
from the start of the play, so the tricks per side decide the score). With
:class:`~trumpfamily.players.RuleOfThumbPlayer`, whose card reads the position only, one
search serves every contract of the auction; with any other policy the memo also keys
on the contract, the scores and the tricks so far. :class:`ParanoidOracle`
plays one of :func:`~trumpfamily.search.solve`'s ``best_actions``.

**The auction, trumps, the kitty and the draw** (one step of lookahead): each candidate
action (every legal call and trump suit; for the discards and the takes of a robbed pack,
:func:`~trumpfamily.search.advisor.candidate_actions`) is applied to the true state, the
hand played on to the first lead with *every* later decision before the play, this
side's own included, by the ``policy`` on the deciding seat's view, and the play valued
as above (the best-response search, or the exact solve). The oracle takes the action of
highest value (their ``evaluate(state, seat)`` lists them); equal values go to the
policy's own choice if it is one of them, else to the first in legal order. A seat with
one legal action takes it without search.

Both bots are deterministic (no randomness, no seed): the same state gives the same
choice, so two oracle partners, each deciding with the whole hand in view, agree on the
line they search. A thrown-in hand is worth 0 to every side.

>>> import trumpfamily as tf
>>> from trumpfamily.search import BestResponseOracle, ParanoidOracle
>>> game = tf.Game(tf.AUCTION_45, players=4, seed=7, hands=1)
>>> game.play([BestResponseOracle(), tf.RuleOfThumbPlayer()] * 2)
>>> len(game.outcomes)
1
>>> tf.players.is_oracle(ParanoidOracle()), tf.players.is_oracle(tf.RuleOfThumbPlayer())
(True, False)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, Final, TypeAlias

from ..actions import Action, Discard, Play, Take
from ..bidding.engine import BiddingHand
from ..bidding.score import score_hand
from ..cards import Card
from ..errors import InvalidArgumentError, safe_repr
from ..outcomes import HAND_SIZE, Phase
from ..play import play_context
from ..players import RuleOfThumbPlayer
from ..ranking import AH
from ..scoring import best_trump_trick
from .advisor import ActionValue, best_action, candidate_actions
from .solver import solve

__all__ = ["BestResponseOracle", "ParanoidOracle"]

#: Memoised positions kept by one oracle before its table is emptied (a bound on memory;
#: one hand's searches take a few thousand).
_MEMO_LIMIT: Final = 200_000


#: The most sides whose sets of endings are bit masks (``6**4`` bits); beyond, frozensets.
_MASK_SIDES: Final = 4

#: A set of endings: a bit mask over their codes, or (more than :data:`_MASK_SIDES` sides)
#: a frozenset of the codes.
_Endings: TypeAlias = "int | frozenset[int]"


def _place(side: int) -> int:
    """The place of ``side``'s count in the code of an ending (``6**side``: a side takes
    at most five tricks)."""
    return int(6 ** side)


def _checked(who: str, state: object, seat: object) -> BiddingHand:
    """``state`` as a bidding hand with ``seat`` to act, or InvalidArgumentError."""
    if type(state) is not BiddingHand:
        raise InvalidArgumentError(
            f"{who}.choose_state: expected a bidding game's hand (a BiddingHand, "
            f"tf.new_hand(tf.AUCTION_45, ...)), got {type(state).__name__}: the oracles play "
            "the bidding games only (tf.BIDDING_VARIANTS), not the turn-up games")
    if state.to_act is None or type(seat) is not int or seat != state.to_act:
        raise InvalidArgumentError(
            f"{who}.choose_state: seat={safe_repr(seat)} is not the seat to act "
            f"(to act: {state.to_act})")
    return state


def _policy(who: str, policy: object) -> Any:
    if policy is None:
        return RuleOfThumbPlayer()
    if not callable(getattr(policy, "choose", None)):
        raise InvalidArgumentError(f"{who}: policy={policy!r:.60} has no choose(view)")
    return policy


def _side(state: BiddingHand, seat: int) -> int:
    return next(i for i, s in enumerate(state.sides) if seat in s)


def _gains(state: BiddingHand, side: int) -> int:
    """The side's gains of a finished hand (0 when it was thrown in)."""
    outcome = state.outcome
    assert outcome is not None
    return 0 if outcome.gains is None else outcome.gains[side]


def _to_play(state: BiddingHand, policy: Any) -> BiddingHand:
    """The hand played on by ``policy`` (every seat, on its own view) to the first lead,
    or to its end."""
    while state.phase is not Phase.PLAY and state.phase is not Phase.OVER:
        legal = state.legal_actions()
        seat = state.to_act
        assert seat is not None
        state = state.apply(legal[0] if len(legal) == 1 else policy.choose(state.view(seat)))
    return state


def _choice(policy: Any, state: BiddingHand, seat: int) -> Action:
    """The policy's action for ``seat`` on its own view."""
    action: Action = policy.choose(state.view(seat))
    return action


def _play_key(state: BiddingHand) -> tuple[Any, ...]:
    """A play-phase position of one contract: what the rest of its score depends on."""
    return (state.hands, state.current_trick, state.to_act, state.trick_counts,
            state.trump, state._contract, state.scores)


class _Ends:
    """The side's gains for each way the rest of a play phase can end (its score for each
    share of the tricks left, BIDDING.md §3.6): :func:`~trumpfamily.bidding.score_hand`
    on the tricks taken so far plus those of the ending.

    The order of the tricks never changes a hand's score but for the best-trump bonus
    (BIDDING.md §2.4), and the highest trump in play wins whichever trick it falls in:
    its holder's side takes the bonus, known from the start of the play."""

    def __init__(self, state: BiddingHand, side: int) -> None:
        sides = state.sides
        self.side_of = side_of = {s: i for i, sd in enumerate(sides) for s in sd}
        self.sides = len(sides)
        self.side = side
        self.state = state
        counts = [0] * len(sides)
        for s, k in enumerate(state.trick_counts):
            counts[side_of[s]] += k
        self.counts = counts
        assert state.trump is not None
        table = play_context(state.variant, state.trump).table
        holder: dict[Card, int] = {}
        for trick in state.tricks:
            holder.update((c, side_of[trick.winner]) for c in trick.cards)
        for i, c in enumerate(state.current_trick):
            holder[c] = side_of[(state.leader + i) % state.players]
        for s, hand in enumerate(state.hands):
            holder.update((c, side_of[s]) for c in hand)
        every = list(holder)
        self.bonus: int | None = None
        if best_trump_trick([every], table, state.variant.scoring.best_trump_bonus) is not None:
            top = max((c for c in every if table.suit_of[c] is table.trump),
                      key=table.power.__getitem__)
            self.bonus = holder[top]

    def value(self, code: int) -> int:
        """The side's gains (points) for the ending ``code`` (``sum(tricks * 6**side)``)."""
        state, bonus = self.state, self.bonus
        total = [k + (code // _place(i)) % 6 for i, k in enumerate(self.counts)]
        order = [] if bonus is None else [bonus]
        for i, k in enumerate(total):
            order.extend([i] * (k - (i == bonus)))
        contract = state._contract
        assert contract is not None
        return score_hand(state.bidding, bidder=self.side_of[contract.seat],
                          amount=contract.amount, trick_sides=order,
                          bonus_trick=None if bonus is None else 0,
                          scores=state.scores).gains[self.side]

    def values(self, reach: _Endings) -> list[int]:
        """The gains of every ending in the set ``reach``."""
        if isinstance(reach, frozenset):
            return [self.value(code) for code in reach]
        out = []
        while reach:
            low = reach & -reach
            out.append(self.value(low.bit_length() - 1))
            reach ^= low
        return out


class _Reach:
    """The best-response search of one play phase: the set of its reachable endings.

    An ending is the tricks each side takes from a position on, coded
    ``sum(tricks[side] * 6**side)``; a set of endings is a bit mask over the codes (bit
    ``code`` set when the ending is reachable), or with more than four sides a frozenset
    of the codes. At a seat of the side searched for every
    legal card is tried (the union of their sets), at any other seat the ``policy``'s card
    only. The sets do not depend on the contract (the rule of thumb's card does not), so
    one search serves every contract of an auction (another policy: one per contract). Cards of the side worth the same (one
    effective suit, no card still in play between them in power, neither with a right to
    renege nor the Ace of Hearts) are tried once: whichever is played, the rest of the
    hand is the same up to the swap (exact).
    """

    def __init__(self, state: BiddingHand, side: int, policy: Any,
                 memo: dict[tuple[Any, ...], _Endings], *, counted: bool) -> None:
        sides = state.sides
        side_of = {s: i for i, sd in enumerate(sides) for s in sd}
        self.unit = [_place(side_of[s]) for s in range(state.players)]  # a trick's code, by winner
        self.masks = len(sides) <= _MASK_SIDES
        self.ours = frozenset(sides[side])
        self.policy = policy
        self.memo = memo
        self.counted = counted
        assert state.trump is not None
        ctx = play_context(state.variant, state.trump)
        self.suit_of, self.power = ctx.suit_of, ctx.power
        self.winner: Callable[[list[Card]], int] = ctx.winner
        masks = ctx.masks
        self.special = masks.privileged | (AH.bit if masks.ah_heart else 0)

    def reach(self, state: BiddingHand) -> _Endings:
        """The set of endings reachable from the play-phase position ``state``."""
        if len(state.tricks) == HAND_SIZE - 1:  # the last trick: one card left each
            n, leader, trick = state.players, state.leader, list(state.current_trick)
            trick.extend(state.hands[(leader + i) % n][0] for i in range(len(trick), n))
            at: int = self.winner(trick)
            code = self.unit[(leader + at) % n]
            return 1 << code if self.masks else frozenset((code,))
        key = ((state.hands, state.current_trick, state.to_act, state.trick_counts)
               if self.counted else (state.hands, state.current_trick, state.to_act))
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) > 1:
            legal = (self.distinct(state, legal) if seat in self.ours
                     else (_choice(self.policy, state, seat),))
        completes = len(state.current_trick) == state.players - 1
        unit = self.unit
        if self.masks:
            mask = 0
            for action in legal:
                child = state.apply(action)
                sub = self.reach(child)
                assert isinstance(sub, int)
                mask |= sub << unit[child.tricks[-1].winner] if completes else sub
            memo[key] = mask
            return mask
        codes: set[int] = set()
        for action in legal:
            child = state.apply(action)
            sub = self.reach(child)
            assert isinstance(sub, frozenset)
            add = unit[child.tricks[-1].winner] if completes else 0
            codes.update(c + add for c in sub)
        result = memo[key] = frozenset(codes)
        return result

    def distinct(self, state: BiddingHand, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        """``legal`` without the cards worth the same as a lower one kept (in legal
        order)."""
        suit_of, power, special = self.suit_of, self.power, self.special
        by_suit: dict[Any, list[Card]] = {}
        for action in legal:
            assert isinstance(action, Play)
            card = action.card
            by_suit.setdefault(suit_of[card], []).append(card)
        if all(len(v) == 1 for v in by_suit.values()):
            return legal
        live = [c for hand in state.hands for c in hand]
        live.extend(state.current_trick)
        dropped: set[Card] = set()
        for suit, mine in by_suit.items():
            if len(mine) < 2:
                continue
            ladder = sorted((c for c in live if suit_of[c] is suit), key=power.__getitem__)
            place = {c: i for i, c in enumerate(ladder)}
            mine.sort(key=power.__getitem__)
            for lower, higher in itertools.pairwise(mine):
                if (place[higher] == place[lower] + 1 and not (lower.bit | higher.bit) & special):
                    dropped.add(higher)  # worth the same as ``lower`` (kept, or its own twin)
        return tuple(a for a in legal if a.card not in dropped)  # type: ignore[union-attr]


class _Oracle:
    """What both oracles share: the checks, the earlier phases by one step of lookahead."""

    _name = "oracle"

    def __init__(self, policy: Any = None) -> None:
        self.policy = _policy(type(self).__name__, policy)

    # -- to be given by each oracle --------------------------------------------------------

    def _play_value(self, state: BiddingHand, side: int, seat: int) -> int:
        raise NotImplementedError  # pragma: no cover

    def _play_choice(self, state: BiddingHand, seat: int) -> Action:
        raise NotImplementedError  # pragma: no cover

    # -- shared ----------------------------------------------------------------------------

    def _value(self, state: BiddingHand, side: int, seat: int) -> int:
        """The side's gains from ``state`` (any phase): the policy to the play, then the
        play valued by this oracle."""
        state = _to_play(state, self.policy)
        if state.phase is Phase.OVER:
            return _gains(state, side)
        return self._play_value(state, side, seat)

    def evaluate(self, state: BiddingHand, seat: int) -> tuple[ActionValue, ...]:
        """Each candidate action's value for ``seat``'s side by this oracle's reading,
        best first: for the seat to act in any phase (in the play, every legal card).

        Args:
            state: the whole hand (a :class:`~trumpfamily.bidding.engine.BiddingHand`:
                this is cheating), with ``seat`` to act.
            seat: the seat to act.

        Returns:
            One :class:`~trumpfamily.search.advisor.ActionValue` per candidate (see the
            module notes), sorted by value, best first (ties in legal order): ``mean``
            is the exact value (the side's gains, points) on the one, true world
            (``worlds`` 1, the interval and the gaps of zero width).

        Raises:
            InvalidArgumentError: ``state`` is not a BiddingHand (a turn-up game's hand)
                or ``seat`` is not the seat to act.
        """
        state = _checked(type(self).__name__, state, seat)
        side = _side(state, seat)
        legal = state.legal_actions()
        chosen = (candidate_actions(state.view(seat), self.policy)
                  if isinstance(legal[0], Discard | Take) else legal)
        values = [self._value(state.apply(a), side, seat) for a in chosen]
        order = sorted(range(len(chosen)), key=lambda i: (-values[i], i))
        top = values[order[0]]
        return tuple(ActionValue(chosen[i], float(values[i]), float(values[i]),
                                 float(values[i]), 1, float(top - values[i]),
                                 float(top - values[i])) for i in order)

    def choose_state(self, state: BiddingHand, seat: int) -> Action:
        """The oracle's action for ``seat`` (see the module notes).

        Args:
            state: the current hand, whole (a
                :class:`~trumpfamily.bidding.engine.BiddingHand`), as
                :meth:`Game.play_hand <trumpfamily.game.Game.play_hand>` and
                :func:`~trumpfamily.tournament` give it to an oracle.
            seat: the seat to act.

        Returns:
            One of ``state.legal_actions()``.

        Raises:
            InvalidArgumentError: ``state`` is not a BiddingHand (the oracles play the
                bidding games only: a turn-up hand is refused) or ``seat`` is not the seat
                to act.
        """
        state = _checked(type(self).__name__, state, seat)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase is Phase.PLAY:
            return self._play_choice(state, seat)
        rows = self.evaluate(state, seat)
        policy = self.policy
        preferred: Callable[[], Action] = lambda: policy.choose(state.view(seat))
        return best_action(rows, preferred)


class BestResponseOracle(_Oracle):
    """A **cheating** bot for the bidding games: the exact best response, with every card
    known, to the other sides' ``policy`` (see :mod:`trumpfamily.search.oracles`).

    In the play phase a search in which this seat's side tries every legal card and every
    other seat plays the ``policy``'s card on its own view; in the earlier phases each
    candidate action valued by playing the hand on (the ``policy`` for every later
    decision before the play, this side's included) and that search. For measuring only.

    Args:
        policy: the deterministic player (``choose(view)``) the other sides are known to
            be; default :class:`~trumpfamily.players.RuleOfThumbPlayer`. Against any other
            opponents the bot still plays, but its "best response" is to this policy.

    Raises:
        InvalidArgumentError: ``policy`` has no ``choose(view)``.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import BestResponseOracle
    >>> hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    >>> BestResponseOracle().choose_state(hand, hand.to_act) in hand.legal_actions()
    True
    """

    def _play_value(self, state: BiddingHand, side: int, seat: int) -> int:
        return max(_Ends(state, side).values(self._reach_from(state, side)))

    def _reach_from(self, state: BiddingHand, side: int) -> _Endings:
        """The set of ways the rest of the play from ``state`` can end under best response
        (:class:`_Reach`), memoised per trumps and side."""
        policy = self.policy
        plain = type(policy) is RuleOfThumbPlayer  # its card reads the position only
        context = ((state.variant, state.trump, side) if plain else
                   (state.variant, state.trump, side, state._contract, state.scores))
        memo = self._tables.get(context)
        if memo is None:
            if len(self._tables) > 64:
                self._tables.clear()
            memo = self._tables[context] = {}
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        return _Reach(state, side, policy, memo, counted=not plain).reach(state)

    def __init__(self, policy: Any = None) -> None:
        super().__init__(policy)
        self._tables: dict[tuple[Any, ...], dict[tuple[Any, ...], _Endings]] = {}

    def _play_choice(self, state: BiddingHand, seat: int) -> Action:
        return self.evaluate(state, seat)[0].action  # the first best card in legal order


class ParanoidOracle(_Oracle):
    """A **cheating** bot for the bidding games: best play with every card known, against
    every other seat playing perfectly against its side (see
    :mod:`trumpfamily.search.oracles`).

    The play phase by :func:`~trumpfamily.search.solve` (``"gains"``): one of its
    ``best_actions`` (the ``policy``'s card when it is one, else the first); the earlier
    phases by playing each candidate action on with the ``policy`` to the first lead and
    solving the play exactly. For measuring only.

    Args:
        policy: the player (``choose(view)``) for the decisions before the play that follow
            a candidate action, and for ties; default
            :class:`~trumpfamily.players.RuleOfThumbPlayer`.
        max_nodes: the budget of one solve, positions (an int >= 1), or ``None`` (default:
            no limit; a four-player play phase takes a few thousand).

    Raises:
        InvalidArgumentError: ``policy`` has no ``choose(view)``, or ``max_nodes`` is not
            an int >= 1 (or ``None``).

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import ParanoidOracle
    >>> hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    >>> ParanoidOracle().choose_state(hand, hand.to_act) in hand.legal_actions()
    True
    """

    def __init__(self, policy: Any = None, *, max_nodes: int | None = None) -> None:
        super().__init__(policy)
        if max_nodes is not None and (type(max_nodes) is not int or max_nodes < 1):
            raise InvalidArgumentError(
                f"ParanoidOracle: max_nodes={safe_repr(max_nodes)} is not an int >= 1 (or None)")
        self.max_nodes = max_nodes
        self._memo: dict[tuple[Any, ...], int] = {}

    def _play_value(self, state: BiddingHand, side: int, seat: int) -> int:
        key = (*_play_key(state), side)
        got = self._memo.get(key)
        if got is None:
            if len(self._memo) > _MEMO_LIMIT:
                self._memo.clear()
            got = solve(state, seat, "gains", max_nodes=self.max_nodes).value
            self._memo[key] = got
        return got

    def _play_choice(self, state: BiddingHand, seat: int) -> Action:
        best = solve(state, seat, "gains", max_nodes=self.max_nodes).best_actions
        preferred = self.policy.choose(state.view(seat))
        return preferred if preferred in best else best[0]
