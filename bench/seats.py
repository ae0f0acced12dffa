"""What the server benchmarks' remote seats share: playing on through a table's move
to another process, by connecting again with the seat's token as the clients do.

`WireSeat` costs a fraction of the CPU per message of websockets' asyncio client, so
that a benchmark's client process holds thousands of sockets and measures the server, not
itself: websockets' Sans-I/O protocol driven by a plain asyncio.Protocol, its messages
handled in the loop's read callback, its pauses loop timers. `Api` opens the tables over
HTTP at a fraction of httpx's CPU per request."""

from __future__ import annotations

import asyncio
import contextlib
import time
import urllib.parse
from typing import Any, cast

import h11
import orjson
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK
from websockets.extensions.permessage_deflate import enable_client_permessage_deflate
from websockets.frames import BINARY, CONT, TEXT, CloseCode, Frame
from websockets.http11 import USER_AGENT
from websockets.protocol import CONNECTING, OPEN
from websockets.typing import BytesLike
from websockets.uri import parse_uri

MOVED_CODES = (1012, 4409)  # the table moved to another process (1012), or is moving (4409)
EXTENSIONS = enable_client_permessage_deflate(None)  # permessage-deflate, offered as websockets.connect does
OPEN_TIMEOUT = 60.0  # seconds to connect and complete the opening handshake
CLOSE_TIMEOUT = 10.0  # seconds a closing handshake may take before the socket is dropped (websockets' default)


class WireSeat(asyncio.Protocol):
    """A remote seat's socket at a low cost per message: websockets' Sans-I/O client
    (`websockets.client.ClientProtocol`, with permessage-deflate as `websockets.connect` offers it)
    driven by a plain `asyncio.Protocol`. No task wakes for a message: the loop's read callback
    parses its frames and hands each message to `message(data, at)` at once, `at` being the
    time its bytes were read (before any decoding); a pause is a loop timer, not a task.

    `play()` runs until the match ends (the subclass calls `finish()`) or the socket closes: a
    normal close ends it too, any other raises websockets' `ConnectionClosed` (`rcvd` the server's
    close frame), except a close saying that the table moved to another process (1012, or 4409 while
    it moves), after which it connects again with its token, as the clients do.
    """

    sent_at: float | None  # an action in flight, sent then
    protocol: ClientProtocol  # the socket's, from `play()` on (a new one for each connection)
    opened: asyncio.Future[None]  # the opening handshake's outcome
    ended: asyncio.Future[None]  # how the socket ended: the match over, or a close (ConnectionClosed)
    lost: asyncio.Future[None]  # the connection is closed

    def __init__(self, url: str, hello: bytes, max_size: int = 2**22) -> None:
        self.uri = parse_uri(url)
        self.hello = hello  # the first message on each socket (the seat's token)
        self.max_size = max_size
        self.transport: asyncio.Transport | None = None
        self.fragments: list[BytesLike] = []  # a message in several frames (not what the server sends)
        self.over = False  # the match ended here: what still arrives is not read
        self.open = False  # the opening handshake succeeded (then `ended` tells how the socket ended)
        self.abort_timer: asyncio.TimerHandle | None = None

    async def play(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self.opened, self.ended, self.lost = loop.create_future(), loop.create_future(), loop.create_future()
            try:
                await self._open(loop)
                await self.ended
                return
            except ConnectionClosed as closed:
                if closed.rcvd is None or closed.rcvd.code not in MOVED_CODES:
                    raise
                self.reconnected()
                self.sent_at = None  # its answer may be lost: a new state comes with the new socket
                await asyncio.sleep(0.2)
            finally:
                self.closing()
                await self._close()

    async def _open(self, loop: asyncio.AbstractEventLoop) -> None:
        self.protocol = ClientProtocol(self.uri, extensions=EXTENSIONS, max_size=self.max_size)
        self.fragments, self.over, self.open = [], False, False
        async with asyncio.timeout(OPEN_TIMEOUT):
            await loop.create_connection(lambda: self, self.uri.host, self.uri.port)
            await self.opened  # the handshake's answer (raises its failure)

    async def _close(self) -> None:
        """The closing handshake (the server closes the connection once it has answered)."""
        transport = self.transport
        if transport is None or self.lost.done():
            return
        if self.protocol.state is OPEN:
            self.protocol.send_close(CloseCode.NORMAL_CLOSURE)  # as websockets' close() does
            self._flush()
        elif self.protocol.state is CONNECTING:  # the opening handshake failed or took too long
            transport.abort()  # uvloop may not tell the protocol of a connection it aborts before it opened
            return
        try:
            async with asyncio.timeout(CLOSE_TIMEOUT):
                await asyncio.shield(self.lost)
        except TimeoutError:
            transport.abort()

    # what the subclass uses

    def send(self, frame: bytes) -> None:
        """A text frame (UTF-8 bytes), now, if the socket is open."""
        if self.protocol.state is OPEN:
            self.protocol.send_text(frame)
            self._flush()

    def finish(self) -> None:
        """The match ended: `play()` returns (closing the socket); later messages are not read."""
        self.over = True
        if not self.ended.done():
            self.ended.set_result(None)

    def message(self, data: BytesLike, at: float) -> None:
        raise NotImplementedError

    def reconnected(self) -> None:
        """Count a reconnection."""

    def closing(self) -> None:
        """Stop what this socket's seat had running (the socket closes next)."""

    # asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports are not its subclasses
        request = self.protocol.connect()
        request.headers["User-Agent"] = USER_AGENT
        self.protocol.send_request(request)
        self._flush()

    def data_received(self, data: bytes) -> None:
        at = time.perf_counter()  # the frames' arrival, before they are inflated and decoded
        protocol = self.protocol
        protocol.receive_data(data)
        events = protocol.events_received()
        writes = protocol.data_to_send()  # pongs, the close frame's echo
        if writes:
            self._write(writes)
        try:
            for event in events:
                if type(event) is Frame:
                    opcode = event.opcode
                    if opcode is TEXT or opcode is BINARY:
                        if event.fin:
                            if not self.over:
                                self.message(event.data, at)
                        else:
                            self.fragments = [event.data]
                    elif opcode is CONT:
                        self.fragments.append(event.data)
                        if event.fin:
                            whole, self.fragments = b"".join(self.fragments), []
                            if not self.over:
                                self.message(whole, at)
                elif not self.opened.done():  # the handshake's answer
                    if protocol.handshake_exc is not None:
                        self.opened.set_exception(protocol.handshake_exc)
                    else:
                        self.open = True
                        self.opened.set_result(None)
                        self.send(self.hello)
        except Exception as exc:  # the seat fails with it, as a task reading the socket would
            self.over = True
            if not self.ended.done():
                self.ended.set_exception(exc)
            if self.transport is not None:
                self.transport.abort()
            return
        if (
            protocol.state is not OPEN
            and protocol.close_expected()
            and self.abort_timer is None
            and self.transport is not None
        ):
            self.abort_timer = asyncio.get_running_loop().call_later(CLOSE_TIMEOUT, self.transport.abort)

    def eof_received(self) -> None:
        self.protocol.receive_eof()
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        protocol = self.protocol
        protocol.receive_eof()  # idempotent: the protocol's state is CLOSED
        if self.abort_timer is not None:
            self.abort_timer.cancel()
            self.abort_timer = None
        if not self.opened.done():
            failure = protocol.handshake_exc or exc or ConnectionError("closed during the opening handshake")
            self.opened.set_exception(failure)
        elif self.open and not self.ended.done():
            closed = protocol.close_exc
            if isinstance(closed, ConnectionClosedOK):
                self.ended.set_result(None)  # a normal close ends the match here
            else:
                closed.__cause__ = exc
                self.ended.set_exception(closed)
        self.lost.set_result(None)
        self.transport = None

    def _flush(self) -> None:
        writes = self.protocol.data_to_send()
        if writes:
            self._write(writes)

    def _write(self, writes: list[bytes]) -> None:
        transport = self.transport
        if transport is None:
            return
        for data in writes:
            if data:
                transport.write(data)
            elif transport.can_write_eof():  # the end of the stream
                with contextlib.suppress(Exception):  # uvloop may raise RuntimeError here
                    transport.write_eof()


class ApiError(Exception):
    """The server answered a request with an error status."""


class Api:
    """POSTs to the server's HTTP API at a low cost per request: h11 (the HTTP/1.1 protocol httpx itself speaks,
    through httpcore) over asyncio streams, a few times cheaper in CPU than httpx's client for the small
    requests that open a table. `fresh` sends a request on a connection of its own, closed after its answer
    (a table created from its own browser, as bench_client.FRESH asks); the others reuse kept-alive connections."""

    def __init__(self, url: str, timeout: float = 120.0) -> None:
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.authority = f"{self.host}:{self.port}"
        self.timeout = timeout
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, h11.Connection]] = []

    async def post(self, path: str, body: Any, fresh: bool = False) -> Any:
        data = orjson.dumps(body)
        headers = [("Host", self.authority), ("Content-Type", "application/json"), ("Content-Length", str(len(data)))]
        if fresh:
            headers.append(("Connection", "close"))
        async with asyncio.timeout(self.timeout):
            while True:
                reused = not fresh and bool(self.idle)
                if reused:
                    reader, writer, conn = self.idle.pop()
                else:
                    reader, writer = await asyncio.open_connection(self.host, self.port)
                    conn = h11.Connection(h11.CLIENT)
                try:
                    status, answer = await self._exchange(reader, writer, conn, path, headers, data)
                except (ConnectionError, h11.ProtocolError):
                    writer.close()
                    if reused:  # the server closed a connection kept idle too long: on a new one
                        continue
                    raise
                break
        if not fresh and conn.our_state is h11.DONE and conn.their_state is h11.DONE:
            conn.start_next_cycle()
            self.idle.append((reader, writer, conn))
        else:
            writer.close()
        if status >= 400:
            raise ApiError(f"POST {path}: {status} {answer[:300]!r}")
        return orjson.loads(answer)

    @staticmethod
    async def _exchange(
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        conn: h11.Connection,
        path: str,
        headers: list[tuple[str, str]],
        data: bytes,
    ) -> tuple[int, bytes]:
        request = h11.Request(method="POST", target=path, headers=headers)
        writer.write(b"".join(conn.send(event) or b"" for event in (request, h11.Data(data=data), h11.EndOfMessage())))
        status, body = 0, []
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                conn.receive_data(await reader.read(65536))
            elif type(event) is h11.Response:
                status = event.status_code
            elif type(event) is h11.Data:
                body.append(event.data)
            elif type(event) is h11.EndOfMessage:
                return status, b"".join(body)
            elif type(event) is h11.ConnectionClosed:
                raise ConnectionError("the connection closed before the answer")

    def close(self) -> None:
        for _, writer, _ in self.idle:
            writer.close()
        self.idle.clear()
