"""The fast simulator (issue 10, points 3 and 5): :func:`trumpfamily.simulate` against the
reference engine, action by action.

The differential test binds the fast path to the engine: for every preset at every table
size and for random combinations of every option (OPTION_SPECS), hands are simulated with
``record=True`` and a trace of the legal action ids the fast path offered at each decision;
each record is then replayed on the engine (``new_hand(deck=...)`` and ``apply``) step by
step, checking at every step that the seat to act, the legal actions (ids, in order) and
the action chosen agree, and at the end that the outcome and the record are the engine's.
With bots, the :class:`~trumpfamily.Spot` each bot was given is also compared with the
engine view of that seat (``_spot_from_view``), field by field.

The rest: the fast :class:`~trumpfamily.RuleOfThumbBot` and :class:`~trumpfamily.RandomBot`
take the engine players' decisions; the slow path (bots with only ``choose``); a spot
never depends on cards its seat cannot see (re-deal, as tests/test_hidden.py); seeds, the
dealer's rotation and laziness; the errors. Nothing here is timed: speed and flat memory
are benchmark matters (``benchmarks/``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, note, reject, settings
from hypothesis import strategies as st
from test_hidden import SILENT, redeal, seen_cards
from test_stateful import _players_for

import trumpfamily as tf
from trumpfamily.simulate import _simulate, _spot_from_view
from trumpfamily.variants import OPTION_SPECS

#: The turn-up presets (simulate does not play the bidding games).
PRESETS = tuple(v for v in tf.VARIANTS.values() if getattr(v, "bidding", None) is None)
#: The options a scoring mode needs set (scoring.Scoring refuses ``None`` for them).
POOL_NEEDS = ("tricks_to_win", "ante", "dealer_ante", "spoil_ante", "jinking", "jink_bonus")
POINTS_NEEDS = ("points_per_trick", "best_trump_bonus", "target", "five_tricks", "target_tie")
#: The module (``tf.simulate`` is the function of the same name).
sim_module = sys.modules["trumpfamily.simulate"]


# -- the differential check --------------------------------------------------------------------


class Recorder:
    """A fast bot that keeps a copy of every spot it is given, then asks ``inner``."""

    def __init__(self, inner: Any, spots: list[dict[str, Any]]) -> None:
        self.inner = inner
        self.spots = spots

    def act(self, spot: tf.Spot) -> int:
        self.spots.append(spot.as_dict())
        return int(self.inner.act(spot))


def check_against_engine(
    variant: tf.Variant | str,
    players: int,
    hands: int,
    seed: Any,
    *,
    dealer: int = 0,
    bots: list[Any] | None = None,
    finals: list[tf.HandState] | None = None,
) -> list[tf.HandOutcome]:
    """Simulate ``hands`` hands and replay each on the engine, action by action (see the
    module docstring); with ``bots`` (fast bots), compare each spot with the engine view.
    ``finals`` collects the engine's last state of each hand."""
    steps: list[tuple[int, tuple[int, ...], int]] = []
    spots: list[dict[str, Any]] = []
    if bots is not None:
        bots = [Recorder(bot, spots) for bot in bots]
    outcomes = []
    for i, (outcome, record) in enumerate(
        _simulate(variant, players=players, hands=hands, seed=seed, dealer=dealer, bots=bots,
                  record=True, trace=lambda seat, legal, aid: steps.append((seat, legal, aid)))
    ):
        assert record["dealer"] == (dealer + i) % players
        state = tf.new_hand(variant, players=players, dealer=record["dealer"], deck=record["deck"])
        assert len(steps) == len(record["actions"])
        if bots is not None:
            assert len(spots) == len(steps)
        for k, (seat, legal, aid) in enumerate(steps):
            assert state.to_act == seat, (k, state, record)
            expected = tuple(tf.action_id(a) for a in state.legal_actions())
            assert legal == expected, (k, legal, expected, record)
            action = tf.action_from_id(aid)
            assert action in state.legal_actions()
            if bots is not None:
                view_spot = _spot_from_view(state.view(seat)).as_dict()
                got = spots[k]
                diff = {f: (got[f], view_spot[f]) for f in got if got[f] != view_spot[f]}
                assert not diff, (k, seat, diff, record)
            state = state.apply(action)
        assert state.is_over
        if finals is not None:
            finals.append(state)
        assert outcome == state.outcome, (outcome, state.outcome, record)
        assert record == state.record()
        assert tf.replay(record).outcome == outcome
        outcomes.append(outcome)
        steps.clear()
        spots.clear()
    assert len(outcomes) == hands
    return outcomes


# -- variants with any options -------------------------------------------------------------------

#: A few values of each int option (OPTION_SPECS gives the bounds).
INT_VALUES: dict[str, tuple[int | None, ...]] = {
    "tricks_to_win": (1, 2, 3, 3, 4, 5),
    "two_trick_win_above": (None, None, 1, 3, 4, 5, 10),
    "ante": (0, 1, 2, 3),
    "dealer_ante": (0, 1, 2, 4),
    "points_per_trick": (1, 5, 5),
    "target": (1, 25, 45, 60),
}


def option_values(name: str) -> tuple[Any, ...]:
    """Every value of a choice or flag option, a few of an int option."""
    _, spec = OPTION_SPECS[name]
    if spec.kind == "choice":
        return tuple(spec.values) + ((None,) if spec.optional else ())
    if spec.kind == "flag":
        return (False, True)
    return INT_VALUES[name]


@st.composite
def any_variants(draw: st.DrawFn) -> tf.Variant:
    """A preset with random values of any of its options, every option of OPTION_SPECS
    possible (incoherent combinations are rejected)."""
    base = draw(st.sampled_from(PRESETS))
    mode = draw(st.sampled_from(("pool", "points")))
    needs = POOL_NEEDS if mode == "pool" else POINTS_NEEDS
    chosen: dict[str, Any] = {"scoring": mode}
    for name in OPTION_SPECS:
        if name == "scoring":
            continue
        if name in needs or draw(st.booleans()):
            values = option_values(name)
            if name in needs:
                values = tuple(v for v in values if v is not None)
            chosen[name] = draw(st.sampled_from(values))
    try:
        return base.with_options(**chosen)
    except tf.InvalidVariantError:
        reject()
        raise AssertionError  # pragma: no cover (reject raises)


def test_the_strategy_can_draw_every_value_of_every_option() -> None:
    """PITFALLS.md 13: a new option must reach the simulator too. ``option_values`` covers
    OPTION_SPECS, so a new option fails here until it is given values."""
    for name in OPTION_SPECS:
        assert option_values(name), name


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_every_preset_at_every_table_size_takes_the_engines_decisions(variant: tf.Variant) -> None:
    """Every preset, every player count it allows, every dealer: the same deal, the same
    legal actions at every step, the same outcome and record as the engine."""
    for players in _players_for(variant):
        check_against_engine(variant, players, 12, seed=players, dealer=players - 1)


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_many_hands_of_each_preset_at_five_and_four(variant: tf.Variant) -> None:
    """The benchmark's tables (five players; four for the pairs of Twenty-Five and for
    Forty-Five), many hands each."""
    for players in (4, 5):
        check_against_engine(variant, players, 120, seed=f"{variant.name}/{players}")


@settings(max_examples=max(10, settings().max_examples // 2))
@given(variant=any_variants(), data=st.data())
def test_random_options_take_the_engines_decisions(variant: tf.Variant, data: st.DataObject) -> None:
    """Random values of every option (robbing and its penalties, the joker, fiving,
    jinking, pool and points scoring, partnerships, deal packets...), random table sizes
    and dealers: action by action the engine's decisions."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    note(repr(variant.options()))
    check_against_engine(variant, players, 12, seed=seed, dealer=dealer)


@settings(max_examples=max(5, settings().max_examples // 5))
@given(variant=any_variants(), data=st.data())
def test_random_options_with_bots_give_each_seat_its_engine_view(
    variant: tf.Variant, data: st.DataObject
) -> None:
    """With fast bots: every spot equals the engine view of that seat at that step
    (``_spot_from_view``), so a spot shows exactly what ``HandState.view`` shows."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    kinds = data.draw(st.lists(st.sampled_from(("random", "thumb")), min_size=players,
                               max_size=players), label="bots")
    bots = [tf.RandomBot(seed=seed + i) if k == "random" else tf.RuleOfThumbBot()
            for i, k in enumerate(kinds)]
    check_against_engine(variant, players, 5, seed=seed, bots=bots)


def test_the_rare_turns_are_reached_and_checked() -> None:
    """The differential runs above reach every kind of action: robs of each kind,
    declines, the round of rob prompts, fiving asked, accepted and refused, claims, jinks
    and their failures, barred seats, a turned-up joker, partnerships, points games."""
    seen: dict[str, int] = {}
    variants = [
        tf.SPOIL_FIVE.with_options(joker="third", unrobbed_ace="lowest-and-cannot-win"),
        tf.TWENTY_FIVE.with_options(fiving=True, holder_rob="may", joker="fourth"),
        tf.MAW.with_options(robbing=True, unrobbed_ace="cannot-win", partnerships="pairs"),
        tf.FORTY_FIVE.with_options(joker="third", fiving=True, five_tricks="bonus"),
    ]
    for variant in variants:
        for players in sorted({2, 4} & set(_players_for(variant))):
            for out in check_against_engine(variant, players, 60, seed=players):
                seen["barred"] = seen.get("barred", 0) + bool(out.barred)
                seen["jink"] = seen.get("jink", 0) + out.jink_tried
                seen["claim"] = seen.get("claim", 0) + out.claimed
                seen["points"] = seen.get("points", 0) + (out.points is not None)
            for _, record in tf.simulate(variant, players=players, hands=60, seed=players,
                                         record=True):
                for action in record["actions"]:
                    seen[action["type"]] = seen.get(action["type"], 0) + 1
    for kind in ("Rob", "DeclineRob", "Pass", "AskFive", "AcceptFive", "RefuseFive", "Claim",
                 "Jink", "barred", "jink", "claim", "points"):
        assert seen.get(kind, 0) > 0, (kind, seen)


class QuietGreedyBot:
    """A fast bot that seldom robs or announces (a card or a pass instead), plays its
    strongest legal card but the Ace of trumps (kept to the last), and claims or jinks at
    random: silent holders of the Ace of trumps who take tricks while it is a secret, to
    reach each settlement of a secret bar."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, spot: tf.Spot) -> int:
        legal = spot.legal
        rob_or_decline = range(tf.action_id(tf.Rob(tf.Card.parse("2C"))),
                               tf.action_id(tf.DeclineRob()) + 1)
        quiet = [a for a in legal if a not in rob_or_decline]
        if quiet and len(quiet) < len(legal) and self.rng.random() < 0.9:
            legal = tuple(quiet)
        plays = [a for a in legal if a < len(tf.tables.CARDS)]
        if plays and len(plays) == len(legal) and spot.table is not None:
            suit = tf.tables.SUITS[spot.trump]
            ace = next(c.index for c in tf.tables.CARDS
                       if c.suit is suit and c.rank.name == "ACE")
            power = spot.table.power
            return max(plays, key=lambda c: (c != ace, power[c]))
        return self.rng.choice(legal)


ROBBING_GRID = [
    (unrobbed, timing, holder)
    for unrobbed in OPTION_SPECS["unrobbed_ace"][1].values
    for timing in OPTION_SPECS["rob_timing"][1].values
    for holder in OPTION_SPECS["holder_rob"][1].values
]


def test_every_robbing_rule_takes_the_engines_decisions_with_secret_bars() -> None:
    """Issue 19: every ``unrobbed_ace`` with every ``rob_timing`` and ``holder_rob``, on
    pool tables with and without jinking, with two tricks to win and in pairs: the fast
    path takes the engine's decisions action by action, so it plays on while a silent
    holder's bar is his secret and settles it as the engine does (a barred claim or win is
    a spoil, a jink fails once the Ace shows). Each kind of settlement must have been met."""
    tables = (
        (tf.SPOIL_FIVE, 3),
        (tf.SPOIL_FIVE.with_options(jinking=False, two_trick_win_above=4), 5),
        (tf.TWENTY_FIVE.with_options(partnerships="pairs"), 4),
        (tf.MAW.with_options(robbing=True), 3),
    )
    seen = {"claim": 0, "win": 0, "jink": 0, "secret": 0}
    for n, (unrobbed, timing, holder) in enumerate(ROBBING_GRID):
        for base, players in tables:
            variant = base.with_options(robbing=True, unrobbed_ace=unrobbed,
                                        rob_timing=timing, holder_rob=holder)
            bots = [QuietGreedyBot(n * 10 + seat) for seat in range(players)]
            finals: list[tf.HandState] = []
            check_against_engine(variant, players, 25, seed=n, bots=bots, finals=finals)
            for state in finals:
                out = state.outcome
                assert out is not None
                bars = [b.seat for b in out.barred if SILENT in b.reason]
                if not bars:
                    continue
                ace = tf.Card.parse("A" + state.trump.letter)
                if ace not in state.hands[bars[0]]:  # the bar was public by the end
                    continue
                seen["secret"] += 1
                alone = len(next(x for x in out.sides if bars[0] in x)) == 1
                seen["claim"] += out.claimed and out.spoil and alone
                seen["win"] += not out.claimed and out.spoil and alone and (
                    out.tricks[bars[0]] >= (out.tricks_needed or 9))
            for state in finals:  # a jink failed with no trick lost: the Ace showed the bar
                out = state.outcome
                assert out is not None and state.jinker is not None or not out.jink_tried
                seen["jink"] += bool(
                    out.jink_tried and not out.jink_succeeded
                    and state.tricks[-1].winner in out.sides[state.jinker]  # type: ignore[index]
                )
    assert all(seen.values()), seen


def test_every_option_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """No option falls back to the engine: with the engine's ``new_hand`` unreachable from
    the simulator, every value of every option still plays."""

    def no_engine(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the fast path used the reference engine")

    monkeypatch.setattr(sim_module, "new_hand", no_engine)
    for name in OPTION_SPECS:
        for value in option_values(name):
            for base in PRESETS:
                try:
                    variant = base.with_options(**{name: value})
                except tf.InvalidVariantError:
                    continue
                players = _players_for(variant)
                for n in (players[0], players[-1]):
                    assert len(list(tf.simulate(variant, players=n, hands=3, seed=1))) == 3


# -- the fast bots take the engine players' decisions --------------------------------------------


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_rule_of_thumb_bot_decides_as_the_engine_player(variant: tf.Variant) -> None:
    """``RuleOfThumbBot`` (and a ``RuleOfThumbPlayer`` given to simulate) takes, at every
    step, the action ``RuleOfThumbPlayer.choose`` takes on the engine's view."""
    player = tf.RuleOfThumbPlayer()
    for players, bots in ((2, [tf.RuleOfThumbBot()] * 2), (4, [tf.RuleOfThumbPlayer()] * 4),
                          (5, [tf.RuleOfThumbBot()] * 5)):
        for out, record in tf.simulate(variant, players=players, hands=40, seed=players,
                                       bots=bots, record=True):
            state = tf.replay({**record, "actions": []})
            for action in tf.replay(record).actions:
                assert player.choose(state.view(state.to_act)) == action, (state, record)
                state = state.apply(action)
            assert state.outcome == out


def test_rule_of_thumb_bot_under_random_options() -> None:
    """The same under house rules that change what it sees: jokers, demoted Aces, fiving,
    partnerships, points."""
    player = tf.RuleOfThumbPlayer()
    rng = random.Random(3)
    variants = [
        tf.SPOIL_FIVE.with_options(joker="fourth", unrobbed_ace="lowest", fiving=True),
        tf.TWENTY_FIVE.with_options(partnerships="pairs", rob_timing="own-first-turn"),
        tf.FORTY_FIVE.with_options(joker="third", renege_basis="highest", plain_aces="high"),
        tf.MAW.with_options(natural_order=True, robbing=True),
    ]
    for variant in variants:
        for players in sorted({2, 4, 6} & set(_players_for(variant))):
            bots = [tf.RuleOfThumbBot()] * players
            for out, record in tf.simulate(variant, players=players, hands=25,
                                           seed=rng.randrange(10**6), bots=bots, record=True):
                state = tf.replay({**record, "actions": []})
                for action in tf.replay(record).actions:
                    assert player.choose(state.view(state.to_act)) == action, record
                    state = state.apply(action)
                assert state.outcome == out


def _engine_hands(variant: tf.Variant, players: int, records: list[dict[str, Any]],
                  bots: list[Any]) -> Iterator[tuple[tf.Action, ...]]:
    """The actions engine players ``bots`` take on each recorded deck, in order."""
    for record in records:
        state = tf.new_hand(variant, players=players, dealer=record["dealer"], deck=record["deck"])
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = state.apply(bots[seat].choose(state.view(seat)))
        yield state.actions


@pytest.mark.parametrize("make", [tf.RandomPlayer, tf.RandomBot], ids=["RandomPlayer", "RandomBot"])
def test_random_bots_choose_as_random_players_with_the_same_seeds(
    make: Callable[..., Any],
) -> None:
    """``RandomBot(seed=k)``, and a ``RandomPlayer(seed=k)`` given to simulate, choose
    exactly what ``RandomPlayer(seed=k)`` chooses on the engine, hand after hand."""
    for variant in PRESETS:
        players = 4
        records = [r for _, r in tf.simulate(variant, players=players, hands=30, seed=9,
                                             bots=[make(seed=s) for s in range(players)],
                                             record=True)]
        engine = _engine_hands(variant, players, records,
                               [tf.RandomPlayer(seed=s) for s in range(players)])
        for record, actions in zip(records, engine, strict=True):
            assert tf.replay(record).actions == actions


# -- the slow path ---------------------------------------------------------------------------------


class ChooseFirst:
    """An engine player (``choose`` only): the first legal action."""

    def choose(self, view: tf.SeatView) -> tf.Action:
        return view.legal_actions[0]


class ActFirst:
    """The same as a fast bot."""

    def act(self, spot: tf.Spot) -> int:
        return spot.legal[0]


def test_a_bot_with_only_choose_plays_through_the_engine() -> None:
    """The slow path: a ``choose(view)`` bot makes every hand run on the reference engine,
    with the fast bots at the table given spots of their views; the hands are those the
    fast path plays with the fast forms of the same bots."""
    variant = tf.SPOIL_FIVE.with_options(joker="third")
    slow = [ChooseFirst(), ActFirst(), tf.RuleOfThumbPlayer(), tf.RandomPlayer(seed=4)]
    fast = [ActFirst(), ActFirst(), tf.RuleOfThumbBot(), tf.RandomBot(seed=4)]
    a = list(tf.simulate(variant, players=4, hands=40, seed=2, bots=slow, record=True))
    b = list(tf.simulate(variant, players=4, hands=40, seed=2, bots=fast, record=True))
    assert a == b
    steps: list[Any] = []
    for out, record in _simulate(variant, players=4, hands=5, seed=2, record=True,
                                 bots=[ChooseFirst()] * 4, trace=lambda *s: steps.append(s)):
        assert len(steps) == len(record["actions"]) and tf.replay(record).outcome == out
        steps.clear()


def test_a_bot_must_return_a_legal_action_id() -> None:
    """A fast bot that returns anything but one of ``spot.legal`` stops the run with an
    IllegalActionError naming the bot, the seat and the legal ids; on the slow path too."""

    class Stubborn:
        def act(self, spot: tf.Spot) -> Any:
            return 107 if 107 not in spot.legal else "pass"

    for bots in ([Stubborn()] * 3, [ChooseFirst(), Stubborn(), ChooseFirst()]):
        run = tf.simulate(tf.MAW, players=3, hands=1, seed=1, bots=bots)
        with pytest.raises(tf.IllegalActionError, match=r"bots\[1\] \(Stubborn\).*spot.legal"):
            next(run)

    class Wrong:
        def choose(self, view: tf.SeatView) -> tf.Action:
            return tf.Claim()

    with pytest.raises(tf.IllegalActionError):
        next(tf.simulate(tf.MAW, players=3, hands=1, seed=1, bots=[Wrong()] * 3))


# -- hidden information ----------------------------------------------------------------------------


class Script:
    """Replays the actions of a hand, in order, for every seat (shared), keeping a copy
    of the spots given to ``seat``; after the script, the first legal action."""

    def __init__(self, actions: list[int], seat: int) -> None:
        self.actions = actions
        self.seat = seat
        self.at = 0
        self.spots: list[dict[str, Any]] = []

    def act(self, spot: tf.Spot) -> int:
        if spot.seat == self.seat:
            self.spots.append(spot.as_dict())
        if self.at < len(self.actions):
            aid = self.actions[self.at]
            self.at += 1
            return aid
        return spot.legal[0]


@settings(max_examples=max(10, settings().max_examples // 4))
@given(variant=any_variants(), data=st.data())
def test_a_spot_does_not_depend_on_cards_its_seat_cannot_see(
    variant: tf.Variant, data: st.DataObject
) -> None:
    """The re-deal test of tests/test_hidden.py for the fast path: play a random hand; at
    a decision of some seat, re-deal every card that seat cannot see (other hands, the
    stock, cards not yet turned), replay the same actions on the fast path, and require
    every spot the seat was given up to that decision to be the same. Re-deals the
    public history rules out (an action no longer legal on the engine) are skipped; a
    silent holder's bar is his secret and shows in no other seat's spot (issue 19)."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    rng = random.Random(seed)
    (_, record), = tf.simulate(variant, players=players, hands=1, seed=seed, record=True)
    actions = [tf.action_id(a) for a in tf.replay(record).actions]
    state = tf.new_hand(variant, players=players, dealer=record["dealer"], deck=record["deck"])
    line: list[tuple[tf.HandState, Any]] = []
    for aid in actions:
        line.append((state, aid))
        state = state.apply(tf.action_from_id(aid))
    compared = 0
    for k in sorted(rng.sample(range(len(line)), min(3, len(line)))):
        seat: int = line[k][0].to_act  # type: ignore[assignment]
        keep = seen_cards(line, k, seat)
        original = Script(actions, seat)
        list(_simulate(variant, players=players, hands=1, bots=[original] * players,
                       decks=[record["deck"]]))
        mine = sum(1 for state_, _ in line[: k + 1] if state_.to_act == seat)
        for _ in range(2):
            deck = redeal(line[k][0].deck, keep, rng)
            other = tf.new_hand(variant, players=players, dealer=record["dealer"], deck=deck)
            try:
                for aid in actions[:k]:
                    other = other.apply(tf.action_from_id(aid))
            except tf.IllegalActionError:
                continue  # the public history rules this deal out
            script = Script(actions[:k], seat)
            list(_simulate(variant, players=players, hands=1, bots=[script] * players,
                           decks=[deck]))
            assert script.spots[:mine] == original.spots[:mine], (seat, k, record)
            compared += 1
    note(f"compared {compared}")


def test_a_silent_holders_penalty_is_his_secret_in_the_spots() -> None:
    """RULES.md §1.5, EX-17, EX-43: a holder who plays to trick 1 without robbing or a
    word has a demoted Ace that only he knows of, until he plays it."""
    deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=2, turn_up="7S",
                           hands={0: "KD 3C 9H 2D 4C", 1: "AS QD 8C 6H 5C", 2: "2H 3H 4H 8H 7H"})
    spots: list[dict[str, Any]] = []
    script = [tf.action_id(tf.Play(c)) for c in ("KD", "QD")]  # seat 1 forgets to rob

    class Bot:
        def act(self, spot: tf.Spot) -> int:
            spots.append(spot.as_dict())
            return script.pop(0) if script else spot.legal[-1]

    list(_simulate(tf.SPOIL_FIVE, players=3, hands=1, bots=[Bot()] * 3, decks=[deck], dealer=2))
    ace = tf.Card.parse("AS").index
    assert spots[1]["seat"] == 1 and tf.action_id(tf.Rob(tf.Card.parse("QD"))) in spots[1]["legal"]
    third = spots[2]
    assert third["seat"] == 2 and third["demoted"] == tf.tables.NO_CARD
    assert third["table"] == tf.mask_table(tf.SPOIL_FIVE, "S")
    holder = next(s for s in spots[3:] if s["seat"] == 1)
    assert holder["demoted"] == ace
    assert holder["table"] == tf.mask_table(tf.SPOIL_FIVE, "S", "AS")


# -- seeds, dealers, laziness ----------------------------------------------------------------------


def test_the_same_seed_gives_the_same_hands() -> None:
    """An int, str or bytes seed gives the same hands every time (decks and default random
    bots); different seeds give different hands."""
    for seed in (0, 12345, "spoil", b"\x00five"):
        a = list(tf.simulate(tf.SPOIL_FIVE, players=5, hands=30, seed=seed, record=True))
        b = list(tf.simulate(tf.SPOIL_FIVE, players=5, hands=30, seed=seed, record=True))
        assert a == b
    c = list(tf.simulate(tf.SPOIL_FIVE, players=5, hands=30, seed=1, record=True))
    d = list(tf.simulate(tf.SPOIL_FIVE, players=5, hands=30, seed=2, record=True))
    assert [r["deck"] for _, r in c] != [r["deck"] for _, r in d]
    unseeded = list(tf.simulate(tf.SPOIL_FIVE, players=5, hands=3, record=True))
    assert all(tf.replay(r).outcome == o for o, r in unseeded)


def test_the_first_deck_is_new_hands_and_the_decks_do_not_depend_on_the_bots() -> None:
    """RULES.md §1.8: hand 0 is dealt from the deck of ``new_hand(..., seed=seed)``; the
    decks come from their own generator, whatever the bots choose."""
    for seed in (3, "x", b"y"):
        (_, record), = tf.simulate(tf.TWENTY_FIVE, players=4, hands=1, seed=seed, dealer=2,
                                   record=True)
        dealt = tf.new_hand(tf.TWENTY_FIVE, players=4, dealer=2, seed=seed)
        assert record["deck"] == [str(c) for c in dealt.deck]
        assert tf.replay({**record, "actions": []}).hands == dealt.hands
    decks = {
        tuple(tuple(r["deck"]) for _, r in tf.simulate(tf.MAW, players=4, hands=10, seed=5,
                                                     bots=bots, record=True))
        for bots in (None, [tf.RuleOfThumbBot()] * 4, [tf.RandomBot(seed=1)] * 4)
    }
    assert len(decks) == 1


def test_the_deal_passes_to_the_left() -> None:
    """Hand ``i`` is dealt by seat ``(dealer + i) % players``."""
    records = [r for _, r in tf.simulate(tf.FORTY_FIVE, players=3, hands=7, seed=1, dealer=2,
                                         record=True)]
    assert [r["dealer"] for r in records] == [2, 0, 1, 2, 0, 1, 2]


def test_simulate_is_a_lazy_generator() -> None:
    """Nothing is played before it is asked for, and nothing is kept: a trillion hands
    are fine to ask for (flat memory is measured by the benchmarks, not here)."""
    run = tf.simulate(tf.SPOIL_FIVE, players=5, hands=10**12, seed=1)
    assert iter(run) is run
    first = next(run)
    assert isinstance(first, tf.HandOutcome) and first.tricks_played >= 3
    assert list(tf.simulate(tf.SPOIL_FIVE, players=5, hands=0, seed=1)) == []


def test_a_preset_name_will_do() -> None:
    a = list(tf.simulate("spoil five", players=3, hands=5, seed=1))
    assert a == list(tf.simulate(tf.SPOIL_FIVE, players=3, hands=5, seed=1))


# -- errors ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"variant": "whist"}, tf.UnknownVariantError, "whist"),
        ({"variant": 45}, tf.UnknownVariantError, "int"),
        ({"players": 1}, tf.PlayerCountError, "players=1"),
        ({"players": 11}, tf.PlayerCountError, "players=11"),
        ({"players": "5"}, tf.PlayerCountError, "players='5'"),
        ({"variant": tf.FORTY_FIVE, "players": 7}, tf.PlayerCountError, "2 to 6"),
        ({"dealer": 5}, tf.PlayerCountError, "dealer=5"),
        ({"dealer": -1}, tf.PlayerCountError, "dealer=-1"),
        ({"hands": -1}, tf.InvalidArgumentError, "hands=-1"),
        ({"hands": 2.0}, tf.InvalidArgumentError, "hands=2.0"),
        ({"hands": True}, tf.InvalidArgumentError, "hands=True"),
        ({"seed": 1.5}, tf.InvalidArgumentError, "seed=1.5"),
        ({"record": "yes"}, tf.InvalidArgumentError, "record='yes'"),
        ({"bots": [tf.RuleOfThumbBot()] * 4}, tf.InvalidArgumentError, "4 bots for 5 players"),
        ({"bots": "RandomBot"}, tf.InvalidArgumentError, "one per seat"),
        ({"bots": tf.RuleOfThumbBot()}, tf.InvalidArgumentError, "one per seat"),
        ({"bots": [tf.RuleOfThumbBot()] * 4 + [object()]}, tf.InvalidArgumentError,
         r"bots\[4\] \(object\) is not a bot.*act\(spot\)"),
    ],
)
def test_bad_arguments_are_refused_before_the_first_hand(
    kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    """Each argument is checked when simulate is called, with the library's errors."""
    args: dict[str, Any] = {"variant": tf.SPOIL_FIVE, "players": 5, "hands": 3, "seed": 1}
    args.update(kwargs)
    variant = args.pop("variant")
    with pytest.raises(error, match=words):
        tf.simulate(variant, **args)  # no next(): refused at the call


def test_a_bidding_game_is_played_on_its_own_fast_path() -> None:
    """simulate plays the bidding games too (trumpfamily._simulate_bidding, bound to the
    bidding engine by tests/test_simulate_bidding.py): never as if they were turn-up
    games."""
    for variant in tf.BIDDING_VARIANTS.values():
        out = next(tf.simulate(variant, players=4, hands=1, seed=1))
        assert out.scoring == "bidding"


def test_a_fast_bot_may_answer_with_an_integer_like_id_but_not_a_bool() -> None:
    class Index:  # what numpy.int64 is to Python: an __index__
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    class First:
        def act(self, spot: tf.Spot) -> Any:
            return Index(spot.legal[0])

    class Yes:
        def act(self, spot: tf.Spot) -> Any:
            return True  # == 1, the id of Play('3C'), but not an id

    assert len(list(tf.simulate(tf.SPOIL_FIVE, players=3, hands=5, seed=1, bots=[First()] * 3))) == 5
    with pytest.raises(tf.IllegalActionError) as caught:
        list(tf.simulate(tf.SPOIL_FIVE, players=3, hands=5, seed=1, bots=[Yes()] * 3))
    assert caught.value.code == "bot-choice-not-legal" and "returned True" in caught.value.reason
    assert "bot-choice-not-legal" in tf.REFUSAL_CODES
