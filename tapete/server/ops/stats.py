"""Counters an operator (or the load benchmark) can read at /api/stats.

Besides the actions applied, the time an action spends in each stage of
this process, so that a slow server says where its time goes:

- `wait`: a socket action's arrival (its read from the socket, or from the
  relaying process) to its judgement by the table's runner (the runner's
  queue, and the relay's hop);
- `write`: an accepted action's write queued to its commit (the writer's
  queue, the batch's round trips to the database);
- `publish`: the commit to the views handed to the sockets (building each
  seat's view; the owner's answers to relayed sockets go out through Redis);
- `arrival_to_views`: the whole path of a socket action, arrival to views.

And the `stale` answers to people by reason: `race` (another action really
reached the table first, after this person had been sent the state it
acted on: fair), `late` (the person's action reached the server first, or
another action was judged before this person had been sent that state:
the server's own latency, a defect), `window` (someone reacted while a held
action waited for the reaction window), and `superseded` (the person's own
later action replaced a held one).
"""

from __future__ import annotations

import time
from collections import Counter, deque
from typing import Any

STAGES = ("wait", "write", "publish", "arrival_to_views")
STALE_REASONS = ("race", "late", "window", "superseded")


def percentiles(values: list[float] | deque[float]) -> dict[str, float | int | None]:
    """count, p50, p90, p99 and max of durations in seconds, in milliseconds."""
    ordered = sorted(values)

    def pct(p: float) -> float | None:
        if not ordered:
            return None
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 3)

    return {"count": len(ordered), "p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": pct(1.0)}


class Stats:
    """Actions applied, per-stage times, write batches, and people's `stale` answers by reason."""

    def __init__(self, keep: int = 20_000) -> None:
        self.keep = keep
        self._stages: dict[str, deque[float]] = {name: deque(maxlen=keep) for name in STAGES}
        self._batch_rows: deque[int] = deque(maxlen=keep)
        self.stale: Counter[str] = Counter()
        self.started = time.time()
        self.actions = self.socket_actions = self.batches = self.most_in_flight = 0
        self.reset()

    @property
    def _latencies(self) -> deque[float]:
        return self._stages["arrival_to_views"]

    def applied(self, arrived: float | None) -> None:
        self.actions += 1
        if arrived is not None:
            self.socket_actions += 1
            self._latencies.append(time.perf_counter() - arrived)

    def stage(self, name: str, seconds: float) -> None:
        """One action's time in one stage (see the module's list)."""
        self._stages[name].append(seconds)

    def batch(self, writes: int, in_flight: int) -> None:
        """The writer committed a batch of `writes` while `in_flight` batches were out (this one too)."""
        self.batches += 1
        self._batch_rows.append(writes)
        self.most_in_flight = max(self.most_in_flight, in_flight)

    def refused_stale(self, reason: str) -> None:
        self.stale[reason] += 1

    def reset(self) -> None:
        self.started = time.time()
        self.actions = 0
        self.socket_actions = 0
        self.batches = 0
        self.most_in_flight = 0
        for values in self._stages.values():
            values.clear()
        self._batch_rows.clear()
        self.stale.clear()

    def summary(self) -> dict[str, Any]:
        rows = list(self._batch_rows)
        return {
            "since": self.started,
            "actions": self.actions,
            "socket_actions": self.socket_actions,
            "arrival_to_views_ms": percentiles(self._latencies),
            "stages_ms": {name: percentiles(self._stages[name]) for name in STAGES},
            "write_batches": {
                "count": self.batches,
                "mean_writes": round(sum(rows) / len(rows), 2) if rows else None,
                "max_writes": max(rows, default=0),
                "most_in_flight": self.most_in_flight,
            },
            "stale": {reason: self.stale[reason] for reason in STALE_REASONS},
        }
