"""Information-Set Monte Carlo Tree Search for any game (Cowling et al., 2012).

Single-observer ISMCTS: one tree for the searching seat, whose nodes are
action sequences from the current position. Every iteration samples a world
consistent with what the seat knows (`Observation.sample`, i.e.
`State.determinize`), walks the tree choosing among the actions legal in
that world by UCB with availability counts, adds one node, and asks the
injected evaluator (a rollout and a valuation, as OpenSpiel's MCTS takes
one) for each seat's value, backed up into the arms each seat chose.

States with several actors are searched with decoupled choices (as in
decoupled UCT for simultaneous moves): every actor picks an arm from its own
statistics at the node, an optional actor (a reaction window) may pick PASS.
A reaction (an optional seat's action or `State.is_reaction`) races and is
applied alone, the winner of the race drawn at random; otherwise the required
seats' picks are applied together, so a simultaneous commit is chosen
without seeing the others' commits.

The search owns its `random.Random`; the real match is never touched.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from tapete.engine import Event, Observation, State

from .config import SearchConfig
from .evaluators import Evaluator
from .rollouts import random_action

PASS = -1  # an optional actor lets the window go by

Stat = list[float]  # [visits, total value, availability]


class Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        # seat -> arm -> [visits, total value, availability]
        self.stats: dict[int, dict[int, Stat]] = {}
        self.children: dict[Any, Node] = {}


class ISMCTS:
    """One search per decision, from one seat's observation."""

    def __init__(self, config: SearchConfig, rng: random.Random, evaluator: Evaluator) -> None:
        self.config = config
        self.rng = rng
        self.evaluator = evaluator
        self.iterations_done = 0
        self._stride = 0

    def search(self, obs: Observation, budget: SearchConfig | None = None) -> dict[int, Stat]:
        """The observer's arm statistics at the root after a search."""
        cfg = budget or self.config
        root = Node()
        self.evaluator.rollouts.freeze()
        start = time.perf_counter()
        deadline = start + cfg.millis / 1000.0 if cfg.millis is not None else math.inf
        done = 0
        while True:
            world = obs.sample(self.rng)
            if done == 0:
                self._stride = world.num_actions() + 1
                self.evaluator.begin(obs, world, cfg)
            self._iterate(root, world, cfg)
            done += 1
            if cfg.max_millis is not None and done % 8 == 0:
                deadline = min(deadline, start + cfg.max_millis / 1000.0)
            if cfg.millis is None:
                if done >= cfg.iterations or (done % 8 == 0 and time.perf_counter() >= deadline):
                    break
            elif done % 8 == 0 and time.perf_counter() >= deadline:
                break
        self.iterations_done += done
        return root.stats.get(obs.seat, {})

    # one iteration: select and expand, evaluate, back up
    def _iterate(self, root: Node, state: State, cfg: SearchConfig) -> None:
        path: list[tuple[Stat, int]] = []
        events: list[Event] = []  # since the root: rollout bots must hear them
        node = root
        stride = self._stride
        depth = cfg.max_depth
        while not state.is_terminal():
            actors = state.actors()
            if len(actors) == 1:
                seat = actors[0]
                arm, stat = self._choose(node, seat, state.legal_actions(seat), False, cfg.exploration)
                events += state.apply(seat, arm)
                path.append((stat, seat))
                key: Any = seat * stride + arm
            else:
                key = self._joint_step(node, state, actors, path, cfg.exploration, events)
            depth -= 1
            if depth <= 0:
                break
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
        values = self.evaluator.evaluate(state, events, cfg)
        for stat, seat in path:
            stat[0] += 1
            stat[1] += values[seat]

    def _choose(self, node: Node, seat: int, legal: Sequence[int], optional: bool, c: float) -> tuple[int, Stat]:
        """UCB over the arms legal in this world; an untried arm first."""
        arms = node.stats.get(seat)
        if arms is None:
            arms = node.stats[seat] = {}
        untried: list[int] = []
        options = [*legal, PASS] if optional else legal
        for a in options:
            st = arms.get(a)
            if st is None:
                untried.append(a)
            else:
                st[2] += 1
                if st[0] == 0:  # chosen before but pre-empted by a reaction
                    untried.append(a)
        if untried:
            arm = untried[self.rng.randrange(len(untried))]
            stat = arms.get(arm)
            if stat is None:
                stat = arms[arm] = [0.0, 0.0, 1.0]
            return arm, stat
        log = math.log
        sqrt = math.sqrt
        best_arm = PASS
        best_stat: Stat = []
        best = -math.inf
        for a in legal:
            st = arms[a]
            ucb = st[1] / st[0] + c * sqrt(log(st[2]) / st[0])
            if ucb > best:
                best, best_arm, best_stat = ucb, a, st
        if optional:
            st = arms[PASS]
            if st[1] / st[0] + c * sqrt(log(st[2]) / st[0]) > best:
                best_arm, best_stat = PASS, st
        return best_arm, best_stat

    def _joint_step(
        self,
        node: Node,
        state: State,
        actors: Sequence[int],
        path: list[tuple[Stat, int]],
        c: float,
        events: list[Event],
    ) -> Any:
        """Every actor picks; a reaction races alone, else required picks apply
        together. The events of what was applied go to `events`."""
        required = state.required_actors()
        picks: list[tuple[int, int, Stat, bool]] = []
        for seat in actors:
            optional = seat not in required
            arm, stat = self._choose(node, seat, state.legal_actions(seat), optional, c)
            picks.append((seat, arm, stat, optional))
        stride = self._stride
        for seat, arm, stat, _ in picks:
            if arm == PASS:
                path.append((stat, seat))
        reactions = [p for p in picks if p[1] != PASS and (p[3] or state.is_reaction(p[0], p[1]))]
        if reactions:
            seat, arm, stat, _ = reactions[self.rng.randrange(len(reactions))]
            events += state.apply(seat, arm)
            path.append((stat, seat))
            return seat * stride + arm
        applied: list[int] = []
        for seat, arm, stat, _ in picks:
            if arm != PASS and arm in state.legal_actions(seat):
                events += state.apply(seat, arm)
                path.append((stat, seat))
                applied.append(seat * stride + arm)
        if not applied:  # nobody had to act and everyone passed: someone must
            events += random_action(state, self.rng, 1.0)
            return None
        return tuple(applied)


def clearly_better(arms: dict[int, Stat], challenger: int, incumbent: int, margin: float) -> bool:
    """Does `challenger`'s mean beat `incumbent`'s by `margin` standard errors?
    (Values lie in [0, 1], so m(1 - m) bounds each arm's variance.)"""
    a, b = arms.get(challenger), arms.get(incumbent)
    if challenger == incumbent or a is None or a[0] == 0:
        return False
    if b is None or b[0] == 0:
        return True
    ma, mb = a[1] / a[0], b[1] / b[0]
    se = math.sqrt(ma * (1 - ma) / a[0] + mb * (1 - mb) / b[0])
    return ma - mb > margin * se


def best_arm(arms: dict[int, Stat], legal: Sequence[int], required: bool, rng: random.Random) -> int:
    """The most visited arm (ties to the higher mean); random if none was tried."""
    candidates = [(st[0], st[1] / st[0], a) for a, st in arms.items() if st[0] > 0 and (a != PASS or not required)]
    if not candidates:
        return legal[rng.randrange(len(legal))] if required else PASS
    return max(candidates)[2]
