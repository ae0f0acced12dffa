"""Boon's settings for the tests every game goes through (tests/story, tests/tui, tests/web,
tests/adversarial, tests/bots, tests/openspiel), read by
`tests.game_settings.settings(game_id)`: a new game gives its own beside its tests."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Page, click_move, has, tap

# tests/story/test_story.py: the tables its seeded matches cycle through, (players, options)
STORY_TABLES: list[tuple[int, dict[str, Any]]] = [(3, {}), (4, {})]
# tests/tui/test_keys.py: options (and player counts besides the fewest and the most) that
# bring in moves the defaults never offer
KEY_OPTION_SETS: list[tuple[dict[str, Any], tuple[int, ...]]] = [({}, ())]
# tests/tui/test_tmux.py: the quickest way to a round result in a real terminal, (players, options)
TMUX_RESULT: tuple[int, list[str]] = (4, [])
# tests/web/test_games.py: a match played in the browser
WEB_GAME: dict[str, Any] = {"players": 4}
# tests/web/test_story_games.py: a table whose rounds pause for their result (None: not this game)
WEB_STORY: dict[str, Any] | None = {"players": 3, "options": {"payouts": "1,1,1,-1,-1,-1"}}
# tests/web/test_fit.py: (players, options, moves before looking, whether it is the README's screenshot)
FIT_CASES: list[tuple[int, dict[str, Any] | None, int, bool]] = [(4, None, 2, True), (3, None, 2, False)]
# the hand's cards on the table (tests/web/test_fit.py: they must be on screen)
FIT_HAND = ".hand-cards"
# whether the README shows it in English too (docs/screenshots)
ENGLISH_SHOTS = False
# tests/web/test_fit.py: the quickest table to a round result that pauses
FIT_RESULT: dict[str, Any] = {"players": 3, "options": {"payouts": "1,1,1,-1,-1,-1"}}
# tests/tui/test_fit.py: the option sets whose fewest and most players must fit 80x24
TUI_FIT_OPTION_SETS: list[dict[str, Any]] = [{}]
# tests/adversarial/test_engine_leaks.py: random matches played, and the share of their steps
# whose views, moves and errors are checked in full (about one step a match besides the last)
LEAK_MATCHES = 150
LEAK_FULL_SHARE = 0.01
# tests/bots/test_heuristic_midmatch.py: options for short matches, so many starts fit in a test
SHORT_OPTIONS: dict[str, Any] = {}
# tests/openspiel/test_openspiel.py: a short but whole match, (players, options)
OPENSPIEL_QUICK: tuple[int, dict[str, Any]] = (3, {})


def web_move(page: Page, s: dict[str, Any]) -> None:
    view = s["view"]
    phase = view["phase"]
    if phase == "bid":
        tap(page, "take" if has(s, {"type": "take"}) else "pass")
    elif phase in ("bury", "play"):
        card = next(e["action"]["card"] for e in s["legal"] if e["action"]["type"] in ("bury", "play"))
        tap(page, f"card-{card}")
    elif phase == "round_over":
        tap(page, "deal")
    else:
        click_move(page, s["legal"][0]["action"])
