"""Why a person's action was stale: a fair race, or the server's own latency.

A table remembers, for its recent versions, when the action that made each
version reached it and when each version's views were handed to the
sockets (perf_counter); a stale action is then judged against them.
"""

from __future__ import annotations

import time
from collections import deque

STALE_MEMORY = 256  # versions remembered to tell why a person's action was stale


class StaleHistory:
    def __init__(self, memory: int = STALE_MEMORY) -> None:
        self._reached: deque[tuple[int, float]] = deque(maxlen=memory)  # (version, when its action reached)
        self._told: deque[tuple[int, float]] = deque(maxlen=memory)  # (version, when its views went out)

    def reached(self, version: int, at: float) -> None:
        """The action that made `version` reached the table at `at`."""
        self._reached.append((version, at))

    def told(self, version: int) -> None:
        """`version`'s views are going out now (only the first time counts)."""
        if not self._told or self._told[-1][0] != version:
            self._told.append((version, time.perf_counter()))

    def reason(self, version: int, arrived: float | None) -> str:
        """`race` when the action that outdated a person's version reached the table after that
        version's views went out and before the person's action arrived; else `late`: the server
        let it in first, or judged it before telling the person (see stats)."""
        reached = next((t for v, t in self._reached if v == version + 1), None)
        told = next((t for v, t in self._told if v == version), None)
        if reached is None or told is None or arrived is None:
            return "race"  # older than the kept history: the person was far behind
        return "race" if told <= reached <= arrived else "late"
