"""The terminal app for the tmux tests: `python -m tests.tui.tmux_app GAME PLAYERS SEED LANG [K=V...]`.

The person's seat plays the first move of its list on its own (quick bots
play the others) until the first round result appears; from then on nothing
plays for the person, so what the screen shows afterwards is the app's own
doing: the result panel must stay, and the bots wait, until a key.
"""

from __future__ import annotations

import sys

from textual.widget import Widget

from tapete.engine import Game
from tapete.games import get_game
from tapete.tui.app import TapeteApp
from tapete.tui.config import MatchConfig
from tapete.tui.dialogs import ResultScreen
from tapete.tui.match import LocalTable, Timing
from tapete.tui.scheduling import ThreadThinker, WidgetScheduler
from tapete.tui.screen import TableScreen, TableSource


class AutoplayApp(TapeteApp):
    """Plays the person's first move until a result panel has been shown once."""

    def on_ready(self) -> None:
        self.result_seen = False
        self.set_interval(0.05, self._autoplay)

    def _autoplay(self) -> None:
        if isinstance(self.screen, ResultScreen):
            self.result_seen = True
        if self.result_seen or not isinstance(self.screen, TableScreen):
            return
        snap = self.screen.snap
        if snap is not None and snap.must_move and snap.queued is None and snap.moves:
            self.screen.choose(snap.moves[0].action)


def main(argv: list[str]) -> None:
    game_id, players, seed, lang, *pairs = argv
    game = get_game(game_id)
    options = dict(pair.split("=", 1) for pair in pairs)

    def source(g: Game, cfg: MatchConfig, screen: Widget) -> TableSource:
        assert cfg.seed is not None
        state = g.new_match(cfg.players, cfg.seed, cfg.options)
        timing = Timing(reaction_scale=0.05, window=0.15, pace=0.02, result_pause=600.0)
        return LocalTable(g, state, cfg.kinds, cfg.seed, WidgetScheduler(screen), ThreadThinker(screen), timing)

    n = int(players)
    config = MatchConfig(game_id, n, [None, *["heuristic"] * (n - 1)], options, int(seed), lang)
    AutoplayApp(config, games={game_id: game}, quick=True, source_factory=source).run()


if __name__ == "__main__":
    main(sys.argv[1:])
