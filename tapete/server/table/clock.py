"""The server's clock: what every table reads the time from, so that tests may move it on.

A turn-based table's clocks run for days; a test cannot wait for them. Every table reads
`ServerClock.monotonic()` (its races, windows, turn clocks, alarms) and `ServerClock.time()` (what
it stores: the record's times, a turn-based table's due time), both moved on together by
`advance` (tests only: the server itself never moves its clock).
"""

from __future__ import annotations

import time


class ServerClock:
    """The real clocks, moved on by `offset` seconds."""

    def __init__(self) -> None:
        self.offset = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.offset

    def time(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds` (a simulated night, or week)."""
        self.offset += seconds

    def wall_of(self, monotonic: float) -> float:
        """A monotonic time of this clock as a wall-clock time (a deadline, to store)."""
        return self.time() + (monotonic - self.monotonic())


__all__ = ["ServerClock"]
