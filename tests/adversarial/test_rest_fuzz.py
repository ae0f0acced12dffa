"""Property-based fuzzing of the lobby's REST API against a real server.

Whatever the body, path or query, the answer is a success or a 4xx with an
error object (code, es and en texts); never a 5xx. A table whose seats are
all taken is watched meanwhile: no join, leave or creation moves it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapete.games import game_ids

from .conftest import ThreadServer, http

FUZZ = settings(
    max_examples=80,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
games = st.sampled_from(game_ids()) | st.text(max_size=10)
seat_bodies = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["human", "bot", "alien"]) | json_values,
        "level": st.sampled_from(["random", "heuristic", "genius"]) | json_values,
        "name": st.text(max_size=80) | json_values,
    },
)
table_bodies = st.fixed_dictionaries(
    {},
    optional={
        "game": games | json_values,
        "options": st.dictionaries(
            st.sampled_from(["limit", "target", "mode", "deals", "payouts", "x"]), json_values, max_size=3
        )
        | json_values,
        "seats": st.lists(seat_bodies, max_size=12) | json_values,
        "table_options": st.dictionaries(
            st.sampled_from(["reaction_window_ms", "turn_seconds", "bot_delay_ms", "stand_in", "x"]),
            json_values,
            max_size=3,
        )
        | json_values,
        "public": json_values,
        "join": json_values,
        "name": st.text(max_size=80) | json_values,
    },
)


@pytest.fixture(scope="module")
def client(thread_server: ThreadServer) -> Iterator[httpx.Client]:
    with http(thread_server) as c:
        yield c


@pytest.fixture(scope="module")
def full_table(client: httpx.Client) -> dict[str, Any]:
    """A playing table with both seats taken: nothing sent to the lobby may change it."""
    created = client.post("/api/tables", json={"game": game_ids()[0], "seats": [{"type": "human"}] * 2}).json()
    joined = client.post("/api/join", json={"code": created["invite_code"]}).json()
    return {"id": created["table"]["id"], "code": created["invite_code"], "tokens": [created["token"], joined["token"]]}


def assert_answered(response: httpx.Response, ok: tuple[int, ...] = (200,)) -> dict[str, Any]:
    assert response.status_code < 500, (response.status_code, response.text[:500])
    data: dict[str, Any] = response.json()
    if response.status_code not in ok:
        assert 400 <= response.status_code < 500, response.status_code
        error = data["error"]
        assert error["code"] and error["es"] and error["en"], error
    return data


def post_json(client: httpx.Client, url: str, body: Any) -> httpx.Response:
    """POST `body` as JSON text (Python's: infinities are written as `Infinity`)."""
    return client.post(url, content=json.dumps(body).encode(), headers={"content-type": "application/json"})


def unchanged(server: ThreadServer, table: dict[str, Any], before: dict[str, Any]) -> None:
    assert server.snapshot(table["id"]) == before


@given(body=table_bodies | json_values)
@FUZZ
def test_creating_tables_with_any_body(
    thread_server: ThreadServer, client: httpx.Client, full_table: dict[str, Any], body: Any
) -> None:
    before = thread_server.snapshot(full_table["id"])
    response = post_json(client, "/api/tables", body)
    data = assert_answered(response, ok=(201,))
    if response.status_code == 201:
        assert data["table"]["game"] in game_ids()
        assert set(data) == {"table", "invite_code", "seat", "token"}
    unchanged(thread_server, full_table, before)


@given(code=st.text(max_size=40) | json_values, seat=json_values, name=json_values, use_real_code=st.booleans())
@FUZZ
def test_joining_with_any_code(
    thread_server: ThreadServer,
    client: httpx.Client,
    full_table: dict[str, Any],
    code: Any,
    seat: Any,
    name: Any,
    use_real_code: bool,
) -> None:
    before = thread_server.snapshot(full_table["id"])
    body = {"code": full_table["code"] if use_real_code else code, "seat": seat, "name": name}
    response = post_json(client, "/api/join", body)
    assert_answered(response, ok=())  # no free seat anywhere this test can name
    unchanged(thread_server, full_table, before)


@given(token=st.text(max_size=140) | json_values, mutate=st.integers(0, 31))
@FUZZ
def test_leaving_with_a_wrong_token(
    thread_server: ThreadServer, client: httpx.Client, full_table: dict[str, Any], token: Any, mutate: int
) -> None:
    real = full_table["tokens"][0]
    changed = real[:mutate] + ("A" if real[mutate] != "A" else "B") + real[mutate + 1 :]
    before = thread_server.snapshot(full_table["id"])
    for candidate in (token, changed):
        response = post_json(client, f"/api/tables/{full_table['id']}/leave", {"token": candidate})
        assert_answered(response, ok=())
    unchanged(thread_server, full_table, before)


# Path segments of any text, quoted (empty ones or dots lead to no route, or to another one).
paths = st.text(max_size=20).map(lambda s: quote(s, safe=""))


@given(
    table_id=paths,
    game=games.map(lambda s: quote(s, safe="")),
    step=st.integers(-3, 10**7) | st.text(max_size=5),
    seat=st.integers(-3, 20) | st.text(max_size=3),
    lang=st.sampled_from(["es", "en", "fr", ""]),
)
@FUZZ
def test_reading_anything(
    thread_server: ThreadServer,
    client: httpx.Client,
    full_table: dict[str, Any],
    table_id: str,
    game: str,
    step: Any,
    seat: Any,
    lang: str,
) -> None:
    before = thread_server.snapshot(full_table["id"])
    for url, params in (
        (f"/api/tables/{table_id}", {}),
        (f"/api/matches/{table_id}/record", {}),
        (f"/api/matches/{table_id}/replay", {"step": step, "seat": seat}),
        (f"/api/matches/{full_table['id']}/replay", {"step": step, "seat": seat}),
        (f"/api/matches/{full_table['id']}/record", {}),
        (f"/api/games/{game}/rules", {"lang": lang}),
        (f"/api/games/{game}/deck", {}),
    ):
        assert_answered(client.get(url, params=params))
    unchanged(thread_server, full_table, before)


@given(
    game=games.map(lambda s: quote(s, safe="")),
    body=json_values
    | st.fixed_dictionaries(
        {"lang": st.sampled_from(["es", "en", "de"])},
        optional={
            "events": st.lists(
                st.dictionaries(st.sampled_from(["kind", "seat", "card", "cards", "text"]), json_values, max_size=4),
                max_size=5,
            ),
            "options": json_values,
        },
    ),
)
@FUZZ
def test_describing_and_counting_players_with_any_body(client: httpx.Client, game: str, body: Any) -> None:
    for url in (f"/api/games/{game}/describe", f"/api/games/{game}/players"):
        assert_answered(post_json(client, url, body))


@given(raw=st.binary(max_size=200), content_type=st.sampled_from(["application/json", "text/plain", ""]))
@FUZZ
def test_raw_bodies(
    thread_server: ThreadServer, client: httpx.Client, full_table: dict[str, Any], raw: bytes, content_type: str
) -> None:
    before = thread_server.snapshot(full_table["id"])
    headers = {"content-type": content_type} if content_type else {}
    for url in ("/api/tables", "/api/join", f"/api/tables/{full_table['id']}/leave"):
        response = client.post(url, content=raw, headers=headers)
        assert_answered(response, ok=(201,))
    unchanged(thread_server, full_table, before)


def test_oversized_bodies_are_refused(thread_server: ThreadServer, client: httpx.Client) -> None:
    limit = thread_server.settings.max_body_bytes
    body = json.dumps({"game": game_ids()[0], "name": "x" * limit}).encode()
    response = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"
