"""The rules of one (variant, players) compiled to numpy arrays for the jitted core.

Internal. Everything is read from the library's own tables and rule functions, never
re-derived: the card order from :func:`trumpfamily.mask_table` (for each trump suit, with
and without the demoted Ace of trumps), the deal from :func:`trumpfamily.dealing.seating_for`,
robbing from :mod:`trumpfamily.robbing`, fiving from :mod:`trumpfamily.fiving`, the stakes
and points from :mod:`trumpfamily.scoring` and :mod:`trumpfamily.jinking`.
"""

from __future__ import annotations

from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from .. import tables as _tables
from ..actions import (
    AcceptFive,
    AskFive,
    Claim,
    DeclineRob,
    Jink,
    Pass,
    RefuseFive,
    Rob,
    action_id,
)
from ..cards import JK, Card, Rank, canonical
from ..dealing import seating_for
from ..errors import InvalidVariantError
from ..fiving import prompt_first
from ..jinking import jink_bonus
from ..outcomes import HAND_SIZE
from ..play import mask_table
from ..ranking import AH
from ..robbing import may_decline, unrobbed_penalty
from ..scoring import HandEnd, antes, five_tricks_bonus
from ..tables import SUITS
from ..variants import Variant
from . import _kernel as K

__all__ = ["Compiled", "compile_rules", "max_actions"]

#: The options whose values the core acts on itself, each with the values it knows: it
#: mirrors by hand what the engine does with them (RULES.md §1.4–1.8). Any other value is
#: refused with InvalidVariantError rather than simulated wrongly: the guard for values a
#: later release adds.
MIRRORED: Final[dict[str, frozenset[Any]]] = {
    "joker": frozenset({"none", "third", "fourth"}),  # the turned-up joker (§2.8)
    "plain_lead": frozenset({"follow-or-trump", "follow", "free"}),  # tables.legal_mask
    "trump_lead": frozenset({"follow", "free"}),
    "renege_basis": frozenset({"led", "highest", "unconditional"}),
    "multi_privileged": frozenset({"all", "single"}),
    "ah_lead_requires_heart": frozenset({False, True}),
    "robbing": frozenset({False, True}),  # engine: the rob prompts and penalties
    "holder_rob": frozenset({"may-announce", "may", "must"}),
    "dealer_rob": frozenset({"must", "may"}),
    "unrobbed_ace": frozenset(
        {"lowest-unless-announced", "lowest", "cannot-win", "lowest-and-cannot-win", "none"}
    ),
    "rob_timing": frozenset({"own-first-turn", "before-lead"}),
    "scoring": frozenset({"pool", "points"}),  # engine._trick_result
    "jinking": frozenset({False, True}),
    "best_trump_bonus": frozenset({"any", "top-four", "none", None}),  # scoring.best_trump_trick
    "fiving": frozenset({False, True}),  # engine: fiving
}
#: The options the core reads only through the library, so that any value the library
#: accepts is simulated as the library defines it: the card order through the mask tables
#: (``top_trumps``, ``plain_aces``, ``natural_order``, ``renege_cards``), the deal, the
#: sides and the tricks needed through :class:`~trumpfamily.dealing.Seating`
#: (``deal_packets``, ``partnerships``, ``tricks_to_win``, ``two_trick_win_above``), the
#: chips and points through :mod:`~trumpfamily.scoring` and :mod:`~trumpfamily.jinking`
#: (``ante``, ``dealer_ante``, ``jink_bonus``, ``points_per_trick``, ``five_tricks``); and
#: the options of whole games, which no single hand reads (``spoil_ante``: the chips are
#: those of a fresh pool; ``target``, ``target_tie``, ``first_dealer``, ``misdeal``).
THROUGH_LIBRARY: Final = frozenset({
    "top_trumps", "plain_aces", "natural_order", "renege_cards", "deal_packets",
    "partnerships", "tricks_to_win", "two_trick_win_above", "ante", "dealer_ante",
    "jink_bonus", "points_per_trick", "five_tricks", "spoil_ante", "target", "target_tie",
    "first_dealer", "misdeal",
})
_BEST_RULE: Final = {None: 0, "none": 0, "any": 1, "top-four": 2}
#: Chips fit the int16 outputs: the largest pool or jink bonus the core accepts.
MAX_CHIPS: Final = 3000


def _check_constants() -> None:
    """The ids and codes written as literals in the core agree with the library."""
    expected = {
        "A_ROB": action_id(Rob(Card.parse("2C"))) - Card.parse("2C").index,
        "A_DECLINE": action_id(DeclineRob()),
        "A_PASS": action_id(Pass()),
        "A_CLAIM": action_id(Claim()),
        "A_JINK": action_id(Jink()),
        "A_ASK": action_id(AskFive()),
        "A_ACCEPT": action_id(AcceptFive()),
        "A_REFUSE": action_id(RefuseFive()),
        "E_WIN": list(HandEnd).index(HandEnd.WIN),
        "E_CLAIM": list(HandEnd).index(HandEnd.CLAIM),
        "E_JINK": list(HandEnd).index(HandEnd.JINK),
        "E_JINK_FAILED": list(HandEnd).index(HandEnd.JINK_FAILED),
        "E_SPOIL": list(HandEnd).index(HandEnd.SPOIL),
        "E_POINTS": list(HandEnd).index(HandEnd.POINTS),
        "FREE": _tables.FREE,
        "FOLLOW_OR_TRUMP": _tables.FOLLOW_OR_TRUMP,
        "HAND_SIZE": HAND_SIZE,
    }
    wrong = {k: (getattr(K, k), v) for k, v in expected.items() if getattr(K, k) != v}
    if wrong or JK.index != 52 or len(_tables.CARDS) != 53:
        raise ImportError(f"trumpfamily.batch is out of step with the library: {wrong}")


_check_constants()


def max_actions(players: int) -> int:
    """The most actions a hand can take with ``players`` seats: five tricks of plays, a
    round of rob prompts, and at most six others (a joker and an Ace robbed by the
    dealer, fiving asked and answered, a rob at the holder's first turn, a claim or
    jink)."""
    return HAND_SIZE * players + players + 6


@attrs.frozen(eq=False)
class Compiled:
    """The arrays the core reads for one (variant, players)."""

    variant: Variant
    players: int
    deck_size: int
    sides: tuple[tuple[int, ...], ...]
    pool: bool
    max_actions: int
    params: npt.NDArray[np.int64]
    printed: npt.NDArray[np.int64]
    is_ace: npt.NDArray[np.int64]
    ace_of: npt.NDArray[np.int64]
    top4: npt.NDArray[np.int64]
    dealpos: npt.NDArray[np.int64]
    side_of: npt.NDArray[np.int64]
    stakes: npt.NDArray[np.int64]
    suit_of: npt.NDArray[np.int64]
    power: npt.NDArray[np.int64]
    suit_masks: npt.NDArray[np.int64]
    withhold: npt.NDArray[np.int64]
    above: npt.NDArray[np.int64]
    hearts: npt.NDArray[np.int64]
    ah_heart: npt.NDArray[np.int64]

    def tables(self) -> tuple[npt.NDArray[Any], ...]:
        """The arrays in the order of the core's arguments after ``policy``."""
        return (
            self.params, self.printed, self.is_ace, self.ace_of, self.top4, self.dealpos,
            self.side_of, self.stakes, self.suit_of, self.power, self.suit_masks,
            self.withhold, self.above, self.hearts, self.ah_heart,
        )


def check_supported(variant: Variant) -> None:
    """Refuse a variant the core does not simulate.

    Raises:
        InvalidVariantError: a bidding game; a value the core does not know of an option
            it acts on itself (:data:`MIRRORED`; the message names the option and value);
            stakes or points too large for the int16 outputs.
    """
    if getattr(variant, "bidding", None) is not None:
        raise InvalidVariantError(
            f"trumpfamily.batch simulates the games that turn up trumps (Maw, Spoil Five, "
            f"Twenty-Five, Forty-Five and their house rules), not the bidding game "
            f"{variant.name!r}: play it with trumpfamily.new_hand")
    options = variant.options()
    unknown = sorted(
        name for name, value in options.items()
        if name not in THROUGH_LIBRARY and value not in MIRRORED.get(name, ())
    )
    if unknown:
        shown = ", ".join(f"{n}={options[n]!r}" for n in unknown)
        raise InvalidVariantError(
            f"trumpfamily.batch does not simulate option {shown} (yet): play such hands "
            "with trumpfamily.new_hand")
    scoring = variant.scoring
    if scoring.scoring == "pool":
        assert scoring.ante is not None and scoring.dealer_ante is not None
        biggest = max(scoring.ante, scoring.dealer_ante) * variant.table.max_players
        if biggest > MAX_CHIPS:
            raise InvalidVariantError(
                f"trumpfamily.batch does not simulate stakes this large (ante={scoring.ante}, "
                f"dealer_ante={scoring.dealer_ante}): chips are int16, pools up to {MAX_CHIPS}")
    elif scoring.points_per_trick is not None and scoring.points_per_trick * 6 > MAX_CHIPS:
        raise InvalidVariantError(
            f"trumpfamily.batch does not simulate points this large (points_per_trick="
            f"{scoring.points_per_trick}): points are int16, up to {MAX_CHIPS} a hand")


def compile_rules(variant: Variant, players: int) -> Compiled:
    """The arrays for ``variant`` at ``players`` seats (``seating_for`` checks the count).

    Raises:
        PlayerCountError: as :func:`trumpfamily.new_hand`.
        InvalidVariantError: an option the core does not know (:func:`check_supported`).
    """
    check_supported(variant)
    seatings = [seating_for(variant, players, dealer) for dealer in range(players)]
    s0 = seatings[0]
    base = s0.base_deck
    size = len(base)
    if tuple(c.index for c in base) != tuple(range(size)):  # pragma: no cover - a library change
        raise InvalidVariantError("trumpfamily.batch: the deck is not in card-id order")
    robbing, scoring, jinking = variant.robbing, variant.scoring, variant.jinking
    demote_silent, cannot_win = unrobbed_penalty(robbing, announced=False)
    demote_announced, _ = unrobbed_penalty(robbing, announced=True)
    maxact = max_actions(players)

    # the deal: the deck positions each seat is dealt, per dealer
    dealpos = np.zeros((players, players, HAND_SIZE), dtype=np.int64)
    for dealer, seating in enumerate(seatings):
        for seat, get in enumerate(seating.getters):
            positions: Any = get(tuple(range(size)))  # type: ignore[arg-type]
            dealpos[dealer, seat] = positions  # the getters pick positions as well as cards
        if seating.turn_up_at != s0.turn_up_at:  # pragma: no cover - a library change
            raise InvalidVariantError("trumpfamily.batch: the turn-up moves with the dealer")
    stakes = np.zeros((players, players), dtype=np.int64)
    if s0.pool:
        for dealer in range(players):
            stakes[dealer] = antes(scoring, players, dealer, after_spoil=False)

    # the cards
    cards = _tables.CARDS
    printed = np.array([-1 if c.suit is None else SUITS.index(c.suit) for c in cards], np.int64)
    is_ace = np.array([c.rank is Rank.ACE for c in cards], dtype=np.int64)
    ace_of = np.array([canonical(Rank.ACE, s).index for s in SUITS], dtype=np.int64)
    top4 = np.array(
        [
            canonical(Rank.FIVE, s).bit | canonical(Rank.JACK, s).bit | AH.bit | JK.bit
            for s in SUITS
        ],
        dtype=np.int64,
    )

    # the card order: one MaskTable per (demoted Ace?, trump suit)
    masks = [
        [mask_table(variant, suit, canonical(Rank.ACE, suit) if demoted else None) for suit in SUITS]
        for demoted in (0, 1)
    ]
    first = masks[0][0]
    width = max(len(m.above) for row in masks for m in row)
    suit_of = np.full((2, 4, 53), -1, dtype=np.int64)
    power = np.zeros((2, 4, 53), dtype=np.int64)
    suit_masks = np.zeros((2, 4, 4), dtype=np.int64)
    withhold = np.zeros((2, 4, 53), dtype=np.int64)
    above = np.zeros((2, 4, width), dtype=np.int64)
    hearts = np.zeros((2, 4), dtype=np.int64)
    ah_heart = np.zeros((2, 4), dtype=np.int64)
    for d in (0, 1):
        for t in range(4):
            m = masks[d][t]
            if m.trump != t or m.trumps != m.suit_masks[t]:  # pragma: no cover
                raise InvalidVariantError("trumpfamily.batch: unexpected MaskTable layout")
            if (m.plain_lead, m.trump_lead_free, m.highest, m.multi_all) != (
                first.plain_lead, first.trump_lead_free, first.highest, first.multi_all
            ):  # pragma: no cover - options do not depend on the trump suit
                raise InvalidVariantError("trumpfamily.batch: options vary with the trump")
            suit_of[d, t] = m.suit_of
            power[d, t] = m.power
            suit_masks[d, t] = m.suit_masks
            withhold[d, t] = m.withhold
            above[d, t, : len(m.above)] = m.above
            above[d, t, len(m.above):] = m.above[-1]
            hearts[d, t] = m.hearts
            ah_heart[d, t] = m.ah_heart

    P = np.zeros(K.P_SIZE, dtype=np.int64)
    P[K.P_PLAYERS] = players
    P[K.P_DECK] = size
    P[K.P_TURN_UP_AT] = s0.turn_up_at
    P[K.P_POOL] = s0.pool
    P[K.P_NEEDED] = s0.needed
    P[K.P_JINKING] = s0.jinking
    P[K.P_ROBBING] = s0.robbing
    P[K.P_BEFORE_LEAD] = robbing.rob_timing == "before-lead"
    P[K.P_HOLDER_MAY_PASS] = robbing.holder_rob == "may"
    P[K.P_HOLDER_MAY_DECLINE] = may_decline(robbing, dealer=False)
    P[K.P_DEALER_MAY_DECLINE] = may_decline(robbing, dealer=True)
    P[K.P_DEMOTE_SILENT] = demote_silent
    P[K.P_DEMOTE_ANNOUNCED] = demote_announced
    P[K.P_BAR] = s0.pool and cannot_win
    P[K.P_FIVING] = s0.fiving
    P[K.P_PROMPT_FIRST] = prompt_first(robbing)
    P[K.P_PLAIN_LEAD] = first.plain_lead
    P[K.P_TRUMP_LEAD_FREE] = first.trump_lead_free
    P[K.P_HIGHEST] = first.highest
    P[K.P_MULTI_ALL] = first.multi_all
    if not s0.pool:
        assert scoring.points_per_trick is not None
        P[K.P_PER_TRICK] = scoring.points_per_trick
        P[K.P_BEST_RULE] = _BEST_RULE[scoring.best_trump_bonus]
        P[K.P_FIVE_BONUS] = five_tricks_bonus(scoring)
    if s0.jinking:
        P[K.P_JINK_BONUS] = jink_bonus(jinking, scoring)
    P[K.P_SIDES] = len(s0.sides)
    P[K.P_MAX_ACTIONS] = maxact
    P[K.P_AH] = AH.index
    P[K.P_JOKER] = JK.index

    return Compiled(
        variant=variant,
        players=players,
        deck_size=size,
        sides=s0.sides,
        pool=s0.pool,
        max_actions=maxact,
        params=P,
        printed=printed,
        is_ace=is_ace,
        ace_of=ace_of,
        top4=top4,
        dealpos=dealpos,
        side_of=np.array(s0.side_of, dtype=np.int64),
        stakes=stakes,
        suit_of=suit_of,
        power=power,
        suit_masks=suit_masks,
        withhold=withhold,
        above=above,
        hearts=hearts,
        ah_heart=ah_heart,
    )
