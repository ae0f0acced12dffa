"""Keepalive pings go to quiet sockets only, and a dead peer is still found.

A client that talks shows it is alive as a pong would: it is not pinged
(a server of thousands of people's sockets saved hundreds of pings and
pongs a second). A socket quiet for a whole interval is pinged; one that
then answers nothing is closed (1011) within the ping's timeout.
"""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

from websockets.client import ClientProtocol
from websockets.frames import Close, Frame, Opcode
from websockets.protocol import State
from websockets.uri import parse_uri

from .conftest import ThreadServer, http, own_server

INTERVAL = 0.4  # seconds of quiet before a ping, and for its pong to come back


class RawClient:
    """A table socket whose frames, pings included, are all seen; it answers pings only if told to."""

    def __init__(self, server: ThreadServer, table_id: str, token: str) -> None:
        parts = urlsplit(server.url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=5)
        self.proto = ClientProtocol(parse_uri(f"{server.ws_url}/ws/tables/{table_id}"))
        self.proto.send_request(self.proto.connect())
        self.flush(answer=True)
        self.pings = 0
        self.closed: int | None = None
        deadline = time.monotonic() + 5
        while self.proto.state is not State.OPEN:  # the handshake's answer
            assert time.monotonic() < deadline and self.closed is None, "no handshake"
            self.read_once(deadline - time.monotonic())
        self.send({"type": "hello", "token": token})

    def send(self, message: dict[str, object]) -> None:
        self.proto.send_text(json.dumps(message).encode())
        self.flush(answer=True)

    def flush(self, answer: bool) -> None:
        """Write what the protocol has to send; without `answer`, its automatic pongs are dropped."""
        data = b"".join(self.proto.data_to_send())
        if answer:
            self.sock.sendall(data)

    def read_for(self, seconds: float, answer: bool) -> None:
        deadline = time.monotonic() + seconds
        while self.closed is None and time.monotonic() < deadline:
            self.read_once(deadline - time.monotonic(), answer)

    def read_once(self, seconds: float, answer: bool = True) -> None:
        """What arrives within `seconds`, in one read: pings counted, a close noted."""
        self.sock.settimeout(max(seconds, 0.001))
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return
        self.proto.receive_data(data)
        for event in self.proto.events_received():
            if isinstance(event, Frame) and event.opcode == Opcode.PING:
                self.pings += 1
            if isinstance(event, Frame) and event.opcode == Opcode.CLOSE:
                self.closed = Close.parse(event.data).code
        self.flush(answer)
        if not data:
            self.closed = self.closed or 1006


def people_table(server: ThreadServer) -> tuple[str, str]:
    with http(server) as client:
        created = client.post(
            "/api/tables", json={"game": "bacan", "seats": [{"type": "human"}, {"type": "bot", "level": "random"}]}
        ).json()
    return created["table"]["id"], created["token"]


def test_a_talking_socket_is_not_pinged_and_a_quiet_one_is(tmp_path: Path) -> None:
    with own_server(tmp_path, ping_interval=INTERVAL) as server:
        table_id, token = people_table(server)
        client = RawClient(server, table_id, token)
        for seq in range(16):  # 4 intervals, a message every quarter of one
            client.send({"type": "ping", "seq": seq})
            client.read_for(INTERVAL / 4, answer=True)
        assert client.pings == 0 and client.closed is None
        client.read_for(INTERVAL * 3, answer=True)  # quiet now: pinged, answers, stays
        assert client.pings >= 1 and client.closed is None


def test_a_quiet_socket_that_answers_nothing_is_closed(tmp_path: Path) -> None:
    with own_server(tmp_path, ping_interval=INTERVAL) as server:
        table_id, token = people_table(server)
        client = RawClient(server, table_id, token)
        started = time.monotonic()
        client.read_for(10, answer=False)
        assert client.pings == 1 and client.closed == 1011
        assert time.monotonic() - started < INTERVAL * 2 + 1.5
