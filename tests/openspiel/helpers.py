"""Loading tapete's OpenSpiel games with short settings, and playing them at random."""

from __future__ import annotations

import json
import random
from typing import Any

import pyspiel

from tapete.envs.openspiel import register, short_name
from tapete.games import get_game
from tests.game_settings import settings


def quick(game_id: str) -> dict[str, Any]:
    """A game's short but whole match (its settings' OPENSPIEL_QUICK): OpenSpiel's checks look at
    every state from every seat."""
    players, options = settings(game_id).OPENSPIEL_QUICK
    return {"players": players, "options": options}


def load(game_id: str, **more: Any) -> Any:
    register()
    settings = quick(game_id)
    params = {"players": settings["players"], "options": json.dumps(settings["options"]), **more}
    return pyspiel.load_game(short_name(game_id), params)


def has_encoder(game_id: str) -> bool:
    return get_game(game_id).encoder_type is not None


def random_step(state: Any, rng: random.Random) -> None:
    """One uniformly random step: a chance outcome, a joint choice or a decision."""
    if state.is_chance_node():
        state.apply_action(rng.randrange(len(state.chance_outcomes())))
    elif state.is_simultaneous_node():
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play_randomly(game: Any, seed: int) -> tuple[Any, int]:
    """A random match to its end: the last state and its decision nodes."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        decisions += not state.is_chance_node()
        random_step(state, rng)
    return state, decisions
