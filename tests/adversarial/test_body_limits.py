"""Finding 2 (and 5's plain-text 500): a body is limited by what arrives, not by what a header says.

A chunked body has no `Content-Length`, so a limit that reads the header
let a 300 MB body through. Here the client keeps sending chunks until an
answer comes: it must be a 413 in the error shape, long before the body is
all sent, and the server must not have read on.
"""

from __future__ import annotations

import json
import select
import socket
from urllib.parse import urlsplit

import httpx

from .conftest import ThreadServer, http

CHUNK = 64 * 1024
GIVE_UP_AFTER = 64 * 1024 * 1024  # what the client would send at most


def _connect(server: ThreadServer) -> socket.socket:
    parts = urlsplit(server.url)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
    sock.setblocking(False)
    return sock


def _read_answer(sock: socket.socket) -> bytes:
    sock.setblocking(True)
    sock.settimeout(10)
    data = b""
    while b"\r\n\r\n" not in data or len(data) < data.index(b"\r\n\r\n") + 40:
        more = sock.recv(65536)
        if not more:
            break
        data += more
    return data


def test_a_chunked_body_over_the_limit_is_refused_before_it_is_all_sent(thread_server: ThreadServer) -> None:
    limit = thread_server.settings.max_body_bytes
    sock = _connect(thread_server)
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    # valid JSON all along: spaces between the members, so the old server created the table
    opening = b'{"game": "bacan"'
    sent = 0
    pending = head + b"%x\r\n%s\r\n" % (len(opening), opening)
    filler = b"%x\r\n%s\r\n" % (CHUNK, b" " * CHUNK)
    answered = False
    try:
        while sent < GIVE_UP_AFTER:
            readable, writable, _ = select.select([sock], [sock], [], 10)
            if readable:
                answered = True
                break
            if writable:
                try:
                    count = sock.send(pending)
                except (BrokenPipeError, ConnectionResetError):
                    answered = True
                    break
                sent += count
                pending = pending[count:] or filler
        assert answered, f"no answer after {sent} bytes of a body limited to {limit}"
        answer = _read_answer(sock)
    finally:
        sock.close()
    status_line, _, rest = answer.partition(b"\r\n")
    assert b" 413 " in status_line, answer[:300]
    body = json.loads(rest.partition(b"\r\n\r\n")[2])
    assert body["error"]["code"] == "too_large" and body["error"]["es"] and body["error"]["en"]
    # socket buffers hold a few MB at most; the old server read all 64 MB and answered 201
    assert sent < 16 * 1024 * 1024


def test_a_chunked_body_within_the_limit_is_served(thread_server: ThreadServer) -> None:
    def chunks() -> object:
        yield b'{"game": "bacan",'
        yield b' "seats": [{"type": "human"}, {"type": "bot", "level": "random"}]}'

    with http(thread_server) as client:
        answer = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})  # type: ignore[arg-type]
    assert answer.status_code == 201, answer.text


def test_a_lying_content_length_is_refused(thread_server: ThreadServer) -> None:
    sock = _connect(thread_server)
    try:
        sock.setblocking(True)
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 99999999999\r\n\r\n{}"
        )
        answer = _read_answer(sock)
    finally:
        sock.close()
    assert b" 413 " in answer.partition(b"\r\n")[0], answer[:300]
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["code"] == "too_large"


def test_numbers_beyond_a_double_and_deep_nesting_get_the_error_shape(thread_server: ThreadServer) -> None:
    """`"limit": 1e400` was a plain-text 500 (OverflowError); 5,000 levels of nesting a RecursionError."""
    bodies = [
        b'{"game": "bacan", "options": {"limit": 1e400}}',
        b'{"game": "bacan", "options": {"limit": ' + b"[" * 5000 + b"]" * 5000 + b"}}",
    ]
    with http(thread_server) as client:
        for body in bodies:
            answer = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
            assert answer.status_code == 422, (answer.status_code, answer.text[:200])
            error = answer.json()["error"]
            assert error["code"] == "bad_request" and error["es"] and error["en"]


def test_the_limit_applies_to_every_route(thread_server: ThreadServer) -> None:
    with httpx.Client(base_url=thread_server.url, timeout=10) as client:
        for path in ("/api/join", "/api/games/bacan/players", "/api/games/bacan/describe"):
            big = b'{"x": "' + b"a" * (thread_server.settings.max_body_bytes + 10) + b'"}'
            answer = client.post(path, content=iter([big]), headers={"content-type": "application/json"})
            assert answer.status_code == 413, (path, answer.status_code)
