"""trumpfamily.svg (issue 13): every picture is valid XML, holds the right cards and symbols,
marks the legal cards, is deterministic, and a seat's picture never shows a card that seat
may not see (the re-deal test of tests/test_hidden.py applied to the SVG text)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli import assert_clean_error, run
from test_hidden import random_hand, redeal, seen_cards, silent_bar
from test_stateful import _players_for, game_variants

import trumpfamily as tf
from trumpfamily import cards as cards_module
from trumpfamily import svg

C = tf.Card.parse
STANDARD_DECK = cards_module.STANDARD_DECK
NS = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    """The picture as XML (fails the test if it is not well-formed), checked to be one SVG
    document with a size and a title."""
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0
    title = root.find(f"{NS}title")
    assert title is not None and title.text
    return root


def faces(root: ET.Element) -> list[tuple[str, str]]:
    """``(card text, class)`` of every card drawn face up, in document order."""
    return [(g.get("data-card", ""), g.get("class", "")) for g in root.iter(f"{NS}g")
            if g.get("data-card")]


def shown(picture: str) -> set[tf.Card]:
    return {C(text) for text, _ in faces(parse(picture))}


def legal_shown(picture: str) -> set[tf.Card]:
    return {C(text) for text, cls in faces(parse(picture)) if "tf-legal" in cls.split()}


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


# -- one card ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "name", "symbol", "colour"), [
    ("AH", "Ace of Hearts", "♥", svg.RED),
    ("TD", "Ten of Diamonds", "♦", svg.RED),
    ("5C", "Five of Clubs", "♣", svg.BLACK),
    ("QS", "Queen of Spades", "♠", svg.BLACK),
    ("JK", "Joker", "★", svg.JOKER),
])
def test_a_card_has_its_name_symbol_and_colour(text: str, name: str, symbol: str,
                                               colour: str) -> None:
    root = parse(svg.card(text))
    assert faces(root) == [(text, "tf-card")]
    assert root.find(f"{NS}title").text == name  # type: ignore[union-attr]
    assert root.find(f".//{NS}g/{NS}title").text == name  # type: ignore[union-attr]
    coloured = {t.text: t.get("fill") for t in root.iter(f"{NS}text")}
    assert coloured[symbol] == colour
    rank = "JK" if text == "JK" else {"T": "10"}.get(text[0], text[0])
    assert coloured[rank] == colour


def test_every_card_has_a_distinct_name() -> None:
    deck = STANDARD_DECK + (tf.JK,)
    names = [svg.card_name(c) for c in deck]
    assert len(set(names)) == 53
    assert svg.card_name("2C") == "Two of Clubs" and svg.card_name(C("KS")) == "King of Spades"


def test_card_sizes_and_states() -> None:
    root = parse(svg.card("9S", width=70, height=100))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("70", "100",
                                                                            "0 0 70 100")
    assert faces(parse(svg.card("9S", marked=True))) == [("9S", "tf-card tf-marked")]
    dimmed = parse(svg.card("9S", dimmed=True))
    assert faces(dimmed) == [("9S", "tf-card tf-dimmed")]
    assert dimmed.find(f"{NS}g").get("opacity") == "0.4"  # type: ignore[union-attr]


def test_a_back_shows_no_card() -> None:
    root = parse(svg.back(width=40, height=60))
    assert faces(root) == []
    assert root.get("width") == "40"
    assert not any(svg.card_name(c) in svg.back() for c in STANDARD_DECK)


@pytest.mark.parametrize("bad", [0, -3, float("nan"), float("inf"), True, "56", None])
def test_sizes_must_be_positive_numbers(bad: Any) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="width"):
        svg.card("AH", width=bad)
    with pytest.raises(tf.InvalidArgumentError, match="card_height"):
        svg.trick("AH", leader=0, card_height=bad)


def test_a_bad_card_is_refused() -> None:
    with pytest.raises(tf.CardParseError):
        svg.card("1X")
    with pytest.raises(tf.CardParseError):
        svg.cards("AH ZZ")


# -- a row of cards --------------------------------------------------------------------------

def test_a_row_keeps_the_order_and_marks_the_legal_cards() -> None:
    picture = svg.cards("5H JS JK TD", legal=["5H", "JK"])
    assert faces(parse(picture)) == [
        ("5H", "tf-card tf-legal"), ("JS", "tf-card tf-dimmed"),
        ("JK", "tf-card tf-legal"), ("TD", "tf-card tf-dimmed"),
    ]
    assert "Five of Hearts (legal)" in picture
    plain = faces(parse(svg.cards("5H JS")))
    assert plain == [("5H", "tf-card"), ("JS", "tf-card")]
    assert all("tf-dimmed" in cls for _, cls in faces(parse(svg.cards("5H JS", legal=[]))))


def test_a_rows_width_follows_the_sizes() -> None:
    root = parse(svg.cards([C("AH"), C("2C"), C("3D")], width=50, height=70, gap=10))
    assert root.get("width") == str(3 * 50 + 2 * 10) and root.get("height") == "70"
    fan = parse(svg.cards("AH 2C 3D", width=50, gap=-30))
    assert fan.get("width") == str(50 + 2 * 20)
    assert parse(svg.cards("")).get("width") == str(svg.CARD_WIDTH)


def test_a_row_refuses_legal_cards_it_does_not_hold() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="QS"):
        svg.cards("AH 2C", legal="AH QS")
    with pytest.raises(tf.InvalidArgumentError, match="gap"):
        svg.cards("AH 2C", width=50, gap=-50)


# -- a trick ----------------------------------------------------------------------------------

def _card_positions(picture: str) -> dict[str, tuple[float, float]]:
    out = {}
    for g in parse(picture).iter(f"{NS}g"):
        if g.get("data-card"):
            x, y = re.fullmatch(r"translate\((.+),(.+)\)", g.get("transform", "")).groups()  # type: ignore[union-attr]
            out[g.get("data-card", "")] = (float(x), float(y))
    return out


def test_a_trick_places_each_card_by_its_seat_and_marks_leader_and_winner() -> None:
    picture = svg.trick("KD 9D 3C", leader=1, winner=1)
    root = parse(picture)
    assert dict(faces(root)) == {"KD": "tf-card tf-winner", "9D": "tf-card",
                                 "3C": "tf-card"}
    assert "King of Diamonds (won the trick)" in picture
    assert "led won" in texts(root)
    where = _card_positions(picture)
    # seat 0 (played 3C, the third card) at the bottom; seat 1 (KD) to its left
    assert where["3C"][1] == max(y for _, y in where.values())
    assert where["KD"][0] < where["3C"][0]
    assert "A trick led by Seat 1" in root.find(f"{NS}title").text  # type: ignore[operator,union-attr]


def test_a_trick_won_by_a_seat_after_the_wrap_round_is_drawn() -> None:
    picture = svg.trick("AH 2H", leader=3, winner=0, players=4)  # seat 3 led, seat 0 won
    assert "won by Seat 0" in picture


def test_a_trick_in_progress_leaves_empty_places() -> None:
    root = parse(svg.trick("KD 9D", leader=3, players=5))
    assert len(faces(root)) == 2
    assert sum(1 for r in root.iter(f"{NS}rect") if r.get("class") == "tf-slot") == 3
    assert not any("tf-winner" in cls for _, cls in faces(root))


def test_a_trick_value_draws_itself() -> None:
    t = tf.Trick(cards=(C("AS"), C("2S")), leader=1, winner=1)
    assert t._repr_svg_() == svg.trick(t) == svg.trick("AS 2S", leader=1, winner=1)


@pytest.mark.parametrize(("args", "kwargs", "fragment"), [
    (("AH 2H",), {}, "leader"),
    (("AH 2H", 2), {}, "leader"),
    (("AH 2H", 0, 5), {}, "winner"),
    (("AH 2H 3H", 0), {"players": 2}, "3 cards"),
    (("", 0), {}, "players="),
    (("AH 2H", 0), {"names": ["a"]}, "names"),
    (("AH 2H", 0), {"bottom": -1}, "bottom"),
    # a winner that has not played to the trick: seats 0 and 1 played, 4 seats
    (("AH 2H", 0, 3), {"players": 4},
     "winner=3 has not played to this trick: the seats that played are 0, 1"),
    (("AH 2H", 3, 1), {"players": 4}, "winner=1 has not played"),  # 3 led, then 0
    (("", 0, 0), {"players": 4}, "winner=0 has not played"),
])
def test_a_bad_trick_is_refused_clearly(args: tuple[Any, ...], kwargs: dict[str, Any],
                                        fragment: str) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=re.escape(fragment)):
        svg.trick(*args, **kwargs)


def test_names_are_escaped() -> None:
    names = ["<b>Ann & co</b>", 'Bo "B"']
    root = parse(svg.trick("AH 2H", leader=0, names=names))
    assert names[0] in texts(root) and names[1] in texts(root)


# -- a seat's view ---------------------------------------------------------------------------

def _rob_position() -> tuple[tf.HandState, tf.HandState]:
    deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=2, turn_up="6D",
                           hands={0: "5D KD 2C 9S 4H", 1: "AD 8C 3S KH 9D",
                                  2: "7C 7S QS JH 3C"})
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, deck=deck)
    return state, state.apply(tf.Play("KD"))


def test_a_view_shows_its_hand_the_trick_and_the_turn_up_and_marks_the_legal_cards() -> None:
    _, state = _rob_position()
    picture = svg.view(state.view(1))
    assert shown(picture) == set(tf.parse_cards("AD 8C 3S KH 9D KD 6D"))
    assert legal_shown(picture) == {C("AD"), C("9D")}  # a trump was led: trumps only
    root = parse(picture)
    dimmed = {text for text, cls in faces(root) if "tf-dimmed" in cls}
    assert dimmed == {"8C", "3S", "KH"}
    words = " ".join(texts(root))
    assert "× 5" in words and "× 4" in words  # seat 2 holds 5, seat 0 has led one
    assert "Trumps: ♦ diamonds" in words.replace("Trumps:♦diamonds", "Trumps: ♦ diamonds")
    assert "Seat 1 ▸ to act" in words and "led" in words and "dealer" in words
    assert not legal_shown(svg.view(state.view(1), mark_legal=False))
    other = svg.view(state.view(2))  # not seat 2's turn: nothing marked, nothing dimmed
    assert not legal_shown(other) and "tf-dimmed" not in other
    assert shown(other) == set(tf.parse_cards("7C 7S QS JH 3C KD 6D"))


def test_a_view_after_a_rob_shows_the_robbers_discard_to_him_only() -> None:
    _, state = _rob_position()
    robbed = state.apply(tf.Rob("8C"))
    mine = svg.view(robbed.view(1))
    assert C("8C") in shown(mine) and "Your discard" in mine
    for seat in (0, 2):
        theirs = svg.view(robbed.view(seat))
        assert C("8C") not in shown(theirs) and "Eight of Clubs" not in theirs
        assert "taken by Seat 1" in theirs  # the turned-up Six, seen by all, dimmed
        assert ("6D", "tf-card tf-dimmed") in faces(parse(theirs))


def test_a_view_from_a_game_carries_the_game() -> None:
    pool = tf.new_game(tf.SPOIL_FIVE, players=3, seed=5)
    picture = svg.view(pool.view(0))
    assert "Pool: 4 chips" in picture and "Chips (net): -2, -1, -1" in picture
    points = tf.new_game(tf.FORTY_FIVE, players=4, seed=5)
    text = " ".join(texts(parse(svg.view(points.view(0)))))
    assert "Scores, target 45:" in text and "Game: hand 1" in text
    assert "Seat 3: 0" in text


def test_a_view_refuses_what_is_not_a_view() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="SeatView"):
        svg.view(state)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="names"):
        svg.view(state.view(0), names=["a", "b"])


def test_a_bidding_view_shows_its_own_hand_only() -> None:
    game = tf.new_game("Auction Forty-Fives", players=4, seed=3)
    hand = game.hand
    seat = hand.to_act
    picture = svg.view(game.view(seat))
    assert shown(picture) == set(hand.hands[seat])
    assert _backs_labels(picture) == ["× 5"] * 3 and "Stock:" in picture
    assert "side 0 (Seat 0 &amp; Seat 2): 0" in picture  # partnerships: scores by side
    assert picture == game.view(seat)._repr_svg_()
    public = svg.table(hand)
    assert shown(public) == set()
    revealed = shown(svg.table(hand, reveal=True))
    assert revealed == {c for h in hand.hands for c in h} | set(hand.kitty)


def test_the_seats_run_clockwise_from_the_bottom() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=2, dealer=3)
    for _ in range(3):
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, tf.Play)))
    picture = svg.view(state.view(state.to_act))  # seat 3 at the bottom
    where = _card_positions(picture)
    played = dict(zip(((state.leader + i) % 4 for i in range(3)), state.current_trick,
                      strict=False))
    x = {seat: where[str(card)][0] for seat, card in played.items()}
    y = {seat: where[str(card)][1] for seat, card in played.items()}
    # seat 3 at the bottom: seat 0 to its left, seat 1 across, seat 2 to its right
    assert x[0] < x[1] < x[2] and y[1] < y[0] and y[1] < y[2]


# -- the whole table ------------------------------------------------------------------------

def test_a_states_default_picture_is_public() -> None:
    _, state = _rob_position()
    public = state._repr_svg_()
    assert public == state.svg() == svg.table(state)
    assert shown(public) == {C("KD"), C("6D")}  # the card played and the turn-up
    assert public.count("tf-back") == 4 + 5 + 5
    with pytest.raises(tf.InvalidArgumentError, match="mark_legal=True.* needs reveal=True"):
        svg.table(state, mark_legal=True)  # the hands are face down: nothing to mark
    with pytest.raises(tf.InvalidArgumentError, match="needs reveal=True"):
        state.svg(mark_legal=True)
    revealed = svg.table(state, reveal=True, mark_legal=True)
    assert shown(revealed) == {c for h in state.hands for c in h} | {C("KD"), C("6D")}
    assert legal_shown(revealed) == {C("AD"), C("9D")}
    assert "Stock: " in revealed
    robbed = state.apply(tf.Rob("8C"))
    assert C("8C") not in shown(robbed.svg())
    assert "Seat 1's discard" in robbed.svg(reveal=True)
    with pytest.raises(tf.InvalidArgumentError, match="bottom"):
        state.svg(bottom=3)
    with pytest.raises(tf.InvalidArgumentError, match="HandState"):
        svg.table(state.view(0))  # type: ignore[arg-type]


def test_a_turned_joker_shows_no_trump_in_the_public_picture() -> None:
    variant = tf.SPOIL_FIVE.with_options(joker="third")
    deck = tf.stacked_deck(variant, players=3, dealer=0, turn_up="JK",
                           hands={0: "2C 3C 4C 5C 6C", 1: "2D 3D 4D 5D 6D",
                                  2: "2S 3S 4S 5S 6S"})
    state = tf.new_hand(variant, players=3, dealer=0, deck=deck)
    assert state.turn_up == tf.JK
    public = " ".join(texts(parse(state.svg())))
    assert "Trumps: not known yet" in public.replace("Trumps:not", "Trumps: not")
    assert state.trump.name.lower() not in public


# -- determinism ----------------------------------------------------------------------------

_PICTURES = """
import trumpfamily as tf
from trumpfamily import cards as cards_module
from trumpfamily import svg
state = tf.new_hand(tf.SPOIL_FIVE, players=5, seed=7)
for _ in range(7):
    state = state.apply(state.legal_actions()[0])
print(svg.view(state.view(state.to_act)) + svg.table(state, reveal=True, mark_legal=True)
      + svg.cards("AH JK 5C", legal=["JK", "AH"]) + svg.trick(state.tricks[0]))
"""


def test_pictures_are_deterministic_across_processes() -> None:
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONIOENCODING": "utf-8"}
        result = subprocess.run([sys.executable, "-c", _PICTURES], capture_output=True,
                                text=True, encoding="utf-8", env=env, check=True, timeout=60)
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert " id=" not in outputs.pop()


# -- hidden information: the re-deal test on the SVG text ------------------------------------

def _replayed(state: tf.HandState, deck: list[tf.Card],
              actions: list[Any]) -> tf.HandState | None:
    other = tf.new_hand(state.variant, players=state.players, dealer=state.dealer, deck=deck)
    try:
        for action in actions:
            other = other.apply(action)
    except tf.IllegalActionError:
        return None  # the public history rules this deal out
    return None if silent_bar(other) else other


@settings(max_examples=60)
@given(variant=game_variants(), data=st.data())
def test_pictures_do_not_depend_on_cards_they_may_not_show(
    variant: tf.Variant, data: st.DataObject
) -> None:
    """At random points of a random hand: each seat's picture (``svg.view``) is the same
    text under every re-deal of the cards that seat cannot see, and names no card outside
    what it has seen; the public picture (``state.svg()``) is the same under every re-deal
    of the cards no seat has seen face up."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    line = random_hand(variant, players, seed)
    rng = random.Random(seed)
    compared = 0
    for k in sorted({0, *rng.sample(range(len(line)), min(3, len(line)))}):
        state = line[k][0]
        if silent_bar(state):
            continue
        actions = [a for _, a in line[:k]]
        seen = {seat: seen_cards(line, k, seat) for seat in range(players)}
        pictures = {seat: svg.view(state.view(seat)) for seat in range(players)}
        for seat, picture in pictures.items():
            assert shown(picture) <= seen[seat], (seat, k)
        public = state.svg()
        everyone = set.intersection(*seen.values())
        assert shown(public) <= everyone
        # the face-down discards stay in every re-deal (the actions name them), so they
        # are checked apart: only their owner's picture may show them
        owners = {state.discard: state.robbed_by, state.joker_discard: state.dealer}
        for card, owner in owners.items():
            if card is not None:
                assert card not in shown(public)
                for seat, picture in pictures.items():
                    assert seat == owner or card not in shown(picture), (seat, card)
        for seat in range(players):
            other = _replayed(state, redeal(state.deck, seen[seat], rng), actions)
            if other is not None:
                assert svg.view(other.view(seat)) == pictures[seat], (seat, k, actions)
                compared += 1
        other = _replayed(state, redeal(state.deck, everyone, rng), actions)
        if other is not None:
            assert other.svg() == public, (k, actions)
    assert compared >= players or silent_bar(line[0][0])


# -- the command line ----------------------------------------------------------------------

def test_explain_writes_the_position_with_the_legal_cards(tmp_path: Path) -> None:
    out = tmp_path / "position.svg"
    result = run("explain", "spoil five", "--trump", "C", "--trick", "8C 5C",
                 "--hand", "2C KD 3H", "--svg", str(out))
    assert result.returncode == 0, result.stderr
    assert f"Picture written to {out}" in result.stdout
    picture = out.read_text(encoding="utf-8")
    assert shown(picture) == set(tf.parse_cards("8C 5C 2C KD 3H"))
    assert legal_shown(picture) == {C("2C")}  # a trump led: the only trump must be played
    assert "Spoil Five" in picture and "♣" in picture


def test_explain_svg_dash_writes_the_picture_to_standard_output(tmp_path: Path) -> None:
    """``--svg -`` is standard output (as ``tournament --json -``): the picture alone, no
    file named "-"."""
    result = subprocess.run(
        [sys.executable, "-m", "trumpfamily", "explain", "spoil five", "--trump", "C",
         "--trick", "8C 5C", "--hand", "2C KD 3H", "--svg", "-"],
        cwd=tmp_path, capture_output=True, text=True, encoding="utf-8", check=False,
        env={**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"})
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "-").exists()
    assert result.stdout.startswith("<svg") and result.stdout.endswith("</svg>\n")
    ET.fromstring(result.stdout)  # one well-formed document, no text around it
    assert shown(result.stdout) == set(tf.parse_cards("8C 5C 2C KD 3H"))
    assert legal_shown(result.stdout) == {C("2C")}


def test_explain_refuses_an_svg_file_it_cannot_write(tmp_path: Path) -> None:
    result = run("explain", "spoil five", "--trump", "C", "--hand", "2C",
                 "--svg", str(tmp_path / "no" / "such.svg"))
    assert_clean_error(result, "--svg", "no such folder")


def test_position_refuses_legal_cards_not_in_hand() -> None:
    with pytest.raises(tf.InvalidArgumentError, match="AS"):
        svg.position("2C KD", "8C", trump="C", legal="AS")
    picture = svg.position("2C KD", trump="spades")
    assert "Leading" in picture and not legal_shown(picture)


def test_the_pictures_example_writes_valid_pictures(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parent.parent / "examples" / "pictures.py"
    subprocess.run([sys.executable, str(script), str(tmp_path)], check=True, timeout=60,
                   capture_output=True, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    written = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.svg")}
    assert set(written) == {"hand.svg", "view.svg", "table.svg", "table-revealed.svg",
                            "trick.svg"}
    assert legal_shown(written["hand.svg"]) == {C("AD"), C("9D")}
    assert shown(written["table.svg"]) == {C("KD"), C("6D")}
    assert shown(written["trick.svg"]) == {C("KD"), C("9D"), C("3C")}


@pytest.mark.parametrize("make", [
    lambda st: svg.view(st.view(0), names=["a\x00b", "x", "y"]),
    lambda st: svg.table(st, names=["a\x01", "b", "c"]),
    lambda st: svg.view(st.view(0), names=["\ud800", "x", "y"]),
    lambda st: svg.position("AH KH", trump="S", title="x\x02y"),
])
def test_text_that_xml_cannot_hold_is_refused(make: Any) -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    with pytest.raises(tf.InvalidArgumentError, match="cannot be written in an SVG"):
        make(state)


def test_flags_must_be_bools_so_a_string_never_reveals_the_hands() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    for make in (lambda: svg.table(state, reveal="no"), lambda: state.svg(reveal="false"),
                 lambda: svg.view(state.view(0), mark_legal="no")):
        with pytest.raises(tf.InvalidArgumentError, match="expected True or False"):
            make()
    with pytest.raises(tf.InvalidArgumentError, match="title=5"):
        svg.position("AH KH", trump="S", title=5)  # type: ignore[arg-type]


@pytest.mark.parametrize(("make", "message"), [
    (lambda: svg.cards("AH AH"), "cards: AH given more than once"),
    (lambda: svg.trick("AH 2H AH", leader=0), "trick: AH given more than once"),
    (lambda: svg.position("AH AH", trump="S"), "hand: AH given more than once"),
    (lambda: svg.position("AH KH", "AH", trump="S"), "AH both in the hand and in the trick"),
])
def test_a_card_drawn_twice_is_refused(make: Any, message: str) -> None:
    with pytest.raises(tf.InvalidArgumentError, match=message):
        make()


# -- the bidding pictures: counted backs, sized to their contents (issue 19) ----------------

def _bidding_states(variant: tf.Variant, players: int, seed: int) -> list[Any]:
    """Every state of a random bidding hand that is played out (not thrown in)."""
    for attempt in range(20):
        rng = random.Random(seed * 100 + attempt)
        state = tf.new_hand(variant, players=players, dealer=rng.randrange(players),
                            seed=seed * 100 + attempt)
        states = [state]
        while not state.is_over:
            bids = [a for a in state.legal_actions() if type(a).__name__ == "Bid"]
            # someone bids, so that the kitty, the discards and the draws are drawn
            action = bids[0] if bids and not state.view(0).high_bid else rng.choice(
                state.legal_actions())
            state = state.apply(action)
            states.append(state)
        if not state.outcome.thrown_in:
            return states
    raise AssertionError("every hand was thrown in")


def _backs_labels(picture: str) -> list[str]:
    """The counts written beside the card backs, in seat order."""
    return [t for t in texts(parse(picture)) if t.startswith("× ")]


_BIDDING_CASES = [
    (tf.AUCTION_45, 4), (tf.NEWFOUNDLAND_120S, 4), (tf.FIFTY_FIVE, 5),
    (tf.AMERICAN_110, 4), (tf.NOVA_SCOTIA_45, 3),
    (tf.NOVA_SCOTIA_45.with_options(extra_cards=2), 4),
]


@pytest.mark.parametrize(("variant", "players"), _BIDDING_CASES,
                         ids=lambda x: getattr(x, "name", str(x)))
def test_a_bidding_picture_draws_the_other_hands_as_counted_backs(variant: tf.Variant,
                                                                 players: int) -> None:
    """Issue 19: the other hands of a bidding hand were "hand hidden", with no backs.
    They are card backs with their count, the count the engine holds, through the
    auction, the kitty, the discards, the draw and the play."""
    phases = set()
    for state in _bidding_states(variant, players, seed=3):
        phases.add(state.phase)
        for seat in range(players):
            picture = svg.view(state.view(seat))
            assert "hand hidden" not in picture
            expected = [f"× {len(state.hands[s])}" for s in range(players)
                        if s != seat and state.hands[s]]
            assert _backs_labels(picture) == expected, (state.phase, seat)
        table = svg.table(state)
        assert _backs_labels(table) == [f"× {len(h)}" for h in state.hands if h], state.phase
        assert shown(table) <= set(state.current_trick)
    assert {"auction", "draw", "play", "over"} <= phases


def test_a_count_hidden_by_simultaneous_draws_is_a_question_mark() -> None:
    """Under ``draw_order="simultaneous"`` the discards are counted only once everyone
    has discarded: until then the other hands' backs say "× ?", and the public table
    does not show even the bottom seat's count (which only that seat knows)."""
    variant = tf.AUCTION_45.with_options(draw_order="simultaneous")
    states = _bidding_states(variant, 4, seed=5)
    hidden = [s for s in states if s.phase == "draw"
              and any(d is not None for d in s.discards) and s.view(0).discarded.count(None)]
    assert hidden, "a draw with hidden discards"
    state = hidden[-1]
    seat = state.to_act
    labels = _backs_labels(svg.view(state.view(seat)))
    assert "× ?" in labels and len(labels) == 3
    bottom = next(s for s in range(4) if state.discards[s] is not None and s != state.bidder)
    public = _backs_labels(svg.table(state, bottom=bottom))
    assert public[bottom] == "× ?"


def test_a_revealed_bidding_table_prints_the_stock_once_and_shows_the_discards() -> None:
    """Issue 19: "Stock: 19 cards" was printed twice, and the discards not at all."""
    states = _bidding_states(tf.NEWFOUNDLAND_120S, 4, seed=3)
    state = next(s for s in states if s.phase == "play")
    picture = svg.table(state, reveal=True)
    words = texts(parse(picture))
    assert words.count(f"Stock: {len(state.stock)} cards") == 1
    assert f"Kitty (taken by Seat {state.bidder}):" in words
    gone = {c for d in state.discards if d for c in d}
    assert gone and gone <= shown(picture)
    for seat, cards in enumerate(state.discards):
        assert (f"Seat {seat}'s discards:" in words) == bool(cards)


def _extent(picture: str) -> tuple[float, float]:
    """The left and right edges of everything drawn (cards, rectangles, the table, text
    at its DejaVu Sans width), leaving out the paper behind it all."""
    from trumpfamily import _svgdraw

    root = parse(picture)
    edges: list[tuple[float, float]] = []

    def walk(node: ET.Element, dx: float, dy: float) -> None:
        found = re.fullmatch(r"translate\((.+),(.+)\)", node.get("transform", ""))
        if found:
            dx, dy = dx + float(found.group(1)), dy + float(found.group(2))
        tag = node.tag.removeprefix(NS)
        if tag == "rect" and node is not root[1]:
            x = dx + float(node.get("x", "0"))
            edges.append((x, x + float(node.get("width", "0"))))
        elif tag == "ellipse":
            cx, rx = dx + float(node.get("cx", "0")), float(node.get("rx", "0"))
            edges.append((cx - rx, cx + rx))
        elif tag == "text":
            x = dx + float(node.get("x", "0"))
            width = _svgdraw._text_width("".join(node.itertext()),
                                         float(node.get("font-size", "0")),
                                         bold=node.get("font-weight") == "bold")
            width += sum(float(span.get("dx", "0")) for span in node)  # spaces as offsets
            anchor = node.get("text-anchor")
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            edges.append((left, left + width))
        if tag != "text":
            for child in node:
                walk(child, dx, dy)

    walk(root, 0, 0)
    return min(a for a, _ in edges), max(b for _, b in edges)


def test_text_is_measured_in_dejavu_sans() -> None:
    """The widths the layout uses are those of DejaVu Sans (measured: a browser renders
    this line of 13-pixel text 444.8 pixels wide)."""
    from trumpfamily import _svgdraw

    line = "Tricks per side: side 0 (Seat 0 & Seat 2) 0, side 1 (Seat 1 & Seat 3) 0"
    assert _svgdraw._text_width(line, 13) == pytest.approx(444.8, rel=0.01)
    assert _svgdraw._text_width("Seat 3 ▸ to act", 13, bold=True) > _svgdraw._text_width(
        "Seat 3 ▸ to act", 13)


@pytest.mark.parametrize(("variant", "players"), [*_BIDDING_CASES[:3], (tf.SPOIL_FIVE, 4),
                                                  (tf.FORTY_FIVE, 6)],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_a_picture_is_sized_to_its_contents(variant: tf.Variant, players: int) -> None:
    """Issue 19: a bidding view was 1,377 pixels wide with its right half empty. Every
    view and table ends within a margin of what it draws."""
    states = (_bidding_states(variant, players, seed=3) if variant.bidding
              else [s for s, _ in random_hand(variant, players, seed=3)])
    for state in states[:: max(1, len(states) // 6)]:
        for picture in (svg.view(state.view(state.to_act or 0)), svg.table(state),
                        svg.table(state, reveal=True)):
            width = float(parse(picture).get("width", "0"))
            left, right = _extent(picture)
            assert left >= 0 and right <= width, (left, right, width)
            assert width - right <= 12, (state.phase, width, right)


def test_a_trick_picture_names_the_trump_suit() -> None:
    """Issue 19: a trick's picture showed no trump suit; with ``trump=`` it names it, as
    the pictures of a view, a table and a position do."""
    states = _bidding_states(tf.AUCTION_45, 4, seed=3)
    hand = next(s for s in states if s.tricks)
    trick = hand.tricks[0]
    picture = svg.trick(trick, trump=hand.trump)
    root = parse(picture)
    words = " ".join(texts(root))
    suit = hand.trump
    assert f"Trumps:{suit.symbol}{suit.name.lower()}" in words.replace(" ", "")
    assert root.find(f"{NS}title").text.startswith(f"{suit.name.title()} trumps.")  # type: ignore[union-attr]
    assert shown(picture) == set(trick.cards)
    assert svg.trick(trick, trump="hearts") != svg.trick(trick, trump="S")
    assert "Trumps" not in svg.trick(trick)  # no suit given, none named
    _left, right = _extent(picture)
    assert right <= float(root.get("width", "0"))
    with pytest.raises(tf.CardParseError):
        svg.trick(trick, trump="X")


def test_a_bidding_pictures_title_names_the_phase_before_the_first_trick() -> None:
    """Newcomer trial: the auction's picture said "· trick 1 ·" before any trick; the
    title names the phase (auction, naming trumps, kitty, draw) until the play."""
    hand = tf.new_hand(tf.AUCTION_45, players=4, seed=3)
    title = texts(parse(svg.view(hand.view(1))))[0]
    assert title == "Auction Forty-Fives · Seat 1's view · auction · Seat 1 to act"
    assert "trick" not in texts(parse(svg.table(hand)))[0]
    for action in (tf.Bid(15), tf.Pass(), tf.Pass(), tf.Pass()):
        hand = hand.apply(action)
    assert " · naming trumps · " in texts(parse(svg.table(hand)))[0]
    hand = hand.apply(tf.NameTrump("S"))
    assert " · draw · " in texts(parse(svg.table(hand)))[0]
    while hand.phase is tf.Phase.DRAW:
        hand = hand.apply(tf.Discard())
    assert " · trick 1 · " in texts(parse(svg.table(hand)))[0]


def test_the_bidders_kitty_is_shown_once_in_fifty_five() -> None:
    """Fifty-Five's kitty phase: the bidder sees the five cards he took under "Kitty
    taken:", not "Kitty: 5 cards" beside them; the others see its size."""
    hand = tf.new_hand(tf.FIFTY_FIVE, players=4, seed=3)
    while hand.phase is tf.Phase.AUCTION:
        hand = hand.apply(next(a for a in hand.legal_actions() if a != tf.Pass()))
    assert hand.phase is tf.Phase.KITTY
    bidder = hand.to_act
    assert bidder is not None
    mine = texts(parse(svg.view(hand.view(bidder))))
    assert "Kitty taken:" in mine and not any(t.startswith("Kitty: ") for t in mine)
    assert " · kitty · " in mine[0]
    other = texts(parse(svg.view(hand.view((bidder + 1) % 4))))
    assert "Kitty: 5 cards" in other and "Kitty taken:" not in other
