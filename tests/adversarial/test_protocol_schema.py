"""docs/protocol.schema.json is generated from the models the server reads messages with, and is current."""

from __future__ import annotations

import json
from pathlib import Path

from tapete.server.http.models import protocol_schema, schema_text

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"


def test_the_schema_file_is_current() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "regenerate it: python -m tapete.server.http.models > docs/protocol.schema.json"
    )


def test_the_schema_names_every_client_message_and_refuses_unknown_fields() -> None:
    schema = protocol_schema()
    kinds = set(schema["socket_message"]["discriminator"]["mapping"])
    assert kinds == {"hello", "action", "sync", "dismiss", "ping", "chat", "rematch", "hint"}
    for name, definition in schema["$defs"].items():
        assert definition.get("additionalProperties") is False, name
    action = schema["$defs"]["ActionMessage"]["properties"]
    assert action["seq"]["type"] == "integer" and action["version"]["minimum"] == 0
    json.dumps(schema)  # plain JSON
