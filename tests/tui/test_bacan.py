"""Bacan's mirrors in real time: bots claim after their reaction delay, the
covering draw waits for the window, and a key press beats the bots."""

from __future__ import annotations

import pytest
from textual.widget import Widget
from textual.widgets import OptionList, Static

from tapete.engine import Game
from tapete.engine.turns import REACTION_WINDOW_S
from tapete.games import game_ids, get_game
from tapete.tui.app import TapeteApp
from tapete.tui.boards import Canvas
from tapete.tui.config import MatchConfig
from tapete.tui.match import LocalTable, Timing
from tapete.tui.screen import TableScreen, TableSource

from .helpers import FakeClock, InlineThinker, fast_source, wait_for

pytestmark = pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet")

REACTION_FLOOR = 0.25  # the heuristic bot never slaps a mirror faster (seconds)


def test_bots_mirror_after_their_delay_and_the_draw_waits_for_the_window() -> None:
    game = get_game("bacan")
    clock = FakeClock()
    timing = Timing(reaction_scale=1.0, window=1.5, pace=0.4)
    times: list[float] = []  # when each action landed
    table = LocalTable(game, game.new_match(4, seed=11), ["heuristic"] * 4, 11, clock, InlineThinker(), timing)
    table.on_change = lambda: times.extend([clock.t] * (len(table.actions) - len(times)))
    table.start()
    while len(table.actions) < 400 and not table.state.is_terminal():
        clock.advance(0.05)
    kinds = [table.state.action_to_json(a)["type"] for _, a in table.actions]
    mirrors = [i for i, k in enumerate(kinds) if k in ("mirror", "mirror_other")]
    assert mirrors, "four heuristic bots made no mirror in 400 actions"
    for i in mirrors:
        assert times[i] - times[i - 1] >= REACTION_FLOOR - 1e-9
    covered = [i for i in range(1, len(kinds)) if kinds[i] == "draw" and kinds[i - 1] in ("discard", "swap")]
    assert covered
    for i in covered:  # a discard opens a window: the next player's draw waits for it
        assert times[i] - times[i - 1] >= timing.window - 1e-9


@pytest.mark.parametrize("by", ["key", "click"])
async def test_a_digit_or_a_click_claims_a_mirror_before_the_bots(by: str) -> None:
    game = get_game("bacan")
    config = MatchConfig("bacan", 4, [None, "heuristic", "heuristic", "heuristic"], seed=5)

    def source(g: Game, cfg: MatchConfig, screen: Widget) -> TableSource:
        made = fast_source(g, cfg, screen)
        assert isinstance(made, LocalTable)
        # The bots race for the mirror too, but no faster than 3 s (12 x their 0.25 s floor) within a
        # 6 s window: a loaded test worker's key press or click lands first, as a person's does.
        made.timing = Timing(reaction_scale=12.0, window=6.0, pace=0.05)
        return made

    app = TapeteApp(config, games={"bacan": game}, quick=True, source_factory=source)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = app.table
        assert isinstance(screen, TableScreen)
        table = screen.source
        assert isinstance(table, LocalTable)

        def mirror_open() -> bool:
            snap = screen.snap
            if snap is None:
                return False
            if snap.must_move and not snap.race:  # the person's own turn: draw and discard
                move = next((m for m in snap.moves if m.data["type"] in ("peek", "peek_count", "draw")), None)
                chosen = move or next(m for m in snap.moves if m.data["type"] in ("discard", "swap", "give"))
                screen.choose(chosen.action)
                return False
            return any(m.data["type"] == "mirror" for m in snap.moves) and snap.race

        await wait_for(pilot, mirror_open, timeout=30)
        before = len(table.actions)
        if by == "key":
            await pilot.press("1")
        else:  # a click on the person's first card
            canvas = screen.query_one("#board-body", Canvas)
            line, x0, _, _ = next(h for h in canvas.hits if h[3] == ("slot", 0, 0))
            await pilot.click("#board-body", offset=(x0 + 1, line))
        await wait_for(pilot, lambda: len(table.actions) > before)
        seat, action = table.actions[before]
        assert seat == 0
        assert table.state.action_to_json(action) == {"type": "mirror", "slot": 0}


def app_on_clock(config: MatchConfig, game: Game, clock: FakeClock) -> tuple[TapeteApp, list[LocalTable]]:
    """The app with a local table whose time is `clock` (the real reaction window); the table made."""
    made: list[LocalTable] = []

    def source(g: Game, cfg: MatchConfig, screen: Widget) -> TableSource:
        assert cfg.seed is not None
        table = LocalTable(
            g,
            g.new_match(cfg.players, cfg.seed, cfg.options),
            cfg.kinds,
            cfg.seed,
            clock,
            InlineThinker(),
            Timing(reaction_scale=1.0, window=REACTION_WINDOW_S, pace=0.05),
        )
        made.append(table)
        return table

    return TapeteApp(config, games={"bacan": game}, quick=True, source_factory=source), made


async def test_a_steal_mirror_by_keys_inside_the_window() -> None:
    """`a` moves the digits to a rival's row, a digit mirrors that slot: the
    person's espejo ajeno lands before the window closes and empties the slot."""
    game = get_game("bacan")
    config = MatchConfig("bacan", 4, [None, "heuristic", "heuristic", "heuristic"], seed=7)
    clock = FakeClock()
    app, made = app_on_clock(config, game, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = app.table
        assert isinstance(screen, TableScreen)
        table = made[0]
        target: tuple[int, int] | None = None
        opened = 0.0
        for _ in range(4000):  # play along (own turns: draw then discard) until a rival's card matches the top
            snap = table.snapshot("es")
            if snap.must_move and not snap.race:
                move = next((m for m in snap.moves if m.data["type"] in ("peek", "peek_count", "draw")), None)
                chosen = move or next(m for m in snap.moves if m.data["type"] in ("discard", "swap", "give"))
                table.choose(chosen.action)
                continue
            if snap.race and any(m.data["type"] == "mirror_other" for m in snap.moves):
                target = _matching_rival_slot(table)
                if target is not None:
                    opened = clock.t
                    break
            clock.advance(0.01)
        assert target is not None, "no rival card ever matched the live discard"
        seat, slot = target
        await pilot.pause()
        for _ in range(seat):  # rows 1..seat: `a` once per row
            await pilot.press("a")
            clock.advance(0.02)  # keys take a person's time, and the bots' clocks run meanwhile
        await pilot.pause()
        names = table.snapshot("es").names
        assert str(screen.query_one("#keys", Static).render()).startswith(f"» {names[seat]} 1-8")
        before = len(table.actions)
        await pilot.press(str(slot + 1))
        assert clock.t - opened < REACTION_WINDOW_S
        assert len(table.actions) > before
        claimant, action = table.actions[before]
        assert claimant == 0
        assert table.state.action_to_json(action) == {"type": "mirror_other", "seat": seat, "slot": slot}
        assert table.state.phase == "give" and table.state.claimant == 0  # applied: now the person owes a card


def _matching_rival_slot(table: LocalTable) -> tuple[int, int] | None:
    """A rival's slot whose card matches the live discard (read from the true state)."""
    state = table.state
    key = state._match_key
    top = key[state.discard[-1]]
    for seat, row in enumerate(state.rows):
        if seat == 0:
            continue
        for slot, card in enumerate(row):
            if card >= 0 and key[card] == top:
                return seat, slot
    return None


async def test_enter_on_bacan_asks_first_then_calls() -> None:
    """At the start of a turn the list's first move is the call: one Enter only arms it."""
    game = get_game("bacan")
    config = MatchConfig("bacan", 3, [None, "heuristic", "heuristic"], seed=3)
    clock = FakeClock()
    app, made = app_on_clock(config, game, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = app.table
        assert isinstance(screen, TableScreen)
        table = made[0]
        for _ in range(4000):  # until the person's turn starts with the call among the moves
            snap = table.snapshot("es")
            if snap.must_move and not snap.race:
                if any(m.data["type"] == "call_bacan" for m in snap.moves):
                    break
                move = next((m for m in snap.moves if m.data["type"] in ("peek", "peek_count", "draw")), None)
                table.choose((move or snap.moves[0]).action)
                continue
            clock.advance(0.01)
        call = next(m.action for m in table.snapshot("es").moves if m.data["type"] == "call_bacan")
        screen.refresh_table()
        await pilot.pause()
        listing = screen.query_one("#moves", OptionList)
        listing.focus()
        listing.highlighted = listing.get_option_index(str(call))
        before = len(table.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.actions) == before, "one Enter called Bacan"
        assert table.state.phase == "turn"
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[before] == (0, call)
