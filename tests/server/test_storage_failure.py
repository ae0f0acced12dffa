"""A move whose write fails: refused and not applied; but one the database committed before the
answer was lost counts, and a table never stays stuck behind an action its record holds."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from tapete.server.settings import ServerSettings
from tapete.server.storage.store import Store
from tapete.server.table.connection import Connection
from tapete.server.table.inbox import Submit
from tapete.server.table.registry import SeatSpec, TableRegistry
from tapete.server.table.runner import TableRunner

PUMPS: set[asyncio.Task[None]] = set()  # the sockets' writers, kept while they run


class Sink:
    """A socket that keeps every message it is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send_text(self, data: str) -> None:
        self.messages.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


async def seated(tmp_path: Path) -> tuple[Store, TableRegistry, TableRunner, list[Connection], list[Sink]]:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tapete.db'}")
    await store.open()
    tables = TableRegistry(store, ServerSettings())
    runner = await tables.create("wanted", {}, [SeatSpec("human")] * 2, {"reaction_window_ms": 0}, False)
    conns, sinks = [], []
    for seat in range(2):
        _, token = await runner.join(seat, f"P{seat}")
        sink = Sink()
        conn = Connection(sink, outbox_limit=1000)
        pump = asyncio.create_task(conn.pump())
        PUMPS.add(pump)
        pump.add_done_callback(PUMPS.discard)
        await runner.attach(conn, token)
        conns.append(conn)
        sinks.append(sink)
    return store, tables, runner, conns, sinks


async def answer(runner: TableRunner, conn: Connection, sink: Sink, seq: int) -> dict[str, Any]:
    """Submit a legal move of the connection's seat and wait for its answer (accepted or error)."""
    seat = conn.seat
    assert seat is not None
    action = next(iter(runner.state.legal_actions(seat)))
    runner.post(Submit(conn, seq, runner.version, {"index": action}, seat, time.perf_counter()))
    for _ in range(200):
        await asyncio.sleep(0.01)
        for message in sink.messages:
            if message["type"] in ("accepted", "error") and message.get("seq") == seq:
                return message
    raise AssertionError("no answer")


def acting(runner: TableRunner, conns: list[Connection]) -> int:
    return next(i for i, conn in enumerate(conns) if conn.seat in set(runner.state.actors()))


async def committed_but_answer_lost(tmp_path: Path) -> None:
    store, tables, runner, conns, sinks = await seated(tmp_path)
    try:
        real = store.append_action

        async def lost_answer(*args: Any) -> None:
            await real(*args)
            raise ConnectionResetError("the connection died after the commit")

        store.append_action = lost_answer  # type: ignore[method-assign]
        version = runner.version
        who = acting(runner, conns)
        reply = await answer(runner, conns[who], sinks[who], 1)
        assert reply["type"] == "accepted" and runner.version == version + 1
        store.append_action = real  # type: ignore[method-assign]
        loaded = await store.load(runner.id)
        assert loaded is not None and len(loaded.actions) == runner.version
    finally:
        await tables.close()
        await store.close()


def test_a_move_committed_before_its_answer_was_lost_counts(tmp_path: Path) -> None:
    asyncio.run(committed_but_answer_lost(tmp_path))


async def failed_then_recorded(tmp_path: Path) -> None:
    store, tables, runner, conns, sinks = await seated(tmp_path)
    try:
        real = store.append_action

        async def down(*args: Any) -> None:
            raise ConnectionRefusedError("the database is down")

        store.append_action = down  # type: ignore[method-assign]
        version = runner.version
        who = acting(runner, conns)
        reply = await answer(runner, conns[who], sinks[who], 1)
        assert reply["type"] == "error" and reply["code"] == "storage_error"
        assert runner.version == version  # not applied
        store.append_action = real  # type: ignore[method-assign]

        # An earlier write whose answer was lost and whose check could not read the record: the
        # record holds an action at this version that the table has not applied.
        seat = conns[who].seat
        assert seat is not None
        recorded = sorted(runner.state.legal_actions(seat))[-1]
        await store.append_action(runner.id, version, seat, recorded, time.time())
        reply = await answer(runner, conns[who], sinks[who], 2)
        assert reply["type"] == "error" and reply["code"] == "storage_error"  # this one: try again
        assert runner.version == version + 1  # the recorded one caught up, told to everyone
        assert all(any(m["type"] == "state" and m["version"] == version + 1 for m in sink.messages) for sink in sinks)
        who = acting(runner, conns)
        reply = await answer(runner, conns[who], sinks[who], 3)
        assert reply["type"] == "accepted"  # not stuck
        loaded = await store.load(runner.id)
        assert loaded is not None and len(loaded.actions) == runner.version
        assert loaded.actions[version] == (seat, recorded)
    finally:
        await tables.close()
        await store.close()


def test_a_failed_write_is_refused_and_a_recorded_one_catches_up(tmp_path: Path) -> None:
    asyncio.run(failed_then_recorded(tmp_path))
