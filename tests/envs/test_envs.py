"""The RL adapters pass their libraries' checkers for every game, and their
observations come from views only."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from bots.toygame import GAME as TOY
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from tapete.engine import Game
from tapete.envs import ObservationEncoder, TapeteAEC, TapeteGym, pettingzoo_env
from tapete.games import game_ids

GAMES: list[Any] = [TOY, *game_ids()]


def _ids(game: Any) -> str:
    return game if isinstance(game, str) else f"{game.id}-fixture"


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_pettingzoo_api(game: Game | str) -> None:
    env = TapeteAEC(game, max_steps=300)
    api_test(env, num_cycles=100)


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_gymnasium_check_env(game: Game | str) -> None:
    env = TapeteGym(game, opponents="random", max_steps=400)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_masked_random_episode_reaches_the_end_or_truncates(game: Game | str) -> None:
    env = TapeteGym(game, opponents="random", max_steps=2_000)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    done = False
    steps = 0
    while not done:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(env.action_masks())
        assert len(legal) > 0, "the learner is asked to act with nothing legal"
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert "illegal" not in info
        done = terminated or truncated
        steps += 1
    if terminated:
        assert 0.0 <= reward <= 1.0


def test_illegal_action_ends_the_episode_without_touching_the_match() -> None:
    env = TapeteGym(TOY, opponents="random")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.aec.state.to_json()
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    assert env.aec.state.to_json() == before
    strict = TapeteGym(TOY, opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError):
        strict.step(illegal)


def test_reaction_window_offers_pass_to_optional_seats_in_seat_order() -> None:
    env = TapeteAEC(TOY)
    env.reset(seed=0)
    passed: set[int] = set()
    windows = 0
    for _ in range(500):
        state = env.state
        if state.is_terminal():
            break
        required = state.required_actors()
        optional = [s for s in state.actors() if s not in required and s not in passed and state.legal_actions(s)]
        seat = env.seat_of(env.agent_selection)
        mask = env.observe(env.agent_selection)["action_mask"]
        if optional:
            # the first optional seat not yet asked goes first and may pass
            assert seat == optional[0]
            assert mask[env.pass_action] == 1
            env.step(env.pass_action)
            passed.add(seat)
            windows += 1
            continue
        assert seat in required and mask[env.pass_action] == 0
        env.step(int(np.flatnonzero(mask)[0]))
        passed.clear()
    else:
        pytest.fail("the toy match did not end")
    assert windows > 0


def test_observation_is_a_function_of_the_view_only() -> None:
    """Two states with the same view of seat 0 give seat 0 the same vector."""
    env = TapeteAEC(TOY)
    env.reset(seed=5)
    import random

    world = env.state.determinize(0, random.Random(9))
    assert world.to_json() != env.state.to_json()
    vec = env.encoder.encode(env.state.view(0))
    assert vec == env.encoder.encode(world.view(0))
    assert vec != env.encoder.encode(env.state.view(1))


def test_encoder_counts_faces_per_zone_and_squashes_numbers() -> None:
    encoder = ObservationEncoder.discover(TOY, 3)
    names = encoder.schema.feature_names()
    view = {"hand": ["v3", "v3", "v5"], "scores": [0, 12, 0], "phase": "snap", "unknown": ["v1"]}
    vec = encoder.encode(view)
    assert vec[names.index("hand#v3")] == 2.0
    assert vec[names.index("hand#v5")] == 1.0
    assert vec[names.index("scores/1")] == pytest.approx(np.log1p(12))
    assert vec[names.index("phase=snap")] == 1.0
    assert sum(vec) == pytest.approx(3.0 + np.log1p(12) + 1.0)  # the unknown zone is dropped


@pytest.mark.parametrize("game_id", game_ids())
def test_pettingzoo_env_factory_takes_options(game_id: str) -> None:
    env = pettingzoo_env(game_id)
    env.reset(seed=0)
    agent = env.agent_selection
    assert env.observe(agent)["action_mask"].sum() >= 1
