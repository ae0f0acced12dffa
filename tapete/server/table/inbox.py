"""What may reach a table runner's queue (its inbox): everything that may change a table, as `QueueItem`s."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from .connection import Connection


@dataclass
class Submit:
    conn: Connection
    seq: int
    version: int
    payload: dict[str, Any]
    seat: int | None  # the seat the client says it acts for, if it says
    arrived: float | None = None  # perf_counter when the socket read it


@dataclass
class BotMove:
    seat: int
    action: int
    version: int
    posted: float | None = None  # perf_counter when it entered the runner's queue


@dataclass
class Attach:
    conn: Connection
    token: str | None
    done: asyncio.Future[int | None]


@dataclass
class Detach:
    conn: Connection


@dataclass
class Sync:
    conn: Connection


@dataclass
class Dismiss:
    """The socket's person has read the round result."""

    conn: Connection


@dataclass
class Join:
    seat: int | None
    name: str | None
    done: asyncio.Future[tuple[int, str]]
    player_id: str | None = None  # the identity taking the seat (already checked by the lobby)


@dataclass
class Leave:
    token: str
    done: asyncio.Future[int]


@dataclass
class Wake:
    pass


@dataclass
class Start:
    """Start a table without human seats."""

    done: asyncio.Future[None]


@dataclass
class Chat:
    """A chat line from a socket: typed words or a quick phrase (one of the two)."""

    conn: Connection
    text: str | None
    phrase: str | None


@dataclass
class Rematch:
    """A seat's answer to "another match?" at a finished match."""

    conn: Connection
    accept: bool


@dataclass
class Hint:
    """A seat asks what the bot would play now (table option `hints`)."""

    conn: Connection


QueueItem = Submit | BotMove | Attach | Detach | Sync | Dismiss | Join | Leave | Wake | Start | Chat | Rematch | Hint


@dataclass
class Sender:
    """Who offered an action, to answer them once it is applied or refused (a held action's tag)."""

    version: int
    conn: Connection | None
    seq: int | None
    source: str  # "human" | "bot"
    arrived: float | None = None  # perf_counter when the action reached the table (a held one's, for fairness)
