"""`dumps` writes what orjson writes with OPT_NON_STR_KEYS, asking for the option only when a
key is no string (it doubles the time of every dict)."""

from __future__ import annotations

import math

import orjson
import pytest

from tapete.server.table.connection import dumps


def with_option(value: object) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


@pytest.mark.parametrize(
    "value",
    [
        {"type": "state", "view": {"rows": [{"cards": [None, "7-oros"]}]}, "text": 'Añá “0” \\ " \n'},
        {1: "uno", "2": [{3: None}], None: True},  # keys that are no strings, deep too
        [1.5, -0, "x", {"a": {"b": {}}}],
        "só",
        12,
        None,
        math.nan,
    ],
)
def test_the_text_is_orjson_with_non_string_keys(value: object) -> None:
    assert dumps(value) == with_option(value)


def test_what_is_no_json_is_refused_still() -> None:
    with pytest.raises(TypeError):
        dumps({"a": object()})
