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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from tapete.bots.learned import Arm, proposed
from tapete.bots.search import SearchConfig, Valuer, view_scores
from tapete.bots.search.copies import BotTemplate, shared_with_fresh
from tapete.engine import Bot, Game, State
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.models import QNetwork
from tapete.sim.runner import next_move

from .jobs import Job, Samples, play_matches
from .selfplay import Actor, actors

ROLLOUT_ACTIONS = 5_000


@dataclass(frozen=True)
class ForkSettings:
    alternatives: int = 2  # arms played out besides the proposal (all when fewer)
    label_share: float = 1.0  # share of the learned decisions that are forked
    epsilon: float = 0.05
    follow_network: float = 0.5
    margin_scale: float = 1.0


class Forker:
    """Plays each arm of a decision on from copies of the true position."""

    def __init__(self, game: Game, seats: Sequence[Actor], options: Any, cfg: SearchConfig) -> None:
        self.valuer = Valuer(game)
        self.cfg = cfg
        self.seats = seats
        self.shared = []
        for seat, actor in enumerate(seats):
            fresh = game.heuristic_bot(random.Random(0))
            fresh.start(seat, len(seats), options)
            self.shared.append(shared_with_fresh(actor.guide, fresh))

    def values(self, state: State, seat: int, arms: Sequence[Arm], rng: random.Random) -> list[float]:
        templates = [BotTemplate(actor.guide, shared) for actor, shared in zip(self.seats, self.shared, strict=True)]
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


def run_forks(job: Job) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """Play the job's matches of self-play; fork the learned decisions and record their arms' values."""
    settings: ForkSettings = job.settings
    samples = Samples()
    cfg = replace(SearchConfig(), margin_scale=settings.margin_scale)
    forker: list[Forker] = []
    streams: list[random.Random] = []

    def seats(game: Game, state: State, rng: random.Random, network: QNetwork | None) -> Sequence[Bot]:
        made = actors(game, state, rng, network, settings.follow_network, settings.epsilon, record=False)
        forker[:] = [Forker(game, made, state.options, cfg)]
        streams[:] = [rng]
        return made

    def before(state: State, bots: Sequence[Bot], seat: int, action: int) -> None:
        actor = bots[seat]
        assert isinstance(actor, Actor)
        asked = actor.asked
        for other in bots:  # a decision that did not land (a race lost) is not this move's
            assert isinstance(other, Actor)
            other.asked = None
        rng = streams[0]
        if asked is not None and rng.random() < settings.label_share:
            label(forker[0], state, seat, asked, settings.alternatives, rng, samples)

    stats, _ = play_matches(job, seats, before=before)
    return samples.pack(), {**stats, "samples": float(len(samples))}


def label(
    forker: Forker,
    state: State,
    seat: int,
    asked: tuple[np.ndarray, list[Arm], np.ndarray],
    alternatives: int,
    rng: random.Random,
    samples: Samples,
) -> None:
    """Fork a decision: the proposal and up to `alternatives` other arms, drawn at random."""
    vector, arms, rows = asked
    incumbent = proposed(rows)
    others = [i for i in range(len(arms)) if i != incumbent]
    rng.shuffle(others)
    chosen = ([incumbent] if incumbent is not None else []) + others[:alternatives]
    if len(chosen) < 2:
        return
    values = forker.values(state, seat, [arms[i] for i in chosen], rng)
    samples.add(vector, rows[chosen], np.array(values, dtype=np.float32))
