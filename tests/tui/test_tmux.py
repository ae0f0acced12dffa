"""`tapete play bacan` in a real terminal (tmux): keys in, the screen out."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (make test installs it: apt-get install tmux)"
)

TAPETE = Path(sys.executable).with_name("tapete")


class Pane:
    """One detached tmux session on a private server socket."""

    def __init__(self, socket: str, width: int, height: int, command: str) -> None:
        self.base = [str(TMUX), "-L", socket, "-f", "/dev/null"]
        env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8"}
        self.run("new-session", "-d", "-s", "play", "-x", str(width), "-y", str(height), command, env=env)

    def run(self, *args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=10, env=env)
        return done.stdout

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", "play", key)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "play")

    def wait_for(self, found: Callable[[str], bool], timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        text = ""
        while time.monotonic() < end:
            text = self.screen()
            if found(text):
                return text
            time.sleep(0.2)
        raise AssertionError(f"screen never showed what was expected; last screen:\n{text}")

    def alive(self) -> bool:
        return "play" in self.run("list-sessions", "-F", "#{session_name}")

    def kill(self) -> None:
        self.run("kill-server")


@pytest.fixture
def pane() -> Iterator[Pane]:
    command = f"{TAPETE} play bacan --players 4 --seed 7"
    pane = Pane(f"tapete-test-{os.getpid()}", 80, 24, command)
    try:
        yield pane
    finally:
        pane.kill()


def test_play_bacan_in_tmux(pane: Pane) -> None:
    setup = pane.wait_for(lambda s: "Nueva partida" in s and "Jugar" in s)
    assert "Bacan" in setup and "Asiento 3" in setup
    pane.keys("Enter")  # the focus starts on «Jugar»
    table = pane.wait_for(lambda s: "Tus jugadas" in s and "Mazo" in s and "Historial" in s)
    for name in ("Tú", "Bruno", "Carmen", "Diego"):  # bots by their names
        assert name in table
    # the deal: seat 0 deals (seed 7) or peeks; either way a digit plays a move and the log grows
    pane.wait_for(lambda s: "Te toca" in s or "Puedes reaccionar" in s)
    pane.keys("1")
    pane.wait_for(lambda s: "· " in s.split("Historial")[1] and "reparte" in s)
    pane.keys("F2")  # English
    english = pane.wait_for(lambda s: "Your moves" in s and "Deck" in s)
    assert "Log" in english
    pane.keys("F1")
    pane.wait_for(lambda s: "Rules of Bacan" in s)
    pane.keys("Escape")
    pane.wait_for(lambda s: "Your moves" in s)
    pane.keys("C-q")  # the app exits, and with it the session
    end = time.monotonic() + 10
    while pane.alive() and time.monotonic() < end:
        time.sleep(0.2)
    assert not pane.alive()
