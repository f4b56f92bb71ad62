"""The batch simulator (:mod:`trumpfamily.batch`) bound to the reference engine.

DESIGN.md "Fast paths without a second rulebook": every hand the compiled core plays is
replayed through the engine (``tf.new_hand(..., deck=...)``, then ``apply`` of each
action). At every step the core's legal actions (its private trace, ``_trace=True``) must
equal the engine's ``legal_actions()``, the action taken must be one of them (and, for
the rule-of-thumb policy, the very action ``RuleOfThumbPlayer`` chooses), and the hand's
outcome must equal the engine's field for field; the chips of a pool hand must equal
those of a game's first hand (``GameState``). This is done for every preset at every
table size it allows, for a list of house rules covering every option value, for hands
picked from large batches because they reach rare paths (a turned-up joker, fiving,
jinking, declining, a barred holder), and for random house rules.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zlib
from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

import trumpfamily as tf
from trumpfamily import batch
from trumpfamily.variants import OPTION_SPECS

PRESETS = (tf.SPOIL_FIVE, tf.TWENTY_FIVE, tf.FORTY_FIVE, tf.MAW)
POLICIES = ("random", "rule-of-thumb")
FIRST_OTHER = tf.action_id(tf.Rob(tf.Card.parse("2C")))  # 53: the "other" mask's bit 0


def table_sizes(variant: tf.Variant) -> list[int]:
    """Every player count the variant (and its partnerships) allows."""
    sizes = []
    for players in range(variant.table.min_players, variant.table.max_players + 1):
        try:
            variant.table.sides(players)
        except tf.PlayerCountError:
            continue
        sizes.append(players)
    return sizes


def encode(legal: Iterable[tf.Action]) -> tuple[int, int]:
    """The engine's legal actions as the core's two masks: plays by card id, the others
    by ``action_id - 53``."""
    plays = other = 0
    for action in legal:
        number = tf.action_id(action)
        if number < FIRST_OTHER:
            plays |= 1 << number
        else:
            other |= 1 << (number - FIRST_OTHER)
    return plays, other


def replay_hand(result: batch.BatchResult, i: int) -> tf.HandState:
    """Replay row ``i`` through the engine, checking every step against the core."""
    state = tf.new_hand(
        result.variant, players=result.players, dealer=result.dealer_of(i), deck=result.deck(i)
    )
    bot = tf.RuleOfThumbPlayer() if result.policy == "rule-of-thumb" else None
    trace = result._legal
    assert trace is not None
    actions = result.actions_of(i)
    for step, action in enumerate(actions):
        legal = state.legal_actions()
        core = (int(trace[i, step, 0]), int(trace[i, step, 1]))
        assert core == encode(legal), (
            f"row {i} step {step}: core legal set differs from {legal} in {state!r}")
        assert action in legal, (i, step, action, legal)
        if bot is not None:
            assert bot.choose(state.view(state.to_act)) == action, (i, step, legal)
        state = state.apply(action)
    assert state.is_over, f"row {i}: the engine's hand is not over after {actions}"
    assert trace[i, len(actions):].sum() == 0
    assert state.outcome == result.outcome(i), (i, state.outcome, result.outcome(i))
    assert state.outcome.tricks == tuple(result.tricks[i].tolist())
    return state


def check_rows(result: batch.BatchResult, rows: Iterable[int]) -> int:
    count = 0
    for i in rows:
        replay_hand(result, i)
        count += 1
    return count


def check_chips(result: batch.BatchResult, rows: Iterable[int]) -> None:
    """Pool hands: the chips and the pool left equal a game's first hand's."""
    assert result.chips is not None and result.pool is not None
    for i in rows:
        game = tf.new_game(result.variant, players=result.players, dealer=result.dealer_of(i),
                           decks=[result.deck(i)], hands=1)
        for action in result.actions_of(i):
            game = game.apply(action)
        assert game.is_over
        assert game.outcomes[0].chips == tuple(result.chips[i].tolist()), i
        assert game.pool == int(result.pool[i]), i


# -- every preset at every table size, both policies --------------------------------------

PRESET_CASES = [(v, p) for v in PRESETS for p in table_sizes(v)]


@pytest.mark.parametrize(("variant", "players"), PRESET_CASES,
                         ids=[f"{v.name}-{p}" for v, p in PRESET_CASES])
def test_presets_match_the_engine_action_by_action(variant: tf.Variant, players: int) -> None:
    """Each preset's defaults at each player count (OPTIONS.md player counts), 120 hands
    per policy, every dealer in turn."""
    for k, policy in enumerate(POLICIES):
        result = batch.simulate(variant, players=players, hands=120, seed=players * 10 + k,
                                dealer=players - 1, policy=policy, _trace=True)
        check_rows(result, range(len(result)))
        if result.chips is not None:
            check_chips(result, range(5))


# -- house rules: every option value --------------------------------------------------------

HOUSE_RULES: list[tuple[str, tf.Variant, int]] = [
    ("joker third", tf.SPOIL_FIVE.with_options(joker="third"), 4),
    ("joker fourth, renege 5-J-JK-AH", tf.SPOIL_FIVE.with_options(
        joker="fourth", renege_cards="5-J-JK-AH"), 10),
    ("Maw with robbing (before the lead, may pass)", tf.MAW.with_options(robbing=True), 5),
    ("holder must rob, dealer must", tf.SPOIL_FIVE.with_options(
        holder_rob="must", dealer_rob="must", rob_timing="before-lead"), 3),
    ("may-announce before the lead", tf.SPOIL_FIVE.with_options(
        rob_timing="before-lead", unrobbed_ace="lowest-and-cannot-win"), 6),
    ("fiving with the prompt first", tf.SPOIL_FIVE.with_options(rob_timing="before-lead"), 2),
    ("fiving, Twenty-Five", tf.TWENTY_FIVE.with_options(fiving=True), 2),
    ("unrobbed lowest, holder may", tf.SPOIL_FIVE.with_options(
        unrobbed_ace="lowest", holder_rob="may"), 5),
    ("unrobbed none", tf.FORTY_FIVE.with_options(unrobbed_ace="none", holder_rob="may-announce",
                                                 dealer_rob="may"), 4),
    ("cannot-win in pairs", tf.TWENTY_FIVE.with_options(unrobbed_ace="cannot-win"), 4),
    ("renege highest", tf.SPOIL_FIVE.with_options(renege_basis="highest"), 6),
    ("renege unconditional, single", tf.SPOIL_FIVE.with_options(
        renege_basis="unconditional", multi_privileged="single"), 5),
    ("renege 5 only", tf.MAW.with_options(renege_cards="5"), 7),
    ("plain lead follow", tf.SPOIL_FIVE.with_options(plain_lead="follow"), 5),
    ("plain lead free, trump lead free", tf.SPOIL_FIVE.with_options(
        plain_lead="free", trump_lead="free"), 4),
    ("natural order", tf.MAW.with_options(natural_order=True), 4),
    ("cotton, high plain aces", tf.FORTY_FIVE.with_options(
        top_trumps="cotton", plain_aces="high"), 3),
    ("pairs", tf.SPOIL_FIVE.with_options(partnerships="pairs"), 6),
    ("threes", tf.MAW.with_options(partnerships="threes"), 9),
    ("pairs, points", tf.FORTY_FIVE.with_options(partnerships="pairs"), 4),
    ("two tricks win", tf.MAW.with_options(two_trick_win_above=4), 6),
    ("four tricks to win", tf.SPOIL_FIVE.with_options(tricks_to_win=4), 3),
    ("five tricks to win", tf.SPOIL_FIVE.with_options(tricks_to_win=5), 3),
    ("one trick to win", tf.MAW.with_options(tricks_to_win=1), 4),
    ("no jinking", tf.SPOIL_FIVE.with_options(jinking=False), 4),
    ("jink bonus stake, big antes", tf.MAW.with_options(
        jink_bonus="stake", ante=5, dealer_ante=7), 5),
    ("points Twenty-Five, top-four bonus, five-trick bonus", tf.TWENTY_FIVE.with_options(
        scoring="points", best_trump_bonus="top-four", five_tricks="bonus"), 4),
    ("points, no bonus", tf.FORTY_FIVE.with_options(best_trump_bonus="none",
                                                    five_tricks="wins-game"), 5),
    ("packets 1-4", tf.SPOIL_FIVE.with_options(deal_packets="1-4"), 5),
    ("packets 2-3 and 4-1", tf.MAW.with_options(deal_packets="4-1"), 3),
    ("packets 2-3", tf.FORTY_FIVE.with_options(deal_packets="2-3"), 6),
]


def _partnership_cases() -> list[tuple[str, tf.Variant, int]]:
    """Every value of ``partnerships``, at the largest table where it makes sides."""
    cases = []
    for value in OPTION_SPECS["partnerships"][1].values:
        variant = tf.SPOIL_FIVE.with_options(partnerships=value)
        sizes = table_sizes(variant)
        paired = [p for p in sizes if len(variant.table.sides(p)) < p]
        cases.append((f"partnerships={value}", variant, (paired or sizes)[-1]))
    return cases


HOUSE_RULES += _partnership_cases()


@pytest.mark.parametrize(("name", "variant", "players"), HOUSE_RULES,
                         ids=[case[0] for case in HOUSE_RULES])
def test_house_rules_match_the_engine(name: str, variant: tf.Variant, players: int) -> None:
    """OPTIONS.md: each option value through the core, 50 hands per policy."""
    for k, policy in enumerate(POLICIES):
        result = batch.simulate(variant, players=players, hands=50, seed=zlib.crc32(name.encode()) + k,
                                dealer=k % players, policy=policy, _trace=True)
        check_rows(result, range(len(result)))
        if result.chips is not None:
            check_chips(result, range(3))


def test_every_option_is_mirrored_or_read_through_the_library() -> None:
    """The core knows every option: it mirrors the engine's use of some (and knows each of
    their values), and reads the others only through the library's tables and functions."""
    from trumpfamily.batch import _rules

    assert set(_rules.MIRRORED) | _rules.THROUGH_LIBRARY == set(OPTION_SPECS)
    assert not set(_rules.MIRRORED) & _rules.THROUGH_LIBRARY
    for name, known in _rules.MIRRORED.items():
        spec = OPTION_SPECS[name][1]
        values = {False, True} if spec.kind == "flag" else set(spec.values)
        assert values <= known, (name, values - known)


def test_every_option_value_is_in_the_house_rules() -> None:
    """The list above sets every value of every choice option somewhere (PITFALLS.md 13)."""
    seen: dict[str, set[Any]] = {}
    for _, variant, _ in HOUSE_RULES:
        for name, value in variant.options().items():
            seen.setdefault(name, set()).add(value)
    for name, (_, spec) in OPTION_SPECS.items():
        # game-level options, which no single hand reads: the first dealer, misdeals, the
        # stakes after a spoil (BatchResult.chips assume a fresh pool), ties at the target
        game_level = ("first_dealer", "misdeal", "spoil_ante", "target_tie")
        if spec.kind == "choice" and name not in game_level:
            assert set(spec.values) <= seen[name], (name, set(spec.values) - seen[name])
        elif spec.kind == "flag":
            assert {False, True} <= seen[name], name


# -- rare paths: hands picked from large batches --------------------------------------------


def _rows(mask: Any, most: int) -> list[int]:
    rows = np.flatnonzero(mask)[:most].tolist()
    assert rows, "the batch never reached this path: enlarge it"
    return list(rows)


def _has_action(result: batch.BatchResult, action: tf.Action) -> Any:
    assert result.actions is not None
    return (result.actions == tf.action_id(action)).any(axis=1)


@pytest.mark.parametrize("policy", POLICIES)
def test_rare_paths_match_the_engine(policy: str) -> None:
    """A turned-up joker (RULES.md §2.8, EX-53), fiving asked and accepted (§2.1.7 (6)),
    jinks that succeed and fail (§1.6), rob declined and Aces robbed by the dealer
    (§1.5), barred holders (EX-51), claims, and every way a hand ends: each path's hands
    found in a large batch and replayed."""
    ends: Counter[int] = Counter()

    joker = tf.SPOIL_FIVE.with_options(joker="third", rob_timing="before-lead", holder_rob="may")
    r = batch.simulate(joker, players=3, hands=6000, seed=11, policy=policy, _trace=True)
    assert r.decks is not None
    turned = r.decks[:, 15] == tf.JK.index
    check_rows(r, _rows(turned, 25))
    ends.update(r.end.tolist())

    fiving = tf.SPOIL_FIVE
    r = batch.simulate(fiving, players=2, hands=3000, seed=12, policy=policy, _trace=True)
    check_rows(r, _rows(_has_action(r, tf.AcceptFive()), 40))
    check_rows(r, _rows(_has_action(r, tf.RefuseFive()) | _has_action(r, tf.DeclineRob()), 20))
    # fiving passes over the joker (fiving.turn_until_new_suit): it lies first in the stock
    r = batch.simulate(fiving.with_options(joker="fourth"), players=2, hands=30000, seed=15,
                       policy=policy, _trace=True)
    assert r.decks is not None
    check_rows(r, _rows(_has_action(r, tf.AcceptFive()) & (r.decks[:, 11] == tf.JK.index), 10))

    jinks = tf.MAW.with_options(robbing=True, holder_rob="may-announce", dealer_rob="may")
    r = batch.simulate(jinks, players=3, hands=4000, seed=13, policy=policy, _trace=True)
    if policy == "random":
        check_rows(r, _rows(r.end == batch.END_CODES.index(tf.scoring.HandEnd.JINK), 20))
        check_rows(r, _rows(r.end == batch.END_CODES.index(tf.scoring.HandEnd.JINK_FAILED), 20))
        check_rows(r, _rows(r.barred >= 0, 30))
        check_rows(r, _rows(_has_action(r, tf.DeclineRob()), 20))
        check_chips(r, _rows(r.end == batch.END_CODES.index(tf.scoring.HandEnd.JINK), 10))
    check_rows(r, _rows(r.robbed_by >= 0, 20))
    check_rows(r, _rows(r.end == batch.END_CODES.index(tf.scoring.HandEnd.CLAIM), 20))
    ends.update(r.end.tolist())

    pairs = tf.TWENTY_FIVE.with_options(unrobbed_ace="cannot-win", holder_rob="may",
                                        partnerships="pairs")
    r = batch.simulate(pairs, players=6, hands=2000, seed=14, policy=policy, _trace=True)
    if policy == "random":
        barred = _rows(r.barred >= 0, 20)
        check_rows(r, barred)
        check_chips(r, barred[:10])
    ends.update(r.end.tolist())

    if policy == "random":
        # a jink won by a side of three with a barred seat: the bonus of 3 chips shared by
        # two seats leaves one in the pool (jinking.jink_payments)
        threes = tf.MAW.with_options(partnerships="threes", robbing=True, jink_bonus="counter")
        r = batch.simulate(threes, players=6, hands=20000, seed=16, policy=policy)
        jinked = r.end == batch.END_CODES.index(tf.scoring.HandEnd.JINK)
        check_chips(r, _rows(jinked & (r.barred >= 0) & (r.barred % 2 == r.winner), 5))
    expected = {"WIN", "CLAIM", "SPOIL"} | ({"JINK", "JINK_FAILED"} if policy == "random" else set())
    assert {batch.END_CODES[e].name for e in ends} >= expected


def test_random_house_rules_match_the_engine() -> None:
    """Random valid combinations of options (seeded), 12 hands each."""
    rng = random.Random(2024)
    checked = 0
    while checked < 40:
        changes: dict[str, Any] = {}
        for name, (_, spec) in OPTION_SPECS.items():
            if rng.random() < 0.3:
                if spec.kind == "choice":
                    changes[name] = rng.choice(spec.values)
                elif spec.kind == "flag":
                    changes[name] = rng.random() < 0.5
                else:
                    top = spec.maximum if spec.maximum is not None else spec.minimum + 5
                    changes[name] = rng.randint(spec.minimum, top)
        try:
            variant = rng.choice(PRESETS).with_options(**changes)
        except tf.TrumpFamilyError:
            continue
        players = rng.choice(table_sizes(variant))
        result = batch.simulate(variant, players=players, hands=12, seed=rng.getrandbits(32),
                                dealer=rng.randrange(players), policy=rng.choice(POLICIES),
                                _trace=True)
        check_rows(result, range(len(result)))
        checked += 1


# -- records, outcomes, invariants -----------------------------------------------------------


def test_record_replays_to_the_same_hand() -> None:
    """``tf.replay(result.record(i))`` rebuilds hand ``i``, through JSON too."""
    result = batch.simulate(tf.TWENTY_FIVE, players=4, hands=20, seed="records", dealer=2)
    for i in range(len(result)):
        record = json.loads(json.dumps(result.record(i)))
        state = tf.replay(record)
        assert state.is_over
        assert state.dealer == (2 + i) % 4 == result.dealer_of(i)
        assert state.record() == result.record(i)
        assert state.deck == result.deck(i)
        assert state.actions == result.actions_of(i)
        assert state.outcome == result.outcome(i)


def test_pool_invariants() -> None:
    """RULES.md §1.7: chips are never created or lost; the winner has the tricks."""
    result = batch.simulate(tf.SPOIL_FIVE, players=5, hands=20000, seed=5,
                            keep_decks=False, keep_actions=False)
    assert result.chips is not None and result.pool is not None
    assert (result.chips.astype(np.int64).sum(axis=1) + result.pool == 0).all()
    assert (result.tricks.sum(axis=1) == result.tricks_played).all()
    won = result.winner >= 0
    rows = np.flatnonzero(won)
    assert (result.tricks[rows, result.winner[rows]] >= 3).all()
    assert ((result.end == 4) == ~won & (result.end != 3)).all()
    assert result.points is None and result.best_trump is None


def test_points_invariants() -> None:
    """RULES.md §2.4: five tricks of 5 points, 30 with the best-trump trick (EX-70)."""
    result = batch.simulate(tf.FORTY_FIVE, players=3, hands=5000, seed=6)
    assert result.points is not None and result.best_trump_trick is not None
    totals = result.points.astype(np.int64).sum(axis=1)
    assert set(totals.tolist()) <= {25, 30}
    assert ((totals == 30) == (result.best_trump_trick >= 0)).all()
    assert (result.end == batch.END_CODES.index(tf.scoring.HandEnd.POINTS)).all()
    assert (result.winner == -1).all() and (result.tricks_played == 5).all()
    assert result.chips is None and result.pool is None


# -- determinism, chunks ---------------------------------------------------------------------


def _arrays(result: batch.BatchResult) -> dict[str, Any]:
    fields = attrs.fields(batch.BatchResult)
    return {f.name: getattr(result, f.name) for f in fields
            if isinstance(getattr(result, f.name), np.ndarray)}


def _same(a: batch.BatchResult, b: batch.BatchResult) -> bool:
    x, y = _arrays(a), _arrays(b)
    return x.keys() == y.keys() and all(np.array_equal(x[k], y[k]) for k in x)


@pytest.mark.parametrize("policy", POLICIES)
def test_same_seed_same_hands(policy: str) -> None:
    args: dict[str, Any] = {"players": 4, "hands": 3000, "dealer": 1, "policy": policy}
    a = batch.simulate(tf.MAW, seed=77, **args)
    assert _same(a, batch.simulate(tf.MAW, seed=77, **args))
    assert not _same(a, batch.simulate(tf.MAW, seed=78, **args))
    assert not _same(a, batch.simulate(tf.MAW, seed="77", **args))
    assert _same(batch.simulate(tf.MAW, seed=b"x", **args),
                 batch.simulate("maw", seed=bytearray(b"x"), **args))


def test_unseeded_batch_keeps_its_seed() -> None:
    a = batch.simulate(tf.SPOIL_FIVE, players=3, hands=200, seed=None)
    assert isinstance(a.seed, int)
    assert _same(a, batch.simulate(tf.SPOIL_FIVE, players=3, hands=200, seed=a.seed))


def test_chunks_are_the_same_hands() -> None:
    """``chunks`` deals and plays the very hands of ``simulate``, numbered on."""
    whole = batch.simulate(tf.SPOIL_FIVE, players=5, hands=2500, seed=3, dealer=4)
    parts = list(batch.chunks(tf.SPOIL_FIVE, players=5, hands=2500, seed=3, dealer=4,
                              chunk_size=1000))
    assert [(p.first, len(p)) for p in parts] == [(0, 1000), (1000, 1000), (2000, 500)]
    for name, array in _arrays(whole).items():
        joined = np.concatenate([getattr(p, name) for p in parts])
        assert np.array_equal(array, joined), name
    assert parts[2].dealer_of(0) == whole.dealer_of(2000) == (4 + 2000) % 5
    assert parts[1].record(3) == whole.record(1003)
    assert parts[1].outcome(3) == whole.outcome(1003)
    slim = list(batch.chunks(tf.SPOIL_FIVE, players=5, hands=2500, seed=3, dealer=4,
                             chunk_size=700, keep_decks=False, keep_actions=False))
    assert slim[0].decks is None and slim[0].actions is None
    assert np.array_equal(np.concatenate([p.chips for p in slim]), whole.chips)
    assert list(batch.chunks(tf.MAW, players=3, hands=0, seed=1)) == []


def test_random_policy_is_uniform() -> None:
    """``"random"``: each legal action equally likely, like ``tf.RandomPlayer``; and the
    shuffle: each card equally likely on top. Seeded, so the counts are fixed; the bounds
    are about six standard deviations."""
    r = batch.simulate(tf.SPOIL_FIVE, players=4, hands=20000, seed=8, _trace=True)
    assert r._legal is not None and r.actions is not None and r.decks is not None
    rank: dict[int, Counter[int]] = {}
    for i in range(0, len(r), 4):
        for step, action in enumerate(r.actions[i].tolist()):
            if action < 0:
                break
            plays, other = (int(x) for x in r._legal[i, step])
            ids = [b for b in range(53) if plays >> b & 1] + [
                FIRST_OTHER + b for b in range(60) if other >> b & 1]
            rank.setdefault(len(ids), Counter())[ids.index(action)] += 1
    for k in range(2, 6):
        counts = rank[k]
        total = sum(counts.values())
        assert total > 2000
        expected = total / k
        assert all(abs(counts[j] - expected) < 6 * (expected ** 0.5) for j in range(k)), (k, counts)
    top = np.bincount(r.decks[:, 0].astype(np.int64), minlength=52)
    expected = len(r) / 52
    chi2 = float(((top - expected) ** 2 / expected).sum())
    assert chi2 < 120, chi2  # 51 degrees of freedom


# -- the arrays ------------------------------------------------------------------------------


def test_shapes_and_dtypes() -> None:
    pool = batch.simulate(tf.SPOIL_FIVE, players=5, hands=30, seed=1)
    assert pool.decks is not None and pool.actions is not None
    assert pool.decks.shape == (30, 52) and pool.decks.dtype == np.int8
    assert pool.actions.shape == (30, 6 * 5 + 6) and pool.actions.dtype == np.int16
    for name in ("tricks", "chips"):
        assert getattr(pool, name).shape == (30, 5)
    assert pool.tricks.dtype == np.int8 and pool.chips is not None and pool.chips.dtype == np.int16
    for name in ("tricks_played", "end", "winner", "trump", "robbed_by", "announced", "barred"):
        array = getattr(pool, name)
        assert array.shape == (30,) and array.dtype == np.int8, name
    assert pool.pool is not None and pool.pool.dtype == np.int16
    assert len(pool) == 30 and "30 hands" in repr(pool) and pool.sides == tuple((s,) for s in range(5))
    with pytest.raises(ValueError):
        pool.tricks[0, 0] = 9  # read-only

    points = batch.simulate(tf.FORTY_FIVE, players=6, hands=7, seed=1, keep_decks=False)
    assert points.decks is None and points.actions is not None
    assert points.points is not None and points.points.shape == (7, 6)
    assert points.points.dtype == np.int16
    assert points.best_trump is not None and points.best_trump.dtype == np.int8
    assert points.chips is None and points.pool is None

    joker = batch.simulate(tf.MAW.with_options(joker="third"), players=10, hands=3, seed=1)
    assert joker.decks is not None and joker.decks.shape == (3, 53)
    assert sorted(joker.decks[0].tolist()) == list(range(53))
    empty = batch.simulate(tf.MAW, players=2, hands=0, seed=1)
    assert len(empty) == 0 and empty.tricks.shape == (0, 2)
    assert batch.END_CODES == tuple(tf.scoring.HandEnd)


# -- refusals --------------------------------------------------------------------------------


def test_argument_errors() -> None:
    ok: dict[str, Any] = {"players": 4, "hands": 10, "seed": 1}
    with pytest.raises(tf.UnknownVariantError):
        batch.simulate("whist", **ok)
    with pytest.raises(tf.PlayerCountError):
        batch.simulate(tf.FORTY_FIVE, players=7, hands=1, seed=1)
    with pytest.raises(tf.PlayerCountError):
        batch.simulate(tf.SPOIL_FIVE, **ok, dealer=4)
    for players in (4.0, True, "4"):
        with pytest.raises(tf.PlayerCountError):
            batch.simulate(tf.SPOIL_FIVE, players=players, hands=1, seed=1)
    for bad in ({"hands": -1}, {"hands": True}, {"hands": 2.0}, {"seed": 1.5},
                {"seed": True}, {"seed": [1]}, {"policy": "greedy"}, {"policy": ["random"]},
                {"keep_decks": 1},
                {"keep_actions": None}):
        with pytest.raises(tf.InvalidArgumentError):
            batch.simulate(tf.SPOIL_FIVE, **{**ok, **bad})
    with pytest.raises(tf.InvalidArgumentError, match="chunk_size"):
        batch.chunks(tf.SPOIL_FIVE, **ok, chunk_size=0)  # before iterating
    slim = batch.simulate(tf.SPOIL_FIVE, **ok, keep_decks=False, keep_actions=False)
    with pytest.raises(tf.InvalidArgumentError, match="keep_decks"):
        slim.record(0)
    with pytest.raises(tf.InvalidArgumentError, match="keep_actions"):
        slim.actions_of(0)
    for row in (10, -1, True, 1.0):
        with pytest.raises(tf.InvalidArgumentError):
            slim.outcome(row)  # type: ignore[arg-type]


def test_unsupported_options_are_refused() -> None:
    """An option value the core does not know is refused, naming it, not simulated
    wrongly; so are stakes too large for the int16 chips."""
    odd = tf.Robbing()
    object.__setattr__(odd, "holder_rob", "sometimes")  # a value from a future release
    variant = attrs.evolve(tf.SPOIL_FIVE, robbing=odd)
    with pytest.raises(tf.InvalidVariantError, match="holder_rob='sometimes'"):
        batch.simulate(variant, players=3, hands=1, seed=1)
    rich = tf.SPOIL_FIVE.with_options(ante=500, dealer_ante=500)
    with pytest.raises(tf.InvalidVariantError, match="int16"):
        batch.simulate(rich, players=3, hands=1, seed=1)
    with pytest.raises(tf.InvalidVariantError, match="points_per_trick=1000"):
        batch.simulate(tf.FORTY_FIVE.with_options(points_per_trick=1000), players=2, hands=1,
                       seed=1)
    for bidding in getattr(tf.variants, "BIDDING_VARIANTS", {}).values():  # BIDDING.md
        with pytest.raises(tf.InvalidVariantError, match="not the bidding game"):
            batch.simulate(bidding, players=4, hands=1, seed=1)


def test_the_extra_is_optional() -> None:
    """Without numba, ``import trumpfamily`` works and ``trumpfamily.batch`` says how to
    install it."""
    code = (
        "import sys\n"
        "sys.modules['numba'] = None\n"
        "import trumpfamily\n"
        "assert 'trumpfamily.batch' not in sys.modules\n"
        "try:\n"
        "    import trumpfamily.batch\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'trumpfamily[batch]'" in out.stdout, out.stdout + out.stderr


def test_more_hands_than_memory_is_refused_with_a_pointer_to_chunks() -> None:
    with pytest.raises(tf.InvalidArgumentError, match=r"use batch\.chunks"):
        batch.simulate(tf.SPOIL_FIVE, players=5, hands=2**40, seed=1)


# -- issue 19: a silent holder's bar is his secret --------------------------------------------

ROBBING_GRID = [
    (unrobbed, timing, holder)
    for unrobbed in OPTION_SPECS["unrobbed_ace"][1].values
    for timing in OPTION_SPECS["rob_timing"][1].values
    for holder in OPTION_SPECS["holder_rob"][1].values
]


def test_every_robbing_rule_plays_on_a_secret_bar_and_settles_it_as_the_engine() -> None:
    """Issue 19, RULES.md §1.5, EX-51: every ``unrobbed_ace`` with every ``rob_timing``
    and ``holder_rob``, with and without jinking. The core plays on while a silent holder's
    bar is his secret and settles it at the end as the engine does (a barred claim or
    win: ``end`` CLAIM or WIN with ``winner`` -1; a jink that fails without losing a
    trick, once the Ace shows). Every barred row and every settled one is replayed."""
    ends = batch.END_CODES
    claim, win, failed = (ends.index(e) for e in (
        tf.scoring.HandEnd.CLAIM, tf.scoring.HandEnd.WIN, tf.scoring.HandEnd.JINK_FAILED))
    seen = Counter[str]()
    for n, (unrobbed, timing, holder) in enumerate(ROBBING_GRID):
        for base, players in ((tf.SPOIL_FIVE, 3),
                              (tf.SPOIL_FIVE.with_options(jinking=False), 3)):
            variant = base.with_options(unrobbed_ace=unrobbed, rob_timing=timing,
                                        holder_rob=holder)
            r = batch.simulate(variant, players=players, hands=400, seed=n, _trace=True)
            barred = r.barred >= 0
            settled = barred & ((r.end == claim) | (r.end == win)) & (r.winner < 0)
            rows = np.flatnonzero(barred).tolist()
            check_rows(r, rows[:8] + np.flatnonzero(settled).tolist())
            check_chips(r, np.flatnonzero(settled)[:3].tolist())
            seen["claim"] += int((settled & (r.end == claim)).sum())
            seen["win"] += int((settled & (r.end == win)).sum())
            for i in np.flatnonzero(barred & (r.end == failed)).tolist():
                state = replay_hand(r, i)
                if state.tricks[-1].winner == int(r.barred[i]):  # no trick lost
                    seen["jink"] += 1
    assert seen["claim"] and seen["win"] and seen["jink"], seen
