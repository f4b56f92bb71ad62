"""Duplicate tournaments of the Maija games (MAIJA.md §S): the Maija path of
:func:`trumpfamily.tournament`, which calls :func:`maija_tournament` when its variant is a
:class:`~trumpfamily.maija.MaijaVariant` or a Maija preset's name.

The design is the trick-taking games' (:mod:`trumpfamily.tournament`): ``k`` bots cycled
over ``n`` seats, every deal played under every distinct rotation of the seating with the
same deck and dealer (duplicate), the deal the independent unit, Student's t intervals
over the deals, the head-to-head table of paired per-deal differences, the ratings, and
one :class:`~trumpfamily.tournament.TournamentResult` whatever executor runs the deals.
Deal ``d`` is dealt by seat ``d % n`` from a deck shuffled by the deal's stream of the
master seed, every bot made fresh for each seat of each rotation of each deal from its own
stream (SHA-256 of its place, as in :mod:`trumpfamily.tournament`).

The result of a seat-hand (unit ``"escapes"``): 1 for every seat that is not left holding
the Maija, 0 for the loser (M11). A bot's mean is the share of its seat-hands it escaped
(its ``win_rate`` too: escaping is winning a Maija hand), and a head-to-head mean of
``+0.1`` says that the first bot lost 0.1 hands per hand fewer than the second, with
the same cards.

:func:`~trumpfamily.maija.match.duplicate_comparison` measures something else: one bot
seated among copies of a baseline against the baseline alone, seat by seat (its mean is
the bot's losses minus the baseline's: negative is better); a tournament seats the bots
of its list in turn, ``A B A`` for two bots at three seats.

Bots by name (:data:`MAIJA_BOTS`): ``"random"`` and ``"rule-of-thumb"``; a class, a
factory ``factory(seed) -> bot`` or ``"package.module:Class"`` as for the other games
(:func:`~trumpfamily.tournament.bot_factory`). A bot chooses from its seat's
:class:`~trumpfamily.maija.MaijaView` only.

>>> import trumpfamily as tf
>>> result = tf.tournament(["rule-of-thumb", "random"], "Mustamaija", players=3, deals=4,
...                        seed=1, executor="serial")
>>> result.unit, result.seating, result.rotations, [b.hands for b in result.bots]
('escapes', ('rule-of-thumb', 'random', 'rule-of-thumb'), 3, [24, 12])
>>> sum(b.mean * b.hands for b in result.bots) == 4 * 3 * (3 - 1)  # one loser a hand
True
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import os
import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal

import attrs

from ..cards import Card
from ..errors import IllegalActionError, InvalidArgumentError, PlayerCountError, safe_repr
from ..tournament import (
    _FAMILY_TOURNAMENTS,
    BOTS,
    BotFactory,
    BotStats,
    HeadToHead,
    TournamentResult,
    _bots,
    _check_count,
    _check_seed,
    _chunks,
    _entry_name,
    _interval,
    _period,
    _progress_bar,
    _run,
    _stream,
    _unique,
)
from .engine import MaijaHand, new_maija_hand
from .match import MAX_ACTIONS
from .players import MaijaRandomPlayer, MaijaRuleOfThumbPlayer
from .variants import MaijaVariant, find_maija_variant

__all__ = ["MAIJA_BOTS", "MAIJA_UNIT", "maija_duplicate_deal", "maija_tournament"]

#: The built-in Maija bots by name (a plain dict a program may extend).
MAIJA_BOTS: Final[dict[str, Callable[..., Any]]] = {
    "random": MaijaRandomPlayer,
    "rule-of-thumb": MaijaRuleOfThumbPlayer,
}

#: The unit of a Maija tournament's results: 1 a seat-hand not lost, 0 the Maija's.
MAIJA_UNIT: Final = "escapes"


def _entries(bots: object) -> dict[str, object]:
    """``bots`` as a mapping name -> entry, each Maija bot's name replaced by its class
    (names as :func:`~trumpfamily.tournament.tournament` gives them)."""
    if isinstance(bots, Mapping):
        items = list(bots.items())
    elif isinstance(bots, Sequence) and not isinstance(bots, str):
        entries = list(bots)
        items = list(zip(_unique(_entry_name(e) for e in entries), entries, strict=True))
    else:
        raise InvalidArgumentError(
            "bots must be a mapping name -> bot or a sequence of bots (classes, factories "
            f"or names in MAIJA_BOTS), got {type(bots).__name__} {safe_repr(bots, 60)}")
    out: dict[str, object] = {}
    for name, entry in items:
        if isinstance(entry, str):
            key = entry.strip()
            if key in MAIJA_BOTS:
                entry = MAIJA_BOTS[key]
            elif key.split(":", 1)[0] in BOTS:  # a trick-taking bot: it cannot read a MaijaView
                raise InvalidArgumentError(
                    f"bot {safe_repr(name, 60)}: {safe_repr(entry, 60)} is a bot of the "
                    "trick-taking games; the Maija bots are "
                    f"{', '.join(sorted(MAIJA_BOTS))} (or a class, a factory, "
                    "'package.module:Class')")
        out[name] = entry
    return out


def maija_duplicate_deal(variant: MaijaVariant | str, *, players: int, seed: int | str,
                         deal: int) -> tuple[int, tuple[Card, ...]]:
    """The dealer and the deck of deal number ``deal`` of a Maija tournament.

    Args:
        variant: the rules, or a Maija preset's name.
        players: the number of seats.
        seed: the master seed (an int or str).
        deal: the deal's number, an int from 0.

    Returns:
        ``(dealer, deck)``: the dealer is seat ``deal % players``; the deck (top card
        first, 52 or 103 cards) is :func:`~trumpfamily.maija.new_maija_hand`'s shuffle
        seeded by the deal's stream of ``seed``.

    Raises:
        InvalidArgumentError: a bad ``seed`` or ``deal``.
        PlayerCountError: a table the variant does not deal.

    >>> from trumpfamily.maija.tournament import maija_duplicate_deal
    >>> dealer, deck = maija_duplicate_deal("Spardame", players=4, seed=1, deal=6)
    >>> dealer, len(deck)
    (2, 103)
    """
    _check_seed(seed)
    if type(deal) is not int or deal < 0:
        raise InvalidArgumentError(f"deal={safe_repr(deal)}: a deal's number is an int from 0")
    v = find_maija_variant(variant)
    dealer = deal % players if type(players) is int and players > 0 else 0
    hand = new_maija_hand(v, players, dealer=dealer, seed=_stream(seed, "deck", deal))
    return dealer, hand.deck


@attrs.frozen
class _MaijaPlan:
    """What a worker needs to play Maija deals (sent to it pickled)."""

    variant: MaijaVariant
    players: int
    names: tuple[str, ...]
    factories: tuple[BotFactory, ...]
    pattern: tuple[int, ...]
    duplicate: bool
    seed: int | str


def _rotations(plan: _MaijaPlan, deal: int) -> range:
    n = plan.players
    if plan.duplicate:
        return range(_period(plan.pattern))
    r = (deal // n) % n
    return range(r, r + 1)


def _play(plan: _MaijaPlan, deal: int, rotation: int, dealer: int,
          deck: tuple[Card, ...]) -> tuple[tuple[int, ...], MaijaHand]:
    """Play ``deal`` under ``rotation``: the bot at each seat and the finished hand."""
    n = plan.players
    seats = tuple(plan.pattern[(s + rotation) % n] for s in range(n))
    bots: list[Any] = [plan.factories[b](_stream(plan.seed, "bot", b, deal, rotation, s))
                       for s, b in enumerate(seats)]  # Maija bots: choose(MaijaView)
    hand = new_maija_hand(plan.variant, n, dealer=dealer, deck=deck)
    where = f"deal {deal}, rotation {rotation}"
    for _ in range(MAX_ACTIONS):
        seat = hand.to_act
        if seat is None:
            return seats, hand
        try:
            hand = hand.apply(bots[seat].choose(hand.view(seat)), seat)
        except IllegalActionError as error:
            raise IllegalActionError(
                error.action, f"{where}: bot {plan.names[seats[seat]]!r} at seat {seat}: "
                f"{error.reason}", code=error.code, legal=error.legal, seat=error.seat,
                expected_seat=error.expected_seat, rule=error.rule,
                sources=error.sources) from None
    raise InvalidArgumentError(f"{where}: the hand did not end in {MAX_ACTIONS} actions")


def _play_deal(plan: _MaijaPlan, deal: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """One deal under all its rotations: per bot, its mean escapes per seat-hand (twice:
    the result and the win share are the same here)."""
    k = len(plan.names)
    dealer, deck = maija_duplicate_deal(plan.variant, players=plan.players, seed=plan.seed,
                                        deal=deal)
    escapes = [0] * k
    counts = [0] * k
    for rotation in _rotations(plan, deal):
        seats, hand = _play(plan, deal, rotation, dealer, deck)
        for seat, bot in enumerate(seats):
            escapes[bot] += seat != hand.loser
            counts[bot] += 1
    means = tuple(e / c for e, c in zip(escapes, counts, strict=True))
    return means, means


def _play_chunk(plan: _MaijaPlan, start: int, stop: int) -> list[Any]:
    """Deals ``start`` to ``stop - 1`` (the task sent to an executor)."""
    return [_play_deal(plan, deal) for deal in range(start, stop)]


def _result(plan: _MaijaPlan, deals: int, rows: list[Any]) -> TournamentResult:
    per_deal = tuple(values for values, _ in rows)
    rotations = len(_rotations(plan, 0))
    stats = []
    for i, name in enumerate(plan.names):
        seats = plan.pattern.count(i)
        mean, low, high = _interval([row[i] for row in per_deal])
        stats.append(BotStats(name, seats, seats * rotations * deals, mean, low, high, mean))
    pairs = []
    for i in range(len(plan.names)):
        for j in range(i + 1, len(plan.names)):
            mean, low, high = _interval([row[i] - row[j] for row in per_deal])
            pairs.append(HeadToHead(plan.names[i], plan.names[j], mean, low, high))
    return TournamentResult(
        plan.variant, plan.players, deals, plan.duplicate, plan.seed, MAIJA_UNIT,
        tuple(plan.names[b] for b in plan.pattern), tuple(stats), tuple(pairs),
        per_deal, tuple(wins for _, wins in rows))


def _players(variant: MaijaVariant, players: object, bots: int) -> int:
    counts = variant.player_counts()
    if players is None:
        for n in counts:
            if n >= bots and n % bots == 0:
                return n
        for n in counts:
            if n >= bots:
                return n
        raise PlayerCountError(
            f"{variant.name} seats {counts[0]} to {counts[-1]} players: no table for {bots} bots")
    if type(players) is not int or players not in counts:
        raise PlayerCountError(
            f"{variant.name} is played by {counts[0]} to {counts[-1]} players, not "
            f"{safe_repr(players)} (MAIJA.md M1, K1)")
    if bots > players:
        raise InvalidArgumentError(
            f"{bots} bots but only {players} seats: a tournament seats every bot at least once")
    return players


def maija_tournament(
    bots: Mapping[str, object] | Sequence[object],
    variant: MaijaVariant | str,
    *,
    deals: int,
    players: int | None = None,
    duplicate: bool = True,
    seed: int | str | None = None,
    executor: cf.Executor | Literal["serial"] | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress: bool = True,
    unit: Literal["hand", "game"] = "hand",
) -> TournamentResult:
    """A duplicate tournament of Maija bots (what :func:`trumpfamily.tournament` does for a
    Maija variant; the arguments are its own).

    Args:
        bots: at least 2: a mapping name -> bot or a sequence (names of
            :data:`MAIJA_BOTS`, classes, factories ``factory(seed)``, ``"module:Class"``).
        variant: a :class:`~trumpfamily.maija.MaijaVariant` or a Maija preset's name.
        deals: the number of deals (one hand each), an int from 1.
        players: the seats; ``None``: the smallest table the variant deals that the
            bots share equally (3 for two or three bots in Mustamaija), else the smallest
            that seats them all.
        duplicate, seed, executor, workers, chunk_size, progress: as for
            :func:`trumpfamily.tournament`.
        unit: ``"hand"`` only (a Maija match has no target score to play a game to;
            :func:`~trumpfamily.maija.match.play_maija_match` plays matches).

    Returns:
        A :class:`~trumpfamily.tournament.TournamentResult` in ``"escapes"`` per
        seat-hand (see the module).

    Raises:
        InvalidArgumentError: as for :func:`trumpfamily.tournament`; a trick-taking bot's
            name; ``unit="game"``; a hand that does not end in
            :data:`~trumpfamily.maija.match.MAX_ACTIONS` actions.
        PlayerCountError: ``players`` does not suit the variant.
        UnknownVariantError: no Maija preset has that name.
        IllegalActionError: a bot chose an illegal action (the message names the bot, the
            deal and the rotation).
    """
    v = find_maija_variant(variant)
    if unit != "hand":
        raise InvalidArgumentError(
            f"unit={safe_repr(unit)}: a Maija tournament plays one-hand deals (unit='hand'); "
            "a Maija match has no target to play a game to (MAIJA.md M12)")
    names, factories = _bots(_entries(bots))
    n = _players(v, players, len(names))
    if type(deals) is not int or deals < 1:
        raise InvalidArgumentError(f"deals={safe_repr(deals)}: expected an int from 1")
    _check_count("workers", workers, 1)
    _check_count("chunk_size", chunk_size, 1)
    for flag, value in (("duplicate", duplicate), ("progress", progress)):
        if type(value) is not bool:
            raise InvalidArgumentError(f"{flag}={safe_repr(value)}: expected True or False")
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    _check_seed(seed)
    if not (executor is None or executor == "serial" or isinstance(executor, cf.Executor)):
        raise InvalidArgumentError(
            f"executor={executor!r}: expected None (a local process pool), 'serial', or a "
            "concurrent.futures.Executor")
    plan = _MaijaPlan(v, n, names, factories, tuple(i % len(names) for i in range(n)),
                      duplicate, seed)
    pool_size = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    chunks = _chunks(deals, chunk_size or max(1, min(100, math.ceil(deals / (8 * pool_size)))))
    own = executor is None and pool_size > 1 and len(chunks) > 1
    bar = _progress_bar(deals, progress)
    try:
        if executor == "serial" or (executor is None and not own):
            rows: list[Any] = []
            for lo, hi in chunks:
                rows += _play_chunk(plan, lo, hi)
                if bar is not None:
                    bar.update(hi - lo)
        else:
            _check_picklable(plan)
            if own:
                with cf.ProcessPoolExecutor(max_workers=pool_size) as pool:
                    rows = _run(pool, plan, chunks, bar, _play_chunk)
            else:
                assert isinstance(executor, cf.Executor)
                rows = _run(executor, plan, chunks, bar, _play_chunk)
    finally:
        if bar is not None:
            bar.close()
    return _result(plan, deals, rows)


def _check_picklable(plan: _MaijaPlan) -> None:
    for name, factory in zip(plan.names, plan.factories, strict=True):
        try:
            pickle.dumps(factory)
        except Exception as error:  # noqa: BLE001
            raise InvalidArgumentError(
                f"bot {name!r} cannot be sent to worker processes (pickle: {error}); give a "
                "class or a top-level function, or run with executor='serial'") from None


_FAMILY_TOURNAMENTS[MaijaVariant] = maija_tournament  # tf.tournament's Maija games
