"""Action notation (``trumpfamily.actions``): ``str(action)`` is the short text form of the
module's table, ``parse_action`` reads it back, and anything else is refused with an
``ActionParseError`` naming the text and the forms accepted."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import deck_of
from test_stateful import _players_for, game_variants

import trumpfamily as tf
from trumpfamily.actions import ACTION_FORMS

#: The notation of actions.py's table, written out.
TABLE: list[tuple[Any, str]] = [
    (tf.Play("AH"), "play AH"),
    (tf.Rob("8C"), "rob 8C"),
    (tf.DeclineRob(), "decline-rob"),
    (tf.Claim(), "claim"),
    (tf.Jink(), "jink"),
    (tf.AskFive(), "ask-five"),
    (tf.AcceptFive(), "accept-five"),
    (tf.RefuseFive(), "refuse-five"),
    (tf.Pass(), "pass"),
]


@pytest.mark.parametrize(("action", "text"), TABLE, ids=[t for _, t in TABLE])
def test_str_is_the_notation_and_parse_action_reads_it(action: tf.Action, text: str) -> None:
    assert str(action) == text
    assert tf.parse_action(text) == action
    assert tf.parse_action(text.upper()) == action
    assert tf.parse_action(f"  {text.replace(' ', '   ')}\t") == action


def test_repr_still_rebuilds_the_value() -> None:
    assert repr(tf.Play("AH")) == "Play('AH')" and repr(tf.Rob("10c")) == "Rob('TC')"
    assert repr(tf.DeclineRob()) == "DeclineRob()"


@pytest.mark.parametrize("text", ["play 10c", "play tc", "PLAY T♣", "play 10♣", "Play TC"])
def test_a_card_is_read_as_card_parse_reads_it(text: str) -> None:
    assert tf.parse_action(text) == tf.Play("TC")


def test_the_joker_and_the_ten_are_written_as_cards_are() -> None:
    assert str(tf.Play(tf.JK)) == "play JK" and tf.parse_action("play joker") == tf.Play(tf.JK)
    assert str(tf.Rob("10d")) == "rob TD"


@pytest.mark.parametrize(("text", "reason"), [
    ("", "no action given"),
    ("   ", "no action given"),
    ("play", "'play' needs a card, e.g. 'play AH'"),
    ("rob", "'rob' needs a card, e.g. 'rob 8C'"),
    ("play AH KD", "'play' takes one card"),
    ("decline rob", "did you mean 'decline-rob'?"),
    ("ask five", "did you mean 'ask-five'?"),
    ("declinerob", "not an action"),
    ("AH", "not an action"),  # a card alone is not the notation
    ("Play('AH')", "not an action"),  # the repr is not the notation
    ("claim now", "not an action"),
])
def test_junk_is_refused_naming_the_text_and_the_forms(text: str, reason: str) -> None:
    with pytest.raises(tf.ActionParseError) as refused:
        tf.parse_action(text)
    error = refused.value
    assert error.text == text and reason in error.reason
    assert error.forms == ACTION_FORMS
    assert repr(text) in str(error)
    assert "play CARD, rob CARD, decline-rob, claim, jink, ask-five, accept-five, " \
           "refuse-five, pass" in str(error)


def test_a_bad_card_is_refused_with_the_card_error() -> None:
    with pytest.raises(tf.ActionParseError, match="cannot read a card from '9X'") as refused:
        tf.parse_action("rob 9X")
    assert refused.value.forms == ()  # the form was right


@pytest.mark.parametrize("value", [None, 5, b"play AH", tf.Play("AH")])
def test_only_text_is_read(value: object) -> None:
    with pytest.raises(tf.ActionParseError, match="expected action text"):
        tf.parse_action(value)  # type: ignore[arg-type]


def test_action_parse_error_is_a_library_value_error() -> None:
    assert issubclass(tf.ActionParseError, tf.TrumpFamilyError)
    assert issubclass(tf.ActionParseError, ValueError)


@given(st.text(max_size=12))
def test_any_text_parses_or_raises_action_parse_error(text: str) -> None:
    try:
        action = tf.parse_action(text)
    except tf.ActionParseError as error:
        assert error.text == text
    else:
        assert tf.parse_action(str(action)) == action


@settings(max_examples=max(10, settings.default.max_examples // 2))
@given(data=st.data())
def test_every_action_of_random_games_round_trips(data: st.DataObject) -> None:
    """``parse_action(str(a)) == a`` for every legal action of random states of every
    preset with random options (the state machine's ``game_variants``), and for every
    ``Play`` and ``Rob`` of the variant's deck."""
    variant = data.draw(game_variants(), label="variant")
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    state = tf.new_game(variant, players=players, seed=data.draw(st.integers(0, 2**32)),
                        hands=2)
    for card in deck_of(variant):
        for action in (tf.Play(card), tf.Rob(card)):
            assert tf.parse_action(str(action)) == action
    for _ in range(data.draw(st.integers(0, 40), label="steps")):
        legal = state.legal_actions()
        if not legal:
            break
        for action in legal:
            assert tf.parse_action(str(action)) == action
            assert tf.parse_action(str(action).upper()) == action
        state = state.apply(data.draw(st.sampled_from(legal)))
