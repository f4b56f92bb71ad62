"""The demo: whole games of every turn-up preset (Maw, Spoil Five, Twenty-Five,
Forty-Five), then a hand of a bidding game (Auction Forty-Fives), played by bots through
the public API.

``python -m trumpfamily`` (or ``trumpfamily demo``) plays what :func:`play_all` plays:
each preset of :data:`DEMO_VARIANTS` plays a :class:`~trumpfamily.game.Game` from a
seeded shuffle: :data:`POOL_HANDS` (3) hands of a pool game (antes, robbing, claims and
jinks, spoils carried forward), a points game to its target (at most
:data:`MAX_POINTS_HANDS`, 40, hands), or :data:`BIDDING_HANDS` (1) hand of a bidding game
(the auction, naming trumps, the discards and the draw, the play and the contract's
score). Seat 0 is a :class:`~trumpfamily.players.RuleOfThumbPlayer`, the others
:class:`~trumpfamily.players.RandomPlayer` s. What is printed is the
:class:`~trumpfamily.narrate.Narrator`'s reading of the game's events, the whole truth:
every deal, rob, trick and payout. The options are ``--seed S`` (default 2026; preset
number ``i`` plays with seed ``S + i``; a seed that is not an integer is text, and preset
``i`` from 1 then plays with ``"S+i"``) and ``--players N`` (default 4).

This module does not import the command line (the command line's ``demo`` command calls
:func:`play_all`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Final, NoReturn

from .errors import PlayerCountError
from .game import Game
from .narrate import PLAIN, Narrator, Style, game_header
from .players import Player, RandomPlayer, RuleOfThumbPlayer
from .variants import AUCTION_45, VARIANTS, Variant

__all__ = [
    "BIDDING_HANDS",
    "DEFAULT_PLAYERS",
    "DEFAULT_SEED",
    "DEMO_VARIANTS",
    "MAX_POINTS_HANDS",
    "POOL_HANDS",
    "add_arguments",
    "main",
    "offset_seed",
    "play_all",
    "play_game",
    "seed_text",
]

#: Hands played in a pool game (3): pool games never end by themselves.
POOL_HANDS: Final = 3
#: The most hands a points game is played for (40), a safety cap: games end well before.
MAX_POINTS_HANDS: Final = 40
#: Hands played of a bidding game (1): its game to 120 points would take a dozen or more.
BIDDING_HANDS: Final = 1
#: What the demo plays, in order: the four turn-up presets of
#: :data:`~trumpfamily.variants.VARIANTS`, then Auction Forty-Fives
#: (:data:`~trumpfamily.variants.AUCTION_45`) for one of the bidding games.
DEMO_VARIANTS: Final[tuple[Variant, ...]] = (*VARIANTS.values(), AUCTION_45)
#: The seed of the first preset's game (2026); preset number ``i`` plays with ``seed + i``.
DEFAULT_SEED: Final = 2026
#: Players at each table (4).
DEFAULT_PLAYERS: Final = 4


def seed_text(text: str) -> int | str:
    """A seed as typed on the command line: an integer gives an int, any other text is
    kept as a str seed (the library takes both: :func:`~trumpfamily.game.new_game`).

    Raises:
        argparse.ArgumentTypeError: the text is empty or only spaces.

    >>> from trumpfamily.demo import seed_text
    >>> seed_text("42"), seed_text("friday night")
    (42, 'friday night')
    """
    word = text.strip()
    if not word:
        raise argparse.ArgumentTypeError(f"a seed is an integer or some text, got {text!r}")
    return int(word) if re.fullmatch(r"[+-]?[0-9]+", word) else text


def offset_seed(seed: int | str, offset: int) -> int | str:
    """``seed + offset`` for an int seed, ``"seed+offset"`` for a str seed (the seed itself
    for offset 0): the seed of the ``offset``-th game or bot derived from one seed.

    >>> from trumpfamily.demo import offset_seed
    >>> offset_seed(2026, 1), offset_seed("abc", 1), offset_seed("abc", 0)
    (2027, 'abc+1', 'abc')
    """
    if isinstance(seed, int):
        return seed + offset
    return f"{seed}+{offset}" if offset else seed


def play_game(variant: Variant, *, players: int, seed: int | str,
              out: Callable[[str], None] = print, style: Style = PLAIN) -> Game:
    """Play one game of ``variant`` with bots, and tell it line by line.

    Args:
        variant: the rules.
        players: the number of seats.
        seed: seeds the shuffles and the bots (an int or a str).
        out: where each line goes.
        style: how to print cards (plain text by default).

    Returns:
        The finished :class:`~trumpfamily.game.Game` (:data:`POOL_HANDS` hands of a pool
        game; a points game played to its target, at most :data:`MAX_POINTS_HANDS` hands;
        :data:`BIDDING_HANDS` hand of a bidding game).

    Raises:
        PlayerCountError: ``players`` does not suit ``variant``.

    >>> import trumpfamily as tf
    >>> from trumpfamily.demo import play_game
    >>> lines = []
    >>> game = play_game(tf.SPOIL_FIVE, players=3, seed=1, out=lines.append)
    >>> lines[0]
    'Spoil Five: 3 players, 3 hands, seed 1; P0 plays by rule of thumb, the others at random.'
    >>> len(game.outcomes), sum(game.chips) + game.pool
    (3, 0)
    """
    hands = (BIDDING_HANDS if variant.bidding is not None
             else POOL_HANDS if variant.scoring.scoring == "pool" else MAX_POINTS_HANDS)
    game = Game(variant, players=players, seed=seed, hands=hands)
    bots: Sequence[Player] = [RuleOfThumbPlayer()] + [
        RandomPlayer(offset_seed(seed, s)) for s in range(1, players)]
    narrator = Narrator.for_game(game.state, style=style)
    note = "P0 plays by rule of thumb, the others at random"
    for line in game_header(game.state, note=note, style=style) + narrator.lines(game.state.events):
        out(line)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)), seat)
        for line in narrator.lines(game.state.events):
            out(line)
    out("")
    return game


def play_all(*, seed: int | str = DEFAULT_SEED, players: int = DEFAULT_PLAYERS,
             out: Callable[[str], None] = print, style: Style = PLAIN) -> list[Game]:
    """Play a game of every preset of :data:`DEMO_VARIANTS` that ``players`` players can
    play (:func:`play_game`): the turn-up presets, then a hand of Auction Forty-Fives.

    A preset not played by that many players is skipped, with a note first.

    Args:
        seed: preset number ``i`` (in :data:`DEMO_VARIANTS` order) plays with
            ``seed + i`` (:func:`offset_seed`), so each game does not depend on the
            others.
        players: the number of seats at each table.
        out: where each line goes.
        style: how to print cards.

    Returns:
        The finished games, in preset order.

    Raises:
        PlayerCountError: no preset is played by ``players`` players.

    >>> from trumpfamily.demo import play_all
    >>> lines = []
    >>> games = play_all(players=3, seed=5, out=lines.append)
    >>> [(game.variant.name, len(game.outcomes)) for game in games][-2:]
    [('Forty-Five', 3), ('Auction Forty-Fives', 1)]
    >>> any(line.startswith("  Auction: ") for line in lines)
    True
    """
    chosen: list[tuple[int, Variant]] = []
    skipped: list[Variant] = []
    for offset, variant in enumerate(DEMO_VARIANTS):
        try:
            variant.table.side_count(players)
        except PlayerCountError:
            skipped.append(variant)
        else:
            chosen.append((offset, variant))
    if not chosen:
        counts = ", ".join(f"{v.name} {_counts(v)}" for v in DEMO_VARIANTS)
        raise PlayerCountError(f"no preset is played by {players} "
                               f"player{'s' if players != 1 else ''} ({counts})")
    for variant in skipped:
        out(f"({variant.name} is skipped: it is for {_counts(variant)} players.)")
    if skipped:
        out("")
    return [play_game(variant, players=players, seed=offset_seed(seed, offset), out=out,
                      style=style)
            for offset, variant in chosen]


def _counts(variant: Variant) -> str:
    return f"{variant.table.min_players}-{variant.table.max_players}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the demo's options, ``--seed`` and ``--players``, to ``parser``."""
    parser.add_argument("--seed", "-s", type=seed_text, default=DEFAULT_SEED, metavar="S",
                        help="seed for the shuffles and the bots: an integer or any text "
                             f"(default: {DEFAULT_SEED})")
    parser.add_argument("--players", "-p", type=int, default=DEFAULT_PLAYERS, metavar="N",
                        help=f"players at each table (default: {DEFAULT_PLAYERS}); a preset "
                             "not played by N players is skipped")
    parser.add_argument("-n", dest="players", type=int, action=_OldPlayers, metavar="N",
                        help=argparse.SUPPRESS, default=argparse.SUPPRESS)  # the old spelling


#: The note on ``-n``, the old spelling of ``--players`` (as in ``trumpfamily play``).
OLD_N_NOTE: Final = ("-n is deprecated: write --players N (or -p N) (-n is the number of "
                     "deals in 'trumpfamily tournament')")


class _OldPlayers(argparse.Action):
    """``-n``, the old spelling of ``--players``: stores the value as ``--players`` does,
    and keeps :data:`OLD_N_NOTE` in the namespace's ``deprecated`` list, for the command
    to print on standard error."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        notes = list(getattr(namespace, "deprecated", []))
        if OLD_N_NOTE not in notes:
            notes.append(OLD_N_NOTE)
        namespace.deprecated = notes


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line on standard error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def main(argv: list[str] | None = None) -> int:
    """Run the demo with ``argv`` (default: the command line): ``--seed S`` (default 2026)
    and ``--players N`` (default 4); a preset that is not played by N players is skipped
    with a note.

    Args:
        argv: the arguments.

    Returns:
        The exit status: 0, or 2 for bad arguments (a one-line message on stderr).
    """
    parser = _Parser(prog="python -m trumpfamily.demo",
                     description="Watch bots play a game of every turn-up preset, then a "
                                 "hand of Auction Forty-Fives.")
    add_arguments(parser)
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as stop:  # --help, or a usage error already printed
        return stop.code if isinstance(stop.code, int) else 2
    for text in getattr(args, "deprecated", ()):
        print(f"{parser.prog}: note: {text}", file=sys.stderr)
    try:
        play_all(seed=args.seed, players=args.players)
        sys.stdout.flush()
    except PlayerCountError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (e.g. '| head'): stop quietly
        _silence_stdout()
        return 1
    except OSError as error:  # standard output cannot be written (a full disk)
        _silence_stdout()
        print(f"{parser.prog}: error: cannot write to standard output: "
              f"{error.strerror or error}", file=sys.stderr)
        return 1
    return 0


def _silence_stdout() -> None:
    """Send what is left in standard output's buffer to the null device, so that the
    interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
