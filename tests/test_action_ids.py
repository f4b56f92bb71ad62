"""The action ids are pinned: every id, 0..229, and its action, written out.

An id never changes once released (trumpfamily.actions, docs/reference/actions.rst): new
actions are appended. The table below is the contract; a change to it is a breaking change
for every trained agent, record of ids and batch array.
"""

from __future__ import annotations

import pytest

import trumpfamily as tf

#: The action of each id, in the action notation (``str(action)``), id 0 first.
PINNED: tuple[str, ...] = (
    "play 2C", "play 3C", "play 4C", "play 5C", "play 6C", "play 7C",  # 0..5
    "play 8C", "play 9C", "play TC", "play JC", "play QC", "play KC",  # 6..11
    "play AC", "play 2D", "play 3D", "play 4D", "play 5D", "play 6D",  # 12..17
    "play 7D", "play 8D", "play 9D", "play TD", "play JD", "play QD",  # 18..23
    "play KD", "play AD", "play 2H", "play 3H", "play 4H", "play 5H",  # 24..29
    "play 6H", "play 7H", "play 8H", "play 9H", "play TH", "play JH",  # 30..35
    "play QH", "play KH", "play AH", "play 2S", "play 3S", "play 4S",  # 36..41
    "play 5S", "play 6S", "play 7S", "play 8S", "play 9S", "play TS",  # 42..47
    "play JS", "play QS", "play KS", "play AS", "play JK", "rob 2C",  # 48..53
    "rob 3C", "rob 4C", "rob 5C", "rob 6C", "rob 7C", "rob 8C",  # 54..59
    "rob 9C", "rob TC", "rob JC", "rob QC", "rob KC", "rob AC",  # 60..65
    "rob 2D", "rob 3D", "rob 4D", "rob 5D", "rob 6D", "rob 7D",  # 66..71
    "rob 8D", "rob 9D", "rob TD", "rob JD", "rob QD", "rob KD",  # 72..77
    "rob AD", "rob 2H", "rob 3H", "rob 4H", "rob 5H", "rob 6H",  # 78..83
    "rob 7H", "rob 8H", "rob 9H", "rob TH", "rob JH", "rob QH",  # 84..89
    "rob KH", "rob AH", "rob 2S", "rob 3S", "rob 4S", "rob 5S",  # 90..95
    "rob 6S", "rob 7S", "rob 8S", "rob 9S", "rob TS", "rob JS",  # 96..101
    "rob QS", "rob KS", "rob AS", "rob JK", "decline-rob", "pass",  # 102..107
    "claim", "jink", "ask-five", "accept-five", "refuse-five", "bid 5",  # 108..113
    "bid 10", "bid 15", "bid 20", "bid 25", "bid 30", "bid 60",  # 114..119
    "trump C", "trump D", "trump H", "trump S", "take 2C", "take 3C",  # 120..125
    "take 4C", "take 5C", "take 6C", "take 7C", "take 8C", "take 9C",  # 126..131
    "take TC", "take JC", "take QC", "take KC", "take AC", "take 2D",  # 132..137
    "take 3D", "take 4D", "take 5D", "take 6D", "take 7D", "take 8D",  # 138..143
    "take 9D", "take TD", "take JD", "take QD", "take KD", "take AD",  # 144..149
    "take 2H", "take 3H", "take 4H", "take 5H", "take 6H", "take 7H",  # 150..155
    "take 8H", "take 9H", "take TH", "take JH", "take QH", "take KH",  # 156..161
    "take AH", "take 2S", "take 3S", "take 4S", "take 5S", "take 6S",  # 162..167
    "take 7S", "take 8S", "take 9S", "take TS", "take JS", "take QS",  # 168..173
    "take KS", "take AS", "take JK", "discard 2C", "discard 3C", "discard 4C",  # 174..179
    "discard 5C", "discard 6C", "discard 7C", "discard 8C", "discard 9C", "discard TC",  # 180..185
    "discard JC", "discard QC", "discard KC", "discard AC", "discard 2D", "discard 3D",  # 186..191
    "discard 4D", "discard 5D", "discard 6D", "discard 7D", "discard 8D", "discard 9D",  # 192..197
    "discard TD", "discard JD", "discard QD", "discard KD", "discard AD", "discard 2H",  # 198..203
    "discard 3H", "discard 4H", "discard 5H", "discard 6H", "discard 7H", "discard 8H",  # 204..209
    "discard 9H", "discard TH", "discard JH", "discard QH", "discard KH", "discard AH",  # 210..215
    "discard 2S", "discard 3S", "discard 4S", "discard 5S", "discard 6S", "discard 7S",  # 216..221
    "discard 8S", "discard 9S", "discard TS", "discard JS", "discard QS", "discard KS",  # 222..227
    "discard AS", "discard JK",  # 228..229
)


def test_the_table_has_every_id() -> None:
    assert len(PINNED) == tf.actions.ACTION_COUNT == 230
    assert len(set(PINNED)) == 230


@pytest.mark.parametrize("number", range(230))
def test_each_id_names_its_pinned_action(number: int) -> None:
    action = tf.parse_action(PINNED[number])
    assert tf.action_from_id(number) == action
    assert tf.action_id(action) == number


def test_the_groups_start_where_the_docs_say() -> None:
    """actions.action_id's docstring: Play 0, Rob 53, DeclineRob 106, Bid 113, NameTrump
    120, Take 124, the one-card Discard 177."""
    firsts = {0: "play 2C", 52: "play JK", 53: "rob 2C", 106: "decline-rob", 107: "pass",
              112: "refuse-five", 113: "bid 5", 119: "bid 60", 120: "trump C", 123: "trump S",
              124: "take 2C", 176: "take JK", 177: "discard 2C", 229: "discard JK"}
    assert {i: PINNED[i] for i in firsts} == firsts


def test_numpy_integers_are_ids() -> None:
    np = pytest.importorskip("numpy")
    assert tf.action_from_id(np.int64(177)) == tf.Discard("2C")


@pytest.mark.parametrize("bad", [-1, 230, 1.0, "5", None, True])
def test_a_number_that_is_not_an_id_is_refused(bad: object) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="not an action id"):
        tf.action_from_id(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("discard", [tf.Discard(), tf.Discard("2C 3C"), tf.Discard("AS KS QS")])
def test_a_discard_of_other_than_one_card_has_no_id(discard: tf.Discard) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="no action id"):
        tf.action_id(discard)
