"""Buracco's rules clause by clause (rules/buracco.md, BUR-1..BUR-23).

Each test names the rule it checks and plays the situation on a position
built by hand (helpers.table) or on a fresh match.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tapete.engine import BadPlayers, IllegalAction, NotYourTurn
from tapete.games.buracco import GAME
from tapete.games.buracco import actions as act
from tapete.games.buracco.cards import COLOURS, FACE_TO_ID, VALUES, WILD_CAPABLE
from tapete.games.buracco.rules import (
    DISCARD,
    DRAW,
    HAND_OVER,
    LOST,
    MELD,
    OVER,
    PRIVILEGE,
    TAKEN,
    WAITING,
    BuraccoState,
)

from .helpers import Tiles, extend, faces, lay, new_match, pierna, play, run, table


def rule_of(state: BuraccoState, seat: int, action: dict[str, object]) -> str:
    """The rule id named when `action` is refused (and the state unchanged)."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, state.action_from_json(action))
    assert state.to_json() == before
    assert err.value.es and err.value.en
    return str(err.value.rule)


def legal_json(state: BuraccoState, seat: int) -> list[dict[str, object]]:
    return [state.action_to_json(a) for a in state.legal_actions(seat)]


# -- tiles and players -------------------------------------------------------------------------------
def test_bur1_106_tiles_four_colours_two_of_each_two_comodines() -> None:
    state = new_match(2, 1)
    assert sorted(state.card_ids()) == list(range(106))
    counted = Counter(GAME.card_face(t) for t in state.card_ids())
    assert counted["comodin"] == 2 and len(counted) == 53
    assert all(counted[f"{c}-{n}"] == 2 for c in COLOURS for n in range(1, 14))
    wild = {tok for tok, f in FACE_TO_ID.items() if WILD_CAPABLE[f]}
    assert wild == {"comodin", "rojo-2", "negro-2", "azul-2", "amarillo-2"}


def test_bur2_tile_values() -> None:
    """BUR-2."""
    value = {tok: VALUES[f] for tok, f in FACE_TO_ID.items()}
    assert value["rojo-1"] == 15 and value["azul-2"] == 20 and value["comodin"] == 50
    assert all(value[f"negro-{n}"] == 5 for n in range(3, 8))
    assert all(value[f"amarillo-{n}"] == 10 for n in range(8, 14))


def test_bur3_two_players_or_four_in_partnerships() -> None:
    """BUR-3."""
    assert GAME.allowed_players(GAME.parse_options({})) == (2, 4)
    with pytest.raises(BadPlayers):
        new_match(3, 1)
    state = new_match(4, 1)
    assert state.side_seats(0) == [0, 2] and state.side_seats(1) == [1, 3]


def test_bur3_partners_share_melds_and_win_together() -> None:
    """BUR-3."""
    t = Tiles()
    state = table(
        players=4,
        tiles=t,
        melds=([run(t, 3, "rojo-3", "rojo-4", "rojo-5")], []),
        racks=[["negro-9"], ["azul-9", "azul-10"], ["rojo-6", "negro-11", "azul-12"], ["negro-13"]],
        turn=2,
    )
    play(state, 2, extend(0, "rojo-6", "high"))  # seat 2 extends seat 0's meld
    assert [f for f in state.melds[0][0].faces] == [FACE_TO_ID[f"rojo-{n}"] for n in range(3, 7)]
    state.turn, state._actors, state.phase = 1, (1,), MELD
    state._legal.clear()
    # seat 1 cannot reach side 0's meld: its slot 0 is its own side's
    assert rule_of(state, 1, extend(0, "azul-9", "low")) == "BUR-11"
    state.scores = [1990, 0]
    state.winner = 0
    state.phase = OVER
    assert state.outcome().winners == (0, 2)


# -- set-up --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "rack", "stock"), [(2, 12, 60), (4, 11, 40)])
def test_bur4_deal_muertos_hands_and_stock(players: int, rack: int, stock: int) -> None:
    state = new_match(players, 7)
    assert [len(m) for m in state.muertos] == [11, 11]
    assert [len(r) for r in state.racks] == [rack] * players
    assert len(state.stock) == stock and state.pozo == []
    assert state.muerto_state == [WAITING, WAITING]


def test_bur4_hand_size_option() -> None:
    state = new_match(2, 7, {"hand_size": 14})
    assert [len(r) for r in state.racks] == [14, 14] and len(state.stock) == 106 - 22 - 28


def test_bur5_first_player_by_die_then_rotating_and_turns_pass_right() -> None:
    firsts = {new_match(4, seed).turn for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = new_match(4, 3)
    first = state.turn
    assert state.hand_first() == first
    with pytest.raises(NotYourTurn) as err:
        state.apply((first + 1) % 4, act.DRAW)
    assert err.value.rule == "BUR-5"
    play(state, first, {"type": "draw"}, {"type": "keep"}, {"type": "done"})
    face = state.view(first)["rack"][0]
    play(state, first, {"type": "discard", "tile": face})
    assert state.turn == (first + 1) % 4 and state.phase == DRAW
    # the next hand starts with the next player
    state._end_hand(-1)
    assert state.phase == HAND_OVER and state.actors() == ((first + 1) % 4,)
    play(state, (first + 1) % 4, {"type": "deal"})
    assert state.hand == 2 and state.turn == (first + 1) % 4 and state.privilege


def test_bur4_deal_only_when_the_hand_is_over() -> None:
    state = new_match(2, 3)
    assert rule_of(state, state.turn, {"type": "deal"}) == "BUR-4"


# -- melds on the table (turn-flow side of BUR-6..12; the meld logic is in test_melds) ----------------
def test_bur6_lay_down_a_run_with_the_one_high() -> None:
    state = table(racks=[["azul-12", "azul-13", "azul-1", "rojo-5", "rojo-9"], ["negro-3"]])
    lay(state, 0, "azul-1", "azul-13", "azul-12")
    meld = state.melds[0][0]
    assert (meld.lo, meld.hi) == (12, 14) and meld.is_pure()


def test_bur6_staging_offers_only_tiles_that_can_still_make_a_meld() -> None:
    state = table(racks=[["azul-12", "azul-13", "azul-1", "rojo-5", "rojo-9"], ["negro-3"]])
    staged = {a["tile"] for a in legal_json(state, 0) if a["type"] == "stage"}
    assert staged == {"azul-12", "azul-13", "azul-1"}
    assert rule_of(state, 0, {"type": "stage", "tile": "rojo-5"}) == "BUR-6"


def test_bur7_lay_down_a_pierna_with_duplicates() -> None:
    state = table(racks=[["rojo-8", "rojo-8", "azul-8", "negro-3", "negro-4"], ["negro-5"]])
    lay(state, 0, "rojo-8", "azul-8", "rojo-8")
    assert state.melds[0][0].kind == 1 and len(state.melds[0][0].tiles) == 3


def test_bur8_one_wild_per_meld_on_the_table() -> None:
    t = Tiles()
    state = table(
        tiles=t,
        melds=([pierna(t, "rojo-9", "azul-9", "comodin")], []),
        racks=[["negro-2", "negro-9", "rojo-4", "rojo-5"], ["negro-3"]],
    )
    assert rule_of(state, 0, extend(0, "negro-2")) == "BUR-8"
    play(state, 0, extend(0, "negro-9"))
    assert len(state.melds[0][0].tiles) == 4
    # two wilds cannot go into a new meld together either
    state = table(racks=[["comodin", "negro-2", "rojo-4", "rojo-5", "azul-9"], ["negro-3"]])
    play(state, 0, {"type": "stage", "tile": "comodin"})
    staged = {a["tile"] for a in legal_json(state, 0) if a["type"] == "stage"}
    assert staged == {"rojo-4", "rojo-5"}
    assert rule_of(state, 0, {"type": "stage", "tile": "negro-2"}) == "BUR-8"


def test_bur9_no_pierna_of_twos() -> None:
    state = table(racks=[["rojo-2", "azul-2", "negro-2", "rojo-7", "azul-11"], ["negro-3"]])
    assert not [a for a in legal_json(state, 0) if a["type"] == "stage"]
    assert rule_of(state, 0, {"type": "stage", "tile": "rojo-2"}) == "BUR-9"


def test_bur9_natural_two_and_a_wild_in_one_run() -> None:
    state = table(racks=[["amarillo-2", "amarillo-3", "amarillo-4", "comodin", "rojo-9", "rojo-11"], ["negro-3"]])
    lay(state, 0, "amarillo-2", "amarillo-3", "amarillo-4", "comodin", high=True)
    meld = state.melds[0][0]
    assert (meld.lo, meld.hi) == (2, 5) and meld.wild_rank() == 5


def test_bur10_canasta_counts_for_the_side() -> None:
    t = Tiles()
    six = run(t, 3, *(f"negro-{n}" for n in range(3, 9)))
    state = table(tiles=t, melds=([six], []), racks=[["negro-9", "rojo-5", "rojo-6"], ["negro-3"]])
    assert not state.has_canasta(0)
    events = play(state, 0, extend(0, "negro-9", "high"))
    assert state.has_canasta(0) and events[0].data["canasta"] == "pura"


def test_bur11_tiles_never_go_back_and_other_side_melds_are_untouchable() -> None:
    t = Tiles()
    state = table(
        tiles=t,
        melds=([], [run(t, 4, "azul-4", "azul-5", "azul-6")]),
        racks=[["azul-7", "rojo-1", "rojo-1"], ["negro-3"]],
    )
    assert not any(a["type"] == "extend" for a in legal_json(state, 0))
    assert rule_of(state, 0, extend(0, "azul-7", "high")) == "BUR-11"
    assert "cancel" not in [a["type"] for a in legal_json(state, 0)]  # nothing to take back


def test_bur12_relocation_on_the_table_turns_the_run_pura() -> None:
    t = Tiles()
    state = table(
        tiles=t,
        melds=([run(t, 3, "azul-3", "azul-4", "azul-2", "azul-6")], []),
        racks=[["azul-5", "rojo-9", "rojo-10"], ["negro-3"]],
    )
    options = [a for a in legal_json(state, 0) if a["type"] == "extend"]
    assert {a["end"] for a in options if a["tile"] == "azul-5"} == {"low", "high"}
    events = play(state, 0, extend(0, "azul-5", "low"))
    meld = state.melds[0][0]
    assert meld.is_pure() and (meld.lo, meld.hi) == (2, 6) and events[0].data["relocated"]


def test_bur12_no_free_end_refuses_the_natural_tile() -> None:
    t = Tiles()
    tokens = [f"rojo-{n}" for n in range(1, 14)] + ["rojo-1"]
    tokens[4] = "comodin"  # the comodín stands for the 5 of a full 1..14 run
    state = table(tiles=t, melds=([run(t, 1, *tokens)], []), racks=[["rojo-5", "azul-9", "azul-10"], ["negro-3"]])
    assert rule_of(state, 0, extend(0, "rojo-5", "low")) == "BUR-12"


# -- a turn ------------------------------------------------------------------------------------------------
def test_bur13_draw_from_stock_or_take_the_whole_pozo() -> None:
    state = table(
        racks=[["rojo-3", "rojo-4"], ["negro-3", "negro-4"]],
        pozo=["azul-5", "amarillo-9", "rojo-5"],
        stock_top=["comodin"],
        phase=DRAW,
    )
    probe = state.clone()
    play(probe, 0, {"type": "draw"})
    assert faces(probe.racks[0]) == ["rojo-3", "rojo-4", "comodin"] and probe.phase == MELD
    events = play(state, 0, {"type": "take_pozo"})
    assert state.pozo == [] and len(state.racks[0]) == 5
    assert events[0].data["tiles"][-3:] == ["azul-5", "amarillo-9", "rojo-5"]
    # everyone now knows those tiles are in seat 0's rack
    assert state.view(1)["known"][0] == sorted(["azul-5", "amarillo-9", "rojo-5"], key=FACE_TO_ID.__getitem__)
    assert rule_of(state, 0, {"type": "draw"}) == "BUR-13"


def test_bur13_an_empty_pozo_cannot_be_taken() -> None:
    state = table(racks=[["rojo-3"], ["negro-3"]], phase=DRAW, stock_size=30)
    state.pozo = []
    assert rule_of(state, 0, {"type": "take_pozo"}) == "BUR-13"


def test_bur14_first_player_privilege_keep_or_redraw_only_first_turn() -> None:
    state = new_match(2, 5)
    first = state.turn
    play(state, first, {"type": "draw"})
    assert state.phase == PRIVILEGE and legal_json(state, first) == [{"type": "keep"}, {"type": "redraw"}]
    drawn = state.racks[first][-1]
    events = play(state, first, {"type": "redraw"})
    assert state.pozo == [drawn] and drawn not in state.racks[first] and len(state.racks[first]) == 13
    assert events[0].kind == "redraw" and state.phase == MELD
    play(state, first, {"type": "done"}, {"type": "discard", "tile": state.view(first)["rack"][0]})
    other = state.turn
    play(state, other, {"type": "draw"})
    assert state.phase == MELD  # no privilege on later turns
    assert rule_of(state, other, {"type": "keep"}) == "BUR-14"


def test_bur15_several_melds_in_one_turn_step_by_step_and_cancel() -> None:
    state = table(
        racks=[["rojo-3", "rojo-4", "rojo-5", "azul-9", "negro-9", "rojo-9", "amarillo-13", "amarillo-1"], ["negro-3"]],
    )
    play(state, 0, {"type": "stage", "tile": "azul-9"}, {"type": "stage", "tile": "negro-9"})
    assert [a["type"] for a in legal_json(state, 0)][:1] == ["cancel"]  # two tiles: no commit yet
    play(state, 0, {"type": "cancel"})
    assert state.pending == [] and len(state.racks[0]) == 8
    lay(state, 0, "azul-9", "negro-9", "rojo-9")
    lay(state, 0, "rojo-3", "rojo-4", "rojo-5")
    assert len(state.melds[0]) == 2 and faces(state.racks[0]) == ["amarillo-1", "amarillo-13"]


def test_bur15_the_number_of_melds_per_side_is_bounded() -> None:
    """BUR-15 (ruling): a side holds at most 24 melds."""
    assert act.MAX_MELDS == 24
    t = Tiles()
    filler = pierna(t, "negro-7", "azul-7", "rojo-7")
    state = table(tiles=t, melds=([filler], []), racks=[["rojo-3", "rojo-4", "rojo-5", "azul-9"], ["negro-3"]])
    assert any(a["type"] == "stage" for a in legal_json(state, 0))
    state.melds[0] = [filler] * act.MAX_MELDS  # the bound on the action space
    state._legal.clear()
    state._info = None  # the position's caches: its legal actions and what the acting rack allows
    assert not any(a["type"] == "stage" for a in legal_json(state, 0))
    assert rule_of(state, 0, {"type": "stage", "tile": "rojo-3"}) == "BUR-15"


def test_bur16_discard_any_tile_after_melding_and_the_turn_passes() -> None:
    state = table(racks=[["rojo-3", "azul-7"], ["negro-3"]], phase=DRAW, stock_top=["amarillo-11"])
    play(state, 0, {"type": "draw"})
    assert rule_of(state, 0, {"type": "discard", "tile": "amarillo-11"}) == "BUR-16"
    play(state, 0, {"type": "done"}, {"type": "discard", "tile": "amarillo-11"})  # the tile just drawn
    assert state.pozo[-1] >> 1 == FACE_TO_ID["amarillo-11"] and state.turn == 1 and state.phase == DRAW


# -- the muerto and going out ---------------------------------------------------------------------------
def test_bur17_direct_muerto_play_on_and_discard() -> None:
    """BUR-17."""
    muerto = [
        "azul-1",
        "azul-3",
        "azul-5",
        "azul-7",
        "azul-9",
        "azul-11",
        "azul-13",
        "negro-3",
        "negro-5",
        "negro-7",
        "negro-9",
    ]
    state = table(racks=[["rojo-3", "rojo-4", "rojo-5"], ["negro-4"]], muerto_tiles=(muerto, ()))
    events = lay(state, 0, "rojo-3", "rojo-4", "rojo-5")
    assert [e.kind for e in events if e.audience is None][-1] == "muerto"
    assert state.muerto_state[0] == TAKEN and state.muertos[0] == []
    assert (
        faces(state.racks[0]) == sorted(muerto, key=FACE_TO_ID.__getitem__) and state.phase == MELD and state.turn == 0
    )
    play(state, 0, {"type": "done"}, {"type": "discard", "tile": "azul-1"})
    assert state.turn == 1 and len(state.racks[0]) == 10


def test_bur17_indirect_muerto_by_discarding_the_last_tile() -> None:
    """BUR-17."""
    state = table(racks=[["rojo-3"], ["negro-4"]], phase=DISCARD)
    events = play(state, 0, {"type": "discard", "tile": "rojo-3"})
    assert [e.kind for e in events if e.audience is None] == ["discard", "muerto"]
    assert len(state.racks[0]) == 11 and state.muerto_state[0] == TAKEN
    assert state.turn == 1 and state.phase == DRAW  # played from the next turn


def test_bur17_a_side_takes_one_muerto_partner_then_goes_out() -> None:
    """BUR-17."""
    t = Tiles()
    canasta = run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))
    state = table(
        players=4,
        tiles=t,
        melds=([canasta], []),
        racks=[["negro-9", "negro-10"], ["azul-9", "azul-10"], ["rojo-13"], ["rojo-6", "rojo-8"]],
        muertos=("taken", "waiting"),
        phase=DISCARD,
        turn=2,
    )
    events = play(state, 2, {"type": "discard", "tile": "rojo-13"})
    assert "go_out" in [e.kind for e in events] and state.last_hand is not None
    assert state.last_hand["closing_side"] == 0


def test_bur18_without_canasta_keep_one_tile() -> None:
    t = Tiles()
    state = table(
        tiles=t,
        melds=([run(t, 3, "rojo-3", "rojo-4", "rojo-5")], []),
        racks=[["rojo-6", "azul-9"], ["negro-4"]],
        muertos=("taken", "waiting"),
    )
    assert rule_of(state, 0, extend(0, "rojo-6", "high")) == "BUR-18"  # would leave a single tile
    play(state, 0, {"type": "done"})
    assert len(state.legal_actions(0)) == 2  # either tile may go, one stays
    state.racks[0] = state.racks[0][:1]
    state._legal.clear()
    assert state.legal_actions(0) == []
    assert rule_of(state, 0, {"type": "discard", "tile": "rojo-6"}) == "BUR-18"


def test_bur18_going_out_needs_the_muerto_taken_first() -> None:
    t = Tiles()
    canasta = run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))
    state = table(tiles=t, melds=([canasta], []), racks=[["rojo-9"], ["negro-4"]], phase=DISCARD)
    play(state, 0, {"type": "discard", "tile": "rojo-9"})
    assert state.phase == DRAW and len(state.racks[0]) == 11  # took the muerto: the hand goes on


def test_bur19_go_out_by_melding_the_last_tile_without_discard() -> None:
    """BUR-19."""
    t = Tiles()
    canasta = run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))
    state = table(tiles=t, melds=([canasta], []), racks=[["amarillo-8"], ["negro-4"]], muertos=("taken", "taken"))
    events = play(state, 0, extend(0, "amarillo-8", "high"))
    kinds = [e.kind for e in events]
    assert kinds == ["extend", "go_out", "hand_end"] and state.racks[0] == [] and state.pozo == []
    assert state.last_hand is not None and state.last_hand["closing_side"] == 0
    assert state.last_hand["sides"][0]["going_out"] == 100


def test_bur19_go_out_by_discarding_the_last_tile() -> None:
    """BUR-19."""
    t = Tiles()
    canasta = run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))
    state = table(
        tiles=t, melds=([canasta], []), racks=[["rojo-9"], ["negro-4"]], muertos=("taken", "taken"), phase=DISCARD
    )
    play(state, 0, {"type": "discard", "tile": "rojo-9"})
    assert state.phase == HAND_OVER and state.last_hand is not None and state.last_hand["closing_side"] == 0


def test_bur20_muerto_becomes_the_stock_drawing_sides_own_first() -> None:
    state = table(racks=[["rojo-3", "rojo-9"], ["negro-4", "azul-8"]], phase=DRAW, turn=1, stock_size=0)
    assert state.stock == []
    events = play(state, 1, {"type": "draw"})
    assert events[0].kind == "muerto_to_stock" and events[0].data["side"] == 1
    assert state.muerto_state == [WAITING, LOST] and len(state.stock) == 10
    scores = state.hand_scores(-1)
    assert scores[1].muerto == -100  # scores as never taken


def test_bur20_the_other_muerto_when_the_own_is_taken() -> None:
    state = table(racks=[["rojo-3"], ["negro-4"]], phase=DRAW, turn=1, stock_size=0, muertos=("waiting", "taken"))
    play(state, 1, {"type": "draw"})
    assert state.muerto_state == [LOST, TAKEN]


def test_bur20_no_stock_no_muerto_ends_the_hand_without_closing_bonus() -> None:
    state = table(racks=[["rojo-3"], ["negro-4"]], phase=DRAW, stock_size=0, muertos=("lost", "taken"))
    assert state.pozo  # the other tiles were played to the pozo
    assert {a["type"] for a in legal_json(state, 0)} == {"end_hand"}
    assert rule_of(state, 0, {"type": "draw"}) == "BUR-20"
    play(state, 0, {"type": "end_hand"})
    assert state.last_hand is not None and state.last_hand["closing_side"] is None
    assert all(side["going_out"] == 0 for side in state.last_hand["sides"])


def test_bur20_with_nothing_to_draw_the_pozo_may_not_be_taken() -> None:
    """BUR-20 (ruling 2026-11-29): with the stock and both muertos gone, the
    hand ends as soon as a player would have to draw; the pozo is no longer
    taken, so players cannot pass it back and forth for ever."""
    state = table(racks=[["rojo-3", "rojo-9"], ["negro-4", "azul-8"]], phase=DRAW, stock_size=0,
                  muertos=("lost", "lost"))  # fmt: skip
    assert state.pozo
    assert state.legal_actions(0) == [act.END_HAND]
    assert rule_of(state, 0, {"type": "take_pozo"}) == "BUR-20"
    events = play(state, 0, {"type": "end_hand"})
    assert [e.kind for e in events][:2] == ["stock_out", "hand_end"] and state.phase in (HAND_OVER, OVER)
    assert state.last_hand is not None and state.last_hand["closing_side"] is None


def test_bur20_end_hand_only_when_nothing_can_be_drawn() -> None:
    state = table(racks=[["rojo-3"], ["negro-4"]], phase=DRAW)
    assert rule_of(state, 0, {"type": "end_hand"}) == "BUR-20"


def test_bur20_side_whose_muerto_went_to_the_stock_may_go_out_with_a_canasta() -> None:
    t = Tiles()
    canasta = run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))
    state = table(
        tiles=t, melds=([canasta], []), racks=[["rojo-9"], ["negro-4"]], muertos=("lost", "waiting"), phase=DISCARD
    )
    play(state, 0, {"type": "discard", "tile": "rojo-9"})
    assert state.last_hand is not None and state.last_hand["closing_side"] == 0
    assert state.last_hand["sides"][0]["muerto"] == -100


# -- scoring: five hand-end positions worked by hand (BUR-21, BUR-22) ---------------------------------------
def _totals(state: BuraccoState) -> list[int]:
    last = state.last_hand
    assert last is not None
    return [side["total"] for side in last["sides"]]


def test_bur21_example_1_closing_by_discard_canasta_pura_against_no_canasta() -> None:
    """Side 0: run rojo 3..9 pura (25 + 20 = 45) + pierna of 10s (30) = 75;
    canasta pura +200; muerto +100; going out +100; hand 0 -> 475.
    Side 1: run azul 5-6-7 (15), no canasta -> -15; never took its muerto
    -100; in hand comodín 50 + rojo 1 15 + negro 13 10 = -75 -> -190."""
    t = Tiles()
    side0 = [run(t, 3, *(f"rojo-{n}" for n in range(3, 10))), pierna(t, "azul-10", "negro-10", "amarillo-10")]
    side1 = [run(t, 5, "azul-5", "azul-6", "azul-7")]
    state = table(
        tiles=t,
        melds=(side0, side1),
        racks=[["negro-4"], ["comodin", "rojo-1", "negro-13"]],
        muertos=("taken", "waiting"),
        phase=DISCARD,
    )
    play(state, 0, {"type": "discard", "tile": "negro-4"})
    assert _totals(state) == [475, -190] and state.scores == [475, -190]
    assert state.last_hand is not None
    assert state.last_hand["sides"][0] == {
        "melded": 75,
        "canastas": 200,
        "muerto": 100,
        "going_out": 100,
        "in_hand": 0,
        "total": 475,
    }


def test_bur21_example_2_closing_by_melding_against_a_side_with_canasta_pura() -> None:
    """Side 1 goes out by melding azul 8 on its run (no discard): pierna of 1s
    with a comodín (6 x 15 + 50 = 140, impura +100) + run azul 5..8 (25)
    = 165; +100 impura; muerto +100; going out +100 -> 465.
    Side 0: run negro 2..8 pura (20 + 25 + 10 = 55, +200) + pierna 12-12-2
    (40) = 95; +200; muerto +100; in hand rojo 13 + azul 3 = -15 -> 380."""
    t = Tiles()
    side0 = [
        run(t, 2, *(f"negro-{n}" for n in range(2, 9))),
        pierna(t, "rojo-12", "azul-12", "amarillo-2"),
    ]
    side1 = [
        pierna(t, "rojo-1", "rojo-1", "negro-1", "azul-1", "amarillo-1", "amarillo-1", "comodin"),
        run(t, 5, "azul-5", "azul-6", "azul-7"),
    ]
    state = table(
        tiles=t,
        melds=(side0, side1),
        racks=[["rojo-13", "azul-3"], ["azul-8"]],
        muertos=("taken", "taken"),
        turn=1,
    )
    play(state, 1, extend(1, "azul-8", "high"))
    assert _totals(state) == [380, 465]


def test_bur21_example_3_stock_out_no_one_goes_out_lost_muerto() -> None:
    """No stock, no muerto: seat 0 ends the hand. Side 0: amarillo 7..13
    with the comodín as 10 (5+10+10+50+10+10+10 = 105), impura +100, its
    muerto went to the stock -100, rojo 2 in hand -20 -> 85. Side 1: pierna
    of 4s (15) and no canasta -> -15; muerto taken +100; comodín and azul 1
    in hand -65 -> 20."""
    t = Tiles()
    side0 = [
        run(t, 7, "amarillo-7", "amarillo-8", "amarillo-9", "comodin", "amarillo-11", "amarillo-12", "amarillo-13")
    ]
    side1 = [pierna(t, "rojo-4", "negro-4", "azul-4")]
    state = table(
        tiles=t,
        melds=(side0, side1),
        racks=[["rojo-2"], ["comodin", "azul-1"]],
        muertos=("lost", "taken"),
        phase=DRAW,
        stock_size=0,
    )
    play(state, 0, {"type": "end_hand"})
    assert _totals(state) == [85, 20]


def test_bur21_example_4_partners_and_an_untouched_muerto_in_hand() -> None:
    """Four players. Seat 2 goes out by discarding. Side 0: pierna of seven 6s
    pura (35, +200) + run rojo 10..13 (40) = 75; +200; muerto +100; going out
    +100; seat 0 still holds azul 13 + negro 9 (-20) -> 455. Side 1: run
    amarillo 1..7 pura (15 + 20 + 25 = 60, +200); muerto taken indirectly by
    seat 1 and not played yet: azul 1,2,3,4,5,7,8,9,10,11,12 = 105, plus the
    comodín of seat 3 (50): -155 -> 60 + 200 + 100 - 155 = 205."""
    t = Tiles()
    side0 = [
        pierna(t, "rojo-6", "rojo-6", "negro-6", "negro-6", "azul-6", "azul-6", "amarillo-6"),
        run(t, 10, "rojo-10", "rojo-11", "rojo-12", "rojo-13"),
    ]
    side1 = [run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))]
    untouched = [f"azul-{n}" for n in (1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12)]
    state = table(
        players=4,
        tiles=t,
        melds=(side0, side1),
        racks=[["azul-13", "negro-9"], untouched, ["amarillo-9"], ["comodin"]],
        muertos=("taken", "taken"),
        phase=DISCARD,
        turn=2,
    )
    play(state, 2, {"type": "discard", "tile": "amarillo-9"})
    assert _totals(state) == [455, 205] and state.scores == [455, 205]
    assert state.view(1)["scores"] == [455, 205, 455, 205]


def test_bur22_example_5_side_without_canasta_scores_everything_against() -> None:
    """Side 0 goes out by discarding: run azul 1..6 with the comodín as 7
    (15 + 20 + 20 + 50 = 105), impura +100, muerto +100, going out +100 ->
    405. Side 1 took its muerto but has no canasta: pierna of 13s (30) and
    run negro 8-9-10 with the negro 2 as 11 (50) count -80; muerto +100;
    rojo 1 + rojo 5 in hand -20 -> 0."""
    t = Tiles()
    side0 = [run(t, 1, *(f"azul-{n}" for n in range(1, 7)), "comodin")]
    side1 = [pierna(t, "rojo-13", "negro-13", "amarillo-13"), run(t, 8, "negro-8", "negro-9", "negro-10", "negro-2")]
    state = table(
        tiles=t,
        melds=(side0, side1),
        racks=[["amarillo-5"], ["rojo-1", "rojo-5"]],
        muertos=("taken", "taken"),
        phase=DISCARD,
    )
    play(state, 0, {"type": "discard", "tile": "amarillo-5"})
    assert _totals(state) == [405, 0]
    assert state.last_hand is not None and state.last_hand["sides"][1]["melded"] == -80


def test_bur22_example_6_stock_out_neither_side_has_a_canasta() -> None:
    """Both muertos went to the stock. Side 0: run rojo 5-6-7 (15) and
    negro 1 in hand (15): -15 - 15 - 100 = -130. Side 1: pierna of 9s with a
    comodín (10 + 10 + 50 = 70) and negro 3 in hand (5): -70 - 5 - 100 = -175."""
    t = Tiles()
    state = table(
        tiles=t,
        melds=([run(t, 5, "rojo-5", "rojo-6", "rojo-7")], [pierna(t, "azul-9", "negro-9", "comodin")]),
        racks=[["negro-1"], ["negro-3"]],
        muertos=("lost", "lost"),
        phase=DRAW,
        turn=1,
        stock_size=0,
    )
    play(state, 1, {"type": "end_hand"})
    assert _totals(state) == [-130, -175]


# -- the match (BUR-23) ----------------------------------------------------------------------------------------
def test_bur23_scores_add_up_and_the_first_side_at_the_target_wins() -> None:
    t = Tiles()
    canasta = run(t, 1, *(f"amarillo-{n}" for n in range(1, 8)))
    state = table(
        tiles=t,
        melds=([canasta], []),
        racks=[["rojo-9"], ["negro-4"]],
        muertos=("taken", "taken"),
        phase=DISCARD,
        scores=(1600, 1900),
        hand=4,
    )
    play(state, 0, {"type": "discard", "tile": "rojo-9"})
    # side 0: amarillo 1..7 (15 + 20 + 25 = 60) + 200 + 100 + 100 = 460 -> 2060;
    # side 1: no melds, muerto +100, negro 4 in hand -5 = 95 -> 1995
    assert state.scores == [2060, 1995]
    assert state.is_terminal() and state.outcome().winners == (0,)
    assert state.outcome().rounds == 4


def test_bur23_both_at_the_target_higher_total_wins_equal_plays_on() -> None:
    from tapete.games.buracco.scoring import match_winner

    assert match_winner([2100, 2050], 2000) == 0
    assert match_winner([1990, 2000], 2000) == 1
    assert match_winner([2100, 2100], 2000) == -1
    assert match_winner([1500, 1999], 2000) == -1


def test_bur23_equal_totals_at_the_target_play_another_hand() -> None:
    state = table(
        racks=[["rojo-3"], ["negro-4"]], phase=DRAW, stock_size=0, muertos=("lost", "lost"), scores=(2300, 2300)
    )
    play(state, 0, {"type": "end_hand"})
    # each side: one 5-point tile in hand and no muerto: -105, both at 2195
    assert state.scores == [2195, 2195] and state.phase == HAND_OVER and not state.is_terminal()


def test_bur23_target_option() -> None:
    assert GAME.parse_options({"target": 500}).target == 500
    state = new_match(2, 1, {"target": 500})
    assert state.view(0)["target"] == 500
