"""The WebSocket protocol's messages from a client: read, checked and refused in bounded
time and space, before anything of the game sees them.

A message is one JSON object in one text frame of at most ``limit`` bytes (UTF-8). It is
read in three steps, each linear in its length: the size; the nesting depth, counted by a
scan of the text that skips strings (so a frame of ``[[[[...`` never reaches
:func:`json.loads`, whose recursion would overflow); then :func:`json.loads` itself,
refusing the constants ``NaN`` and ``Infinity``. The object's ``type`` and fields are then
checked by type and length. Every refusal is a :class:`ProtocolError` with a stable
``code`` and a ``reason`` of at most :data:`MAX_REASON` characters.

>>> parse_message('{"type": "ping", "id": "a1"}')
Message(type='ping', id='a1', token=None, table=None, protocol=None, action=None)
>>> try:
...     parse_message('[' * 4000)
... except ProtocolError as error:
...     print(error.code, '-', error.reason)
bad-message - the message is nested deeper than 6 levels
"""

from __future__ import annotations

import json
from typing import Any, Final

import attrs

from ..errors import TrumpFamilyError, safe_repr

__all__ = [
    "MAX_DEPTH",
    "MAX_REASON",
    "PROTOCOL",
    "Message",
    "ProtocolError",
    "bounded_reason",
    "check_depth",
    "parse_message",
]

#: The protocol's version: a client says it in its ``join``, the server in its ``welcome``.
PROTOCOL: Final = 1

#: The deepest nesting a message may have: ``{"action": {"type": "Discard", "cards": [..]}}``
#: is 3 levels deep; 6 leaves room and nothing more.
MAX_DEPTH: Final = 6

#: The longest ``reason`` of a refusal or an error, in characters.
MAX_REASON: Final = 200

#: The longest ``id`` a client may give a message, echoed in the reply.
MAX_ID: Final = 40

#: The longest action text (a discard of a whole deck is under 200 characters).
MAX_ACTION_TEXT: Final = 400

#: The longest token or table id read (the server's are 32 characters).
MAX_KEY: Final = 64

_TYPES: Final = frozenset({"join", "action", "ping", "sync", "hint"})
_FIELDS: Final = {
    "join": frozenset({"type", "protocol", "token", "table", "id"}),
    "action": frozenset({"type", "action", "id"}),
    "ping": frozenset({"type", "id"}),
    "sync": frozenset({"type", "id"}),
    "hint": frozenset({"type", "id"}),
}


class ProtocolError(TrumpFamilyError, ValueError):
    """A message the server will not read, or a request it refuses.

    Attributes:
        code: the stable error code (``bad-message``, ``too-large``, ``not-joined``,
            ``bad-token``, ``no-table``, ``rate-limited``, ``protocol-version``,
            ``spectator``, ``full``, ``no-hints``, ``not-your-turn``; the HTTP API's own
            codes are listed on the protocol page).
        reason: a sentence for a person, at most 200 characters (``MAX_REASON``).
        status: the HTTP status that goes with it, for the HTTP API (400 unless said).
    """

    def __init__(self, code: str, reason: str, *, status: int = 400) -> None:
        self.code = code
        self.reason = bounded_reason(reason)
        self.status = status
        super().__init__(f"{code}: {self.reason}")


def bounded_reason(text: str) -> str:
    """``text`` cut to :data:`MAX_REASON` characters (an ellipsis marks a cut).

    >>> len(bounded_reason("x" * 1000))
    200
    """
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"


@attrs.frozen
class Message:
    """A client's message, read and checked.

    Attributes:
        type: ``"join"``, ``"action"``, ``"ping"``, ``"sync"`` or ``"hint"``.
        id: the client's id of the message (a string of at most 40 characters), echoed in
            the reply, else ``None``.
        token: ``join`` of a seat: its seat token.
        table: ``join`` of a spectator: the table id.
        protocol: ``join``: the protocol version the client speaks.
        action: ``action``: the action as sent, a notation string or a JSON object (read
            later by the game, :func:`~trumpfamily.actions.parse_action` or
            :func:`~trumpfamily.jsonio.from_json`).
    """

    type: str
    id: str | None = None
    token: str | None = None
    table: str | None = None
    protocol: int | None = None
    action: str | dict[str, Any] | None = None


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON text nested deeper than ``limit``, in one pass over it (strings skipped,
    escapes included), without parsing it.

    Raises:
        ProtocolError: ``bad-message``, the text is nested too deep (or its brackets do
            not balance: it is not JSON).

    >>> check_depth('{"a": "[[[[[[[[[["}')
    >>> try:
    ...     check_depth('[[[1]]]', limit=2)
    ... except ProtocolError as error:
    ...     print(error)
    bad-message: the message is nested deeper than 2 levels
    """
    depth = 0
    in_string = False
    escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise ProtocolError("bad-message",
                                    f"the message is nested deeper than {limit} levels")
        elif char in "]}":
            depth -= 1
            if depth < 0:
                raise ProtocolError("bad-message", "the message is not JSON text")


def _no_constant(name: str) -> Any:
    raise ProtocolError("bad-message", f"{name} is not a number a message may hold")


def _optional_text(data: dict[str, Any], name: str, most: int) -> str | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ProtocolError("bad-message", f"field {name!r} must be a string, got "
                            f"{type(value).__name__} {safe_repr(value)}")
    if len(value) > most:
        raise ProtocolError("bad-message", f"field {name!r} is {len(value)} characters long; "
                            f"at most {most}")
    return value


def parse_message(text: str | bytes, *, limit: int = 4096) -> Message:
    """Read one message from a client.

    Args:
        text: the frame as received (a text frame; bytes are read as UTF-8).
        limit: the most bytes a message may have.

    Returns:
        The :class:`Message`.

    Raises:
        ProtocolError: ``too-large`` (over ``limit`` bytes), ``bad-message`` (not UTF-8,
            not JSON, nested too deep, not an object, an unknown ``type``, an unknown field,
            a field of the wrong type or too long).

    >>> from trumpfamily.server import parse_message
    >>> parse_message('{"type": "action", "action": "play 5H"}').action
    'play 5H'
    >>> parse_message('{"type": "join", "protocol": 1, "token": "abc"}').token
    'abc'
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > limit:
            raise ProtocolError("too-large", f"the message is over {limit} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad-message", "the message is not UTF-8 text") from None
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError("too-large", f"the message is over {limit} bytes")
    check_depth(text)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):
        raise ProtocolError("bad-message", "the message is not JSON text") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "a message is a JSON object, got "
                            f"{type(data).__name__} {safe_repr(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise ProtocolError("bad-message", f"unknown message type {safe_repr(kind)}: "
                            "expected one of join, action, ping, sync, hint")
    unknown = sorted(set(data) - _FIELDS[kind])
    if unknown:
        raise ProtocolError("bad-message", f"a {kind} message has no field "
                            f"{safe_repr(unknown[0])}")
    ident = _optional_text(data, "id", MAX_ID)
    if kind == "join":
        protocol = data.get("protocol")
        if type(protocol) is not int:
            raise ProtocolError("protocol-version", "join must say the protocol version it "
                                f"speaks, \"protocol\": {PROTOCOL}")
        if protocol != PROTOCOL:
            raise ProtocolError("protocol-version", f"this server speaks protocol {PROTOCOL}, "
                                f"not {safe_repr(protocol)}")
        token = _optional_text(data, "token", MAX_KEY)
        table = _optional_text(data, "table", MAX_KEY)
        if (token is None) == (table is None):
            raise ProtocolError("bad-message", "join takes a seat's \"token\" or a table's id, "
                                "\"table\" (to watch), one of the two")
        return Message(kind, ident, token=token, table=table, protocol=protocol)
    if kind == "action":
        action = data.get("action")
        if isinstance(action, str):
            if len(action) > MAX_ACTION_TEXT:
                raise ProtocolError("bad-message", f"the action text is {len(action)} "
                                    f"characters long; at most {MAX_ACTION_TEXT}")
        elif not isinstance(action, dict):
            raise ProtocolError("bad-message", "\"action\" must be the action's text "
                                "(\"play 5H\") or its JSON object ({\"type\": \"Play\", "
                                f"\"card\": \"5H\"}}), got {safe_repr(action)}")
        return Message(kind, ident, action=action)
    return Message(kind, ident)
