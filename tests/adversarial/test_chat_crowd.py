"""A crowd in one table's chat (issue 37, finding 4).

Forty addresses, each within its own allowance, put 400 lines into one
table's chat in 2 s and then 44 a second: the only ceiling was per address.
An anonymous spectator got a new sender key on every reconnect, so muting
it did nothing; and a line of braille blanks (U+2800) or Hangul fillers
(U+3164) was taken and shown as an empty line.

Now the table has a ceiling of its own over every address (`chat_per_s`
and `chat_burst` times `SOCKETS_PER_TABLE`), an anonymous spectator keeps
one key per address while the table lives, and a line that shows nothing
is `bad_chat`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tapete.server.http.sockets import SOCKETS_PER_TABLE

from .conftest import Socket, ThreadServer, http, own_server

TWO_HUMANS = {"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}]}
CROWD = 40


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with own_server(
        tmp_path_factory.mktemp("chat-crowd"),
        rate_per_s=1000.0,
        rate_burst=1000,
        max_connections_per_address=1000,
        tables_per_minute=1e6,
        max_tables_per_address=1000,
        joins_per_minute=1e6,
    ) as started:
        yield started


def new_table(server: ThreadServer) -> tuple[str, str]:
    with http(server) as client:
        created = client.post("/api/tables", json={**TWO_HUMANS, "name": "Ana"}).json()
        client.post("/api/join", json={"code": created["invite_code"], "name": "Bea"})
    return created["table"]["id"], created["token"]


def spectator(server: ThreadServer, table_id: str, address: str) -> Socket:
    sock = Socket(server, table_id, address)
    sock.hello(None)
    return sock


def drain(sock: Socket, seconds: float = 0.2) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    with contextlib.suppress(TimeoutError):
        while True:
            got.append(sock.recv(seconds))
    return got


def test_forty_addresses_cannot_flood_one_table(server: ThreadServer) -> None:
    table_id, token = new_table(server)
    reader = Socket(server, table_id)
    reader.hello(token)
    crowd = [spectator(server, table_id, f"127.0.3.{n}") for n in range(1, CROWD + 1)]
    settings = server.settings
    ceiling_per_s, ceiling_burst = settings.chat_per_s * SOCKETS_PER_TABLE, settings.chat_burst * SOCKETS_PER_TABLE
    try:
        started = time.monotonic()
        sent = 0
        while time.monotonic() - started < 3.0:  # each address sends its whole allowance, then some
            for n, sock in enumerate(crowd):
                sock.send({"type": "chat", "text": f"spam {n} {sent}"})
            sent += 1
            for sock in crowd:  # read what they are told, so that each closes at once at the end
                drain(sock, 0.002)
        spent = time.monotonic() - started
        told = [m for m in drain(reader, 0.5) if m["type"] == "chat"]
        for sock in crowd:
            drain(sock, 0.01)
        # on the old server: every address's burst (15 lines each, 600 in all), then 1.5 a second each
        assert len(told) <= ceiling_burst + ceiling_per_s * spent + 2, (len(told), spent)
        assert len(told) >= ceiling_burst / 2  # the table still talks
    finally:
        for sock in (reader, *crowd):
            sock.close()


def test_an_anonymous_spectator_keeps_its_key_when_it_reconnects(server: ThreadServer) -> None:
    table_id, token = new_table(server)
    reader = Socket(server, table_id)
    reader.hello(token)
    keys = []
    try:
        for _ in range(3):  # write, leave, come back: the same key (and name), so a mute holds
            sock = spectator(server, table_id, "127.0.4.7")
            sock.send({"type": "chat", "text": "hola"})
            line = next(m for m in drain(reader, 0.5) if m["type"] == "chat")
            keys.append((line["sender"], line["name"]))
            sock.close()
        other = spectator(server, table_id, "127.0.4.8")
        other.send({"type": "chat", "text": "hola"})
        line = next(m for m in drain(reader, 0.5) if m["type"] == "chat")
        other.close()
        assert len(set(keys)) == 1 and keys[0][0].startswith(f"spectator:{table_id}:"), keys
        assert line["sender"] != keys[0][0] and line["name"] != keys[0][1]
    finally:
        reader.close()


@pytest.mark.parametrize(
    "text",
    [
        "\u2800",
        "\u2800\u2800\u2800",
        "\u3164",
        "\u3164 \u2800",
        "\u115f\u1160",
        "\uffa0",
        "\u034f\u034f",
        "\u0301",
        " \u2800\u200b\u3164 ",
    ],
)
def test_a_line_that_shows_nothing_is_refused(server: ThreadServer, text: str) -> None:
    table_id, token = new_table(server)
    sock = Socket(server, table_id)
    sock.hello(token)
    drain(sock)  # the states told as the seat connected
    try:
        sock.send({"type": "chat", "text": text})
        answer = sock.recv()
        assert answer["type"] == "error" and answer["code"] == "bad_chat", answer
        sock.send({"type": "chat", "text": f"ok{text}"})  # beside something that shows, they are words
        assert sock.recv()["type"] == "chat"
    finally:
        sock.close()
