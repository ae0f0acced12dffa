"""Finding 7: `GET /api/stats?reset=true` needed no authority.

Admin endpoints need `Authorization: Bearer <admin token>` (`--admin-token`
or TAPETE_ADMIN_TOKEN); a server started without one has no admin at all.
Reading the counters stays public.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapete.server import ServerSettings
from tapete.server.main import main as server_main

from .conftest import ThreadServer, http, own_server


def test_resetting_the_stats_needs_the_admin_token(tmp_path: Path) -> None:
    with own_server(tmp_path, admin_token="s3cret-admin") as server, http(server) as client:
        assert client.get("/api/stats").status_code == 200
        since = client.get("/api/stats").json()["since"]
        for headers in (
            {},
            {"authorization": "Bearer wrong"},
            {"authorization": "s3cret-admin"},
            {"authorization": "Basic s3cret-admin"},
        ):
            answer = client.get("/api/stats", params={"reset": "true"}, headers=headers)
            assert answer.status_code == 403 and answer.json()["error"]["code"] == "forbidden", headers
        assert client.get("/api/stats").json()["since"] == since  # nothing was reset
        answer = client.get("/api/stats", params={"reset": "true"}, headers={"authorization": "Bearer s3cret-admin"})
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


def raw_get(server: ThreadServer, target: bytes, headers: list[bytes]) -> tuple[int, bytes]:
    """A GET written byte for byte (any header value a client may send, not only what httpx would)."""
    parts = urlsplit(server.url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        sock.sendall(
            b"GET "
            + target
            + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
            + b"".join(h + b"\r\n" for h in headers)
            + b"\r\n"
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


# What a header value may hold on the wire: visible ASCII, spaces and tabs, and any byte above 0x7f
# (obs-text: UTF-8 or Latin-1 text, or no text at all).
header_bytes = st.binary(max_size=40).map(lambda b: bytes(c for c in b if c in (9, 32) or 33 <= c <= 126 or c >= 128))
authorizations = st.one_of(
    header_bytes,
    header_bytes.map(lambda b: b"Bearer " + b),
    st.sampled_from(["é", "Bearer é", "Bearer \u00e9\u00e9", "Bearer s3cret-admin\u00a0", "Bearer ñandú"]).flatmap(
        lambda s: st.sampled_from([s.encode(), s.encode("latin-1", "replace")])
    ),
    st.just(b"Bearer " + b"x" * 6000),
)
# (a request line holds ASCII only: anything else is percent-encoded)
resets = st.sampled_from([b"true", b"1", b"yes", b"on", b"%C3%A9", b"%00", b"", b"tru%E9", b"true&reset=x"])


@settings(
    max_examples=120,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(authorization=st.lists(authorizations, max_size=2), reset=resets)
def test_every_admin_header_and_input_gets_a_documented_answer(
    admin_server: ThreadServer, authorization: list[bytes], reset: bytes
) -> None:
    """Issue 37, finding 7: `Authorization: Bearer é` was a 500 (a TypeError comparing the token)."""
    status, body = raw_get(
        admin_server, b"/api/stats?reset=" + reset, [b"Authorization: " + value for value in authorization]
    )
    assert status in (200, 403, 422), (status, body[:300])
    if status != 200:
        error = json.loads(body)["error"]
        assert error["code"] in ("forbidden", "bad_request") and error["es"] and error["en"], error
        assert error["code"] != "forbidden" or error["rule"] == "admin"


def test_an_admin_token_beyond_ascii_is_sent_as_utf8(tmp_path: Path) -> None:
    with own_server(tmp_path, admin_token="ñandú-1") as server:
        for value, status in (
            (b"Bearer \xc3\xb1and\xc3\xba-1", 200),
            (b"Bearer \xf1and\xfa-1", 403),
            (b"Bearer \xc3\xb1and\xc3\xba-1\xc2\xa0", 403),
        ):
            assert raw_get(server, b"/api/stats?reset=true", [b"Authorization: " + value])[0] == status, value


@pytest.fixture(scope="module")
def admin_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with own_server(tmp_path_factory.mktemp("admin"), admin_token="s3cret-admin") as server:
        yield server
