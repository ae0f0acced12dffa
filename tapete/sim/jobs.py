"""Running many matches: in this process, a process pool or a Ray cluster.

Kept apart from `runner` (one match): the Ray backend imports `runner`'s
jobs and `run_job`, and both backends are chosen here, so no import goes back."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from multiprocessing import get_context

from .ray_backend import run_jobs_ray
from .runner import MatchJob, MatchResult, run_job


def run_jobs(jobs: Sequence[MatchJob], processes: int = 1, ray: str | None = None) -> Iterator[MatchResult]:
    """Results in completion order; `processes` > 1 uses a process pool; `ray` (an address, or
    "local") a Ray cluster instead (tapete.sim.ray_backend)."""
    if ray is not None:
        yield from run_jobs_ray(jobs, ray, processes)
        return
    if processes <= 1:
        for job in jobs:
            yield run_job(job)
        return
    with get_context("spawn").Pool(processes) as pool:
        yield from pool.imap_unordered(run_job, jobs, chunksize=max(1, len(jobs) // (processes * 20)))
