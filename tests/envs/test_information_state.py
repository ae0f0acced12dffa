"""The environments read the games' encoders: each seat's encoder hears, after every
applied action, exactly the events that seat may see, and what an agent observes is
that encoder's `information_state` of its view (the observation its first part).

Run for every game with an encoder (`Game.encoder_type`) and for the toy game with
the small encoder of tests/envs/toys.py, whose memory holds private draws."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from tapete.engine import Event, Game
from tapete.envs import EnvMatch, TapeteAEC, TapeteGym, TapeteParallel, batch
from tapete.games import game_ids, get_game
from tests.envs.toys import TOY

GAMES: list[Any] = [TOY, *(g for g in game_ids() if get_game(g).encoder_type is not None)]


def _ids(game: Any) -> str:
    return game if isinstance(game, str) else "toy-encoded"


class Witness:
    """Every seat's encoder, fed by hand as the conformance suite feeds them."""

    def __init__(self, game: Game, state: Any) -> None:
        self.encoders = [game.encoder(s, state.num_players, state.options) for s in range(state.num_players)]

    def hear(self, events: list[Event]) -> None:
        for seat, encoder in enumerate(self.encoders):
            encoder.observe([e for e in events if e.visible_to(seat)])

    def state(self, match_state: Any, seat: int) -> np.ndarray:
        return self.encoders[seat].information_state(match_state.view(seat))


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_every_agent_observes_its_own_encoders_information_state(game: Game | str) -> None:
    env = TapeteAEC(game, max_steps=400)
    rng = np.random.default_rng(0)
    remembered = False
    for episode in range(2):
        env.reset(seed=episode)
        witness = Witness(env.game, env.state)
        for _ in range(400):
            if env.state.is_terminal():
                break
            for agent in env.possible_agents:
                seat = env.seat_of(agent)
                obs = env.observe(agent)
                expected = witness.state(env.state, seat)
                assert np.array_equal(obs["information_state"], expected), (agent, env.steps)
                remembered |= bool(expected[env.observation_size :].any())
            mask = env.action_mask(env.agent_selection)
            env.step(int(rng.choice(np.flatnonzero(mask))))
            witness.hear(env.last_events)
    assert remembered, "nothing was ever remembered"


def watch(match: EnvMatch) -> list[Witness]:
    """A witness that follows the match: made afresh at each reset, fed after each play."""
    holder: list[Witness] = []
    reset, play = match.reset, match.play

    def watched_reset(seed: int) -> None:
        reset(seed)
        holder[:] = [Witness(match.game, match.state)]

    def watched_play(seat: int, action: int) -> None:
        play(seat, action)
        holder[0].hear(match.last_events)

    match.reset = watched_reset  # type: ignore[method-assign]
    match.play = watched_play  # type: ignore[method-assign]
    return holder


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_the_gym_learner_observes_what_its_seat_knows(game: Game | str) -> None:
    env = TapeteGym(game, seat=1, opponents="random", observation_key="information_state", max_steps=300)
    witness = watch(env.match)
    rng = np.random.default_rng(4)
    for episode in range(2):
        state, _ = env.reset(seed=episode)
        done = False
        while not done:
            assert np.array_equal(state, witness[0].state(env.match.state, 1))
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            state, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_parallel_agents_observe_what_their_seats_know(game: Game | str) -> None:
    env = TapeteParallel(game, max_steps=300)
    witness = watch(env.match)
    rng = random.Random(6)
    for episode in range(2):
        observations, _ = env.reset(seed=episode)
        while env.agents:
            for agent, obs in observations.items():
                assert np.array_equal(obs["information_state"], witness[0].state(env.match.state, int(agent[5:])))
            actions = {a: rng.choice(np.flatnonzero(observations[a]["action_mask"]).tolist()) for a in env.acting}
            observations, *_ = env.step(actions)


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_a_batch_observes_what_each_match_seat_knows(game: Game | str) -> None:
    play = batch(game, 3, seed=5)
    turn = play.reset()
    witnesses = [Witness(m.game, m.state) for m in play.matches]
    rng = np.random.default_rng(5)
    for _ in range(150):
        for i, m in enumerate(play.matches):
            assert turn.seat[i] == m.seat
            assert np.array_equal(turn.information_state[i], witnesses[i].state(m.state, m.seat))
            assert np.array_equal(turn.observation[i], turn.information_state[i, : play.observation_size])
            assert np.array_equal(turn.action_mask[i], play.matches[i].mask(m.seat, dtype=bool))
        actions = [int(rng.choice(np.flatnonzero(row))) for row in turn.action_mask]
        turn = play.step(actions)
        for i, m in enumerate(play.matches):
            if turn.done[i]:
                witnesses[i] = Witness(m.game, m.state)
            else:
                witnesses[i].hear(m.last_events)
