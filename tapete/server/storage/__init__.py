"""Where the match records live: the store (SQLite in WAL mode, or PostgreSQL), its batch
writers and SQLite's checkpoints, the tables' schema, and the Alembic migrations that make it.

It imports only `ops` among the server's rooms; the one exception is migration 0006, which keys
the names already stored with `people.names.name_key` (tests/structure/test_server_layers.py).
"""
