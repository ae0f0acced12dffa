"""The table WebSocket: hello, then actions in and states out.

This module only reads and checks client messages (size, rate, JSON, shape);
everything that touches the table goes to its runner's queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson
from fastapi import WebSocket
from pydantic import ValidationError

from tapete.engine import TapeteError

from ..errors import error
from ..ops import logs
from ..table.connection import (
    CLOSE_BAD_TOKEN,
    CLOSE_INTERNAL,
    CLOSE_MOVED,
    CLOSE_NOT_FOUND,
    CLOSE_POLICY,
    CLOSE_REFUSED,
    Connection,
    RateLimiter,
)
from ..table.inbox import Chat, Detach, Dismiss, Hint, Rematch, Submit, Sync
from ..table.runner import RunnerStopped, TableRunner
from ..wire.limits import AllRates, Rates
from .models import (
    MAX_INT,
    MESSAGE_TYPES,
    ActionMessage,
    AnyClientMessage,
    ChatMessage,
    DismissMessage,
    HelloMessage,
    HintMessage,
    PingMessage,
    RematchMessage,
    SyncMessage,
    explain,
    read_message,
)

if TYPE_CHECKING:
    from ..settings import ServerSettings
    from .lobby import Services


CLOSE_CODES = {"bad_token": CLOSE_BAD_TOKEN, "bad_identity": CLOSE_BAD_TOKEN, "table_not_found": CLOSE_NOT_FOUND}


class Disconnected(Exception):
    """The client went away."""


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    svc: Services = websocket.app.state.tapete
    settings = svc.settings
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), settings):
        # a page of another site must not play with its visitor's tokens (cross-site WebSocket hijacking)
        logs.event("socket refused", logging.INFO, table=table_id, code="origin")
        await websocket.close(CLOSE_POLICY, "origin not allowed")  # before accepting: an HTTP 403
        return
    if await svc.tables.hand_off(table_id, websocket.scope):
        return  # the process that runs the table answers the handshake (one process: never)
    await websocket.accept()
    extensions = websocket.scope.get("extensions", {})
    conn = Connection(
        websocket,
        settings.outbox_limit,
        settings.send_timeout,
        extensions.get("tapete.abort"),
        extensions.get("tapete.send_now"),
    )
    conn.address = websocket.client.host if websocket.client else "unknown"
    pump = asyncio.create_task(conn.pump())
    runner: TableRunner | None = None
    try:
        token = await _hello(websocket, conn, svc)
        runner = await _attach(svc, table_id, conn, token)
        if runner is not None:
            await _serve(websocket, conn, runner, settings)
    except Disconnected:
        pass
    except RunnerStopped:
        # the table left this process under the socket (a cluster process lost its lease):
        # the client connects again and reaches the table's new owner
        conn.close(CLOSE_MOVED, "table moved")
        logs.event("socket moved", logging.INFO, table=table_id, seat=conn.seat)
    except Exception:
        # a bug, not a client's doing: the client hears so in the error shape, not a bare close
        logs.log.exception("socket handler failed", extra={"table": table_id, "seat": conn.seat})
        conn.send_error(error("internal_error"))
        conn.close(CLOSE_INTERNAL, "internal_error")
    finally:
        if runner is not None:
            with contextlib.suppress(RunnerStopped):
                runner.post(Detach(conn))
        conn.close()
        await pump


def origin_allowed(origin: str | None, host: str | None, settings: ServerSettings) -> bool:
    """No Origin (not a browser), the server's own origin, or one of the configured ones."""
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    if host and origin in (f"http://{host.lower()}", f"https://{host.lower()}"):
        return True
    return origin in settings.origins()


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next text frame; None for a binary frame."""
    try:
        message = await websocket.receive()
    except RuntimeError:
        raise Disconnected from None
    if message["type"] == "websocket.disconnect":
        raise Disconnected
    text: str | None = message.get("text")
    return text


def _parse(text: str | None, settings: ServerSettings) -> dict[str, Any]:
    """The message as a JSON object with a string `type` (not yet checked against its model)."""
    if text is None:
        raise error("json_not_text")
    if len(text) > settings.max_message_bytes or len(text.encode()) > settings.max_message_bytes:
        raise error("message_too_large", limit=settings.max_message_bytes)
    try:
        # orjson refuses nesting over 1024 levels and numbers beyond a double (the
        # standard reader raised RecursionError, or turned 1e400 into inf)
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise error("json_invalid") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise error("message_not_object")
    return data


def _read(data: dict[str, Any], expected: tuple[str, ...]) -> AnyClientMessage:
    """The message as its model; `expected` lists the types this moment of the socket takes."""
    kind = data["type"]
    if kind not in MESSAGE_TYPES and expected != ("hello",):
        raise error("message_type_unknown", kind=kind[:32], listed=", ".join(expected))
    if kind not in expected:
        if kind == "hello":
            raise error("hello_again")
        raise error("hello_first")
    try:
        return read_message(data)
    except ValidationError as err:
        raise error("message_malformed", kind=kind, why=explain(err)) from None


async def _hello(websocket: WebSocket, conn: Connection, svc: Services) -> str | None:
    """Wait for `{"type": "hello", "token": ..., "lang": "es"}`; no token means a spectator."""
    settings = svc.settings
    try:
        text = await asyncio.wait_for(_receive_text(websocket), settings.hello_timeout)
    except TimeoutError:
        conn.send_error(error("hello_missing"))
        conn.close(CLOSE_POLICY, "no hello")
        raise Disconnected from None
    try:
        hello = _read(_parse(text, settings), ("hello",))
        assert isinstance(hello, HelloMessage)
        if hello.player is not None:  # a wrong identity is refused as a wrong token is
            conn.player_id = await svc.players.check(hello.player.id, hello.player.secret)
            conn.player_name = await svc.players.name_of(conn.player_id)
    except TapeteError as err:
        conn.send_error(err)
        conn.close(CLOSE_CODES.get(err.code, CLOSE_POLICY), err.code)
        raise Disconnected from None
    conn.lang, conn.texts, conn.omit_unchanged = hello.lang, hello.texts, hello.omit_unchanged
    conn.accepted_in_state = hello.accepted_in_state
    return hello.token


async def _attach(svc: Services, table_id: str, conn: Connection, token: str | None) -> TableRunner | None:
    for _ in range(3):
        try:
            runner = await svc.tables.get(table_id)
            await runner.attach(conn, token)
            return runner
        except RunnerStopped:
            continue  # the table just left memory (or this process): find it again
        except TapeteError as err:
            conn.send_error(err)
            conn.close(CLOSE_CODES.get(err.code, CLOSE_REFUSED), err.code)
            logs.event("socket refused", logging.INFO, table=table_id, code=err.code)
            return None
    conn.close(CLOSE_MOVED, "table moved")  # it kept moving: the client tries again a little later
    return None


async def _serve(websocket: WebSocket, conn: Connection, runner: TableRunner, settings: ServerSettings) -> None:
    extensions = websocket.scope.get("extensions", {})
    reader = SocketReader(conn, runner, settings, websocket.app.state.allowances, extensions.get("tapete.hold_reading"))
    deliver = extensions.get("tapete.on_text")
    if deliver is None:  # another ASGI server: each message through `receive`, in turn
        while not conn.closing:
            reader.read(await _receive_text(websocket))
            if reader.asking is not None:  # the next is read once this one's allowance answered
                await asyncio.wait([reader.asking])
        return
    deliver(reader.read)  # each message read in the transport's callback (wsprotocol)
    while True:
        await _receive_text(websocket)  # only the end comes this way now: Disconnected


class SocketReader:
    """A socket's messages after its hello, each taken as it arrives: the rate, the JSON, the
    shape, then the runner's queue. A chat or rematch message first asks the allowance its address
    shares over every process (Redis in a cluster); the messages that arrive meanwhile wait for
    it, so that the runner is given them in the order they were sent, and the socket is not read
    until it answers (`hold_reading`: what the client sends then waits in the kernel, as when the
    socket was read one message at a time)."""

    def __init__(
        self,
        conn: Connection,
        runner: TableRunner,
        settings: ServerSettings,
        allowances: AddressAllowances,
        hold_reading: Callable[[bool], None] | None = None,
    ) -> None:
        self.conn, self.runner, self.settings = conn, runner, settings
        self.hold_reading = hold_reading
        self.allowances = allowances
        self.limiter = conn.limiter = RateLimiter(settings.rate_per_s, settings.rate_burst)  # (Connection.credit)
        self.chat_limiter = RateLimiter(settings.chat_per_s, settings.chat_burst)
        self.rematch_limiter = RateLimiter(REMATCH_PER_S, REMATCH_BURST)
        self.strikes = 0
        self.waiting: deque[tuple[str | None, float]] | None = None  # behind a shared allowance's answer
        self.asking: asyncio.Task[None] | None = None

    def read(self, text: str | None) -> None:
        """One message as it arrives (None: a binary frame). Never raises: it may run in the
        transport's read callback."""
        if self.conn.closing:
            return
        arrived = time.perf_counter()
        try:
            if not self._within_rate():
                return
            if self.waiting is not None:
                self.waiting.append((text, arrived))
                return
            self._take(text, arrived)
        except Exception as err:
            self._fail(err)

    def _within_rate(self) -> bool:
        settings = self.settings
        if self.limiter.allow():
            self.strikes = 0
            return True
        self.strikes += 1
        self.conn.send_error(error("socket_flood", per_second=settings.rate_per_s))
        if self.strikes >= settings.rate_strikes:
            self.conn.close(CLOSE_POLICY, "rate")
        return False

    def _take(self, text: str | None, arrived: float) -> None:
        seq: Any = None
        try:
            data = _parse(text, self.settings)
            seq = data.get("seq")
            message = _read(data, IN_PLAY)
            if isinstance(message, ChatMessage | RematchMessage):
                local = self.chat_limiter if isinstance(message, ChatMessage) else self.rematch_limiter
                if not local.allow():
                    raise _flood(message, self.settings)
                self.waiting = deque()
                self.asking = asyncio.get_running_loop().create_task(self._ask_shared(message, seq, arrived))
                if self.hold_reading is not None:
                    self.hold_reading(True)
                return
            _dispatch(message, self.conn, self.runner, arrived)
        except TapeteError as err:
            self.conn.send_error(err, seq if _is_int(seq) else None)

    async def _ask_shared(self, message: ChatMessage | RematchMessage, seq: Any, arrived: float) -> None:
        try:
            chat = isinstance(message, ChatMessage)
            allowances = self.allowances
            address, table = (
                (allowances.chat, allowances.table_chat) if chat else (allowances.rematch, allowances.table_rematch)
            )
            try:
                # the address's allowance at this table first: a flooding address does not spend the table's
                if not await address.allow(f"{self.runner.id}|{self.conn.address}"):
                    raise _flood(message, self.settings)
                if not await table.allow(self.runner.id):
                    raise table_busy(chat)
                _dispatch(message, self.conn, self.runner, arrived)
            except TapeteError as err:
                self.conn.send_error(err, seq if _is_int(seq) else None)
            waiting, self.waiting = self.waiting, None
            while waiting and self.waiting is None and not self.conn.closing:
                self._take(*waiting.popleft())
            if waiting and self.waiting is not None:  # another one asks now: the rest wait behind it
                self.waiting.extend(waiting)
        except Exception as err:
            self._fail(err)
        finally:
            if self.waiting is None:
                self.asking = None
                if self.hold_reading is not None:
                    self.hold_reading(False)

    def _fail(self, err: Exception) -> None:
        """What ended a socket's loop before: the table left this process, or a bug."""
        self.waiting = None
        if self.hold_reading is not None:
            self.hold_reading(False)  # the close handshake is read
        if isinstance(err, RunnerStopped):
            # the client connects again and reaches the table's new owner
            self.conn.close(CLOSE_MOVED, "table moved")
            logs.event("socket moved", logging.INFO, table=self.runner.id, seat=self.conn.seat)
            return
        logs.log.error("socket reader failed", exc_info=err, extra={"table": self.runner.id, "seat": self.conn.seat})
        self.conn.send_error(error("internal_error"))
        self.conn.close(CLOSE_INTERNAL, "internal_error")


def _flood(message: ChatMessage | RematchMessage, settings: ServerSettings) -> TapeteError:
    """Chat and rematch answers have rates of their own, far below the socket's: people talk,
    floods are refused."""
    if isinstance(message, ChatMessage):
        return error("chat_flood", per_minute=settings.chat_per_s * 60)
    return error("rematch_flood")


IN_PLAY = ("action", "sync", "dismiss", "ping", "chat", "rematch", "hint")
# Rematch answers a socket may send: each is stored and told to every socket of the table, and a
# person answers once or twice; yes/no toggled at the socket's full rate is refused.
REMATCH_PER_S = 1.0
REMATCH_BURST = 5
# One address at one table may chat (and answer rematches) as much as this many sockets: a household
# playing together, not a flood spread over every socket an address may open.
SOCKETS_PER_ADDRESS = 3
# And one table, over every address, as much as this many: a lively table, not a flood spread over
# many addresses, each within its own allowance.
SOCKETS_PER_TABLE = 12


@dataclass(frozen=True)
class AddressAllowances:
    """What one address may send at one table (`chat`, `rematch`, by table and address), and the
    whole table over every address (`table_chat`, `table_rematch`, by table), over all their sockets
    and every server process."""

    chat: Rates
    rematch: Rates
    table_chat: Rates
    table_rematch: Rates


def address_allowances(settings: ServerSettings, rates: AllRates) -> AddressAllowances:
    """Made with the app; in Redis with several processes, so that sockets on two processes share one."""
    chat_per_s, chat_burst = settings.chat_per_s, settings.chat_burst
    return AddressAllowances(
        chat=rates.per_second("chat", chat_per_s * SOCKETS_PER_ADDRESS, chat_burst * SOCKETS_PER_ADDRESS),
        rematch=rates.per_second("rematch", REMATCH_PER_S * SOCKETS_PER_ADDRESS, REMATCH_BURST * SOCKETS_PER_ADDRESS),
        table_chat=rates.per_second("chat-table", chat_per_s * SOCKETS_PER_TABLE, chat_burst * SOCKETS_PER_TABLE),
        table_rematch=rates.per_second(
            "rematch-table", REMATCH_PER_S * SOCKETS_PER_TABLE, REMATCH_BURST * SOCKETS_PER_TABLE
        ),
    )


def table_busy(chat: bool) -> TapeteError:
    """The table's ceiling, over every address: the message was not sent, whoever sent it."""
    return error("chat_table_busy" if chat else "rematch_table_busy")


def _dispatch(message: AnyClientMessage, conn: Connection, runner: TableRunner, arrived: float) -> None:
    if isinstance(message, ActionMessage):
        # the owner of the table judges the version (a relay does not know it): see TableCore.check_fresh
        runner.post(Submit(conn, message.seq, message.version, message.payload(), message.seat, arrived))
    elif isinstance(message, SyncMessage):
        runner.post(Sync(conn))
    elif isinstance(message, DismissMessage):
        runner.post(Dismiss(conn))
    elif isinstance(message, PingMessage):
        conn.send({"type": "pong", "seq": message.seq})
    elif isinstance(message, ChatMessage):
        runner.post(Chat(conn, message.text, message.phrase))
    elif isinstance(message, RematchMessage):
        runner.post(Rematch(conn, message.accept))
    elif isinstance(message, HintMessage):
        runner.post(Hint(conn))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_INT <= value <= MAX_INT
