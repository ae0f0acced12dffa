"""Finding 7: `GET /api/stats?reset=true` needed no authority.

Admin endpoints need `Authorization: Bearer <admin token>` (`--admin-token`
or TAPETE_ADMIN_TOKEN); a server started without one has no admin at all.
Reading the counters stays public.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tapete.server import ServerSettings
from tapete.server.main import main as server_main

from .conftest import http, own_server


def test_resetting_the_stats_needs_the_admin_token(tmp_path: Path) -> None:
    with own_server(tmp_path, admin_token="s3cret-admin") as server, http(server) as client:
        assert client.get("/api/stats").status_code == 200
        since = client.get("/api/stats").json()["since"]
        for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": "s3cret-admin"},
                        {"authorization": "Basic s3cret-admin"}):
            answer = client.get("/api/stats", params={"reset": "true"}, headers=headers)
            assert answer.status_code == 403 and answer.json()["error"]["code"] == "forbidden", headers
        assert client.get("/api/stats").json()["since"] == since  # nothing was reset
        answer = client.get("/api/stats", params={"reset": "true"},
                            headers={"authorization": "Bearer s3cret-admin"})
        assert answer.status_code == 200


def test_without_an_admin_token_there_is_no_admin(tmp_path: Path) -> None:
    with own_server(tmp_path) as server, http(server) as client:
        for headers in ({}, {"authorization": "Bearer x"}, {"authorization": "Bearer None"}):
            answer = client.get("/api/stats", params={"reset": "true"}, headers=headers)
            assert answer.status_code == 403


def test_the_admin_token_comes_from_the_flag_or_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, str | None] = {}

    def fake_run(settings: ServerSettings, host: str, port: int, level: str) -> None:
        seen["token"] = settings.admin_token

    monkeypatch.setattr("tapete.server.main.run", fake_run)
    monkeypatch.setenv("TAPETE_ADMIN_TOKEN", "from-env")
    server_main([])
    assert seen["token"] == "from-env"
    server_main(["--admin-token", "from-flag"])
    assert seen["token"] == "from-flag"
