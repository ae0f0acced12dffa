"""The RL adapters pass their libraries' checkers for every game, and their
observations come from views only."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from tapete.engine import BadOption, Game
from tapete.envs import EnvSettings, ObservationEncoder, TapeteAEC, TapeteGym, gym_env, pettingzoo_env
from tapete.games import game_ids
from tests.toygame import ECO, TOY

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


@pytest.mark.parametrize("reactions", ["once", "all"])
@pytest.mark.parametrize("game", [TOY, ECO], ids=["toy", "eco"])  # eco: every other seat may snap, so order shows
def test_reaction_window_offers_pass_to_optional_seats_in_turn_order(reactions: str, game: Game) -> None:
    env = TapeteAEC(game, 3, reactions=reactions)
    env.reset(seed=0)
    passed: set[int] = set()
    windows = 0
    for _ in range(500):
        state = env.state
        if state.is_terminal():
            break
        required = state.required_actors()
        optional = [s for s in state.actors() if s not in required and s not in passed and state.legal_actions(s)]
        if required:  # in turn order from the seat after the one on turn: no seat is always first
            optional.sort(key=lambda s: (s - required[0] - 1) % state.num_players)
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


def test_the_first_claim_of_a_window_goes_round_the_table() -> None:
    """Who is offered a window first follows the seat on turn, so no seat always
    has the first claim (a Bacan mirror race favoured seat 0 when it did)."""
    env = TapeteAEC("bacan")
    firsts: set[int] = set()
    rng = np.random.default_rng(5)
    env.reset(seed=5)
    for _ in range(400):
        if env.state.is_terminal():
            break
        state = env.state
        if env.may_pass and state.required_actors() and not env.turns.asked:  # a window's first offer
            expected = (state.required_actors()[0] + 1) % state.num_players
            if expected in state.actors() and state.legal_actions(expected):
                assert env.seat_of(env.agent_selection) == expected
                firsts.add(expected)
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(env.pass_action if env.may_pass else rng.choice(legal)))
    assert len(firsts) > 1


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
    view = {"hand": ["e3", "e3", "e5"], "scores": [0, 12, 0], "phase": "cover", "unknown": ["e1"]}
    vec = encoder.encode(view)
    assert vec[names.index("hand#e3")] == 2.0
    assert vec[names.index("hand#e5")] == 1.0
    assert vec[names.index("scores/1")] == pytest.approx(np.log1p(12))
    assert vec[names.index("phase=cover")] == 1.0
    assert sum(vec) == pytest.approx(3.0 + np.log1p(12) + 1.0)  # the unknown zone is dropped


@pytest.mark.parametrize("game_id", game_ids())
def test_pettingzoo_env_factory_takes_options(game_id: str) -> None:
    env = pettingzoo_env(game_id)
    env.reset(seed=0)
    agent = env.agent_selection
    assert env.observe(agent)["action_mask"].sum() >= 1


def _random_episode(env: TapeteAEC, rng: np.random.Generator) -> None:
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_random_masked_agents_finish_bacan_within_the_default_cap() -> None:
    """One reaction per window (the default): random agents who claim mirrors
    at almost every chance still let the deck run and the match end."""
    env = pettingzoo_env("bacan")
    assert env.max_steps == 5_000
    rng = np.random.default_rng(0)
    finished = 0
    for episode in range(200):
        env.reset(seed=episode)
        _random_episode(env, rng)
        finished += env.state.is_terminal()
    assert finished >= 198


def test_bacan_with_every_reaction_offered_runs_into_the_cap() -> None:
    """The reason for the default: offering every claim again and again, random
    agents keep claiming (PASS is one move in ~28) and the match never ends."""
    env = pettingzoo_env("bacan", reactions="all", max_steps=1_500)
    env.reset(seed=0)
    _random_episode(env, np.random.default_rng(0))
    assert not env.state.is_terminal() and env.steps == 1_500


def test_one_reaction_per_seat_and_window() -> None:
    env = TapeteAEC(TOY, reactions="once")
    rng = np.random.default_rng(1)
    for episode in range(20):
        env.reset(seed=episode)
        reacted: set[int] = set()
        while not env.state.is_terminal():
            seat = env.seat_of(env.agent_selection)
            mask = env.observe(env.agent_selection)["action_mask"]
            action = int(rng.choice(np.flatnonzero(mask)))
            reaction = action != env.pass_action and env.state.is_reaction(seat, action)
            if reaction:
                assert seat not in reacted, "a seat was offered a second reaction in one window"
                reacted.add(seat)
            elif action != env.pass_action:
                reacted.clear()  # a required action: a new window
            env.step(action)


def test_settings_are_not_game_options() -> None:
    env = pettingzoo_env("boon", render_mode="ansi", max_steps=50, reward="zero_sum", lang="en")
    assert (env.render_mode, env.max_steps, env.settings.reward) == ("ansi", 50, "zero_sum")
    wanted = pettingzoo_env("wanted", 4, mode="tiroteo")
    assert wanted.game_options.mode == "tiroteo"
    assert pettingzoo_env("wanted", 4, options={"mode": "tiroteo"}).game_options == wanted.game_options
    with pytest.raises(BadOption):
        pettingzoo_env("boon", render="ansi")
    with pytest.raises(ValueError):
        pettingzoo_env("boon", render_mode="human")
    with pytest.raises(ValueError):
        EnvSettings(max_steps=0)
    with pytest.raises(TypeError):
        TapeteAEC("boon", colour="red")
    assert gym_env("boon", opponents="random", max_steps=9).aec.max_steps == 9


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
