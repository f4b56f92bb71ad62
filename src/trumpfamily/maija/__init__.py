"""The Maija games: Mustamaija ("Black Maria"), Spardame and Kitumaija ("Wan Maria"), the
Finnish *beating* games of the project's source page (MAIJA.md).

They are trump games but not trick-taking ones: a bout of one to five cards of a suit is
led, the next player beats what he can and will with higher cards of the suit or (plain
suits only) trumps, takes up the rest, and everyone refills to five from the stock; the
Queen of Spades, the Maija, beats nothing and is beaten by nothing, and whoever is left
holding her loses. Kitumaija plays the same cards onto one open pile instead.

One module per rule area: :mod:`~trumpfamily.maija.beating` (which card beats which),
:mod:`~trumpfamily.maija.bouts` (leading), :mod:`~trumpfamily.maija.drawing` (the pack,
deal, turn-up and refill), :mod:`~trumpfamily.maija.queen` (the Maija),
:mod:`~trumpfamily.maija.end` (dropping out, the loser, the match);
:mod:`~trumpfamily.maija.engine` the hand, :mod:`~trumpfamily.maija.variants` the presets,
:mod:`~trumpfamily.maija.actions` and :mod:`~trumpfamily.maija.events`,
:mod:`~trumpfamily.maija.players` the bots, :mod:`~trumpfamily.maija.jsonio` the JSON
forms, :mod:`~trumpfamily.maija.match` a match of several hands.

>>> import trumpfamily as tf
>>> from trumpfamily.maija import new_maija_hand
>>> hand = new_maija_hand(tf.find_variant("Mustamaija", family="maija"), players=4, seed=3)
>>> hand.view(1).hand_sizes, hand.view(1).stock
((5, 5, 5, 5), 32)
"""

from __future__ import annotations

from .actions import (
    MAIJA_ACTION_TYPES,
    Beat,
    Cover,
    Lead,
    MaijaAction,
    TakeUp,
    format_maija_action,
    parse_maija_action,
)
from .beating import beaters, beats, why_not_beats
from .bouts import lead_problem, legal_leads, max_lead
from .drawing import deal, maija_deck, refill, stacked_maija_deck, turn_trump
from .end import MATCH_RULES, match_standing, next_in, seats_in
from .engine import MaijaHand, MaijaRecord, MaijaView, new_maija_hand, replay_maija
from .queen import MAIJA, is_maija
from .refusals import MAIJA_CODES
from .variants import (
    KITUMAIJA,
    MAIJA_OPTION_VALUES,
    MAIJA_VARIANTS,
    MUSTAMAIJA,
    SPARDAME,
    MaijaVariant,
    find_maija_variant,
)

__all__ = [
    "KITUMAIJA", "MAIJA", "MAIJA_ACTION_TYPES", "MAIJA_CODES", "MAIJA_OPTION_VALUES",
    "MAIJA_VARIANTS", "MATCH_RULES", "MUSTAMAIJA", "SPARDAME", "Beat", "Cover", "Lead",
    "MaijaAction", "MaijaHand", "MaijaRecord", "MaijaVariant", "MaijaView", "TakeUp",
    "beaters", "beats", "deal", "find_maija_variant", "format_maija_action", "is_maija",
    "lead_problem", "legal_leads", "maija_deck", "match_standing", "max_lead", "new_maija_hand",
    "next_in", "parse_maija_action", "refill", "replay_maija", "seats_in", "stacked_maija_deck", "turn_trump",
    "why_not_beats",
]
