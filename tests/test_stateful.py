"""A hypothesis state machine that plays random games of every preset, with random option
combinations and 2-10 players, checking the engine's invariants after every action (issue 3):

* each card is in exactly one place; only the seat ``to_act`` may act (anyone else is
  refused and the state is unchanged); ``legal_actions`` is never empty while the hand is
  running;
* a hand ends after five tricks, a claim, a win, a failed jink or a settled spoil; a pool
  winner has at least ``tricks_needed`` tricks and a spoil has no winner; partnership trick
  counts add up; a failed jink spoils; 45 hand points total 30 (25 when no trump is played);
* chips plus pool are conserved; ``replay(record())`` equals the state; ``view(seat)``
  never shows another seat's cards or the discard.

Sized by the active hypothesis profile (half its ``max_examples``), 60 steps a run.
"""

from __future__ import annotations

from typing import Any

from enginekit import check_invariants
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from strategies import deck_of, variants

import trumpfamily as tf

ENGINE_OPTIONS: dict[str, tuple[Any, ...]] = {
    "robbing": (True, False),
    "holder_rob": ("may-announce", "may", "must"),
    "dealer_rob": ("must", "may"),
    "unrobbed_ace": (
        "lowest-unless-announced",
        "lowest",
        "cannot-win",
        "lowest-and-cannot-win",
        "none",
    ),
    "rob_timing": ("own-first-turn", "before-lead"),
    "partnerships": ("none", "pairs", "threes", "pairs-at-four"),
    "fiving": (False, True),
    "deal_packets": ("3-2", "2-3", "4-1", "1-4"),
    "first_dealer": ("first-jack", "given"),
}
POOL_OPTIONS: dict[str, tuple[Any, ...]] = {
    "tricks_to_win": (3, 3, 2, 4),
    "two_trick_win_above": (None, 4, 5),
    "ante": (1, 2, 3),
    "dealer_ante": (1, 2, 4),
    "spoil_ante": ("non-dealers-one", "dealer-one", "everyone-one", "full"),
    "jinking": (True, False),
    "jink_bonus": ("counter", "stake"),
}
POINTS_OPTIONS: dict[str, tuple[Any, ...]] = {
    "points_per_trick": (5, 5, 1),
    "best_trump_bonus": ("any", "top-four", "none"),
    "target": (25, 45, 15),
    "five_tricks": ("none", "wins-game", "bonus"),
    "target_tie": ("higher-total", "first-to-reach"),
}


@st.composite
def game_variants(draw: st.DrawFn) -> tf.Variant:
    """A preset with random play options (tests/strategies.py) and random engine options."""
    base = draw(variants())
    chosen: dict[str, Any] = {}
    for name, values in ENGINE_OPTIONS.items():
        if draw(st.booleans()):
            chosen[name] = draw(st.sampled_from(values))
    mode = draw(st.sampled_from(("pool", "points")))
    chosen["scoring"] = mode
    for name, values in (POOL_OPTIONS if mode == "pool" else POINTS_OPTIONS).items():
        chosen[name] = draw(st.sampled_from(values))
    return base.with_options(**chosen)


def _players_for(variant: tf.Variant) -> list[int]:
    table = variant.table
    ok = []
    for n in range(table.min_players, table.max_players + 1):
        try:
            table.side_count(n)
        except tf.PlayerCountError:
            continue
        ok.append(n)
    return ok


ALL_ACTIONS: tuple[Any, ...] = (
    tf.DeclineRob(),
    tf.Claim(),
    tf.Jink(),
    tf.AskFive(),
    tf.AcceptFive(),
    tf.RefuseFive(),
    tf.Pass(),
)


class EngineMachine(RuleBasedStateMachine):
    game: tf.Game
    hands_seen: int

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self._new_game(data)

    @precondition(lambda self: self.game.is_over)
    @rule(data=st.data())
    def next_game(self, data: st.DataObject) -> None:
        self._new_game(data)

    def _new_game(self, data: st.DataObject) -> None:
        variant = data.draw(game_variants(), label="variant")
        players = data.draw(st.sampled_from(_players_for(variant)), label="players")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        self.game = tf.Game(
            variant, players=players, seed=seed, hands=data.draw(st.sampled_from((None, 3)))
        )
        self.hands_seen = 0

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        game = self.game
        hand = game.hand
        legal = hand.legal_actions()
        action = data.draw(st.sampled_from(legal), label="action")
        seat = hand.to_act
        assert seat is not None
        if hand.players > 1:
            other = (seat + 1) % hand.players
            try:
                hand.apply(action, seat=other)
            except tf.IllegalActionError:
                pass
            else:
                raise AssertionError("a seat acted out of turn")
        chips, pool = game.chips, game.pool
        before = len(game.outcomes)
        after = game.apply(action, seat)
        assert hand.legal_actions() == legal  # the old state is intact
        if len(game.outcomes) > before:
            finished = game.last_hand
            # a points game won mid-hand ends with that hand's partial outcome
            assert finished is not None
            assert finished.is_over or not game.outcomes[-1].complete
            check_invariants(finished)
            assert tf.replay(finished.record()) == finished
            self.hands_seen += 1
            if (
                finished.outcome
                and finished.outcome.scoring == "pool"
                and finished.outcome.winner is None
            ):
                assert game.pool >= pool
        del chips, after

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def try_anything(self, data: st.DataObject) -> None:
        """Any action at all: an illegal one is refused and changes nothing."""
        hand = self.game.hand
        deck = deck_of(hand.variant)
        action = data.draw(
            st.one_of(
                st.sampled_from(ALL_ACTIONS),
                st.sampled_from(deck).map(tf.Play),
                st.sampled_from(deck).map(tf.Rob),
            ),
            label="any action",
        )
        if action in hand.legal_actions():
            return
        chips, actions = self.game.chips, hand.actions
        try:
            self.game.apply(action)
        except tf.IllegalActionError as err:
            assert err.reason
        else:
            raise AssertionError(f"{action!r} was accepted but is not legal")
        assert self.game.hand is hand and hand.actions == actions and self.game.chips == chips

    @invariant()
    def hand_invariants(self) -> None:
        hand = self.game.hand
        check_invariants(hand)
        assert tf.replay(hand.record()) == hand

    @invariant()
    def chips_are_conserved(self) -> None:
        game = self.game
        assert sum(game.chips) + game.pool == 0
        if game.hand.tricks_needed is None:
            assert game.pool == 0 and not any(game.chips)
        if game.is_over and game.winner is not None:
            target = game.variant.scoring.target
            assert target is not None
            assert game.scores[game.winner] >= target or (
                game.variant.scoring.five_tricks == "wins-game"
                and game.outcomes
                and game.outcomes[-1].all_five == game.winner
            )


# Half the active profile's examples (each runs up to 60 actions, several hands), so the
# whole suite stays fast on two cores; the "fuzz" profile scales it up.
EngineMachine.TestCase.settings = settings(
    max_examples=max(10, settings.default.max_examples // 2), stateful_step_count=60
)
TestEngineMachine = EngineMachine.TestCase
