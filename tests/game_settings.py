"""Each game's settings for the tests every game goes through, from beside its own tests
(tests/games/<package>/settings.py): the tables, option sets and moves the story, terminal and
browser tests use for it, and how long the leak, bot and adapter checks play it. Adding a game
adds its own file there, not an entry here."""

from __future__ import annotations

import importlib
from types import ModuleType

from tapete.games import PACKAGES, game_ids


def settings(game_id: str) -> ModuleType:
    """The game's `settings` module (STORY_TABLES, KEY_OPTION_SETS, KEY_RARE, TMUX_RESULT,
    TUI_FIT_OPTION_SETS, WEB_GAME, WEB_STORY, FIT_CASES, FIT_HAND, ENGLISH_SHOTS, FIT_RESULT,
    web_move, LEAK_MATCHES, LEAK_FULL_SHARE, SHORT_OPTIONS, OPENSPIEL_QUICK)."""
    return importlib.import_module(f"tests.games.{PACKAGES[game_id].rpartition('.')[2]}.settings")


def every() -> dict[str, ModuleType]:
    """Every registered game's settings, in the registry's order."""
    return {game_id: settings(game_id) for game_id in game_ids()}
