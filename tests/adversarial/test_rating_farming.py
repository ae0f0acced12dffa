"""Farming and dodging ratings (issue 37, finding 2), from several loopback addresses.

The loser left a rated match and an accomplice with the invite code took the seat (the loss went
nowhere); a second identity sat late in a seat and got the whole match; one identity sat at two seats
of a rated table and won against itself; rated tables had no clock, so a player who never moved froze
the match. Now a rated seat is its first holder's for the whole match, one identity holds one seat,
and a rated table always has a clock. (What the ratings then make of each match, seat by seat and
decision by decision: tests/server/test_fair_play.py.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import TIMEOUT, ThreadServer, own_server

TWO = {
    "game": "bacan",
    "seats": [{"type": "human"}, {"type": "human"}],
    "table_options": {"reaction_window_ms": 0, "bot_delay_ms": 0},
}
_addresses = iter(range(2, 250))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with own_server(tmp_path_factory.mktemp("rating-farming")) as started:
        yield started


def client(server: ThreadServer) -> httpx.Client:
    local = f"127.0.3.{next(_addresses)}"
    return httpx.Client(base_url=server.url, timeout=TIMEOUT, transport=httpx.HTTPTransport(local_address=local))


_names = iter(range(1, 1000))


def identity(http: httpx.Client, name: str) -> dict[str, str]:
    made = http.post("/api/players", json={"name": f"{name} {next(_names)}"})  # every identity its own name
    assert made.status_code == 201, made.text
    player = made.json()
    return {"X-Tapete-Player": f"{player['player_id']}:{player['secret']}", "id": player["player_id"]}


def auth(who: dict[str, str]) -> dict[str, str]:
    return {"X-Tapete-Player": who["X-Tapete-Player"]}


def refused_by_fair_play(answer: httpx.Response) -> None:
    assert answer.status_code == 409, answer.text
    error = answer.json()["error"]
    assert error["code"] == "no_free_seat" and error["rule"] == "fair-play" and error["es"] != error["en"], error


def rated_table(server: ThreadServer, **table_options: Any) -> tuple[httpx.Client, dict[str, str], dict[str, Any]]:
    http = client(server)
    ana = identity(http, "Ana")
    body = {**TWO, "table_options": {**TWO["table_options"], **table_options}}
    created = http.post("/api/tables", json=body, headers=auth(ana))
    assert created.status_code == 201, created.text
    return http, ana, created.json()


def test_dodge_and_snipe_nobody_takes_a_rated_seat_under_way(server: ThreadServer) -> None:
    _http, ana, created = rated_table(server)
    bea_http = client(server)
    bea = identity(bea_http, "Bea")
    joined = bea_http.post("/api/join", json={"code": created["invite_code"]}, headers=auth(bea))
    assert joined.status_code == 200 and joined.json()["table"]["status"] == "playing", joined.text
    table_id = created["table"]["id"]
    # Bea is losing: she leaves, and an accomplice (another address, another identity) takes her seat
    left = bea_http.post(f"/api/tables/{table_id}/leave", json={"token": joined.json()["token"]})
    assert left.status_code == 200
    for _ in range(2):
        accomplice_http = client(server)
        accomplice = identity(accomplice_http, "Mallory")
        refused_by_fair_play(
            accomplice_http.post("/api/join", json={"code": created["invite_code"]}, headers=auth(accomplice))
        )
        refused_by_fair_play(accomplice_http.post("/api/join", json={"code": created["invite_code"]}))  # anonymous
    row = server.match(table_id)
    assert [s.player_id for s in row.seats] == [ana["id"], bea["id"]]  # the match stays Bea's
    assert server.call(lambda: server.runner(table_id).registry.seats[1].free)  # her stand-in plays it


def test_self_play_one_identity_holds_one_seat(server: ThreadServer) -> None:
    _http, ana, created = rated_table(server)
    other_address = client(server)  # the same identity from a second address
    refused_by_fair_play(other_address.post("/api/join", json={"code": created["invite_code"]}, headers=auth(ana)))
    row = server.match(created["table"]["id"])
    assert [s.player_id for s in row.seats] == [ana["id"], None]


def test_stall_a_rated_table_always_has_a_clock(server: ThreadServer) -> None:
    for asked in (0, None):
        options = {} if asked is None else {"turn_seconds": asked}
        _http, _ana, created = rated_table(server, **options)
        turn = server.match(created["table"]["id"]).table_options["turn_seconds"]
        assert turn > 0, created["table"]
