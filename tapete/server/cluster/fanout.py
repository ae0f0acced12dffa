"""Messages between server processes through Redis pub/sub.

Each process listens on its own channel, `tapete:proc:<process id>`. A
socket that reaches a process which does not own its table is relayed: the
process (the relay) registers it under a connection id and sends its
attach, actions, syncs and detach to the owner's channel; the owner's runner
holds a `RemoteConnection` for it, whose messages (states, answers, a close)
come back on the relay's channel and go out on the real socket. The runner
does not know the difference. Lobby calls for a table owned elsewhere (join,
leave, its summary) are requests with an id, answered on the asker's channel.

Items are JSON objects; the items queued for one channel during one turn of
the event loop travel in one published message (a list), in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from tapete.engine import TapeteError

from ..errors import RemoteError, error, error_json
from ..ops import logs
from ..table.connection import CLOSE_MOVED, Connection
from ..table.inbox import Chat, Detach, Dismiss, Hint, QueueItem, Rematch, Submit, Sync
from ..table.runner import RunnerStopped, TableRunner
from ..table.seats import SeatInfo

ALIVE_PREFIX = "tapete:alive:"


def channel(proc: str) -> str:
    return f"tapete:proc:{proc}"


Handler = Callable[[dict[str, Any]], None]


class Bus:
    """This process's Redis connections: a publisher, a subscriber on its channel, and its liveness key."""

    def __init__(self, url: str, proc: str, alive_seconds: float) -> None:
        import redis.asyncio as redis

        self.proc = proc
        self.redis = redis.from_url(url)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self.alive_seconds = alive_seconds
        self.local: dict[str, Connection] = {}  # relayed sockets here, by connection id
        self.waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}  # requests and attaches, by id
        self.on_request: Handler = lambda _item: None  # set by the cluster: requests for tables owned here
        self._ids = itertools.count(1)
        self.published = self.items_out = self.items_in = 0  # counts since start (/api/stats)
        self._pending: dict[str, list[dict[str, Any]]] = {}
        self._sends: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Task[Any]] = set()

    async def open(self) -> None:
        await self.redis.ping()
        await self.pubsub.subscribe(channel(self.proc))
        await self.beat()
        self._tasks = [
            asyncio.create_task(self._read(), name="tapete-bus-read"),
            asyncio.create_task(self._write(), name="tapete-bus-write"),
        ]

    async def close(self) -> None:
        await self._drain()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.redis.delete(ALIVE_PREFIX + self.proc)
            await self.pubsub.aclose()
            await self.redis.aclose()

    async def _drain(self) -> None:
        """Publish what is queued (for a clean shutdown)."""
        self._flush()
        deadline = time.monotonic() + 2
        while not self._sends.empty() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    # -- liveness ----------------------------------------------------------------------
    async def beat(self) -> None:
        await self.redis.set(ALIVE_PREFIX + self.proc, b"1", px=int(self.alive_seconds * 1000))

    async def alive(self, procs: list[str]) -> set[str]:
        if not procs:
            return set()
        found = await self.redis.mget([ALIVE_PREFIX + p for p in procs])
        return {p for p, v in zip(procs, found, strict=True) if v is not None}

    # -- sending ------------------------------------------------------------------------
    def send(self, proc: str, item: dict[str, Any]) -> None:
        """Queue one item for a process; items queued in one loop turn go out together, in order."""
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        self._pending.setdefault(proc, []).append(item)

    def _flush(self) -> None:
        pending, self._pending = self._pending, {}
        for proc, items in pending.items():
            self.items_out += len(items)
            self._sends.put_nowait((channel(proc), orjson.dumps(items)))

    async def _write(self) -> None:
        """Publish what is queued: everything waiting goes in one pipeline (one round trip), in order."""
        while True:
            sends = [await self._sends.get()]
            while not self._sends.empty():
                sends.append(self._sends.get_nowait())
            self.published += len(sends)
            try:
                if len(sends) == 1:
                    await self.redis.publish(*sends[0])
                else:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for target, payload in sends:
                            pipe.publish(target, payload)
                        await pipe.execute()
            except Exception:
                logs.log.exception(
                    "could not publish to another process", extra={"detail": ", ".join(sorted({t for t, _ in sends}))}
                )

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run `work` in the background (a reference is kept until it ends)."""

        async def run() -> None:
            await work

        task = asyncio.create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def new_id(self) -> str:
        return f"{self.proc}/{next(self._ids)}"

    async def request(self, proc: str, item: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send a request and wait for its answer (an item with the same `rid`)."""
        rid = self.new_id()
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[rid] = answer
        self.send(proc, {**item, "rid": rid, "from": self.proc})
        try:
            return await asyncio.wait_for(answer, timeout)
        finally:
            self.waiting.pop(rid, None)

    # -- receiving ----------------------------------------------------------------------
    async def _read(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                logs.log.exception("lost the inter-process channel; listening again")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            items = orjson.loads(message["data"])
            self.items_in += len(items)
            for item in items:
                try:
                    self._dispatch(item)
                except Exception:
                    logs.log.exception("bad inter-process message")

    def _dispatch(self, item: dict[str, Any]) -> None:
        if "op" in item:
            self.on_request(item)  # a relay or a lobby asks this process, the owner
            return
        key = item.get("rid") or item.get("wait")
        if key is not None:
            future = self.waiting.get(key)
            if future is not None and not future.done():
                future.set_result(item)
            return
        conn = self.local.get(item.get("cid", ""))
        if conn is None:
            return
        if "text" in item:
            conn.send_text(item["text"])
        elif "close" in item:
            code, reason = item["close"]
            conn.close(int(code), str(reason))
        elif "credit" in item:  # the owner took an action of the socket (Connection.credit)
            conn.credit()


class _Elsewhere:
    """The socket of a remote connection: written to by the relay, never here."""

    async def send_text(self, data: str) -> None:  # pragma: no cover - never called
        raise RuntimeError("a remote connection is written by its relay")

    async def close(self, code: int = 1000, reason: str | None = None) -> None:  # pragma: no cover
        raise RuntimeError("a remote connection is closed by its relay")


class RemoteConnection(Connection):
    """On the owner: a socket held by another process, as the runner sees it."""

    def __init__(self, bus: Bus, proc: str, cid: str, lang: str, texts: bool, outbox_limit: int) -> None:
        super().__init__(_Elsewhere(), outbox_limit)
        self.bus, self.proc, self.cid = bus, proc, cid
        self.lang, self.texts = lang, texts

    def send_text(self, text: str) -> None:
        if not self.closing:
            self.bus.send(self.proc, {"cid": self.cid, "text": text})

    def credit(self) -> None:
        if not self.closing:  # the socket's rate is its relay's: given back there
            self.bus.send(self.proc, {"cid": self.cid, "credit": 1})

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closing:
            self.closing = True
            self.bus.send(self.proc, {"cid": self.cid, "close": [code, reason]})


class RemoteRunner(TableRunner):
    """On a relay: a table owned by another process, with the runner's entry points.

    `attach` and `post` carry a socket's messages to the owner; `join`,
    `leave` and `refresh` are requests. Only what sockets and the lobby use
    of a runner is here (it does not run a table).
    """

    def __init__(self, table_id: str, owner: str, bus: Bus, timeout: float) -> None:
        # A stand-in for a runner elsewhere: TableRunner's own state is not built.
        self.id = table_id
        self.owner = owner
        self.bus = bus
        self.timeout = timeout
        self.stopped = False
        self.conns: dict[str, Connection] = {}
        self._cids: dict[int, str] = {}
        self._summary: dict[str, Any] = {}
        self.seats: list[SeatInfo] = []
        self.status = "playing"
        self.invite_code = ""

    # -- sockets ------------------------------------------------------------------------
    async def attach(self, conn: Connection, token: str | None) -> int | None:
        if self.stopped:
            raise RunnerStopped(self.id)
        cid = self.bus.new_id()
        self.conns[cid], self._cids[id(conn)] = conn, cid
        self.bus.local[cid] = conn
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.bus.waiting[cid] = answer
        self.bus.send(
            self.owner,
            {
                "op": "attach",
                "table": self.id,
                "from": self.bus.proc,
                "cid": cid,
                "token": token,
                "lang": conn.lang,
                "texts": conn.texts,
                "omit_unchanged": conn.omit_unchanged,
                "accepted_in_state": conn.accepted_in_state,
                "player_id": conn.player_id,
                "player_name": conn.player_name,
                "address": conn.address,
            },
        )
        try:
            reply = await asyncio.wait_for(answer, self.timeout)
        except TimeoutError:
            self._forget(conn)
            # should the owner be slow rather than gone, it must not keep this socket attached
            self.bus.send(self.owner, {"op": "detach", "table": self.id, "from": self.bus.proc, "cid": cid})
            self.moved()  # the owner does not answer: every socket asks again who owns the table
            raise RunnerStopped(self.id) from None
        finally:
            self.bus.waiting.pop(cid, None)
        if "error" in reply:
            self._forget(conn)
            raise RemoteError(reply["error"])
        if reply.get("moved"):
            self._forget(conn)
            self.moved()
            raise RunnerStopped(self.id)
        seat: int | None = reply["attached"]
        conn.seat = seat
        return seat

    def post(self, queued: QueueItem) -> None:
        if isinstance(queued, Detach):
            cid = self._forget(queued.conn)
            if cid is not None and not self.stopped:
                self.bus.send(self.owner, {"op": "detach", "table": self.id, "from": self.bus.proc, "cid": cid})
            return
        if self.stopped:
            return  # its sockets were told to reconnect; what they still send is dropped
        cid = self._cids.get(id(getattr(queued, "conn", None)))
        if cid is None:
            return
        item: dict[str, Any] = {"table": self.id, "from": self.bus.proc, "cid": cid}
        if isinstance(queued, Submit):
            item.update(
                op="submit",
                seq=queued.seq,
                version=queued.version,
                payload=queued.payload,
                seat=queued.seat,
                at=wall_time(queued.arrived),
            )
        elif isinstance(queued, Sync):
            item.update(op="sync")
        elif isinstance(queued, Dismiss):
            item.update(op="dismiss")
        elif isinstance(queued, Chat):
            item.update(op="chat", text=queued.text, phrase=queued.phrase)
        elif isinstance(queued, Rematch):
            item.update(op="rematch", accept=queued.accept)
        elif isinstance(queued, Hint):
            item.update(op="hint")
        else:
            return
        self.bus.send(self.owner, item)

    def _forget(self, conn: Connection) -> str | None:
        cid = self._cids.pop(id(conn), None)
        if cid is not None:
            self.conns.pop(cid, None)
            self.bus.local.pop(cid, None)
        return cid

    def moved(self) -> None:
        """The owner is gone or changed: every socket relayed here reconnects."""
        self.stopped = True
        for conn in list(self.conns.values()):
            conn.close(CLOSE_MOVED, "table moved")
            self._forget(conn)

    # -- the lobby ----------------------------------------------------------------------
    async def _ask(self, op: str, **fields: Any) -> Any:
        try:
            reply = await self.bus.request(self.owner, {"op": op, "table": self.id, **fields}, self.timeout)
        except TimeoutError:
            self.moved()
            raise RunnerStopped(self.id) from None
        if "error" in reply:
            raise RemoteError(reply["error"])
        if reply.get("moved"):
            self.moved()
            raise RunnerStopped(self.id)
        return reply["ok"]

    async def refresh(self) -> None:
        self._summary = await self._ask("summary")
        self.status = self._summary["status"]

    async def join(self, seat: int | None, name: str | None, player_id: str | None = None) -> tuple[int, str]:
        found = await self._ask("join", seat=seat, name=name, player_id=player_id)
        self._summary = found["summary"]
        return int(found["seat"]), str(found["token"])

    async def leave(self, token: str) -> int:
        return int(await self._ask("leave", token=token))

    def summary(self) -> dict[str, Any]:
        return dict(self._summary)

    async def stop(self) -> None:
        self.moved()


Ask = Callable[[dict[str, Any]], Awaitable[Any]]


def answer_later(bus: Bus, item: dict[str, Any], work: Awaitable[Any]) -> None:
    """Run a request's work and send its answer (or its error) to the asker."""

    async def run() -> None:
        reply: dict[str, Any] = {"rid": item["rid"]}
        try:
            reply["ok"] = await work
        except RunnerStopped:
            reply["moved"] = True
        except TapeteError as err:
            reply["error"] = error_json(err)
        except Exception:
            logs.log.exception("a request from another process failed", extra={"table": item.get("table")})
            reply["error"] = error_json(error("remote_failed"))
        bus.send(item["from"], reply)

    bus.spawn(run())


def wall_time(perf: float | None) -> float:
    """The wall-clock time of a perf_counter reading (to carry an arrival time to another process)."""
    return time.time() - (0.0 if perf is None else max(0.0, time.perf_counter() - perf))


def arrival_here(at: Any) -> float:
    """A relayed action's arrival at its first process, on this process's perf_counter (so the
    relay's hop counts in its wait); the clocks of two machines agree only as well as NTP keeps them."""
    now = time.perf_counter()
    if not isinstance(at, int | float):
        return now
    return now - min(60.0, max(0.0, time.time() - float(at)))


def log_moved(table_id: str, why: str) -> None:
    logs.event("table moved", logging.INFO, table=table_id, detail=why)
