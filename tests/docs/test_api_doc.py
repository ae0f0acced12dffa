"""Every python example of docs/api.md runs, in order, in one namespace.
A block whose first line is `# needs: <module>` runs where that module is
installed (the optional extras) and is skipped elsewhere."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _blocks() -> list[str]:
    return BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_document_has_examples_for_every_part() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in (
        "new_match",
        "legal_actions",
        "action_to_json",
        "describe_action",
        "apply",
        "view(",
        "visible_events",
        "MatchRecord",
        "replay(",
        "make_bot",
        "state_from_json",
        "position_builder",
        "pettingzoo_env",
        "parallel_env",
        "gym_env",
        "batch(",
        "legal_features",
        "IllegalMove",
    ):
        assert any(name in block for block in _blocks()), f"no example uses {name}"
    assert "InvalidState" in text


def test_every_example_runs() -> None:
    pytest.importorskip("pettingzoo")
    namespace: dict[str, object] = {"__name__": "api_doc"}
    out = io.StringIO()
    for number, block in enumerate(_blocks(), 1):
        needs = re.match(r"# needs: (\w+)", block)
        if needs and importlib.util.find_spec(needs.group(1)) is None:
            continue
        code = compile(block, f"docs/api.md block {number}", "exec")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
    printed = out.getvalue()
    assert "Pass the Boon" in printed and "duplicated" in printed
