"""Time and thinking for a screen's table: the table core's scheduler on a widget's timers, and the
bots' thinking on a worker thread whose answers come back through the widget's messages."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from textual.timer import Timer
from textual.widget import Widget


class TimerHandle:
    def __init__(self, timer: Timer) -> None:
        self.timer = timer

    def cancel(self) -> None:
        self.timer.stop()


class WidgetScheduler:
    """Real time through a widget's timers (callbacks run on the app's thread)."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        return TimerHandle(self.widget.set_timer(max(delay, 0.001), callback))  # Textual refuses 0


class ThreadThinker:
    """Bots think on one worker thread, in submission order; answers come
    back through the widget's message queue, so errors surface in the app."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tapete-bots")

    def submit(self, job: Callable[[], Any], done: Callable[[Any], None]) -> None:
        future = asyncio.get_running_loop().run_in_executor(self.executor, job)

        def finished(f: asyncio.Future[Any]) -> None:
            if not f.cancelled():
                self.widget.call_later(done, f.result())

        future.add_done_callback(finished)

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
