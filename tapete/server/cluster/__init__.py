"""Several server processes behind one address: each table owned by one process at a time
(leases in PostgreSQL, fenced writes), messages between processes through Redis (`fanout`), and
table sockets handed to the owner on one machine (`handoff`). `registry.ClusterTableRegistry` is the
table registry of one process of several.

It may import every room below it (`ops`, `storage`, `wire`, `people`, `table`), never `http`
(tests/structure/test_server_layers.py).
"""
