"""docs/research.md's OpenSpiel examples (python blocks that begin `# needs: pyspiel`)
run, in order, in one namespace."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def test_the_openspiel_examples_of_research_md_run() -> None:
    blocks = [b for b in BLOCK.findall(DOC.read_text(encoding="utf-8")) if b.startswith("# needs: pyspiel")]
    assert blocks, "docs/research.md shows no OpenSpiel example"
    namespace: dict[str, object] = {"__name__": "research_doc"}
    out = io.StringIO()
    for number, block in enumerate(blocks, 1):
        with contextlib.redirect_stdout(out):
            exec(compile(block, f"docs/research.md OpenSpiel block {number}", "exec"), namespace)
    printed = out.getvalue()
    for call in ("OutcomeSamplingSolver", "rl_environment.Environment", "QLearner", "zerosum("):
        assert any(call in block for block in blocks), f"no example uses {call}"
    assert "Utility.ZERO_SUM -0.5 0.5" in printed
