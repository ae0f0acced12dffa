"""Screenshots of the table screens issue 36 changed, for docs/screenshots/, in Spanish and English
at 1280x800 and 390x844: the new-table form (help in sentences, one name per bot level), Boon's
table panel (the payout table in words, the turn notices' switches, every seat's clock), a WANTED
duel with a pick waiting for its confirmation (the bounty as the chip says it), a Pandillas
battle's result (crowns, figures; on a phone the battle in sight) and the home page in the dark theme.

    PYTHONPATH=. .venv/bin/python scripts/table_screenshots.py [--out docs/screenshots]

It starts its own server (python -m tapete.server, a throwaway SQLite file) and Debian's Chromium
through Playwright, as tests/web does; the PNGs are written in 256 colours (Pillow) to stay small.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.conftest import CHROMIUM, LAUNCH_ARGS, free_port  # noqa: E402
from tests.web.helpers import create_table, state, wait_until  # noqa: E402
from tests.web.play import play_until_a_result  # noqa: E402

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGS = ("es", "en")


def start_server(home: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "HOME": str(home), "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tapete.server", "--port", str(port), "--db-url", f"sqlite:///{home / 'tapete.db'}",
         "--log-level", "warning", "--max-tables-per-address", "1000", "--tables-per-minute", "1000"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/games", timeout=5):
                return proc, url
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.2)


def save(page: Any, path: Path) -> None:
    page.screenshot(path=str(path))
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as shot:
        small = shot.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def set_lang(page: Any, lang: str) -> None:
    if page.evaluate("document.documentElement.lang") != lang:
        page.click("[data-testid=lang-switch]")
        deadline = time.monotonic() + 10
        while page.evaluate("document.documentElement.lang") != lang and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # the log and the board are said again in the new language


def shoot_all(page: Any, out: Path, name: str, prepare: Callable[[Any], None] | None = None) -> list[Path]:
    paths = []
    for lang in LANGS:
        set_lang(page, lang)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            time.sleep(1.0)  # the board fits itself, dice and flying cards land
            if prepare:
                prepare(page)
            path = out / f"{name}-{size}-{lang}.png"
            save(page, path)
            paths.append(path)
    return paths


def form(page: Any, out: Path) -> list[Path]:
    page.goto("/#/new/bacan")
    page.wait_for_selector("[data-testid=new-table]")
    page.click("form details summary")
    return shoot_all(page, out, "form-bacan")


def boon_panel(page: Any, out: Path) -> list[Path]:
    create_table(page, "boon", players=3, name="Ana", table_options={"bot_delay_ms": 400, "turn_seconds": 90})
    wait_until(page, lambda s: s["status"] == "playing", what="the match")

    def open_panel(p: Any) -> None:
        if not p.locator("[data-testid=notice-switches]").is_visible():
            p.click("[data-tab=table]")
        p.wait_for_selector("[data-testid=notice-switches]")

    return shoot_all(page, out, "boon-table-panel", open_panel)


def wanted_pick(page: Any, out: Path) -> list[Path]:
    create_table(page, "wanted", players=2, options={"mode": "duelo"}, name="Ana",
                 table_options={"bot_delay_ms": 40, "result_pause_seconds": 0})
    for _ in range(2):  # a battle fought, so that the bounties show
        s = wait_until(page, lambda s: s["seat"] in s["required"] and bool(s["legal"]), timeout=30, what="a pick")
        battle = s["view"]["battle_number"]
        page.click(f"[data-testid='card-{s['view']['hand'][0]}']")
        page.click("[data-testid=confirm-pick]")
        wait_until(page, lambda s, b=battle: s["view"]["battle_number"] > b, timeout=30, what="the battle")
        while page.locator("[data-testid=dismiss-result]").count():
            page.click("[data-testid=dismiss-result]")
    s = wait_until(page, lambda s: s["seat"] in s["required"] and bool(s["legal"]), timeout=30, what="a pick")
    face = s["view"]["hand"][0]

    def picked(p: Any) -> None:
        if not p.locator("[data-testid=confirm-pick]").count():
            p.click(f"[data-testid='card-{face}']")
        p.wait_for_selector("[data-testid=confirm-pick]")

    return shoot_all(page, out, "wanted-pick", picked)


def pandillas(page: Any, out: Path) -> list[Path]:
    create_table(page, "wanted", players=6, options={"mode": "pandillas"}, name="Ana",
                 table_options={"bot_delay_ms": 30})
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    play_until_a_result(page, "wanted")
    state(page)
    return shoot_all(page, out, "wanted-pandillas-result")


def dark_home(page: Any, out: Path) -> list[Path]:
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    page.wait_for_selector("[data-testid=new-bacan]")
    paths = shoot_all(page, out, "home-dark")
    page.emulate_media(color_scheme="light")
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS,
                                             env={**os.environ, "HOME": tmp})
                written: list[Path] = []
                for screen in (form, boon_panel, wanted_pick, pandillas, dark_home):
                    context = browser.new_context(viewport=SIZES["desktop"], base_url=url)
                    page = context.new_page()
                    page.set_default_timeout(20_000)
                    written += screen(page, args.out)
                    context.close()
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    total = sum(p.stat().st_size for p in written)
    print(f"{len(written)} screenshots, {total // 1024} KB, in {args.out}")


if __name__ == "__main__":
    main()
