"""`tapete story`: one seeded match between bots, told as a seat's log reads it.

The lines are exactly what that seat's log shows in the browser and the
terminal: the events it may see, rendered by the game's message catalogue
with the players' names, round results included. Texts become testable
without a browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tapete.engine import Event, Game
from tapete.engine.bot_names import with_bot_names
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.engine.words import Reader
from tapete.sim.runner import MAX_ACTIONS, next_move, seat_bots

# Fast bots by default: a story is about the words, not the play.
STORY_BOT = "heuristic"


@dataclass(frozen=True, slots=True)
class StoryLine:
    version: int  # how many actions the table had applied when this happened
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "text": self.text}


def play_events(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    bot_kind: str = STORY_BOT,
) -> list[tuple[int, Event]]:
    """Play one match with bots: every event, with the table's version when it happened."""
    state = game.new_match(num_players, seed, dict(options or {}))
    bots = seat_bots(game, [bot_kind] * num_players, seed)
    for s, bot in enumerate(bots):
        bot.start(s, num_players, state.options)
    out: list[tuple[int, Event]] = []
    version = 0
    while not state.is_terminal():
        who, action = next_move(state, bots, window=REACTION_WINDOW_S)
        events = state.apply(who, action)
        version += 1
        deliver(events, bots)
        out.extend((version, e) for e in events)
        if version > MAX_ACTIONS:
            raise RuntimeError(f"match exceeded {MAX_ACTIONS} actions")
    return out


def tell(game: Game, events: Sequence[tuple[int, Event]], reader: Reader) -> list[StoryLine]:
    """The log `reader` sees of these events (their seat's and the public ones)."""
    return [StoryLine(v, game.tell_event(e, reader)) for v, e in events if e.visible_to(reader.seat)]


def tell_story(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    lang: str = "es",
    seat: int | None = 0,
    names: Sequence[str | None] | None = None,
    bot_kind: str = STORY_BOT,
) -> list[StoryLine]:
    """Play one match with bots and return what `seat`'s log shows (None: a spectator's)."""
    if seat is not None and not 0 <= seat < num_players:
        raise ValueError(f"seat {seat} is not at a table of {num_players}")
    events = play_events(game, num_players, seed, options, bot_kind)
    return tell(game, events, Reader(lang, with_bot_names(names or [None] * num_players), seat))


__all__ = ["STORY_BOT", "StoryLine", "play_events", "tell", "tell_story"]
