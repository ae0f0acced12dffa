from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tapete import games
from tapete.cli import app
from tapete.engine import UnknownGame
from tapete.games import PACKAGES, game_ids, get_game

runner = CliRunner()


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(UnknownGame) as err:
        get_game("poker")
    assert "poker" in err.value.es and "poker" in err.value.en


def test_the_five_games_are_registered_under_their_interface_ids() -> None:
    assert game_ids() == ("bacan", "buracco", "nacho-loco", "boon", "wanted")
    assert tuple(PACKAGES) == game_ids()
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


def _package(root: Path, name: str, init: str) -> None:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text(init)


@pytest.mark.parametrize(
    ("package", "init", "error"),
    [
        ("half_written", "from .game import GAME\n", ModuleNotFoundError),
        ("no_game_yet", '"""Coming soon."""\n', games.GameNotRegistered),
        ("broken_dep", "import tapete_no_such_dependency\n", ModuleNotFoundError),
        ("wrong_id", "from tapete.games.boon import GAME\n", games.GameNotRegistered),
    ],
)
def test_a_listed_game_that_does_not_load_fails_loudly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, package: str, init: str, error: type[Exception]
) -> None:
    """A game package that does not import, has no GAME or registers another
    id is an error, not a shorter list of games (the conformance suite would
    quietly shrink)."""
    _package(tmp_path, package, init)
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    monkeypatch.setitem(games.PACKAGES, "bacan", package)
    games._games.cache_clear()
    try:
        with pytest.raises(error):
            games.game_ids()
        with pytest.raises(error):
            get_game("boon")
    finally:
        sys.modules.pop(f"tapete.games.{package}", None)
        games._games.cache_clear()
