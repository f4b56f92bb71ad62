"""Helpers of the server tests: a real uvicorn on 127.0.0.1 in a background thread, a plain
WebSocket client (``websockets.sync.client``), and a driver that plays a table's human
seats over the wire."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
ws_client = pytest.importorskip("websockets.sync.client")
ws_exceptions = pytest.importorskip("websockets.exceptions")

import trumpfamily as tf
from trumpfamily.server import Hub, TableSettings, create_app

KEY = b"server-test-key-0123456789abcdef"


class Running:
    """A server running in a thread: its base URLs and its hub."""

    def __init__(self, server: Any, thread: threading.Thread, hub: Hub, port: int) -> None:
        self.server, self.thread, self.hub, self.port = server, thread, hub, port
        self.http = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}/ws"

    def run(self, coroutine: Any, timeout: float = 10.0) -> Any:
        """Run a coroutine on the server's event loop (the tests' hook into the hub)."""
        assert self.hub.loop is not None
        return asyncio.run_coroutine_threadsafe(coroutine, self.hub.loop).result(timeout)

    def create(self, settings: TableSettings, **kwargs: Any) -> Any:
        """A table made by the hub directly (``seed=``, ``decks=``, ``dealer=``: the test's)."""
        return self.run(self.hub.create(settings, **kwargs))

    def close_table(self, table: Any) -> None:
        """Close a table (on the server's loop)."""
        async def close() -> None:
            self.hub.close_table(table)
        self.run(close())

    def request(self, method: str, path: str, body: Any = None,
                raw: bytes | None = None) -> tuple[int, Any]:
        """An HTTP request; (status, JSON body)."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.http + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as reply:
                return reply.status, json.loads(reply.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


@contextmanager
def running(**kwargs: Any) -> Iterator[Running]:
    """Start a server (``create_app(**kwargs)``) on a free port of 127.0.0.1; stop it after."""
    kwargs.setdefault("key", KEY)
    app = create_app(**kwargs)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                            ws_max_size=1 << 20, ws_ping_interval=None, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield Running(server, thread, app.state.hub, port)
    finally:
        server.should_exit = True
        thread.join(10)


class Client:
    """One WebSocket connection; every text frame it receives is kept, in order."""

    def __init__(self, url: str) -> None:
        self.ws = ws_client.connect(url, open_timeout=5, max_size=None, max_queue=None,
                                     close_timeout=2).__enter__()
        self.received: list[str] = []

    def send(self, payload: Any) -> None:
        self.ws.send(payload if isinstance(payload, str | bytes) else json.dumps(payload))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message that is not a heartbeat."""
        while True:
            text = self.ws.recv(timeout=timeout)
            assert isinstance(text, str)
            self.received.append(text)
            message: dict[str, Any] = json.loads(text)
            if message["type"] != "heartbeat":
                return message

    def until(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of type ``kind`` (those before it are kept, not returned)."""
        while True:
            message = self.recv(timeout)
            if message["type"] == kind:
                return message

    def join(self, *, token: str | None = None, table: str | None = None) -> dict[str, Any]:
        """Join; the ``state`` message after the ``welcome``."""
        self.send({"type": "join", "protocol": 1, **({"token": token} if token else {}),
                   **({"table": table} if table else {})})
        welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        state = self.recv()
        assert state["type"] == "state", state
        return state

    def close(self) -> None:
        self.ws.close()


def take_seats(server: Running, table_id: str, seats: Sequence[int]) -> dict[int, str]:
    """Join ``seats`` of a table over HTTP; their tokens."""
    tokens = {}
    for seat in seats:
        status, reply = server.request("POST", "/api/join", {"table": table_id, "seat": seat})
        assert status == 200, reply
        assert reply["seat"] == seat
        tokens[seat] = reply["token"]
    return tokens


def play_table(server: Running, table_id: str, humans: dict[int, Client], watcher: Client,
               rng: random.Random, *, last: dict[str, Any], notation: bool = True,
               most: int = 2000) -> dict[str, Any]:
    """Play a table's human seats by legal actions from their views, watching it through a
    spectator's connection, until the game is over; the last table info."""
    info = last["table"]
    views: dict[int, dict[str, Any]] = {}
    moves: dict[int, int] = {}
    for _ in range(most):
        if info["over"]:
            return info
        seat = info["to_act"]
        if seat in humans:
            conn = humans[seat]
            while moves.get(seat, -1) != info["moves"]:
                message = conn.recv()
                if message["type"] in ("state", "update"):
                    views[seat], moves[seat] = message["view"], message["table"]["moves"]
            view = views[seat]
            assert view["to_act"] == seat and view["legal_actions"], view
            choice = rng.choice(view["legal_actions"])
            sent: Any = str(tf.from_json(choice, tf.Action)) if notation else choice
            conn.send({"type": "action", "action": sent, "id": f"m{info['moves']}"})
        while True:
            message = watcher.recv()
            if message["type"] == "update" and message["table"]["moves"] > info["moves"]:
                info = message["table"]
                break
    raise AssertionError("the game did not end")
