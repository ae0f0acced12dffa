"""Load benchmark of the table server: many tables at full speed, over loopback.

    python bench/bench_server.py [--tables 200] [--seconds 30] [--warmup 5]
                                 [--game bacan] [--players 4] [--humans 1] [--bots random]
                                 [--bot-delay-ms 0] [--window-ms 0] [--no-texts] [--no-ws-compression]
                                 [--chat-every 5]
                                 [--url http://127.0.0.1:8000] [--json]
                                 [--workers N --db postgresql://... --redis redis://...]

Unless --url is given, a server process is started on a free loopback port
with a fresh SQLite file (WAL), and stopped at the end; with `--workers N`,
N processes on one shared port (as `tapete serve --workers N`) on a fresh
PostgreSQL database (created on the `--db` server, dropped at the end) and
Redis, each with an address of its own for its /api/stats. This process is the
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

Also from /api/stats of every server process: the time an action spends in
each stage (queue wait, durable write, publish), the write batches, and the
`stale` answers to the remote seats by reason: `race` (a bot's action
really reached the table first: fair, and frequent here, since the bots
answer in no time) apart from `late` (the server's own latency: a defect);
with the CPU per applied action of each process (and of the database's
backends and Redis, which share the machine).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import servers as procs
import websockets
from seats import ReconnectingSeat


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    matches: int = 0
    reconnects: int = 0
    failures: int = 0
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


class Seat(ReconnectingSeat):
    """One remote seat: plays a random legal move whenever it may act, and times it."""

    def __init__(self, connect: Callable[[], Awaitable[Any]], seat: int, rng: random.Random, tally: Tally) -> None:
        self.connect, self.seat, self.rng, self.tally = connect, seat, rng, tally
        self.ws: Any = None
        self.seq = 0
        self.acted = -1
        self.sent_at: float | None = None  # an action in flight, sent then
        self.shows: int | None = None  # the version that will show it, once accepted
        self.last: dict[str, Any] | None = None

    def reconnected(self) -> None:
        self.tally.reconnects += 1

    async def _play(self) -> None:
        async for raw in self.ws:
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "error":  # e.g. stale: a bot's mirror claim arrived first
                if self.tally.measuring:  # a stale answer's rule says which kind (a race, a window)
                    code = message["code"]
                    self.tally.errors[f"{code} ({message.get('rule')}, {message.get('stale')})" if code == "stale"
                                      else code] += 1
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
        players = []
        for seat, token in tokens.items():

            async def connect(token: str = token, table_id: str = table_id) -> Any:
                ws = await websockets.connect(f"{ws_url}/ws/tables/{table_id}", max_size=2**22,
                                              ping_interval=None)
                await ws.send(json.dumps({"type": "hello", "token": token, "texts": not args.no_texts}))
                return ws

            players.append(Seat(connect, seat, rng, tally))
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
        while not seated or seated[line % len(seated)].ws is None:
            await asyncio.sleep(0.05)
        seat = seated[line % len(seated)]
        with contextlib.suppress(websockets.ConnectionClosed):
            await seat.ws.send(json.dumps({"type": "chat", "text": f"¿Otra ronda? ({line})"}))
            if tally.measuring:
                tally.chat_sent += 1
        await asyncio.sleep(args.chat_every)


async def server_stats(http: httpx.AsyncClient, urls: list[str], headers: dict[str, str],
                       reset: bool = False) -> list[dict[str, Any]]:
    params = {"reset": "true"} if reset else {}
    found = []
    for url in urls:
        answer = await http.get(f"{url}/api/stats", params=params, headers=headers)
        answer.raise_for_status()
        found.append(answer.json())
    return found


def merged_stale(stats: list[dict[str, Any]]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for one in stats:
        total.update(one.get("stale", {}))
    return dict(total)


async def run(args: argparse.Namespace, url: str, own_urls: list[str], headers: dict[str, str],
              pids: list[int], find_others: Callable[[], dict[str, list[int]]]) -> dict[str, Any]:
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
        extra_pids = await asyncio.to_thread(find_others)  # the database's backends, once all are open
        before = await server_stats(http, own_urls, headers, reset=bool(headers))
        cpu0 = [procs.cpu_seconds(pid) for pid in pids]
        extra0 = {name: procs.cpu_of(group) for name, group in extra_pids.items()}
        client0, wall0 = procs.cpu_seconds(os.getpid()), time.perf_counter()
        wait0 = sum(procs.cpu_wait_seconds(pid) for pid in pids)
        profilers = [subprocess.Popen(["py-spy", "record", "--pid", str(pid), "--duration", str(int(args.seconds)),
                                       "--rate", "50", "--format", "raw", "--output", f"{args.profile}.{i}.txt"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                     for i, pid in enumerate(pids)] if args.profile else []
        await asyncio.sleep(args.seconds)
        after = await server_stats(http, own_urls, headers)
        cpu1 = [procs.cpu_seconds(pid) for pid in pids]
        extra1 = {name: procs.cpu_of(group) for name, group in extra_pids.items()}
        client1, wall1 = procs.cpu_seconds(os.getpid()), time.perf_counter()
        wait1 = sum(procs.cpu_wait_seconds(pid) for pid in pids)
        rss = [procs.rss_mb(pid) for pid in pids]
        tally.measuring = False
        for profiler in profilers:
            profiler.wait(60)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    wall = wall1 - wall0
    lat = [x * 1000 for x in tally.latencies]
    # counted as differences, so that the figures hold even when the counters could not be reset
    actions = [a["actions"] - (0 if headers else b["actions"]) for a, b in zip(after, before, strict=True)]
    total = max(1, sum(actions))
    cpu = [c1 - c0 for c0, c1 in zip(cpu0, cpu1, strict=True)]
    per_process = [
        {"actions_per_s": round(n / wall, 1), "cpu_pct": round(100 * c / wall, 1),
         "cpu_us_per_cluster_action": round(1e6 * c / total, 1), "rss_mb": round(r, 1),
         "tables": one["tables"], "sockets": one["sockets"], "stages_ms": one.get("stages_ms"),
         "write_batches": one.get("write_batches"), "stale": one.get("stale")}
        for n, c, r, one in zip(actions, cpu, rss, after, strict=True)
    ]
    return {
        "game": args.game,
        "server": args.label,
        "tables": args.tables,
        "players": args.players,
        "remote_seats_per_table": args.humans,
        "server_bots": args.bots,
        "seconds": round(wall, 1),
        "tables_playing": sum(one["tables"]["playing"] for one in after),
        "actions_per_s": round(sum(actions) / wall, 1),
        "remote_actions_per_s": round(len(lat) / wall, 1),
        "remote_actions_sent": tally.sent,
        "matches_finished": tally.matches,
        "reconnects": tally.reconnects,
        "tables_failed": tally.failures,
        "client_send_to_view_ms": {"p50": round(percentile(lat, 0.5), 2), "p90": round(percentile(lat, 0.9), 2),
                                   "p99": round(percentile(lat, 0.99), 2), "max": round(max(lat, default=0), 2),
                                   "count": len(lat)},
        "server_arrival_to_views_ms": [one["arrival_to_views_ms"] for one in after],
        "errors": dict(tally.errors),
        "chat_every_s": args.chat_every,
        "chat_lines_sent": tally.chat_sent,
        "chat_lines_heard": tally.chat_heard,
        "stale_by_reason": merged_stale(after),
        "cpu_server_pct": round(100 * sum(cpu) / wall, 1),
        # CPU time per applied action: the figure that holds when other work shares the cores
        "server_cpu_us_per_action": round(1e6 * sum(cpu) / total, 1),
        "other_cpu_us_per_action": {name: round(1e6 * (extra1[name] - extra0[name]) / total, 1) for name in extra0},
        "cpu_client_pct": round(100 * (client1 - client0) / wall, 1),
        "server_waiting_for_cpu_pct": round(100 * (wait1 - wait0) / wall, 1),
        "per_process": per_process,
        "loadavg": Path("/proc/loadavg").read_text().split()[:3],
    }


def report(result: dict[str, Any], args: argparse.Namespace) -> None:
    lat = result["client_send_to_view_ms"]
    print(f"{result['server']}: {result['tables']} tables of {args.game} ({args.humans} remote seat(s) + "
          f"{args.players - args.humans} {args.bots} bot(s); bot delay {args.bot_delay_ms} ms, "
          f"window {args.window_ms} ms; texts {'off' if args.no_texts else 'on'}, "
          f"compression {'off' if args.no_ws_compression else 'on'}), {result['seconds']} s measured")
    print(f"  actions/s applied by the server: {result['actions_per_s']:,.0f} "
          f"(remote seats: {result['remote_actions_per_s']:,.0f}/s); matches finished: {result['matches_finished']}; "
          f"sockets reconnected (table moved): {result['reconnects']}; tables failed: {result['tables_failed']}")
    print(f"  send -> view (client):    p50 {lat['p50']} ms  p90 {lat['p90']} ms  p99 {lat['p99']} ms  "
          f"max {lat['max']} ms  (n={lat['count']})")
    print(f"  CPU: server {result['cpu_server_pct']}% (and {result['server_waiting_for_cpu_pct']}% runnable but "
          f"waiting for a core)  client {result['cpu_client_pct']}%  load average {' '.join(result['loadavg'])}")
    others = "  ".join(f"{k} {v} µs" for k, v in result["other_cpu_us_per_action"].items())
    print(f"  server CPU per applied action: {result['server_cpu_us_per_action']} µs  {others}")
    sent = max(1, result["remote_actions_sent"])
    stale = result["stale_by_reason"]
    print(f"  answers to the remote seats: {result['errors']} of {result['remote_actions_sent']} sent; stale by "
          f"reason: {stale} (late: {100 * stale.get('late', 0) / sent:.2f}%, race: "
          f"{100 * stale.get('race', 0) / sent:.2f}% of the remote actions)")
    for i, one in enumerate(result["per_process"]):
        stages = one["stages_ms"] or {}
        shown = "  ".join(f"{name} p50 {v['p50']} p99 {v['p99']}" for name, v in stages.items() if v["count"])
        batches = one["write_batches"] or {}
        print(f"  process {i}: {one['actions_per_s']:,.0f} actions/s, CPU {one['cpu_pct']}% "
              f"({one['cpu_us_per_cluster_action']} µs per action of all), RSS {one['rss_mb']} MB, "
              f"{one['tables']['playing']} tables playing, {one['sockets']} sockets")
        print(f"    stages (ms): {shown}")
        print(f"    write batches: {batches}")
    if args.chat_every > 0:
        print(f"  chat: a line per table every {args.chat_every:g} s; {result['chat_lines_sent']} sent, "
              f"{result['chat_lines_heard']} received by the remote seats")


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
    parser.add_argument("--workers", type=int, default=0,
                        help="start N processes on PostgreSQL + Redis (0: one process on SQLite)")
    parser.add_argument("--db", help="PostgreSQL server for --workers (a scratch database is made there)")
    parser.add_argument("--redis", help="Redis for --workers")
    parser.add_argument("--server-flags", default="", help='extra server flags ("--bot-moves-per-turn 8")')
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--profile", help="sample each server process with py-spy while measuring: "
                        "collapsed stacks in PROFILE.<process>.txt (pip install py-spy)")
    args = parser.parse_args()
    flags = ["--finished-ttl", "2", *args.server_flags.split(), *(["--no-ws-compression"] if args.no_ws_compression
                                                                  else [])]
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            args.label = args.url
            result = asyncio.run(run(args, args.url, [args.url], {}, [], dict))
        else:
            started = procs.start(args.workers, args.db, args.redis, Path(tmp), flags)
            args.label = started.label
            try:
                def others() -> dict[str, list[int]]:
                    if not args.workers:
                        return {}
                    return {"postgresql": procs.find_db_pids(started), "redis": procs.redis_pids()}

                result = asyncio.run(run(args, started.url, started.own_urls, started.headers(), started.pids, others))
            finally:
                started.stop()
    if args.json:
        print(json.dumps(result))
        return
    report(result, args)


if __name__ == "__main__":
    main()
