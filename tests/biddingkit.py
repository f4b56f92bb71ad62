"""Helpers for the bidding-engine tests: stacked bidding deals, scripted actions, a search
for a line of play with given results, random option overlays, and the invariants every
bidding hand keeps.

Built only from the public API (``import trumpfamily as tf``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hypothesis import strategies as st

import trumpfamily as tf

PRESETS: tuple[tf.Variant, ...] = tuple(tf.BIDDING_VARIANTS.values())


def deal(
    variant: tf.Variant,
    *,
    players: int = 4,
    dealer: int = 3,
    hands: Mapping[int, str] | None = None,
    kitty: str = "",
    stock: str = "",
    scores: Sequence[int] | None = None,
) -> tf.BiddingHand:
    """A bidding hand dealt from a stacked deck (``tf.stacked_bidding_deck``)."""
    deck = tf.stacked_bidding_deck(variant, players=players, dealer=dealer, hands=hands or {},
                                   kitty=kitty, stock=stock)
    return tf.new_bidding_hand(variant, players=players, dealer=dealer, deck=deck, scores=scores)


def act(state: Any, *actions: Any) -> Any:
    """Apply each action (an action, or its notation) in order; a hand or a game."""
    for action in actions:
        state = state.apply(tf.parse_action(action) if isinstance(action, str) else action)
    return state


def stand_pat(state: Any) -> Any:
    """To the play, a hand or a game after trumps are named: the bidder puts the kitty
    back (the cards after his first five), every seat of the draw keeps its cards
    (``Discard()``)."""
    hand = state.hand if isinstance(state, tf.GameState) else state
    while hand.phase in (tf.Phase.KITTY, tf.Phase.DRAW):
        held = hand.hands[hand.to_act]
        state = state.apply(tf.Discard(held[5:]))
        hand = state.hand if isinstance(state, tf.GameState) else state
    return state


def find_plays(
    state: tf.BiddingHand,
    side_tricks: Sequence[int],
    *,
    bonus_side: int | None = None,
    no_trump: bool = False,
    budget: int = 400_000,
) -> list[tf.Action] | None:
    """``Play`` actions from a state in the play to the end of the hand, so that each side
    takes ``side_tricks[side]`` tricks, the best-trump bonus goes to ``bonus_side`` (any, if
    ``None``), and with ``no_trump`` no trump is played at all; ``None`` if no such line is
    found within ``budget`` nodes."""
    sides = state.sides
    side_of = {seat: i for i, seat_list in enumerate(sides) for seat in seat_list}
    m = tf.mask_table(state.variant, state.trump)
    trumps = m.trumps
    nodes = 0
    failed: set[Any] = set()  # positions already searched in vain (transpositions)

    def key(st_: tf.BiddingHand, counts: list[int]) -> Any:
        best = max(((m.power[c.index], side_of[t.winner]) for t in st_.tricks for c in t.cards
                    if c.bit & trumps), default=None)
        return (tuple(frozenset(h) for h in st_.hands), st_.current_trick, st_.to_act,
                tuple(counts), best)

    def search(st_: tf.BiddingHand) -> list[tf.Action] | None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return None
        counts = [sum(st_.trick_counts[s] for s in seats) for seats in sides]
        left = 5 - len(st_.tricks)
        if any(c > want or c + left < want
               for c, want in zip(counts, side_tricks, strict=True)):
            return None
        here = key(st_, counts)
        if here in failed:
            return None
        if st_.is_over:
            out = st_.outcome
            assert out is not None
            if bonus_side is not None:
                trick = out.best_trump_trick
                if trick is None or side_of[st_.tricks[trick].winner] != bonus_side:
                    return None
            return []
        for action in st_.legal_actions():
            if no_trump and action.card.bit & trumps:  # type: ignore[union-attr]
                continue
            rest = search(st_.apply(action))
            if rest is not None:
                return [action, *rest]
        if nodes <= budget:
            failed.add(here)
        return None

    return search(state)


def play_out(state: tf.BiddingHand, side_tricks: Sequence[int], **kw: Any) -> tf.BiddingHand:
    """``state`` played to its end by :func:`find_plays` (which must find a line)."""
    line = find_plays(state, side_tricks, **kw)
    assert line is not None, (state, side_tricks, kw)
    return act(state, *line)


def random_hand(variant: tf.Variant, players: int, seed: int,
                scores: Sequence[int] | None = None) -> list[tuple[tf.BiddingHand, Any]]:
    """A random bidding hand: every state, paired with the action applied to it (``None``
    last)."""
    rng = random.Random(seed)
    state = tf.new_bidding_hand(variant, players=players, dealer=rng.randrange(players),
                                seed=seed, scores=scores)
    line: list[tuple[tf.BiddingHand, Any]] = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        line.append((state, action))
        state = state.apply(action)
    line.append((state, None))
    return line


def players_for(variant: tf.Variant) -> list[int]:
    """The player counts the variant deals (its table, and a stock that covers the draws)."""
    ok = []
    for n in range(variant.table.min_players, variant.table.max_players + 1):
        try:
            tf.new_bidding_hand(variant, players=n, seed=0)
        except (tf.PlayerCountError, tf.InvalidVariantError):
            continue
        ok.append(n)
    return ok


#: Option values drawn for random overlays on the bidding presets (BIDDING.md §7).
OVERLAY: dict[str, tuple[Any, ...]] = {
    "min_bid_near_end": (None, (100, 20), (30, 20)),
    "hold": ("dealer", "none"),
    "after_hold": ("all-unpassed", "duel", "ends"),
    "auction_rounds": ("open", "once"),
    "all_pass": ("bag-dealer", "redeal-next", "redeal-same"),
    "bag_bid": (None, 20),
    "bag_raise": (False, True),
    "max_redeals": (None, 1, 3),
    "thirty_bid": ("sixty", "sixty-both", "plain"),
    "extra_bid": (None, "slam", "thirty-for-sixty", "moon", "sixty"),
    "lower_bid_cap": (30, None),
    "made_bid_scores": ("taken", "bid"),
    "bid_measure": ("points", "tricks"),
    "bonus_cutoff": (None, 30, 85),
    "bonus_cutoff_scope": ("bidder", "all"),
    "kitty": (0, 3, 4, 5),
    "kitty_deal": ("after-first", "split", "last"),
    "extra_cards": (0, 0, 0, 1),
    "trump_before_kitty": (True, False),
    "kitty_discard": ("free", "exact"),
    "discard_trumps": ("any", "last-resort"),
    "draw": ("all", "bidder-only"),
    "draw_limit": (None, 4, 3, 1),
    "draw_order": ("eldest-first", "dealer-first", "simultaneous"),
    "rob_pack": (False, True),
    "first_lead": ("left-of-bidder", "bidder", "eldest"),
    "defender_limit": ("none", "no-score-if-made", "no-score", "cap"),
    "defender_threshold": (None, 30, 100),
    "target": (30, 60, 120),
    "target_tie": ("bidder-first", "higher-total", "bidding-side-only", "trick-order"),
    "lose_at": (None, -30),
    "sets_to_lose": (None, 2),
    "plain_lead": ("follow-or-trump", "free"),
}


@st.composite
def bidding_variants(draw: st.DrawFn) -> tf.Variant:
    """A bidding preset, often with a random overlay of its options; an incoherent
    overlay (refused by the variant) falls back to fewer options, then to the preset."""
    base = draw(st.sampled_from(PRESETS))
    chosen = {name: draw(st.sampled_from(values)) for name, values in OVERLAY.items()
              if draw(st.integers(0, 3)) == 0}
    if draw(st.booleans()):
        chosen["finish"] = "hands"
        chosen["finish_hands"] = draw(st.integers(1, 4))
    for size in range(len(chosen), -1, -1):
        for names in itertools.islice(itertools.combinations(sorted(chosen), size), 8):
            try:
                return base.with_options(**{n: chosen[n] for n in names})
            except tf.InvalidVariantError:
                continue
    return base


def places(state: tf.BiddingHand) -> list[tf.Card]:
    """Every card of the deck, wherever it is now (each exactly once)."""
    out: list[tf.Card] = [c for h in state.hands for c in h]
    out += [c for e in state.extras for c in e]
    if not state.kitty_taken:
        out += state.kitty
    out += state.stock
    out += [c for d in state.discards if d for c in d]
    out += [c for t in state.tricks for c in t.cards]
    out += state.current_trick
    return out


def check_hand(state: tf.BiddingHand) -> None:
    """The invariants of a bidding hand (BIDDING.md §§2-6)."""
    cards = places(state)
    assert sorted(cards) == sorted(state.deck), "a card is lost or in two places"
    calls = state.auction
    passed: set[int] = set()
    for call in calls:
        assert call.seat not in passed, "a passed player bid again (BIDDING.md §3.3)"
        if call.is_pass:
            passed.add(call.seat)
    if state.phase is tf.Phase.AUCTION:
        assert state.to_act == state.auction_state.to_speak
        assert state.to_act not in passed
    else:
        assert state.auction_state.over
        assert (state.contract is None) == state.thrown_in
    legal = state.legal_actions()
    assert bool(legal) == (not state.is_over)
    if state.phase is tf.Phase.PLAY:
        played = _played(state)
        assert all(len(h) == 5 - len(state.tricks) - (seat in played)
                   for seat, h in enumerate(state.hands))
    if state.is_over:
        out = state.outcome
        assert out is not None and out.scoring == "bidding"
        if state.thrown_in:
            assert out.thrown_in and out.tricks_played == 0 and not any(out.gains or ())
        else:
            assert out.tricks_played == 5 and sum(out.tricks) == 5
            total = sum(out.side_points or ())
            assert total in (25, 30) or state.bidding.bonus_cutoff is not None
            assert out.bidder == state.bidder and out.bid == state.contract.amount  # type: ignore[union-attr]


def _played(state: tf.BiddingHand) -> set[int]:
    """The seats that played to the current trick."""
    return {(state.leader + i) % state.players for i in range(len(state.current_trick))}


def seen_cards(line: Sequence[tuple[tf.BiddingHand, Any]], k: int, seat: int) -> set[tf.Card]:
    """Every card ``seat`` has seen up to state ``k``, and the cards the other seats'
    actions name (their face-down discards and takes, which the replay needs in place)."""
    seen: set[tf.Card] = set()
    for state, action in line[: k + 1]:
        view = state.view(seat)
        seen.update(view.hand, view.current_trick, view.kitty, view.pack, view.my_discards)
        seen.update(c for t in view.tricks for c in t.cards)
    for _, action in line[:k]:
        if isinstance(action, tf.Discard):
            seen.update(action.cards)
        elif isinstance(action, tf.Take):
            seen.add(action.card)
    return seen


def redeal(deck: Sequence[tf.Card], keep: set[tf.Card], rng: random.Random) -> list[tf.Card]:
    """``deck`` with every card not in ``keep`` shuffled among those cards' places."""
    where = [i for i, c in enumerate(deck) if c not in keep]
    cards = [deck[i] for i in where]
    rng.shuffle(cards)
    out = list(deck)
    for i, c in zip(where, cards, strict=True):
        out[i] = c
    return out


def refusal(state: tf.BiddingHand, action: Any) -> tuple[str, str] | None:
    try:
        state.apply(action)
    except tf.IllegalActionError as err:
        return err.code, err.reason
    return None


def candidates(state: tf.BiddingHand, seat: int) -> list[Any]:
    """Actions to try on the seat to act: every kind, with its own cards and the pack."""
    hand = state.hands[seat]
    view = state.view(seat)
    out: list[Any] = [tf.Pass(), *(tf.Bid(a) for a in tf.actions.BID_AMOUNTS)]
    out += [tf.NameTrump(s) for s in tf.Suit]
    out += [tf.Discard(c) for k in (0, 1, 2, len(hand)) for c in itertools.islice(
        itertools.combinations(hand, min(k, len(hand))), 3)]
    out += [tf.Play(c) for c in hand] + [tf.Take(c) for c in view.pack]
    out += [tf.Rob(hand[0]), tf.DeclineRob(), tf.Claim(), tf.AskFive()]
    return out


def every_action(deck: Iterable[tf.Card]) -> list[Any]:
    """Every single-card and cardless action, and a few discards, over ``deck``."""
    cards = list(deck)
    out: list[Any] = [tf.Pass(), *(tf.Bid(a) for a in tf.actions.BID_AMOUNTS)]
    out += [tf.NameTrump(s) for s in tf.Suit] + [tf.Discard()]
    out += [tf.Play(c) for c in cards] + [tf.Take(c) for c in cards]
    out += [tf.Discard([c]) for c in cards[::7]]
    out += [tf.Rob(cards[0]), tf.DeclineRob(), tf.Claim(), tf.Jink(), tf.AskFive(),
            tf.AcceptFive(), tf.RefuseFive()]
    return out
