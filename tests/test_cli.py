"""The command line, end to end: ``python -m trumpfamily COMMAND`` in a subprocess.

Each command of issue 4 is run as a user would run it, and checked for its exit status and
its output; bad input must give one clear line on standard error and a non-zero status,
never a traceback. Expected rules are computed from the library, not written out again,
so these tests check the command line, not the rules.
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

import trumpfamily as tf
from trumpfamily import cli

TIMEOUT = 60


def run(*args: str, stdin: str | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m trumpfamily ARGS`` with text output; stdin closed unless given."""
    environ = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    environ.pop("NO_COLOR", None)
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "trumpfamily", *args], input=stdin if stdin is not None else "",
        capture_output=True, text=True, encoding="utf-8", timeout=TIMEOUT, env=environ,
        check=False)


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

@pytest.mark.parametrize("command", ["variants", "rules", "explain", "play", "replay", "demo"])
def test_every_command_has_help(command: str) -> None:
    result = run(command, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: trumpfamily {command}")


def test_top_level_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("variants", "rules", "explain", "play", "replay", "demo"):
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
    assert "Trick 1: " in first.stdout and "Chips won or lost:" in first.stdout
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
    assert_clean_error(result, "game abandoned: end of input", code=1)


def test_play_human_quit() -> None:
    result = run("play", "45", "-n", "2", "--seed", "2", "--human", "0", stdin="quit\n")
    assert_clean_error(result, "game abandoned: you left the game", code=1)


# -- replay --------------------------------------------------------------------------------

def test_saved_hands_replay_and_verify(tmp_path: Path) -> None:
    saved = tmp_path / "hands.json"
    result = run("play", "maw", "-n", "5", "--seed", "8", "--hands", "2", "--save", str(saved))
    assert result.returncode == 0, result.stderr
    records = json.loads(saved.read_text(encoding="utf-8"))
    assert len(records) == 2
    result = run("replay", str(saved))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Verified:") == 2 and "Trick 1: " in result.stdout


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
    result = run()
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    assert run("demo").stdout == result.stdout


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
