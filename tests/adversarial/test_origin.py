"""Finding 7: no Origin check on WebSockets: any page a player visited could open their table's socket.

A socket is accepted from the server's own origin, from the configured
`allowed_origins`, and from clients that send no Origin (programs); any
other origin gets a 403 before the socket opens.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from .conftest import ThreadServer, http, own_server


def try_open(server: ThreadServer, table_id: str, origin: str | None) -> int:
    """101 when the socket opened, else the HTTP status of the refusal."""
    headers = {"Origin": origin} if origin else None
    try:
        with connect(f"{server.ws_url}/ws/tables/{table_id}", additional_headers=headers, open_timeout=5, origin=None):
            return 101
    except InvalidStatus as refused:
        return refused.response.status_code


@pytest.fixture
def table(tmp_path: Path) -> object:
    with own_server(tmp_path, allowed_origins="https://friends.example, http://localhost:5173/") as server:
        with http(server) as client:
            table_id = client.post("/api/tables", json={"game": "bacan"}).json()["table"]["id"]
        yield server, table_id


def test_other_origins_are_refused(table: tuple[ThreadServer, str]) -> None:
    server, table_id = table
    own = f"http://{urlsplit(server.url).netloc}"
    assert try_open(server, table_id, None) == 101
    assert try_open(server, table_id, own) == 101
    assert try_open(server, table_id, "https://friends.example") == 101
    assert try_open(server, table_id, "http://localhost:5173") == 101
    for evil in ("https://evil.example", "null", "http://127.0.0.1:1", "https://friends.example.evil.example"):
        assert try_open(server, table_id, evil) == 403, evil
