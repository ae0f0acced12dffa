"""Finding 6: names kept control characters (ANSI escapes, NUL, U+202E) and were sent to every seat as they were.

A name is normalised (NFC; control, bidi-override and zero-width characters
removed; 1 to 24 characters) when a table is made, when someone joins, and
in what the server serves from its records.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

from tapete.server.people.names import NAME_MAX, clean_name

from .conftest import Socket, ThreadServer, http

HOSTILE = "\x1b[31mRo\x00ja\u202e\u200bX\u2066\ufeff\u200d"
FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 0}


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (HOSTILE, "[31mRojaX"),
        ("Jose\u0301", "José"),  # NFC: one code point
        ("  Ana \t\n  Bea ", "Ana Bea"),
        ("x" * 40, "x" * NAME_MAX),
        ("\u202e\u200b\x00", None),
        ("", None),
    ],
)
def test_clean_name(raw: str, shown: str | None) -> None:
    assert clean_name(raw) == shown


def readable(name: Any) -> bool:
    return (
        isinstance(name, str)
        and 1 <= len(name) <= NAME_MAX
        and name == unicodedata.normalize("NFC", name)
        and all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name)
    )


def test_names_are_clean_at_creation_join_in_views_and_records(thread_server: ThreadServer) -> None:
    with http(thread_server) as client:
        created = client.post(
            "/api/tables",
            json={
                "game": "bacan",
                "name": HOSTILE,
                "table_options": FAST,
                "seats": [
                    {"type": "human"},
                    {"type": "human"},
                    {"type": "bot", "level": "random", "name": "\x07Bot\u202e"},
                ],
            },
        ).json()
        table_id = created["table"]["id"]
        joined = client.post("/api/join", json={"code": created["invite_code"], "name": "Bea\u0000\u202d" + "z" * 30})
        assert joined.status_code == 200, joined.text
        summary = client.get(f"/api/tables/{table_id}").json()
    names = [s["name"] for s in summary["seats"]]
    assert names[0] == "[31mRojaX" and names[1] == "Bea" + "z" * (NAME_MAX - 3)
    assert all(readable(n) for n in names if n is not None)
    sock = Socket(thread_server, table_id)
    try:
        sock.hello(created["token"])
        assert all(readable(s["name"]) for s in sock.state["seats"] if s["name"] is not None)
    finally:
        sock.close()
    stored = thread_server.call(lambda: [s.name for s in thread_server.runner(table_id).seats])
    assert stored[:2] == names[:2]
