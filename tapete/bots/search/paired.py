"""Paired comparisons: every candidate move rolled out on the same sampled
worlds with the same rollout randomness (common random numbers), and the
statistics that decide whether a challenger beats the heuristic's proposal.
One rollout policy-improvement step, not a tree search."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from tapete.engine import Event, Observation

from .config import SearchConfig
from .evaluators import Evaluator

MIN_WORLDS_TO_OVERRIDE = 8  # fewer paired samples tell too little to overrule the heuristic


def paired_values(
    evaluator: Evaluator,
    obs: Observation,
    arms: Sequence[int],
    cfg: SearchConfig,
    worlds: int | None = None,
    keep_scale: bool = False,
    more: Callable[[int], bool] | None = None,
    plans: Sequence[Sequence[int]] | None = None,
) -> dict[int, list[float]]:
    """The observer's value of every arm on the same sampled worlds.

    `worlds` defaults to `cfg.worlds`, else `cfg.iterations` rollouts divided
    among the arms. `keep_scale` goes on valuing margins on the scale of the
    previous call's (a second stage of one decision). After `worlds` worlds,
    `more(worlds done)` may ask for further ones. With `plans`, arm i stands
    for the actions `plans[i]` applied in a row."""
    rng = evaluator.rng
    rollouts = evaluator.rollouts
    rollouts.freeze()
    if worlds is None:
        worlds = cfg.worlds if cfg.worlds is not None else max(2, cfg.iterations // max(1, len(arms)))
    values: dict[int, list[float]] = {a: [] for a in arms}
    deadline = time.perf_counter() + cfg.max_millis / 1000.0 if cfg.max_millis is not None else math.inf
    w = 0
    while w < worlds or (more is not None and more(w)):
        if w >= 2 and time.perf_counter() > deadline:
            break
        world = obs.sample(rng)
        if w == 0:
            evaluator.begin(obs, world, cfg, keep_scale)
        w += 1
        seed = rng.getrandbits(32)
        templates = rollouts.others_first(world, obs.seat, random.Random(seed))
        for arm in arms:
            state = world.clone()
            events: list[Event] = []
            for action in plans[arm] if plans is not None else (arm,):
                events += state.apply(obs.seat, action)
            values[arm].append(evaluator.evaluate(state, events, cfg, random.Random(seed), templates)[obs.seat])
    return values


def paired_choice(values: dict[int, list[float]], proposal: int, margin: float) -> int:
    """Split the worlds in two: the first half picks the best arm, the second
    half tests it against the proposal (so the best of many noisy arms is not
    favoured by its luck); it wins if its paired advantage there exceeds
    `margin` standard errors. The proposal stands otherwise, or with too few worlds."""
    worlds = len(values.get(proposal, ()))
    if worlds < MIN_WORLDS_TO_OVERRIDE:
        return proposal
    half = worlds // 2
    best = max(values, key=lambda a: (sum(values[a][:half]), a == proposal))
    if best == proposal:
        return proposal
    diffs = [x - y for x, y in zip(values[best][half:], values[proposal][half:], strict=True)]
    m = len(diffs)
    mean = sum(diffs) / m
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1) if m > 1 else 0.0
    return best if mean > margin * math.sqrt(var / m) else proposal


def screen_winner(values: dict[int, list[float]], proposal: int, worlds: int) -> int | None:
    """The arm with the best total on the screening worlds if it is not the
    proposal (which wins ties); None also when the time cap cut the screen short."""
    if len(values.get(proposal, ())) < worlds:
        return None
    best = max(values, key=lambda a: (sum(values[a]), a == proposal))
    return None if best == proposal else best


def beats(challenger: Sequence[float], proposal: Sequence[float], margin: float) -> bool:
    """Does the challenger's mean paired advantage exceed `margin` standard
    errors, on at least MIN_WORLDS_TO_OVERRIDE worlds?"""
    diffs = [x - y for x, y in zip(challenger, proposal, strict=True)]
    m = len(diffs)
    if m < MIN_WORLDS_TO_OVERRIDE:
        return False
    mean = sum(diffs) / m
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
    return mean > margin * math.sqrt(var / m)
