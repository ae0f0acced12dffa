"""Boon's information-state encoder: what the seat saw earlier is remembered.

The shared checks (fixed sizes, bounds, no hidden card) are the conformance
suite's (tests/conformance/test_encodings.py); here the memory itself."""

from __future__ import annotations

import numpy as np

from tapete.engine import Event
from tapete.games.boon import GAME
from tapete.games.boon.cards import FACES
from tapete.games.boon.encoding import MEMORY

from .helpers import play, situation

# Seat 0 holds the same cards in both stories; the others' hands differ in the
# side cards they throw on the first trick, which seat 0 led with oro-14 and won.
HANDS_A = ["oro-14 oro-13", "azul-6 verde-1", "verde-6 verde-2", "rojo-6 rojo-1"]
HANDS_B = ["oro-14 oro-13", "azul-5 verde-1", "verde-5 verde-2", "rojo-5 rojo-1"]


def story(hands: list[str], first_trick: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Seat 0's observation and information state after two tricks: the first
    with `first_trick` (seats 0..3), the second the same in both stories."""
    held = {face for hand in hands for face in hand.split()}
    rest = [face for face in FACES if face not in held]  # 4 buried, the rest won earlier
    state = situation(hands, dealer=3, taker=0, buried=" ".join(rest[:4]), piles=[" ".join(rest[4:]), "", "", ""])
    encoder = GAME.encoder(0, 4, state.options)
    second = ["oro-13", "verde-1", "verde-2", "rojo-1"]
    for trick in (first_trick, second):
        for seat, card in enumerate(trick):
            events: list[Event] = state.apply(seat, play(card))
            encoder.observe([e for e in events if e.visible_to(0)])
    view = state.view(0)
    return encoder.observation(view), encoder.information_state(view)


def test_cards_played_earlier_are_remembered_though_the_view_forgets_them() -> None:
    """BOO-7, BOO-8: the first trick's cards leave the view once the second is
    played; seat 0's view is then the same in both stories, its memory is not."""
    obs_a, info_a = story(HANDS_A, ["oro-14", "azul-6", "verde-6", "rojo-6"])
    obs_b, info_b = story(HANDS_B, ["oro-14", "azul-5", "verde-5", "rojo-5"])
    assert np.array_equal(obs_a, obs_b)
    assert not np.array_equal(info_a, info_b)


def test_points_taken_are_counted_per_seat() -> None:
    """BOO-2: 11 + 11 + 11 + 3 points in the first trick, 3+0+0+0 in the second, all seat 0's."""
    _, info = story(HANDS_A, ["oro-14", "azul-6", "verde-6", "rojo-6"])
    points = info[len(info) - MEMORY.size + MEMORY["points"] :][:4]
    assert np.allclose(points * 120, [39, 0, 0, 0])


def test_a_seat_that_cannot_follow_shows_the_suit_it_lacks() -> None:
    """BOO-7: seats 1-3 threw side cards on a gold lead: each lacks gold."""
    _, info = story(HANDS_A, ["oro-14", "azul-6", "verde-6", "rojo-6"])
    memory = info[len(info) - MEMORY.size :]
    void = memory[MEMORY["void"] : MEMORY["void"] + 16].reshape(4, 4)
    assert void[1:, 3].tolist() == [1.0, 1.0, 1.0] and void[0].sum() == 0
