"""``trumpfamily analyse``: the value of every legal action of a position, from the view
of the seat to act (:func:`trumpfamily.search.analysis.analyse`).

The position is given as text, in one of two forms:

* a seat's view as JSON (:func:`trumpfamily.jsonio.to_json` of a
  :class:`~trumpfamily.outcomes.SeatView` or :class:`~trumpfamily.outcomes.BiddingView`,
  as a game server sends it to its seat, :doc:`protocol`): what that seat may see, and
  nothing else;
* a record cut (a hand or game record, as ``trumpfamily replay`` reads them):
  ``--after N`` stops the hand after its first N actions (default: where the record
  stops, when it stops before the end of the hand), ``--hand H`` picks the hand of a game
  record (default: its last) or of a list of hand records; the position is then read
  from the view of the seat to act (``--seat N`` checks that it is that seat), so the
  analysis sees only what that seat saw, whatever else the record holds.

The table lists each legal action, best first: its expected result for the seat's side
(chips, points or score change: the unit is said), the 95 % interval of that mean, the
worlds (deals of the unseen cards consistent with the view) behind it, and in a pool
game the chance of taking the pool. ``--budget`` sets the search budget (worlds) and
``--seed`` the seed: the same position, budget and seed give the same table
(``--milliseconds`` adds a time limit, which depends on the machine; ``--exact``
searches every consistent deal instead, late in a hand).
The prompt's ``hint`` (:mod:`trumpfamily.cli.prompt`) and ``trumpfamily review``
(:mod:`trumpfamily.cli.review`) print the same rows (:func:`table_lines`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO

from ..demo import seed_text
from ..errors import DecodeError, ReplayError
from ..game import AnyHand, GameState
from ..narrate import Style, variant_title
from ..outcomes import AnyView, BiddingView

if TYPE_CHECKING:
    from ..search.analysis import Analysis
from ..records import replay, replay_game
from ._common import EXIT_FAILURE, EXIT_OK, CommandError, Subparsers
from ._files import read_json, split_save, where
from ._words import shown_cards, terminal_width, visible_width, wrap_all

__all__ = ["DEFAULT_BUDGET", "Position", "add_parser", "budget_value", "milliseconds_value", "position_from", "run", "table_lines"]

#: The budget of ``trumpfamily analyse`` and ``trumpfamily review`` unless ``--budget``
#: says otherwise: worlds, the analysis's own default
#: (:data:`trumpfamily.search.analysis.DEFAULT_BUDGET`).
DEFAULT_BUDGET: Final = 8


def add_parser(sub: Subparsers, common: argparse.ArgumentParser) -> None:
    """Add the ``analyse`` command to the command line's sub-parsers."""
    p = sub.add_parser(
        "analyse", aliases=["analyze"], parents=[common],
        help="the value of every legal action of a position",
        description="Analyse a position from the view of the seat to act: each legal action, "
                    "best first, with its expected result for the seat's side (chips, points "
                    "or score change), its 95 % interval, the worlds behind it and, in a "
                    "pool game, the chance of taking the pool. The "
                    "position is a seat's view as JSON (trumpfamily.to_json(view), as a "
                    "game server sends it), or a record cut with --after N.",
        epilog="Example: trumpfamily analyse game.json --hand 2 --after 5")
    p.add_argument("file", metavar="FILE",
                   help="a seat's view (JSON), or a hand or game record ('-' for standard "
                        "input)")
    p.add_argument("--after", type=int, default=None, metavar="N",
                   help="a record cut: the position after the first N actions of the hand "
                        "(default: where the record stops)")
    p.add_argument("--hand", type=int, default=None, metavar="H",
                   help="the hand of a game record or of a list of hand records, from 1 "
                        "(default: the last)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="the seat to analyse for: it must be the seat to act (default: the "
                        "seat to act)")
    add_budget_arguments(p, DEFAULT_BUDGET)
    p.set_defaults(func=run)


def add_budget_arguments(p: argparse.ArgumentParser, default: int) -> None:
    """``--budget`` and ``--seed``, shared with ``trumpfamily review``."""
    p.add_argument("--budget", "-b", type=budget_value, default=default, metavar="B",
                   help=f"the search budget: worlds sampled per decision (default: {default}; "
                        "more is slower and surer)")
    p.add_argument("--seed", "-s", type=seed_text, default=0, metavar="S",
                   help="the seed of the search: an integer or any text (default: 0); the "
                        "same position, budget and seed give the same values")
    p.add_argument("--milliseconds", type=milliseconds_value, default=None, metavar="MS",
                   help="also stop each analysis after MS milliseconds (at least one world "
                        "is searched); the values then depend on the machine (default: no "
                        "time limit, the same values everywhere)")
    p.add_argument("--exact", action="store_true",
                   help="search every deal consistent with the view instead of a budget "
                        "(turn-up games, late in a hand: at most 2,000 deals)")


def check_exact(view: AnyView, label: str) -> None:
    """``--exact`` fits the position: a turn-up game's view with at most
    :data:`~trumpfamily.search.analysis.EXACT_LIMIT` consistent deals.

    Raises:
        CommandError: a bidding game's view, or more deals (exit 2).
    """
    from ..search import count_deals
    from ..search.analysis import EXACT_LIMIT

    if isinstance(view, BiddingView):
        raise CommandError(f"--exact is for the turn-up games; {label} is a bidding game: "
                           "give --budget B")
    deals = count_deals(view)
    if deals > EXACT_LIMIT:
        raise CommandError(f"--exact: {label} has {deals:,} deals consistent with "
                           f"P{view.seat}'s view, more than the {EXACT_LIMIT:,} it searches "
                           "(late in a hand there are fewer): give --budget B")


def budget_value(text: str) -> int:
    """A budget as typed (``--budget``, ``play --hint-budget``): a whole number of at
    least 1.

    Raises:
        argparse.ArgumentTypeError: not a whole number, or below 1.
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"the budget is at least 1, got {value}")
    return value


def milliseconds_value(text: str) -> float | None:
    """A time budget as typed (``--milliseconds``, ``play --hint-milliseconds``): a
    positive number of milliseconds, or ``none`` for no time limit.

    Raises:
        argparse.ArgumentTypeError: not a number above 0, nor ``none``.

    >>> milliseconds_value("250"), milliseconds_value("none")
    (250.0, None)
    """
    if text.strip().lower() == "none":
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of milliseconds or 'none', got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"a time limit is above 0 milliseconds, got {text}")
    return value


# -- the position ---------------------------------------------------------------------

class Position:
    """A position read from a file: the view of the seat to act, and where it came from.

    Args:
        view: the seat's view (its turn to act).
        label: where it is, for the heading (``"game.json, hand 2 after 5 actions"``).
        title: the variant's title.
    """

    def __init__(self, view: AnyView, label: str, title: str) -> None:
        self.view, self.label, self.title = view, label, title


def _hands_of(data: Any, name: str, hand: int | None) -> tuple[AnyHand, AnyHand, str, Any]:
    """The hand ``hand`` of a record (the deal and the hand as recorded), its label, and
    for a game record the game state at the start of that hand (else ``None``)."""
    if isinstance(data, dict) and data.get("kind") == "game":
        record, _ = split_save(data, name)
        record = {k: v for k, v in record.items() if k != "mac"}
        try:
            replay_game(record)  # the whole record verified first
        except ReplayError as error:
            raise CommandError(f"{name} does not verify: {error}", EXIT_FAILURE) from None
        deals: list[Any] = record["deals"]
        number = _checked_hand(hand, len(deals), name, "hands")
        try:
            final = replay_game({**record, "deals": deals[:number]})
            start = replay_game({**record, "deals": [
                *deals[:number - 1], {**deals[number - 1], "actions": []}]})
        except ReplayError as error:
            raise CommandError(f"{name} does not verify: {error}", EXIT_FAILURE) from None
        played = final.hand if final.hand_number == number else final.last_hand
        assert played is not None
        return start.hand, played, f"{name}, hand {number}", start
    records = data if isinstance(data, list) else [data]
    if not records:
        raise CommandError(f"{name} holds no hand record (an empty list)", EXIT_FAILURE)
    number = _checked_hand(hand, len(records), name, "hand records")
    record = records[number - 1]
    label = name if len(records) == 1 else f"{name}, record {number}"
    if isinstance(record, dict):
        record = {k: v for k, v in record.items() if k != "mac"}
    try:
        final_hand = replay(record)
        start_hand = replay({**record, "actions": []})
    except (ReplayError, TypeError) as error:
        raise CommandError(f"{label} does not verify: {error}", EXIT_FAILURE) from None
    return start_hand, final_hand, label, None


def _checked_hand(hand: int | None, count: int, name: str, what: str) -> int:
    if count == 0:
        raise CommandError(f"{name} holds no hand", EXIT_FAILURE)
    if hand is None:
        return count
    if not 1 <= hand <= count:
        raise CommandError(f"--hand {hand}: {name} holds {count} {what} (1 to {count})")
    return hand


def position_from(path: str, *, after: int | None = None, hand: int | None = None,
                  seat: int | None = None) -> Position:
    """The position in the file ``path``: a seat's view (JSON), or a record cut.

    Args:
        path: the file (``-``: standard input).
        after: for a record, the actions of the hand played (``None``: all recorded).
        hand: for a game record or a list of hand records, the hand, from 1 (``None``:
            the last).
        seat: the seat to act, checked (``None``: whoever is to act).

    Returns:
        The :class:`Position`.

    Raises:
        CommandError: the file cannot be read, or ``after``, ``hand`` or ``seat`` do not
            fit it (exit 2); it is neither a view nor a record, does not verify, or the
            hand is over there (exit 1).
    """
    data = read_json(path, "a seat's view or a hand or game record")
    name = where(path)
    if isinstance(data, dict) and data.get("type") in ("SeatView", "BiddingView"):
        if after is not None or hand is not None:
            raise CommandError(f"{name} holds a seat's view, one position: --after and "
                               "--hand cut records")
        return _view_position(data, name, seat)
    start, played, label, game = _hands_of(data, name, hand)
    total = len(played.actions)
    count = total if after is None else after
    if not 0 <= count <= total:
        raise CommandError(f"--after {after}: {label} holds {total} action"
                           f"{'s' * (total != 1)} (0 to {total})")
    state: Any = game if game is not None else start
    for action in played.actions[:count]:
        state = state.apply(action)
    hand_now: AnyHand = state.hand if isinstance(state, GameState) else state
    if hand_now.is_over or count == total and played.is_over:  # (a game deals the next)
        raise CommandError(f"{label} is over after {count} action{'s' * (count != 1)}: "
                           "nothing to analyse; --after N picks an earlier position",
                           EXIT_FAILURE)
    to_act = hand_now.to_act
    assert to_act is not None
    if seat is not None and seat != to_act:
        if not 0 <= seat < hand_now.players:
            raise CommandError(f"--seat {seat} is not a seat of {label}: seats are 0 to "
                               f"{hand_now.players - 1}")
        raise CommandError(f"--seat {seat}: P{to_act} is to act in {label} after {count} "
                           f"action{'s' * (count != 1)}, not P{seat}")
    view = state.view(to_act)
    return Position(view, f"{label} after {count} action{'s' * (count != 1)}",
                    variant_title(hand_now.variant))


def _view_position(data: Any, name: str, seat: int | None) -> Position:
    from ..jsonio import from_json
    from ..outcomes import AnyView as ViewType

    try:
        view: AnyView = from_json(data, ViewType)
    except DecodeError as error:
        raise CommandError(f"{name} is not a seat's view: {error}", EXIT_FAILURE) from None
    if view.to_act != view.seat:
        to_act = "the hand is over" if view.to_act is None else f"P{view.to_act} is to act"
        raise CommandError(f"{name} is P{view.seat}'s view, but {to_act}: only the seat to "
                           "act has actions to analyse", EXIT_FAILURE)
    if seat is not None and seat != view.seat:
        raise CommandError(f"--seat {seat}: {name} is the view of P{view.seat}")
    return Position(view, name, variant_title(view.variant))


# -- the table --------------------------------------------------------------------------

def _signed(value: float) -> str:
    """A value with its sign, two decimals (``+1.25``, ``-0.50``, ``+0.00``)."""
    text = f"{value:+.2f}"
    return "+0.00" if text == "-0.00" else text


def action_text(action: Any, style: Style) -> str:
    """An action in notation, its cards as ``style`` writes them."""
    return shown_cards(str(action), style)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - visible_width(text))


def table_lines(analysis: Analysis, style: Style, *, top: int | None = None,
                indent: str = "  ") -> list[str]:
    """The rows of an analysis, best first: the action, its mean, the 95 % interval, the
    worlds and (a pool game) the chance of taking the pool.

    Args:
        analysis: an :class:`~trumpfamily.search.analysis.Analysis`.
        style: how to write the cards.
        top: the rows shown (``None``: every row); a line says how many are left out.
        indent: put before every line.

    Returns:
        A header line and one line per row, e.g. ``"  play KH   +1.25  [+0.90, +1.60]
        16  62 %"``.
    """
    rows = list(analysis.rows)
    shown = rows if top is None else rows[:top]
    chance = any(row.win_chance is not None for row in shown)
    names = [action_text(row.action, style) for row in shown]
    width = max([visible_width(n) for n in names] + [len("action")])
    intervals = [f"[{_signed(row.low)}, {_signed(row.high)}]" for row in shown]
    span = max(len(text) for text in intervals + ["95 % interval"])
    means = [_signed(row.mean) for row in shown]
    wide = max(len(text) for text in [*means, "mean"])
    lines = [f"{indent}{_pad('action', width)}  {'mean':>{wide}}  {'95 % interval':<{span}}"
             f"  worlds" + ("    win" if chance else "")]
    for name, row, mean, interval in zip(names, shown, means, intervals, strict=True):
        line = (f"{indent}{_pad(name, width)}  {mean:>{wide}}  {interval:<{span}}"
                f"  {row.worlds:>6}")
        if chance:
            line += "  " + ("    -" if row.win_chance is None else f"{row.win_chance * 100:>3.0f} %")
        lines.append(line)
    if top is not None and len(rows) > top:
        more = len(rows) - top
        lines.append(f"{indent}... and {more} more action{'s' * (more != 1)}")
    return lines


def say(out: TextIO, lines: Sequence[str]) -> None:
    """Print ``lines`` to ``out``, each wrapped on words to the terminal's width (to a
    file or a pipe: whole)."""
    for line in wrap_all(lines, terminal_width(out)):
        print(line, file=out)


def heading(analysis: Analysis, *, who: str | None = None) -> str:
    """What the numbers are: the objective in words and whose (``who``: ``"your"``;
    default the seat's, ``"P2's"``), the worlds, the budget and the seed.

    >>> from types import SimpleNamespace as Fake
    >>> heading(Fake(objective="points", unit="points", seat=1, worlds=16, budget=16, seed=0))
    "expected points for P1's side in this hand, over 16 worlds (budget 16, seed 0)"
    """
    how = ("every deal consistent with the view: exact" if analysis.budget is None
           else f"budget {analysis.budget}, seed {analysis.seed!s}")
    limit = getattr(analysis, "milliseconds", None)
    if limit is not None and analysis.budget is not None:
        how += f", at most {limit:g} ms"
    worlds = f"{analysis.worlds} world{'s' * (analysis.worlds != 1)}"
    whose = who or f"P{analysis.seat}'s"
    words = _OBJECTIVE_WORDS.get(analysis.objective, f"expected {analysis.unit}")
    return f"{words.format(whose=whose)} in this hand, over {worlds} ({how})"


#: What each objective of an analysis values, in words (``{whose}``: ``"P2's"``).
_OBJECTIVE_WORDS: Final = {
    "pool": "expected chips from the pool for {whose} side (its share times the chance "
            "of taking it)",
    "points": "expected points for {whose} side",
    "tricks": "expected tricks for {whose} side",
    "gains": "expected change to {whose} side's score",
    "margin": "expected margin of {whose} side's score change over the best other side's",
}


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the analysis of the position in ``args.file`` to ``out``; returns the exit
    status.

    Raises:
        CommandError: see :func:`position_from`.
        SearchLimitError: every world was over the solver's budget (exit 2).
    """
    from ..search.analysis import analyse

    style = Style.for_stream(out, args.color)
    position = position_from(args.file, after=args.after, hand=args.hand, seat=args.seat)
    view = position.view
    if args.exact:
        check_exact(view, position.label)
    analysis = analyse(view, budget=None if args.exact else args.budget, seed=args.seed,
                       milliseconds=args.milliseconds)
    lines = [style.bold(f"Analysis of {position.label}: {position.title}, P{view.seat} to "
                        "act."),
             f"  Values: {heading(analysis)}.",
             *table_lines(analysis, style),
             f"  Best: {action_text(analysis.best, style)}."
             + (" (The only legal action.)" if len(view.legal_actions) == 1 else "")]
    say(out, lines)
    return EXIT_OK
