"""SVG pictures of a Maija position (:mod:`trumpfamily.maija_svg`): what they draw, and the
re-deal test on the SVG text (no card the seat cannot see)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from trumpfamily.errors import InvalidArgumentError
from trumpfamily.maija import (
    KITUMAIJA,
    MUSTAMAIJA,
    SPARDAME,
    MaijaHand,
    MaijaVariant,
    new_maija_hand,
)
from trumpfamily.maija.events import PileStarted, TrumpTurned
from trumpfamily.maija_svg import maija_svg

_CARD = re.compile(r'data-card="([^"]+)"')


def _faces(picture: str) -> list[str]:
    return _CARD.findall(picture)


def _play(variant: MaijaVariant, players: int, seed: int, steps: int) -> list[MaijaHand]:
    rng = random.Random(seed)
    hand = new_maija_hand(variant, players, dealer=seed % players, seed=seed)
    states = [hand]
    while len(states) <= steps and not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
        states.append(hand)
    return states


def _seen(states: list[MaijaHand], seat: int) -> set[object]:
    """Every card the rules let ``seat`` see in the hand so far (read from the states)."""
    seen: set[object] = set()
    for s in states:
        seen.update(s.hands[seat], s.table, s.pile, s.out_of_play)
        seen.update(c for pair in s.beaten for c in pair)
        if s.trump is not None and s.turn_up is not None:
            seen.add(s.turn_up)
        for e in s.events:
            if isinstance(e, TrumpTurned | PileStarted):
                seen.update((e.card, *e.buried))
    return seen


def _redeal(states: list[MaijaHand], seat: int, seed: int) -> list[MaijaHand]:
    first, seen = states[0], _seen(states, seat)
    deck = list(first.deck)
    hidden = [i for i, c in enumerate(deck) if c not in seen]
    moved = [deck[i] for i in hidden]
    random.Random(seed).shuffle(moved)
    for i, c in zip(hidden, moved, strict=True):
        deck[i] = c
    hand = new_maija_hand(first.variant, first.players, dealer=first.dealer, deck=deck)
    out = [hand]
    for s in states[1:]:
        hand = hand.apply(s.history[-1])
        out.append(hand)
    return out


@pytest.mark.parametrize(("variant", "seed"), [(MUSTAMAIJA, 3), (MUSTAMAIJA, 8), (SPARDAME, 4),
                                               (KITUMAIJA, 5), (KITUMAIJA, 9)],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_a_redeal_of_hidden_cards_leaves_every_picture_unchanged(
        variant: MaijaVariant, seed: int) -> None:
    states = _play(variant, 3, seed, 60)
    for seat in range(3):
        other = _redeal(states, seat, seed + 100)
        assert [maija_svg(s.view(seat)) for s in other] == \
            [maija_svg(s.view(seat)) for s in states]


def test_the_redeal_has_power_and_hidden_cards_are_never_drawn() -> None:
    states = _play(MUSTAMAIJA, 3, 11, 10)
    other = _redeal(states, 0, 5)
    assert other[0].hands[1] != states[0].hands[1] or other[0].hands[2] != states[0].hands[2]
    # seat 1's own picture does change: the test would see a leak
    assert [maija_svg(s.view(1)) for s in other] != [maija_svg(s.view(1)) for s in states]
    for s in states:
        faces = set(_faces(maija_svg(s.view(0))))
        visible = {str(c) for c in (*s.hands[0], *s.table, *(c for p in s.beaten for c in p),
                                    *s.pile)}
        if s.trump is not None and s.turn_up is not None:
            visible.add(str(s.turn_up))
        assert faces <= visible
        for other_seat in (1, 2):
            secret = {str(c) for c in s.hands[other_seat]} - visible
            assert not faces & secret


def test_the_bout_the_turn_up_the_stock_and_the_legal_beaters() -> None:
    hand = new_maija_hand(MUSTAMAIJA, players=3, seed=2).apply("lead TC")
    picture = maija_svg(hand.view(2))
    ET.fromstring(picture)  # well-formed XML
    assert _faces(picture).count("TC") == 1 and "6H" in _faces(picture)
    assert f"Stock: {len(hand.stock)} cards" in picture and "Trumps: ♥ hearts" in picture
    legal = set(re.findall(r'class="tf-card tf-legal" data-card="([^"]+)"', picture))
    assert legal == {"TH", "QH"}  # the two hearts that beat the Ten of clubs
    beaten = hand.apply("beat TH/TC")
    after = maija_svg(beaten.view(0))
    assert "Ten of Hearts (beats TC)" not in after  # the bout ended: out of the game
    bout = new_maija_hand(MUSTAMAIJA, players=3, seed=2).apply("lead TC JC")
    pairs = bout.apply("beat QH/TC")
    seen = maija_svg(pairs.view(1))
    assert "Queen of Hearts (beats TC)" in seen and "Jack of Clubs (to beat)" in seen


def test_kitumaija_pile_top_and_who_is_out() -> None:
    hand = new_maija_hand(KITUMAIJA, players=2, seed=2)
    picture = maija_svg(hand.view(0))
    assert "Ten of Clubs (the top card)" in picture and "The pile: 1 card" in picture
    assert "Trumps: ♦ diamonds" in picture
    states = _play(MUSTAMAIJA, 3, 1, 400)
    end = states[-1]
    assert end.is_over
    last = maija_svg(end.view(end.loser if end.loser is not None else 0))
    assert "is left with the Queen of Spades and loses" in last
    out = [s for s in range(3) if s != end.loser]
    assert all(f"P{s}: 0 cards (" in last and "out" in last for s in out)


def test_refusals() -> None:
    hand = new_maija_hand(MUSTAMAIJA, players=3, seed=2)
    with pytest.raises(InvalidArgumentError):
        maija_svg(hand)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        maija_svg(hand.view(0), names=["a", "b"])
    with pytest.raises(InvalidArgumentError):
        maija_svg(hand.view(0), card_width=0)
    named = maija_svg(hand.view(0), names=["Ann", "Bo", "Cy"])
    assert "Ann&#x27;s view" in named or "Ann's view" in named
