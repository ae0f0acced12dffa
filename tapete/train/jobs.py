"""What every labelling method shares: the labelled decisions (`Samples`), the job an actor
process runs (`Job`), and the loop that plays a job's matches (`play_matches`).

Numpy only: actors run in worker processes or on Ray.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tapete.engine import Bot, Game, State
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.models import QNetwork
from tapete.sim.runner import MAX_ACTIONS, next_move


@dataclass
class Samples:
    """Labelled decisions: state rows, action rows and which state each action row belongs to."""

    states: list[np.ndarray] = field(default_factory=list)
    actions: list[np.ndarray] = field(default_factory=list)
    targets: list[np.ndarray] = field(default_factory=list)

    def add(self, state: np.ndarray, actions: np.ndarray, targets: np.ndarray) -> None:
        self.states.append(state.astype(np.float16))
        self.actions.append(actions.astype(np.float16))
        self.targets.append(targets.astype(np.float32))

    def __len__(self) -> int:
        return len(self.states)

    def pack(self) -> dict[str, np.ndarray]:
        """Arrays: states (N, S), actions (M, A), owner (M,) state index of each action, targets (M,)."""
        if not self.states:
            return {}
        counts = [len(a) for a in self.actions]
        return {
            "states": np.stack(self.states),
            "actions": np.concatenate(self.actions),
            "owner": np.repeat(np.arange(len(counts), dtype=np.int32), counts),
            "targets": np.concatenate(self.targets),
        }


@dataclass(frozen=True)
class Job:
    """One actor's work: matches of one game and table, labelled by one method's `settings`."""

    game_id: str
    num_players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    matches: int
    settings: Any
    weights: dict[str, np.ndarray] | None = None
    seconds: float = 0.0  # stop after this much CPU time (at least one match), when set


Seats = Callable[[Game, State, random.Random, QNetwork | None], Sequence[Bot]]
Hook = Callable[[State, Sequence[Bot], int, int], None]


def play_matches(
    job: Job, seats: Seats, before: Hook | None = None, after: Hook | None = None
) -> tuple[dict[str, float], random.Random]:
    """Play the job's matches, each seat's bot made by `seats`; `before` and `after` see every
    move (state, bots, seat, action) before and after it is applied. A match that never ends is
    dropped where it stands. Returns the counts and the job's random stream."""
    from tapete.games import get_game

    game = get_game(job.game_id)
    rng = random.Random(job.seed)
    network = QNetwork(job.weights) if job.weights is not None else None
    start = time.process_time()
    played = 0
    while played < job.matches and not (played and job.seconds and time.process_time() - start > job.seconds):
        played += 1
        state = game.new_match(job.num_players, rng.getrandbits(63), dict(job.options))
        bots = seats(game, state, rng, network)
        for seat, bot in enumerate(bots):
            bot.start(seat, state.num_players, state.options)
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            seat, action = next_move(state, bots, REACTION_WINDOW_S)
            if before is not None:
                before(state, bots, seat, action)
            deliver(state.apply(seat, action), bots)
            if after is not None:
                after(state, bots, seat, action)
    return {"matches": float(played), "cpu": time.process_time() - start}, rng
