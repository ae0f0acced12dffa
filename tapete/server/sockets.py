"""The table WebSocket: hello, then actions in and states out.

This module only reads and checks client messages (size, rate, JSON, shape);
everything that touches the table goes to its runner's queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from tapete.engine import TapeteError

from . import logs
from .connection import (
    CLOSE_BAD_TOKEN,
    CLOSE_MOVED,
    CLOSE_NOT_FOUND,
    CLOSE_POLICY,
    CLOSE_REFUSED,
    Connection,
    RateLimiter,
)
from .errors import BadJson, BadMessage, RateLimited, TooLarge, UnknownMessage
from .runner import Detach, RunnerStopped, Submit, Sync, TableRunner

if TYPE_CHECKING:
    from .app import Services
    from .settings import ServerSettings


LANGS = ("es", "en")
CLOSE_CODES = {"bad_token": CLOSE_BAD_TOKEN, "table_not_found": CLOSE_NOT_FOUND}


class Disconnected(Exception):
    """The client went away."""


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    svc: Services = websocket.app.state.tapete
    settings = svc.settings
    await websocket.accept()
    conn = Connection(websocket, settings.outbox_limit)
    pump = asyncio.create_task(conn.pump())
    runner: TableRunner | None = None
    try:
        token = await _hello(websocket, conn, settings)
        runner = await _attach(svc, table_id, conn, token)
        if runner is not None:
            await _serve(websocket, conn, runner, settings)
    except Disconnected:
        pass
    except RunnerStopped:
        # the table left this process under the socket (a cluster process lost its lease):
        # the client connects again and reaches the table's new owner
        conn.close(CLOSE_MOVED, "table moved")
        logs.event("socket moved", logging.INFO, table=table_id, seat=conn.seat)
    finally:
        if runner is not None:
            with contextlib.suppress(RunnerStopped):
                runner.post(Detach(conn))
        conn.close()
        await pump


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next text frame; None for a binary frame."""
    try:
        message = await websocket.receive()
    except RuntimeError:
        raise Disconnected from None
    if message["type"] == "websocket.disconnect":
        raise Disconnected
    text: str | None = message.get("text")
    return text


def _parse(text: str | None, settings: ServerSettings) -> dict[str, Any]:
    if text is None:
        raise BadJson("Se esperan mensajes de texto JSON.", "Messages must be JSON text.", rule="protocol")
    if len(text) > settings.max_message_bytes or len(text.encode()) > settings.max_message_bytes:
        raise TooLarge(
            f"Mensaje demasiado grande (máximo {settings.max_message_bytes} bytes).",
            f"Message too large (at most {settings.max_message_bytes} bytes).",
            rule="limits",
        )
    try:
        data = json.loads(text)
    except ValueError:
        raise BadJson("El mensaje no es JSON válido.", "The message is not valid JSON.", rule="protocol") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage(
            "El mensaje debe ser un objeto JSON con un campo \"type\".",
            "The message must be a JSON object with a \"type\" field.",
            rule="protocol",
        )
    return data


async def _hello(websocket: WebSocket, conn: Connection, settings: ServerSettings) -> str | None:
    """Wait for `{"type": "hello", "token": ..., "lang": "es"}`; no token means a spectator."""
    try:
        text = await asyncio.wait_for(_receive_text(websocket), settings.hello_timeout)
    except TimeoutError:
        conn.send_error(BadMessage("Falta el saludo (hello).", "No hello arrived in time.", rule="protocol"))
        conn.close(CLOSE_POLICY, "no hello")
        raise Disconnected from None
    try:
        data = _parse(text, settings)
        token, lang, texts = data.get("token"), data.get("lang", "es"), data.get("texts", True)
        if (
            data["type"] != "hello"
            or not (token is None or isinstance(token, str))
            or lang not in LANGS
            or not isinstance(texts, bool)
        ):
            raise BadMessage(
                "El primer mensaje debe ser {\"type\": \"hello\", \"token\": ..., \"lang\": \"es\" o \"en\"}.",
                "The first message must be {\"type\": \"hello\", \"token\": ..., \"lang\": \"es\" or \"en\"}.",
                rule="protocol",
            )
        conn.lang, conn.texts = lang, texts
    except TapeteError as err:
        conn.send_error(err)
        conn.close(CLOSE_POLICY, err.code)
        raise Disconnected from None
    return token


async def _attach(svc: Services, table_id: str, conn: Connection, token: str | None) -> TableRunner | None:
    for _ in range(3):
        try:
            runner = await svc.tables.get(table_id)
            await runner.attach(conn, token)
            return runner
        except RunnerStopped:
            continue  # the table just left memory (or this process): find it again
        except TapeteError as err:
            conn.send_error(err)
            conn.close(CLOSE_CODES.get(err.code, CLOSE_REFUSED), err.code)
            logs.event("socket refused", logging.INFO, table=table_id, code=err.code)
            return None
    conn.close(CLOSE_MOVED, "table moved")  # it kept moving: the client tries again a little later
    return None


async def _serve(websocket: WebSocket, conn: Connection, runner: TableRunner, settings: ServerSettings) -> None:
    limiter = RateLimiter(settings.rate_per_s, settings.rate_burst)
    strikes = 0
    while not conn.closing:
        text = await _receive_text(websocket)
        arrived = time.perf_counter()
        if not limiter.allow():
            strikes += 1
            conn.send_error(
                RateLimited(
                    f"Demasiados mensajes (máximo {settings.rate_per_s:g} por segundo); este se ha ignorado.",
                    f"Too many messages (at most {settings.rate_per_s:g} per second); this one was ignored.",
                    rule="limits",
                )
            )
            if strikes >= settings.rate_strikes:
                conn.close(CLOSE_POLICY, "rate")
            continue
        strikes = 0
        seq: Any = None
        try:
            data = _parse(text, settings)
            seq = data.get("seq")
            _dispatch(data, conn, runner, arrived)
        except TapeteError as err:
            conn.send_error(err, seq if _is_int(seq) else None)


def _dispatch(data: dict[str, Any], conn: Connection, runner: TableRunner, arrived: float) -> None:
    kind = data["type"]
    if kind == "action":
        runner.post(_submit(data, conn, arrived))
    elif kind == "sync":
        runner.post(Sync(conn))
    elif kind == "ping":
        seq = data.get("seq")
        conn.send({"type": "pong", "seq": seq if _is_int(seq) else None})
    else:
        raise UnknownMessage(
            f"Tipo de mensaje desconocido: {kind!r} (action, sync, ping).",
            f"Unknown message type: {kind!r} (action, sync, ping).",
            rule="protocol",
        )


# Integers a client may send (seq, version, seat): those every JSON reader
# holds exactly. A larger seq could not be echoed (orjson stops at 64 bits).
MAX_INT = 2**53 - 1


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_INT <= value <= MAX_INT


def _submit(data: dict[str, Any], conn: Connection, arrived: float) -> Submit:
    seq, version, seat = data.get("seq"), data.get("version"), data.get("seat")
    has_action, has_index = isinstance(data.get("action"), dict), "index" in data
    if (
        not isinstance(seq, int)
        or not isinstance(version, int)
        or not _is_int(seq)
        or not _is_int(version)
        or has_action == has_index
        or not (seat is None or _is_int(seat))
    ):
        raise BadMessage(
            "Una acción lleva seq (entero), version (entero) y o bien action (objeto) o bien index (entero).",
            "An action carries seq (integer), version (integer) and either action (object) or index (integer).",
            rule="protocol",
        )
    payload = {"index": data["index"]} if has_index else {"action": data["action"]}
    return Submit(conn, seq, version, payload, seat, arrived)
