"""``trumpfamily serve``: run the reference game server (:mod:`trumpfamily.server`) with
uvicorn: tables of any preset in the browser and over the WebSocket protocol, for people
and bots. Needs the ``serve`` extra: ``pip install 'trumpfamily[serve]'``.

It listens on 127.0.0.1 unless ``--host`` says otherwise; to invite friends from other
machines, put it behind a reverse proxy that passes WebSockets (see the how-to), or give
``--host 0.0.0.0`` on a network you trust.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from typing import Any, TextIO

from ..errors import TrumpFamilyError
from ._common import EXIT_OK, CommandError, Subparsers
from ._files import read_key

__all__ = ["add_parser", "read_key_file", "run"]


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"expected seconds from 0 to 86400, got {text!r}")
    return value


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"expected seconds from 0 to 60, got {text!r}")
    return value


def _bot(text: str) -> tuple[str, str]:
    name, sep, spec = text.partition("=")
    name, spec = name.strip(), spec.strip()
    if not sep or not name or not spec or ":" in name:
        raise argparse.ArgumentTypeError(
            f"expected NAME=package.module:Class, e.g. mine=mybots:Clever; got {text!r}")
    return name, spec


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {text!r}")
    return int(text)


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``serve`` command to the command line's sub-parsers."""
    p = sub.add_parser(
        "serve", parents=[common], help="run the game server: tables in the browser",
        description="Run the reference game server: open http://HOST:PORT/ in a browser, "
                    "create a table of any preset with bots or seats for friends (a join "
                    "code or a link), play, and download the signed records. Programs "
                    "take seats over the WebSocket protocol (docs: the protocol page). "
                    "Needs the serve extra: pip install 'trumpfamily[serve]'.",
        epilog="Example: trumpfamily serve --port 8045 --store ~/.trumpfamily-tables "
               "--bot mine=mybots:Clever")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default: 127.0.0.1, this machine only)")
    p.add_argument("--port", type=_port, default=8045, help="the port (default: 8045)")
    p.add_argument("--store", metavar="DIR", default=None,
                   help="save every table in DIR after each action, and read them back at "
                        "start (default: memory only; the key is kept there too unless "
                        "--key-file is given)")
    p.add_argument("--key-file", metavar="FILE", default=None,
                   help="the key that signs the records: read from FILE, or 32 random bytes "
                        "written to it (mode 600) when it does not exist (default: in --store, "
                        "else new for each run)")
    p.add_argument("--bot", metavar="NAME=package.module:Class", action="append", type=_bot,
                   default=[], help="offer a bot of your own by NAME (repeatable): a Player "
                                    "class, or a factory of a seed, importable by its "
                                    "dotted name")
    p.add_argument("--timer", metavar="SECONDS", type=_positive, default=None,
                   help="the default decision timer of a table that does not set one: on "
                        "expiry the rule-of-thumb bot moves for the seat (default: none)")
    p.add_argument("--bot-delay", metavar="SECONDS", type=_delay, default=0.6,
                   help="seconds a bot waits before it moves, so people can follow "
                        "(default: 0.6)")
    p.add_argument("--bot-time-cap", metavar="SECONDS", type=_positive, default=5.0,
                   help="seconds a bot may think over a move; then the rule of thumb moves "
                        "for it (default: 5)")
    p.add_argument("--max-tables", metavar="N", type=int, default=200,
                   help="tables at once (default: 200)")
    p.add_argument("--max-connections", metavar="N", type=int, default=1000,
                   help="connections (HTTP and WebSocket) at once; past them a client gets "
                        "503; keep it under the open-file limit, ulimit -n (default: 1000)")
    p.add_argument("--no-hints", action="store_true",
                   help="refuse tables with hints (the seat to act asking for the analysis "
                        "of its position; off at each table unless its creator turns it on)")
    p.add_argument("--log-level", choices=("critical", "error", "warning", "info", "debug"),
                   default="info", help="uvicorn's log level (default: info)")
    p.set_defaults(func=run)


def read_key_file(path: str | os.PathLike[str]) -> bytes:
    """The key in ``path``, or 32 random bytes written there (mode 600) if it does not exist.

    Raises:
        CommandError: the file cannot be read or written, or is empty.
    """
    return read_key(path, create=True)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Serve until interrupted; returns the exit status.

    Raises:
        CommandError: the serve extra is not installed, a bad key file, store, bot or
            limit (exit 2).
    """
    missing = [name for name in ("starlette", "uvicorn", "websockets")
               if importlib.util.find_spec(name) is None]
    if missing:
        raise CommandError(f"the server needs the serve extra ({', '.join(missing)} missing): "
                           "pip install 'trumpfamily[serve]'")
    if args.max_tables < 1:
        raise CommandError(f"--max-tables must be at least 1, not {args.max_tables}")
    if args.max_connections < 1:
        raise CommandError(f"--max-connections must be at least 1, not "
                           f"{args.max_connections}")
    import uvicorn

    from ..server import Limits, create_app

    key = read_key_file(args.key_file) if args.key_file else None
    try:
        limits = Limits(tables=args.max_tables, hints=not args.no_hints)
        app = create_app(key=key, store=args.store, bots=dict(args.bot), limits=limits,
                         bot_delay=args.bot_delay, bot_time_cap=args.bot_time_cap,
                         timer=args.timer)
    except TrumpFamilyError as error:
        raise CommandError(str(error)) from None
    except OSError as error:
        raise CommandError(f"cannot use the store {args.store}: {error.strerror or error}") \
            from None
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"trumpfamily server on http://{shown}:{args.port}/ (Ctrl-C stops it)", file=out)
    for line in _keeping(args):
        print(f"  {line}", file=out)
    out.flush()
    options: dict[str, Any] = {"host": args.host, "port": args.port,
                               "log_level": args.log_level, "ws_max_size": 1 << 16,
                               "limit_concurrency": args.max_connections}
    uvicorn.run(app, **options)
    return EXIT_OK


def _keeping(args: argparse.Namespace) -> list[str]:
    """What the server keeps, and where: the tables and the key that signs the records."""
    lines = []
    if args.store:
        lines.append(f"tables: saved in {args.store} after every action, read back at start")
    else:
        lines.append("tables: in memory only (--store DIR keeps them over a restart)")
    if args.key_file:
        lines.append(f"records signed with the key in {args.key_file}")
    elif args.store:
        lines.append(f"records signed with the key in {os.path.join(args.store, 'server.key')}")
    else:
        lines.append("records signed with a key of this run only: give --key-file FILE (or "
                     "--store DIR) to check them with 'trumpfamily replay --key-file' later")
    return lines
