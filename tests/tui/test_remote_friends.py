"""The terminal as a seat on a real server, with a friend at the other seat (a
plain WebSocket client in the test): the chat both ways (F3, typed words and a
quick phrase; the friend's lines in the log), and the rematch at the end (r)
that moves the screen to the new match."""

from __future__ import annotations

import asyncio
import contextlib
import json
import urllib.request
from typing import Any

import pytest
from textual.widgets import Static

from tapete.games import game_ids, get_game
from tapete.tui.app import TapeteApp
from tapete.tui.config import muted_senders
from tapete.tui.dialogs import ResultScreen
from tapete.tui.remote import RemoteTable, join_table
from tapete.tui.remote_screen import ChatScreen, RemoteOverScreen, RemoteTableScreen

from .helpers import wait_for

server_mod = pytest.importorskip("tapete.server")
uvicorn = pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

pytestmark = [
    pytest.mark.usefixtures("config_file"),
    pytest.mark.skipif("wanted" not in game_ids(), reason="WANTED is not registered"),
]


def call(method: str, url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"}, method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        found: dict[str, Any] = json.loads(response.read())
        return found


async def duel(url: str) -> tuple[str, dict[str, Any]]:
    """A WANTED duel between two people: the invite code, and the friend's seat (joined as Beto)."""
    body = {
        "game": "wanted",
        "options": {"mode": "duelo", "deals": 1, "replays": 0},
        "seats": [{"type": "human"}, {"type": "human"}],
        "table_options": {"bot_delay_ms": 0, "result_pause_seconds": 0},
        "join": False,
    }
    created = await asyncio.to_thread(call, "POST", f"{url}/api/tables", body)
    code: str = created["invite_code"]
    friend = await asyncio.to_thread(call, "POST", f"{url}/api/join", {"code": code, "seat": 1, "name": "Beto"})
    return code, friend


def shown(screen: Any, selector: str) -> str:
    """The text a Static shows."""
    return str(screen.query_one(selector, Static).render())


class Friend:
    """The other person, on a plain socket: plays the first legal move, chats, answers the rematch."""

    def __init__(self, url: str, table: str, token: str) -> None:
        self.ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table}"
        self.token = token
        self.chat: list[dict[str, Any]] = []
        self.rematch: dict[str, Any] | None = None
        self.started: dict[str, Any] | None = None
        self.over = False
        self.ws: Any = None

    async def run(self) -> None:
        async with websockets.connect(self.ws_url) as ws:
            self.ws = ws
            await ws.send(json.dumps({"type": "hello", "token": self.token, "lang": "es"}))
            async for text in ws:
                message = json.loads(text)
                kind = message["type"]
                if kind == "chat":
                    self.chat.append(message)
                elif kind == "rematch":
                    self.rematch = message
                elif kind == "rematch_start":
                    self.started = message
                    return
                elif kind == "state":
                    self.over = bool(message["view"]["over"])
                    seat = message["seat"]
                    if message["status"] == "playing" and seat in message["required"] and message["legal"]:
                        move = {
                            "type": "action",
                            "seq": message["version"] + 1,
                            "version": message["version"],
                            "index": message["legal"][0]["index"],
                        }
                        await ws.send(json.dumps(move))

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))


async def test_chat_and_rematch_in_the_terminal(server_url: str) -> None:
    code, friend_seat = await duel(server_url)
    seat = await asyncio.to_thread(join_table, server_url, code, 0, "Ana")
    friend = Friend(server_url, seat.table_id, friend_seat["token"])
    friend_task = asyncio.get_running_loop().create_task(friend.run())
    app = TapeteApp.remote(get_game("wanted"), seat, "es")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None and app.table.snap.ready)
            screen = app.table
            assert isinstance(screen, RemoteTableScreen)
            source = screen.remote
            assert isinstance(source, RemoteTable)
            assert "F3 chat" in shown(screen, "#keys")

            # Ana writes a line and a quick phrase; Beto reads both.
            await pilot.press("f3")
            assert isinstance(app.screen, ChatScreen)
            await pilot.press(*"hola", "enter")
            await wait_for(pilot, lambda: any(line["text"] == "hola" for line in friend.chat))
            await pilot.press("tab", "2")
            await wait_for(pilot, lambda: any(line["phrase"] == "good_luck" for line in friend.chat))
            assert friend.chat[-1]["name"] == "Ana" and friend.chat[-1]["from"] == 0
            # Beto answers: the line is in the chat screen and, once it closes, in the log and counted unread
            await friend.send({"type": "chat", "text": "¡Igualmente!"})
            await wait_for(pilot, lambda: "Beto: ¡Igualmente!" in shown(app.screen, "#chat-lines"))
            source.say("\u202e\u202d")  # nothing left once cleaned: refused, said in words in the chat screen
            await wait_for(pilot, lambda: "no se puede enviar" in shown(app.screen, "#chat-lines"))
            await pilot.press("escape")
            await friend.send({"type": "chat", "phrase": "thanks"})
            await wait_for(pilot, lambda: "Beto: ¡Gracias!" in shown(screen, "#log-body"))
            await wait_for(pilot, lambda: "1 sin leer" in shown(screen, "#keys"))
            # Ana mutes Beto for herself (kept in the config file): his lines leave her chat and log.
            await pilot.press("f3", *"/silenciar Beto", "enter")
            assert "Beto:" not in shown(app.screen, "#chat-lines") and "Silenciados" in shown(app.screen, "#chat-lines")
            assert muted_senders() == [f"seat:{seat.table_id}:1"]  # by who he is here, not by a name
            await friend.send({"type": "chat", "text": "no me leas"})
            await wait_for(pilot, lambda: any(line["text"] == "no me leas" for line in source.chat))
            await pilot.press(*"/escuchar Beto", "enter")
            assert "Beto: no me leas" in shown(app.screen, "#chat-lines") and muted_senders() == []
            await pilot.press("escape")

            # The duel: Ana picks her first outlaw each battle (key 1), Beto his first legal move.
            for _ in range(600):
                snap = screen.snap
                if snap is not None and snap.over:
                    break
                if isinstance(app.screen, ResultScreen):
                    await pilot.press("space")
                elif snap is not None and snap.must_move and not source.awaiting_reply:
                    await pilot.press("1")
                await pilot.pause(0.05)
            for _ in range(100):  # the last results are read first, then the end of the match shows
                if isinstance(app.screen, RemoteOverScreen):
                    break
                if isinstance(app.screen, ResultScreen):
                    await pilot.press("space")
                await pilot.pause(0.1)
            assert isinstance(app.screen, RemoteOverScreen)
            await pilot.press("r")
            await wait_for(pilot, lambda: friend.rematch is not None and 0 in friend.rematch["accepted"])
            await wait_for(pilot, lambda: "Quieren la revancha: Tú" in shown(app.screen, "#over-rematch"))
            await friend.send({"type": "rematch"})
            await wait_for(pilot, lambda: app.table is not screen and isinstance(app.table, RemoteTableScreen))
            second = app.table
            assert isinstance(second, RemoteTableScreen)
            await wait_for(pilot, lambda: second.remote is not None and second.remote.state is not None)
            new_source = second.remote
            assert new_source is not None and friend.started is not None
            assert new_source.where.table_id == friend.started["match_id"] != seat.table_id
            assert new_source.seat == 0 and new_source.state is not None
            assert new_source.state["status"] in ("playing", "waiting")
    finally:
        friend_task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await friend_task
