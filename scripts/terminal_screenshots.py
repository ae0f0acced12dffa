"""Screenshots of the terminal at 80x24 (issue 36, findings 8 and 12), in Spanish and English, for
docs/screenshots/: Boon's payments naming the players in victory cards, Bacan's dealer reading "You
deal", Buracco late in a hand with both sides' melds and two-digit tiles apart, and Nacho Loco's
and WANTED's moves one a line, with the keys line keeping "+/- bots".

    PYTHONPATH=. .venv/bin/python scripts/terminal_screenshots.py [--out docs/screenshots]

Each position is played at random (as tests/tui/test_terminal_words.py reaches it) and shown by
Textual's Pilot; its SVG screenshot is drawn to a PNG by Debian's Chromium through Playwright, and
written in 256 colours (Pillow) to stay small.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tapete.engine import State  # noqa: E402
from tapete.games import get_game  # noqa: E402
from tests.tui.test_terminal_words import _late_buracco, played_until, shown  # noqa: E402
from tests.web.conftest import CHROMIUM, LAUNCH_ARGS  # noqa: E402

LANGS = ("es", "en")


def boon() -> State:
    return played_until(get_game("boon"), 4, 3, lambda s: s.view(0)["phase"] == "round_over"
                        and bool((s.view(0)["last_result"] or {}).get("transfers")))  # fmt: skip


def bacan() -> State:
    return played_until(get_game("bacan"), 3, 5, lambda s: s.view(0)["phase"] == "deal" and s.view(0)["dealer"] == 0)


def nacho() -> State:
    return played_until(get_game("nacho-loco"), 4, 2, lambda s: 0 in s.required_actors()
                        and len(s.legal_actions(0)) >= 5)  # fmt: skip


def wanted() -> State:
    return played_until(get_game("wanted"), 3, 2, lambda s: 0 in s.required_actors() and len(s.legal_actions(0)) >= 5,
                        {"mode": "tiroteo"})  # fmt: skip


# (file name, game, players, the position)
SCREENS: list[tuple[str, str, int, Callable[[], State]]] = [
    ("terminal-boon-payments", "boon", 4, boon),
    ("terminal-bacan-deal", "bacan", 3, bacan),
    ("terminal-buracco-melds", "buracco", 4, lambda: _late_buracco(3)),
    ("terminal-nacho-loco-moves", "nacho-loco", 4, nacho),
    ("terminal-wanted-moves", "wanted", 3, wanted),
]


async def svgs() -> list[tuple[str, str]]:
    """(file name, SVG) for every screen in both languages."""
    out = []
    for name, game_id, players, position in SCREENS:
        state = position()
        for lang in LANGS:
            async with shown(get_game(game_id), state, players, lang) as (screen, _):
                if game_id == "boon":  # the round's payments are at the board's foot (the result panel says them too)
                    screen.board.scroll_end(animate=False)
                    await asyncio.sleep(0.2)
                out.append((f"{name}-80x24-{lang}.png", screen.app.export_screenshot(title="tapete 80x24")))
    return out


def save(page: Any, svg: str, path: Path) -> None:
    page.set_content(f"<html><body style='margin:0;background:#000'>{svg}</body></html>")
    page.locator("svg").first.screenshot(path=str(path))
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as shot:
        small = shot.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    shots = asyncio.run(svgs())
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS, env={**os.environ, "HOME": tmp})
        page = browser.new_page(viewport={"width": 1100, "height": 760})
        for name, svg in shots:
            save(page, svg, args.out / name)
        browser.close()
    total = sum((args.out / name).stat().st_size for name, _ in shots)
    print(f"{len(shots)} screenshots, {total // 1024} KB, in {args.out}")


if __name__ == "__main__":
    main()
