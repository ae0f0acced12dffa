"""What an operator reads and tunes: structured logs, counters (/api/stats), the event loop's
lateness, the garbage collector's settings, and the crash points the crash tests use.

The lowest room of the server: it imports no other room (see tests/structure/test_server_layers.py).
"""
