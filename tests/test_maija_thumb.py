"""The rule of thumb makes progress (MAIJA.md §S, D8): against itself it finishes every
seeded hand well inside 2,000 actions, and it still loses less than random play."""

from __future__ import annotations

import pytest

from trumpfamily.maija import KITUMAIJA, MUSTAMAIJA, MaijaVariant, new_maija_hand
from trumpfamily.maija.actions import Cover
from trumpfamily.maija.match import duplicate_comparison
from trumpfamily.maija.players import MaijaRandomPlayer, MaijaRuleOfThumbPlayer

LIMIT = 2_000


def _actions_to_finish(variant: MaijaVariant, players: int, seed: int) -> int | None:
    """The actions a hand of rules of thumb (one per seat) takes, ``None`` past LIMIT."""
    hand = new_maija_hand(variant, players, dealer=seed % players, seed=f"thumb:{seed}")
    bots = [MaijaRuleOfThumbPlayer() for _ in range(players)]
    for _ in range(LIMIT):
        if hand.is_over:
            return len(hand.history)
        assert hand.to_act is not None
        hand = hand.apply(bots[hand.to_act].choose(hand.view(hand.to_act)))
    return len(hand.history) if hand.is_over else None


@pytest.mark.parametrize(("variant", "players"),
                         [(KITUMAIJA, 2), (KITUMAIJA, 3), (KITUMAIJA, 4),
                          (MUSTAMAIJA, 3), (MUSTAMAIJA, 4)],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_self_play_finishes_every_seeded_hand(variant: MaijaVariant, players: int) -> None:
    lengths = [_actions_to_finish(variant, players, seed) for seed in range(20)]
    assert None not in lengths, [s for s, n in enumerate(lengths) if n is None]


@pytest.mark.parametrize(("variant", "players"), [(KITUMAIJA, 2), (KITUMAIJA, 4)],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_the_rule_of_thumb_still_loses_less_than_random(variant: MaijaVariant,
                                                        players: int) -> None:
    result = duplicate_comparison(variant, players, MaijaRuleOfThumbPlayer, MaijaRandomPlayer,
                                  deals=20, seed=11)
    assert result.pairs == 20 * players
    assert result.high < 0, result


def test_a_view_seen_again_gets_the_next_choice() -> None:
    """The loop breaker: the same view (past the first draw) asked a third time is
    answered with the next choice; the first repeat (an environment reset to the same
    deal) and a fresh bot answer as the first time."""
    hand = new_maija_hand(KITUMAIJA, 2, seed=3)
    dealt = len(hand.stock)
    while len(hand.stock) == dealt or sum(isinstance(a, Cover) for a in hand.legal_actions()) < 2:
        hand = hand.apply(MaijaRuleOfThumbPlayer().choose(hand.view(hand.to_act or 0)))
    view = hand.view(hand.to_act or 0)
    bot = MaijaRuleOfThumbPlayer()
    first, again, third = bot.choose(view), bot.choose(view), bot.choose(view)
    assert again == first
    assert third != first
    assert MaijaRuleOfThumbPlayer().choose(view) == first
    assert third in view.legal_actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rule_of_thumb_finishes_whole_pile_kitumaija_hands(players: int) -> None:
    """Kitumaija with ``pile_take="whole-pile"``: rules of thumb at every seat used to pass
    the pile round for ever at three seats (4 of 5 seeds past 20,000 actions); after 200
    choices without progress each chooses at random, seeded by the position, and every hand
    ends (2,000 to 3,300 actions at three seats)."""
    from trumpfamily.maija.match import MAX_ACTIONS, play_maija_hand
    from trumpfamily.maija.players import MaijaRuleOfThumbPlayer

    variant = KITUMAIJA.with_options(pile_take="whole-pile")
    for seed in range(4):
        hand = play_maija_hand(variant, [MaijaRuleOfThumbPlayer() for _ in range(players)],
                               seed=seed)
        assert hand.is_over and len(hand.history) < MAX_ACTIONS
