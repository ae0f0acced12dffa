"""Handing a table socket to the process that owns its table, on one machine.

With several processes on one port (SO_REUSEPORT) the kernel gives each new
connection to any of them, so with N processes about (N-1)/N of the table
sockets reach a process that does not own their table. Relaying them
(`fanout`) costs a Redis hop each way for every view and action, and a
relayed person's round trip is longer than the bots' (more of their
reactions lose the race). On one machine the connection itself can move
instead: before answering the WebSocket handshake, the process that got it
sends the socket (a file descriptor, SCM_RIGHTS) and the request it opened
with to the owner's handoff address, and lets go of it without a word. The
owner takes it as if it had accepted it: its HTTP protocol reads the same
request, the connection limits count it, and the handshake is answered
there. Nothing had been sent on the connection, and a WebSocket client
sends nothing before the handshake's answer, so no byte is lost or seen
twice.

The address is an abstract Unix socket named after the owner's id (Linux;
nothing on disk). When the owner is on another machine, its address does
not exist here, or the send fails (its queue is full, it is stopping), the
socket is relayed as before. A handed socket carries a header that stops
the owner from handing it on again (the table may have moved meanwhile).
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import os
import socket
import sys
from collections.abc import Callable, Mapping
from typing import Any

from ..ops import logs

HANDED_HEADER = b"x-tapete-handed"
# A datagram holds one request (uvicorn's h11 refuses heads over 16 kB) and one descriptor.
MAX_REQUEST = 64 * 1024
ProtocolFactory = Callable[[], asyncio.BaseProtocol]


def address(owner: str) -> str:
    """The abstract Unix address of a process's handoff port (the leading NUL: no file)."""
    return f"\0tapete-handoff/{owner}"


def supported() -> bool:
    return sys.platform.startswith("linux") and hasattr(socket, "send_fds")


def same_machine(owner: str) -> bool:
    """Whether a process id (`leases.new_owner_id`: host:pid:random) names a process of this machine."""
    return owner.rsplit(":", 2)[0] == socket.gethostname()[:40]


def handed(scope: Mapping[str, Any]) -> bool:
    """The connection was handed here by another process (so it is not handed on)."""
    return any(name == HANDED_HEADER for name, _value in scope.get("headers", ()))


def opening_request(scope: Mapping[str, Any]) -> bytes:
    """The HTTP request that opened a WebSocket connection, as bytes (with the handed mark)."""
    target = scope.get("raw_path") or scope["path"].encode()
    if scope.get("query_string"):
        target += b"?" + scope["query_string"]
    lines = [b"GET " + target + b" HTTP/1.1"]
    lines += [name + b": " + value for name, value in scope["headers"]]
    lines.append(HANDED_HEADER + b": 1")
    return b"\r\n".join(lines) + b"\r\n\r\n"


class HandoffPort:
    """This process's end: sends sockets to other processes and takes the ones they send."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.sent = self.taken = self.refused = 0
        self._out: socket.socket | None = None
        self._in: socket.socket | None = None
        self._factory: ProtocolFactory | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # -- taking ---------------------------------------------------------------------------
    def listen(self, factory: ProtocolFactory) -> None:
        """Take sockets from now on; `factory` makes the protocol of a connection accepted here."""
        if not supported() or self._in is not None:
            return
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(address(self.owner))
        sock.setblocking(False)
        self._in, self._factory = sock, factory
        asyncio.get_running_loop().add_reader(sock.fileno(), self._on_readable)

    def _on_readable(self) -> None:
        assert self._in is not None
        while True:
            try:
                request, fds, _flags, _addr = socket.recv_fds(self._in, MAX_REQUEST, 1)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                logs.log.exception("could not take a handed socket")
                return
            if not fds:
                continue
            conn = socket.socket(fileno=fds[0])
            for extra in fds[1:]:
                os.close(extra)
            task = asyncio.get_running_loop().create_task(self._adopt(conn, request))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _adopt(self, conn: socket.socket, request: bytes) -> None:
        """Serve a handed connection as if accepted here: the protocol reads its opening request."""
        assert self._factory is not None
        conn.setblocking(False)
        try:
            _transport, protocol = await asyncio.get_running_loop().connect_accepted_socket(self._factory, conn)
        except Exception:
            logs.log.exception("could not serve a handed socket")
            conn.close()
            return
        self.taken += 1
        assert isinstance(protocol, asyncio.Protocol)
        protocol.data_received(request)

    # -- sending --------------------------------------------------------------------------
    def send(self, owner: str, fd: int, request: bytes) -> bool:
        """Send a connection's descriptor and opening request to `owner`; False: it cannot take it
        (another machine, not listening, its queue full), the caller keeps the connection."""
        if not supported() or owner == self.owner or len(request) > MAX_REQUEST:
            return False
        if self._out is None:
            self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._out.setblocking(False)
        try:
            # socket.send_fds would drop the address: sendmsg with the descriptor as SCM_RIGHTS
            self._out.sendmsg(
                [request], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [fd]))], 0, address(owner)
            )
        except OSError:
            self.refused += 1
            return False
        self.sent += 1
        return True

    def counts(self) -> dict[str, int]:
        return {"handed_off": self.sent, "taken": self.taken, "not_taken": self.refused}

    def close(self) -> None:
        if self._in is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._in.fileno())
            self._in.close()
            self._in = None
        if self._out is not None:
            self._out.close()
            self._out = None
