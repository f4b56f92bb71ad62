"""The main rules calls: :func:`legal_moves`, :func:`check_play`, :func:`is_legal` and
:func:`trick_winner`.

Each call takes the cards as :class:`~trumpfamily.cards.Card` values or as card text, the
trump suit as a :class:`~trumpfamily.cards.Suit` or its letter, and a
:class:`~trumpfamily.variants.Variant`. The card orders of a (variant, trump) pair are
computed once and cached, so each call is a handful of table look-ups.

>>> from trumpfamily import SPOIL_FIVE, legal_moves, trick_winner
>>> legal_moves("3D KC 7S AH 2H", "9D", trump="S", variant=SPOIL_FIVE)
(Card.parse('3D'), Card.parse('7S'), Card.parse('AH'))
>>> trick_winner("2D AD 3D KS", trump="C", variant=SPOIL_FIVE)
2
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, overload

from .cards import Card, Suit, as_cards, parse_suit
from .errors import IllegalPlayError, InvalidPositionError
from .reneging import explain, refusal_code
from .tables import FOLLOW, FOLLOW_OR_TRUMP, FREE, MaskTable, PlayContext, compile_table, decide
from .variants import Variant, find_variant

__all__ = ["check_play", "is_legal", "legal_moves", "mask_table", "trick_winner"]

Cards = str | Iterable[Card | str]

_MAX_VARIANTS: Final = 256
# variant (by value) -> {(trump, demoted Ace): context}. Bounded: cleared when full.
_BY_VARIANT: Final[dict[Variant, dict[tuple[Suit, Card | None], PlayContext]]] = {}
# (id(variant), trump as given) -> (variant, context), for the usual call without a demoted
# Ace. Each entry holds its variant, so the id cannot be reused while the entry lives.
# (The variant is typed ``object``: it is only compared by identity, and the compiled build
# would check each hit's type.)
_FAST: Final[dict[tuple[int, object], tuple[object, PlayContext]]] = {}


# The compiled build (issue 24) compiles this module. A compiled function checks its
# arguments' types before its body runs, where these calls check the caller's values
# themselves and refuse a wrong one with the library's own error (UnknownVariantError,
# CardParseError...). So the functions that take values from the caller are implemented
# with ``Any`` arguments, and the public ones declare their types with ``typing.overload``
# signatures (what type checkers and the docs read), as ``new_hand`` does.


def play_context(variant: Any, trump: Any, demoted: Any = None) -> PlayContext:
    """The compiled, cached rules for one (variant, trump suit, demoted Ace).

    Internal (the engine and the bots use it); not part of the public API. Equal
    variants share one cache entry; the cache is bounded. Takes a
    :class:`~trumpfamily.variants.Variant` or a preset's name, a
    :class:`~trumpfamily.cards.Suit` or its letter, and a ``Card``, card text or ``None``.

    Raises:
        CardParseError: ``trump`` is not a suit.
        UnknownVariantError: ``variant`` is neither a :class:`Variant` nor a preset name.
        InvalidPositionError: ``demoted`` is not the Ace of trumps.
    """
    if demoted is None:
        try:
            hit = _FAST.get((id(variant), trump))
        except TypeError:  # an unhashable trump: parse_suit below says what is wrong
            hit = None
        if hit is not None and hit[0] is variant:
            return hit[1]
    given = variant
    if not isinstance(variant, Variant):
        variant = find_variant(variant)  # a preset name, or UnknownVariantError
    contexts = _BY_VARIANT.get(variant)
    if contexts is None:
        if len(_BY_VARIANT) >= _MAX_VARIANTS:
            _BY_VARIANT.clear()
            _FAST.clear()
        contexts = _BY_VARIANT[variant] = {}
    suit = trump if type(trump) is Suit else parse_suit(trump)
    ace = variant.ranking.check_demoted(demoted, suit)
    ctx = contexts.get((suit, ace))
    if ctx is None:
        ctx = contexts[(suit, ace)] = _compile(variant, suit, ace)
    if demoted is None and isinstance(given, (Variant, str)):
        if len(_FAST) >= 8 * _MAX_VARIANTS:
            _FAST.clear()
        _FAST[(id(given), trump)] = (given, ctx)
    return ctx


@overload
def mask_table(variant: Variant | str, trump: Suit | str, demoted: None = None) -> MaskTable: ...


@overload
def mask_table(variant: Variant | str, trump: Suit | str, demoted: Card | str) -> MaskTable: ...


def mask_table(variant: Any, trump: Any, demoted: Any = None) -> MaskTable:
    """The rules of ``variant`` for ``trump`` (and an optional demoted Ace of trumps,
    RULES.md §1.5) compiled to card masks: a cached :class:`~trumpfamily.tables.MaskTable`
    for :func:`~trumpfamily.tables.legal_mask` and :func:`~trumpfamily.tables.winner_index`.

    Args:
        variant: a :class:`~trumpfamily.variants.Variant` or a preset's name.
        trump: the trump suit, a :class:`~trumpfamily.cards.Suit` or its letter.
        demoted: the demoted Ace of trumps, or ``None``.

    Raises:
        CardParseError: ``trump`` is not a suit.
        UnknownVariantError: ``variant`` is neither a variant nor a preset name.
        InvalidPositionError: ``demoted`` is not the Ace of trumps.

    >>> import trumpfamily as tf
    >>> m = tf.mask_table(tf.SPOIL_FIVE, "S")
    >>> m.trumps == tf.tables.mask_of(tf.SPOIL_FIVE.ranking.trump_order("S"))
    True
    """
    return play_context(variant, trump, demoted).masks


def _compile(variant: Variant, trump: Suit, demoted: Card | None) -> PlayContext:
    ranking, reneging = variant.ranking, variant.reneging
    table = ranking.table(trump, demoted)
    privileged = reneging.privileged(trump, joker=ranking.uses_joker, natural_order=ranking.natural_order)
    if demoted is not None:
        privileged = privileged - {demoted}
    masks = compile_table(
        table, privileged, plain_lead=reneging.plain_lead, trump_lead=reneging.trump_lead,
        renege_basis=reneging.renege_basis, multi_privileged=reneging.multi_privileged,
        ah_lead_requires_heart=reneging.ah_lead_requires_heart,
    )
    return PlayContext(
        trump=trump,
        table=table,
        power=table.power,
        suit_of=table.suit_of,
        deck=frozenset(table.power),
        privileged=privileged,
        plain_lead={"free": FREE, "follow-or-trump": FOLLOW_OR_TRUMP, "follow": FOLLOW}[reneging.plain_lead],
        trump_lead_free=reneging.trump_lead == "free",
        basis=reneging.renege_basis,
        multi_all=reneging.multi_privileged == "all",
        ah_requires_heart=reneging.ah_lead_requires_heart,
        max_players=variant.table.max_players,
        reneging=reneging,
        by_suit={
            suit: frozenset(c for c, s in table.suit_of.items() if s is suit) for suit in Suit
        },
        masks=masks,
    )


_HAND_SIZE: Final = 5


def _cards(cards: Any) -> tuple[Card, ...]:
    """:func:`~trumpfamily.cards.as_cards`: its fast path for a tuple of cards repeated
    here, so that the compiled build runs it compiled (issue 24)."""
    if type(cards) is tuple:
        card = Card  # a local: the compiled build looks an imported name up on each use
        for c in cards:
            if type(c) is not card:
                return as_cards(cards)
        return cards
    return as_cards(cards)


def _check_cards(cards: tuple[Card, ...], what: str, ctx: PlayContext) -> None:
    """Raise InvalidPositionError for a duplicate or a card outside the deck."""
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        dup = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise InvalidPositionError(f"{dup} appears twice in the {what} {' '.join(map(str, cards))!r}")
    for c in cards:
        if c not in ctx.deck:
            raise InvalidPositionError(
                f"{c} in the {what} is not in this variant's deck: it has no joker "
                "(option joker='none'; RULES.md §1.1)")


def _position(hand: Any, trick: Any, trump: Any, variant: Any,
              demoted: Any) -> tuple[tuple[Card, ...], tuple[Card, ...], PlayContext, int]:
    """Parse and validate a position (hand to play from, trick so far); with the mask
    of the hand."""
    h = _cards(hand)
    t = _cards(trick)
    ctx = play_context(variant, trump, demoted)
    n = len(t)
    if not h:
        raise InvalidPositionError("the hand is empty: there is no card to play")
    if len(h) > _HAND_SIZE:
        raise InvalidPositionError(
            f"the hand {' '.join(map(str, h))!r} has {len(h)} cards; a hand holds at most "
            f"{_HAND_SIZE} (RULES.md §1.8)")
    if n >= ctx.max_players:
        raise InvalidPositionError(
            f"the trick {' '.join(map(str, t))!r} already holds {n} cards, and this variant "
            f"allows at most {ctx.max_players} players, so nobody is left to play to it")
    # The cards as masks: a card twice, in both places or outside the deck shows as fewer
    # bits than cards, an overlap or a bit outside the deck's mask (then the checks below
    # say which).
    held = 0
    for c in h:
        held |= c.bit
    played = 0
    for c in t:
        played |= c.bit
    if (held.bit_count() != len(h) or played.bit_count() != n or held & played
            or (held | played) & ~ctx.deck_mask):
        _check_cards(h, "hand", ctx)
        _check_cards(t, "trick", ctx)
        common = [c for c in h if c in set(t)]
        raise InvalidPositionError(
            f"{' '.join(map(str, common))} is both in the hand and on the trick; a card is in one place")
    return h, t, ctx, held


@overload
def legal_moves(hand: Cards, trick: Cards = (), *, trump: Suit | str, variant: Variant | str,
                demoted: None = None) -> tuple[Card, ...]: ...


@overload
def legal_moves(hand: Cards, trick: Cards = (), *, trump: Suit | str, variant: Variant | str,
                demoted: Card | str) -> tuple[Card, ...]: ...


def legal_moves(hand: Any, trick: Any = (), *, trump: Any, variant: Any,
                demoted: Any = None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (RULES.md §1.4).

    Args:
        hand: the cards of the player to move (``Card`` values or text such as
            ``"5H JS AH"``).
        trick: the cards already played to the current trick, lead first; empty for a lead.
        trump: the trump suit, a :class:`~trumpfamily.cards.Suit` or its letter.
        variant: the rules, e.g. :data:`~trumpfamily.variants.SPOIL_FIVE`, or a preset's
            name for :func:`~trumpfamily.variants.find_variant` (``"spoil five"``).
        demoted: the Ace of trumps when it was not robbed and the variant's
            ``unrobbed_ace`` penalty made it the lowest trump; it then has no reneging
            privilege either (RULES.md §1.5). The caller (or the engine) decides when the
            penalty applies: a ``demoted`` Ace is honoured whatever the variant.

    Returns:
        The legal cards in hand order; never empty. They are :class:`Card` values, which
        never equal card text: compare with ``Card.parse("7S")``, not ``"7S"``.

    Raises:
        CardParseError: a card or the trump is not readable.
        UnknownVariantError: ``variant`` is neither a :class:`Variant` nor a preset name.
        InvalidPositionError: an empty hand, more than five cards in it, a card twice, a card both in hand and on the
            trick, a joker the variant does not use, a trick already as long as the
            variant's largest table, or a ``demoted`` card that is not the Ace of trumps.

    >>> from trumpfamily import SPOIL_FIVE, legal_moves
    >>> legal_moves("5S JS KD 3C 4H", "TS", trump="S", variant=SPOIL_FIVE)  # EX-34
    (Card.parse('5S'), Card.parse('JS'), Card.parse('KD'), Card.parse('3C'), Card.parse('4H'))
    >>> legal_moves("JH 7S 8C", "5H", trump="H", variant=SPOIL_FIVE)  # EX-27: Five led
    (Card.parse('JH'),)
    """
    h, t, ctx, held = _position(hand, trick, trump, variant, demoted)
    return decide(h, t, ctx, held)[0]


@overload
def check_play(card: Card | str, hand: Cards, trick: Cards = (), *, trump: Suit | str,
               variant: Variant | str, demoted: None = None) -> None: ...


@overload
def check_play(card: Card | str, hand: Cards, trick: Cards = (), *, trump: Suit | str,
               variant: Variant | str, demoted: Card | str) -> None: ...


def check_play(card: Any, hand: Any, trick: Any = (), *, trump: Any, variant: Any,
               demoted: Any = None) -> None:
    """Raise :class:`~trumpfamily.errors.IllegalPlayError` unless ``card`` may be played.

    The same decision as :func:`legal_moves` (one code path), with the reason.

    Args:
        card: the card the player wants to play.
        hand, trick, trump, variant, demoted: as for :func:`legal_moves`.

    Raises:
        IllegalPlayError: ``card`` is not in ``hand``, or a rule forbids it; ``reason``
            names the rule and its source, and ``legal`` lists the cards allowed.
        CardParseError, InvalidPositionError: as for :func:`legal_moves`.

    >>> from trumpfamily import SPOIL_FIVE, check_play
    >>> check_play("KD", "JS 7S KD", "3S", trump="S", variant=SPOIL_FIVE)
    Traceback (most recent call last):
    ...
    trumpfamily.errors.IllegalPlayError: KD may not be played: trumps were led (3S) and you hold 7S: you must play a trump ...
    """
    c = card if type(card) is Card else Card.parse(card)
    h, t, ctx, held = _position(hand, trick, trump, variant, demoted)
    legal, code = decide(h, t, ctx, held)
    if c not in h:
        raise IllegalPlayError(
            c, f"{c} is not in the hand {' '.join(map(str, h))!r}", legal, code="card-not-held"
        )
    if c not in legal:
        raise IllegalPlayError(
            c, explain(c, h, t, ctx, code), legal, code=refusal_code(h, ctx, code)
        )


@overload
def is_legal(card: Card | str, hand: Cards, trick: Cards = (), *, trump: Suit | str,
             variant: Variant | str, demoted: None = None) -> bool: ...


@overload
def is_legal(card: Card | str, hand: Cards, trick: Cards = (), *, trump: Suit | str,
             variant: Variant | str, demoted: Card | str) -> bool: ...


def is_legal(card: Any, hand: Any, trick: Any = (), *, trump: Any, variant: Any,
             demoted: Any = None) -> bool:
    """Whether ``card`` may be played: :func:`check_play` with the refusal caught.

    Returns ``False`` for a card not in ``hand``. Malformed input still raises.

    >>> from trumpfamily import FORTY_FIVE, is_legal
    >>> is_legal("9D", "KH 9D 3S", "AH", trump="C", variant=FORTY_FIVE)  # EX-33
    False
    """
    try:
        check_play(card, hand, trick, trump=trump, variant=variant, demoted=demoted)
    except IllegalPlayError:
        return False
    return True


@overload
def trick_winner(trick: Cards, *, trump: Suit | str, variant: Variant | str,
                 demoted: None = None) -> int: ...


@overload
def trick_winner(trick: Cards, *, trump: Suit | str, variant: Variant | str,
                 demoted: Card | str) -> int: ...


def trick_winner(trick: Any, *, trump: Any, variant: Any, demoted: Any = None) -> int:
    """The index in ``trick`` of the card that wins it (RULES.md §1.3).

    The highest trump wins; with no trump, the highest card of the suit led. Cards of
    other plain suits cannot win.

    Args:
        trick: one or more cards, lead first (``Card`` values or text).
        trump, variant, demoted: as for :func:`legal_moves`.

    Returns:
        The 0-based index of the winning card (0 = the lead).

    Raises:
        CardParseError: a card or the trump is not readable.
        UnknownVariantError: ``variant`` is neither a :class:`Variant` nor a preset name.
        InvalidPositionError: an empty trick, a duplicate, more cards than the variant
            allows players, a joker the variant does not use, or a ``demoted`` card that is
            not the Ace of trumps.

    >>> from trumpfamily import SPOIL_FIVE, trick_winner
    >>> trick_winner("KH QH AH 2C", trump="C", variant=SPOIL_FIVE)  # EX-06
    2
    >>> trick_winner("TS AS", trump="S", variant=SPOIL_FIVE, demoted="AS")  # EX-17
    0
    """
    t = _cards(trick)
    ctx = play_context(variant, trump, demoted)
    n = len(t)
    played = 0  # the trick as a mask (a card twice or outside the deck shows)
    for c in t:
        played |= c.bit
    if not n or n > ctx.max_players or played.bit_count() != n or played & ~ctx.deck_mask:
        if not n:
            raise InvalidPositionError("the trick is empty: a trick has at least the lead")
        if n > ctx.max_players:
            raise InvalidPositionError(
                f"the trick {' '.join(map(str, t))!r} has {n} cards, but this variant allows "
                f"at most {ctx.max_players} players")
        _check_cards(t, "trick", ctx)
    return ctx.winner(t)
