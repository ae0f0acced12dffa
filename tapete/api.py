"""tapete's stable Python API: the names `docs/api.md` documents and promises.

Everything here keeps its name and meaning across versions; what is not
here (a game's state fields, its JSON encodings, the bots' internals) may
change. `from tapete.api import *` gives the lot.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tapete.bots import BOT_KINDS, make_bot
from tapete.bots.search import SearchConfig, SearchResult, search
from tapete.engine import (
    BadAction,
    BadOption,
    BadPlayers,
    Bot,
    Decision,
    Event,
    Game,
    IllegalAction,
    InvalidState,
    MatchRecord,
    Observation,
    Outcome,
    State,
    TapeteError,
    visible_events,
)
from tapete.engine import replay as replay_record
from tapete.games import game_ids, get_game


def position_builder(game: Game | str) -> Callable[..., State]:
    """The game's position builder (`tapete.games.<g>.positions.position`):
    a position in the game's own words, checked like any state."""
    game = get_game(game) if isinstance(game, str) else game
    package = type(game).__module__.rsplit(".", 1)[0]
    builder: Callable[..., State] = importlib.import_module(f"{package}.positions").position
    return builder


def replay(record: MatchRecord | dict[str, Any], upto: int | None = None) -> State:
    """The match of a record (a `MatchRecord` or its JSON) after its first
    `upto` actions (all by default)."""
    rec = record if isinstance(record, MatchRecord) else MatchRecord.from_json(record)
    return replay_record(get_game(rec.game), rec, upto)


__all__ = [
    "BOT_KINDS",
    "BadAction",
    "BadOption",
    "BadPlayers",
    "Bot",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidState",
    "MatchRecord",
    "Observation",
    "Outcome",
    "SearchConfig",
    "SearchResult",
    "State",
    "TapeteError",
    "game_ids",
    "get_game",
    "make_bot",
    "position_builder",
    "replay",
    "search",
    "visible_events",
]
