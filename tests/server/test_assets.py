"""The browser client's files: gzip once, versions in the page, a year's cache for a current version,
revalidation otherwise, and nothing but the files found at start."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from tapete.server.http.assets import REVALIDATE, YEAR, Assets

from .conftest import Server

STATIC = Path(__file__).resolve().parents[2] / "tapete" / "web" / "static"


def test_the_page_names_every_file_by_its_version() -> None:
    assets = Assets(STATIC)
    page = assets.page.body.decode()
    assert f'"{assets.versioned("/js/main.js")}"' in page and f'"{assets.versioned("/css/app.css")}"' in page
    mapped = re.search(r'<script type="importmap">(.*?)</script>', page)
    assert mapped is not None and mapped.group(1) == assets.import_map
    assert all(f'"{url}":"{assets.versioned(url)}"' in assets.import_map for url in assets.files if url.endswith(".js"))


async def test_a_current_version_is_cached_a_year_and_anything_else_revalidated(server: Server) -> None:
    http = server.http
    page = await http.get("/", headers={"accept-encoding": "gzip"})
    assert page.status_code == 200 and page.headers["cache-control"] == REVALIDATE
    assert page.headers["content-encoding"] == "gzip" and "importmap" in page.text
    versioned = re.search(r'"(/js/main\.js\?v=[0-9a-f]{12})"', page.text)
    assert versioned is not None
    current = await http.get(versioned.group(1))
    assert current.status_code == 200 and current.headers["cache-control"] == YEAR
    assert "javascript" in current.headers["content-type"]
    for stale in ("/js/main.js", "/js/main.js?v=000000000000"):
        answer = await http.get(stale)
        assert answer.status_code == 200 and answer.headers["cache-control"] == REVALIDATE
    again = await http.get("/", headers={"if-none-match": page.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


async def test_the_body_is_gzipped_only_when_asked(server: Server) -> None:
    plain = await server.http.get("/js/table.js", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers
    raw = await server.http.get("/js/table.js", headers={"accept-encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip" and raw.headers["vary"] == "Accept-Encoding"
    assert len(raw.content) == len(plain.content)  # httpx undid the gzip: the same file
    assert int(raw.headers["content-length"]) < len(plain.content) // 2
    assert gzip.decompress(gzip.compress(plain.content)) == raw.content


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/js/../../server/app.py",
        "/%2e%2e/pyproject.toml",
        "/js/nope.js",
        "/.hidden",
        "/index.htm",
    ],
)
async def test_only_files_found_at_start_are_served(server: Server, path: str) -> None:
    answer = await server.http.get(path)
    assert answer.status_code == 404


async def test_a_file_is_only_read(server: Server) -> None:
    answer = await server.http.post("/js/main.js", content=b"x")
    assert answer.status_code in (405, 422) and "main" not in answer.text  # the body guard may refuse it first
