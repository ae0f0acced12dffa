"""The RL adapters pass their libraries' checkers for every game, observe the three
documented keys, and start at once for every game with an encoder of its own."""

from __future__ import annotations

import time
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from tapete.engine import BadOption, Game
from tapete.envs import EnvSettings, TapeteAEC, TapeteGym, TapeteParallel, batch, gym_env, pettingzoo_env
from tapete.games import game_ids, get_game
from tests.envs.toys import TOY

GAMES: list[Any] = [TOY, *game_ids()]
ENCODED = [g for g in game_ids() if get_game(g).encoder_type is not None]
KEYS = {"observation", "information_state", "action_mask"}


def _ids(game: Any) -> str:
    return game if isinstance(game, str) else f"{game.id}-fixture"


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_pettingzoo_api(game: Game | str) -> None:
    api_test(TapeteAEC(game, max_steps=300), num_cycles=100)


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_pettingzoo_seeds(game: Game | str) -> None:
    seed_test(lambda: TapeteAEC(game, max_steps=300), num_cycles=50)


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_pettingzoo_parallel_api(game: Game | str) -> None:
    parallel_api_test(TapeteParallel(game, max_steps=300), num_cycles=400)


@pytest.mark.parametrize("observation_key", [None, "information_state"])
@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_gymnasium_check_env(game: Game | str, observation_key: str | None) -> None:
    """check_env steps with unmasked random actions: the -1-and-end convention lets it run."""
    env = TapeteGym(game, opponents="random", max_steps=400, illegal="penalize", observation_key=observation_key)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_masked_random_episode_reaches_the_end_or_truncates(game: Game | str) -> None:
    env = TapeteGym(game, opponents="random", max_steps=2_000)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    done = False
    while not done:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(env.action_masks())
        assert len(legal) > 0, "the learner is asked to act with nothing legal"
        assert np.array_equal(obs["action_mask"].astype(bool), env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert "illegal" not in info
        done = terminated or truncated
    if terminated:
        assert 0.0 <= reward <= 1.0


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_an_observation_is_the_three_keys_from_one_encoding(game: Game | str) -> None:
    """`observation` is the start of `information_state` (computed once, sliced); only
    the agent to act has a non-zero mask; nothing is shared with the next observation."""
    env = TapeteAEC(game)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(30):
        if env.state.is_terminal():
            break
        first = {agent: env.observe(agent) for agent in env.possible_agents}
        for agent, obs in first.items():
            assert set(obs) == KEYS
            assert obs["information_state"].dtype == np.float32 and obs["observation"].dtype == np.float32
            assert obs["information_state"].shape == (env.state_size,)
            assert obs["observation"].shape == (env.observation_size,)
            assert np.array_equal(obs["observation"], obs["information_state"][: env.observation_size])
            assert obs["action_mask"].any() == (agent == env.agent_selection)
            assert np.array_equal(obs["action_mask"], env.action_mask(agent))
        kept = {agent: obs["information_state"].copy() for agent, obs in first.items()}
        env.step(int(rng.choice(np.flatnonzero(first[env.agent_selection]["action_mask"]))))
        for agent, obs in first.items():  # what was handed out is never overwritten
            assert np.array_equal(obs["information_state"], kept[agent])


@pytest.mark.parametrize("game_id", ENCODED)
def test_an_environment_starts_at_once(game_id: str) -> None:
    """No schema to learn: the game's encoder has its layout from the start."""
    get_game(game_id)
    start = time.perf_counter()
    env = pettingzoo_env(game_id)
    env.reset(seed=0)
    env.observe(env.agent_selection)
    single = gym_env(game_id, opponents="random")
    single.reset(seed=0)
    assert time.perf_counter() - start < 1.0


def test_a_game_without_an_encoder_is_refused_clearly() -> None:
    from tests.toygame import TOY as BARE  # the toy game as it is, without tests/envs/toys.py's encoder

    for make in (TapeteAEC, TapeteParallel, TapeteGym, lambda game: batch(game, 2)):
        with pytest.raises(ValueError, match="no information-state encoder"):
            make(BARE)


@pytest.mark.parametrize("game_id", game_ids())
def test_pettingzoo_env_factory_takes_options(game_id: str) -> None:
    env = pettingzoo_env(game_id)
    env.reset(seed=0)
    agent = env.agent_selection
    assert env.observe(agent)["action_mask"].sum() >= 1


def test_settings_are_not_game_options() -> None:
    env = pettingzoo_env("boon", render_mode="ansi", max_steps=50, reward="zero_sum", lang="en", illegal="penalize")
    assert (env.render_mode, env.max_steps, env.settings.reward, env.settings.illegal) == (
        "ansi", 50, "zero_sum", "penalize",
    )  # fmt: skip
    wanted = pettingzoo_env("wanted", 4, mode="tiroteo")
    assert wanted.game_options.mode == "tiroteo"
    assert pettingzoo_env("wanted", 4, options={"mode": "tiroteo"}).game_options == wanted.game_options
    with pytest.raises(BadOption):
        pettingzoo_env("boon", render="ansi")
    with pytest.raises(ValueError):
        pettingzoo_env("boon", render_mode="human")
    with pytest.raises(ValueError):
        EnvSettings(max_steps=0)
    with pytest.raises(ValueError):
        EnvSettings(illegal="lose")
    with pytest.raises(TypeError):
        TapeteAEC("boon", colour="red")
    with pytest.raises(ValueError):
        gym_env("boon", observation_key="action_mask")
    assert gym_env("boon", opponents="random", max_steps=9).match.max_steps == 9


def test_zero_sum_rewards_sum_to_zero() -> None:
    env = pettingzoo_env("wanted", reward="zero_sum")
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(4)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) > 0


def test_agents_that_observe_nothing_play_from_the_mask_alone() -> None:
    """`last(observe=False)` and `action_mask(agent)`: the same match as observing agents play."""
    runs = []
    for observe in (True, False):
        env = pettingzoo_env("boon")
        env.reset(seed=7)
        rng = np.random.default_rng(7)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last(observe=observe)
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"] if obs is not None else env.action_mask(agent)
            env.step(int(rng.choice(np.flatnonzero(mask))))
        runs.append(env.state.to_json())
    assert runs[0] == runs[1]


@pytest.mark.parametrize("game_id", game_ids())
def test_ansi_render_draws_the_table_and_the_story(game_id: str) -> None:
    env = pettingzoo_env(game_id, render_mode="ansi", lang="en")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(6):
        mask = env.observe(env.agent_selection)["action_mask"]
        actions = [a for a in np.flatnonzero(mask) if a != env.pass_action]
        env.step(int(rng.choice(actions)))
    text = env.render()
    assert isinstance(text, str)
    seat = env.seat_of(env.agent_selection)
    table = env.game.render_text(env.state.view(seat), "en")
    plain = __import__("re").sub(r"\x1b\[[0-9;]*m", "", text)
    assert "[bold" not in plain and "[/" not in plain  # markup drawn, not printed
    first_line = __import__("rich.text", fromlist=["Text"]).Text.from_markup(table.splitlines()[0]).plain
    assert first_line.strip() in plain
    story = [env.game.describe_event(e, "en") for e in env.last_events if e.visible_to(seat)]
    for sentence in story:
        assert sentence in plain
    assert pettingzoo_env(game_id).render() is None
