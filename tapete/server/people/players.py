"""Player identities without passwords: a random id and a secret per device.

A client asks once for an identity (`POST /api/players`) and keeps the id
and the secret it gets (the browser in localStorage, the terminal in its
config file); it sends them with lobby calls (`X-Tapete-Player: id:secret`)
and on a socket's hello. The server keeps only a SHA-256 of each secret (a
fast hash is right for 192 random bits: nobody can try them all) and
compares in constant time. A person may protect the identity with a
password (argon2id, a slow hash: passwords are guessable) to sign in on
another device, which then gets a secret of its own.

A name is one identity's (`names.name_key`): no one may take a name another
identity uses, nor one that reads the same ("ana", "Аna" with a Cyrillic А,
"Ａna"), to pass for them; nor may two seats of one table show names that
read alike.

Neither a secret nor a password is ever logged, nor sent anywhere but in
the answer that hands the secret out.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import secrets
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ..errors import Forbidden, RateLimited, ServerError
from ..ops import logs
from ..storage.schema import player_secrets, players
from ..storage.store import Store
from ..wire.limits import AddressRates
from .names import clean_name, name_key, seat_key

HEADER = "X-Tapete-Player"
PLAYER_ID_BYTES = 12  # 16 characters, 96 random bits: ids are public, but not guessable nor sequential
SECRET_BYTES = 24  # 32 characters, 192 random bits
MAX_ID_LENGTH = 32
MAX_SECRET_LENGTH = 128
PASSWORD_MIN = 8
PASSWORD_MAX = 128
MAX_DEVICES = 20  # secrets one player holds at once; signing in on one more forgets the oldest
# Sign-in attempts: per address and per name, a minute's worth in a burst (wrong passwords are cheap to send).
LOGINS_PER_MINUTE_ADDRESS = 10
LOGINS_PER_MINUTE_NAME = 5
# New identities per address and minute (a client asks once, on its first visit).
IDENTITIES_PER_MINUTE = 10
# Passwords set per player and minute: each costs an argon2id hash in the thread sign-ins wait on.
PASSWORDS_PER_MINUTE = 5


class BadIdentity(ServerError):
    code = "bad_identity"
    status = 401


class BadLogin(ServerError):
    code = "bad_login"
    status = 401


class NameTaken(ServerError):
    """A name that reads as one already held. `sign_in`: the holder is an identity protected by a
    password, so whoever it is may sign in with that name instead (the client offers it)."""

    code = "name_taken"
    status = 409

    def __init__(self, es: str, en: str, *, rule: str | None = None, sign_in: bool = False) -> None:
        super().__init__(es, en, rule=rule)
        self.sign_in = sign_in

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "sign_in": self.sign_in}


class PlayerNotFound(ServerError):
    code = "player_not_found"
    status = 404


def bad_identity() -> BadIdentity:
    return BadIdentity(
        "Identidad de jugador no válida (id o secreto desconocidos).",
        "Invalid player identity (unknown id or secret).",
        rule="identity",
    )


def bad_login() -> BadLogin:
    return BadLogin("Nombre o contraseña incorrectos.", "Wrong name or password.", rule="login")


def player_not_found() -> PlayerNotFound:
    return PlayerNotFound("No existe ese jugador.", "There is no such player.", rule="identity")


def not_yours() -> Forbidden:
    return Forbidden(
        "Solo el propio jugador puede cambiar su identidad.",
        "Only the player themselves may change their identity.",
        rule="identity",
    )


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def login_key(name: str) -> str:
    """The form of a protected player's name that must be unique: "Ana" and "ana" are one."""
    return name.casefold()


@dataclass(frozen=True)
class Identity:
    """What the creation and sign-in answers carry: the only places a secret is ever sent."""

    player_id: str
    secret: str
    name: str | None

    def to_json(self) -> dict[str, Any]:
        return {"player_id": self.player_id, "secret": self.secret, "name": self.name}


def parse_header(value: str) -> tuple[str, str]:
    """`<player_id>:<secret>` as its two parts; BadIdentity when it is not that."""
    player_id, sep, secret = value.strip().partition(":")
    if not sep or not player_id or not secret or len(player_id) > MAX_ID_LENGTH or len(secret) > MAX_SECRET_LENGTH:
        raise bad_identity()
    return player_id, secret


_hasher = PasswordHasher()  # argon2id, the library's (RFC 9106) parameters


@functools.cache
def _dummy_hash() -> str:
    """A hash to check unknown names against, so that a wrong name costs the time a wrong password does."""
    return _hasher.hash(secrets.token_urlsafe(16))


def _password_ok(stored: str | None, password: str) -> bool:
    try:
        return _hasher.verify(stored or _dummy_hash(), password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


# -- the database side (synchronous, inside Store.transact / Store.read) --------------------------
def _secret_matches(conn: sa.Connection, player_id: str, secret: str) -> bool:
    wanted = hash_secret(secret)
    stored = conn.execute(sa.select(player_secrets.c.secret_hash).where(player_secrets.c.player_id == player_id))
    found = False
    for (secret_hash,) in stored:  # every one compared, in constant time
        found |= hmac.compare_digest(secret_hash, wanted)
    return found


def _add_secret(conn: sa.Connection, player_id: str, now: float) -> str:
    """A new device secret for the player; the oldest are forgotten beyond MAX_DEVICES."""
    secret = secrets.token_urlsafe(SECRET_BYTES)
    conn.execute(player_secrets.insert().values(player_id=player_id, secret_hash=hash_secret(secret), created_at=now))
    kept = (
        sa.select(player_secrets.c.secret_hash)
        .where(player_secrets.c.player_id == player_id)
        .order_by(player_secrets.c.created_at.desc())
        .limit(MAX_DEVICES)
    )
    conn.execute(
        player_secrets.delete().where(
            player_secrets.c.player_id == player_id, player_secrets.c.secret_hash.not_in(kept.scalar_subquery())
        )
    )
    return secret


def _create(conn: sa.Connection, name: str | None) -> Identity:
    now = time.time()
    player_id = secrets.token_urlsafe(PLAYER_ID_BYTES)
    key = None if name is None else name_key(name)
    if key is not None:
        _check_name_free(conn, player_id, key)
    conn.execute(players.insert().values(id=player_id, name=name, name_key=key, created_at=now))
    return Identity(player_id, _add_secret(conn, player_id, now), name)


def _rename(conn: sa.Connection, player_id: str, name: str | None) -> None:
    row = conn.execute(sa.select(players.c.password_hash).where(players.c.id == player_id)).first()
    if row is None:
        raise player_not_found()
    protected = row.password_hash is not None
    if protected and name is None:
        raise _name_needed()
    values: dict[str, Any] = {"name": name, "name_key": None if name is None else name_key(name)}
    if values["name_key"] is not None:
        _check_name_free(conn, player_id, values["name_key"])
    if protected:
        assert name is not None
        _check_free(conn, player_id, name)
        values["login_name"] = login_key(name)
    conn.execute(players.update().where(players.c.id == player_id).values(**values))


def _protect(conn: sa.Connection, player_id: str, password_hash: str) -> None:
    row = conn.execute(sa.select(players.c.name).where(players.c.id == player_id)).first()
    if row is None:
        raise player_not_found()
    if row.name is None:
        raise _name_needed()
    _check_free(conn, player_id, row.name)
    conn.execute(
        players.update()
        .where(players.c.id == player_id)
        .values(password_hash=password_hash, login_name=login_key(row.name))
    )


def _check_free(conn: sa.Connection, player_id: str, name: str) -> None:
    """A protected player's name is theirs alone (the unique index is the last word on a race)."""
    holder = conn.scalar(sa.select(players.c.id).where(players.c.login_name == login_key(name)))
    if holder is not None and holder != player_id:
        raise name_taken()


def _check_name_free(conn: sa.Connection, player_id: str | None, key: str) -> None:
    """No other identity's name reads as `key` (the unique index is the last word on a race)."""
    holder = conn.execute(sa.select(players.c.id, players.c.password_hash).where(players.c.name_key == key)).first()
    if holder is not None and holder.id != player_id:
        raise name_taken(protected=holder.password_hash is not None)


def _protected_holder(conn: sa.Connection, key: str) -> str | None:
    """The identity protected by a password whose name reads as `key`, if any."""
    query = sa.select(players.c.id).where(players.c.name_key == key, players.c.password_hash.is_not(None))
    found = conn.scalar(query)
    return None if found is None else str(found)


def name_taken(protected: bool = False) -> NameTaken:
    """The name (or one that reads the same) is another identity's; `protected`: that identity has a
    password, so signing in with the name is the way to be it."""
    if protected:
        return NameTaken(
            "Ese nombre (u otro que se lee igual) es de un jugador protegido con contraseña. Si es el tuyo, "
            "entra con tu nombre y tu contraseña; si no, elige otro.",
            "That name (or one that reads the same) belongs to a player protected by a password. If it is "
            "yours, sign in with your name and password; if not, choose another.",
            rule="identity",
            sign_in=True,
        )
    return NameTaken(
        "Ese nombre (u otro que se lee igual) ya lo usa otro jugador; elige otro.",
        "Another player already uses that name (or one that reads the same); choose another.",
        rule="identity",
    )


def seat_name_taken() -> NameTaken:
    return NameTaken(
        "Ese nombre (u otro que se lee igual) ya lo lleva otro asiento de esta mesa; elige otro.",
        "Another seat at this table already has that name (or one that reads the same); choose another.",
        rule="seat-name",
    )


def check_distinct(names: Iterable[str | None]) -> None:
    """No two of a table's seat names read alike (bots' and people's); NameTaken if two do."""
    keys = [seat_key(name) for name in names if name]
    if len(keys) != len(set(keys)):
        raise seat_name_taken()


def _name_needed() -> ServerError:
    from ..errors import BadRequest

    return BadRequest(
        "Para proteger tu identidad con contraseña necesitas un nombre.",
        "To protect your identity with a password you need a name.",
        rule="identity",
    )


class LoginRates:
    """Sign-in attempts per address and per name, in this process: a token bucket each."""

    def __init__(self) -> None:
        self._by_address = AddressRates(LOGINS_PER_MINUTE_ADDRESS / 60.0, LOGINS_PER_MINUTE_ADDRESS)
        self._by_name = AddressRates(LOGINS_PER_MINUTE_NAME / 60.0, LOGINS_PER_MINUTE_NAME)

    async def allow(self, address: str, name_key: str) -> bool:
        return self._by_address.allow(address) and self._by_name.allow(name_key)

    async def close(self) -> None:
        return None


class SharedLoginRates(LoginRates):
    """The same limits counted in Redis, shared by every process (a minute's window each): with
    several processes a guesser gets no more tries. If Redis does not answer, this process counts alone."""

    WINDOW_S = 60

    def __init__(self, url: str, deployment: str) -> None:
        import redis.asyncio as redis

        super().__init__()
        self.redis = redis.from_url(url)
        # the processes of one deployment (one database) share counts; another deployment on this Redis does not
        self.prefix = f"tapete:login:{hash_secret(deployment)[:16]}:"

    async def allow(self, address: str, name_key: str) -> bool:
        keys = (f"{self.prefix}address:{address}", f"{self.prefix}name:{hash_secret(name_key)}")
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                for key in keys:
                    pipe.incr(key)
                    pipe.expire(key, self.WINDOW_S, nx=True)
                counts = await pipe.execute()
        except Exception:
            logs.log.warning("sign-in rates: Redis did not answer; counting in this process")
            return await super().allow(address, name_key)
        return int(counts[0]) <= LOGINS_PER_MINUTE_ADDRESS and int(counts[2]) <= LOGINS_PER_MINUTE_NAME

    async def close(self) -> None:
        await self.redis.aclose()


class Players:
    """The identities, in the store's database."""

    def __init__(self, store: Store, redis_url: str | None = None) -> None:
        self.store = store
        # argon2id takes ~50 ms of one core: in a thread of its own, never on the loop nor
        # among the bots' thinking threads; one at a time, which also slows down guessing
        self._hashing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tapete-passwords")
        self._rates = SharedLoginRates(redis_url, store.url) if redis_url else LoginRates()
        self._passwords_set = AddressRates(PASSWORDS_PER_MINUTE / 60.0, PASSWORDS_PER_MINUTE)  # per player id

    async def close(self) -> None:
        self._hashing.shutdown(wait=False, cancel_futures=True)
        await self._rates.close()

    async def create(self, name: str | None) -> Identity:
        cleaned = clean_name(name)
        try:
            identity = await self.store.transact(lambda conn: _create(conn, cleaned))
        except sa.exc.IntegrityError:  # another player took the name in the same instant
            raise name_taken() from None
        logs.event("player created", detail=identity.player_id)
        return identity

    async def check(self, player_id: str, secret: str) -> str:
        """The player's id when `secret` is one of theirs; BadIdentity otherwise."""
        if len(player_id) > MAX_ID_LENGTH or len(secret) > MAX_SECRET_LENGTH:
            raise bad_identity()
        if not await self.store.read(lambda conn: _secret_matches(conn, player_id, secret)):
            raise bad_identity()
        return player_id

    async def from_header(self, value: str | None) -> str | None:
        """The caller's player id from `X-Tapete-Player` (None without the header)."""
        if value is None:
            return None
        return await self.check(*parse_header(value))

    async def check_seat_name(self, name: str | None, player_id: str | None) -> None:
        """A seat's name may not read as the name of an identity protected by a password, unless the
        seat is taken by that identity: nobody sits (and chats) as a protected player but that player."""
        if name is None:
            return
        key = name_key(name)
        holder = await self.store.read(lambda conn: _protected_holder(conn, key))
        if holder is not None and holder != player_id:
            raise name_taken(protected=True)

    async def name_of(self, player_id: str | None) -> str | None:
        """The player's name (None for no player, or a player without one): a seat's name when none is given."""
        if player_id is None:
            return None
        query = sa.select(players.c.name).where(players.c.id == player_id)
        found = await self.store.read(lambda conn: conn.scalar(query))
        return None if found is None else str(found)

    async def rename(self, player_id: str, name: str | None) -> str | None:
        cleaned = clean_name(name)
        try:
            await self.store.transact(lambda conn: _rename(conn, player_id, cleaned))
        except sa.exc.IntegrityError:  # another player took the name in the same instant
            raise name_taken() from None
        return cleaned

    async def protect(self, player_id: str, password: str) -> None:
        check_password(password)
        if not self._passwords_set.allow(player_id):
            raise RateLimited(
                "Demasiados cambios de contraseña; espera un minuto.",
                "Too many password changes; wait a minute.",
                rule="password",
            )
        loop = asyncio.get_running_loop()
        hashed = await loop.run_in_executor(self._hashing, _hasher.hash, password)
        try:
            await self.store.transact(lambda conn: _protect(conn, player_id, hashed))
        except sa.exc.IntegrityError:  # another player took the name in the same instant (never logged: it
            raise name_taken() from None  # would carry the hash)
        logs.event("player protected by a password", detail=player_id)

    async def login(self, name: str, password: str, address: str) -> Identity:
        """A new device secret for the protected player called `name`; BadLogin if the password is wrong."""
        key = login_key(clean_name(name) or "")
        if not await self._rates.allow(address, key):
            raise RateLimited(
                "Demasiados intentos de entrar; espera un minuto.",
                "Too many sign-in attempts; wait a minute.",
                rule="login",
            )
        if len(password) > PASSWORD_MAX:
            raise bad_login()
        query = sa.select(players.c.id, players.c.name, players.c.password_hash).where(players.c.login_name == key)
        found = await self.store.read(lambda conn: conn.execute(query).first()) if key else None
        stored = None if found is None else found.password_hash
        loop = asyncio.get_running_loop()
        if not await loop.run_in_executor(self._hashing, _password_ok, stored, password) or found is None:
            logs.event("sign-in refused", code="bad_login")
            raise bad_login()
        player_id, player_name = str(found.id), found.name
        if stored is not None and _hasher.check_needs_rehash(stored):  # older parameters: bring it up to date
            rehashed = await loop.run_in_executor(self._hashing, _hasher.hash, password)
            await self.store.transact(lambda conn: conn.execute(
                players.update().where(players.c.id == player_id, players.c.password_hash == stored)
                .values(password_hash=rehashed)))
        secret = await self.store.transact(lambda conn: _add_secret(conn, player_id, time.time()))
        logs.event("player signed in", detail=player_id)
        return Identity(player_id, secret, player_name)


def check_password(password: str) -> None:
    from ..errors import BadRequest

    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise BadRequest(
            f"La contraseña debe tener entre {PASSWORD_MIN} y {PASSWORD_MAX} caracteres.",
            f"The password must have {PASSWORD_MIN} to {PASSWORD_MAX} characters.",
            rule="password",
        )


__all__ = ["HEADER", "BadIdentity", "Identity", "Players", "bad_identity", "check_distinct", "hash_secret",
           "seat_name_taken"]
