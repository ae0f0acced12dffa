"""Acceptance: two server processes on one port, clients on both, one killed, play goes on.

Tables are created on each process (each owns its own), and every table has
one human seat connected to its owner and one connected to the other
process, whose messages are relayed through Redis (or, in the `handed` run,
which hands that socket to the owner at once). Mid-match one process is
killed (SIGKILL): its sockets break, the other process takes its tables over
once their leases expire (replaying their records), relayed sockets are told
to reconnect, and the clients come back through the shared port, sending
again any action whose answer was lost. Every table then goes on, and its
stored record is compared with what the clients saw accepted: nothing lost,
nothing counted twice, and the last views are the ones the record replays to.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from tapete.games import game_ids

from .conftest import ROOT, Worker, free_port

pytestmark = [pytest.mark.cluster, pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet")]

LEASE_SECONDS = 2.0
TABLES_PER_PROCESS = 2
BEFORE_KILL = 12  # versions every table reaches before the kill
AFTER_KILL = 15  # and after it


def load_soak() -> ModuleType:
    """The soak benchmark's seat clients and record checks."""
    spec = importlib.util.spec_from_file_location("bench_soak", ROOT / "bench" / "bench_soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_soak"] = module
    spec.loader.exec_module(module)
    return module


soak = load_soak()


async def new_table(owner: Worker, other: Worker) -> tuple[str, dict[int, str]]:
    """A Bacan table created on `owner`; its second human joins through `other` (a relayed request)."""
    body = {
        "game": "bacan",
        "seats": [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "random"}],
        "table_options": {"reaction_window_ms": 0, "bot_delay_ms": 20},
    }
    async with httpx.AsyncClient(timeout=30) as http:
        created = (await http.post(f"{owner.url}/api/tables", json=body)).json()
        joined = await http.post(f"{other.url}/api/join", json={"code": created["invite_code"]})
        assert joined.status_code == 200, joined.text
        info = (await http.get(f"{other.url}/api/tables/{created['table']['id']}")).json()
        assert info["status"] == "playing", info
    return created["table"]["id"], {0: created["token"], 1: joined.json()["token"]}


async def listed_by_both(a: Worker, b: Worker, table_ids: list[str]) -> None:
    """The lobby of either process lists every open table, wherever it is owned."""
    async with httpx.AsyncClient(timeout=30) as http:
        for _ in range(100):
            lists = [{t["id"] for t in (await http.get(f"{w.url}/api/tables")).json()["tables"]} for w in (a, b)]
            if all(set(table_ids) <= listed for listed in lists):
                return
            await asyncio.sleep(0.1)
    raise AssertionError(f"tables missing from a lobby: {table_ids} vs {lists}")


def progress(logs: list[Any]) -> dict[str, Any]:
    return {log.id: (seen(log), log.finished, {s: v for s, (v, _view) in log.last_view.items()}) for log in logs}


def seen(log: Any) -> int:
    return max((version for version, _view in log.last_view.values()), default=0)


async def until(condition: Any, timeout: float, what: Any) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what()}"
        await asyncio.sleep(0.1)


@pytest.mark.parametrize("handoff", [False, True], ids=["relayed", "handed"])
async def test_two_processes_one_killed_no_action_lost(
    database: str, services: tuple[str, str], tmp_path: Path, handoff: bool
) -> None:
    """Relayed: each process relays the other's sockets through Redis (as between machines); handed:
    a socket reaching the process that does not own its table is handed to the owner."""
    port = free_port()
    a, b = (Worker(port, database, services[1], tmp_path / f"{name}.log", LEASE_SECONDS) for name in "ab")
    for worker in (a, b):
        if not handoff:
            worker.command.append("--no-socket-handoff")
    for worker in (a, b):
        worker.start()
    try:
        await asyncio.gather(asyncio.to_thread(a.wait_ready), asyncio.to_thread(b.wait_ready))
        await play_and_kill(a, b, f"ws://127.0.0.1:{port}")
    finally:
        for worker in (a, b):
            worker.stop()


async def play_and_kill(a: Worker, b: Worker, shared: str) -> None:
    args = argparse.Namespace(think=(5.0, 40.0), disconnect_every=0)
    tally, stop, rng = soak.Tally(), asyncio.Event(), random.Random(7)
    logs: list[Any] = []
    owned_by_a: list[str] = []
    clients = []
    for owner, other in [(a, b)] * TABLES_PER_PROCESS + [(b, a)] * TABLES_PER_PROCESS:
        table_id, tokens = await new_table(owner, other)
        log = soak.TableLog(table_id, "bacan", [0, 1])
        logs.append(log)
        if owner is a:
            owned_by_a.append(table_id)
        for seat, worker in ((0, owner), (1, other)):
            clients.append(
                soak.SeatClient(
                    args,
                    worker.url.replace("http", "ws"),
                    log,
                    seat,
                    tokens[seat],
                    random.Random(rng.random()),
                    tally,
                    stop,
                    reconnect_url=shared,
                )
            )
    await listed_by_both(a, b, [log.id for log in logs])
    tasks = [asyncio.create_task(c.run()) for c in clients]
    try:
        await until(
            lambda: all(seen(log) >= BEFORE_KILL or log.finished for log in logs),
            40,
            lambda: f"play before the kill: {progress(logs)}",
        )
        at_kill = {log.id: seen(log) for log in logs}
        a.kill()
        await until(
            lambda: all(seen(log) >= at_kill[log.id] + AFTER_KILL or log.finished for log in logs),
            60,
            lambda: f"play after the kill (at the kill {at_kill}): {progress(logs)}\n{b.log.read_text()[-4000:]}",
        )
    finally:
        stop.set()
        await asyncio.wait(tasks, timeout=10)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    verdict = await soak.verify(a.command[a.command.index("--db-url") + 1], logs)
    assert (verdict.lost, verdict.duplicated, verdict.diverged) == (0, 0, 0), verdict.examples
    assert verdict.tables == len(logs) and verdict.accepted > 0
    assert verdict.recorded >= sum(at_kill.values()) + AFTER_KILL * len(logs)
    taken = b.log.read_text()
    errors = [line for line in taken.splitlines() if '"level": "error"' in line or "Traceback" in line]
    assert not errors, f"the surviving process logged errors: {errors[:3]}"
    for table_id in owned_by_a:
        assert f'"msg": "table taken", "table": "{table_id}"' in taken, f"{table_id} was not taken over"
    assert tally.disconnects >= TABLES_PER_PROCESS * 2, "the clients of the killed process reconnected"
