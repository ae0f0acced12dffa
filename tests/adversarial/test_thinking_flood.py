"""Issue 37, finding 1: one address froze every search bot on the server.

Its 10 tables of bots only, two `ismcts-hard` each at full speed, filled the one thread all search
bots shared: an `ismcts-easy` bot at a victim's table went from 660 moves a minute to 2, and
stand-ins elsewhere froze (a table stayed at one version for over 10 minutes), while pings stayed
normal. Now search bots think in processes, in fair turns by address and by table; a turn past its
budget plays the bot's fallback instead of waiting; and tables of bots only with search bots count
against a small allowance per address.
"""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from .conftest import Socket, ThreadServer, own_server

ATTACKERS = [f"127.0.0.{n}" for n in range(2, 6)]
VICTIM = "127.0.0.9"
FULL_SPEED = {"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 0}
HARD, HEURISTIC = {"type": "bot", "level": "ismcts-hard"}, {"type": "bot", "level": "heuristic"}
WATCH_S = 12.0


def client(server: ThreadServer, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=30, transport=httpx.HTTPTransport(local_address=address))


def watch_turns(server: ThreadServer, table_id: str, seat: int, stop: threading.Event, turns: list[float]) -> None:
    """A spectator of the victim's table: how long each turn of `seat` took, from the state that asked
    it to act to the next state."""
    sock = Socket(server, table_id, VICTIM)
    sock.hello(None)
    asked: float | None = None
    version = -1
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            got = sock.recv(0.5)
            if got["type"] != "state" or got["version"] <= version:
                continue
            now = time.monotonic()
            if asked is not None:
                turns.append(now - asked)
            version = got["version"]
            asked = now if seat in got["required"] and got["status"] == "playing" else None
    sock.close()


def test_a_flood_of_search_bots_from_several_addresses_freezes_no_other_table(tmp_path: Path) -> None:
    with own_server(tmp_path) as server:
        answers: dict[str, list[httpx.Response]] = {}
        for address in ATTACKERS:
            with client(server, address) as http:
                answers[address] = [
                    http.post(
                        "/api/tables",
                        json={
                            "game": "bacan",
                            "join": False,
                            "table_options": FULL_SPEED,
                            "seats": [HARD, HARD, HEURISTIC, HEURISTIC],
                        },
                    )
                    for _ in range(3)
                ]
        with client(server, VICTIM) as http:
            victim = http.post(
                "/api/tables",
                json={
                    "game": "bacan",
                    "join": False,
                    "table_options": FULL_SPEED,
                    "options": {"limit": 10_000},
                    "seats": [{"type": "bot", "level": "ismcts-easy"}, HEURISTIC],
                },
            ).json()["table"]["id"]
            stop, turns = threading.Event(), []  # type: ignore[var-annotated]
            watcher = threading.Thread(target=watch_turns, args=(server, victim, 0, stop, turns), daemon=True)
            watcher.start()
            busiest: dict[str, Any] = {}
            deadline = time.monotonic() + WATCH_S
            while time.monotonic() < deadline:
                thinking = http.get("/api/stats").json()["thinking"]
                if thinking["queued"] >= busiest.get("queued", 0):
                    busiest = thinking
                time.sleep(0.5)
            stop.set()
            watcher.join(10)
            others = [
                server.runner(t.json()["table"]["id"]).version
                for a in ATTACKERS
                for t in answers[a]
                if t.status_code == 201
            ]
    for address, made in answers.items():
        codes = [a.status_code for a in made]
        limit = server.settings.max_search_tables_per_address
        assert codes == [201] * limit + [429] * (3 - limit), (address, codes)
        refused = made[-1].json()["error"]
        assert (refused["code"], refused["rule"]) == ("too_many_tables", "search-bots") and refused["es"]
    # the flood kept the thinking processes busy, and /api/stats said so
    assert busiest["queued"] >= 1 and busiest["oldest_wait_ms"] > 0 and busiest["processes"] >= 1, busiest
    # the victim's search bot kept playing: a turn never waited long behind the flood
    turns.sort()
    assert len(turns) >= 10, turns
    p90 = turns[int(0.9 * len(turns))]
    assert p90 < 2.0, (p90, turns[-5:], len(turns))
    # and the flood's own tables moved on too
    assert all(version > 0 for version in others), others
