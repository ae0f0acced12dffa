"""The floods of issues 18 and 37, replayed against a server, beside an unrelated table's ping and bot turns.

    python bench/bench_abuse.py [--seconds 10] [--url http://127.0.0.1:8000] [--json] [--only NAME]

Unless --url is given, a server process is started on a free loopback port
with a fresh SQLite file and the default settings (the quotas and limits
are what is measured), and stopped at the end.

An unrelated table is made first, from 127.0.0.1: a person and an
`ismcts-easy` bot at full speed (no reaction window, no bot delay). The
person's seat pings the server every 50 ms over its socket for the whole
run and plays its own turns at once; each turn of the bot is timed, from
the state that asks it to act to the next state. The floods come from other
loopback addresses (127.0.0.2 and up: each attacker is one address, as the
quotas count them; some floods use several), one after the other:

- tables: 1,000 `POST /api/tables` as fast as 20 connections go;
- joins: 1,000 `POST /api/join` with made-up codes;
- chunked: 20 `POST /api/games/bacan/players` with chunked bodies of up to 300 MB;
- slowloris: 150 connections that send headers a line at a time, never ending them;
- silent sockets: 50 sockets on a busy bot table that never read;
- replays: a finished match of some 8,000 actions is played first (not timed), then 60 replays
  at once of random steps from six addresses, three times over;
- chat crowd: 40 spectators, each from an address of its own, chatting at one table as fast as
  they may send (the table's ceiling over every address holds them);
- analyses: three 4-player Boon matches of heuristic bots are played first (not timed), then 10
  post-game analyses of their seats (`GET /api/matches/{id}/analysis`, issue 38) are asked at once
  from five addresses; they run in the server's analysing process, one after the other, at a lower
  priority, and the phase lasts until the last is answered;
- (`EXTRA_PHASES`: floods other changes add);
- search bots: from five addresses, three tables each of two `ismcts-hard` bots (and two heuristic
  ones) at `bot_delay_ms: 0`, as many as they are allowed (last: their tables play on).

For each, what the server answered, and the ping and the bot's turn
p50/p99/max (ms) at the unrelated table during it. The targets: a ping p99
under 50 ms, a bot turn p99 under 1 s; on a shared machine, read the
figures against the idle phase measured in the same run (and the load
average printed with them).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import logging
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import websockets

PING_EVERY = 0.05  # 20 a second: under the socket's documented rate (30 a second)
BUSY = {"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 0}
SEARCH = {"type": "bot", "level": "ismcts-hard"}
HEURISTIC = {"type": "bot", "level": "heuristic"}
VICTIM_BOT = {"type": "bot", "level": "ismcts-easy"}
VICTIM_DELAY_MS = 100  # the unrelated bot's set delay a turn, part of its turns' figures


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


@dataclass
class Pinger:
    """The person at the unrelated table: a ping every 50 ms, each round trip noted with its time,
    and its own turns played at once (its first legal move that is no reaction), so that the bot's
    turns come one after the other; each of the bot's turns is noted with its time too.

    It runs in a process of its own, so that the floods this process makes
    do not delay the pinger's own reading of its answers.
    """

    url: str
    table_id: str
    token: str
    rtts: list[tuple[float, float]] = field(default_factory=list)  # (when, round trip in ms)
    turns: list[tuple[float, float]] = field(default_factory=list)  # (when, the bot's turn in ms)
    lost: int = 0

    async def run(self, stop: Any) -> None:
        ws_url = self.url.replace("http://", "ws://") + f"/ws/tables/{self.table_id}"
        async with websockets.connect(ws_url, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token, "texts": False}))
            seat: int | None = None
            pong = asyncio.Event()
            asked: float | None = None  # when the bot was asked to act (the state that made it its turn)
            played = -1
            sent = 0.0
            seq = 0

            async def read() -> None:
                nonlocal seat, asked, played
                async for raw in ws:
                    data = json.loads(raw)
                    kind = data.get("type")
                    if kind == "welcome":
                        seat = data["seat"]
                    elif kind == "pong" and data.get("seq") == seq:
                        self.rtts.append((time.time(), (time.perf_counter() - sent) * 1000))
                        pong.set()
                    elif kind == "state" and data.get("status") == "playing":
                        now = time.perf_counter()
                        if asked is not None:
                            self.turns.append((time.time(), (now - asked) * 1000))
                            asked = None
                        required = data.get("required", [])
                        if required and seat not in required:
                            asked = now
                        elif seat in required and data["version"] > played:
                            played = data["version"]
                            # no reaction, and no call of Bacan (a round's end): the bot's turns keep coming
                            moves = [
                                e
                                for e in data["legal"]
                                if not e["reaction"] and e["action"].get("type") != "call_bacan"
                            ] or data["legal"]
                            await ws.send(
                                json.dumps(
                                    {
                                        "type": "action",
                                        "seq": played,
                                        "version": data["version"],
                                        "index": moves[0]["index"],
                                    }
                                )
                            )

            reading = asyncio.create_task(read())
            while not stop.is_set():
                seq += 1
                pong.clear()
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "ping", "seq": seq}))
                try:
                    await asyncio.wait_for(pong.wait(), 5)
                except TimeoutError:
                    self.lost += 1  # counted in the figures as a 5 s round trip
                    self.rtts.append((time.time(), 5000.0))
                    continue
                await asyncio.sleep(PING_EVERY)
            reading.cancel()


def ping_process(url: str, table_id: str, token: str, stop: Any, out: Any) -> None:
    pinger = Pinger(url, table_id, token)
    asyncio.run(pinger.run(stop))
    out.send((pinger.rtts, pinger.turns, pinger.lost))


def figures(
    rtts: list[tuple[float, float]], turns: list[tuple[float, float]], start: float, end: float
) -> dict[str, float]:
    values = [rtt for when, rtt in rtts if start <= when <= end]
    taken = [ms for when, ms in turns if start <= when <= end]
    return {
        "pings": len(values),
        "p50": percentile(values, 0.5),
        "p99": percentile(values, 0.99),
        "max": max(values) if values else float("nan"),
        "bot_turns": len(taken),
        "turn_p50": percentile(taken, 0.5),
        "turn_p99": percentile(taken, 0.99),
        "turn_max": max(taken) if taken else float("nan"),
    }


def client(url: str, address: str, **options: Any) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=url, timeout=30, transport=transport, **options)


async def flood(count: int, workers: int, one: Callable[[int], Awaitable[str]]) -> Counter[str]:
    seen: Counter[str] = Counter()
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(count):
        queue.put_nowait(i)

    async def work() -> None:
        while not queue.empty():
            i = queue.get_nowait()
            try:
                seen[await one(i)] += 1
            except Exception as err:  # a refused connection counts as an answer too
                seen[type(err).__name__] += 1

    await asyncio.gather(*(work() for _ in range(workers)))
    return seen


# -- the floods -----------------------------------------------------------------------------
async def tables_flood(url: str) -> str:
    async with client(url, "127.0.0.2") as http:

        async def one(_: int) -> str:
            answer = await http.post("/api/tables", json={"game": "bacan", "seats": [{"type": "human"}] * 4})
            return str(answer.status_code)

        seen = await flood(1000, 20, one)
        listed = (await http.get("/api/tables")).json()
    return f"{dict(seen)}; list page {len(json.dumps(listed))} bytes"


async def joins_flood(url: str) -> str:
    async with client(url, "127.0.0.3") as http:

        async def one(i: int) -> str:
            answer = await http.post("/api/join", json={"code": f"ZZZ{i:05d}"})
            return str(answer.status_code)

        seen = await flood(1000, 20, one)
    return str(dict(seen))


async def chunked_flood(url: str) -> str:
    parts = urlsplit(url)
    sent_before_answer: list[int] = []

    async def one(_: int) -> str:
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port, local_addr=("127.0.0.4", 0))
        # not /api/tables: that address's table rate would refuse most before a byte of body is read
        writer.write(
            b"POST /api/games/bacan/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
        sent = 0
        status = "no answer"
        answer = asyncio.create_task(reader.readline())
        try:
            while sent < 300 * 1024 * 1024 and not answer.done():
                writer.write(chunk)
                sent += len(chunk)
                try:
                    await asyncio.wait_for(writer.drain(), 0.5)
                except TimeoutError:
                    break  # the server reads no more: its answer is on the way
            line = await asyncio.wait_for(answer, 10)
            status = line.split(b" ")[1].decode() if line else "closed"
        except (ConnectionError, TimeoutError):
            # the server answered and closed while this client was still sending: its answer
            # is lost in the reset, as for any client that does not read before it is done
            status = "413 or reset"
        finally:
            sent_before_answer.append(sent)
            answer.cancel()
            with contextlib.suppress(BaseException):
                await answer
            writer.close()
        return status

    seen = await flood(20, 20, one)
    return f"{dict(seen)}; at most {max(sent_before_answer) / 2**20:.1f} MB sent before the answer"


async def slowloris_flood(url: str, seconds: float) -> str:
    parts = urlsplit(url)
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    refused = 0
    for _ in range(150):
        try:
            reader, writer = await asyncio.open_connection(parts.hostname, parts.port, local_addr=("127.0.0.5", 0))
        except OSError:
            refused += 1
            continue
        writer.write(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        held.append((reader, writer))
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for _, writer in held:
            with contextlib.suppress(Exception):
                writer.write(b"X-Drip: 1\r\n")
        await asyncio.sleep(1.0)
    still_open = 0
    for reader, writer in held:
        try:
            data = await asyncio.wait_for(reader.read(1), 0.01)
            still_open += 0 if data == b"" or data.startswith(b"H") else 1
        except TimeoutError:
            still_open += 1
        except ConnectionError:
            pass
        writer.close()
    return f"150 opened ({refused} refused at connect); {still_open} still open after {seconds:.0f} s"


def silent_socket(url: str, table_id: str, address: str) -> socket.socket:
    """A socket that says hello and never reads again."""
    parts = urlsplit(url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((address, 0))
    sock.settimeout(10)
    sock.connect((parts.hostname, parts.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    payload = json.dumps({"type": "hello", "token": None}).encode()
    mask = os.urandom(4)
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return sock


async def silent_flood(url: str, seconds: float) -> str:
    async with client(url, "127.0.0.6") as http:
        created = (
            await http.post(
                "/api/tables",
                json={
                    "game": "bacan",
                    "join": False,
                    "table_options": BUSY,
                    "options": {"limit": 10_000},
                    "seats": [{"type": "bot", "level": "random"}] * 6,
                },
            )
        ).json()
        table_id = created["table"]["id"]
        sockets = await asyncio.to_thread(lambda: [silent_socket(url, table_id, "127.0.0.6") for _ in range(50)])
        await asyncio.sleep(seconds)
        watchers = (await http.get("/api/stats")).json()["sockets"]
    for sock in sockets:
        sock.close()
    return (
        f"50 silent sockets on a busy bot table; {watchers} sockets still attached server-wide "
        f"(the pinger's included) after {seconds:.0f} s"
    )


SEARCHERS = ["127.0.0.7", "127.0.0.11", "127.0.0.12", "127.0.0.13", "127.0.0.14"]


async def search_flood(url: str, seconds: float) -> str:
    seen: Counter[str] = Counter()
    async with client(url, SEARCHERS[0]) as http:
        refused = await http.post(
            "/api/tables", json={"game": "bacan", "join": False, "table_options": BUSY, "seats": [SEARCH] * 4}
        )
    for address in SEARCHERS:
        async with client(url, address) as http:
            for _ in range(3):  # more than an address may have: tables of bots only with search bots
                answer = await http.post(
                    "/api/tables",
                    json={
                        "game": "bacan",
                        "join": False,
                        "table_options": BUSY,
                        "seats": [SEARCH, SEARCH, HEURISTIC, HEURISTIC],
                    },
                )
                seen[str(answer.status_code)] += 1
    await asyncio.sleep(seconds)
    async with client(url, SEARCHERS[0]) as http:
        stats = (await http.get("/api/stats")).json()
    thinking = stats.get("thinking", {})
    return (
        f"4 ismcts-hard bots at a table: {refused.status_code}; {len(SEARCHERS)} addresses x 3 tables of "
        f"2 ismcts-hard + 2 heuristic at bot_delay_ms 0: {dict(seen)}; {stats.get('actions')} actions applied "
        f"since the start; thinking: {thinking.get('queued')} queued, oldest wait {thinking.get('oldest_wait_ms')} "
        f"ms, {thinking.get('fallbacks')} fallbacks of {thinking.get('decisions')} decisions"
    )


REPLAYERS = [f"127.0.0.{n}" for n in range(21, 27)]


async def long_finished_match(url: str) -> tuple[str, int]:
    """The longest of three Bacan matches of four heuristic bots to 1,500 points at full speed (thousands of
    actions; the issue's had 8,204), played to their end; (its id, its actions)."""
    async with client(url, "127.0.0.20") as http:
        made = [
            (
                await http.post(
                    "/api/tables",
                    json={
                        "game": "bacan",
                        "join": False,
                        "table_options": BUSY,
                        "options": {"limit": 1500},
                        "seats": [HEURISTIC] * 4,
                    },
                )
            ).json()["table"]["id"]
            for _ in range(3)
        ]
        deadline = time.monotonic() + 900
        for table_id in made:
            while (await http.get(f"/api/tables/{table_id}")).json()["status"] != "finished":
                if time.monotonic() > deadline:
                    raise SystemExit("the long matches did not finish in 15 minutes")
                await asyncio.sleep(1.0)
        lengths = {t: len((await http.get(f"/api/matches/{t}/record")).json()["actions"]) for t in made}
    longest = max(lengths, key=lambda t: lengths[t])
    return longest, lengths[longest]


async def replay_flood(url: str, match: tuple[str, int]) -> str:
    match_id, steps = match
    seen: Counter[str] = Counter()

    async def address(where: str) -> None:
        rng = random.Random(where)
        async with client(url, where, limits=httpx.Limits(max_connections=10)) as http:

            async def one() -> None:
                answer = await http.get(
                    f"/api/matches/{match_id}/replay",
                    params={"step": rng.randrange(steps + 1), "seat": rng.randrange(4)},
                )
                seen[str(answer.status_code)] += 1

            await asyncio.gather(*(one() for _ in range(10)))

    for _ in range(3):
        await asyncio.gather(*(address(where) for where in REPLAYERS))
    async with client(url, REPLAYERS[0]) as http:
        replays = (await http.get("/api/stats")).json().get("replays")
    return (
        f"3 x 60 replays of random steps of a {steps}-action match from {len(REPLAYERS)} addresses: "
        f"{dict(seen)}; {replays}"
    )


ANALYSTS = [f"127.0.0.{n}" for n in range(31, 36)]
ANALYSES = 10


async def finished_boon_matches(url: str) -> list[str]:
    """Three Boon matches of four heuristic bots at full speed, played to their end (their ids)."""
    async with client(url, "127.0.0.30") as http:
        made = [
            (
                await http.post(
                    "/api/tables", json={"game": "boon", "join": False, "table_options": BUSY, "seats": [HEURISTIC] * 4}
                )
            ).json()["table"]["id"]
            for _ in range(3)
        ]
        deadline = time.monotonic() + 300
        for table_id in made:
            while (await http.get(f"/api/tables/{table_id}")).json()["status"] != "finished":
                if time.monotonic() > deadline:
                    raise SystemExit("the Boon matches did not finish in 5 minutes")
                await asyncio.sleep(0.5)
    return made


async def analysis_flood(url: str, matches: list[str]) -> str:
    asked = [(m, seat, budget) for budget in ("normal", "easy") for m in matches for seat in range(4)][:ANALYSES]
    seen: Counter[str] = Counter()
    cpu: list[float] = []
    started = time.monotonic()

    async def one(i: int) -> str:
        match_id, seat, budget = asked[i]
        async with client(url, ANALYSTS[i % len(ANALYSTS)]) as http:
            http.timeout = httpx.Timeout(900)
            answer = await http.get(f"/api/matches/{match_id}/analysis", params={"seat": seat, "budget": budget})
            if answer.status_code == 200:
                cpu.append(float(answer.json()["cpu_seconds"]))
            return str(answer.status_code)

    seen = await flood(len(asked), len(asked), one)
    figures = f"CPU s each: mean {sum(cpu) / len(cpu):.2f}, max {max(cpu):.2f}" if cpu else "none answered"
    return (
        f"{len(asked)} analyses of 4-player Boon seats asked at once from {len(ANALYSTS)} addresses: "
        f"{dict(seen)}; {figures}; the last answered after {time.monotonic() - started:.1f} s"
    )


# Floods added by other changes: (name, the flood given the server's URL and the phase's seconds).
EXTRA_PHASES: list[tuple[str, Callable[[str, float], Awaitable[str]]]] = []


CROWD = 40  # addresses in the chat crowd: 127.0.3.1 and up


async def chat_crowd_flood(url: str, seconds: float) -> str:
    """Issue 37, finding 4: a crowd of addresses, each within its own allowance, at one table's chat;
    meanwhile an unrelated table of bots (thinking 100 ms a move, up to 4 times that) is watched and the
    time between its moves noted."""
    ws_url = url.replace("http://", "ws://")
    async with client(url, "127.0.3.200") as http:
        target = (await http.post("/api/tables", json={"game": "bacan", "seats": [{"type": "human"}] * 2})).json()
        await http.post("/api/join", json={"code": target["invite_code"]})
        bots = (
            await http.post(
                "/api/tables",
                json={
                    "game": "bacan",
                    "join": False,
                    "options": {"limit": 10_000},
                    "table_options": {**BUSY, "bot_delay_ms": 100, "result_pause_seconds": 0},
                    "seats": [HEURISTIC] * 4,
                },
            )
        ).json()
    stop = asyncio.Event()
    told = Counter[str]()
    gaps: list[float] = []

    async def watch_bots() -> None:
        async with websockets.connect(
            f"{ws_url}/ws/tables/{bots['table']['id']}", max_size=2**24, local_addr=("127.0.3.201", 0)
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None, "texts": False}))
            version, last = -1, time.perf_counter()
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    data = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                    if data.get("type") == "state" and data.get("version", -1) > version:
                        now = time.perf_counter()
                        if version >= 0:
                            gaps.append((now - last) * 1000)
                        version, last = data["version"], now

    async def chatter(n: int) -> None:
        async with websockets.connect(
            f"{ws_url}/ws/tables/{target['table']['id']}", max_size=2**24, local_addr=(f"127.0.3.{n}", 0)
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None, "texts": False}))

            async def read() -> None:
                async for raw in ws:
                    data = json.loads(raw)
                    if n == 1 and data.get("type") == "chat":
                        told["told"] += 1  # one spectator counts what the table was told
                    elif data.get("type") == "error":
                        told[data.get("code", "error")] += 1

            reading = asyncio.create_task(read())
            while not stop.is_set():
                await ws.send(json.dumps({"type": "chat", "text": f"spam from {n}"}))
                told["sent"] += 1
                await asyncio.sleep(0.05)
            reading.cancel()
            await asyncio.gather(reading, return_exceptions=True)

    watching = asyncio.create_task(watch_bots())
    crowd = [asyncio.create_task(chatter(n)) for n in range(1, CROWD + 1)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(watching, *crowd, return_exceptions=True)
    return (
        f"{CROWD} addresses sent {told['sent']} lines in {seconds:.0f} s: {told['told']} told at the table, "
        f"{told['rate_limited']} refused; unrelated bot table: {len(gaps)} moves, gap p50 "
        f"{percentile(gaps, 0.5):.0f} ms, p99 {percentile(gaps, 0.99):.0f} ms (target < 1000)"
    )


# -- the run ---------------------------------------------------------------------------------
def start_server() -> tuple[subprocess.Popen[bytes], str, Path]:
    folder = Path(tempfile.mkdtemp(prefix="tapete-abuse-"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tapete.server",
            "--port",
            str(port),
            "--db-url",
            f"sqlite:///{folder / 'abuse.db'}",
            "--log-level",
            "warning",
        ],
        stdout=subprocess.DEVNULL,
        start_new_session=True,  # its own process group: the analysing and thinking processes go with it
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url + "/api/games", timeout=1)
            return proc, url, folder
        except httpx.HTTPError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.2)


async def run(url: str, seconds: float, only: list[str]) -> list[dict[str, Any]]:
    # the finished matches some floods need are played first (not timed): the unrelated table, made
    # after them, then plays on through every phase (made before, its match ended during them)
    prepared: dict[str, Any] = {}
    if not only or "replays" in only:
        prepared["replays"] = await long_finished_match(url)
    if not only or "analyses" in only:
        prepared["analyses"] = await finished_boon_matches(url)
    async with client(url, "127.0.0.1") as http:
        created = (
            await http.post(
                "/api/tables",
                json={
                    "game": "bacan",
                    "options": {"limit": 10_000},
                    # the bot waits 100 ms a turn (in its turn's figure): at full speed its match ended
                    # half-way through a whole run
                    "table_options": {**BUSY, "result_pause_seconds": 0, "bot_delay_ms": VICTIM_DELAY_MS},
                    "seats": [{"type": "human"}, VICTIM_BOT],
                },
            )
        ).json()
    stop = multiprocessing.Event()
    receiving, sending = multiprocessing.Pipe(duplex=False)
    pinging = multiprocessing.Process(
        target=ping_process, args=(url, created["table"]["id"], created["token"], stop, sending), daemon=True
    )
    pinging.start()
    phases: list[tuple[str, Callable[[], Awaitable[str]]]] = [
        ("idle", lambda: asyncio.sleep(seconds, "nothing")),
        ("tables", lambda: tables_flood(url)),
        ("joins", lambda: joins_flood(url)),
        ("chunked", lambda: chunked_flood(url)),
        ("slowloris", lambda: slowloris_flood(url, max(seconds, 12.0))),
        ("silent sockets", lambda: silent_flood(url, max(seconds, 30.0))),
        ("replays", lambda: replay_flood(url, prepared["replays"])),
        ("chat crowd", lambda: chat_crowd_flood(url, seconds)),
        ("analyses", lambda: analysis_flood(url, prepared["analyses"])),
        *((name, lambda flood=flood: flood(url, seconds)) for name, flood in EXTRA_PHASES),
        ("search bots", lambda: search_flood(url, seconds)),  # last: its tables play on to the end of the run
    ]
    spans = []
    await asyncio.sleep(1.5)
    for name, phase in phases:
        if only and name not in only and name != "idle":
            continue
        started = time.time()
        outcome = await phase()
        spans.append((name, started, time.time(), outcome))
        print(f"{name:15} {time.time() - started:5.1f} s  {outcome}", flush=True)
    stop.set()
    rtts, turns, lost = await asyncio.to_thread(receiving.recv)
    pinging.join(10)
    rows = []
    print(
        f"\nthe unrelated table during each flood (ms; its bot's turns include a set delay of {VICTIM_DELAY_MS} ms; "
        f"load average {os.getloadavg()[0]:.1f} "
        f"{os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}, {os.cpu_count()} cores):"
    )
    for name, start, end, outcome in spans:
        row = {"phase": name, "seconds": round(end - start, 1), "outcome": outcome, **figures(rtts, turns, start, end)}
        rows.append(row)
        print(
            f"{name:15} ping p50 {row['p50']:6.2f}  p99 {row['p99']:7.2f}  max {row['max']:7.2f}  "
            f"({row['pings']} pings) · bot turn p50 {row['turn_p50']:6.0f}  p99 {row['turn_p99']:6.0f}  "
            f"max {row['turn_max']:6.0f}  ({row['bot_turns']} turns)"
        )
    if lost:
        print(f"pings without an answer in 5 s: {lost}")
    return rows


def main() -> None:
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)  # this client's writes to connections the server cut
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the idle and search-bot phases")
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON at the end")
    parser.add_argument(
        "--only", action="append", default=[], help="run only this flood (after the idle phase); may be repeated"
    )
    args = parser.parse_args()
    proc = None
    if args.url:
        url = args.url.rstrip("/")
    else:
        proc, url, _ = start_server()
    try:
        rows = asyncio.run(run(url, args.seconds, args.only))
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:  # a child still busy (an analysis under way): its group goes
                os.killpg(proc.pid, 9)
                proc.wait(15)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
