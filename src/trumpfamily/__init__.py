"""trumpfamily: the rules of the Maw family of trick-taking card games.

Maw, Spoil Five, Twenty-Five and Forty-Five share one odd trump order (Five of trumps,
Jack of trumps, Ace of Hearts, Ace of trumps, then "high in red, low in black"), the
privilege of reneging with the top trumps, robbing the turn-up, and jinking. This package
answers "which cards may be played?" and "who wins this trick?" for every preset and every
documented variation, and plays whole hands and games.

>>> import trumpfamily as tf
>>> tf.legal_moves("JC KD 3H", "8C 5C", trump="C", variant=tf.SPOIL_FIVE)
(Card.parse('JC'), Card.parse('KD'), Card.parse('3H'))
>>> tf.trick_winner("JS AH 5S AS", trump="S", variant=tf.SPOIL_FIVE)
2
"""

from . import tables as tables
from . import variants
from ._version import __version__
from .cards import JK, Card, Rank, Suit, parse_cards, parse_suit
from .errors import (
    REFUSAL_CODES,
    ActionParseError,
    CardParseError,
    DecodeError,
    IllegalActionError,
    IllegalPlayError,
    IntegrityError,
    InvalidArgumentError,
    InvalidDeckError,
    InvalidPositionError,
    InvalidSeatError,
    InvalidVariantError,
    PlayerCountError,
    RefusalCode,
    ReplayError,
    SearchLimitError,
    TrumpFamilyError,
    UnknownVariantError,
)
from .jinking import Jinking
from .play import check_play, is_legal, legal_moves, mask_table, trick_winner
from .ranking import Ranking
from .reneging import Reneging
from .robbing import Robbing
from .scoring import Scoring
from .table import Table
from .variants import (
    ALL_VARIANTS,
    AMERICAN_110,
    AUCTION_45,
    BIDDING_VARIANTS,
    FIFTY_FIVE,
    FORTY_FIVE,
    MAW,
    NEWFOUNDLAND_120S,
    NOVA_SCOTIA_45,
    ONE_TEN,
    SPOIL_FIVE,
    TWENTY_FIVE,
    TWO_TWENTY,
    VARIANTS,
    Variant,
    find_variant,
)

__all__ = [
    "ALL_VARIANTS",
    "AMERICAN_110",
    "AUCTION_45",
    "BIDDING_VARIANTS",
    "FIFTY_FIVE",
    "FORTY_FIVE",
    "JK",
    "MAW",
    "NEWFOUNDLAND_120S",
    "NOVA_SCOTIA_45",
    "ONE_TEN",
    "REFUSAL_CODES",
    "SPOIL_FIVE",
    "TWENTY_FIVE",
    "TWO_TWENTY",
    "VARIANTS",
    "ActionParseError",
    "Card",
    "CardParseError",
    "DecodeError",
    "IllegalActionError",
    "IllegalPlayError",
    "IntegrityError",
    "InvalidArgumentError",
    "InvalidDeckError",
    "InvalidPositionError",
    "InvalidSeatError",
    "InvalidVariantError",
    "Jinking",
    "PlayerCountError",
    "Rank",
    "Ranking",
    "RefusalCode",
    "Reneging",
    "ReplayError",
    "Robbing",
    "Scoring",
    "SearchLimitError",
    "Suit",
    "Table",
    "TrumpFamilyError",
    "UnknownVariantError",
    "Variant",
    "__version__",
    "check_play",
    "find_variant",
    "is_legal",
    "legal_moves",
    "mask_table",
    "parse_cards",
    "parse_suit",
    "trick_winner",
    "variants",
]

from .actions import (
    AcceptFive,
    Action,
    AskFive,
    Claim,
    DeclineRob,
    Jink,
    Pass,
    Play,
    RefuseFive,
    Rob,
    action_from_id,
    action_id,
    parse_action,
)
from .engine import (
    Barred,
    HandOutcome,
    HandState,
    Phase,
    SeatView,
    Trick,
    Turn,
    new_hand,
    stacked_deck,
)
from .game import Game, GameState, first_jack, new_game
from .integrity import deal_commitment
from .jsonio import from_json, to_json
from .outcomes import HAND_SIZE
from .players import (
    BiddingFallbackWarning,
    ContextRuleOfThumbPlayer,
    Player,
    RandomPlayer,
    RuleOfThumbPlayer,
)
from .records import replay, replay_game
from .search.bots import ISMCTSPlayer, SampleSolvePlayer
from .search.rollout import RolloutPlayer

__all__ += [
    "HAND_SIZE",
    "AcceptFive",
    "Action",
    "AskFive",
    "Barred",
    "BiddingFallbackWarning",
    "Claim",
    "ContextRuleOfThumbPlayer",
    "DeclineRob",
    "Game",
    "GameState",
    "HandOutcome",
    "HandState",
    "ISMCTSPlayer",
    "Jink",
    "Pass",
    "Phase",
    "Play",
    "Player",
    "RandomPlayer",
    "RefuseFive",
    "Rob",
    "RolloutPlayer",
    "RuleOfThumbPlayer",
    "SampleSolvePlayer",
    "SeatView",
    "Trick",
    "Turn",
    "action_from_id",
    "action_id",
    "deal_commitment",
    "first_jack",
    "from_json",
    "new_game",
    "new_hand",
    "parse_action",
    "replay",
    "replay_game",
    "stacked_deck",
    "to_json",
]
from .actions import Bid, Discard, NameTrump, Take
from .bidding.engine import BiddingHand, new_bidding_hand, stacked_bidding_deck
from .game import AnyHand
from .outcomes import AnyView, BiddingView

__all__ += [
    "AnyHand",
    "AnyView",
    "Bid",
    "BiddingHand",
    "BiddingView",
    "Discard",
    "NameTrump",
    "Take",
    "new_bidding_hand",
    "stacked_bidding_deck",
]
from .simulate import BiddingSpot, FastBot, RandomBot, RuleOfThumbBot, Spot, simulate

__all__ += ["BiddingSpot", "FastBot", "RandomBot", "RuleOfThumbBot", "Spot", "simulate"]
from .tournament import BotStats, HeadToHead, TournamentResult, tournament

__all__ += ["BotStats", "HeadToHead", "TournamentResult", "tournament"]
from .ratings import RATING_METHODS, Rating, fit_ratings

__all__ += ["RATING_METHODS", "Rating", "fit_ratings"]
from .levels import LEVEL_NAMES, LEVELS, Level, LevelPlayer, level_bot
from .maija import tournament as _maija_tournament  # noqa: F401 (tf.tournament: the Maija games)

__all__ += ["LEVELS", "LEVEL_NAMES", "Level", "LevelPlayer", "level_bot"]
from . import _compiled

#: ``True`` when this package runs its compiled build (the hot modules compiled with mypyc,
#: a wheel built with ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``), ``False`` for the pure-Python
#: build. Both give the same results (issue 24; docs/howto/compiled.rst).
compiled: bool = _compiled.is_compiled(tables)

__all__ += ["compiled"]
