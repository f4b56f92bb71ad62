"""A cheating best-response oracle for the turn-up games: the upper reference of the
full-table ladder (issue 22, item 4).

**This bot cheats.** :class:`TurnUpBestResponseOracle` is an
:class:`~trumpfamily.players.OraclePlayer`: it has no ``choose(view)``, only
``choose_state(state, seat)``, and reads the whole
:class:`~trumpfamily.engine.HandState` (every seat's cards and the stock). It exists to
measure how far a fair bot is from what full knowledge of the cards could reach against
the rule of thumb; never use it as an opponent or adviser of a person, and never read its
figures as a fair bot's (:func:`~trumpfamily.tournament` marks it, in
:attr:`BotStats.oracle <trumpfamily.tournament.BotStats.oracle>`). It is exported from
:mod:`trumpfamily.search` only, the tournament names it ``"oracle-turnup"``
(:data:`~trumpfamily.tournament.BOTS`), and the server never offers it
(:data:`~trumpfamily.server.PUBLIC_BOTS`).

**What it computes.** Every seat of the *other* sides plays a known deterministic
``policy`` (default :class:`~trumpfamily.players.ContextRuleOfThumbPlayer`, the ladder's
opponent: it reads only its view and holds no state, so its action is a function of the
position), on its own view of the hand
(:meth:`HandState.view <trumpfamily.engine.HandState.view>`, without a game's context).
The oracle searches the tree of its side's own choices exactly: at a seat of its side
every legal action is tried (a rob and its discard, a word to the turn-up, a claim or a
jink, a card), at any other seat the policy's action only (no branching). The value of
a finished hand for the side is what the tournament credits (RULES.md §1.6, §1.7,
§2.3, §2.4):

* pool games (Spoil Five, Maw, Twenty-Five): the side's net chips for the hand, its
  stakes paid (negative) plus its share of the pool and any jink payments
  (:func:`~trumpfamily.scoring.settle_pool`, :func:`~trumpfamily.jinking.jink_payments`),
  with a fresh pool (every seat's ante, the dealer's ``dealer_ante``: what a one-hand
  deal of :func:`~trumpfamily.tournament` stakes; a pool carried over from a spoil is
  not in the hand's state);
* points games (Forty-Five): the side's points (``side_points``: 5 a trick, the best-trump
  trick double).

With partners (Twenty-Five at four, Forty-Five in partnerships) the search takes the
best over *every* seat of the side: it plays as if its partners were this oracle too
(as in the ladder, where the rung seats A B A B). The bot is deterministic, and each
partner, searching the same tree from its own turn, continues the line the first found
(the value of every position is exact, so any action reaching it keeps it). Positions
of the play are memoised on the cards held, the trick in progress, the seat to act and
the tricks taken (what the policy's action and the rest of the hand depend on); with the
default policy the memo is shared by every such oracle of the process (partners reuse
each other's search), else it lives as long as the bot. Cards of the side worth the same
are tried once (exact: see the search's ``distinct``).

Equal values go to the policy's own action if it is one of them, else to the first in
legal order: where no action does better, the oracle plays as the policy does. Its
value is therefore never below the policy's own on the same deal: the policy's line is
one of those searched.

>>> import trumpfamily as tf
>>> from trumpfamily.search import TurnUpBestResponseOracle
>>> hand = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=3)
>>> oracle = TurnUpBestResponseOracle()
>>> oracle.choose_state(hand, hand.to_act) in hand.legal_actions()
True
>>> game = tf.Game(tf.FORTY_FIVE, players=4, seed=7, hands=1)
>>> game.play([TurnUpBestResponseOracle(), *[tf.ContextRuleOfThumbPlayer()] * 3])
>>> len(game.outcomes), tf.players.is_oracle(oracle)
(1, True)
"""

from __future__ import annotations

import itertools
from typing import Any, Final

from ..actions import Action, Play
from ..cards import JK, Card, Rank, canonical
from ..engine import HandState
from ..errors import InvalidArgumentError, safe_repr
from ..jinking import jink_payments
from ..outcomes import Phase
from ..players import ContextRuleOfThumbPlayer
from ..ranking import AH
from ..scoring import antes, settle_pool
from .advisor import ActionValue

__all__ = ["TurnUpBestResponseOracle"]

#: Memoised positions kept by one oracle before its table is emptied (a bound on memory).
_MEMO_LIMIT: Final = 500_000


#: The memo shared by every oracle of the default policy in this process, per deal (the
#: variant, table, dealer and deck): the partners of one side, and the rotations of a
#: duplicate deal, reuse each other's values. The last few deals only.
_SHARED: Final[dict[tuple[Any, ...], dict[Any, int]]] = {}


def _checked(state: object, seat: object) -> HandState:
    """``state`` as a turn-up hand with ``seat`` to act, or InvalidArgumentError."""
    if type(state) is not HandState:
        what = type(state).__name__
        hint = (" (a seat's view: this oracle cheats and needs the whole hand, which "
                "Game.play and tf.tournament hand it)" if what in ("SeatView", "BiddingView")
                else " (the bidding games' oracle is BestResponseOracle)"
                if what == "BiddingHand" else "")
        raise InvalidArgumentError(
            f"TurnUpBestResponseOracle.choose_state: expected a turn-up game's hand (a "
            f"HandState, tf.new_hand(tf.SPOIL_FIVE, ...)), got {what}{hint}")
    if state.to_act is None or type(seat) is not int or seat != state.to_act:
        raise InvalidArgumentError(
            f"TurnUpBestResponseOracle.choose_state: seat={safe_repr(seat)} is not the seat "
            f"to act (to act: {state.to_act})")
    return state


class _Search:
    """The best-response search for one side of one hand (see the module)."""

    def __init__(self, state: HandState, side: int, policy: Any,
                 memo: dict[Any, int]) -> None:
        self.ours = frozenset(state.sides[side])
        self.policy = policy
        self.memo = memo
        self.side = side
        scoring = state.variant.scoring
        self.pool_game = scoring.scoring == "pool"
        if self.pool_game:
            stakes = antes(scoring, state.players, state.dealer, after_spoil=False)
            self.pool = sum(stakes)
            self.stake = sum(stakes[s] for s in self.ours)

    def score(self, state: HandState) -> int:
        """The side's result of the finished hand ``state`` (chips or points)."""
        outcome = state.outcome
        assert outcome is not None
        if not self.pool_game:
            assert outcome.side_points is not None
            return outcome.side_points[self.side]
        players = state.players
        gains, _ = settle_pool(self.pool, outcome.winner_seats, players)
        total = sum(gains[s] for s in self.ours) - self.stake
        if outcome.jink_succeeded:
            assert outcome.winner is not None
            variant = state.variant
            pay, _ = jink_payments(variant.jinking, variant.scoring, outcome.sides,
                                   outcome.winner, outcome.winner_seats)
            total += sum(pay[s] for s in self.ours)
        return total

    def distinct(self, state: HandState, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        """``legal`` (cards to play) without the cards worth the same as a lower one kept.

        Two cards of the seat are worth the same when they are of one effective suit and
        no card of that suit still out of the completed tricks (in a hand, the stock, a
        discard or the trick in progress) lies between them in power: whichever is
        played, the rest of the hand is the same up to their swap, and so is every view
        the policy reads (its masters, the trick's winner). Kept apart, to be exact: the
        privileged trumps (a right to renege), the Ace of Hearts where a Heart lead binds
        it, the Ace of trumps (a holder's bar), the joker, the turn-up (seen by all) and,
        in a points game, the highest trump dealt (its trick scores double: every card
        dealt is played).
        """
        ctx = state._status.ctx
        suit_of, power, trump = ctx.suit_of, ctx.power, ctx.trump
        by_suit: dict[Any, list[Card]] = {}
        for action in legal:
            if not isinstance(action, Play):
                return legal
            card = action.card
            by_suit.setdefault(suit_of[card], []).append(card)
        if all(len(v) == 1 for v in by_suit.values()):
            return legal
        keep = set(ctx.privileged)
        keep.add(state._status.turn_up)
        keep.add(AH)
        keep.add(canonical(Rank.ACE, trump))
        keep.add(JK)
        done = {c for t in state.tricks for c in t.cards}
        if not self.pool_game and len(by_suit.get(trump, ())) > 1:
            dealt = [c for hand in state.hands for c in hand]
            dealt.extend(state.current_trick)
            dealt.extend(done)
            keep.add(max((c for c in dealt if suit_of[c] is trump), key=power.__getitem__))
        dropped: set[Card] = set()
        for suit, mine in by_suit.items():
            if len(mine) < 2:
                continue
            ladder = sorted((c for c in ctx.deck if suit_of[c] is suit and c not in done),
                            key=power.__getitem__)
            place = {c: i for i, c in enumerate(ladder)}
            mine.sort(key=power.__getitem__)
            for lower, higher in itertools.pairwise(mine):
                if (place[higher] == place[lower] + 1 and lower not in keep
                        and higher not in keep):
                    dropped.add(higher)  # worth the same as ``lower`` (kept, or its twin)
        if not dropped:
            return legal
        return tuple(a for a in legal if a.card not in dropped)  # type: ignore[union-attr]

    def value(self, state: HandState) -> int:
        """The side's result from ``state`` on under best response (exact)."""
        if state.to_act is None:
            return self.score(state)
        phase = state.phase
        key: Any = ((state.hands, state.current_trick, state.to_act, state.trick_counts,
                     state.leader, state._status, self.side)
                    if phase is Phase.PLAY else (state, self.side))
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        seat = state.to_act
        legal = state.legal_actions()
        if len(legal) == 1:
            result = self.value(state.apply(legal[0]))
        elif seat in self.ours:
            if phase is Phase.PLAY:
                legal = self.distinct(state, legal)
            result = max(self.value(state.apply(a)) for a in legal)
        else:
            result = self.value(state.apply(self.policy.choose(state.view(seat))))
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        memo[key] = result
        return result


class TurnUpBestResponseOracle:
    """A **cheating** bot for the turn-up games: the exact best response, with every card
    known, to the other sides' ``policy`` (see :mod:`trumpfamily.search.turnup_oracles`).

    At its side's turns every legal action is tried, at every other seat the ``policy``'s
    action on that seat's own view; the side's chips (pool games) or points (Forty-Five)
    of the finished hand are maximised. For measuring only.

    Args:
        policy: the deterministic player (``choose(view)``, no state kept between calls)
            the other sides are known to be; default
            :class:`~trumpfamily.players.ContextRuleOfThumbPlayer`. Against any other
            opponents the bot still plays, but its "best response" is to this policy.

    Raises:
        InvalidArgumentError: ``policy`` has no ``choose(view)``.

    >>> import trumpfamily as tf
    >>> from trumpfamily.search import TurnUpBestResponseOracle
    >>> hand = tf.new_hand(tf.MAW, players=5, seed=2)
    >>> rows = TurnUpBestResponseOracle().evaluate(hand, hand.to_act)
    >>> rows[0].mean >= rows[-1].mean, rows[0].worlds
    (True, 1)
    """

    def __init__(self, policy: Any = None) -> None:
        if policy is None:
            policy = ContextRuleOfThumbPlayer(warn_fallback=False)
        elif not callable(getattr(policy, "choose", None)):
            raise InvalidArgumentError(
                f"TurnUpBestResponseOracle: policy={policy!r:.60} has no choose(view)")
        self.policy = policy
        self._memo: dict[Any, int] = {}

    def _search(self, state: HandState, seat: int) -> _Search:
        side = next(i for i, s in enumerate(state.sides) if seat in s)
        memo = self._memo
        if type(self.policy) is ContextRuleOfThumbPlayer:  # stateless: share the values
            context = (state.variant, state.players, state.dealer, state.deck)
            memo = _SHARED.get(context)  # type: ignore[assignment]
            if memo is None:
                if len(_SHARED) >= 4:  # the last few deals only
                    _SHARED.clear()
                memo = _SHARED[context] = {}
        return _Search(state, side, self.policy, memo)

    def value(self, state: HandState, seat: int) -> int:
        """The exact best-response value of ``state`` for ``seat``'s side: its chips
        (pool games: net for the hand, stakes included) or points (Forty-Five).

        Args:
            state: a turn-up hand (whole: this is cheating), in any phase; ``seat`` need
                not be the seat to act.
            seat: a seat of the hand (an int).

        Returns:
            The value, chips or points (an int; a finished hand's own result).

        Raises:
            InvalidArgumentError: ``state`` is not a :class:`~trumpfamily.engine.HandState`
                or ``seat`` is not one of its seats.
        """
        if type(state) is not HandState:
            _checked(state, seat)
        if type(seat) is not int or not 0 <= seat < state.players:
            raise InvalidArgumentError(
                f"TurnUpBestResponseOracle.value: seat={safe_repr(seat)} is not a seat of "
                f"the hand (0 to {state.players - 1})")
        return self._search(state, seat).value(state)

    def evaluate(self, state: HandState, seat: int) -> tuple[ActionValue, ...]:
        """Each legal action's exact value for ``seat``'s side, best first.

        Args:
            state: the whole hand (a :class:`~trumpfamily.engine.HandState`: this is
                cheating), with ``seat`` to act.
            seat: the seat to act.

        Returns:
            One :class:`~trumpfamily.search.advisor.ActionValue` per legal action, sorted
            by value, best first (ties in legal order): ``mean`` is the exact value
            (chips or points, as :meth:`value`) on the one, true world (``worlds`` 1,
            the interval and the gaps of zero width).

        Raises:
            InvalidArgumentError: ``state`` is not a HandState (a seat's view, a bidding
                hand) or ``seat`` is not the seat to act.
        """
        state = _checked(state, seat)
        search = self._search(state, seat)
        legal = state.legal_actions()
        values = [search.value(state.apply(a)) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        top = values[order[0]]
        return tuple(ActionValue(legal[i], float(values[i]), float(values[i]),
                                 float(values[i]), 1, float(top - values[i]),
                                 float(top - values[i])) for i in order)

    def choose_state(self, state: HandState, seat: int) -> Action:
        """The oracle's action for ``seat``: one of the best of :meth:`evaluate`, the
        policy's own action when it is one of them.

        Args:
            state: the current hand, whole (a :class:`~trumpfamily.engine.HandState`),
                as :meth:`Game.play_hand <trumpfamily.game.Game.play_hand>` and
                :func:`~trumpfamily.tournament` give it to an oracle.
            seat: the seat to act.

        Returns:
            One of ``state.legal_actions()``.

        Raises:
            InvalidArgumentError: ``state`` is not a HandState (it refuses a seat's view:
                it needs the whole hand; a bidding hand is
                :class:`~trumpfamily.search.BestResponseOracle`'s) or ``seat`` is not the
                seat to act.
        """
        state = _checked(state, seat)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rows = self.evaluate(state, seat)
        top = rows[0].mean
        tied = [r.action for r in rows if r.mean == top]
        if len(tied) == 1:
            return tied[0]
        preferred: Action = self.policy.choose(state.view(seat))
        return preferred if preferred in tied else tied[0]
