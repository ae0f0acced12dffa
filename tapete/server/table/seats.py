"""A table's seat registry: who sits where, their tokens, their sockets and
the reconnect grace.

Only hashes of seat tokens are kept. A human seat whose last socket closed
keeps its place; its stand-in plays once `grace` seconds have passed (see
`SeatRegistry.gone`), and the seat is its owner's again when a socket with
its token attaches.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from collections import Counter
from dataclasses import dataclass, field

from ..errors import error
from ..settings import ServerSettings
from .connection import Connection

# The longest pause a client waits between reconnects (docs/protocol.md; the browser's
# RETRY_MAX_MS in tapete/web/static/js/socket.js), and a margin for the reconnect itself.
CLIENT_RETRY_MAX_S = 8.0
RECONNECT_MARGIN_S = 2.0


def restart_grace(grace: float) -> float:
    """How long seats wait for their people after a restart before stand-ins play:
    never less than a client's longest reconnect pause plus a margin."""
    return max(grace, CLIENT_RETRY_MAX_S + RECONNECT_MARGIN_S)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class SeatInfo:
    index: int
    kind: str  # "human" | "bot"
    level: str | None
    name: str | None = None
    token_hash: str | None = None
    player_id: str | None = None  # the identity that took the seat (tapete.server.people.players)
    conns: set[Connection] = field(default_factory=set)
    # monotonic time since which an owned human seat has had no socket
    gone_since: float | None = None

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def free(self) -> bool:
        return self.human and self.token_hash is None


class SeatRegistry:
    """The seats and spectators of one table, with the reconnect grace and the socket limits."""

    def __init__(self, seats: list[SeatInfo], settings: ServerSettings) -> None:
        self.seats = seats
        self.spectators: set[Connection] = set()
        self.watching: Counter[str] = Counter()  # spectators by address
        self.grace = settings.disconnect_grace
        self.max_spectators = settings.max_spectators
        self.max_per_address = settings.max_spectators_per_address
        self.max_per_seat = settings.max_sockets_per_seat

    def by_token(self, token: str) -> SeatInfo | None:
        """The seat holding `token` (compared in constant time over every seat)."""
        wanted = hash_token(token)
        found = None
        for info in self.seats:
            if info.token_hash is not None and secrets.compare_digest(info.token_hash, wanted):
                found = info
        return found

    def all_gone(self, now: float, restarted: bool = False) -> None:
        """Every owned human seat without a socket starts its grace now (a table just
        started), or the longer `restart_grace` (a table rebuilt after a restart)."""
        since = now + (restart_grace(self.grace) - self.grace if restarted else 0.0)
        for info in self.seats:
            if info.human and info.token_hash is not None and not info.conns:
                info.gone_since = since

    def attach(self, conn: Connection, token: str | None) -> None:
        """Seat a socket by its token (None: a spectator), or raise why not."""
        if token is None:
            if len(self.spectators) >= self.max_spectators:
                raise error("too_many_spectators", limit=self.max_spectators)
            if self.watching[conn.address] >= self.max_per_address:
                raise error("too_many_spectators_here", limit=self.max_per_address)
            conn.seat = None
            self.spectators.add(conn)
            self.watching[conn.address] += 1
            return
        info = self.by_token(token)
        if info is None:
            raise error("bad_token")
        if len(info.conns) >= self.max_per_seat:
            raise error("too_many_seat_sockets", limit=self.max_per_seat)
        conn.seat, conn.token = info.index, token
        info.conns.add(conn)
        info.gone_since = None

    def detach(self, conn: Connection, now: float) -> bool:
        """Forget a socket; True when it was its seat's last one."""
        if conn.seat is None:
            if conn in self.spectators:
                self.spectators.discard(conn)
                self.watching[conn.address] -= 1
                if not self.watching[conn.address]:
                    del self.watching[conn.address]
            return False
        info = self.seats[conn.seat]
        if conn not in info.conns:
            return False
        info.conns.discard(conn)
        if not info.conns and info.token_hash is not None:
            info.gone_since = now
            return True
        return False

    def take(self, index: int, name: str | None, token_hash: str, now: float, player_id: str | None = None) -> None:
        info = self.seats[index]
        info.name, info.token_hash, info.gone_since, info.player_id = name, token_hash, now, player_id

    def free(self, info: SeatInfo, keep_name: bool = False) -> list[Connection]:
        """The seat's owner left: the seat is free again; returns its sockets. `keep_name`: the
        seat keeps showing its owner's name (a match under way: its log and board said it)."""
        conns = list(info.conns)
        info.token_hash, info.gone_since, info.player_id = None, None, None
        if not keep_name:
            info.name = None
        info.conns.clear()
        return conns

    def free_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.free]

    def choose(self, seat: int | None, *, open_: bool) -> int:
        """The seat a newcomer gets (`seat`, or the first free one), or NoFreeSeat."""
        free = self.free_seats()
        if not open_ or not free or (seat is not None and seat not in free):
            raise error("no_free_seat") if seat is None else error("seat_not_free", seat=seat)
        return free[0] if seat is None else seat

    def humans(self) -> set[int]:
        return {s.index for s in self.seats if s.human}

    def nobody_since(self) -> float | None:
        """Since when (monotonic) no person is at the table: every person seat left, or its person
        away (no socket); -inf when every one was left. None: someone is there, or it seats only bots."""
        since, people = -math.inf, False
        for info in self.seats:
            if not info.human:
                continue
            people = True
            if info.token_hash is None:
                continue  # left
            if info.conns or info.gone_since is None:
                return None
            since = max(since, info.gone_since)
        return since if people else None

    def present(self, now: float) -> set[int]:
        """Seats whose person is here: a socket open now, or away within the reconnect
        grace (a reload, a phone between networks), so that a round's result waits
        for them as it would had they stayed."""
        return {s.index for s in self.seats if s.human and s.token_hash is not None and not self.gone(s.index, now)}

    def gone(self, index: int, now: float) -> bool:
        """The seat has no owner, or its owner has been away longer than the grace."""
        info = self.seats[index]
        if not info.human or info.token_hash is None:
            return True
        if info.conns or info.gone_since is None:
            return False
        return now - info.gone_since >= self.grace

    def grace_deadlines(self, now: float) -> list[float]:
        """When seats now within their grace will pass to their stand-ins."""
        return [
            i.gone_since + self.grace
            for i in self.seats
            if i.human and not i.conns and i.gone_since is not None and now < i.gone_since + self.grace
        ]

    def connections(self) -> list[set[Connection]]:
        """Every audience: the spectators, then each seat's sockets."""
        return [self.spectators, *(info.conns for info in self.seats)]

    def idle(self) -> bool:
        return not self.spectators and not any(s.conns for s in self.seats)
