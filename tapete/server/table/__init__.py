"""A table at play: the table registry (`registry.TableRegistry`: every table of this process), and for
each table its runner (one asyncio task and queue around the engine's `TableCore`), its seat
registry and comings and goings, its record writer, rematch and chat, its bots and their pacer,
and the presenter that builds what each socket is told (states, sentences, the kept log).

It may import `ops`, `storage`, `wire` and `people` among the server's rooms, never `cluster` or
`http` (tests/structure/test_server_layers.py).
"""
