"""``trumpfamily bot``: play a seat of a game server with a bot, over the WebSocket
protocol (:func:`trumpfamily.server.client.play_seat`): bots over the wire.

The bot is named as for ``play --bots`` and ``tournament`` (``trumpfamily.cli._bots``): a
built-in bot (``rule-of-thumb``, ``random``, ``context-rule-of-thumb``, ``sample-solve``,
``ismcts``, with ``:key=value`` arguments) or one's own ``package.module:Class``. The seat
is the one of a seat token (``--seat-token``, or the ``TRUMPFAMILY_SEAT_TOKEN``
environment variable, which keeps it out of the process list), or one taken with a join
code (``--code ABC-DEF``: the first free human seat, or ``--seat N``)::

    trumpfamily bot --connect http://127.0.0.1:8045 --seat-token T rule-of-thumb
    trumpfamily bot --connect https://cards.example.org --code ABC-DEF mybots:Clever

It prints a line when it joins, one per finished hand and one at the end (the game's
result, the actions sent and refused, the round-trip latency), and exits with 0 once the
game is over; 1 when the server refuses the seat or the connection is lost for good (or
``--max-seconds`` runs out first); 2 for bad input (an unknown bot, a bad address). Needs
the ``serve`` extra's ``websockets``: ``pip install 'trumpfamily[serve]'``.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import statistics
from collections.abc import Mapping, Sequence
from typing import Any, Final, TextIO

from ..demo import seed_text
from ._common import EXIT_FAILURE, EXIT_OK, CommandError, Subparsers

__all__ = ["TOKEN_VARIABLE", "add_parser", "run"]

#: The environment variable read for the seat token when ``--seat-token`` is not given.
TOKEN_VARIABLE: Final = "TRUMPFAMILY_SEAT_TOKEN"


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value <= 86_400 * 7:
        raise argparse.ArgumentTypeError(f"expected seconds above 0, at most a week; got {text!r}")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or int(text) > 1000:
        raise argparse.ArgumentTypeError(f"expected a count from 0 to 1000, got {text!r}")
    return int(text)


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``bot`` command to the command line's sub-parsers."""
    p = sub.add_parser(
        "bot", parents=[common], help="play a seat of a game server with a bot",
        description="Play a seat of a trumpfamily game server (trumpfamily serve) with a "
                    "bot, over the WebSocket protocol: join with the seat's token (or a "
                    "join code), answer on every turn, until the game is over. The server "
                    "checks every action; the bot sees only its seat's view. Needs the "
                    "serve extra: pip install 'trumpfamily[serve]'.",
        usage="%(prog)s --connect URL (--seat-token T | --code CODE) [BOT] [options]",
        epilog="Example: trumpfamily bot --connect http://127.0.0.1:8045 --seat-token "
               "T rule-of-thumb. The token: the table page's \"Hand this seat to a bot\" "
               "shows it with this command line for its seat; or from POST /api/join; or "
               "take a seat with --code.")
    p.add_argument("bot", nargs="?", default="rule-of-thumb", metavar="BOT",
                   help="the bot (default: rule-of-thumb): " + _wire_bot_help())
    p.add_argument("--connect", required=True, metavar="URL",
                   help="the server: its address (http://HOST:PORT, https://...), its "
                        "WebSocket (ws://HOST:PORT/ws) or a table's page (.../t/ID)")
    p.add_argument("--seat-token", metavar="T", default=None,
                   help=f"the seat's token (default: the {TOKEN_VARIABLE} environment "
                        "variable)")
    p.add_argument("--code", metavar="CODE", default=None,
                   help="take a seat with the table's join code instead (ABC-DEF): the "
                        "first free human seat, or --seat; prints the token")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="--code: the seat to take (default: the first free human seat)")
    p.add_argument("--name", default=None, metavar="NAME",
                   help="--code: the name shown at the table (default: the bot's)")
    p.add_argument("--seed", "-s", type=seed_text, default=0, metavar="S",
                   help="the bot's seed: an integer or any text (default: 0)")
    p.add_argument("--timeout", type=_seconds, default=60.0, metavar="SECONDS",
                   help="seconds without a message from the server after which the "
                        "connection is opened again (default: 60; the server sends a "
                        "heartbeat every 15)")
    p.add_argument("--reconnects", type=_count, default=5, metavar="K",
                   help="connections opened again at most, over the game (default: 5)")
    p.add_argument("--rate", type=_seconds, default=8.0, metavar="PER_SECOND",
                   help="messages a second sent at most (default: 8; the server allows 10)")
    p.add_argument("--max-seconds", type=_seconds, default=None, metavar="SECONDS",
                   help="stop after this long even if the game is not over (exit 1)")
    p.add_argument("--verbose", "-V", action="store_true",
                   help="log every refusal, reconnect and timer on standard error")
    p.set_defaults(func=run)


def _wire_bot_help() -> str:
    """The bots that can play over the wire, in words, for ``--help``: the built-in bots
    without the cheating oracles (they choose from the whole hand, and a seat over the wire
    is sent only its view)."""
    from ..players import is_oracle
    from ..tournament import BOTS

    names = ", ".join(sorted(name for name, bot in BOTS.items() if not is_oracle(bot)))
    return (f"a built-in bot ({names}; thumb is rule-of-thumb), with arguments after a "
            "colon, NAME:KEY=VALUE,KEY=VALUE (e.g. ismcts:iterations=200), or a bot of your "
            "own, package.module:Class[:KEY=VALUE,...], a Player class (or a factory "
            "taking a seed) in a module importable by that dotted name (installed or on "
            "PYTHONPATH; no file path)")


#: The server's refusals of a seat whose reason the client words itself (said as they are).
_WORDED: Final = frozenset({"bot-seat", "game-over", "seat-taken", "table-full", "no-table"})


def _hand_lines(out: TextIO, bot: str) -> Any:
    """An ``on_message`` that prints a line when the seat joins and when a hand finishes."""
    done = {"hands": -1}

    def on_message(message: Mapping[str, Any]) -> None:
        info = message.get("table")
        if not isinstance(info, Mapping):
            return
        if message.get("type") == "welcome":
            print(f"{bot} playing seat {message.get('seat')} of {info.get('title')} at "
                  f"table {info.get('table')} ({info.get('players')} players)",
                  file=out, flush=True)
        count = (info.get("records") or {}).get("hands")  # hands with a record: a count
        hands = count if type(count) is int else 0
        if done["hands"] < 0:  # the first message: the hands already played
            done["hands"] = hands
            return
        if hands > done["hands"]:
            done["hands"] = hands
            print(f"hand {hands} finished: {_standing(info)}", file=out, flush=True)

    return on_message


def _standing(info: Mapping[str, Any]) -> str:
    """The scores or chips of a table's info, in words."""
    chips, scores = list(info.get("chips") or ()), list(info.get("scores") or ())
    if any(chips):
        return "chips " + " ".join(str(c) for c in chips)
    return "scores " + " ".join(str(s) for s in scores)


def _leader(chips: Sequence[int], scores: Sequence[int]) -> str:
    """Who is ahead at the end of a game with no winner (one ended by its number of hands,
    as a pool game always is: RULES.md, compare chips), in words, with "; " after it; ties
    said as ties; "" when nobody is ahead.

    >>> _leader((-4, 8, -4), ()), _leader((2, 2, -4), ()), _leader((0, 0), (-20, 15))
    ('seat 1 leads with +8 chips; ', 'seats 0 and 1 tie for the lead with +2 chips; ', 'side 1 leads with 15 points; ')
    """
    by_chips = any(chips) or not any(scores)
    values = list(chips if by_chips else scores)
    if not values or len(set(values)) == 1:
        return ""
    best = max(values)
    ahead = [i for i, v in enumerate(values) if v == best]
    amount = (f"{best:+d} chip" if by_chips else f"{best} point") + ("" if abs(best) == 1 else "s")
    who = "seat" if by_chips else "side"
    if len(ahead) == 1:
        return f"{who} {ahead[0]} leads with {amount}; "
    names = ", ".join(str(i) for i in ahead[:-1]) + f" and {ahead[-1]}"
    return f"{who}s {names} tie for the lead with {amount}; "


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play the seat until the game is over; returns the exit status.

    Raises:
        CommandError: no token nor code, the ``websockets`` package missing, a bad address
            (exit 2); the server refused the seat or the connection was lost for good, or
            ``--max-seconds`` ran out (exit 1).
        InvalidArgumentError: an unknown bot or bad bot arguments (exit 2).
    """
    from . import _bots

    if importlib.util.find_spec("websockets") is None:
        raise CommandError("the bot client needs the serve extra (websockets missing): "
                           "pip install 'trumpfamily[serve]'")
    from ..players import is_oracle
    from ..server.client import WireError, join_table, oracle_refusal, play_seat

    make = _bots.factory(args.bot)  # an unknown bot is a usage error, before any connection
    try:
        player = make(_bots.seat_seed(args.seed, 0))
    except TypeError as error:  # arguments the bot's class does not take
        raise CommandError(f"cannot make the bot {args.bot}: {error}") from None
    if is_oracle(player):
        raise CommandError(oracle_refusal(player))
    token = args.seat_token or os.environ.get(TOKEN_VARIABLE) or None
    if token is not None and args.code is not None:
        raise CommandError("give --seat-token or --code, not both")
    if args.verbose:
        logging.basicConfig(level=logging.INFO, format="trumpfamily bot: %(message)s")
    try:
        if token is None:
            if args.code is None:
                raise CommandError(f"say which seat: --seat-token T (or {TOKEN_VARIABLE}), "
                                   "or --code CODE")
            joined = join_table(args.connect, code=args.code, seat=args.seat,
                                name=args.name or _bots.canonical(args.bot)[:24])
            token = joined.token
            print(f"took seat {joined.seat} of table {joined.table}; its token: {token}",
                  file=out, flush=True)
        summary = play_seat(args.connect, token, player, timeout=args.timeout,
                            reconnects=args.reconnects, rate=args.rate,
                            max_seconds=args.max_seconds, on_message=_hand_lines(out, _bots.canonical(args.bot)))
    except WireError as error:
        code = 2 if error.code == "bad-url" else EXIT_FAILURE
        raise CommandError(error.reason if error.code in {"bad-url", "connection"} | _WORDED
                           else f"the server says {error.code}: {error.reason}", code) from None
    latency = (f"; latency p50 {1000 * statistics.median(summary.latencies):.1f} ms"
               if summary.latencies else "")
    sent = (f"{summary.sent} actions sent, {summary.refused} refused"
            + (f", {summary.reconnects} reconnects" if summary.reconnects else "") + latency)
    if not summary.over:
        raise CommandError(f"stopped after {args.max_seconds:g} s, the game not over ({sent})",
                           EXIT_FAILURE)
    winner = ("" if summary.winner is None else f"winner seat {summary.winner}; ") \
        or _leader(summary.chips, summary.scores)
    standing = _standing({"chips": summary.chips, "scores": summary.scores})
    hands = f"{summary.hand_number} hand{'' if summary.hand_number == 1 else 's'}"
    print(f"game over after {hands}: {winner}{standing} "
          f"(seat {summary.seat}; {sent})", file=out)
    return EXIT_OK
