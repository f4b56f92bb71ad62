"""Games of many hands: first dealer, the deal passing left, antes, conservation of chips,
points to the target (RULES.md §1.7, §1.8, §2.1.1, §2.3, §2.4; EX-54)."""

from __future__ import annotations

from collections.abc import Callable

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
    with pytest.raises(tf.InvalidDeckError, match="no Jack"):
        tf.first_jack("7H KS", players=2)
    with pytest.raises(tf.PlayerCountError):
        tf.first_jack("JH", players=0)
    with pytest.raises(tf.PlayerCountError, match="start=2 is not a seat"):
        tf.first_jack("JH", players=2, start=2)


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
    with pytest.raises(tf.InvalidArgumentError, match="never ends"):
        game.play(bots(3))
    with pytest.raises(tf.InvalidArgumentError, match="hands=-1"):
        game.play(bots(3), hands=-1)
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
    with pytest.raises(tf.PlayerCountError, match="players=2.0"):
        tf.Game(tf.FORTY_FIVE, players=2.0)  # type: ignore[arg-type]
    with pytest.raises(tf.PlayerCountError, match="not a seat"):
        tf.Game(tf.SPOIL_FIVE, players=3, dealer=3)
    with pytest.raises(tf.UnknownVariantError, match="Bridge"):
        tf.Game("Bridge", players=3)
    with pytest.raises(tf.InvalidDeckError):
        tf.Game(tf.SPOIL_FIVE, players=3, decks=["5H"])
    with pytest.raises(tf.PlayerCountError, match="one per seat"):
        tf.Game(tf.SPOIL_FIVE, players=3).play_hand(bots(2))


def test_a_preset_name_will_do() -> None:
    game = tf.Game("spoil five", players=3, seed=1)
    assert game.variant is tf.SPOIL_FIVE and game.hand.variant is tf.SPOIL_FIVE


@pytest.mark.parametrize("hands", [0, -1, True, 1.0, "2"])
def test_a_hand_limit_is_an_int_from_one(hands: object) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="hands="):
        tf.Game(tf.SPOIL_FIVE, players=3, hands=hands)  # type: ignore[arg-type]
    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=1, hands=1)
    game.play(bots(3))
    assert game.is_over and len(game.outcomes) == 1


@pytest.mark.parametrize(
    ("variant", "scores", "message"),
    [
        (tf.FORTY_FIVE, [1, 2], "one int score per side"),
        (tf.FORTY_FIVE, [1, 2, 3, 4], "one int score per side"),
        (tf.FORTY_FIVE, [1.0, 0, 0], "one int score per side"),
        (tf.FORTY_FIVE, [True, 0, 0], "one int score per side"),
        (tf.FORTY_FIVE, "123", "one int score per side"),
        (tf.FORTY_FIVE, [50, 0, 0], "at or over the target 45"),
        (tf.FORTY_FIVE, [45, 44, 0], "at or over the target 45"),
        (tf.FORTY_FIVE.with_options(target_tie="first-to-reach"), [45, 45, 0], "over"),
        (tf.SPOIL_FIVE, [0, 0, 0], "scores are for points games"),
    ],
)
def test_starting_scores_must_fit_the_game(
    variant: tf.Variant, scores: object, message: str
) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=message):
        tf.Game(variant, players=3, scores=scores)  # type: ignore[arg-type]


@pytest.mark.parametrize("start", [tf.Game, tf.new_game], ids=["Game", "new_game"])
@pytest.mark.parametrize(("scores", "rule"), [
    ([-5, 0, 0, 0], "a starting score cannot be negative"),
    ([0, 0, 0, -1], "a starting score cannot be negative"),
    ([0, 0, 0], "one int score per side (4 sides"),
    ([0, 0, 0, 0, 0], "one int score per side (4 sides"),
])
def test_negative_or_wrong_length_starting_scores_are_refused(
    start: Callable[..., object], scores: list[int], rule: str
) -> None:
    """Points are only ever added (RULES.md §2.3, §2.4), one score per side."""
    with pytest.raises(tf.InvalidArgumentError) as refused:
        start(tf.FORTY_FIVE, players=4, scores=scores)
    assert rule in str(refused.value) and "RULES.md §2" in str(refused.value)
    assert repr(scores) in str(refused.value)


def test_starting_scores_of_partnerships_are_per_side() -> None:
    pairs = tf.TWENTY_FIVE.with_options(scoring="points")
    assert tf.new_game(pairs, players=4, seed=1, scores=[10, 0]).scores == (10, 0)
    with pytest.raises(tf.InvalidArgumentError, match="2 sides"):
        tf.new_game(pairs, players=4, seed=1, scores=[10, 0, 0, 0])


def test_starting_scores_resume_a_game() -> None:
    """W45: equal top totals over the target play another hand, so such scores resume."""
    game = tf.Game(tf.FORTY_FIVE, players=3, seed=1, scores=[50, 50, 10])
    assert game.scores == (50, 50, 10) and not game.is_over
    winner = game.play(bots(3))
    assert winner is not None and game.scores[winner] > 50


def test_every_deck_is_checked_up_front() -> None:
    """A bad deck anywhere in ``decks`` is refused by ``Game(...)``, not by the move that
    ends the hand before it (PITFALLS 11: never leave a game with nobody to act)."""
    full = tf.SPOIL_FIVE.ranking.deck()
    with pytest.raises(tf.InvalidDeckError, match=r"decks\[1\]: .*missing AS"):
        tf.Game(tf.SPOIL_FIVE, players=3, decks=[full, full[:-1]])
    with pytest.raises(tf.InvalidArgumentError, match="sequence of decks"):
        tf.Game(tf.SPOIL_FIVE, players=3, decks=" ".join(map(str, full)))
    with pytest.raises(tf.InvalidArgumentError, match="not a deck"):
        tf.Game(tf.SPOIL_FIVE, players=3, decks=full)
    with pytest.raises(tf.InvalidArgumentError, match="sequence of decks"):
        tf.Game(tf.SPOIL_FIVE, players=3, decks=5)  # type: ignore[arg-type]
    game = tf.Game(tf.SPOIL_FIVE, players=3, decks=[full, " ".join(map(str, full[::-1]))])
    assert game.hand.deck == full
    game.play_hand(bots(3))
    assert game.hand.deck == full[::-1]


def _finish_hand_but_one(game: tf.Game) -> tf.Action:
    """Play the current hand up to its last action, which is returned (not applied)."""
    players = bots(game.players)
    while True:
        seat = game.to_act
        assert seat is not None
        action = players[seat].choose(game.view(seat))
        if game.hand.apply(action).is_over:
            return action
        game.apply(action)


def _snapshot(game: tf.Game) -> tuple[object, ...]:
    return (
        game.hand,
        game.chips,
        game.pool,
        game.scores,
        list(game.outcomes),
        game.last_hand,
        game.dealer,
        game.hand_number,
        game.is_over,
        game.winner,
        game.to_act,
    )


@pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.FORTY_FIVE], ids=lambda v: v.name)
def test_apply_is_atomic_when_the_next_deal_fails(
    variant: tf.Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If dealing the next hand fails, the move that ended the hand leaves the game exactly
    as it was: hand, chips, pool, scores, outcomes, dealer, and the shuffle to come."""
    import trumpfamily.game as game_module

    game = tf.Game(variant, players=3, seed=8)
    twin = tf.Game(variant, players=3, seed=8)
    last = _finish_hand_but_one(game)
    _finish_hand_but_one(twin)
    before = _snapshot(game)

    def broken(*args: object, **kwargs: object) -> tf.HandState:
        raise tf.InvalidDeckError("the dealer dropped the pack")

    monkeypatch.setattr(game_module, "new_hand", broken)
    with pytest.raises(tf.InvalidDeckError, match="dropped the pack"):
        game.apply(last)
    assert _snapshot(game) == before
    assert sum(game.chips) + game.pool == 0 and game.legal_actions()
    monkeypatch.undo()
    game.apply(last)
    twin.apply(last)
    assert _snapshot(game) == _snapshot(twin)  # same next deal: the shuffle was not used up


@pytest.mark.parametrize("seat", [True, 1.0, "1"])
def test_apply_wants_an_int_seat(seat: object) -> None:
    """``seat="1"`` used to say "it is seat 1's turn, not seat 1's"; True and 1.0 passed."""
    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=1)
    hand = game.hand
    assert hand.to_act == 1
    action = game.legal_actions()[0]
    with pytest.raises(tf.IllegalActionError, match=f"seat={seat!r} is not a seat number"):
        game.apply(action, seat=seat)  # type: ignore[arg-type]
    assert game.hand is hand
    game.apply(action, seat=hand.to_act)


def test_a_bots_illegal_action_names_its_seat() -> None:
    class Cheat:
        def choose(self, view: tf.SeatView) -> tf.Action:
            return tf.Claim()

    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=1)
    seat = game.to_act
    players: list[tf.Player] = [*bots(3)]
    players[seat or 0] = Cheat()
    hand, chips = game.hand, game.chips
    with pytest.raises(tf.IllegalActionError, match=f"the player at seat {seat} \\(Cheat\\)"):
        game.play_hand(players)
    assert game.hand is hand and game.chips == chips


@pytest.mark.parametrize(
    "call",
    [
        lambda: tf.new_hand(tf.SPOIL_FIVE, players=2.0),
        lambda: tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=False),
        lambda: tf.new_hand(45, players=3),
        lambda: tf.new_hand(tf.SPOIL_FIVE, players=3).view(5),
        lambda: tf.new_hand(tf.SPOIL_FIVE, players=3).view("0"),
        lambda: tf.stacked_deck(tf.SPOIL_FIVE, players=3, hands=["5H"]),
        lambda: tf.Game(tf.SPOIL_FIVE, players=3, hands=0),
        lambda: tf.Game(tf.FORTY_FIVE, players=3, scores=[1, 2]),
        lambda: tf.Game(tf.SPOIL_FIVE, players=3, decks="5H"),
        lambda: tf.Game(tf.SPOIL_FIVE, players=3).play(bots(3)),
        lambda: tf.Game(tf.SPOIL_FIVE, players=3).view(5),
        lambda: tf.first_jack("7H", players=2),
        lambda: tf.RandomPlayer().choose(tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1).view(0)),
        lambda: tf.new_hand(tf.SPOIL_FIVE, players=3, seed=[1]),
        lambda: tf.Game(tf.SPOIL_FIVE, players=3, seed=[1]),
        lambda: tf.Game(tf.SPOIL_FIVE, players=3).play_hand(tf.RandomPlayer()),
        lambda: tf.new_hand(tf.SPOIL_FIVE, players=3).apply(None),
    ],
)
def test_every_bad_call_raises_a_library_error(call: Callable[[], object]) -> None:
    """A fresh user's stress test: each bad call raises a TrumpFamilyError (which also
    subclasses the builtin it refines), never a bare ValueError, TypeError or IndexError."""
    tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=0, seed=1)  # warm the value-keyed caches
    tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=0, seed=1)
    with pytest.raises(tf.TrumpFamilyError):
        call()


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


# -- review fixes: errors naming the input -----------------------------------------------------


def test_play_refuses_players_without_choose() -> None:
    game = tf.Game(tf.SPOIL_FIVE, players=3)
    with pytest.raises(tf.InvalidArgumentError) as info:
        game.play([1, 2, 3], hands=1)  # type: ignore[list-item]
    assert str(info.value) == "bots[0] is not a Player (has no choose(view), nor choose_state(state, seat)): got int 1"
    bots_and_one = [tf.RandomPlayer(seed=1), tf.RandomPlayer(seed=2), "me"]
    with pytest.raises(tf.InvalidArgumentError, match=r"^bots\[2\] is not a Player"):
        game.play_hand(bots_and_one)  # type: ignore[arg-type]
    assert not game.hand.actions  # refused before any action


@pytest.mark.parametrize(("seed", "kind"), [(2.5, "float"), (False, "bool")])
def test_game_refuses_float_and_bool_seeds(seed: object, kind: str) -> None:
    with pytest.raises(tf.InvalidArgumentError) as info:
        tf.Game(tf.SPOIL_FIVE, players=3, seed=seed)  # type: ignore[arg-type]
    assert str(info.value) == f"seed={seed!r}: a seed is an int, str, bytes or None, not {kind}"


def test_first_jack_refuses_a_repeated_card() -> None:
    with pytest.raises(tf.InvalidDeckError) as info:
        tf.first_jack("7H 7H JD", players=3)
    assert str(info.value) == (
        "first_jack: 7H is given twice (as card 1 and card 2); one deck holds each card once"
    )
