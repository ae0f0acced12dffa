"""`tapete play --server ... --code ...`: the app as one seat of a real server's
table (uvicorn on a loopback port), played with the keyboard."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tapete.games import game_ids, get_game
from tapete.tui.app import TapeteApp, play_remote
from tapete.tui.config import CONFIG_ENV, load_identity, muted_senders
from tapete.tui.dialogs import ResultScreen
from tapete.tui.remote import JoinError, RemoteTable, Seat, join_table
from tapete.tui.screen import TableScreen

from .helpers import wait_for

server_mod = pytest.importorskip("tapete.server")
uvicorn = pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.usefixtures("config_file"),
    pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered yet"),
]


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def read_json(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


async def bacan_table(url: str) -> str:
    """A Bacan table with one free seat (0) and three quick heuristic bots; its invite code."""
    body = {
        "game": "bacan",
        "seats": [{"type": "human"}, *[{"type": "bot", "level": "heuristic"}] * 3],
        "table_options": {"bot_delay_ms": 30, "reaction_window_ms": 300, "result_pause_seconds": 0},
        "join": False,
    }
    created = await asyncio.to_thread(post, f"{url}/api/tables", body)
    code: str = created["invite_code"]
    return code


async def test_join_and_play_several_moves(server_url: str) -> None:
    code = await bacan_table(server_url)
    seat = await asyncio.to_thread(join_table, server_url, code, None, "Ana")
    assert seat.seat == 0 and seat.game_id == "bacan"
    app = TapeteApp.remote(get_game("bacan"), seat, "es")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None and app.table.snap.ready)
        screen = app.table
        assert isinstance(screen, TableScreen)
        source = screen.source
        assert isinstance(source, RemoteTable)
        mine = 0
        for _ in range(400):
            snap = screen.snap
            assert snap is not None and snap.error is None, snap.error if snap else None
            if mine >= 4 or snap.over:
                break
            if isinstance(app.screen, ResultScreen):  # a round's result waits for a key
                await pilot.press("space")
                continue
            if snap.must_move and snap.queued is None and not source.awaiting_reply:
                version: int = source.state["version"] if source.state else 0

                def moved(since: int = version) -> bool:
                    return int((source.state or {}).get("version", 0)) > since

                await pilot.press("enter")  # the highlighted move: the first of the list
                await pilot.pause(0.2)
                if not moved() and not source.awaiting_reply:  # Bacan's call asks first: Enter again confirms
                    await pilot.press("enter")
                await wait_for(pilot, moved)
                mine += 1
            await pilot.pause(0.03)
        assert mine >= 4
        assert source.log("es") and source.log("en")
        texts = " ".join(source.log("es"))
        # the server told us of our own moves, in the second person, and of the bots by their names
        assert re.search(r"\b(repartes|robas|miraste|descartas|cambias)\b", texts.lower()), texts
        assert re.search(r"\b(Bruno|Carmen|Diego)\b", texts), texts


async def test_the_identity_is_kept_in_the_config_file(server_url: str, config_file: Path) -> None:
    code = await bacan_table(server_url)
    seat = await asyncio.to_thread(join_table, server_url, code, None, "Ana")
    stored = load_identity(server_url)
    assert stored is not None and seat.player == stored and stored.name == "Ana"
    assert config_file.stat().st_mode & 0o077 == 0  # it holds a secret: readable by its owner only
    again = await asyncio.to_thread(join_table, server_url, await bacan_table(server_url), None, "Ana")
    assert again.player == stored  # the same person at the next table
    renamed = await asyncio.to_thread(join_table, server_url, await bacan_table(server_url), None, "Ana B.")
    assert renamed.player is not None and renamed.player.player_id == stored.player_id  # another name, same person
    profile = await asyncio.to_thread(read_json, f"{server_url}/api/players/{stored.player_id}")
    assert profile["name"] == "Ana B." and load_identity(server_url) == renamed.player
    stored = renamed.player
    # a secret the server does not know: refused, forgotten, and a fresh identity made for the join
    # (under a name of its own: "Ana B." still belongs to the identity whose secret was lost)
    config_file.write_text(config_file.read_text().replace(stored.secret, "x" * len(stored.secret)))
    third = await asyncio.to_thread(join_table, server_url, await bacan_table(server_url), None, "Beatriz")
    assert third.player is not None and third.player.player_id != stored.player_id
    assert load_identity(server_url) == third.player


async def test_a_name_another_player_holds_is_said_and_nobody_sits_as_it(
    server_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tapete play --name Ana` where Ana (no password) holds the name: the server's words and the way to
    another name, in both languages; no seat under a look-alike (it used to sit there, with no identity)."""
    await asyncio.to_thread(post, f"{server_url}/api/players", {"name": "Ana"})
    body = {"game": "bacan", "seats": [{"type": "human"}, {"type": "bot", "level": "random"}], "join": False}
    made = await asyncio.to_thread(post, f"{server_url}/api/tables", body)
    assert await asyncio.to_thread(play_remote, server_url, made["invite_code"], "es", None, "ANA") == 2
    said = capsys.readouterr().err
    assert "ya lo usa otro jugador" in said and "Another player already uses that name" in said, said
    assert "--name" in said and "another name" in said, said
    assert load_identity(server_url) is None
    table = await asyncio.to_thread(read_json, f"{server_url}/api/tables/{made['table']['id']}")
    assert [seat.get("taken") for seat in table["seats"] if seat["kind"] == "human"] == [False]


async def test_a_bad_code_is_a_clear_error(server_url: str) -> None:
    with pytest.raises(JoinError) as err:
        await asyncio.to_thread(join_table, server_url, "NOSUCH99")
    assert err.value.es and err.value.en and err.value.es != err.value.en


def test_an_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(JoinError) as err:
        join_table("http://127.0.0.1:9", "ABC")
    assert "127.0.0.1:9" in err.value.en


def state_message(version: int, legal: list[int], actors: list[int], required: list[int]) -> dict[str, Any]:
    return {
        "type": "state",
        "version": version,
        "status": "playing",
        "view": {"game": "bacan", "over": False},
        "actors": actors,
        "required": required,
        "legal": [
            {
                "index": a,
                "action": {"type": "draw", "source": "deck"},
                "reaction": False,
                "text": {"es": "robar", "en": "draw"},
            }
            for a in legal
        ],
        "events": [{"kind": "discard", "seat": 1, "card": "rojo-5", "text": {"es": "descarta", "en": "discards"}}],
        "seats": [{"seat": 0, "kind": "human", "name": "Ana"}, {"seat": 1, "kind": "bot", "level": "heuristic"}],
        "outcome": None,
    }


async def test_a_held_move_dropped_by_the_server_is_offered_again() -> None:
    game = get_game("bacan")
    table = RemoteTable(game, join_seat())
    table._receive(state_message(7, [3], actors=[0, 1], required=[0]))
    assert table.choose(3) is False  # a covering move in a race: the server holds it
    sent = table._outbox.get_nowait()
    assert sent == {"type": "action", "seq": 1, "version": 7, "index": 3}
    assert table.snapshot("es").queued is not None
    # seat 1 mirrored first: the server drops the held move; it is still legal, so it goes again
    table._receive(state_message(8, [3], actors=[0, 1], required=[0]))
    table._receive({"type": "error", "seq": 1, "rule": "reaction-window", "code": "stale", "es": "x", "en": "x"})
    again = table._outbox.get_nowait()
    assert again == {"type": "action", "seq": 2, "version": 8, "index": 3}
    table._receive({"type": "accepted", "seq": 2, "version": 9})
    assert not table.awaiting_reply
    assert table.log("en") == ["discards", "discards"]


async def test_a_refused_move_shows_the_server_error() -> None:
    table = RemoteTable(get_game("bacan"), join_seat())
    table._receive(state_message(2, [3], actors=[0], required=[0]))
    table.choose(3)
    table._receive(
        {
            "type": "error",
            "seq": 1,
            "rule": "BAC-12",
            "code": "illegal_action",
            "es": "No puedes robar ahora.",
            "en": "You cannot draw now.",
        }
    )
    # the sentence a player reads, never the rule id or the code behind it
    assert table.snapshot("es").notice == "El servidor dice: No puedes robar ahora."
    assert table.snapshot("en").notice == "The server says: You cannot draw now."
    for lang in ("es", "en"):
        notice = table.snapshot(lang).notice or ""
        assert "BAC-12" not in notice and "illegal_action" not in notice
    assert not table.awaiting_reply


async def test_coming_back_says_what_the_stand_in_did_meanwhile() -> None:
    table = RemoteTable(get_game("bacan"), join_seat())
    hello = state_message(9, [3], actors=[0], required=[0])
    hello["while_away"] = {"moves": 3, "text": "Mientras no estabas, el reemplazo jugó 3 jugadas."}
    table._receive(hello)
    assert table.snapshot("es").notice == "Mientras no estabas, el reemplazo jugó 3 jugadas."
    assert table.snapshot("en").notice == "While you were away your stand-in made 3 moves."


async def test_a_match_called_off_says_so_and_offers_no_move() -> None:
    table = RemoteTable(get_game("bacan"), join_seat())
    ended = state_message(12, [3], actors=[0], required=[0])
    ended["status"] = "abandoned"
    table._receive(ended)
    snap = table.snapshot("en")
    assert snap.notice == "The match was called off: everyone had left the table."
    assert snap.moves == [] and snap.required == ()


def chat(seat: int | None, name: str, sender: str, text: str, at: float) -> dict[str, Any]:
    return {
        "type": "chat",
        "from": seat,
        "name": name,
        "spectator": seat is None,
        "text": text,
        "phrase": None,
        "at": at,
        "sender": sender,
    }


async def test_muting_is_by_sender_so_two_spectators_and_two_languages_stay_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config.toml"))
    table = RemoteTable(get_game("bacan"), join_seat())
    table._receive(state_message(2, [3], actors=[0], required=[0]))
    table._receive(chat(None, "Espectador 1", "spectator:t1:1", "hola", 1.0))
    table._receive(chat(None, "Espectador 2", "spectator:t1:2", "buenas", 2.0))
    assert table.mute("espectador 1")
    assert table.chat_lines("es") == ["Espectador 2: buenas"]
    assert table.muted_here("es") == ["Espectador 1"]
    # the same person read in English (the socket reconnected in the other language): still muted
    table._receive(chat(None, "Spectator 1", "spectator:t1:1", "again", 3.0))
    assert [line for line in table.chat_lines("en") if "again" in line or "hola" in line] == []
    assert muted_senders() == ["spectator:t1:1"]
    assert not table.mute("Nadie")  # nobody by that name: nothing muted, and said so
    assert "Nadie" in (table.snapshot("es").notice or "")
    assert table.mute("Espectador 1", muted=False) and muted_senders() == []
    assert len(table.chat_lines("es")) == 3


def join_seat() -> Seat:
    return Seat("http://127.0.0.1:1", "t1", "bacan", 0, "secret")
