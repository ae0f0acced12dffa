"""Issue 37, finding 10: after a kill -9, the first decision of a match (version 0) got a fresh turn clock.

A player short of time on the match's first move could have the server restarted (or wait for one)
and be given the whole clock again. The first clock starts when the match starts, and that moment
is stored (`started_at`), so it resumes with the time it had left, as every later clock does from
the time of the action before it.
"""

from __future__ import annotations

import time
from pathlib import Path

from .conftest import Socket, http, own_server

TURN_SECONDS = 60
TWO_PEOPLE = {
    "game": "bacan",
    "seats": [{"type": "human"}, {"type": "human"}],
    "table_options": {"turn_seconds": TURN_SECONDS},
}


def remaining(state: dict[str, object], seat: int) -> float:
    clocks = state["clocks"]
    assert isinstance(clocks, list)
    found = [c["remaining_ms"] / 1000 for c in clocks if c["seat"] == seat]
    assert found, clocks
    return float(found[0])


def test_the_first_clock_of_a_match_survives_a_restart(tmp_path: Path) -> None:
    # the server stops without a word to the store (nothing is written when a process stops, so a
    # stop is as good as a kill -9 here: what survives is what was stored before)
    with own_server(tmp_path) as server, http(server) as client:
        created = client.post("/api/tables", json=TWO_PEOPLE).json()
        joined = client.post("/api/join", json={"code": created["invite_code"]}).json()
        table_id = created["table"]["id"]
        watcher = Socket(server, table_id)
        watcher.hello(None)
        assert watcher.state["version"] == 0 and watcher.state["status"] == "playing"
        (seat,) = watcher.state["required"]
        before = remaining(watcher.state, seat)
        started = time.monotonic()
        time.sleep(3.0)
        watcher.close()
    used = time.monotonic() - started
    # a short reconnect grace: after a restart no clock runs out within the client's reconnect pause
    # (10 s), and with the grace of the other tests (600 s) every clock would read at least that
    with own_server(tmp_path, disconnect_grace=1.0) as server:
        token = created["token"] if seat == created["seat"] else joined["token"]
        player = Socket(server, table_id)
        player.hello(token)
        after = remaining(player.state, seat)
        player.close()
    assert player.state["version"] == 0
    assert before > TURN_SECONDS - 2
    # the time used before the restart is gone (not a fresh minute)
    assert after < before - used + 1.0, (before, used, after)
