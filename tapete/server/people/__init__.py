"""Who plays: player identities (secrets, passwords, sign-in), their names as people read them,
their ratings per game, and what the server remembers of them (matches, wins).

It may import `ops`, `storage` and `wire` among the server's rooms, never `table` or above
(tests/structure/test_server_layers.py).
"""
