"""`--ray`: the same matches on a Ray cluster as in the process pool, for the same seeds.

Ray is an optional extra that `make test` installs (and sets TAPETE_REQUIRE_RAY,
so there these tests cannot skip); elsewhere they skip when it is absent.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from tapete.cli import app
from tapete.games import game_ids
from tapete.sim.jobs import run_jobs
from tapete.sim.ray_backend import LOCAL, with_ray_default
from tapete.sim.runner import MatchJob, MatchResult
from tapete.sim.tournament import run_tournament

GAME = "boon" if "boon" in game_ids() else game_ids()[0]


def test_ray_without_an_address_means_a_local_cluster() -> None:
    assert with_ray_default(["simulate", "boon", "--ray"]) == ["simulate", "boon", "--ray", LOCAL]
    assert with_ray_default(["simulate", "boon", "--ray", "--jobs", "2"]) == [
        "simulate",
        "boon",
        "--ray",
        LOCAL,
        "--jobs",
        "2",
    ]
    assert with_ray_default(["tournament", "boon", "--ray", "ray://head:10001"]) == [
        "tournament",
        "boon",
        "--ray",
        "ray://head:10001",
    ]
    assert with_ray_default(["simulate", "boon"]) == ["simulate", "boon"]


@pytest.fixture(scope="module")
def ray_here(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One local Ray instance for the module (starting one takes seconds)."""
    if os.environ.get("TAPETE_REQUIRE_RAY"):
        importlib.import_module("ray")  # make test installed it: missing is a failure
    ray = pytest.importorskip("ray")
    home = tmp_path_factory.mktemp("ray-home")
    saved = {k: os.environ.get(k) for k in ("HOME", "RAY_USAGE_STATS_ENABLED", "RAY_AUTH_MODE")}
    os.environ.update(HOME=str(home), RAY_USAGE_STATS_ENABLED="0", RAY_AUTH_MODE="disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def played(results: list[MatchResult]) -> list[dict[str, Any]]:
    """The matches, by seed and seating, without their timing."""
    out = [{k: v for k, v in asdict(r).items() if k != "seconds"} for r in results]
    return sorted(out, key=lambda r: (r["seed"], r["bots"]))


@pytest.mark.slow
def test_simulate_on_ray_plays_the_same_matches(ray_here: Any) -> None:
    jobs = [
        MatchJob(
            GAME,
            4 if GAME == "boon" else 2,
            ("heuristic", "random") * (2 if GAME == "boon" else 1),
            seed,
            (),
            keep_record=True,
        )
        for seed in range(1, 25)
    ]
    pool = played(list(run_jobs(jobs, processes=2)))
    on_ray = played(list(run_jobs(jobs, processes=2, ray=LOCAL)))
    assert len(on_ray) == len(jobs) and all(r["error"] is None for r in on_ray)
    assert on_ray == pool
    assert ray_here.is_initialized(), "a cluster this process did not start is left running"


@pytest.mark.slow
def test_tournament_on_ray_gives_the_same_report(ray_here: Any) -> None:
    players = 4 if GAME == "boon" else 2
    common: dict[str, Any] = {"seed": 3, "processes": 2}
    pool = run_tournament(GAME, players, ["heuristic", "random"], 12, **common).to_json()
    on_ray = run_tournament(GAME, players, ["heuristic", "random"], 12, ray=LOCAL, **common).to_json()
    for report in (pool, on_ray):
        report.pop("seconds", None)
    assert on_ray == pool


@pytest.mark.slow
def test_the_command_line_keeps_the_same_matches_on_ray(ray_here: Any, tmp_path: Path) -> None:
    """`tapete simulate ... --ray` (no address) plays and keeps the matches the pool plays."""
    from typer.testing import CliRunner

    runner = CliRunner()
    rows = {}
    for name, extra in (("pool", ["--jobs", "2"]), ("ray", ["--ray", "--jobs", "2"])):
        out = tmp_path / f"{name}.jsonl"
        args = ["simulate", GAME, "--matches", "8", "--bots", "heuristic", "--out", str(out), *extra]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        lines = [json.loads(line) for line in out.read_text().splitlines()]
        rows[name] = sorted(({k: v for k, v in r.items() if k != "seconds"} for r in lines), key=lambda r: r["index"])
    assert len(rows["ray"]) == 8 and rows["ray"] == rows["pool"]
