"""Records made by an earlier tapete replay to the very same states.

`data/replay_golden.json` holds, per game and option set, a random match's
record (seed, options, the first actions) and a digest of every state along
it, written by the code of the time. While a game's `rules_version` is the
same, a change (a faster engine, a new random generator) must replay them
identically. A change that alters play must bump the version and rewrite the
file for that game:

    .venv/bin/python tests/engine/test_replay_golden.py
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tapete.engine import Game, MatchRecord, State, replay
from tapete.games import game_ids, get_game

GOLDEN = Path(__file__).parent / "data" / "replay_golden.json"
ACTIONS = 300  # at most, per record: enough to cross deals and rounds in every game
SEEDS = 4  # records per game and option set


def _digest(state: State) -> str:
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _make(game: Game, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A random match: its record and the digest after every 10th action."""
    n = game.default_players if game.default_players in game.allowed_players(game.parse_options(options)) else None
    n = n or game.allowed_players(game.parse_options(options))[0]
    state = game.new_match(n, seed, options)
    rng = random.Random(seed)
    record = MatchRecord(game.id, options, seed, [{"bot": "random"}] * n, rules_version=game.rules_version)
    digests = [_digest(state)]
    while not state.is_terminal() and len(record.actions) < ACTIONS:
        actors, required = state.actors(), state.required_actors()
        optional = [s for s in actors if s not in required]
        seat = rng.choice(optional) if optional and rng.random() < 0.25 else rng.choice(required)
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
        record.actions.append((seat, action))
        if len(record.actions) % 10 == 0:
            digests.append(_digest(state))
    return {"record": record.to_json(), "digests": digests, "final": _digest(state)}


def _cases() -> list[tuple[str, dict[str, Any], int]]:
    out: list[tuple[str, dict[str, Any], int]] = []
    for gid in game_ids():
        game = get_game(gid)
        for i, options in enumerate([{}, *game.conformance_options]):
            out.extend((gid, dict(options), 100 * i + k) for k in range(SEEDS))
    return out


def _golden() -> dict[str, list[dict[str, Any]]]:
    data: dict[str, list[dict[str, Any]]] = json.loads(GOLDEN.read_text())
    return data


@pytest.mark.parametrize("game_id", game_ids())
def test_old_records_replay_to_the_same_states(game_id: str) -> None:
    game = get_game(game_id)
    cases = _golden().get(game_id)
    assert cases, f"no golden records for {game_id}: write them (see the module docstring)"
    for case in cases:
        record = MatchRecord.from_json(case["record"])
        assert record.rules_version == game.rules_version, "rules changed: rewrite this game's golden records"
        digests = [_digest(replay(game, record, upto)) for upto in range(0, len(record.actions) + 1, 10)]
        assert digests == case["digests"]
        assert _digest(replay(game, record)) == case["final"]


def main() -> None:
    """Write the golden records with the code as it is now."""
    data: dict[str, list[dict[str, Any]]] = {}
    for gid, options, seed in _cases():
        data.setdefault(gid, []).append(_make(get_game(gid), options, seed))
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {GOLDEN} ({GOLDEN.stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
