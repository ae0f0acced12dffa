"""Match records carry the version of their game's rules, and a record of
another version is refused with a clear error instead of replayed wrongly."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tapete.cli import app
from tapete.engine import LEGACY_RULES_VERSION, Game, MatchRecord, WrongRulesVersion, replay
from tapete.games import PACKAGES, game_ids, get_game
from tapete.server.table.replayed import replay_step
from tapete.sim.runner import play_match

runner = CliRunner()


def _random_record(game: Game, seed: int, steps: int = 40) -> tuple[MatchRecord, dict[str, Any]]:
    n = game.default_players
    record = MatchRecord(game.id, {}, seed, [{"bot": "random"}] * n, rules_version=game.rules_version)
    state = game.new_match(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.required_actors()[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
        record.actions.append((seat, action))
    return record, state.to_json()


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_declares_its_rules_version(game_id: str) -> None:
    game = get_game(game_id)
    package = importlib.import_module(f"tapete.games.{PACKAGES[game_id]}")
    assert isinstance(game.rules_version, int) and game.rules_version >= 1
    assert game.rules_version == package.RULES_VERSION


@pytest.mark.parametrize("game_id", game_ids())
def test_record_round_trip_keeps_the_version_and_replays(game_id: str) -> None:
    game = get_game(game_id)
    record, final = _random_record(game, 3)
    data = json.loads(json.dumps(record.to_json()))
    assert data["rules_version"] == game.rules_version
    again = MatchRecord.from_json(data)
    assert again == record
    assert replay(game, again).to_json() == final


def test_simulated_matches_record_their_version() -> None:
    game = get_game(game_ids()[0])
    result = play_match(game, game.default_players, ["random"] * game.default_players, 1, keep_record=True)
    assert result.record is not None and result.record["rules_version"] == game.rules_version


def test_a_record_without_a_version_is_version_1() -> None:
    """Records written before versions were recorded still load and replay."""
    game = get_game(game_ids()[0])
    record, final = _random_record(game, 5)
    data = record.to_json()
    del data["rules_version"]
    old = MatchRecord.from_json(data)
    assert old.rules_version == LEGACY_RULES_VERSION == 1
    assert replay(game, old).to_json() == final


def test_a_record_of_another_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(game_ids()[0])
    record, _ = _random_record(game, 7)
    record.rules_version = game.rules_version + 1
    with pytest.raises(WrongRulesVersion) as err:
        replay(game, record)
    assert str(game.rules_version + 1) in err.value.es and str(game.rules_version + 1) in err.value.en
    assert "versión" in err.value.es and "version" in err.value.en
    # A game whose rules moved on refuses the records of the old ones, even unversioned.
    monkeypatch.setattr(type(game), "rules_version", 2)
    legacy = record.to_json()
    del legacy["rules_version"]
    with pytest.raises(WrongRulesVersion):
        replay(game, MatchRecord.from_json(legacy))


def test_cli_replay_of_another_version_is_a_clear_error(tmp_path: Path) -> None:
    game = get_game(game_ids()[0])
    record, _ = _random_record(game, 9)
    record.rules_version = game.rules_version + 1
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record.to_json()))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "versión" in result.output  # in --lang (es by default)
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 2 and "version" in result.output


def test_server_replay_of_another_version_is_refused() -> None:
    game = get_game(game_ids()[0])
    record, _ = _random_record(game, 11)
    data: dict[str, Any] = {**record.to_json(), "id": "t-version", "outcome": None}
    assert replay_step(data, 3, None)["step"] == 3
    data["rules_version"] = game.rules_version + 1
    with pytest.raises(WrongRulesVersion):
        replay_step(data, 3, None)
