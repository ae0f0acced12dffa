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


def _package(root: Path, name: str, init: str, modules: dict[str, str] | None = None) -> None:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text(init)
    for module, text in (modules or {}).items():
        (folder / f"{module}.py").write_text(text)


def test_only_games_that_register_properly_are_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A half-written game package (its game module missing, or no GAME yet)
    is absent from the registry instead of breaking whoever lists the games;
    a complete one is listed."""
    _package(tmp_path, "half_written", "from .game import GAME\n")
    _package(tmp_path, "no_game_yet", '"""Coming soon."""\n')
    _package(
        tmp_path,
        "complete",
        "from .game import GAME\n",
        {"game": "import copy\nfrom tapete.games.bacan import GAME as BACAN\nGAME = copy.copy(BACAN)\n"},
    )
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    monkeypatch.setitem(games.PACKAGES, "half-written", "half_written")
    monkeypatch.setitem(games.PACKAGES, "no-game-yet", "no_game_yet")
    monkeypatch.setitem(games.PACKAGES, "bacan", "complete")
    games.game_ids.cache_clear()
    games.get_game.cache_clear()
    try:
        listed = games.game_ids()
        assert "half-written" not in listed and "no-game-yet" not in listed
        assert "bacan" in listed and get_game("bacan").id == "bacan"
        for absent in ("half-written", "no-game-yet"):
            with pytest.raises(UnknownGame):
                get_game(absent)
    finally:
        for name in ("half_written", "no_game_yet", "complete", "complete.game"):
            sys.modules.pop(f"tapete.games.{name}", None)
        games.game_ids.cache_clear()
        games.get_game.cache_clear()


def test_a_game_package_with_a_real_error_is_not_hidden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a package's own missing modules mean "not written yet": a missing
    dependency or a GAME under the wrong id is raised."""
    _package(tmp_path, "broken_dep", "import tapete_no_such_dependency\n")
    _package(tmp_path, "wrong_id", "from tapete.games.boon import GAME\n")
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    monkeypatch.setitem(games.PACKAGES, "broken-dep", "broken_dep")
    games.game_ids.cache_clear()
    try:
        with pytest.raises(ModuleNotFoundError):
            games.game_ids()
        monkeypatch.delitem(games.PACKAGES, "broken-dep")
        monkeypatch.setitem(games.PACKAGES, "wrong-id", "wrong_id")
        games.game_ids.cache_clear()
        with pytest.raises(TypeError):
            games.game_ids()
    finally:
        for name in ("broken_dep", "wrong_id"):
            sys.modules.pop(f"tapete.games.{name}", None)
        games.game_ids.cache_clear()
