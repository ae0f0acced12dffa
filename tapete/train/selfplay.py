"""Monte-Carlo self-play actors (Deep Monte-Carlo, as DouZero): the moves' values from
the rounds that followed them, with no search.

Every seat plays: the network's best move (ε-greedy) where a network exists
and the seat was drawn to follow it, the game's heuristic bot otherwise -
at the decisions the learned bot makes (`LearnedBot`'s rule); elsewhere the
heuristic. Each such decision is recorded with the chosen move's features
and, once the round ends, its value for the seat: the same value the
search's labels have (the seat's round margin squashed on the game's fixed
scale, a finished match by its win share, or the game's horizon value), so
both data sources train one network. A label costs one played decision, not
a search: hundreds of times cheaper, and noisier.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from tapete.bots.learned import LoopGuard, move_rows, network_arms
from tapete.bots.search import SearchConfig, Valuer, view_scores
from tapete.engine import Bot, Decision, Event, Game, Observation, State
from tapete.engine.encoding import InfoEncoder
from tapete.engine.table import REACTION_WINDOW_S, deliver
from tapete.models import QNetwork
from tapete.sim.runner import MAX_ACTIONS, next_move

from .teacher import Samples


@dataclass(frozen=True)
class SelfPlaySettings:
    epsilon: float = 0.1  # share of random moves where the network plays
    follow_network: float = 0.75  # chance a seat follows the network in a match (else the heuristic, ε-random)
    margin_scale: float = 1.0


class Actor(Bot):
    """One seat's player in Monte-Carlo self-play; see the module's docstring."""

    name = "actor"

    def __init__(
        self, game: Game, rng: random.Random, network: QNetwork | None, epsilon: float, record: bool = True
    ) -> None:
        self.game = game
        self.record = record  # keep each decision to be valued when its round ends (else: `asked` only)
        # the last learned decision: (information state, arms, their rows), for whoever labels it
        self.asked: tuple[np.ndarray, list[int | tuple[int, ...]], np.ndarray] | None = None
        self.rng = rng
        self.network = network
        self.epsilon = epsilon
        self.guide = game.heuristic_bot(random.Random(rng.getrandbits(32)))
        self.encoder: InfoEncoder | None = None
        self.pending: list[tuple[np.ndarray, np.ndarray, list[float] | None]] = []
        self._plan: list[int] = []

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self.guide.start(seat, num_players, options)
        self.encoder = self.game.encoder(seat, num_players, options)
        self.loops = LoopGuard()

    def observe(self, events: Sequence[Event]) -> None:
        self.guide.observe(events)
        assert self.encoder is not None
        self.encoder.observe(events)

    def decide(self, obs: Observation) -> Decision | None:
        if not obs.legal:
            return None
        if self._plan and obs.required and self._plan[0] in obs.legal:
            return Decision(self._plan.pop(0))
        self._plan = []
        guided = self.guide.decide(obs)
        proposal = guided.action if guided is not None else None
        arms = network_arms(obs, self.game, proposal)
        if arms is None:
            return guided
        encoder = self.encoder
        assert encoder is not None
        view = obs.view
        state = encoder.information_state(view)
        if self.loops.repeated(state):
            return guided
        features = move_rows(encoder, view, arms, proposal)
        pick = self._pick(arms, proposal, state, features)
        self.asked = (state, arms, features)
        if self.record:
            self.pending.append((state, features[pick : pick + 1], view_scores(view, obs.num_players)))
        chosen = arms[pick]
        if isinstance(chosen, tuple):
            self._plan = list(chosen[1:])
            return Decision(chosen[0])
        return Decision(chosen)

    def _pick(
        self, arms: Sequence[int | tuple[int, ...]], proposal: int | None, state: np.ndarray, features: np.ndarray
    ) -> int:
        if self.rng.random() < self.epsilon:
            return self.rng.randrange(len(arms))
        if self.network is not None:
            return int(np.argmax(self.network.scores(state, features)))
        for i, arm in enumerate(arms):
            if arm == proposal or (isinstance(arm, tuple) and arm[0] == proposal):
                return i
        return 0


def settle(actors: Sequence[Actor], state: State, valuer: Valuer, cfg: SearchConfig, samples: Samples) -> None:
    """A round ended (or the match): every pending decision gets its value for its seat."""
    for seat, actor in enumerate(actors):
        for vector, row, root in actor.pending:
            value = valuer.values(state, root, cfg)[seat]
            samples.add(vector, row, np.array([value], dtype=np.float32))
        actor.pending.clear()


@dataclass(frozen=True)
class SelfPlayJob:
    game_id: str
    num_players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    matches: int
    settings: SelfPlaySettings
    weights: dict[str, np.ndarray] | None = None
    seconds: float = 0.0  # stop after this much CPU time (at least one match), when set


def run_selfplay(job: SelfPlayJob) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """Play `job.matches` matches of Monte-Carlo self-play; the labelled decisions, packed."""
    from tapete.games import get_game

    game = get_game(job.game_id)
    rng = random.Random(job.seed)
    samples = Samples()
    network = QNetwork(job.weights) if job.weights is not None else None
    valuer = Valuer(game)
    cfg = replace(SearchConfig(), margin_scale=job.settings.margin_scale)
    start = time.process_time()
    played = 0
    while played < job.matches and not (played and job.seconds and time.process_time() - start > job.seconds):
        played += 1
        state = game.new_match(job.num_players, rng.getrandbits(63), dict(job.options))
        n = state.num_players
        actors = [
            Actor(
                game,
                random.Random(rng.getrandbits(32)),
                network if rng.random() < job.settings.follow_network else None,
                job.settings.epsilon,
            )
            for _ in range(n)
        ]
        for seat, actor in enumerate(actors):
            actor.start(seat, n, state.options)
        current = state.round_index()
        for _ in range(MAX_ACTIONS):  # a match that never ends is dropped with its pending decisions
            if state.is_terminal():
                break
            seat, action = next_move(state, actors, REACTION_WINDOW_S)
            deliver(state.apply(seat, action), actors)
            if state.round_index() != current or state.is_terminal():
                settle(actors, state, valuer, cfg, samples)
                current = state.round_index()
    stats = {"matches": float(played), "samples": float(len(samples)), "cpu": time.process_time() - start}
    return samples.pack(), stats
