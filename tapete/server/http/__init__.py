"""What a client reaches: the lobby's REST API, the players' API (identities, profiles,
leaderboards), the viewer's (replays, deck data), the table WebSocket, the models of everything
a client may send, and the security headers on every answer. The process's wiring of it all is
`tapete.server.app`.

The top room: it may import every other room, and none imports it
(tests/structure/test_server_layers.py). The name is the protocol's; inside `tapete.server` an
`import http` still reads the standard library's (absolute imports).
"""
