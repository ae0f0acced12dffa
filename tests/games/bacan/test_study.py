"""Bacan's study facts: the calls read from public round ends, the share won on the limit."""

from __future__ import annotations

from tapete.engine import Event
from tapete.games.bacan.study import call, won_on_the_limit


def test_a_call_is_read_from_the_public_round_end() -> None:
    event = Event("round_end", {"caller": 2, "result": "success", "totals": {"0": 9, "2": 3}})
    assert call(event) == {"key": "bacan_calls", "total": 3, "result": "success"}
    assert call(Event("round_end", {"caller": None, "totals": {}})) is None
    assert call(Event("round_end", {"caller": 2, "totals": {"2": 3}}, frozenset({2}))) is None


def test_won_on_the_limit() -> None:
    assert won_on_the_limit({"limit": 50}, [50, 20], [0])
    assert not won_on_the_limit({}, [149, 20], [0])
    assert won_on_the_limit({}, [150, 20], [0])
