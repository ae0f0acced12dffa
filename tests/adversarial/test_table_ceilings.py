"""Issue 37, finding 4: four addresses filled a table's 200 spectator places, and no per-address limit
had a ceiling at one table.

One address may hold a few spectator sockets at a table (`--max-spectators-per-address`), so that
filling a table takes many addresses; and what each address may send at a table (chat lines,
rematch answers) has a ceiling for the whole table too, so that many addresses, each within its
own allowance, still cannot flood one table.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tapete.server.http.sockets import SOCKETS_PER_TABLE

from .conftest import Socket, ThreadServer, http, own_server

TWO_HUMANS = {"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    # the socket's general rate is left high: only the allowances at one table are under test
    with own_server(tmp_path_factory.mktemp("ceilings"), rate_per_s=1000.0, rate_burst=1000) as started:
        yield started


def new_table(server: ThreadServer) -> tuple[str, str]:
    with http(server) as client:
        created = client.post("/api/tables", json={**TWO_HUMANS, "name": "Ana"}).json()
        client.post("/api/join", json={"code": created["invite_code"], "name": "Bea"})
    return created["table"]["id"], created["token"]


def watch(server: ThreadServer, table_id: str, address: str) -> Socket | dict[str, Any]:
    """A spectator socket from `address`, or the error that refused it."""
    sock = Socket(server, table_id, address)
    sock.send({"type": "hello", "token": None})
    first = sock.recv()
    if first["type"] == "welcome":
        sock.recv()  # the first state
        return sock
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        sock.recv(2)
    sock.close()
    return first


def quiet(sock: Socket, seconds: float = 0.3) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    with contextlib.suppress(TimeoutError):
        while True:
            got.append(sock.recv(seconds))
    return got


def test_a_few_addresses_cannot_fill_a_table_with_spectators(server: ThreadServer) -> None:
    table_id, _ = new_table(server)
    each = server.settings.max_spectators // 4  # four addresses, a quarter of the places each
    held: list[Socket] = []
    refused: dict[str, list[dict[str, Any]]] = {}
    for n in range(2, 6):
        address = f"127.0.0.{n}"
        for _ in range(each):
            got = watch(server, table_id, address)
            if isinstance(got, Socket):
                held.append(got)
            else:
                refused.setdefault(address, []).append(got)
    try:
        cap = server.settings.max_spectators_per_address
        assert len(held) == 4 * cap < server.settings.max_spectators, len(held)
        for errors in refused.values():
            assert {(e["code"], e["rule"]) for e in errors} == {("too_many_sockets", "limits")}
        # the table still has places for everyone else
        other = watch(server, table_id, "127.0.0.6")
        assert isinstance(other, Socket)
        held.append(other)
        # a place freed is a place to take again
        held.pop(0).close()
        deadline = time.monotonic() + 5
        while not isinstance(again := watch(server, table_id, "127.0.0.2"), Socket):
            assert time.monotonic() < deadline, again
            time.sleep(0.1)
        held.append(again)
    finally:
        for sock in held:
            sock.close()


def test_many_addresses_each_within_its_allowance_cannot_flood_one_table(server: ThreadServer) -> None:
    table_id, ana_token = new_table(server)
    reader = Socket(server, table_id)
    reader.hello(ana_token)
    quiet(reader, 0.1)
    burst, per_s = server.settings.chat_burst, server.settings.chat_per_s
    watchers = [sock for n in range(2, 8) for sock in [watch(server, table_id, f"127.0.0.{n}") for _ in range(3)]]
    assert all(isinstance(w, Socket) for w in watchers)
    started = time.monotonic()
    for i in range(burst):
        for watcher in watchers:
            assert isinstance(watcher, Socket)
            watcher.send({"type": "chat", "text": f"spam {i}"})
    refilled = (time.monotonic() - started) * SOCKETS_PER_TABLE * per_s
    told = len([m for m in quiet(reader, 0.5) if m["type"] == "chat"])
    refused = [m for w in watchers if isinstance(w, Socket) for m in quiet(w, 0.1) if m["type"] == "error"]
    try:
        # each address sent no more than its own allowance (3 sockets' worth): only the table's ceiling says no
        assert len(watchers) * burst <= 6 * 3 * burst
        assert {m["code"] for m in refused} == {"rate_limited"} and len(refused) + told == len(watchers) * burst
        assert told <= SOCKETS_PER_TABLE * burst + refilled + 1, told
    finally:
        for sock in (reader, *watchers):
            if isinstance(sock, Socket):
                sock.close()
