"""The server's CPU per action at a person's table, in process: runner, presenter, store.

    python bench/bench_presenter.py [--game bacan] [--tables 40] [--actions 4000]
                                    [--langs es,en,es,en] [--spectators 0] [--no-texts]
                                    [--seed 1] [--profile out.prof] [--json]

Tables of four people (every seat a person, no bots), each person's socket
in the language `--langs` gives its seat, are created in this process on a
real store (SQLite in a temporary directory) and played by random legal
moves, one per table at a time, the way the server plays them: each move is
a `Submit` in its runner's queue, written, applied and told to every socket
(sockets are real `Connection`s whose pump writes to a sink). The deals and
the moves follow from `--seed`, so two checkouts run the same matches and
their figures compare.

It prints the CPU time of this process (`time.process_time`, which counts
only this process's own work, so the other programs on a shared machine
change it far less than wall time) per applied action, and the share of it
spent in the presenter's `broadcast` (every socket's state built, encoded and
queued) with `--split`. A finished match is replaced by a new table. Not a timed test: a
figure to compare checkouts, measured in one sitting.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import itertools
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from tapete.server.ops.stats import Stats
from tapete.server.settings import ServerSettings, async_db_url
from tapete.server.storage.store import Store
from tapete.server.table import registry as tables_module
from tapete.server.table.connection import Connection
from tapete.server.table.inbox import Dismiss, Submit
from tapete.server.table.presenter import Presenter
from tapete.server.table.registry import SeatSpec, TableRegistry
from tapete.server.table.runner import TableRunner


class Sink:
    """A socket that takes every message at once; it wakes whoever waits for a seat's answer."""

    def __init__(self) -> None:
        self.waiter: asyncio.Future[None] | None = None

    async def send_text(self, data: str) -> None:
        if (
            self.waiter is not None
            and not self.waiter.done()
            and data.startswith(('{"type":"accepted"', '{"type":"error"'))
        ):
            self.waiter.set_result(None)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


class Table:
    """One table of people: its runner and each seat's socket."""

    def __init__(self, runner: TableRunner, conns: list[Connection], sinks: list[Sink]) -> None:
        self.runner, self.conns, self.sinks = runner, conns, sinks
        self.seq = 0


class Harness:
    def __init__(self, args: argparse.Namespace, tables: TableRegistry) -> None:
        self.args = args
        self.tables = tables
        self.rng = random.Random(args.seed)
        self.langs = args.langs.split(",")
        self.pumps: list[asyncio.Task[None]] = []
        self.broadcast_cpu = 0.0
        self.opened = 0

    async def open_table(self) -> Table:
        args = self.args
        runner = await self.tables.create(
            args.game,
            {},
            [SeatSpec("human")] * len(self.langs),
            {"reaction_window_ms": 0, "result_pause_seconds": 0},
            False,
        )
        self.opened += 1  # every table its own names, as people have: each reader of a sentence differs
        tokens = [(await runner.join(seat, f"P{self.opened}-{seat}"))[1] for seat in range(len(self.langs))]
        conns, sinks = [], []
        for seat_token, lang in [
            *zip(tokens, self.langs, strict=True),
            *((None, self.langs[i % len(self.langs)]) for i in range(args.spectators)),
        ]:
            sink = Sink()
            conn = Connection(sink, outbox_limit=10_000)
            conn.lang, conn.texts = lang, not args.no_texts
            conn.address = f"reader-{len(conns)}"  # each its own client (a table takes 20 spectators of one)
            self.pumps.append(asyncio.create_task(conn.pump()))
            await runner.attach(conn, seat_token)
            conns.append(conn)
            sinks.append(sink)
        return Table(runner, conns, sinks)

    async def move(self, table: Table) -> bool:
        """One person's random legal move at `table`, answered; False once the match is over."""
        runner = table.runner
        state = runner.state
        if runner.status != "playing" or state.is_terminal():
            return False
        if runner.core.paused(time.monotonic()):
            for conn in table.conns[: len(self.langs)]:
                runner.post(Dismiss(conn))
            await asyncio.sleep(0)
            return True
        required = list(state.required_actors()) or list(state.actors())
        seat = self.rng.choice(sorted(required))
        action = self.rng.choice(list(state.legal_actions(seat)))
        table.seq += 1
        sink = table.sinks[seat]
        sink.waiter = asyncio.get_running_loop().create_future()
        runner.post(Submit(table.conns[seat], table.seq, runner.version, {"index": action}, seat, time.perf_counter()))
        await sink.waiter
        return True

    async def run(self) -> dict[str, Any]:
        args = self.args
        live = [await self.open_table() for _ in range(args.tables)]
        await asyncio.sleep(0.05)
        stats = self.tables.stats
        start_actions = stats.actions
        if args.split:
            self._time_broadcasts()
        profiler = cProfile.Profile() if args.profile else None
        cpu0, wall0 = time.process_time(), time.perf_counter()
        if profiler is not None:
            profiler.enable()
        while stats.actions - start_actions < args.actions:
            results = await asyncio.gather(*(self.move(t) for t in live))
            for i, going in enumerate(results):
                if not going:
                    live[i] = await self.open_table()
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        actions = stats.actions - start_actions
        return {
            "game": args.game,
            "tables": args.tables,
            "sockets_per_table": len(self.langs) + args.spectators,
            "langs": args.langs,
            "texts": not args.no_texts,
            "actions": actions,
            "cpu_us_per_action": round(cpu / actions * 1e6, 1),
            "broadcast_us_per_action": round(self.broadcast_cpu / actions * 1e6, 1) if args.split else None,
            "wall_s": round(wall, 2),
        }

    def _time_broadcasts(self) -> None:
        """Count the CPU spent in `Presenter.broadcast` (this process's presenters only)."""
        original = Presenter.broadcast
        harness = self

        def timed(presenter: Presenter, *a: Any, **kw: Any) -> None:
            began = time.process_time()
            try:
                original(presenter, *a, **kw)
            finally:
                harness.broadcast_cpu += time.process_time() - began

        Presenter.broadcast = timed  # type: ignore[method-assign]


async def main(args: argparse.Namespace) -> dict[str, Any]:
    seeds = itertools.count(args.seed * 1_000_003)
    tables_module.new_match_seed = lambda: next(seeds)  # the same deals in every checkout
    with tempfile.TemporaryDirectory() as tmp:
        settings = ServerSettings(db_url=f"sqlite:///{Path(tmp) / 'bench.db'}", max_tables_per_address=1_000_000)
        store = Store(async_db_url(settings.db_url))
        await store.open()
        tables = TableRegistry(store, settings, Stats())
        harness = Harness(args, tables)
        try:
            return await harness.run()
        finally:
            await tables.close()
            for pump in harness.pumps:
                pump.cancel()
            await store.close()


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bacan")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--actions", type=int, default=4000, help="actions to apply while measuring")
    parser.add_argument("--langs", default="es,en,es,en", help="each seat's socket language (one seat each)")
    parser.add_argument("--spectators", type=int, default=0, help="spectator sockets per table")
    parser.add_argument("--no-texts", action="store_true", help="sockets ask for no sentences with legal moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--split", action="store_true", help="also time the presenter's broadcasts apart (costs a little CPU itself)"
    )
    parser.add_argument("--profile", help="write a cProfile of the measured part here")
    parser.add_argument("--json", action="store_true")
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse_args()
    result = asyncio.run(main(arguments))
    if arguments.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['game']}: {result['tables']} tables x {result['sockets_per_table']} sockets "
            f"({result['langs']}, texts {'on' if result['texts'] else 'off'}): {result['actions']} actions, "
            f"{result['cpu_us_per_action']} µs CPU per action"
            + (f", of which broadcast {result['broadcast_us_per_action']} µs" if arguments.split else "")
            + f" ({result['wall_s']} s wall)"
        )
