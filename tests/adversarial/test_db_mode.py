"""Finding 7: the SQLite file was created 0644 with the seeds of unfinished matches.

The database file and its -wal/-shm companions are readable by their owner
only, whatever the umask, and an older file is made private when opened.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .conftest import http, own_server


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_database_files_are_private(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        with own_server(tmp_path) as server, http(server) as client:
            client.post("/api/tables", json={"game": "bacan"})
            files = sorted(tmp_path.glob("tapete.db*"))
            assert any(f.name == "tapete.db-wal" for f in files), files
            for f in files:
                assert mode(f) == 0o600, (f, oct(mode(f)))
        # a file made before, under a lax umask, is made private when the server opens it
        older = tmp_path / "older"
        older.mkdir()
        (older / "tapete.db").touch(mode=0o644)
        os.chmod(older / "tapete.db", 0o644)
        with own_server(older):
            assert mode(older / "tapete.db") == 0o600
    finally:
        os.umask(old)
