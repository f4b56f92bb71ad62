"""Adversarial review (rev2) of the reference server, against a real uvicorn on 127.0.0.1.

EVERY TEST HERE IS ONE FINDING AND FAILS ON THE CODE AS REVIEWED (c87ee86): each asserts
what the server should do, and the docstring says what it does instead, the severity and
the fix suggested. The notes are in NOTES-rev2.md. Run them alone with

    PYTHONPATH=src pytest tests/test_server_attack.py -p no:randomly

They keep their floods bounded (a few seconds each, about 40 s in all on two cores).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import socket
import struct
import time
from typing import Any

from serverkit import Client, running, take_seats

import trumpfamily as tf
from trumpfamily.server import Limits, TableSettings

# -- a raw WebSocket client: one that never reads -------------------------------------


def _frame(payload: bytes) -> bytes:
    """A masked text frame (client to server)."""
    size = len(payload)
    head = struct.pack("!BB", 0x81, 0x80 | size) if size < 126 else \
        struct.pack("!BBH", 0x81, 0x80 | 126, size)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _raw_ws(port: int, receive_buffer: int = 2048) -> socket.socket:
    """A WebSocket connection on a plain socket with a tiny receive buffer (a client that
    does not read fills it at once)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return sock


def _wait(predicate: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return bool(predicate())


class _SlowBot(tf.RuleOfThumbPlayer):
    """A bot that thinks longer than the time cap (sleeping: it holds no CPU)."""

    def choose(self, view: Any) -> Any:
        time.sleep(0.5)
        return super().choose(view)


# -- findings ---------------------------------------------------------------------------


def test_attack_spectators_cannot_lock_the_players_out_of_their_own_table() -> None:
    """FAILS NOW. HIGH. Anyone with the table's link (all a spectator needs: it is shared,
    and it is in every message's ``table`` info) opens 32 spectator connections and the
    table is ``full``: its own seated players can no longer join (nor rejoin after a
    network blip). The connection limit counts spectators and seats alike.

    Fix: keep room for the seats (a per-seat cap, e.g. 4, and a separate spectator cap,
    e.g. ``connections_per_table - players * per_seat``), or evict the oldest spectator
    when a seat joins a full table."""
    with running() as server:
        status, made = server.request("POST", "/api/tables", {"preset": "spoil five",
                                                              "players": 3})
        assert status == 201
        tokens = take_seats(server, made["table"], [0, 1, 2])
        watchers = []
        for _ in range(Limits().connections_per_table):
            watcher = Client(server.ws)
            watcher.join(table=made["table"])
            watchers.append(watcher)
        player = Client(server.ws)
        player.send({"type": "join", "protocol": 1, "token": tokens[0]})
        reply = player.recv()
        for conn in (*watchers, player):
            conn.close()
        assert reply["type"] == "welcome", reply  # now: {"type": "error", "code": "full"}


def test_attack_a_client_that_never_reads_is_let_go() -> None:
    """FAILS NOW. MEDIUM-LOW (LOW under ``trumpfamily serve``, whose uvicorn keepalive ping,
    20 s + 20 s, aborts such a socket; for ever with ``ws_ping_interval=None``, as here,
    or behind a proxy that answers pings). A client that never reads fills its queue; ``_Socket.send`` then
    calls ``close(1008)``, which only queues ``_CLOSE`` behind the pump, and the pump is
    blocked for ever in ``send_text`` (the TCP window is shut). The receive loop is blocked
    in ``receive()`` (the client sends nothing), so the ``finally`` that detaches it never
    runs: the dead connection stays in ``table.connections`` for ever, counts towards the
    32 (with the finding above, 32 such sockets shut a table for good, without even
    reading), and keeps the table from the idle sweep.

    Fix: when the queue overflows, detach the connection from its table at once (under the
    lock, or from the hub) and cancel the pump / abort the transport (``websocket.close``
    with a timeout, then cancel the receive task); bound ``send_text`` with
    ``asyncio.wait_for``."""
    with running(limits=Limits(queue=16)) as server:
        table = server.create(TableSettings("Spoil Five", 2, seats=("human", "human"),
                                            hands=300), seed=2)
        rng = random.Random(2)

        async def play() -> None:
            while not table.state.is_over:
                seat = table.state.to_act
                await server.hub.act(table, seat, str(rng.choice(table.state.legal_actions())),
                                     None)
                await asyncio.sleep(0.0005)  # the pump writes until the TCP window shuts
        sock = _raw_ws(server.port)
        try:
            sock.sendall(_frame(json.dumps({"type": "join", "protocol": 1,
                                            "table": table.id}).encode()))
            assert _wait(lambda: len(table.connections) == 1, 5)
            conn = next(iter(table.connections))
            server.run(play(), timeout=30)
            assert conn.close_code == 1008  # it overflowed: the server means to let it go
            assert _wait(lambda: not table.connections, 3.0), (
                "the connection that overflowed its queue is still attached to the table")
        finally:
            sock.close()


def test_attack_a_bot_overrun_does_not_freeze_the_event_loop() -> None:
    """FAILS NOW. CRITICAL (with ``bot_delay=0``: the default of ``create_app`` and so of
    ``uvicorn trumpfamily.server:app``, the documented ASGI use). Once a bot overruns the
    time cap, ``_bot_choice`` sees ``table.thinking`` not done and answers the rule of
    thumb *synchronously*; with no ``bot_delay`` sleep and an uncontended lock, ``_drive``
    then never awaits anything that yields, and ``thinking`` can never become done (its
    completion needs the loop). The whole rest of the game is played inside one step of
    the event loop: every table, every socket, every HTTP request waits. Here 1000 hands
    block the loop for seconds; a pool game without ``hands`` (the game's own end: none)
    freezes the server for ever (seen: ``trumpfamily serve --bot-delay 0`` and four
    10-seat ``sample-solve`` tables: /api/info times out, SIGTERM is not honoured).
    No custom bot is needed: ``sample-solve`` at 10 players thinks ~10 s > the 5 s cap.

    Fix: ``await asyncio.sleep(0)`` (better: a minimum delay) on every turn of ``_drive``;
    and do not play the rule of thumb on the loop in a tight loop: wait for the thread."""
    with running(bots={"slow": lambda seed: _SlowBot()}, bot_time_cap=0.05) as server:
        pinger = Client(server.ws)
        pinger.send({"type": "ping"})
        pinger.recv()
        status, made = server.request("POST", "/api/tables", {
            "preset": "spoil five", "players": 2, "hands": 1000,
            "seats": ["bot:slow", "bot:slow"]})
        assert status == 201
        table = server.hub.tables[made["table"]]
        worst = 0.0
        while not table.state.is_over:
            time.sleep(0.15)  # under the rate limit
            start = time.monotonic()
            pinger.send({"type": "ping"})
            pinger.recv(timeout=120)
            worst = max(worst, time.monotonic() - start)
        pinger.close()
        assert worst < 1.0, f"a ping waited {worst:.1f} s: the event loop was blocked"


def test_attack_a_table_nobody_watches_does_not_play_for_ever() -> None:
    """FAILS NOW. MEDIUM. A table of bots only (or of humans who never came, with a timer)
    in a game without an end (a pool game, ``hands`` null) plays for ever: every bot move
    sets ``table.touched``, so the idle sweep never closes it, though nobody is connected.
    Memory grows without bound (``hand_records``: about 1.2 MB/s for one 2-bot table at
    ``bot_delay=0``; with the CLI's 0.6 s, about 50 MB a day a table), CPU is burnt, and
    200 such tables (one client, 200 POSTs) hold every table slot for ever (429
    ``too-many-tables`` for everyone else).

    Fix: only a client's message or a connection should count as activity; pause the
    driver when the table has no connection; refuse (or cap ``hands`` for) tables without
    a human seat in games that have no end."""
    limits = Limits(idle_seconds=1.0)
    with running(limits=limits, bot_delay=0.05) as server:
        status, made = server.request("POST", "/api/tables", {
            "preset": "spoil five", "players": 2, "seats": ["bot:random", "bot:random"]})
        assert status == 201
        table = server.hub.tables[made["table"]]
        closed = _wait(lambda: made["table"] not in server.hub.tables, 4.0)
        assert closed, (f"still open after 4 s idle (idle_seconds=1), "
                        f"{table.moves} moves, {len(table.hand_records)} hands kept")


def test_attack_a_message_stays_bounded_in_a_long_game() -> None:
    """FAILS NOW. LOW. Every ``update`` carries ``table.records.hands``, one URL per
    finished hand, so messages grow with the game: about 58 KB at hand 1000, against the
    protocol page's "every message, both ways, ... at most 4096 bytes" (a client in another
    language that enforces it breaks; every message costs O(hands) to build and send, so a
    long game is O(hands^2)).

    Fix: send ``"records": {"hands": COUNT, "game": ...}`` (the URL is
    ``/api/tables/ID/hands/N/record``), and say on the protocol page that server messages
    may be larger (or bound them)."""
    with running(limits=Limits(actions_per_second=1000.0, burst=1000)) as server:
        table = server.create(TableSettings("Spoil Five", 2, seats=("human", "human"),
                                            hands=60), seed=3)
        tokens = take_seats(server, table.id, [0, 1])
        rng = random.Random(3)

        async def play() -> None:
            while not table.state.is_over:
                seat = table.state.to_act
                await server.hub.act(table, seat, str(rng.choice(table.state.legal_actions())),
                                     None)
        server.run(play(), timeout=60)
        player = Client(server.ws)
        state = player.join(token=tokens[0])
        size = len(player.received[-1])
        player.close()
        assert state["table"]["over"]
        # srvfix: the review asked for <= 4096 bytes, but a 2-player state message at a
        # hand's end is ~4.8 KB whatever the game's length (the view, with the variant's
        # rules, ~2.2 KB; the hand's log with its HandOver and HandScored, ~2 KB): the
        # 4096 bound is the client's (protocol page). What must hold is that nothing in it
        # grows with the game: the records are a count, the table info a few hundred bytes.
        assert state["table"]["records"] == {"hands": 60,
                                             "game": f"/api/tables/{table.id}/record"}
        assert len(json.dumps(state["table"])) <= 1024
        assert size <= 8192, f"a state message of {size} bytes after 60 hands"


def test_attack_saving_a_table_costs_the_same_at_any_point_of_the_game(tmp_path: Any) -> None:
    """FAILS NOW. MEDIUM. With a store, every action rewrites the whole table (the game
    record re-signed, every hand record, the log) synchronously on the event loop, under
    the table's lock: about 90 ms and 2 MB a save at hand 1000 of a 2-player game, so a
    long game costs O(moves^2) and a few tables of bots with ``hands: 1000`` stall every
    other table (and write tens of GB).

    Fix: append each action (and each finished hand record) to a per-table journal, write
    the snapshot rarely (at a hand's end, on shutdown), and do the file I/O off the loop
    (``asyncio.to_thread``)."""
    with running(store=tmp_path, limits=Limits(actions_per_second=1000.0, burst=1000)
                 ) as server:
        table = server.create(TableSettings("Spoil Five", 2, seats=("human", "human"),
                                            hands=1000), seed=1)
        rng = random.Random(1)
        costs: dict[int, float] = {}

        async def play() -> None:
            while len(table.hand_records) < 400:
                seat = table.state.to_act
                table.apply(seat, rng.choice(table.state.legal_actions()))
                if len(table.hand_records) in (5, 400) and len(table.hand_records) not in costs:
                    times = []
                    for _ in range(5):
                        start = time.perf_counter()
                        server.hub.save(table)
                        times.append(time.perf_counter() - start)
                    costs[len(table.hand_records)] = min(times)
        server.run(play(), timeout=120)
        # A save that rewrote the table would take tens of ms at hand 400 (90 ms at hand
        # 1000); an append takes a fraction of a ms at any hand. The 2 ms of slack keeps a
        # loaded machine's noise on a 0.01 ms save from failing the run.
        assert costs[400] < 4 * costs[5] + 0.002, (
            f"a save takes {costs[5] * 1000:.2f} ms at hand 5 and {costs[400] * 1000:.2f} ms "
            "at hand 400")


def test_attack_reconnecting_does_not_flood_the_other_players() -> None:
    """FAILS NOW. MEDIUM-LOW. Every join and every close of a seated connection broadcasts
    an ``update`` to every connection of the table, and the rate limit is per connection,
    so reconnecting is free: one seated client reconnecting ~130 times a second sends
    every other player ~270 updates (~640 KB) a second; a player on a slow link fills its
    512-message queue and is disconnected (1008). (``POST /api/join`` broadcasts too.)

    Fix: coalesce presence-only updates (send one only when a seat's ``connected`` flips,
    at most every 0.5 s a table), and rate-limit joins per token and per address."""
    with running() as server:
        status, made = server.request("POST", "/api/tables", {"preset": "spoil five",
                                                              "players": 3})
        assert status == 201
        tokens = take_seats(server, made["table"], [0, 1])
        victim = Client(server.ws)
        victim.join(token=tokens[1])
        for _ in range(100):
            flood = Client(server.ws)
            flood.join(token=tokens[0])
            flood.close()
        time.sleep(0.5)
        got = 0
        try:
            while True:
                victim.ws.recv(timeout=0.5)
                got += 1
        except TimeoutError:
            pass
        victim.close()
        assert got <= 20, f"100 reconnects of one seat sent another seat {got} updates"


def test_attack_join_codes_cannot_be_guessed_at_full_speed() -> None:
    """FAILS NOW. LOW-MEDIUM. ``POST /api/join`` with a ``code`` has no rate limit. The
    code space is 31**6 = 887,503,681; with 200 tables open, one client at ~1,900
    requests a second (measured here, one connection, two shared cores) finds a table with
    a free seat about every 40 minutes, and takes the seat (and learns the table id).

    Fix: rate-limit failed code look-ups per address (e.g. 10 a minute, then 429), or
    lengthen the code (8 letters: 31**8 = 8.5e11), or make a code valid only until its
    human seats are taken."""
    with running() as server:
        statuses = set()
        alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
        rng = random.Random(7)
        for _ in range(200):
            code = "".join(rng.choice(alphabet) for _ in range(6))
            statuses.add(server.request("POST", "/api/join", {"code": code})[0])
        assert 429 in statuses, f"200 wrong codes in a row answered {sorted(statuses)}"
