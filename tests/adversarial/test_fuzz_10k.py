"""The acceptance run: over 10,000 random and mutated protocol messages, over sockets and HTTP.

Messages start from valid ones (a legal action by index or by its JSON
form, a ping, a sync, a hello, a lobby body) and are mutated: a field
dropped, added or given a value of another type, the JSON text cut,
spliced, nested 2,000 deep, given `1e400`, or replaced by bytes. Each must
get a documented answer (exactly one `error` with a listed code, or an
`accepted`, or its `pong`; over HTTP a status under 500 with the error
shape); no traceback may reach the log; the server must stay up; and a
table's record may change only by the actions that were accepted, each of
them legal (the record replays to the table's state).

8,000 socket messages and 2,500 HTTP requests in batches; about 30-60 s.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapete.games import game_ids, get_game

from .conftest import LogLines, ThreadServer, http
from .test_protocol_fuzz import SOCKET_CODES, Table, Tables, is_valid_ping

pytestmark = pytest.mark.slow  # ~60 s: the 10,000-message acceptance run

SOCKET_BATCHES, SOCKET_BATCH, ROUND = 80, 100, 10
HTTP_BATCHES, HTTP_BATCH = 100, 25
REST_CODES = {
    "bad_request",
    "bad_json",
    "bad_option",
    "bad_players",
    "unknown_bot",
    "unknown_game",
    "too_large",
    "no_free_seat",
    "bad_token",
    "table_not_found",
    "not_finished",
    "already_started",
    "forbidden",
    "not_found",
    "method_not_allowed",
    "no_deck_data",
    "rate_limited",
    "too_many_tables",
    "request_timeout",
}
FUZZ = settings(
    max_examples=SOCKET_BATCHES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
TALLY: Counter[str] = Counter()  # what the run sent, checked by the last test
KEYS = ["type", "seq", "version", "index", "action", "seat", "token", "lang", "texts", "table", "x"]


# -- messages: valid ones, then mutated ----------------------------------------------------
# "$version", "$legal" and "$legal_json" are filled in when the message is sent (from the
# state the socket last saw), so that a valid action is legal and may be accepted.
SOCKET_BASES: list[dict[str, Any]] = [
    {"type": "action", "seq": 1, "version": "$version", "index": "$legal"},
    {"type": "action", "seq": 1, "version": "$version", "action": "$legal_json"},
    {"type": "ping", "seq": 1},
    {"type": "sync"},
    {"type": "hello", "token": None, "lang": "es"},
]


@st.composite
def mutated(draw: st.DrawFn, bases: list[dict[str, Any]]) -> dict[str, Any] | str | bytes:
    message = dict(draw(st.sampled_from(bases)))
    if "seq" in message:
        message["seq"] = draw(st.integers(-(2**53) + 1, 2**53 - 1))
    how = draw(st.sampled_from(["none", "none", "drop", "add", "retype", "retype", "frame", "kind"]))
    keys = sorted(message)
    if how == "drop" and keys:
        message.pop(draw(st.sampled_from(keys)))
    elif how == "add":
        message[draw(st.sampled_from(KEYS) | st.text(max_size=6))] = draw(json_values)
    elif how == "retype" and keys:
        message[draw(st.sampled_from(keys))] = draw(
            json_values | st.sampled_from(["3", "1e400", 1.0, True, None, -1, 2**63])
        )
    elif how == "kind":
        message["type"] = draw(st.sampled_from(["ACTION", "", "pong", "state", "accepted"]) | st.text(max_size=8))
    if how != "frame":
        return message
    text = json.dumps(message)
    frame = draw(st.sampled_from(["cut", "splice", "deep", "inf", "bytes", "text", "list", "dup"]))
    if frame == "cut":
        return text[: draw(st.integers(0, max(0, len(text) - 1)))]
    if frame == "splice":
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.text(min_size=1, max_size=4)) + text[at:]
    if frame == "deep":
        depth = draw(st.integers(100, 2000))
        return text[:-1] + ', "action": ' + "[" * depth + "]" * depth + "}"
    if frame == "inf":
        return text[:-1] + ', "version": 1e400}'
    if frame == "bytes":
        return draw(st.binary(min_size=1, max_size=40))
    if frame == "list":
        return json.dumps([message])
    if frame == "dup":
        return text[:-1] + ', "type": "action"}'
    return draw(st.text(max_size=60))


def resolve(value: Any, version: int, legal: list[dict[str, Any]], pick: int) -> Any:
    if value == "$version":
        return version
    if value == "$legal":
        return legal[pick % len(legal)]["index"] if legal else pick
    if value == "$legal_json":
        return legal[pick % len(legal)]["action"] if legal else {"type": "nothing"}
    if isinstance(value, dict):
        return {k: resolve(v, version, legal, pick) for k, v in value.items()}
    return value


# -- the socket run -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def tables(thread_server: ThreadServer) -> Tables:
    return Tables(thread_server)


@pytest.fixture(scope="module")
def uvicorn_errors() -> Iterator[LogLines]:
    handler = LogLines()
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)


def read_round(sock: Any, valid_syncs: int, answers: int) -> list[dict[str, Any]]:
    """What the server sent for a round of messages followed by a sentinel `sync`.

    Parse errors and pongs come from the socket's own loop as each message
    is read; actions and syncs are answered by the table in queue order, so
    the sentinel's state comes last: after one state for each sync of the
    round and one for each accepted action. A state broadcast meanwhile (a
    seat connecting late) would end the count early, so the round also reads
    until every message has had its answer: an answer never spills into the
    next round (an extra state may, and states are not counted as answers).
    """
    out: list[dict[str, Any]] = []
    states, wanted, answered = 0, valid_syncs + 1, 0
    while states < wanted or answered < answers:
        data = sock.recv()
        out.append(data)
        if data["type"] == "accepted":
            wanted += 1
        elif data["type"] == "state":
            states += 1
        if data["type"] in ("error", "accepted", "pong"):
            answered += 1
    return out


def drain(sock: Any) -> None:
    while True:
        try:
            sock.recv(0.02)
        except TimeoutError:
            return


def replays_to(server: ThreadServer, table: Table) -> bool:
    """The table's state is what its stored record gives, applied from the deal: every action was legal."""
    runner = server.runner(table.id)
    seed, options, players, state_now = server.call(
        lambda: (runner.seed, runner.state.options, len(runner.seats), runner.state.to_json())
    )
    state = get_game(table.game).new_match(players, seed, options)
    for seat, action in server.record(table.id):
        state.apply(seat, action)
    return bool(state.to_json() == state_now)


@given(
    game_id=st.sampled_from(game_ids()),
    batch=st.lists(mutated(SOCKET_BASES), min_size=SOCKET_BATCH, max_size=SOCKET_BATCH),
    picks=st.lists(st.integers(0, 1000), min_size=SOCKET_BATCH, max_size=SOCKET_BATCH),
)
@FUZZ
def test_socket_messages(
    thread_server: ThreadServer,
    tables: Tables,
    log_lines: LogLines,
    uvicorn_errors: LogLines,
    game_id: str,
    batch: list[Any],
    picks: list[int],
) -> None:
    table = tables.get(game_id)
    required = thread_server.call(lambda: list(thread_server.runner(table.id).state.required_actors()))
    seat = required[0] if required and required[0] in table.tokens else 0
    sock = table.socket(thread_server, seat)
    drain(sock)  # whatever waits from before (a seat connecting) is read first
    before = thread_server.snapshot(table.id)
    seen_logs = len(log_lines.snapshot())
    accepted = 0
    for start in range(0, len(batch), ROUND):
        # a round of messages sent at once, decided on the state seen before it
        version = sock.state.get("version", 0)
        legal = sock.state.get("legal", [])
        sent = [
            resolve(m, version, legal, p) if isinstance(m, dict) else m
            for m, p in zip(batch[start : start + ROUND], picks[start : start + ROUND], strict=True)
        ]
        for message in sent:
            sock.send(message if isinstance(message, str | bytes) else json.dumps(message))
        sock.send({"type": "sync"})
        syncs = sum(m == {"type": "sync"} for m in sent)
        got = read_round(sock, syncs, len(sent) - syncs)
        answers = [a for a in got if a["type"] in ("error", "accepted", "pong")]
        assert len(answers) == len(sent) - syncs, (sent, got)  # one answer each
        TALLY["socket"] += len(sent)
        for answer in answers:
            if answer["type"] == "error":
                assert answer["code"] in SOCKET_CODES and answer["es"] and answer["en"], answer
            elif answer["type"] == "accepted":
                assert answer["seq"] in [m.get("seq") for m in sent if isinstance(m, dict)], answer
                accepted += 1
                TALLY["accepted"] += 1
        pongs = sorted(str(a["seq"]) for a in answers if a["type"] == "pong")
        assert pongs == sorted(str(m.get("seq")) for m in sent if is_valid_ping(m)), (sent, answers)
    after = thread_server.snapshot(table.id)
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert len(after["actions"]) == len(before["actions"]) + accepted
    assert all(s == seat for s, _ in after["actions"][len(before["actions"]) :])
    assert after["seats"] == before["seats"]
    assert replays_to(thread_server, table)
    new_lines = log_lines.snapshot()[seen_logs:] + uvicorn_errors.snapshot()
    assert not [line for line in new_lines if '"exc"' in line or '"level": "error"' in line], new_lines[-3:]


# -- the HTTP run ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def watched(thread_server: ThreadServer) -> dict[str, Any]:
    """A playing table with both seats taken: nothing the lobby is sent may change it."""
    with http(thread_server) as client:
        created = client.post("/api/tables", json={"game": "bacan", "seats": [{"type": "human"}] * 2}).json()
        client.post("/api/join", json={"code": created["invite_code"]})
    return {"id": created["table"]["id"], "code": created["invite_code"], "token": created["token"]}


HTTP_BASES: list[tuple[str, str, dict[str, Any] | None]] = [
    (
        "POST",
        "/api/tables",
        {
            "game": "bacan",
            "seats": [{"type": "human"}, {"type": "human"}],
            "join": False,
            "options": {"limit": 100},
            "table_options": {"bot_delay_ms": 700},
            "name": "Ana",
        },
    ),
    ("POST", "/api/join", {"code": "$code", "name": "Bea", "seat": 1}),
    ("POST", "/api/tables/$table/leave", {"token": "not-a-token"}),
    ("POST", "/api/tables/$table/close", {"token": "$token"}),
    ("POST", "/api/games/bacan/players", {"options": {"limit": 100}}),
    ("POST", "/api/games/wanted/describe", {"lang": "en", "events": [{"kind": "deal"}]}),
    ("GET", "/api/tables?offset=0&limit=5", None),
    ("GET", "/api/tables/$table", None),
    ("GET", "/api/matches/$table/record", None),
    ("GET", "/api/matches/$table/replay?step=1&seat=0", None),
    ("GET", "/api/stats?reset=true", None),
    ("GET", "/api/games/wanted/deck", None),
]


@st.composite
def http_requests(draw: st.DrawFn) -> tuple[str, str, str | bytes | None]:
    method, path, body = draw(st.sampled_from(HTTP_BASES))
    if draw(st.booleans()):
        path = path.replace("bacan", draw(st.sampled_from(["nope", "BACAN", "%00", "bacan/.."])))
    if draw(st.integers(0, 4)) == 0:
        path += draw(st.sampled_from(["?offset=-1", "?limit=1e400", "?step=x", "?seat=99", "/x"]))
    if body is None:
        return method, path, None
    mutated_body = draw(mutated([body]))
    return method, path, mutated_body if isinstance(mutated_body, str | bytes) else json.dumps(mutated_body)


@given(batch=st.lists(http_requests(), min_size=HTTP_BATCH, max_size=HTTP_BATCH))
@settings(
    max_examples=HTTP_BATCHES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_http_requests(
    thread_server: ThreadServer,
    watched: dict[str, Any],
    log_lines: LogLines,
    uvicorn_errors: LogLines,
    batch: list[tuple[str, str, str | bytes | None]],
) -> None:
    before = thread_server.snapshot(watched["id"])
    seen_logs = len(log_lines.snapshot())
    fill = {"$code": watched["code"], "$table": watched["id"], "$token": watched["token"]}
    with httpx.Client(base_url=thread_server.url, timeout=10) as client:
        for method, path, body in batch:
            for key, value in fill.items():
                path = path.replace(key, value)
                if isinstance(body, str):
                    body = body.replace(key, value)
            answer = client.request(
                method, path, content=body, headers={"content-type": "application/json"} if body is not None else {}
            )
            assert answer.status_code < 500, (method, path, body, answer.status_code, answer.text[:300])
            TALLY["http"] += 1
            data = answer.json()
            if answer.status_code >= 400:
                error = data["error"]
                assert error["code"] in REST_CODES and error["es"] and error["en"], (path, error)
        assert client.get("/api/games").status_code == 200  # still up
    assert thread_server.snapshot(watched["id"]) == before
    new_lines = log_lines.snapshot()[seen_logs:] + uvicorn_errors.snapshot()
    assert not [line for line in new_lines if '"exc"' in line or '"level": "error"' in line], new_lines[-3:]


def test_the_run_sent_over_10000_messages() -> None:
    if not TALLY:
        pytest.skip("run with the two tests above")
    assert TALLY["socket"] + TALLY["http"] >= 10_000, TALLY
    assert TALLY["accepted"] > 0, TALLY  # valid actions were among them, and were applied
