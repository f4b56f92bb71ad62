"""The bidding games' fast path of ``tf.simulate`` against the reference engine
(``trumpfamily._simulate_bidding``; BIDDING.md §§2–6).

The differential test: ``_simulate`` plays seeded hands on ids and traces every decision
(seat, phase, the legal choices it offers, the choice); each hand is then replayed on the
engine (``tf.new_hand`` with the record's deck and dealer, ``BiddingHand.apply``) and
compared decision by decision: the seat to act, the phase, the legal actions in the
engine's order (a ``Discard`` as its card mask, every other action as its id), and at the
end the outcome, the record and ``tf.replay``. With fast bots, every spot a bot is given
is compared field by field with the spot of the engine's view of that seat, so the spots
show exactly what the views show (and hide what they hide). Every bidding preset at every
table size it deals (``variant.player_counts()``), random option overlays
(``biddingkit.bidding_variants``), the default bots, ``RandomBot`` and
``RuleOfThumbBot``. The bots are bound to the engine players separately: the same seeds,
or the rule of thumb, played by the engine with ``RandomPlayer`` / ``RuleOfThumbPlayer``
on the same decks, give the same actions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from biddingkit import PRESETS, bidding_variants, redeal, seen_cards
from hypothesis import given, settings
from hypothesis import strategies as st

import trumpfamily as tf
from trumpfamily._simulate_bidding import BiddingSpot, spot_from_view
from trumpfamily.simulate import _bidding_bots, _simulate


class Recorder:
    """A fast bot that keeps a copy of every spot it is given, then asks ``inner``."""

    def __init__(self, inner: Any, spots: list[dict[str, Any]]) -> None:
        self.inner = _bidding_bots([inner], 1)[0][0]  # type: ignore[index]  # its bidding form
        self.spots = spots

    def act(self, spot: BiddingSpot) -> int:
        self.spots.append(spot.as_dict())
        return self.inner.act(spot)  # type: ignore[no-any-return]

    def discard(self, spot: BiddingSpot) -> int:
        self.spots.append(spot.as_dict())
        return self.inner.discard(spot)  # type: ignore[no-any-return]


def _code(action: tf.Action) -> int:
    if isinstance(action, tf.Discard):
        return sum(c.bit for c in action.cards)
    return tf.action_id(action)


def _next_dealer(variant: tf.Variant, dealer: int, players: int, out: tf.HandOutcome,
                 in_a_row: int) -> tuple[int, int]:
    if not out.thrown_in:
        return (dealer + 1) % players, 0
    nxt = tf.bidding.after_throw_in(variant.bidding, dealer=dealer, players=players,
                                    in_a_row=in_a_row)
    return nxt.dealer, nxt.in_a_row


def check_against_engine(variant: tf.Variant, players: int, hands: int, seed: Any, *,
                         dealer: int = 0, bots: list[Any] | None = None
                         ) -> list[dict[str, Any]]:
    """Simulate ``hands`` hands and replay each on the engine decision by decision (see the
    module docstring); returns the records."""
    steps: list[tuple[int, tf.Phase, tuple[int, ...], int]] = []
    spots: list[dict[str, Any]] = []
    if bots is not None:
        bots = [Recorder(bot, spots) for bot in bots]
    records = []
    expected_dealer, in_a_row = dealer, 0
    for outcome, record in _simulate(
            variant, players=players, hands=hands, seed=seed, dealer=dealer, bots=bots,
            record=True, trace=lambda *step: steps.append(step)):
        assert record["dealer"] == expected_dealer
        state = tf.new_hand(variant, players=players, dealer=record["dealer"],
                            deck=record["deck"])
        assert len(steps) == len(record["actions"])
        if bots is not None:
            assert len(spots) == len(steps)
        for k, (seat, phase, legal, chosen) in enumerate(steps):
            assert (state.to_act, state.phase) == (seat, phase), (k, record)
            offered = state.legal_actions()
            assert legal == tuple(_code(a) for a in offered), (k, record)
            if bots is not None:
                want = spot_from_view(state.view(seat)).as_dict()
                diff = {f: (spots[k][f], want[f]) for f in want if spots[k][f] != want[f]}
                assert not diff, (k, seat, diff, record)
            state = state.apply(offered[legal.index(chosen)])
        assert state.is_over
        assert outcome == state.outcome, (outcome, state.outcome, record)
        assert record == state.record()
        assert tf.replay(record).outcome == outcome
        records.append(record)
        expected_dealer, in_a_row = _next_dealer(variant, expected_dealer, players, outcome,
                                                 in_a_row)
        steps.clear()
        spots.clear()
    assert len(records) == hands
    return records


def _bots(kind: str, players: int, seed: int) -> list[Any] | None:
    if kind == "default":
        return None
    if kind == "random":
        return [tf.RandomBot(seed=seed * 10 + x) for x in range(players)]
    return [tf.RuleOfThumbBot()] * players


def _engine_actions(variant: tf.Variant, players: int, records: list[dict[str, Any]],
                    players_: list[Any]) -> list[list[tf.Action]]:
    """Each record's deck played by the engine players ``players_``, hand after hand."""
    out = []
    for record in records:
        state = tf.new_hand(variant, players=players, dealer=record["dealer"],
                            deck=record["deck"])
        while not state.is_over:
            state = state.apply(players_[state.to_act].choose(state.view(state.to_act)))
        out.append(list(state.actions))
    return out


def _actions(record: dict[str, Any]) -> list[tf.Action]:
    return list(tf.replay(record).actions)


# -- every preset, every table size, every bot ----------------------------------------------

CASES = [(v, n) for v in PRESETS for n in v.player_counts()]


@pytest.mark.parametrize(("variant", "players"), CASES,
                         ids=[f"{v.name}-{n}" for v, n in CASES])
def test_every_preset_at_every_table_size_takes_the_engines_decisions(
        variant: tf.Variant, players: int) -> None:
    for k, kind in enumerate(("default", "random", "thumb")):
        hands = 6 if kind != "thumb" else 2
        check_against_engine(variant, players, hands, seed=k + players, dealer=players - 1,
                             bots=_bots(kind, players, k))


@settings(max_examples=max(10, settings().max_examples // 3), deadline=None)
@given(variant=bidding_variants(), data=st.data())
def test_random_options_take_the_engines_decisions(variant: tf.Variant,
                                                   data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(variant.player_counts()))
    kind = data.draw(st.sampled_from(("default", "random", "thumb")))
    seed = data.draw(st.integers(0, 10**6))
    check_against_engine(variant, players, 2, seed, dealer=data.draw(st.integers(0, players - 1)),
                         bots=_bots(kind, players, seed))


def test_the_options_that_change_the_exchange_are_all_reached() -> None:
    """Each exchange option value is played and checked at least once (not left to the
    random overlays): kitty, kitty_discard, discard_trumps, draw, draw_limit, draw_order,
    rob_pack, extra_cards, trump_before_kitty, and the throw-ins of all_pass."""
    overlays = [
        {"kitty": 3, "kitty_discard": "exact"}, {"kitty": 4, "trump_before_kitty": False},
        {"discard_trumps": "last-resort"}, {"draw": "bidder-only"}, {"draw_limit": 3},
        {"draw_order": "simultaneous"}, {"draw_order": "dealer-first"}, {"rob_pack": True},
        {"rob_pack": True, "draw_order": "simultaneous"}, {"extra_cards": 1},
        {"extra_cards": 1, "kitty": 3, "trump_before_kitty": False},
        {"all_pass": "redeal-same", "max_redeals": 3}, {"all_pass": "redeal-next"},
        {"all_pass": "bag-dealer"},
    ]
    played = 0
    for base in (tf.AUCTION_45, tf.NEWFOUNDLAND_120S, tf.find_variant("Fifty-Five")):
        for options in overlays:
            try:
                variant = base.with_options(**options)
            except tf.InvalidVariantError:
                continue
            for players in variant.player_counts()[:2]:
                for kind in ("default", "random", "thumb"):
                    check_against_engine(variant, players, 3, seed=played,
                                         bots=_bots(kind, players, played))
                    played += 1
    assert played >= 150


def test_a_redeal_same_dealer_deals_again_after_a_throw_in() -> None:
    """After a throw-in under ``all_pass="redeal-same"`` the same dealer deals the next
    hand (BIDDING.md §3.3 B7); under ``"redeal-next"`` the deal passes left."""
    for all_pass, same in (("redeal-same", True), ("redeal-next", False)):
        variant = tf.AUCTION_45.with_options(all_pass=all_pass)
        runs = list(tf.simulate(variant, players=2, hands=60, seed=3, record=True))
        thrown = [i for i, (out, _) in enumerate(runs[:-1]) if out.thrown_in]
        assert thrown
        for i in thrown:
            nxt = runs[i + 1][1]["dealer"]
            assert (nxt == runs[i][1]["dealer"]) is same or runs[i - 1][0].thrown_in


# -- the bots against the engine's players ------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_random_bots_choose_as_random_players_with_the_same_seeds(variant: tf.Variant) -> None:
    """``RandomBot(seed=k)`` and a ``RandomPlayer(seed=k)`` given to simulate choose on the
    fast path as ``RandomPlayer(seed=k)`` does on the engine, discards included."""
    players = variant.player_counts()[-1]
    for make in (tf.RandomBot, tf.RandomPlayer):
        records = [r for _, r in tf.simulate(
            variant, players=players, hands=8, seed=5, record=True,
            bots=[make(seed=x) for x in range(players)])]
        engine = _engine_actions(variant, players, records,
                                 [tf.RandomPlayer(seed=x) for x in range(players)])
        assert [_actions(r) for r in records] == engine


@pytest.mark.parametrize(("variant", "players"), [(v, v.player_counts()[0]) for v in PRESETS]
                         + [(v, v.player_counts()[-1]) for v in PRESETS[:3]],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_rule_of_thumb_bot_decides_as_the_engine_player(variant: tf.Variant, players: int) -> None:
    """``RuleOfThumbBot`` (and a ``RuleOfThumbPlayer`` given to simulate) makes, at every
    bidding decision, the choice ``RuleOfThumbPlayer`` makes on the engine: calls, trumps,
    discards, takes and cards."""
    for bot in (tf.RuleOfThumbBot(), tf.RuleOfThumbPlayer()):
        records = [r for _, r in tf.simulate(variant, players=players, hands=3, seed=11,
                                             record=True, bots=[bot] * players)]
        engine = _engine_actions(variant, players, records, [tf.RuleOfThumbPlayer()] * players)
        assert [_actions(r) for r in records] == engine
        kinds = {type(a).__name__ for r in records for a in _actions(r)}
        assert {"Bid", "NameTrump", "Discard", "Play"} <= kinds


def test_rule_of_thumb_takes_from_the_pack_as_the_engine_player() -> None:
    variant = tf.AUCTION_45.with_options(rob_pack=True)
    records = [r for _, r in tf.simulate(variant, players=4, hands=6, seed=2, record=True,
                                         bots=[tf.RuleOfThumbBot()] * 4)]
    assert any(isinstance(a, tf.Take) for r in records for a in _actions(r))
    engine = _engine_actions(variant, 4, records, [tf.RuleOfThumbPlayer()] * 4)
    assert [_actions(r) for r in records] == engine


# -- user fast bots, the slow path, refusals ---------------------------------------------


class FirstChoice:
    """A user fast bot: the first legal call, trump and card; the largest discard."""

    def act(self, spot: BiddingSpot) -> int:
        return spot.legal[0]

    def discard(self, spot: BiddingSpot) -> int:
        return spot.discards[-1]


def test_a_user_fast_bot_plays_the_bidding_games() -> None:
    bots: list[Any] = [FirstChoice(), tf.RandomBot(seed=1), FirstChoice(), tf.RuleOfThumbBot()]
    check_against_engine(tf.AUCTION_45, 4, 10, seed=4, bots=bots)
    outs = list(tf.simulate(tf.AUCTION_45, players=4, hands=10, seed=4, bots=bots))
    assert all(o.scoring == "bidding" for o in outs)
    assert sum(o.thrown_in for o in outs) + sum(o.bid is not None for o in outs) == 10


def test_a_bot_with_only_choose_plays_through_the_engine() -> None:
    """A ``choose``-only bot sends the run through the engine, the fast bots given spots of
    their views: the same hands as the fast path with the rule of thumb everywhere."""

    class Thumb:
        def __init__(self) -> None:
            self.inner = tf.RuleOfThumbPlayer()

        def choose(self, view: Any) -> tf.Action:
            return self.inner.choose(view)

    variant = tf.NEWFOUNDLAND_120S
    fast = list(tf.simulate(variant, players=4, hands=4, seed=9, record=True,
                            bots=[tf.RuleOfThumbBot()] * 4))
    slow = list(tf.simulate(variant, players=4, hands=4, seed=9, record=True,
                            bots=[Thumb(), tf.RuleOfThumbBot(), Thumb(), tf.RuleOfThumbBot()]))
    assert fast == slow


def test_a_fast_bot_without_discard_is_refused_for_bidding() -> None:
    class OnlyAct:
        def act(self, spot: Any) -> int:
            return spot.legal[0]

    with pytest.raises(tf.InvalidArgumentError, match=r"no discard\(spot\)"):
        tf.simulate(tf.AUCTION_45, players=4, hands=1, bots=[OnlyAct()] * 4)
    # the same bot still plays the turn-up games
    assert len(list(tf.simulate(tf.FORTY_FIVE, players=4, hands=1, seed=1,
                                bots=[OnlyAct()] * 4))) == 1


def test_a_bot_must_return_a_legal_choice() -> None:
    class BadDiscard(FirstChoice):
        def discard(self, spot: BiddingSpot) -> int:
            return -5

    class BadCall(FirstChoice):
        def act(self, spot: BiddingSpot) -> int:
            return 0  # Play('2C') in the auction

    for bad, where in ((BadDiscard(), "spot.discards"), (BadCall(), "spot.legal")):
        with pytest.raises(tf.IllegalActionError, match=where) as err:
            list(tf.simulate(tf.AUCTION_45.with_options(all_pass="bag-dealer"), players=4,
                             hands=3, seed=1, bots=[bad] * 4))
        assert err.value.code == "bot-choice-not-legal"


def test_a_short_stock_is_refused_at_the_call() -> None:
    variant = tf.find_variant("Fifty-Five")
    too_many = variant.table.max_players + 1
    with pytest.raises(tf.PlayerCountError):
        tf.simulate(variant, players=too_many, hands=1)
    assert tf.AUCTION_45.player_counts() == (2, 3, 4, 5, 6)


def test_the_bidding_results() -> None:
    """Each outcome is a bidding hand's: the bidder, the contract, made or set, the side
    points and the gains; a thrown-in hand scores nothing."""
    outs = list(tf.simulate(tf.AUCTION_45, players=4, hands=200, seed=1))
    assert len(outs) == 200
    played = [o for o in outs if not o.thrown_in]
    assert played and all(o.scoring == "bidding" for o in outs)
    for o in played:
        assert o.bidder in range(4) and o.bid in (15, 20, 25, 30, 60)
        assert sum(o.points) in (25, 30)  # 5 a trick and the best trump's 5
        side = next(i for i, s in enumerate(o.sides) if o.bidder in s)
        if o.bid < 30:  # a made 30 counts 60 (thirty_bid="sixty", BIDDING.md §3.6)
            assert o.gains[side] == (o.side_points[side] if o.made else -o.bid)
        elif o.bid == 30:
            assert o.gains[side] == (60 if o.made else -30)  # set: the bid (not "sixty-both")
    for o in outs:
        if o.thrown_in:
            assert o.gains == (0, 0) and o.tricks_played == 0


def test_the_same_seed_gives_the_same_hands_and_the_first_deck_is_new_hands() -> None:
    a = list(tf.simulate(tf.AUCTION_45, players=4, hands=5, seed="s", record=True))
    b = list(tf.simulate(tf.AUCTION_45, players=4, hands=5, seed="s", record=True))
    assert a == b
    first = tf.new_hand(tf.AUCTION_45, players=4, dealer=0, seed="s")
    assert tuple(str(c) for c in first.deck) == tuple(a[0][1]["deck"])


# -- hidden information -------------------------------------------------------------------


@settings(max_examples=max(8, settings().max_examples // 6), deadline=None)
@given(variant=bidding_variants(), data=st.data())
def test_a_spot_does_not_depend_on_cards_its_seat_cannot_see(
        variant: tf.Variant, data: st.DataObject) -> None:
    """Re-deal the cards a seat has not seen by its ``k``-th decision, replay the same
    actions: every spot that seat was given up to then is the same."""
    players = data.draw(st.sampled_from(variant.player_counts()))
    seed = data.draw(st.integers(0, 10**6))
    spots: list[dict[str, Any]] = []
    bots = [Recorder(tf.RandomBot(seed=seed + x), spots) for x in range(players)]
    (_, record), = tf.simulate(variant, players=players, hands=1, seed=seed, record=True,
                               bots=bots)
    state = tf.new_hand(variant, players=players, dealer=record["dealer"], deck=record["deck"])
    line = []
    for a in tf.replay(record).actions:
        line.append((state, a))
        state = state.apply(a)
    line.append((state, None))
    seat = data.draw(st.integers(0, players - 1))
    mine = [k for k, (s, _) in enumerate(line[:-1]) if s.to_act == seat]
    if not mine:
        return
    k = data.draw(st.sampled_from(mine))
    keep = seen_cards(line, k, seat)
    deck = redeal(line[0][0].deck, keep, random.Random(seed))
    again = tf.new_hand(variant, players=players, dealer=record["dealer"], deck=deck)
    for j, (s, a) in enumerate(line[:k + 1]):
        if s.to_act == seat:
            assert spot_from_view(again.view(seat)).as_dict() == \
                spot_from_view(s.view(seat)).as_dict()
        if j < k:
            try:
                again = again.apply(a)  # type: ignore[arg-type]
            except tf.IllegalActionError:
                return  # another seat's action is not legal with its new cards
