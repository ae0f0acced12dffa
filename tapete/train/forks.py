"""Self-play whose decisions are labelled by paired forks of the true match.

At a decision the learned bot would make, the match is forked: the heuristic's
proposal and other candidate moves are each played on to the end of the round
from a copy of the real position - the same hidden cards, the same future
shuffles and dice, copies of every seat's heuristic player with the same
random streams - and valued on the search's fixed scale. The difference
between two arms is then due to the move alone, on a world drawn from the
true distribution of worlds given what the seat knows (the opponents' own
play included, which a uniformly resampled world ignores).

The hidden cards are used for the labels only, never as an input: the
network still reads the seat's information-state encoding alone.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from tapete.bots.search import SearchConfig, Valuer, view_scores
from tapete.bots.search.copies import BotTemplate, shared_with_fresh
from tapete.engine import Game, State
from tapete.engine.table import REACTION_WINDOW_S, deliver
from tapete.models import QNetwork
from tapete.sim.runner import MAX_ACTIONS, next_move

from .selfplay import Actor
from .teacher import Samples

ROLLOUT_ACTIONS = 5_000


@dataclass(frozen=True)
class ForkSettings:
    alternatives: int = 2  # arms played out besides the proposal (all when fewer)
    label_share: float = 1.0  # share of the learned decisions that are forked
    epsilon: float = 0.05
    follow_network: float = 0.5
    margin_scale: float = 1.0


@dataclass(frozen=True)
class ForkJob:
    game_id: str
    num_players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    matches: int
    settings: ForkSettings
    weights: dict[str, np.ndarray] | None = None
    seconds: float = 0.0


class Forker:
    """Plays each arm of a decision on from copies of the true position."""

    def __init__(self, game: Game, actors: Sequence[Actor], options: Any, cfg: SearchConfig) -> None:
        self.game = game
        self.actors = actors
        self.valuer = Valuer(game)
        self.cfg = cfg
        n = len(actors)
        self.shared = []
        for seat, actor in enumerate(actors):
            fresh = game.heuristic_bot(random.Random(0))
            fresh.start(seat, n, options)
            self.shared.append(shared_with_fresh(actor.guide, fresh))

    def values(self, state: State, seat: int, arms: Sequence[int | tuple[int, ...]], rng: random.Random) -> list[float]:
        templates = [BotTemplate(actor.guide, shared) for actor, shared in zip(self.actors, self.shared, strict=True)]
        root = view_scores(state.view(None), state.num_players)
        seed = rng.getrandbits(32)
        out = []
        for arm in arms:
            world = state.clone()
            bots = [template.make(random.Random(seed + s)) for s, template in enumerate(templates)]
            current = world.round_index()
            for action in (arm,) if isinstance(arm, int) else arm:
                if world.is_terminal() or action not in world.legal_actions(seat):
                    break
                deliver(world.apply(seat, action), bots)
            for _ in range(ROLLOUT_ACTIONS):
                if world.is_terminal() or world.round_index() != current:
                    break
                actor, action = next_move(world, bots, REACTION_WINDOW_S)
                deliver(world.apply(actor, action), bots)
            out.append(self.valuer.values(world, root, self.cfg)[seat])
        return out


def run_forks(job: ForkJob) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """Play matches of self-play; fork the learned decisions and record their arms' values."""
    from tapete.games import get_game

    game = get_game(job.game_id)
    rng = random.Random(job.seed)
    settings = job.settings
    samples = Samples()
    network = QNetwork(job.weights) if job.weights is not None else None
    cfg = replace(SearchConfig(), margin_scale=settings.margin_scale)
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
                network if rng.random() < settings.follow_network else None,
                settings.epsilon,
                record=False,
            )
            for _ in range(n)
        ]
        for seat, actor in enumerate(actors):
            actor.start(seat, n, state.options)
        forker = Forker(game, actors, state.options, cfg)
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            seat, action = next_move(state, actors, REACTION_WINDOW_S)
            asked = actors[seat].asked
            if asked is not None and rng.random() < settings.label_share:
                _label(forker, state, seat, asked, settings, rng, samples)
            for actor in actors:
                actor.asked = None
            deliver(state.apply(seat, action), actors)
    stats = {"matches": float(played), "samples": float(len(samples)), "cpu": time.process_time() - start}
    return samples.pack(), stats


def _label(
    forker: Forker,
    state: State,
    seat: int,
    asked: tuple[np.ndarray, list[int | tuple[int, ...]], np.ndarray],
    settings: ForkSettings,
    rng: random.Random,
    samples: Samples,
) -> None:
    vector, arms, rows = asked
    proposed = [i for i in range(len(arms)) if rows[i, -1] > 0]
    others = [i for i in range(len(arms)) if i not in proposed]
    rng.shuffle(others)
    chosen = proposed[:1] + others[: settings.alternatives]
    if len(chosen) < 2:
        return
    values = forker.values(state, seat, [arms[i] for i in chosen], rng)
    samples.add(vector, rows[chosen], np.array(values, dtype=np.float32))
