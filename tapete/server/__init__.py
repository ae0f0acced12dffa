"""The table server: lobby API, one WebSocket per seat, table runners, records.

In rooms by domain, each importing only from its own and the rooms before it
(tests/structure/test_server_layers.py): `ops` (logs, counters, the loop's
watch), `storage` (store, writers, schema, migrations), `wire` (uvicorn's
protocols, deflate, limits on what is received), `people` (identities, names,
ratings, history), `table` (the table registry, each table's runner and what it
holds), `cluster` (several processes), `http` (lobby, players, viewer, table
socket). Directly here: what every room shares (`errors`, `settings`) and the
process's entry points and wiring (`app`, `main`, `workers`, `__main__`).

The names below are imported when first asked for: a thinking process
(`table/thinker.py`) imports the server's modules it needs, not the web
application with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .settings import ServerSettings, TableOptions

__all__ = ["ServerSettings", "TableOptions", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    if name in ("ServerSettings", "TableOptions"):
        from . import settings

        return getattr(settings, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
