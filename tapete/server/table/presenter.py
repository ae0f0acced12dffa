"""The presenter: the one place where what a seat is told is built, per language.

Every message a table sends to a socket (welcome, state, accepted, left)
and every sentence in it comes from here: the seat's view, its legal moves
with their texts, the events it may see with theirs, the clocks and the
seats. The shell decides *when* to tell whom; this module decides *what*.
The words themselves are the game's message catalogue, rendered here for
each reader: their language, everyone's names, and who "you" is. The table's
log is kept here too (`TableLog`), so a socket saying hello or asking for a
sync gets its seat's whole story, not only what happens next.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tapete.engine import Event, Game, State, options_to_json
from tapete.engine.bot_names import bot_name
from tapete.engine.turns import TableCore
from tapete.engine.words import Reader

from .connection import Connection, dumps
from .log import TableLog
from .round_scores import RoundScores
from .seats import SeatInfo
from .state_text import StateText, tail_fields

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
    rematch: dict[str, Any] | None = None  # at a finished match: who answered "another match?"
    next_match: str | None = None  # the rematch's match id, once made

    @classmethod
    def of(
        cls,
        status: str,
        core: TableCore,
        now: float,
        seats: list[dict[str, Any]],
        rematch: dict[str, Any] | None = None,
        next_match: str | None = None,
    ) -> Moment:
        """The table's times as the core has them (clocks run only for seats people play)."""
        clocks = []
        for seat in sorted(core.clock_since):
            deadline = core.clock_deadline(seat)
            if deadline is not None:
                clocks.append({"seat": seat, "remaining_ms": max(0, round((deadline - now) * 1000))})
        return cls(
            status,
            core.version,
            round(core.window_left(now) * 1000),
            round(core.pause_left(now) * 1000),
            clocks,
            seats,
            rematch,
            next_match,
        )


class Presenter:
    def __init__(self, game: Game, table_id: str) -> None:
        self.game = game
        self.table_id = table_id
        self._action_forms: dict[int, dict[str, Any]] = {}
        self.log = TableLog(game)  # every event since this process holds the table
        self.rounds = RoundScores(game)  # each finished round's totals (told with the log)
        self._texts = StateText(game, table_id, self._action_forms)  # a broadcast's messages, as text
        self._readers: dict[tuple[str, int | None], Reader] = {}  # of the table's names as last told
        self._names: list[str] = []

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

    def summary(
        self, moment: Moment, options: Any, table_options: Any, invite_code: str | None, public: bool
    ) -> dict[str, Any]:
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
        self,
        state: State,
        moment: Moment,
        seat: int | None,
        lang: str,
        texts: bool,
        events: list[Event],
        with_log: bool = True,
        chat: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """What one socket is told: its seat's view, legal moves and events, in its language,
        with everyone's names. `with_log`: also the seat's whole log so far (hello, sync);
        `chat`: the table's last chat lines, in its language (the same)."""
        playing = moment.status == "playing"
        reader = Reader(lang, [entry.get("name") or "" for entry in moment.seats], seat)
        message = {
            "type": "state",
            "table": self.table_id,
            "status": moment.status,
            "version": moment.version,
            "seat": seat,
            "view": state.view(seat),
            "actors": list(state.actors()),
            "required": list(state.required_actors()),
            "legal": self.legal(state, seat, reader if texts else None) if playing else [],
            "events": [self.event(e, reader) for e in events if e.visible_to(seat)],
            **tail_fields(state, moment),
        }
        if with_log:
            message["log"] = self.log.entries(seat, lang, reader.names)
            message["rounds"] = self.rounds.finished(message["view"].get("round"))
        if chat is not None:
            message["chat"] = chat
        return message

    def legal(self, state: State, seat: int | None, reader: Reader | None) -> list[dict[str, Any]]:
        """Legal moves as index, JSON form and reaction flag, with a sentence for `reader` (none if None)."""
        if seat is None:
            return []
        forms = self._action_forms
        legal: list[dict[str, Any]] = []
        for a in state.legal_actions(seat):
            form = forms.get(a)
            if form is None:  # an index's JSON form never changes within a match (the contract)
                form = forms[a] = state.action_to_json(a)
            entry = {"index": a, "action": form, "reaction": state.is_reaction(seat, a)}
            if reader is not None:
                entry["text"] = self.game.tell_action(state, a, reader)
            legal.append(entry)
        return legal

    def event(self, event: Event, reader: Reader) -> dict[str, Any]:
        out = event.to_json()
        out["text"] = self.game.tell_event(event, reader)
        return out

    @staticmethod
    def seats_key(infos: Iterable[SeatInfo], stand_in: Callable[[int], bool]) -> tuple[Any, ...]:
        """All that `seats` shows, cheaply: seats of equal keys are shown alike (a table's runner
        makes them again only when the key changes)."""
        return tuple(
            (
                info.index,
                info.kind,
                info.name,
                info.level,
                info.token_hash is not None,
                bool(info.conns),
                info.human and stand_in(info.index),
            )
            for info in infos
        )

    @staticmethod
    def seats(infos: Iterable[SeatInfo], stand_in: Callable[[int], bool]) -> list[dict[str, Any]]:
        """The public facts of each seat; `stand_in(seat)`: its stand-in plays now.
        A bot has a name too (one no person at the table uses)."""
        out = []
        infos = list(infos)
        people = [info.name for info in infos if info.human]
        for info in infos:
            entry: dict[str, Any] = {"seat": info.index, "kind": info.kind, "name": info.name}
            if info.human:
                entry["taken"] = info.token_hash is not None
                entry["connected"] = bool(info.conns)
                entry["stand_in"] = stand_in(info.index)
            else:
                entry["name"] = info.name or bot_name(info.index, people)
                entry["level"] = info.level
            out.append(entry)
        return out

    def broadcast(
        self, audiences: Iterable[set[Connection]], state: State, moment: Moment, events: list[Event]
    ) -> None:
        """Tell every socket its seat's state: one text per seat, language and style, built
        from parts encoded once (`StateText`). The events join the kept log first."""
        if events:
            self.log.extend(moment.version, events)
            self.rounds.saw(state, events)
        audiences = [conns for conns in audiences if conns]
        texts = self._texts
        texts.begin(state, moment, events, {conn.seat for conns in audiences for conn in conns})
        names = [entry.get("name") or "" for entry in moment.seats]
        readers = self._readers
        if names != self._names:  # someone took a seat or left it: readers of the new names
            self._names = names
            readers.clear()
        seats = texts.seats
        for conns in audiences:
            told: dict[tuple[str, bool], tuple[tuple[str, str, str], dict[tuple[bool, bool], str]]] = {}
            for conn in conns:
                style = (conn.lang, conn.texts)
                made = told.get(style)
                if made is None:
                    reader = readers.get((conn.lang, conn.seat))
                    if reader is None:
                        reader = readers[conn.lang, conn.seat] = Reader(conn.lang, names, conn.seat)
                    made = told[style] = (texts.parts(conn.seat, reader, conn.texts), {})
                parts, variants = made
                shape = (True, True)
                if conn.omit_unchanged:  # what this socket has as it is stays out
                    legal = parts[1]
                    shape = (conn.told_legal != legal, conn.told_seats != seats)
                    conn.told_legal, conn.told_seats = legal, seats
                text = variants.get(shape)
                if text is None:
                    text = variants[shape] = texts.joined(parts, *shape)
                if conn.accepted_seq is not None:  # this socket's action, answered here (its hello asked)
                    text = text[:-1] + ',"accepted":' + dumps({"seq": conn.accepted_seq[0]}) + "}"
                    conn.accepted_seq = None
                conn.send_text(text)
        texts.end()
