"""Pool, spoil, claim, jink and points scoring: the worked examples of RULES.md §4.4 and
§4.5 with their values written out, through the engine and ``Game`` (stacked decks), and
the pure functions of :mod:`trumpfamily.scoring` and :mod:`trumpfamily.jinking`."""

from __future__ import annotations

import attrs
import pytest
from enginekit import check_invariants, deal, play

import trumpfamily as tf
from trumpfamily import Card, Claim, Jink
from trumpfamily.jinking import jink_bonus, jink_payments
from trumpfamily.scoring import antes, best_trump_trick, five_tricks_bonus, split_pool, trick_points

C = Card.parse


def stacked(
    variant: tf.Variant,
    players: int,
    dealer: int,
    hands: dict[int, str],
    turn_up: str,
    stock: str = "",
) -> tuple[Card, ...]:
    return tf.stacked_deck(
        variant, players=players, dealer=dealer, hands=hands, turn_up=turn_up, stock=stock
    )


def run(game: tf.Game, cards: str) -> None:
    """Play ``cards`` in order, first passing any rob prompt that offers nothing else."""
    for card in tf.parse_cards(cards):
        while game.legal_actions() == (tf.Pass(),):
            game.apply(tf.Pass())
        game.apply(tf.Play(card))


def conserved(game: tf.Game) -> bool:
    return sum(game.chips) + game.pool == 0


# -- EX-57: winning the pool ----------------------------------------------------------------

# Five players, P4 deals, spades trumps. Trick winners P0, P0, P1, P0.
EX57 = {
    0: "AS KS 3D 9S 2H",
    1: "KD 4C 5C 6C 7C",
    2: "2C 3C 8C 8H 9H",
    3: "TH JH QH KH TC",
    4: "4H 5H 6H 7H JC",
}
EX57_PLAY = "AS 5C 8H TH 4H  KS 6C 9H JH 5H  3D KD 2C QH 6H  4C 3C TC JC 9S"


@pytest.mark.parametrize(
    "variant",
    [tf.MAW, tf.SPOIL_FIVE.with_options(ante=2, dealer_ante=4)],
    ids=["MAW", "SPOIL_FIVE"],
)
def test_ex57_first_to_three_takes_the_pool(variant: tf.Variant) -> None:
    """EX-57: pot 4×2 + 4 = 12; trick winners P0, P0, P1, P0: P0 reaches 3 tricks at trick 4
    and takes 12; play stops; no jink (P0 lost trick 3)."""
    game = tf.Game(variant, players=5, dealer=4, decks=[stacked(variant, 5, 4, EX57, "2S")])
    assert game.pool == 12 and game.chips == (-2, -2, -2, -2, -4)
    hand = game.hand
    for card in tf.parse_cards(EX57_PLAY):
        hand = hand.apply(tf.Play(card))
        check_invariants(hand)
        if hand.is_over:
            break
    assert [t.winner for t in hand.tricks] == [0, 0, 1, 0]
    out = hand.outcome
    assert out is not None and out.winner == 0 and out.winner_seats == (0,)
    assert out.tricks_played == 4 and not out.jink_tried and not out.spoil
    run(game, EX57_PLAY)
    # the game's outcome adds the hand's net chips: P0 staked 2 and took 12; P4 dealt (4)
    assert game.outcomes[0] == attrs.evolve(out, chips=(10, -2, -2, -2, -4))
    assert conserved(game)


def test_ex57_chips_after_the_win() -> None:
    game = tf.Game(tf.MAW, players=5, dealer=4, decks=[stacked(tf.MAW, 5, 4, EX57, "2S")])
    run(game, EX57_PLAY)
    # P0 won 12 (net +10); then P0 deals the next hand: a fresh pool, 4×2 + 4.
    assert game.outcomes[0].winner == 0 and game.dealer == 0
    assert game.chips == (10 - 4, -2 - 2, -2 - 2, -2 - 2, -4 - 2)
    assert game.pool == 12 and conserved(game)


# -- EX-58: spoil and carry-over ------------------------------------------------------------

EX58 = {
    0: "AS KS 3D 4D 2H",
    1: "KD QD 4C 5C 6C",
    2: "5S 8H 9H TH JH",
    3: "2C 3C 7C 8C QH",
    4: "9C TC JC KH 3H",
}
EX58_PLAY = "AS 5C 8H QH KH  KS 6C 9H 2C 3H  3D KD TH 3C 9C  QD JH 7C TC 4D  4C 5S 8C JC 2H"


@pytest.mark.parametrize(
    ("rule", "pool"),
    [("non-dealers-one", 20), ("dealer-one", 13), ("everyone-one", 17), ("full", 24)],
)
def test_ex58_spoil_carries_the_pool(rule: str, pool: int) -> None:
    """EX-58: tricks end P0 2, P1 2, P2 1: a spoil, the pot of 12 carries; P0 deals next.
    Rule A (MAW/PEEL): 12 + 4×1 + 4 = 20; B (MAW house rule 2): 13; C (W25): 17;
    GBK's full stakes again: 24."""
    variant = tf.MAW.with_options(spoil_ante=rule)
    game = tf.Game(variant, players=5, dealer=4, decks=[stacked(variant, 5, 4, EX58, "2S")])
    run(game, EX58_PLAY)
    out = game.outcomes[0]
    assert out.tricks == (2, 2, 1, 0, 0) and out.spoil and out.winner is None
    assert game.dealer == 0 and game.pool == pool and conserved(game)


# -- EX-59, EX-60, EX-61: claim and jink ----------------------------------------------------

JINK = {
    0: "2H 3H 4H 5H 6H",
    1: "KS QS 3S 4S 6S",
    2: "7H 8H 9H TH JH",
    3: "QH KH 2D 3D 4D",
    4: "5D 6D 7D 8D 9D",
}
FIRST_THREE = "2H KS 7H QH 5D  QS 8H KH 6D 3H  3S 9H 2D 7D 4H"


def test_ex59_claiming_after_three() -> None:
    """EX-59: P1 wins tricks 1-3 and claims: he takes the pot; tricks 4-5 are not played."""
    variant = tf.SPOIL_FIVE
    game = tf.Game(variant, players=5, dealer=4, decks=[stacked(variant, 5, 4, JINK, "2S")])
    run(game, FIRST_THREE)
    hand = game.hand
    assert hand.phase is tf.Phase.CLAIM and hand.to_act == 1
    assert hand.legal_actions() == (Claim(), Jink())
    game.apply(Claim())
    out = game.outcomes[0]
    assert out.claimed and out.winner == 1 and out.tricks_played == 3 and not out.jink_tried
    assert game.chips[1] == -1 + 6 - 1 and conserved(game)  # won 4×1 + 2; then antes again


@pytest.mark.parametrize(
    ("variant", "received"),
    [
        (tf.SPOIL_FIVE.with_options(ante=2, dealer_ante=4), 16),
        (tf.MAW.with_options(jink_bonus="stake"), 20),
    ],
)
def test_ex60_jink_succeeds(variant: tf.Variant, received: int) -> None:
    """EX-60: pot 12; P1 wins tricks 1-3, leads to trick 4 (a jink) and wins 4 and 5.
    FOS: 12 + 1 counter from each of the other 4 = 16 received; MAW/PEEL: 12 + 2 × 4 = 20."""
    game = tf.Game(
        variant, players=5, dealer=4, hands=1, decks=[stacked(variant, 5, 4, JINK, "2S")]
    )
    run(game, FIRST_THREE)
    game.apply(Jink())
    run(game, "4S TH 3D 8D 5H  6S JH 4D 9D 6H")
    out = game.outcomes[0]
    assert out.jink_tried and out.jink_succeeded and out.tricks == (0, 5, 0, 0, 0)
    assert game.is_over and game.pool == 0
    stake = 2
    assert game.chips[1] == -stake + received
    assert conserved(game)


def test_ex61_jink_fails_and_spoils() -> None:
    """EX-61: P1 wins tricks 1-3, jinks, loses trick 4: the hand is spoiled, even though he
    holds 3 tricks; the pot carries."""
    hands = dict(JINK)
    hands[3] = "QH KH 5S 3D 4D"
    variant = tf.SPOIL_FIVE
    game = tf.Game(variant, players=5, dealer=4, decks=[stacked(variant, 5, 4, hands, "2S")])
    run(game, "2H KS 7H QH 5D  QS 8H KH 6D 3H  3S 9H 3D 7D 4H")
    game.apply(Jink())
    run(game, "4S TH 5S 8D 5H")
    hand = game.last_hand
    assert hand is not None
    out = hand.outcome
    assert out is not None and out.spoil and out.jink_tried and not out.jink_succeeded
    assert out.tricks == (0, 3, 0, 1, 0) and out.tricks_played == 4
    assert game.pool == 6 + 4 + 2 and conserved(game)  # carried, then non-dealers 1, dealer 2


def test_no_claim_when_jinking_is_off() -> None:
    variant = tf.SPOIL_FIVE.with_options(jinking=False)
    state = play(deal(variant, players=5, dealer=4, hands=JINK, turn_up="2S"), FIRST_THREE)
    assert state.is_over and state.outcome is not None and state.outcome.winner == 1
    assert not state.outcome.claimed


# -- partnerships: EX-63, EX-64 -------------------------------------------------------------

EX63 = {0: "KH 2D 3C 4H 6D", 1: "5H KD 2C 6H 7D", 2: "7H 8D KC 3H 6S", 3: "8H 9D 4C QH 5D"}
EX63_PLAY = "KH 5H 7H 8H  2D KD 8D 9D  2C KC 4C 3C  3H QH 4H 6H  5D 6D 7D 6S"


def test_ex63_partnership_takes_the_pool() -> None:
    """EX-63: A = P0+P2, B = P1+P3; winners P0, P1, P2, P3, P2: A has 3 tricks and takes the
    pot (5 chips: each partner 2, the odd chip stays in the pool)."""
    variant = tf.SPOIL_FIVE.with_options(partnerships="pairs")
    game = tf.Game(variant, players=4, dealer=3, decks=[stacked(variant, 4, 3, EX63, "2S")])
    assert game.pool == 5
    run(game, EX63_PLAY)
    out = game.outcomes[0]
    assert [t.winner for t in game.last_hand.tricks] == [0, 1, 2, 3, 2]  # type: ignore[union-attr]
    assert out.sides == ((0, 2), (1, 3)) and out.side_tricks == (3, 2)
    assert out.winner == 0 and out.winner_seats == (0, 2)
    assert game.chips[:4] == (-1 + 2 - 2, -1 - 1, -1 + 2 - 1, -2 - 1)  # next hand antes, P0 deals
    assert game.pool == 1 + 5 and conserved(game)


def test_two_pairs_never_spoil() -> None:
    variant = tf.SPOIL_FIVE.with_options(partnerships="pairs")
    for seed in range(30):
        state = tf.new_hand(variant, players=4, seed=seed)
        while not state.is_over:
            state = state.apply(state.legal_actions()[0])
        assert state.outcome is not None and not state.outcome.spoil


EX64 = {
    0: "TC 4D QH KD 9S",
    1: "7H TD 7C 3D AS",
    2: "QC 3H 6C 5C 8S",
    3: "JS JH QD KS TS",
    4: "KC 5H 3C 8D 5S",
    5: "6H 2D 7S 2C 3S",
}
EX64_PLAY = (
    "QH 7H 3H JS KC 6H  9S AS 8S TS 5S 7S  TD 6C JH 8D 2D 4D  QD 5H 2C KD 3D 5C  3C 3S TC 7C QC KS"
)


def test_ex64_three_partnerships_can_spoil() -> None:
    """EX-64: six players in pairs (P0,P3), (P1,P4), (P2,P5); winners P0, P1, P3, P4, P2:
    pairs 2/2/1, a spoil."""
    variant = tf.SPOIL_FIVE.with_options(partnerships="pairs")
    state = play(deal(variant, players=6, dealer=5, hands=EX64, turn_up="4H"), EX64_PLAY)
    assert [t.winner for t in state.tricks] == [0, 1, 3, 4, 2]
    out = state.outcome
    assert out is not None and out.sides == ((0, 3), (1, 4), (2, 5))
    assert out.side_tricks == (2, 2, 1) and out.spoil and out.winner is None


# -- EX-65: three players ------------------------------------------------------------------


EX65 = {0: "4D 5H JC KD TC", 1: "TD 6C 8C TH QH", 2: "AS 2H JD 7D 3S"}


def _ex65(variant: tf.Variant, cards: str) -> tf.HandState:
    return play(deal(variant, players=3, dealer=2, hands=EX65, turn_up="6H"), cards)


def test_ex65_three_players() -> None:
    """EX-65: counts 3/1/1: the 3-trick player wins; with 4 needed (GBK): spoil. Counts
    2/2/1: spoil under both."""
    line = "5H TH 2H  TC QH AS  6C 3S JC  4D TD JD  7D KD 8C"  # winners P0 P1 P0 P2 P0
    state = _ex65(tf.SPOIL_FIVE, line)
    assert state.outcome is not None and state.outcome.winner == 0
    assert state.trick_counts == (3, 1, 1)
    gbk = _ex65(tf.SPOIL_FIVE.with_options(tricks_to_win=4), line.rsplit("  ", 1)[0])
    assert gbk.outcome is not None and gbk.outcome.spoil  # 2 + 1 left < 4: settled at trick 4
    spoil = _ex65(tf.SPOIL_FIVE, "5H TH 2H  KD QH 7D  6C AS JC  TC 8C 3S  TD JD 4D")
    assert spoil.outcome is not None and spoil.outcome.spoil and spoil.trick_counts == (2, 2, 1)


def test_two_tricks_win_with_many_players() -> None:
    """§3 row 18: two tricks win when more than N play (PEEL: N=4)."""
    variant = tf.SPOIL_FIVE.with_options(two_trick_win_above=4, jinking=False)
    hands = {
        0: "4D 5H JC 6H 8S",
        1: "TD 6C 8C 9C 9D",
        2: "AS 2H JD 7H QS",
        3: "KD TC TH 7S 9S",
        4: "QH 7D 3S AC 4S",
    }
    state = play(
        deal(variant, players=5, dealer=4, hands=hands, turn_up="3D"),
        "JC 6C AS TC AC  5H TD 2H TH QH  8C 7H 7S 3S 4D",
    )
    out = state.outcome
    assert out is not None and out.winner == 0 and out.tricks_played == 3 and out.tricks_needed == 2


# -- points games: EX-68 to EX-76 -----------------------------------------------------------

POINTS_25 = tf.TWENTY_FIVE.with_options(scoring="points")


EX68 = {
    0: "4D 5H JC 6H 8S",
    1: "TD 6C 8C 9C 9D",
    2: "AS 2H JD 7H QS",
    3: "KD TC TH 7S 9S",
    4: "QH 7D 3S AC 4S",
}


def test_ex68_twenty_five_ends_on_reaching_25() -> None:
    """EX-68: P2 starts the hand on 20 and wins trick 1: 25, P2 wins (the game ends on
    reaching 25)."""
    deck = stacked(POINTS_25, 5, 4, EX68, "3D")
    game = tf.Game(POINTS_25, players=5, dealer=4, scores=(0, 0, 20, 0, 0), decks=[deck])
    run(game, "4D TD JD KD 7D")
    assert game.is_over and game.winner == 2 and game.scores == (0, 0, 25, 0, 0)
    assert len(game.hand.tricks) == 1 and not game.hand.is_over
    with pytest.raises(tf.IllegalActionError, match="game is over"):
        game.apply(game.hand.legal_actions()[0])


def test_ex69_twenty_five_in_pairs() -> None:
    """EX-69: A (P0+P2) 15, B (P1+P3) 20; trick 1 is won by P3: B reaches 25 and wins."""
    hands = {0: "2D 4H 5C KC 6D", 1: "8D 5H 2H 9H JS", 2: "AS JD QH KD 7H", 3: "QC 8H 8C 3C 7D"}
    deck = stacked(POINTS_25, 4, 3, hands, "7C")
    game = tf.Game(POINTS_25, players=4, dealer=3, scores=(15, 20), decks=[deck])
    run(game, "2D 8D JD QC")
    assert game.is_over and game.winner == 1 and game.scores == (15, 25)


EX70 = {0: "5H 2C 2D 3D KS", 1: "3H KC KD QD 4S"}


def test_ex70_heads_up_two_fifteens() -> None:
    """EX-70: hearts trumps; P0 wins 2 tricks, one holding 5H (the best trump played); P1
    wins 3: P0 15, P1 15."""
    state = play(
        deal(tf.FORTY_FIVE, players=2, dealer=1, hands=EX70, turn_up="2H"),
        "5H 3H  2C KC  KD 2D  QD 3D  4S KS",
    )
    out = state.outcome
    assert out is not None and out.tricks == (2, 3)
    assert out.points == (15, 15) and out.side_points == (15, 15)
    assert out.best_trump == C("5H") and out.best_trump_trick == 0


def test_ex71_no_trump_played_25_in_all() -> None:
    """EX-71: no trump played anywhere; P0 3 tricks, P1 2: 15 and 10 (25 in total)."""
    hands = {0: "KC KD KS 2D 4C", 1: "QC QD QS 3D 3C"}
    state = play(
        deal(tf.FORTY_FIVE, players=2, dealer=1, hands=hands, turn_up="2H"),
        "KC QC  KD QD  KS QS  2D 3D  3C 4C",
    )
    out = state.outcome
    assert out is not None and out.tricks == (3, 2) and out.points == (15, 10)
    assert out.best_trump is None and out.best_trump_trick is None


@pytest.mark.parametrize(("rule", "p1"), [("any", 30), ("top-four", 25), ("none", 25)])
def test_ex72_bonus_only_for_a_top_four_card(rule: str, p1: int) -> None:
    """EX-72: hearts trumps; the highest trump played is QH, in a trick won by P1: W45 gives
    P1 10 for that trick; Irish 45 (top-four) no bonus (5)."""
    variant = tf.FORTY_FIVE.with_options(best_trump_bonus=rule)
    hands = {0: "2C 3C 4C 5C 6C", 1: "QH KD QD JD TD"}
    state = play(
        deal(variant, players=2, dealer=1, hands=hands, turn_up="2H"),
        "2C QH  KD 3C  QD 4C  JD 5C  TD 6C",
    )
    out = state.outcome
    assert out is not None and out.points == (0, p1)
    assert out.best_trump_trick == (0 if rule == "any" else None)


def test_top_four_bonus_when_the_five_is_played() -> None:
    variant = tf.FORTY_FIVE.with_options(best_trump_bonus="top-four")
    state = play(
        deal(variant, players=2, dealer=1, hands=EX70, turn_up="2H"),
        "5H 3H  2C KC  KD 2D  QD 3D  4S KS",
    )
    assert state.outcome is not None and state.outcome.points == (15, 15)


EX75 = {0: "2D 4H 5C AS JD", 1: "8D 5H 2H QH QC"}
EX75_PLAY = "2D 8D  5H 4H  2H 5C  QH AS  QC JD"  # P1 takes all five


@pytest.mark.parametrize("start", [30, 0])
def test_ex75_all_five_wins_the_game(start: int) -> None:
    """EX-75 (OW45, Irish 45): P1 is on 30 and wins all five tricks: he wins the game. With
    five_tricks="wins-game" this holds from any score."""
    variant = tf.FORTY_FIVE.with_options(five_tricks="wins-game")
    deck = stacked(variant, 2, 1, EX75, "8H")
    game = tf.Game(variant, players=2, dealer=1, scores=(0, start), decks=[deck])
    run(game, EX75_PLAY)
    assert game.is_over and game.winner == 1
    assert game.outcomes[0].all_five == 1 and game.scores[1] == start + 30


def test_five_tricks_none_does_not_win_from_zero() -> None:
    deck = stacked(tf.FORTY_FIVE, 2, 1, EX75, "8H")
    game = tf.Game(tf.FORTY_FIVE, players=2, dealer=1, decks=[deck])
    run(game, EX75_PLAY)
    assert not game.is_over and game.scores == (0, 30)


def test_ex76_continuous_25_a_jink_wins() -> None:
    """EX-76 (PEEL continuous 25/45): P3 is on 10 and takes all five tricks: he wins the game
    outright."""
    variant = POINTS_25.with_options(five_tricks="wins-game", target_tie="higher-total")
    hands = {
        0: "2C 3C 4C AC 2D",
        1: "5C 6C 7C 3D 4D",
        2: "8C 9C TC 5D 6D",
        3: "5S JS AH KS QS",
        4: "JC QC KC 7D 8D",
    }
    deck = stacked(variant, 5, 4, hands, "2S")
    game = tf.Game(variant, players=5, dealer=4, scores=(0, 0, 0, 10, 0), decks=[deck])
    run(game, "2C 5C 8C 5S JC  JS QC 3C 6C 9C  AH KC 4C 7C TC  KS 7D AC 3D 5D  QS 8D 2D 4D 6D")
    assert game.is_over and game.winner == 3 and game.scores[3] == 35


def test_five_tricks_bonus_adds_ten_to_the_side() -> None:
    variant = POINTS_25.with_options(five_tricks="bonus", target=100)
    hands = {0: "4H AC 8S QS 9H", 1: "4S AH 9C 2C 6C", 2: "7C QH 3C JH 9D"}
    state = play(
        deal(variant, players=3, dealer=2, hands=hands, turn_up="3D"),
        "AC AH 9D  4S 7C 8S  2C 3C 4H  9C QH QS  6C JH 9H",
    )
    out = state.outcome
    assert out is not None and out.points == (0, 25, 0) and out.side_points == (0, 35, 0)


def test_higher_total_wins_and_exact_tie_plays_on() -> None:
    """§2.4 (W45): several reach 45 in one hand: the higher total wins; an exact tie plays
    another hand."""
    game = tf.Game(
        tf.FORTY_FIVE,
        players=2,
        dealer=1,
        scores=(40, 30),
        decks=[tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, hands=EX70, turn_up="2H")],
    )
    run(game, "5H 3H  2C KC  KD 2D  QD 3D  4S KS")  # 15 each: 55 v 45
    assert game.is_over and game.winner == 0 and game.scores == (55, 45)
    tie = tf.Game(
        tf.FORTY_FIVE,
        players=2,
        dealer=1,
        scores=(40, 40),
        decks=[tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, hands=EX70, turn_up="2H")],
    )
    run(tie, "5H 3H  2C KC  KD 2D  QD 3D  4S KS")  # 55 v 55
    assert not tie.is_over and tie.scores == (55, 55) and tie.hand_number == 2


# -- the pure functions ---------------------------------------------------------------------


def test_antes() -> None:
    """§1.7, EX-57, EX-58."""
    assert antes(tf.MAW.scoring, 5, 4, after_spoil=False) == (2, 2, 2, 2, 4)
    assert sum(antes(tf.MAW.scoring, 5, 0, after_spoil=True)) == 8
    assert antes(tf.MAW.with_options(spoil_ante="dealer-one").scoring, 5, 0, after_spoil=True) == (
        1,
        0,
        0,
        0,
        0,
    )
    assert antes(tf.TWENTY_FIVE.scoring, 4, 1, after_spoil=True) == (1, 1, 1, 1)
    assert antes(tf.MAW.with_options(spoil_ante="full").scoring, 3, 2, after_spoil=True) == (
        2,
        2,
        4,
    )


def test_split_pool() -> None:
    assert split_pool(12, 1) == (12, 0)
    assert split_pool(5, 2) == (2, 1)
    assert split_pool(7, 3) == (2, 1)


def test_jink_bonus_and_payments() -> None:
    assert jink_bonus(tf.SPOIL_FIVE.jinking, tf.SPOIL_FIVE.scoring) == 1
    assert jink_bonus(tf.MAW.jinking, tf.MAW.scoring) == 2
    pairs = ((0, 2), (1, 3))
    assert jink_payments(tf.MAW.jinking, tf.MAW.scoring, pairs, 1) == ((-2, 2, -2, 2), 0)
    threes = ((0, 2, 4), (1, 3, 5))
    assert jink_payments(tf.SPOIL_FIVE.jinking, tf.SPOIL_FIVE.scoring, threes, 0) == (
        (1, -1, 1, -1, 1, -1), 0)


def test_a_barred_seat_takes_no_share_of_the_jink_bonus() -> None:
    """RULES.md §1.6 "the pool, plus a bonus from each other player" with §1.5 "cannot win
    the pool": the bonus goes with the pool, to the seats that win it; an indivisible
    remainder stays in the pool, as the pool's own does."""
    pairs = ((0, 2), (1, 3))
    assert jink_payments(tf.MAW.jinking, tf.MAW.scoring, pairs, 0, winner_seats=(2,)) == (
        (0, -2, 4, -2), 0)
    threes = ((0, 2, 4), (1, 3, 5))  # seat 2 barred: 3 chips for two seats, 1 stays
    assert jink_payments(tf.SPOIL_FIVE.jinking, tf.SPOIL_FIVE.scoring, threes, 0,
                         winner_seats=(0, 4)) == ((1, -1, 0, -1, 1, -1), 1)


def test_trick_points_and_bonus() -> None:
    scoring = tf.FORTY_FIVE.scoring
    assert trick_points([0, 0, 1, 1, 1], 2, scoring, bonus_trick=None) == (10, 15)
    assert trick_points([0, 0, 1, 1, 1], 2, scoring, bonus_trick=1) == (15, 15)
    assert five_tricks_bonus(scoring) == 0


def test_best_trump_trick_uses_the_rank_table() -> None:
    table = tf.FORTY_FIVE.ranking.table(tf.Suit.SPADES)
    tricks = [tf.parse_cards("2S KD"), tf.parse_cards("AH 3C"), tf.parse_cards("TS 9D")]
    assert best_trump_trick(tricks, table, "any") == 1
    assert best_trump_trick(tricks, table, "top-four") == 1
    assert best_trump_trick(tricks[:1] + tricks[2:], table, "top-four") is None
    assert best_trump_trick(tricks, table, "none") is None
    demoted = tf.FORTY_FIVE.ranking.table(tf.Suit.SPADES, C("AS"))
    assert best_trump_trick([tf.parse_cards("AS 9D"), tf.parse_cards("TS 3C")], demoted, "any") == 1


def test_example_forty_five_best_trump_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/forty_five_best_trump.py: the EX-70 hand, 15 points each."""
    import runpy
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "forty_five_best_trump.py"
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "best trump 5H, in trick 1" in out and "points (15, 15)" in out
