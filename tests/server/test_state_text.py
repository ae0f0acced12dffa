"""A broadcast's state text is byte for byte the state message the presenter defines.

`Presenter.broadcast` builds each socket's text from parts encoded once
(`StateText`); `Presenter.state` is the readable definition hello and sync
send. Every game is played at random here, and after every action each seat
and a spectator, in both languages, with and without sentences for moves,
must be told exactly `dumps(state(...))` — the tables' clocks, seats,
rematch answers and statuses varied too.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from tapete.engine import Event, Game
from tapete.games import game_ids, get_game
from tapete.server.table.connection import dumps
from tapete.server.table.presenter import Moment, Presenter
from tests.toygame import ECO


@dataclass(eq=False)
class Socket:
    """What the presenter needs of a connection: who it is and where its texts go."""

    seat: int | None
    lang: str
    texts: bool
    told: list[str] = field(default_factory=list)
    omit_unchanged: bool = False
    told_legal: str | None = None
    told_seats: str | None = None
    accepted_seq: tuple[int | None] | None = None

    def send_text(self, text: str) -> None:
        self.told.append(text)


def seats_json(n: int, step: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seat in range(n):
        if seat == n - 1 and step % 3 == 0:  # a bot, with a level and no name of its own
            out.append({"seat": seat, "kind": "bot", "name": "Bot Ñandú", "level": "random"})
        else:
            out.append(
                {
                    "seat": seat,
                    "kind": "human",
                    "name": None if step % 5 == seat else f"Añá “{seat}”",
                    "taken": True,
                    "connected": step % 2 == 0,
                    "stand_in": False,
                }
            )
    return out


def moment(status: str, version: int, n: int, step: int) -> Moment:
    clocks = [{"seat": step % n, "remaining_ms": 1234 + step}] if step % 4 == 0 else []
    rematch = {"asked": [0], "answers": {"0": True}} if step % 7 == 0 else None
    return Moment(
        status,
        version,
        step % 3 * 100,
        step % 2 * 500,
        clocks,
        seats_json(n, step),
        rematch,
        "abc" if step % 11 == 0 else None,
    )


def check_broadcast(presenter: Presenter, game: Game, state: Any, m: Moment, events: list[Event]) -> None:
    sockets = [
        Socket(seat, lang, texts)
        for seat in [None, *range(state.num_players)]
        for lang in ("es", "en")
        for texts in (True, False)
    ]
    audiences = [
        {s for s in sockets if s.seat is None},
        *({s for s in sockets if s.seat == seat} for seat in range(state.num_players)),
    ]
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


@pytest.mark.parametrize("game_id", [*game_ids(), "eco"])
def test_a_socket_told_only_changes_rebuilds_every_state(game_id: str) -> None:
    """A socket whose hello asked `omit_unchanged` is told `legal` and `seats` only when they differ from
    its last state message: a client keeping the last ones rebuilds, after every broadcast, exactly
    the state message in full; and the two are left out, not sent again, while they hold. The
    mover's socket, had it asked `accepted_in_state`, finds its answer in its state, and no other."""
    game = ECO if game_id == "eco" else get_game(game_id)
    rng = random.Random(11)
    n = sorted(game.allowed_players(game.parse_options({})))[0]
    state = game.new_match(n, 77, {})
    presenter = Presenter(game, "t")
    sockets = [
        Socket(seat, lang, texts, omit_unchanged=True)
        for seat in [None, *range(n)]
        for lang in ("es", "en")
        for texts in (True, False)
    ]
    audiences = [{s for s in sockets if s.seat == seat} for seat in [None, *range(n)]]
    kept: dict[int, dict[str, Any]] = {}
    left_out = {"legal": 0, "seats": 0}
    for step in range(1, 400):
        seat = rng.choice(sorted(state.required_actors() or state.actors()))
        events = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        status = "finished" if state.is_terminal() else "playing"
        m = moment(status, step, n, step // 6 * 6)  # the seats stay the same for a few actions at a time
        mover = next(s for s in sockets if s.seat == seat and s.lang == ("es", "en")[step % 2])
        seq = step if step % 7 else None  # a seq may be null
        mover.accepted_seq = (seq,)
        presenter.broadcast(audiences, state, m, events)
        assert mover.accepted_seq is None  # told once
        for socket in sockets:
            told = json.loads(socket.told.pop())
            assert told.pop("accepted", "none") == ({"seq": seq} if socket is mover else "none")
            for key in ("legal", "seats"):
                if key not in told:
                    left_out[key] += 1
                    told[key] = kept[id(socket)][key]
            kept[id(socket)] = told
            full = presenter.state(state, m, socket.seat, socket.lang, socket.texts, events, with_log=False)
            assert told == json.loads(dumps(full)), (game.id, socket.seat, socket.lang, step)
        if state.is_terminal():
            break
    assert left_out["seats"] > 0 and left_out["legal"] > 0, left_out
