"""Finding 3: anyone could exhaust the server (1,000 tables in 3.8 s, none ever deleted or expired,
`GET /api/tables` unpaged, search-bot tables starving people's tables).

Tables per address and their creation rate, the join rate, waiting tables
that expire or are closed by their creator, paging, and a cap on search
bots per table; search bots think in one shared pool on a budget.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tapete.server.table.thinking import FairQueue, Job, ThinkingPool

from .conftest import Socket, ThreadServer, http, own_server

TWO_HUMANS = {"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}]}


@pytest.fixture(scope="module")
def strict_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with own_server(
        tmp_path_factory.mktemp("quotas"),
        max_tables_per_address=3,
        tables_per_minute=6,
        joins_per_minute=4,
        page_size=2,
        page_max=3,
    ) as server:
        yield server


def error(answer: Any) -> dict[str, Any]:
    data: dict[str, Any] = answer.json()["error"]
    assert data["es"] and data["en"] and data["es"] != data["en"]
    return data


def test_tables_per_address_creation_rate_and_closing(strict_server: ThreadServer) -> None:
    with http(strict_server) as client:
        made = [client.post("/api/tables", json=TWO_HUMANS) for _ in range(3)]
        assert all(a.status_code == 201 for a in made)
        fourth = client.post("/api/tables", json=TWO_HUMANS)
        assert fourth.status_code == 429 and error(fourth)["code"] == "too_many_tables"
        # the creator closes one: a fourth may be made
        first = made[0].json()
        closed = client.post(f"/api/tables/{first['table']['id']}/close", json={"token": first["token"]})
        assert closed.status_code == 200 and closed.json()["closed"] is True
        assert client.post("/api/tables", json=TWO_HUMANS).status_code == 201  # the 5th request of 6 a minute
        second = made[1].json()
        client.post(f"/api/tables/{second['table']['id']}/close", json={"token": second["token"]})
        assert client.post("/api/tables", json=TWO_HUMANS).status_code == 201  # the 6th
        third = made[2].json()
        client.post(f"/api/tables/{third['table']['id']}/close", json={"token": third["token"]})
        seventh = client.post("/api/tables", json=TWO_HUMANS)  # refused before it is even read
        assert seventh.status_code == 429 and error(seventh)["code"] == "rate_limited"
        assert error(seventh)["rule"] == "quota"


def test_the_join_rate_is_limited(strict_server: ThreadServer) -> None:
    with http(strict_server) as client:
        answers = [client.post("/api/join", json={"code": f"NOPE{i:04d}"}) for i in range(6)]
    assert [a.status_code for a in answers[:4]] == [400] * 4
    assert answers[5].status_code == 429 and error(answers[5])["code"] == "rate_limited"


def test_only_the_creator_closes_and_only_a_waiting_table(tmp_path: Path) -> None:
    with own_server(tmp_path) as server, http(server) as client:
        created = client.post("/api/tables", json={**TWO_HUMANS, "seats": TWO_HUMANS["seats"] * 2}).json()
        table_id = created["table"]["id"]
        joined = client.post("/api/join", json={"code": created["invite_code"]}).json()
        watcher = Socket(server, table_id)
        watcher.hello(None)
        for token in (joined["token"], "x" * 20):
            answer = client.post(f"/api/tables/{table_id}/close", json={"token": token})
            assert answer.status_code == 401 and error(answer)["code"] == "bad_token"
        answer = client.post(f"/api/tables/{table_id}/close", json={"token": created["token"]})
        assert answer.status_code == 200
        # the watcher is told, then the socket is closed as for a table that is not there
        assert watcher.recv() == {"type": "closed", "table": table_id, "reason": "closed"}
        with pytest.raises(ConnectionClosed) as closed:
            watcher.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
        assert client.get(f"/api/tables/{table_id}").status_code == 404
        assert client.post("/api/join", json={"code": created["invite_code"]}).status_code == 400
        # a table being played cannot be closed
        playing = client.post("/api/tables", json=TWO_HUMANS).json()
        client.post("/api/join", json={"code": playing["invite_code"]})
        answer = client.post(f"/api/tables/{playing['table']['id']}/close", json={"token": playing["token"]})
        assert answer.status_code == 409 and error(answer)["code"] == "already_started"


def test_waiting_tables_expire_and_are_not_restored(tmp_path: Path) -> None:
    with own_server(tmp_path, waiting_ttl=0.6) as server, http(server) as client:
        created = client.post("/api/tables", json=TWO_HUMANS).json()
        table_id = created["table"]["id"]
        assert client.get(f"/api/tables/{table_id}").status_code == 200
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{table_id}").status_code == 200:
            assert time.monotonic() < deadline, "the waiting table did not expire"
            time.sleep(0.1)
        assert client.get(f"/api/tables/{table_id}").json()["error"]["code"] == "table_not_found"
        assert table_id not in server.app.state.tapete.tables.runners
    with own_server(tmp_path, waiting_ttl=3600) as server, http(server) as client:
        assert client.get(f"/api/tables/{table_id}").status_code == 404
        # and one left waiting past its time while the server was down is not restored either
        created = client.post("/api/tables", json=TWO_HUMANS).json()
    time.sleep(0.3)
    with own_server(tmp_path, waiting_ttl=0.2) as server:
        assert created["table"]["id"] not in server.app.state.tapete.tables.runners


def test_the_table_list_is_paged(tmp_path: Path) -> None:
    with own_server(tmp_path, page_size=2, page_max=3) as server, http(server) as client:
        for _ in range(5):
            client.post("/api/tables", json=TWO_HUMANS)
        whole = client.get("/api/tables", params={"limit": 100}).json()
        assert whole["total"] == 5 and len(whole["tables"]) == 3 and whole["next"] == 3  # page_max is 3
        page = client.get("/api/tables").json()
        assert len(page["tables"]) == 2 and page["next"] == 2 and page["offset"] == 0
        middle = client.get("/api/tables", params={"offset": 2}).json()
        last = client.get("/api/tables", params={"offset": 4}).json()
        assert last["next"] is None and len(last["tables"]) == 1
        ids = [t["id"] for p in (page, middle, last) for t in p["tables"]]
        assert len(set(ids)) == len(ids) == 5
        for bad in ({"limit": 0}, {"offset": -1}, {"limit": "x"}):
            assert client.get("/api/tables", params=bad).status_code == 422


def test_search_bots_per_table_are_capped(tmp_path: Path) -> None:
    seats = [{"type": "human"}] + [{"type": "bot", "level": "ismcts-hard"}] * 3
    with own_server(tmp_path) as server, http(server) as client:
        answer = client.post("/api/tables", json={"game": "bacan", "seats": seats, "join": False})
        assert answer.status_code == 400
        assert error(answer)["code"] == "bad_request" and error(answer)["rule"] == "search-bots"
        two = [*seats[:3], {"type": "bot", "level": "heuristic"}]
        assert client.post("/api/tables", json={"game": "bacan", "seats": two, "join": False}).status_code == 201
    with own_server(tmp_path, max_search_bots_per_table=3) as server, http(server) as client:
        assert client.post("/api/tables", json={"game": "bacan", "seats": seats, "join": False}).status_code == 201


def test_search_bots_take_fair_turns_by_address_then_by_table() -> None:
    """Turns go round the addresses, and each address's round its tables: a table waits behind at
    most one turn of each other table, however many tables the others have and turns they ask for
    (the tables of one address share its turns: they wait behind one another's)."""
    queue = FairQueue()
    loop = asyncio.new_event_loop()
    jobs = [
        Job(group, key, lambda n: ("x",), loop.create_future())
        for group, key, count in (("flood", "f1", 5), ("flood", "f2", 5), ("flood", "f3", 5), ("victim", "v", 3))
        for _ in range(count)
    ]
    for job in jobs:
        queue.push(job)
    order = []
    while (job := queue.pop()) is not None:
        order.append(job.key)
    loop.close()
    assert len(order) == len(jobs)
    assert order[:6] == ["f1", "v", "f2", "v", "f3", "v"]
    turns = [i for i, k in enumerate(order) if k == "v"]
    for a, b in itertools.pairwise([-1, *turns]):  # between two of the victim's turns, one of each other table
        between = order[a + 1 : b]
        assert len(between) == len(set(between)) <= 3, between
    assert order[6:] == ["f1", "f2", "f3"] * 4  # and the flood's tables take their turns in turn


def test_the_server_thinks_in_processes_of_its_own(tmp_path: Path) -> None:
    with own_server(tmp_path) as server, http(server) as client:
        created = client.post(
            "/api/tables",
            json={
                "game": "bacan",
                "join": False,
                "seats": [{"type": "bot", "level": "ismcts-easy"}, {"type": "bot", "level": "heuristic"}],
            },
        ).json()
        table_id = created["table"]["id"]
        pool = server.app.state.tapete.tables.thinking
        assert isinstance(pool, ThinkingPool)
        (process,) = [p for p in pool.processes if p is not None]
        assert process.process.pid != os.getpid() and table_id in process.tables
        deadline = time.monotonic() + 60
        while pool.decisions - pool.fallbacks < 5:  # its search bot's answers come from there
            assert time.monotonic() < deadline, pool.summary()
            time.sleep(0.2)
        assert server.runner(table_id).version > 0
