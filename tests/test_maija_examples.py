"""The worked examples of docs/rules/MAIJA.md (§E): each E-number is a test, named after
it, with the answer the digest gives."""

from __future__ import annotations

import pytest

import trumpfamily as tf
from trumpfamily.cards import Card, Suit, parse_cards
from trumpfamily.maija import (
    KITUMAIJA,
    MUSTAMAIJA,
    SPARDAME,
    Beat,
    Cover,
    Lead,
    TakeUp,
    beats,
    match_standing,
    max_lead,
    new_maija_hand,
    stacked_maija_deck,
    turn_trump,
)

c = Card.parse


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def _hand(variant, hands, *, dealer, stock="", **options):  # type: ignore[no-untyped-def]
    v = variant.with_options(**options) if options else variant
    deck = stacked_maija_deck(v, hands, dealer=dealer, stock=stock)
    return new_maija_hand(v, len(hands), dealer=dealer, deck=deck)


def test_e1_what_beats_what() -> None:
    """E1 (M6, M7, K3): a higher card of the suit or, on a plain suit, any trump."""
    assert beats(c("9H"), c("7H"), trump=Suit.CLUBS)
    assert not beats(c("7H"), c("9H"), trump=Suit.CLUBS)
    assert beats(c("2C"), c("AH"), trump=Suit.CLUBS)
    assert not beats(c("AH"), c("3C"), trump=Suit.CLUBS)  # a trump only by a higher trump
    assert beats(c("5C"), c("3C"), trump=Suit.CLUBS)
    assert not beats(c("KS"), c("QS"), trump=Suit.CLUBS)  # the Maija is beaten by nothing
    assert not beats(c("QS"), c("2S"), trump=Suit.CLUBS)  # and beats nothing
    assert not beats(c("AD"), c("KC"), trump=Suit.DIAMONDS, invulnerable=Suit.CLUBS)
    assert beats(c("AC"), c("KC"), trump=Suit.DIAMONDS, invulnerable=Suit.CLUBS)
    assert beats(c("2D"), c("AS"), trump=Suit.DIAMONDS, invulnerable=Suit.CLUBS)


def test_e2_a_spade_turned_is_buried() -> None:
    """E2 (M4): 5S on top is buried in the middle of the stock; 9H is the turn-up, drawn
    last."""
    up, stock, buried = turn_trump(_cards("5S 9H 2C 3C"), bury_spades=True)
    assert (up, stock, buried) == (c("9H"), _cards("5S 2C 3C 9H"), (c("5S"),))
    up, stock, _ = turn_trump(_cards("5S 9H 2C 3C"), bury_spades=False)
    assert (up, stock) == (c("5S"), _cards("9H 2C 3C 5S"))


def test_e3_the_lead_limit() -> None:
    """E3 (M5, M10): five at most; once the stock is empty, no more than the next holds."""
    assert max_lead(cap=5, next_hand=7, stock=0, limit="stock-empty") == 5
    assert max_lead(cap=5, next_hand=2, stock=0, limit="stock-empty") == 2
    assert max_lead(cap=5, next_hand=2, stock=4, limit="stock-empty") == 5
    assert max_lead(cap=None, next_hand=8, stock=4, limit="always") == 8
    assert max_lead(cap=None, next_hand=2, stock=4, limit="always") == 2


E5_HANDS = ["7H 9H 2C 3C 4C", "KH 5D 6D 8D 2S", "2H 3H 4H 5H 6H"]


def test_e4_the_queen_leads_as_a_spade() -> None:
    """E4 (M5): 7S QS is a lead; 7H QS is not (lead-mixed-suits)."""
    hand = _hand(MUSTAMAIJA, ["QS 7S 7H 3C 4C", "KS 9S 5D 6D 8D", "2H 3H 4H 5H 6H"],
                 dealer=2, stock="TC")
    assert Lead(_cards("7S QS")) in hand.legal_actions()
    with pytest.raises(tf.IllegalActionError) as info:
        hand.apply("lead 7H QS")
    assert info.value.code == "lead-mixed-suits" and info.value.rule == "MAIJA.md M5"
    assert hand.to_act == 0 and hand.history == ()  # unchanged


def test_e5_a_bout_beaten_in_part() -> None:
    """E5 (M4, M6, M8, M9): 0 leads 7H 9H, clubs are turned, 0 draws two; 1 beats the 9
    with KH and takes up the 7; the beaten pair leaves the game; 2 leads next."""
    hand = _hand(MUSTAMAIJA, E5_HANDS, dealer=2, stock="TC")
    assert hand.trump is None and hand.view(1).turn_up is None
    hand = hand.apply("lead 7H 9H")
    assert hand.trump is Suit.CLUBS and hand.turn_up == c("TC") and hand.stock[-1] == c("TC")
    assert len(hand.hands[0]) == 5 and len(hand.stock) == 35
    assert (hand.phase, hand.to_act, hand.table) == ("defend", 1, _cards("7H 9H"))
    hand = hand.apply("beat KH/9H")
    assert hand.legal_actions() == (TakeUp(),)  # nothing of his beats the 7 of hearts
    hand = hand.apply("take")
    assert hand.hands[1] == _cards("5D 6D 8D 2S 7H")
    assert hand.out_of_play == _cards("KH 9H")
    assert (hand.phase, hand.to_act, len(hand.stock)) == ("lead", 2, 35)


def test_e6_a_bout_beaten_whole() -> None:
    """E6 (M8, M9): 1 beats all and leads at once, refilling after his lead (the Penguin),
    or before it too under draw_timing="after-each-part" (pagat)."""
    hand = _hand(MUSTAMAIJA, E5_HANDS, dealer=2, stock="TC").apply("lead 7H")
    after = hand.apply(Beat(("KH/7H",)))
    assert (after.phase, after.to_act, len(after.hands[1])) == ("lead", 1, 4)
    assert after.out_of_play == _cards("KH 7H") and after.table == ()
    pagat = _hand(MUSTAMAIJA, E5_HANDS, dealer=2, stock="TC", draw_timing="after-each-part")
    pagat = pagat.apply("lead 7H").apply("beat KH/7H")
    assert len(pagat.hands[1]) == 5


def test_e7_the_queen_is_taken_up() -> None:
    """E7 (M7): KS on the led QS is refused; the 9 beats the 7, and the Queen must be
    taken up."""
    hand = _hand(MUSTAMAIJA, ["QS 7S 2C 3C 4C", "KS 9S 5D 6D 8D", "2H 3H 4H 5H 6H"],
                 dealer=2, stock="TC").apply("lead 7S QS")
    with pytest.raises(tf.IllegalActionError) as info:
        hand.apply("beat KS/QS")
    assert info.value.code == "maija-cannot-be-beaten" and info.value.rule == "MAIJA.md M7"
    hand = hand.apply("beat 9S/7S")
    assert hand.legal_actions() == (TakeUp(),)
    hand = hand.apply("take")
    assert c("QS") in hand.hands[1] and hand.to_act == 2


def test_e7b_the_queen_beats_nothing() -> None:
    """E7b (M7): QS on a led 2S is refused with maija-cannot-beat."""
    hand = _hand(MUSTAMAIJA, ["2S 3C 4C 5C 6C", "QS 8D 9D TD JD", "2H 3H 4H 5H 6H"],
                 dealer=2, stock="TC").apply("lead 2S")
    with pytest.raises(tf.IllegalActionError) as info:
        hand.apply("beat QS/2S")
    assert info.value.code == "maija-cannot-beat"


K_HANDS = ["9H 3C AD 2S 4S", "KC 5H 6H 7H 8H"]


def test_e8_kitumaija_cover_and_take() -> None:
    """E8 (K3, K6, K8): on 6S only the trump AD covers; on 3C (clubs invulnerable) only KC;
    1 takes up one card at a time, and having taken the whole pile his turn ends."""
    hand = _hand(KITUMAIJA, K_HANDS, dealer=1, stock="6S")
    assert hand.pile == (c("6S"),) and (hand.phase, hand.to_act) == ("cover", 0)
    assert {a.beat for a in hand.legal_actions() if isinstance(a, Cover)} == {c("AD")}
    with pytest.raises(tf.IllegalActionError) as info:
        hand.apply("cover 9H 3C")
    assert info.value.code == "does-not-beat"
    hand = hand.apply("cover AD 3C")
    assert hand.pile == _cards("6S AD 3C") and len(hand.hands[0]) == 5
    assert {a.beat for a in hand.legal_actions() if isinstance(a, Cover)} == {c("KC")}
    hand = hand.apply("take").apply("take")
    assert hand.pile == (c("6S"),) and hand.to_act == 1
    hand = hand.apply("take")
    assert (hand.phase, hand.to_act, hand.pile, len(hand.hands[1])) == ("start", 0, (), 8)


def test_e9_kitumaija_the_queen_on_the_pile() -> None:
    """E9 (K7): the Queen added on top makes the next player take up five (here the whole
    pile of three, ending his turn); under queen_on_pile="take-it" only the Queen."""
    hand = _hand(KITUMAIJA, ["QS 9H AD 2S 4S", "KC 5H 6H 7H 8H"], dealer=1, stock="6S")
    hand = hand.apply("cover AD QS")
    assert hand.legal_actions() == (TakeUp(),)
    with pytest.raises(tf.IllegalActionError) as info:
        hand.apply("cover KC 5H")
    assert info.value.code == "must-take-queen" and info.value.rule == "MAIJA.md K7"
    after = hand.apply("take")
    assert after.pile == () and after.to_act == 0 and c("QS") in after.hands[1]
    assert len(after.hands[1]) == 8
    mild = _hand(KITUMAIJA, ["QS 9H AD 2S 4S", "KC 5H 6H 7H 8H"], dealer=1, stock="6S",
                 queen_on_pile="take-it").apply("cover AD QS").apply("take")
    assert mild.pile == _cards("6S AD") and mild.to_act == 1 and len(mild.hands[1]) == 6


def test_e10_spardame_pack() -> None:
    """E10 (M1 note): Spardame's double pack less one Queen of Spades: 103 cards."""
    hand = new_maija_hand(SPARDAME, 8, seed=1)
    cards = hand.cards_in_play()
    assert sum(cards.values()) == 103 and cards[c("QS")] == 1 and cards[c("AH")] == 2


def test_e11_the_match() -> None:
    """E11 (M12): fewest losses wins; or the last not to have lost."""
    assert match_standing((2, 0, 1), rule="fewest") == (1,)
    assert match_standing((1, 1, 3), rule="fewest") == (0, 1)
    assert match_standing((1, 0, 1), rule="last-unbeaten") == (1,)
    assert match_standing((0, 0, 1), rule="last-unbeaten") == ()


def test_e12_the_eldest_leads_before_trumps_are_turned() -> None:
    """E12 (M4): the turn-up is hidden from every view until eldest has led; with
    trump_timing="before-play" it is turned at the deal."""
    hand = _hand(MUSTAMAIJA, E5_HANDS, dealer=2, stock="TC")
    assert all(hand.view(s).trump is None for s in range(3))
    early = _hand(MUSTAMAIJA, E5_HANDS, dealer=2, stock="TC", trump_timing="before-play")
    assert early.view(1).turn_up == c("TC") and early.trump is Suit.CLUBS


def _endgame(**options):  # type: ignore[no-untyped-def]
    """Kitumaija, three players, the stock empty: seat 0 holds 9H alone, seat 1 2C 3C,
    seat 2 QS 4C, every other card on the pile with 7H on top; seat 0 to play."""
    import attrs

    from trumpfamily.maija import maija_deck

    v = KITUMAIJA.with_options(**options)
    held = _cards("9H 2C 3C QS 4C 7H")
    rest = [x for x in maija_deck(v) if x not in held]
    hand = new_maija_hand(v, 3, seed=0)
    return attrs.evolve(hand, hands=(_cards("9H"), _cards("2C 3C"), _cards("QS 4C")),
                        stock=(), pile=(*rest, c("7H")), to_act=0, phase="cover", legal=[])


def test_e13_kitumaija_out_with_one_card() -> None:
    """E13 (K6, K10): seat 0 covers 7H with his last card 9H and is out; the pile is put out
    of the game and seat 1 starts a new one; under single_card_out="continue" seat 1 must
    cover 9H."""
    hand = _endgame()
    assert hand.legal_actions() == (Cover("9H"), TakeUp())
    after = hand.apply("cover 9H")
    assert after.out == (0,) and after.pile == () and len(after.out_of_play) == 48
    assert (after.phase, after.to_act) == ("start", 1)
    assert sum(after.cards_in_play().values()) == 52
    going = _endgame(single_card_out="continue").apply("cover 9H")
    assert (going.phase, going.to_act, going.pile[-1]) == ("cover", 1, c("9H"))
