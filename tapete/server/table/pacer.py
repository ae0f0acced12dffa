"""People first: bots' moves enter the tables a few per turn of the event loop.

A bot at full speed answers the moment its turn comes, so with many busy
tables every runner always has a move waiting, and one turn of the loop
would apply one move at every table before anything else ran: a person's
action then waits for all of them (hundreds of moves, tens of
milliseconds). The pacer lets at most `per_turn` bot moves into the
runners per loop turn, in arrival order across tables; a person's action,
a socket read or a write never queues behind more than that. Bots play just
as fast when the server has time to spare, and yield to people when it does
not.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

Release = Callable[[], None]
T = TypeVar("T")


class BotPacer:
    def __init__(self, per_turn: int = 16) -> None:
        if per_turn < 1:
            raise ValueError("per_turn must be at least 1")
        self.per_turn = per_turn
        self._waiting: deque[Release] = deque()
        self._armed = False

    def __len__(self) -> int:
        return len(self._waiting)

    def submit(self, release: Release) -> None:
        """Call `release` (which hands one bot move to its runner) in a coming loop turn."""
        self._waiting.append(release)
        if not self._armed:
            self._armed = True
            asyncio.get_running_loop().call_soon(self._turn)

    def _turn(self) -> None:
        for _ in range(min(self.per_turn, len(self._waiting))):
            self._waiting.popleft()()
        if self._waiting:
            asyncio.get_running_loop().call_soon(self._turn)
        else:
            self._armed = False


class ThinkingPool(ThreadPoolExecutor):
    """Where search bots think: a few threads shared by every table, in turn, on a budget.

    Search bots (ISMCTS) think in the event loop's default executor; the
    server makes this pool that executor. Their thoughts queue here in
    arrival order across tables (one table's bots cannot take every thread),
    and each thread rests after a thought in proportion to it, so that
    thinking uses at most `share` of the threads' time. The rest is left to
    the event loop: a thinking thread holds Python's lock, and people's
    moves, pings and socket writes wait while it does.
    """

    def __init__(self, threads: int = 1, share: float = 0.5) -> None:
        if threads < 1 or not 0.0 < share <= 1.0:
            raise ValueError("threads must be at least 1 and share in (0, 1]")
        super().__init__(max_workers=threads, thread_name_prefix="tapete-think")
        self.share = share
        self._rest = threading.local()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        return super().submit(self._paced, fn, *args, **kwargs)

    def _paced(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        rest_until: float = getattr(self._rest, "until", 0.0)
        wait = rest_until - time.perf_counter()
        if wait > 0:
            time.sleep(wait)  # sleeping releases the lock: the loop runs meanwhile
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            spent = time.perf_counter() - started
            self._rest.until = time.perf_counter() + spent * (1.0 - self.share) / self.share
