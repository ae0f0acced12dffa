"""What the browser client needs beyond the lobby: a finished match step by
step (the replay viewer), a game's deck as data (WANTED's outlaws), and each
game's client pieces: what `/api/games` says of them (`client_json`, from the
game's `client` facts) and their files (`/js/games/<package>/...`, from the
game's own folder, wherever it is installed).

A replay is served only for a finished match, whose record (seed included)
is public anyway, so any seat's view of any step may be shown.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from tapete.engine import LEGACY_RULES_VERSION, Event, Game, State, check_rules_version
from tapete.engine.bot_names import bot_name
from tapete.engine.standin import Trail, by_step
from tapete.engine.words import Reader
from tapete.games import game_ids, get_game
from tapete.protocol import LANGS, Words

from ..errors import error
from ..people.names import NAME_MAX  # as the lobby allows
from .player_api import PlayerHeader, caller

router = APIRouter(prefix="/api")
pieces = APIRouter(include_in_schema=False)  # the games' browser files, beside the static client

STATIC_GAMES = Path(__file__).resolve().parents[2] / "web" / "static" / "js" / "games"
PIECE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\.(js|css|svg|json)")
# Replayed states kept per match, so stepping forward does not replay from the start.
CURSORS = 32


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


# a replay step whose move the viewed seat did not see (a Bacan peek of another seat)
UNSEEN = {"es": "{name} juega sin que se vea.", "en": "{name} makes a move not seen from here."}


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


def _replayable(record: dict[str, Any], seat: int | None) -> tuple[Game, int]:
    """The record's game and number of players, once its rules and `seat` are checked."""
    game = get_game(record["game"])
    check_rules_version(game, int(record.get("rules_version", LEGACY_RULES_VERSION)))
    num_players = len(record["seats"])
    if seat is not None and not 0 <= seat < num_players:
        raise error("replay_seat", seat=seat, last=num_players - 1)
    return game, num_players


def match_story(record: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The whole match as `seat` read it at the table (a spectator's: the public events), each
    sentence with the step it follows, stand-ins' moves told as theirs."""
    game, num_players = _replayable(record, seat)
    made_by = by_step(record.get("by_standin") or ())
    state = game.new_match(num_players, record["seed"], record["options"])
    trail, readers = Trail(), _readers(record["seats"], seat)
    lines = []
    for index, (actor, action) in enumerate(record["actions"]):
        for event in game.made_for(state.apply(actor, action), trail.step(actor, made_by.get(index))):
            if event.visible_to(seat):
                lines.append({"step": index + 1, "kind": event.kind,
                              "text": {lang: game.tell_event(event, reader) for lang, reader in readers.items()}})
    return {"id": record["id"], "seat": seat, "steps": len(record["actions"]), "lines": lines}


def replay_step(record: dict[str, Any], step: int, seat: int | None) -> dict[str, Any]:
    """The view of `seat` after the first `step` actions, with what the last one did."""
    game, num_players = _replayable(record, seat)
    actions = record["actions"]
    made_by = by_step(record.get("by_standin") or ())
    step = min(step, len(actions))
    start = _cursors.get(record["id"], step - 1) if step else None
    done, state = start if start is not None else (0, game.new_match(num_players, record["seed"], record["options"]))
    events: list[Event] = []
    last: dict[str, Any] | None = None
    trail = Trail.upto(actions, made_by, done)  # who stand-ins stood in for, as the record says
    readers = _readers(record["seats"], seat)
    names = seat_names(record["seats"])
    for index in range(done, step):
        actor, action = actions[index]
        if index == step - 1:
            _cursors.put(record["id"], index, state)
        events = game.made_for(state.apply(actor, action), trail.step(actor, made_by.get(index)))
        if index == step - 1:
            # the step as the viewed seat read it at the table ("Bruno descarta rojo 5."), never as the
            # order a move button gives ("Descartar rojo 5"); a move it did not see, in general words
            seen = [e for e in events if e.visible_to(seat)]
            last = {"seat": actor, "told": True, "text": {
                lang: " ".join(game.tell_event(e, reader) for e in seen) or UNSEEN[lang].format(name=names[actor])
                for lang, reader in readers.items()}}
    return {
        "id": record["id"],
        "game": game.id,
        "num_players": num_players,
        "seats": record["seats"],
        "names": seat_names(record["seats"]),  # as the table and the texts name them (a bot: its given name)
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


@router.get("/matches/{match_id}/story")
async def match_story_route(
    match_id: str,
    request: Request,
    seat: int | None = Query(None, ge=0),
    x_tapete_player: PlayerHeader = None,
) -> dict[str, Any]:
    """A finished match's whole log as `seat` read it (404 unknown, 409 not finished; a private table's:
    403 but for its players)."""
    record = await request.app.state.tapete.tables.record(match_id, await caller(request, x_tapete_player))
    result: dict[str, Any] = await run_in_threadpool(match_story, record, seat)
    return result
