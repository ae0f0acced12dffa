"""The RL environments' speed against the bare engine's, per game, in one run.

    python bench/bench_envs.py [--seconds 3] [--batch 64] [--games boon,wanted] [--json]

Per game (players as bench/bench_games.py), all rates per CPU second of this
process (`time.process_time`). The engine and the environments are measured
in turns, in rounds of a quarter of `--seconds` each, so that a change of the
machine's load during the run touches all of them alike:

- `engine_actions_per_s`: random playouts of the bare engine, the way
  `tapete bench` plays them (`tapete.sim.bench.random_match`);
- `aec_random_steps_per_s`: the PettingZoo AEC environment played by a
  uniformly random masked agent in PettingZoo's own loop (`agent_iter`),
  reading only what it needs: `last(observe=False)` and `action_mask(agent)`
  (PASS included, dead steps not counted). Every seat's encoder still hears
  its events after every action;
- `aec_observed_steps_per_s`: the same with `last()`, which builds the
  acting agent's observation dict (view, encoding, memory) every step - the
  price of a learner that reads observations;
- `batch_steps_per_s`: agent turns of `tapete.envs.batch` (--batch matches
  stepped together, random masked actions), the stacked information states
  and masks built at every step;
- `*_ratio`: each against the engine;
- `start_s`: wall seconds to make the AEC environment and reset it, the
  first time in this process (loading the game's modules included);
- `view_us`, `encode_us`, `memory_us`: CPU microseconds per step of the
  game's own parts as a bot reads them: the acting seat's view, its encoding
  of that view (`information_state`), and all seats' encoders hearing the
  step's events;
- `observe_us`: CPU microseconds per step of what an observing environment
  pays for the acting seat's information state (`EnvMatch.information_state`:
  the observation written straight from the state, `InfoEncoder.write_state`,
  without the view, then the memory).

Both the engine and the environments play random legal moves, but not the
same matches: the engine's playouts claim reactions one time in four, the
masked agents uniformly among claims and PASS.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from tapete.envs import batch, pettingzoo_env
from tapete.envs.selfplay import SelfPlay, Turn
from tapete.games import game_ids, get_game
from tapete.sim.bench import random_match

PLAYERS = {"bacan": 4, "buracco": 4, "nacho-loco": 4, "boon": 4, "wanted": 2}
ROUNDS = 4

Runner = Callable[[float], tuple[int, float]]


def engine_runner(game_id: str, players: int) -> Runner:
    game = get_game(game_id)
    played = [0]

    def run(seconds: float) -> tuple[int, float]:
        start = time.process_time()
        actions = 0
        while time.process_time() - start < seconds:
            actions += random_match(game, players, 1000 + played[0], None)
            played[0] += 1
        return actions, time.process_time() - start

    return run


def aec_runner(game_id: str, players: int, observe: bool) -> Runner:
    env = pettingzoo_env(game_id, players)
    rng = random.Random(0)
    episodes = [0]

    def run(seconds: float) -> tuple[int, float]:
        start = time.process_time()
        steps = 0
        while time.process_time() - start < seconds:
            env.reset(seed=episodes[0])
            episodes[0] += 1
            for agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last(observe=observe)
                if terminated or truncated:
                    env.step(None)
                    continue
                mask = obs["action_mask"] if obs is not None else env.action_mask(agent)
                legal = np.flatnonzero(mask.view(bool))  # 0/1 int8 read as bool: 10x faster on Nacho Loco's 25,354
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps, time.process_time() - start

    return run


def batch_runner(game_id: str, players: int, size: int) -> Runner:
    play: SelfPlay = batch(game_id, size, players, seed=0)
    rng = random.Random(0)
    turn: list[Turn] = [play.reset()]

    def run(seconds: float) -> tuple[int, float]:
        start = time.process_time()
        steps = 0
        while time.process_time() - start < seconds:
            actions = []
            for row in turn[0].action_mask:
                legal = np.flatnonzero(row)
                actions.append(int(legal[rng.randrange(len(legal))]))
            turn[0] = play.step(actions)
            steps += size
        return steps, time.process_time() - start

    return run


def parts(game_id: str, players: int, steps: int = 3_000) -> dict[str, float]:
    """CPU microseconds per step of the view, the encoding and the memory, on random play:
    the acting seat's view and its `information_state`, a second set of every seat's
    encoders hearing the step's events (`observe`, each seat its own), and the environment's
    own information state of the acting seat (`EnvMatch.information_state`)."""
    play = batch(game_id, 1, players, seed=1)
    match = play.matches[0]
    rng = random.Random(1)
    play.reset()
    shadow = [match.new_encoder(s) for s in range(players)]
    view = encode = memory = observe = 0.0
    out = np.zeros(match.size, dtype=np.float32)
    for _ in range(steps):
        seat = match.seat
        start = time.process_time()
        match.information_state(seat)
        observe += time.process_time() - start
        start = time.process_time()
        seen = match.state.view(seat)
        view += time.process_time() - start
        start = time.process_time()
        shadow[seat].information_state(seen, out)
        encode += time.process_time() - start
        legal = [*match.offered, *([match.pass_action] if match.may_pass else [])]
        match.play(seat, legal[rng.randrange(len(legal))])
        events = match.last_events
        start = time.process_time()
        for s, encoder in enumerate(shadow):
            told = [e for e in events if e.visible_to(s)]
            if told:
                encoder.observe(told)
        memory += time.process_time() - start
        if match.over or match.truncated:
            play.reset()
            shadow = [match.new_encoder(s) for s in range(players)]
    return {
        "view_us": 1e6 * view / steps,
        "encode_us": 1e6 * encode / steps,
        "memory_us": 1e6 * memory / steps,
        "observe_us": 1e6 * observe / steps,
    }


def start_time(game_id: str, players: int) -> float:
    start = time.perf_counter()
    env = pettingzoo_env(game_id, players)
    env.reset(seed=0)
    return time.perf_counter() - start


def measure(game_id: str, seconds: float, size: int) -> dict[str, Any]:
    players = PLAYERS.get(game_id, get_game(game_id).default_players)
    started = start_time(game_id, players)
    runners = {
        "engine": engine_runner(game_id, players),
        "aec_random": aec_runner(game_id, players, observe=False),
        "aec_observed": aec_runner(game_id, players, observe=True),
        "batch": batch_runner(game_id, players, size),
    }
    totals = {name: [0, 0.0] for name in runners}
    for _ in range(ROUNDS):
        for name, run in runners.items():
            count, spent = run(seconds / ROUNDS)
            totals[name][0] += count
            totals[name][1] += spent
    rate = {name: count / spent for name, (count, spent) in totals.items()}
    engine = rate["engine"]
    row: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "engine_actions_per_s": round(engine, 1),
    }
    for name in ("aec_random", "aec_observed", "batch"):
        row[f"{name}_steps_per_s"] = round(rate[name], 1)
        row[f"{name}_ratio"] = round(rate[name] / engine, 3)
    row["batch_size"] = size
    row["start_s"] = round(started, 3)
    row.update({key: round(value, 2) for key, value in parts(game_id, players).items()})
    row["engine_us"] = round(1e6 / engine, 2)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measure")
    parser.add_argument("--batch", type=int, default=64, help="matches stepped together")
    parser.add_argument("--games", default=",".join(game_ids()), help="comma-separated game ids")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args()
    for game_id in args.games.split(","):
        row = measure(game_id, args.seconds, args.batch)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print("  ".join(f"{key}={value}" for key, value in row.items()), flush=True)


if __name__ == "__main__":
    main()
