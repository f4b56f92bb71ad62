"""``trumpfamily play``: a game in the terminal, played by bots or by you at one seat,
saved whole with ``--save`` and continued with ``--resume``.

A thin layer over the public API: :func:`~trumpfamily.game.new_game` starts the game
(:func:`~trumpfamily.records.replay_game` rebuilds a saved one), :meth:`GameState.apply
<trumpfamily.game.GameState.apply>` plays it, the bots (or the
:mod:`~trumpfamily.cli.prompt`) choose from each seat's
:meth:`~trumpfamily.game.GameState.view`, :meth:`GameState.record
<trumpfamily.game.GameState.record>` saves it, and everything printed about the game is
the :class:`~trumpfamily.narrate.Narrator`'s reading of the events each state returns
(told to your seat when you play). The bidding games are played the same way: their
hands (``BiddingHand``, :mod:`trumpfamily.bidding`) come from the same
:class:`~trumpfamily.game.GameState`, and the prompt asks for bids, trumps and discards
(``trumpfamily.cli._bidding``). Options that change nothing at this table
(:meth:`Variant.unused_options <trumpfamily.variants.Variant.unused_options>`) are noted
on standard error, not refused.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any, Final, TextIO

from ..demo import seed_text
from ..errors import ReplayError
from ..events import AnyEvent
from ..game import UNBOUNDED_HANDS, GameState, new_game
from ..narrate import Narrator, Style, game_header
from ..records import replay_game
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    CommandError,
    Subparsers,
    add_option_argument,
    add_variant_argument,
    note_unused_options,
    variant_from,
)
from ._files import STDIN, check_writable, read_json, where, write_json
from ._session import Session, bots_for, hand_so_far
from .prompt import Abandoned, Prompt

__all__ = ["POOL_HANDS", "add_parser", "run"]

#: Hands a pool game lasts unless ``--hands`` says otherwise (pool games have no end).
POOL_HANDS: Final = 5
#: Players at the table unless ``--players`` says otherwise.
PLAYERS: Final = 4


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``play`` command to the command line's sub-parsers."""
    p = sub.add_parser("play", parents=[common], help="play a game in the terminal",
                       description="Play a game: with --human, that seat is you and is prompted "
                                   "with its legal actions numbered; the others are bots. "
                                   "Without --human, bots play and the log is printed.")
    add_variant_argument(p, optional=True)
    p.add_argument("--players", "-n", type=int, default=None, metavar="N",
                   help=f"number of players (default: {PLAYERS})")
    p.add_argument("--seed", "-s", type=seed_text, default=None, metavar="S",
                   help="seed for the shuffles and the bots: an integer or any text "
                        "(default: random)")
    p.add_argument("--human", type=int, default=None, metavar="SEAT",
                   help="your seat, 0 to N-1, clockwise; P0 deals the first hand (in Maw the "
                        "first dealer is the seat dealt the first Jack face up), eldest hand "
                        "on the dealer's left leads (in a bidding game eldest speaks first "
                        "in the auction), and the deal passes to the left")
    p.add_argument("--hands", type=int, default=None, metavar="K",
                   help="stop after K hands (default: a points or bidding game is played to "
                        f"its end, a pool game, which has no end, for {POOL_HANDS} hands; "
                        "bots alone stop a bidding game without lose_at or sets_to_lose "
                        f"after {UNBOUNDED_HANDS:,} hands)")
    p.add_argument("--bots", choices=("thumb", "random"), default="thumb",
                   help="the other seats' players: thumb (claims, robs, plays its lowest "
                        "winning card; in a bidding game bids what its hand is worth) or "
                        "random (default: thumb)")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="write the whole game's record (JSON) to FILE when the game ends, or "
                        "when you leave it: 'trumpfamily play --resume FILE' continues it, "
                        "'trumpfamily replay FILE' replays it; FILE is checked before the game")
    p.add_argument("--resume", metavar="FILE", default=None,
                   help="continue the game saved in FILE by --save ('-' for standard input); "
                        "its rules, players, seed and hand limit come from FILE, so VARIANT, "
                        "--players, --seed, --hands and --option are left out; the game is "
                        "saved back to FILE as it goes on, unless --save names another file")
    add_option_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play the game ``args`` describe, printing it to ``out``; returns the exit status.

    Raises:
        CommandError: bad arguments (exit 2); a ``--resume`` file that is not a game
            record, does not verify or holds a finished game (exit 1); the game abandoned
            at the prompt (exit 1; with ``--save`` the game so far is saved first).
    """
    style = Style.for_stream(out, args.color)
    state = _resumed(args) if args.resume is not None else _started(args)
    if args.resume not in (None, "-") and args.save is None:
        args.save = args.resume  # a resumed game is saved where it came from
    human = args.human
    if human is not None and not 0 <= human < state.players:
        raise CommandError(f"--human {human} is not a seat: seats are 0 to {state.players - 1}")
    if human is not None and sys.stdin is None:  # started with ``<&-``: nothing to read
        raise CommandError(f"{STDIN} is closed", EXIT_FAILURE)
    if args.save is not None:
        check_writable("--save", args.save)
    if args.resume is None:  # every argument is checked: now the notes
        note_unused_options("play", state.variant, args.option, state.players)
    session = Session(state, bots_for(args.bots, state.seed, state.players),
                      Narrator.for_game(state, seat=human, style=style),
                      Prompt(style, out, sys.stdin) if human is not None else None, human, out)
    note = f"you are P{human}" if human is not None else f"{args.bots} bots"
    session.say(game_header(state, note=note, style=style))
    first: Sequence[AnyEvent] = state.events
    if args.resume is not None:
        session.say(_resumed_line(state, args.resume, session.narrator))
        first = hand_so_far(state)
    try:
        session.play(first)
    except (Abandoned, KeyboardInterrupt) as stop:
        if args.save is not None:
            write_json(args.save, session.state.record())
        if isinstance(stop, KeyboardInterrupt):
            raise
        saved = (f"; the game so far is saved in {args.save} ('trumpfamily play --resume "
                 f"{args.save}' continues it)" if args.save is not None else "")
        raise CommandError(f"{stop}{saved}", EXIT_FAILURE, label="game abandoned") from None
    if args.save is not None:
        write_json(args.save, session.state.record())
    return EXIT_OK


def _started(args: argparse.Namespace) -> GameState:
    """A new game from the arguments, checked before anything is printed."""
    if args.variant is None:
        raise CommandError("the following arguments are required: VARIANT (or --resume FILE)")
    variant = variant_from(args.variant, args.option)
    players = args.players if args.players is not None else PLAYERS
    variant.table.side_count(players)  # PlayerCountError names the allowed counts
    if args.hands is not None and args.hands < 1:
        raise CommandError(f"--hands {args.hands}: play at least one hand")
    pool = variant.scoring.scoring == "pool"
    bidding = variant.bidding
    # A bidding game whose rules do not bound it (no lose_at, no sets_to_lose, played to a
    # target) may never end with bots that keep being set (BIDDING.md §3.7): bots alone
    # play it for at most UNBOUNDED_HANDS hands, as Game.play does.
    unbounded = (bidding is not None and bidding.finish != "hands"
                 and bidding.lose_at is None and bidding.sets_to_lose is None)
    if args.hands is not None:
        limit: int | None = args.hands
    elif pool:
        limit = POOL_HANDS
    elif unbounded and args.human is None:
        limit = UNBOUNDED_HANDS
    else:
        limit = None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    return new_game(variant, players=players, seed=seed, hands=limit)


#: The arguments a resumed game takes from its record, and how they are written.
_FROM_RECORD: Final = (("variant", "VARIANT"), ("players", "--players"), ("seed", "--seed"),
                       ("hands", "--hands"), ("option", "--option"))


def _resumed(args: argparse.Namespace) -> GameState:
    """The game saved in ``args.resume``, rebuilt by :func:`~trumpfamily.records.replay_game`."""
    given = [flag for name, flag in _FROM_RECORD if getattr(args, name) not in (None, [])]
    path = args.resume
    if given:
        raise CommandError(f"--resume takes the rules, players, seed and hand limit from "
                           f"{where(path)}: leave out {', '.join(given)}")
    if path == "-" and args.human is not None:
        raise CommandError(f"--resume - reads the game from {STDIN}, which --human needs for "
                           "your answers: save the game to a file")
    data: Any = read_json(path, "a game record")
    name = where(path)
    if not isinstance(data, dict) or data.get("kind") != "game":
        hand = isinstance(data, list) or (isinstance(data, dict) and "actions" in data)
        hint = (" but hand records: only a game saved by 'trumpfamily play --save' can be "
                "resumed" if hand else "")
        raise CommandError(f"{name} is not a game record{hint}", EXIT_FAILURE)
    try:
        state = replay_game(data)
    except ReplayError as error:
        raise CommandError(f"{name} does not verify: {error}", EXIT_FAILURE) from None
    if state.is_over:
        count = len(state.outcomes)
        raise CommandError(f"{name} holds a finished game ({count} hand{'s' * (count != 1)}): "
                           f"nothing to resume; 'trumpfamily replay {path}' tells it",
                           EXIT_FAILURE)
    return state


def _resumed_line(state: GameState, path: str, narrator: Narrator) -> list[str]:
    """Where a resumed game stands: the hand, how far into it, the standings before it."""
    done = len(state.hand.actions)
    into = "at its start" if not done else f"{done} action{'s' * (done != 1)} into it"
    standings = narrator.standings(state.pool - sum(state.stakes))
    if state.variant.scoring.scoring == "pool":  # the hand's antes are told just below
        standings = f"Before this hand's antes, {standings[0].lower()}{standings[1:]}"
    return [(f"Resumed from {where(path)} at hand {state.hand_number}, {into}. "
             f"{standings}")]
