"""The heuristic bot: legal, information-safe, and clearly stronger than random."""

from __future__ import annotations

import random

from tapete.engine import Observation, State
from tapete.games.buracco import GAME
from tapete.games.buracco import actions as act
from tapete.games.buracco.bots import BuraccoBot, natural_plan
from tapete.games.buracco.cards import FACE_TO_ID, NUM_FACES
from tapete.games.buracco.rules import DISCARD, DRAW, TAKEN
from tapete.sim.runner import play_match

from .helpers import Tiles, run, table


def _bot(seat: int) -> BuraccoBot:
    bot = BuraccoBot(random.Random(0))
    bot.start(seat, 2, GAME.parse_options({}))
    return bot


def test_bot_takes_a_pozo_that_melds_and_leaves_a_useless_one() -> None:
    good = table(racks=[["rojo-5", "rojo-6", "azul-9", "negro-12"], ["negro-3"]], pozo=["rojo-7", "rojo-8"], phase=DRAW)
    assert _bot(0).decide(Observation(good, 0)).action == act.TAKE_POZO  # type: ignore[union-attr]
    bad = table(
        racks=[["rojo-5", "rojo-6", "azul-9", "negro-12"], ["negro-3"]],
        pozo=["amarillo-3", "negro-8", "azul-13", "rojo-11"],
        phase=DRAW,
    )
    assert _bot(0).decide(Observation(bad, 0)).action == act.DRAW  # type: ignore[union-attr]


def test_bot_extends_toward_a_canasta_and_lays_natural_melds() -> None:
    t = Tiles()
    six = run(t, 3, *(f"azul-{n}" for n in range(3, 9)))
    state = table(
        tiles=t, melds=([six], []), racks=[["azul-9", "rojo-4", "negro-4", "amarillo-4", "rojo-12"], ["negro-3"]]
    )
    bot = _bot(0)
    first = bot.decide(Observation(state, 0)).action  # type: ignore[union-attr]
    assert act.is_extend(first) and act.extend_parts(first)[1] == FACE_TO_ID["azul-9"]
    state.apply(0, first)
    while state.phase != DISCARD:
        state.apply(0, bot.decide(Observation(state, 0)).action)  # type: ignore[union-attr]
    assert state.has_canasta(0) and len(state.melds[0]) == 2  # the pierna of 4s went down too
    assert [t >> 1 for t in state.racks[0]] == [FACE_TO_ID["rojo-12"]]


def test_bot_does_not_feed_the_opponents_melds() -> None:
    t = Tiles()
    theirs = run(t, 5, "negro-5", "negro-6", "negro-7")
    state = table(
        tiles=t,
        melds=([], [theirs]),
        racks=[["negro-8", "rojo-13", "azul-2"], ["negro-3"]],
        muertos=("waiting", "waiting"),
        phase=DISCARD,
    )
    action = _bot(0).decide(Observation(state, 0)).action  # type: ignore[union-attr]
    assert action == act.discard(FACE_TO_ID["rojo-13"])  # not the negro 8 they need, not the wild


def test_natural_plan_counts_tiles_placeable_without_wilds() -> None:
    counts = [0] * NUM_FACES
    for tok in ("rojo-3", "rojo-4", "rojo-5", "azul-9", "comodin"):
        counts[FACE_TO_ID[tok]] += 1
    assert natural_plan(counts, [])[0] == 3


def test_bot_plays_whole_matches_legally() -> None:
    for players, kinds in ((2, ("heuristic", "heuristic")), (4, ("heuristic", "random", "heuristic", "random"))):
        result = play_match(GAME, players, kinds, seed=5, options={"target": 800})
        assert result.error is None and result.winners


def test_heuristic_beats_random_clearly() -> None:
    wins = 0
    matches = 16
    for seed in range(matches):
        kinds = ("heuristic", "random") if seed % 2 == 0 else ("random", "heuristic")
        result = play_match(GAME, 2, kinds, seed=100 + seed)
        assert result.error is None
        hero = 0 if seed % 2 == 0 else 1
        wins += hero in result.winners
    assert wins >= 13, wins
    four = sum(
        0 in play_match(GAME, 4, ("heuristic", "random", "heuristic", "random"), seed=200 + s).winners for s in range(6)
    )
    assert four >= 5, four


def test_bot_runs_out_of_tiles_to_take_the_muerto() -> None:
    state = table(racks=[["rojo-3", "rojo-4"], ["negro-3", "negro-4"]], pozo=["rojo-5"], phase=DRAW)
    bot = _bot(0)
    while state.phase != DISCARD:
        state.apply(0, bot.decide(Observation(state, 0)).action)  # type: ignore[union-attr]
    # the run went down, emptied the rack, and the muerto came in the same turn
    assert state.melds[0][0].faces == [FACE_TO_ID[f"rojo-{n}"] for n in (3, 4, 5)]
    assert state.muerto_state[0] == TAKEN and state.muertos[0] == []


def test_bot_leaves_a_pozo_it_could_not_place_under_bur18() -> None:
    """No canasta and the muerto taken: two tiles must stay, so a one-tile
    pozo that only extends a meld is no gain (and two bots would pass it
    back and forth for ever)."""
    t = Tiles()
    azul_run = run(t, 3, "azul-3", "azul-4", "azul-5")
    state = table(
        tiles=t,
        melds=([azul_run], []),
        racks=[["negro-12"], ["negro-3"]],
        pozo=["azul-6"],
        muertos=("taken", "taken"),
        phase=DRAW,
    )
    assert _bot(0).decide(Observation(state, 0)).action == act.DRAW  # type: ignore[union-attr]
    state.muerto_state[0] = 0  # with the muerto still waiting the same pozo pays
    state._legal.clear()
    assert _bot(0).decide(Observation(state, 0)).action == act.TAKE_POZO  # type: ignore[union-attr]


def test_ismcts_searches_all_but_the_steps_of_a_meld_being_built() -> None:
    """Along a heuristic match, the guided search is offered every decision
    except those with tiles staged (a meld under way)."""
    seen: dict[tuple[str, bool], set[bool]] = {}

    def look(state: State) -> None:
        if state.is_terminal():
            return
        view = Observation(state, state.required_actors()[0]).view
        key = (view["phase"], bool(view["pending"]))
        seen.setdefault(key, set()).add(GAME.search_hints.searches(view, state.legal_actions(view["seat"])))

    result = play_match(GAME, 4, ["heuristic"] * 4, 3, {"target": 300}, on_state=look)
    assert result.error is None
    assert seen[("meld", True)] == {False}
    assert seen[("meld", False)] == seen[("draw", False)] == seen[("discard", False)] == {True}
