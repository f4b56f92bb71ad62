"""The speed-ups of issue 10 that must change nothing: the mask tables against the readable
rank tables, the inlined shuffle and random choice against the standard library, card ids,
action ids, and the tuple-backed HandState's value semantics."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trumpfamily as tf
from trumpfamily.cards import JK, STANDARD_DECK, Suit
from trumpfamily.dealing import shuffled
from trumpfamily.play import play_context
from trumpfamily.tables import CARDS, cards_of, legal_mask, mask_of, winner_index

ALL_CARDS = STANDARD_DECK + (JK,)


def test_card_ids_follow_the_standard_deck_order() -> None:
    assert [c.index for c in ALL_CARDS] == list(range(53))
    assert [c.bit for c in ALL_CARDS] == [1 << i for i in range(53)]
    assert CARDS == ALL_CARDS
    assert tf.Card.parse("2C").index == 0 and tf.Card.parse("AS").index == 51 and JK.index == 52
    assert pickle.loads(pickle.dumps(tf.Card.parse("5H"))).index == tf.Card.parse("5H").index


def test_masks_round_trip() -> None:
    rng = random.Random(4)
    for _ in range(200):
        cards = rng.sample(ALL_CARDS, rng.randint(0, 10))
        assert cards_of(mask_of(cards)) == tuple(sorted(cards, key=lambda c: c.index))


@pytest.mark.parametrize("size", [52, 53])
def test_shuffled_is_random_shuffle(size: int) -> None:
    for seed in range(300):
        a, b = list(ALL_CARDS[:size]), list(ALL_CARDS[:size])
        random.Random(seed).shuffle(a)
        assert shuffled(b, random.Random(seed)) == a


def test_random_player_chooses_as_random_choice() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=2, seed=0)
    bot, reference = tf.RandomPlayer(seed=9), random.Random(9)
    view = state.view(state.to_act)  # type: ignore[arg-type]
    legal = view.legal_actions
    assert len(legal) > 1
    for _ in range(300):
        assert bot.choose(view) == reference.choice(legal)


def variants() -> st.SearchStrategy[tf.Variant]:
    """Random reneging and ranking options on random presets."""
    rules = st.fixed_dictionaries({
        "plain_lead": st.sampled_from(["follow-or-trump", "follow", "free"]),
        "trump_lead": st.sampled_from(["follow", "free"]),
        "renege_basis": st.sampled_from(["led", "highest", "unconditional"]),
        "multi_privileged": st.sampled_from(["all", "single"]),
        "ah_lead_requires_heart": st.booleans(),
        "renege_cards": st.sampled_from(["5-J-AH", "5"]),
        "top_trumps": st.sampled_from(["modern", "cotton"]),
        "plain_aces": st.sampled_from(["traditional", "high"]),
    })
    return st.builds(
        lambda preset, opts: preset.with_options(**opts),
        st.sampled_from(list(tf.VARIANTS.values())), rules,
    )


@given(variant=variants(), trump=st.sampled_from(list(Suit)), demote=st.booleans())
def test_mask_table_is_the_rank_table(variant: tf.Variant, trump: Suit, demote: bool) -> None:
    demoted = variant.ranking.ace_of_trumps(trump) if demote else None
    ctx = play_context(variant, trump, demoted)
    m = ctx.masks
    table = ctx.table
    assert m.deck == mask_of(table.power)
    assert m.trumps == mask_of(table.trumps)
    for i, suit in enumerate(Suit):
        assert m.suit_masks[i] == mask_of(c for c, s in table.suit_of.items() if s is suit)
    for card, power in table.power.items():
        assert m.power[card.index] == power
        assert m.suit_of[card.index] == list(Suit).index(table.suit_of[card])
    assert m.privileged == mask_of(ctx.privileged)
    assert not (demoted is not None and m.privileged & demoted.bit)


def reference_legal(hand: list[tf.Card], trick: list[tf.Card], ctx: object) -> set[tf.Card]:
    """RULES.md §1.4 on sets of cards, from the readable table (independent of masks)."""
    table, priv, options = ctx.table, ctx.privileged, ctx.reneging  # type: ignore[attr-defined]
    suit_of, power, trump = table.suit_of, table.power, table.trump
    if not trick:
        return set(hand)
    led = suit_of[trick[0]]
    if led is not trump:
        follow = {c for c in hand if suit_of[c] is led}
        if options.plain_lead == "free" or not follow:
            return set(hand)
        if options.plain_lead == "follow":
            return follow
        return follow | {c for c in hand if suit_of[c] is trump}
    if options.trump_lead == "free":
        return set(hand)
    trumps = {c for c in hand if suit_of[c] is trump}
    if not trumps:
        if (options.ah_lead_requires_heart and trick[0] == tf.Card.parse("AH")
                and trump is not Suit.HEARTS):
            hearts = {c for c in hand if suit_of[c] is Suit.HEARTS}
            return hearts or set(hand)
        return set(hand)
    if options.renege_basis == "led":
        bar = power[trick[0]]
    elif options.renege_basis == "highest":
        bar = max(power[c] for c in trick if suit_of[c] is trump)
    else:
        bar = -1
    may = all(c in priv and power[c] > bar for c in trumps)
    if may and (len(trumps) == 1 or options.multi_privileged == "all"):
        return set(hand)
    return trumps


@given(variant=variants(), trump=st.sampled_from(list(Suit)), demote=st.booleans(),
       seed=st.integers(0, 2**32))
def test_legal_mask_agrees_with_the_rules_on_sets(
    variant: tf.Variant, trump: Suit, demote: bool, seed: int
) -> None:
    demoted = variant.ranking.ace_of_trumps(trump) if demote else None
    ctx = play_context(variant, trump, demoted)
    rng = random.Random(seed)
    deck = list(variant.ranking.deck())
    for _ in range(30):
        rng.shuffle(deck)
        hand, trick = deck[:rng.randint(1, 5)], deck[5:5 + rng.randint(0, 4)]
        legal, code = legal_mask(mask_of(hand), trick[0].index if trick else -1, ctx.masks,
                                 [c.index for c in trick])
        assert set(cards_of(legal)) == reference_legal(hand, trick, ctx)
        assert (code == 0) == (legal == mask_of(hand))
        if trick:
            order = sorted(range(len(trick)), key=lambda i: (
                ctx.table.suit_of[trick[i]] in (trump, ctx.table.suit_of[trick[0]]),
                ctx.table.power[trick[i]] if ctx.table.suit_of[trick[i]] in (
                    trump, ctx.table.suit_of[trick[0]]) else 0))
            assert winner_index([c.index for c in trick], ctx.masks) == order[-1]


def test_action_ids() -> None:
    # 0..112: the turn-up games' actions (never renumbered); 113..176: the bidding games';
    # 177..229: the one-card discards (tests/test_action_ids.py pins every id)
    assert tf.actions.ACTION_COUNT == 230
    for number in range(tf.actions.ACTION_COUNT):
        assert tf.action_id(tf.action_from_id(number)) == number
    assert tf.action_id(tf.Play("AS")) == 51
    assert tf.action_id(tf.Rob("2C")) == 53
    assert tf.action_id(tf.DeclineRob()) == 106
    assert tf.action_id(tf.RefuseFive()) == 112
    with pytest.raises(tf.InvalidArgumentError, match="not an action"):
        tf.action_id("play AS")  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="0..229"):
        tf.action_from_id(230)
    with pytest.raises(tf.InvalidArgumentError):
        tf.action_from_id(True)


def test_hand_state_value_semantics() -> None:
    a = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=5)
    b = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=5)
    a.legal_actions()  # fills a's cache only: still equal, same hash
    _ = a.events
    assert a == b and not a != b and hash(a) == hash(b)  # noqa: SIM202 (tests __ne__)
    c = a.apply(a.legal_actions()[0])
    assert c != a and not c == a  # noqa: SIM201 (tests __eq__)
    for copied in (pickle.loads(pickle.dumps(c)), copy.copy(c), copy.deepcopy(c)):
        assert copied == c and hash(copied) == hash(c)
        assert copied.legal_actions() == c.legal_actions()
    assert a != tuple(a)  # never equal to a plain tuple of its parts
    with pytest.raises(TypeError):
        tf.HandState()
    with pytest.raises(TypeError):
        _ = a < b  # type: ignore[operator]
    with pytest.raises(AttributeError):
        a.to_act = 1  # type: ignore[misc]


@pytest.mark.parametrize("mask", [-1, 1 << 53, "5H", 1.0, None])
def test_cards_of_refuses_what_is_not_a_mask(mask: object) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="not a card mask"):
        cards_of(mask)  # type: ignore[arg-type]


@pytest.mark.parametrize("cards", [["5H"], 3, None, [tf.Card.parse("5H"), "6H"]])
def test_mask_of_refuses_what_is_not_cards(cards: object) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="mask_of takes Card values"):
        mask_of(cards)  # type: ignore[arg-type]


def test_mask_table_refuses_bad_input() -> None:
    with pytest.raises(tf.CardParseError):
        tf.mask_table(tf.SPOIL_FIVE, "X")
    with pytest.raises(tf.UnknownVariantError):
        tf.mask_table("no such game", "S")
    with pytest.raises(tf.InvalidPositionError):
        tf.mask_table(tf.SPOIL_FIVE, "S", demoted="KS")
    assert tf.mask_table("spoil five", "S") is tf.mask_table(tf.SPOIL_FIVE, Suit.SPADES)


def test_hand_state_compares_like_a_value_not_a_tuple() -> None:
    from unittest import mock

    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=2)
    assert state == mock.ANY and [state] == [mock.ANY]
    assert state != () and not state == tuple(state)  # noqa: SIM201 (tests __eq__)
    for other in ((), (1,), state):
        with pytest.raises(TypeError, match="not ordered"):
            _ = state < other  # type: ignore[operator]
        with pytest.raises(TypeError, match="not ordered"):
            _ = state >= other  # type: ignore[operator]


def test_shuffled_refuses_more_than_64_cards() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="at most 64"):
        shuffled(list(range(65)), random.Random(1))  # type: ignore[arg-type]


def test_legal_mask_highest_basis_without_the_trick_measures_the_lead() -> None:
    m = tf.mask_table(tf.SPOIL_FIVE.with_options(renege_basis="highest"), "S")
    hand = mask_of(tf.parse_cards("5S 3D"))
    # the Five may renege against the Two led: any card (RULES.md §1.4.3)
    assert legal_mask(hand, tf.Card.parse("2S").index, m) == (hand, 0)
    assert legal_mask(hand, tf.Card.parse("2S").index, m, [tf.Card.parse("2S").index]) == (hand, 0)


def test_cards_of_takes_integer_like_values() -> None:
    class Index:
        def __index__(self) -> int:
            return 5

    assert cards_of(Index()) == tf.parse_cards("2C 4C")  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError):
        cards_of(True)


def test_action_from_id_takes_integer_like_ids_and_players_must_be_an_int() -> None:
    class Index:
        def __index__(self) -> int:
            return 51

    assert tf.action_from_id(Index()) == tf.Play("AS")  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError):
        tf.action_from_id(True)
    with pytest.raises(tf.PlayerCountError, match="the number of players is an int"):
        tf.new_hand(tf.SPOIL_FIVE, players="4")  # type: ignore[arg-type]
