"""Nacho Loco's settings for the tests every game goes through (tests/story, tests/tui, tests/web,
tests/adversarial, tests/bots, tests/openspiel), read by
`tests.game_settings.settings(game_id)`: a new game gives its own beside its tests."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Page, has, tap

# tests/story/test_story.py: the tables its seeded matches cycle through, (players, options)
STORY_TABLES: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {}), (4, {})]
# tests/tui/test_keys.py: options (and player counts besides the fewest and the most) that
# bring in moves the defaults never offer
KEY_OPTION_SETS: list[tuple[dict[str, Any], tuple[int, ...]]] = [({}, ())]
# tests/tui/test_tmux.py: the quickest way to a round result in a real terminal, (players, options)
TMUX_RESULT: tuple[int, list[str]] = (6, [])
# tests/web/test_games.py: a match played in the browser
WEB_GAME: dict[str, Any] = {"players": 3}
# tests/web/test_story_games.py: a table whose rounds pause for their result (None: not this game)
WEB_STORY: dict[str, Any] | None = {"players": 2, "options": {"target": 500}}
# tests/web/test_fit.py: (players, options, moves before looking, whether it is the README's screenshot)
FIT_CASES: list[tuple[int, dict[str, Any] | None, int, bool]] = [(3, None, 2, True), (6, None, 1, False)]
# the hand's cards on the table (tests/web/test_fit.py: they must be on screen)
FIT_HAND = ".nacho-cards"
# whether the README shows it in English too (docs/screenshots)
ENGLISH_SHOTS = False
# tests/web/test_fit.py: the quickest table to a round result that pauses
FIT_RESULT: dict[str, Any] = {"players": 2, "options": {"target": 500}}
# tests/tui/test_fit.py: the option sets whose fewest and most players must fit 80x24
TUI_FIT_OPTION_SETS: list[dict[str, Any]] = [{}]
# tests/adversarial/test_engine_leaks.py: random matches played, and the share of their steps
# whose views, moves and errors are checked in full (about one step a match besides the last)
LEAK_MATCHES = 150
LEAK_FULL_SHARE = 0.005
# tests/bots/test_heuristic_midmatch.py: options for short matches, so many starts fit in a test
SHORT_OPTIONS: dict[str, Any] = {}
# tests/openspiel/test_openspiel.py: a short but whole match, (players, options)
OPENSPIEL_QUICK: tuple[int, dict[str, Any]] = (2, {"target": 5})


def web_move(page: Page, s: dict[str, Any]) -> None:
    view = s["view"]
    phase = view["phase"]
    places = [e["action"] for e in s["legal"] if e["action"]["type"] == "place"]
    if phase in ("play", "again", "drawn") and places:
        first = places[0]
        if phase != "drawn":
            tap(page, f"hand-{view['hand'].index(first['card'])}")
        x, y = view["open"][first["slot"]]["cell"]
        page.click(f"[data-testid='cell-{x}_{y}']")
        tap(page, "place")
    elif has(s, {"type": "draw"}):
        tap(page, "draw")
    elif has(s, {"type": "pass"}):
        tap(page, "pass")
    elif has(s, {"type": "next_round"}):
        tap(page, "next-round")
    else:
        target = next(e["action"] for e in s["legal"] if e["action"]["type"] == "target")
        tap(page, f"target-{target['seat']}")
