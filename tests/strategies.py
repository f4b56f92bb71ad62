"""Shared hypothesis strategies for the trumpfamily test suite.

Everything here is built from the public API only (``import trumpfamily as tf``).

* :data:`trump_suits`: the four suits.
* :func:`variants`: any of the four presets with a random, coherent combination of the rule
  options that ``legal_moves`` and ``trick_winner`` depend on (OPTIONS.md, components
  ``ranking`` and ``reneging``), built with ``with_options``; incoherent combinations are
  skipped.
* :func:`positions`: a variant, a trump suit, a trick of 0..n cards and a hand of 1..5
  distinct cards disjoint from the trick, all from the variant's deck; optionally a demoted
  Ace of trumps.
* :func:`full_tricks`: a variant, a trump suit and a complete trick (1..6 distinct cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

import trumpfamily as tf

PRESETS: tuple[Any, ...] = (tf.MAW, tf.SPOIL_FIVE, tf.TWENTY_FIVE, tf.FORTY_FIVE)

#: The rule options of OPTIONS.md that legal_moves / trick_winner depend on, with every value.
RANKING_OPTIONS: dict[str, tuple[Any, ...]] = {
    "top_trumps": ("modern", "cotton"),
    "joker": ("none", "third", "fourth"),
    "plain_aces": ("traditional", "high"),
    "natural_order": (False, True),
}
RENEGING_OPTIONS: dict[str, tuple[Any, ...]] = {
    "plain_lead": ("follow-or-trump", "follow", "free"),
    "trump_lead": ("follow", "free"),
    "renege_cards": ("5-J-AH", "5-J-JK-AH", "5"),
    "renege_basis": ("led", "highest", "unconditional"),
    "multi_privileged": ("all", "single"),
    "ah_lead_requires_heart": (False, True),
}
PLAY_OPTIONS: dict[str, tuple[Any, ...]] = {**RANKING_OPTIONS, **RENEGING_OPTIONS}

#: The largest trick used by the strategies: Forty-Five allows 6 players, the others 10,
#: so a complete trick of up to 6 cards (and a partial one of up to 5) is valid everywhere.
MAX_FULL_TRICK = 6
MAX_PARTIAL_TRICK = MAX_FULL_TRICK - 1

SUITS: tuple[Any, ...] = (tf.Suit.CLUBS, tf.Suit.DIAMONDS, tf.Suit.HEARTS, tf.Suit.SPADES)
STANDARD_52: tuple[Any, ...] = tuple(tf.Card(rank, suit) for suit in SUITS for rank in tf.Rank if rank is not tf.Rank.JOKER)

trump_suits = st.sampled_from(SUITS)
presets = st.sampled_from(PRESETS)


def deck_of(variant: Any) -> tuple[Any, ...]:
    """The variant's deck: ``variant.ranking.deck()`` if offered, else 52 cards (+ JK)."""
    deck = getattr(variant.ranking, "deck", None)
    if callable(deck):
        return tuple(deck())
    cards = STANDARD_52
    if variant.options()["joker"] != "none":
        cards = cards + (tf.JK,)
    return cards


def _keep_or(values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """Either keep the preset's value (``_KEEP``) or draw one of ``values``."""
    return st.one_of(st.just(_KEEP), st.sampled_from(values))


_KEEP = object()


@st.composite
def variants(draw: st.DrawFn, bases: tuple[Any, ...] = PRESETS) -> Any:
    """A preset with a random coherent combination of the play options (OPTIONS.md)."""
    base = draw(st.sampled_from(bases))
    chosen: dict[str, Any] = {}
    joker = draw(_keep_or(RANKING_OPTIONS["joker"]))
    if joker is not _KEEP:
        chosen["joker"] = joker
    joker_in_use = chosen.get("joker", base.options()["joker"]) != "none"
    for name, values in PLAY_OPTIONS.items():
        if name == "joker":
            continue
        if joker_in_use and name in ("top_trumps", "natural_order"):
            # a joker needs the modern top trumps and special cards (OPTIONS.md / RULES §1.2)
            chosen[name] = RANKING_OPTIONS[name][0]
            continue
        if not joker_in_use and name == "renege_cards":
            value = draw(_keep_or(("5-J-AH", "5")))
        else:
            value = draw(_keep_or(values))
        if value is not _KEEP:
            chosen[name] = value
    try:
        variant = base.with_options(**chosen)
    except tf.InvalidVariantError:
        assume(False)
    return variant


@dataclass(frozen=True)
class Position:
    """A position to play from: ``hand`` to move on ``trick`` (lead first)."""

    variant: Any
    trump: Any
    trick: tuple[Any, ...]
    hand: tuple[Any, ...]
    demoted: Any = None

    def kwargs(self) -> dict[str, Any]:
        return {"trump": self.trump, "variant": self.variant, "demoted": self.demoted}


@dataclass(frozen=True)
class FullTrick:
    """A complete trick (lead first) under ``trump`` and ``variant``."""

    variant: Any
    trump: Any
    trick: tuple[Any, ...]
    demoted: Any = None

    def kwargs(self) -> dict[str, Any]:
        return {"trump": self.trump, "variant": self.variant, "demoted": self.demoted}


def ace_of(suit: Any) -> Any:
    return tf.Card(tf.Rank.ACE, suit)


@st.composite
def positions(
    draw: st.DrawFn,
    variant_strategy: st.SearchStrategy[Any] | None = None,
    *,
    min_trick: int = 0,
    max_trick: int = MAX_PARTIAL_TRICK,
    max_hand: int = 5,
    with_demoted: bool = True,
) -> Position:
    """A trump suit, a trick of ``min_trick..max_trick`` cards and a disjoint hand of 1..5."""
    variant = draw(variant_strategy if variant_strategy is not None else variants())
    trump = draw(trump_suits)
    deck = deck_of(variant)
    n_trick = draw(st.integers(min_trick, max_trick))
    n_hand = draw(st.integers(1, max_hand))
    cards = draw(st.lists(st.sampled_from(deck), min_size=n_trick + n_hand, max_size=n_trick + n_hand, unique=True))
    demoted = ace_of(trump) if with_demoted and draw(st.integers(0, 4)) == 0 else None
    return Position(variant, trump, tuple(cards[:n_trick]), tuple(cards[n_trick:]), demoted)


@st.composite
def full_tricks(
    draw: st.DrawFn,
    variant_strategy: st.SearchStrategy[Any] | None = None,
    *,
    max_size: int = MAX_FULL_TRICK,
    with_demoted: bool = True,
) -> FullTrick:
    """A trump suit and a complete trick of 1..6 distinct cards from the variant's deck."""
    variant = draw(variant_strategy if variant_strategy is not None else variants())
    trump = draw(trump_suits)
    deck = deck_of(variant)
    trick = draw(st.lists(st.sampled_from(deck), min_size=1, max_size=max_size, unique=True))
    demoted = ace_of(trump) if with_demoted and draw(st.integers(0, 4)) == 0 else None
    return FullTrick(variant, trump, tuple(trick), demoted)


def text(cards: tuple[Any, ...]) -> str:
    """Cards as space-separated card text ("5H JS")."""
    return " ".join(str(c) for c in cards)
