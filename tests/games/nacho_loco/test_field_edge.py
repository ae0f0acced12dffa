"""NAC-3 and NAC-11: the field has no edge, so a killer close is declared
only when no empty cell next to the field, however far out, takes a card.

The judge is tests/games/nacho_loco/oracle.py, written from the rules file
apart from the game's own geometry."""

from __future__ import annotations

import random

from tapete.games.nacho_loco import GAME

from . import oracle
from .helpers import build, find, new_match, place

NO_MISMATCH_RULE = {"all_contacts_must_match": False}

# A column of cards from the origin up to row -8 (the old table edge): every
# side not shared shows an X, so only the open cell at (-1, -8) takes a card,
# marron on its right. The card placed there shows naranja on its top, toward
# (-1, -9): the position of the seed-873 match of the rules review, where two
# cells of row -9 each faced a single naranja contact and a killer close was
# declared all the same.
COLUMN = [
    (0, 0, "rojo/X/X", 1),
    (1, 0, "rojo/amarillo/X", 2),
    (1, -1, "amarillo/rojo/X", 2),
    (0, -1, "verde/rojo/X", 0),
    (0, -2, "rojo/verde/X", 1),
    (1, -2, "rojo/azul/X", 2),
    (1, -3, "azul/rojo/X", 2),
    (0, -3, "marron/rojo/X", 0),
    (0, -4, "amarillo/marron/X", 1),
    (1, -4, "amarillo/verde/X", 2),
    (1, -5, "verde/amarillo/X", 2),
    (0, -5, "azul/amarillo/X", 0),
    (0, -6, "verde/azul/X", 1),
    (1, -6, "verde/marron/X", 2),
    (1, -7, "marron/verde/X", 2),
    (0, -7, "azul/verde/X", 0),
    (0, -8, "azul/marron/X", 2),
]
TOP = (-1, -8, "naranja/marron/X", 0)


def test_nac_3_no_killer_close_while_a_cell_beyond_the_old_edge_takes_a_card() -> None:
    state = build(
        hands=[["naranja/marron/X", "rojo/X/X"], ["naranja/X/X", "azul/X/X"], ["azul/X/X"]],
        field=COLUMN,
        options=NO_MISMATCH_RULE,
    )
    assert oracle.live_cells(state.view(None)["field"], False) == [(-1, -8)]
    events = state.apply(0, place(state, *TOP))
    assert find(events, "close") == []  # NAC-11 does not apply: (-1, -9) takes naranja
    field = state.view(None)["field"]
    assert len(field) == len(COLUMN) + 1
    assert oracle.live_cells(field, False) == [(-1, -9)]
    live = [c["cell"] for c in state.view(None)["open"] if c["live"]]
    assert live == [[-1, -9]]
    assert state.turn == 1
    assert place(state, -1, -9, "naranja/X/X", 2) in state.legal_actions(1)  # naranja on its bottom side
    events = state.apply(1, place(state, -1, -9, "naranja/X/X", 2))
    assert find(events, "place")[0]["cell"] == [-1, -9]
    assert find(events, "close") == [{"seat": 1, "how": "killer"}]  # now nothing fits anywhere


def test_nac_11_open_cells_are_every_empty_cell_next_to_the_field() -> None:
    """The cells the game offers are exactly the oracle's empty neighbours,
    and the ones it calls live are the ones where some design fits."""
    for players, options in ((3, NO_MISMATCH_RULE), (4, {})):
        state = new_match(players, 5, options)
        rng = random.Random(5)
        checked = 0
        while not state.is_terminal() and checked < 400:
            view = state.view(None)
            expected = oracle.empty_neighbours(view["field"])
            assert {tuple(c["cell"]) for c in view["open"]} == set(expected)
            all_must_match = view["all_contacts_must_match"]
            for cell in view["open"]:
                assert cell["live"] == oracle.fits_somewhere(tuple(expected[tuple(cell["cell"])]), all_must_match)
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            checked += 1


def test_nac_11_three_thousand_random_matches_declare_no_false_killer_close() -> None:
    """About 40 s: seeded random play, every killer close judged by the oracle."""
    closes, wrong = oracle.judge_random_matches(GAME, 3000, 3, NO_MISMATCH_RULE)
    assert closes > 600  # killer closes do happen (959 with these seeds): the check judged them
    assert wrong == []
