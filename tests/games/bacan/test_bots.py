"""Bacan's heuristic bot: faithful memory, no wrong mirrors, clearly stronger than random."""

from __future__ import annotations

import random
import statistics
from typing import Any

from tapete.engine import Event, Observation
from tapete.games import get_game
from tapete.games.bacan.bots import HOLE, BacanBot
from tapete.games.bacan.cards import FACE, JOKER_FACE
from tapete.games.bacan.game import comodin_powers
from tapete.games.bacan.rules import BacanState
from tapete.sim.runner import next_move, play_match, seat_bots
from tapete.sim.stats import wilson

from .helpers import table

GAME = get_game("bacan")


def _play(
    kinds: list[str], seed: int, options: dict[str, Any] | None = None, check: bool = True
) -> tuple[BacanState, list[tuple[int, int]], list[Event]]:
    n = len(kinds)
    state = GAME.new_match(n, seed, options)
    assert isinstance(state, BacanState)
    bots = seat_bots(GAME, kinds, seed)
    for seat, bot in enumerate(bots):
        bot.start(seat, n, state.options)
    moves: list[tuple[int, int]] = []
    history: list[Event] = []
    while not state.is_terminal():
        seat, action = next_move(state, bots, 1.5)
        events = state.apply(seat, action)
        moves.append((seat, action))
        history.extend(events)
        for other, bot in enumerate(bots):
            seen = [e for e in events if e.visible_to(other)]
            if seen:
                bot.observe(seen)
        if check:
            _memory_is_true(state, bots)
        assert len(moves) < 50_000
    return state, moves, history


def _memory_is_true(state: BacanState, bots: list[Any]) -> None:
    """Every face a heuristic bot remembers is the card really there."""
    if state.phase == "deal":
        return
    for bot in bots:
        if not isinstance(bot, BacanBot) or not bot.memory.synced:
            continue
        memory = bot.memory
        for seat, row in enumerate(state.rows):
            assert len(memory.rows[seat]) == len(row) == len(memory.fresh[seat])
            for slot, face in enumerate(memory.rows[seat]):
                if face == HOLE:
                    assert row[slot] < 0
                    continue
                if face is not None:
                    assert FACE[row[slot]] == face
                    assert state.knows(bot.seat, row[slot])
                if memory.fresh[seat][slot]:  # BAC-20: known not to be a spent comodín
                    assert not state.spent >> row[slot] & 1
        assert len(memory.pile) == len(state.discard)
        for (face, spent), card in zip(memory.pile, state.discard, strict=True):
            assert face is None or face == FACE[card]
            if face == JOKER_FACE and not spent:  # known fresh; "spent" may also mean unsure
                assert not state.spent >> card & 1


def test_memory_follows_every_move() -> None:
    """BAC-10: the bot's picture of the table, built from its events, is always true."""
    cases: list[tuple[list[str], dict[str, Any]]] = [
        (["heuristic"] * 4, {}),
        (["heuristic", "random", "heuristic"], {"mirror_match": "points", "discard_draw_from_lap": 1}),
        (["heuristic"] * 2, {"joker_power": "drawn_only", "limit": 50}),
        (["random", "heuristic", "random", "heuristic", "random"], {"memory": "assisted"}),
    ]
    for seed, (kinds, options) in enumerate(cases):
        _play(kinds, seed, options)


def test_taking_over_mid_round_starts_from_the_view() -> None:
    """A stand-in that saw none of the match reads its seat's view at its
    first decision (BAC-10: faces only where the view shows them) and from
    then on its memory stays true; it plays to the end."""
    cases: list[dict[str, Any]] = [{}, {"memory": "assisted", "discard_draw_from_lap": 1}]
    took_over = 0
    for seed in range(12):
        options = cases[seed % 2]
        state = GAME.new_match(3, seed, options)
        assert isinstance(state, BacanState)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            seat = state.required_actors()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            if state.is_terminal():
                break
        if state.is_terminal():
            continue
        bots = seat_bots(GAME, ["heuristic"] * 3, seed)
        for seat, bot in enumerate(bots):
            bot.start(seat, 3, state.options)
        for step in range(5000):
            if state.is_terminal():
                break
            seat, action = next_move(state, bots, 1.5)
            events = state.apply(seat, action)
            for other, bot in enumerate(bots):
                bot.observe([e for e in events if e.visible_to(other)])
            _memory_is_true(state, bots)
            if step == 0:
                assert bots[seat].memory.synced  # type: ignore[attr-defined]
        took_over += 1
    assert took_over >= 8


def test_heuristic_never_claims_a_wrong_mirror() -> None:
    """BAC-21, BAC-23: it mirrors only what it knows, so it never pays a mirror penalty."""
    claims = 0
    for seed in range(4):
        _, _, history = _play(["heuristic", "heuristic", "random"], 10 + seed, check=False)
        for event in history:
            if event.kind == "mirror" and event.data["seat"] != 2:
                claims += 1
                assert event.data["ok"], event.data
    assert claims > 10


def test_same_play_under_both_memory_options() -> None:
    """BAC-10: bots get the same information in classic and assisted memory."""
    for seed in range(3):
        _, classic, _ = _play(["heuristic"] * 3, seed, {"memory": "classic"}, check=False)
        _, assisted, _ = _play(["heuristic"] * 3, seed, {"memory": "assisted"}, check=False)
        assert classic == assisted


def test_reaction_time_is_lognormal_around_0_8_seconds() -> None:
    bot = BacanBot(random.Random(3))
    times = [bot._reaction_time() for _ in range(2000)]
    assert 0.7 < statistics.median(times) < 0.9
    assert min(times) >= 0.25 and max(times) <= 3.0


def test_heuristic_calls_bacan_and_wins_rounds() -> None:
    """BAC-24..26: heuristic players call Bacan, and most of their calls succeed."""
    results: list[str] = []
    for seed in range(3):
        _, _, history = _play(["heuristic"] * 4, 40 + seed, check=False)
        results += [e.data["result"] for e in history if e.kind == "round_end" and e.data["caller"] is not None]
    assert results
    assert results.count("success") + results.count("super_bacan") > len(results) / 2


def test_heuristic_beats_three_random_bots_clearly() -> None:
    """The acceptance margin, small: seat 0 far above its fair share of 0.25."""
    matches = 60
    wins = 0.0
    for seed in range(matches):
        result = play_match(GAME, 4, ["heuristic", "random", "random", "random"], 500 + seed)
        assert result.error is None, result.error
        wins += result.returns[0]
    low, _ = wilson(wins, matches)
    assert low > 0.5, (wins, low)


def test_ties_between_opponents_are_broken_at_random() -> None:
    """Equal estimates must not always pick the same victim (a seat bias)."""
    targets = set()
    for seed in range(12):
        state = table(
            [["rojo-1", "rojo-2", "rojo-3", "rojo-4"], ["azul-2"], ["verde-3"], ["amarillo-4"]],
            held="verde-mas1",
            phase="drawn",
        )
        bot = BacanBot(random.Random(seed))
        bot.start(0, 4, state.options)
        bot.observe([Event("deal", {"seats": [0, 1, 2, 3]}), Event("drawn", {"seat": 0, "card": "verde-mas1"})])
        bot.memory.rows = [[None] * len(row) for row in state.rows]
        decision = bot.decide(Observation(state, 0))
        assert decision is not None
        action = state.action_to_json(decision.action)
        assert action["type"] == "plus_one"
        targets.add(action["seat"])
    assert len(targets) == 3


def _knowing(state: BacanState, seat: int, rows: list[list[str | None]], seed: int = 1) -> BacanBot:
    """A heuristic bot at `seat` that saw the deal and remembers these faces."""
    bot = BacanBot(random.Random(seed))
    bot.start(seat, state.num_players, state.options)
    bot.observe([Event("deal", {"seats": list(range(state.num_players))})])
    bot.memory.rows = [list(row) for row in rows]
    return bot


def _act(state: BacanState, bot: BacanBot) -> dict[str, Any]:
    decision = bot.decide(Observation(state, bot.seat))
    assert decision is not None
    events = state.apply(bot.seat, decision.action)
    bot.observe([e for e in events if e.visible_to(bot.seat)])
    return state.action_to_json(decision.action)


def test_a_comodin_in_the_row_buys_a_good_intercambio() -> None:
    """BAC-20: with joker_power=anywhere it brings its comodín out of the row
    to trade its 10 for the comodín it saw in the other row; with
    drawn_only it cannot, and draws."""
    rows = [["comodin1", "rojo-secreto", "rojo-3", "rojo-2"], ["comodin2", "azul-5", "azul-6", "azul-7"]]
    seen: list[list[str | None]] = [["comodin", "rojo-secreto", "rojo-3", "rojo-2"], ["comodin", None, None, None]]
    state = table(rows, deck=["verde-1"], options={"joker_power": "anywhere"})
    bot = _knowing(state, 0, seen)
    assert _act(state, bot) == {"type": "row_joker", "slot": 0}
    assert _act(state, bot) == {"type": "exchange", "seat": 0, "slot": 0}
    assert _act(state, bot) == {"type": "exchange", "seat": 1, "slot": 0}
    assert [FACE[c] for c in state.rows[0]] == ["comodin", "rojo-3", "rojo-2"]
    assert FACE[state.rows[1][0]] == "rojo-secreto"
    state = table(rows, deck=["verde-1"], options={"joker_power": "drawn_only"})
    bot = _knowing(state, 0, seen)
    assert _act(state, bot) == {"type": "draw", "source": "deck"}


def test_a_spent_comodin_is_never_brought_out() -> None:
    """BAC-20: a comodín that was used is a plain -1 card; declaring it would
    cost a penalty card (BAC-23), so the bot keeps it."""
    rows = [["comodin1", "rojo-secreto", "rojo-3", "rojo-2"], ["comodin2", "azul-5", "azul-6", "azul-7"]]
    seen: list[list[str | None]] = [["comodin", "rojo-secreto", "rojo-3", "rojo-2"], ["comodin", None, None, None]]
    state = table(rows, deck=["verde-1"])
    bot = _knowing(state, 0, seen)
    bot.memory.fresh[0][0] = False  # as if it had taken it spent from the pile
    assert _act(state, bot)["type"] == "draw"


def test_comodin_power_uses_are_counted_by_source() -> None:
    events = [
        Event("draw", {"seat": 0, "source": "deck"}),
        Event("power", {"seat": 0, "power": "secret", "target": 0, "slot": 1, "card": "comodin"}),
        Event("draw", {"seat": 1, "source": "discard", "card": "comodin"}),
        Event("power", {"seat": 1, "power": "spy", "target": 0, "slot": 0, "card": "comodin"}),
        Event("row_joker", {"seat": 0, "slot": 2, "card": "comodin", "ok": True}),
        Event("power", {"seat": 0, "power": "plus_one", "target": 1, "slot": 4, "card": "comodin"}),
        Event("row_joker", {"seat": 1, "slot": 0, "card": "rojo-3", "ok": False}),
        Event("draw", {"seat": 1, "source": "deck"}),
        Event("power", {"seat": 1, "power": "spy", "target": 0, "slot": 0, "card": "rojo-espia"}),
    ]
    assert comodin_powers(events) == {"comodin_power_deck": 1, "comodin_power_pile": 1, "comodin_power_row": 1}


def test_joker_power_option_changes_how_heuristics_play() -> None:
    """BAC-20: the same seeds, heuristic bots: with `anywhere` they bring
    comodines out of their rows; with `drawn_only` they never can."""
    uses = {"anywhere": 0, "drawn_only": 0}
    for joker_power in uses:
        for seed in range(6):
            _, _, history = _play(["heuristic"] * 3, 70 + seed, {"joker_power": joker_power}, check=False)
            uses[joker_power] += comodin_powers(history)["comodin_power_row"]
    assert uses["anywhere"] > 0 and uses["drawn_only"] == 0, uses
