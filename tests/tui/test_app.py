"""The app headless (Textual's Pilot): setup, a whole match by keyboard and
mouse, rules, language switch, game over, again and menu."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Select, Static

from tapete.engine.bot_names import BOT_NAMES
from tapete.tui.app import TapeteApp
from tapete.tui.config import MatchConfig
from tapete.tui.dialogs import GameOverScreen, RulesScreen
from tapete.tui.match import LocalTable
from tapete.tui.screen import TableScreen
from tapete.tui.setup import SetupScreen
from tests.toygame import SnapGame

from .helpers import fast_source, wait_for


def snap_app(seed: int = 4, quick: bool = False) -> TapeteApp:
    config = MatchConfig("snap", 3, [None, "heuristic", "heuristic"], seed=seed)
    return TapeteApp(config, games={"snap": SnapGame()}, source_factory=fast_source, quick=quick)


def table_of(app: TapeteApp) -> TableScreen:
    screen = app.table
    assert isinstance(screen, TableScreen) and screen.snap is not None
    return screen


def text_of(widget: Static) -> str:
    return str(widget.render())


async def test_setup_then_a_whole_match_by_keyboard() -> None:
    app = snap_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # the focus starts on «Jugar»
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = table_of(app)
        source = screen.source
        assert isinstance(source, LocalTable)
        mine = 0
        for _ in range(200):
            snap = screen.snap
            assert snap is not None and snap.error is None
            if snap.over:
                break
            if snap.must_move:
                await pilot.press("1")
                mine += 1
            await pilot.pause(0.03)
        assert mine >= 2
        assert any(seat == 0 for seat, _ in source.actions) and any(seat != 0 for seat, _ in source.actions)
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen) and bool(app.screen.query("#over-title")))
        assert "Fin de la partida" in text_of(app.screen.query_one("#over-title", Static))
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))


async def test_a_move_by_mouse_click() -> None:
    app = snap_app(quick=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = table_of(app)
        assert screen.snap is not None and screen.snap.must_move
        first = screen.snap.moves[0].action
        await pilot.click("#moves", offset=(4, 1))
        source = screen.source
        assert isinstance(source, LocalTable)
        await wait_for(pilot, lambda: len(source.actions) >= 1)
        assert source.actions[0] == (0, first)


async def test_language_switch_rules_and_log() -> None:
    app = snap_app(quick=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = table_of(app)
        listing = screen.query_one("#moves", OptionList)
        assert "jugar" in str(listing.get_option_at_index(0).prompt)
        await pilot.press("f2")
        assert screen.lang == "en"
        await pilot.pause()
        assert "play" in str(listing.get_option_at_index(0).prompt)
        assert listing.border_title == "Your moves"
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "Snap" in text_of(app.screen.query_one("#rules-title", Static))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("1")
        await wait_for(pilot, lambda: "play" in text_of(screen.query_one("#log-body", Static)))


async def test_game_over_again_starts_a_fresh_match() -> None:
    app = snap_app(seed=9, quick=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        first = table_of(app)
        for _ in range(300):
            if isinstance(app.screen, GameOverScreen):
                break
            snap = first.snap
            if snap is not None and snap.must_move:
                await pilot.press("1")
            await pilot.pause(0.03)
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen) and bool(app.screen.query("#again")))
        await pilot.press("a")
        await wait_for(pilot, lambda: app.table is not None and app.table is not first and app.table.snap is not None)
        fresh = table_of(app).snap
        assert fresh is not None and not fresh.over


async def test_setup_changes_players_and_seats() -> None:
    app = snap_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#players", Select).value = 2
        await wait_for(pilot, lambda: screen.rebuilds == 1)
        assert len(screen.query("#seat-2")) == 0 and len(screen.query("#seat-1")) == 1
        screen.query_one("#seat-1", Select).value = "random"
        await pilot.pause()
        screen.query_one("#seed", Input).value = "77"
        await pilot.click("#play")
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        source = table_of(app).source
        assert isinstance(source, LocalTable)
        assert source.kinds == [None, "random"] and source.state.num_players == 2
        assert app.config.seed == 77


async def test_setup_refuses_two_people() -> None:
    app = snap_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#seat-1", Select).value = "human"
        await pilot.pause()
        await pilot.click("#play")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "«tú»" in text_of(screen.query_one("#setup-error", Static))


async def test_a_refused_move_says_why_in_words_without_the_rule_id() -> None:
    app = snap_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = table_of(app)
        await wait_for(pilot, lambda: screen.snap is not None and screen.snap.must_move)
        screen.choose(10**6)  # not a move of this game: the engine refuses it (rule ECO-1)
        await pilot.pause()
        said = [str(note.message) for note in app._notifications]
        assert said == ["Jugada no válida: Esa carta no se puede jugar."], said


async def test_watching_bots_to_the_end() -> None:
    config = MatchConfig("snap", 3, ["heuristic", "random", "heuristic"], seed=12)
    app = TapeteApp(config, games={"snap": SnapGame()}, source_factory=fast_source, quick=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameOverScreen) and bool(app.screen.query("#over-result")), timeout=30
        )
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        result = text_of(screen.query_one("#over-result", Static))
        assert "Gana: " in result and "Has ganado" not in result
        assert any(name in result for name in BOT_NAMES)  # bots by their names, not "Bot 2"
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)


async def test_setup_shows_an_option_only_where_it_applies() -> None:
    """WANTED's deals count matters in Pandillas only: a Duelo's form leaves it out, choosing
    Pandillas brings it (issue 36, finding 7, the terminal's form as the browser's)."""
    from tapete.games import get_game

    config = MatchConfig("wanted", 2, [None, "heuristic"], seed=3)
    app = TapeteApp(config, games={"wanted": get_game("wanted")}, source_factory=fast_source)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert len(screen.query("#opt-deals")) == 0 and len(screen.query("#opt-mode")) == 1
        screen.query_one("#opt-mode", Select).value = "pandillas"
        await wait_for(pilot, lambda: screen.rebuilds == 1)
        assert len(screen.query("#opt-deals")) == 1
        screen.query_one("#opt-mode", Select).value = "duelo"
        await wait_for(pilot, lambda: screen.rebuilds == 2)
        assert len(screen.query("#opt-deals")) == 0
