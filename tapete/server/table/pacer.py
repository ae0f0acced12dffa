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
from collections import deque
from collections.abc import Callable

Release = Callable[[], None]


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
