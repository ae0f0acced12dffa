"""A server's screen in the terminal: `tapete play --server URL` lists "Mis partidas / My games".

The tables, live and turn-based, where this terminal's identity sits (GET /api/players/{id}/tables,
with the identity's header), the ones where it is the person's turn first ("¡Te toca!"), each in
words as the browser's list says it: the game, the pace and the time per move, whose turn, the time
left, who else sits by name. Read when the screen is shown (and again on coming back from a table)
and on `r`; F2 switches the language; Enter opens the table with the seat this terminal took there
(`tapete play --code` keeps it, config.py), as `--code` opens it.
"""

from __future__ import annotations

import asyncio
import urllib.parse
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tapete.engine import Game
from tapete.engine.bot_names import bot_level

from .config import load_identity, load_seat
from .i18n import other_lang, t
from .remote import JoinError, Seat, ensure_identity
from .tournament import _get


def time_words(seconds: float, lang: str) -> str:
    """A stretch of time in words, as the browser says it: minutes under an hour, hours under two
    days, then days (and hours): "45 min", "23 h", "2 días 23 h" / "2 days 23 h"."""
    if seconds < 3600:
        return t("time.minutes", lang, n=max(1, int(seconds // 60)))
    if seconds < 48 * 3600:
        return t("time.hours", lang, n=int(seconds // 3600))
    days_n = int(seconds // 86400)
    days = t("time.day", lang) if days_n == 1 else t("time.days", lang, n=days_n)
    hours = int(seconds % 86400 // 3600)
    return f"{days} {t('time.hours', lang, n=hours)}" if hours else days


def my_tables(base_url: str) -> list[dict[str, Any]] | None:
    """This terminal's tables on the server, newest first; None when it has no identity there."""
    base = base_url.rstrip("/")
    who = load_identity(base)
    if who is None:
        return None
    path = f"/api/players/{urllib.parse.quote(who.player_id, safe='')}/tables"
    tables: list[dict[str, Any]] = _get(base, path, who)["tables"]
    return tables


def your_turn_first(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tables where it is the person's turn first; each group newest first, as the server lists them."""
    return [tb for tb in tables if tb.get("your_turn")] + [tb for tb in tables if not tb.get("your_turn")]


def seat_name(seat: dict[str, Any], lang: str) -> str:
    """A seat by name: a person's, or a bot's with its level ("Carmen (Fácil)")."""
    if seat.get("kind") == "bot":
        return f"{seat.get('name') or ''} ({bot_level(seat.get('level'), lang)})".strip()
    return str(seat.get("name") or t("mine.seat", lang, n=int(seat["seat"]) + 1))


def game_name(game_id: str, games: dict[str, Game], lang: str) -> str:
    game = games.get(game_id)
    return game.name[lang] if game is not None else game_id


def entry_text(table: dict[str, Any], games: dict[str, Game], lang: str) -> Text:
    """One table in two lines: the game and whose turn; the pace, the time left and who else sits."""
    seats = table["seats"]
    mine = table["seat"]
    playing = table["status"] == "playing"
    theirs = [seat_name(seats[s], lang) for s in table.get("waiting_on") or [] if s != mine and 0 <= s < len(seats)]
    line = Text(game_name(table["game"], games, lang), style="bold")
    if not playing:
        line.append(" · " + t("mine.waiting", lang))
    elif table.get("your_turn"):
        line.append(" · ")
        line.append(t("mine.your_turn", lang), style="bold reverse green")
    elif theirs:
        line.append(" · " + t("mine.their_turn", lang, names=", ".join(theirs)))
    parts = []
    if table.get("pace") == "turn-based" and table.get("time_bank_hours"):
        parts.append(t("mine.turn_based", lang, bank=time_words(float(table["time_bank_hours"]) * 3600, lang)))
    else:
        parts.append(t("mine.live", lang))
    if playing and table.get("time_left") is not None:
        parts.append(t("mine.left", lang, time=time_words(float(table["time_left"]), lang)))
    others = [seat_name(s, lang) for s in seats if s["seat"] != mine and s.get("taken")]
    if others:
        parts.append(t("mine.with", lang, names=", ".join(others)))
    free = sum(1 for s in seats if not s.get("taken"))
    if free:
        parts.append(t("mine.free1", lang) if free == 1 else t("mine.free", lang, n=free))
    line.append("\n" + " · ".join(parts), style="dim")
    return line


class MyGamesScreen(Screen[None]):
    """ "Mis partidas / My games" on a server: Enter opens the table, `r` reads the list again."""

    DEFAULT_CSS = """
    #mine-title { text-style: bold; color: $accent; padding: 0 1; }
    #mine-server, #mine-note, #mine-keys { padding: 0 1; }
    #mine-note { color: $warning; }
    #mine-list { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "refresh", "actualizar / refresh"),
        Binding("f2,l", "lang", "idioma / language"),
        Binding("escape,q", "quit", "salir / quit"),
    ]

    def __init__(
        self, base_url: str, lang: str, name: str | None, games: dict[str, Game], sit: Callable[[Seat, str], None]
    ) -> None:
        super().__init__()
        self.base, self.lang, self.person, self.games, self.sit = base_url.rstrip("/"), lang, name, games, sit
        self.tables: list[dict[str, Any]] | None = None  # as shown: the person's turn first
        self.error: JoinError | None = None
        self.note: str | None = None  # an i18n key (with its values) said under the list
        self.note_values: dict[str, str] = {}
        self.no_players = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("mine.title", self.lang), id="mine-title")
            yield Static("", id="mine-server")
            yield OptionList(id="mine-list")
            yield Static("", id="mine-note")
            yield Static("", id="mine-keys")
        yield Footer()

    async def on_mount(self) -> None:
        self.draw()
        await self.refresh_now()

    async def on_screen_resume(self) -> None:
        if self.tables is not None or self.error is not None:  # back from a table: read the list again
            await self.refresh_now()

    async def refresh_now(self) -> None:
        try:
            if self.person:  # a name given: the identity takes it (made first when there is none)
                self.no_players = await asyncio.to_thread(ensure_identity, self.base, self.person) is None
            tables = await asyncio.to_thread(my_tables, self.base)  # none yet: nothing to list, nobody made
            self.tables = your_turn_first(tables or [])
            self.error = None
        except JoinError as err:
            self.error = err
        self.draw()

    def draw(self) -> None:
        lang = self.lang
        who = load_identity(self.base)
        self.query_one("#mine-title", Static).update(t("mine.title", lang))
        where = (
            t("mine.as", lang, url=self.base, name=who.name)
            if who is not None and who.name
            else t("mine.server", lang, url=self.base)
        )
        self.query_one("#mine-server", Static).update(where)
        listing = self.query_one("#mine-list", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        if self.error is not None:
            said = Text(self.error.en if lang == "en" else self.error.es, style="red")
            if self.error.code == "name_taken":
                said.append("\n" + t("name.taken_hint", lang))
            note: str | Text = said
        elif self.no_players:
            note = t("mine.no_players", lang)
        elif self.tables is None:
            note = t("mine.loading", lang)
        elif not self.tables:
            note = t("mine.none", lang) + "\n" + t("mine.join_hint", lang)
        else:
            note = t(self.note, lang, **self.note_values) if self.note else ""
            listing.add_options(
                [Option(entry_text(tb, self.games, lang), id=str(i)) for i, tb in enumerate(self.tables)]
            )
            if self.tables:
                listing.highlighted = min(highlighted or 0, len(self.tables) - 1)
        self.query_one("#mine-note", Static).update(note)
        self.query_one("#mine-keys", Static).update(t("mine.keys", lang))

    @on(OptionList.OptionSelected, "#mine-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if self.tables is None or event.option.id is None:
            return
        self.open(self.tables[int(event.option.id)])

    def open(self, table: dict[str, Any]) -> None:
        """The table, with the seat this terminal took there; said in words when it has none."""
        self.note = None
        if table["game"] not in self.games:
            self.note, self.note_values = "mine.unknown_game", {"game": str(table["game"])}
        else:
            kept = load_seat(self.base, str(table["id"]))
            if kept is None or kept[0] != table["seat"]:
                self.note, self.note_values = "mine.elsewhere", {}
            else:
                self.sit(
                    Seat(self.base, str(table["id"]), str(table["game"]), kept[0], kept[1], load_identity(self.base)),
                    self.lang,
                )
                return
        self.draw()

    async def action_refresh(self) -> None:
        self.note = None
        await self.refresh_now()

    def action_lang(self) -> None:
        self.lang = other_lang(self.lang)
        self.draw()

    def action_quit(self) -> None:
        self.app.exit()
