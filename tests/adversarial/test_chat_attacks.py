"""Table chat as a hostile client sees it (issue 17): invisible text, oversized lines, floods, other tables.

Against a live server over real sockets: what a line may carry once
cleaned (no control, bidi, zero-width or other format characters: they
hide words, reorder them or smuggle invisible text), its length counted
after NFC, a flood spread over many sockets of one address, a spectator
when the table says no, a line aimed at another table, and that none of
it touches the game.
"""

from __future__ import annotations

import contextlib
import time
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest

from tapete.protocol import CHAT_TEXT_MAX

from .conftest import Socket, ThreadServer, http, own_server

TWO_HUMANS = {"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    # the socket's general rate is left high: only chat's own limits are under test
    with own_server(
        tmp_path_factory.mktemp("chat"),
        rate_per_s=1000.0,
        rate_burst=1000,
        max_tables_per_address=1000,
        tables_per_minute=1e6,
        joins_per_minute=1e6,
    ) as started:
        yield started


def new_table(server: ThreadServer, **table_options: Any) -> tuple[str, str, str]:
    with http(server) as client:
        created = client.post("/api/tables", json={**TWO_HUMANS, "name": "Ana", "table_options": table_options}).json()
        joined = client.post("/api/join", json={"code": created["invite_code"], "name": "Bea"}).json()
    return created["table"]["id"], created["token"], joined["token"]


def seated(server: ThreadServer, table_id: str, token: str | None) -> Socket:
    sock = Socket(server, table_id)
    sock.hello(token)
    drain(sock)
    return sock


def drain(sock: Socket, quiet: float = 0.05) -> None:
    """Read whatever the others' arrival sent until the socket is quiet."""
    with contextlib.suppress(TimeoutError):
        while True:
            sock.recv(quiet)


def said(sock: Socket, message: dict[str, Any]) -> dict[str, Any]:
    """Send a chat line; the answer is its echo (a chat) or an error."""
    sock.send(message)
    while True:
        got = sock.recv()
        if got["type"] in ("chat", "error"):
            return got


def everything(sock: Socket, quiet: float = 0.5) -> list[dict[str, Any]]:
    """What the socket receives until it is quiet."""
    got: list[dict[str, Any]] = []
    with contextlib.suppress(TimeoutError):
        while True:
            got.append(sock.recv(quiet))
    return got


def next_chat(sock: Socket) -> dict[str, Any]:
    while True:
        got = sock.recv()
        if got["type"] == "chat":
            return got


def test_invisible_and_format_characters_never_reach_the_readers(server: ThreadServer) -> None:
    table_id, ana_token, bea_token = new_table(server)
    ana, bea = seated(server, table_id, ana_token), seated(server, table_id, bea_token)
    hidden = (
        "\u200b",
        "\u2060",
        "\ufeff",
        "\u00ad",
        "\u180e",
        "\U000e0041\U000e0042",  # zero-width, tags
        "\u202e",
        "\u2066",
        "\u200f",
        "\x1b[31m",
        "\x00",
        "\u2028",
        "\u2029",
        "\x85",
    )
    line = said(ana, {"type": "chat", "text": "pa" + "".join(hidden) + "go 👨‍👩‍👧"})
    heard = next_chat(bea)
    assert line["type"] == "chat" and heard["text"] == line["text"]
    kept = heard["text"]
    assert not [ch for ch in kept if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch != "\u200d"], kept
    assert kept.startswith("pa") and "go" in kept and "👨\u200d👩\u200d👧" in kept  # an emoji's joiners stay
    # only invisible marks between two visible letters: nothing is left of them but the letters
    assert said(ana, {"type": "chat", "text": "\u200b\u2060\U000e0020\u200d"})["code"] == "bad_chat"
    for sock in (ana, bea):
        sock.close()


def test_the_length_is_counted_after_normalising(server: ThreadServer) -> None:
    table_id, ana_token, _ = new_table(server)
    ana = seated(server, table_id, ana_token)
    composed = said(ana, {"type": "chat", "text": "e\u0301" * CHAT_TEXT_MAX})  # 600 code points, 300 once NFC
    assert composed["type"] == "chat" and composed["text"] == "\u00e9" * CHAT_TEXT_MAX
    too_long = said(ana, {"type": "chat", "text": "e\u0301" * (CHAT_TEXT_MAX + 1)})
    assert too_long["code"] == "bad_chat" and too_long["es"] and too_long["en"]
    padded = said(ana, {"type": "chat", "text": "\u200b" * 500 + "hola"})  # invisible padding is not counted
    assert padded["type"] == "chat" and padded["text"] == "hola"
    huge = said(ana, {"type": "chat", "text": "x" * 5000})  # above the message size: refused whole
    assert huge["type"] == "error"
    ana.close()


def test_html_is_carried_as_words_the_clients_insert_as_text(server: ThreadServer) -> None:
    table_id, ana_token, bea_token = new_table(server)
    ana, bea = seated(server, table_id, ana_token), seated(server, table_id, bea_token)
    words = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    said(ana, {"type": "chat", "text": words})
    assert next_chat(bea)["text"] == words  # the server neither runs nor mangles it: the web client shows it literally
    for sock in (ana, bea):
        sock.close()


def test_a_flood_spread_over_many_sockets_of_one_address_is_limited(server: ThreadServer) -> None:
    table_id, ana_token, _ = new_table(server)
    before = server.snapshot(table_id)
    reader = seated(server, table_id, ana_token)
    watchers = [seated(server, table_id, None) for _ in range(20)]
    burst = server.settings.chat_burst
    started = time.monotonic()
    for watcher in watchers:
        for i in range(burst):
            watcher.send({"type": "chat", "text": f"spam {i}"})
    refilled = (time.monotonic() - started) * 3 * server.settings.chat_per_s
    told = len([m for m in everything(reader) if m["type"] == "chat"])
    refused = [m for w in watchers for m in everything(w) if m["type"] == "error"]
    assert {m["code"] for m in refused} == {"rate_limited"} and len(refused) + told == len(watchers) * burst
    # one address gets a few people's worth at one table, not twenty sockets' worth
    assert told <= 3 * burst + refilled + 1, told
    assert server.snapshot(table_id) == before  # chat touches neither state, version, seats nor the record
    for sock in (reader, *watchers):
        sock.close()


def test_spectators_cannot_write_when_the_table_says_no_and_seats_still_can(server: ThreadServer) -> None:
    table_id, ana_token, _ = new_table(server, spectator_chat=False)
    ana, watcher = seated(server, table_id, ana_token), seated(server, table_id, None)
    for message in ({"type": "chat", "text": "hola"}, {"type": "chat", "phrase": "good_game"}):
        refused = said(watcher, message)
        assert refused["code"] == "chat_off" and refused["es"] and refused["en"]
    assert said(ana, {"type": "chat", "text": "solo yo"})["type"] == "chat"
    assert next_chat(watcher)["text"] == "solo yo"  # a spectator still reads
    for sock in (ana, watcher):
        sock.close()


def test_a_line_cannot_be_aimed_at_another_table_nor_sent_as_another_seat(server: ThreadServer) -> None:
    table_id, ana_token, _ = new_table(server)
    other_id, _, other_bea = new_table(server)
    ana = seated(server, table_id, ana_token)
    bea_elsewhere = seated(server, other_id, other_bea)
    for message in (
        {"type": "chat", "text": "hola", "table": other_id},
        {"type": "chat", "text": "x", "seat": 1},
        {"type": "chat", "text": "x", "name": "Bea"},
        {"type": "chat", "text": "x", "from": 1},
        {"type": "chat", "text": "x", "phrase": "oops"},
        {"type": "chat", "phrase": "<b>"},
        {"type": "chat", "text": ["x"]},
        {"type": "chat"},
    ):
        assert said(ana, message)["type"] == "error", message
    line = said(ana, {"type": "chat", "text": "solo aquí"})
    assert line["from"] == 0 and line["name"] == "Ana"
    with pytest.raises(TimeoutError):  # nothing reached the other table
        while True:
            if bea_elsewhere.recv(0.3)["type"] == "chat":
                break
    for sock in (ana, bea_elsewhere):
        sock.close()
