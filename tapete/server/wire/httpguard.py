"""uvicorn's HTTP/1.1 protocol with the limits a public server needs on its connections.

uvicorn times out a connection only between two requests (keep-alive): a
client that sends half of its headers and then one byte now and then
(slowloris) holds a connection, a file descriptor and a little memory for
ever, and 150 of them were all still open after 40 s. Here:

- the headers of every request must be complete within `header_timeout`
  of its first byte (of the connection, or of the end of the previous
  answer), else the connection is closed;
- one address may hold at most `max_connections_per_address` connections at
  once, HTTP and WebSocket together; the next gets a 429 in the error shape
  and is closed.

The body of a request is timed by `tapete.server.wire.limits.BodyGuard`.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import h11
import orjson
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..errors import error


@dataclass
class ConnectionLimits:
    """What one server's connections share: the limits and how many each address holds."""

    header_timeout: float
    max_per_address: int
    held: Counter[str] = field(default_factory=Counter)
    # a trusted load balancer (`--forwarded-allow-ips`) carries every client's connections: not capped
    uncapped: Callable[[str], bool] = lambda _address: False

    def take(self, address: str) -> bool:
        if self.held[address] >= self.max_per_address and not self.uncapped(address):
            return False
        self.held[address] += 1
        return True

    def give_back(self, address: str) -> None:
        self.held[address] -= 1
        if self.held[address] <= 0:
            del self.held[address]


def refusal(limit: int) -> bytes:
    body = orjson.dumps({"error": error("too_many_connections", limit=limit).to_json()})
    head = (
        f"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


class GuardedH11Protocol(H11Protocol):
    """One HTTP connection; `limits` is set on a subclass made by `guarded_http`."""

    limits: ConnectionLimits

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._address: str | None = None
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "unknown"
        if not self.limits.take(address):
            transport.write(refusal(self.limits.max_per_address))
            transport.close()
            return
        self._address = address
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_timer()
        self._release()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._address is None:
            return  # refused: nothing it sends is read
        super().data_received(data)
        if self.transport.get_protocol() is not self:
            return  # upgraded to a WebSocket
        if self.conn.their_state is h11.IDLE:
            self._arm_header_timer()  # still waiting for a request's headers
        else:
            self._disarm_header_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._arm_header_timer()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm_header_timer()
        super().handle_websocket_upgrade(event)
        # the connection is the WebSocket's now: it gives the address's place back when it ends
        socket_protocol = self.transport.get_protocol()
        address, self._address = self._address, None
        if address is not None:
            socket_protocol.on_lost = lambda: self.limits.give_back(address)  # type: ignore[attr-defined]

    def _release(self) -> None:
        if self._address is not None:
            self.limits.give_back(self._address)
            self._address = None

    def _arm_header_timer(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.limits.header_timeout, self._headers_too_slow)

    def _disarm_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self.transport.close()


def guarded_http(limits: ConnectionLimits) -> type[GuardedH11Protocol]:
    """The protocol class uvicorn builds each HTTP connection with, bound to one server's limits."""
    return type("ServerH11Protocol", (GuardedH11Protocol,), {"limits": limits})
