"""The lobby's REST API: games, tables, invitations, leaving, records."""

from __future__ import annotations

import asyncio
from typing import Any

from tapete.bots import BOT_KINDS, NEEDS, kinds_for
from tapete.games import get_game
from tapete.server.app import STATIC_DIR

from .conftest import Server

TWO_HUMANS: list[dict[str, Any]] = [{"type": "human"}, {"type": "human"}]


async def test_games_list_ids_players_options_and_bot_levels(server: Server) -> None:
    data = (await server.http.get("/api/games")).json()
    bacan = next(g for g in data["games"] if g["id"] == "bacan")
    assert bacan["name"]["es"] and bacan["min_players"] == 2 and bacan["max_players"] >= 4
    limit = next(o for o in bacan["options"] if o["key"] == "limit")
    assert limit["default"] == 150 and limit["label"]["es"] and limit["label"]["en"]
    # every game offers the levels that need nothing; `learned` only where its model loads
    assert data["bot_levels"] == [kind for kind in BOT_KINDS if kind not in NEEDS]
    for game in data["games"]:
        assert game["bot_levels"] == kinds_for(get_game(game["id"]))
    window = next(o for o in data["table_options"] if o["key"] == "reaction_window_ms")
    assert window["default"] == 1500 and window["label"]["en"]
    rules = (await server.http.get("/api/games/bacan/rules", params={"lang": "en"})).json()
    assert "BAC" in rules["markdown"] or len(rules["markdown"]) > 200


async def test_create_join_and_tokens_stay_private(server: Server) -> None:
    created = await server.create(game="eco", seats=TWO_HUMANS, name="Ana")
    table = created["table"]
    assert created["seat"] == 0 and len(created["token"]) >= 32
    assert table["status"] == "waiting" and table["seats"][0]["name"] == "Ana"
    joined = await server.join(created["invite_code"].lower(), name="  Bea   Ruiz ")
    assert joined["seat"] == 1 and joined["token"] != created["token"]
    assert joined["table"]["status"] == "playing" and joined["table"]["seats"][1]["name"] == "Bea Ruiz"
    # no answer of the API carries a token other than the caller's own
    for path in ("/api/tables", f"/api/tables/{table['id']}"):
        text = (await server.http.get(path)).text
        assert created["token"] not in text and joined["token"] not in text
    assert created["token"] not in str(joined)
    full = await server.http.post("/api/join", json={"code": created["invite_code"]})
    assert full.status_code == 409 and full.json()["error"]["code"] == "no_free_seat"


async def test_open_tables_lists_public_ones_with_free_seats(server: Server) -> None:
    public = await server.create(game="eco", seats=TWO_HUMANS)
    private = await server.create(game="eco", seats=TWO_HUMANS, public=False)
    listed = (await server.http.get("/api/tables")).json()["tables"]
    ids = {t["id"] for t in listed}
    assert public["table"]["id"] in ids and private["table"]["id"] not in ids
    entry = next(t for t in listed if t["id"] == public["table"]["id"])
    assert entry["invite_code"] == public["invite_code"]
    assert [s["taken"] for s in entry["seats"]] == [True, False]
    # a private table's code still works for whoever was given it
    assert (await server.join(private["invite_code"]))["seat"] == 1


async def test_bad_requests_get_clear_errors(server: Server) -> None:
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"game": "parchis"}, 404, "unknown_game"),
        ({"game": "eco", "options": {"nope": 1}}, 400, "bad_option"),
        ({"game": "eco", "seats": [{"type": "human"}]}, 400, "bad_players"),
        ({"game": "eco", "seats": [{"type": "human"}, {"type": "bot", "level": "genius"}]}, 400, "unknown_bot"),
        ({"game": "eco", "table_options": {"reaction_window_ms": -5}}, 400, "bad_option"),
        ({"game": "eco", "table_options": {"stand_in": "genius"}}, 400, "bad_request"),
        ({"game": "eco", "seats": [{"type": "alien"}]}, 422, "bad_request"),
        ({"seats": []}, 422, "bad_request"),
    ]
    before = (await server.http.get("/api/tables")).json()
    for body, status, code in cases:
        response = await server.http.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        error = response.json()["error"]
        assert error["code"] == code and error["es"] and error["en"], body
    assert (await server.http.get("/api/tables")).json() == before
    broken = await server.http.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert broken.status_code == 422 and broken.json()["error"]["code"] == "bad_request"
    huge = await server.http.post("/api/tables", content=b"x" * 100_000, headers={"content-type": "application/json"})
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "too_large"
    unknown = await server.http.post("/api/join", json={"code": "ZZZZZZZZ"})
    assert unknown.status_code == 400 and unknown.json()["error"]["rule"] == "invite-code"
    missing = await server.http.get("/api/tables/nope")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "table_not_found"


async def test_leave_frees_the_seat_and_voids_the_token(server: Server) -> None:
    created = await server.create(game="eco", seats=TWO_HUMANS)
    table_id = created["table"]["id"]
    left = await server.http.post(f"/api/tables/{table_id}/leave", json={"token": created["token"]})
    assert left.json() == {"table": table_id, "seat": 0, "left": True}
    again = await server.http.post(f"/api/tables/{table_id}/leave", json={"token": created["token"]})
    assert again.status_code == 401 and again.json()["error"]["code"] == "bad_token"
    assert (await server.join(created["invite_code"]))["seat"] == 0


async def test_record_only_for_finished_matches(server: Server) -> None:
    created = await server.create(game="eco", seats=TWO_HUMANS)
    response = await server.http.get(f"/api/matches/{created['table']['id']}/record")
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_finished"
    assert (await server.http.get("/api/matches/nope/record")).status_code == 404


async def test_root_serves_the_web_client_or_a_page_linking_the_api(server: Server) -> None:
    page = await server.http.get("/")
    assert page.status_code == 200
    if not STATIC_DIR.is_dir():
        assert "/docs" in page.text


async def test_a_table_of_bots_plays_by_itself(server: Server) -> None:
    created = await server.create(
        game="eco",
        seats=[{"type": "bot", "level": "random"}] * 3,
        table_options={"bot_delay_ms": 0, "reaction_window_ms": 0},
    )
    assert created["seat"] is None and created["token"] is None
    table_id = created["table"]["id"]
    for _ in range(200):
        info = (await server.http.get(f"/api/tables/{table_id}")).json()
        if info["status"] == "finished":
            break
        await asyncio.sleep(0.02)
    assert info["status"] == "finished"
    record = (await server.http.get(f"/api/matches/{table_id}/record")).json()
    assert record["seats"] == [{"bot": "random"}] * 3 and record["outcome"]["winners"]


async def test_describe_names_people_as_the_table_does(server: Server) -> None:
    """A log worded again after a language switch keeps the table's names and 'you'."""
    events = [{"kind": "call_bacan", "seat": 1}, {"kind": "call_bacan", "seat": 0}]
    plain = (await server.http.post("/api/games/bacan/describe", json={"lang": "en", "events": events})).json()
    assert "Player 2" in plain["texts"][0]
    named = await server.http.post(
        "/api/games/bacan/describe", json={"lang": "en", "events": events, "names": ["Ana", "Bea"], "seat": 0}
    )
    texts = named.json()["texts"]
    assert "Bea" in texts[0] and "Player" not in texts[0]
    assert texts[1].startswith("You"), texts[1]
    too_many = {"lang": "en", "events": events, "names": ["x"] * 11}
    assert (await server.http.post("/api/games/bacan/describe", json=too_many)).status_code == 422
