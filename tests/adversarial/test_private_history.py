"""A private table's match was public afterwards (issue 37, finding 6), from several loopback addresses.

Its line in the players' histories named them and their ids, and a stranger could fetch its record and
replay it from any seat. Now only the identities that held its seats see it, until one of them makes it
public (`POST /api/matches/{id}/share`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import TIMEOUT, ThreadServer, own_server

FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0, "result_pause_seconds": 0}
PRIVATE = {
    "game": "bacan",
    "options": {"limit": 1},
    "seats": [{"type": "human"}, {"type": "human"}],
    "table_options": FAST,
    "public": False,
}
_addresses = iter(range(2, 250))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    # no grace: a seat whose person is away is played by its stand-in at once
    with own_server(tmp_path_factory.mktemp("private-history"), disconnect_grace=0.0) as started:
        yield started


def client(server: ThreadServer) -> httpx.Client:
    local = f"127.0.4.{next(_addresses)}"
    return httpx.Client(base_url=server.url, timeout=TIMEOUT, transport=httpx.HTTPTransport(local_address=local))


_names = iter(range(1, 1000))


def identity(http: httpx.Client, name: str) -> dict[str, str]:
    made = http.post("/api/players", json={"name": f"{name} {next(_names)}"})  # every identity its own name
    assert made.status_code == 201, made.text
    player = made.json()
    return {"X-Tapete-Player": f"{player['player_id']}:{player['secret']}", "id": player["player_id"]}


def auth(who: dict[str, str]) -> dict[str, str]:
    return {"X-Tapete-Player": who["X-Tapete-Player"]}


def finished_private_match(server: ThreadServer) -> tuple[str, dict[str, str], dict[str, str]]:
    """Ana and Bea, each from an address of their own, at a private table; Ana leaves, Bea stays away
    (a table everyone left is called off), and their stand-ins play it to its end."""
    ana_http, bea_http = client(server), client(server)
    ana, bea = identity(ana_http, "Ana"), identity(bea_http, "Bea")
    created = ana_http.post("/api/tables", json=PRIVATE, headers=auth(ana)).json()
    joined = bea_http.post("/api/join", json={"code": created["invite_code"]}, headers=auth(bea)).json()
    table_id = created["table"]["id"]
    ana_http.post(f"/api/tables/{table_id}/leave", json={"token": created["token"]})
    assert joined["table"]["id"] == table_id
    deadline = time.monotonic() + 60
    while server.match(table_id).status != "finished":
        assert time.monotonic() < deadline, "the stand-ins never finished the match"
        time.sleep(0.1)
    return table_id, ana, bea


def seen(http: httpx.Client, table_id: str, player: str, who: dict[str, str]) -> dict[str, Any]:
    page = http.get(f"/api/players/{player}/matches", headers=who).json()
    return {
        "history": [i["match_id"] for i in page["items"]],
        "record": http.get(f"/api/matches/{table_id}/record", headers=who).status_code,
        "replays": {
            http.get(f"/api/matches/{table_id}/replay", params={"step": 1, "seat": seat}, headers=who).status_code
            for seat in (0, 1)
        },
    }


def test_a_stranger_sees_nothing_of_a_private_tables_match(server: ThreadServer) -> None:
    table_id, ana, bea = finished_private_match(server)
    stranger_http = client(server)
    mallory = identity(stranger_http, "Mallory")
    for who in ({}, auth(mallory)):
        for player in (ana["id"], bea["id"]):
            assert seen(stranger_http, table_id, player, who) == {"history": [], "record": 403, "replays": {403}}
    refused = stranger_http.get(f"/api/matches/{table_id}/record", headers=auth(mallory)).json()["error"]
    assert refused["code"] == "forbidden" and refused["rule"] == "private-match"
    assert stranger_http.post(f"/api/matches/{table_id}/share", headers=auth(mallory)).status_code == 403
    for player in (ana, bea):  # its players see it
        own = client(server)
        assert seen(own, table_id, ana["id"], auth(player)) == {"history": [table_id], "record": 200, "replays": {200}}


def test_once_a_player_makes_it_public_anyone_sees_it(server: ThreadServer) -> None:
    table_id, _ana, bea = finished_private_match(server)
    bea_http = client(server)
    assert bea_http.post(f"/api/matches/{table_id}/share", headers=auth(bea)).json()["shared"] is True
    stranger_http = client(server)
    assert seen(stranger_http, table_id, bea["id"], {}) == {"history": [table_id], "record": 200, "replays": {200}}
