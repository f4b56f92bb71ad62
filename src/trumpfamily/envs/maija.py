"""A Gymnasium environment for the Maija games (MAIJA.md): one seat learns, the other
seats are the built-in Maija bots.

An optional extra (``pip install 'trumpfamily[rl]'``), shaped as
:class:`trumpfamily.envs.gymnasium.SeatEnv`.

**The action encoding: an action built card by card.** A Maija action can hold several
cards (a lead of up to five, a beat of several pairs, a cover and its free card), and the
legal actions of one position can number thousands (every subset of up to five cards of a
suit of a large hand). Rather than a flat index over a legal-action list whose meaning
changes from state to state, an action id is a card or a word, and an action is built
from one or more ids, each step with its mask:

* ids ``0..51``: a card (:data:`CARD_IDS`, clubs 2..A, diamonds, hearts, spades; in
  Spardame's double pack, one copy of it); :data:`STOP` (``52``): the lead built so far
  is complete; :data:`TAKE` (``53``): take up.
* **Lead** (Mustamaija): pick the cards one at a time (the mask allows a card that keeps
  the cards picked a legal lead: one suit, the Queen of Spades a spade, no more than the
  most allowed), then :data:`STOP`. Kitumaija's new pile: one card, applied at once.
* **Defence**: pick a table card to beat, then its beater (the mask: the cards that beat
  it); each pair is applied as one :class:`~trumpfamily.maija.Beat` (MAIJA.md M6: several
  pairs at once are the same as one after another); or :data:`TAKE`.
* **Cover** (Kitumaija): pick the covering card, then the free card (applied at once when
  the covering card is the last one held); or :data:`TAKE`.

A step that only picks a card returns reward 0 and the same seat to act; the observation
says what is picked (``picked``, ``target``, ``stage``), so the encoding is Markov.

* **Observation**: ``{"observation": float32[size], "action_mask": int8[54]}``;
  ``observation`` is :func:`encode` of the learner's :class:`~trumpfamily.maija.MaijaView`
  and the picks so far (the seats relative to the learner, the learner first).
* **Reward**: when the hand ends, ``-1`` for the loser (the Maija) and ``1 / (players -
  1)`` for each other seat (zero-sum).
* **Truncation**: a hand that has not ended after ``max_actions`` actions of the hand
  (nothing in the rules forces an end, MAIJA.md M11 note) is ``truncated``.
* **Rendering**: ``render_mode="ansi"``: :meth:`MaijaSeatEnv.render` returns the hand so
  far as text, as the learner sees it (:func:`render_text`: the log from the deal, the
  table, the learner's hand and its picks; no card of another hand or of the stock).
* **Registered ids** (importing this module or :mod:`trumpfamily.envs.gymnasium`
  registers them): ``trumpfamily/Mustamaija-v0``, ``trumpfamily/Spardame-v0`` and
  ``trumpfamily/Kitumaija-v0`` (:data:`ENV_IDS`, the pattern of the other games' ids), at
  3 players (Kitumaija too) with the other defaults of :class:`MaijaSeatEnv`;
  ``gymnasium.make(id, players=..., render_mode="ansi")`` overrides them.
* **Illegal ids**: ``illegal="lose"`` (default): the episode ends with
  ``illegal_reward``; ``"raise"``: :class:`~trumpfamily.errors.InvalidArgumentError`.

The PettingZoo AEC form, every seat an agent, with the same encoding, is
:mod:`trumpfamily.envs.maija_pettingzoo`; :class:`MaijaSeatEnv` is the single-agent form.

>>> import numpy as np
>>> from trumpfamily.envs.maija import MaijaSeatEnv
>>> env = MaijaSeatEnv("Mustamaija", players=3, seat=0)
>>> obs, info = env.reset(seed=4)
>>> rng = np.random.default_rng(4)
>>> done = truncated = False
>>> while not (done or truncated):
...     action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     obs, reward, done, truncated, info = env.step(action)
>>> reward in (-1.0, 0.5)
True
>>> import gymnasium
>>> made = gymnasium.make("trumpfamily/Kitumaija-v0", players=2, render_mode="ansi")
>>> _ = made.reset(seed=1)
>>> print(made.render().splitlines()[0])
  P1 deals five cards each; 42 in the stock; your hand TD JD 4D 6C 6D.
"""

from __future__ import annotations

try:
    import gymnasium
except ImportError as exc:  # pragma: no cover - tested in a subprocess without gymnasium
    raise ImportError(
        "trumpfamily.envs.maija needs gymnasium, which the core library does not install: "
        "pip install 'trumpfamily[rl]'"
    ) from exc

import operator
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from ..cards import Card, Suit
from ..errors import IllegalActionError, InvalidArgumentError, InvalidSeatError
from ..maija import (
    Beat,
    Cover,
    Lead,
    MaijaAction,
    MaijaHand,
    MaijaVariant,
    MaijaView,
    TakeUp,
    find_maija_variant,
    new_maija_hand,
)
from ..maija.players import MaijaRuleOfThumbPlayer

__all__ = ["ACTION_COUNT", "CARD_IDS", "ENV_IDS", "STOP", "TAKE", "MaijaSeatEnv", "encode",
           "env_id", "observation_size", "render_text"]

#: The 52 cards by action id: clubs 2..A, then diamonds, hearts, spades.
CARD_IDS: Final[tuple[Card, ...]] = tuple(
    Card.parse(r + s) for s in "CDHS" for r in "23456789TJQKA")
_ID: Final = {c: i for i, c in enumerate(CARD_IDS)}
#: The id that ends a lead built card by card.
STOP: Final = 52
#: The id of taking up.
TAKE: Final = 53
#: The size of the action space (``Discrete(54)``).
ACTION_COUNT: Final = 54
_PHASES: Final = ("lead", "defend", "start", "cover", "over")
_STAGES: Final = ("none", "leading", "beater", "free")
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def observation_size(players: int) -> int:
    """The length of :func:`encode`'s vector at a table of ``players`` seats."""
    return 52 * 10 + 4 + 4 + len(_PHASES) + len(_STAGES) + 1 + 3 * players


def _cards(vector: npt.NDArray[np.float32], at: int, cards: Sequence[Card]) -> None:
    for c in cards:
        vector[at + _ID[c]] += 1.0


def encode(view: MaijaView, picked: Sequence[Card] = (), target: Card | None = None,
           stage: str = "none") -> npt.NDArray[np.float32]:
    """The view and the picks so far as a flat vector (float32, :func:`observation_size`).

    Blocks of 52 (counts by card id, 2 possible in Spardame): the hand, the unbeaten table
    cards, the beaters and the beaten of the pairs on the table, the pile, the pile's top
    card, the cards out of play, the turn-up, the cards picked, the target picked; then
    the trump suit and the invulnerable suit (one-hot C D H S), the phase, the stage, the
    stock (a fraction of the pack), and by seat relative to the learner: cards held (a
    fraction of the pack), out, the bout's attacker.
    """
    n = view.players
    v = np.zeros(observation_size(n), dtype=np.float32)
    _cards(v, 0, view.hand)
    _cards(v, 52, view.table)
    _cards(v, 104, [a for a, _ in view.beaten])
    _cards(v, 156, [b for _, b in view.beaten])
    _cards(v, 208, view.pile)
    _cards(v, 260, view.pile[-1:])
    _cards(v, 312, view.out_of_play)
    if view.turn_up is not None:
        _cards(v, 364, (view.turn_up,))
    _cards(v, 416, picked)
    if target is not None:
        _cards(v, 468, (target,))
    at = 520
    if view.trump is not None:
        v[at + _SUITS.index(view.trump)] = 1.0
    if view.variant.invulnerable is not None:
        v[at + 4 + _SUITS.index(view.variant.invulnerable)] = 1.0
    at += 8
    v[at + _PHASES.index(view.phase)] = 1.0
    at += len(_PHASES)
    v[at + _STAGES.index(stage)] = 1.0
    at += len(_STAGES)
    deck = float(view.variant.deck_size)
    v[at] = view.stock / deck
    at += 1
    for k in range(n):
        seat = (view.seat + k) % n
        v[at + k] = view.hand_sizes[seat] / deck
        v[at + n + k] = 1.0 if seat in view.out else 0.0
        v[at + 2 * n + k] = 1.0 if seat == view.attacker else 0.0
    return v


def _within(cards: Sequence[Card], bigger: Sequence[Card]) -> bool:
    need, have = Counter(cards), Counter(bigger)
    return all(have[c] >= k for c, k in need.items())


class _Picks:
    """The cards picked so far towards one action (the card-by-card encoding)."""

    def __init__(self) -> None:
        self.picked: list[Card] = []
        self.target: Card | None = None

    def clear(self) -> None:
        self.picked, self.target = [], None

    def stage(self, hand: MaijaHand) -> str:
        if self.target is not None:
            return "beater"
        if self.picked:
            return "free" if hand.phase == "cover" else "leading"
        return "none"

    def mask(self, hand: MaijaHand | None, seat: int) -> npt.NDArray[np.int8]:
        m = np.zeros(ACTION_COUNT, dtype=np.int8)
        if hand is None or hand.is_over or hand.to_act != seat:
            return m
        legal = hand.legal_actions()
        if hand.phase in ("lead", "start"):
            leads = [a.cards for a in legal if isinstance(a, Lead)]
            for c in set(hand.hands[seat]):
                if any(_within([*self.picked, c], lead) for lead in leads):
                    m[_ID[c]] = 1
            if self.picked:
                m[STOP] = 1
        elif hand.phase == "defend":
            if self.target is None:
                for a in legal:
                    if isinstance(a, Beat):
                        m[_ID[a.pairs[0][1]]] = 1
                m[TAKE] = 1
            else:
                for a in legal:
                    if isinstance(a, Beat) and a.pairs[0][1] == self.target:
                        m[_ID[a.pairs[0][0]]] = 1
        else:  # cover
            covers = [a for a in legal if isinstance(a, Cover)]
            if not self.picked:
                for a in covers:
                    m[_ID[a.beat]] = 1
                m[TAKE] = 1
            else:
                for a in covers:
                    if a.beat == self.picked[0] and a.free is not None:
                        m[_ID[a.free]] = 1
        return m

    def advance(self, hand: MaijaHand, seat: int, number: int) -> MaijaAction | None:
        """The action completed by the legal id ``number``, or ``None`` if it only picks."""
        if hand.phase in ("lead", "start"):
            if number == STOP:
                return Lead(tuple(self.picked))
            self.picked.append(CARD_IDS[number])
            return Lead(tuple(self.picked)) if hand.phase == "start" else None
        if number == TAKE:
            return TakeUp()
        card = CARD_IDS[number]
        if hand.phase == "defend":
            if self.target is None:
                self.target = card
                return None
            return Beat(((card, self.target),))
        if not self.picked:
            self.picked.append(card)
            return Cover(card, None) if len(hand.hands[seat]) == 1 else None
        return Cover(self.picked[0], card)


def render_text(hand: MaijaHand, seat: int | None, picked: Sequence[Card] = (),
                target: Card | None = None) -> str:
    """The ``"ansi"`` rendering of a Maija hand: the log from the deal
    (``trumpfamily.cli.maija.history_lines``), the table
    (``trumpfamily.cli.maija.situation``) and the hand, as ``seat`` sees it (``None``:
    a spectator who sees every hand), with the cards picked so far for the action being
    built.

    >>> from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
    >>> print(render_text(new_maija_hand(MUSTAMAIJA, 3, seed=4), 1))
      P0 deals five cards each; 37 in the stock; your hand KH JD 2S 6S 9C.
      Trumps: not yet turned. Stock: 37. Cards held: P0 5, P1 5, P2 5.
      Your hand (P1): 9C JD KH 2S 6S. P1 to act.
    """
    from ..cli.maija import event_lines, history_lines, situation
    from ..narrate import Style

    style = Style(False)
    lines = (history_lines(hand, seat, style) if hand.history else
             ["  " + line for line in event_lines(hand.events, seat, style)])
    view = hand.view(seat if seat is not None else (hand.to_act or 0))
    lines += ["  " + line for line in situation(view, style)]
    turn = f" P{hand.to_act} to act." if hand.to_act is not None else ""
    if seat is None:
        lines += [f"  P{s}: {style.cards(sorted(cards)) or '(none)'}"
                  for s, cards in enumerate(hand.hands)]
        lines[-1] += "." + turn
    else:
        lines.append(f"  Your hand (P{seat}): {style.cards(sorted(view.hand)) or '(none)'}."
                     + turn)
    if picked or target is not None:
        beat = f" to beat {target}" if target is not None else ""
        lines.append(f"  Picked so far{beat}: {style.cards(picked) or 'nothing'}.")
    return "\n".join(lines)


class MaijaSeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a Maija hand as a Gymnasium environment (see the module).

    Args:
        variant: a Maija preset or its name (``"Mustamaija"``, ``"Kitumaija"``...).
        players: the seats (default: 3, or the variant's least above it).
        seat: the learner's seat.
        opponents: one bot per other seat, in seat order (``choose(view)``); default the
            rule of thumb (:class:`~trumpfamily.maija.players.MaijaRuleOfThumbPlayer`).
        max_actions: the hand's actions after which the episode is truncated.
        illegal: ``"lose"`` or ``"raise"`` (see the module).
        illegal_reward: the reward of an illegal id under ``illegal="lose"``.
        render_mode: ``None`` or ``"ansi"`` (:meth:`render`: the hand as text).

    Raises:
        UnknownVariantError: no Maija preset has that name.
        PlayerCountError: ``players`` does not suit the variant.
        InvalidSeatError: ``seat`` is not a seat.
        InvalidArgumentError: ``opponents`` is not one bot per other seat, or
            ``illegal``, ``max_actions`` or ``render_mode`` is not a value above.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's)

    def __init__(self, variant: MaijaVariant | str = "Mustamaija", players: int | None = None,
                 *, seat: int = 0, opponents: Sequence[Any] | None = None,
                 max_actions: int = 2_000, illegal: Literal["lose", "raise"] = "lose",
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(
                f"render_mode={render_mode!r}: None or 'ansi' (the hand as text)")
        self.render_mode = render_mode
        v = find_maija_variant(variant)
        if players is None:
            players = max(3, v.min_players)
        new_maija_hand(v, players, seed=0)  # refuses a table the variant does not deal
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidSeatError(seat, players)
        if opponents is not None and (len(opponents) != players - 1 or not all(
                callable(getattr(b, "choose", None)) for b in opponents)):
            raise InvalidArgumentError(
                f"opponents: one bot (with choose(view)) per other seat, {players - 1}")
        if illegal not in ("lose", "raise"):
            raise InvalidArgumentError(f"illegal={illegal!r}: 'lose' or 'raise'")
        if type(max_actions) is not int or max_actions < 1:
            raise InvalidArgumentError(f"max_actions={max_actions!r}: a positive int")
        self.variant, self.players, self.seat = v, players, seat
        others = [s for s in range(players) if s != seat]
        bots = list(opponents) if opponents is not None else [
            MaijaRuleOfThumbPlayer() for _ in others]
        self._bots = dict(zip(others, bots, strict=True))
        self._max, self._illegal, self._illegal_reward = max_actions, illegal, illegal_reward
        size = observation_size(players)
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 2.0, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
        })
        self.action_space = gymnasium.spaces.Discrete(ACTION_COUNT)
        self.hand: MaijaHand | None = None
        self._picks = _Picks()
        self._over = True

    # -- the picks ---------------------------------------------------------------------

    @property
    def _stage(self) -> str:
        assert self.hand is not None
        return self._picks.stage(self.hand)

    def mask(self) -> npt.NDArray[np.int8]:
        """The legal ids now (``1``: legal), as ``int8[54]``."""
        return self._picks.mask(self.hand, self.seat)

    def view(self) -> MaijaView:
        """The learner's view.

        Raises:
            InvalidArgumentError: never reset.
        """
        if self.hand is None:
            raise InvalidArgumentError("no episode has started: call reset() first")
        return self.hand.view(self.seat)

    def _observe(self) -> dict[str, Any]:
        return {"observation": encode(self.view(), self._picks.picked, self._picks.target,
                                      self._stage),
                "action_mask": self.mask()}

    def _reward(self) -> float:
        assert self.hand is not None
        if not self.hand.is_over:
            return 0.0
        return -1.0 if self.hand.loser == self.seat else 1.0 / (self.players - 1)

    def _run_bots(self) -> None:
        hand = self.hand
        assert hand is not None
        while (not hand.is_over and hand.to_act != self.seat
               and len(hand.history) < self._max):
            s = hand.to_act
            assert s is not None
            hand = hand.apply(self._bots[s].choose(hand.view(s)))
        self.hand = hand

    # -- the protocol ------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new hand (a random dealer) and let the bots act up to the learner's turn.

        Returns:
            ``(observation, info)``; ``info`` is ``{}``.
        """
        super().reset(seed=seed)
        while True:
            deal_seed = int(self.np_random.integers(2**63))
            dealer = int(self.np_random.integers(self.players))
            self.hand = new_maija_hand(self.variant, self.players, dealer=dealer,
                                       seed=deal_seed)
            self._picks.clear()
            self._run_bots()
            if not self.hand.is_over and self.hand.to_act == self.seat:
                break
        self._over = False
        return self._observe(), {}

    def step(self, action: int | np.integer[Any]
             ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner's id ``action``: a pick, or the action it completes; then the bots
        act up to the learner's next turn or the end.

        Returns:
            ``(observation, reward, terminated, truncated, info)``.

        Raises:
            InvalidArgumentError: not an id; never reset or the episode over; an illegal
                id under ``illegal="raise"``.
        """
        if self.hand is None or self._over:
            raise InvalidArgumentError("no episode in play: call reset() first")
        try:
            number = operator.index(action)
        except TypeError:
            raise InvalidArgumentError(f"action={action!r}: an id 0..{ACTION_COUNT - 1}") \
                from None
        if not 0 <= number < ACTION_COUNT or not self.mask()[number]:
            reason = f"id {number} is not legal now (see the action mask)"
            if self._illegal == "raise":
                raise InvalidArgumentError(reason)
            self._over = True
            return self._observe(), float(self._illegal_reward), True, False, {"illegal": reason}
        done = self._picks.advance(self.hand, self.seat, number)
        if done is not None:
            try:
                self.hand = self.hand.apply(done, seat=self.seat)
            except IllegalActionError as error:  # pragma: no cover - the mask forbids it
                raise InvalidArgumentError(f"the mask allowed an illegal action: {error}") \
                    from None
            self._picks.clear()
            self._run_bots()
        terminated = self.hand.is_over
        truncated = not terminated and len(self.hand.history) >= self._max
        self._over = terminated or truncated
        return self._observe(), self._reward(), terminated, truncated, {}

    def render(self) -> str | None:
        """``render_mode="ansi"``: the hand so far as the learner sees it
        (:func:`render_text`); else ``None``."""
        if self.render_mode is None or self.hand is None:
            return None
        return render_text(self.hand, self.seat, self._picks.picked, self._picks.target)


#: The registered Gymnasium ids, by Maija preset.
ENV_IDS: Final = {name: f"trumpfamily/{name}-v0" for name in ("Mustamaija", "Spardame",
                                                               "Kitumaija")}


def env_id(variant: MaijaVariant | str) -> str:
    """The registered Gymnasium id of a Maija preset (``"trumpfamily/Mustamaija-v0"``).

    Raises:
        UnknownVariantError: no Maija preset has that name.

    >>> env_id("Wan Maria")
    'trumpfamily/Kitumaija-v0'
    """
    return ENV_IDS[find_maija_variant(variant).name]


def register() -> None:
    """Register :data:`ENV_IDS` with Gymnasium (done on import; again is harmless)."""
    for name, rid in ENV_IDS.items():
        if rid not in gymnasium.registry:
            gymnasium.register(rid, entry_point="trumpfamily.envs.maija:MaijaSeatEnv",
                               kwargs={"variant": name, "players": 3},
                               disable_env_checker=True)


register()
