"""tapete/web/static/js/protocol.js is generated from the server's models and tapete/protocol/, and
is current; the browser writes no message kind of its own, and the server sends only the kinds it
declares (models.SERVER_MESSAGE_TYPES)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tapete.server.http.clientgen import COMMAND, PROTOCOL_JS, constants, protocol_js
from tapete.server.http.models import MESSAGE_TYPES, SERVER_MESSAGE_TYPES

ROOT = Path(__file__).resolve().parents[2]
STATIC_JS = ROOT / "tapete" / "web" / "static" / "js"


def test_the_browsers_protocol_file_is_current() -> None:
    assert PROTOCOL_JS.read_text(encoding="utf-8") == protocol_js(), f"regenerate it: {COMMAND}"


def test_it_holds_what_the_server_reads_and_says() -> None:
    made = constants()
    assert list(made["SEND"]) == list(MESSAGE_TYPES)
    assert made["SEND"]["chat"] == ["type", "text", "phrase"]
    assert made["CLOSES"]["bad_token"] == 4401 and made["LIMITS"]["chatText"] == 300
    assert set(made["PHRASES"]) == {"good_game", "good_luck", "oops", "thanks", "well_done"}
    assert made["CHAT_ERRORS"] == ["bad_chat", "chat_off", "rate_limited"]


def sent_kinds() -> set[str]:
    """The `type` of every message literal the server builds (`{"type": "state", ...}`; ASGI's own
    messages, `{"type": "http.response.start"}`, are dotted)."""
    kinds = set()
    for path in (ROOT / "tapete" / "server").rglob("*.py"):
        if path.name == "models.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "type"
                        and isinstance(value, ast.Constant)
                        and isinstance(value.value, str)
                        and "." not in value.value
                    ):
                        kinds.add(value.value)
    return kinds


def test_the_server_sends_only_the_kinds_it_declares() -> None:
    assert sent_kinds() == set(SERVER_MESSAGE_TYPES)


def test_the_browser_builds_its_messages_from_the_generated_kinds() -> None:
    """A message a client sends is made by socket.js's `outgoing(kind, fields)`, which checks both
    against protocol.js: no module writes `{type: "chat", ...}` itself."""
    written = re.compile(r"\btype:\s*\"(" + "|".join(MESSAGE_TYPES) + r")\"")
    found = [
        f"{path.name}: {m.group(0)}"
        for path in sorted(STATIC_JS.rglob("*.js"))
        if path != PROTOCOL_JS
        for m in written.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found, found


def test_the_browser_names_the_servers_close_codes_from_the_generated_file() -> None:
    """A close code is compared with, passed on or listed by its name from protocol.js
    (`code === CLOSES.bad_token`), never as a number (4401) in a browser module's code."""
    codes = "|".join(str(code) for code in constants()["CLOSES"].values())
    literal = re.compile(r"(?:[=!]==?\s*|closed\?\.\(|Set\(\[(?:[^\]]*,\s*)?)(" + codes + r")\b")
    found = [
        f"{path.name}: {line.strip()}"
        for path in sorted(STATIC_JS.rglob("*.js"))
        if path != PROTOCOL_JS
        for line in path.read_text(encoding="utf-8").splitlines()
        if literal.search(line.split("//", 1)[0])
    ]
    assert not found, found
