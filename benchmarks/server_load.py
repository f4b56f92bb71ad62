"""A bounded load test of the reference server: many tables of bots at once on the loopback,
with seats played over real WebSockets, against a real uvicorn in a subprocess.

The server (``trumpfamily.server.create_app``, no bot delay unless ``--bot-delay``, a
raised per-connection rate limit so that the clients are not the ones throttled) runs in
its own process on a free port of 127.0.0.1. This process creates ``--tables`` tables (default 50) of
``--players`` seats (default 4) over HTTP, the presets taken in turn from ``--presets``;
``--wire-seats`` seats of each table (default 1) are taken with ``POST /api/join`` and
played by the wire client (:func:`trumpfamily.server.client.play_seat`, the rule-of-thumb
bot, one thread each), the others by the server's own bots (rule-of-thumb and random in
turn). All the clients start at once; each table plays ``--hands`` hands (default 2).

It reports the wall time, the actions applied per second over every table (bots' and
clients'), the clients' actions per second, and the latency of a client's action: the
seconds from its sending to the receipt of the ``update`` that shows it applied (p50, p90,
p99, max). Then it checks that nothing was lost: every game is over, every client ended
with nothing refused and no action unanswered, every hand record and every game record
replays with the server's key (:func:`trumpfamily.replay`, :func:`trumpfamily.replay_game`),
and the records hold as many actions as the server counted. It exits with 1 if any check
fails or ``--time-limit`` runs out first.

Run: ``PYTHONPATH=src python benchmarks/server_load.py [--tables 50] [--hands 2]
[--wire-seats 1] [--presets "spoil five,auction 45"] [--bot-delay 0] [--store]
[--time-limit 300]
[--json FILE]``
(needs the serve extra: starlette, uvicorn, websockets).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from typing import Any

import trumpfamily as tf
from trumpfamily.server.client import SeatSummary, WireError, join_table, play_seat

CHILD = r"""
import asyncio, os, sys
import uvicorn
from trumpfamily.server import Limits, create_app

tables = int(os.environ["LOAD_TABLES"])
app = create_app(key=bytes.fromhex(os.environ["LOAD_KEY"]), bot_delay=float(os.environ["LOAD_BOT_DELAY"]),
                 store=os.environ.get("LOAD_STORE") or None,
                 limits=Limits(tables=tables + 10, bots=tables * 8 + 10,
                               actions_per_second=1000.0, burst=1000,
                               tables_per_address=tables + 10, join_burst=tables * 10 + 10,
                               bot_threads=int(os.environ["LOAD_BOT_THREADS"])))
config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                        ws_ping_interval=None, lifespan="on")
server = uvicorn.Server(config)

async def main():
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            return await task
        await asyncio.sleep(0.01)
    print(server.servers[0].sockets[0].getsockname()[1], flush=True)
    await task

asyncio.run(main())
"""


class Server:
    """The server in a subprocess: its port; stopped by :meth:`stop`."""

    def __init__(self, key: bytes, tables: int, bot_threads: int, store: str | None,
                 bot_delay: float) -> None:
        env = {**os.environ, "LOAD_KEY": key.hex(), "LOAD_TABLES": str(tables),
               "LOAD_BOT_DELAY": str(bot_delay),
               "LOAD_BOT_THREADS": str(bot_threads), "LOAD_STORE": store or ""}
        self.process = subprocess.Popen([sys.executable, "-c", CHILD], env=env,
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # the port, once it listens
        if not line.strip().isdigit():
            self.stop()
            raise SystemExit(f"the server did not start (said {line!r})")
        self.port = int(line)
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}/ws"

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.http + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as reply:
            return json.loads(reply.read())

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables at once (default: 50)")
    parser.add_argument("--players", type=int, default=4, help="seats a table (default: 4)")
    parser.add_argument("--wire-seats", type=int, default=1,
                        help="seats a table played over the wire (default: 1)")
    parser.add_argument("--hands", type=int, default=2, help="hands a game (default: 2)")
    parser.add_argument("--presets", default="spoil five,auction 45",
                        help="the presets, in turn, comma-separated (default: 'spoil five,"
                             "auction 45')")
    parser.add_argument("--bot-threads", type=int, default=4,
                        help="the server's bot threads (default: 4)")
    parser.add_argument("--time-limit", type=float, default=300.0,
                        help="seconds the games may take at most (default: 300)")
    parser.add_argument("--bot-delay", type=float, default=0.0,
                        help="seconds the server's bots wait before each move (default: 0, "
                             "as fast as they go: the CPU is then saturated and the latency "
                             "is mostly queueing; 0.6 is trumpfamily serve's default)")
    parser.add_argument("--store", action="store_true",
                        help="the server saves every table after each action, in a "
                             "temporary directory (default: memory only)")
    parser.add_argument("--json", default=None, metavar="FILE", help="also write the figures")
    args = parser.parse_args(argv)
    if not 1 <= args.wire_seats <= args.players:
        parser.error("--wire-seats must be from 1 to --players")
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    key = secrets.token_bytes(32)
    with tempfile.TemporaryDirectory(prefix="trumpfamily-load-") as folder:
        server = Server(key, args.tables, args.bot_threads, folder if args.store else None,
                        args.bot_delay)
        try:
            return run(server, key, args, presets)
        finally:
            server.stop()


def run(server: Server, key: bytes, args: argparse.Namespace, presets: list[str]) -> int:
    bots = ["bot:rule-of-thumb", "bot:random"]
    tables: list[tuple[str, str]] = []
    seats: list[tuple[str, str]] = []  # (table, token)
    for n in range(args.tables):
        wire = set(range(args.wire_seats))
        kinds = ["human" if s in wire else bots[(n + s) % 2] for s in range(args.players)]
        preset = presets[n % len(presets)]
        made = server.request("POST", "/api/tables", {
            "preset": preset, "players": args.players, "hands": args.hands, "seats": kinds})
        tables.append((made["table"], preset))
        for seat in sorted(wire):
            seats.append((made["table"], join_table(server.http, table=made["table"],
                                                    seat=seat).token))
    summaries: list[SeatSummary] = []
    failures: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(len(seats) + 1)

    def play(token: str) -> None:
        start.wait()
        try:
            summary = play_seat(server.ws, token, tf.RuleOfThumbPlayer(), rate=None,
                                timeout=60.0, max_seconds=args.time_limit)
        except WireError as error:
            with lock:
                failures.append(f"a client failed: {error}")
            return
        with lock:
            summaries.append(summary)

    threads = [threading.Thread(target=play, args=(token,), daemon=True) for _, token in seats]
    for thread in threads:
        thread.start()
    start.wait()
    t0 = time.perf_counter()
    for thread in threads:
        thread.join(args.time_limit + 30)
    wall = time.perf_counter() - t0

    # -- nothing lost ------------------------------------------------------------------
    moves = 0
    hands = 0
    for table_id, preset in tables:
        info = server.request("GET", f"/api/tables/{table_id}")
        moves += info["moves"]
        if not info["over"]:
            failures.append(f"table {table_id} ({preset}) is not over")
            continue
        records = [server.request("GET", f"/api/tables/{table_id}/hands/{n}/record")
                   for n in range(1, info["records"]["hands"] + 1)]
        hands += len(records)
        # a game may reach its target before --hands hands; never go past them
        if len(records) != info["hand_number"] or len(records) > args.hands:
            failures.append(f"table {table_id}: {len(records)} hand records after hand "
                            f"{info['hand_number']} of at most {args.hands}")
        try:
            for record in records:
                tf.replay(record, key=key)
            tf.replay_game(server.request("GET", info["records"]["game"]), key=key)
        except tf.TrumpFamilyError as error:
            failures.append(f"table {table_id}: a record does not replay: {error}")
        counted = sum(len(record["actions"]) for record in records)
        if counted != info["moves"]:
            failures.append(f"table {table_id}: the records hold {counted} actions, the "
                            f"server counted {info['moves']}")
    for summary in summaries:
        if not summary.over:
            failures.append(f"the client of table {summary.table} stopped before the end")
        if summary.refused or len(summary.latencies) != summary.sent:
            failures.append(f"the client of table {summary.table}: {summary.sent} sent, "
                            f"{summary.refused} refused, {len(summary.latencies)} answered")
    latencies = [lat for summary in summaries for lat in summary.latencies]
    sent = sum(summary.sent for summary in summaries)
    figures = {
        "tables": args.tables, "players": args.players, "wire_seats": args.wire_seats,
        "hands": args.hands, "presets": presets, "store": args.store, "bot_delay": args.bot_delay, "clients": len(seats),
        "wall_seconds": round(wall, 3), "actions": moves, "hands_played": hands,
        "actions_per_second": round(moves / wall, 1),
        "client_actions": sent, "client_actions_per_second": round(sent / wall, 1),
        "reconnects": sum(summary.reconnects for summary in summaries),
        "latency_ms": {name: round(1000 * percentile(latencies, q), 2) for name, q in
                       (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))}
        if latencies else {},
        "mean_latency_ms": round(1000 * statistics.fmean(latencies), 2) if latencies else None,
        "failures": failures,
    }
    print(f"{args.tables} tables x {args.players} seats ({args.wire_seats} over the wire "
          f"each, {len(seats)} clients), {args.hands} hands each, presets {', '.join(presets)}"
          + (", saved after each action" if args.store else "")
          + (f", bots wait {args.bot_delay:g} s" if args.bot_delay else ""))
    print(f"  wall time            {wall:8.2f} s")
    print(f"  actions applied      {moves:8d}  ({figures['actions_per_second']} a second, "
          f"{hands} hands)")
    print(f"  client actions       {sent:8d}  ({figures['client_actions_per_second']} a second)")
    if latencies:
        lat = figures["latency_ms"]
        print(f"  action latency (ms)  p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  "
              f"max {lat['max']}  (send -> update received)")
    print(f"  reconnects           {figures['reconnects']:8d}")
    print("  nothing lost: every game over, every record replays with the key"
          if not failures else f"  FAILURES ({len(failures)}):")
    for failure in failures[:20]:
        print(f"    {failure}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(figures, handle, indent=2)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
