"""Who imports whom inside `tapete/`, read from the source (AST), function-level imports included.

Shared by the structure tests: `test_import_cycles` (no circle), `test_layers` (arrows between
tapete's parts point down) and `test_server_layers` (the server's rooms import one way). Imports
under `if TYPE_CHECKING:` never run; `imports_of` leaves them out unless asked for them."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tapete"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def tapete_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def type_checking_nodes(tree: ast.AST) -> set[int]:
    """Ids of the nodes under `if TYPE_CHECKING:` (imports that never run)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for inner in ast.walk(node))
    return skipped


def imported_from(node: ast.ImportFrom, package: str) -> str:
    """The absolute module a `from X import ...` reads from."""
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = parts[: len(parts) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, modules: dict[str, Path], type_checking: bool = False) -> set[str]:
    """The tapete modules `name` imports at run time, at any depth of its code (and, with
    `type_checking`, those it imports for the type checker only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skipped = set() if type_checking else type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            source = imported_from(node, package)
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in modules:
                    found.add(submodule)
                elif source in modules:
                    found.add(source)
    found.discard(name)
    return found


def import_graph(type_checking: bool = False) -> dict[str, set[str]]:
    """Every tapete module and the tapete modules it imports."""
    modules = tapete_modules()
    return {name: imports_of(name, path, modules, type_checking) for name, path in modules.items()}
