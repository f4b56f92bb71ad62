"""The command line, end to end: ``trumpfamily COMMAND`` as a user runs it.

Each command of issue 4 is run as a user would run it, and checked for its exit status and
its output; bad input must give one clear line on standard error and a non-zero status,
never a traceback. Expected rules are computed from the library, not written out again,
so these tests check the command line, not the rules.

Most tests call the entry point of ``python -m trumpfamily`` in this process
(:func:`clikit.run`: the same exit status, output and error, without starting an
interpreter); those that concern the process itself start ``python -m trumpfamily`` in a
subprocess (:func:`clikit.run_subprocess`): the entry point with no arguments, a human's
answers through a real pipe, standard output closed or full.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from clikit import run, run_subprocess

import trumpfamily as tf
from trumpfamily import cli, demo
from trumpfamily.actions import ACTION_TYPES
from trumpfamily.cli.prompt import describe

TIMEOUT = 60


def assert_clean_error(result: subprocess.CompletedProcess[str], *fragments: str,
                       code: int = 2) -> None:
    """A refused command: the status, one clear message naming the input, no traceback."""
    assert result.returncode == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


def words(cards: tuple[tf.Card, ...]) -> str:
    return " ".join(map(str, cards))


# -- help and version ------------------------------------------------------------------

@pytest.mark.parametrize("command", ["variants", "rules", "options", "explain", "play", "replay",
                                     "demo"])
def test_every_command_has_help(command: str) -> None:
    result = run(command, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: trumpfamily {command}")


def test_top_level_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("variants", "rules", "options", "explain", "play", "replay", "demo"):
        assert command in result.stdout


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"trumpfamily {tf.__version__}"


def test_unknown_command_is_a_usage_error() -> None:
    assert_clean_error(run("deal"), "invalid choice: 'deal'")


# -- variants ----------------------------------------------------------------------------

def test_variants_lists_presets_aliases_and_player_counts() -> None:
    result = run("variants")
    assert result.returncode == 0, result.stderr
    for variant in tf.VARIANTS.values():
        line = next(x for x in result.stdout.splitlines() if x.startswith(variant.name + " "))
        assert f"{variant.table.min_players}-{variant.table.max_players}" in line
        for alias in variant.aliases:
            assert alias in line


# -- rules -------------------------------------------------------------------------------

def test_rules_prints_every_card_order_and_option() -> None:
    result = run("rules", "forty-five")
    assert result.returncode == 0, result.stderr
    ranking = tf.FORTY_FIVE.ranking
    for trump in tf.Suit:
        assert words(ranking.trump_order(trump)) in result.stdout
    assert words(ranking.plain_order("D", "S")) in result.stdout
    for name, value in tf.FORTY_FIVE.options().items():
        assert any(line.split()[:2] == [name, repr(value)] for line in result.stdout.splitlines()
                   if line.strip()), name


def test_rules_with_trump_and_house_options() -> None:
    result = run("rules", "spoil five", "--trump", "h", "--option", "joker=third",
                 "-o", "plain_aces=high")
    assert result.returncode == 0, result.stderr
    house = tf.SPOIL_FIVE.with_options(joker="third", plain_aces="high")
    assert words(house.ranking.trump_order("H")) in result.stdout
    assert words(tf.SPOIL_FIVE.ranking.trump_order("C")) not in result.stdout  # only hearts
    assert words(house.ranking.plain_order("D", "H")) in result.stdout
    assert "*joker" in result.stdout and "*plain_aces" in result.stdout
    assert "with joker='third', plain_aces='high'" in result.stdout


def test_rules_lists_the_trumps_that_may_renege() -> None:
    result = run("rules", "forty-five", "--trump", "s")
    lines = result.stdout.splitlines()
    at = lines.index("Trumps that may renege (against a lower trump led)")
    assert lines[at + 1].split() == ["spades", "5S", "JS", "AH"]
    result = run("rules", "forty-five", "--trump", "s", "-o", "renege_cards=5")
    lines = result.stdout.splitlines()
    at = lines.index("Trumps that may renege (against a lower trump led)")
    assert lines[at + 1].split() == ["spades", "5S"]


@pytest.mark.parametrize(("option", "name", "value"), [
    ("natural_order=TRUE", "natural_order", True),
    ("ah_lead_requires_heart=true", "ah_lead_requires_heart", True),
    ("two_trick_win_above=4", "two_trick_win_above", 4),
    ("jink_bonus=counter", "jink_bonus", "counter"),
])
def test_option_values_are_converted(option: str, name: str, value: object) -> None:
    result = run("rules", "maw", "--option", option)
    assert result.returncode == 0, result.stderr
    assert f"*{name}" in result.stdout and repr(value) in result.stdout


def test_option_value_none() -> None:
    assert cli.parse_option("two_trick_win_above=none") == ("two_trick_win_above", None)
    result = run("rules", "maw", "-o", "two_trick_win_above=4", "-o", "two_trick_win_above=none")
    assert result.returncode == 0 and "*two_trick_win_above" not in result.stdout


# -- explain -----------------------------------------------------------------------------

def test_explain_the_ace_of_hearts_led_in_forty_five() -> None:
    """The acceptance question of issue 4 (RULES.md EX-33)."""
    result = run("explain", "45", "--trump", "C", "--trick", "AH", "--hand", "KH 9D 3S")
    assert result.returncode == 0, result.stderr
    assert "Legal: KH\n" in result.stdout
    for card in ("9D", "3S"):
        assert f"{card} may not be played: " in result.stdout
    assert "ah_lead_requires_heart=True" in result.stdout
    result = run("explain", "45", "--trump", "C", "--trick", "AH", "--hand", "KH 9D 3S",
                 "--option", "ah_lead_requires_heart=false")
    assert result.returncode == 0 and "Legal: KH 9D 3S\n" in result.stdout
    assert "may not be played" not in result.stdout


def test_explain_gives_each_refused_card_its_reason() -> None:
    result = run("explain", "spoil five", "--trump", "C", "--trick", "8C 5C", "--hand", "JC KD 3H",
                 "-o", "renege_basis=highest")
    assert result.returncode == 0, result.stderr
    variant = tf.SPOIL_FIVE.with_options(renege_basis="highest")
    for card in ("KD", "3H"):
        with pytest.raises(tf.IllegalPlayError) as refusal:
            tf.check_play(card, "JC KD 3H", "8C 5C", trump="C", variant=variant)
        assert f"  {card} may not be played: {refusal.value.reason}" in result.stdout
    assert "Legal: JC\n" in result.stdout


def test_explain_a_lead_and_a_demoted_ace() -> None:
    result = run("explain", "spoil five", "--trump", "H", "--hand", "AH 9S")
    assert result.returncode == 0 and "Leading" in result.stdout and "Legal: AH 9S" in result.stdout
    result = run("explain", "spoil five", "--trump", "H", "--trick", "3H", "--hand", "AH 9S",
                 "--demoted", "AH")
    assert result.returncode == 0 and "Legal: AH\n" in result.stdout


# -- bad input -----------------------------------------------------------------------------

def test_invalid_card_is_refused_clearly() -> None:
    result = run("explain", "45", "--trump", "C", "--trick", "AH", "--hand", "KH 9X")
    assert_clean_error(result, "trumpfamily explain: error:", "cannot read a card from '9X'")
    assert result.stdout == ""


@pytest.mark.parametrize(("args", "fragments"), [
    (["explain", "45", "--trump", "C", "--hand", "KH KH"], ["KH appears twice"]),
    (["explain", "45", "--trump", "X", "--hand", "KH"], ["not a suit: 'X'"]),
    (["explain", "45", "--trump", "C", "--trick", "KH", "--hand", "KH 2C"], ["KH"]),
    (["rules", "46"], ["no variant named '46'", "Spoil Five"]),
    (["rules", "45", "--option", "jinx=true"], ["unknown option 'jinx'", "ah_lead_requires_heart"]),
    (["rules", "45", "--option", "joker=fifth"], ["option joker='fifth' is not valid", "'third'"]),
    (["rules", "45", "--option", "target"], ["expected NAME=VALUE", "'target'"]),
    (["rules", "sf", "-o", "renege_cards=5-J-JK-AH"], ["no variant named 'sf'"]),
    (["rules", "spoil five", "-o", "renege_cards=5-J-JK-AH"], ["needs a joker"]),
    (["explain", "45", "--hand", "KH"], ["--trump"]),
    (["play", "45", "--players", "9"], ["players=9", "2 to 6"]),
    (["play", "45", "--human", "5", "--players", "3"], ["--human 5 is not a seat"]),
])
def test_bad_input_is_refused_clearly(args: list[str], fragments: list[str]) -> None:
    assert_clean_error(run(*args), *fragments)


# -- play ----------------------------------------------------------------------------------

def test_play_with_bots_prints_the_log_and_is_reproducible() -> None:
    first = run("play", "spoil five", "--players", "4", "--seed", "3", "--hands", "2")
    assert first.returncode == 0, first.stderr
    assert "Hand 1:" in first.stdout and "Hand 2:" in first.stdout
    assert "Trick 1: " in first.stdout and "Chips this hand:" in first.stdout
    assert "Game over after 2 hands." in first.stdout
    again = run("play", "spoil five", "--players", "4", "--seed", "3", "--hands", "2")
    assert again.stdout == first.stdout


def test_play_a_points_game_to_its_end() -> None:
    result = run("play", "forty-five", "-n", "3", "--seed", "5", "--bots", "random")
    assert result.returncode == 0, result.stderr
    assert "wins the game." in result.stdout and "Scores:" in result.stdout
    assert "(target 45)" in result.stdout


def _human_position(seed: int) -> tuple[str, str, str] | None:
    """With this seed, does seat 2 (after the bot at seat 1 leads) hold an illegal card?

    Returns (illegal card, its reason, a legal card) or None. Mirrors ``play``: a Game
    with this seed and rule-of-thumb bots.
    """
    game = tf.Game(tf.SPOIL_FIVE, players=3, seed=seed, hands=1)
    hand = game.hand
    if hand.to_act != 1:
        return None
    hand = hand.apply(tf.RuleOfThumbPlayer().choose(hand.view(1)))
    if hand.to_act != 2 or any(not isinstance(a, tf.Play) for a in hand.legal_actions()):
        return None
    legal = {a.card for a in hand.legal_actions() if isinstance(a, tf.Play)}
    illegal = [c for c in hand.hands[2] if c not in legal]
    if not illegal:
        return None
    with pytest.raises(tf.IllegalActionError) as refusal:
        hand.apply(tf.Play(illegal[0]))
    reason = refusal.value.reason.split(" (legal:")[0]
    return str(illegal[0]), reason, str(next(iter(legal)))


def test_play_human_scripted_session() -> None:
    """A whole hand from standard input, with bad answers answered and asked again."""
    seed, (illegal, reason, _) = next(
        (s, p) for s in range(200) if (p := _human_position(s)) is not None)
    answers = ["7", "9X", illegal, "help"] + ["1"] * 40
    result = run("play", "spoil five", "-n", "3", "--seed", str(seed), "--human", "2",
                 "--hands", "1", stdin="\n".join(answers) + "\n")
    assert result.returncode == 0, (result.stdout, result.stderr)
    out = result.stdout
    assert "Your turn (P2)." in out and "  1) play " in out
    assert "There is no action 7: choose 1 to" in out
    assert "cannot read a card from '9X'" in out
    assert f"Not allowed: {reason}." in out
    assert "Game over after 1 hand." in out
    assert "Traceback" not in result.stderr


def test_play_human_end_of_input_exits_cleanly() -> None:
    result = run("play", "spoil five", "-n", "3", "--seed", "1", "--human", "1", stdin="")
    assert_clean_error(result, "game abandoned: standard input ended", code=1)


def test_play_human_quit() -> None:
    """Leaving is no error (issue 19): exit 0, and a word on what became of the game."""
    result = run_subprocess("play", "45", "-p", "2", "--seed", "2", "--human", "0",
                            stdin="quit\n")  # a real pipe, in a subprocess
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.endswith(
        "Choose 1-5 (or an action, 'help', 'status', 'history', 'quit'): quit\n"
        "Game left; it was not saved (with --save FILE a game you leave is kept, and "
        "'trumpfamily play --resume FILE' continues it).\n")


# -- replay --------------------------------------------------------------------------------

def test_a_saved_game_replays_and_verifies(tmp_path: Path) -> None:
    """--save writes the whole game record (GameState.record()), which replay_game
    rebuilds and 'trumpfamily replay' tells hand by hand."""
    saved = tmp_path / "game.json"
    result = run("play", "maw", "-n", "5", "--seed", "8", "--hands", "2", "--save", str(saved))
    assert result.returncode == 0, result.stderr
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record.pop("humans") == []  # the bots played every seat
    state = tf.replay_game(record)
    assert record["kind"] == "game" and state.is_over and len(state.outcomes) == 2
    game = tf.Game(tf.MAW, players=5, seed=8, hands=2)
    game.play([tf.RuleOfThumbPlayer() for _ in range(5)])
    assert state == game.state
    result = run("replay", str(saved))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Verified:") == 1 and "Trick 1: " in result.stdout
    assert "Hand 2: " in result.stdout and "Verified: 2 hands and " in result.stdout


def test_replay_one_record_trick_by_trick(tmp_path: Path) -> None:
    state = tf.new_hand(tf.FORTY_FIVE, players=2, seed=3)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    for number, trick in enumerate(state.tricks, 1):
        assert f"Trick {number}: " in result.stdout
        assert all(str(card) in result.stdout for card in trick.cards)
    assert f"Verified: {len(state.actions)} actions replay" in result.stdout
    # Standard input works too.
    assert run("replay", "-", stdin=path.read_text(encoding="utf-8")).returncode == 0


def test_replay_checks_the_signature_with_a_key_file(tmp_path: Path) -> None:
    """--key-file checks the "mac" of a game or hand record signed with that key (as the
    game server signs them) and refuses an unsigned, changed or other-key record."""
    state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=2, hands=1)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    key = tmp_path / "server.key"
    key.write_bytes(b"the server's key")
    other = tmp_path / "other.key"
    other.write_bytes(b"another key")
    game, hand, unsigned = (tmp_path / f"{n}.json" for n in ("game", "hand", "unsigned"))
    game.write_text(json.dumps(state.record(key=b"the server's key")), encoding="utf-8")
    assert state.last_hand is not None
    hand.write_text(json.dumps(state.last_hand.record(key=b"the server's key")),
                    encoding="utf-8")
    unsigned.write_text(json.dumps(state.record()), encoding="utf-8")
    result = run("replay", str(game), "--key-file", str(key))
    assert result.returncode == 0, result.stderr
    assert "replayed under the rules and signed with the key." in result.stdout
    result = run("replay", str(hand), "--key-file", str(key))
    assert result.returncode == 0, result.stderr
    assert "replay under the rules and signed with the key." in result.stdout
    assert "signed" not in run("replay", str(game)).stdout  # no key: the rules alone
    result = run("replay", str(unsigned), "--key-file", str(key))
    assert result.returncode == 1 and "has no 'mac'" in result.stderr
    result = run("replay", str(game), "--key-file", str(other))
    assert result.returncode == 1 and "does not match" in result.stderr
    result = run("replay", str(game), "--key-file", str(tmp_path / "missing.key"))
    assert result.returncode == 2 and "cannot read the key file" in result.stderr


def test_a_hand_record_alone_is_not_numbered_hand_1(tmp_path: Path) -> None:
    """A hand record does not hold its number in its game: the record of a game's second
    hand replays as "Hand", not "Hand 1"; the hands of a list are numbered in order."""
    state = tf.new_game(tf.SPOIL_FIVE, players=3, seed=2, hands=2)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.last_hand is not None
    dealer = state.last_hand.dealer
    path = tmp_path / "hand-2.json"
    path.write_text(json.dumps(state.last_hand.record()), encoding="utf-8")
    result = run("replay", str(path), "--color", "never")
    assert result.returncode == 0, result.stderr
    assert f"Hand: P{dealer} deals, 3 players." in result.stdout
    assert "Hand 1" not in result.stdout
    path.write_text(json.dumps([state.last_hand.record()] * 2), encoding="utf-8")
    result = run("replay", str(path), "--color", "never")
    assert "Hand 1: " in result.stdout and "Hand 2: " in result.stdout


def test_replay_of_a_turned_joker_then_a_turned_ace(tmp_path: Path) -> None:
    """RULES.md §2.8, §1.5: the dealer takes the turned-up joker (not a rob), then robs the
    Ace turned after it; the menu words follow the same distinction."""
    variant = tf.FORTY_FIVE.with_options(joker="third")
    deck = tf.stacked_deck(variant, players=3, dealer=2, turn_up="JK", stock="AC",
                           hands={0: "KD 2D 3D 4D 5D", 2: "2H 3H 4H 5H 6H"})
    state = tf.new_hand(variant, players=3, dealer=2, deck=deck)
    style = cli.Style(color=False)
    assert describe(tf.Rob("2H"), state.view(2), style).startswith("rob 2H: take the joker")
    state = state.apply(tf.Rob("2H"))
    assert describe(tf.Rob("3H"), state.view(2), style).startswith("rob 3H: take the turn-up")
    state = state.apply(tf.Rob("3H"))
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "P2 takes the joker (JK), discarding 2H face down." in result.stdout
    assert "P2 robs: taking AC, discarding 3H face down." in result.stdout


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=6)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    record = state.record()
    actions = record["actions"]
    assert isinstance(actions, list)
    actions[1], actions[2] = actions[2], actions[1]  # two plays out of order
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert_clean_error(run("replay", str(path)), "does not verify", "action ", code=1)


def test_replay_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert_clean_error(run("replay", str(path)), "not JSON", code=1)
    path.write_text('{"variant": "Spoil Five"}', encoding="utf-8")
    assert_clean_error(run("replay", str(path)), "does not verify", "malformed", code=1)
    assert_clean_error(run("replay", str(tmp_path / "missing.json")), "cannot read", code=2)


# -- demo and python -m ------------------------------------------------------------------

_HAS_DEMO = importlib.util.find_spec("trumpfamily.demo") is not None


@pytest.mark.skipif(not _HAS_DEMO, reason="trumpfamily.demo is not written yet")
def test_no_arguments_runs_the_demo() -> None:
    """``python -m trumpfamily`` itself (a subprocess), and in this process the same."""
    result = run_subprocess()
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    assert run("demo").stdout == result.stdout
    assert run().stdout == result.stdout


# -- in-process: the entry point and the output style ------------------------------------------

def test_main_returns_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == cli.EXIT_OK
    assert cli.main(["rules", "nope"]) == cli.EXIT_USAGE
    assert "no variant named 'nope'" in capsys.readouterr().err
    assert cli.main(["variants"]) == cli.EXIT_OK


class _Stream(io.StringIO):
    def __init__(self, tty: bool, encoding: str = "utf-8") -> None:
        super().__init__()
        self._tty, self._encoding = tty, encoding

    def isatty(self) -> bool:
        return self._tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert cli.Style.for_stream(_Stream(tty=True)).color
    assert not cli.Style.for_stream(_Stream(tty=False)).color
    assert not cli.Style.for_stream(_Stream(tty=True, encoding="ascii")).color
    assert cli.Style.for_stream(_Stream(tty=False), "always").color
    assert not cli.Style.for_stream(_Stream(tty=True), "never").color
    monkeypatch.setenv("NO_COLOR", "1")
    assert not cli.Style.for_stream(_Stream(tty=True)).color
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not cli.Style.for_stream(_Stream(tty=True)).color


def test_color_always_uses_suit_symbols_and_plain_output_does_not() -> None:
    coloured = run("explain", "spoil five", "--trump", "H", "--hand", "AH 9S", "--color", "always")
    assert "\033[31mA♥\033[0m" in coloured.stdout and "9♠" in coloured.stdout
    plain = run("explain", "spoil five", "--trump", "H", "--hand", "AH 9S")
    assert "\033[" not in plain.stdout and "♥" not in plain.stdout


# -- review fixes: no traceback on any path ------------------------------------------------

def test_replay_of_a_file_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_bytes(b"\xff\xfe")
    assert_clean_error(run("replay", str(path)), "not UTF-8 text", code=1)


def test_replay_of_json_nested_too_deeply(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text("[" * 100_000 + "\n", encoding="utf-8")
    assert_clean_error(run("replay", str(path)), "nested too deeply", code=1)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["rules", "maw"], ["variants"], ["demo"], ["play", "--help"]])
def test_output_that_cannot_be_written_is_one_line(args: list[str]) -> None:
    environ = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = subprocess.run([sys.executable, "-m", "trumpfamily", *args], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=TIMEOUT,
                                env=environ, check=False)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
    assert result.stderr.splitlines() == [
        (f"trumpfamily {args[0]}: error: cannot write to standard output: "
         "No space left on device")]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_help_that_cannot_be_written_is_reported() -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = subprocess.run([sys.executable, "-m", "trumpfamily", "--help"], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=TIMEOUT,
                                check=False)
    assert result.returncode == 1
    assert result.stderr == ("trumpfamily: error: cannot write to standard output: "
                             "No space left on device\n")


# -- review fixes: play ------------------------------------------------------------------------

def test_play_help_says_who_deals_first() -> None:
    text = " ".join(run("play", "--help").stdout.split())
    assert "eldest hand in the first deal" not in text
    assert "P0 deals the first hand" in text and "first Jack" in text


_ROB_GAME = ["play", "spoil five", "--players", "2", "--seed", "3", "--human", "0",
             "--hands", "1", "-o", "fiving=false"]


def test_play_prompt_before_the_lead_says_so() -> None:
    """The dealer robbing a turned-up Ace is not leading to trick 1 (P1 leads)."""
    result = run(*_ROB_GAME)
    prompt = next(x for x in result.stdout.splitlines() if x.startswith("Your turn"))
    assert "Before the lead: you may rob the turned-up AS" in prompt
    assert "Trick 1" not in prompt and "you lead" not in prompt


def test_play_prompt_for_fiving_says_who_asks() -> None:
    result = run("play", "spoil five", "--players", "2", "--seed", "5", "--human", "0",
                 "--hands", "1")
    prompt = next(x for x in result.stdout.splitlines() if x.startswith("Your turn"))
    assert "Before the lead: P1 asks you to five" in prompt and "Trick 1" not in prompt
    assert "  1) accept-five: " in result.stdout and "  2) refuse-five: " in result.stdout


def test_play_chips_are_shown_before_the_next_antes() -> None:
    """The standings after hand K are those of a game stopped after K hands; the next
    deal's antes are shown with that deal."""
    result = run("play", "spoil five", "--players", "4", "--seed", "3", "--hands", "3")
    assert result.returncode == 0, result.stderr
    lines = [x.strip() for x in result.stdout.splitlines()]
    standings = [x.partition("; so far: ")[2] if x.startswith("Chips this hand: ") else
                 x.partition(": ")[2] for x in lines
                 if x.startswith(("Chips this hand: ", "Chips won or lost: "))]
    for hands in (1, 2, 3):
        game = tf.Game(tf.SPOIL_FIVE, players=4, seed=3, hands=hands)
        game.play([tf.RuleOfThumbPlayer() for _ in range(4)])
        chips = ", ".join(f"P{seat} {value:+d}" for seat, value in enumerate(game.chips))
        assert standings[hands - 1] == f"{chips}; pool {game.pool}."
    antes = [x for x in lines if x.startswith("Antes: ")]
    assert len(antes) == 3 and antes[0] == "Antes: P0 2, P1 1, P2 1, P3 1; the pool holds 5 chips."


def test_play_save_to_a_folder_that_does_not_exist_fails_at_once(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "x.json"
    result = run("play", "spoil five", "--seed", "3", "--hands", "1", "--save", str(target))
    assert_clean_error(result, "--save", "no such folder")
    assert result.stdout == ""
    assert_clean_error(run("play", "45", "--save", str(tmp_path)), "is a directory")


def test_quitting_in_the_first_hand_saves_the_game_so_far(tmp_path: Path) -> None:
    saved = tmp_path / "q.json"
    result = run("play", "45", "-p", "2", "--seed", "2", "--human", "0", "--save", str(saved),
                 stdin="quit\n")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.endswith(f"Game left and saved to {saved}: 'trumpfamily play --resume "
                                  f"{saved}' continues it.\n")
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record.pop("humans") == [0]
    state = tf.replay_game(record)
    assert state.hand_number == 1 and len(state.hand.actions) == 1  # P1 had led
    replayed = run("replay", str(saved))
    assert replayed.returncode == 0, replayed.stderr
    assert "The record stops in hand 1, 1 action into it" in replayed.stdout
    assert "Verified: 1 hand and 1 action replayed under the rules." in replayed.stdout


def test_quitting_later_keeps_the_finished_hands_and_the_one_in_progress(
        tmp_path: Path) -> None:
    saved = tmp_path / "q.json"
    answers = "\n".join(["1"] * 12) + "\n"  # enough for one hand, not for two
    result = run("play", "spoil five", "-n", "3", "--seed", "1", "--human", "2", "--hands", "3",
                 "--save", str(saved), stdin=answers)
    assert_clean_error(result, "game abandoned: standard input ended", code=1)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record.pop("humans") == [2]
    state = tf.replay_game(record)
    assert len(state.outcomes) >= 1 and not state.is_over
    replayed = run("replay", str(saved))
    assert replayed.returncode == 0, replayed.stderr
    assert f"Verified: {state.hand_number} hands and " in replayed.stdout


# -- review fixes: demo ------------------------------------------------------------------------

def test_demo_skips_the_presets_that_do_not_suit_the_player_count() -> None:
    result = run("demo", "--players", "8")
    assert result.returncode == 0, result.stderr
    assert "(Forty-Five is skipped: it is for 2-6 players.)" in result.stdout
    for name in ("Maw", "Spoil Five", "Twenty-Five"):
        assert f"{name}: 8 players" in result.stdout
    assert "Forty-Five: 8 players" not in result.stdout


def test_demo_refuses_a_player_count_no_preset_allows() -> None:
    assert_clean_error(run("demo", "--players", "11"), "no preset is played by 11 players")
    assert_clean_error(run("demo", "--players", "x"), "invalid int value: 'x'")


def test_demo_help_is_plain_text_with_its_defaults() -> None:
    result = run("demo", "--help")
    assert result.returncode == 0
    assert "``" not in result.stdout and ":func:" not in result.stdout
    assert ":class:" not in result.stdout
    assert "default: 2026" in result.stdout and "default: 4" in result.stdout


def test_demo_with_default_players_is_the_library_demo() -> None:
    """The command plays what trumpfamily.demo.main plays, game for game."""
    lines: list[str] = []
    for offset, variant in enumerate(demo.DEMO_VARIANTS):
        demo.play_game(variant, players=4, seed=2026 + offset, out=lines.append)
    assert run("demo").stdout == "\n".join(lines) + "\n"


# -- review fixes: usage errors are one line -----------------------------------------------

@pytest.mark.parametrize("args", [
    ["rules"], ["play", "45", "--players", "x"], ["explain", "45", "--hand", "KH"], ["deal"],
    ["rules", "45", "--option", "target"], ["play", "45", "--bots", "clever"],
])
def test_usage_errors_are_one_line(args: list[str]) -> None:
    result = run(*args)
    assert_clean_error(result, "error: ")
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "usage:" not in result.stderr


# -- review fixes: the prompt ------------------------------------------------------------------

def test_prompt_help_lists_the_words_it_accepts_in_lines_under_80_columns() -> None:
    result = run(*_ROB_GAME, stdin="help\n")
    lines = result.stdout.splitlines()
    start = next(i for i, x in enumerate(lines) if x.strip().startswith("Answers:"))
    block = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        block.append(line)
    assert all(len(line) < 80 for line in block), block
    answers = " ".join(x.strip() for x in block)
    for word in ("rob 8C", "play 9D", "decline-rob", "keep", "announce", "decline", "pass",
                 "claim", "jink", "ask-five", "five", "accept-five", "refuse-five", "agree",
                 "refuse", "status", "history", "quit", "number"):
        assert word in answers, word


def test_prompt_answers_rob_without_a_card_and_a_negative_number() -> None:
    result = run(*_ROB_GAME, stdin="rob\n-1\n")
    # the menu's first rob, its weakest discard (RULES.md §1.2: AD is the lowest diamond)
    assert "Rob which card? Type the card to discard as well, e.g. rob AD." in result.stdout
    assert "There is no action -1: choose 1 to 6." in result.stdout


@pytest.mark.parametrize("word", ["keep", "decline", "announce"])
def test_prompt_accepts_the_word_of_its_menu(word: str) -> None:
    result = run(*_ROB_GAME, stdin=f"{word}\n")
    assert '  6) decline-rob: keep your hand, "I play these"' in result.stdout
    assert 'You decline the turned-up Ace: "I play these".' in result.stdout


def test_end_of_input_ends_the_prompt_line_first() -> None:
    result = run(*_ROB_GAME, stdin="")
    assert_clean_error(result, "game abandoned: standard input ended", code=1)
    assert result.stdout.endswith("(or an action, 'help', 'status', 'history', 'quit'): \n")


def test_quit_then_nothing_more_is_asked() -> None:
    result = run(*_ROB_GAME, stdin="quit\n1\n")
    assert result.stdout.count("Choose 1-6") == 1


# -- review fixes: messages --------------------------------------------------------------------

def test_option_errors_are_written_for_the_command_line() -> None:
    result = run("rules", "spoil five", "-o", "scoring=points")
    assert_clean_error(result, "-o NAME=VALUE", "-o scoring=points", "-o target=VALUE")
    assert "with_options(" not in result.stderr


def test_replay_names_an_unknown_action_type(tmp_path: Path) -> None:
    record = tf.new_hand(tf.SPOIL_FIVE, players=2, seed=1).record()
    record["actions"] = [{"type": "Fly"}]
    path = tmp_path / "fly.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert_clean_error(run("replay", str(path)), "unknown action type 'Fly' (expected one of "
                       f"{', '.join(ACTION_TYPES)})", code=1)
    assert "Pass" in ACTION_TYPES


@pytest.mark.parametrize(("variant", "seed", "says"), [
    ("spoil five", "3", ("Trick 1, you lead. You hold the Ace of trumps: you may rob the "
                         "turn-up KD before you play, or announce the Ace. If you announce, "
                         "there is no penalty; if you play without either, your Ace becomes "
                         "the lowest trump")),
    ("45", "3", "If you do not rob, announced or not, your Ace becomes the lowest trump"),
    ("25", "3", ("Before the lead: you hold the Ace of trumps and may rob the turn-up KD "
                 "(take it, discarding a card face down). If you announce instead, you cannot "
                 "win the pool (option unrobbed_ace='lowest-and-cannot-win').")),
])
def test_prompt_tells_the_holder_of_the_ace_what_not_robbing_costs(
        variant: str, seed: str, says: str) -> None:
    """The penalties follow trumpfamily.robbing.unrobbed_penalty: under "cannot-win"
    rules announcing does not save the pool; under Spoil Five's it escapes the demotion."""
    result = run("play", variant, "-n", "3", "--seed", seed, "--human", "1", "--hands", "1")
    prompt = next(x for x in result.stdout.splitlines() if x.startswith("Your turn"))
    assert says in prompt


# -- review fixes: closed streams, empty suit, renege heading, prompt input ---------------------

def _run_sh(redirect: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m trumpfamily ARGS REDIRECT`` through the shell (to close a stream)."""
    environ = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    quoted = " ".join(f"'{a}'" for a in args)
    return subprocess.run(["sh", "-c", f'"$0" -m trumpfamily {quoted} {redirect}',
                           sys.executable], capture_output=True, text=True, encoding="utf-8", timeout=TIMEOUT, env=environ,
                          check=False)


@pytest.mark.parametrize("args", [["variants"], ["rules", "45"], ["--help"]])
def test_closed_standard_output_is_one_line(args: list[str]) -> None:
    result = _run_sh(">&-", *args)
    who = f"trumpfamily {args[0]}" if not args[0].startswith("-") else "trumpfamily"
    assert result.returncode == 1, result.stderr
    assert result.stderr == f"{who}: error: standard output is closed\n"


def test_closed_standard_output_and_error_exit_quietly() -> None:
    result = _run_sh(">&- 2>&-", "variants")
    assert result.returncode == 1 and result.stdout == "" and result.stderr == ""


@pytest.mark.parametrize("args", [["play", "45", "--human", "0"], ["replay", "-"]])
def test_closed_standard_input_is_one_line(args: list[str]) -> None:
    result = _run_sh("<&-", *args)
    assert_clean_error(result, code=1)
    assert result.stderr == f"trumpfamily {args[0]}: error: standard input is closed\n"
    assert "internal error" not in result.stderr


def test_rules_refuses_an_empty_trump_suit() -> None:
    result = run("rules", "45", "--trump", "")
    assert_clean_error(result, "not a suit: ''")
    assert len(result.stderr.splitlines()) == 1 and result.stdout == ""


@pytest.mark.parametrize(("basis", "heading"), [
    ("led", "against a lower trump led"),
    ("highest", "against a lower trump than the highest played so far"),
    ("unconditional", "whatever was led"),
])
def test_rules_renege_heading_follows_renege_basis(basis: str, heading: str) -> None:
    result = run("rules", "45", "-o", f"renege_basis={basis}")
    assert result.returncode == 0, result.stderr
    headings = [x for x in result.stdout.splitlines() if x.startswith("Trumps that may renege")]
    assert headings == [f"Trumps that may renege ({heading})"]


def test_prompt_takes_only_ascii_digits() -> None:
    result = run(*_ROB_GAME, stdin="\u0663\nquit\n")  # ARABIC-INDIC DIGIT THREE
    assert "Type the action's number with the digits 0-9: choose 1 to 6." in result.stdout
    assert "You rob" not in result.stdout and "You take" not in result.stdout


def test_prompt_says_the_joker_is_not_in_the_deck() -> None:
    result = run(*_ROB_GAME, stdin="JK\nquit\n")
    assert "Not allowed: JK is not in this variant's deck." in result.stdout
    assert "not in your hand" not in result.stdout


# -- one narrator: the play loop and replay tell events (trumpfamily.narrate) ----------------

def test_play_tells_a_human_only_what_his_seat_sees() -> None:
    """A bot's rob is told to the human without its face-down discard (RULES.md §1.5), and
    no other seat's dealt cards are shown; the bots' log (no human) tells the whole truth."""
    watched = run("play", "spoil five", "-n", "3", "--seed", "3", "--hands", "1")
    assert "  P1 robs: taking KD, discarding 2H face down." in watched.stdout
    assert "  Hands: P0 2D 8H 9S 7H 9C; P1 7S 5H 2H AD AS; P2 4D 2C 5S KC QH" in watched.stdout
    played = run("play", "spoil five", "-n", "3", "--seed", "3", "--hands", "1", "--human", "0",
                 stdin="1\n" * 10)
    assert played.returncode == 0, played.stderr
    assert "  P1 robs: taking KD, discarding a card face down." in played.stdout
    assert "  Your hand: 2D 8H 9S 7H 9C" in played.stdout
    assert "2H" not in played.stdout and "Hands:" not in played.stdout


@pytest.mark.parametrize("variant", ["spoil five", "45"])
def test_play_and_replay_tell_a_game_in_the_same_words(tmp_path: Path, variant: str) -> None:
    """One format: a saved game reads the same, line for line, in the game's log and in
    its replay (the deals, robs, tricks, standings and the end of the game)."""
    saved = tmp_path / "g.json"
    played = run("play", variant, "-n", "3", "--seed", "3", "--hands", "2", "--save", str(saved))
    assert played.returncode == 0, played.stderr
    replayed = run("replay", str(saved))
    assert replayed.returncode == 0, replayed.stderr
    header, *story = played.stdout.splitlines()
    told = replayed.stdout.splitlines()
    assert told[0] == header.replace("thumb bots.", f"replay of {saved}.")
    assert told[1:-1] == story
    assert told[-1].startswith("Verified: 2 hands and ")


def test_prompt_words_the_pass() -> None:
    """Pass(): eldest's fiving prompt (RULES.md §2.1.7 (6)) answered with nothing."""
    result = run("play", "25", "-n", "2", "--seed", "0", "--human", "1", "--hands", "1",
                 "-o", "fiving=true", stdin="pass\nquit\n")
    assert "  2) pass: do not ask the dealer to five" in result.stdout
    assert ("Before the lead: as eldest hand you may ask the dealer to five (turn up a new "
            "trump suit), or pass.") in result.stdout
    assert "  You pass: no fiving." in result.stdout
    assert "  1) pass: you have nothing to rob with" in result.stdout  # the rob round


def test_play_with_colour_uses_suit_symbols_in_the_narration() -> None:
    result = run("play", "spoil five", "-n", "3", "--seed", "3", "--hands", "1",
                 "--color", "always")
    assert "Turn-up \033[31mK♦\033[0m: \033[31m♦ diamonds\033[0m are trumps." in result.stdout
    plain = run("play", "spoil five", "-n", "3", "--seed", "3", "--hands", "1",
                "--color", "never")
    assert "\033[" not in plain.stdout and "♦" not in plain.stdout
