"""A reference game server: any preset at a table in the browser or over a WebSocket, for
people and bots, built on the library's public API only (``pip install 'trumpfamily[serve]'``:
Starlette, uvicorn and websockets; the core library never imports this package).

:func:`create_app` returns the ASGI application; ``trumpfamily.server.app`` is one made
with the defaults (built on first use), for any ASGI server::

    uvicorn trumpfamily.server:app --host 127.0.0.1 --port 8045

or ``trumpfamily serve``. The messages, the HTTP API, the error codes and the limits are
described on the protocol page (:doc:`/reference/protocol`).

What the server promises:

* the engine's state stays on the server; a client sends actions (the notation of
  :func:`~trumpfamily.actions.parse_action`, or the JSON of
  :func:`~trumpfamily.jsonio.to_json`), which
  :meth:`GameState.apply <trumpfamily.game.GameState.apply>` applies with the seat of the
  token the client joined with, under the table's lock;
* a seat is sent only its :meth:`~trumpfamily.game.GameState.view` and the events as it
  sees them; a spectator only what every seat sees (the protocol tests re-deal the
  hidden cards and compare every payload, byte for byte);
* a refused action is answered with its :class:`~trumpfamily.errors.IllegalActionError`
  ``code``, ``rule`` and ``reason``, and ``legal`` only on the seat's own turn;
* every finished hand, and the game once it is over, is kept as a record signed with the
  server's key (:func:`~trumpfamily.records.replay`, :func:`~trumpfamily.records.replay_game`);
* bots think in a thread pool with a hard time cap, and every move of a table's bots gives
  the other tables a turn; a client's message is at most 4096 bytes and a connection sends
  at most 10 a second (bursts of 20), spectators have places apart from the seats', and
  tables, joins and failed look-ups are limited per address, by default (:class:`Limits`);
  one table's failure stops that table alone.

>>> from trumpfamily.server import Limits
>>> Limits().message_bytes, Limits().tables
(4096, 200)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ._protocol import PROTOCOL, Message, ProtocolError, parse_message
from ._tables import CODE_ALPHABET, PUBLIC_BOTS, Hub, Limits, Table, TableSettings

if TYPE_CHECKING:
    from starlette.applications import Starlette

for _name in ("Hub", "Limits", "Table", "TableSettings", "Message", "ProtocolError",
              "parse_message"):
    globals()[_name].__module__ = __name__  # documented here, where they are imported from

__all__ = [
    "CODE_ALPHABET",
    "PROTOCOL",
    "PUBLIC_BOTS",
    "Hub",
    "Limits",
    "Message",
    "ProtocolError",
    "Table",
    "TableSettings",
    "create_app",
    "parse_message",
]


def create_app(
    *,
    key: bytes | None = None,
    store: str | os.PathLike[str] | None = None,
    bots: Mapping[str, object] | None = None,
    limits: Limits | None = None,
    bot_delay: float = 0.0,
    bot_time_cap: float = 5.0,
    timer: float | None = None,
) -> Starlette:
    """The server as an ASGI application (Starlette).

    Args:
        key: the key that signs every record (non-empty bytes). ``None``: the key kept in
            ``store`` (``server.key``, 32 random bytes written on first start), or without
            a store 32 random bytes for this process (its records then verify only while
            it runs).
        store: a directory to save each table in: a snapshot (JSON: its settings, its
            signed game record, the hashes of its seat tokens, with a MAC under the key)
            and a journal with one line per action (each with its MAC), written off the
            event loop; the tables found there are read back at start
            (:func:`~trumpfamily.records.replay_game` with the key, then the journal's
            actions). ``None``: memory only.
        bots: bots to offer beside the built-in ones (``PUBLIC_BOTS``), name -> what
            :func:`~trumpfamily.tournament.bot_factory` takes (``"package.module:Class"``,
            a class, a factory of a seed).
        limits: the :class:`Limits` (default: ``Limits()``).
        bot_delay: seconds a bot waits before it moves, so that people can follow.
        bot_time_cap: seconds a bot may think over one move; then the rule of thumb moves
            for it (counted).
        timer: the decision timer, seconds, of a table created without ``"timer"``
            (``None``: no timer, the default: friendly tables wait).

    Returns:
        A :class:`starlette.applications.Starlette` application; its ``state.hub`` is the
        :class:`Hub` of its tables.

    Raises:
        ImportError: the ``serve`` extra (Starlette) is not installed.
        ProtocolError: ``key`` is not non-empty bytes.
        InvalidArgumentError: a bot of ``bots`` cannot be made.
    """
    from ._app import build_app  # Starlette, imported only here

    hub = Hub(key=key, store=store, bots=bots, limits=limits, bot_delay=bot_delay,
              bot_time_cap=bot_time_cap, timer=timer)
    return build_app(hub)


_app: Any = None


def __getattr__(name: str) -> Any:
    """``app``: the application with the defaults, made on first use."""
    global _app
    if name == "app":
        if _app is None:
            _app = create_app()
        return _app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
