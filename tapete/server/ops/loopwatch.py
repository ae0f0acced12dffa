"""How long this process's event loop keeps a table waiting, and why.

Every table of a process shares one event loop: a turn that takes long (a
full garbage collection, a disk flush, a burst of views) delays every
person's action in the process by as much. Two figures for `/api/stats`:

- `loop_lag_ms`: how late a timer set every `EVERY_S` fires, sampled all
  the time (p50 is the loop's ordinary turn, p99 and max its stalls);
- `gc`: per generation, the collections, their wall time (the collector's
  start and stop callbacks) and the objects they freed (garbage in
  reference cycles), the usual cause of a long stall; and `memory_blocks`,
  the small blocks in use, whose doubling starts a full collection
  (see gcsetup.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
import time
from collections import deque
from typing import Any

from .stats import percentiles

EVERY_S = 0.01  # the probe's period: 100 wake-ups a second cost nothing a table notices


class LoopWatch:
    """The loop's lateness and the collector's pauses of one process, since the last reset."""

    def __init__(self, keep: int = 20_000) -> None:
        self.lags: deque[float] = deque(maxlen=keep)
        self.gc_count = [0, 0, 0]
        self.gc_seconds = [0.0, 0.0, 0.0]
        self.gc_longest = [0.0, 0.0, 0.0]
        self.gc_collected = [0, 0, 0]
        self._gc_began = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        gc.callbacks.append(self._on_gc)
        self._task = asyncio.create_task(self._probe(), name="tapete-loopwatch")

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_gc)
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _probe(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(EVERY_S)
            self.lags.append(max(0.0, time.perf_counter() - asked - EVERY_S))

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_began = time.perf_counter()
            return
        took, generation = time.perf_counter() - self._gc_began, info["generation"]
        self.gc_count[generation] += 1
        self.gc_seconds[generation] += took
        self.gc_longest[generation] = max(self.gc_longest[generation], took)
        self.gc_collected[generation] += info.get("collected", 0)

    def reset(self) -> None:
        self.lags.clear()
        self.gc_count = [0, 0, 0]
        self.gc_seconds = [0.0, 0.0, 0.0]
        self.gc_longest = [0.0, 0.0, 0.0]
        self.gc_collected = [0, 0, 0]

    def summary(self) -> dict[str, Any]:
        return {
            "loop_lag_ms": percentiles(self.lags),
            "memory_blocks": sys.getallocatedblocks(),  # what gcsetup's aging watches grow
            "gc": [
                {
                    "generation": g,
                    "count": self.gc_count[g],
                    "total_ms": round(self.gc_seconds[g] * 1000, 3),
                    "max_ms": round(self.gc_longest[g] * 1000, 3),
                    "collected": self.gc_collected[g],
                }
                for g in range(3)
            ],
        }
