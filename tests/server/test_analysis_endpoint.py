"""`GET /api/matches/{id}/analysis?seat=K`: a finished match's decisions of one seat, judged
(tapete.analysis) in a process of its own, kept per match, seat and budget."""

from __future__ import annotations

import asyncio
from typing import Any

from tapete.analysis import analyze
from tapete.server.http import analysis as endpoint

from .conftest import Client, Server

FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0, "result_pause_seconds": 0}


async def play_out(client: Client) -> dict[str, Any]:
    """The human seat plays its first legal non-reaction move whenever it must, to the end."""
    for _ in range(5_000):
        await client.drain(0.005)
        state = client.state
        if state["status"] == "finished":
            return state
        if client.seat in state["required"]:
            legal = [entry for entry in state["legal"] if not entry["reaction"]]
            if legal:
                await client.reply(await client.act(index=legal[0]["index"]))
                continue
        version = state["version"]
        await client.until(lambda s, seen=version: s["version"] > seen or s["status"] == "finished")
    raise AssertionError("the match did not end")


async def test_a_finished_match_is_analysed_per_seat(server: Server) -> None:
    created = await server.create(
        game="boon",
        seats=[{"type": "human"}, *[{"type": "bot", "level": "heuristic"}] * 3],
        table_options=FAST,
        name="Ana",
    )
    table_id = created["table"]["id"]
    early = await server.http.get(f"/api/matches/{table_id}/analysis", params={"seat": 0})
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    client = await server.connect(table_id, created["token"])
    await asyncio.wait_for(play_out(client), 120)
    await client.close()

    path = f"/api/matches/{table_id}/analysis"
    answer = await server.http.get(path, params={"seat": 0, "budget": "easy"}, timeout=120)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["match"] == table_id and data["seat"] == 0 and data["budget"]["name"] == "easy"
    record = (await server.http.get(f"/api/matches/{table_id}/record")).json()
    assert data["decisions"] == analyze(record, 0, "easy").to_json()["decisions"]  # the same analysis
    assert (table_id, 0, "easy") in endpoint._analyses  # kept: asked again, not computed again
    again = await server.http.get(f"/api/matches/{table_id}/analysis", params={"seat": 0, "budget": "easy"})
    assert again.json() == data

    outside = await server.http.get(f"/api/matches/{table_id}/analysis", params={"seat": 4})
    assert outside.status_code == 400 and outside.json()["error"]["rule"] == "analysis"
    lavish = await server.http.get(f"/api/matches/{table_id}/analysis", params={"seat": 0, "budget": "lavish"})
    assert lavish.status_code == 422
    assert (await server.http.get("/api/matches/nope/analysis", params={"seat": 0})).status_code == 404


def test_the_analysing_process_goes_with_the_server() -> None:
    endpoint.pool()
    endpoint.shutdown()
    assert endpoint._pool is None and not endpoint._analyses


async def test_past_the_ceiling_a_new_analysis_is_refused_in_words(server: Server) -> None:
    loop = asyncio.get_running_loop()
    waiting = [loop.create_future() for _ in range(endpoint.WAITING)]
    for n, future in enumerate(waiting):
        endpoint._analyses[(f"busy-{n}", 0, "normal")] = future
    try:
        created = await server.create(
            game="boon",
            seats=[{"type": "human"}, *[{"type": "bot", "level": "heuristic"}] * 3],
            table_options=FAST,
            name="Ana",
        )
        table_id = created["table"]["id"]
        client = await server.connect(table_id, created["token"])
        await asyncio.wait_for(play_out(client), 120)
        await client.close()
        answer = await server.http.get(f"/api/matches/{table_id}/analysis", params={"seat": 0})
        assert answer.status_code == 503, answer.text
        err = answer.json()["error"]
        assert err["code"] == "busy" and err["rule"] == "analysis" and "analizando otras partidas" in err["es"]
    finally:
        for n, future in enumerate(waiting):
            future.cancel()
            endpoint._analyses.pop((f"busy-{n}", 0, "normal"), None)
