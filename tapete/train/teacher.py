"""Self-play actors: matches whose decisions are labelled by tapete's search.

Expert iteration, one step at a time: at every decision the learned bot
would make (a required choice the game deems worth a search), the teacher
rolls every candidate move out on the same sampled worlds with the game's
heuristic in every seat (the `ismcts-hard` level's paired comparisons, on a
fixed margin scale so that values compare across decisions) and records
(information state, each move's features, each move's mean value). It then
plays the move with the best value, or - once a network exists - the
network's choice part of the time, so the data follows the positions the
learned bot reaches (DAgger); now and then a random move, to see more.

Numpy only: actors run in worker processes or on Ray.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from tapete.bots.learned import Arm, NetworkSeat, proposed
from tapete.bots.search import PolicyImprovementBot, SearchConfig, level_config, paired_values
from tapete.engine import Bot, Event, Game, Observation, State
from tapete.models import QNetwork

from .jobs import Job, Samples, play_matches


@dataclass(frozen=True)
class TeacherSettings:
    worlds: int = 12  # paired worlds per decision
    explore: float = 0.05  # share of random moves after labelling
    follow_network: float = 0.0  # share of decisions where the network's choice is played
    margin_scale: float = 1.0  # the fixed margin scale of the values (calibrated per game)
    max_millis: float = 4_000.0  # a decision's wall-time cap


class Teacher(NetworkSeat):
    """The search as a labeller; see the module's docstring. Its search (the `ismcts-hard`
    level's paired comparisons) follows the match beside it, as a search bot's shadows do."""

    name = "teacher"

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        settings: TeacherSettings,
        samples: Samples,
        network: QNetwork | None = None,
    ) -> None:
        super().__init__(game, rng)
        self.settings = settings
        self.samples = samples
        self.network = network
        self.search = PolicyImprovementBot(game, random.Random(rng.getrandbits(32)), self._config(None), "hard")

    def _config(self, options: Any) -> SearchConfig:
        return replace(
            level_config(self.game, "hard", options),
            worlds=self.settings.worlds,
            margin_scale=self.settings.margin_scale,
            max_millis=self.settings.max_millis,
        )

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.search.start(seat, num_players, options)
        self.search.config = self._config(options)

    def observe(self, events: Sequence[Event]) -> None:
        super().observe(events)
        self.search.observe(events)

    def choose(self, obs: Observation, arms: list[Arm], state: np.ndarray, rows: np.ndarray) -> int:
        plans = [arm for arm in arms if isinstance(arm, tuple)]
        singles = [arm for arm in arms if isinstance(arm, int)]
        values = paired_values(
            self.search.evaluator,
            obs,
            list(range(len(arms))) if plans else singles,
            self.search.config,
            plans=plans or None,
        )
        means = np.array([float(np.mean(v)) for v in values.values()], dtype=np.float32)
        self.samples.add(state, rows, means)
        roll = self.rng.random()
        if roll < self.settings.explore:
            return self.rng.randrange(len(arms))
        if self.network is not None and roll < self.settings.explore + self.settings.follow_network:
            return int(np.argmax(self.network.scores(state, rows)))
        return best(means, rows)


def best(means: np.ndarray, rows: np.ndarray) -> int:
    """The best arm; the heuristic's proposal (the rows' last column) on a tie."""
    tied = np.flatnonzero(means >= means.max())
    incumbent = proposed(rows)
    return incumbent if incumbent is not None and incumbent in tied else int(tied[0])


@dataclass(frozen=True)
class TeacherSeats:
    """Which seats the search labels: `teachers` per match, the heuristic in the others."""

    settings: TeacherSettings
    teachers: int = 1


def run_actor(job: Job) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """Play the job's matches, a teacher in some seats and the heuristic in the others."""
    seating: TeacherSeats = job.settings
    samples = Samples()

    def seats(game: Game, state: State, rng: random.Random, network: QNetwork | None) -> Sequence[Bot]:
        n = state.num_players
        teachers = set(rng.sample(range(n), min(seating.teachers, n)))
        return [
            Teacher(game, random.Random(rng.getrandbits(32)), seating.settings, samples, network)
            if seat in teachers
            else game.heuristic_bot(random.Random(rng.getrandbits(32)))
            for seat in range(n)
        ]

    stats, _ = play_matches(job, seats)
    return samples.pack(), {**stats, "samples": float(len(samples))}
