"""Helpers for the engine tests: stacked deals, playing given cards, finding a line of play
that produces given trick winners, and the invariants every hand state must keep.

Built only from the public API (``import trumpfamily as tf``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import trumpfamily as tf


def deal(
    variant: Any,
    *,
    players: int,
    dealer: int,
    hands: Mapping[int, str],
    turn_up: str,
    stock: str = "",
) -> tf.HandState:
    """A hand dealt from a stacked deck (see ``tf.stacked_deck``)."""
    deck = tf.stacked_deck(
        variant, players=players, dealer=dealer, hands=hands, turn_up=turn_up, stock=stock
    )
    return tf.new_hand(variant, players=players, dealer=dealer, deck=deck)


def pass_prompts(state: tf.HandState) -> tf.HandState:
    """Apply ``Pass()`` while it is the only legal action: the seats without the Ace of
    trumps answering the round of rob prompts before the lead (RULES.md §1.5)."""
    while state.legal_actions() == (tf.Pass(),):
        state = state.apply(tf.Pass())
    return state


def play(state: tf.HandState, cards: str) -> tf.HandState:
    """Apply ``Play`` for each card, in order (each must be legal), first passing any rob
    prompt that offers nothing else (:func:`pass_prompts`)."""
    for card in tf.parse_cards(cards):
        state = pass_prompts(state).apply(tf.Play(card))
    return state


def find_line(
    state: tf.HandState, winners: Sequence[int], *, budget: int = 200_000
) -> list[Any] | None:
    """Plays (``Play`` actions only) that make ``winners`` win the next tricks in order, or
    ``None`` if none is found within ``budget`` nodes. Stops after the last trick given."""
    nodes = 0
    target = len(state.tricks) + len(winners)

    def search(st: tf.HandState) -> list[Any] | None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return None
        done = len(st.tricks)
        if done and st.tricks[-1].winner != winners[done - 1 - (target - len(winners))]:
            return None
        if done == target:
            return []
        if st.is_over:
            return None
        for action in st.legal_actions():
            if not isinstance(action, tf.Play):
                continue
            rest = search(st.apply(action))
            if rest is not None:
                return [action, *rest]
        return None

    return search(state)


def cards_in_places(state: tf.HandState) -> list[Any]:
    """Every card of the deal by place: hands, tricks, current trick, the face-down discards
    (the robber's, and the dealer's for a turned-up joker), turn-up (if not robbed), a
    turned joker not yet taken, fived cards, stock."""
    cards: list[Any] = [c for hand in state.hands for c in hand]
    cards += [c for trick in state.tricks for c in trick.cards]
    cards += list(state.current_trick)
    if state.discard is not None:
        cards.append(state.discard)
    if state.joker_discard is not None:
        cards.append(state.joker_discard)
    held = {c for hand in state.hands for c in hand}
    played = {c for trick in state.tricks for c in trick.cards} | set(state.current_trick)
    if state.turn_up not in held and state.turn_up not in played and state.turn_up != state.discard:
        cards.append(state.turn_up)
    cards += list(state.fived)
    cards += list(state.stock)
    if tf.JK in state.deck and tf.JK not in cards:
        assert not state.actions, "only a turned-up joker before the dealer takes it is nowhere"
        cards.append(tf.JK)
    return cards


def check_invariants(state: tf.HandState) -> None:
    """The per-action invariants of issue 3 for one hand state."""
    # each card is in exactly one place
    places = cards_in_places(state)
    assert len(places) == len(state.deck) == len(set(places)), "a card is in two places"
    assert set(places) == set(state.deck), "a card is missing"
    # legal actions are never empty while the hand is running (PITFALLS 11)
    legal = state.legal_actions()
    assert state.is_over == (not legal)
    assert state.is_over == (state.to_act is None)
    # trick counts
    assert sum(state.trick_counts) == len(state.tricks) <= 5
    for seat, hand in enumerate(state.hands):
        played = sum(1 for t in state.tricks for s in t.seats if s == seat)
        played += sum(
            1 for i in range(len(state.current_trick)) if (state.leader + i) % state.players == seat
        )
        assert len(hand) + played == 5, (seat, hand, played)
    # views never show another seat's cards or discard; the turned-up card is public (the
    # whole table saw it turned), so everyone may know that the robber holds it
    robbed_card = state.turn_up if state.robbed_by is not None else None
    for seat in range(state.players):
        view = state.view(seat)
        assert len(view) == len(tf.SeatView._fields)
        assert view.hand == state.hands[seat]
        assert view.turned_up == state.turn_up
        assert view.turn_up in (state.turn_up, None)
        others = {c for s, h in enumerate(state.hands) if s != seat for c in h} - {robbed_card}
        visible = (
            set(view.hand) | set(view.current_trick) | {c for t in view.tricks for c in t.cards}
        )
        visible |= set(view.fived) | {view.turned_up}
        assert not visible & others, (seat, visible & others)
        mine = state.discard if seat == state.robbed_by else None
        assert view.my_discard == mine
        if state.discard is not None and mine is None:
            assert state.discard not in visible and f"'{state.discard}'" not in repr(view)
        # the dealer's discard for a turned-up joker is face down too (EX-53)
        joker_mine = state.joker_discard if seat == state.dealer else None
        assert view.my_joker_discard == joker_mine
        if state.joker_discard is not None and joker_mine is None:
            assert state.joker_discard not in visible
            assert f"'{state.joker_discard}'" not in repr(view)
        assert view.legal_actions == (legal if seat == state.to_act else ())
    check_holder_secret(state)
    if state.is_over:
        out = state.outcome
        assert out is not None
        assert out.tricks == state.trick_counts
        assert sum(out.side_tricks) == sum(out.tricks) == out.tricks_played
        assert out.side_tricks == tuple(sum(out.tricks[s] for s in side) for side in out.sides)
        if out.scoring == "pool":
            assert out.points is None
            if out.winner is not None:
                assert not out.spoil
                assert out.side_tricks[out.winner] >= (out.tricks_needed or 0)
                assert out.winner_seats and set(out.winner_seats) <= set(out.sides[out.winner])
            else:
                assert out.spoil and out.winner_seats == ()
            if out.jink_tried and not out.jink_succeeded:
                assert out.spoil
            if out.jink_succeeded:
                assert out.tricks_played == 5 and out.all_five == out.winner
            # the hand ends after five tricks, a claim, a win, a failed jink, or a certain spoil
            assert out.tricks_played == 5 or out.claimed or out.winner is not None or out.spoil
        else:
            assert out.points is not None and out.side_points is not None
            assert out.tricks_played == 5
            ppt = state.variant.scoring.points_per_trick
            assert sum(out.points) == ppt * (6 if out.best_trump_trick is not None else 5), out
    else:
        assert state.outcome is None


def ace_holder(state: tf.HandState) -> tuple[Any, int | None, bool]:
    """The Ace of trumps, the seat dealt it (or that robbed it), and whether it was played."""
    ace = tf.Card.parse("A" + state.trump.letter)
    for seat, hand in enumerate(state.hands):
        if ace in hand:
            return ace, seat, False
    for trick in state.tricks:
        for seat, card in zip(trick.seats, trick.cards):
            if card == ace:
                return ace, seat, True
    for i, card in enumerate(state.current_trick):
        if card == ace:
            return ace, (state.leader + i) % state.players, True
    return ace, None, False


def check_holder_secret(state: tf.HandState) -> None:
    """A holder of the Ace of trumps who let his rob pass without a word is known only to
    himself: no other seat's view shows his demoted Ace until it is played, nor his bar
    until it is played or the hand is over. Openly declined, both are public."""
    _, holder, played = ace_holder(state)
    public = played or (holder is not None and state.announced == holder)
    for seat in range(state.players):
        view = state.view(seat)
        if seat == holder or public:
            assert view.demoted == state.demoted and view.barred == state.barred
            continue
        assert view.demoted is None
        if state.is_over:
            assert view.barred == state.barred
        else:
            assert view.barred == tuple(b for b in state.barred if b.seat != holder)
