""" "My games" (`GET /api/players/{id}/tables`): the tables, live and turn-based, at which a person sits.

The list comes from the database (any process's tables, with the due time and the awaited seats a
turn-based table stores, `pace.py`); a table this process holds says what it awaits now. Public
facts only: the game, who sits where, whose turn, the time left on that clock; never a seat token
nor a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tapete.engine.bot_names import bot_name

from ..people.names import clean_name
from ..settings import parse_table_options
from .clock import ServerClock

if TYPE_CHECKING:
    from ..storage.store import MatchRow, Store
    from .runner import TableRunner

MY_TABLES_MAX = 100  # the tables a person's list shows at most (newest first)


def awaited(runner: TableRunner) -> tuple[list[int], float | None]:
    """The seats whose decision a table in memory awaits now, and when the first of their clocks runs
    out (wall clock; None: none runs)."""
    if runner.status != "playing" or runner.state.is_terminal():
        return [], None
    clock = runner.core.next_clock()
    return list(runner.state.required_actors()), None if clock is None else runner.clock.wall_of(clock)


def table_entry(row: MatchRow, player_id: str, runner: TableRunner | None, now: float) -> dict[str, Any]:
    """One table of the list, as `player_id` sees it."""
    topts = parse_table_options(row.table_options)
    waiting, due = list(row.waiting_on or []), row.due_at
    if runner is not None and not runner.stopped:  # this process holds it: what it says now
        waiting, due = awaited(runner)
    playing = row.status == "playing"
    mine = [s.seat for s in row.seats if s.player_id == player_id]
    people = [clean_name(s.name) for s in row.seats if s.kind == "human"]
    return {
        "id": row.id,
        "game": row.game,
        "status": row.status,
        "pace": topts.pace,
        "time_bank_hours": topts.time_bank_hours if topts.turn_based else None,
        "seat": mine[0],
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": clean_name(s.name) if s.kind == "human" else s.name or bot_name(s.seat, people),
                "taken": s.kind == "bot" or s.token_hash is not None,
            }
            for s in row.seats
        ],
        "waiting_on": waiting if playing else [],
        "your_turn": playing and any(seat in waiting for seat in mine),
        "due_at": due if playing else None,
        "time_left": None if due is None or not playing else max(0.0, round(due - now, 1)),
        "created_at": row.created_at,
    }


async def player_tables(
    store: Store, runners: Mapping[str, TableRunner], clock: ServerClock, player_id: str
) -> list[dict[str, Any]]:
    """The tables waiting or being played at which `player_id` sits, newest first (`table_entry`)."""
    now = clock.time()
    rows = await store.tables_of(player_id, MY_TABLES_MAX)
    return [table_entry(row, player_id, runners.get(row.id), now) for row in rows]


__all__ = ["MY_TABLES_MAX", "player_tables", "table_entry"]
