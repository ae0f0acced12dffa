"""A match record, step by step: what `tapete replay` (the command line and the terminal's
keys) moves through.

`read_record` reads a record file (one written by `--records`, or the server's
`/api/matches/{id}/record`) and refuses a bad one with a sentence saying what is
wrong. `ReplayCursor` moves to any step of the match (going back replays from the
nearest kept state), shows any seat's view or the spectator's, and tells the story
of the last step with the game's own event texts, only the events the chosen eyes
may see; `header` is the line that says where the cursor is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .bot_names import with_bot_names
from .errors import TapeteError
from .events import Event
from .game import Game
from .record import MatchRecord, check_rules_version
from .standin import Trail
from .state import State
from .words import Reader

CHECKPOINT_EVERY = 64
RECORD_KEYS = ("game", "seed", "seats", "actions")


class ReplayError(TapeteError):
    """A record that cannot be replayed, or a step or seat outside it."""

    code = "bad_record"


def _read(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayError(f"No existe el archivo {path}.", f"There is no file {path}.") from None
    except IsADirectoryError:
        raise ReplayError(
            f"{path} es una carpeta; da el archivo JSON de una partida.",
            f"{path} is a folder; give a match's JSON file.",
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise ReplayError(f"No se puede leer {path}: {err}.", f"Cannot read {path}: {err}.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ReplayError(
            f"{path} no es JSON válido (línea {err.lineno}, columna {err.colno}).",
            f"{path} is not valid JSON (line {err.lineno}, column {err.colno}).",
        ) from None


def read_record(path: Path) -> MatchRecord:
    """A record file (one written by `--records`, or the server's `/api/matches/{id}/record`) as a
    MatchRecord, or a ReplayError saying what is wrong with it."""
    return parse_record(_read(path), str(path))


def parse_record(data: Any, source: str = "el registro / the record") -> MatchRecord:
    """A record's JSON as a MatchRecord, or a ReplayError naming what is missing or wrong."""
    if not isinstance(data, Mapping):
        raise ReplayError(
            f"{source} no es un registro de partida: se esperaba un objeto JSON con {', '.join(RECORD_KEYS)}.",
            f"{source} is not a match record: expected a JSON object with {', '.join(RECORD_KEYS)}.",
        )
    missing = [k for k in RECORD_KEYS if k not in data]
    if missing:
        raise ReplayError(
            f"Al registro le falta {', '.join(missing)}: no se puede reproducir.",
            f"The record lacks {', '.join(missing)}: it cannot be replayed.",
        )
    try:
        record = MatchRecord.from_json(data)
        if isinstance(data["seed"], bool) or not isinstance(data["seed"], int):
            raise TypeError("seed")
    except (TypeError, ValueError, KeyError, AttributeError):
        raise ReplayError(
            "El registro tiene valores no válidos (seed es un número; seats, una lista de asientos; "
            "actions, una lista de pares [asiento, acción]).",
            "The record has values of the wrong kind (seed is a number; seats, a list of seats; "
            "actions, a list of [seat, action] pairs).",
        ) from None
    return record


def _round_of(state: State) -> int:
    return state.round_index()


class ReplayCursor:
    """One match record and the state after any number of its actions."""

    def __init__(self, game: Game, record: MatchRecord) -> None:
        self.game = game
        self.record = record
        self.steps = len(record.actions)
        self.seat: int | None = None
        try:
            check_rules_version(game, record.rules_version)
            start = game.new_match(record.num_players, record.seed, record.options)
        except TapeteError as err:
            raise ReplayError(err.es, err.en) from None
        self._kept: dict[int, State] = {0: start.clone()}
        self.state = start
        self.step = 0
        self.events: list[Event] = []  # what the last step's action caused
        self.actor: int | None = None  # who took the last step
        self._rounds: list[tuple[Any, int]] | None = None
        self._trail: tuple[int, Trail] = (0, Trail())  # (the step it is at, the stand-ins' trail)

    # -- where ---------------------------------------------------------------------------
    def set_seat(self, seat: int | None) -> None:
        """Whose eyes: a seat, or None for the spectator."""
        n = self.record.num_players
        if seat is not None and not 0 <= seat < n:
            raise ReplayError(
                f"Esta partida tiene los asientos 0 a {n - 1}; no hay asiento {seat}.",
                f"This match has seats 0 to {n - 1}; there is no seat {seat}.",
            )
        self.seat = seat

    def goto(self, step: int) -> None:
        """The state after the first `step` actions (clamped to the match), with the
        events of the last one (going back starts from the nearest kept state)."""
        step = max(0, min(step, self.steps))
        if step == 0:
            self.state, self.step, self.events, self.actor = self._kept[0].clone(), 0, [], None
            return
        if self.step > step - 1 and self.step != step:
            base = max(k for k in self._kept if k <= step - 1)
            self.state, self.step = self._kept[base].clone(), base
        while self.step < step:
            self._advance()

    def _apply(self, state: State, seat: int, action: int, index: int) -> list[Event]:
        try:
            return state.apply(seat, action)
        except TapeteError as err:
            raise ReplayError(
                f"La acción {index + 1} del registro no se puede aplicar: {err.es}",
                f"Action {index + 1} of the record cannot be applied: {err.en}",
            ) from None
        except Exception as err:  # a record's numbers may be anything: say where it broke
            raise ReplayError(
                f"La acción {index + 1} del registro no se puede aplicar ({type(err).__name__}).",
                f"Action {index + 1} of the record cannot be applied ({type(err).__name__}).",
            ) from None

    def _advance(self) -> None:
        seat, action = self.record.actions[self.step]
        events = self._apply(self.state, seat, action, self.step)
        made = self.record.by_standin
        if made:  # who stand-ins stood in for (a trail kept while the cursor goes forward)
            if self._trail[0] != self.step:
                self._trail = (self.step, Trail.upto(self.record.actions, made, self.step))
            events = self.game.made_for(events, self._trail[1].step(seat, made.get(self.step)))
            self._trail = (self.step + 1, self._trail[1])
        self.events = events
        self.actor = seat
        self.step += 1
        if self.step % CHECKPOINT_EVERY == 0 and self.step not in self._kept:
            self._kept[self.step] = self.state.clone()

    # -- what ----------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return self.state.view(self.seat)

    def names(self) -> list[str]:
        """Everyone's name as the table shows it (a person's own; a bot one of the table's bot names)."""
        given = [info.get("human") or info.get("name") or None for info in self.record.seats]
        return with_bot_names(given)

    def story(self, lang: str) -> list[str]:
        """The last step's events these eyes may see, told as that seat's log reads them
        (the game's message catalogue, with the players' names: `tapete story`'s words)."""
        if self.step == 0:
            return []
        reader = Reader(lang, self.names(), self.seat)
        return [self.game.tell_event(e, reader) for e in self.events if e.visible_to(self.seat)]

    def rounds(self) -> list[tuple[Any, int]]:
        """(round, the step it starts at), read once by replaying the whole match."""
        if self._rounds is None:
            state = self._kept[0].clone()
            found: list[tuple[Any, int]] = [(_round_of(state), 0)]
            for index, (seat, action) in enumerate(self.record.actions):
                self._apply(state, seat, action, index)
                current = _round_of(state)
                if current != found[-1][0]:
                    found.append((current, index + 1))
            self._rounds = found
        return self._rounds

    def round_now(self) -> Any:
        return _round_of(self.state)

    def goto_round(self, number: int) -> None:
        for value, step in self.rounds():
            if value == number:
                self.goto(step)
                return
        known = ", ".join(str(r) for r, _ in self.rounds() if r is not None)
        raise ReplayError(
            f"No hay ronda {number} en esta partida (rondas: {known}).",
            f"There is no round {number} in this match (rounds: {known}).",
        )

    def seat_label(self, seat: int, lang: str) -> str:
        info = self.record.seats[seat] if seat < len(self.record.seats) else {}
        who = info.get("human") or info.get("name") or info.get("bot") or ""
        word = "asiento" if lang == "es" else "seat"
        return f"{word} {seat}" + (f" ({who})" if who else "")


def header(cursor: ReplayCursor, lang: str) -> str:
    eyes = (
        cursor.seat_label(cursor.seat, lang)
        if cursor.seat is not None
        else ("espectador" if lang == "es" else "spectator")
    )
    rnd = cursor.round_now()
    if lang == "es":
        text = f"Acción {cursor.step} de {cursor.steps}"
        text += f" · ronda {rnd}" if rnd is not None else ""
        text += f" · vista: {eyes}"
        if cursor.actor is not None and cursor.step:
            text += f" · jugó {cursor.seat_label(cursor.actor, lang)}"
    else:
        text = f"Action {cursor.step} of {cursor.steps}"
        text += f" · round {rnd}" if rnd is not None else ""
        text += f" · eyes: {eyes}"
        if cursor.actor is not None and cursor.step:
            text += f" · played by {cursor.seat_label(cursor.actor, lang)}"
    return text
