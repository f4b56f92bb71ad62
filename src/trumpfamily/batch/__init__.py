"""Batch simulation: many random hands at once, their outcomes as numpy arrays.

An optional extra (``pip install 'trumpfamily[batch]'``, which adds numpy and numba): a
compiled core plays whole hands of any variant, dealing, robbing, fiving, playing,
jinking and scoring them exactly as the reference engine (:func:`trumpfamily.new_hand`)
does, hundreds of thousands of hands a second, for statistics, bot evaluation and
training data. Two policies choose every seat's actions: ``"random"`` (uniform among the
legal actions, like :class:`~trumpfamily.RandomPlayer`) and ``"rule-of-thumb"`` (the
decisions of :class:`~trumpfamily.RuleOfThumbPlayer`).

>>> import numpy as np
>>> import trumpfamily as tf
>>> from trumpfamily import batch
>>> result = batch.simulate(tf.SPOIL_FIVE, players=5, hands=1000, seed=1)
>>> result.tricks.shape, result.chips.shape
((1000, 5), (1000, 5))
>>> int(result.chips.sum() + result.pool.sum())  # chips are never created or lost
0
>>> tf.replay(result.record(7)).outcome == result.outcome(7)
True

Every hand is a real hand: its deck (:attr:`BatchResult.decks`) and its actions
(:attr:`BatchResult.actions`) are kept, :meth:`BatchResult.record` gives the record the
engine would write, and replaying it (:func:`trumpfamily.replay`) rebuilds the hand
action by action under the engine's checks. The test suite does this for thousands of
hands of every preset at every table size, comparing the legal actions at every step.

Hand ``i`` of a batch is dealt by seat ``(dealer + i) % players``. The same arguments give
the same hands, whether they are played in one call (:func:`simulate`) or in chunks
(:func:`chunks`): each hand has its own random stream, seeded from ``seed`` and its number.
"""

from __future__ import annotations

try:
    import numba  # noqa: F401  (the core is compiled with it)
    import numpy as np
except ImportError as exc:  # pragma: no cover - tested in a subprocess without numba
    raise ImportError(
        "trumpfamily.batch needs numpy and numba, which the core library does not install: "
        "pip install 'trumpfamily[batch]'"
    ) from exc

import hashlib
import secrets
from collections.abc import Iterator
from typing import Any, Final, Literal, TypeAlias

import attrs
import numpy.typing as npt

from ..actions import Action, action_from_id
from ..cards import Card, Rank, canonical
from ..convert import hand_record
from ..dealing import seating_for
from ..errors import InvalidArgumentError, PlayerCountError
from ..outcomes import Barred, HandOutcome
from ..robbing import unrobbed_bar
from ..scoring import HandEnd, five_tricks_bonus
from ..tables import CARDS, SUITS
from ..variants import Variant, find_variant
from . import _kernel
from ._rules import Compiled, compile_rules

__all__ = [
    "END_CODES",
    "MAX_BYTES",
    "POLICIES",
    "BatchResult",
    "Policy",
    "chunks",
    "simulate",
]

#: The policies: ``"random"`` (uniform among the legal actions) and ``"rule-of-thumb"``
#: (:class:`~trumpfamily.RuleOfThumbPlayer`'s decisions).
Policy: TypeAlias = Literal["random", "rule-of-thumb"]
POLICIES: Final[tuple[str, ...]] = ("random", "rule-of-thumb")
_POLICY_CODES: Final = {"random": _kernel.POLICY_RANDOM, "rule-of-thumb": _kernel.POLICY_RULE_OF_THUMB}

#: The :class:`~trumpfamily.scoring.HandEnd` of each code of :attr:`BatchResult.end`, in
#: the enum's order (``END_CODES[code]``): 0 ``WIN``, 1 ``CLAIM``, 2 ``JINK``, 3
#: ``JINK_FAILED``, 4 ``SPOIL``, 5 ``POINTS``.
END_CODES: Final[tuple[HandEnd, ...]] = tuple(HandEnd)

#: The default number of hands a chunk holds (:func:`chunks`).
CHUNK_SIZE: Final = 100_000

_MAX_COMPILED: Final = 64
_COMPILED: Final[dict[tuple[Variant, int], Compiled]] = {}

Int8Array: TypeAlias = npt.NDArray[np.int8]
Int16Array: TypeAlias = npt.NDArray[np.int16]


def _compiled(variant: Variant, players: int) -> Compiled:
    key = (variant, players)
    found = _COMPILED.get(key)
    if found is None:
        if len(_COMPILED) >= _MAX_COMPILED:
            _COMPILED.clear()
        found = _COMPILED[key] = compile_rules(variant, players)
    return found


def _seed_key(seed: int | str | bytes) -> int:
    """The 64-bit key of a seed: SHA-256 of its type and value (the same on every
    platform and Python version)."""
    if isinstance(seed, int):
        data = b"int:" + str(seed).encode()
    elif isinstance(seed, str):
        data = b"str:" + seed.encode("utf-8", "surrogatepass")
    else:
        data = b"bytes:" + bytes(seed)
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "little")


@attrs.frozen(eq=False, repr=False)
class BatchResult:
    """The hands of one :func:`simulate` call (or one chunk of :func:`chunks`), as numpy
    arrays with one row per hand.

    Row ``i`` is hand number ``first + i`` of the batch, dealt by seat
    ``(dealer + first + i) % players`` (:meth:`dealer_of`). The arrays are read-only.
    Seats are ``0..players-1``; sides as in :attr:`HandOutcome.sides
    <trumpfamily.outcomes.HandOutcome.sides>` (each seat its own side without
    partnerships); cards are their ids, :attr:`Card.index <trumpfamily.cards.Card.index>`
    (``trumpfamily.tables.CARDS[id]``); actions their ids, :func:`trumpfamily.action_id`.

    Attributes:
        variant: the rules.
        players: the number of seats.
        dealer: the dealer of hand 0 of the batch.
        first: the number of this result's first hand in the batch (0 for
            :func:`simulate`; the chunk's offset for :func:`chunks`).
        seed: the seed the hands were dealt from (an int drawn at random when ``None``
            was given: pass it again to deal the same hands).
        policy: the policy that chose every action, ``"random"`` or ``"rule-of-thumb"``.
        decks: ``(hands, deck size)`` int8: each hand's deck, top card first, as card ids
            (52 or, with a joker, 53 columns); ``None`` unless ``keep_decks``.
        actions: ``(hands, max_actions)`` int16: each hand's actions in order, as action
            ids, padded with ``-1``; ``None`` unless ``keep_actions``. ``max_actions`` is
            ``6 * players + 6``, a bound no hand reaches.
        tricks: ``(hands, players)`` int8: tricks won per seat (RULES.md §1.3).
        tricks_played: ``(hands,)`` int8: tricks completed; fewer than 5 when play
            stopped early (a pool won, claimed or spoiled; RULES.md §1.6, §1.7).
        end: ``(hands,)`` int8: how the hand ended, a code of :data:`END_CODES`.
        winner: ``(hands,)`` int8: the side that took the pool, or ``-1`` (a spoil, a
            failed jink, and every points hand; also a ``WIN`` or ``CLAIM`` end by a side
            whose only seat was barred in secret, which settles as a spoil:
            :func:`~trumpfamily.scoring.pool_winner`).
        trump: ``(hands,)`` int8: the trump suit, ``0..3`` for ``C D H S``
            (``trumpfamily.tables.SUITS``); after fiving, the new one.
        robbed_by: ``(hands,)`` int8: the seat that robbed the turn-up, or ``-1``
            (taking a turned-up joker is not a rob; RULES.md §1.5, §2.8).
        announced: ``(hands,)`` int8: the seat that declined to rob aloud
            (``DeclineRob``), or ``-1``.
        barred: ``(hands,)`` int8: the seat barred from the pool for not robbing the Ace
            of trumps (option ``unrobbed_ace``; RULES.md §1.5, EX-51), or ``-1``.
        chips: pool games: ``(hands, players)`` int16, net chips per seat from each hand
            dealt to a fresh pool: its ante paid (:func:`~trumpfamily.scoring.antes`), the
            pool share won (:func:`~trumpfamily.scoring.settle_pool`) and a successful
            jink's bonus (:func:`~trumpfamily.jinking.jink_payments`); the
            :attr:`HandOutcome.chips <trumpfamily.outcomes.HandOutcome.chips>` of a
            game's first hand (RULES.md §1.6, §1.7). ``None`` in points games.
        pool: pool games: ``(hands,)`` int16, chips left in the pool after the hand (all
            of it after a spoil, else an indivisible remainder);
            ``chips.sum(axis=1) + pool == 0``. ``None`` in points games.
        points: points games: ``(hands, players)`` int16, points per seat
            (``points_per_trick`` a trick, the best-trump trick double; RULES.md §2.3,
            §2.4), the :attr:`HandOutcome.points
            <trumpfamily.outcomes.HandOutcome.points>`. ``None`` in pool games.
        best_trump: points games: ``(hands,)`` int8, the card id of the best trump when
            it earns the bonus, else ``-1``. ``None`` in pool games.
        best_trump_trick: points games: ``(hands,)`` int8, the index of its trick, else
            ``-1``. ``None`` in pool games.
    """

    variant: Variant
    players: int
    dealer: int
    first: int
    seed: int | str | bytes
    policy: str
    decks: Int8Array | None
    actions: Int16Array | None
    tricks: Int8Array
    tricks_played: Int8Array
    end: Int8Array
    winner: Int8Array
    trump: Int8Array
    robbed_by: Int8Array
    announced: Int8Array
    barred: Int8Array
    chips: Int16Array | None
    pool: Int16Array | None
    points: Int16Array | None
    best_trump: Int8Array | None
    best_trump_trick: Int8Array | None
    # The legal actions at every step, ``(hands, max_actions, 2)`` int64 (the core's two
    # masks, see trumpfamily.batch._kernel), with ``_trace=True`` only: for the tests.
    _legal: npt.NDArray[np.int64] | None = attrs.field(default=None, alias="_legal")

    def __len__(self) -> int:
        """The number of hands."""
        return int(self.tricks.shape[0])

    def __repr__(self) -> str:
        return (
            f"<BatchResult {self.variant.name!r} {self.players} players, {len(self)} hands "
            f"from hand {self.first}, policy {self.policy!r}>"
        )

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (:meth:`Table.sides <trumpfamily.table.Table.sides>`)."""
        return self.variant.table.sides(self.players)

    def _row(self, i: object) -> int:
        if type(i) is not int or not 0 <= i < len(self):
            raise InvalidArgumentError(
                f"hand {i!r} is not a row of this result: rows are the ints 0..{len(self) - 1}")
        return i

    def dealer_of(self, i: int) -> int:
        """The dealer of row ``i``: ``(dealer + first + i) % players``.

        Raises:
            InvalidArgumentError: ``i`` is not an int row ``0..len(self) - 1``.
        """
        return (self.dealer + self.first + self._row(i)) % self.players

    def deck(self, i: int) -> tuple[Card, ...]:
        """The deck of row ``i``, top card first.

        Raises:
            InvalidArgumentError: ``i`` is not a row, or the decks were not kept.
        """
        row = self._row(i)
        if self.decks is None:
            raise InvalidArgumentError("the decks were not kept: simulate(..., keep_decks=True)")
        return tuple([CARDS[c] for c in self.decks[row].tolist()])

    def actions_of(self, i: int) -> tuple[Action, ...]:
        """The actions of row ``i``, in order (:func:`trumpfamily.action_from_id` of each
        id).

        Raises:
            InvalidArgumentError: ``i`` is not a row, or the actions were not kept.
        """
        row = self._row(i)
        if self.actions is None:
            raise InvalidArgumentError(
                "the actions were not kept: simulate(..., keep_actions=True)")
        return tuple([action_from_id(a) for a in self.actions[row].tolist() if a >= 0])

    def record(self, i: int) -> dict[str, Any]:
        """The record of row ``i``: what :meth:`HandState.record
        <trumpfamily.engine.HandState.record>` gives for the hand, so that
        :func:`trumpfamily.replay` rebuilds it, checking every action.

        Raises:
            InvalidArgumentError: ``i`` is not a row, or the decks or actions were not
                kept.
        """
        return hand_record(
            self.variant, self.players, self.dealer_of(i), self.deck(i), self.actions_of(i)
        )

    def outcome(self, i: int) -> HandOutcome:
        """The :class:`~trumpfamily.outcomes.HandOutcome` of row ``i``, equal to the
        engine's :attr:`HandState.outcome <trumpfamily.engine.HandState.outcome>` for the
        hand (so ``chips`` is ``None``: see :attr:`chips` for the chips of a fresh pool).

        Raises:
            InvalidArgumentError: ``i`` is not a row.
        """
        row = self._row(i)
        variant, players = self.variant, self.players
        sides = self.sides
        pool = variant.scoring.scoring == "pool"
        tricks = tuple(self.tricks[row].tolist())
        side_tricks = tuple(sum(tricks[x] for x in side) for side in sides)
        all_five = next((k for k, t in enumerate(side_tricks) if t == 5), None)
        end = END_CODES[int(self.end[row])]
        winner = None if self.winner[row] < 0 else int(self.winner[row])
        barred: tuple[Barred, ...] = ()
        seat = int(self.barred[row])
        if seat >= 0:
            ace = canonical(Rank.ACE, SUITS[int(self.trump[row])])
            reason = unrobbed_bar(
                variant.robbing, seat, ace, announced=int(self.announced[row]) == seat)
            assert reason is not None
            barred = (Barred(seat, reason),)
        winner_seats = () if winner is None else tuple(x for x in sides[winner] if x != seat)
        points = side_points = best = trick = None
        if not pool:
            assert self.points is not None
            assert self.best_trump is not None and self.best_trump_trick is not None
            points = tuple(self.points[row].tolist())
            extra = five_tricks_bonus(variant.scoring)
            side_points = tuple(
                sum(points[x] for x in side) + (extra if k == all_five else 0)
                for k, side in enumerate(sides)
            )
            if self.best_trump[row] >= 0:
                best = CARDS[int(self.best_trump[row])]
                trick = int(self.best_trump_trick[row])
        return HandOutcome(
            scoring="pool" if pool else "points",
            sides=sides,
            tricks=tricks,
            side_tricks=side_tricks,
            tricks_played=int(self.tricks_played[row]),
            tricks_needed=seating_for(variant, players, 0).needed if pool else None,
            winner=winner,
            winner_seats=winner_seats,
            spoil=pool and winner is None,
            claimed=end is HandEnd.CLAIM,
            jink_tried=end is HandEnd.JINK or end is HandEnd.JINK_FAILED,
            jink_succeeded=end is HandEnd.JINK,
            points=points,
            side_points=side_points,
            best_trump=best,
            best_trump_trick=trick,
            all_five=all_five,
            barred=barred,
        )


def _check_args(
    variant: Variant | str, players: int, hands: int, seed: object, dealer: int, policy: str,
    flags: dict[str, object],
) -> tuple[Compiled, int | str | bytes]:
    """Validate the arguments shared by :func:`simulate` and :func:`chunks`."""
    if not isinstance(variant, Variant):
        variant = find_variant(variant)
    variant.table.check_players(players)  # an exact int (5.0 and True are refused)
    compiled = _compiled(variant, players)  # PlayerCountError, InvalidVariantError
    if type(dealer) is not int or not 0 <= dealer < players:
        raise PlayerCountError(f"dealer={dealer!r} is not a seat: seats are 0..{players - 1}")
    if type(hands) is not int or hands < 0:
        raise InvalidArgumentError(f"hands={hands!r}: the number of hands is an int >= 0")
    if not isinstance(policy, str) or policy not in _POLICY_CODES:
        raise InvalidArgumentError(
            f"policy={policy!r}: the batch policies are {', '.join(map(repr, POLICIES))}")
    for name, value in flags.items():
        if type(value) is not bool:
            raise InvalidArgumentError(f"{name}={value!r}: expected True or False")
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bytearray):
        seed = bytes(seed)
    elif type(seed) is bool or not isinstance(seed, int | str | bytes):
        raise InvalidArgumentError(
            f"seed={seed!r}: a seed is an int, str, bytes or None, not {type(seed).__name__}")
    return compiled, seed


def _run(
    compiled: Compiled, *, first: int, count: int, dealer: int, seed: int | str | bytes,
    policy: str, keep_decks: bool, keep_actions: bool, trace: bool,
) -> BatchResult:
    """Play hands ``first .. first + count - 1`` of a batch in the core."""
    n, size, width = compiled.players, compiled.deck_size, compiled.max_actions
    pool = compiled.pool
    decks = np.empty((count if keep_decks else 0, size), dtype=np.int8)
    actions = np.empty((count if keep_actions else 0, width), dtype=np.int16)
    legal = np.empty((count if trace else 0, width, 2), dtype=np.int64)
    tricks = np.empty((count, n), dtype=np.int8)
    score = np.empty((count, n), dtype=np.int16)
    per_hand = [np.empty(count, dtype=np.int8) for _ in range(7)]
    played, end, winner, trump, robbed_by, announced, barred = per_hand
    pool_left = np.empty(count, dtype=np.int16)
    best = np.empty(count, dtype=np.int8)
    best_trick = np.empty(count, dtype=np.int8)
    _kernel.run(  # type: ignore[call-arg]
        first, count, dealer, np.uint64(_seed_key(seed)), _POLICY_CODES[policy],
        *compiled.tables(),
        decks, actions, legal, tricks, played, end, winner, trump, robbed_by, announced,
        barred, score, pool_left, best, best_trick,
    )
    arrays: list[npt.NDArray[Any]] = [
        decks, actions, legal, tricks, score, pool_left, best, best_trick, *per_hand
    ]
    for a in arrays:
        a.flags.writeable = False
    return BatchResult(
        variant=compiled.variant,
        players=n,
        dealer=dealer,
        first=first,
        seed=seed,
        policy=policy,
        decks=decks if keep_decks else None,
        actions=actions if keep_actions else None,
        tricks=tricks,
        tricks_played=played,
        end=end,
        winner=winner,
        trump=trump,
        robbed_by=robbed_by,
        announced=announced,
        barred=barred,
        chips=score if pool else None,
        pool=pool_left if pool else None,
        points=None if pool else score,
        best_trump=None if pool else best,
        best_trump_trick=None if pool else best_trick,
        _legal=legal if trace else None,
    )


#: The most memory :func:`simulate` allocates for its arrays at once, in bytes (8 GiB; an
#: estimate from the hands and the ``keep_*`` flags): more hands go through :func:`chunks`.
MAX_BYTES: Final = 8 * 2**30


def simulate(
    variant: Variant | str,
    *,
    players: int,
    hands: int,
    seed: int | str | bytes | None,
    dealer: int = 0,
    policy: Policy = "random",
    keep_decks: bool = True,
    keep_actions: bool = True,
    _trace: bool = False,
) -> BatchResult:
    """Play ``hands`` hands of ``variant`` with every seat following ``policy``.

    The hands are dealt from a shuffled deck each (uniformly random, seeded) and played
    to the end under every rule of the engine (:func:`trumpfamily.new_hand`): the deal in
    the variant's packets, robbing and its prompts and penalties, fiving, the play, the
    claim and the jink, the pool result or the points (RULES.md §1.3–1.8, §2.1–2.4).

    Memory: ``deck size + 2 * max_actions + 3 * players + 9`` bytes a hand with the decks
    and actions kept (148 bytes for five players), ``3 * players + 9`` without
    (``keep_decks=False, keep_actions=False``: 24 bytes for five players, 240 MB for ten
    million hands). For more hands than fit, use :func:`chunks`.

    Args:
        variant: the rules, a :class:`~trumpfamily.variants.Variant` or a preset's name.
        players: the number of seats (an int the variant allows).
        hands: the number of hands (an int ``>= 0``).
        seed: an int, str or bytes: the same seed (with the same other arguments) gives
            the same hands, on every platform. ``None`` draws a seed at random (kept in
            :attr:`BatchResult.seed`).
        dealer: the dealer of hand 0; hand ``i`` is dealt by ``(dealer + i) % players``.
        policy: ``"random"``: every action uniformly among the legal actions, like
            :class:`~trumpfamily.RandomPlayer`; or ``"rule-of-thumb"``: the action
            :class:`~trumpfamily.RuleOfThumbPlayer` chooses (claims, robs, plays the lowest
            winning card).
        keep_decks: keep every deck (:attr:`BatchResult.decks`).
        keep_actions: keep every action (:attr:`BatchResult.actions`).

    Returns:
        A :class:`BatchResult`: per-hand arrays of tricks, how each hand ended, the
        winner, the chips (pool games) or points (points games), and the decks and
        actions that replay each hand (:meth:`BatchResult.record`).

    Raises:
        UnknownVariantError: ``variant`` is neither a variant nor a preset's name.
        PlayerCountError: ``players`` does not suit the variant, or ``dealer`` is not a
            seat.
        InvalidVariantError: a variant the batch core does not simulate: a bidding game
            (BIDDING.md), stakes or points too large for the int16 arrays, or a value it
            does not know of an option it acts on itself (every value of every option of
            OPTIONS.md is simulated; a value added by a later release is refused until the
            core learns it). The message names the option.
        InvalidArgumentError: ``hands``, ``seed``, ``policy`` or a ``keep_*`` flag is not
            valid, or the arrays would take more than :data:`MAX_BYTES` (use
            :func:`chunks`).

    >>> import trumpfamily as tf
    >>> from trumpfamily import batch
    >>> r = batch.simulate(tf.FORTY_FIVE, players=4, hands=500, seed="docs", policy="rule-of-thumb")
    >>> r.points.shape, set(r.points.sum(axis=1).tolist()) <= {25, 30}  # EX-70, EX-71
    ((500, 4), True)
    """
    compiled, seed = _check_args(
        variant, players, hands, seed, dealer, policy,
        {"keep_decks": keep_decks, "keep_actions": keep_actions, "_trace": _trace},
    )
    per_hand = 16 + 4 * players + (53 if keep_decks else 0) + (2 * (6 * players + 6) if keep_actions else 0)
    if hands * per_hand > MAX_BYTES:
        raise InvalidArgumentError(
            f"hands={hands:,}: the arrays would take about {hands * per_hand / 2**30:,.1f} GiB "
            f"(at most {MAX_BYTES / 2**30:.0f} GiB at once); use batch.chunks(...) for many "
            "hands, and keep_decks=False, keep_actions=False when only the outcomes matter")
    return _run(compiled, first=0, count=hands, dealer=dealer, seed=seed, policy=policy,
                keep_decks=keep_decks, keep_actions=keep_actions, trace=_trace)


def chunks(
    variant: Variant | str,
    *,
    players: int,
    hands: int,
    seed: int | str | bytes | None,
    dealer: int = 0,
    policy: Policy = "random",
    chunk_size: int = CHUNK_SIZE,
    keep_decks: bool = True,
    keep_actions: bool = True,
) -> Iterator[BatchResult]:
    """The hands of :func:`simulate` with the same arguments, played and yielded a chunk
    at a time, so that memory holds one chunk whatever ``hands`` is.

    Chunk ``k`` holds hands ``k * chunk_size`` onwards (:attr:`BatchResult.first`); the
    hands are the very hands :func:`simulate` deals and plays with the same arguments.
    The arguments are checked before the first chunk is played.

    Args:
        variant, players, hands, seed, dealer, policy, keep_decks, keep_actions: as for
            :func:`simulate`.
        chunk_size: hands per chunk (an int ``>= 1``); the last chunk may be smaller.

    Returns:
        An iterator of :class:`BatchResult` values.

    Raises:
        InvalidArgumentError: ``chunk_size`` is not an int ``>= 1``; and every error of
            :func:`simulate`.

    >>> import trumpfamily as tf
    >>> from trumpfamily import batch
    >>> wins = 0
    >>> for part in batch.chunks(tf.MAW, players=4, hands=2500, seed=9, chunk_size=1000,
    ...                          keep_decks=False, keep_actions=False):
    ...     wins += int((part.winner == 0).sum())
    >>> wins == int((batch.simulate(tf.MAW, players=4, hands=2500, seed=9).winner == 0).sum())
    True
    """
    compiled, fixed = _check_args(
        variant, players, hands, seed, dealer, policy,
        {"keep_decks": keep_decks, "keep_actions": keep_actions},
    )
    if type(chunk_size) is not int or chunk_size < 1:
        raise InvalidArgumentError(f"chunk_size={chunk_size!r}: hands per chunk, an int >= 1")

    def generate() -> Iterator[BatchResult]:
        for start in range(0, hands, chunk_size):
            yield _run(compiled, first=start, count=min(chunk_size, hands - start),
                       dealer=dealer, seed=fixed, policy=policy, keep_decks=keep_decks,
                       keep_actions=keep_actions, trace=False)

    return generate()
