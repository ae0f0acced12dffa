"""Rematch: "another match, same table?" at a finished match.

Every person seated at the end answers (bots always accept). Once nobody
is left to answer and at least one person accepted, a new match is made
with the same game, options, table options, seats, names and bot levels;
whoever declined or left frees their seat. The first player is rotated
(`rotated_seed`).

Seat tokens of the new match are derived from the old ones
(`rematch_token`): the server never keeps a token, only its hash, yet it
must be able to hand a seat its new token again after a restart or a
reload (the reload says hello with its old token on the finished match).
A token of the old match is not one of the new: it cannot act there.

The rules of the answers (who counts, when it is decided, the new tokens)
are `RematchVotes`; `TableRematch` is the shell around them at one table:
every answer is stored before anyone hears of it, and the decision (the
next match's id) is stored in the same write as the last answer, before the
match is made (`make`, given by the table registry), so a server killed in
between makes it when it starts again (`TableRegistry.finish_rematches`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tapete.engine import Game, TapeteError

from ..errors import error
from ..ops import logs
from ..ops.faults import crashpoint
from .codes import new_code
from .connection import Connection, dumps
from .seats import SeatInfo, SeatRegistry, hash_token

if TYPE_CHECKING:
    from ..storage.store import Store

# Tries at drawing a seed whose first player is the wanted seat (each seat is first with
# probability about 1/n: the chance of 64 n failures in a row is negligible).
SEED_TRIES_PER_SEAT = 64


def rematch_token(old_token: str, next_match: str) -> str:
    """The seat's token in the next match: only the old token's holder can compute it."""
    digest = hmac.new(old_token.encode(), b"tapete-rematch:" + next_match.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def first_actor(game: Game, num_players: int, seed: int, options: Any) -> int | None:
    """Who plays (or deals) first in a match of this seed; None when everyone starts at once (WANTED)."""
    actors = tuple(game.new_match(num_players, seed, options).actors())
    return actors[0] if len(actors) == 1 else None


def rotated_seed(game: Game, num_players: int, old_seed: int, options: Any, draw: Any) -> int:
    """A fresh seed (from `draw()`) whose first player is the seat after the old match's first.

    Every game draws its first dealer (or first player) from the match's seed, so the
    rotation is a choice among fresh random seeds: the deal stays as unpredictable as any
    (log2(n) bits fewer of 64). When everyone starts at once there is nothing to rotate."""
    before = first_actor(game, num_players, old_seed, options)
    seed: int = draw()
    if before is None:
        return seed
    wanted = (before + 1) % num_players
    for _ in range(SEED_TRIES_PER_SEAT * num_players):
        if first_actor(game, num_players, seed, options) == wanted:
            return seed
        seed = draw()
    return seed


@dataclass
class RematchVotes:
    """The answers at one finished match. `accepted` maps a seat to its token hash in the next
    match (None for a bot); the next match's id and invitation code are drawn at the first answer."""

    next_match: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    accepted: dict[int, str | None] = field(default_factory=dict)
    declined: set[int] = field(default_factory=set)
    started: bool = False  # the next match was decided (every person answered)
    invite_code: str = field(default_factory=new_code)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None, started: bool) -> RematchVotes | None:
        if not data:
            return None
        accepted = {int(seat): token_hash for seat, token_hash in dict(data.get("accepted") or {}).items()}
        declined = {int(s) for s in data.get("declined") or []}
        return cls(str(data["next"]), accepted, declined, started, str(data.get("code") or new_code()))

    def to_json(self) -> dict[str, Any]:
        return {
            "next": self.next_match,
            "code": self.invite_code,
            "accepted": {str(s): h for s, h in sorted(self.accepted.items())},
            "declined": sorted(self.declined),
        }

    def copy(self) -> RematchVotes:
        return RematchVotes(self.next_match, dict(self.accepted), set(self.declined), self.started, self.invite_code)

    def answer(self, info: SeatInfo, accept: bool, token: str | None) -> None:
        """A person's answer (their socket's token, to derive the new one); a later answer replaces it."""
        self.accepted.pop(info.index, None)
        self.declined.discard(info.index)
        if accept and token is not None:
            self.accepted[info.index] = hash_token(rematch_token(token, self.next_match))
        else:
            self.declined.add(info.index)

    def settle(self, seats: Iterable[SeatInfo]) -> None:
        """Bots accept; a human seat nobody holds (its person left) declines."""
        for info in seats:
            if not info.human:
                self.accepted.setdefault(info.index, None)
            elif info.token_hash is None and info.index not in self.accepted:
                self.declined.add(info.index)

    def pending(self, seats: Iterable[SeatInfo]) -> list[int]:
        return [s.index for s in seats if s.index not in self.accepted and s.index not in self.declined]

    def decided(self, seats: list[SeatInfo]) -> bool:
        """Nobody left to answer, and at least one person wants to play again."""
        people_in = any(s.human and s.index in self.accepted for s in seats)
        return people_in and not self.pending(seats)

    def start_message(self, seat: int | None, token: str | None) -> dict[str, Any]:
        """Where a socket goes next, with its seat's token there and the match's invitation code (for a
        free seat), both null for a spectator or a seat that declined. `token`: the one the socket
        said hello with, from which the new one is derived."""
        new_token = None
        wanted = self.accepted.get(seat) if seat is not None else None
        if wanted is not None and token is not None:
            candidate = rematch_token(token, self.next_match)
            if secrets.compare_digest(hash_token(candidate), wanted):
                new_token = candidate
        return {
            "type": "rematch_start",
            "match_id": self.next_match,
            "token": new_token,
            "invite_code": self.invite_code if new_token is not None else None,
        }

    def message(self, seats: list[SeatInfo]) -> dict[str, Any]:
        """The protocol's `rematch` object (the message's fields without its type)."""
        return {"accepted": sorted(self.accepted), "declined": sorted(self.declined), "pending": self.pending(seats)}


def opening(seats: list[SeatInfo]) -> dict[str, Any]:
    """The `rematch` object of a finished match nobody answered yet: the bots accept, the people are asked."""
    votes = RematchVotes(next_match="", invite_code="")
    votes.settle(seats)
    return votes.message(seats)


def check_answer(seat: int | None, status: str, votes: RematchVotes | None) -> None:
    """Raise why a socket may not answer now: not a seat's socket, the match not over, too late."""
    if seat is None:
        raise error("rematch_spectator")
    if status != "finished":
        raise error("rematch_too_soon")
    if votes is not None and votes.started:
        raise error("rematch_started")


class TableRematch:
    """The rematch of table `table_id`: answers stored in `store`, told to the sockets of its seat
    registry; `tell_states` is called once the next match is made (the states now name it). The
    table's `status` comes with each call."""

    def __init__(self, table_id: str, registry: SeatRegistry, store: Store, tell_states: Callable[[], None]) -> None:
        self.table_id = table_id
        self.registry = registry
        self.store = store
        self.tell_states = tell_states
        self.votes: RematchVotes | None = None
        self.next_match: str | None = None  # once the next match is made
        self.make: Callable[[str], Awaitable[None]] | None = None  # makes it from this table's id (the registry's)

    def restore(
        self, stored: dict[str, Any] | None, next_match: str | None, make: Callable[[str], Awaitable[None]]
    ) -> None:
        """The answers and the next match as stored (`make` makes it from the stored answers)."""
        self.votes = RematchVotes.from_json(stored, started=next_match is not None)
        self.next_match, self.make = next_match, make

    def json(self, status: str) -> dict[str, Any] | None:
        """The state's `rematch`: null until the match is over."""
        if status != "finished":
            return None
        seats = self.registry.seats
        return self.votes.message(seats) if self.votes is not None else opening(seats)

    async def answer(self, conn: Connection, accept: bool, status: str) -> None:
        """A seat's socket says yes or no."""
        try:
            check_answer(conn.seat, status, self.votes)
        except TapeteError as err:
            conn.send_error(err)
            return
        assert conn.seat is not None
        seats = self.registry.seats
        votes = (self.votes or RematchVotes()).copy()  # kept only once stored
        votes.answer(seats[conn.seat], accept, conn.token)
        votes.settle(seats)
        await self._vote(votes, conn)

    async def seat_left(self, status: str) -> None:
        """Someone left the finished match: their seat declines."""
        if status == "finished" and not (self.votes is not None and self.votes.started):
            votes = (self.votes or RematchVotes()).copy()
            votes.settle(self.registry.seats)
            await self._vote(votes, None)

    async def attached(self, conn: Connection, status: str) -> None:
        """A socket said hello: a reload of the finished match is sent on to the next one (which
        is made now if making it failed before)."""
        if self.votes is None or not self.votes.started or status != "finished":
            return
        if self.next_match is None:
            await self._start()  # tells every socket, this one too
        else:
            conn.send(self.votes.start_message(conn.seat, conn.token))

    async def _vote(self, votes: RematchVotes, conn: Connection | None) -> None:
        seats = self.registry.seats
        decided = votes.decided(seats)
        try:
            await self.store.set_rematch(self.table_id, votes.to_json(), votes.next_match if decided else None)
        except Exception:
            logs.log.exception("could not store a rematch answer", extra={"table": self.table_id})
            if conn is not None:
                conn.send_error(error("rematch_not_stored"))
            return
        votes.started = decided
        self.votes = votes
        self._tell(dumps({"type": "rematch", **votes.message(seats)}))
        if decided:
            crashpoint("rematch-decided")
            await self._start()

    async def _start(self) -> None:
        assert self.votes is not None and self.make is not None
        try:
            await self.make(self.table_id)
        except Exception:
            # its id is stored: the next hello here, the next load of this match or a restart makes it
            logs.log.exception("could not make the rematch", extra={"table": self.table_id})
            return
        crashpoint("rematch-made")
        self.next_match = self.votes.next_match
        logs.event("rematch started", table=self.table_id, detail=self.next_match)
        for conns in self.registry.connections():
            for conn in conns:
                conn.send(self.votes.start_message(conn.seat, conn.token))
        self.tell_states()  # the states now name the next match

    def _tell(self, text: str) -> None:
        for conns in self.registry.connections():
            for conn in conns:
                conn.send_text(text)
