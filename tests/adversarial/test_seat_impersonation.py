"""Sitting and chatting as another player (issue 37, finding 5; issue 36, finding 1).

A seat's name was checked against the other seats only: an anonymous guest,
or another identity, could sit as "Carla" while Carla (protected by a
password) was elsewhere, and chat as her. Lookalikes passed too: "Ana⠀"
(a braille blank, drawn as nothing), "Aɴa" (a small capital ɴ, which
Unicode's confusables leave out), and "CarIa" (a capital I) beside "Carla".
Now a seat's name may not read as a protected identity's unless that
identity takes the seat, two seats never read alike (small capitals, blanks
and ASCII lookalikes included), and the refusal (409 `name_taken`) says in
words what to do, with `sign_in` true when signing in is the way.

Each attacker comes from a loopback address of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tapete.server.people.names import name_key, seat_key

from .conftest import TIMEOUT, ThreadServer, own_server

TWO = {"game": "bacan", "seats": [{"type": "human"}, {"type": "human"}, {"type": "human"}]}
_addresses = iter(range(2, 250))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with own_server(tmp_path_factory.mktemp("seat-names")) as started:
        yield started


def client(server: ThreadServer) -> httpx.Client:
    local = f"127.0.2.{next(_addresses)}"
    return httpx.Client(base_url=server.url, timeout=TIMEOUT, transport=httpx.HTTPTransport(local_address=local))


def header(player: dict[str, Any]) -> dict[str, str]:
    return {"X-Tapete-Player": f"{player['player_id']}:{player['secret']}"}


def refused(answer: httpx.Response, sign_in: bool) -> None:
    assert answer.status_code == 409, answer.text
    error = answer.json()["error"]
    assert error["code"] == "name_taken" and error["sign_in"] is sign_in, error
    assert error["es"] and error["en"] and error["es"] != error["en"]
    if sign_in:  # the words say that signing in is the way, in each language
        assert "contraseña" in error["es"] and "sign in" in error["en"]


def test_lookalikes_unicode_confusables_leave_out_read_as_the_name() -> None:
    for name in ("Ana\u2800", "\u2800Ana", "A\u0274a", "\u1d00na", "An\u1d00", "Ana\u3164"):
        assert name_key(name) == "ana", name
    assert seat_key("CarIa") == seat_key("Carla") == seat_key("Car1a") == seat_key("Carl\u1d00")
    assert name_key("CarIa") != name_key("Carla")  # identities keep "Ian" and "lan" apart; seats do not
    assert seat_key("Bea") != seat_key("Bia")


def test_nobody_sits_as_a_protected_player_but_that_player(server: ThreadServer) -> None:
    with client(server) as carla_http:
        carla = carla_http.post("/api/players", json={"name": "Carla"}).json()
        assert (
            carla_http.post(
                f"/api/players/{carla['player_id']}/password", json={"password": "carla's own"}, headers=header(carla)
            ).status_code
            == 200
        )
    with client(server) as host:
        made = host.post("/api/tables", json={**TWO, "name": "Host"})
        assert made.status_code == 201
        code, table_id = made.json()["invite_code"], made.json()["table"]["id"]
    for name in ("Carla", "carla", "CARLA", "Carla\u2800", "C\u1d00rla"):
        with client(server) as guest:  # an anonymous guest, each from an address of its own
            refused(guest.post("/api/join", json={"code": code, "name": name}), sign_in=True)
            refused(guest.post("/api/tables", json={**TWO, "name": name}), sign_in=True)
    with client(server) as eve_http:  # another identity, naming its seat as Carla
        eve = eve_http.post("/api/players", json={"name": "Eve"}).json()
        refused(eve_http.post("/api/join", json={"code": code, "name": "Carla"}, headers=header(eve)), sign_in=True)
        # a new identity by that name, with the same words (issue 36: the client says it)
        refused(eve_http.post("/api/players", json={"name": "Carla\u2800"}), sign_in=True)
    with client(server) as http:
        seats = http.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["taken"] for s in seats] == [True, False, False]  # nothing was seated
    with client(server) as carla_http:  # Carla herself sits as Carla
        joined = carla_http.post("/api/join", json={"code": code}, headers=header(carla))
        assert joined.status_code == 200 and joined.json()["table"]["seats"][1]["name"] == "Carla"


def test_no_seat_reads_as_another_at_its_table(server: ThreadServer) -> None:
    with client(server) as host:
        made = host.post("/api/tables", json={**TWO, "name": "Lola"})
        code, table_id = made.json()["invite_code"], made.json()["table"]["id"]
    for name in ("Lola\u2800", "LoIa", "Lo1a", "\u029fola", "Lol\u1d00", "\u2800Lola\u3164"):
        with client(server) as guest:
            refused(guest.post("/api/join", json={"code": code, "name": name}), sign_in=False)
    with client(server) as guest:
        assert guest.post("/api/join", json={"code": code, "name": "Lolo"}).status_code == 200
        seats = guest.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["name"] for s in seats] == ["Lola", "Lolo", None]
    with client(server) as guest:  # a bot's name is shown like a person's: the same holds
        bots = {"game": "bacan", "seats": [{"type": "human"}, {"type": "bot", "level": "random", "name": "Max"}]}
        refused(guest.post("/api/tables", json={**bots, "name": "M\u1d00x"}), sign_in=False)


def test_a_name_held_by_an_unprotected_identity_says_choose_another(server: ThreadServer) -> None:
    with client(server) as first:
        assert first.post("/api/players", json={"name": "Dora"}).status_code == 201
    with client(server) as second:
        refused(second.post("/api/players", json={"name": "D\u1d0fra"}), sign_in=False)


def test_nobody_sits_as_an_unprotected_player_but_that_player(server: ThreadServer) -> None:
    """Issue 36, finding 1: a name an identity without a password holds was refused as a new identity,
    and the guest then sat under it all the same: a look-alike with no profile and no rating."""
    with client(server) as nora_http:
        nora = nora_http.post("/api/players", json={"name": "Nora"}).json()
    with client(server) as host:
        made = host.post("/api/tables", json={**TWO, "name": "Hostess"})
        code, table_id = made.json()["invite_code"], made.json()["table"]["id"]
    for name in ("Nora", "NORA", "Nora\u2800", "N\u1d0fra"):
        with client(server) as guest:  # an anonymous guest, each from an address of its own
            refused(guest.post("/api/join", json={"code": code, "name": name}), sign_in=False)
            refused(guest.post("/api/tables", json={**TWO, "name": name}), sign_in=False)
    with client(server) as ivo_http:  # another identity, naming its seat (and its tournament entry) as Nora
        ivo = ivo_http.post("/api/players", json={"name": "Ivo"}).json()
        refused(ivo_http.post("/api/join", json={"code": code, "name": "nora"}, headers=header(ivo)), sign_in=False)
        cup = ivo_http.post(
            "/api/tournaments", json={"kind": "swiss", "game": "boon", "seats": 3, "rounds": 1}, headers=header(ivo)
        )
        assert cup.status_code == 201, cup.text
        entered = ivo_http.post(f"/api/tournaments/{cup.json()['id']}/join", json={"name": "Nora"}, headers=header(ivo))
        refused(entered, sign_in=False)
    with client(server) as http:
        assert [s["taken"] for s in http.get(f"/api/tables/{table_id}").json()["seats"]] == [True, False, False]
    with client(server) as nora_http:  # Nora herself sits as Nora
        joined = nora_http.post("/api/join", json={"code": code, "name": "Nora"}, headers=header(nora))
        assert joined.status_code == 200 and joined.json()["table"]["seats"][1]["name"] == "Nora"
