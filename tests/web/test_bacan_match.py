"""Two people and a bot play a whole Bacan match in two browsers: each person
mirrors at least once, one reloads the page mid-match and keeps the seat, the
match ends with its summary, and the replay viewer steps through it."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from .conftest import DESKTOP, PHONE
from .helpers import Page, create_table, has, own_name, shoot, state, tap, wait_js, wait_until
from .play import wait_for_answers

# Assisted memory shows each person the cards they know; by points, every power card mirrors every other.
OPTIONS = {"limit": 60, "memory": "assisted", "discard_draw_from_lap": 1, "mirror_match": "points"}
TABLE = {"bot_delay_ms": 60, "reaction_window_ms": 500, "result_pause_seconds": 0}
MATCH_SECONDS = 150


def rank(face: str) -> str:
    """What a mirror compares (option mirror_match = points: the four powers are all worth 10)."""
    r = face if face == "comodin" else face.split("-", 1)[1]
    return "power" if r in ("secreto", "espia", "intercambio", "mas1") else r


def value(face: str) -> int:
    r = rank(face)
    return -1 if r == "comodin" else int(r) if r.isdigit() else 10


class Player:
    """A person at the table: plays sensibly, mirrors whenever a known card matches."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.mirrors = 0
        self.done_version = -1

    @property
    def seat(self) -> int:
        seat: int = state(self.page)["seat"]
        return seat

    def try_mirror(self, s: dict[str, Any]) -> bool:
        view, me = s["view"], s["seat"]
        top = view["discard_top"]
        if not view["window"] or not top or not view["rows"][me]["in_play"]:
            return False
        for slot, face in enumerate(view["rows"][me]["cards"]):
            if face and rank(face) == rank(top) and has(s, {"type": "mirror", "slot": slot}):
                tap(self.page, "mirror-go")  # the ¡Espejo! control, then the slot
                tap(self.page, f"slot-{me}-{slot}")
                wait_for_answers(self.page)
                said = self.page.locator("[data-testid=log]").inner_text()
                if re.search(rf"¡(Espejo|Autoespejo)! (Descartas|Jugador {me + 1} descarta)", said):
                    self.mirrors += 1
                return True
        return False

    def step(self, end_now: bool) -> bool:
        """One decision; True if something was sent."""
        s = state(self.page)
        if s["view"]["over"]:
            return False
        if self.mirrors == 0 and self.try_mirror(s):
            return True
        if s["seat"] not in s["required"] or not s["legal"] or s["version"] == self.done_version:
            return False
        self.done_version = s["version"]
        self.decide(s, end_now)
        wait_for_answers(self.page)
        return True

    def decide(self, s: dict[str, Any], end_now: bool) -> None:
        view, me = s["view"], s["seat"]
        phase = view["phase"]
        if phase == "deal":
            tap(self.page, "peek-count-4")
        elif phase == "peek":
            if view["peek_count"] in (0, 4):
                tap(self.page, "peek-go")
            else:
                for slot in range(view["peek_count"]):
                    tap(self.page, f"slot-{me}-{slot}")
        elif phase == "turn":
            tap(self.page, "call-bacan" if end_now and has(s, {"type": "call_bacan"}) else "draw-deck")
        elif phase == "drawn":
            self.place_held(s)
        elif phase == "give":
            tap(self.page, f"slot-{me}-0")
        else:
            raise AssertionError(f"unexpected phase {phase}")

    def place_held(self, s: dict[str, Any]) -> None:
        view, me = s["view"], s["seat"]
        held = view["held"]
        row = view["rows"][me]["cards"]
        can_discard = has(s, {"type": "discard"})
        if can_discard and self.mirrors == 0 and any(c and rank(c) == rank(held) for c in row):
            tap(self.page, "discard-held")  # then mirror one's own matching card (autoespejo)
            return
        worst = max(range(len(row)), key=lambda i: value(row[i]) if row[i] else 6)
        if row[worst] is None or value(row[worst]) > value(held) or not can_discard:
            tap(self.page, f"slot-{me}-{worst}")
        else:
            tap(self.page, "discard-held")


def test_two_people_and_a_bot_play_bacan_to_the_end(open_page: Any, shots: Path) -> None:
    host = open_page(DESKTOP)
    ana, beto = own_name("Ana"), own_name("Beto")
    create_table(host, "bacan", players=3, seats={1: "human"}, options=OPTIONS, table_options=TABLE, name=ana)
    host.wait_for_selector("[data-testid=waiting]")
    link = host.locator("[data-testid=invite-link]").input_value()
    assert re.search(r"#/join/[A-Z2-9]{8}$", link), link

    guest = open_page(PHONE)
    guest.goto(link)
    guest.fill("[data-testid=player-name]", beto)
    guest.click("[data-testid=join]")
    guest.wait_for_url(re.compile(r"#/table/"))
    for page in (host, guest):
        wait_until(page, lambda s: s["status"] == "playing", what="the match to start")
    players = [Player(host, ana), Player(guest, beto)]
    assert {p.seat for p in players} == {0, 1}

    reloaded = False
    actions = 0
    deadline = time.monotonic() + MATCH_SECONDS
    while not state(host)["view"]["over"]:
        assert time.monotonic() < deadline, f"the match did not end in time (mirrors: {[p.mirrors for p in players]})"
        end_now = reloaded and all(p.mirrors for p in players)
        moved = False
        for player in players:
            moved |= player.step(end_now)
        actions += moved
        if not reloaded and actions >= 4:
            seat = players[1].seat
            guest.reload()
            s = wait_until(guest, lambda s: s["seat"] is not None, what="the seat after a reload")
            assert s["seat"] == seat and s["status"] == "playing"
            guest.wait_for_selector(".bacan-mine")
            assert "Tus cartas" in guest.locator(".bacan-mine").inner_text()
            reloaded = True
        if not moved:
            time.sleep(0.03)

    assert reloaded
    assert all(p.mirrors >= 1 for p in players), [p.mirrors for p in players]
    for page in (host, guest):
        page.wait_for_selector("[data-testid=summary]")
        assert "Fin de la partida" in page.locator("[data-testid=summary]").inner_text()
        assert not page.errors, page.errors
    shoot(host, shots, "bacan-summary", {"desktop": DESKTOP})
    shoot(guest, shots, "bacan-summary", {"phone": PHONE})

    # The finished match as a replay: step through it.
    host.click("[data-testid=open-replay]")
    host.wait_for_selector("[data-testid=replay]")
    assert re.search(r"paso 0 de \d+", host.locator("[data-testid=replay-step]").inner_text())
    for _ in range(6):
        host.click("[data-testid=replay-next]")
    wait_js(host, "document.querySelector('[data-testid=replay-step]').innerText.startsWith('paso 6 ')")
    assert host.locator("[data-testid=replay-action]").inner_text()
    host.select_option("[data-testid=replay-seat]", "0")
    wait_js(host, "document.querySelector('.bacan-mine') !== null")
    host.click("[data-testid=replay-last]")
    wait_js(host, "/paso (\\d+) de \\1/.test(document.querySelector('[data-testid=replay-step]').innerText)")
    shoot(host, shots, "bacan-replay", {"phone": PHONE, "desktop": DESKTOP})
    assert not host.errors, host.errors
