"""Tournaments on a real Dask cluster (issue 11, part 3, "done when"): a ``LocalCluster``
with two worker processes plays the deals, and the result equals the serial run for the
same seed, value for value. Needs the ``dist`` extra (CI installs it)."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip(
    "distributed", reason="the dist extra (Dask's distributed) is not installed: "
                          "pip install -e '.[dist]'")

import trumpfamily as tf
from trumpfamily.cli import main


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                       dashboard_address=None)
    try:
        with distributed.Client(cluster) as dask_client:
            yield dask_client
    finally:
        cluster.close()


def test_a_dask_cluster_run_equals_the_serial_run(client: Any) -> None:
    bots = {"thumb": "rule-of-thumb", "rnd": functools.partial(tf.RandomPlayer)}
    kwargs: dict[str, Any] = {"players": 4, "deals": 40, "seed": "dask", "progress": False}
    with distributed.get_task_stream(client=client) as stream:
        on_dask = tf.tournament(bots, tf.SPOIL_FIVE, executor=client.get_executor(),
                                chunk_size=3, **kwargs)
    assert on_dask == tf.tournament(bots, tf.SPOIL_FIVE, executor="serial", **kwargs)
    assert len(on_dask.per_deal) == 40
    # the 14 chunks of 3 deals really ran as tasks on the cluster's worker processes
    chunks = [task for task in stream.data if "_play_chunk" in str(task["key"])]
    assert len(chunks) == 14
    assert {task["worker"] for task in chunks} <= set(client.scheduler_info()["workers"])


def test_a_points_game_without_duplicate_on_dask(client: Any) -> None:
    pairs = tf.FORTY_FIVE.with_options(partnerships="pairs")
    kwargs: dict[str, Any] = {"players": 4, "deals": 30, "seed": 8, "duplicate": False,
                              "progress": False}
    # Dask sends bots with cloudpickle: a lambda, refused for a process pool, runs here
    bots = {"thumb": tf.RuleOfThumbPlayer, "local": lambda seed: tf.RandomPlayer(seed)}
    on_dask = tf.tournament(bots, pairs, executor=client.get_executor(), chunk_size=4,
                            **kwargs)
    assert on_dask == tf.tournament(bots, pairs, executor="serial", **kwargs)


def test_the_command_line_runs_on_a_scheduler(client: Any, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "dask.json"
    code = main(["tournament", "rule-of-thumb", "random", "--variant", "spoil five",
                 "--deals", "12", "--seed", "5", "--scheduler", client.scheduler.address,
                 "--json", str(out)])
    assert code == 0 and "rule-of-thumb vs random:" in capsys.readouterr().out
    # the command line's table is the usual one, 4 players (Table.usual_players; issue 19)
    expected = tf.tournament(["rule-of-thumb", "random"], tf.SPOIL_FIVE, players=4, deals=12,
                             seed=5, executor="serial")
    assert tf.TournamentResult.from_json(json.loads(out.read_text())) == expected
