"""A sixth game joins with no change outside its own package: Sexto (tests/games/sixth/sexto/,
the toy game with its own browser and terminal pieces), copied elsewhere and registered, is
listed by /api/games with its pieces, played over the socket, at `tapete play --plain`, in the
terminal's game list and in a browser; and no module of tapete/ (nor any test but these) names
its id."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tapete.engine import UnknownGame
from tapete.games import get_game, register, unregister
from tests.server.conftest import ServeFactory, serve, take_turns  # noqa: F401 (serve: a fixture)
from tests.structure.game_ids import naming

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
GAME_ID = "sexto"
FAST = {"bot_delay_ms": 20, "result_pause_seconds": 0}


def install(where: Path) -> str:
    """Sexto's package copied under another name into `where`; its module path."""
    (where / "elsewhere").mkdir(parents=True)
    (where / "elsewhere" / "__init__.py").write_text("")
    shutil.copytree(HERE / "sexto", where / "elsewhere" / "sexto_pkg", ignore=shutil.ignore_patterns("__pycache__"))
    return "elsewhere.sexto_pkg"


@pytest.fixture
def sixth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    module = install(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    register(GAME_ID, module)
    yield module
    unregister(GAME_ID)
    for name in [n for n in sys.modules if n == "elsewhere" or n.startswith("elsewhere.")]:
        del sys.modules[name]


def test_no_module_of_tapete_nor_other_tests_names_it() -> None:
    files = [
        p
        for folder in (ROOT / "tapete", ROOT / "tests")
        for p in folder.rglob("*")
        if p.suffix in {".py", ".js", ".css", ".html"} and "__pycache__" not in p.parts and HERE not in p.parents
    ]
    assert not naming(files, [GAME_ID], ROOT)


async def test_listed_by_api_games_with_its_pieces_and_played_over_the_socket(
    sixth: str,
    serve: ServeFactory,  # noqa: F811 (the fixture imported above)
) -> None:
    server = await serve()
    games = (await server.http.get("/api/games")).json()["games"]
    entry = next(g for g in games if g["id"] == GAME_ID)
    assert entry["name"] == {"es": "Sexto", "en": "Sixth"}
    assert "heuristic" in entry["bot_levels"]
    client = entry["client"]
    assert client["score_unit"] == {"es": "fichas", "en": "chips"}
    assert client["result_events"] == ["round_end"]
    assert client["table_options_off"] == {"reaction_window_ms": {"cover": [True]}}
    web = client["web"]
    assert web == {
        "view": "/js/games/sexto_pkg/view.js",
        "words": "/js/games/sexto_pkg/words.js",
        "style": "/js/games/sexto_pkg/style.css",
    }
    for path in [*web.values(), "/js/games/sexto_pkg/art.js"]:
        response = await server.http.get(path)
        assert response.status_code == 200, path
    assert "chip(" in (await server.http.get(web["view"])).text
    assert (await server.http.get("/js/games/sexto_pkg/..%2F__init__.py")).status_code == 404
    assert (await server.http.get("/js/games/sexto_pkg/__init__.py")).status_code == 404
    assert (await server.http.get(f"/api/games/{GAME_ID}/deck")).json()["error"]["code"] == "no_deck_data"

    made = await server.http.post(
        "/api/tables", json={"game": GAME_ID, "seats": [{"type": "human"}, {"type": "human"}], "table_options": FAST}
    )
    assert made.status_code == 201, made.text
    created = made.json()
    joined = (await server.http.post("/api/join", json={"code": created["invite_code"]})).json()
    table_id = created["table"]["id"]
    a = await server.connect(table_id, created["token"])
    b = await server.connect(table_id, joined["token"])
    final = await take_turns({0: a, 1: b})
    await a.close()
    await b.close()
    assert final["status"] == "finished" and final["view"]["game"] == GAME_ID


def test_played_at_the_plain_prompt(sixth: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`tapete play sexto --plain`, through the command line: listed, its options read, played."""
    from typer.testing import CliRunner

    import tapete.cli.plain as plain
    from tapete.cli import app

    monkeypatch.setattr(plain.Prompt, "ask", staticmethod(lambda prompt, default=None, **_: "1"))
    result = CliRunner().invoke(
        app, ["play", GAME_ID, "--plain", "--players", "3", "--seed", "5", "--lang", "en"], terminal_width=120
    )
    assert result.exit_code == 0, result.output
    assert "winners" in result.output
    assert GAME_ID in CliRunner().invoke(app, ["games"]).output  # `tapete games` lists it too


async def test_in_the_terminals_game_list_with_its_board_and_glyphs(sixth: str) -> None:
    from tapete.tui.app import TapeteApp, installed_games
    from tapete.tui.boards import TextBoard
    from tapete.tui.games import board_type
    from tapete.tui.guide import card_glyph
    from tapete.tui.setup import SetupScreen

    games = installed_games()
    assert GAME_ID in games
    assert board_type(GAME_ID) is TextBoard
    glyph = card_glyph(GAME_ID, "e3", "es")
    assert glyph.plain == " 3 " and "dark_green" in str(glyph.style)
    app = TapeteApp(games=games)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        from textual.widgets import Select

        choices = app.screen.query_one("#game", Select)
        assert any(value == GAME_ID for _, value in choices._options)
        await pilot.pause()


# -- the browser -----------------------------------------------------------------------------------
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def test_in_a_browser(tmp_path: Path) -> None:
    """The home page lists it in its own words and colours; a table draws its own view."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    module = install(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    port = free_port()
    launcher = (
        f"import sys; sys.path.insert(0, {str(tmp_path)!r}); "
        f"from tapete.games import register; register({GAME_ID!r}, {module!r}); "
        "from tapete.server.main import main; main()"
    )
    env = {**os.environ, "HOME": str(home), "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            launcher,
            "--port",
            str(port),
            "--db-url",
            f"sqlite:///{home / 'tapete.db'}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_server(url, proc)
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + "/#/")
            card = page.locator(f"[data-game={GAME_ID}]")
            card.wait_for()
            assert "Juega una carta, roba otra" in card.inner_text()  # its words.js
            assert "y Sexto: juega" in page.inner_text(".tagline")  # named with the others, last
            colour = card.evaluate("(el) => getComputedStyle(el).borderTopColor")
            assert colour == "rgb(46, 125, 50)"  # its style.css
            page.click(f"[data-testid=new-{GAME_ID}]")
            page.wait_for_selector("[data-testid=new-table]")
            assert "Cubre, juega y compromete cartas." in page.inner_text("[data-testid=rules-summary]")
            page.click("form details summary")
            assert page.locator("#topt-reaction_window_ms").count() == 1  # a snap races the next play...
            page.set_checked("[data-option=cover]", True)
            page.wait_for_selector("#topt-reaction_window_ms", state="detached")  # ...unless covering waits for it
            page.click("[data-testid=create]")
            page.wait_for_selector("[data-testid=sexto-hand] svg")  # its view.js, drawn with its art.js
            page.wait_for_selector(".seat-score")
            assert "fichas" in page.inner_text(".seat-chips")  # its score words
            browser.close()
            assert not errors, errors
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_server(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/games", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.1)


def test_its_facts_on_the_game() -> None:
    """The package itself, as written beside these tests (not registered)."""
    from tests.games.sixth.sexto import GAME

    assert GAME.client.applies("reaction_window_ms", {"cover": False})
    assert not GAME.client.applies("reaction_window_ms", {"cover": True})
    assert GAME.client.shows_result("round_end", {}, GAME.round_result_events)
    with pytest.raises(UnknownGame):
        get_game(GAME_ID)
