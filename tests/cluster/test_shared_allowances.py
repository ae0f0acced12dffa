"""Per-address allowances with two server processes: an address landing on both gets no more than on one.

Chat and rematch answers per table and address, and new identities, tables
and joins per address, were counted by each process alone: with
`--workers 2` an attacker who spread its sockets or requests over both
processes got twice the allowance. They are counted in Redis now.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import httpx
import pytest
import websockets

from tapete.server.http.sockets import REMATCH_BURST, REMATCH_PER_S, SOCKETS_PER_ADDRESS
from tapete.server.people.players import IDENTITIES_PER_MINUTE
from tapete.server.settings import ServerSettings
from tests.server.conftest import Client

from .conftest import Worker
from .test_chat_rematch import workers

pytestmark = pytest.mark.cluster

SOCKETS_EACH = 4  # spectator sockets on each process, all from 127.0.0.1


async def started(*procs: Worker) -> None:
    for worker in procs:
        worker.start()
    # two processes migrating and starting at once take a while on a loaded machine
    await asyncio.gather(*(asyncio.to_thread(w.wait_ready, 180) for w in procs))


async def spectator(url: str, table_id: str) -> Client:
    client = Client(await websockets.connect(f"{url.replace('http', 'ws')}/ws/tables/{table_id}"))
    await client.send({"type": "hello", "token": None})
    client.state = await client.next_of("state")
    return client


async def refusals(client: Client, quiet: float = 3.0) -> int:
    """How many `rate_limited` answers the socket got, once it has been quiet for `quiet` s."""
    with contextlib.suppress(TimeoutError):
        while True:
            await client.recv(quiet)
    return sum(e["code"] == "rate_limited" for e in client.errors)


async def flood(clients: list[Client], message: dict[str, object], each: int) -> tuple[int, float]:
    """Each socket sends `each` messages at once; (how many were let through, seconds it took)."""
    began = time.monotonic()
    for _ in range(each):
        for client in clients:
            await client.send(message)
    took = time.monotonic() - began
    refused = sum(await asyncio.gather(*(refusals(c) for c in clients)))
    return len(clients) * each - refused, took


async def test_chat_and_rematch_allowances_are_shared_by_the_processes(
    database: str, services: tuple[str, str], tmp_path: Path
) -> None:
    a, b = workers(database, services[1], tmp_path)
    defaults = ServerSettings()
    try:
        await started(a, b)
        async with httpx.AsyncClient(timeout=30) as http:
            made = await http.post(
                f"{a.url}/api/tables",
                json={"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}], "name": "Ana"},
            )
            assert made.status_code == 201, made.text
        table_id = made.json()["table"]["id"]
        clients = [await spectator(w.url, table_id) for w in (a, b) for _ in range(SOCKETS_EACH)]

        # each socket within its own chat burst: only the address's allowance can refuse
        per_socket = defaults.chat_burst
        through, took = await flood(clients, {"type": "chat", "text": "hola"}, per_socket)
        allowance = defaults.chat_burst * SOCKETS_PER_ADDRESS
        refill = took * defaults.chat_per_s * SOCKETS_PER_ADDRESS
        # one process alone would let `allowance` through from each of the two
        assert allowance <= through <= allowance + refill + 1, (through, allowance, took)

        for client in clients:
            client.errors.clear()
        # rematch answers at a match under way: refused as not finished, or as too many
        through, took = await flood(clients, {"type": "rematch"}, REMATCH_BURST)
        allowance = REMATCH_BURST * SOCKETS_PER_ADDRESS
        refill = took * REMATCH_PER_S * SOCKETS_PER_ADDRESS
        assert allowance <= through <= allowance + refill + 1, (through, allowance, took)
        for client in clients:
            await client.ws.close()
    finally:
        for worker in (a, b):
            worker.stop()


async def test_new_identities_per_address_are_shared_by_the_processes(
    database: str, services: tuple[str, str], tmp_path: Path
) -> None:
    a, b = workers(database, services[1], tmp_path)
    try:
        await started(a, b)
        async with httpx.AsyncClient(timeout=30) as http:
            began = time.monotonic()
            codes = [
                (await http.post(f"{worker.url}/api/players")).status_code
                for _ in range(IDENTITIES_PER_MINUTE)
                for worker in (a, b)
            ]
            refill = (time.monotonic() - began) * IDENTITIES_PER_MINUTE / 60
        # each process alone would have made IDENTITIES_PER_MINUTE
        assert IDENTITIES_PER_MINUTE <= codes.count(201) <= IDENTITIES_PER_MINUTE + refill + 1, codes
        assert set(codes) == {201, 429}
    finally:
        for worker in (a, b):
            worker.stop()
