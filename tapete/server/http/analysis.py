"""A finished match's analysis for one seat (tapete.analysis, docs/analysis.md):
`GET /api/matches/{id}/analysis?seat=K[&budget=easy|normal]`.

Like the replay, it is served only for a finished match, whose record (seed
included) is public anyway; the analysis of seat K judges every decision from
what K knew at the time, never from the cards shown later.

An analysis costs seconds of CPU. It runs in a process of its own, at a lower
priority, one at a time per server process: a live table's loop never waits on
it. Each (match, seat, budget) is computed once and kept (the last ANALYSES);
a request for one already under way waits for that one; past WAITING under way, a new one
is refused (`busy`, 503: the page says so in words and offers to try again).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Literal

from fastapi import APIRouter, Query, Request

from ..errors import error
from .player_api import PlayerHeader, caller

router = APIRouter(prefix="/api")

ANALYSES = 64  # analyses kept per server process
WAITING = 4  # analyses being computed or waiting at once per server process; past it: busy (503)
NICENESS = 10  # the analysing process's priority below the tables'

_pool: ProcessPoolExecutor | None = None
_analyses: OrderedDict[tuple[str, int, str], asyncio.Future[dict[str, Any]]] = OrderedDict()


def _lower_priority() -> None:
    with contextlib.suppress(OSError):  # a platform without nice
        os.nice(NICENESS)


def pool() -> ProcessPoolExecutor:
    """The one process that analyses (spawned: the server's threads and sockets stay behind)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_lower_priority)
    return _pool


def shutdown() -> None:
    """At the server's end: the analysing process goes, and what it was doing with it."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
    _analyses.clear()


def analysis_json(record: dict[str, Any], seat: int, budget: str) -> dict[str, Any]:
    """In the analysing process: the seat's analysis as JSON."""
    from tapete.analysis import analyze

    return analyze(record, seat, budget).to_json()


@router.get("/matches/{match_id}/analysis")
async def match_analysis(
    match_id: str,
    request: Request,
    seat: int = Query(..., ge=0),
    budget: Literal["easy", "normal"] = Query("normal"),
    x_tapete_player: PlayerHeader = None,
) -> dict[str, Any]:
    """Seat `seat`'s decisions in a finished match, judged (404 unknown, 409 not finished; a private
    table's: 403 but for its players, as its record)."""
    viewer = await caller(request, x_tapete_player)
    record: dict[str, Any] = await request.app.state.tapete.tables.record(match_id, viewer)
    n = len(record["seats"])
    if seat >= n:
        raise error("analysis_seat", seat=seat, last=n - 1)
    key = (match_id, seat, budget)
    future = _analyses.get(key)
    if future is None or (future.done() and (future.cancelled() or future.exception() is not None)):
        if sum(not f.done() for f in _analyses.values()) >= WAITING:
            raise error("analyses_busy")
        loop = asyncio.get_running_loop()
        future = asyncio.ensure_future(loop.run_in_executor(pool(), analysis_json, record, seat, budget))
        _analyses[key] = future
        while len(_analyses) > ANALYSES:
            _analyses.popitem(last=False)
    _analyses.move_to_end(key)
    result = await asyncio.shield(future)
    return {"match": match_id, **result}
