"""Capacity at a human pace: how many tables a server holds before p99 send -> view passes 50 ms.

    python bench/bench_capacity.py [--start 250] [--step 250] [--max-tables 4000]
                                   [--people 4] [--players 4] [--game bacan]
                                   [--settle 15] [--measure 20] [--limit-ms 50] [--clients 2]
                                   [--workers N --db postgresql://... --redis redis://...] [--json]

Tables of Bacan where every person (`--people` seats per table, the rest
bots at the server's default thinking time) plays over a WebSocket at a
person's pace: when a move is theirs, they answer after 1-3 s (uniformly),
a random legal move; now and then (5%) they also try a move that is not
required of them (a mirror) after 0.5-1.5 s; a round result is read for
1-3 s. Reaction windows and clocks are the tables' defaults. A match that
ends is replaced by a new table, so the number of tables holds.

The number of tables rises by `--step` every `--settle + --measure`
seconds; after each step's settling time the step is measured: the
client's send -> view times (p50/p90/p99), the tables and sockets each
server process holds, their RSS and CPU, and the `stale` answers by reason.
It stops after the first step whose p99 passes `--limit-ms` (or at
`--max-tables`); the capacity is the last step under the limit.

The server is started here: one process on SQLite (default), or `--workers
N` processes on a fresh PostgreSQL database and Redis (see bench/servers.py).
The people are played by `--clients` processes (each holds its share of the
tables, on uvloop when installed, with the open-files limit raised to the
hard limit, as for the servers started here). A person's socket is
websockets' Sans-I/O client on a plain asyncio.Protocol (seats.WireSeat,
permessage-deflate negotiated as browsers do): a message is handled in the
loop's read callback and timed at its frame's arrival, before it is
inflated and decoded; a person's pause is a loop timer; tables are
created and joined over HTTP with h11 (seats.Api, a table created on a
connection of its own, as from its own browser). Their tables,
sockets, RSS, CPU and loop lag are printed too, since they share the
machine, with a warning when one passes 80% of a core (the clients would
be the limit), and their CPU per WebSocket message received in the
measured window (what a client process costs the machine per unit of the
server's output).
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import json
import multiprocessing
import os
import random
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import Any

import httpx
import orjson
import servers as procs
from bench_client import loop_lag, raise_open_files, run_loop
from seats import Api, WireSeat
from websockets.typing import BytesLike


@dataclass
class Window:
    """What one client process saw during one step's measured window."""

    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    lags: list[float] = field(default_factory=list)  # the client loop's lateness (bench_client.loop_lag)
    received: int = 0  # WebSocket messages received (states, answers) in the window
    cpu_s: float = 0.0  # this process's CPU time in the window


DISMISS = orjson.dumps({"type": "dismiss"})


class Person(WireSeat):
    """One seat played by a person: a random legal move after a person's pause (a loop timer)."""

    def __init__(self, url: str, hello: bytes, rng: random.Random, client: Client) -> None:
        super().__init__(url, hello)
        self.rng, self.client = rng, client
        self.seq = 0
        self.seat: int | None = None
        self.acted = -1
        self.dismissed = -1  # the version whose round result this person has read
        self.sent_at: float | None = None
        self.shows: int | None = None
        self.thinking: asyncio.TimerHandle | None = None
        self.reading: asyncio.TimerHandle | None = None  # a round result being read
        # A move sent while the reaction window is open is held until it closes (the table's rule,
        # not the server's latency): such moves are counted apart, not timed.
        self.window_until = 0.0
        self.timed = True
        self.legal: list[dict[str, Any]] = []  # as last told (the hello asks for it only when it changes)

    def reconnected(self) -> None:
        self.client.error("reconnected")

    def closing(self) -> None:
        for timer in (self.thinking, self.reading):
            if timer is not None:
                timer.cancel()

    def message(self, data: BytesLike, received: float) -> None:
        """A message, `received` when its frame arrived (before it was inflated and decoded)."""
        self.client.received += 1
        message = orjson.loads(data)
        kind = message["type"]
        if kind == "state":
            if "accepted" in message:  # this person's action, answered in the state (the hello asks)
                self.shows = message["version"]
            self.seen(message, received)
            if message["status"] == "finished":
                self.finish()
        elif kind == "welcome":
            self.seat = message["seat"]
        elif kind == "error":  # a stale answer says why: a fair race, or the server's own latency
            code = message["code"]
            why = f" ({message.get('rule')}, {message.get('stale')})" if code == "stale" else ""
            self.client.error(code + why)
            self.sent_at = None
        elif kind == "accepted":
            self.shows = message["version"]

    def seen(self, state: dict[str, Any], now: float) -> None:
        version = state["version"]
        legal = self.legal = state.get("legal", self.legal)
        if self.sent_at is not None and self.shows is not None and version >= self.shows:
            if self.timed:
                self.client.latency(now - self.sent_at)
            self.sent_at = self.shows = None
        self.window_until = now + state.get("window_ms", 0) / 1000
        if version > self.acted and self.thinking is not None:
            self.thinking.cancel()  # the table moved on while this person thought: think again
            self.thinking = None
        if state.get("pause_ms"):
            if version > self.dismissed:  # a round result: read it, then dismiss it
                self.dismissed = version
                self.reading = self.client.loop.call_later(self.rng.uniform(1, 3), self.send, DISMISS)
            return  # nothing is applied until everyone has read it
        if not legal or self.sent_at is not None or version <= self.acted:
            return
        self.acted = version
        required = self.seat in state["required"]
        if required:
            pause = self.rng.uniform(1, 3)
        elif self.rng.random() < 0.05:
            pause = self.rng.uniform(0.5, 1.5)
        else:
            return
        self.seq += 1
        entry = self.rng.choice(legal)
        action = {"type": "action", "seq": self.seq, "version": version, "index": entry["index"]}
        if self.thinking is not None:
            self.thinking.cancel()  # a newer state: the person thinks again
        self.thinking = self.client.loop.call_later(pause, self.act, action, required and not entry["reaction"])

    def act(self, action: dict[str, Any], held: bool) -> None:
        """The person's answer, after their pause: timed from here to the first state that shows it."""
        frame = orjson.dumps(action)
        self.sent_at = time.perf_counter()
        # a required move that is not a reaction waits for an open window (with a margin for the
        # state's trip here, which makes the window look open a little longer than it is)
        self.timed = not (held and self.sent_at < self.window_until + 0.05)
        if not self.timed:
            self.client.error("held by the reaction window (not timed)")
        self.client.sent()
        self.send(frame)


HTTP_CONNECTIONS = 20  # tables a client process creates and joins at once (as many HTTP connections at most)
# The client loop's lateness is sampled every 50 ms (a 50 ms sleep woken late): a wakeup of a loop costs 75-135 µs
# of CPU on this machine (a bare time.sleep ~45 µs), and a sample every 10 ms was ~7% of a client process's CPU
# at 600 tables; 20 samples a second still give the window's p99.
LAG_EVERY = 0.05


class Client:
    """The people of this process's share of the tables."""

    def __init__(self, args: argparse.Namespace, url: str, seed: int) -> None:
        self.args, self.url = args, url
        self.loop: asyncio.AbstractEventLoop  # the process's loop, once it runs (the people's timers)
        self.rng = random.Random(seed)
        self.window: Window | None = None
        self.tables = 0
        self.sockets = 0
        self.received = 0  # messages received since the start
        self.opening = 0  # tables being created and joined (HTTP), not yet playing
        self.tasks: list[asyncio.Task[None]] = []
        # since the start: tables created, tables whose socket failed by exception and close code (each replaced
        # by a new one; the server plays on the old one's seats with stand-ins), matches ended
        self.failed: Counter[str] = Counter()

    def latency(self, seconds: float) -> None:
        if self.window is not None:
            self.window.latencies.append(seconds)

    def lagged(self, seconds: float) -> None:
        if self.window is not None:
            self.window.lags.append(seconds)

    def sent(self) -> None:
        if self.window is not None:
            self.window.sent += 1

    def error(self, code: str) -> None:
        if self.window is not None:
            self.window.errors[code] = self.window.errors.get(code, 0) + 1

    async def table(self, api: Api, stop: asyncio.Event) -> None:
        args = self.args
        seats = [{"type": "human"}] * args.people + [{"type": "bot", "level": "random"}] * (args.players - args.people)
        while not stop.is_set():
            self.opening += 1
            try:
                async with self.http_slots:
                    # a table is created on a connection of its own, as from its own browser (bench_client.FRESH)
                    created = await api.post("/api/tables", {"game": args.game, "seats": seats}, fresh=True)
                    table_id = created["table"]["id"]
                    self.failed["tables created"] += 1
                    tokens = [created["token"]]
                    for _ in range(args.people - 1):
                        tokens.append((await api.post("/api/join", {"code": created["invite_code"]}))["token"])
            finally:
                self.opening -= 1
            url = f"{self.url.replace('http', 'ws', 1)}/ws/tables/{table_id}"
            # as the browser says hello: legal moves and seats are told only when they change, an
            # accepted action in the state that follows it
            hellos = [
                orjson.dumps({"type": "hello", "token": token, "omit_unchanged": True, "accepted_in_state": True})
                for token in tokens
            ]
            people = [Person(url, hello, self.rng, self) for hello in hellos]
            self.tables += 1
            self.sockets += len(people)
            playing = [asyncio.create_task(p.play()) for p in people]
            done: asyncio.Future[Any] = asyncio.gather(*playing)
            try:
                stopper: asyncio.Future[Any] = asyncio.create_task(stop.wait())
                await asyncio.wait({done, stopper}, return_when=asyncio.FIRST_COMPLETED)
                stopper.cancel()
                if done.done() and done.exception() is not None:  # a socket failed: a new table replaces this one
                    failed = done.exception()
                    code = getattr(getattr(failed, "rcvd", None), "code", "")
                    self.failed[f"{type(failed).__name__} {code}".strip()] += 1  # counted at any time
            finally:
                for task in playing:  # a failure leaves the table's other people playing: they leave too
                    task.cancel()
                await asyncio.gather(*playing, done, return_exceptions=True)
                self.tables -= 1
                self.sockets -= len(people)
                self.failed[f"matches ended ({'stopped' if stop.is_set() else 'played out or closed'})"] += 1

    async def run(self, index: int, begin: Any, results: Any, stop_all: EventType) -> None:
        """Step by step: a step's tables open at `begin` (set by the parent once it has sampled the step
        before: a step that took longer than planned must not open the next one's tables early)."""
        args = self.args
        self.loop = asyncio.get_running_loop()
        self.http_slots = asyncio.Semaphore(HTTP_CONNECTIONS)
        stop = asyncio.Event()
        lagger = asyncio.create_task(loop_lag(self.lagged, LAG_EVERY))
        api = Api(self.url)
        try:
            for step, total in enumerate(range(args.start, args.max_tables + 1, args.step)):
                while begin.step < step and not stop_all.is_set():
                    await asyncio.sleep(0.1)
                begins = begin.at
                await asyncio.sleep(max(0.0, begins - time.time()))
                if stop_all.is_set():
                    break
                mine = total // args.clients + (1 if index < total % args.clients else 0)
                while len(self.tasks) < mine:  # opened gently: a burst of hellos is not what people do
                    self.tasks.append(asyncio.create_task(self.table(api, stop)))
                    await asyncio.sleep(min(0.02, args.settle / 2 / max(1, mine)))
                await asyncio.sleep(max(0.0, begins + args.settle - time.time()))
                # the tables held now stay: the collector stops walking them (a full collection of a client's
                # objects at 600-1,200 tables paused its loop 0.23 s, a pause in the latencies measured; 0.02-0.03 s
                # once frozen)
                gc.freeze()
                self.window = Window()
                received0, cpu0 = self.received, time.process_time()
                opening = self.opening + max(0, mine - self.tables - self.opening)  # not yet playing
                await asyncio.sleep(args.measure)
                window, self.window = self.window, None
                window.received, window.cpu_s = self.received - received0, time.process_time() - cpu0
                results.put(
                    (
                        index,
                        step,
                        window.latencies,
                        window.sent,
                        window.errors,
                        self.tables,
                        self.sockets,
                        procs.cpu_seconds(os.getpid()),
                        procs.rss_mb(os.getpid()),
                        window.lags,
                        dict(self.failed),
                        window.received,
                        window.cpu_s,
                        opening,
                    )
                )
                if stop_all.is_set():
                    break
            while not stop_all.is_set():  # the tables stay until the last step's servers are sampled
                await asyncio.sleep(0.2)
            stop.set()
            lagger.cancel()
            await asyncio.gather(*self.tasks, lagger, return_exceptions=True)
        finally:
            api.close()


def client_process(
    args: argparse.Namespace, url: str, index: int, begin: Any, results: Any, stop_all: EventType
) -> None:
    raise_open_files()
    run_loop(Client(args, url, args.seed * 1000 + index).run(index, begin, results, stop_all))


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1) if ordered else float("nan")


def server_sample(started: procs.Servers) -> dict[str, Any]:
    found = []
    for url, pid in zip(started.own_urls, started.pids, strict=True):
        stats = httpx.get(
            f"{url}/api/stats", params={"reset": "true"}, headers=started.headers(), timeout=STATS_TIMEOUT
        ).json()
        found.append(
            {
                "pid": pid,
                "cpu": procs.cpu_seconds(pid),
                "rss_mb": round(procs.rss_mb(pid), 1),
                "tables": stats["tables"]["playing"] + stats["tables"]["waiting"],
                "sockets": stats["sockets"],
                "actions": stats["actions"],
                "stale": stats["stale"],
                "stages": stats["stages_ms"],
                "loop_lag": stats.get("loop_lag_ms"),
                "gc": stats.get("gc"),
                "wal": stats.get("wal"),
            }
        )
    return {"at": time.perf_counter(), "processes": found}


class StepBegin(ctypes.Structure):
    _fields_ = [("step", ctypes.c_int), ("at", ctypes.c_double)]


STATS_TIMEOUT = 60.0  # a server that cannot answer /api/stats in this time is far past its capacity


def sample_or_none(started: procs.Servers, total: int) -> dict[str, Any] | None:
    """The servers' figures; None (and why) when one of them is too busy to answer."""
    try:
        return server_sample(started)
    except httpx.HTTPError as err:
        print(
            f"  {total:>5} tables: a server did not answer /api/stats within {STATS_TIMEOUT:g} s "
            f"({type(err).__name__}): saturated; the rise stops here",
            flush=True,
        )
        return None


def measure(args: argparse.Namespace, started: procs.Servers) -> list[dict[str, Any]]:
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    stop_all = context.Event()
    begin: Any = context.Value(StepBegin, 0, time.time() + 3)  # the step whose tables may open, and when
    clients = [
        context.Process(target=client_process, args=(args, started.url, i, begin, results, stop_all))
        for i in range(args.clients)
    ]
    for c in clients:
        c.start()
    client_cpu0 = [0.0] * args.clients
    rows: list[dict[str, Any]] = []
    db_pids: list[int] = []
    try:
        for step, total in enumerate(range(args.start, args.max_tables + 1, args.step)):
            window_start = begin.at + args.settle
            time.sleep(max(0.0, window_start - time.time()))
            if not db_pids and args.workers:
                db_pids = procs.find_db_pids(started)
            before = sample_or_none(started, total)
            if before is None:
                break
            db0 = procs.cpu_of(db_pids)
            profilers = (
                [
                    subprocess.Popen(
                        [
                            procs.PY_SPY,
                            "record",
                            "--pid",
                            str(pid),
                            "--duration",
                            str(int(args.measure)),
                            "--rate",
                            "200",
                            "--nonblocking",
                            "--idle",
                            "--format",
                            "raw",
                            "--output",
                            f"{args.profile}.{total}.{i}.txt",
                        ],
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                    for i, pid in enumerate(started.pids)
                ]
                if args.profile
                else []
            )
            seen = [results.get(timeout=args.measure + args.settle + 300) for _ in range(args.clients)]
            after = sample_or_none(started, total)
            if after is None:
                break
            for profiler in profilers:
                profiler.wait(60)
            wall = after["at"] - before["at"]
            lat = [x for s in seen for x in s[2]]
            errors: dict[str, int] = {}
            for s in seen:
                for code, n in s[4].items():
                    errors[code] = errors.get(code, 0) + n
            actions = sum(p["actions"] for p in after["processes"])
            stale: dict[str, int] = {}
            for p in after["processes"]:
                for reason, n in p["stale"].items():
                    stale[reason] = stale.get(reason, 0) + n
            row = {
                "tables_asked": total,
                "tables_held": sum(p["tables"] for p in after["processes"]),
                "sockets_held": sum(p["sockets"] for p in after["processes"]),
                "person_actions": len(lat),
                "actions_per_s": round(actions / wall, 1),
                "send_to_view_ms": {"p50": pct(lat, 0.5), "p90": pct(lat, 0.9), "p99": pct(lat, 0.99)},
                "errors": errors,
                "stale": stale,
                "processes": [
                    {
                        "tables": a["tables"],
                        "sockets": a["sockets"],
                        "rss_mb": a["rss_mb"],
                        "cpu_pct": round(100 * (a["cpu"] - b["cpu"]) / wall, 1),
                        "cpu_us_per_action": round(1e6 * (a["cpu"] - b["cpu"]) / max(1, actions), 1),
                        "stages_p50_p99_ms": {name: (v["p50"], v["p99"]) for name, v in a["stages"].items()},
                        "loop_lag_ms": a.get("loop_lag"),
                        "gc": a.get("gc"),
                        "wal": a.get("wal"),
                    }
                    for a, b in zip(after["processes"], before["processes"], strict=True)
                ],
                "postgresql_cpu_pct": round(100 * (procs.cpu_of(db_pids) - db0) / wall, 1) if db_pids else None,
                "client_cpu_pct": [
                    round(100 * (s[7] - client_cpu0[s[0]]) / (args.settle + args.measure), 1) for s in sorted(seen)
                ],
                "client_rss_mb": [round(s[8], 1) for s in sorted(seen)],
                "client_tables": [s[5] for s in sorted(seen)],
                "client_sockets": [s[6] for s in sorted(seen)],
                "client_loop_lag_p99_ms": [pct(s[9], 0.99) for s in sorted(seen)],
                "client_messages_per_s": [round(s[11] / args.measure, 1) for s in sorted(seen)],
                # the clients' CPU in the measured window per WebSocket message they received
                "client_cpu_us_per_message": [round(1e6 * s[12] / max(1, s[11]), 1) for s in sorted(seen)],
                # tables not yet playing when the window began (their creation's CPU, here and in the server,
                # is in the window: a settling time too short for the step)
                "client_tables_opening": [s[13] for s in sorted(seen)],
                "tables_failed_since_start": sum((Counter(s[10]) for s in seen), Counter()),
                "loadavg": Path("/proc/loadavg").read_text().split()[:3],
            }
            for s in seen:
                client_cpu0[s[0]] = s[7]
            with begin.get_lock():
                begin.step, begin.at = step + 1, time.time()
            rows.append(row)
            print_row(row)
            if not lat or row["send_to_view_ms"]["p99"] > args.limit_ms:
                break
    finally:
        stop_all.set()
        for c in clients:
            c.join(120)
            if c.is_alive():
                c.terminate()
    return rows


def lag_text(lag: dict[str, Any] | None) -> str:
    return f"{lag['p50']}/{lag['p99']}/{lag['max']} ms" if lag else "?"


def gc_text(gcs: list[dict[str, Any]] | None) -> str:
    return (
        ", ".join(
            f"gen {g['generation']} {g['count']}x {g['total_ms'] / 1000:.1f} s max {g['max_ms']:.0f} ms" for g in gcs
        )
        if gcs
        else "?"
    )


def wal_text(wal: dict[str, Any] | None) -> str:
    """SQLite's WAL since the server started: its restarts, and the longest the commits waited for one."""
    return f", WAL restarted {wal['restarts']}x (commits held {wal['longest_hold_ms']:.1f} ms at most)" if wal else ""


def print_row(row: dict[str, Any]) -> None:
    lat = row["send_to_view_ms"]
    per = "; ".join(
        f"{p['tables']} tables/{p['sockets']} sockets, RSS {p['rss_mb']} MB, CPU {p['cpu_pct']}% "
        f"({p['cpu_us_per_action']} µs/action), stages p50/p99 {p['stages_p50_p99_ms']}, "
        f"loop lateness p50/p99/max {lag_text(p.get('loop_lag_ms'))}, collections {gc_text(p.get('gc'))}"
        f"{wal_text(p.get('wal'))}"
        for p in row["processes"]
    )
    print(
        f"  {row['tables_held']:>5} tables {row['sockets_held']:>6} sockets (the clients hold "
        f"{sum(row['client_tables'])} tables, {sum(row['client_sockets'])} sockets)  "
        f"{row['actions_per_s']:>7,.0f} actions/s  "
        f"send->view p50 {lat['p50']} p90 {lat['p90']} p99 {lat['p99']} ms (n={row['person_actions']})  "
        f"stale {row['stale']}  errors {row['errors']}",
        flush=True,
    )
    print(
        f"        server: {per}; PostgreSQL CPU {row['postgresql_cpu_pct']}%; load {' '.join(row['loadavg'])}",
        flush=True,
    )
    clients = "; ".join(
        f"{t} tables/{n} sockets, RSS {r} MB, CPU {c}%, loop lag p99 {lag} ms, "
        f"{m:,.0f} messages/s received, CPU per message received {us} µs"
        for t, n, r, c, lag, m, us in zip(
            row["client_tables"],
            row["client_sockets"],
            row["client_rss_mb"],
            row["client_cpu_pct"],
            row["client_loop_lag_p99_ms"],
            row["client_messages_per_s"],
            row["client_cpu_us_per_message"],
            strict=True,
        )
    )
    print(
        f"        clients: {clients}; since the start (tables created, failed and replaced, ended): "
        f"{dict(row['tables_failed_since_start'])}",
        flush=True,
    )
    if sum(row["client_tables_opening"]):
        print(
            f"        NOTE: {sum(row['client_tables_opening'])} tables were still being opened when the window "
            f"began: their creation is in the window (a longer --settle measures the step alone)",
            flush=True,
        )
    if max(row["client_cpu_pct"]) > 80:
        print(
            f"        WARNING: a client process used {max(row['client_cpu_pct'])}% of a core: the clients may be the "
            f"limit here; give them more --clients",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--start", type=int, default=250)
    parser.add_argument("--step", type=int, default=250)
    parser.add_argument("--max-tables", type=int, default=4000)
    parser.add_argument("--game", default="bacan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--people", type=int, default=4, help="seats played by people per table (the rest: bots)")
    parser.add_argument("--settle", type=float, default=15.0, help="seconds after each rise before measuring")
    parser.add_argument("--measure", type=float, default=20.0, help="seconds measured at each step")
    parser.add_argument("--limit-ms", type=float, default=50.0, help="the p99 send -> view that ends the rise")
    parser.add_argument("--clients", type=int, default=2, help="client processes playing the people")
    parser.add_argument("--workers", type=int, default=0, help="N processes on PostgreSQL + Redis (0: SQLite)")
    parser.add_argument("--db", help="PostgreSQL server for --workers (a scratch database is made there)")
    parser.add_argument("--redis", help="Redis for --workers")
    parser.add_argument("--server-flags", default="", help="extra server flags")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the steps as one JSON object at the end")
    parser.add_argument(
        "--profile",
        help="sample each server process with py-spy in each measured window: "
        "collapsed stacks in PROFILE.<tables>.<process>.txt (pip install py-spy)",
    )
    args = parser.parse_args()
    raise_open_files()  # the servers started here inherit it
    with tempfile.TemporaryDirectory() as tmp:
        started = procs.start(
            args.workers, args.db, args.redis, Path(tmp), ["--finished-ttl", "5", *args.server_flags.split()]
        )
        print(
            f"{started.label}: {args.game}, {args.people} people + {args.players - args.people} bots per table, "
            f"people answer in 1-3 s; +{args.step} tables every {args.settle + args.measure:g} s "
            f"({args.measure:g} s measured), until p99 send -> view > {args.limit_ms:g} ms",
            flush=True,
        )
        try:
            rows = measure(args, started)
        finally:
            started.stop()
    under = [r for r in rows if r["person_actions"] and r["send_to_view_ms"]["p99"] <= args.limit_ms]
    best = under[-1] if under else None
    if best is not None:
        print(
            f"capacity ({started.label}): {best['tables_held']} tables, {best['sockets_held']} sockets with p99 "
            f"send -> view {best['send_to_view_ms']['p99']} ms <= {args.limit_ms:g} ms"
        )
    else:
        print(f"capacity ({started.label}): not even the first step stayed under {args.limit_ms:g} ms")
    if args.json:
        print(json.dumps({"server": started.label, "steps": rows, "capacity": best}))


if __name__ == "__main__":
    main()
