"""`tapete replay --step` at a terminal: the keys move the same cursor the line mode does."""

from __future__ import annotations

from textual.widgets import Static

from tapete.engine import MatchRecord, replay
from tapete.engine.replay_cursor import ReplayCursor
from tapete.games import get_game
from tapete.sim.runner import play_match
from tapete.tui.replay import ReplayApp


def _cursor() -> ReplayCursor:
    game = get_game("bacan")
    result = play_match(game, 4, ["heuristic"] * 4, 3, {"limit": 40}, keep_record=True)
    assert result.record is not None
    return ReplayCursor(game, MatchRecord.from_json(result.record))


def _text(app: ReplayApp, name: str) -> str:
    return str(app.query_one(name, Static).render())


async def test_keys_step_jump_rounds_and_change_eyes() -> None:
    cursor = _cursor()
    game, record = cursor.game, cursor.record
    app = ReplayApp(cursor, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Action 0 of" in _text(app, "#head")
        await pilot.press("right", "right", "right", "left")
        assert cursor.step == 2 and "Action 2 of" in _text(app, "#head")
        await pilot.press("pagedown")
        assert cursor.step == 12
        await pilot.press("right_square_bracket")
        first_round_end = next(start for _, start in cursor.rounds() if start > 12)
        assert cursor.step == first_round_end
        await pilot.press("2")
        assert cursor.seat == 2 and "eyes: seat 2" in _text(app, "#head")
        assert cursor.view() == replay(game, record, upto=first_round_end).view(2)
        await pilot.press("9")  # no such seat: said, nothing changes
        assert cursor.seat == 2 and "there is no seat 9" in _text(app, "#note")
        await pilot.press("s", "end")
        assert cursor.seat is None and cursor.step == cursor.steps
        last = cursor.story("en")[-1]
        assert last and last.split()[0] in _text(app, "#story")
        await pilot.press("home")
        assert cursor.step == 0
        await pilot.press("q")
