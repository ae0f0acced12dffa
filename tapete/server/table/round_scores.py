"""Each finished round's scores at a table, kept by the server as the match goes (and again from
the record after a restart), so that everyone told the table — a spectator arriving late, a
second device, a reload — reads the same table of rounds, not only the browser that watched live.

A round's row is the public totals once its result is told (`Game.round_result_events`); a
hello or a sync carries the rows of the rounds before the current one (`finished`), in the
shape the browser keeps: ``[{"round": 1, "scores": [24, 28, 31]}, ...]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tapete.engine import Event, Game, State


class RoundScores:
    def __init__(self, game: Game) -> None:
        self.results = game.round_result_events
        self.rows: dict[int, list[Any]] = {}  # round -> the public totals when its result was told

    def saw(self, state: State, events: Iterable[Event]) -> None:
        """The events of one move: a round's result keeps the totals it left."""
        if not any(e.kind in self.results for e in events):
            return
        view = state.view(None)
        number, scores = view.get("round"), view.get("scores")
        if isinstance(number, int) and isinstance(scores, list):
            self.rows[number] = list(scores)

    def finished(self, current: object) -> list[dict[str, Any]]:
        """The rows of the rounds before `current` (the view's round), oldest first."""
        if not isinstance(current, int):
            return []
        return [{"round": n, "scores": scores} for n, scores in sorted(self.rows.items()) if 1 <= n < current]


__all__ = ["RoundScores"]
