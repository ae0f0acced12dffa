"""The table core (tapete/engine/turns.py): every race rule once, on Eco
(tests/toygame.py: plays open a reaction window where anyone may snap;
every fourth play starts a duel where every seat commits at once).

Eco with seed 19 and 2 players: seat 0 holds e1 e2 e3, seat 1 holds e1 e2 e4,
so after seat 0 plays slot 0 (an e1), seat 1's snap of slot 0 matches.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tapete.engine import Event, NotYourTurn, private, public
from tapete.engine.turns import (
    RESULT_RULE,
    TIMEOUTS_FOR_GOOD,
    WINDOW_RULE,
    Applied,
    Due,
    Held,
    Ready,
    Rejected,
    Release,
    StaleAction,
    TableCore,
    Timeout,
    Timing,
    by_audience,
    deliver,
    first_to_land,
)
from tapete.games import game_ids, get_game
from tests.toygame import COMMIT, PLAY, SNAP, EcoState, value
from tests.toygame import ECO as GAME

SEED = 19


def core(players: int = 2, seed: int = SEED, **timing: Any) -> TableCore:
    state = GAME.new_match(players, seed)
    return TableCore(state, Timing(**{"window": 1.5, **timing}), now=0.0)


def eco(table: TableCore) -> EcoState:
    assert isinstance(table.state, EcoState)
    return table.state


def matching_snap(table: TableCore, seat: int) -> int:
    state = eco(table)
    top = value(state.pile[-1], state.options)
    return SNAP + next(i for i, c in enumerate(state.hands[seat]) if value(c, state.options) == top)


def to_duel(table: TableCore, now: float = 0.0) -> float:
    """Play (and wait out each window) until the duel starts; returns the time."""
    while eco(table).phase != "duel":
        seat = table.state.required_actors()[0]
        now = max(now, table.window_until or now)
        assert isinstance(table.offer(seat, PLAY, now), Applied)
    return now


def test_a_play_opens_the_window_and_holds_the_next_required_play() -> None:
    table = core()
    assert isinstance(table.offer(0, PLAY, 0.0), Applied)
    assert table.window_until == 1.5
    held = table.offer(1, PLAY, 0.4, tag="mine")
    assert isinstance(held, Held) and (held.until, held.why, held.tag) == (1.5, WINDOW_RULE, "mine")
    assert table.version == 1 and table.due(1.49) == []
    assert table.due(1.5) == [Release(1, PLAY, "mine")]
    assert isinstance(table.offer(1, PLAY, 1.5), Applied) and table.version == 2


def test_a_reaction_does_not_wait_and_voids_what_was_held() -> None:
    table = core()
    table.offer(0, PLAY, 0.0)
    table.offer(1, PLAY, 0.2, tag="held")
    snap = matching_snap(table, 1)
    applied = table.offer(1, snap, 0.3)  # a seat's own reaction during its hold
    assert isinstance(applied, Applied) and applied.voided == ["held"] and not table.held
    assert table.window_until == pytest.approx(1.8)  # a reaction reopens the window


def test_a_required_seat_reacts_at_once_and_an_optional_seat_never_waits() -> None:
    table = core()
    table.offer(0, PLAY, 0.0)
    assert isinstance(table.judge(1, matching_snap(table, 1), 0.1), Ready)  # required, but a reaction
    assert isinstance(table.judge(0, SNAP, 0.1), Ready)  # not required: never held


def test_several_claimants_first_arrival_wins_and_later_claims_face_the_new_state() -> None:
    table = core()
    table.offer(0, PLAY, 0.0)
    first = table.offer(1, matching_snap(table, 1), 0.5, version=1)
    assert isinstance(first, Applied)
    late = table.offer(0, SNAP, 0.6, version=1)  # decided on the pile before the snap
    assert isinstance(late, Rejected) and isinstance(late.error, StaleAction)
    fresh = table.offer(0, SNAP, 0.7, version=2)  # judged against the pile as it now stands
    assert isinstance(fresh, Applied)
    assert [e.kind for e in fresh.events] == ["snap"]


def test_a_seats_second_held_action_supersedes_its_first() -> None:
    table = core()
    table.offer(0, PLAY, 0.0)
    table.offer(1, PLAY, 0.1, tag="a")
    second = table.offer(1, PLAY + 1, 0.2, tag="b")
    assert isinstance(second, Held) and second.superseded == "a"
    assert table.due(2.0) == [Release(1, PLAY + 1, "b")]


def test_illegal_actions_are_refused_by_the_state_and_change_nothing() -> None:
    table = core()
    before = table.state.to_json()
    refused = table.offer(1, PLAY, 0.0)
    assert isinstance(refused, Rejected) and isinstance(refused.error, NotYourTurn)
    assert table.state.to_json() == before and table.version == 0


def test_no_window_without_a_race_and_a_zero_window_holds_nothing() -> None:
    table = core(window=0.0)
    table.offer(0, PLAY, 0.0)
    assert isinstance(table.judge(1, PLAY, 0.0), Ready)


def test_simultaneous_commits_decided_on_one_version_all_stand() -> None:
    table = core(players=3)
    to_duel(table)
    version = table.version
    assert table.state.required_actors() == (0, 1, 2) and table.window_until is None
    for seat in (2, 0, 1):
        assert isinstance(table.offer(seat, COMMIT, 10.0, version=version), Applied)
    assert eco(table).phase == "play"
    late = table.offer(0, PLAY, 10.0, version=version)  # decided before the duel was resolved
    assert isinstance(late, Rejected) and isinstance(late.error, StaleAction)


def test_first_to_land_uses_the_window_and_ties_go_to_the_earlier_proposal() -> None:
    table = core()
    table.offer(0, PLAY, 0.0)
    state, snap = table.state, matching_snap(table, 1)
    assert first_to_land(state, [(1, PLAY, 0.2), (0, SNAP, 1.0)], 1.5) == (0, SNAP, 1.0)
    assert first_to_land(state, [(1, PLAY, 0.2), (0, SNAP, 2.0)], 1.5) == (1, PLAY, 1.5)
    assert first_to_land(state, [(0, SNAP, 1.5), (1, PLAY, 0.2)], 1.5) == (0, SNAP, 1.5)
    assert first_to_land(state, [(1, snap, 0.3), (0, SNAP, 0.3)], 1.5) == (1, snap, 0.3)


def test_a_timeout_gives_one_decision_to_the_stand_in_then_the_person_plays() -> None:
    """A duel (WANTED-like) with a short clock: after one timeout the person plays the next duel."""
    table = core(players=2, turn=5.0)
    table.clocked = {0, 1}
    table.track(0.0)
    now = to_duel(table)
    table.offer(1, COMMIT, now, person=True)
    assert table.due(now + 4.9) == []
    assert table.due(now + 5.0 + 1) == [Timeout(0, for_good=False)]
    assert table.stand_in_plays(0)
    table.offer(0, COMMIT, now + 6, version=table.version)  # the stand-in's pick resolves the duel
    assert table.state.required_actors() == (0,)  # seat 0 plays first after the duel
    assert not table.stand_in_plays(0) and table.clock_deadline(0) == pytest.approx(now + 6 + 5.0)  # a fresh clock
    now = to_duel(table, now + 6)
    assert not table.stand_in_plays(0) and table.clock_deadline(0) == pytest.approx(now + 5.0)


def test_the_stand_in_keeps_the_seat_after_three_timeouts_until_the_person_acts() -> None:
    table = core(turn=1.0, window=0.0)
    table.clocked = {0}
    table.track(0.0)
    now, timeouts = 0.0, list[Due]()
    while len(timeouts) < TIMEOUTS_FOR_GOOD:
        if 0 not in table.state.required_actors():
            table.offer(1, table.state.legal_actions(1)[0], now)
            continue
        deadline = table.clock_deadline(0)
        assert deadline is not None
        now = deadline
        timeouts += table.due(now)
        assert isinstance(table.offer(0, table.state.legal_actions(0)[0], now), Applied)  # the stand-in
    assert timeouts == [Timeout(0, False), Timeout(0, False), Timeout(0, True)]
    while 0 not in table.state.required_actors():
        table.offer(1, table.state.legal_actions(1)[0], now)
    assert table.stand_in_plays(0) and table.next_deadline(now) is None
    table.offer(0, table.state.legal_actions(0)[0], now, person=True)
    assert not table.stand_in_plays(0) and table.timeouts[0] == 0


def test_a_person_acting_late_takes_the_decision_back() -> None:
    table = core(turn=1.0)
    table.clocked = {0}
    table.track(0.0)
    assert table.due(1.0) == [Timeout(0, for_good=False)]
    table.offer(0, PLAY, 1.1, person=True)
    assert not table.stand_in_plays(0)


def round_over(events: Sequence[Event]) -> bool:
    return any(e.kind == "duel" for e in events)


def test_a_round_result_holds_every_action_until_dismissed_or_the_pause_ends() -> None:
    table = TableCore(GAME.new_match(2, SEED), Timing(window=0.0, result_pause=20.0), round_over=round_over)
    table.present = {0, 1}
    now = to_duel(table)
    table.offer(0, COMMIT, now)
    table.offer(1, COMMIT, now)  # the duel: a round result
    held = table.offer(table.state.required_actors()[0], PLAY, now + 1, tag="bot")
    assert isinstance(held, Held) and held.why == RESULT_RULE and held.until == now + 20
    table.dismiss(0)
    assert table.due(now + 2) == []
    table.dismiss(1)
    assert [d.tag for d in table.due(now + 2) if isinstance(d, Release)] == ["bot"]
    assert table.pause_until is None and not table.paused(now + 2)


def test_the_pause_ends_by_itself() -> None:
    table = TableCore(GAME.new_match(2, SEED), Timing(window=0.0, result_pause=5.0), round_over=round_over)
    table.present = {0}
    now = to_duel(table)
    table.offer(0, COMMIT, now)
    table.offer(1, COMMIT, now)
    seat = table.state.required_actors()[0]
    assert isinstance(table.judge(seat, PLAY, now + 4.9), Held)
    assert isinstance(table.judge(seat, PLAY, now + 5.0), Ready)


def test_clocks_replayed_in_wall_time_resume_with_their_time_left_and_a_grace() -> None:
    """A record replayed with its actions' times (wall clock), resumed on another clock."""
    table = core(turn=10.0, window=0.0)
    table.clocked = {0, 1}
    table.track(1000.0)
    table.apply(0, PLAY, 1004.0)  # seat 1's decision began at 1004 (wall clock)
    table.rebase(50.0 - 1008.0)  # restarted at wall 1008 = 50 on the new clock: 4 s used
    assert table.clock_deadline(1) == pytest.approx(56.0)
    table.no_timeout_before(50.0 + 9.0)  # people get 9 s to reconnect
    assert table.clock_deadline(1) == pytest.approx(59.0)
    table.no_timeout_before(50.0 + 1.0)  # never shortens a clock
    assert table.clock_deadline(1) == pytest.approx(59.0)


class Ear:
    def __init__(self) -> None:
        self.heard: list[str] = []

    def observe(self, events: Any) -> None:
        self.heard += [e.kind for e in events]


def test_each_bot_hears_only_its_audience() -> None:
    events = [public("a"), private([1], "b"), private([0, 2], "c")]
    ears = [Ear(), Ear(), Ear()]
    deliver(events, ears)
    assert [e.heard for e in ears] == [["a", "c"], ["a", "b"], ["a", "c"]]
    some = {2: Ear()}
    deliver(events, some)
    assert some[2].heard == ["a", "c"]
    assert [(s, [e.kind for e in seen]) for s, seen in by_audience(events, [1])] == [(1, ["a", "b"])]


def test_clocks_start_when_the_round_result_is_read() -> None:
    table = TableCore(GAME.new_match(2, SEED), Timing(window=0.0, turn=5.0, result_pause=20.0), round_over=round_over)
    table.clocked, table.present = {0, 1}, {0, 1}
    table.track(0.0)
    now = to_duel(table)
    table.offer(0, COMMIT, now, person=True)
    table.offer(1, COMMIT, now, person=True)
    seat = table.state.required_actors()[0]
    assert table.clock_deadline(seat) == pytest.approx(now + 20 + 5)  # no clock runs during the pause
    assert table.due(now + 19) == []  # ...so no timeout either
    table.dismiss(0)
    table.dismiss(1)
    assert table.next_deadline(now + 2) == now + 2  # the pause's end is due at once
    assert table.due(now + 2) == []
    assert table.clock_deadline(seat) == pytest.approx(now + 2 + 5)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_names_round_result_events_it_emits(game_id: str) -> None:
    """The round-result pause hangs on these names: a renamed event would silently end the pause."""
    game = get_game(game_id)
    assert game.round_result_events
    state = game.new_match(game.default_players, 5)
    rng, seen = random.Random(5), set()
    while not state.is_terminal() and not (game.round_result_events & seen):
        seat = state.required_actors()[0]
        seen |= {e.kind for e in state.apply(seat, rng.choice(state.legal_actions(seat)))}
    assert game.round_result_events & seen
