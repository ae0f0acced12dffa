"""`tapete serve`: the table server (lobby API and one WebSocket per seat)."""

from __future__ import annotations

from typing import Annotated

import typer

from .options import LangOpt, check_count, check_lang
from .output import fail


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="database URL: sqlite:///file.db or postgresql://... (default: user data dir)")
    ] = None,
    log_level: Annotated[str, typer.Option(help="debug | info | warning")] = "info",
    workers: Annotated[
        int, typer.Option(help="server processes on this port (more than 1 needs --db postgresql://... and --redis)")
    ] = 1,
    redis: Annotated[
        str | None, typer.Option(help="Redis URL (redis://host:6379/0): several processes, sharing PostgreSQL")
    ] = None,
    admin_token: Annotated[
        str | None,
        typer.Option(envvar="TAPETE_ADMIN_TOKEN", help="token for admin endpoints (/api/stats?reset=true)"),
    ] = None,
    allowed_origins: Annotated[
        str, typer.Option(help="other origins whose pages may open table sockets, comma-separated")
    ] = "",
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(help="load balancers whose X-Forwarded-For names the client, comma-separated (default: none)"),
    ] = "",
    lang: LangOpt = "es",
) -> None:
    """Start the table server: lobby API and one WebSocket per seat."""
    check_lang(lang)
    check_count("--port", port, lang, low=1, high=65535)
    check_count("--workers", workers, lang, low=1, high=64)
    if log_level not in ("debug", "info", "warning"):
        fail(
            lang,
            f"--log-level espera debug, info o warning, no {log_level!r}.",
            f"--log-level expects debug, info or warning, not {log_level!r}.",
        )
    from tapete.server.main import run
    from tapete.server.settings import ServerSettings

    settings = ServerSettings(db_url=db, redis_url=redis, admin_token=admin_token, allowed_origins=allowed_origins,
                              forwarded_allow_ips=forwarded_allow_ips)
    if workers > 1 or redis:
        from tapete.server.workers import serve as serve_workers

        serve_workers(settings, host, port, log_level, workers)
        return
    run(settings, host, port, log_level)
