"""Each finished round's scores come from the server with the log (hello, sync): a spectator
arriving late, a second device or a reload reads the same table of rounds as a socket that
watched live; a restarted server tells them again from the record."""

from __future__ import annotations

from typing import Any

from tapete.server.settings import ServerSettings, async_db_url
from tapete.server.storage.store import Store
from tapete.server.table.registry import TableRegistry

from .conftest import Server

BOTS = [{"type": "bot", "level": "heuristic"}] * 3


def live_rows(states: list[dict[str, Any]]) -> dict[int, list[Any]]:
    """What a socket that saw every state knows: the totals each round left when the next began."""
    rows: dict[int, list[Any]] = {}
    last: tuple[int, list[Any]] | None = None
    for state in states:
        view = state["view"]
        if last is not None and last[0] >= 1 and view["round"] != last[0]:
            rows[last[0]] = last[1]
        last = (view["round"], view["scores"])
    return rows


async def test_a_late_spectator_reads_every_finished_round(server: Server) -> None:
    created = await server.create(
        game="nacho-loco", join=False, seats=BOTS, table_options={"reaction_window_ms": 0, "bot_delay_ms": 0}
    )
    table_id = created["table"]["id"]
    live = await server.connect(table_id, None)
    await live.until(lambda s: s["status"] == "finished", timeout=60)
    states = [m for m in live.seen if m.get("type") == "state"]
    assert states[0]["rounds"] == []  # (the hello, before any round ended)
    seen_live = live_rows(states)
    assert len(seen_live) >= 2

    late = await server.connect(table_id, None)
    rows = late.state["rounds"]
    assert {row["round"]: row["scores"] for row in rows} == seen_live
    assert [row["round"] for row in rows] == sorted(seen_live)
    await late.send({"type": "sync"})
    synced = await late.next_of("state")
    assert synced["rounds"] == rows

    store = Store(async_db_url(server.settings.db_url))
    await store.open()
    tables = TableRegistry(store, ServerSettings(db_url=server.settings.db_url))
    try:  # a new process rebuilds them from the record
        runner = await tables.get(table_id)
        assert runner.presenter.rounds.finished(late.state["view"]["round"]) == rows
    finally:
        await tables.close()
        await store.close()


async def test_the_whole_match_log_is_served_once_the_match_is_over(server: Server) -> None:
    created = await server.create(game="boon", name="Ana", seats=[{"type": "human"}, *BOTS[:2]])
    table_id = created["table"]["id"]
    early = await server.http.get(f"/api/matches/{table_id}/story")
    assert early.status_code == 409  # the story of a match under way would tell hidden cards
    done = await server.create(
        game="nacho-loco", join=False, seats=BOTS, table_options={"reaction_window_ms": 0, "bot_delay_ms": 0}
    )
    watcher = await server.connect(done["table"]["id"], None)
    await watcher.until(lambda s: s["status"] == "finished", timeout=60)
    story = (await server.http.get(f"/api/matches/{done['table']['id']}/story")).json()
    assert story["lines"] and all(set(line["text"]) == {"es", "en"} for line in story["lines"])
    wrong = await server.http.get(f"/api/matches/{done['table']['id']}/story", params={"seat": 7})
    assert wrong.status_code == 400
