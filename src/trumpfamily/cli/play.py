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

The table is the variant's usual one (:attr:`Table.usual_players
<trumpfamily.table.Table.usual_players>`) unless ``--players`` says otherwise. The other
seats are bots named as for ``trumpfamily tournament`` (``trumpfamily.cli._bots``: any
built-in bot of :data:`~trumpfamily.tournament.BOTS`, or one's own
``package.module:Class``). ``--save`` writes the game's record with the human seat
(``"humans": [2]``, ``trumpfamily.cli._files.save_data``), so that ``--resume`` asks that
seat again unless ``--human`` says otherwise (``--human none``: the bots finish the game).
Leaving at the prompt (``quit``) is no error: exit status 0, with where the game was
saved. ``hint`` at the prompt analyses the position from the human seat's view
(:func:`trumpfamily.search.analysis.analyse`, seeded by the game's seed);
``--hint-budget B`` sets its worlds and ``--hint-milliseconds MS`` its time limit.
"""

from __future__ import annotations

import argparse
import random
import sys
import warnings
from collections.abc import Sequence
from typing import Any, Final, TextIO

from ..demo import seed_text
from ..errors import InvalidArgumentError, ReplayError
from ..events import AnyEvent
from ..game import UNBOUNDED_HANDS, GameState, new_game
from ..narrate import Narrator, Style, game_header
from ..players import Player
from ..records import replay_game
from . import _bots, maija
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    PROG,
    CommandError,
    Subparsers,
    add_option_argument,
    add_variant_argument,
    note,
    note_unused_options,
    variant_from,
)
from ._files import STDIN, check_writable, read_json, save_data, split_save, where, write_json
from ._session import Session, hand_so_far
from .analyse import budget_value, milliseconds_value
from .prompt import HINT_BUDGET, HINT_MILLISECONDS, Abandoned, Prompt

__all__ = ["POOL_HANDS", "add_parser", "run"]

#: Hands a pool game lasts unless ``--deals`` says otherwise (pool games have no end).
POOL_HANDS: Final = 5


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``play`` command to the command line's sub-parsers."""
    p = sub.add_parser("play", parents=[common], help="play a game in the terminal",
                       description="Play a game: with --human, that seat is you and is prompted "
                                   "with its legal actions numbered; the others are bots. "
                                   "Without --human, bots play and the log is printed.")
    add_variant_argument(p, optional=True)
    p.add_argument("--players", "-p", type=int, default=None, metavar="N",
                   help="number of players (default: the variant's usual table, "
                        "Table.usual_players: 4 in every preset)")
    p.add_argument("-n", dest="players", type=int, action=_Deprecated, metavar="N",
                   help=argparse.SUPPRESS, default=argparse.SUPPRESS)  # the old spelling
    p.add_argument("--seed", "-s", type=seed_text, default=None, metavar="S",
                   help="seed for the shuffles and the bots: an integer or any text "
                        "(default: random)")
    p.add_argument("--human", type=_seat, default=None, metavar="SEAT",
                   help="your seat, 0 to N-1, clockwise; P0 deals the first hand (in Maw the "
                        "first dealer is the seat dealt the first Jack face up), eldest hand "
                        "on the dealer's left leads (in a bidding game eldest speaks first "
                        "in the auction), and the deal passes to the left; with --resume, "
                        "the seat saved in FILE unless given ('none': the bots play every "
                        "seat)")
    p.add_argument("--deals", dest="hands", type=int, default=None, metavar="K",
                   help="stop after K deals, or hands (default: a points or bidding game is "
                        "played to its end, a pool game, which has no end, for "
                        f"{POOL_HANDS} deals; bots alone stop a bidding game without lose_at "
                        f"or sets_to_lose after {UNBOUNDED_HANDS:,} deals)")
    p.add_argument("--hands", dest="hands", type=int, action=_Deprecated, metavar="K",
                   help=argparse.SUPPRESS, default=argparse.SUPPRESS)  # the old spelling
    p.add_argument("--bots", default="thumb", metavar="BOT",
                   help="the other seats' players: " + _bots.bot_help() + "; thumb claims, "
                        "robs and plays its lowest winning card, and in a bidding game bids "
                        "what its hand is worth (default: thumb)")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="write the whole game's record (JSON) to FILE when the game ends, or "
                        "when you leave it, with your seat: 'trumpfamily play --resume FILE' "
                        "continues it, 'trumpfamily replay FILE' replays it; FILE is checked "
                        "before the game")
    p.add_argument("--resume", metavar="FILE", default=None,
                   help="continue the game saved in FILE by --save ('-' for standard input); "
                        "its rules, players, seed, hand limit and your seat come from FILE, "
                        "so VARIANT, --players, --seed, --deals and --option are left out "
                        "(--human gives another seat, or none); the game is saved back to "
                        "FILE as it goes on, unless --save names another file")
    p.add_argument("--hint-budget", type=budget_value, default=None, metavar="B",
                   help="the budget of 'hint' at the prompt: worlds sampled from your view "
                        f"(default: {HINT_BUDGET}; more is slower and surer)")
    p.add_argument("--hint-milliseconds", type=milliseconds_value,
                   default=HINT_MILLISECONDS, metavar="MS",
                   help="stop the hint's sampling after MS milliseconds, at least one world "
                        f"searched (default: {HINT_MILLISECONDS:g}; 'none': no time limit, "
                        "the same hint on every machine)")
    add_option_argument(p)
    p.set_defaults(func=run)



class _Deprecated(argparse.Action):
    """An old spelling of an option (``-n`` for ``--players``, ``--hands`` for
    ``--deals``): stores the value as the new one does, and keeps a note for
    :func:`run` to print on standard error."""

    _NEW: Final = {"-n": ("--players N (or -p N)", ("-n is the number of deals in "
                          "'trumpfamily tournament', and will be here too")),
                   "--hands": ("--deals K", "as in 'trumpfamily tournament'")}

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        new, why = self._NEW.get(option_string or "", ("", ""))
        notes = list(getattr(namespace, "deprecated", []))
        notes.append(f"{option_string} is deprecated: write {new} ({why})")
        namespace.deprecated = notes


#: ``--human none``: the bots play every seat, whatever a saved game says.
NOBODY: Final = "none"


def _seat(text: str) -> int | str:
    """``--human``: a seat number, or ``none`` (:data:`NOBODY`)."""
    if text.strip().lower() == NOBODY:
        return NOBODY
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a seat number or 'none', got {text!r}") from None


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play the game ``args`` describe, printing it to ``out``; returns the exit status.

    Raises:
        CommandError: bad arguments (exit 2); a ``--resume`` file that is not a game
            record, does not verify or holds a finished game (exit 1); standard input
            ending before the game when it is not a terminal (exit 1; with ``--save`` the
            game so far is saved first). Leaving the game (``quit``, or the end of input
            at a terminal) is no error: exit 0, the game saved with ``--save``.
    """
    for text in getattr(args, "deprecated", ()):
        note("play", text)
    if ((args.variant is not None and maija.is_maija_game(args.variant))
            or (args.resume is not None and maija.is_maija_save(args.resume))):
        return maija.play(args, out)  # the beating games (MAIJA.md): their own loop
    style = Style.for_stream(out, args.color)
    if args.resume is not None:
        state, saved_human = _resumed(args)
    else:
        state, saved_human = _started(args), None
    if args.resume not in (None, "-") and args.save is None:
        args.save = args.resume  # a resumed game is saved where it came from
    human = _human(args, state, saved_human)
    if human is not None and sys.stdin is None:  # started with ``<&-``: nothing to read
        raise CommandError(f"{STDIN} is closed", EXIT_FAILURE)
    if args.save is not None:
        check_writable("--save", args.save)
    bots = _made_bots(args.bots, state)
    if args.resume is None:  # every argument is checked: now the notes
        note_unused_options("play", state.variant, args.option, state.players)
    fallback = _bots.fallback_notes([(args.bots, bots[0])], state.variant)
    for text in fallback:  # said once here, instead of the bots' raw warnings
        note("play", text)
    session = Session(state, bots, Narrator.for_game(state, seat=human, style=style),
                      Prompt(style, out, sys.stdin, hint_budget=args.hint_budget,
                             hint_seed=state.seed, hint_milliseconds=args.hint_milliseconds)
                      if human is not None else None,
                      human, out)
    who = f"you are P{human}" if human is not None else f"{args.bots} bots"
    session.say(game_header(state, note=who, style=style))
    first: Sequence[AnyEvent] = state.events
    if args.resume is not None:
        session.say(_resumed_line(state, args.resume, session.narrator))
        first = hand_so_far(state)
    try:
        with warnings.catch_warnings():
            if fallback:
                _bots.ignore_fallback_warnings()
            session.play(first)
    except (Abandoned, KeyboardInterrupt) as stop:
        if args.save is not None:
            write_json(args.save, save_data(session.state, human))
        if isinstance(stop, KeyboardInterrupt):
            raise
        if stop.left:  # the person chose to leave: no error
            session.say([_left_line(args.save)])
            return EXIT_OK
        saved = (f"; the game so far is saved in {args.save} ('{PROG} play --resume "
                 f"{args.save}' continues it)" if args.save is not None else "")
        raise CommandError(f"{stop}{saved}", EXIT_FAILURE, label="game abandoned") from None
    if args.save is not None:
        write_json(args.save, save_data(session.state, human))
    return EXIT_OK


def _left_line(save: str | None) -> str:
    """What is said when the person leaves the game."""
    if save is None:
        return ("Game left; it was not saved (with --save FILE a game you leave is kept, "
                f"and '{PROG} play --resume FILE' continues it).")
    return f"Game left and saved to {save}: '{PROG} play --resume {save}' continues it."


def _human(args: argparse.Namespace, state: GameState, saved: int | None) -> int | None:
    """The human's seat: ``--human`` (``none``: nobody), else the seat saved in the
    resumed game."""
    given = args.human
    if given is None:
        return saved
    if not isinstance(given, int):  # --human none
        return None
    if not 0 <= given < state.players:
        raise CommandError(f"--human {given} is not a seat: seats are 0 to {state.players - 1}")
    return given


def _made_bots(spec: str, state: GameState) -> list[Player]:
    """One bot of ``spec`` per seat (:func:`trumpfamily.tournament.bot_factory`), made
    before the game starts so that a bad one stops it at once."""
    try:
        return _bots.made(spec, state.seed, state.players)
    except InvalidArgumentError as error:
        message = str(error).removeprefix(f"bot {_bots.canonical(spec)!r}: ")
        raise CommandError(f"--bots {spec}: {message}") from None
    except TypeError as error:  # the bot's class refused its arguments
        raise CommandError(f"--bots {spec}: making the bot failed ({error})") from None


def _started(args: argparse.Namespace) -> GameState:
    """A new game from the arguments, checked before anything is printed."""
    if args.variant is None:
        raise CommandError("the following arguments are required: VARIANT (or --resume FILE)")
    variant = variant_from(args.variant, args.option)
    players = args.players if args.players is not None else variant.table.usual_players
    variant.table.side_count(players)  # PlayerCountError names the allowed counts
    if args.hands is not None and args.hands < 1:
        raise CommandError(f"--deals {args.hands}: play at least one deal")
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
    elif unbounded and args.human in (None, NOBODY):
        limit = UNBOUNDED_HANDS
    else:
        limit = None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    return new_game(variant, players=players, seed=seed, hands=limit)


#: The arguments a resumed game takes from its record, and how they are written.
_FROM_RECORD: Final = (("variant", "VARIANT"), ("players", "--players"), ("seed", "--seed"),
                       ("hands", "--deals"), ("option", "--option"))


def _resumed(args: argparse.Namespace) -> tuple[GameState, int | None]:
    """The game saved in ``args.resume``, rebuilt by
    :func:`~trumpfamily.records.replay_game`, and the human seat saved with it."""
    given = [flag for name, flag in _FROM_RECORD if getattr(args, name) not in (None, [])]
    path = args.resume
    if given:
        raise CommandError(f"--resume takes the rules, players, seed and hand limit from "
                           f"{where(path)}: leave out {', '.join(given)}")
    if path == "-" and args.human not in (None, NOBODY):
        raise CommandError(f"--resume - reads the game from {STDIN}, which --human needs for "
                           "your answers: save the game to a file")
    data: Any = read_json(path, "a game record")
    name = where(path)
    if not isinstance(data, dict) or data.get("kind") != "game":
        hand = isinstance(data, list) or (isinstance(data, dict) and "actions" in data)
        hint = (" but hand records: only a game saved by 'trumpfamily play --save' can be "
                "resumed" if hand else "")
        raise CommandError(f"{name} is not a game record{hint}", EXIT_FAILURE)
    record, humans = split_save(data, name)
    try:
        state = replay_game(record)
    except ReplayError as error:
        raise CommandError(f"{name} does not verify: {error}", EXIT_FAILURE) from None
    if state.is_over:
        count = len(state.outcomes)
        raise CommandError(f"{name} holds a finished game ({count} hand{'s' * (count != 1)}): "
                           f"nothing to resume; 'trumpfamily replay {path}' tells it",
                           EXIT_FAILURE)
    saved = _saved_human(humans, state, name)
    if args.human is None and saved is not None and path == "-":
        raise CommandError(f"the game on {STDIN} was played by P{saved} at the prompt, which "
                           f"needs {STDIN} for the answers: save the game to a file, or "
                           "give --human none to let the bots finish it")
    if args.human is None and humans is None:
        note("play", f"{name} does not say which seat was yours (saved by an older "
                     "version): the bots play every seat; --human SEAT plays one")
    return state, saved


def _saved_human(humans: list[int] | None, state: GameState, name: str) -> int | None:
    """The human seat saved in a game (``humans``, checked against the table)."""
    if not humans:
        return None
    bad = [seat for seat in humans if not 0 <= seat < state.players]
    if bad or len(humans) > 1:
        raise CommandError(f"{name} is not a game record: its human seats {humans} are not "
                           f"one seat of 0 to {state.players - 1}", EXIT_FAILURE)
    return humans[0]


def _resumed_line(state: GameState, path: str, narrator: Narrator) -> list[str]:
    """Where a resumed game stands: the hand, how far into it, the standings before it."""
    done = len(state.hand.actions)
    into = "at its start" if not done else f"{done} action{'s' * (done != 1)} into it"
    standings = narrator.standings(state.pool - sum(state.stakes))
    if state.variant.scoring.scoring == "pool":  # the hand's antes are told just below
        standings = f"Before this hand's antes, {standings[0].lower()}{standings[1:]}"
    return [(f"Resumed from {where(path)} at hand {state.hand_number}, {into}. "
             f"{standings}")]
