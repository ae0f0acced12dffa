"""Seeded match records for the analysis' tests: one seat plays random moves, the others the heuristic."""

from __future__ import annotations

from functools import cache
from typing import Any

from tapete.games import get_game
from tapete.sim.runner import play_match

# Short matches: each game's quick options.
QUICK: dict[str, tuple[int, dict[str, Any]]] = {
    "bacan": (4, {"limit": 50}),
    "buracco": (4, {"target": 300}),
    "nacho-loco": (4, {"target": 10}),
    "boon": (4, {}),
    "wanted": (2, {}),
}


@cache
def _record(game_id: str, seed: int, random_seat: int, players: int, options: str) -> dict[str, Any]:
    import json

    kinds = ["heuristic"] * players
    if random_seat >= 0:
        kinds[random_seat] = "random"
    result = play_match(get_game(game_id), players, kinds, seed, json.loads(options), keep_record=True)
    assert result.error is None and result.record is not None, result.error
    return result.record


def record(
    game_id: str, seed: int, random_seat: int = 0, players: int | None = None, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A finished match's record (JSON): `random_seat` plays at random (-1: nobody), the rest the heuristic."""
    import json

    n, quick = QUICK[game_id]
    return _record(game_id, seed, random_seat, players or n, json.dumps(options if options is not None else quick))
