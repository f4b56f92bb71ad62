"""The values the hand engine hands out: phases, tricks, outcomes and seat views.

These are plain immutable values (RULES.md §1.3, §1.6, §1.7, §2.3, §2.4); the engine that
produces them is :mod:`trumpfamily.engine`.
"""

from __future__ import annotations

import enum
from typing import Final, NamedTuple, TypeAlias

import attrs

from .actions import Action
from .cards import Card, Suit
from .variants import Variant

__all__ = [
    "HAND_SIZE",
    "AnyView",
    "Barred",
    "BiddingView",
    "GameContext",
    "HandOutcome",
    "Phase",
    "SeatView",
    "Trick",
    "Turn",
]

#: Cards dealt to each seat, and tricks in a hand, in every member of the family (RULES.md §1.1).
HAND_SIZE: Final = 5


class Phase(enum.StrEnum):
    """What the hand is waiting for. The value is a plain string (``Phase.PLAY == "play"``).

    * ``ROB``: a rob before the lead: the dealer with an Ace or a joker turned up, or, with
      ``rob_timing="before-lead"``, every seat in turn from eldest, each answering
      ``Pass()`` or, the holder of the Ace of trumps, ``Rob`` (RULES.md §1.5).
    * ``FIVE``: two players with fiving: eldest asks to five or passes (only where a rob
      prompt could otherwise come first), or the dealer answers ``AskFive()``
      (§2.1.7 (6)).
    * ``PLAY``: a card to play (with the holder's rob or announcement at his first turn
      under ``rob_timing="own-first-turn"``).
    * ``CLAIM``: the winner of the first three tricks claims or jinks (§1.6).
    * ``OVER``: the hand is over; :attr:`HandState.outcome` is set.

    The bidding games (BIDDING.md; :class:`~trumpfamily.bidding.engine.BiddingHand`) add
    four phases before ``PLAY``, in this order (§3.4):

    * ``AUCTION``: a seat bids (``Bid``) or passes (``Pass()``) (§2.3, §3.3).
    * ``TRUMP``: the auction winner names trumps (``NameTrump``).
    * ``KITTY``: the auction winner, holding the kitty, discards (``Discard``) (§3.4 K4).
      Under ``trump_before_kitty=False`` this comes before ``TRUMP``.
    * ``DRAW``: a seat discards before drawing from the stock (``Discard``), or the dealer
      robbing the pack takes his replacements (``Take``) (§3.4 K6-K9).
    """

    ROB = "rob"
    FIVE = "five"
    PLAY = "play"
    CLAIM = "claim"
    OVER = "over"
    AUCTION = "auction"
    TRUMP = "trump"
    KITTY = "kitty"
    DRAW = "draw"


@attrs.frozen
class Trick:
    """A completed trick.

    Attributes:
        cards: the cards in play order, lead first (one per seat).
        leader: the seat that led.
        winner: the seat that won it (RULES.md §1.3).
    """

    cards: tuple[Card, ...]
    leader: int
    winner: int

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in play order."""
        n = len(self.cards)
        return tuple((self.leader + i) % n for i in range(n))

    def _repr_svg_(self) -> str:
        """The trick as a picture, for Jupyter (:func:`trumpfamily.svg.trick`)."""
        from ._svgdraw import trick_picture

        return trick_picture(self.cards, self.leader, self.winner)


@attrs.frozen
class Barred:
    """A seat that may not win the pool this deal, and why.

    Attributes:
        seat: the barred seat.
        reason: the rule, with its source.
    """

    seat: int
    reason: str


@attrs.frozen
class HandOutcome:
    """The result of a finished hand (RULES.md §1.6, §1.7, §2.3, §2.4).

    Sides are the partnerships of ``Table.sides`` (seat ``i`` plays for side ``i % k`` of
    ``k``, so the sides' seats alternate round the table); without
    partnerships each seat is its own side and side ``i`` is seat ``i``.

    Attributes:
        scoring: ``"pool"`` or ``"points"``.
        sides: the seats of each side.
        tricks: tricks won per seat (tuple of length ``players``).
        side_tricks: tricks won per side.
        tricks_played: completed tricks (fewer than 5 when play stopped early).
        tricks_needed: tricks that win the pool (pool games), else ``None``.
        winner: the side that takes the pool (== the seat without partnerships), or
            ``None`` for a spoil and in points games. A side whose every seat is barred
            takes nothing, even when its tricks ended the hand (a bar that was a silent
            holder's secret until then, settled by
            :func:`~trumpfamily.scoring.pool_winner`; EX-51).
        winner_seats: the seats that share the pool (the winning side's seats that are not
            barred); ``()`` when nobody wins.
        spoil: pool games: nobody took the pool, so it carries (EX-58, EX-61).
        claimed: a side claimed after three tricks (EX-59): the winner, or, if every seat
            of it is barred, nobody (``winner`` ``None``, a spoil).
        jink_tried: somebody jinked (led to trick 4 after winning the first three).
        jink_succeeded: the jinker's side won all five tricks and takes the pool (EX-60).
        points: points games: points per seat (5 a trick, the best-trump trick double;
            EX-70 to EX-72), else ``None``.
        side_points: points games: points per side, including the ``five_tricks="bonus"``
            extra 10 (which is not in ``points``), else ``None``.
        best_trump: the highest trump played, when it earns the bonus, else ``None``. In
            the bidding games also when its bonus is forfeited (``bonus_forfeited``).
        best_trump_trick: the index of the trick holding it, else ``None``.
        all_five: the side that took all five tricks, else ``None``.
        barred: the seats barred from the pool this deal, with the reason (EX-51).
        chips: pool games played as part of a game: net chips per seat from this hand
            (its ante paid, negative, plus the pool won and jink payments); ``None`` for a
            hand played on its own (:attr:`HandState.outcome`), which knows no pool.
        complete: ``False`` only for the last hand of a points game that a side won in
            the middle of it (``target_tie="first-to-reach"``): then ``points`` and
            ``side_points`` count the tricks taken so far, 5 each, without bonuses.
        bidder: the bidding games (``scoring="bidding"``): the seat that won the auction,
            else ``None`` (also when everybody passed and the hand was thrown in).
        bid: the bidding games: the contract, points (60 for the bid above the ladder),
            else ``None``.
        bid_kind: the bidding games: what the contract is, ``"bid"`` on the ladder, else
            the extra bid's name (``"slam"``, ``"thirty-for-sixty"``, ``"moon"`` or
            ``"sixty"``: :data:`~trumpfamily.bidding.component.ContractKind`), which ``bid`` (60
            for each) does not tell; ``None`` without a contract.
        made: the bidding games: whether the bidding side made its bid, else ``None``.
        gains: the bidding games: the change to each side's score (BIDDING.md §3.6: the
            bidders score what they took, or lose the bid; the defenders keep what they
            took, near-end limits apart), else ``None``.
        thrown_in: the bidding games: everybody passed and the hand was thrown in
            (``all_pass="redeal-next"`` or ``"redeal-same"``; no card was played).
        bonus_forfeited: the bidding games: the best-trump bonus of the trick
            ``best_trump_trick`` was lost to ``bonus_cutoff`` (a side starting the hand on
            85 or more in IMP-110a, BIDDING.md §5.6 B12): nobody scored it, and
            ``points`` and ``side_points`` leave it out.

    In the bidding games ``scoring`` is ``"bidding"``; ``points`` are the points each seat
    took (5 a trick, 5 more for the trick holding the highest trump played unless
    ``bonus_cutoff`` took it away), ``side_points`` the same per side, and ``gains`` what
    the game adds to the scores; ``winner`` is ``None`` (a game decides who wins), and
    ``best_trump`` and ``best_trump_trick`` name the trick that holds the highest trump
    played: it carried the bonus, unless ``bonus_forfeited`` says it was lost.

    >>> import trumpfamily as tf
    >>> deck = tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, turn_up="2H",
    ...                        hands={0: "5H 2C 2D 3D KS", 1: "3H KC KD QD 4S"})
    >>> state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, deck=deck)
    >>> for card in tf.parse_cards("5H 3H 2C KC KD 2D QD 3D 4S KS"):
    ...     state = state.apply(tf.Play(card))
    >>> out = state.outcome  # EX-70: two 15s, the Five of Hearts' trick counts double
    >>> out.tricks, out.points, out.best_trump, out.best_trump_trick
    ((2, 3), (15, 15), Card.parse('5H'), 0)
    """

    scoring: str
    sides: tuple[tuple[int, ...], ...]
    tricks: tuple[int, ...]
    side_tricks: tuple[int, ...]
    tricks_played: int
    tricks_needed: int | None
    winner: int | None
    winner_seats: tuple[int, ...]
    spoil: bool
    claimed: bool
    jink_tried: bool
    jink_succeeded: bool
    points: tuple[int, ...] | None
    side_points: tuple[int, ...] | None
    best_trump: Card | None
    best_trump_trick: int | None
    all_five: int | None
    barred: tuple[Barred, ...]
    chips: tuple[int, ...] | None = None
    complete: bool = True
    bidder: int | None = None
    bid: int | None = None
    made: bool | None = None
    bid_kind: str | None = None
    gains: tuple[int, ...] | None = None
    thrown_in: bool = False
    bonus_forfeited: bool = False


class Turn(NamedTuple):
    """One action of a hand's history as a seat sees it (:attr:`SeatView.history`).

    Attributes:
        seat: the seat that acted.
        action: the action, or ``None`` when it was a face-down choice this seat may not
            see (another seat's ``Rob`` discard, or the dealer's discard for a turned-up
            joker).
        kind: the action's type name (``"Play"``, ``"Rob"``...), shown even when
            ``action`` is hidden.
    """

    seat: int
    action: Action | None
    kind: str


class GameContext(NamedTuple):
    """The game around a hand, as every seat sees it (:attr:`SeatView.game`; RULES.md
    §1.7, §2.3, §2.4).

    Attributes:
        hand_number: the number of this hand in the game (1 for the first).
        hands_left: with a ``hands`` limit, the hands still to be dealt after this one,
            else ``None``.
        scores: points games: points per side, before this hand's tricks are counted;
            ``None`` in pool games.
        target: points games: the points that win the game; ``None`` in pool games.
        chips: pool games: net chips per seat (antes paid are negative); ``None`` in
            points games.
        pool: pool games: the chips in the pool now; ``None`` in points games.
    """

    hand_number: int
    hands_left: int | None
    scores: tuple[int, ...] | None
    target: int | None
    chips: tuple[int, ...] | None
    pool: int | None


class SeatView(NamedTuple):
    """What one seat may see of a hand (see :meth:`HandState.view`).

    Nothing here reveals another seat's cards or another seat's face-down discard: only
    this seat's hand (and, if it robbed, its own discard; if it is the dealer and took a
    turned-up joker, its discard for that), the turn-up (unless robbed),
    the cards played and the public facts. ``turn_up`` is the turn-up while it lies on
    the table; ``turned_up`` adds the card that was turned for trumps, which the
    whole table saw when it was turned (so after a rob everyone knows the robber holds
    it).

    Attributes:
        seat: the seat whose view this is.
        players: the number of seats.
        dealer: the dealer's seat (eldest is ``dealer + 1``).
        variant: the rules.
        phase: the current :class:`Phase`.
        to_act: the seat whose turn it is, ``None`` when the hand is over.
        trump: the trump suit; ``None`` only while a turned-up joker waits for the
            dealer's discard, before the next card is turned (RULES.md §1.5, EX-53).
        turn_up: the turned-up card while it lies on the table, ``None`` once it has
            been robbed into a hand (:attr:`turned_up` keeps the card). Unlike
            :attr:`HandState.turn_up <trumpfamily.engine.HandState.turn_up>`, which still
            reports the card after a rob.
        hand: this seat's cards.
        current_trick: the cards played to the current trick, lead first.
        leader: the seat that led (or will lead) the current trick.
        tricks: the completed tricks (cards, leader, winner).
        trick_counts: tricks won per seat.
        sides: the seats of each side.
        legal_actions: this seat's legal actions if it is its turn, else ``()``.
        robbed_by: the seat that robbed the turn-up, if any (the dealer taking a turned-up
            joker is not a rob: see ``my_joker_discard``).
        announced: the seat that declined to rob (``DeclineRob``), if any.
        demoted: the Ace of trumps when a penalty made it the lowest trump, else ``None``.
            A holder who forgot to rob (no ``Rob``, no ``DeclineRob``) is the only one
            who sees it until the Ace is played.
        barred: seats barred from the pool this deal, with the reason. A holder who
            forgot to rob is the only one who sees his entry until the Ace is played or
            the hand is over.
        jinker: the side that is jinking, else ``None``.
        fived: cards turned up and set aside by fiving, in order.
        tricks_needed: tricks that win the pool (pool games), else ``None``.
        turned_up: the card turned up for trumps (after a turned-up joker, the card
            turned after it; after fiving, the new one), shown even once it is robbed,
            when :attr:`turn_up` is ``None``.
        my_discard: this seat's own face-down discard if it robbed, else ``None``.
        my_joker_discard: the dealer's own face-down discard for a turned-up joker, in
            the dealer's view only (RULES.md §2.8, EX-53), else ``None``.
        history: every action of this hand so far, in order, as :class:`Turn` values, with
            what this seat may not see masked.
        game: the game around this hand (:class:`GameContext`: hand number, scores or
            chips and pool, target) when the view comes from a
            :class:`~trumpfamily.game.GameState`; ``None`` for a hand played on its own.
        commitment: the deal commitment published to every seat when the hand was dealt
            with one (:attr:`HandState.commitment
            <trumpfamily.engine.HandState.commitment>`; keep it, to check the record
            after the hand), else ``None``.
    """

    seat: int
    players: int
    dealer: int
    variant: Variant
    phase: Phase
    to_act: int | None
    trump: Suit | None
    turn_up: Card | None
    hand: tuple[Card, ...]
    current_trick: tuple[Card, ...]
    leader: int
    tricks: tuple[Trick, ...]
    trick_counts: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    legal_actions: tuple[Action, ...]
    robbed_by: int | None
    announced: int | None
    demoted: Card | None
    barred: tuple[Barred, ...]
    jinker: int | None
    fived: tuple[Card, ...]
    tricks_needed: int | None
    turned_up: Card
    my_discard: Card | None
    my_joker_discard: Card | None
    history: tuple[Turn, ...] = ()
    game: GameContext | None = None
    commitment: str | None = None

    def _repr_svg_(self) -> str:
        """The view as a picture, for Jupyter (:func:`trumpfamily.svg.view`: only what
        this seat may see, its legal cards outlined)."""
        from ._svgdraw import view_picture

        return view_picture(self)


class BiddingView(NamedTuple):
    """What one seat may see of a bidding hand (see :meth:`BiddingHand.view
    <trumpfamily.bidding.engine.BiddingHand.view>`; BIDDING.md).

    The fields a bidding hand shares with a turn-up hand have the names and meanings of
    :class:`SeatView`'s, so a bot may read ``hand``, ``trump``, ``current_trick``,
    ``legal_actions``... from either. Nothing here reveals a card this seat may not see:
    its own hand (the extra cards of ``extra_cards`` only once trumps are named), the
    kitty only to the auction winner once he has taken it, the stock only to the dealer
    robbing the pack while he picks from it (``pack``); of the other seats' discards and
    draws only how many cards (``discarded``, ``drawn``), never which.

    Attributes:
        seat: the seat whose view this is.
        players: the number of seats.
        dealer: the dealer's seat (eldest, ``dealer + 1``, speaks first).
        variant: the rules.
        phase: the current :class:`Phase`: ``AUCTION``, ``TRUMP``, ``KITTY``, ``DRAW``,
            ``PLAY`` or ``OVER``.
        to_act: the seat whose turn it is, ``None`` when the hand is over.
        trump: the trump suit once named, else ``None``.
        hand: this seat's cards.
        current_trick: the cards played to the current trick, lead first.
        leader: the seat that led (or will lead) the current trick; before the play, the
            seat that will lead to the first trick once it is known, else eldest.
        tricks: the completed tricks.
        trick_counts: tricks won per seat.
        sides: the seats of each side.
        legal_actions: this seat's legal actions if it is its turn, else ``()``.
        auction: the calls of the auction so far, in order, as :class:`Turn` values
            (``Bid`` or ``Pass``); a dealer's ``Bid`` at the standing amount is his hold.
        high_bid: the standing bid (after the auction, the contract), else ``None``.
        high_bidder: the seat holding it, else ``None``.
        passed: the seats that have passed, in seat order (a pass is final).
        bidder: the seat that won the auction, once it is over; ``None`` before, or when
            everybody passed and the hand was thrown in.
        contract: the winning bid, points, once the auction is over, else ``None``.
        bagged: the dealer was forced to take the contract (``all_pass="bag-dealer"``).
        contract_kind: what the contract is, once the auction is over: ``"bid"`` on the
            ladder, else the extra bid's name (``"slam"``, ``"thirty-for-sixty"``,
            ``"moon"`` or ``"sixty"``: :data:`~trumpfamily.bidding.component.ContractKind`), which
            ``contract`` (60 for each) does not tell; else ``None``.
        kitty_size: the cards dealt to the kitty (option ``kitty``).
        kitty: the kitty's cards, for the auction winner once he has taken it; ``()``
            for every other seat, and before.
        discarded: for each seat, how many cards it has put face down (the bidder's
            kitty discard included), or ``None`` before it has discarded (and, under
            ``draw_order="simultaneous"``, until every seat has discarded).
        drawn: for each seat, how many cards it has drawn from the stock, or ``None``
            before it has been served.
        my_discards: this seat's own face-down discards, in card-id order.
        stock_size: the cards left in the stock (anyone may count them).
        pack: for the dealer robbing the pack (option ``rob_pack``) while he picks his
            replacements, the stock's cards in card-id order; ``()`` otherwise.
        history: every action of this hand so far, as :class:`Turn` values, with the
            other seats' discards and takes masked (``action`` is ``None``).
        game: the game around this hand (:class:`GameContext`: hand number, scores,
            target) when the view comes from a :class:`~trumpfamily.game.GameState`;
            ``None`` for a hand played on its own.
        commitment: the deal commitment, when the hand was dealt with one, else ``None``.
    """

    seat: int
    players: int
    dealer: int
    variant: Variant
    phase: Phase
    to_act: int | None
    trump: Suit | None
    hand: tuple[Card, ...]
    current_trick: tuple[Card, ...]
    leader: int
    tricks: tuple[Trick, ...]
    trick_counts: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    legal_actions: tuple[Action, ...]
    auction: tuple[Turn, ...]
    high_bid: int | None
    high_bidder: int | None
    passed: tuple[int, ...]
    bidder: int | None
    contract: int | None
    bagged: bool
    contract_kind: str | None
    kitty_size: int
    kitty: tuple[Card, ...]
    discarded: tuple[int | None, ...]
    drawn: tuple[int | None, ...]
    my_discards: tuple[Card, ...]
    stock_size: int
    pack: tuple[Card, ...]
    history: tuple[Turn, ...] = ()
    game: GameContext | None = None
    commitment: str | None = None

    def _repr_svg_(self) -> str:
        """The view as a picture, for Jupyter (:func:`trumpfamily.svg.view`: only what
        this seat may see, its legal cards outlined)."""
        from ._svgdraw import view_picture

        return view_picture(self)


#: What a seat sees of any hand: a :class:`SeatView` in the turn-up games, a
#: :class:`BiddingView` in the bidding games.
AnyView: TypeAlias = SeatView | BiddingView
