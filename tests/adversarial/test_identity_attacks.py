"""Player identities as a hostile client sees them (issue 17): guessing, enumerating, acting as another.

Against a live server: ids are not sequential, a wrong identity is refused
without saying which half was wrong, malformed headers are refused (never a
500), one player cannot change another, sign-in is rate limited per address
and per name (the second address is another loopback address: Linux
answers all of 127/8), identities are created on a quota per address, and
the profile, history and leaderboard pages page within bounds.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tapete.server.people.players import (
    IDENTITIES_PER_MINUTE,
    LOGINS_PER_MINUTE_ADDRESS,
    LOGINS_PER_MINUTE_NAME,
    PASSWORDS_PER_MINUTE,
    hash_secret,
)

from .conftest import TIMEOUT, LogLines, Socket, ThreadServer, own_server

HEADER = "X-Tapete-Player"
TABLE = {"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with own_server(tmp_path_factory.mktemp("identity")) as started:
        yield started


_addresses = iter(range(2, 250))


def client_from(server: ThreadServer, address: str | None = None) -> httpx.Client:
    """A client from a loopback address of its own (a fresh one each call): quotas count per address."""
    local = address or f"127.0.0.{next(_addresses)}"
    return httpx.Client(base_url=server.url, timeout=TIMEOUT, transport=httpx.HTTPTransport(local_address=local))


def identity(client: httpx.Client, name: str | None = None) -> dict[str, Any]:
    answer = client.post("/api/players", json={"name": name})
    assert answer.status_code == 201, answer.text
    found: dict[str, Any] = answer.json()
    return found


def header(player: dict[str, Any], secret: str | None = None) -> dict[str, str]:
    return {HEADER: f"{player['player_id']}:{secret or player['secret']}"}


def other_id(player: dict[str, Any]) -> str:
    """The player's id with its first character changed: an id nobody has."""
    first = "B" if player["player_id"][0] == "A" else "A"
    return first + player["player_id"][1:]


def error(answer: httpx.Response) -> dict[str, Any]:
    found: dict[str, Any] = answer.json()["error"]
    return found


def test_ids_and_secrets_are_random_not_sequential(server: ThreadServer) -> None:
    made = []
    for _ in range(3):
        with client_from(server) as client:
            made += [identity(client) for _ in range(IDENTITIES_PER_MINUTE)]
    ids = [p["player_id"] for p in made]
    assert len(set(ids)) == len(ids) and len({p["secret"] for p in made}) == len(made)
    # two ids made one after the other share no more than chance: no counter, no clock in them
    shared = [len(_common_prefix(a, b)) for a, b in itertools.pairwise(ids)]
    assert max(shared) <= 3, shared
    assert all(len(i) >= 16 and len(p["secret"]) >= 22 for i, p in zip(ids, made, strict=True))  # >= 96 / 128 bits


def _common_prefix(a: str, b: str) -> str:
    size = 0
    while size < min(len(a), len(b)) and a[size] == b[size]:
        size += 1
    return a[:size]


def test_a_wrong_identity_does_not_say_which_part_was_wrong(server: ThreadServer) -> None:
    with client_from(server) as client:
        ana, bea = identity(client, "Alba"), identity(client, "Berta")
        wrong_secret = client.post("/api/tables", json=TABLE, headers=header(ana, bea["secret"]))
        unknown = {HEADER: f"{other_id(ana)}:{ana['secret']}"}
        unknown_id = client.post("/api/tables", json=TABLE, headers=unknown)
        nobody = client.post("/api/tables", json=TABLE, headers={HEADER: "x:y"})
        assert wrong_secret.status_code == unknown_id.status_code == nobody.status_code == 401
        assert wrong_secret.json() == unknown_id.json() == nobody.json()  # one answer, whichever half is wrong
        assert error(wrong_secret)["code"] == "bad_identity"
        assert client.get("/api/tables").json()["total"] == 0  # nothing was made


@pytest.mark.parametrize(
    "value",
    [
        b"no-colon",
        b":",
        b"a:",
        b":b",
        b"x" * 6000,
        b"a" * 33 + b":secret",
        b"id:" + b"s" * 129,
        "\u00e9l:\u00e9l".encode("latin-1"),
        "j\u00fcrgen:geheim".encode(),
        b"\xff\xfe:\x80\x81",
        b"id:secret:more",
        b"a :\tb",
    ],
)
def test_malformed_identity_headers_are_refused_and_change_nothing(server: ThreadServer, value: bytes) -> None:
    with client_from(server) as client:
        before = client.get("/api/tables").json()["total"]
        answer = client.post("/api/tables", json=TABLE, headers={HEADER: value})
        assert answer.status_code == 401 and error(answer)["code"] == "bad_identity", answer.text
        assert error(answer)["es"] and error(answer)["en"]
        assert client.get("/api/tables").json()["total"] == before


def test_a_player_cannot_act_as_another(server: ThreadServer) -> None:
    with client_from(server) as client:
        ana, eve = identity(client, "Ana"), identity(client, "Eve")
        attempts = [
            client.put(f"/api/players/{ana['player_id']}/name", json={"name": "Eve"}, headers=header(eve)),
            client.post(
                f"/api/players/{ana['player_id']}/password", json={"password": "eve owns ana"}, headers=header(eve)
            ),
            # Eve's id with Ana's secret, and the other way round: a secret belongs to one player
            client.put(
                f"/api/players/{ana['player_id']}/name",
                json={"name": "Eve"},
                headers={HEADER: f"{eve['player_id']}:{ana['secret']}"},
            ),
            client.put(
                f"/api/players/{ana['player_id']}/name",
                json={"name": "Eve"},
                headers={HEADER: f"{ana['player_id']}:{eve['secret']}"},
            ),
            client.put(f"/api/players/{ana['player_id']}/name", json={"name": "Eve"}),
        ]
        assert [a.status_code for a in attempts] == [403, 403, 401, 401, 401], [a.text for a in attempts]
        profile = client.get(f"/api/players/{ana['player_id']}").json()
        assert profile["name"] == "Ana" and set(profile) == {"player_id", "name", "games", "ratings"}
        # the password was never set: nobody signs in as Ana with Eve's word
        assert client.post("/api/login", json={"name": "Ana", "password": "eve owns ana"}).status_code == 401


def test_sign_in_is_limited_per_name_across_addresses_and_per_address_across_names(server: ThreadServer) -> None:
    with client_from(server) as owner:
        ana = identity(owner, "Rosa")
        assert (
            owner.post(
                f"/api/players/{ana['player_id']}/password", json={"password": "correct horse"}, headers=header(ana)
            ).status_code
            == 200
        )
    with client_from(server) as first:
        tries = [
            first.post("/api/login", json={"name": "Rosa", "password": f"guess {i}"})
            for i in range(LOGINS_PER_MINUTE_NAME)
        ]
        assert {a.status_code for a in tries} == {401}
        # an unknown name and a wrong password are the same answer: names are not enumerated
        unknown = first.post("/api/login", json={"name": "Nobody At All", "password": "whatever1"})
        assert unknown.json() == tries[0].json()
    with client_from(server) as second:  # a fresh address, the same name (any case): refused before checking
        refused = second.post("/api/login", json={"name": "ROSA", "password": "correct horse"})
        assert refused.status_code == 429 and error(refused)["code"] == "rate_limited"
        assert "correct horse" not in refused.text
        other = second.post("/api/login", json={"name": "Someone Else", "password": "whatever1"})
        assert other.status_code == 401  # the name is limited, not this address
    with client_from(server) as guesser:  # one address, a new name every time
        started = time.monotonic()
        codes = [
            guesser.post("/api/login", json={"name": f"Name {i}", "password": "whatever1"}).status_code
            for i in range(2 * LOGINS_PER_MINUTE_ADDRESS)
        ]
        refilled = (time.monotonic() - started) * LOGINS_PER_MINUTE_ADDRESS / 60  # each check takes argon2's time
        assert codes[:LOGINS_PER_MINUTE_ADDRESS] == [401] * LOGINS_PER_MINUTE_ADDRESS and codes[-1] == 429, codes
        assert codes.count(401) <= LOGINS_PER_MINUTE_ADDRESS + refilled + 1, codes


def test_identities_are_made_on_a_quota_per_address(server: ThreadServer) -> None:
    with client_from(server) as client:
        answers = [client.post("/api/players") for _ in range(IDENTITIES_PER_MINUTE + 1)]
        assert [a.status_code for a in answers] == [201] * IDENTITIES_PER_MINUTE + [429]
        assert error(answers[-1])["code"] == "rate_limited" and "secret" not in answers[-1].json()
    with client_from(server) as other:
        assert other.post("/api/players").status_code == 201  # another address is not held back


@pytest.mark.parametrize(
    "query",
    [
        "offset=-1",
        "limit=0",
        "limit=-5",
        "limit=101",
        "limit=1000000",
        "offset=abc",
        "limit=1.5",
        "offset=1e3",
        "limit=",
        "offset=99999999999999999999999999",
        "offset=0x10",
        "limit=%00",
    ],
)
def test_paging_parameters_out_of_range_are_a_clear_422(server: ThreadServer, query: str) -> None:
    with client_from(server) as client:
        ana = identity(client)  # a name of the server's choosing: names are one identity's, and this runs per query
        for path in (f"/api/players/{ana['player_id']}/matches", "/api/ratings/bacan"):
            answer = client.get(f"{path}?{query}")
            assert answer.status_code == 422, (path, query, answer.text)
            assert error(answer)["code"] == "bad_request" and error(answer)["es"] != error(answer)["en"]


def test_unknown_players_and_games_are_clear_404s(server: ThreadServer) -> None:
    with client_from(server) as client:
        for path in (
            "/api/players/nobody",
            "/api/players/nobody/matches",
            "/api/players/" + "x" * 5000,
            "/api/players/%00/matches",
            "/api/players/%C3%A9%E2%80%AE",
        ):
            answer = client.get(path)
            assert answer.status_code == 404 and error(answer)["code"] == "player_not_found", (path, answer.text)
        for game in ("nope", "%00", "bacan%00", "x" * 3000):
            answer = client.get(f"/api/ratings/{game}")
            assert answer.status_code == 404 and error(answer)["code"] == "unknown_game", answer.text
            assert len(answer.content) < 1000  # the unknown id is not echoed back at any length


def test_a_socket_hello_with_a_wrong_identity_is_closed_and_no_secret_is_logged(
    server: ThreadServer, log_lines: LogLines
) -> None:
    with client_from(server) as client:
        ana = identity(client, "Aurora")
        created = client.post("/api/tables", json=TABLE, headers=header(ana)).json()
        table_id = created["table"]["id"]
    wrong = "W" * 32
    hellos: list[Any] = [
        {"id": ana["player_id"], "secret": wrong},  # a wrong secret
        {"id": other_id(ana), "secret": ana["secret"]},  # someone's secret, another id
        {"id": "x" * 33, "secret": ana["secret"]},
        {"id": ana["player_id"], "secret": "s" * 129},
        {"id": "\u00e9\u202e", "secret": "\u00fc\x00"},
        {"id": ana["player_id"], "secret": ana["secret"], "admin": True},
        f"{ana['player_id']}:{ana['secret']}",
        {"id": ana["player_id"]},
    ]
    for player in hellos:
        sock = Socket(server, table_id)
        sock.send({"type": "hello", "token": created["token"], "player": player})
        refused = sock.recv()
        assert refused["type"] == "error" and refused["code"] in ("bad_identity", "bad_message"), (player, refused)
        assert ana["secret"] not in json.dumps(refused) and wrong not in json.dumps(refused)
        with pytest.raises(ConnectionClosed):  # closed, as for a wrong token
            sock.recv()
    good = Socket(server, table_id)
    good.send({"type": "hello", "token": created["token"], "player": {"id": ana["player_id"], "secret": ana["secret"]}})
    welcome = good.recv()
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    seen = json.dumps(welcome) + json.dumps(good.recv())
    good.close()
    logged = "\n".join(log_lines.snapshot())
    assert "socket attached" in logged  # the capture does see the server's lines
    for secret in (ana["secret"], hash_secret(ana["secret"]), wrong, created["token"]):
        assert secret not in logged and secret not in seen


def test_setting_a_password_again_and_again_is_rate_limited(server: ThreadServer) -> None:
    """Each password is hashed with argon2id (~50 ms of a core, in the one thread sign-ins use too):
    without a limit one identity could keep that thread busy and sign-ins waiting behind it."""
    with client_from(server) as client:
        mallory = identity(client, "Mallory")
        started = time.monotonic()
        codes = [
            client.post(
                f"/api/players/{mallory['player_id']}/password",
                json={"password": f"password {i}"},
                headers=header(mallory),
            ).status_code
            for i in range(3 * PASSWORDS_PER_MINUTE)
        ]
        refilled = (time.monotonic() - started) * PASSWORDS_PER_MINUTE / 60
        assert codes[0] == 200 and codes[-1] == 429, codes
        assert codes.count(200) <= PASSWORDS_PER_MINUTE + refilled + 1, codes
        # the limit is this player's: another one protects theirs at once
        other = identity(client, "Olga")
        assert (
            client.post(
                f"/api/players/{other['player_id']}/password", json={"password": "olga's own"}, headers=header(other)
            ).status_code
            == 200
        )


def test_a_match_under_way_is_in_no_history_nor_profile(server: ThreadServer) -> None:
    """A public history lists finished matches only: one under way would point anyone at its record
    and replay while its seats still hold hidden cards."""
    with client_from(server) as client:
        ana, bea = identity(client, "Adela"), identity(client, "Bea")
        created = client.post("/api/tables", json=TABLE, headers=header(ana)).json()
        client.post("/api/join", json={"code": created["invite_code"]}, headers=header(bea)).raise_for_status()
        table_id = created["table"]["id"]
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
        for player in (ana, bea):
            page = client.get(f"/api/players/{player['player_id']}/matches").json()
            assert page["total"] == 0 and page["items"] == []
            assert client.get(f"/api/players/{player['player_id']}").json()["games"] == {}
        assert client.get(f"/api/matches/{table_id}/record").status_code == 409
        assert table_id not in client.get("/api/ratings/bacan").text
