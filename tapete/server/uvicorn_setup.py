"""uvicorn's configuration for this server, shared by the single process (`main`) and the
processes on one port (`workers`)."""

from __future__ import annotations

from typing import Any

import uvicorn

from .httpguard import ConnectionLimits, guarded_http
from .settings import ServerSettings
from .wsprotocol import FastDeflateProtocol


def uvicorn_config(app: Any, settings: ServerSettings, **options: Any) -> uvicorn.Config:
    """uvicorn's configuration for this server: its socket protocol, and the limits on connections."""
    limits = ConnectionLimits(settings.header_timeout, settings.max_connections_per_address)
    log_level = options.pop("log_level", "info")
    return uvicorn.Config(
        app,
        log_level=log_level,
        ws_max_size=settings.max_frame_bytes,
        ws_per_message_deflate=settings.ws_compression,
        ws=FastDeflateProtocol,
        http=guarded_http(limits),
        timeout_keep_alive=settings.http_idle_timeout,
        access_log=log_level == "debug",
        **options,
    )
