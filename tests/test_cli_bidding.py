"""The command line and the bidding games (issue 9; BIDDING.md): the presets listed, their
rules and options, a position explained, and a game played, saved, resumed and replayed,
by bots or by a human typing ``bid 20``, ``pass``, ``trump H``, ``discard 5H 2C`` and cards.

The commands run in-process (``cli.main``), with standard input a string. Expected rules
and values are computed from the library (``Variant.option_specs``, ``ladder``,
``legal_moves``, ``OptionSpec.parse``); the user-facing sentences are written out.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily import cli
from trumpfamily._options import option_text
from trumpfamily.bidding import ladder
from trumpfamily.cli._common import variant_from
from trumpfamily.cli.options import value_text
from trumpfamily.variants import ALL_VARIANTS, BIDDING_OPTION_SPECS, BIDDING_VARIANTS, OPTION_SPECS

#: The human's answers of the scripted game below (Auction Forty-Fives, seed 6, P1): a bid
#: refused, a bid, a card before trumps, a suit alone, a discard of a card not held, a
#: discard, the cards (and ``history`` once).
SCRIPT = ["bid 10", "bid 25", "play 3H", "hearts", "discard 3C QS AS", "discard 3C QS", "3H",
          "history", "KC", "5H", "9D", "7S"]
GAME = ["play", "auction 45", "--players", "4", "--human", "1", "--seed", "6", "--hands", "1",
        "--color", "never"]


def main(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         stdin: str = "") -> tuple[int, str, str]:
    """``cli.main(argv)`` with ``stdin`` as standard input: status, output, error."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def words(cards: tuple[tf.Card, ...]) -> str:
    return " ".join(map(str, cards))


# -- variants ----------------------------------------------------------------------------------

def test_variants_lists_the_bidding_games_and_says_they_bid(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["variants"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    lines = out.splitlines()
    heading = lines.index("Bidding games: an auction, and the highest bidder names trumps "
                          "(BIDDING.md)")
    assert lines[1] == "Turn-up games: a card turned up makes trumps"
    for variant in ALL_VARIANTS.values():
        at = next(i for i, x in enumerate(lines) if x.startswith(variant.name + " "))
        assert (at > heading) == (variant.bidding is not None), variant.name
        line = lines[at]
        assert line.split()[len(variant.name.split())].startswith(f"{variant.table.min_players}-")
        assert all(alias in line for alias in variant.aliases)
    assert "Auction Forty-Fives       2-6      bids: 15-30, to 120 " in out
    assert "Newfoundland 120s         2-4, 6   bids: 20-30, kitty 3, to 120 " in out
    assert "Fifty-Five                2-9      bids: 10-25 or 60, kitty 5, to 55 " in out
    assert "American Hundred and Ten  2-4      bids: 15-30 or 60, to 110 " in out


# -- rules -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(BIDDING_VARIANTS))
def test_rules_of_a_bidding_preset(name: str, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    variant = BIDDING_VARIANTS[name]
    code, out, err = main(["rules", variant.aliases[0]], capsys, monkeypatch)
    assert code == cli.EXIT_OK and err == ""
    lines = out.splitlines()
    assert lines[0] == name
    assert lines[2] == "bids, lowest first: " + " ".join(map(str, ladder(variant.bidding))) + (
        f" (60: all five tricks, extra_bid={variant.bidding.extra_bid!r})"
        if variant.bidding.extra_bid else "")
    assert "No card is turned up: the winner of the auction names trumps" in lines[3]
    for trump in tf.Suit:
        assert words(variant.ranking.trump_order(trump)) in out
    options = lines[lines.index("Options in force  (* = changed from the preset)") + 1:]
    specs = variant.option_specs()
    assert [x.split()[0] for x in options] == list(specs)
    for line, (option, (component, spec)) in zip(options, specs.items()):
        assert line.split()[1:2] == [option_text(variant.options()[option]).split()[0]], line
        assert line.endswith(f"{component}: {spec.doc}")
        assert not line.startswith(" *")
    target = next(x for x in options if x.split()[0] == "target")
    assert target.endswith("bidding: points that win (E1)")


def test_rules_marks_the_bidding_options_changed(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = main(["rules", "120s", "--trump", "h", "-o", "hold=none",
                           "-o", "draw_limit=6:3,5:4", "-o", "min_bid_near_end=95,20",
                           "-o", "after_hold=duel"],
                          capsys, monkeypatch)
    assert code == cli.EXIT_OK, err
    assert out.splitlines()[0] == ("Newfoundland 120s with min_bid_near_end=95,20, "
                                   "hold='none', draw_limit=5:4,6:3")  # as typed
    assert " *hold " in out and " *draw_limit " in out and " *min_bid_near_end " in out
    assert " *after_hold" not in out
    row = next(x for x in out.splitlines() if x.startswith(" *draw_limit "))
    assert row.split()[1] == "5:4,6:3" and "((5, 4), (6, 3))" not in out  # as --option reads it
    assert err == ("trumpfamily rules: note: option after_hold has no effect with "
                   "hold='none': nobody holds (BIDDING.md §3.3 B4, B5)\n")  # given, unchanged


@pytest.mark.parametrize(("argv", "message"), [
    (["rules", "45", "-o", "min_bid=20"],
     ("option 'min_bid' is an option of the bidding games (BIDDING.md §7): Forty-Five turns "
     "up its trumps and has no auction (its bidding component is None); start from a bidding "
     "preset, e.g. 'auction 45' -o min_bid=VALUE")),
    (["rules", "auction 45", "-o", "draw_limit=seven"],
     ("option draw_limit='seven' is not valid; valid values: an integer from 0 to 5 at every "
     "table, or a limit by player count PLAYERS:LIMIT,..., e.g. 6:3,7:2, or unset")),
    (["rules", "auction 45", "-o", "target_tie=first-to-reach"],
     ("option target_tie='first-to-reach' is not valid; valid values: 'bidder-first', "
     "'higher-total', 'bidding-side-only', 'trick-order'")),
])
def test_bidding_option_mistakes_are_one_line(argv: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = main(argv, capsys, monkeypatch)
    assert code == cli.EXIT_USAGE and out == ""
    assert err == f"trumpfamily rules: error: {message}\n"


# -- option values: the command line reads what OptionSpec.parse reads ----------------------------

@pytest.mark.parametrize("name", list(ALL_VARIANTS))
def test_every_value_the_command_line_prints_it_reads_back(name: str) -> None:
    """For every preset and option: the text ``trumpfamily options`` prints for its value
    is read by ``OptionSpec.parse`` and by ``--option`` to the same value."""
    variant = ALL_VARIANTS[name]
    for option, (_, spec) in variant.option_specs().items():
        value = variant.options()[option]
        text = value_text(value)
        assert spec.parse(text) == value, (option, text)
        assert variant_from(variant.name, [(option, text)]).options()[option] == value


@pytest.mark.parametrize(("option", "text", "value"), [
    ("min_bid_near_end", "95,20", (95, 20)), ("min_bid_near_end", "unset", None),
    ("draw_limit", "6:2,5:3", ((5, 3), (6, 2))), ("draw_limit", "3", 3),
    ("hold", "none", "none"), ("extra_bid", "none", None), ("extra_bid", "moon", "moon"),
    ("lose_at", "-125", -125), ("trump_before_kitty", "FALSE", False),
    ("target", "150", 150), ("target_tie", "trick-order", "trick-order"),
])
def test_option_text_of_a_bidding_game(option: str, text: str, value: Any) -> None:
    spec = tf.AUCTION_45.option_specs()[option][1]
    assert spec.parse(text) == value
    assert variant_from("auction 45", [(option, text)]).options()[option] == value


# -- options ----------------------------------------------------------------------------------

def test_options_of_a_bidding_option(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["options", "min-bid"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert out == (
        "min_bid (component bidding): lowest bid (B1)\n"
        "  values: an integer from 5 to 30\n"
        "  presets: Auction Forty-Fives 15, Newfoundland 120s 20, Nova Scotia 45s 20,\n"
        "    Fifty-Five 10, One Hundred and Ten 10, Two Hundred and Twenty 10, American\n"
        "    Hundred and Ten 15\n"
        "  the lowest bid, points (B1: 15; 20 in Newfoundland and Nova Scotia; 10 in\n"
        "  55).\n")


def test_options_target_describes_both_options_of_that_name(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["options", "target"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    turn_up, bidding = out.split("\n\n")
    assert turn_up.startswith("target (component scoring): points that win the game")
    assert "Forty-Five 45; the\n    bidding games: the bidding option target" in turn_up
    assert bidding.startswith("target (component bidding): points that win (E1)")
    assert "Nova Scotia 45s\n    125, Fifty-Five 55" in bidding


def test_options_of_the_draw_limit_and_where_an_option_does_nothing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = main(["options", "draw_limit"], capsys, monkeypatch)
    flat = " ".join(x.strip() for x in out.splitlines())
    assert "values: an integer from 0 to 5 at every table, or a limit by player count" in flat
    assert "presets: Auction Forty-Fives 6:3, Newfoundland 120s 6:3, Nova Scotia 45s unset, " \
           "Fifty-Five 2:3,3:3,4:3,5:3,6:3,7:2,8:1,9:0," in flat
    _, out, _ = main(["options", "kitty_discard"], capsys, monkeypatch)
    flat = " ".join(x.strip() for x in out.splitlines())
    assert "no effect in Auction Forty-Fives, American Hundred and Ten: with kitty=0" in flat
    _, out, _ = main(["options", "robbing"], capsys, monkeypatch)
    flat = " ".join(x.strip() for x in out.splitlines())
    assert "Forty-Five true; the bidding games false" in flat
    assert ("no effect in the bidding games: the auction names trumps and no card is turned "
            "up, so there is nothing to rob or to five (BIDDING.md §2.2)") in flat
    _, out, _ = main(["options", "joker"], capsys, monkeypatch)
    assert "the\n    bidding games none (but American Hundred and Ten third)" in out


def test_every_bidding_option_has_a_meaning_from_the_bidding_component() -> None:
    from trumpfamily.bidding import Bidding
    from trumpfamily.cli.options import attribute_docs

    docs = attribute_docs(Bidding)
    for name in BIDDING_OPTION_SPECS:
        assert docs.get(name), name
        assert "``" not in docs[name] and ":data:" not in docs[name], docs[name]


def test_option_help_lists_the_bidding_names(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(["rules", "--help"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    flat = " ".join(out.split())
    assert "The bidding games also have: min_bid, bid_step," in flat
    for name in set(BIDDING_OPTION_SPECS) | set(OPTION_SPECS):
        assert name in flat, name
    assert "min_bid_near_end=100,20" in flat and "draw_limit=6:3,7:2" in flat


# -- explain -----------------------------------------------------------------------------------

def test_explain_a_position_of_a_bidding_game(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Auction Forty-Fives does not make the Ace of Hearts lead call for a heart (option
    ah_lead_requires_heart); the joker is a trump in American Hundred and Ten."""
    code, out, _ = main(["explain", "auction 45", "--trump", "C", "--trick", "AH",
                         "--hand", "KH 9D 3S"], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert out == ("Auction Forty-Fives, clubs trumps. Trick so far: AH. Hand: KH 9D 3S.\n"
                   "Legal: KH 9D 3S\n"
                   "  All 3 may be played: trumps were led (AH) and you hold no trump: any "
                   "card may be played (RULES.md §1.4.3)\n")
    code, out, _ = main(["explain", "american 110", "--trump", "S", "--trick", "4S",
                         "--hand", "JK KD 3H"], capsys, monkeypatch)
    legal = tf.legal_moves("JK KD 3H", "4S", trump="S", variant=tf.AMERICAN_110)
    assert code == cli.EXIT_OK and f"Legal: {words(legal)}\n" in out


# -- play: bots -------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "players"), [("auction 45", 4), ("120s", 4), ("ns45", 3),
                                               ("55", 5), ("american 110", 4)])
def test_bots_play_a_bidding_game(name: str, players: int, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = main(["play", name, "-n", str(players), "--seed", "2", "--hands", "2"],
                          capsys, monkeypatch)
    assert code == cli.EXIT_OK, err
    variant = tf.find_variant(name)
    target = variant.bidding.target
    assert out.startswith(f"{variant.name}: {players} players, to {target} points, at most 2 "
                          "hands, seed 2; thumb bots.")
    assert out.count("  Auction: ") == 2
    assert "Game over after 2 hands." in out
    # the bots' log tells the whole truth, the same as the library's game
    state = tf.new_game(variant, players=players, seed=2, hands=2)
    assert f"  Hands: P0 {words(state.hand.hands[0])}; " in out


# -- play: a human ----------------------------------------------------------------------------

def test_a_human_plays_a_bidding_game_through_standard_input(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """bid, a refused bid, trumps named by a suit alone, a discard refused then made, the
    cards; each refusal in the engine's words, the menu again after it."""
    code, out, err = main(GAME, capsys, monkeypatch, "\n".join(SCRIPT) + "\n")
    assert code == cli.EXIT_OK, err
    lines = out.splitlines()
    assert lines[:13] == [
        "Auction Forty-Fives: 4 players, to 120 points, at most 1 hand, seed 6; you are P1.",
        "",
        "Hand 1: P0 deals, 4 players.",
        "  Your hand: QS 3C KC 3H 5H",
        ("Hand 1 of 1, P0 deals. Scores: P0+P2 0, you+P3 0 (target 120). Tricks: P0 0, you 0, "
        "P2 0, P3 0."),
        "Your turn (P1). Trumps: not named yet. The auction: you speak first.",
        "  Your hand: KC 3C | 5H 3H | QS",  # sorted by suit: no trumps yet
        "  1) pass: bid no more this hand (a pass is final)",
        "  2) bid 15",
        "  3) bid 20",
        "  4) bid 25",
        "  5) bid 30: all five tricks",
        "Choose 1-5 (or an action, 'help', 'status', 'history', 'quit'): bid 10",
    ]
    assert lines[13] == ("  Not allowed: 10 is not a bid: the bids are (15, 20, 25, 30) "
                         "(BIDDING.md §3.3).")
    expected = [
        "Choose 1-5 (or an action, 'help', 'status', 'history', 'quit'): bid 25",
        "  Auction: you 25, P2 pass, P3 pass, P0 pass -> you win the auction at 25.",
        "Your turn (P1). Trumps: not named yet. You won the auction at 25: name trumps.",
        "  1) trump C: clubs (you hold 2: KC 3C)",  # highest first
        "  3) trump H: hearts (you hold 2: 5H 3H)",
        "Choose 1-4 (or an action, 'help', 'status', 'history', 'quit'): play 3H",
        ("  Not allowed: no card may be played now: it is the trump phase (BIDDING.md §3.4: "
        "the auction, trumps and the draw come first)."),
        "Choose 1-4 (or an action, 'help', 'status', 'history', 'quit'): hearts",
        "  You name trumps: hearts.",
        ("Your turn (P1). Trumps: hearts (you bid 25). The draw: discard cards face down and "
        "draw as many from the stock (32 cards in it). Type discard and 0 to 5 of your cards, "
        "e.g. 'discard QS', or choose below."),
        "  1) discard 3C QS: the rule-of-thumb bot's choice",
        "  2) discard 3C KC QS: every card that is not a trump",
        "  4) discard: stand pat, keeping your cards",
        "Choose 1-4 (or an action, 'help', 'status', 'history', 'quit'): discard 3C QS AS",
        "  Not allowed: AS is not in your hand (QS 3C KC 3H 5H).",
        "  You discard 3C QS face down and draw 9D 7S.",
        "  P2 discards 5 cards face down and draws 5 cards.",
        "  Trick 1: P2 9H  P3 QH  P0 AH  you 3H  -> P0 (1 trick)",
        "  Before the lead: you bid 25; P2 pass; P3 pass; P0 pass; you trump H; you",
        "    discard 3C QS; P2 discard ??; P3 discard ??; P0 discard ??.",
        "  Trick 1, P2 led: P2 9H  P3 QH  P0 AH  you 3H  -> P0 won.",
        "  Trick 5: you 7S  P2 QC  P3 2H  P0 KS  -> P3 (2 tricks)",
        "  Points taken: P0+P2 5, you+P3 25.",
        "  You+P3 made the bid of 25.",
        "  Scored this hand: P0+P2 +5, you+P3 +25.",
        "Scores: P0+P2 5, you+P3 25 (target 120).",
    ]
    at = 13
    for line in expected:
        at = lines.index(line, at + 1)
    # what P1 may not see: the other seats' dealt cards and discards
    state = tf.new_game(tf.AUCTION_45, players=4, seed=6, hands=1)
    told = [x for x in out.partition("Trick 1")[0].splitlines()
            if not x.startswith(("Choose", "  Not allowed"))]  # not what the human typed
    for seat in (0, 2, 3):
        for card in state.hand.hands[seat]:
            assert not any(re.search(rf"\b{card}\b", x) for x in told), card


def test_a_human_typing_a_number_that_is_a_bid_is_told_how_to_bid(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = main(GAME, capsys, monkeypatch, "20\nquit\n")
    assert code == cli.EXIT_OK  # quit: the person left, no error
    assert "  There is no action 20: choose 1 to 5. To bid 20, type 'bid 20'.\n" in out


def test_a_discard_the_menu_does_not_suggest_may_be_typed(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    script = "bid 25\ntrump H\ndiscard 5h\nquit\n"
    code, out, _ = main(GAME, capsys, monkeypatch, script)
    assert code == cli.EXIT_OK
    assert "  You discard 5H face down and draw 9D.\n" in out


def test_the_bidding_help(capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = main(GAME, capsys, monkeypatch, "help\nquit\n")
    flat = " ".join(out.split())
    assert ("bid 20 (a dealer's bid at the standing amount is his hold); pass (you bid no "
            "more this hand); trump H (or the suit alone, H or hearts) to name trumps; "
            "discard 5H 2C") in flat


def test_a_bidding_game_left_resumed_and_replayed(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """--save in the middle of the auction, --resume from there to the same end as a game
    never left, and replay tells it in the words of play."""
    path = str(tmp_path / "game.json")
    code, out, err = main([*GAME, "--save", path], capsys, monkeypatch, "bid 25\nquit\n")
    assert code == cli.EXIT_OK and f"Game left and saved to {path}" in out, err
    record = json.loads(Path(path).read_text(encoding="utf-8"))
    assert record["kind"] == "game" and record["humans"] == [1]
    code, out, err = main(["play", "--resume", path, "--color", "never"],
                          capsys, monkeypatch, "\n".join(SCRIPT[3:]) + "\n")
    assert code == cli.EXIT_OK, err
    assert "Resumed from " in out and "at hand 1, 4 actions into it." in out
    assert "  Auction: you 25, P2 pass, P3 pass, P0 pass -> you win the auction at 25." in out
    _, whole, _ = main(GAME, capsys, monkeypatch, "\n".join(SCRIPT) + "\n")
    assert out.splitlines()[-1] == whole.splitlines()[-1] == (
        "Scores: P0+P2 5, you+P3 25 (target 120).")
    code, told, _ = main(["replay", path], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert "  Auction: P1 25, P2 pass, P3 pass, P0 pass -> P1 wins the auction at 25." in told
    assert "  P1 discards 3C QS face down and draw" in told
    assert told.splitlines()[-1].startswith("Verified: 1 hand and ")


def test_play_and_replay_tell_a_bidding_game_in_the_same_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "game.json")
    code, played, _ = main(["play", "120s", "-n", "4", "--seed", "9", "--hands", "2",
                            "--save", path], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    code, told, _ = main(["replay", path], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert told.splitlines()[1:-1] == played.splitlines()[1:]


def test_bid_or_trump_alone_asks_for_the_rest(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = main(GAME, capsys, monkeypatch, "bid\nbid 25\ntrump\nquit\n")
    assert "): bid\n  Bid how much? Type the amount as well, e.g. bid 15.\n" in out
    assert "): trump\n  Which suit? Type it as well, e.g. trump C, or the suit alone.\n" in out


def test_the_bidder_takes_the_kitty_and_discards_before_naming_trumps(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Fifty-Five (BIDDING.md §5): the winner takes the 5-card kitty and keeps five of his
    ten cards, then names trumps (trump_before_kitty=False); the kitty is his alone."""
    argv = ["play", "55", "-n", "3", "--human", "1", "--seed", "1", "--hands", "1",
            "--color", "never"]
    code, out, _ = main(argv, capsys, monkeypatch, "bid 25\ndiscard 5C AC TD 4S JS\nH\nquit\n")
    assert code == cli.EXIT_OK
    expected = [
        "  You take the kitty: JH TH AH 5C JS.",
        ("Your turn (P1). Trumps: not named yet. You won the auction at 25. You took the kitty: "
        "JH TH AH 5C JS. Discard down to five. Type discard and 5 of your cards, e.g. 'discard "
        "QH TD 4H 4S AC', or choose below."),
        "  Your hand: AC 5C | TD | AH QH JH TH 4H | JS 4S",
        "  1) discard 5C AC TD 4S JS: the rule-of-thumb bot's choice",
        "  2) discard 5C TD 4H TH 4S: your 5 weakest cards",
        "  You discard 5C AC TD 4S JS face down.",
        "  3) trump H: hearts (you hold 5: JH AH QH TH 4H)",
        "  You name trumps: hearts.",
    ]
    lines = out.splitlines()
    at = -1
    for line in expected:
        at = lines.index(line, at + 1)
    # another seat is told how many cards, never which
    code, seen, _ = main(["play", "55", "-n", "3", "--human", "0", "--seed", "1", "--hands",
                          "1", "--color", "never"], capsys, monkeypatch, "pass\nquit\n")
    state = tf.new_game(tf.FIFTY_FIVE, players=3, seed=1, hands=1)
    assert ("  P2 takes the kitty (5 cards).\n  P2 discards 5 cards face down.\n"
            "  P2 names trumps: hearts.\n") in seen
    assert not any(re.search(rf"\b{card}\b", seen) for card in state.hand.kitty)


def test_a_dealer_robbing_the_pack_is_offered_the_best_cards_first(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Option rob_pack (BIDDING.md §3.4 K9): the dealer takes his replacements from the
    stock, one ``take`` at a time; the menu lists the stock's cards, the best first."""
    argv = ["play", "120s", "-n", "4", "--human", "0", "--seed", "1", "--hands", "1",
            "--color", "never", "-o", "rob_pack=true"]
    code, out, _ = main(argv, capsys, monkeypatch, "pass\ndiscard 4S 8D\nquit\n")
    assert code == cli.EXIT_OK
    menu = out.partition("You rob the pack: take 2 more cards from the stock")[2]
    offers = [line.split(") take ")[1] for line in menu.splitlines()
              if ") take " in line]
    trump = tf.Suit.HEARTS if "P2 names trumps: hearts" in out else None
    assert offers and trump is not None, out
    power = tf.FORTY_FIVE.ranking.table(trump).power
    assert [power[tf.Card.parse(c)] for c in offers] == sorted(
        (power[tf.Card.parse(c)] for c in offers), reverse=True)


def test_a_record_that_stops_in_the_auction_replays_the_calls_so_far(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "game.json")
    argv = ["play", "auction 45", "-n", "4", "--human", "1", "--seed", "7", "--hands", "1",
            "--save", path]
    code, out, _ = main(argv, capsys, monkeypatch, "bid 20\nquit\n")
    assert code == cli.EXIT_OK
    assert "The auction so far: you 20, P2 pass, P3 pass, P0 holds 20." in out
    code, told, _ = main(["replay", path], capsys, monkeypatch)
    assert code == cli.EXIT_OK
    assert told.splitlines()[-3:] == [
        "  Auction so far: P1 20, P2 pass, P3 pass, P0 holds 20.",
        (f"The record stops in hand 1, 4 actions into it: 'trumpfamily play --resume {path}' "
        "continues the game."),
        "Verified: 1 hand and 4 actions replayed under the rules.",
    ]
