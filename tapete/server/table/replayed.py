"""A finished match as the replay viewer steps through it: its record, and some of its states.

Any step is the view of a seat after the first `step` actions. Replayed from the start each
time, a long match costs its whole length a step (8,204 actions); here the actions are kept as
two arrays of ints and the state every `stride` steps (at most `CHECKPOINTS` states, made as the
steps are asked for), so that a step replays at most `stride` actions. Computed in the thinking
processes (`thinking.py`), not on the event loop; kept, limited and asked for by
`tapete.server.http.replays`.

A step is told as the viewed seat read it at the table ("Bruno descarta rojo 5."), never as the
order a move button gives, the seats named as the table named them (a bot: its given name), and a
move a stand-in made for a person told as the stand-in's (`tapete.engine.standin`, from the
record's `by_standin`); the whole match's log as a seat read it is its `story`.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any

from tapete.engine import LEGACY_RULES_VERSION, Event, Game, State, check_rules_version
from tapete.engine.bot_names import bot_name
from tapete.engine.standin import STANDIN, Trail, by_step
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
# a replay step whose move the viewed seat did not see (a Bacan peek of another seat)
UNSEEN = {"es": "{name} juega sin que se vea.", "en": "{name} makes a move not seen from here."}


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
        return cls(
            {key: value for key, value in record.items() if key != "actions"},
            array("i", (int(a[0]) for a in played)),
            array("i", (int(a[1]) for a in played)),
        )

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
        self.made_by = by_step(record.get("by_standin") or ())  # step -> who made it for a person
        self.names = seat_names(record["seats"])
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
        state = (
            self.states[base].clone()
            if base
            else self.game.new_match(self.num_players, self.record["seed"], self.record["options"])
        )
        for index in range(base, step):
            state.apply(self.seats[index], self.actions[index])
            if (index + 1) % self.stride == 0 and index + 1 not in self.states:
                self.states[index + 1] = state.clone()
        return state

    def trail_at(self, step: int) -> Trail:
        """Which seats stand-ins hold after `step` actions (`Trail.upto`): those whose last move
        before it was their stand-in's, found looking back from it."""
        trail = Trail()
        if not self.made_by:
            return trail
        seen: set[int] = set()
        for index in range(step - 1, -1, -1):
            seat = self.seats[index]
            if seat in seen:
                continue
            seen.add(seat)
            if self.made_by.get(index) == STANDIN:
                trail.away.add(seat)
            if len(seen) == self.num_players:
                break
        return trail

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and not 0 <= seat < self.num_players:
            raise error("replay_seat", seat=seat, last=self.num_players - 1)

    def step(self, step: int, seat: int | None) -> dict[str, Any]:
        """The view of `seat` after the first `step` actions, with what the last one did as the
        seat read it at the table (a move it did not see, in general words)."""
        self._check_seat(seat)
        game, record = self.game, self.record
        step = min(step, self.steps)
        events: list[Event] = []
        last: dict[str, Any] | None = None
        readers = _readers(record["seats"], seat)
        if step:
            state = self.state_at(step - 1)
            actor, action = self.seats[step - 1], self.actions[step - 1]
            marks = self.trail_at(step - 1).step(actor, self.made_by.get(step - 1))
            events = game.made_for(state.apply(actor, action), marks)
            seen = [e for e in events if e.visible_to(seat)]
            last = {
                "seat": actor,
                "told": True,
                "text": {
                    lang: " ".join(game.tell_event(e, reader) for e in seen)
                    or UNSEEN[lang].format(name=self.names[actor])
                    for lang, reader in readers.items()
                },
            }
        else:
            state = self.state_at(0)
        return {
            "id": record["id"],
            "game": game.id,
            "num_players": self.num_players,
            "seats": record["seats"],
            "names": self.names,  # as the table and the texts name them (a bot: its given name)
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

    def story(self, seat: int | None) -> dict[str, Any]:
        """The whole match as `seat` read it at the table (a spectator's: the public events), each
        sentence with the step it follows, stand-ins' moves told as theirs."""
        self._check_seat(seat)
        game = self.game
        state = game.new_match(self.num_players, self.record["seed"], self.record["options"])
        trail, readers = Trail(), _readers(self.record["seats"], seat)
        lines = []
        for index in range(self.steps):
            actor = self.seats[index]
            made = game.made_for(state.apply(actor, self.actions[index]), trail.step(actor, self.made_by.get(index)))
            for event in made:
                if event.visible_to(seat):
                    lines.append(
                        {
                            "step": index + 1,
                            "kind": event.kind,
                            "text": {lang: game.tell_event(event, reader) for lang, reader in readers.items()},
                        }
                    )
        return {"id": self.record["id"], "seat": seat, "steps": self.steps, "lines": lines}


def replay_step(record: Record, step: int, seat: int | None) -> dict[str, Any]:
    """The view of `seat` after the first `step` actions of `record`, with what the last one did
    (replayed from the start: the server keeps the matches it replays)."""
    return ReplayedMatch(CompactRecord.of(record)).step(step, seat)


def match_story(record: Record, seat: int | None) -> dict[str, Any]:
    """The whole match of `record` as `seat` read it (`ReplayedMatch.story`)."""
    return ReplayedMatch(CompactRecord.of(record)).story(seat)
