"""Matches on a Ray cluster: `tapete simulate|tournament ... --ray [ADDRESS]`.

The jobs and the function that plays one (`run_job`) are the process
pool's, so the same seeds give the same matches, wherever they run. Jobs
travel in batches (a few per worker CPU) and results come back in
completion order, as from the pool. Without an address, a Ray instance is
started on this machine (with `--jobs` CPUs, or all of them) and stopped
at the end; with one (`auto`, `ray://host:10001`, `host:6379`), this
process joins that cluster, whose workers must have tapete installed.

Ray is an optional extra: `pip install -e '.[ray]'`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from typing import Any

from tapete.engine import TapeteError

from .runner import MatchJob, MatchResult, run_job

LOCAL = "local"
BATCHES_PER_CPU = 4


def with_ray_default(argv: list[str]) -> list[str]:
    """`--ray` given without an address (last, or before another option) means a local cluster."""
    out = list(argv)
    for i, arg in enumerate(out):
        if arg == "--ray" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out.insert(i + 1, LOCAL)
    return out


class RayUnavailable(TapeteError):
    """Ray is not installed, or the cluster cannot be reached or started."""

    code = "ray_unavailable"


def run_batch(jobs: list[MatchJob]) -> list[MatchResult]:
    return [run_job(job) for job in jobs]


def connect(address: str, cpus: int | None) -> tuple[Any, bool]:
    """Ray, connected (or started, for `local`); and whether this call did it."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable(
            "--ray necesita Ray: pip install -e '.[ray]'.", "--ray needs Ray: pip install -e '.[ray]'."
        ) from None
    if ray.is_initialized():
        return ray, False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    try:
        if address == LOCAL:
            ray.init(num_cpus=cpus, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
        else:
            ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
    except Exception as err:  # Ray's own errors vary by version and address kind: say what it said
        where = "aquí" if address == LOCAL else address
        where_en = "here" if address == LOCAL else address
        raise RayUnavailable(
            f"No se pudo arrancar o alcanzar Ray ({where}): {err}",
            f"Could not start or reach Ray ({where_en}): {err}",
        ) from None
    return ray, True


def run_jobs_ray(jobs: Sequence[MatchJob], address: str = LOCAL, processes: int = 1) -> Iterator[MatchResult]:
    """Results in completion order, played by the Ray cluster at `address` (`local`: one started here)."""
    ray, connected_here = connect(address, processes if processes > 1 else None)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, len(jobs) // (cpus * BATCHES_PER_CPU))
        play = ray.remote(run_batch)
        pending = [play.remote(list(jobs[i : i + size])) for i in range(0, len(jobs), size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    finally:
        if connected_here:
            ray.shutdown()
