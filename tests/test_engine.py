"""The hand engine: dealing, turn-up, turns, immutability, views, errors (RULES.md §1.3–1.8).

Robbing is in test_robbing.py, scoring and the pool in test_scoring.py.
"""

from __future__ import annotations

import random

import pytest
from enginekit import check_invariants, deal, find_line, play

import trumpfamily as tf
from trumpfamily import Card, Play

C = Card.parse


# -- dealing (RULES.md §1.8) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("packets", "first_round"), [("3-2", 3), ("2-3", 2), ("4-1", 4), ("1-4", 1)]
)
def test_deal_packets_from_eldest_then_turn_up(packets: str, first_round: int) -> None:
    """§1.8: five cards each in packets, clockwise from eldest; the next card is turned up."""
    variant = tf.MAW.with_options(deal_packets=packets)
    deck = tf.MAW.ranking.deck()
    state = tf.new_hand(variant, players=4, dealer=2, deck=deck)
    order = [3, 0, 1, 2]  # eldest is the dealer's left
    pos = 0
    expected: dict[int, list[Card]] = {s: [] for s in order}
    for size in (first_round, 5 - first_round):
        for seat in order:
            expected[seat] += deck[pos : pos + size]
            pos += size
    assert {s: list(h) for s, h in enumerate(state.hands)} == expected
    assert state.turn_up == deck[20]
    assert state.stock == deck[21:]
    assert state.eldest == 3 and state.leader == 3 and state.to_act == 3


def test_seeded_deal_is_reproducible_and_shuffled() -> None:
    a = tf.new_hand(tf.SPOIL_FIVE, players=5, seed=42)
    b = tf.new_hand(tf.SPOIL_FIVE, players=5, seed=42)
    c = tf.new_hand(tf.SPOIL_FIVE, players=5, seed=43)
    assert a == b and a.deck == b.deck
    assert a.deck != c.deck
    assert sorted(a.deck) == sorted(tf.SPOIL_FIVE.ranking.deck())


def test_turn_up_fixes_trumps() -> None:
    state = deal(tf.MAW, players=3, dealer=0, hands={}, turn_up="9D")
    assert state.trump is tf.Suit.DIAMONDS and state.turn_up == C("9D")


def test_joker_deck_has_53_cards() -> None:
    variant = tf.FORTY_FIVE.with_options(joker="third")
    state = tf.new_hand(variant, players=4, seed=1)
    assert len(state.deck) == 53 and tf.JK in state.deck


# -- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        (tf.SPOIL_FIVE, 1),
        (tf.SPOIL_FIVE, 11),
        (tf.FORTY_FIVE, 7),
        (tf.SPOIL_FIVE.with_options(partnerships="pairs"), 5),
        (tf.SPOIL_FIVE.with_options(partnerships="threes"), 4),
    ],
)
def test_wrong_player_count_is_refused(variant: tf.Variant, players: int) -> None:
    with pytest.raises(tf.PlayerCountError):
        tf.new_hand(variant, players=players, seed=1)


@pytest.mark.parametrize("dealer", [-1, 5, "0", False, 0.0])
def test_dealer_must_be_a_seat(dealer: object) -> None:
    tf.new_hand(tf.SPOIL_FIVE, players=5, dealer=0, seed=1)  # cached by value: 0 == False
    with pytest.raises(tf.PlayerCountError, match="not a seat"):
        tf.new_hand(tf.SPOIL_FIVE, players=5, dealer=dealer, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2.0, True, "2", None])
def test_players_must_be_an_int(players: object) -> None:
    """``players=2.0`` raised a bare TypeError once (2, 0) had been dealt: the seating cache
    is keyed by value, and 2.0 == 2."""
    tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=0, seed=1)
    tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, seed=1)
    with pytest.raises(tf.PlayerCountError, match=f"players={players!r}"):
        tf.new_hand(tf.SPOIL_FIVE, players=players, dealer=True, seed=1)  # type: ignore[arg-type]
    with pytest.raises(tf.PlayerCountError, match=f"players={players!r}"):
        tf.new_hand(tf.SPOIL_FIVE, players=players, seed=1)  # type: ignore[arg-type]


def test_a_preset_name_will_do() -> None:
    """Like the rules calls, the engine takes a preset's name (``find_variant``)."""
    assert tf.new_hand("maw", players=3, seed=1) == tf.new_hand(tf.MAW, players=3, seed=1)
    assert tf.new_hand("45s", players=2, seed=1).variant is tf.FORTY_FIVE
    deck = tf.stacked_deck("Spoil Five", players=2, hands={0: "5H"})
    assert deck == tf.stacked_deck(tf.SPOIL_FIVE, players=2, hands={0: "5H"})
    with pytest.raises(tf.UnknownVariantError, match="'Bridge'"):
        tf.new_hand("Bridge", players=3)
    with pytest.raises(tf.UnknownVariantError, match="int 45"):
        tf.new_hand(45, players=3)  # type: ignore[arg-type]


def test_stacked_deck_hands_must_be_a_mapping() -> None:
    with pytest.raises(tf.InvalidDeckError, match="hands must map seats to cards"):
        tf.stacked_deck(tf.SPOIL_FIVE, players=3, hands=["5H JS"])  # type: ignore[arg-type]


def test_deck_with_a_missing_card_names_it() -> None:
    deck = list(tf.SPOIL_FIVE.ranking.deck())
    deck.remove(C("7H"))
    with pytest.raises(tf.InvalidDeckError, match="missing 7H"):
        tf.new_hand(tf.SPOIL_FIVE, players=4, deck=deck)


def test_deck_with_a_repeated_card_names_it() -> None:
    deck = list(tf.SPOIL_FIVE.ranking.deck())
    deck[deck.index(C("7H"))] = C("5S")
    with pytest.raises(tf.InvalidDeckError, match=r"missing 7H; repeated 5S"):
        tf.new_hand(tf.SPOIL_FIVE, players=4, deck=deck)


def test_deck_with_a_joker_the_variant_lacks() -> None:
    deck = list(tf.SPOIL_FIVE.ranking.deck()) + [tf.JK]
    with pytest.raises(tf.InvalidDeckError, match="not in this variant's deck: JK"):
        tf.new_hand(tf.SPOIL_FIVE, players=4, deck=deck)


def test_unreadable_deck() -> None:
    with pytest.raises(tf.InvalidDeckError, match="not readable"):
        tf.new_hand(tf.SPOIL_FIVE, players=4, deck="5H ZZ")


def test_errors_are_value_errors() -> None:
    assert issubclass(tf.IllegalActionError, ValueError)
    assert issubclass(tf.InvalidDeckError, tf.TrumpFamilyError)


def _sample_state() -> tf.HandState:
    return deal(
        tf.SPOIL_FIVE,
        players=4,
        dealer=3,
        hands={0: "KH 2C 3C 4C 5C", 1: "9H 7D 8D QS 6C", 2: "2H 3H 9C TC JC", 3: "4H QD KD KC 7C"},
        turn_up="2D",
    )


def test_out_of_turn_is_refused_and_state_unchanged() -> None:
    state = _sample_state()
    before = state.record()
    with pytest.raises(tf.IllegalActionError, match="seat 0's turn, not seat 1's") as err:
        state.apply(Play("9H"), seat=1)
    assert err.value.action == Play("9H")
    assert state.record() == before and state.to_act == 0


def test_play_of_a_card_not_held_is_refused() -> None:
    state = _sample_state()
    with pytest.raises(tf.IllegalActionError, match="9H is not in seat 0's hand"):
        state.apply(Play("9H"))
    assert state.current_trick == ()


def test_play_against_the_following_rules_names_the_rule() -> None:
    """§1.4.2: holding the suit led, follow or trump; no discard from another plain suit."""
    state = play(_sample_state(), "KH")
    with pytest.raises(
        tf.IllegalActionError, match=r"must follow suit or play a trump.*RULES.md §1.4.2"
    ):
        state.apply(Play("6C"))
    assert state.apply(Play("9H")).current_trick == (C("KH"), C("9H"))


def test_non_action_is_refused() -> None:
    with pytest.raises(tf.IllegalActionError, match="not an action"):
        _sample_state().apply("KH")  # type: ignore[arg-type]


def test_actions_of_the_wrong_phase_are_refused() -> None:
    state = _sample_state()
    for action in (
        tf.Claim(),
        tf.Jink(),
        tf.AcceptFive(),
        tf.RefuseFive(),
        tf.AskFive(),
        tf.DeclineRob(),
    ):
        with pytest.raises(tf.IllegalActionError):
            state.apply(action)


# -- turns, tricks, immutability ------------------------------------------------------------


def test_apply_returns_a_new_state_and_keeps_the_old() -> None:
    state = _sample_state()
    nxt = state.apply(Play("KH"))
    assert state.current_trick == () and state.to_act == 0 and state.hands[0][0] == C("KH")
    assert nxt.current_trick == (C("KH"),) and nxt.to_act == 1 and C("KH") not in nxt.hands[0]
    assert nxt.actions == (Play("KH"),) and state.actions == ()
    assert nxt != state
    with pytest.raises(AttributeError):
        state.to_act = 3  # type: ignore[misc]


def test_trick_winner_leads_the_next_trick() -> None:
    """§1.3: the highest card of the suit led wins; the winner leads next."""
    state = play(_sample_state(), "KH 9H 2H 4H")
    trick = state.tricks[0]
    assert trick.cards == (C("KH"), C("9H"), C("2H"), C("4H")) and trick.leader == 0
    assert trick.winner == 0 and trick.seats == (0, 1, 2, 3)
    assert state.trick_counts == (1, 0, 0, 0)
    assert state.to_act == 0 and state.leader == 0 and state.current_trick == ()


def test_a_trump_wins_a_plain_lead() -> None:
    state = play(_sample_state(), "2C")
    state = play(state, "7D")  # seat 1 is void in clubs and trumps with the Seven of diamonds
    state = play(state, "9C KC")
    assert state.tricks[0].winner == 1 and state.to_act == 1


def test_legal_actions_use_the_rules_module() -> None:
    state = play(_sample_state(), "KH")
    assert state.legal_actions() == (Play("9H"), Play("7D"), Play("8D"))
    assert tf.legal_moves(
        state.hands[1], state.current_trick, trump="D", variant=tf.SPOIL_FIVE
    ) == (C("9H"), C("7D"), C("8D"))


def test_phase_and_repr() -> None:
    state = _sample_state()
    assert state.phase == "play" and state.phase is tf.Phase.PLAY
    assert "Spoil Five" in repr(state) and "seat 0 to act" in repr(state)


# -- views ----------------------------------------------------------------------------------


def test_view_shows_own_hand_and_public_facts_only() -> None:
    state = play(_sample_state(), "KH 9H")
    view = state.view(2)
    assert view.seat == 2 and view.hand == state.hands[2]
    assert view.current_trick == (C("KH"), C("9H")) and view.to_act == 2
    assert view.turn_up == C("2D") and view.trump is tf.Suit.DIAMONDS
    assert view.legal_actions == state.legal_actions()
    other = state.view(3)
    assert other.legal_actions == () and other.hand == state.hands[3]
    for seat in range(4):
        for other_seat in range(4):
            if other_seat != seat:
                assert not set(state.hands[other_seat]) & set(state.view(seat).hand)


@pytest.mark.parametrize("seat", [4, -1, "0", True, 1.0, None])
def test_view_of_a_bad_seat(seat: object) -> None:
    with pytest.raises(tf.InvalidSeatError, match="is not a seat of this hand") as err:
        _sample_state().view(seat)  # type: ignore[arg-type]
    assert isinstance(err.value, IndexError) and isinstance(err.value, ValueError)
    assert err.value.seat == seat


def test_view_shows_the_card_turned_for_trumps() -> None:
    """Everyone saw the turn-up: ``turned_up`` shows it to every seat, robbed or not
    (``turn_up`` is the card still on the table: ``None`` once robbed)."""
    state = _sample_state()
    for seat in range(4):
        view = state.view(seat)
        assert view.turned_up == view.turn_up == C("2D") and view.my_discard is None


@pytest.mark.parametrize("seat", [True, 0.0, "0"])
def test_apply_wants_an_int_seat(seat: object) -> None:
    state = _sample_state()
    assert state.to_act == 0
    with pytest.raises(tf.IllegalActionError, match=f"seat={seat!r} is not a seat number"):
        state.apply(Play("KH"), seat=seat)  # type: ignore[arg-type]
    assert state.apply(Play("KH"), seat=0).current_trick == (C("KH"),)


# -- whole hands ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(tf.VARIANTS.values()), ids=lambda v: v.name)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_hands_keep_the_invariants(variant: tf.Variant, players: int) -> None:
    rng = random.Random(players)
    for seed in range(15):
        state = tf.new_hand(variant, players=players, dealer=seed % players, seed=seed)
        check_invariants(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            check_invariants(state)
        assert state.outcome is not None


def test_ten_players_deal_all_but_one_card_of_the_stock() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=10, seed=3)
    assert len(state.stock) == 52 - 50 - 1
    check_invariants(state)


def test_find_line_helper_reaches_given_winners() -> None:
    state = tf.new_hand(tf.MAW, players=3, seed=0)
    line = find_line(state, [0, 1])
    assert line is not None
    for action in line:
        state = state.apply(action)
    assert [t.winner for t in state.tricks] == [0, 1]


def test_ex67_reneging_to_a_higher_trump_lead_is_refused() -> None:
    """EX-67 (FOS): diamonds trumps, 5D led; P3 holds JD 9S 2C and may not play 9S. FOS
    penalises the offence; the engine refuses it and names the rule."""
    hands = {0: "5D 2H 3H 4H 5H", 1: "6D 6H 7H 8H 9H", 2: "7D TH JH QH KH", 3: "JD 9S 2C 3C 4C"}
    state = play(deal(tf.SPOIL_FIVE, players=4, dealer=3, hands=hands, turn_up="2D"), "5D 6D 7D")
    with pytest.raises(tf.IllegalActionError, match="may renege only against a lower trump led"):
        state.apply(Play("9S"))
    assert state.legal_actions() == (Play("JD"),)


def test_states_are_hashable_values() -> None:
    state = _sample_state()
    same = tf.replay(state.record())
    assert hash(state) == hash(same) and {state, same} == {state}


# -- review fixes: errors naming the input -----------------------------------------------------


def test_stacked_deck_refuses_a_stock_longer_than_what_is_left() -> None:
    """Ten players take 50 cards and the turn-up one more: one card is left for the stock."""
    with pytest.raises(tf.InvalidDeckError) as info:
        tf.stacked_deck(tf.SPOIL_FIVE, players=10, stock="3C 4C")
    assert str(info.value) == (
        "stock has 2 cards (3C 4C) but only 1 can lie after dealing 50 cards to 10 players "
        "and the turn-up"
    )
    assert tf.stacked_deck(tf.SPOIL_FIVE, players=10, stock="3C")[-1] == Card.parse("3C")


@pytest.mark.parametrize(("seed", "kind"), [(1.5, "float"), (True, "bool"), ([1], "list")])
def test_new_hand_refuses_a_seed_that_is_not_int_str_bytes_or_none(
    seed: object, kind: str
) -> None:
    with pytest.raises(tf.InvalidArgumentError) as info:
        tf.new_hand(tf.SPOIL_FIVE, players=3, seed=seed)  # type: ignore[arg-type]
    assert str(info.value) == f"seed={seed!r}: a seed is an int, str, bytes or None, not {kind}"


@pytest.mark.parametrize("seed", [0, 7, "seven", b"seven", None])
def test_new_hand_takes_int_str_bytes_and_none_seeds(seed: object) -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=seed)  # type: ignore[arg-type]
    assert len(state.hands) == 3


def test_playing_a_card_outside_the_deck_says_so() -> None:
    """JK in a game without the joker is not "not in your hand": no deck holds it."""
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    with pytest.raises(tf.IllegalActionError, match=r": JK is not in this variant's deck \(legal"):
        state.apply(Play("JK"))


def test_hand_scores_advice_is_true_for_points_and_pool_games() -> None:
    """A turn-up hand takes no ``scores``; the advice names what is true of the game: a
    points game takes them in ``new_game``, a pool game keeps chips, not scores."""
    import inspect

    with pytest.raises(tf.InvalidArgumentError) as caught:
        tf.new_hand(tf.FORTY_FIVE, players=4, seed=3, scores=(1, 0, 0, 0))
    text = str(caught.value)
    assert "; scores are for the near-end rules of the bidding games (BIDDING.md" in text
    assert text.endswith(". In Forty-Five the scores decide only who wins the game (RULES.md "
                         "§2.3, §2.4): for a game's starting scores, use "
                         "tf.new_game(..., scores=...)")
    game = tf.new_game(tf.FORTY_FIVE, players=4, seed=3, scores=(1, 0, 0, 0))  # as advised
    assert game.scores == (1, 0, 0, 0)
    with pytest.raises(tf.InvalidArgumentError) as caught:
        tf.new_hand(tf.SPOIL_FIVE, players=4, seed=3, scores=(1, 0, 0, 0))
    text = str(caught.value)
    assert "new_game(..., scores=" not in text
    assert ". Spoil Five is a pool game: it keeps chips and a pool, not scores (RULES.md " \
        "§1.7), so scores mean nothing in its hand or its game" in text
    assert "takes no starting chips" in text
    with pytest.raises(tf.InvalidArgumentError):  # the game refuses them too
        tf.new_game(tf.SPOIL_FIVE, players=4, seed=3, scores=(1, 0, 0, 0))
    assert "chips" not in inspect.signature(tf.new_game).parameters
