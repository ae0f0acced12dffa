"""Finished matches for the replay viewer: kept in memory a while, limited, computed off the event loop.

A replay step is the view of a seat after the first `step` actions of a finished match. Computed
from nothing, it read the whole record from the database on the event loop and replayed it from
the start in one of the loop's worker threads: 60 replays at once of an 8,204-action match held
the loop and those threads, and an unrelated table's ping went from 1 to 52 ms (issue 37). So:

- a finished match's record does not change: it is read once (a page at a time, the loop let go
  between pages: `Store.actions_of`) and kept as two arrays of ints (`CompactRecord`), the
  records kept fitting in `--replay-cache-mb`, the least recently viewed leaving first; the last
  steps told are kept as the JSON they were sent as;
- the steps, and a match's whole story as a seat read it (`/story`), are computed in a thinking
  process of their own (`tapete.server.table.thinking`, in fair turns: by the address that asks,
  then by match), which keeps the matches it replays with some of their states
  (`table.replayed.ReplayedMatch`), so that a step replays at most a few dozen actions;
- each address may ask for `--replay-per-s` steps a second in bursts of `--replay-burst`
  (stories and records included; shared by every process with Redis), beyond which
  `rate_limited`, answered before the request is routed (`replay_rates`, in the app's
  `RateGuard`); and at most `--replays-waiting` steps wait at once server-wide, beyond which
  `busy` (503).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import Request

from tapete.engine import TapeteError

from ..errors import RemoteError, error
from ..settings import ServerSettings
from ..table.registry import Viewers, check_viewer
from ..table.replayed import CompactRecord, Record
from ..table.thinking import GONE, ThinkingPool
from ..wire.limits import AllRates, RateLimitedFactory, Rates

STEPS_KEPT = 256  # steps kept as the JSON they were told as (a flood of one step costs one)
STORY = -1  # the step under which a match's story is kept among them
Load = Callable[[str], Awaitable[tuple[Record, Viewers]]]  # a match's record and who may see it


class Replays:
    """The replays this process serves: the records it keeps, the steps it told, the ceiling."""

    def __init__(self, settings: ServerSettings, thinking: ThinkingPool) -> None:
        self.thinking = thinking
        self.budget = int(settings.replay_cache_mb * 2**20)
        self.most_waiting = settings.replays_waiting
        self.records: OrderedDict[str, CompactRecord] = OrderedDict()
        self.viewers: dict[str, Viewers] = {}  # who may see each kept record (a private table's players)
        self.told: OrderedDict[tuple[str, int, int | None], bytes] = OrderedDict()
        self.held = 0  # the kept records' bytes
        self.waiting = 0  # steps and records asked for and not yet answered, server-wide
        self.loaded = self.computed = self.busy = 0  # for /api/stats
        self._loading: dict[str, asyncio.Task[CompactRecord]] = {}

    def summary(self) -> dict[str, Any]:
        return {
            "records": len(self.records),
            "records_mb": round(self.held / 2**20, 2),
            "waiting": self.waiting,
            "loaded": self.loaded,
            "computed": self.computed,
            "busy": self.busy,
        }

    async def step(
        self, load: Load, match_id: str, step: int, seat: int | None, address: str, viewer: str | None
    ) -> bytes:
        """One step of a finished match as JSON for `viewer` (a player id or None); `load` reads its
        record (not finished: its error)."""
        return await self._told(load, match_id, step, seat, address, viewer)

    async def story(self, load: Load, match_id: str, seat: int | None, address: str, viewer: str | None) -> bytes:
        """A finished match's whole log as `seat` read it, as JSON (`ReplayedMatch.story`)."""
        return await self._told(load, match_id, None, seat, address, viewer)

    async def _told(
        self, load: Load, match_id: str, step: int | None, seat: int | None, address: str, viewer: str | None
    ) -> bytes:
        """A step (`step` None: the story) as told, from the steps kept or the replay process."""
        async with self._turn():
            record = await self._record(load, match_id, viewer)
            key = (match_id, STORY if step is None else min(step, len(record.actions)), seat)
            told = self.told.get(key)
            if told is None:
                answer = await self.thinking.replay(match_id, address, record, step, seat)
                if answer[0] == "refused":
                    raise RemoteError(answer[1])
                if answer[0] != "json":
                    raise self._failed(answer)
                told = answer[1]
                self.computed += 1
                self.told[key] = told
                while len(self.told) > STEPS_KEPT:
                    self.told.popitem(last=False)
            self.told.move_to_end(key)
            return told

    async def record(self, load: Load, match_id: str, viewer: str | None) -> Record:
        async with self._turn():
            return (await self._record(load, match_id, viewer)).to_record()

    def forget(self, match_id: str) -> None:
        """The match was made public: who may see it is read again (in this process; another process
        refuses strangers until its copy leaves its memory)."""
        dropped = self.records.pop(match_id, None)
        self.viewers.pop(match_id, None)
        if dropped is not None:
            self.held -= dropped.cost()

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        if self.waiting >= self.most_waiting:
            self.busy += 1
            raise error("replays_busy")
        self.waiting += 1
        try:
            yield
        finally:
            self.waiting -= 1

    @staticmethod
    def _failed(answer: tuple[Any, ...]) -> TapeteError:
        return error("replay_gone" if answer == GONE else "replay_failed")

    async def _record(self, load: Load, match_id: str, viewer: str | None) -> CompactRecord:
        """The kept record, or the record read once however many ask for it at once; a private table's
        for its players only."""
        found = self.records.get(match_id)
        if found is not None:
            check_viewer(self.viewers.get(match_id), viewer)
            self.records.move_to_end(match_id)
            return found
        task = self._loading.get(match_id)
        if task is None:
            task = asyncio.create_task(self._read(load, match_id))
            self._loading[match_id] = task
            task.add_done_callback(lambda _t: self._loading.pop(match_id, None))
        record = await asyncio.shield(task)
        check_viewer(self.viewers.get(match_id), viewer)
        return record

    async def _read(self, load: Load, match_id: str) -> CompactRecord:
        read, viewers = await load(match_id)
        record = CompactRecord.of(read)
        self.loaded += 1
        self.records[match_id] = record
        self.viewers[match_id] = viewers
        self.held += record.cost()
        while self.held > self.budget and len(self.records) > 1:
            gone, dropped = self.records.popitem(last=False)
            self.viewers.pop(gone, None)
            self.held -= dropped.cost()
        return record


def replay_rates(settings: ServerSettings, rates: AllRates) -> dict[tuple[str, str], tuple[Rates, RateLimitedFactory]]:
    """Replay steps, stories and records per address (one allowance for them all), for the app's `RateGuard`."""
    allowance = rates.per_second("replays", settings.replay_per_s, settings.replay_burst)

    def too_many() -> TapeteError:
        return error("quota_replays", per_second=settings.replay_per_s)

    return {
        ("GET", "/api/matches/{id}/replay"): (allowance, too_many),
        ("GET", "/api/matches/{id}/story"): (allowance, too_many),
        ("GET", "/api/matches/{id}/record"): (allowance, too_many),
    }


def asking_address(request: Request) -> str:
    """Whose turn a replay takes and whose allowance it counts: the peer's address."""
    return request.client.host if request.client is not None else "unknown"
