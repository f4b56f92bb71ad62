"""Hypothesis properties of the ranking, the trick winner and the legal-move filter.

Every property runs over random coherent option combinations of every preset
(``strategies.variants``), random trump suits and random positions, including a demoted Ace
of trumps. The reference functions below are an independent re-statement of RULES.md
§1.3–1.4 (and OPTIONS.md) on top of the ranking orders; they share no code with the library's
``legal_moves`` / ``trick_winner``.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import (
    FullTrick,
    Position,
    deck_of,
    full_tricks,
    positions,
    text,
    trump_suits,
    variants,
)

import trumpfamily as tf
from trumpfamily import Card, Rank, Suit

AH = Card(Rank.ACE, Suit.HEARTS)
NATURAL_RANKS = [r for r in Rank if r is not Rank.JOKER]


# ---------------------------------------------------------------------------------------------
# Independent reference model (RULES.md §1.3, §1.4; OPTIONS.md)


def ref_trump_order(variant: Any, trump: Suit, demoted: Card | None) -> list[Card]:
    """The trump order, highest first; a demoted Ace moves below every other trump (OPTIONS.md)."""
    order = list(variant.ranking.trump_order(trump))
    if demoted is not None:
        order.remove(demoted)
        order.append(demoted)
    return order


def ref_winner(variant: Any, trump: Suit, trick: tuple[Card, ...], demoted: Card | None) -> int:
    """§1.3: the highest trump wins; failing a trump, the highest card of the led suit."""
    order = ref_trump_order(variant, trump, demoted)
    trumps = [i for i, c in enumerate(trick) if c in order]
    if trumps:
        return min(trumps, key=lambda i: order.index(trick[i]))
    led_suit = trick[0].suit
    plain = list(variant.ranking.plain_order(led_suit, trump))
    return min((i for i, c in enumerate(trick) if c in plain), key=lambda i: plain.index(trick[i]))


def privileged(variant: Any, trump: Suit, demoted: Card | None) -> set[Card]:
    """§1.4 reneging cards for ``renege_cards``; none under natural_order; never a demoted Ace."""
    opts = variant.options()
    if opts["natural_order"]:
        return set()
    five, jack = Card(Rank.FIVE, trump), Card(Rank.JACK, trump)
    cards = {"5-J-AH": {five, jack, AH}, "5-J-JK-AH": {five, jack, tf.JK, AH}, "5": {five}}[opts["renege_cards"]]
    return cards - {demoted}


def ref_legal(position: Position) -> tuple[Card, ...] | None:
    """§1.4 with every option of OPTIONS.md "Following and reneging"; None where the rules are silent."""
    variant, trump, trick, hand, demoted = (position.variant, position.trump, position.trick, position.hand,
                                            position.demoted)
    if not trick:
        return hand
    opts = variant.options()
    order = ref_trump_order(variant, trump, demoted)

    def is_trump(c: Card) -> bool:
        return c in order

    def eff(c: Card) -> Suit | None:
        return trump if is_trump(c) else c.suit

    led = trick[0]
    if is_trump(led):
        held = tuple(c for c in hand if is_trump(c))
        ah_rule = opts["ah_lead_requires_heart"] and led == AH and trump is not Suit.HEARTS
        if ah_rule and opts["trump_lead"] == "free":
            return None  # "free" and the W45 heart rule together: not specified
        if not held:
            if ah_rule:
                hearts = tuple(c for c in hand if eff(c) is Suit.HEARTS)
                return hearts or hand
            return hand
        if opts["trump_lead"] == "free":
            return hand
        priv = privileged(variant, trump, demoted)
        rank = order.index
        basis = opts["renege_basis"]
        reference = rank(led) if basis == "led" else min(rank(c) for c in trick if is_trump(c))

        def entitled(c: Card) -> bool:
            return c in priv and (basis == "unconditional" or rank(c) < reference)

        if all(entitled(c) for c in held) and (opts["multi_privileged"] == "all" or len(held) == 1):
            return hand
        return held
    suit = eff(led)
    if opts["plain_lead"] == "free":
        return hand
    follow = tuple(c for c in hand if eff(c) is suit)
    if not follow:
        return hand
    if opts["plain_lead"] == "follow":
        return follow
    return tuple(c for c in hand if eff(c) is suit or is_trump(c))


# ---------------------------------------------------------------------------------------------
# Ranking orders


@given(variants(), trump_suits)
def test_trump_order_is_a_permutation_of_the_trumps(variant: Any, trump: Suit) -> None:
    """§1.1: 14 trumps when not hearts (13 + AH), 13 with hearts, +1 for the joker; natural order 13."""
    opts = variant.options()
    order = tuple(variant.ranking.trump_order(trump))
    expected = {Card(r, trump) for r in NATURAL_RANKS}
    if not opts["natural_order"]:
        expected.add(AH)
    if opts["joker"] != "none":
        expected.add(tf.JK)
    assert len(order) == len(set(order))
    assert set(order) == expected
    base = 13 if opts["natural_order"] or trump is Suit.HEARTS else 14
    assert len(order) == base + (opts["joker"] != "none")
    if not opts["natural_order"]:
        assert order[0] == Card(Rank.FIVE, trump)  # the Five of trumps is always best (§1.2, COT)


@given(variants(), trump_suits)
def test_plain_orders_are_permutations_and_partition_the_deck(variant: Any, trump: Suit) -> None:
    """§1.2: plain suits hold their own cards, without AH (a trump) unless natural order; with the
    trump order they partition the deck."""
    opts = variant.options()
    seen: list[Card] = list(variant.ranking.trump_order(trump))
    for suit in Suit:
        if suit is trump:
            continue
        order = tuple(variant.ranking.plain_order(suit, trump))
        expected = {Card(r, suit) for r in NATURAL_RANKS}
        if not opts["natural_order"]:
            expected.discard(AH)
        assert len(order) == len(set(order))
        assert set(order) == expected
        seen.extend(order)
    deck = deck_of(variant)
    assert len(deck) == (53 if opts["joker"] != "none" else 52)
    assert len(seen) == len(deck)
    assert set(seen) == set(deck)


@given(variants(), trump_suits)
def test_is_trump_and_effective_suit_agree_with_trump_order(variant: Any, trump: Suit) -> None:
    """§0.2: trump = in the trump order; effective suit = trump suit for trumps, else the printed suit."""
    trumps = set(variant.ranking.trump_order(trump))
    for card in deck_of(variant):
        assert variant.ranking.is_trump(card, trump) == (card in trumps)
        assert variant.ranking.effective_suit(card, trump) == (trump if card in trumps else card.suit)


# ---------------------------------------------------------------------------------------------
# Trick winner


@given(full_tricks())
def test_trick_winner_agrees_with_sort_by_ranking_orders(ft: FullTrick) -> None:
    """§1.3 stated independently over the ranking's orders (demoted Ace at the bottom)."""
    got = tf.trick_winner(ft.trick, **ft.kwargs())
    assert got == ref_winner(ft.variant, ft.trump, ft.trick, ft.demoted)


@given(full_tricks())
def test_winner_is_a_trump_if_any_else_of_the_led_suit(ft: FullTrick) -> None:
    """§1.3 rules 1 and 2."""
    r = ft.variant.ranking
    w = tf.trick_winner(ft.trick, **ft.kwargs())
    assert 0 <= w < len(ft.trick)
    if any(r.is_trump(c, ft.trump) for c in ft.trick):
        assert r.is_trump(ft.trick[w], ft.trump)
    else:
        assert r.effective_suit(ft.trick[w], ft.trump) == r.effective_suit(ft.trick[0], ft.trump)


@given(full_tricks(), st.data())
def test_winner_follows_its_card_when_the_rest_is_reordered(ft: FullTrick, data: st.DataObject) -> None:
    """The winning card does not depend on the order of the cards after the lead."""
    w = tf.trick_winner(ft.trick, **ft.kwargs())
    rest = list(ft.trick[1:])
    shuffled = (ft.trick[0],) + tuple(data.draw(st.permutations(rest)))
    assert shuffled[tf.trick_winner(shuffled, **ft.kwargs())] == ft.trick[w]


@given(full_tricks(with_demoted=False))
def test_trick_winner_string_inputs(ft: FullTrick) -> None:
    """Card text and a trump letter give the same answer as Card / Suit values."""
    assert tf.trick_winner(text(ft.trick), trump=ft.trump.letter, variant=ft.variant) == tf.trick_winner(
        ft.trick, trump=ft.trump, variant=ft.variant)


# ---------------------------------------------------------------------------------------------
# Legal moves


@given(positions())
def test_legal_moves_basic_shape(p: Position) -> None:
    """Nonempty (PITFALLS 11), a subset of the hand, in hand order; the whole hand on a lead."""
    legal = tf.legal_moves(p.hand, p.trick, **p.kwargs())
    assert isinstance(legal, tuple)
    assert legal
    assert set(legal) <= set(p.hand)
    assert list(legal) == [c for c in p.hand if c in legal]
    if not p.trick:
        assert legal == p.hand


@given(positions())
def test_legal_moves_agrees_with_reference_rules(p: Position) -> None:
    """RULES §1.4 with the position's option values, restated independently (see ``ref_legal``)."""
    expected = ref_legal(p)
    assume(expected is not None)
    assert tf.legal_moves(p.hand, p.trick, **p.kwargs()) == expected


@given(positions(min_trick=1))
def test_check_play_and_is_legal_agree_with_legal_moves(p: Position) -> None:
    """DESIGN.md: one code path decides legality; check_play raises exactly for the other cards."""
    legal = tf.legal_moves(p.hand, p.trick, **p.kwargs())
    for card in p.hand:
        ok = tf.is_legal(card, p.hand, p.trick, **p.kwargs())
        assert ok == (card in legal)
        if ok:
            assert tf.check_play(card, p.hand, p.trick, **p.kwargs()) is None
        else:
            try:
                tf.check_play(card, p.hand, p.trick, **p.kwargs())
            except tf.IllegalPlayError as exc:
                assert exc.card == card
                assert exc.reason
            else:
                raise AssertionError(f"check_play accepted {card} outside {legal}")


@given(positions(), st.data())
def test_legal_set_does_not_depend_on_hand_order(p: Position, data: st.DataObject) -> None:
    legal = set(tf.legal_moves(p.hand, p.trick, **p.kwargs()))
    shuffled = tuple(data.draw(st.permutations(p.hand)))
    again = tf.legal_moves(shuffled, p.trick, **p.kwargs())
    assert set(again) == legal
    assert list(again) == [c for c in shuffled if c in legal]


@given(positions(with_demoted=False))
def test_legal_moves_string_inputs(p: Position) -> None:
    """Card text and a trump letter give the same answers as Card / Suit values."""
    as_cards = tf.legal_moves(p.hand, p.trick, trump=p.trump, variant=p.variant)
    assert tf.legal_moves(text(p.hand), text(p.trick), trump=p.trump.letter, variant=p.variant) == as_cards
    assert tf.legal_moves([str(c) for c in p.hand], [str(c) for c in p.trick], trump=p.trump,
                          variant=p.variant) == as_cards
    for card in p.hand:
        assert tf.is_legal(card, text(p.hand), text(p.trick), trump=p.trump.letter, variant=p.variant) == (
            card in as_cards)


@given(positions(min_trick=1))
def test_trumps_always_legal_on_a_trump_lead_and_on_a_plain_lead_with_trumping(p: Position) -> None:
    """PITFALLS 2 and 8: a trump held may always be played to a trump lead, and to a plain lead
    under follow-or-trump (or when void)."""
    r = p.variant.ranking
    legal = tf.legal_moves(p.hand, p.trick, **p.kwargs())
    led_trump = r.is_trump(p.trick[0], p.trump)
    plain_lead = p.variant.options()["plain_lead"]
    for card in p.hand:
        if not r.is_trump(card, p.trump):
            continue
        if led_trump or plain_lead in ("follow-or-trump", "free"):
            assert card in legal, card


@given(positions(min_trick=1), st.sampled_from(["robbing", "jinking", "fiving"]))
def test_non_play_options_do_not_change_play(p: Position, flag: str) -> None:
    """PITFALLS 13 converse: flipping robbing/jinking/fiving leaves legal moves and winners unchanged."""
    try:
        flipped = p.variant.with_options(**{flag: not p.variant.options()[flag]})
    except tf.InvalidVariantError:
        assume(False)
    kwargs = dict(p.kwargs(), variant=flipped)
    assert tf.legal_moves(p.hand, p.trick, **kwargs) == tf.legal_moves(p.hand, p.trick, **p.kwargs())
    trick = p.trick + p.hand[:1]
    assert tf.trick_winner(trick, **kwargs) == tf.trick_winner(trick, **p.kwargs())
