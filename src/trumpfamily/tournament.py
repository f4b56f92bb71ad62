"""Duplicate tournaments between bots, on one machine or a Dask cluster (issue 11).

:func:`tournament` plays many *deals* between bots and says which bot is better, and by how
much. A deal is one hand from a fresh game (:func:`~trumpfamily.game.new_game`, one hand,
the dealer and the deck fixed for that deal: :func:`duplicate_deal`). Under *duplicate*
play every deal is played once under each rotation of the seating, with the same cards,
so every bot holds every hand of the deal once and the luck of the cards cancels out.

Seating: with ``k`` bots at ``n`` seats (``k <= n``), the seating pattern is the bots
cycled over the seats, bot ``i % k`` at seat ``i`` (``A B A B`` for two bots at four
seats). Rotation ``r`` moves the pattern ``r`` seats: seat ``s`` holds the bot of the
pattern's seat ``(s + r) % n``. Duplicate play (``duplicate=True``) plays the ``n``
rotations, so each bot sits in each seat equally often (as often as it appears in the
pattern), except those that would seat every bot as an earlier rotation did: a pattern
that repeats round the table (``A B A B``) is played under its first ``p`` rotations only,
``p`` its period (2 there), since rotation ``r + p`` deals the same cards to the same bots
in the same seats as rotation ``r``; with ``duplicate=False`` each deal is played once, under rotation
``(deal // n) % n``, while the dealer is seat ``deal % n``: over ``n * n`` deals every
rotation meets every dealer once.

Partnerships: seat ``s`` plays for side ``s % m`` of ``m`` sides (RULES.md §1.1, the
sides alternate round the table). When the number of bots equals the number of sides
(two bots in four-handed partnership Forty-Five: ``A B A B``), each bot fills one side
in every rotation, which is what a match between two partnerships should be. Otherwise a
side holds different bots (three bots at four seats, ``A B C A``: A partners C against B
and A), and every seat is credited with its side's result, so partners share a result
and a bot may even play against itself. Prefer a number of bots equal to the number of
sides there (or ``k`` dividing ``n`` without partnerships; two bots at three seats,
``A B A``, give A two seats in every hand).

Results, per hand and seat (a *seat-hand*), in the game's unit (:attr:`TournamentResult.unit`):

* pool games (Maw, Spoil Five, Twenty-Five; RULES.md §1.6, §1.7): the net chips of the
  hand, :attr:`HandOutcome.chips <trumpfamily.outcomes.HandOutcome.chips>`: the ante paid
  (negative; the dealer's ``dealer_ante``) plus the pool share won and any jink payments.
  A deal is a one-hand game, so a spoiled pool (EX-58) does not carry over to a next
  hand: every seat has simply lost its ante.
* points games (Forty-Five; §2.3, §2.4): the points of the seat's side in the hand
  (``side_points``, the best-trump and five-trick bonuses included).
* bidding games (BIDDING.md §3.6): the change to the seat's side's score (``gains``: the
  bidders' points or minus their bid, the defenders' points); 0 for a hand thrown in.

A seat *wins* a hand when its side took the pool (it is one of ``winner_seats``; a spoil
is won by nobody), or, in points and bidding games, when its side's result is the highest
of the hand; sides tied for the highest share the win (each ``1/t`` for ``t`` sides
tied); a bidding hand thrown in is won by nobody.

Statistics: the deal is the independent unit (under duplicate play the rotations of one
deal share its cards), so each bot's results are first averaged over its seats and
rotations within a deal (:attr:`TournamentResult.per_deal`), then over the deals. The 95 %
confidence interval of a mean is ``mean ± t * s / sqrt(D)``, over ``D`` deals with the
sample standard deviation ``s`` of the per-deal means and ``t`` the 97.5 % point of
Student's t distribution with ``D - 1`` degrees of freedom (computed here, no SciPy);
with one deal there is no interval (``None``). The head-to-head table gives, for each
pair of bots, the mean per-deal difference of their means and its interval the same way.

Games (``unit="game"``; issue 20, part 4): at a 45s table what counts is winning the game
to the target (120 in Auction Forty-Fives), and a bid at 100-115 is not the bid it is at
0-0. With ``unit="game"`` a deal is a whole game, from a fresh
:class:`~trumpfamily.game.Game` to its end (BIDDING.md §3.7 E1-E3: the target, ``lose_at``,
``sets_to_lose``, ``finish="hands"``; RULES.md §2.3, §2.4 in Forty-Five), in the points
and the bidding games (a pool game has no end to play to and is refused). Game ``g`` has
a seeded *deck sequence* (:func:`duplicate_game`: each hand's deck from the master seed,
the game number and the hand number) and a first dealer ``g % n``; under duplicate play
every rotation of the seating is dealt the same sequence, hand after hand. That is the
duplicate control: the games themselves part after the first hand, as the scores (and so
the bids) differ. Each seat keeps one fresh bot for the whole game, and every view it is
shown carries the game's context (``view.game``: hand number, scores, target), so a bot
may aim at the game. A game is capped at ``max_hands`` hands (default 60, thrown-in hands
included): one still going then goes to the side with the highest score, and sides tied
for it share the win (a draw). Results per bot: its game-win rate (the share of its
seat-games its side won) with a 95 % interval, its points per hand (its side's score
changes, a thrown-in hand counting 0) with an interval, its points per game and the hands
per game; per pair of bots, the paired difference of their game-win shares and of their
points per hand. Every interval is Student's t over the duplicate game sets (each game
under all its rotations, the independent unit), as for hands; a win-rate interval is
clipped to 0..1.

Cheating oracles: a bot with a ``choose_state(state, seat)`` method
(:class:`~trumpfamily.players.OraclePlayer`) is handed the whole hand instead of its view,
in both units, and is marked ``oracle`` in the results (:attr:`BotStats.oracle`): an
upper reference to measure fair bots against, never a fair result.

Randomness: every random stream is derived from the master ``seed`` by SHA-256 of its
place (the deal's deck and each bot of each seat of each rotation of each deal), not
drawn in sequence, so the result is the same whichever executor runs the deals, in
whatever chunks and order: a serial run, a process pool and a Dask cluster give equal
:class:`TournamentResult` values for the same seed.

>>> import trumpfamily as tf
>>> result = tf.tournament({"thumb": tf.RuleOfThumbPlayer, "random": tf.RandomPlayer},
...                        tf.SPOIL_FIVE, deals=40, seed=1, executor="serial")
>>> result.players, [(b.name, b.hands) for b in result.bots], result.unit
(4, [('thumb', 160), ('random', 160)], 'chips')
>>> result.versus("thumb", "random").mean > 0
True
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import importlib
import inspect
import json
import math
import os
import pickle
import random
import re
import statistics
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final, Literal, TypeAlias

import attrs

from . import ratings as _ratings_module
from ._stats import t_critical
from .cards import Card
from .convert import CONVERTER, STRUCTURE_ERRORS, problems
from .dealing import seating_for, seeded_random, shuffled
from .engine import new_hand
from .errors import (
    DecodeError,
    IllegalActionError,
    InvalidArgumentError,
    PlayerCountError,
    safe_repr,
)
from .game import Game
from .levels import FACTORIES as LEVEL_FACTORIES
from .levels import LEVEL_NAMES
from .maija.jsonio import register_variant_union
from .maija.variants import MaijaVariant, is_maija_name
from .outcomes import HandOutcome
from .players import (
    ContextRuleOfThumbPlayer,
    Player,
    RandomPlayer,
    RuleOfThumbPlayer,
    is_oracle,
)
from .ratings import Rating, RatingMethod, fit_ratings
from .search.bots import ISMCTSPlayer, SampleSolvePlayer
from .search.oracles import BestResponseOracle, ParanoidOracle
from .search.rollout import RolloutPlayer
from .search.turnup_oracles import TurnUpBestResponseOracle
from .variants import Variant, find_variant, table_sides

__all__ = [
    "BOTS",
    "BotFactory",
    "BotStats",
    "HeadToHead",
    "TournamentResult",
    "bot_factory",
    "duplicate_deal",
    "duplicate_game",
    "t_critical",
    "tournament",
]

#: A bot factory: called with a seed (an int) for each seat of each rotation of each deal,
#: returns a fresh :class:`~trumpfamily.players.Player`.
BotFactory: TypeAlias = Callable[[int], Player]

#: The built-in bots by name, for the command line and for bots given as text
#: (:func:`bot_factory`): a plain dict, name -> a Player class or a factory, that a program
#: may extend (``BOTS["mine"] = MyPlayer``) before naming its bot. A bot that is not in
#: it is named by where it is defined, ``"package.module:Class"`` (:func:`bot_factory`).
BOTS: Final[dict[str, Callable[..., Player]]] = {
    "random": RandomPlayer,
    "rule-of-thumb": RuleOfThumbPlayer,
    "context-rule-of-thumb": ContextRuleOfThumbPlayer,
    "sample-solve": SampleSolvePlayer,
    "ismcts": ISMCTSPlayer,
    "rollout": RolloutPlayer,
    "oracle-best-response": BestResponseOracle,  # type: ignore[dict-item]  # cheating
    "oracle-paranoid": ParanoidOracle,  # type: ignore[dict-item]  # cheating
    "oracle-turnup": TurnUpBestResponseOracle,  # type: ignore[dict-item]  # cheating, turn-up games
    # the difficulty levels (trumpfamily.levels), also named "level:NAME"
    **LEVEL_FACTORIES,
}


# -- bots ----------------------------------------------------------------------------------

_Mode: TypeAlias = Literal["keyword", "positional", "none"]


@attrs.frozen
class _Factory:
    """A picklable factory: ``target(seed=seed, **kwargs)``, ``target(seed, **kwargs)`` or
    ``target(**kwargs)`` by ``mode``, checked to give a player."""

    target: Callable[..., Any]
    mode: _Mode
    kwargs: tuple[tuple[str, Any], ...] = ()

    def __call__(self, seed: int) -> Player:
        kwargs = dict(self.kwargs)
        if self.mode == "keyword":
            bot = self.target(seed=seed, **kwargs)
        elif self.mode == "positional":
            bot = self.target(seed, **kwargs)
        else:
            bot = self.target(**kwargs)
        if not (callable(getattr(bot, "choose", None)) or is_oracle(bot)):
            raise InvalidArgumentError(
                f"the bot factory {_describe(self.target)} returned {type(bot).__name__} "
                f"{bot!r:.60}, not a Player (an object with choose(view), or a cheating "
                "OraclePlayer with choose_state(state, seat))"
            )
        return bot  # type: ignore[no-any-return]


def _describe(target: object) -> str:
    return getattr(target, "__qualname__", None) or type(target).__name__


def _mode(target: Callable[..., Any], kwargs: Mapping[str, Any]) -> _Mode:
    """How to pass the seed to ``target``: by keyword when it has a ``seed`` parameter, not
    at all when it needs no argument, positionally (a factory ``f(seed)``) when it is not a
    class and needs one argument."""
    try:
        params = inspect.signature(target).parameters
    except (TypeError, ValueError):  # no signature to read (a builtin): a factory
        return "positional"
    seed = params.get("seed")
    keyword = seed is not None and seed.kind is not inspect.Parameter.POSITIONAL_ONLY
    required = [p.name for p in params.values()
                if p.default is inspect.Parameter.empty and p.name not in kwargs
                and not (keyword and p.name == "seed")
                and p.kind not in (inspect.Parameter.VAR_POSITIONAL,
                                   inspect.Parameter.VAR_KEYWORD)]
    if not required:
        return "keyword" if keyword else "none"
    if keyword or isinstance(target, type) or len(required) > 1:
        raise InvalidArgumentError(
            f"cannot make a bot from {_describe(target)}: it needs the arguments "
            f"{', '.join(required)}; give a class whose only arguments are seed= and ones "
            "with defaults, or a factory taking the seed, e.g. "
            "functools.partial(MyPlayer, depth=3) or lambda seed: MyPlayer(seed, 3)"
        )
    return "positional"


def _parse_value(text: str) -> Any:
    """A budget value typed after a bot's name: a bool, ``None`` (``none``), an int, a
    float, else the text."""
    word = text.strip()
    if word.lower() in ("true", "false"):
        return word.lower() == "true"
    if word.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(word)
        except ValueError:
            pass
    return word


#: A dotted module path (``package.module``) and an attribute name (``Class``): what a
#: bot of one's own is named by, ``"package.module:Class"``.
_MODULE: Final = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_IDENTIFIER: Final = re.compile(r"[A-Za-z_]\w*")


def _imported(text: str, module: str, attribute: str) -> Any:
    """The class or factory ``attribute`` of the module ``module``, imported by its dotted
    name (:func:`importlib.import_module`: no file path, nothing but that module and the
    packages it is in), for the bot ``text``."""
    if not _IDENTIFIER.fullmatch(attribute):
        raise InvalidArgumentError(
            f"bot {text!r}: a bot of your own is 'package.module:Class' (then ':key=value,..."
            f"' for its arguments); {attribute!r} is not the name of a class or function"
        )
    try:
        loaded = importlib.import_module(module)
    except ImportError as error:
        hint = (f" (the module's name, not its file: {module[:-3]!r})"
                if module.endswith(".py") else "")
        raise InvalidArgumentError(
            f"bot {text!r}: cannot import module {module!r} ({error}): it must be importable "
            f"by its dotted name, installed or on PYTHONPATH{hint}"
        ) from None
    except Exception as error:  # noqa: BLE001  # the module's own code failed
        raise InvalidArgumentError(
            f"bot {text!r}: importing module {module!r} failed "
            f"({type(error).__name__}: {error})"
        ) from None
    target = getattr(loaded, attribute, None)
    if target is None:
        raise InvalidArgumentError(f"bot {text!r}: module {module!r} has no {attribute!r}")
    return _check_entry(target, f"bot {text!r}: {module}.{attribute} is ")


def _from_text(text: str) -> _Factory:
    """The factory of a bot named in :data:`BOTS`, or of one's own bot named
    ``package.module:Class``, with ``:key=value,...`` arguments."""
    name, _, rest = text.partition(":")
    name = name.strip()
    if name == "level" and "level" not in BOTS:  # "level:club[,key=value...]"
        level, _, rest = rest.partition(",")
        if level.strip().lower() not in LEVEL_NAMES:
            raise InvalidArgumentError(
                f"bot {text!r}: unknown level {level.strip()!r}; the levels are "
                f"{', '.join(LEVEL_NAMES)} ('level:club', or the name alone, 'club')")
        name = level.strip().lower()
    target = BOTS.get(name)
    if target is None:
        if not (rest and _MODULE.fullmatch(name)):
            raise InvalidArgumentError(
                f"no bot of that name in BOTS; the bots are {', '.join(sorted(BOTS))} "
                "(arguments follow a colon: 'name:key=value,key=value'; the difficulty "
                f"levels are {', '.join(LEVEL_NAMES)}, also 'level:NAME'), or a bot of your "
                "own, 'package.module:Class'"
            )
        attribute, _, rest = rest.partition(":")
        target = _imported(text, name, attribute.strip())
    kwargs: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InvalidArgumentError(
                f"bot {text!r}: expected name:key=value,... after the name, got {item!r}"
            )
        kwargs[key.strip()] = _parse_value(value)
    if kwargs and isinstance(target, _Factory):
        raise InvalidArgumentError(f"bot {name!r} takes no arguments, got {text!r}")
    if isinstance(target, _Factory):
        return target
    return _Factory(target, _mode(target, kwargs), tuple(sorted(kwargs.items())))


def bot_factory(entry: object) -> BotFactory:
    """The factory :func:`tournament` makes the bots of ``entry`` with: one fresh, seeded
    player for every seat of every rotation of every deal (no state, and no sight of
    another seat's cards, carries from one to the next).

    Args:
        entry: one of

            * a :class:`~trumpfamily.players.Player` class: made with ``seed=`` when it has
              a ``seed`` parameter (:class:`~trumpfamily.players.RandomPlayer`), with no
              argument when it needs none (:class:`~trumpfamily.players.RuleOfThumbPlayer`);
            * a factory ``factory(seed: int) -> Player``: a function or
              ``functools.partial`` (``functools.partial(MyPlayer, depth=3)`` is called as
              ``MyPlayer(seed=..., depth=3)`` when ``MyPlayer`` takes ``seed=``);
            * the name of a bot of :data:`BOTS`, with arguments if it takes them:
              ``"random"``, ``"rule-of-thumb"``, ``"name:key=value,key=value"`` (values
              are read as bools, ``None`` (``none``), ints, floats or text);
            * a bot of your own by where it is defined, ``"package.module:Class"`` (a
              class or a factory, as above), with arguments after a second colon,
              ``"package.module:Class:key=value"``. The module is imported by its dotted
              name with :func:`importlib.import_module`, from the installed packages and
              ``sys.path`` as they are (``PYTHONPATH``; ``python -m`` adds the current
              folder): no file path is taken and nothing else is imported, and only that
              module's attribute is read. A name of :data:`BOTS` comes first
              (``"random:..."`` is the built-in bot, never the module ``random``).

            To run in worker processes an entry must pickle: a class or function defined
            at a module's top level, or a ``functools.partial`` of one (not a lambda).

    Returns:
        A callable ``factory(seed: int) -> Player``.

    Raises:
        InvalidArgumentError: ``entry`` is a player object rather than its class (each
            seat needs a fresh one), an unknown bot name or malformed arguments, a module
            that cannot be imported or has no such attribute, a class needing arguments
            other than ``seed``, or not callable.

    >>> import trumpfamily as tf
    >>> from trumpfamily.tournament import bot_factory
    >>> type(bot_factory("random")(7)).__name__, type(bot_factory(tf.RuleOfThumbPlayer)(7)).__name__
    ('RandomPlayer', 'RuleOfThumbPlayer')
    >>> type(bot_factory("trumpfamily.players:RandomPlayer")(7)).__name__
    'RandomPlayer'
    """
    if isinstance(entry, str):
        return _from_text(entry)
    if isinstance(entry, _Factory):
        return entry
    target = _check_entry(entry, "")
    return _Factory(target, _mode(target, {}))


def _check_entry(entry: object, prefix: str) -> Callable[..., Any]:
    """``entry``, refused unless it is a class or a factory (``prefix`` names where it
    came from)."""
    if not callable(entry) or (not isinstance(entry, type)
                                and (callable(getattr(entry, "choose", None))
                                     or is_oracle(entry))):
        if callable(getattr(entry, "choose", None)) or is_oracle(entry):
            raise InvalidArgumentError(
                f"{prefix}{'a' if prefix else 'got a'} {type(entry).__name__} player object: "
                "give its class (or a factory taking a seed) instead, as every seat of "
                "every deal gets a fresh bot"
            )
        if prefix:
            raise InvalidArgumentError(
                f"{prefix}not a Player class or a factory taking a seed: got "
                f"{type(entry).__name__} {entry!r:.60}"
            )
        raise InvalidArgumentError(
            f"a bot is a Player class, a factory taking a seed, or a name in BOTS "
            f"({', '.join(sorted(BOTS))}); got {type(entry).__name__} {entry!r:.60}"
        )
    return entry


def _entry_name(entry: object) -> str:
    """The name a bot given in a sequence is shown by."""
    if isinstance(entry, str):
        return entry.strip()
    func = getattr(entry, "func", None)  # functools.partial
    if func is not None and not isinstance(entry, type):
        return _entry_name(func)
    name = getattr(entry, "__name__", None)
    return name if isinstance(name, str) and name != "<lambda>" else type(entry).__name__


def _unique(names: Iterable[str]) -> tuple[str, ...]:
    """``names`` with repeats numbered: ``random``, ``random-2``, ``random-3``."""
    given = list(names)
    seen: dict[str, int] = {}
    taken = set(given)
    out = []
    for name in given:
        count = seen.get(name, 0) + 1
        seen[name] = count
        if count == 1:
            out.append(name)
            continue
        n = count
        while f"{name}-{n}" in taken:
            n += 1
        taken.add(f"{name}-{n}")
        out.append(f"{name}-{n}")
    return tuple(out)


def _bots(bots: object) -> tuple[tuple[str, ...], tuple[BotFactory, ...]]:
    """Names and factories of ``bots`` (a mapping name -> entry, or a sequence)."""
    if isinstance(bots, Mapping):
        items = list(bots.items())
        for name, _ in items:
            if not isinstance(name, str) or not name.strip():
                raise InvalidArgumentError(f"bot names must be non-empty str, got {name!r}")
        names = tuple(name for name, _ in items)
        entries = [entry for _, entry in items]
    elif isinstance(bots, Sequence) and not isinstance(bots, str):
        entries = list(bots)
        names = _unique(_entry_name(e) for e in entries)
    else:
        raise InvalidArgumentError(
            "bots must be a mapping name -> bot or a sequence of bots (Player classes, "
            f"factories or names in BOTS), got {type(bots).__name__} {bots!r:.60}"
        )
    if len(entries) < 2:
        raise InvalidArgumentError(
            f"a tournament needs at least 2 bots, got {len(entries)}"
        )
    factories = []
    for name, entry in zip(names, entries, strict=True):
        try:
            factory = bot_factory(entry)
            factory(0)  # made once now, so that a bad bot is named before any deal
        except InvalidArgumentError as error:
            prefix = f"bot {name!r}: "
            message = str(error)  # a bot named by its text may name itself already
            raise InvalidArgumentError(
                message if message.startswith(prefix) else prefix + message) from None
        except TypeError as error:
            raise InvalidArgumentError(
                f"bot {safe_repr(name, 200)}: making it with a seed failed "
                f"({safe_repr(str(error), 300)})"
            ) from None
        factories.append(factory)
    return names, tuple(factories)


# -- deals and streams ---------------------------------------------------------------------

def _stream(seed: int | str, *place: object) -> int:
    """A 64-bit seed for the random stream at ``place``, derived from the master seed by
    SHA-256 (independent of any order of drawing)."""
    text = json.dumps([seed, *place], separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def duplicate_deal(
    variant: Variant | str, *, players: int, seed: int | str, deal: int
) -> tuple[int, tuple[Card, ...]]:
    """The dealer and the deck of deal number ``deal`` of a tournament: every rotation of
    the deal is played from them.

    Args:
        variant: the rules, or a preset's name.
        players: the number of seats.
        seed: the tournament's master seed (an int or str).
        deal: the deal's number, an int from 0.

    Returns:
        ``(dealer, deck)``: the dealer is seat ``deal % players``; the deck (top card
        first) is the engine's own shuffle (:func:`~trumpfamily.engine.new_hand`) seeded
        by the deal's stream of ``seed``.

    Raises:
        InvalidArgumentError: ``seed`` is not an int or str, or ``deal`` not an int from 0.
        PlayerCountError, UnknownVariantError: as for :func:`~trumpfamily.engine.new_hand`.

    >>> import trumpfamily as tf
    >>> from trumpfamily.tournament import duplicate_deal
    >>> dealer, deck = duplicate_deal(tf.FORTY_FIVE, players=4, seed=1, deal=6)
    >>> dealer, len(deck), deck == duplicate_deal(tf.FORTY_FIVE, players=4, seed=1, deal=6)[1]
    (2, 52, True)
    """
    _check_seed(seed)
    if type(deal) is not int or deal < 0:
        raise InvalidArgumentError(f"deal={safe_repr(deal)}: a deal's number is an int from 0")
    dealer = deal % players if type(players) is int and players > 0 else 0
    hand = new_hand(variant, players=players, dealer=dealer, seed=_stream(seed, "deck", deal))
    return dealer, hand.deck


def _check_seed(seed: object) -> None:
    if type(seed) is not int and not isinstance(seed, str):
        raise InvalidArgumentError(
            f"seed={seed!r}: a tournament's seed is an int or a str, not {type(seed).__name__}"
        )


def duplicate_game(
    variant: Variant | str, *, players: int, seed: int | str, game: int, hands: int
) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    """The first dealer and the deck sequence of game number ``game`` of a tournament
    played with ``unit="game"``: every rotation of the game is dealt from them, hand after
    hand (the duplicate control; the games themselves diverge once the scores differ).

    Args:
        variant: the rules, or a preset's name.
        players: the number of seats.
        seed: the tournament's master seed (an int or str).
        game: the game's number, an int from 0.
        hands: how many decks, an int from 1 (the first ``hands`` hands of the game,
            thrown-in hands included: a hand thrown in uses up its deck).

    Returns:
        ``(dealer, decks)``: the first dealer is seat ``game % players`` (the deal then
        passes left, RULES.md §1.8); deck ``h`` (from 0, the deck of hand ``h + 1``, top
        card first) is the engine's own shuffle (:func:`~trumpfamily.engine.new_hand`)
        seeded by the stream of ``seed`` at ``("game-deck", game, h + 1)``, so each deck
        depends on the seed, the game and the hand alone: a longer sequence extends a
        shorter one.

    Raises:
        InvalidArgumentError: ``seed`` is not an int or str, ``game`` not an int from 0,
            ``hands`` not an int from 1.
        PlayerCountError, UnknownVariantError: as for :func:`~trumpfamily.engine.new_hand`.

    >>> import trumpfamily as tf
    >>> from trumpfamily.tournament import duplicate_game
    >>> dealer, decks = duplicate_game(tf.AUCTION_45, players=4, seed=1, game=5, hands=3)
    >>> dealer, len(decks), decks[:2] == duplicate_game(tf.AUCTION_45, players=4, seed=1,
    ...                                                 game=5, hands=2)[1]
    (1, 3, True)
    """
    _check_seed(seed)
    if type(game) is not int or game < 0:
        raise InvalidArgumentError(f"game={safe_repr(game)}: a game's number is an int from 0")
    if type(hands) is not int or hands < 1:
        raise InvalidArgumentError(f"hands={safe_repr(hands)}: expected an int from 1")
    variant = find_variant(variant)
    base = seating_for(variant, players, 0).base_deck
    dealer = game % players
    return dealer, tuple(_game_deck(base, seed, game, h) for h in range(1, hands + 1))


def _game_deck(base: Sequence[Card], seed: int | str, game: int, hand: int) -> tuple[Card, ...]:
    """Deck of hand ``hand`` (from 1) of game ``game``: the engine's shuffle of ``base``
    (as :func:`~trumpfamily.engine.new_hand` and
    :func:`~trumpfamily.bidding.engine.new_bidding_hand` shuffle for a seed)."""
    return tuple(shuffled(list(base), seeded_random(_stream(seed, "game-deck", game, hand))))


# -- playing (in any process) --------------------------------------------------------------

@attrs.frozen
class _Plan:
    """Everything a worker needs to play deals (sent to it pickled)."""

    variant: Variant
    players: int
    names: tuple[str, ...]
    factories: tuple[BotFactory, ...]
    pattern: tuple[int, ...]
    duplicate: bool
    seed: int | str
    unit: str = "hand"
    max_hands: int = 60


#: One deal's results: per bot, its mean result per seat-hand and its mean win share.
_DealResult: TypeAlias = tuple[tuple[float, ...], tuple[float, ...]]


@attrs.frozen
class _GameRow:
    """One duplicate game set's results (``unit="game"``), per bot over its seats and
    rotations: points per hand, game-win share, points per game, seat-hands played; and
    the mean hands per game, the games stopped by the cap and the capped games drawn."""

    per_hand: tuple[float, ...]
    wins: tuple[float, ...]
    per_game: tuple[float, ...]
    seat_hands: tuple[int, ...]
    hands: float
    capped: int
    drawn: int


def _seat_results(outcome: HandOutcome, players: int) -> tuple[list[int], list[Fraction]]:
    """Each seat's result and win share in a hand (see the module's description)."""
    if outcome.chips is not None:  # a pool game
        winners = set(outcome.winner_seats)
        return list(outcome.chips), [Fraction(s in winners) for s in range(players)]
    side_of = {seat: i for i, side in enumerate(outcome.sides) for seat in side}
    per_side = outcome.gains if outcome.scoring == "bidding" else outcome.side_points
    if per_side is None:  # a bidding hand thrown in
        per_side = (0,) * len(outcome.sides)
    values = [per_side[side_of[s]] for s in range(players)]
    if outcome.thrown_in:
        return values, [Fraction(0)] * players
    top = max(per_side)
    tops = sum(1 for v in per_side if v == top)
    return values, [Fraction(1, tops) if per_side[side_of[s]] == top else Fraction(0)
                    for s in range(players)]


def _period(pattern: Sequence[object]) -> int:
    """The smallest rotation that seats every bot where rotation 0 seats it (2 for
    ``A B A B``; the number of seats when no smaller one does)."""
    n = len(pattern)
    return next(p for p in range(1, n + 1)
                if n % p == 0 and all(pattern[(s + p) % n] == pattern[s] for s in range(n)))


def _rotations(plan: _Plan, deal: int) -> range:
    n = plan.players
    if plan.duplicate:
        return range(_period(plan.pattern))
    r = (deal // n) % n
    return range(r, r + 1)


def _play_rotation(plan: _Plan, deal: int, rotation: int, dealer: int,
                   deck: tuple[Card, ...]) -> tuple[tuple[int, ...], Game]:
    """Play ``deal`` under ``rotation``; returns the bot at each seat and the game."""
    n = plan.players
    seats = tuple(plan.pattern[(s + rotation) % n] for s in range(n))
    bots = [plan.factories[b](_stream(plan.seed, "bot", b, deal, rotation, s))
            for s, b in enumerate(seats)]
    game = Game(plan.variant, players=n, seed=0, dealer=dealer, hands=1, decks=[deck])
    try:
        game.play(bots)
    except IllegalActionError as error:
        raise _relabel(plan, seats, f"deal {deal}, rotation {rotation}", error) from None
    return seats, game


def _relabel(plan: _Plan, seats: tuple[int, ...], where: str,
             error: IllegalActionError) -> IllegalActionError:
    """``error`` with the deal (or game), the rotation and the bot named."""
    return IllegalActionError(
        error.action,
        f"{where}: bot {plan.names[seats[error.seat or 0]]!r} at seat {error.seat}: "
        f"{error.reason}",
        code=error.code, legal=error.legal, seat=error.seat,
        expected_seat=error.expected_seat, rule=error.rule, sources=error.sources,
    )


#: The decks a game's first rotation is dealt before more are shuffled (doubling up to
#: the cap; a rotation that outruns its decks is replayed from its start with more).
_FIRST_DECKS: Final = 16


def _play_game(plan: _Plan, game_number: int, rotation: int, dealer: int,
               decks: list[tuple[Card, ...]]) -> tuple[tuple[int, ...], Game]:
    """Play game ``game_number`` under ``rotation`` to its end (or the cap) from the deck
    sequence ``decks``, extended in place as the game needs; returns the bot at each seat
    and the game. Fresh bots for the game, kept from hand to hand."""
    n = plan.players
    seats = tuple(plan.pattern[(s + rotation) % n] for s in range(n))
    base = seating_for(plan.variant, n, 0).base_deck
    need = min(plan.max_hands, max(len(decks), _FIRST_DECKS))
    while True:
        decks.extend(_game_deck(base, plan.seed, game_number, h)
                     for h in range(len(decks) + 1, need + 1))
        bots = [plan.factories[b](_stream(plan.seed, "game-bot", b, game_number, rotation, s))
                for s, b in enumerate(seats)]
        game = Game(plan.variant, players=n, seed=0, dealer=dealer, hands=plan.max_hands,
                    decks=decks[:need])
        try:
            while not game.is_over and game.hand_number <= need:
                game.play_hand(bots)
        except IllegalActionError as error:
            raise _relabel(plan, seats, f"game {game_number}, rotation {rotation}, hand "
                           f"{game.hand_number}", error) from None
        if game.is_over:
            return seats, game
        need = min(plan.max_hands, 2 * need)  # the next deck was not the sequence's: again


def _game_shares(game: Game) -> tuple[list[Fraction], bool, bool]:
    """Each side's share of the game's win, whether the cap ended it, and whether that
    was a draw: the winner takes 1; a game stopped at ``max_hands`` hands goes to the side
    with the highest score, sides tied for it sharing the win (``1/t`` each: a draw)."""
    sides = len(game.sides)
    if game.winner is not None:
        return [Fraction(int(i == game.winner)) for i in range(sides)], False, False
    scores = game.scores
    top = max(scores)
    tops = scores.count(top)
    return ([Fraction(1, tops) if x == top else Fraction(0) for x in scores],
            True, tops > 1)


def _play_game_set(plan: _Plan, game_number: int) -> _GameRow:
    """One game under all its rotations (``unit="game"``), from one deck sequence."""
    k, n = len(plan.names), plan.players
    dealer = game_number % n
    decks: list[tuple[Card, ...]] = []
    points = [0] * k
    hands = [0] * k
    wins = [Fraction(0)] * k
    counts = [0] * k
    game_hands = []
    capped = drawn = 0
    for rotation in _rotations(plan, game_number):
        seats, game = _play_game(plan, game_number, rotation, dealer, decks)
        totals = [0] * n
        for outcome in game.outcomes:
            values, _ = _seat_results(outcome, n)
            totals = [t + v for t, v in zip(totals, values, strict=True)]
        shares, cap, draw = _game_shares(game)
        capped += cap
        drawn += draw
        played = len(game.outcomes)
        game_hands.append(played)
        side_of = {seat: i for i, side in enumerate(game.sides) for seat in side}
        for seat, bot in enumerate(seats):
            points[bot] += totals[seat]
            hands[bot] += played
            wins[bot] += shares[side_of[seat]]
            counts[bot] += 1
    return _GameRow(
        tuple(p / h for p, h in zip(points, hands, strict=True)),
        tuple(float(w / c) for w, c in zip(wins, counts, strict=True)),
        tuple(p / c for p, c in zip(points, counts, strict=True)),
        tuple(hands), statistics.fmean(game_hands), capped, drawn,
    )


def _play_deal(plan: _Plan, deal: int) -> _DealResult:
    """One deal under all its rotations: per bot, the mean result and win share over its
    seat-hands."""
    k = len(plan.names)
    dealer, deck = duplicate_deal(plan.variant, players=plan.players, seed=plan.seed, deal=deal)
    totals = [0] * k
    wins = [Fraction(0)] * k
    counts = [0] * k
    for rotation in _rotations(plan, deal):
        seats, game = _play_rotation(plan, deal, rotation, dealer, deck)
        values, shares = _seat_results(game.outcomes[-1], plan.players)
        for seat, bot in enumerate(seats):
            totals[bot] += values[seat]
            wins[bot] += shares[seat]
            counts[bot] += 1
    return (tuple(t / c for t, c in zip(totals, counts, strict=True)),
            tuple(float(w / c) for w, c in zip(wins, counts, strict=True)))


def _play_chunk(plan: _Plan, start: int, stop: int) -> list[Any]:
    """Deals (or games) ``start`` to ``stop - 1`` (the task sent to an executor): a
    :data:`_DealResult` per deal, or a :class:`_GameRow` per game."""
    if plan.unit == "game":
        return [_play_game_set(plan, game) for game in range(start, stop)]
    return [_play_deal(plan, deal) for deal in range(start, stop)]


# -- statistics ----------------------------------------------------------------------------

# t_critical (and the exact t distribution behind it): trumpfamily._stats


def _interval(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """Mean and 95 % confidence interval of ``values`` (independent deals)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None, None
    half = t_critical(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


# -- the result ----------------------------------------------------------------------------

@attrs.frozen
class BotStats:
    """One bot's results in a tournament.

    Attributes:
        name: the bot's name.
        seats: how many seats the bot holds in every hand (its places in the seating
            pattern).
        hands: how many seat-hands it played in all (``seats`` times the rotations played
            times the deals).
        mean: its mean result per seat-hand, in the tournament's unit (chips or points).
        ci_low: the low end of the 95 % confidence interval of ``mean`` over the deals
            (``None`` with a single deal).
        ci_high: the high end (``None`` with a single deal).
        win_rate: the share of its seat-hands it won (0 to 1; see the module); with
            ``unit="game"`` the share of its seat-games it won (the game-win rate).
        oracle: whether the bot is a cheating :class:`~trumpfamily.players.OraclePlayer`
            (it saw every hand: an upper reference, not a fair result).
        games: ``unit="game"``: how many seat-games it played (``seats`` times the
            rotations times the games); ``None`` for one-hand deals.
        win_ci_low: ``unit="game"``: the low end of the 95 % interval of ``win_rate``
            (Student's t over the duplicate game sets, clipped to 0..1; ``None`` with one
            game, or for one-hand deals).
        win_ci_high: the high end, likewise.
        points_per_game: ``unit="game"``: its side's mean points gained per game (the
            final score less the starting one; ``None`` for one-hand deals).
        hands_per_game: ``unit="game"``: the mean number of hands its games lasted (thrown-
            in hands included; ``None`` for one-hand deals).
    """

    name: str
    seats: int
    hands: int
    mean: float
    ci_low: float | None
    ci_high: float | None
    win_rate: float
    oracle: bool = False
    games: int | None = None
    win_ci_low: float | None = None
    win_ci_high: float | None = None
    points_per_game: float | None = None
    hands_per_game: float | None = None


@attrs.frozen
class HeadToHead:
    """Two bots compared deal by deal: the mean, over the deals, of ``first``'s mean
    result per seat-hand minus ``second``'s, in the tournament's unit.

    Attributes:
        first: a bot's name.
        second: the other's.
        mean: the mean difference (positive: ``first`` did better).
        ci_low: the low end of its 95 % confidence interval (``None`` with one deal).
        ci_high: the high end (``None`` with one deal).
        win_mean: ``unit="game"``: the mean, over the duplicate game sets, of ``first``'s
            game-win share minus ``second``'s (from -1 to 1); ``None`` for one-hand deals.
        win_ci_low: its 95 % interval's low end (Student's t over the game sets; ``None``
            with one game, or for one-hand deals).
        win_ci_high: the high end, likewise.
    """

    first: str
    second: str
    mean: float
    ci_low: float | None
    ci_high: float | None
    win_mean: float | None = None
    win_ci_low: float | None = None
    win_ci_high: float | None = None

    def flipped(self) -> HeadToHead:
        """The same comparison the other way round (``second`` minus ``first``)."""
        return HeadToHead(self.second, self.first, -self.mean, _neg(self.ci_high),
                          _neg(self.ci_low), _neg(self.win_mean), _neg(self.win_ci_high),
                          _neg(self.win_ci_low))


def _neg(x: float | None) -> float | None:
    return None if x is None else -x


#: The mark of a cheating bot in :meth:`TournamentResult.table`.
_ORACLE: Final = "  (oracle: sees every hand)"


def _count(n: int, noun: str) -> str:
    """``1 game``, ``2 games``, ``1,000 games``."""
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _signed(x: float | None, digits: int = 3) -> str:
    return "-" if x is None else f"{x:+.{digits}f}"


@attrs.frozen
class TournamentResult:
    """What :func:`tournament` found: an immutable value, equal for equal runs whatever
    the executor.

    Attributes:
        variant: the rules played.
        players: the number of seats.
        deals: the number of deals.
        duplicate: whether every deal was played under every rotation.
        seed: the master seed (an int or str; drawn at random when none was given), from
            which the run can be repeated exactly.
        unit: ``"chips"`` (pool games) or ``"points"`` (points and bidding games).
        seating: the bot's name at each seat in rotation 0 (the seating pattern).
        bots: each bot's :class:`BotStats`, in the order the bots were given.
        head_to_head: a :class:`HeadToHead` for each pair of bots ``(i, j)``, ``i < j``
            in that order (:meth:`versus` finds one either way round).
        per_deal: the raw results: for each deal in order, a tuple of each bot's mean
            result per seat-hand in that deal (over its seats and rotations), bots in the
            order of :attr:`bots`. ``D`` tuples of ``k`` floats, ready to plot.
        per_deal_wins: the same shape: each bot's share of its seat-hands won, per deal.
        deal_unit: what a deal is: ``"hand"`` (one-hand deals, the default) or ``"game"``
            (a whole game to the target from a duplicate deck sequence; ``deals`` is then
            the number of games, :attr:`per_deal` holds points per hand and
            :attr:`per_deal_wins` game-win shares, per game).
        max_hands: ``unit="game"``: the cap on the hands of a game (``None`` for one-hand
            deals).
        per_deal_points: ``unit="game"``: per game, each bot's mean points per game (its
            side's gain over the game); ``()`` for one-hand deals.
        per_deal_hands: ``unit="game"``: per game, the mean number of hands it lasted over
            its rotations; ``()`` for one-hand deals.
        capped: ``unit="game"``: how many games (counting every rotation) the cap ended.
        drawn: how many of those were drawn (sides tied for the highest score).
    """

    #: Read by :func:`~trumpfamily.ratings.fit_ratings` (which cannot import this module).
    _rated_by_fit_ratings: ClassVar[bool] = True

    variant: Variant | MaijaVariant
    players: int
    deals: int
    duplicate: bool
    seed: int | str
    unit: str
    seating: tuple[str, ...]
    bots: tuple[BotStats, ...]
    head_to_head: tuple[HeadToHead, ...]
    per_deal: tuple[tuple[float, ...], ...]
    per_deal_wins: tuple[tuple[float, ...], ...]
    deal_unit: str = "hand"
    max_hands: int | None = None
    per_deal_points: tuple[tuple[float, ...], ...] = ()
    per_deal_hands: tuple[float, ...] = ()
    capped: int = 0
    drawn: int = 0

    @property
    def hands_per_game(self) -> float | None:
        """``unit="game"``: the mean number of hands a game lasted (``None`` for one-hand
        deals)."""
        return statistics.fmean(self.per_deal_hands) if self.per_deal_hands else None

    @property
    def rotations(self) -> int:
        """How many times each deal was played: under duplicate play the distinct
        rotations of the seating (``players``, or the period of a seating that repeats
        round the table: 2 for ``A B A B``), else 1."""
        return _period(self.seating) if self.duplicate else 1

    @property
    def names(self) -> tuple[str, ...]:
        """The bots' names, in order."""
        return tuple(b.name for b in self.bots)

    def bot(self, name: str) -> BotStats:
        """The :class:`BotStats` of the bot called ``name``.

        Raises:
            InvalidArgumentError: no bot has that name.
        """
        for stats in self.bots:
            if stats.name == name:
                return stats
        raise InvalidArgumentError(f"no bot {name!r} in this tournament: {list(self.names)}")

    def versus(self, first: str, second: str) -> HeadToHead:
        """The :class:`HeadToHead` of ``first`` minus ``second``.

        Raises:
            InvalidArgumentError: a name is not a bot's, or both are the same.
        """
        for name in (first, second):
            self.bot(name)
        if first == second:
            raise InvalidArgumentError(f"versus: {first!r} against itself")
        for pair in self.head_to_head:
            if (pair.first, pair.second) == (first, second):
                return pair
            if (pair.first, pair.second) == (second, first):
                return pair.flipped()
        raise AssertionError("unreachable: every pair is in head_to_head")  # pragma: no cover

    def ratings(
        self,
        method: RatingMethod = "additive",
        *,
        anchor: str | None = None,
        seed: int | str = 0,
        resamples: int = 200,
    ) -> tuple[Rating, ...]:
        """The bots' ratings with 95 % intervals (:func:`~trumpfamily.ratings.fit_ratings`
        on this result: the methods and why are in :mod:`trumpfamily.ratings`).

        Args:
            method: ``"additive"`` (default): chips or points per seat-hand (the
                tournament's :attr:`unit`), exact here with Student's t intervals over the
                deals; ``"bradley-terry"``: Elo points from the deals won head to head,
                with a seeded bootstrap over the deals.
            anchor: the bot rated 0; ``None`` (default): the mean of the ratings is 0.
            seed: the bootstrap's seed (an int or str).
            resamples: the bootstrap's resamples (an int from 20).

        Returns:
            A :class:`~trumpfamily.ratings.Rating` per bot, in the order of :attr:`bots`.

        Raises:
            InvalidArgumentError: an unknown ``method`` or ``anchor`` (the message lists
                the valid ones), a bad ``seed`` or ``resamples``.

        >>> import trumpfamily as tf
        >>> result = tf.tournament(["rule-of-thumb", "random"], tf.MAW, players=2, deals=30,
        ...                        seed=2, executor="serial")
        >>> [(r.bot, r.rating > 0) for r in result.ratings()]
        [('rule-of-thumb', True), ('random', False)]
        """

        return fit_ratings(self, method=method, anchor=anchor, seed=seed,
                           resamples=resamples)

    def _ratings_lines(self) -> list[str]:
        """The table's ratings: additive, the mean at 0, in the tournament's unit."""
        ratings = self.ratings()
        width = max(len(r.bot) for r in ratings)
        lines = [(f"ratings ({self.unit} per hand, the mean of the bots at 0, 95% interval "
                  "over deals):")]
        for r in ratings:
            lines.append(f"  {r.bot:<{width}}  {_signed(r.rating)} "
                         f"[{_signed(r.low)}, {_signed(r.high)}]")
        return lines

    def table(self) -> str:
        """The results as text: a heading, one line per bot (seats, seat-hands, mean, 95 %
        interval, win rate), one line per pair of bots (mean difference per deal and
        its interval) and the bots' ratings (:meth:`ratings`, additive, the mean at 0);
        with ``unit="game"`` the games' table (``_game_table``). A cheating bot
        (:attr:`BotStats.oracle`) is marked ``(oracle)``."""
        if self.deal_unit == "game":
            return "\n".join([self._game_table(), *self._ratings_lines()])
        mode = (f"{_count(self.deals, 'deal')} x {_count(self.rotations, 'rotation')} "
                "(duplicate)" if self.duplicate else f"{_count(self.deals, 'deal')} (no duplicate)")
        heading = (f"{self.variant.name}, {self.players} players, {mode}, seed {self.seed!r}: "
                   f"{self.unit} per hand, 95% confidence intervals over deals")
        lines = [heading]
        width = max(len("bot"), *(len(n) for n in self.names))
        lines.append(f"{'bot':<{width}}  seats  {'hands':>8}  {'mean':>8}  "
                     f"{'95% CI':<21}  win rate")
        for b in self.bots:
            ci = f"[{_signed(b.ci_low)}, {_signed(b.ci_high)}]"
            lines.append(f"{b.name:<{width}}  {b.seats:>5}  {b.hands:>8,}  {_signed(b.mean):>8}"
                         f"  {ci:<21}  {b.win_rate:>7.1%}{_ORACLE if b.oracle else ''}")
        lines.append("head to head (first minus second, per deal):")
        for h in self.head_to_head:
            verdict = ""
            if h.ci_low is not None and h.ci_high is not None:
                if h.ci_low > 0:
                    verdict = f"  {h.first} better"
                elif h.ci_high < 0:
                    verdict = f"  {h.second} better"
                else:
                    verdict = "  no clear difference"
            lines.append(f"  {h.first} vs {h.second}: {_signed(h.mean)} "
                         f"[{_signed(h.ci_low)}, {_signed(h.ci_high)}]{verdict}")
        lines += self._ratings_lines()
        return "\n".join(lines)

    def _game_table(self) -> str:
        """The table of a tournament of whole games: per bot its game-win rate and
        interval, points per hand (and interval) and per game, hands per game; per pair
        the paired game-win difference and the points-per-hand difference."""
        mode = (f"{_count(self.deals, 'game')} x {_count(self.rotations, 'rotation')} "
                "(duplicate deck sequences)" if self.duplicate
                else f"{_count(self.deals, 'game')} (no duplicate)")
        heading = (f"{self.variant.name}, {self.players} players, {mode}, seed {self.seed!r}, "
                   f"at most {self.max_hands} hands a game ({self.capped} capped, "
                   f"{self.drawn} drawn): 95% confidence intervals over games")
        width = max(len("bot"), *(len(n) for n in self.names))
        lines = [heading,
                 (f"{'bot':<{width}}  seats  {'games':>7}  {'game wins':>9}  {'95% CI':<16}  "
                 f"{'pts/hand':>8}  {'95% CI':<17}  {'pts/game':>8}  hands/game")]
        for b in self.bots:
            wci = (f"[{b.win_ci_low:.1%}, {b.win_ci_high:.1%}]"
                   if b.win_ci_low is not None and b.win_ci_high is not None else "-")
            pci = f"[{_signed(b.ci_low, 2)}, {_signed(b.ci_high, 2)}]"
            lines.append(
                f"{b.name:<{width}}  {b.seats:>5}  {b.games or 0:>7,}  {b.win_rate:>9.1%}  "
                f"{wci:<16}  {_signed(b.mean, 2):>8}  {pci:<17}  "
                f"{_signed(b.points_per_game, 1):>8}  {b.hands_per_game or 0:>10.1f}"
                f"{_ORACLE if b.oracle else ''}")
        lines.append("head to head (first minus second, per game: game-win share; points "
                     "per hand):")
        for h in self.head_to_head:
            verdict = ""
            if h.win_ci_low is not None and h.win_ci_high is not None:
                verdict = (f"  {h.first} wins more games" if h.win_ci_low > 0
                           else f"  {h.second} wins more games" if h.win_ci_high < 0
                           else "  no clear difference in games")
            lines.append(f"  {h.first} vs {h.second}: games {_signed(h.win_mean)} "
                         f"[{_signed(h.win_ci_low)}, {_signed(h.win_ci_high)}]; points/hand "
                         f"{_signed(h.mean, 2)} [{_signed(h.ci_low, 2)}, "
                         f"{_signed(h.ci_high, 2)}]{verdict}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data (the variant by its name and options, as
        :func:`~trumpfamily.jsonio.to_json` writes variants; tuples as lists), with the
        bots' additive ratings under ``"ratings"`` (:meth:`ratings`, the mean at 0: a list
        of objects with ``bot``, ``rating``, ``low``, ``high``, ``unit``, ``method``,
        ``deals``; derived, so :meth:`from_json` reads past them); read it back with
        :meth:`from_json`.

        >>> import json, trumpfamily as tf
        >>> result = tf.tournament(["random", "rule-of-thumb"], tf.FORTY_FIVE, deals=3,
        ...                        seed=2, executor="serial")
        >>> tf.TournamentResult.from_json(json.loads(json.dumps(result.to_json()))) == result
        True
        """
        data: dict[str, Any] = CONVERTER.unstructure(self)
        return data

    @classmethod
    def from_json(cls, data: object) -> TournamentResult:
        """Read a result written by :meth:`to_json`.

        Args:
            data: the JSON-ready data (a mapping, as :meth:`to_json` returns it or
                :func:`json.loads` reads it back), or the JSON text itself (a str, bytes
                or bytearray, e.g. a file written by ``trumpfamily tournament --json``).

        Returns:
            The result, equal to the one written.

        Raises:
            DecodeError: ``data`` is not a tournament result (the error names the field),
                or text that is not JSON.

        >>> import json, trumpfamily as tf
        >>> result = tf.tournament(["random", "rule-of-thumb"], tf.MAW, deals=2, seed=3,
        ...                        executor="serial")
        >>> tf.TournamentResult.from_json(json.dumps(result.to_json())) == result
        True
        """
        if isinstance(data, str | bytes | bytearray):
            try:
                data = json.loads(data)
            except (json.JSONDecodeError, UnicodeDecodeError) as error:
                raise DecodeError("TournamentResult", [("", f"not JSON text: {error}")]) \
                    from None
        try:
            return CONVERTER.structure(data, cls)
        except STRUCTURE_ERRORS as exc:
            raise DecodeError("TournamentResult", problems(exc)) from None


def _clip(x: float | None) -> float | None:
    return None if x is None else min(1.0, max(0.0, x))


def _game_result(plan: _Plan, deals: int, rows: list[_GameRow],
                 oracles: tuple[bool, ...]) -> TournamentResult:
    """The statistics of the per-game results ``rows`` (``unit="game"``), in game order:
    every interval is Student's t over the duplicate game sets (the independent unit)."""
    k = len(plan.names)
    rotations = len(_rotations(plan, 0))
    hands_mean = statistics.fmean(row.hands for row in rows)
    stats = []
    for i, name in enumerate(plan.names):
        seats = plan.pattern.count(i)
        mean, low, high = _interval([row.per_hand[i] for row in rows])
        win, win_low, win_high = _interval([row.wins[i] for row in rows])
        stats.append(BotStats(
            name, seats, sum(row.seat_hands[i] for row in rows), mean, low, high, win,
            oracles[i], seats * rotations * deals, _clip(win_low), _clip(win_high),
            statistics.fmean(row.per_game[i] for row in rows), hands_mean))
    pairs = []
    for i in range(k):
        for j in range(i + 1, k):
            mean, low, high = _interval([row.per_hand[i] - row.per_hand[j] for row in rows])
            win, win_low, win_high = _interval([row.wins[i] - row.wins[j] for row in rows])
            pairs.append(HeadToHead(plan.names[i], plan.names[j], mean, low, high,
                                    win, win_low, win_high))
    return TournamentResult(
        plan.variant, plan.players, deals, plan.duplicate, plan.seed, "points",
        tuple(plan.names[b] for b in plan.pattern), tuple(stats), tuple(pairs),
        tuple(row.per_hand for row in rows), tuple(row.wins for row in rows),
        "game", plan.max_hands, tuple(row.per_game for row in rows),
        tuple(row.hands for row in rows), sum(row.capped for row in rows),
        sum(row.drawn for row in rows),
    )


def _result(plan: _Plan, deals: int, rows: list[Any],
            oracles: tuple[bool, ...] | None = None) -> TournamentResult:
    """The statistics of the per-deal results ``rows``, in deal order (``oracles``: which
    bots are cheating oracles; ``None``: none)."""
    k = len(plan.names)
    oracles = oracles or (False,) * k
    if plan.unit == "game":
        return _game_result(plan, deals, rows, oracles)
    per_deal = tuple(values for values, _ in rows)
    per_deal_wins = tuple(wins for _, wins in rows)
    rotations = len(_rotations(plan, 0))
    stats = []
    for i, name in enumerate(plan.names):
        seats = plan.pattern.count(i)
        mean, low, high = _interval([row[i] for row in per_deal])
        stats.append(BotStats(name, seats, seats * rotations * deals, mean, low, high,
                              statistics.fmean(row[i] for row in per_deal_wins), oracles[i]))
    pairs = []
    for i in range(k):
        for j in range(i + 1, k):
            mean, low, high = _interval([row[i] - row[j] for row in per_deal])
            pairs.append(HeadToHead(plan.names[i], plan.names[j], mean, low, high))
    unit = "chips" if plan.variant.scoring.scoring == "pool" and plan.variant.bidding is None \
        else "points"
    return TournamentResult(
        plan.variant, plan.players, deals, plan.duplicate, plan.seed, unit,
        tuple(plan.names[b] for b in plan.pattern), tuple(stats), tuple(pairs),
        per_deal, per_deal_wins,
    )


# -- running -------------------------------------------------------------------------------

def _players(variant: Variant, players: object, bots: int) -> int:
    """The number of seats: ``players``; or the variant's usual table when the bots share
    it equally, else the smallest table it deals that seats every bot."""
    table = variant.table
    if players is None:
        counts = variant.player_counts()
        usual = table.usual_players
        if bots and usual % bots == 0 and usual in counts:
            return usual
        for n in counts:
            if n >= bots:
                return n
        raise PlayerCountError(
            f"{variant.name} seats {', '.join(map(str, counts))} players: "
            f"no table for {bots} bots"
        )
    if type(players) is not int:
        raise PlayerCountError(f"players={safe_repr(players)}: expected an int")
    table_sides(variant, players)  # raises PlayerCountError, naming the game
    if bots > players:
        raise InvalidArgumentError(
            f"{bots} bots but only {players} seats: a tournament seats every bot at least "
            "once (give players= at least the number of bots)"
        )
    return players


def _check_sides(
    variant: Variant, players: int, names: Sequence[str], pattern: tuple[int, ...]
) -> None:
    """Refuse a seating that puts the same bots on every side: each bot would share every
    result with the others, so the tournament could not tell them apart (two bots at six
    seats in three pairs, ``A B A B A B``: every pair is one A and one B)."""
    sides = variant.table.sides(players)
    mixes = {tuple(sorted(pattern[seat] for seat in side)) for side in sides}
    if len(sides) > 1 and len(mixes) == 1:
        seating = " ".join(names[b] for b in pattern)
        raise InvalidArgumentError(
            f"{len(names)} bots at {players} seats in {len(sides)} sides of "
            f"{len(sides[0])} (seating {seating}) put the same bots on every side: every "
            "bot shares every result, so the tournament cannot tell them apart; give one bot "
            f"per side ({len(sides)} bots) or another players= (RULES.md §1.1: the sides "
            "alternate round the table)"
        )


def _progress_bar(total: int, enabled: bool, unit: str = "hand") -> Any:
    """A tqdm bar on standard error (``None`` when not wanted or tqdm is missing)."""
    if not enabled:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        return None
    # disable=None: no bar unless standard error is a terminal; delay: none for short runs
    return tqdm(total=total, unit="deal" if unit == "hand" else "game", desc="tournament", disable=None, delay=1.0,
                file=sys.stderr, leave=False)


def _check_picklable(plan: _Plan) -> None:
    """Refuse, naming the bot, a plan that worker processes cannot receive."""
    for name, factory in zip(plan.names, plan.factories, strict=True):
        try:
            pickle.dumps(factory)
        except Exception as error:  # noqa: BLE001
            target = getattr(factory, "target", factory)
            raise InvalidArgumentError(
                f"bot {name!r}: its factory {_describe(target)} cannot be sent to worker "
                f"processes (pickle: {error}); give a class or a function defined at a "
                "module's top level, or functools.partial of one (not a lambda or a local "
                "function), or run with executor='serial'"
            ) from None
    pickle.dumps(plan)  # the rest (the variant): pickle's own error, should it fail


def _chunks(deals: int, size: int) -> list[tuple[int, int]]:
    return [(lo, min(lo + size, deals)) for lo in range(0, deals, size)]


def _check_count(name: str, value: object, low: int) -> None:
    if value is not None and (type(value) is not int or value < low):
        raise InvalidArgumentError(f"{name}={safe_repr(value)}: expected an int from {low}, or None")


def tournament(
    bots: Mapping[str, object] | Sequence[object],
    variant: Variant | MaijaVariant | str,
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
    max_hands: int = 60,
) -> TournamentResult:
    """Play a (duplicate) tournament between bots and measure them (see the module for
    the seating, the results and the statistics).

    Args:
        bots: the bots, at least 2: a mapping name -> bot, or a sequence of bots named
            after their class or their name in :data:`BOTS` (repeats numbered:
            ``random``, ``random-2``). A bot is a Player class, a factory
            ``factory(seed) -> Player`` or a name in :data:`BOTS` (:func:`bot_factory`).
        variant: the rules, or a preset's name. A Maija variant or a Maija preset's name
            (``"Mustamaija"``, MAIJA.md) plays the Maija games' duplicate tournament,
            :func:`trumpfamily.maija.tournament.maija_tournament` (its bots the Maija bots,
            its unit ``"escapes"``; ``unit="game"`` refused).
        deals: the number of deals (with ``unit="game"``: of games), an int from 1.
        players: the number of seats (an int from the number of bots); ``None``: the
            variant's usual table (:attr:`Table.usual_players
            <trumpfamily.table.Table.usual_players>`, 4 in every preset) when the number
            of bots divides it, else the smallest table the variant deals that seats
            every bot.
        duplicate: ``True`` to play every deal under every rotation of the seating (the
            same cards for every bot); ``False`` to play each deal once.
        seed: the master seed (an int or str) of every deal and every bot; ``None`` draws
            one (kept in :attr:`TournamentResult.seed`).
        executor: where the deals are played:

            * ``None`` (default): a local :class:`concurrent.futures.ProcessPoolExecutor`
              of ``workers`` processes, started and shut down here; in this process
              instead when ``workers`` is 1 or all the deals fit in one chunk;
            * ``"serial"``: in this process;
            * any :class:`concurrent.futures.Executor`, used as it is and left running:
              a process pool of your own, or a Dask cluster's,
              ``distributed.Client(address).get_executor()`` (the ``dist`` extra:
              ``pip install 'trumpfamily[dist]'``).

            The result is the same whatever runs it.
        workers: the processes of the default pool (an int from 1; ``None``: the CPU
            count); ignored with an executor given.
        chunk_size: deals per task sent to the executor (an int from 1; ``None``: about
            eight tasks per worker, at most 100 deals a task).
        progress: show a progress bar (tqdm, from the ``dist`` extra; nothing happens
            without it) on standard error, only when standard error is a terminal and the
            run lasts over a second.
        unit: what a deal is: ``"hand"`` (default) one hand from a fresh game (above);
            ``"game"`` a whole game to the target, the points games (Forty-Five) and the
            bidding games only: game ``g`` is dealt the deck sequence of
            :func:`duplicate_game` under every rotation (the same decks hand after hand:
            the games diverge once the scores differ), each seat keeping one fresh bot for
            the whole game; the result reports game-win rates (see "Games" in the
            module).
        max_hands: ``unit="game"``: the most hands a game may last (an int from 1,
            thrown-in hands included; default 60): a game still going then is won by the
            side with the highest score, sides tied for it sharing the win (a draw;
            counted in :attr:`TournamentResult.capped` and ``drawn``). A game under
            ``finish="hands"`` (BIDDING.md §3.7 E1) ends by its own count first when that
            is lower.

    Each bot is made once before any deal is played, with seed 0, so that a bot that
    cannot be made is named at once.

    Returns:
        A :class:`TournamentResult`.

    Raises:
        InvalidArgumentError: fewer than 2 bots, more bots than seats, a seating that
            puts the same bots on every side (so no result tells them apart), a bad bot
            (:func:`bot_factory`), a bot that cannot be pickled for a process pool (the
            message names it), ``deals``, ``workers`` or ``chunk_size`` not an int from 1,
            ``duplicate`` or ``progress`` not a bool, a seed that is not an int or str, an
            ``executor`` that is none of the above, ``unit`` not ``"hand"`` or ``"game"``,
            ``max_hands`` not an int from 1, ``unit="game"`` in a pool game (Maw, Spoil
            Five, Twenty-Five: a pool game has no end to play to, RULES.md §1.7).
        PlayerCountError: ``players`` does not suit the variant.
        UnknownVariantError: ``variant`` is not a variant or a preset's name.
        IllegalActionError: a bot chose an illegal action (the message names the bot, the
            deal and the rotation).

    >>> import trumpfamily as tf
    >>> result = tf.tournament(["rule-of-thumb", "random"], "forty-five", players=4,
    ...                        deals=10, seed="example", executor="serial")
    >>> result.seating, result.rotations, len(result.per_deal)
    (('rule-of-thumb', 'random', 'rule-of-thumb', 'random'), 2, 10)
    >>> [b.hands for b in result.bots]
    [40, 40]
    """
    if isinstance(variant, MaijaVariant) or (isinstance(variant, str) and is_maija_name(variant)):
        return _maija_tournament(bots, variant, deals=deals, players=players,
                                 duplicate=duplicate, seed=seed, executor=executor,
                                 workers=workers, chunk_size=chunk_size, progress=progress,
                                 unit=unit)
    variant = find_variant(variant)
    names, factories = _bots(bots)
    n = _players(variant, players, len(names))
    if type(deals) is not int or deals < 1:
        raise InvalidArgumentError(f"deals={safe_repr(deals)}: expected an int from 1")
    _check_count("workers", workers, 1)
    _check_count("chunk_size", chunk_size, 1)
    for flag, value in (("duplicate", duplicate), ("progress", progress)):
        if type(value) is not bool:
            raise InvalidArgumentError(f"{flag}={safe_repr(value)}: expected True or False")
    if unit not in ("hand", "game"):
        raise InvalidArgumentError(f"unit={safe_repr(unit)}: expected 'hand' or 'game'")
    if type(max_hands) is not int or max_hands < 1:
        raise InvalidArgumentError(f"max_hands={safe_repr(max_hands)}: expected an int from 1")
    if unit == "game" and variant.bidding is None and variant.scoring.scoring == "pool":
        raise InvalidArgumentError(
            f"unit='game': {variant.name} is a pool game, which has no target to play to "
            "(the pool is won hand by hand and a game never ends by itself, RULES.md §1.7); "
            "play it with unit='hand'"
        )
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    _check_seed(seed)
    if not (executor is None or executor == "serial" or isinstance(executor, cf.Executor)):
        raise InvalidArgumentError(
            f"executor={executor!r}: expected None (a local process pool), 'serial', or a "
            "concurrent.futures.Executor (e.g. a Dask client's get_executor())"
        )
    pattern = tuple(i % len(names) for i in range(n))
    _check_sides(variant, n, names, pattern)
    plan = _Plan(variant, n, names, factories, pattern, duplicate, seed, unit, max_hands)
    oracles = tuple(is_oracle(factory(0)) for factory in factories)
    pool_size = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    size = chunk_size or max(1, min(100, math.ceil(deals / (8 * pool_size))))
    chunks = _chunks(deals, size)
    own = executor is None and pool_size > 1 and len(chunks) > 1
    if executor is None and not own:
        executor = "serial"
    bar = _progress_bar(deals, progress, unit)
    try:
        if executor == "serial":
            rows: list[Any] = []
            for lo, hi in chunks:
                rows += _play_chunk(plan, lo, hi)
                if bar is not None:
                    bar.update(hi - lo)
        elif own:
            _check_picklable(plan)
            with cf.ProcessPoolExecutor(max_workers=pool_size) as pool:
                rows = _run(pool, plan, chunks, bar)
        else:
            assert isinstance(executor, cf.Executor)
            if isinstance(executor, cf.ProcessPoolExecutor):
                _check_picklable(plan)
            rows = _run(executor, plan, chunks, bar)
    finally:
        if bar is not None:
            bar.close()
    return _result(plan, deals, rows, oracles)


#: The tournaments of the other game families, by the class of their variants: each
#: family's module registers its own when imported (trumpfamily.maija.tournament the Maija
#: games'); they build on this module, which therefore never imports them. The package's
#: ``__init__`` imports them, so importing any part of the package fills this.
_FAMILY_TOURNAMENTS: Final[dict[type, Callable[..., TournamentResult]]] = {}


def _maija_tournament(bots: Mapping[str, object] | Sequence[object],
                      variant: MaijaVariant | str, **kwargs: Any) -> TournamentResult:
    """The Maija games' tournament (:func:`trumpfamily.maija.tournament.maija_tournament`,
    registered by that module)."""
    return _FAMILY_TOURNAMENTS[MaijaVariant](bots, variant, **kwargs)


def _run(executor: cf.Executor, plan: Any, chunks: list[tuple[int, int]],
         bar: Any, play: Callable[[Any, int, int], list[Any]] | None = None) -> list[Any]:
    """Play the chunks on ``executor`` with ``play(plan, lo, hi)`` (this module's
    ``_play_chunk`` unless given: the Maija games give theirs); the rows in deal order."""
    play = _play_chunk if play is None else play
    futures = {executor.submit(play, plan, lo, hi): (lo, hi) for lo, hi in chunks}
    done: dict[int, list[Any]] = {}
    try:
        for future in cf.as_completed(futures):
            lo, hi = futures[future]
            done[lo] = future.result()
            if bar is not None:
                bar.update(hi - lo)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [row for lo, _ in chunks for row in done[lo]]


# -- JSON: the ratings ride along ------------------------------------------------------------

#: A Maija result's variant (MAIJA.md §J), read by its name (trumpfamily.maija.jsonio).
register_variant_union(CONVERTER, Variant | MaijaVariant)

#: cattrs' own hooks of the class (generated functions), which the two below wrap.
_PLAIN_HOOKS: Final = (CONVERTER.get_unstructure_hook(TournamentResult),
                       CONVERTER.get_structure_hook(TournamentResult))


def _unstructure_result(result: TournamentResult) -> dict[str, Any]:
    """A result's JSON form: its fields, and its additive ratings (derived) under
    ``"ratings"``."""
    data: dict[str, Any] = _PLAIN_HOOKS[0](result)
    data["ratings"] = [attrs.asdict(r) for r in result.ratings()]
    return data


def _structure_result(data: Any, cls: type[TournamentResult]) -> TournamentResult:
    """A result from its JSON form, reading past the derived ``"ratings"``."""
    if isinstance(data, Mapping) and "ratings" in data:
        data = {key: value for key, value in data.items() if key != "ratings"}
    result: TournamentResult = _PLAIN_HOOKS[1](data, cls)
    return result


CONVERTER.register_unstructure_hook(TournamentResult, _unstructure_result)
CONVERTER.register_structure_hook(TournamentResult, _structure_result)




# fit_ratings' annotations name the result class, which the ratings module cannot import
# (this module imports it): it gets the name from here, for the documentation's type hints.
setattr(_ratings_module, "TournamentResult", TournamentResult)  # noqa: B010
