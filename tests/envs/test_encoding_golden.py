"""The environments' numbers do not change when they are made faster.

For every game, seeded random matches stepped through a batch (`tapete.envs.batch`)
and through the AEC environment with observations read every step: a digest of every
information state, mask, seat and action feature row is compared with the one
recorded in golden_encodings.json. A deliberate change of an encoding writes the file
again with

    TAPETE_WRITE_GOLDEN=1 pytest tests/envs/test_encoding_golden.py
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

import numpy as np
import pytest

from tapete.envs import batch
from tapete.games import game_ids, get_game

GOLDEN = Path(__file__).with_name("golden_encodings.json")
GAMES = [g for g in game_ids() if get_game(g).encoder_type is not None]
BATCH, STEPS = 4, 600


def _batch_digest(game_id: str) -> str:
    digest = hashlib.sha256()
    play = batch(game_id, BATCH, seed=11)
    rng = random.Random(5)
    turn = play.reset()
    for step in range(STEPS):
        digest.update(turn.information_state.tobytes())
        digest.update(turn.action_mask.tobytes())
        digest.update(turn.seat.tobytes())
        digest.update(turn.returns.tobytes())
        if step % 5 == 0:
            _, _, rows = play.legal_features()
            digest.update(rows.tobytes())
        actions = []
        for row in turn.action_mask:
            legal = np.flatnonzero(row)
            actions.append(int(legal[rng.randrange(len(legal))]))
        turn = play.step(actions)
    return digest.hexdigest()


def _aec_digest(game_id: str) -> str:
    pytest.importorskip("pettingzoo")
    from tapete.envs import pettingzoo_env

    digest = hashlib.sha256()
    env = pettingzoo_env(game_id)
    rng = random.Random(3)
    steps = 0
    for episode in range(3):
        env.reset(seed=episode)
        for _agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            digest.update(obs["information_state"].tobytes())
            digest.update(obs["action_mask"].tobytes())
            digest.update(np.float64(reward).tobytes())
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
            if steps >= STEPS:
                return digest.hexdigest()
    return digest.hexdigest()


def _digests(game_id: str) -> dict[str, str]:
    return {"batch": _batch_digest(game_id), "aec": _aec_digest(game_id)}


@pytest.mark.parametrize("game_id", GAMES)
def test_encodings_are_the_recorded_ones(game_id: str) -> None:
    if os.environ.get("TAPETE_WRITE_GOLDEN"):
        recorded = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
        recorded[game_id] = _digests(game_id)
        GOLDEN.write_text(json.dumps(recorded, indent=2, sort_keys=True) + "\n")
        return
    assert _digests(game_id) == json.loads(GOLDEN.read_text())[game_id]
