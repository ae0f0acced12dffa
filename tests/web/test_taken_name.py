"""A name another player holds is refused in words where it was typed (issue 36, finding 1): the
form says so and offers signing in; nobody is seated under a look-alike of it."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from .helpers import wait_js


def post(server_url: str, path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> dict[str, Any]:
    request = urllib.request.Request(
        server_url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        found: dict[str, Any] = json.loads(answer.read())
        return found


def test_a_protected_name_is_refused_in_the_form_with_the_way_to_sign_in(open_page: Any, server_url: str) -> None:
    owner = post(server_url, "/api/players", {"name": "Remedios"})
    post(
        server_url,
        f"/api/players/{owner['player_id']}/password",
        {"password": "palabras-de-remedios"},
        {"X-Tapete-Player": f"{owner['player_id']}:{owner['secret']}"},
    )
    for typed in ("Remedios", "REMEDIOS", "Remedios\u2800"):  # the name, its case, a braille blank after it
        page = open_page()
        page.goto("/#/new/boon")
        page.wait_for_selector("[data-testid=new-table]")
        page.fill("[data-testid=player-name]", typed)
        page.click("[data-testid=create]")
        wait_js(page, "document.querySelector('[data-testid=form-error]').innerText.length > 0")
        said = page.inner_text("[data-testid=form-error]")
        assert "contraseña" in said and "elige otro" in said, said
        assert page.locator("[data-testid=sign-in-instead]").get_attribute("href") == "#/profile"
        assert "#/new/boon" in page.url  # no table was made, nobody sat
        stored = page.evaluate("Object.keys(localStorage).filter((k) => k.endsWith('identity'))")
        assert all(
            json.loads(page.evaluate(f"localStorage.getItem({json.dumps(k)})") or "{}").get("name") != typed
            for k in stored
        )
        assert not page.errors, page.errors
