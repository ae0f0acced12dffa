"""`tapete replay --step --analysis --seat K` at a terminal: the replay screen says the seat's
judged decision at each step, its label in words and the better move; a / A go to its slips."""

from __future__ import annotations

import re

from textual.widgets import Static

from tapete.analysis import analyze
from tapete.cli.replay import notes_of
from tapete.engine import MatchRecord
from tapete.engine.replay_cursor import ReplayCursor
from tapete.games import get_game
from tapete.sim.runner import play_match
from tapete.tui.replay import ReplayApp

LABEL_WORDS = {
    "es": ("bien", "imprecisión", "error", "error grave"),
    "en": ("good", "inaccuracy", "mistake", "blunder"),
}


def _verdict(app: ReplayApp) -> str:
    return str(app.query_one("#verdict", Static).render())


async def test_the_replay_says_each_judged_decision_and_the_better_move() -> None:
    game = get_game("boon")
    result = play_match(game, 3, ["random", "heuristic", "heuristic"], 5, {}, keep_record=True)
    assert result.record is not None
    analysis = analyze(result.record, 0, "easy")
    slips = [d for d in analysis.decisions if d.label != "good" and d.best != d.played]
    assert slips, "a seat playing at random slips at least once"
    for lang in ("es", "en"):
        cursor = ReplayCursor(game, MatchRecord.from_json(result.record))
        cursor.set_seat(0)
        app = ReplayApp(cursor, lang, notes_of(analysis, lang))
        async with app.run_test(size=(100, 30)) as pilot:
            head = _verdict(app)
            assert ("decisiones juzgadas" if lang == "es" else "decisions judged") in head
            await pilot.press("a")  # to the first slip
            first = slips[0]
            assert cursor.step == first.step
            said = _verdict(app)
            words = first.words[lang]
            assert words["played"] in said and words["best"] in said
            assert ("Mejor" if lang == "es" else "Better") in said
            assert any(w in said for w in LABEL_WORDS[lang])
            assert not re.search(r"\{|\[|_|\bseat \d|\basiento \d", said), said  # words, never engine values
            await pilot.press("A")  # no slip before the first: said, the step stays
            assert cursor.step == first.step
            await pilot.press("home")
            assert cursor.step == 0
            await pilot.press("q")


async def test_without_an_analysis_the_screen_is_as_before() -> None:
    game = get_game("boon")
    result = play_match(game, 3, ["heuristic"] * 3, 5, {}, keep_record=True)
    assert result.record is not None
    app = ReplayApp(ReplayCursor(game, MatchRecord.from_json(result.record)), "en")
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.query_one("#verdict", Static).display
        await pilot.press("a")  # nothing to go to
        assert app.cursor.step == 0
        await pilot.press("q")
