"""Bots of one's own named ``package.module:Class`` (issue 19, item 4): the one loader of
:func:`trumpfamily.tournament.bot_factory`, for :func:`~trumpfamily.tournament` and the
command line's ``play --bots`` and ``tournament``; the module is imported by its dotted
name alone, and a bad name is refused with a clear library error."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

import trumpfamily as tf
from trumpfamily.tournament import BOTS, bot_factory

MODULE = "tf_loader_bots"

SOURCE = textwrap.dedent('''
    """Bots for the loader's tests."""
    import trumpfamily as tf

    class FirstCard:
        """Plays its first legal action; records how it was made."""

        def __init__(self, seed=None, depth=1):
            self.seed, self.depth = seed, depth

        def choose(self, view):
            return view.legal_actions[0]

    def make_last(seed):
        return LastCard()

    class LastCard:
        def choose(self, view):
            return view.legal_actions[-1]

    AN_INSTANCE = FirstCard()
    NOT_A_BOT = (1, 2, 3)
''')


@pytest.fixture
def bots_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module of bots on ``sys.path``, under a package too (``pkg_tf_loader.bots``)."""
    (tmp_path / f"{MODULE}.py").write_text(SOURCE, encoding="utf-8")
    package = tmp_path / "pkg_tf_loader"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "bots.py").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "tf_loader_broken.py").write_text("raise RuntimeError('boom')\n",
                                                  encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in (MODULE, "pkg_tf_loader", "pkg_tf_loader.bots", "tf_loader_broken"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return MODULE


def test_a_bot_of_ones_own_by_module_and_class(bots_module: str) -> None:
    bot = bot_factory(f"{bots_module}:FirstCard")(7)
    assert type(bot).__name__ == "FirstCard" and (bot.seed, bot.depth) == (7, 1)
    configured = bot_factory(f"{bots_module}:FirstCard:depth=3")(8)
    assert (configured.seed, configured.depth) == (8, 3)
    assert type(bot_factory("pkg_tf_loader.bots:FirstCard")(1)).__module__ == \
        "pkg_tf_loader.bots"
    assert type(bot_factory(f"{bots_module}:make_last")(1)).__name__ == "LastCard"
    assert type(bot_factory("trumpfamily.players:RuleOfThumbPlayer")(1)) is \
        tf.RuleOfThumbPlayer


def test_a_tournament_takes_it_by_name_in_this_process_and_in_workers(
        bots_module: str) -> None:
    spec = f"{bots_module}:FirstCard"
    serial = tf.tournament([spec, "random"], tf.SPOIL_FIVE, deals=4, seed=3,
                           executor="serial")
    assert serial.names == (spec, "random")
    assert serial.players == 4  # the usual table, which two bots share equally
    assert serial.bot(spec).hands == 4 * 2 * 2  # 4 deals, 2 rotations (A B A B), two seats each
    pooled = tf.tournament([spec, "random"], tf.SPOIL_FIVE, deals=4, seed=3, workers=2,
                           chunk_size=1)
    assert pooled == serial


@pytest.mark.parametrize(("spec", "message"), [
    ("tf_no_such_module:Bot",
     ("bot 'tf_no_such_module:Bot': cannot import module 'tf_no_such_module' (No module "
     "named 'tf_no_such_module'): it must be importable by its dotted name, installed or "
     "on PYTHONPATH")),
    (f"{MODULE}:NoSuchBot", f"bot '{MODULE}:NoSuchBot': module '{MODULE}' has no 'NoSuchBot'"),
    (f"{MODULE}:First-Card",
     (f"bot '{MODULE}:First-Card': a bot of your own is 'package.module:Class' (then "
     "':key=value,...' for its arguments); 'First-Card' is not the name of a class or "
     "function")),
    (f"{MODULE}:AN_INSTANCE",
     (f"bot '{MODULE}:AN_INSTANCE': {MODULE}.AN_INSTANCE is a FirstCard player object: give "
     "its class (or a factory taking a seed) instead, as every seat of every deal gets a "
     "fresh bot")),
    (f"{MODULE}:NOT_A_BOT",
     (f"bot '{MODULE}:NOT_A_BOT': {MODULE}.NOT_A_BOT is not a Player class or a factory "
     "taking a seed: got tuple (1, 2, 3)")),
    ("tf_loader_broken:Bot",
     ("bot 'tf_loader_broken:Bot': importing module 'tf_loader_broken' failed "
     "(RuntimeError: boom)")),
])
def test_a_bad_spec_is_a_clear_library_error(bots_module: str, spec: str,
                                             message: str) -> None:
    with pytest.raises(tf.InvalidArgumentError) as caught:
        bot_factory(spec)
    assert str(caught.value) == message
    with pytest.raises(tf.InvalidArgumentError) as caught:  # named once in a tournament
        tf.tournament([spec, "random"], tf.MAW, deals=1, seed=1, executor="serial")
    assert str(caught.value) == message


@pytest.mark.parametrize("spec", [
    "./tf_loader_bots.py:FirstCard",  # a file path is no module name
    "/tmp/tf_loader_bots.py:FirstCard",
    f".{MODULE}:FirstCard",  # nor a relative import
    f"{MODULE}",  # a module without the class
])
def test_only_a_dotted_module_name_is_imported(bots_module: str, spec: str) -> None:
    path = list(sys.path)
    with pytest.raises(tf.InvalidArgumentError,
                       match="no bot of that name in BOTS.*'package.module:Class'"):
        bot_factory(spec)
    assert MODULE not in sys.modules and sys.path == path


def test_a_file_name_is_told_to_be_a_module_name(bots_module: str) -> None:
    with pytest.raises(tf.InvalidArgumentError,
                       match=rf"cannot import module '{MODULE}.py' .*the module's name, not "
                             rf"its file: '{MODULE}'"):
        bot_factory(f"{MODULE}.py:FirstCard")


def test_a_built_in_name_comes_before_a_module_of_that_name() -> None:
    # ``random`` is a module of the standard library too: the built-in bot wins
    with pytest.raises(tf.InvalidArgumentError, match="expected name:key=value"):
        bot_factory("random:Random")
    assert "random" in BOTS
