"""`tapete train` end to end (needs PyTorch: `make test-rl` installs it and sets
TAPETE_REQUIRE_RL, so there this test cannot skip; `make test` skips it).

Six minutes of Boon on two worker processes: the run checkpoints, is stopped, resumes from its
checkpoint where it stood, and its model - loaded with numpy alone, as the package ships models -
beats random play: more than half the matches against three random bots, over 200."""

from __future__ import annotations

import importlib
import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from tapete.bots import LearnedBot, make_bot
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.games import get_game
from tapete.models import QNetwork, read_info, read_weights
from tapete.sim.runner import next_move

ROOT = Path(__file__).resolve().parents[2]


def train(out: Path, hours: float, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tapete.cli", "train", "boon", "--hours", str(hours), "--jobs", "2"]
    command += ["--out", str(out), "--eval-every", "2", "--eval-matches", "40", "--lang", "en", *extra]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=1800, check=False)


def win_share_against_random(folder: Path, matches: int) -> float:
    game = get_game("boon")
    read_info("boon", folder)  # the hash checks out
    network = QNetwork(read_weights(folder / "boon.npz"))
    shares = []
    for m in range(matches):
        state = game.new_match(4, 50_000 + m)
        seat = m % 4
        bots = [
            LearnedBot(game, random.Random(m), network) if s == seat else make_bot("random", game, m * 7 + s)
            for s in range(4)
        ]
        for s, bot in enumerate(bots):
            bot.start(s, 4, state.options)
        while not state.is_terminal():
            actor, action = next_move(state, bots, REACTION_WINDOW_S)
            deliver(state.apply(actor, action), bots)
        shares.append(state.outcome().returns(4)[seat])
    return statistics.fmean(shares)


def test_train_checkpoints_resumes_and_beats_random_play(tmp_path: Path) -> None:
    if os.environ.get("TAPETE_REQUIRE_RL"):
        importlib.import_module("torch")  # make test-rl installed it: missing is a failure
    pytest.importorskip("torch")
    first = train(tmp_path, 0.05)
    assert first.returncode == 0, first.stderr[-2000:]
    assert (tmp_path / "checkpoint.pt").exists() and (tmp_path / "buffer.npz").exists()
    before = json.loads((tmp_path / "run.json").read_text())
    second = train(tmp_path, 0.1, "--resume")
    assert second.returncode == 0, second.stderr[-2000:]
    assert "resumed" in second.stdout + second.stderr
    after = json.loads((tmp_path / "run.json").read_text())
    assert after["steps"] > before["steps"] and after["totals"]["samples"] > before["totals"]["samples"]
    assert 0.09 * 3600 < after["elapsed_s"] < 0.2 * 3600  # the second run went on from the first's time
    assert (tmp_path / "curve.png").stat().st_size > 1000
    assert len((tmp_path / "curve.jsonl").read_text().splitlines()) >= 2
    assert win_share_against_random(tmp_path, 200) > 0.5
