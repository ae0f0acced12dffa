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
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from tapete.bots.learned import LoopGuard, move_rows, network_arms
from tapete.bots.search import PolicyImprovementBot, level_config, paired_values, round_margin_scale
from tapete.engine import Decision, Event, Game, Observation
from tapete.engine.encoding import InfoEncoder
from tapete.engine.table import REACTION_WINDOW_S, deliver
from tapete.models import QNetwork
from tapete.sim.runner import MAX_ACTIONS, next_move


@dataclass(frozen=True)
class TeacherSettings:
    worlds: int = 12  # paired worlds per decision
    explore: float = 0.05  # share of random moves after labelling
    follow_network: float = 0.0  # share of decisions where the network's choice is played
    margin_scale: float = 1.0  # the fixed margin scale of the values (calibrated per game)
    max_millis: float = 4_000.0  # a decision's wall-time cap


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


class Teacher(PolicyImprovementBot):
    """The search as a labeller; see the module's docstring."""

    name = "teacher"

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        settings: TeacherSettings,
        samples: Samples,
        network: QNetwork | None = None,
    ) -> None:
        super().__init__(game, rng, self._config(game, None, settings), "hard")
        self.settings = settings
        self.samples = samples
        self.network = network
        self.encoder: InfoEncoder | None = None
        self._row = np.zeros(0, dtype=np.float32)

    @staticmethod
    def _config(game: Game, options: Any, settings: TeacherSettings) -> Any:
        return replace(
            level_config(game, "hard", options),
            worlds=settings.worlds,
            margin_scale=settings.margin_scale,
            max_millis=settings.max_millis,
        )

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.config = self._config(self.game, options, self.settings)
        self.encoder = self.game.encoder(seat, num_players, options)
        self._row = np.zeros(self.encoder.size, dtype=np.float32)
        self.loops = LoopGuard()

    def observe(self, events: Sequence[Event]) -> None:
        super().observe(events)
        assert self.encoder is not None
        self.encoder.observe(events)

    def decide(self, obs: Observation) -> Decision | None:
        if not obs.legal:
            return None
        step = self._plan_step(obs)
        if step is not None:
            return Decision(step)
        assert self.guide is not None
        guided = self.guide.decide(obs)
        proposal = guided.action if guided is not None else None
        arms = network_arms(obs, self.game, proposal)
        if arms is None:
            return guided
        encoder = self.encoder
        assert encoder is not None
        view = obs.view
        state = encoder.information_state(view, self._row)
        if self.loops.repeated(state):
            return guided
        plans = [arm for arm in arms if isinstance(arm, tuple)]
        values = paired_values(
            self.evaluator,
            obs,
            list(range(len(arms))) if plans else [a for a in arms if isinstance(a, int)],
            self.config,
            plans=plans or None,
        )
        means = np.array([float(np.mean(v)) for v in values.values()], dtype=np.float32)
        features = move_rows(encoder, view, arms, proposal)
        self.samples.add(state, features, means)
        pick = _best(means, features)
        roll = self.rng.random()
        if roll < self.settings.explore:
            pick = self.rng.randrange(len(arms))
        elif self.network is not None and roll < self.settings.explore + self.settings.follow_network:
            pick = int(np.argmax(self.network.scores(state, features)))
        chosen = arms[pick]
        if isinstance(chosen, tuple):
            self._plan = list(chosen[1:])
            return Decision(chosen[0])
        return Decision(chosen)


def _best(means: np.ndarray, rows: np.ndarray) -> int:
    """The best arm; the heuristic's proposal (the rows' last column) on a tie."""
    top = means.max()
    tied = np.flatnonzero(means >= top)
    proposed = [i for i in tied if rows[i, -1] > 0]
    return int(proposed[0] if proposed else tied[0])


@dataclass(frozen=True)
class ActorJob:
    game_id: str
    num_players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    matches: int
    settings: TeacherSettings
    weights: dict[str, np.ndarray] | None = None
    teachers_per_match: int = 1
    seconds: float = 0.0  # stop after this much CPU time (at least one match), when set


def run_actor(job: ActorJob) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """Play `job.matches` matches, a teacher in some seats and the heuristic in the others."""
    from tapete.games import get_game

    game = get_game(job.game_id)
    rng = random.Random(job.seed)
    samples = Samples()
    network = QNetwork(job.weights) if job.weights is not None else None
    start = time.process_time()
    actions = 0
    played = 0
    while played < job.matches and not (played and job.seconds and time.process_time() - start > job.seconds):
        played += 1
        seed = rng.getrandbits(63)
        state = game.new_match(job.num_players, seed, dict(job.options))
        n = state.num_players
        teachers = set(rng.sample(range(n), min(job.teachers_per_match, n)))
        bots = [
            Teacher(game, random.Random(rng.getrandbits(32)), job.settings, samples, network)
            if seat in teachers
            else game.heuristic_bot(random.Random(rng.getrandbits(32)))
            for seat in range(n)
        ]
        for seat, bot in enumerate(bots):
            bot.start(seat, n, state.options)
        for _ in range(MAX_ACTIONS):  # a match that never ends is left where it stands
            if state.is_terminal():
                break
            seat, action = next_move(state, bots, REACTION_WINDOW_S)
            deliver(state.apply(seat, action), bots)
            actions += 1
    stats = {"matches": float(played), "samples": float(len(samples)), "cpu": time.process_time() - start}
    return samples.pack(), stats


def calibrate_scale(game: Game, num_players: int, options: dict[str, Any], seed: int, rounds: int = 40) -> float:
    """The mean absolute round margin (a seat's score gain over the others' mean gain) in
    heuristic play: the fixed scale of the teacher's values for this game and table
    (`tapete.bots.search.round_margin_scale`, which the post-game analysis uses too)."""
    return round_margin_scale(game, num_players, options, seed, rounds)
