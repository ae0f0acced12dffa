"""Soak benchmark of the table server: hundreds of tables for minutes, seats coming and going.

    python bench/bench_soak.py [--tables 200] [--minutes 3] [--games all] [--bots random]
                               [--bot-delay-ms 250] [--think-ms 50,400] [--disconnect-every 20]
                               [--db-url sqlite:///...|postgresql://...] [--url http://...] [--json]

Unless --url is given, a server process is started on a free loopback port
(SQLite in a temporary folder, or --db-url) with a short stand-in grace, and
stopped at the end. Every table has one or two seats played from here over
WebSockets (a random legal move after a random think time) and random bots in
the others; when a match ends, its table is replaced by a new one of the next
game. Every few actions (random, about --disconnect-every) a client seat
drops its socket, cleanly or by cutting the connection, stays away for up to
3 s (its stand-in plays once the grace is over) and comes back with its token.
An action whose answer was lost with the socket is sent again, unchanged,
after the reconnection: the table's version must make it count once.

At the end, every table's stored record is compared with what the clients
saw: each accepted action must be in the record at its version (else it is
lost), no message may be accepted twice nor two accepted actions share a
version nor a resent action count again (duplicated), and the last view each
seat received must be the one the record replays to (diverged).

Printed: actions per second applied by the server, client send-to-accepted
p50, p99 and max (and the server's own arrival-to-views figures), the
server's resident memory over time (at the end of the warm-up, mid-run and
at the end), and whether it is flat: the least-squares line through the
samples of the second half of the run must rise by less than 3 % of the
mean RSS over that half (the tables are all open by then, so a server that
keeps what it frees, or leaks, shows here), and the counts of lost,
duplicated and diverged actions, which must all be zero (the exit status is
1 otherwise). The run is bounded: at most --tables tables at once, and
it stops by itself after --minutes (plus a short drain).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from tapete.games import game_ids, get_game
from tapete.server.settings import async_db_url
from tapete.server.storage.store import Store

MAX_TABLES = 1000
MAX_MINUTES = 60.0
# Memory is flat when, over the second half of the run, the fitted RSS rises by less than this share of its mean.
FLAT_PERCENT = 3.0


# -- what the clients saw ----------------------------------------------------------------
@dataclass
class Sent:
    seq: int
    version: int
    index: int
    seat: int
    at: float
    resent: bool = False


@dataclass
class TableLog:
    id: str
    game: str
    humans: list[int]
    accepted: dict[int, list[tuple[int, int, int]]] = field(default_factory=dict)  # slot -> [(seat, index, seq)]
    accepted_seqs: dict[tuple[int, int], int] = field(default_factory=dict)  # (seat, seq) -> times accepted
    resent: list[tuple[Sent, dict[str, Any]]] = field(default_factory=list)  # a lost answer's resend, its answer
    last_view: dict[int, tuple[int, Any]] = field(default_factory=dict)  # seat -> (version, view)
    unexpected: list[dict[str, Any]] = field(default_factory=list)  # acceptances of nothing in flight
    finished: bool = False


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    disconnects: int = 0
    resends: int = 0
    matches: int = 0
    measuring: bool = False


class SeatClient:
    """One seat played from here, with its own disconnections."""

    def __init__(
        self,
        args: argparse.Namespace,
        ws_url: str,
        log: TableLog,
        seat: int,
        token: str,
        rng: random.Random,
        tally: Tally,
        stop: asyncio.Event,
        reconnect_url: str | None = None,
    ) -> None:
        self.args, self.ws_url, self.log, self.seat, self.token = args, ws_url, log, seat, token
        self.reconnect_url = reconnect_url or ws_url  # where to connect again after a disconnection
        self.rng, self.tally, self.stop = rng, tally, stop
        self.seq = 0
        self.pending: Sent | None = None  # sent, not yet answered
        self.acted = -1
        self.state: dict[str, Any] | None = None
        self.think: asyncio.Task[None] | None = None

    async def run(self) -> None:
        while not self.stop.is_set() and not self.log.finished:
            try:
                async with websockets.connect(
                    f"{self.ws_url}/ws/tables/{self.log.id}", max_size=2**24, ping_interval=None, open_timeout=60
                ) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": self.token, "texts": False}))
                    if await self.session(ws):
                        return
            except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
                pass  # refused or cut (a server process went away): try again
            self.tally.disconnects += 1
            self.ws_url = self.reconnect_url
            await asyncio.sleep(self.rng.uniform(0.1, 3.0))

    async def session(self, ws: Any) -> bool:
        """Play until the match ends (True) or this seat decides to drop the socket (False)."""
        leave_after = self.rng.expovariate(1 / self.args.disconnect_every) if self.args.disconnect_every else 1e9
        resend = self.pending
        self.pending = None
        if resend is not None:
            resend.resent = True
            self.pending = resend
            self.tally.resends += 1
            await ws.send(self.frame(resend))
        actions = 0
        try:
            async for raw in ws:
                message = orjson.loads(raw)
                actions += await self.on_message(ws, message)
                if self.log.finished:
                    return True
                if actions >= leave_after or self.stop.is_set():
                    await self.drop(ws)
                    return False
        except websockets.ConnectionClosed:
            return False
        finally:
            if self.think is not None:
                self.think.cancel()
        return False

    async def drop(self, ws: Any) -> None:
        if self.rng.random() < 0.5:
            ws.transport.abort()  # the connection is cut (a phone losing its network)
        else:
            await ws.close()

    def frame(self, sent: Sent) -> str:
        return json.dumps({"type": "action", "seq": sent.seq, "version": sent.version, "index": sent.index})

    async def on_message(self, ws: Any, message: dict[str, Any]) -> int:
        kind = message["type"]
        if kind == "state":
            self.state = message
            self.log.last_view[self.seat] = (message["version"], message["view"])
            if message["status"] == "finished":
                self.log.finished = True
                return 0
            if message.get("pause_ms"):  # a round result: read at once, as a program does
                await ws.send(json.dumps({"type": "dismiss"}))
            if self.pending is None and self.think is None:
                self.think = asyncio.create_task(self.act(ws))
            return 0
        if kind == "accepted":
            return self.on_accepted(message)
        if kind == "error":
            self.on_error(ws, message)
        return 0

    def on_accepted(self, message: dict[str, Any]) -> int:
        sent = self.pending
        if sent is None or message["seq"] != sent.seq:
            self.log.unexpected.append(message)  # an answer to nothing this seat has in flight
            return 1
        self.pending = None
        key = (self.seat, sent.seq)
        self.log.accepted_seqs[key] = self.log.accepted_seqs.get(key, 0) + 1
        self.log.accepted.setdefault(message["version"] - 1, []).append((self.seat, sent.index, sent.seq))
        if sent.resent:
            self.log.resent.append((sent, message))
        if self.tally.measuring:
            self.tally.latencies.append(time.perf_counter() - sent.at)
        return 1

    def on_error(self, ws: Any, message: dict[str, Any]) -> None:
        sent = self.pending
        if sent is not None and message.get("seq") == sent.seq:
            if sent.resent:
                self.log.resent.append((sent, message))
            self.pending = None
            if self.think is None:  # the newest state may have come before this answer
                self.think = asyncio.create_task(self.act(ws))
        if self.tally.measuring:
            self.tally.errors[message["code"]] = self.tally.errors.get(message["code"], 0) + 1

    async def act(self, ws: Any) -> None:
        """After a think time, a random legal move on the newest state (if this seat may act)."""
        try:
            await asyncio.sleep(self.rng.uniform(*self.args.think) / 1000)
            state = self.state
            if state is None or state["version"] <= self.acted or self.pending is not None:
                return
            legal = state["legal"]
            if not legal or (self.seat not in state["required"] and self.rng.random() > 0.05):
                return
            self.acted = state["version"]
            self.seq += 1
            self.pending = Sent(
                self.seq, state["version"], self.rng.choice(legal)["index"], self.seat, time.perf_counter()
            )
            with contextlib.suppress(websockets.ConnectionClosed):
                await ws.send(self.frame(self.pending))
            if self.args.disconnect_every and self.rng.random() < 0.5 / self.args.disconnect_every:
                ws.transport.abort()  # cut with the action in flight: its answer is lost, it will be resent
        finally:
            self.think = None


# -- tables ---------------------------------------------------------------------------------
async def table_loop(
    args: argparse.Namespace,
    http: httpx.AsyncClient,
    ws_url: str,
    logs: list[TableLog],
    tally: Tally,
    stop: asyncio.Event,
    rng: random.Random,
    first: int,
) -> None:
    turn = first
    while not stop.is_set():
        game = get_game(args.games[turn % len(args.games)])
        turn += 1
        players = game.default_players
        humans = min(players, rng.choice((1, 2)))
        seats = [{"type": "human"}] * humans + [{"type": "bot", "level": args.bots}] * (players - humans)
        body = {
            "game": game.id,
            "seats": seats,
            "table_options": {"reaction_window_ms": 0, "bot_delay_ms": args.bot_delay_ms},
        }
        try:
            created = (await http.post("/api/tables", json=body)).json()
            tokens = {created["seat"]: created["token"]}
            for _ in range(humans - 1):
                joined = (await http.post("/api/join", json={"code": created["invite_code"]})).json()
                tokens[joined["seat"]] = joined["token"]
        except (httpx.HTTPError, KeyError, ValueError):
            tally.errors["create_table"] = tally.errors.get("create_table", 0) + 1
            await asyncio.sleep(1.0)
            continue
        log = TableLog(created["table"]["id"], game.id, sorted(tokens))
        logs.append(log)
        clients = [
            SeatClient(args, ws_url, log, seat, token, random.Random(rng.random()), tally, stop)
            for seat, token in tokens.items()
        ]
        await asyncio.gather(*(c.run() for c in clients), return_exceptions=True)
        if log.finished and tally.measuring:
            tally.matches += 1


# -- the server process ------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db_url: str, log_path: Path, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    with log_path.open("ab") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tapete.server",
                "--port",
                str(port),
                "--db-url",
                db_url,
                "--log-level",
                "warning",
                "--rate-per-s",
                "1000",
                "--rate-burst",
                "1000",
                "--finished-ttl",
                "5",
                "--max-tables-per-address",
                "1000000",
                "--tables-per-minute",
                "1e9",
                "--joins-per-minute",
                "1e9",
                "--max-connections-per-address",
                "1000000",  # every socket comes from this machine's address
                "--disconnect-grace",
                "1",
                "--outbox-limit",
                "100000",
                *extra,
            ],
            stdout=out,
            stderr=out,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(url, proc)
    except SystemExit:
        proc.kill()
        raise SystemExit(f"the server did not start; see {log_path}") from None
    return proc, url


def wait_for(url: str, proc: subprocess.Popen[bytes] | None = None, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise SystemExit("the server process ended")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return
        time.sleep(0.1)
    raise SystemExit(f"no server answers at {url}")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# -- checking the records ----------------------------------------------------------------------
@dataclass
class Verdict:
    tables: int = 0
    accepted: int = 0
    recorded: int = 0
    lost: int = 0
    duplicated: int = 0
    diverged: int = 0
    examples: list[str] = field(default_factory=list)

    def problem(self, kind: str, text: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.examples) < 10:
            self.examples.append(f"{kind}: {text}")


async def verify(db_url: str, logs: list[TableLog]) -> Verdict:
    store = Store(async_db_url(db_url))
    verdict = Verdict()
    try:
        for log in logs:
            row = await store.load(log.id)
            if row is None:
                verdict.problem("lost", f"table {log.id}: no record at all")
                continue
            verdict.tables += 1
            verdict.recorded += len(row.actions)
            check_table(log, row.actions, verdict)
            check_views(log, row.game, row.num_players, row.seed, row.options, row.actions, verdict)
    finally:
        await store.close()
    return verdict


def check_table(log: TableLog, record: list[tuple[int, int]], verdict: Verdict) -> None:
    for slot, entries in log.accepted.items():
        verdict.accepted += len(entries)
        if len(entries) > 1:
            verdict.problem("duplicated", f"table {log.id}: {len(entries)} actions accepted as version {slot + 1}")
        for seat, index, seq in entries:
            if slot >= len(record) or record[slot] != (seat, index):
                found = record[slot] if slot < len(record) else None
                verdict.problem(
                    "lost",
                    f"table {log.id}: seat {seat}'s action {index} (seq {seq}) accepted as "
                    f"version {slot + 1}, record has {found}",
                )
    for message in log.unexpected:
        verdict.problem("duplicated", f"table {log.id}: an acceptance of nothing in flight: {message}")
    for (seat, seq), times in log.accepted_seqs.items():
        if times > 1:
            verdict.problem("duplicated", f"table {log.id}: seat {seat}'s seq {seq} accepted {times} times")
    for sent, answer in log.resent:
        # the first sending counted if the record holds it at the version it was decided on
        first_counted = sent.version < len(record) and record[sent.version] == (sent.seat, sent.index)
        if answer["type"] == "accepted" and first_counted and answer["version"] - 1 != sent.version:
            verdict.problem("duplicated", f"table {log.id}: seat {sent.seat}'s resent action counted twice")


def check_views(
    log: TableLog,
    game_id: str,
    num_players: int,
    seed: int,
    options: dict[str, Any],
    record: list[tuple[int, int]],
    verdict: Verdict,
) -> None:
    """The last view each client seat got is the view the record replays to at that version."""
    wanted: dict[int, set[int]] = {}
    for seat, (version, _view) in log.last_view.items():
        wanted.setdefault(version, set()).add(seat)
    if not wanted:
        return
    game = get_game(game_id)
    state = game.new_match(num_players, seed, options)
    views: dict[tuple[int, int], Any] = {}
    for version in range(min(max(wanted), len(record)) + 1):
        for seat in wanted.get(version, ()):
            views[version, seat] = orjson.loads(orjson.dumps(state.view(seat)))
        if version < len(record):
            state.apply(*record[version])
    for seat, (version, view) in log.last_view.items():
        if version > len(record):
            verdict.problem("lost", f"table {log.id}: seat {seat} saw version {version}, record has {len(record)}")
        elif views[version, seat] != view:
            verdict.problem("diverged", f"table {log.id}: seat {seat}'s view at version {version} is not the record's")


# -- the run -----------------------------------------------------------------------------------
async def sample_memory(
    pid: int | None,
    samples: list[tuple[float, float]],
    stop: asyncio.Event,
    every: float,
    http: httpx.AsyncClient,
    stories: list[tuple[float, int]],
) -> None:
    """RSS, and the events the tables' stories keep (`log_events`, the memory that grows with matches)."""
    start = time.perf_counter()
    while pid is not None and not stop.is_set():
        with contextlib.suppress(OSError):
            samples.append((time.perf_counter() - start, rss_mb(pid)))
        with contextlib.suppress(httpx.HTTPError, KeyError, ValueError):
            stories.append((time.perf_counter() - start, (await http.get("/api/stats")).json()["log_events"]))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


async def run(args: argparse.Namespace, url: str, pid: int | None, db_url: str) -> dict[str, Any]:
    tally, stop = Tally(), asyncio.Event()
    logs: list[TableLog] = []
    rng = random.Random(args.seed)
    memory: list[tuple[float, float]] = []
    stories: list[tuple[float, int]] = []
    total = args.minutes * 60
    warmup = min(args.warmup, total / 3)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as http:
        sampler = asyncio.create_task(sample_memory(pid, memory, stop, max(1.0, total / 60), http, stories))
        tasks = [
            asyncio.create_task(table_loop(args, http, url.replace("http", "ws"), logs, tally, stop, rng, i))
            for i in range(args.tables)
        ]
        await asyncio.sleep(warmup)
        tally.measuring = True
        await http.get("/api/stats", params={"reset": "true"})
        started = time.perf_counter()
        await asyncio.sleep(total - warmup)
        stats = (await http.get("/api/stats")).json()
        wall = time.perf_counter() - started
        tally.measuring = False
        stop.set()
        _done, late = await asyncio.wait(tasks, timeout=10)
        for task in late:
            task.cancel()
        await asyncio.gather(*tasks, sampler, return_exceptions=True)
    verdict = await verify(db_url, logs)
    result = report(args, tally, stats, wall, memory, warmup, verdict, len(logs))
    result["log_events"] = [[round(t), n] for t, n in stories]
    return result


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def slope_per_min(samples: list[tuple[float, float]]) -> float | None:
    """The least-squares slope of (seconds, MB) samples, in MB per minute."""
    if len(samples) < 3:
        return None
    mean_t = sum(t for t, _ in samples) / len(samples)
    mean_mb = sum(mb for _, mb in samples) / len(samples)
    spread = sum((t - mean_t) ** 2 for t, _ in samples)
    return sum((t - mean_t) * (mb - mean_mb) for t, mb in samples) / spread * 60 if spread else None


def memory_report(memory: list[tuple[float, float]], warmup: float) -> dict[str, Any]:
    """RSS at the end of the warm-up, mid-run and at the end, and whether it is flat over the second half."""
    after = [(t, mb) for t, mb in memory if t >= warmup]
    if len(after) < 2:
        return {
            "rss_start_mb": None,
            "rss_mid_mb": None,
            "rss_end_mb": None,
            "rss_growth_after_warmup_mb": None,
            "rss_growth_second_half_mb_per_min": None,
            "rss_second_half_growth_percent": None,
            "rss_flat": None,
        }
    end_t = after[-1][0]
    half = [(t, mb) for t, mb in after if t >= end_t / 2]
    slope = slope_per_min(half)
    level = sum(mb for _, mb in half) / len(half)
    grown = None if slope is None else slope * (half[-1][0] - half[0][0]) / 60 / level * 100
    mid = min(after, key=lambda s: abs(s[0] - end_t / 2))
    return {
        "rss_start_mb": round(after[0][1], 1),
        "rss_mid_mb": round(mid[1], 1),
        "rss_end_mb": round(after[-1][1], 1),
        "rss_growth_after_warmup_mb": round(after[-1][1] - after[0][1], 1),
        "rss_growth_second_half_mb_per_min": None if slope is None else round(slope, 2),
        "rss_second_half_growth_percent": None if grown is None else round(grown, 2),
        "rss_flat": None if grown is None else grown < FLAT_PERCENT,
    }


def report(
    args: argparse.Namespace,
    tally: Tally,
    stats: dict[str, Any],
    wall: float,
    memory: list[tuple[float, float]],
    warmup: float,
    verdict: Verdict,
    tables: int,
) -> dict[str, Any]:
    lat = [x * 1000 for x in tally.latencies]
    return {
        "tables_at_once": args.tables,
        "tables_played": tables,
        "games": args.games,
        "seconds_measured": round(wall, 1),
        "actions_per_s": round(stats["actions"] / wall, 1),
        "client_actions_per_s": round(len(lat) / wall, 1),
        "matches_finished": tally.matches,
        "disconnects": tally.disconnects,
        "resent_after_reconnect": tally.resends,
        "client_send_to_accept_ms": {
            "p50": round(percentile(lat, 0.5), 2),
            "p99": round(percentile(lat, 0.99), 2),
            "max": round(max(lat, default=0), 2),
            "count": len(lat),
        },
        "server_arrival_to_views_ms": stats["arrival_to_views_ms"],
        "rss_mb": [[round(t), round(mb, 1)] for t, mb in memory],
        **memory_report(memory, warmup),
        "errors": tally.errors,
        "accepted_checked": verdict.accepted,
        "recorded_actions": verdict.recorded,
        "lost": verdict.lost,
        "duplicated": verdict.duplicated,
        "diverged": verdict.diverged,
        "problems": verdict.examples,
        "loadavg": Path("/proc/loadavg").read_text().split()[:3],
    }


def print_report(result: dict[str, Any]) -> None:
    lat, srv = result["client_send_to_accept_ms"], result["server_arrival_to_views_ms"]
    print(
        f"{result['tables_at_once']} tables at once ({result['tables_played']} played) of "
        f"{', '.join(result['games'])}; {result['seconds_measured']} s measured"
    )
    print(
        f"  actions/s applied: {result['actions_per_s']:,.0f} (client seats {result['client_actions_per_s']:,.0f}/s);"
        f" matches finished {result['matches_finished']}; disconnects {result['disconnects']}, "
        f"resent after reconnecting {result['resent_after_reconnect']}"
    )
    print(
        f"  send -> accepted (client): p50 {lat['p50']} ms  p99 {lat['p99']} ms  max {lat['max']} ms  "
        f"(n={lat['count']});  arrival -> views (server): p50 {srv['p50']} ms  p99 {srv['p99']} ms"
    )
    series = "  ".join(f"{t}s:{mb:.0f}" for t, mb in result["rss_mb"][:: max(1, len(result["rss_mb"]) // 12)])
    print(f"  server RSS MB: {series}")
    if result.get("log_events"):
        kept = result["log_events"]
        series = "  ".join(f"{t}s:{n:,}" for t, n in kept[:: max(1, len(kept) // 12)])
        print(f"  events kept in the tables' stories (~400 bytes each): {series}")
    flat = {True: "flat", False: "GROWING", None: "not measured"}[result["rss_flat"]]
    print(
        f"  RSS after warm-up {result['rss_start_mb']} MB, mid-run {result['rss_mid_mb']} MB, end "
        f"{result['rss_end_mb']} MB; second half: {result['rss_growth_second_half_mb_per_min']} MB/min, "
        f"{result['rss_second_half_growth_percent']} % over the half (fit) -> {flat} (under {FLAT_PERCENT:g} %)"
    )
    print(
        f"  records: {result['recorded_actions']} actions stored, {result['accepted_checked']} client acceptances "
        f"checked; lost {result['lost']}, duplicated {result['duplicated']}, diverged {result['diverged']}"
    )
    print(f"  errors answered to client seats: {result['errors']}  (load average {' '.join(result['loadavg'])})")
    for line in result["problems"]:
        print(f"  ! {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds before measuring (memory baseline)")
    parser.add_argument("--games", default="all", help="comma-separated game ids, or all")
    parser.add_argument("--bots", default="random", help="bot level of the other seats")
    parser.add_argument("--bot-delay-ms", type=int, default=250)
    parser.add_argument("--think-ms", default="50,400", help="client seats' think time range (ms)")
    parser.add_argument(
        "--disconnect-every",
        type=float,
        default=20.0,
        help="mean actions between a client seat's disconnections (0 = never)",
    )
    parser.add_argument("--db-url", help="database of the server started here (default: SQLite in a temp folder)")
    parser.add_argument(
        "--url",
        help="an already running server (needs --db-url to check the records; with several "
        "processes, actions/s and memory are of the one answering /api/stats)",
    )
    parser.add_argument("--no-ws-compression", action="store_true", help="start the server without permessage-deflate")
    parser.add_argument("--server-pid", type=int, help="with --url: the server process whose memory to sample")
    parser.add_argument(
        "--server-flags", default="", help='extra flags of the server started here ("--bot-moves-per-turn 8")'
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES or not 0 < args.minutes <= MAX_MINUTES:
        raise SystemExit(f"--tables 1..{MAX_TABLES} and --minutes up to {MAX_MINUTES:g}")
    args.games = list(game_ids()) if args.games == "all" else args.games.split(",")
    args.think = tuple(float(x) for x in args.think_ms.split(","))
    if args.url and not args.db_url:
        raise SystemExit("--url needs --db-url, to read the records")
    with tempfile.TemporaryDirectory() as tmp:
        db_url = args.db_url or f"sqlite:///{Path(tmp) / 'soak.db'}"
        extra = (["--no-ws-compression"] if args.no_ws_compression else []) + args.server_flags.split()
        proc, url = (None, args.url) if args.url else start_server(db_url, Path(tmp) / "server.log", extra)
        wait_for(url)
        try:
            result = asyncio.run(run(args, url, proc.pid if proc else args.server_pid, db_url))
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
    if args.json:
        print(json.dumps(result))
    else:
        print_report(result)
    if result["lost"] or result["duplicated"] or result["diverged"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
