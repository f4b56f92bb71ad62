"""Duplicate tournaments of the Maija games through ``tf.tournament`` (MAIJA.md §S,
trumpfamily.maija.tournament): the same TournamentResult, head to head, intervals and
ratings as the other games."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

import trumpfamily as tf
from trumpfamily.maija import KITUMAIJA, MUSTAMAIJA, MaijaView, new_maija_hand
from trumpfamily.maija.actions import MaijaAction
from trumpfamily.maija.players import MaijaRuleOfThumbPlayer
from trumpfamily.maija.tournament import MAIJA_BOTS, maija_duplicate_deal


class FirstLegal:
    """A deterministic bot of the test: the first legal action (no seed)."""

    def choose(self, view: MaijaView) -> MaijaAction:
        return view.legal_actions[0]


def test_rule_of_thumb_beats_random_with_an_interval_above_zero() -> None:
    result = tf.tournament(["rule-of-thumb", "random"], "Mustamaija", players=3, deals=20,
                           seed=1, executor="serial")
    assert result.variant is MUSTAMAIJA and result.unit == "escapes"
    assert result.seating == ("rule-of-thumb", "random", "rule-of-thumb")
    assert result.rotations == 3 and [b.hands for b in result.bots] == [120, 60]
    h = result.versus("rule-of-thumb", "random")
    # the head to head is the mean of the per-deal differences, its interval excludes 0
    diffs = [row[0] - row[1] for row in result.per_deal]
    assert h.mean == pytest.approx(sum(diffs) / 20)
    assert h.ci_low is not None and h.ci_high is not None
    assert 0 < h.ci_low < h.mean < h.ci_high
    # exactly one loser a hand: the escapes of every seat-hand sum to (n - 1) per hand
    escaped = sum(b.mean * b.hands for b in result.bots)
    assert escaped == pytest.approx(20 * 3 * 2)
    assert all(b.win_rate == b.mean for b in result.bots)
    ratings = {r.bot: r for r in result.ratings()}
    assert ratings["rule-of-thumb"].low > 0 > ratings["random"].high
    assert "rule-of-thumb better" in result.table()


def test_kitumaija_rule_of_thumb_beats_random_heads_up() -> None:
    result = tf.tournament({"thumb": "rule-of-thumb", "random": "random"}, KITUMAIJA,
                           deals=20, seed=2, executor="serial")
    assert result.players == 2 and result.rotations == 2
    h = result.versus("thumb", "random")
    assert h.ci_low is not None and h.ci_low > 0


def test_the_self_play_canary_contains_zero() -> None:
    # two random bots with streams of their own: no difference to find
    result = tf.tournament(["random", "random"], MUSTAMAIJA, players=3, deals=30, seed=3,
                           executor="serial")
    h = result.versus("random", "random-2")
    assert h.ci_low is not None and h.ci_high is not None
    assert h.ci_low < 0 < h.ci_high
    assert h.ci_high - h.ci_low > 0.05  # a real interval, not a degenerate one


def test_per_deal_results_are_the_hands_played_from_the_deals_deck() -> None:
    # deterministic bots: deal 0 replayed by hand, rotation by rotation, from its deck
    result = tf.tournament({"thumb": MaijaRuleOfThumbPlayer, "first": FirstLegal},
                           MUSTAMAIJA, players=4, deals=3, seed="x", executor="serial")
    assert result.rotations == 2  # A B A B repeats after two seats
    for deal in range(3):
        dealer, deck = maija_duplicate_deal(MUSTAMAIJA, players=4, seed="x", deal=deal)
        assert dealer == deal % 4 and sorted(map(str, deck)) == sorted(
            map(str, new_maija_hand(MUSTAMAIJA, 4, seed=0).deck))
        escapes = {0: 0, 1: 0}
        for rotation in range(2):
            bots: list[Any] = [MaijaRuleOfThumbPlayer() if (s + rotation) % 2 == 0
                               else FirstLegal() for s in range(4)]
            hand = new_maija_hand(MUSTAMAIJA, 4, dealer=dealer, deck=deck)
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                hand = hand.apply(bots[seat].choose(hand.view(seat)))
            for s in range(4):
                escapes[(s + rotation) % 2] += s != hand.loser
        assert result.per_deal[deal] == (escapes[0] / 4, escapes[1] / 4)
    assert maija_duplicate_deal(MUSTAMAIJA, players=4, seed="x", deal=1)[1] != \
        maija_duplicate_deal(MUSTAMAIJA, players=4, seed="x", deal=0)[1]


class Recording(MaijaRuleOfThumbPlayer):
    """The rule of thumb, noting every view it is shown (serial runs only)."""

    views: ClassVar[list[MaijaView]] = []

    def choose(self, view: MaijaView) -> MaijaAction:
        Recording.views.append(view)
        return super().choose(view)


def test_every_rotation_is_dealt_the_deals_deck() -> None:
    Recording.views.clear()
    tf.tournament({"a": Recording, "b": Recording}, MUSTAMAIJA, players=3, deals=2, seed=5,
                  executor="serial")
    first = [v for v in Recording.views if v.stock == 37 and v.phase == "lead"
             and v.hand_sizes == (5, 5, 5)]  # eldest's view before the first lead
    expected = []
    for deal in range(2):
        dealer, deck = maija_duplicate_deal(MUSTAMAIJA, players=3, seed=5, deal=deal)
        dealt = new_maija_hand(MUSTAMAIJA, 3, dealer=dealer, deck=deck)
        expected += [((dealer + 1) % 3, dealt.hands[(dealer + 1) % 3])] * 3  # 3 rotations
    assert [(v.seat, v.hand) for v in first] == expected


def test_process_pool_and_chunks_equal_the_serial_run() -> None:
    kwargs: dict[str, Any] = {"players": 3, "deals": 6, "seed": 4}
    serial = tf.tournament(["rule-of-thumb", "random"], "Musta Maija", executor="serial",
                           **kwargs)
    pooled = tf.tournament(["rule-of-thumb", "random"], "Musta Maija", workers=2,
                           chunk_size=2, **kwargs)
    assert pooled == serial
    other = tf.tournament(["rule-of-thumb", "random"], "Musta Maija", executor="serial",
                          **{**kwargs, "seed": 5})
    assert other.per_deal != serial.per_deal


def test_without_duplicate_one_rotation_a_deal() -> None:
    result = tf.tournament(["rule-of-thumb", "random"], MUSTAMAIJA, players=3, deals=9,
                           duplicate=False, seed=6, executor="serial")
    assert result.rotations == 1 and [b.hands for b in result.bots] == [18, 9]


def test_a_result_round_trips_through_json() -> None:
    result = tf.tournament(["rule-of-thumb", "random"], KITUMAIJA.with_options(
        pile_take="whole-pile"), deals=3, seed=7, executor="serial")
    text = json.dumps(result.to_json())
    back = tf.TournamentResult.from_json(text)
    assert back == result and back.variant.options() == result.variant.options()
    assert tf.from_json(json.loads(text), tf.TournamentResult) == result
    assert json.loads(text)["variant"]["options"]["pile_take"] == "whole-pile"
    data = json.loads(text)
    data["variant"]["options"]["lead_cap"] = 9
    with pytest.raises(tf.DecodeError, match="lead_cap"):
        tf.TournamentResult.from_json(data)
    data["variant"]["options"] = {f"x{i}": i for i in range(100_000)}
    with pytest.raises(tf.DecodeError) as info:
        tf.TournamentResult.from_json(data)
    assert len(str(info.value)) < 2000


@pytest.mark.parametrize(("bots", "kwargs", "error", "match"), [
    (["ismcts", "random"], {}, tf.InvalidArgumentError, "trick-taking games"),
    (["rule-of-thumb", "random"], {"unit": "game"}, tf.InvalidArgumentError, "one-hand deals"),
    (["rule-of-thumb", "random"], {"players": 2}, tf.PlayerCountError, "3 to 5"),
    (["rule-of-thumb"], {}, tf.InvalidArgumentError, "at least 2 bots"),
    (["rule-of-thumb", "random"], {"deals": 0}, tf.InvalidArgumentError, "deals=0"),
    (["rule-of-thumb", "random"], {"seed": 1.5}, tf.InvalidArgumentError, "seed"),
])
def test_bad_input_is_refused(bots: list[str], kwargs: dict[str, Any], error: type,
                              match: str) -> None:
    with pytest.raises(error, match=match):
        tf.tournament(bots, "Mustamaija", **{"deals": 2, "executor": "serial", **kwargs})


def test_the_maija_bots_by_name() -> None:
    assert set(MAIJA_BOTS) == {"random", "rule-of-thumb"}
    result = tf.tournament([MAIJA_BOTS["rule-of-thumb"], "random"], MUSTAMAIJA, players=3,
                           deals=1, seed=8, executor="serial")
    assert result.names == ("MaijaRuleOfThumbPlayer", "random")
    assert result.bots[0].ci_low is None  # one deal: no interval


def test_a_bot_that_breaks_the_rules_is_named() -> None:
    class Cheat:
        def choose(self, view: MaijaView) -> str:
            return "take"  # not legal when leading

    with pytest.raises(tf.IllegalActionError, match="deal 0, rotation 0: bot 'cheat' at seat"):
        tf.tournament({"cheat": Cheat, "random": "random"}, MUSTAMAIJA, players=3, deals=1,
                      seed=9, executor="serial")
