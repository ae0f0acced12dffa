"""Hints at casual tables (table option `hints`): "¿Qué haría el bot?" answered to the asking
socket alone, from that seat's position, computed in a thinking process; refused at rated
tables, at tables without the option, off turn and too often."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from .conftest import Client, Server

FAST = {"bot_delay_ms": 0, "reaction_window_ms": 0, "result_pause_seconds": 0}
ENGINE = re.compile(r"[{}\[\]_]|\bseat \d|\basiento \d|\bNone\b|\bTrue\b")


async def casual_table(server: Server, **table_options: Any) -> tuple[str, dict[int, str]]:
    created = await server.create(
        game="boon",
        seats=[{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "heuristic"}],
        table_options={**FAST, **table_options},
        name="Ana",
    )
    joined = await server.join(created["invite_code"], name="Bruno")
    return created["table"]["id"], {0: created["token"], 1: joined["token"]}


async def on_turn(clients: dict[int, Client]) -> tuple[Client, Client]:
    """The seated client whose decision the table waits for, and the other one."""
    for _ in range(200):
        for c in clients.values():
            await c.drain(0.01)
        waiting = [c for c in clients.values() if c.seat in c.state.get("required", [])]
        if waiting:
            other = next(c for c in clients.values() if c is not waiting[0])
            return waiting[0], other
        await asyncio.sleep(0.05)
    raise AssertionError("no person's turn came")


def hints_in(client: Client) -> list[dict[str, Any]]:
    return [m for m in client.seen if m["type"] == "hint"]


async def test_the_hint_reaches_the_asking_seat_only(server: Server) -> None:
    table_id, tokens = await casual_table(server, hints=True, rated=False)
    info = (await server.http.get(f"/api/tables/{table_id}")).json()
    assert info["table_options"]["hints"] is True  # shown to everyone at the table
    clients = {seat: await server.connect(table_id, token) for seat, token in tokens.items()}
    watcher = await server.connect(table_id, None)
    asker, other = await on_turn(clients)

    await asker.send({"type": "hint"})
    answer = await asker.next_of("hint", timeout=60)
    legal = [entry["action"] for entry in asker.state["legal"]]
    assert answer["action"] in legal and answer["version"] == asker.state["version"]
    for lang in ("es", "en"):
        sentence = answer["text"][lang]
        assert sentence.count(".") == 1 and sentence.endswith("."), sentence  # one sentence
        assert not ENGINE.search(sentence), sentence  # in words, never engine values
    await asyncio.sleep(0.5)
    for c in (other, watcher):
        await c.drain(0.05)
        assert not hints_in(c), "a hint reached a socket that did not ask"

    await asker.send({"type": "hint"})  # again at once: refused, to the asker
    refused = await asker.next_of("error")
    assert refused["code"] == "rate_limited" and refused["rule"] == "hints"
    await other.send({"type": "hint"})  # not its turn
    off_turn = await other.next_of("error")
    assert off_turn["code"] == "bad_request" and off_turn["rule"] == "hints" and "turno" in off_turn["es"]
    await watcher.send({"type": "hint"})  # a spectator has no seat to be helped
    assert (await watcher.next_of("error"))["code"] == "wrong_seat"
    for c in (*clients.values(), watcher):
        await c.close()


async def test_no_hints_without_the_option(server: Server) -> None:
    table_id, tokens = await casual_table(server, rated=False)
    clients = {seat: await server.connect(table_id, token) for seat, token in tokens.items()}
    asker, _ = await on_turn(clients)
    await asker.send({"type": "hint"})
    refused = await asker.next_of("error")
    assert refused["rule"] == "hints" and refused["en"] == "This table gives no hints from the bot."
    await asyncio.sleep(0.3)
    await asker.drain(0.05)
    assert not hints_in(asker)
    for c in clients.values():
        await c.close()


async def test_a_rated_table_refuses_hints(server: Server) -> None:
    body = {
        "game": "boon",
        "seats": [{"type": "human"}, {"type": "bot", "level": "heuristic"}, {"type": "bot", "level": "heuristic"}],
        "table_options": {**FAST, "hints": True},
        "name": "Ana",
    }  # rated is the default
    refused = await server.http.post("/api/tables", json=body)
    assert refused.status_code == 400, refused.text
    err = refused.json()["error"]
    assert err["rule"] == "hints" and "puntuables" in err["es"] and "unrated" in err["en"]
