"""uvicorn's configuration for this server, shared by the single process (`main`) and the
processes on one port (`workers`)."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from typing import Any

import uvicorn

from ..ops.gcsetup import settle_gc
from ..settings import ServerSettings
from .httpguard import ConnectionLimits, guarded_http
from .wsprotocol import protocol_class


def uvicorn_config(app: Any, settings: ServerSettings, **options: Any) -> uvicorn.Config:
    """uvicorn's configuration for this server: its socket protocol, and the limits on connections."""
    limits = ConnectionLimits(
        settings.header_timeout,
        settings.max_connections_per_address,
        uncapped=trusted_proxies(settings.forwarded_allow_ips),
    )
    log_level = options.pop("log_level", "info")
    return uvicorn.Config(
        app,
        log_level=log_level,
        ws_max_size=settings.max_frame_bytes,
        ws_per_message_deflate=settings.ws_compression,
        ws=protocol_class(settings.ws_compress_min_bytes),
        http=guarded_http(limits),
        timeout_keep_alive=settings.http_idle_timeout,
        access_log=log_level == "debug",
        # uvicorn would trust `X-Forwarded-For` from loopback (and FORWARDED_ALLOW_IPS): a client on this
        # machine could then claim a new address in every request. Only the proxies named are trusted.
        proxy_headers=bool(settings.forwarded_allow_ips.strip()),
        forwarded_allow_ips=settings.forwarded_allow_ips.strip() or "",
        **options,
    )


class SettledServer(uvicorn.Server):
    """uvicorn's server, whose process sets its garbage collector once it takes connections
    (`gcsetup.settle_gc`: start-up's objects are never scanned again, what outlives the middle
    generation is frozen)."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        settle_gc()


def trusted_proxies(spec: str) -> Callable[[str], bool]:
    """Whether an address is one of the proxies `spec` names (addresses or networks, comma-separated;
    "*" for any), as uvicorn reads `forwarded_allow_ips`."""
    entries = [entry.strip() for entry in spec.split(",") if entry.strip()]
    if "*" in entries:
        return lambda _address: True
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise SystemExit(f"--forwarded-allow-ips: {entry[:64]!r} is not an address or a network") from None

    def trusted(address: str) -> bool:
        try:
            found = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(found in network for network in networks)

    return trusted
