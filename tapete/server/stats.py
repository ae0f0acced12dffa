"""Counters an operator (or the load benchmark) can read at /api/stats."""

from __future__ import annotations

import time
from collections import deque
from typing import Any


class Stats:
    """Actions applied, and how long socket actions took from arrival to the views being sent out."""

    def __init__(self, keep: int = 20_000) -> None:
        self._latencies: deque[float] = deque(maxlen=keep)
        self.reset()

    def applied(self, arrived: float | None) -> None:
        self.actions += 1
        if arrived is not None:
            self.socket_actions += 1
            self._latencies.append(time.perf_counter() - arrived)

    def reset(self) -> None:
        self.started = time.time()
        self.actions = 0
        self.socket_actions = 0
        self._latencies.clear()

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self._latencies)

        def pct(p: float) -> float | None:
            if not ordered:
                return None
            return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 3)

        return {
            "since": self.started,
            "actions": self.actions,
            "socket_actions": self.socket_actions,
            "arrival_to_views_ms": {"count": len(ordered), "p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99),
                                    "max": pct(1.0)},
        }
