"""``trumpfamily review``: each decision of one seat in a saved game or hand, against the
best action an analysis from that seat's view finds (:func:`trumpfamily.search.analysis.review`).

The file is read as ``trumpfamily replay`` reads it (:mod:`trumpfamily.cli.replay`): a
game record (``trumpfamily play --save``, :meth:`GameState.record
<trumpfamily.game.GameState.record>`), a hand record (:meth:`HandState.record
<trumpfamily.engine.HandState.record>`) or a list of hand records, each verified under
the rules first. Every decision of ``--seat N`` with more than one legal action is
analysed from that seat's view at the time (what it could see, never the other hands the
record holds) and its expected loss is the best action's mean less the mean of the
action taken (0 when it took the best), in the unit of the analysis (chips, points or
score change, for its side, to the end of the hand). The decisions are listed worst
first (``--in-order``: in the order they were made), ``--worst K`` keeps the K worst,
and a total closes the list. ``--budget`` and ``--seed`` are the analysis's: the same
record, seat, budget and seed give the same review.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ..errors import ReplayError
from ..narrate import Style, variant_title
from ..records import replay, replay_game
from ._common import EXIT_FAILURE, EXIT_OK, CommandError, Subparsers
from ._files import read_json, split_save, where
from .analyse import DEFAULT_BUDGET, action_text, add_budget_arguments

__all__ = ["add_parser", "run"]


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``review`` command to the command line's sub-parsers."""
    p = sub.add_parser(
        "review", parents=[common], help="each decision of a seat against the best one",
        description="Review a seat's decisions in a saved game or hand (as 'trumpfamily "
                    "replay' reads it): each decision against the best action an analysis "
                    "from that seat's view finds, with its expected loss, the worst first, "
                    "and the total.",
        epilog="Example: trumpfamily review game.json --seat 1 --worst 5")
    p.add_argument("file", metavar="FILE",
                   help="the record, a JSON file ('-' for standard input)")
    p.add_argument("--seat", type=int, required=True, metavar="N",
                   help="the seat whose decisions are reviewed, 0 to N-1")
    add_budget_arguments(p, DEFAULT_BUDGET)
    p.add_argument("--worst", type=int, default=None, metavar="K",
                   help="list only the K worst decisions (default: every decision); the "
                        "total is still over every decision")
    p.add_argument("--in-order", action="store_true",
                   help="list the decisions in the order they were made, not worst first")
    p.set_defaults(func=run)


def _hand_records(data: Any, name: str) -> tuple[list[tuple[str, Any]], str]:
    """The hands of the record to review (their label and record), and the variant's
    title; each verified."""
    if isinstance(data, dict) and data.get("kind") == "game":
        record, _ = split_save(data, name)
        try:
            state = replay_game(record)
        except ReplayError as error:
            raise CommandError(f"{name} does not verify: {error}", EXIT_FAILURE) from None
        return [("game", state)], variant_title(state.variant)
    records = data if isinstance(data, list) else [data]
    if not records:
        raise CommandError(f"{name} holds no hand record (an empty list)", EXIT_FAILURE)
    hands = []
    for number, record in enumerate(records, 1):
        label = f"record {number}" if len(records) > 1 else name
        try:
            hands.append((label, replay(record)))
        except ReplayError as error:
            raise CommandError(f"{label} does not verify: {error}", EXIT_FAILURE) from None
    return hands, variant_title(hands[0][1].variant)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the review of ``args.seat``'s decisions in ``args.file`` to ``out``;
    returns the exit status.

    Raises:
        CommandError: the file cannot be read, ``--seat`` is not a seat of it or
            ``--worst`` is below 1 (exit 2); it is not a record or does not verify
            (exit 1).
    """
    from ..search.analysis import review

    style = Style.for_stream(out, args.color)
    if args.worst is not None and args.worst < 1:
        raise CommandError(f"--worst {args.worst}: list at least one decision")
    data = read_json(args.file, "a hand or game record")
    name = where(args.file)
    hands, title = _hand_records(data, name)
    players = hands[0][1].players
    if not 0 <= args.seat < players:
        raise CommandError(f"--seat {args.seat} is not a seat of {name}: seats are 0 to "
                           f"{players - 1}")
    rows: list[tuple[str, Any]] = []
    unit = ""
    for label, played in hands:
        result = review(played, args.seat, budget=args.budget, seed=args.seed)
        unit = result.unit
        rows += [(label, decision) for decision in result.decisions]
    total = sum(decision.loss for _, decision in rows)
    print(style.bold(f"Review of {name} for P{args.seat}: {title}"), file=out)
    print(f"  Losses: {unit} for P{args.seat}'s side, the best action's expected result "
          f"less that of the action taken; budget {args.budget}, seed {args.seed}.",
          file=out)
    listed = rows if args.in_order else sorted(rows, key=lambda r: -r[1].loss)
    if args.worst is not None:
        listed = listed[:args.worst]
    for label, decision in listed:
        took = action_text(decision.action, style)
        best = action_text(decision.best, style)
        where_ = f"hand {decision.hand}, action {decision.index + 1}"
        verdict = "best" if decision.loss == 0 else f"best {best}"
        print(f"  {decision.loss:6.2f}  {where_:<20}  {took:<12}  {verdict}", file=out)
    lost = sum(1 for _, decision in rows if decision.loss > 0)
    print(f"  Total: {total:.2f} {unit} over {len(rows)} decision{'s' * (len(rows) != 1)}; "
          f"{lost} not the best.", file=out)
    return EXIT_OK
