"""The bidding presets' binding defaults (BIDDING.md §8), as data: the components from
which :mod:`trumpfamily.variants` builds the presets :data:`~trumpfamily.variants.AUCTION_45`,
:data:`~trumpfamily.variants.NEWFOUNDLAND_120S`, :data:`~trumpfamily.variants.NOVA_SCOTIA_45`,
:data:`~trumpfamily.variants.FIFTY_FIVE`, :data:`~trumpfamily.variants.ONE_TEN`,
:data:`~trumpfamily.variants.TWO_TWENTY` and :data:`~trumpfamily.variants.AMERICAN_110`.

For each bidding preset: its :class:`~trumpfamily.bidding.Bidding` component
(:data:`BIDDING_PRESETS`), and the table facts it needs from the other components
(:data:`TABLE_FACTS`: player counts and partnerships, the pack, the ranking and following
options that differ from RULES.md §1). A preset is only a choice of option values
(BIDDING.md §7); where §8 is silent the §7 default (AUCTION_45's) stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, TypedDict

from .bidding import Bidding
from .bidding.component import BY_TABLE

__all__ = [
    "AMERICAN_110_BIDDING",
    "AUCTION_45_BIDDING",
    "BIDDING_PRESETS",
    "FIFTY_FIVE_BIDDING",
    "NEWFOUNDLAND_120S_BIDDING",
    "NOVA_SCOTIA_45_BIDDING",
    "ONE_TEN_BIDDING",
    "TABLE_FACTS",
    "TWO_TWENTY_BIDDING",
    "TableFacts",
]

#: AUCTION_45 (BICA45, DBK, MVCS): no kitty; bids 15 to 30 by 5; the dealer holds and every
#: unpassed player speaks again; everybody passes: the next dealer deals; a side on 100 bids
#: at least 20; everyone draws from eldest, at most 3 each with six players (a stock of 22);
#: 30 = all five tricks (+60 / −30); first to 120, the bidder counting first. Every default
#: of :class:`~trumpfamily.bidding.Bidding`.
AUCTION_45_BIDDING: Final = Bidding()

#: NEWFOUNDLAND_120S (CMU120, SALT, CBC, UPA): as AUCTION_45 but a 3-card kitty after the
#: first round, trumps named before it is seen, a free discard; bids from 20; after the
#: dealer takes a bid, a duel with the displaced bidder (EX-B12).
NEWFOUNDLAND_120S_BIDDING: Final = Bidding(
    min_bid=20, after_hold="duel", kitty=3, kitty_deal="after-first", trump_before_kitty=True,
    kitty_discard="free")

#: NOVA_SCOTIA_45 (IMP-NS, NS45): a 3-card kitty after the first round, trumps first; bids
#: from 20; the dealer holds, every unpassed player again; everybody passes: the next dealer
#: deals; 30 for 60 (+60 / −30); defenders on 100 or more do not score against a made bid;
#: target 125, and a side on −125 or below loses (EX-E06). §8 is silent on the near-end
#: minimum and §7.1 #10 exempts only the Irish and American presets, so the §7 B3 default
#: ``(100, 20)`` stands: idle with bids from 20, it bites under a ``min_bid=15`` house rule.
NOVA_SCOTIA_45_BIDDING: Final = Bidding(
    min_bid=20, after_hold="all-unpassed", all_pass="redeal-next",
    kitty=3, kitty_deal="after-first", trump_before_kitty=True, draw_limit=None, target=125,
    lose_at=-125, defender_limit="no-score-if-made", defender_threshold=100)

_IRISH_LIMITS: Final = dict(BY_TABLE)  # BIDDING.md §7.1 #4: "by-table" (IMP-110a)


def _irish(target: int) -> Bidding:
    """55 / 110 / 220 (G55, PAG55, IMP-110a): a 5-card kitty dealt last, taken by the
    winner, who keeps 5 of 10 and only then names trumps; bids 10, 15, 20, 25 and 60; the
    dealer calls and duels; everybody passes: the next dealer deals; non-bidders draw,
    eldest first, 3 / 2 / 1 / none by table size (BIDDING.md §7.1 #4); a lower bid scores
    at most 30; the last hand is played out, the first to the target in trick order
    winning, a failed bidder excluded."""
    return Bidding(
        min_bid=10, max_bid=25, extra_bid="sixty", min_bid_near_end=None, after_hold="duel",
        all_pass="redeal-next", kitty=5, kitty_deal="last", trump_before_kitty=False,
        kitty_discard="exact", draw="all", draw_limit=_IRISH_LIMITS, draw_order="eldest-first",
        first_lead="left-of-bidder", lower_bid_cap=30, target_tie="trick-order", target=target)


#: The bidding of Irish 55 (BIDDING.md §5, §8): the shared Irish rules, target 55.
FIFTY_FIVE_BIDDING: Final = _irish(55)
#: The bidding of Irish 110 (BIDDING.md §5, §8): the shared Irish rules, target 110.
ONE_TEN_BIDDING: Final = _irish(110)
#: The bidding of Irish 220 (BIDDING.md §5, §8): the shared Irish rules, target 220.
TWO_TWENTY_BIDDING: Final = _irish(220)

#: AMERICAN_110 (IMP-110b): bids 15 to 30 (30 a plain points bid) and shoot the moon (±60);
#: the dealer may equal any bid, the moon included, and every unpassed player goes on (EX-B11);
#: everybody passes: the same dealer deals again, at most three times in a row; no kitty;
#: everyone draws, the dealer first; target 110, the bidder counting first, else trick order.
AMERICAN_110_BIDDING: Final = Bidding(
    min_bid=15, max_bid=30, thirty_bid="plain", extra_bid="moon", min_bid_near_end=None,
    hold="dealer", after_hold="all-unpassed", auction_rounds="open", all_pass="redeal-same",
    max_redeals=3, kitty=0, draw="all", draw_limit=None, draw_order="dealer-first",
    first_lead="left-of-bidder", target=110, target_tie="bidder-first")

#: Every bidding preset's component, by preset name (BIDDING.md §8).
BIDDING_PRESETS: Final[Mapping[str, Bidding]] = MappingProxyType({
    "AUCTION_45": AUCTION_45_BIDDING,
    "NEWFOUNDLAND_120S": NEWFOUNDLAND_120S_BIDDING,
    "NOVA_SCOTIA_45": NOVA_SCOTIA_45_BIDDING,
    "FIFTY_FIVE": FIFTY_FIVE_BIDDING,
    "ONE_TEN": ONE_TEN_BIDDING,
    "TWO_TWENTY": TWO_TWENTY_BIDDING,
    "AMERICAN_110": AMERICAN_110_BIDDING,
})


class TableFacts(TypedDict):
    """What a bidding preset needs from the components other than ``bidding`` (BIDDING.md
    §8, §2, §3.1, §5.1, §6). Values are the option values of OPTIONS.md where one exists.

    Attributes:
        players: the player counts allowed, lowest first.
        sides: player count -> how the seats form sides: ``"pairs"`` (alternate seats
            with four; with six, opposite seats 0 and 3, 1 and 4, 2 and 5), ``"threes"``
            (two sides of three in alternate seats) or ``"none"`` (each for himself,
            "cut-throat").
        deck: cards in the pack (52, or 53 with the joker).
        joker: option ``joker`` (``"none"``, or ``"third"``: JK the third trump).
        plain_aces: option ``plain_aces`` (``"traditional"`` or ``"high"``).
        plain_lead: option ``plain_lead`` (``"follow-or-trump"`` or ``"free"``).
        renege_cards: option ``renege_cards``.
        best_trump_bonus: option ``best_trump_bonus``.
        hand_size: cards dealt to each player (five; extra cards apart).
        kitty: cards in the kitty (the same as ``Bidding.kitty``).
        misdeal: option ``misdeal`` (the same dealer deals again: BIDDING.md §3.8, §5.7).
        sources: the BIDDING.md source keys of the preset.
    """

    players: tuple[int, ...]
    sides: Mapping[int, Literal["pairs", "threes", "none"]]
    deck: int
    joker: Literal["none", "third"]
    plain_aces: Literal["traditional", "high"]
    plain_lead: Literal["follow-or-trump", "free"]
    renege_cards: Literal["5-J-AH", "5-J-JK-AH"]
    best_trump_bonus: Literal["any"]
    hand_size: int
    kitty: int
    misdeal: Literal["redeal"]
    sources: tuple[str, ...]


def _irish_facts(sources: tuple[str, ...]) -> TableFacts:
    return TableFacts(
        players=tuple(range(2, 10)), sides=MappingProxyType({n: "none" for n in range(2, 10)}),
        deck=52, joker="none", plain_aces="traditional", plain_lead="follow-or-trump",
        renege_cards="5-J-AH", best_trump_bonus="any", hand_size=5, kitty=5, misdeal="redeal",
        sources=sources)


#: The table facts of every bidding preset, by preset name (BIDDING.md §8). AUCTION_45: 4
#: (2 v 2) or 6 (3 v 3), and 2, 3 or 5 cut-throat. NEWFOUNDLAND_120S: 4 (2 v 2) or 6 in three
#: pairs, and 2 or 3 cut-throat. NOVA_SCOTIA_45: 4 (2 v 2), 2 or 3 cut-throat (its five-player
#: called partner is not modelled: §7.1 #12). 55 / 110 / 220: 2 to 9 individuals (with a 53-card
#: IMP-110a pack the joker is ``"third"``; §8 keeps the 52-card pack of G55). AMERICAN_110: 2 to
#: 4 individuals, 53 cards, the joker the third trump and privileged like the Jack, every
#: plain Ace high, plain leads free.
TABLE_FACTS: Final[Mapping[str, TableFacts]] = MappingProxyType({
    "AUCTION_45": TableFacts(
        players=(2, 3, 4, 5, 6),
        sides=MappingProxyType({2: "none", 3: "none", 4: "pairs", 5: "none", 6: "threes"}),
        deck=52, joker="none", plain_aces="traditional", plain_lead="follow-or-trump",
        renege_cards="5-J-AH", best_trump_bonus="any", hand_size=5, kitty=0, misdeal="redeal",
        sources=("BICA45", "DBK", "MVCS")),
    "NEWFOUNDLAND_120S": TableFacts(
        players=(2, 3, 4, 6),
        sides=MappingProxyType({2: "none", 3: "none", 4: "pairs", 6: "pairs"}),
        deck=52, joker="none", plain_aces="traditional", plain_lead="follow-or-trump",
        renege_cards="5-J-AH", best_trump_bonus="any", hand_size=5, kitty=3, misdeal="redeal",
        sources=("CMU120", "SALT", "CBC", "UPA")),
    "NOVA_SCOTIA_45": TableFacts(
        players=(2, 3, 4), sides=MappingProxyType({2: "none", 3: "none", 4: "pairs"}),
        deck=52, joker="none", plain_aces="traditional", plain_lead="follow-or-trump",
        renege_cards="5-J-AH", best_trump_bonus="any", hand_size=5, kitty=3, misdeal="redeal",
        sources=("IMP-NS", "NS45")),
    "FIFTY_FIVE": _irish_facts(("G55", "PAG55", "IMP-110a")),
    "ONE_TEN": _irish_facts(("G55", "PAG55", "IMP-110a")),
    "TWO_TWENTY": _irish_facts(("G55", "PAG55", "IMP-110a")),
    "AMERICAN_110": TableFacts(
        players=(2, 3, 4), sides=MappingProxyType({2: "none", 3: "none", 4: "none"}),
        deck=53, joker="third", plain_aces="high", plain_lead="free", renege_cards="5-J-JK-AH",
        best_trump_bonus="any", hand_size=5, kitty=0, misdeal="redeal", sources=("IMP-110b",)),
})
