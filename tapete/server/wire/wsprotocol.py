"""uvicorn's WebSocket protocol with a cheaper permessage-deflate.

uvicorn compresses at zlib's default level (6). Our messages are small JSON
documents (a view and its legal moves, about 4 kB) where level 1 gives
nearly the same size (measured on Bacan: 772 bytes instead of 716) at half
the CPU, and compression was a quarter of the server's work per action at
level 6. Everything else is uvicorn's own implementation, with two hooks: the
connection gives its address's place back when it ends (`on_lost`, set by
tapete.server.wire.httpguard), and the application may cut the connection off at
once (the `tapete.abort` scope extension): a client that does not read
blocks every send, the close frame included, so a slow reader is aborted.
Before the handshake is answered, the application may also give the
connection to another process on this machine (`tapete.hand_off`, see
tapete.server.cluster.handoff). And a text frame may be written at once, in the turn
of the loop that made it (`tapete.send_now`), rather than through the ASGI
send path, which costs a task switch per message and several layers. Once
the application asks (`tapete.on_text`), each whole message it is sent is
handed to its callback in the read callback that completed it, rather than
through the ASGI queue: no task switch per message, no coroutines waiting on
every socket for its next message (they lived seconds, long enough for the
collector to walk them), no pause and resume of reading around each one.

Keepalive pings go only to a socket that has been quiet for a whole ping
interval: data from the client shows it alive as a pong would, and a
person's socket talks every few seconds. A dead peer is still found within
an interval and the ping's timeout of its last byte, as before; a server of
8,000 sockets saves ~400 pings and pongs a second (2 timers each).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.exceptions import InvalidState
from websockets.http11 import Request
from websockets.server import ServerProtocol

from .deflate import SharedDeflateFactory

COMPRESSION_LEVEL = 1


class FastDeflateProtocol(WebSocketsSansIOProtocol):
    compress_min_bytes = 0  # messages shorter go uncompressed (tapete.server.wire.deflate); see `protocol_class`

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            deflate = SharedDeflateFactory(  # one compressor for every socket (tapete.server.wire.deflate)
                min_bytes=self.compress_min_bytes,
                server_max_window_bits=12,
                client_max_window_bits=12,
                compress_settings={"memLevel": 8, "level": COMPRESSION_LEVEL},
            )
            self.conn = ServerProtocol(
                extensions=[deflate], max_size=config.ws_max_size, logger=logging.getLogger("uvicorn.error")
            )
        self.on_lost: Callable[[], None] | None = None
        self.heard = 0.0  # the loop's time when the client last sent a byte
        self.on_text: Callable[[str | None], None] | None = None  # see deliver_to

    def data_received(self, data: bytes) -> None:
        self.heard = self.loop.time()
        super().data_received(data)

    def send_keepalive_ping(self) -> None:
        """A ping only after a whole interval without a byte from the client (see the module's note)."""
        quiet_for = self.loop.time() - self.heard
        closing = self.close_sent or self.transport is None or self.transport.is_closing()
        if self.ping_interval is not None and quiet_for < self.ping_interval and not closing:
            self.ping_timer = self.loop.call_later(self.ping_interval - quiet_for, self.send_keepalive_ping)
            return
        super().send_keepalive_ping()

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope: Any = getattr(self, "scope", None)
        if scope is not None:
            extensions = scope.setdefault("extensions", {})
            extensions["tapete.abort"] = self.abort
            extensions["tapete.hand_off"] = self.hand_off
            extensions["tapete.send_now"] = self.send_now
            extensions["tapete.on_text"] = self.deliver_to
            extensions["tapete.hold_reading"] = self.hold_reading

    def hold_reading(self, held: bool) -> None:
        """Stop reading the socket while the application waits (True), or read on (False): what the
        client sends meanwhile stays in the kernel, and TCP's window tells it to wait."""
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        if held:
            transport.pause_reading()
        else:
            transport.resume_reading()

    def deliver_to(self, on_text: Callable[[str | None], None]) -> None:
        """From now on, each whole message goes to `on_text` as it is read (None for a binary one),
        and the application's ASGI `receive` only tells the end. Messages already queued go first.
        `on_text` must not raise: it runs in the transport's read callback."""
        self.on_text = on_text
        queued = []
        while not self.queue.empty():
            queued.append(self.queue.get_nowait())
        if self.read_paused:  # first: a queued message may hold reading again (`hold_reading`)
            self.read_paused = False
            self.transport.resume_reading()
        for event in queued:
            if event["type"] == "websocket.receive":
                on_text(event.get("text"))
            else:
                self.queue.put_nowait(event)  # the end, for `receive`

    def send_receive_event_to_app(self) -> None:
        on_text = self.on_text
        if on_text is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:  # as uvicorn: past the close, messages are dropped
            return
        if self.curr_msg_data_type != "text":
            on_text(None)
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:  # as uvicorn: the frame's UTF-8 is invalid (1007)
            self.conn.send_close(1007)
            self.handle_parser_exception()
            return
        on_text(text)

    def send_now(self, text: str) -> bool:
        """Write a text frame at once if the socket takes it now (the handshake answered, no close
        sent, the client reading): the frame reaches the kernel in the turn that made it, without
        the ASGI path's task switch and layers. False: the caller queues it (a client reading slowly
        pauses writing, and its frames wait in the outbox, where a deadline watches them)."""
        transport = self.transport
        if (
            not self.handshake_complete
            or self.close_sent
            or self.initial_response is not None
            or not self.writable.is_set()
            or transport is None
            or transport.is_closing()
        ):
            return False
        try:
            self.conn.send_text(text.encode())
        except InvalidState:
            return False
        transport.write(b"".join(self.conn.data_to_send()))
        return True

    def abort(self) -> None:
        """Drop the connection now, whatever is still buffered for it."""
        if self.transport is not None:
            self.transport.abort()

    def hand_off(self, give: Callable[[int], bool]) -> bool:
        """Before the handshake is answered: `give(fd)` sends a duplicate of the socket to another
        process; if it did, this process drops the connection without writing a byte (no rejection
        once the application returns) and the other one answers the handshake."""
        if self.transport is None or self.handshake_complete or self.transport.is_closing():
            return False
        sock = self.transport.get_extra_info("socket")
        if sock is None:
            return False
        fd = os.dup(sock.fileno())
        try:
            given = give(fd)
        finally:
            os.close(fd)
        if given:
            self.handshake_complete = True  # uvicorn answers nothing more here
            self.transport.abort()  # closes this process's descriptor only: the connection lives on there
        return given

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # websockets' protocol and its parser (a generator of its own) hold each other: a cycle, which
        # the collector's aging (gcsetup) keeps frozen with the socket's compressor (~30 kB) once the
        # socket lived a while. No data comes any more: closing the parser breaks the cycle, so
        # reference counting frees them now (a soak that cut sockets grew ~8 MB a minute more).
        with contextlib.suppress(RuntimeError):
            self.conn.parser.close()
        if self.on_lost is not None:
            release, self.on_lost = self.on_lost, None
            release()
        self.on_text = None  # the application's reader, which holds its socket's connection
        # the scope's hooks are this protocol's bound methods: a cycle, left to a full collection
        scope: Any = getattr(self, "scope", None)
        if scope is not None:
            for hook in ("tapete.abort", "tapete.hand_off", "tapete.send_now", "tapete.on_text", "tapete.hold_reading"):
                scope.get("extensions", {}).pop(hook, None)


def protocol_class(compress_min_bytes: int) -> type[FastDeflateProtocol]:
    """The protocol for uvicorn's `ws` option: messages shorter than `compress_min_bytes` uncompressed."""
    return type("FastDeflateProtocol", (FastDeflateProtocol,), {"compress_min_bytes": compress_min_bytes})
