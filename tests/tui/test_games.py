"""Every registered game in the app, headless: several moves by keyboard at
80x24 and 120x40, the board drawn, the log filled, no bot error."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from tapete.games import game_ids, get_game
from tapete.tui.app import TapeteApp
from tapete.tui.boards import Canvas
from tapete.tui.config import MatchConfig
from tapete.tui.dialogs import ResultScreen
from tapete.tui.match import LocalTable
from tapete.tui.screen import TableScreen

from .helpers import fast_source, wait_for

MY_MOVES = 4


def app_for(game_id: str, seed: int) -> TapeteApp:
    game = get_game(game_id)
    n = game.default_players
    config = MatchConfig(game_id, n, [None, *["heuristic"] * (n - 1)], seed=seed)
    return TapeteApp(config, games={game_id: game}, quick=True, source_factory=fast_source)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game_id", game_ids())
async def test_several_moves_by_keyboard(game_id: str, size: tuple[int, int]) -> None:
    app = app_for(game_id, seed=21)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = app.table
        assert isinstance(screen, TableScreen)
        source = screen.source
        assert isinstance(source, LocalTable)
        mine = 0
        for _ in range(600):
            snap = screen.snap
            assert snap is not None
            assert snap.error is None, snap.error
            if snap.over or mine >= MY_MOVES:
                break
            if isinstance(app.screen, ResultScreen):  # a round's result waits for a key
                await pilot.press("space")
                continue
            if snap.must_move and snap.queued is None:
                before = len(source.actions)

                def answered(since: int = before) -> bool:
                    now = screen.snap
                    return len(source.actions) > since or (now is not None and now.queued is not None)

                screen.query_one("#moves", OptionList).focus()
                await pilot.press("enter")  # the highlighted move: the first of the list
                await pilot.pause()
                if not answered():  # a move that asks first (Bacan's call): Enter again confirms
                    await pilot.press("enter")
                await wait_for(pilot, answered)
                mine += 1
            await pilot.pause(0.02)
        assert mine >= MY_MOVES or source.state.is_terminal()
        assert any(seat == 0 for seat, _ in source.actions)
        assert screen.query_one("#board-body", Canvas).render()  # the board drew something
        assert source.log("es") and source.log("en")


@pytest.mark.parametrize("game_id", ["wanted", "nacho-loco"])
async def test_round_result_stays_until_a_key(game_id: str) -> None:
    """Bots play on their own; a round's result waits on screen for a key, in the catalogue's words."""
    game = get_game(game_id)
    n = game.default_players
    config = MatchConfig(game_id, n, ["heuristic"] * n, seed=5)
    app = TapeteApp(config, games={game_id: game}, quick=True, source_factory=fast_source)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), timeout=60)
        panel = app.screen
        await pilot.pause(1.0)  # quick bots would have played on by now
        assert app.screen is panel
        text = str(panel.query_one("#result-text").render())
        assert text.strip() and "Asiento" not in text and "[" not in text
        await pilot.press("space")
        await wait_for(pilot, lambda: app.screen is not panel)
