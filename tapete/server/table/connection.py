"""One WebSocket client as the table runner sees it: an outbox and a seat.

The runner never awaits a client: it drops pre-serialized messages into the
outbox and a pump task writes them out, so a slow phone cannot stall a
table. A client that lets its outbox overflow is closed (1013) with what
was still waiting dropped; a client that does not take a message within
`send_timeout` does not read at all: its send is blocked, and so would be
the close frame, so the connection is cut off (`abort`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, Protocol

import orjson

from tapete.engine import TapeteError

CLOSE_NORMAL = 1000
CLOSE_POLICY = 1008
CLOSE_INTERNAL = 1011
# The table is no longer served by this process (its lease moved, or the server stops): connect again.
CLOSE_MOVED = 1012
CLOSE_TRY_AGAIN = 1013
CLOSE_BAD_TOKEN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_LEFT = 4000
CLOSE_REFUSED = 4409


def dumps(message: Any) -> str:
    """Compact JSON text (orjson: the views and legal lists are most of the server's work).
    A key that is no string is written as one (OPT_NON_STR_KEYS); asked only when one is met,
    as the option doubles the time of every dict (the text of string keys is the same)."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:  # orjson.JSONEncodeError: a key that is no string, or no JSON at all (raised again)
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    """A client socket bound to one seat (None for a spectator)."""

    def __init__(
        self,
        socket: Sender,
        outbox_limit: int,
        send_timeout: float = 10.0,
        abort: Callable[[], None] | None = None,
        send_now: Callable[[str], bool] | None = None,
    ) -> None:
        self.socket = socket
        self.send_timeout = send_timeout
        self.abort = abort
        self.send_now = send_now
        self.seat: int | None = None
        self.address = "unknown"  # the client's, as the per-address limits count it
        # the seat token this socket said hello with (kept only while it is open: a rematch
        # derives the seat's next token from it); None for a spectator
        self.token: str | None = None
        self.lang = "es"  # of the texts describing moves and events
        self.texts = True  # a sentence for every legal move (programs may not need them)
        # `legal` and `seats` left out of a state message when as in the last one told (the hello
        # asks): their JSON as last told here, None when the next state must carry them
        self.omit_unchanged = False
        self.told_legal: str | None = None
        self.told_seats: str | None = None
        # an accepted action told in the state that follows it (the hello asks), not in a message of
        # its own: the action's seq, in a tuple (a seq may be None), until that state is sent
        self.accepted_in_state = False
        self.accepted_seq: tuple[int | None] | None = None
        # the player identity the hello proved and that player's name then (a spectator's chat name)
        self.player_id: str | None = None
        self.player_name: str | None = None
        # the socket's message rate (its reader's); an action the table takes is given back to it (`credit`)
        self.limiter: RateLimiter | None = None
        self.outbox_limit = outbox_limit
        self._outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self._queued = 0  # messages in the outbox or being written by the pump
        self.closing = False

    def send_text(self, text: str) -> None:
        if self.closing:
            return
        # nothing waits before it: written at once when the socket takes it (in order, and the
        # views leave in the turn that made them); else the outbox and its pump
        if not self._queued and self.send_now is not None and self.send_now(text):
            return
        if self._outbox.qsize() >= self.outbox_limit:
            while not self._outbox.empty():  # what it could not keep up with is dropped: the close goes next
                self._outbox.get_nowait()
            self.close(CLOSE_TRY_AGAIN, "too slow")
            return
        self._queued += 1
        self._outbox.put_nowait(text)

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(dumps(message))

    def send_error(self, err: TapeteError, seq: int | None = None) -> None:
        self.send({"type": "error", "seq": seq, **err.to_json()})

    def credit(self) -> None:
        """The table took an action of this socket: it does not count toward the socket's message
        rate, since the table's pace bounds those (four people answering at once each of their
        turns send more than the rate allows, and an action refused as a flood left the table
        waiting for that seat for good). Every other message counts: refused actions too."""
        if self.limiter is not None:
            self.limiter.give_back()

    def close(self, code: int = CLOSE_NORMAL, reason: str = "") -> None:
        if not self.closing:
            self.closing = True
            self._queued += 1
            self._outbox.put_nowait((code, reason))

    async def pump(self) -> None:
        """Write the outbox to the socket until closed (by either side), each write with a deadline."""
        while True:
            item = await self._outbox.get()
            if isinstance(item, tuple):
                try:
                    # not wait_for: its task would hold the client-gone error whose traceback holds the
                    # task (a cycle per socket, frozen with the socket's objects by gcsetup.Aging)
                    async with asyncio.timeout(self.send_timeout):
                        await self.socket.close(item[0], item[1])
                except TimeoutError:
                    self._cut_off()
                except Exception:
                    pass  # the client is gone already
                return
            try:
                async with asyncio.timeout(self.send_timeout):  # a deadline without a task of its own per send
                    await self.socket.send_text(item)
                self._queued -= 1
            except TimeoutError:
                self.closing = True
                self._cut_off()
                return
            except Exception:
                self.closing = True
                return

    def _cut_off(self) -> None:
        """The client does not read: not even a close frame would reach it."""
        if self.abort is not None:
            with contextlib.suppress(Exception):
                self.abort()


class RateLimiter:
    """A token bucket: `rate` messages per second with bursts of `burst`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def give_back(self) -> None:
        """A message allowed before is not counted after all (up to the burst)."""
        self.tokens = min(self.burst, self.tokens + 1.0)
