"""The tournaments a server process runs: made, joined and started from the HTTP API, and moved
on by a steady tick that reads the results of finished tables and seats the next games.

Every step is written before it is acted on (records.py): a round's games before their
tables are made, a game's table and seat tokens once made, a result once its match is over. After a
restart the tick finds where each tournament stood: games still without a table get one, results
not yet read are read from the matches the table registry restored and finished meanwhile.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any

from tapete.bots import kinds_for
from tapete.engine import Game, options_to_json

from ..errors import error, tournament_not_found
from ..ops import logs
from ..people.names import clean_name, name_key
from ..settings import parse_table_options, table_options_schema
from ..storage.store import Store
from ..table import registry as table_registry
from ..table.option_types import check_option_types
from ..table.registry import ENDED_UNPLAYED, SeatSpec, TableRegistry
from ..table.seatbot import INLINE_KINDS
from . import records
from .pairing import (
    Result,
    arena_groups,
    arena_standings,
    last_opponents,
    met,
    results_of,
    swiss_pairs,
    swiss_standings,
    winning_sides,
)
from .records import GameRow, TournamentRow

KINDS = ("swiss", "arena")
LIVE = ("open", "running")


class Tournaments:
    """Every open or running tournament, in memory as in the store; finished ones are read from the store."""

    def __init__(
        self,
        store: Store,
        tables: TableRegistry,
        tick: float = 1.0,
        clock: Callable[[], float] = time.time,
        several: bool = False,
    ) -> None:
        self.store = store
        # With several processes each would move the same tournaments on: until one process leads
        # them (a lease, as tables have), tournaments are for a server of one process.
        self.several = several
        self.tables = tables
        self.period = tick
        self.clock = clock
        self.live: dict[str, TournamentRow] = {}
        self.lock = asyncio.Lock()
        self._ticker: asyncio.Task[None] | None = None

    # -- lifecycle --------------------------------------------------------------------
    async def open(self) -> int:
        """Load the open and running tournaments; return how many."""
        for row in await self.store.read(lambda conn: records.load(conn, statuses=LIVE)):
            self.live[row.id] = row
        return len(self.live)

    def start_ticking(self) -> None:
        if self.several:
            return
        self._ticker = asyncio.create_task(self._tick_forever(), name="tapete-tournaments")

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)

    async def _tick_forever(self) -> None:
        while True:
            await self.tick()
            await asyncio.sleep(self.period)

    async def tick(self) -> None:
        """Move every running tournament on: results read, next games seated, the end marked."""
        for row in [r for r in self.live.values() if r.status == "running"]:
            try:
                async with self.lock:
                    await self._advance(row)
            except Exception:
                logs.log.exception("a tournament could not move on", extra={"detail": row.id})

    # -- reading -------------------------------------------------------------------------
    async def get(self, tournament_id: str) -> TournamentRow:
        found = self.live.get(tournament_id)
        if found is not None:
            return found
        tid = tournament_id[:32]
        rows = await self.store.read(lambda conn: records.load(conn, ids=[tid]))
        if not rows:
            raise tournament_not_found(tid)
        return rows[0]

    async def page(self, offset: int, limit: int) -> dict[str, Any]:
        rows, total = await self.store.read(lambda conn: records.page(conn, offset, limit))
        following = offset + len(rows)
        return {
            "tournaments": rows,
            "total": total,
            "offset": offset,
            "limit": limit,
            "next": following if following < total else None,
        }

    async def seat_of(self, tournament_id: str, player_id: str) -> dict[str, Any]:
        """The person's game being played (its table, seat and seat token), or none."""
        row = await self.get(tournament_id)
        entry = _entry_of(row, player_id)
        if entry is None:
            raise error("tournament_not_joined")
        current = None
        for game in row.games.values():
            if entry in game.entries and not game.over and game.seats and player_id in game.seats:
                seat, token = game.seats[player_id]
                current = {
                    "game": game.number,
                    "round": game.round,
                    "table": game.match_id,
                    "seat": seat,
                    "token": token,
                }
        return {"tournament": row.id, "entry": entry, "status": row.status, "playing": current}

    # -- the organiser and the players -----------------------------------------------------
    async def create(
        self,
        organiser: str,
        kind: str,
        game_id: str,
        *,
        name: str | None,
        options: dict[str, Any],
        table_options: dict[str, Any],
        seats: int | None,
        rounds: int | None,
        seconds: int | None,
        bots: list[tuple[str, str | None]],
    ) -> TournamentRow:
        """A new tournament, open for entries; `bots` (level, name) are entries of their own."""
        if self.several:
            raise error("tournament_cluster")
        if kind not in KINDS:
            raise error("tournament_kind_unknown", kind=kind)
        game = table_registry.get_game(game_id)
        check_option_types(game.options_schema(), options)
        check_option_types(table_options_schema(), table_options)
        opts = game.parse_options(options)
        topts = parse_table_options(table_options)
        per_table = seats or game.default_players
        game.check_players(per_table, opts)
        if kind == "swiss" and rounds is None:
            raise error("tournament_rounds_missing")
        if kind == "arena" and seconds is None:
            raise error("tournament_seconds_missing")
        side_size = len(game.sides(per_table, opts)[0])  # people per entry: 2 in partnerships
        offered = kinds_for(game)
        entries: dict[int, list[dict[str, Any]]] = {}
        taken: set[str] = set()
        for i, (level, bot_name) in enumerate(bots):
            TableRegistry._check_level(level, offered, "tournament")
            members = []
            for k in range(side_size):
                shown = clean_name(bot_name) or f"Bot {i + 1}"
                shown = shown if side_size == 1 else f"{shown} {k + 1}"
                if name_key(shown) in taken:
                    raise error("tournament_bot_names", name=shown)
                taken.add(name_key(shown))
                members.append({"bot": level, "name": shown})
            entries[i] = members
        self._check_search_bots(entries, len(game.sides(per_table, opts)))
        plan: dict[str, Any] = {"seats": per_table, "side_size": side_size}
        if kind == "swiss":
            plan["rounds"] = rounds
        else:
            plan["seconds"] = seconds
        row = TournamentRow(
            id=secrets.token_urlsafe(9),
            kind=kind,
            game=game.id,
            name=clean_name(name),
            organiser=organiser,
            options=options_to_json(opts),
            table_options=options_to_json(topts),
            plan=plan,
            status="open",
            created_at=self.clock(),
            entries=entries,
        )
        async with self.lock:
            await self.store.transact(lambda conn: records.insert(conn, row))
            self.live[row.id] = row
        logs.event("tournament created", detail=f"{row.id} {kind} {game.id}")
        return row

    def _check_search_bots(self, entries: dict[int, list[dict[str, Any]]], per_table: int) -> None:
        """No table of the tournament may hold more search bots than a table of this server may."""
        limit = self.tables.settings.max_search_bots_per_table
        searching = sorted(
            (sum(1 for m in members if m["bot"] not in INLINE_KINDS) for members in entries.values()), reverse=True
        )
        most = sum(searching[:per_table])
        if most > limit:
            raise error("tournament_search_bots", most=most, limit=limit)

    async def join(self, tournament_id: str, player_id: str, name: str | None, side: int | None) -> int:
        """The person enters (or, with `side`, completes the partnership of that entry); their entry's number."""
        row = await self.get(tournament_id)
        async with self.lock:
            if row.status == "finished":
                raise error("tournament_over")
            if row.status == "running" and row.kind == "swiss":
                raise error("tournament_swiss_closed")
            if _entry_of(row, player_id) is not None:
                raise error("tournament_joined_already")
            member = {"player": player_id, "name": clean_name(name)}
            if side is None:
                entry = max(row.entries, default=-1) + 1
                now = self.clock()
                await self.store.transact(lambda conn: records.add_entry(conn, row.id, entry, [member], now))
                row.entries[entry] = [member]
                return entry
            members = row.entries.get(side)
            if row.plan["side_size"] == 1:
                raise error("tournament_no_partners")
            if members is None or any("bot" in m for m in members):
                raise error("tournament_partnership_unknown", side=side)
            if len(members) >= row.plan["side_size"]:
                raise error("tournament_partnership_full", side=side)
            grown = [*members, member]
            await self.store.transact(lambda conn: records.set_members(conn, row.id, side, grown))
            row.entries[side] = grown
            return side

    async def start(self, tournament_id: str, player_id: str) -> TournamentRow:
        """The organiser starts the tournament: its first games are seated at once."""
        row = await self.get(tournament_id)
        async with self.lock:
            if row.organiser != player_id:
                raise error("tournament_organiser_only")
            if row.status != "open":
                raise error("tournament_started")
            per_table = row.plan["seats"] // row.plan["side_size"]
            if len(row.entries) < per_table:
                raise error("tournament_too_few", needed=per_table, entries=len(row.entries))
            short = [e for e, members in row.entries.items() if len(members) < row.plan["side_size"]]
            if short:
                raise error("tournament_partner_missing", side=short[0])
            now = self.clock()
            ends = now + row.plan["seconds"] if row.kind == "arena" else None
            await self.store.transact(
                lambda conn: records.set_status(conn, row.id, "running", started_at=now, ends_at=ends)
            )
            row.status, row.started_at, row.ends_at = "running", now, ends
            logs.event("tournament started", detail=row.id)
            try:
                await self._advance(row)  # its first games now; what fails here the next tick tries again
            except Exception:
                logs.log.exception("a tournament's first games could not be seated", extra={"detail": row.id})
        return row

    # -- moving on ----------------------------------------------------------------------------
    async def _advance(self, row: TournamentRow) -> None:
        game = table_registry.get_game(row.game)
        for pending in [g for g in row.games.values() if not g.bye and g.match_id is None]:
            await self._make_table(row, game, pending)
        await self._read_results(row, game)
        now = self.clock()
        if row.kind == "swiss":
            if all(g.over for g in row.games.values()):
                done = max((g.round for g in row.games.values()), default=0)
                if done >= row.plan["rounds"]:
                    await self._finish(row, now)
                else:
                    await self._pair_swiss(row, game, done + 1, now)
        elif row.ends_at is not None and now < row.ends_at:
            await self._pair_arena(row, game, now)
        elif all(g.over for g in row.games.values()):
            await self._finish(row, now)

    async def _pair_swiss(self, row: TournamentRow, game: Game, round_: int, now: float) -> None:
        per_table = row.plan["seats"] // row.plan["side_size"]
        played = row.played()
        ranking = [line.entry for line in swiss_standings(list(row.entries), played)]
        had_bye = {g.entries[0] for g in row.games.values() if g.bye}
        tables, byes = swiss_pairs(ranking, per_table, met(played), had_bye)
        number = len(row.games)
        new: list[GameRow] = []
        for i, entries in enumerate(tables):
            shift = (round_ - 1) % len(entries)  # who sits first goes round the table from round to round
            new.append(GameRow(number + i, round_, entries[shift:] + entries[:shift], False, now))
        new += [
            GameRow(number + len(tables) + i, round_, (entry,), True, now, finished_at=now)
            for i, entry in enumerate(byes)
        ]
        await self.store.transact(lambda conn: records.add_games(conn, row.id, new))
        row.games.update((g.number, g) for g in new)
        logs.event("tournament round paired", detail=f"{row.id} round {round_}: {len(tables)} tables, {len(byes)} byes")
        for g in new:
            if not g.bye:
                await self._make_table(row, game, g)

    async def _pair_arena(self, row: TournamentRow, game: Game, now: float) -> None:
        per_table = row.plan["seats"] // row.plan["side_size"]
        busy = {e for g in row.games.values() if not g.over for e in g.entries}
        ranking = [line.entry for line in arena_standings(list(row.entries), row.played())]
        free = [e for e in ranking if e not in busy]
        groups = arena_groups(free, per_table, last_opponents(row.played()))
        if not groups:
            return
        number = len(row.games)
        new = [GameRow(number + i, 0, entries, False, now) for i, entries in enumerate(groups)]
        await self.store.transact(lambda conn: records.add_games(conn, row.id, new))
        row.games.update((g.number, g) for g in new)
        for g in new:
            await self._make_table(row, game, g)

    async def _make_table(self, row: TournamentRow, game: Game, pending: GameRow) -> None:
        """The game's table, made through the table registry with the tournament's options: bots seated
        by level, each person joined to their seat (their token kept for them to read back)."""
        opts = game.parse_options(row.options)
        sides = game.sides(row.plan["seats"], opts)
        specs: list[SeatSpec] = [SeatSpec("human")] * row.plan["seats"]
        people: list[tuple[int, str, str | None]] = []
        for side, entry in zip(sides, pending.entries, strict=True):
            for seat, member in zip(side, row.entries[entry], strict=True):
                if "bot" in member:
                    specs[seat] = SeatSpec("bot", member["bot"], member["name"])
                else:
                    people.append((seat, member["player"], member["name"]))
        # unlisted, but anyone may see its match: the tournament's page links every game's replay
        runner = await self.tables.create(row.game, row.options, specs, row.table_options, public=False, shared=True)
        seats: dict[str, list[Any]] = {}
        for seat, player_id, name in people:
            taken, token = await runner.join(seat, name, player_id)
            seats[player_id] = [taken, token]
        if not people:
            await runner.start_bots_only()
        await self.store.transact(lambda conn: records.set_table(conn, row.id, pending.number, runner.id, seats))
        pending.match_id, pending.seats = runner.id, seats

    async def _read_results(self, row: TournamentRow, game: Game) -> None:
        waiting = {g.match_id: g for g in row.games.values() if not g.over and g.match_id is not None}
        if not waiting:
            return
        ends = await self.store.read(lambda conn: records.match_ends(conn, list(waiting)))
        sides = game.sides(row.plan["seats"], game.parse_options(row.options))
        for match_id, (status, outcome) in ends.items():
            played = waiting[match_id]
            if status == "finished" and outcome is not None:
                won = winning_sides(outcome.get("winners", ()), sides)
                by_side = results_of(won, len(sides))
            elif status in ENDED_UNPLAYED:  # never played (cannot happen to a table seated whole): nobody wins
                by_side = dict.fromkeys(range(len(sides)), "loss")
            elif status == "abandoned":  # every person left: called off, won by the entries still there
                by_side = forfeit([row.entries[entry] for entry in played.entries])
            else:
                continue
            results: dict[int, Result] = {entry: by_side[i] for i, entry in enumerate(played.entries)}
            await self._record(row, played, results)

    async def _record(self, row: TournamentRow, played: GameRow, results: dict[int, Result]) -> None:
        now = self.clock()
        await self.store.transact(lambda conn: records.set_results(conn, row.id, played.number, results, now))
        played.results, played.finished_at = results, now

    async def _finish(self, row: TournamentRow, now: float) -> None:
        await self.store.transact(lambda conn: records.set_status(conn, row.id, "finished", finished_at=now))
        row.status, row.finished_at = "finished", now
        self.live.pop(row.id, None)
        logs.event("tournament finished", detail=row.id)


def forfeit(sides: list[list[dict[str, Any]]]) -> dict[int, Result]:
    """The results of a game called off because every person at it left (status `abandoned`): each
    entry with a person loses; entries of bots only, who were still there, share the win as at any
    table (one alone wins); with none of them, every entry loses (no one won it)."""
    stayed = {i for i, members in enumerate(sides) if all("bot" in m for m in members)}
    return results_of(stayed, len(sides)) if stayed else dict.fromkeys(range(len(sides)), "loss")


def _entry_of(row: TournamentRow, player_id: str) -> int | None:
    for entry, members in row.entries.items():
        if any(m.get("player") == player_id for m in members):
            return entry
    return None


# -- what a client reads ------------------------------------------------------------------
def tournament_json(row: TournamentRow) -> dict[str, Any]:
    """A tournament as the API shows it: its plan, entries, games and standings (no seat token)."""
    played = row.played()
    names = {e: [m.get("name") for m in members] for e, members in row.entries.items()}
    standings: list[dict[str, Any]]
    if row.kind == "swiss":
        standings = [
            {
                "rank": i + 1,
                "entry": s.entry,
                "names": names[s.entry],
                "score": s.score,
                "buchholz": s.buchholz,
                "played": s.played,
                "byes": s.byes,
            }
            for i, s in enumerate(swiss_standings(list(row.entries), played))
        ]
    else:
        standings = [
            {
                "rank": i + 1,
                "entry": a.entry,
                "names": names[a.entry],
                "points": a.points,
                "played": a.played,
                "wins": a.wins,
                "streak": a.streak,
            }
            for i, a in enumerate(arena_standings(list(row.entries), played))
        ]
    rounds = [g.round for g in row.games.values()]
    return {
        "id": row.id,
        "kind": row.kind,
        "game": row.game,
        "name": row.name,
        "status": row.status,
        "organiser": row.organiser,
        "plan": row.plan,
        "options": row.options,
        "table_options": row.table_options,
        "created_at": row.created_at,
        "started_at": row.started_at,
        "ends_at": row.ends_at,
        "finished_at": row.finished_at,
        "round": max(rounds, default=0) if row.kind == "swiss" else None,
        "entries": [
            {"entry": e, "members": [{k: v for k, v in m.items()} for m in members]}
            for e, members in row.entries.items()
        ],
        "games": [
            {
                "number": g.number,
                "round": g.round,
                "entries": list(g.entries),
                "bye": g.bye,
                "table": g.match_id,
                "results": None if g.results is None else {str(k): v for k, v in g.results.items()},
            }
            for g in row.games.values()
        ],
        "standings": standings,
    }
