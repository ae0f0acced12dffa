"""/api/stats: where an action's time goes (stages, write batches), and why people's actions were stale."""

from __future__ import annotations

import asyncio
import time

from tapete.server.table.inbox import Submit

from .conftest import Server
from .test_timing import table


async def stats(server: Server) -> dict:  # type: ignore[type-arg]
    answer = await server.http.get("/api/stats")
    assert answer.status_code == 200
    data: dict = answer.json()  # type: ignore[type-arg]
    return data


async def test_each_stage_of_a_socket_action_is_timed(server: Server) -> None:
    _, c = await table(server, [{"type": "human"}, {"type": "human"}])
    for version in range(4):  # the players play in turn (the fourth play starts a duel)
        seat = version % 2
        await c[seat].until(lambda s, version=version: s["version"] == version)
        assert (await c[seat].reply(await c[seat].act({"type": "play", "slot": 0})))["type"] == "accepted"
    found = await stats(server)
    stages = found["stages_ms"]
    for name in ("wait", "write", "publish", "arrival_to_views"):
        assert stages[name]["count"] >= 4, name
        assert stages[name]["p50"] is not None and stages[name]["p50"] >= 0
    assert stages["arrival_to_views"]["max"] >= stages["write"]["p50"]
    assert found["write_batches"]["count"] >= 4 and found["write_batches"]["mean_writes"] >= 1
    assert found["stale"] == {"race": 0, "late": 0, "window": 0, "superseded": 0}


async def test_a_claim_that_lost_a_fair_race_is_counted_as_a_race(server: Server) -> None:
    _, c = await table(server, [{"type": "human"}, {"type": "human"}], reaction_window_ms=2000)
    await c[0].reply(await c[0].act({"type": "play", "slot": 0}))
    await c[1].until(lambda s: s["version"] == 1)
    first = await c[1].act({"type": "snap", "slot": 0}, version=1)
    await asyncio.sleep(0.02)
    second = await c[0].act({"type": "snap", "slot": 1}, version=1)
    assert (await c[1].reply(first))["version"] == 2
    answer = await c[0].reply(second)
    assert answer["code"] == "stale" and answer["stale"] == "race"
    assert (await stats(server))["stale"] == {"race": 1, "late": 0, "window": 0, "superseded": 0}


async def test_an_action_that_arrived_first_but_lost_is_counted_as_late(server: Server) -> None:
    """An action read from its socket (or by a relaying process) before the action that beat it
    reached the table: the server's own latency, not a race, whatever the table's rules say."""
    table_id, c = await table(server, [{"type": "human"}, {"type": "human"}], reaction_window_ms=2000)
    await c[0].reply(await c[0].act({"type": "play", "slot": 0}))
    await c[1].until(lambda s: s["version"] == 1)
    arrived = time.perf_counter()  # seat 0's claim is read now, then held up on its way to the table
    snap = await c[1].act({"type": "snap", "slot": 0}, version=1)
    assert (await c[1].reply(snap))["version"] == 2
    runner = server.runner(table_id)
    (conn,) = runner.seats[0].conns
    runner.post(Submit(conn, 99, 1, {"action": {"type": "snap", "slot": 1}}, 0, arrived))
    answer = await c[0].reply(99)
    assert answer["code"] == "stale" and answer["stale"] == "late"
    assert (await stats(server))["stale"] == {"race": 0, "late": 1, "window": 0, "superseded": 0}


async def test_the_loops_lateness_and_the_collectors_pauses_are_reported(server: Server) -> None:
    """A stall of the loop (here a blocking 80 ms, as a full collection or a disk flush would be) shows
    in loop_lag_ms; the collections of each generation are counted with their time."""
    await asyncio.sleep(0.1)
    time.sleep(0.08)  # the test shares the server's loop: this blocks it
    await asyncio.sleep(0.05)
    found = await stats(server)
    lag = found["loop_lag_ms"]
    assert lag["count"] >= 5 and lag["max"] >= 60, lag
    import gc

    gc.collect()  # a full collection, on this process (the server's)
    gens = (await stats(server))["gc"]
    assert [g["generation"] for g in gens] == [0, 1, 2]
    assert gens[2]["count"] >= 1 and gens[2]["total_ms"] > 0 and gens[2]["max_ms"] <= gens[2]["total_ms"]
