"""The web application: the HTTP API, the static pages and cards, and the WebSocket
endpoint, on Starlette. Every decision is the :class:`~trumpfamily.server._tables.Hub`'s;
this module reads requests and messages and writes replies."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import svg
from .._version import __version__
from ..cards import Card
from ..errors import TrumpFamilyError
from ._protocol import PROTOCOL, ProtocolError, check_depth, parse_message
from ._tables import Bucket, Hub, Limits, Table

__all__ = ["build_app"]

log = logging.getLogger("trumpfamily.server")

STATIC = Path(__file__).parent / "static"


def _error(error: ProtocolError) -> JSONResponse:
    return JSONResponse({"error": error.code, "reason": error.reason}, status_code=error.status)


async def _body(request: Request, limit: int) -> Any:
    """The request's JSON body, read to at most ``limit`` bytes.

    Raises:
        ProtocolError: ``too-large`` (413), ``bad-request`` (not a JSON object's text).
    """
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise ProtocolError("too-large", f"the body is over {limit} bytes", status=413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ProtocolError("too-large", f"the body is over {limit} bytes", status=413)
    if not body:
        return {}
    try:
        text = body.decode("utf-8")
        check_depth(text)
        return json.loads(text, parse_constant=_refuse_constant)
    except ProtocolError as error:
        raise ProtocolError("bad-request", error.reason) from None
    except (ValueError, RecursionError):
        raise ProtocolError("bad-request", "the body is not JSON text") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


_CLOSE = object()


def _address(connection: Request | WebSocket) -> str:
    """The client's address (behind a proxy, the one it forwards when uvicorn trusts it:
    ``--forwarded-allow-ips``)."""
    client = connection.client
    return client.host if client is not None else "?"


class _Socket:
    """One client's WebSocket connection: what the hub sends goes through its queue, in
    order, sent by one task. A client that lets :attr:`Limits.queue` messages pile up, or
    takes longer than :attr:`Limits.send_seconds` to take one, is let go at once: detached
    from its table, and its handler stops (``gone``)."""

    def __init__(self, websocket: WebSocket, hub: Hub) -> None:
        self.websocket = websocket
        self.hub = hub
        self.seat: int | None = None
        self.table: Table | None = None
        self.most = hub.limits.queue
        self.queue: asyncio.Queue[object] = asyncio.Queue()
        self.close_code: int | None = None
        self.gone = asyncio.Event()
        self.heard = asyncio.get_running_loop().time()  # the last message read

    def send(self, text: str) -> None:
        if self.close_code is not None:
            return
        if self.queue.qsize() >= self.most:  # the client does not read: let it go
            self.drop()
            return
        self.queue.put_nowait(text)

    def drop(self) -> None:
        """Let a client that does not read go, now (it would never read the close)."""
        self.close(1008)
        if self.table is not None:
            self.hub.detach(self.table, self)
        self.gone.set()

    def reply(self, payload: Mapping[str, Any]) -> None:
        self.send(json.dumps(payload))

    def error(self, code: str, reason: str) -> None:
        self.reply({"type": "error", "code": code, "reason": reason})

    def close(self, code: int) -> None:
        if self.close_code is None:
            self.close_code = code
            self.queue.put_nowait(_CLOSE)

    async def pump(self) -> None:
        """Send what is queued, until the connection closes."""
        while True:
            item = await self.queue.get()
            if item is _CLOSE:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.websocket.close(self.close_code or 1000),
                                           self.hub.limits.send_seconds)
                self.gone.set()
                return
            assert isinstance(item, str)
            try:
                await asyncio.wait_for(self.websocket.send_text(item),
                                       self.hub.limits.send_seconds)
            except TimeoutError:
                self.drop()
                return


def build_app(hub: Hub, *, static: Path = STATIC) -> Starlette:
    """The Starlette application serving ``hub``'s tables (see :func:`create_app
    <trumpfamily.server.create_app>`)."""
    limits: Limits = hub.limits

    async def info(request: Request) -> Response:
        return JSONResponse({"protocol": PROTOCOL, "version": __version__,
                             "presets": hub.presets(), "bots": list(hub.bots),
                             "limits": {"message_bytes": limits.message_bytes,
                                        "actions_per_second": limits.actions_per_second,
                                        "burst": limits.burst}})

    async def create_table(request: Request) -> Response:
        try:
            settings = hub.read_settings(await _body(request, limits.message_bytes))
            table = await hub.create(settings, owner=_address(request))
        except ProtocolError as error:
            return _error(error)
        return JSONResponse({"table": table.id, "code": table.code, "url": f"/t/{table.id}",
                             "seats": list(settings.seats)}, status_code=201)

    async def join(request: Request) -> Response:
        try:
            data = await _body(request, limits.message_bytes)
            if not isinstance(data, dict) or set(data) - {"code", "table", "seat", "name"}:
                raise ProtocolError("bad-request", "the body is {\"code\": \"ABC-DEF\"} or "
                                    "{\"table\": ID}, with \"seat\" and \"name\" if wanted")
            if "table" in data:
                table = hub.look_up(_address(request), table_id=data["table"])
            elif "code" in data:
                table = hub.look_up(_address(request), code=data["code"])
            else:
                raise ProtocolError("bad-request", "say which table: \"code\" or \"table\"")
            async with table.lock:
                seat, token = hub.join(table.id, data.get("seat"), data.get("name"))
        except ProtocolError as error:
            return _error(error)
        return JSONResponse({"table": table.id, "seat": seat, "token": token})

    def _table(request: Request) -> Table:
        return hub.find(request.path_params["table"])

    async def table_info(request: Request) -> Response:
        try:
            return JSONResponse(_table(request).info())
        except ProtocolError as error:
            return _error(error)

    async def hand_record(request: Request) -> Response:
        try:
            table = _table(request)
            number = request.path_params["number"]
            if not 1 <= number <= len(table.hand_records):
                raise ProtocolError("no-record", f"hand {number} of this table is not "
                                    "finished", status=404)
            return JSONResponse(table.hand_records[number - 1], headers={
                "Content-Disposition":
                    f'attachment; filename="trumpfamily-{table.id}-hand-{number}.json"'})
        except ProtocolError as error:
            return _error(error)

    async def game_record(request: Request) -> Response:
        try:
            table = _table(request)
            if not table.state.is_over:
                raise ProtocolError("not-over", "the game record (it holds the seed) is served "
                                    "once the game is over", status=409)
            return JSONResponse(table.state.record(key=hub.key), headers={
                "Content-Disposition":
                    f'attachment; filename="trumpfamily-{table.id}-game.json"'})
        except ProtocolError as error:
            return _error(error)

    async def card(request: Request) -> Response:
        name = request.path_params["card"]
        if name == "back":
            picture = svg.back()
        else:
            try:
                if len(name) > 3:
                    raise ProtocolError("no-card", "no such card")
                picture = svg.card(Card.parse(name))
            except TrumpFamilyError:
                return PlainTextResponse("no such card", status_code=404)
        return Response(picture, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    async def page(request: Request) -> Response:
        index = static / "index.html"
        if not index.is_file():
            return PlainTextResponse("the page is not installed", status_code=404)
        return FileResponse(index, media_type="text/html",
                            headers={"Cache-Control": "no-cache"})

    async def ws(websocket: WebSocket) -> None:
        await websocket.accept()
        sock = _Socket(websocket, hub)
        pump = asyncio.create_task(sock.pump())
        beat = asyncio.create_task(_heartbeat(sock, limits.heartbeat_seconds))
        deadline = asyncio.create_task(_join_deadline(sock, limits.join_seconds))
        reader = asyncio.create_task(_read(hub, sock, _address(websocket)))
        gone = asyncio.create_task(sock.gone.wait())
        try:
            await asyncio.wait((reader, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (beat, deadline, reader, gone):
                task.cancel()
            if sock.table is not None:
                table = sock.table
                async with table.lock:
                    hub.detach(table, sock)
            if sock.close_code == 1008 and sock.queue.qsize() >= sock.most:
                pump.cancel()  # let go for not reading: nothing more is sent
            else:
                sock.close(1000)
                await asyncio.wait((pump,), timeout=5.0)
            pump.cancel()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        loaded = hub.load()
        for table in hub.tables.values():
            hub.kick(table)
        if loaded:
            log.info("%d tables read back from %s", loaded, hub.store)
        sweeper = asyncio.create_task(_sweep(hub))
        try:
            yield
        finally:
            sweeper.cancel()
            await hub.drain()
            hub.close()

    routes = [
        Route("/api/info", info),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/join", join, methods=["POST"]),
        Route("/api/tables/{table}", table_info),
        Route("/api/tables/{table}/hands/{number:int}/record", hand_record),
        Route("/api/tables/{table}/record", game_record),
        Route("/cards/{card}.svg", card),
        Route("/", page),
        Route("/t/{table}", page),
        WebSocketRoute("/ws", ws),
        Mount("/static", StaticFiles(directory=static, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


async def _read(hub: Hub, sock: _Socket, address: str) -> None:
    """Read a client's messages until it leaves, floods or sends too much."""
    limits = hub.limits
    bucket = Bucket(limits.actions_per_second, limits.burst)
    websocket = sock.websocket
    try:
        while sock.close_code is None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            sock.heard = asyncio.get_running_loop().time()
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            if not bucket.take():
                sock.error("rate-limited", f"more than {limits.actions_per_second:g} "
                           f"messages a second (bursts of {limits.burst}); goodbye")
                sock.close(1008)
                break
            try:
                msg = parse_message(raw, limit=limits.message_bytes)
            except ProtocolError as error:
                sock.error(error.code, error.reason)
                if error.code == "too-large":
                    sock.close(1009)
                    break
                continue
            await _handle(hub, sock, msg, address)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("connection failed")
        sock.close(1011)


async def _handle(hub: Hub, sock: _Socket, msg: Any, address: str) -> None:
    """One message read from a client."""
    if msg.type == "ping":
        sock.reply({"type": "pong", "id": msg.id})
        return
    if msg.type == "join":
        if sock.table is not None:
            sock.error("bad-message", "this connection has joined already")
            return
        if not hub.allow_join(address):
            sock.error("rate-limited", "too many joins from this address; wait a little")
            sock.close(1008)
            return
        try:
            if msg.token is not None:
                table, seat = hub.seat_of(msg.token)
            else:
                table, seat = hub.find(msg.table), None
        except ProtocolError as error:
            sock.error(error.code, error.reason)
            return
        async with table.lock:
            if sock.close_code is not None:
                return
            sock.seat = seat
            try:
                hub.attach(table, sock)  # the others hear of a seat connected (coalesced)
            except ProtocolError as error:
                sock.seat = None
                sock.error(error.code, error.reason)
                return
            sock.table = table
            sock.reply({"type": "welcome", "protocol": PROTOCOL, "seat": seat,
                        "table": table.info()})
            sock.reply(table.state_message(seat))
        return
    joined = sock.table
    if joined is None:
        sock.error("not-joined", "send {\"type\": \"join\", ...} first")
        return
    table = joined
    if msg.type == "sync":
        async with table.lock:
            sock.reply(table.state_message(sock.seat))
        return
    # an action, or a hint
    if sock.seat is None:
        sock.error("spectator", "a spectator cannot act or ask for a hint; join with a "
                   "seat token")
        return
    if table.id not in hub.tables:
        sock.error("no-table", "this table has closed")
        return
    if msg.type == "hint":
        sock.reply(await hub.hint(table, sock.seat, msg.id))
        return
    reply = await hub.act(table, sock.seat, msg.action, msg.id)
    if reply is not None:
        sock.reply(reply)


async def _join_deadline(sock: _Socket, seconds: float) -> None:
    """Close a connection that has not joined a table and has sent nothing for
    ``seconds``."""
    loop = asyncio.get_running_loop()
    while sock.table is None and sock.close_code is None:
        wait = sock.heard + seconds - loop.time()
        if wait <= 0:
            sock.error("not-joined", f"nothing heard in {seconds:g} seconds and no join; "
                       "goodbye")
            sock.close(1008)
            return
        await asyncio.sleep(wait)


async def _heartbeat(sock: _Socket, every: float) -> None:
    text = json.dumps({"type": "heartbeat"})
    while True:
        await asyncio.sleep(every)
        sock.send(text)


async def _sweep(hub: Hub) -> None:
    while True:
        await asyncio.sleep(min(60.0, hub.limits.idle_seconds, hub.limits.unjoined_seconds))
        hub.sweep()
