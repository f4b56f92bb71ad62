"""Hidden information: what a seat sees never depends on the cards it cannot see.

The re-deal test (issue 7, point 8): play a random hand under a random preset and random
options; at a prefix of its actions, re-deal every card a seat cannot see (other seats'
unplayed cards and the stock, including cards not yet turned), replay the same actions on
the re-dealt deck, and require the seat's whole view to be equal: every field of
:class:`~trumpfamily.SeatView`, the phase, ``to_act``, the legal actions and the history
included. A re-deal that the public history rules out (the same actions no longer replay,
e.g. a rob by a seat that no longer holds the Ace of trumps) is skipped.

Two kinds of card stay in place although the seat cannot see them, because the actions to
replay name them: another seat's face-down discard, and nothing else. Cards seen once stay
seen: every card turned up, played or fived so far; and, once a pool hand is over under a
penalty that bars a silent holder, the Ace of trumps (the end settles his bar and shows
it, or shows there is none: :func:`shown_at_the_end`).

A holder of the Ace of trumps who let his chance to rob pass in silence is barred under a
``"cannot-win"`` penalty, and that bar is his secret: nothing the table sees may depend on
it (issue 19) until he plays the Ace or the hand ends. So every state is compared, those
states included; ``test_no_view_depends_on_a_hidden_card_under_any_robbing_rules`` covers
every value of ``unrobbed_ace``, ``rob_timing`` and ``holder_rob`` at every step.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from enginekit import deal
from hypothesis import given, settings
from hypothesis import strategies as st
from test_stateful import _players_for, game_variants

import trumpfamily as tf
from trumpfamily.variants import OPTION_SPECS

try:
    import numpy
except ImportError:  # pragma: no cover - the encodings need the rl extra
    numpy = None

C = tf.Card.parse


def random_hand(
    variant: tf.Variant, players: int, seed: int, *, quiet: float = 0.0
) -> list[tuple[tf.HandState, Any]]:
    """A random hand: every state, paired with the action applied to it (``None`` last).

    With ``quiet`` (a probability), a seat offered a rob or an announcement keeps silent
    that often (a card or a ``Pass()`` instead), so that silent holders are common."""
    rng = random.Random(seed)
    state = tf.new_hand(variant, players=players, dealer=rng.randrange(players), seed=seed)
    line: list[tuple[tf.HandState, Any]] = []
    while not state.is_over:
        legal = state.legal_actions()
        silent = [a for a in legal if not isinstance(a, (tf.Rob, tf.DeclineRob))]
        if quiet and silent and len(silent) < len(legal) and rng.random() < quiet:
            legal = tuple(silent)
        action = rng.choice(legal)
        line.append((state, action))
        state = state.apply(action)
    line.append((state, None))
    return line


def seen_cards(line: list[tuple[tf.HandState, Any]], k: int, seat: int) -> set[tf.Card]:
    """Every card ``seat`` has seen up to state ``k``, and the face-down discards of the
    other seats (which the actions to replay name)."""
    seen: set[tf.Card] = set()
    for state, _ in line[: k + 1]:
        view = state.view(seat)
        seen.update(view.hand, view.current_trick, view.fived)
        seen.update(c for t in view.tricks for c in t.cards)
        seen.add(view.turned_up)
        if view.turn_up is not None:
            seen.add(view.turn_up)
    last = line[k][0]
    for card in (last.discard, last.joker_discard):
        if card is not None:
            seen.add(card)
    seen.update(shown_at_the_end(last, seat))
    return seen


def shown_at_the_end(state: tf.HandState, seat: int) -> set[tf.Card]:
    """The Ace of trumps once the hand is over, where a holder who let his chance to rob
    pass in silence would be barred: the end settles his bar and every view shows it, or
    shows there is none (issue 19), so the whole table then knows whether an unplayed Ace
    was with such a seat. ``seat`` sees the same either way; kept for the callers."""
    del seat
    if not state.is_over or state.variant.scoring.scoring != "pool":
        return set()
    if not tf.robbing.unrobbed_penalty(state.variant.robbing, announced=False)[1]:
        return set()
    return {tf.Card.parse("A" + state.trump.letter)}


def redeal(deck: tuple[tf.Card, ...], keep: set[tf.Card], rng: random.Random) -> list[tf.Card]:
    """``deck`` with every card not in ``keep`` shuffled among those cards' places."""
    places = [i for i, c in enumerate(deck) if c not in keep]
    cards = [deck[i] for i in places]
    rng.shuffle(cards)
    out = list(deck)
    for i, c in zip(places, cards, strict=True):
        out[i] = c
    return out


SILENT = "neither robbed nor announced"


def silent_bar(state: tf.HandState) -> bool:
    """A holder who let his rob pass in silence is barred."""
    return any(SILENT in b.reason for b in state.barred)


def secret_bar(state: tf.HandState) -> bool:
    """A silent holder's bar is still his secret: he holds the Ace and the hand runs."""
    if state.is_over or not silent_bar(state):
        return False
    ace = tf.Card.parse("A" + state.trump.letter)
    return any(ace in state.hands[b.seat] for b in state.barred if SILENT in b.reason)


def check_redeals(
    line: list[tuple[tf.HandState, Any]], k: int, seat: int, rng: random.Random, tries: int,
    *, encoded: bool = False,
) -> int:
    """Compare ``seat``'s view at state ``k`` with ``tries`` re-deals; the count compared.
    With ``encoded``, also its observation encoding and action mask, byte for byte
    (:mod:`trumpfamily.envs.encoding`; needs numpy)."""
    state = line[k][0]
    actions = [a for _, a in line[:k]]
    keep = seen_cards(line, k, seat)
    expected = state.view(seat)
    expected_bytes = _encoded(expected) if encoded else None
    compared = 0
    for _ in range(tries):
        deck = redeal(state.deck, keep, rng)
        other = tf.new_hand(state.variant, players=state.players, dealer=state.dealer, deck=deck)
        try:
            for action in actions:
                other = other.apply(action)
        except tf.IllegalActionError:
            continue  # the public history rules this deal out
        got = other.view(seat)
        assert got == expected, _difference(expected, got, seat, k, actions)
        if expected_bytes is not None:
            assert _encoded(got) == expected_bytes, (seat, k, actions)
        if expected.to_act == seat:
            _same_refusals(state, other, seat)
        compared += 1
    return compared


def _encoded(view: tf.SeatView) -> tuple[bytes, bytes]:
    from trumpfamily.envs import encoding

    return encoding.encode(view).tobytes(), encoding.action_mask(view).tobytes()


_NULLARY: tuple[Any, ...] = (
    tf.DeclineRob(), tf.Claim(), tf.Jink(), tf.AskFive(), tf.AcceptFive(), tf.RefuseFive(),
    tf.Pass(),
)


def _refusal(state: tf.HandState, action: Any) -> tuple[str, str] | None:
    try:
        state.apply(action)
    except tf.IllegalActionError as err:
        return err.code, err.reason
    return None


def _same_refusals(state: tf.HandState, other: tf.HandState, seat: int) -> None:
    """The seat to act is refused (or not) alike in both deals, with the same words: a
    refusal may name only what that seat knows."""
    hand = state.hands[seat]
    candidates = _NULLARY + tuple(tf.Play(c) for c in hand) + tuple(tf.Rob(c) for c in hand)
    for action in candidates:
        assert _refusal(state, action) == _refusal(other, action), (seat, action)


def _difference(a: tf.SeatView, b: tf.SeatView, seat: int, k: int, actions: list[Any]) -> str:
    fields = [f"{name}: {x!r} != {y!r}" for name, x, y in zip(a._fields, a, b) if x != y]
    return f"seat {seat}'s view after {k} actions {actions} depends on hidden cards: {fields}"


@settings(max_examples=120)
@given(variant=game_variants(), data=st.data())
def test_a_seats_view_does_not_depend_on_cards_it_cannot_see(
    variant: tf.Variant, data: st.DataObject
) -> None:
    """Issue 7 point 8, over every preset and random options: at the deal and at random
    points of a random hand, each seat's view (phase and ``to_act`` included) is the same
    under every re-deal of the cards it cannot see that the public history allows."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    line = random_hand(variant, players, seed)
    rng = random.Random(seed)
    prefixes = sorted({0, *rng.sample(range(len(line)), min(4, len(line)))})
    compared = 0
    for k in prefixes:
        for seat in range(players):
            compared += check_redeals(line, k, seat, rng, tries=2)
    # the deal itself (k = 0, no action to replay) is always compared
    assert compared >= players


def _all_views_agree(state: tf.HandState, other: tf.HandState, seats: range) -> None:
    for seat in seats:
        assert state.view(seat) == other.view(seat), seat


# -- the cases of point 8, as they were found ------------------------------------------------


def test_asking_to_five_is_refused_alike_whoever_holds_the_ace() -> None:
    """Two players: after eldest's first card, ``AskFive`` is refused with the same code
    whether or not the dealer holds the unplayed Ace of trumps (a silent not-robbing is his
    secret; found by an adversarial review)."""
    refusals = []
    for dealt in ("AS QD 8C 6H 5C", "KS QD 8C 6H 5C"):
        deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="7S",
                               hands={0: "KD 3C 9H 2D 4C", 1: dealt})
        state = tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, deck=deck)
        state = state.apply(tf.Play("KD"), seat=0).apply(tf.Play("QD"), seat=1)
        refusals.append(_refusal(state, tf.AskFive()))
    assert refusals[0] == refusals[1] and refusals[0] is not None
    assert refusals[0][0] == "five-not-now"


def test_a_turned_joker_shows_no_trump_before_the_dealers_discard() -> None:
    """RULES.md §1.5, §2.8, EX-53: take, discard, then turn. Before the dealer's discard
    the card after the joker is not turned: no seat sees it, nor a trump suit, whatever
    it is."""
    variant = tf.FORTY_FIVE.with_options(joker="third")
    views = []
    for stock in ("7C", "KD"):
        deck = tf.stacked_deck(variant, players=2, dealer=1, turn_up="JK", stock=stock,
                               hands={0: "2S 3S 4S 6S 7S", 1: "2H 3H 4H 6H 7H"})
        state = tf.new_hand(variant, players=2, dealer=1, deck=deck)
        assert state.phase is tf.Phase.ROB and state.to_act == 1
        assert state.view(0).turn_up == tf.JK and state.view(1).trump is None
        assert state.events[-1] == tf.events.TurnedUp(tf.JK, None)
        views.append((state.view(0), state.view(1)))
        took = state.apply(tf.Rob("2H"))
        assert took.view(0).trump is C(stock).suit and took.view(0).turned_up == C(stock)
        assert took.events[-1] == tf.events.TurnedUp(C(stock), C(stock).suit)
    assert views[0] == views[1]


def test_fiving_before_the_lead_does_not_show_who_holds_the_ace() -> None:
    """Two players, fiving, robbing before the lead: eldest is first asked to five or pass
    whatever the cards, so the dealer's view is the same whether eldest holds the Ace of
    trumps (AS) or not (KS)."""
    variant = tf.TWENTY_FIVE.with_options(fiving=True)
    states = []
    for card in ("AS", "KS"):
        deck = tf.stacked_deck(variant, players=2, dealer=0, turn_up="TS",
                               hands={1: f"{card} 2D 3D 4D 6D", 0: "2C 3C 4C 6C 7C"})
        state = tf.new_hand(variant, players=2, dealer=0, deck=deck)
        assert state.phase is tf.Phase.FIVE and state.to_act == 1
        assert state.legal_actions() == (tf.AskFive(), tf.Pass())
        states.append(state)
    _all_views_agree(states[0], states[1], range(1))
    after = [s.apply(tf.Pass()) for s in states]
    assert [s.phase for s in after] == [tf.Phase.ROB, tf.Phase.ROB]
    assert after[0].view(0) == after[1].view(0)
    assert after[0].legal_actions()[-1] == tf.DeclineRob()  # AS: rob or announce
    assert after[1].legal_actions() == (tf.Pass(),)  # KS: nothing to rob


@pytest.mark.parametrize("holder_rob", ["may", "may-announce", "must"])
def test_the_rob_prompt_before_the_lead_names_nobody(holder_rob: str) -> None:
    """Robbing before the lead: every seat from eldest is prompted in turn, whoever holds
    the Ace of trumps (or nobody), so the prompt reveals nothing; the holder may pass in
    silence only where he need not announce (holder_rob="may", e.g. Maw with robbing)."""
    variant = tf.MAW.with_options(robbing=True, holder_rob=holder_rob)
    hands = {0: "2D 3D 4D 6D 7D", 1: "2C 3C 4C 6C 7C", 2: "2H 3H 4H 6H 7H"}
    states = {}
    for holder in (0, 1, 2, None):
        given = dict(hands)
        if holder is not None:
            given[holder] = "AS " + hands[holder][3:]
        stock = "AS" if holder is None else ""
        state = deal(variant, players=3, dealer=2, hands=given, turn_up="TS", stock=stock)
        assert state.phase is tf.Phase.ROB and state.to_act == 0
        states[holder] = state
    # Each seat's view is the same whichever other seat holds the Ace, or nobody.
    for seat in range(3):
        views = {h: states[h].view(seat) for h in (0, 1, 2, None) if h != seat}
        assert len(set(views.values())) == 1, (seat, views)
    # Seat 1 holds it: he answers the prompt in turn, like anyone else.
    state = states[1].apply(tf.Pass())
    assert state.to_act == 1
    expected = tuple(tf.Rob(c) for c in state.hands[1])
    if holder_rob == "may":
        assert state.legal_actions() == (*expected, tf.DeclineRob(), tf.Pass())
        silent = state.apply(tf.Pass())
        assert silent.to_act == 2 and silent.phase is tf.Phase.ROB
        assert silent.view(0) == states[None].apply(tf.Pass()).apply(tf.Pass()).view(0)
        assert [b.seat for b in silent.barred] == [1]  # Maw: cannot-win
    elif holder_rob == "may-announce":
        assert state.legal_actions() == (*expected, tf.DeclineRob())
    else:
        assert state.legal_actions() == expected
    robbed = state.apply(tf.Rob("3C"))
    assert robbed.phase is tf.Phase.PLAY and robbed.to_act == 0 and robbed.robbed_by == 1


# -- issue 19: a hidden bar must not show through the phase or the seat to act -----------------
#
# Three players, dealer 0, spades trumps (6S turned). Seat 1 wins the first three tricks
# with 5S JS KS, holding the Ace of spades or not; he neither robs nor says a word. The
# other seats' views must be the same either way, the phase and the seat to act included.

_SEAT1 = {"ace": "5S JS KS AS 9C", "no ace": "5S JS KS QH 9C"}
_OTHERS = {2: "2D 3D 4D 2C 3C", 0: "5D 6D 7D 4C 5C"}
_TRICKS = ["5S", "2D", "5D", "JS", "3D", "6D", "KS", "4D", "7D"]

ISSUE_19 = [
    pytest.param(tf.TWENTY_FIVE.with_options(rob_timing="own-first-turn"), id="25-own-first-turn"),
    pytest.param(tf.SPOIL_FIVE.with_options(unrobbed_ace="cannot-win"),
                 id="spoil-five-cannot-win"),
    pytest.param(tf.MAW.with_options(robbing=True), id="maw-robbing"),
]


def _three_tricks(variant: tf.Variant, seat1: str) -> tf.HandState:
    deck = tf.stacked_deck(variant, players=3, dealer=0, turn_up="6S",
                           hands={1: seat1, **_OTHERS})
    state = tf.new_hand(variant, players=3, dealer=0, deck=deck)
    while state.phase is tf.Phase.ROB:  # Maw: the round of rob prompts, seat 1 silent too
        state = state.apply(tf.Pass())
    for card in _TRICKS:
        state = state.apply(tf.Play(card), seat=state.to_act)
    return state


@pytest.mark.parametrize("variant", ISSUE_19)
def test_a_secret_bar_does_not_show_through_the_phase(variant: tf.Variant) -> None:
    """Issue 19, RULES.md §1.5, §1.6, EX-51: seat 1, holding the Ace of trumps, lets his
    chance to rob pass in silence under a ``"cannot-win"`` penalty and wins the first three
    tricks. The table cannot know he is barred, so he is asked to claim or jink exactly as
    he would be without the Ace (the old engine ended the hand at once, a spoil, and so told
    every seat where the Ace was). His claim shows the bar: a spoil (EX-51), where the same
    claim without the Ace takes the pool."""
    barred = _three_tricks(variant, _SEAT1["ace"])
    clean = _three_tricks(variant, _SEAT1["no ace"])
    assert [b.seat for b in barred.barred] == [1]
    assert (barred.phase, barred.to_act) == (tf.Phase.CLAIM, 1)
    assert (clean.phase, clean.to_act) == (tf.Phase.CLAIM, 1)
    for seat in (0, 2):
        assert barred.view(seat) == clean.view(seat), seat
    assert barred.legal_actions() == clean.legal_actions() == (tf.Claim(), tf.Jink())
    spoil, won = barred.apply(tf.Claim()).outcome, clean.apply(tf.Claim()).outcome
    assert spoil is not None and won is not None
    assert spoil.claimed and spoil.spoil and spoil.winner is None and spoil.winner_seats == ()
    assert [b.seat for b in spoil.barred] == [1]
    assert won.claimed and won.winner == 1 and won.winner_seats == (1,) and not won.spoil


def test_a_secret_bar_is_settled_when_the_barred_seat_reaches_the_winning_tricks() -> None:
    """Without jinking the first to three tricks takes the pool at once (EX-57): a seat
    barred in secret who gets there ends the hand as anyone would, and the end settles the
    bar: the pool is not won (EX-51; ``scoring.pool_winner``)."""
    variant = tf.SPOIL_FIVE.with_options(unrobbed_ace="cannot-win", jinking=False)
    barred = _three_tricks(variant, _SEAT1["ace"])
    clean = _three_tricks(variant, _SEAT1["no ace"])
    assert barred.is_over and clean.is_over
    for seat in (0, 2):  # the same table, but the bar is shown now
        assert barred.view(seat)._replace(barred=()) == clean.view(seat)
        assert [b.seat for b in barred.view(seat).barred] == [1]
    assert barred.outcome is not None and clean.outcome is not None
    assert barred.outcome.spoil and barred.outcome.winner is None
    assert not barred.outcome.claimed and barred.outcome.tricks_played == 3
    assert clean.outcome.winner == 1 and clean.outcome.tricks_played == 3


def test_a_bar_shown_by_the_ace_counts_at_once() -> None:
    """Once the silent holder plays the Ace of trumps, every seat knows of his bar, and play
    stops as soon as nobody who may win can still reach three tricks (EX-51): seat 1 leads
    AS to trick 2 and then holds two tricks nobody else can catch up with."""
    variant = tf.SPOIL_FIVE.with_options(unrobbed_ace="cannot-win")
    deck = tf.stacked_deck(variant, players=3, dealer=0, turn_up="6S",
                           hands={1: "5S AS KS JS 9C", **_OTHERS})
    state = tf.new_hand(variant, players=3, dealer=0, deck=deck)
    for card in ["5S", "2D", "5D", "AS", "3D", "6D"]:
        state = state.apply(tf.Play(card), seat=state.to_act)
    assert not state.is_over and [b.seat for b in state.view(0).barred] == [1]
    for card in ["KS", "4D", "7D"]:
        state = state.apply(tf.Play(card), seat=state.to_act)
    assert state.is_over and state.outcome is not None
    assert state.outcome.spoil and state.outcome.tricks_played == 3


# -- the re-deal test over every robbing rule ----------------------------------------------------

_UNROBBED = OPTION_SPECS["unrobbed_ace"][1].values
_TIMINGS = OPTION_SPECS["rob_timing"][1].values
_HOLDERS = OPTION_SPECS["holder_rob"][1].values
#: The tables each combination is played at: a pool game with jinking (three players),
#: the same without jinking and with two tricks to win at five, a pool game in pairs, Maw
#: with robbing, two players with fiving, and a points game.
_TABLES: tuple[tuple[tf.Variant, int], ...] = (
    (tf.SPOIL_FIVE, 3),
    (tf.SPOIL_FIVE.with_options(jinking=False, two_trick_win_above=4), 5),
    (tf.TWENTY_FIVE, 4),
    (tf.MAW.with_options(robbing=True), 3),
    (tf.SPOIL_FIVE, 2),
    (tf.FORTY_FIVE, 3),
)


def test_the_robbing_rules_under_test_are_every_value() -> None:
    """The grid below takes every value of the three options from the library's own list
    (OPTIONS.md rows 9, 11, 12), so a new value joins it."""
    assert set(_UNROBBED) == {"lowest-unless-announced", "lowest", "cannot-win",
                              "lowest-and-cannot-win", "none"}
    assert set(_TIMINGS) == {"own-first-turn", "before-lead"}
    assert set(_HOLDERS) == {"may-announce", "may", "must"}


@pytest.mark.parametrize("unrobbed", _UNROBBED)
def test_no_view_depends_on_a_hidden_card_under_any_robbing_rules(unrobbed: str) -> None:
    """Issue 19: the re-deal test at every step of many hands, for each ``unrobbed_ace``
    with every ``rob_timing`` and ``holder_rob``, at each table of ``_TABLES``: each seat's
    view (phase, ``to_act``, legal actions and refusal wording included) and its
    observation encoding are the same under re-deals of the cards it cannot see. The hands
    are chosen so that silent holders are common (``quiet``), and where the penalty bars a
    silent holder, states in which his bar is still his secret and could change the course
    of the hand (his side within a trick of the pool, or asked to claim) must have been
    compared."""
    rng = random.Random(unrobbed)
    secret_states = telling = 0
    for timing in _TIMINGS:
        for holder in _HOLDERS:
            for t, (base, players) in enumerate(_TABLES):
                variant = base.with_options(robbing=True, unrobbed_ace=unrobbed,
                                            rob_timing=timing, holder_rob=holder)
                for seed in range(4):
                    line = random_hand(variant, players, seed * 100 + t, quiet=0.8)
                    for k, (state, _) in enumerate(line):
                        compared = sum(check_redeals(line, k, seat, rng, tries=1,
                                                     encoded=numpy is not None)
                                       for seat in range(players))
                        if compared and secret_bar(state):
                            secret_states += 1
                            telling += _telling(state)
    _, bars = tf.robbing.unrobbed_penalty(tf.robbing.Robbing(unrobbed_ace=unrobbed),
                                          announced=False)
    if bars:
        assert secret_states >= 40 and telling >= 8, (secret_states, telling)
    else:
        assert secret_states == 0


def _telling(state: tf.HandState) -> bool:
    """A state where the old engine let a secret bar show: the barred side one trick from
    the pool, or asked to claim (the engine then stopped the hand, or asked nobody)."""
    if state.phase is tf.Phase.CLAIM:
        return True
    needed = state.tricks_needed
    if needed is None:
        return False
    seat = next(b.seat for b in state.barred if SILENT in b.reason)
    side = next(s for s in state.sides if seat in s)
    return sum(state.trick_counts[x] for x in side) + 1 >= needed
