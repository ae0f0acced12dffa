"""WANTED's settings for the tests every game goes through (tests/story, tests/tui, tests/web,
tests/adversarial, tests/bots, tests/openspiel), read by
`tests.game_settings.settings(game_id)`: a new game gives its own beside its tests."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Page, tap

# tests/story/test_story.py: the tables its seeded matches cycle through, (players, options)
STORY_TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {"mode": "duelo"}),
    (3, {"mode": "tiroteo"}),
    (3, {"mode": "pandillas"}),
    (4, {"mode": "pandillas"}),
]
# tests/tui/test_keys.py: options (and player counts besides the fewest and the most) that
# bring in moves the defaults never offer
KEY_OPTION_SETS: list[tuple[dict[str, Any], tuple[int, ...]]] = [
    ({"mode": "duelo"}, ()),
    ({"mode": "tiroteo"}, ()),
    ({"mode": "pandillas"}, (3,)),
]
# tests/tui/test_tmux.py: the quickest way to a round result in a real terminal, (players, options)
TMUX_RESULT: tuple[int, list[str]] = (2, ["mode=pandillas"])
# tests/web/test_games.py: a match played in the browser
# (5 battles make the match)
WEB_GAME: dict[str, Any] = {"players": 3, "options": {"mode": "tiroteo"}, "moves": 3}
# tests/web/test_story_games.py: a table whose rounds pause for their result (None: not this game)
# (none: a match's last deal has nothing to pause for, see tests/web/test_story_games.py)
WEB_STORY: dict[str, Any] | None = None
# tests/web/test_fit.py: (players, options, moves before looking, whether it is the README's screenshot)
FIT_CASES: list[tuple[int, dict[str, Any] | None, int, bool]] = [
    (3, {"mode": "tiroteo"}, 1, True),
    (10, {"mode": "pandillas"}, 1, False),
]
# the hand's cards on the table (tests/web/test_fit.py: they must be on screen)
FIT_HAND = ".wanted-cards"
# whether the README shows it in English too (docs/screenshots)
ENGLISH_SHOTS = True
# tests/web/test_fit.py: the quickest table to a round result that pauses
FIT_RESULT: dict[str, Any] = {"players": 3, "options": {"mode": "tiroteo"}}
# tests/tui/test_fit.py: the option sets whose fewest and most players must fit 80x24
TUI_FIT_OPTION_SETS: list[dict[str, Any]] = [{"mode": "duelo"}, {"mode": "tiroteo"}, {"mode": "pandillas"}]
# tests/adversarial/test_engine_leaks.py: random matches played, and the share of their steps
# whose views, moves and errors are checked in full (about one step a match besides the last)
LEAK_MATCHES = 150
LEAK_FULL_SHARE = 0.05
# tests/bots/test_heuristic_midmatch.py: options for short matches, so many starts fit in a test
SHORT_OPTIONS: dict[str, Any] = {}
# tests/openspiel/test_openspiel.py: a short but whole match, (players, options)
OPENSPIEL_QUICK: tuple[int, dict[str, Any]] = (2, {})


def web_move(page: Page, s: dict[str, Any]) -> None:
    view = s["view"]
    first = s["legal"][0]["action"]
    if first["type"] == "commit":
        tap(page, f"card-{first['card']}")  # picks it; nothing is sent before the pick is confirmed
        tap(page, "confirm-pick")
    elif first["type"] in ("leader", "discard"):
        gang = next(g for g in view["battle"]["gangs"] if g["seat"] == s["seat"])
        index = next(i for i, c in enumerate(gang["cards"]) if c["card"] == first["card"])
        tap(page, f"gang-{s['seat']}-{index}")
    else:
        tap(page, "deal")
