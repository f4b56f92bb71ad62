"""The compiled build (issue 24): which build runs, and that both give the same results.

``TRUMPFAMILY_EXPECT_COMPILED`` (``1`` or ``0``), when set, says which build this run must
be testing; ``.ci/run`` sets it for each of its two runs, so that a compiled wheel that
silently fell back to pure Python (or the reverse) fails. ``TRUMPFAMILY_OTHER_PYTHON``,
when set, is the interpreter of the other build: the differential test then runs
``tests/differential.py`` under both and compares every digest.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import json
import os
import pickle
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

import trumpfamily as tf
from trumpfamily import _compiled, reneging, tables
from trumpfamily.play import play_context
from trumpfamily.simulate import _SPOT_FIELDS, Spot

ROOT = Path(__file__).resolve().parent.parent
DIFFERENTIAL = Path(__file__).resolve().parent / "differential.py"


def compiled_modules() -> list[str]:
    """The modules the build hook compiles, from pyproject.toml."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    paths = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    return [p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in paths]


def test_compiled_flag_names_the_build_of_the_hot_modules() -> None:
    """``tf.compiled`` is true exactly when the compiled modules are extensions, and every
    module of the hook's list is of the same build (never half and half)."""
    kinds = {name: _compiled.is_compiled(importlib.import_module(name))
             for name in compiled_modules()}
    assert len(kinds) >= 5
    assert set(kinds.values()) == {tf.compiled}, kinds
    assert isinstance(tf.compiled, bool)


def test_pure_modules_stay_python() -> None:
    """The modules outside the hook's list (the CLI, the server, the players) are never
    compiled, in either build."""
    for name in ("trumpfamily.cli", "trumpfamily.players", "trumpfamily.variants",
                 "trumpfamily._compiled", "trumpfamily._fastbot",
                 "trumpfamily.ranking", "trumpfamily.reneging"):
        assert not _compiled.is_compiled(importlib.import_module(name)), name


def test_the_search_bots_hot_code_is_compiled_and_their_classes_are_not() -> None:
    """The samplers, the rules of thumb's decisions and the search bots' loops are in the
    hook's list; the player and bot classes are not (you may subclass them, and
    ``tournament`` reads a bot's ``seed`` parameter from its signature, which a compiled
    class does not show), and neither are the modules tests replace functions of."""
    names = set(compiled_modules())
    assert {"trumpfamily._thumb", "trumpfamily.search.sampling",
            "trumpfamily.search.bidding_sampling", "trumpfamily.search._tree",
            "trumpfamily.search._playout"} <= names
    assert not {"trumpfamily.players", "trumpfamily.search.bots", "trumpfamily.search.rollout",
                "trumpfamily.search.advisor", "trumpfamily.search.proofs"} & names
    for bot in (tf.RandomPlayer, tf.ISMCTSPlayer, tf.SampleSolvePlayer, tf.RolloutPlayer):
        assert "seed" in inspect.signature(bot).parameters, bot


def test_the_rules_calls_are_compiled_and_the_rule_components_are_not() -> None:
    """The public rules calls (``play``), their decision kernel (``tables``) and the cards
    they read are in the hook's list; the rule components, whose option classes the CLI
    reads (docstrings, ``Literal`` annotations), are not."""
    names = compiled_modules()
    assert {"trumpfamily.play", "trumpfamily.tables", "trumpfamily.cards"} <= set(names)
    assert not {"trumpfamily.ranking", "trumpfamily.reneging"} & set(names)
    assert tf.Reneging.__doc__ and "plain_lead" in tf.Reneging.__doc__
    assert attrs.fields(tf.Reneging).plain_lead.type == "PlainLead"


def test_play_context_pickles_and_compares_in_either_build() -> None:
    """The rules context (a native class in the compiled build) pickles with the states
    that hold it, compares by its rules, and is the one ``reneging`` re-exports."""
    ctx = play_context(tf.SPOIL_FIVE, "H")
    again = pickle.loads(pickle.dumps(ctx))
    assert again is not ctx and again == ctx
    assert again != play_context(tf.SPOIL_FIVE, "S")
    assert again.winner(tf.parse_cards("AH 5H")) == 1  # the Five of trumps beats AH
    assert again.masks == ctx.masks
    assert reneging.PlayContext is tables.PlayContext and reneging.decide is tables.decide


@pytest.mark.skipif("TRUMPFAMILY_EXPECT_COMPILED" not in os.environ,
                    reason="TRUMPFAMILY_EXPECT_COMPILED not set (set by .ci/run)")
def test_the_expected_build_runs() -> None:
    assert tf.compiled is (os.environ["TRUMPFAMILY_EXPECT_COMPILED"] == "1")


def test_cards_stay_shared_frozen_values_in_either_build() -> None:
    """A card (a native class in the compiled build) is one shared instance however it is
    made, copied or unpickled; it is frozen, hashed by identity, ordered for display, and
    a wrong rank or suit is refused with the library's error, not a TypeError."""
    five = tf.Card.parse("5H")
    assert tf.Card(tf.Rank.FIVE, tf.Suit.HEARTS) is five
    assert pickle.loads(pickle.dumps(five)) is five
    assert copy.copy(five) is five and copy.deepcopy(five) is five
    assert (five.rank, five.suit, five.index, five.bit) == (tf.Rank.FIVE, tf.Suit.HEARTS, 29, 1 << 29)
    assert hash(five) == object.__hash__(five) and {five: 1}[tf.Card.parse("5h")] == 1
    assert sorted(tf.parse_cards("JK AS 5H 2C")) == list(tf.parse_cards("2C 5H AS JK"))
    with pytest.raises(TypeError):
        _ = five < cast(Any, 5)
    with pytest.raises(AttributeError):
        setattr(five, "rank", tf.Rank.SIX)  # noqa: B010
    with pytest.raises(AttributeError):
        del five.bit
    assert five.rank is tf.Rank.FIVE
    refusals: dict[tuple[Any, Any], str] = {
        (5, tf.Suit.HEARTS): "not a rank: 5 (use Rank.FIVE, ... or Card.parse('5H'))",
        (tf.Rank.FIVE, "H"): "not a suit: 'H' (use Suit.CLUBS, ... or Card.parse('5H'))",
        (tf.Rank.FIVE, None): "not a card: rank Rank.FIVE with suit None (the joker has no "
                              "suit; every other card has one)",
    }
    for (rank, suit), text in refusals.items():
        with pytest.raises(tf.CardParseError) as info:
            tf.Card(rank, suit)
        assert str(info.value) == text
    assert tf.Card.parse("5H").rank is tf.Rank.FIVE  # the shared card is untouched
    bads: list[Any] = [5, None, b"5H"]
    for bad in bads:
        with pytest.raises(tf.CardParseError):
            tf.Card.parse(bad)
        with pytest.raises(tf.CardParseError):
            tf.parse_suit(bad)


def test_mask_tables_pickle_and_compare_in_either_build() -> None:
    """A mask table (a native class in the compiled build) pickles, compares and hashes by
    its fields, and reads as before."""
    m = tf.mask_table(tf.SPOIL_FIVE, "S")
    again = pickle.loads(pickle.dumps(m))
    assert again is not m and again == m and hash(again) == hash(m)
    assert again != tf.mask_table(tf.SPOIL_FIVE, "H")
    assert repr(again).startswith("MaskTable(trump=3, deck=4503599627370495, trumps=")
    assert m.suit_of[tf.Card.parse("AH").index] == 3  # the Ace of Hearts is a trump


def test_mypyc_attr_is_a_no_op_at_run_time() -> None:
    """The marker the compiler reads returns the class unchanged."""

    class Plain:
        pass

    assert _compiled.mypyc_attr(native_class=False)(Plain) is Plain


def test_spot_fields_are_its_attributes() -> None:
    """``Spot.as_dict()`` lists every attribute of a :class:`Spot` (a check that used to run
    at import, which the compiled build's class cannot make)."""
    declared = set(getattr(Spot, "__mypyc_attrs__", None) or Spot.__slots__) - {"__dict__"}
    assert sorted(declared) == sorted(_SPOT_FIELDS)
    assert len(_SPOT_FIELDS) == 27


def _trace(python: str, hands: int, seed: int) -> dict[str, object]:
    done = subprocess.run([python, str(DIFFERENTIAL), "--hands", str(hands), "--seed", str(seed)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.skipif("TRUMPFAMILY_OTHER_PYTHON" not in os.environ,
                    reason="TRUMPFAMILY_OTHER_PYTHON (the other build's interpreter) not set")
@pytest.mark.parametrize("seed", [1, 2])
def test_the_builds_give_the_same_results(seed: int) -> None:
    """Action by action over random hands of every preset with random house rules (views,
    JSON, refusals with their codes and texts, records, bot choices with the same seeds,
    rules calls, simulate(), the solver): the compiled and the pure build agree on every
    digest. On a difference, ``python tests/differential.py --detail PART PRESET INDEX``
    under each interpreter shows the lines."""
    other = os.environ["TRUMPFAMILY_OTHER_PYTHON"]
    hands = int(os.environ.get("TRUMPFAMILY_DIFFERENTIAL_HANDS", "60"))
    mine, theirs = _trace(sys.executable, hands, seed), _trace(other, hands, seed)
    assert mine["compiled"] != theirs["compiled"], "both interpreters run the same build"
    assert isinstance(mine["digests"], dict) and isinstance(theirs["digests"], dict)
    assert mine["digests"].keys() == theirs["digests"].keys()
    for key, digests in mine["digests"].items():
        for index, (a, b) in enumerate(zip(digests, theirs["digests"][key], strict=True)):
            part, preset = key.split("/", 1)
            assert a == b, (f"{key} item {index} differs: run tests/differential.py --detail "
                            f"{part} {preset!r} {index} --seed {seed} under each build")
    assert sum(len(d) for d in mine["digests"].values()) >= hands * 11
