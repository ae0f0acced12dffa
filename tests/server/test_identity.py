"""Player identities: an id and a secret per device, an optional password, and nothing leaks."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
import websockets

from tapete.server.people.players import LOGINS_PER_MINUTE_NAME, hash_secret
from tapete.server.storage.store import player_secrets, players

from .conftest import Server, take_turns

FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0}
TWO_HUMANS: list[dict[str, Any]] = [{"type": "human"}, {"type": "human"}]


async def new_player(server: Server, name: str | None = None) -> dict[str, Any]:
    response = await server.http.post("/api/players", json={"name": name})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def header(identity: dict[str, Any], secret: str | None = None) -> dict[str, str]:
    return {"X-Tapete-Player": f"{identity['player_id']}:{secret or identity['secret']}"}


async def stored(server: Server, table: sa.Table) -> list[dict[str, Any]]:
    async with server.app.state.tapete.store.engine.connect() as conn:
        return [dict(r._mapping) for r in await conn.execute(sa.select(table))]


class Captured(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(
            logging.Formatter("%(message)s %(args)s").format(record) + json.dumps(record.__dict__, default=str)
        )


@pytest.fixture
def captured_logs() -> Iterator[Captured]:
    """Every log record of the process while the test runs, with all its fields."""
    handler = Captured()
    loggers = [
        logging.getLogger(name)
        for name in ("", "tapete", "tapete.server", "uvicorn", "uvicorn.access", "uvicorn.error", "sqlalchemy")
    ]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
    logging.getLogger("tapete").setLevel(logging.DEBUG)
    yield handler
    for lg, level in zip(loggers, levels, strict=True):
        lg.removeHandler(handler)
        lg.setLevel(level)


async def test_a_new_identity_is_random_and_only_its_hash_is_stored(server: Server) -> None:
    ana = await new_player(server, "  Ana   María ")
    bea = await new_player(server)
    assert ana["name"] == "Ana María" and bea["name"] is None
    bare = await server.http.post("/api/players")  # no body at all
    assert bare.status_code == 201 and bare.json()["name"] is None
    refused = await server.http.post("/api/players", json={"name": "Ana", "colour": "green"})
    assert refused.status_code == 422
    assert ana["player_id"] != bea["player_id"] and len(ana["player_id"]) >= 16
    assert len(ana["secret"]) >= 22  # at least 128 bits in URL-safe base64
    rows = await stored(server, player_secrets)
    assert {r["secret_hash"] for r in rows} == {hash_secret(i["secret"]) for i in (ana, bea, bare.json())}
    assert ana["secret"] not in json.dumps(await stored(server, players))
    profile = (await server.http.get(f"/api/players/{ana['player_id']}")).json()
    assert profile == {"player_id": ana["player_id"], "name": "Ana María", "games": {}, "ratings": {}}
    missing = await server.http.get("/api/players/nobody")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "player_not_found"


async def test_a_wrong_secret_is_refused_and_changes_nothing(server: Server) -> None:
    ana = await new_player(server, "Ana")
    made = await server.http.post(
        "/api/tables", json={"game": "eco", "seats": TWO_HUMANS, "table_options": FAST}, headers=header(ana)
    )  # seated as Ana: her name is hers alone
    assert made.status_code == 201, made.text
    created = made.json()
    before = (await server.http.get("/api/tables")).json()["total"]
    wrong_headers = [
        header(ana, "x" * 32),  # a wrong secret
        {"X-Tapete-Player": f"unknown-player:{ana['secret']}"},  # an unknown id with a real secret
        {"X-Tapete-Player": "no-colon-here"},
        {"X-Tapete-Player": f"{ana['player_id']}:{'y' * 500}"},
    ]
    for wrong in wrong_headers:
        made = await server.http.post("/api/tables", json={"game": "eco", "seats": TWO_HUMANS}, headers=wrong)
        assert made.status_code == 401 and made.json()["error"]["code"] == "bad_identity", made.text
        joined = await server.http.post("/api/join", json={"code": created["invite_code"]}, headers=wrong)
        assert joined.status_code == 401 and joined.json()["error"]["code"] == "bad_identity"
        renamed = await server.http.put(f"/api/players/{ana['player_id']}/name", json={"name": "Eve"}, headers=wrong)
        assert renamed.status_code == 401
        left = await server.http.post(
            f"/api/tables/{created['table']['id']}/leave", json={"token": created["token"]}, headers=wrong
        )
        assert left.status_code == 401
    assert (await server.http.get("/api/tables")).json()["total"] == before
    table = (await server.http.get(f"/api/tables/{created['table']['id']}")).json()
    assert [s["taken"] for s in table["seats"]] == [True, False]  # nobody joined, nobody left
    assert (await server.http.get(f"/api/players/{ana['player_id']}")).json()["name"] == "Ana"


async def test_rename_only_by_the_player_itself(server: Server) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    path = f"/api/players/{ana['player_id']}/name"
    assert (await server.http.put(path, json={"name": "Anita"})).status_code == 401
    other = await server.http.put(path, json={"name": "Anita"}, headers=header(bea))
    assert other.status_code == 403 and other.json()["error"]["code"] == "forbidden"
    too_long = await server.http.put(path, json={"name": "A" * 65}, headers=header(ana))
    assert too_long.status_code == 422
    done = await server.http.put(path, json={"name": " Anita\u202e "}, headers=header(ana))
    assert done.json() == {"player_id": ana["player_id"], "name": "Anita"}
    assert (await server.http.get(f"/api/players/{ana['player_id']}")).json()["name"] == "Anita"


async def test_password_sign_in_on_another_device(server: Server) -> None:
    ana = await new_player(server, "Ana")
    path = f"/api/players/{ana['player_id']}/password"
    short = await server.http.post(path, json={"password": "short"}, headers=header(ana))
    assert short.status_code == 400 and short.json()["error"]["rule"] == "password"
    long = await server.http.post(path, json={"password": "p" * 129}, headers=header(ana))
    assert long.status_code == 422
    assert (await server.http.post(path, json={"password": "correct horse"})).status_code == 401
    done = await server.http.post(path, json={"password": "correct horse"}, headers=header(ana))
    assert done.json() == {"player_id": ana["player_id"], "protected": True}
    stored_hash = (await stored(server, players))[0]["password_hash"]
    assert stored_hash.startswith("$argon2id$") and "correct horse" not in stored_hash

    wrong = await server.http.post("/api/login", json={"name": "Ana", "password": "wrong horse"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_login"
    unknown = await server.http.post("/api/login", json={"name": "Nadie", "password": "correct horse"})
    assert unknown.status_code == 401 and unknown.json()["error"]["code"] == "bad_login"
    phone = (await server.http.post("/api/login", json={"name": "ana", "password": "correct horse"})).json()
    assert phone["player_id"] == ana["player_id"] and phone["name"] == "Ana" and phone["secret"] != ana["secret"]
    # both devices' secrets work
    for identity in (ana, phone):
        body = {"game": "eco", "seats": TWO_HUMANS}
        made = await server.http.post("/api/tables", json=body, headers=header(identity))
        assert made.status_code == 201, made.text

    # the name of a protected player is theirs: another player may not take it, nor rename into it
    taken = await server.http.post("/api/players", json={"name": "ANA"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"
    bea = await new_player(server, "Bea")
    await server.http.post(
        f"/api/players/{bea['player_id']}/password", json={"password": "bea's secret"}, headers=header(bea)
    )
    into = await server.http.put(f"/api/players/{bea['player_id']}/name", json={"name": "ana"}, headers=header(bea))
    assert into.status_code == 409
    nameless = await new_player(server)
    refused = await server.http.post(
        f"/api/players/{nameless['player_id']}/password", json={"password": "long enough"}, headers=header(nameless)
    )
    assert refused.status_code == 400


async def test_sign_in_attempts_are_rate_limited_per_name(server: Server) -> None:
    ana = await new_player(server, "Ana")
    await server.http.post(
        f"/api/players/{ana['player_id']}/password", json={"password": "correct horse"}, headers=header(ana)
    )
    codes = []
    for _ in range(LOGINS_PER_MINUTE_NAME + 1):
        answer = await server.http.post("/api/login", json={"name": "Ana", "password": "guess guess"})
        codes.append(answer.json()["error"]["code"])
    assert codes == ["bad_login"] * LOGINS_PER_MINUTE_NAME + ["rate_limited"]
    # even the right password waits now: a guesser cannot tell
    right = await server.http.post("/api/login", json={"name": "Ana", "password": "correct horse"})
    assert right.status_code == 429


async def test_hello_with_a_wrong_identity_is_refused(server: Server) -> None:
    ana = await new_player(server, "Ana")
    created = await server.create(game="eco", seats=TWO_HUMANS, table_options=FAST)
    table_id = created["table"]["id"]
    url = f"{server.ws_url}/ws/tables/{table_id}"
    async with websockets.connect(url) as ws:
        await ws.send(
            json.dumps(
                {"type": "hello", "token": created["token"], "player": {"id": ana["player_id"], "secret": "nope"}}
            )
        )
        error = json.loads(await ws.recv())
        assert error["type"] == "error" and error["code"] == "bad_identity" and error["en"]
        await ws.wait_closed()
        assert ws.close_code == 4401
    async with websockets.connect(url) as ws:
        await ws.send(
            json.dumps(
                {
                    "type": "hello",
                    "token": created["token"],
                    "player": {"id": ana["player_id"], "secret": ana["secret"]},
                }
            )
        )
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome" and welcome["seat"] == 0


async def test_seats_taken_with_an_identity_are_linked_and_secrets_never_leak(
    server: Server, captured_logs: Captured
) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    await server.http.post(
        f"/api/players/{ana['player_id']}/password", json={"password": "correct horse"}, headers=header(ana)
    )
    phone = (await server.http.post("/api/login", json={"name": "Ana", "password": "correct horse"})).json()
    made = await server.http.post(
        "/api/tables",
        json={"game": "eco", "seats": TWO_HUMANS, "table_options": FAST, "name": "Ana"},
        headers=header(phone),
    )
    created = made.json()
    joined = (await server.http.post("/api/join", json={"code": created["invite_code"]}, headers=header(bea))).json()
    table_id = created["table"]["id"]
    a = await server.connect(table_id, created["token"])
    b = await server.connect(table_id, joined["token"])
    await take_turns({0: a, 1: b})
    await a.close()
    await b.close()

    page = (await server.http.get(f"/api/players/{ana['player_id']}/matches")).json()
    assert page["total"] == 1 and page["items"][0]["your_seats"] == [0]
    assert [s["name"] for s in page["items"][0]["seats"]] == ["Ana", "Bea"]  # Bea's from her identity
    assert [s["player_id"] for s in page["items"][0]["seats"]] == [ana["player_id"], bea["player_id"]]

    secrets_ = [ana["secret"], bea["secret"], phone["secret"], "correct horse", created["token"], joined["token"]]
    answers = []
    for path in (
        f"/api/players/{ana['player_id']}",
        f"/api/players/{ana['player_id']}/matches",
        f"/api/players/{bea['player_id']}/matches",
        "/api/ratings/eco",
        "/api/tables",
        f"/api/tables/{table_id}",
        f"/api/matches/{table_id}/record",
    ):
        answer = await server.http.get(path)
        assert answer.status_code == 200, (path, answer.text)
        answers.append(answer.text)
    for secret in secrets_:
        assert all(secret not in text for text in answers), secret
    logged = "\n".join(captured_logs.lines)
    assert "player created" in logged and "signed in" in logged  # the capture does see the server's lines
    for secret in secrets_[:4]:
        assert secret not in logged and hash_secret(secret) not in logged


async def test_a_password_hashed_under_older_parameters_is_rehashed_at_sign_in(server: Server) -> None:
    from argon2 import PasswordHasher

    ana = await new_player(server, "Ana")
    await server.http.post(
        f"/api/players/{ana['player_id']}/password", json={"password": "correct horse"}, headers=header(ana)
    )
    weak = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash("correct horse")
    async with server.app.state.tapete.store.engine.begin() as conn:
        await conn.execute(players.update().values(password_hash=weak))
    signed = await server.http.post("/api/login", json={"name": "Ana", "password": "correct horse"})
    assert signed.status_code == 200, signed.text
    now = (await stored(server, players))[0]["password_hash"]
    assert now != weak and now.startswith("$argon2id$") and not PasswordHasher().check_needs_rehash(now)


async def test_two_players_protecting_one_name_at_once_get_name_taken(
    server: Server, monkeypatch: pytest.MonkeyPatch, captured_logs: Captured
) -> None:
    """The check before the write can be passed by both in a race; the unique index decides, cleanly."""
    monkeypatch.setattr("tapete.server.people.players._check_free", lambda *_args: None)
    monkeypatch.setattr("tapete.server.people.players._check_name_free", lambda *_args: None)
    ana = await new_player(server, "Ana")
    raced = await server.http.post("/api/players", json={"name": "ana"})  # the name keys' index decides
    assert raced.status_code == 409 and raced.json()["error"]["code"] == "name_taken"
    # two identities that read alike from before names were unique (0006 left the later one keyless)
    other = await new_player(server, "Other")
    async with server.app.state.tapete.store.engine.begin() as conn:
        await conn.execute(players.update().where(players.c.id == other["player_id"]).values(name="ana", name_key=None))
    first = await server.http.post(
        f"/api/players/{ana['player_id']}/password", json={"password": "correct horse"}, headers=header(ana)
    )
    assert first.status_code == 200
    second = await server.http.post(
        f"/api/players/{other['player_id']}/password", json={"password": "other horse"}, headers=header(other)
    )
    assert second.status_code == 409 and second.json()["error"]["code"] == "name_taken"
    assert "argon2" not in "\n".join(captured_logs.lines)  # no stored hash in a logged error either
