"""A table's sentences, each worked out once for all the readers who read it alike.

A sentence depends on its message and its reader: their language, the
players' names, and who "you" is. But "you" changes only the words for the
players a message names (`names_seat`): "Ana descarta el 7" reads the same
for every reader of a language but Ana. So a sentence is kept by message,
language, names and — only when the message names the reader — the
reader's seat, and every other reader of the broadcast takes it as it is.

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
from tapete.engine.messages import Lines, Message, Reader, names_seat


class Sentences:
    """One table's sentences for its readers (the presenter's)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        catalogue = game.catalogue
        # a move's words come from its message only where the game words moves the base class's way
        self._by_message = catalogue is not None and type(game).tell_action is BaseGame.tell_action
        self._moves_scope: Hashable = None
        self._moves: dict[int, tuple[Message, dict[Hashable, str]]] = {}  # action -> message, sentences
        self._events: dict[int, tuple[Event, Message | Lines, dict[Hashable, str]]] = {}  # by id(event)
        self._spectators: dict[Hashable, Reader] = {}  # (lang, names) -> a reader nobody is "you" for

    def broadcast(self, moves_key: Hashable | None) -> None:
        """A new broadcast: its events are new; the moves' sentences hold while `moves_key` does
        (None: the game cannot say, so they hold for this broadcast only)."""
        self._events.clear()
        scope = object() if moves_key is None else moves_key
        if scope != self._moves_scope:
            self._moves_scope = scope
            self._moves.clear()
        if len(self._spectators) > 8:  # names change rarely: a seat taken, a seat left
            self._spectators.clear()

    def move(self, state: State, action: int, reader: Reader) -> str:
        """A legal move of `state` in the words of `reader` (`Game.tell_action`)."""
        if not self._by_message:
            return self.game.tell_action(state, action, reader)
        said = self._moves.get(action)
        if said is None:
            said = self._moves[action] = (self.game.action_message(state, action), {})
        return self._sentence(said[0], said[1], reader)

    def event(self, event: Event, reader: Reader) -> str:
        """An event of this broadcast in the words of `reader` (`Game.tell_event`)."""
        if self.game.catalogue is None:
            return self.game.tell_event(event, reader)
        said = self._events.get(id(event))
        if said is None or said[0] is not event:
            said = self._events[id(event)] = (event, self.game.event_message(event), {})
        return self._sentence(said[1], said[2], reader)

    def _sentence(self, message: Message | Lines, said: dict[Hashable, str], reader: Reader) -> str:
        seat = reader.seat
        named = seat is not None and names_seat(message, seat)
        names = reader.key[2]
        key: Any = (reader.lang, names, seat if named else None)
        text = said.get(key)
        if text is None:
            catalogue = self.game.catalogue
            assert catalogue is not None
            text = said[key] = catalogue.render(message, reader if named or seat is None else self._spectator(reader))
        return text

    def _spectator(self, reader: Reader) -> Reader:
        """`reader` as nobody in particular: the same language and names, no seat."""
        key = (reader.lang, reader.key[2])
        found = self._spectators.get(key)
        if found is None:
            found = self._spectators[key] = Reader(reader.lang, reader.names, None)
        return found


__all__ = ["Sentences"]
