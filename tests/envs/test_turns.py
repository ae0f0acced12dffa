"""Reaction windows taken apart into agent turns (`TurnOrder`, tapete/envs/turns.py), and
the table core's race (tapete/engine/table.py) agreeing with them."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from tapete.engine import Game
from tapete.engine.turns import Applied, TableCore, Timing, waits_for_window
from tapete.envs import TapeteAEC, pettingzoo_env
from tests.envs.toys import ECO, TOY


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


def _random_episode(env: TapeteAEC, rng: np.random.Generator) -> None:
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last(observe=False)
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(env.action_mask(agent)))))


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


@pytest.mark.parametrize("reactions", ["once", "all"])
@pytest.mark.parametrize("game", [TOY, ECO, "bacan"], ids=["toy", "eco", "bacan"])
def test_the_table_core_applies_the_environments_turns_in_the_same_order(reactions: str, game: Game | str) -> None:
    """The race is one rule: every action an environment takes is one the table core
    (`TableCore.offer`) applies at once, in the same order, when each claim arrives
    inside the reaction window and each required seat's ordinary action as it closes -
    nothing held, nothing refused."""
    env = TapeteAEC(game, reactions=reactions, max_steps=600)
    rng = np.random.default_rng(3)
    claims = 0
    for episode in range(3):
        env.reset(seed=episode)
        core = TableCore(env.state.clone(), Timing(window=1.0))  # the same deal
        now = 0.0
        while not env.state.is_terminal() and env.steps < 600:
            seat = env.seat_of(env.agent_selection)
            action = int(rng.choice(np.flatnonzero(env.action_mask(env.agent_selection))))
            if action != env.pass_action:
                waits = waits_for_window(core.state, seat, action)
                arrives = now + core.timing.window if waits else now
                if not waits and core.window_open(arrives):
                    claims += 1
                verdict = core.offer(seat, action, arrives)
                assert isinstance(verdict, Applied), verdict
                now = arrives
            env.step(action)
            assert core.state.to_json() == env.state.to_json()
    assert claims > 0  # claims were raced, not only turns taken
