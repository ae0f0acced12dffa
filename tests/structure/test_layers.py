"""The arrows between tapete's layers point down (DESIGN.md, "The layers").

engine <- games <- bots <- {sim, envs, server, tui} <- cli, and protocol (the table server's
shared words) under server and tui: a layer imports only the
layers listed for it below, and nothing but the command line imports the server, the
web client, the terminal client or the command line itself. Imports inside a layer
are free; function-level imports count (tests/structure/imports.py reads them all).

A new top-level package or module of `tapete/` must be given its place here."""

from __future__ import annotations

from .imports import PACKAGE, import_graph

# What each top-level part of tapete/ may import, besides itself and `tapete` (the root
# package: the version). Bots sit under the front ends: the simulator, the RL adapters, the
# server (stand-ins) and the terminal client (opponents) all seat them.
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    # tapete.protocol: the table server's words and limits its clients share (errors, quick phrases)
    "protocol": set(),
    "games": {"engine"},
    # the shipped models: weights read with numpy (tapete.models)
    "models": {"engine"},
    "bots": {"engine", "games", "models"},
    "sim": {"engine", "games", "bots"},
    "envs": {"engine", "games", "bots"},
    "server": {"engine", "games", "bots", "protocol", "analysis"},
    "tui": {"engine", "games", "bots", "protocol"},
    "web": set(),  # static files, served by the server
    # tapete.api: the stable Python API (docs/api.md)
    "api": {"engine", "games", "bots"},
    # training the learned bots (PyTorch, extra `train`): imported by nothing but the command line
    "train": {"engine", "games", "models", "bots", "sim"},
    # the post-game analysis: a finished match's decisions judged by the search or a shipped model
    "analysis": {"engine", "games", "models", "bots"},
    # tapete.story: a seeded match told as a seat's log (`tapete story`)
    "story": {"engine", "games", "bots", "sim"},
    # tapete.openspiel: the former path of tapete.envs.openspiel, the same module
    "openspiel": {"envs"},
    "cli": {"engine", "games", "bots", "sim", "envs", "server", "tui", "story", "train", "analysis"},
}
ROOT = "tapete"
ONLY_CLI_IMPORTS = {"server", "web", "tui", "cli", "train"}


def part(module: str) -> str:
    """The top-level part of tapete/ a module belongs to (`tapete.sim.runner` -> `sim`)."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else ROOT


def crossings() -> dict[tuple[str, str], list[str]]:
    """(importer's part, imported part) -> the module imports that cross between them."""
    found: dict[tuple[str, str], list[str]] = {}
    for module, imported in import_graph().items():
        for other in sorted(imported):
            here, there = part(module), part(other)
            if here != there and there != ROOT:
                found.setdefault((here, there), []).append(f"{module} -> {other}")
    return found


def test_every_part_of_tapete_has_its_place() -> None:
    parts = {path.name for path in PACKAGE.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    parts |= {path.stem for path in PACKAGE.glob("*.py") if path.name != "__init__.py"}
    assert parts == set(ALLOWED), f"give these a place in ALLOWED: {sorted(parts - set(ALLOWED))}"


def test_the_table_keeps_designs_arrows() -> None:
    """Nothing but the command line may import the server, the web client, the terminal, training or the CLI."""
    for importer, allowed in ALLOWED.items():
        if importer != "cli":
            assert not allowed & ONLY_CLI_IMPORTS, importer
    assert "cli" not in ALLOWED["cli"]


def test_imports_between_parts_point_down() -> None:
    wrong = {
        f"{here} -> {there}": modules for (here, there), modules in crossings().items() if there not in ALLOWED[here]
    }
    assert not wrong, f"imports against DESIGN's arrows: {wrong}"


def test_the_scan_sees_crossings() -> None:
    found = crossings()
    assert "tapete.cli.play -> tapete.tui.app" in found[("cli", "tui")]
    assert ("games", "engine") in found and ("server", "bots") in found
