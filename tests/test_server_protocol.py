"""The reference server over the wire: a real uvicorn on 127.0.0.1 and plain WebSocket
clients. Whole games of every preset with humans and bots; the re-deal test applied to
every payload a seat (and a spectator) is sent; hostile clients."""

from __future__ import annotations

import json
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


PRESETS = list(tf.ALL_VARIANTS.values())


@pytest.mark.parametrize("variant", PRESETS, ids=[v.name for v in PRESETS])
def test_every_preset_plays_a_whole_game_with_humans_and_bots(
        server: Running, variant: tf.Variant) -> None:
    """Two human seats (driven by this test, actions in the notation and as JSON) and two
    bots play a hand of every preset to the end; the records replay with the server's key;
    no seat is ever sent a card of another seat's hand."""
    seats = ["human", "bot:rule-of-thumb", "human", "bot:random"]
    status, made = server.request("POST", "/api/tables", {
        "preset": variant.aliases[0], "players": 4, "hands": 1, "seats": seats})
    assert status == 201, made
    tokens = take_seats(server, made["table"], [0, 2])
    humans = {seat: Client(server.ws) for seat in tokens}
    for seat, conn in humans.items():
        conn.join(token=tokens[seat])
    watcher = Client(server.ws)
    last = watcher.join(table=made["table"])
    info = play_table(server, made["table"], humans, watcher, random.Random(variant.name),
                      last=last, notation=variant.bidding is None)
    assert info["over"] and info["records"]["game"] is not None
    table = server.hub.tables[made["table"]]
    record_status, record = server.request("GET", info["records"]["game"])
    assert record_status == 200
    assert tf.replay_game(record, key=KEY) == table.state
    hands = [server.request("GET", url)[1] for url in info["records"]["hands"]]
    assert hands and all(tf.replay(h, key=KEY).is_over for h in hands)
    # every view a seat is sent is its own (the re-deal tests check what is in it)
    for seat, conn in humans.items():
        views = [json.loads(t).get("view") for t in conn.received]
        assert {v["seat"] for v in views if v is not None} == {seat}
    for conn in (*humans.values(), watcher):
        conn.close()
