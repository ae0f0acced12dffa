"""This process's CPU for one transaction of the writes beside the actions, on PostgreSQL.

    python bench/bench_pg_writes.py [--db postgresql://...] [--transactions 2000] [--rounds 3]

A table's life writes a few rows beside its actions (made, seated, started,
finished): each batch of them is one transaction. Here a typical one (a
match's status and a seat's name, for one table) is committed in turn:

- `SQLAlchemy`: through SQLAlchemy's async engine (`AsyncWriter`, the
  statements executed by its asyncpg adapter);
- `asyncpg`: as the cluster's writer commits it (`PgWriter`: the same
  statements compiled by SQLAlchemy once, run by asyncpg);
- `asyncpg, fenced`: the same with the lease fence (`FencedWriter`: the
  table's lease row locked first, as with several processes).

Printed per form: this process's CPU and the wall time per transaction (one
at a time, loopback round trips included). The scratch database is made on
the `--db` server (else $TAPETE_CLUSTER_PG) as bench_pg_fence.py makes it,
and dropped at the end. Not a timed test: figures to compare forms in one
sitting.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable

from bench_pg_fence import OWNER, TABLES, drop_scratch, pg_server, scratch

from tapete.server.cluster.leases import ClusterStore
from tapete.server.storage.batch_writers import AsyncWriter, PgWriter, Write
from tapete.server.storage.store import matches, seats


def batch(i: int) -> list[Write]:
    table = f"bench{i % TABLES:06d}"
    return [
        Write(matches, values={"status": "playing", "started_at": time.time()}, where={"id": table}, fence=table),
        Write(
            seats,
            values={"name": f"P{i}", "token_hash": None, "player_id": None},
            where={"match_id": table, "seat": 0},
            fence=table,
        ),
    ]


async def timed(commit: Callable[[list[Write]], Awaitable[None]], count: int) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of this process per transaction."""
    for i in range(200):  # connections open, statements prepared and compiled
        await commit(batch(i))
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for i in range(count):
        await commit(batch(i))
    return (time.process_time() - cpu0) / count, (time.perf_counter() - wall0) / count


async def main(args: argparse.Namespace) -> None:
    server = pg_server(args.db)
    name = f"tapete_writes_{secrets.token_hex(4)}"
    url = await scratch(server, name, with_key=True)
    store = ClusterStore(url.replace("postgresql://", "postgresql+asyncpg://", 1), OWNER, 60.0)
    store.leases.held = {f"bench{i:06d}" for i in range(TABLES)}
    forms = [
        ("SQLAlchemy", AsyncWriter(store.engine)),
        ("asyncpg", PgWriter(store.engine)),
        ("asyncpg, fenced", store._writer_impl),
    ]
    print(f"one transaction of two updates (a match's status, a seat's name), {args.transactions} per form")
    try:
        for round_ in range(1, args.rounds + 1):
            for form, writer in forms:
                cpu, wall = await timed(writer.commit, args.transactions)
                print(f"  round {round_}  {form:16} CPU {cpu * 1e6:6.1f} µs   wall {wall * 1e6:7.1f} µs a transaction")
    finally:
        for _, writer in forms:
            await writer.close()
        await store.close()
        await drop_scratch(server, name)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="a PostgreSQL server (postgresql://...); else $TAPETE_CLUSTER_PG")
    parser.add_argument("--transactions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
