"""The tables of the reference server: seats, tokens, join codes, the game of each table,
what each seat and each spectator is sent, bots, timers, limits, records and storage.

Pure Python, with no network: :class:`Table` holds one game and answers, synchronously,
what may be applied and what each connection is sent; :class:`Hub` holds the tables of a
process and runs, under each table's :class:`asyncio.Lock`, the actions of its clients,
its bots (in a thread pool, each move with a hard time cap) and its timers. The web
application (``trumpfamily.server._app``) only reads messages and passes them here.

Hidden information: a seat is sent its :meth:`~trumpfamily.game.GameState.view` and the
events as it sees them (:meth:`seen_by <trumpfamily.events.Dealt.seen_by>`); a spectator
the events as no seat sees them (``seen_by(-1)``: no hand, no face-down card) and
:meth:`Table.public`, built from the views' public fields only.

>>> import asyncio
>>> hub = Hub(key=b"k" * 32)
>>> async def demo():
...     table = await hub.create(TableSettings("Spoil Five", 3, seats=("human",) * 3),
...                              seed=5)
...     seat, token = hub.join(table.id, None, "Ann")
...     return table, seat, len(token), table.code[3]
>>> table, seat, size, dash = asyncio.run(demo())
>>> seat, size, dash, table.state.to_act
(0, 32, '-', 0)
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

from ..actions import Action, parse_action
from ..errors import IllegalActionError, TrumpFamilyError, safe_repr
from ..events import AntesPaid, AnyEvent, Dealt
from ..game import GameState, new_game
from ..jsonio import from_json, to_json
from ..outcomes import BiddingView, SeatView
from ..players import BiddingFallbackWarning, Player, RuleOfThumbPlayer
from ..records import replay_game
from ..tournament import BOTS, bot_factory
from ..variants import ALL_VARIANTS, Variant, find_variant
from ._protocol import ProtocolError, bounded_reason

__all__ = [
    "CODE_ALPHABET",
    "PUBLIC_BOTS",
    "Bucket",
    "Hub",
    "Limits",
    "Table",
    "TableSettings",
    "hash_token",
    "normalize_code",
    "read_action",
    "read_variant",
    "refusal",
    "rule_words",
    "unreadable",
]

log = logging.getLogger("trumpfamily.server")

#: The letters of a join code: no 0/O, 1/I/L, so a code read aloud is not mistaken.
CODE_ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

#: The built-in bots a table may seat by name (:data:`~trumpfamily.tournament.BOTS`
#: without the cheating oracles, which see every hand).
PUBLIC_BOTS: Final = ("random", "rule-of-thumb", "context-rule-of-thumb", "sample-solve",
                      "ismcts", "rollout", "novice", "club", "expert", "max")


def _target(variant: Variant) -> int | None:
    """The points a game is played to (points and bidding games), else ``None``."""
    if variant.bidding is not None:
        return variant.bidding.target
    return variant.scoring.target if variant.scoring.scoring == "points" else None

_NAME_CHARS: Final = 24
_TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{22}")
_HIDDEN_KINDS: Final = frozenset({"Rob", "Discard", "Take"})
_TURN_UP_PRIVATE: Final = frozenset({
    "seat", "hand", "legal_actions", "my_discard", "my_joker_discard", "history", "demoted",
    "barred"})
_BIDDING_PRIVATE: Final = frozenset({
    "seat", "hand", "legal_actions", "kitty", "my_discards", "pack", "history", "discarded",
    "drawn"})


@attrs.frozen
class Limits:
    """The server's limits (all per process unless said).

    Attributes:
        message_bytes: the largest WebSocket message (and HTTP body) read from a client,
            bytes. (What the server sends does not grow with the game: a hand's view and
            log, the table's info; a few KB.)
        tables: tables at once.
        connections_per_table: spectators' connections to one table. The seats' are
            counted apart (``connections_per_seat`` each), so that spectators can never
            shut a table's players out.
        connections_per_seat: connections one seat may hold at once (tabs, devices).
        bots: bot seats at once, over every table.
        actions_per_second: the rate of a connection's token bucket (every message counts).
        burst: the bucket's size: messages a connection may send at once.
        idle_seconds: a table with no connection for this long is closed (only clients
            count: bots and timers play only while a connection is open).
        unjoined_seconds: a table nobody has connected to since it was created is closed
            after this long (or ``idle_seconds``, if shorter).
        join_seconds: a WebSocket that has not sent its ``join`` within this long is closed.
        heartbeat_seconds: the interval of ``heartbeat`` messages.
        bot_threads: the threads bots choose their moves in.
        bot_queue_seconds: the longest a bot waits for a free thread; the time cap counts
            from the moment its thread starts, not while it waits. After this long the rule
            of thumb moves for it (counted as an overrun).
        queue: the messages a connection may have waiting to be sent; a client that lets
            more pile up is disconnected at once.
        send_seconds: the longest one message may take to be written to a client; a
            client that reads slower is disconnected.
        presence_seconds: a table's updates that only say who is connected are sent at
            most once in this many seconds (coalesced), and only when a seat's
            ``connected`` changes.
        tables_per_address: tables created from one client address that may be open at
            once.
        joins_per_second, join_burst: WebSocket ``join`` messages from one client
            address: a token bucket (over it: ``rate-limited``, the socket is closed).
        lookups_per_minute: failed table look-ups (an unknown join code or table id in
            ``POST /api/join``) from one client address, a minute and at once; over it
            every look-up from that address is answered 429 ``rate-limited`` for a while.
        hands_without_people: the game length of a table without a human seat that sets
            none (so a table of bots always ends).
        hints: whether a table may be created with ``"hints": true`` (the seat to act
            may then ask for a ``hint``); ``False``: the operator gives none, and such a
            table is refused (``no-hints``).
        hint_worlds: the worlds a hint searches
            (:func:`trumpfamily.search.analysis.analyse`'s ``budget``).
        hint_milliseconds: a hint's time limit (at least one world is searched);
            ``None``: none (the hint is then the same on every machine).
        hints_per_minute: the hints one seat may ask for a minute (bursts of 3); a hint
            asked again at the same position is answered from the last one, free.
    """

    message_bytes: int = 4096
    tables: int = 200
    connections_per_table: int = 32
    connections_per_seat: int = 4
    bots: int = 400
    actions_per_second: float = 10.0
    burst: int = 20
    idle_seconds: float = 6 * 3600.0
    unjoined_seconds: float = 600.0
    join_seconds: float = 10.0
    heartbeat_seconds: float = 15.0
    bot_threads: int = 4
    bot_queue_seconds: float = 30.0
    queue: int = 512
    send_seconds: float = 20.0
    presence_seconds: float = 0.5
    tables_per_address: int = 20
    joins_per_second: float = 5.0
    join_burst: int = 120
    lookups_per_minute: int = 10
    hands_without_people: int = 1000
    hints: bool = True
    hint_worlds: int = 8
    hint_milliseconds: float | None = 300.0
    hints_per_minute: float = 12.0


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` at once (full at start).

    >>> bucket = Bucket(1.0, 2)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
    """

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level = float(burst)
        self.last = time.monotonic()

    def _fill(self) -> float:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        return self.level

    def ready(self) -> bool:
        """Whether a token is there (none is taken)."""
        return self._fill() >= 1.0

    def take(self) -> bool:
        """Take a token if there is one; whether there was."""
        if self._fill() >= 1.0:
            self.level -= 1.0
            return True
        return False

    @property
    def full(self) -> bool:
        """Whether the bucket is full again (nothing to remember of its client)."""
        return self._fill() >= self.burst


@attrs.frozen
class TableSettings:
    """What a table is created with (``POST /api/tables``).

    Attributes:
        preset: the game: a preset's name or alias (:func:`~trumpfamily.variants.find_variant`).
        players: the seats at the table.
        rules: house rules, ``"name=value name=value"`` (the options of
            :meth:`~trumpfamily.variants.Variant.option_specs`), or ``""``.
        seats: per seat ``"human"`` or ``"bot:NAME"``.
        hands: the game's length in hands (``None``: the game's own end).
        timer: seconds a human seat has for each decision (``None``: no timer).
        hints: whether the seat to act may ask for a ``hint`` (off unless the table is
            created with it, so that every player knows: :meth:`Table.info` says it).
    """

    preset: str
    players: int
    rules: str = ""
    seats: tuple[str, ...] = ()
    hands: int | None = None
    timer: float | None = None
    hints: bool = False

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON data."""
        return {"preset": self.preset, "players": self.players, "rules": self.rules,
                "seats": list(self.seats), "hands": self.hands, "timer": self.timer,
                "hints": self.hints}


def hash_token(token: str) -> str:
    """The SHA-256 of a seat token, hex: what the server keeps (and stores) of it.

    >>> len(hash_token("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_code() -> str:
    """A fresh join code, ``"ABC-DEF"`` (6 letters of :data:`CODE_ALPHABET`)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
    return f"{letters[:3]}-{letters[3:]}"


def normalize_code(text: str) -> str | None:
    """A join code as typed, in its shown form (``"abc def"``, ``"ABCDEF"`` ->
    ``"ABC-DEF"``), or ``None`` when it cannot be one.

    >>> normalize_code(" abc-def "), normalize_code("ABCDEF"), normalize_code("ABC-DE0")
    ('ABC-DEF', 'ABC-DEF', None)
    """
    if len(text) > 20:
        return None
    letters = "".join(c for c in text.upper() if c not in " -")
    if len(letters) != 6 or any(c not in CODE_ALPHABET for c in letters):
        return None
    return f"{letters[:3]}-{letters[3:]}"


def read_variant(preset: object, rules: object = "") -> Variant:
    """The variant of a table: a preset with house rules.

    Args:
        preset: a preset's name or alias.
        rules: ``"name=value ..."``, each value read by that option's own
            :meth:`OptionSpec.parse <trumpfamily.variants.OptionSpec.parse>` (as the
            command line's ``--option`` reads it).

    Raises:
        ProtocolError: ``bad-preset`` or ``bad-rules``.

    >>> read_variant("45", "ah_lead_requires_heart=false").name
    'Forty-Five'
    """
    if not isinstance(preset, str) or len(preset) > 60:
        raise ProtocolError("bad-preset", f"unknown preset {safe_repr(preset)}")
    try:
        variant = find_variant(preset)
    except TrumpFamilyError:
        raise ProtocolError("bad-preset", f"unknown preset {safe_repr(preset)}; see "
                            "/api/info") from None
    if rules is None or rules == "":
        return variant
    if not isinstance(rules, str) or len(rules) > 1000:
        raise ProtocolError("bad-rules", "rules are text, \"name=value name=value\", of at "
                            "most 1000 characters")
    specs = variant.option_specs()
    changes: dict[str, Any] = {}
    for name, value in rule_words(rules):
        found = specs.get(name)
        if found is None:
            raise ProtocolError("bad-rules", f"{variant.name} has no option {safe_repr(name)}")
        try:
            changes[name] = found[1].parse(value)
        except TrumpFamilyError as error:
            raise ProtocolError("bad-rules", str(error)) from None
    try:
        return variant.with_options(**changes)
    except TrumpFamilyError as error:
        raise ProtocolError("bad-rules", str(error)) from None


def rule_words(rules: str) -> list[tuple[str, str]]:
    """The ``(name, value)`` pairs of a house-rules text, ``"name=value name=value"``:
    names with hyphens read as underscores (as ``--option`` reads them), each name once.

    Raises:
        ProtocolError: ``bad-rules``: a word that is not ``name=value``, or a name given
            twice (``ante=1 ante=2``: which one was meant?).

    >>> rule_words("ante=2  max-bid=30")
    [('ante', '2'), ('max_bid', '30')]
    """
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    for word in rules.split():
        name, sep, value = word.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise ProtocolError("bad-rules", f"expected name=value, got {safe_repr(word)}")
        if name in seen:
            raise ProtocolError("bad-rules", f"the option {safe_repr(name)} is given twice")
        seen.add(name)
        pairs.append((name, value.strip()))
    return pairs


def read_action(sent: str | Mapping[str, Any]) -> Action:
    """An action as a client sent it: the notation (``"play 5H"``) or its JSON.

    Raises:
        TrumpFamilyError: it cannot be read (an :class:`~trumpfamily.errors.ActionParseError`,
            :class:`~trumpfamily.errors.DecodeError`...).

    >>> read_action("play 5H") == read_action({"type": "Play", "card": "5H"})
    True
    """
    if isinstance(sent, str):
        return parse_action(sent)
    action: Action = from_json(sent, Action)
    return action


class Connection(Protocol):
    """What a table sends to: one client's connection (a seat's or a spectator's)."""

    seat: int | None

    def send(self, text: str) -> None:
        """Queue ``text`` (a JSON object's text) for the client, without waiting."""


@attrs.define
class Seat:
    """One seat of a table.

    Attributes:
        kind: ``"human"`` or ``"bot"``.
        bot: the bot's name, for a bot seat.
        name: the player's name (at most 24 characters), or the bot's.
        token_hash: the hash of the seat token given to the human who took the seat.
        connected: the connections open on the seat now.
    """

    kind: str
    bot: str | None = None
    name: str = ""
    token_hash: str | None = None
    connected: int = 0

    @property
    def taken(self) -> bool:
        """A bot seat, or a human seat whose token was given."""
        return self.kind == "bot" or self.token_hash is not None


def _hand_log_start(events: Sequence[AnyEvent]) -> int | None:
    """The index where a new hand's events begin in ``events`` (its antes or its deal)."""
    for i, event in enumerate(events):
        if isinstance(event, Dealt):
            if i and isinstance(events[i - 1], AntesPaid):
                return i - 1
            return i
    return None


class Table:
    """One table: its game (a :class:`~trumpfamily.game.GameState` dealt with commitments),
    its seats and what each connection is sent. Synchronous: the :class:`Hub` calls it
    under the table's lock.

    Attributes:
        id: the table's id (:func:`secrets.token_urlsafe` of 16 bytes).
        code: the join code, ``"ABC-DEF"``.
        settings: the :class:`TableSettings`.
        variant: the rules.
        state: the game now.
        seats: each seat's ``Seat``: its kind (``"human"``, ``"bot"``), bot, name, token
            hash and open connections.
        hand_records: the signed record of every finished hand, in order.
        log: the current hand's events, as they happened (the whole truth: sent only
            through ``seen_by``).
        overruns: bot moves that took longer than the time cap (the rule of thumb moved
            instead).
    """

    def __init__(self, table_id: str, code: str, settings: TableSettings, variant: Variant,
                 state: GameState, key: bytes, seats: list[Seat]) -> None:
        self.id = table_id
        self.code = code
        self.settings = settings
        self.variant = variant
        self.state = state
        self.key = key
        self.seats = seats
        self.hand_records: list[dict[str, Any]] = []
        self.log: list[AnyEvent] = list(state.events)
        self.overruns = 0
        self.moves = 0
        self.failure: str | None = None
        self.players: dict[int, Player] = {}
        self.connections: set[Connection] = set()
        self.touched = time.monotonic()
        self.joined = False
        self.owner: str | None = None
        self.closed = False
        self.lock = asyncio.Lock()
        self.driver: asyncio.Task[None] | None = None
        self.timer_started: float | None = None
        self.thinking: asyncio.Future[Action] | None = None
        self.presence: asyncio.TimerHandle | None = None
        self.presence_sent = float("-inf")
        # storage: the journal lines not yet written (None: no store), and the snapshot
        self.journal: list[str] | None = None
        self.snapshot_moves = 0
        self.snapshot_due = False
        self.writer: asyncio.Task[None] | None = None
        # the last hint: (seat, hand number, actions of the hand) -> its payload
        self.hint: tuple[tuple[int, int, int], dict[str, Any]] | None = None
        self.hinting = False  # a hint is being searched (one at a time a table)

    # -- the game ----------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> tuple[AnyEvent, ...]:
        """Apply ``seat``'s action; the events it caused (the whole truth).

        Raises:
            IllegalActionError: refused by the rules (not ``seat``'s turn, a card it does
                not hold...); nothing changed.
        """
        before = self.state
        after = before.apply(action, seat=seat)
        events = tuple(after.events)
        if after.last_hand is not None and after.last_hand is not before.last_hand:
            self.hand_records.append(after.last_hand.record(key=self.key))
        start = _hand_log_start(events)
        if start is None:
            self.log.extend(events)
        else:
            self.log = list(events[start:])
        self.state = after
        if self.journal is not None:
            self.journal.append(journal_line(self.key, self.id, self.moves, seat, action))
            if after.last_hand is not before.last_hand and \
                    self.moves + 1 - self.snapshot_moves >= max(self.snapshot_moves, 64):
                self.snapshot_due = True  # at a hand's end, when the journal has doubled
        self.moves += 1
        return events

    @property
    def paused(self) -> bool:
        """Whether its bots and timers wait: everyone who came has gone."""
        return self.joined and not self.connections

    def seat_kind(self, seat: int) -> str:
        """``"human"`` or ``"bot"``."""
        return self.seats[seat].kind

    # -- what is sent --------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """The table's public facts (``GET /api/tables/<id>``, and ``"table"`` in every
        message). Its size does not grow with the game: ``records`` says how many hands
        have a record (hand ``n`` is at ``/api/tables/<id>/hands/<n>/record``)."""
        state = self.state
        base = f"/api/tables/{self.id}"
        return {
            "table": self.id, "code": self.code, "preset": self.settings.preset,
            "title": self.variant.name, "players": state.players, "rules": self.settings.rules,
            "hands": self.settings.hands, "timer": self.settings.timer,
            "hints": self.settings.hints,
            "seats": [{"seat": i, "kind": s.kind, "name": s.name, "taken": s.taken,
                       "connected": s.kind == "bot" or s.connected > 0}
                      for i, s in enumerate(self.seats)],
            "moves": self.moves, "hand_number": state.hand_number, "to_act": state.to_act,
            "over": state.is_over,
            "winner": state.winner, "scores": list(state.scores), "chips": list(state.chips),
            "pool": state.pool,
            "records": {"hands": len(self.hand_records),
                        "game": f"{base}/record" if state.is_over else None},
        }

    def public(self) -> dict[str, Any]:
        """What a spectator may see of the hand now: the fields of the views that are the
        same for every seat (the trick, the tricks, the counts, trumps, the turn-up when
        face up, the auction, the scores...), and the history with every face-down card
        masked. Identical under every re-deal of the cards nobody has seen."""
        state = self.state
        views = [state.view(seat) for seat in range(state.players)]
        first = to_json(views[0])
        bidding = [v for v in views if isinstance(v, BiddingView)]
        turn_up = [v for v in views if isinstance(v, SeatView)]
        private = _BIDDING_PRIVATE if bidding else _TURN_UP_PRIVATE
        out = {name: value for name, value in first.items() if name not in private}
        out["history"] = [
            {"seat": t.seat, "kind": t.kind,
             "action": None if t.action is None or t.kind in _HIDDEN_KINDS else to_json(t.action)} for t in views[0].history]
        if bidding:
            # seat i's counts as another seat sees them
            n = state.players
            out["discarded"] = [bidding[(i + 1) % n].discarded[i] for i in range(n)]
            out["drawn"] = [bidding[(i + 1) % n].drawn[i] for i in range(n)]
        else:
            # a silent holder of the Ace of trumps alone sees his demoted Ace and his bar
            least = min(turn_up, key=lambda v: (v.demoted is not None, len(v.barred)))
            shown = to_json(least)
            out["demoted"], out["barred"] = shown["demoted"], shown["barred"]
        out["type"] = "PublicView"
        return out

    def events_for(self, seat: int | None, events: Iterable[AnyEvent]) -> list[Any]:
        """``events`` as ``seat`` sees them (a spectator, ``None``: as no seat does), JSON."""
        who = -1 if seat is None else seat
        return [to_json(event.seen_by(who)) for event in events]

    def state_message(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (``None``: a spectator)."""
        return {"type": "state", "seat": seat,
                "view": None if seat is None else to_json(self.state.view(seat)),
                "public": self.public() if seat is None else None,
                "table": self.info(), "log": self.events_for(seat, self.log)}

    def update_messages(self, events: Sequence[AnyEvent],
                        seats: Iterable[int | None]) -> dict[int | None, str]:
        """The ``update`` message after ``events``, as JSON text, for each of ``seats``."""
        info = self.info()
        public = None
        out: dict[int | None, str] = {}
        for seat in seats:
            if seat in out:
                continue
            if seat is None and public is None:
                public = self.public()
            out[seat] = json.dumps({
                "type": "update", "events": self.events_for(seat, events),
                "view": None if seat is None else to_json(self.state.view(seat)),
                "public": public if seat is None else None, "table": info})
        return out

    # -- storage -----------------------------------------------------------------------

    def to_store(self, *, record: bool = True) -> dict[str, Any]:
        """The table as JSON data for the store (its snapshot): its settings, the signed
        game record (``record=False``: without it), the hashes of the seat tokens (never
        the tokens), the hand records and the log."""
        data = {
            "format": 2, "table": self.id, "code": self.code,
            "settings": self.settings.to_json(),
            "seats": [{"kind": s.kind, "bot": s.bot, "name": s.name, "token": s.token_hash}
                      for s in self.seats],
            "hand_records": list(self.hand_records),
            "log": [to_json(e) for e in self.log],
            "overruns": self.overruns, "moves": self.moves,
        }
        if record:
            data["record"] = self.state.record(key=self.key)
        return data

    @classmethod
    def from_store(cls, data: Mapping[str, Any], key: bytes) -> Table:
        """A table read back from :meth:`to_store`'s data; the game is rebuilt by
        :func:`~trumpfamily.records.replay_game` with the server's key.

        Raises:
            TrumpFamilyError: the data is not a stored table, or its record does not
                verify with ``key``.
            KeyError, TypeError: the data is not a stored table.
        """
        if data.get("format") != 2:
            raise ProtocolError("bad-store", "not a stored table of format 2")
        table_id, code = data["table"], data["code"]
        if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id) \
                or not isinstance(code, str) or normalize_code(code) != code:
            raise ProtocolError("bad-store", "the table id or join code is not one")
        given = data["settings"]
        settings = TableSettings(
            given["preset"], int(given["players"]), str(given["rules"]),
            tuple(str(s) for s in given["seats"]), given["hands"], given["timer"],
            given.get("hints") is True)
        variant = read_variant(settings.preset, settings.rules)
        state = replay_game(data["record"], variant=variant, key=key)
        seats = [Seat(s["kind"], s["bot"], str(s["name"]), s["token"]) for s in data["seats"]]
        table = cls(table_id, code, settings, variant, state, key, seats)
        table.hand_records = list(data["hand_records"])
        table.overruns = int(data.get("overruns", 0))
        table.moves = int(data.get("moves", 0))
        try:
            table.log = [from_json(e, AnyEvent) for e in data["log"]]
        except TrumpFamilyError:
            table.log = []
        return table


def journal_line(key: bytes, table_id: str, number: int, seat: int, action: Action) -> str:
    """One line of a table's journal: action ``number`` (from 0) of the table, by
    ``seat``, with its MAC (HMAC-SHA256 under the server's key, over the table id and the
    entry), so a line cannot be forged, moved to another table or to another place.

    >>> line = journal_line(b"k", "t" * 22, 0, 1, read_action("play 5H"))
    >>> read_journal_line(b"k", "t" * 22, line)
    (0, 1, Play('5H'))
    >>> read_journal_line(b"k", "u" * 22, line) is None
    True
    """
    body = json.dumps([number, seat, to_json(action)], separators=(",", ":"))
    return f"{_mac(key, table_id, body)} {body}\n"


def read_journal_line(key: bytes, table_id: str, line: str) -> tuple[int, int, Action] | None:
    """The ``(number, seat, action)`` of a journal line, or ``None`` when its MAC does not
    verify or it cannot be read."""
    mac, _, body = line.strip().partition(" ")
    if not hmac.compare_digest(mac, _mac(key, table_id, body)):
        return None
    try:
        number, seat, action = json.loads(body)
        decoded: Action = from_json(action, Action)
    except (TrumpFamilyError, ValueError, TypeError, RecursionError):
        return None
    if type(number) is not int or type(seat) is not int:
        return None
    return number, seat, decoded


def _canonical(data: Mapping[str, Any]) -> str:
    """The text a snapshot's MAC is taken over: its JSON, keys sorted, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _keep_after(journal: Path, moves: int) -> None:
    """Keep only the journal's lines of actions ``moves`` and after (a snapshot holds the
    others)."""
    if not journal.is_file():
        return
    kept = []
    for line in journal.read_text(encoding="utf-8").splitlines(keepends=True):
        with contextlib.suppress(ValueError, TypeError, IndexError):
            if int(json.loads(line.partition(" ")[2])[0]) >= moves:
                kept.append(line)
    temp = journal.with_suffix(".jtmp")
    temp.write_text("".join(kept), encoding="utf-8")
    os.replace(temp, journal)


def _mac(key: bytes, table_id: str, body: str) -> str:
    return hmac.new(key, f"{table_id}\n{body}".encode("utf-8", "surrogatepass"),
                    hashlib.sha256).hexdigest()


def refusal(error: IllegalActionError, msg_id: str | None) -> dict[str, Any]:
    """The ``refused`` message for a refused action: ``legal`` only on the seat's own turn
    (when the move came out of turn, ``legal`` would list another seat's moves)."""
    own_turn = type(error.seat) is int and error.seat == error.expected_seat
    return {"type": "refused", "id": msg_id, "code": error.code, "rule": error.rule,
            "reason": bounded_reason(error.reason),
            "legal": [str(a) for a in error.legal] if own_turn else [],
            "to_act": error.expected_seat}


def unreadable(error: TrumpFamilyError, msg_id: str | None) -> dict[str, Any]:
    """The ``refused`` message for an action that cannot be read (code ``bad-action``)."""
    return {"type": "refused", "id": msg_id, "code": "bad-action", "rule": None,
            "reason": bounded_reason(str(error)), "legal": [], "to_act": None}


class Hub:
    """The tables of one server process, and everything that moves them.

    Args:
        key: the server's key, which signs every record (non-empty bytes); ``None``: 32
            random bytes, or those kept in ``store`` (``server.key``, created once).
        store: a directory where each table is saved (a snapshot and a journal of its
            actions, :meth:`save`), and read back when the hub starts (:meth:`load`);
            ``None``: memory only.
        bots: bots the operator adds, name -> anything
            :func:`~trumpfamily.tournament.bot_factory` takes (``"package.module:Class"``,
            a class or a factory); they are offered beside ``PUBLIC_BOTS``.
        limits: the :class:`Limits`.
        bot_delay: seconds before a bot moves (so people can follow).
        bot_time_cap: seconds a bot may think; after that the rule of thumb moves for it
            (counted in :attr:`Table.overruns`).
        timer: the timer of a table created without one (``None``: no timer).
    """

    def __init__(self, *, key: bytes | None = None, store: str | os.PathLike[str] | None = None,
                 bots: Mapping[str, object] | None = None, limits: Limits | None = None,
                 bot_delay: float = 0.0, bot_time_cap: float = 5.0,
                 timer: float | None = None) -> None:
        self.store = Path(store) if store is not None else None
        if key is None:
            key = self._stored_key() if self.store is not None else secrets.token_bytes(32)
        if not isinstance(key, bytes) or not key:
            raise ProtocolError("bad-key", "the server key must be non-empty bytes")
        self.key = key
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.bot_time_cap = bot_time_cap
        self.timer = timer
        self.bots: dict[str, Callable[[int], Player]] = {}
        for name in PUBLIC_BOTS:
            self.bots[name] = bot_factory(BOTS[name])
        for name, entry in (bots or {}).items():
            self.bots[name] = bot_factory(entry)
        self.tables: dict[str, Table] = {}
        self.codes: dict[str, str] = {}
        self.tokens: dict[str, tuple[str, int]] = {}
        self.bot_seats = 0
        self.failures = 0
        self._executor: cf.ThreadPoolExecutor | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.buckets: dict[tuple[str, str], Bucket] = {}
        self._files = threading.Lock()  # one table file written at a time, in order

    # -- set-up ------------------------------------------------------------------------

    def _stored_key(self) -> bytes:
        assert self.store is not None
        self.store.mkdir(parents=True, exist_ok=True)
        path = self.store / "server.key"
        if path.is_file():
            return path.read_bytes()
        key = secrets.token_bytes(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(key)
        return key

    @property
    def executor(self) -> cf.Executor:
        """The threads bots think in."""
        if self._executor is None:
            self._executor = cf.ThreadPoolExecutor(self.limits.bot_threads,
                                                   thread_name_prefix="trumpfamily-bot")
        return self._executor

    def close(self) -> None:
        """Stop the drivers and the bots' threads (a bot thinking is not waited for), and
        write what the store has not yet been given of each table."""
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
            if table.presence is not None:
                table.presence.cancel()
            if self.store is not None:
                lines, table.journal = table.journal or [], []
                self._write(table.id, lines, None, 0, delete=False)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait (at most ``timeout`` seconds) for the tables' files to be written."""
        writers = [t.writer for t in self.tables.values()
                   if t.writer is not None and not t.writer.done()]
        if writers:
            await asyncio.wait(writers, timeout=timeout)

    def load(self) -> int:
        """Read back the tables saved in the store; how many. Each table is its snapshot
        (``<id>.table.json``: its MAC under the server's key checked, then its game record
        replayed by :func:`~trumpfamily.records.replay_game` with the key) and the actions
        of its journal (``<id>.journal``) after it, each line's MAC checked, applied in
        order. A file that does not read back or verify is logged and left alone; a
        journal is read up to its first line that does not."""
        if self.store is None:
            return 0
        count = 0
        for path in sorted(self.store.glob("*.table.json")):
            try:
                table = self._read_table(path)
            except (TrumpFamilyError, KeyError, TypeError, ValueError, RecursionError,
                    OSError) as error:
                log.warning("table file %s not loaded: %s", path.name, error)
                continue
            self._register(table)
            for seat in table.seats:
                if seat.kind == "bot":
                    self.bot_seats += 1
            count += 1
        return count

    def _read_table(self, path: Path) -> Table:
        assert self.store is not None
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ProtocolError("bad-store", "not a stored table")
        mac = data.pop("mac", None)
        if not isinstance(mac, str) or not hmac.compare_digest(mac, _mac(
                self.key, str(data.get("table")), _canonical(data))):
            raise ProtocolError("bad-store", "its MAC does not verify with the server's key")
        table = Table.from_store(data, self.key)
        if path.name != f"{table.id}.table.json":
            raise ProtocolError("bad-store", "the file is not named after its table")
        table.snapshot_moves = table.moves
        journal = self.store / f"{table.id}.journal"
        entries: dict[int, tuple[int, Action]] = {}
        if journal.is_file():
            for line in journal.read_text(encoding="utf-8").splitlines():
                entry = read_journal_line(self.key, table.id, line)
                if entry is None:
                    log.warning("table %s: a journal line does not verify; the rest is "
                                "not read", table.id)
                    break
                entries[entry[0]] = entry[1:]
        while table.moves in entries and not table.state.is_over:
            seat, action = entries.pop(table.moves)
            try:
                table.apply(seat, action)
            except IllegalActionError:
                log.warning("table %s: journal action %d refused; the rest is not read",
                            table.id, table.moves)
                break
        table.joined = True  # its players may come back: the idle time counts
        return table

    def _register(self, table: Table) -> None:
        if self.store is not None:
            table.journal = []
        self.tables[table.id] = table
        self.codes[table.code] = table.id
        for i, seat in enumerate(table.seats):
            if seat.kind == "bot":
                table.players[i] = self._make_bot(seat.bot or "rule-of-thumb")
            elif seat.token_hash is not None:
                self.tokens[seat.token_hash] = (table.id, i)

    def _make_bot(self, name: str) -> Player:
        factory = self.bots.get(name) or self.bots["rule-of-thumb"]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", BiddingFallbackWarning)
            return factory(secrets.randbits(62))

    def presets(self) -> list[dict[str, Any]]:
        """The games a table may play, for ``/api/info``."""
        return [{"name": v.name, "title": v.name, "aliases": list(v.aliases),
                 "players": list(v.player_counts()), "usual": v.table.usual_players,
                 "bidding": v.bidding is not None, "scoring": v.scoring.scoring,
                 "target": _target(v)} for v in ALL_VARIANTS.values()]

    # -- tables ------------------------------------------------------------------------

    def read_settings(self, data: object) -> TableSettings:
        """The :class:`TableSettings` of a ``POST /api/tables`` body, checked.

        Raises:
            ProtocolError: a field missing, of the wrong type, or out of range.
        """
        if not isinstance(data, dict):
            raise ProtocolError("bad-request", "the body must be a JSON object")
        unknown = sorted(set(data) - {"preset", "players", "rules", "seats", "hands", "timer",
                                      "hints"})
        if unknown:
            raise ProtocolError("bad-request", f"unknown field {safe_repr(unknown[0])}")
        variant = read_variant(data.get("preset"), data.get("rules", ""))
        players = data.get("players", variant.table.usual_players)
        if type(players) is not int or players not in variant.player_counts():
            raise ProtocolError("bad-players", f"{variant.name} is played by "
                                f"{', '.join(map(str, variant.player_counts()))} players, "
                                f"not {safe_repr(players)}")
        seats = data.get("seats")
        if seats is None:
            seats = ["human"] * players
        if not isinstance(seats, list) or len(seats) != players:
            raise ProtocolError("bad-seats", f"seats must be a list of {players} entries, "
                                "each \"human\" or \"bot:NAME\"")
        for entry in seats:
            if entry == "human":
                continue
            if not isinstance(entry, str) or not entry.startswith("bot:") \
                    or entry[4:] not in self.bots:
                raise ProtocolError("bad-seats", f"unknown seat {safe_repr(entry)}: \"human\" "
                                    f"or \"bot:NAME\", NAME one of {', '.join(self.bots)}")
        hands = data.get("hands")
        if hands is not None and (type(hands) is not int or not 1 <= hands <= 1000):
            raise ProtocolError("bad-request", "hands must be null or an int from 1 to 1000")
        timer = data.get("timer", self.timer)
        if timer is not None and (type(timer) not in (int, float)
                                  or not 1 <= timer <= 3600):
            raise ProtocolError("bad-request", "timer must be null or seconds from 1 to 3600")
        hints = data.get("hints", False)
        if type(hints) is not bool:
            raise ProtocolError("bad-request", "hints must be true or false")
        if hints and not self.limits.hints:
            raise ProtocolError("no-hints", "this server gives no hints: create the table "
                                "without \"hints\"")
        rules = " ".join(f"{name}={value}" for name, value in
                         rule_words(data.get("rules") or ""))
        if hands is None and "human" not in seats:
            hands = self.limits.hands_without_people  # a table of bots always ends
        return TableSettings(variant.name, players, rules, tuple(seats), hands,
                             None if timer is None else float(timer), hints)

    async def create(self, settings: TableSettings, *, seed: int | str | None = None,
                     decks: Sequence[Any] = (), dealer: int | None = None,
                     owner: str | None = None) -> Table:
        """Open a table.

        Args:
            settings: the table's settings (:meth:`read_settings` checks a client's).
            seed, decks, dealer: passed to :func:`~trumpfamily.game.new_game` (a program's
                or a test's; the HTTP API never takes them, since they would tell the cards).
            owner: the address of the client that asks (at most
                :attr:`Limits.tables_per_address` of its tables are open at once), or
                ``None`` (a program's: not counted).

        Raises:
            ProtocolError: ``too-many-tables`` (429: the server's or this address's),
                ``too-many-bots``, or settings the game refuses (``bad-request``).
        """
        if len(self.tables) >= self.limits.tables:
            raise ProtocolError("too-many-tables", f"this server holds at most "
                                f"{self.limits.tables} tables at once; try again later",
                                status=429)
        if owner is not None and sum(1 for t in self.tables.values() if t.owner == owner) \
                >= self.limits.tables_per_address:
            raise ProtocolError("too-many-tables", "this address has "
                                f"{self.limits.tables_per_address} tables open; a table "
                                "nobody joins closes after "
                                f"{self.limits.unjoined_seconds / 60:g} minutes", status=429)
        bots = sum(1 for s in settings.seats if s != "human")
        if self.bot_seats + bots > self.limits.bots:
            raise ProtocolError("too-many-bots", "this server runs at most "
                                f"{self.limits.bots} bots at once; try again later",
                                status=429)
        variant = read_variant(settings.preset, settings.rules)
        try:
            state = new_game(variant, players=settings.players, seed=seed, hands=settings.hands,
                             decks=decks, dealer=dealer, commit=True)
        except TrumpFamilyError as error:
            raise ProtocolError("bad-request", str(error)) from None
        seats = [Seat("human") if s == "human" else Seat("bot", s[4:], s[4:])
                 for s in (settings.seats or ("human",) * settings.players)]
        code = new_code()
        while code in self.codes:
            code = new_code()
        table = Table(secrets.token_urlsafe(16), code, settings, variant, state, self.key, seats)
        table.owner = owner
        self._register(table)
        self.bot_seats += bots
        self.snapshot(table)
        self.kick(table)
        return table

    def find(self, table_id: object) -> Table:
        """The table of ``table_id``.

        Raises:
            ProtocolError: ``no-table`` (404).
        """
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise ProtocolError("no-table", "no such table (it may have closed)", status=404)
        return table

    def look_up(self, address: str, *, code: object = None, table_id: object = None) -> Table:
        """The table of a join code or a table id asked for by a client at ``address``:
        failed look-ups are limited per address (:attr:`Limits.lookups_per_minute`), so
        join codes cannot be tried at speed.

        Raises:
            ProtocolError: ``rate-limited`` (429: too many failed look-ups from this
                address lately; this one is not tried), ``no-table`` (404).
        """
        per_minute = self.limits.lookups_per_minute
        bucket = self._bucket("lookup", address, per_minute / 60.0, per_minute)
        if not bucket.ready():
            raise ProtocolError("rate-limited", f"more than {per_minute} unknown codes or "
                                "tables from this address in a minute; wait a minute",
                                status=429)
        try:
            return self.find_code(code) if table_id is None else self.find(table_id)
        except ProtocolError:
            bucket.take()
            raise

    def allow_join(self, address: str) -> bool:
        """Whether a WebSocket ``join`` from ``address`` is within
        :attr:`Limits.joins_per_second` (one is counted)."""
        return self._bucket("join", address, self.limits.joins_per_second,
                            self.limits.join_burst).take()

    def _bucket(self, kind: str, address: str, rate: float, burst: int) -> Bucket:
        found = self.buckets.get((kind, address))
        if found is None:
            if len(self.buckets) >= 100_000:
                self._prune()
            found = self.buckets[kind, address] = Bucket(rate, burst)
        return found

    def _prune(self) -> None:
        """Forget the addresses whose buckets are full again (nothing to remember)."""
        for key in [k for k, bucket in self.buckets.items() if bucket.full]:
            del self.buckets[key]
        if len(self.buckets) >= 100_000:  # pragma: no cover - a flood of addresses
            self.buckets.clear()

    def find_code(self, code: object) -> Table:
        """The table of a join code (any case, dash optional).

        Raises:
            ProtocolError: ``no-table`` (404).
        """
        shown = normalize_code(code) if isinstance(code, str) else None
        table_id = self.codes.get(shown) if shown is not None else None
        if table_id is None:
            raise ProtocolError("no-table", "no table has that code", status=404)
        return self.find(table_id)

    def join(self, table_id: str, seat: object, name: object) -> tuple[int, str]:
        """Take a human seat of a table: the seat and its new token.

        Args:
            table_id: the table's id.
            seat: the seat wanted, or ``None`` for the first free human seat.
            name: the player's name (at most 24 characters; control characters dropped),
                or ``None``.

        Raises:
            ProtocolError: ``no-table`` (404); ``bad-request`` (a seat that is not a seat,
                a name that is not text); ``game-over`` (the game has ended), ``bot-seat``
                (a bot plays that seat), ``seat-taken`` or ``table-full`` (409).
        """
        table = self.find(table_id)
        if table.state.is_over:
            raise ProtocolError("game-over", "the game at this table is over (its records "
                                "can still be downloaded)", status=409)
        if name is not None and (not isinstance(name, str) or len(name) > _NAME_CHARS):
            raise ProtocolError("bad-request", f"name must be text of at most {_NAME_CHARS} "
                                "characters")
        shown = "".join(c for c in (name or "") if c.isprintable()).strip()
        if seat is None:
            free = [i for i, s in enumerate(table.seats) if s.kind == "human" and not s.taken]
            if not free:
                raise ProtocolError("table-full", "every human seat of this table is taken",
                                    status=409)
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < len(table.seats):
            raise ProtocolError("bad-request", f"seat {safe_repr(seat)} is not a seat: seats "
                                f"are 0..{len(table.seats) - 1}")
        place = table.seats[seat]
        if place.kind != "human":
            raise ProtocolError("bot-seat", f"seat {seat} is a bot's seat", status=409)
        if place.taken:
            raise ProtocolError("seat-taken", f"seat {seat} is taken", status=409)
        token = secrets.token_urlsafe(24)
        place.token_hash = hash_token(token)
        place.name = shown or f"Player {seat + 1}"
        self.tokens[place.token_hash] = (table.id, seat)
        table.touched = time.monotonic()
        self.snapshot(table)
        self.announce(table)
        return seat, token

    def seat_of(self, token: str) -> tuple[Table, int]:
        """The table and seat of a seat token.

        Raises:
            ProtocolError: ``bad-token``.
        """
        found = self.tokens.get(hash_token(token))
        if found is None or found[0] not in self.tables:
            raise ProtocolError("bad-token", "this seat token is not known here (the table "
                                "may have closed)")
        return self.tables[found[0]], found[1]

    def attach(self, table: Table, connection: Connection) -> None:
        """Add a client's connection to a table (the others are told, coalesced, when a
        seat comes online), and start its bots and timers if they wait.

        Raises:
            ProtocolError: ``full``: the seat has :attr:`Limits.connections_per_seat`
                connections, or the spectators :attr:`Limits.connections_per_table`.
        """
        seat = connection.seat
        if seat is None:
            watching = sum(1 for c in table.connections if c.seat is None)
            if watching >= self.limits.connections_per_table:
                raise ProtocolError("full", "this table has as many spectators as it takes "
                                    f"({self.limits.connections_per_table})")
        elif table.seats[seat].connected >= self.limits.connections_per_seat:
            raise ProtocolError("full", f"this seat has {self.limits.connections_per_seat} "
                                "connections open already; close one")
        table.connections.add(connection)
        table.joined = True
        table.touched = time.monotonic()
        if seat is not None:
            table.seats[seat].connected += 1
            if table.seats[seat].connected == 1:
                self.announce(table)
        self.kick(table)

    def detach(self, table: Table, connection: Connection) -> None:
        """Remove a client's connection (it closed, or was let go). Without connections
        the table's bots and timers pause."""
        if connection in table.connections:
            table.connections.discard(connection)
            seat = connection.seat
            if seat is not None:
                table.seats[seat].connected -= 1
                if table.seats[seat].connected == 0:
                    self.announce(table)
        table.touched = time.monotonic()

    def announce(self, table: Table) -> None:
        """Tell the table's connections who is connected now: one ``update`` without
        events, at most one every :attr:`Limits.presence_seconds` a table (those asked
        for in between are one)."""
        if table.presence is not None or table.closed:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        delay = max(0.0, table.presence_sent + self.limits.presence_seconds - loop.time())
        table.presence = loop.call_later(delay, self._announce_now, table)

    def _announce_now(self, table: Table) -> None:
        table.presence = None
        table.presence_sent = asyncio.get_running_loop().time()
        if not table.closed:
            self.broadcast(table, ())

    def close_table(self, table: Table) -> None:
        """Close a table: it and its files go (its connections are the caller's)."""
        self.tables.pop(table.id, None)
        self.codes.pop(table.code, None)
        table.closed = True
        for seat in table.seats:
            if seat.token_hash is not None:
                self.tokens.pop(seat.token_hash, None)
            if seat.kind == "bot":
                self.bot_seats -= 1
        if table.driver is not None:
            table.driver.cancel()
        if table.presence is not None:
            table.presence.cancel()
        self.save(table)  # the writer deletes the files, after any write under way

    def sweep(self, now: float | None = None) -> int:
        """Close the tables with nobody connected for :attr:`Limits.idle_seconds`, and
        those nobody has connected to since they were made for
        :attr:`Limits.unjoined_seconds`; how many. (Only clients count: a bot's or a
        timer's move does not keep a table open.)"""
        now = time.monotonic() if now is None else now
        idle = [t for t in self.tables.values() if not t.connections and now - t.touched > (
            self.limits.idle_seconds if t.joined
            else min(self.limits.unjoined_seconds, self.limits.idle_seconds))]
        for table in idle:
            self.close_table(table)
        self._prune()
        return len(idle)

    def snapshot(self, table: Table) -> None:
        """Save the whole table (its snapshot) at the next write, when there is a store."""
        table.snapshot_due = True
        self.save(table)

    def save(self, table: Table) -> None:
        """Have the table's new journal lines (and its snapshot, when one is due) written
        to the store, off the event loop (:func:`asyncio.to_thread`), in order; without a
        running loop, at once. Constant time: what is written is what changed (a snapshot
        is due at a hand's end once the journal has doubled, so its cost is amortised
        over the actions)."""
        if self.store is None:
            return
        if table.writer is not None and not table.writer.done():
            return  # the running writer takes it
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._write_pending(table)
            return
        table.writer = loop.create_task(self._writer(table))

    async def _writer(self, table: Table) -> None:
        while True:
            job = self._take(table)
            if job is None:
                return
            await asyncio.to_thread(self._write, *job)

    def _write_pending(self, table: Table) -> None:
        job = self._take(table)
        if job is not None:
            self._write(*job)

    def _take(self, table: Table) -> tuple[str, list[str], Callable[[], str] | None, int,
                                           bool] | None:
        """What is to be written for a table now: its journal lines, its snapshot (a
        function that makes its text, in the writer's thread, of values that do not
        change), whether its files are to go."""
        if table.closed:
            if table.journal is None:
                return None
            table.journal = None  # nothing is kept of it from now on
            return table.id, [], None, 0, True
        lines = table.journal or []
        snapshot = None
        if table.snapshot_due:
            snapshot = self._snapshot_maker(table)
            table.snapshot_due = False
            table.snapshot_moves = table.moves
            lines = []  # the snapshot holds them
        elif not lines:
            return None
        table.journal = []
        return table.id, lines, snapshot, table.moves, False

    def _snapshot_maker(self, table: Table) -> Callable[[], str]:
        key, state, data = self.key, table.state, table.to_store(record=False)

        def make() -> str:
            body = {**data, "record": state.record(key=key)}
            return json.dumps({**body, "mac": _mac(key, table.id, _canonical(body))})
        return make

    def _write(self, table_id: str, lines: list[str], snapshot: Callable[[], str] | None,
               moves: int, delete: bool) -> None:
        """Write one table's files (in a worker thread, or at shutdown): append ``lines``
        to its journal, or write its snapshot and empty the journal, or delete both."""
        assert self.store is not None
        path = self.store / f"{table_id}.table.json"
        journal = self.store / f"{table_id}.journal"
        with self._files:
            try:
                if delete:
                    for gone in (path, journal):
                        with contextlib.suppress(FileNotFoundError):
                            gone.unlink()
                elif snapshot is not None:
                    temp = path.with_suffix(".tmp")
                    temp.write_text(snapshot(), encoding="utf-8")
                    os.replace(temp, path)
                    _keep_after(journal, moves)
                elif lines:
                    with journal.open("a", encoding="utf-8") as file:
                        file.write("".join(lines))
            except OSError as error:  # a full disk must not stop the table
                log.error("cannot save table %s: %s", table_id, error)

    # -- moves -------------------------------------------------------------------------

    def broadcast(self, table: Table, events: Sequence[AnyEvent]) -> None:
        """Send every connection of the table its ``update`` after ``events``."""
        texts = table.update_messages(events, (c.seat for c in table.connections))
        for connection in list(table.connections):
            connection.send(texts[connection.seat])

    async def act(self, table: Table, seat: int, sent: str | Mapping[str, Any],
                  msg_id: str | None) -> dict[str, Any] | None:
        """A seat's action from its client: applied under the table's lock and sent to
        every connection; ``None``, or the ``refused`` message for the client."""
        async with table.lock:
            table.touched = time.monotonic()
            try:
                action = read_action(sent)
            except TrumpFamilyError as error:
                return unreadable(error, msg_id)
            if table.seats[seat].kind != "human":  # pragma: no cover - tokens are humans'
                return unreadable(ProtocolError("bad-token", "a bot's seat"), msg_id)
            try:
                events = table.apply(seat, action)
            except IllegalActionError as error:
                return refusal(error, msg_id)
            self._moved(table, events)
        return None

    async def hint(self, table: Table, seat: int, msg_id: str | None) -> dict[str, Any]:
        """The ``hint`` message for ``seat``, the seat to act, at a table with hints: the
        analysis of its own view (:func:`trumpfamily.search.analysis.analyse`, at
        :attr:`Limits.hint_worlds` worlds and :attr:`Limits.hint_milliseconds`), its best
        rows; or an ``error`` message (``no-hints``, ``not-your-turn``, ``rate-limited``:
        :attr:`Limits.hints_per_minute` a seat; ``busy``: a hint of the table is being
        searched).

        Only the seat's view is read, and the analysis is seeded from the server's key
        and that view alone, so a hint says nothing of the cards the seat cannot see."""
        def error(code: str, reason: str) -> dict[str, Any]:
            return {"type": "error", "id": msg_id, "code": code, "reason": reason}

        async with table.lock:
            if not table.settings.hints:
                return error("no-hints", "this table gives no hints (a table is created "
                             "with \"hints\": true to give them)")
            state = table.state
            if state.is_over or state.to_act != seat:
                return error("not-your-turn", "a hint is for the seat to act, on its turn")
            where = (seat, state.hand_number, len(state.hand.actions))
            if table.hint is not None and table.hint[0] == where:
                return {**table.hint[1], "id": msg_id}
            limits = self.limits
            bucket = self._bucket("hint", f"{table.id}:{seat}", limits.hints_per_minute / 60,
                                  3)
            if table.hinting:
                return error("busy", "a hint is being searched at this table; ask again "
                             "in a moment")
            if not bucket.take():
                return error("rate-limited", f"at most {limits.hints_per_minute:g} hints a "
                             "minute; ask again later")
            view = state.view(seat)
            table.hinting = True
        try:
            seed = hmac.new(self.key, b"trumpfamily hint", hashlib.sha256).digest()
            loop = asyncio.get_running_loop()
            payload = await asyncio.wait_for(loop.run_in_executor(
                self.executor, _hint_payload, view, limits.hint_worlds, seed,
                limits.hint_milliseconds), self.bot_time_cap)
        except TimeoutError:
            return error("busy", "the hint took too long; ask again in a moment")
        except TrumpFamilyError as failure:
            return error("no-hints", bounded_reason(f"no hint here: {failure}"))
        finally:
            table.hinting = False
        async with table.lock:
            if (table.state.hand_number, len(table.state.hand.actions)) == where[1:]:
                table.hint = (where, payload)
        return {**payload, "id": msg_id}

    def _moved(self, table: Table, events: Sequence[AnyEvent]) -> None:
        self.save(table)
        self.broadcast(table, events)
        self.kick(table, restart=True)

    def kick(self, table: Table, *, restart: bool = False) -> None:
        """Start the table's driver (bots and timers), unless it is running; ``restart``
        stops a running one first (a human moved: a timer of the old turn is void)."""
        cancelled = False
        if restart and table.driver is not None and not table.driver.done():
            if table.driver is not asyncio.current_task():
                table.driver.cancel()  # not done() until it runs again: start a new one
                cancelled = True
            else:
                return
        if cancelled or table.driver is None or table.driver.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            table.driver = loop.create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        """Move the bots of the table, and the rule of thumb for a human whose timer ran
        out, until a human without a timer is to act, the game is over, or every
        connection has closed (the table waits for one: :meth:`attach` starts the driver
        again; before the first connection, bots play at once). Every
        turn gives the event loop a turn (``bot_delay``, at least ``sleep(0)``), so one
        table never holds up the others. A failure is logged and stops this table alone."""
        try:
            while True:
                state = table.state
                seat = state.to_act
                if seat is None or table.closed or table.paused:
                    return
                if table.seat_kind(seat) == "bot":
                    await asyncio.sleep(self.bot_delay)  # at 0, a turn of the loop
                    action = await self._bot_choice(table, seat, state)
                else:
                    timer = table.settings.timer
                    if timer is None:
                        return
                    table.timer_started = time.monotonic()
                    text = json.dumps({"type": "timer", "seat": seat, "seconds": timer})
                    for connection in list(table.connections):
                        connection.send(text)
                    await asyncio.sleep(timer)
                    action = RuleOfThumbPlayer().choose(state.view(seat))
                async with table.lock:
                    if table.state is not state or table.closed or table.paused:
                        continue
                    events = table.apply(seat, action)
                    table.timer_started = None
                    self.save(table)
                    self.broadcast(table, events)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self.failures += 1
            table.failure = f"{type(error).__name__}: {error}"
            log.exception("table %s stopped", table.id)

    async def _bot_choice(self, table: Table, seat: int, state: GameState) -> Action:
        """The bot's action for its view, computed in a thread within the time cap; on
        overrun, on an error, or for an illegal choice, the rule of thumb's. The cap counts
        from the moment the bot's thread starts: waiting for a free thread (at most
        :attr:`Limits.bot_queue_seconds`) is not the bot's overrun. A table holds at most
        one thread: while its last bot still thinks past the cap, the rule of thumb moves
        at once (an overrun), so a slow bot cannot take every thread."""
        view = state.view(seat)
        bot = table.players[seat]
        if table.thinking is not None and not table.thinking.done():
            # the table's last bot is still thinking past its cap: a table holds one thread
            table.overruns += 1
            return RuleOfThumbPlayer().choose(view)
        loop = asyncio.get_running_loop()
        started: asyncio.Future[None] = loop.create_future()

        def think() -> Action:
            loop.call_soon_threadsafe(_settle, started)
            return _choose(bot, view)

        thinking = table.thinking = loop.run_in_executor(self.executor, think)
        try:
            await asyncio.wait((started, thinking), timeout=self.limits.bot_queue_seconds,
                               return_when=asyncio.FIRST_COMPLETED)
            if not started.done() and not thinking.done():
                thinking.cancel()  # it never got a thread: give its place up
                table.overruns += 1
                log.warning("table %s: the bot of seat %d waited %.1f s for a thread",
                            table.id, seat, self.limits.bot_queue_seconds)
                return RuleOfThumbPlayer().choose(view)
            action = await asyncio.wait_for(asyncio.shield(thinking), self.bot_time_cap)
        except TimeoutError:
            table.overruns += 1
            log.warning("table %s: the bot of seat %d overran %.1f s", table.id, seat,
                        self.bot_time_cap)
            return RuleOfThumbPlayer().choose(view)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - a bot's bug must not stop the table
            log.warning("table %s: the bot of seat %d failed: %s", table.id, seat,
                        safe_repr(error))
            return RuleOfThumbPlayer().choose(view)
        if action not in view.legal_actions:
            log.warning("table %s: the bot of seat %d chose %s, not a legal action", table.id,
                        seat, safe_repr(action))
            return RuleOfThumbPlayer().choose(view)
        return action


#: The rows a hint sends, best first.
HINT_ROWS: Final = 3


def _hint_payload(view: Any, worlds: int, seed: bytes,
                  milliseconds: float | None) -> dict[str, Any]:
    """The ``hint`` message of ``view`` (in a worker thread): the best
    :data:`HINT_ROWS` rows of its analysis."""
    from ..search.analysis import analyse

    analysis = analyse(view, budget=worlds, seed=seed, milliseconds=milliseconds)
    return {
        "type": "hint", "seat": analysis.seat, "unit": analysis.unit,
        "objective": analysis.objective, "worlds": analysis.worlds,
        "best": to_json(analysis.best),
        "rows": [{"action": to_json(row.action), "text": str(row.action),
                  "mean": round(row.mean, 4), "low": round(row.low, 4),
                  "high": round(row.high, 4), "worlds": row.worlds,
                  "win_chance": None if row.win_chance is None else round(row.win_chance, 4)}
                 for row in analysis.rows[:HINT_ROWS]],
        "more": max(0, len(analysis.rows) - HINT_ROWS),
    }


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def _choose(bot: Player, view: Any) -> Action:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", BiddingFallbackWarning)
        return bot.choose(view)

