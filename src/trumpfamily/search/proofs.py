"""What a card played to a trick proves about the hand it came from (issue 11; shared by
the turn-up and the bidding samplers, issue 20).

A seat's play was legal (RULES.md §1.4), so its hand then made the card legal on the trick
so far. :class:`PlayFact` records one such play; the internal helpers here compile a
seat's plays for the library's own legality test (:func:`trumpfamily.tables.legal_mask`),
which decides, for a representative hidden hand, whether every play would have been
legal. :mod:`trumpfamily.search.constraints` (turn-up views) and
:mod:`trumpfamily.search.bidding_constraints` (bidding views) both build on it, and the
samplers count with it; it imports neither.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

import attrs

from ..actions import ACTION_TYPES
from ..cards import Card, Suit
from ..dealing import seeded_random, shuffled
from ..errors import InvalidArgumentError, safe_repr
from ..outcomes import BiddingView, GameContext, Phase, SeatView, Trick, Turn
from ..play import mask_table
from ..tables import FOLLOW, FREE, SUITS, MaskTable, legal_mask, mask_of
from ..variants import Variant

__all__ = ["PlayFact"]


@attrs.frozen
class PlayFact:
    """One card a seat played to a trick it did not lead, as evidence about its hand.

    The play was legal (RULES.md §1.4), so the seat's hand then, the cards
    :attr:`held_known` plus the hidden cards it still holds, must make :attr:`card` legal
    on :attr:`before` under the rules :attr:`demoted` names.

    Attributes:
        seat: the seat that played.
        trick: the trick's number, 1 to 5.
        card: the card played.
        before: the cards played to the trick before it, lead first (at least the lead).
        held_known: the cards the seat held then that the viewer knows of: this card,
            the cards it played later, and cards known to be in its hand (a robbed
            turn-up, a taken joker).
        demoted: the demoted Ace of trumps the play was judged under (RULES.md §1.5,
            EX-43), or ``None``. For a seat that may be a silent holder of the Ace
            (:attr:`Place.ace_silent`) this is the public reading; if it holds the Ace,
            its plays were judged with the Ace demoted (when ``unrobbed_ace`` demotes).
        proves: what the play can prove, in words: ``"nothing"``, ``"void in clubs"``,
            ``"no trump but ..."``.
    """

    seat: int
    trick: int
    card: Card
    before: tuple[Card, ...]
    held_known: tuple[Card, ...]
    demoted: Card | None
    proves: str


class _Tester:
    """A seat's play facts compiled for the library's legality test (internal; the
    sampler uses it too)."""

    def __init__(self, variant: Variant, trump: Suit | None, facts: Sequence[PlayFact],
                 silent_ace: Card | None) -> None:
        self.masks: set[int] = set()
        self.facts: list[tuple[int, int, int, tuple[int, ...], MaskTable, MaskTable]] = []
        for f in facts:
            assert trump is not None
            m = mask_table(variant, trump, f.demoted)
            ms = mask_table(variant, trump, silent_ace) if silent_ace is not None else m
            lead = f.before[0].index
            trick = tuple(x.index for x in f.before)
            for t in (m, ms):
                led = t.suit_of[lead]
                self.masks.update((t.suit_masks[led], t.trumps, t.hearts))
                if led == t.trump:
                    self.masks.add(withhold(t, lead, trick))
            self.facts.append(
                (f.card.bit, mask_of(f.held_known), lead, trick if m.highest else (), m, ms))
        if silent_ace is not None and facts:
            self.masks.add(silent_ace.bit)
        self.masks.discard(0)

    def passes(self, hidden: int, silent: bool) -> bool:
        """Whether every play was legal with the hidden cards ``hidden`` (a mask) in the
        hand, judged with the Ace demoted if ``silent`` (``legal_mask``, RULES.md §1.4)."""
        for bit, known, lead, trick, m, ms in self.facts:
            legal, _ = legal_mask(known | hidden, lead, ms if silent else m, trick)
            if not legal & bit:
                return False
        return True


def withhold(m: MaskTable, lead: int, trick: tuple[int, ...]) -> int:
    """The privileged trumps entitled to renege on a trick, as ``legal_mask`` reads them
    (RULES.md §1.4.3, §3 row 5)."""
    if m.highest:
        power, trump = m.power, m.trump
        return m.above[max(power[c] for c in (trick or (lead,)) if m.suit_of[c] == trump)]
    return m.withhold[lead]


def compositions(size: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every ``k`` with ``sum(k) == size`` and ``0 <= k[j] <= caps[j]`` (internal)."""
    n = len(caps)
    out = [0] * n
    if n == 0:
        if size == 0:
            yield ()
        return

    def rec(j: int, left: int) -> Iterator[tuple[int, ...]]:
        if j == n - 1:
            if left <= caps[j]:
                out[j] = left
                yield tuple(out)
            return
        for x in range(min(left, caps[j]) + 1):
            out[j] = x
            yield from rec(j + 1, left - x)

    yield from rec(0, size)


def _excluded_by_plays(tester: _Tester, size: int, unseen: Sequence[Card],
                       silent_ace: Card | None) -> set[Card]:
    """The unseen cards no hidden hand of ``size`` cards that passes the plays holds."""
    order = sorted(tester.masks)
    groups: dict[tuple[bool, ...], list[Card]] = {}
    for card in unseen:
        groups.setdefault(tuple(bool(card.bit & mk) for mk in order), []).append(card)
    classes = list(groups.values())
    ace = next((j for j, a in enumerate(classes) if silent_ace is not None and a == [silent_ace]), -1)
    prefix = [[mask_of(a[:k]) for k in range(len(a) + 1)] for a in classes]
    used = [False] * len(classes)
    for k in compositions(size, tuple(len(a) for a in classes)):
        if all(used[j] for j, x in enumerate(k) if x):
            continue
        hidden = 0
        for j, x in enumerate(k):
            if x:
                hidden |= prefix[j][x]
        if tester.passes(hidden, ace >= 0 and k[ace] > 0):
            for j, x in enumerate(k):
                if x:
                    used[j] = True
    return {c for j, a in enumerate(classes) if not used[j] for c in a}


def _proves(card: Card, before: tuple[Card, ...], m: MaskTable) -> tuple[bool, str, int | None]:
    """Whether a play can prove anything, what, and the suit a void would be in."""
    lead = before[0].index
    led = m.suit_of[lead]
    c = card.index
    if led != m.trump:
        if m.plain_lead == FREE or m.suit_of[c] == led:
            return False, "nothing", None
        if m.plain_lead != FOLLOW and m.suit_of[c] == m.trump:
            return False, "nothing", None
        name = SUITS[led].name.lower()
        return True, f"void in {name}", led
    if m.trump_lead_free or m.suit_of[c] == m.trump:
        return False, "nothing", None
    return True, "no trump but privileged ones that may renege against the trump led", None


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``: for a plain ``random.Random``, by
    :func:`~trumpfamily.dealing.shuffled` (the same order from the same generator state,
    faster: compiled in the compiled build); a subclass may draw otherwise, so it shuffles
    them itself."""
    if type(rng) is random.Random and len(cards) <= 64:
        shuffled(cards, rng)
    else:
        rng.shuffle(cards)


def _random_or_seeded(rng: random.Random | int | str | bytes | None) -> random.Random:
    """``rng`` itself, or a generator seeded with it as everywhere in the package
    (:func:`~trumpfamily.dealing.seeded_random`: the same seed, the same deals)."""
    if isinstance(rng, random.Random):
        return rng
    if rng is not None and (type(rng) is bool or not isinstance(rng, int | str | bytes)):
        raise InvalidArgumentError(
            f"rng={rng!r}: expected a random.Random, a seed (an int, str or bytes) or None, "
            f"not {type(rng).__name__}")
    return seeded_random(rng, "rng: ")


# -- the shape of an untrusted view (shared by constraints and bidding_constraints) ----

#: The longest history a view may have (docs/howto/game-server.rst: a hand's actions at
#: most 1,000).
_MAX_HISTORY = 1_000
#: The most cards any list of cards holds (a deck with the joker).
_MAX_CARDS = 53
#: The most entries of any other list of a view (seats, sides, tricks, counts).
_MAX_ITEMS = 64
_ACTION_CLASSES = frozenset(ACTION_TYPES.values())
#: The most legal actions a view may list (every discard of a hand of up to 12 cards).
_MAX_LEGAL = 4_096
#: The longest text field (a commitment, a reason, a turn's kind).
_MAX_TEXT = 200


class _ShapeError(InvalidArgumentError):
    """A field of the wrong type or size (internal: each view's check adds its source)."""


def _shape_error(name: str, value: object, what: str) -> _ShapeError:
    return _ShapeError(f"{name}={safe_repr(value)}: expected {what}")


def _check_tuple(name: str, value: object, most: int, what: str) -> tuple[object, ...]:
    if type(value) is not tuple or len(value) > most:
        raise _shape_error(name, value, f"a tuple of at most {most} {what}")
    return value


def _check_cards(name: str, value: object, most: int = _MAX_CARDS) -> None:
    for card in _check_tuple(name, value, most, "cards"):
        if type(card) is not Card:
            raise _shape_error(name, value, f"a tuple of at most {most} cards")


def _check_ints(name: str, value: object, optional: bool = False, most: int = _MAX_ITEMS
                ) -> None:
    for x in _check_tuple(name, value, most, "ints"):
        if type(x) is not int and not (optional and x is None):
            raise _shape_error(name, value, f"a tuple of at most {most} ints"
                               + " (or None)" * optional)


def _check_scalar(name: str, value: object, kind: type, optional: bool = True) -> None:
    if type(value) is not kind and not (optional and value is None):
        raise _shape_error(name, value, f"{'None or ' * optional}{kind.__name__}")


def _check_text(name: str, value: object, optional: bool = True) -> None:
    _check_scalar(name, value, str, optional)
    if value is not None and len(value) > _MAX_TEXT:  # type: ignore[arg-type]
        raise _shape_error(name, value, "a short str")


def _check_common(view: SeatView | BiddingView) -> None:
    """Check the fields a :class:`SeatView` and a :class:`BiddingView` share by type and
    size (linear in the view's size, nothing hashed; raises :class:`_ShapeError`)."""
    for name in ("seat", "players", "dealer", "leader"):
        _check_scalar(name, getattr(view, name), int, optional=False)
    _check_scalar("to_act", view.to_act, int)
    if not isinstance(view.variant, Variant):
        raise _shape_error("variant", view.variant, "a Variant")
    _check_scalar("phase", view.phase, Phase, optional=False)
    _check_scalar("trump", view.trump, Suit)
    _check_text("commitment", view.commitment)
    for name in ("hand", "current_trick"):
        _check_cards(name, getattr(view, name))
    _check_ints("trick_counts", view.trick_counts)
    for side in _check_tuple("sides", view.sides, _MAX_ITEMS, "sides"):
        _check_ints("sides", side)
    for trick in _check_tuple("tricks", view.tricks, _MAX_ITEMS, "tricks"):
        if (type(trick) is not Trick or type(trick.leader) is not int
                or type(trick.winner) is not int):
            raise _shape_error("tricks", view.tricks, "a tuple of Trick values")
        _check_cards("tricks", trick.cards, _MAX_ITEMS)
    for action in _check_tuple("legal_actions", view.legal_actions, _MAX_LEGAL, "actions"):
        if type(action) not in _ACTION_CLASSES:
            raise _shape_error("legal_actions", view.legal_actions, "a tuple of actions")
    _check_turns("history", view.history)
    game = view.game
    if game is not None:
        if type(game) is not GameContext or len(game) != len(GameContext._fields):
            raise _shape_error("game", game, "None or a GameContext")
        _check_scalar("game.hand_number", game.hand_number, int, optional=False)
        for name in ("hands_left", "target", "pool"):
            _check_scalar(f"game.{name}", getattr(game, name), int)
        for name in ("scores", "chips"):
            if getattr(game, name) is not None:
                _check_ints(f"game.{name}", getattr(game, name))


def _check_turns(name: str, turns: object) -> None:
    for i, turn in enumerate(_check_tuple(name, turns, _MAX_HISTORY, "turns")):
        if (type(turn) is not Turn or len(turn) != len(Turn._fields)
                or type(turn.seat) is not int
                or type(turn.kind) is not str or len(turn.kind) > 20
                or (turn.action is not None and type(turn.action) not in _ACTION_CLASSES)):
            raise _ShapeError(f"{name} turn {i} {safe_repr(turn)} is not a Turn (seat, "
                              "action or None, kind)")


def _seat_checker(n: int, inconsistent: Callable[[str], Exception]
                  ) -> Callable[..., None]:
    """``check(name, seat, optional=False)``: raise ``inconsistent(...)`` unless ``seat``
    is a seat of an ``n``-player table (or ``None`` when ``optional``); shared by the
    turn-up and the bidding view checks."""
    seats = range(n)

    def check(name: str, seat: object, optional: bool = False) -> None:
        if seat is None and optional:
            return
        if type(seat) is not int or seat not in seats:
            raise inconsistent(f"{name} {safe_repr(seat)} is not a seat of a {n}-player table")

    return check
