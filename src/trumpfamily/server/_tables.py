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
import json
import logging
import os
import secrets
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
    "Hub",
    "Limits",
    "Table",
    "TableSettings",
    "hash_token",
    "normalize_code",
    "read_action",
    "read_variant",
    "refusal",
    "unreadable",
]

log = logging.getLogger("trumpfamily.server")

#: The letters of a join code: no 0/O, 1/I/L, so a code read aloud is not mistaken.
CODE_ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

#: The built-in bots a table may seat by name (:data:`~trumpfamily.tournament.BOTS`
#: without the cheating oracles, which see every hand).
PUBLIC_BOTS: Final = ("random", "rule-of-thumb", "context-rule-of-thumb", "sample-solve",
                      "ismcts")

_NAME_CHARS: Final = 24
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
        message_bytes: the largest WebSocket message (and HTTP body) read, bytes.
        tables: tables at once.
        connections_per_table: WebSocket connections to one table (seats and spectators).
        bots: bot seats at once, over every table.
        actions_per_second: the rate of a connection's token bucket (every message counts).
        burst: the bucket's size: messages a connection may send at once.
        idle_seconds: a table with no connection and no action for this long is closed.
        heartbeat_seconds: the interval of ``heartbeat`` messages.
        bot_threads: the threads bots choose their moves in.
        queue: the messages a connection may have waiting to be sent; a client that lets
            more pile up is disconnected.
    """

    message_bytes: int = 4096
    tables: int = 200
    connections_per_table: int = 32
    bots: int = 400
    actions_per_second: float = 10.0
    burst: int = 20
    idle_seconds: float = 6 * 3600.0
    heartbeat_seconds: float = 15.0
    bot_threads: int = 4
    queue: int = 512


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
    """

    preset: str
    players: int
    rules: str = ""
    seats: tuple[str, ...] = ()
    hands: int | None = None
    timer: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON data."""
        return {"preset": self.preset, "players": self.players, "rules": self.rules,
                "seats": list(self.seats), "hands": self.hands, "timer": self.timer}


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
    for word in rules.split():
        name, sep, value = word.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise ProtocolError("bad-rules", f"expected name=value, got {safe_repr(word)}")
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
        self.lock = asyncio.Lock()
        self.driver: asyncio.Task[None] | None = None
        self.timer_started: float | None = None
        self.thinking: asyncio.Future[Action] | None = None

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
        self.moves += 1
        self.touched = time.monotonic()
        return events

    def seat_kind(self, seat: int) -> str:
        """``"human"`` or ``"bot"``."""
        return self.seats[seat].kind

    # -- what is sent --------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """The table's public facts (``GET /api/tables/<id>``, and ``"table"`` in every
        message)."""
        state = self.state
        base = f"/api/tables/{self.id}"
        return {
            "table": self.id, "code": self.code, "preset": self.settings.preset,
            "title": self.variant.name, "players": state.players, "rules": self.settings.rules,
            "hands": self.settings.hands, "timer": self.settings.timer,
            "seats": [{"seat": i, "kind": s.kind, "name": s.name, "taken": s.taken,
                       "connected": s.kind == "bot" or s.connected > 0}
                      for i, s in enumerate(self.seats)],
            "moves": self.moves, "hand_number": state.hand_number, "to_act": state.to_act,
            "over": state.is_over,
            "winner": state.winner, "scores": list(state.scores), "chips": list(state.chips),
            "pool": state.pool,
            "records": {"hands": [f"{base}/hands/{n}/record"
                                  for n in range(1, len(self.hand_records) + 1)],
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

    def to_store(self) -> dict[str, Any]:
        """The table as JSON data for the store: its settings, the signed game record, the
        hashes of the seat tokens (never the tokens), the hand records and the log."""
        return {
            "format": 1, "table": self.id, "code": self.code,
            "settings": self.settings.to_json(),
            "seats": [{"kind": s.kind, "bot": s.bot, "name": s.name, "token": s.token_hash}
                      for s in self.seats],
            "record": self.state.record(key=self.key),
            "hand_records": self.hand_records,
            "log": [to_json(e) for e in self.log],
            "overruns": self.overruns, "moves": self.moves,
        }

    @classmethod
    def from_store(cls, data: Mapping[str, Any], key: bytes) -> Table:
        """A table read back from :meth:`to_store`'s data; the game is rebuilt by
        :func:`~trumpfamily.records.replay_game` with the server's key.

        Raises:
            TrumpFamilyError: the data is not a stored table, or its record does not
                verify with ``key``.
            KeyError, TypeError: the data is not a stored table.
        """
        given = data["settings"]
        settings = TableSettings(
            given["preset"], int(given["players"]), str(given["rules"]),
            tuple(str(s) for s in given["seats"]), given["hands"], given["timer"])
        variant = read_variant(settings.preset, settings.rules)
        state = replay_game(data["record"], variant=variant, key=key)
        seats = [Seat(s["kind"], s["bot"], str(s["name"]), s["token"]) for s in data["seats"]]
        table = cls(str(data["table"]), str(data["code"]), settings, variant, state, key, seats)
        table.hand_records = list(data["hand_records"])
        table.overruns = int(data.get("overruns", 0))
        table.moves = int(data.get("moves", 0))
        try:
            table.log = [from_json(e, AnyEvent) for e in data["log"]]
        except TrumpFamilyError:
            table.log = []
        return table


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
        store: a directory where each table is saved as JSON after each action, and read
            back when the hub starts (:meth:`load`); ``None``: memory only.
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
        """Stop the drivers and the bots' threads (a bot thinking is not waited for)."""
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def load(self) -> int:
        """Read back the tables saved in the store; how many (a file that does not read
        back, or whose record does not verify with the key, is logged and left alone)."""
        if self.store is None:
            return 0
        count = 0
        for path in sorted(self.store.glob("*.table.json")):
            try:
                table = Table.from_store(json.loads(path.read_text(encoding="utf-8")), self.key)
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

    def _register(self, table: Table) -> None:
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
                 "bidding": v.bidding is not None} for v in ALL_VARIANTS.values()]

    # -- tables ------------------------------------------------------------------------

    def read_settings(self, data: object) -> TableSettings:
        """The :class:`TableSettings` of a ``POST /api/tables`` body, checked.

        Raises:
            ProtocolError: a field missing, of the wrong type, or out of range.
        """
        if not isinstance(data, dict):
            raise ProtocolError("bad-request", "the body must be a JSON object")
        unknown = sorted(set(data) - {"preset", "players", "rules", "seats", "hands", "timer"})
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
        rules = data.get("rules") or ""
        return TableSettings(variant.name, players, rules, tuple(seats), hands,
                             None if timer is None else float(timer))

    async def create(self, settings: TableSettings, *, seed: int | str | None = None,
                     decks: Sequence[Any] = (), dealer: int | None = None) -> Table:
        """Open a table.

        Args:
            settings: the table's settings (:meth:`read_settings` checks a client's).
            seed, decks, dealer: passed to :func:`~trumpfamily.game.new_game` (a program's
                or a test's; the HTTP API never takes them, since they would tell the cards).

        Raises:
            ProtocolError: ``too-many-tables``, ``too-many-bots``, or settings the game
                refuses (``bad-request``).
        """
        if len(self.tables) >= self.limits.tables:
            raise ProtocolError("too-many-tables", f"this server holds at most "
                                f"{self.limits.tables} tables at once; try again later",
                                status=429)
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
        self._register(table)
        self.bot_seats += bots
        self.save(table)
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
                a name that is not text); ``seat-taken`` or ``table-full`` (409).
        """
        table = self.find(table_id)
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
        if place.taken:
            raise ProtocolError("seat-taken", f"seat {seat} is taken", status=409)
        token = secrets.token_urlsafe(24)
        place.token_hash = hash_token(token)
        place.name = shown or f"Player {seat + 1}"
        self.tokens[place.token_hash] = (table.id, seat)
        table.touched = time.monotonic()
        self.save(table)
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
        """Add a client's connection to a table.

        Raises:
            ProtocolError: ``full``: the table has its limit of connections.
        """
        if len(table.connections) >= self.limits.connections_per_table:
            raise ProtocolError("full", "this table has as many connections as it takes")
        table.connections.add(connection)
        if connection.seat is not None:
            table.seats[connection.seat].connected += 1
        table.touched = time.monotonic()

    def detach(self, table: Table, connection: Connection) -> None:
        """Remove a client's connection (it closed)."""
        if connection in table.connections:
            table.connections.discard(connection)
            if connection.seat is not None:
                table.seats[connection.seat].connected -= 1
        table.touched = time.monotonic()

    def close_table(self, table: Table) -> None:
        """Close a table: it and its file go (its connections are the caller's)."""
        self.tables.pop(table.id, None)
        self.codes.pop(table.code, None)
        for seat in table.seats:
            if seat.token_hash is not None:
                self.tokens.pop(seat.token_hash, None)
            if seat.kind == "bot":
                self.bot_seats -= 1
        if table.driver is not None:
            table.driver.cancel()
        if self.store is not None:
            with contextlib.suppress(OSError):
                (self.store / f"{table.id}.table.json").unlink()

    def sweep(self, now: float | None = None) -> int:
        """Close the tables idle for :attr:`Limits.idle_seconds` with nobody connected;
        how many."""
        now = time.monotonic() if now is None else now
        idle = [t for t in self.tables.values()
                if not t.connections and now - t.touched > self.limits.idle_seconds]
        for table in idle:
            self.close_table(table)
        return len(idle)

    def save(self, table: Table) -> None:
        """Write the table to the store (atomically), when there is one."""
        if self.store is None:
            return
        path = self.store / f"{table.id}.table.json"
        temp = path.with_suffix(".tmp")
        try:
            temp.write_text(json.dumps(table.to_store()), encoding="utf-8")
            os.replace(temp, path)
        except OSError as error:  # a full disk must not stop the table
            log.error("cannot save table %s: %s", table.id, error)

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

    def _moved(self, table: Table, events: Sequence[AnyEvent]) -> None:
        self.save(table)
        self.broadcast(table, events)
        self.kick(table, restart=True)

    def kick(self, table: Table, *, restart: bool = False) -> None:
        """Start the table's driver (bots and timers), unless it is running; ``restart``
        stops a running one first (a human moved: a timer of the old turn is void)."""
        if restart and table.driver is not None and not table.driver.done():
            if table.driver is not asyncio.current_task():
                table.driver.cancel()
            else:
                return
        if table.driver is None or table.driver.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            table.driver = loop.create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        """Move the bots of the table, and the rule of thumb for a human whose timer ran
        out, until a human without a timer is to act or the game is over. A failure is
        logged and stops this table alone."""
        try:
            while True:
                state = table.state
                seat = state.to_act
                if seat is None:
                    return
                if table.seat_kind(seat) == "bot":
                    if self.bot_delay:
                        await asyncio.sleep(self.bot_delay)
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
                    if table.state is not state:
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
        overrun, on an error, or for an illegal choice, the rule of thumb's. A table
        holds at most one thread: while its last bot still thinks past the cap, the rule
        of thumb moves at once (an overrun), so a slow bot cannot take every thread."""
        view = state.view(seat)
        bot = table.players[seat]
        if table.thinking is not None and not table.thinking.done():
            # the table's last bot is still thinking past its cap: a table holds one thread
            table.overruns += 1
            return RuleOfThumbPlayer().choose(view)
        loop = asyncio.get_running_loop()
        table.thinking = loop.run_in_executor(self.executor, _choose, bot, view)
        try:
            action = await asyncio.wait_for(asyncio.shield(table.thinking), self.bot_time_cap)
        except TimeoutError:
            table.overruns += 1
            log.warning("table %s: the bot of seat %d overran %.1f s", table.id, seat,
                        self.bot_time_cap)
            return RuleOfThumbPlayer().choose(view)
        except Exception as error:  # noqa: BLE001 - a bot's bug must not stop the table
            log.warning("table %s: the bot of seat %d failed: %s", table.id, seat,
                        safe_repr(error))
            return RuleOfThumbPlayer().choose(view)
        if action not in view.legal_actions:
            log.warning("table %s: the bot of seat %d chose %s, not a legal action", table.id,
                        seat, safe_repr(action))
            return RuleOfThumbPlayer().choose(view)
        return action


def _choose(bot: Player, view: Any) -> Action:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", BiddingFallbackWarning)
        return bot.choose(view)

