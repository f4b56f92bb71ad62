"""Following suit and reneging: which cards may be played to a trick.

The rule component :class:`Reneging` holds the following options of OPTIONS.md
(``plain_lead``, ``trump_lead``, ``renege_cards``, ``renege_basis``, ``multi_privileged``,
``ah_lead_requires_heart``). One internal decision of legality serves
:func:`~trumpfamily.legal_moves`, :func:`~trumpfamily.check_play` and
:func:`~trumpfamily.is_legal` (and the engine), so they can never disagree.

The standard rules (RULES.md §1.4; FOS, PEEL, EB11, W25, MAW, BIC45):

1. The leader may play any card.
2. A plain suit led: holding that suit, follow it **or play any trump**; void, play anything.
   The Ace of Hearts is never a heart unless hearts are trumps.
3. A trump led: holding trumps, play a trump, unless every trump held is *entitled to
   renege*: a privileged card (``5T``, ``JT``, ``AH``) that ranks above the trump **led**.
   Then any card may be played, the privileged trumps included. Reneging relaxes the
   obligation; it never forbids a card (PITFALLS.md 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

import attrs

from ._options import choice, flag
from .cards import JK, Card, Rank, Suit, canonical
from .errors import InvalidVariantError
from .ranking import AH

# The decision of legality and of the trick on a PlayContext lives with the mask rules it
# runs (trumpfamily.tables, compiled in the compiled build, issue 24); it is re-exported here,
# beside the wording of its refusals (explain(), refusal_code()).
from .tables import FOLLOW, FOLLOW_OR_TRUMP, HEART, TRUMP
from .tables import PlayContext as PlayContext  # noqa: PLC0414 - an explicit re-export (mypy)
from .tables import decide as decide  # noqa: PLC0414 - an explicit re-export (mypy)

__all__ = ["MultiPrivileged", "PlainLead", "RenegeBasis", "RenegeCards", "Reneging", "TrumpLead"]


#: The values of option ``plain_lead``, what a plain-suit lead obliges
#: (:attr:`Reneging.plain_lead`).
PlainLead: TypeAlias = Literal["follow-or-trump", "follow", "free"]

#: The values of option ``trump_lead``, whether a trump lead must be followed
#: (:attr:`Reneging.trump_lead`).
TrumpLead: TypeAlias = Literal["follow", "free"]

#: The values of option ``renege_cards``, which trumps may renege
#: (:attr:`Reneging.renege_cards`).
RenegeCards: TypeAlias = Literal["5-J-AH", "5-J-JK-AH", "5"]

#: The values of option ``renege_basis``, what a privileged trump must outrank to be
#: withheld (:attr:`Reneging.renege_basis`).
RenegeBasis: TypeAlias = Literal["led", "highest", "unconditional"]

#: The values of option ``multi_privileged``, whether several privileged trumps and no
#: other may all be withheld (:attr:`Reneging.multi_privileged`).
MultiPrivileged: TypeAlias = Literal["all", "single"]


@attrs.frozen(cache_hash=True)
class Reneging:
    """The following and reneging rule component (RULES.md §1.4, §3 rows 4–8).

    Attributes:
        plain_lead: ``"follow-or-trump"`` (holding the led suit, play it or any trump; every
            traditional source), ``"follow"`` (must follow suit when able) or ``"free"``
            (any card on a plain lead; IMP-110b "bleeding").
        trump_lead: ``"follow"`` (must play a trump unless reneging is allowed) or
            ``"free"`` (any card; the 1831 American form).
        renege_cards: the privileged trumps: ``"5-J-AH"`` (FOS, PEEL, W25, MAW, BIC45),
            ``"5-J-JK-AH"`` (W45, IMP-110a; needs a joker) or ``"5"`` (Irish 45: OW45, P52).
        renege_basis: what a privileged trump must outrank to be withheld: ``"led"`` (the
            trump led; FOS: "the Five played on an Eight led" leaves a lone Jack its
            privilege), ``"highest"`` (the highest trump played so far; IMP-110a only) or
            ``"unconditional"`` (no comparison; the literal reading of W45).
        multi_privileged: ``"all"``: two or more privileged trumps and no other trump may all
            be withheld (reading FOS's "no smaller trump"); ``"single"``: only a sole
            privileged trump may be withheld (MAW's and W45's literal wording). RULES.md
            leaves this open (§6 item 5); the presets follow OPTIONS.md.
        ah_lead_requires_heart: the Ace of Hearts led (hearts not trumps) and no trump held:
            ``True`` obliges a heart when one is held (W45), ``False`` leaves a free choice
            (W25). W45 ties the heart to holding *no trump*: a player whose only trumps may
            renege is free, hearts or not; with ``trump_lead="free"`` any card goes.
    """

    plain_lead: PlainLead = choice("follow-or-trump", "follow-or-trump", "follow", "free",
                                   doc="what a plain-suit lead obliges (§3 row 8)")
    trump_lead: TrumpLead = choice("follow", "follow", "free",
                                   doc="whether a trump lead must be followed (§1.4)")
    renege_cards: RenegeCards = choice("5-J-AH", "5-J-AH", "5-J-JK-AH", "5",
                                       doc="which trumps may renege (§3 row 4)")
    renege_basis: RenegeBasis = choice("led", "led", "highest", "unconditional",
                                       doc="what the privilege is measured against (§3 row 5)")
    multi_privileged: MultiPrivileged = choice("all", "all", "single",
                                               doc="several privileged trumps and no other (§3 row 6)")
    ah_lead_requires_heart: bool = flag(False, doc="AH led, no trump held: heart required (§3 row 7)")

    def privileged(self, trump: Suit, *, joker: bool, natural_order: bool) -> frozenset[Card]:
        """The trumps that may renege when ``trump`` is the trump suit.

        Under ``natural_order`` there are no special cards, so none (RULES.md §2.1.7 (1)).
        """
        if natural_order:
            return frozenset()
        cards = {canonical(Rank.FIVE, trump)}
        if self.renege_cards != "5":
            cards |= {canonical(Rank.JACK, trump), AH}
        if self.renege_cards == "5-J-JK-AH" and joker:
            cards.add(JK)
        return frozenset(cards)

    def check_with(self, *, joker: bool) -> None:
        """Validate against the ranking: ``"5-J-JK-AH"`` needs a joker.

        Raises:
            InvalidVariantError: the combination is incoherent.
        """
        if self.renege_cards == "5-J-JK-AH" and not joker:
            raise InvalidVariantError(
                "option renege_cards='5-J-JK-AH' needs a joker: set joker='third' or 'fourth' "
                "(or use renege_cards='5-J-AH' or '5')")


# The codes of the obligation that excluded some cards (see explain()) are those of
# trumpfamily.tables: FREE, FOLLOW_OR_TRUMP, FOLLOW, TRUMP, HEART.


def _bar(trick: Sequence[Card], ctx: PlayContext) -> int:
    """The power a privileged trump must exceed to renege (RULES.md §3 row 5)."""
    if ctx.basis == "led":
        return ctx.power[trick[0]]
    if ctx.basis == "unconditional":
        return -1
    power, suit_of, trump = ctx.power, ctx.suit_of, ctx.trump
    return max(power[c] for c in trick if suit_of[c] is trump)


def _names(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def explain(card: Card, hand: tuple[Card, ...], trick: Sequence[Card], ctx: PlayContext, code: int) -> str:
    """Why ``card`` is not legal, naming the rule and its source.

    Args:
        card: a card of ``hand`` that ``decide()`` excluded.
        hand, trick, ctx: as given to ``decide()``.
        code: the obligation code ``decide()`` returned.

    Returns:
        One sentence for :class:`~trumpfamily.errors.IllegalPlayError`'s ``reason``.
    """
    suit_of, trump = ctx.suit_of, ctx.trump
    led = trick[0]
    led_suit = suit_of[led]
    if code == FOLLOW_OR_TRUMP:
        held = [c for c in hand if suit_of[c] is led_suit]
        return (f"{led_suit.name.lower()} were led ({led}) and you hold {_names(held)}: you must "
                "follow suit or play a trump, and may not discard from another plain suit "
                "(RULES.md §1.4.2; FOS, EB11, MAW)")
    if code == FOLLOW:
        held = [c for c in hand if suit_of[c] is led_suit]
        return (f"{led_suit.name.lower()} were led ({led}) and you hold {_names(held)}: you must "
                "follow suit (option plain_lead='follow', RULES.md §3 row 8)")
    if code == HEART:
        hearts = [c for c in hand if suit_of[c] is Suit.HEARTS]
        return (f"the Ace of Hearts was led, you hold no trump and hold {_names(hearts)}: you must "
                "play a heart (option ah_lead_requires_heart=True, W45; RULES.md §1.4.3)")
    assert code == TRUMP, code
    trumps = [c for c in hand if suit_of[c] is trump]
    ordinary = [c for c in trumps if c not in ctx.privileged]
    parts = [f"trumps were led ({led})"]
    if ordinary:
        parts.append(f"and you hold {_names(ordinary)}: you must play a trump")
    else:
        parts.append(f"and you hold {_names(trumps)}: you must play a trump")
    notes: list[str] = []
    demoted = ctx.table.demoted
    if demoted is not None and demoted in trumps:
        notes.append(f"{demoted} was not robbed and is demoted: it ranks lowest and has lost any "
                     "reneging privilege (RULES.md §1.5)")
    bar = _bar(trick, ctx)
    for c in trumps:
        if c in ctx.privileged and ctx.power[c] <= bar:
            if ctx.basis == "led":
                notes.append(f"{_card_name(c)} may renege only against a lower trump led")
            else:
                notes.append(f"{_card_name(c)} may renege only when it outranks the highest "
                             "trump played so far (option renege_basis='highest')")
    if len(trumps) > 1 and not ctx.multi_all and not ordinary:
        notes.append("only a sole privileged trump may be withheld (option multi_privileged='single')")
    text = " ".join(parts)
    if notes:
        text += "; " + "; ".join(notes)
    return text + " (RULES.md §1.4.3; FOS, PEEL, MAW)"


def refusal_code(hand: tuple[Card, ...], ctx: PlayContext, code: int) -> str:
    """The stable refusal code (:data:`~trumpfamily.errors.REFUSAL_CODES`) of the
    obligation :func:`decide` returned (not ``FREE``).

    ``TRUMP`` splits in two: ``"must-play-trump"`` when the hand holds a trump without
    any reneging privilege, ``"renege-not-privileged"`` when every trump held is
    privileged but may not renege against this trick (RULES.md §1.4.3).
    """
    if code == FOLLOW_OR_TRUMP:
        return "must-follow-or-trump"
    if code == FOLLOW:
        return "must-follow-suit"
    if code == HEART:
        return "must-play-heart"
    suit_of, trump, privileged = ctx.suit_of, ctx.trump, ctx.privileged
    demoted = ctx.table.demoted
    ordinary = any(
        suit_of[c] is trump and (c not in privileged or c is demoted) for c in hand
    )
    return "must-play-trump" if ordinary else "renege-not-privileged"


def _card_name(card: Card) -> str:
    if card is JK:
        return "the joker"
    if card == AH:
        return "the Ace of Hearts"
    if card.rank is Rank.FIVE:
        return "the Five"
    if card.rank is Rank.JACK:
        return "the Jack"
    return str(card)
