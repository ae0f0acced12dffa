"""No import circle inside `tapete/`, function-level imports included.

A circle hidden in a function-level import still ties two modules together
(and breaks when someone moves the import up); only imports under
`if TYPE_CHECKING:` are left out, as they never run."""

from __future__ import annotations

from graphlib import CycleError, TopologicalSorter

from .imports import import_graph


def test_the_graph_sees_relative_and_function_level_imports() -> None:
    graph = import_graph()
    assert "tapete.tui.app" in graph["tapete.cli.play"]  # imported inside `play`
    assert "tapete.sim.runner" in graph["tapete.sim.jobs"]  # `from .runner import ...`
    assert "tapete.engine.turns" in graph["tapete.sim.runner"]  # `from tapete.engine.turns import ...`


def test_no_import_circle_inside_tapete() -> None:
    try:
        TopologicalSorter(import_graph()).prepare()
    except CycleError as err:
        raise AssertionError(f"import circle: {' -> '.join(err.args[1])}") from None
