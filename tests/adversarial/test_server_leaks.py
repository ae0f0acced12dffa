"""Through real sockets: what a seat, a spectator and the logs are told, checked card by card.

For every game a table of one human (this test, on two sockets: es and en)
and random bots is played over the socket, with illegal attempts now and
then, while a spectator watches. Afterwards each state message is checked
against the table's true state at its version (rebuilt from the stored
record): its view, legal moves and events name no card the receiver may not
know. The errors, the server's structured log lines, every REST answer and
every socket message are also searched for the table's seed.
"""

from __future__ import annotations

import json
import random
import time
from collections import defaultdict
from typing import Any

import httpx
import pytest

from tapete.engine import Game, State
from tapete.games import game_ids, get_game

from .conftest import LogLines, Socket, ThreadServer, http
from .leaks import as_text, contains_number, faces_in, leaked

FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 0, "result_pause_seconds": 0}
MAX_VERSION = 160  # enough of a match to see deals, draws and reveals
TIME_LIMIT = 40.0


class Watcher:
    """The messages one socket received, in order."""

    def __init__(self, sock: Socket, seat: int | None, lang: str) -> None:
        self.sock, self.seat, self.lang = sock, seat, lang
        self.sent: dict[int, int] = {}  # seq -> action index sent

    def drain(self, timeout: float = 0.0) -> None:
        while True:
            try:
                self.sock.recv(timeout)
            except TimeoutError:
                return


def play(server: ThreadServer, game: Game, rest: list[str]) -> tuple[str, list[Watcher]]:
    """One human seat played at random (with illegal attempts), bots in the others; returns what was seen."""
    seats = [{"type": "human"}] + [{"type": "bot", "level": "random"}] * (game.default_players - 1)
    with http(server) as client:
        created = client.post("/api/tables", json={"game": game.id, "seats": seats, "table_options": FAST})
        rest.append(created.text)
    table_id, token = created.json()["table"]["id"], created.json()["token"]
    mine, mine_en, watching = Socket(server, table_id), Socket(server, table_id), Socket(server, table_id)
    mine.hello(token, "es")
    mine_en.hello(token, "en")
    watching.hello(None, "en")
    watchers = [Watcher(mine, 0, "es"), Watcher(mine_en, 0, "en"), Watcher(watching, None, "en")]
    rng = random.Random(game.id)
    acted, seq = -1, 0
    deadline = time.monotonic() + TIME_LIMIT
    state = mine.state
    while state["status"] != "finished" and state["version"] < MAX_VERSION and time.monotonic() < deadline:
        if 0 in state["actors"] and state["legal"] and state["version"] > acted:
            acted = state["version"]
            legal = {entry["index"] for entry in state["legal"]}
            if rng.random() < 0.3:
                seq += 1
                wrong = rng.choice([i for i in range(len(legal) + 40) if i not in legal])
                mine.send({"type": "action", "seq": seq, "version": acted, "index": wrong})
                watchers[0].sent[seq] = wrong
            seq += 1
            watchers[0].sent[seq] = rng.choice(sorted(legal))
            mine.send({"type": "action", "seq": seq, "version": acted, "index": watchers[0].sent[seq]})
        mine.recv()
        state = mine.state
        for watcher in watchers[1:]:
            watcher.drain()
    for watcher in watchers:
        watcher.drain(0.2)
        watcher.sock.close()
    return table_id, watchers


def states_by_version(
    game: Game, num_players: int, seed: int, options: Any, actions: list[tuple[int, int]]
) -> list[State]:
    state = game.new_match(num_players, seed, options)
    out = [state.clone()]
    for seat, action in actions:
        state.apply(seat, action)
        out.append(state.clone())
    return out


def check_messages(game: Game, states: list[State], watcher: Watcher) -> int:
    """Each message against the true state of the version it belongs to; returns how many were checked."""
    version = 0
    checked = 0
    for message in watcher.sock.seen:
        if message["type"] == "state":
            version = message["version"]
        truth = states[version]
        seat = watcher.seat
        where = f"{watcher.lang} socket of seat {seat}, version {version}, {message['type']}"
        if message["type"] == "state":
            bad = leaked(game, truth, seat, message["view"], counted=True)
            assert not bad, f"{where}: view names hidden cards {bad}"
            rest = {k: v for k, v in message.items() if k != "view"}
            bad = leaked(game, truth, seat, rest, counted=False)
            assert not bad, f"{where}: names hidden cards {bad}: {rest}"
        else:
            # an error is answered at the version of the last state sent before it; it may
            # name the card of the action the client itself sent
            index = watcher.sent.get(message.get("seq"), -1)
            echoed = faces_in(game, truth.action_to_json(index)) if 0 <= index < truth.num_actions() else {}
            bad = leaked(game, truth, seat, message, counted=False, allowed=echoed)
            assert not bad, f"{where}: names hidden cards {bad}: {message}"
        checked += 1
    return checked


@pytest.mark.parametrize("game_id", game_ids())
def test_sockets_and_logs_name_no_hidden_card_and_no_seed(
    thread_server: ThreadServer, log_lines: LogLines, game_id: str
) -> None:
    game = get_game(game_id)
    rest: list[str] = []
    first_log = len(log_lines.snapshot())
    table_id, watchers = play(thread_server, game, rest)
    runner = thread_server.runner(table_id)
    seed, options, num_players, status = thread_server.call(
        lambda: (runner.seed, runner.options, len(runner.seats), runner.status)
    )
    actions = thread_server.record(table_id)
    states = states_by_version(game, num_players, seed, options, actions)
    assert status == "finished" or len(actions) >= 20, "the match hardly moved"

    assert sum(check_messages(game, states, w) for w in watchers) > len(actions)
    errors = [m for m in watchers[0].sock.seen if m["type"] == "error"]
    assert errors, "the illegal attempts were answered"

    with http(thread_server) as client:
        rest += [
            client.get(url).text
            for url in (
                f"/api/tables/{table_id}",
                "/api/tables",
                "/api/stats",
                f"/api/matches/{table_id}/replay?step=3&seat=0",
            )
        ]
        record = client.get(f"/api/matches/{table_id}/record")
    if status == "finished":
        # the one place a seed is given: the record of a finished match, to replay it
        assert record.json()["seed"] == seed
    else:
        assert record.status_code == 409
        rest.append(record.text)

    logs = log_lines.snapshot()[first_log:]
    assert any(table_id in line for line in logs), "the table's log lines were captured"
    for line in logs:
        assert not faces_in(game, json.loads(line)), f"a log line names a card: {line}"

    sent = [as_text(m) for w in watchers for m in w.sock.seen]
    for text in [*rest, *sent, *logs]:
        assert not contains_number(text, seed), f"the seed {seed} left the server: {text[:300]}"
        assert f"{seed:x}" not in text.lower(), f"the seed {seed} (hex) left the server: {text[:300]}"


def test_the_record_of_an_unfinished_match_is_refused(thread_server: ThreadServer) -> None:
    with http(thread_server) as client:
        created = client.post("/api/tables", json={"game": game_ids()[0], "seats": [{"type": "human"}] * 2}).json()
        table_id = created["table"]["id"]
        for url in (f"/api/matches/{table_id}/record", f"/api/matches/{table_id}/replay"):
            response: httpx.Response = client.get(url)
            assert response.status_code == 409 and response.json()["error"]["code"] == "not_finished"


def test_the_search_finds_what_it_looks_for() -> None:
    """The detectors themselves: a planted seed and a planted hidden card are found."""
    game = get_game(game_ids()[0])
    state = game.new_match(game.default_players, 12345, {})
    hidden = state.hidden_cards(0)
    assert hidden, "a fresh deal hides cards from seat 0"
    face = game.card_face(hidden[0])
    assert leaked(game, state, None, {"x": [face]}, counted=False) or leaked(
        game, state, 0, {"x": [face]}, counted=False
    )
    assert contains_number('{"seed": 1234567890}', 1234567890)
    assert not contains_number('{"n": 11234567890}', 1234567890)
    hits: defaultdict[str, int] = defaultdict(int)
    for token in faces_in(game, f"played {face}, then {face}x"):
        hits[token] += 1
    assert hits == {face: 1}
