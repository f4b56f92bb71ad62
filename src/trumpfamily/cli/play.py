"""``trumpfamily play``: a game in the terminal, played by bots or by you at one seat.

A thin layer over the public API: :func:`~trumpfamily.game.new_game` and
:meth:`GameState.apply <trumpfamily.game.GameState.apply>` play the game, the bots (or
the :mod:`~trumpfamily.cli.prompt`) choose from each seat's
:meth:`~trumpfamily.game.GameState.view`, and everything printed about the game is the
:class:`~trumpfamily.narrate.Narrator`'s reading of the events each state returns (told to
your seat when you play).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from ..events import AnyEvent, HandScored
from ..game import GameState, new_game
from ..narrate import Narrator, Style, game_header
from ..players import Player, RandomPlayer, RuleOfThumbPlayer
from ..variants import Variant
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    CommandError,
    Subparsers,
    add_option_argument,
    add_variant_argument,
    variant_from,
)
from .prompt import Abandoned, Prompt

__all__ = ["POOL_HANDS", "add_parser", "run"]

#: Hands a pool game lasts unless ``--hands`` says otherwise (pool games have no end).
POOL_HANDS: Final = 5


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``play`` command to the command line's sub-parsers."""
    p = sub.add_parser("play", parents=[common], help="play a game in the terminal",
                       description="Play a game: with --human, that seat is you and is prompted "
                                   "with its legal actions numbered; the others are bots. "
                                   "Without --human, bots play and the log is printed.")
    add_variant_argument(p)
    p.add_argument("--players", "-n", type=int, default=4, metavar="N",
                   help="number of players (default: 4)")
    p.add_argument("--seed", "-s", type=int, default=None, metavar="S",
                   help="seed for the shuffles and the bots (default: random)")
    p.add_argument("--human", type=int, default=None, metavar="SEAT",
                   help="your seat, 0 to N-1, clockwise; P0 deals the first hand (in Maw the "
                        "first dealer is the seat dealt the first Jack face up), eldest hand "
                        "on the dealer's left leads, and the deal passes to the left")
    p.add_argument("--hands", type=int, default=None, metavar="K",
                   help="stop after K hands (default: a points game is played to its end, "
                        f"a pool game, which has no end, for {POOL_HANDS} hands)")
    p.add_argument("--bots", choices=("thumb", "random"), default="thumb",
                   help="the other seats' players: thumb (claims, robs, plays its lowest "
                        "winning card) or random (default: thumb)")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="write the hands' records to FILE (JSON) for 'trumpfamily replay'; "
                        "FILE is checked before the game, and a game you leave is saved "
                        "with its unfinished hand")
    add_option_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play the game ``args`` describe, printing it to ``out``; returns the exit status.

    Raises:
        CommandError: bad arguments (exit 2), or the game abandoned at the prompt (exit 1;
            with ``--save`` the hands so far are saved first).
    """
    style = Style.for_stream(out, args.color)
    variant = _checked(args)
    pool = variant.scoring.scoring == "pool"
    limit = args.hands if args.hands is not None else (POOL_HANDS if pool else None)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    state = new_game(variant, players=args.players, seed=seed, hands=limit)
    bots: list[Player] = [
        RuleOfThumbPlayer() if args.bots == "thumb" else RandomPlayer(seed=seed * 100 + seat)
        for seat in range(args.players)]
    human = args.human
    session = _Session(state, bots, Narrator(variant, args.players, seat=human, style=style),
                       Prompt(style, out, sys.stdin) if human is not None else None, human, out)
    note = f"you are P{human}" if human is not None else f"{args.bots} bots"
    session.say(game_header(state, note=note, style=style))
    try:
        session.play()
    except (Abandoned, KeyboardInterrupt) as stop:
        session.keep_unfinished()
        saved = _save(args.save, session.records)
        if isinstance(stop, KeyboardInterrupt):
            raise
        note = f"; {saved} saved to {args.save} (the last one unfinished)" if saved else ""
        raise CommandError(f"{stop}{note}", EXIT_FAILURE, label="game abandoned") from None
    _save(args.save, session.records)
    return EXIT_OK


def _checked(args: argparse.Namespace) -> Variant:
    """The variant, once every argument is checked (before anything is printed)."""
    variant = variant_from(args.variant, args.option)
    players, human = args.players, args.human
    variant.table.side_count(players)  # PlayerCountError names the allowed counts
    if human is not None and not 0 <= human < players:
        raise CommandError(f"--human {human} is not a seat: seats are 0 to {players - 1}")
    if human is not None and sys.stdin is None:  # started with ``<&-``: nothing to read
        raise CommandError("standard input is closed", EXIT_FAILURE)
    if args.hands is not None and args.hands < 1:
        raise CommandError(f"--hands {args.hands}: play at least one hand")
    if args.save is not None:
        _check_writable(args.save)
    return variant


class _Session:
    """A game being played: the state, the players, the narration and the records."""

    def __init__(self, state: GameState, bots: Sequence[Player], narrator: Narrator,
                 prompt: Prompt | None, human: int | None, out: TextIO) -> None:
        self.state, self.bots, self.narrator = state, bots, narrator
        self.prompt, self.human, self.out = prompt, human, out
        self.records: list[dict[str, object]] = []

    def say(self, lines: Sequence[str]) -> None:
        """Print ``lines``."""
        for line in lines:
            print(line, file=self.out)

    def tell(self, events: Sequence[AnyEvent]) -> None:
        """Print what ``events`` say."""
        self.say(self.narrator.lines(events))

    def play(self) -> None:
        """Play to the end of the game (raises :class:`Abandoned` if the human leaves)."""
        self.tell(self.state.events)
        while not self.state.is_over:
            self.step()

    def step(self) -> None:
        """One action by the seat to act; a finished hand's record is kept."""
        state = self.state
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        if seat == self.human and self.prompt is not None:
            action = self.prompt.ask(state.hand, view)
        else:
            action = self.bots[seat].choose(view)
        self.state = state.apply(action, seat)
        finished = self.state.last_hand
        if finished is not None and any(isinstance(e, HandScored) for e in self.state.events):
            self.records.append(finished.record())
        self.tell(self.state.events)

    def keep_unfinished(self) -> None:
        """Keep the record of the hand in progress, as far as it went."""
        if not self.state.is_over and not self.state.hand.is_over:
            self.records.append(self.state.hand.record())


def _check_writable(path: str) -> None:
    """Refuse ``--save FILE`` before the game when FILE cannot be written (exit 2)."""
    if os.path.isdir(path):
        raise CommandError(f"--save {path}: is a directory")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise CommandError(f"--save {path}: the file cannot be written (permission denied)")
    elif not os.path.isdir(folder):
        raise CommandError(f"--save {path}: no such folder: {folder}")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise CommandError(f"--save {path}: the folder {folder} cannot be written "
                           "(permission denied)")


def _save(path: str | None, records: list[dict[str, object]]) -> str:
    """Write ``records`` to ``path`` (JSON); returns "N hand records" ("" when not saving)."""
    if path is None:
        return ""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(records, handle, indent=1)
            handle.write("\n")
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}",
                           EXIT_FAILURE) from None
    s = "" if len(records) == 1 else "s"
    return f"{len(records)} hand record{s}"
