"""The Textual terminal client: `tapete play`.

`app.TapeteApp` (setup screen, table screen, rules, game over), driven by
`table.LocalTable` (a match against bots in real time) or `remote.RemoteTable`
(a seat at a server's table); `games/<pkg>.py` draw each game's board.
"""

from __future__ import annotations

import sys
from typing import Any


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
) -> int:
    """Run the app for one game (the setup screen lets the person change it).
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
    TapeteApp(config, quick=quick).run()
    return 0
