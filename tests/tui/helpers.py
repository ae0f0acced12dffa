"""Clocks, thinkers and waiting helpers for the terminal client's tests."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.pilot import Pilot
from textual.widget import Widget

from tapete.engine import Game
from tapete.tui.config import MatchConfig
from tapete.tui.match import LocalTable, Timing
from tapete.tui.scheduling import ThreadThinker, WidgetScheduler
from tapete.tui.screen import TableSource


@dataclass
class FakeTimer:
    due: float
    callback: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Time moves only when a test says so; due timers fire in order."""

    def __init__(self) -> None:
        self.t = 0.0
        self.timers: list[FakeTimer] = []

    def now(self) -> float:
        return self.t

    def call_later(self, delay: float, callback: Callable[[], None]) -> FakeTimer:
        timer = FakeTimer(self.t + delay, callback)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        target = self.t + seconds
        while True:
            live = [tm for tm in self.timers if not tm.cancelled and tm.due <= target + 1e-9]
            if not live:
                break
            timer = min(live, key=lambda tm: tm.due)
            self.timers.remove(timer)
            self.t = max(self.t, timer.due)
            timer.callback()
        self.t = target


class InlineThinker:
    """Bots answer at once, on the caller's thread."""

    def submit(self, job: Callable[[], Any], done: Callable[[Any], None]) -> None:
        done(job())


def fast_source(game: Game, config: MatchConfig, screen: Widget) -> TableSource:
    """A real-time local table whose bots are quick, for Pilot tests."""
    assert config.seed is not None
    state = game.new_match(config.players, config.seed, config.options)
    timing = Timing(reaction_scale=0.05, window=0.15, pace=0.02)
    return LocalTable(game, state, config.kinds, config.seed, WidgetScheduler(screen), ThreadThinker(screen), timing)


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until `condition` holds; fail after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {condition}")
        await pilot.pause(0.02)
