"""The FastAPI application: lobby REST API, table sockets, static client."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, FastAPI, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tapete.bots import BOT_KINDS
from tapete.engine import BadOption, BadPlayers, Game, TapeteError, UnknownGame
from tapete.games import game_ids, get_game
from tapete.games.guide import guide_json, guide_markdown

from .errors import BadRequest, Forbidden, RateLimited, ServerError
from .http import viewer
from .http.headers import SecurityHeaders
from .http.models import CreateTableBody, JoinBody, TokenBody
from .http.player_api import PlayerHeader, caller
from .http.player_api import router as player_router
from .http.sockets import address_allowances, table_socket
from .ops import logs
from .ops.gcsetup import AGING
from .ops.loopwatch import LoopWatch
from .ops.stats import Stats
from .people import ratings
from .people.names import clean_name
from .people.players import IDENTITIES_PER_MINUTE, Players, check_distinct
from .settings import ServerSettings, async_db_url, table_options_schema
from .storage.store import Store
from .table import registry as table_registry
from .table.pacer import ThinkingPool
from .table.registry import SeatSpec, Tables
from .wire.limits import AllRates, BodyGuard, RateGuard, Rates

STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"

STATUS_BY_CODE = {UnknownGame.code: 404, BadOption.code: 400, BadPlayers.code: 400}


@dataclass
class Services:
    settings: ServerSettings
    store: Store
    tables: Tables
    stats: Stats
    players: Players
    watch: LoopWatch


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
async def list_games() -> dict[str, Any]:
    """Every registered game with its players, options schema and names in es/en."""
    return {
        "games": [
            {
                "id": g.id,
                "name": g.name,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "default_players": g.default_players,
                "options": g.options_schema(),
            }
            for g in available_games()
        ],
        "bot_levels": list(BOT_KINDS),
        "table_options": table_options_schema(),
    }


@router.get("/games/{game_id}/rules")
async def game_rules(game_id: str, lang: Literal["es", "en"] = "es") -> dict[str, Any]:
    """The player's guide (sections of blocks, cards by face and name, the
    reglamento last) and the same as Markdown, for one language."""
    game = get_game(game_id)
    return {"game": game_id, "lang": lang, "markdown": guide_markdown(game, lang), "guide": guide_json(game, lang)}


@router.post("/tables", status_code=201)
async def create_table(
    body: CreateTableBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    player_id = await caller(request, x_tapete_player)
    tables, players = services(request).tables, services(request).players
    specs = None if body.seats is None else [SeatSpec(s.type, s.level, s.name) for s in body.seats]
    # names checked before the table is made: a refused name leaves nothing behind
    name = (clean_name(body.name) or await players.name_of(player_id)) if body.join else None
    check_distinct([clean_name(s.name) for s in specs or () if s.kind == "bot"] + [name])
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
    out.update(svc.tables.cluster_stats())
    if reset:
        svc.stats.reset()
        svc.watch.reset()
    return out


def require_admin(request: Request, settings: ServerSettings) -> None:
    """`Authorization: Bearer <admin token>`; a server started without an admin token has no admin."""
    given = request.headers.get("authorization", "")
    scheme, _, token = given.partition(" ")
    expected = settings.admin_token
    if not expected or scheme.lower() != "bearer" or not secrets.compare_digest(token.strip(), expected):
        raise Forbidden(
            "Hace falta la ficha de administración (Authorization: Bearer ...).",
            "This needs the admin token (Authorization: Bearer ...).",
            rule="admin",
        )


@router.get("/matches/{match_id}/record")
async def match_record(match_id: str, request: Request) -> dict[str, Any]:
    return await services(request).tables.record(match_id)


# -- errors as JSON in es/en ---------------------------------------------------------
def _error_response(err: TapeteError) -> JSONResponse:
    status = getattr(err, "status", None) or STATUS_BY_CODE.get(err.code, 400)
    return JSONResponse({"error": err.to_json()}, status_code=status)


async def _on_tapete_error(_request: Request, err: Exception) -> Response:
    assert isinstance(err, TapeteError)
    return _error_response(err)


async def _on_validation_error(_request: Request, err: Exception) -> Response:
    assert isinstance(err, RequestValidationError)
    where = "; ".join(
        f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in err.errors()
    )
    body = BadRequest(f"Petición mal formada ({where}).", f"Malformed request ({where}).", rule="request").to_json()
    return JSONResponse({"error": body}, status_code=422)


# HTTP errors raised outside our handlers (no such route, a method a route does
# not take, a body that cannot be decoded), in the same form as every other error.
HTTP_ERRORS = {
    400: ("bad_request", "El cuerpo de la petición no se puede leer.", "The request body cannot be read."),
    404: ("not_found", "No hay nada en esta dirección.", "There is nothing at this address."),
    405: ("method_not_allowed", "Esta dirección no admite ese método.", "This address does not take that method."),
}


async def _on_http_error(_request: Request, err: Exception) -> Response:
    assert isinstance(err, StarletteHTTPException)
    code, es, en = HTTP_ERRORS.get(
        err.status_code, ("http_error", f"Error HTTP {err.status_code}.", f"HTTP error {err.status_code}.")
    )
    body = {"code": code, "rule": "request", "es": es, "en": en}
    return JSONResponse({"error": body}, status_code=err.status_code, headers=getattr(err, "headers", None))


LobbyRates = dict[tuple[str, str], tuple[Rates, Callable[[], ServerError]]]


def lobby_rates(settings: ServerSettings, rates: AllRates) -> LobbyRates:
    """New tables, joins and identities per address and minute (bursts of as many), shared by every
    process when there are several."""
    per_minute = rates.per_minute

    def too_many_tables() -> ServerError:
        return RateLimited(
            f"Demasiadas mesas nuevas (máximo {settings.tables_per_minute:g} por minuto); espera un poco.",
            f"Too many new tables (at most {settings.tables_per_minute:g} a minute); wait a little.",
            rule="quota",
        )

    def too_many_joins() -> ServerError:
        return RateLimited(
            f"Demasiados intentos de unirse (máximo {settings.joins_per_minute:g} por minuto); espera un poco.",
            f"Too many joins (at most {settings.joins_per_minute:g} a minute); wait a little.",
            rule="quota",
        )

    def too_many_identities() -> ServerError:
        return RateLimited(
            f"Demasiadas identidades nuevas (máximo {IDENTITIES_PER_MINUTE} por minuto); espera un poco.",
            f"Too many new identities (at most {IDENTITIES_PER_MINUTE} a minute); wait a little.",
            rule="quota",
        )

    return {
        ("POST", "/api/tables"): (per_minute("tables", settings.tables_per_minute), too_many_tables),
        ("POST", "/api/join"): (per_minute("joins", settings.joins_per_minute), too_many_joins),
        ("POST", "/api/players"): (per_minute("identities", IDENTITIES_PER_MINUTE), too_many_identities),
    }


def _index_page() -> str:
    return """<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>tapete</title></head>
<body><h1>tapete</h1>
<p>Servidor de mesas de tapete. / tapete's table server.</p>
<ul>
<li><a href="/docs">API (OpenAPI)</a></li>
<li><a href="/api/games">/api/games</a></li>
<li><a href="/api/tables">/api/tables</a></li>
</ul>
<p>Protocolo / protocol: docs/protocol.md</p>
</body></html>"""


# -- the application --------------------------------------------------------------
RATINGS_SWEEP_S = 60.0


async def _settle_ratings_forever(store: Store) -> None:
    """Finished matches whose ratings nobody settled (a process died first): now, then every minute."""
    while True:
        try:
            await ratings.sweep(store, lambda game_id: table_registry.get_game(game_id))
        except Exception:
            logs.log.exception("the ratings sweep failed")
        await asyncio.sleep(RATINGS_SWEEP_S)


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    settings = settings or ServerSettings()
    rates = AllRates(settings.redis_url, async_db_url(settings.db_url))  # in Redis with several processes

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        stats = Stats()
        store: Store
        tables: Tables
        if settings.redis_url:  # one process of several: tables owned by leases, messages through Redis
            from .cluster.registry import open_cluster

            store, tables = await open_cluster(settings, stats)
        else:
            store = Store(async_db_url(settings.db_url))
            await store.open()
            tables = Tables(store, settings, stats)
        store.on_batch = stats.batch
        # search bots think in the loop's default executor: a small pool shared in turn, on a budget
        asyncio.get_running_loop().set_default_executor(
            ThinkingPool(settings.thinking_threads, settings.thinking_share)
        )
        restored = await tables.restore()
        tables.start_housekeeping()
        players = Players(store, settings.redis_url)  # with several processes, sign-in limits count in Redis
        settling = asyncio.create_task(_settle_ratings_forever(store), name="tapete-ratings")
        watch = LoopWatch()
        watch.start()
        AGING.load = lambda: len(tables.runners)  # the collector's growth is measured per table held
        app.state.tapete = Services(settings, store, tables, stats, players, watch)
        logs.event(f"server ready; {restored} tables restored")
        try:
            yield
        finally:
            await watch.stop()
            AGING.load = lambda: 0
            settling.cancel()
            await asyncio.gather(settling, return_exceptions=True)
            await tables.close()
            await players.close()
            await store.close()
            await rates.close()

    app = FastAPI(title="tapete", version="1", lifespan=lifespan)
    app.include_router(router)
    app.include_router(player_router)  # identities, profiles, histories, leaderboards
    app.include_router(viewer.router)  # replays and deck data for the browser client
    app.add_api_websocket_route("/ws/tables/{table_id}", table_socket)
    app.add_exception_handler(TapeteError, _on_tapete_error)
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(StarletteHTTPException, _on_http_error)

    app.add_middleware(BodyGuard, max_bytes=settings.max_body_bytes, timeout=settings.body_timeout)
    app.state.allowances = address_allowances(settings, rates)  # chat and rematch, per table and address
    app.add_middleware(RateGuard, rates=lobby_rates(settings, rates))  # floods refused before they are read
    app.add_middleware(SecurityHeaders)  # outermost: the guard's refusals carry the headers too

    if STATIC_DIR.is_dir():
        from fastapi.staticfiles import StaticFiles

        app.mount("/", StaticFiles(directory=STATIC_DIR, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def index() -> str:
            return _index_page()

    return app
