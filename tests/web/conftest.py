"""A real table server on a free loopback port and Debian's Chromium driven by Playwright.

The server runs as `python -m tapete.server` in a subprocess with its own
SQLite file and HOME; the browser is /usr/bin/chromium (make test installs
it; `playwright install` is never used).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="the 'browser' extra is not installed")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (make test installs it)", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("home")) as url:
        yield url


@contextmanager
def running_server(home: Path) -> Iterator[str]:
    """A table server process on a free loopback port with its own database in `home`; its URL."""
    port = free_port()
    env = {**os.environ, "HOME": str(home), "PYTHONUNBUFFERED": "1"}
    log = (home / "server.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tapete.server",
            "--port",
            str(port),
            "--db-url",
            f"sqlite:///{home / 'tapete.db'}",
            "--log-level",
            "warning",
            # every page of every test comes from one address: a person's quotas (10 open tables, 10 new
            # ones a minute) refused a test's table now and then once earlier tests had made theirs
            # (tests/adversarial holds the quotas themselves)
            "--max-tables-per-address",
            "1000",
            "--tables-per-minute",
            "1000",
            "--joins-per-minute",
            "1000",
            "--identities-per-minute",
            "1000",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        # generous: under pytest-xdist two workers may start their servers and browsers at once
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/games", timeout=5) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {(home / 'server.log').read_text()}")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


# Package scope, not session: sync Playwright runs its event loop in this thread while it is
# started, and a pytest-asyncio test after it in the same process would fail ("another loop is
# running"). Under pytest-xdist a worker may run other folders' tests between web tests, so
# Playwright is stopped whenever the run leaves tests/web, and started again if it comes back.
@pytest.fixture(scope="package")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    env = {**os.environ, "HOME": str(tmp_path_factory.mktemp("chromium-home"))}  # Chromium writes under $HOME
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS, env=env)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)  # for open_page: did the test itself fail?
    return report


def describe_pages(pages: list[Any]) -> None:
    """What each page of a failed test shows (its address, its words, its errors): printed, so that a
    CI log says why a page did not get where the test waited for it to (a refused join, a toast)."""
    for number, page in enumerate(pages):
        try:
            text = page.locator("body").inner_text(timeout=2_000)
        except Exception as error:  # the page may be closed or hung: say so and go on
            text = f"(unreadable: {type(error).__name__})"
        shown = text if len(text) <= 2400 else f"{text[:1200]}\n[…]\n{text[-1200:]}"  # a form's error is at its foot
        print(f"--- page {number}: {page.url}\n{shown}\n--- its errors: {page.errors}")


# What no page may show a person at the end of any browser test (the story patterns): an empty
# or boolean value written as text, an object or list printed whole, a rule id, a coordinate, an
# error code. A test whose people type such words on purpose marks itself `engine_words_typed`.
# The rules page's reglamento is the one place they belong: the numbered rules with the options'
# names, folded under the guide and said to be so (docs/web.md); its text is not read.
ENGINE_WORDS = re.compile(
    r"\bNone\b(?! of\b)|\bTrue\b|\bFalse\b|\bnull\b|\bundefined\b|\bNaN\b|\[object |\[\s*['\"\d]"
    r"|\b(?:BAC|BUR|NAC|BOO|WAN)-\d+\b|\(-?\d+, ?-?\d+\)|\b[a-z]+_[a-z_]+\b"
)


def engine_words(pages: list[Any]) -> list[str]:
    """The story patterns found on the pages still open (their visible text)."""
    found: list[str] = []
    for page in pages:
        if page.is_closed():
            continue
        try:
            text = page.locator("body").inner_text(timeout=2_000)
            for part in page.locator("[data-testid=reglamento]").all_inner_texts():
                text = text.replace(part, "")
        except Exception:  # a page that hangs or navigates away is not read
            continue
        for m in ENGINE_WORDS.finditer(text):
            found.append(f"{page.url}: {m.group(0)!r} in …{text[max(0, m.start() - 40) : m.end() + 40]}…")
    return found


@pytest.fixture
def open_page(browser: Any, server_url: str, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """New pages, each in its own context (own storage: its own seats). What each page shows at the
    end of a test that passed is read for engine values (`ENGINE_WORDS`)."""
    contexts: list[Any] = []
    pages: list[Any] = []

    def make(viewport: dict[str, int] = DESKTOP) -> Any:
        context = browser.new_context(viewport=viewport, base_url=server_url)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda err: page.errors.append(str(err)))
        page.on("console", lambda msg: "tapete:" in msg.text and page.errors.append(msg.text))
        pages.append(page)
        return page

    yield make
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        describe_pages(pages)
    checked = report is not None and report.passed and request.node.get_closest_marker("engine_words_typed") is None
    found = engine_words(pages) if checked else []
    for context in contexts:
        context.close()
    assert not found, f"engine values on screen: {found}"


@pytest.fixture(scope="session")
def shots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
