"""Boon's position builder speaks hands, the trick, the buried cards and tricks won."""

from __future__ import annotations

import pytest

from tapete.engine import InvalidState
from tapete.games.boon.positions import position

HANDS = [["oro-14", "azul-3"], ["verde-2", "rojo-5"], ["oro-1", "azul-6"], ["rojo-1"]]
PLAY = {"trick": ["verde-4"], "leader": 3, "taker": 0, "buried": ["azul-1", "azul-2", "oro-2", "oro-3"]}


def test_a_trick_in_play() -> None:
    state = position(hands=HANDS, tricks_won=[2, 1, 0, 2], **PLAY)
    assert state.actors() == (0,)
    assert [state.action_to_json(a)["card"] for a in state.legal_actions(0)] == ["azul-3", "oro-14"]
    assert state.view(1)["trick"] == [{"seat": 3, "card": "verde-4"}] and state.view(1)["buried_count"] == 4


def test_the_blind_offer() -> None:
    faces = [f"oro-{v}" for v in range(1, 15)] + [f"{s}-{v}" for s in ("azul", "verde", "rojo") for v in range(1, 7)]
    hands = [faces[i * 7 : (i + 1) * 7] for i in range(4)]
    state = position(hands=hands, phase="bid", boon=faces[28:], dealer=3)
    assert state.actors() == (0,) and state.phase == "bid"
    assert "oro-1" in state.view(0)["hand"] and "oro-1" not in state.view(1)["hand"]
    with pytest.raises(InvalidState) as caught:  # a blind card left out
        position(hands=hands, phase="bid", boon=faces[28:31])
    assert "missing" in caught.value.en


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"hands": [["oro-14", "oro-14"], ["verde-2"], ["oro-1"], ["rojo-1"]], "taker": 0}, "duplicated"),
        ({"hands": HANDS, "tricks_won": [2, 1, 0, 1], **PLAY}, "no place"),
        ({"hands": HANDS, "piles": [[], [], [], []], "tricks_won": [2, 1, 0, 2], **PLAY}, "missing"),
        ({"hands": [*HANDS[:3], ["rojo-1", "rojo-2"]], "tricks_won": [2, 1, 0, 2], **PLAY}, "too many or too few"),
    ],
)
def test_bad_positions_are_refused_naming_why(kwargs: dict, said: str) -> None:
    with pytest.raises(InvalidState) as caught:
        position(**kwargs)
    assert said in caught.value.en
