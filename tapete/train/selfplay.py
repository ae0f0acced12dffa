"""Monte-Carlo self-play actors (Deep Monte-Carlo, as DouZero): the moves' values from
the rounds that followed them, with no search.

Every seat plays: the network's best move (ε-greedy) where a network exists
and the seat was drawn to follow it, the game's heuristic bot otherwise -
at the decisions the learned bot makes (`NetworkSeat`); elsewhere the
heuristic. Each such decision is recorded with the chosen move's features
and, once the round ends, its value for the seat: the same value the
search's labels have (the seat's round margin squashed on the game's fixed
scale, a finished match by its win share, or the game's horizon value), so
every data source trains one network. A label costs one played decision,
not a search: hundreds of times cheaper, and noisier.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from tapete.bots.learned import Arm, NetworkSeat, proposed
from tapete.bots.search import SearchConfig, Valuer, view_scores
from tapete.engine import Bot, Game, Observation, State
from tapete.models import QNetwork

from .jobs import Job, Samples, play_matches


@dataclass(frozen=True)
class SelfPlaySettings:
    epsilon: float = 0.1  # share of random moves where the network plays
    follow_network: float = 0.75  # chance a seat follows the network in a match (else the heuristic, ε-random)
    margin_scale: float = 1.0


class Actor(NetworkSeat):
    """One seat's player in self-play: the network (ε-greedy) or the heuristic's proposal."""

    name = "actor"

    def __init__(
        self, game: Game, rng: random.Random, network: QNetwork | None, epsilon: float, record: bool = True
    ) -> None:
        super().__init__(game, rng)
        self.network = network
        self.epsilon = epsilon
        self.record = record  # keep each decision to be valued when its round ends (else: `asked` only)
        self.pending: list[tuple[np.ndarray, np.ndarray, list[float] | None]] = []
        # the last network-worthy decision: (information state, arms, their rows), for whoever labels it
        self.asked: tuple[np.ndarray, list[Arm], np.ndarray] | None = None

    def choose(self, obs: Observation, arms: list[Arm], state: np.ndarray, rows: np.ndarray) -> int:
        if self.rng.random() < self.epsilon:
            pick = self.rng.randrange(len(arms))
        elif self.network is not None:
            pick = int(np.argmax(self.network.scores(state, rows)))
        else:
            incumbent = proposed(rows)
            pick = incumbent if incumbent is not None else 0
        vector = state.copy()
        self.asked = (vector, arms, rows)
        if self.record:
            self.pending.append((vector, rows[pick : pick + 1], view_scores(obs.view, obs.num_players)))
        return pick


def actors(
    game: Game, state: State, rng: random.Random, network: QNetwork | None, follow: float, epsilon: float, record: bool
) -> list[Actor]:
    """A self-play actor per seat, each following the network with chance `follow`."""
    return [
        Actor(game, random.Random(rng.getrandbits(32)), network if rng.random() < follow else None, epsilon, record)
        for _ in range(state.num_players)
    ]


def run_selfplay(job: Job) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """Play the job's matches of Monte-Carlo self-play; the labelled decisions, packed."""
    settings: SelfPlaySettings = job.settings
    samples = Samples()
    cfg = replace(SearchConfig(), margin_scale=settings.margin_scale)
    from tapete.games import get_game

    valuer = Valuer(get_game(job.game_id))
    current = [0]  # the round under way of the match being played

    def seats(game: Game, state: State, rng: random.Random, network: QNetwork | None) -> Sequence[Bot]:
        current[0] = state.round_index()
        return actors(game, state, rng, network, settings.follow_network, settings.epsilon, record=True)

    def after(state: State, bots: Sequence[Bot], seat: int, action: int) -> None:
        if state.round_index() != current[0] or state.is_terminal():
            settle(bots, state, valuer, cfg, samples)
            current[0] = state.round_index()

    stats, _ = play_matches(job, seats, after=after)
    return samples.pack(), {**stats, "samples": float(len(samples))}


def settle(bots: Sequence[Bot], state: State, valuer: Valuer, cfg: SearchConfig, samples: Samples) -> None:
    """A round ended (or the match): every pending decision gets its value for its seat."""
    for seat, actor in enumerate(bots):
        assert isinstance(actor, Actor)
        for vector, row, root in actor.pending:
            value = valuer.values(state, root, cfg)[seat]
            samples.add(vector, row, np.array([value], dtype=np.float32))
        actor.pending.clear()
