"""What a seat's view proves about the cards it cannot see (issue 11).

:func:`constraints` reads one :class:`~trumpfamily.outcomes.SeatView` and returns a
:class:`Constraints` value: every *place* an unseen card may lie in (another seat's hand,
a face-down discard, the stock), how many unseen cards each holds, and what the public
history proves about each. A :class:`~trumpfamily.outcomes.BiddingView` is dispatched to
:mod:`trumpfamily.search.bidding_constraints` (the bidding games' places: kitty, extra
cards, discards and draws; the same play proofs).

What a play proves is not re-derived here from the rules' text: a card a seat played had
to be legal for the hand it held then (RULES.md §1.4), so each past play becomes a
:class:`PlayFact` (the trick so far, the card, the cards the seat is known to have held
then, the rules it was judged under), and a hidden hand is consistent exactly when the
library's own decision of legality (:func:`trumpfamily.tables.legal_mask`) accepts every
one of its seat's plays. In this family that proves less than in most trick games:

* a card off the suit led, neither following nor trumping, proves a void in that suit
  (``plain_lead="follow-or-trump"``: trumping a plain lead proves nothing, since a seat
  may trump while holding the suit; RULES.md §1.4.2);
* a card that is no trump, played to a trump lead, proves only that every trump the seat
  held then may renege against the card led (privileged and above it: ``5T``, ``JT``,
  ``AH``, perhaps the joker; a lone one under ``multi_privileged="single"``; §1.4.3,
  §3 rows 4–6), or, with no trump held and ``ah_lead_requires_heart`` on an ``AH`` lead,
  no heart either (§3 row 7);
* a demoted Ace of trumps (an unrobbed Ace, §1.5) has lost any privilege, so a play is
  judged under the rules in force when it was made.

Robbing adds facts about the Ace of trumps (§1.5, §3 rows 9–12): the robber held it (it
is now in his hand, his face-down discard, or played); a seat that declined aloud holds
it; a seat that answered the rob prompt before the lead with ``Pass()`` does not hold it
unless ``holder_rob="may"`` lets the holder keep silent; a seat whose chance passed in
silence may hold it only as a silent holder, whose own plays were then judged with the
Ace demoted (:attr:`Place.ace_silent`), and who is barred from the pool under a
``"cannot-win"`` penalty (:attr:`Constraints.bar_candidates`). His bar is his secret
while the hand runs (nothing the table sees depends on it); once the hand is
over the outcome settles it and every view names him, so he is then the
:attr:`Constraints.public_holder`.

>>> import trumpfamily as tf
>>> from trumpfamily.search import constraints
>>> deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="2S",
...                        hands={0: "9D 4C KH QH JH", 1: "3C KC 7C 2H 6H"})
>>> state = tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, deck=deck)
>>> state = state.apply(tf.Play("9D")).apply(tf.Play("3C"))  # seat 1 discards on a diamond
>>> c = constraints(state.view(0))
>>> hand = c.place("hand", 1)
>>> hand.size, hand.voids
(4, (Suit.DIAMONDS,))
"""

from __future__ import annotations

from typing import Literal, TypeAlias, overload

import attrs

from ..actions import Play
from ..cards import JK, Card, Rank, Suit, canonical
from ..errors import InvalidArgumentError, safe_repr
from ..outcomes import HAND_SIZE, Barred, BiddingView, SeatView
from ..play import mask_table
from ..robbing import unrobbed_penalty
from ..tables import SUITS
from ..variants import Variant
from .bidding_constraints import BiddingConstraints, bidding_constraints
from .proofs import (
    _MAX_ITEMS,
    _MAX_TEXT,
    PlayFact,
    _check_cards,
    _check_common,
    _check_scalar,
    _check_tuple,
    _excluded_by_plays,
    _proves,
    _seat_checker,
    _shape_error,
    _ShapeError,
    _Tester,
)

__all__ = ["Constraints", "Place", "PlaceKind", "PlayFact", "constraints"]

#: The kinds of :class:`Place`: another seat's hidden ``"hand"``, the robber's face-down
#: ``"discard"``, the dealer's face-down ``"joker-discard"`` for a turned-up joker, and the
#: ``"stock"`` (every card nobody has seen and nobody holds).
PlaceKind: TypeAlias = Literal["hand", "discard", "joker-discard", "stock"]



@attrs.frozen
class Place:
    """A place where unseen cards lie, and what the history proves about it.

    Attributes:
        kind: a :data:`PlaceKind`.
        seat: the seat for a ``"hand"``, ``"discard"`` or ``"joker-discard"``; ``None``
            for the ``"stock"``.
        size: how many unseen cards it holds (a hand: its cards the viewer cannot
            place; a discard: 1; the stock: the rest).
        known: cards the viewer knows are in this seat's hand (a robbed turn-up, a
            taken joker); not counted in ``size``.
        excluded: unseen cards that cannot be here (in card-id order): those the plays
            prove absent by themselves, and the Ace of trumps where robbing proves it
            elsewhere. Only a summary: the exact condition is :attr:`plays` together
            (a hand may need a second card to make a play legal, as a lone privileged
            trump does on an ``AH`` lead under ``ah_lead_requires_heart``).
        voids: effective suits a play proved this hand void in (RULES.md §1.4.2), in
            ``C D H S`` order.
        plays: the seat's plays that can prove something (:class:`PlayFact`), in order.
        ace_silent: the seat's chance to rob passed in silence; if it holds the Ace of
            trumps it is the silent holder (its plays judged with the Ace demoted when
            ``unrobbed_ace`` demotes, RULES.md §1.5).
    """

    kind: PlaceKind
    seat: int | None
    size: int
    known: tuple[Card, ...] = ()
    excluded: tuple[Card, ...] = ()
    voids: tuple[Suit, ...] = ()
    plays: tuple[PlayFact, ...] = ()
    ace_silent: bool = False

    @property
    def free(self) -> bool:
        """Whether nothing restricts which unseen cards lie here."""
        return not self.excluded and not self.plays and not self.ace_silent


@attrs.frozen
class Constraints:
    """What a seat's view proves about the cards it cannot see (see :func:`constraints`).

    Attributes:
        seat: the viewer's seat.
        players: the number of seats.
        dealer: the dealer's seat.
        variant: the rules.
        trump: the trump suit, ``None`` while a turned-up joker waits for the dealer.
        unseen: the cards the viewer has not seen and cannot place, in card-id order:
            what the places share out. Cards known to be in a hand (a robbed turn-up,
            a taken joker) are in that place's ``known`` instead.
        places: every :class:`Place`: the other seats' hands in seat order, then the
            robber's discard, the dealer's joker discard (each when the viewer did not
            make it), then the stock. Their sizes add up to ``len(unseen)``.
        ace_of_trumps: the Ace of trumps while its whereabouts matter to robbing (the
            holder robs, and the viewer has not seen it), else ``None``.
        bar_candidates: seats that may be the silent holder of the Ace of trumps under a
            ``"cannot-win"`` penalty while the hand runs (RULES.md §1.5, EX-51): holding
            it bars them from the pool, which nothing shows until the hand is over (then
            the settled bar names the holder in every view), so each is weighed as a
            separate case.
        public_holder: the seat known to have held the Ace of trumps when it was turned
            (it robbed, declined aloud, or played the Ace; or, once the hand is over, its
            silent bar is shown), else ``None``.
        fived: cards turned and set aside by fiving (seen by everyone).
    """

    seat: int
    players: int
    dealer: int
    variant: Variant
    trump: Suit | None
    unseen: tuple[Card, ...]
    places: tuple[Place, ...]
    ace_of_trumps: Card | None
    bar_candidates: tuple[int, ...]
    public_holder: int | None
    fived: tuple[Card, ...]

    def place(self, kind: PlaceKind, seat: int | None = None) -> Place:
        """The place of ``kind`` (and ``seat``).

        Raises:
            InvalidArgumentError: there is no such place in this view (the viewer's own
                hand is not a place: it sees it).
        """
        for p in self.places:
            if p.kind == kind and p.seat == seat:
                return p
        raise InvalidArgumentError(
            f"no place kind={kind!r} seat={seat!r} in seat {self.seat}'s view: the places are "
            + ", ".join(f"({p.kind!r}, {p.seat!r})" for p in self.places))


@attrs.frozen
class _Story:
    """The public history, read once (internal; :mod:`.sampling` uses it too)."""

    plays: tuple[tuple[int, int, Card], ...]  # (history index, seat, card)
    joker_at: int | None  # history index of the dealer's joker exchange
    rob_at: int | None  # history index of the rob (robbed_by)
    rob_passes: tuple[tuple[int, int], ...]  # (history index, seat) of rob-prompt passes
    decline_at: int | None


def check_view(view: object) -> SeatView:
    """``view`` if it is a turn-up game's :class:`SeatView` of the right shape
    (:func:`check_shape`) whose parts agree with each other (:func:`_check_parts`), else a
    clear :class:`InvalidArgumentError`."""
    view = check_shape(view)
    _check_parts(view)
    return view


def check_shape(view: object) -> SeatView:
    """``view`` if it is a :class:`SeatView` each of whose fields has its type and a
    bounded size (cards are :class:`~trumpfamily.cards.Card`, seats and counts ints,
    actions the library's, no list longer than a hand can hold), else a clear
    :class:`InvalidArgumentError`. Linear in the view's size; nothing is hashed or
    printed before it passes (a value nested a million deep cannot even be hashed:
    docs/howto/game-server.rst, "Untrusted input")."""
    if isinstance(view, BiddingView):  # pragma: no cover - the entry points dispatch it
        raise InvalidArgumentError(
            "a BiddingView is read by trumpfamily.search.bidding_constraints, not here")
    if not isinstance(view, SeatView):
        raise InvalidArgumentError(
            "expected a SeatView (HandState.view(seat)) or a BiddingView "
            f"(BiddingHand.view(seat)), got {type(view).__name__}")
    if len(view) != len(SeatView._fields):
        raise InvalidArgumentError("expected a SeatView (HandState.view(seat))")
    try:
        _check_common(view)
        if view.variant.bidding is not None:  # a SeatView is a turn-up game's
            raise _shape_error("variant", view.variant, "a turn-up game's Variant")
        table = view.variant.table
        if not table.min_players <= view.players <= table.max_players:  # before any loop
            raise _inconsistent(  # over the seats; the words of _check_parts
                f"players={safe_repr(view.players)}: {view.variant.name} is played by "
                f"{table.min_players} to {table.max_players} players")
        for name in ("robbed_by", "announced", "jinker", "tricks_needed"):
            _check_scalar(name, getattr(view, name), int)
        for name in ("turn_up", "demoted", "my_discard", "my_joker_discard"):
            _check_scalar(name, getattr(view, name), Card)
        _check_scalar("turned_up", view.turned_up, Card, optional=False)
        _check_cards("fived", view.fived)
        for entry in _check_tuple("barred", view.barred, _MAX_ITEMS, "Barred entries"):
            if (type(entry) is not Barred or type(entry.seat) is not int
                    or type(entry.reason) is not str or len(entry.reason) > _MAX_TEXT):
                raise _shape_error("barred", view.barred, "a tuple of Barred entries")
    except _ShapeError as error:
        raise _inconsistent(str(error)) from None
    return view


def _inconsistent(what: str) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"no deal is consistent with this view: {what} (it is not a view the engine "
        "produced: HandState.view(seat))")


def _check_parts(view: SeatView) -> None:
    """Refuse a view whose seats, cards and history cannot belong to one hand: the seats
    of a table of ``players``, the seat's cards (5 less those it played, RULES.md §1.8),
    no card seen twice. A view that passes may still fit no deal; the sampler finds
    that out by replaying one (:mod:`.sampling`)."""
    variant = view.variant
    table = variant.table
    n = view.players
    if type(n) is not int or not table.min_players <= n <= table.max_players:
        raise _inconsistent(f"players={safe_repr(n)}: {variant.name} is played by "
                            f"{table.min_players} to {table.max_players} players")
    check_seat = _seat_checker(n, _inconsistent)

    check_seat("seat", view.seat)
    check_seat("dealer", view.dealer)
    check_seat("leader", view.leader)
    check_seat("to_act", view.to_act, optional=True)
    check_seat("robbed_by", view.robbed_by, optional=True)
    check_seat("announced", view.announced, optional=True)
    for turn in view.history:
        check_seat("the seat of history turn " + safe_repr(turn), turn.seat)
    if sorted(s for side in view.sides for s in side) != list(range(n)):
        raise _inconsistent(f"sides={safe_repr(view.sides)} do not seat each of the {n} players once")
    if len(view.trick_counts) != n:
        raise _inconsistent(f"trick_counts={safe_repr(view.trick_counts)} has not {n} entries, one "
                            "a seat")
    played = [t.action.card for t in view.history if isinstance(t.action, Play)]
    if view.turned_up is not JK and view.trump is not view.turned_up.suit:
        raise _inconsistent(f"trump={view.trump} but the card turned for trumps is "
                            f"{view.turned_up} (the trump suit is its suit)")
    if view.trump is None and played:
        raise _inconsistent("trump=None (a turned-up joker waiting for the dealer's "
                            "discard) but the history has plays")
    mine = sum(1 for t in view.history if t.seat == view.seat and t.kind == "Play")
    if len(view.hand) != HAND_SIZE - mine:
        raise _inconsistent(
            f"seat {view.seat} holds {len(view.hand)} cards, but a seat holds {HAND_SIZE} "
            f"less the {mine} it has played")
    robs = [t.seat for t in view.history if t.kind == "Rob"]
    if view.robbed_by is not None and robs[-1:] != [view.robbed_by]:
        raise _inconsistent(f"robbed_by={view.robbed_by} but the history has no rob by "
                            f"seat {view.robbed_by} last")
    if view.robbed_by is None and robs not in ([], [view.dealer]):
        raise _inconsistent("the history has a rob but robbed_by is None (only the "
                            "dealer's exchange for a turned-up joker is no rob)")
    if (view.my_discard is not None) != (view.robbed_by == view.seat):
        raise _inconsistent(f"my_discard={view.my_discard} but robbed_by={view.robbed_by}: "
                            "a seat sees its own discard exactly when it robbed")
    took_joker = len(robs) - (view.robbed_by is not None) == 1
    if (view.my_joker_discard is not None) != (took_joker and view.dealer == view.seat):
        raise _inconsistent(f"my_joker_discard={view.my_joker_discard}: the dealer sees "
                            "his own discard exactly when he took a turned-up joker")
    held = {*view.hand, *(c for t in view.history if t.seat == view.seat
                          and isinstance(t.action, Play) for c in (t.action.card,))}
    if view.robbed_by == view.seat and view.turned_up not in {*held, view.my_discard}:
        raise _inconsistent(f"seat {view.seat} robbed {view.turned_up} but neither holds "
                            "nor played nor discarded it")
    if took_joker and view.dealer == view.seat and JK not in held:
        raise _inconsistent(f"seat {view.seat} took the turned-up joker but neither holds "
                            "nor played it")
    deck = set(variant.ranking.deck())
    extras = [c for c in (view.my_discard, view.my_joker_discard) if c is not None]
    seen = [*view.hand, *played, *view.fived, *extras]
    if (view.robbed_by is None or view.turned_up in view.fived
            or view.turned_up == view.my_joker_discard):  # the turn-up still lies on the table
        seen.append(view.turned_up)
    for card in seen:
        if card not in deck:
            raise _inconsistent(f"{card} is not a card of {variant.name}'s deck")
    if len(set(seen)) != len(seen):
        twice = sorted({c for c in seen if seen.count(c) > 1}, key=lambda c: c.index)
        raise _inconsistent(
            f"{' '.join(map(str, twice))} seen in two places (the seat's hand, the cards "
            "played, fived, discarded and turned up are distinct cards)")


def read_story(view: SeatView) -> _Story:
    """Sort the view's history into plays, robs and rob-prompt passes."""
    plays: list[tuple[int, int, Card]] = []
    robs: list[int] = []
    passes: list[tuple[int, int]] = []
    decline_at = None
    robbing = view.variant.robbing
    eldest = (view.dealer + 1) % view.players
    five_prompt = (
        view.players == 2 and view.variant.table.fiving and robbing.robbing
        and robbing.rob_timing == "before-lead"
    )
    for i, turn in enumerate(view.history):
        kind = turn.kind
        if kind == "Play":
            assert isinstance(turn.action, Play)
            plays.append((i, turn.seat, turn.action.card))
        elif kind == "Rob":
            robs.append(i)
        elif kind == "Pass":
            if i == 0 and five_prompt and turn.seat == eldest:
                continue  # eldest's answer to the fiving prompt (engine: Phase.FIVE)
            passes.append((i, turn.seat))
        elif kind == "DeclineRob":
            decline_at = i
    joker_at = rob_at = None
    if view.robbed_by is None:
        joker_at = robs[0] if robs else None
    else:
        rob_at = robs[-1]
        joker_at = robs[0] if len(robs) == 2 else None
    return _Story(tuple(plays), joker_at, rob_at, tuple(passes), decline_at)


@overload
def constraints(view: SeatView) -> Constraints: ...
@overload
def constraints(view: BiddingView) -> BiddingConstraints: ...
def constraints(view: SeatView | BiddingView) -> Constraints | BiddingConstraints:
    """What the public history of ``view`` proves about the cards its seat cannot see.

    A :class:`~trumpfamily.outcomes.BiddingView` is read by
    :func:`~trumpfamily.search.bidding_constraints.bidding_constraints` (a
    :class:`~trumpfamily.search.bidding_constraints.BiddingConstraints`).

    Args:
        view: a :class:`~trumpfamily.outcomes.SeatView` of a turn-up game
            (``HandState.view(seat)``, or a game's view; ``game`` is not read).

    Returns:
        The :class:`Constraints`: the unseen cards, and each place they may lie in with
        its size, known cards, exclusions, voids and play facts (RULES.md §1.4 for plays,
        §1.5 for robbing, §2.1.7 (6) for fiving).

    Raises:
        InvalidArgumentError: ``view`` is not a view at all, or its
            parts cannot belong to one hand (a seat off the table, a hand of the wrong
            size, a card in two places, a rob the history lacks; the message names it).
    """
    if isinstance(view, BiddingView):
        return bidding_constraints(view)
    view = check_view(view)
    story = read_story(view)
    variant, n, me, dealer = view.variant, view.players, view.seat, view.dealer
    trump = view.trump
    robbing = variant.robbing
    turned_up = view.turned_up
    joker_taken = story.joker_at is not None
    robber = view.robbed_by

    played: dict[int, list[Card]] = {s: [] for s in range(n)}
    for _, seat, card in story.plays:
        played[seat].append(card)
    played_set = {c for _, _, c in story.plays}

    # cards known to be in a seat's hand (the viewer's own hand apart)
    known: dict[int, list[Card]] = {s: [] for s in range(n)}
    if joker_taken and dealer != me and JK not in played_set:
        known[dealer].append(JK)
    if robber is not None and robber != me and turned_up not in played_set:
        known[robber].append(turned_up)

    seen: set[Card] = set(view.hand) | played_set | set(view.fived) | {turned_up}
    if view.turn_up is not None:
        seen.add(view.turn_up)
    for extra in (view.my_discard, view.my_joker_discard):
        if extra is not None:
            seen.add(extra)
    if joker_taken:
        seen.add(JK)
    deck = variant.ranking.deck()
    unseen = tuple(sorted((c for c in deck if c not in seen), key=lambda c: c.index))
    unseen_set = set(unseen)

    # -- robbing: where the Ace of trumps may be (RULES.md §1.5) -----------------------
    ace: Card | None = None
    holder_kind = (
        robbing.robbing and trump is not None and turned_up.rank is not Rank.ACE
        and turned_up is not JK
    )
    if holder_kind:
        assert trump is not None
        ace = canonical(Rank.ACE, trump)
    public_holder: int | None = None
    decliner = view.announced if holder_kind else None
    if holder_kind and robber is not None:
        public_holder = robber
    elif decliner is not None:
        public_holder = decliner
    ace_player = next((s for _, s, c in story.plays if c is ace), None)
    if holder_kind and public_holder is None and ace_player is not None:
        public_holder = ace_player  # he held it; his chance passed in silence
    if holder_kind and public_holder is None and view.to_act is None:
        # the hand is over: the outcome settled a silent holder's bar and shows it
        shown = [b.seat for b in view.barred if b.seat != view.announced]
        if shown:
            public_holder = shown[0]
    before_lead = robbing.rob_timing == "before-lead"
    # where each seat's chance to rob passed without a word (history index)
    chance_at: dict[int, int] = {}
    if holder_kind:
        if before_lead:
            for i, seat in story.rob_passes:
                chance_at.setdefault(seat, i)
        else:
            for i, seat, _ in story.plays:
                chance_at.setdefault(seat, i)
    # the demotion in force from a history index on, when it is public
    demote_from: int | None = None
    if holder_kind and ace is not None:
        if decliner is not None and unrobbed_penalty(robbing, announced=True)[0]:
            demote_from = story.decline_at
        elif (
            public_holder is not None and robber is None and decliner is None
            and unrobbed_penalty(robbing, announced=False)[0]
        ):
            demote_from = chance_at.get(public_holder)
    ace_hidden = ace is not None and ace in unseen_set

    # -- the places --------------------------------------------------------------------
    places: list[Place] = []
    bar: list[int] = []
    pool = variant.scoring.scoring == "pool"
    silent_demotes = unrobbed_penalty(robbing, announced=False)[0]
    bars = unrobbed_penalty(robbing, announced=False)[1]
    for s in range(n):
        if s == me:
            continue
        size = HAND_SIZE - len(played[s]) - len(known[s])
        excluded: set[Card] = set()
        ace_silent = False
        if ace_hidden:
            assert ace is not None
            if public_holder is not None and public_holder != s:
                excluded.add(ace)
            elif public_holder is None:
                passed = any(seat == s for _, seat in story.rob_passes)
                if passed and robbing.holder_rob != "may":
                    excluded.add(ace)  # the holder may not pass in silence
                elif s in chance_at:
                    ace_silent = True
                    if pool and bars:
                        bar.append(s)
        facts: list[PlayFact] = []
        voids: set[int] = set()
        mine = [(i, c) for i, seat, c in story.plays if seat == s]
        for k, (i, card) in enumerate(mine):
            j = next(x for x, (hi, _, _) in enumerate(story.plays) if hi == i)
            pos = j % n
            if pos == 0:
                continue
            before = tuple(c for _, _, c in story.plays[j - pos : j])
            assert trump is not None
            demoted = ace if demote_from is not None and i >= demote_from else None
            m = mask_table(variant, trump, demoted)
            useful, text, void = _proves(card, before, m)
            if not useful:
                continue
            if void is not None:
                voids.add(void)
            held = (card, *(c for _, c in mine[k + 1 :]), *known[s])
            facts.append(PlayFact(s, j // n + 1, card, before, held, demoted, text))
        if facts:
            silent_ace = ace if ace_silent and silent_demotes else None
            tester = _Tester(variant, trump, facts, silent_ace)
            excluded |= _excluded_by_plays(tester, size, unseen, silent_ace)
        places.append(Place(
            "hand", s, size, tuple(known[s]),
            tuple(sorted(excluded & unseen_set, key=lambda c: c.index)),
            tuple(SUITS[v] for v in sorted(voids)), tuple(facts), ace_silent,
        ))
    if robber is not None and robber != me:
        excluded = set()
        if ace_hidden and public_holder != robber:
            excluded.add(ace)  # type: ignore[arg-type]
        places.append(Place("discard", robber, 1, excluded=tuple(excluded)))
    if joker_taken and dealer != me:
        excluded = set()
        if ace_hidden and public_holder is not None:
            excluded.add(ace)  # type: ignore[arg-type]
        places.append(Place("joker-discard", dealer, 1, excluded=tuple(excluded)))
    rest = len(unseen) - sum(p.size for p in places)
    stock_excluded: tuple[Card, ...] = ()
    if ace_hidden and public_holder is not None:
        stock_excluded = (ace,)  # type: ignore[assignment]
    places.append(Place("stock", None, rest, excluded=stock_excluded))
    if any(p.size < 0 for p in places):  # pragma: no cover - a view the engine never makes
        raise InvalidArgumentError(f"seat {me}'s view is not one the engine can produce")
    return Constraints(
        seat=me, players=n, dealer=dealer, variant=variant, trump=trump, unseen=unseen,
        places=tuple(places), ace_of_trumps=ace if ace_hidden else None,
        bar_candidates=tuple(bar), public_holder=public_holder, fived=view.fived,
    )
