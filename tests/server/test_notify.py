"""Notifications of a turn-based table's turn (tapete.server.people.notify): Web Push to a local push
endpoint started here (it records the encrypted POST and its headers) and e-mail to a local SMTP
server (aiosmtpd), sent by the due sweep on the server clock the test moves on."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any, cast

import pytest
import sqlalchemy as sa
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from tapete.server.storage.schema import notices, push_subscriptions
from tapete.server.table.clock import ServerClock

from . import conftest
from .conftest import Client, Server, reset_test_postgres
from .test_turn_based import HOUR, Start, identity, starting, sweep, turn_based_boon

MINUTE = 60.0


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Pushed:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushEndpoint:
    """A push service of our own: every POST recorded; a path under /gone/ answers 410."""

    port: int = 0
    got: list[Pushed] = field(default_factory=list)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            _method, path, _version = lines[0].split(" ", 2)
            headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
            body = await reader.readexactly(int(headers.get("content-length", "0")))
            self.got.append(Pushed(path, headers, body))
            status = "410 Gone" if path.startswith("/gone/") else "201 Created"
            writer.write(f"HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode())
            await writer.drain()
        finally:
            writer.close()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


class Device:
    """A browser's keys for one subscription (the push service's messages are encrypted to them)."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.json = {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
        }

    def read(self, body: bytes) -> dict[str, Any]:
        import http_ece

        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        found: dict[str, Any] = json.loads(plain)
        return found


class Mailbox:
    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # aiosmtpd's name
        self.mails.append(cast(EmailMessage, message_from_bytes(envelope.content, policy=policy.default)))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
async def push() -> AsyncIterator[PushEndpoint]:
    endpoint = PushEndpoint()
    server = await asyncio.start_server(endpoint.handle, "127.0.0.1", 0)
    endpoint.port = server.sockets[0].getsockname()[1]
    yield endpoint
    server.close()
    await server.wait_closed()


@pytest.fixture
def mailbox() -> Any:
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield box, controller.port
    controller.stop()


@pytest.fixture
async def clock() -> ServerClock:
    return ServerClock()


@pytest.fixture
async def start(tmp_path: Path, clock: ServerClock, mailbox: Any) -> AsyncIterator[Start]:
    await reset_test_postgres()
    notify = {
        "notify_after": HOUR,
        "push_allow_http": True,
        "public_url": "https://tapete.example",
        "vapid_contact": "mailto:mesa@tapete.example",
        "smtp_host": "127.0.0.1",
        "smtp_port": mailbox[1],
        "smtp_from": "tapete@tapete.example",
        "smtp_tls": "none",
    }
    async with starting(clock, db_url=conftest.test_db_url(tmp_path), **notify) as started:
        yield started


async def opt_in(server: Server, player_id: str, who: dict[str, str], device: Device, address: str, lang: str) -> None:
    made = await server.http.post(f"/api/players/{player_id}/push", headers=who, json=device.json)
    assert made.status_code == 201, made.text
    chosen = await server.http.put(
        f"/api/players/{player_id}/notify",
        headers=who,
        json={"push": True, "email": True, "address": address, "lang": lang},
    )
    assert chosen.status_code == 200, chosen.text


def check_vapid(pushed: Pushed, public_key: str, origin: str) -> None:
    """The VAPID Authorization header: `vapid t=<JWT>,k=<server key>`, the JWT signed with that key."""
    scheme, _, params = pushed.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    assert parts["k"] == public_key
    head, claims, signature = parts["t"].split(".")
    raw = unb64(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if not the server's
    said = json.loads(unb64(claims))
    assert said["aud"] == origin and said["sub"] == "mailto:mesa@tapete.example"
    assert pushed.headers["content-encoding"] == "aes128gcm" and len(pushed.body) > 0


async def waiting(server: Server, table_id: str) -> tuple[list[int], float]:
    """The seats the table awaits and since when, once stored."""
    for _ in range(200):
        row = await server.app.state.tapete.store.load(table_id, with_actions=False)
        if row.turn_at is not None and row.waiting_on:
            return list(row.waiting_on), float(row.turn_at)
        await asyncio.sleep(0.02)
    raise AssertionError("no waiting turn stored")


async def settled(server: Server, table_id: str, before: float) -> tuple[list[int], float]:
    """The table's next turn awaiting a person, stored after `before` (the bot plays at once)."""
    for _ in range(250):
        seats, since = await waiting(server, table_id)
        if since != before and set(seats) & {0, 1}:
            return seats, since
        await asyncio.sleep(0.02)
    raise AssertionError("the turn did not move on")


async def test_a_waiting_turn_is_told_once_after_the_wait_to_its_player_only_by_push_and_email(
    start: Start, clock: ServerClock, push: PushEndpoint, mailbox: Any
) -> None:
    box: Mailbox = mailbox[0]
    server, _stop = await start()
    key = (await server.http.get("/api/push/key")).json()
    assert key["public_key"] and key["email"] is True and "private" not in json.dumps(key)
    ana_id, ana = await identity(server, "Ana")
    bea_id, bea = await identity(server, "Bea")
    devices = {0: Device(push.url("/ana")), 1: Device(push.url("/bea"))}
    await opt_in(server, ana_id, ana, devices[0], "ana@example.org", "es")
    await opt_in(server, bea_id, bea, devices[1], "bea@example.org", "en")
    created = await turn_based_boon(server, ana, bea)
    table_id = created["table"]["id"]
    clients: dict[int, Client] = {
        0: await server.connect(table_id, created["token"]),
        1: await server.connect(table_id, created["bea_token"]),
    }
    await clients[0].until(lambda s: s["status"] == "playing" and bool(set(s["required"]) & {0, 1}))
    awaited, since = await settled(server, table_id, -1.0)
    people = [s for s in awaited if s in (0, 1)]
    assert people

    # they act in time: half an hour later, each awaited person plays; the wait starts again
    clock.advance(30 * MINUTE)
    assert await sweep(server) == 0 and not push.got and not box.mails
    for seat in people:
        state = await clients[seat].until(lambda s, seat=seat: seat in s["required"])
        legal = [entry for entry in state["legal"] if not entry["reaction"]]
        reply = await clients[seat].reply(await clients[seat].act(index=legal[0]["index"]))
        assert reply["type"] == "accepted", reply
    awaited, since = await settled(server, table_id, since)
    clock.advance(40 * MINUTE)  # 70 minutes after the first turn began, 40 after the second
    await sweep(server)
    assert not push.got and not box.mails  # nobody waited an hour

    people = [s for s in awaited if s in (0, 1)]
    assert len(people) == 1, awaited  # Boon's turns go round: one person's turn, the other's not
    clock.advance(21 * MINUTE)  # the turn has waited past the hour
    await sweep(server)
    await sweep(server)  # and a second sweep sends nothing again
    clock.advance(5 * HOUR)
    await sweep(server)
    paths = sorted(p.path for p in push.got)
    assert paths == [{0: "/ana", 1: "/bea"}[people[0]]]  # once, and only to the person whose turn it is
    for pushed in push.got:
        check_vapid(pushed, key["public_key"], f"http://127.0.0.1:{push.port}")
        seat = 0 if pushed.path == "/ana" else 1
        said = devices[seat].read(pushed.body)
        assert said["url"] == f"/#/table/{table_id}"
        assert said["title"] == ("¡Te toca! · tapete" if seat == 0 else "Your turn! · tapete")
        assert "Boon" in said["body"]
    assert sorted(m["To"] for m in box.mails) == sorted({0: "ana@example.org", 1: "bea@example.org"}[s] for s in people)
    for mail in box.mails:
        text = mail.get_content()
        assert f"https://tapete.example/#/table/{table_id}" in text
        assert "Te toca" in mail["Subject"] or "Your turn" in mail["Subject"]
        assert "Tu partida de Boon" in text and "Your Boon game" in text  # es and en
    sent = await server.app.state.tapete.store.read(
        lambda conn: conn.execute(sa.select(notices.c.seat, notices.c.channels)).fetchall()
    )
    assert sorted((s, c) for s, c in sent) == sorted((s, ["push", "email"]) for s in people)  # what was sent
    for client in clients.values():
        await client.close()


async def test_a_gone_subscription_is_dropped_and_bad_ones_and_others_tokens_are_refused(
    start: Start, clock: ServerClock, push: PushEndpoint
) -> None:
    server, _stop = await start()
    ana_id, ana = await identity(server, "Ana")
    bea_id, bea = await identity(server, "Bea")
    device = Device(push.url("/gone/ana"))
    path = f"/api/players/{ana_id}/push"

    refused = await server.http.post(path, headers=bea, json=device.json)  # Bea's token, Ana's identity
    assert refused.status_code == 403
    assert (await server.http.post(path, json=device.json)).status_code == 401
    assert (await server.http.put(f"/api/players/{ana_id}/notify", headers=bea, json={"push": True})).status_code == 403

    bad = await server.http.post(path, headers=ana, json={**device.json, "endpoint": "ftp://push.example/x"})
    assert bad.status_code == 422 and "https://" in bad.json()["error"]["es"]
    remote = await server.http.post(path, headers=ana, json={**device.json, "endpoint": "http://push.example/x"})
    assert remote.status_code == 422  # http only to this machine, and only when the settings allow it
    keys = {**device.json, "keys": {"p256dh": "AAAA", "auth": "AAAA"}}
    bad_keys = await server.http.post(path, headers=ana, json=keys)
    assert bad_keys.status_code == 422 and bad_keys.json()["error"]["en"].startswith("The push subscription")
    for inside in (  # the server's own network: nothing is ever posted there (a hostile subscription)
        "https://127.0.0.1/x",
        "https://10.0.0.7/x",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/x",
        "https://[fd00::1]/x",
        "https://localhost/x",
        "https://db.internal/x",
        "https://printer.local/x",
        "https://intranet/x",
    ):
        refused_inside = await server.http.post(path, headers=ana, json={**device.json, "endpoint": inside})
        assert refused_inside.status_code == 422, inside
    too_long = await server.http.post(path, headers=ana, json={**device.json, "endpoint": push.url("/" + "x" * 2000)})
    assert too_long.status_code == 422
    bad_mail = await server.http.put(
        f"/api/players/{ana_id}/notify", headers=ana, json={"email": True, "address": "not an address"}
    )
    assert bad_mail.status_code == 422

    await opt_in(server, ana_id, ana, device, "ana@example.org", "es")
    chosen = (await server.http.get(f"/api/players/{ana_id}/notify", headers=ana)).json()
    assert chosen["push"] and chosen["email"] and chosen["address"] == "ana@example.org"
    await opt_in(server, bea_id, bea, Device(push.url("/gone/bea")), "bea@example.org", "en")
    created = await turn_based_boon(server, ana, bea)
    table_id = created["table"]["id"]
    awaited, _since = await settled(server, table_id, -1.0)  # a person's turn (the bot plays at once)
    clock.advance(2 * HOUR)
    await sweep(server)
    told = {"/gone/ana": ana_id, "/gone/bea": bea_id}
    assert sorted(p.path for p in push.got) == sorted(["/gone/ana", "/gone/bea"][s] for s in awaited if s < 2)

    def left(conn: sa.Connection) -> list[str]:
        return [r.player_id for r in conn.execute(sa.select(push_subscriptions.c.player_id))]

    remaining = await server.app.state.tapete.store.read(left)  # the push service said 410: dropped
    assert sorted(remaining) == sorted(set(told.values()) - {told[p.path] for p in push.got})


async def test_a_restarted_server_does_not_send_a_turns_notification_again(
    start: Start, clock: ServerClock, push: PushEndpoint, mailbox: Any
) -> None:
    server, stop = await start()
    ana_id, ana = await identity(server, "Ana")
    bea_id, bea = await identity(server, "Bea")
    await opt_in(server, ana_id, ana, Device(push.url("/ana")), "ana@example.org", "es")
    await opt_in(server, bea_id, bea, Device(push.url("/bea")), "bea@example.org", "en")
    created = await turn_based_boon(server, ana, bea)
    table_id = created["table"]["id"]
    awaited, since = await settled(server, table_id, -1.0)  # a person's turn (the bot plays at once)
    clock.advance(2 * HOUR)
    await sweep(server)
    first = len(push.got)
    assert first == len([s for s in awaited if s < 2]) > 0 and len(mailbox[0].mails) == first
    await stop()

    again, _stop = await start()  # the table is loaded again from its record: the same turn goes on
    assert await waiting(again, table_id) == (awaited, since)
    clock.advance(HOUR)
    await sweep(again)
    assert len(push.got) == first and len(mailbox[0].mails) == first


async def test_a_name_that_resolves_into_the_servers_network_is_not_posted_to() -> None:
    # checked again at each send: a name a person chose may point anywhere by then
    from tapete.server.people.notify import _resolves_public

    assert not await _resolves_public("localhost", allow_local=False)
    assert not await _resolves_public("127.0.0.1", allow_local=False)
    assert await _resolves_public("localhost", allow_local=True)  # the tests' own receiver
    assert not await _resolves_public("no-such-host.invalid", allow_local=False)
