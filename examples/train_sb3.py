"""Train a masked PPO agent on one tapete game against the heuristic bot.

Uses Stable-Baselines3's MaskablePPO (sb3-contrib) on tapete's Gymnasium
single-agent environment (`tapete.envs.TapeteGym`): the agent holds seat 0,
the game's heuristic bot every other seat, and observes its information
state (`observation_key="information_state"`: the game encoder's view plus
memory, one float32 vector, as MlpPolicy wants). Every `--eval-every` steps the
greedy policy plays `--eval-episodes` fresh matches; the learning curve (win
rate with 95% intervals, the fair share and a random agent's rate as
baselines) is saved as a PNG and as JSON.

Setup (the CPU build of PyTorch: never a CUDA wheel):

    .venv/bin/pip install torch==2.13.0
    .venv/bin/pip install -e '.[rl,sim]' stable-baselines3 sb3-contrib
    .venv/bin/python examples/train_sb3.py --game boon --out examples/out

About 6 minutes on one core here (150,000 steps). `make test-rl` installs
the above and runs a short training (tests/envs/test_train_example.py);
`make test` checks only this file's environment wiring, which needs no
PyTorch (`make_env`, `play_episodes`: tests/envs/test_train_wiring.py).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

import numpy as np

from tapete.envs import TapeteGym
from tapete.sim.stats import wilson

# PyTorch, Stable-Baselines3 and sb3-contrib are imported where training
# starts, so the environment wiring above them can be checked without them.


def make_env(game: str, players: int | None, seed: int) -> TapeteGym:
    env = TapeteGym(game, players, opponents="heuristic", observation_key="information_state")
    env.reset(seed=seed)
    return env


def play_episodes(env: TapeteGym, episodes: int, seed: int, policy: Any) -> float:
    """Total reward (win share) of `policy(obs, mask)` over fresh matches."""
    total = 0.0
    for i in range(episodes):
        obs, _ = env.reset(seed=seed + i)
        done = False
        reward = 0.0
        while not done:
            action = policy(obs, env.action_masks())
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        total += float(reward)
    return total


def evaluator(env: TapeteGym, every: int, episodes: int, seed: int) -> Any:
    """A Stable-Baselines3 callback: the greedy win rate against the heuristic bot every `every` steps."""
    from stable_baselines3.common.callbacks import BaseCallback

    class Evaluate(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.curve: list[dict[str, float]] = []
            self.next_at = 0

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next_at:
                self.next_at += every
                self.record()
            return True

        def record(self) -> None:
            model = self.model

            def greedy(obs: np.ndarray, mask: np.ndarray) -> int:
                action, _ = model.predict(obs, action_masks=mask, deterministic=True)
                return int(action)

            wins = play_episodes(env, episodes, seed, greedy)
            lo, hi = wilson(wins, episodes)
            point = {"steps": self.num_timesteps, "win_rate": wins / episodes, "low": lo, "high": hi}
            self.curve.append(point)
            print(json.dumps(point), flush=True)

    return Evaluate()


def plot(curve: list[dict[str, float]], random_rate: float, fair: float, title: str, path: Path) -> None:
    os.environ.setdefault("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [p["steps"] for p in curve]
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    ax.plot(steps, [p["win_rate"] for p in curve], marker="o", label="MaskablePPO (greedy)")
    ax.fill_between(steps, [p["low"] for p in curve], [p["high"] for p in curve], alpha=0.2, label="95% CI")
    ax.axhline(random_rate, color="red", linestyle=":", label=f"random agent ({random_rate:.2f})")
    ax.axhline(fair, color="gray", linestyle="--", label=f"fair share ({fair:.2f})")
    ax.set_xlabel("training steps (agent decisions)")
    ax.set_ylabel("win rate against the heuristic bot")
    ax.set_ylim(0, min(1.0, max(1.6 * fair, max(p["high"] for p in curve) + 0.05)))
    ax.set_title(title)
    ax.legend(fontsize="small")
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="boon")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--steps", type=int, default=150_000)
    parser.add_argument("--eval-every", type=int, default=15_000)
    parser.add_argument("--eval-episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path("examples/out"))
    args = parser.parse_args()
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)

    # TapeteGym has action_masks() itself, which MaskablePPO asks every step (no ActionMasker needed).
    train_env = make_env(args.game, args.players, args.seed)
    eval_env = make_env(args.game, args.players, args.seed + 1)
    rng = np.random.default_rng(args.seed)
    random_wins = play_episodes(
        eval_env, args.eval_episodes, 10_000, lambda obs, mask: rng.choice(np.flatnonzero(mask))
    )
    random_rate = random_wins / args.eval_episodes
    fair = 1.0 / eval_env.match.num_players
    print(json.dumps({"random_agent_win_rate": random_rate, "fair_share": fair}), flush=True)

    model = MaskablePPO(
        "MlpPolicy",
        train_env,
        n_steps=1_024,
        batch_size=256,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        verbose=0,
    )
    callback = evaluator(eval_env, args.eval_every, args.eval_episodes, 10_000)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=callback)
    callback.record()
    seconds = time.perf_counter() - start

    name = f"train_{args.game}"
    title = f"{args.game}: MaskablePPO vs heuristic, {eval_env.match.num_players} players"
    plot(callback.curve, random_rate, fair, title, args.out / f"{name}.png")
    summary = {
        "game": args.game,
        "players": eval_env.match.num_players,
        "steps": args.steps,
        "seconds": round(seconds, 1),
        "random_agent_win_rate": random_rate,
        "fair_share": fair,
        "curve": callback.curve,
        "final_ci_above_random": callback.curve[-1]["low"] > random_rate,
    }
    (args.out / f"{name}.json").write_text(json.dumps(summary, indent=1))
    model.save(args.out / f"{name}_model")
    print(json.dumps({k: v for k, v in summary.items() if k != "curve"}), flush=True)


if __name__ == "__main__":
    main()
