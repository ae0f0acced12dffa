"""GET /api/games/{game}/faces: every card a view or an event may name, named as the game's
catalogue names it in sentences, so that the browser labels a card as the log reads it."""

from __future__ import annotations

import pytest

from tapete.games import game_ids, get_game
from tapete.server.http.viewer import face_names


@pytest.mark.parametrize("game_id", game_ids())
def test_every_face_is_named_as_the_catalogue_names_it(game_id: str) -> None:
    game = get_game(game_id)
    names = face_names(game_id)
    assert names["game"] == game.id and set(names["faces"]) == set(game.card_faces())
    for face, words in names["faces"].items():
        assert words == {"es": game.face_name(face, "es"), "en": game.face_name(face, "en")}
    for face, words in names["short"].items():
        assert words == {lang: game.face_name(face, lang, short=True) for lang in ("es", "en")} != names["faces"][face]


def test_a_boon_card_reads_as_the_log_says_it() -> None:
    assert face_names("boon")["faces"]["oro-14"] == {"es": "oro 14", "en": "gold 14"}
