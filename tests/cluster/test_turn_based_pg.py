"""Turn-based tables in the PostgreSQL + Redis mode: the same tests as with SQLite
(tests/server/test_turn_based.py), on a server process of a cluster (its tables under leases, its
writes fenced), the clocks due by PostgreSQL and played by the owner's sweep."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tapete.server.table.clock import ServerClock
from tests.server.test_turn_based import (
    Start,
    starting,
    test_a_bank_that_runs_out_lets_the_stand_in_play_one_move_and_the_log_says_so,
    test_a_restarted_server_plays_the_clocks_that_ran_out_while_it_was_down,
    test_my_games_lists_the_players_tables_newest_first_for_them_only,
)

pytestmark = pytest.mark.cluster

__all__ = [
    "test_a_bank_that_runs_out_lets_the_stand_in_play_one_move_and_the_log_says_so",
    "test_a_restarted_server_plays_the_clocks_that_ran_out_while_it_was_down",
    "test_my_games_lists_the_players_tables_newest_first_for_them_only",
]


@pytest.fixture
async def clock() -> ServerClock:
    return ServerClock()


@pytest.fixture
async def start(database: str, services: tuple[str, str], clock: ServerClock) -> AsyncIterator[Start]:
    """A server of a cluster (PostgreSQL and Redis) reading `clock`; leases short, so a restart takes
    its tables back at once."""
    async with starting(clock, db_url=database, redis_url=services[1], lease_seconds=2.0) as started:
        yield started
