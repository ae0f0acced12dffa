"""Two server processes on one PostgreSQL database: ratings move exactly once per match, and a seat
joined through the process that does not own the table is linked to its player all the same."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from tapete.games import get_game
from tapete.server.people.players import LOGINS_PER_MINUTE_NAME
from tapete.server.people.ratings import match_finished
from tapete.server.settings import async_db_url
from tapete.server.storage.store import MatchRow, SeatRow, Store, matches, players, ratings, seats

from .conftest import Worker, free_port

pytestmark = pytest.mark.cluster

MATCHES = 30


def finished(match_id: str, first: str, second: str, winner: int) -> MatchRow:
    now = time.time()
    return MatchRow(
        id=match_id,
        game="boon",
        options={},
        table_options={},
        seed=1,
        num_players=2,
        status="finished",
        invite_code=match_id[-8:].upper(),
        public=False,
        created_at=now,
        finished_at=now,
        outcome={"winners": [winner], "scores": [1.0 - winner, float(winner)], "rounds": 1},
        seats=[SeatRow(0, "human", None, "Ana", None, first), SeatRow(1, "human", None, "Bea", None, second)],
    )


async def prepare(url: str) -> tuple[str, str]:
    """Two players and MATCHES finished matches between them that no process has settled yet."""
    store = Store(url)
    await store.open()
    try:
        async with store.engine.begin() as conn:
            await conn.execute(
                players.insert(),
                [
                    {"id": "player-ana", "name": "Ana", "created_at": 0.0},
                    {"id": "player-bea", "name": "Bea", "created_at": 0.0},
                ],
            )
        for i in range(MATCHES):
            row = finished(f"settle-me-{i:03d}", "player-ana", "player-bea", i % 3 == 0)
            await store.create_match(row)
            await store.set_status(row.id, "finished", finished_at=row.finished_at, outcome=row.outcome)
    finally:
        await store.close()
    return "player-ana", "player-bea"


async def counted(url: str) -> dict[str, int]:
    store = Store(url)
    try:
        async with store.engine.connect() as conn:
            rows = await conn.execute(sa.select(ratings.c.subject, ratings.c.matches))
            return {r.subject: r.matches for r in rows}
    finally:
        await store.engine.dispose()


async def test_two_stores_settling_at_once_count_each_match_once(database: str) -> None:
    """As two processes would: two engines race to settle the same matches."""
    url = async_db_url(database)
    await prepare(url)
    stores = [Store(url), Store(url)]
    try:
        ids = [f"settle-me-{i:03d}" for i in range(MATCHES)]
        results = await asyncio.gather(*(match_finished(s, m, get_game) for m in ids for s in stores))
        assert sum(results) == MATCHES  # one of the two, for every match
    finally:
        for s in stores:
            await s.engine.dispose()
    assert await counted(url) == {"player-ana": MATCHES, "player-bea": MATCHES}


async def test_two_worker_processes_rate_exactly_once_and_link_relayed_seats(
    database: str, services: tuple[str, str], tmp_path: Path
) -> None:
    url = async_db_url(database)
    await prepare(url)
    port = free_port()
    a, b = (Worker(port, database, services[1], tmp_path / f"{name}.log", 2.0) for name in "ab")
    for worker in (a, b):
        worker.start()  # both sweep the unsettled matches as they start
    try:
        await asyncio.gather(asyncio.to_thread(a.wait_ready), asyncio.to_thread(b.wait_ready))
        async with httpx.AsyncClient(timeout=30) as http:
            for _ in range(200):
                board = (await http.get(f"{b.url}/api/ratings/boon")).json()
                if board["total"] == 2 and all(e["matches"] == MATCHES for e in board["items"]):
                    break
                await asyncio.sleep(0.1)
            assert [(e["name"], e["matches"]) for e in board["items"]] == [("Ana", MATCHES), ("Bea", MATCHES)]

            ana = (await http.post(f"{a.url}/api/players", json={"name": "Ana"})).json()
            bea = (await http.post(f"{b.url}/api/players", json={"name": "Bea"})).json()
            body = {"game": "boon", "seats": [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "random"}]}
            made = await http.post(
                f"{a.url}/api/tables", json=body, headers={"X-Tapete-Player": f"{ana['player_id']}:{ana['secret']}"}
            )
            assert made.status_code == 201, made.text
            created = made.json()
            joined = await http.post(
                f"{b.url}/api/join",
                json={"code": created["invite_code"]},  # relayed to a
                headers={"X-Tapete-Player": f"{bea['player_id']}:{bea['secret']}"},
            )
            assert joined.status_code == 200, joined.text
            wrong = await http.post(
                f"{b.url}/api/join",
                json={"code": created["invite_code"]},
                headers={"X-Tapete-Player": f"{bea['player_id']}:wrong"},
            )
            assert wrong.status_code == 401

            # sign-in attempts are counted across the processes: alternating between them gains nothing
            protected = await http.post(
                f"{a.url}/api/players/{ana['player_id']}/password",
                json={"password": "correct horse"},
                headers={"X-Tapete-Player": f"{ana['player_id']}:{ana['secret']}"},
            )
            assert protected.status_code == 200, protected.text
            codes = []
            for i in range(LOGINS_PER_MINUTE_NAME + 1):
                worker = (a, b)[i % 2]
                answer = await http.post(f"{worker.url}/api/login", json={"name": "Ana", "password": "a guess!"})
                codes.append(answer.json()["error"]["code"])
            assert codes == ["bad_login"] * LOGINS_PER_MINUTE_NAME + ["rate_limited"]
    finally:
        for worker in (a, b):
            worker.stop()
    store = Store(url)
    try:
        async with store.engine.connect() as conn:
            linked = await conn.execute(
                sa.select(seats.c.seat, seats.c.player_id)
                .where(seats.c.match_id == created["table"]["id"])
                .order_by(seats.c.seat)
            )
            assert [tuple(r) for r in linked] == [(0, ana["player_id"]), (1, bea["player_id"]), (2, None)]
            unsettled = await conn.scalar(
                sa.select(sa.func.count())
                .select_from(matches)
                .where(matches.c.status == "finished", matches.c.rated_at.is_(None))
            )
            assert unsettled == 0
    finally:
        await store.engine.dispose()
    assert await counted(url) == {"player-ana": MATCHES, "player-bea": MATCHES}
