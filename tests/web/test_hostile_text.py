"""Markup typed by a hostile player (a name, a chat line) is shown as words in the browser, never run.

The server carries what people type as it is (once cleaned of invisible
characters); the web client must insert it as text. A watcher's browser
reads a table whose seats are named `<svg onload=...>` and `<img onerror=...>`
and whose chat says `<img src=x onerror=...>`, then the first player's
profile: the markup is on screen literally, no such element exists, no
script ran (no dialog, no flag set on the window).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import connect

from .helpers import wait_js

SVG_NAME = "<svg onload=alert(1)>"
IMG_NAME = "<img src=x onerror=f()>"
LINE = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'


def shows(page: Any, testid: str, text: str) -> None:
    wait_js(page, f"(document.querySelector('[data-testid={testid}]')?.innerText || '').includes({json.dumps(text)})")


def test_names_and_chat_lines_with_markup_are_shown_as_text(open_page: Any, server_url: str) -> None:
    with httpx.Client(base_url=server_url, timeout=10) as client:
        player = client.post("/api/players", json={"name": SVG_NAME}).json()
        created = client.post(
            "/api/tables",
            headers={"X-Tapete-Player": f"{player['player_id']}:{player['secret']}"},
            json={"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}]},
        ).json()
        client.post("/api/join", json={"code": created["invite_code"], "name": IMG_NAME}).raise_for_status()
    table_id = created["table"]["id"]

    page = open_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"/#/table/{table_id}")
    wait_js(page, f"document.body.innerText.includes({json.dumps(SVG_NAME)})")
    page.click("[data-testid=chat-button]")

    with connect(f"{server_url.replace('http://', 'ws://')}/ws/tables/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": created["token"]}))
        ws.send(json.dumps({"type": "chat", "text": LINE}))
        shows(page, "chat-lines", LINE)

    body = page.locator("body").inner_text()
    assert SVG_NAME in body and IMG_NAME in body
    assert page.locator("[data-testid=chat-lines] img, [data-testid=chat-lines] script").count() == 0
    assert page.locator("#app svg[onload], img[onerror], script:not([src]):not([type=importmap])").count() == 0
    assert page.evaluate("window.pwned") is None and dialogs == []

    page.goto(f"/#/player/{player['player_id']}")
    shows(page, "profile-title", SVG_NAME)
    assert page.locator("[data-testid=profile-title] svg").count() == 0
    assert page.evaluate("window.pwned") is None and dialogs == []
    assert not page.errors  # type: ignore[attr-defined]
