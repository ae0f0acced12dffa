"""What the server benchmarks' remote seats share: playing on through a table's move
to another process, by connecting again with the seat's token as the clients do."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import websockets

MOVED_CODES = (1012, 4409)  # the table moved to another process (1012), or is moving (4409)


class ReconnectingSeat:
    """A remote seat's socket loop; a subclass reads its socket in `_play`."""

    connect: Callable[[], Awaitable[Any]]
    ws: Any
    sent_at: float | None  # an action in flight, sent then

    async def play(self) -> None:
        """Play until the match ends; a socket closed because its table moved to another process
        (1012, or 4409 while it moves) connects again with its token, as the clients do."""
        while True:
            self.ws = await self.connect()
            try:
                await self._play()
                return
            except websockets.ConnectionClosed as closed:
                if closed.rcvd is None or closed.rcvd.code not in MOVED_CODES:
                    raise
                self.reconnected()
                self.sent_at = None  # its answer may be lost: a new state comes with the new socket
                await asyncio.sleep(0.2)
            finally:
                self.closing()
                await self.ws.close()

    async def _play(self) -> None:
        raise NotImplementedError

    def reconnected(self) -> None:
        """Count a reconnection."""

    def closing(self) -> None:
        """Stop what this socket's seat had running (the socket closes next)."""
