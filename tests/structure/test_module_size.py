"""No module in `tapete/` grows past LIMIT lines: past that, split it along a seam.

Long prose is not code: a game's rules text lives in `rules.es.md` and
`rules.en.md` beside its modules, so no module is exempt."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tapete"
LIMIT = 520


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_every_module_is_within_the_limit() -> None:
    too_long = {
        str(path.relative_to(PACKAGE.parent)): line_count(path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if line_count(path) > LIMIT
    }
    assert not too_long, f"modules over {LIMIT} lines (split them): {too_long}"
