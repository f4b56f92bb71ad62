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
import math
from typing import TYPE_CHECKING, Any, TextIO

from ..errors import ReplayError
from ..narrate import Style
from ..records import replay, replay_game
from ._common import EXIT_FAILURE, EXIT_OK, CommandError, Subparsers
from ._files import read_json, split_save, where
from ._words import visible_width
from .analyse import DEFAULT_BUDGET, action_text, add_budget_arguments, say, table_lines

if TYPE_CHECKING:
    from ..search.analysis import Decision, Review

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
    p.add_argument("--tables", action="store_true",
                   help="under each decision listed, the analysis table of its position "
                        "(as 'trumpfamily analyse' prints it)")
    p.set_defaults(func=run)


def _reviews(data: Any, name: str, seat: int, budget: int | None, seed: int | str,
             milliseconds: float | None) -> list[tuple[str | None, Review]]:
    """The review of each record in ``data`` (a game record: one; a list of hand
    records: one per record, labelled ``record N``)."""
    from ..search.analysis import review

    if isinstance(data, dict) and data.get("kind") == "game":
        record, _ = split_save(data, name)  # the human seat saved by play is not replayed
        return [(None, _reviewed(review, record, name, seat, budget, seed, milliseconds))]
    records = data if isinstance(data, list) else [data]
    if not records:
        raise CommandError(f"{name} holds no hand record (an empty list)", EXIT_FAILURE)
    many = len(records) > 1
    return [(f"record {number}" if many else None,
             _reviewed(review, record, f"record {number}" if many else name, seat, budget,
                       seed, milliseconds))
            for number, record in enumerate(records, 1)]


def _reviewed(review: Any, record: Any, label: str, seat: int, budget: int | None,
              seed: int | str, milliseconds: float | None) -> Review:
    """One record reviewed; a record that does not verify, or holds no action, is exit 1."""
    if not isinstance(record, dict):
        raise CommandError(f"{label} is not a hand or game record", EXIT_FAILURE)
    try:
        if record.get("kind") == "game":
            game = replay_game(record)
            players, bidding = game.players, game.variant.bidding is not None
            actions = sum(len(deal["actions"]) for deal in record["deals"])
        else:
            hand = replay(record)
            players, actions = hand.players, len(hand.actions)
            bidding = hand.variant.bidding is not None
    except ReplayError as error:
        raise CommandError(f"{label} does not verify: {error}", EXIT_FAILURE) from None
    if not 0 <= seat < players:
        raise CommandError(f"--seat {seat} is not a seat of {label}: seats are 0 to "
                           f"{players - 1}")
    if not actions:
        raise CommandError(f"{label} holds no action: nothing to review", EXIT_FAILURE)
    if budget is None and bidding:
        raise CommandError(f"--exact is for the turn-up games; {label} is a bidding game: "
                           "give --budget B")
    result: Review = review(record, seat, budget=budget, seed=seed, milliseconds=milliseconds)
    return result


def _where(label: str | None, decision: Decision) -> str:
    """Where a decision was, as ``analyse --hand H --after N`` finds it again."""
    hand = f"{label}, " if label is not None else ""
    return f"{hand}hand {decision.hand}, after {decision.index}"


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the review of ``args.seat``'s decisions in ``args.file`` to ``out``;
    returns the exit status.

    Raises:
        CommandError: the file cannot be read, ``--seat`` is not a seat of it or
            ``--worst`` is below 1 (exit 2); it is not a record, does not verify or holds
            no action (exit 1).
    """
    from ..search.analysis import EXACT_LIMIT

    style = Style.for_stream(out, args.color)
    if args.worst is not None and args.worst < 1:
        raise CommandError(f"--worst {args.worst}: list at least one decision")
    if args.seat < 0:
        raise CommandError(f"--seat {args.seat} is not a seat: seats are 0 to N-1")
    data = read_json(args.file, "a hand or game record")
    name = where(args.file)
    budget = None if args.exact else args.budget
    reviews = _reviews(data, name, args.seat, budget, args.seed, args.milliseconds)
    first = reviews[0][1]
    unit = next((r.unit for _, r in reviews if r.unit is not None), None)
    made = [(label, d) for label, r in reviews for d in r.decisions]
    chosen = [(label, d) for label, d in made if not d.forced]
    if args.in_order:
        listed = chosen
    else:  # worst first, as Review.worst ranks them; the unanalysed last
        ranked = [(label, d) for label, r in reviews for d in r.worst()]
        ranked.sort(key=lambda item: -(item[1].loss or 0.0))  # stable: play order kept
        listed = ranked + [(label, d) for label, d in chosen if d.loss is None]
    if args.worst is not None:
        listed = listed[:args.worst]
    how = ("every deal consistent with the seat's view" if budget is None
           else f"{args.budget} worlds a decision, seed {args.seed}")
    if args.milliseconds is not None and budget is not None:
        how += f", at most {args.milliseconds:g} ms"
    title = first.variant
    shown_file = "FILE" if args.file == "-" else args.file
    lines = [style.bold(f"Review of {name} for P{args.seat}: {title}.")]
    lines.append(f"  Each decision of P{args.seat} against the best action an analysis of "
                 f"its view at the time finds ({how}); the loss is the best action's "
                 "expected result less the action taken's, in "
                 f"{unit or 'the unit of the analysis'} for P{args.seat}'s side in the hand. "
                 f"'trumpfamily analyse {shown_file} --hand H --after N' shows a position.")
    total = math.fsum(r.total_loss for _, r in reviews)
    wheres = [_where(label, d) for label, d in listed]
    width = max([len(w) for w in wheres] + [len("decision")])
    takens = [action_text(d.action, style) for _, d in listed]
    taken_width = max([visible_width(t) for t in takens] + [len("taken")])
    if listed:
        lines.append(f"  {'loss':>6}  {'decision':<{width}}  {_pad('taken', taken_width)}  "
                     "best")
    for (_, decision), place, taken in zip(listed, wheres, takens, strict=True):
        if decision.loss is None or decision.best is None:
            loss, best = "-", ("not analysed (more consistent deals than --exact searches, "
                               f"{EXACT_LIMIT:,}, or every one over the solver's budget)"
                               if budget is None else
                               "not analysed (every world over the solver's budget)")
        else:
            loss = f"{decision.loss:.2f}"
            best = action_text(decision.best, style)
            if decision.best == decision.action:
                best = "(the best)"
            elif not decision.loss:
                best = f"(as good as {best})"
        lines.append(f"  {loss:>6}  {place:<{width}}  {_pad(taken, taken_width)}  {best}")
        if args.tables and decision.analysis is not None:
            lines += table_lines(decision.analysis, style, indent=" " * 10)
    forced = len(made) - len(chosen)
    worse = sum(1 for _, d in chosen if d.loss)
    left = len(chosen) - len(listed)
    notes = [f"{worse} not the best"]
    unanalysed = sum(1 for _, d in chosen if d.loss is None)
    if unanalysed:
        notes.append(f"{unanalysed} not analysed")
    if forced:
        notes.append(f"{forced} forced (one legal action), not listed")
    if left:
        notes.append(f"{left} more not listed (--worst {args.worst})")
    lines.append(f"  Total loss: {total:.2f} {unit or ''} over {_count(len(chosen), 'decision')} "
          f"({'; '.join(notes)}).".replace("  over", " over"))
    say(out, lines)
    return EXIT_OK


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _pad(text: str, width: int) -> str:
    return text + " " * (width - visible_width(text))
