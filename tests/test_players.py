"""The simple players: RandomPlayer and RuleOfThumbPlayer, working from a seat's view only."""

from __future__ import annotations

import pytest
from enginekit import deal, play

import trumpfamily as tf
from trumpfamily import Card, Claim, Play, Rob

C = Card.parse


def test_random_player_is_seeded_and_legal() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=3)
    a, b = tf.RandomPlayer(seed=5), tf.RandomPlayer(seed=5)
    for _ in range(10):
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        action = a.choose(view)
        assert action == b.choose(view) and action in state.legal_actions()
        state = state.apply(action)


def test_players_refuse_a_view_without_a_turn() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=3)
    other = (state.to_act or 0) + 1
    for player in (tf.RandomPlayer(), tf.RuleOfThumbPlayer()):
        with pytest.raises(tf.InvalidArgumentError, match="not its turn"):
            player.choose(state.view(other))


def test_rule_of_thumb_claims_when_it_can() -> None:
    hands = {
        0: "2H 3H 4H 5H 6H",
        1: "KS QS 3S 4S 6S",
        2: "7H 8H 9H TH JH",
        3: "QH KH 2D 3D 4D",
        4: "5D 6D 7D 8D 9D",
    }
    state = play(
        deal(tf.SPOIL_FIVE, players=5, dealer=4, hands=hands, turn_up="2S"),
        "2H KS 7H QH 5D  QS 8H KH 6D 3H  3S 9H 2D 7D 4H",
    )
    assert tf.RuleOfThumbPlayer().choose(state.view(1)) == Claim()


def test_rule_of_thumb_robs_discarding_its_weakest_card() -> None:
    hands = {
        0: "2H 3H 4H 5H 6H",
        1: "7H 8H 9H TH JH",
        2: "AD 8C 3S KH 9D",
        3: "QH 2C 3C 4C 5C",
        4: "6C 7C 9C TC JC",
    }
    state = play(deal(tf.SPOIL_FIVE, players=5, dealer=4, hands=hands, turn_up="5D"), "2H 7H")
    assert tf.RuleOfThumbPlayer().choose(state.view(2)) == Rob("8C")  # plain 8C is the lowest


def test_rule_of_thumb_plays_its_lowest_winning_card() -> None:
    hands = {0: "8H 2C 3C 4C 5C", 1: "9H KH 2S 6S 7D", 2: "TH 6C 7C 8C 9C"}
    state = play(deal(tf.SPOIL_FIVE, players=3, dealer=2, hands=hands, turn_up="2D"), "8H")
    # seat 1 may follow with 9H or KH (or not trump: no trumps); 9H is the lowest that wins
    assert tf.RuleOfThumbPlayer().choose(state.view(1)) == Play("9H")
    state = play(state, "9H")
    # seat 2 holds TH: it beats 9H
    assert tf.RuleOfThumbPlayer().choose(state.view(2)) == Play("TH")


def test_rule_of_thumb_plays_low_when_it_cannot_win_or_partner_wins() -> None:
    hands = {0: "KH 2C 3C 4C 5C", 1: "9H 3H 2S 6S 7S", 2: "TH 4H 7C 8C 9C", 3: "JD 9D 8D 6D 5D"}
    variant = tf.SPOIL_FIVE.with_options(partnerships="pairs")
    state = play(deal(variant, players=4, dealer=3, hands=hands, turn_up="2D"), "KH")
    assert tf.RuleOfThumbPlayer().choose(state.view(1)) == Play("3H")  # cannot beat KH
    state = play(state, "9H")
    assert tf.RuleOfThumbPlayer().choose(state.view(2)) == Play("4H")  # partner P0 is winning


def test_rule_of_thumb_leads_its_strongest_card() -> None:
    hands = {0: "8H 2C 3C 4C 5S", 1: "9H KH 2S 6S 7D", 2: "TH 6C 7C 8C 9C"}
    state = deal(tf.SPOIL_FIVE, players=3, dealer=2, hands=hands, turn_up="2D")
    # 2C is the fifth club (K Q J A 2 in black), 8H only the sixth heart: 2C leads
    assert tf.RuleOfThumbPlayer().choose(state.view(0)) == Play("2C")
    trumps = deal(tf.SPOIL_FIVE, players=3, dealer=2, hands={0: "8H 3D 2C 4C 5S"}, turn_up="2D")
    assert tf.RuleOfThumbPlayer().choose(trumps.view(0)) == Play("3D")  # any trump is stronger


def test_rule_of_thumb_fiving() -> None:
    hands = {0: "2H 3H 4H 5H 6H", 1: "7H 8H 9H TH JH"}
    state = deal(tf.SPOIL_FIVE, players=2, dealer=1, hands=hands, turn_up="9C", stock="4C KD")
    bot = tf.RuleOfThumbPlayer()
    assert bot.choose(state.view(0)) == tf.AskFive()  # no trump in hand
    asked = state.apply(tf.AskFive())
    assert bot.choose(asked.view(1)) == tf.AcceptFive()


@pytest.mark.parametrize("variant", list(tf.VARIANTS.values()), ids=lambda v: v.name)
def test_bots_play_whole_games(variant: tf.Variant) -> None:
    players: list[tf.Player] = [
        tf.RuleOfThumbPlayer(),
        tf.RandomPlayer(seed=1),
        tf.RuleOfThumbPlayer(),
        tf.RandomPlayer(seed=2),
    ]
    game = tf.Game(variant, players=4, seed=12, hands=30)
    game.play(players)
    assert game.is_over and sum(game.chips) + game.pool == 0
    assert len(game.outcomes) <= 30


def test_rule_of_thumb_beats_random_at_spoil_five() -> None:
    players: list[tf.Player] = [
        tf.RuleOfThumbPlayer(),
        tf.RandomPlayer(seed=1),
        tf.RandomPlayer(seed=2),
        tf.RandomPlayer(seed=3),
    ]
    game = tf.Game(tf.SPOIL_FIVE, players=4, seed=21)
    game.play(players, hands=300)
    assert game.chips[0] == max(game.chips)


# -- review fixes: errors naming the input -----------------------------------------------------


@pytest.mark.parametrize(("seed", "kind"), [([1], "list"), (1.5, "float"), (True, "bool")])
def test_random_player_refuses_a_bad_seed(seed: object, kind: str) -> None:
    with pytest.raises(tf.InvalidArgumentError) as info:
        tf.RandomPlayer(seed=seed)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"RandomPlayer: seed={seed!r}: a seed is an int, str, bytes or None, not {kind}"
    )


@pytest.mark.parametrize("player", [tf.RandomPlayer(), tf.RuleOfThumbPlayer()])
def test_choose_refuses_what_is_not_a_seat_view(player: tf.Player) -> None:
    name = type(player).__name__
    with pytest.raises(tf.InvalidArgumentError) as info:
        player.choose(None)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"{name}.choose: expected a SeatView (HandState.view(seat)), got NoneType None"
    )
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="expected a SeatView"):
        player.choose(state)  # type: ignore[arg-type]
