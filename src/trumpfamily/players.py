"""Simple players (bots) for examples, tests and benchmarks.

A player is any object with a ``choose(view) -> Action`` method (:class:`Player`). It
receives only :meth:`HandState.view(seat) <trumpfamily.engine.HandState.view>`: its own
hand and the public facts, never another seat's cards. Write your own bot the same way:

>>> import trumpfamily as tf
>>> class FirstCard:
...     def choose(self, view: tf.SeatView) -> tf.Action:
...         return view.legal_actions[0]
>>> game = tf.Game(tf.SPOIL_FIVE, players=3, seed=2)
>>> game.play([FirstCard(), tf.RandomPlayer(seed=1), tf.RuleOfThumbPlayer()], hands=3)
>>> len(game.outcomes), sum(game.chips) + game.pool
(3, 0)
"""

from __future__ import annotations

from typing import Protocol

from .actions import AcceptFive, Action, AskFive, Claim, Play, RefuseFive, Rob
from .cards import Card
from .dealing import seeded_random
from .engine import SeatView
from .errors import InvalidArgumentError
from .play import play_context
from .reneging import PlayContext

__all__ = ["Player", "RandomPlayer", "RuleOfThumbPlayer"]


class Player(Protocol):
    """Anything that picks an action from a seat's view."""

    def choose(self, view: SeatView) -> Action:
        """Return one of ``view.legal_actions`` (called only on the seat's turn)."""
        ...  # pragma: no cover


def _legal(player: object, view: object) -> tuple[Action, ...]:
    """The legal actions of ``view``, refusing anything but a :class:`SeatView` that has
    some (it is the seat's turn)."""
    if not isinstance(view, SeatView):
        raise InvalidArgumentError(
            f"{type(player).__name__}.choose: expected a SeatView (HandState.view(seat)), got "
            f"{type(view).__name__} {view!r:.60}"
        )
    legal = view.legal_actions
    if not legal:
        raise InvalidArgumentError(
            f"seat {view.seat} has no legal action: it is not its turn (to_act={view.to_act})"
        )
    return legal


class RandomPlayer:
    """Chooses uniformly among the legal actions (seeded, so games are reproducible).

    Args:
        seed: seeds the player's own random generator (an int, str or bytes); ``None`` for
            an unpredictable one.

    Raises:
        InvalidArgumentError: ``seed`` is not a seed (an int, str, bytes or ``None``).

    >>> import trumpfamily as tf
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=2, seed=0)
    >>> tf.RandomPlayer(seed=1).choose(state.view(state.to_act)) in state.legal_actions()
    True
    """

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        self._getrandbits = seeded_random(seed, "RandomPlayer: ").getrandbits

    def choose(self, view: SeatView) -> Action:
        """A uniformly random legal action.

        The same choice as ``random.Random(seed).choice(view.legal_actions)`` would make,
        draw for draw (its rejection sampling, inlined for speed).

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`SeatView`, or has no legal
                action (not this seat's turn).
        """
        legal = _legal(self, view)
        n = len(legal)
        k = n.bit_length()
        getrandbits = self._getrandbits
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return legal[r]


class RuleOfThumbPlayer:
    """A simple deterministic player: claims when it can, robs when it can (discarding its
    weakest card), and plays its lowest winning card.

    In detail: ``Claim()`` whenever offered (never jinks); ``Rob`` whenever offered; asks to
    five (two players) when it holds no trump, and as dealer agrees only when it holds no
    trump either. Leading, it plays its strongest card. Following, it plays the lowest card
    that would take the trick, or its lowest card if none can or its partner is already
    winning. "Strength" is the card's place in the deal's rank table (RULES.md §1.2, §1.3),
    read from the variant in the view.
    """

    def choose(self, view: SeatView) -> Action:
        """The rule-of-thumb action for ``view``.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`SeatView`, or has no legal
                action (not this seat's turn).
        """
        legal = _legal(self, view)
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
        if AskFive() in legal and not has_trump:
            return AskFive()
        if AcceptFive() in legal:
            return AcceptFive() if not has_trump else RefuseFive()
        if not plays:
            return legal[0]
        return Play(self._card(view, plays, ctx))

    @staticmethod
    def _card(view: SeatView, plays: list[Card], ctx: PlayContext) -> Card:
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


def _strength(card: Card, ctx: PlayContext) -> int:
    """A card's place in the rank table: trumps above every plain card (RULES.md §1.3)."""
    return ctx.power[card]
