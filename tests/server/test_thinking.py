"""Thinking processes: a job leaving the queue, a turn past its budget answered so its fallback
plays (the game's learned bot where it offers one, else its heuristic), processes started when
needed, a process that dies, and replays that keep some states of a match and still tell every step
as from scratch. (Their fair turns: tests/adversarial/test_quotas.py.)"""

from __future__ import annotations

import asyncio
import os
import random
from typing import Any

import pytest

from tapete.bots import NEEDS, LearnedBot, kinds_for, make_bot
from tapete.engine import Observation
from tapete.engine.turns import deliver
from tapete.games import get_game
from tapete.server.table.replayed import CompactRecord, ReplayedMatch
from tapete.server.table.seatbot import SeatBot, fallback_kind
from tapete.server.table.thinker import NICENESS, REPLAY_NICENESS, Thinker
from tapete.server.table.thinking import GONE, NO_ANSWER, FairQueue, Job, ThinkingPool


def job(group: str, key: str) -> Job:
    future: asyncio.Future[tuple[Any, ...]] = asyncio.get_running_loop().create_future()
    return Job(group, key, lambda n: ("noop", n), future)


async def test_a_job_removed_from_the_queue_leaves_no_trace() -> None:
    queue = FairQueue()
    first, second = job("A", "a"), job("A", "a")
    queue.push(first)
    queue.push(second)
    assert queue.remove(first) and not queue.remove(first)
    assert queue.remove(second)
    assert len(queue) == 0 and not queue.groups and queue.pop() is None


def first_actor(game_id: str, players: int, seed: int) -> int:
    game = get_game(game_id)
    state = game.new_match(players, seed, {})
    return (state.required_actors() or state.actors())[0]


async def test_a_turn_that_waits_past_its_budget_is_answered_so_its_fallback_plays() -> None:
    pool = ThinkingPool(processes=1, wait_s=0.05, max_s=20.0)
    try:
        seat = first_actor("bacan", 4, 7)
        options: dict[str, Any] = {}
        busy = pool.open_table("busy", lambda: "127.0.0.2", "bacan", 7, options, 4, [(seat, "ismcts-hard", 1)])
        victim = pool.open_table("victim", lambda: "127.0.0.3", "bacan", 7, options, 4, [(seat, "ismcts-hard", 2)])
        # the busy table's thought runs (the process starts, then thinks); the victim's waits past 50 ms
        thought = asyncio.create_task(busy.decide(seat, 0, lambda: 0))
        await asyncio.sleep(0)
        assert await victim.decide(seat, 0, lambda: 0) == NO_ANSWER
        summary = pool.summary()
        assert summary["fallbacks"] == 1 and summary["decisions"] == 2 and summary["tables"] == 2
        answer = await thought
        assert answer[0] == "move", answer
        state = get_game("bacan").new_match(4, 7, options)
        assert answer[1] in state.legal_actions(seat)
        # a decision on a version the table left is not thought about
        assert await busy.decide(seat, 0, lambda: 1) == ("stale",)
        busy.close()
        victim.close()
        assert pool.summary()["tables"] == 0
    finally:
        pool.close()


async def test_a_thinking_process_that_dies_leaves_its_tables_to_their_fallbacks() -> None:
    pool = ThinkingPool(processes=1, wait_s=5.0, max_s=5.0)
    try:
        seat = first_actor("bacan", 2, 3)
        options: dict[str, Any] = {}
        table = pool.open_table("t", lambda: "127.0.0.2", "bacan", 3, options, 2, [(seat, "ismcts-easy", 1)])
        first = table.process
        assert (await table.decide(seat, 0, lambda: 0))[0] == "move"
        thought = asyncio.create_task(table.decide(seat, 0, lambda: 0))
        await asyncio.sleep(0)
        first.process.kill()
        assert await asyncio.wait_for(thought, 10) == GONE
        assert first.dead
        assert await table.decide(seat, 0, lambda: 0) == NO_ANSWER  # from then on, at once
        assert pool.summary()["fallbacks"] == 2
        # the next table opens in a new process
        other = pool.open_table("u", lambda: "127.0.0.2", "bacan", 3, options, 2, [(seat, "ismcts-easy", 1)])
        assert other.process is not first and not other.process.dead
        assert (await other.decide(seat, 0, lambda: 0))[0] == "move"
    finally:
        pool.close()


def search_seat(game_id: str, players: int) -> SeatBot:
    """A search bot's seat at the server: the bot that plays there is its fallback."""
    game = get_game(game_id)
    return SeatBot("ismcts-hard", game, 1, 0, players, game.new_match(players, 1, {}).options)


def test_a_search_bots_fallback_is_the_learned_bot_where_its_game_offers_it(monkeypatch: pytest.MonkeyPatch) -> None:
    nacho, boon = get_game("nacho-loco"), get_game("boon")
    assert "learned" in kinds_for(nacho) and "learned" not in kinds_for(boon)  # the models shipped today
    assert fallback_kind(nacho) == "learned" and fallback_kind(boon) == "heuristic"
    assert isinstance(search_seat("nacho-loco", 4).bot, LearnedBot)
    assert not isinstance(search_seat("boon", 4).bot, LearnedBot)
    # a model that no longer loads or fits: the heuristic again
    monkeypatch.setitem(NEEDS, "learned", lambda game: False)
    assert fallback_kind(nacho) == "heuristic"
    assert not isinstance(search_seat("nacho-loco", 4).bot, LearnedBot)


async def test_processes_start_when_first_needed_and_tables_go_to_the_least_loaded() -> None:
    pool = ThinkingPool(processes=2)
    try:
        assert pool.summary()["processes"] == 0
        bots = [(0, "ismcts-easy", 1)]
        first = pool.open_table("a", lambda: "x", "bacan", 1, {}, 2, bots)
        assert pool.summary()["processes"] == 1
        second = pool.open_table("b", lambda: "x", "bacan", 1, {}, 2, bots)
        assert second.process is not first.process and pool.summary()["processes"] == 2
        first.close()
        third = pool.open_table("c", lambda: "x", "bacan", 1, {}, 2, bots)
        assert third.process is first.process and pool.summary()["processes"] == 2
    finally:
        pool.close()


def finished_record(match_id: str, seed: int, limit: int) -> dict[str, Any]:
    """A finished Bacan match of two heuristic bots, as the server's record of it."""
    game = get_game("bacan")
    options = {"limit": limit}
    state = game.new_match(2, seed, options)
    bots = [make_bot("heuristic", game, s) for s in range(2)]
    for seat, bot in enumerate(bots):
        bot.start(seat, 2, state.options)
    played = []
    while not state.is_terminal():
        seat = (state.required_actors() or state.actors())[0]
        decision = bots[seat].decide(Observation(state, seat))
        action = decision.action if decision is not None else state.legal_actions(seat)[0]
        played.append([seat, action])
        deliver(state.apply(seat, action), bots)
    return {
        "id": match_id,
        "game": "bacan",
        "seats": [{"bot": "heuristic"}] * 2,
        "options": options,
        "seed": seed,
        "outcome": None,
        "rules_version": game.rules_version,
        "actions": played,
    }


def test_a_replayed_match_keeps_some_states_and_tells_every_step_as_from_scratch() -> None:
    record = finished_record("m", 5, 150)
    steps = len(record["actions"])
    assert steps > 3 * 32  # several kept states
    kept = ReplayedMatch(CompactRecord.of(record))
    rng = random.Random(1)
    asked = [steps, 0, 1, 33, 32, 31, 64, steps - 1] + [rng.randrange(steps + 1) for _ in range(12)]
    for step in asked:
        seat = rng.choice([None, 0, 1])
        assert kept.step(step, seat) == ReplayedMatch(CompactRecord.of(record)).step(step, seat), step
    assert kept.states and all(step % kept.stride == 0 for step in kept.states)
    assert CompactRecord.of(record).to_record()["actions"] == record["actions"]


def test_a_thinking_process_keeps_the_replays_that_fit_in_its_budget() -> None:
    one, two = finished_record("one", 5, 60), finished_record("two", 6, 60)
    budget = ReplayedMatch(CompactRecord.of(one)).cost() + 1
    thinker = Thinker(budget)
    for match in (one, two, one):
        answer = thinker.handle(("replay", 1, match["id"], CompactRecord.of(match), 3, 0))
        assert answer is not None and answer[2][0] == "json"
    assert list(thinker.replays) == ["one"] and thinker.held <= budget
    refused = thinker.handle(("replay", 2, "one", CompactRecord.of(one), 3, 9))
    assert refused is not None and refused[2][0] == "refused" and refused[2][1]["code"] == "bad_request"


def test_a_replica_that_fails_is_dropped_and_its_decisions_are_errors() -> None:
    thinker = Thinker(1 << 20)
    thinker.handle(("open", "t", "no-such-game", 1, {}, 2, [(0, "ismcts-easy", 1)]))
    assert "t" in thinker.broken and "t" not in thinker.tables
    answer = thinker.handle(("decide", 1, "t", 0, 0, 1.0))
    assert answer is not None and answer[2][0] == "error" and "failed" in answer[2][1]
    thinker.handle(("close", "t"))
    assert "t" not in thinker.broken


async def test_replays_are_computed_in_a_process_of_their_own_nicer_than_the_bots() -> None:
    pool = ThinkingPool(processes=1)
    try:
        record = finished_record("m", 5, 60)
        answer = await pool.replay("m", "127.0.0.2", CompactRecord.of(record), 3, 0)
        assert answer[0] == "json" and pool.summary()["replays"] == 1
        seat = first_actor("bacan", 2, 1)
        table = pool.open_table("t", lambda: "x", "bacan", 1, {}, 2, [(seat, "ismcts-easy", 1)])
        assert pool.replayer is not None and pool.replayer is not table.process
        assert (await table.decide(seat, 0, lambda: 0))[0] == "move"

        def niceness(pid: int) -> int:
            return os.getpriority(os.PRIO_PROCESS, pid)

        mine = niceness(0)
        assert niceness(pool.replayer.process.pid) == min(19, mine + REPLAY_NICENESS)
        assert niceness(table.process.process.pid) == min(19, mine + NICENESS)
    finally:
        pool.close()
