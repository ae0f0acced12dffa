"""A tournament on a server, in the terminal: `tapete play --server URL --tournament ID`.

The screen shows the standings and the tournament's state, read again every two seconds
(GET /api/tournaments/{id}); `j` joins with this terminal's identity, and whenever the
tournament seats the person (GET /api/tournaments/{id}/me) Enter sits them at that table, as
`--code` would; back from the table, the standings again.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from .config import Identity, load_identity, load_seat, save_seat
from .i18n import other_lang, t
from .remote import JoinError, Seat, _call, _http_error, ensure_identity

REFRESH_S = 2.0


def _get(base: str, path: str, player: Identity | None = None) -> Any:
    headers = {} if player is None else {"X-Tapete-Player": f"{player.player_id}:{player.secret}"}
    request = urllib.request.Request(f"{base}{path}", headers=headers, method="GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as err:
        raise _http_error(err) from None
    except (urllib.error.URLError, OSError) as err:
        raise JoinError(f"No se pudo conectar con {base}: {err}", f"Could not reach {base}: {err}") from None


def _path(tournament_id: str, tail: str = "") -> str:
    return f"/api/tournaments/{urllib.parse.quote(tournament_id, safe='')}{tail}"


def read_tournament(base_url: str, tournament_id: str) -> dict[str, Any]:
    data: dict[str, Any] = _get(base_url.rstrip("/"), _path(tournament_id))
    return data


def join_tournament(base_url: str, tournament_id: str, name: str | None = None) -> Identity:
    """Enter the tournament with this terminal's identity (made first when there is none)."""
    base = base_url.rstrip("/")
    who = ensure_identity(base, name)
    if who is None:
        raise JoinError(
            "Este servidor no guarda jugadores: no hay torneos.", "This server keeps no players: it has no tournaments."
        )
    _call(base, "POST", _path(tournament_id, "/join"), {"name": name}, who)
    return who


def my_seat(base_url: str, tournament_id: str, game_id: str) -> Seat | None:
    """The seat the tournament gave this terminal's person now, or None."""
    base = base_url.rstrip("/")
    who = load_identity(base)
    if who is None:
        return None
    playing = _get(base, _path(tournament_id, "/me"), who).get("playing")
    if not playing:
        return None
    seat = Seat(base, str(playing["table"]), game_id, int(playing["seat"]), str(playing["token"]), who)
    if load_seat(base, seat.table_id) != (seat.seat, seat.token):  # "My games" opens it too (mygames.py)
        save_seat(base, seat.table_id, seat.seat, seat.token)
    return seat


def standings_table(data: dict[str, Any], lang: str, me: str | None = None) -> Table:
    """The standings as a Rich table: Buchholz for a Swiss, points and streaks for an arena."""
    swiss = data["kind"] == "swiss"
    table = Table(box=None, pad_edge=False)
    table.add_column(t("tour.rank", lang), justify="right")
    table.add_column(t("tour.entry", lang))
    columns = ("tour.score", "tour.buchholz", "tour.played") if swiss else ("tour.points", "tour.wins", "tour.played")
    for key in columns:
        table.add_column(t(key, lang), justify="right")
    mine = {e["entry"] for e in data["entries"] if any(m.get("player") == me for m in e["members"])}
    for line in data["standings"]:
        who = " · ".join(n or t("tour.no_name", lang) for n in line["names"])
        if not swiss and line["streak"]:
            who += " " + t("tour.streak", lang)
        values = (
            (line["score"], line["buchholz"], line["played"])
            if swiss
            else (line["points"], line["wins"], line["played"])
        )
        style = "bold" if line["entry"] in mine else ""
        table.add_row(str(line["rank"]), Text(who, style=style), *(f"{v:g}" for v in values))
    return table


def status_line(data: dict[str, Any], lang: str) -> str:
    kind = t("tour.swiss" if data["kind"] == "swiss" else "tour.arena", lang)
    parts = [kind, data["game"], t(f"tour.status.{data['status']}", lang)]
    if data["kind"] == "swiss" and data["round"]:
        parts.append(t("tour.round_of", lang, n=data["round"], of=data["plan"]["rounds"]))
    return " · ".join(parts)


class TournamentScreen(Screen[None]):
    """The standings of one tournament, refreshed; join with `j`, sit at your table with Enter."""

    DEFAULT_CSS = """
    #tour-title { text-style: bold; color: $accent; padding: 0 1; }
    #tour-status, #tour-seat { padding: 0 1; }
    #tour-seat { color: $success; text-style: bold; }
    #tour-scroll { height: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "join", "inscribirme / join"),
        Binding("enter", "sit", "mi mesa / my table"),
        Binding("f2,l", "lang", "idioma / language"),
        Binding("escape,q", "quit", "salir / quit"),
    ]

    def __init__(
        self, base_url: str, tournament_id: str, lang: str, name: str | None, sit: Callable[[Seat], None]
    ) -> None:
        super().__init__()
        self.base, self.tid, self.lang, self.person, self.sit = base_url.rstrip("/"), tournament_id, lang, name, sit
        self.data: dict[str, Any] | None = None
        self.seat: Seat | None = None
        self.error: JoinError | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("tour.title", self.lang), id="tour-title")
            yield Static("", id="tour-status")
            yield Static("", id="tour-seat")
            with VerticalScroll(id="tour-scroll"):
                yield Static("", id="tour-standings")
        yield Footer()

    async def on_mount(self) -> None:
        await self.refresh_now()
        self.set_interval(REFRESH_S, self.refresh_now)

    async def refresh_now(self) -> None:
        try:
            self.data = await asyncio.to_thread(read_tournament, self.base, self.tid)
            self.seat = await asyncio.to_thread(my_seat, self.base, self.tid, self.data["game"])
            self.error = None
        except JoinError as err:
            self.error = err
        self.draw()

    def draw(self) -> None:
        lang = self.lang
        who = load_identity(self.base)
        data = self.data
        title = data.get("name") if data else None
        self.query_one("#tour-title", Static).update(title or t("tour.title", lang))
        if self.error is not None:
            self.query_one("#tour-status", Static).update(
                Text(self.error.en if lang == "en" else self.error.es, style="red")
            )
        elif data is not None:
            self.query_one("#tour-status", Static).update(status_line(data, lang))
        seat_text = t("tour.your_table", lang) if self.seat is not None else ""
        if (
            data is not None
            and who is not None
            and not any(m.get("player") == who.player_id for e in data["entries"] for m in e["members"])
        ):
            seat_text = t("tour.join_hint", lang)
        if self.error is not None and self.error.code == "name_taken":
            seat_text = t("name.taken_hint", lang)
        self.query_one("#tour-seat", Static).update(seat_text)
        if data is not None:
            self.query_one("#tour-standings", Static).update(
                standings_table(data, lang, who.player_id if who else None)
            )

    async def action_join(self) -> None:
        try:
            await asyncio.to_thread(join_tournament, self.base, self.tid, self.person)
        except JoinError as err:
            self.error = err
            self.draw()
            return
        await self.refresh_now()

    def action_sit(self) -> None:
        if self.seat is not None:
            self.sit(self.seat)

    def action_lang(self) -> None:
        self.lang = other_lang(self.lang)
        self.draw()

    def action_quit(self) -> None:
        self.app.exit()
