"""A table's chat does not grow without bound in the database.

Only the last CHAT_HISTORY lines are ever sent (on hello), but every line used to
be kept: a table talked at for hours (within the chat limits, by many
spectators over time) grew its rows for ever. The store now forgets all but
a room's newest lines now and then, in the same transaction as a new line.
Here a long flood is stood in for by a server whose chat limits are wide
(the same lines, arriving faster than a real clock would allow).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from tapete.protocol import CHAT_HISTORY
from tapete.server.table.chat import PRUNE_EVERY

from .conftest import Socket, ThreadServer, http, own_server
from .test_chat_attacks import TWO_HUMANS, drain, said

WIDE_CHAT = {"chat_per_s": 10_000.0, "chat_burst": 10_000, "rate_per_s": 10_000.0, "rate_burst": 10_000}


def stored_lines(folder: Path, room: str) -> list[str]:
    """The texts kept for a room, oldest first (read from the database file, as it is on disk)."""
    with sqlite3.connect(folder / "tapete.db") as db:
        return [text for (text,) in db.execute("SELECT text FROM chat_lines WHERE room = ? ORDER BY id", (room,))]


def settled(folder: Path, room: str, newest: str) -> list[str]:
    """The room's kept lines once the line `newest` has been written (writes follow the echo)."""
    deadline = time.monotonic() + 10
    while True:
        lines = stored_lines(folder, room)
        if (lines and lines[-1] == newest) or time.monotonic() > deadline:
            return lines
        time.sleep(0.02)


def open_table(server: ThreadServer) -> tuple[str, str]:
    with http(server) as client:
        created = client.post("/api/tables", json={**TWO_HUMANS, "name": "Ana"}).json()
    return created["table"]["id"], created["token"]


def test_a_long_flood_leaves_a_bounded_number_of_lines(tmp_path: Path) -> None:
    total = 4 * (CHAT_HISTORY + PRUNE_EVERY) + 7
    with own_server(tmp_path, **WIDE_CHAT) as server:
        table_id, token = open_table(server)
        talker = Socket(server, table_id)
        talker.hello(token)
        drain(talker)
        most = 0
        for i in range(total):
            assert said(talker, {"type": "chat", "text": f"line {i}"})["type"] == "chat"
            if i % 37 == 0:  # looked at now and then while it goes on, not only at the end
                most = max(most, len(stored_lines(tmp_path, table_id)))
        kept = settled(tmp_path, table_id, f"line {total - 1}")
        talker.close()
        # a new reader still gets the last CHAT_HISTORY lines, in order
        reader = Socket(server, table_id)
        reader.hello(None)
        first_state = reader.state
        reader.close()
    assert len(kept) <= CHAT_HISTORY + PRUNE_EVERY and most <= CHAT_HISTORY + PRUNE_EVERY, (len(kept), most)
    assert kept == [f"line {i}" for i in range(total - len(kept), total)]  # the newest, none missing
    history = [line["text"] for line in first_state["chat"]]
    assert history == [f"line {i}" for i in range(total - CHAT_HISTORY, total)]


def test_a_room_grown_before_the_bound_is_cut_down_by_its_next_line(tmp_path: Path) -> None:
    """A database from before the bound (or a table whose process died mid-count) is pruned by the
    first line its table keeps after loading."""
    with own_server(tmp_path, **WIDE_CHAT) as server:
        table_id, token = open_table(server)
    with sqlite3.connect(tmp_path / "tapete.db") as db:
        db.executemany(
            "INSERT INTO chat_lines (room, match_id, seat, name, spectator, text, at) VALUES (?, ?, 0, 'Ana', 0, ?, ?)",
            [(table_id, table_id, f"old {i}", time.time()) for i in range(1000)],
        )
    with own_server(tmp_path, **WIDE_CHAT) as server:
        talker = Socket(server, table_id)
        talker.hello(token)
        drain(talker)
        assert said(talker, {"type": "chat", "text": "new"})["type"] == "chat"
        kept = settled(tmp_path, table_id, "new")
        talker.close()
    assert kept == [f"old {i}" for i in range(1000 - CHAT_HISTORY + 1, 1000)] + ["new"]
