"""Whole hands of every Maija preset under random options, the invariants checked after
every action (MAIJA.md M1-M11, K1-K10; issue 23 "Done when")."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from trumpfamily.maija import (
    KITUMAIJA,
    MAIJA,
    MUSTAMAIJA,
    SPARDAME,
    Beat,
    Lead,
    MaijaHand,
    maija_deck,
    new_maija_hand,
    next_in,
)
from trumpfamily.maija.events import Beaten, Covered, MaijaHandOver
from trumpfamily.maija.players import MaijaRuleOfThumbPlayer

BOUT_OPTIONS = {
    "spade_turn_up": st.sampled_from(["bury", "stands"]),
    "trump_timing": st.sampled_from(["after-first-lead", "before-play"]),
    "lead_cap": st.sampled_from([1, 2, 3, 5]),
    "lead_limit": st.sampled_from(["stock-empty", "always"]),
    "draw_timing": st.sampled_from(["end-of-turn", "after-each-part"]),
}
PILE_OPTIONS = {
    "queen_on_pile": st.sampled_from(["take-five", "take-it"]),
    "pile_take": st.sampled_from(["one-by-one", "whole-pile"]),
    "single_card_out": st.sampled_from(["set-aside", "continue"]),
}


@st.composite
def variants(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    base = draw(st.sampled_from([MUSTAMAIJA, SPARDAME, KITUMAIJA]))
    pool = PILE_OPTIONS if base.form == "pile" else BOUT_OPTIONS
    chosen = draw(st.fixed_dictionaries({}, optional=pool))
    return base.with_options(**chosen)


class MaijaMachine(RuleBasedStateMachine):
    hand: MaijaHand

    @initialize(variant=variants(), data=st.data(), seed=st.integers(0, 10**6))
    def deal(self, variant, data, seed) -> None:  # type: ignore[no-untyped-def]
        players = data.draw(st.integers(variant.min_players, variant.max_players))
        dealer = data.draw(st.integers(0, players - 1))
        self.hand = new_maija_hand(variant, players, dealer=dealer, seed=seed)
        self.full = Counter(maija_deck(variant))
        self.steps = 0

    def _step(self, action) -> None:  # type: ignore[no-untyped-def]
        before = self.hand
        if isinstance(action, Lead) and before.phase == "lead" and not before.stock:
            nxt = next_in(before.to_act, before.hand_sizes, 0)
            assert nxt is not None and len(action.cards) <= len(before.hands[nxt])
        if before.phase == "cover":
            assert not (isinstance(action, Beat))
            if any(isinstance(a, type(action)) and a == action for a in before.legal_actions()):
                pass
        self.hand = before.apply(action)
        self.steps += 1
        for event in self.hand.events:
            if isinstance(event, Beaten):
                assert all(MAIJA not in pair for pair in event.pairs)
            if isinstance(event, Covered):
                assert event.beat != MAIJA and before.pile[-1] != MAIJA
        self._check()

    @rule(seed=st.integers(0, 2**32), n=st.integers(1, 80), smart=st.booleans(),
          multi=st.booleans())
    def play(self, seed: int, n: int, smart: bool, multi: bool) -> None:
        rng = random.Random(seed)
        bot = MaijaRuleOfThumbPlayer()
        for _ in range(n):
            if self.hand.is_over:
                return
            legal = self.hand.legal_actions()
            beats = [a for a in legal if isinstance(a, Beat)]
            if multi and self.hand.phase == "defend" and len(beats) > 1:
                pairs, used, hit = [], set(), set()
                for b in beats:
                    (x, y), = b.pairs
                    if (x not in used and y not in hit
                            and self.hand.hands[self.hand.to_act].count(x) >= 1):
                        pairs.append((x, y))
                        used.add(x)
                        hit.add(y)
                action = Beat(tuple(pairs))
            elif smart:
                action = bot.choose(self.hand.view(self.hand.to_act))
            else:
                action = rng.choice(legal)
            self._step(action)

    def _check(self) -> None:
        hand = self.hand
        assert hand.cards_in_play() == self.full  # every card accounted for
        size = hand.variant.hand_size
        if hand.stock:
            assert all(len(h) >= size for s, h in enumerate(hand.hands) if s != hand.to_act)
        if hand.phase == "lead" and not hand.stock:
            nxt = next_in(hand.to_act, hand.hand_sizes, 0)
            assert nxt is not None
            assert all(len(a.cards) <= len(hand.hands[nxt]) for a in hand.legal_actions())
        assert MAIJA not in hand.out_of_play or hand.variant.form == "pile"
        if hand.is_over:
            holders = [s for s, h in enumerate(hand.hands) if h]
            assert holders == [hand.loser]
            assert sorted((*hand.out, hand.loser)) == list(range(hand.players))
            assert isinstance(hand.events[-1], MaijaHandOver)
            if hand.variant.form == "bouts":
                assert MAIJA in hand.hands[hand.loser]
        else:
            assert hand.legal_actions()
            assert hand.loser is None

    @invariant()
    def accounted(self) -> None:
        if hasattr(self, "hand"):
            assert sum(self.hand.cards_in_play().values()) == self.hand.variant.deck_size

    def teardown(self) -> None:
        if not hasattr(self, "hand"):
            return
        bot = MaijaRuleOfThumbPlayer()
        rng = random.Random(self.steps)
        for _ in range(20_000):
            if self.hand.is_over:
                break
            legal = self.hand.legal_actions()
            # random play ends a hand (the rules force no progress: MAIJA.md M11 note);
            # in the bouts form the rule of thumb, which goes out when it can, helps it
            smart = self.hand.variant.form == "bouts" and rng.random() < 0.5
            self._step(bot.choose(self.hand.view(self.hand.to_act)) if smart
                       else rng.choice(legal))
        assert self.hand.is_over


MaijaMachine.TestCase.settings = settings(
    MaijaMachine.TestCase.settings, stateful_step_count=5, deadline=None,
    max_examples=min(MaijaMachine.TestCase.settings.max_examples, 30))
TestMaijaHands = MaijaMachine.TestCase
