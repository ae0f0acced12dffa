"""What the browser client needs beyond the lobby: a finished match step by
step (the replay viewer) and a game's deck as data (WANTED's outlaws).

A replay is served only for a finished match, whose record (seed included)
is public anyway, so any seat's view of any step may be shown.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from importlib import resources
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from tapete.engine import LEGACY_RULES_VERSION, Event, Game, State, check_rules_version
from tapete.engine.messages import Reader
from tapete.engine.names import bot_name
from tapete.games import get_game

from ..errors import BadRequest, ServerError
from .player_api import PlayerHeader, caller

router = APIRouter(prefix="/api")

# Games that keep their deck as a data file in their package (rules: "keep it as data").
DECK_FILES = {"wanted": "outlaws.json", "nacho-loco": "designs.json"}
# Replayed states kept per match, so stepping forward does not replay from the start.
CURSORS = 32


class NoDeckData(ServerError):
    code = "no_deck_data"
    status = 404


@router.get("/games/{game_id}/deck")
async def game_deck(game_id: str) -> dict[str, Any]:
    """The game's deck data file as JSON (card names and figures)."""
    game = get_game(game_id)
    name = DECK_FILES.get(game.id)
    if name is None:
        raise NoDeckData(
            f"{game.name['es']} no guarda su mazo como datos.",
            f"{game.name['en']} keeps no deck data file.",
            rule="deck-data",
        )
    package = type(game).__module__.rpartition(".")[0]
    data: dict[str, Any] = json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    return data


class PlayersBody(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict)


@router.post("/games/{game_id}/players")
async def allowed_players(game_id: str, body: PlayersBody) -> dict[str, Any]:
    """The player counts these options allow (Buracco: 2 or 4; WANTED: by mode)."""
    game = get_game(game_id)
    return {"game": game.id, "allowed": list(game.allowed_players(game.parse_options(body.options)))}


MAX_DESCRIBE = 200
MAX_NAME = 24  # as the lobby allows


class DescribeBody(BaseModel):
    lang: Literal["es", "en"]
    events: list[dict[str, Any]] = Field(max_length=MAX_DESCRIBE)
    # who reads: the table's names and the reader's seat, so the words name people as the table does
    names: list[str | None] | None = Field(default=None, max_length=10)
    seat: int | None = Field(default=None, ge=0, le=9)


@router.post("/games/{game_id}/describe")
async def describe_events(game_id: str, body: DescribeBody) -> dict[str, Any]:
    """Events a client already holds, described in words in `lang` (its log
    after a language switch: sockets speak one language). Nothing is looked
    up: an event is described from its own data only."""
    game = get_game(game_id)
    names = None if body.names is None else [(name or "")[:MAX_NAME] for name in body.names]
    reader = Reader(body.lang, names, body.seat)
    texts: list[str | None] = []
    for data in body.events:
        kind = data.get("kind")
        fields = {k: v for k, v in data.items() if k not in ("kind", "text")}
        try:
            texts.append(game.tell_event(Event(str(kind), fields), reader))
        except Exception:  # a malformed event gets no words, not an error page
            texts.append(None)
    return {"lang": body.lang, "texts": texts}


class Cursors:
    """The last replayed state of a few matches: (step, state)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, tuple[int, State]] = OrderedDict()
        self.lock = threading.Lock()  # replays run in worker threads

    def get(self, match_id: str, step: int) -> tuple[int, State] | None:
        with self.lock:
            found = self.items.get(match_id)
            if found is None or found[0] > step:
                return None
            self.items.move_to_end(match_id)
            return found[0], found[1].clone()

    def put(self, match_id: str, step: int, state: State) -> None:
        copy = state.clone()
        with self.lock:
            self.items[match_id] = (step, copy)
            self.items.move_to_end(match_id)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


_cursors = Cursors(CURSORS)


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """Each record seat's name as the table showed it: a person's chosen name, a bot's given one."""
    people = [s.get("human") or None for s in seats]
    return [bot_name(i, people) if "bot" in s else (s.get("human") or "") for i, s in enumerate(seats)]


def _readers(seats: list[dict[str, Any]], seat: int | None) -> dict[str, Reader]:
    """Who reads a replay step, in each language: the viewed seat, with everyone's names."""
    names = seat_names(seats)
    return {lang: Reader(lang, names, seat) for lang in ("es", "en")}


def _event_json(game: Game, event: Event, readers: dict[str, Reader]) -> dict[str, Any]:
    out = event.to_json()
    out["text"] = {lang: game.tell_event(event, reader) for lang, reader in readers.items()}
    return out


def replay_step(record: dict[str, Any], step: int, seat: int | None) -> dict[str, Any]:
    """The view of `seat` after the first `step` actions, with what the last one did."""
    game = get_game(record["game"])
    check_rules_version(game, int(record.get("rules_version", LEGACY_RULES_VERSION)))
    num_players = len(record["seats"])
    if seat is not None and not 0 <= seat < num_players:
        raise BadRequest(
            f"Asiento fuera de la mesa: {seat} (0..{num_players - 1}).",
            f"Seat outside the table: {seat} (0..{num_players - 1}).",
            rule="replay",
        )
    actions = record["actions"]
    step = min(step, len(actions))
    start = _cursors.get(record["id"], step - 1) if step else None
    done, state = start if start is not None else (0, game.new_match(num_players, record["seed"], record["options"]))
    events: list[Event] = []
    last: dict[str, Any] | None = None
    readers = _readers(record["seats"], seat)
    movers = _readers(record["seats"], None)  # a move is told as anyone at the table reads it
    for index in range(done, step):
        actor, action = actions[index]
        if index == step - 1:
            last = {"seat": actor, "text": {lang: game.tell_action(state, action, reader)
                                            for lang, reader in movers.items()}}
            _cursors.put(record["id"], index, state)
        events = state.apply(actor, action)
    return {
        "id": record["id"],
        "game": game.id,
        "num_players": num_players,
        "seats": record["seats"],
        "options": record["options"],
        "outcome": record.get("outcome"),
        "step": step,
        "steps": len(actions),
        "seat": seat,
        "view": state.view(seat),
        "actors": list(state.actors()),
        "required": list(state.required_actors()),
        "events": [_event_json(game, e, readers) for e in events if e.visible_to(seat)],
        "action": last,
    }


@router.get("/matches/{match_id}/replay")
async def match_replay(
    match_id: str,
    request: Request,
    step: int = Query(0, ge=0, le=1_000_000),
    seat: int | None = Query(None, ge=0),
    x_tapete_player: PlayerHeader = None,
) -> dict[str, Any]:
    """One step of a finished match (404 unknown, 409 not finished; a private table's: 403 but for its
    players)."""
    record = await request.app.state.tapete.tables.record(match_id, await caller(request, x_tapete_player))
    result: dict[str, Any] = await run_in_threadpool(replay_step, record, step, seat)
    return result
