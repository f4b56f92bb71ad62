"""How fast could the public hand loop be? A ceiling for issue 10's public-loop criterion.

``bench_engine.play_hands`` drives random Spoil Five hands (5 players) the way a game
server does: per action ``state.view(seat)`` (a :class:`~trumpfamily.SeatView` with the
legal actions), ``RandomPlayer.choose(view)``, ``state.apply(action)`` (a new immutable
:class:`~trumpfamily.HandState`), and ``state.outcome`` at the end. This script plays the
same hands, action for action, in one inlined loop that builds exactly the same values per
action (the same ``HandState`` tuple, the same ``SeatView``, the same tuple of legal
``Play`` actions, the same ``Trick`` and outcome) and does nothing else: no argument
checks, no method dispatch, no refusal machinery, the common play case only (rob prompts,
fiving, claims and penalties go through the engine). It reads engine internals and is
therefore a measuring instrument, not an API: it checks first that its hands are the
engine's hands (the same history and outcome, hand by hand) and stops if not.

Whatever the engine does, its public loop cannot beat this loop by much, because both
build the same objects; so ``ceiling / previous release`` bounds what any rework behind the
same public API can give. With ``--old PYTHON`` (an interpreter with the previous release
installed), the previous release's ``play_hands`` runs in alternating subprocesses and
the ratios to it are printed.

Run: ``python benchmarks/bench_ceiling.py [--hands 2000] [--rounds 4] [--old PYTHON]``.
Ratios only: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import trumpfamily as tf
from trumpfamily import engine as _engine
from trumpfamily.outcomes import Phase, SeatView, Trick
from trumpfamily.scoring import HandEnd, pool_result
from trumpfamily.tables import legal_mask

HERE = Path(__file__).resolve().parent
PLAYERS = 5

_new = tuple.__new__
_PLAY = _engine._PLAY
_TURNS = _engine._PLAY_TURNS
_RESULT = _engine._Result
_F = {name: i for i, name in enumerate(_engine._FIELDS)}
SEATING, DECK, HANDS, TRICKS, COUNTS, TRICK, LEADER, TO_ACT, PHASE, PUBLIC, STATUS, RESULT = (
    _F[name] for name in ("_seating", "deck", "hands", "tricks", "trick_counts",
                          "current_trick", "leader", "to_act", "phase", "_public", "_status",
                          "_result")
)
PLAY, CLAIM, OVER, WIN = Phase.PLAY, Phase.CLAIM, Phase.OVER, HandEnd.WIN


def ceiling_hands(variant: tf.Variant, hands: int, keep: list[Any] | None = None) -> int:
    """The loop of ``bench_engine.play_hands``, inlined; returns the actions applied.

    Args:
        variant: a turn-up preset without partnerships.
        hands: hands to play (seeds ``0..hands-1``, dealer ``i % 5``, as play_hands).
        keep: if given, each finished state is appended (to compare with the engine's).
    """
    bots = [tf.RandomPlayer(seed=seat) for seat in range(PLAYERS)]
    actions = 0
    for i in range(hands):
        state: Any = tf.new_hand(variant, players=PLAYERS, dealer=i % PLAYERS, seed=i)
        while state[RESULT] is None:
            st, s = state[STATUS], state[SEATING]
            rob = st.rob
            if not (state[PHASE] is PLAY and not st.five
                    and (rob is None or st.rob_done is not None) and not st.barred
                    and not s.partners and st.demoted is None and st.jinker is None):
                seat = state[TO_ACT]  # anything but a plain play: the engine
                state = state.apply(bots[seat].choose(state.view(seat)))
                actions += 1
                continue
            seat, hand, trick = state[TO_ACT], state[HANDS][state[TO_ACT]], state[TRICK]
            cards = hand
            if trick:
                held = 0
                for c in hand:
                    held |= c.bit
                ok, code = legal_mask(held, trick[0].index, st.ctx.masks, ())
                if code:
                    cards = tuple([c for c in hand if c.bit & ok])
            legal = tuple([_PLAY[c] for c in cards])
            view = _new(SeatView, (
                seat, s.players, s.dealer, s.variant, PLAY, seat, st.trump,
                None if st.taken else st.turn_up, hand, trick, state[LEADER], state[TRICKS],
                state[COUNTS], s.sides, legal, st.robbed_by, st.announced, None, (), None,
                st.fived, s.needed if s.pool else None, st.turn_up, None, None,
                state[PUBLIC], None, None,
            ))
            card = bots[seat].choose(view).card
            actions += 1
            after = list(state[HANDS])
            after[seat] = tuple([c for c in hand if c is not card])
            trick = trick + (card,)
            history = state[PUBLIC] + (_TURNS[seat][card],)
            if len(trick) < PLAYERS:
                state = _new(type(state), (
                    s, state[DECK], tuple(after), state[TRICKS], state[COUNTS], trick,
                    state[LEADER], s.nxt[seat], PLAY, history, st, None, None,
                ))
                continue
            leader = state[LEADER]
            winner = (leader + st.ctx.winner(trick)) % PLAYERS
            counts = list(state[COUNTS])
            counts[winner] += 1
            tricks = state[TRICKS] + (Trick(trick, leader, winner),)
            played, won = len(tricks), counts[winner]
            end = pool_result(counts, winner, played=played, needed=s.needed,
                              may_jink=s.jinking, swept=won == played)
            if end is None:
                claim = s.jinking and won >= s.needed and won == played and played < 5
                state = _new(type(state), (
                    s, state[DECK], tuple(after), tricks, tuple(counts), (), winner, winner,
                    CLAIM if claim else PLAY, history, st, None, None,
                ))
            else:
                state = _new(type(state), (
                    s, state[DECK], tuple(after), tricks, tuple(counts), (), winner, None,
                    OVER, history, st, _RESULT(end, winner if end is WIN else None), None,
                ))
        assert state.outcome is not None
        if keep is not None:
            keep.append(state)
    return actions


def _engine_hands(variant: tf.Variant, hands: int) -> list[Any]:
    """The finished states of ``bench_engine.play_hands``'s hands, through the engine."""
    bots = [tf.RandomPlayer(seed=seat) for seat in range(PLAYERS)]
    out = []
    for i in range(hands):
        state = tf.new_hand(variant, players=PLAYERS, dealer=i % PLAYERS, seed=i)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = state.apply(bots[seat].choose(state.view(seat)))
        out.append(state)
    return out


def same_hands(variant: tf.Variant, hands: int) -> int:
    """How many of ``hands`` hands the ceiling loop plays exactly as the engine does
    (equal final states: the same history, deck and outcome)."""
    mine: list[Any] = []
    ceiling_hands(variant, hands, keep=mine)
    return sum(a == b and a.outcome == b.outcome
               for a, b in zip(mine, _engine_hands(variant, hands), strict=True))


def _best(run: Callable[[], object], hands: int, repeats: int = 3) -> float:
    """Best of ``repeats`` timed runs, in microseconds per hand (after a warm-up run)."""
    run()
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t0)
    return best / hands * 1e6


# Each round: one fresh subprocess per interpreter (current: engine and ceiling; --old:
# the previous release's play_hands), in alternating order.
_CHILD = r"""
import sys
sys.path.insert(0, sys.argv[1])
import bench_engine, bench_ceiling as c, trumpfamily as tf
hands = int(sys.argv[2])
print(c._best(lambda: bench_engine.play_hands(tf.SPOIL_FIVE, hands), hands),
      c._best(lambda: c.ceiling_hands(tf.SPOIL_FIVE, hands), hands))
"""

_OLD_CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
import bench_engine, trumpfamily as tf
hands = int(sys.argv[2])
run = lambda: bench_engine.play_hands(tf.SPOIL_FIVE, hands)
run()
best = float("inf")
for _ in range(3):
    t0 = time.perf_counter(); run(); best = min(best, time.perf_counter() - t0)
print(best / hands * 1e6)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000, help="hands per timed run")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds")
    parser.add_argument("--check", type=int, default=1000, help="hands compared first")
    parser.add_argument("--old", help="an interpreter with the previous release installed")
    args = parser.parse_args(argv)
    same = same_hands(tf.SPOIL_FIVE, args.check)
    print(f"the ceiling loop plays {same:,} of {args.check:,} Spoil Five hands exactly as the "
          "engine does")
    if same != args.check:
        print("the ceiling loop is not the engine's loop: no timing", file=sys.stderr)
        return 1
    times: dict[str, list[float]] = {"engine": [], "ceiling": [], "old": []}
    for number in range(args.rounds):
        sides = ["new"] + (["old"] if args.old else [])
        for side in sides if number % 2 == 0 else sides[::-1]:
            if side == "new":
                cmd = [sys.executable, "-c", _CHILD, str(HERE), str(args.hands)]
            else:
                cmd = [args.old, "-I", "-c", _OLD_CHILD, str(HERE), str(args.hands)]
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
            if done.returncode != 0:
                print(f"{side} failed:\n{done.stderr[-2000:]}", file=sys.stderr)
                return 1
            figures = [float(x) for x in done.stdout.split()]
            if side == "new":
                times["engine"].append(figures[0])
                times["ceiling"].append(figures[1])
            else:
                times["old"].append(figures[0])
        print(f"  round {number + 1}/{args.rounds} done")
    best = {name: min(values) for name, values in times.items() if values}
    print("best microseconds per hand (context only): "
          + ", ".join(f"{name} {value:.1f}" for name, value in best.items()))
    print(f"ceiling / engine speed: {best['engine'] / best['ceiling']:.2f}x")
    if "old" in best:
        print(f"engine / previous release: {best['old'] / best['engine']:.2f}x; "
              f"ceiling / previous release: {best['old'] / best['ceiling']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
