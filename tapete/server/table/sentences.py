"""A table's sentences, each worked out once for all the readers who read it alike.

A sentence depends on its message and its reader: their language, the
players' names, and who "you" is. But "you" changes only the words for the
players a message names (`names_seat`): "Ana descarta el 7" reads the same
for every reader of a language but Ana. So a sentence is kept by message,
language and — only when the message names the reader — the reader's seat,
and every other reader of the broadcast takes it as it is. The names are
the table's: when they change, every sentence kept goes.

Events' sentences are kept for one broadcast (its events are new each
time). Moves' sentences are kept for as long as the game says the words of
its moves hold (`Game.moves_key`; for a game that cannot say, one
broadcast): a seat's mirrors over the same discard, version after version.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from tapete.engine import Event, Game, State
from tapete.engine.game import Game as BaseGame
from tapete.engine.words import Lines, Message, Reader, names_seat


class Said:
    """One message's sentences: by language, or language and the seat it names. Lines are said
    line by line: a round's result names every seat, but each line one."""

    __slots__ = ("lines", "message", "shared", "texts")

    def __init__(self, message: Message | Lines, shared: bool = False) -> None:
        self.message = message
        # a move's or an event's: the same words at many tables (`Catalogue.render_shared` keeps its
        # shape for all: an event's sentence was a fifth of a broadcast's work at a person's pace)
        self.shared = shared
        self.texts: dict[Any, str] = {}
        self.lines = [Said(item) for item in message.items] if isinstance(message, Lines) else None


class Sentences:
    """One table's sentences for its readers (the presenter's)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        catalogue = game.catalogue
        # a move's words come from its message only where the game words moves the base class's way
        self._by_message = catalogue is not None and type(game).tell_action is BaseGame.tell_action
        self._names: tuple[str, ...] | None = None  # of the readers of the sentences kept
        self._moves_scope: Hashable = None
        self._moves: dict[int, Said] = {}  # by action
        self._events: dict[int, tuple[Event, Said]] = {}  # by id(event)
        self._spectators: dict[str, Reader] = {}  # lang -> a reader nobody is "you" for

    def broadcast(self, moves_key: Hashable | None) -> None:
        """A new broadcast: its events are new; the moves' sentences hold while `moves_key` does
        (None: the game cannot say, so they hold for this broadcast only)."""
        if self._events:
            self._events.clear()
        scope = object() if moves_key is None else moves_key
        if scope != self._moves_scope:
            self._moves_scope = scope
            self._moves.clear()

    def move(self, state: State, action: int, reader: Reader) -> str:
        """A legal move of `state` in the words of `reader` (`Game.tell_action`)."""
        if not self._by_message:
            return self.game.tell_action(state, action, reader)
        said = self._moves.get(action)
        if said is None or reader.key[2] != self._names:
            self._hear(reader)
            said = self._moves[action] = Said(self.game.action_message(state, action), True)
        return self._sentence(said, reader)

    def event(self, event: Event, reader: Reader) -> str:
        """An event of this broadcast in the words of `reader` (`Game.tell_event`)."""
        if self.game.catalogue is None or event.by_standin is not None:  # (a stand-in's move: rare)
            return self.game.tell_event(event, reader)
        kept = self._events.get(id(event))
        if kept is None or kept[0] is not event or reader.key[2] != self._names:
            self._hear(reader)
            kept = self._events[id(event)] = (event, Said(self.game.event_message(event), True))
        return self._sentence(kept[1], reader)

    def _hear(self, reader: Reader) -> None:
        """Sentences are about to be kept for `reader`: if the table's names changed, none kept holds."""
        names = reader.key[2]
        if names != self._names:
            self._names = names
            self._moves.clear()
            self._events.clear()
            self._spectators.clear()

    def _sentence(self, said: Said, reader: Reader) -> str:
        if said.lines is not None:  # as `Catalogue.render` says lines: one under the other
            return "\n".join([self._sentence(line, reader) for line in said.lines])
        seat = reader.seat
        if seat is not None and not names_seat(said.message, seat):  # (worked out once: `Message.named`)
            seat = None  # read as a spectator reads it
        key: Any = reader.lang if seat is None else (reader.lang, seat)
        text = said.texts.get(key)
        if text is None:
            catalogue = self.game.catalogue
            assert catalogue is not None
            message, reader = said.message, reader if seat == reader.seat else self._spectator(reader)
            if said.shared and isinstance(message, Message):
                text = catalogue.render_shared(message, reader)
            else:
                text = catalogue.render(message, reader)
            said.texts[key] = text
        return text

    def _spectator(self, reader: Reader) -> Reader:
        """`reader` as nobody in particular: the same language and names, no seat."""
        found = self._spectators.get(reader.lang)
        if found is None:
            found = self._spectators[reader.lang] = Reader(reader.lang, reader.names, None)
        return found


__all__ = ["Said", "Sentences"]
