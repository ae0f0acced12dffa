"""One error class per protocol code for the table's race outcomes: `stale` and
`superseded` are the table core's (tapete.engine.turns), which the server uses."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tapete"


def classes_with_code(code: str) -> list[str]:
    """`module:Class` for every class in tapete/ whose body sets `code = "<code>"`."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for item in node.body:
                if (
                    isinstance(item, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "code" for t in item.targets)
                    and isinstance(item.value, ast.Constant)
                    and item.value.value == code
                ):
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.name}")
    return found


def test_stale_and_superseded_are_defined_once_by_the_table_core() -> None:
    assert classes_with_code("stale") == ["tapete/engine/turns.py:StaleAction"]
    assert classes_with_code("superseded") == ["tapete/engine/turns.py:SupersededAction"]
