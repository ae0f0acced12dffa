"""WANTED's two jokers differ in colour only: the terminal tells them apart by
their letters too (the plain text, every style stripped)."""

from __future__ import annotations

import pytest

from tapete.games import get_game
from tapete.tui.games.wanted import WantedBoard
from tapete.tui.match import Move, Snapshot

JOKERS = ("joker-rojo", "joker-negro")


def snapshot_with_both_jokers() -> Snapshot:
    """The first seed whose opening hand for seat 0 holds both jokers."""
    game = get_game("wanted")
    for seed in range(500):
        state = game.new_match(2, seed, {})
        while 0 not in state.actors():
            state.apply(state.actors()[0], state.legal_actions(state.actors()[0])[0])
        view = state.view(0)
        if all(joker in view["hand"] for joker in JOKERS):
            legal = state.legal_actions(0)
            moves = [Move(a, state.action_to_json(a), "", state.is_reaction(0, a)) for a in legal]
            actors, required = state.actors(), state.required_actors()
            return Snapshot(view, 0, ["Ana", "Beto"], moves, actors, required, False, None, False)
    raise AssertionError("no seed under 500 deals both jokers to seat 0")


@pytest.mark.parametrize(("lang", "red", "black"), [("es", "JKr", "JKn"), ("en", "JKr", "JKb")])
def test_the_two_jokers_read_differently_without_colour(lang: str, red: str, black: str) -> None:
    snap = snapshot_with_both_jokers()
    board = WantedBoard(get_game("wanted"))
    board.show(snap, lang)
    plain = board.paint(snap, lang).text().plain  # type: ignore[union-attr]
    hand = plain[plain.index("Tu mano" if lang == "es" else "Your hand") :]
    assert red in hand and black in hand, hand
    assert red != black
