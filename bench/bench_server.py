"""Load benchmark of the table server: many tables at full speed, over loopback.

    python bench/bench_server.py [--tables 200] [--seconds 30] [--warmup 5]
                                 [--game bacan] [--players 4] [--humans 1] [--bots random]
                                 [--bot-delay-ms 0] [--window-ms 0] [--no-texts] [--no-ws-compression]
                                 [--chat-every 5]
                                 [--url http://127.0.0.1:8000] [--json]

Unless --url is given, a server process is started on a free loopback port
with a fresh SQLite file (WAL), and stopped at the end. This process is the
client: each table has `--humans` seats played from here over WebSockets
(uniformly random legal moves, sent the moment the seat may act) and the
other seats are bots inside the server; no thinking delay, no reaction
window. When a match ends its table is replaced, so `--tables` matches run
at every moment. With `--chat-every N`, each table's remote seats also send
one chat line every N seconds (each table at its own phase), which every
socket of the table receives: the cost of chat to play shows as the
difference in send -> view between a run with and one without.

Printed: actions per second applied by the server (bots' and remote
seats'), and the time from sending an action to receiving the view that
shows it (client-measured, loopback both ways), plus the server's own
arrival-to-views figure from /api/stats, and both processes' CPU use.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    matches: int = 0
    chat_sent: int = 0
    chat_heard: int = 0
    measuring: bool = False

    def reset(self) -> None:
        self.latencies.clear()
        self.sent = 0
        self.errors.clear()
        self.matches = 0
        self.chat_sent = self.chat_heard = 0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def cpu_wait_seconds(pid: int) -> float:
    """Time the process's threads spent runnable but waiting for a CPU (other programs' load)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            total += int((task / "schedstat").read_text().split()[1])
    return total / 1e9


class Seat:
    """One remote seat: plays a random legal move whenever it may act, and times it."""

    def __init__(self, ws: Any, seat: int, rng: random.Random, tally: Tally) -> None:
        self.ws, self.seat, self.rng, self.tally = ws, seat, rng, tally
        self.seq = 0
        self.acted = -1
        self.sent_at: float | None = None  # an action in flight, sent then
        self.shows: int | None = None  # the version that will show it, once accepted
        self.last: dict[str, Any] | None = None

    async def play(self) -> None:
        async for raw in self.ws:
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "error":  # e.g. stale: a bot's mirror claim arrived first
                if self.tally.measuring:
                    self.tally.errors[message["code"]] += 1
                self.sent_at = None
                if self.last is not None:
                    await self.maybe_act(self.last)
            elif kind == "accepted":
                self.shows = message["version"]
            elif kind == "chat":
                if self.tally.measuring:
                    self.tally.chat_heard += 1
            elif kind == "state":
                self.last = message
                if self.sent_at is not None and self.shows is not None and message["version"] >= self.shows:
                    if self.tally.measuring:
                        self.tally.latencies.append(time.perf_counter() - self.sent_at)
                    self.sent_at = self.shows = None
                if message["status"] == "finished":
                    return
                if message.get("pause_ms"):  # a round result: read at once, as a program does
                    await self.ws.send(json.dumps({"type": "dismiss"}))
                await self.maybe_act(message)

    async def maybe_act(self, state: dict[str, Any]) -> None:
        version, legal = state["version"], state["legal"]
        if not legal or self.sent_at is not None or version <= self.acted:
            return
        if self.seat not in state["required"] and self.rng.random() > 0.05:
            self.acted = version
            return
        self.acted = version
        self.seq += 1
        entry = self.rng.choice(legal)
        self.sent_at = time.perf_counter()
        if self.tally.measuring:
            self.tally.sent += 1
        await self.ws.send(json.dumps({"type": "action", "seq": self.seq, "version": version, "index": entry["index"]}))


async def table_loop(args: argparse.Namespace, http: httpx.AsyncClient, ws_url: str, tally: Tally,
                     stop: asyncio.Event, rng: random.Random) -> None:
    seats = [{"type": "human"}] * args.humans + [{"type": "bot", "level": args.bots}] * (args.players - args.humans)
    body = {"game": args.game, "seats": seats, "options": json.loads(args.options),
            "table_options": {"reaction_window_ms": args.window_ms, "bot_delay_ms": args.bot_delay_ms}}
    seated: list[Seat] = []  # the remote seats of the table's current match (one after another)
    talker = asyncio.create_task(chatter(args, seated, tally, rng)) if args.chat_every > 0 else None
    try:
        await play_tables(args, http, ws_url, tally, stop, rng, body, seated)
    finally:
        if talker is not None:
            talker.cancel()
            await asyncio.gather(talker, return_exceptions=True)


async def play_tables(args: argparse.Namespace, http: httpx.AsyncClient, ws_url: str, tally: Tally,
                      stop: asyncio.Event, rng: random.Random, body: dict[str, Any], seated: list[Seat]) -> None:
    """One match after another at this table slot, until `stop`."""
    while not stop.is_set():
        created = (await http.post("/api/tables", json=body)).json()
        table_id = created["table"]["id"]
        tokens = {created["seat"]: created["token"]}
        for _ in range(args.humans - 1):
            joined = (await http.post("/api/join", json={"code": created["invite_code"]})).json()
            tokens[joined["seat"]] = joined["token"]
        async with contextlib.AsyncExitStack() as stack:
            players = []
            for seat, token in tokens.items():
                ws = await stack.enter_async_context(
                    websockets.connect(f"{ws_url}/ws/tables/{table_id}", max_size=2**22, ping_interval=None))
                await ws.send(json.dumps({"type": "hello", "token": token, "texts": not args.no_texts}))
                players.append(Seat(ws, seat, rng, tally))
            seated[:] = players
            done: asyncio.Future[Any] = asyncio.gather(*(p.play() for p in players))
            stopper: asyncio.Future[Any] = asyncio.create_task(stop.wait())
            await asyncio.wait({done, stopper}, return_when=asyncio.FIRST_COMPLETED)
            stopper.cancel()
            seated.clear()
            if not done.done():
                done.cancel()
                await asyncio.gather(done, return_exceptions=True)
            elif tally.measuring:
                tally.matches += 1


async def chatter(args: argparse.Namespace, seated: list[Seat], tally: Tally, rng: random.Random) -> None:
    """One chat line from one of the table's remote seats every `--chat-every` seconds (at a random
    phase per table), whichever match the table is at (between two matches: at the next one)."""
    await asyncio.sleep(rng.uniform(0, args.chat_every))
    line = 0
    while True:
        line += 1
        while not seated:
            await asyncio.sleep(0.05)
        seat = seated[line % len(seated)]
        with contextlib.suppress(websockets.ConnectionClosed):
            await seat.ws.send(json.dumps({"type": "chat", "text": f"¿Otra ronda? ({line})"}))
            if tally.measuring:
                tally.chat_sent += 1
        await asyncio.sleep(args.chat_every)


def start_server(args: argparse.Namespace, db: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tapete.server", "--port", str(port), "--db-url", f"sqlite:///{db}",
         "--log-level", "warning", "--rate-per-s", "10000", "--rate-burst", "10000", "--finished-ttl", "2",
         "--max-tables-per-address", "1000000", "--tables-per-minute", "1e9", "--joins-per-minute", "1e9",
         "--outbox-limit", "100000", *args.server_flags.split(),
         *(["--no-ws-compression"] if args.no_ws_compression else [])],
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise SystemExit("the server did not start")
        time.sleep(0.1)
    raise SystemExit("the server did not start")


async def run(args: argparse.Namespace, url: str, server_pid: int | None) -> dict[str, Any]:
    tally = Tally()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        tasks = [asyncio.create_task(table_loop(args, http, url.replace("http", "ws"), tally, stop, rng))
                 for _ in range(args.tables)]
        await asyncio.sleep(args.warmup)
        tally.reset()
        tally.measuring = True
        await http.get("/api/stats", params={"reset": "true"})
        cpu0 = (cpu_seconds(os.getpid()), cpu_seconds(server_pid) if server_pid else 0.0, time.perf_counter())
        wait0 = cpu_wait_seconds(server_pid) if server_pid else 0.0
        await asyncio.sleep(args.seconds)
        stats = (await http.get("/api/stats")).json()
        cpu1 = (cpu_seconds(os.getpid()), cpu_seconds(server_pid) if server_pid else 0.0, time.perf_counter())
        wait1 = cpu_wait_seconds(server_pid) if server_pid else 0.0
        tally.measuring = False
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    wall = cpu1[2] - cpu0[2]
    lat = [x * 1000 for x in tally.latencies]
    return {
        "game": args.game,
        "tables": args.tables,
        "players": args.players,
        "remote_seats_per_table": args.humans,
        "server_bots": args.bots,
        "seconds": round(wall, 1),
        "tables_playing": stats["tables"]["playing"],
        "actions_per_s": round(stats["actions"] / wall, 1),
        "remote_actions_per_s": round(len(lat) / wall, 1),
        "matches_finished": tally.matches,
        "client_send_to_view_ms": {"p50": round(percentile(lat, 0.5), 2), "p90": round(percentile(lat, 0.9), 2),
                                   "p99": round(percentile(lat, 0.99), 2), "max": round(max(lat, default=0), 2),
                                   "count": len(lat)},
        "server_arrival_to_views_ms": stats["arrival_to_views_ms"],
        "errors": dict(tally.errors),
        "chat_every_s": args.chat_every,
        "chat_lines_sent": tally.chat_sent,
        "chat_lines_heard": tally.chat_heard,
        "cpu_server_pct": round(100 * (cpu1[1] - cpu0[1]) / wall, 1) if server_pid else None,
        # CPU time per applied action: the figure that holds when other work shares the cores
        "server_cpu_us_per_action": round(1e6 * (cpu1[1] - cpu0[1]) / max(1, stats["actions"]), 1)
        if server_pid else None,
        "cpu_client_pct": round(100 * (cpu1[0] - cpu0[0]) / wall, 1),
        "server_waiting_for_cpu_pct": round(100 * (wait1 - wait0) / wall, 1) if server_pid else None,
        "loadavg": Path("/proc/loadavg").read_text().split()[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--game", default="bacan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--humans", type=int, default=1, help="seats played from this process, per table")
    parser.add_argument("--bots", default="random", help="bot level of the other seats")
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--bot-delay-ms", type=int, default=0, help="bots' thinking time (0 = full speed)")
    parser.add_argument("--window-ms", type=int, default=0, help="reaction window (0 = none)")
    parser.add_argument("--no-texts", action="store_true", help="remote seats ask for no sentences with legal moves")
    parser.add_argument("--no-ws-compression", action="store_true", help="start the server without permessage-deflate")
    parser.add_argument("--chat-every", type=float, default=0.0,
                        help="seconds between chat lines of each table's remote seats (0 = no chat)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="an already running server (else one is started)")
    parser.add_argument("--server-flags", default="", help='extra server flags ("--bot-moves-per-turn 8")')
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            url, pid = args.url, None
        else:
            proc, url = start_server(args, Path(tmp) / "bench.db")
            pid = proc.pid
        try:
            result = asyncio.run(run(args, url, pid))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(30)
    if args.json:
        print(json.dumps(result))
        return
    lat = result["client_send_to_view_ms"]
    srv = result["server_arrival_to_views_ms"]
    print(f"{result['tables']} tables of {args.game} ({args.humans} remote seat(s) + "
          f"{args.players - args.humans} {args.bots} bot(s); bot delay {args.bot_delay_ms} ms, "
          f"window {args.window_ms} ms; texts {'off' if args.no_texts else 'on'}, "
          f"compression {'off' if args.no_ws_compression else 'on'}), {result['seconds']} s measured")
    print(f"  actions/s applied by the server: {result['actions_per_s']:,.0f} "
          f"(remote seats: {result['remote_actions_per_s']:,.0f}/s); matches finished: {result['matches_finished']}")
    print(f"  send -> view (client):    p50 {lat['p50']} ms  p90 {lat['p90']} ms  p99 {lat['p99']} ms  "
          f"max {lat['max']} ms  (n={lat['count']})")
    print(f"  arrival -> views (server): p50 {srv['p50']} ms  p90 {srv['p90']} ms  p99 {srv['p99']} ms")
    print(f"  CPU: server {result['cpu_server_pct']}% (and {result['server_waiting_for_cpu_pct']}% runnable but "
          f"waiting for a core)  client {result['cpu_client_pct']}%  load average {' '.join(result['loadavg'])}")
    print(f"  server CPU per applied action: {result['server_cpu_us_per_action']} µs")
    print(f"  errors (answers to the remote seats): {result['errors']}")
    if args.chat_every > 0:
        print(f"  chat: a line per table every {args.chat_every:g} s; {result['chat_lines_sent']} sent, "
              f"{result['chat_lines_heard']} received by the remote seats")


if __name__ == "__main__":
    main()
