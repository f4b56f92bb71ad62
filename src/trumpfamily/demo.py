"""The demo: whole games of every preset, played by bots through the public API.

``python -m trumpfamily`` (or ``trumpfamily demo``) plays what :func:`main` plays. Each
preset plays a :class:`~trumpfamily.game.Game` from a seeded shuffle: :data:`POOL_HANDS`
(3) hands of a pool game (antes, robbing, claims and jinks, spoils carried forward), or a
points game to its target (at most :data:`MAX_POINTS_HANDS`, 40, hands). Seat 0 is a
:class:`~trumpfamily.players.RuleOfThumbPlayer`, the others
:class:`~trumpfamily.players.RandomPlayer` s; every trick, robbing decision and payout is
printed. The options are ``--seed S`` (default 2026; preset number ``i`` plays with seed
``S + i``) and ``--players N`` (default 4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .engine import HandState
from .game import Game
from .players import Player, RandomPlayer, RuleOfThumbPlayer
from .variants import Variant

__all__ = ["main", "play_game"]

#: Hands played in a pool game (3): pool games never end by themselves.
POOL_HANDS = 3
#: The most hands a points game is played for (40), a safety cap: games end well before.
MAX_POINTS_HANDS = 40


def _describe_hand(hand: HandState, game: Game, out: Callable[[str], None]) -> None:
    outcome = hand.outcome
    assert outcome is not None
    out(f"  Hand {len(game.outcomes)}: P{hand.dealer} deals; turn-up {hand.turn_up}, "
        f"{hand.trump.name.lower()} are trumps")
    if hand.fived:
        out(f"    fived: {' '.join(map(str, hand.fived))} set aside")
    if hand.robbed_by is not None:
        out(f"    P{hand.robbed_by} robs the turn-up (discarding face down)")
    elif hand.announced is not None:
        out(f"    P{hand.announced} announces the Ace of trumps without robbing")
    if hand.demoted is not None:
        out(f"    {hand.demoted} was not robbed: it ranks as the lowest trump this hand")
    for barred in hand.barred:
        out(f"    P{barred.seat} is barred from the pool: {barred.reason}")
    for number, trick in enumerate(hand.tricks, 1):
        played = "  ".join(f"P{seat}:{card}" for seat, card in zip(trick.seats, trick.cards))
        out(f"    trick {number}: {played}  -> P{trick.winner}")
    counts = ", ".join(f"P{s} {n}" for s, n in enumerate(outcome.tricks))
    out(f"    tricks: {counts}")
    if outcome.scoring == "pool":
        if outcome.spoil:
            what = "a failed jink spoils the hand" if outcome.jink_tried else "spoil: the pool carries"
        else:
            seats = " and ".join(f"P{s}" for s in outcome.winner_seats)
            what = f"{seats} take{'s' if len(outcome.winner_seats) == 1 else ''} the pool"
            if outcome.claimed:
                what += " (claimed after three tricks)"
            if outcome.jink_succeeded:
                what += " with a successful jink"
        after = "" if game.is_over else " after the next deal's antes"
        out(f"    {what}; chips {list(game.chips)}, pool {game.pool}{after}")
    else:
        assert outcome.side_points is not None
        bonus = ""
        if outcome.best_trump is not None and outcome.best_trump_trick is not None:
            bonus = f" (best trump {outcome.best_trump} in trick {outcome.best_trump_trick + 1})"
        out(f"    points this hand {list(outcome.side_points)}{bonus}; scores {list(game.scores)}")


def play_game(variant: Variant, *, players: int, seed: int,
              out: Callable[[str], None] = print) -> Game:
    """Play and print one game of ``variant`` with bots.

    Args:
        variant: the rules.
        players: the number of seats.
        seed: seeds the shuffles and the bots.
        out: where each line goes.

    Returns:
        The finished :class:`Game` (:data:`POOL_HANDS` hands of a pool game; a points
        game played to its target, at most :data:`MAX_POINTS_HANDS` hands).
    """
    pool = variant.scoring.scoring == "pool"
    game = Game(variant, players=players, seed=seed, hands=POOL_HANDS if pool else MAX_POINTS_HANDS)
    bots: Sequence[Player] = [RuleOfThumbPlayer()] + [RandomPlayer(seed + s) for s in range(1, players)]
    out(f"{variant.name}: {players} players, first dealer P{game.dealer}")
    while not game.is_over:
        finished = len(game.outcomes)
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
        if len(game.outcomes) > finished and game.last_hand is not None:
            _describe_hand(game.last_hand, game, out)
    if game.winner is not None:
        sides = game.sides[game.winner]
        out(f"  Game over: {' and '.join(f'P{s}' for s in sides)} win{'s' if len(sides) == 1 else ''} "
            f"with {game.scores[game.winner]} points")
    out("")
    return game


def main(argv: list[str] | None = None) -> int:
    """Run the demo: the command line's ``trumpfamily demo`` with ``argv`` (default: the
    command line), i.e. ``--seed S`` (default 2026) and ``--players N`` (default 4); a
    preset that is not played by N players is skipped with a note.

    Returns:
        The exit status: 0, or 2 for bad arguments (a one-line message on stderr).
    """
    import sys

    from .cli import main as cli_main  # the command line imports this module

    return cli_main(["demo", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    raise SystemExit(main())
