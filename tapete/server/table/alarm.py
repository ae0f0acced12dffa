"""One timer per table: armed at the table's next deadline, it calls back once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class Alarm:
    def __init__(self, ring: Callable[[], None], monotonic: Callable[[], float] = time.monotonic) -> None:
        self.ring = ring
        self.monotonic = monotonic  # the server's clock (`ServerClock.monotonic`)
        self._timer: asyncio.TimerHandle | None = None
        self._deadline: float | None = None  # monotonic time the armed timer fires

    def set(self, deadline: float | None) -> None:
        """Ring at `deadline` (monotonic seconds; None: never); re-arms only on a change."""
        if deadline == self._deadline and (deadline is None or self._timer is not None):
            return
        self.cancel()
        self._deadline = deadline
        if deadline is not None:
            delay = max(0.0, deadline - self.monotonic()) + 0.001
            self._timer = asyncio.get_running_loop().call_later(delay, self._fire)

    def _fire(self) -> None:
        self._timer = None
        self.ring()

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
