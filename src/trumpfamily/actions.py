"""Engine actions: the small frozen values a player hands to :meth:`HandState.apply`.

An action never names its seat: it is always made by the seat whose turn it is
(``HandState.to_act``). A server that wants the engine to check the seat as well passes it:
``state.apply(action, seat=2)``.

========================  ==================  ===============================================
action                    notation            meaning (RULES.md section)
========================  ==================  ===============================================
``Play(card)``            ``play AH``         play ``card`` to the current trick (§1.3, §1.4)
``Rob(discard)``          ``rob 8C``          take the turn-up, discarding ``discard`` face
                                              down (§1.5)
``DeclineRob()``          ``decline-rob``     announce the Ace of trumps without robbing,
                                              or, as dealer with an Ace turned, "I play
                                              these" (§1.5, §2.2.5)
``Claim()``               ``claim``           take the pool after winning the first three
                                              tricks (§1.6)
``Jink()``                ``jink``            play on after the first three tricks,
                                              undertaking to win all five
``AskFive()``             ``ask-five``        two players: the non-dealer asks for a new
                                              trump suit (§2.1.7 (6))
``AcceptFive()``          ``accept-five``     the dealer agrees to five
``RefuseFive()``          ``refuse-five``     the dealer refuses
``Pass()``                ``pass``            say "nothing from me" to a prompt every seat
                                              gets alike: the round of rob prompts before
                                              the lead (``rob_timing="before-lead"``), or
                                              eldest's fiving prompt before such a round
                                              (§1.5, §2.1.7 (6)); in the bidding games,
                                              pass in the auction (BIDDING.md §2.3)
``Bid(amount)``           ``bid 20``          the bidding games: bid ``amount`` points; the
                                              dealer's bid at the standing amount is his
                                              hold (BIDDING.md §2.3, §3.3)
``NameTrump(suit)``       ``trump H``         the auction winner names trumps (§3.4)
``Discard(cards)``        ``discard 5H 2C``   put ``cards`` face down: the bidder's kitty
                                              discard, or a seat's discard before it draws;
                                              ``discard`` alone stands pat (§3.4)
``Take(card)``            ``take 5H``         the dealer robbing the pack takes ``card``
                                              from the stock (option ``rob_pack``, §3.4 K9)
========================  ==================  ===============================================

Cards may be given as text: ``Play("5H") == Play(Card.parse("5H"))``.

**Notation.** ``str(action)`` is the short text form of the table's second column (the
card as :class:`~trumpfamily.cards.Card` writes it: ``TD`` for the Ten, ``JK`` for the
joker), and :func:`parse_action` reads it back: ``parse_action(str(a)) == a`` for every
action. ``repr(action)`` rebuilds the value in Python (``Play('AH')``). The command line's
prompt and its ``history`` use the notation.

>>> from trumpfamily import DeclineRob, Play, Rob, parse_action
>>> Play("5h")
Play('5H')
>>> str(Play("5h")), str(DeclineRob())
('play 5H', 'decline-rob')
>>> parse_action("  ROB  10c ")
Rob('TC')
>>> Rob("8C").discard
Card.parse('8C')
>>> DeclineRob() == DeclineRob()
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any, Final, TypeAlias, cast

import attrs

from .cards import Card, Suit, as_cards, parse_suit
from .errors import ActionParseError, CardParseError, InvalidArgumentError, shorten

__all__ = [
    "ACTION_COUNT",
    "ACTION_FORMS",
    "ACTION_TYPES",
    "BID_AMOUNTS",
    "MAX_BID",
    "AcceptFive",
    "Action",
    "AskFive",
    "Bid",
    "Claim",
    "DeclineRob",
    "Discard",
    "Jink",
    "NameTrump",
    "Pass",
    "Play",
    "RefuseFive",
    "Rob",
    "Take",
    "action_from_id",
    "action_id",
    "parse_action",
]


def _card(value: Card | str) -> Card:
    return Card.parse(value)


@attrs.frozen(repr=False, cache_hash=True)
class Play:
    """Play a card to the current trick (RULES.md §1.3–1.4).

    Args:
        card: the card, a :class:`~trumpfamily.cards.Card` or card text such as ``"5H"``.

    Raises:
        CardParseError: ``card`` is not a card.
    """

    card: Card = attrs.field(converter=_card)

    def __repr__(self) -> str:
        return f"Play({str(self.card)!r})"

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen(repr=False, cache_hash=True)
class Rob:
    """Rob the turn-up: take it into the hand and discard ``discard`` face down
    (RULES.md §1.5). Made by the holder of the Ace of trumps, by the dealer when an Ace is
    turned up, or by the dealer taking a turned-up joker (§2.8).

    Args:
        discard: the card given up, from the robber's hand (not the turn-up).

    Raises:
        CardParseError: ``discard`` is not a card.
    """

    discard: Card = attrs.field(converter=_card)

    def __repr__(self) -> str:
        return f"Rob({str(self.discard)!r})"

    def __str__(self) -> str:
        return f"rob {self.discard}"


@attrs.frozen(repr=False)
class DeclineRob:
    """Do not rob, saying so: the holder announces the Ace of trumps ("turn the trump
    down"), or the dealer with an Ace turned says "I play these" (RULES.md §1.5, §2.2.5).

    Declining is public, and it is still not robbing: a holder who declines escapes only
    the demotion of ``unrobbed_ace="lowest-unless-announced"`` and
    ``"lowest-and-cannot-win"``. Under ``"lowest"`` his Ace is demoted all the same, and
    under ``"cannot-win"`` and ``"lowest-and-cannot-win"`` he may not win the pool
    (:func:`~trumpfamily.robbing.unrobbed_penalty`). The dealer declining a turned-up Ace
    incurs no penalty."""

    def __repr__(self) -> str:
        return "DeclineRob()"

    def __str__(self) -> str:
        return "decline-rob"


@attrs.frozen(repr=False)
class Claim:
    """Take the pool now, after winning the first three tricks (RULES.md §1.6, EX-59)."""

    def __repr__(self) -> str:
        return "Claim()"

    def __str__(self) -> str:
        return "claim"


@attrs.frozen(repr=False)
class Jink:
    """Play on after winning the first three tricks, undertaking to win all five
    (RULES.md §1.6, EX-60, EX-61). Losing any later trick spoils the deal."""

    def __repr__(self) -> str:
        return "Jink()"

    def __str__(self) -> str:
        return "jink"


@attrs.frozen(repr=False)
class AskFive:
    """Two players: the non-dealer asks the dealer to "five" the hand, i.e. to turn up a new
    trump suit (RULES.md §2.1.7 (6), EX-56). Once per deal, at his first turn."""

    def __repr__(self) -> str:
        return "AskFive()"

    def __str__(self) -> str:
        return "ask-five"


@attrs.frozen(repr=False)
class AcceptFive:
    """The dealer agrees to five: cards are turned from the stock until one of a different
    printed suit appears (the joker, having no suit, is passed over); its suit becomes
    trumps and it is the new turn-up (EX-56). ``AH`` counts as a heart here: with clubs
    trumps it makes hearts trumps, and as a turned-up Ace it lets the dealer rob."""

    def __repr__(self) -> str:
        return "AcceptFive()"

    def __str__(self) -> str:
        return "accept-five"


@attrs.frozen(repr=False)
class RefuseFive:
    """The dealer refuses to five; play goes on with the same trumps."""

    def __repr__(self) -> str:
        return "RefuseFive()"

    def __str__(self) -> str:
        return "refuse-five"


@attrs.frozen(repr=False)
class Pass:
    """Say "nothing from me" to a prompt that every eligible seat gets alike, so that the
    prompt itself reveals no hidden card (RULES.md §1.5, §2.1.7 (6)).

    * The round of rob prompts: with ``rob_timing="before-lead"`` every seat from eldest
      is asked in turn before the lead, whether or not anybody holds the Ace of trumps,
      so that the prompt names nobody. A seat without the Ace of trumps can only pass.
      The holder robs, or declines aloud where ``holder_rob`` allows it, or, where he may
      keep silent (``holder_rob="may"``), passes: that is forgetting, and the
      ``unrobbed_ace`` penalty applies and stays his secret. With ``"may-announce"`` his
      pass is refused (``must-announce``), with ``"must"`` too (``rob-compulsory``).
      The round ends at the first rob or
      announcement (both public), else after the dealer.
    * Two players with fiving and ``rob_timing="before-lead"``: eldest first says
      ``AskFive()`` or passes, before any rob prompt.
    * The bidding games: pass in the auction. A pass is final: that seat bids no more
      this hand (BIDDING.md §3.3; BICA45, IMP-110a, IMP-110b, IMP-NS).
    """

    def __repr__(self) -> str:
        return "Pass()"

    def __str__(self) -> str:
        return "pass"


#: Every amount a bid may name in some bidding game: the rungs 5 to 30 by 5 that a
#: ``Bidding`` ladder can hold, and 60 for the bid above the ladder (slam, 30-for-60,
#: moon, sixty: ``trumpfamily.bidding.EXTRA_BID``) (BIDDING.md §3.3 B1, B2, B9). A
#: ``Bid`` may name any amount from 0 to :data:`MAX_BID`; each game refuses the amounts
#: its own ladder does not have, with the code ``not-a-bid``.
BID_AMOUNTS: Final[tuple[int, ...]] = (5, 10, 15, 20, 25, 30, 60)
#: The largest amount a ``Bid`` may name (six digits, as the notation reads them).
MAX_BID: Final = 999_999

#: The longest action text :func:`parse_action` reads: longer text is refused unread (a
#: discard of a whole deck is under 200 characters).
MOST_ACTION_TEXT: Final = 10_000


def _amount(value: int) -> int:
    if type(value) is not int or not 0 <= value <= MAX_BID:
        raise InvalidArgumentError(
            f"Bid({shorten(value)}): a bid amount is a whole number of points, an int from 0 "
            f"to {MAX_BID} (the games' bids are among {', '.join(map(str, BID_AMOUNTS))}; 60 "
            "is the bid above the ladder)")
    return value


@attrs.frozen(repr=False, cache_hash=True)
class Bid:
    """Bid ``amount`` points in the auction of a bidding game (BIDDING.md §2.3, §3.3).

    Each bid must beat the standing bid, except that the dealer may bid the standing
    amount: that is his *hold* (BICA45 "I hold"; also called take, call, match). Which
    amounts a seat may bid now is in the hand's legal actions; every game's bids are among
    :data:`BID_AMOUNTS` (60 is the bid above the ladder: 30-for-60, slam, moon or the
    Irish 60, whichever the variant has). Any whole number of points makes a ``Bid``
    (``Bid(17)``, as ``parse_action("bid 17")`` reads it); the game refuses an amount its
    ladder does not have when it is applied, with the code ``not-a-bid``.

    Args:
        amount: the points bid, an int from 0 to :data:`MAX_BID`.

    Raises:
        InvalidArgumentError: ``amount`` is not an int from 0 to :data:`MAX_BID`.

    >>> from trumpfamily import Bid
    >>> Bid(20), str(Bid(20)), Bid(17)
    (Bid(20), 'bid 20', Bid(17))
    """

    amount: int = attrs.field(converter=_amount)

    def __repr__(self) -> str:
        return f"Bid({self.amount})"

    def __str__(self) -> str:
        return f"bid {self.amount}"


def _suit(value: Suit | str) -> Suit:
    return parse_suit(value)


@attrs.frozen(repr=False, cache_hash=True)
class NameTrump:
    """The winner of the auction names the trump suit (BIDDING.md §2.2, §3.4): bids name
    no suit (DBK), and there is no turn-up.

    Args:
        suit: a :class:`~trumpfamily.cards.Suit` or its letter (``"H"``).

    Raises:
        CardParseError: ``suit`` is not a suit.

    >>> from trumpfamily import NameTrump
    >>> NameTrump("h"), str(NameTrump("H"))
    (NameTrump('H'), 'trump H')
    """

    suit: Suit = attrs.field(converter=_suit)

    def __repr__(self) -> str:
        return f"NameTrump({self.suit.letter!r})"

    def __str__(self) -> str:
        return f"trump {self.suit.letter}"


_BY_INDEX: Final = operator.attrgetter("index")


#: No discard holds more cards than a deck with the joker (checked before reading them, so
#: that a long list sent by a remote player costs little).
_MOST_DISCARDED: Final = 53


def too_many_discarded(count: int) -> str:
    """The message for a discard of ``count`` cards, more than any discard holds."""
    return (f"Discard: {count} cards given; a discard holds at most {_MOST_DISCARDED} "
            "(a whole deck), and never more than the hand (BIDDING.md §3.4)")


def _discarded(value: str | Iterable[Card | str]) -> tuple[Card, ...]:
    size = 0 if isinstance(value, str) else operator.length_hint(value)  # len() if Sized
    if size > _MOST_DISCARDED:
        raise InvalidArgumentError(too_many_discarded(size))
    if isinstance(value, str) and len(value) > _MOST_DISCARDED * 5:  # "10♥, " is 5
        words = value.replace(",", " ").split()
        if len(words) > _MOST_DISCARDED:
            raise InvalidArgumentError(too_many_discarded(len(words)))
    cards = as_cards(value)  # parse_cards, fast for a tuple of Card values
    if len(cards) > _MOST_DISCARDED:
        raise InvalidArgumentError(too_many_discarded(len(cards)))
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        again: set[Card] = set()
        for c in cards:
            (again if c in seen else seen).add(c)
        twice = sorted(again)
        raise InvalidArgumentError(
            f"Discard: {' '.join(map(str, twice))} given twice; each card is discarded once")
    return tuple(sorted(cards, key=_BY_INDEX))


@attrs.frozen(repr=False, cache_hash=True)
class Discard:
    """Put ``cards`` face down (BIDDING.md §3.4): the bidder's discard after taking the
    kitty, or a seat's discard before it draws replacements from the stock. No cards
    (``Discard()``) stands pat. The other seats see how many cards, never which.

    The cards are kept in card-id order (:attr:`Card.index
    <trumpfamily.cards.Card.index>`: clubs, diamonds, hearts, spades), so that two
    discards of the same cards are equal whatever order they were given in.

    Args:
        cards: the cards, as card values or text (``"5H 2C"``); none to stand pat.

    Raises:
        CardParseError: a card cannot be read.
        InvalidArgumentError: a card is given twice.

    >>> from trumpfamily import Discard
    >>> Discard("5H 2C"), str(Discard("5H 2C")), str(Discard())
    (Discard('2C 5H'), 'discard 2C 5H', 'discard')
    >>> Discard("5H 2C") == Discard(["2C", "5H"])
    True
    """

    # The default typed Any: the compiled build (issue 24) would check a typed one.
    cards: tuple[Card, ...] = attrs.field(default=cast(Any, ()), converter=_discarded)

    def __repr__(self) -> str:
        inside = " ".join(map(str, self.cards))
        return f"Discard({inside!r})" if self.cards else "Discard()"

    def __str__(self) -> str:
        return " ".join(["discard", *map(str, self.cards)])


@attrs.frozen(repr=False, cache_hash=True)
class Take:
    """The dealer robbing the pack takes ``card`` from the stock as one of his
    replacements, instead of the top card (option ``rob_pack``; BIDDING.md §3.4 K9,
    EX-K04; DBK's variant). He takes one card at a time, as many as he discarded beyond
    coming down to five.

    Args:
        card: a card of the stock, as a card value or text.

    Raises:
        CardParseError: ``card`` is not a card.

    >>> from trumpfamily import Take
    >>> Take("5h"), str(Take("5H"))
    (Take('5H'), 'take 5H')
    """

    card: Card = attrs.field(converter=_card)

    def __repr__(self) -> str:
        return f"Take({str(self.card)!r})"

    def __str__(self) -> str:
        return f"take {self.card}"


# Resolve the string annotations (``from __future__ import annotations``) once, here, so that
# cattrs (records) finds concrete field types and never calls ``attrs.resolve_types`` on
# these classes itself; drop the marker that call leaves, a class attribute holding the
# class, which pydoc would print as a second copy of the docstring.
for _cls in (Play, Rob, Bid, NameTrump, Discard, Take):
    attrs.resolve_types(_cls)
    delattr(_cls, "__attrs_types_resolved__")
del _cls

#: Any engine action: the turn-up games' and the bidding games' (``Bid``, ``NameTrump``,
#: ``Discard``, ``Take``; ``Pass`` is shared).
Action: TypeAlias = (
    Play | Rob | DeclineRob | Claim | Jink | AskFive | AcceptFive | RefuseFive | Pass
    | Bid | NameTrump | Discard | Take
)

#: The action classes, by name (used by records).
ACTION_TYPES: Final[dict[str, type[Action]]] = {
    cls.__name__: cls
    for cls in (Play, Rob, DeclineRob, Claim, Jink, AskFive, AcceptFive, RefuseFive, Pass,
                Bid, NameTrump, Discard, Take)
}

#: The words of the actions that take no card, by their notation.
_WORDS: Final[dict[str, Action]] = {
    str(action): action
    for action in (DeclineRob(), Claim(), Jink(), AskFive(), AcceptFive(), RefuseFive(), Pass())
}

#: The text forms of the actions, as :func:`parse_action` names them in its errors.
ACTION_FORMS: Final[tuple[str, ...]] = (
    "play CARD", "rob CARD", *_WORDS, "bid N", "trump SUIT", "discard [CARD...]", "take CARD")


def parse_action(text: str) -> Action:
    """Read an action from its notation (the module's table): the inverse of ``str(action)``.

    Words may be in any case and separated by any amount of white space; the card is read
    by :meth:`Card.parse <trumpfamily.cards.Card.parse>` (``10c``, ``T♣`` and ``tc`` are
    the same card).

    Args:
        text: e.g. ``"play AH"``, ``"rob 8C"``, ``"decline-rob"``, ``"pass"``, and in
            the bidding games ``"bid 20"``, ``"trump H"``, ``"discard 5H 2C"`` (or
            ``"discard"`` alone, standing pat) and ``"take 5H"``.

    Returns:
        The action: ``parse_action(str(action)) == action`` for every action.

    Raises:
        ActionParseError: ``text`` is not a str, or not one of the forms of
            :data:`ACTION_FORMS` (the message names the text and lists them), or its card,
            suit or amount cannot be read (the message says why).

    >>> from trumpfamily import parse_action
    >>> parse_action("Play ah"), parse_action("ACCEPT-FIVE")
    (Play('AH'), AcceptFive())
    >>> parse_action("bid 25"), parse_action("trump s"), parse_action("discard 2c 9d")
    (Bid(25), NameTrump('S'), Discard('2C 9D'))
    >>> parse_action("bid 17")  # any whole number: the game refuses it (not-a-bid)
    Bid(17)
    >>> parse_action("play")
    Traceback (most recent call last):
    ...
    trumpfamily.errors.ActionParseError: cannot read an action from 'play': 'play' needs a card, e.g. 'play AH'; an action is one of: play CARD, rob CARD, decline-rob, claim, jink, ask-five, accept-five, refuse-five, pass, bid N, trump SUIT, discard [CARD...], take CARD
    """
    if not isinstance(text, str):
        raise ActionParseError(text, f"expected action text (a str), got {type(text).__name__}",
                               ACTION_FORMS)
    if len(text) > MOST_ACTION_TEXT:  # refused unread: no action is written longer
        raise ActionParseError(
            text, f"{len(text):,} characters: an action is written in at most "
                  f"{MOST_ACTION_TEXT:,} (a discard of a whole deck is under 200)", ACTION_FORMS)
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb in ("play", "rob", "take"):
        if len(words) != 2:
            example = "8C" if verb == "rob" else "AH"
            problem = "needs a card" if len(words) == 1 else "takes one card"
            raise ActionParseError(text, f"{verb!r} {problem}, e.g. '{verb} {example}'",
                                   ACTION_FORMS)
        try:
            card = Card.parse(words[1])
        except CardParseError as error:
            raise ActionParseError(text, str(error)) from None
        return Play(card) if verb == "play" else Rob(card) if verb == "rob" else Take(card)
    if verb in ("bid", "trump", "discard"):
        return _parse_bidding(text, verb, words[1:])
    if len(words) == 1 and verb in _WORDS:
        return _WORDS[verb]
    joined = "-".join(words).lower()
    if not words:
        reason = "no action given"
    elif joined in _WORDS:
        reason = f"not an action (did you mean {joined!r}?)"
    else:
        reason = "not an action"
    raise ActionParseError(text, reason, ACTION_FORMS)


def _parse_bidding(text: str, verb: str, rest: list[str]) -> Action:
    """``bid N``, ``trump SUIT`` and ``discard [CARD...]`` (BIDDING.md §3.3, §3.4)."""
    if verb == "discard":
        try:
            return Discard(rest)
        except (CardParseError, InvalidArgumentError) as error:
            raise ActionParseError(text, str(error)) from None
    if len(rest) != 1:
        example = "'bid 20'" if verb == "bid" else "'trump H'"
        what = "an amount" if verb == "bid" else "a suit"
        problem = f"needs {what}" if not rest else f"takes one {what.split()[-1]}"
        raise ActionParseError(text, f"{verb!r} {problem}, e.g. {example}", ACTION_FORMS)
    if verb == "trump":
        try:
            return NameTrump(rest[0])
        except CardParseError as error:
            raise ActionParseError(text, str(error)) from None
    try:
        word = rest[0]  # an amount is a few ASCII digits ("²", "٢٠" and 5,000 digits are not)
        amount = int(word) if word.isascii() and word.isdigit() and len(word) <= 6 else word
        return Bid(amount)  # type: ignore[arg-type]
    except InvalidArgumentError as error:
        raise ActionParseError(text, str(error)) from None


# -- action ids ------------------------------------------------------------------------
#
# A fixed numbering of the actions, for fast paths, arrays and learning agents. The ids of
# the turn-up games come first and never change: ``Play(card)`` is ``card.index``
# (0..52), ``Rob(discard)`` is ``53 + discard.index`` (53..105), then the actions without
# a card (106..112). The bidding games' actions follow (added after 112, so no earlier id
# moved): ``Bid(amount)`` is ``113 + BID_AMOUNTS.index(amount)`` (113..119),
# ``NameTrump(suit)`` is ``120 + suit index`` in ``C D H S`` order (120..123), and
# ``Take(card)`` is ``124 + card.index`` (124..176). Then the one-card discards (added
# after 176): ``Discard(card)`` is ``177 + card.index`` (177..229). A ``Discard`` of no
# card or of several cards has no single id: an agent builds it card by card
# (``trumpfamily.envs.encoding``).

_WORDLESS: Final[tuple[Action, ...]] = (
    DeclineRob(), Pass(), Claim(), Jink(), AskFive(), AcceptFive(), RefuseFive()
)
_SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: The number of action ids: ``action_id`` gives ``0 .. ACTION_COUNT - 1``.
ACTION_COUNT: Final = 106 + len(_WORDLESS) + len(BID_AMOUNTS) + len(_SUITS) + 53 + 53


def _all_actions() -> tuple[Action, ...]:
    from .cards import JK, STANDARD_DECK

    deck = STANDARD_DECK + (JK,)
    return (
        *(Play(c) for c in deck), *(Rob(c) for c in deck), *_WORDLESS,
        *(Bid(a) for a in BID_AMOUNTS), *(NameTrump(s) for s in _SUITS), *(Take(c) for c in deck),
        *(Discard((c,)) for c in deck),
    )


_BY_ID: Final[tuple[Action, ...]] = _all_actions()
_ID_OF: Final[dict[Action, int]] = {a: i for i, a in enumerate(_BY_ID)}


def action_id(action: Action) -> int:
    """The action's fixed id, ``0 .. ACTION_COUNT - 1`` (stable across releases):
    ``Play(c)`` is ``c.index`` (0..52), ``Rob(c)`` is ``53 + c.index``, then
    ``DeclineRob`` 106, ``Pass`` 107, ``Claim`` 108, ``Jink`` 109, ``AskFive`` 110,
    ``AcceptFive`` 111, ``RefuseFive`` 112; the bidding games' actions after them:
    ``Bid(a)`` is ``113 + BID_AMOUNTS.index(a)`` (``Bid(5)`` 113 ... ``Bid(30)`` 118,
    ``Bid(60)`` 119), ``NameTrump(s)`` is 120 to 123 for ``C D H S``, and ``Take(c)`` is
    ``124 + c.index`` (124..176); then the one-card discard ``Discard(c)`` is
    ``177 + c.index`` (177..229). ``ACTION_COUNT`` is 230.

    A :class:`Discard` of no card (standing pat) or of several cards has no single id: it
    names a set of cards, which no fixed numbering of single actions covers. An agent
    that needs ids chooses the discard card by card, one-card ids in rising card order,
    and ``Pass`` to end it (:func:`trumpfamily.envs.encoding.resolve`), or numbers the
    legal discards of a position itself.

    Raises:
        InvalidArgumentError: ``action`` is not an action, is a :class:`Discard` of
            other than one card, or a :class:`Bid` of an amount no game has (not in
            :data:`BID_AMOUNTS`).

    >>> from trumpfamily import Bid, Claim, NameTrump, Play, action_id, action_from_id
    >>> action_id(Play("2C")), action_id(Claim()), action_from_id(51)
    (0, 108, Play('AS'))
    >>> action_id(Bid(15)), action_id(NameTrump("S")), action_from_id(119)
    (115, 123, Bid(60))
    >>> from trumpfamily import Discard
    >>> action_id(Discard("2C")), action_from_id(229)
    (177, Discard('JK'))
    """
    found = _ID_OF.get(action) if isinstance(action, tuple(ACTION_TYPES.values())) else None
    if found is None:
        if isinstance(action, Bid):
            raise InvalidArgumentError(
                f"{action!r} has no action id: only the bids of BID_AMOUNTS "
                f"({', '.join(map(str, BID_AMOUNTS))}) have one, and no game has another")
        if isinstance(action, Discard):
            raise InvalidArgumentError(
                f"{action!r} has no action id: only a one-card Discard has one (177..229); "
                "a discard of no card or of several cards is chosen card by card "
                "(trumpfamily.envs.encoding.resolve) or numbered by the caller")
        raise InvalidArgumentError(
            f"not an action: {shorten(action)} (expected Play(card), Rob(card), ...)")
    return found


def action_from_id(number: int) -> Action:
    """The action with id ``number`` (the inverse of :func:`action_id`).

    Raises:
        InvalidArgumentError: ``number`` is not an int in ``0 .. ACTION_COUNT - 1``.
    """
    if type(number) is not int and not isinstance(number, bool):
        try:
            number = operator.index(number)  # numpy integers and the like
        except TypeError:
            pass
    if type(number) is not int or not 0 <= number < ACTION_COUNT:
        raise InvalidArgumentError(
            f"not an action id: {shorten(number)} (ids are the ints 0..{ACTION_COUNT - 1})")
    return _BY_ID[number]
