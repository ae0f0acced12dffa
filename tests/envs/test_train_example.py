"""The RL example runs end to end (when Stable-Baselines3 is installed; it is not a dependency)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_training_example_learns_and_plots(tmp_path: Path) -> None:
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
