"""A turn-based table's clocks (`Timing.total`, `Timing.for_good`): each seat's bank for the whole match
is spent by its decisions and caps its clock; the seat goes to its stand-in after `for_good` timeouts."""

from __future__ import annotations

import pytest

from tapete.engine.turns import TableCore, Timeout, Timing
from tapete.server.settings import parse_table_options
from tests.toygame import ECO as GAME
from tests.toygame import PLAY

DAY = 86400.0


def test_a_turn_based_tables_options_give_clocks_in_hours_and_days() -> None:
    timing = Timing.from_options(parse_table_options({"pace": "turn-based", "time_bank_hours": 72, "match_days": 7}))
    assert (timing.turn, timing.total, timing.for_good, timing.result_pause) == (3 * DAY, 7 * DAY, 3, 0.0)
    assert Timing.from_options(parse_table_options({"turn_seconds": 30})).total == 0  # live: no bank


def test_the_match_bank_is_spent_by_each_decision_and_caps_the_clock() -> None:
    table = TableCore(GAME.new_match(2, 7), Timing(window=0.0, turn=10.0, total=15.0), now=0.0)
    table.clocked = {0, 1}
    table.track(0.0)
    first = table.state.required_actors()[0]
    assert table.clock_deadline(first) == pytest.approx(10.0)
    table.apply(first, PLAY, 8.0, person=True)  # 8 s of the 15 spent
    other = table.state.required_actors()[0]
    table.apply(other, PLAY, 9.0, person=True)
    assert table.state.required_actors()[0] == first
    assert table.clock_deadline(first) == pytest.approx(9.0 + 7.0)  # what is left of the bank, not 10 s


def test_for_good_timeouts_hand_the_seat_to_the_stand_in() -> None:
    table = TableCore(GAME.new_match(2, 7), Timing(window=0.0, turn=10.0, for_good=1), now=0.0)
    table.clocked = {0, 1}
    table.track(0.0)
    seat = table.state.required_actors()[0]
    assert table.due(10.0) == [Timeout(seat, for_good=True)]  # one timeout is enough here
    assert table.stand_in_plays(seat) and seat in table.given_up
    assert table.next_clock() is None  # its clock no longer runs
