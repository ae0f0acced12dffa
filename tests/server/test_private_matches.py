"""A private table's finished match is its players' (issue 37, finding 6): its history line, record and
replay are seen only by the identities that held its seats, until one of them makes it public."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, lookup, take_turns
from .test_history_ratings import settled
from .test_identity import FAST, TWO_HUMANS, header, new_player


@pytest.fixture(autouse=True)
def replays_know_eco(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tapete.server.http.viewer.get_game", lookup)  # the test game, as the tables know it


async def private_match(server: Server, ana: dict[str, Any], bea: dict[str, Any]) -> str:
    """An eco match at a private table between Ana and Bea, played to its end."""
    body = {"game": "eco", "seats": TWO_HUMANS, "table_options": FAST, "public": False}
    created = (await server.http.post("/api/tables", json=body, headers=header(ana))).json()
    joined = (await server.http.post("/api/join", json={"code": created["invite_code"]}, headers=header(bea))).json()
    table_id: str = created["table"]["id"]
    a = await server.connect(table_id, created["token"])
    b = await server.connect(table_id, joined["token"])
    await take_turns({0: a, 1: b})
    await a.close()
    await b.close()
    await settled(server, table_id)
    return table_id


def past_privacy(status: int) -> int:
    """A replay's or story's status as far as privacy goes: 403 refused, else 200. They are told in the
    server's replay process, which knows the installed games only, not the test game "eco" (its
    answer there is 400 unknown_game): what this file checks is that the privacy gate let the caller in."""
    return 403 if status == 403 else 200


async def seen(server: Server, table_id: str, player: dict[str, Any], who: dict[str, str]) -> dict[str, int]:
    """What `who` (headers) gets of the match: its place in `player`'s history, its record, a replay step."""
    page = (await server.http.get(f"/api/players/{player['player_id']}/matches", headers=who)).json()
    return {
        "history": sum(i["match_id"] == table_id for i in page["items"]),
        "total": page["total"],
        "record": (await server.http.get(f"/api/matches/{table_id}/record", headers=who)).status_code,
        "replay": past_privacy(
            (
                await server.http.get(f"/api/matches/{table_id}/replay", params={"step": 1, "seat": 1}, headers=who)
            ).status_code
        ),
    }


async def test_a_private_tables_match_is_its_players_only(server: Server) -> None:
    ana, bea, cid = [await new_player(server, n) for n in ("Ana", "Bea", "Cid")]
    table_id = await private_match(server, ana, bea)
    hidden = {"history": 0, "total": 0, "record": 403, "replay": 403}
    for stranger in ({}, header(cid)):
        for player in (ana, bea):
            assert await seen(server, table_id, player, stranger) == hidden
    refused = await server.http.get(f"/api/matches/{table_id}/record", headers=header(cid))
    assert refused.json()["error"]["rule"] == "private-match"
    for player in (ana, bea):  # each player sees it, from any seat
        assert await seen(server, table_id, ana, header(player)) == {
            "history": 1,
            "total": 1,
            "record": 200,
            "replay": 200,
        }
    item = (await server.http.get(f"/api/players/{ana['player_id']}/matches", headers=header(ana))).json()["items"][0]
    assert item["public"] is False
    # the profile's counts stay (they name nobody)
    assert (await server.http.get(f"/api/players/{ana['player_id']}")).json()["games"]["eco"]["matches"] == 1


async def test_one_of_its_players_makes_it_public(server: Server) -> None:
    ana, bea, cid = [await new_player(server, n) for n in ("Ana", "Bea", "Cid")]
    table_id = await private_match(server, ana, bea)
    share = f"/api/matches/{table_id}/share"
    assert (await server.http.post(share)).status_code == 401
    stranger = await server.http.post(share, headers=header(cid))
    assert stranger.status_code == 403 and stranger.json()["error"]["rule"] == "private-match"
    assert (await server.http.post("/api/matches/nosuchmatch/share", headers=header(bea))).status_code == 404
    assert await seen(server, table_id, ana, {}) == {"history": 0, "total": 0, "record": 403, "replay": 403}
    made = await server.http.post(share, headers=header(bea))
    assert made.status_code == 200 and made.json() == {"match_id": table_id, "shared": True}
    for who in ({}, header(cid)):
        assert await seen(server, table_id, ana, who) == {"history": 1, "total": 1, "record": 200, "replay": 200}
    item = (await server.http.get(f"/api/players/{ana['player_id']}/matches")).json()["items"][0]
    assert item["public"] is True


async def test_a_match_under_way_is_not_made_public(server: Server) -> None:
    ana = await new_player(server, "Ana")
    body = {"game": "eco", "seats": TWO_HUMANS, "table_options": FAST, "public": False}
    created = (await server.http.post("/api/tables", json=body, headers=header(ana))).json()
    early = await server.http.post(f"/api/matches/{created['table']['id']}/share", headers=header(ana))
    assert early.status_code == 409 and early.json()["error"]["rule"] == "record-finished"


async def test_its_story_and_analysis_are_its_players_only(server: Server) -> None:
    """The whole match's story and its analysis read the record: a stranger gets neither."""
    ana, bea, cid = [await new_player(server, n) for n in ("Ana", "Bea", "Cid")]
    table_id = await private_match(server, ana, bea)
    for stranger in ({}, header(cid)):
        story = await server.http.get(f"/api/matches/{table_id}/story", params={"seat": 0}, headers=stranger)
        analysis = await server.http.get(f"/api/matches/{table_id}/analysis", params={"seat": 0}, headers=stranger)
        for refused in (story, analysis):
            assert refused.status_code == 403 and refused.json()["error"]["rule"] == "private-match", refused.text
    told = await server.http.get(f"/api/matches/{table_id}/story", params={"seat": 1}, headers=header(bea))
    assert past_privacy(told.status_code) == 200 and told.json()["error"]["code"] == "unknown_game", told.text
    # a player gets past the privacy check to the analysis's own (a seat outside the table)
    outside = await server.http.get(f"/api/matches/{table_id}/analysis", params={"seat": 9}, headers=header(ana))
    assert outside.status_code == 400 and outside.json()["error"]["rule"] == "analysis", outside.text
