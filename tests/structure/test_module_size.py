"""No module in `tapete/` grows past LIMIT lines: past that, split it along a seam.

Text data (a game's `texts.py`: rules and message catalogues in es and en)
is exempt by name: its length is the length of the rulebook, not of code."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tapete"
LIMIT = 520
TEXT_DATA = {"texts.py"}


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_every_code_module_is_within_the_limit() -> None:
    too_long = {
        str(path.relative_to(PACKAGE.parent)): line_count(path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name not in TEXT_DATA and line_count(path) > LIMIT
    }
    assert not too_long, f"modules over {LIMIT} lines (split them): {too_long}"


def test_the_exemption_covers_only_text_data() -> None:
    """Every exempt file is a game's texts module (games/<g>/texts.py)."""
    exempt = [path for path in PACKAGE.rglob("*.py") if path.name in TEXT_DATA]
    assert exempt and all(path.parent.parent.name == "games" for path in exempt)
