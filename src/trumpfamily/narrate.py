"""Narration: what happened in a hand or a game, in words, read from its events.

The library's one narrator. The command line's play loop and replay, and the demo, all
print what :class:`Narrator` makes of the :mod:`~trumpfamily.events` that
:meth:`HandState.apply <trumpfamily.engine.HandState.apply>` and
:meth:`GameState.apply <trumpfamily.game.GameState.apply>` return, so they tell a hand
in one format, and nothing they say is worked out again from the deck or the engine's
state. A narrator told ``seat=`` speaks to that seat ("you"), and first masks each event
with its ``seen_by(seat)``: another seat's cards and face-down discards never appear.
Without a seat it tells the whole truth, discards and dealt hands included.

:class:`Style` decides how cards look: plain text (``5H``), or suit symbols and colour
(``5♥`` in red) on a terminal that can show them.

>>> import trumpfamily as tf
>>> from trumpfamily.narrate import Narrator
>>> deck = tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, turn_up="2H",
...                        hands={0: "5H 2C 2D 3D KS", 1: "3H KC KD QD 4S"})
>>> state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, deck=deck)
>>> narrator = Narrator(tf.FORTY_FIVE, players=2)
>>> lines = narrator.lines(state.events)
>>> for card in tf.parse_cards("5H 3H 2C KC KD 2D QD 3D 4S KS"):
...     state = state.apply(tf.Play(card))
...     lines += narrator.lines(state.events)
>>> print("\\n".join(lines))
<BLANKLINE>
Hand: P1 deals, 2 players.
  Hands: P0 5H 2C 2D 3D KS; P1 3H KC KD QD 4S
  Turn-up 2H: hearts are trumps.
  Trick 1: P0 5H  P1 3H  -> P0 (1 trick)
  Trick 2: P0 2C  P1 KC  -> P1 (1 trick)
  Trick 3: P1 KD  P0 2D  -> P1 (2 tricks)
  Trick 4: P1 QD  P0 3D  -> P1 (3 tricks)
  Trick 5: P1 4S  P0 KS  -> P0 (2 tricks)
  Tricks: P0 2, P1 3.
  Points this hand: P0 15, P1 15.
  The best trump, 5H, was in trick 1: that trick scores double.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO

from ._options import option_text
from .bidding import contract_kind, is_all_five_bid
from .cards import JK, Card, Rank, Suit
from .errors import InvalidArgumentError
from .events import (
    AntesPaid,
    AnyEvent,
    AuctionWon,
    BidMade,
    Claimed,
    Dealt,
    Discarded,
    Drew,
    ExtraCardsTaken,
    FiveAccepted,
    FiveAsked,
    FiveRefused,
    GameOver,
    HandOver,
    HandScored,
    Jinked,
    JokerTaken,
    KittyTaken,
    Passed,
    Played,
    PoolCarried,
    Robbed,
    RobDeclined,
    ThrownIn,
    TrickWon,
    TrumpNamed,
    TurnedUp,
)
from .outcomes import HandOutcome
from .variants import ALL_VARIANTS, Variant

if TYPE_CHECKING:
    from .game import GameState

__all__ = ["PLAIN", "Narrator", "Style", "game_header", "narrate", "variant_title"]

_RED: Final = "\033[31m"
_MAGENTA: Final = "\033[35m"
_BOLD: Final = "\033[1m"
_DIM: Final = "\033[2m"
_RESET: Final = "\033[0m"


# -- the style ------------------------------------------------------------------------

class Style:
    """How to print cards: plain text (``5H``), or suit symbols and colour (``5♥`` in red).

    Args:
        color: use ANSI colours (and bold and dim text).
        symbols: write suits as symbols (``♥``); by default when ``color`` is on.

    :meth:`for_stream` decides it from a ``--color`` choice and the terminal: colour only
    on a terminal, never when ``NO_COLOR`` is set or ``TERM=dumb``, and symbols only when
    the stream's encoding can write them.

    >>> from trumpfamily import Card
    >>> from trumpfamily.narrate import Style
    >>> Style(color=False).card(Card.parse("5H"))
    '5H'
    >>> Style(color=False, symbols=True).card(Card.parse("5H"))
    '5♥'
    >>> Style(color=True).card(Card.parse("5H")) == "\\033[31m5♥\\033[0m"
    True
    """

    def __init__(self, color: bool, *, symbols: bool | None = None) -> None:
        self.color = color
        self.symbols = color if symbols is None else symbols

    @classmethod
    def for_stream(cls, stream: TextIO, choice: str = "auto") -> Style:
        """The style for ``stream`` given ``choice``: ``"auto"``, ``"always"`` or ``"never"``.

        Args:
            stream: where the text goes (its ``encoding`` and ``isatty()`` are asked).
            choice: ``"never"``: plain text; ``"always"``: colour and symbols if the
                encoding can write them; ``"auto"``: as ``"always"`` on a terminal, unless
                ``NO_COLOR`` is set or ``TERM`` is ``dumb``.

        Returns:
            The :class:`Style`.
        """
        if choice == "never":
            return cls(False)
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♣♦♥♠".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return cls(False)
        if choice == "always":
            return cls(True)
        if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
            return cls(False)
        isatty = getattr(stream, "isatty", None)
        return cls(bool(isatty and isatty()))

    def card(self, card: Card) -> str:
        """One card: ``5H``, ``5♥``, or ``5♥`` in red."""
        text = card.symbol if self.symbols else str(card)
        if not self.color:
            return text
        if card.suit is None:  # the joker
            return f"{_MAGENTA}{text}{_RESET}"
        return f"{_RED}{text}{_RESET}" if card.suit.is_red else text

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards separated by spaces; ``-`` for none."""
        return " ".join(self.card(c) for c in cards) if cards else "-"

    def suit(self, suit: Suit) -> str:
        """A suit's name, with its symbol when styled: ``spades`` or ``♠ spades``."""
        name = suit.name.lower()
        if not self.symbols:
            return name
        text = f"{suit.symbol} {name}"
        return f"{_RED}{text}{_RESET}" if self.color and suit.is_red else text

    def bold(self, text: str) -> str:
        """Text in bold when coloured."""
        return f"{_BOLD}{text}{_RESET}" if self.color else text

    def dim(self, text: str) -> str:
        """Text dimmed when coloured."""
        return f"{_DIM}{text}{_RESET}" if self.color else text


#: Plain text: no colour, no suit symbols.
PLAIN: Final = Style(False)


# -- words ----------------------------------------------------------------------------

def _count(number: int, noun: str) -> str:
    """``"1 trick"``, ``"3 tricks"``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _third_person(verb: str) -> str:
    """``"rob"`` -> ``"robs"``, ``"pass"`` -> ``"passes"``."""
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")


def variant_title(variant: Variant) -> str:
    """A variant's name, with the options that differ from its preset.

    Args:
        variant: the rules.

    Returns:
        ``"Forty-Five"``, or ``"Forty-Five with joker='third'"`` for a house rule.

    >>> import trumpfamily as tf
    >>> from trumpfamily.narrate import variant_title
    >>> variant_title(tf.SPOIL_FIVE.with_options(joker="third"))
    "Spoil Five with joker='third'"
    >>> variant_title(tf.AUCTION_45.with_options(hold="none"))
    "Auction Forty-Fives with hold='none'"
    >>> variant_title(tf.AUCTION_45.with_options(draw_limit={6: 3, 5: 4}))  # as typed
    'Auction Forty-Fives with draw_limit=5:4,6:3'
    """
    base = ALL_VARIANTS.get(variant.name)
    if base is None:
        return variant.name
    before = base.options()
    changed = {k: v for k, v in variant.options().items() if before.get(k, v) != v}
    if not changed:
        return variant.name
    return f"{variant.name} with " + ", ".join(f"{k}={option_text(v)}" for k, v in changed.items())


def game_header(state: GameState, *, note: str = "", style: Style = PLAIN) -> list[str]:
    """The lines that open the story of a game: the rules, the table, how long it lasts,
    the seed, and how the first dealer was chosen.

    Args:
        state: the game as :func:`~trumpfamily.game.new_game` started it.
        note: who plays, e.g. ``"you are P2"`` (appended after a semicolon).
        style: how to print cards.

    Returns:
        One or two lines (the second names the cards dealt face up for the first Jack).

    >>> import trumpfamily as tf
    >>> from trumpfamily.narrate import game_header
    >>> game_header(tf.new_game(tf.SPOIL_FIVE, players=3, seed=1, hands=2), note="bots")
    ['Spoil Five: 3 players, 2 hands, seed 1; bots.']
    """
    limit = None if state.hands_left is None else state.hands_left + state.hand_number
    scoring = state.variant.scoring
    bidding = state.variant.bidding
    if scoring.scoring == "pool" and bidding is None:
        length = _count(limit, "hand") if limit is not None else "no hand limit"
    elif bidding is not None and bidding.finish == "hands":
        length = _count(bidding.finish_hands or 0, "hand")
        if limit is not None:
            length += f", at most {_count(limit, 'hand')} here"
    else:
        length = f"to {scoring.target if bidding is None else bidding.target} points"
        if limit is not None:
            length += f", at most {_count(limit, 'hand')}"
    tail = f"; {note}" if note else ""
    seed = state.seed
    shown = repr(seed) if isinstance(seed, str) else str(seed)
    lines = [style.bold(variant_title(state.variant))
             + f": {state.players} players, {length}, seed {shown}{tail}."]
    if state.first_dealer_cards:
        lines.append(f"Cards dealt face up for the first Jack: "
                     f"{style.cards(state.first_dealer_cards)}; P{state.dealer} deals first.")
    return lines


# -- the narrator ---------------------------------------------------------------------

class Narrator:
    """Turns events into lines of text, in order, keeping what earlier events said (the
    dealer, the turn-up, the tricks won, the running scores or chips).

    Feed it every event from the start (a hand's first ``Dealt``; a game's first
    ``AntesPaid``), in order: :meth:`lines` takes a batch, such as the ``events`` of each
    new state. Most events give one line, some none (a card played is told with its
    trick, a call of the auction with the auction's end), the end of a hand several.

    The bidding games (BIDDING.md) are told in the same words: the auction in one line
    when it ends (the bids, the passes, the dealer's hold, and who won it at what, or
    the throw-in), trumps named, the kitty taken, the cards each seat discards and draws
    (a discard and the draw that follows it in one line; of another seat only how many
    cards, never which), and after the tricks the points taken, the bid made or set and
    what each side scores. A pool game's standings after a hand (that hand's chips, the
    running totals so far, and the pool: ``Chips this hand: P0 +6, P1 -4, P2 -2; so far:
    P0 +4, P1 -6, P2 +2; pool 0.``) are told once the game has settled it: with the
    carried pool or the next antes; the last hand's, with the game over (the chips won or
    lost in the whole game). The running totals are kept from
    the events (``HandScored``), counted from the starting standings given: zero by
    default, and :meth:`for_game` takes them from a game (one started with ``scores``, or
    resumed from its record).

    Args:
        variant: the rules (for the sides, the target, and pool or points).
        players: the number of seats.
        seat: narrate to this seat: events are masked with ``seen_by(seat)`` and the
            seat is "you". ``None``: the whole truth.
        style: how to print cards.
        scores: the points per side before the first event told (points and bidding
            games; default zeros; in a bidding game a side may be below 0).
        chips: the net chips per seat before the first event told, before the antes of
            the hand that follows (pool games; default zeros).

    Raises:
        InvalidArgumentError: ``scores`` is not one int per side (from 0, but in a bidding
            game), or ``chips`` not one int per seat.

    >>> import trumpfamily as tf
    >>> from trumpfamily.narrate import Narrator
    >>> deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=0, turn_up="KD",
    ...                        hands={1: "AD 9S 2C 3C 4C"})
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=0, deck=deck)
    >>> state = state.apply(tf.Rob("9S"))
    >>> Narrator(tf.SPOIL_FIVE, 3, seat=2).lines(state.events)
    ['  P1 robs: taking KD, discarding a card face down.']
    >>> Narrator(tf.SPOIL_FIVE, 3, seat=1).lines(state.events)
    ['  You rob: taking KD, discarding 9S face down.']
    """

    def __init__(self, variant: Variant, players: int, *, seat: int | None = None,
                 style: Style = PLAIN, scores: Sequence[int] | None = None,
                 chips: Sequence[int] | None = None) -> None:
        self.variant, self.players, self.seat, self.style = variant, players, seat, style
        self.sides = variant.table.sides(players)
        self._pool_game = variant.scoring.scoring == "pool"
        self._handlers: dict[type, Callable[[Any], list[str]]] = {
            Dealt: self._dealt, TurnedUp: self._turned_up, JokerTaken: self._joker_taken,
            Robbed: self._robbed, RobDeclined: self._rob_declined, Passed: self._passed,
            FiveAsked: self._five_asked, FiveAccepted: self._five_accepted,
            FiveRefused: self._five_refused, Played: self._played, TrickWon: self._trick_won,
            Claimed: self._claimed, Jinked: self._jinked, HandOver: self._hand_over,
            HandScored: self._hand_scored, PoolCarried: self._pool_carried,
            AntesPaid: self._antes_paid, GameOver: self._game_over,
            BidMade: self._bid_made, AuctionWon: self._auction_won, ThrownIn: self._thrown_in,
            TrumpNamed: self._trump_named, KittyTaken: self._kitty_taken,
            ExtraCardsTaken: self._extra_cards_taken, Discarded: self._discarded,
            Drew: self._drew,
        }
        # the hand in progress
        self._dealer = 0
        self._turn_up: Card | None = None
        self._tricks = [0] * players
        self._calls: list[str] = []  # the auction so far, told when it ends
        self._trick: list[str] = []  # the trick in play so far, told when it is won
        self._discard: Discarded | None = None  # told with the draw that follows it
        # the game
        self._antes: AntesPaid | None = None
        self._hands_scored = 0
        bidding = variant.bidding  # a set subtracts: a bidding game's scores may be < 0
        self._scores = _standing("scores", scores, len(self.sides), "side",
                                 minimum=None if bidding is not None else 0)
        self._chips = _standing("chips", chips, players, "seat", minimum=None)
        self._hand_chips: Sequence[int] | None = None  # the last hand scored's own chips
        self._standings_due = False

    @classmethod
    def for_game(cls, state: GameState, *, seat: int | None = None,
                 style: Style = PLAIN) -> Narrator:
        """A narrator for the events that follow ``state``, counting from its standings:
        its scores, and its chips before the current hand's antes.

        Args:
            state: the game so far (a new game, or one resumed from its record).
            seat: narrate to this seat, or ``None`` for the whole truth.
            style: how to print cards.

        Returns:
            The :class:`Narrator`.

        >>> import trumpfamily as tf
        >>> from trumpfamily.narrate import Narrator
        >>> state = tf.new_game(tf.FORTY_FIVE, players=2, seed=1, scores=[20, 35])
        >>> Narrator.for_game(state).standings()
        'Scores: P0 20, P1 35 (target 45).'
        """
        chips = [c + s for c, s in zip(state.chips, state.stakes, strict=True)]
        return cls(state.variant, state.players, seat=seat, style=style,
                   scores=state.scores, chips=chips)

    def standings(self, pool: int = 0) -> str:
        """The standings told so far, in the words of the story: the scores (points
        games), or the net chips with ``pool`` chips in the pool (pool games)."""
        if self._pool_game:
            return self._chips_text(self._chips, pool)
        return self._scores_text(self._scores)

    def lines(self, events: Iterable[AnyEvent]) -> list[str]:
        """The lines telling ``events``, in order.

        Args:
            events: events in the order they happened (e.g. a state's ``events``).

        Returns:
            The lines, without line ends; indented lines belong to the hand above them.
        """
        out: list[str] = []
        for event in events:
            out += self.narrate(event)
        return out + self.flush()

    def narrate(self, event: AnyEvent) -> list[str]:
        """The lines telling one event (none for an event told later or not at all).

        Args:
            event: the next event; masked with ``event.seen_by(seat)`` first when the
                narrator has a seat.

        Returns:
            The lines (an event type this narrator does not know gives none). A discard
            before the draw is held back for the draw that follows it, and told in one
            line with it: with this event when it is that draw, else just before this
            event's own lines, or by :meth:`flush` (:meth:`lines` flushes at the end of
            its batch).
        """
        if self.seat is not None:
            event = event.seen_by(self.seat)
        held, self._discard = self._discard, None
        if held is not None and isinstance(event, Drew) and event.seat == held.seat:
            return [self._exchange(held, event)]
        lines = [self._exchange(held, None)] if held is not None else []
        handler = self._handlers.get(type(event))
        return lines + (handler(event) if handler is not None else [])

    def unfinished(self) -> list[str]:
        """What the events told so far leave for a later event to tell, told as it stands
        (for a record that stops there): the calls of an auction in progress, which are
        otherwise told when it ends, and the cards played to the trick in play, otherwise
        told when it is won (``"  Trick 2 so far: P1 QD  P2 3H."``); ``[]`` when nothing
        waits."""
        lines = self.flush()
        if self._calls:
            lines.append(f"  Auction so far: {', '.join(self._calls)}.")
        if self._trick:
            lines.append(f"  Trick {sum(self._tricks) + 1} so far: {'  '.join(self._trick)}.")
        return lines

    def flush(self) -> list[str]:
        """The lines held back for an event that may complete them (a discard waiting
        for its draw), told now; ``[]`` when none is held."""
        held, self._discard = self._discard, None
        return [self._exchange(held, None)] if held is not None else []

    # -- words about seats --------------------------------------------------------------

    def who(self, seat: int) -> str:
        """``"P2"``, or ``"you"`` for the narrator's seat."""
        return "you" if seat == self.seat else f"P{seat}"

    def _subject(self, seat: int, verb: str) -> str:
        """``"P2 robs"``, or ``"You rob"`` for the narrator's seat."""
        if seat == self.seat:
            return f"You {verb}"
        return f"P{seat} {_third_person(verb)}"

    def _side_subject(self, side: int, verb: str) -> str:
        """``"P1 takes"``, ``"P0 and P2 take"``, ``"You and P2 take"``."""
        seats = self.sides[side]
        if len(seats) == 1:
            return self._subject(seats[0], verb)
        return _capital(" and ".join(self.who(s) for s in seats)) + f" {verb}"

    def _side_name(self, side: int) -> str:
        """``"P1"``, or ``"P0+P2"`` for a partnership."""
        return "+".join(self.who(s) for s in self.sides[side])

    def _card_or_hidden(self, card: Card | None) -> str:
        return "a card" if card is None else self.style.card(card)

    # -- a hand -------------------------------------------------------------------------

    def _dealt(self, event: Dealt) -> list[str]:
        lines = self._standings(None)  # a points game's scores after the hand before
        self._dealer, self._turn_up = event.dealer, None
        self._tricks = [0] * len(event.hands)
        self._calls, self._trick = [], []
        title = "Hand" if event.hand_number is None else f"Hand {event.hand_number}"
        lines += ["", (f"{self.style.bold(title)}: {self._subject(event.dealer, 'deal')}, "
                      f"{_count(len(event.hands), 'player')}.")]
        if self._antes is not None:
            stakes = ", ".join(f"{self.who(s)} {n}" for s, n in enumerate(self._antes.stakes))
            lines.append(f"  Antes: {stakes}; the pool holds {_count(self._antes.pool, 'chip')}.")
            self._antes = None
        cards = self.style.cards
        if self.seat is not None:
            lines.append(f"  Your hand: {cards(event.hands[self.seat])}")
        else:
            lines.append("  Hands: " + "; ".join(
                f"P{s} {cards(hand)}" for s, hand in enumerate(event.hands)))
        bidding = self.variant.bidding
        if bidding is not None and bidding.kitty:
            lines.append(f"  Kitty: {_count(bidding.kitty, 'card')} face down.")
        return lines

    def _turned_up(self, event: TurnedUp) -> list[str]:
        self._turn_up = event.card
        shown = self.style.card(event.card)
        if event.trump is None:
            return [(f"  Turn-up {shown}: the joker goes to the dealer; the next card turned "
                     "decides trumps.")]
        return [f"  Turn-up {shown}: {self.style.suit(event.trump)} are trumps."]

    def _joker_taken(self, event: JokerTaken) -> list[str]:
        return [(f"  {self._subject(event.seat, 'take')} the joker ({self.style.card(JK)}), "
                f"discarding {self._card_or_hidden(event.discard)} face down.")]

    def _robbed(self, event: Robbed) -> list[str]:
        return [(f"  {self._subject(event.seat, 'rob')}: taking {self.style.card(event.card)}, "
                f"discarding {self._card_or_hidden(event.discard)} face down.")]

    def _rob_declined(self, event: RobDeclined) -> list[str]:
        up = self._turn_up
        if event.seat == self._dealer and up is not None and up.rank is Rank.ACE:
            return [(f"  {self._subject(event.seat, 'decline')} the turned-up Ace: "
                    "\"I play these\".")]
        return [f"  {self._subject(event.seat, 'announce')} the Ace of trumps without robbing."]

    def _passed(self, event: Passed) -> list[str]:
        if event.prompt == "five":
            return [f"  {self._subject(event.seat, 'pass')}: no fiving."]
        if event.prompt == "auction":
            self._calls.append(f"{self.who(event.seat)} pass")
            return []  # told with the auction's end
        return [f"  {self._subject(event.seat, 'pass')}: no rob."]

    # -- the bidding games (BIDDING.md) -------------------------------------------------

    def bid_text(self, amount: int, kind: str | None = None) -> str:
        """A bid's amount in words: ``"20"``, or for a bid made only by all five tricks
        (:func:`~trumpfamily.bidding.is_all_five_bid`) ``"30 (all five tricks)"``,
        ``"60 (moon: all five tricks)"``, ``"60 (slam: all five tricks)"``.

        Args:
            amount: the points bid.
            kind: what the bid is, as the events and the outcome name it
                (:data:`~trumpfamily.bidding.component.ContractKind`: ``"bid"``, ``"slam"``,
                ``"moon"``...); ``None``: as the variant's ladder makes it
                (:func:`~trumpfamily.bidding.contract_kind`).
        """
        bidding = self.variant.bidding
        if kind is None:
            kind = "bid" if bidding is None else contract_kind(bidding, amount)
        if kind == "bid" and (bidding is None or not is_all_five_bid(bidding, amount)):
            return str(amount)
        name = kind if kind not in ("bid", "sixty") else None
        return f"{amount} ({name}: all five tricks)" if name else f"{amount} (all five tricks)"

    def _bid_made(self, event: BidMade) -> list[str]:
        word = "holds " if event.hold else ""
        named = f" ({event.kind})" if event.kind not in ("bid", "sixty") else ""
        self._calls.append(f"{self.who(event.seat)} {word}{event.amount}{named}")
        return []  # told with the auction's end

    def _auction_line(self, result: str) -> list[str]:
        calls, self._calls = self._calls, []
        return [f"  Auction: {', '.join(calls)} -> {result}"]

    def _auction_won(self, event: AuctionWon) -> list[str]:
        bid = self.bid_text(event.amount, event.kind)
        if event.bagged:
            verb = "are" if event.seat == self.seat else "is"
            return self._auction_line(f"{self.who(event.seat)} {verb} bagged: everybody else "
                                      f"passed, so the dealer plays {bid}.")
        verb = "win" if event.seat == self.seat else "wins"
        return self._auction_line(f"{self.who(event.seat)} {verb} the auction at {bid}.")

    def _thrown_in(self, event: ThrownIn) -> list[str]:
        return self._auction_line("everybody passed: the hand is thrown in.")

    def _trump_named(self, event: TrumpNamed) -> list[str]:
        return [f"  {self._subject(event.seat, 'name')} trumps: {self.style.suit(event.trump)}."]

    def _kitty_taken(self, event: KittyTaken) -> list[str]:
        if event.cards is None:
            size = self.variant.bidding.kitty if self.variant.bidding is not None else 0
            return [f"  {self._subject(event.seat, 'take')} the kitty ({_count(size, 'card')})."]
        return [(f"  {self._subject(event.seat, 'take')} the kitty: "
                f"{self.style.cards(event.cards)}.")]

    def _extra_cards_taken(self, event: ExtraCardsTaken) -> list[str]:
        if event.cards is None:
            size = self.variant.bidding.extra_cards if self.variant.bidding is not None else 0
            return [f"  {self._subject(event.seat, 'take')} up {_count(size, 'extra card')}."]
        return [(f"  {self._subject(event.seat, 'take')} up the extra cards: "
                f"{self.style.cards(event.cards)}.")]

    def _discarded(self, event: Discarded) -> list[str]:
        self._discard = event  # told with the draw that follows it (narrate)
        return []

    def _drew(self, event: Drew) -> list[str]:
        return [self._exchange(None, event)]

    def _exchange(self, discard: Discarded | None, draw: Drew | None) -> str:
        """One line for a discard, a draw, or a discard and the draw that follows it: the
        cards where the narrator may see them, else how many."""
        seat = discard.seat if discard is not None else draw.seat if draw is not None else 0
        parts: list[tuple[str, str]] = []
        if discard is not None:
            if discard.cards:
                parts.append(("discard", f"{self.style.cards(discard.cards)} face down"))
            elif discard.count is None:  # sealed: not even how many, yet
                parts.append(("discard", "face down"))
            elif discard.count:
                parts.append(("discard", f"{_count(discard.count, 'card')} face down"))
        if draw is not None:
            got = (self.style.cards(draw.cards) if draw.cards is not None
                   else _count(draw.count, "card"))
            parts.append(("draw", got))
        if not parts:  # an empty discard, nothing drawn
            return f"  {self._subject(seat, 'stand')} pat."
        (verb, what), *rest = parts
        text = f"  {self._subject(seat, verb)} {what}"
        for verb, what in rest:
            text += f" and {verb if seat == self.seat else _third_person(verb)} {what}"
        return text + "."

    def _five_asked(self, event: FiveAsked) -> list[str]:
        return [(f"  {self._subject(event.seat, 'ask')} the dealer to five (turn up a new "
                "trump suit).")]

    def _five_accepted(self, event: FiveAccepted) -> list[str]:
        return [(f"  {self._subject(event.seat, 'agree')} to five: "
                f"{self.style.cards(event.fived)} set aside.")]

    def _five_refused(self, event: FiveRefused) -> list[str]:
        return [f"  {self._subject(event.seat, 'refuse')} to five."]

    def _played(self, event: Played) -> list[str]:
        self._trick.append(f"{self.who(event.seat)} {self.style.card(event.card)}")
        if event.demoted:  # the penalty shows once the Ace is played (RULES.md §1.5)
            return [(f"  {self.who(event.seat)} plays {self.style.card(event.card)}, the Ace of "
                     "trumps not robbed: it ranks as the lowest trump this deal.")]
        return []  # told with its trick

    def _trick_won(self, event: TrickWon) -> list[str]:
        players = len(self._tricks)
        self._tricks[event.seat] += 1
        self._trick = []
        plays = "  ".join(f"{self.who((event.leader + i) % players)} {self.style.card(card)}"
                          for i, card in enumerate(event.cards))
        won = _count(self._tricks[event.seat], "trick")
        return [(f"  Trick {event.number}: {plays}  -> {self.style.bold(self.who(event.seat))} "
                f"({won})")]

    def _claimed(self, event: Claimed) -> list[str]:
        return [(f"  {self._subject(event.seat, 'claim')} the pool after winning the first "
                "three tricks.")]

    def _jinked(self, event: Jinked) -> list[str]:
        return [f"  {self._subject(event.seat, 'jink')}: playing on to win all five tricks."]

    def _hand_over(self, event: HandOver) -> list[str]:
        outcome = event.outcome
        self._trick = []  # a hand may end in the middle of a trick (a claim)
        if outcome.thrown_in:  # no card was played: told with the auction
            return []
        tricks = ", ".join(f"{self.who(s)} {n}" for s, n in enumerate(outcome.tricks))
        lines = [f"  Tricks: {tricks}."]
        lines += [f"  {_capital(self.who(b.seat))} could not win the pool this hand: {b.reason}"
                  for b in outcome.barred]
        if outcome.scoring == "points":
            return lines + self._points(outcome)
        if outcome.scoring == "bidding":
            return lines + self._contract(outcome)
        return lines + [self._pool_result(outcome)]

    def _contract(self, outcome: HandOutcome) -> list[str]:
        """A bidding hand's result: the points taken, the bid made or set, and what each
        side scores (BIDDING.md §3.6). A throw-in was told with the auction."""
        if outcome.thrown_in or outcome.bidder is None or outcome.bid is None:
            return []
        lines = self._points(outcome, "Points taken")
        side = next(i for i, seats in enumerate(self.sides) if outcome.bidder in seats)
        name = _capital(self._side_name(side))
        bid = self.bid_text(outcome.bid, outcome.bid_kind)
        if outcome.made:
            lines.append(f"  {name} made the bid of {bid}.")
        else:
            seats = self.sides[side]
            verb = "is" if len(seats) == 1 and seats[0] != self.seat else "are"
            lines.append(f"  {name} {verb} set: the bid was {bid}.")
        gains = ", ".join(f"{self._side_name(i)} {g:+d}" for i, g in enumerate(outcome.gains or ()))
        lines.append(f"  Scored this hand: {gains}.")
        return lines

    def _pool_result(self, outcome: HandOutcome) -> str:
        if outcome.winner is not None:
            how = (" by a successful jink" if outcome.jink_succeeded
                   else " by claiming" if outcome.claimed else "")
            return f"  {self._side_subject(outcome.winner, 'take')} the pool{how}."
        if outcome.jink_tried:
            return "  The jink failed: the hand is spoiled and the pool carries."
        needed = outcome.tricks_needed or 0
        barred = [b.seat for b in outcome.barred if needed and outcome.tricks[b.seat] >= needed]
        if barred:  # a bar settled at the end (RULES.md §1.5, EX-51)
            who = self.who(barred[0])
            took = "claimed" if outcome.claimed else f"took {_count(outcome.tricks[barred[0]], 'trick')}"
            return (f"  Spoil: {who} {took} but was barred from the pool; the pool carries.")
        return (f"  Spoil: nobody took {_count(needed, 'trick')}; "
                "the pool carries.")

    def _points(self, outcome: HandOutcome, label: str = "Points this hand") -> list[str]:
        side_points = outcome.side_points or ()
        points = ", ".join(f"{self._side_name(i)} {p}" for i, p in enumerate(side_points))
        lines = [f"  {label}: {points}."]
        if outcome.best_trump is not None and outcome.best_trump_trick is not None:
            scores = ("its bonus is forfeited (bonus_cutoff): nobody scores it"
                      if outcome.bonus_forfeited else "that trick scores double")
            lines.append(f"  The best trump, {self.style.card(outcome.best_trump)}, was in "
                         f"trick {outcome.best_trump_trick + 1}: {scores}.")
        return lines

    # -- a game -------------------------------------------------------------------------

    def _hand_scored(self, event: HandScored) -> list[str]:
        outcome = event.outcome
        self._hands_scored = event.hand_number
        lines: list[str] = []
        if not outcome.complete:  # a points game won in the middle of this hand
            lines.append("  That trick takes the game to the target: the rest of the hand "
                         "is not played.")
            lines += self._points(outcome)
        added = outcome.gains if outcome.gains is not None else outcome.side_points
        if added is not None:
            self._scores = [a + b for a, b in zip(self._scores, added)]
        if outcome.chips is not None:
            self._chips = [a + b for a, b in zip(self._chips, outcome.chips)]
        self._hand_chips = outcome.chips
        self._standings_due = True
        return lines

    def _pool_carried(self, event: PoolCarried) -> list[str]:
        return self._standings(event.pool)

    def _antes_paid(self, event: AntesPaid) -> list[str]:
        lines = self._standings(event.pool - sum(event.stakes))
        self._antes = event  # told with the deal
        return lines

    def _game_over(self, event: GameOver) -> list[str]:
        self._standings_due = False  # the game's own standings follow
        head = f"Game over after {_count(self._hands_scored, 'hand')}"
        if event.winner is not None:
            head += f": {self._side_subject(event.winner, 'win')} the game."
        else:
            head += "."
        if self._pool_game:  # the whole game's
            standing = self._chips_text(event.chips, event.pool, "Chips won or lost")
        else:
            standing = self._scores_text(event.scores)
        return ["", self.style.bold(head), standing]

    def _standings(self, pool: int | None) -> list[str]:
        """The standings after a settled hand, once (``pool``: the pool after it)."""
        if not self._standings_due:
            return []
        self._standings_due = False
        if self._pool_game:
            if self._hand_chips is None:  # pragma: no cover - a pool hand scores chips
                return ["  " + self._chips_text(self._chips, pool or 0)]
            return [(f"  Chips this hand: {self._chips_list(self._hand_chips)}; so far: "
                     f"{self._chips_list(self._chips)}; pool {pool or 0}.")]
        return ["  " + self._scores_text(self._scores)]

    def _chips_list(self, chips: Sequence[int]) -> str:
        return ", ".join(f"{self.who(s)} {n:+d}" for s, n in enumerate(chips))

    def _chips_text(self, chips: Sequence[int], pool: int, label: str = "Chips so far") -> str:
        return f"{label}: {self._chips_list(chips)}; pool {pool}."

    def _scores_text(self, scores: Sequence[int]) -> str:
        text = ", ".join(f"{self._side_name(i)} {n}" for i, n in enumerate(scores))
        bidding = self.variant.bidding
        if bidding is not None and bidding.finish == "hands":
            return f"Scores: {text} ({_count(bidding.finish_hands or 0, 'hand')} in all)."
        target = self.variant.scoring.target if bidding is None else bidding.target
        return f"Scores: {text} (target {target})."


def _standing(name: str, values: Sequence[int] | None, count: int, per: str, *,
              minimum: int | None) -> list[int]:
    """Starting standings: ``values`` checked (one int per ``per``), or zeros."""
    if values is None:
        return [0] * count
    numbers = list(values) if not isinstance(values, str) else []
    bad = (len(numbers) != count or any(type(x) is not int for x in numbers)
           or (minimum is not None and any(x < minimum for x in numbers)))
    if bad:
        least = f" from {minimum}" if minimum is not None else ""
        raise InvalidArgumentError(
            f"{name}={values!r}: the starting {name} are one int{least} per {per} "
            f"({count} {per}s)")
    return numbers


def narrate(events: Iterable[AnyEvent], *, variant: Variant, players: int,
            seat: int | None = None, style: Style = PLAIN) -> list[str]:
    """Events told in words: a new :class:`Narrator`'s :meth:`~Narrator.lines`.

    Args:
        events: events from the start of a hand or game, in order.
        variant: the rules.
        players: the number of seats.
        seat: narrate to this seat (masked with ``seen_by``), or ``None`` for the whole
            truth.
        style: how to print cards.

    Returns:
        The lines, without line ends.

    >>> import trumpfamily as tf
    >>> from trumpfamily.narrate import narrate
    >>> state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    >>> for line in narrate(state.events, variant=tf.SPOIL_FIVE, players=3, seat=2):
    ...     print(line)
    <BLANKLINE>
    Hand: P0 deals, 3 players.
      Your hand: JD 4C AH AS 6S
      Turn-up 9S: spades are trumps.
    """
    return Narrator(variant, players, seat=seat, style=style).lines(events)
