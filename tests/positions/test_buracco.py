"""Buracco's position builder speaks racks, melds per side, the pozo and the muertos."""

from __future__ import annotations

import pytest

from tapete.engine import InvalidState
from tapete.games.buracco.positions import position

RACKS = [["rojo-3", "rojo-4", "rojo-5", "azul-9"], ["negro-1"], ["amarillo-7", "comodin"], ["azul-2"]]
MELDS = [[["negro-7", "rojo-7", "azul-7"]], [["azul-10", "azul-11", "azul-12", "comodin"]]]


def test_melds_are_laid_out_by_the_game() -> None:
    state = position(racks=RACKS, melds=MELDS, pozo=["amarillo-12"], turn=0)
    view = state.view(1)
    assert view["melds"][0][0]["kind"] == "set" and view["melds"][1][0]["kind"] == "run"
    assert view["pozo"] == ["amarillo-12"] and view["rack_counts"] == [4, 1, 2, 1]
    assert view["muertos"][0] == {"tiles": 11, "state": "waiting"}
    assert [state.action_to_json(a)["type"] for a in state.legal_actions(0)] == ["draw", "take_pozo"]


def test_after_the_draw_the_seat_may_meld() -> None:
    state = position(racks=RACKS, melds=MELDS, turn=0, phase="meld")
    kinds = {state.action_to_json(a)["type"] for a in state.legal_actions(0)}
    assert kinds == {"done", "stage"}  # stage rojo-3..5 as a new meld, or go on to discard


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"racks": [["rojo-3"] * 3, [], [], []]}, "duplicated"),
        ({"racks": [["comodin"] * 3, [], [], []], "melds": [[["comodin", "comodin", "rojo-1"]], []]}, "duplicated"),
        ({"racks": RACKS, "melds": [[["negro-7", "rojo-8", "azul-1"]], []]}, "no meld"),
        ({"racks": RACKS, "stock": ["rojo-1"], "muertos_taken": (True, True)}, "missing"),
        ({"racks": RACKS, "turn": 4}, "no seat"),
    ],
)
def test_bad_positions_are_refused_naming_why(kwargs: dict, said: str) -> None:
    with pytest.raises(InvalidState) as caught:
        position(**kwargs)
    assert said in caught.value.en
