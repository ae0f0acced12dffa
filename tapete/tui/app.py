"""The Textual app: setup screen, then table screens until the person quits."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace

from textual.app import App
from textual.widget import Widget

from tapete.engine import Game
from tapete.engine.turns import RESULT_PAUSE_S
from tapete.games import game_ids, get_game

from .config import MatchConfig, default_kinds
from .i18n import t
from .match import LocalTable
from .mygames import MyGamesScreen
from .remote import JoinError, RemoteTable, Seat, join_table
from .remote_screen import RemoteTableScreen
from .scheduling import ThreadThinker, WidgetScheduler
from .screen import TableScreen, TableSource
from .setup import SetupScreen
from .tournament import TournamentScreen, read_tournament

# Builds the source of a match for its screen (tests swap in other clocks).
SourceFactory = Callable[[Game, MatchConfig, Widget], TableSource]


def local_source(game: Game, config: MatchConfig, screen: Widget) -> TableSource:
    """A match against bots in real time, on the screen's timers."""
    assert config.seed is not None
    state = game.new_match(config.players, config.seed, config.options)
    return LocalTable(
        game,
        state,
        config.kinds,
        config.seed,
        WidgetScheduler(screen),
        ThreadThinker(screen),
        replace(config.timing(), result_pause=RESULT_PAUSE_S),  # the bots wait while the person reads a result
    )


def installed_games() -> dict[str, Game]:
    """Every game that loads; a package still being written is left out."""
    games = {}
    for gid in game_ids():
        try:
            games[gid] = get_game(gid)
        except Exception:  # an unfinished package must not keep the others from being played
            continue
    return games


class TapeteApp(App[None]):
    """`tapete play`: choose a match, play it against bots, again or quit."""

    TITLE = "tapete"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        config: MatchConfig | None = None,
        *,
        games: dict[str, Game] | None = None,
        quick: bool = False,
        source_factory: SourceFactory = local_source,
        remote_seat: Seat | None = None,
        tournament: tuple[str, str, str | None] | None = None,
        server: tuple[str, str | None] | None = None,
    ) -> None:
        super().__init__()
        self.server = server  # (server, name): its "My games" first
        self.mine: MyGamesScreen | None = None
        self.remote_seat = remote_seat
        self.tournament = tournament  # (server, tournament id, name): its screen first
        self.games = games if games is not None else installed_games()
        if not self.games:
            raise RuntimeError("no games are installed / no hay juegos instalados")
        self.config = config or self._default_config()
        self.quick = quick
        self.source_factory = source_factory
        self.table: TableScreen | None = None

    def _default_config(self) -> MatchConfig:
        game = next(iter(self.games.values()))
        return MatchConfig(game.id, game.default_players, default_kinds(game.default_players))

    @classmethod
    def remote(cls, game: Game, seat: Seat, lang: str) -> TapeteApp:
        """The app as one seat of a server's table (no setup, no rematch)."""
        config = MatchConfig(game.id, game.default_players, [], lang=lang)
        return cls(config, games={game.id: game}, remote_seat=seat)

    @classmethod
    def for_tournament(cls, game: Game, server: str, tournament_id: str, lang: str, name: str | None) -> TapeteApp:
        """The app on a tournament's standings, sitting at each table the tournament gives."""
        config = MatchConfig(game.id, game.default_players, [], lang=lang)
        return cls(config, games={game.id: game}, tournament=(server, tournament_id, name))

    @classmethod
    def for_server(cls, server: str, lang: str, name: str | None) -> TapeteApp:
        """The app on a server's "My games", opening each table the person sits at."""
        app = cls(server=(server, name))
        app.config.lang = lang
        return app

    def on_mount(self) -> None:
        if self.server is not None:
            server, name = self.server
            self.mine = MyGamesScreen(server, self.config.lang, name, self.games, self.sit_from_list)
            self.push_screen(self.mine)
        elif self.tournament is not None:
            server, tournament_id, name = self.tournament
            self.push_screen(TournamentScreen(server, tournament_id, self.config.lang, name, self.sit_for_tournament))
        elif self.remote_seat is not None:
            self.sit_at(self.remote_seat, self.config.lang)
        elif self.quick:
            self.start_match(self.config)
        else:
            self.show_setup()

    def sit_at(self, seat: Seat, lang: str) -> None:
        """A seat of a server's table; after a rematch, the same seat at the new match."""
        game = self.games[self.config.game_id]
        table = RemoteTableScreen(game, lambda screen: RemoteTable(game, seat, lang=lang), lang)
        self.table = table

        def done(choice: str | None) -> None:
            source = table.remote
            if choice == "rematch" and source is not None and source.rematch_seat is not None:
                self.sit_at(source.rematch_seat, table.lang)
            else:
                self.exit()

        self.push_screen(table, done)

    def sit_for_tournament(self, seat: Seat) -> None:
        """A tournament's table; at its end, back to the standings (no rematch in a tournament)."""
        game = self.games[self.config.game_id]
        table = RemoteTableScreen(game, lambda screen: RemoteTable(game, seat, lang=self.config.lang), self.config.lang)
        self.table = table

        def done(_choice: str | None) -> None:
            self.config.lang = table.lang
            self.table = None

        self.push_screen(table, done)

    def sit_from_list(self, seat: Seat, lang: str) -> None:
        """A table from "My games"; at its end (or on leaving it with Esc), back to the list."""
        game = self.games[seat.game_id]
        table = RemoteTableScreen(game, lambda screen: RemoteTable(game, seat, lang=lang), lang)
        self.table = table

        def done(choice: str | None) -> None:
            self.config.lang = table.lang
            if self.mine is not None:
                self.mine.lang = table.lang  # a language chosen at the table stays
            self.table = None
            source = table.remote
            if choice == "rematch" and source is not None and source.rematch_seat is not None:
                self.sit_from_list(source.rematch_seat, table.lang)
            elif choice == "quit":
                self.exit()

        self.push_screen(table, done)

    def show_setup(self) -> None:
        self.push_screen(SetupScreen(self.games, self.config), self._setup_done)

    def _setup_done(self, config: MatchConfig | None) -> None:
        if config is not None:
            self.config = config
            self.start_match(config)

    def start_match(self, config: MatchConfig) -> None:
        """A table for `config`; a missing seed is drawn afresh for every match."""
        fixed = config.with_seed()
        game = self.games[fixed.game_id]
        self.table = TableScreen(game, lambda screen: self.source_factory(game, fixed, screen), fixed.lang)
        self.push_screen(self.table, lambda choice: self._table_done(config, choice))

    def _table_done(self, config: MatchConfig, choice: str | None) -> None:
        if self.table is not None:
            config.lang = self.table.lang  # a language chosen at the table stays
        self.table = None
        if choice == "again":
            self.start_match(config)
        elif choice == "quit":
            self.exit()
        else:
            self.show_setup()


def play_remote(
    server: str | None, code: str | None, lang: str, seat: int | None = None, name: str | None = None
) -> int:
    """`tapete play --server URL --code CODE`: join, then play in the app. Exit code."""
    if not server or not code:
        print("--server y --code van juntos / --server and --code go together", file=sys.stderr)
        return 2
    try:
        joined = join_table(server, code, seat, name)
    except JoinError as err:
        print(f"{err.es}\n{err.en}", file=sys.stderr)
        if err.code == "name_taken":  # the way on: another name
            print(f"{t('name.taken_hint', 'es')}\n{t('name.taken_hint', 'en')}", file=sys.stderr)
        return 2
    try:
        game = get_game(joined.game_id)
    except Exception as err:
        print(
            f"No se puede mostrar {joined.game_id} aquí: {err}\nCannot show {joined.game_id} here: {err}",
            file=sys.stderr,
        )
        return 2
    TapeteApp.remote(game, joined, lang).run()
    return 0


def play_server(server: str, lang: str, name: str | None = None) -> int:
    """`tapete play --server URL`: the person's tables there ("My games"), each opened with Enter."""
    TapeteApp.for_server(server, lang, name).run()
    return 0


def play_tournament(server: str, tournament_id: str, lang: str, name: str | None = None) -> int:
    """`tapete play --server URL --tournament ID`: the standings, and each table the tournament gives."""
    try:
        data = read_tournament(server, tournament_id)
        game = get_game(str(data["game"]))
    except JoinError as err:
        print(f"{err.es}\n{err.en}", file=sys.stderr)
        return 2
    except Exception as err:
        print(f"No se puede mostrar este torneo aquí: {err}\nCannot show this tournament here: {err}", file=sys.stderr)
        return 2
    TapeteApp.for_tournament(game, server, tournament_id, lang, name).run()
    return 0
