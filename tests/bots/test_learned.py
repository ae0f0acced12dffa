"""The learned bot and its model files (tapete.models), with numpy alone.

A model here is made in a temporary folder with random weights: loading,
the hash check, damaged files, the level offered only where a model loads,
and legal play. The shipped models' own checks are in test_shipped_models.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from tapete import models
from tapete.bots import LearnedBot, kinds_for
from tapete.bots.learned import network_sizes
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.games import all_games, get_game
from tapete.models import ModelError, QNetwork, read_info, write_model
from tapete.sim.runner import next_move


def random_weights(state: int, action: int, hidden: int = 16, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {
        "ws": rng.normal(0, 0.1, (state, hidden)),
        "wa": rng.normal(0, 0.1, (action, hidden)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0, 0.1, (hidden, hidden)),
        "b2": np.zeros(hidden),
        "w3": rng.normal(0, 0.1, hidden),
        "b3": np.zeros(1),
    }


def boon_model(folder: Path) -> Path:
    game = get_game("boon")
    encoder = game.encoder(0, 4, game.parse_options({}))
    state, action = network_sizes(encoder)
    meta = {"state_size": state, "action_size": action, "hidden": [16, 16]}
    return write_model("boon", random_weights(state, action), meta, folder)


def test_a_model_reads_back_with_its_hash(tmp_path: Path) -> None:
    path = boon_model(tmp_path)
    info = read_info("boon", tmp_path)
    assert info.sha256 == models.file_hash(path) and info.hidden == (16, 16)


def test_a_damaged_weights_file_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path = boon_model(tmp_path)
    path.write_bytes(path.read_bytes()[:-10] + b"0123456789")
    with pytest.raises(ModelError) as err:
        read_info("boon", tmp_path)
    assert "damaged" in err.value.en and "dañado" in err.value.es


def test_a_missing_model_is_said_and_the_level_not_offered(tmp_path: Path) -> None:
    with pytest.raises(ModelError) as err:
        read_info("wanted", tmp_path)
    assert "no trained model" in err.value.en
    for game in all_games():
        assert ("learned" in kinds_for(game)) == models.available(game.id)


def test_a_card_of_another_format_is_refused(tmp_path: Path) -> None:
    boon_model(tmp_path)
    card = tmp_path / "boon.json"
    meta = json.loads(card.read_text())
    card.write_text(json.dumps({**meta, "format": 99}))
    with pytest.raises(ModelError):
        read_info("boon", tmp_path)


@pytest.mark.parametrize("game", [g for g in all_games() if g.encoder_type is not None], ids=lambda g: g.id)
def test_the_learned_bot_plays_only_legal_moves(game: object) -> None:
    """Random weights: whatever the network prefers, every move is legal and every match ends."""
    from tapete.engine import Game

    assert isinstance(game, Game)
    players = game.default_players
    state = game.new_match(players, 5, {})
    encoder = game.encoder(0, players, state.options)
    network = QNetwork(random_weights(*network_sizes(encoder)))
    bots = [LearnedBot(game, random.Random(seat), network) for seat in range(players)]
    for seat, bot in enumerate(bots):
        bot.start(seat, players, state.options)
    for _ in range(20_000):
        if state.is_terminal():
            break
        seat, action = next_move(state, bots, REACTION_WINDOW_S)
        assert action in state.legal_actions(seat)
        deliver(state.apply(seat, action), bots)
    assert state.is_terminal(), "a match of learned bots never ended"
