"""Every bad input over a table socket gets its error and changes nothing."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
import sqlalchemy as sa
import websockets

from tapete.engine import MatchRecord, replay
from tests.toygame import ECO, EcoState

from .conftest import Client, ServeFactory, Server, lookup, take_turns

FAST = {"reaction_window_ms": 0, "bot_delay_ms": 0}


async def two_humans(server: Server) -> tuple[str, Client, Client]:
    created = await server.create(game="eco", seats=[{"type": "human"}, {"type": "human"}], table_options=FAST)
    joined = await server.join(created["invite_code"])
    table_id = created["table"]["id"]
    return table_id, await server.connect(table_id, created["token"]), await server.connect(table_id, joined["token"])


async def stored_actions(server: Server, table_id: str) -> int:
    engine = server.app.state.tapete.store.engine
    async with engine.connect() as conn:
        count = await conn.scalar(sa.text("select count(*) from actions where match_id = :m"), {"m": table_id})
    return int(count or 0)


async def test_bad_inputs_get_errors_and_change_nothing(server: Server) -> None:
    table_id, a, b = await two_humans(server)
    spectator = await server.connect(table_id, None)
    runner = server.runner(table_id)
    assert a.state["required"] == [0]
    before = runner.state.to_json()
    views = {s: runner.state.view(s) for s in (None, 0, 1)}
    play = {"type": "play", "slot": 0}
    cases: list[tuple[Client, Any, str]] = [
        (a, "not json {", "bad_json"),
        (a, "[1, 2]", "bad_message"),
        (a, {"type": "dance"}, "unknown_type"),
        (a, {"type": "action", "seq": 1, "action": play}, "bad_message"),
        (a, {"type": "action", "seq": 2, "version": 0}, "bad_message"),
        (a, {"type": "action", "seq": 3, "version": 0, "action": play, "index": 0}, "bad_message"),
        (a, {"type": "action", "seq": 4, "version": 0, "action": {"type": "fly", "slot": 0}}, "bad_action"),
        (a, {"type": "action", "seq": 5, "version": 0, "index": 999}, "bad_action"),
        (a, {"type": "action", "seq": 6, "version": 0, "action": play, "seat": 1}, "wrong_seat"),
        (a, {"type": "action", "seq": 7, "version": 3, "action": play}, "bad_message"),  # a version never sent
        (a, {"type": "action", "seq": 8, "version": -1, "action": play}, "bad_message"),
        (a, {"type": "action", "seq": 9, "version": 0, "action": {"type": "play", "slot": 6}}, "illegal_action"),
        (a, {"type": "action", "seq": 10, "version": 0, "action": play, "pad": "x" * 5000}, "too_large"),
        (a, b"\x00\x01", "bad_json"),
        (b, {"type": "action", "seq": 11, "version": 0, "action": play}, "not_your_turn"),
        (spectator, {"type": "action", "seq": 12, "version": 0, "action": play}, "wrong_seat"),
    ]
    for client, message, code in cases:
        await client.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))
        error = await client.next_of("error")
        assert error["code"] == code, (message, error)
        assert error["es"] and error["en"] and error["rule"], error
        if isinstance(message, dict) and "seq" in message and code != "too_large":
            assert error["seq"] == message["seq"]
    assert runner.version == 0 and runner.state.to_json() == before
    assert {s: runner.state.view(s) for s in (None, 0, 1)} == views
    assert await stored_actions(server, table_id) == 0
    # the same sockets still work
    reply = await a.reply(await a.act(play))
    assert reply == {"type": "accepted", "seq": a.seq, "version": 1}
    assert await stored_actions(server, table_id) == 1


async def test_hello_wrong_token_unknown_table(server: Server) -> None:
    table_id, _a, _b = await two_humans(server)
    async with websockets.connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": "not-a-token"}))
        error = json.loads(await ws.recv())
        assert error["code"] == "bad_token" and error["es"]
        await ws.wait_closed()
        assert ws.close_code == 4401
    async with websockets.connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"type": "action", "seq": 1, "version": 0, "index": 0}))
        error = json.loads(await ws.recv())
        assert error["code"] == "bad_message" and "hello" in error["en"]
    async with websockets.connect(f"{server.ws_url}/ws/tables/nope") as ws:
        await ws.send(json.dumps({"type": "hello"}))
        error = json.loads(await ws.recv())
        assert error["code"] == "table_not_found"
        await ws.wait_closed()
        assert ws.close_code == 4404
    assert server.runner(table_id).version == 0


async def test_message_rate_is_limited(serve: ServeFactory) -> None:
    server = await serve(rate_per_s=5.0, rate_burst=5, rate_strikes=1000)
    _table_id, a, _b = await two_humans(server)
    for i in range(20):
        await a.send({"type": "ping", "seq": i})
    answers: list[dict[str, Any]] = []
    while len(answers) < 20:
        message = await a.recv()
        if message["type"] in ("pong", "error"):
            answers.append(message)
    pongs = [m for m in answers if m["type"] == "pong"]
    limited = [m for m in answers if m["type"] == "error" and m["code"] == "rate_limited"]
    assert 5 <= len(pongs) <= 7 and len(pongs) + len(limited) == 20


async def test_actions_the_table_takes_do_not_count_toward_the_rate(serve: ServeFactory) -> None:
    """Each seat answers each of its turns at once, more often than the socket's rate: the table
    goes on to its end (an action refused as a flood was answered without its seq, and the table
    waited for that seat for good: a Swiss of four people stalled so). Other messages still count."""
    server = await serve(rate_per_s=1.0, rate_burst=3, rate_strikes=1000)
    _table_id, a, b = await two_humans(server)
    for c in (a, b):
        c.seen.clear()
    final = await asyncio.wait_for(take_turns({0: a, 1: b}), 20)
    assert final["status"] == "finished"
    taken = [sum(m["type"] == "accepted" for m in c.seen) for c in (a, b)]
    assert min(taken) > 3, taken  # each socket had more actions taken than its burst, within seconds
    assert not [m for c in (a, b) for m in c.seen if m["type"] == "error"]
    for i in range(8):
        await a.send({"type": "ping", "seq": i})
    answers: list[dict[str, Any]] = []
    while len(answers) < 8:
        message = await a.recv()
        if message["type"] in ("pong", "error"):
            answers.append(message)
    limited = [m for m in answers if m["type"] == "error" and m["code"] == "rate_limited"]
    assert 3 <= len(answers) - len(limited) <= 5 and limited, answers


async def test_waiting_and_finished_tables_refuse_actions(server: Server) -> None:
    created = await server.create(game="eco", seats=[{"type": "human"}, {"type": "human"}], table_options=FAST)
    table_id = created["table"]["id"]
    a = await server.connect(table_id, created["token"])
    assert a.state["status"] == "waiting" and a.state["legal"] == []
    assert (await a.reply(await a.act(index=0)))["code"] == "not_started"
    b = await server.connect(table_id, (await server.join(created["invite_code"]))["token"])
    final = await take_turns({0: a, 1: b})
    assert final["outcome"]["winners"] and final["legal"] == []
    version = final["version"]
    error = await a.reply(await a.act(index=0, version=version))
    assert error["code"] == "match_over"
    assert server.runner(table_id).version == version
    record = (await server.http.get(f"/api/matches/{table_id}/record")).json()
    assert len(record["actions"]) == version and record["outcome"] == final["outcome"]
    assert record["seats"] == [{"human": ""}, {"human": ""}]
    rebuilt = replay(ECO, MatchRecord.from_json(record))
    assert rebuilt.is_terminal() and rebuilt.outcome().to_json() == final["outcome"]


async def test_spectator_sees_no_hand(server: Server) -> None:
    table_id, a, b = await two_humans(server)
    spectator = await server.connect(table_id, None)
    await a.reply(await a.act(index=0))
    state = await spectator.until(lambda s: s["version"] == 1)
    assert state["view"]["hand"] is None and state["legal"] == []
    assert [e["kind"] for e in state["events"]] == ["played", "drew"]  # not the private drew_card
    mine = await a.until(lambda s: s["version"] == 1)
    assert [e["kind"] for e in mine["events"]] == ["played", "drew", "drew_card"]
    assert [e["kind"] for e in (await b.until(lambda s: s["version"] == 1))["events"]] == ["played", "drew"]
    await asyncio.sleep(0)


async def test_a_game_failure_is_taken_out_of_the_record(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, a, _b = await two_humans(server)
    runner = server.runner(table_id)
    before = runner.state.to_json()

    def broken(self: EcoState, seat: int, slot: int) -> list[Any]:
        self.plays += 1  # half-done work the runner must throw away
        raise RuntimeError("a bug in the game")

    monkeypatch.setattr(EcoState, "_play", broken)
    error = await a.reply(await a.act({"type": "play", "slot": 0}))
    assert error["code"] == "internal_error" and error["es"]
    assert runner.state.to_json() == before and runner.version == 0
    assert await stored_actions(server, table_id) == 0
    monkeypatch.undo()
    monkeypatch.setattr("tapete.server.table.registry.get_game", lookup)
    assert (await a.reply(await a.act({"type": "play", "slot": 0})))["version"] == 1
    assert await stored_actions(server, table_id) == 1


async def test_a_bug_in_reading_a_socket_closes_that_socket_only(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The socket's messages are read in the transport's callback (wsprotocol.deliver_to): a bug
    there is the client's internal_error and a 1011 close, and the table goes on for the others."""
    table_id, a, b = await two_humans(server)

    def broken(*_args: Any) -> None:
        raise RuntimeError("a bug in the reader")

    monkeypatch.setattr("tapete.server.http.sockets._dispatch", broken)
    await a.send({"type": "sync"})
    error = await a.next_of("error")
    assert error["code"] == "internal_error" and "bug" not in json.dumps(error)
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await a.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011
    monkeypatch.undo()
    await b.send({"type": "sync"})
    assert (await b.next_of("state"))["table"] == table_id


async def test_messages_sent_with_the_hello_are_answered_in_order(server: Server) -> None:
    """Messages that arrive before the socket is attached wait in the ASGI queue; once attached,
    the reader is handed them first (wsprotocol.deliver_to), then whatever comes after."""
    table_id, _a, _b = await two_humans(server)
    client = Client(await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}"))
    frames = [
        {"type": "hello", "token": None},
        {"type": "ping", "seq": 1},
        {"type": "sync"},
        {"type": "ping", "seq": 2},
        {"type": "sync"},
    ]
    for frame in frames:  # all written at once: they reach the server before the hello is answered
        await client.send(frame)
    seen = [(await client.recv())["type"] for _ in range(6)]
    assert seen[:2] == ["welcome", "state"] and seen.count("state") == 3, seen
    pongs = [m["seq"] for m in client.seen if m["type"] == "pong"]
    assert pongs == [1, 2]
    await client.close()


async def test_finished_tables_leave_memory_and_come_back(serve: ServeFactory) -> None:
    server = await serve(finished_ttl=0.2)
    table_id, a, b = await two_humans(server)
    final = await take_turns({0: a, 1: b})
    await a.close()
    await b.close()
    tables = server.app.state.tapete.tables
    for _ in range(100):
        if table_id not in tables.runners:
            break
        await asyncio.sleep(0.02)
    assert table_id not in tables.runners
    watcher = await server.connect(table_id, None)  # read back from the record
    assert watcher.state["status"] == "finished" and watcher.state["version"] == final["version"]
    assert watcher.state["view"] == {**final["view"], "hand": None, "seat": None}
    assert (await server.http.get(f"/api/tables/{table_id}")).json()["status"] == "finished"


async def test_sockets_per_seat_and_spectators_are_capped(serve: ServeFactory) -> None:
    server = await serve(max_sockets_per_seat=2, max_spectators=1)
    created = await server.create(game="eco", seats=[{"type": "human"}, {"type": "human"}], table_options=FAST)
    table_id = created["table"]["id"]
    await server.connect(table_id, created["token"])
    await server.connect(table_id, created["token"])
    await server.connect(table_id, None)
    for token in (created["token"], None):
        async with websockets.connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            error = json.loads(await ws.recv())
            assert error["code"] == "too_many_sockets" and error["es"]


class ErrorLog(logging.Handler):
    """Records logged at ERROR or above by uvicorn (an exception out of the app) and by the server."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def test_a_table_stopped_under_its_sockets_closes_them_to_reconnect(server: Server) -> None:
    """A cluster process that loses a table's lease stops its runner while sockets are still attached;
    what those sockets send next must close them with 1012 (connect again, to the table's new owner),
    not raise out of the socket loop."""
    found = ErrorLog()
    loggers = [logging.getLogger("uvicorn.error"), logging.getLogger("tapete")]
    for logger in loggers:
        logger.addHandler(found)
    try:
        table_id, a, b = await two_humans(server)
        await server.runner(table_id).stop()  # what the cluster does first when the lease is lost
        await a.act({"type": "play", "slot": 0})
        await b.send({"type": "sync"})
        for client in (a, b):
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    await client.recv()
            assert client.ws.close_code == 1012, (client.ws.close_code, client.ws.close_reason)
        assert await stored_actions(server, table_id) == 0
    finally:
        for logger in loggers:
            logger.removeHandler(found)
    assert not found.records, [r.getMessage() for r in found.records]


async def test_a_relayed_socket_gets_its_credit_from_the_owner() -> None:
    """In a cluster, the owner takes the action of a socket another process relays: the credit goes
    back over the bus to the relay's socket, whose rate it is (no Redis is reached here)."""
    from tapete.server.cluster.fanout import Bus, RemoteConnection
    from tapete.server.table.connection import Connection, RateLimiter

    class Quiet:
        async def send_text(self, data: str) -> None: ...

        async def close(self, code: int = 1000, reason: str | None = None) -> None: ...

    relay, owner = Bus("redis://127.0.0.1:1/0", "relay", 5.0), Bus("redis://127.0.0.1:1/0", "owner", 5.0)
    here = Connection(Quiet(), 8)
    here.limiter = RateLimiter(1.0, 3)
    relay.local["c1"] = here
    for _ in range(3):
        assert here.limiter.allow()
    RemoteConnection(owner, "relay", "c1", "es", True, 8).credit()
    [(proc, items)] = owner._pending.items()
    assert proc == "relay" and items == [{"cid": "c1", "credit": 1}]
    relay._dispatch(items[0])
    assert here.limiter.allow()  # the token given back
    await asyncio.gather(owner.redis.aclose(), relay.redis.aclose())
