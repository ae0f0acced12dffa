"""Property-based fuzzing of the table socket against a real server.

Garbage frames, malformed and mistyped actions, oversized messages, replayed
and out-of-order actions, wrong tokens and actions for another seat: each
gets one clear error (a stable code, the rule, es and en texts), the table's
state, version, seats and stored record stay exactly as they were, and the
socket keeps working. A random message that happens to be a legal action
is accepted, and then it must be exactly one new action in the record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from tapete.engine.turns import HISTORY
from tapete.games import game_ids, get_game

from .conftest import Socket, ThreadServer, http

FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 0, "result_pause_seconds": 0}
SOCKET_CODES = {
    "bad_json",
    "bad_message",
    "unknown_type",
    "too_large",
    "bad_action",
    "wrong_seat",
    "stale",
    "not_your_turn",
    "illegal_action",
    "match_over",
    "not_started",
    "superseded",
    "bad_token",
}
# No example database: examples run against a live table, which a saved example cannot bring back.
FUZZ = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@dataclass
class Table:
    """A table of human seats only, all held by the test, so that nothing moves unless it acts."""

    id: str
    game: str
    tokens: dict[int, str]
    sockets: dict[int, Socket] = field(default_factory=dict)

    def socket(self, server: ThreadServer, seat: int) -> Socket:
        sock = self.sockets.get(seat)
        if sock is None:
            sock = Socket(server, self.id)
            sock.hello(self.tokens[seat])
            self.sockets[seat] = sock
        return sock

    def drop(self, seat: int) -> None:
        sock = self.sockets.pop(seat, None)
        if sock is not None:
            sock.close()


class Tables:
    def __init__(self, server: ThreadServer) -> None:
        self.server = server
        self.by_game: dict[str, Table] = {}

    def get(self, game_id: str) -> Table:
        """A playing table of this game (a new one once the last has finished)."""
        table = self.by_game.get(game_id)
        if table is not None and self.server.snapshot(table.id)["status"] == "playing":
            return table
        if table is not None:
            for seat in list(table.sockets):
                table.drop(seat)
        table = new_table(self.server, game_id)
        self.by_game[game_id] = table
        return table


def new_table(server: ThreadServer, game_id: str) -> Table:
    game = get_game(game_id)
    seats = [{"type": "human"} for _ in range(game.min_players)]
    with http(server) as client:
        created = client.post("/api/tables", json={"game": game_id, "seats": seats, "table_options": FAST}).json()
        tokens = {0: created["token"]}
        for _ in range(1, game.min_players):
            joined = client.post("/api/join", json={"code": created["invite_code"]}).json()
            tokens[joined["seat"]] = joined["token"]
    return Table(created["table"]["id"], game_id, tokens)


@pytest.fixture(scope="module")
def tables(thread_server: ThreadServer) -> Tables:
    return Tables(thread_server)


# -- what a client may send ----------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
small_ints = st.integers(-3, 3) | st.integers(-(2**70), 2**70)
action_messages = st.fixed_dictionaries(
    {"type": st.just("action")},
    optional={
        "seq": small_ints | json_values,
        "version": small_ints | json_values,
        "index": st.integers(-5, 5000) | json_values,
        "action": st.dictionaries(
            st.sampled_from(["type", "slot", "card", "cards", "tile", "cell", "seat"]), json_values, max_size=3
        )
        | json_values,
        "seat": st.integers(-2, 10) | json_values,
    },
)
other_messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "ping", "dance", "", "ACTION"]) | st.text(max_size=8)},
    optional={"seq": json_values, "token": json_values, "lang": json_values},
)
frames = st.one_of(
    st.text(max_size=80),
    st.binary(max_size=40),
    json_values.map(json.dumps),
    other_messages.map(json.dumps),
    action_messages.map(json.dumps),
    st.builds(
        lambda n: json.dumps({"type": "action", "seq": 1, "version": 0, "pad": "x" * n}), st.integers(4_100, 70_000)
    ),  # above the message limit; some above the frame limit too
).filter(lambda frame: not is_sync(frame))


def is_sync(frame: str | bytes) -> bool:
    try:
        data = json.loads(frame)
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and data.get("type") == "sync"


def parsed(frame: str | bytes) -> Any:
    """The frame as the server reads it: strict JSON (NaN and Infinity are not JSON; Python's
    parser takes them, the server's does not, so such a frame is answered as bad JSON, without seq)."""
    try:
        return json.loads(frame, parse_constant=not_json) if isinstance(frame, str) else None
    except ValueError:
        return None


def not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


# -- checks -------------------------------------------------------------------------
def is_int(value: Any) -> bool:
    """An integer the protocol takes (seq, version, seat): JSON-safe, at most 2**53 - 1 either way."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 2**53 - 1


def is_valid_ping(data: Any) -> bool:
    """A ping the protocol takes: no field but `type` and an optional integer (or null) `seq`."""
    return (
        isinstance(data, dict)
        and data.get("type") == "ping"
        and set(data) <= {"type", "seq"}
        and (data.get("seq") is None or is_int(data.get("seq")))
    )


def fresh_enough(server: ThreadServer, table: Table, seat: int, version: Any, actions: list[tuple[int, int]]) -> bool:
    """The freshness rule (engine/turns.py), read from the stored record: an action decided on the
    table's version, or on an older one when every action since was another seat's pick in a
    simultaneous choice this seat is part of too (WANTED's commits cannot change each other)."""
    current = len(actions)
    if not is_int(version) or version > current or version < 0:
        return False
    if not 0 < current - version <= HISTORY:
        return version == current
    match = server.match(table.id)
    state = get_game(table.game).new_match(match.num_players, match.seed, match.options)
    for done, (actor, action) in enumerate(actions):
        if done >= version:
            required = state.required_actors()
            if actor == seat or len(required) < 2 or seat not in required:
                return False
        state.apply(actor, action)
    return True


def assert_clear_error(error: dict[str, Any]) -> None:
    assert error["code"] in SOCKET_CODES, error
    assert error["rule"] and error["es"] and error["en"], error
    assert error["es"] != error["en"], error


def check_answer(
    server: ThreadServer,
    table: Table,
    seat: int,
    frame: str | bytes,
    before: dict[str, Any],
    answers: list[dict[str, Any]],
) -> None:
    """One clear error and nothing changed; or, for a legal action, exactly that action applied."""
    after = server.snapshot(table.id)
    accepted = [a for a in answers if a["type"] == "accepted"]
    errors = [a for a in answers if a["type"] == "error"]
    data = parsed(frame)
    if accepted:
        assert len(accepted) == 1 and not errors, answers
        assert after["version"] == before["version"] + 1 == accepted[0]["version"]
        assert after["actions"][:-1] == before["actions"]
        game = get_game(table.game)
        state = game.state_from_json(before["state"])
        sent = data["index"] if "index" in data else state.action_from_json(data["action"])
        assert after["actions"][-1] == (seat, sent)
        assert fresh_enough(server, table, seat, data["version"], before["actions"])
    else:
        is_ping = is_valid_ping(data) and len(frame) <= 4096
        assert len(errors) == (0 if is_ping else 1), (frame, answers)
        for error in errors:
            assert_clear_error(error)
            seq = data.get("seq") if isinstance(data, dict) else None
            if is_int(seq) and len(frame) <= 4096:
                assert error["seq"] == seq, (frame, error)
        assert after == before, f"{frame!r} changed the table"
    assert server.record(table.id) == after["actions"], "the stored record differs from the table"


@given(game_id=st.sampled_from(game_ids()), seat_pick=st.integers(0, 9), frame=frames)
@FUZZ
def test_any_frame_gets_an_answer_and_changes_nothing_it_should_not(
    thread_server: ThreadServer, tables: Tables, game_id: str, seat_pick: int, frame: str | bytes
) -> None:
    table = tables.get(game_id)
    seat = seat_pick % len(table.tokens)
    sock = table.socket(thread_server, seat)
    before = thread_server.snapshot(table.id)
    sock.send(frame)
    data = parsed(frame)
    try:
        answers = sock.answers(data.get("seq") if is_valid_ping(data) else None)
    except ConnectionClosed:
        # only a frame above the hard limit closes the socket (1009 "message too big")
        assert len(frame) > thread_server.settings.max_frame_bytes, frame[:200]
        table.drop(seat)
        assert thread_server.snapshot(table.id) == before
        return
    check_answer(thread_server, table, seat, frame, before, answers)


def pick_index(data: st.DataObject, legal: list[int], space: int) -> int:
    """A legal action, any index near the action space, or a huge one (the draws do not depend
    on the table, which hypothesis cannot replay)."""
    kind = data.draw(st.sampled_from(["legal", "legal", "space", "huge"]), label="index kind")
    if kind == "huge":
        return data.draw(small_ints, label="index")
    pick = data.draw(st.integers(0, 2**16), label="index pick")
    return legal[pick % len(legal)] if kind == "legal" and legal else pick % (space + 4) - 2


@given(game_id=st.sampled_from(game_ids()), seat_pick=st.integers(0, 9), data=st.data())
@FUZZ
def test_actions_with_any_field_values(
    thread_server: ThreadServer, tables: Tables, game_id: str, seat_pick: int, data: st.DataObject
) -> None:
    """Well-formed and nearly well-formed actions: accepted exactly when every field is right."""
    table = tables.get(game_id)
    seat = seat_pick % len(table.tokens)
    sock = table.socket(thread_server, seat)
    before = thread_server.snapshot(table.id)
    state = get_game(game_id).state_from_json(before["state"])
    legal = state.legal_actions(seat)
    version = before["version"]
    message: dict[str, Any] = {"type": "action"}
    message["seq"] = data.draw(st.integers(-3, 50) | small_ints | json_values, label="seq")
    offset = data.draw(st.sampled_from([0, 0, -1, 1]), label="version offset")
    message["version"] = data.draw(st.just(version + offset) | small_ints | json_values, label="version")
    index = pick_index(data, legal, state.num_actions())
    form = data.draw(st.sampled_from(["index", "action", "both", "neither"]), label="form")
    if form in ("index", "both"):
        message["index"] = index
    if form in ("action", "both") and 0 <= index < state.num_actions():
        message["action"] = state.action_to_json(index)
    if data.draw(st.booleans(), label="names a seat"):
        message["seat"] = data.draw(st.just(seat) | st.integers(-2, 10) | json_values, label="seat")
    frame = json.dumps(message)
    sock.send(frame)
    answers = sock.answers()
    check_answer(thread_server, table, seat, frame, before, answers)
    right = (
        is_int(message["seq"])
        and fresh_enough(thread_server, table, seat, message["version"], before["actions"])
        and ("index" in message) != ("action" in message)
        and index in legal
        and message.get("seat", seat) == seat
        and not isinstance(message.get("seat"), bool)
    )
    accepted = any(a["type"] == "accepted" for a in answers)
    assert accepted == right, (message, answers)


@given(game_id=st.sampled_from(game_ids()), data=st.data())
@FUZZ
def test_a_replayed_action_counts_once(
    thread_server: ThreadServer, tables: Tables, game_id: str, data: st.DataObject
) -> None:
    """The same frame sent twice, and an older frame sent again, are applied once: the version guards."""
    table = tables.get(game_id)
    before = thread_server.snapshot(table.id)
    state = get_game(game_id).state_from_json(before["state"])
    required = state.required_actors()
    seat = required[data.draw(st.integers(0, 2**16), label="seat pick") % len(required)]
    sock = table.socket(thread_server, seat)
    legal = state.legal_actions(seat)
    action = legal[data.draw(st.integers(0, 2**16), label="action pick") % len(legal)]
    seq = data.draw(st.integers(0, 1000), label="seq")
    frame = json.dumps({"type": "action", "seq": seq, "version": before["version"], "index": action})
    sock.send(frame)
    first = sock.answers()
    check_answer(thread_server, table, seat, frame, before, first)
    assert any(a["type"] == "accepted" for a in first), first
    applied = thread_server.snapshot(table.id)
    older = [frame]
    if before["version"] > 0:
        older.append(json.dumps({"type": "action", "seq": seq - 1, "version": before["version"] - 1, "index": action}))
    for again in older:
        sock.send(again)
        answers = sock.answers()
        errors = [a for a in answers if a["type"] == "error"]
        assert len(errors) == 1 and errors[0]["code"] in ("stale", "match_over"), (again, answers)
        assert not any(a["type"] == "accepted" for a in answers)
        assert thread_server.snapshot(table.id) == applied
    assert thread_server.record(table.id) == applied["actions"]


tokens = st.one_of(
    st.text(max_size=60),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", min_size=32, max_size=32),
)


@given(game_id=st.sampled_from(game_ids()), token=tokens, mutate=st.integers(0, 31))
@FUZZ
def test_wrong_tokens_are_refused(
    thread_server: ThreadServer, tables: Tables, game_id: str, token: str, mutate: int
) -> None:
    """Random tokens, a seat's token with one character changed, another table's token: refused (4401)."""
    table = tables.get(game_id)
    other = tables.get(next(g for g in game_ids() if g != game_id)) if len(game_ids()) > 1 else None
    real = table.tokens[0]
    changed = real[:mutate] + ("A" if real[mutate] != "A" else "B") + real[mutate + 1 :]
    candidates = [token, changed] + ([other.tokens[0]] if other is not None else [])
    before = thread_server.snapshot(table.id)
    for candidate in candidates:
        sock = Socket(thread_server, table.id)
        sock.send({"type": "hello", "token": candidate})
        error = sock.recv()
        assert error["type"] == "error" and error["code"] == "bad_token", error
        assert_clear_error(error)
        with pytest.raises(ConnectionClosed) as closed:
            sock.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        sock.close()
    assert thread_server.snapshot(table.id) == before


first_messages = st.one_of(
    action_messages.map(json.dumps),
    other_messages.filter(lambda m: m["type"] != "hello").map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.just("hello")},
        optional={
            "token": st.integers() | st.lists(st.text(max_size=3), max_size=2),
            "lang": st.text(max_size=3).filter(lambda s: s not in ("es", "en")),
            "texts": st.integers() | st.text(max_size=3),
        },
    )
    .filter(lambda m: len(m) > 1)
    .map(json.dumps),
    st.text(max_size=40),
)


@given(game_id=st.sampled_from(game_ids()), frame=first_messages)
@FUZZ
def test_anything_but_a_hello_first_is_refused(
    thread_server: ThreadServer, tables: Tables, game_id: str, frame: str
) -> None:
    """An action before the hello, a malformed hello: one error, the socket closed (1008), nothing changed."""
    table = tables.get(game_id)
    before = thread_server.snapshot(table.id)
    sock = Socket(thread_server, table.id)
    sock.send(frame)
    error = sock.recv()
    assert error["type"] == "error" and error["code"] in ("bad_message", "bad_json", "too_large"), (frame, error)
    assert_clear_error(error)
    with pytest.raises(ConnectionClosed) as closed:
        sock.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    sock.close()
    assert thread_server.snapshot(table.id) == before


@given(game_id=st.sampled_from(game_ids()), message=action_messages)
@FUZZ
def test_a_spectator_may_not_act(
    thread_server: ThreadServer, tables: Tables, game_id: str, message: dict[str, Any]
) -> None:
    table = tables.get(game_id)
    sock = table.sockets.get(-1)
    if sock is None:
        sock = table.sockets[-1] = Socket(thread_server, table.id)
        sock.hello(None)
    before = thread_server.snapshot(table.id)
    frame = json.dumps(message)
    sock.send(frame)
    answers = sock.answers()
    errors = [a for a in answers if a["type"] == "error"]
    # json.dumps writes Infinity for a float inf: not JSON, so bad_json
    assert len(errors) == 1 and errors[0]["code"] in ("bad_json", "bad_message", "wrong_seat", "too_large"), (
        message,
        answers,
    )
    assert_clear_error(errors[0])
    assert thread_server.snapshot(table.id) == before


def test_a_frame_above_the_hard_limit_closes_the_socket(thread_server: ThreadServer, tables: Tables) -> None:
    table = tables.get(game_ids()[0])
    before = thread_server.snapshot(table.id)
    sock = Socket(thread_server, table.id)
    sock.hello(table.tokens[0])
    sock.send("x" * (thread_server.settings.max_frame_bytes + 1))
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            sock.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    sock.close()
    assert thread_server.snapshot(table.id) == before
