"""The bot pacer lets a bounded number of bot moves in per loop turn, oldest first."""

from __future__ import annotations

import asyncio

import pytest

from tapete.server.table.pacer import BotPacer


async def test_at_most_per_turn_moves_enter_per_loop_turn_in_arrival_order() -> None:
    pacer = BotPacer(per_turn=3)
    released: list[tuple[int, int]] = []  # (loop turn, move)
    turn = 0
    for move in range(8):
        pacer.submit(lambda move=move: released.append((turn, move)))
    assert released == []  # nothing enters before the loop turns
    while len(pacer):
        turn += 1
        await asyncio.sleep(0)  # one loop turn
    await asyncio.sleep(0)
    assert [m for _, m in released] == list(range(8))
    per_turn: dict[int, int] = {}
    for t, _ in released:
        per_turn[t] = per_turn.get(t, 0) + 1
    assert max(per_turn.values()) <= 3
    assert len(per_turn) == 3  # 3 + 3 + 2


async def test_a_person_is_not_queued_behind_every_waiting_bot() -> None:
    """A callback scheduled now runs before the later bot moves of a long backlog."""
    pacer = BotPacer(per_turn=2)
    order: list[str] = []
    for i in range(10):
        pacer.submit(lambda i=i: order.append(f"bot{i}"))
    await asyncio.sleep(0)
    asyncio.get_running_loop().call_soon(lambda: order.append("person"))
    while len(pacer):
        await asyncio.sleep(0)
    assert order.index("person") <= 4


def test_per_turn_must_be_positive() -> None:
    with pytest.raises(ValueError):
        BotPacer(per_turn=0)
