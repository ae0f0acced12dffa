"""The replay viewer tells a match with the seats' names, as the table did."""

from __future__ import annotations

import random
from typing import Any

from tapete.games import get_game
from tapete.server.table.replayed import replay_step, seat_names

SEATS = [{"human": "Ana"}, {"human": "Bruno"}, {"bot": "heuristic"}]


def _record(game_id: str, seed: int, steps: int) -> dict[str, Any]:
    """A record of `steps` random legal moves (replay_step does not need a finished match)."""
    game = get_game(game_id)
    state = game.new_match(len(SEATS), seed, {})
    pick = random.Random(seed)
    actions: list[list[int]] = []
    while len(actions) < steps and not state.is_terminal():
        seat = sorted(state.actors())[0]
        action = pick.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        actions.append([seat, action])
    return {
        "id": f"names-{game_id}-{seed}",
        "game": game_id,
        "seed": seed,
        "options": {},
        "seats": SEATS,
        "actions": actions,
    }


def test_replay_texts_name_the_seats() -> None:
    names = seat_names(SEATS)
    assert names[:2] == ["Ana", "Bruno"] and names[2] not in ("", "Ana", "Bruno")
    record = _record("bacan", 3, 60)
    texts: list[str] = []
    for step in range(1, len(record["actions"]) + 1):
        data = replay_step(record, step, 0)
        texts += [e["text"][lang] for e in data["events"] for lang in ("es", "en")]
        texts += list(data["action"]["text"].values())
    assert texts
    assert not [t for t in texts if "Jugador " in t or "Player " in t]
    told = " ".join(texts)
    assert "Bruno" in told and names[2] in told
