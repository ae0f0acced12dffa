"""Run the server under uvicorn (`tapete serve` and `python -m tapete.server`)."""

from __future__ import annotations

import argparse
import sys

from .app import create_app
from .ops import logs
from .settings import ServerSettings, add_setting_arguments, async_db_url, settings_from
from .wire.uvicorn_setup import SettledServer, uvicorn_config
from .workers import serve as serve_workers

__all__ = ["main", "run", "uvicorn_config"]


def run(settings: ServerSettings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    logs.configure(log_level)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    db = async_db_url(settings.db_url)
    print(f"tapete: http://{shown}:{port}/  (API: http://{shown}:{port}/docs · db: {_safe_url(db)})", flush=True)
    config = uvicorn_config(create_app(settings), settings, host=host, port=port, log_level=log_level)
    SettledServer(config).run()


def _safe_url(url: str) -> str:
    """The database URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, cred = head.partition("://")
    return f"{scheme}://{cred.split(':')[0]}:***@{tail}"


def main(argv: list[str] | None = None) -> None:
    """Every ServerSettings field as a flag (tapete.server.settings.setting_flags, as `tapete serve`);
    `--workers N` runs N processes on one port (PostgreSQL and Redis required), as `tapete serve --workers N`."""
    parser = argparse.ArgumentParser(prog="python -m tapete.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log-level", default="info")
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="processes on one port, sharing --db-url postgresql://... and --redis-url (0: this one)",
    )
    add_setting_arguments(parser)
    args = vars(parser.parse_args(argv if argv is not None else sys.argv[1:]))
    settings = settings_from(args)
    host, port, level, workers = args.pop("host"), args.pop("port"), args.pop("log_level"), args.pop("workers")
    if workers:
        serve_workers(settings, host, port, level, workers)
        return
    run(settings, host, port, level)
