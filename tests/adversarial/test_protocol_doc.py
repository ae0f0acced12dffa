"""Finding 9: the document and the server disagreed. The document's examples are run against a live server.

Every ```transcript block of docs/protocol.md, in order, against one fresh
server: HTTP requests (`GET path` / `POST path body`, then `← status
body`) and one socket at a time (`WS path`, `→ message`, `← message`). An
answer is matched on the fields it shows: `"..."` stands for any other
fields (as a key), any value (as a value) or more items (as a list's last
item); `"<name>"` remembers a value, and later stands for it, also inside a
string (`"seat:<table>:1"`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx

from .conftest import Socket, ThreadServer, own_server

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
NAME = re.compile(r"<([a-z_]+)>")


def transcripts() -> list[list[str]]:
    blocks = re.findall(r"```transcript\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [[line.strip() for line in block.splitlines() if line.strip()] for block in blocks]


class Walk:
    def __init__(self, server: ThreadServer) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=10)
        self.names: dict[str, Any] = {}
        self.socket: Socket | None = None
        self.last: httpx.Response | None = None

    def fill(self, text: str) -> str:
        return NAME.sub(lambda m: str(self.names[m.group(1)]) if m.group(1) in self.names else m.group(0), text)

    def match(self, expected: Any, actual: Any, where: str) -> None:
        if expected == "...":
            return
        if isinstance(expected, str) and NAME.fullmatch(expected):
            name = expected[1:-1]
            if name in self.names:
                assert actual == self.names[name], (where, expected, actual)
            else:
                self.names[name] = actual
            return
        if isinstance(expected, dict):
            assert isinstance(actual, dict), (where, actual)
            keys = set(expected) - {"..."}
            if "..." not in expected:
                assert set(actual) == keys, (where, sorted(actual), sorted(keys))
            for key in keys:
                assert key in actual, (where, key, actual)
                self.match(expected[key], actual[key], f"{where}.{key}")
            return
        if isinstance(expected, list):
            assert isinstance(actual, list), (where, actual)
            if expected and expected[-1] == "...":
                assert len(actual) >= len(expected) - 1, (where, actual)
                expected = expected[:-1]
                actual = actual[: len(expected)]
            assert len(actual) == len(expected), (where, expected, actual)
            for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
                self.match(e, a, f"{where}[{i}]")
            return
        if isinstance(expected, str):  # a known name inside a string ("seat:<table>:1") stands for its value
            expected = self.fill(expected)
        assert expected == actual, (where, expected, actual)

    def step(self, line: str) -> None:
        if line.startswith(("GET ", "POST ")):
            method, _, rest = line.partition(" ")
            path, _, body = rest.partition(" ")
            content = self.fill(body).encode() if body else None
            headers = {"content-type": "application/json"} if body else {}
            self.last = self.http.request(method, self.fill(path), content=content, headers=headers)
        elif line.startswith("WS "):
            if self.socket is not None:
                self.socket.close()
            table_id = self.fill(line[3:]).rpartition("/")[2]
            self.socket = Socket(self.server, table_id)
        elif line.startswith("→ "):
            assert self.socket is not None
            self.socket.send(self.fill(line[2:]))
        elif line.startswith("← ") and re.match(r"← \d{3} ", line):
            assert self.last is not None
            status, _, body = line[2:].partition(" ")
            assert self.last.status_code == int(status), (line, self.last.status_code, self.last.text[:300])
            self.match(json.loads(body), self.last.json(), line[:60])
        elif line.startswith("← "):
            assert self.socket is not None
            expected = json.loads(line[2:])
            while True:
                message = self.socket.recv()
                if message["type"] == expected["type"]:
                    break
            self.match(expected, message, line[:60])
        else:
            raise AssertionError(f"not a transcript line: {line}")


def test_the_documents_examples_hold_against_a_live_server(tmp_path: Path) -> None:
    blocks = transcripts()
    assert len(blocks) >= 10
    with own_server(tmp_path) as server:
        walk = Walk(server)
        try:
            for block in blocks:
                for line in block:
                    walk.step(line)
        finally:
            if walk.socket is not None:
                walk.socket.close()
            walk.http.close()


def test_every_endpoint_of_the_server_is_in_the_document(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    with own_server(tmp_path) as server:
        routes = {
            (method, route.path)
            for route in server.app.routes
            for method in getattr(route, "methods", None) or ()
            if route.path.startswith("/api/")
        }
    for method, path in routes:
        if method == "HEAD":
            continue
        shown = re.sub(r"\{(table_id|match_id)\}", "{id}", path).replace("{game_id}", "{game}")
        assert f"{method} {shown}" in text, f"{method} {path} is not documented"
