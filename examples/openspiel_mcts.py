"""OpenSpiel's ISMCTS bot plays Spoil Five against random bots (issue 12, part 4).

Seat 0 is OpenSpiel's information-set Monte Carlo tree search
(``open_spiel.python.algorithms.ismcts``) with a random-rollout evaluator; the other seats
play uniformly random legal moves. Each hand is one OpenSpiel episode of the game
``python_trumpfamily_spoil_five``: the deal through chance nodes, then the seats' moves.
The search sees only what its seat sees: it samples the unseen cards with the state's
``resample_from_infostate``.

Run it as ``python examples/openspiel_mcts.py [HANDS] [SIMULATIONS]`` (default: 3 hands,
40 simulations a move, a few seconds). Needs the ``rl`` extra:
``pip install 'trumpfamily[rl]'``.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import numpy as np

from trumpfamily.envs import openspiel  # registers the games with OpenSpiel

PLAYERS = 3


def play_hand(game: Any, bot: Any, rng: np.random.RandomState) -> list[float]:
    """One hand: chance deals, seat 0 asks the bot, the others move at random."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            cards, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(cards, p=chances)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    return returns


def main(hands: int = 3, simulations: int = 40) -> None:
    # OpenSpiel ships no type information: its modules are loaded as untyped values.
    ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")
    mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")
    game = openspiel.load_game("Spoil Five", players=PLAYERS)
    rng = np.random.RandomState(2024)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0,
                           max_simulations=simulations, random_state=rng)
    print(f"{game.get_type().long_name}, {PLAYERS} players: seat 0 is ISMCTS "
          f"({simulations} simulations a move), seats 1-{PLAYERS - 1} play at random")
    print(f"each hand is dealt by seat 0 into a fresh pool; a seat's return is its net "
          f"chips, from {game.min_utility():+.0f} to {game.max_utility():+.0f}")
    totals = [0.0] * PLAYERS
    for number in range(1, hands + 1):
        returns = play_hand(game, bot, rng)
        totals = [t + r for t, r in zip(totals, returns, strict=True)]
        chips = " ".join(f"{r:+.0f}" for r in returns)
        print(f"hand {number}: chips {chips}")
    print("total chips: " + " ".join(f"seat {s} {t:+.0f}" for s, t in enumerate(totals)))


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
