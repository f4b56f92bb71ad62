"""The re-deal test for every Maija view (MAIJA.md §V): re-deal the cards a seat never
sees, replay the same actions, and the seat's view is the same after every action."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trumpfamily.maija import KITUMAIJA, MUSTAMAIJA, SPARDAME, MaijaHand, new_maija_hand
from trumpfamily.maija.events import PileStarted, TrumpTurned


def _play(variant, players, seed, steps):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    hand = new_maija_hand(variant, players, dealer=seed % players, seed=seed)
    states = [hand]
    for _ in range(steps):
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_actions()))
        states.append(hand)
    return states


def _seen(states: list[MaijaHand], seat: int) -> set[object]:
    """What the rules let ``seat`` see (read from the state, not from the view under test):
    its own hands, the table, the pile, the cards out of play, the turn-up once turned."""
    seen: set[object] = set()
    for state in states:
        seen.update(state.hands[seat], state.table, state.pile, state.out_of_play)
        seen.update(c for pair in state.beaten for c in pair)
        if state.trump is not None and state.turn_up is not None:
            seen.add(state.turn_up)
        for event in state.events:
            if isinstance(event, TrumpTurned | PileStarted):
                seen.update((event.card, *event.buried))
    return seen


def _redeal(states: list[MaijaHand], seat: int, seed: int) -> list[MaijaHand]:
    first = states[0]
    seen = _seen(states, seat)
    deck = list(first.deck)
    hidden = [i for i, c in enumerate(deck) if c not in seen]
    cards = [deck[i] for i in hidden]
    random.Random(seed).shuffle(cards)
    for i, c in zip(hidden, cards, strict=True):
        deck[i] = c
    hand = new_maija_hand(first.variant, first.players, dealer=first.dealer, deck=deck)
    out = [hand]
    for state in states[1:]:
        hand = hand.apply(state.history[-1])
        out.append(hand)
    return out


@pytest.mark.parametrize("variant", [MUSTAMAIJA, SPARDAME, KITUMAIJA], ids=lambda v: v.name)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400), data=st.data())
def test_a_redeal_of_what_a_seat_cannot_see_keeps_its_views(variant, seed, steps, data):  # type: ignore[no-untyped-def]
    players = data.draw(st.integers(variant.min_players, min(variant.max_players, 5)))
    states = _play(variant, players, seed, steps)
    for seat in range(players):
        other = _redeal(states, seat, seed + 1)
        assert [s.view(seat) for s in other] == [s.view(seat) for s in states]


def test_the_redeal_changes_what_is_hidden() -> None:
    """The test has power: the re-deal moves cards another seat holds, and the views of
    that seat differ."""
    states = _play(MUSTAMAIJA, 3, 11, 6)
    other = _redeal(states, 0, 5)
    assert other[0].hands[1] != states[0].hands[1] or other[0].hands[2] != states[0].hands[2]
    assert [s.view(0) for s in other] == [s.view(0) for s in states]
    assert [s.view(1) for s in other] != [s.view(1) for s in states]


def test_a_view_holds_no_hidden_card() -> None:
    """A view names no card of another hand nor of the stock."""
    hand = new_maija_hand(MUSTAMAIJA, 4, seed=3)
    view = hand.view(2)
    shown = {*view.hand, *view.table, *view.pile, *view.out_of_play}
    assert shown == set(hand.hands[2])
    assert view.stock == len(hand.stock) and view.turn_up is None
