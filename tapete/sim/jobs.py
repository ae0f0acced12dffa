"""Running many matches: in this process, a process pool or a Ray cluster.

Kept apart from `runner` (one match): the Ray backend imports `runner`'s
jobs and `run_job`, and both backends are chosen here, so no import goes back."""

from __future__ import annotations

import signal
from collections.abc import Generator, Sequence
from multiprocessing import get_context

from .ray_backend import run_jobs_ray
from .runner import MatchJob, MatchResult, run_job


def ignore_interrupts() -> None:
    """A pool worker leaves Ctrl-C (SIGINT, sent to the whole process group) to the process that
    started it, which stops the pool and keeps what was played."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_jobs(
    jobs: Sequence[MatchJob], processes: int = 1, ray: str | None = None
) -> Generator[MatchResult, None, None]:
    """Results in completion order; `processes` > 1 uses a process pool; `ray` (an address, or
    "local") a Ray cluster instead (tapete.sim.ray_backend). Closing the generator (or an
    exception in the caller's process, such as KeyboardInterrupt) terminates the pool."""
    if ray is not None:
        yield from run_jobs_ray(jobs, ray, processes)
        return
    if processes <= 1:
        for job in jobs:
            yield run_job(job)
        return
    with get_context("spawn").Pool(processes, initializer=ignore_interrupts) as pool:
        # one match per task: results (the progress, --out rows) come back match by match, and an
        # interrupt loses only the matches being played; chunks of matches measured no faster,
        # even for matches of a millisecond
        yield from pool.imap_unordered(run_job, jobs)
