"""A table that leaves memory, and a socket that closes, are freed by reference counting alone:
nothing of theirs waits for the cycle collector's full pass (which walks every table of the
process and stalled the loop for most of a second at 800 tables). And the collector's aging
(tapete/server/ops/gcsetup.py) freezes what survives a middle collection."""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
import weakref
from collections import Counter

from .conftest import ServeFactory

FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0, "result_pause_seconds": 0}


async def test_a_finished_table_and_its_socket_are_freed_without_the_cycle_collector(serve: ServeFactory) -> None:
    server = await serve(finished_ttl=0.3, disconnect_grace=0.2)
    created = await server.create(
        game="bacan", seats=[{"type": "human"}, {"type": "bot", "level": "random"}], table_options=FAST
    )
    table_id = created["table"]["id"]
    client = await server.connect(table_id, created["token"])
    runner = server.runner(table_id)
    conn = next(iter(runner.seats[0].conns))
    protocol = conn.send_now.__self__ if conn.send_now is not None else None  # type: ignore[attr-defined]
    await client.close()  # the stand-in plays the match to its end; then the table leaves memory
    runners = server.app.state.tapete.tables.runners
    for _ in range(400):
        await asyncio.sleep(0.05)
        if table_id not in runners:
            break
    assert table_id not in runners, "the table did not leave memory"
    gc.collect()
    gc.disable()
    try:
        watched = {
            "runner": weakref.ref(runner),
            "state": weakref.ref(runner.state),
            "core": weakref.ref(runner.core),
            "presenter": weakref.ref(runner.presenter),
            "connection": weakref.ref(conn),
            **{f"bot {i}": weakref.ref(bot) for i, bot in enumerate(runner.bots)},
        }
        if protocol is not None:
            watched["socket protocol"] = weakref.ref(protocol)
            watched["websockets protocol"] = weakref.ref(protocol.conn)  # with the socket's compressor
        del runner, conn, protocol
        await asyncio.sleep(0.1)
        alive = [name for name, ref in watched.items() if ref() is not None]
        assert not alive, f"kept alive by reference cycles: {alive}"
    finally:
        gc.enable()


async def test_actions_and_sockets_closing_after_their_client_make_no_reference_cycles(serve: ServeFactory) -> None:
    """Garbage in reference cycles outlives what aging freezes (until memory doubles): a cycle per
    action (a write and its unit) or per socket (the error of closing a socket whose client had gone,
    held by a task it held) made a soak's memory grow by 20 MB a minute."""
    server = await serve(finished_ttl=0.3, disconnect_grace=0.2)
    created = await server.create(
        game="bacan", seats=[{"type": "human"}] + [{"type": "bot", "level": "random"}] * 3, table_options=FAST
    )
    table_id = created["table"]["id"]
    await (await server.connect(table_id, created["token"])).close()  # every path warmed up once
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds unreachable is kept in gc.garbage to be looked at
    try:
        for _ in range(3):
            client = await server.connect(table_id, created["token"])
            await asyncio.sleep(0.2)  # the bots play meanwhile: each action is written
            await client.close()
        await asyncio.sleep(0.3)
        for _ in range(100):  # and the stand-in: on a loaded machine they need longer
            if server.runner(table_id).version > 10:
                break
            await asyncio.sleep(0.05)
        gc.collect()
        # the test's own client makes cycles too (its protocol's parser, an error's traceback): only the
        # server's objects count, and of frames only those of the server's code
        kinds = Counter(
            type(o).__name__ for o in gc.garbage if type(o).__name__ != "frame" or "tapete" in o.f_code.co_filename
        )
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert server.runner(table_id).version > 10, "the bots did not play"
    watched = {"Write", "Future", "Task", "WebSocketDisconnect", "frame"}
    ours = {k: n for k, n in kinds.items() if k in watched}
    assert not ours, f"left to the cycle collector: {ours}"


def test_what_survives_a_middle_collection_is_frozen_until_memory_per_table_doubles() -> None:
    """In a process of its own: the collector settings are the whole process's."""
    script = """
import gc
import sys
from tapete.server.ops.gcsetup import AGING, settle_gc
settle_gc()
gc.disable()  # only the collections asked for here, so each step is seen alone
start = gc.get_freeze_count()
kept = [[i] for i in range(50_000)]
gc.collect(1)  # a middle collection: its survivors are frozen
assert gc.get_freeze_count() >= start + 50_000 and not AGING.draining, gc.get_freeze_count()
del kept  # frozen objects are still freed by reference counting
assert gc.get_freeze_count() < start + 1_000, gc.get_freeze_count()
AGING.floor, AGING.growth, AGING.check_every = 0, 2.0, 1  # (the server looks every tenth time)


def cycles(n):
    made = []
    for i in range(n):
        a = [i + 1_000]
        a.append(a)
        made.append(a)
    return made


base = AGING.baseline = sys.getallocatedblocks()
garbage = cycles(base // 4)  # cycles that die after being frozen: only a full collection frees them
gc.collect(1)
del garbage  # the list goes; its cycles stay, frozen
assert sys.getallocatedblocks() < 2 * base and not AGING.draining, (base, sys.getallocatedblocks())
garbage = cycles(base)
gc.collect(1)  # the memory in use has passed twice what it was: the frozen are handed back for a full one
assert AGING.draining and gc.get_freeze_count() == 0
del garbage
freed = gc.collect(2)
assert freed >= base and not AGING.draining and AGING.full_collections == 1, freed
assert sys.getallocatedblocks() < 1.5 * base, (base, sys.getallocatedblocks())

# growth is measured per table held: a server filling up with tables starts no full collection
tables = [100]
AGING.load = lambda: tables[0]
AGING.reset()
base = AGING.baseline
tables[0] = 300
filling = cycles(base)  # the memory in use doubled, the tables tripled
gc.collect(1)
assert not AGING.draining and AGING.full_collections == 1, sys.getallocatedblocks()
tables[0] = 100  # the tables go, their memory stays: garbage
gc.collect(1)
assert AGING.draining and gc.get_freeze_count() == 0
del filling
gc.collect(2)
assert AGING.full_collections == 2 and AGING.baseline_load == 100
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
