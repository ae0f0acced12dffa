"""Finding 11: the home page's bytes on the wire, cold and again (Chromium's own byte counts).

Cold, the page, its styles and every module it loads come compressed (≤ 120 KB
in all); a second visit in the same browser asks only for the page (a 304)
and the API's answers: every file it names is versioned and cached a year."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import running_server
from .helpers import wait_js

COLD_MAX = 120_000
AGAIN_MAX = 10_000


def bytes_on_the_wire(page: Any, url: str) -> tuple[int, list[str]]:
    """Load `url` and add up what crossed the network (headers and bodies, as Chromium counts them)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    sizes: dict[str, int] = {}
    urls: dict[str, str] = {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"])))
    page.goto(url)
    wait_js(page, "document.querySelector('#app') && document.querySelector('#app').children.length > 0")
    page.wait_for_load_state("networkidle")
    served = [urls.get(rid, "?") for rid, size in sizes.items() if size > 0]
    return sum(sizes.values()), served


@pytest.fixture(scope="module")
def new_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own: the home page as a first visitor of a new server sees it (the shared
    test server lists every table earlier tests left open, which a visitor's API reads carry)."""
    with running_server(tmp_path_factory.mktemp("delivery")) as url:
        yield url


def test_the_home_page_is_small_cold_and_nearly_nothing_again(browser: Any, new_server: str) -> None:
    context = browser.new_context(base_url=new_server)
    page = context.new_page()
    cold, cold_urls = bytes_on_the_wire(page, "/")
    assert any(u.endswith(".js") or ".js?v=" in u for u in cold_urls)
    assert cold <= COLD_MAX, f"{cold} bytes cold: {sorted(cold_urls)}"
    page.goto("about:blank")
    again, again_urls = bytes_on_the_wire(page, "/")
    assert again <= AGAIN_MAX, f"{again} bytes again: {sorted(again_urls)}"
    assert not [u for u in again_urls if "/js/" in u or "/css/" in u], again_urls
    print(f"home page on the wire: {cold} bytes cold, {again} bytes again")
    context.close()
