"""Limits enforced on what is received, not on what a header claims.

`BodyGuard` is an ASGI middleware in front of the REST API: it reads a
request's body itself, whatever its transfer encoding (a `Content-Length`
or `chunked`), and answers 413 the moment more than the limit has arrived,
without reading the rest. A JSON body is then parsed once by orjson, which
refuses what Python's reader would turn into trouble further in: numbers
beyond a double (`1e400` would become `inf`), and nesting deeper than 1024
levels (a `RecursionError` in the standard reader). The handlers see the
body already read.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson

from tapete.engine import TapeteError

from ..errors import error

RateLimitedFactory = Callable[[], TapeteError]
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def send_error(send: Send, err: TapeteError, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """An error answer in the server's one shape, `{"error": {...}}`, closing the connection."""
    body = orjson.dumps({"error": err.to_json()})
    await send(
        {
            "type": "http.response.start",
            "status": getattr(err, "status", 400),
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyGuard:
    def __init__(self, app: ASGIApp, max_bytes: int, timeout: float = 30.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await send_error(send, error("body_too_large", limit=self.max_bytes))  # refused before a byte of it is read
            return
        try:
            body = await asyncio.wait_for(self._read(receive), self.timeout)
        except TimeoutError:
            await send_error(send, error("body_too_slow", seconds=self.timeout))  # a body sent a byte at a time
            return
        if body is None:
            await send_error(send, error("body_too_large", limit=self.max_bytes))
            return
        if body and b"json" in headers.get(b"content-type", b"json"):
            try:
                orjson.loads(body)
            except orjson.JSONDecodeError as err:
                await send_error(send, error("body_not_json", detail=err.msg))  # 422, as FastAPI's
                return
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body, or None as soon as it passes the limit (the rest is never read)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks)  # the client went away: the app sees the disconnect next
            chunk: bytes = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body already read, then whatever comes next (a disconnect)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class AddressRates:
    """A token bucket per client address: `rate` per second in bursts of `burst`.

    Only the most recently seen `capacity` addresses are remembered, so a
    flood from many addresses cannot grow it without bound (a forgotten
    address starts again with a full bucket).
    """

    def __init__(self, rate: float, burst: int, capacity: int = 10_000) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.capacity = capacity
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str) -> bool:
        now = time.monotonic()
        tokens, stamp = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[address] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > self.capacity:
            self._buckets.popitem(last=False)
        return allowed


class RateGuard:
    """Per-address rates of costly requests, refused before anything is read or routed.

    A flood of `POST /api/tables` or `/api/join` (or of replays) from one
    address gets its 429s from here, at a fraction of what a validated
    request costs, so the flood does not take the event loop from the tables
    being played. A path may have one segment left open, `{id}`
    (`/api/matches/{id}/replay`).
    """

    def __init__(self, app: ASGIApp, rates: dict[tuple[str, str], tuple[Rates, RateLimitedFactory]]) -> None:
        self.app = app
        self.rates = rates
        # (method, the path's segment count, the open segment's place) -> the paths with it open
        self._open = {(m, len(p.split("/")), p.split("/").index("{id}")) for m, p in rates if "{id}" in p}

    def _limited(self, method: str, path: str) -> tuple[Rates, RateLimitedFactory] | None:
        found = self.rates.get((method, path))
        if found is not None or not self._open:
            return found
        parts = path.split("/")
        for open_method, count, where in self._open:
            if open_method == method and count == len(parts):
                found = self.rates.get((method, "/".join([*parts[:where], "{id}", *parts[where + 1 :]])))
                if found is not None:
                    return found
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            limited = self._limited(scope.get("method", ""), scope.get("path", ""))
            if limited is not None:
                rates, refusal = limited
                client = scope.get("client")
                if not await rates.allow(client[0] if client else "unknown"):
                    await send_error(send, refusal())
                    return
        await self.app(scope, receive, send)


class Rates:
    """Token buckets per key (an address, a table and an address...): `rate` per second in bursts of
    `burst`, counted in this process."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self._here = AddressRates(rate, max(1, int(burst)))

    async def allow(self, key: str) -> bool:
        return self._here.allow(key)


# GCRA, the token bucket as one timestamp a key (the moment its bucket would be full again), on
# Redis's own clock: every process of a deployment, on any machine, spends from one bucket.
GCRA = """
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local interval, tolerance = tonumber(ARGV[1]), tonumber(ARGV[2])
local full_at = math.max(tonumber(redis.call('GET', KEYS[1]) or now), now)
if full_at - now > tolerance then return 0 end
full_at = full_at + interval
redis.call('SET', KEYS[1], full_at, 'PX', math.ceil(full_at - now) + 1000)
return 1
"""


class SharedRates(Rates):
    """The same buckets in Redis, shared by every process (`--workers`, or several machines): an
    address that lands on two processes gets no more than on one. If Redis does not answer, this
    process counts alone (and says so in its log)."""

    def __init__(self, redis: Any, prefix: str, rate: float, burst: float) -> None:
        super().__init__(rate, burst)
        self.redis, self.prefix = redis, prefix
        # whole milliseconds: Lua writes numbers back with 14 digits, enough for integers only
        self._interval = max(1, round(1000.0 / rate))  # a token takes this long to come back
        self._tolerance = self._interval * (max(1, int(burst)) - 1)

    async def allow(self, key: str) -> bool:
        try:
            allowed = await self.redis.eval(GCRA, 1, self.prefix + key[:200], self._interval, self._tolerance)
        except Exception:
            logging.getLogger("tapete.server").warning("rates: Redis did not answer; counting in this process")
            return await super().allow(key)
        return bool(int(allowed))


class AllRates:
    """The allowances counted per address (or per table and address) that several processes must
    share: made for one app, in Redis when it has one (`--redis`), else in this process."""

    def __init__(self, redis_url: str | None, deployment: str) -> None:
        self.redis: Any = None
        self.prefix = ""
        if redis_url:
            import redis.asyncio as redis

            self.redis = redis.from_url(redis_url)
            # the processes of one deployment (one database) share buckets; another on this Redis does not
            self.prefix = f"tapete:rate:{hashlib.sha256(deployment.encode()).hexdigest()[:16]}:"

    def per_second(self, name: str, rate: float, burst: float) -> Rates:
        if self.redis is None:
            return Rates(rate, burst)
        return SharedRates(self.redis, f"{self.prefix}{name}:", rate, burst)

    def per_minute(self, name: str, count: float) -> Rates:
        return self.per_second(name, count / 60.0, max(1.0, count))

    async def close(self) -> None:
        if self.redis is not None:
            await self.redis.aclose()
