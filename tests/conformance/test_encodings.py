"""Every game's information-state encoder (engine/encoding.py), on seeded random matches.

After every action, for every seat: the encodings have the layout's fixed
size, are finite and bounded; the encoder hears only events its seat may
see; and - the leak witness - a world resampled from what the seat knows
(`State.determinize`) gives the same encoding as the true one, so nothing
hidden reaches a learner, in training or in play. The observation an encoder
writes straight from the state (`InfoEncoder.write_state`, what the
environments read) is the view's, in the true world and the resampled one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from tapete.engine import State
from tapete.engine.encoding import InfoEncoder
from tapete.games import all_games, get_game

BOUND = 2.0
ACTIONS_PER_MATCH = 400


def _cases() -> Iterator[Any]:
    for game in all_games():
        if game.encoder_type is None:
            continue
        for options in [{}, *game.conformance_options]:
            for n in game.allowed_players(game.parse_options(options)):
                yield pytest.param(game.id, n, options, id=f"{game.id}-{n}p-{options}")


def _check(encoder: InfoEncoder, state: State, seat: int) -> np.ndarray:
    view = state.view(seat)
    vector = encoder.information_state(view)
    assert vector.shape == (encoder.size,) and vector.dtype == np.float32
    assert np.isfinite(vector).all() and np.abs(vector).max(initial=0.0) <= BOUND, "encoding out of bounds"
    legal = state.legal_actions(seat)
    if legal:
        rows = encoder.action_features(view, legal)
        assert rows.shape == (len(legal), encoder.action_size)
        assert np.isfinite(rows).all() and np.abs(rows).max(initial=0.0) <= BOUND, "action features out of bounds"
    return vector


@pytest.mark.parametrize(("game_id", "players", "options"), list(_cases()))
def test_encodings_are_fixed_bounded_and_blind_to_hidden_cards(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = get_game(game_id)
    rng = random.Random(7)
    state = game.new_match(players, 99, options)
    encoders = [game.encoder(seat, players, state.options) for seat in range(players)]
    for step in range(ACTIONS_PER_MATCH):
        if state.is_terminal():
            break
        actors = state.required_actors() or state.actors()
        seat = actors[rng.randrange(len(actors))]
        legal = state.legal_actions(seat)
        events = state.apply(seat, legal[rng.randrange(len(legal))])
        for s, encoder in enumerate(encoders):
            encoder.observe([e for e in events if e.visible_to(s)])
        if step % 7:
            continue
        for s, encoder in enumerate(encoders):
            truth = _check(encoder, state, s)
            world = state.determinize(s, random.Random(step))
            resampled = encoder.information_state(world.view(s))
            assert np.array_equal(truth, resampled), f"seat {s}'s encoding depends on hidden cards (step {step})"
            # the observation written straight from the state (`write_state`) is the view's, and as blind
            size = encoder.observation_size
            for source in (state, world):
                direct = np.zeros(size, dtype=np.float32)
                encoder.write_state(source, direct)
                assert np.array_equal(direct, truth[:size]), f"seat {s}'s write_state is not its view's (step {step})"


@pytest.mark.parametrize(("game_id", "players", "options"), list(_cases()))
def test_the_state_written_observation_is_the_views_at_every_step(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = get_game(game_id)
    rng = random.Random(3)
    for seed in (5, 6):
        state = game.new_match(players, seed, options)
        encoders = [game.encoder(seat, players, state.options) for seat in range(players)]
        for step in range(ACTIONS_PER_MATCH):
            for s, encoder in enumerate(encoders):
                size = encoder.observation_size
                expected = encoder.observation(state.view(s))
                direct = np.zeros(size, dtype=np.float32)
                encoder.write_state(state, direct)
                assert np.array_equal(direct, expected), f"seat {s}'s write_state is not its view's (step {step})"
            if state.is_terminal():
                break
            actors = state.required_actors() or state.actors()
            seat = actors[rng.randrange(len(actors))]
            legal = state.legal_actions(seat)
            events = state.apply(seat, legal[rng.randrange(len(legal))])
            for s, encoder in enumerate(encoders):
                encoder.observe([e for e in events if e.visible_to(s)])
