"""Write ``tests/data/engine-golden.jsonl``: seeded hands and games played by the engine as it
was before its restructuring, for ``tests/test_differential.py``.

Run it with the *previous* engine installed (commit e58de67, the last commit before the
restructuring), from the repository root::

    git clone -q . /work/old && git -C /work/old checkout -q e58de67
    python3 -m venv /work/old/.venv && /work/old/.venv/bin/pip install -q -e /work/old
    /work/old/.venv/bin/python tests/tools/make_golden.py

The script refuses to run on an engine that already has the ``Pass`` action (the new one)
unless ``--force`` is given. Everything is seeded, so two runs write the same file.

What is recorded:

* About 2,500 hands. Each hand picks a preset and a *scenario*, which fixes some options
  (robbing on with each ``rob_timing`` and ``holder_rob``, fiving with two players, the
  joker, partnerships, points or pool scoring, jinking) and adds random option changes drawn
  from :data:`trumpfamily.variants.OPTION_SPECS` (combinations that raise
  :class:`~trumpfamily.InvalidVariantError` are drawn again). Then a valid player count, a
  dealer and a seeded deck (``tf.new_hand(..., seed=...)``), and actions drawn by a seeded
  :class:`random.Random` among ``state.legal_actions()`` until the hand is over. A few
  scenarios look for a rare event (a turned-up joker, a jink, fiving asked) over a few seeds
  and keep the first hand that shows it.
* About 150 whole games (``tf.Game(...).play([tf.RandomPlayer(seed=i) ...])``), only in
  configurations the restructuring does not change: never robbing with
  ``rob_timing="before-lead"``, never fiving with two players.

The file format (compact JSON, one object a line):

* line 1, ``{"kind": "header", ...}``: the format version, where the engine came from and
  ``"presets"``: every preset's full ``options()`` as the old engine had them.
* ``{"kind": "hand", ...}``: a compact form of ``state.record()`` plus ``"outcome"`` (see
  :func:`outcome_fields`). To keep the file small, ``"options"`` holds only the options that
  differ from the preset's (the header pins the rest), ``"deck"`` is one space-separated
  string and each action is a short text (``"Play 5H"``, ``"Rob 8C"``, ``"DeclineRob"``).
  :func:`expand_record` gives back exactly ``state.record()``; the script checks that for
  every hand, and that ``tf.replay`` of it rebuilds the same state.
* ``{"kind": "game", ...}``: the game's set-up and its end (see :func:`game_fields`).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

import trumpfamily as tf
from trumpfamily import actions as tf_actions
from trumpfamily.variants import OPTION_SPECS

__all__ = [
    "FORMAT",
    "GOLDEN",
    "decode_action",
    "encode_action",
    "expand_record",
    "full_options",
    "game_fields",
    "load_golden",
    "outcome_fields",
]

#: The golden file's format version.
FORMAT = 1
#: Where the golden file lives.
GOLDEN = Path(__file__).resolve().parent.parent / "data" / "engine-golden.jsonl"

_SEPARATORS = (",", ":")

# Upper bounds for the int options that have none (random draws only).
_INT_CAPS = {"ante": 4, "dealer_ante": 6, "points_per_trick": 10, "target": 60}


# -- the format, shared with tests/test_differential.py ------------------------------------


def encode_action(action: Mapping[str, Any]) -> str:
    """A record's action dict as short text: ``{"type": "Play", "card": "5H"}`` -> ``"Play 5H"``."""
    args = [str(value) for key, value in sorted(action.items()) if key != "type"]
    return " ".join([str(action["type"]), *args])


def decode_action(text: str) -> dict[str, Any]:
    """Short action text back to a record's action dict (the inverse of :func:`encode_action`)."""
    kind, *args = text.split()
    cls = tf_actions.ACTION_TYPES[kind]
    names = sorted(field.name for field in attrs.fields(cls))
    if len(names) != len(args):
        raise ValueError(f"action {text!r}: {kind} takes {names}")
    return {"type": kind, **dict(zip(names, args, strict=True))}


def full_options(
    line: Mapping[str, Any], presets: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """Every option of a golden line: the preset's options (from the header) with the line's
    changes applied."""
    return {**presets[line["variant"]], **line["options"]}


def expand_record(
    line: Mapping[str, Any], presets: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """The ``state.record()`` of a golden hand line (the header's ``presets`` fill in the
    options the line does not repeat)."""
    return {
        "variant": line["variant"],
        "options": full_options(line, presets),
        "players": line["players"],
        "dealer": line["dealer"],
        "deck": line["deck"].split(),
        "actions": [decode_action(text) for text in line["actions"]],
        "format": line["record_format"],
    }


def _card(card: object) -> str | None:
    return None if card is None else str(card)


def _list(values: Any) -> list[Any] | None:
    return None if values is None else list(values)


def outcome_fields(outcome: Any) -> dict[str, Any]:
    """The compared fields of a :class:`~trumpfamily.HandOutcome`, as JSON data (tuples as
    lists, cards as text, barred seats as a list of ints)."""
    return {
        "tricks": list(outcome.tricks),
        "side_tricks": list(outcome.side_tricks),
        "tricks_played": outcome.tricks_played,
        "winner": outcome.winner,
        "winner_seats": list(outcome.winner_seats),
        "spoil": outcome.spoil,
        "claimed": outcome.claimed,
        "jink_tried": outcome.jink_tried,
        "jink_succeeded": outcome.jink_succeeded,
        "points": _list(outcome.points),
        "side_points": _list(outcome.side_points),
        "best_trump": _card(outcome.best_trump),
        "best_trump_trick": outcome.best_trump_trick,
        "all_five": outcome.all_five,
        "barred": [barred.seat for barred in outcome.barred],
    }


def game_outcome_fields(outcome: Any) -> dict[str, Any]:
    """The compared fields of one outcome of a game."""
    return {
        "tricks": list(outcome.tricks),
        "winner": outcome.winner,
        "points": _list(outcome.points),
        "side_points": _list(outcome.side_points),
    }


def game_fields(game: Any) -> dict[str, Any]:
    """The compared end of a :class:`~trumpfamily.Game`: chips, pool, scores, winner,
    is_over and its complete outcomes (a new-engine outcome with ``complete=False``, the
    unfinished last hand of a points game, is left out)."""
    outcomes = [o for o in game.outcomes if getattr(o, "complete", True)]
    return {
        "chips": list(game.chips),
        "pool": game.pool,
        "scores": list(game.scores),
        "winner": game.winner,
        "is_over": game.is_over,
        "n_outcomes": len(outcomes),
        "outcomes": [game_outcome_fields(o) for o in outcomes],
    }


def load_golden(
    path: Path = GOLDEN,
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Read a golden file: ``(header, hands, games)``."""
    header: dict[str, Any] = {}
    hands: list[dict[str, Any]] = []
    games: list[dict[str, Any]] = []
    with path.open(encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            line = json.loads(text)
            kind = line.get("kind")
            if kind == "header":
                header = line
            elif kind == "hand":
                hands.append(line)
            elif kind == "game":
                games.append(line)
            else:
                raise ValueError(f"{path}:{number}: unknown kind {kind!r}")
    if header.get("format") != FORMAT:
        raise ValueError(f"{path}: expected a header of format {FORMAT}, got {header!r:.100}")
    return header, hands, games


# -- drawing configurations ------------------------------------------------------------------


def _random_value(rng: random.Random, name: str) -> Any:
    spec = OPTION_SPECS[name][1]
    if spec.optional and rng.random() < 0.1:
        return None
    if spec.kind == "choice":
        return rng.choice(spec.values)
    if spec.kind == "flag":
        return rng.random() < 0.5
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else _INT_CAPS.get(name, low + 10)
    return rng.randint(low, high)


def _random_changes(rng: random.Random, count: int) -> dict[str, Any]:
    names = rng.sample(sorted(OPTION_SPECS), count)
    return {name: _random_value(rng, name) for name in names}


def _rob(rng: random.Random) -> dict[str, Any]:
    return {
        "robbing": True,
        "rob_timing": rng.choice(OPTION_SPECS["rob_timing"][1].values),
        "holder_rob": rng.choice(OPTION_SPECS["holder_rob"][1].values),
        "dealer_rob": rng.choice(OPTION_SPECS["dealer_rob"][1].values),
        "unrobbed_ace": rng.choice(OPTION_SPECS["unrobbed_ace"][1].values),
    }


def _points(rng: random.Random) -> dict[str, Any]:
    return {
        "scoring": "points",
        "points_per_trick": rng.choice([5, 5, 1, 3, 10]),
        "best_trump_bonus": rng.choice(OPTION_SPECS["best_trump_bonus"][1].values),
        "target": rng.choice([25, 45, 30, 60, 15]),
        "five_tricks": rng.choice(OPTION_SPECS["five_tricks"][1].values),
        "target_tie": rng.choice(OPTION_SPECS["target_tie"][1].values),
    }


def _pool(rng: random.Random) -> dict[str, Any]:
    changes: dict[str, Any] = {
        "scoring": "pool",
        "tricks_to_win": rng.choice([3, 3, 3, 2, 4]),
        "two_trick_win_above": rng.choice([None, None, 4, 5]),
        "ante": rng.randint(0, 3),
        "dealer_ante": rng.randint(0, 4),
        "spoil_ante": rng.choice(OPTION_SPECS["spoil_ante"][1].values),
        "jinking": rng.random() < 0.7,
    }
    changes["jink_bonus"] = rng.choice(OPTION_SPECS["jink_bonus"][1].values)
    return changes


def _with_pool_options(rng: random.Random, changes: dict[str, Any]) -> dict[str, Any]:
    """``changes`` plus what a pool game needs (a Forty-Five preset has no pool options)."""
    extra = _pool(rng)
    extra.update(changes)
    return extra


@attrs.frozen
class Scenario:
    """A way to draw a hand: forced option changes, preferred player counts, a wish."""

    name: str
    weight: int
    changes: Callable[[random.Random], dict[str, Any]]
    players: tuple[int, ...] = ()
    extra: tuple[int, int] = (0, 2)
    deck_wish: str | None = None  # "joker-up": the turn-up is the joker
    outcome_wish: str | None = None  # "jink" / "five": the hand shows it
    tries: int = 1


def _fiving2(rng: random.Random) -> dict[str, Any]:
    changes = {"fiving": True, "partnerships": "none"}
    if rng.random() < 0.75:
        changes.update(_rob(rng))
    else:
        changes["robbing"] = False
    return changes


def _joker(rng: random.Random) -> dict[str, Any]:
    changes: dict[str, Any] = {"joker": rng.choice(["third", "fourth"])}
    if rng.random() < 0.5:
        changes["renege_cards"] = "5-J-JK-AH"
    if rng.random() < 0.7:
        changes.update(_rob(rng))
    return changes


def _partners(rng: random.Random) -> dict[str, Any]:
    changes: dict[str, Any] = {
        "partnerships": rng.choice(["pairs", "threes", "pairs-at-four", "pairs"])
    }
    if rng.random() < 0.5:
        changes.update(_rob(rng))
    return changes


def _jinking(rng: random.Random) -> dict[str, Any]:
    changes = _pool(rng)
    changes["jinking"] = True
    changes["tricks_to_win"] = 3
    changes["two_trick_win_above"] = None
    return changes


SCENARIOS: tuple[Scenario, ...] = (
    Scenario("preset", 8, lambda rng: {}, extra=(0, 0)),
    Scenario("random", 18, lambda rng: {}, extra=(1, 5)),
    Scenario("rob", 26, _rob),
    Scenario("fiving-2", 8, _fiving2, players=(2,), extra=(0, 1)),
    Scenario(
        "fiving-2-asked", 4, _fiving2, players=(2,), extra=(0, 1), outcome_wish="five", tries=8
    ),
    Scenario("joker", 5, _joker),
    Scenario("joker-up", 5, _joker, deck_wish="joker-up", tries=400),
    Scenario("partnerships", 8, _partners),
    Scenario("points", 7, _points),
    Scenario("pool", 6, _pool),
    Scenario(
        "jinking", 5, _jinking, players=(2, 3, 4), extra=(0, 1), outcome_wish="jink", tries=25
    ),
)


def _variant(rng: random.Random, scenario: Scenario) -> tuple[tf.Variant, dict[str, Any]]:
    """A preset and a valid set of changes for ``scenario`` (drawn again while invalid)."""
    for _ in range(200):
        preset = tf.VARIANTS[rng.choice(sorted(tf.VARIANTS))]
        changes = scenario.changes(rng)
        extra = _random_changes(rng, rng.randint(*scenario.extra))
        for name, value in extra.items():
            changes.setdefault(name, value)
        if changes.get("scoring", preset.scoring.scoring) == "pool" and (
            preset.scoring.scoring == "points" or rng.random() < 0.3
        ):
            changes = _with_pool_options(rng, changes)
        if scenario.name == "points":
            changes.update(_points(rng))
        try:
            variant = preset.with_options(**changes)
        except tf.InvalidVariantError:
            continue
        real = {k: v for k, v in variant.options().items() if preset.options()[k] != v}
        return variant, real
    raise RuntimeError(f"no valid variant for scenario {scenario.name!r}")


def _player_counts(variant: tf.Variant) -> list[int]:
    counts = []
    for players in range(2, 11):
        try:
            variant.table.sides(players)
        except tf.PlayerCountError:
            continue
        counts.append(players)
    return counts


def _joker_up(state: tf.HandState) -> bool:
    return state.deck[state.players * 5] == tf.JK


def _wanted(state: tf.HandState, wish: str | None) -> bool:
    outcome = state.outcome
    assert outcome is not None
    if wish == "jink":
        return outcome.jink_tried
    if wish == "five":
        return any(isinstance(a, tf.AskFive) for a in state.actions)
    return True


def _play_out(state: tf.HandState, rng: random.Random) -> tf.HandState:
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def make_hand(index: int) -> dict[str, Any]:
    """Draw and play golden hand number ``index`` (deterministic in ``index``)."""
    rng = random.Random(f"trumpfamily-golden-hand-{index}")
    scenario = rng.choices(SCENARIOS, weights=[s.weight for s in SCENARIOS])[0]
    while True:
        variant, changes = _variant(rng, scenario)
        counts = _player_counts(variant)
        preferred = [n for n in counts if n in scenario.players] if scenario.players else counts
        if preferred:
            break
    players = rng.choice(preferred)
    dealer = rng.randrange(players)
    state = None
    seed = 0
    for attempt in range(scenario.tries):
        seed = rng.getrandbits(48)
        start = tf.new_hand(variant, players=players, dealer=dealer, seed=seed)
        last = attempt == scenario.tries - 1
        if scenario.deck_wish == "joker-up" and not _joker_up(start) and not last:
            continue
        state = _play_out(start, rng)
        if _wanted(state, scenario.outcome_wish) or last:
            break
    assert state is not None and state.outcome is not None
    record = state.record()
    line = {
        "kind": "hand",
        "i": index,
        "scenario": scenario.name,
        "variant": record["variant"],
        "options": changes,
        "players": players,
        "dealer": dealer,
        "seed": seed,
        "deck": " ".join(str(card) for card in record["deck"]),  # type: ignore[attr-defined]
        "actions": [encode_action(a) for a in record["actions"]],  # type: ignore[attr-defined]
        "record_format": record["format"],
        "outcome": outcome_fields(state.outcome),
    }
    return line


# -- games -----------------------------------------------------------------------------------


def _game_safe(variant: tf.Variant, players: int) -> bool:
    """Whether a game configuration is untouched by the restructuring (no rob before the
    lead, no fiving with two players)."""
    robbing = variant.robbing
    if robbing.robbing and robbing.rob_timing == "before-lead":
        return False
    return not (variant.table.fiving and players == 2)


_GAME_SCENARIOS = ("preset", "random", "points", "pool", "partnerships", "rob")


def make_game(index: int) -> dict[str, Any]:
    """Draw and play golden game number ``index`` (deterministic in ``index``)."""
    rng = random.Random(f"trumpfamily-golden-game-{index}")
    kind = _GAME_SCENARIOS[index % len(_GAME_SCENARIOS)]
    scenario = next(s for s in SCENARIOS if s.name == kind)
    for _ in range(500):
        variant, changes = _variant(rng, scenario)
        if variant.robbing.robbing and variant.robbing.rob_timing == "before-lead":
            # Twenty-Five robs before the lead: keep it in the games with the other timing.
            variant = variant.with_options(rob_timing="own-first-turn")
            preset = tf.VARIANTS[variant.name].options()
            changes = {k: v for k, v in variant.options().items() if preset[k] != v}
        counts = [n for n in _player_counts(variant) if _game_safe(variant, n)]
        if counts:
            break
    else:
        raise RuntimeError(f"no safe game for game {index}")
    players = rng.choice(counts)
    scoring = variant.scoring
    limit: int | None = rng.randint(3, 8)
    if scoring.scoring == "points":
        assert scoring.target is not None and scoring.points_per_trick is not None
        sides = len(variant.table.sides(players))
        expected_hands = scoring.target * sides / (scoring.points_per_trick * 5)
        if expected_hands <= 12 and rng.random() < 0.6:
            limit = None
    seed = rng.getrandbits(32)
    game = tf.Game(variant, players=players, seed=seed, hands=limit)
    game.play([tf.RandomPlayer(seed=i) for i in range(players)])
    return {
        "kind": "game",
        "i": index,
        "scenario": kind,
        "variant": variant.name,
        "options": changes,
        "players": players,
        "seed": seed,
        "hands": limit,
        **game_fields(game),
    }


# -- checks, coverage, main ------------------------------------------------------------------


def _check_line(line: dict[str, Any], presets: Mapping[str, Mapping[str, Any]]) -> None:
    """The compact line expands to a record that replays to the same outcome."""
    record = expand_record(line, presets)
    state = tf.replay(json.loads(json.dumps(record)))
    assert state.is_over and state.outcome is not None
    assert outcome_fields(state.outcome) == line["outcome"], line["i"]
    assert json.loads(json.dumps(state.record())) == record, line["i"]


def coverage(
    hands: list[dict[str, Any]],
    games: list[dict[str, Any]],
    presets: Mapping[str, Mapping[str, Any]],
) -> Iterator[str]:
    """Lines of text: what the golden hands and games cover."""
    count: collections.Counter[str] = collections.Counter()
    for line in hands:
        opts = full_options(line, presets)
        acts = [a.split()[0] for a in line["actions"]]
        out = line["outcome"]
        count[f"preset {line['variant']}"] += 1
        count[f"scenario {line['scenario']}"] += 1
        count[f"players {line['players']}"] += 1
        if opts["robbing"]:
            count["robbing on"] += 1
            count[f"robbing on, rob_timing={opts['rob_timing']}"] += 1
            count[f"robbing on, holder_rob={opts['holder_rob']}"] += 1
            count[f"robbing on, {opts['rob_timing']} x {opts['holder_rob']}"] += 1
        if opts["fiving"] and line["players"] == 2:
            count["fiving with 2 players"] += 1
        if opts["joker"] != "none":
            count[f"joker={opts['joker']}"] += 1
            if line["deck"].split()[line["players"] * 5] == "JK":
                count["joker turned up"] += 1
        if opts["partnerships"] != "none" and len(out["side_tricks"]) < line["players"]:
            count[f"partnerships {opts['partnerships']} (sides formed)"] += 1
        count[f"scoring={opts['scoring']}"] += 1
        if opts["scoring"] == "pool" and opts["jinking"]:
            count["pool with jinking on"] += 1
        for act in set(acts):
            count[f"action {act}"] += 1
        for flag in ("spoil", "claimed", "jink_tried", "jink_succeeded"):
            if out[flag]:
                count[f"outcome {flag}"] += 1
        if out["barred"]:
            count["outcome barred"] += 1
        if out["all_five"] is not None:
            count["outcome all_five"] += 1
        if out["best_trump"] is not None:
            count["outcome best_trump"] += 1
    yield f"{len(hands)} hands:"
    for key in sorted(count):
        yield f"  {key}: {count[key]}"
    games_count: collections.Counter[str] = collections.Counter()
    for game in games:
        opts = full_options(game, presets)
        games_count[f"preset {game['variant']}"] += 1
        games_count[f"scoring={opts['scoring']}"] += 1
        games_count["hands limit" if game["hands"] else "no hands limit"] += 1
        games_count["is_over" if game["is_over"] else "not over"] += 1
        if game["winner"] is not None:
            games_count["won"] += 1
        if opts["partnerships"] != "none":
            games_count[f"partnerships {opts['partnerships']}"] += 1
        if opts["scoring"] == "points":
            games_count[f"points, target_tie={opts['target_tie']}"] += 1
    total_hands = sum(g["n_outcomes"] for g in games)
    yield f"{len(games)} games ({total_hands} hands in all):"
    for key in sorted(games_count):
        yield f"  {key}: {games_count[key]}"


def _engine_source() -> str:
    """Where the installed trumpfamily comes from: its folder and git commit if known."""
    where = Path(tf.__file__).resolve().parent
    try:
        commit = subprocess.run(
            ["git", "-C", str(where), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return f"trumpfamily {tf.__version__} at commit {commit}"


def main(argv: list[str] | None = None) -> int:
    """Write the golden file; print its size and coverage."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2500, help="hands to record")
    parser.add_argument("--games", type=int, default=150, help="games to record")
    parser.add_argument("--out", type=Path, default=GOLDEN, help="the file to write")
    parser.add_argument(
        "--force",
        action="store_true",
        help="write even from an engine that has Pass (not the previous one)",
    )
    args = parser.parse_args(argv)
    if hasattr(tf_actions, "Pass") and not args.force:
        print(
            f"{tf.__file__} is the restructured engine (it has Pass): run this with the "
            "previous engine's interpreter, or pass --force",
            file=sys.stderr,
        )
        return 2
    presets = {name: variant.options() for name, variant in tf.VARIANTS.items()}
    header = {"kind": "header", "format": FORMAT, "engine": _engine_source(), "presets": presets}
    hands = [make_hand(i) for i in range(args.hands)]
    for line in hands:
        _check_line(line, presets)
    games = [make_game(i) for i in range(args.games)]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as f:
        for line in (header, *hands, *games):
            f.write(json.dumps(line, separators=_SEPARATORS) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes) from {header['engine']}")
    for text in coverage(hands, games, presets):
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
