"""Moves made for a person are never told as theirs: in the state's events, the log, the replay and
the record, also after a restart; and the person is told on coming back how many there were."""

from __future__ import annotations

import re
from typing import Any

from tapete.server.settings import ServerSettings, async_db_url
from tapete.server.storage.store import Store
from tapete.server.table.registry import TableRegistry

from .conftest import ServeFactory, Server

# What a Spanish log says of the reader's own doing in WANTED (a stand-in's move is never said so)
OWN_WANTED = re.compile(r"^(Juegas boca abajo|Eliges|Descartarás|Ya has elegido)")


async def test_a_clock_timeout_is_told_as_the_stand_ins_move(server: Server) -> None:
    created = await server.create(
        game="boon",
        name="Ana",
        seats=[{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "heuristic"}],
        table_options={"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 1},
    )
    table_id = created["table"]["id"]
    joined = await server.join(created["invite_code"], name="Bea")
    clients = {0: await server.connect(table_id, created["token"]), 1: await server.connect(table_id, joined["token"])}

    def timed_out(state: dict[str, Any]) -> bool:
        return any(e.get("by_standin") == "clock" for e in state["events"])

    state = await clients[0].until(timed_out, timeout=15)  # nobody acts: a clock runs out
    seat = next(e for e in state["events"] if e.get("by_standin") == "clock")["seat"]
    await clients[1].until(lambda s: s["version"] >= state["version"])

    def said(seat_reading: int) -> str:
        told = next(
            m
            for m in clients[seat_reading].seen
            if m.get("type") == "state" and m["version"] == state["version"] and m["events"]
        )
        return str(next(e["text"] for e in told["events"] if e.get("by_standin")))

    assert said(seat).startswith("Por ti, el reemplazo"), said(seat)
    assert said(1 - seat).startswith(f"Por {['Ana', 'Bea'][seat]}, el reemplazo"), said(1 - seat)
    runner = server.runner(table_id)
    assert runner.standins.since.get(seat) == 1  # told when the person next says hello


async def test_moves_made_while_away_are_the_stand_ins_everywhere(serve: ServeFactory) -> None:
    server = await serve(disconnect_grace=0.1)
    created = await server.create(
        game="wanted",
        name="Ana",
        options={"mode": "duelo"},
        seats=[{"type": "human"}, {"type": "bot", "level": "heuristic"}],
        table_options={"reaction_window_ms": 0, "bot_delay_ms": 0},
    )
    table_id, token = created["table"]["id"], created["token"]
    owner = await server.connect(table_id, token)
    await owner.close()  # Ana goes away before her first move: her stand-in plays the whole duel
    watcher = await server.connect(table_id, None)
    await watcher.until(lambda s: s["status"] == "finished", timeout=30)

    back = await server.connect(table_id, token)
    record = (await server.http.get(f"/api/matches/{table_id}/record")).json()
    hers = [i for i, (seat, _a) in enumerate(record["actions"]) if seat == 0]
    assert hers and record["by_standin"] == [[i, "standin"] for i in hers]
    # (on a slow machine the grace may pass before Ana's first hello: those moves were told then)
    told_first = sum(m["while_away"]["moves"] for m in owner.seen if "while_away" in m)
    away = back.state["while_away"]
    assert told_first + away["moves"] == len(hers)
    n = away["moves"]
    assert away["text"] == (
        "Mientras no estabas, el reemplazo jugó 1 jugada."
        if n == 1
        else f"Mientras no estabas, el reemplazo jugó {n} jugadas."
    )
    log = [entry["text"] for entry in back.state["log"]]
    assert any(text.startswith("Por ti, el reemplazo juega boca abajo") for text in log), log
    assert not [text for text in log if OWN_WANTED.match(text)]
    spectator = await server.connect(table_id, None)
    assert any(e["text"].startswith("Por Ana, el reemplazo ya ha elegido") for e in spectator.state["log"])
    again = await server.connect(table_id, token)
    assert "while_away" not in again.state  # told once

    # the replay of one of her moves, from her seat
    step = (await server.http.get(f"/api/matches/{table_id}/replay", params={"step": hers[0] + 1, "seat": 0})).json()
    said = [e["text"]["en"] for e in step["events"] if e.get("by_standin")]
    assert said and all(text.startswith("Your stand-in") for text in said), step["events"]

    # and a new process (a restart) tells it the same from the stored record
    store = Store(async_db_url(server.settings.db_url))
    await store.open()
    tables = TableRegistry(store, ServerSettings(db_url=server.settings.db_url))
    try:
        runner = await tables.get(table_id)
        names = [s["name"] for s in runner.seats_json()]
        rebuilt = [entry["text"] for entry in runner.presenter.log.entries(0, "en", names)]
        assert any(text.startswith("Your stand-in commits face down") for text in rebuilt), rebuilt
        assert not [text for text in rebuilt if text.startswith(("You commit", "You pick"))]
    finally:
        await tables.close()
        await store.close()
