"""Screenshots of the table screens issue 36 changed, for docs/screenshots/, in Spanish and English
at 1280x800 and 390x844: the new-table form (help in sentences, one name per bot level), Boon's
table panel (the payout table in words, the turn notices' switches, every seat's clock), a WANTED
duel with a pick waiting for its confirmation (the bounty as the chip says it), a Pandillas
battle's result (crowns, figures; on a phone the battle in sight) and the home page in the dark theme;
and the screens of the other findings: a move the stand-in made for a person, marked so in the log
(finding 2); the home page's list naming who sits at each table, and a table everyone left, called
off (finding 3); Boon's payments in victory cards, one and many (finding 8); a late spectator's
round-by-round scores and the replay naming every seat as the table did (finding 9).

    PYTHONPATH=. .venv/bin/python scripts/table_screenshots.py [--out docs/screenshots] [--only standin_log ...]

The terminal's screens at 80x24 are scripts/terminal_screenshots.py's; docs/findings-36.md says
which finding each screenshot shows.

It starts its own server (python -m tapete.server, a throwaway SQLite file) and Debian's Chromium
through Playwright, as tests/web does; the PNGs are written in 256 colours (Pillow) to stay small.
"""

from __future__ import annotations

import argparse
import os
import re
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
from tests.web.test_round_scores import await_the_end, bots_match  # noqa: E402

BASE = [""]  # the server's address, once started
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
        page.eval_on_selector("[data-testid=lang-switch]", "b => b.click()")  # also under a dialog
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


def open_tab(page: Any, tab: str, shown: str) -> None:
    """The side panel's tab `tab` (a sheet on a phone), until `shown` is visible."""
    if not page.locator(shown).first.is_visible() and page.locator(f"[data-tab={tab}]").count():
        page.click(f"[data-tab={tab}]")
    page.locator(shown).first.wait_for()


def standin_log(page: Any, out: Path) -> list[Path]:
    """Finding 2: the person lets a turn clock run out; the log tells the pick as the stand-in's."""
    create_table(page, "wanted", players=2, options={"mode": "duelo"}, name="Ana",
                 table_options={"bot_delay_ms": 40, "turn_seconds": 12, "result_pause_seconds": 0})
    s = wait_until(page, lambda s: s["status"] == "playing" and s["seat"] in s["required"] and bool(s["legal"]),
                   timeout=30, what="a pick")
    battle = s["view"]["battle_number"]
    wait_until(page, lambda s, b=battle: s["view"]["battle_number"] > b, timeout=40, what="the stand-in's pick")
    while page.locator("[data-testid=dismiss-result]").count():
        page.click("[data-testid=dismiss-result]")
    return shoot_all(page, out, "standin-log", lambda p: open_tab(p, "log", "[data-testid=log]"))


def open_tables_and_abandoned(page: Any, out: Path) -> list[Path]:
    """Finding 3: the home page names who sits at a table; both friends leave and it is called off."""
    table = create_table(page, "boon", players=3, seats={1: "human"}, name="Lucía", table_options={"bot_delay_ms": 300})
    code = page.locator("[data-testid=invite-code]").inner_text()
    browser = page.context.browser
    others = [browser.new_context(viewport=SIZES["desktop"], base_url=BASE[0]) for _ in range(2)]
    friend, watcher = (context.new_page() for context in others)
    friend.goto("/")
    friend.fill("[data-testid=player-name]", "Mateo")
    friend.fill("[data-testid=join-code]", code)
    friend.press("[data-testid=join-code]", "Enter")
    friend.wait_for_selector("[data-testid=join-form]")
    friend.click("[data-testid=join]")
    wait_until(friend, lambda s: s["status"] == "playing", what="the match")
    watcher.goto("/")
    row = f".open-tables a[href='#/table/{table}']"
    def in_sight(p: Any) -> None:
        p.locator(row).first.wait_for()
        p.locator(row).first.scroll_into_view_if_needed()

    paths = shoot_all(watcher, out, "home-tables", in_sight)
    watcher.locator(row).first.click()
    wait_until(watcher, lambda s: s["status"] == "playing", what="the match")
    for person in (page, friend):
        person.on("dialog", lambda dialog: dialog.accept())
        open_tab(person, "table", "[data-testid=leave-table]")
        person.click("[data-testid=leave-table]")
        person.wait_for_url(re.compile(r"#/$"))
    wait_until(watcher, lambda s: s["status"] == "abandoned", what="the match called off")
    paths += shoot_all(watcher, out, "table-abandoned")
    for context in others:
        context.close()
    return paths


def boon_payments(page: Any, out: Path) -> list[Path]:
    """Finding 8: a Boon round's result pays victory cards, one and many, named as the log names them."""
    create_table(page, "boon", players=3, name="Ana", table_options={"bot_delay_ms": 30})
    wait_until(page, lambda s: s["status"] == "playing", what="the match")
    play_until_a_result(page, "boon")
    return shoot_all(page, out, "boon-payments")


def round_scores(page: Any, out: Path) -> list[Path]:
    """Finding 9: a spectator who comes once a match is over reads its scores round by round, and
    the replay names every seat as the table did, each step told as the seat read it."""
    url = BASE[0]
    table = bots_match(url)
    await_the_end(url, table)
    page.goto(f"/#/table/{table}")
    wait_until(page, lambda s: s["status"] == "finished", timeout=60, what="the match over")

    def scores(p: Any) -> None:
        dialog = p.locator("[data-testid=summary]")
        dialog.wait_for()
        if not dialog.locator("[data-testid=scores]").is_visible():
            dialog.locator("details summary").first.click()
        dialog.locator("[data-testid=scores]").wait_for()

    paths = shoot_all(page, out, "round-scores", scores)
    page.goto(f"/#/replay/{table}")
    page.wait_for_selector("[data-testid=replay]")
    page.click("[data-testid=replay-last]")
    page.wait_for_selector("[data-testid=replay-action]")

    def story(p: Any) -> None:
        if not p.locator("[data-testid=replay-story] li.log-entry").first.is_visible():
            p.click("[data-testid=replay-story] summary")
        p.locator("[data-testid=replay-story] li.log-entry").first.wait_for()

    return paths + shoot_all(page, out, "replay-names", story)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="*", help="the screens to take (their function names), all if none")
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
                BASE[0] = url
                for screen in SCREENS:
                    if args.only and screen.__name__ not in args.only:
                        continue
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


SCREENS: tuple[Callable[[Any, Path], list[Path]], ...] = (
    form, boon_panel, wanted_pick, pandillas, dark_home,
    standin_log, open_tables_and_abandoned, boon_payments, round_scores,
)  # fmt: skip

if __name__ == "__main__":
    main()
