"""No module in `tapete/` grows past LIMIT lines, unless it is named in ONE_IDEA, and then not
past a bound of its own.

LIMIT is a prompt to look for a seam, not a seam: a long module is split where its ideas part,
never at a line count. Split at the count, a table's runner once lost three parts that each
held the runner itself to reach the rest. A module that is one idea (cut anywhere,
its parts would reach back into each other) is named in ONE_IDEA with why, and with a bound of
its own, so that it cannot grow unseen.

Long prose is not code: a game's rules text lives in `rules.es.md` and `rules.en.md` beside its
modules, so no module is exempt by name."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tapete"
LIMIT = 520
# module (from the repository's root): (its bound, why it is one idea)
ONE_IDEA = {
    "tapete/server/table/runner.py": (
        660,
        "one table's queue and what each message does to the table, in order; what it holds besides "
        "(record, seating, rematch, chat, presenter, hints) already lives apart and is passed what it needs "
        "(644 lines once `ruff format` spread its calls an argument a line: 588 before)",
    ),
}


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def code_modules() -> dict[str, int]:
    return {str(path.relative_to(PACKAGE.parent)): line_count(path) for path in sorted(PACKAGE.rglob("*.py"))}


def test_every_code_module_is_within_the_limit() -> None:
    too_long = {
        name: lines
        for name, lines in code_modules().items()
        if lines > (ONE_IDEA[name][0] if name in ONE_IDEA else LIMIT)
    }
    assert not too_long, f"modules over {LIMIT} lines, or over their ONE_IDEA bound (split them): {too_long}"


def test_every_one_idea_module_needs_its_bound() -> None:
    """A module named in ONE_IDEA exists, is over LIMIT (else the name goes), and says why."""
    modules = code_modules()
    for name, (bound, why) in ONE_IDEA.items():
        assert name in modules, f"{name} is gone: take it out of ONE_IDEA"
        assert LIMIT < modules[name] <= bound, f"{name}: {modules[name]} lines (LIMIT {LIMIT}, bound {bound})"
        assert why.strip()
