"""The fast paths of issue 10 for dealing a turn-up hand from an int seed and for reading a
pool hand's outcome must change no value.

* ``new_hand(variant, players=, dealer=, seed=<int>)`` shuffles with ``seeded_shuffle`` and
  shares the opening (phase, seat to act, status) of equal (turn-up, Ace holder) deals.
  Its reference: the deck shuffled by ``random.Random(seed).shuffle`` and dealt through
  ``new_hand(..., deck=deck)``, which sets each hand up on its own (``_first_opening``).
* ``HandState.outcome`` of a pool hand without partnerships or barred seats is built
  directly. Its reference: the full computation ``HandState._make_outcome()``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import trumpfamily as tf
from trumpfamily import engine
from trumpfamily.dealing import seeded_shuffle

PRESETS = tuple(tf.VARIANTS.values())

#: The options the deal and the opening read (besides the rank and reneging options of
#: ``strategies.variants``, which shape the play contexts in the status).
DEAL_OPTIONS: dict[str, tuple[Any, ...]] = {
    "joker": ("none", "third", "fourth"),
    "robbing": (True, False),
    "holder_rob": ("may-announce", "may", "must"),
    "dealer_rob": ("must", "may"),
    "unrobbed_ace": ("lowest-unless-announced", "lowest", "cannot-win",
                     "lowest-and-cannot-win", "none"),
    "rob_timing": ("own-first-turn", "before-lead"),
    "fiving": (True, False),
    "deal_packets": ("3-2", "2-3", "4-1", "1-4"),
    "partnerships": ("none", "pairs", "threes", "pairs-at-four", "two-sides-or-alone",
                     "pairs-or-alone"),
    "scoring": ("pool", "points"),
    "jinking": (True, False),
    "tricks_to_win": (None, 2, 3, 4),
    "renege_cards": ("5-J-AH", "5"),
    "plain_lead": ("follow-or-trump", "follow", "free"),
}


def reference_deck(variant: tf.Variant, seed: int) -> list[tf.Card]:
    """The deck ``new_hand`` dealt from ``seed`` before the fast path: the standard
    library's shuffle of the variant's deck."""
    cards = list(variant.ranking.deck())
    random.Random(seed).shuffle(cards)
    return cards


def status_fields(state: tf.HandState) -> tuple[Any, ...]:
    """Every field of the internal status, those left out of its equality included."""
    status = state._status
    return tuple(getattr(status, f.name) for f in dataclasses.fields(status))


def check_deal(variant: tf.Variant, players: int, dealer: int, seed: int) -> tf.HandState:
    """Deal ``seed`` by the fast path and by the reference; they must be the same hand."""
    fast = tf.new_hand(variant, players=players, dealer=dealer, seed=seed)
    deck = reference_deck(variant, seed)
    slow = tf.new_hand(variant, players=players, dealer=dealer, deck=deck)
    where = (variant, players, dealer, seed)
    assert fast.deck == tuple(deck), where
    assert fast.hands == slow.hands, where
    assert (fast.phase, fast.to_act, fast.leader) == (slow.phase, slow.to_act, slow.leader), where
    assert fast.turn_up == slow.turn_up and fast.trump == slow.trump, where
    assert status_fields(fast) == status_fields(slow), where
    assert fast == slow and hash(fast) == hash(slow), where
    assert fast.legal_actions() == slow.legal_actions(), where
    assert fast.events == slow.events, where
    for seat in range(players):
        assert fast.view(seat) == slow.view(seat), (where, seat)
    return fast


def counts(variant: tf.Variant) -> range:
    return range(variant.table.min_players, variant.table.max_players + 1)


def allowed(variant: tf.Variant, players: int) -> bool:
    try:
        tf.new_hand(variant, players=players, deck=variant.ranking.deck())
    except tf.PlayerCountError:
        return False
    return True


def test_seeded_shuffle_is_random_shuffle() -> None:
    seeds = [*range(300), -1, -12345, 2**64 - 1, 2**64 + 7, 2**200 + 3, -(2**90)]
    for size in (2, 52, 53, 64):
        for seed in seeds:
            expected = list(range(size))
            random.Random(seed).shuffle(expected)
            assert seeded_shuffle(list(range(size)), seed) == expected, (size, seed)


@pytest.mark.parametrize("seed", [True, 1.0, "7", None])
def test_seeded_shuffle_refuses_a_seed_that_is_not_an_int(seed: Any) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="takes an int seed"):
        seeded_shuffle([1, 2, 3], seed)


def test_seeded_shuffle_refuses_more_than_64_cards() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="at most 64 cards, got 65"):
        seeded_shuffle(list(range(65)), 1)


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_every_seating_deals_as_the_reference(variant: tf.Variant) -> None:
    """Every allowed player count and dealer: many seeds, so that the shared openings are
    met again by later deals (the first deal of each fills the table)."""
    dealt = 0
    for players in counts(variant):
        if not allowed(variant, players):
            continue
        for dealer in range(players):
            for seed in range(40 if players > 2 else 150):
                check_deal(variant, players, dealer, seed * 7919 + dealer)
                dealt += 1
        # the fast path was taken (the table is bounded: the last seating is still in it)
        assert (id(variant), players, players - 1) in engine._DEALINGS
    assert dealt >= 1000


def test_the_spoil_five_table_deals_as_the_reference() -> None:
    """One busy seating: about every turn-up with every Ace holder is met again."""
    for seed in range(3000):
        check_deal(tf.SPOIL_FIVE, 5, seed % 5, seed)


@st.composite
def overlays(draw: st.DrawFn) -> tuple[tf.Variant, int, int]:
    """A preset with a random overlay of the options the deal reads, a player count the
    variant allows and a dealer."""
    base = draw(st.sampled_from(PRESETS))
    chosen = {
        name: draw(st.sampled_from(values))
        for name, values in DEAL_OPTIONS.items()
        if draw(st.booleans())
    }
    try:
        variant = base.with_options(**chosen)
    except tf.InvalidVariantError:
        assume(False)
    players = draw(st.sampled_from(counts(variant)))
    assume(allowed(variant, players))
    return variant, players, draw(st.integers(0, players - 1))


#: The overlay properties below check 30 deals or 12 whole hands per drawn overlay, so half
#: the profile's examples (100 overlays in CI, 3,000 deals and 1,200 hands) already cover
#: every option value many times over; the full count made them two of the suite's
#: slowest tests.
OVERLAY_EXAMPLES = settings(max_examples=max(10, settings().max_examples // 2))


@OVERLAY_EXAMPLES
@given(overlays(), st.integers(-(2**70), 2**70))
def test_option_overlays_deal_as_the_reference(deal: tuple[tf.Variant, int, int], start: int) -> None:
    variant, players, dealer = deal
    for seed in range(start, start + 30):
        check_deal(variant, players, dealer, seed)


@given(overlays(), st.integers(0, 2**32))
def test_a_hand_played_from_either_deal_stays_the_same(
    deal: tuple[tf.Variant, int, int], seed: int
) -> None:
    """Both deals played with the same random choices: equal states all the way, and the
    same outcome."""
    variant, players, dealer = deal
    fast = check_deal(variant, players, dealer, seed)
    slow = tf.new_hand(variant, players=players, dealer=dealer, deck=fast.deck)
    bot = tf.RandomPlayer(seed=seed)
    while not fast.is_over:
        seat = fast.to_act
        assert seat is not None
        action = bot.choose(fast.view(seat))
        fast, slow = fast.apply(action), slow.apply(action)
        assert fast == slow and status_fields(fast) == status_fields(slow)
    assert slow.is_over and fast.outcome == slow.outcome == fast._make_outcome()


def play_out(variant: tf.Variant, players: int, dealer: int, seed: int) -> tf.HandState:
    bots = [tf.RandomPlayer(seed=seed * 31 + seat) for seat in range(players)]
    state = tf.new_hand(variant, players=players, dealer=dealer, seed=seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)))
    return state


def check_outcome(state: tf.HandState) -> tf.HandOutcome:
    """The outcome read from the state is the full computation's, field by field."""
    outcome = state.outcome
    expected = state._make_outcome()
    assert outcome is not None
    assert attrs.asdict(outcome, recurse=False) == attrs.asdict(expected, recurse=False), (
        state.variant, state.players, state.dealer, state.deck)
    assert outcome == expected
    return outcome


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_outcomes_are_the_full_computations(variant: tf.Variant) -> None:
    ends: set[tuple[bool, bool, bool, bool]] = set()
    for players in counts(variant):
        if not allowed(variant, players):
            continue
        for seed in range(60):
            outcome = check_outcome(play_out(variant, players, seed % players, seed))
            ends.add((outcome.spoil, outcome.claimed, outcome.jink_tried, outcome.all_five is None))
    if variant.scoring.scoring == "pool":
        assert len(ends) >= 3  # wins and spoils, claims or jinks


def test_the_common_pool_outcome_does_not_take_the_full_computation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Spoil Five (each seat for himself, no bar) reads its outcome on the fast path; a
    points game (Forty-Five) and a partnership (Twenty-Five at four) do not."""
    hands = {(v, n): play_out(v, n, 0, 5) for v, n in
             [(tf.SPOIL_FIVE, 5), (tf.FORTY_FIVE, 4), (tf.TWENTY_FIVE, 4)]}
    expected = {key: state._make_outcome() for key, state in hands.items()}

    def refuse(self: tf.HandState) -> tf.HandOutcome:
        raise AssertionError("the full computation")

    monkeypatch.setattr(tf.HandState, "_make_outcome", refuse)
    assert hands[(tf.SPOIL_FIVE, 5)].outcome == expected[(tf.SPOIL_FIVE, 5)]
    for key in [(tf.FORTY_FIVE, 4), (tf.TWENTY_FIVE, 4)]:
        with pytest.raises(AssertionError, match="the full computation"):
            hands[key].outcome  # noqa: B018


@OVERLAY_EXAMPLES
@given(overlays(), st.integers(0, 2**32))
def test_outcomes_under_option_overlays_are_the_full_computations(
    deal: tuple[tf.Variant, int, int], seed: int
) -> None:
    variant, players, dealer = deal
    for k in range(12):
        check_outcome(play_out(variant, players, dealer, seed + k))


def test_outcomes_with_barred_seats_and_jinks_are_the_full_computations() -> None:
    """The rarer ends: a barred holder of the Ace (``cannot-win``), claims and jinks."""
    variant = tf.SPOIL_FIVE.with_options(unrobbed_ace="cannot-win", holder_rob="may")
    barred = jinked = claimed = 0
    for seed in range(1500):
        outcome = check_outcome(play_out(variant, 3, seed % 3, seed))
        barred += bool(outcome.barred)
        jinked += outcome.jink_tried
        claimed += outcome.claimed
    assert barred and jinked and claimed


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": True, "dealer": 1, "seed": 3}, tf.PlayerCountError),
        ({"players": 2, "dealer": True, "seed": 3}, tf.PlayerCountError),
        ({"players": 2.0, "dealer": 1, "seed": 3}, tf.PlayerCountError),
        ({"players": 2, "dealer": 2, "seed": 3}, tf.PlayerCountError),
        ({"players": 2, "dealer": 1, "seed": True}, tf.InvalidArgumentError),
        ({"players": 2, "dealer": 1, "seed": 1.5}, tf.InvalidArgumentError),
        ({"players": 2, "dealer": 1, "seed": 3, "commit": "yes"}, tf.InvalidArgumentError),
        ({"players": 2, "dealer": 1, "seed": 3, "deck": "AS KS"}, tf.InvalidDeckError),
    ],
)
def test_bad_input_is_refused_alike_with_and_without_the_fast_path(
    kwargs: dict[str, Any], error: type[Exception]
) -> None:
    engine._DEALINGS.clear()
    with pytest.raises(error) as cold:
        tf.new_hand(tf.SPOIL_FIVE, **kwargs)
    tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, seed=0)
    assert (id(tf.SPOIL_FIVE), 2, 1) in engine._DEALINGS
    with pytest.raises(error) as warm:
        tf.new_hand(tf.SPOIL_FIVE, **kwargs)
    assert str(warm.value) == str(cold.value)


def test_a_committed_or_unseeded_deal_keeps_the_general_path() -> None:
    """``commit`` and str, bytes or no seed: the same deck as the standard library's."""
    committed = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=11, commit=bytes(16))
    assert committed.deck == tuple(reference_deck(tf.SPOIL_FIVE, 11))
    assert committed.commitment is not None
    assert committed.hands == tf.new_hand(tf.SPOIL_FIVE, players=3, seed=11).hands
    for seed in ("eleven", b"eleven"):
        cards = list(tf.SPOIL_FIVE.ranking.deck())
        random.Random(seed).shuffle(cards)
        assert tf.new_hand(tf.SPOIL_FIVE, players=3, seed=seed).deck == tuple(cards)
    by_name = tf.new_hand("spoil five", players=3, seed=11)
    assert by_name == tf.new_hand(tf.SPOIL_FIVE, players=3, seed=11)


def test_the_table_of_seatings_stays_bounded() -> None:
    """Dealing at more seatings than the table holds (here 2-10 players, every dealer, two
    presets) keeps it at its bound, and every deal is still the reference deal."""
    for variant in (tf.SPOIL_FIVE, tf.FORTY_FIVE):
        for players in counts(variant):
            if not allowed(variant, players):
                continue
            for dealer in range(players):
                check_deal(variant, players, dealer, 11 * players + dealer)
                assert len(engine._DEALINGS) <= engine._MAX_DEALINGS
    assert len(engine._DEALINGS) >= 1
