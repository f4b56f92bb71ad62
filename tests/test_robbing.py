"""Robbing the turn-up through the engine (RULES.md §1.5, §2.2.5, §2.8; EX-17, EX-43, EX-49 to
EX-53, EX-56), and the robbing decisions of :mod:`trumpfamily.robbing`."""

from __future__ import annotations

import pytest
from enginekit import check_invariants, deal, pass_prompts, play

import trumpfamily as tf
from trumpfamily import AcceptFive, AskFive, Card, DeclineRob, Play, RefuseFive, Rob
from trumpfamily.robbing import Robbing, may_decline, unrobbed_penalty

C = Card.parse

# Five players, P4 deals, P0 leads; P2 holds the Ace of diamonds (EX-49).
EX49_HANDS = {
    0: "2H 3H 4H 5H 6H",
    1: "7H 8H 9H TH JH",
    2: "AD 8C 3S KH 9D",
    3: "QH 2C 3C 4C 5C",
    4: "6C 7C 9C TC JC",
}


def ex49(variant: tf.Variant) -> tf.HandState:
    return deal(variant, players=5, dealer=4, hands=EX49_HANDS, turn_up="5D")


# -- the holder of the Ace of trumps --------------------------------------------------------


def test_ex49_rob_at_own_first_turn_brings_in_the_five() -> None:
    """EX-49 (FOS/PEEL timing): at P2's first turn to trick 1 he may rob, discarding 8C face
    down; his hand becomes AD 5D 3S KH 9D."""
    state = play(ex49(tf.SPOIL_FIVE), "2H 7H")
    assert state.to_act == 2
    legal = state.legal_actions()
    assert legal[:6] == (Rob("AD"), Rob("8C"), Rob("3S"), Rob("KH"), Rob("9D"), DeclineRob())
    assert set(legal[6:]) == {Play("AD"), Play("KH"), Play("9D")}  # follow hearts or trump
    robbed = state.apply(Rob("8C"))
    assert sorted(robbed.hands[2]) == sorted(tf.parse_cards("AD 5D 3S KH 9D"))
    assert robbed.to_act == 2 and robbed.robbed_by == 2 and robbed.discard == C("8C")
    assert all(isinstance(a, Play) for a in robbed.legal_actions())
    assert Play("5D") in robbed.legal_actions()  # the robbed Five may be played at once
    # the turn-up is no longer on the table, but everyone saw it turned; the discard is
    # in the robber's view only
    for seat in range(5):
        view = robbed.view(seat)
        assert view.turn_up is None and view.turned_up == C("5D") and view.robbed_by == 2
        assert C("8C") not in view.hand
        if seat != 2:
            assert view.my_discard is None and "'8C'" not in repr(view)
    assert robbed.view(2).my_discard == C("8C")
    check_invariants(robbed)


def test_ex49_rob_before_the_lead() -> None:
    """EX-49 (EB11/W25 timing, rob_timing="before-lead"): P2 robs before eldest leads.
    Every seat from eldest is asked in turn, so the prompt names nobody: P0 and P1 can only
    pass; P2 holds AD and may rob or announce, not pass (holder_rob="may-announce")."""
    state = ex49(tf.TWENTY_FIVE)
    for seat in (0, 1):
        assert state.phase is tf.Phase.ROB and state.to_act == seat
        assert state.legal_actions() == (tf.Pass(),)
        state = state.apply(tf.Pass())
    assert state.phase is tf.Phase.ROB and state.to_act == 2
    with pytest.raises(tf.IllegalActionError, match="must rob or announce") as err:
        state.apply(tf.Pass())
    assert err.value.code == "must-announce"
    assert state.legal_actions() == (
        Rob("AD"),
        Rob("8C"),
        Rob("3S"),
        Rob("KH"),
        Rob("9D"),
        DeclineRob(),
    )
    robbed = state.apply(Rob("8C"))
    assert robbed.phase is tf.Phase.PLAY and robbed.to_act == 0
    assert C("5D") in robbed.hands[2]


def test_holder_must_rob_has_no_decline_but_may_still_forget() -> None:
    variant = tf.SPOIL_FIVE.with_options(holder_rob="must")
    state = play(ex49(variant), "2H 7H")
    assert DeclineRob() not in state.legal_actions()
    with pytest.raises(tf.IllegalActionError, match="holder_rob='must'"):
        state.apply(DeclineRob())
    assert Play("KH") in state.legal_actions()  # forgetting is not refused


def test_ex52_rob_without_the_ace_is_refused() -> None:
    """EX-52: robbing without holding the Ace of trumps is an offence; the engine refuses it."""
    state = ex49(tf.SPOIL_FIVE)
    with pytest.raises(
        tf.IllegalActionError, match=r"seat 0 does not hold the Ace of trumps \(AD\)"
    ):
        state.apply(Rob("2H"))
    assert state.actions == () and state.robbed_by is None


def test_rob_of_a_card_not_held_and_a_second_rob_are_refused() -> None:
    state = play(ex49(tf.SPOIL_FIVE), "2H 7H")
    with pytest.raises(tf.IllegalActionError, match="discard 2C is not in seat 2's hand"):
        state.apply(Rob("2C"))
    robbed = state.apply(Rob("8C"))
    with pytest.raises(tf.IllegalActionError, match="only once a deal"):
        robbed.apply(Rob("AD"))


def test_the_chance_to_rob_passes_with_the_first_card() -> None:
    state = play(ex49(tf.SPOIL_FIVE), "2H 7H KH QH 6C")  # P2 played KH without robbing
    state = play(state, "2C") if state.to_act == 3 else state
    assert state.tricks[0].winner == 2
    with pytest.raises(tf.IllegalActionError, match="chance to rob has passed"):
        state.apply(Rob("3S"))


def test_no_robbing_when_robbing_is_off() -> None:
    state = play(ex49(tf.MAW), "2H 7H")
    assert all(isinstance(a, Play) for a in state.legal_actions())
    with pytest.raises(tf.IllegalActionError, match="robbing=False"):
        state.apply(Rob("8C"))


def test_rob_out_of_turn() -> None:
    state = play(ex49(tf.SPOIL_FIVE), "2H")
    with pytest.raises(tf.IllegalActionError, match="seat 1's turn, not seat 2's"):
        state.apply(Rob("8C"), seat=2)


# -- the dealer and an Ace turned up (EX-50) -------------------------------------------------

EX50_HANDS = {
    0: "2C 3C 4C 5C 6C",
    1: "7H 8H 9H TH JH",
    2: "2D 3D 4D 5D 6D",
    3: "QH 7D 8D 9C TC",
    4: "2H 7C 9D KD 4S",
}


def test_ex50_dealer_robs_a_turned_ace_before_the_lead() -> None:
    """EX-50: turn-up AS; the dealer P4 discards, say, 2H face down before eldest leads."""
    state = deal(tf.SPOIL_FIVE, players=5, dealer=4, hands=EX50_HANDS, turn_up="AS")
    assert state.phase is tf.Phase.ROB and state.to_act == 4
    assert state.legal_actions() == tuple(Rob(c) for c in tf.parse_cards("2H 7C 9D KD 4S")) + (
        DeclineRob(),
    )
    robbed = state.apply(Rob("2H"))
    assert robbed.to_act == 0 and robbed.phase is tf.Phase.PLAY
    assert sorted(robbed.hands[4]) == sorted(tf.parse_cards("7C 9D KD 4S AS"))
    check_invariants(robbed)


def test_ex50_the_robbed_ace_stays_public() -> None:
    """EX-50: the whole table saw AS turned up, so after the dealer robs it every view still
    shows which card was turned (``turned_up``); only the dealer sees his discard."""
    state = deal(tf.SPOIL_FIVE, players=5, dealer=4, hands=EX50_HANDS, turn_up="AS")
    assert all(state.view(seat).turned_up == C("AS") for seat in range(5))
    robbed = state.apply(Rob("2H"))
    for seat in range(5):
        view = robbed.view(seat)
        assert view.turn_up is None and view.turned_up == C("AS") and view.robbed_by == 4
        assert view.my_discard == (C("2H") if seat == 4 else None)
    check_invariants(robbed)


def test_ex50_dealer_may_play_these() -> None:
    """EX-50, FOS only: the dealer may decline, keeping his hand; nobody has AS."""
    state = deal(tf.SPOIL_FIVE, players=5, dealer=4, hands=EX50_HANDS, turn_up="AS")
    kept = state.apply(DeclineRob())
    assert kept.hands[4] == tf.parse_cards("2H 7C 9D KD 4S") and kept.to_act == 0
    assert all(C("AS") not in h for h in kept.hands) and kept.view(0).turn_up == C("AS")
    assert kept.announced == 4 and kept.demoted is None and kept.barred == ()


def test_ex50_dealer_must_rob_under_maw_and_w45() -> None:
    for variant in (tf.FORTY_FIVE, tf.MAW.with_options(robbing=True)):
        state = deal(variant, players=5, dealer=4, hands=EX50_HANDS, turn_up="AS")
        assert DeclineRob() not in state.legal_actions()
        with pytest.raises(tf.IllegalActionError, match="dealer_rob='must'"):
            state.apply(DeclineRob())


def test_only_the_dealer_robs_a_turned_ace() -> None:
    state = deal(tf.SPOIL_FIVE, players=5, dealer=4, hands=EX50_HANDS, turn_up="AS")
    with pytest.raises(tf.IllegalActionError, match="seat 4's turn, not seat 0's"):
        state.apply(Rob("2C"), seat=0)
    with pytest.raises(tf.IllegalActionError, match="not in seat 4's hand"):
        state.apply(Rob("2C"))


# -- penalties for not robbing (EX-17, EX-43, EX-51) -----------------------------------------

EX17_HANDS = {0: "TS 2H 3H 4H 5H", 1: "AS 6H 7H 8H 9H"}


def _ex17(variant: tf.Variant) -> tf.HandState:
    return deal(variant, players=2, dealer=1, hands=EX17_HANDS, turn_up="2S")


def test_ex17_unannounced_ace_ranks_lowest() -> None:
    """EX-17 (A1, FOS): P1 was dealt AS and neither robbed nor announced: TS beats AS."""
    state = play(_ex17(tf.SPOIL_FIVE), "TS AS")
    assert state.tricks[0].winner == 0
    assert state.demoted == C("AS") and state.barred == ()


def test_ex17_penalty_b_leaves_the_ranking() -> None:
    """EX-17 under penalty B (MAW, PEEL): the ranking does not change, AS wins."""
    variant = tf.MAW.with_options(robbing=True, rob_timing="own-first-turn")
    state = play(_ex17(variant), "TS AS")
    assert state.tricks[0].winner == 1 and state.demoted is None
    assert [b.seat for b in state.barred] == [1]
    assert "unrobbed_ace='cannot-win'" in state.barred[0].reason


def test_ex17_announcing_escapes_a1_but_not_a2() -> None:
    a1 = play(_ex17(tf.SPOIL_FIVE), "TS").apply(DeclineRob())
    assert play(a1, "AS").tricks[0].winner == 1
    a2 = play(_ex17(tf.SPOIL_FIVE.with_options(unrobbed_ace="lowest")), "TS").apply(DeclineRob())
    assert play(a2, "AS").tricks[0].winner == 0 and a2.demoted == C("AS")


def test_penalty_none() -> None:
    state = play(_ex17(tf.SPOIL_FIVE.with_options(unrobbed_ace="none")), "TS AS")
    assert state.tricks[0].winner == 1 and state.barred == () and state.demoted is None


EX43_HANDS = {0: "3H 2C 3C 4C 5C", 1: "AH 9S 8C 7D 6C"}


def _ex43(variant: tf.Variant) -> tf.HandState:
    return play(deal(variant, players=2, dealer=1, hands=EX43_HANDS, turn_up="4H"), "3H")


def test_ex43_unannounced_ah_loses_its_privilege() -> None:
    """EX-43 (FOS, A1): hearts trumps, 3H led; P1 holds AH (the Ace of trumps) and plays
    without robbing or announcing: AH is the lowest trump with no privilege, so he must
    play it. Announcing first keeps the privilege (all cards legal)."""
    state = _ex43(tf.SPOIL_FIVE)
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert plays == [Play("AH")]
    with pytest.raises(tf.IllegalActionError, match="trumps were led"):
        state.apply(Play("9S"))
    announced = state.apply(DeclineRob())
    assert announced.legal_actions() == tuple(Play(c) for c in tf.parse_cards("AH 9S 8C 7D 6C"))


def test_ex43_penalty_b_keeps_the_privilege() -> None:
    variant = tf.MAW.with_options(robbing=True, rob_timing="own-first-turn")
    state = _ex43(variant)
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert plays == [Play(c) for c in tf.parse_cards("AH 9S 8C 7D 6C")]


def test_ex43_a2_demotes_even_when_announced() -> None:
    state = _ex43(tf.FORTY_FIVE).apply(DeclineRob())
    assert state.legal_actions() == (Play("AH"),)


EX51_HANDS = {
    0: "2H 3H 4H 5H 6H",
    1: "AS KS QS 3D 4D",
    2: "7H 8H 9H TH JH",
    3: "QH KH 2C 3C 4C",
    4: "5C 6C 7C 8C 9C",
}
MAW_ROBBING = tf.MAW.with_options(robbing=True, rob_timing="own-first-turn")


def test_ex51_forgetting_bars_the_holder_and_his_three_tricks_spoil() -> None:
    """EX-51 (MAW, PEEL): P1 forgot to rob and is barred; he takes 3 tricks; nobody else can
    reach 3, so the pot is not won: a spoil."""
    state = deal(MAW_ROBBING, players=5, dealer=4, hands=EX51_HANDS, turn_up="2S")
    state = play(state, "2H AS 7H QH 5C")
    assert [b.seat for b in state.barred] == [1]
    state = play(state, "KS 8H KH 6C 3H QS 9H 2C 7C 4H")
    assert state.trick_counts == (0, 3, 0, 0, 0)
    assert state.is_over and state.outcome is not None
    assert state.outcome.spoil and state.outcome.winner is None
    assert state.outcome.tricks_played == 3  # nobody can reach three any more
    assert [b.seat for b in state.outcome.barred] == [1]


def test_ex51_declining_to_rob_also_bars_under_cannot_win() -> None:
    """Penalty B (PEEL, EB11, MAW): the holder who does not rob cannot win the pool. Maw has
    no announcement, so declining openly is no escape (robbing.unrobbed_penalty)."""
    state = deal(MAW_ROBBING, players=5, dealer=4, hands=EX51_HANDS, turn_up="2S")
    state = play(state, "2H").apply(DeclineRob())
    assert [b.seat for b in state.barred] == [1] and state.demoted is None
    state = play(state, "AS 7H QH 5C KS 8H KH 6C 3H QS 9H 2C 7C 4H")
    assert state.is_over and state.outcome is not None
    assert state.trick_counts == (0, 3, 0, 0, 0)
    assert state.outcome.spoil and state.outcome.winner is None


def test_twenty_five_announcing_escapes_demotion_but_not_the_bar() -> None:
    """W25 (unrobbed_ace="lowest-and-cannot-win", robbing before the lead): "an unannounced
    Ace ranks lowest" and "a player who fails to rob cannot win"."""
    state = deal(tf.TWENTY_FIVE, players=5, dealer=4, hands=EX51_HANDS, turn_up="2S")
    state = pass_prompts(state)  # P0 passes the rob prompt
    assert state.phase is tf.Phase.ROB and state.to_act == 1
    declined = state.apply(DeclineRob())
    assert declined.demoted is None
    assert [b.seat for b in declined.barred] == [1]
    robbed = state.apply(Rob("KS"))
    assert robbed.demoted is None and robbed.barred == ()


def test_spoil_five_announcing_escapes_every_penalty() -> None:
    """FOS (A1): announcing the Ace instead of robbing keeps its rank and the right to win."""
    state = deal(tf.SPOIL_FIVE, players=5, dealer=4, hands=EX51_HANDS, turn_up="2S")
    state = play(state, "2H").apply(DeclineRob())
    assert state.demoted is None and state.barred == ()


# -- a silent holder is his own secret --------------------------------------------------------

PENALTIES = ["lowest-unless-announced", "lowest", "cannot-win", "lowest-and-cannot-win"]


def _forgot(rule: str, cards: str = "2H 7H KH") -> tf.HandState:
    """EX-49 (Spoil Five timing, own-first-turn): P2 holds AD and plays KH to trick 1 with
    neither a rob nor an announcement."""
    return play(ex49(tf.SPOIL_FIVE.with_options(unrobbed_ace=rule)), cards)


@pytest.mark.parametrize("rule", PENALTIES)
def test_a_forgotten_rob_is_the_holders_secret(rule: str) -> None:
    """Nobody but P2 knows he holds AD until he plays it: every other seat's view is field
    for field what it would be with no penalty at all (``unrobbed_ace="none"``)."""
    state = _forgot(rule)
    assert state.demoted is not None or state.barred  # the penalty is in force
    blank = _forgot("none")
    for later in ("", "QH 6C", "QH 6C 3S 2C 7C 3H 8H"):  # at once, and after tricks 1, 2
        now, base = play(state, later), play(blank, later)
        for seat in (0, 1, 3, 4):
            view = now.view(seat)
            assert view._replace(variant=None) == base.view(seat)._replace(variant=None)
            assert view.demoted is None and view.barred == ()
            assert "'AD'" not in repr(view) and "seat 2" not in repr(view)
        own = now.view(2)
        assert own.demoted == now.demoted and own.barred == now.barred
        check_invariants(now)
    # nor does an error message name him to another seat trying to rob
    seat = state.to_act
    assert seat == 3
    with pytest.raises(tf.IllegalActionError, match="seat 3 does not hold") as err:
        state.apply(Rob("QH"))
    assert "seat 2" not in str(err.value)


def test_a_forgotten_rob_becomes_public_when_the_ace_is_played() -> None:
    """W25 penalties: P2 wins trick 1 with KH and leads AD: now everyone sees that it is
    demoted and that P2 is barred."""
    state = _forgot("lowest-and-cannot-win", "2H 7H KH QH 6C")
    assert state.tricks[0].winner == 2 and state.view(0).demoted is None
    state = play(state, "AD")
    for seat in range(5):
        assert state.view(seat).demoted == C("AD")
        assert [b.seat for b in state.view(seat).barred] == [2]
    check_invariants(state)


def test_a_forgotten_bar_is_public_when_the_hand_is_over() -> None:
    """Penalty B (cannot-win): P2 never plays AD and wins the first three tricks. The table
    cannot know he is barred, so he is asked to claim or jink like anyone else (issue 19:
    the course of the hand reads only what is public); his claim shows the bar, and the
    deal is a spoil (EX-51, ``scoring.pool_winner``). Then every view shows the bar."""
    state = _forgot("cannot-win")
    blank = _forgot("none")
    for card in tf.parse_cards("QH 6C  3S 2C 7C 3H 8H  9D 3C 9C 4H 9H"):
        assert state.view(0).barred == () and state.view(3).barred == ()
        state, blank = state.apply(Play(card)), blank.apply(Play(card))
        assert (state.phase, state.to_act) == (blank.phase, blank.to_act)
    assert state.phase is tf.Phase.CLAIM and state.to_act == 2
    assert state.trick_counts == (0, 0, 3, 0, 0)
    claimed = state.apply(tf.Claim())
    assert claimed.is_over and claimed.outcome is not None
    assert claimed.outcome.claimed and claimed.outcome.spoil
    assert claimed.outcome.winner is None and claimed.outcome.winner_seats == ()
    assert C("AD") in claimed.hands[2] and claimed.view(0).demoted is None
    for seat in range(5):
        assert [b.seat for b in claimed.view(seat).barred] == [2]
    check_invariants(claimed)
    # without the penalty the same claim takes the pool
    taken = blank.apply(tf.Claim()).outcome
    assert taken is not None and taken.winner == 2 and not taken.spoil


def test_a_forgotten_bar_fails_the_jink_once_the_ace_is_played() -> None:
    """Penalty B: P2, barred in secret, jinks after three tricks and leads AD to trick 4.
    Now everyone sees he held the Ace and did not rob: he can win nothing, so the jink
    fails at the end of that trick (``jinking.jink_result``, RULES.md §1.5, §1.6)."""
    state = play(_forgot("cannot-win"), "QH 6C  3S 2C 7C 3H 8H  9D 3C 9C 4H 9H")
    state = state.apply(tf.Jink())
    assert state.phase is tf.Phase.PLAY and state.to_act == 2
    state = play(state, "AD")
    assert [b.seat for b in state.view(0).barred] == [2]
    state = play(state, "4C TC 5H JH")
    assert state.is_over and state.outcome is not None
    assert state.tricks[-1].winner == 2 and state.outcome.tricks_played == 4
    assert state.outcome.jink_tried and not state.outcome.jink_succeeded
    assert state.outcome.spoil and state.outcome.winner is None
    check_invariants(state)


@pytest.mark.parametrize("rule", PENALTIES)
def test_an_open_decline_is_public(rule: str) -> None:
    """DeclineRob is said aloud, so its penalty is public at once."""
    state = play(ex49(tf.SPOIL_FIVE.with_options(unrobbed_ace=rule)), "2H 7H").apply(DeclineRob())
    for seat in range(5):
        view = state.view(seat)
        assert view.announced == 2
        assert view.demoted == state.demoted and view.barred == state.barred
    check_invariants(state)


# -- the joker turned up (EX-53) and fiving (EX-56) ------------------------------------------


def test_ex53_dealer_takes_a_turned_joker_and_the_next_card_is_trumps() -> None:
    """EX-53: turn-up JK; the dealer takes it and discards one card; the next card 7C is
    turned, so clubs are trumps. Taking the joker is not a rob of the trump card: 7C then
    goes through the robbing set-up of any turn-up (§1.5), so the holder of AC may rob it."""
    variant = tf.FORTY_FIVE.with_options(joker="third")
    state = deal(
        variant,
        players=4,
        dealer=3,
        hands={3: "2H 3H 4H 5H 6H", 0: "AC 2D 3D 4D 5D"},
        turn_up="JK",
        stock="7C",
    )
    # Take, discard, then turn (RULES.md §1.5, EX-53): 7C is not turned before the discard,
    # so no seat sees a trump suit yet and the joker is the turn-up.
    assert state.turn_up == tf.JK and state.stock[0] == C("7C")
    for seat in range(4):
        view = state.view(seat)
        assert view.trump is None and view.turn_up == tf.JK == view.turned_up
    assert state.phase is tf.Phase.ROB and state.to_act == 3
    assert state.legal_actions() == tuple(Rob(c) for c in tf.parse_cards("2H 3H 4H 5H 6H"))
    check_invariants(state)
    took = state.apply(Rob("2H"))
    assert tf.JK in took.hands[3] and took.joker_discard == C("2H")
    assert took.robbed_by is None and took.discard is None
    assert took.to_act == 0 and took.view(0).turn_up == C("7C") and took.trump is tf.Suit.CLUBS
    assert [type(e).__name__ for e in took.events] == ["JokerTaken", "TurnedUp"]
    assert took.events[0].seen_by(0).discard is None and took.events[0].seen_by(3).discard == C("2H")
    # the holder of AC may rob the second turn-up, at his first turn (own-first-turn)
    assert took.legal_actions()[:5] == tuple(Rob(c) for c in tf.parse_cards("AC 2D 3D 4D 5D"))
    check_invariants(took)
    robbed = took.apply(Rob("2D"))
    assert robbed.robbed_by == 0 and robbed.discard == C("2D") and C("7C") in robbed.hands[0]
    assert robbed.joker_discard == C("2H") and robbed.view(0).turn_up is None
    check_invariants(robbed)


# Forty-Five with the joker, three players, dealer P2 (eldest P0): the joker is turned up
# and the dealer takes it, discarding 2H; the next card is turned for trumps.
JOKER_HANDS = {0: "KD 2D 3D 4D 5D", 1: "7H 8H 9H TH JH", 2: "2H 3H 4H 5H 6H"}


def joker_deal(variant: tf.Variant, replacement: str, **hands: str) -> tf.HandState:
    """The JOKER_HANDS deal (``hands`` overrides seats as ``s0="..."``), turn-up JK, then
    ``replacement``; the dealer has already taken the joker for 2H."""
    given = dict(JOKER_HANDS) | {int(k[1:]): v for k, v in hands.items()}
    state = deal(variant, players=3, dealer=2, hands=given, turn_up="JK", stock=replacement)
    assert state.phase is tf.Phase.ROB and state.to_act == 2
    assert state.legal_actions() == tuple(Rob(c) for c in state.hands[2])
    discard = "2H" if C("2H") in state.hands[2] else str(state.hands[2][0])
    took = state.apply(Rob(discard))
    assert tf.JK in took.hands[2] and took.joker_discard == C(discard)
    check_invariants(took)
    return took


JOKER_45 = tf.FORTY_FIVE.with_options(joker="third")


def test_an_ace_turned_after_the_joker_is_the_dealers_rob() -> None:
    """§1.5, §2.8: the replacement turn-up AC is an Ace, so the dealer, having taken the
    joker, must rob again (Forty-Five dealer_rob="must") before eldest leads."""
    took = joker_deal(JOKER_45, "AC")
    assert took.trump is tf.Suit.CLUBS and took.turn_up == C("AC")
    assert took.phase is tf.Phase.ROB and took.to_act == 2
    # he keeps the joker (§2.8): any other card may go
    assert took.legal_actions() == tuple(Rob(c) for c in tf.parse_cards("3H 4H 5H 6H"))
    with pytest.raises(tf.IllegalActionError, match="dealer_rob='must'"):
        took.apply(DeclineRob())
    with pytest.raises(tf.IllegalActionError, match="seat 2 must first answer the rob prompt"):
        took.apply(Play("KD"))  # eldest may not lead before the dealer's rob
    robbed = took.apply(Rob("3H"))
    assert robbed.hands[2] == tf.parse_cards("4H 5H 6H JK AC")
    assert robbed.robbed_by == 2 and robbed.discard == C("3H") and robbed.joker_discard == C("2H")
    assert robbed.phase is tf.Phase.PLAY and robbed.to_act == 0 == robbed.leader
    assert all(isinstance(a, Play) for a in robbed.legal_actions())
    with pytest.raises(tf.IllegalActionError, match="robbed only once a deal"):
        robbed.apply(Rob("KD"))
    # both of the dealer's discards are face down: only he sees them
    for seat in range(3):
        view = robbed.view(seat)
        assert view.turn_up is None and view.turned_up == C("AC") and view.robbed_by == 2
        mine = (C("3H"), C("2H")) if seat == 2 else (None, None)
        assert (view.my_discard, view.my_joker_discard) == mine
    check_invariants(robbed)
    assert play(robbed, "KD").current_trick == (C("KD"),)


def test_an_ace_turned_after_the_joker_may_be_declined_when_dealer_rob_is_may() -> None:
    took = joker_deal(JOKER_45.with_options(dealer_rob="may"), "AC")
    assert took.legal_actions()[-1] == DeclineRob()
    kept = took.apply(DeclineRob())
    assert kept.announced == 2 and kept.robbed_by is None and kept.to_act == 0
    assert kept.view(0).turn_up == C("AC") and kept.joker_discard == C("2H")
    check_invariants(kept)


def test_the_holder_of_the_ace_robs_the_card_turned_after_the_joker() -> None:
    """Replacement 7C; P0 holds AC: P0 is offered Rob at his first turn to trick 1
    (Forty-Five rob_timing="own-first-turn"), as for a first turn-up."""
    took = joker_deal(JOKER_45, "7C", s0="AC 2D 3D 4D 5D")
    assert took.phase is tf.Phase.PLAY and took.to_act == 0
    legal = took.legal_actions()
    assert legal[:5] == tuple(Rob(c) for c in tf.parse_cards("AC 2D 3D 4D 5D"))
    assert DeclineRob() in legal  # Forty-Five holder_rob="may"
    robbed = took.apply(Rob("5D"))
    assert robbed.hands[0] == tf.parse_cards("AC 2D 3D 4D 7C") and robbed.robbed_by == 0
    assert robbed.view(0).my_discard == C("5D") and robbed.view(0).my_joker_discard is None
    assert robbed.view(2).my_discard is None and robbed.view(2).my_joker_discard == C("2H")
    check_invariants(robbed)


def test_the_holder_who_forgets_after_the_joker_takes_the_penalty() -> None:
    """Forty-Five unrobbed_ace="lowest": playing without robbing 7C demotes AC (EX-17)."""
    took = joker_deal(JOKER_45, "7C", s0="AC 2D 3D 4D 5D")
    forgot = took.apply(Play("2D"))
    assert forgot.demoted == C("AC")
    check_invariants(forgot)


def test_before_lead_holder_robs_the_card_turned_after_the_joker() -> None:
    """Forty-Five holder_rob="may" before the lead: every seat from eldest is prompted in
    turn (so the prompt names nobody); P0 can only pass, P1 holds AC and robs."""
    took = joker_deal(JOKER_45.with_options(rob_timing="before-lead"), "7C", s1="AC 8H 9H TH JH")
    assert took.phase is tf.Phase.ROB and took.to_act == 0
    assert took.legal_actions() == (tf.Pass(),)
    took = took.apply(tf.Pass())
    assert took.phase is tf.Phase.ROB and took.to_act == 1
    assert took.legal_actions()[-2:] == (DeclineRob(), tf.Pass())
    robbed = took.apply(Rob("8H"))
    assert robbed.robbed_by == 1 and robbed.to_act == 0 and robbed.phase is tf.Phase.PLAY
    check_invariants(robbed)


def test_the_dealer_holding_the_ace_robs_the_card_turned_after_the_joker() -> None:
    """The dealer kept AC when he took the joker: he is the holder of the Ace of trumps."""
    took = joker_deal(JOKER_45, "7C", s2="2H AC 4H 5H 6H")
    assert took.phase is tf.Phase.PLAY and took.to_act == 0
    assert all(isinstance(a, Play) for a in took.legal_actions())
    at_dealer = play(took, "KD 7H")
    assert at_dealer.to_act == 2 and Rob("4H") in at_dealer.legal_actions()
    robbed = at_dealer.apply(Rob("4H"))
    assert robbed.robbed_by == 2 and robbed.hands[2] == tf.parse_cards("AC 5H 6H JK 7C")
    assert (robbed.discard, robbed.joker_discard) == (C("4H"), C("2H"))
    check_invariants(robbed)


def test_the_dealer_who_discarded_the_ace_for_the_joker_leaves_no_rob() -> None:
    """The dealer discarded AC to take the joker: nobody holds the Ace of trumps now."""
    took = joker_deal(JOKER_45, "7C", s2="AC 3H 4H 5H 6H")
    assert took.joker_discard == C("AC") and took.to_act == 0
    assert all(isinstance(a, Play) for a in took.legal_actions())
    with pytest.raises(tf.IllegalActionError, match="does not hold the Ace of trumps"):
        took.apply(Rob("KD"))
    check_invariants(took)


def test_taking_the_joker_closes_fiving() -> None:
    """Two players with fiving: the dealer takes the joker before eldest's first turn, so
    there is no fiving that deal; the next card still has its robbing set-up."""
    variant = tf.SPOIL_FIVE.with_options(joker="third")
    state = deal(
        variant,
        players=2,
        dealer=1,
        hands={0: "AC 2D 3D 4D 5D", 1: "7H 8H 9H TH JH"},
        turn_up="JK",
        stock="7C",
    )
    assert AskFive() not in state.legal_actions()
    took = state.apply(Rob("7H"))
    assert took.to_act == 0 and AskFive() not in took.legal_actions()
    assert Rob("2D") in took.legal_actions()
    with pytest.raises(tf.IllegalActionError, match="took the turned-up joker"):
        took.apply(AskFive())
    check_invariants(took)


def _fiving_state() -> tf.HandState:
    return deal(
        tf.SPOIL_FIVE,
        players=2,
        dealer=1,
        hands={0: "2H 3H 4H 5H 6H", 1: "7H 8H 9H TH JH"},
        turn_up="9C",
        stock="4C KD 3S",
    )


def test_ex56_fiving_turns_until_another_suit() -> None:
    """EX-56: turn-up 9C; the non-dealer asks to five and the dealer agrees; 4C (same suit)
    then KD: diamonds are trumps. No further fiving this hand."""
    state = _fiving_state()
    assert AskFive() in state.legal_actions()
    asked = state.apply(AskFive())
    assert asked.phase is tf.Phase.FIVE and asked.to_act == 1
    assert asked.legal_actions() == (AcceptFive(), RefuseFive())
    fived = asked.apply(AcceptFive())
    assert fived.trump is tf.Suit.DIAMONDS and fived.turn_up == C("KD")
    assert fived.fived == (C("9C"), C("4C")) and fived.to_act == 0
    assert AskFive() not in fived.legal_actions()
    check_invariants(fived)


def test_fiving_stops_at_the_ace_of_hearts_by_its_printed_suit() -> None:
    """RULES.md §2.1.7 (6), PEEL: cards are turned "until one of a different suit appears".
    With clubs trumps AH is a trump but its printed suit is hearts, so it stops the turning:
    hearts are trumps and AH is the new turn-up. It is a turned-up Ace, so the dealer's rob
    rule applies to it (§1.5)."""
    state = deal(
        tf.SPOIL_FIVE,
        players=2,
        dealer=1,
        hands={0: "2D 3D 4D 5D 6D", 1: "7D 8D 9D TD JD"},
        turn_up="9C",
        stock="AH KD",
    )
    fived = state.apply(AskFive()).apply(AcceptFive())
    assert fived.trump is tf.Suit.HEARTS and fived.turn_up == C("AH")
    assert fived.fived == (C("9C"),)
    assert fived.phase is tf.Phase.ROB and fived.to_act == 1
    assert Rob("7D") in fived.legal_actions() and AskFive() not in fived.legal_actions()
    check_invariants(fived)
    robbed = fived.apply(Rob("7D"))
    assert C("AH") in robbed.hands[1] and robbed.robbed_by == 1 and robbed.to_act == 0
    check_invariants(robbed)


def test_fiving_passes_over_the_joker() -> None:
    """The joker has no printed suit, so fiving never stops at it."""
    state = deal(
        tf.SPOIL_FIVE.with_options(joker="third"),
        players=2,
        dealer=1,
        hands={0: "2D 3D 4D 5D 6D", 1: "7D 8D 9D TD JD"},
        turn_up="9C",
        stock="JK 4C KS",
    )
    fived = state.apply(AskFive()).apply(AcceptFive())
    assert fived.trump is tf.Suit.SPADES and fived.turn_up == C("KS")
    assert fived.fived == (C("9C"), tf.JK, C("4C"))
    check_invariants(fived)


def test_fiving_refused_keeps_trumps() -> None:
    refused = _fiving_state().apply(AskFive()).apply(RefuseFive())
    assert refused.trump is tf.Suit.CLUBS and refused.to_act == 0
    assert AskFive() not in refused.legal_actions()


def test_fiving_is_only_for_two_players_at_the_first_turn() -> None:
    state = _fiving_state()
    with pytest.raises(tf.IllegalActionError, match="nobody has asked"):
        state.apply(AcceptFive())
    later = play(state, "2H")
    with pytest.raises(tf.IllegalActionError, match="only the non-dealer"):
        later.apply(AskFive())
    three = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    with pytest.raises(tf.IllegalActionError, match="only by two players"):
        three.apply(AskFive())


def _two(turn_up: str, hands: dict[int, str], **options: object) -> tf.HandState:
    variant = tf.SPOIL_FIVE.with_options(**options) if options else tf.SPOIL_FIVE
    return deal(variant, players=2, dealer=1, hands=hands, turn_up=turn_up, stock="KD 3S")


def test_no_fiving_after_the_dealer_robs_a_turned_ace() -> None:
    """Fiving settles trumps, so it comes before robbing: once the dealer has robbed (or
    declined) a turned-up Ace, eldest may not ask for a new trump suit under it."""
    hands = {0: "2H 3H 4H 5H 6H", 1: "7H 8H 9H TH JH"}
    for first in (Rob("7H"), DeclineRob()):
        state = _two("AC", hands).apply(first)
        assert state.to_act == 0 and AskFive() not in state.legal_actions()
        with pytest.raises(tf.IllegalActionError, match="only before anybody robs"):
            state.apply(AskFive())
        assert state.trump is tf.Suit.CLUBS


def test_no_fiving_after_the_holder_robs_or_declines() -> None:
    """Eldest holds the Ace of trumps: at his first turn he may rob, decline, ask to five
    or play; after a rob or a decline he may no longer ask to five."""
    hands = {0: "AC 3H 4H 5H 6H", 1: "7H 8H 9H TH JH"}
    state = _two("9C", hands)
    assert AskFive() in state.legal_actions() and Rob("3H") in state.legal_actions()
    for first in (Rob("3H"), DeclineRob()):
        after = state.apply(first)
        assert AskFive() not in after.legal_actions()
        assert all(isinstance(a, Play) for a in after.legal_actions())
    # Before the lead, eldest is first asked to five or pass, whatever the cards, so that a
    # rob prompt cannot tell the dealer who holds the Ace (issue 7, point 8).
    before_lead = _two("9C", hands, rob_timing="before-lead")
    assert before_lead.phase is tf.Phase.FIVE and before_lead.to_act == 0
    assert before_lead.legal_actions() == (AskFive(), tf.Pass())
    rob_prompt = before_lead.apply(tf.Pass())
    assert rob_prompt.phase is tf.Phase.ROB and rob_prompt.to_act == 0
    assert AskFive() not in rob_prompt.legal_actions()
    assert AskFive() not in rob_prompt.apply(Rob("3H")).legal_actions()


def test_no_fiving_after_the_dealer_takes_a_turned_joker() -> None:
    variant = tf.SPOIL_FIVE.with_options(joker="third")
    state = deal(
        variant, players=2, dealer=1, hands={1: "2H 3H 4H 5H 6H"}, turn_up="JK", stock="7C KD"
    )
    took = state.apply(Rob("2H"))
    assert took.to_act == 0 and AskFive() not in took.legal_actions()


def test_fiving_reopens_robbing_for_the_new_trumps() -> None:
    state = deal(
        tf.SPOIL_FIVE,
        players=2,
        dealer=1,
        hands={0: "2H 3H 4H 5H 6H", 1: "AD 8H 9H TH JH"},
        turn_up="9C",
        stock="KD",
    )
    fived = state.apply(AskFive()).apply(AcceptFive())
    assert fived.trump is tf.Suit.DIAMONDS
    fived = play(fived, "2H")
    assert Rob("8H") in fived.legal_actions()  # P1 holds the new Ace of trumps


# -- the pure decisions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "forgot", "announced"),
    [
        ("lowest-unless-announced", (True, False), (False, False)),
        ("lowest", (True, False), (True, False)),
        ("cannot-win", (False, True), (False, True)),
        ("lowest-and-cannot-win", (True, True), (False, True)),
        ("none", (False, False), (False, False)),
    ],
)
def test_unrobbed_penalty_table(
    rule: str, forgot: tuple[bool, bool], announced: tuple[bool, bool]
) -> None:
    """RULES.md §1.5, §3 rows 11, 33: (demote, cannot win) when forgetting / announcing."""
    robbing = Robbing(unrobbed_ace=rule)
    assert unrobbed_penalty(robbing, announced=False) == forgot
    assert unrobbed_penalty(robbing, announced=True) == announced


def test_may_decline() -> None:
    assert may_decline(Robbing(holder_rob="may"), dealer=False)
    assert not may_decline(Robbing(holder_rob="must"), dealer=False)
    assert may_decline(Robbing(dealer_rob="may"), dealer=True)
    assert not may_decline(Robbing(dealer_rob="must"), dealer=True)


def test_barred_partner_tricks_still_count_for_the_side() -> None:
    """A barred seat cannot win the pool (RULES.md §1.5), but its partner can: the side's
    tricks all count, and the pool goes to the side's seats that are not barred. Two pairs
    still cannot spoil (PEEL, §1.7; EX-63)."""
    deck = tf.stacked_deck(
        tf.TWENTY_FIVE, players=4, dealer=3, turn_up="9H",
        hands={0: "AH 5H 3C 4C 6C", 2: "JH 2C 2S 3S 4S", 1: "7C 8C 9C TC 6S", 3: "2D 3D 4D 6D 7D"},
    )
    state = tf.new_hand(tf.TWENTY_FIVE, players=4, dealer=3, deck=deck).apply(DeclineRob())
    assert [b.seat for b in state.barred] == [0]
    state = play(state, "AH 7C JH 2D")  # hearts trumps: JH (seat 2) beats AH
    state = play(state, "2C 3D 5H 8C")  # seat 2 leads; 5H (seat 0) wins
    state = play(state, "3C 9C 2S 4D")  # seat 0 leads; 3C beats 9C (low in black)
    assert state.trick_counts == (2, 0, 1, 0)
    assert state.phase is tf.Phase.CLAIM and state.to_act == 0
    state = state.apply(tf.Claim())
    outcome = state.outcome
    assert outcome is not None and not outcome.spoil
    assert outcome.side_tricks == (3, 0)
    assert outcome.winner == 0 and outcome.winner_seats == (2,)


def test_dealer_keeps_the_turned_joker_when_he_robs_a_turned_ace() -> None:
    """RULES.md §2.8: the dealer takes a turned-up joker and keeps it. When the card turned
    after it is an Ace, his rob of that Ace may discard any other card, not the joker."""
    variant = tf.FORTY_FIVE.with_options(joker="third")
    deck = tf.stacked_deck(variant, players=3, dealer=2, turn_up="JK", stock="AC",
                           hands={2: "2D 3D 4D 6D 7D"})
    state = tf.new_hand(variant, players=3, dealer=2, deck=deck).apply(Rob("2D"))
    assert state.phase is tf.Phase.ROB and state.to_act == 2
    assert state.legal_actions() == tuple(Rob(c) for c in tf.parse_cards("3D 4D 6D 7D"))
    with pytest.raises(tf.IllegalActionError, match="keeps the turned-up joker") as refused:
        state.apply(Rob("JK"))
    assert refused.value.action == Rob("JK")
    robbed = state.apply(Rob("3D"))
    assert tf.JK in robbed.hands[2] and Card.parse("AC") in robbed.hands[2]
