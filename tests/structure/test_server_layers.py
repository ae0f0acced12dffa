"""The server's rooms import one way: a module imports from its own room and the rooms below it,
never from a room above (a server in rooms by domain, as lichess's modules).

From the lowest to the highest:

- `ops`: logs, counters, the loop's watch, the garbage collector's settings, crash points;
- `storage`: the store, its writers, schema and migrations;
- `wire`: uvicorn's setup and protocols, deflate, the limits on what is received;
- `people`: identities, names, ratings, history;
- `table`: the table registry, each table's runner and what it holds;
- `cluster`: several processes (leases, fanout, handoff, the cluster's table registry);
- `tournaments`: Swiss tournaments and arenas over the tables (pairing, what is stored, the service);
- `http`: what a client reaches (lobby, players' API, viewer, table socket, models, headers).

Directly in `tapete/server/` are only the words every room shares (`errors`, `settings`: below
every room) and the process's entry points and wiring (`app`, `main`, `workers`, `__main__`, the
package itself: above every room, and no room imports them).

Imports under `if TYPE_CHECKING:` are held to the same order: a type a room needs from a room
above is a sign the code sits in the wrong room, whether or not the import runs.
"""

from __future__ import annotations

from .imports import import_graph

SERVER = "tapete.server"
ROOMS = ("ops", "storage", "wire", "people", "table", "cluster", "tournaments", "http")
SHARED = ("errors", "settings")
ENTRY = ("", "__main__", "app", "main", "workers")  # "": the package's __init__
MOST_AT_TOP = 8  # modules directly in tapete/server/

# (importer, imported): why this import goes up.
EXCEPTIONS = {
    ("tapete.server.storage.migrations.versions.0006_name_keys", "tapete.server.people.names"): (
        "the migration that added name keys computes the keys of the names already stored, with the very "
        "function that keys every new name (a copy could drift from it); Alembic runs it once, at upgrade"
    ),
}


def place(module: str) -> str:
    """The room of a server module, or "shared" / "entry" for a module directly in tapete/server/."""
    assert module == SERVER or module.startswith(SERVER + "."), module
    rest = module[len(SERVER) + 1 :].split(".") if module != SERVER else [""]
    if len(rest) > 1 or rest[0] in ROOMS:
        return rest[0]
    if rest[0] in SHARED:
        return "shared"
    if rest[0] in ENTRY:
        return "entry"
    raise AssertionError(f"{module}: directly in tapete/server/ but neither shared nor an entry point")


def rank(module: str) -> int:
    where = place(module)
    if where == "shared":
        return -1
    if where == "entry":
        return len(ROOMS)
    return ROOMS.index(where)


def server_graph() -> dict[str, set[str]]:
    """Each server module and the server modules it imports (TYPE_CHECKING imports included)."""
    graph = import_graph(type_checking=True)
    return {
        name: {other for other in imported if other.startswith(SERVER + ".") or other == SERVER}
        for name, imported in graph.items()
        if name.startswith(SERVER + ".") or name == SERVER
    }


def upward_imports() -> dict[tuple[str, str], str]:
    """Every import from a room above the importer's own, as (importer, imported): "room -> room"."""
    found = {}
    for name, imported in server_graph().items():
        for other in imported:
            if rank(other) > rank(name):
                found[(name, other)] = f"{place(name)} -> {place(other)}"
    return found


def test_the_scan_sees_the_rooms() -> None:
    graph = server_graph()
    assert "tapete.server.storage.store" in graph["tapete.server.table.registry"]
    assert "tapete.server.table.runner" in graph["tapete.server.cluster.fanout"]
    assert "tapete.server.http.lobby" in graph["tapete.server.http.sockets"]  # a TYPE_CHECKING import


def test_every_server_module_has_a_place() -> None:
    graph = server_graph()
    for name in graph:
        place(name)  # raises for a module directly in tapete/server/ that is neither shared nor an entry
    top = sorted(name for name in graph if place(name) in ("shared", "entry"))
    assert len(top) <= MOST_AT_TOP, f"{len(top)} modules directly in tapete/server/ (at most {MOST_AT_TOP}): {top}"
    assert {place(name) for name in graph} >= set(ROOMS), "a room of ROOMS is gone: take it out of the order"


def test_rooms_import_only_downward() -> None:
    wrong = {pair: rooms for pair, rooms in upward_imports().items() if pair not in EXCEPTIONS}
    assert not wrong, (
        "imports from a room above the importer's own (move the code, or pass it in from above): "
        + "; ".join(f"{a} imports {b} ({rooms})" for (a, b), rooms in sorted(wrong.items()))
    )


def test_every_exception_is_still_needed() -> None:
    stale = set(EXCEPTIONS) - set(upward_imports())
    assert not stale, f"exceptions that no longer happen (take them out): {sorted(stale)}"
