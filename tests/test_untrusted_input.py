"""Input a remote player may send, found by an outside review of a game server: each is
refused by the library's own errors, quickly, with a message of bounded length that says
what is wrong (and a refusal's wording fits the prompt it refuses)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.errors import shorten


@pytest.mark.parametrize("amount", ["²", "2⁰", "٢٠", "9" * 5000, "-20", "20.0"])
def test_a_bid_amount_is_a_few_ascii_digits(amount: str) -> None:
    with pytest.raises(tf.ActionParseError, match="a bid is one of the ints") as caught:
        tf.parse_action(f"bid {amount}")
    assert len(str(caught.value)) < 500


def test_a_plain_bid_still_reads() -> None:
    assert tf.parse_action("bid 20") == tf.Bid(20)
    assert tf.parse_action("BID 60") == tf.Bid(60)


@pytest.mark.parametrize("size", [54, 16_000, 1_000_000])
def test_a_discard_longer_than_a_deck_is_refused_before_it_is_read(size: int) -> None:
    cards = (["2C", "3C"] * size)[:size]
    started = time.perf_counter()
    with pytest.raises(tf.DecodeError, match=f"Discard: {size} cards given; a discard holds at most 53"):
        tf.from_json({"type": "Discard", "cards": cards}, tf.Action)
    with pytest.raises(tf.InvalidArgumentError, match="holds at most 53"):
        tf.Discard(cards)
    with pytest.raises(tf.ActionParseError, match="holds at most 53") as caught:
        tf.parse_action("discard " + " ".join(cards))
    assert len(str(caught.value)) < 500  # the text sent is not echoed whole
    # linear work at most (it was quadratic: 16,000 cards took seconds); a generous bound
    assert time.perf_counter() - started < 5


def test_a_discard_of_a_whole_deck_is_read_and_a_repeated_card_named() -> None:
    from trumpfamily.cards import STANDARD_DECK

    assert len(tf.Discard(STANDARD_DECK).cards) == 52
    with pytest.raises(tf.InvalidArgumentError, match="Discard: 2C 5H given twice"):
        tf.Discard("5H 2C 9D 2C 5H")


def test_deep_nesting_is_a_decode_error() -> None:
    data: Any = "AH"
    for _ in range(5000):
        data = [data]
    with pytest.raises(tf.DecodeError, match=r"field 'cards\[0\]': expected card text such as "
                       r"'5H', got list \[\[\[\[\[…\]\]\]\]\] \(1 item\)$"):
        tf.from_json({"type": "Discard", "cards": data}, tf.Action)


def test_shorten_says_how_long_the_text_was() -> None:
    assert shorten("AH") == "'AH'"
    long = "x" * 1000
    shown = shorten(long, most=30)
    assert shown.startswith("'xxxx") and shown.endswith("… (1000 characters)")
    assert len(shown) < 60


def test_pass_at_the_dealers_rob_prompt_says_what_answers_it() -> None:
    deck = tf.stacked_deck(tf.FORTY_FIVE, players=3, dealer=0, turn_up="AH",
                           hands={1: "KD 3C 9H 2D 4C", 2: "5S QD 8C 6H 5C", 0: "2H 3H 4H 7S 8S"})
    state = tf.new_hand(tf.FORTY_FIVE, players=3, dealer=0, deck=deck)
    with pytest.raises(tf.IllegalActionError) as caught:
        state.apply(tf.Pass(), seat=0)
    err = caught.value
    assert err.code == "nothing-to-pass"
    assert "the turn-up AH is an Ace, so the dealer (seat 0) robs it now" in err.reason
    assert "answer with Rob(a card to discard)" in err.reason
    assert "must first answer the rob prompt" not in err.reason
    assert state.phase is tf.Phase.ROB and state.to_act == 0  # unchanged


def _committed_record() -> tuple[dict[str, Any], str]:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1, commit=True)
    bots = [tf.RandomPlayer(seed=seat) for seat in range(3)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)))
    assert state.commitment is not None
    return state.record(), state.commitment


@pytest.mark.parametrize("bad", ["abc", "g" * 64, "a" * 63, ""])
def test_a_malformed_commitment_is_not_called_tampering(bad: str) -> None:
    record, _ = _committed_record()
    with pytest.raises(tf.ReplayError, match="a commitment is the 64 hex digits") as caught:
        tf.replay(record, commitment=bad)
    assert not isinstance(caught.value, tf.IntegrityError)


def test_a_wrong_commitment_is_still_tampering_and_the_right_one_replays() -> None:
    record, commitment = _committed_record()
    with pytest.raises(tf.IntegrityError, match="the deck is not the one that was dealt"):
        tf.replay(record, commitment="a" * 64)
    assert tf.replay(record, commitment=commitment.upper()).commitment == commitment
