"""A broadcast's state text is byte for byte the state message the presenter defines.

`Presenter.broadcast` builds each socket's text from parts encoded once
(`StateText`); `Presenter.state` is the readable definition hello and sync
send. Every game is played at random here, and after every action each seat
and a spectator, in both languages, with and without sentences for moves,
must be told exactly `dumps(state(...))` — the tables' clocks, seats,
rematch answers and statuses varied too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from tapete.engine import Event, Game
from tapete.games import game_ids, get_game
from tapete.server.connection import dumps
from tapete.server.presenter import Moment, Presenter
from tests.toygame import ECO


@dataclass(eq=False)
class Socket:
    """What the presenter needs of a connection: who it is and where its texts go."""

    seat: int | None
    lang: str
    texts: bool
    told: list[str] = field(default_factory=list)

    def send_text(self, text: str) -> None:
        self.told.append(text)


def seats_json(n: int, step: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seat in range(n):
        if seat == n - 1 and step % 3 == 0:  # a bot, with a level and no name of its own
            out.append({"seat": seat, "kind": "bot", "name": "Bot Ñandú", "level": "random"})
        else:
            out.append({"seat": seat, "kind": "human", "name": None if step % 5 == seat else f"Añá “{seat}”",
                        "taken": True, "connected": step % 2 == 0, "stand_in": False})
    return out


def moment(status: str, version: int, n: int, step: int) -> Moment:
    clocks = [{"seat": step % n, "remaining_ms": 1234 + step}] if step % 4 == 0 else []
    rematch = {"asked": [0], "answers": {"0": True}} if step % 7 == 0 else None
    return Moment(status, version, step % 3 * 100, step % 2 * 500, clocks, seats_json(n, step), rematch,
                  "abc" if step % 11 == 0 else None)


def check_broadcast(presenter: Presenter, game: Game, state: Any, m: Moment, events: list[Event]) -> None:
    sockets = [Socket(seat, lang, texts) for seat in [None, *range(state.num_players)]
               for lang in ("es", "en") for texts in (True, False)]
    audiences = [{s for s in sockets if s.seat is None},
                 *({s for s in sockets if s.seat == seat} for seat in range(state.num_players))]
    presenter.broadcast(audiences, state, m, events)
    for socket in sockets:
        expected = dumps(presenter.state(state, m, socket.seat, socket.lang, socket.texts, events, with_log=False))
        assert socket.told == [expected], (game.id, socket.seat, socket.lang, socket.texts)


@pytest.mark.parametrize("game_id", [*game_ids(), "eco"])
def test_broadcast_text_is_the_state_message(game_id: str) -> None:
    game = ECO if game_id == "eco" else get_game(game_id)
    rng = random.Random(7)
    players = sorted(game.allowed_players(game.parse_options({})))
    ended = 0
    for match in range(2):
        n = players[match % len(players)]
        state = game.new_match(n, 1000 + match, {})
        presenter = Presenter(game, f"t{match}")
        check_broadcast(presenter, game, state, moment("waiting", 0, n, 0), [])
        for step in range(1, 5000):  # to the match's end: its outcome is told too
            seat = rng.choice(sorted(state.required_actors() or state.actors()))
            events = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
            status = "finished" if state.is_terminal() else "playing"
            if step <= 100 or step % 23 == 0 or state.is_terminal():
                check_broadcast(presenter, game, state, moment(status, step, n, step), events)
            if state.is_terminal():
                ended += 1
                break
            if step % 10 == 0 and step <= 100:  # a broadcast of the same version without events (someone came or went)
                check_broadcast(presenter, game, state, moment(status, step, n, step + 1), [])
    assert ended == 2, "each match is played to its end"
