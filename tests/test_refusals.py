"""Structured refusals (issue 7, points 2 and 3): one check per action.

Every refused action carries a documented ``code`` (a key of ``tf.REFUSAL_CODES``) with
its rule and sources, and ``legal`` equal to what ``legal_actions()`` offers; what the
engine offers is exactly what it accepts. Checked on random states of random hands under
every preset and random options, trying every action the engine knows.
"""

from __future__ import annotations

import random
import re
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


# -- the bidding games: every refusal cites BIDDING.md ------------------------------------

_CITED = re.compile(r"BIDDING\.md (§\d+(?:\.\d+)*(?: #\d+)?)")


def _check_bidding_refusal(err: tf.IllegalActionError, seen: dict[str, str]) -> None:
    """The refusal of a bidding hand carries its code's BIDDING.md section as ``rule``
    (``BIDDING_CODES``), and that section is one the reason cites, where it cites any."""
    from trumpfamily.errors import BIDDING_CODES

    info = BIDDING_CODES[err.code]
    assert (err.rule, err.sources) == (info.rule, info.sources), (err.code, err.reason)
    assert err.rule.startswith("BIDDING.md §"), (err.code, err.rule)
    cited = _CITED.findall(err.reason)
    if cited:
        assert err.rule.removeprefix("BIDDING.md ") in cited, (err.code, err.rule, err.reason)
    seen.setdefault(err.code, err.reason)


def _try(state: Any, action: Any, seen: dict[str, str], seat: Any = None) -> None:
    try:
        state.apply(action) if seat is None else state.apply(action, seat=seat)
    except tf.IllegalActionError as err:
        _check_bidding_refusal(err, seen)


def _bidding_variants() -> list[tf.Variant]:
    """Every bidding preset, and a few house rules that reach more refusals."""
    a45, nl = tf.AUCTION_45, tf.NEWFOUNDLAND_120S
    return [*tf.BIDDING_VARIANTS.values(),
            a45.with_options(rob_pack=True), a45.with_options(plain_lead="follow"),
            a45.with_options(all_pass="bag-dealer", bag_bid=20, bag_raise=True),
            a45.with_options(hold="none"), nl.with_options(discard_trumps="last-resort")]


def test_every_refusal_of_a_bidding_hand_cites_bidding_md() -> None:
    """Finding 1 (newcomer trial): ``rule`` was ``RULES.md §1.3`` for a bid out of turn,
    ``RULES.md §1.5`` for a card in the auction or a discard not held. Random hands of
    every bidding preset (and house rules), every action, wrong and bad seats, a card of
    no deck, the hand and the game over: each refusal's rule is a BIDDING.md section."""
    from biddingkit import every_action, players_for

    from trumpfamily.errors import BIDDING_CODES
    from trumpfamily.refusals import EXAMPLES, refusal_of

    seen: dict[str, str] = {}
    for number, variant in enumerate(_bidding_variants()):
        deck = variant.ranking.deck()
        foreign = [c for c in ALL_CARDS if c not in deck][:1]
        actions = [*every_action(deck), *(tf.Play(c) for c in foreign),
                   *(tf.Discard([c]) for c in foreign), "9D"]
        for players in players_for(variant)[:3]:
            for seed in range(3):
                rng = random.Random(seed * 100 + number)
                state = tf.new_hand(variant, players=players, seed=seed,
                                    dealer=rng.randrange(players))
                while True:
                    for action in actions:
                        _try(state, action, seen)
                    if state.to_act is not None:
                        held = state.hands[state.to_act]
                        others = [c for c in deck if c not in held][:2]
                        _try(state, tf.Discard(others), seen)
                        _try(state, tf.Discard([*held[:1], *others[:1]]), seen)
                        _try(state, tf.Play(others[0]), seen)
                    for seat in (-1, players, "0", (state.to_act or 0) + 1):
                        _try(state, tf.Pass(), seen, seat=seat)
                    if state.is_over:
                        break
                    state = state.apply(rng.choice(state.legal_actions()))
        game = tf.new_game(variant, players=players_for(variant)[0], seed=1, hands=1)
        while not game.is_over:
            game = game.apply(game.legal_actions()[0])
        _try(game, tf.Pass(), seen)
    # two refusals of the following rules that random hands seldom reach: JS may not
    # renege against 5S led; under ah_lead_requires_heart, AH led calls for a heart
    variant = tf.AUCTION_45.with_options(ah_lead_requires_heart=True)
    deck = tf.stacked_bidding_deck(variant, players=4, dealer=3, hands={
        0: "2D 3D 4D 6D 7D", 1: "5S AH 9C TC QC", 2: "JS 2H 3H 4H 6H"})
    for trump, lead in (("S", "5S"), ("D", "AH")):
        state = tf.new_hand(variant, players=4, dealer=3, deck=deck)
        for action in (tf.Bid(15), tf.Pass(), tf.Pass(), tf.Pass(), tf.NameTrump(trump)):
            state = state.apply(action)
        while state.phase is tf.Phase.DRAW:
            state = state.apply(tf.Discard())
        _try(state.apply(tf.Play(lead)), tf.Play("JS" if trump == "D" else "2H"), seen)
    for code, example in EXAMPLES.items():  # the bidding-only codes' worked examples
        if "BIDDING.md" in tf.REFUSAL_CODES[code].rule and "check_call" not in example:
            _try_example = refusal_of(example, tf)
            assert isinstance(_try_example, tf.IllegalActionError)
            _check_bidding_refusal(_try_example, seen)
    # every code a bidding hand gives was met (hold checks are the auction's own calls)
    assert set(BIDDING_CODES) - set(seen) == {"nothing-to-hold", "hold-amount"}, (
        sorted(set(BIDDING_CODES) - set(seen)))


def test_the_refusals_of_the_trial_cite_bidding_md() -> None:
    """The three refusals of the newcomer's trial, with their BIDDING.md sections."""
    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    assert hand.to_act == 1
    with pytest.raises(tf.IllegalActionError) as caught:
        hand.apply(tf.Bid(20), seat=2)
    assert (caught.value.code, caught.value.rule) == ("out-of-turn", "BIDDING.md §2.3")
    with pytest.raises(tf.IllegalActionError) as caught:
        hand.apply(tf.Play("AH"))
    assert (caught.value.code, caught.value.rule) == ("wrong-phase", "BIDDING.md §3.4")
    for action in (tf.Bid(15), tf.Pass(), tf.Pass(), tf.Pass(), tf.NameTrump("S")):
        hand = hand.apply(action)
    assert hand.phase is tf.Phase.DRAW
    seat = hand.to_act
    assert seat is not None
    other = next(c for c in tf.AUCTION_45.ranking.deck() if c not in hand.hands[seat])
    with pytest.raises(tf.IllegalActionError) as caught:
        hand.apply(tf.Discard([other]))
    assert (caught.value.code, caught.value.rule) == ("discard-not-held", "BIDDING.md §3.4")
    # the turn-up games keep their RULES.md sections
    assert tf.REFUSAL_CODES["out-of-turn"].rule == "RULES.md §1.3"
