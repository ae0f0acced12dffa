"""`tapete.envs.parallel_env`: every seat of a simultaneous choice acts in one step (WANTED's
commits), one agent where one seat acts; the same game as the AEC environment's."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from tapete.envs import TapeteAEC, TapeteParallel, parallel_env

WANTED = [
    pytest.param(2, {}, id="duelo-2"),
    pytest.param(4, {"mode": "tiroteo"}, id="tiroteo-4"),
    pytest.param(3, {"mode": "pandillas"}, id="pandillas-3"),
]


def _play(env: TapeteParallel, seed: int) -> tuple[list[tuple[int, int]], int]:
    """A random match; checks who acts at each step; returns the (seat, action) applied, in
    order, and how many steps were simultaneous choices."""
    rng = random.Random(seed)
    observations, _ = env.reset(seed=seed)
    record: list[tuple[int, int]] = []
    commits = 0
    while env.agents:
        state = env.match.state
        required = state.required_actors()
        racing = len(required) < len(state.actors())
        acting = [env.possible_agents[s] for s in required] if len(required) > 1 and not racing else None
        if acting is not None:
            assert env.acting == acting  # every seat of the choice, at once
            commits += 1
        else:
            assert len(env.acting) == 1
        for agent in env.agents:
            assert observations[agent]["action_mask"].any() == (agent in env.acting)
        actions = {a: rng.choice(np.flatnonzero(observations[a]["action_mask"]).tolist()) for a in env.acting}
        record += [(int(a[5:]), int(actions[a])) for a in sorted(actions, key=lambda a: int(a[5:]))]
        observations, *_ = env.step(actions)
    return record, commits


@pytest.mark.parametrize(("players", "options"), WANTED)
def test_a_wanted_commit_is_one_step_for_every_seat(players: int, options: dict[str, Any]) -> None:
    env = parallel_env("wanted", players, options=options)
    record, commits = _play(env, seed=1)
    assert env.match.state.is_terminal() and commits > 0
    assert len(record) == env.match.steps  # every seat's pick was applied


@pytest.mark.parametrize(("players", "options"), WANTED)
def test_the_parallel_match_is_a_match_of_the_rules(players: int, options: dict[str, Any]) -> None:
    """The parallel environment's actions, replayed on the engine in the order they were
    applied (a commit's picks in seat order), are legal and give the same match; where each
    seat picks once per commit, the AEC environment asks them in that same order."""
    par = parallel_env("wanted", players, options=options)
    record, _ = _play(par, seed=2)
    aec = TapeteAEC("wanted", players, options)
    aec.reset(seed=2)
    state = aec.state.clone()
    same_order = True
    for seat, action in record:
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
        same_order &= aec.seat_of(aec.agent_selection) == seat
        if same_order:
            aec.step(action)
    assert state.to_json() == par.match.state.to_json()
    if options.get("mode") != "pandillas":  # a gang is three picks: the AEC asks a seat's three in a row
        assert same_order and aec.state.to_json() == par.match.state.to_json()


def test_reaction_windows_are_one_agent_at_a_time_with_pass() -> None:
    """Bacan: a mirror window is offered one seat at a time, PASS in its mask (as in the AEC
    environment); its peeks are simultaneous choices."""
    env = parallel_env("bacan", max_steps=400)
    record, commits = _play(env, seed=0)
    assert commits > 0 and record
    observations, _ = env.reset(seed=0)
    rng = random.Random(0)
    passes = 0
    while env.agents:
        mask = observations[env.acting[0]]["action_mask"]
        if mask[env.pass_action]:
            assert len(env.acting) == 1
            passes += 1
        actions = {a: rng.choice(np.flatnonzero(observations[a]["action_mask"]).tolist()) for a in env.acting}
        observations, *_ = env.step(actions)
    assert passes > 0
