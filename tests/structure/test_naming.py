"""One naming scheme across the five games, so that knowing one package is
knowing where everything is in the others.

Each game package has `options.Options`, a heuristic bot `<Game>Bot` in
`bots.py`, its phase constants and `PHASES` in `phases.py`, its action space
`<Game>Actions` in `actions.py` (the state's `space`), what is legal now in
`legal.py` (`legal_actions`) and why not in `illegal.py` (`explain`), what a
state must hold in `checks.py` (`problems`), its cards' faces and their names
in `cards.py` (`card_face`, `face_name`), its words in `texts.py` (named by
`Game.texts`) and its rules in `rules.es.md` / `rules.en.md`, and imports its
action module as `act` (or imports names from it). Its tests are `test_game.py` (the state
contract: options, actions as data, views, determinization, JSON),
`test_rules.py` (rule by rule), `test_bots.py` and `test_match.py` (seeded
whole matches)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from tapete.engine import ActionSpace, Bot
from tapete.games import PACKAGES, get_game

ROOT = Path(__file__).resolve().parents[2]
TEST_FILES = {"test_game.py", "test_rules.py", "test_bots.py", "test_match.py"}
ACTIONS_ALIAS = re.compile(r"import actions as (\w+)")


def _camel(package: str) -> str:
    return "".join(part.capitalize() for part in package.split("_"))


@pytest.mark.parametrize("game_id", list(PACKAGES))
def test_each_game_package_has_the_same_parts(game_id: str) -> None:
    package = PACKAGES[game_id]
    base = f"tapete.games.{package}"
    game = get_game(game_id)
    assert importlib.import_module(f"{base}.options").Options is game.options_type
    bot = getattr(importlib.import_module(f"{base}.bots"), f"{_camel(package)}Bot")
    assert issubclass(bot, Bot)
    phases = importlib.import_module(f"{base}.phases").PHASES
    assert phases and all(isinstance(p, str) for p in phases)
    assert game.texts is importlib.import_module(f"{base}.texts")
    space = getattr(importlib.import_module(f"{base}.actions"), f"{_camel(package)}Actions")
    assert issubclass(space, ActionSpace)
    state = game.new_match(game.default_players, 1)
    assert isinstance(state.space, space) and state.num_actions() == state.space.size
    assert callable(importlib.import_module(f"{base}.legal").legal_actions)
    assert callable(importlib.import_module(f"{base}.illegal").explain)
    assert callable(importlib.import_module(f"{base}.checks").problems)
    cards = importlib.import_module(f"{base}.cards")
    card = state.card_ids()[0]
    assert cards.card_face(card) == game.card_face(card) in game.card_faces()
    assert cards.face_name(game.card_face(card), "en") == game.face_name(game.card_face(card), "en")
    folder = ROOT / "tapete" / "games" / package
    assert (folder / "rules.es.md").is_file() and (folder / "rules.en.md").is_file()


@pytest.mark.parametrize("game_id", list(PACKAGES))
def test_the_action_module_is_imported_as_act(game_id: str) -> None:
    package = PACKAGES[game_id]
    sources = [*(ROOT / "tapete" / "games" / package).glob("*.py"), *(ROOT / "tests" / "games" / package).glob("*.py")]
    aliases = {alias for path in sources for alias in ACTIONS_ALIAS.findall(path.read_text(encoding="utf-8"))}
    assert aliases <= {"act"}, f"{package}: the actions module is imported as {sorted(aliases)}"


@pytest.mark.parametrize("game_id", list(PACKAGES))
def test_each_game_has_the_same_test_files(game_id: str) -> None:
    folder = ROOT / "tests" / "games" / PACKAGES[game_id]
    present = {path.name for path in folder.glob("test_*.py")}
    assert present >= TEST_FILES, f"{folder.name} lacks {sorted(TEST_FILES - present)}"
