"""The Textual terminal client: `tapete play`.

`app.TapeteApp` (setup screen, table screen, rules, game over), driven by
`table.LocalTable` (a match against bots in real time) or `remote.RemoteTable`
(a seat at a server's table); `games/<pkg>.py` draw each game's board.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.widget import Widget

    from tapete.engine import Game

    from .config import MatchConfig
    from .match import LocalTable
    from .screen import TableSource


def play_local(
    game_id: str,
    players: int,
    options: dict[str, Any],
    bots: str,
    seed: int | None,
    lang: str,
    *,
    quick: bool = False,
    speed: str = "normal",
    records: Path | None = None,
) -> int:
    """Run the app for one game (the setup screen lets the person change it).
    With `records`, each match played is written there as a replayable record
    (`tapete replay`), finished or not, when the app ends.
    Returns the process exit code."""
    from tapete.bots import BOT_KINDS

    from .app import TapeteApp
    from .config import SPEEDS, MatchConfig

    if bots not in BOT_KINDS:
        known = ", ".join(BOT_KINDS)
        print(f"--bots: uno de / one of {known}", file=sys.stderr)
        return 2
    if speed not in SPEEDS:
        print(f"--speed: uno de / one of {', '.join(SPEEDS)}", file=sys.stderr)
        return 2
    kinds: list[str | None] = [None, *[bots] * (players - 1)]
    config = MatchConfig(game_id, players, kinds, dict(options), seed, lang if lang in ("es", "en") else "es", speed)
    tables: list[tuple[MatchConfig, LocalTable]] = []
    TapeteApp(config, quick=quick, source_factory=_recording(tables)).run()
    if records is not None:
        write_records(records, tables)
    return 0


def _recording(tables: list[tuple[MatchConfig, LocalTable]]) -> Any:
    from .app import local_source
    from .match import LocalTable

    def source(game: Game, config: MatchConfig, screen: Widget) -> TableSource:
        table = local_source(game, config, screen)
        if isinstance(table, LocalTable):
            tables.append((config, table))
        return table

    return source


def write_records(folder: Path, tables: list[tuple[MatchConfig, LocalTable]]) -> list[Path]:
    """One MatchRecord JSON per match played (the person's seat is {"human": ...})."""
    from tapete.engine import MatchRecord

    stamp = time.strftime("%Y%m%d-%H%M%S")
    paths = []
    for i, (config, table) in enumerate(tables, 1):
        if not table.actions:
            continue
        seats: list[dict[str, Any]] = [{"bot": k} if k is not None else {"human": "tapete play"} for k in config.kinds]
        assert config.seed is not None
        record = MatchRecord(
            table.game.id, dict(config.options), config.seed, seats, list(table.actions), table.game.rules_version
        ).to_json()
        if table.state.is_terminal():
            record["outcome"] = table.state.outcome().to_json()
        path = folder / f"{table.game.id}-{stamp}-{i}.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        paths.append(path)
    return paths
