"""A client that claims another address in `X-Forwarded-For` is still counted by its own.

uvicorn trusts proxy headers from loopback by default: any client on the
server's machine (or behind a local proxy that passes the header on) could
name a new address in each request and so dodge every per-address limit.
Here the header is ignored unless the server is told which proxies to
trust (`--forwarded-allow-ips`), and then only from those proxies.
"""

from __future__ import annotations

import contextlib
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tapete.server.people.players import IDENTITIES_PER_MINUTE, LOGINS_PER_MINUTE_ADDRESS
from tapete.server.wire.uvicorn_setup import trusted_proxies

from .conftest import TIMEOUT, ThreadServer, own_server


def claimed(i: int) -> dict[str, str]:
    """Headers that claim a new address for each request (and the other spellings proxies use)."""
    address = f"203.0.113.{i % 250 + 1}"
    return {"X-Forwarded-For": address, "X-Real-IP": address, "Forwarded": f"for={address}"}


def client(server: ThreadServer, local: str = "127.0.0.1", timeout: float = TIMEOUT) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=timeout, transport=httpx.HTTPTransport(local_address=local))


def test_rotating_forwarded_addresses_do_not_dodge_the_identity_quota(tmp_path: Path) -> None:
    with own_server(tmp_path) as server, client(server) as attacker:
        codes = [
            attacker.post("/api/players", headers=claimed(i)).status_code for i in range(IDENTITIES_PER_MINUTE + 5)
        ]
    assert codes[:IDENTITIES_PER_MINUTE] == [201] * IDENTITIES_PER_MINUTE, codes
    assert set(codes[IDENTITIES_PER_MINUTE:]) == {429}, codes


def test_rotating_forwarded_addresses_do_not_dodge_the_sign_in_limit(tmp_path: Path) -> None:
    """All at once: the limit is counted as each attempt arrives, before its slow password check,
    so what a loaded machine takes to check them does not refill the allowance meanwhile."""
    attempts = 2 * LOGINS_PER_MINUTE_ADDRESS

    def attempt(server: ThreadServer, i: int) -> int:
        with client(server, timeout=120) as attacker:  # the checks wait for each other, one at a time
            return attacker.post(
                "/api/login", json={"name": f"Name {i}", "password": "whatever1"}, headers=claimed(i)
            ).status_code

    with own_server(tmp_path) as server, ThreadPoolExecutor(attempts) as pool:
        started = time.monotonic()
        codes = list(pool.map(lambda i: attempt(server, i), range(attempts)))
        refilled = (time.monotonic() - started) * LOGINS_PER_MINUTE_ADDRESS / 60
    assert set(codes) == {401, 429}, codes
    assert codes.count(401) <= LOGINS_PER_MINUTE_ADDRESS + refilled + 1, codes


def test_rotating_forwarded_addresses_do_not_dodge_the_table_quota(tmp_path: Path) -> None:
    table = {"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}]}
    with own_server(tmp_path, tables_per_minute=3.0) as server, client(server) as attacker:
        codes = [attacker.post("/api/tables", json=table, headers=claimed(i)).status_code for i in range(6)]
    assert codes == [201] * 3 + [429] * 3, codes


@pytest.mark.parametrize("trusted", ["127.0.0.1", "127.0.0.1, ::1"])
def test_a_trusted_proxy_names_the_client_and_no_one_else_does(tmp_path: Path, trusted: str) -> None:
    """Behind a load balancer (the opt-in), each forwarded client has a quota of its own; a client
    that reaches the server without passing through the balancer still cannot claim an address."""
    with own_server(tmp_path, forwarded_allow_ips=trusted) as server:
        with client(server) as proxy:  # the balancer: 127.0.0.1, trusted
            codes = [
                proxy.post("/api/players", headers=claimed(i)).status_code for i in range(IDENTITIES_PER_MINUTE + 5)
            ]
            assert set(codes) == {201}, codes  # a new client each time, each within its quota
            one = [proxy.post("/api/players", headers=claimed(7)).status_code for _ in range(IDENTITIES_PER_MINUTE)]
            assert one[-1] == 429, one  # the one forwarded client ran out
        with client(server, "127.0.0.9") as direct:  # not a trusted proxy: its header is ignored
            codes = [
                direct.post("/api/players", headers=claimed(i)).status_code for i in range(IDENTITIES_PER_MINUTE + 2)
            ]
    assert codes[IDENTITIES_PER_MINUTE:] == [429, 429], codes


def _connections(server: ThreadServer, local: str, count: int) -> tuple[list[socket.socket], int]:
    """`count` idle connections from `local`; how many of them the server answered with a 429."""
    parts = urlsplit(server.url)
    held = [
        socket.create_connection((parts.hostname, parts.port), timeout=5, source_address=(local, 0))
        for _ in range(count)
    ]
    time.sleep(0.3)
    refused = 0
    for sock in held:
        sock.settimeout(0.05)
        with contextlib.suppress(TimeoutError):
            refused += b" 429 " in sock.recv(4096)
    return held, refused


def test_only_a_trusted_proxy_may_hold_more_connections_than_an_address(tmp_path: Path) -> None:
    """The balancer carries every client's connections, so it is not capped as one address is; any
    other address still is."""
    with own_server(
        tmp_path, forwarded_allow_ips="127.0.0.1", max_connections_per_address=3, header_timeout=30
    ) as server:
        proxied, refused_proxy = _connections(server, "127.0.0.1", 6)
        direct, refused_direct = _connections(server, "127.0.0.9", 6)
        for sock in proxied + direct:
            sock.close()
    assert (refused_proxy, refused_direct) == (0, 3)


def test_a_bad_proxy_address_stops_the_server_with_a_clear_message() -> None:
    with pytest.raises(SystemExit, match="not an address"):
        trusted_proxies("10.0.0.1, lb.example")
    assert trusted_proxies("10.0.0.0/8, ::1")("10.2.3.4") and not trusted_proxies("10.0.0.0/8")("11.0.0.1")
