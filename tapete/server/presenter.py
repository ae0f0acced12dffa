"""The presenter: the one place where what a seat is told is built, per language.

Every message a table sends to a socket (welcome, state, accepted, left)
and every sentence in it comes from here: the seat's view, its legal moves
with their texts, the events it may see with theirs, the clocks and the
seats. The shell decides *when* to tell whom; this module decides *what*.
The words themselves are the game's (`Game.describe_action`,
`Game.describe_event`): a message catalogue renders here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tapete.engine import Event, Game, State, options_to_json
from tapete.engine.table import TableCore

from .connection import Connection, dumps
from .errors import NotStarted
from .seats import SeatInfo

PROTOCOL = 1


@dataclass(frozen=True)
class Moment:
    """The table as it is when a message is built (the same for every socket told at once)."""

    status: str
    version: int
    window_ms: int
    pause_ms: int
    clocks: list[dict[str, Any]]
    seats: list[dict[str, Any]]

    @classmethod
    def of(cls, status: str, core: TableCore, now: float, seats: list[dict[str, Any]]) -> Moment:
        """The table's times as the core has them (clocks run only for seats people play)."""
        clocks = []
        for seat in sorted(core.clock_since):
            deadline = core.clock_deadline(seat)
            if deadline is not None:
                clocks.append({"seat": seat, "remaining_ms": max(0, round((deadline - now) * 1000))})
        return cls(status, core.version, round(core.window_left(now) * 1000), round(core.pause_left(now) * 1000),
                   clocks, seats)


class Presenter:
    def __init__(self, game: Game, table_id: str) -> None:
        self.game = game
        self.table_id = table_id
        self._action_forms: dict[int, dict[str, Any]] = {}

    # -- messages --------------------------------------------------------------------
    def welcome(self, seat: int | None, num_players: int) -> dict[str, Any]:
        return {
            "type": "welcome",
            "protocol": PROTOCOL,
            "table": self.table_id,
            "game": self.game.id,
            "seat": seat,
            "num_players": num_players,
        }

    @staticmethod
    def accepted(seq: int | None, version: int) -> dict[str, Any]:
        return {"type": "accepted", "seq": seq, "version": version}

    @staticmethod
    def left(seat: int) -> dict[str, Any]:
        return {"type": "left", "seat": seat}

    def summary(self, moment: Moment, options: Any, table_options: Any, invite_code: str | None,
                public: bool) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {
            "id": self.table_id,
            "game": self.game.id,
            "status": moment.status,
            "num_players": len(moment.seats),
            "options": options_to_json(options),
            "table_options": options_to_json(table_options),
            "seats": moment.seats,
            "version": moment.version,
            "invite_code": invite_code,
            "public": public,
        }

    def state(
        self, state: State, moment: Moment, seat: int | None, lang: str, texts: bool, events: list[Event]
    ) -> dict[str, Any]:
        """What one socket is told: its seat's view, legal moves and events, in its language."""
        playing = moment.status == "playing"
        return {
            "type": "state",
            "table": self.table_id,
            "status": moment.status,
            "version": moment.version,
            "seat": seat,
            "view": state.view(seat),
            "actors": list(state.actors()),
            "required": list(state.required_actors()),
            "legal": self.legal(state, seat, lang if texts else None) if playing else [],
            "events": [self.event(e, lang) for e in events if e.visible_to(seat)],
            "window_ms": moment.window_ms,
            "pause_ms": moment.pause_ms,
            "clocks": moment.clocks,
            "seats": moment.seats,
            "outcome": state.outcome().to_json() if state.is_terminal() else None,
        }

    def legal(self, state: State, seat: int | None, lang: str | None) -> list[dict[str, Any]]:
        """Legal moves as index, JSON form and reaction flag, with a sentence in `lang` (none if None)."""
        if seat is None:
            return []
        forms = self._action_forms
        legal: list[dict[str, Any]] = []
        for a in state.legal_actions(seat):
            form = forms.get(a)
            if form is None:  # an index's JSON form never changes within a match (the contract)
                form = forms[a] = state.action_to_json(a)
            entry = {"index": a, "action": form, "reaction": state.is_reaction(seat, a)}
            if lang is not None:
                entry["text"] = self.game.describe_action(state, a, lang)
            legal.append(entry)
        return legal

    def event(self, event: Event, lang: str) -> dict[str, Any]:
        out = event.to_json()
        out["text"] = self.game.describe_event(event, lang)
        return out

    @staticmethod
    def seats(infos: Iterable[SeatInfo], stand_in: Callable[[int], bool]) -> list[dict[str, Any]]:
        """The public facts of each seat; `stand_in(seat)`: its stand-in plays now."""
        out = []
        for info in infos:
            entry: dict[str, Any] = {"seat": info.index, "kind": info.kind, "name": info.name}
            if info.human:
                entry["taken"] = info.token_hash is not None
                entry["connected"] = bool(info.conns)
                entry["stand_in"] = stand_in(info.index)
            else:
                entry["level"] = info.level
            out.append(entry)
        return out

    def broadcast(self, audiences: Iterable[set[Connection]], state: State, moment: Moment,
                  events: list[Event]) -> None:
        """Tell every socket its seat's state: one text per seat, language and style."""
        for conns in audiences:
            told: dict[tuple[str, bool], str] = {}
            for conn in conns:
                style = (conn.lang, conn.texts)
                if style not in told:
                    told[style] = dumps(self.state(state, moment, conn.seat, conn.lang, conn.texts, events))
                conn.send_text(told[style])

    # -- errors in words -----------------------------------------------------------------
    @staticmethod
    def not_started() -> NotStarted:
        return NotStarted(
            "La partida aún no ha empezado: faltan jugadores.",
            "The match has not started yet: seats are still free.",
            rule="match-start",
        )
