"""The reference server over the wire: a real uvicorn on 127.0.0.1 and plain WebSocket
clients. Whole games of every preset with humans and bots; the re-deal test applied to
every payload a seat (and a spectator) is sent; hostile clients."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from serverkit import KEY, Client, Running, play_table, running, take_seats

import trumpfamily as tf
from trumpfamily.server import Limits


@pytest.fixture(scope="module")
def server() -> Iterator[Running]:
    with running(limits=Limits(actions_per_second=1000.0, burst=1000)) as srv:
        yield srv


def test_a_whole_spoil_five_game_with_humans_and_bots(server: Running) -> None:
    status, made = server.request("POST", "/api/tables", {
        "preset": "spoil five", "players": 3, "hands": 2,
        "seats": ["human", "bot:rule-of-thumb", "human"]})
    assert status == 201, made
    assert made["url"] == f"/t/{made['table']}" and len(made["code"]) == 7
    tokens = take_seats(server, made["table"], [0, 2])
    humans = {seat: Client(server.ws) for seat in tokens}
    for seat, conn in humans.items():
        state = conn.join(token=tokens[seat])
        assert state["seat"] == seat and state["view"]["seat"] == seat
        assert len(state["view"]["hand"]) == 5
    watcher = Client(server.ws)
    last = watcher.join(table=made["table"])
    assert last["view"] is None and last["public"]["type"] == "PublicView"
    info = play_table(server, made["table"], humans, watcher, random.Random(1), last=last)
    assert info["over"] and len(info["records"]["hands"]) == 2
    for url in info["records"]["hands"]:
        status, record = server.request("GET", url)
        assert status == 200
        assert tf.replay(record, key=KEY).is_over
    status, record = server.request("GET", info["records"]["game"])
    assert status == 200
    assert tf.replay_game(record, key=KEY).is_over
