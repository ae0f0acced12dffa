"""Notifications of a turn-based table's turn, for people who are not on the page: Web Push and e-mail.

A person chooses per channel (`players.notify`: push, e-mail, and after how long a turn waits); each
device that allows it stores its Web Push subscription (`push_subscriptions`). The due sweep
(`table.pace.DueSweep`, database-driven: no timer per table) calls `Notifier.notify_due`: every seat
a table awaits (`matches.waiting_on`) since `matches.turn_at` longer than its person's wait gets one
notification for that turn, claimed first in `notices` (one row per match, seat and turn), so that
it never goes out twice, whichever process sweeps. A push service's 404 or 410 drops the subscription.

The VAPID key pair is made at first start and kept in `server_keys`; only the public key is ever
sent (`GET /api/push/key`). Push needs the `notify` extra (pywebpush); e-mail only the standard
library, and an SMTP server in the settings (off by default). The words say whose turn it is and at
which game, with the table's link: nothing a table hides.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import ipaddress
import json
import smtplib
import ssl
import time
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa

from ..errors import error
from ..ops import logs
from ..settings import ServerSettings
from ..storage.schema import matches, notices, players, push_subscriptions, seats, server_keys
from ..storage.store import Store

MAX_ENDPOINT = 1024  # characters of a subscription's address
MAX_SUBSCRIPTIONS = 10  # devices per person
MAX_EMAIL = 254
AFTER_MIN = 15 * 60  # the shortest wait a person may choose (s)
AFTER_MAX = 7 * 24 * 3600
SEND_TIMEOUT = 10.0  # seconds a push service or the SMTP server may take
PUSH_TTL = 24 * 3600  # seconds a push service keeps a message for a device that is off
VAPID_KEY = "vapid_private"
LOOPBACK_NAMES = ("localhost",)
CHANNELS = ("push", "email")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def push_available() -> bool:
    """Whether this installation can send Web Push (the `notify` extra: pywebpush)."""
    try:
        import pywebpush  # noqa: F401
    except ImportError:
        return False
    return True


def _loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


# Names that never reach a push service on the internet: the server would post to its own network.
LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa")


def _public_host(host: str, allow_local: bool) -> bool:
    """Whether a host may be posted to: an internet address or a name (resolved again at each
    send, `_resolves_public`); loopback only when the settings allow it (tests)."""
    if _loopback(host):
        return allow_local
    try:
        return ipaddress.ip_address(host).is_global
    except ValueError:
        name = host.lower().rstrip(".")
        return "." in name and not name.endswith(LOCAL_SUFFIXES)


async def _resolves_public(host: str, allow_local: bool) -> bool:
    """Whether every address the host resolves to now is on the internet (a name a person chose
    may point at the server's own network: nothing is posted there)."""
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, 443)
    except OSError:
        return False
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]
    if allow_local and all(a.is_loopback for a in addresses):
        return True
    return bool(addresses) and all(a.is_global for a in addresses)


def check_endpoint(endpoint: str, allow_http: bool) -> str:
    """A subscription's address: https:// to a host on the internet (http:// to this machine
    when the settings allow it, for tests)."""
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
    except ValueError:
        raise error("push_endpoint_bad", limit=MAX_ENDPOINT) from None
    fine = parts.scheme == "https" or (parts.scheme == "http" and allow_http and _loopback(host))
    if not fine or not host or len(endpoint) > MAX_ENDPOINT or any(c.isspace() for c in endpoint):
        raise error("push_endpoint_bad", limit=MAX_ENDPOINT)
    if not _public_host(host, allow_http and parts.scheme == "http"):
        raise error("push_endpoint_bad", limit=MAX_ENDPOINT)
    return endpoint


def check_keys(p256dh: str, auth: str) -> None:
    """A browser's keys: a P-256 public point (65 bytes, uncompressed) and a 16-byte secret, base64url."""
    try:
        point, secret = unb64url(p256dh), unb64url(auth)
    except (binascii.Error, ValueError):
        raise error("push_keys_bad") from None
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise error("push_keys_bad")


def check_email(address: str) -> str:
    address = address.strip()
    local, at, domain = address.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain
        or len(address) > MAX_EMAIL
        or any(c.isspace() or c in "<>,;\"'\\" or ord(c) < 32 for c in address)
    ):
        raise error("email_bad")
    return address


@dataclass(frozen=True)
class Choice:
    """A person's choice: which channels, after how long a turn waits (None: the server's wait), the
    e-mail address and the language of the words."""

    push: bool = False
    email: bool = False
    after: float | None = None
    address: str | None = None
    lang: str = "es"

    @classmethod
    def of(cls, notify: dict[str, Any] | None, address: str | None) -> Choice:
        notify = notify or {}
        after = notify.get("after")
        return cls(
            bool(notify.get("push")),
            bool(notify.get("email")),
            float(after) if isinstance(after, int | float) else None,
            address,
            "en" if notify.get("lang") == "en" else "es",
        )

    def to_json(self) -> dict[str, Any]:
        return {"push": self.push, "email": self.email, "after": self.after, "address": self.address, "lang": self.lang}


def hours_text(seconds: float, lang: str) -> str:
    hours = max(1, round(seconds / 3600))
    if hours < 48:
        return f"{hours} h"
    days = round(hours / 24)
    return f"{days} días" if lang == "es" else f"{days} days"


def words(game_name: dict[str, str], waited: float, link: str, lang: str) -> tuple[str, str]:
    """The notification's title and text in `lang` (es | en): whose turn, which game, the link."""
    game = game_name.get(lang) or game_name.get("es", "")
    if lang == "en":
        return (
            "Your turn! · tapete",
            f"Your {game} game has been waiting for you for {hours_text(waited, 'en')}: {link}",
        )
    return "¡Te toca! · tapete", f"Tu partida de {game} te espera desde hace {hours_text(waited, 'es')}: {link}"


class Notifier:
    """The server's notifications: keys, subscriptions, choices and the sending."""

    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.push_on = push_available()
        self._private_pem: bytes | None = None
        self.public_key: str | None = None  # base64url of the uncompressed P-256 point (the browser's key)
        self.sent = 0

    @property
    def email_on(self) -> bool:
        return bool(self.settings.smtp_host and self.settings.smtp_from)

    async def open(self) -> None:
        """The VAPID key pair: read, or made now and stored (the first process to store it wins)."""
        if not self.push_on:
            return
        try:
            pem = await self.store.transact(self._key_of)
        except sa.exc.IntegrityError:  # another process started at the same moment and wrote its key first
            pem = await self.store.transact(self._key_of)
        self._private_pem = pem.encode("ascii")
        from cryptography.hazmat.primitives import serialization

        key = serialization.load_pem_private_key(self._private_pem, password=None)
        point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.public_key = b64url(point)

    @staticmethod
    def _key_of(conn: sa.Connection) -> str:
        found = conn.execute(sa.select(server_keys.c.value).where(server_keys.c.name == VAPID_KEY)).scalar()
        if found is not None:
            return str(found)
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec

        pem = (
            ec.generate_private_key(ec.SECP256R1())
            .private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
            .decode("ascii")
        )
        conn.execute(sa.insert(server_keys).values(name=VAPID_KEY, value=pem, created_at=time.time()))
        return pem

    # -- a person's devices and choice -----------------------------------------------------
    async def subscribe(self, player_id: str, endpoint: str, p256dh: str, auth: str) -> int:
        """Store a device's subscription (again: its keys replaced); returns the person's count."""
        if not self.push_on:
            raise error("push_off")
        check_endpoint(endpoint, self.settings.push_allow_http)
        check_keys(p256dh, auth)
        digest = hashlib.sha256(endpoint.encode()).hexdigest()
        ps = push_subscriptions.c

        def work(conn: sa.Connection) -> int:
            mine = sa.select(sa.func.count()).where(ps.player_id == player_id)
            conn.execute(sa.delete(push_subscriptions).where(ps.player_id == player_id, ps.endpoint_hash == digest))
            count = int(conn.execute(mine).scalar() or 0)
            if count >= MAX_SUBSCRIPTIONS:
                raise error("push_too_many", limit=MAX_SUBSCRIPTIONS)
            row = {"endpoint": endpoint, "p256dh": p256dh, "auth": auth, "created_at": time.time()}
            conn.execute(sa.insert(push_subscriptions).values(player_id=player_id, endpoint_hash=digest, **row))
            return count + 1

        return await self.store.transact(work)

    async def unsubscribe(self, player_id: str, endpoint: str) -> bool:
        digest = hashlib.sha256(endpoint.encode()).hexdigest()
        ps = push_subscriptions.c

        def work(conn: sa.Connection) -> bool:
            gone = conn.execute(
                sa.delete(push_subscriptions).where(ps.player_id == player_id, ps.endpoint_hash == digest)
            )
            return bool(gone.rowcount)

        return await self.store.transact(work)

    async def choice(self, player_id: str) -> Choice:
        def work(conn: sa.Connection) -> Choice:
            row = conn.execute(sa.select(players.c.notify, players.c.email).where(players.c.id == player_id)).first()
            return Choice() if row is None else Choice.of(row.notify, row.email)

        return await self.store.read(work)

    async def choose(self, player_id: str, choice: Choice) -> Choice:
        """Store a person's choice (the address checked; e-mail needs one, and a server that sends them)."""
        address = check_email(choice.address) if choice.address else None
        if choice.email and address is None:
            raise error("email_needed")
        if choice.email and not self.email_on:
            raise error("email_off")
        if choice.push and not self.push_on:
            raise error("push_off")
        notify = {"push": choice.push, "email": choice.email, "after": choice.after, "lang": choice.lang}

        def work(conn: sa.Connection) -> None:
            conn.execute(sa.update(players).where(players.c.id == player_id).values(notify=notify, email=address))

        await self.store.transact(work)
        return Choice.of(notify, address)

    # -- the sweep ---------------------------------------------------------------------------
    async def notify_due(self, now: float) -> int:
        """Notify every person whose turn at a turn-based table has waited past their wait, once per
        turn (claimed in `notices` first); returns how many were notified."""
        shortest = min(self.settings.notify_after, AFTER_MIN)
        due = await self.store.read(lambda conn: self._due(conn, now, shortest))
        told = 0
        for match_id, game, seat, turn_at, player_id, choice in due:
            if now - turn_at < (choice.after or self.settings.notify_after):
                continue
            channels = [c for c in CHANNELS if getattr(choice, c)]
            if not channels or not await self._claim(match_id, seat, turn_at, player_id, channels, now):
                continue
            await self._send(match_id, game, now - turn_at, player_id, choice)
            told += 1
        self.sent += told
        return told

    @staticmethod
    def _due(conn: sa.Connection, now: float, shortest: float) -> list[tuple[str, str, int, float, str, Choice]]:
        m, s, p, n = matches.c, seats.c, players.c, notices.c
        sent = sa.exists().where(n.match_id == m.id, n.seat == s.seat, n.turn_at == m.turn_at)
        query = (
            sa.select(m.id, m.game, m.waiting_on, m.turn_at, s.seat, s.player_id, p.notify, p.email)
            .join(seats, s.match_id == m.id)
            .join(players, p.id == s.player_id)
            .where(
                m.status == "playing",
                m.turn_at <= now - shortest,
                s.token_hash.is_not(None),  # a person still holds the seat
                p.notify.is_not(None),
                ~sent,
            )
        )
        found = []
        for row in conn.execute(query):
            if row.seat in (row.waiting_on or ()):
                choice = Choice.of(row.notify, row.email)
                found.append((row.id, row.game, row.seat, float(row.turn_at), row.player_id, choice))
        return found

    async def _claim(
        self, match_id: str, seat: int, turn_at: float, player_id: str, channels: list[str], now: float
    ) -> bool:
        row = {"match_id": match_id, "seat": seat, "turn_at": turn_at, "player_id": player_id}

        def work(conn: sa.Connection) -> None:
            conn.execute(sa.insert(notices).values(**row, channels=channels, sent_at=now))

        try:
            await self.store.transact(work)
        except sa.exc.IntegrityError:
            return False  # another process (or sweep) sent it
        return True

    def link(self, match_id: str) -> str:
        return f"{self.settings.public_url.rstrip('/')}/#/table/{match_id}"

    async def _send(self, match_id: str, game_id: str, waited: float, player_id: str, choice: Choice) -> None:
        from tapete.games import get_game

        name = dict(get_game(game_id).name)
        link = self.link(match_id)
        if choice.push and self.push_on:
            title, text = words(name, waited, link, choice.lang)
            payload = json.dumps({"title": title, "body": text, "url": f"/#/table/{match_id}", "tag": match_id})
            for sub in await self._subscriptions(player_id):
                await self._push(player_id, sub, payload)
        if choice.email and choice.address and self.email_on:
            try:
                await asyncio.to_thread(self._mail, choice.address, name, waited, link, choice.lang)
            except Exception:
                logs.log.exception("could not send a turn's e-mail", extra={"table": match_id})

    async def _subscriptions(self, player_id: str) -> list[dict[str, Any]]:
        ps = push_subscriptions.c

        def work(conn: sa.Connection) -> list[dict[str, Any]]:
            rows = conn.execute(
                sa.select(ps.endpoint_hash, ps.endpoint, ps.p256dh, ps.auth).where(ps.player_id == player_id)
            )
            return [dict(r._mapping) for r in rows]

        return await self.store.read(work)

    async def _push(self, player_id: str, sub: dict[str, Any], payload: str) -> None:
        from py_vapid import Vapid
        from pywebpush import WebPushException, webpush

        assert self._private_pem is not None
        parts = urlsplit(sub["endpoint"])
        local = self.settings.push_allow_http and parts.scheme == "http"
        if not await _resolves_public(parts.hostname or "", local):
            logs.log.warning("a push subscription's address is not on the internet: not sent")
            return
        info = {"endpoint": sub["endpoint"], "keys": {"p256dh": sub["p256dh"], "auth": sub["auth"]}}
        vapid = Vapid.from_pem(self._private_pem)
        try:
            await asyncio.to_thread(
                webpush,
                info,
                payload,
                vapid_private_key=vapid,
                vapid_claims={"sub": self.settings.vapid_contact},
                ttl=PUSH_TTL,
                timeout=SEND_TIMEOUT,
            )
        except WebPushException as err:
            status = getattr(err.response, "status_code", None)
            if status in (404, 410):  # the device unsubscribed, or its subscription expired
                await self._drop(player_id, sub["endpoint_hash"])
            else:
                logs.log.warning("a push service refused a notification (%s)", status)
        except Exception:
            logs.log.exception("could not send a push notification")

    async def _drop(self, player_id: str, digest: str) -> None:
        ps = push_subscriptions.c

        def work(conn: sa.Connection) -> None:
            conn.execute(sa.delete(push_subscriptions).where(ps.player_id == player_id, ps.endpoint_hash == digest))

        await self.store.transact(work)

    def _mail(self, address: str, game_name: dict[str, str], waited: float, link: str, lang: str) -> None:
        """One e-mail, in the person's language first and the other after it."""
        first, second = ("en", "es") if lang == "en" else ("es", "en")
        subject, text = words(game_name, waited, link, first)
        _subject2, text2 = words(game_name, waited, link, second)
        message = EmailMessage()
        message["Subject"] = subject
        message["From"] = self.settings.smtp_from
        message["To"] = address
        message.set_content(f"{text}\n\n{text2}\n")
        cfg = self.settings
        smtp: smtplib.SMTP
        if cfg.smtp_tls == "ssl":
            smtp = smtplib.SMTP_SSL(cfg.smtp_host, cfg.smtp_port, timeout=SEND_TIMEOUT)
        else:
            smtp = smtplib.SMTP(cfg.smtp_host, cfg.smtp_port, timeout=SEND_TIMEOUT)
        with smtp:
            if cfg.smtp_tls == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if cfg.smtp_user:
                smtp.login(cfg.smtp_user, cfg.smtp_password or "")
            smtp.send_message(message)


__all__ = ["AFTER_MAX", "AFTER_MIN", "MAX_ENDPOINT", "MAX_SUBSCRIPTIONS", "Choice", "Notifier", "push_available"]
