"""The demo (``python -m trumpfamily``) plays real games through the public API."""

from __future__ import annotations

import pytest

import trumpfamily as tf
from trumpfamily import demo


@pytest.mark.parametrize("variant", list(tf.VARIANTS.values()), ids=lambda v: v.name)
def test_play_game_plays_real_hands(variant: tf.Variant) -> None:
    lines: list[str] = []
    game = demo.play_game(variant, players=4, seed=11, out=lines.append)
    assert game.outcomes, "at least one hand was played"
    header = f"{variant.name}: 4 players, first dealer P"
    assert lines[0].startswith(header) and lines[0][len(header):] in {"0", "1", "2", "3"}
    tricks_printed = sum(1 for line in lines if line.strip().startswith("trick "))
    assert tricks_printed == sum(o.tricks_played for o in game.outcomes)
    if variant.scoring.scoring == "pool":
        assert len(game.outcomes) == demo.POOL_HANDS
        assert sum(game.chips) + game.pool == 0  # chips are conserved
    else:
        assert game.is_over and game.winner is not None
        assert game.scores[game.winner] >= variant.scoring.target  # type: ignore[operator]
        assert lines[-2].startswith("  Game over: ")


def test_main_prints_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["--seed", "5", "--players", "5"]) == 0
    out = capsys.readouterr().out
    for name in tf.VARIANTS:
        assert f"{name}: 5 players" in out


def test_main_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    demo.main(["--seed", "9"])
    first = capsys.readouterr().out
    demo.main(["--seed", "9"])
    assert capsys.readouterr().out == first
    demo.main(["--seed", "10"])
    assert capsys.readouterr().out != first
