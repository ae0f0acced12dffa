"""Passing for another player by taking their name, or one that reads the same.

Anyone could make an identity (or sit as a guest) called "Ana" while Ana
played: chat lines, profiles, leaderboards and seats then showed two Anas.
As on lichess or Board Game Arena, a name is one identity's: "ana",
"Аna" (a Cyrillic А), "Ａna" (fullwidth) and "Ana" with an invisible
character read as Ana and are refused with `name_taken`, for a new
identity and a rename; and two seats of one table never show names that
read alike. A refused request changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tapete.server.people.names import name_key

from .conftest import TIMEOUT, ThreadServer, own_server

LOOKALIKES = [
    "Ana",
    "ana",
    "ANA",
    "\u0410na",  # Cyrillic capital A
    "An\u0430",  # Cyrillic small a
    "\u0410\u043d\u0430"[:1] + "n\u0430",  # Cyrillic A and a around a Latin n
    "Ana\u200b",  # zero-width space (cleaned away)
    "Ana\u034f",  # combining grapheme joiner (invisible, not a format character)
    "Ana\u3164",  # Hangul filler (an invisible letter)
    "\uff21na",  # fullwidth A
    "\uff21\uff4e\uff41",  # all fullwidth
    "\U0001d400na",  # mathematical bold A
    " Ana ",
]
TWO_HUMANS = {"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}]}
_addresses = iter(range(2, 250))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with own_server(
        tmp_path_factory.mktemp("names"), tables_per_minute=1e6, max_tables_per_address=1000, joins_per_minute=1e6
    ) as started:
        yield started


def client(server: ThreadServer) -> httpx.Client:
    """A client from a loopback address of its own (identities are made on a quota per address)."""
    local = f"127.0.1.{next(_addresses)}"
    return httpx.Client(base_url=server.url, timeout=TIMEOUT, transport=httpx.HTTPTransport(local_address=local))


def header(player: dict[str, Any]) -> dict[str, str]:
    return {"X-Tapete-Player": f"{player['player_id']}:{player['secret']}"}


def refused_as_taken(answer: httpx.Response) -> None:
    assert answer.status_code == 409, answer.text
    error = answer.json()["error"]
    assert error["code"] == "name_taken" and error["es"] and error["en"] and error["es"] != error["en"]
    assert "secret" not in answer.json()


def test_every_lookalike_reads_as_one_name() -> None:
    assert {name_key(name) for name in LOOKALIKES} == {"ana"}
    for other in ("Anna", "Ána", "Ana María", "Ama", "Bea", "An a"):
        assert name_key(other) != "ana", other


@pytest.mark.parametrize("name", [n for n in LOOKALIKES if n != "Ana"])
def test_no_new_identity_nor_rename_takes_a_name_that_reads_as_another(server: ThreadServer, name: str) -> None:
    with client(server) as http:
        holder = http.post("/api/players", json={"name": "Ana"})
        if holder.status_code == 201:  # the first parametrised run makes her; the others find her there
            assert holder.json()["name"] == "Ana"
        refused_as_taken(http.post("/api/players", json={"name": name}))
        other = http.post("/api/players", json={"name": None}).json()
        before = http.get(f"/api/players/{other['player_id']}").json()
        refused_as_taken(
            http.put(f"/api/players/{other['player_id']}/name", json={"name": name}, headers=header(other))
        )
        assert http.get(f"/api/players/{other['player_id']}").json() == before  # nothing changed


def test_two_seats_of_a_table_never_show_names_that_read_alike(server: ThreadServer) -> None:
    with client(server) as http:
        made = http.post("/api/tables", json={"game": "bacan", "seats": [{"type": "human"}] * 3, "name": "Lola"})
        assert made.status_code == 201
        table_id, code = made.json()["table"]["id"], made.json()["invite_code"]
        for name in ("lola", "L\u043ela", "Lola\u200b", "\uff2cola"):
            refused_as_taken(http.post("/api/join", json={"code": code, "name": name}))
        seats = http.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["taken"] for s in seats] == [True, False, False]
        assert http.post("/api/join", json={"code": code, "name": "Lolo"}).status_code == 200
        # bots too: a bot's name is shown like a person's
        bots = {"game": "bacan", "seats": [{"type": "human"}, {"type": "bot", "level": "random", "name": "Max"}]}
        refused_as_taken(http.post("/api/tables", json={**bots, "name": "max"}))
        twins = {
            "game": "bacan",
            "seats": [
                {"type": "bot", "level": "random", "name": "Max"},
                {"type": "bot", "level": "random", "name": "MAX"},
            ],
        }
        refused_as_taken(http.post("/api/tables", json=twins))
