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

from tests.game_settings import every

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

    def settled(self, timeout: float = 5.0) -> str:
        """The screen once two captures half a second apart agree (the terminal has finished
        laying out what it just drew)."""
        end = time.monotonic() + timeout
        last = self.screen()
        while time.monotonic() < end:
            time.sleep(0.5)
            now = self.screen()
            if now == last:
                return now
            last = now
        raise AssertionError(f"the screen kept changing; last screen:\n{last}")

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


# The quickest way each game reaches a round result (players, options) in a real terminal (its TMUX_RESULT).
RESULT_CASES = {g: c.TMUX_RESULT for g, c in every().items()}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game_id", sorted(RESULT_CASES))
def test_round_result_stays_until_a_key_in_tmux(game_id: str, lang: str) -> None:
    """At 80x24 in a real terminal: the first round result stays on screen, whole,
    while time passes; one key closes it and the table is back."""
    players, options = RESULT_CASES[game_id]
    root = Path(__file__).resolve().parents[2]
    app = f"{sys.executable} -m tests.tui.tmux_app {game_id} {players} 5 {lang} {' '.join(options)}"
    command = f"env PYTHONPATH={root} {app}"
    pane = Pane(f"tapete-result-{game_id}-{lang}-{os.getpid()}", 80, 24, command)
    title, hint = ("Resultado", "Pulsa una tecla") if lang == "es" else ("Result", "Press a key")
    try:
        pane.wait_for(lambda s: title in s and hint in s, timeout=120)
        shown = pane.settled()  # a bot playing on behind the panel would keep it changing
        time.sleep(3.0)  # the quick bots would have dealt the next round by now
        assert pane.screen() == shown, "the result panel changed without a key"
        assert "╰" in shown.split(hint)[1].splitlines()[1], "the panel's bottom edge is not right under its hint"
        pane.keys("Space")
        pane.wait_for(lambda s: hint not in s and ("Historial" in s or "Log" in s))
    finally:
        pane.kill()
