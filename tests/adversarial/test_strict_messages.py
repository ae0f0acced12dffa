"""Findings 4, 5 and 9: what a client sends is read strictly, and answered in the documented shape.

Deep nesting killed the socket handler with a RecursionError traceback and
a bare 1000 close; `"limit": 1.5` became 1 and `1e400` a plain-text 500;
an `index` of "3", null or true got `bad_action`; a version from the future
got `stale`; a second hello got `unknown_type`; `"seats": []` gave default
seats; an action carrying another table's id was applied to the socket's
table. Each is now refused with the error the document names, and nothing
changes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import LogLines, Socket, ThreadServer, http

FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0, "turn_seconds": 0}


def two_humans(server: ThreadServer) -> tuple[str, str, str]:
    with http(server) as client:
        created = client.post(
            "/api/tables", json={"game": "bacan", "seats": [{"type": "human"}] * 2, "table_options": FAST}
        ).json()
        joined = client.post("/api/join", json={"code": created["invite_code"]}).json()
    return created["table"]["id"], created["token"], joined["token"]


def error_for(sock: Socket, message: Any) -> dict[str, Any]:
    sock.send(message)
    while True:
        data = sock.recv()
        if data["type"] in ("error", "accepted"):
            return data


def test_deep_nesting_on_the_socket_is_an_error_not_a_traceback(
    thread_server: ThreadServer, log_lines: LogLines
) -> None:
    table_id, token, _ = two_humans(thread_server)
    sock = Socket(thread_server, table_id)
    try:
        sock.hello(token)
        before = thread_server.snapshot(table_id)
        seen = len(log_lines.snapshot())
        nested = '{"type": "action", "seq": 1, "version": 0, "action": ' + "[" * 1500 + "]" * 1500 + "}"
        assert len(nested) < 4096
        error = error_for(sock, nested)
        assert error["code"] in ("bad_json", "bad_message") and error["es"] and error["en"]
        shallow_but_deep_action = {
            "type": "action",
            "seq": 2,
            "version": 0,
            "action": {"type": {"a": {"b": {"c": {"d": [1]}}}}},
        }
        error = error_for(sock, shallow_but_deep_action)
        assert error["code"] == "bad_message" and error["seq"] == 2
        # the socket still works, nothing changed, and no traceback was logged
        sock.send({"type": "ping", "seq": 9})
        assert sock.recv() == {"type": "pong", "seq": 9}
        assert thread_server.snapshot(table_id) == before
        assert not any('"exc"' in line for line in log_lines.snapshot()[seen:])
    finally:
        sock.close()


@pytest.mark.parametrize("index", ["3", None, True, 1.0, -1, 2**60])
def test_an_index_of_the_wrong_type_is_a_bad_message(thread_server: ThreadServer, index: Any) -> None:
    table_id, token, _ = two_humans(thread_server)
    sock = Socket(thread_server, table_id)
    try:
        sock.hello(token)
        before = thread_server.snapshot(table_id)
        error = error_for(sock, {"type": "action", "seq": 5, "version": 0, "index": index})
        assert error["code"] == "bad_message", error
        assert error["seq"] == 5
        assert thread_server.snapshot(table_id) == before
    finally:
        sock.close()


def test_protocol_mismatches_answer_what_the_document_says(thread_server: ThreadServer) -> None:
    table_id, token0, token1 = two_humans(thread_server)
    other_id, _, _ = two_humans(thread_server)
    sock = Socket(thread_server, table_id)
    try:
        sock.hello(token0)
        token = token0
        if not sock.state["legal"]:  # the other seat is on turn: play it
            sock.close()
            sock = Socket(thread_server, table_id)
            sock.hello(token1)
            token = token1
        legal = sock.state["legal"][0]
        before = thread_server.snapshot(table_id)
        other_before = thread_server.snapshot(other_id)
        cases: list[tuple[dict[str, Any], str]] = [
            ({"type": "action", "seq": 1, "version": 7, "index": legal["index"]}, "bad_message"),  # from the future
            ({"type": "hello", "token": token}, "bad_message"),  # a second hello
            # an action naming another table must not be applied here (nor there)
            ({"type": "action", "seq": 2, "version": 0, "index": legal["index"], "table": other_id}, "bad_message"),
            ({"type": "action", "seq": 3, "version": 0, "index": legal["index"], "extra": 1}, "bad_message"),
            ({"type": "action", "seq": 4, "version": 0.0, "index": legal["index"]}, "bad_message"),
            ({"type": "sync", "please": True}, "bad_message"),
            ({"type": "dance"}, "unknown_type"),
        ]
        for message, code in cases:
            error = error_for(sock, message)
            assert error["type"] == "error" and error["code"] == code, (message, error)
            if "seq" in message and isinstance(message["seq"], int):
                assert error["seq"] == message["seq"]
        assert "hello" not in error["en"] or "action" in error["en"]
        assert thread_server.snapshot(table_id) == before
        assert thread_server.snapshot(other_id) == other_before
        # the right message is still applied
        answer = error_for(sock, {"type": "action", "seq": 9, "version": 0, "index": legal["index"]})
        assert answer["type"] == "accepted"
    finally:
        sock.close()


@pytest.mark.parametrize(
    "body",
    [
        {"game": "bacan", "options": {"limit": 1.5}},
        {"game": "bacan", "options": {"limit": "150"}},
        {"game": "bacan", "options": {"limit": True}},
        {"game": "bacan", "table_options": {"turn_seconds": 1.5}},
        {"game": "bacan", "table_options": {"bot_delay_ms": "0"}},
        {"game": "bacan", "seats": []},
        {"game": "bacan", "public": "yes"},
        {"game": "bacan", "join": 1},
        {"game": "bacan", "seats": [{"type": "human", "level": "x", "size": 3}]},
        {"game": "bacan", "colour": "red"},
    ],
)
def test_lobby_bodies_are_strict(thread_server: ThreadServer, body: dict[str, Any]) -> None:
    with http(thread_server) as client:
        count = len(client.get("/api/tables").json()["tables"])
        answer = client.post("/api/tables", content=json.dumps(body), headers={"content-type": "application/json"})
        assert answer.status_code in (400, 422), (body, answer.status_code, answer.text[:200])
        assert answer.json()["error"]["code"] in ("bad_request", "bad_option"), answer.text[:200]
        assert len(client.get("/api/tables").json()["tables"]) == count


def test_join_and_leave_bodies_are_strict(thread_server: ThreadServer) -> None:
    table_id, token, _ = two_humans(thread_server)
    with http(thread_server) as client:
        for path, body in (
            ("/api/join", {"code": "ABCDEFGH", "seat": "1"}),
            ("/api/join", {"code": "ABCDEFGH", "seat": 1.0}),
            ("/api/join", {"code": "ABCDEFGH", "table": table_id}),
            (f"/api/tables/{table_id}/leave", {"token": token, "seat": 0}),
        ):
            answer = client.post(path, json=body)
            assert answer.status_code == 422 and answer.json()["error"]["code"] == "bad_request", (body, answer.text)
    assert thread_server.call(lambda: thread_server.runner(table_id).seats[0].token_hash) is not None
