"""A finished match as the replay viewer steps through it: its record, and some of its states.

Any step is the view of a seat after the first `step` actions. Replayed from the start each
time, a long match costs its whole length a step (8,204 actions); here the actions are kept as
two arrays of ints and the state every `stride` steps (at most `CHECKPOINTS` states, made as the
steps are asked for), so that a step replays at most `stride` actions. Computed in the thinking
processes (`thinking.py`), not on the event loop; kept, limited and asked for by
`tapete.server.http.replays`.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any

from tapete.engine import LEGACY_RULES_VERSION, Event, Game, State, check_rules_version
from tapete.engine.bot_names import bot_name
from tapete.engine.words import Reader
from tapete.games import get_game

from ..errors import error

CHECKPOINTS = 64  # states kept per match, at most
MIN_STRIDE = 32  # steps between two kept states, at least
# What the memory budget counts, roughly: an action (two ints in arrays) and a kept state (a
# Bacan or Buracco state holds a few kilobytes of small objects).
ACTION_BYTES = 8
STATE_BYTES = 4096

Record = dict[str, Any]


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """Each record seat's name as the table showed it: a person's chosen name, a bot's given one."""
    people = [s.get("human") or None for s in seats]
    return [bot_name(i, people) if "bot" in s else (s.get("human") or "") for i, s in enumerate(seats)]


def _readers(seats: list[dict[str, Any]], seat: int | None) -> dict[str, Reader]:
    """Who reads a replay step, in each language: the viewed seat, with everyone's names."""
    names = seat_names(seats)
    return {lang: Reader(lang, names, seat) for lang in ("es", "en")}


def _event_json(game: Game, event: Event, readers: dict[str, Reader]) -> dict[str, Any]:
    out = event.to_json()
    out["text"] = {lang: game.tell_event(event, reader) for lang, reader in readers.items()}
    return out


@dataclass
class CompactRecord:
    """A finished match's record with its actions as two arrays of ints (8 bytes an action, where a
    list of pairs takes some 100): what is kept, and what a thinking process is sent."""

    head: Record  # the record but its actions
    seats: array[int]
    actions: array[int]

    @classmethod
    def of(cls, record: Record) -> CompactRecord:
        played = record["actions"]
        return cls({key: value for key, value in record.items() if key != "actions"},
                   array("i", (int(a[0]) for a in played)), array("i", (int(a[1]) for a in played)))

    def to_record(self) -> Record:
        return {**self.head, "actions": [[s, a] for s, a in zip(self.seats, self.actions, strict=True)]}

    def cost(self) -> int:
        return len(self.actions) * ACTION_BYTES


class ReplayedMatch:
    """A finished match as the viewer steps through it: its record and the states it kept."""

    def __init__(self, compact: CompactRecord) -> None:
        record = compact.head
        self.game = get_game(record["game"])
        check_rules_version(self.game, int(record.get("rules_version", LEGACY_RULES_VERSION)))
        self.record, self.seats, self.actions = record, compact.seats, compact.actions
        self.stride = max(MIN_STRIDE, -(-len(self.actions) // CHECKPOINTS))
        self.states: dict[int, State] = {}  # step -> the state after that many actions (kept, never played)

    @property
    def steps(self) -> int:
        return len(self.actions)

    @property
    def num_players(self) -> int:
        return len(self.record["seats"])

    def cost(self) -> int:
        """The bytes it may come to hold, roughly (every state it may keep counted)."""
        return self.steps * ACTION_BYTES + (self.steps // self.stride + 1) * STATE_BYTES

    def state_at(self, step: int) -> State:
        """The state after `step` actions (a copy of its own), from the nearest kept one before it;
        the kept states on the way are made as it passes them."""
        base = step - step % self.stride
        while base and base not in self.states:
            base -= self.stride
        state = self.states[base].clone() if base else self.game.new_match(
            self.num_players, self.record["seed"], self.record["options"])
        for index in range(base, step):
            state.apply(self.seats[index], self.actions[index])
            if (index + 1) % self.stride == 0 and index + 1 not in self.states:
                self.states[index + 1] = state.clone()
        return state

    def step(self, step: int, seat: int | None) -> dict[str, Any]:
        """The view of `seat` after the first `step` actions, with what the last one did."""
        num_players, game = self.num_players, self.game
        if seat is not None and not 0 <= seat < num_players:
            raise error("replay_seat", seat=seat, last=num_players - 1)
        step = min(step, self.steps)
        record = self.record
        events: list[Event] = []
        last: dict[str, Any] | None = None
        if step:
            state = self.state_at(step - 1)
            actor, action = self.seats[step - 1], self.actions[step - 1]
            movers = _readers(record["seats"], None)  # a move is told as anyone at the table reads it
            last = {"seat": actor, "text": {lang: game.tell_action(state, action, reader)
                                            for lang, reader in movers.items()}}
            events = state.apply(actor, action)
        else:
            state = self.state_at(0)
        readers = _readers(record["seats"], seat)
        return {
            "id": record["id"],
            "game": game.id,
            "num_players": num_players,
            "seats": record["seats"],
            "options": record["options"],
            "outcome": record.get("outcome"),
            "step": step,
            "steps": self.steps,
            "seat": seat,
            "view": state.view(seat),
            "actors": list(state.actors()),
            "required": list(state.required_actors()),
            "events": [_event_json(game, e, readers) for e in events if e.visible_to(seat)],
            "action": last,
        }


def replay_step(record: Record, step: int, seat: int | None) -> dict[str, Any]:
    """The view of `seat` after the first `step` actions of `record`, with what the last one did
    (replayed from the start: the server keeps the matches it replays)."""
    return ReplayedMatch(CompactRecord.of(record)).step(step, seat)
