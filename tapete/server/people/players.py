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

from tapete.engine import TapeteError

from ..errors import NameTaken, error
from ..ops import logs
from ..storage.schema import player_secrets, players
from ..storage.store import Store
from ..wire.limits import AddressRates
from .names import clean_name, name_key, seat_key
from .signin import (
    LOGINS_PER_MINUTE_ADDRESS,
    LOGINS_PER_MINUTE_DEVICE,
    LOGINS_PER_MINUTE_NAME,
    HashQueue,
    LoginGuard,
    SharedLoginGuard,
    add_device,
    device_of,
    sign_out_others,
    too_many_attempts,
)

HEADER = "X-Tapete-Player"
PLAYER_ID_BYTES = 12  # 16 characters, 96 random bits: ids are public, but not guessable nor sequential
SECRET_BYTES = 24  # 32 characters, 192 random bits
MAX_ID_LENGTH = 32
MAX_SECRET_LENGTH = 128
PASSWORD_MIN = 8
PASSWORD_MAX = 128
MAX_DEVICES = 20  # secrets one player holds at once; signing in on one more forgets the oldest
# Sign-in attempts: per address and per name for unknown devices, per device for known ones (signin.py).
# New identities per address and minute (a client asks once, on its first visit): the default of the
# server's setting `identities_per_minute`.
IDENTITIES_PER_MINUTE = 10
# Passwords set per player and minute: each costs an argon2id hash in the thread sign-ins wait on.
PASSWORDS_PER_MINUTE = 5


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def login_key(name: str) -> str:
    """The form of a protected player's name that must be unique: "Ana" and "ana" are one."""
    return name.casefold()


@dataclass(frozen=True)
class Identity:
    """What the creation and sign-in answers carry: the only places a secret is ever sent. A sign-in
    also hands the device its device token (`signin.py`: its later sign-ins are counted apart)."""

    player_id: str
    secret: str
    name: str | None
    device: str | None = None

    def to_json(self) -> dict[str, Any]:
        found = {"player_id": self.player_id, "secret": self.secret, "name": self.name}
        if self.device is not None:
            found["device"] = self.device
        return found


def parse_header(value: str) -> tuple[str, str]:
    """`<player_id>:<secret>` as its two parts; BadIdentity when it is not that."""
    player_id, sep, secret = value.strip().partition(":")
    if not sep or not player_id or not secret or len(player_id) > MAX_ID_LENGTH or len(secret) > MAX_SECRET_LENGTH:
        raise error("bad_identity")
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
        raise error("player_not_found")
    protected = row.password_hash is not None
    if protected and name is None:
        raise error("name_needed")
    values: dict[str, Any] = {"name": name, "name_key": None if name is None else name_key(name)}
    if values["name_key"] is not None:
        _check_name_free(conn, player_id, values["name_key"])
    if protected:
        assert name is not None
        _check_free(conn, player_id, name)
        values["login_name"] = login_key(name)
    conn.execute(players.update().where(players.c.id == player_id).values(**values))


def _protect(conn: sa.Connection, player_id: str, password_hash: str, old_hash: str | None, kept_secret: str) -> int:
    """Set the password (if the one stored is still `old_hash`: no change crossed this one) and sign out
    every other device; how many were."""
    row = conn.execute(sa.select(players.c.name, players.c.password_hash).where(players.c.id == player_id)).first()
    if row is None:
        raise error("player_not_found")
    if row.name is None:
        raise error("name_needed")
    if row.password_hash != old_hash:
        raise error("wrong_password")
    _check_free(conn, player_id, row.name)
    conn.execute(
        players.update()
        .where(players.c.id == player_id)
        .values(password_hash=password_hash, login_name=login_key(row.name))
    )
    return sign_out_others(conn, player_id, kept_secret)


def _password_hash(conn: sa.Connection, player_id: str) -> str | None:
    row = conn.execute(sa.select(players.c.password_hash).where(players.c.id == player_id)).first()
    if row is None:
        raise error("player_not_found")
    return None if row.password_hash is None else str(row.password_hash)


def _check_free(conn: sa.Connection, player_id: str, name: str) -> None:
    """A protected player's name is theirs alone (the unique index is the last word on a race)."""
    holder = conn.scalar(sa.select(players.c.id).where(players.c.login_name == login_key(name)))
    if holder is not None and holder != player_id:
        raise error("name_taken")


def _check_name_free(conn: sa.Connection, player_id: str | None, key: str) -> None:
    """No other identity's name reads as `key` (the unique index is the last word on a race)."""
    holder = conn.execute(sa.select(players.c.id, players.c.password_hash).where(players.c.name_key == key)).first()
    if holder is not None and holder.id != player_id:
        raise name_taken(protected=holder.password_hash is not None)


def _holder(conn: sa.Connection, key: str) -> tuple[str, bool] | None:
    """The identity whose name reads as `key`, and whether a password protects it; None if none."""
    query = sa.select(players.c.id, players.c.password_hash).where(players.c.name_key == key)
    found = conn.execute(query).first()
    return None if found is None else (str(found.id), found.password_hash is not None)


def name_taken(protected: bool = False) -> TapeteError:
    """The name (or one that reads the same) is another identity's; `protected`: that identity has a
    password, so signing in with the name is the way to be it (the answer's `sign_in`)."""
    if not protected:
        return error("name_taken")
    err = error("name_taken_protected")
    if isinstance(err, NameTaken):
        err.sign_in = True
    return err


def check_distinct(names: Iterable[str | None]) -> None:
    """No two of a table's seat names read alike (bots' and people's); NameTaken if two do."""
    keys = [seat_key(name) for name in names if name]
    if len(keys) != len(set(keys)):
        raise error("seat_name_taken")


class Players:
    """The identities, in the store's database."""

    def __init__(self, store: Store, redis_url: str | None = None) -> None:
        self.store = store
        # argon2id takes ~50 ms of one core: in a thread of its own, never on the loop nor
        # among the bots' thinking threads; one at a time, which also slows down guessing, taken
        # from a bounded queue in turn by key (signin.HashQueue)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tapete-passwords")
        self.hashes = HashQueue(self._executor)
        self._rates = SharedLoginGuard(redis_url, store.url) if redis_url else LoginGuard()
        self._passwords_set = AddressRates(PASSWORDS_PER_MINUTE / 60.0, PASSWORDS_PER_MINUTE)  # per device secret

    async def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        await self._rates.close()

    async def create(self, name: str | None) -> Identity:
        cleaned = clean_name(name)
        try:
            identity = await self.store.transact(lambda conn: _create(conn, cleaned))
        except sa.exc.IntegrityError:  # another player took the name in the same instant
            raise error("name_taken") from None
        logs.event("player created", detail=identity.player_id)
        return identity

    async def check(self, player_id: str, secret: str) -> str:
        """The player's id when `secret` is one of theirs; BadIdentity otherwise."""
        if len(player_id) > MAX_ID_LENGTH or len(secret) > MAX_SECRET_LENGTH:
            raise error("bad_identity")
        if not await self.store.read(lambda conn: _secret_matches(conn, player_id, secret)):
            raise error("bad_identity")
        return player_id

    async def from_header(self, value: str | None) -> str | None:
        """The caller's player id from `X-Tapete-Player` (None without the header)."""
        if value is None:
            return None
        return await self.check(*parse_header(value))

    async def check_seat_name(self, name: str | None, player_id: str | None) -> None:
        """A seat's name may not read as the name of another identity, protected by a password or not,
        unless the seat is taken by that identity: nobody sits (and chats) as a player but that player."""
        if name is None:
            return
        key = name_key(name)
        holder = await self.store.read(lambda conn: _holder(conn, key))
        if holder is not None and holder[0] != player_id:
            raise name_taken(protected=holder[1])

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
            raise error("name_taken") from None
        return cleaned

    async def protect(self, player_id: str, password: str, old_password: str | None, kept_secret: str) -> None:
        """Set the player's password: with the current one when there is one (`wrong_password`, 403, if
        not), and every other device is signed out (its secret and device token forgotten): only the
        caller's device, holding `kept_secret`, stays in."""
        check_password(password)
        if not self._passwords_set.allow(hash_secret(kept_secret)):  # per device: a thief spends its own
            raise error("password_flood")
        key = f"player:{player_id}"
        stored = await self.store.read(lambda conn: _password_hash(conn, player_id))
        if stored is not None and (
            old_password is None
            or len(old_password) > PASSWORD_MAX
            or not await self.hashes.run(key, _password_ok, stored, old_password, first=True)
        ):
            raise error("wrong_password")
        hashed = await self.hashes.run(key, _hasher.hash, password, first=True)
        try:
            await self.store.transact(lambda conn: _protect(conn, player_id, hashed, stored, kept_secret))
        except sa.exc.IntegrityError:  # another player took the name in the same instant (never logged: it
            raise error("name_taken") from None  # would carry the hash)
        logs.event("player protected by a password", detail=player_id)

    async def sign_out_everywhere(self, player_id: str, password: str | None, kept_secret: str) -> int:
        """Forget every device of the player but the caller's (holding `kept_secret`); a protected player
        says their password too, so that a stolen device secret cannot lock its owner out. How many went."""
        if not self._passwords_set.allow(hash_secret(kept_secret)):  # per device: a thief spends its own
            raise error("password_flood")
        stored = await self.store.read(lambda conn: _password_hash(conn, player_id))
        if stored is not None and (
            password is None
            or len(password) > PASSWORD_MAX
            or not await self.hashes.run(f"player:{player_id}", _password_ok, stored, password, first=True)
        ):
            raise error("wrong_password")
        gone = await self.store.transact(lambda conn: sign_out_others(conn, player_id, kept_secret))
        logs.event("player signed out everywhere else", detail=player_id)
        return gone

    async def login(self, name: str, password: str, address: str, device: str | None = None) -> Identity:
        """A new device secret for the protected player called `name`; BadLogin if the password is wrong.
        `device`: the device token an earlier sign-in on this device gave (signin.py: a known device
        spends its own allowance only). The answer carries this device's token."""
        key = login_key(clean_name(name) or "")
        known = None
        if device is not None and key and len(device) <= MAX_SECRET_LENGTH:
            known = await self.store.read(lambda conn: device_of(conn, key, device))
        if known is not None:
            if not await self._rates.allow_device(hash_secret(device or "")):
                raise too_many_attempts()
        else:
            wait = await self._rates.wait_s(address)
            if wait > 0:
                raise too_many_attempts(wait)
            if not await self._rates.allow(address, key):
                raise too_many_attempts()
        if len(password) > PASSWORD_MAX:
            raise error("bad_login")
        query = sa.select(players.c.id, players.c.name, players.c.password_hash).where(players.c.login_name == key)
        found = await self.store.read(lambda conn: conn.execute(query).first()) if key else None
        stored = None if found is None else found.password_hash
        lane = f"player:{known}" if known is not None else f"address:{address}"
        if not await self.hashes.run(lane, _password_ok, stored, password, first=known is not None) or found is None:
            if known is None:
                await self._rates.failed(address)
            logs.event("sign-in refused", code="bad_login")
            raise error("bad_login")
        if known is None:
            await self._rates.succeeded(address)
        player_id, player_name = str(found.id), found.name
        if stored is not None and _hasher.check_needs_rehash(stored):  # older parameters: bring it up to date
            rehashed = await self.hashes.run(lane, _hasher.hash, password, first=known is not None)
            await self.store.transact(
                lambda conn: conn.execute(
                    players.update()
                    .where(players.c.id == player_id, players.c.password_hash == stored)
                    .values(password_hash=rehashed)
                )
            )

        def signed_in(conn: sa.Connection) -> tuple[str, str]:
            now = time.time()
            token = device if known is not None and device is not None else add_device(conn, player_id, now)
            return _add_secret(conn, player_id, now), token

        secret, token = await self.store.transact(signed_in)
        logs.event("player signed in", detail=player_id)
        return Identity(player_id, secret, player_name, token)


def check_password(password: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise error("password_length", least=PASSWORD_MIN, most=PASSWORD_MAX)


__all__ = [
    "HEADER",
    "LOGINS_PER_MINUTE_ADDRESS",
    "LOGINS_PER_MINUTE_DEVICE",
    "LOGINS_PER_MINUTE_NAME",
    "Identity",
    "Players",
    "check_distinct",
    "hash_secret",
]
