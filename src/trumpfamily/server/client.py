"""Bots over the wire, the Python side: a small synchronous client of the server's WebSocket
protocol (:doc:`/reference/protocol`) that plays one seat with any
:class:`~trumpfamily.players.Player`.

:func:`play_seat` joins a table with a seat token, reads every ``state`` and ``update``
the server sends, rebuilds the seat's view from its JSON
(:func:`~trumpfamily.jsonio.from_json` as :data:`~trumpfamily.outcomes.AnyView`: a
:class:`~trumpfamily.outcomes.SeatView` in the turn-up games, a
:class:`~trumpfamily.outcomes.BiddingView` in the bidding games) and, when the view says
it is the seat's turn and lists legal actions, asks the player
(:meth:`Player.choose <trumpfamily.players.Player.choose>`) and sends its answer in the
notation of :func:`~trumpfamily.actions.parse_action` (``str(action)``: ``"play 5H"``,
``"bid 20"``, ``"discard 4C JD"``). It stops when the game is over, and returns a
:class:`SeatSummary`. The client never sends state, only actions: the server applies them
or refuses them, and the engine's state stays on the server.

What it does on the way:

* **Refusals** (``{"type": "refused", ...}``: a bot answered with an action the rules
  refuse, or a timer moved for the seat first) are logged, counted and kept
  (:class:`Refusal`); the client then asks for a fresh ``state`` (``sync``) and asks the
  player again. After ``retries`` refusals at one position it sends the first legal
  action of the view instead (counted in :attr:`SeatSummary.fallbacks`), so that a bot
  that keeps answering wrongly cannot stall the table.
* **Heartbeats** (every 15 s from the server) are counted; ``timeout`` seconds with no
  message at all is taken for a dead connection.
* **Reconnects**: a connection that drops (a network failure, a server restart, no
  message for ``timeout`` seconds) is opened again and the seat joined again with the same
  token, at most ``reconnects`` times over the whole game, waiting a little longer each
  time (0.25 s, 0.5 s, 1 s... at most 8 s); the server sends the seat's whole view on each
  join, so the seat carries on where it was.
* **Pacing**: the server allows each connection a number of messages a second (10, in
  bursts of 20, by default); the client keeps under ``rate`` messages a second (8 by
  default, in bursts of ``burst``), waiting before it sends when it would go over.
* **Errors** the server reports that no retry can mend (``bad-token``, ``no-table``,
  ``protocol-version``, ``spectator``) raise :class:`WireError`; so does a connection
  that cannot be had back within ``reconnects``.

The server's side of the same messages is :mod:`trumpfamily.server`; the command
``trumpfamily bot --connect URL --seat-token T BOT`` (``trumpfamily.cli.botclient``) runs
this client from the shell. A client in another language needs nothing but the protocol
page: this module is one way to write it, in about two hundred lines.

Playing a seat, with a token got from ``POST /api/join`` (or :func:`join_table`), against
a server on this machine (not run here: it needs a server)::

    import trumpfamily as tf
    from trumpfamily.server.client import join_table, play_seat

    joined = join_table("http://127.0.0.1:8045", code="ABC-DEF")
    summary = play_seat("ws://127.0.0.1:8045/ws", joined.token, tf.RuleOfThumbPlayer())
    print(summary.over, summary.scores, summary.sent, summary.refused)

The URL may be given as the server's address (``http://host:port``), the WebSocket's
(``ws://host:port/ws``) or a table's page (``https://host/t/<id>``):
:func:`websocket_url` reads them all.

>>> websocket_url("http://127.0.0.1:8045")
'ws://127.0.0.1:8045/ws'
>>> websocket_url("https://cards.example.org/t/Qx3")
'wss://cards.example.org/ws'
>>> websocket_url("ws://127.0.0.1:8045/ws")
'ws://127.0.0.1:8045/ws'
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from ..actions import Action
from ..errors import InvalidArgumentError, TrumpFamilyError, safe_repr
from ..jsonio import from_json
from ..outcomes import AnyView
from ..players import Player, is_oracle

__all__ = [
    "FATAL_ERRORS",
    "PROTOCOL",
    "Joined",
    "Refusal",
    "SeatSummary",
    "WireError",
    "http_url",
    "join_table",
    "oracle_refusal",
    "play_seat",
    "websocket_url",
]

log = logging.getLogger("trumpfamily.server.client")

#: The protocol version this client speaks (the ``"protocol"`` of its ``join``).
PROTOCOL: Final = 1

#: The ``error`` codes after which the client gives up (no retry can mend them).
FATAL_ERRORS: Final = frozenset({"bad-token", "no-table", "protocol-version", "spectator",
                                 "not-joined", "full"})

#: The longest wait between two reconnects, seconds.
MAX_BACKOFF: Final = 8.0


class WireError(TrumpFamilyError, ConnectionError):
    """The client cannot play its seat: the server refused the join, or the connection
    could not be had back.

    Attributes:
        code: the server's error code (``bad-token``, ``no-table``...; ``http-<status>``
            for an HTTP request), or ``"connection"`` when the server could not be
            reached or the connection was lost for good.
        reason: what went wrong, in words.
    """

    def __init__(self, code: str, reason: str) -> None:
        self.code, self.reason = code, reason
        super().__init__(f"{code}: {reason}")


@attrs.frozen
class Refusal:
    """An action of this client's the server refused (a ``refused`` message).

    Attributes:
        id: the id the client gave the action.
        code: the refusal's code (one of the library's refusal codes, e.g.
            ``card-not-held``, ``out-of-turn``, or the server's ``bad-action``).
        reason: the reason, in words.
        rule: the rule it cites (``"RULES.md §1.4.3"``...), or ``None``.
        legal: the legal actions in the notation (only when it was the seat's turn).
    """

    id: str | None
    code: str
    reason: str
    rule: str | None = None
    legal: tuple[str, ...] = ()


@attrs.frozen
class SeatSummary:
    """What :func:`play_seat` did, and how the game stood at the end.

    Attributes:
        table: the table's id.
        seat: the seat played.
        over: whether the game was over when the client stopped (``False`` only when
            ``max_seconds`` ran out).
        moves: the table's count of actions applied, by every seat, at the end.
        hand_number: the hand the game was at (the last hand, once over).
        winner: the game's winner (a seat), or ``None``.
        scores: each seat's score (points games), as the server reported them.
        chips: each seat's chips (the pool games).
        sent: actions this client sent.
        refused: how many of them the server refused.
        refusals: those refusals, in order.
        fallbacks: actions sent as the view's first legal action after ``retries``
            refusals at one position.
        reconnects: connections opened again after the first.
        heartbeats: heartbeats received.
        latencies: for each action the server applied, the seconds from its sending to the
            receipt of the ``update`` that carried it (round trip and the server's work).
        records: the table's record URLs at the end (``{"hands": [...], "game": url}``;
            the server says how many hands have a record, and hand ``n``'s is at
            ``/api/tables/<id>/hands/<n>/record``).
    """

    table: str
    seat: int
    over: bool
    moves: int
    hand_number: int
    winner: int | None
    scores: tuple[int, ...]
    chips: tuple[int, ...]
    sent: int
    refused: int
    refusals: tuple[Refusal, ...]
    fallbacks: int
    reconnects: int
    heartbeats: int
    latencies: tuple[float, ...]
    records: Mapping[str, Any]


@attrs.frozen
class Joined:
    """A seat taken over HTTP (``POST /api/join``): its table, seat and seat token."""

    table: str
    seat: int
    token: str


def websocket_url(url: str) -> str:
    """The WebSocket address of the server ``url`` names: ``http`` becomes ``ws`` and
    ``https`` ``wss``, and a path that is not ``/ws`` (none, ``/``, a table's page
    ``/t/<id>``) becomes ``/ws``. A server behind a proxy on a sub-path gives its
    WebSocket's address itself (``wss://host/cards/ws``).

    Args:
        url: ``ws://``, ``wss://``, ``http://`` or ``https://`` address.

    Returns:
        The ``ws://`` or ``wss://`` address of the WebSocket endpoint.

    Raises:
        WireError: ``bad-url``, not such an address.

    >>> websocket_url("127.0.0.1:8045")
    Traceback (most recent call last):
    ...
    trumpfamily.server.client.WireError: bad-url: expected a ws://, wss://, http:// or https:// address, got '127.0.0.1:8045'
    """
    parts = urllib.parse.urlsplit(url.strip())
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme.lower())
    if scheme is None or not parts.netloc:
        raise WireError("bad-url", "expected a ws://, wss://, http:// or https:// address, "
                        f"got {safe_repr(url)}")
    path = parts.path if parts.path.endswith("/ws") else _base_path(parts.path) + "/ws"
    return urllib.parse.urlunsplit((scheme, parts.netloc, path, "", ""))


def http_url(url: str) -> str:
    """The HTTP address of the server ``url`` names (the reverse of :func:`websocket_url`):
    ``ws`` becomes ``http``, ``wss`` ``https``, and the path its base (``/ws`` and
    ``/t/<id>`` dropped).

    Raises:
        WireError: ``bad-url``, not such an address.

    >>> http_url("wss://cards.example.org/ws"), http_url("http://127.0.0.1:8045/t/Qx3")
    ('https://cards.example.org', 'http://127.0.0.1:8045')
    """
    parts = urllib.parse.urlsplit(url.strip())
    scheme = {"http": "http", "https": "https", "ws": "http", "wss": "https"}.get(
        parts.scheme.lower())
    if scheme is None or not parts.netloc:
        raise WireError("bad-url", "expected a ws://, wss://, http:// or https:// address, "
                        f"got {safe_repr(url)}")
    path = parts.path[:-3] if parts.path.endswith("/ws") else _base_path(parts.path)
    return urllib.parse.urlunsplit((scheme, parts.netloc, path, "", ""))


def _base_path(path: str) -> str:
    """``path`` without a table page's ``/t/<id>`` and without a trailing slash."""
    head, sep, _ = path.rpartition("/t/")
    return (head if sep else path).rstrip("/")


def oracle_refusal(player: object) -> str:
    """Why ``player``, a cheating oracle (:func:`~trumpfamily.players.is_oracle`), cannot
    play over the wire.

    >>> print(oracle_refusal(object()))
    object is an oracle: it chooses from the whole hand (choose_state), and over the wire a seat is sent only its own view
    """
    return (f"{type(player).__name__} is an oracle: it chooses from the whole hand "
            "(choose_state), and over the wire a seat is sent only its own view")


def join_table(url: str, *, code: str | None = None, table: str | None = None,
               seat: int | None = None, name: str | None = None,
               timeout: float = 10.0) -> Joined:
    """Take a seat at a table over HTTP (``POST /api/join``), by its join code or its id.

    Args:
        url: the server (any address :func:`http_url` reads).
        code: the join code, ``"ABC-DEF"`` (any case, dash optional).
        table: the table's id, instead of ``code``.
        seat: the seat wanted (default: the first free human seat).
        name: the name shown at the table (at most 24 characters).
        timeout: seconds to wait for the server.

    Returns:
        The :class:`Joined` seat, with its token (keep it: it is the seat).

    Raises:
        WireError: the server refused (``code`` its error code: ``no-table``,
            ``seat-taken``, ``table-full``..., with the reason in words), or could not be
            reached (``connection``). When the table is known (``table``, or ``url`` a
            table's page ``.../t/<id>``) a refused seat is looked up in the table's
            public info and said as it is: ``bot-seat`` ("seat 1 is a bot's seat") or
            ``game-over`` ("the game at this table is over"); so are those codes when
            the server sends them itself.
    """
    body: dict[str, Any] = {"code": code} if code is not None else {"table": table}
    if seat is not None:
        body["seat"] = seat
    if name is not None:
        body["name"] = name
    try:
        reply = _post(http_url(url) + "/api/join", body, timeout)
    except WireError as error:
        raise _join_refusal(error, url, table, seat, timeout) from None
    try:
        return Joined(str(reply["table"]), int(reply["seat"]), str(reply["token"]))
    except (KeyError, TypeError, ValueError):
        raise WireError("bad-reply", f"the join reply is not a seat: {safe_repr(reply)}") \
            from None


#: The ``POST /api/join`` refusals :func:`join_table` words itself (the seat cannot be had).
_SEAT_REFUSALS: Final = frozenset({"seat-taken", "table-full", "bot-seat", "game-over"})


def _join_refusal(error: WireError, url: str, table: str | None, seat: int | None,
                  timeout: float) -> WireError:
    """The :class:`WireError` of a refused join, in words: for a seat that cannot be had,
    whether it is a bot's seat or the game is over, from the table's public info when the
    table is known, else from the server's code alone."""
    if error.code not in _SEAT_REFUSALS:
        return error
    table = table or _table_of_page(url)
    info: Any = None
    if table is not None:
        try:
            info = _get(f"{http_url(url)}/api/tables/{urllib.parse.quote(table)}", timeout)
        except WireError:
            info = None
    seats = info.get("seats") if isinstance(info, Mapping) else None
    over = info.get("over") if isinstance(info, Mapping) else None
    kind = None
    if seat is not None and isinstance(seats, list) and 0 <= seat < len(seats) \
            and isinstance(seats[seat], Mapping):
        kind = seats[seat].get("kind")
    if error.code == "game-over" or over is True:
        return WireError("game-over", "the game at this table is over: there is no seat to "
                         "play (its records can still be downloaded)")
    if error.code == "bot-seat" or kind == "bot":
        return WireError("bot-seat", f"seat {seat} is a bot's seat: a bot of the server "
                         "plays it; choose a person's seat (or leave out --seat for the "
                         "first free one)")
    if error.code == "seat-taken":
        if kind == "human":
            return WireError("seat-taken", f"seat {seat} is taken: another player has it")
        return WireError("seat-taken", f"seat {seat} cannot be taken: it is a bot's seat, or "
                         "another player has it (ask for a free person's seat, or leave out "
                         "--seat for the first free one)")
    if over is False:
        return WireError("table-full", "no seat to take at this table: every person's seat "
                         "is taken")
    return WireError("table-full", "no seat to take at this table: every person's seat is "
                     "taken, or the game is over")


def _table_of_page(url: str) -> str | None:
    """The table id of a table page's address (``.../t/<id>``), else ``None``."""
    _, sep, tail = urllib.parse.urlsplit(url.strip()).path.rpartition("/t/")
    tail = tail.strip("/")
    return tail if sep and tail and "/" not in tail else None


def _get(url: str, timeout: float) -> Any:
    """GET ``url``; the reply's JSON. Raises :class:`WireError`."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as reply:
            return json.loads(reply.read() or b"null")
    except urllib.error.HTTPError as error:
        raise WireError(f"http-{error.code}", str(error.reason)) from None
    except (OSError, ValueError) as error:
        raise WireError("connection", f"cannot reach {url}: {error}") from None


def _post(url: str, body: Mapping[str, Any], timeout: float) -> Any:
    """POST ``body`` as JSON; the reply's JSON. Raises :class:`WireError`."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return json.loads(reply.read() or b"null")
    except urllib.error.HTTPError as error:
        try:
            data = json.loads(error.read() or b"null")
            code, reason = str(data["error"]), str(data["reason"])
        except (ValueError, KeyError, TypeError):
            code, reason = f"http-{error.code}", str(error.reason)
        raise WireError(code, reason) from None
    except (OSError, ValueError) as error:
        raise WireError("connection", f"cannot reach {url}: {error}") from None


class _Pace:
    """A token bucket on the client's side: at most ``rate`` messages a second, in bursts
    of ``burst``; :meth:`wait` sleeps until one may be sent."""

    def __init__(self, rate: float | None, burst: int) -> None:
        self.rate, self.burst = rate, float(max(1, burst))
        self.level = self.burst
        self.last = time.monotonic()

    def wait(self) -> None:
        if self.rate is None:
            return
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level < 1.0:
            time.sleep((1.0 - self.level) / self.rate)
            self.level, self.last = 1.0, time.monotonic()
        self.level -= 1.0


class _Lost(Exception):
    """The connection is gone (closed, failed, or silent for too long): reconnect."""


class _Seat:
    """One seat's play over one or more connections (the state :func:`play_seat` keeps
    from one connection to the next)."""

    def __init__(self, token: str, player: Player, retries: int,
                 on_message: Callable[[Mapping[str, Any]], None] | None,
                 pace: _Pace) -> None:
        self.token, self.player, self.retries = token, player, retries
        self.on_message, self.pace = on_message, pace
        self.seat: int | None = None
        self.info: Mapping[str, Any] = {}
        self.sent = 0
        self.fallbacks = 0
        self.heartbeats = 0
        self.refusals: list[Refusal] = []
        self.latencies: list[float] = []
        self.pending: tuple[int, float] | None = None  # (the table's moves, sent at)
        self.tries: dict[int, int] = {}  # refusals at each position (the table's moves)
        self.count = 0

    # -- one connection ----------------------------------------------------------------

    def session(self, connection: Any, timeout: float, deadline: float | None) -> bool:
        """Join on ``connection`` and play until the game is over (``True``) or the
        deadline passes (``False``).

        Raises:
            WireError: the server refused the join for good.
            _Lost: the connection is gone.
        """
        self.pending = None
        self.send(connection, {"type": "join", "protocol": PROTOCOL, "token": self.token})
        while True:
            wait = timeout if deadline is None else min(timeout, deadline - time.monotonic())
            if wait <= 0:
                return False
            message = self.receive(connection, wait, timeout)
            if message is None:
                continue
            kind = message.get("type")
            if kind == "welcome":
                self.seat = message.get("seat")
                self.info = message.get("table") or self.info
            elif kind in ("state", "update"):
                if self.seen(connection, message):
                    return True
            elif kind == "refused":
                self.refused(connection, message)
            elif kind == "heartbeat":
                self.heartbeats += 1
            elif kind == "timer":
                log.info("seat %s: %s s to decide", message.get("seat"), message.get("seconds"))
            elif kind == "error":
                code, reason = str(message.get("code")), str(message.get("reason"))
                if code in FATAL_ERRORS:
                    raise WireError(code, reason)
                log.warning("the server reports %s: %s", code, reason)

    def receive(self, connection: Any, wait: float, timeout: float) -> dict[str, Any] | None:
        """The next message (``None`` when ``wait`` ran out before ``timeout``)."""
        from websockets.exceptions import ConnectionClosed

        try:
            text = connection.recv(timeout=wait)
        except TimeoutError:
            if wait < timeout:
                return None
            raise _Lost(f"no message for {timeout:g} s") from None
        except ConnectionClosed as closed:
            raise _Lost(f"the connection closed ({closed})") from None
        except OSError as error:
            raise _Lost(str(error)) from None
        try:
            message = json.loads(text)
        except ValueError:
            log.warning("not JSON from the server: %s", safe_repr(text))
            return None
        if not isinstance(message, dict):
            log.warning("not a message from the server: %s", safe_repr(message))
            return None
        if self.on_message is not None:
            self.on_message(message)
        return message

    def send(self, connection: Any, payload: Mapping[str, Any]) -> None:
        from websockets.exceptions import ConnectionClosed

        self.pace.wait()
        try:
            connection.send(json.dumps(payload))
        except (ConnectionClosed, OSError) as error:
            raise _Lost(f"cannot send: {error}") from None

    # -- the messages ------------------------------------------------------------------

    def seen(self, connection: Any, message: Mapping[str, Any]) -> bool:
        """A ``state`` or ``update``: act on the view when it is this seat's turn;
        whether the game is over."""
        self.info = message.get("table") or self.info
        moves = int(self.info.get("moves", 0))
        if self.pending is not None and moves > self.pending[0]:
            self.latencies.append(time.monotonic() - self.pending[1])
            self.pending = None
        if self.info.get("over"):
            return True
        data = message.get("view")
        if data is None or self.pending is not None:
            return False
        view = from_json(data, AnyView)
        if view.to_act != view.seat or not view.legal_actions:
            return False
        tries = self.tries.get(moves, 0)
        if tries >= self.retries:
            action: Action = view.legal_actions[0]
            self.fallbacks += 1
            log.warning("seat %d: %d refusals at move %d; sending %s, the first legal action",
                        view.seat, tries, moves, action)
        else:
            action = self.player.choose(view)
        self.count += 1
        ident = f"a{self.count}"
        self.pending = (moves, time.monotonic())
        self.send(connection, {"type": "action", "action": str(action), "id": ident})
        self.sent += 1
        return False

    def refused(self, connection: Any, message: Mapping[str, Any]) -> None:
        """A ``refused``: kept and logged; then a fresh ``state`` is asked for."""
        legal = message.get("legal") or ()
        refusal = Refusal(
            None if message.get("id") is None else str(message.get("id")),
            str(message.get("code")), str(message.get("reason")),
            None if message.get("rule") is None else str(message.get("rule")),
            tuple(str(a) for a in legal))
        self.refusals.append(refusal)
        log.warning("seat %s: action %s refused (%s): %s", self.seat, refusal.id,
                    refusal.code, refusal.reason)
        if self.pending is not None:
            moves = self.pending[0]
            self.tries[moves] = self.tries.get(moves, 0) + 1
            self.pending = None
        self.send(connection, {"type": "sync"})

    def summary(self, over: bool, reconnects: int) -> SeatSummary:
        info = self.info
        return SeatSummary(
            table=str(info.get("table", "")),
            seat=-1 if self.seat is None else int(self.seat),
            over=over, moves=int(info.get("moves", 0)),
            hand_number=int(info.get("hand_number", 0)),
            winner=info.get("winner"),
            scores=tuple(int(s) for s in info.get("scores") or ()),
            chips=tuple(int(c) for c in info.get("chips") or ()),
            sent=self.sent, refused=len(self.refusals), refusals=tuple(self.refusals),
            fallbacks=self.fallbacks, reconnects=reconnects, heartbeats=self.heartbeats,
            latencies=tuple(self.latencies), records=_record_urls(info))


def play_seat(
    url: str,
    token: str,
    player: Player,
    *,
    timeout: float = 60.0,
    open_timeout: float = 10.0,
    reconnects: int = 5,
    retries: int = 3,
    rate: float | None = 8.0,
    burst: int = 16,
    max_seconds: float | None = None,
    on_message: Callable[[Mapping[str, Any]], None] | None = None,
) -> SeatSummary:
    """Play the seat of ``token`` with ``player`` until the game is over.

    Joins with ``{"type": "join", "protocol": 1, "token": token}``; on every ``state`` and
    ``update`` whose view has ``to_act`` equal to its seat and legal actions, sends
    ``{"type": "action", "action": str(player.choose(view)), "id": "a<n>"}`` (one action
    per position: it waits for the update that shows it applied, or its refusal). See the
    module's text for refusals, heartbeats, reconnects and pacing.

    Args:
        url: the server's WebSocket (``ws://host:port/ws``), or any address
            :func:`websocket_url` reads.
        token: the seat token (``POST /api/join``, :func:`join_table`, or the page's
            ``localStorage``).
        player: the bot; its ``choose(view)`` gets a
            :class:`~trumpfamily.outcomes.SeatView` or a
            :class:`~trumpfamily.outcomes.BiddingView`, read from the server's JSON. An
            exception it raises ends the client (the connection is closed) and is raised
            to the caller.
        timeout: seconds without any message (the server sends a heartbeat every 15)
            after which the connection is taken for dead and opened again.
        open_timeout: seconds to wait for a connection to open.
        reconnects: connections opened again, at most, over the whole game (0: none).
        retries: refusals at one position after which the view's first legal action is
            sent instead of the player's.
        rate: messages a second the client sends at most (``None``: no pacing); keep it
            under the server's ``actions_per_second`` (10 by default).
        burst: messages the client may send at once before pacing starts.
        max_seconds: stop after this many seconds even if the game is not over
            (``None``: play to the end).
        on_message: called with every message from the server, as JSON data, before the
            client reads it (to log or show the game).

    Returns:
        The :class:`SeatSummary`: the game's end as the server reported it, what was
        sent and refused, the latencies.

    Raises:
        WireError: the server refused the join (``bad-token``, ``no-table``,
            ``protocol-version``...), or the connection was lost more than ``reconnects``
            times, or could not be opened (``connection``); ``bad-url`` for an address
            that is not one.
        InvalidArgumentError: ``player`` is a cheating oracle (it has ``choose_state``:
            it needs the whole hand, and a client is sent only its seat's view).
        ImportError: the ``websockets`` package (the ``serve`` extra) is missing.
    """
    from websockets.exceptions import InvalidHandshake, InvalidURI
    from websockets.sync.client import connect

    if is_oracle(player):
        raise InvalidArgumentError(oracle_refusal(player))
    address = websocket_url(url)
    seat = _Seat(token, player, retries, on_message, _Pace(rate, burst))
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    opened = 0
    failures = 0
    while True:
        try:
            with connect(address, open_timeout=open_timeout, max_size=1 << 22,
                         close_timeout=2) as connection:
                opened += 1
                over = seat.session(connection, timeout, deadline)
                return seat.summary(over, opened - 1)
        except _Lost as lost:
            why = str(lost)
        except WireError:  # a ConnectionError, so an OSError: not one to retry
            raise
        except InvalidURI as error:
            raise WireError("bad-url", str(error)) from None
        except (OSError, InvalidHandshake, TimeoutError) as error:
            why = f"cannot connect to {address}: {error}"
        failures += 1
        if failures > reconnects or (deadline is not None and time.monotonic() >= deadline):
            raise WireError("connection", f"{why} (after {failures - 1} reconnects)")
        pause = min(MAX_BACKOFF, 0.25 * 2 ** (failures - 1))
        log.warning("%s; reconnecting in %g s (%d of %d)", why, pause, failures, reconnects)
        time.sleep(pause)


def _record_urls(info: Mapping[str, Any]) -> dict[str, Any]:
    """The record URLs of a table info: ``{"hands": [url, ...], "game": url | None}``.

    >>> _record_urls({"table": "T", "records": {"hands": 2, "game": None}})["hands"]
    ['/api/tables/T/hands/1/record', '/api/tables/T/hands/2/record']
    """
    records = info.get("records") or {}
    count = records.get("hands", 0)
    table = info.get("table", "")
    return {"hands": [f"/api/tables/{table}/hands/{n}/record"
                      for n in range(1, int(count) + 1)] if type(count) is int else [],
            "game": records.get("game")}
