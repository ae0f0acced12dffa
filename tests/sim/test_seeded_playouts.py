"""Seeded matches play the same as recorded: the guard of every speed-up of the engine.

A fixed set of seeded random playouts (every game, its conformance option sets, a few
player counts) and seeded heuristic matches is fingerprinted: the actions, every seat's
legal actions at each step, the events with their audiences, the views of every seat
now and then, the final state's JSON and the outcome. The fingerprints were recorded
in `data/seeded_playouts.json`; an engine change that alters any of them changed
behaviour. Record anew (only for a deliberate rules change, with the rules version):

    python -m tests.sim.test_seeded_playouts --record
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from tapete.engine import State
from tapete.games import game_ids, get_game
from tapete.sim.bench import random_step
from tapete.sim.runner import play_match

DATA = Path(__file__).parent / "data" / "seeded_playouts.json"
PLAYERS = {"bacan": (2, 4, 6), "buracco": (2, 4), "nacho-loco": (2, 4, 6), "boon": (3, 4), "wanted": (2,)}
SEEDS = {"bacan": 4, "buracco": 2, "nacho-loco": 4, "boon": 4, "wanted": 12}
VIEW_EVERY = 7


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), default=sorted)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _views(state: State) -> Any:
    return [state.view(seat) for seat in [*range(state.num_players), None]]


class _Recorder:
    """The state as the playout step sees it, with the applied action and its events caught."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.action = -1
        self.seen: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def apply(self, seat: int, action: int) -> Any:
        assert self.action == -1
        self.action = action
        out = self.state.apply(seat, action)
        self.seen = [(seat, e.kind, e.data, sorted(e.audience) if e.audience is not None else None) for e in out]
        return out


def random_fingerprint(game_id: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new_match(players, seed, options)
    actions: list[int] = []
    legal = hashlib.sha256()
    events = hashlib.sha256()
    views = hashlib.sha256()
    views.update(_digest(_views(state)).encode())
    while not state.is_terminal():
        legal.update(_digest([(s, state.legal_actions(s)) for s in state.actors()]).encode())
        recorder = _Recorder(state)
        random_step(cast(State, recorder), rng)
        actions.append(recorder.action)
        events.update(_digest(recorder.seen).encode())
        if len(actions) % VIEW_EVERY == 0:
            views.update(_digest(_views(state)).encode())
    views.update(_digest(_views(state)).encode())
    return {
        "steps": len(actions),
        "actions": _digest(actions),
        "legal": legal.hexdigest()[:24],
        "events": events.hexdigest()[:24],
        "views": views.hexdigest()[:24],
        "final": _digest(state.to_json()),
        "outcome": state.outcome().to_json(),
    }


def heuristic_fingerprint(game_id: str, seed: int) -> dict[str, Any]:
    game = get_game(game_id)
    n = game.default_players
    result = play_match(game, n, ["heuristic"] * n, seed, None, keep_record=True)
    assert result.error is None and result.record is not None
    return {"record": _digest(result.record)}


def cases() -> list[tuple[str, str, int, dict[str, Any], int]]:
    out = []
    for game_id in game_ids():
        game = get_game(game_id)
        for k, options in enumerate([{}, *game.conformance_options]):
            for players in PLAYERS.get(game_id, (game.default_players,)):
                if players not in game.allowed_players(game.parse_options(options)):
                    continue
                for seed in range(SEEDS.get(game_id, 2)):
                    out.append((f"{game_id}/o{k}/p{players}/s{seed}", game_id, players, dict(options), seed))
    return out


def fingerprint_all() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, game_id, players, options, seed in cases():
        found[key] = random_fingerprint(game_id, players, options, seed)
    for game_id in game_ids():
        for seed in range(2):
            found[f"{game_id}/heuristic/s{seed}"] = heuristic_fingerprint(game_id, seed)
    return found


def _recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text())
    return data


@pytest.mark.parametrize("case", cases(), ids=lambda c: c[0])
def test_random_playout_is_as_recorded(case: tuple[str, str, int, dict[str, Any], int]) -> None:
    key, game_id, players, options, seed = case
    assert random_fingerprint(game_id, players, options, seed) == _recorded()[key]


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", range(2))
def test_heuristic_match_is_as_recorded(game_id: str, seed: int) -> None:
    assert heuristic_fingerprint(game_id, seed) == _recorded()[f"{game_id}/heuristic/s{seed}"]


if __name__ == "__main__":
    if "--record" not in sys.argv:
        sys.exit("usage: python -m tests.sim.test_seeded_playouts --record")
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(fingerprint_all(), indent=1, sort_keys=True) + "\n")
    print(f"recorded {DATA}")
