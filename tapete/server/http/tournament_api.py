"""The HTTP side of tournaments: create, list, read (with standings), join, start, and a person's
own table (`/me`). Making, joining and starting need a player identity (`X-Tapete-Player`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request

from ..errors import error
from ..tournaments.service import Tournaments, tournament_json
from .models import CreateTournamentBody, JoinTournamentBody
from .player_api import PlayerHeader, caller

router = APIRouter(prefix="/api/tournaments")

PAGE_SIZE = 20
PAGE_MAX = 100


def the_tournaments(request: Request) -> Tournaments:
    found: Tournaments = request.app.state.tapete.tournaments
    return found


async def identified(request: Request, header: str | None) -> str:
    who = await caller(request, header)
    if who is None:
        raise error("bad_identity")
    return who


async def _name(request: Request, given: str | None, player_id: str) -> str | None:
    """The entrant's name: the one given (never another identity's, nor one that reads like it), or theirs."""
    players = request.app.state.tapete.players
    await players.check_seat_name(given, player_id)
    return given or await players.name_of(player_id)


@router.post("", status_code=201)
async def create_tournament(
    body: CreateTournamentBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    organiser = await identified(request, x_tapete_player)
    tournaments = the_tournaments(request)
    row = await tournaments.create(
        organiser,
        body.kind,
        body.game,
        name=body.name,
        options=body.options,
        table_options=body.table_options,
        seats=body.seats,
        rounds=body.rounds if body.kind == "swiss" else None,
        seconds=body.seconds if body.kind == "arena" else None,
        bots=[(b.level, b.name) for b in body.bots],
    )
    if body.join:
        await tournaments.join(row.id, organiser, await _name(request, None, organiser), None)
    return tournament_json(row)


@router.get("")
async def list_tournaments(
    request: Request,
    offset: int = Query(0, ge=0, le=1_000_000),
    limit: int | None = Query(None, ge=1, le=PAGE_MAX),
) -> dict[str, Any]:
    """Tournaments newest first, a page at a time (`next`: the offset of the next page)."""
    return await the_tournaments(request).page(offset, limit or PAGE_SIZE)


@router.get("/{tournament_id}")
async def tournament_info(tournament_id: str, request: Request) -> dict[str, Any]:
    return tournament_json(await the_tournaments(request).get(tournament_id))


@router.get("/{tournament_id}/standings")
async def tournament_standings(tournament_id: str, request: Request) -> dict[str, Any]:
    shown = tournament_json(await the_tournaments(request).get(tournament_id))
    return {key: shown[key] for key in ("id", "kind", "status", "round", "standings")}


@router.post("/{tournament_id}/join")
async def join_tournament(
    tournament_id: str,
    request: Request,
    body: JoinTournamentBody | None = None,
    x_tapete_player: PlayerHeader = None,
) -> dict[str, Any]:
    player_id = await identified(request, x_tapete_player)
    given, side = (None, None) if body is None else (body.name, body.side)
    name = await _name(request, given, player_id)
    entry = await the_tournaments(request).join(tournament_id, player_id, name, side)
    return {"tournament": tournament_id, "entry": entry}


@router.post("/{tournament_id}/start")
async def start_tournament(
    tournament_id: str, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    player_id = await identified(request, x_tapete_player)
    return tournament_json(await the_tournaments(request).start(tournament_id, player_id))


@router.get("/{tournament_id}/me")
async def my_table(tournament_id: str, request: Request, x_tapete_player: PlayerHeader = None) -> dict[str, Any]:
    """The caller's game being played: its table, seat and seat token (to open the table socket)."""
    player_id = await identified(request, x_tapete_player)
    return await the_tournaments(request).seat_of(tournament_id, player_id)
