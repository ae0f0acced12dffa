"""The lobby's HTTP API: games and their rules, tables (create, list, join, leave, close), the
server's counters; and the per-address limits on new tables, joins and identities (a finished
match's record and its replay: viewer.py).

Every route reaches the process's services (`Services`: settings, store, table registry,
counters, identities, tournaments) through `request.app.state.tapete`, set by `tapete.server.app`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from fastapi import APIRouter, Query, Request

from tapete.bots import kinds_for
from tapete.engine import Game, TapeteError
from tapete.games import game_ids, get_game
from tapete.games.guide import guide_json, guide_markdown

from ..errors import error
from ..ops import logs
from ..ops.loopwatch import LoopWatch
from ..ops.stats import Stats
from ..people.history import share
from ..people.names import clean_name
from ..people.players import Players, check_distinct
from ..settings import ServerSettings, everywhere_kinds, table_options_schema
from ..storage.store import Store
from ..table.registry import SeatSpec, TableRegistry
from ..tournaments.service import Tournaments
from ..wire.limits import AllRates, Rates
from .models import CreateTableBody, JoinBody, TokenBody
from .player_api import PlayerHeader, caller
from .replays import Replays
from .viewer import client_json


@dataclass
class Services:
    """What the routes and the table socket reach through `request.app.state.tapete`: this
    process's services, made and closed by the application's lifespan (`tapete.server.app`)."""

    settings: ServerSettings
    store: Store
    tables: TableRegistry
    stats: Stats
    players: Players
    watch: LoopWatch
    tournaments: Tournaments
    replays: Replays


def client_address(request: Request) -> str:
    """Whom the quotas count: the peer's address (a player identity does not exist yet)."""
    return request.client.host if request.client is not None else "unknown"


def services(request: Request) -> Services:
    found: Services = request.app.state.tapete
    return found


def available_games() -> list[Game]:
    """The registered games that load; one being written must not break the lobby."""
    found = []
    for game_id in game_ids():
        try:
            found.append(get_game(game_id))
        except Exception:
            logs.log.warning("game does not load", extra={"detail": game_id})
    return found


# -- the lobby -----------------------------------------------------------------
router = APIRouter(prefix="/api")


@router.get("/games")
async def list_games(request: Request) -> dict[str, Any]:
    """Every registered game with its players, options schema and names in es/en; its client
    pieces named by their versioned URLs where the static client holds them (http/assets.py)."""
    versioned: Callable[[str], str] = getattr(request.app.state, "versioned", lambda url: url)
    return {
        "games": [
            {
                "id": g.id,
                "name": g.name,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "default_players": g.default_players,
                "options": g.options_schema(),
                "bot_levels": kinds_for(g),
                "client": client_json(g, versioned),
            }
            for g in available_games()
        ],
        "bot_levels": everywhere_kinds(),
        "table_options": table_options_schema(),
    }


@router.get("/games/{game_id}/rules")
async def game_rules(game_id: str, lang: Literal["es", "en"] = "es") -> dict[str, Any]:
    """The player's guide (sections of blocks, cards by face and name, the
    reglamento last) and the same as Markdown, for one language."""
    game = get_game(game_id)
    return {"game": game_id, "lang": lang, "markdown": guide_markdown(game, lang), "guide": guide_json(game, lang)}


@router.post("/tables", status_code=201)
async def create_table(body: CreateTableBody, request: Request, x_tapete_player: PlayerHeader = None) -> dict[str, Any]:
    player_id = await caller(request, x_tapete_player)
    tables, players = services(request).tables, services(request).players
    specs = None if body.seats is None else [SeatSpec(s.type, s.level, s.name) for s in body.seats]
    # names checked before the table is made: a refused name leaves nothing behind
    name = (clean_name(body.name) or await players.name_of(player_id)) if body.join else None
    check_distinct([clean_name(s.name) for s in specs or () if s.kind == "bot"] + [name])
    await players.check_seat_name(name, player_id)
    runner = await tables.create(
        body.game, body.options, specs, body.table_options, body.public, client_address(request)
    )
    seat: int | None = None
    token: str | None = None
    if any(s.free for s in runner.seats) and body.join:
        seat, token = await runner.join(None, name, player_id)
    elif not any(s.human for s in runner.seats):
        await runner.start_bots_only()
    return {"table": runner.summary(), "invite_code": runner.invite_code, "seat": seat, "token": token}


@router.get("/tables")
async def open_tables(
    request: Request,
    offset: int = Query(0, ge=0, le=1_000_000),
    limit: int | None = Query(None, ge=1, description="page size (default and maximum: the server's)"),
) -> dict[str, Any]:
    """Public tables waiting or playing, a page at a time (`next` is the offset of the next page)."""
    settings = services(request).settings
    size = min(limit or settings.page_size, settings.page_max)
    return services(request).tables.page(offset, size)


@router.get("/tables/{table_id}")
async def table_info(table_id: str, request: Request) -> dict[str, Any]:
    runner = await services(request).tables.get(table_id)
    return runner.summary()


@router.post("/join")
async def join_table(body: JoinBody, request: Request, x_tapete_player: PlayerHeader = None) -> dict[str, Any]:
    player_id = await caller(request, x_tapete_player)
    name = clean_name(body.name) or await services(request).players.name_of(player_id)
    await services(request).players.check_seat_name(name, player_id)
    runner, seat, token = await services(request).tables.join(body.code, body.seat, name, player_id)
    return {"table": runner.summary(), "seat": seat, "token": token}


@router.post("/tables/{table_id}/leave")
async def leave_table(
    table_id: str, body: TokenBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    await caller(request, x_tapete_player)
    seat = await services(request).tables.leave(table_id, body.token)
    return {"table": table_id, "seat": seat, "left": True}


@router.post("/tables/{table_id}/close")
async def close_table(
    table_id: str, body: TokenBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    """The creator (holder of the first human seat) closes a table that is still waiting."""
    await caller(request, x_tapete_player)
    seat = await services(request).tables.close_table(table_id, body.token)
    return {"table": table_id, "seat": seat, "closed": True}


@router.get("/stats")
async def server_stats(request: Request, reset: bool = False) -> dict[str, Any]:
    """Actions applied and arrival-to-views times of socket actions; `reset=true` (admin) starts afresh."""
    svc = services(request)
    if reset:
        require_admin(request, svc.settings)
    runners = list(svc.tables.runners.values())
    out = svc.stats.summary()
    out.update(svc.watch.summary())  # the loop's lateness and the collector's pauses
    out["tables"] = {status: sum(r.status == status for r in runners) for status in ("waiting", "playing", "finished")}
    out["sockets"] = sum(len(r.spectators) + sum(len(s.conns) for s in r.seats) for r in runners)
    out["log_events"] = sum(len(r.presenter.log) for r in runners)  # the stories kept (~400 bytes an event)
    out["wal"] = svc.store.wal_summary()  # SQLite's checkpoints, and how long they held commits
    out["thinking"] = svc.tables.thinking.summary()  # the search bots' and replays' queues (table/thinking.py)
    out["replays"] = svc.replays.summary()
    out.update(svc.tables.cluster_stats())
    if reset:
        svc.stats.reset()
        svc.watch.reset()
    return out


def require_admin(request: Request, settings: ServerSettings) -> None:
    """`Authorization: Bearer <admin token>`; a server started without an admin token has no admin.

    Compared as bytes: a header is any bytes (Starlette reads them as Latin-1, so encoding back gives
    them again), and `compare_digest` refuses strings beyond ASCII (a `Bearer é` was a 500)."""
    given = request.headers.get("authorization", "")
    scheme, _, token = given.partition(" ")
    expected = settings.admin_token
    if (
        not expected
        or scheme.lower() != "bearer"
        or not secrets.compare_digest(token.strip(" \t").encode("latin-1"), expected.encode())
    ):
        raise error("admin_only")


@router.post("/matches/{match_id}/share")
async def share_match(match_id: str, request: Request, x_tapete_player: PlayerHeader = None) -> dict[str, Any]:
    """One of its players makes a private table's finished match public: its history line, record and
    replay are then anyone's."""
    who = await caller(request, x_tapete_player)
    if who is None:
        raise error("bad_identity")
    found = await services(request).store.transact(lambda conn: share(conn, match_id[:32], who))
    if found == "unknown":
        raise error("table_not_found", table=match_id[:32])
    if found == "not_yours":
        raise error("private_match")
    if found == "not_finished":
        raise error("share_unfinished")
    services(request).replays.forget(match_id[:32])
    return {"match_id": match_id, "shared": True}


LobbyRates = dict[tuple[str, str], tuple[Rates, Callable[[], TapeteError]]]


def lobby_rates(settings: ServerSettings, rates: AllRates) -> LobbyRates:
    """New tables, joins and identities per address and minute (bursts of as many), shared by every
    process when there are several."""
    per_minute = rates.per_minute

    def too_many_tables() -> TapeteError:
        return error("quota_new_tables", per_minute=settings.tables_per_minute)

    def too_many_joins() -> TapeteError:
        return error("quota_joins", per_minute=settings.joins_per_minute)

    def too_many_identities() -> TapeteError:
        return error("quota_identities", per_minute=settings.identities_per_minute)

    return {
        ("POST", "/api/tables"): (per_minute("tables", settings.tables_per_minute), too_many_tables),
        ("POST", "/api/join"): (per_minute("joins", settings.joins_per_minute), too_many_joins),
        ("POST", "/api/players"): (per_minute("identities", settings.identities_per_minute), too_many_identities),
    }
