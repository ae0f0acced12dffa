"""The client side of bench/bench_server.py, spread over several processes.

A client process holding too many sockets measures itself: with 200 sockets
on websockets' asyncio client (~180 µs of CPU per message received) its event
loop's turn, not the server, made most of the send -> view time. So
`ClientPool` starts `--client-procs` processes (spawned), each with its own
event loop (uvloop when installed) and its share of the tables, and merges
what they measured in one window of time that the parent sets:

    pool = ClientPool(args, url)       # the processes start, open their tables
    pool.open_window(start, end)       # wall-clock times: warm-up over, measured until
    results = pool.results()           # one dict per process (latencies, counts, CPU)
    pool.stop()

Each table slot plays one match after another (a new table when one ends),
its `--humans` remote seats playing uniformly random legal moves the moment
they may act; with `--chat-every N` one of them also sends a chat line every
N seconds. A seat times an action from just before its send to the receipt
of the first state that shows it (the version its `accepted` answer named).

A seat's socket costs its process little CPU per message, so that the client
does not take the cores the server runs on: websockets' Sans-I/O client on a
plain asyncio.Protocol (seats.WireSeat, permessage-deflate negotiated as
browsers do), each message handled in the loop's read callback and timed at
its frame's arrival, before it is inflated and decoded; the tables are
created and joined over HTTP with h11 (seats.Api, a table created on a
connection of its own). Each process reports its CPU and the WebSocket
messages it received in the window (its CPU per message received).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import resource
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import orjson
from seats import Api, WireSeat
from websockets.client import ClientProtocol
from websockets.frames import PONG, Frame
from websockets.protocol import OPEN
from websockets.typing import BytesLike

OPEN_TIMEOUT = 300.0  # seconds a client process may take to open its tables
# A table is opened on a connection of its own, as each person's browser would: with several server
# processes on one port the kernel spreads connections, and the process a table is created on owns it
# (kept-alive connections made while one process was still starting would give it every table).
FRESH = {"connection": "close"}


def raise_open_files() -> int:
    """Thousands of sockets need as many descriptors: lift the soft limit to the hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def run_loop(main: Coroutine[Any, Any, None]) -> None:
    """Run on uvloop when it is installed (it comes with uvicorn[standard]): a leaner loop turn."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
        return
    uvloop.run(main)


def dumps(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()  # a text frame: the server reads text frames only


DISMISS = orjson.dumps({"type": "dismiss"})


@dataclass
class Tally:
    """What one client process counts; `measuring` only inside the window."""

    latencies: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)  # send -> its `accepted` answer (written, not yet shown)
    sent: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    matches: int = 0
    reconnects: int = 0
    failures: int = 0
    chat_sent: int = 0
    chat_heard: int = 0
    lags: list[float] = field(default_factory=list)  # the loop's lateness, sampled (loop_lag)
    pings: list[float] = field(default_factory=list)  # a WebSocket ping's round trip (ping_probe)
    live: set[Seat] = field(default_factory=set)  # the seats playing now (their socket open, or opening)
    received: int = 0  # WebSocket messages received since the start (states, answers, chat)
    opened: int = 0  # table slots whose first match's first state arrived
    measuring: bool = False

    def lagged(self, seconds: float) -> None:
        if self.measuring:
            self.lags.append(seconds)

    def table_opened(self) -> None:
        self.opened += 1

    def reset(self) -> None:
        self.latencies.clear()
        self.answered.clear()
        self.lags.clear()
        self.pings.clear()
        self.sent = 0
        self.errors.clear()
        self.matches = 0
        self.chat_sent = self.chat_heard = 0


class Seat(WireSeat):
    """One remote seat: plays a random legal move whenever it may act, and times it. Its socket is
    seats.WireSeat (websockets' Sans-I/O client on a plain asyncio.Protocol): a message is handled in
    the loop's read callback and timed at its frame's arrival, before it is inflated and decoded."""

    def __init__(self, url: str, hello: bytes, seat: int, rng: random.Random, tally: Tally) -> None:
        super().__init__(url, hello)
        self.seat, self.rng, self.tally = seat, rng, tally
        self.seq = 0
        self.acted = -1
        self.sent_at: float | None = None  # an action in flight, sent then
        self.shows: int | None = None  # the version that will show it, once accepted
        self.last: dict[str, Any] | None = None
        self.on_first_state: Callable[[], None] | None = None
        self.pings = 0  # pings sent (a ping's payload is its number)
        self.pong: asyncio.Future[float] | None = None  # the round trip of the ping in flight (ping())
        self.pinged: tuple[bytes, float] | None = None  # that ping's payload, sent then
        self.watched: ClientProtocol | None = None  # the socket protocol whose pongs are seen

    @property
    def connected(self) -> bool:
        """The socket is open (its opening handshake done, its closing one not begun)."""
        return self.open and not self.over and self.protocol.state is OPEN

    async def play(self) -> None:
        self.tally.live.add(self)
        try:
            await super().play()
        finally:
            self.tally.live.discard(self)

    def reconnected(self) -> None:
        self.tally.reconnects += 1

    def closing(self) -> None:
        if self.pong is not None and not self.pong.done():
            self.pong.set_exception(ConnectionError("the socket closed before the pong"))
            self.pong.exception()  # the probe may be gone (the client stopping): not an error to log
        self.pong = self.pinged = None

    def message(self, data: BytesLike, received: float) -> None:
        """A message, `received` when its frame arrived (before it was inflated and decoded)."""
        tally = self.tally
        tally.received += 1
        message = orjson.loads(data)
        kind = message["type"]
        if kind == "state":
            if self.on_first_state is not None:
                self.on_first_state()
                self.on_first_state = None
            self.last = message
            if self.sent_at is not None and self.shows is not None and message["version"] >= self.shows:
                if tally.measuring:
                    tally.latencies.append(received - self.sent_at)
                self.sent_at = self.shows = None
            if message["status"] == "finished":
                self.finish()
                return
            if message.get("pause_ms"):  # a round result: read at once, as a program does
                self.send(DISMISS)
            self.maybe_act(message)
        elif kind == "accepted":
            self.shows = message["version"]
            if tally.measuring and self.sent_at is not None:
                tally.answered.append(received - self.sent_at)
        elif kind == "error":  # e.g. stale: a bot's mirror claim arrived first
            if tally.measuring:  # a stale answer's rule says which kind (a race, a window)
                code = message["code"]
                tally.errors[
                    f"{code} ({message.get('rule')}, {message.get('stale')})" if code == "stale" else code
                ] += 1
            self.sent_at = None
            if self.last is not None:
                self.maybe_act(self.last)
        elif kind == "chat" and tally.measuring:
            tally.chat_heard += 1

    def maybe_act(self, state: dict[str, Any]) -> None:
        version, legal = state["version"], state["legal"]
        if not legal or self.sent_at is not None or version <= self.acted:
            return
        if self.seat not in state["required"] and self.rng.random() > 0.05:
            self.acted = version
            return
        self.acted = version
        self.seq += 1
        frame = orjson.dumps(
            {"type": "action", "seq": self.seq, "version": version, "index": self.rng.choice(legal)["index"]}
        )
        if self.tally.measuring:
            self.tally.sent += 1
        self.sent_at = time.perf_counter()
        self.send(frame)

    # the ping probe's pings

    def ping(self) -> asyncio.Future[float]:
        """A WebSocket ping, now (the socket `connected`): the future's result is its round trip, from
        just before the send to the pong's arrival; an exception if the socket closes first."""
        if self.watched is not self.protocol:  # a new socket: watch its frames for the pongs
            self._watch_pongs()
        self.pings += 1
        payload = self.pings.to_bytes(4, "big")
        self.pong = asyncio.get_running_loop().create_future()  # a ping given up on is forgotten
        self.pinged = (payload, time.perf_counter())
        self.protocol.send_ping(payload)
        self._flush()
        return self.pong

    def _watch_pongs(self) -> None:
        """WireSeat hands on data frames only: this socket's protocol object has its frame handler
        wrapped to see the pongs as they are parsed (in the read callback)."""
        protocol = self.watched = self.protocol
        handle = protocol.recv_frame

        def recv_frame(frame: Frame) -> None:
            handle(frame)
            if frame.opcode is PONG and self.pinged is not None and frame.data == self.pinged[0]:
                if self.pong is not None and not self.pong.done():
                    self.pong.set_result(time.perf_counter() - self.pinged[1])
                self.pong = self.pinged = None

        protocol.recv_frame = recv_frame  # type: ignore[method-assign]


HTTP_CONNECTIONS = 20  # tables a client process creates and joins at once (as many HTTP connections at most)


async def table_loop(
    args: argparse.Namespace,
    api: Api,
    http_slots: asyncio.Semaphore,
    ws_url: str,
    tally: Tally,
    stop: asyncio.Event,
    rng: random.Random,
) -> None:
    seats = [{"type": "human"}] * args.humans + [{"type": "bot", "level": args.bots}] * (args.players - args.humans)
    body = {
        "game": args.game,
        "seats": seats,
        "options": orjson.loads(args.options),
        "table_options": {"reaction_window_ms": args.window_ms, "bot_delay_ms": args.bot_delay_ms},
    }
    seated: list[Seat] = []  # the remote seats of the table's current match (one after another)
    talker = asyncio.create_task(chatter(args, seated, tally, rng)) if args.chat_every > 0 else None
    try:
        await play_tables(args, api, http_slots, ws_url, tally, stop, rng, body, seated)
    finally:
        if talker is not None:
            talker.cancel()
            await asyncio.gather(talker, return_exceptions=True)


async def play_tables(
    args: argparse.Namespace,
    api: Api,
    http_slots: asyncio.Semaphore,
    ws_url: str,
    tally: Tally,
    stop: asyncio.Event,
    rng: random.Random,
    body: dict[str, Any],
    seated: list[Seat],
) -> None:
    """One match after another at this table slot, until `stop`."""
    first = True
    while not stop.is_set():
        async with http_slots:
            created = await api.post("/api/tables", body, fresh=True)  # on a connection of its own (FRESH)
            table_id = created["table"]["id"]
            tokens = {created["seat"]: created["token"]}
            for _ in range(args.humans - 1):
                joined = await api.post("/api/join", {"code": created["invite_code"]})
                tokens[joined["seat"]] = joined["token"]
        url = f"{ws_url}/ws/tables/{table_id}"
        players = [
            Seat(url, orjson.dumps({"type": "hello", "token": token, "texts": not args.no_texts}), seat, rng, tally)
            for seat, token in tokens.items()
        ]
        if first:  # the slot is open once its first match's state arrives
            players[0].on_first_state, first = tally.table_opened, False
        seated[:] = players
        done: asyncio.Future[Any] = asyncio.gather(*(p.play() for p in players))
        stopper: asyncio.Future[Any] = asyncio.create_task(stop.wait())
        await asyncio.wait({done, stopper}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        seated.clear()
        if not done.done():
            done.cancel()
            await asyncio.gather(done, return_exceptions=True)
        elif done.exception() is not None:
            tally.failures += 1  # a socket failed otherwise: this table is left to its stand-ins
        elif tally.measuring:
            tally.matches += 1


async def chatter(args: argparse.Namespace, seated: list[Seat], tally: Tally, rng: random.Random) -> None:
    """One chat line from one of the table's remote seats every `--chat-every` seconds (at a random
    phase per table), whichever match the table is at (between two matches: at the next one)."""
    await asyncio.sleep(rng.uniform(0, args.chat_every))
    line = 0
    while True:
        line += 1
        while not seated or not seated[line % len(seated)].connected:
            await asyncio.sleep(0.05)
        seated[line % len(seated)].send(orjson.dumps({"type": "chat", "text": f"¿Otra ronda? ({line})"}))
        if tally.measuring:
            tally.chat_sent += 1
        await asyncio.sleep(args.chat_every)


# The client loop's lateness is sampled every 50 ms (a 50 ms sleep woken late), as in bench_capacity: a timer
# that wakes an otherwise idle loop costs ~150 µs of CPU on this machine, and a sample every 10 ms was ~15 µs of
# the client's CPU per message received; 20 samples a second still give the window's p99.
LAG_EVERY = 0.05


async def loop_lag(record: Callable[[float], None], every: float = 0.01) -> None:
    """How late this process's loop wakes a sleep of `every` seconds: the part of send -> view that
    is the client's own waiting (its other sockets' turn, or a core it waits for)."""
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        record(time.perf_counter() - asked - every)


async def ping_probe(tally: Tally, rng: random.Random, every: float = 0.1) -> None:
    """A WebSocket ping to a random open seat's server every 100 ms, timed to its pong: the
    round trip through both loops and the kernel with no work of the server's in it."""
    while True:
        await asyncio.sleep(every)
        ready = [seat for seat in tally.live if seat.connected]
        if not ready:
            continue
        with contextlib.suppress(ConnectionError, TimeoutError):
            took = await asyncio.wait_for(rng.choice(ready).ping(), 10)
            if tally.measuring:
                tally.pings.append(took)


def share(total: int, parts: int, index: int) -> int:
    """Process `index`'s share of `total` tables split over `parts` processes."""
    return total // parts + (1 if index < total % parts else 0)


async def client_main(args: argparse.Namespace, url: str, index: int, conn: Connection) -> None:
    """One client process: its tables until the parent says stop; the window's figures go back on `conn`."""
    tally, stop = Tally(), asyncio.Event()
    rng = random.Random(args.seed * 1000 + index)
    mine = share(args.tables, args.client_procs, index)
    api, http_slots = Api(url), asyncio.Semaphore(HTTP_CONNECTIONS)
    try:
        tasks = [
            asyncio.create_task(table_loop(args, api, http_slots, url.replace("http", "ws", 1), tally, stop, rng))
            for _ in range(mine)
        ]
        probes = [
            asyncio.create_task(loop_lag(tally.lagged, LAG_EVERY)),
            asyncio.create_task(ping_probe(tally, random.Random(index))),
        ]
        began = time.perf_counter()
        while tally.opened < mine and time.perf_counter() - began < OPEN_TIMEOUT:
            await asyncio.sleep(0.1)  # the warm-up starts once every table plays
        conn.send(("ready", os.getpid(), round(time.perf_counter() - began, 1)))
        _, start, end = await asyncio.to_thread(conn.recv)
        await asyncio.sleep(max(0.0, start - time.time()))
        tally.reset()
        tally.measuring = True
        cpu0, wall0, received0 = time.process_time(), time.time(), tally.received
        await asyncio.sleep(max(0.0, end - time.time()))
        tally.measuring = False
        cpu, wall, received = time.process_time() - cpu0, time.time() - wall0, tally.received - received0
        conn.send(
            (
                "result",
                {
                    "pid": os.getpid(),
                    "tables": mine,
                    "latencies": tally.latencies,
                    "answered": tally.answered,
                    "sent": tally.sent,
                    "errors": dict(tally.errors),
                    "matches": tally.matches,
                    "reconnects": tally.reconnects,
                    "failures": tally.failures,
                    "chat_sent": tally.chat_sent,
                    "chat_heard": tally.chat_heard,
                    "lags": tally.lags,
                    "pings": tally.pings,
                    "cpu_s": cpu,
                    "wall_s": wall,
                    "received": received,
                },
            )
        )
        await asyncio.to_thread(conn.recv)  # stop
        stop.set()
        for probe in probes:
            probe.cancel()
        await asyncio.gather(*tasks, *probes, return_exceptions=True)
    finally:
        api.close()


def client_process(args: argparse.Namespace, url: str, index: int, conn: Connection) -> None:
    raise_open_files()
    run_loop(client_main(args, url, index, conn))


def default_client_procs(sockets: int) -> int:
    """One process per ~250 remote sockets, at most one per core (1 for 200 tables). A process of lean
    seats holding 200 sockets uses ~25% of a core at the server's full speed here (~2,100 messages/s),
    its loop late by a few ms at p99; two processes for the same sockets cost ~15% more CPU per message
    (each wakes for fewer messages at a time, with colder caches) and take it from the server's cores."""
    return max(1, min(os.cpu_count() or 1, -(-sockets // 250)))


class ClientPool:
    """`args.client_procs` client processes, each with its share of `args.tables`."""

    def __init__(self, args: argparse.Namespace, url: str) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipes: list[Connection] = []
        self.procs: list[Any] = []
        for index in range(args.client_procs):
            mine, theirs = context.Pipe()
            proc = context.Process(target=client_process, args=(args, url, index, theirs), daemon=True)
            proc.start()
            self.pipes.append(mine)
            self.procs.append(proc)
        ready = [self._expect(pipe, "ready", OPEN_TIMEOUT + 120) for pipe in self.pipes]
        self.pids: list[int] = [message[1] for message in ready]
        self.open_seconds: float = max(message[2] for message in ready)  # to open every table

    def _expect(self, pipe: Connection, kind: str, timeout: float) -> tuple[Any, ...]:
        if not pipe.poll(timeout):
            raise SystemExit(f"a client process did not answer ({kind}) within {timeout:g} s")
        message: tuple[Any, ...] = pipe.recv()
        if message[0] != kind:
            raise SystemExit(f"a client process said {message[0]!r}, not {kind!r}")
        return message

    def open_window(self, start: float, end: float) -> None:
        """Every process measures from `start` to `end` (wall-clock, time.time())."""
        for pipe in self.pipes:
            pipe.send(("window", start, end))

    def results(self, timeout: float = 120) -> list[dict[str, Any]]:
        return [self._expect(pipe, "result", timeout)[1] for pipe in self.pipes]

    def stop(self) -> None:
        for pipe in self.pipes:
            with contextlib.suppress(OSError):
                pipe.send(("stop",))
        for proc in self.procs:
            proc.join(60)
            if proc.is_alive():
                proc.terminate()
                proc.join(5)
