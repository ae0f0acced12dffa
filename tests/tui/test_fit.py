"""Nothing is cut at 80x24: every game, with the fewest and the most players,
mid-match (after random play, so hands grow and melds pile up) shows the
whole board, every seat's score and the key line inside the window; the
round-result panel fits without scrolling (a key closes it, so it could not
be scrolled)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.widget import Widget
from textual.widgets import Static

from tapete.engine import Game, State
from tapete.games import game_ids, get_game
from tapete.tui.app import TapeteApp
from tapete.tui.boards import Painter
from tapete.tui.config import MatchConfig
from tapete.tui.dialogs import ResultScreen, is_round_result
from tapete.tui.match import LocalTable, Timing
from tapete.tui.scheduling import ThreadThinker, WidgetScheduler
from tapete.tui.screen import TableScreen, TableSource
from tests.game_settings import settings

from .helpers import wait_for
from .test_keys import RARE

SIZE = (80, 24)
SEEDS = (1, 2, 3)


def cases() -> list[tuple[str, dict[str, Any], int]]:
    """(game, options, players): the fewest and the most players of each game's modes."""
    out = []
    for gid in game_ids():
        game = get_game(gid)
        for options in settings(gid).TUI_FIT_OPTION_SETS:
            allowed = game.allowed_players(game.parse_options(options))
            out += [(gid, options, n) for n in sorted({min(allowed), max(allowed)})]
    return out


CASES = cases()
IDS = [f"{g}-{o.get('mode', '')}{n}p" for g, o, n in CASES]


def advanced(game: Game, players: int, seed: int, options: dict[str, Any]) -> State:
    """A match played at random for a while, stopped where the person (seat 0) must move."""
    rng = random.Random(seed)
    state = game.new_match(players, seed, options)
    steps = rng.randrange(20, 200)
    for step in range(2000):
        if state.is_terminal():
            return game.new_match(players, seed, options)
        if step >= steps and 0 in state.required_actors() and state.legal_actions(0):
            return state
        seat = rng.choice(state.actors())
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choices(legal, [RARE.get(state.action_to_json(a)["type"], 1.0) for a in legal])[0])
    return state


def clipped(screen: TableScreen) -> list[str]:
    """Every part of the table screen that does not show all it holds."""
    problems = []
    board, snap = screen.board, screen.snap
    assert snap is not None
    if board.max_scroll_y > 0:
        problems.append(f"board: {board.virtual_size.height} lines for {board.scrollable_content_region.height}")
    picture = board.paint(snap, screen.lang)
    if isinstance(picture, Painter):
        width = board.scrollable_content_region.width
        wide = [line.plain for line in picture.lines if line.cell_len > width]
        problems += [f"board line wider than {width}: {line!r}" for line in wide]
    scores = screen.query_one("#scores")
    if scores.max_scroll_y > 0:
        problems.append(f"scores: {scores.virtual_size.height} lines for {scores.scrollable_content_region.height}")
    for name in ("#topline", "#status", "#keys"):
        line = screen.query_one(name, Static)
        shown = line.render()
        length = shown.cell_len if isinstance(shown, Text) else 0
        if length > line.content_region.width:
            problems.append(f"{name} is {length} wide for {line.content_region.width}: {shown}")
    return problems


def app_at(game: Game, state: State, players: int, seed: int) -> tuple[TapeteApp, list[LocalTable]]:
    made: list[LocalTable] = []

    def source(g: Game, cfg: MatchConfig, screen: Widget) -> TableSource:
        table = LocalTable(
            g, state, cfg.kinds, seed, WidgetScheduler(screen), ThreadThinker(screen), Timing(pace=30.0, window=0.2)
        )  # the bots wait: the screen is looked at as it is
        made.append(table)
        return table

    config = MatchConfig(game.id, players, [None, *["heuristic"] * (players - 1)], seed=seed)
    return TapeteApp(config, games={game.id: game}, quick=True, source_factory=source), made


@pytest.mark.parametrize(("game_id", "options", "players"), CASES, ids=IDS)
async def test_mid_match_fits_80x24(game_id: str, options: dict[str, Any], players: int) -> None:
    game = get_game(game_id)
    for seed in SEEDS:
        state = advanced(game, players, seed, options)
        problems = await table_problems(game, state, players, seed)
        assert not problems, f"seed {seed}: {problems}"


async def table_problems(game: Game, state: State, players: int, seed: int) -> list[str]:
    app, _ = app_at(game, state, players, seed)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        await pilot.pause(0.1)
        screen = app.table
        assert isinstance(screen, TableScreen)
        return clipped(screen)


@pytest.mark.parametrize(("game_id", "options", "players"), CASES, ids=IDS)
async def test_round_result_fits_and_stays(game_id: str, options: dict[str, Any], players: int) -> None:
    """The person plays the first move of the list, quick bots the rest; the first
    round result fits its panel, stays, and the bots wait for it, until a key."""
    game = get_game(game_id)
    made: list[LocalTable] = []

    def source(g: Game, cfg: MatchConfig, screen: Widget) -> TableSource:
        assert cfg.seed is not None
        table = LocalTable(
            g,
            g.new_match(cfg.players, cfg.seed, cfg.options),
            cfg.kinds,
            cfg.seed,
            WidgetScheduler(screen),
            ThreadThinker(screen),
            Timing(reaction_scale=0.05, window=0.15, pace=0.02, result_pause=60.0),
        )
        made.append(table)
        return table

    config = MatchConfig(game_id, players, [None, *["heuristic"] * (players - 1)], options, seed=5)
    app = TapeteApp(config, games={game_id: game}, quick=True, source_factory=source)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen, table = app.table, made[0]
        assert isinstance(screen, TableScreen)

        def result_or_play() -> bool:
            if isinstance(app.screen, ResultScreen):
                return True
            snap = screen.snap
            if snap is not None and snap.must_move and snap.queued is None and snap.moves:
                screen.choose(snap.moves[0].action)
            return False

        await wait_for(pilot, result_or_play, timeout=120)
        panel = app.screen
        assert isinstance(panel, ResultScreen)
        played, results = len(table.actions), results_in(table)
        paused = any(e.kind in game.round_result_events for e in table.events)  # else a WANTED battle
        await pilot.pause(1.0)  # quick bots would have played on by now
        assert app.screen is panel and results_in(table) == results
        if paused:  # the round's end: the bots wait for the person
            assert len(table.actions) == played
        scroll = panel.query_one("#result-scroll")
        assert scroll.max_scroll_y == 0, f"the result needs {scroll.virtual_size.height} lines"
        await pilot.press("space")
        await wait_for(pilot, lambda: app.screen is not panel)

        def going_on() -> bool:
            snap = screen.snap
            return len(table.actions) > played or table.state.is_terminal() or bool(snap and snap.must_move)

        await wait_for(pilot, going_on)


def results_in(table: LocalTable) -> int:
    return sum(1 for e in table.events if is_round_result(table.game, e))


async def test_a_long_result_lays_its_lists_in_columns() -> None:
    """Eight revealed Bacan rows (some wrapping) and eight scores: the scores go in
    columns so the whole result shows at 80x24 without scrolling."""
    rows = [f"  Player {i}: red 3, purple 4, Espía (spy) and green {i} = 13 → +13" for i in range(7)]
    rows.append("  Player 7: yellow +1, purple +1, green Intercambio (swap) and blue +1 = 40 → +42")  # wraps
    scores = [f"  Player {i}: {10 * i} points" for i in range(8)]
    text = "\n".join(
        [
            "End of round 1: failed Bacan (adds the row and a penalty card) (called by you)",
            *rows,
            "  Penalty card: blue 2",
            "Scores:",
            *scores,
        ]
    )

    class Shows(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ResultScreen(text, "en"))

    app = Shows()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        panel = app.screen
        assert isinstance(panel, ResultScreen)
        scroll = panel.query_one("#result-scroll")
        assert scroll.max_scroll_y == 0, f"the result needs {scroll.virtual_size.height} lines"
        shown = str(panel.query_one("#result-text", Static).render())
        assert all(score.strip() in shown for score in scores)
