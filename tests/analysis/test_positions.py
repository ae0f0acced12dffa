"""Hand-built positions with a clear blunder in each game are labelled "error grave" (blunder),
with the expected better move; the same position with its hidden cards dealt otherwise is
judged the same (the analysis reads what the seat knew, nothing else)."""

from __future__ import annotations

import pytest

from tapete.analysis import BLUNDER, Analysis, analysis_lines, budget_named, judge, thresholds_for
from tapete.engine import Game
from tapete.games import game_ids
from tests.story.test_story import COORDINATES, NICKNAME, ONLY_EN, ONLY_ES, REPR, RULE_ID, SEAT_NUMBER, _faces

from .blunders import BLUNDERS


def test_every_game_has_a_blunder_here() -> None:
    assert set(BLUNDERS) == set(game_ids())


@pytest.mark.parametrize("game_id", sorted(BLUNDERS))
def test_a_clear_blunder_is_labelled_blunder_with_the_better_move(game_id: str) -> None:
    case = BLUNDERS[game_id](0)
    found = judge(case.game, case.state, case.seat, case.played)
    assert found is not None
    assert found.label == BLUNDER, found.to_json()
    assert case.better(list(found.best_json)), found.to_json()
    assert found.loss >= case.game.search_hints.loss_thresholds(case.state.options).blunder
    words = found.words["es"]
    assert words["played"] != words["best"]


@pytest.mark.parametrize("game_id", sorted(BLUNDERS))
def test_the_hidden_cards_do_not_change_the_judgement(game_id: str) -> None:
    """Another seed deals the cards the position leaves hidden (the deck, the stock...) otherwise."""
    first, second = BLUNDERS[game_id](0), BLUNDERS[game_id](7)
    assert first.state.view(first.seat) == second.state.view(second.seat)
    assert first.state.to_json() != second.state.to_json()
    a = judge(first.game, first.state, first.seat, first.played)
    b = judge(second.game, second.state, second.seat, second.played)
    assert a is not None and b is not None
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("game_id", sorted(BLUNDERS))
def test_a_blunder_in_words_shows_no_engine_value(game_id: str) -> None:
    """The story's patterns (tests/story/test_story.py): no repr, rule id, coordinates, seat
    number or card id, and each language's own words, in the lines a player reads."""
    case = BLUNDERS[game_id](0)
    names = ["Ana", "Bea", "Carla", "Dani"][: case.state.num_players]
    found = judge(case.game, case.state, case.seat, case.played, names=names)
    assert found is not None
    options = case.state.options
    analysis = Analysis(
        game=game_id,
        seat=case.seat,
        player={},
        names=names,
        budget=budget_named("normal"),
        evaluator=found.evaluator,
        margin_scale=1.0,
        thresholds=thresholds_for(case.game, options),
        decisions=[found],
    )
    faces = _faces(case.game)
    for lang in ("es", "en"):
        text = "\n".join(analysis_lines(analysis, lang, every=True))
        for pattern in (REPR, RULE_ID, COORDINATES, SEAT_NUMBER, faces):
            assert not pattern.search(text), (pattern.pattern, text)
        other = ONLY_EN if lang == "es" else ONLY_ES
        assert not other.search(without_card_names(case.game, text) if lang == "en" else text), text


def without_card_names(game: Game, text: str) -> str:
    """The English text without its cards' names, which keep their Spanish originals (a WANTED outlaw's
    «nickname», a joker's "(El Jinete de Negro)")."""
    for name in sorted((game.face_name(face, "en") for face in game.card_faces()), key=len, reverse=True):
        text = text.replace(name, "")
    return NICKNAME.sub("", text)
