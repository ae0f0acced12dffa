"""What the browser client needs beyond the lobby: a finished match step by
step (the replay viewer) and a game's deck as data (WANTED's outlaws).

A replay is served only for a finished match, whose record (seed included)
is public anyway, so any seat's view of any step may be shown. How replays
are kept, limited and computed off the event loop: `replays.py`.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field

from tapete.engine import Event
from tapete.engine.words import Reader
from tapete.games import get_game
from tapete.protocol import LANGS, Words

from ..errors import error
from ..people.names import NAME_MAX  # as the lobby allows
from .lobby import client_address

router = APIRouter(prefix="/api")

# Games that keep their deck as a data file in their package (rules: "keep it as data").
DECK_FILES = {"wanted": "outlaws.json", "nacho-loco": "designs.json"}


@router.get("/games/{game_id}/deck")
async def game_deck(game_id: str) -> dict[str, Any]:
    """The game's deck data file as JSON (card names and figures)."""
    game = get_game(game_id)
    name = DECK_FILES.get(game.id)
    if name is None:
        raise error("no_deck_data", game=Words(game.name["es"], game.name["en"]))
    package = type(game).__module__.rpartition(".")[0]
    data: dict[str, Any] = json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    return data


@functools.cache
def face_names(game_id: str) -> dict[str, Any]:
    """Every card face of the game named as its catalogue names it in every sentence, in es and en;
    `short`, the compact names where a game has them (WANTED's "J♠"), for the faces whose compact
    name is another."""
    game = get_game(game_id)
    faces = sorted(game.card_faces())
    names = {face: {lang: game.face_name(face, lang) for lang in LANGS} for face in faces}
    short = {face: {lang: game.face_name(face, lang, short=True) for lang in LANGS} for face in faces}
    return {"game": game.id, "faces": names, "short": {face: s for face, s in short.items() if s != names[face]}}


@router.get("/games/{game_id}/faces")
async def game_faces(game_id: str) -> dict[str, Any]:
    """The names of the game's cards (`face_names`): a client labels a card with these, so that it
    reads on the board as it does in the log, never formatting a face token itself."""
    return face_names(get_game(game_id).id)


class PlayersBody(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict)


@router.post("/games/{game_id}/players")
async def allowed_players(game_id: str, body: PlayersBody) -> dict[str, Any]:
    """The player counts these options allow (Buracco: 2 or 4; WANTED: by mode)."""
    game = get_game(game_id)
    return {"game": game.id, "allowed": list(game.allowed_players(game.parse_options(body.options)))}


MAX_DESCRIBE = 200


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
    names = None if body.names is None else [(name or "")[:NAME_MAX] for name in body.names]
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


@router.get("/matches/{match_id}/replay")
async def match_replay(
    match_id: str,
    request: Request,
    step: int = Query(0, ge=0, le=1_000_000),
    seat: int | None = Query(None, ge=0),
) -> Response:
    """One step of a finished match (404 unknown, 409 not finished; 429 and 503: `Replays`)."""
    services = request.app.state.tapete
    told = await services.replays.step(services.tables.record, match_id, step, seat, client_address(request))
    return Response(told, media_type="application/json")


@router.get("/matches/{match_id}/record")
async def match_record(match_id: str, request: Request) -> dict[str, Any]:
    """A finished match's record (the same allowances and memory as its replay)."""
    services = request.app.state.tapete
    return await services.replays.record(services.tables.record, match_id)
