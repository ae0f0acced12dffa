"""The FastAPI application: its services made and closed (`lifespan`), the routes of `http/`
(lobby, players, viewer, tournaments, table sockets), errors as JSON in es/en, the middleware, the static client."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tapete.engine import BadOption, BadPlayers, TapeteError, UnknownGame

from .errors import error
from .http import analysis, lobby, viewer
from .http.assets import Assets, PublicGzip
from .http.headers import SecurityHeaders
from .http.player_api import router as player_router
from .http.replays import Replays, replay_rates
from .http.sockets import address_allowances, table_socket
from .http.tournament_api import router as tournament_router
from .ops import logs
from .ops.gcsetup import AGING
from .ops.loopwatch import LoopWatch
from .ops.stats import Stats
from .people import ratings
from .people.notify import Notifier
from .people.players import Players
from .settings import ServerSettings, async_db_url
from .storage.store import Store
from .table import registry as table_registry
from .table.clock import ServerClock
from .table.registry import TableRegistry
from .tournaments.service import Tournaments
from .wire.limits import AllRates, BodyGuard, RateGuard

STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"

STATUS_BY_CODE = {UnknownGame.code: 404, BadOption.code: 400, BadPlayers.code: 400}


# -- errors as JSON in es/en ---------------------------------------------------------
def _error_response(err: TapeteError) -> JSONResponse:
    status = getattr(err, "status", None) or STATUS_BY_CODE.get(err.code, 400)
    return JSONResponse({"error": err.to_json()}, status_code=status)


async def _on_tapete_error(_request: Request, err: Exception) -> Response:
    assert isinstance(err, TapeteError)
    return _error_response(err)


async def _on_validation_error(_request: Request, err: Exception) -> Response:
    assert isinstance(err, RequestValidationError)
    where = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in err.errors())
    return _error_response(error("request_malformed", where=where))


# HTTP errors raised outside our handlers (no such route, a method a route does
# not take, a body that cannot be decoded), in the same form as every other error.
HTTP_ERRORS = {400: "body_unreadable", 404: "not_found", 405: "method_not_allowed"}


async def _on_http_error(_request: Request, err: Exception) -> Response:
    assert isinstance(err, StarletteHTTPException)
    body = error(HTTP_ERRORS.get(err.status_code, "http_error"), status=err.status_code).to_json()
    return JSONResponse({"error": body}, status_code=err.status_code, headers=getattr(err, "headers", None))


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


async def _settle_ratings_forever(store: Store, min_share: float) -> None:
    """Finished matches whose ratings nobody settled (a process died first): now, then every minute."""
    while True:
        try:
            await ratings.sweep(store, lambda game_id: table_registry.get_game(game_id), min_share=min_share)
        except Exception:
            logs.log.exception("the ratings sweep failed")
        await asyncio.sleep(RATINGS_SWEEP_S)


def create_app(settings: ServerSettings | None = None, clock: ServerClock | None = None) -> FastAPI:
    """The server; `clock`: the one its tables read (tests move it on to play turn-based clocks over days)."""
    settings = settings or ServerSettings()
    rates = AllRates(settings.redis_url, async_db_url(settings.db_url))  # in Redis with several processes

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        stats = Stats()
        store: Store
        tables: TableRegistry
        if settings.redis_url:  # one process of several: tables owned by leases, messages through Redis
            from .cluster.registry import open_cluster

            store, tables = await open_cluster(settings, stats, clock)
        else:
            store = Store(async_db_url(settings.db_url))
            await store.open()
            tables = TableRegistry(store, settings, stats, clock)
        store.on_batch = stats.batch
        restored = await tables.restore()
        tables.start_housekeeping()
        players = Players(store, settings.redis_url)  # with several processes, sign-in limits count in Redis
        settling = asyncio.create_task(_settle_ratings_forever(store, settings.rated_min_share), name="tapete-ratings")
        watch = LoopWatch()
        watch.start()
        AGING.load = lambda: len(tables.runners)  # the collector's growth is measured per table held
        replays = Replays(settings, tables.thinking)
        tournaments = Tournaments(store, tables, settings.tournament_tick, several=bool(settings.redis_url))
        running = await tournaments.open()  # after the tables: their results are read from the restored tables
        tournaments.start_ticking()
        notifier = Notifier(store, settings)  # a turn's notifications, sent by the due sweep (people/notify.py)
        await notifier.open()
        tables.due.notifier = notifier
        app.state.notifier = notifier
        app.state.tapete = lobby.Services(settings, store, tables, stats, players, watch, tournaments, replays)
        logs.event(f"server ready; {restored} tables and {running} tournaments restored")
        try:
            yield
        finally:
            await tournaments.close()
            await watch.stop()
            analysis.shutdown()
            AGING.load = lambda: 0
            settling.cancel()
            await asyncio.gather(settling, return_exceptions=True)
            await tables.close()
            await players.close()
            await store.close()
            await rates.close()

    app = FastAPI(title="tapete", version="1", lifespan=lifespan)
    app.include_router(lobby.router)  # games, tables, records, counters
    app.include_router(player_router)  # identities, profiles, histories, leaderboards
    app.include_router(viewer.router)  # replays and deck data for the browser client
    app.include_router(tournament_router)  # Swiss tournaments and arenas for people
    app.include_router(analysis.router)  # a finished match's analysis per seat
    app.add_api_websocket_route("/ws/tables/{table_id}", table_socket)
    app.add_exception_handler(TapeteError, _on_tapete_error)
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(StarletteHTTPException, _on_http_error)

    app.add_middleware(PublicGzip)  # long public reads (games, tables, ratings) gzipped
    app.add_middleware(BodyGuard, max_bytes=settings.max_body_bytes, timeout=settings.body_timeout)
    app.state.allowances = address_allowances(settings, rates)  # chat and rematch, per table and address
    guarded = {**lobby.lobby_rates(settings, rates), **replay_rates(settings, rates)}
    app.add_middleware(RateGuard, rates=guarded)  # floods refused before they are read
    # the static client; a game's browser pieces kept in its own package are asked of viewer.pieces
    assets = Assets(STATIC_DIR, fallback=viewer.pieces) if STATIC_DIR.is_dir() else None
    hashes = (assets.script_hash,) if assets is not None else ()
    app.add_middleware(SecurityHeaders, script_hashes=hashes)  # outermost: refusals carry the headers too

    if assets is not None:
        app.state.versioned = assets.versioned_if_here  # the games' pieces in /api/games, versioned
        app.mount("/", assets, name="web")  # compressed once, cached by version (http/assets.py)
    else:
        app.include_router(viewer.pieces)

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def index() -> str:
            return _index_page()

    return app
