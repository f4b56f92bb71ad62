"""A trace of the library's behaviour, for comparing the compiled and pure builds (issue 24).

Not a test module: :mod:`test_compiled` runs it under the interpreter of each build and
compares what they print. Run it by hand to find where two builds part::

    python tests/differential.py --hands 50 --seed 1            # one digest per hand
    python tests/differential.py --hands 50 --seed 1 --detail "Spoil Five" 7

What a trace holds, hand by hand, over every preset with random house rules (each option
given a random value from its specification; refused combinations traced with their
error): at every decision the phase, the seat to act, the legal actions in notation, every
seat's view as JSON, a refused action (its error class, refusal code and text), the
action taken (a seeded random choice, or the rule of thumb's choice from the view); at
the end the record as JSON and its replay. Then the rules calls on random positions
(``legal_moves``, ``trick_winner``, ``check_play`` with its refusal), ``simulate()``'s
outcomes, seeded search bots' choices and the exact solver's values. Each hand's lines are
hashed to one SHA-256 digest; the printed JSON maps each part to its digests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import trumpfamily as tf
from trumpfamily.actions import ACTION_COUNT, action_from_id
from trumpfamily.errors import TrumpFamilyError

Lines = Iterator[str]


def _error(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    return f"!{type(exc).__name__} code={code} {exc}"


def _call(fn: Callable[[], Any]) -> str:
    try:
        return repr(fn())
    except TrumpFamilyError as exc:
        return _error(exc)


def random_variant(base: tf.Variant, rng: random.Random) -> tuple[tf.Variant, list[str]]:
    """``base`` with each option given a random value from its specification, in turn; a
    refused value is kept out and its error is part of the trace."""
    notes: list[str] = []
    variant = base
    specs = sorted(base.option_specs().items())
    for name, (_, spec) in specs:
        if rng.random() < 0.5:
            continue
        if spec.kind == "choice":
            values: list[Any] = list(spec.values)
        elif spec.kind == "flag":
            values = [False, True]
        else:
            low = spec.minimum if spec.minimum is not None else 0
            high = spec.maximum if spec.maximum is not None else low + 10
            values = [rng.randint(low, high)]
        if spec.optional:
            values.append(None)
        value = rng.choice(values)
        try:
            variant = variant.with_options(**{name: value})
        except TrumpFamilyError as exc:
            notes.append(f"{name}={value!r} {_error(exc)}")
    return variant, notes


def _view_json(state: Any, seat: int) -> str:
    return json.dumps(tf.to_json(state.view(seat)), sort_keys=True)


def hand_lines(base: tf.Variant, index: int, seed: int) -> Lines:
    """The trace of one hand of ``base`` (its ``index``-th in this run)."""
    rng = random.Random(f"{seed}/{base.name}/{index}")
    variant, notes = random_variant(base, rng)
    yield f"variant {variant!r} {sorted(variant.options().items())!r} {notes!r}"
    counts = list(variant.player_counts())
    players = rng.choice(counts)
    dealer = rng.randrange(players)
    try:
        state: Any = tf.new_hand(variant, players=players, dealer=dealer, seed=rng.randrange(10**6))
    except TrumpFamilyError as exc:
        yield _error(exc)
        return
    thumb = tf.RuleOfThumbPlayer()
    every = tuple(action_from_id(i) for i in range(ACTION_COUNT))
    steps = 0
    while not state.is_over and steps < 400:
        steps += 1
        seat = state.to_act
        legal = state.legal_actions()
        yield f"{state.phase!r} {seat} {[str(a) for a in legal]}"
        for s in range(players):
            yield _view_json(state, s)
        for wrong in (players, -1, "0", 0.0, None, True):
            yield _call(lambda wrong=wrong, now=state: now.view(wrong))
            yield _call(lambda wrong=wrong, now=state, first=legal[0]: now.apply(first, wrong))
        wrong = [a for a in every if a not in legal]
        if wrong:
            bad = rng.choice(wrong)
            try:
                state.apply(bad)
                yield f"accepted {bad}"
            except TrumpFamilyError as exc:
                yield f"refused {bad} {_error(exc)}"
        if rng.random() < 0.3:
            action = thumb.choose(state.view(seat))
        else:
            action = rng.choice(legal)
        yield f"take {action}"
        state = state.apply(action)
        yield repr([repr(e) for e in state.events])
    yield repr(state.outcome) if state.is_over else "unfinished"
    record = state.record()
    yield json.dumps(record, sort_keys=True)
    again = tf.replay(record)
    yield f"replayed {again == state}"


def rules_lines(base: tf.Variant, index: int, seed: int) -> Lines:
    """Rules calls on one random position of ``base``, valid and not."""
    rng = random.Random(f"rules/{seed}/{base.name}/{index}")
    deck = list(base.ranking.deck())
    rng.shuffle(deck)
    trump = rng.choice("CDHS")
    n = rng.randint(0, 4)
    hand, trick = deck[:5], deck[5:5 + n]
    yield _call(lambda: tf.legal_moves(hand, trick, trump=trump, variant=base))
    yield _call(lambda: tf.trick_winner(deck[:max(1, n)], trump=trump, variant=base))
    for card in hand:
        yield _call(lambda card=card: tf.check_play(card, hand, trick, trump=trump, variant=base))
    yield _call(lambda: tf.legal_moves(hand + hand[:1], trick, trump=trump, variant=base))
    yield _call(lambda: tf.legal_moves(" ".join(map(str, hand)), "", trump="X", variant=base))
    yield _call(lambda: tf.is_legal(hand[0], hand, trick, trump=trump, variant=base))
    yield _call(lambda: tf.mask_table(base, trump))
    ace = f"A{trump}"
    yield _call(lambda: tf.trick_winner(deck[:max(1, n)], trump=trump, variant=base, demoted=ace))
    yield _call(lambda: tf.legal_moves(hand, trick, trump=trump, variant=base, demoted=ace))
    # The caller's wrong types, in every argument of every public rules call (compiled in
    # the compiled build): the library's errors, never a bare TypeError.
    for wrong in (None, 5, 1.5, b"x", [], True, {"5H"}, ("5H", 7)):
        yield _call(lambda wrong=wrong: tf.legal_moves(hand, trick, trump=trump, variant=wrong))
        yield _call(lambda wrong=wrong: tf.trick_winner(hand[:2], trump=trump, variant=wrong))
        yield _call(lambda wrong=wrong: tf.legal_moves(hand, trick, trump=wrong, variant=base))
        yield _call(lambda wrong=wrong: tf.legal_moves(wrong, trick, trump=trump, variant=base))
        yield _call(lambda wrong=wrong: tf.legal_moves(hand, wrong, trump=trump, variant=base))
        yield _call(lambda wrong=wrong: tf.legal_moves(hand, trick, trump=trump, variant=base,
                                                       demoted=wrong))
        yield _call(lambda wrong=wrong: tf.legal_moves((*hand[:2], wrong), trick, trump=trump,
                                                       variant=base))
        yield _call(lambda wrong=wrong: tf.trick_winner(wrong, trump=trump, variant=base))
        yield _call(lambda wrong=wrong: tf.trick_winner(hand[:2], trump=wrong, variant=base))
        yield _call(lambda wrong=wrong: tf.trick_winner(hand[:2], trump=trump, variant=base,
                                                        demoted=wrong))
        yield _call(lambda wrong=wrong: tf.check_play(wrong, hand, trick, trump=trump, variant=base))
        yield _call(lambda wrong=wrong: tf.check_play(hand[0], wrong, trick, trump=trump,
                                                      variant=base))
        yield _call(lambda wrong=wrong: tf.check_play(hand[0], hand, trick, trump=trump,
                                                      variant=wrong))
        yield _call(lambda wrong=wrong: tf.is_legal(wrong, hand, trick, trump=trump, variant=base))
        yield _call(lambda wrong=wrong: tf.is_legal(hand[0], hand, wrong, trump=trump,
                                                    variant=base))
        yield _call(lambda wrong=wrong: tf.is_legal(hand[0], hand, trick, trump=wrong,
                                                    variant=base))
        yield _call(lambda wrong=wrong: tf.mask_table(wrong, trump))
        yield _call(lambda wrong=wrong: tf.mask_table(base, wrong))
        yield _call(lambda wrong=wrong: tf.mask_table(base, trump, wrong))


def simulate_lines(base: tf.Variant, index: int, seed: int) -> Lines:
    """``simulate()``'s outcomes for a few hands of ``base``."""
    counts = base.player_counts()
    players = counts[index % len(counts)]
    for out in tf.simulate(base, players=players, hands=5, seed=seed * 1000 + index):
        yield repr(out)


def search_lines(base: tf.Variant, index: int, seed: int) -> Lines:
    """Seeded search bots' choices and the exact solver's value, from one position."""
    rng = random.Random(f"search/{seed}/{base.name}/{index}")
    players = base.player_counts()[0]
    state: Any = tf.new_hand(base, players=players, seed=rng.randrange(10**6))
    while not state.is_over and (state.phase.name != "PLAY" or len(state.hands[0]) > 2):
        state = state.apply(rng.choice(state.legal_actions()))
    if state.is_over:
        yield "over"
        return
    view = state.view(state.to_act)
    for bot in (tf.ISMCTSPlayer(iterations=30, seed=index),
                tf.SampleSolvePlayer(samples=3, seed=index)):
        yield f"{type(bot).__name__} {_call(lambda bot=bot: bot.choose(view))}"
    yield _call(lambda: tf.search.solve(state, state.to_act))


PARTS: dict[str, Callable[[tf.Variant, int, int], Lines]] = {
    "hand": hand_lines,
    "rules": rules_lines,
    "simulate": simulate_lines,
    "search": search_lines,
}
#: How many of each part per preset, for ``--hands N``: N hands, N rules positions...
SHARE: dict[str, float] = {"hand": 1.0, "rules": 4.0, "simulate": 0.2, "search": 0.1}


def digests(hands: int, seed: int) -> dict[str, list[str]]:
    """``{"part/preset": [digest, ...]}`` for ``hands`` hands per preset."""
    out: dict[str, list[str]] = {}
    for part, fn in PARTS.items():
        count = max(1, round(hands * SHARE[part]))
        for base in tf.ALL_VARIANTS.values():
            if part == "rules" and base.bidding is not None:
                continue  # the bidding games' play rules are the turn-up games' (tested there)
            key = f"{part}/{base.name}"
            out[key] = [hashlib.sha256("\n".join(fn(base, i, seed)).encode()).hexdigest()
                        for i in range(count)]
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=20, help="hands per preset (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--detail", nargs=3, metavar=("PART", "PRESET", "INDEX"),
                        help="print the lines of one item instead of the digests")
    args = parser.parse_args(argv)
    if args.detail:
        part, preset, index = args.detail
        for line in PARTS[part](tf.find_variant(preset), int(index), args.seed):
            print(line)
        return
    json.dump({"compiled": tf.compiled, "digests": digests(args.hands, args.seed)}, sys.stdout)


if __name__ == "__main__":
    main()
