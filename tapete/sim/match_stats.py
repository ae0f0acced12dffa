"""What a match says beyond its outcome, for balance questions and plots.

Collected from public facts only (the spectator's view and public events),
so statistics can never show what a seat had hidden:

- `first_actor`: the seat that acted first in the match;
- `round_first`: the first seat to act in each round;
- `round_scores`: the spectator's scores when each round was over (read when
  the round number changes, and at the end);
- per game, the items its `study.event_stats` reads from public events
  (Bacan's calls: the caller's row total and the result).

A game may offer its own `match_stats(events) -> dict` on its Game object;
it is merged in.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from tapete.bots.search import view_scores
from tapete.engine import Event, Game, State


class StatsCollector:
    """Follows one match step by step and sums it up at the end."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.round = state.round_index()
        self.first_actor: int | None = None
        self.rounds: list[dict[str, Any]] = []
        self.extract = game.study.event_stats
        self.items: dict[str, list[dict[str, Any]]] = {}
        self.public_events: list[Event] = []
        self._open_round(state)

    def _open_round(self, state: State) -> None:
        view = state.view(None)
        dealer = view.get("dealer")
        self.rounds.append(
            {
                "round": self.round,
                "dealer": dealer if isinstance(dealer, int) and not isinstance(dealer, bool) else None,
                "first": None,
                "start_scores": view_scores(view, state.num_players),
                "actions": 0,
            }
        )

    def step(self, state: State, seat: int, events: Sequence[Event]) -> None:
        if self.first_actor is None:
            self.first_actor = seat
        this = self.rounds[-1]
        if this["first"] is None:
            this["first"] = seat
        this["actions"] += 1
        for event in events:
            if event.audience is not None:
                continue
            if self.extract is not None:
                item = self.extract(event)
                if item is not None:
                    key = item.pop("key")
                    self.items.setdefault(key, []).append(item)
            self.public_events.append(event)
        if state.is_terminal():
            return
        current = state.round_index()
        if current != self.round:
            self.round = current
            self._open_round(state)

    def finish(self, state: State) -> dict[str, Any]:
        """Rounds get their end scores (the next round's start, or the outcome)."""
        # a "round" of one action is only the deal that opens the first round
        rounds = [r for r in self.rounds if r["actions"] > 1]
        for this, nxt in itertools.pairwise(rounds):
            this["end_scores"] = nxt["start_scores"]
        if rounds:
            rounds[-1]["end_scores"] = list(state.outcome().scores) if state.is_terminal() else None
        out: dict[str, Any] = {"first_actor": self.first_actor, "rounds": rounds}
        out.update(self.items)
        out.update(self.game.match_stats(self.public_events))
        return out
