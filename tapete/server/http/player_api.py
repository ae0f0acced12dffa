"""The HTTP side of players: identities, sign-in, profiles, histories and leaderboards.

`caller` is the lobby's dependency for the `X-Tapete-Player` header: absent,
the caller is anonymous; present but wrong, the call is refused (401
`bad_identity`) before anything changes.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from pydantic import Field

from ..errors import error
from ..people.history import match_page, profile
from ..people.notify import AFTER_MAX, AFTER_MIN, MAX_EMAIL, MAX_ENDPOINT, Choice, Notifier
from ..people.players import (
    HEADER,
    MAX_SECRET_LENGTH,
    PASSWORD_MAX,
    Players,
    parse_header,
)
from ..people.ratings import leaderboard
from ..table import my_games
from ..table import registry as table_registry
from .models import MAX_NAME_INPUT, Strict

router = APIRouter(prefix="/api")

PAGE_SIZE = 20
PAGE_MAX = 100
GAME_ID_MAX = 32

PlayerHeader = Annotated[
    str | None,
    Header(alias=HEADER, description="`<player_id>:<secret>`, from POST /api/players or /api/login"),
]


class NewPlayerBody(Strict):
    name: str | None = Field(None, max_length=MAX_NAME_INPUT)


class NameBody(Strict):
    name: str | None = Field(max_length=MAX_NAME_INPUT)


class PasswordBody(Strict):
    password: str = Field(max_length=PASSWORD_MAX)
    # the current password, needed once the player has one
    old_password: str | None = Field(None, max_length=PASSWORD_MAX)


class SignOutBody(Strict):
    # the player's password, needed once the player has one
    password: str | None = Field(None, max_length=PASSWORD_MAX)


class LoginBody(Strict):
    name: str = Field(max_length=MAX_NAME_INPUT)
    password: str = Field(max_length=PASSWORD_MAX)
    # the device token an earlier sign-in on this device gave: its sign-ins are counted apart from guesses
    device: str | None = Field(None, max_length=MAX_SECRET_LENGTH)


class PushKeys(Strict):
    p256dh: str = Field(max_length=128)
    auth: str = Field(max_length=64)


class PushBody(Strict):
    """A device's Web Push subscription, as the browser's `PushSubscription.toJSON()` gives it."""

    endpoint: str = Field(max_length=MAX_ENDPOINT)
    keys: PushKeys
    expirationTime: float | None = None  # the browser's own name; not kept


class PushGoneBody(Strict):
    endpoint: str = Field(max_length=MAX_ENDPOINT)


class NotifyBody(Strict):
    """A person's choice per channel, the e-mail address, after how long a waiting turn is told, the words'
    language."""

    push: bool = False
    email: bool = False
    address: str | None = Field(None, max_length=MAX_EMAIL)
    after: int | None = Field(None, ge=AFTER_MIN, le=AFTER_MAX)
    lang: str = Field("es", pattern="^(es|en)$")


def the_notifier(request: Request) -> Notifier:
    found: Notifier = request.app.state.notifier
    return found


def the_players(request: Request) -> Players:
    found: Players = request.app.state.tapete.players
    return found


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


async def caller(request: Request, header: str | None) -> str | None:
    """The calling player's id (None: anonymous); BadIdentity for a wrong id or secret."""
    return await the_players(request).from_header(header)


async def _owner(request: Request, header: str | None, player_id: str) -> str:
    """The caller must be the player `player_id` itself."""
    who = await caller(request, header)
    if who is None:
        raise error("bad_identity")
    if who != player_id:
        raise error("not_your_identity")
    return who


def _page(offset: int, limit: int | None) -> tuple[int, int]:
    return offset, min(limit or PAGE_SIZE, PAGE_MAX)


@router.post("/players", status_code=201)
async def new_player(request: Request, body: NewPlayerBody | None = None) -> dict[str, Any]:
    """A new identity: its id and its secret (sent here only: keep it). The body may be left out."""
    return (await the_players(request).create(None if body is None else body.name)).to_json()


@router.get("/players/{player_id}")
async def player_profile(player_id: str, request: Request) -> dict[str, Any]:
    found = await the_players(request).store.read(lambda conn: profile(conn, player_id[:32]))
    if found is None:
        raise error("player_not_found")
    return found


@router.get("/players/{player_id}/matches")
async def player_matches(
    player_id: str,
    request: Request,
    offset: int = Query(0, ge=0, le=1_000_000),
    limit: int | None = Query(None, ge=1, le=PAGE_MAX),
    x_tapete_player: PlayerHeader = None,
) -> dict[str, Any]:
    """The player's finished matches, newest first, with links to their replays and records (a private
    table's: only for its players, unless made public)."""
    start, size = _page(offset, limit)
    viewer = await caller(request, x_tapete_player)
    found = await the_players(request).store.read(lambda conn: match_page(conn, player_id[:32], start, size, viewer))
    if found is None:
        raise error("player_not_found")
    return found


@router.get("/players/{player_id}/tables")
async def my_tables(player_id: str, request: Request, x_tapete_player: PlayerHeader = None) -> dict[str, Any]:
    """ "My games": the tables, live and turn-based, at which the player sits (waiting or being played),
    newest first, each with whose turn it is and the time left on that clock. Only for the player
    themself (their `X-Tapete-Player`); public facts only: no seat token, no card."""
    await _owner(request, x_tapete_player, player_id)
    tables = request.app.state.tapete.tables
    found = await my_games.player_tables(tables.store, tables.runners, tables.clock, player_id)
    return {"player_id": player_id, "tables": found}


@router.get("/push/key")
async def push_key(request: Request) -> dict[str, Any]:
    """The server's VAPID public key (`applicationServerKey` of a browser's subscription; null: this server
    sends no push), and whether it sends e-mails."""
    notifier = the_notifier(request)
    return {"public_key": notifier.public_key, "email": notifier.email_on}


@router.post("/players/{player_id}/push", status_code=201)
async def push_subscribe(
    player_id: str, body: PushBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    """Store this device's Web Push subscription: the player's turns that wait are told to it."""
    await _owner(request, x_tapete_player, player_id)
    count = await the_notifier(request).subscribe(player_id, body.endpoint, body.keys.p256dh, body.keys.auth)
    return {"player_id": player_id, "devices": count}


@router.delete("/players/{player_id}/push")
async def push_unsubscribe(
    player_id: str, body: PushGoneBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    await _owner(request, x_tapete_player, player_id)
    return {"player_id": player_id, "removed": await the_notifier(request).unsubscribe(player_id, body.endpoint)}


@router.get("/players/{player_id}/notify")
async def notify_choice(player_id: str, request: Request, x_tapete_player: PlayerHeader = None) -> dict[str, Any]:
    """The player's choice of notifications (their own only: it holds their e-mail address)."""
    await _owner(request, x_tapete_player, player_id)
    notifier = the_notifier(request)
    choice = await notifier.choice(player_id)
    return {"player_id": player_id, **choice.to_json(), "after_default": notifier.settings.notify_after}


@router.put("/players/{player_id}/notify")
async def notify_choose(
    player_id: str, body: NotifyBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    await _owner(request, x_tapete_player, player_id)
    asked = Choice(body.push, body.email, body.after, body.address or None, body.lang)
    choice = await the_notifier(request).choose(player_id, asked)
    return {"player_id": player_id, **choice.to_json()}


@router.put("/players/{player_id}/name")
async def rename_player(
    player_id: str, body: NameBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    await _owner(request, x_tapete_player, player_id)
    name = await the_players(request).rename(player_id, body.name)
    return {"player_id": player_id, "name": name}


@router.post("/players/{player_id}/password")
async def protect_player(
    player_id: str, body: PasswordBody, request: Request, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    """Protect the identity with a password, to sign in with its name on another device; a new password
    needs the current one. Every other device is signed out."""
    await _owner(request, x_tapete_player, player_id)
    assert x_tapete_player is not None
    await the_players(request).protect(player_id, body.password, body.old_password, parse_header(x_tapete_player)[1])
    return {"player_id": player_id, "protected": True}


@router.post("/players/{player_id}/sign-out-everywhere")
async def sign_out_everywhere(
    player_id: str, request: Request, body: SignOutBody | None = None, x_tapete_player: PlayerHeader = None
) -> dict[str, Any]:
    """Every device of the player but this one is signed out (a protected player gives the password)."""
    await _owner(request, x_tapete_player, player_id)
    assert x_tapete_player is not None
    gone = await the_players(request).sign_out_everywhere(
        player_id, None if body is None else body.password, parse_header(x_tapete_player)[1]
    )
    return {"player_id": player_id, "signed_out": gone}


@router.post("/login")
async def login(body: LoginBody, request: Request) -> dict[str, Any]:
    """A new device secret for a player protected by a password, and this device's device token."""
    return (await the_players(request).login(body.name, body.password, _address(request), body.device)).to_json()


@router.get("/ratings/{game_id}")
async def ratings_board(
    game_id: str,
    request: Request,
    offset: int = Query(0, ge=0, le=1_000_000),
    limit: int | None = Query(None, ge=1, le=PAGE_MAX),
) -> dict[str, Any]:
    """The game's leaderboard: people and bot levels, best first."""
    # UnknownGame: 404 unknown_game, naming the id it was given: cut to a game id's length, not echoed at any size
    game = table_registry.get_game(game_id[:GAME_ID_MAX])
    start, size = _page(offset, limit)
    board = await the_players(request).store.read(lambda conn: leaderboard(conn, game.id, start, size))
    board["game"] = game.id
    return board
