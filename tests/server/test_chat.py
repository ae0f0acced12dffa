"""Table chat over the socket: who hears a line, what a line may be, floods, spectators, history."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tapete.games import game_ids

from .conftest import Client, ServeFactory, Server

pytestmark = pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet")


async def table(server: Server, **table_options: Any) -> tuple[str, dict[int, str]]:
    created = await server.create(
        game="bacan",
        seats=[{"type": "human"}, {"type": "human"}],
        table_options={"bot_delay_ms": 0, **table_options},
        name="Ana",
    )
    joined = await server.join(created["invite_code"], name="Bea")
    return created["table"]["id"], {0: created["token"], 1: joined["token"]}


async def connect(server: Server, table_id: str, token: str | None, lang: str = "es") -> Client:
    client = await server.connect(table_id, token) if lang == "es" else await connect_in(server, table_id, token, lang)
    await client.drain()
    return client


async def connect_in(
    server: Server,
    table_id: str,
    token: str | None,
    lang: str,
    player: dict[str, Any] | None = None,
    address: str | None = None,
) -> Client:
    """A socket; `address`: the loopback address it comes from (127.0.0.2 and up stand for other clients)."""
    import websockets

    local = {"local_addr": (address, 0)} if address else {}
    client = Client(await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}", **local))
    hello: dict[str, Any] = {"type": "hello", "token": token, "lang": lang}
    if player is not None:
        hello["player"] = {"id": player["player_id"], "secret": player["secret"]}
    await client.send(hello)
    client.seat = (await client.next_of("welcome"))["seat"]
    client.state = await client.next_of("state")
    return client


async def test_a_line_reaches_every_socket_of_the_table_and_changes_nothing(server: Server) -> None:
    table_id, tokens = await table(server)
    ana, bea = [await connect(server, table_id, tokens[seat]) for seat in (0, 1)]
    watcher = await connect(server, table_id, None)
    version = ana.state["version"]
    await ana.send({"type": "chat", "text": "¿Otra ronda luego?"})
    for client in (ana, bea, watcher):
        line = await client.next_of("chat")
        assert line["from"] == 0 and line["name"] == "Ana" and line["spectator"] is False
        assert line["text"] == "¿Otra ronda luego?" and line["phrase"] is None
        assert isinstance(line["at"], float)
    # a chat line is not a move: no state follows it, the version stays
    await bea.send({"type": "sync"})
    assert (await bea.next_of("state"))["version"] == version
    assert not [m for m in bea.seen if m["type"] == "accepted"]


async def test_quick_phrases_read_in_each_readers_language(server: Server) -> None:
    table_id, tokens = await table(server)
    ana = await connect(server, table_id, tokens[0])
    bea = await connect(server, table_id, tokens[1], lang="en")
    await bea.send({"type": "chat", "phrase": "good_game"})
    mine, theirs = await bea.next_of("chat"), await ana.next_of("chat")
    assert (mine["text"], theirs["text"]) == ("Good game!", "¡Bien jugado!")
    assert mine["phrase"] == theirs["phrase"] == "good_game"
    assert mine["name"] == theirs["name"] == "Bea"


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "chat", "text": ""}, "bad_chat"),
        ({"type": "chat", "text": " \t \n "}, "bad_chat"),
        ({"type": "chat", "text": "x" * 301}, "bad_chat"),
        ({"type": "chat", "text": "\u0000\u0007\u202e\u2066"}, "bad_chat"),
        ({"type": "chat", "text": "\u200b\u200d \u2060"}, "bad_chat"),
        ({"type": "chat", "text": "hola", "phrase": "oops"}, "bad_message"),
        ({"type": "chat"}, "bad_message"),
        ({"type": "chat", "phrase": "you_lose"}, "bad_message"),
        ({"type": "chat", "text": 7}, "bad_message"),
        ({"type": "chat", "text": "hola", "seat": 1}, "bad_message"),
    ],
)
async def test_lines_that_are_not_lines_are_refused(server: Server, message: dict[str, Any], code: str) -> None:
    table_id, tokens = await table(server)
    ana, bea = [await connect(server, table_id, tokens[seat]) for seat in (0, 1)]
    await ana.send(message)
    error = await ana.next_of("error")
    assert error["code"] == code, error
    await asyncio.sleep(0.1)
    await bea.drain()
    assert not [m for m in bea.seen if m["type"] == "chat"]


async def test_text_is_cleaned_and_300_characters_are_allowed(server: Server) -> None:
    table_id, tokens = await table(server)
    ana = await connect(server, table_id, tokens[0])
    await ana.send({"type": "chat", "text": "  e\u0301\u0000xito\u202e al\u2067 fin\u0007 "})
    assert (await ana.next_of("chat"))["text"] == "\u00e9xito al fin"  # NFC, no control or bidi characters
    await ana.send({"type": "chat", "text": "y" * 300})
    assert (await ana.next_of("chat"))["text"] == "y" * 300
    await ana.send({"type": "chat", "text": "\u00e9" * 150 + "e\u0301" * 150})  # 450 code points, 300 once NFC
    assert len((await ana.next_of("chat"))["text"]) == 300


async def test_a_flood_is_rate_limited_per_socket(serve: ServeFactory) -> None:
    server = await serve(chat_burst=3, chat_per_s=0.2)
    table_id, tokens = await table(server)
    ana, bea = [await connect(server, table_id, tokens[seat]) for seat in (0, 1)]
    for i in range(5):
        await ana.send({"type": "chat", "text": f"línea {i}"})
    await asyncio.sleep(0.3)
    await ana.drain()
    refused = [m for m in ana.errors if m["code"] == "rate_limited"]
    heard = [m["text"] for m in ana.seen if m["type"] == "chat"]
    assert heard == ["línea 0", "línea 1", "línea 2"] and len(refused) == 2
    assert refused[0]["rule"] == "chat"
    # the limit is the socket's and the chat's: the other seat still talks, the flooder still plays
    await bea.send({"type": "chat", "phrase": "thanks"})
    while (line := await bea.next_of("chat"))["from"] != 1:
        assert line["from"] == 0
    await ana.send({"type": "ping", "seq": 9})
    assert (await ana.next_of("pong"))["seq"] == 9


async def test_spectators_write_marked_as_such_unless_the_table_says_no(server: Server) -> None:
    table_id, tokens = await table(server)
    ana = await connect(server, table_id, tokens[0])
    watcher = await connect(server, table_id, None, lang="en")
    await watcher.send({"type": "chat", "phrase": "good_luck"})
    line = await ana.next_of("chat")
    assert line["from"] is None and line["spectator"] is True and line["name"] == "Espectador 1"
    assert line["text"] == "¡Suerte!"

    quiet_id, quiet_tokens = await table(server, spectator_chat=False)
    player = await connect(server, quiet_id, quiet_tokens[0])
    silent = await connect(server, quiet_id, None)
    await silent.send({"type": "chat", "text": "hola"})
    assert (await silent.next_of("error"))["code"] == "chat_off"
    await player.send({"type": "chat", "text": "los jugadores sí"})
    assert (await silent.next_of("chat"))["text"] == "los jugadores sí"  # spectators still read


async def test_spectators_are_told_apart_and_every_line_has_a_sender_key_for_muting(serve: ServeFactory) -> None:
    """Each spectator has a name of their own (their player's, or "Espectador N"/"Spectator N" numbered
    per table), and every line a `sender` key, the same in every language, to mute one person by."""
    server = await serve()
    table_id, tokens = await table(server)
    ana = await connect(server, table_id, tokens[0])  # reads in Spanish
    bea = await connect(server, table_id, tokens[1], lang="en")
    # two spectators are two clients (an anonymous one is told apart by its address)
    first = await connect_in(server, table_id, None, "en", address="127.0.0.2")
    await first.drain()
    second = await connect_in(server, table_id, None, "es", address="127.0.0.3")
    await second.drain()
    made = await server.http.post("/api/players", json={"name": "  Carla\u202e  "})
    assert made.status_code == 201, made.text
    carla_id = made.json()
    carla = await connect_in(server, table_id, None, "es", player=carla_id)
    await carla.drain()

    async def said(writer: Client, message: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        await writer.send({"type": "chat", **message})
        return await ana.next_of("chat"), await bea.next_of("chat")

    lines = {
        "first": await said(first, {"text": "hola"}),
        "second": await said(second, {"phrase": "good_luck"}),
        "carla": await said(carla, {"text": "¡vamos!"}),
        "first again": await said(first, {"text": "otra vez"}),
        "ana": await said(ana, {"phrase": "thanks"}),
    }
    names = {who: (es["name"], en["name"]) for who, (es, en) in lines.items()}
    assert names == {
        "first": ("Espectador 1", "Spectator 1"),
        "second": ("Espectador 2", "Spectator 2"),
        "carla": ("Carla", "Carla"),  # the player's name, cleaned as names are
        "first again": ("Espectador 1", "Spectator 1"),
        "ana": ("Ana", "Ana"),
    }
    for es, en in lines.values():
        assert es["sender"] == en["sender"]  # one key in every language
    keys = {who: es["sender"] for who, (es, _en) in lines.items()}
    assert keys["first"] == keys["first again"]
    assert len({keys["first"], keys["second"], keys["carla"], keys["ana"]}) == 4
    assert keys["carla"] == f"player:{carla_id['player_id']}"
    assert lines["carla"][0]["spectator"] is True and lines["carla"][0]["from"] is None
    assert lines["ana"][0]["from"] == 0 and lines["ana"][0]["spectator"] is False
    for value in keys.values():
        assert carla_id["secret"] not in value and tokens[0] not in value and tokens[1] not in value

    # the history a hello gets carries the same names and keys; after a restart too, and a spectator
    # who writes later is numbered after those already in the chat
    late = await server.connect(table_id, None)
    assert [(line["name"], line["sender"]) for line in late.state["chat"]] == [
        (es["name"], es["sender"]) for es, _en in lines.values()
    ]
    await asyncio.sleep(0.2)  # the lines are written just after they are told
    again = await serve()
    fresh = await again.connect(table_id, None)
    assert [line["sender"] for line in fresh.state["chat"]] == list(keys.values())
    third = await again.connect(table_id, None)
    await third.send({"type": "chat", "text": "llego tarde"})
    line = await fresh.next_of("chat")
    assert line["name"] == "Espectador 3" and line["sender"] not in keys.values()


async def test_hello_and_sync_carry_the_last_100_lines_and_another_process_reads_them(serve: ServeFactory) -> None:
    server = await serve(chat_burst=200, chat_per_s=100.0, rate_burst=300)
    table_id, tokens = await table(server)
    ana = await connect(server, table_id, tokens[0])
    for i in range(105):
        await ana.send({"type": "chat", "text": f"línea {i}"})
    for _ in range(105):
        await ana.next_of("chat")
    late = await server.connect(table_id, None)
    history = late.state["chat"]
    assert [line["text"] for line in history] == [f"línea {i}" for i in range(5, 105)]
    assert history[0]["name"] == "Ana" and history[0]["from"] == 0
    await ana.send({"type": "sync"})
    synced = await ana.next_of("state")
    assert len(synced["chat"]) == 100
    # the states sent after a move do not repeat the history
    bea = await connect(server, table_id, tokens[1])
    mover = ana if 0 in synced["required"] else bea
    await mover.act(index=mover.state["legal"][0]["index"])
    assert "chat" not in await mover.next_of("state")

    # the lines are kept: a new server process on the same database restores the table with them
    await asyncio.sleep(0.2)  # written just after they are told
    again = await serve(chat_burst=200, chat_per_s=100.0, rate_burst=300)
    fresh = await again.connect(table_id, None)
    assert [line["text"] for line in fresh.state["chat"]] == [f"línea {i}" for i in range(5, 105)]


async def test_messages_after_a_line_reach_the_table_after_it(server: Server) -> None:
    """A line first asks the allowance its address shares (Redis in a cluster): the messages sent
    after it wait for that answer, so the table takes them in the order they were sent."""
    table_id, tokens = await table(server)
    ana = await connect(server, table_id, tokens[0])
    for round_ in range(5):
        before = len(ana.seen)
        await ana.ws.send(f'{{"type": "chat", "text": "hola {round_}"}}')
        await ana.ws.send('{"type": "sync"}')
        line = await ana.next_of("chat")
        assert line["text"] == f"hola {round_}"
        assert [m["type"] for m in ana.seen[before:]] == ["chat"]  # the sync's state comes after it
        await ana.next_of("state")


@pytest.mark.parametrize("with_hello", [False, True], ids=["after-the-hello", "with-the-hello"])
async def test_a_slow_allowance_holds_the_socket_and_loses_nothing(
    server: Server, monkeypatch: pytest.MonkeyPatch, with_hello: bool
) -> None:
    """The attack: a chat line whose shared allowance answers slowly (Redis under load), then a
    flood. The socket is not read meanwhile (what is sent waits in the kernel, not in the server's
    memory); once the allowance answers, the line and then every message after it are answered,
    in order, none refused. A line sent with the hello, before the socket is attached, too."""
    table_id, tokens = await table(server)
    shared = server.app.state.allowances.chat
    answer = asyncio.Event()
    allow = shared.allow

    async def slow(key: str) -> bool:
        await answer.wait()
        return await allow(key)

    monkeypatch.setattr(shared, "allow", slow)
    if with_hello:
        import websockets

        ana = Client(await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}"))
        await ana.send({"type": "hello", "token": tokens[0]})
        await ana.send({"type": "chat", "text": "hola"})
        await ana.next_of("welcome")
    else:
        ana = await connect(server, table_id, tokens[0])
        await ana.send({"type": "chat", "text": "hola"})
    await asyncio.sleep(0.2)  # the line is waiting for its allowance: the socket is not read
    (conn,) = [c for conns in server.runner(table_id).registry.connections() for c in conns if c.seat == 0]
    assert conn.abort is not None
    transport = conn.abort.__self__.transport  # type: ignore[attr-defined]  # the socket's protocol
    assert not transport.is_reading()
    for seq in range(40):
        await ana.send({"type": "ping", "seq": seq})
    await asyncio.sleep(0.2)
    assert not [m for m in ana.seen if m["type"] in ("pong", "error", "chat")], ana.seen[-3:]
    answer.set()
    assert (await ana.next_of("chat"))["text"] == "hola"
    pongs = [m["seq"] for m in ana.seen if m["type"] == "pong"]
    while len(pongs) < 40:
        pongs.append((await ana.next_of("pong"))["seq"])
    assert pongs == list(range(40)) and not [m for m in ana.seen if m["type"] == "error"]
    assert transport.is_reading()
