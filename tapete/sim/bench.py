"""Random-playout speed of a game on one core."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from tapete.engine import Game, State


def random_step(state: State, rng: random.Random) -> None:
    """One uniformly random legal action (optional reactions 1 time in 4)."""
    required = state.required_actors()
    actors = state.actors()
    if len(actors) > len(required) and rng.random() < 0.25:
        seat = rng.choice([s for s in actors if s not in required])
    else:
        seat = required[0] if len(required) == 1 else rng.choice(required)
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.randrange(len(legal))])


def random_match(game: Game, num_players: int, seed: int, options: dict[str, Any] | None = None) -> int:
    """Play one random match; return the number of actions."""
    rng = random.Random(seed)
    state = game.new_match(num_players, seed, options)
    steps = 0
    while not state.is_terminal():
        random_step(state, rng)
        steps += 1
    return steps


@dataclass
class BenchResult:
    game: str
    players: int
    actions_per_s: float
    matches_per_s: float
    clones_per_s: float
    roundtrips_per_s: float
    mean_actions: float

    def to_json(self) -> dict[str, Any]:
        return {k: (round(v, 1) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


def bench(game: Game, num_players: int, seconds: float = 5.0, options: dict[str, Any] | None = None) -> BenchResult:
    # playouts
    deadline = time.perf_counter() + seconds * 0.6
    start = time.perf_counter()
    matches = actions = 0
    while time.perf_counter() < deadline or matches == 0:
        actions += random_match(game, num_players, 1000 + matches, options)
        matches += 1
    elapsed = time.perf_counter() - start
    # clone and JSON round trip on mid-match states
    rng = random.Random(7)
    samples = []
    for i in range(20):
        state = game.new_match(num_players, 50 + i, options)
        for _ in range(rng.randrange(5, 60)):
            if state.is_terminal():
                break
            random_step(state, rng)
        samples.append(state)
    clones = _rate(lambda s: s.clone(), samples, seconds * 0.2)
    trips = _rate(lambda s: game.state_from_json(s.to_json(), check=False), samples, seconds * 0.2)
    return BenchResult(game.id, num_players, actions / elapsed, matches / elapsed, clones, trips, actions / matches)


def _rate(fn: Any, samples: list[State], seconds: float) -> float:
    count = 0
    start = time.perf_counter()
    while True:
        for s in samples:
            fn(s)
        count += len(samples)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed
