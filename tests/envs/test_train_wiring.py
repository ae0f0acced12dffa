"""The training example's environment wiring, checked in `make test` without
PyTorch (the training itself runs in `make test-rl`: test_train_example.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_sb3_example", ROOT / "examples" / "train_sb3.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_imports_without_the_training_libraries() -> None:
    before = set(sys.modules)
    _example()
    assert not {"torch", "sb3_contrib", "stable_baselines3"} & (set(sys.modules) - before)


@pytest.mark.parametrize("game_id", ["boon", "wanted"])
def test_the_example_env_is_what_maskable_ppo_needs(game_id: str) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    example = _example()
    env = example.make_env(game_id, None, 7)
    assert isinstance(env, gymnasium.Env)
    assert isinstance(env.action_space, gymnasium.spaces.Discrete)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    mask = env.action_masks()  # MaskablePPO asks the env itself every step
    assert mask.dtype == bool and mask.shape == (int(env.action_space.n),) and mask.any()
    rng = np.random.default_rng(0)
    chosen: list[int] = []

    def masked_random(obs: np.ndarray, mask: np.ndarray) -> int:
        assert env.observation_space.contains(obs) and mask.any()
        chosen.append(int(rng.choice(np.flatnonzero(mask))))
        return chosen[-1]

    wins = example.play_episodes(env, 3, 100, masked_random)
    assert 0.0 <= wins <= 3.0 and len(chosen) >= 3  # three whole matches, legal moves only
