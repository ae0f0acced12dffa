"""After a match, the replay's Analysis tab: the advantage graph and the seat's decisions with
their labels in words (es and en, desktop and phone), and a tap on a decision steps the replay
to it and says the better move.

`TAPETE_SCREENSHOTS=1 pytest tests/web/test_analysis.py` also writes the README's screenshots
to docs/screenshots/analysis-<size>-<lang>.png (`save_screenshots`)."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

from .conftest import PHONE, ROOT
from .helpers import Page, create_table, own_name, spanish_leftovers, state, wait_js, wait_until
from .play import play_moves
from .test_story import ENGINE_TEXT

FAST = {"bot_delay_ms": 0, "reaction_window_ms": 0, "result_pause_seconds": 0}
LAPTOP = {"width": 1280, "height": 800}
DOCS_SHOTS = ROOT / "docs" / "screenshots"
BUSY = {
    "es": "El servidor está analizando otras partidas; inténtalo en un momento.",
    "en": "The server is analysing other matches; try again in a moment.",
}
LABELS = {"es": {"bien", "imprecisión", "error", "error grave"}, "en": {"good", "inaccuracy", "mistake", "blunder"}}


def save_screenshots(page: Page, shots: Path, lang: str) -> list[Path]:
    """The Analysis tab at 1280x800 and 390x844, in `shots` (and in docs/screenshots/ with
    TAPETE_SCREENSHOTS=1: the README's, regenerated)."""
    folders = [shots] + ([DOCS_SHOTS] if os.environ.get("TAPETE_SCREENSHOTS") == "1" else [])
    out = []
    for size, viewport in (("desktop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        time.sleep(0.8)
        for folder in folders:
            path = folder / f"analysis-{size}-{lang}.png"
            page.screenshot(path=str(path), full_page=False)
            if folder == DOCS_SHOTS:
                modest(path)
            out.append(path)
    page.set_viewport_size(LAPTOP)
    return out


def modest(path: Path) -> None:
    """A screenshot for the repository in 256 colours (a third of the bytes), where Pillow is installed."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        image.convert("RGB").quantize(256).save(path, optimize=True)


def finish_a_match(page: Page) -> tuple[str, str]:
    """Ana and two bots play a Boon match to its end; the table's id and the name Ana typed."""
    name = own_name("Ana")
    table_id = create_table(page, "boon", players=3, table_options=FAST, name=name)
    wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    end = time.monotonic() + 180
    while not state(page)["view"]["over"]:
        assert time.monotonic() < end, "the match did not end"
        play_moves(page, "boon", 20)
    return table_id, name


def check_tab(page: Page, lang: str, name: str) -> None:
    page.wait_for_selector("[data-testid=analysis-graph]", timeout=150_000)
    assert page.locator("[data-testid=analysis-error]").count() == 0
    if not page.locator("[data-testid=analysis-show-good]").is_checked():
        page.click("[data-testid=analysis-show-good]")  # every decision listed, the good ones too
    items = page.locator("[data-testid=analysis-item]")
    assert items.count() >= 1
    said = {text.strip() for text in page.locator(".analysis-list .label-chip").all_inner_texts()}
    assert said and said <= LABELS[lang], said
    panel = page.locator("[data-testid=analysis]").inner_text()
    assert (f"Las decisiones de {name}" if lang == "es" else f"{name}'s decisions") in panel
    assert not ENGINE_TEXT.search(page.locator("body").inner_text())
    assert not re.search(r"\{|\}|\[|\]|_", panel), panel  # no engine value: no lists, ids or tokens
    assert (
        page.locator("[data-testid=analysis-graph] .graph-line, [data-testid=analysis-graph] circle").count() >= 1
        or items.count() == 1
    )


def test_the_analysis_tab_after_a_match(open_page: Any, shots: Path) -> None:
    page = open_page(LAPTOP)
    table_id, name = finish_a_match(page)
    page.evaluate("localStorage.setItem('tapete.analysisBudget', 'easy')")  # a loaded test machine
    asked: list[str] = []

    def busy_at_first(route: Any) -> None:  # the server busy with other analyses, then free
        asked.append(route.request.url)
        if len(asked) > 1:
            route.continue_()
            return
        body = {"error": {"code": "busy", "rule": "analysis", "es": BUSY["es"], "en": BUSY["en"]}}
        route.fulfill(status=503, content_type="application/json", body=json.dumps(body))

    page.route(re.compile(r"/api/matches/[^/]+/analysis"), busy_at_first)
    page.wait_for_selector("[data-testid=open-analysis]")  # from the end-of-match summary, and the table's tab
    page.click("[data-testid=close-summary]")
    page.click("[data-tab=analysis]")
    for size, viewport in (("desktop", LAPTOP), ("phone", PHONE)):  # the finished table's Analysis tab
        page.set_viewport_size(viewport)
        page.locator("[data-testid=table-analysis]").wait_for()
        page.screenshot(path=str(shots / f"analysis-table-{size}-es.png"))
    page.set_viewport_size(LAPTOP)
    page.click("[data-testid=table-analysis]")
    page.wait_for_url(re.compile(rf"#/replay/{table_id}/analysis/0$"))
    refused = page.locator("[data-testid=analysis-error]")
    refused.wait_for()
    assert refused.inner_text() == BUSY["es"]  # said in words, and a way to try again
    page.click("[data-testid=analysis-retry]")
    # the progress indicator while the server judges, then the tab
    page.wait_for_selector("[data-testid=analysis-progress], [data-testid=analysis-graph]")
    check_tab(page, "es", name)
    page.unroute(re.compile(r"/api/matches/[^/]+/analysis"))

    slips = page.locator("[data-testid=analysis-item]:not(.label-good)")  # a slip's better move, if any
    first = slips.first if slips.count() else page.locator("[data-testid=analysis-item]").first
    step = int(first.get_attribute("data-step") or "-1")
    first.click()
    wait_js(page, f"document.querySelector('[data-testid=replay-slider]').value === '{step}'")
    better = page.locator("[data-testid=analysis-better]")
    better.wait_for()
    assert "Jugó" in better.inner_text()
    best = page.evaluate(
        """async ([id, step]) => (await (await fetch(`/api/matches/${id}/analysis?seat=0&budget=easy`)).json())
             .decisions.find((d) => d.step === step).best.json""",
        [table_id, step],
    )
    if "Mejor" in better.inner_text() and any("card" in action for action in best):
        assert page.locator(".board-holder .analysis-best").count() >= 1  # the better card lit on the board
    assert page.locator("[data-testid=analysis-item][aria-current=step]").count() == 1
    save_screenshots(page, shots, "es")

    page.evaluate("localStorage.setItem('tapete.lang', 'en')")
    page.reload()
    check_tab(page, "en", name)
    slips = page.locator("[data-testid=analysis-item]:not(.label-good)")
    (slips.first if slips.count() else page.locator("[data-testid=analysis-item]").first).click()
    page.locator("[data-testid=analysis-better]").wait_for()
    assert "Played" in page.locator("[data-testid=analysis-better]").inner_text()
    assert not spanish_leftovers(page)
    save_screenshots(page, shots, "en")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_analysis_of_a_match_being_played_is_refused_in_words(open_page: Any) -> None:
    page = open_page(LAPTOP)
    table_id = create_table(page, "boon", players=3, table_options={"bot_delay_ms": 2000}, name=own_name("Ana"))
    page.goto(f"/#/replay/{table_id}/analysis/0")
    page.wait_for_selector("[data-testid=replay], [data-testid=analysis-error], .error")
    # the replay itself is refused for a match not finished: said in words, never a code
    text = page.locator("body").inner_text()
    assert "terminad" in text or "finished" in text, text


def test_a_hints_table_shows_the_hint_to_the_asking_seat_only(open_page: Any, shots: Path) -> None:
    host = open_page(LAPTOP)
    table = create_table(
        host,
        "boon",
        players=3,
        seats={1: "human"},
        name=own_name("Ana"),
        table_options={"bot_delay_ms": 0, "rated": False, "hints": True},
    )
    code = host.locator("[data-testid=invite-code]").inner_text()
    friend = open_page(PHONE)
    friend.goto(f"/#/join/{code}")
    friend.wait_for_selector("[data-testid=join-form]")
    friend.click("[data-testid=join]")
    friend.wait_for_url(re.compile(rf"#/table/{table}$"))
    watcher = open_page(LAPTOP)
    watcher.goto(f"/#/table/{table}")
    pages = [host, friend, watcher]
    for page in pages:
        wait_until(page, lambda s: s["status"] == "playing", what="the match")
        page.wait_for_selector("[data-testid=hints-on]")  # everyone is told the table gives hints
    end = time.monotonic() + 30
    while True:  # whose turn: the bot plays at once, then a person's decision waits
        turn = [p for p in (host, friend) if (s := state(p))["seat"] in s["required"]]
        if turn:
            break
        assert time.monotonic() < end, "no person's turn came"
        time.sleep(0.1)
    asker = turn[0]
    others = [p for p in pages if p is not asker]
    assert watcher.locator("[data-testid=ask-hint]").count() == 0  # a spectator has no seat to help
    asker.click("[data-testid=ask-hint]")
    answer = asker.locator("[data-testid=hint-answer]")
    answer.wait_for(timeout=60_000)
    said = answer.inner_text()
    assert "El bot jugaría" in said and "«" in said and not ENGINE_TEXT.search(said), said
    time.sleep(1.0)
    for page in others:
        assert page.locator("[data-testid=hint-answer]").count() == 0, "a hint reached a page that did not ask"
    asker.screenshot(path=str(shots / f"hint-{'desktop' if asker is host else 'phone'}-es.png"))
    for page in pages:
        assert not page.errors, page.errors  # type: ignore[attr-defined]


def test_a_rated_table_with_hints_is_refused_in_words(open_page: Any) -> None:
    page = open_page(LAPTOP)
    page.goto("/#/new/boon")
    page.wait_for_selector("[data-testid=new-table]")
    page.fill("[data-testid=player-name]", own_name("Ana"))
    page.click("form details summary")
    page.set_checked("#topt-hints", True)  # rated stays ticked
    page.click("[data-testid=create]")
    page.wait_for_selector("text=solo se dan en partidas no puntuables")
    assert "#/new/boon" in page.url
