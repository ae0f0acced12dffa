"""A broadcast's state messages as JSON text, built from parts encoded once.

Every socket of a table is told the same moment after an action, each in
its seat's view and its reader's words. Most of such a message is the same
for every socket, or for the same reader from one version to the next, so
it is encoded once and its text reused:

- the parts every socket shares (status, version, who acts, clocks, seats,
  outcome...) once per broadcast;
- an event's data once per broadcast, however many seats may read it;
- a seat's view once per broadcast, however many of its sockets are told,
  and every seat's at once (`State.views`: what the views share, worked out
  once);
- a seat's legal moves (index, JSON form, reaction flag, sentence) once per
  reader for as long as the game says their words hold (`Game.moves_key`): a
  seat's mirrors over the same discard are the same entries version after
  version, and often the same list; and an entry that reads alike for several
  readers (the same move, flag and sentence: most mirrors after a discard,
  for every seat not named) is encoded once for all of them.

The text is byte for byte `dumps(Presenter.state(...))` without the log,
which stays the readable definition of a state message (hello and sync
send it); tests/server/test_state_text.py holds the two equal.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tapete.engine import Event, Game, State
from tapete.engine.words import Reader

from .connection import dumps
from .sentences import Sentences

if TYPE_CHECKING:
    from .presenter import Moment

READERS = 32  # readers whose moves' words are kept (names change rarely: a seat taken, a seat left)


@dataclass
class Said:
    """A reader's legal-move entries as JSON text while the moves' words hold (`Game.moves_key`):
    each move's entry, and the last list told (told again as it was while the moves are the same)."""

    words: Hashable
    entries: dict[int, str] = field(default_factory=dict)
    legal: tuple[int, ...] | None = None
    text: str = ""


class StateText:
    """The state messages of one table's broadcasts, as text (one table: one presenter, one of these)."""

    def __init__(self, game: Game, table_id: str, forms: dict[int, dict[str, Any]]) -> None:
        self.game = game
        self.table_id = table_id
        self._forms = forms  # each action index's JSON form (the presenter's, shared)
        self.sentences = Sentences(game)
        self._said: dict[Hashable, Said] = {}  # by reader (by seat where no sentences are asked for)
        self._words: Hashable | None = None  # this broadcast's `Game.moves_key`
        # this broadcast's parts: the moment, encoded
        self._state: State | None = None
        self._events: Sequence[Event] = ()
        self._head = self._shared = self._tail = ""
        self._tail_unseated = ""  # the tail without `seats` (a socket that has them as they are)
        self.seats = ""  # this broadcast's seats, as JSON
        self._playing = False
        self._event_data: dict[int, tuple[Event, str | None]] = {}  # an event's JSON without its closing brace
        self._views: dict[int | None, str] = {}
        # legal-move entries as JSON by (move, reaction flag, sentence): readers who read a move alike
        # share its entry (mirrors over a new discard are every seat's, most in the same words)
        self._entries: dict[tuple[int, bool, str | None], str] = {}
        # the seats told in this broadcast, whose views are made at once
        self._seats: AbstractSet[int | None] = frozenset()

    def begin(self, state: State, moment: Moment, events: list[Event], seats: set[int | None]) -> None:
        """A new broadcast, to the sockets of `seats`: encode what every socket is told alike."""
        self._state, self._events, self._seats = state, events, seats
        self._playing = moment.status == "playing"
        words = self.game.moves_key(state) if self._playing else None
        if words is None or words != self._words:
            self._entries.clear()
        self._words = words
        self.sentences.broadcast(self._words)
        self._event_data.clear()
        self._views.clear()
        head = dumps({"type": "state", "table": self.table_id, "status": moment.status, "version": moment.version})
        self._head = head[:-1] + ',"seat":'
        self._shared = dumps({"actors": list(state.actors()), "required": list(state.required_actors())})[1:-1]
        tail = tail_fields(state, moment)
        self._tail = "," + dumps(tail)[1:]
        self.seats = dumps(tail.pop("seats"))
        self._tail_unseated = "," + dumps(tail)[1:]

    def end(self) -> None:
        """The broadcast is told: let go of its state and events."""
        # nothing new is made here: what lives until the table's next broadcast is the collector's work
        self._state, self._events, self._seats = None, (), frozenset()
        self._event_data.clear()
        self._views.clear()

    def text(self, seat: int | None, reader: Reader, texts: bool) -> str:
        """The state message for one socket of `seat` reading as `reader` (sentences for moves if `texts`)."""
        return self.joined(self.parts(seat, reader, texts), True, True)

    def parts(self, seat: int | None, reader: Reader, texts: bool) -> tuple[str, str, str]:
        """A state message in three: what comes before the legal moves, the legal moves (JSON), the
        events (`joined` makes the message of them)."""
        state = self._state
        assert state is not None, "begin() first"
        view = self._views.get(seat)
        if view is None:  # the first: every seat's at once
            made = state.views(self._seats | {seat}) if not self._views else {seat: state.view(seat)}
            self._views.update((s, dumps(v)) for s, v in made.items())
            view = self._views[seat]
        legal = self._legal(state, seat, reader if texts else None) if self._playing else "[]"
        head = "".join((self._head, dumps(seat), ',"view":', view, ",", self._shared))
        return head, legal, ',"events":' + self._events_text(seat, reader)

    def joined(self, parts: tuple[str, str, str], legal: bool, seats: bool) -> str:
        """The message of `parts`, with or without its legal moves and its seats (a socket that
        asked to be told them only when they change, and has them as they are)."""
        head, moves, events = parts
        tail = self._tail if seats else self._tail_unseated
        return "".join((head, ',"legal":', moves, events, tail)) if legal else "".join((head, events, tail))

    # -- legal moves -------------------------------------------------------------------
    def _legal(self, state: State, seat: int | None, reader: Reader | None) -> str:
        """`Presenter.legal` as JSON text."""
        if seat is None:
            return "[]"
        legal = tuple(state.legal_actions(seat))
        words = self._words
        if words is None:  # the game cannot say when its moves' words hold: each is worded anew
            return "[" + ",".join(self._entry(state, seat, a, reader) for a in legal) + "]"
        who = seat if reader is None else reader.key  # without sentences, an entry is the same for any reader
        said = self._said.get(who)
        if said is None:
            if len(self._said) >= READERS:
                self._said.clear()
            said = self._said[who] = Said(words)
        elif said.words != words:  # kept, not made anew: a new object each time is the collector's work
            said.words, said.legal, said.text = words, None, ""
            said.entries.clear()
        elif legal == said.legal:
            return said.text
        entries = said.entries
        parts = []
        for a in legal:
            entry = entries.get(a)
            if entry is None:
                entry = entries[a] = self._entry(state, seat, a, reader)
            parts.append(entry)
        said.legal, said.text = legal, "[" + ",".join(parts) + "]"
        return said.text

    def _entry(self, state: State, seat: int, action: int, reader: Reader | None) -> str:
        reaction = state.is_reaction(seat, action)
        text = self.sentences.move(state, action, reader) if reader is not None else None
        said = self._entries.get((action, reaction, text))
        if said is None:
            form = self._forms.get(action)
            if form is None:  # an index's JSON form never changes within a match (the contract)
                form = self._forms[action] = state.action_to_json(action)
            entry: dict[str, Any] = {"index": action, "action": form, "reaction": reaction}
            if text is not None:
                entry["text"] = text
            said = self._entries[action, reaction, text] = dumps(entry)
        return said

    # -- events ------------------------------------------------------------------------
    def _events_text(self, seat: int | None, reader: Reader) -> str:
        """`[Presenter.event(e, reader) for the events seat may see]` as JSON text."""
        parts = []
        for event in self._events:
            if not event.visible_to(seat):
                continue
            said = self._event_data.get(id(event))
            if said is None or said[0] is not event:
                data = event.to_json()
                open_data = None if "text" in data else dumps(data)[:-1]  # "text" of its own: kept in place
                said = self._event_data[id(event)] = (event, open_data)
            text = self.sentences.event(event, reader)
            if said[1] is None:
                data = event.to_json()
                data["text"] = text
                parts.append(dumps(data))
            else:  # an event's JSON always holds its kind: the text follows a comma
                parts.append(said[1] + ',"text":' + dumps(text) + "}")
        return "[" + ",".join(parts) + "]"


__all__ = ["READERS", "Said", "StateText"]


def tail_fields(state: State, moment: Moment) -> dict[str, Any]:
    """The fields that end every state message, the same for every seat (the one place they are named)."""
    return {
        "window_ms": moment.window_ms,
        "pause_ms": moment.pause_ms,
        "clocks": moment.clocks,
        "seats": moment.seats,
        "outcome": state.outcome().to_json() if state.is_terminal() else None,
        "rematch": moment.rematch,
        "next_match": moment.next_match,
    }
