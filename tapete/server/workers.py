"""Several server processes on one port: `tapete serve --workers N --db postgresql://... --redis redis://...`.

Every process binds the same address with SO_REUSEPORT, so the kernel
spreads new connections over them; nothing else is shared but PostgreSQL
(records and table leases) and Redis (messages between processes), see
`tapete.server.cluster`. With `--workers N` this process starts N of them
and starts a new one when one dies (its tables are taken over by the others
meanwhile). Processes may also be started one by one, on this machine or
others behind a load balancer:

    python -m tapete.server.workers --port 8000 --db-url postgresql://... --redis-url redis://...

A single process on SQLite (`tapete serve`) stays the default.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import signal
import socket
import sys
import time
from dataclasses import replace
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

import uvicorn

from .app import create_app
from .ops import logs
from .settings import ServerSettings, add_setting_arguments, settings_from
from .wire.uvicorn_setup import SettledServer, uvicorn_config

RESTART_PAUSE = 1.0


def shared_socket(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port) that other processes may bind too."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


class WorkerServer(SettledServer):
    """uvicorn's server; once it takes connections, its tables take sockets handed by the other
    processes of this machine (tapete.server.cluster.handoff) as connections accepted here."""

    def __init__(self, config: uvicorn.Config, app: Any) -> None:
        super().__init__(config)
        self.app = app

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        services = getattr(self.app.state, "tapete", None)
        port = getattr(getattr(services, "tables", None), "handoffs", None)
        if port is None:
            return
        config = self.config

        def accepted() -> asyncio.Protocol:
            return config.http_protocol_class(  # type: ignore[call-arg]
                config=config, server_state=self.server_state, app_state=self.lifespan.state
            )

        port.listen(accepted)


def run_worker(settings: ServerSettings, host: str, port: int, log_level: str, own_port: int = 0) -> None:
    """One server process on the shared port (blocks until it is stopped); also on `own_port`, if
    given: an address of this process alone (health checks, per-process stats, tests)."""
    logs.configure(log_level)
    app = create_app(settings)
    config = uvicorn_config(app, settings, log_level=log_level, timeout_graceful_shutdown=5)
    sockets = [shared_socket(host, port)]
    if own_port:
        mine = socket.create_server((host, own_port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
        mine.set_inheritable(True)
        sockets.append(mine)
    WorkerServer(config, app).run(sockets=sockets)


def check(settings: ServerSettings, workers: int) -> None:
    db = settings.db_url or ""
    if workers < 1:
        raise SystemExit("--workers must be at least 1")
    if not settings.redis_url or not db.startswith(("postgresql", "postgres")):
        raise SystemExit(
            "Several server processes share PostgreSQL and Redis: give --db postgresql://... and --redis redis://... "
            "(without them, `tapete serve` runs one process on SQLite)."
        )


def serve(settings: ServerSettings, host: str, port: int, log_level: str, workers: int) -> None:
    """Run `workers` processes on (host, port); keep them running until stopped (Ctrl-C, SIGTERM)."""
    check(settings, workers)
    print(
        f"tapete: http://{'localhost' if host in ('127.0.0.1', '::1') else host}:{port}/  "
        f"({workers} processes · PostgreSQL and Redis)",
        flush=True,
    )
    if workers == 1:
        run_worker(settings, host, port, log_level)
        return
    shared_socket(host, port).close()  # fail here, once, if the port is taken
    if not settings.thinking_processes:  # the machine's cores shared among the processes' thinking processes
        settings = replace(settings, thinking_processes=max(1, (os.cpu_count() or 2) // workers - 1))
    context = multiprocessing.get_context("spawn")
    children: list[BaseProcess] = []
    stopping = False

    def start() -> BaseProcess:
        child = context.Process(target=run_worker, args=(settings, host, port, log_level), daemon=False)
        child.start()
        return child

    def stop(_signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    children = [start() for _ in range(workers)]
    while not stopping:
        time.sleep(0.5)
        for i, child in enumerate(children):
            if not child.is_alive() and not stopping:
                print(f"tapete: process {child.pid} ended ({child.exitcode}); starting another", file=sys.stderr)
                time.sleep(RESTART_PAUSE)
                children[i] = start()
    for child in children:
        if child.is_alive() and child.pid is not None:
            child.terminate()
    for child in children:
        child.join(15)
        if child.is_alive():
            child.kill()


def main(argv: list[str] | None = None) -> None:
    """`python -m tapete.server.workers`: every ServerSettings field as a flag (as `tapete serve`), plus
    --workers and --own-port."""
    parser = argparse.ArgumentParser(prog="python -m tapete.server.workers")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--own-port", type=int, default=0, help="one process, also listening here alone")
    add_setting_arguments(parser)
    args = vars(parser.parse_args(argv if argv is not None else sys.argv[1:]))
    settings = settings_from(args)
    host, port, level, workers = args.pop("host"), args.pop("port"), args.pop("log_level"), args.pop("workers")
    own_port = args.pop("own_port")
    if own_port:
        check(settings, 1)
        run_worker(settings, host, port, level, own_port)
        return
    serve(settings, host, port, level, workers)


if __name__ == "__main__":
    main()
