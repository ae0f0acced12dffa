"""Crash points: where a test may have the server killed without warning (SIGKILL, as `kill -9`).

A crash test starts a real server process with `TAPETE_CRASH_AT=<point>`;
when the server reaches that point it kills itself at once, so the test can
check that a restart loses nothing of what was stored before the point.
Unset (always, outside such tests), a crash point does nothing.
"""

from __future__ import annotations

import os
import signal

CRASH_ENV = "TAPETE_CRASH_AT"


def crashpoint(name: str) -> None:
    if os.environ.get(CRASH_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
