"""Learn to play Spoil Five: a numpy-only policy gradient agent that beats random play.

One seat of a three-handed Spoil Five table learns against two ``RandomPlayer`` bots, in
the Gymnasium environment ``trumpfamily.envs.gymnasium.SeatEnv`` (the ``rl`` extra). The
policy is a linear softmax over the legal action ids: ``logits = W @ x + b`` with ``x``
the encoded observation (``trumpfamily.envs.encoding``), illegal ids masked out. It is
trained by REINFORCE (the hand's chips as the return, a running-mean baseline, Adam
steps) and then measured against a uniformly random player in the same seat, on the same
evaluation deals, with the same bots: the mean chips per hand of each.

Read the evaluation, not the training line. The training means (first and last tenth of
the training hands) are over a few hundred random deals each, played with a *sampling*
policy still exploring, and a hand's chips vary a lot: at the ``tiny`` budget the last
tenth may well come out below the first by chance. The evaluation plays the greedy policy
and the random player on the same fixed deals, so the luck of the cards cancels and the
margin between them is the measure of what was learned.

Run: ``python examples/learn_spoil_five.py [--budget tiny|small|full] [--seed N]``
(``tiny``, the default, takes seconds; ``full`` a few minutes).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import numpy.typing as npt

import trumpfamily as tf
from trumpfamily.envs import encoding
from trumpfamily.envs.gymnasium import SeatEnv

#: Training hands, evaluation hands per policy.
BUDGETS: dict[str, tuple[int, int]] = {
    "tiny": (2_000, 2_000),
    "small": (8_000, 4_000),
    "full": (30_000, 10_000),
}
PLAYERS = 3
Vector = npt.NDArray[np.float32]


class LinearPolicy:
    """A softmax over the legal action ids, linear in the observation."""

    def __init__(self, size: int, actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, size), dtype=np.float64)
        self.b = np.zeros(actions, dtype=np.float64)
        self.rng = rng
        # Adam's moment estimates
        self.m = [np.zeros_like(self.w), np.zeros_like(self.b)]
        self.v = [np.zeros_like(self.w), np.zeros_like(self.b)]
        self.t = 0

    def probabilities(self, x: Vector, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
        legal = mask.astype(bool)
        logits = np.full(mask.shape, -np.inf)
        logits[legal] = self.w[legal] @ x + self.b[legal]
        logits -= logits[legal].max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def act(self, obs: dict[str, Any], greedy: bool = False) -> int:
        p = self.probabilities(obs["observation"], obs["action_mask"])
        return int(p.argmax()) if greedy else int(self.rng.choice(len(p), p=p))

    def update(self, episodes: list[tuple[list[tuple[Vector, Any, int]], float]],
               baseline: float, rate: float) -> None:
        """One Adam step along the REINFORCE gradient of a batch of episodes."""
        gw = np.zeros_like(self.w)
        gb = np.zeros_like(self.b)
        for steps, ret in episodes:
            advantage = ret - baseline
            for x, mask, action in steps:
                p = self.probabilities(x, mask)
                p[action] -= 1.0  # minus the gradient of log p[action] w.r.t. the logits
                rows = np.flatnonzero(p)
                gw[rows] -= advantage * np.outer(p[rows], x)
                gb[rows] -= advantage * p[rows]
        self.t += 1
        for i, (param, grad) in enumerate(((self.w, gw), (self.b, gb))):
            grad /= len(episodes)
            self.m[i] = 0.9 * self.m[i] + 0.1 * grad
            self.v[i] = 0.999 * self.v[i] + 0.001 * grad * grad
            m = self.m[i] / (1 - 0.9 ** self.t)
            v = self.v[i] / (1 - 0.999 ** self.t)
            param += rate * m / (np.sqrt(v) + 1e-8)


def train(env: SeatEnv, policy: LinearPolicy, hands: int, seed: int, batch: int = 16,
          rate: float = 0.03) -> list[float]:
    """REINFORCE over ``hands`` training hands (deals seeded from ``seed``); the mean
    return of each batch."""
    baseline = 0.0
    curve: list[float] = []
    env.reset(seed=seed)
    episodes: list[tuple[list[tuple[Vector, Any, int]], float]] = []
    for _ in range(hands):
        obs, _ = env.reset()
        steps: list[tuple[Vector, Any, int]] = []
        ret, done = 0.0, False
        while not done:
            action = policy.act(obs)
            steps.append((obs["observation"], obs["action_mask"], action))
            obs, reward, done, _, _ = env.step(action)
            ret += reward
        episodes.append((steps, ret))
        if len(episodes) == batch:
            mean = sum(r for _, r in episodes) / batch
            policy.update(episodes, baseline, rate)
            baseline += 0.05 * (mean - baseline)
            curve.append(mean)
            episodes = []
    return curve


def evaluate(env: SeatEnv, choose: Any, hands: int, seed: int) -> float:
    """The mean chips per hand of ``choose(obs) -> id`` over ``hands`` seeded deals."""
    total = 0.0
    for k in range(hands):
        obs, _ = env.reset(seed=seed + k)
        done = False
        while not done:
            obs, reward, done, _, _ = env.step(choose(obs))
            total += reward
    return total / hands


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", choices=sorted(BUDGETS), default="tiny")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    train_hands, eval_hands = BUDGETS[args.budget]
    env = SeatEnv(tf.SPOIL_FIVE, players=PLAYERS, seat=0)
    size = encoding.observation_size(tf.SPOIL_FIVE, PLAYERS)
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(size, tf.actions.ACTION_COUNT, rng)
    start = time.perf_counter()
    curve = train(env, policy, train_hands, seed=args.seed)
    took = time.perf_counter() - start
    eval_seed = 10_000_000 + 100_000 * args.seed
    pick = np.random.default_rng(args.seed + 1)
    random_mean = evaluate(env, lambda o: int(pick.choice(np.flatnonzero(o["action_mask"]))),
                           eval_hands, eval_seed)
    learned_mean = evaluate(env, lambda o: policy.act(o, greedy=True), eval_hands, eval_seed)
    first = float(np.mean(curve[: max(1, len(curve) // 10)]))
    last = float(np.mean(curve[-max(1, len(curve) // 10):]))
    print(f"Spoil Five, {PLAYERS} players, seat 0 against RandomPlayer bots; budget "
          f"{args.budget!r}: {train_hands} training hands in {took:.1f} s")
    print(f"training: mean chips per hand {first:+.3f} (first tenth) -> {last:+.3f} "
          "(last tenth; noisy: sampled play on different deals)")
    print(f"evaluation over {eval_hands} deals, mean chips per hand: "
          f"random {random_mean:+.3f}, learned {learned_mean:+.3f}, "
          f"margin {learned_mean - random_mean:+.3f} (the same deals for both: the measure)")
    return {"random": random_mean, "learned": learned_mean, "first": first, "last": last}


if __name__ == "__main__":
    main()
