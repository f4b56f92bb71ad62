"""The narrator (``trumpfamily.narrate``): events in words, one format for the command line
and the demo, masked for one seat with ``seen_by``.

The stacked hands below are written out line by line: the narration is the user-facing
text of ``trumpfamily play``, ``replay`` and the demo, so a change to it must be deliberate.
"""

from __future__ import annotations

import typing

import pytest

import trumpfamily as tf
from trumpfamily import events as ev
from trumpfamily.narrate import Narrator, Style, narrate


def _play(state: tf.HandState, *moves: str) -> tuple[tf.HandState, list[ev.Event]]:
    """Apply moves (``"rob 9S"``, ``"claim"``, a card) and collect every event."""
    told: list[ev.Event] = list(state.events)
    for move in moves:
        verb, _, card = move.partition(" ")
        action: tf.Action = (tf.Rob(card) if verb == "rob" else tf.Claim() if verb == "claim"
                             else tf.DeclineRob() if verb == "decline" else tf.Play(verb))
        state = state.apply(action)
        told += state.events
    return state, told


def _spoil_five_hand(robber: int) -> tuple[tf.HandState, list[ev.Event]]:
    """Spoil Five, 3 players, P0 deals, KD turned: ``robber`` holds AD, robs at his first
    turn discarding 9S (RULES.md §1.5, own-first-turn), wins three tricks and claims."""
    other = 3 - robber  # the other non-dealer
    deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=0, turn_up="KD",
                           hands={0: "2H 3H 4H 5S 6S", robber: "AD 9S 2C 3C 4C",
                                  other: "7H 8H 9H TS JS"})
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=0, deck=deck)
    if robber == 1:  # P1 leads
        return _play(state, "rob 9S", "AD", "7H", "2H", "KD", "8H", "3H", "2C", "TS", "5S",
                     "claim")
    return _play(state, "7H", "rob 9S", "AD", "2H", "KD", "3H", "8H", "2C", "5S", "TS",
                 "claim")


def test_a_stacked_hand_narrated_line_by_line() -> None:
    """RULES.md §1.5 (the rob, discard face down), §1.3 (tricks), §1.6 (the claim)."""
    _, told = _spoil_five_hand(robber=1)
    assert narrate(told, variant=tf.SPOIL_FIVE, players=3) == [
        "",
        "Hand: P0 deals, 3 players.",
        "  Hands: P0 2H 3H 4H 5S 6S; P1 AD 9S 2C 3C 4C; P2 7H 8H 9H TS JS",
        "  Turn-up KD: diamonds are trumps.",
        "  P1 robs: taking KD, discarding 9S face down.",
        "  Trick 1: P1 AD  P2 7H  P0 2H  -> P1 (1 trick)",
        "  Trick 2: P1 KD  P2 8H  P0 3H  -> P1 (2 tricks)",
        "  Trick 3: P1 2C  P2 TS  P0 5S  -> P1 (3 tricks)",
        "  P1 claims the pool after winning the first three tricks.",
        "  Tricks: P0 0, P1 3, P2 0.",
        "  P1 takes the pool by claiming.",
    ]


def test_narrated_to_a_seat_another_seats_discard_and_hand_do_not_appear() -> None:
    """The robber's discard is face down (RULES.md §1.5): told to seat 1, P2's rob names
    no card, and no other seat's dealt cards appear; told to P2 it is his own."""
    _, told = _spoil_five_hand(robber=2)
    to_one = narrate(told, variant=tf.SPOIL_FIVE, players=3, seat=1)
    assert to_one == [
        "",
        "Hand: P0 deals, 3 players.",
        "  Your hand: 7H 8H 9H TS JS",
        "  Turn-up KD: diamonds are trumps.",
        "  P2 robs: taking KD, discarding a card face down.",
        "  Trick 1: you 7H  P2 AD  P0 2H  -> P2 (1 trick)",
        "  Trick 2: P2 KD  P0 3H  you 8H  -> P2 (2 tricks)",
        "  Trick 3: P2 2C  P0 5S  you TS  -> P2 (3 tricks)",
        "  P2 claims the pool after winning the first three tricks.",
        "  Tricks: P0 0, you 0, P2 3.",
        "  P2 takes the pool by claiming.",
    ]
    assert not any(card in line for line in to_one for card in ("9S", "3C", "4C", "6S"))
    to_two = narrate(told, variant=tf.SPOIL_FIVE, players=3, seat=2)
    assert "  You rob: taking KD, discarding 9S face down." in to_two
    assert "  Your hand: AD 9S 2C 3C 4C" in to_two


def test_the_dealers_discard_for_a_turned_joker_is_his_alone() -> None:
    """RULES.md §2.8, EX-53: the dealer takes the turned-up joker, discarding face down;
    then the next card is turned, and an Ace there is his to rob (§1.5)."""
    variant = tf.FORTY_FIVE.with_options(joker="third")
    deck = tf.stacked_deck(variant, players=3, dealer=2, turn_up="JK", stock="AC",
                           hands={0: "KD 2D 3D 4D 5D", 2: "2H 3H 4H 5H 6H"})
    _, told = _play(tf.new_hand(variant, players=3, dealer=2, deck=deck), "rob 2H", "rob 3H")
    whole = narrate(told, variant=variant, players=3)
    assert whole[3:] == [
        "  Turn-up JK: the joker goes to the dealer; the next card turned decides trumps.",
        "  P2 takes the joker (JK), discarding 2H face down.",
        "  Turn-up AC: clubs are trumps.",
        "  P2 robs: taking AC, discarding 3H face down.",
    ]
    to_one = narrate(told, variant=variant, players=3, seat=1)
    assert "  P2 takes the joker (JK), discarding a card face down." in to_one
    assert not any("2H" in line or "3H" in line for line in to_one)


def test_the_dealer_keeps_a_turned_ace_and_a_holder_announces() -> None:
    """RULES.md §1.5: "I play these" (the dealer, an Ace turned) against announcing."""
    deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=0, turn_up="AS",
                           hands={0: "4D 2C 5S 9S AD"})
    state = tf.new_hand(tf.SPOIL_FIVE.with_options(fiving=False), players=2, dealer=0, deck=deck)
    _, told = _play(state, "decline")
    assert narrate(told, variant=state.variant, players=2, seat=0)[-1] == (
        '  You decline the turned-up Ace: "I play these".')
    deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=0, turn_up="KD",
                           hands={1: "AD 9S 2C 3C 4C"})
    _, told = _play(tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=0, deck=deck), "decline")
    assert narrate(told, variant=tf.SPOIL_FIVE, players=3)[-1] == (
        "  P1 announces the Ace of trumps without robbing.")


def test_every_event_type_has_words() -> None:
    """No event of the hand or the game is silently dropped (a Played card is told with
    its trick, by design)."""
    narrator = Narrator(tf.SPOIL_FIVE, 3)
    kinds = set(typing.get_args(ev.Event)) | set(typing.get_args(ev.GameEvent))
    assert kinds <= set(narrator._handlers), kinds - set(narrator._handlers)


def _game_told(variant: tf.Variant, players: int, seed: int, hands: int | None
               ) -> tuple[list[str], list[tf.GameState]]:
    """A bot game narrated; also each state that settled a hand (before the next deal)."""
    state = tf.new_game(variant, players=players, seed=seed, hands=hands)
    narrator = Narrator(variant, players)
    bots = [tf.RuleOfThumbPlayer() for _ in range(players)]
    lines = narrator.lines(state.events)
    settled = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)), seat)
        lines += narrator.lines(state.events)
        if any(isinstance(e, ev.HandScored) for e in state.events):
            settled.append(state)
    return lines, settled


def test_pool_game_standings_follow_the_game() -> None:
    """RULES.md §1.7: after each hand, its chips, the chips so far and the pool before the next
    deal's antes, as GameState keeps them; the game's end gives its own."""
    lines, settled = _game_told(tf.SPOIL_FIVE, 4, 3, hands=3)
    standings = [x.strip() for x in lines if x.strip().startswith("Chips this hand:")]
    expected = []
    for state in settled[:-1]:  # the last hand's: with the game over
        chips = [c + s for c, s in zip(state.chips, state.stakes)]  # before the next antes
        hand = state.outcomes[-1].chips
        assert hand is not None
        pool = state.pool - sum(state.stakes)
        expected.append("Chips this hand: "
                        + ", ".join(f"P{i} {n:+d}" for i, n in enumerate(hand))
                        + "; so far: " + ", ".join(f"P{i} {n:+d}" for i, n in enumerate(chips))
                        + f"; pool {pool}.")
    assert standings == expected
    end = settled[-1]
    assert lines[-3:] == ["", "Game over after 3 hands.", "Chips won or lost: "
                          + ", ".join(f"P{i} {n:+d}" for i, n in enumerate(end.chips))
                          + f"; pool {end.pool}."]
    antes = [x.strip() for x in lines if x.strip().startswith("Antes:")]
    assert antes[0] == "Antes: P0 2, P1 1, P2 1, P3 1; the pool holds 5 chips."
    assert len(antes) == 3


def test_points_game_scores_and_a_game_won_in_the_middle_of_a_hand() -> None:
    """RULES.md §2.3 [I], EX-68: the game ends the moment a side reaches the target."""
    variant = tf.TWENTY_FIVE.with_options(scoring="points")
    lines, settled = _game_told(variant, 4, 1, hands=None)
    final = settled[-1]
    assert not final.outcomes[-1].complete
    assert ("  That trick takes the game to the target: the rest of the hand is not played."
            in lines)
    assert lines[-2:] == ["Game over after 2 hands: P0 and P2 win the game.",
                          "Scores: P0+P2 25, P1+P3 15 (target 25)."]
    assert "  Scores: P0+P2 10, P1+P3 15 (target 25)." in lines


def test_fiving_is_told() -> None:
    """RULES.md §2.1.7 (6), EX-56: eldest asks, the dealer agrees, a new card is turned."""
    deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=0, turn_up="2C", stock="JC 9H")
    state = tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=0, deck=deck)
    told = list(state.events)
    for action in (tf.AskFive(), tf.AcceptFive()):
        state = state.apply(action)
        told += state.events
    lines = narrate(told, variant=tf.SPOIL_FIVE, players=2, seat=0)
    assert lines[-3:] == ["  P1 asks the dealer to five (turn up a new trump suit).",
                          "  You agree to five: 2C JC set aside.",
                          "  Turn-up 9H: hearts are trumps."]


def test_style_symbols_and_colour() -> None:
    card = tf.Card.parse("TD")
    assert Style(False).card(card) == "TD"
    assert Style(False, symbols=True).card(card) == "T♦"
    assert Style(False, symbols=True).suit(tf.Suit.DIAMONDS) == "♦ diamonds"
    assert Style(True).card(card) == "\033[31mT♦\033[0m"
    assert Style(True).card(tf.JK) == "\033[35mJK\033[0m"
    assert Style(True).cards(()) == "-"


# -- starting standings: a game started with scores, or resumed ---------------------------------

def _whole_story(state: tf.GameState) -> tuple[list[str], tf.GameState]:
    """A game told from its start, the first legal action always taken; and its end."""
    narrator = Narrator.for_game(state)
    lines = narrator.lines(state.events)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
        lines += narrator.lines(state.events)
    return lines, state


def test_a_game_started_with_scores_is_told_from_them() -> None:
    """RULES.md §2.4: the narrator counts from the starting scores, not from zero."""
    state = tf.new_game(tf.FORTY_FIVE, players=2, seed=3, scores=[20, 35])
    lines, final = _whole_story(state)
    scores = [x.strip() for x in lines if x.strip().startswith("Scores:")]
    assert scores[-1] == f"Scores: P0 {final.scores[0]}, P1 {final.scores[1]} (target 45)."
    assert all(int(x.split()[2].rstrip(",")) >= 20 for x in scores)


@pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.FORTY_FIVE], ids=["pool", "points"])
def test_a_resumed_game_is_told_as_the_whole_game_was(variant: tf.Variant) -> None:
    """A game rebuilt from its record in the middle of hand 3 and told from there (the
    hand so far, then the rest) reads as the whole game's story from that hand on."""
    from trumpfamily.cli._session import hand_so_far

    start = tf.new_game(variant, players=3, seed=5, hands=4)
    whole, _ = _whole_story(start)
    probe = start
    while probe.hand_number < 3:
        probe = probe.apply(probe.legal_actions()[0])
    for _ in range(4):
        probe = probe.apply(probe.legal_actions()[0])
    resumed = tf.replay_game(probe.record())
    narrator = Narrator.for_game(resumed)
    told = narrator.lines(hand_so_far(resumed))
    state = resumed
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
        told += narrator.lines(state.events)
    at = whole.index(told[1])  # "Hand 3: ..."
    assert whole[at - 1:] == told
    if variant.scoring.scoring == "pool":
        antes = next(x for x in told if x.startswith("  Antes:"))
        assert antes.endswith(f"the pool holds {resumed.pool} chips.")
    assert told[-2].startswith("Game over after ") and state.is_over


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"scores": [0, 0]}, "one int from 0 per side (3 sides)"),
    ({"scores": [0, -1, 0]}, "one int from 0 per side"),
    ({"scores": "000"}, "one int from 0 per side"),
    ({"chips": [1, 2]}, "one int per seat (3 seats)"),
    ({"chips": [1.0, 0, -1]}, "one int per seat"),
])
def test_starting_standings_are_checked(kwargs: dict[str, typing.Any], message: str) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Narrator(tf.FORTY_FIVE, 3, **kwargs)


def test_negative_chips_are_a_standing() -> None:
    """Chips are net amounts (antes paid are negative), so they may start below zero."""
    narrator = Narrator(tf.SPOIL_FIVE, 3, chips=[-2, 3, -1])
    assert narrator.standings(pool=0) == "Chips so far: P0 -2, P1 +3, P2 -1; pool 0."


def test_a_str_seed_is_shown_quoted_in_the_header() -> None:
    from trumpfamily.narrate import game_header

    header = game_header(tf.new_game(tf.SPOIL_FIVE, players=3, seed="friday night", hands=1))
    assert header == ["Spoil Five: 3 players, 1 hand, seed 'friday night'."]


# -- the bidding games (BIDDING.md) ----------------------------------------------------------

def _bidding_hand(variant: tf.Variant, calls: list[str], *, players: int = 4, dealer: int = 3,
                  **stack: typing.Any) -> tuple[typing.Any, list[typing.Any]]:
    """A stacked bidding hand: ``calls`` (in the action notation) applied, then the first
    legal action until the hand is over; every event collected."""
    from trumpfamily.bidding.engine import new_bidding_hand, stacked_bidding_deck

    deck = stacked_bidding_deck(variant, players=players, dealer=dealer, **stack)
    hand = new_bidding_hand(variant, players=players, dealer=dealer, deck=deck)
    told = list(hand.events)
    for call in calls:
        hand = hand.apply(tf.parse_action(call))
        told += hand.events
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[0])
        told += hand.events
    return hand, told


_NEWFOUNDLAND = {
    "hands": {0: "JH AH KC 7S 3D", 1: "2C 3C 4C 6C 7C", 2: "8C 9C TC QC KD", 3: "2S 3S 4S 6S 8S"},
    "kitty": "5H 9H 2D", "stock": "KH QH TH 9D 8D 7D 6D 5D 4D 2H 3H"}
_NEWFOUNDLAND_CALLS = ["bid 20", "pass", "pass", "bid 20", "bid 25", "pass", "trump H",
                       "discard 3D 7S KC 2D", "discard 2C 3C", "discard", "discard 2S 3S 4S"]


def test_a_bidding_hand_told_whole() -> None:
    """BIDDING.md §3.3-§3.6: the auction in one line with the dealer's hold, trumps, the
    kitty, each discard with its draw, the tricks, and the contract."""
    _, told = _bidding_hand(tf.NEWFOUNDLAND_120S, _NEWFOUNDLAND_CALLS, **_NEWFOUNDLAND)
    assert Narrator(tf.NEWFOUNDLAND_120S, 4).lines(told) == [
        "",
        "Hand: P3 deals, 4 players.",
        "  Hands: P0 JH AH KC 7S 3D; P1 2C 3C 4C 6C 7C; P2 8C 9C TC QC KD; P3 2S 3S 4S 6S 8S",
        "  Kitty: 3 cards face down.",
        ("  Auction: P0 20, P1 pass, P2 pass, P3 holds 20, P0 25, P3 pass -> P0 wins the "
        "auction at 25."),
        "  P0 names trumps: hearts.",
        "  P0 takes the kitty: 5H 9H 2D.",
        "  P0 discards KC 2D 3D 7S face down and draws KH.",
        "  P1 discards 2C 3C face down and draws QH TH.",
        "  P2 stands pat.",
        "  P3 discards 2S 3S 4S face down and draws 9D 8D 7D.",
        "  Trick 1: P1 4C  P2 8C  P3 6S  P0 JH  -> P0 (1 trick)",
        "  Trick 2: P0 AH  P1 QH  P2 9C  P3 8S  -> P0 (2 tricks)",
        "  Trick 3: P0 5H  P1 TH  P2 TC  P3 9D  -> P0 (3 tricks)",
        "  Trick 4: P0 9H  P1 6C  P2 QC  P3 8D  -> P0 (4 tricks)",
        "  Trick 5: P0 KH  P1 7C  P2 KD  P3 7D  -> P0 (5 tricks)",
        "  Tricks: P0 5, P1 0, P2 0, P3 0.",
        "  Points taken: P0+P2 30, P1+P3 0.",
        "  The best trump, 5H, was in trick 3: that trick scores double.",
        "  P0+P2 made the bid of 25.",
        "  Scored this hand: P0+P2 +30, P1+P3 +0.",
    ]


def test_a_bidding_hand_told_to_a_seat_hides_the_other_seats_cards() -> None:
    """BIDDING.md §3.4: the kitty only to its taker; of another seat's discard and draw,
    only how many cards."""
    _, told = _bidding_hand(tf.NEWFOUNDLAND_120S, _NEWFOUNDLAND_CALLS, **_NEWFOUNDLAND)
    lines = Narrator(tf.NEWFOUNDLAND_120S, 4, seat=1).lines(told)
    assert lines[2:11] == [
        "  Your hand: 2C 3C 4C 6C 7C",
        "  Kitty: 3 cards face down.",
        ("  Auction: P0 20, you pass, P2 pass, P3 holds 20, P0 25, P3 pass -> P0 wins the "
        "auction at 25."),
        "  P0 names trumps: hearts.",
        "  P0 takes the kitty (3 cards).",
        "  P0 discards 4 cards face down and draws 1 card.",
        "  You discard 2C 3C face down and draw QH TH.",
        "  P2 stands pat.",
        "  P3 discards 3 cards face down and draws 3 cards.",
    ]
    text = "\n".join(lines)
    for card in ("5H", "9H", "2D", "KC", "3D", "KH", "2S", "9D", "JH AH"):
        assert card not in text.partition("Trick 1")[0], card
    mine = Narrator(tf.NEWFOUNDLAND_120S, 4, seat=0).lines(told)
    assert "  You take the kitty: 5H 9H 2D." in mine
    assert "  You discard KC 2D 3D 7S face down and draw KH." in mine


def test_a_set_bid_a_throw_in_and_a_bagged_dealer() -> None:
    """BIDDING.md §3.6: a set side loses its bid; §3.3 B7: everybody passes (the hand is
    thrown in), or the dealer is bagged (option all_pass)."""
    _, told = _bidding_hand(tf.AUCTION_45, ["pass"] * 4)
    lines = Narrator(tf.AUCTION_45, 4).lines(told)
    assert lines[3:] == [("  Auction: P0 pass, P1 pass, P2 pass, P3 pass -> everybody passed: "
                         "the hand is thrown in.")]
    bag = tf.AUCTION_45.with_options(all_pass="bag-dealer")
    _, told = _bidding_hand(bag, ["pass"] * 3)
    assert ("  Auction: P0 pass, P1 pass, P2 pass -> P3 is bagged: everybody else passed, so "
            "the dealer plays 15.") in Narrator(bag, 4).lines(told)
    _, told = _bidding_hand(tf.AUCTION_45, ["bid 30"], hands={0: "2C 3C 4C 6C 7C"})
    lines = Narrator(tf.AUCTION_45, 4, seat=2).lines(told)
    assert any(x.startswith("  Auction: P0 30, P1 pass, you pass, P3 pass -> P0 wins the "
                            "auction at 30 (all five tricks).") for x in lines), lines
    assert "  P0+you are set: the bid was 30 (all five tricks)." in lines
    assert "  Scored this hand: P0+you -30, P1+P3 +" in "\n".join(lines)


def test_sealed_discards_are_told_without_their_count() -> None:
    """draw_order='simultaneous': every seat discards before any count is shown (EX-K08)."""
    rules = tf.AUCTION_45.with_options(draw_order="simultaneous")
    _, told = _bidding_hand(rules, ["bid 20", "pass", "pass", "pass", "trump C",
                                    "discard 2H", "discard", "discard", "discard"],
                            hands={0: "2H 3C 4C 6C 7C"})
    lines = Narrator(rules, 4, seat=1).lines(told)
    assert "  P0 discards face down." in lines
    assert "  P0 draws 1 card." in lines
    assert "  You stand pat." in lines


def test_a_bidding_game_is_told_from_scores_below_zero() -> None:
    """BIDDING.md §3.6: a set subtracts, so a bidding game's standings may be negative."""
    state = tf.new_game(tf.AUCTION_45, players=4, seed=1, scores=[-30, 60])
    assert Narrator.for_game(state).standings() == "Scores: P0+P2 -30, P1+P3 60 (target 120)."
    with pytest.raises(tf.InvalidArgumentError, match="one int from 0 per side"):
        Narrator(tf.FORTY_FIVE, 2, scores=[-5, 0])


def test_a_bidding_game_told_by_the_narrator_keeps_the_game_scores() -> None:
    """The running scores are the hands' gains (HandScored), as GameState keeps them."""
    state = tf.new_game(tf.AUCTION_45, players=4, seed=3, hands=3)
    narrator = Narrator.for_game(state)
    bots = [tf.RuleOfThumbPlayer() for _ in range(4)]
    lines = narrator.lines(state.events)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)), seat)
        lines += narrator.lines(state.events)
    assert narrator.standings() == (f"Scores: P0+P2 {state.scores[0]}, P1+P3 {state.scores[1]} "
                                    "(target 120).")
    assert lines[-1] == narrator.standings()


def test_a_secret_bar_settled_at_a_claim_is_told_as_the_spoil_it_is() -> None:
    """RULES.md §1.5, EX-51: a silent holder's claim shows his bar, and the hand is a spoil
    because he may not win the pool, not because nobody took three tricks."""
    v = tf.TWENTY_FIVE.with_options(rob_timing="own-first-turn")
    deck = tf.stacked_deck(v, players=3, dealer=0, turn_up="6S",
                           hands={1: "5S JS KS AS 9C", 2: "2D 3D 4D 2C 3C", 0: "5D 6D 7D 4C 5C"})
    st = tf.new_hand(v, players=3, dealer=0, deck=deck)
    for card in ["5S", "2D", "5D", "JS", "3D", "6D", "KS", "4D", "7D"]:
        st = st.apply(tf.Play(card), seat=st.to_act)
    st = st.apply(tf.Claim())
    assert st.outcome.spoil and st.outcome.claimed and st.outcome.winner is None
    lines = narrate(st.events, variant=v, players=3)
    assert lines[-1] == "  Spoil: P1 claimed but was barred from the pool; the pool carries."
