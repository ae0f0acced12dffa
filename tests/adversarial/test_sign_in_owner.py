"""Sign-in as a hostile client sees it (issue 37, finding 3): locking the owner out, a stolen device
secret, and the queue of slow hashes.

Five wrong guesses for a name used to refuse the owner too (429 with the
right password); a device secret alone set a new password, signing out no
other device (a stolen secret stayed valid); and every argon2id hash waited
in one unbounded queue, so 30 sign-ins from 3 addresses held the owner's
for seconds. Now a device that signed in once keeps a device token whose
sign-ins are counted apart (the owner's right password from it is always
taken), wrong guesses back off per address, a new password needs the old
one and signs out every other device (as "sign out everywhere" does), and
the hashes are taken in turn from a bounded queue.

The attackers come from loopback addresses of their own (127.0.5.x).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tapete.server.people.signin import BACKOFF_FREE, LOGINS_PER_MINUTE_NAME, LoginGuard, backoff_s

from .conftest import TIMEOUT, ThreadServer, own_server

_addresses = iter(range(2, 250))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with own_server(tmp_path_factory.mktemp("sign-in")) as started:
        yield started


def client(server: ThreadServer) -> httpx.Client:
    local = f"127.0.5.{next(_addresses)}"
    return httpx.Client(base_url=server.url, timeout=TIMEOUT, transport=httpx.HTTPTransport(local_address=local))


def header(player: dict[str, Any]) -> dict[str, str]:
    return {"X-Tapete-Player": f"{player['player_id']}:{player['secret']}"}


def protected(server: ThreadServer, name: str, password: str) -> tuple[dict[str, Any], httpx.Client]:
    """An identity protected by a password, and the owner's client (their own address)."""
    owner = client(server)
    made = owner.post("/api/players", json={"name": name}).json()
    assert (
        owner.post(
            f"/api/players/{made['player_id']}/password", json={"password": password}, headers=header(made)
        ).status_code
        == 200
    )
    return made, owner


def test_guesses_never_lock_the_owner_out_of_a_known_device(server: ThreadServer) -> None:
    _, owner = protected(server, "Owen", "owen's own words")
    first = owner.post("/api/login", json={"name": "Owen", "password": "owen's own words"})
    assert first.status_code == 200 and first.json()["device"], first.text
    device = first.json()["device"]
    guessers = [client(server) for _ in range(3)]
    signed_in = 0
    for round_ in range(6):  # an attacker at three addresses spends the name's allowance again and again
        for n, guesser in enumerate(guessers):
            guess = guesser.post("/api/login", json={"name": "Owen", "password": f"guess {round_} {n}"})
            assert guess.status_code in (401, 429)
        answer = owner.post("/api/login", json={"name": "Owen", "password": "owen's own words", "device": device})
        assert answer.status_code == 200, answer.text
        assert answer.json()["device"] == device  # a known device keeps its token
        signed_in += 1
    assert signed_in == 6
    # an unknown device (the attacker's, or the owner's new phone) still meets the name's allowance
    stranger = client(server).post("/api/login", json={"name": "Owen", "password": "owen's own words"})
    assert stranger.status_code == 429
    # a made-up device token is an unknown device
    made_up = client(server).post("/api/login", json={"name": "Owen", "password": "x" * 10, "device": "forged"})
    assert made_up.status_code == 429


def test_wrong_guesses_back_off_per_address() -> None:
    assert [backoff_s(n) for n in range(BACKOFF_FREE)] == [0.0] * BACKOFF_FREE
    assert [backoff_s(BACKOFF_FREE + n) for n in range(4)] == [1.0, 2.0, 4.0, 8.0]
    assert backoff_s(BACKOFF_FREE + 30) == 60.0

    async def run() -> list[float]:
        guard = LoginGuard()
        for _ in range(BACKOFF_FREE + 2):
            await guard.failed("10.0.0.1")
        waits = [await guard.wait_s("10.0.0.1"), await guard.wait_s("10.0.0.2")]
        await guard.succeeded("10.0.0.1")
        return [*waits, await guard.wait_s("10.0.0.1")]

    waits = asyncio.run(run())
    assert 3.0 < waits[0] <= 4.0 and waits[1:] == [0.0, 0.0]


def test_a_stolen_device_secret_cannot_set_the_password_and_dies_when_the_owner_changes_it(
    server: ThreadServer,
) -> None:
    rosa, laptop = protected(server, "Rosalind", "first password")
    phone = laptop.post("/api/login", json={"name": "Rosalind", "password": "first password"}).json()
    with client(server) as thief:  # holds the phone's secret
        path = f"/api/players/{rosa['player_id']}/password"
        for body in ({"password": "thief's password"}, {"password": "thief's password", "old_password": "guess1"}):
            refused = thief.post(path, json=body, headers=header(phone))
            assert refused.status_code == 403 and refused.json()["error"]["rule"] == "password", refused.text
        refused = thief.post(
            f"/api/players/{rosa['player_id']}/sign-out-everywhere", json={"password": "guess2"}, headers=header(phone)
        )
        assert refused.status_code == 403
        assert thief.get("/api/tables", headers=header(phone)).status_code == 200  # still valid so far
        # the owner changes the password from the laptop, with the old one: every other device is out
        changed = laptop.post(
            path, json={"password": "second password", "old_password": "first password"}, headers=header(rosa)
        )
        assert changed.status_code == 200, changed.text
        out = thief.post("/api/tables", json={"game": "bacan"}, headers=header(phone))
        assert out.status_code == 401 and out.json()["error"]["code"] == "bad_identity"
        assert laptop.post("/api/tables", json={"game": "bacan"}, headers=header(rosa)).status_code == 201
    # "sign out everywhere": a new phone, then the laptop signs every other device out
    phone = laptop.post("/api/login", json={"name": "Rosalind", "password": "second password"}).json()
    done = laptop.post(
        f"/api/players/{rosa['player_id']}/sign-out-everywhere",
        json={"password": "second password"},
        headers=header(rosa),
    )
    assert done.status_code == 200 and done.json()["signed_out"] == 1, done.text
    assert laptop.post("/api/tables", json={"game": "bacan"}, headers=header(phone)).status_code == 401
    assert laptop.post("/api/tables", json={"game": "bacan"}, headers=header(rosa)).status_code == 201
    laptop.close()


def test_a_flood_of_sign_ins_does_not_hold_up_the_owners(server: ThreadServer) -> None:
    _, owner = protected(server, "Tamsin", "tamsin's words")
    device = owner.post("/api/login", json={"name": "Tamsin", "password": "tamsin's words"}).json()["device"]
    started = time.monotonic()  # a sign-in alone: one hash (its time depends on the machine's load)
    assert (
        owner.post("/api/login", json={"name": "Tamsin", "password": "tamsin's words", "device": device}).status_code
        == 200
    )
    alone = time.monotonic() - started
    flooders = [client(server) for _ in range(3)]

    def guess(i: int) -> int:
        # each address asks for ten sign-ins at once (of names nobody has: each costs a hash all the same)
        return flooders[i % 3].post("/api/login", json={"name": f"nobody {i}", "password": "whatever1"}).status_code

    with concurrent.futures.ThreadPoolExecutor(30) as pool:
        flood = [pool.submit(guess, i) for i in range(30)]
        time.sleep(0.05)  # the flood is queued first
        started = time.monotonic()
        answer = owner.post("/api/login", json={"name": "Tamsin", "password": "tamsin's words", "device": device})
        waited = time.monotonic() - started
        codes = [f.result() for f in flood]
    assert answer.status_code == 200, answer.text
    # behind at most the hash under way: it was 30 hashes' time (6.3 s on a quiet machine) in one queue
    assert waited < 4 * alone + 0.5, (waited, alone)
    assert codes.count(429) > 0 and set(codes) <= {401, 429}  # the queue is bounded: the rest refused at once
    assert LOGINS_PER_MINUTE_NAME == 5
