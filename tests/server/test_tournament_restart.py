"""Acceptance: a Swiss tournament's server is killed (SIGKILL) mid-round and started again on the
same database; the tournament goes on from where it stood and loses no result."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .processes import ServerProcess

FLAGS = ("--tournament-tick", "0.1")


@pytest.fixture
def process(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "tapete.db", tmp_path / "server.log")
    yield proc
    proc.stop()


def read(url: str, tid: str) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(f"{url}/api/tournaments/{tid}", timeout=5).json()
    return found


def test_a_killed_server_loses_no_tournament_result(process: ServerProcess) -> None:
    process.start(extra=FLAGS)
    made = httpx.post(f"{process.url}/api/players", json={"name": "Olga"}).json()
    who = {"X-Tapete-Player": f"{made['player_id']}:{made['secret']}"}
    created = httpx.post(
        f"{process.url}/api/tournaments",
        headers=who,
        json={
            "kind": "swiss",
            "game": "boon",
            "seats": 4,
            "rounds": 2,
            "table_options": {"bot_delay_ms": 40, "result_pause_seconds": 0},
            "bots": [{"level": "heuristic", "name": f"Bot {i}"} for i in range(8)],
        },
    )
    assert created.status_code == 201, created.text
    tid = created.json()["id"]
    assert httpx.post(f"{process.url}/api/tournaments/{tid}/start", headers=who).status_code == 200

    # kill it while one game has its result and another is still being played
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "no game ended in time"
        before = read(process.url, tid)
        ended = [g for g in before["games"] if g["results"] is not None]
        if ended and len(ended) < len(before["games"]):
            break
        time.sleep(0.05)
    process.kill()

    process.start(extra=FLAGS)
    deadline = time.monotonic() + 180
    while (after := read(process.url, tid))["status"] != "finished":
        assert time.monotonic() < deadline, after
        time.sleep(0.2)
    kept = {g["number"]: g for g in after["games"]}
    for g in before["games"]:
        if g["results"] is not None:
            assert kept[g["number"]] == g  # the same table, the same result
    assert sorted(g["round"] for g in after["games"]) == [1, 1, 2, 2]
    for g in after["games"]:
        assert g["results"] is not None
        record = httpx.get(f"{process.url}/api/matches/{g['table']}/record").json()
        winners = {str(g["entries"][seat]) for seat in record["outcome"]["winners"]}
        assert winners == {k for k, r in g["results"].items() if r != "loss"}
    assert sum(line["score"] for line in after["standings"]) == 4.0
