"""Adversarial review of issue 20's bidding-game features (the deal sampler on a
``BiddingView``, the bidding solver, ``simulate`` and tournaments of whole games).

Each test pins a problem found in review: it fails on the code before the fix.

* Hostile views (docs/howto/game-server.rst, "Untrusted input: the policy"): a tampered
  ``BiddingView`` given to ``count_deals``, ``sample_deal(s)``, ``constraints`` and
  ``weighted_deals`` is refused with the library's own errors, in bounded time and with a
  bounded message, whatever its fields hold (a field of the wrong type, a card list of a
  hundred thousand cards, a value nested a million deep, which Python cannot even hash
  without crashing).
* Bad arguments (a huge int, which Python will not even print) to ``solve``,
  ``weighted_deals``, ``simulate``, ``tournament`` and ``duplicate_game`` are refused with
  ``InvalidArgumentError``, never a bare ``ValueError``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.errors import MAX_MESSAGE
from trumpfamily.outcomes import GameContext
from trumpfamily.search import constraints, count_deals, sample_deal, sample_deals, weighted_deals

C = tf.Card.parse
HUGE = 10**5000  # an int Python refuses to print (more than 4,300 digits)


def _deep(depth: int) -> tuple[Any, ...]:
    value: tuple[Any, ...] = ()
    for _ in range(depth):
        value = (value,)
    return value


def _a_view() -> tf.BiddingView:
    """Seat 1's view of a 4-player Auction Forty-Fives hand with a kitty, in the play
    after one trick (every field filled in)."""
    variant = tf.AUCTION_45.with_options(kitty=3)
    state = tf.new_bidding_hand(variant, players=4, dealer=3, seed=7)
    rot = tf.RuleOfThumbPlayer()
    while not (state.phase is tf.Phase.PLAY and len(state.tricks) == 1):
        state = state.apply(rot.choose(state.view(state.to_act)))
    return state.view(1)


CALLS: list[tuple[str, Callable[[Any], object]]] = [
    ("count_deals", count_deals),
    ("sample_deal", lambda v: sample_deal(v, rng=1)),
    ("sample_deals", lambda v: sample_deals(v, 2, rng=1)),
    ("constraints", constraints),
    ("weighted_deals", lambda v: weighted_deals(v, 1, rng=1)),
]

#: Values of the wrong kind for any field.
JUNK: list[tuple[str, Any]] = [
    ("None", None), ("True", True), ("float", 1.5), ("huge int", HUGE), ("text", "x" * 100_000),
    ("list", [1]), ("nested list", [[C("AH")]]), ("dict", {"a": 1}), ("card", C("AH")),
    ("suit", tf.Suit.HEARTS), ("object", object()), ("tuple of None", (None,)),
    ("tuple of lists", ([],)), ("many cards", (C("AH"),) * 100_000),
    ("deep tuple", _deep(10_000)),  # a million deep: in a child process (below)
]


def _refused_quickly(call: Callable[[Any], object], view: Any) -> None:
    start = time.process_time()
    try:
        call(view)
    except tf.TrumpFamilyError as error:
        assert len(str(error)) <= MAX_MESSAGE + 100
    assert time.process_time() - start < 1.0


@pytest.mark.parametrize("field", tf.BiddingView._fields)
def test_a_field_of_the_wrong_kind_is_refused(field: str) -> None:
    view = _a_view()
    for label, junk in JUNK:
        bad = view._replace(**{field: junk})
        for name, call in CALLS:
            try:
                _refused_quickly(call, bad)
            except Exception as error:  # pragma: no cover - the failure's report
                raise AssertionError(f"{field}={label}, {name}: {type(error).__name__}: "
                                     f"{str(error)[:200]}") from error


def test_a_value_nested_a_million_deep_is_refused_without_crashing() -> None:
    """hash() of a tuple nested a million deep overflows the C stack (a segfault, not an
    exception); the sampler hashed the view (its cache) before reading it. Run in a child
    process, so that a crash fails this test instead of killing the run."""
    import subprocess
    import sys

    code = (
        "import trumpfamily as tf\n"
        "from trumpfamily.search import count_deals\n"
        "v = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=7).view(1)\n"
        "deep = ()\n"
        "for _ in range(1_000_000):\n"
        "    deep = (deep,)\n"
        "for field in ('auction', 'legal_actions', 'sides', 'commitment', 'game'):\n"
        "    try:\n"
        "        count_deals(v._replace(**{field: deep}))\n"
        "    except tf.InvalidArgumentError:\n"
        "        pass\n"
        "print('refused')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "refused"), done.stderr[-500:]


def _robbing_views() -> tuple[tf.BiddingView, tf.BiddingView]:
    """A 4-player Auction Forty-Fives hand with ``rob_pack``, the dealer (seat 3) after
    taking two cards from the pack: his own view and seat 0's."""
    variant = tf.AUCTION_45.with_options(rob_pack=True)
    for seed in range(200):
        rng = random.Random(seed)
        state = tf.new_bidding_hand(variant, players=4, dealer=3, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase is tf.Phase.DRAW and state.to_act == 3 and isinstance(
                    legal[0], tf.Discard):
                action = max(legal, key=lambda d: len(d.cards))  # type: ignore[union-attr]
            else:
                action = rng.choice(legal)
            state = state.apply(action)
            if sum(t.kind == "Take" for t in state.history) == 2:
                return state.view(3), state.view(0)
    raise AssertionError("no hand")  # pragma: no cover


def test_a_take_given_twice_is_refused() -> None:
    """A hidden take (or the robbing dealer's own take) repeated in the history raised a
    bare IndexError or StopIteration while the sampler replayed it."""
    for view in _robbing_views():
        assert count_deals(view) >= 1
        at = next(i for i, t in enumerate(view.history) if t.kind == "Take")
        twice = view._replace(history=view.history[:at + 1] + view.history[at:])
        for _, call in CALLS:
            with pytest.raises(tf.InvalidArgumentError, match="take"):
                call(twice)
        moved = view.history[at]._replace(seat=0)
        for _, call in CALLS:
            with pytest.raises(tf.InvalidArgumentError, match="take"):
                call(view._replace(history=view.history[:at] + (moved,) + view.history[at + 1:]))


def _a_play_hand() -> tf.BiddingHand:
    state = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=7)
    rot = tf.RuleOfThumbPlayer()
    while state.phase is not tf.Phase.PLAY:
        state = state.apply(rot.choose(state.view(state.to_act)))
    return state


@pytest.mark.parametrize("value", [HUGE, -HUGE], ids=["huge", "-huge"])
def test_a_huge_int_argument_is_refused_by_the_library(value: int) -> None:
    """A message quoted a bad argument with repr(), which raises ValueError for an int of
    more than 4,300 digits: the refusal itself broke the policy."""
    from trumpfamily.search import BestResponseOracle, ParanoidOracle, solve
    from trumpfamily.tournament import duplicate_game

    state = _a_play_hand()
    view = state.view(0)
    calls: list[Callable[[], object]] = [
        lambda: solve(state, 0, objective=value),  # type: ignore[arg-type]
        lambda: solve(state, 0, all_values=value),  # type: ignore[arg-type]
        lambda: weighted_deals(view, 1, epsilon=value),
        lambda: list(tf.simulate(tf.AUCTION_45, players=4, hands=2, record=value)),  # type: ignore[arg-type]
        lambda: tf.tournament(["random", "rule-of-thumb"], tf.AUCTION_45, deals=2,
                              unit=value, executor="serial"),  # type: ignore[arg-type]
        lambda: tf.tournament(["random", "rule-of-thumb"], tf.AUCTION_45, deals=2,
                              unit="game", duplicate=value, executor="serial"),  # type: ignore[arg-type]
        lambda: duplicate_game(tf.AUCTION_45, players=4, seed=1, game=-abs(value), hands=2),
        lambda: BestResponseOracle().choose_state(state, value),
    ]
    if value < 0:
        calls += [
            lambda: solve(state, 0, max_nodes=value),
            lambda: weighted_deals(view, value),
            lambda: list(tf.simulate(tf.AUCTION_45, players=4, hands=value)),
            lambda: tf.tournament(["random", "rule-of-thumb"], tf.AUCTION_45, deals=value,
                                  executor="serial"),
            lambda: tf.tournament(["random", "rule-of-thumb"], tf.AUCTION_45, deals=2,
                                  unit="game", max_hands=value, executor="serial"),
            lambda: duplicate_game(tf.AUCTION_45, players=4, seed=1, game=1, hands=value),
            lambda: ParanoidOracle(max_nodes=value),
        ]
    for k, call in enumerate(calls):
        with pytest.raises(tf.TrumpFamilyError, match="digits") as info:
            call()
        assert len(str(info.value)) < 1000, k


def test_an_oracle_is_not_given_true_for_a_seat() -> None:
    from trumpfamily.search import BestResponseOracle

    state = _a_play_hand().apply(tf.Play("AH"))
    assert state.to_act == 1
    with pytest.raises(tf.InvalidArgumentError, match="seat=True"):
        BestResponseOracle().choose_state(state, True)


def test_a_hand_dealt_with_scores_is_sampled_at_its_scores() -> None:
    """``tf.new_bidding_hand(..., scores=)`` applies the near-end rules (here seat 0's
    side, at 105, must bid 20 or more: ``min_bid_near_end=(100, 20)``); its views show the
    scores (``view.game``), so the sampler deals every seat's samples at them (it refused
    seat 0's own view before, its legal actions differing at 0-0, and gave the other
    seats samples at 0-0)."""
    variant = tf.AUCTION_45.with_options(min_bid_near_end=(100, 20))
    hand = tf.new_bidding_hand(variant, players=4, dealer=3, seed=1, scores=(105, 20))
    assert tf.Bid(15) not in hand.legal_actions()
    assert hand.view(2).game == GameContext(1, None, (105, 20), 120, None, None)
    for seat in range(4):
        assert sample_deal(hand.view(seat), rng=1).scores == (105, 20)
    assert tf.new_bidding_hand(variant, players=4, dealer=3, seed=1).view(0).game is None


# -- the same for a turn-up game's SeatView ---------------------------------------------

def _a_seat_view() -> tf.SeatView:
    """Seat 1's view of a 4-player Spoil Five hand after a rob and one trick (the table
    filled in: history, tricks, counts, sides, the turn-up)."""
    for seed in range(200):
        state = tf.new_hand(tf.SPOIL_FIVE, players=4, dealer=3, seed=seed)
        rot = tf.RuleOfThumbPlayer()
        while not state.is_over and len(state.tricks) < 1:
            state = state.apply(rot.choose(state.view(state.to_act)))
        if not state.is_over and state.to_act == 1 and state.view(1).robbed_by is not None:
            return state.view(1)
    raise AssertionError("no hand")  # pragma: no cover


SEAT_CALLS: list[tuple[str, Callable[[Any], object]]] = [
    ("count_deals", count_deals),
    ("sample_deal", lambda v: sample_deal(v, rng=1)),
    ("sample_deals", lambda v: sample_deals(v, 2, rng=1)),
    ("constraints", constraints),
]


def test_the_seat_view_is_sampled_as_it_stands() -> None:
    view = _a_seat_view()
    assert count_deals(view) >= 1
    assert sample_deal(view, rng=1).view(1) == view


#: Junk that is a value of the field's type (so a later check refuses it, by what it
#: contradicts): the view has a rob, and a Card turned up changes the trump suit.
WELL_TYPED = {("robbed_by", "None"), ("turned_up", "card")}


@pytest.mark.parametrize("field", tf.SeatView._fields)
def test_a_seat_view_field_of_the_wrong_kind_is_refused(field: str) -> None:
    """A tampered ``SeatView`` raised a bare TypeError (``hand=None``), an AttributeError
    or a ValueError (a huge int quoted with repr()), or took quadratic time; or it was
    refused only after a replay, by a message that did not name the field."""
    view = _a_seat_view()
    for label, junk in JUNK:
        if junk is None and getattr(view, field) is None:
            continue  # the field's own value
        bad = view._replace(**{field: junk})
        for name, call in SEAT_CALLS:
            try:
                _refused_quickly(call, bad)
                try:
                    call(bad)
                except tf.InvalidArgumentError as refusal:
                    assert field in str(refusal) or (field, label) in WELL_TYPED
                else:  # constraints() replays nothing: a well-typed value may pass it
                    assert name == "constraints", "not refused"
            except Exception as error:  # pragma: no cover - the failure's report
                raise AssertionError(f"{field}={label}, {name}: {type(error).__name__}: "
                                     f"{str(error)[:200]}") from error


def test_a_seat_view_nested_a_million_deep_is_refused_without_crashing() -> None:
    """As for a BiddingView (above): the turn-up sampler's plan cache hashed the view."""
    import subprocess
    import sys

    code = (
        "import trumpfamily as tf\n"
        "from trumpfamily.search import constraints, count_deals, sample_deal, sample_deals\n"
        "v = tf.new_hand(tf.SPOIL_FIVE, players=4, dealer=3, seed=7).view(1)\n"
        "deep = ()\n"
        "for _ in range(1_000_000):\n"
        "    deep = (deep,)\n"
        "calls = (count_deals, constraints, lambda v: sample_deal(v, rng=1),\n"
        "         lambda v: sample_deals(v, 1, rng=1))\n"
        "for field in ('hand', 'history', 'legal_actions', 'sides', 'barred', 'commitment',\n"
        "              'game'):\n"
        "    for call in calls:\n"
        "        try:\n"
        "            call(v._replace(**{field: deep}))\n"
        "        except tf.InvalidArgumentError:\n"
        "            pass\n"
        "print('refused')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "refused"), done.stderr[-500:]


@pytest.mark.parametrize(("field", "value", "words"), [
    ("hand", None, "hand=None: expected a tuple of at most 53 cards"),
    ("players", HUGE, "players=<an int of 5001 digits>: Spoil Five is played by 2 to 10"),
    ("turned_up", None, "turned_up=None: expected Card"),
    ("barred", (1,), "barred=(1,): expected a tuple of Barred entries"),
], ids=["hand", "players", "turned_up", "barred"])
def test_a_seat_view_refusal_names_the_field(field: str, value: Any, words: str) -> None:
    bad = _a_seat_view()._replace(**{field: value})
    for _, call in SEAT_CALLS:
        with pytest.raises(tf.InvalidArgumentError) as info:
            call(bad)
        assert words in str(info.value)
        assert "HandState.view(seat)" in str(info.value)
