"""What `make test` promises to run, and what the README promises to name (issue 19, point 8)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_make_test_installs_ray_and_refuses_to_skip_its_tests() -> None:
    makefile = (ROOT / "Makefile").read_text()
    stamp = re.search(r"\$\(STAMP\):.*\n\t.*pip install -q -e '\.\[([a-z,]+)\]'", makefile)
    assert stamp is not None and "ray" in stamp.group(1).split(",")
    test_target = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "TAPETE_REQUIRE_RAY=1" in test_target
    assert "TAPETE_REQUIRE_RL=1" in makefile.split("\ntest-rl:", 1)[1]
    assert "torch==2.13.0" in makefile  # the CPU build, before anything can pull a CUDA one


def test_the_readme_names_the_research_tools() -> None:
    readme = (ROOT / "README.md").read_text()
    for name in ("tapete tournament", "tapete report", "pettingzoo_env", "gym_env", "docs/research.md", "make test-rl"):
        assert name in readme, name
