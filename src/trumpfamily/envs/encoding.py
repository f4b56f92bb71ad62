"""Observations and action masks for learning agents, built only from a seat's view.

Everything here reads a :class:`~trumpfamily.outcomes.SeatView` (the turn-up games) or a
:class:`~trumpfamily.outcomes.BiddingView` (the bidding games) and nothing else, so an
encoding cannot leak a card the seat may not see: re-dealing those cards leaves the
encoded bytes unchanged (tested, on every preset). An optional extra
(``pip install 'trumpfamily[rl]'``) supplies numpy.

* :func:`encode` (or :func:`encode_into` a buffer) gives a flat ``float32`` vector of
  :func:`observation_size` entries, laid out in named sections (:func:`layout`);
* :func:`action_mask` gives an ``int8`` vector of :data:`~trumpfamily.actions.ACTION_COUNT`
  entries, 1 where the action id is legal (:func:`~trumpfamily.actions.action_id`);
* :func:`resolve` turns a chosen id into the engine action, building a discard card by
  card (below).

**Seats are relative.** Every per-seat row is ordered from the viewing seat: row 0 is the
seat itself, row 1 the seat on its left (the next to play), and so on round the table, so
one policy serves every seat.

**The layout** (:func:`layout`) depends on the family and the number of players ``n``.
Cards are one-hot over the 53 card ids (:attr:`Card.index <trumpfamily.cards.Card.index>`:
``2C`` is 0, ``AS`` 51, the joker 52). Counts are scaled to about ``0..1`` as stated.

==================  =========  ===========================================================
section             entries    meaning
==================  =========  ===========================================================
``hand``            53         this seat's cards
``trump``           4          the trump suit, ``C D H S`` (all 0 while none)
``phase``           9          the :class:`~trumpfamily.outcomes.Phase`, in enum order
``to_act``          n          the seat to act (all 0 once the hand is over)
``dealer``          n          the dealer
``leader``          n          the seat that led (or will lead) the current trick
``partners``        n          the seats of this seat's side (itself included)
``trick``           n x 53     the current trick: row ``r``, the card seat ``r`` played
``played``          n x 53     the completed tricks: row ``r``, the cards seat ``r`` played
``played_when``     53         for a card of a completed trick, ``(trick number) / 5``
``trick_leaders``   5 x n      completed trick ``t``: the seat that led it
``trick_winners``   5 x n      completed trick ``t``: the seat that won it
``trick_counts``    n          tricks won per seat, ``/ 5``
``game``            5          in a game; points game; pool game; hand number ``/ 100``;
                               hands left ``/ 100`` (0 without a limit); both capped at 1
``game_scores``     n          points games: the score of the seat's side ``/ target``
``game_chips``      n          pool games: the seat's net chips ``/ 10``
``game_pool``       1          pool games: the chips in the pool ``/ 10``
==================  =========  ===========================================================

Then the turn-up games (RULES.md §1.5, §1.6, §2.1.7 (6)):

==================  =========  ===========================================================
``turn_up``         53         the turn-up while it lies on the table
``turned_up``       53         the card turned for trumps (kept after a rob)
``fived``           53         the cards set aside by fiving
``my_discard``      53         this seat's own face-down discard for a rob
``my_joker_disc``   53         the dealer's own discard for a turned-up joker
``robbed_by``       n          the seat that robbed
``announced``       n          the seat that declined to rob aloud
``passed``          n          the seats that said ``Pass()`` to a prompt
``jinkers``         n          the seats of the side that is jinking
``barred``          n          the seats barred from the pool this deal (as seen)
``calls``           4          ``AskFive``, ``AcceptFive``, ``RefuseFive``, ``Claim`` made
``demoted``         1          the Ace of trumps is demoted (as seen)
``tricks_needed``   1          the tricks that win the pool ``/ 5`` (0 in points games)
==================  =========  ===========================================================

or the bidding games (BIDDING.md §2.3, §3.3, §3.4):

==================  =========  ===========================================================
``bids``            n x 8      each seat's last call: ``Bid`` 5, 10, 15, 20, 25, 30, 60, or
                               ``Pass`` (column 7)
``high_bid``        7          the standing bid (the contract after the auction)
``high_bidder``     n          the seat holding it
``bidder``          n          the auction winner
``contract``        7          the contract
``bagged``          1          the dealer was bagged
``kitty_size``      1          the cards of the kitty ``/ 10`` (the most the ``kitty``
                               option allows, BIDDING.md §7 K1)
``kitty``           53         the kitty's cards, for its taker
``discarded``       n x 2      per seat: has discarded; how many ``/ 8``
``drawn``           n x 2      per seat: has been served; how many drawn ``/ 8``
``my_discards``     53         this seat's own discards
``stock_size``      1          the stock ``/ 53``
``pack``            53         the stock's cards, for the dealer robbing the pack
``pending``         53         the cards chosen so far for a discard built card by card
==================  =========  ===========================================================

**A discard card by card.** A :class:`~trumpfamily.actions.Discard` names a set of cards
(none, to stand pat, up to eight with a kitty), which no fixed action numbering covers;
only a one-card discard has an id (177..229). So in a discard step (the kitty, the draw:
every legal action is a ``Discard``) an agent chooses the cards one at a time, in rising
card-id order: the id ``177 + card.index`` adds ``card`` to the discard being built (the
*pending* cards, which the caller keeps and passes back), and :data:`DISCARD_DONE` (the
id of ``Pass()``, which is never legal in a discard step) puts the pending cards down.
:func:`action_mask` offers exactly the cards that extend the pending ones towards a legal
discard, and ``DISCARD_DONE`` exactly when the pending cards are one; each legal discard
has one sequence of ids. :func:`resolve` does the bookkeeping.

>>> import trumpfamily as tf
>>> from trumpfamily.envs import encoding
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=7)
>>> view = state.view(state.to_act)
>>> x = encoding.encode(view)
>>> x.shape, x.dtype, encoding.observation_size(tf.SPOIL_FIVE, 3)
((780,), dtype('float32'), 780)
>>> lay = encoding.layout(tf.SPOIL_FIVE, 3)
>>> [tf.tables.CARDS[i] for i in x[lay["hand"]].nonzero()[0]] == sorted(view.hand)
True
>>> mask = encoding.action_mask(view)
>>> [tf.action_from_id(int(i)) for i in mask.nonzero()[0]] == sorted(
...     view.legal_actions, key=tf.action_id)
True
"""

from __future__ import annotations

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - tested in a subprocess without numpy
    raise ImportError(
        "trumpfamily.envs needs numpy, which the core library does not install: "
        "pip install 'trumpfamily[rl]'"
    ) from exc

import functools
from collections.abc import Iterable, Sequence
from typing import Final, Protocol

import attrs
import numpy.typing as npt

from ..actions import (
    ACTION_COUNT,
    BID_AMOUNTS,
    Action,
    Bid,
    Discard,
    Pass,
    action_from_id,
    action_id,
)
from ..cards import Card, Suit
from ..errors import IllegalActionError, InvalidArgumentError, PlayerCountError
from ..outcomes import HAND_SIZE, AnyView, BiddingView, Phase, SeatView
from ..variants import BIDDING_OPTION_SPECS, Variant, find_variant

__all__ = [
    "DISCARD_DONE",
    "DISCARD_IDS",
    "Layout",
    "Resolved",
    "action_mask",
    "encode",
    "encode_into",
    "layout",
    "observation_size",
    "resolve",
]

_CARDS: Final = 53
_SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_PHASES: Final[tuple[Phase, ...]] = tuple(Phase)
#: The id that ends a discard built card by card: the id of ``Pass()`` (107), which the
#: engine never accepts in a discard step.
DISCARD_DONE: Final[int] = action_id(Pass())
#: The ids of the one-card discards, ``177 + card.index``: in a discard step, "add this
#: card to the discard being built".
DISCARD_IDS: Final[range] = range(action_id(Discard(("2C",))), ACTION_COUNT)
_FIRST_DISCARD: Final = DISCARD_IDS.start
#: The largest kitty the ``kitty`` option allows (BIDDING.md §7 K1): the scale of the
#: ``kitty_size`` entry, which then lies in ``0..1`` whatever the house rules.
_MOST_KITTY: Final[int] = BIDDING_OPTION_SPECS["kitty"][1].maximum or HAND_SIZE


@attrs.frozen
class Layout:
    """Where each section of an encoded observation lies (see the module's tables).

    Attributes:
        players: the number of seats ``n``.
        bidding: ``True`` for the bidding games' sections, ``False`` for the turn-up
            games'.
        sections: ``(name, start, rows, columns)`` per section, in order; a section of
            one row has ``rows == 1``.
        size: the length of the vector.

    ``layout[name]`` is the section's ``slice``; :meth:`rows` reshapes a vector's
    section to ``(rows, columns)``.

    >>> import trumpfamily as tf
    >>> from trumpfamily.envs.encoding import layout
    >>> lay = layout(tf.AUCTION_45, 4)
    >>> lay["hand"], lay.shape("bids"), lay.size
    (slice(0, 53, None), (4, 8), 902)
    """

    players: int
    bidding: bool
    sections: tuple[tuple[str, int, int, int], ...]
    size: int

    @property
    def names(self) -> tuple[str, ...]:
        """The section names, in order."""
        return tuple(s[0] for s in self.sections)

    def _find(self, name: str) -> tuple[str, int, int, int]:
        for section in self.sections:
            if section[0] == name:
                return section
        raise InvalidArgumentError(
            f"no section {name!r} in this layout; sections: {', '.join(self.names)}")

    def __getitem__(self, name: str) -> slice:
        """The section's slice of the vector.

        Raises:
            InvalidArgumentError: no section has that name.
        """
        _, start, rows, cols = self._find(name)
        return slice(start, start + rows * cols)

    def shape(self, name: str) -> tuple[int, int]:
        """The section's ``(rows, columns)``.

        Raises:
            InvalidArgumentError: no section has that name.
        """
        _, _, rows, cols = self._find(name)
        return rows, cols

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The least and greatest value of each entry, as two ``float32`` arrays (e.g. for
        a Gymnasium ``Box``): 0 and 1, except the game's scores and chips (any value) and
        the pool and the discard and draw counts (from 0, unbounded). Every entry
        :func:`encode` gives, under any house rules of the variant, lies within them
        (tested over random options)."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        for name in ("game_scores", "game_chips"):
            low[self[name]] = -np.inf
            high[self[name]] = np.inf
        for name in ("game_pool", "discarded", "drawn"):
            if name in self.names:
                high[self[name]] = np.inf
        return low, high

    def rows(self, vector: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
        """The section ``name`` of an encoded ``vector``, as a ``(rows, columns)`` array
        (a view, not a copy).

        Raises:
            InvalidArgumentError: no section has that name.
        """
        return vector[self[name]].reshape(self.shape(name))


def _sections(n: int, bidding: bool) -> tuple[tuple[str, int, int], ...]:
    common: list[tuple[str, int, int]] = [
        ("hand", 1, _CARDS), ("trump", 1, 4), ("phase", 1, len(_PHASES)), ("to_act", 1, n),
        ("dealer", 1, n), ("leader", 1, n), ("partners", 1, n), ("trick", n, _CARDS),
        ("played", n, _CARDS), ("played_when", 1, _CARDS), ("trick_leaders", HAND_SIZE, n),
        ("trick_winners", HAND_SIZE, n), ("trick_counts", 1, n), ("game", 1, 5),
        ("game_scores", 1, n), ("game_chips", 1, n), ("game_pool", 1, 1),
    ]
    if bidding:
        common += [
            ("bids", n, len(BID_AMOUNTS) + 1), ("high_bid", 1, len(BID_AMOUNTS)),
            ("high_bidder", 1, n), ("bidder", 1, n), ("contract", 1, len(BID_AMOUNTS)),
            ("bagged", 1, 1), ("kitty_size", 1, 1), ("kitty", 1, _CARDS), ("discarded", n, 2),
            ("drawn", n, 2), ("my_discards", 1, _CARDS), ("stock_size", 1, 1),
            ("pack", 1, _CARDS), ("pending", 1, _CARDS),
        ]
    else:
        common += [
            ("turn_up", 1, _CARDS), ("turned_up", 1, _CARDS), ("fived", 1, _CARDS),
            ("my_discard", 1, _CARDS), ("my_joker_disc", 1, _CARDS), ("robbed_by", 1, n),
            ("announced", 1, n), ("passed", 1, n), ("jinkers", 1, n), ("barred", 1, n),
            ("calls", 1, 4), ("demoted", 1, 1), ("tricks_needed", 1, 1),
        ]
    return tuple(common)


@functools.lru_cache(maxsize=64)
def _layout(n: int, bidding: bool) -> Layout:
    out = []
    start = 0
    for name, rows, cols in _sections(n, bidding):
        out.append((name, start, rows, cols))
        start += rows * cols
    return Layout(players=n, bidding=bidding, sections=tuple(out), size=start)


def layout(variant: Variant | str, players: int) -> Layout:
    """The layout of an encoded observation of ``variant`` at ``players`` seats.

    Args:
        variant: a :class:`~trumpfamily.variants.Variant` or a preset's name.
        players: the number of seats, as the variant's table allows.

    Returns:
        The :class:`Layout`: the turn-up games' sections, or the bidding games' when
        ``variant.bidding`` is set; the same for every option of the variant.

    Raises:
        UnknownVariantError: ``variant`` is neither a Variant nor a preset's name.
        PlayerCountError: ``players`` is not an int the variant's table allows.
    """
    rules = find_variant(variant)
    table = rules.table
    if type(players) is not int:
        raise PlayerCountError(
            f"players={players!r}: the number of players is an int ({table.min_players} to "
            f"{table.max_players} in {rules.name}), not {type(players).__name__}")
    if not table.min_players <= players <= table.max_players:
        raise PlayerCountError(
            f"players={players!r}: {rules.name} is played by {table.min_players} to "
            f"{table.max_players} players")
    return _layout(players, rules.bidding is not None)


def observation_size(variant: Variant | str, players: int) -> int:
    """The length of :func:`encode`'s vector for ``variant`` at ``players`` seats: fixed
    for the pair (``layout(variant, players).size``).

    Raises:
        UnknownVariantError: ``variant`` is neither a Variant nor a preset's name.
        PlayerCountError: ``players`` is not an int the variant's table allows.
    """
    return layout(variant, players).size


def _check_view(view: object) -> AnyView:
    if not isinstance(view, (SeatView, BiddingView)):
        raise InvalidArgumentError(
            f"expected a SeatView or a BiddingView (state.view(seat)), got "
            f"{type(view).__name__}")
    return view


def _pending(view: AnyView, pending: Iterable[Card | str]) -> tuple[Card, ...]:
    cards = tuple(sorted((Card.parse(c) for c in pending), key=lambda c: c.index))
    if cards:
        if not isinstance(view, BiddingView):
            raise InvalidArgumentError(
                "pending discard cards are for the bidding games' discard steps only")
        held = set(view.hand)
        foreign = [c for c in cards if c not in held]
        if foreign or len(set(cards)) != len(cards):
            raise InvalidArgumentError(
                f"pending discard {' '.join(map(str, cards))}: each card must be one of seat "
                f"{view.seat}'s cards, once")
    return cards


def encode(view: AnyView, pending: Iterable[Card | str] = ()) -> npt.NDArray[np.float32]:
    """A seat's view as a flat vector (the module's layout), read from ``view`` alone.

    Args:
        view: ``state.view(seat)``: a :class:`~trumpfamily.outcomes.SeatView` or a
            :class:`~trumpfamily.outcomes.BiddingView`.
        pending: the bidding games: the cards chosen so far for a discard built card by
            card (see the module), cards of the seat's hand; ``()`` otherwise.

    Returns:
        A new ``float32`` array of ``observation_size(view.variant, view.players)``.

    Raises:
        InvalidArgumentError: ``view`` is not a view, or ``pending`` holds a card the
            seat does not hold (or any card, in a turn-up game).
    """
    view = _check_view(view)
    lay = _layout(view.players, isinstance(view, BiddingView))
    out = np.zeros(lay.size, dtype=np.float32)
    _fill(out, lay, view, _pending(view, pending))
    return out


def encode_into(view: AnyView, out: npt.NDArray[np.float32],
                pending: Iterable[Card | str] = ()) -> None:
    """:func:`encode` into an existing buffer ``out`` (overwritten entirely), e.g. a row
    of a batch.

    Raises:
        InvalidArgumentError: as :func:`encode`, or ``out`` is not a one-dimensional
            ``float32`` numpy array of the observation's size.
    """
    view = _check_view(view)
    lay = _layout(view.players, isinstance(view, BiddingView))
    if (not isinstance(out, np.ndarray) or out.dtype != np.float32
            or out.shape != (lay.size,)):
        shape = getattr(out, "shape", None)
        dtype = getattr(out, "dtype", type(out).__name__)
        raise InvalidArgumentError(
            f"out must be a float32 numpy array of shape ({lay.size},), got {dtype} {shape}")
    cards = _pending(view, pending)
    out[:] = 0.0
    _fill(out, lay, view, cards)


def _fill(out: npt.NDArray[np.float32], lay: Layout, view: AnyView,
          pending: tuple[Card, ...]) -> None:
    n = view.players
    me = view.seat
    at = {name: start for name, start, _, _ in lay.sections}
    ones: list[int] = []

    def rel(seat: int) -> int:
        return (seat - me) % n

    def cards(name: str, values: Iterable[Card], row: int = 0) -> None:
        base = at[name] + row * _CARDS
        ones.extend(base + c.index for c in values)

    def seat_bit(name: str, seat: int | None, row: int = 0) -> None:
        if seat is not None:
            ones.append(at[name] + row * n + rel(seat))

    cards("hand", view.hand)
    if view.trump is not None:
        ones.append(at["trump"] + _SUITS.index(view.trump))
    ones.append(at["phase"] + _PHASES.index(view.phase))
    seat_bit("to_act", view.to_act)
    seat_bit("dealer", view.dealer)
    seat_bit("leader", view.leader)
    side_of = {s: i for i, side in enumerate(view.sides) for s in side}
    for s in view.sides[side_of[me]]:
        seat_bit("partners", s)
    for i, card in enumerate(view.current_trick):
        cards("trick", (card,), row=rel(view.leader + i))
    for t, trick in enumerate(view.tricks):
        for i, card in enumerate(trick.cards):
            cards("played", (card,), row=rel(trick.leader + i))
            out[at["played_when"] + card.index] = (t + 1) / HAND_SIZE
        seat_bit("trick_leaders", trick.leader, row=t)
        seat_bit("trick_winners", trick.winner, row=t)
    base = at["trick_counts"]
    for s, count in enumerate(view.trick_counts):
        out[base + rel(s)] = count / HAND_SIZE
    game = view.game
    if game is not None:
        g = at["game"]
        out[g] = 1.0
        out[g + 1] = float(game.scores is not None)
        out[g + 2] = float(game.chips is not None)
        out[g + 3] = min(game.hand_number, 100) / 100
        out[g + 4] = 0.0 if game.hands_left is None else min(game.hands_left, 100) / 100
        if game.scores is not None:
            scale = game.target or 100
            for s in range(n):
                out[at["game_scores"] + rel(s)] = game.scores[side_of[s]] / scale
        if game.chips is not None:
            for s in range(n):
                out[at["game_chips"] + rel(s)] = game.chips[s] / 10
        if game.pool is not None:
            out[at["game_pool"]] = game.pool / 10
    if isinstance(view, BiddingView):
        _fill_bidding(out, at, view, pending, ones, seat_bit, cards)
    else:
        _fill_turn_up(out, at, view, ones, seat_bit, cards)
    if ones:
        out[np.fromiter(ones, dtype=np.intp, count=len(ones))] = 1.0


def _fill_turn_up(out: npt.NDArray[np.float32], at: dict[str, int], view: SeatView,
                  ones: list[int], seat_bit: _SeatBit, cards: _Cards) -> None:
    if view.turn_up is not None:
        cards("turn_up", (view.turn_up,))
    cards("turned_up", (view.turned_up,))
    cards("fived", view.fived)
    if view.my_discard is not None:
        cards("my_discard", (view.my_discard,))
    if view.my_joker_discard is not None:
        cards("my_joker_disc", (view.my_joker_discard,))
    seat_bit("robbed_by", view.robbed_by)
    seat_bit("announced", view.announced)
    calls = ("AskFive", "AcceptFive", "RefuseFive", "Claim")
    for turn in view.history:
        if turn.kind == "Pass":
            seat_bit("passed", turn.seat)
        elif turn.kind in calls:
            ones.append(at["calls"] + calls.index(turn.kind))
    if view.jinker is not None:
        for s in view.sides[view.jinker]:
            seat_bit("jinkers", s)
    for barred in view.barred:
        seat_bit("barred", barred.seat)
    if view.demoted is not None:
        ones.append(at["demoted"])
    if view.tricks_needed is not None:
        out[at["tricks_needed"]] = view.tricks_needed / HAND_SIZE
    # repeated passes set the same entry twice: harmless, it is 1 either way


def _fill_bidding(out: npt.NDArray[np.float32], at: dict[str, int], view: BiddingView,
                  pending: tuple[Card, ...], ones: list[int], seat_bit: _SeatBit,
                  cards: _Cards) -> None:
    n = view.players
    width = len(BID_AMOUNTS) + 1
    last: dict[int, Action | None] = {}
    for turn in view.auction:
        last[turn.seat] = turn.action
    for seat, action in last.items():
        row = at["bids"] + ((seat - view.seat) % n) * width
        if isinstance(action, Bid):
            ones.append(row + BID_AMOUNTS.index(action.amount))
        elif isinstance(action, Pass):
            ones.append(row + len(BID_AMOUNTS))
    if view.high_bid is not None:
        ones.append(at["high_bid"] + BID_AMOUNTS.index(view.high_bid))
    seat_bit("high_bidder", view.high_bidder)
    seat_bit("bidder", view.bidder)
    if view.contract is not None:
        ones.append(at["contract"] + BID_AMOUNTS.index(view.contract))
    if view.bagged:
        ones.append(at["bagged"])
    out[at["kitty_size"]] = view.kitty_size / _MOST_KITTY
    cards("kitty", view.kitty)
    for name, counts in (("discarded", view.discarded), ("drawn", view.drawn)):
        for seat, count in enumerate(counts):
            if count is not None:
                row = at[name] + ((seat - view.seat) % n) * 2
                out[row] = 1.0
                out[row + 1] = count / 8
    cards("my_discards", view.my_discards)
    out[at["stock_size"]] = view.stock_size / _CARDS
    cards("pack", view.pack)
    cards("pending", pending)


class _SeatBit(Protocol):  # the shape of the helper closures, for the type checker
    def __call__(self, name: str, seat: int | None, row: int = 0) -> None: ...


class _Cards(Protocol):
    def __call__(self, name: str, values: Iterable[Card], row: int = 0) -> None: ...


# -- action masks and the discard built card by card --------------------------------------


def _discard_step(view: AnyView) -> tuple[Discard, ...] | None:
    """The legal discards when the seat to act is in a discard step, else ``None``."""
    legal = view.legal_actions
    if legal and isinstance(legal[0], Discard):
        return legal  # type: ignore[return-value]  # a discard step offers only Discards
    return None


def action_mask(view: AnyView, pending: Iterable[Card | str] = ()) -> npt.NDArray[np.int8]:
    """The legal action ids of the seat whose view this is: 1 where legal.

    Outside a discard step, the ids of ``view.legal_actions``
    (:func:`~trumpfamily.actions.action_id`). In a discard step (the bidding games'
    kitty and draw), the ids of the discard built card by card (see the module): the
    one-card ids ``177 + card.index`` of the cards, above every pending card, that
    extend ``pending`` towards a legal discard, and :data:`DISCARD_DONE` when
    ``pending`` is itself a legal discard (``()`` standing pat). All 0 when it is not
    this seat's turn (and once the hand is over).

    Args:
        view: the seat's view.
        pending: the cards chosen so far for the discard being built.

    Returns:
        An ``int8`` array of :data:`~trumpfamily.actions.ACTION_COUNT` entries.

    Raises:
        InvalidArgumentError: ``view`` is not a view; ``pending`` holds a card the seat
            does not hold, or is given outside a discard step.
    """
    view = _check_view(view)
    chosen = _pending(view, pending)
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    legal = _discard_step(view)
    if legal is None:
        if chosen:
            raise InvalidArgumentError(
                "pending discard cards given, but the seat is not in a discard step")
        for action in view.legal_actions:
            mask[action_id(action)] = 1
        return mask
    k = len(chosen)
    for discard in legal:
        cards = discard.cards  # in card-id order
        if cards[:k] == chosen:
            if len(cards) == k:
                mask[DISCARD_DONE] = 1
            else:
                mask[_FIRST_DISCARD + cards[k].index] = 1
    return mask


@attrs.frozen
class Resolved:
    """What a chosen action id means (:func:`resolve`).

    Attributes:
        action: the engine action to apply now, or ``None`` while a discard is being
            built card by card.
        pending: the discard's cards chosen so far (``()`` once ``action`` is set).
    """

    action: Action | None
    pending: tuple[Card, ...] = ()


def resolve(view: AnyView, number: int, pending: Sequence[Card | str] = ()) -> Resolved:
    """The meaning of the action id ``number`` chosen by the seat of ``view``.

    Outside a discard step the id's action (:func:`~trumpfamily.actions.action_from_id`).
    In a discard step: a one-card id adds its card to the pending cards (``action`` is
    ``None``), and :data:`DISCARD_DONE` gives the ``Discard`` of the pending cards.

    Args:
        view: the seat's view, on its turn.
        number: an id that :func:`action_mask` marks legal for this ``view`` and
            ``pending``.
        pending: the cards chosen so far for the discard being built.

    Returns:
        A :class:`Resolved`: the action to apply, or the new pending cards.

    Raises:
        InvalidArgumentError: ``number`` is not an action id; ``view`` or ``pending`` as
            :func:`action_mask`.
        IllegalActionError: the id is not legal now (the message names the legal actions).

    >>> import trumpfamily as tf
    >>> from trumpfamily.envs.encoding import DISCARD_DONE, resolve
    >>> from trumpfamily.bidding.engine import new_bidding_hand
    >>> hand = new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=1)
    >>> view = hand.view(0)
    >>> resolve(view, tf.action_id(tf.Bid(20)))
    Resolved(action=Bid(20), pending=())
    """
    view = _check_view(view)
    action = action_from_id(number)
    mask = action_mask(view, pending)
    if not mask[action_id(action)]:
        step = _discard_step(view)
        if step is None:
            what = f"{action!r} is not one of seat {view.seat}'s legal actions"
        elif action_id(action) in DISCARD_IDS:
            what = (f"adding {action.cards[0]} to the discard being built "  # type: ignore[union-attr]
                    "does not lead to a legal discard (cards are added in rising card-id "
                    "order)")
        else:
            what = ("in a discard step the ids are the one-card discards (add a card) and "
                    f"{DISCARD_DONE} (put the pending cards down)")
        raise IllegalActionError(action, f"action id {number}: {what}",
                                 legal=view.legal_actions, seat=view.seat,
                                 expected_seat=view.to_act)
    if _discard_step(view) is None:
        return Resolved(action)
    chosen = _pending(view, pending)
    if number == DISCARD_DONE:
        return Resolved(Discard(chosen))
    card = action.cards[0]  # type: ignore[union-attr]
    return Resolved(None, (*chosen, card))
