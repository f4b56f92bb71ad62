"""The presets as OpenSpiel games (issue 12, part 4; an optional extra:
``pip install 'trumpfamily[rl]'``).

Importing this module registers one Python game with OpenSpiel per preset of
:data:`~trumpfamily.variants.ALL_VARIANTS` (:func:`register`; registering again does
nothing), named as :data:`GAME_NAMES` gives, e.g. ``python_trumpfamily_spoil_five``. Load
one with ``pyspiel.load_game(name, {"players": 3})`` or :func:`load_game`. One episode is
one hand:

* **The deal is chance.** The deck is dealt card by card into the engine's deck order
  (:func:`~trumpfamily.engine.new_hand` ``deck=``, top card first): one chance node per
  card of the variant's deck (52, or 53 with a joker), each outcome a remaining card's id
  (:attr:`Card.index <trumpfamily.cards.Card.index>`), all equally likely. After the last
  card the hand is dealt exactly as the engine deals it (RULES.md §1.8; BIDDING.md §3.2).
* **Decisions are the engine's.** The legal actions of the seat to act are the ids of
  :func:`~trumpfamily.actions.action_id` (``0 .. ACTION_COUNT - 1``), sorted; a
  :class:`~trumpfamily.actions.Discard` of the bidding games is chosen card by card, one
  card id at a time and then :data:`~trumpfamily.envs.encoding.DISCARD_DONE`, exactly as
  :func:`~trumpfamily.envs.encoding.action_mask` and
  :func:`~trumpfamily.envs.encoding.resolve` describe. The moves are sequential, never
  simultaneous.
* **An episode is the first and only hand of a game** (:func:`~trumpfamily.game.new_game`
  with ``hands=1``), so it ends when that game ends: at the end of the hand, or, in a
  points game under ``target_tie="first-to-reach"``, at the trick that brings a side to
  the ``target`` (RULES.md §2.3, EX-68, EX-69: the game ends there and the rest of the
  hand is not played). The state is then terminal although :attr:`TrumpFamilyState.hand`
  is not over.
* **Returns** at the end of the episode, one number per seat, the game's: in the pool
  games the seat's net chips (its fresh-pool ante paid, the pool won, jink payments;
  RULES.md §1.6, §1.7; a spoil leaves every ante in the pool, which is an outside party,
  so the returns need not sum to zero); in the points games the points its side scores
  (§2.3, §2.4; a game won in the middle of the hand: 5 (``points_per_trick``) a trick
  taken so far, no bonuses); in the bidding games the change of its side's score
  (BIDDING.md §3.6), which is negative when the bidders are set. Hence
  ``GameType.Utility.GENERAL_SUM``. The bounds in ``GameInfo`` are
  :func:`utility_bounds`.
* **Observations** come from the seat's view (:meth:`HandState.view
  <trumpfamily.engine.HandState.view>`) only: the information state string is the view as
  text, its whole history included (perfect recall); the observation string is the same
  without the history. Both tensors are :func:`trumpfamily.envs.encoding.encode` of the
  view. Re-dealing the cards a seat cannot see leaves its strings and tensors unchanged
  (tested).
* **Clones and serialisation**: ``state.clone()`` is cheap (the engine's states are
  immutable values, shared); ``state.serialize()`` / ``game.deserialize_state`` and
  pickle work for games and states.

Game parameters: ``players`` (default 4 where the table allows it, else its smallest),
``dealer`` (the dealer's seat, default 0) and ``options``, house rules as
``"name:value;name:value"`` (``:`` rather than ``=``, which OpenSpiel's game strings
reserve; each value read by its option's own reading, as the command line's ``--option``
reads it, ``true``, ``45``, ``before-lead``, ``best_trump_bonus:none``,
``partnerships:none``; in a bidding option's pair or table, ``/`` stands for the comma
OpenSpiel reserves: ``min_bid_near_end:100/20``, ``draw_limit:4:3/6:2``;
:meth:`Variant.with_options <trumpfamily.variants.Variant.with_options>` checks them).

>>> import pyspiel
>>> from trumpfamily.envs import openspiel
>>> game = pyspiel.load_game("python_trumpfamily_spoil_five", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 230, 53)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, TypeAlias, cast

try:
    import numpy as np

    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError as exc:  # pragma: no cover - tested in a subprocess without OpenSpiel
    raise ImportError(
        "trumpfamily.envs.openspiel needs OpenSpiel (the open-spiel package) and numpy: "
        "pip install 'trumpfamily[rl]'"
    ) from exc

import attrs

from ..actions import (
    ACTION_COUNT,
    AcceptFive,
    Action,
    AskFive,
    Bid,
    Claim,
    DeclineRob,
    Discard,
    Jink,
    NameTrump,
    Play,
    RefuseFive,
    Rob,
    Take,
    action_from_id,
    action_id,
)
from ..bidding.component import ladder
from ..bidding.engine import BiddingHand
from ..bidding.score import bidder_score
from ..cards import Card, Suit
from ..engine import HandState, new_hand
from ..errors import IllegalActionError, InvalidArgumentError, TrumpFamilyError
from ..game import GameState, new_game
from ..jinking import jink_bonus
from ..outcomes import HAND_SIZE, AnyView, Barred, Phase, Trick, Turn
from ..scoring import antes, five_tricks_bonus
from ..tables import CARDS
from ..variants import ALL_VARIANTS, Variant, find_variant
from . import encoding

__all__ = [
    "GAME_NAMES",
    "TrumpFamilyGame",
    "TrumpFamilyObserver",
    "TrumpFamilyState",
    "game_name",
    "hand_returns",
    "load_game",
    "max_game_length",
    "register",
    "utility_bounds",
]

Hand: TypeAlias = HandState | BiddingHand

_PREFIX: Final = "python_trumpfamily_"


def _short_name(preset: str) -> str:
    return _PREFIX + re.sub(r"[^0-9a-z]+", "_", preset.lower()).strip("_")


#: The OpenSpiel short name of each preset, by preset name (read-only): ``"Spoil Five"``
#: is ``"python_trumpfamily_spoil_five"``, ``"Newfoundland 120s"`` is
#: ``"python_trumpfamily_newfoundland_120s"`` (lower case, ``_`` for anything else, the
#: ``python_`` prefix of OpenSpiel's Python games).
GAME_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {name: _short_name(name) for name in ALL_VARIANTS})


def game_name(variant: Variant | str) -> str:
    """The OpenSpiel short name of a preset.

    Args:
        variant: a preset, its name or an alias (:func:`~trumpfamily.variants.find_variant`);
            a preset with house rules has its preset's name (pass the rules as the
            ``options`` parameter).

    Returns:
        The name registered by :func:`register`, e.g. ``"python_trumpfamily_maw"``.

    Raises:
        UnknownVariantError: no preset has that name.

    >>> from trumpfamily.envs.openspiel import game_name
    >>> game_name("spoil five"), game_name("Auction Forty-Fives")
    ('python_trumpfamily_spoil_five', 'python_trumpfamily_auction_forty_fives')
    """
    return GAME_NAMES[find_variant(variant).name]


def _default_players(variant: Variant) -> int:
    return variant.table.usual_players


def utility_bounds(variant: Variant | str, players: int, dealer: int = 0) -> tuple[int, int]:
    """The least and the most one seat's return can be in one hand (the ``GameInfo``
    bounds), from the rules, not from play.

    * Pool games (RULES.md §1.6, §1.7): a fresh pool (:func:`~trumpfamily.scoring.antes`).
      The least is the largest ante lost plus the jink bonus paid
      (:func:`~trumpfamily.jinking.jink_bonus`, when jinking is on); the most is the whole
      pool less the smallest ante, plus the bonus of every seat outside the smallest
      side (a partner barred from the pool leaves it all to one seat).
    * Points games (§2.3, §2.4): 0 to five tricks' points, the best-trump trick's bonus
      and the five-tricks bonus.
    * Bidding games (BIDDING.md §3.6): the lowest set score of any bid (e.g. -60 for the
      bid above the ladder) to the highest made score of any bid
      (:func:`~trumpfamily.bidding.bidder_score` with all five tricks), at least the
      defenders' 30.

    Args:
        variant: the rules (a Variant or a preset's name).
        players: the number of seats.
        dealer: the dealer's seat (his ante differs in pool games).

    Returns:
        ``(least, most)``: chips (pool games) or points (points and bidding games).

    Raises:
        UnknownVariantError: ``variant`` is not a Variant nor a preset's name.
        PlayerCountError: ``players`` or ``dealer`` does not suit the variant.

    >>> from trumpfamily.envs.openspiel import utility_bounds
    >>> utility_bounds("Spoil Five", 4), utility_bounds("Forty-Five", 2)
    ((-3, 7), (0, 30))
    >>> utility_bounds("Fifty-Five", 4)
    (-60, 60)
    """
    rules = find_variant(variant)
    new_hand(rules, players=players, dealer=dealer, seed=0)  # checks players and dealer
    scoring = rules.scoring
    if rules.bidding is not None:
        bidding = rules.bidding
        made = [bidder_score(bidding, a, made=True, points=30, tricks=HAND_SIZE)
                for a in ladder(bidding)]
        set_ = [bidder_score(bidding, a, made=False, points=0, tricks=0)
                for a in ladder(bidding)]
        return min(set_), max(*made, 6 * 5)
    if scoring.scoring == "pool":
        stakes = antes(scoring, players, dealer, after_spoil=False)
        bonus = jink_bonus(rules.jinking, scoring) if rules.jinking.jinking else 0
        smallest = min(len(side) for side in _sides(rules, players))
        return (-(max(stakes) + bonus),
                sum(stakes) - min(stakes) + bonus * (players - smallest))
    per_trick = scoring.points_per_trick
    assert per_trick is not None
    best = per_trick if scoring.best_trump_bonus not in (None, "none") else 0
    return 0, HAND_SIZE * per_trick + best + five_tricks_bonus(scoring)


def _sides(variant: Variant, players: int) -> tuple[tuple[int, ...], ...]:
    return new_hand(variant, players=players, seed=0).sides


def max_game_length(variant: Variant | str, players: int) -> int:
    """An upper bound on the moves of one hand, chance moves (the deal, one per card)
    included: the ``GameInfo`` ``max_game_length``.

    Turn-up games: the deal, a rob prompt per seat, the fiving calls and a rob, the claim
    and five tricks. Bidding games: the deal, the auction (a pass per seat, and at most a
    bid and a hold per amount of the ladder), naming trumps, two discard steps per seat
    built card by card (each card of a hand with the kitty and the extra cards, and the
    end), a take per stock card and five tricks.

    Raises:
        UnknownVariantError: ``variant`` is not a Variant nor a preset's name.

    >>> from trumpfamily.envs.openspiel import max_game_length
    >>> max_game_length("Spoil Five", 4)
    82
    """
    rules = find_variant(variant)
    deck = len(rules.ranking.deck())
    plays = HAND_SIZE * players
    if rules.bidding is None:
        return deck + players + 4 + 2 + plays
    bidding = rules.bidding
    auction = players + 2 * len(ladder(bidding))
    held = HAND_SIZE + bidding.kitty + bidding.extra_cards
    return deck + auction + 1 + 2 * players * (held + 1) + deck + plays


def _parse_options(text: str, variant: Variant) -> dict[str, object]:
    """The house rules of the ``options`` parameter, each value read by its option's own
    reading (:meth:`OptionSpec.parse <trumpfamily.variants.OptionSpec.parse>`, as the
    command line reads ``--option``); ``/`` stands for the comma OpenSpiel reserves."""
    from ..cli import parse_option_value  # for a name the variant lacks (refused later)

    specs = variant.option_specs()
    out: dict[str, object] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        name, sep, value = item.partition(":")
        name = name.strip().replace("-", "_")
        if not sep or not name or any(c in item for c in "=,()"):
            raise InvalidArgumentError(
                f"options={text!r}: expected 'name:value;name:value', e.g. "
                f"'jinking:false;rob_timing:before-lead' (no '=', ',' or parentheses, which "
                f"OpenSpiel's game strings reserve: write '/' for a comma, "
                f"'min_bid_near_end:100/20'); got {item!r}")
        found = specs.get(name)
        value = value.replace("/", ",")
        out[name] = found[1].parse(value) if found is not None else parse_option_value(value)
    return out


@attrs.frozen
class _Setup:
    """One game's fixed facts: the rules, the seats, the dealer, the deck."""

    variant: Variant
    players: int
    dealer: int
    deck: tuple[Card, ...]


def _configure(preset: Variant, params: Mapping[str, Any]) -> _Setup:
    """The rules and seats of the game parameters (checked by dealing a hand)."""
    variant = preset
    options = str(params.get("options", ""))
    if options:
        variant = variant.with_options(**_parse_options(options, variant))
    players = params.get("players", _default_players(variant))
    dealer = params.get("dealer", 0)
    new_hand(variant, players=players, dealer=dealer, seed=0)  # checks players and dealer
    return _Setup(variant, players, dealer, variant.ranking.deck())


class TrumpFamilyGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A preset as an OpenSpiel game (one per preset, registered by :func:`register`).

    Build it with ``pyspiel.load_game(name, params)`` or :func:`load_game`, not directly.

    Args:
        params: the game parameters: ``players`` (int), ``dealer`` (int) and ``options``
            (str, ``"name:value;name:value"``); missing ones take their defaults.

    Raises:
        PlayerCountError: ``players`` or ``dealer`` does not suit the variant.
        InvalidVariantError: an option is unknown or has a bad value.
        InvalidArgumentError: ``options`` is not ``name:value`` pairs.
    """

    #: The preset (set on each registered subclass).
    preset: Variant
    #: The registered game type (set on each registered subclass).
    game_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        setup = _configure(self.preset, given)
        low, high = utility_bounds(setup.variant, setup.players, setup.dealer)
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_COUNT,
            max_chance_outcomes=len(CARDS),
            num_players=setup.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=max_game_length(setup.variant, setup.players),
        )
        super().__init__(self.game_type, info, given)
        self._setup = setup

    def _facts(self) -> _Setup:
        """The game's rules, seats, dealer and deck."""
        found: _Setup | None = self.__dict__.get("_setup")
        if found is None:  # unpickled: OpenSpiel rebuilt the game without __init__
            found = self._setup = _configure(self.preset, self.get_parameters())
        return found

    @property
    def variant(self) -> Variant:
        """The rules of this game (the preset with the ``options`` parameter applied)."""
        return self._facts().variant

    def new_initial_state(self) -> TrumpFamilyState:
        """A new hand, before the first card is dealt (a chance node)."""
        return TrumpFamilyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> TrumpFamilyObserver:
        """The observer OpenSpiel asks for observations and information states.

        Args:
            iig_obs_type: a ``pyspiel.IIGObservationType``; ``perfect_recall=True`` for the
                information state. ``None``: the observation (no perfect recall).
            params: must be empty.

        Raises:
            InvalidArgumentError: ``params`` is not empty, or ``iig_obs_type`` asks for
                other than the seat's own private information with the public
                information (the only kind offered).
        """
        return TrumpFamilyObserver(
            self,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class TrumpFamilyState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """One hand as an OpenSpiel state: the deal card by card, then the engine's hand,
    played as the first and only hand of a game (the episode ends when that game ends;
    see the module).

    Built by ``game.new_initial_state()``. Beyond OpenSpiel's state API:
    :attr:`hand` (the engine's state once dealt), :attr:`episode` (the one-hand game),
    :attr:`pending` (a discard being built) and :meth:`resample_from_infostate` (for
    OpenSpiel's ISMCTS bot).
    """

    def __init__(self, game: TrumpFamilyGame) -> None:
        super().__init__(game)
        self._game = game
        self._setup: _Setup = game._facts()
        self._dealt: tuple[Card, ...] = ()
        self._hand: Hand | None = None
        self._episode: GameState | None = None  # the one-hand game, once dealt
        self._pending: tuple[Card, ...] = ()
        self._returns: list[float] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> TrumpFamilyState:
        # OpenSpiel clones a Python state with copy.deepcopy; everything held is immutable
        # (the engine's states are values), so the copy shares it.
        other = TrumpFamilyState(self._game)
        other._dealt, other._hand, other._episode = self._dealt, self._hand, self._episode
        other._pending, other._returns = self._pending, self._returns
        return other

    # -- beyond OpenSpiel's API ----------------------------------------------------------

    @property
    def hand(self) -> Hand | None:
        """The engine's hand (:class:`~trumpfamily.engine.HandState` or
        :class:`~trumpfamily.bidding.engine.BiddingHand`) once every card is dealt, else
        ``None``. The whole truth: give a bot ``hand.view(seat)`` only. In a points game
        won in the middle of the hand it stays where the game ended (not over)."""
        return self._hand

    @property
    def episode(self) -> GameState | None:
        """The game the hand is the first and only hand of
        (:func:`~trumpfamily.game.new_game` with ``hands=1``), once every card is dealt,
        else ``None``; the episode is over when it is (:attr:`GameState.is_over
        <trumpfamily.game.GameState.is_over>`)."""
        return self._episode

    @property
    def pending(self) -> tuple[Card, ...]:
        """The cards chosen so far for a discard built card by card (the seat to act's
        secret; ``()`` outside a discard step), in card-id order."""
        return self._pending

    # -- OpenSpiel's API -----------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` during the deal, ``PlayerId.TERMINAL``
        once the episode is over (:meth:`is_terminal`)."""
        hand = self._hand
        if hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        assert hand.to_act is not None
        return hand.to_act

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action ids of ``player``, sorted (``[]`` when not his turn, and once
        the episode is over)."""
        hand = self._hand
        if hand is None or hand.to_act != player or self.is_terminal():
            return []
        mask = encoding.action_mask(hand.view(player), self._pending)
        return [int(i) for i in np.flatnonzero(mask)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deal: ``(card id, probability)`` for each card not yet
        dealt, uniform, in card-id order."""
        dealt = set(self._dealt)
        left = [c.index for c in self._setup.deck if c not in dealt]
        p = 1.0 / len(left)
        return [(i, p) for i in sorted(left)]

    def _apply_action(self, action: int) -> None:
        hand = self._hand
        if hand is None:
            card = CARDS[action] if 0 <= action < len(CARDS) else None
            if card is None or card not in self._setup.deck or card in self._dealt:
                raise InvalidArgumentError(
                    f"chance outcome {action!r} is not the id of a card still to deal")
            self._dealt += (card,)
            if len(self._dealt) == len(self._setup.deck):
                self._episode = _one_hand_game(self._setup, self._dealt)
                self._hand = self._episode.hand
            return
        episode = self._episode
        assert episode is not None
        if episode.is_over or hand.to_act is None:
            why = ("the hand is over" if hand.is_over else
                   "the game is over: a side reached the target (RULES.md §2.3)")
            raise IllegalActionError(action, f"{why}: nobody may act", code="game-over")
        resolved = encoding.resolve(hand.view(hand.to_act), action, self._pending)
        if resolved.action is None:
            self._pending = resolved.pending
            return
        self._episode = episode.apply(resolved.action)
        self._hand = self._episode.hand
        self._pending = ()

    def _action_to_string(self, player: int, action: int) -> str:
        """The id ``action`` of ``player`` in words: ``"deal 5H"`` (chance), the engine's
        notation (``"play 5H"``, ``"rob 2C"``, ``"bid 20"``), in a discard step ``"add 5H
        to the discard"`` and for :data:`~trumpfamily.envs.encoding.DISCARD_DONE` the
        discard built (``"discard 5H 9C"``, ``"stand pat"``). An id that is never legal
        in this game (a kind of action the other family of games has, a card not in the
        deck) is named with a note, e.g. ``"discard JK (id 229: not an action of Spoil
        Five)"``; OpenSpiel's tools only ask for ids of the game's range.

        Raises:
            InvalidArgumentError: ``action`` is not an id of the game's range
                (``0 .. num_distinct_actions() - 1``; a card id for chance).
        """
        s = self._setup
        if player == pyspiel.PlayerId.CHANCE:
            if type(action) is not int or not 0 <= action < len(CARDS):
                raise InvalidArgumentError(
                    f"chance outcome {action!r} is not a card id (0..{len(CARDS) - 1})")
            card = CARDS[action]
            return (f"deal {card}" if card in s.deck else
                    f"deal {card} (id {action}: not a card of {s.variant.name}'s deck)")
        hand = self._hand
        if (hand is not None and hand.to_act == player and action == encoding.DISCARD_DONE
                and _discard_step(hand)):
            return "discard " + " ".join(map(str, self._pending)) if self._pending else "stand pat"
        what = action_from_id(action)
        bidding = s.variant.bidding is not None
        if bidding and action in encoding.DISCARD_IDS:
            text = "add " + str(what).split()[1] + " to the discard"
        else:
            text = str(what)
        if not _in_game(what, bidding, s.deck):
            text += f" (id {action}: not an action of {s.variant.name})"
        return text

    def is_terminal(self) -> bool:
        """Whether the episode is over: the one-hand game is (:attr:`episode`), at the
        end of the hand or, in a points game under ``target_tie="first-to-reach"``, at the
        trick that brings a side to the target (RULES.md §2.3, EX-68)."""
        return self._episode is not None and self._episode.is_over

    def returns(self) -> list[float]:
        """Per seat: zeros until the episode is over, then the one-hand game's chips
        (pool games) or points (see the module)."""
        if not self.is_terminal():
            return [0.0] * self._setup.players
        if self._returns is None:
            assert self._episode is not None
            self._returns = _game_returns(self._episode)
        return list(self._returns)

    def rewards(self) -> list[float]:
        """The rewards of the last move: the returns at the end, else zeros."""
        return self.returns()

    def __str__(self) -> str:
        hand = self._hand
        if hand is None:
            return f"dealing: {' '.join(map(str, self._dealt))}"
        actions = " | ".join(map(str, hand.actions))
        pending = f" | pending {' '.join(map(str, self._pending))}" if self._pending else ""
        return (f"{hand!r}\ndeck: {' '.join(map(str, hand.deck))}\n"
                f"actions: {actions}{pending}")

    # -- resampling, for ISMCTS ----------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None, *, tries: int = 20000
    ) -> TrumpFamilyState:
        """A state that ``player_id`` cannot tell from this one: the cards he has not seen
        re-dealt at random, the same actions replayed (OpenSpiel's ISMCTS bot calls this).

        Every card the seat has seen at any point of the hand stays where it is; the
        others are shuffled among their places, the deal is replayed with the same
        actions, and the result is kept only if the seat's information state string is
        unchanged (rejection sampling: each consistent deal is equally likely). Another
        seat's face-down choice (a rob discard, a discard, a take) is replaced by a random
        legal one of the same kind and number of cards. Another seat's discard being
        built card by card is dropped (the seat sees nothing of it).

        Args:
            player_id: the seat (an int).
            probability_sampler: OpenSpiel's sampler (called for a float in ``[0, 1)``) to
                seed the shuffles; ``None``: unseeded.
            tries: the re-deals to try before giving up.

        Returns:
            A new state with the same information state for ``player_id``.

        Raises:
            InvalidSeatError: ``player_id`` is not a seat.
            TrumpFamilyError: no consistent re-deal was found in ``tries`` attempts.
        """
        hand = self._hand
        if hand is None:  # nothing seen yet: every deal is alike
            return self.__deepcopy__({})
        seed = None if probability_sampler is None else int(probability_sampler() * 2**53)
        rng = random.Random(seed)
        s = self._setup
        actions = hand.actions
        seen_by_me = hand.view(player_id).history
        keep = _seen_cards(s, hand.deck, actions, player_id)
        pending = self._pending if hand.to_act == player_id else ()
        target = _view_text(hand.view(player_id), pending, recall=True)
        places = [i for i, c in enumerate(hand.deck) if c not in keep]
        for _ in range(tries):
            cards = [hand.deck[i] for i in places]
            rng.shuffle(cards)
            deck = list(hand.deck)
            for i, c in zip(places, cards, strict=True):
                deck[i] = c
            other = _replay(s, tuple(deck), actions, seen_by_me, rng)
            if other is None:
                continue
            if _view_text(other[0].view(player_id), pending, recall=True) != target:
                continue
            return self._rebuild(tuple(deck), other[1], pending)
        raise TrumpFamilyError(
            f"no deal consistent with seat {player_id}'s information found in {tries} tries")

    def _rebuild(self, deck: tuple[Card, ...], applied: list[Action],
                 pending: tuple[Card, ...]) -> TrumpFamilyState:
        """A new state through OpenSpiel's own moves: the deal, the actions, the pending
        cards of a discard being built."""
        state: TrumpFamilyState = self._game.new_initial_state()
        for card in deck:
            state.apply_action(card.index)
        for action in applied:
            for number in _ids_of(state, action):
                state.apply_action(number)
        for card in pending:
            state.apply_action(encoding.DISCARD_IDS.start + card.index)
        return state


#: The kinds of action each family of games never has (RULES.md §1.5, §2.1.7; BIDDING.md
#: §3): the bidding games' in the turn-up games, and the reverse.
_NOT_TURN_UP: Final = (Bid, NameTrump, Discard, Take)
_NOT_BIDDING: Final = (Rob, DeclineRob, Claim, Jink, AskFive, AcceptFive, RefuseFive)


def _in_game(action: Action, bidding: bool, deck: tuple[Card, ...]) -> bool:
    """Whether ``action`` is of a kind the game has, its cards all of the game's deck."""
    if isinstance(action, _NOT_BIDDING if bidding else _NOT_TURN_UP):
        return False
    cards: set[Card] = set()
    _cards_in(action, cards)
    return cards <= set(deck)


def _discard_step(hand: Hand) -> bool:
    legal = hand.legal_actions()
    return bool(legal) and isinstance(legal[0], Discard)


def _ids_of(state: TrumpFamilyState, action: Action) -> list[int]:
    """The OpenSpiel ids of an engine action in ``state``: a discard card by card."""
    assert state.hand is not None
    if _discard_step(state.hand):
        assert isinstance(action, Discard)
        return [encoding.DISCARD_IDS.start + c.index for c in action.cards] + [
            encoding.DISCARD_DONE]
    return [action_id(action)]


def _cards_in(value: object, out: set[Card]) -> None:
    """Every card in a view's field, however nested (tuples, tricks, actions)."""
    if isinstance(value, Card):
        out.add(value)
    elif isinstance(value, (tuple, list)):
        for item in value:
            _cards_in(item, out)
    elif isinstance(value, Trick):
        out.update(value.cards)
    elif isinstance(value, (Play, Take)):
        out.add(value.card)
    elif isinstance(value, Rob):
        out.add(value.discard)
    elif isinstance(value, Discard):
        out.update(value.cards)


def _seen_cards(s: _Setup, deck: tuple[Card, ...], actions: tuple[Action, ...],
                seat: int) -> set[Card]:
    """Every card ``seat`` has seen at some point of the hand (its views along it)."""
    seen: set[Card] = set()
    hand: Hand = new_hand(s.variant, players=s.players, dealer=s.dealer, deck=deck)
    for action in (None, *actions):
        if action is not None:
            hand = hand.apply(action)
        view = hand.view(seat)
        for name, value in zip(view._fields, view, strict=True):
            if name not in ("variant", "game"):
                _cards_in(value, seen)
    return seen


def _replay(s: _Setup, deck: tuple[Card, ...], actions: tuple[Action, ...],
            seen: tuple[Turn, ...], rng: random.Random) -> tuple[Hand, list[Action]] | None:
    """The hand dealt from ``deck`` with ``actions`` replayed, a hidden one (``seen``
    shows ``None``) replaced by a random legal one of its kind; ``None`` if the deal
    cannot replay them."""
    hand: Hand = new_hand(s.variant, players=s.players, dealer=s.dealer, deck=deck)
    applied: list[Action] = []
    try:
        for action, turn in zip(actions, seen, strict=True):
            if turn.action is None:
                alike = [a for a in hand.legal_actions() if type(a) is type(action) and (
                    not isinstance(a, Discard)
                    or len(a.cards) == len(action.cards))]  # type: ignore[union-attr]
                if not alike:
                    return None
                action = rng.choice(alike)
            hand = hand.apply(action)
            applied.append(action)
    except IllegalActionError:
        return None
    return hand, applied


def _one_hand_game(s: _Setup, deck: tuple[Card, ...]) -> GameState:
    """The game of one hand dealt from ``deck`` (an episode)."""
    return new_game(s.variant, players=s.players, dealer=s.dealer, seed=0, hands=1,
                    decks=[deck])


def _game_returns(game: GameState) -> list[float]:
    """Per seat, a finished one-hand game's net chips (pool games) or side's score."""
    variant = game.variant
    if variant.scoring.scoring == "pool" and variant.bidding is None:
        return [float(c) for c in game.chips]
    side_of = {seat: i for i, side in enumerate(game.sides) for seat in side}
    return [float(game.scores[side_of[seat]]) for seat in range(game.players)]


def hand_returns(hand: Hand) -> list[float]:
    """Per seat, what a hand is worth as an episode (see the module): net chips in the
    pool games, the side's points in the points games, the change of the side's score in
    the bidding games; the hand replayed as the first and only hand of a game
    (:func:`~trumpfamily.game.new_game` with ``hands=1``) up to that game's end.

    A points game under ``target_tie="first-to-reach"`` ends at the trick that brings a
    side to the target (RULES.md §2.3, EX-68): the returns are then the points at that
    trick (5 a trick, no bonuses), and a hand that is not over but has reached that point
    has its returns; any actions of ``hand`` after it are not part of the game.

    Args:
        hand: a :class:`~trumpfamily.engine.HandState` or
            :class:`~trumpfamily.bidding.engine.BiddingHand`.

    Returns:
        One float per seat: chips (pool games) or points.

    Raises:
        InvalidArgumentError: the game of the hand is not over yet (it has no returns).

    >>> import trumpfamily as tf
    >>> from trumpfamily.envs.openspiel import hand_returns
    >>> deck = tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, turn_up="2H",
    ...                        hands={0: "5H 2C 2D 3D KS", 1: "3H KC KD QD 4S"})
    >>> hand = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, deck=deck)
    >>> for card in "5H 3H 2C KC KD 2D QD 3D 4S KS".split():  # EX-70
    ...     hand = hand.apply(tf.Play(card))
    >>> hand_returns(hand)
    [15.0, 15.0]
    """
    game = new_game(hand.variant, players=hand.players, dealer=hand.dealer, seed=0,
                    hands=1, decks=[hand.deck])
    for action in hand.actions:
        if game.is_over:
            break
        game = game.apply(action)
    if not game.is_over:
        raise InvalidArgumentError("the hand is not over: it has no returns yet")
    return _game_returns(game)


# -- observations --------------------------------------------------------------------------


def _text(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, (Card, Suit)):
        return str(value)
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, Turn):
        what = str(value.action) if value.action is not None else value.kind + " ?"
        return f"{value.seat}:{what}"
    if isinstance(value, Trick):
        return f"[{value.leader}: {' '.join(map(str, value.cards))} > {value.winner}]"
    if isinstance(value, Barred):
        return f"{value.seat} ({value.reason})"
    if isinstance(value, tuple):
        return "(" + " ".join(_text(v) for v in value) + ")"
    return str(value)


#: View fields left out of the strings: the rules and the game are the game's, and the
#: commitment is not part of a hand dealt by chance nodes.
_OMIT: Final = frozenset({"variant", "players", "game", "commitment"})


def _view_text(view: AnyView, pending: tuple[Card, ...], *, recall: bool) -> str:
    parts = [
        f"{name}={_text(value)}"
        for name, value in zip(view._fields, view, strict=True)
        if name not in _OMIT and (recall or name != "history")
    ]
    if pending:
        parts.append(f"pending={_text(pending)}")
    return "; ".join(parts)


class TrumpFamilyObserver:
    """OpenSpiel's observer (its ``PyObserver`` protocol) for the trumpfamily games.

    Attributes:
        tensor: the ``float32`` vector :meth:`set_from` fills, of
            :func:`~trumpfamily.envs.encoding.observation_size` entries.
        dict: the tensor's sections by name, shaped ``(rows, columns)`` (views into
            :attr:`tensor`), as :func:`~trumpfamily.envs.encoding.layout` names them.

    Raises:
        InvalidArgumentError: ``params`` is not empty, or ``iig_obs_type`` asks for other
            than the seat's own private information with the public information.
    """

    def __init__(self, game: TrumpFamilyGame, iig_obs_type: Any,
                 params: Mapping[str, Any] | None) -> None:
        if params:
            raise InvalidArgumentError(
                f"the trumpfamily observer takes no parameters; got {dict(params)!r}")
        if (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise InvalidArgumentError(
                "the trumpfamily games observe what one seat sees: private_info="
                "SINGLE_PLAYER with public_info=True (perfect_recall either way)")
        setup = self._setup = game._facts()
        self._recall = bool(iig_obs_type.perfect_recall)
        lay = encoding.layout(setup.variant, setup.players)
        self.tensor = np.zeros(lay.size, np.float32)
        self.dict = {name: self.tensor[lay[name]].reshape(lay.shape(name))
                     for name in lay.names}

    def set_from(self, state: TrumpFamilyState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (zeros during the
        deal)."""
        hand = state.hand
        if hand is None:
            self.tensor.fill(0.0)
            return
        pending = state.pending if hand.to_act == player else ()
        encoding.encode_into(hand.view(player), self.tensor, pending)

    def string_from(self, state: TrumpFamilyState, player: int) -> str:
        """``player``'s view of ``state`` as text: every field of the view (the history
        too when the observer has perfect recall), and the pending discard of a seat
        building one."""
        hand = state.hand
        if hand is None:
            return f"seat={player}; dealing={len(state._dealt)}/{len(self._setup.deck)}"
        pending = state.pending if hand.to_act == player else ()
        return _view_text(hand.view(player), pending, recall=self._recall)


# -- registration --------------------------------------------------------------------------


def _game_type(variant: Variant) -> Any:
    table = variant.table
    return pyspiel.GameType(
        short_name=GAME_NAMES[variant.name],
        long_name=f"trumpfamily {variant.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=table.max_players,
        min_num_players=table.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": _default_players(variant), "dealer": 0, "options": ""},
    )


#: The game class of each preset, by short name (filled by :func:`register`).
_CLASSES: dict[str, type[TrumpFamilyGame]] = {}


def register() -> tuple[str, ...]:
    """Register every preset with OpenSpiel (``pyspiel.register_game``); a name already
    registered is left as it is, so calling this again does nothing. Importing this
    module calls it.

    Returns:
        The short names of every preset's game, in :data:`GAME_NAMES` order.

    >>> import pyspiel
    >>> from trumpfamily.envs.openspiel import register
    >>> names = register()
    >>> "python_trumpfamily_maw" in names and set(names) <= set(pyspiel.registered_names())
    True
    """
    registered = set(pyspiel.registered_names())
    for preset_name, short in GAME_NAMES.items():
        if short in registered:
            continue
        variant = ALL_VARIANTS[preset_name]
        cls = cast("type[TrumpFamilyGame]", type(
            re.sub(r"\W", "", preset_name.title()) + "Game", (TrumpFamilyGame,),
            {"preset": variant, "game_type": _game_type(variant), "__module__": __name__}))
        _CLASSES[short] = cls
        globals()[cls.__name__] = cls  # found by name, so that the game pickles
        pyspiel.register_game(cls.game_type, cls)
    return tuple(GAME_NAMES.values())


def load_game(variant: Variant | str, *, players: int | None = None, dealer: int = 0,
              options: str = "") -> Any:
    """Load a preset's OpenSpiel game (``pyspiel.load_game`` with its parameters).

    Args:
        variant: a preset, its name or an alias.
        players: the number of seats; ``None`` for the game's default.
        dealer: the dealer's seat.
        options: house rules, ``"name:value;name:value"`` (see the module).

    Returns:
        The ``pyspiel.Game`` (a :class:`TrumpFamilyGame`).

    Raises:
        UnknownVariantError: no preset has that name.
        PlayerCountError, InvalidVariantError, InvalidArgumentError: as
            :class:`TrumpFamilyGame`.

    >>> from trumpfamily.envs.openspiel import load_game
    >>> game = load_game("Forty-Five", players=2)
    >>> game.get_type().short_name, game.min_utility(), game.max_utility()
    ('python_trumpfamily_forty_five', 0.0, 30.0)
    """
    params: dict[str, Any] = {"dealer": dealer}
    if players is not None:
        params["players"] = players
    if options:
        params["options"] = options
    return pyspiel.load_game(game_name(variant), params)


register()
