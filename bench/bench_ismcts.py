"""ISMCTS iterations per second with random rollouts, like the anchors' bench_mcts.

    python bench/bench_ismcts.py [GAME] [--players N] [--positions 12] [--iterations 600] [--repeats 3]

Fixed, seeded decision positions (reached by random play, at least 2 legal
actions for the seat to move); each gets a fresh search of the same number
of iterations. Rollouts are uniformly random to the end of the round, where
the position is valued (`horizon="round"`, the bot's default); `--horizon
match` rolls out to the end of the match. Prints iterations/s of the median
repeat, and per second of this process's CPU time (steadier when other
work shares the cores). This machine's speed drifts (up to 2x): run twice.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from tapete.bots.search import ISMCTS, SearchConfig, make_evaluator, random_action
from tapete.engine import Game, Observation, State
from tapete.games import get_game


def positions(game: Game, players: int, count: int, seed: int) -> list[tuple[State, int]]:
    """Decision points of seeded random matches where one seat has >= 2 legal actions."""
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    match = 0
    while len(found) < count:
        state = game.new_match(players, seed + match)
        match += 1
        candidates: list[tuple[State, int]] = []
        while not state.is_terminal():
            actors = state.actors()
            if len(actors) == 1 and len(state.legal_actions(actors[0])) >= 2:
                candidates.append((state.clone(), actors[0]))
            random_action(state, rng, 0.1)
        if candidates:
            found.append(candidates[rng.randrange(len(candidates))])
    return found


def run(game_id: str, players: int, count: int, iterations: int, repeats: int, horizon: str) -> dict[str, object]:
    game = get_game(game_id)
    points = positions(game, players, count, 12_345)
    config = SearchConfig(iterations=iterations, horizon=horizon)

    def tree(rng: random.Random) -> ISMCTS:
        return ISMCTS(config, rng, make_evaluator(game, rng, config))

    # warm-up
    tree(random.Random(1)).search(Observation(points[0][0], points[0][1]))
    times = []
    cpu_times = []
    for rep in range(repeats):
        search = tree(random.Random(rep))
        start, cpu_start = time.perf_counter(), time.process_time()
        for state, seat in points:
            search.search(Observation(state, seat))
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
    total = iterations * len(points)
    median = statistics.median(times)
    return {
        "game": game_id,
        "players": players,
        "horizon": horizon,
        "positions": len(points),
        "iterations_per_search": iterations,
        "iters_per_s": round(total / median, 1),
        "iters_per_cpu_s": round(total / statistics.median(cpu_times), 1),
        "repeat_seconds": [round(t, 3) for t in times],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="boon")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--horizon", choices=("round", "match"), default="round")
    args = parser.parse_args()
    players = args.players or get_game(args.game).default_players
    print(json.dumps(run(args.game, players, args.positions, args.iterations, args.repeats, args.horizon)))


if __name__ == "__main__":
    main()
