"""What the browser client needs beyond the lobby: a finished match step by
step (the replay viewer), a game's deck as data (WANTED's outlaws), and each
game's client pieces: what `/api/games` says of them (`client_json`, from the
game's `client` facts) and their files (`/js/games/<package>/...`, from the
game's own folder, wherever it is installed).

A replay is served only for a finished match, whose record (seed included)
is public anyway, so any seat's view of any step may be shown. How replays
are kept, limited and computed off the event loop: `replays.py` (the steps
and the story as told: `tapete.server.table.replayed`).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from tapete.engine import Event, Game
from tapete.engine.words import Reader
from tapete.games import game_ids, get_game
from tapete.protocol import LANGS, Words

from ..errors import error
from ..people.names import NAME_MAX  # as the lobby allows
from .player_api import PlayerHeader, caller
from .replays import asking_address

router = APIRouter(prefix="/api")
pieces = APIRouter(include_in_schema=False)  # the games' browser files, beside the static client

STATIC_GAMES = Path(__file__).resolve().parents[2] / "web" / "static" / "js" / "games"
PIECE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\.(js|css|svg|json)")


@router.get("/games/{game_id}/deck")
async def game_deck(game_id: str) -> dict[str, Any]:
    """The game's deck data file as JSON (card names and figures)."""
    game = get_game(game_id)
    name = game.client.deck_file
    if name is None:
        raise error("no_deck_data", game=Words(game.name["es"], game.name["en"]))
    data: dict[str, Any] = json.loads(resources.files(game.package()).joinpath(name).read_text(encoding="utf-8"))
    return data


# -- each game's client pieces ------------------------------------------------------------------
def web_name(game: Game) -> str:
    """The folder name under which the game's browser pieces are served: its package's own."""
    return game.package().rpartition(".")[2]


def web_folder(game: Game) -> Path | None:
    """Where the game's browser pieces are: the folder its `client.web` names, or
    tapete/web/static/js/games/<package>/; None when there is none."""
    if game.client.web:
        package, _, sub = game.client.web.partition(":")
        folder = Path(str(resources.files(package).joinpath(sub)))
    else:
        folder = STATIC_GAMES / web_name(game)
    return folder if folder.is_dir() else None


def client_json(game: Game, versioned: Callable[[str], str] = lambda url: url) -> dict[str, Any]:
    """What a client needs to show the game (its `client` facts) and the paths of its
    browser pieces (view, words, style; null where it has none), each as `versioned` names it
    (the static client's files with their version, so that a second visit asks for none)."""
    facts = game.client
    folder = web_folder(game)
    base = f"/js/games/{web_name(game)}/"

    def piece(name: str) -> str | None:
        return versioned(base + name) if folder is not None and (folder / name).is_file() else None

    return {
        "score_unit": dict(facts.score_unit),
        "score_text": dict(facts.score_text),
        "score_sense": game.score_sense,
        "rounds_text": dict(facts.rounds_text) if facts.rounds_text else None,
        "round_text": dict(facts.round_text) if facts.round_text else None,
        "result_events": sorted(facts.result_events or game.round_result_events),
        "result_when": {kind: dict(when) for kind, when in facts.result_when.items()},
        "deck": facts.deck_file is not None,
        "table_options_off": {k: {o: list(v) for o, v in off.items()} for k, off in facts.table_options_off.items()},
        "web": {"view": piece("view.js"), "words": piece("words.js"), "style": piece("style.css")},
    }


@pieces.get("/js/games/{folder}/{name}")
async def game_piece(folder: str, name: str) -> FileResponse:
    """A file of a game's browser folder (its view, words, art, style)."""
    if PIECE.fullmatch(name):
        for game_id in game_ids():
            try:
                game = get_game(game_id)
            except Exception:
                continue
            where = web_folder(game) if web_name(game) == folder else None
            if where is not None and (where / name).is_file():
                return FileResponse(where / name)
    raise StarletteHTTPException(404)


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
    x_tapete_player: PlayerHeader = None,
) -> Response:
    """One step of a finished match (404 unknown, 409 not finished, 403 a private table's but for its
    players; 429 and 503: `Replays`)."""
    services = request.app.state.tapete
    viewer = await caller(request, x_tapete_player)
    told = await services.replays.step(
        services.tables.record_and_viewers, match_id, step, seat, asking_address(request), viewer
    )
    return Response(told, media_type="application/json")


@router.get("/matches/{match_id}/story")
async def match_story_route(
    match_id: str,
    request: Request,
    seat: int | None = Query(None, ge=0),
    x_tapete_player: PlayerHeader = None,
) -> Response:
    """A finished match's whole log as `seat` read it (404 unknown, 409 not finished, 403 a private
    table's but for its players; 429 and 503: `Replays`)."""
    services = request.app.state.tapete
    viewer = await caller(request, x_tapete_player)
    told = await services.replays.story(
        services.tables.record_and_viewers, match_id, seat, asking_address(request), viewer
    )
    return Response(told, media_type="application/json")


@router.get("/matches/{match_id}/record")
async def match_record(match_id: str, request: Request, x_tapete_player: PlayerHeader = None) -> dict[str, Any]:
    """A finished match's record (the same allowances and memory as its replay; a private table's: for
    its players only, unless made public)."""
    services = request.app.state.tapete
    viewer = await caller(request, x_tapete_player)
    return await services.replays.record(services.tables.record_and_viewers, match_id, viewer)
