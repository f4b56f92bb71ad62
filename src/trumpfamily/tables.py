"""Card ids and mask tables: the rules compiled for speed.

Every card has a small integer id, :attr:`Card.index <trumpfamily.cards.Card.index>`
(``0..51`` in :data:`~trumpfamily.cards.STANDARD_DECK` order, the joker ``52``), and a bit,
:attr:`Card.bit <trumpfamily.cards.Card.bit>` (``1 << index``). A set of cards is then an
``int`` (a *card mask*), and the rules of one (variant, trump suit, demoted Ace) compile
once into a :class:`MaskTable` (:func:`trumpfamily.mask_table`): which cards count as each suit, which are trumps, each
card's power, and which privileged trumps may renege against each card led.

The readable :class:`~trumpfamily.ranking.RankTable` stays the source of truth (docs,
the wording of refusals); a :class:`MaskTable` is derived from it, card for
card, and :func:`legal_mask` and :func:`winner_index` decide on it. They are the one
decision of legality and of the trick for the whole library: :func:`~trumpfamily.legal_moves`,
:func:`~trumpfamily.check_play`, :func:`~trumpfamily.trick_winner`, the engine,
:func:`~trumpfamily.simulate` and the batch simulator all call them (RULES.md §1.3, §1.4).

>>> import trumpfamily as tf
>>> from trumpfamily.tables import legal_mask, cards_of, mask_of
>>> m = tf.mask_table(tf.SPOIL_FIVE, "S")
>>> hand = mask_of(tf.parse_cards("3D KC 7S AH 2H"))
>>> legal, _ = legal_mask(hand, tf.Card.parse("9D").index, m)   # EX-20
>>> cards_of(legal)   # in id order: clubs, diamonds, hearts, spades
(Card.parse('3D'), Card.parse('AH'), Card.parse('7S'))
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Iterable, Sequence
from typing import Any, Final, SupportsIndex

from ._compiled import mypyc_attr
from .cards import JK, STANDARD_DECK, Card, Suit
from .errors import InvalidArgumentError
from .ranking import AH, RankTable

__all__ = [
    "CARDS",
    "FOLLOW",
    "FOLLOW_OR_TRUMP",
    "FREE",
    "HEART",
    "NO_CARD",
    "TRUMP",
    "MaskTable",
    "cards_of",
    "legal_mask",
    "mask_of",
    "winner_index",
]

#: Every card by its id: ``CARDS[card.index] is card`` (53 cards, the joker last).
CARDS: Final[tuple[Card, ...]] = STANDARD_DECK + (JK,)
_ALL: Final = 1 << len(CARDS)
#: The id that stands for "no card" (no trick led yet).
NO_CARD: Final = -1
#: The suits by their index in :attr:`MaskTable.suit_masks` (``C D H S``).
SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
_SUIT_INDEX: Final = {s: i for i, s in enumerate(SUITS)}

# The obligation that excluded some cards (the codes of trumpfamily.reneging).
FREE: Final = 0
FOLLOW_OR_TRUMP: Final = 1
FOLLOW: Final = 2
TRUMP: Final = 3
HEART: Final = 4

_PLAIN_LEAD: Final = {"free": FREE, "follow-or-trump": FOLLOW_OR_TRUMP, "follow": FOLLOW}


# A frozen dataclass rather than an attrs class: the compiled build (issue 24) makes it a
# native class, whose fields the compiled rules calls and engines read directly (an attrs
# class stays a Python class there, each read a generic lookup). It pickles by its fields.
@dataclasses.dataclass(frozen=True)
class MaskTable:
    """The rules of one (variant, trump suit, demoted Ace) as card masks and id tables.

    Attributes:
        trump: the trump suit's index in ``C D H S`` order (``0..3``).
        deck: mask of the variant's deck (52 cards, or 53 with the joker).
        trumps: mask of the trumps (the trump suit, ``AH``, the joker).
        suit_masks: for each suit index, the mask of the cards that *count as* that suit
            (the effective suit: the trumps count as the trump suit; RULES.md §0.2).
        suit_of: for each card id, its effective suit index (``-1``: not in the deck).
        power: for each card id, its power (trumps ``>= 100``, higher beats higher; a plain
            card ranks within its suit only; ``0``: not in the deck).
        withhold: for each card id led, the mask of the privileged trumps entitled to
            renege against it (RULES.md §1.4.3, §3 row 5; options ``renege_cards`` and
            ``renege_basis``, ``"led"`` or ``"unconditional"``). Under ``"highest"`` it
            holds the led card's answer, and :func:`legal_mask` is given the trick.
        above: for each power ``p`` (``0..max``), the mask of the privileged trumps with
            power above ``p`` (used for ``renege_basis="highest"``).
        privileged: mask of the trumps that may renege at all (not a demoted Ace).
        hearts: mask of the plain hearts (``AH`` excluded unless hearts are trumps).
        plain_lead: option ``plain_lead`` as ``FREE``, ``FOLLOW_OR_TRUMP`` or ``FOLLOW``.
        trump_lead_free: option ``trump_lead="free"``.
        highest: option ``renege_basis="highest"``.
        multi_all: option ``multi_privileged="all"``.
        ah_heart: option ``ah_lead_requires_heart`` and hearts are not trumps.
    """

    trump: int
    deck: int
    trumps: int
    suit_masks: tuple[int, int, int, int]
    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    withhold: tuple[int, ...]
    above: tuple[int, ...]
    privileged: int
    hearts: int
    plain_lead: int
    trump_lead_free: bool
    highest: bool
    multi_all: bool
    ah_heart: bool

    def __reduce__(self) -> tuple[Any, ...]:
        return (MaskTable, tuple([getattr(self, f.name) for f in dataclasses.fields(self)]))


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards`` (``Card`` values): the OR of their bits.

    Raises:
        InvalidArgumentError: an item is not a :class:`~trumpfamily.cards.Card` (parse
            text first with :func:`~trumpfamily.cards.parse_cards`).

    >>> import trumpfamily as tf
    >>> tf.tables.mask_of(tf.parse_cards("2C 4C"))
    5
    """
    m = 0
    try:
        for c in cards:
            m |= c.bit
    except (AttributeError, TypeError):
        raise InvalidArgumentError(
            f"mask_of takes Card values, got {cards!r:.80} (parse text first with "
            "parse_cards)") from None
    return m


def cards_of(mask: SupportsIndex) -> tuple[Card, ...]:
    """The cards of ``mask``, in id order (:data:`~trumpfamily.cards.STANDARD_DECK`
    order, the joker last).

    Raises:
        InvalidArgumentError: ``mask`` is not an int in ``0 .. 2**53 - 1``.

    >>> from trumpfamily.tables import cards_of
    >>> cards_of(5)
    (Card.parse('2C'), Card.parse('4C'))
    """
    # Typed SupportsIndex, not int: anything may come in (numpy ints, text...), and a
    # compiled build would refuse a non-int before this check with a TypeError.
    if type(mask) is int:
        value = mask
    else:
        try:
            value = -1 if type(mask) is bool else operator.index(mask)  # numpy ints and the like
        except TypeError:
            value = -1
    if not 0 <= value < _ALL:
        raise InvalidArgumentError(
            f"not a card mask: {value!r} (a card mask is an int 0 .. 2**53 - 1, the OR of "
            "Card.bit values)")
    out = []
    while value:
        low = value & -value
        out.append(CARDS[low.bit_length() - 1])
        value ^= low
    return tuple(out)


def compile_table(table: RankTable, privileged: frozenset[Card], *, plain_lead: str,
                  trump_lead: str, renege_basis: str, multi_privileged: str,
                  ah_lead_requires_heart: bool) -> MaskTable:
    """Compile a :class:`MaskTable` from the readable rank table and the reneging options.

    Internal: use :func:`trumpfamily.mask_table`. ``privileged`` must already leave out a demoted Ace.
    """
    suit_of = [-1] * len(CARDS)
    power = [0] * len(CARDS)
    suit_masks = [0, 0, 0, 0]
    for card, suit in table.suit_of.items():
        suit_of[card.index] = _SUIT_INDEX[suit]
        power[card.index] = table.power[card]
        suit_masks[_SUIT_INDEX[suit]] |= card.bit
    trump = _SUIT_INDEX[table.trump]
    priv = mask_of(privileged)
    top = max(power) + 1
    above = [mask_of(c for c in privileged if table.power[c] > p) for p in range(top + 1)]
    withhold = [0] * len(CARDS)
    for card in table.power:
        if renege_basis == "unconditional":
            withhold[card.index] = priv
        else:  # "led" (and the lead's answer under "highest", refined by legal_mask)
            withhold[card.index] = above[table.power[card]] if suit_of[card.index] == trump else priv
    hearts = suit_masks[_SUIT_INDEX[Suit.HEARTS]]
    return MaskTable(
        trump=trump,
        deck=mask_of(table.power),
        trumps=suit_masks[trump],
        suit_masks=(suit_masks[0], suit_masks[1], suit_masks[2], suit_masks[3]),
        suit_of=tuple(suit_of),
        power=tuple(power),
        withhold=tuple(withhold),
        above=tuple(above),
        privileged=priv,
        hearts=hearts,
        plain_lead=_PLAIN_LEAD[plain_lead],
        trump_lead_free=trump_lead == "free",
        highest=renege_basis == "highest",
        multi_all=multi_privileged == "all",
        ah_heart=ah_lead_requires_heart and table.trump is not Suit.HEARTS,
    )


def legal_mask(hand: int, lead: int, m: MaskTable, trick: Sequence[int] = ()) -> tuple[int, int]:
    """The legal cards of a hand, on masks (RULES.md §1.4; FOS, PEEL, MAW, W45).

    The library's one decision of legality. For fast paths, it checks nothing: the
    arguments must be a valid position (a hand mask within ``m.deck``, the id of a card of
    the deck not in the hand). :func:`~trumpfamily.legal_moves` takes any input and checks
    it.

    Args:
        hand: the mask of the cards held (not empty).
        lead: the id of the card led to the trick, or :data:`NO_CARD` for a lead.
        m: the compiled rules.
        trick: the ids of the cards played to the trick, lead first; used only under
            ``renege_basis="highest"`` (the privilege is measured against the highest
            trump played so far, IMP-110a); empty means the lead alone.

    Returns:
        ``(legal, code)``: the mask of the legal cards, and ``FREE`` when every card is
        legal or the code of the obligation that excluded the others (``FOLLOW_OR_TRUMP``,
        ``FOLLOW``, ``TRUMP`` or ``HEART``).

    Rules, in order: a lead is free (§1.4.1). A plain suit led (§1.4.2): holding it, follow
    it or trump (``plain_lead="follow-or-trump"``), follow it (``"follow"``), or anything
    (``"free"``); void, anything. A trump led (§1.4.3): play a trump unless every trump
    held is entitled to renege (privileged and above the trump led; with
    ``multi_privileged="single"`` only a sole one); holding no trump, anything, except
    that the Ace of Hearts led obliges a heart under ``ah_lead_requires_heart`` (W45).
    """
    if lead < 0:
        return hand, FREE
    led = m.suit_of[lead]
    if led != m.trump:
        mode = m.plain_lead
        if mode == FREE:
            return hand, FREE
        follow = hand & m.suit_masks[led]
        if not follow:
            return hand, FREE
        legal = follow | (hand & m.trumps) if mode == FOLLOW_OR_TRUMP else follow
        return (hand, FREE) if legal == hand else (legal, mode)
    if m.trump_lead_free:
        return hand, FREE
    trumps = hand & m.trumps
    if not trumps:
        if m.ah_heart and lead == AH.index:
            hearts = hand & m.hearts
            if hearts and hearts != hand:
                return hearts, HEART
        return hand, FREE
    if m.multi_all or not trumps & (trumps - 1):
        if m.highest:
            power, trump = m.power, m.trump
            withhold = m.above[max([power[c] for c in (trick or (lead,)) if m.suit_of[c] == trump])]
        else:
            withhold = m.withhold[lead]
        if not trumps & ~withhold:
            return hand, FREE  # every trump held may renege
    if trumps == hand:
        return hand, FREE
    return trumps, TRUMP


def winner_index(trick: Sequence[int], m: MaskTable) -> int:
    """The index in ``trick`` (card ids, lead first) of the card that wins it so far
    (RULES.md §1.3): the highest trump, else the highest card of the suit led.

    For fast paths, it checks nothing (a non-empty trick of distinct cards of the deck);
    :func:`~trumpfamily.trick_winner` takes any input and checks it.

    >>> import trumpfamily as tf
    >>> m = tf.mask_table(tf.SPOIL_FIVE, "C")
    >>> tf.tables.winner_index([tf.Card.parse(c).index for c in "KH QH AH 2C".split()], m)  # EX-06
    2
    """
    power, suit_of, trump = m.power, m.suit_of, m.trump
    led = suit_of[trick[0]]
    best = power[trick[0]]
    win = 0
    for i in range(1, len(trick)):
        c = trick[i]
        p = power[c]
        if p > best:  # every trump's power exceeds every plain card's
            s = suit_of[c]
            if s == led or s == trump:
                best = p
                win = i
    return win


# A plain class, not an attrs one: the compiler makes a plain class native (its fields read
# as C struct members by the compiled rules calls and engines), where an attrs class stays
# an ordinary Python class. ``serializable``: the engine's states, which hold one, pickle.
@mypyc_attr(serializable=True)
class PlayContext:
    """Everything the legality and trick decisions need for one (variant, trump, demoted
    Ace), precomputed so that each decision is a few look-ups.

    Built and cached by ``trumpfamily.play.play_context()``; engine code may hold one for
    a deal; read-only. Internal: not part of the public API. It lives here, beside the
    mask rules it runs, so that the compiled build compiles it (issue 24);
    ``trumpfamily.reneging`` re-exports it.

    Attributes:
        trump: the trump suit.
        table: the readable rank table (the wording of refusals reads it).
        power, suit_of: each card's power and effective suit (the table's).
        deck: the variant's cards.
        privileged: the trumps that may renege (not a demoted Ace).
        plain_lead: option ``plain_lead`` as ``FREE``, ``FOLLOW_OR_TRUMP`` or ``FOLLOW``.
        trump_lead_free, basis, multi_all, ah_requires_heart: the other reneging options.
        max_players: the variant's largest table.
        reneging: the variant's :class:`~trumpfamily.reneging.Reneging`.
        by_suit: the cards that count as each suit (the effective suit: ``AH`` and the
            joker among the trumps).
        masks: the same rules compiled to card masks, on which :func:`decide` and
            :meth:`winner` decide.
    """

    def __init__(self, *, trump: Suit, table: RankTable, power: dict[Card, int],
                 suit_of: dict[Card, Suit], deck: frozenset[Card], privileged: frozenset[Card],
                 plain_lead: int, trump_lead_free: bool, basis: str, multi_all: bool,
                 ah_requires_heart: bool, max_players: int, reneging: Any,
                 by_suit: dict[Suit, frozenset[Card]], masks: MaskTable) -> None:
        self.trump = trump
        self.table = table
        self.power = power
        self.suit_of = suit_of
        self.deck = deck
        self.privileged = privileged
        self.plain_lead = plain_lead
        self.trump_lead_free = trump_lead_free
        self.basis = basis
        self.multi_all = multi_all
        self.ah_requires_heart = ah_requires_heart
        self.max_players = max_players
        # Typed Any: trumpfamily.reneging imports this module.
        self.reneging = reneging
        self.by_suit = by_suit
        self.masks = masks
        # The mask table's fields that the trick decision reads, kept here as well (a
        # MaskTable is an attrs class, whose fields the compiled build reads generically).
        self._power = masks.power
        self._suit_of = masks.suit_of
        self._trump = masks.trump
        #: The mask of the variant's cards (``deck`` as a card mask).
        self.deck_mask = masks.deck

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayContext):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.trump, self.table, self.power, self.suit_of, self.deck, self.privileged,
                self.plain_lead, self.trump_lead_free, self.basis, self.multi_all,
                self.ah_requires_heart, self.max_players, self.reneging)

    def __repr__(self) -> str:
        return f"PlayContext(trump={self.trump!r}, reneging={self.reneging!r}, masks={self.masks!r})"

    def winner(self, trick: Sequence[Card]) -> int:
        """The index of the card that wins ``trick`` so far (RULES.md §1.3): the highest
        trump, else the highest card of the suit led; other plain suits cannot win.

        The library's one trick decision: :func:`~trumpfamily.trick_winner`, the engine
        and the players all call it. ``trick`` holds at least the lead (validated).
        """
        power, suit_of, trump = self._power, self._suit_of, self._trump
        lead = trick[0].index
        led, best, win = suit_of[lead], power[lead], 0
        # Iterated, not indexed (quicker compiled); the lead itself is not above ``best``.
        for i, card in enumerate(trick):
            p = power[card.index]
            if p > best:  # every trump's power exceeds every plain card's
                s = suit_of[card.index]
                if s == led or s == trump:
                    best, win = p, i
        return win


def decide(hand: tuple[Card, ...], trick: Sequence[Card], ctx: PlayContext,
           held: int = 0) -> tuple[tuple[Card, ...], int]:
    """The legal cards of ``hand`` and the obligation that excluded the others.

    This is the library's only decision of legality (RULES.md §1.4): :func:`legal_mask`
    on the cards' masks.

    Args:
        hand: the player's cards (validated).
        trick: the cards already played to the trick, lead first (validated).
        ctx: the compiled rules.
        held: the mask of ``hand``, when the caller has it (``0``: computed here).

    Returns:
        ``(legal, code)``: the legal cards in hand order (never empty for a non-empty
        hand), and ``FREE`` when every card is legal, or the code of the obligation
        (``FOLLOW_OR_TRUMP``, ``FOLLOW``, ``TRUMP`` or ``HEART``) for ``explain()``.
    """
    if not trick:
        return hand, FREE
    if not held:
        for c in hand:
            held |= c.bit
    highest = ctx.basis == "highest"  # the trick's ids are needed only then
    legal, code = legal_mask(held, trick[0].index, ctx.masks,
                             [c.index for c in trick] if highest else ())
    if code == FREE:
        return hand, FREE
    return tuple([c for c in hand if c.bit & legal]), code
