"""WANTED's position builder speaks hands, piles, commits and the dice of the battles left."""

from __future__ import annotations

import pytest

from tapete.engine import InvalidState
from tapete.games.wanted.positions import position

HANDS = [["A-picas", "7-corazones", "Q-treboles"], ["2-diamantes", "10-picas", "J-corazones"]]
PILES = {"winners": [["K-picas"], []], "face_down": [[], ["3-treboles"]]}


def test_the_dice_fall_to_the_battles_in_order() -> None:
    state = position(hands=HANDS, dice=[[6, 1], [2, 2], [5, 3]], **PILES)
    assert state.actors() == (0, 1) and state.view(0)["battle_number"] == 3
    state.apply(0, state.action_from_json({"type": "commit", "card": "A-picas"}))
    events = state.apply(1, state.action_from_json({"type": "commit", "card": "2-diamantes"}))
    battle = next(e.data for e in events if e.kind == "battle")
    assert [s["die"] for s in battle["seats"]] == [6, 1] and battle["winner"] == 0


def test_a_seat_that_committed_waits_for_the_others() -> None:
    state = position(hands=[HANDS[0][:2], HANDS[1]], committed={0: ["Q-treboles"]}, **PILES)
    assert state.actors() == (1,)
    assert state.view(0)["my_commit"] == ["Q-treboles"] and "Q-treboles" not in str(state.view(1))


def test_pandillas_gangs() -> None:
    hands = [
        ["A-picas", "2-picas", "3-picas", "4-picas", "5-picas"],
        ["6-picas", "7-picas", "8-picas", "9-picas", "10-picas"],
    ]
    hands += [["J-picas", "Q-picas", "K-picas", "A-corazones", "2-corazones"]]
    hands += [["3-corazones", "4-corazones", "5-corazones", "6-corazones", "7-corazones"]]
    state = position(hands=hands, options={"mode": "pandillas"}, dice=[[1, 2, 3] * 4])
    assert state.actors() == (0, 1, 2, 3) and sorted(state.rolls) == sorted([1, 2, 3] * 4)


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"hands": [["A-picas", "A-picas"], ["2-picas", "3-picas"]]}, "duplicated"),
        ({"hands": HANDS, "winners": [["A-picas"], []]}, "duplicated"),
        ({"hands": [["A-picas"], ["2-picas", "3-picas"]]}, "same number"),
        ({"hands": HANDS, "deck": ["4-picas"]}, "missing"),
        ({"hands": HANDS, "dice": [[6, 1]]}, "rolls of 2 dice"),
        ({"hands": HANDS, "dice": [[7, 1], [1, 1], [1, 1]]}, "1 to 6"),
        ({"hands": [["A-picas"], ["2-picas"]], "committed": {0: ["3-picas"], 1: ["4-picas"]}}, "already revealed"),
        ({"hands": HANDS, "committed": {5: ["3-picas"]}}, "no seat"),
    ],
)
def test_bad_positions_are_refused_naming_why(kwargs: dict, said: str) -> None:
    with pytest.raises(InvalidState) as caught:
        position(**kwargs)
    assert said in caught.value.en
