"""GET /api/games/{id}/rules: the player's guide as data (the web page draws it)
and as Markdown, the reglamento last; a bad language is refused."""

from __future__ import annotations

from tapete.games import get_game
from tapete.games.guide import SECTIONS, guide_json, guide_markdown

from .conftest import Server


async def test_rules_give_the_guide_then_the_reglamento(server: Server) -> None:
    for lang in ("es", "en"):
        answer = await server.http.get("/api/games/boon/rules", params={"lang": lang})
        assert answer.status_code == 200
        data = answer.json()
        assert data["guide"] == guide_json(get_game("boon"), lang)
        assert [s["id"] for s in data["guide"]["sections"]] == list(SECTIONS)
        cards = [b for s in data["guide"]["sections"] for b in s["blocks"] if b["type"] == "cards"]
        assert cards and all(c["face"] and c["name"] != c["face"] for b in cards for c in b["cards"])
        assert data["markdown"] == guide_markdown(get_game("boon"), lang)
        assert "BOO-9" in data["guide"]["reglamento"]["markdown"]
    assert (await server.http.get("/api/games/boon/rules", params={"lang": "fr"})).status_code == 422
