"""Refusals with codes, the notation, JSON and record round trips and find_variant for the
Maija games (MAIJA.md §N, §J, §R)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trumpfamily as tf
from trumpfamily.maija import (
    KITUMAIJA,
    MAIJA_CODES,
    MUSTAMAIJA,
    SPARDAME,
    Beat,
    Lead,
    MaijaAction,
    MaijaRecord,
    MaijaView,
    TakeUp,
    new_maija_hand,
    parse_maija_action,
    replay_maija,
    stacked_maija_deck,
)
from trumpfamily.maija.events import MaijaEvent
from trumpfamily.maija.jsonio import maija_from_json, maija_to_json

HANDS = ["7H 9H 2C 3C 4C", "KH 5D 6D 8D 2S", "2H 3H 4H 5H 6H"]


def _hand(**options):  # type: ignore[no-untyped-def]
    v = MUSTAMAIJA.with_options(**options)
    return new_maija_hand(v, 3, dealer=2, deck=stacked_maija_deck(v, HANDS, dealer=2, stock="TC"))


def _refused(hand, action, seat=None):  # type: ignore[no-untyped-def]
    with pytest.raises(tf.IllegalActionError) as info:
        hand.apply(action, seat)
    err = info.value
    assert err.rule == MAIJA_CODES[err.code].rule and err.rule.startswith("MAIJA.md")
    return err.code


def test_refusals_have_codes_and_leave_the_state() -> None:
    hand = _hand()
    before = (hand.hands, hand.stock, hand.phase, hand.to_act, hand.history)
    assert _refused(hand, "lead 7H", seat=1) == "out-of-turn"
    assert _refused(hand, "lead 7H 2C") == "lead-mixed-suits"
    assert _refused(hand, "lead 7D") == "card-not-held"
    assert _refused(hand, "beat 9H/7H") == "wrong-phase"
    assert _refused(hand, Lead(())) == "lead-empty"
    assert _refused(hand, 42) == "not-an-action"
    assert _refused(_hand(lead_cap=2), "lead 2C 3C 4C") == "lead-too-many"
    assert (hand.hands, hand.stock, hand.phase, hand.to_act, hand.history) == before
    bout = hand.apply("lead 7H 9H")
    assert _refused(bout, "beat KH/7H KH/9H") == "beat-card-twice"
    assert _refused(bout, "beat KH/AH") == "beat-not-on-table"
    assert _refused(bout, "beat 5D/7H") == "does-not-beat"
    assert _refused(bout, Beat(())) == "beat-empty"
    assert _refused(bout, "lead 5D") == "wrong-phase"


def test_text_that_is_no_action_is_a_parse_error() -> None:
    for text in ("fly 7H", "beat 9H", "lead 7X", "take 7H", "cover", "cover 7H 8H 9H", ""):
        with pytest.raises(tf.ActionParseError):
            parse_maija_action(text)


def test_pile_refusals() -> None:
    v = KITUMAIJA
    deck = stacked_maija_deck(v, ["9H 3C AD 2S 4S", "KC 5H 6H 7H 8H"], dealer=1, stock="6S")
    hand = new_maija_hand(v, 2, dealer=1, deck=deck)
    assert _refused(hand, "cover AD") == "cover-free-card"
    assert _refused(hand, "lead 9H") == "wrong-phase"
    taken = hand.apply("take")  # the 6S: the pile is empty, seat 1 starts one
    assert taken.phase == "start" and taken.to_act == 1
    assert _refused(taken, "lead 5H 6H") == "pile-start-one-card"
    after = taken.apply("lead 5H")
    assert after.phase == "cover" and after.pile[-1] == tf.Card.parse("5H")


def _random_states(variant, players, seed, steps=300):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    hand = new_maija_hand(variant, players, seed=seed)
    yield hand
    for _ in range(steps):
        if hand.is_over:
            return
        hand = hand.apply(rng.choice(hand.legal_actions()))
        yield hand


@pytest.mark.parametrize("variant", [MUSTAMAIJA, SPARDAME, KITUMAIJA], ids=lambda v: v.name)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_round_trips(variant, seed) -> None:  # type: ignore[no-untyped-def]
    """Notation, JSON of views/actions/events/records, and record replay and resume."""
    hand = None
    for hand in _random_states(variant, 3, seed):
        for action in hand.legal_actions():
            assert parse_maija_action(str(action)) == action
            assert maija_from_json(json.loads(json.dumps(maija_to_json(action))),
                                   MaijaAction) == action
        for seat in range(3):
            view = hand.view(seat)
            assert maija_from_json(json.loads(json.dumps(maija_to_json(view))), MaijaView) == view
        for event in hand.events:
            data = json.loads(json.dumps(maija_to_json(event.seen_by(0))))
            assert maija_from_json(data, MaijaEvent) == event.seen_by(0)
        if len(hand.history) in (7, 30):  # a record of an unfinished hand resumes
            again = replay_maija(hand.record())
            assert [again.view(s) for s in range(3)] == [hand.view(s) for s in range(3)]
    assert hand is not None
    record = hand.record()
    text = json.dumps(maija_to_json(record))
    back = maija_from_json(json.loads(text), MaijaRecord)
    assert back == record
    final = replay_maija(back)
    assert final.loser == hand.loser and final.hands == hand.hands


def test_a_bad_record_is_a_replay_error() -> None:
    hand = _hand().apply("lead 7H 9H")
    record = hand.record()
    bad = MaijaRecord(record.variant, record.options, record.players, record.dealer,
                      record.deck, (*record.actions, "beat 2S/7H"))
    with pytest.raises(tf.ReplayError) as info:
        replay_maija(bad)
    assert info.value.index == 1
    with pytest.raises(tf.DecodeError):
        maija_from_json({"type": "Lead", "cards": ["7X"]}, MaijaAction)
    with pytest.raises(tf.DecodeError):
        maija_from_json({"variant": "Mustamaija"}, MaijaRecord)


def test_find_variant_knows_the_maija_presets_apart() -> None:
    assert tf.find_variant("Mustamaija", family="maija") is MUSTAMAIJA
    assert tf.find_variant("musta-maija", family="maija") is MUSTAMAIJA
    assert tf.find_variant("spardame", family="maija") is SPARDAME
    assert tf.find_variant("Wan Maria", family="maija") is KITUMAIJA
    with pytest.raises(tf.UnknownVariantError, match="family='maija'"):
        tf.find_variant("Mustamaija")
    with pytest.raises(tf.UnknownVariantError):
        tf.find_variant("Spoil Five", family="maija")


def test_an_unknown_maija_name_is_quoted_once() -> None:
    """The message names the name as given, quoted once (it read ``"'x'"``)."""
    with pytest.raises(tf.UnknownVariantError) as caught:
        tf.find_variant("x", family="maija")
    assert str(caught.value) == (
        "no variant named 'x'; known names: Mustamaija, Spardame, Kitumaija")
    assert caught.value.name == "x"
    with pytest.raises(tf.UnknownVariantError, match=r"^expected a Maija variant name \(str\) "
                       r"or a MaijaVariant, got int 5; known names: Mustamaija"):
        tf.find_variant(5, family="maija")  # type: ignore[call-overload]
    assert not {"Mustamaija", "Spardame", "Kitumaija"} & set(tf.ALL_VARIANTS)
    assert tf.find_variant("spoil five") is tf.SPOIL_FIVE


def test_options_are_checked() -> None:
    with pytest.raises(tf.InvalidVariantError):
        MUSTAMAIJA.with_options(lead_cap=9)
    with pytest.raises(tf.InvalidVariantError):
        MUSTAMAIJA.with_options(nonsense=1)
    with pytest.raises(tf.PlayerCountError):
        new_maija_hand(MUSTAMAIJA, 6, seed=1)
    with pytest.raises(tf.InvalidDeckError):
        new_maija_hand(MUSTAMAIJA, 3, deck=["2C"] * 52)
    assert repr(MUSTAMAIJA.with_options(lead_cap=3)) == "<MaijaVariant 'Mustamaija' with lead_cap=3>"
    assert TakeUp() in new_maija_hand(KITUMAIJA, 2, seed=1).legal_actions()


def test_a_finished_hand_refuses_every_action() -> None:
    rng = random.Random(2)
    hand = new_maija_hand(MUSTAMAIJA, 3, seed=2)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    assert hand.legal_actions() == () and hand.to_act is None
    assert _refused(hand, "take") == "hand-over"
    with pytest.raises(tf.InvalidSeatError):
        hand.view(3)


def test_spardame_beats_a_doubled_lead_with_doubled_cards() -> None:
    """A double pack: two 7H led are beaten by two 9H in one Beat."""
    deck = stacked_maija_deck(SPARDAME, ["7H 7H 2C 3C 4C", "9H 9H 5D 6D 8D", "2H 3H 4H 5H 6H"],
                              dealer=2, stock="TC")
    hand = new_maija_hand(SPARDAME, 3, dealer=2, deck=deck).apply("lead 7H 7H")
    assert _refused(hand, "beat 9H/7H 9H/7H 9H/7H") == "beat-card-twice"
    after = hand.apply("beat 9H/7H 9H/7H")
    assert after.phase == "lead" and after.to_act == 1 and after.out_of_play.count(
        tf.Card.parse("9H")) == 2
