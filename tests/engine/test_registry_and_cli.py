from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tapete.cli import app
from tapete.engine import UnknownGame
from tapete.games import PACKAGES, game_ids, get_game

runner = CliRunner()


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(UnknownGame) as err:
        get_game("poker")
    assert "poker" in err.value.es and "poker" in err.value.en


def test_registered_games_use_the_interface_ids() -> None:
    assert set(game_ids()) <= set(PACKAGES)
    for gid in game_ids():
        assert get_game(gid).id == gid


def test_cli_rejects_unknown_game_and_option() -> None:
    result = runner.invoke(app, ["simulate", "poker", "--matches", "1"])
    assert result.exit_code == 2 and "poker" in result.output
    if game_ids():
        result = runner.invoke(app, ["simulate", game_ids()[0], "--matches", "1", "--option", "nonsense=1"])
        assert result.exit_code == 2 and "nonsense" in result.output


@pytest.mark.parametrize("game_id", game_ids())
def test_cli_simulate_json_has_the_promised_keys(game_id: str) -> None:
    result = runner.invoke(app, ["simulate", game_id, "--matches", "3", "--bots", "random", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    for key in ("game", "matches", "completed", "errors", "wins", "mean_actions", "actions_per_s"):
        assert key in data
    assert data["completed"] == 3 and data["errors"] == 0
    assert abs(sum(data["wins"]) - 3) < 1e-9


@pytest.mark.parametrize("game_id", game_ids())
def test_cli_bench_json(game_id: str) -> None:
    result = runner.invoke(app, ["bench", game_id, "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    for key in ("actions_per_s", "matches_per_s", "clones_per_s", "roundtrips_per_s"):
        assert data[key] > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_cli_rules_in_both_languages(game_id: str) -> None:
    for lang in ("es", "en"):
        result = runner.invoke(app, ["rules", game_id, "--lang", lang])
        assert result.exit_code == 0 and len(result.output) > 200
