"""The Maija bots (MAIJA.md §S): the rule of thumb beats random in a duplicate comparison
(the same deals, the bot in each seat in turn; the paired interval excludes 0), and both
choose only legal actions from a seat's view."""

from __future__ import annotations

import pytest

from trumpfamily.errors import InvalidArgumentError
from trumpfamily.maija import KITUMAIJA, MUSTAMAIJA, SPARDAME, new_maija_hand
from trumpfamily.maija.match import duplicate_comparison, play_maija_match
from trumpfamily.maija.players import MaijaRandomPlayer, MaijaRuleOfThumbPlayer


@pytest.mark.parametrize(("variant", "players"),
                         [(MUSTAMAIJA, 3), (MUSTAMAIJA, 4), (KITUMAIJA, 3), (SPARDAME, 4)],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_the_rule_of_thumb_loses_less_than_random(variant, players) -> None:  # type: ignore[no-untyped-def]
    result = duplicate_comparison(variant, players, MaijaRuleOfThumbPlayer, MaijaRandomPlayer,
                                  deals=20, seed=7)
    assert result.pairs == 20 * players
    assert result.high < 0, result  # fewer losses per hand, the interval excluding 0


def test_random_against_itself_is_no_better() -> None:
    """The comparison can fail: random against random is not found better."""
    result = duplicate_comparison(MUSTAMAIJA, 3, lambda: MaijaRandomPlayer(99),
                                  MaijaRandomPlayer, deals=25, seed=7)
    assert result.low < 0 < result.high or result.mean >= 0


def test_a_bot_asked_out_of_turn_is_refused() -> None:
    hand = new_maija_hand(MUSTAMAIJA, 3, seed=1)
    with pytest.raises(InvalidArgumentError):
        MaijaRuleOfThumbPlayer().choose(hand.view((hand.to_act + 1) % 3))


def test_a_match_by_fewest_losses_and_last_unbeaten() -> None:
    bots = [MaijaRuleOfThumbPlayer(), MaijaRandomPlayer(1), MaijaRandomPlayer(2)]
    fewest = play_maija_match(MUSTAMAIJA, bots, hands=10, seed=3)
    assert sum(fewest.losses) == 10 and fewest.leaders
    assert min(fewest.losses) == fewest.losses[fewest.leaders[0]]
    last = play_maija_match(MUSTAMAIJA, bots, rule="last-unbeaten", seed=3)
    assert len(last.leaders) == 1 and last.losses[last.leaders[0]] == 0
    assert sum(1 for n in last.losses if n) == 2
    with pytest.raises(InvalidArgumentError):
        play_maija_match(MUSTAMAIJA, bots, seed=3)
