"""`tapete.envs.batch`: N self-play matches stepped together, with stacked information
states and masks, auto-reset with a documented seed per match, and move features."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tapete.envs import SelfPlay, Turn, batch, match_seed
from tapete.games import game_ids, get_game
from tests.envs.toys import TOY

ROOT = Path(__file__).resolve().parents[2]
ENCODED = [g for g in game_ids() if get_game(g).encoder_type is not None]


def _random_actions(turn: Turn, rng: np.random.Generator) -> list[int]:
    return [int(rng.choice(np.flatnonzero(row))) for row in turn.action_mask]


def _run(play: SelfPlay, steps: int, seed: int) -> list[Turn]:
    rng = np.random.default_rng(seed)
    turns = [play.reset()]
    for _ in range(steps):
        turns.append(play.step(_random_actions(turns[-1], rng)))
    return turns


@pytest.mark.parametrize("game_id", ENCODED)
def test_a_turn_stacks_every_matchs_next_decision(game_id: str) -> None:
    play = batch(game_id, 5, seed=3)
    turn = play.reset()
    n, players = 5, play.num_players
    assert turn.information_state.shape == (n, play.size) and turn.information_state.dtype == np.float32
    assert turn.observation.shape == (n, play.observation_size)
    assert turn.action_mask.shape == (n, play.num_actions + 1) and turn.action_mask.dtype == bool
    assert turn.seat.shape == (n,) and turn.returns.shape == (n, players)
    assert turn.action_mask.any(axis=1).all() and not turn.done.any()
    for i, m in enumerate(play.matches):
        assert turn.seeds[i] == match_seed(3, i, 0)
        assert m.state.to_json() == get_game(game_id).new_match(players, int(turn.seeds[i])).to_json()


@pytest.mark.parametrize("game_id", ENCODED)
def test_finished_matches_report_their_returns_and_start_the_next(game_id: str) -> None:
    play = batch(game_id, 4, seed=1)
    rng = np.random.default_rng(1)
    before = play.reset()
    ended = steps = 0
    while ended < 4 and steps < 5_000:  # random Buracco matches take some 2,000 steps
        after = play.step(_random_actions(before, rng))
        steps += 1
        for i in np.flatnonzero(after.done):
            ended += 1
            assert after.seeds[i] != before.seeds[i]
            assert not after.truncated[i] and after.returns[i].sum() == pytest.approx(1.0)  # win shares
        assert not after.returns[~after.done].any()
        assert np.array_equal(after.seeds[~after.done], before.seeds[~after.done])
        before = after
    assert ended >= 4
    started = play.started
    assert all(play.seeds[i] == match_seed(1, i, int(started[i]) - 1) for i in range(4))


def test_a_batch_is_reproduced_by_its_seed_and_actions() -> None:
    first = _run(batch("boon", 3, seed=9), 200, seed=4)
    second = _run(batch("boon", 3, seed=9), 200, seed=4)
    for a, b in zip(first, second, strict=True):
        assert np.array_equal(a.information_state, b.information_state)
        assert np.array_equal(a.action_mask, b.action_mask) and np.array_equal(a.returns, b.returns)
    other = batch("boon", 3, seed=10).reset()
    assert not np.array_equal(other.seeds, first[0].seeds)


def test_max_steps_truncates_without_rewards() -> None:
    play = batch("boon", 2, seed=0, max_steps=5)
    turns = _run(play, 5, seed=0)
    assert turns[-1].done.all() and turns[-1].truncated.all() and not turns[-1].returns.any()
    assert all(m.steps == 0 for m in play.matches)


@pytest.mark.parametrize("game", [*ENCODED, TOY], ids=lambda g: g if isinstance(g, str) else "toy")
def test_move_features_are_the_encoders_rows_for_the_offered_actions(game: Any) -> None:
    play = batch(game, 3, seed=2)
    turn = play.reset()
    rng = np.random.default_rng(2)
    for _ in range(40):
        index, actions, rows = play.legal_features()
        assert rows.shape == (len(actions), play.action_size) and rows.dtype == np.float32
        for i, m in enumerate(play.matches):
            mine, features = play.action_features(i)
            offered = np.flatnonzero(turn.action_mask[i][: play.num_actions])
            assert np.array_equal(mine, offered)  # PASS left out
            assert np.array_equal(actions[index == i], mine) and np.array_equal(rows[index == i], features)
            view = m.state.view(m.seat)
            assert np.array_equal(features, m.encoders[m.seat].action_features(view, [int(a) for a in mine]))
        turn = play.step(_random_actions(turn, rng))


def test_bad_calls_are_refused() -> None:
    with pytest.raises(ValueError):
        batch("boon", 0)
    play = batch("boon", 2)
    play.reset()
    with pytest.raises(ValueError):
        play.step([0])


def test_the_batch_needs_neither_pettingzoo_nor_gymnasium() -> None:
    code = (
        "import sys, tapete.envs as envs; envs.batch('boon', 2).reset(); "
        "assert not {'pettingzoo', 'gymnasium'} & set(sys.modules), sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=120)
