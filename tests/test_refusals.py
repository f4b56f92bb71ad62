"""Structured refusals (issue 7, points 2 and 3): one check per action.

Every refused action carries a documented ``code`` (a key of ``tf.REFUSAL_CODES``) with
its rule and sources, and ``legal`` equal to what ``legal_actions()`` offers; what the
engine offers is exactly what it accepts. Checked on random states of random hands under
every preset and random options, trying every action the engine knows.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from enginekit import deal
from hypothesis import given, settings
from hypothesis import strategies as st
from test_stateful import _players_for, game_variants

import trumpfamily as tf

ALL_CARDS = tf.parse_cards("JK") + tuple(
    tf.Card(rank, suit) for suit in tf.Suit for rank in tf.Rank if rank is not tf.Rank.JOKER
)
NULLARY: tuple[Any, ...] = (
    tf.DeclineRob(),
    tf.Claim(),
    tf.Jink(),
    tf.AskFive(),
    tf.AcceptFive(),
    tf.RefuseFive(),
    tf.Pass(),
)
EVERY_ACTION: tuple[Any, ...] = (
    NULLARY + tuple(tf.Play(c) for c in ALL_CARDS) + tuple(tf.Rob(c) for c in ALL_CARDS)
)


def check_state(state: tf.HandState) -> int:
    """Try every action on ``state``: accepted exactly when offered, refused with a
    documented code otherwise; the state never changes. Returns the refusals seen."""
    legal = state.legal_actions()
    before = state.record()
    refused = 0
    for action in EVERY_ACTION:
        if action in legal:
            state.apply(action)  # offered, so accepted
            continue
        with pytest.raises(tf.IllegalActionError) as caught:
            state.apply(action)
        err = caught.value
        assert err.code in tf.REFUSAL_CODES, (action, err.code, err.reason)
        info = tf.REFUSAL_CODES[err.code]
        assert (err.rule, err.sources) == (info.rule, info.sources)
        assert err.legal == legal and err.action == action
        assert err.seat == state.to_act == err.expected_seat
        assert err.reason and str(err).startswith(f"{action!r} is not allowed: ")
        refused += 1
    assert state.record() == before
    return refused


@settings(max_examples=60)
@given(variant=game_variants(), data=st.data())
def test_every_refusal_has_a_documented_code_and_the_legal_actions(
    variant: tf.Variant, data: st.DataObject
) -> None:
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    rng = random.Random(seed)
    state = tf.new_hand(variant, players=players, dealer=rng.randrange(players), seed=seed)
    checked = 0
    while not state.is_over:
        if rng.random() < 0.3 or state.phase is not tf.Phase.PLAY:
            assert check_state(state) > 0
            checked += 1
        state = state.apply(rng.choice(state.legal_actions()))
    # once over, nobody may act
    with pytest.raises(tf.IllegalActionError) as caught:
        state.apply(tf.Play(ALL_CARDS[1]))
    assert caught.value.code == "hand-over" and caught.value.legal == ()


def test_out_of_turn_names_both_seats() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, seed=5)
    assert state.to_act == 0
    action = state.legal_actions()[0]
    with pytest.raises(tf.IllegalActionError) as caught:
        state.apply(action, seat=2)
    err = caught.value
    assert (err.code, err.seat, err.expected_seat) == ("out-of-turn", 2, 0)
    assert err.rule == "RULES.md §1.3" and err.legal == state.legal_actions()
    with pytest.raises(tf.IllegalActionError) as caught:
        state.apply(action, seat="0")  # type: ignore[arg-type]
    assert caught.value.code == "not-a-seat" and caught.value.seat == "0"


def test_the_message_of_a_move_out_of_turn_names_no_legal_moves() -> None:
    """``legal`` belongs to the seat to act: the message shown to a seat that moved out of
    turn must not list that other seat's cards (found by a fresh user)."""
    state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=0, hands=3)
    with pytest.raises(tf.IllegalActionError) as caught:
        state.apply(tf.Play("7H"), seat=0)
    err = caught.value
    assert err.code == "out-of-turn" and err.legal == state.legal_actions()
    assert "legal:" not in str(err)
    with pytest.raises(tf.IllegalActionError) as own:
        state.apply(tf.Claim(), seat=state.to_act)
    assert "(legal: play " in str(own.value)


def test_not_an_action() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=4)
    with pytest.raises(tf.IllegalActionError) as caught:
        state.apply("5H")  # type: ignore[arg-type]
    assert caught.value.code == "not-an-action"


@pytest.mark.parametrize(
    ("hand", "trick", "trump", "card", "code"),
    [
        ("3D KC 7S AH 2H", "9D", "S", "KC", "must-follow-or-trump"),  # EX-20
        ("JS 7S KD", "3S", "S", "KD", "must-play-trump"),
        ("JS KD", "5S", "S", "KD", "renege-not-privileged"),  # EX-27 shape: Five led
        ("KH 9D 3S", "AH", "C", "9D", "must-play-heart"),  # EX-33 (Forty-Five)
        ("KH 9D 3S", "AH", "C", "5C", "card-not-held"),
    ],
)
def test_play_refusals_carry_their_code(
    hand: str, trick: str, trump: str, card: str, code: str
) -> None:
    variant = tf.FORTY_FIVE if code == "must-play-heart" else tf.SPOIL_FIVE
    with pytest.raises(tf.IllegalPlayError) as caught:
        tf.check_play(card, hand, trick, trump=trump, variant=variant)
    err = caught.value
    assert err.code == code and err.rule == tf.REFUSAL_CODES[code].rule
    assert err.legal == tf.legal_moves(hand, trick, trump=trump, variant=variant)


def test_follow_suit_code_under_plain_lead_follow() -> None:
    variant = tf.SPOIL_FIVE.with_options(plain_lead="follow")
    with pytest.raises(tf.IllegalPlayError) as caught:
        tf.check_play("7S", "3D 7S", "9D", trump="S", variant=variant)
    assert caught.value.code == "must-follow-suit"
    assert caught.value.sources == tf.REFUSAL_CODES["must-follow-suit"].sources


def test_the_engine_refuses_a_card_with_the_rules_code() -> None:
    """EX-20 in the engine: the same code as ``check_play``."""
    state = deal(tf.SPOIL_FIVE, players=3, dealer=2, turn_up="2S",
                 hands={0: "9D 4C", 1: "3D KC 7S AH 2H"}).apply(tf.Play("9D"))
    with pytest.raises(tf.IllegalActionError) as caught:
        state.apply(tf.Play("KC"))
    assert caught.value.code == "must-follow-or-trump"
    assert "RULES.md §1.4.2" in caught.value.reason


def test_every_code_is_reached_by_the_examples_in_the_docs() -> None:
    """Each documented code has a worked example (docs/reference/refusals.rst is built
    from ``trumpfamily.refusals.EXAMPLES``), and each example gives its code."""
    from trumpfamily.refusals import EXAMPLES, refusal_of

    assert set(EXAMPLES) == set(tf.REFUSAL_CODES)
    for code, example in EXAMPLES.items():
        err = refusal_of(example, tf)
        assert err.code == code, (code, err)
