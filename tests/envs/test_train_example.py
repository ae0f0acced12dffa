"""The RL example runs end to end: `make test-rl` installs PyTorch's CPU build,
Stable-Baselines3 and sb3-contrib (the `train` extra) and sets TAPETE_REQUIRE_RL,
so there this test cannot skip; elsewhere it skips when they are absent."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_training_example_learns_and_plots(tmp_path: Path) -> None:
    if os.environ.get("TAPETE_REQUIRE_RL"):
        importlib.import_module("sb3_contrib")  # make test-rl installed it: missing is a failure
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("matplotlib")
    command = [
        sys.executable, str(ROOT / "examples" / "train_sb3.py"), "--game", "boon",
        "--steps", "256", "--eval-every", "128", "--eval-episodes", "2", "--out", str(tmp_path),
    ]  # fmt: skip
    subprocess.run(command, check=True, cwd=ROOT, capture_output=True, timeout=300)
    summary = json.loads((tmp_path / "train_boon.json").read_text())
    assert summary["steps"] == 256 and len(summary["curve"]) >= 2
    assert (tmp_path / "train_boon.png").stat().st_size > 1000
