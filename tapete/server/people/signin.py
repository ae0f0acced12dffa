"""Sign-in's defences: whose attempts are counted where, and the fair queue of the slow hashes.

A guesser must not be able to lock the owner out (issue 37, finding 3), so
attempts are counted apart by who makes them, as OWASP's device cookies do:

- a **known device** — one that signed in with the right password before and
  kept the device token it was given — spends an allowance of its own
  (`LOGINS_PER_MINUTE_DEVICE`), and nothing else: no guess made elsewhere,
  for that name or from that address, refuses it; so the owner's right
  password from a known device is always taken;
- an **unknown device** spends the allowances of its address and of the name
  (`LOGINS_PER_MINUTE_ADDRESS`, `LOGINS_PER_MINUTE_NAME`), and its address
  backs off: after `BACKOFF_FREE` wrong passwords, each next attempt from it
  waits twice as long as the one before (1 s, 2 s, 4 s... at most
  `BACKOFF_MAX_S`), until a right one.

The argon2id hashes (about 50 ms of a core each) run one at a time in a
thread of their own, taken from a bounded queue in turn by key (`HashQueue`):
known devices first, then one per address in turn, so a flood from a few
addresses waits behind itself, not in front of the owner.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TypeVar

import sqlalchemy as sa

from tapete.engine import TapeteError

from ..errors import error
from ..ops import logs
from ..storage.schema import player_devices, player_secrets, players
from ..wire.limits import AddressRates

T = TypeVar("T")

# Per address and per name, a minute's worth in a burst, for unknown devices (guesses are cheap to send).
LOGINS_PER_MINUTE_ADDRESS = 10
LOGINS_PER_MINUTE_NAME = 5
# A known device's own allowance: more than a person signing in again and again needs.
LOGINS_PER_MINUTE_DEVICE = 10
# Wrong passwords an address may give before it backs off, and the longest wait between two tries then.
BACKOFF_FREE = LOGINS_PER_MINUTE_ADDRESS
BACKOFF_MAX_S = 60.0
BACKOFF_FORGET_S = 900.0  # an address that made no mistake for this long starts afresh
# The hashes waiting: in all, and per key (an address, or a known device's player).
HASH_QUEUE_MAX = 32
HASH_QUEUE_PER_KEY = 2
DEVICE_TOKEN_BYTES = 24  # 192 random bits, kept as their SHA-256 (as device secrets are)
DEVICE_TOKENS_KEPT = 20  # per player; one more forgets the oldest


def backoff_s(failures: int) -> float:
    """How long an address waits after its `failures`-th wrong password in a row."""
    if failures < BACKOFF_FREE:
        return 0.0
    return float(min(BACKOFF_MAX_S, 2.0 ** (failures - BACKOFF_FREE)))


def too_many_attempts(wait_s: float | None = None) -> TapeteError:
    if wait_s is not None and wait_s < BACKOFF_MAX_S:
        return error("login_backoff", seconds=max(1, round(wait_s)))
    return error("login_flood")


def hashing_busy() -> TapeteError:
    return error("login_busy")


class LoginGuard:
    """The allowances and back-offs of sign-in attempts, counted in this process."""

    def __init__(self) -> None:
        self._by_address = AddressRates(LOGINS_PER_MINUTE_ADDRESS / 60.0, LOGINS_PER_MINUTE_ADDRESS)
        self._by_name = AddressRates(LOGINS_PER_MINUTE_NAME / 60.0, LOGINS_PER_MINUTE_NAME)
        self._by_device = AddressRates(LOGINS_PER_MINUTE_DEVICE / 60.0, LOGINS_PER_MINUTE_DEVICE)
        self._failures: OrderedDict[str, tuple[int, float]] = OrderedDict()  # address -> (in a row, last at)

    async def allow_device(self, device_hash: str) -> bool:
        return self._by_device.allow(device_hash)

    async def allow(self, address: str, name_key: str) -> bool:
        return self._by_address.allow(address) and self._by_name.allow(name_key)

    async def wait_s(self, address: str) -> float:
        """Seconds before `address` may try again (0: now)."""
        failures, last = self._failures.get(address, (0, 0.0))
        now = time.time()
        if now - last > BACKOFF_FORGET_S:
            return 0.0
        return max(0.0, last + backoff_s(failures) - now)

    async def failed(self, address: str) -> None:
        failures, last = self._failures.pop(address, (0, 0.0))
        now = time.time()
        self._failures[address] = (1 if now - last > BACKOFF_FORGET_S else failures + 1, now)
        while len(self._failures) > 10_000:
            self._failures.popitem(last=False)

    async def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)

    async def close(self) -> None:
        return None


class SharedLoginGuard(LoginGuard):
    """The same counts in Redis, shared by every process (a minute's window each, and each address's
    wrong passwords in a row): with several processes a guesser gets no more tries. If Redis does not
    answer, this process counts alone."""

    WINDOW_S = 60

    def __init__(self, url: str, deployment: str) -> None:
        import redis.asyncio as redis

        super().__init__()
        self.redis = redis.from_url(url)
        # the processes of one deployment (one database) share counts; another deployment on this Redis does not
        self.prefix = f"tapete:login:{_digest(deployment)[:16]}:"

    async def _counts(self, limits: list[tuple[str, int]]) -> bool | None:
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                for key, _limit in limits:
                    pipe.incr(self.prefix + key)
                    pipe.expire(self.prefix + key, self.WINDOW_S, nx=True)
                counts = await pipe.execute()
        except Exception:
            logs.log.warning("sign-in rates: Redis did not answer; counting in this process")
            return None
        return all(int(counts[2 * i]) <= limit for i, (_key, limit) in enumerate(limits))

    async def allow_device(self, device_hash: str) -> bool:
        found = await self._counts([(f"device:{device_hash}", LOGINS_PER_MINUTE_DEVICE)])
        return await super().allow_device(device_hash) if found is None else found

    async def allow(self, address: str, name_key: str) -> bool:
        found = await self._counts(
            [(f"address:{address}", LOGINS_PER_MINUTE_ADDRESS), (f"name:{_digest(name_key)}", LOGINS_PER_MINUTE_NAME)]
        )
        return await super().allow(address, name_key) if found is None else found

    async def wait_s(self, address: str) -> float:
        try:
            failures, last = await self.redis.hmget(self.prefix + f"failures:{address}", "count", "at")
        except Exception:
            logs.log.warning("sign-in back-off: Redis did not answer; counting in this process")
            return await super().wait_s(address)
        if failures is None or last is None:
            return 0.0
        return max(0.0, float(last) + backoff_s(int(failures)) - time.time())

    async def failed(self, address: str) -> None:
        key = self.prefix + f"failures:{address}"
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.hincrby(key, "count", 1)
                pipe.hset(key, "at", repr(time.time()))
                pipe.expire(key, int(BACKOFF_FORGET_S))
                await pipe.execute()
        except Exception:
            logs.log.warning("sign-in back-off: Redis did not answer; counting in this process")
            await super().failed(address)

    async def succeeded(self, address: str) -> None:
        try:
            await self.redis.delete(self.prefix + f"failures:{address}")
        except Exception:
            await super().succeeded(address)

    async def close(self) -> None:
        await self.redis.aclose()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


# -- the database side (inside Store.transact / Store.read) ----------------------------------------
def device_of(conn: sa.Connection, login_name: str, device: str) -> str | None:
    """The player called `login_name` when `device` is one of its known devices' tokens."""
    query = (
        sa.select(players.c.id)
        .select_from(players.join(player_devices, player_devices.c.player_id == players.c.id))
        .where(players.c.login_name == login_name, player_devices.c.device_hash == _digest(device))
    )
    found = conn.scalar(query)
    return None if found is None else str(found)


def add_device(conn: sa.Connection, player_id: str, now: float) -> str:
    """A new device token for the player; the oldest are forgotten beyond MAX_DEVICES."""
    device = secrets.token_urlsafe(DEVICE_TOKEN_BYTES)
    conn.execute(player_devices.insert().values(player_id=player_id, device_hash=_digest(device), created_at=now))
    kept = (
        sa.select(player_devices.c.device_hash)
        .where(player_devices.c.player_id == player_id)
        .order_by(player_devices.c.created_at.desc())
        .limit(DEVICE_TOKENS_KEPT)
    )
    conn.execute(
        player_devices.delete().where(
            player_devices.c.player_id == player_id, player_devices.c.device_hash.not_in(kept.scalar_subquery())
        )
    )
    return device


def sign_out_others(conn: sa.Connection, player_id: str, kept_secret: str) -> int:
    """Forget every device secret of the player but `kept_secret` (the caller's), and every device
    token; how many secrets went."""
    gone = conn.execute(
        player_secrets.delete().where(
            player_secrets.c.player_id == player_id, player_secrets.c.secret_hash != _digest(kept_secret)
        )
    )
    conn.execute(player_devices.delete().where(player_devices.c.player_id == player_id))
    return int(gone.rowcount)


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    done: asyncio.Future[Any]


class HashQueue:
    """The slow hashes, one at a time on `executor`, from a bounded queue taken in turn by key: the
    keys marked `first` (known devices, owners changing their password) before the others, and
    within each, one job per key in turn. A key with `HASH_QUEUE_PER_KEY` jobs waiting, or a queue
    of `HASH_QUEUE_MAX`, refuses more (`hashing_busy`, 429) at once."""

    def __init__(
        self, executor: Executor, max_total: int = HASH_QUEUE_MAX, max_per_key: int = HASH_QUEUE_PER_KEY
    ) -> None:
        self.executor = executor
        self.max_total, self.max_per_key = max_total, max_per_key
        self._first: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._others: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._waiting = 0
        self._worker: asyncio.Task[None] | None = None

    @property
    def waiting(self) -> int:
        return self._waiting

    async def run(self, key: str, fn: Callable[..., T], *args: Any, first: bool = False) -> T:
        lane = self._first if first else self._others
        queued = lane.get(key)
        if self._waiting >= self.max_total or (queued is not None and len(queued) >= self.max_per_key):
            raise hashing_busy()
        job = _Job(fn, args, asyncio.get_running_loop().create_future())
        lane.setdefault(key, deque()).append(job)
        self._waiting += 1
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._work(), name="tapete-password-hashes")
        result: T = await job.done
        return result

    def _next(self) -> _Job | None:
        for lane in (self._first, self._others):
            if lane:
                key, jobs = next(iter(lane.items()))
                job = jobs.popleft()
                del lane[key]
                if jobs:
                    lane[key] = jobs  # to the end of the lane: the next key's turn
                self._waiting -= 1
                return job
        return None

    async def _work(self) -> None:
        loop = asyncio.get_running_loop()
        while (job := self._next()) is not None:
            if job.done.cancelled():  # its caller went away
                continue
            try:
                result = await loop.run_in_executor(self.executor, job.fn, *job.args)
            except Exception as err:
                if not job.done.done():
                    job.done.set_exception(err)
            else:
                if not job.done.done():
                    job.done.set_result(result)
