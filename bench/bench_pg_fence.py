"""What PostgreSQL spends on a batch of actions: the fence, the foreign key, the statement.

    python bench/bench_pg_fence.py [--db postgresql://...] [--batch 4] [--batches 10000] [--rounds 3]

A scratch database is made on the `--db` server (else $TAPETE_CLUSTER_PG),
brought to the project's schema (its migrations and the lease table, as a
cluster process opens it), with 200 matches and this process's leases on
them, and dropped at the end. Then batches of `--batch` actions (each of
another table, as the store's batches are) are written as the cluster
writes them, one statement committing itself, in four forms, `--rounds`
times in turn:

- `fenced`: the cluster's statement (`leases.FENCED_INSERT_ACTIONS`: the
  batch's leases locked FOR KEY SHARE, the inserts of the tables still held);
- `fenced, no FK`: the same, with the actions' foreign key to their match
  dropped (what the key's check costs);
- `plain` and `plain, no FK`: the single process's insert
  (`batch_writers.INSERT_ACTIONS`), without the fence.

Printed per form: wall time per batch (loopback round trip included) and
the CPU of the PostgreSQL backend that ran them per batch and per action
(read from /proc, so only for a server on this machine). Not a timed test:
figures to compare forms, measured in one sitting.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import time
from pathlib import Path
from typing import Any

import asyncpg

from tapete.server.cluster.leases import FENCED_INSERT_ACTIONS, ClusterStore
from tapete.server.storage.batch_writers import INSERT_ACTIONS

TABLES = 200
OWNER = "bench-owner"
FORMS = [("fenced", True), ("fenced, no FK", True), ("plain", False), ("plain, no FK", False)]


def backend_cpu(pid: int) -> float | None:
    """Seconds of CPU of a PostgreSQL backend on this machine (None if it is not here)."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        return None
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def scratch(server: str, name: str, with_key: bool) -> str:
    """A fresh database `name` at the project's schema, with the matches and leases the batches need."""
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    url = server.rsplit("/", 1)[0] + "/" + name
    store = ClusterStore(url.replace("postgresql://", "postgresql+asyncpg://", 1), OWNER, 60.0)
    await store.open()
    await store.close()
    conn = await asyncpg.connect(url)
    try:
        ids = [f"bench{i:06d}" for i in range(TABLES)]
        await conn.executemany(
            "INSERT INTO matches (id, game, options, table_options, seed, num_players, status, invite_code, public,"
            " created_at, rules_version, rated) VALUES ($1, 'bacan', '{}', '{}', 1, 4, 'playing', $2, false, 0, 1,"
            " false)",
            [(i, secrets.token_hex(4)) for i in ids],
        )
        await conn.executemany(
            "INSERT INTO table_leases (match_id, owner, expires_at) VALUES ($1, $2, 1e12)", [(i, OWNER) for i in ids]
        )
        if not with_key:
            key = await conn.fetchval(
                "SELECT conname FROM pg_constraint WHERE conrelid = 'actions'::regclass AND contype = 'f'"
            )
            await conn.execute(f'ALTER TABLE actions DROP CONSTRAINT "{key}"')
    finally:
        await conn.close()
    return url


async def measure(url: str, fenced: bool, size: int, batches: int) -> tuple[float, float | None]:
    """(wall seconds, backend CPU seconds) per batch of `size` actions."""
    conn = await asyncpg.connect(url)
    try:
        ids = await conn.fetch("SELECT match_id FROM table_leases")
        tables = [r["match_id"] for r in ids]
        next_idx = dict.fromkeys(tables, 0)
        pid = await conn.fetchval("SELECT pg_backend_pid()")

        def columns() -> tuple[list[Any], ...]:
            picked = random.sample(tables, size)
            idx = [next_idx[t] for t in picked]
            for t in picked:
                next_idx[t] += 1
            return picked, idx, [0] * size, [1] * size, [time.time()] * size

        async def write() -> None:
            if fenced:
                await conn.fetch(FENCED_INSERT_ACTIONS, *columns(), OWNER)
            else:
                await conn.execute(INSERT_ACTIONS, *columns())

        for _ in range(200):  # prepared, cached, warm
            await write()
        cpu0, wall0 = backend_cpu(pid), time.perf_counter()
        for _ in range(batches):
            await write()
        cpu1, wall1 = backend_cpu(pid), time.perf_counter()
        cpu = None if cpu0 is None or cpu1 is None else (cpu1 - cpu0) / batches
        return (wall1 - wall0) / batches, cpu
    finally:
        await conn.close()


def pg_server(db: str | None) -> str:
    """The PostgreSQL server to make scratch databases on: `--db`, else $TAPETE_CLUSTER_PG."""
    server = db or os.environ.get("TAPETE_CLUSTER_PG")
    if not server:
        raise SystemExit("--db postgresql://... (or $TAPETE_CLUSTER_PG): a PostgreSQL server for a scratch database")
    return server


async def drop_scratch(server: str, name: str) -> None:
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()


async def main(args: argparse.Namespace) -> None:
    server = pg_server(args.db)
    name = f"tapete_fence_{secrets.token_hex(4)}"
    print(f"batches of {args.batch} actions, {args.batches} per form, {args.rounds} round(s); PostgreSQL backend CPU")
    try:
        for round_ in range(1, args.rounds + 1):
            for form, fenced in FORMS:
                url = await scratch(server, name, with_key="no FK" not in form)
                wall, cpu = await measure(url, fenced, args.batch, args.batches)
                cpu_text = (
                    "n/a (not on this machine)"
                    if cpu is None
                    else (f"{cpu * 1e6:6.1f} µs a batch, {cpu * 1e6 / args.batch:5.1f} µs an action")
                )
                print(f"  round {round_}  {form:14}  wall {wall * 1e6:6.1f} µs a batch   CPU {cpu_text}")
    finally:
        await drop_scratch(server, name)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="PostgreSQL server (a scratch database is made there)")
    parser.add_argument("--batch", type=int, default=4, help="actions a batch (the store's mean: 3.5-4.5)")
    parser.add_argument("--batches", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
