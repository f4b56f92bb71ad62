"""Games of many hands: first dealer, the deal passing left, antes, conservation of chips,
points to the target (RULES.md §1.7, §1.8, §2.1.1, §2.3, §2.4; EX-54)."""

from __future__ import annotations

import pytest

import trumpfamily as tf
from trumpfamily import Card

C = Card.parse


def bots(n: int) -> list[tf.RandomPlayer]:
    return [tf.RandomPlayer(seed=i) for i in range(n)]


def test_ex54_first_dealer_is_dealt_the_first_jack() -> None:
    """EX-54 (MAW): cards dealt face up clockwise from P0: 7H, KS, JD: P2 deals first."""
    assert tf.first_jack("7H KS JD 5C", players=5) == (2, (C("7H"), C("KS"), C("JD")))
    assert tf.first_jack("7H KS 2D 3C 4C 5C JS", players=5)[0] == 1  # goes round the table
    with pytest.raises(ValueError, match="no Jack"):
        tf.first_jack("7H KS", players=2)


def test_maw_game_chooses_its_first_dealer_by_the_first_jack() -> None:
    for seed in range(10):
        game = tf.Game(tf.MAW, players=5, seed=seed)
        cards = game.first_dealer_cards
        assert cards[-1].rank is tf.Rank.JACK
        assert all(c.rank is not tf.Rank.JACK for c in cards[:-1])
        assert game.dealer == (len(cards) - 1) % 5 == game.hand.dealer


def test_given_first_dealer() -> None:
    assert tf.Game(tf.SPOIL_FIVE, players=4, seed=1).dealer == 0
    assert tf.Game(tf.SPOIL_FIVE, players=4, seed=1, dealer=3).dealer == 3
    game = tf.Game(tf.MAW, players=4, seed=1, dealer=2)
    assert game.dealer == 2 and game.first_dealer_cards == ()


def test_the_deal_passes_left_and_everyone_antes() -> None:
    """§1.8: the deal passes to the left; §1.7: a fresh pool is ante each + dealer's stake."""
    game = tf.Game(tf.SPOIL_FIVE, players=5, seed=3)
    assert game.pool == 6 and game.chips == (-2, -1, -1, -1, -1)
    dealers = [game.dealer]
    for _ in range(7):
        game.play_hand(bots(5))
        dealers.append(game.dealer)
        assert sum(game.chips) + game.pool == 0
    assert dealers == [0, 1, 2, 3, 4, 0, 1, 2]
    assert game.hand_number == 8 and len(game.outcomes) == 7


def test_spoils_carry_and_wins_pay_the_pool() -> None:
    game = tf.Game(tf.SPOIL_FIVE, players=5, seed=11)
    for _ in range(40):
        pool_before = game.pool
        chips_before = game.chips
        game.play_hand(bots(5))
        out = game.outcomes[-1]
        if out.spoil:
            assert game.pool > pool_before  # carried and topped up
        else:
            winner = out.winner_seats[0]
            gain = game.chips[winner] - chips_before[winner]
            ante = game.hand.variant.scoring.ante if winner != game.dealer else 2
            bonus = 4 if out.jink_succeeded else 0
            assert gain == pool_before + bonus - ante
        assert sum(game.chips) + game.pool == 0


def test_pool_games_do_not_end_by_themselves() -> None:
    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=2)
    with pytest.raises(ValueError, match="never ends"):
        game.play(bots(3))
    assert game.play(bots(3), hands=4) is None
    assert len(game.outcomes) == 4 and not game.is_over and game.winner is None


def test_hands_limit_ends_the_game() -> None:
    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=2, hands=3)
    game.play(bots(3))
    assert game.is_over and len(game.outcomes) == 3 and game.winner is None
    assert game.to_act is None and game.legal_actions() == ()
    with pytest.raises(tf.IllegalActionError, match="game is over"):
        game.apply(tf.Claim())


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_forty_five_is_played_to_45(players: int) -> None:
    """§2.4: 5 a trick, the best-trump trick double, first to 45; several over 45 in one hand:
    the higher total wins."""
    game = tf.Game(tf.FORTY_FIVE, players=players, seed=players)
    winner = game.play(bots(players))
    assert game.is_over and winner == game.winner and winner is not None
    top = game.scores[winner]
    assert top >= 45 and all(s < top for i, s in enumerate(game.scores) if i != winner)
    assert sum(sum(o.points or ()) for o in game.outcomes) == sum(game.scores)
    assert game.chips == (0,) * players and game.pool == 0


def test_twenty_five_points_form_in_pairs() -> None:
    """§2.3: partners combine their tricks; the game ends when a side first reaches 25."""
    variant = tf.TWENTY_FIVE.with_options(scoring="points")
    game = tf.Game(variant, players=4, seed=9)
    assert game.sides == ((0, 2), (1, 3)) and game.scores == (0, 0)
    winner = game.play(bots(4))
    assert winner is not None and game.scores[winner] >= 25
    assert game.scores[1 - winner] < 25


def test_illegal_action_leaves_the_game_unchanged() -> None:
    game = tf.Game(tf.SPOIL_FIVE, players=4, seed=5)
    hand, chips = game.hand, game.chips
    with pytest.raises(tf.IllegalActionError):
        game.apply(tf.Claim())
    with pytest.raises(tf.IllegalActionError):
        game.apply(game.legal_actions()[0], seat=(game.to_act or 0) + 1)
    assert game.hand is hand and game.chips == chips


def test_views_and_turns_through_the_game() -> None:
    game = tf.Game(tf.SPOIL_FIVE, players=4, seed=5)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    assert view.legal_actions == game.legal_actions()
    game.apply(view.legal_actions[-1], seat)
    assert "Spoil Five" in repr(game) and "pool" in repr(game)
    assert "scores" in repr(tf.Game(tf.FORTY_FIVE, players=2, seed=1))


def test_bad_game_arguments() -> None:
    with pytest.raises(tf.PlayerCountError):
        tf.Game(tf.FORTY_FIVE, players=7)
    with pytest.raises(tf.PlayerCountError, match="not a seat"):
        tf.Game(tf.SPOIL_FIVE, players=3, dealer=3)
    with pytest.raises(ValueError, match="one score per side"):
        tf.Game(tf.FORTY_FIVE, players=3, scores=(1, 2))
    with pytest.raises(TypeError):
        tf.Game("Spoil Five", players=3)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidDeckError):
        tf.Game(tf.SPOIL_FIVE, players=3, decks=["5H"])
    with pytest.raises(ValueError, match="one player per seat"):
        tf.Game(tf.SPOIL_FIVE, players=3).play_hand(bots(2))


def test_seeded_games_are_reproducible() -> None:
    a = tf.Game(tf.MAW, players=4, seed=77)
    b = tf.Game(tf.MAW, players=4, seed=77)
    a.play(bots(4), hands=5)
    b.play(bots(4), hands=5)
    assert a.chips == b.chips and a.outcomes == b.outcomes


def test_example_full_spoil_five_game_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/full_spoil_five_game.py: ten deals with bots, chips conserved."""
    import runpy
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "full_spoil_five_game.py"
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "deal 10:" in out and "is ahead" in out
