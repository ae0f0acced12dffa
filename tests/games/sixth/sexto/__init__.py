"""Sexto: the tests' toy game (tests/toygame.py) as a sixth game, listed from its own
package with its own client pieces: browser (web/: view, art, words, style) and terminal
(terminal.py: its board and glyphs). tests/games/sixth/test_sixth_game.py copies this
package somewhere else under another name and registers it; no file outside it names it.
"""

from __future__ import annotations

from typing import ClassVar

from tapete.engine import ClientFacts
from tests.toygame import ToyGame, ToyState

GAME_ID = "sexto"


class SextoState(ToyState):
    game_id = GAME_ID


class SextoGame(ToyGame):
    id = GAME_ID
    name: ClassVar[dict[str, str]] = {"es": "Sexto", "en": "Sixth"}
    state_type = SextoState
    round_result_events: ClassVar[frozenset[str]] = frozenset({"round_end"})
    client = ClientFacts(
        score_unit={"es": "fichas", "en": "chips"},
        score_text={"es": "{n} fichas", "en": "{n} chips", "es1": "{n} ficha", "en1": "{n} chip"},
        rounds_text={"es": "Vueltas jugadas: {n}", "en": "Laps played: {n}"},
        # a snap window is a race, but covering (this game's rule) already waits for it
        table_options_off={"reaction_window_ms": {"cover": (True,)}},
        web=f"{__name__}:web",
        terminal=f"{__name__}.terminal",
    )


GAME = SextoGame()
