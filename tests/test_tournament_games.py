"""Tournaments of whole games (issue 20, part 4): ``tf.tournament(..., unit="game")`` deals
the same deck sequence under every rotation, gives the bots views with the game's context,
caps long games, reports game-win rates with their intervals, gives one result whatever
the executor; and the hook for cheating oracles (``choose_state``) in ``Game.play`` and
the tournament."""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import json
import math
from collections import defaultdict
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.engine import HandState, new_hand
from trumpfamily.errors import InvalidArgumentError
from trumpfamily.outcomes import BiddingView
from trumpfamily.players import is_oracle
from trumpfamily.tournament import (
    _game_result,
    _GameRow,
    _Plan,
    _play_game,
    bot_factory,
    duplicate_game,
    t_critical,
)

tmod = importlib.import_module("trumpfamily.tournament")  # tf.tournament is the function

# -- bots that record what they were shown ----------------------------------------------

SEEN: list[tuple[Any, ...]] = []  # (kind, seed, seat, hand_number, scores, target, deck?)


class Watcher:
    """Plays the rule of thumb; logs the game context of every view it is shown."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._thumb = tf.RuleOfThumbPlayer()

    def choose(self, view: Any) -> tf.Action:
        assert isinstance(view, BiddingView | tf.SeatView)  # a view, never a hand state
        game = view.game
        SEEN.append(("view", self.seed, view.seat, game.hand_number, game.scores, game.target))
        return self._thumb.choose(view)


class FirstLegalOracle:
    """A (useless) cheating bot: it is handed the whole hand and plays its first legal
    action; it logs the type of what it was given."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose_state(self, state: Any, seat: int) -> tf.Action:
        SEEN.append(("oracle", self.seed, seat, type(state).__name__, state.to_act,
                     len(state.hands) if hasattr(state, "hands") else None))
        return state.legal_actions()[0]


@pytest.fixture(autouse=True)
def _clear() -> None:
    SEEN.clear()


# -- the deck sequence -----------------------------------------------------------------------

@pytest.mark.parametrize("variant", [tf.AUCTION_45, tf.NOVA_SCOTIA_45, tf.FORTY_FIVE])
def test_each_deck_is_the_engines_shuffle_for_its_seed_game_and_hand(variant: tf.Variant) -> None:
    dealer, decks = duplicate_game(variant, players=4, seed="s", game=7, hands=3)
    assert dealer == 3
    for h, deck in enumerate(decks, start=1):
        stream = tmod._stream("s", "game-deck", 7, h)
        assert deck == new_hand(variant, players=4, dealer=0, seed=stream).deck
    assert len(set(decks)) == 3
    assert decks != duplicate_game(variant, players=4, seed="s", game=8, hands=3)[1]


def test_every_rotation_is_dealt_the_same_deck_sequence() -> None:
    plan = _Plan(tf.AUCTION_45, 4, ("a", "b"), (bot_factory("random"), bot_factory(Watcher)),
                 (0, 1, 0, 1), True, 5, "game", 60)
    decks: list[Any] = []
    records = [_play_game(plan, 2, r, 2, decks)[1].record() for r in range(4)]
    _, expected = duplicate_game(tf.AUCTION_45, players=4, seed=5, game=2, hands=60)
    lengths = set()
    for record in records:
        dealt = [tuple(tf.Card.parse(c) for c in d["deck"]) for d in record["deals"]]
        assert dealt == list(expected[:len(dealt)])
        assert record["deals"][0]["dealer"] == 2
        lengths.add(len(dealt))
    assert len(lengths) > 1  # the games did diverge: the duplicate is the deck sequence


def test_a_game_that_outruns_its_decks_is_replayed_with_more(monkeypatch: Any) -> None:
    plan = _Plan(tf.AUCTION_45, 4, ("a", "b"), (bot_factory("random"),) * 2,
                 (0, 1, 0, 1), True, 3, "game", 60)
    _, game = _play_game(plan, 0, 1, 0, [])
    monkeypatch.setattr(tmod, "_FIRST_DECKS", 1)
    decks: list[Any] = []
    _, again = _play_game(plan, 0, 1, 0, decks)
    assert len(game.outcomes) > 2  # random bidders take many hands: the 1 deck ran out
    assert again.record() == game.record()
    assert len(decks) >= len(game.outcomes)


# -- views with the game's context ------------------------------------------------------------

def test_the_bots_are_shown_the_games_context_hand_after_hand() -> None:
    result = tf.tournament({"w": Watcher, "r": "rule-of-thumb"}, tf.AUCTION_45, deals=1,
                           seed=4, executor="serial", unit="game")
    assert result.deal_unit == "game"
    by_bot: dict[int, list[tuple[int, Any]]] = defaultdict(list)
    for _, seed, _, number, scores, target in SEEN:
        assert target == 120
        by_bot[seed].append((number, scores))
    assert len(by_bot) == 2 * 2  # two Watcher seats in each of 2 rotations (W R W R), one bot a game
    for seen in by_bot.values():
        numbers = [n for n, _ in seen]
        assert numbers == sorted(numbers) and numbers[0] == 1 and numbers[-1] > 3
        assert seen[0][1] == (0, 0)
        assert any(scores != (0, 0) for _, scores in seen)


# -- results ------------------------------------------------------------------------------------

def test_serial_and_a_two_process_pool_give_the_same_result() -> None:
    args = {"deals": 3, "seed": 9, "unit": "game", "players": 4}
    bots = ["rule-of-thumb", "random"]
    serial = tf.tournament(bots, tf.NOVA_SCOTIA_45, executor="serial", **args)
    with cf.ProcessPoolExecutor(max_workers=2) as pool:
        pooled = tf.tournament(bots, tf.NOVA_SCOTIA_45, executor=pool, chunk_size=1, **args)
    assert pooled == serial
    assert serial.bot("rule-of-thumb").win_rate > 0.5


def test_a_game_result_adds_up() -> None:
    result = tf.tournament(["rule-of-thumb", "random"], tf.FORTY_FIVE, players=2, deals=6,
                           seed=2, executor="serial", unit="game")
    thumb, rnd = result.bots
    assert (thumb.games, rnd.games) == (12, 12)
    assert all(math.isclose(a + b, 1.0) for a, b in result.per_deal_wins)  # one winner a game
    assert math.isclose(thumb.win_rate + rnd.win_rate, 1.0)
    assert result.capped == 0 and result.max_hands == 60
    # Forty-Five to 45: a game lasts at least 2 hands (30 points a hand at most), under 15
    assert all(2 <= h < 15 for h in result.per_deal_hands)
    assert thumb.hands == rnd.hands == round(sum(result.per_deal_hands) * 2)
    assert math.isclose(thumb.hands_per_game or 0, thumb.hands / 12)
    pair = result.versus("rule-of-thumb", "random")
    assert pair.win_mean is not None
    assert math.isclose(pair.win_mean, thumb.win_rate - rnd.win_rate)
    assert result.versus("random", "rule-of-thumb").win_mean == -pair.win_mean
    assert "game wins" in str(result) and "hands/game" in str(result)
    assert tf.TournamentResult.from_json(json.loads(json.dumps(result.to_json()))) == result


def test_game_statistics_on_a_hand_computed_example() -> None:
    plan = _Plan(tf.AUCTION_45, 4, ("a", "b"), (bot_factory("random"),) * 2,
                 (0, 1, 0, 1), True, 1, "game", 60)
    rows = [_GameRow((10.0, -2.0), (1.0, 0.0), (120.0, -24.0), (48, 48), 12.0, 0, 0),
            _GameRow((4.0, 6.0), (0.5, 0.5), (40.0, 60.0), (40, 40), 10.0, 4, 2),
            _GameRow((8.0, 0.0), (1.0, 0.0), (100.0, 0.0), (50, 50), 12.5, 0, 0)]
    result = _game_result(plan, 3, rows, (False, True))
    a, b = result.bots
    assert (a.games, a.hands, b.oracle, a.oracle) == (12, 138, True, False)  # 2 seats x 2 rotations x 3 games
    assert math.isclose(a.win_rate, 2.5 / 3) and math.isclose(a.points_per_game or 0, 260 / 3)
    half = t_critical(2) * math.sqrt(1 / 12) / math.sqrt(3)  # sd of (1, .5, 1): sqrt(1/12)
    assert math.isclose(a.win_ci_low or 0, 2.5 / 3 - half)
    assert a.win_ci_high == 1.0  # clipped to 0..1
    assert math.isclose(a.mean, 22 / 3) and math.isclose(a.hands_per_game or 0, 34.5 / 3)
    pair = result.versus("a", "b")
    assert math.isclose(pair.win_mean or 0, 2 / 3)
    assert math.isclose(pair.mean, (12 - 2 + 8) / 3)
    assert (result.capped, result.drawn) == (4, 2)
    assert "(oracle" in result.table().splitlines()[3]


def test_a_capped_game_goes_to_the_leader_and_a_tie_is_a_draw() -> None:
    # one hand, then the cap: the side ahead wins, a hand thrown in (0-0) is a draw
    result = tf.tournament(["rule-of-thumb", "random"], tf.AUCTION_45, deals=8, seed=1,
                           executor="serial", unit="game", max_hands=1)
    assert result.capped == 8 * 2 and all(h == 1 for h in result.per_deal_hands)
    draws = 0
    for game in range(8):
        dealer, _ = duplicate_game(tf.AUCTION_45, players=4, seed=1, game=game, hands=1)
        plan = _Plan(tf.AUCTION_45, 4, ("rule-of-thumb", "random"),
                     (bot_factory("rule-of-thumb"), bot_factory("random")), (0, 1, 0, 1), True,
                     1, "game", 1)
        won = 0.0
        for rotation in range(2):  # R r R r: rotations 2 and 3 would repeat 0 and 1
            seats, g = _play_game(plan, game, rotation, dealer, [])
            top = max(g.scores)
            leaders = [side for side, x in enumerate(g.scores) if x == top]
            draws += len(leaders) > 1
            won += sum(1 / len(leaders) for seat in range(4)
                       if seats[seat] == 0 and seat % 2 in leaders)
        assert math.isclose(result.per_deal_wins[game][0], won / 4)  # 2 seats x 2 rotations
    assert result.drawn == draws == 1


def test_a_game_of_a_fixed_number_of_hands_ends_by_its_own_count() -> None:
    variant = tf.AUCTION_45.with_options(finish="hands", finish_hands=4)
    result = tf.tournament(["rule-of-thumb", "random"], variant, deals=2, seed=3,
                           executor="serial", unit="game")
    assert all(h >= 4 for h in result.per_deal_hands) and result.capped == 0


def test_the_hand_unit_is_unchanged() -> None:
    kwargs = {"deals": 4, "seed": 6, "executor": "serial"}
    given = tf.tournament(["rule-of-thumb", "random"], tf.AUCTION_45, unit="hand", **kwargs)
    default = tf.tournament(["rule-of-thumb", "random"], tf.AUCTION_45, **kwargs)
    assert given == default and default.deal_unit == "hand" and default.per_deal_points == ()
    assert default.bots[0].games is None and default.versus("rule-of-thumb", "random").win_mean is None


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"unit": "match"}, "unit='match'"),
    ({"unit": "game", "max_hands": 0}, "max_hands=0"),
    ({"unit": "game", "max_hands": True}, "max_hands=True"),
])
def test_bad_unit_or_cap_is_refused(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidArgumentError, match=words):
        tf.tournament(["random", "random"], tf.AUCTION_45, deals=1, seed=1, **kwargs)


def test_a_pool_game_has_no_game_to_play_to() -> None:
    with pytest.raises(InvalidArgumentError, match="pool game.*unit='hand'"):
        tf.tournament(["random", "random"], tf.SPOIL_FIVE, deals=1, seed=1, unit="game")


# -- the cheating oracle hook ---------------------------------------------------------------

def test_game_play_hands_an_oracle_the_whole_hand() -> None:
    game = tf.Game(tf.AUCTION_45, players=4, seed=2, hands=2)
    game.play([FirstLegalOracle(0), Watcher(1), FirstLegalOracle(2), Watcher(3)])
    kinds = {(entry[0], entry[2]) for entry in SEEN}
    assert kinds == {("oracle", 0), ("oracle", 2), ("view", 1), ("view", 3)}
    assert {entry[3] for entry in SEEN if entry[0] == "oracle"} == {"BiddingHand"}
    assert all(entry[4] == entry[2] for entry in SEEN if entry[0] == "oracle")
    assert is_oracle(FirstLegalOracle(0)) and not is_oracle(Watcher(0))


@pytest.mark.parametrize("unit", ["hand", "game"])
def test_the_tournament_dispatches_to_an_oracle_and_labels_it(unit: str) -> None:
    result = tf.tournament({"oracle": FirstLegalOracle, "w": Watcher}, tf.FORTY_FIVE,
                           deals=2, seed=8, executor="serial", unit=unit)
    assert [b.oracle for b in result.bots] == [True, False]
    assert "(oracle" in str(result)
    oracle = [e for e in SEEN if e[0] == "oracle"]
    assert oracle and {e[3] for e in oracle} == {HandState.__name__}
    assert {e[5] for e in oracle} == {4}  # it holds every seat's cards
    assert any(e[0] == "view" for e in SEEN)


def test_the_heading_counts_one_game_and_one_deal_in_the_singular() -> None:
    games = tf.tournament(["rule-of-thumb", "random"], tf.AUCTION_45, deals=1, seed=1,
                          executor="serial", unit="game", max_hands=2)
    assert games.table().startswith("Auction Forty-Fives, 4 players, 1 game x 2 rotations ")
    hands = tf.tournament(["rule-of-thumb", "random"], tf.AUCTION_45, deals=2, seed=1,
                          executor="serial")
    assert hands.table().startswith("Auction Forty-Fives, 4 players, 2 deals x 2 rotations ")
