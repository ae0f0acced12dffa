"""No module of tapete/ outside the games' own folders names a game: the game packages
(tapete/games/<pkg>/), each game's browser folder (tapete/web/static/js/games/<pkg>/) and
terminal board (tapete/tui/games/<pkg>.py). Everything else learns a game from the
registry and the game's own facts (`Game.client`, `Game.study`: engine/describe.py), so a
sixth game changes no file outside its folders (docs/CONTRIBUTING-games.md).

A literal here is a Python string (docstrings too), a script's string, or a line of a
style sheet or page outside comments; an id counts where it stands alone ("bacan",
"score.bacan", ".game-card-wanted"), not inside a longer name ("tapete_bacan").
"""

from __future__ import annotations

from pathlib import Path

from tapete.games import PACKAGES

from .game_ids import naming

ROOT = Path(__file__).resolve().parents[2]
TAPETE = ROOT / "tapete"
SUFFIXES = {".py", ".js", ".css", ".html"}

# Files other work is rewriting now; their literals are listed in the merge notes.
PENDING = {"tapete/envs/pettingzoo.py"}


def game_folders() -> list[Path]:
    """The places where a game may be named: its package and its client pieces."""
    places = [TAPETE / "games"]
    for package in PACKAGES.values():
        leaf = package.rpartition(".")[2]
        places += [TAPETE / "web" / "static" / "js" / "games" / leaf, TAPETE / "tui" / "games" / f"{leaf}.py"]
    return places


def outside_game_folders() -> list[Path]:
    places = game_folders()
    return sorted(
        path
        for path in TAPETE.rglob("*")
        if path.suffix in SUFFIXES
        and "__pycache__" not in path.parts
        and not any(path == place or place in path.parents for place in places)
        and path.relative_to(ROOT).as_posix() not in PENDING
    )


def test_no_module_outside_the_games_folders_names_a_game() -> None:
    found = naming(outside_game_folders(), PACKAGES, ROOT)
    assert not found, "a game id outside its folders:\n" + "\n".join(found)


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    py = tmp_path / "a.py"
    py.write_text('"""Docs."""\nX = {"eco": 1}  # eco in a comment\nY = "tapete_eco"\nZ = f"score.eco{1}"\n')
    js = tmp_path / "a.js"
    js.write_text(
        '// eco here is a comment\nconst a = "eco";\nconst b = `games/${"x"}/eco.js`;\nconst c = "ecology";\n'
    )
    css = tmp_path / "a.css"
    css.write_text("/* eco */\n.game-card-eco { color: red; }\n.ecology {}\n")
    found = naming([py, js, css], ["eco"], tmp_path)
    where = [f.split(":")[0:2] for f in found]
    assert where == [["a.py", "2"], ["a.py", "4"], ["a.js", "2"], ["a.js", "3"], ["a.css", "2"]]
