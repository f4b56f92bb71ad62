"""The rule of thumb's discard (``_thumb._discard``, its inner loop written for speed) is
the plain definition: the first legal discard whose kept hand is worth the most, the worth
being the five most valuable cards held plus the draw's value for each card short of five
(BIDDING.md §2.4). Checked against that definition written out, over random hands of every
bidding preset with random options, at every discard (the kitty's and the draw's)."""

from __future__ import annotations

from typing import Any

from biddingkit import bidding_variants, players_for, random_hand
from hypothesis import given, settings
from hypothesis import strategies as st

import trumpfamily as tf
from trumpfamily import _thumb
from trumpfamily.players import RuleOfThumbPlayer


def worth(view: Any, action: Any) -> float:
    """A discard's worth, as plainly as it can be written (the code before the speed-up)."""
    suit = view.trump if view.trump is not None else _thumb._best_suit(view, view.hand)[0]
    order = _thumb._trump_order(view.variant, suit)
    ranked = sorted(((_thumb._card_value(c, order), c) for c in view.hand),
                    key=lambda vc: vc[0], reverse=True)
    held = [v for v, c in ranked if c not in action.cards]
    return sum(held[:5]) + max(0, 5 - len(held)) * _thumb._DRAW_VALUE


def plain_discard(view: Any, legal: tuple[Any, ...]) -> Any:
    """The definition: the first legal discard of the highest worth."""
    return max(legal, key=lambda action: worth(view, action))


@settings(max_examples=40)  # a whole hand an example
@given(bidding_variants(), st.data())
def test_the_discard_is_the_plain_definition(variant: tf.Variant, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(players_for(variant)))
    seed = data.draw(st.integers(0, 10_000))
    thumb = RuleOfThumbPlayer()
    for state, _ in random_hand(variant, players, seed):
        if state.is_over:
            continue
        legal = state.legal_actions()
        if isinstance(legal[0], tf.Discard):
            view = state.view(state.to_act)
            assert thumb.choose(view) == plain_discard(view, legal)


def test_tied_discards_give_the_first_legal_one() -> None:
    # 110 at four, every discard of 20 deals played by the rule of thumb (80): the
    # bidder keeps 5 of 10, so discards tie at the highest worth in about half of them
    # (plain cards below the King are worth 0), and the first legal one is the rule of thumb's
    thumb = RuleOfThumbPlayer()
    seen = tied = 0
    for seed in range(20):
        state = tf.new_bidding_hand(tf.ONE_TEN, players=4, dealer=3, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            view = state.view(state.to_act)
            if isinstance(legal[0], tf.Discard):
                best = max(worth(view, a) for a in legal)
                assert thumb.choose(view) == next(a for a in legal if worth(view, a) == best)
                seen += 1
                tied += sum(worth(view, a) == best for a in legal) > 1
            state = state.apply(thumb.choose(view))
    assert seen == 80 and tied >= 20
