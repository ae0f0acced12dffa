"""What each seat may see (BUR-13 pozo visible, racks and muertos hidden)."""

from __future__ import annotations

import json
import random

from tapete.games.buracco.cards import FACES
from tapete.games.buracco.rules import DISCARD, DRAW

from .helpers import Tiles, faces, new_match, play, run, table

COMMON = ("game", "seat", "num_players", "phase", "actors", "required", "round", "scores", "over", "winners")


def test_views_have_the_common_keys_and_own_rack_only() -> None:
    state = new_match(4, 12)
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert all(key in view for key in COMMON)
        json.dumps(view)
        if seat is None:
            assert "rack" not in view
        else:
            assert view["rack"] == faces(state.racks[seat])
        assert view["rack_counts"] == [11, 11, 11, 11]
        assert view["muertos"] == [{"tiles": 11, "state": "waiting"}] * 2
        assert "racks" not in view
    # before the first draw the only faces seat 1 may see are its own tiles
    shown = {v for v in json.dumps(state.view(1)).split('"') if v in set(FACES)}
    assert shown == set(faces(state.racks[1]))
    assert not {v for v in json.dumps(state.view(None)).split('"') if v in set(FACES)}


def test_pozo_is_visible_whole_and_taken_tiles_stay_known() -> None:
    state = table(racks=[["rojo-3", "rojo-4"], ["negro-3"]], pozo=["azul-5", "comodin", "rojo-12"], phase=DRAW)
    assert state.view(None)["pozo"] == ["azul-5", "comodin", "rojo-12"]
    play(state, 0, {"type": "take_pozo"})
    assert state.view(1)["known"][0] == ["rojo-12", "azul-5", "comodin"]
    assert state.view(0)["known"][0] == []  # the seat sees its whole rack instead
    hidden = state.hidden_cards(1)
    assert all(t not in hidden for t in state.known[0])
    assert any(t in hidden for t in state.racks[0])  # rojo 3 and 4 stay secret
    # discarding a face first spends the copy everyone saw
    play(state, 0, {"type": "done"}, {"type": "discard", "tile": "azul-5"})
    assert state.view(1)["known"][0] == ["rojo-12", "comodin"]


def test_pending_meld_is_private_and_not_counted_twice() -> None:
    state = table(racks=[["rojo-3", "rojo-4", "rojo-5", "azul-9"], ["negro-3"]])
    play(state, 0, {"type": "stage", "tile": "rojo-4"})
    assert state.view(0)["pending"] == ["rojo-4"] and "rojo-4" not in state.view(0)["rack"]
    assert state.view(1)["pending"] == [] and state.view(1)["rack_counts"][0] == 4


def test_hand_over_shows_every_rack_once() -> None:
    t = Tiles()
    canasta = run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))
    state = table(
        tiles=t,
        melds=([canasta], []),
        racks=[["rojo-9"], ["negro-4", "comodin"]],
        muertos=("taken", "taken"),
        phase=DISCARD,
    )
    play(state, 0, {"type": "discard", "tile": "rojo-9"})
    assert state.view(None)["racks"] == [[], ["negro-4", "comodin"]]
    assert state.view(1)["racks"][1] == [] and state.view(1)["rack"] == ["negro-4", "comodin"]
    assert state.hidden_cards(0) == state.hidden_cards(None)


def test_determinize_redeals_only_what_the_seat_does_not_know() -> None:
    state = table(racks=[["rojo-3", "rojo-4"], ["negro-3", "negro-8"]], pozo=["azul-5", "comodin"], phase=DRAW)
    play(state, 0, {"type": "take_pozo"})
    world = state.determinize(1, random.Random(3))
    assert world.view(1) == state.view(1)
    assert world.racks[1] == state.racks[1]
    assert set(state.known[0]) <= set(world.racks[0])  # tiles everyone saw stay put
    assert sorted(world.card_ids()) == list(range(106))
    assert [len(r) for r in world.racks] == [len(r) for r in state.racks]
    assert world.rng.to_json() != state.rng.to_json()
    changed = any(a != b for a, b in zip(world.stock, state.stock, strict=True))
    assert changed


def test_no_face_token_of_a_hidden_tile_in_any_event() -> None:
    state = new_match(2, 4)
    rng = random.Random(4)
    tokens = set(FACES)
    for _ in range(300):
        seat = state.actors()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in events:
            if event.audience is not None:
                assert len(event.audience) == 1  # a private event speaks to one seat
                continue
            shown = [v for v in json.dumps(event.to_json()).split('"') if v in tokens]
            if event.kind in ("draw", "done", "keep", "muerto", "go_out"):
                assert not shown, event
