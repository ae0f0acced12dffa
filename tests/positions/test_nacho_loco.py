"""Nacho Loco's position builder speaks hands and field cells with the side each card's first segment faces."""

from __future__ import annotations

import pytest

from tapete.engine import InvalidState
from tapete.games import get_game
from tapete.games.nacho_loco.positions import position

GAME = get_game("nacho-loco")
HANDS = [["rojo/verde/azul", "saltar/rojo/X"], ["verde/X/X"]]
FIELD = {(0, 0): "rojo/naranja/amarillo", (1, 0): ("naranja/amarillo/verde", "left")}


def test_cells_and_sides_in_words() -> None:
    state = position(hands=HANDS, field=FIELD, turn=0)
    text = GAME.render_text(state.view(1), "en")
    assert "(0,0)▲ [red]red[/]/[dark_orange]orange[/]/[yellow]yellow[/]: left [red]red[/]" in text
    assert "(1,0)▼" in text and "left [dark_orange]orange[/]" in text
    assert state.actors() == (0,) and state.legal_actions(0)
    same = position(
        hands=HANDS, field={(0, 0): "rojo/naranja/amarillo", (1, 0): ("naranja/amarillo/verde", "izquierda")}
    )
    assert same.to_json()["placed"] == state.to_json()["placed"]


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"hands": [["rojo/verde/azul"], ["rojo/verde/azul"]], "field": FIELD}, "duplicated"),
        ({"hands": HANDS, "field": {(0, 0): "rojo/naranja/amarillo", (1, 0): "rojo/naranja/amarillo"}}, "duplicated"),
        ({"hands": HANDS, "field": FIELD, "pile": ["rojo/verde/X"]}, "missing"),
        ({"hands": HANDS, "field": {(0, 0): ("rojo/naranja/amarillo", "top")}}, "no side"),
        ({"hands": HANDS, "field": {(0, 0): "rojo/naranja/amarillo", (99, 0): "verde/azul/X"}}, "touches no card"),
        ({"hands": HANDS, "field": {(1, 0): "rojo/naranja/amarillo"}}, "first card lies at (0,0)"),
        ({"hands": HANDS, "field": {}}, "at least one card"),
    ],
)
def test_bad_positions_are_refused_naming_why(kwargs: dict, said: str) -> None:
    with pytest.raises(InvalidState) as caught:
        position(**kwargs)
    assert said in caught.value.en
