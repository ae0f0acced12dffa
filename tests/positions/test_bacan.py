"""Bacan's position builder speaks rows, the discard pile and what each seat peeked."""

from __future__ import annotations

import pytest

from tapete.engine import InvalidState
from tapete.games.bacan.positions import position

ROWS = [["rojo-3", "azul-7", "verde-1", "comodin"], ["amarillo-2", "rojo-5", "azul-1", "verde-6"]]


def test_a_turn_with_a_live_discard_opens_the_mirror_window() -> None:
    state = position(rows=ROWS, discard=["rojo-7"], current=0, peeked={0: [0, 1]})
    assert state.actors() == (0, 1) and state.required_actors() == (0,)
    view = state.view(1)
    assert view["discard_top"] == "rojo-7" and view["window"]
    assert state.knows(0, state.rows[0][0]) and not state.knows(1, state.rows[0][0])
    assert len(state.deck) == 58 - 9


def test_a_drawn_card_is_held_by_the_seat_on_turn() -> None:
    state = position(rows=ROWS, current=1, phase="drawn", held="violeta-espia")
    assert state.view(1)["held"] == "violeta-espia" and state.view(0)["held"] is None
    assert state.actors() == (1,)


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"rows": [["rojo-3", "rojo-3"], ["azul-1"]]}, "duplicated"),
        ({"rows": ROWS, "discard": ["verde-1"]}, "duplicated"),
        ({"rows": ROWS, "deck": ["rojo-1"]}, "missing"),
        ({"rows": [["rojo-3"], ["púrpura-9"]]}, "has no card"),
        ({"rows": ROWS, "phase": "drawn"}, "held"),
        ({"rows": ROWS, "current": 5}, "no seat"),
        ({"rows": [["rojo-3"], []]}, "1 to 8 cards"),
    ],
)
def test_bad_positions_are_refused_naming_why(kwargs: dict, said: str) -> None:
    with pytest.raises(InvalidState) as caught:
        position(**kwargs)
    assert said in caught.value.en and caught.value.es
