"""Load benchmark of the table server: many tables at full speed, over loopback.

    python bench/bench_server.py [--tables 200] [--seconds 30] [--warmup 5]
                                 [--game bacan] [--players 4] [--humans 1] [--bots random]
                                 [--bot-delay-ms 0] [--window-ms 0] [--no-texts] [--no-ws-compression]
                                 [--chat-every 5] [--client-procs K]
                                 [--url http://127.0.0.1:8000] [--json]
                                 [--workers N --db postgresql://... --redis redis://...]

Unless --url is given, a server process is started on a free loopback port
with a fresh SQLite file (WAL), and stopped at the end; with `--workers N`,
N processes on one shared port (as `tapete serve --workers N`) on a fresh
PostgreSQL database (created on the `--db` server, dropped at the end) and
Redis, each with an address of its own for its /api/stats. The client is
`--client-procs` processes (bench/bench_client.py; by default one per ~250
remote sockets, at most one per core), each owning a share of the tables,
whose samples this process merges: each table has `--humans` seats played from there over WebSockets
(uniformly random legal moves, sent the moment the seat may act) and the
other seats are bots inside the server; no thinking delay, no reaction
window. When a match ends its table is replaced, so `--tables` matches run
at every moment. With `--chat-every N`, each table's remote seats also send
one chat line every N seconds (each table at its own phase), which every
socket of the table receives: the cost of chat to play shows as the
difference in send -> view between a run with and one without.

Printed: actions per second applied by the server (bots' and remote
seats'), and the time from sending an action to receiving the view that
shows it (client-measured, loopback both ways), beside the server's own
arrival-to-views figure from /api/stats; the CPU of the server and of each
client process (a warning when one passes 80% of a core: it would time its
own loop), each client loop's lateness, and a WebSocket ping's round trip
(both loops and the kernel with no work of the server's in it), and each
client process's CPU per WebSocket message it received in the window (what
the client costs the machine per unit of the server's output). The warm-up
starts once every table plays (opening 200 tables can take seconds).

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
import json
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import servers as procs
import sittings
from bench_client import LAG_EVERY, ClientPool, default_client_procs

CLIENT_BUSY_PCT = 80  # a client process busier than this (% of a core) times its own loop's turns


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def server_stats(
    http: httpx.Client, urls: list[str], headers: dict[str, str], reset: bool = False
) -> list[dict[str, Any]]:
    params = {"reset": "true"} if reset else {}
    found = []
    for url in urls:
        answer = http.get(f"{url}/api/stats", params=params, headers=headers)
        answer.raise_for_status()
        found.append(answer.json())
    return found


def server_p99(result: dict[str, Any]) -> float | None:
    """The servers' arrival -> views p99 (the worst process's, with several)."""
    found = [own["p99"] for own in result["server_arrival_to_views_ms"] if own["p99"] is not None]
    return max(found) if found else None


def merged_stale(stats: list[dict[str, Any]]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for one in stats:
        total.update(one.get("stale", {}))
    return dict(total)


def run(
    args: argparse.Namespace,
    url: str,
    own_urls: list[str],
    headers: dict[str, str],
    pids: list[int],
    find_others: Callable[[], dict[str, list[int]]],
) -> dict[str, Any]:
    pool = ClientPool(args, url)  # the client processes open their tables, then say they are ready
    try:
        with httpx.Client(timeout=60) as http:
            start = time.time() + args.warmup
            pool.open_window(start, start + args.seconds)
            time.sleep(max(0.0, start - time.time()))
            extra_pids = find_others()  # the database's backends, once all are open
            before = server_stats(http, own_urls, headers, reset=bool(headers))
            cpu0 = [procs.cpu_seconds(pid) for pid in pids]
            extra0 = {name: procs.cpu_of(group) for name, group in extra_pids.items()}
            wall0 = time.perf_counter()
            wait0 = sum(procs.cpu_wait_seconds(pid) for pid in pids)
            profilers = (
                [
                    subprocess.Popen(
                        [
                            procs.PY_SPY,
                            "record",
                            "--pid",
                            str(pid),
                            "--duration",
                            str(int(args.seconds)),
                            "--rate",
                            "200",
                            "--nonblocking",
                            "--format",
                            "raw",
                            "--output",
                            f"{args.profile}.{i}.txt",
                        ],
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                    for i, pid in enumerate(pids)
                ]
                if args.profile
                else []
            )
            time.sleep(max(0.0, start + args.seconds - time.time()))
            after = server_stats(http, own_urls, headers)
            cpu1 = [procs.cpu_seconds(pid) for pid in pids]
            extra1 = {name: procs.cpu_of(group) for name, group in extra_pids.items()}
            wall1 = time.perf_counter()
            wait1 = sum(procs.cpu_wait_seconds(pid) for pid in pids)
            rss = [procs.rss_mb(pid) for pid in pids]
            client_rss = [procs.rss_mb(pid) for pid in pool.pids]
            clients = pool.results()
            for profiler in profilers:
                profiler.wait(60)
    finally:
        pool.stop()
    wall = wall1 - wall0
    lat = [x * 1000 for one in clients for x in one["latencies"]]
    pings = [x * 1000 for one in clients for x in one["pings"]]
    answered = [x * 1000 for one in clients for x in one["answered"]]
    errors: Counter[str] = Counter()
    for one in clients:
        errors.update(one["errors"])
    client_cpu = [round(100 * one["cpu_s"] / one["wall_s"], 1) for one in clients]

    def summed(key: str) -> int:
        return sum(one[key] for one in clients)

    # counted as differences, so that the figures hold even when the counters could not be reset
    actions = [a["actions"] - (0 if headers else b["actions"]) for a, b in zip(after, before, strict=True)]
    total = max(1, sum(actions))
    cpu = [c1 - c0 for c0, c1 in zip(cpu0, cpu1, strict=True)]
    per_process = [
        {
            "actions_per_s": round(n / wall, 1),
            "cpu_pct": round(100 * c / wall, 1),
            "cpu_us_per_cluster_action": round(1e6 * c / total, 1),
            "rss_mb": round(r, 1),
            "tables": one["tables"],
            "sockets": one["sockets"],
            "stages_ms": one.get("stages_ms"),
            "write_batches": one.get("write_batches"),
            "stale": one.get("stale"),
            "loop_lag_ms": one.get("loop_lag_ms"),
            "gc": one.get("gc"),
            "sockets_handed": one.get("sockets_handed"),
            "sockets_relayed": one.get("sockets_relayed"),
        }
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
        "client_latencies_ms": lat,  # every sample (for the sittings' pooled figures; not printed)
        "tables_playing": sum(one["tables"]["playing"] for one in after),
        "actions_per_s": round(sum(actions) / wall, 1),
        "remote_actions_per_s": round(len(lat) / wall, 1),
        "remote_actions_sent": summed("sent"),
        "matches_finished": summed("matches"),
        "reconnects": summed("reconnects"),
        "tables_failed": summed("failures"),
        "client_send_to_view_ms": {
            "p50": round(percentile(lat, 0.5), 2),
            "p90": round(percentile(lat, 0.9), 2),
            "p99": round(percentile(lat, 0.99), 2),
            "max": round(max(lat, default=0), 2),
            "count": len(lat),
        },
        "server_arrival_to_views_ms": [one["arrival_to_views_ms"] for one in after],
        # send -> the `accepted` answer (sent once the action is written, before the views are built)
        "client_send_to_accepted_ms": {
            "p50": round(percentile(answered, 0.5), 2),
            "p99": round(percentile(answered, 0.99), 2),
            "count": len(answered),
        },
        "errors": dict(errors),
        "chat_every_s": args.chat_every,
        "chat_lines_sent": summed("chat_sent"),
        "chat_lines_heard": summed("chat_heard"),
        "stale_by_reason": merged_stale(after),
        "cpu_server_pct": round(100 * sum(cpu) / wall, 1),
        # CPU time per applied action: the figure that holds when other work shares the cores
        "server_cpu_us_per_action": round(1e6 * sum(cpu) / total, 1),
        "other_cpu_us_per_action": {name: round(1e6 * (extra1[name] - extra0[name]) / total, 1) for name in extra0},
        "cpu_client_pct": round(sum(client_cpu), 1),  # all client processes together
        "client_procs": len(clients),
        "cpu_client_pct_per_process": client_cpu,  # near 100: that client measures its own waiting
        # each client process's CPU in the window per WebSocket message it received (states, answers, chat)
        "client_messages_per_s": [round(one["received"] / one["wall_s"], 1) for one in clients],
        "client_cpu_us_per_message": [round(1e6 * one["cpu_s"] / max(1, one["received"]), 1) for one in clients],
        "client_rss_mb": [round(r, 1) for r in client_rss],
        "client_tables_per_process": [one["tables"] for one in clients],
        "client_open_s": pool.open_seconds,  # the time the clients took to open every table
        # how late each client process's loop woke a sleep of LAG_EVERY: its own share of send -> view
        "client_loop_lag_ms": [
            {
                "p50": round(percentile(one["lags"], 0.5) * 1000, 2),
                "p99": round(percentile(one["lags"], 0.99) * 1000, 2),
            }
            for one in clients
        ],
        # a WebSocket ping's round trip to the server (no work of the server's in it): both loops' turns
        "ping_rtt_ms": {
            "p50": round(percentile(pings, 0.5), 2),
            "p99": round(percentile(pings, 0.99), 2),
            "count": len(pings),
        },
        "server_waiting_for_cpu_pct": round(100 * (wait1 - wait0) / wall, 1),
        "per_process": per_process,
        # the servers' counters were reset this late after the window opened (a busy server answers late):
        # their figures then cover that much less time than the client's
        "server_reset_late_s": [round(one["since"] - start, 2) for one in after] if headers else None,
        "loadavg": Path("/proc/loadavg").read_text().split()[:3],
    }


def report(result: dict[str, Any], args: argparse.Namespace) -> None:
    lat = result["client_send_to_view_ms"]
    print(
        f"{result['server']}: {result['tables']} tables of {args.game} ({args.humans} remote seat(s) + "
        f"{args.players - args.humans} {args.bots} bot(s); bot delay {args.bot_delay_ms} ms, "
        f"window {args.window_ms} ms; texts {'off' if args.no_texts else 'on'}, "
        f"compression {'off' if args.no_ws_compression else 'on'}), {result['seconds']} s measured"
    )
    print(
        f"  actions/s applied by the server: {result['actions_per_s']:,.0f} "
        f"(remote seats: {result['remote_actions_per_s']:,.0f}/s); matches finished: {result['matches_finished']}; "
        f"sockets reconnected (table moved): {result['reconnects']}; tables failed: {result['tables_failed']}"
    )
    print(
        f"  send -> view (client):    p50 {lat['p50']} ms  p90 {lat['p90']} ms  p99 {lat['p99']} ms  "
        f"max {lat['max']} ms  (n={lat['count']})"
    )
    for i, own in enumerate(result["server_arrival_to_views_ms"]):
        print(
            f"  arrival -> views (server process {i}): p50 {own['p50']} ms  p90 {own['p90']} ms  "
            f"p99 {own['p99']} ms  max {own['max']} ms  (n={own['count']})"
        )
    print(
        f"  p99 side by side: client {lat['p99']} ms, server {server_p99(result)} ms "
        f"({result['client_procs']} client process(es), tables opened in {result['client_open_s']} s)"
    )
    answered = result["client_send_to_accepted_ms"]
    print(
        f"  send -> accepted (client; the answer once written, before the views): p50 {answered['p50']} ms  "
        f"p99 {answered['p99']} ms"
    )
    ping = result["ping_rtt_ms"]
    print(
        f"  WebSocket ping -> pong (both loops and the kernel, no server work): p50 {ping['p50']} ms  "
        f"p99 {ping['p99']} ms (n={ping['count']})"
    )
    lags = ", ".join(f"p50 {lag['p50']} / p99 {lag['p99']} ms" for lag in result["client_loop_lag_ms"])
    print(f"  client loop lag (a {1000 * LAG_EVERY:g} ms sleep woken late, per process): {lags}")
    print(
        f"  CPU: server {result['cpu_server_pct']}% (and {result['server_waiting_for_cpu_pct']}% runnable but "
        f"waiting for a core)  client {result['cpu_client_pct']}% (per process: "
        f"{', '.join(f'{c}%' for c in result['cpu_client_pct_per_process'])}; RSS "
        f"{', '.join(f'{r} MB' for r in result['client_rss_mb'])}; CPU per message received "
        f"{', '.join(f'{us} µs' for us in result['client_cpu_us_per_message'])} at "
        f"{', '.join(f'{m:,.0f}' for m in result['client_messages_per_s'])} messages/s)  "
        f"load average {' '.join(result['loadavg'])}"
    )
    busy = [c for c in result["cpu_client_pct_per_process"] if c > CLIENT_BUSY_PCT]
    if busy:
        print(
            f"  WARNING: a client process used {max(busy)}% of a core (> {CLIENT_BUSY_PCT}%): the client may be "
            f"measuring its own waiting; give it more --client-procs"
        )
    late = result["server_reset_late_s"]
    if late and max(late) > 1:
        print(
            f"  note: the servers' counters were reset {max(late)} s into the window (a busy server answered "
            f"late): their figures cover that much less time"
        )
    others = "  ".join(f"{k} {v} µs" for k, v in result["other_cpu_us_per_action"].items())
    print(f"  server CPU per applied action: {result['server_cpu_us_per_action']} µs  {others}")
    sent = max(1, result["remote_actions_sent"])
    stale = result["stale_by_reason"]
    print(
        f"  answers to the remote seats: {result['errors']} of {result['remote_actions_sent']} sent; stale by "
        f"reason: {stale} (late: {100 * stale.get('late', 0) / sent:.2f}%, race: "
        f"{100 * stale.get('race', 0) / sent:.2f}% of the remote actions)"
    )
    for i, one in enumerate(result["per_process"]):
        stages = one["stages_ms"] or {}
        shown = "  ".join(f"{name} p50 {v['p50']} p99 {v['p99']}" for name, v in stages.items() if v["count"])
        batches = one["write_batches"] or {}
        print(
            f"  process {i}: {one['actions_per_s']:,.0f} actions/s, CPU {one['cpu_pct']}% "
            f"({one['cpu_us_per_cluster_action']} µs per action of all), RSS {one['rss_mb']} MB, "
            f"{one['tables']['playing']} tables playing, {one['sockets']} sockets"
        )
        print(f"    stages (ms): {shown}")
        print(f"    write batches: {batches}")
        lag, gcs = one.get("loop_lag_ms") or {}, one.get("gc") or []
        if lag:
            print(
                f"    loop lateness (ms): p50 {lag['p50']} p99 {lag['p99']} max {lag['max']}; collections: "
                + ", ".join(
                    f"gen {g['generation']} {g['count']}x {g['total_ms']:.0f} ms (max {g['max_ms']:.1f}, "
                    f"{g.get('collected', 0):,} freed)"
                    for g in gcs
                )
            )
        if one.get("sockets_handed") or one.get("sockets_relayed"):
            print(f"    sockets handed: {one.get('sockets_handed')}; relayed: {one.get('sockets_relayed')}")
    if args.chat_every > 0:
        print(
            f"  chat: a line per table every {args.chat_every:g} s; {result['chat_lines_sent']} sent, "
            f"{result['chat_lines_heard']} received by the remote seats"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=None, help="measured (30; 20 in --chat-pair/--sitting21)")
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
    parser.add_argument(
        "--chat-every",
        type=float,
        default=0.0,
        help="seconds between chat lines of each table's remote seats (0 = no chat)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--client-procs",
        type=int,
        default=0,
        help="client processes sharing the tables (0: one per ~250 remote sockets, at most one a core)",
    )
    parser.add_argument("--url", help="an already running server (else one is started)")
    parser.add_argument(
        "--workers", type=int, default=0, help="start N processes on PostgreSQL + Redis (0: one process on SQLite)"
    )
    parser.add_argument("--db", help="PostgreSQL server for --workers (a scratch database is made there)")
    parser.add_argument("--redis", help="Redis for --workers")
    parser.add_argument("--server-flags", default="", help='extra server flags ("--bot-moves-per-turn 8")')
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--profile",
        help="sample each server process with py-spy while measuring: "
        "collapsed stacks in PROFILE.<process>.txt (pip install py-spy)",
    )
    parser.add_argument(
        "--chat-pair",
        action="store_true",
        help="issue 17's pair: runs without chat and with a line per table every --chat-every "
        "(5 s if unset) alternately, --pairs times, each on a fresh server; prints the ratios",
    )
    parser.add_argument(
        "--sitting21",
        action="store_true",
        help="issue 21's table: one SQLite process, --workers 1 and --workers 2 on PostgreSQL + "
        "Redis back to back (--db/--redis, else $TAPETE_CLUSTER_PG/$TAPETE_CLUSTER_REDIS)",
    )
    parser.add_argument("--pairs", type=int, default=3, help="--chat-pair: pairs of runs (A B A B ...)")
    parser.add_argument("--rounds", type=int, default=1, help="--sitting21: rounds of the three servers")
    args = parser.parse_args()
    if args.seconds is None:
        args.seconds = 20.0 if args.chat_pair or args.sitting21 else 30.0
    if args.chat_pair:
        sittings.chat_pair(args, one_run)
    elif args.sitting21:
        sittings.sitting21(args, one_run)
    else:
        result = one_run(args)
        result.pop("client_latencies_ms")
        if args.json:
            print(json.dumps(result))
            return
        report(result, args)


def one_run(args: argparse.Namespace) -> dict[str, Any]:
    """One measured run: start the server(s) (unless --url), play, stop; the figures."""
    args.client_procs = args.client_procs or default_client_procs(args.tables * args.humans)
    flags = [
        "--finished-ttl",
        "2",
        *args.server_flags.split(),
        *(["--no-ws-compression"] if args.no_ws_compression else []),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            args.label = args.url
            return run(args, args.url, [args.url], {}, [], dict)
        started = procs.start(args.workers, args.db, args.redis, Path(tmp), flags)
        args.label = started.label
        try:

            def others() -> dict[str, list[int]]:
                if not args.workers:
                    return {}
                return {"postgresql": procs.find_db_pids(started), "redis": procs.redis_pids()}

            return run(args, started.url, started.own_urls, started.headers(), started.pids, others)
        finally:
            started.stop()


if __name__ == "__main__":
    main()
