"""One rule for an action outside the mask, in every environment (`EnvSettings.illegal`):
`IllegalMove` by default, naming the action and how many moves were legal, the match
untouched; with `illegal="penalize"` the match ends, -1 for the offender, 0 for the rest."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from tapete.envs import IllegalMove, TapeteAEC, TapeteGym, TapeteParallel, batch
from tests.envs.toys import TOY

GAMES: list[Any] = [TOY, "boon", "wanted"]


def _ids(game: Any) -> str:
    return game if isinstance(game, str) else "toy"


def _illegal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_aec_raises_by_default_and_changes_nothing(game: Any) -> None:
    env = TapeteAEC(game)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.action_mask(agent)
    before = env.state.to_json()
    bad = _illegal(mask)
    with pytest.raises(IllegalMove) as caught:
        env.step(bad)
    assert isinstance(caught.value, ValueError)
    assert (caught.value.action, caught.value.legal) == (bad, int(mask.sum()))
    assert f"action {bad}" in str(caught.value) and f"{int(mask.sum())} legal moves" in str(caught.value)
    assert env.state.to_json() == before and env.agent_selection == agent and not any(env.terminations.values())
    env.step(int(np.flatnonzero(mask)[0]))  # the environment plays on


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_aec_penalizes_the_offender_and_ends_the_match(game: Any) -> None:
    env = TapeteAEC(game, illegal="penalize")
    env.reset(seed=1)
    offender = env.agent_selection
    before = env.state.to_json()
    env.step(_illegal(env.action_mask(offender)))
    assert env.state.to_json() == before
    assert all(env.terminations.values())
    assert env.infos[offender] == {"illegal": True}
    rewards = {}
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        rewards[agent] = reward
        env.step(None)
    assert rewards == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_gym_raises_by_default_and_penalizes_on_request(game: Any) -> None:
    strict = TapeteGym(game, opponents="random")
    strict.reset(seed=1)
    before = strict.match.state.to_json()
    with pytest.raises(IllegalMove):
        strict.step(_illegal(strict.action_masks()))
    with pytest.raises(IllegalMove):
        strict.step(strict.action_space.n + 5)  # outside the space altogether
    assert strict.match.state.to_json() == before
    lenient = TapeteGym(game, opponents="random", illegal="penalize")
    lenient.reset(seed=1)
    before = lenient.match.state.to_json()
    _, reward, terminated, truncated, info = lenient.step(_illegal(lenient.action_masks()))
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    assert lenient.match.state.to_json() == before


def test_parallel_checks_every_acting_agent_before_applying_any() -> None:
    env = TapeteParallel("wanted", 2)
    observations, _ = env.reset(seed=3)
    while len(env.acting) < 2:  # a commit: both seats at once
        observations, *_ = env.step({a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in env.acting})
    first, second = env.acting
    before = env.match.state.to_json()
    good = int(np.flatnonzero(observations[first]["action_mask"])[0])
    with pytest.raises(IllegalMove):
        env.step({first: good, second: _illegal(observations[second]["action_mask"])})
    with pytest.raises(IllegalMove):
        env.step({first: good})  # an acting agent without an action
    assert env.match.state.to_json() == before
    lenient = TapeteParallel("wanted", 2, illegal="penalize")
    observations, _ = lenient.reset(seed=3)
    agent = lenient.acting[0]
    _, rewards, terminated, _, infos = lenient.step({agent: _illegal(observations[agent]["action_mask"])})
    assert rewards == {a: (-1.0 if a == agent else 0.0) for a in lenient.possible_agents}
    assert all(terminated.values()) and infos[agent] == {"illegal": True} and lenient.agents == []


def test_batch_raises_before_any_match_moves_or_penalizes_that_match() -> None:
    play = batch("boon", 3, seed=2)
    turn = play.reset()
    before = [m.state.to_json() for m in play.matches]
    actions = [int(np.flatnonzero(row)[0]) for row in turn.action_mask]
    actions[2] = _illegal(turn.action_mask[2])
    with pytest.raises(IllegalMove):
        play.step(actions)
    assert [m.state.to_json() for m in play.matches] == before
    lenient = batch("boon", 3, seed=2, illegal="penalize")
    turn = lenient.reset()
    seat = int(turn.seat[2])
    actions[2] = _illegal(turn.action_mask[2])
    after = lenient.step(actions)
    assert after.done.tolist() == [False, False, True] and not after.truncated.any()
    assert after.returns[2].tolist() == [-1.0 if s == seat else 0.0 for s in range(4)]
    assert after.seeds[2] != turn.seeds[2]  # the slot plays its next match
