"""OpenSpiel's own algorithms on tapete's games, on short settings: its bots
at one table with tapete's (`evaluate_bots`), outcome-sampling MCCFR, and
tabular Q-learning through `rl_environment`. (IS-MCTS: test_openspiel.py.)"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import outcome_sampling_mccfr, tabular_qlearner  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

from tapete.envs.openspiel import TapeteSeat  # noqa: E402
from tapete.games import get_game  # noqa: E402

from .helpers import has_encoder, load  # noqa: E402


@pytest.mark.parametrize("game_id", ["boon", "wanted"])
def test_evaluate_bots_seats_openspiels_random_bots_beside_tapetes(game_id: str) -> None:
    game = load(game_id)
    n = game.num_players()
    bots: list[Any] = [pyspiel.make_uniform_random_bot(seat, 10 + seat) for seat in range(n - 1)]
    bots.append(TapeteSeat("heuristic", get_game(game_id), n - 1, seed=4))
    for seed in range(3):
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
        assert len(returns) == n and sum(returns) == pytest.approx(1.0)


def test_outcome_sampling_mccfr_learns_a_policy_on_the_sequential_form() -> None:
    """MCCFR wants a sequential game: WANTED's commits one seat after the other;
    one chance outcome a node (one deal, one roll), so the iterations meet again."""
    game = load("wanted", simultaneous=False, chance_outcomes=1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(0)  # the solver samples with numpy's global generator
    for _ in range(40):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    seat = state.current_player()
    probs = policy.action_probabilities(state, seat)
    assert set(probs) == set(state.legal_actions()) and sum(probs.values()) == pytest.approx(1.0)
    assert state.information_state_string(seat) in solver._infostates  # it was visited and updated


def test_outcome_sampling_mccfr_walks_a_whole_boon_match() -> None:
    """Boon: new rounds dealt at chance nodes inside the match."""
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(load("boon"))
    for _ in range(2):
        solver.iteration()
    assert len(solver._infostates) > 50


@pytest.mark.skipif(not has_encoder("boon"), reason="Boon has no information-state encoder")
def test_tabular_q_learning_through_openspiels_rl_environment() -> None:
    game = load("boon")
    env = rl_environment.Environment(game)
    assert env.observation_spec()["info_state"] == (get_game("boon").encoder(0, 3, game.options).size,)
    num_actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=seat, num_actions=num_actions) for seat in range(3)]
    won = 0.0
    for _ in range(3):
        time_step = env.reset()
        while not time_step.last():
            seat = time_step.observations["current_player"]
            output = agents[seat].step(time_step)
            time_step = env.step([output.action])
        for agent in agents:
            agent.step(time_step)
        won += sum(time_step.rewards)
    assert won == pytest.approx(3.0)  # each match's win shares sum to 1
    learned = [v for agent in agents for values in agent._q_values.values() for v in values.values()]
    assert any(v != 0.0 for v in learned)  # the returns reached the Q-values
