"""Finding 3's last line and finding 7's hygiene: 150 connections with partial headers were all
still open after 40 s; nothing capped the connections of one address.

Headers must be complete within `header_timeout` (slowloris), a body must
arrive within `body_timeout`, and one address holds at most
`max_connections_per_address` connections, HTTP and WebSocket together.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

from .conftest import Socket, ThreadServer, http, own_server


def raw(server: ThreadServer) -> socket.socket:
    parts = urlsplit(server.url)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=5)
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """True if the server closed the connection (reading gives EOF or a reset)."""
    sock.settimeout(0.05)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except TimeoutError:
        return False
    except (ConnectionResetError, BrokenPipeError):
        return True


def test_slowloris_connections_are_closed(tmp_path: Path) -> None:
    with own_server(tmp_path, header_timeout=0.6) as server:
        drips = [raw(server) for _ in range(40)]
        for sock in drips:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline:  # a header line now and then, never the end of the headers
            for sock in drips:
                with contextlib.suppress(OSError):
                    sock.sendall(b"X-Drip: 1\r\n")
            time.sleep(0.2)
        assert all(closed_by_server(sock) for sock in drips)
        for sock in drips:
            sock.close()
        # an ordinary client is served meanwhile and after
        with http(server) as client:
            assert client.get("/api/games").status_code == 200


def test_a_body_sent_a_byte_at_a_time_times_out(tmp_path: Path) -> None:
    with own_server(tmp_path, body_timeout=0.5) as server:
        sock = raw(server)
        try:
            sock.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b'Content-Length: 100\r\n\r\n{"game"'
            )
            sock.settimeout(5)
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += sock.recv(4096)
            assert b" 408 " in answer.partition(b"\r\n")[0], answer
        finally:
            sock.close()


def test_one_address_holds_a_bounded_number_of_connections(tmp_path: Path) -> None:
    with own_server(tmp_path, max_connections_per_address=6, header_timeout=30) as server:
        with http(server) as client:
            created = client.post("/api/tables", json={"game": "bacan", "seats": [{"type": "human"}] * 2}).json()
        watchers = []
        for _ in range(3):
            watcher = Socket(server, created["table"]["id"])
            watcher.hello(None)
            watchers.append(watcher)
        idle = [raw(server) for _ in range(3)]
        time.sleep(0.2)
        refused = raw(server)
        refused.settimeout(5)
        answer = b""
        while True:
            more = refused.recv(4096)
            if not more:
                break
            answer += more
        assert b" 429 " in answer.partition(b"\r\n")[0], answer
        assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["code"] == "too_many_connections"
        refused.close()
        # a socket that ends gives its place back
        watchers.pop().close()
        idle.pop().close()
        time.sleep(0.3)
        with http(server) as client:
            assert client.get("/api/games").status_code == 200
        for watcher in watchers:
            watcher.close()
        for sock in idle:
            sock.close()
        time.sleep(0.3)
        assert sum(server.call(lambda: dict(server.uv.config.http.limits.held)).values()) == 0  # type: ignore[attr-defined]
